//! Game review of whole games as the app keeps them: the game's set-up
//! decides who moves first, and a renju game lost by a forbidden move
//! (tournament setting) is reviewed to its end.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]
mod common;

use std::sync::atomic::AtomicBool;

use wuzi_core::{
    Forbidden, ForbiddenMoves, Game, GameConfig, Outcome, Point, Rule, Setup, Stone, forbidden_kind,
};
use wuzi_engine::{
    AnalysisError, Engine, GameAnalysis, Limits, MoveClass, PositionError, side_after,
};

/// Small limits: each position of a review is looked at briefly.
fn limits() -> Limits {
    Limits {
        nodes: Some(2_000),
        ..Limits::millis(100)
    }
}

fn renju(forbidden: ForbiddenMoves, first: Stone) -> GameConfig {
    GameConfig {
        forbidden,
        first,
        ..GameConfig::with_rule(Rule::Renju)
    }
}

/// Black builds g8 h8 and i9 i10 while white plays in the corners; black's
/// ninth move i8 makes two open threes at once.
const DOUBLE_THREE_GAME: &str = "h8a1g8o1i9a15i10o15i8";

/// The same black stones, but white has made an open four on row 13:
/// black is lost whatever it does when it plays the double three.
const LOST_DOUBLE_THREE_GAME: &str = "h8c13g8d13i9e13i10f13i8";

fn the_double_three(moves: &[Point]) -> Point {
    let last = *moves.last().unwrap();
    let mut before = Game::from_moves(
        renju(ForbiddenMoves::Lose, Stone::Black),
        &moves[..moves.len() - 1],
    )
    .unwrap();
    assert_eq!(
        forbidden_kind(before.board(), last),
        Some(Forbidden::DoubleThree)
    );
    // Core's own replay: the game ends with black's loss.
    before.try_play(last).unwrap();
    assert!(matches!(
        before.outcome(),
        Some(Outcome::ForbiddenMove { point, kind: Forbidden::DoubleThree }) if point == last
    ));
    last
}

/// Reviews `game`, a renju game (forbidden moves lose) that black ends by
/// a double three: the review is complete, and its last verdict is on
/// black's forbidden move, which left black nothing. Answers the moves, the
/// review and what progress was told.
fn review_lost_by_double_three(
    game: &str,
) -> (Vec<Point>, GameAnalysis, Vec<(usize, usize, usize)>) {
    let moves = common::parse_moves(game, 15);
    let last = the_double_three(&moves);
    let config = renju(ForbiddenMoves::Lose, Stone::Black);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let mut told = Vec::new();
    let review = engine
        .analyse_game(
            &config,
            &Setup::default(),
            &moves,
            limits(),
            &stop,
            |done, total, j| {
                told.push((done, total, j.index));
            },
        )
        .unwrap();
    assert!(review.complete);
    assert_eq!(review.moves.len(), moves.len());
    let lost = review.moves.last().unwrap();
    assert_eq!(lost.played, last);
    assert_eq!(lost.stone, Stone::Black);
    assert_eq!(lost.win_chance_after, 0.0, "{lost:?}");
    (moves, review, told)
}

#[test]
fn a_renju_game_lost_by_a_forbidden_move_is_reviewed_to_the_end() {
    let (moves, review, told) = review_lost_by_double_three(DOUBLE_THREE_GAME);
    let last = *moves.last().unwrap();
    assert_eq!(
        told.last(),
        Some(&(moves.len(), moves.len(), moves.len() - 1))
    );
    for (i, j) in review.moves.iter().enumerate() {
        assert_eq!(j.index, i);
        assert_eq!(j.played, moves[i]);
        let mover = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        assert_eq!(j.stone, mover, "{j:?}");
    }
    let lost = review.moves.last().unwrap();
    // Black stood well (two twos against nothing): throwing the game away
    // is the worst kind of move.
    assert!(lost.win_chance_before > 0.5, "{lost:?}");
    assert_eq!(lost.class, MoveClass::Blunder, "{lost:?}");
    assert_ne!(
        lost.best, last,
        "the engine never suggests a forbidden point"
    );
    assert_eq!(lost.pv.first(), Some(&lost.best));
}

#[test]
fn a_forbidden_move_in_a_lost_position_is_a_mistake() {
    let (_, review, _) = review_lost_by_double_three(LOST_DOUBLE_THREE_GAME);
    let lost = review.moves.last().unwrap();
    // White's open four had already decided the game, so the forbidden
    // move gave little away; still, it ended the game on the spot when
    // white had yet to play the five, so it is never better than a mistake.
    assert!(lost.win_chance_before < 0.1, "{lost:?}");
    assert_eq!(lost.class, MoveClass::Mistake, "{lost:?}");
}

