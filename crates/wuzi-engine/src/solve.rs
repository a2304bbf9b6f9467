//! Wins by threats, for people to study: the side to move wins by fours
//! alone (VCF), or by fours and threes (VCT), and the line that shows it.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wuzi_core::Point;

use crate::board::{self, Board};
use crate::position::Position;
use crate::threat::{Budget, ThreatSearch, failed_table};

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
    /// defender's answers vary).
    pub line: Vec<Point>,
}

impl ThreatWin {
    /// How many moves the attacker makes, the five included.
    #[must_use]
    pub fn attacker_moves(&self) -> usize {
        match self.kind {
            WinKind::Fours => self.line.len().div_ceil(2),
            WinKind::Threats => self.line.len(),
        }
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
    if pos.winner().is_some() {
        return None;
    }
    let mut line_board = Board::from_core(pos.board(), pos.rule());
    let attacker = board::side(pos.to_move());
    let mut failed = failed_table();
    let deadline = Instant::now() + time;
    let mut line = Vec::new();
    {
        let mut ts = ThreatSearch::new(
            &mut line_board,
            &mut failed,
            Budget {
                nodes: nodes / 2,
                deadline,
                stop,
            },
        );
        if ts.vcf(attacker, 30, &mut line) {
            line.reverse();
            return Some(ThreatWin {
                kind: WinKind::Fours,
                line: line.into_iter().map(board::point).collect(),
            });
        }
    }
    let mut ts = ThreatSearch::new(
        &mut line_board,
        &mut failed,
        Budget {
            nodes: nodes / 2,
            deadline,
            stop,
        },
    );
    let mut depth = 2;
    while depth <= max_threats.max(2) {
        line.clear();
        if ts.vct(attacker, depth, &mut line) {
            line.reverse();
            return Some(ThreatWin {
                kind: WinKind::Threats,
                line: line.into_iter().map(board::point).collect(),
            });
        }
        if ts.out_of_budget() {
            break;
        }
        depth += 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use wuzi_core::{Rule, Stone, parse_point};

    fn position(black: &[&str], white: &[&str], to_move: Stone, rule: Rule) -> Position {
        let mut board = wuzi_core::Board::default();
        for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for name in names {
                board.set(parse_point(name, 15).unwrap(), Some(stone));
            }
        }
        Position::from_board(board, rule, to_move)
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
        // Black: k8 is a four on row 8 (blocked at g8) that white must
        // answer at l8, and makes a three on column k that a second four
        // turns into an open four.
        let pos = position(
            &["h8", "i8", "j8", "k9", "k10"],
            &["g8", "a1", "a15", "o1", "o15"],
            Stone::Black,
            Rule::Freestyle,
        );
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
