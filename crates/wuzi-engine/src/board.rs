//! The engine's own board: line keys, patterns and point values kept up to
//! date stone by stone, so search never rescans the board.

use std::sync::OnceLock;

use wuzi_core::{Point, Rule, Stone};

use crate::eval::{EVAL_UNIT, FOURS, Flavour, PointValue, THREATS, Threat, ValueTables};
use crate::pattern::{self, EMPTY, HALF, Pairs, Pattern, WALL, slot};

/// Row length of the padded board: the largest board plus five walls a side.
pub(crate) const STRIDE: usize = 32;
/// Cells in the padded board.
pub(crate) const CELLS: usize = STRIDE * STRIDE;
const PAD: usize = HALF;
/// Steps along the four lines: across, down, and the two diagonals.
pub(crate) const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// Masks a cell index into the padded board, which lets the compiler drop
/// the bounds checks on the arrays of [`CELLS`] that a stone updates.
const MASK: usize = CELLS - 1;

/// What the board keeps about one point of the padded board: its line keys
/// and, for each side, its patterns and their combination (which names its
/// value in [`ValueTables`]). Kept together, as a stone reads and writes
/// all of them for each point it changes, and small, so the whole board
/// (24 KiB) stays in the processor's first cache.
#[derive(Debug, Clone, Copy)]
struct Spot {
    /// The line key in each direction (see [`pattern`]).
    keys: [u32; 4],
    /// Per side, the four patterns playing here makes, four bits each.
    patterns: [u16; 2],
    /// Per side, the combination of those patterns.
    combos: [u16; 2],
}

const NO_SPOT: Spot = Spot {
    keys: [0; 4],
    patterns: [0; 2],
    combos: [0; 2],
};

/// A side as an array index: black 0, white 1.
pub(crate) fn side(stone: Stone) -> usize {
    match stone {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// Cell index of an on-board point.
pub(crate) fn index(p: Point) -> usize {
    (usize::from(p.y) + PAD) * STRIDE + usize::from(p.x) + PAD
}

/// The point of a cell index (only meaningful for on-board cells).
pub(crate) fn point(i: usize) -> Point {
    // Both parts are below 32 by construction.
    Point::new((i % STRIDE - PAD) as u8, (i / STRIDE - PAD) as u8)
}

fn zobrist() -> &'static [[u64; CELLS]; 2] {
    static Z: OnceLock<Box<[[u64; CELLS]; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut z = Box::new([[0u64; CELLS]; 2]);
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for side in z.iter_mut() {
            for v in side.iter_mut() {
                *v = crate::rng::splitmix(&mut state);
            }
        }
        z
    })
}

/// A point's patterns and combinations as they were before a stone
/// changed them, so taking the stone back restores them instead of reading
/// its lines again.
#[derive(Debug, Clone, Copy)]
struct Change {
    cell: u16,
    patterns: [u16; 2],
    combos: [u16; 2],
}

/// What a stone's undo restores besides the changed points.
#[derive(Debug, Clone, Copy)]
struct Mark {
    /// Changes recorded before the stone.
    changes: usize,
    totals: [[i32; 2]; 2],
    threats: [[u16; THREATS]; 2],
}

/// What the threat counts say about a leaf of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LeafThreats {
    /// The side to move wins in this many plies: a five now, or an open
    /// four the opponent has no four to answer with.
    Won(i32),
    /// The counts cannot settle it (a five to block, black's open four
    /// that may be forbidden): the candidates must be looked at.
    Unsure,
    /// A quiet leaf: each side's best threat (the opponent's leaving out
    /// its open-four points), whether each has a four, and whether the
    /// opponent has an open three.
    Quiet {
        own_best: Threat,
        own_fours: bool,
        opp_best: Threat,
        opp_fours: bool,
        opp_open: bool,
    },
}

