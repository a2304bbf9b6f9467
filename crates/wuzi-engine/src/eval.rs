//! Point values: what the four line patterns through a point are worth to a
//! side, and which threat they make together.

use std::sync::OnceLock;

use crate::eval_weights::{COMBO_WEIGHTS, MASK_WEIGHTS, WEIGHTS};
use crate::pattern::Pattern;

/// The threat a side makes by playing a point, from its four line patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Threat {
    /// Black may not play here in Renju (overline or double four).
    Forbidden = 0,
    /// Nothing forcing.
    Quiet,
    /// Makes one open three.
    Three,
    /// Makes one four (the opponent has exactly one answer).
    Four,
    /// Makes two open threes (in Renju, black must check it is not forbidden).
    DoubleThree,
    /// Makes a four and an open three at once.
    FourThree,
    /// Makes an open four or two fours: five next move cannot be stopped.
    Win,
    /// Makes five.
    Five,
}

/// The threats that are a four or better: those [`Threat::is_four`]
/// tells apart with a `matches!` (cheaper on the hot path than a search
/// of this list; a test holds the two to each other).
pub(crate) const FOURS: [Threat; 4] = [Threat::Four, Threat::FourThree, Threat::Win, Threat::Five];

/// How many kinds of threat there are.
pub(crate) const THREATS: usize = 8;

impl Threat {
    /// Every threat, in the order of their numbers: above `Forbidden`,
    /// weakest to strongest.
    pub(crate) const ALL: [Threat; THREATS] = [
        Threat::Forbidden,
        Threat::Quiet,
        Threat::Three,
        Threat::Four,
        Threat::DoubleThree,
        Threat::FourThree,
        Threat::Win,
        Threat::Five,
    ];

    /// A four or better: the opponent must answer at once.
    pub(crate) fn is_four(self) -> bool {
        matches!(
            self,
            Threat::Four | Threat::FourThree | Threat::Win | Threat::Five
        )
    }
}

/// Threat and values of one point for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PointValue {
    /// The threat made by playing here.
    pub threat: Threat,
    /// Whether Renju needs the full forbidden test before black plays here.
    pub check_forbidden: bool,
    /// How urgent the point is to the side, for ordering moves.
    pub score: i32,
    /// What the point adds to the side's evaluation when it is to move,
    /// in [`EVAL_UNIT`]s.
    pub attack: i32,
    /// What the point takes off the opponent's evaluation when the
    /// opponent is to move, in [`EVAL_UNIT`]s.
    pub defence: i32,
}

/// How urgent one line pattern through a point is, for ordering moves.
const LINE_SCORE: [i32; 12] = [0, 2, 6, 10, 36, 40, 160, 190, 900, 900, 0, 6000];

/// The weights are in this fraction of a score point, so that small ones
/// keep their precision when summed over the board.
pub(crate) const EVAL_UNIT: i32 = 32;

/// Line patterns a point counts in the evaluation: every [`Pattern`].
pub(crate) const LINE_FEATURES: usize = 12;

/// What two line patterns through one point make together, below a
/// threat: the points from which the next threats grow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// None of the shapes below.
    Plain = 0,
    /// Two open twos: a double three next move.
    TwoTwo,
    /// An open two and a closed three: a four-three next move.
    TwoBlock3,
    /// Two closed threes: a double four next move.
    Block3Block3,
    /// An open three and an open two (the point makes one three now).
    ThreeTwo,
    /// An open three and a closed three.
    ThreeBlock3,
}

/// Number of [`Shape`] kinds.
pub(crate) const SHAPES: usize = 6;

/// The shape of a point from its four patterns and the threat they make.
fn shape(patterns: [Pattern; 4], threat: Threat) -> Shape {
    let count = |p: Pattern| patterns.iter().filter(|&&q| q == p).count();
    let (twos, block3s) = (count(Pattern::Flex2), count(Pattern::Block3));
    match threat {
        Threat::Quiet if block3s >= 2 => Shape::Block3Block3,
        Threat::Quiet if block3s == 1 && twos >= 1 => Shape::TwoBlock3,
        Threat::Quiet if twos >= 2 => Shape::TwoTwo,
        Threat::Three if block3s >= 1 => Shape::ThreeBlock3,
        Threat::Three if twos >= 1 => Shape::ThreeTwo,
        _ => Shape::Plain,
    }
}

