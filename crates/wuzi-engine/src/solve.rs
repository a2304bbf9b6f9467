//! Wins by threats, for people to study: the side to move wins by fours
//! alone (VCF), or by fours and threes (VCT), and the line that shows it.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wuzi_core::Point;

use crate::board::{self, Board};
use crate::eval::Threat;
use crate::position::Position;
use crate::threat::{Budget, COUNTER_FOURS, ThreatSearch, failed_table};

/// How much a solver call may spend: positions and wall-clock time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveLimits {
    /// Positions visited, at most.
    pub nodes: u64,
    /// Wall-clock time, at most.
    pub time: Duration,
}

impl SolveLimits {
    /// `nodes` positions within `time`.
    #[must_use]
    pub const fn new(nodes: u64, time: Duration) -> SolveLimits {
        SolveLimits { nodes, time }
    }
}

/// Runs `f` with a threat search on `board` within `limits`.
fn with_search<R>(
    board: &mut Board,
    limits: SolveLimits,
    stop: &AtomicBool,
    f: impl FnOnce(&mut ThreatSearch<'_, '_>) -> R,
) -> R {
    let mut failed = failed_table();
    let mut ts = ThreatSearch::new(
        board,
        &mut failed,
        Budget {
            nodes: limits.nodes,
            deadline: Instant::now() + limits.time,
            stop,
        },
    );
    f(&mut ts)
}

/// How a win by threats is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// Every attacking move is a four (or the five): the defender's answers
    /// are all forced.
    Fours,
    /// Fours and threes: the defender has choices against a three, and
    /// every one of them loses.
    Threats,
}

/// A win by threats for the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreatWin {
    /// Fours alone, or fours and threes.
    pub kind: WinKind,
    /// For [`WinKind::Fours`] the whole line, attacker and defender in turn,
    /// ending with the five or with a four that cannot be stopped (two
    /// fives to come, or, in renju, a block forbidden to black); for
    /// [`WinKind::Threats`] the attacker's moves of one winning line (the
    /// defender's answers vary: the line stops at the first three).
    pub line: Vec<Point>,
    /// How many forcing moves (fours, or fours and threes) the attacker
    /// needs before its five can no longer be stopped: the length of the
    /// win, the five itself not counted.
    pub moves: u32,
}

impl ThreatWin {
    /// The attacker's forcing moves: see [`ThreatWin::moves`].
    #[must_use]
    pub fn attacker_moves(&self) -> usize {
        self.moves as usize
    }
}

/// Looks for a win by threats for the side to move in `pos`: first by
/// fours alone, then by fours and threes up to `max_threats` attacking
/// moves deep, within `nodes` positions and `time` (whichever runs out
/// first) or until `stop` is set. `None` when there is none, or none was
/// found in the budget.
#[must_use]
pub fn threat_win(
    pos: &Position,
    max_threats: u32,
    nodes: u64,
    time: Duration,
    stop: &AtomicBool,
) -> Option<ThreatWin> {
    let half = SolveLimits::new(nodes / 2, time / 2);
    shortest_win(pos, WinKind::Fours, 30, half, stop)
        .or_else(|| shortest_win(pos, WinKind::Threats, max_threats, half, stop))
}

/// The shortest win of `kind` for the side to move in `pos`, within
/// `max` attacking moves: each length is tried in turn, so the first win
/// found is a shortest one. `None` when there is none within `max` (or
/// none found within `limits`).
#[must_use]
pub fn shortest_win(
    pos: &Position,
    kind: WinKind,
    max: u32,
    limits: SolveLimits,
    stop: &AtomicBool,
) -> Option<ThreatWin> {
    if pos.winner().is_some() {
        return None;
    }
    let mut line_board = Board::from_core(pos.board(), pos.rule());
    let a = board::side(pos.to_move());
    with_search(&mut line_board, limits, stop, |ts| {
        let mut line = Vec::new();
        for depth in 1..=max.max(1) {
            line.clear();
            let won = match kind {
                WinKind::Fours => ts.vcf(a, depth, &mut line),
                WinKind::Threats => ts.vct(a, depth, &mut line),
            };
            if won {
                line.reverse();
                return Some(ThreatWin {
                    kind,
                    line: line.into_iter().map(board::point).collect(),
                    moves: depth,
                });
            }
            if ts.out_of_budget() {
                return None;
            }
        }
        None
    })
}