/// The engine's board. Side indices: 0 black, 1 white.
#[derive(Clone)]
pub(crate) struct Board {
    size: u8,
    rule: Rule,
    /// How far along a line a stone changes the keys of other points:
    /// five where a side needs exactly five (to see an overline's sixth
    /// stone), four where any five wins, as a stone five away cannot change
    /// what a point makes and keeping it out saves a fifth of the updates
    /// (the outermost cells of a key then keep what the board was built
    /// with).
    reach: isize,
    /// Both sides' patterns by line key under these rules (which sides need
    /// exactly five, as [`pattern::exactness`]).
    pairs: Pairs,
    /// Every point value.
    tables: &'static ValueTables,
    /// Where each side's values start in `tables`, by how its points are
    /// valued under these rules.
    bases: [usize; 2],
    cells: Box<[u8; CELLS]>,
    /// Keys, patterns and combinations by cell.
    spots: Box<[Spot; CELLS]>,
    /// How many stones lie within two of each cell.
    near: Box<[u8; CELLS]>,
    /// The candidates row by row: bit x of row y is set when that cell is
    /// empty with a stone within two, so listing them skips the rest.
    open: [u32; STRIDE],
    /// Per side, the sums over the empty points of their attack and
    /// defence values, for the evaluation.
    totals: [[i32; 2]; 2],
    /// Empty on-board points by the threat each side makes there, kept up
    /// to date with the values, so a leaf knows the threats on the board
    /// without scanning it.
    threats: [[u16; THREATS]; 2],
    hash: u64,
    history: Vec<u16>,
    /// Points whose patterns the stones on the board changed, oldest first.
    changes: Vec<Change>,
    /// One per stone on the board.
    marks: Vec<Mark>,
    /// On-board cell indices, row by row.
    points: Vec<u16>,
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("rule", &self.rule)
            .field("stones", &self.history.len())
            .finish()
    }
}

impl Board {
    /// An engine board holding the stones of `board`.
    pub(crate) fn from_core(board: &wuzi_core::Board, rule: Rule) -> Board {
        let size = board.size();
        let mut cells = Box::new([WALL as u8; CELLS]);
        let mut points = Vec::new();
        for y in 0..size {
            for x in 0..size {
                let i = index(Point::new(x, y));
                cells[i] = EMPTY as u8;
                points.push(i as u16);
            }
        }
        let exactness = match rule {
            Rule::Freestyle => pattern::exactness(false, false),
            Rule::Standard => pattern::exactness(true, true),
            Rule::Renju => pattern::exactness(true, false),
        };
        let reach = if rule == Rule::Freestyle {
            HALF as isize - 1
        } else {
            HALF as isize
        };
        let mut b = Board {
            size,
            rule,
            reach,
            pairs: Pairs::of(exactness),
            tables: ValueTables::get(),
            bases: [0, 1].map(|s| ValueTables::base(Flavour::of(rule, s))),
            cells,
            spots: Box::new([NO_SPOT; CELLS]),
            near: Box::new([0; CELLS]),
            open: [0; STRIDE],
            totals: [[0; 2]; 2],
            threats: [[0; THREATS]; 2],
            hash: 0,
            history: Vec::new(),
            changes: Vec::new(),
            marks: Vec::new(),
            points,
        };
        // Walls first, one key at a time; stones are then played normally.
        for &p in &b.points {
            let i = usize::from(p);
            for (d, &step) in DIRS.iter().enumerate() {
                let mut key = 0;
                for off in -(HALF as i32)..=(HALF as i32) {
                    if off == 0 {
                        continue;
                    }
                    let j = (i as isize + off as isize * step) as usize;
                    if b.cells[j] == WALL as u8 {
                        key |= WALL << (2 * slot(off));
                    }
                }
                b.spots[i & MASK].keys[d] = key;
            }
        }
        for &p in &b.points.clone() {
            b.refresh(usize::from(p));
        }
        b.totals = [[0; 2]; 2];
        for &p in &b.points {
            let i = usize::from(p);
            for s in 0..2 {
                let v = b.value(s, i);
                b.totals[s][0] += v.attack;
                b.totals[s][1] += v.defence;
                b.threats[s][v.threat as usize] += 1;
            }
        }
        // Stones go down in an order that keeps every five test meaningful.
        for (p, s) in board.stones() {
            b.play(index(p), side(s));
        }
        b
    }