/// Where each group of weights starts in [`WEIGHTS`]: for the side to
/// move, its points by line pattern, by threat and by shape; the same for
/// the side that just moved; then the leaf's threat bonuses
/// ([`LeafBonus`]).
pub(crate) const ATTACK_LINE: usize = 0;
/// Weights of one side's points: line patterns, threats, shapes.
pub(crate) const SIDE_FEATURES: usize = LINE_FEATURES + THREATS + SHAPES;
/// Where a side's threat weights start, from its line weights.
pub(crate) const THREAT_OFFSET: usize = LINE_FEATURES;
/// Where a side's shape weights start, from its line weights.
pub(crate) const SHAPE_OFFSET: usize = LINE_FEATURES + THREATS;
/// See [`ATTACK_LINE`].
pub(crate) const DEFENCE_LINE: usize = ATTACK_LINE + SIDE_FEATURES;
/// See [`ATTACK_LINE`].
pub(crate) const LEAF: usize = DEFENCE_LINE + SIDE_FEATURES;
/// Number of evaluation weights.
pub const EVAL_WEIGHTS: usize = LEAF + LEAF_BONUSES;

/// The threat combinations at a quiet leaf worth more than their points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LeafBonus {
    /// A four-three to play while the opponent has no four: a win in practice.
    FourThree = 0,
    /// A double three to play while the opponent has no four or open three.
    DoubleThree,
    /// The opponent's open three beside a four-three or double three of
    /// theirs elsewhere, and no four to gain time with: more than one block
    /// can stop.
    Overwhelmed,
}

/// Number of [`LeafBonus`] kinds.
pub(crate) const LEAF_BONUSES: usize = 3;

/// Which bonus a quiet leaf earns, if any, from the best threat of each
/// side (`opp_best` leaving out the open-four points), whether each has a
/// four, and whether the opponent has an open three (an open-four point).
/// Black's double three in Renju earns nothing: it may be forbidden.
pub(crate) fn leaf_bonus(
    own_best: Threat,
    own_fours: bool,
    opp_best: Threat,
    opp_fours: bool,
    opp_open: bool,
    renju_black: bool,
) -> Option<LeafBonus> {
    if !opp_fours && own_best == Threat::FourThree {
        return Some(LeafBonus::FourThree);
    }
    if !opp_fours && !opp_open && own_best == Threat::DoubleThree && !renju_black {
        return Some(LeafBonus::DoubleThree);
    }
    if !own_fours && opp_open && opp_best >= Threat::DoubleThree {
        return Some(LeafBonus::Overwhelmed);
    }
    None
}

/// Which way a side's points are valued: by the weights of which rule,
/// and whether black's Renju restrictions apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavour {
    /// Freestyle or standard, either side.
    Gomoku = 0,
    /// Renju, black.
    RenjuBlack,
    /// Renju, white.
    RenjuWhite,
}

impl Flavour {
    /// Every flavour, in the order of their numbers.
    pub(crate) const ALL: [Flavour; 3] =
        [Flavour::Gomoku, Flavour::RenjuBlack, Flavour::RenjuWhite];

    /// How side `s` (0 black) is valued under `rule`.
    pub(crate) fn of(rule: wuzi_core::Rule, s: usize) -> Flavour {
        match (rule, s) {
            (wuzi_core::Rule::Renju, 0) => Flavour::RenjuBlack,
            (wuzi_core::Rule::Renju, _) => Flavour::RenjuWhite,
            _ => Flavour::Gomoku,
        }
    }

    /// The weight table: 0 freestyle and standard, 1 renju.
    pub(crate) fn table(self) -> usize {
        usize::from(self != Flavour::Gomoku)
    }
}

/// What a leaf bonus is worth under `rule`, in score points.
pub(crate) fn leaf_bonus_value(rule: wuzi_core::Rule, bonus: LeafBonus) -> i32 {
    active().tables[Flavour::of(rule, 0).table()][LEAF + bonus as usize] / EVAL_UNIT
}

/// How many combinations of four line patterns a point can have, the
/// order of the lines left aside: the multisets of four of the twelve
/// patterns.
pub(crate) const COMBOS: usize = 1365;