/// Whether the side that just moved in `pos` (the attacker; the other side
/// is to move) still wins by `kind` within `max` more attacking moves,
/// whatever the side to move answers. For [`WinKind::Fours`] the attacker's
/// last move must have been a four: the answer is then forced.
#[must_use]
pub fn attacker_still_wins(
    pos: &Position,
    kind: WinKind,
    max: u32,
    limits: SolveLimits,
    stop: &AtomicBool,
) -> bool {
    let d_stone = pos.to_move();
    if pos.winner() == Some(d_stone.opponent()) {
        return true;
    }
    let mut line_board = Board::from_core(pos.board(), pos.rule());
    let d = board::side(d_stone);
    let a = 1 - d;
    match kind {
        WinKind::Fours => {
            let mut cands = Vec::new();
            line_board.candidates(&mut cands);
            if cands
                .iter()
                .any(|&i| line_board.threat(d, i) == Threat::Five)
            {
                return false;
            }
            let fives: Vec<usize> = cands
                .iter()
                .copied()
                .filter(|&i| line_board.threat(a, i) == Threat::Five)
                .collect();
            match fives.as_slice() {
                [] => false,
                &[f] => {
                    // Black forced onto a forbidden point in renju has lost.
                    if d == 0
                        && line_board.rule() == wuzi_core::Rule::Renju
                        && line_board.is_forbidden(f)
                    {
                        return true;
                    }
                    line_board.play(f, d);
                    with_search(&mut line_board, limits, stop, |ts| {
                        ts.vcf(a, max, &mut Vec::new())
                    })
                }
                _ => true,
            }
        }
        WinKind::Threats => with_search(&mut line_board, limits, stop, |ts| {
            ts.defend(a, max, COUNTER_FOURS)
        }),
    }
}

/// The attacker's first moves in `pos` (the side to move attacks) that win
/// by `kind` within `max` attacking moves, the five included.
#[must_use]
pub fn winning_first_moves(
    pos: &Position,
    kind: WinKind,
    max: u32,
    limits: SolveLimits,
    stop: &AtomicBool,
) -> Vec<Point> {
    let mut line_board = Board::from_core(pos.board(), pos.rule());
    let a = board::side(pos.to_move());
    let forcing = with_search(&mut line_board, limits, stop, |ts| {
        ts.forcing_moves(a, kind == WinKind::Threats)
    });
    let mut wins = Vec::new();
    for m in forcing {
        let mut after = pos.clone();
        let point = board::point(m);
        if after.play(point).is_err() {
            continue;
        }
        if attacker_still_wins(&after, kind, max.saturating_sub(1), limits, stop) {
            wins.push(point);
        }
    }
    wins
}