    fn exact(&self, side: usize) -> bool {
        match self.rule {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => side == 0,
        }
    }

    /// Recomputes every pattern of an empty cell from its keys.
    fn refresh(&mut self, i: usize) {
        let spot = &mut self.spots[i & MASK];
        let mut packed = [0u16; 2];
        for d in 0..4 {
            let both = self.pairs.numbers(spot.keys[d]);
            for (bits, p) in packed.iter_mut().zip(both) {
                *bits |= p << (4 * d);
            }
        }
        for (s, bits) in packed.into_iter().enumerate() {
            spot.patterns[s] = bits;
            spot.combos[s] = self.tables.combo(bits);
        }
    }

    /// The rule in force.
    pub(crate) fn rule(&self) -> Rule {
        self.rule
    }

    /// On-board cell indices.
    pub(crate) fn points(&self) -> &[u16] {
        &self.points
    }

    /// Whether cell `i` is an empty on-board point.
    pub(crate) fn is_empty(&self, i: usize) -> bool {
        self.cells[i & MASK] == EMPTY as u8
    }

    /// Position hash (stones only; the caller adds the side to move).
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The last stone played, if any.
    pub(crate) fn last(&self) -> Option<usize> {
        self.history.last().map(|&i| usize::from(i))
    }

    /// The pattern side `s` makes along direction `d` by playing cell `i`.
    pub(crate) fn pattern(&self, s: usize, i: usize, d: usize) -> Pattern {
        Pattern::from_index(((self.packed_patterns(s, i) >> (4 * d)) & 15) as u8)
    }

    /// The four patterns side `s` makes by playing cell `i`, four bits each.
    pub(crate) fn packed_patterns(&self, s: usize, i: usize) -> u16 {
        self.spots[i & MASK].patterns[s]
    }

    /// Threat and worth of empty cell `i` for side `s`.
    pub(crate) fn value(&self, s: usize, i: usize) -> PointValue {
        self.tables
            .value(self.bases[s], self.spots[i & MASK].combos[s])
    }

    /// Threat side `s` makes at empty cell `i`.
    pub(crate) fn threat(&self, s: usize, i: usize) -> Threat {
        self.value(s, i).threat
    }

    /// How many empty points give side `s` the threat `t`.
    pub(crate) fn threat_count(&self, s: usize, t: Threat) -> u16 {
        self.threats[s][t as usize]
    }

    /// The strongest threat side `s` can make anywhere, leaving out `skip`.
    pub(crate) fn best_threat(&self, s: usize, skip: Option<Threat>) -> Threat {
        // From five down to quiet: the threats are numbered by strength.
        Threat::ALL[Threat::Quiet as usize..]
            .iter()
            .rev()
            .copied()
            .find(|&t| Some(t) != skip && self.threats[s][t as usize] > 0)
            .unwrap_or(Threat::Quiet)
    }

    /// The threat mask of a leaf with side `s` to move: which threats each
    /// side can make (see [`crate::eval::threat_mask`]).
    pub(crate) fn threat_mask(&self, s: usize) -> usize {
        crate::eval::threat_mask(
            |t| self.threat_count(s, t) > 0,
            |t| self.threat_count(1 - s, t) > 0,
        )
    }