#[test]
fn a_forbidden_move_is_refused_when_the_setting_refuses_it() {
    let moves = common::parse_moves(DOUBLE_THREE_GAME, 15);
    let last = the_double_three(&moves);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let refuse = renju(ForbiddenMoves::Refuse, Stone::Black);
    assert_eq!(
        engine.analyse_game(
            &refuse,
            &Setup::default(),
            &moves,
            limits(),
            &stop,
            |_, _, _| {}
        ),
        Err(AnalysisError::IllegalMove {
            index: moves.len() - 1,
            error: PositionError::Forbidden(last),
        })
    );
    // Under "forbidden moves lose" the game is over after it.
    let lose = renju(ForbiddenMoves::Lose, Stone::Black);
    let mut more = moves.clone();
    more.push(Point::new(0, 14));
    assert_eq!(
        engine.analyse_game(
            &lose,
            &Setup::default(),
            &more,
            limits(),
            &stop,
            |_, _, _| {}
        ),
        Err(AnalysisError::IllegalMove {
            index: moves.len(),
            error: PositionError::GameOver,
        })
    );
}

#[test]
fn a_game_white_began_is_reviewed_with_white_first() {
    // The double-three game with the colours the other way round: white
    // plays g8 h8 i9 i10 and then i8, a double three that only black is
    // barred from.
    let moves = common::parse_moves(DOUBLE_THREE_GAME, 15);
    let last = *moves.last().unwrap();
    let config = renju(ForbiddenMoves::Refuse, Stone::White);
    let game = Game::from_moves(config, &moves).unwrap();
    assert_eq!(game.moves()[0].stone, Stone::White);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let review = engine
        .analyse_game(
            &config,
            &Setup::default(),
            &moves,
            limits(),
            &stop,
            |_, _, _| {},
        )
        .unwrap();
    assert!(review.complete);
    assert_eq!(review.moves.len(), moves.len());
    for (j, mv) in review.moves.iter().zip(game.moves()) {
        assert_eq!(j.stone, mv.stone, "{j:?}");
        assert_eq!(j.played, mv.point);
    }
    assert_eq!(review.moves[0].stone, Stone::White);
    assert_eq!(review.moves[1].stone, Stone::Black);
    let double_three = review.moves.last().unwrap();
    assert_eq!(double_three.stone, Stone::White);
    // White's two open threes leave black lost.
    assert!(double_three.win_chance_after > 0.9, "{double_three:?}");
    // Read as a game black began, the last move is black's double three.
    let black_first = GameConfig {
        first: Stone::Black,
        ..config
    };
    assert_eq!(
        engine.analyse_game(
            &black_first,
            &Setup::default(),
            &moves,
            limits(),
            &stop,
            |_, _, _| {}
        ),
        Err(AnalysisError::IllegalMove {
            index: moves.len() - 1,
            error: PositionError::Forbidden(last),
        })
    );
}

#[test]
fn a_set_up_no_game_is_played_with_is_refused() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let config = GameConfig {
        size: 19,
        ..GameConfig::with_rule(Rule::Renju)
    };
    assert!(matches!(
        engine.analyse_game(
            &config,
            &Setup::default(),
            &[],
            limits(),
            &stop,
            |_, _, _| {}
        ),
        Err(AnalysisError::Config(_))
    ));
}

#[test]
fn the_side_to_move_follows_the_first_side() {
    assert_eq!(side_after(Stone::Black, 0), Stone::Black);
    assert_eq!(side_after(Stone::Black, 3), Stone::White);
    assert_eq!(side_after(Stone::White, 0), Stone::White);
    assert_eq!(side_after(Stone::White, 1), Stone::Black);
    assert_eq!(side_after(Stone::White, 4), Stone::White);
}

#[test]
fn a_game_from_a_set_up_position_is_reviewed_from_its_stones() {
    // White to move in a set-up position where black threatens k8, a
    // four on row 8 and an open three on column k at once: white is
    // behind, and after a1 black's k8 wins. Judged from an empty board
    // instead, neither would be so.
    let named = |names: &[&str]| -> Vec<Point> {
        names
            .iter()
            .map(|n| wuzi_core::parse_point(n, 15).unwrap())
            .collect()
    };
    let setup = Setup {
        black: named(&["h8", "i8", "j8", "k9", "k10"]),
        white: named(&["g8", "a15", "o1", "o15"]),
    };
    let config = GameConfig {
        first: Stone::White,
        ..GameConfig::default()
    };
    let moves = named(&["a1", "k8"]);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::with_memory(1 << 20);
    let review = engine
        .analyse_game(&config, &setup, &moves, limits(), &stop, |_, _, _| {})
        .unwrap();
    assert!(review.complete);
    assert_eq!(review.moves.len(), 2);
    assert_eq!(review.moves[0].stone, Stone::White);
    assert_eq!(review.moves[1].stone, Stone::Black);
    assert!(
        review.moves[0].win_chance_before < 0.5,
        "{:?}",
        review.moves[0]
    );
    assert!(
        review.moves[1].win_chance_before > 0.9,
        "{:?}",
        review.moves[1]
    );
    assert_eq!(review.moves[1].played, named(&["k8"])[0]);
    // The same stones on the board twice cannot be reviewed.
    let twice = Setup {
        black: named(&["h8"]),
        white: named(&["h8"]),
    };
    assert!(matches!(
        engine.analyse_game(&config, &twice, &[], limits(), &stop, |_, _, _| {}),
        Err(AnalysisError::Setup(_))
    ));
}
