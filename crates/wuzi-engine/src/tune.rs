//! What the evaluation counts in a position, so that `wuzi tune` can fit
//! its weights to how games ended.
//!
//! The evaluation is linear in its weights: for the side to move, every
//! empty point's four line patterns and its threat, each with a weight of
//! its own, and a correction for the four patterns it has together; the
//! same for the opponent's points with other weights, taken off; and a
//! bonus for some threat combinations at a quiet leaf. So a position's
//! evaluation is the weights times how often each feature occurs, and
//! fitting the weights is a logistic regression on those counts.

use wuzi_core::{Point, Rule};

use crate::board::{Board, LeafThreats, index, side};
use crate::eval::{
    ATTACK_LINE, COMBO_SLOTS, COMBOS, CORRECTION_SLOTS, DEFENCE_LINE, EVAL_UNIT, Flavour, LEAF,
    LINE_FEATURES, MASK_THREATS, Role, SHAPE_OFFSET, SHAPES, THREAT_OFFSET, Threat, active, combo,
    combo_at_slot, combo_slot, corrections, count_point, defence_scale, leaf_bonus, mask_at_slot,
    mask_slot, threat_mask,
};
pub use crate::eval::{ChooseWeightsError, EVAL_TABLES, EVAL_WEIGHTS, use_eval_weights};
use crate::pattern::Pattern;
use crate::position::{Position, PositionError};

/// Number of corrections to the weights: first, flavour by flavour
/// (freestyle and standard, renju black, renju white), a correction for
/// each combination of four line patterns at the side to move's points
/// and then at the other side's; then, flavour by flavour of the side to
/// move, a value for each threat mask of a quiet leaf (which threats each
/// side can make). [`eval_correction_name`] names each.
pub const EVAL_CORRECTIONS: usize = CORRECTION_SLOTS;

/// How often each of the evaluation's features occurs in a position, from
/// the side to move's view (the opponent's counted negative).
#[derive(Debug, Clone, PartialEq)]
pub struct EvalFeatures {
    /// The weights' features, in the order of [`eval_weight_names`].
    pub linear: [f64; EVAL_WEIGHTS],
    /// The corrections that apply (the combinations present and the
    /// leaf's threat mask), by their place among the [`EVAL_CORRECTIONS`],
    /// each once, in increasing order.
    pub corrections: Vec<(u32, f64)>,
}

const PATTERNS: [&str; LINE_FEATURES] = [
    "dead",
    "block1",
    "flex1",
    "block2",
    "flex2",
    "block3",
    "flex3",
    "block4",
    "flex4",
    "double-four",
    "overline",
    "five",
];

const SHAPES_NAMED: [&str; SHAPES] = [
    "plain",
    "two-two",
    "two-block3",
    "block3-block3",
    "three-two",
    "three-block3",
];

const THREATS: [&str; 8] = [
    "forbidden",
    "quiet",
    "three",
    "four",
    "double-three",
    "four-three",
    "win",
    "five",
];

/// A name for each weight: `attack line flex3`, `defence threat four`,
/// `leaf four-three`, ...
#[must_use]
pub fn eval_weight_names() -> Vec<String> {
    let mut names = Vec::with_capacity(EVAL_WEIGHTS);
    for who in ["attack", "defence"] {
        names.extend(PATTERNS.iter().map(|p| format!("{who} line {p}")));
        names.extend(THREATS.iter().map(|t| format!("{who} threat {t}")));
        names.extend(SHAPES_NAMED.iter().map(|t| format!("{who} shape {t}")));
    }
    names.extend(
        ["four-three", "double-three", "overwhelmed"]
            .iter()
            .map(|b| format!("leaf {b}")),
    );
    names
}

/// The weights the engine plays with, in 1/[`eval_unit`] of a score
/// point: one table per [`eval_table`].
#[must_use]
pub fn eval_weights() -> [[i32; EVAL_WEIGHTS]; EVAL_TABLES] {
    active().tables
}

/// Which weight table a rule's games use: 0 freestyle and standard (the
/// same patterns count), 1 renju.
#[must_use]
pub fn eval_table(rule: Rule) -> usize {
    Flavour::of(rule, 0).table()
}

/// How many weight units make one score point.
#[must_use]
pub fn eval_unit() -> i32 {
    EVAL_UNIT
}

