//! The game: turns, refusals, outcomes, undo and redo, clocks.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use wuzi_core::{
    ConfigError, Forbidden, ForbiddenMoves, Game, GameConfig, IllegalMove, Outcome, Point,
    ReplayError, Rule, Stone, parse_point,
};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn points(names: &str) -> Vec<Point> {
    names.split_whitespace().map(p).collect()
}

/// Black has f8 g8 h6 h7 (H8 would be a double-three), white has four
/// scattered stones, black to move.
fn renju_double_three(forbidden: ForbiddenMoves) -> Game {
    let config = GameConfig {
        rule: Rule::Renju,
        forbidden,
        ..GameConfig::default()
    };
    Game::from_moves(config, &points("f8 a1 g8 a3 h6 a5 h7 a7")).unwrap()
}

#[test]
fn black_moves_first_then_alternate() {
    let mut game = Game::default();
    assert_eq!(game.to_move(), Stone::Black);
    game.try_play(p("h8")).unwrap();
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(game.count(Stone::Black), 1);
    assert_eq!(game.count(Stone::White), 0);
}

#[test]
fn white_can_be_set_to_move_first() {
    let config = GameConfig {
        first: Stone::White,
        ..GameConfig::default()
    };
    let mut game = Game::new(config);
    assert_eq!(game.try_play(p("h8")).unwrap().stone, Stone::White);
    assert_eq!(game.to_move(), Stone::Black);
}

#[test]
fn renju_is_fifteen_only() {
    let config = GameConfig {
        size: 19,
        rule: Rule::Renju,
        ..GameConfig::default()
    };
    assert!(matches!(
        Game::with_config(config),
        Err(ConfigError::RuleSize { required: 15, .. })
    ));
    assert!(
        Game::with_config(GameConfig {
            size: 4,
            ..GameConfig::default()
        })
        .is_err()
    );
    assert!(
        Game::with_config(GameConfig {
            size: 19,
            ..GameConfig::default()
        })
        .is_ok()
    );
}

#[test]
fn refusals_leave_the_game_unchanged() {
    let mut game = Game::default();
    game.try_play(p("h8")).unwrap();
    let before = game.clone();
    assert_eq!(
        game.try_play(p("h8")),
        Err(IllegalMove::Occupied {
            point: p("h8"),
            stone: Stone::Black
        })
    );
    assert_eq!(
        game.try_play(Point::new(15, 3)),
        Err(IllegalMove::OffBoard {
            point: Point::new(15, 3)
        })
    );
    assert_eq!(game, before);
}

#[test]
fn forbidden_move_is_refused_by_default() {
    let mut game = renju_double_three(ForbiddenMoves::Refuse);
    let before = game.clone();
    assert_eq!(game.forbidden_points(), vec![p("h8")]);
    assert_eq!(
        game.try_play(p("h8")),
        Err(IllegalMove::Forbidden {
            point: p("h8"),
            kind: Forbidden::DoubleThree
        })
    );
    assert_eq!(game, before);
    // Black plays elsewhere; white may play there.
    game.try_play(p("i9")).unwrap();
    game.try_play(p("h8")).unwrap();
}

#[test]
fn forbidden_move_loses_in_tournament_style() {
    let mut game = renju_double_three(ForbiddenMoves::Lose);
    game.try_play(p("h8")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::ForbiddenMove {
            point: p("h8"),
            kind: Forbidden::DoubleThree
        })
    );
    assert_eq!(game.outcome().unwrap().winner(), Some(Stone::White));
    assert_eq!(game.try_play(p("a9")), Err(IllegalMove::GameOver));
    game.undo().unwrap();
    assert!(!game.is_over());
}

#[test]
fn win_ends_the_game_and_undo_reopens_it() {
    let mut game =
        Game::from_moves(GameConfig::default(), &points("h8 h9 i8 i9 j8 j9 k8 k9")).unwrap();
    game.try_play(p("l8")).unwrap();
    let Some(Outcome::Win { stone, line }) = game.outcome() else {
        panic!("no win: {:?}", game.outcome());
    };
    assert_eq!(stone, Stone::Black);
    assert_eq!(line, points("h8 i8 j8 k8 l8"));
    assert_eq!(game.try_play(p("a1")), Err(IllegalMove::GameOver));
    assert!(!game.can_redo());
    assert_eq!(game.undo().unwrap().point, p("l8"));
    assert!(game.outcome().is_none());
    assert!(game.can_redo());
    assert_eq!(game.redo().unwrap().point, p("l8"));
    assert!(matches!(game.outcome(), Some(Outcome::Win { .. })));
}