    /// What the threat counts say about a leaf with side `s` to move:
    /// every point where a side makes a three or more lies within two of
    /// a stone, so the counts see what a scan of the candidates sees.
    pub(crate) fn leaf_threats(&self, s: usize) -> LeafThreats {
        let o = 1 - s;
        if self.threat_count(s, Threat::Five) > 0 {
            return LeafThreats::Won(1);
        }
        let own_win = self.threat_count(s, Threat::Win) > 0;
        if self.threat_count(o, Threat::Five) > 0 || (own_win && self.rule == Rule::Renju && s == 0)
        {
            return LeafThreats::Unsure;
        }
        // Neither side has a five here, so any of the fours means a four.
        let fours = |t: usize| FOURS.into_iter().any(|k| self.threat_count(t, k) > 0);
        let opp_fours = fours(o);
        if own_win && !opp_fours {
            return LeafThreats::Won(3);
        }
        LeafThreats::Quiet {
            own_best: self.best_threat(s, None),
            own_fours: fours(s),
            opp_best: self.best_threat(o, Some(Threat::Win)),
            opp_fours,
            opp_open: self.threat_count(o, Threat::Win) > 0,
        }
    }

    /// Static evaluation for side `s`: its point values against the other's.
    pub(crate) fn evaluate(&self, s: usize) -> i32 {
        // The side to move gets to use its points first, so its points
        // and the opponent's are weighed apart.
        (self.totals[s][0] - self.totals[1 - s][1]) / EVAL_UNIT
    }

    /// Puts a stone of side `s` on empty cell `i`.
    pub(crate) fn play(&mut self, i: usize, s: usize) {
        self.marks.push(Mark {
            changes: self.changes.len(),
            totals: self.totals,
            threats: self.threats,
        });
        for t in 0..2 {
            let v = self.value(t, i);
            self.totals[t][0] -= v.attack;
            self.totals[t][1] -= v.defence;
            self.threats[t][v.threat as usize] -= 1;
        }
        self.cells[i] = s as u8 + 1;
        self.hash ^= zobrist()[s][i];
        self.update_lines(i, s as u32 + 1);
        self.touch_near(i, true);
        self.history.push(i as u16);
    }

    /// Takes back the last stone played.
    pub(crate) fn undo(&mut self) {
        let (Some(i), Some(mark)) = (self.history.pop(), self.marks.pop()) else {
            return;
        };
        let i = usize::from(i);
        let code = u32::from(self.cells[i & MASK]);
        self.cells[i & MASK] = EMPTY as u8;
        self.hash ^= zobrist()[code as usize - 1][i];
        for (d, &step) in DIRS.iter().enumerate() {
            for k in 1..=self.reach {
                let before = (i as isize - k * step) as usize;
                self.spots[before & MASK].keys[d] ^= code << (2 * slot(k as i32));
                let after = (i as isize + k * step) as usize;
                self.spots[after & MASK].keys[d] ^= code << (2 * slot(-k as i32));
            }
        }
        self.touch_near(i, false);
        // The point's own patterns were left alone while it was taken, and
        // every point the stone changed gets back what it had.
        for c in self.changes.drain(mark.changes..).rev() {
            let spot = &mut self.spots[usize::from(c.cell) & MASK];
            spot.patterns = c.patterns;
            spot.combos = c.combos;
        }
        self.totals = mark.totals;
        self.threats = mark.threats;
    }

    fn update_lines(&mut self, i: usize, code: u32) {
        for (d, &step) in DIRS.iter().enumerate() {
            for k in 1..=self.reach {
                self.update_key(
                    (i as isize - k * step) as usize,
                    d,
                    code << (2 * slot(k as i32)),
                );
                self.update_key(
                    (i as isize + k * step) as usize,
                    d,
                    code << (2 * slot(-k as i32)),
                );
            }
        }
    }