/// Which of the [`COMBOS`] a point's four patterns make: the same number
/// whichever direction holds which pattern.
pub(crate) fn combo(patterns: [Pattern; 4]) -> usize {
    let mut p = patterns.map(|p| p as usize);
    p.sort_unstable();
    // Sorted a <= b <= c <= d become a < b+1 < c+2 < d+3 below 15, whose
    // rank among all such sets is the sum of binomials (the combinatorial
    // number system).
    let choose = |n: usize, k: usize| -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1)) * usize::from(n >= k)
    };
    choose(p[0], 1) + choose(p[1] + 1, 2) + choose(p[2] + 2, 3) + choose(p[3] + 3, 4)
}

/// Which way a combination's correction counts: for the side to move's
/// own points, or taken off for the other side's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// The side to move's point.
    Attack = 0,
    /// The other side's point.
    Defence,
}

/// Where the correction of `combo` for points of `flavour` in `role`
/// sits among all of them (flavour, then role, then combination).
pub(crate) fn combo_slot(flavour: Flavour, role: Role, combo: usize) -> usize {
    (flavour as usize * 2 + role as usize) * COMBOS + combo
}

/// Number of combination corrections: every flavour, both roles.
pub(crate) const COMBO_SLOTS: usize = 3 * 2 * COMBOS;

/// The flavour, role and combination whose correction sits at `slot`, as
/// [`combo_slot`] lays them out; `None` for a slot past the combinations.
pub(crate) fn combo_at_slot(slot: usize) -> Option<(Flavour, Role, usize)> {
    (slot < COMBO_SLOTS).then(|| {
        let role = [Role::Attack, Role::Defence][slot / COMBOS % 2];
        (Flavour::ALL[slot / (2 * COMBOS)], role, slot % COMBOS)
    })
}

/// The threats a quiet leaf's mask records for each side: whether it has
/// a point making each of these.
pub(crate) const MASK_THREATS: [Threat; 5] = [
    Threat::Three,
    Threat::Four,
    Threat::DoubleThree,
    Threat::FourThree,
    Threat::Win,
];

/// Number of threat masks: one bit per [`MASK_THREATS`] for the side to
/// move, then the same for the other side.
pub(crate) const MASKS: usize = 1 << (2 * MASK_THREATS.len());

/// The threat mask of a leaf from whether the side to move (`own`) and
/// the other side (`opp`) can make each threat.
pub(crate) fn threat_mask(own: impl Fn(Threat) -> bool, opp: impl Fn(Threat) -> bool) -> usize {
    let n = MASK_THREATS.len();
    MASK_THREATS.iter().enumerate().fold(0, |mask, (b, &t)| {
        mask | usize::from(own(t)) << b | usize::from(opp(t)) << (b + n)
    })
}

/// Where the value of threat mask `mask` for a side to move of `flavour`
/// sits among the corrections: after every combination.
pub(crate) fn mask_slot(flavour: Flavour, mask: usize) -> usize {
    COMBO_SLOTS + flavour as usize * MASKS + mask
}

/// Number of corrections to the weights: the combinations of four
/// patterns, then the threat masks.
pub(crate) const CORRECTION_SLOTS: usize = COMBO_SLOTS + 3 * MASKS;

/// The flavour and threat mask whose value sits at `slot`, as
/// [`mask_slot`] lays them out; `None` for a slot outside the masks.
pub(crate) fn mask_at_slot(slot: usize) -> Option<(Flavour, usize)> {
    (COMBO_SLOTS..CORRECTION_SLOTS).contains(&slot).then(|| {
        let at = slot - COMBO_SLOTS;
        (Flavour::ALL[at / MASKS], at % MASKS)
    })
}

/// The corrections of the weights in use, laid out by [`combo_slot`] and
/// [`mask_slot`].
pub(crate) fn corrections() -> &'static [i32] {
    &active().corrections
}

