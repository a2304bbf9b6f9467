//! Every position of the renju sample (from an established engine) must get
//! exactly the listed forbidden points.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use wuzi_core::{Board, Point, Stone, forbidden_kind, forbidden_points, record::movestr};

const SAMPLE: &str = include_str!("data/renju-forbidden-sample.tsv");

fn board_of(moves: &str) -> Board {
    let mut board = Board::default();
    let points = movestr::parse(moves, 15).unwrap();
    for (i, p) in points.into_iter().enumerate() {
        assert_eq!(board.stone_at(p), None, "{moves}: {p} played twice");
        let stone = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        board.set(p, Some(stone));
    }
    board
}

#[test]
fn all_sample_positions_match() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (n, line) in SAMPLE.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (moves, expected) = line.split_once('\t').unwrap();
        let board = board_of(moves);
        let expected: BTreeSet<Point> = if expected.trim() == "-" {
            BTreeSet::new()
        } else {
            movestr::parse(expected, 15).unwrap().into_iter().collect()
        };
        let found: BTreeSet<Point> = forbidden_points(&board).into_iter().collect();
        for x in 0..15 {
            for y in 0..15 {
                let p = Point::new(x, y);
                assert_eq!(
                    forbidden_kind(&board, p).is_some(),
                    found.contains(&p),
                    "line {}: single-point check disagrees at {p}",
                    n + 1
                );
            }
        }
        if found != expected {
            let name =
                |s: &BTreeSet<Point>| movestr::write(&s.iter().copied().collect::<Vec<_>>(), 15);
            wrong.push(format!(
                "line {}: expected {} found {}\n  {moves}",
                n + 1,
                name(&expected),
                name(&found)
            ));
        }
        checked += 1;
    }
    assert_eq!(checked, 500);
    assert!(
        wrong.is_empty(),
        "{} of 500 differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
