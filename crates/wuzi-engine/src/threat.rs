//! Threat-space search: VCF (victory by continuous fours) and VCT (victory
//! by continuous threats: fours and threes).
//!
//! Both are AND-OR searches in which the attacker only plays forcing moves
//! and the defender only the answers that can matter: the five point against
//! a four; against a three, the points that stop its open four, or a four of
//! the defender's own. In Renju a defender forced onto a forbidden point has
//! lost, and a black threat that needs a forbidden point is no threat.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::board::Board;
use crate::eval::{FOURS, Threat};

/// Bounds for one threat search.
pub(crate) struct Budget<'a> {
    /// Nodes allowed.
    pub nodes: u64,
    /// Wall-clock end.
    pub deadline: Instant,
    /// Set from outside to stop at once.
    pub stop: &'a AtomicBool,
}

/// A threat search over the engine board.
pub(crate) struct ThreatSearch<'a, 'b> {
    board: &'a mut Board,
    /// Positions known to fail, shared between searches of one move.
    failed: &'a mut [u64],
    budget: Budget<'b>,
    /// Nodes visited.
    pub nodes: u64,
    out_of_budget: bool,
    /// See [`ThreatSearch::through_blocks`].
    blocks: bool,
}

const FAILED_SIZE: usize = 1 << 16;

/// How many fours in a row the defender may answer an attack of threes
/// with. Each four costs the attacker only its block; a defender with a
/// four left when they run out is counted as escaping (see
/// [`ThreatSearch::defend`]), so the number trades wins found for nodes,
/// never a false win. Eight finds nearly as many as four did when four
/// left the defender's further fours out.
pub(crate) const COUNTER_FOURS: u32 = 8;

/// A fresh table of failed positions for [`ThreatSearch::new`].
pub(crate) fn failed_table() -> Vec<u64> {
    vec![0; FAILED_SIZE]
}

/// What the attacker can do from one position, and what it must respect.
struct Scan {
    five: Option<usize>,
    defender_fives: Vec<usize>,
    fours: Vec<(i32, usize)>,
    threes: Vec<(i32, usize)>,
    defender_open_three: bool,
}

impl<'a, 'b> ThreatSearch<'a, 'b> {
    /// A search on `board` within `budget`, remembering failed positions in
    /// `failed` (from [`failed_table`]; entries are whole-position hashes,
    /// so one table serves every search on the same board).
    pub(crate) fn new(
        board: &'a mut Board,
        failed: &'a mut [u64],
        budget: Budget<'b>,
    ) -> ThreatSearch<'a, 'b> {
        ThreatSearch {
            board,
            failed,
            budget,
            nodes: 0,
            out_of_budget: false,
            blocks: false,
        }
    }

    /// Makes [`ThreatSearch::vct`] also try, against the defender's open
    /// three, the attacker's threes that block it. A win can go through
    /// one, but tried everywhere they made a search that finds nothing
    /// far larger (over 500,000 positions more in one renju opening), and
    /// within the root's budget it missed more short wins than it found
    /// long ones (docs/benchmarks.md, "Where the games are decided"). So
    /// they are tried only where the root would otherwise play a forced
    /// defence unsearched.
    pub(crate) fn through_blocks(mut self) -> Self {
        self.blocks = true;
        self
    }

    /// Whether the search ran out of nodes or time (so "no win" is unproven).
    pub(crate) fn out_of_budget(&self) -> bool {
        self.out_of_budget
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget.nodes {
            self.out_of_budget = true;
        }
        if self.nodes.is_multiple_of(256)
            && (self.budget.stop.load(Ordering::Relaxed) || Instant::now() >= self.budget.deadline)
        {
            self.out_of_budget = true;
        }
        self.out_of_budget
    }

    /// How many empty points give side `s` one of the threats `kinds`.
    fn count(&self, s: usize, kinds: &[Threat]) -> usize {
        kinds
            .iter()
            .map(|&t| usize::from(self.board.threat_count(s, t)))
            .sum()
    }

    fn legal_for(&mut self, s: usize, i: usize) -> bool {
        s == 1 || !self.board.is_forbidden(i)
    }