    // Inlined into its one caller: called for every point a stone passes,
    // the call itself cost a fifth of its time.
    #[inline(always)]
    fn update_key(&mut self, j: usize, d: usize, bits: u32) {
        let j = j & MASK;
        let spot = &mut self.spots[j];
        spot.keys[d] ^= bits;
        if self.cells[j] != EMPTY as u8 {
            return;
        }
        let shift = 4 * d;
        let before = Change {
            cell: j as u16,
            patterns: spot.patterns,
            combos: spot.combos,
        };
        let mut changed = false;
        let both = self.pairs.numbers(spot.keys[d]);
        for (s, p) in both.into_iter().enumerate() {
            let old = spot.patterns[s];
            let packed = (old & !(15 << shift)) | (p << shift);
            if packed == old {
                continue;
            }
            spot.patterns[s] = packed;
            let combo = self.tables.combo(packed);
            let value = self.tables.value(self.bases[s], combo);
            let old = self.tables.value(self.bases[s], spot.combos[s]);
            self.totals[s][0] += value.attack - old.attack;
            self.totals[s][1] += value.defence - old.defence;
            self.threats[s][old.threat as usize] -= 1;
            self.threats[s][value.threat as usize] += 1;
            spot.combos[s] = combo;
            changed = true;
        }
        if changed {
            self.changes.push(before);
        }
    }

    fn touch_near(&mut self, i: usize, add: bool) {
        for dy in -2isize..=2 {
            for dx in -2isize..=2 {
                let j = (i as isize + dy * STRIDE as isize + dx) as usize & MASK;
                let bit = 1u32 << (j % STRIDE);
                // Only a point's first stone near it, or its last going,
                // changes whether it is a candidate.
                if add {
                    self.near[j] += 1;
                    if self.near[j] == 1 && self.cells[j] == EMPTY as u8 {
                        self.open[j / STRIDE] |= bit;
                    }
                } else {
                    self.near[j] -= 1;
                    if self.near[j] == 0 {
                        self.open[j / STRIDE] &= !bit;
                    }
                }
            }
        }
        // The stone's own point: taken while it holds the stone, a
        // candidate again once empty if other stones are near.
        let bit = 1u32 << (i % STRIDE);
        let row = &mut self.open[(i & MASK) / STRIDE];
        if add || self.near[i & MASK] == 0 {
            *row &= !bit;
        } else {
            *row |= bit;
        }
    }

    /// Whether black playing empty cell `i` is forbidden under Renju
    /// (always false under other rules or for white). Exact: it agrees with
    /// `wuzi_core::is_forbidden` at every point.
    pub(crate) fn is_forbidden(&mut self, i: usize) -> bool {
        self.rule == Rule::Renju && self.forbidden_at(i)
    }

    fn forbidden_at(&mut self, i: usize) -> bool {
        let v = self.value(0, i);
        match v.threat {
            Threat::Forbidden => true,
            Threat::Five => false,
            _ if !v.check_forbidden => false,
            _ => self.is_double_three(i),
        }
    }

    /// Counts the real threes black makes at `i`: open threes whose straight
    /// four can be made on a point that is itself not forbidden.
    ///
    /// Whether a three is real asks the same question of its four points
    /// with `i` played, so the test recurses. Each level puts one more
    /// stone on an empty cell and takes it back before returning, so the
    /// depth is bounded by the empty cells and nothing repeats.
    fn is_double_three(&mut self, i: usize) -> bool {
        let mut threes = [false; 4];
        for (d, three) in threes.iter_mut().enumerate() {
            *three = self.pattern(0, i, d) == Pattern::Flex3;
        }
        self.play(i, 0);
        let mut real = 0;
        for d in (0..4).filter(|&d| threes[d]) {
            if self.makes_real_three(i, d) {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.undo();
        real >= 2
    }

    /// Whether the three black's stone at `i` makes along direction `d` can
    /// become a straight four through `i` on an allowed point that is not
    /// a five.
    fn makes_real_three(&mut self, i: usize, d: usize) -> bool {
        let step = DIRS[d];
        for sign in [-1isize, 1] {
            // A straight four through `i` is four stones in a row, so its
            // missing point is at most three away with only black between.
            // An open four further along belongs to other stones.
            for k in 1..=3isize {
                let j = (i as isize + sign * k * step) as usize;
                if self.cells[j] != EMPTY as u8 {
                    if self.cells[j] == 1 {
                        continue;
                    }
                    break;
                }
                if self.pattern(0, j, d) == Pattern::Flex4
                    && self.value(0, j).threat != Threat::Five
                    && !self.forbidden_at(j)
                {
                    return true;
                }
                break;
            }
        }
        false
    }

    /// Empty points within two of a stone (or the centre on an empty board).
    pub(crate) fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.candidate_points());
    }

