//! Search behaviour through the public API: cancellation, progress, no
//! move when none is legal, how far each level looks, and game review.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]
mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use wuzi_core::{Board, GameConfig, Point, Rule, Setup, Stone};
use wuzi_engine::{DECISIVE_SCORE, Engine, Level, Limits, MoveClass, NoMove, Position};

#[test]
fn a_stopped_search_answers_promptly_with_a_legal_move() {
    let pos = common::position("h8i9g9g8i7h7i8", 15, Rule::Freestyle);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let mut engine = Engine::with_memory(1 << 20);
    let r = engine
        .best_move(&pos, Limits::millis(60_000), &stop, |_| {})
        .unwrap();
    let returned = Instant::now();
    let stopped_at = stopper.join().unwrap();
    // Generous for unoptimised builds on a shared machine.
    assert!(returned.duration_since(stopped_at) < Duration::from_millis(500));
    assert!(pos.is_legal(r.best));
}

#[test]
fn progress_reports_each_depth_with_a_line() {
    let pos = common::position("h8i9g9", 15, Rule::Standard);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let mut depths = Vec::new();
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::millis(5_000)
    };
    let r = engine
        .best_move(&pos, limits, &stop, |p| {
            assert!(!p.pv.is_empty());
            assert!(p.nodes > 0);
            depths.push(p.depth);
        })
        .unwrap();
    assert!(!depths.is_empty());
    assert!(depths.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(r.pv.first(), Some(&r.best));
    assert!(pos.is_legal(r.best));
}

#[test]
fn asked_again_the_engine_shows_the_whole_line_it_found() {
    // A second hint in the same position is searched over the table the
    // first one filled, and so is the position after the reply the first
    // search expected. Both show a line as long as their depth.
    let pos = common::position("h8i9g9g8i7h7i8", 15, Rule::Freestyle);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(4 << 20);
    let limits = Limits {
        depth: Some(7),
        ..Limits::millis(60_000)
    };
    for ask in ["first", "second"] {
        let r = engine.best_move(&pos, limits, &stop, |_| {}).unwrap();
        assert_eq!(r.depth, 7, "{ask}: {r:?}");
        assert!(
            r.pv.len() >= 7,
            "{ask}: a line of {} moves: {r:?}",
            r.pv.len()
        );
    }
    let r = engine.best_move(&pos, limits, &stop, |_| {}).unwrap();
    let mut after = pos.clone();
    after.play(r.pv[0]).unwrap();
    after.play(r.pv[1]).unwrap();
    let next = Limits {
        depth: Some(5),
        ..limits
    };
    let r = engine.best_move(&after, next, &stop, |_| {}).unwrap();
    assert!(r.pv.len() >= 5, "after the expected reply: {r:?}");
}

#[test]
fn normal_and_hard_look_their_fixed_distance_ahead_and_master_further() {
    // A quiet middle game: nothing is forced, so every level searches.
    let pos = common::position("h8i9g9g8i7h7i8", 15, Rule::Freestyle);
    let stop = AtomicBool::new(false);
    let depth_of = |level: Level, limits: Limits| {
        let mut engine = Engine::with_memory(1 << 20);
        let r = engine.play(&pos, level, limits, &stop, |_| {}).unwrap();
        assert!(pos.is_legal(r.best));
        r.depth
    };
    // Given far more time than they need, they still stop at their depth.
    let minute = Limits::millis(60_000);
    assert_eq!(depth_of(Level::Normal, minute), 4);
    assert_eq!(depth_of(Level::Hard, minute), 6);
    // Master has no such bound: held to seven only by the caller.
    let seven = Limits {
        depth: Some(7),
        ..minute
    };
    assert_eq!(depth_of(Level::Master, seven), 7);
}

#[test]
fn a_forced_block_that_wins_is_scored_as_a_win() {
    // Black's four h8-k8 is shut at g8, so white must block at l8; that
    // block also gives white l8-l11 with both ends open: two fives to come.
    let pos = common::position("h8g8i8l9j8l10k8l11a1", 15, Rule::Freestyle);
    let block = Point::new(11, 7);
    let stop = AtomicBool::new(false);
    for level in [Level::Normal, Level::Hard, Level::Master] {
        let mut engine = Engine::with_memory(1 << 20);
        let r = engine
            .play(&pos, level, Limits::millis(2_000), &stop, |_| {})
            .unwrap();
        assert_eq!(r.best, block, "{level}");
        assert!(r.score > DECISIVE_SCORE, "{level}: score {}", r.score);
        assert!(r.win_chance > 0.99, "{level}");
        assert_eq!(r.pv.len(), 3, "{level}: {:?}", r.pv);
        assert_eq!(r.pv[0], block);
    }
}

