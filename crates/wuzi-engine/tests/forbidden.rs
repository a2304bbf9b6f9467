//! Renju forbidden points against a sample of positions with known answers.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]
mod common;

use wuzi_core::{Board, Rule, Stone};
use wuzi_engine::{Position, forbidden_points, is_forbidden};

/// The engine's forbidden points, at every empty point, are the sample's
/// and those of the rules' own judge in wuzi-core.
#[test]
fn forbidden_points_match_the_sample_and_core() {
    let text = include_str!("data/renju-forbidden-sample.tsv");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for line in common::data_lines(text) {
        let (moves, expected) = line.split_once('\t').unwrap();
        let mut board = Board::new(15).unwrap();
        for (n, p) in common::parse_moves(moves, 15).into_iter().enumerate() {
            board.set(
                p,
                Some(if n % 2 == 0 {
                    Stone::Black
                } else {
                    Stone::White
                }),
            );
        }
        let mut want = common::points(expected, 15);
        want.sort();
        let mut got = forbidden_points(&board);
        got.sort();
        if got != want {
            wrong.push(format!("{moves}: want {want:?} got {got:?}"));
        }
        let mut core = wuzi_core::forbidden_points(&board);
        core.sort();
        if got != core {
            wrong.push(format!("{moves}: core says {core:?}, the engine {got:?}"));
        }
        checked += 1;
    }
    assert!(checked >= 400, "only {checked} positions read");
    assert!(
        wrong.is_empty(),
        "{} of {checked} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_three_made_real_only_by_another_groups_four_does_not_count() {
    // Black f8 makes c8 d8 _ f8 across (its one straight-four point e8
    // makes five down the e column, so that three is not real) and
    // c5 _ e7 f8 on the diagonal. The open four i8 would make with j8 k8
    // l8 is no part of f8's three.
    let mut board = Board::new(15).unwrap();
    for p in common::parse_moves("c8d8j8k8l8e10e9e7c5m11", 15) {
        board.set(p, Some(Stone::Black));
    }
    let f8 = common::parse_moves("f8", 15)[0];
    assert!(!wuzi_core::is_forbidden(&board, f8));
    assert!(!is_forbidden(&board, f8));
}

#[test]
fn a_position_refuses_a_forbidden_move() {
    // Black d-three on row 8 and column h through h8 would be a double three.
    let pos = common::position("g8a1h9b1i8c1h10d1", 15, Rule::Renju);
    let h8 = common::parse_moves("h8", 15)[0];
    assert!(!pos.is_legal(h8));
    assert!(
        Position::from_moves(
            15,
            Rule::Freestyle,
            &common::parse_moves("g8a1h9b1i8c1h10d1h8", 15)
        )
        .is_ok()
    );
}