    /// The candidates one at a time, in the order [`Board::candidates`]
    /// lists them: for a scan that may stop before the last.
    pub(crate) fn candidate_points(&self) -> CandidatePoints<'_> {
        if self.history.is_empty() {
            let c = self.size / 2;
            return CandidatePoints {
                rows: &[],
                y: 0,
                bits: 0,
                first: Some(index(Point::new(c, c))),
            };
        }
        CandidatePoints {
            rows: &self.open,
            y: 0,
            bits: self.open[0],
            first: None,
        }
    }

    /// The five point(s) side `s` has now, along the four lines through `i`
    /// (where a stone was just played).
    pub(crate) fn five_points_around(&self, i: usize, s: usize, out: &mut Vec<usize>) {
        out.clear();
        // The threat counts say how many five points the side has on the
        // whole board: none to look for, or no more once that many are found.
        let fives = usize::from(self.threat_count(s, Threat::Five));
        if fives == 0 {
            return;
        }
        for (d, &step) in DIRS.iter().enumerate() {
            for k in -4isize..=4 {
                if k == 0 {
                    continue;
                }
                let j = (i as isize + k * step) as usize;
                if self.cells[j] == EMPTY as u8
                    && self.pattern(s, j, d) == Pattern::Five
                    && !out.contains(&j)
                {
                    out.push(j);
                    if out.len() == fives {
                        return;
                    }
                }
            }
        }
    }

    /// Whether side `s` has five in a row through cell `i` (which holds its
    /// stone) under the rule.
    pub(crate) fn is_five_at(&self, i: usize, s: usize) -> bool {
        let code = s as u8 + 1;
        DIRS.iter().any(|&step| {
            let mut len = 1;
            for sign in [-1isize, 1] {
                let mut j = i as isize + sign * step;
                while self.cells[j as usize] == code {
                    len += 1;
                    j += sign * step;
                }
            }
            if self.exact(s) { len == 5 } else { len >= 5 }
        })
    }
}

/// The candidate points of a board, row by row (see
/// [`Board::candidate_points`]).
pub(crate) struct CandidatePoints<'b> {
    rows: &'b [u32],
    y: usize,
    /// The points of row `y` not yet given.
    bits: u32,
    /// The centre of an empty board, the one candidate there.
    first: Option<usize>,
}

impl Iterator for CandidatePoints<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        while self.bits == 0 {
            self.y += 1;
            self.bits = *self.rows.get(self.y)?;
        }
        let x = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.y * STRIDE + x)
    }
}

/// A 15x15 core board with black stones on the points named in `black`
/// and white ones on those in `white` (`"h8"`), as a test sets one up.
#[cfg(test)]
pub(crate) fn stones_on(black: &[&str], white: &[&str]) -> wuzi_core::Board {
    let mut board = wuzi_core::Board::default();
    for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for name in names {
            let Ok(p) = wuzi_core::parse_point(name, 15) else {
                panic!("a point: {name}");
            };
            board.set(p, Some(stone));
        }
    }
    board
}