/// The corrections of [`COMBO_WEIGHTS`] and [`MASK_WEIGHTS`], laid out by
/// [`combo_slot`] and [`mask_slot`].
fn built_in_corrections() -> Vec<i32> {
    let mut t = vec![0; CORRECTION_SLOTS];
    for &(flavour, patterns, attack, defence) in COMBO_WEIGHTS {
        let c = combo(patterns);
        t[combo_slot(flavour, Role::Attack, c)] = attack;
        t[combo_slot(flavour, Role::Defence, c)] = defence;
    }
    for &(flavour, own, opp, value) in MASK_WEIGHTS {
        let mask = threat_mask(|t| own.contains(&t), |t| opp.contains(&t));
        t[mask_slot(flavour, mask)] = value;
    }
    t
}

/// How many weight tables there are: one per [`Flavour::table`]
/// (`eval_table` by rule).
pub const EVAL_TABLES: usize = 2;

/// The weights the evaluation uses: the tables (freestyle and standard,
/// then renju) and the corrections.
pub(crate) struct Weights {
    /// One table a rule, see [`Flavour::table`].
    pub tables: [[i32; EVAL_WEIGHTS]; EVAL_TABLES],
    /// Laid out by [`combo_slot`] and [`mask_slot`].
    pub corrections: Vec<i32>,
}

/// The weights in use, fixed by the first look at them: those built in,
/// unless [`use_eval_weights`] came first.
static ACTIVE: OnceLock<Weights> = OnceLock::new();

/// The weights in use.
pub(crate) fn active() -> &'static Weights {
    ACTIVE.get_or_init(|| Weights {
        tables: WEIGHTS,
        corrections: built_in_corrections(),
    })
}

/// Why other weights could not be put in place of those built in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChooseWeightsError {
    /// The evaluation has already been used with the weights it had: a
    /// search's tables cannot change under it.
    #[error("the evaluation is already in use with other weights")]
    InUse,
    /// Not the evaluation's number of weights or corrections.
    #[error("{found} {what}, the evaluation has {expected}")]
    WrongCount {
        /// `weights` or `corrections`.
        what: &'static str,
        /// How many were given.
        found: usize,
        /// How many the evaluation has.
        expected: usize,
    },
}

/// Plays with `tables` (every table's weights, one after the other) and
/// `corrections` (laid out as `EVAL_CORRECTIONS` says), as
/// `parse_eval_weights` reads them from a weights file, in place of the
/// weights built in, for the rest of the process. It must come before the
/// first search or evaluation: `wuzi pbrain --weights` calls it at
/// start-up, so that a tuning run can play one set of weights against
/// another, each engine in a process of its own.
///
/// # Errors
/// Counts that do not fit the evaluation, or an evaluation already used.
pub fn use_eval_weights(tables: &[i32], corrections: &[i32]) -> Result<(), ChooseWeightsError> {
    let wrong = |what, found, expected| ChooseWeightsError::WrongCount {
        what,
        found,
        expected,
    };
    if tables.len() != EVAL_TABLES * EVAL_WEIGHTS {
        return Err(wrong("weights", tables.len(), EVAL_TABLES * EVAL_WEIGHTS));
    }
    if corrections.len() != CORRECTION_SLOTS {
        return Err(wrong("corrections", corrections.len(), CORRECTION_SLOTS));
    }
    let mut chosen = Weights {
        tables: [[0; EVAL_WEIGHTS]; EVAL_TABLES],
        corrections: corrections.to_vec(),
    };
    for (table, numbers) in chosen
        .tables
        .iter_mut()
        .zip(tables.chunks_exact(EVAL_WEIGHTS))
    {
        table.copy_from_slice(numbers);
    }
    ACTIVE.set(chosen).map_err(|_| ChooseWeightsError::InUse)
}

/// What a quiet leaf's threat mask adds to the evaluation of a side to
/// move of `flavour`, in score points.
pub(crate) fn mask_value(flavour: Flavour, mask: usize) -> i32 {
    corrections()[mask_slot(flavour, mask)] / EVAL_UNIT
}

/// Adds what a point counts in the evaluation, for the side it belongs
/// to, to `features` at `base` (`ATTACK_LINE` or `DEFENCE_LINE`): each
/// line pattern, its threat and its shape. A forbidden point counts only
/// as forbidden: black cannot use its lines there.
pub(crate) fn count_point(
    patterns: u16,
    threat: Threat,
    base: usize,
    sign: f64,
    features: &mut [f64],
) {
    features[base + THREAT_OFFSET + threat as usize] += sign;
    if threat == Threat::Forbidden {
        return;
    }
    let pats = unpack(patterns);
    for p in pats {
        features[base + p as usize] += sign;
    }
    features[base + SHAPE_OFFSET + shape(pats, threat) as usize] += sign;
}

