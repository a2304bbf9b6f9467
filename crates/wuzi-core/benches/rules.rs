//! Speed of the rules the engine calls in search: playing a move with its
//! win check, and renju's forbidden-point test.

#![allow(clippy::unwrap_used)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use wuzi_core::record::movestr;
use wuzi_core::{
    Board, Game, GameConfig, Point, Rule, Stone, forbidden_kind, forbidden_points, is_win,
};

const SAMPLE: &str = include_str!("../tests/data/renju-forbidden-sample.tsv");

/// Busy middle-game renju positions: the sample's positions with 30 to 60
/// stones, black to move.
fn busy_positions() -> Vec<(Board, Vec<Point>)> {
    SAMPLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (moves, forbidden) = l.split_once('\t')?;
            let points = movestr::parse(moves, 15).ok()?;
            if !(30..=60).contains(&points.len()) {
                return None;
            }
            let mut board = Board::default();
            for (i, &p) in points.iter().enumerate() {
                let stone = if i % 2 == 0 {
                    Stone::Black
                } else {
                    Stone::White
                };
                board.set(p, Some(stone));
            }
            let forbidden = movestr::parse(forbidden, 15).unwrap_or_default();
            Some((board, forbidden))
        })
        .take(32)
        .collect()
}

fn play(c: &mut Criterion) {
    let (_, moves) = SAMPLE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(m, f)| (f, movestr::parse(m, 15).unwrap()))
        .find(|(_, m)| m.len() >= 40)
        .unwrap();
    let start = Game::from_moves(GameConfig::with_rule(Rule::Renju), &moves[..30]).unwrap();
    let next = moves[30];

    let mut group = c.benchmark_group("play");
    group.bench_function("play_unchecked + win check, one move at move 31", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |game| black_box(game.play_unchecked(black_box(next))),
            BatchSize::SmallInput,
        );
    });
    let line = &moves[..40];
    group.throughput(Throughput::Elements(line.len() as u64));
    group.bench_function("play_unchecked + win check, then undo, 40 moves", |b| {
        let mut game = Game::with_config(GameConfig::with_rule(Rule::Renju)).unwrap();
        b.iter(|| {
            for &p in line {
                black_box(game.play_unchecked(p));
            }
            for _ in line {
                game.undo();
            }
        });
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("board set + is_win", |b| {
        let mut board = start.board().clone();
        b.iter(|| {
            board.set(next, Some(Stone::Black));
            let won = is_win(&board, Rule::Renju, black_box(next));
            board.set(next, None);
            won
        });
    });
    group.finish();
}

fn forbidden(c: &mut Criterion) {
    let positions = busy_positions();
    let mut group = c.benchmark_group("renju");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(
        format!(
            "forbidden_points, whole board, {} busy positions",
            positions.len()
        ),
        |b| {
            b.iter(|| {
                for (board, _) in &positions {
                    black_box(forbidden_points(black_box(board)));
                }
            });
        },
    );
    // One point at a time, as search asks: every empty point of every
    // position, so the figure is per point.
    let points: Vec<(usize, Point)> = positions
        .iter()
        .enumerate()
        .flat_map(|(i, (board, _))| {
            (0..15u8)
                .flat_map(|x| (0..15u8).map(move |y| Point::new(x, y)))
                .filter(|&p| board.stone_at(p).is_none())
                .map(move |p| (i, p))
                .collect::<Vec<_>>()
        })
        .collect();
    group.throughput(Throughput::Elements(points.len() as u64));
    group.bench_function(
        format!("forbidden_kind, {} empty points", points.len()),
        |b| {
            b.iter(|| {
                for &(i, p) in &points {
                    black_box(forbidden_kind(&positions[i].0, black_box(p)));
                }
            });
        },
    );
    let hard: Vec<(usize, Point)> = positions
        .iter()
        .enumerate()
        .flat_map(|(i, (_, f))| f.iter().map(move |&p| (i, p)))
        .collect();
    group.throughput(Throughput::Elements(hard.len() as u64));
    group.bench_function(
        format!("forbidden_kind, {} forbidden points", hard.len()),
        |b| {
            b.iter(|| {
                for &(i, p) in &hard {
                    black_box(forbidden_kind(&positions[i].0, black_box(p)));
                }
            });
        },
    );
    group.finish();
}

criterion_group!(benches, play, forbidden);
criterion_main!(benches);
