//! Renju forbidden points against a sample of positions with known answers.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]
mod common;

use wuzi_core::{Board, Rule, Stone};
use wuzi_engine::{Position, forbidden_points};

#[test]
fn forbidden_points_match_the_sample() {
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