#[test]
fn a_full_board_has_no_move_and_a_won_game_is_over() {
    // A 5x5 board filled without five in a row for anyone.
    let mut board = Board::new(5).unwrap();
    for y in 0..5u8 {
        for x in 0..5u8 {
            let black = ((x + 2 * y) / 2) % 2 == 0;
            board.set(
                Point::new(x, y),
                Some(if black { Stone::Black } else { Stone::White }),
            );
        }
    }
    board.set(Point::new(4, 4), None);
    let mut pos = Position::from_board(board, Rule::Freestyle, Stone::Black);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let r = engine
        .play(&pos, Level::Master, Limits::millis(200), &stop, |_| {})
        .unwrap();
    assert_eq!(r.best, Point::new(4, 4));
    pos.play(r.best).unwrap();
    assert_eq!(
        engine.play(&pos, Level::Master, Limits::millis(200), &stop, |_| {}),
        Err(NoMove::NoLegalMove)
    );
    assert_eq!(
        engine.play(&pos, Level::Beginner, Limits::millis(200), &stop, |_| {}),
        Err(NoMove::NoLegalMove)
    );

    let won = common::position("h8a1i8a2j8a3k8a4l8", 15, Rule::Freestyle);
    assert_eq!(won.winner(), Some(Stone::Black));
    assert_eq!(
        engine.play(&won, Level::Normal, Limits::millis(100), &stop, |_| {}),
        Err(NoMove::GameOver)
    );
}

#[test]
fn every_level_returns_a_legal_move_in_every_rule() {
    let stop = AtomicBool::new(false);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for level in Level::ALL {
            let mut engine = Engine::with_memory(1 << 20);
            let mut pos = Position::new(15, rule).unwrap();
            for _ in 0..6 {
                let limits = Limits {
                    nodes: Some(2_000),
                    ..level.limits()
                };
                let r = engine.play(&pos, level, limits, &stop, |_| {}).unwrap();
                pos.play(r.best).unwrap();
            }
        }
    }
}

#[test]
fn review_marks_a_missed_block_on_the_side_that_missed_it() {
    // The side moving second ignores the first side's open three at move 6
    // (a1 instead of a block); the first side then makes an open four. The
    // game's set-up says who began: the blame follows it.
    let moves = common::parse_moves("h8h9i8i9j8a1g8", 15);
    for first in [Stone::Black, Stone::White] {
        let stop = AtomicBool::new(false);
        let mut engine = Engine::with_memory(1 << 20);
        let mut seen = Vec::new();
        let limits = Limits {
            nodes: Some(5_000),
            ..Limits::millis(60_000)
        };
        let config = GameConfig {
            first,
            ..GameConfig::with_rule(Rule::Freestyle)
        };
        let review = engine
            .analyse_game(
                &config,
                &Setup::default(),
                &moves,
                limits,
                &stop,
                |done, total, j| {
                    assert_eq!(total, moves.len());
                    seen.push((done, j.index));
                },
            )
            .unwrap();
        assert!(review.complete);
        assert_eq!(review.moves.len(), moves.len());
        assert_eq!(seen.len(), moves.len());
        for (i, j) in review.moves.iter().enumerate() {
            let mover = if i % 2 == 0 { first } else { first.opponent() };
            assert_eq!(j.stone, mover, "{first:?} began: {j:?}");
        }
        let missed = &review.moves[5];
        assert_eq!(missed.stone, first.opponent());
        assert!(missed.class >= MoveClass::Mistake, "{missed:?}");
        assert!(missed.win_chance_after < 0.1, "{missed:?}");
        assert_eq!(
            review.moves[6].class,
            MoveClass::Best,
            "{:?}",
            review.moves[6]
        );
    }
}

#[test]
fn a_stopped_review_returns_what_it_has() {
    let freestyle = GameConfig::with_rule(Rule::Freestyle);
    let moves = common::parse_moves("h8h9i8i9j8a1g8", 15);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::millis(1_000)
    };
    let review = engine
        .analyse_game(
            &freestyle,
            &Setup::default(),
            &moves,
            limits,
            &stop,
            |done, _, _| {
                if done == 3 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
        )
        .unwrap();
    assert!(!review.complete);
    assert_eq!(review.moves.len(), 3);
    let bad = common::parse_moves("h8h8", 15);
    assert!(
        engine
            .analyse_game(
                &freestyle,
                &Setup::default(),
                &bad,
                limits,
                &stop,
                |_, _, _| {}
            )
            .is_err()
    );
}
