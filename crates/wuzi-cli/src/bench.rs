//! The benchmark: fixed positions searched to a fixed depth. The total node
//! count is a signature that changes whenever search behaviour changes.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wuzi_core::Rule;
use wuzi_engine::{Engine, Level, Limits, Position};

use crate::notation::{parse_moves, point_name};

/// Positions of the bench: rule and moves from the empty 15x15 board.
const POSITIONS: [(Rule, &str); 8] = [
    (Rule::Freestyle, "h8"),
    (Rule::Freestyle, "e11h9j9"),
    (Rule::Freestyle, "h8i9g9g8i7h7i8"),
    (Rule::Freestyle, "h8h9i9g7j10k11i10i8"),
    (Rule::Standard, "h8i7g8i8i9g7j8k9"),
    (Rule::Standard, "g10e10j7h8f9"),
    (Rule::Renju, "h8i9j8i8i7h9"),
    (Rule::Renju, "h8j9g10i7g8f8g9"),
];

/// One line of the bench.
#[derive(Debug, Clone)]
pub struct BenchLine {
    /// Position number, from 1.
    pub number: usize,
    /// Move chosen.
    pub best: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// Runs the bench to `depth`, printing a line per position and the totals.
/// Returns (total nodes, nodes per second).
pub fn run(depth: u32) -> (u64, u64) {
    let stop = AtomicBool::new(false);
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for (n, (rule, moves)) in POSITIONS.iter().enumerate() {
        let Ok(points) = parse_moves(moves, 15) else {
            continue;
        };
        let Ok(pos) = Position::from_moves(15, *rule, &points) else {
            continue;
        };
        let mut engine = Engine::with_memory(16 << 20);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::time(Duration::from_secs(600))
        };
        let start = Instant::now();
        let Ok(r) = engine.play(&pos, Level::Master, limits, &stop, |_| {}) else {
            continue;
        };
        let time = start.elapsed();
        total_nodes += r.nodes;
        total_time += time;
        println!(
            "position {:>2} {:<9} {:<22} best {:<4} depth {:>2} nodes {:>10} time {:>8.3}s nps {:>9}",
            n + 1,
            format!("{rule:?}").to_lowercase(),
            moves,
            point_name(r.best, 15),
            r.depth,
            r.nodes,
            time.as_secs_f64(),
            (r.nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
        );
    }
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    println!(
        "total nodes {total_nodes} time {:.3}s nps {nps} signature {total_nodes}",
        total_time.as_secs_f64()
    );
    (total_nodes, nps)
}

/// Times a review of a game of up to 60 moves (the Beginner level against
/// itself from a book opening) at the default analysis budget. Returns the
/// moves reviewed and the time taken.
pub fn review_timing() -> (usize, Duration) {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(16 << 20);
    let mut moves = crate::openings::openings(Rule::Freestyle)
        .into_iter()
        .next()
        .unwrap_or_default();
    let Ok(mut pos) = Position::from_moves(15, Rule::Freestyle, &moves) else {
        return (0, Duration::ZERO);
    };
    while moves.len() < 60 && pos.winner().is_none() {
        let Ok(r) = engine.play(
            &pos,
            Level::Beginner,
            Level::Beginner.limits(),
            &stop,
            |_| {},
        ) else {
            break;
        };
        if pos.play(r.best).is_err() {
            break;
        }
        moves.push(r.best);
    }
    let start = Instant::now();
    let review = engine.analyse_game(
        15,
        Rule::Freestyle,
        &moves,
        wuzi_engine::ANALYSIS_LIMITS,
        &stop,
        |_, _, _| {},
    );
    let time = start.elapsed();
    let reviewed = review.map(|r| r.moves.len()).unwrap_or(0);
    println!("review of {reviewed} moves took {:.2}s", time.as_secs_f64());
    (reviewed, time)
}
