//! Iterative-deepening principal variation search over the engine board.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use wuzi_core::Rule;

use crate::board::{Board, CELLS, LeafThreats};
use crate::eval::{EVAL_UNIT, Flavour, Threat, leaf_bonus, leaf_bonus_value, mask_value};
use crate::threat::{Budget, ThreatSearch, failed_table};
use crate::tt::{Bound, Tt};

/// Score of a won position, less the plies it takes.
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses found by search.
pub(crate) const WIN_BOUND: i32 = WIN - 1_000;
const INF: i32 = 32_000;
/// Deepest ply searched.
pub(crate) const MAX_PLY: usize = 64;
/// Positions a threat search at one leaf may visit.
const LEAF_VCF_NODES: u64 = 48;
const SIDE_KEY: [u64; 2] = [0, 0xA5A5_5A5A_C3C3_3C3C];

/// What the searcher is allowed to use and how widely it looks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settings {
    /// Wall-clock budget for the move.
    pub time: Duration,
    /// Node budget, if any.
    pub nodes: Option<u64>,
    /// Deepest iteration.
    pub max_depth: i32,
    /// Run a VCF search before the main search.
    pub vcf: bool,
    /// Run a VCT search before the main search.
    pub vct: bool,
    /// Moves tried at each inner node, best-ordered first.
    pub width: usize,
    /// Look for wins by fours at the leaves of the main search (those
    /// whose value does not already fail high).
    pub leaf_vcf: bool,
    /// Prune: try passing (a null move) where the side to move is ahead
    /// and nothing forces it, drop late quiet moves near the leaves, and
    /// search late quiet moves shallower the deeper the node. Faster to a
    /// depth, so the levels held to a depth leave it off.
    pub prune: bool,
    /// Prune harder (with `prune`): a node near the leaves may fail high
    /// on its static value alone, and moves that make or stop only twos
    /// and weak threes count as quiet.
    pub narrow: bool,
    /// Use the whole time: it is a fixed time a move that is lost if not
    /// used. Otherwise an easy move is answered sooner.
    pub spend_all: bool,
}

/// One finished iteration, as reported to the caller.
#[derive(Debug, Clone)]
pub(crate) struct Iteration {
    pub depth: i32,
    pub score: i32,
    pub pv: Vec<usize>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The outcome of a search.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub best: usize,
    pub score: i32,
    pub pv: Vec<usize>,
    pub depth: i32,
    pub nodes: u64,
}

/// How well each move has done for each side: cut-offs weighted by depth.
pub(crate) type History = [Vec<i32>; 2];

/// When the main thread stops starting new iterations.
#[derive(Debug, Clone, Copy)]
struct Clock {
    /// Time already used before the iterations began (threat searches).
    used: Duration,
    /// The whole budget.
    total: Duration,
    /// Whether unused time is lost anyway (a fixed time a move).
    spend_all: bool,
}

impl Clock {
    fn new(settings: &Settings, used: Duration) -> Clock {
        Clock {
            used,
            total: settings.time,
            spend_all: settings.spend_all,
        }
    }

    /// The time after which no new iteration starts: 45% of what the
    /// threat searches left, more after the best move changed (`changes`,
    /// recent ones counting most) or the score fell (`drop`), all of it
    /// when time not used is lost anyway.
    fn soft(&self, changes: f64, drop: i32) -> Duration {
        if self.spend_all {
            return self.total;
        }
        let left = self.total.saturating_sub(self.used);
        let mut share = 0.45 * (1.0 + changes.min(2.0));
        if drop > 30 {
            share *= 1.0 + (f64::from(drop) / 150.0).min(1.0);
        }
        self.used + left.mul_f64(share.min(0.9))
    }
}

/// Search state that lives across moves: hash table and history.
#[derive(Debug)]
pub(crate) struct Memory {
    pub tt: Tt,
    pub history: History,
}

impl Memory {
    pub(crate) fn new(tt_bytes: usize) -> Memory {
        Memory {
            tt: Tt::new(tt_bytes),
            history: [vec![0; CELLS], vec![0; CELLS]],
        }
    }

    /// Forgets all positions and statistics.
    pub(crate) fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.history {
            h.fill(0);
        }
    }
}

