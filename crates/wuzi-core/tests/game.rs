//! The game: turns, refusals, outcomes, undo and redo, clocks.

#![allow(clippy::unwrap_used)]

use std::time::Duration;

use wuzi_core::{
    ConfigError, Forbidden, ForbiddenMoves, Game, GameConfig, IllegalMove, Outcome, Point,
    ReplayError, Rule, Setup, SetupError, Stone, parse_point,
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

/// Stones by their names on a 15x15 board.
fn named(names: &[&str]) -> Vec<Point> {
    names.iter().map(|n| parse_point(n, 15).unwrap()).collect()
}

fn setup(black: &[&str], white: &[&str]) -> Setup {
    Setup {
        black: named(black),
        white: named(white),
    }
}

fn to_move(stone: Stone) -> GameConfig {
    GameConfig {
        first: stone,
        ..GameConfig::default()
    }
}

#[test]
fn a_set_up_position_starts_a_game_with_its_side_to_move() {
    let mut game = Game::with_setup(to_move(Stone::White), setup(&["h8", "i9"], &["h9"])).unwrap();
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(game.count(Stone::Black), 2);
    assert!(game.moves().is_empty());
    assert!(!game.can_undo());
    game.try_play(parse_point("j10", 15).unwrap()).unwrap();
    assert_eq!(game.to_move(), Stone::Black);
    assert_eq!(game.undo().map(|m| m.stone), Some(Stone::White));
    // The set-up stays: undo has nothing more to take.
    assert_eq!(game.undo(), None);
    assert_eq!(game.count(Stone::Black), 2);
    assert_eq!(game.count(Stone::White), 1);
}

#[test]
fn a_set_up_position_no_game_can_start_from_is_refused_with_the_reason() {
    let refused = |config: GameConfig, s: Setup| Game::with_setup(config, s).unwrap_err();
    assert_eq!(
        refused(to_move(Stone::Black), setup(&["h8"], &["h8"])),
        SetupError::Twice {
            point: parse_point("h8", 15).unwrap()
        }
    );
    let off = Setup {
        black: vec![Point::new(15, 3)],
        white: vec![],
    };
    assert_eq!(
        refused(to_move(Stone::White), off),
        SetupError::OffBoard {
            point: Point::new(15, 3)
        }
    );
    // A five already made: nothing left to play.
    assert!(matches!(
        refused(
            to_move(Stone::White),
            setup(&["a1", "b1", "c1", "d1", "e1"], &["a3", "b3", "c3", "d3"])
        ),
        SetupError::Five {
            stone: Stone::Black,
            ..
        }
    ));
    // Six in a row is no win in standard, and black can never make it in renju.
    let six = setup(
        &["a1", "b1", "c1", "d1", "e1", "f1"],
        &["a3", "b3", "c3", "d3", "o15"],
    );
    let standard = GameConfig {
        rule: Rule::Standard,
        ..to_move(Stone::White)
    };
    assert!(Game::with_setup(standard, six.clone()).is_ok());
    let renju = GameConfig {
        rule: Rule::Renju,
        ..to_move(Stone::White)
    };
    assert!(matches!(
        refused(renju, six),
        SetupError::BlackOverline { .. }
    ));
    // Counts: the side to move never has more, the other at most one more.
    assert_eq!(
        refused(to_move(Stone::Black), setup(&["h8"], &[])),
        SetupError::Counts {
            black: 1,
            white: 0,
            to_move: Stone::Black
        }
    );
    assert!(matches!(
        refused(to_move(Stone::White), setup(&["h8", "h9", "h10"], &["i8"])),
        SetupError::Counts { .. }
    ));
    assert!(Game::with_setup(to_move(Stone::Black), setup(&["h8"], &["i8", "j8"])).is_ok());
    // Renju is only on 15x15.
    let big = GameConfig {
        size: 19,
        rule: Rule::Renju,
        ..GameConfig::default()
    };
    assert!(matches!(
        refused(big, setup(&[], &[])),
        SetupError::Config(ConfigError::RuleSize { .. })
    ));
}

#[test]
fn a_full_set_up_board_is_refused_and_the_last_point_draws() {
    // A 5x5 board filled in a pattern with no five in any direction:
    // rows alternate pairs so that no line holds five of one colour.
    let config = GameConfig {
        size: 5,
        ..GameConfig::default()
    };
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..5u8 {
        for x in 0..5u8 {
            let p = Point::new(x, y);
            if (x + 2 * y) % 4 < 2 {
                black.push(p);
            } else {
                white.push(p);
            }
        }
    }
    let full = Setup {
        black: black.clone(),
        white: white.clone(),
    };
    let first = if black.len() > white.len() {
        Stone::White
    } else {
        Stone::Black
    };
    assert_eq!(
        Game::with_setup(GameConfig { first, ..config }, full).unwrap_err(),
        SetupError::Full
    );
    // Leave one point empty: the move there fills the board and draws.
    let last = Point::new(4, 4);
    black.retain(|&p| p != last);
    white.retain(|&p| p != last);
    let first = if black.len() > white.len() {
        Stone::White
    } else {
        Stone::Black
    };
    let mut game =
        Game::with_setup(GameConfig { first, ..config }, Setup { black, white }).unwrap();
    game.try_play(last).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

/// A renju board with two empty points, white to move: o15 (the corner),
/// and g8, where black's stones either side (d8 e8 f8, h8 i8) make any
/// black stone an overline. No line holds five of a kind, so the game is
/// on until white fills the corner.
fn last_two_points(forbidden: ForbiddenMoves) -> Game {
    const ROWS: [&str; 15] = [
        "OOOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOOXXX.XXOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXXO",
        "OOXXOOXXOOXXOOX",
        "XXOOXXOOXXOOXX.",
    ];
    let mut setup = Setup::default();
    for (y, row) in (0u8..).zip(ROWS) {
        for (x, cell) in (0u8..).zip(row.chars()) {
            match cell {
                'X' => setup.black.push(Point::new(x, y)),
                'O' => setup.white.push(Point::new(x, y)),
                _ => {}
            }
        }
    }
    let config = GameConfig {
        rule: Rule::Renju,
        forbidden,
        first: Stone::White,
        ..GameConfig::default()
    };
    let game = Game::with_setup(config, setup).unwrap();
    assert_eq!(game.to_move(), Stone::White);
    assert!(!game.is_over());
    game
}

#[test]
fn black_left_with_only_forbidden_points_ends_the_game_when_they_are_refused() {
    let mut game = last_two_points(ForbiddenMoves::Refuse);
    game.try_play(p("o1")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::NoMoveLeft));
    assert_eq!(game.outcome().unwrap().winner(), None);
    assert_eq!(game.try_play(p("g8")), Err(IllegalMove::GameOver));

    // Taking white's move back reopens the game, white to move.
    game.undo().unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), Stone::White);
    game.redo().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::NoMoveLeft));
}