/// The board after `moves` (a record's move string) on 15x15, and the
/// side to move.
#[cfg(test)]
pub(crate) fn board_after(moves: &str, rule: Rule) -> (Board, usize) {
    let Ok(points) = wuzi_core::record::movestr::parse(moves, 15) else {
        panic!("a move string: {moves}");
    };
    let Ok(pos) = crate::Position::from_moves(15, rule, &points) else {
        panic!("a legal game: {moves}");
    };
    (Board::from_core(pos.board(), rule), side(pos.to_move()))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::rng::Rng;

    /// Candidates by the plain definition: every empty point within two of
    /// a stone, row by row.
    fn candidates_by_hand(b: &Board) -> Vec<usize> {
        b.points()
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&i| {
                b.is_empty(i)
                    && b.history.iter().any(|&s| {
                        let (s, i) = (usize::from(s), i);
                        let dx = (s % STRIDE) as isize - (i % STRIDE) as isize;
                        let dy = (s / STRIDE) as isize - (i / STRIDE) as isize;
                        dx.abs() <= 2 && dy.abs() <= 2
                    })
            })
            .collect()
    }

    #[test]
    fn kept_up_values_match_a_board_built_afresh() {
        let mut rng = Rng::new(11);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for size in [7u8, 15] {
                let Ok(empty) = wuzi_core::Board::new(size) else {
                    panic!("size {size}");
                };
                let mut b = Board::from_core(&empty, rule);
                let mut core = empty.clone();
                let mut cands = Vec::new();
                // An empty board has one candidate, its centre.
                b.candidates(&mut cands);
                assert_eq!(cands, [index(Point::new(size / 2, size / 2))]);
                for n in 0..120 {
                    // Mostly play, sometimes take back, so undo is covered.
                    if n % 5 == 4 && b.last().is_some() {
                        let Some(last) = b.last() else { break };
                        b.undo();
                        core.set(point(last), None);
                    } else {
                        let empty: Vec<usize> = b
                            .points()
                            .iter()
                            .map(|&p| usize::from(p))
                            .filter(|&i| b.is_empty(i))
                            .collect();
                        if empty.is_empty() {
                            break;
                        }
                        let i = empty[rng.below(empty.len() as u64) as usize];
                        let s = b.history.len() % 2;
                        b.play(i, s);
                        core.set(
                            point(i),
                            Some(if s == 0 { Stone::Black } else { Stone::White }),
                        );
                    }
                    b.candidates(&mut cands);
                    if !b.history.is_empty() {
                        assert_eq!(cands, candidates_by_hand(&b), "{rule:?} {size} move {n}");
                    }
                    let fresh = Board::from_core(&core, rule);
                    assert_eq!(b.totals, fresh.totals, "{rule:?} {size} move {n}");
                    assert_eq!(b.threats, fresh.threats, "{rule:?} {size} move {n}");
                    // Every threat the counts know of is among the
                    // candidates, so a leaf can trust the counts.
                    for s in 0..2 {
                        // Three and every threat above it.
                        for &t in &Threat::ALL[Threat::Three as usize..] {
                            let seen = cands.iter().filter(|&&i| b.threat(s, i) == t).count();
                            assert_eq!(
                                usize::from(b.threat_count(s, t)),
                                seen,
                                "{rule:?} {size} move {n}"
                            );
                        }
                    }
                    for &p in b.points() {
                        let i = usize::from(p);
                        if b.is_empty(i) {
                            for s in 0..2 {
                                assert_eq!(b.value(s, i), fresh.value(s, i));
                            }
                        }
                    }
                }
            }
        }
    }

    /// A board and its mirror images are the same position: the static
    /// value and every point's value must not depend on which way round it
    /// lies, or the search would judge a position by its orientation. Stones
    /// cluster in the middle (threes and fours across each other) or spread
    /// to the edges, where the walls cut the lines.
    #[test]
    fn the_evaluation_is_the_same_on_the_eight_mirror_images_of_a_board() {
        let mut rng = Rng::new(5);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for game in 0..120 {
                let Ok(mut core) = wuzi_core::Board::new(15) else {
                    panic!("a 15x15 board");
                };
                let (low, span) = if game % 3 == 0 { (0, 15) } else { (3, 9) };
                for k in 0..5 + rng.below(60) {
                    let x = (low + rng.below(span)) as u8;
                    let y = (low + rng.below(span)) as u8;
                    let p = Point::new(x, y);
                    if core.is_empty_at(p) {
                        let stone = if k % 2 == 0 {
                            Stone::Black
                        } else {
                            Stone::White
                        };
                        core.set(p, Some(stone));
                    }
                }
                let base = Board::from_core(&core, rule);
                for t in 1..8u8 {
                    let Ok(mut image) = wuzi_core::Board::new(15) else {
                        panic!("a 15x15 board");
                    };
                    for (p, stone) in core.stones() {
                        let Some(q) = p.turned(15, t) else {
                            panic!("{p:?} is on the board");
                        };
                        image.set(q, Some(stone));
                    }
                    let b = Board::from_core(&image, rule);
                    for s in 0..2 {
                        assert_eq!(
                            b.evaluate(s),
                            base.evaluate(s),
                            "{rule:?} board {game}, image {t}, side {s}"
                        );
                        for &q in base.points() {
                            let i = usize::from(q);
                            if base.is_empty(i) {
                                let Some(q) = point(i).turned(15, t) else {
                                    panic!("point {i} is on the board");
                                };
                                let j = index(q);
                                assert_eq!(
                                    b.value(s, j),
                                    base.value(s, i),
                                    "{rule:?} board {game}, image {t}, side {s}, point {}",
                                    point(i)
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// The empty points where the engine's forbidden test and core's judge
    /// answer differently, as (point, engine's answer, core's answer).
    fn disagreements(core: &wuzi_core::Board) -> Vec<(Point, bool, bool)> {
        let mut b = Board::from_core(core, Rule::Renju);
        let mut differ = Vec::new();
        for &p in &b.points.clone() {
            let i = usize::from(p);
            if b.is_empty(i) {
                let (engine, judge) = (b.is_forbidden(i), wuzi_core::is_forbidden(core, point(i)));
                if engine != judge {
                    differ.push((point(i), engine, judge));
                }
            }
        }
        differ
    }

    /// A 15x15 board from stones given as (cluster, dx, dy, colour roll):
    /// stones gather around a few centres, about eight in ten black, so
    /// threes cross threes and whether one is real often hangs on another
    /// point being forbidden.
    fn clustered(centres: &[(u8, u8)], stones: &[(usize, i8, i8, u8)]) -> wuzi_core::Board {
        let Ok(mut board) = wuzi_core::Board::new(15) else {
            panic!("a 15x15 board");
        };
        for &(c, dx, dy, roll) in stones {
            let (cx, cy) = centres[c % centres.len()];
            let x = (i16::from(cx) + i16::from(dx)).clamp(0, 14) as u8;
            let y = (i16::from(cy) + i16::from(dy)).clamp(0, 14) as u8;
            let p = Point::new(x, y);
            if board.is_empty_at(p) {
                let stone = if roll < 8 { Stone::Black } else { Stone::White };
                board.set(p, Some(stone));
            }
        }
        board
    }

    fn positions() -> impl Strategy<Value = wuzi_core::Board> {
        (
            prop::collection::vec((1u8..14, 1u8..14), 1..4),
            prop::collection::vec((0usize..4, -4i8..=4, -4i8..=4, 0u8..10), 8..200),
        )
            .prop_map(|(centres, stones)| clustered(&centres, &stones))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The engine's forbidden test and core's judge agree at every
        /// empty point, on a board built afresh and on one whose last
        /// stones were played and taken back, as search leaves it.
        #[test]
        fn forbidden_test_agrees_with_core(board in positions(), extra in prop::collection::vec((0u8..15, 0u8..15), 0..6)) {
            let differ = disagreements(&board);
            prop_assert!(differ.is_empty(), "(point, engine, core): {:?}", differ);

            let mut b = Board::from_core(&board, Rule::Renju);
            let mut played = 0;
            for (n, &(x, y)) in extra.iter().enumerate() {
                let i = index(Point::new(x, y));
                if b.is_empty(i) {
                    b.play(i, n % 2);
                    played += 1;
                }
            }
            for _ in 0..played {
                b.undo();
            }
            for &p in &b.points.clone() {
                let i = usize::from(p);
                if b.is_empty(i) {
                    prop_assert_eq!(
                        b.is_forbidden(i),
                        wuzi_core::is_forbidden(&board, point(i)),
                        "after play and undo, at {:?}", point(i)
                    );
                }
            }
        }
    }
}