/// The answer of the side to move in `pos` (the defender, after the
/// attacker's move) that holds out longest against a win by `kind`: one
/// after which the attacker has no such win within `max` if there is one
/// (the refutation), else the one that makes the attacker's shortest win
/// longest. `None` when the defender has no legal answer worth trying.
/// All the answers together stay within `limits`.
#[must_use]
pub fn toughest_defence(
    pos: &Position,
    kind: WinKind,
    max: u32,
    limits: SolveLimits,
    stop: &AtomicBool,
) -> Option<Point> {
    let mut line_board = Board::from_core(pos.board(), pos.rule());
    let d = board::side(pos.to_move());
    let a = 1 - d;
    let mut cands = Vec::new();
    line_board.candidates(&mut cands);
    // A five of its own ends it at once.
    if let Some(&f) = cands
        .iter()
        .find(|&&i| line_board.threat(d, i) == Threat::Five)
    {
        return Some(board::point(f));
    }
    let fives: Vec<usize> = cands
        .iter()
        .copied()
        .filter(|&i| line_board.threat(a, i) == Threat::Five)
        .collect();
    let mut defences: Vec<usize> = if fives.is_empty() {
        cands
            .iter()
            .copied()
            .filter(|&i| {
                let mine = line_board.threat(d, i);
                let theirs = line_board.threat(a, i);
                theirs.is_four()
                    || matches!(theirs, Threat::Three | Threat::DoubleThree)
                    || mine.is_four()
            })
            .collect()
    } else {
        fives
    };
    if d == 0 && line_board.rule() == wuzi_core::Rule::Renju {
        defences.retain(|&i| !line_board.is_forbidden(i));
    }
    // One budget for all the answers: each gets an even share of what is
    // left, so the whole look takes no longer than `limits`.
    let deadline = Instant::now() + limits.time;
    let mut best: Option<(u32, Point)> = None;
    let count = defences.len().max(1) as u64;
    for (i, x) in defences.into_iter().enumerate() {
        let point = board::point(x);
        let mut after = pos.clone();
        if after.play(point).is_err() {
            continue;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() && best.is_some() {
            break;
        }
        let share = SolveLimits::new(
            limits.nodes / count,
            left / u32::try_from(count - i as u64).unwrap_or(1).max(1),
        );
        match shortest_win(&after, kind, max, share, stop) {
            None => return Some(point),
            Some(win) => {
                let length = u32::try_from(win.attacker_moves()).unwrap_or(u32::MAX);
                if best.is_none_or(|(longest, _)| length > longest) {
                    best = Some((length, point));
                }
            }
        }
    }
    best.map(|(_, point)| point)
}

/// `win` (the side to move's, in `pos`) played out to the five, both
/// sides in turn: a win by fours is its own line; in a win by fours and
/// threes, each attacking move is the first of the attacker's shortest win
/// from there and each answer the defender's toughest
/// ([`toughest_defence`]), until the attacker has a win by fours, whose
/// line ends it. Each search gets `limits`; if one finds nothing in time
/// the line stops there (it still shows where the win goes).
#[must_use]
pub fn played_out(
    pos: &Position,
    win: &ThreatWin,
    limits: SolveLimits,
    stop: &AtomicBool,
) -> Vec<Point> {
    if win.kind == WinKind::Fours {
        return win.line.clone();
    }
    let attacker = pos.to_move();
    let mut pos = pos.clone();
    let mut line = Vec::new();
    // The defender's toughest answer may make the win longer than the
    // solver's first count, so each look allows a little more.
    let reach = win.moves.saturating_add(2);
    // A win of `moves` threats takes about twice that many moves, more
    // when the defender answers with fours of its own.
    for _ in 0..win.moves.saturating_mul(4).saturating_add(8) {
        if pos.winner().is_some() {
            break;
        }
        let next = if pos.to_move() == attacker {
            if let Some(block) = five_point(&pos, attacker.opponent()) {
                // The defender's counter-four: the attacker must block it
                // before attacking again.
                block
            } else if let Some(fours) = shortest_win(&pos, WinKind::Fours, 30, limits, stop) {
                line.extend(fours.line);
                break;
            } else {
                match shortest_win(&pos, WinKind::Threats, reach, limits, stop)
                    .and_then(|w| w.line.first().copied())
                {
                    Some(attack) => attack,
                    None => break,
                }
            }
        } else {
            match toughest_defence(&pos, WinKind::Threats, reach, limits, stop) {
                Some(answer) => answer,
                None => break,
            }
        };
        if pos.play(next).is_err() {
            break;
        }
        line.push(next);
    }
    line
}

/// A point where `stone` would make five in `pos`, if there is one.
fn five_point(pos: &Position, stone: wuzi_core::Stone) -> Option<Point> {
    let board = pos.board();
    let size = board.size();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .find(|&p| {
            board.is_empty_at(p) && {
                let mut after = board.clone();
                after.set(p, Some(stone));
                wuzi_core::is_win(&after, pos.rule(), p)
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use wuzi_core::{Rule, Stone, parse_point};

    fn position(black: &[&str], white: &[&str], to_move: Stone, rule: Rule) -> Position {
        Position::from_board(board::stones_on(black, white), rule, to_move)
    }

    /// Black: k8 is a four on row 8 (blocked at g8) that white must answer
    /// at l8, and makes a three on column k that a second four turns into
    /// an open four.
    fn k8_wins_by_fours() -> Position {
        position(
            &["h8", "i8", "j8", "k9", "k10"],
            &["g8", "a1", "a15", "o1", "o15"],
            Stone::Black,
            Rule::Freestyle,
        )
    }

    fn plays_out(pos: &Position, line: &[Point]) -> Position {
        let mut p = pos.clone();
        for &m in line {
            p.play(m).unwrap();
        }
        p
    }

    #[test]
    fn a_win_by_fours_is_found_and_its_line_ends_in_a_five() {
        // Black: a closed three on row 8 and a split three on column k;
        // k8 makes two fours at once.
        let pos = position(
            &["h8", "i8", "j8", "k10", "k11", "k12"],
            &["g8", "k13", "a1", "o15", "a15"],
            Stone::Black,
            Rule::Freestyle,
        );
        let stop = AtomicBool::new(false);
        let win = threat_win(&pos, 8, 1_000_000, Duration::from_secs(5), &stop).unwrap();
        assert_eq!(win.kind, WinKind::Fours);
        assert_eq!(win.line, [parse_point("k8", 15).unwrap()]);
        assert_eq!(win.attacker_moves(), 1);
        let end = plays_out(&pos, &win.line);
        assert!(fives_for(&end, Stone::Black) >= 2, "{:?}", win.line);
    }

    /// The empty points where `stone` would make five.
    fn fives_for(pos: &Position, stone: Stone) -> usize {
        let board = pos.board();
        let mut count = 0;
        for y in 0..15 {
            for x in 0..15 {
                let p = Point::new(x, y);
                if board.stone_at(p).is_none() {
                    let mut b = board.clone();
                    b.set(p, Some(stone));
                    count += usize::from(wuzi_core::is_win(&b, pos.rule(), p));
                }
            }
        }
        count
    }

    #[test]
    fn a_longer_win_by_fours_alternates_attacker_and_defender() {
        let pos = k8_wins_by_fours();
        let stop = AtomicBool::new(false);
        let win = threat_win(&pos, 8, 1_000_000, Duration::from_secs(5), &stop).unwrap();
        assert_eq!(win.kind, WinKind::Fours);
        assert!(
            win.line.len() >= 3 && win.line.len() % 2 == 1,
            "{:?}",
            win.line
        );
        let end = plays_out(&pos, &win.line);
        assert!(
            end.winner() == Some(Stone::Black) || fives_for(&end, Stone::Black) >= 2,
            "{:?}",
            win.line
        );
    }

    fn limits() -> SolveLimits {
        SolveLimits::new(1_000_000, Duration::from_secs(5))
    }

    #[test]
    fn the_shortest_win_and_every_winning_first_move_are_found() {
        let pos = k8_wins_by_fours();
        let stop = AtomicBool::new(false);
        let win = shortest_win(&pos, WinKind::Fours, 10, limits(), &stop).unwrap();
        assert_eq!(win.attacker_moves(), 2, "{:?}", win.line);
        let firsts = winning_first_moves(&pos, WinKind::Fours, 10, limits(), &stop);
        assert_eq!(firsts, [parse_point("k8", 15).unwrap()]);
        // After k8 white must block at l8; after a quiet move black has no
        // win by fours left to show.
        let mut after = pos.clone();
        after.play(parse_point("k8", 15).unwrap()).unwrap();
        assert!(attacker_still_wins(
            &after,
            WinKind::Fours,
            10,
            limits(),
            &stop
        ));
        assert_eq!(
            toughest_defence(&after, WinKind::Fours, 10, limits(), &stop),
            Some(parse_point("l8", 15).unwrap())
        );
        let mut quiet = pos.clone();
        quiet.play(parse_point("c3", 15).unwrap()).unwrap();
        assert!(!attacker_still_wins(
            &quiet,
            WinKind::Fours,
            10,
            limits(),
            &stop
        ));
    }

    #[test]
    fn no_win_on_a_quiet_board() {
        let pos = position(&["h8"], &["i9"], Stone::Black, Rule::Freestyle);
        let stop = AtomicBool::new(false);
        assert_eq!(
            threat_win(&pos, 6, 200_000, Duration::from_secs(5), &stop),
            None
        );
    }
}