#[test]
fn black_left_with_only_forbidden_points_must_play_one_and_lose_in_tournament_rules() {
    let mut game = last_two_points(ForbiddenMoves::Lose);
    game.try_play(p("o1")).unwrap();
    assert_eq!(game.outcome(), None);
    game.try_play(p("g8")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::ForbiddenMove {
            point: p("g8"),
            kind: Forbidden::Overline
        })
    );
}

#[test]
fn changing_the_forbidden_setting_ends_or_reopens_a_game_with_no_move_left() {
    let mut game = last_two_points(ForbiddenMoves::Lose);
    game.try_play(p("o1")).unwrap();
    game.set_forbidden_moves(ForbiddenMoves::Refuse);
    assert_eq!(game.outcome(), Some(Outcome::NoMoveLeft));
    game.set_forbidden_moves(ForbiddenMoves::Lose);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.to_move(), Stone::Black);
}

#[test]
fn a_set_up_that_leaves_black_no_move_is_over_from_the_start() {
    let mut stones = last_two_points(ForbiddenMoves::Refuse);
    stones.try_play(p("o1")).unwrap();
    let config = GameConfig {
        first: Stone::Black,
        ..*stones.config()
    };
    let game = Game::with_setup(config, Setup::of_board(stones.board())).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::NoMoveLeft));
}