/// A running search.
pub(crate) struct Search<'a> {
    board: Board,
    tt: &'a Tt,
    history: History,
    killers: [[u16; 2]; MAX_PLY],
    pv: Vec<[u16; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    buffers: Vec<Vec<(i32, u16)>>,
    candidates: Vec<usize>,
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    start: Instant,
    stop: &'a AtomicBool,
    aborted: bool,
    width: usize,
    root_side: usize,
    /// The only moves the root may play, when some were found to stop a
    /// threat the others do not.
    root_filter: Option<Vec<usize>>,
    /// What the threats at the last leaf looked at are worth beyond the
    /// point values.
    leaf_bonus: i32,
    /// Whether the side to move at the last leaf looked at can make a four.
    leaf_fours: bool,
    /// Look for a win by fours at every leaf where the side to move has a
    /// four to start with and the leaf's value is below beta.
    leaf_vcf: bool,
    /// See [`Settings::prune`].
    prune: bool,
    /// See [`Settings::narrow`].
    narrow: bool,
    /// Whether the opponent has an open three at the inner node `generate`
    /// last filled (only the defences are then tried, and nothing is pruned).
    opp_open: bool,
    /// Whether the move into each ply was a pass (no two passes in a row).
    passed: [bool; MAX_PLY],
    /// Whether the move played at each ply made a three or more for its
    /// side (a pass made none; kept only where the search prunes): an
    /// attack that goes on is searched to the full depth.
    attacks: [bool; MAX_PLY],
    /// Positions where threat searches failed, shared by all of this move's.
    failed: Vec<u64>,
    /// Scratch line for the threat searches at leaves.
    leaf_line: Vec<usize>,
    /// Whether the node at each ply is expected to fail high (see
    /// [`expects_cut`]); the root never is.
    expect_cut: [bool; MAX_PLY],
    /// A helper thread's own slight reordering of close moves, so that it
    /// does not walk the main thread's tree in the same order (0: none).
    noise: u64,
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<'a> Search<'a> {
    /// A search from `board` for the side `side` (0 black, 1 white), with
    /// the shared table `tt` and this thread's own `history`.
    pub(crate) fn new(
        board: Board,
        side: usize,
        tt: &'a Tt,
        history: History,
        stop: &'a AtomicBool,
    ) -> Search<'a> {
        let start = Instant::now();
        Search {
            board,
            tt,
            history,
            killers: [[0; 2]; MAX_PLY],
            pv: vec![[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            candidates: Vec::with_capacity(256),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: start + Duration::from_secs(3600),
            start,
            stop,
            aborted: false,
            width: 20,
            root_side: side,
            root_filter: None,
            leaf_bonus: 0,
            leaf_fours: false,
            leaf_vcf: false,
            prune: false,
            narrow: false,
            opp_open: false,
            passed: [false; MAX_PLY],
            attacks: [false; MAX_PLY],
            failed: failed_table(),
            leaf_line: Vec::new(),
            expect_cut: [false; MAX_PLY],
            noise: 0,
        }
    }

    /// What this search learnt about move order, for the next one.
    pub(crate) fn into_history(self) -> History {
        self.history
    }

    /// Takes up how far and how widely `settings` let it search (the
    /// deadline is the caller's: a helper shares the main thread's).
    fn follow(&mut self, settings: &Settings) {
        self.node_limit = settings.nodes.unwrap_or(u64::MAX);
        self.width = settings.width;
        self.leaf_vcf = settings.leaf_vcf;
        self.prune = settings.prune;
        self.narrow = settings.prune && settings.narrow;
    }

    fn renju_black(&self, s: usize) -> bool {
        s == 0 && self.board.rule() == Rule::Renju
    }

    fn check_abort(&mut self) -> bool {
        if !self.aborted
            && (self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(128)
                    && (self.stop.load(Ordering::Relaxed) || Instant::now() >= self.deadline)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Legal moves for the side to move at the root, best-ordered first.
    pub(crate) fn root_moves(&mut self) -> Vec<usize> {
        let s = self.root_side;
        let mut moves = Vec::new();
        self.board.candidates(&mut self.candidates);
        let cands = std::mem::take(&mut self.candidates);
        for &i in &cands {
            if self.renju_black(s) && self.board.is_forbidden(i) {
                continue;
            }
            let score = self.board.value(s, i).score + self.board.value(1 - s, i).score;
            moves.push((score, i));
        }
        self.candidates = cands;
        if moves.is_empty() {
            // Nothing near the stones is legal: any empty legal point will do.
            for &p in self.board.points().to_vec().iter() {
                let i = usize::from(p);
                if self.board.is_empty(i) && !(self.renju_black(s) && self.board.is_forbidden(i)) {
                    moves.push((0, i));
                }
            }
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        moves.into_iter().map(|(_, i)| i).collect()
    }

    /// Immediate tactics at the root: a five, a forced block, or an open
    /// four that cannot be answered.
    fn immediate(&mut self) -> Option<Found> {
        let s = self.root_side;
        let o = 1 - s;
        self.board.candidates(&mut self.candidates);
        let cands = std::mem::take(&mut self.candidates);
        let mut opp_fives = Vec::new();
        let mut opp_fours = false;
        let mut own_wins = Vec::new();
        let mut found = None;
        for &i in &cands {
            let vs = self.board.value(s, i);
            let vo = self.board.value(o, i);
            if vs.threat == Threat::Five {
                found = Some(self.found(i, WIN - 1, vec![i]));
                break;
            }
            if vo.threat == Threat::Five {
                opp_fives.push(i);
            }
            opp_fours |= vo.threat.is_four();
            if vs.threat == Threat::Win {
                own_wins.push(i);
            }
        }
        self.candidates = cands;
        if found.is_some() {
            return found;
        }
        if let Some(&f) = opp_fives.first() {
            let legal = !(self.renju_black(s) && self.board.is_forbidden(f));
            let score = if opp_fives.len() > 1 || !legal {
                -(WIN - 2)
            } else {
                0
            };
            if legal {
                return Some(self.found(f, score, vec![f]));
            }
            return None;
        }
        if !opp_fours {
            for w in own_wins {
                if !(self.renju_black(s) && self.board.is_forbidden(w)) {
                    return Some(self.found(w, WIN - 3, vec![w]));
                }
            }
        }
        None
    }

    /// A VCF / VCT win searched within part of the budget (after
    /// [`Search::immediate`] found nothing).
    fn root_tactics(&mut self, settings: &Settings) -> Option<Found> {
        let s = self.root_side;
        if !settings.vcf {
            return None;
        }
        let total = settings.time;
        let budget_nodes = settings.nodes.map_or(u64::MAX, |n| n / 5);
        let mut line = Vec::new();
        let vcf_end = self.start + total / 6;
        let mut ts = ThreatSearch::new(
            &mut self.board,
            &mut self.failed,
            Budget {
                nodes: budget_nodes.min(2_000_000),
                deadline: vcf_end,
                stop: self.stop,
            },
        );
        let won = ts.vcf(s, 30, &mut line);
        self.nodes += ts.nodes;
        if won {
            line.reverse();
            let best = line[0];
            let score = WIN - line.len() as i32;
            return Some(self.found(best, score, line));
        }
        if settings.vct {
            return self.win_by_threes(settings, false);
        }
        None
    }

    /// A win by fours and threes for the side to move, within a fifth of
    /// the move's time; with `blocks`, also through threes that block the
    /// opponent's open three (see [`ThreatSearch::through_blocks`]).
    fn win_by_threes(&mut self, settings: &Settings, blocks: bool) -> Option<Found> {
        let s = self.root_side;
        let nodes = settings.nodes.map_or(u64::MAX, |n| n / 5).min(1_000_000);
        let mut ts = ThreatSearch::new(
            &mut self.board,
            &mut self.failed,
            Budget {
                nodes,
                deadline: Instant::now() + settings.time / 5,
                stop: self.stop,
            },
        );
        if blocks {
            ts = ts.through_blocks();
        }
        let mut line = Vec::new();
        let mut won = false;
        for depth in [4, 6, 8, 10] {
            line.clear();
            if ts.vct(s, depth, &mut line) {
                won = true;
                break;
            }
            if ts.out_of_budget() {
                break;
            }
        }
        self.nodes += ts.nodes;
        let &best = line.last().filter(|_| won)?;
        line.reverse();
        Some(self.found(best, WIN_BOUND + 100, line))
    }

    /// `immediate` scores a forced block 0. When the block is itself a four
    /// that wins (two fives to come, or a win by fours after the answer),
    /// give it that score and line, so that hints and reviews see the win;
    /// the move is the same either way.
    fn score_block(&mut self, found: Found, settings: &Settings) -> Found {
        if found.score != 0 || !settings.vcf {
            return found;
        }
        let s = self.root_side;
        let o = 1 - s;
        let block = found.best;
        self.board.play(block, s);
        let mut fives = Vec::with_capacity(2);
        self.board.five_points_around(block, s, &mut fives);
        let won = match fives.as_slice() {
            [] => None,
            &[answer] => {
                self.board.play(answer, o);
                let mut line = Vec::new();
                let nodes = settings.nodes.map_or(50_000, |n| (n / 10).min(50_000));
                let end = Instant::now() + settings.time / 10;
                let won = self.win_by_fours(s, nodes, end, &mut line);
                self.board.undo();
                (won == Some(true)).then(|| {
                    let mut pv = vec![block, answer];
                    pv.extend(line.iter().rev());
                    pv
                })
            }
            // Two fives to come: one block cannot stop both.
            &[first, second, ..] => Some(vec![block, first, second]),
        };
        self.board.undo();
        match won {
            // The line ends with the five.
            Some(pv) => Found {
                score: WIN - pv.len() as i32,
                pv,
                ..found
            },
            None => found,
        }
    }

    /// Whether `attacker` wins by fours from here as if it were to move:
    /// `Some(true)` with the line in `line` (first move last),
    /// `Some(false)` when it has none, `None` when the budget ran out first.
    fn win_by_fours(
        &mut self,
        attacker: usize,
        nodes: u64,
        deadline: Instant,
        line: &mut Vec<usize>,
    ) -> Option<bool> {
        line.clear();
        let mut ts = ThreatSearch::new(
            &mut self.board,
            &mut self.failed,
            Budget {
                nodes,
                deadline,
                stop: self.stop,
            },
        );
        let won = ts.vcf(attacker, 30, line);
        let out = ts.out_of_budget();
        self.nodes += ts.nodes;
        if won {
            Some(true)
        } else if out {
            None
        } else {
            Some(false)
        }
    }

    /// When the opponent would win by fours if it were its move, the root
    /// moves that stop it (each checked by playing it and searching the
    /// opponent's fours again). `None` when there is nothing to stop, or
    /// nothing found that stops it (the search then picks among all moves).
    /// Wins by threes are left to the search: that threat search leaves out
    /// some defences, and trusting it to prune the root lost games.
    fn defences(&mut self, settings: &Settings, root_moves: &[usize]) -> Option<Vec<usize>> {
        let s = self.root_side;
        let o = 1 - s;
        let total = settings.time;
        let node_cap = settings.nodes.map_or(u64::MAX, |n| n / 10);
        let mut line = Vec::new();
        let end = Instant::now() + total / 10;
        if self.win_by_fours(o, node_cap.min(300_000), end, &mut line) != Some(true) {
            return None;
        }
        // Where a defence can be: the points of the opponent's line, our own
        // fours, and the moves that look best anyway.
        let mut tries: Vec<usize> = Vec::new();
        for &m in line.iter().rev() {
            if root_moves.contains(&m) && !tries.contains(&m) {
                tries.push(m);
            }
        }
        for &m in root_moves {
            if self.board.threat(s, m).is_four() && !tries.contains(&m) {
                tries.push(m);
            }
        }
        for &m in root_moves.iter().take(24) {
            if !tries.contains(&m) {
                tries.push(m);
            }
        }
        let each_end = Instant::now() + total / 4;
        let per_try = node_cap.min(60_000);
        let mut kept = Vec::new();
        let mut scratch = Vec::new();
        for m in tries {
            if Instant::now() >= each_end || self.stop.load(Ordering::Relaxed) {
                return None;
            }
            self.board.play(m, s);
            // Our own four must be answered first; the opponent's threats
            // count from after that block.
            let mut fives = Vec::with_capacity(2);
            self.board.five_points_around(m, s, &mut fives);
            let blocked = match fives.as_slice() {
                [f] => {
                    self.board.play(*f, o);
                    true
                }
                _ => false,
            };
            let still = if fives.len() > 1 {
                Some(false)
            } else {
                self.win_by_fours(o, per_try, each_end, &mut scratch)
            };
            if blocked {
                self.board.undo();
            }
            self.board.undo();
            if still != Some(true) {
                kept.push(m);
            }
        }
        (!kept.is_empty()).then_some(kept)
    }

    /// The imperfect search of the easy level: takes a five and blocks a
    /// four, otherwise picks at random among the moves a shallow search
    /// finds nearly as good as its best (see [`EASY_LEEWAY`]), so that it
    /// sees what a short look shows (an open three to stop, a
    /// double threat about to be made) yet often misses the best plan.
    pub(crate) fn think_loosely(
        &mut self,
        settings: Settings,
        rng: &mut crate::rng::Rng,
    ) -> Option<Found> {
        self.start = Instant::now();
        self.deadline = self.start + settings.time;
        self.follow(&settings);
        let root_moves = self.root_moves();
        let first = *root_moves.first()?;
        if let Some(found) = self.immediate()
            && root_moves.contains(&found.best)
        {
            return Some(found);
        }
        let s = self.root_side;
        let mut scored = Vec::new();
        for &m in root_moves.iter().take(8) {
            self.board.play(m, s);
            let score = -self.pvs(1 - s, -INF, INF, settings.max_depth - 1, 1);
            self.board.undo();
            if self.aborted {
                break;
            }
            scored.push((score, m));
        }
        let Some(&(top, _)) = scored.iter().max_by_key(|x| x.0) else {
            return Some(self.found(first, 0, vec![first]));
        };
        // A person sees roughly which moves are good, not which is best.
        let margin = 10 + (rng.unit() * f64::from(EASY_LEEWAY)) as i32;
        let near: Vec<(i32, usize)> = scored
            .into_iter()
            .filter(|&(sc, _)| sc >= top - margin)
            .collect();
        let pick = near[rng.below(near.len() as u64) as usize];
        Some(self.found(pick.1, pick.0, vec![pick.1]))
    }

    fn found(&self, best: usize, score: i32, pv: Vec<usize>) -> Found {
        Found {
            best,
            score,
            pv,
            depth: 1,
            nodes: self.nodes,
        }
    }

    /// Searches within `settings` on `threads` threads, reporting each
    /// iteration the main thread finishes. `None` only when the side to
    /// move has no legal move at all.
    pub(crate) fn think(
        &mut self,
        settings: Settings,
        threads: usize,
        mut report: impl FnMut(&Iteration),
    ) -> Option<Found> {
        self.start = Instant::now();
        self.deadline = self.start + settings.time;
        self.follow(&settings);
        self.tt.new_search();
        // With pruning only: Master's search is the one it was measured
        // in, and the other levels keep the play their ladder was set by.
        if self.prune {
            self.fade_history();
        }
        let root_moves = self.root_moves();
        root_moves.first()?;
        // A five to make or a four to block needs no helpers. One that is
        // not a legal move (a forbidden point for black in renju) leaves
        // the choice to the main search, with no win by threats looked for.
        let threats = match self.immediate() {
            Some(found) if root_moves.contains(&found.best) => {
                let found = self.score_block(found, &settings);
                self.report_found(&found, &mut report);
                return Some(found);
            }
            Some(_) => false,
            None => true,
        };
        if threads <= 1 {
            return Some(
                self.think_alone(&settings, &root_moves, threats, &mut report)
                    .0,
            );
        }
        // Lazy SMP: helpers search the same position over the shared table,
        // each a ply ahead or level with the main thread, so the main one
        // finds more of its lines already searched. They start before the
        // main thread's searches for a win by threats, which run on one
        // thread, so that no core waits for them. Only the main thread's
        // answer counts; the helpers stop when it has one.
        let done = AtomicBool::new(false);
        let mut found = None;
        let mut helper_nodes = 0;
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|h| {
                    let board = self.board.clone();
                    let history = self.history.clone();
                    let (tt, done) = (self.tt, &done);
                    let (side, deadline) = (self.root_side, self.deadline);
                    scope.spawn(move || {
                        let mut helper = Search::new(board, side, tt, history, done);
                        helper.deadline = deadline;
                        helper.follow(&settings);
                        helper.noise = 0x5851_F42D_4C95_7F2D_u64.wrapping_mul(h as u64 + 1);
                        let finished = helper.help(&settings, h);
                        (helper.nodes, finished)
                    })
                })
                .collect();
            let (mut main, searched) =
                self.think_alone(&settings, &root_moves, threats, &mut report);
            done.store(true, Ordering::Relaxed);
            for h in helpers {
                let Ok((nodes, finished)) = h.join() else {
                    continue;
                };
                helper_nodes += nodes;
                // A helper that finished a deeper iteration than the main
                // thread knows better, unless the main thread's move is a
                // proven win, or the helper's is not among the moves that
                // stop the opponent's win by fours (the helpers started
                // before those were known).
                if let Some(deeper) = finished
                    && searched
                    && deeper.depth > main.depth
                    && root_moves.contains(&deeper.best)
                    && self
                        .root_filter
                        .as_ref()
                        .is_none_or(|f| f.contains(&deeper.best))
                {
                    main = Found {
                        nodes: main.nodes,
                        ..deeper
                    };
                }
            }
            found = Some(main);
        });
        found.map(|f| Found {
            nodes: f.nodes + helper_nodes,
            ..f
        })
    }

    /// The main thread's part of [`Search::think`]: a win by threats
    /// searched first (when `threats`), then the moves that stop the
    /// opponent's wins by fours, then iterative deepening. The flag says
    /// the answer came from the iterative deepening (not a proven win
    /// found before it).
    fn think_alone(
        &mut self,
        settings: &Settings,
        root_moves: &[usize],
        threats: bool,
        report: &mut impl FnMut(&Iteration),
    ) -> (Found, bool) {
        if threats
            && let Some(found) = self.root_tactics(settings)
            && root_moves.contains(&found.best)
        {
            self.report_found(&found, report);
            return (found, false);
        }
        let tactics = self.start.elapsed();
        if settings.vcf {
            self.root_filter = self.defences(settings, root_moves);
        }
        // One move stops the opponent's win by fours, and it would be
        // played unsearched. A win of our own may still come first, through
        // a three that blocks the opponent's open three on the way: worth
        // the look here, where the rest of the move's time goes unused.
        if threats
            && settings.vct
            && self.root_filter.as_ref().is_some_and(|f| f.len() == 1)
            && let Some(found) = self.win_by_threes(settings, true)
            && root_moves.contains(&found.best)
        {
            self.report_found(&found, report);
            return (found, false);
        }
        // What the threat searches before the main one cost this move.
        tracing::debug!(
            tactics_ms = tactics.as_millis() as u64,
            defences_ms = (self.start.elapsed() - tactics).as_millis() as u64,
            defences = self.root_filter.as_ref().map_or(0, Vec::len),
            "threat searches"
        );
        (self.deepen(settings, root_moves, report), true)
    }

    /// Reports a move found before the iterative deepening as its one
    /// iteration.
    fn report_found(&self, found: &Found, report: &mut impl FnMut(&Iteration)) {
        report(&Iteration {
            depth: found.depth,
            score: found.score,
            pv: found.pv.clone(),
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        });
    }

    /// A helper thread's iterative deepening: no reports and no time
    /// management of its own; it searches until told to stop.
    /// Returns its deepest finished iteration.
    fn help(&mut self, settings: &Settings, id: usize) -> Option<Found> {
        let deepest = settings.max_depth.min(MAX_PLY as i32 - 4);
        // Every other helper starts a ply ahead.
        let mut depth = 1 + (id % 2) as i32;
        let mut finished = None;
        while depth <= deepest {
            let score = self.pvs(self.root_side, -INF, INF, depth, 0);
            if self.aborted {
                break;
            }
            if self.pv_len[0] > 0 {
                let pv = self.root_pv();
                finished = Some(Found {
                    best: pv[0],
                    score,
                    pv,
                    depth,
                    nodes: self.nodes,
                });
            }
            if score.abs() > WIN_BOUND {
                break;
            }
            depth += 1;
        }
        finished
    }

    /// The main thread's iterative deepening from the root moves.
    fn deepen(
        &mut self,
        settings: &Settings,
        root_moves: &[usize],
        report: &mut impl FnMut(&Iteration),
    ) -> Found {
        let first = self
            .root_filter
            .as_ref()
            .and_then(|f| f.first().copied())
            .or_else(|| root_moves.first().copied())
            .unwrap_or_default();
        let mut best = Found {
            best: first,
            score: 0,
            pv: vec![first],
            depth: 0,
            nodes: self.nodes,
        };
        let clock = Clock::new(settings, self.start.elapsed());
        // One move stops the opponent's win: nothing to choose between.
        let forced = self.root_filter.as_ref().is_some_and(|f| f.len() == 1);
        let mut changes = 0.0;
        let mut last_score = None;
        for depth in 1..=settings.max_depth.min(MAX_PLY as i32 - 4) {
            let score = self.pvs(self.root_side, -INF, INF, depth, 0);
            let pv = self.root_pv();
            if self.aborted {
                // A partly searched iteration still improves on the last
                // one when it finished its first (previous best) move.
                if let Some(&m) = pv.first()
                    && depth > 1
                    && root_moves.contains(&m)
                    && self.pv_len[0] > 0
                    && score > -INF
                {
                    best.best = m;
                    best.pv = pv;
                }
                break;
            }
            if let Some(&m) = pv.first()
                && root_moves.contains(&m)
            {
                if depth > 1 && m != best.best {
                    changes += 1.0;
                }
                best = Found {
                    best: m,
                    score,
                    pv: pv.clone(),
                    depth,
                    nodes: self.nodes,
                };
            }
            // Each finished depth with what it cost so far: how the tree
            // grows from one depth to the next is what a longer think buys.
            tracing::debug!(
                depth,
                score,
                nodes = self.nodes,
                ms = self.start.elapsed().as_millis() as u64,
                best = pv.first().map(|&m| crate::board::point(m).to_string()),
                "iteration"
            );
            report(&Iteration {
                depth,
                score,
                pv,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
            });
            if score.abs() > WIN_BOUND || forced {
                break;
            }
            let drop = last_score.map_or(0, |last: i32| last - score);
            last_score = Some(score);
            if self.start.elapsed() >= clock.soft(changes, drop) {
                break;
            }
            // Changes of mind long ago count for less.
            changes *= 0.5;
        }
        best.nodes = self.nodes;
        best
    }

    /// Fills `moves` for side `s` at `ply`, or returns the score when the
    /// position is decided by immediate threats. The flag says the only move
    /// is a forced block of a four. At a `leaf` only the threats are looked
    /// at and `moves` stays empty unless a block is forced.
    fn generate(
        &mut self,
        s: usize,
        ply: usize,
        tt_move: u16,
        moves: &mut Vec<(i32, u16)>,
        leaf: bool,
    ) -> Result<bool, i32> {
        let o = 1 - s;
        moves.clear();
        if leaf && let Some(decided) = self.leaf_threats(s, ply) {
            return decided;
        }
        self.board.candidates(&mut self.candidates);
        let mut opp_five = None;
        let mut opp_five_count = 0;
        let mut opp_fours = false;
        let mut opp_open = false;
        let mut own_win = None;
        let mut maybe_forbidden = false;
        let mut own_best = Threat::Quiet;
        let mut own_fours = false;
        let mut opp_best = Threat::Quiet;
        let killers = self.killers[ply];
        // One pass reads every candidate's values once: the threats decide
        // the node, and the move scores are kept for when it goes on.
        for &i in &self.candidates {
            let vs = self.board.value(s, i);
            let vo = self.board.value(o, i);
            if vs.threat == Threat::Five {
                return Err(WIN - (ply as i32 + 1));
            }
            if vo.threat == Threat::Five {
                opp_five = Some(i);
                opp_five_count += 1;
            }
            opp_fours |= vo.threat.is_four();
            opp_open |= vo.threat == Threat::Win;
            own_fours |= vs.threat.is_four();
            own_best = own_best.max(vs.threat);
            if vo.threat != Threat::Win {
                opp_best = opp_best.max(vo.threat);
            }
            if vs.threat == Threat::Win && own_win.is_none() {
                own_win = Some(i);
            }
            if leaf || vs.threat == Threat::Forbidden {
                continue;
            }
            maybe_forbidden |= vs.check_forbidden;
            // The threats first; among moves making the same ones, what
            // the tuned evaluation says the point is worth to each side.
            let mut score = vs.score + vo.score * 7 / 8 + (vs.attack + vo.attack) / EVAL_UNIT;
            if i as u16 == tt_move {
                score += 1 << 24;
            } else if killers.contains(&(i as u16)) {
                score += 300;
            }
            score += self.history[s][i].min(1 << 14) >> 6;
            if self.noise != 0 {
                // Up to 63, less than any threat is worth.
                score += ((i as u64 ^ self.noise).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as i32;
            }
            moves.push((score, i as u16));
        }
        if let Some(f) = opp_five {
            if opp_five_count > 1 || (self.renju_black(s) && self.board.is_forbidden(f)) {
                return Err(-(WIN - (ply as i32 + 2)));
            }
            moves.clear();
            moves.push((0, f as u16));
            return Ok(true);
        }
        if let Some(w) = own_win
            && !opp_fours
            && !(self.renju_black(s) && self.board.is_forbidden(w))
        {
            return Err(WIN - (ply as i32 + 3));
        }
        if leaf {
            self.note_leaf(s, own_best, own_fours, opp_best, opp_fours, opp_open);
            return Ok(false);
        }
        if opp_open && self.renju_black(o) {
            // Black's open four on a forbidden point is no threat.
            let cands = std::mem::take(&mut self.candidates);
            opp_open = cands
                .iter()
                .any(|&i| self.board.threat(o, i) == Threat::Win && !self.board.is_forbidden(i));
            self.candidates = cands;
        }
        self.opp_open = opp_open;
        if opp_open {
            // Against an open three only fours (ours or blocking theirs) help.
            let board = &self.board;
            moves.retain(|&(_, m)| {
                let m = usize::from(m);
                board.threat(s, m).is_four() || board.threat(o, m).is_four()
            });
        }
        if maybe_forbidden && self.renju_black(s) {
            let mut kept = std::mem::take(moves);
            kept.retain(|&(_, m)| {
                let m = usize::from(m);
                !(self.board.value(s, m).check_forbidden && self.board.is_forbidden(m))
            });
            *moves = kept;
        }
        if opp_open && moves.is_empty() {
            // Black in renju with every answer to an open three on a
            // forbidden point: the open four comes next, then the five.
            return Err(-(WIN - (ply as i32 + 4)));
        }
        // Below the root only the best `width` moves are tried: pick them
        // first and sort just those.
        let width = self.width.max(1);
        if ply > 0 && moves.len() > width {
            moves.select_nth_unstable_by_key(width - 1, |m| std::cmp::Reverse(m.0));
            moves.truncate(width);
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        Ok(false)
    }

    /// What `generate` finds at a leaf, read from the board's threat
    /// counts instead of a scan of the candidates: every point where a side
    /// makes a three or more lies within two of a stone, so the counts see
    /// what the scan sees. `None` leaves the rare cases that need the points
    /// themselves (a five to block, black's win that may be forbidden) to
    /// the scan.
    fn leaf_threats(&mut self, s: usize, ply: usize) -> Option<Result<bool, i32>> {
        match self.board.leaf_threats(s) {
            LeafThreats::Won(plies) => Some(Err(WIN - (ply as i32 + plies))),
            LeafThreats::Unsure => None,
            LeafThreats::Quiet {
                own_best,
                own_fours,
                opp_best,
                opp_fours,
                opp_open,
            } => {
                self.note_leaf(s, own_best, own_fours, opp_best, opp_fours, opp_open);
                Some(Ok(false))
            }
        }
    }

    /// Keeps what a quiet leaf's threats are worth and whether side `s`
    /// has a four there, for `pvs` to use.
    fn note_leaf(
        &mut self,
        s: usize,
        own_best: Threat,
        own_fours: bool,
        opp_best: Threat,
        opp_fours: bool,
        opp_open: bool,
    ) {
        let flavour = Flavour::of(self.board.rule(), s);
        self.leaf_bonus = leaf_bonus(
            own_best,
            own_fours,
            opp_best,
            opp_fours,
            opp_open,
            self.renju_black(s),
        )
        .map_or(0, |b| leaf_bonus_value(self.board.rule(), b))
            + mask_value(flavour, self.board.threat_mask(s));
        self.leaf_fours = own_fours;
    }

    /// The main line found at the root so far.
    fn root_pv(&self) -> Vec<usize> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .map(|&m| usize::from(m))
            .collect()
    }

    /// A short search for a win by fours for `s` at a leaf: the plies it
    /// takes, if found within a few dozen positions.
    fn leaf_win_by_fours(&mut self, s: usize) -> Option<usize> {
        let mut line = std::mem::take(&mut self.leaf_line);
        line.clear();
        let mut ts = ThreatSearch::new(
            &mut self.board,
            &mut self.failed,
            Budget {
                nodes: LEAF_VCF_NODES,
                deadline: self.deadline,
                stop: self.stop,
            },
        );
        let won = ts.vcf(s, 10, &mut line);
        self.nodes += ts.nodes;
        let plies = line.len();
        self.leaf_line = line;
        won.then_some(plies)
    }

    fn pvs(&mut self, s: usize, mut alpha: i32, beta: i32, mut depth: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.check_abort() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 2 {
            return self.board.evaluate(s);
        }
        let key = self.board.hash() ^ SIDE_KEY[s];
        let pv_node = beta - alpha > 1;
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            // A node on the main line is searched even when the table
            // knows its score: answered from the table, the main line
            // would end there, and a hint or a review would show a line
            // cut short (a second hint in the same position, or the
            // computer's move after the reply it expected, would show
            // one move).
            if ply > 0 && !pv_node && i32::from(e.depth) >= depth {
                let score = from_tt(i32::from(e.score), ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if usable {
                    return score;
                }
            }
        }
        if let Some(score) = self.static_cut(s, alpha, beta, depth, ply) {
            return score;
        }
        // Never set for the root (ply 0): only a child's flag is written.
        let cut_node = self.expect_cut[ply];
        // A node that matters (on the main line, or expected to fail high)
        // with no move from the table has only a guess for its first move:
        // searched a ply shallower, it costs less, and the next iteration
        // finds the table's move there.
        if self.prune && ply > 0 && tt_move == 0 && depth >= IIR_DEPTH && (pv_node || cut_node) {
            depth -= 1;
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let leaf = depth <= 0;
        let forced = match self.generate(s, ply, tt_move, &mut moves, leaf) {
            Ok(forced) => forced,
            Err(score) => {
                self.buffers[ply] = moves;
                return score;
            }
        };
        if leaf && !forced {
            self.buffers[ply] = moves;
            let value = self.board.evaluate(s) + self.leaf_bonus;
            // A leaf already worth beta fails high whatever a win by fours
            // would add, so the search for one is only made where it can
            // change the outcome. Made at every leaf with a four, it took
            // three of every five nodes.
            if value < beta
                && self.leaf_vcf
                && self.leaf_fours
                && let Some(plies) = self.leaf_win_by_fours(s)
            {
                return WIN - (ply + plies) as i32;
            }
            return value;
        }
        if moves.is_empty() {
            // No legal move (only forbidden points, or a full board): a draw.
            self.buffers[ply] = moves;
            return 0;
        }
        if ply == 0
            && let Some(filter) = &self.root_filter
        {
            let all = moves.clone();
            moves.retain(|&(_, m)| filter.contains(&usize::from(m)));
            if moves.is_empty() {
                moves = all;
            }
        }
        if ply > 0 && moves.len() > self.width {
            moves.truncate(self.width);
        }
        let o = 1 - s;
        // A forced block costs no depth: the four that forced it already did.
        let new_depth = if forced { depth.max(0) } else { depth - 1 };
        // Pruning is for nodes off the main line where nothing forces the
        // side to move and no win is in sight.
        let prunable = self.prune
            && ply > 0
            && !forced
            && !pv_node
            && !self.opp_open
            && beta.abs() < WIN_BOUND;
        let static_eval = if prunable { self.board.evaluate(s) } else { 0 };
        // Read before the children's move generation overwrites it.
        let under_open_three = self.opp_open;
        if prunable
            && depth >= NULL_MOVE_DEPTH
            && !self.passed[ply]
            && static_eval >= beta
            && let Some(score) = self.null_move(s, beta, depth, ply)
        {
            self.buffers[ply] = moves;
            return score;
        }
        let mut best = -INF;
        let mut best_move = 0u16;
        let mut bound = Bound::Upper;
        // Pruning harder counts more moves as quiet: those that make or stop
        // only twos and weak threes are reduced and dropped like the rest.
        let quiet_below = if self.narrow {
            PRUNED_QUIET_ORDER
        } else {
            QUIET_ORDER
        };
        for (n, &(order, m)) in moves.iter().enumerate() {
            let quiet = order < quiet_below;
            if prunable && quiet && n > 0 && depth <= FUTILE_DEPTH {
                // A quiet move this close to the leaves gains too little
                // to lift a score this far below alpha; and after the
                // best-ordered few, the rest are rarely better.
                let d = depth.max(1) as usize;
                if static_eval + FUTILITY_MARGIN[d] <= alpha || n >= LATE_MOVES[d] {
                    continue;
                }
            }
            let m_idx = usize::from(m);
            // A three or more right after the side's own last one is how a
            // win by threes is played out: searched shallower, such a line
            // is cut off before the win shows. Only looked at where the
            // search prunes: the levels held to a depth stay as they were set.
            let own = self.board.threat(s, m_idx);
            let attack = self.prune && own >= Threat::Three;
            self.attacks[ply] = attack;
            let pressing = attack && ply >= 2 && self.attacks[ply - 2];
            // Only moves after the first three, three plies or more from
            // the leaves, are ever reduced.
            let late = depth >= 3 && n >= 3;
            // Read before the stone is played, and only for the moves that
            // may be reduced: the opponent's threat costs a lookup a move.
            let leeway = if self.prune && late {
                late_move_leeway(
                    quiet,
                    pressing,
                    own,
                    self.board.threat(o, m_idx),
                    under_open_three,
                )
            } else {
                None
            };
            self.board.play(m_idx, s);
            let mut score;
            if n == 0 {
                self.expect_cut[ply + 1] = expects_cut(pv_node, cut_node, true);
                score = -self.pvs(o, -beta, -alpha, new_depth, ply + 1);
            } else {
                let reduction = if !late {
                    0
                } else if self.prune {
                    leeway.map_or(0, |less| {
                        (late_move_reduction(depth, n, pv_node, cut_node, self.narrow) - less)
                            .min(new_depth - 1)
                            .max(0)
                    })
                } else if quiet {
                    1 + i32::from(n >= 10)
                } else {
                    0
                };
                self.expect_cut[ply + 1] = expects_cut(pv_node, cut_node, false);
                score = -self.pvs(o, -alpha - 1, -alpha, new_depth - reduction, ply + 1);
                if score > alpha && reduction > 0 && !self.aborted {
                    // The reduced search failed high: the move may be
                    // better than expected, and its reply is searched
                    // again as the opposite of this node.
                    self.expect_cut[ply + 1] = !cut_node;
                    score = -self.pvs(o, -alpha - 1, -alpha, new_depth, ply + 1);
                }
                if score > alpha && score < beta && !self.aborted {
                    self.expect_cut[ply + 1] = false;
                    score = -self.pvs(o, -beta, -alpha, new_depth, ply + 1);
                }
            }
            self.board.undo();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    bound = Bound::Exact;
                    self.pv[ply][0] = m;
                    let child_len = self.pv_len[ply + 1];
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
                    self.pv_len[ply] = child_len + 1;
                    if alpha >= beta {
                        bound = Bound::Lower;
                        if order < (1 << 24) && !self.killers[ply].contains(&m) {
                            self.killers[ply] = [m, self.killers[ply][0]];
                        }
                        self.history[s][m_idx] =
                            self.history[s][m_idx].saturating_add(depth * depth);
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.aborted {
            return best.max(-INF + 1);
        }
        self.tt
            .store(key, best_move, to_tt(best, ply), depth, bound);
        best
    }

    /// Divides every history score by four at the start of a move, so
    /// that the cut-offs of this move's neighbourhood soon outweigh those
    /// of the opening instead of the whole game's adding up until they all
    /// reach the cap of what history may add to a move's order.
    fn fade_history(&mut self) {
        for side in &mut self.history {
            for h in side.iter_mut() {
                *h >>= HISTORY_FADE;
            }
        }
    }

    /// A node off the main line this near the leaves whose static value is
    /// so far above beta that the opponent's quiet moves will not bring it
    /// down fails high without a move tried. Read from the threat counts
    /// before any move is generated, and only where nothing is forced: not
    /// when the opponent can make a four (a win by fours may be on its
    /// way, which the static value misses), nor when the side to move has
    /// a win the move generation would score.
    fn static_cut(&self, s: usize, alpha: i32, beta: i32, depth: i32, ply: usize) -> Option<i32> {
        if !self.narrow
            || ply == 0
            || depth <= 0
            || depth > STATIC_CUT_DEPTH
            || beta - alpha > 1
            || beta.abs() >= WIN_BOUND
        {
            return None;
        }
        let LeafThreats::Quiet {
            opp_fours: false, ..
        } = self.board.leaf_threats(s)
        else {
            return None;
        };
        let static_eval = self.board.evaluate(s);
        (static_eval - STATIC_CUT_MARGIN * depth >= beta).then_some(static_eval)
    }

    /// Side `s` passes: if the opponent, moving twice, still cannot bring
    /// the score below `beta` in a shallower search, the node fails high
    /// without a move being tried. Gomoku has no zugzwang (a stone never
    /// hurts its owner), so a pass is a safe lower bound.
    fn null_move(&mut self, s: usize, beta: i32, depth: i32, ply: usize) -> Option<i32> {
        let reduction = NULL_MOVE_REDUCTION + depth / 4;
        self.attacks[ply] = false;
        self.passed[ply + 1] = true;
        // The pass is tried first, as a node's first move would be.
        self.expect_cut[ply + 1] = expects_cut(false, self.expect_cut[ply], true);
        let score = -self.pvs(1 - s, -beta, -beta + 1, depth - 1 - reduction, ply + 1);
        self.passed[ply + 1] = false;
        // A win found after a pass is not the side's own: keep only the bound.
        (score >= beta && !self.aborted).then(|| score.min(WIN_BOUND))
    }
}

/// Easy picks at random among the moves within a margin of its best, the
/// margin drawn each move from 10 points to 10 more than this. A win or a
/// loss it sees is thousands of points away, so it never trades one for a
/// quiet move; a quiet move it judges a few hundred points worse it often
/// plays. Set with its depth so that Easy wins about 85% against Beginner
/// and Normal about as often against Easy (docs/benchmarks.md, "Easy three
/// plies ahead, Normal four").
const EASY_LEEWAY: i32 = 600;

/// Move-ordering scores below this are quiet: no threat made or stopped.
const QUIET_ORDER: i32 = 150;
/// Move-ordering scores below this are quiet where the search prunes
/// harder ([`Settings::narrow`]).
const PRUNED_QUIET_ORDER: i32 = 400;
/// How many halvings history scores get at the start of each move.
const HISTORY_FADE: u32 = 2;
/// The deepest remaining depth at which a node may fail high on its
/// static value alone.
const STATIC_CUT_DEPTH: i32 = 4;
/// How far above beta, per ply of remaining depth, the static value must
/// be for that.
const STATIC_CUT_MARGIN: i32 = 120;
/// The shallowest depth at which a pass is tried.
const NULL_MOVE_DEPTH: i32 = 3;
/// Plies a pass's search is shallower, besides the pass itself (plus one
/// per four plies of depth).
const NULL_MOVE_REDUCTION: i32 = 2;
/// The deepest remaining depth at which quiet moves may be dropped.
const FUTILE_DEPTH: i32 = 3;
/// How far below alpha the static evaluation must be, by remaining depth,
/// for quiet moves to be dropped.
const FUTILITY_MARGIN: [i32; 4] = [0, 200, 400, 650];
/// How many moves are tried, by remaining depth, before the quiet rest
/// are dropped.
const LATE_MOVES: [usize; 4] = [0, 6, 10, 15];

/// The shallowest depth at which a node that matters and has no move
/// from the table is searched a ply shallower.
const IIR_DEPTH: i32 = 4;

/// How gently late moves are reduced: the product of the logarithms of
/// depth and move number is divided by this.
const LATE_MOVE_DIVISOR: f64 = 2.2;
/// The same where the search prunes harder ([`Settings::narrow`]). Tuned
/// at a second a move against Rapfi (docs/benchmarks.md, "Late moves
/// reduced harder"): there the freestyle search turned the depth it buys
/// into games won; in renju it made no difference.
const NARROW_LATE_MOVE_DIVISOR: f64 = 1.7;

/// Plies a late quiet move is searched shallower: more the deeper the
/// node and the later the move, more where the search prunes harder, one
/// more off the main line, and one more again at a node expected to fail
/// high (where one good move is enough and the late ones are rarely it).
fn late_move_reduction(depth: i32, n: usize, pv_node: bool, cut_node: bool, narrow: bool) -> i32 {
    let divisor = if narrow {
        NARROW_LATE_MOVE_DIVISOR
    } else {
        LATE_MOVE_DIVISOR
    };
    let r = (f64::from(depth).ln() * (n as f64).ln() / divisor + 0.3) as i32;
    r.max(1) + i32::from(!pv_node) + i32::from(cut_node)
}

/// How many plies less than a quiet move a late move is reduced where the
/// search prunes, or `None` when it is searched to the full depth. Quiet
/// moves take the whole reduction. A move that makes or stops a three, or
/// stops a closed three from becoming a four, takes one ply less: it is
/// more often the move that matters, but searched in full, as it was, it
/// made most of the tree once a position filled with threes (in a renju
/// opening, the nodes of one depth eight times those of the depth before).
/// A four of one's own, a point where the opponent would make a four that
/// wins or one that answers an open three, and a three right after the
/// side's own (`pressing`, a win by threes played out) are never reduced.
fn late_move_leeway(
    quiet: bool,
    pressing: bool,
    own: Threat,
    theirs: Threat,
    under_open_three: bool,
) -> Option<i32> {
    if pressing {
        None
    } else if quiet {
        Some(0)
    } else if own.is_four() || (theirs.is_four() && (theirs != Threat::Four || under_open_three)) {
        None
    } else {
        Some(1)
    }
}

/// Whether a child node is expected to fail high, from its parent's kind
/// and whether it is the parent's first move. Nodes alternate: the first
/// reply of an expected fail-high node is expected to fail low (every
/// move searched), the first reply of one expected to fail low is
/// expected to fail high, and a later move's reply is expected to refute
/// it. On the main line the first move continues the main line.
fn expects_cut(pv_node: bool, cut_node: bool, first: bool) -> bool {
    if pv_node {
        !first
    } else if first {
        !cut_node
    } else {
        true
    }
}

/// What the search makes of `board` with side `s` to move at a leaf:
/// the evaluation with its threat bonus, or the score of a decided leaf.
#[cfg(test)]
pub(crate) fn leaf_value(board: Board, s: usize) -> i32 {
    let tt = Tt::new(1 << 16);
    let stop = AtomicBool::new(false);
    let history = [vec![0; CELLS], vec![0; CELLS]];
    let mut search = Search::new(board, s, &tt, history, &stop);
    search.pvs(s, -INF, INF, 0, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::board_after;

    #[test]
    fn the_clock_gives_more_time_to_a_changing_mind_and_all_of_it_when_it_is_lost_anyway() {
        let used = Duration::from_millis(100);
        let clock = |spend_all| Clock {
            used,
            total: Duration::from_millis(1100),
            spend_all,
        };
        let calm = clock(false).soft(0.0, 0);
        assert_eq!(calm, Duration::from_millis(550), "45% of what is left");
        let changed = clock(false).soft(1.0, 0);
        let fell = clock(false).soft(0.0, 100);
        assert!(changed > calm && fell > calm);
        // Never all of it: the last iteration needs room to finish.
        assert!(clock(false).soft(5.0, 500) <= Duration::from_millis(1000));
        assert_eq!(clock(true).soft(0.0, 0), Duration::from_millis(1100));
    }

    /// Master's settings held to `depth`, pruning or not.
    fn to_depth(depth: i32, prune: bool) -> Settings {
        Settings {
            time: Duration::from_secs(600),
            nodes: None,
            max_depth: depth,
            vcf: true,
            vct: true,
            width: 20,
            leaf_vcf: true,
            prune,
            narrow: prune,
            spend_all: false,
        }
    }

    /// The search's answer for the side to move after `moves`.
    fn search(moves: &str, rule: Rule, settings: Settings) -> Found {
        let (board, side) = board_after(moves, rule);
        let tt = Tt::new(1 << 22);
        let stop = AtomicBool::new(false);
        let history = [vec![0; CELLS], vec![0; CELLS]];
        let mut search = Search::new(board, side, &tt, history, &stop);
        search.think(settings, 1, |_| {}).unwrap()
    }

    #[test]
    fn a_search_over_a_table_that_knows_the_position_still_reads_out_its_main_line() {
        // The same position searched twice over one table, as a second
        // hint in the same position is, or the computer's move after the
        // reply it expected: the table already holds the main line's
        // scores to the depth asked for. Each search's line is as long as
        // its depth (a forced block adds a ply), every time.
        for (moves, rule) in [
            ("h8i9j8i8i7h9", Rule::Freestyle),
            ("h8j9g10i7g8f8g9", Rule::Renju),
            ("e11h9j9g8i10h11h10g10f9i8j7", Rule::Freestyle),
        ] {
            let (board, side) = board_after(moves, rule);
            let tt = Tt::new(1 << 22);
            let stop = AtomicBool::new(false);
            let settings = Settings {
                vcf: false,
                vct: false,
                ..to_depth(6, true)
            };
            for run in ["first", "second"] {
                let history = [vec![0; CELLS], vec![0; CELLS]];
                let mut search = Search::new(board.clone(), side, &tt, history, &stop);
                let found = search.think(settings, 1, |_| {}).unwrap();
                assert!(found.score.abs() < WIN_BOUND, "{moves}: {found:?}");
                assert_eq!(found.depth, 6, "{moves}, {run} search: {found:?}");
                assert!(
                    found.pv.len() >= 6,
                    "{moves}, {run} search: a line of {} moves: {found:?}",
                    found.pv.len()
                );
            }
        }
    }

    #[test]
    fn a_pruning_search_plays_an_attack_of_threes_out_to_the_win() {
        // The side to move wins by threes and fours. Without the threat
        // searches at the root, the main search must read the attack out:
        // with the attacker's follow-up threes searched shallower, it
        // does not see the win at these depths (nor, for the second, up
        // to depth 12). Both need depth 10: a node on the main line with
        // no move from the table yet is searched a ply shallower, and a
        // leaf already worth beta does not look for a win by fours, so the
        // win shows only once the lines around it are searched in windows
        // that need it.
        for (moves, depth) in [
            ("f7k11k5j11h5l11m11k10i4j3", 10),
            ("f9f10j5e9d8d10g10e8e10c11b12e11f11", 10),
        ] {
            let settings = Settings {
                vcf: false,
                vct: false,
                ..to_depth(depth, true)
            };
            let found = search(moves, Rule::Freestyle, settings);
            assert!(found.score > WIN_BOUND, "{moves}: {found:?}");
        }
    }

    #[test]
    fn a_leaf_looks_for_a_win_by_fours_only_where_it_could_change_the_outcome() {
        // Black to move wins by fours: k8 is a four (g8 blocks the row's
        // other end) and makes a three on column k.
        let core = crate::board::stones_on(
            &["h8", "i8", "j8", "k9", "k10"],
            &["g8", "a1", "a15", "o1", "o15"],
        );
        let board = Board::from_core(&core, Rule::Freestyle);
        let (tt, stop) = (Tt::new(1 << 16), AtomicBool::new(false));
        let history = [vec![0; CELLS], vec![0; CELLS]];
        let mut search = Search::new(board, 0, &tt, history, &stop);
        search.follow(&to_depth(8, true));
        // Asked only whether black is not lost, the leaf's own value
        // answers: one node, no search for the win.
        let low = search.pvs(0, -WIN_BOUND - 1, -WIN_BOUND, 0, 1);
        assert!(low.abs() < WIN_BOUND, "{low}");
        assert_eq!(search.nodes, 1);
        // Asked whether black wins, only the win can answer, and the
        // search for it finds it.
        let high = search.pvs(0, WIN_BOUND - 1, WIN_BOUND, 0, 1);
        assert!(high > WIN_BOUND, "{high}");
        assert!(search.nodes > 2, "{}", search.nodes);
    }

    /// White would win by fours if it were its move, and f6 is the one
    /// move that stops them; but black wins first by fours and threes,
    /// one of them a three that blocks white's open three (see the threat
    /// search's test of this position). Master used to play f6 unsearched.
    #[test]
    fn a_forced_defence_gives_way_to_a_win_through_a_blocking_three() {
        let found = search(
            "e10k8h9i8h7h8g8f9g10i9i10f7g9g7",
            Rule::Freestyle,
            to_depth(7, true),
        );
        let best = wuzi_core::point_name(crate::board::point(found.best), 15);
        assert!(found.score > WIN_BOUND, "{best} scored {}", found.score);
        assert_ne!(best, "F6");
    }

    #[test]
    fn black_with_every_answer_to_an_open_three_forbidden_has_lost() {
        // Renju. White's split three e8 g8 h8 is answered only at d8, f8
        // or i8 (white makes a four at each), and each is a double three
        // for black: d8 with d9 d10 and c7 b6, f8 with f7 f6 and g9 h10,
        // i8 with i9 i10 and j7 k6. Black has no four of its own.
        let black = [
            "d9", "d10", "c7", "b6", "f7", "f6", "g9", "h10", "i9", "i10", "j7", "k6",
        ];
        let white = [
            "e8", "g8", "h8", "a15", "o15", "a1", "o1", "a8", "o8", "h1", "k15", "c3",
        ];
        let core = crate::board::stones_on(&black, &white);
        let board = Board::from_core(&core, Rule::Renju);
        let (tt, stop) = (Tt::new(1 << 16), AtomicBool::new(false));
        let history = [vec![0; CELLS], vec![0; CELLS]];
        let mut search = Search::new(board, 0, &tt, history, &stop);
        search.follow(&to_depth(4, true));
        // Searched as a node below the root, two plies from the leaves.
        let score = search.pvs(0, -INF, INF, 2, 1);
        assert!(score < -WIN_BOUND, "black scored {score}");
    }

    #[test]
    fn a_pruning_search_fades_the_history_of_earlier_moves_to_a_quarter() {
        // A1 and O15, far from the stones, are never searched: their
        // scores change only by the fading.
        let corners = [
            crate::board::index(wuzi_core::Point::new(0, 14)),
            crate::board::index(wuzi_core::Point::new(14, 0)),
        ];
        for (prune, left) in [(true, 250), (false, 1_000)] {
            let (board, side) = board_after("h8i9j8", Rule::Freestyle);
            let (tt, stop) = (Tt::new(1 << 16), AtomicBool::new(false));
            let mut history = [vec![0; CELLS], vec![0; CELLS]];
            for side in &mut history {
                for &c in &corners {
                    side[c] = 1_000;
                }
            }
            let mut search = Search::new(board, side, &tt, history, &stop);
            search.think(to_depth(4, prune), 1, |_| {}).unwrap();
            let history = search.into_history();
            for side in &history {
                for &c in &corners {
                    assert_eq!(side[c], left, "pruning {prune}");
                }
            }
        }
    }

    #[test]
    fn the_static_cut_fails_high_only_off_the_main_line_near_the_leaves_with_no_four_to_answer() {
        // Black to move with three stones near the centre; white's three
        // are apart in the corners (quiet), or in a row on the edge, where
        // a fourth makes a four.
        for (moves, white_has_a_four) in [("h8a1j8o15h10a15", false), ("h8a1j8b1h10c1", true)] {
            let (board, _) = board_after(moves, Rule::Freestyle);
            let value = board.evaluate(0);
            let (tt, stop) = (Tt::new(1 << 16), AtomicBool::new(false));
            let history = [vec![0; CELLS], vec![0; CELLS]];
            let mut search = Search::new(board, 0, &tt, history, &stop);
            search.follow(&to_depth(8, true));
            let cut = |depth: i32, beta: i32, window: i32, ply: usize| {
                search.static_cut(0, beta - window, beta, depth, ply)
            };
            if white_has_a_four {
                assert_eq!(
                    cut(1, value - 2_000, 1, 1),
                    None,
                    "{moves}: a four to answer"
                );
                continue;
            }
            for depth in 1..=STATIC_CUT_DEPTH {
                let edge = value - STATIC_CUT_MARGIN * depth;
                assert_eq!(cut(depth, edge, 1, 1), Some(value), "{moves} depth {depth}");
                assert_eq!(cut(depth, edge + 1, 1, 1), None, "{moves} depth {depth}");
                assert_eq!(cut(depth, edge, 2, 1), None, "on the main line");
                assert_eq!(cut(depth, edge, 1, 0), None, "at the root");
            }
            assert_eq!(
                cut(STATIC_CUT_DEPTH + 1, value - 2_000, 1, 1),
                None,
                "too deep"
            );
            assert_eq!(cut(0, value - 2_000, 1, 1), None, "a leaf");
        }
        // Searches that do not prune, or prune without narrowing (Master
        // in renju), never cut.
        let (board, _) = board_after("h8a1j8o15h10a15", Rule::Freestyle);
        let value = board.evaluate(0);
        let not_narrow = Settings {
            narrow: false,
            ..to_depth(8, true)
        };
        for settings in [to_depth(8, false), not_narrow] {
            let (tt, stop) = (Tt::new(1 << 16), AtomicBool::new(false));
            let history = [vec![0; CELLS], vec![0; CELLS]];
            let mut search = Search::new(board.clone(), 0, &tt, history, &stop);
            search.follow(&settings);
            assert_eq!(
                search.static_cut(0, value - 2_001, value - 2_000, 1, 1),
                None
            );
        }
    }

    #[test]
    fn expected_fail_high_and_fail_low_nodes_alternate_below_the_main_line() {
        // The main line's first move continues it; every later move's
        // reply is expected to refute that move.
        assert!(!expects_cut(true, false, true));
        assert!(expects_cut(true, false, false));
        // Below it, a node expected to fail high tries one good move,
        // whose reply must then look at every move (expected to fail
        // low), whose own first reply is again expected to fail high.
        assert!(!expects_cut(false, true, true));
        assert!(expects_cut(false, false, true));
        // A later move's reply is expected to refute it either way.
        assert!(expects_cut(false, true, false));
        assert!(expects_cut(false, false, false));
    }

    #[test]
    fn late_quiet_moves_are_reduced_more_off_the_main_line_and_most_where_a_cut_is_expected() {
        for depth in 3..20 {
            for n in 3..20 {
                for narrow in [false, true] {
                    let main_line = late_move_reduction(depth, n, true, false, narrow);
                    let all = late_move_reduction(depth, n, false, false, narrow);
                    let cut = late_move_reduction(depth, n, false, true, narrow);
                    assert!(main_line >= 1, "depth {depth} move {n}");
                    assert_eq!((all, cut), (main_line + 1, main_line + 2));
                }
                // Pruning harder reduces no less.
                assert!(
                    late_move_reduction(depth, n, false, false, true)
                        >= late_move_reduction(depth, n, false, false, false),
                    "depth {depth} move {n}"
                );
            }
        }
        // Later moves and deeper nodes are reduced no less.
        assert!(
            late_move_reduction(12, 15, true, false, false)
                > late_move_reduction(3, 3, true, false, false)
        );
        // And deep late moves more where the search prunes harder.
        assert!(
            late_move_reduction(12, 15, true, false, true)
                > late_move_reduction(12, 15, true, false, false)
        );
    }

    #[test]
    fn late_threes_are_reduced_a_ply_less_than_quiet_moves_and_fours_not_at_all() {
        use Threat::{Five, Four, FourThree, Quiet, Three, Win};
        // Quiet moves take the whole reduction, whatever they are.
        assert_eq!(late_move_leeway(true, false, Four, Quiet, false), Some(0));
        // Making or stopping a three: a ply less.
        assert_eq!(late_move_leeway(false, false, Three, Quiet, false), Some(1));
        assert_eq!(late_move_leeway(false, false, Quiet, Three, false), Some(1));
        // Stopping a closed three from becoming a four: a ply less, but
        // not where the opponent has an open three to answer.
        assert_eq!(late_move_leeway(false, false, Three, Four, false), Some(1));
        assert_eq!(late_move_leeway(false, false, Quiet, Four, true), None);
        // Fours of one's own, and the opponent's stronger fours: in full.
        for own in [Four, FourThree, Win, Five] {
            assert_eq!(
                late_move_leeway(false, false, own, Quiet, false),
                None,
                "{own:?}"
            );
        }
        for theirs in [FourThree, Win, Five] {
            assert_eq!(
                late_move_leeway(false, false, Quiet, theirs, false),
                None,
                "{theirs:?}"
            );
        }
        // A three right after the side's own: in full, even when quiet.
        assert_eq!(late_move_leeway(false, true, Three, Quiet, false), None);
        assert_eq!(late_move_leeway(true, true, Quiet, Quiet, false), None);
    }

    #[test]
    fn pruning_reaches_a_depth_with_fewer_nodes_and_still_stops_an_open_three() {
        let positions = [
            ("h8", Rule::Freestyle),
            ("e11h9j9", Rule::Freestyle),
            ("h8i9g9g8i7h7i8", Rule::Freestyle),
            ("g10e10j7h8f9", Rule::Standard),
            ("h8i9j8i8i7h9", Rule::Renju),
        ];
        let (mut full, mut pruned) = (0, 0);
        for (moves, rule) in positions {
            let a = search(moves, rule, to_depth(7, false));
            let b = search(moves, rule, to_depth(7, true));
            assert_eq!((a.depth, b.depth), (7, 7), "{moves}");
            full += a.nodes;
            pruned += b.nodes;
        }
        assert!(pruned * 4 < full * 3, "pruned {pruned} of {full} nodes");
        // Black's open three on row 8 (H8 I8 J8) leaves white two answers,
        // G8 and K8; nothing may be pruned away from them.
        let answer = search("h8a1i8b1j8", Rule::Freestyle, to_depth(7, true));
        let best = wuzi_core::point_name(crate::board::point(answer.best), 15);
        assert!(
            best == "G8" || best == "K8",
            "white answered the open three at {best}"
        );
    }
}
