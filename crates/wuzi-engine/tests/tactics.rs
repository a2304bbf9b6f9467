//! The tactics suite (tests/data/tactics.txt) at every searching level from
//! Normal up, under each rule the position lists.
// Test helpers may panic on bad input: that is a failed test.
// Every search here is bounded by nodes, with a time limit far beyond them
// as a backstop only, so the answers do not depend on how busy the machine is.
#![allow(clippy::unwrap_used)]
mod common;

use std::sync::atomic::AtomicBool;

use wuzi_core::{Board, Point, Rule, Stone};
use wuzi_engine::{DECISIVE_SCORE, Engine, Level, Limits, Position};

struct Case {
    line: String,
    rules: Vec<Rule>,
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Stone,
    kind: String,
    answers: Vec<Point>,
}

fn cases() -> Vec<Case> {
    common::data_lines(include_str!("data/tactics.txt"))
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 6, "bad line {line}");
            let rules = if f[0] == "all" {
                vec![Rule::Freestyle, Rule::Standard, Rule::Renju]
            } else {
                f[0].split(',')
                    .map(|r| match r {
                        "freestyle" => Rule::Freestyle,
                        "standard" => Rule::Standard,
                        "renju" => Rule::Renju,
                        _ => panic!("bad rule {r}"),
                    })
                    .collect()
            };
            Case {
                line: line.to_string(),
                rules,
                black: common::parse_moves(f[1], 15),
                white: common::parse_moves(f[2], 15),
                to_move: if f[3] == "black" {
                    Stone::Black
                } else {
                    Stone::White
                },
                kind: f[4].to_string(),
                answers: common::points(f[5], 15),
            }
        })
        .collect()
}

fn position(case: &Case, rule: Rule) -> Position {
    let mut board = Board::new(15).unwrap();
    for &p in &case.black {
        board.set(p, Some(Stone::Black));
    }
    for &p in &case.white {
        board.set(p, Some(Stone::White));
    }
    Position::from_board(board, rule, case.to_move)
}

/// Plays the attacker's chosen moves and the defender's forced blocks until
/// a five: proof that a claimed win by fours is real.
fn plays_out(engine: &mut Engine, mut pos: Position, level: Level, limits: Limits) -> bool {
    let attacker = pos.to_move();
    let stop = AtomicBool::new(false);
    // A long win by fours is about 30 moves; the engine may take a longer
    // road than the shortest, but every attacking move must keep it won.
    for _ in 0..120 {
        if pos.winner() == Some(attacker) {
            return true;
        }
        let r = engine.play(&pos, level, limits, &stop, |_| {}).unwrap();
        if pos.to_move() == attacker && r.score <= DECISIVE_SCORE {
            return false;
        }
        pos.play(r.best).unwrap();
    }
    false
}

#[test]
fn every_level_from_normal_solves_the_suite() {
    let stop = AtomicBool::new(false);
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases() {
        for &rule in &case.rules {
            // Master also with a helper thread: what it shares through the
            // table must never spoil an answer.
            for (level, threads) in [
                (Level::Normal, 1),
                (Level::Hard, 1),
                (Level::Master, 1),
                (Level::Master, 2),
            ] {
                let mut engine = Engine::with_memory(4 << 20);
                engine.set_threads(threads);
                // Node-bounded so that the suite stays quick in debug builds.
                let limits = Limits {
                    nodes: Some(30_000),
                    ..Limits::millis(120_000)
                };
                let pos = position(&case, rule);
                let r = engine.play(&pos, level, limits, &stop, |_| {}).unwrap();
                checked += 1;
                let ok = match case.kind.as_str() {
                    "vcf" => {
                        r.score > DECISIVE_SCORE
                            && plays_out(&mut engine, pos.clone(), level, limits)
                    }
                    _ => case.answers.contains(&r.best),
                };
                if !ok {
                    failures.push(format!(
                        "{level} ({threads} threads) {rule:?} {}: played {:?} score {}",
                        case.line, r.best, r.score
                    ));
                }
            }
        }
    }
    assert!(checked > 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn easy_still_takes_fives_and_blocks_fours() {
    let stop = AtomicBool::new(false);
    for case in cases()
        .into_iter()
        .filter(|c| c.kind == "win" || c.kind == "block4")
    {
        for &rule in &case.rules {
            for seed in 0..3 {
                let mut engine = Engine::with_memory(1 << 20);
                engine.seed(seed);
                let r = engine
                    .play(
                        &position(&case, rule),
                        Level::Easy,
                        Level::Easy.limits(),
                        &stop,
                        |_| {},
                    )
                    .unwrap();
                assert!(
                    case.answers.contains(&r.best),
                    "{rule:?} {}: {:?}",
                    case.line,
                    r.best
                );
            }
        }
    }
}

#[test]
fn the_side_under_a_win_by_fours_stops_it() {
    // The long wins by fours from real games with the defender to move:
    // a move elsewhere loses, and every level from Normal must find one
    // after which the attacker no longer wins.
    let stop = AtomicBool::new(false);
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases()
        .into_iter()
        .filter(|c| c.kind == "vcf" && c.answers.is_empty())
    {
        for &rule in &case.rules {
            let mut pos = position(&case, rule);
            pos = Position::from_board(pos.board().clone(), rule, case.to_move.opponent());
            let mut elsewhere = pos.clone();
            let corner = [(0, 0), (14, 0), (0, 14), (14, 14)]
                .map(|(x, y)| Point::new(x, y))
                .into_iter()
                .find(|&p| elsewhere.is_legal(p))
                .unwrap();
            elsewhere.play(corner).unwrap();
            let mut engine = Engine::with_memory(4 << 20);
            let limits = Limits {
                nodes: Some(60_000),
                ..Limits::millis(120_000)
            };
            let attack = engine
                .play(&elsewhere, Level::Normal, limits, &stop, |_| {})
                .unwrap();
            assert!(attack.score > DECISIVE_SCORE, "{rule:?} {}", case.line);
            // Master also with a helper thread: the helpers start before
            // the defences are known, and their moves must not undo them.
            for (level, threads) in [(Level::Normal, 1), (Level::Master, 1), (Level::Master, 2)] {
                let mut engine = Engine::with_memory(4 << 20);
                engine.set_threads(threads);
                let limits = Limits {
                    nodes: Some(60_000),
                    ..Limits::millis(120_000)
                };
                let r = engine.play(&pos, level, limits, &stop, |_| {}).unwrap();
                let mut after = pos.clone();
                after.play(r.best).unwrap();
                let attack = engine
                    .play(&after, Level::Master, limits, &stop, |_| {})
                    .unwrap();
                checked += 1;
                if attack.score > DECISIVE_SCORE {
                    failures.push(format!(
                        "{level} ({threads} threads) {rule:?} {}: played {:?}, attacker still wins with {:?}",
                        case.line, r.best, attack.pv
                    ));
                }
            }
        }
    }
    assert!(checked >= 9, "only {checked} checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