/// The four patterns packed four bits each.
pub(crate) fn unpack(patterns: u16) -> [Pattern; 4] {
    [0, 4, 8, 12].map(|s| Pattern::from_index(((patterns >> s) & 15) as u8))
}

fn value(patterns: [Pattern; 4], flavour: Flavour) -> PointValue {
    let mut v = summed(patterns, flavour);
    let scale = defence_scale(flavour);
    if scale != 1.0 {
        let dead = summed([Pattern::Dead; 4], flavour).defence;
        v.defence = dead + (f64::from(v.defence - dead) * scale).round() as i32;
    }
    v
}

/// A point's threat and values as the weights add them up, before
/// [`defence_scale`].
fn summed(patterns: [Pattern; 4], flavour: Flavour) -> PointValue {
    let renju_black = flavour == Flavour::RenjuBlack;
    let weights = &active().tables[flavour.table()];
    let mut fives = 0;
    let mut fours = 0;
    let mut open_fours = 0;
    let mut threes = 0;
    let mut overline = false;
    let mut score = 0;
    for p in patterns {
        score += LINE_SCORE[p as usize];
        match p {
            Pattern::Five => fives += 1,
            Pattern::Flex4 | Pattern::DoubleFour => open_fours += 1,
            Pattern::Flex3 => threes += 1,
            Pattern::Overline => overline = true,
            _ => {}
        }
        fours += p.fours();
    }
    // Only a full look at the threes tells a double three from a legal move.
    let check_forbidden = renju_black && fives == 0 && threes >= 2;
    let threat = if fives > 0 {
        Threat::Five
    } else if renju_black && (overline || fours >= 2) {
        Threat::Forbidden
    } else if open_fours > 0 || fours >= 2 {
        Threat::Win
    } else if fours > 0 && threes > 0 {
        Threat::FourThree
    } else if fours > 0 {
        Threat::Four
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else {
        Threat::Quiet
    };
    score += match threat {
        Threat::Five => 20_000,
        Threat::Win => 4_000,
        Threat::FourThree => 2_000,
        Threat::DoubleThree => 700,
        Threat::Forbidden => -score,
        _ => 0,
    };
    let worth = |base: usize| {
        let mut sum = weights[base + THREAT_OFFSET + threat as usize];
        if threat != Threat::Forbidden {
            sum += patterns
                .iter()
                .map(|&p| weights[base + p as usize])
                .sum::<i32>();
            sum += weights[base + SHAPE_OFFSET + shape(patterns, threat) as usize];
        }
        sum
    };
    // What the four lines make together beyond the sum of their parts.
    let c = combo(patterns);
    let corrections = corrections();
    PointValue {
        threat,
        check_forbidden,
        score,
        attack: worth(ATTACK_LINE) + corrections[combo_slot(flavour, Role::Attack, c)],
        defence: worth(DEFENCE_LINE) + corrections[combo_slot(flavour, Role::Defence, c)],
    }
}

/// How much more white's points count against black, when black is to
/// move in renju, than the renju table says: each such point's value is
/// this many times as far from that of a dead point (no five possible
/// along any of its lines).
///
/// Most empty points are not dead (an open line makes a one-stone line
/// there), so the scale also moves the value of the open board: with
/// black to move, black's static value is about 1,200 points higher on
/// an empty board, less as stones and white's threats grow, and below the
/// table's once white has many threats.
///
/// The renju table learnt from Master's games against itself, most of
/// which white won, and it judges black far behind in openings an
/// established engine calls even; refits to more such games kept that
/// lean. Against that engine at a second a move, white's points weighed
/// 1.3 times won more renju games than the table as fitted, and 1.6
/// times fewer (`docs/benchmarks.md`, "White's points weighed more
/// against black in renju"). `wuzi tune` counts the features the same
/// way, so a fit sees the evaluation the search uses.
pub(crate) const RENJU_WHITE_AGAINST_BLACK: f64 = 1.3;

/// How many times as far from a dead point's value (no five possible
/// along any of its lines) the points of a side of `flavour` count against
/// the side to move, beyond what the weights add up to: the one place
/// that says which side's points [`RENJU_WHITE_AGAINST_BLACK`] scales,
/// for the search and for `wuzi tune` alike.
pub(crate) fn defence_scale(flavour: Flavour) -> f64 {
    if flavour == Flavour::RenjuWhite {
        RENJU_WHITE_AGAINST_BLACK
    } else {
        1.0
    }
}

/// Every point value, laid out for the board's updates, which look one up
/// for each point a stone changes.
///
/// A value does not depend on which line holds which pattern, so it is
/// kept once per combination: 1,365 values a flavour behind a 128 KiB
/// index, about 200 KiB in all where one value per packed set took 3 MiB.
/// The board keeps each point's combination rather than its value, so a
/// point takes 24 bytes and the whole board fits the processor's first
/// cache.
#[derive(Debug)]
pub(crate) struct ValueTables {
    /// The [`combo`] each packed set of four patterns makes.
    combo_of: Box<[u16; 1 << 16]>,
    /// The value of each combination, flavour by flavour, and one more to
    /// make the length a power of two (see [`ValueTables::value`]).
    values: Box<[PointValue; VALUE_SLOTS]>,
}

/// Slots in the table of values: every flavour's combinations fit in this
/// power of two, so masking an index with it is enough to stay inside.
const VALUE_SLOTS: usize = 4096;
const _: () = assert!(Flavour::ALL.len() * COMBOS <= VALUE_SLOTS);

impl ValueTables {
    /// The tables, worked out when first asked for.
    pub(crate) fn get() -> &'static ValueTables {
        VALUES.get_or_init(|| {
            let mut combo_of = Box::new([0u16; 1 << 16]);
            for (packed, c) in (0..=u16::MAX).zip(combo_of.iter_mut()) {
                *c = combo(unpack(packed)) as u16;
            }
            // One packed set standing for each combination, so each value
            // is worked out once.
            let mut sample = [0u16; COMBOS];
            for (packed, &c) in (0..=u16::MAX).zip(combo_of.iter()).rev() {
                sample[usize::from(c)] = packed;
            }
            let mut values = Box::new([value(unpack(0), Flavour::Gomoku); VALUE_SLOTS]);
            let all = Flavour::ALL
                .iter()
                .flat_map(|&flavour| sample.iter().map(move |&p| value(unpack(p), flavour)));
            for (slot, v) in values.iter_mut().zip(all) {
                *slot = v;
            }
            ValueTables { combo_of, values }
        })
    }

    /// The combination a packed set of four patterns makes (as the board
    /// keeps them, four bits each).
    #[inline]
    pub(crate) fn combo(&self, patterns: u16) -> u16 {
        self.combo_of[usize::from(patterns)]
    }

    /// Where a flavour's values start, for [`ValueTables::value`].
    pub(crate) fn base(flavour: Flavour) -> usize {
        flavour as usize * COMBOS
    }

    /// The value of combination `combo` for the flavour starting at `base`.
    #[inline]
    pub(crate) fn value(&self, base: usize, combo: u16) -> PointValue {
        self.values[(base + usize::from(combo)) & (VALUE_SLOTS - 1)]
    }
}