    fn scan(&mut self, a: usize, with_threes: bool) -> Scan {
        let d = 1 - a;
        let mut scan = Scan {
            five: None,
            defender_fives: Vec::new(),
            fours: Vec::new(),
            threes: Vec::new(),
            defender_open_three: false,
        };
        // The threat counts say how many points the scan will keep, so it
        // stops at the last of them; when the attacker has no four left
        // and the defender nothing to answer with, nothing is read at all.
        let mut left = self.count(a, &FOURS) + self.count(d, &[Threat::Five, Threat::Win]);
        if with_threes {
            left += self.count(a, &[Threat::Three, Threat::DoubleThree]);
        }
        let mut cands = self.board.candidate_points();
        // The first `next` only when something is to be found.
        while left > 0
            && let Some(i) = cands.next()
        {
            let va = self.board.value(a, i);
            let vd = self.board.value(d, i);
            let defender_kept = match vd.threat {
                Threat::Five => {
                    scan.defender_fives.push(i);
                    1
                }
                Threat::Win => {
                    scan.defender_open_three = true;
                    1
                }
                _ => 0,
            };
            let attacker_kept = match va.threat {
                Threat::Five => {
                    scan.five = Some(i);
                    1
                }
                t if t.is_four() => {
                    scan.fours.push((va.score, i));
                    1
                }
                Threat::Three | Threat::DoubleThree if with_threes => {
                    scan.threes.push((va.score, i));
                    1
                }
                _ => 0,
            };
            left = left.saturating_sub(defender_kept + attacker_kept);
        }
        // Illegal black points go only now, as the test costs more than the scan.
        if a == 0 && self.board.rule() == wuzi_core::Rule::Renju {
            let mut fours = std::mem::take(&mut scan.fours);
            fours.retain(|&(_, i)| self.legal_for(0, i));
            scan.fours = fours;
            let mut threes = std::mem::take(&mut scan.threes);
            threes.retain(|&(_, i)| self.legal_for(0, i));
            scan.threes = threes;
        }
        if d == 0 && self.board.rule() == wuzi_core::Rule::Renju {
            // Black cannot complete a five... but a five is never forbidden,
            // so only black's open-three flag needs the test.
            if scan.defender_open_three {
                let wins: Vec<usize> = self
                    .board
                    .candidate_points()
                    .filter(|&i| self.board.value(0, i).threat == Threat::Win)
                    .collect();
                scan.defender_open_three = wins.into_iter().any(|i| !self.board.is_forbidden(i));
            }
        }
        scan.fours.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        scan.threes.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        scan
    }

    /// Attacker `a`'s forcing moves here, as the searches try them: its
    /// five alone when it has one; else its fours (and, `with_threes`, its
    /// threes), only those on the defender's five when it has one to make;
    /// each legal for it.
    pub(crate) fn forcing_moves(&mut self, a: usize, with_threes: bool) -> Vec<usize> {
        let scan = self.scan(a, with_threes);
        if let Some(five) = scan.five {
            return vec![five];
        }
        let mut moves: Vec<usize> = scan
            .fours
            .iter()
            .chain(&scan.threes)
            .map(|&(_, i)| i)
            .collect();
        if !scan.defender_fives.is_empty() {
            moves.retain(|m| scan.defender_fives.contains(m));
        }
        moves
    }

    fn seen_failing(&self, key: u64, depth: u32) -> bool {
        self.failed
            .get(key as usize % FAILED_SIZE)
            .is_some_and(|&e| e >> 8 == key >> 8 && (e & 0xFF) as u32 >= depth)
    }

    fn remember_failing(&mut self, key: u64, depth: u32) {
        if !self.out_of_budget
            && let Some(slot) = self.failed.get_mut(key as usize % FAILED_SIZE)
        {
            *slot = (key & !0xFF) | u64::from(depth.min(255));
        }
    }

    /// Plays attacker four `m` (already on the board) through: `Some(true)`
    /// when it wins outright, `Some(false)` when it is no four, `None` when
    /// the defender's forced block is on the board (undo it after).
    fn answer_four(&mut self, m: usize, a: usize) -> Option<bool> {
        let d = 1 - a;
        let mut fives = Vec::with_capacity(2);
        self.board.five_points_around(m, a, &mut fives);
        match fives.len() {
            0 => Some(false),
            1 => {
                let f = fives[0];
                if !self.legal_for(d, f) {
                    return Some(true);
                }
                self.board.play(f, d);
                None
            }
            _ => Some(true),
        }
    }