/// The corrections the engine plays with, in 1/[`eval_unit`] of a score
/// point, laid out as [`EVAL_CORRECTIONS`] says.
#[must_use]
pub fn eval_corrections() -> Vec<i32> {
    corrections().to_vec()
}

/// Which weight table's games teach a correction (those of the flavours
/// its rule values points by), or `None` past the last.
#[must_use]
pub fn eval_correction_table(slot: usize) -> Option<usize> {
    combo_at_slot(slot)
        .map(|(flavour, ..)| flavour)
        .or_else(|| mask_at_slot(slot).map(|(flavour, _)| flavour))
        .map(Flavour::table)
}

/// Whether a correction is a threat mask's value (the rest are
/// combinations of four patterns).
#[must_use]
pub fn eval_correction_is_mask(slot: usize) -> bool {
    mask_at_slot(slot).is_some()
}

/// A name for a correction: `renju-black attack flex3 flex2 block1 dead`
/// for a combination, `gomoku mask three four / three` for a threat mask
/// (the side to move's threats, then the other side's), or `None` past
/// the last.
#[must_use]
pub fn eval_correction_name(slot: usize) -> Option<String> {
    if let Some((flavour, own, opp)) = mask_at(slot) {
        let names = |ts: Vec<Threat>| -> String {
            let words: Vec<&str> = ts.iter().map(|&t| THREATS[t as usize]).collect();
            if words.is_empty() {
                "-".to_string()
            } else {
                words.join(" ")
            }
        };
        return Some(format!(
            "{} mask {} / {}",
            FLAVOURS[flavour as usize],
            names(own),
            names(opp)
        ));
    }
    let (flavour, role, patterns) = combo_at(slot)?;
    let names: Vec<&str> = patterns.iter().map(|&p| PATTERNS[p as usize]).collect();
    Some(format!(
        "{} {} {}",
        FLAVOURS[flavour as usize],
        ["attack", "defence"][role as usize],
        names.join(" ")
    ))
}

const FLAVOURS: [&str; 3] = ["gomoku", "renju-black", "renju-white"];
const FLAVOUR_CODES: [&str; 3] = ["Gomoku", "RenjuBlack", "RenjuWhite"];
const THREAT_CODES: [&str; 8] = [
    "Forbidden",
    "Quiet",
    "Three",
    "Four",
    "DoubleThree",
    "FourThree",
    "Win",
    "Five",
];
const PATTERN_CODES: [&str; LINE_FEATURES] = [
    "Dead",
    "Block1",
    "Flex1",
    "Block2",
    "Flex2",
    "Block3",
    "Flex3",
    "Block4",
    "Flex4",
    "DoubleFour",
    "Overline",
    "Five",
];

/// The flavour, role and patterns (strongest first) of a correction slot.
fn combo_at(slot: usize) -> Option<(Flavour, Role, [Pattern; 4])> {
    let (flavour, role, combo) = combo_at_slot(slot)?;
    Some((flavour, role, combo_patterns()[combo]))
}

/// The flavour of the side to move and the threats of each side of a
/// mask slot.
fn mask_at(slot: usize) -> Option<(Flavour, Vec<Threat>, Vec<Threat>)> {
    let (flavour, mask) = mask_at_slot(slot)?;
    let n = MASK_THREATS.len();
    let side = |shift: usize| -> Vec<Threat> {
        MASK_THREATS
            .iter()
            .enumerate()
            .filter(|&(b, _)| mask >> (b + shift) & 1 == 1)
            .map(|(_, &t)| t)
            .collect()
    };
    Some((flavour, side(0), side(n)))
}

/// Each combination's patterns, strongest first, by [`combo`] number.
fn combo_patterns() -> &'static [[Pattern; 4]] {
    static TABLE: std::sync::OnceLock<Vec<[Pattern; 4]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![[Pattern::Dead; 4]; COMBOS];
        for a in 0..LINE_FEATURES as u8 {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let p = [a, b, c, d].map(Pattern::from_index);
                        t[combo(p)] = p;
                    }
                }
            }
        }
        t
    })
}