static VALUES: OnceLock<ValueTables> = OnceLock::new();

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::{Block1, Block3, Dead, Flex2, Flex3, Flex4};

    #[test]
    fn the_list_of_fours_is_the_threats_that_are_a_four() {
        for (n, t) in Threat::ALL.into_iter().enumerate() {
            assert_eq!(t as usize, n);
            assert_eq!(FOURS.contains(&t), t.is_four(), "{t:?}");
        }
    }

    /// Value of a point from its four patterns packed four bits each, as
    /// the board looks it up.
    fn point_value(patterns: u16, flavour: Flavour) -> PointValue {
        let tables = ValueTables::get();
        tables.value(ValueTables::base(flavour), tables.combo(patterns))
    }

    #[test]
    fn a_point_is_worth_the_same_whichever_line_holds_which_pattern() {
        // The table keeps one value per combination; every packed set of
        // patterns, in every order, must read back what it is worth.
        for flavour in Flavour::ALL {
            for packed in 0..=u16::MAX {
                assert_eq!(
                    point_value(packed, flavour),
                    value(unpack(packed), flavour),
                    "{flavour:?} {packed:#06x}"
                );
            }
        }
    }

    #[test]
    fn a_point_has_the_shape_of_what_its_lines_grow_into() {
        let value = |p: [Pattern; 4]| value(p, Flavour::Gomoku);
        let shape_of = |p: [Pattern; 4]| shape(p, value(p).threat);
        assert_eq!(shape_of([Flex2, Flex2, Dead, Block1]), Shape::TwoTwo);
        assert_eq!(shape_of([Flex2, Block3, Dead, Dead]), Shape::TwoBlock3);
        assert_eq!(shape_of([Block3, Block3, Flex2, Dead]), Shape::Block3Block3);
        assert_eq!(shape_of([Flex3, Flex2, Dead, Dead]), Shape::ThreeTwo);
        assert_eq!(shape_of([Flex3, Block3, Flex2, Dead]), Shape::ThreeBlock3);
        assert_eq!(shape_of([Flex2, Block1, Dead, Dead]), Shape::Plain);
        // A threat already counts as one: two threes are a double three.
        assert_eq!(shape_of([Flex3, Flex3, Flex2, Dead]), Shape::Plain);
        assert_eq!(shape_of([Flex4, Flex2, Flex2, Dead]), Shape::Plain);
    }

    #[test]
    fn a_leaf_values_the_threats_on_both_sides() {
        let bonus = |own, own_fours, opp, opp_fours, opp_open| {
            leaf_bonus(own, own_fours, opp, opp_fours, opp_open, false)
        };
        // A four-three against no four: as good as won, bar the proof.
        let four_three = bonus(Threat::FourThree, true, Threat::Three, false, false);
        assert_eq!(four_three, Some(LeafBonus::FourThree));
        // The same with the opponent holding a four: nothing extra.
        assert_eq!(
            bonus(Threat::FourThree, true, Threat::Four, true, false),
            None
        );
        // A double three is worth something only when the opponent has no
        // open three of its own to answer with.
        let double = bonus(Threat::DoubleThree, false, Threat::Three, false, false);
        assert_eq!(double, Some(LeafBonus::DoubleThree));
        assert_eq!(
            bonus(Threat::DoubleThree, false, Threat::Three, false, true),
            None
        );
        // Black's double three in renju may be forbidden: no bonus.
        assert_eq!(
            leaf_bonus(
                Threat::DoubleThree,
                false,
                Threat::Three,
                false,
                false,
                true
            ),
            None
        );
        // An open three plus a double threat elsewhere, and no four to
        // answer with: more than one block can stop.
        let overwhelmed = bonus(Threat::Three, false, Threat::DoubleThree, false, true);
        assert_eq!(overwhelmed, Some(LeafBonus::Overwhelmed));
        assert_eq!(
            bonus(Threat::Four, true, Threat::DoubleThree, false, true),
            None
        );
        // What the fitted weights make of them, in every rule.
        for rule in [wuzi_core::Rule::Freestyle, wuzi_core::Rule::Renju] {
            assert!(leaf_bonus_value(rule, LeafBonus::FourThree) > 1_000);
            assert!(leaf_bonus_value(rule, LeafBonus::DoubleThree) > 0);
            assert!(leaf_bonus_value(rule, LeafBonus::Overwhelmed) < 0);
        }
    }

    #[test]
    fn every_set_of_four_patterns_has_its_own_combination_whatever_the_order() {
        let mut seen = vec![None; COMBOS];
        for packed in 0..=u16::MAX {
            let p = unpack(packed);
            let c = combo(p);
            let mut sorted = p;
            sorted.sort_unstable();
            // The same set always lands on the same number, and no other
            // set lands there.
            match seen[c] {
                None => seen[c] = Some(sorted),
                Some(s) => assert_eq!(s, sorted, "{p:?}"),
            }
        }
        // Patterns 12-15 of a nibble read as Dead: every set of the twelve.
        assert!(seen.iter().all(Option::is_some));
    }

    #[test]
    fn every_correction_slot_reads_back_as_what_was_laid_there() {
        let mut owners = vec![0; CORRECTION_SLOTS];
        for flavour in Flavour::ALL {
            for role in [Role::Attack, Role::Defence] {
                for c in 0..COMBOS {
                    let slot = combo_slot(flavour, role, c);
                    assert_eq!(combo_at_slot(slot), Some((flavour, role, c)));
                    assert_eq!(mask_at_slot(slot), None);
                    owners[slot] += 1;
                }
            }
            for mask in 0..MASKS {
                let slot = mask_slot(flavour, mask);
                assert_eq!(mask_at_slot(slot), Some((flavour, mask)));
                assert_eq!(combo_at_slot(slot), None);
                owners[slot] += 1;
            }
        }
        // Every slot belongs to exactly one correction; none lies past them.
        assert!(owners.iter().all(|&n| n == 1));
        assert_eq!(combo_at_slot(CORRECTION_SLOTS), None);
        assert_eq!(mask_at_slot(CORRECTION_SLOTS), None);
    }

    #[test]
    fn a_point_is_worth_its_weights_and_a_forbidden_one_only_its_own() {
        let pats = [Flex3, Flex2, Block1, Dead];
        let v = value(pats, Flavour::RenjuWhite);
        let w = &WEIGHTS[1];
        let lines: i32 = pats.iter().map(|&p| w[ATTACK_LINE + p as usize]).sum();
        let corrections = corrections();
        let correction = |flavour, role, p| corrections[combo_slot(flavour, role, combo(p))];
        assert_eq!(
            v.attack,
            lines
                + w[ATTACK_LINE + THREAT_OFFSET + Threat::Three as usize]
                + w[ATTACK_LINE + SHAPE_OFFSET + Shape::ThreeTwo as usize]
                + correction(Flavour::RenjuWhite, Role::Attack, pats)
        );
        // Against black, white's point counts 1.3 times as far from a
        // dead point's value as its weights add up to.
        let defence = |flavour, p: [Pattern; 4], threat: Threat, shape: Shape| {
            p.iter().map(|&q| w[DEFENCE_LINE + q as usize]).sum::<i32>()
                + w[DEFENCE_LINE + THREAT_OFFSET + threat as usize]
                + w[DEFENCE_LINE + SHAPE_OFFSET + shape as usize]
                + correction(flavour, Role::Defence, p)
        };
        let bare = defence(Flavour::RenjuWhite, [Dead; 4], Threat::Quiet, Shape::Plain);
        let summed = defence(Flavour::RenjuWhite, pats, Threat::Three, Shape::ThreeTwo);
        assert_eq!(
            v.defence,
            bare + (f64::from(summed - bare) * 1.3).round() as i32
        );
        assert_eq!(value([Dead; 4], Flavour::RenjuWhite).defence, bare);
        // Black's points, and either side's in freestyle, count as summed.
        assert_eq!(
            value(pats, Flavour::RenjuBlack).defence,
            defence(Flavour::RenjuBlack, pats, Threat::Three, Shape::ThreeTwo)
        );
        let w0 = &WEIGHTS[0];
        assert_eq!(
            value(pats, Flavour::Gomoku).defence,
            pats.iter()
                .map(|&q| w0[DEFENCE_LINE + q as usize])
                .sum::<i32>()
                + w0[DEFENCE_LINE + THREAT_OFFSET + Threat::Three as usize]
                + w0[DEFENCE_LINE + SHAPE_OFFSET + Shape::ThreeTwo as usize]
                + correction(Flavour::Gomoku, Role::Defence, pats)
        );
        // Black's double four in renju: forbidden, worth only that.
        let double_four = [Pattern::Block4, Pattern::Block4, Flex2, Dead];
        let v = value(double_four, Flavour::RenjuBlack);
        assert_eq!(v.threat, Threat::Forbidden);
        assert_eq!(
            v.attack,
            w[ATTACK_LINE + THREAT_OFFSET + Threat::Forbidden as usize]
                + correction(Flavour::RenjuBlack, Role::Attack, double_four)
        );
        assert_eq!(
            v.defence,
            w[DEFENCE_LINE + THREAT_OFFSET + Threat::Forbidden as usize]
                + correction(Flavour::RenjuBlack, Role::Defence, double_four)
        );
    }
}