    /// Whether attacker `a`, to move, wins by fours alone within `depth`
    /// fours. On success `line` holds the winning moves in reverse order.
    pub(crate) fn vcf(&mut self, a: usize, depth: u32, line: &mut Vec<usize>) -> bool {
        if self.tick() {
            return false;
        }
        let scan = self.scan(a, false);
        if let Some(f) = scan.five {
            line.push(f);
            return true;
        }
        let mut fours = scan.fours;
        match scan.defender_fives.as_slice() {
            [] => {}
            [f] => fours.retain(|&(_, i)| i == *f),
            _ => return false,
        }
        if depth == 0 || fours.is_empty() {
            return false;
        }
        let key = self.board.hash() ^ (a as u64 + 1).wrapping_mul(0x51_7CC1_B727_220A);
        if self.seen_failing(key, depth) {
            return false;
        }
        if let Some(won) = self.try_fours(a, depth, fours, line, true, Self::vcf) {
            return won;
        }
        self.remember_failing(key, depth);
        false
    }

    /// Plays each of attacker `a`'s `fours` with the defender's forced
    /// answer and asks `next` (the calling search, one move shallower)
    /// whether `a` still wins. `Some(true)` when one wins (the four pushed
    /// onto `line`, after the answer when `with_answers`), `Some(false)` when
    /// the budget ran out, `None` when no four wins.
    fn try_fours(
        &mut self,
        a: usize,
        depth: u32,
        fours: Vec<(i32, usize)>,
        line: &mut Vec<usize>,
        with_answers: bool,
        next: fn(&mut Self, usize, u32, &mut Vec<usize>) -> bool,
    ) -> Option<bool> {
        for (_, m) in fours {
            self.board.play(m, a);
            let won = match self.answer_four(m, a) {
                Some(result) => result,
                None => {
                    let answer = self.board.last().unwrap_or(m);
                    let won = next(self, a, depth - 1, line);
                    self.board.undo();
                    if won && with_answers {
                        line.push(answer);
                    }
                    won
                }
            };
            self.board.undo();
            if won {
                line.push(m);
                return Some(true);
            }
            if self.out_of_budget {
                return Some(false);
            }
        }
        None
    }

    /// Whether attacker `a`, to move, wins by fours and threes within
    /// `depth` attacking moves. On success `line` holds the attacker's first
    /// move last.
    pub(crate) fn vct(&mut self, a: usize, depth: u32, line: &mut Vec<usize>) -> bool {
        if self.tick() {
            return false;
        }
        let scan = self.scan(a, depth > 1);
        if let Some(f) = scan.five {
            line.push(f);
            return true;
        }
        let mut fours = scan.fours;
        let mut threes = scan.threes;
        if scan.defender_open_three {
            // Against an open three a three of the attacker's own is too
            // slow, unless it takes a point the defender needs for its
            // four: such a three blocks while it threatens.
            if self.blocks {
                threes.retain(|&(_, i)| self.board.value(1 - a, i).threat.is_four());
            } else {
                threes.clear();
            }
        }
        match scan.defender_fives.as_slice() {
            [] => {}
            [f] => {
                fours.retain(|&(_, i)| i == *f);
                threes.retain(|&(_, i)| i == *f);
            }
            _ => return false,
        }
        if depth == 0 || (fours.is_empty() && threes.is_empty()) {
            return false;
        }
        // A position that fails without the blocking threes may win with
        // them: the two kinds of search keep their failures apart.
        let kind = if self.blocks { 9 } else { 7 };
        let key = self.board.hash() ^ (a as u64 + kind).wrapping_mul(0x2545_F491_4F6C_DD1D);
        if self.seen_failing(key, depth) {
            return false;
        }
        if let Some(won) = self.try_fours(a, depth, fours, line, false, Self::vct) {
            return won;
        }
        for (_, m) in threes {
            self.board.play(m, a);
            // A blocking three that leaves the defender an open four to
            // make: `defend` finds it among the defender's fours.
            let won = self.defend(a, depth - 1, COUNTER_FOURS);
            self.board.undo();
            if won {
                line.push(m);
                return true;
            }
            if self.out_of_budget {
                return false;
            }
        }
        self.remember_failing(key, depth);
        false
    }

