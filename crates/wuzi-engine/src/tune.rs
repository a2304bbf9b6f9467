//! What the evaluation counts in a position, so that `wuzi tune` can fit
//! its weights to how games ended.
//!
//! The evaluation is linear in its weights: for the side to move, every
//! empty point's four line patterns and its threat, each with a weight of
//! its own; the same for the opponent's points with other weights, taken
//! off; and a bonus for some threat combinations at a quiet leaf. So a
//! position's evaluation is the weights times how often each feature
//! occurs, and fitting the weights is a logistic regression on those
//! counts.

use wuzi_core::{Point, Rule};

use crate::board::{Board, LeafThreats, index, side};
pub use crate::eval::EVAL_WEIGHTS;
use crate::eval::{
    ATTACK_LINE, DEFENCE_LINE, EVAL_UNIT, Flavour, LEAF, LINE_FEATURES, SHAPE_OFFSET, SHAPES,
    THREAT_OFFSET, count_point, leaf_bonus,
};
use crate::eval_weights::WEIGHTS;
use crate::position::{Position, PositionError};

/// How often each of the evaluation's features occurs in a position, from
/// the side to move's view (the opponent's counted negative), in the order
/// of [`eval_weight_names`].
pub type EvalFeatures = [f64; EVAL_WEIGHTS];

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

/// How many weight tables there are: one per [`eval_table`].
pub const EVAL_TABLES: usize = 2;

/// The weights the engine plays with, in 1/[`eval_unit`] of a score
/// point: one table per [`eval_table`].
#[must_use]
pub fn eval_weights() -> [[i32; EVAL_WEIGHTS]; EVAL_TABLES] {
    WEIGHTS
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
    for &p in board.points() {
        let i = usize::from(p);
        if !board.is_empty(i) {
            continue;
        }
        count_point(
            board.packed_patterns(s, i),
            board.threat(s, i),
            ATTACK_LINE,
            1.0,
            &mut x,
        );
        count_point(
            board.packed_patterns(o, i),
            board.threat(o, i),
            DEFENCE_LINE,
            -1.0,
            &mut x,
        );
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
    Some(x)
}

/// The evaluation of a position with these features under `weights`, in
/// score points.
#[must_use]
pub fn eval_with(weights: &[f64], features: &EvalFeatures) -> f64 {
    weights
        .iter()
        .zip(features)
        .map(|(w, x)| w * x)
        .sum::<f64>()
        / f64::from(EVAL_UNIT)
}

/// The weights file (`crates/wuzi-engine/src/eval_weights.rs`) holding
/// `tables`, with `note` (how they were fitted) in its heading.
#[must_use]
pub fn eval_weights_source(tables: &[[i32; EVAL_WEIGHTS]; EVAL_TABLES], note: &str) -> String {
    let mut out = String::new();
    out.push_str("//! The evaluation's weights, in 1/32 of a score point, as `wuzi tune`\n");
    out.push_str("//! wrote them (see `docs/benchmarks.md`, \"Tuning the evaluation\").\n");
    for line in note.lines() {
        out.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
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
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::rng::Rng;

    /// The features times the engine's weights are the engine's own
    /// evaluation at a quiet leaf, position after position.
    #[test]
    fn features_times_weights_are_the_engines_evaluation() {
        let mut rng = Rng::new(7);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let weights: Vec<f64> = WEIGHTS[eval_table(rule)]
                .iter()
                .map(|&w| f64::from(w))
                .collect();
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
                        let ours = eval_with(&weights, x);
                        assert!(
                            (ours - f64::from(engine)).abs() <= 2.0,
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
        let source = eval_weights_source(&WEIGHTS, "test");
        let numbers: Vec<i32> = source
            .split_once("= [")
            .unwrap()
            .1
            .split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(numbers, WEIGHTS.concat());
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