/// The features of the position after each prefix of `moves` (black
/// first): element `k` is the position before move `k`, with the side of
/// move `k` to play; the last is the position after all of them (`None`
/// once the game is won). `None` too where the evaluation is not used
/// because the position is decided: a five to make or to stop, a four
/// that cannot be stopped.
///
/// # Errors
/// The first move that cannot be played, or a bad size.
pub fn eval_features_along(
    size: u8,
    rule: Rule,
    moves: &[Point],
) -> Result<Vec<Option<EvalFeatures>>, PositionError> {
    let mut pos = Position::new(size, rule)?;
    let mut board = Board::from_core(pos.board(), rule);
    let mut out = Vec::with_capacity(moves.len() + 1);
    for &m in moves {
        out.push(features(&board, side(pos.to_move())));
        let mover = pos.to_move();
        pos.play(m)?;
        board.play(index(m), side(mover));
        if pos.winner().is_some() {
            out.push(None);
            return Ok(out);
        }
    }
    out.push(features(&board, side(pos.to_move())));
    Ok(out)
}

/// The features for side `s` to move, as a quiet leaf of the search sees
/// them ([`Board::leaf_threats`]), or `None` when the leaf is not quiet.
fn features(board: &Board, s: usize) -> Option<EvalFeatures> {
    let o = 1 - s;
    let LeafThreats::Quiet {
        own_best,
        own_fours,
        opp_best,
        opp_fours,
        opp_open,
    } = board.leaf_threats(s)
    else {
        return None;
    };
    let mut x = [0.0; EVAL_WEIGHTS];
    let (own, other) = (Flavour::of(board.rule(), s), Flavour::of(board.rule(), o));
    let mut combos: Vec<(u32, f64)> = Vec::new();
    // The opponent's points scaled from a dead point's value count that
    // many times over, and the dead point's features make up the rest.
    let scale = defence_scale(other);
    let mut empty = 0.0;
    for &p in board.points() {
        let i = usize::from(p);
        if !board.is_empty(i) {
            continue;
        }
        empty += 1.0;
        for (t, flavour, role, base, sign) in [
            (s, own, Role::Attack, ATTACK_LINE, 1.0),
            (o, other, Role::Defence, DEFENCE_LINE, -scale),
        ] {
            let packed = board.packed_patterns(t, i);
            count_point(packed, board.threat(t, i), base, sign, &mut x);
            let c = combo(crate::eval::unpack(packed));
            combos.push((combo_slot(flavour, role, c) as u32, sign));
        }
    }
    if scale != 1.0 {
        // Every line dead: the packed patterns are all zero.
        let bare = (scale - 1.0) * empty;
        count_point(0, Threat::Quiet, DEFENCE_LINE, bare, &mut x);
        let c = combo([Pattern::Dead; 4]);
        combos.push((combo_slot(other, Role::Defence, c) as u32, bare));
    }
    combos.push((mask_slot(own, board.threat_mask(s)) as u32, 1.0));
    combos.sort_unstable_by_key(|&(slot, _)| slot);
    let mut merged: Vec<(u32, f64)> = Vec::with_capacity(combos.len());
    for (slot, count) in combos {
        match merged.last_mut() {
            Some(last) if last.0 == slot => last.1 += count,
            _ => merged.push((slot, count)),
        }
    }
    if let Some(bonus) = leaf_bonus(
        own_best,
        own_fours,
        opp_best,
        opp_fours,
        opp_open,
        Flavour::of(board.rule(), s) == Flavour::RenjuBlack,
    ) {
        x[LEAF + bonus as usize] = 1.0;
    }
    Some(EvalFeatures {
        linear: x,
        corrections: merged,
    })
}

/// The evaluation of a position with these features under `weights` and
/// the corrections `corrections` (laid out as [`EVAL_CORRECTIONS`] says),
/// in score points.
#[must_use]
pub fn eval_with(weights: &[f64], corrections: &[f64], features: &EvalFeatures) -> f64 {
    let linear: f64 = weights
        .iter()
        .zip(&features.linear)
        .map(|(w, x)| w * x)
        .sum();
    let corrected: f64 = features
        .corrections
        .iter()
        .map(|&(slot, x)| corrections.get(slot as usize).copied().unwrap_or(0.0) * x)
        .sum();
    (linear + corrected) / f64::from(EVAL_UNIT)
}