    /// The defender is to move against the attacker's three: whether every
    /// sensible answer still loses. `counters` bounds the defender's own
    /// fours in a row, which each cost the attacker nothing; a defender
    /// that still has a four once they are used up is not proven lost.
    pub(crate) fn defend(&mut self, a: usize, depth: u32, counters: u32) -> bool {
        if self.tick() {
            return false;
        }
        let d = 1 - a;
        // As in the scan: the counts say how many points matter here, so
        // the loop stops at the last of them.
        let mut left = self.count(a, &FOURS) + self.count(d, &[Threat::Five]);
        let counter_fours = self.count(d, &[Threat::Four, Threat::FourThree, Threat::Win]);
        if counters > 0 {
            left += counter_fours;
        } else if counter_fours > 0 && self.count(a, &[Threat::Five]) == 0 {
            // Its fours not tried, the defender may yet escape by them (a
            // four that blocks, or one that leads to its own win): the
            // attack is not proven, rather than proven on a guess. (With a
            // five to stop, a four of its own would not help it.)
            return false;
        }
        let mut attacker_fives = Vec::new();
        let mut defences = Vec::new();
        let mut cands = self.board.candidate_points();
        while left > 0
            && let Some(i) = cands.next()
        {
            let va = self.board.value(a, i).threat;
            let vd = self.board.value(d, i).threat;
            if vd == Threat::Five {
                return false;
            }
            if va == Threat::Five {
                attacker_fives.push(i);
            }
            if va.is_four() || va == Threat::Win || (vd.is_four() && counters > 0) {
                defences.push(i);
            }
            let kept = usize::from(va.is_four()) + usize::from(counters > 0 && vd.is_four());
            left = left.saturating_sub(kept);
        }
        // The attacker's open-four points are among the defences; their
        // legality is tested after the scan, which needs the board to itself.
        let attacker_open = defences
            .iter()
            .any(|&i| self.board.threat(a, i) == Threat::Win && self.legal_for(a, i));
        match attacker_fives.as_slice() {
            [] => {}
            [f] => {
                let f = *f;
                if !self.legal_for(d, f) {
                    return true;
                }
                self.board.play(f, d);
                let won = self.vct(a, depth, &mut Vec::new());
                self.board.undo();
                return won;
            }
            _ => return true,
        }
        if !attacker_open {
            return false;
        }
        for x in defences {
            if !self.legal_for(d, x) {
                continue;
            }
            self.board.play(x, d);
            let won = {
                let mut fives = Vec::with_capacity(2);
                self.board.five_points_around(x, d, &mut fives);
                match fives.as_slice() {
                    [] => self.vct(a, depth, &mut Vec::new()),
                    [f] => {
                        let f = *f;
                        if self.legal_for(a, f) {
                            self.board.play(f, a);
                            let won = self.defend(a, depth, counters.saturating_sub(1));
                            self.board.undo();
                            won
                        } else {
                            false
                        }
                    }
                    _ => false,
                }
            };
            self.board.undo();
            if !won {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use proptest::prelude::*;
    use wuzi_core::{Point, Rule, Stone};

    use super::*;
    use crate::board::{board_after, index};

    /// The forcing moves as read from every candidate, without the threat
    /// counts: what [`ThreatSearch::forcing_moves`] must find (in any order).
    fn forcing_moves_by_hand(board: &mut Board, a: usize, with_threes: bool) -> Vec<usize> {
        let d = 1 - a;
        let mut cands = Vec::new();
        board.candidates(&mut cands);
        let mut five = None;
        let mut defender_fives = Vec::new();
        let mut moves = Vec::new();
        for &i in &cands {
            let (va, vd) = (board.value(a, i), board.value(d, i));
            if vd.threat == Threat::Five {
                defender_fives.push(i);
            }
            match va.threat {
                Threat::Five => five = Some(i),
                t if t.is_four() => moves.push((va.score, i)),
                Threat::Three | Threat::DoubleThree if with_threes => moves.push((va.score, i)),
                _ => {}
            }
        }
        if let Some(f) = five {
            return vec![f];
        }
        if a == 0 && board.rule() == Rule::Renju {
            moves.retain(|&(_, i)| !board.is_forbidden(i));
        }
        let mut moves: Vec<usize> = moves.into_iter().map(|(_, i)| i).collect();
        if !defender_fives.is_empty() {
            moves.retain(|m| defender_fives.contains(m));
        }
        moves
    }

    /// A budget no test position here runs out of: a search that stops
    /// does so because it is settled.
    fn generous(stop: &AtomicBool) -> Budget<'_> {
        Budget {
            nodes: 2_000_000,
            deadline: Instant::now() + Duration::from_secs(600),
            stop,
        }
    }

    /// From a freestyle game against another engine. White, to move after
    /// the first 29 moves, played k12, j14 and m10 as a win by threes that
    /// a search allowing black four fours in a row had found; black
    /// answered m10 with a line of fours (i5 first), got out, and won. That
    /// engine scores the position before k12 in black's favour.
    #[test]
    fn an_attack_the_defender_escapes_by_a_line_of_fours_is_no_win() {
        let game = "f5k10k11j11i12i10j9h9g8j10h10l9l10m8n7m9k9j8k8k7j5l7i8h7l6i7j7j13h5";
        let stop = AtomicBool::new(false);
        let budget = || generous(&stop);
        // After m10, black to move: its fours are a defence.
        let (mut board, black) = board_after(&format!("{game}k12l13j14j12m10"), Rule::Freestyle);
        let mut failed = failed_table();
        let mut ts = ThreatSearch::new(&mut board, &mut failed, budget());
        assert!(!ts.defend(1 - black, 6, COUNTER_FOURS));
        assert!(!ts.out_of_budget(), "settled, not given up");
        // Nor does white have a win by threes four attacking moves deep
        // from the position before k12.
        let (mut board, white) = board_after(game, Rule::Freestyle);
        let mut ts = ThreatSearch::new(&mut board, &mut failed, budget());
        assert!(!ts.vct(white, 4, &mut Vec::new()));
        assert!(!ts.out_of_budget(), "settled, not given up");
    }

    /// From a freestyle game against another engine, black to move. White
    /// threatens to win by fours, and black wins first: h10, g12 and j10
    /// are fours, and after white's blocks f7, f9 and f10 are white's open
    /// three. Black's f8 blocks it and makes black's own open three (f8,
    /// g9, h10) at once, and the attack goes on to five. A search that
    /// gives up all its threes against an open three misses this win, and
    /// Master played the one move that stopped white's fours and lost.
    #[test]
    fn a_three_that_blocks_the_defenders_open_three_keeps_the_attack() {
        let game = "e10k8h9i8h7h8g8f9g10i9i10f7g9g7";
        let stop = AtomicBool::new(false);
        let budget = || generous(&stop);
        let (mut board, black) = board_after(game, Rule::Freestyle);
        let f8 = index(Point::new(5, 7));
        let mut failed = failed_table();
        // Without its blocking threes the search proves there is no win.
        let mut ts = ThreatSearch::new(&mut board, &mut failed, budget());
        assert!(!ts.vct(black, 7, &mut Vec::new()));
        assert!(!ts.out_of_budget(), "settled, not given up");
        // With them it finds it (the same table of failures, kept apart).
        let mut ts = ThreatSearch::new(&mut board, &mut failed, budget()).through_blocks();
        let mut line = Vec::new();
        assert!(ts.vct(black, 7, &mut line));
        assert!(line.contains(&f8), "the win goes through f8: {line:?}");
        // Six attacking moves are not enough: the win is exactly seven deep.
        let mut ts = ThreatSearch::new(&mut board, &mut failed, budget()).through_blocks();
        assert!(!ts.vct(black, 6, &mut Vec::new()));
        assert!(!ts.out_of_budget(), "settled, not given up");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// The scan stops at the last point the threat counts promise, and
        /// still finds every forcing move a look at each candidate finds,
        /// in each rule, for both sides, by fours and by threes.
        #[test]
        fn the_scan_finds_every_forcing_move_a_full_look_finds(
            stones in prop::collection::vec((3u8..12, 3u8..12), 4..40),
        ) {
            let Ok(mut core) = wuzi_core::Board::new(15) else {
                panic!("a 15x15 board");
            };
            let mut n = 0;
            for (x, y) in stones {
                let p = Point::new(x, y);
                if core.is_empty_at(p) {
                    core.set(p, Some(if n % 2 == 0 { Stone::Black } else { Stone::White }));
                    n += 1;
                }
            }
            for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
                let mut board = Board::from_core(&core, rule);
                let mut failed = failed_table();
                let stop = AtomicBool::new(false);
                for a in 0..2 {
                    for with_threes in [false, true] {
                        let want = forcing_moves_by_hand(&mut board, a, with_threes);
                        let mut ts = ThreatSearch::new(
                            &mut board,
                            &mut failed,
                            Budget {
                                nodes: 1,
                                deadline: Instant::now() + Duration::from_secs(60),
                                stop: &stop,
                            },
                        );
                        let mut got = ts.forcing_moves(a, with_threes);
                        let mut sorted_want = want.clone();
                        // Equal scores may come in either order.
                        got.sort_unstable();
                        sorted_want.sort_unstable();
                        prop_assert_eq!(got, sorted_want, "{:?} attacker {} threes {}", rule, a, with_threes);
                    }
                }
            }
        }
    }
}