#[test]
fn standard_overline_does_not_win() {
    let config = GameConfig::with_rule(Rule::Standard);
    let mut game = Game::from_moves(config, &points("c8 c1 d8 d1 e8 e1 g8 g1 h8 h1")).unwrap();
    game.try_play(p("f8")).unwrap();
    assert!(game.outcome().is_none());
}

#[test]
fn undo_redo_and_a_new_move_clears_redo() {
    let mut game = Game::from_moves(GameConfig::default(), &points("h8 i9 j10")).unwrap();
    assert_eq!(game.undo().unwrap().point, p("j10"));
    assert_eq!(game.undo().unwrap().point, p("i9"));
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(
        game.redo_moves().map(|m| m.point).collect::<Vec<_>>(),
        points("i9 j10")
    );
    assert_eq!(game.redo().unwrap().point, p("i9"));
    game.try_play(p("a1")).unwrap();
    assert!(!game.can_redo());
    assert_eq!(game.redo(), None);
    while game.undo().is_some() {}
    assert!(game.moves().is_empty());
    assert!(!game.can_undo());
}

#[test]
fn resign_and_timeout_end_the_game_and_undo_withdraws_them() {
    let mut game = Game::default();
    game.resign(Stone::Black).unwrap();
    assert_eq!(game.outcome().unwrap().winner(), Some(Stone::White));
    assert_eq!(game.timeout(Stone::White), Err(IllegalMove::GameOver));
    assert!(game.can_undo());
    assert_eq!(game.undo(), None);
    assert!(!game.is_over());

    game.try_play(p("h8")).unwrap();
    game.timeout(Stone::White).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Timeout {
            loser: Stone::White
        })
    );
    assert_eq!(game.undo().unwrap().point, p("h8"));
    assert!(!game.is_over());
}

#[test]
fn a_full_board_is_a_draw() {
    // No row, column or diagonal of this 5x5 board is one colour.
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"];
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (y, row) in (0u8..).zip(rows) {
        for (x, c) in (0u8..).zip(row.chars()) {
            if c == 'X' {
                black.push(Point::new(x, y))
            } else {
                white.push(Point::new(x, y))
            }
        }
    }
    let mut order = Vec::new();
    for (i, &b) in black.iter().enumerate() {
        order.push(b);
        if let Some(&w) = white.get(i) {
            order.push(w);
        }
    }
    let config = GameConfig {
        size: 5,
        ..GameConfig::default()
    };
    let game = Game::from_moves(config, &order).unwrap();
    assert_eq!(game.moves().len(), 25);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.outcome().unwrap().winner(), None);
}

#[test]
fn times_add_up_per_side() {
    let mut game = Game::default();
    game.try_play_timed(p("h8"), Duration::from_millis(1500))
        .unwrap();
    game.try_play_timed(p("i9"), Duration::from_millis(700))
        .unwrap();
    game.try_play_timed(p("j10"), Duration::from_millis(500))
        .unwrap();
    assert_eq!(game.elapsed(Stone::Black), Duration::from_millis(2000));
    assert_eq!(game.elapsed(Stone::White), Duration::from_millis(700));
    game.undo();
    assert_eq!(game.elapsed(Stone::Black), Duration::from_millis(1500));
    game.redo();
    assert_eq!(game.moves()[2].time_ms, 500);
}

#[test]
fn replay_errors_name_the_move() {
    let err = Game::from_moves(GameConfig::default(), &points("h8 i9 h8")).unwrap_err();
    assert!(matches!(
        err,
        ReplayError::Move {
            index: 2,
            error: IllegalMove::Occupied { .. }
        }
    ));
    assert_eq!(err.to_string(), "move 3: 7,7 already holds a black stone");
}

#[test]
fn play_unchecked_still_sees_the_win() {
    let mut game = Game::default();
    for name in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        game.play_unchecked(p(name));
    }
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            stone: Stone::Black,
            ..
        })
    ));
}

#[test]
fn games_serialize_and_replay() {
    let mut game = renju_double_three(ForbiddenMoves::Refuse);
    game.try_play(p("a9")).unwrap();
    game.try_play(p("b9")).unwrap();
    game.undo();
    game.resign(Stone::Black).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    // A hand-edited file with an illegal move does not load.
    let bad = json.replacen("\"x\":0,\"y\":14", "\"x\":5,\"y\":7", 1);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
}