/// The weights file (`crates/wuzi-engine/src/eval_weights.rs`) holding
/// `tables` and the corrections `corrections` (laid out as
/// [`EVAL_CORRECTIONS`] says; only those not zero are written), with
/// `note` (how they were fitted) in its heading.
#[must_use]
pub fn eval_weights_source(
    tables: &[[i32; EVAL_WEIGHTS]; EVAL_TABLES],
    corrections: &[i32],
    note: &str,
) -> String {
    let combos = corrections;
    let mut out = String::new();
    out.push_str("//! The evaluation's weights, in 1/32 of a score point, as `wuzi tune`\n");
    out.push_str("//! wrote them (see `docs/benchmarks.md`, \"Tuning the evaluation\").\n");
    for line in note.lines() {
        out.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    out.push_str("\nuse crate::eval::{Flavour, Threat};\nuse crate::pattern::Pattern;\n");
    out.push_str(
        "\n/// Side to move: line patterns (Dead, Block1, Flex1, Block2, Flex2,\n\
         /// Block3, Flex3, Block4, Flex4, DoubleFour, Overline, Five), threats\n\
         /// (Forbidden, Quiet, Three, Four, DoubleThree, FourThree, Win, Five) and\n\
         /// shapes (Plain, TwoTwo, TwoBlock3, Block3Block3, ThreeTwo, ThreeBlock3);\n\
         /// the same for the side that just moved; then the leaf bonuses\n\
         /// (FourThree, DoubleThree, Overwhelmed). The first table is for\n\
         /// freestyle and standard, the second for renju.\n",
    );
    out.push_str(&format!(
        "pub(crate) const WEIGHTS: [[i32; {EVAL_WEIGHTS}]; {EVAL_TABLES}] = [\n"
    ));
    for weights in tables {
        let row = |r: std::ops::Range<usize>| {
            let items: Vec<String> = weights[r].iter().map(ToString::to_string).collect();
            format!("        {},\n", items.join(", "))
        };
        out.push_str("    [\n");
        for base in [ATTACK_LINE, DEFENCE_LINE] {
            out.push_str(&row(base..base + THREAT_OFFSET));
            out.push_str(&row(base + THREAT_OFFSET..base + SHAPE_OFFSET));
            out.push_str(&row(base + SHAPE_OFFSET..base + SHAPE_OFFSET + SHAPES));
        }
        out.push_str(&row(LEAF..EVAL_WEIGHTS));
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out.push_str(
        "\n/// Corrections to a point's value for the four line patterns it has\n\
         /// together (strongest first), beyond the sum of the weights above: the\n\
         /// flavour of the side it belongs to, the patterns, what it adds for the\n\
         /// side to move and what it takes off for the other side. Combinations\n\
         /// not listed have none.\n\
         #[rustfmt::skip]\n\
         pub(crate) const COMBO_WEIGHTS: &[(Flavour, [Pattern; 4], i32, i32)] = &[",
    );
    let mut any = false;
    for slot in 0..COMBO_SLOTS / 2 {
        // Attack slots; the defence slot of the same combination follows
        // its flavour's attack slots.
        let flavour = slot / COMBOS;
        let c = slot % COMBOS;
        let attack_at = flavour * 2 * COMBOS + c;
        let (attack, defence) = (
            combos.get(attack_at).copied().unwrap_or(0),
            combos.get(attack_at + COMBOS).copied().unwrap_or(0),
        );
        if attack == 0 && defence == 0 {
            continue;
        }
        let patterns: Vec<&str> = combo_patterns()[c]
            .iter()
            .map(|&p| PATTERN_CODES[p as usize])
            .collect();
        out.push_str(&format!(
            "\n    (Flavour::{}, [{}], {attack}, {defence}),",
            FLAVOUR_CODES[flavour],
            patterns
                .iter()
                .map(|p| format!("Pattern::{p}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        any = true;
    }
    out.push_str(if any { "\n];\n" } else { "];\n" });
    out.push_str(
        "\n/// What a quiet leaf is worth beyond its points, by the threats each side\n\
         /// can make there: the flavour of the side to move, its threats, the\n\
         /// other side's threats, the value. Masks not listed are worth nothing.\n\
         #[rustfmt::skip]\n\
         pub(crate) const MASK_WEIGHTS: &[(Flavour, &[Threat], &[Threat], i32)] = &[",
    );
    let mut any = false;
    for slot in COMBO_SLOTS..CORRECTION_SLOTS {
        let value = corrections.get(slot).copied().unwrap_or(0);
        let Some((flavour, own, opp)) = mask_at(slot).filter(|_| value != 0) else {
            continue;
        };
        let list = |ts: Vec<Threat>| -> String {
            let items: Vec<String> = ts
                .iter()
                .map(|&t| format!("Threat::{}", THREAT_CODES[t as usize]))
                .collect();
            items.join(", ")
        };
        out.push_str(&format!(
            "\n    (Flavour::{}, &[{}], &[{}], {value}),",
            FLAVOUR_CODES[flavour as usize],
            list(own),
            list(opp)
        ));
        any = true;
    }
    out.push_str(if any { "\n];\n" } else { "];\n" });
    out
}

/// The weight tables and corrections of a weights file as
/// [`eval_weights_source`] writes it: every table's numbers, then the
/// corrections laid out as [`EVAL_CORRECTIONS`] says (zero where the file
/// lists none).
///
/// # Errors
/// What is wrong with the text.
pub fn parse_eval_weights(text: &str) -> Result<(Vec<i32>, Vec<i32>), String> {
    let (tables_text, rest) = match text.split_once("COMBO_WEIGHTS") {
        Some((tables, rest)) => (tables, Some(rest)),
        None => (text, None),
    };
    let body = tables_text
        .split_once("= [")
        .and_then(|(_, rest)| rest.split_once("];"))
        .map(|(body, _)| body)
        .ok_or("no weights array (`= [ ... ];`)")?;
    // The tables' own brackets only group the numbers.
    let weights = body
        .split(',')
        .map(|w| w.trim_matches(|c: char| c.is_whitespace() || c == '[' || c == ']'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i32>()
                .map_err(|_| format!("{w:?} is not a whole number"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if weights.len() != EVAL_WEIGHTS * EVAL_TABLES {
        return Err(format!(
            "{} weights, the evaluation has {EVAL_TABLES} tables of {EVAL_WEIGHTS}",
            weights.len()
        ));
    }
    let mut corrections = vec![0; CORRECTION_SLOTS];
    let Some(rest) = rest else {
        return Ok((weights, corrections));
    };
    let (combos_text, masks_text) = rest.split_once("MASK_WEIGHTS").unwrap_or((rest, ""));
    for entry in entries(combos_text)? {
        // The flavour, four patterns, the two corrections.
        let [flavour, a, b, c, d, attack, defence] = words(entry)[..] else {
            return Err(format!("not a combination: ({entry})"));
        };
        let flavour = code_of(&FLAVOUR_CODES, flavour, "Flavour::", "a flavour")?;
        let mut patterns = [Pattern::Dead; 4];
        for (slot, word) in patterns.iter_mut().zip([a, b, c, d]) {
            let i = code_of(&PATTERN_CODES, word, "Pattern::", "a line pattern")?;
            *slot = Pattern::from_index(i as u8);
        }
        let c = combo(patterns);
        corrections[combo_slot(Flavour::ALL[flavour], Role::Attack, c)] = number(attack)?;
        corrections[combo_slot(Flavour::ALL[flavour], Role::Defence, c)] = number(defence)?;
    }
    if !masks_text.is_empty() {
        for entry in entries(masks_text)? {
            // The flavour, `&[own threats]`, `&[the other side's]`, the value.
            let parts: Vec<&str> = entry.split(['[', ']']).collect();
            let [flavour, own, _, opp, value] = parts[..] else {
                return Err(format!("not a threat mask: ({entry})"));
            };
            let (Some(&flavour), Some(&value)) = (words(flavour).first(), words(value).first())
            else {
                return Err(format!("not a threat mask: ({entry})"));
            };
            let flavour = code_of(&FLAVOUR_CODES, flavour, "Flavour::", "a flavour")?;
            let threats = |list: &str| -> Result<Vec<Threat>, String> {
                words(list)
                    .into_iter()
                    .map(|w| {
                        let i = code_of(&THREAT_CODES, w, "Threat::", "a threat")?;
                        MASK_THREATS
                            .iter()
                            .copied()
                            .find(|&t| t as usize == i)
                            .ok_or_else(|| format!("{w:?} is not in a threat mask"))
                    })
                    .collect()
            };
            let (own, opp) = (threats(own)?, threats(opp)?);
            let mask = threat_mask(|t| own.contains(&t), |t| opp.contains(&t));
            corrections[mask_slot(Flavour::ALL[flavour], mask)] = number(value)?;
        }
    }
    Ok((weights, corrections))
}

/// The text inside each round-bracketed entry of the list after `= &[`.
fn entries(text: &str) -> Result<Vec<&str>, String> {
    let body = text
        .split_once("= &[")
        .and_then(|(_, rest)| rest.rsplit_once("];"))
        .map(|(body, _)| body)
        .ok_or("no list (`= &[ ... ];`)")?;
    Ok(body
        .split(')')
        .filter_map(|e| e.split_once('(').map(|(_, e)| e))
        .collect())
}

/// The words of an entry: names (with their paths) and numbers.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == ':'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Which of `codes` `word` names, with or without `prefix`.
fn code_of(codes: &[&str], word: &str, prefix: &str, what: &str) -> Result<usize, String> {
    let name = word.strip_prefix(prefix).unwrap_or(word);
    codes
        .iter()
        .position(|&c| c == name)
        .ok_or_else(|| format!("{word:?} is not {what}"))
}

fn number(word: &str) -> Result<i32, String> {
    word.parse::<i32>()
        .map_err(|_| format!("{word:?} is not a whole number"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::eval::MASKS;
    use crate::eval_weights::WEIGHTS;
    use crate::rng::Rng;

    /// The features times the engine's weights are the engine's own
    /// evaluation at a quiet leaf, position after position.
    #[test]
    fn features_times_weights_are_the_engines_evaluation() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let weights: Vec<f64> = eval_weights()[eval_table(rule)]
                .iter()
                .map(|&w| f64::from(w))
                .collect();
            let corrections: Vec<f64> = eval_corrections().into_iter().map(f64::from).collect();
            for _ in 0..10 {
                let mut pos = Position::new(15, rule).unwrap();
                let mut moves = Vec::new();
                while moves.len() < 40 && pos.winner().is_none() {
                    // Stones near the centre, so that threats form.
                    let p = Point::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
                    if pos.is_legal(p) {
                        pos.play(p).unwrap();
                        moves.push(p);
                    }
                }
                let along = eval_features_along(15, rule, &moves).unwrap();
                assert_eq!(along.len(), moves.len() + 1);
                let mut board = Board::from_core(Position::new(15, rule).unwrap().board(), rule);
                for (k, features) in along.iter().enumerate() {
                    let s = k % 2;
                    if let Some(x) = features {
                        let engine = crate::search::leaf_value(board.clone(), s);
                        let ours = eval_with(&weights, &corrections, x);
                        // The engine rounds its points, its leaf bonus and
                        // its threat mask down to whole score points apart.
                        assert!(
                            (ours - f64::from(engine)).abs() <= 3.0,
                            "{rule:?} after {k} moves: {ours} against the engine's {engine}"
                        );
                        checked += 1;
                    }
                    if let Some(&m) = moves.get(k) {
                        board.play(index(m), s);
                    }
                }
            }
        }
        assert!(checked >= 300, "only {checked} quiet positions");
    }

    #[test]
    fn every_weight_has_a_name_and_the_file_round_trips_its_numbers() {
        let names = eval_weight_names();
        assert_eq!(names.len(), EVAL_WEIGHTS);
        assert_eq!(names[ATTACK_LINE + 6], "attack line flex3");
        assert_eq!(
            names[DEFENCE_LINE + THREAT_OFFSET + 3],
            "defence threat four"
        );
        assert_eq!(
            names[ATTACK_LINE + SHAPE_OFFSET + 2],
            "attack shape two-block3"
        );
        assert_eq!(
            eval_correction_name(combo_slot(
                Flavour::RenjuBlack,
                Role::Defence,
                combo([
                    Pattern::Dead,
                    Pattern::Flex3,
                    Pattern::Block1,
                    Pattern::Flex2
                ])
            ))
            .unwrap(),
            "renju-black defence flex3 flex2 block1 dead"
        );
        let mask = threat_mask(
            |t| matches!(t, Threat::Three | Threat::Four),
            |t| t == Threat::Win,
        );
        assert_eq!(
            eval_correction_name(mask_slot(Flavour::RenjuWhite, mask)).unwrap(),
            "renju-white mask three four / win"
        );
        assert_eq!(
            eval_correction_name(mask_slot(Flavour::Gomoku, 0)).unwrap(),
            "gomoku mask - / -"
        );
        assert_eq!(eval_correction_name(EVAL_CORRECTIONS), None);
        assert!(eval_correction_is_mask(mask_slot(Flavour::Gomoku, 0)));
        assert!(!eval_correction_is_mask(COMBO_SLOTS - 1));
        assert!(!eval_correction_is_mask(EVAL_CORRECTIONS));
        assert_eq!(
            eval_correction_table(mask_slot(Flavour::Gomoku, 5)),
            Some(0)
        );
        assert_eq!(
            eval_correction_table(mask_slot(Flavour::RenjuBlack, 5)),
            Some(1)
        );
        assert_eq!(
            eval_correction_table(combo_slot(Flavour::RenjuWhite, Role::Attack, 3)),
            Some(1)
        );
        // Some corrections, so that the lists have entries to read back.
        let mut corrections = eval_corrections();
        corrections[combo_slot(Flavour::Gomoku, Role::Attack, 17)] = -250;
        corrections[combo_slot(Flavour::RenjuWhite, Role::Defence, 1364)] = 9;
        corrections[combo_slot(Flavour::RenjuBlack, Role::Attack, 0)] = 31;
        corrections[mask_slot(Flavour::RenjuWhite, mask)] = -777;
        corrections[mask_slot(Flavour::Gomoku, 0)] = 12;
        corrections[mask_slot(Flavour::Gomoku, MASKS - 1)] = 5;
        let source = eval_weights_source(&WEIGHTS, &corrections, "test");
        let (tables, read) = parse_eval_weights(&source).unwrap();
        assert_eq!(tables, WEIGHTS.concat());
        assert_eq!(read, corrections);
        // A file of weights alone has no corrections.
        let tables_only = source.split_once("\n/// Corrections").unwrap().0;
        let (tables, read) = parse_eval_weights(tables_only).unwrap();
        assert_eq!(tables, WEIGHTS.concat());
        assert!(read.iter().all(|&c| c == 0));
        for (bad, says) in [
            (
                source.replace("Pattern::Dead", "Pattern::Lost"),
                "\"Pattern::Lost\" is not a line pattern",
            ),
            (
                source.replace("Flavour::Gomoku", "Flavour::Chess"),
                "not a flavour",
            ),
            (source.replace(", -250, 0)", ", -250)"), "not a combination"),
            (
                source.replacen("48003", "4x8003", 1),
                "\"4x8003\" is not a whole number",
            ),
            (
                source.replace("&[Threat::Win], -777", "&[Threat::Quiet], -777"),
                "\"Threat::Quiet\" is not in a threat mask",
            ),
            (
                source.replace("&[Threat::Win], -777", "&[Threat::Wn], -777"),
                "\"Threat::Wn\" is not a threat",
            ),
            (
                source.replace("&[Threat::Win], -777", "-777"),
                "not a threat mask",
            ),
        ] {
            let err = parse_eval_weights(&bad).unwrap_err();
            assert!(err.contains(says), "{says}: {err}");
        }
    }

    #[test]
    fn a_decided_position_has_no_features() {
        // Black to move with four in a row: a five to make.
        let moves: Vec<Point> = [
            (3, 7),
            (3, 9),
            (4, 7),
            (4, 9),
            (5, 7),
            (5, 9),
            (6, 7),
            (6, 9),
        ]
        .iter()
        .map(|&(x, y)| Point::new(x, y))
        .collect();
        let along = eval_features_along(15, Rule::Freestyle, &moves).unwrap();
        assert_eq!(along.len(), moves.len() + 1);
        assert!(along[0].is_some(), "the empty board is quiet");
        assert!(along.last().unwrap().is_none());
        assert!(eval_features_along(15, Rule::Freestyle, &[moves[0], moves[0]]).is_err());
    }
}
