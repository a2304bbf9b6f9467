//! Renju: black never plays a forbidden point, and white wins by forcing
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]
//! black onto one.
mod common;

use std::sync::atomic::AtomicBool;

use wuzi_core::{Board, Point, Rule, Stone};
use wuzi_engine::{Engine, Level, Limits, Position, is_forbidden};

/// A small reproducible random source for building positions.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn black_never_plays_a_forbidden_point() {
    let stop = AtomicBool::new(false);
    let mut rng = Lcg(7);
    let mut engine = Engine::with_memory(1 << 20);
    let mut with_forbidden = 0;
    for n in 0..1000 {
        // Stones clustered in the middle, where forbidden shapes are common.
        let mut board = Board::new(15).unwrap();
        let stones = 6 + 2 * rng.below(14) as usize;
        let mut placed = 0;
        while placed < stones {
            let p = Point::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            if board.stone_at(p).is_none() {
                board.set(
                    p,
                    Some(if placed % 2 == 0 {
                        Stone::Black
                    } else {
                        Stone::White
                    }),
                );
                placed += 1;
            }
        }
        let pos = Position::from_board(board.clone(), Rule::Renju, Stone::Black);
        if !pos.forbidden_points().is_empty() {
            with_forbidden += 1;
        }
        let level = [Level::Beginner, Level::Easy, Level::Normal, Level::Master][n % 4];
        let limits = Limits {
            nodes: Some(300),
            ..Limits::millis(200)
        };
        let Ok(r) = engine.play(&pos, level, limits, &stop, |_| {}) else {
            continue;
        };
        assert!(board.stone_at(r.best).is_none(), "occupied {:?}", r.best);
        assert!(
            !is_forbidden(&board, r.best) && !wuzi_core::is_forbidden(&board, r.best),
            "forbidden {:?} in position {n}",
            r.best
        );
    }
    assert!(
        with_forbidden > 50,
        "too few positions had forbidden points: {with_forbidden}"
    );
}

#[test]
fn white_wins_by_forcing_black_onto_a_forbidden_point() {
    // Black's row c8-e8, g8-h8 makes f8 an overline point. White's four
    // f9-f12 (f13 blocked) needs f8: black may not take it.
    let mut board = Board::new(15).unwrap();
    for p in common::parse_moves("c8d8e8g8h8f13a1", 15) {
        board.set(p, Some(Stone::Black));
    }
    for p in common::parse_moves("f10f11f12o1o15m3", 15) {
        board.set(p, Some(Stone::White));
    }
    let pos = Position::from_board(board, Rule::Renju, Stone::White);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let r = engine
        .play(&pos, Level::Normal, Limits::millis(500), &stop, |_| {})
        .unwrap();
    assert_eq!(r.best, common::parse_moves("f9", 15)[0]);
    assert!(r.win_chance > 0.99);
    let mut after = pos.clone();
    after.play(r.best).unwrap();
    let f8 = common::parse_moves("f8", 15)[0];
    assert!(
        !after.is_legal(f8),
        "black may not block on the overline point"
    );
    // Whatever black does, white makes five next.
    let b = engine
        .play(&after, Level::Master, Limits::millis(300), &stop, |_| {})
        .unwrap();
    after.play(b.best).unwrap();
    let w = engine
        .play(&after, Level::Normal, Limits::millis(300), &stop, |_| {})
        .unwrap();
    after.play(w.best).unwrap();
    assert_eq!(after.winner(), Some(Stone::White));
}

#[test]
fn the_forbidden_test_sees_all_three_kinds() {
    let board_of = |black: &str, white: &str| {
        let mut b = Board::new(15).unwrap();
        for p in common::parse_moves(black, 15) {
            b.set(p, Some(Stone::Black));
        }
        for p in common::parse_moves(white, 15) {
            b.set(p, Some(Stone::White));
        }
        b
    };
    let h8 = common::parse_moves("h8", 15)[0];
    // Double three: g8 i8 and h9 h10 (open both ways).
    assert!(is_forbidden(&board_of("g8i8h9h10", "a1b1c1d1"), h8));
    // Double four: e8 f8 g8 and h9 h10 h11.
    assert!(is_forbidden(
        &board_of("e8f8g8h9h10h11", "a1b1c1d1o1o3"),
        h8
    ));
    // Overline: d8 e8 f8 g8 and i8 would make six.
    assert!(is_forbidden(&board_of("d8e8f8g8i8", "a1b1c1d1o1"), h8));
    // A five wins even with another shape beside it.
    assert!(!is_forbidden(
        &board_of("d8e8f8g8h9h10h11", "c8a1b1c1d1o1"),
        h8
    ));
}
