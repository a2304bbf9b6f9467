//! Time controls read from the moves' own times.

use std::time::Duration;

use wuzi_core::{Game, Point, Stone, TimeControl};

const S: u64 = 1000;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Black takes 10 s and 20 s, white 5 s: black to move again.
fn three_moves() -> Game {
    let mut game = Game::default();
    for (i, (x, t)) in [(7, 10), (8, 5), (9, 20)].into_iter().enumerate() {
        game.try_play_timed(Point::new(x, 7), secs(t))
            .unwrap_or_else(|e| panic!("move {i}: {e}"));
    }
    game
}

#[test]
fn sudden_death_counts_down_each_sides_own_moves() {
    let game = three_moves();
    let clock = TimeControl::SuddenDeath { main_ms: 60 * S };
    // White is to move: its running time counts, black's clock stands still.
    assert_eq!(game.to_move(), Stone::White);
    assert_eq!(clock.left(&game, Stone::Black, secs(7)), Some(secs(30)));
    assert_eq!(clock.left(&game, Stone::White, secs(7)), Some(secs(48)));
    assert!(!clock.flag_fallen(&game, secs(54)));
    assert!(clock.flag_fallen(&game, secs(55)));
    assert!(
        clock.flag_fallen(&game, secs(500)),
        "never less than nothing"
    );
}

#[test]
fn fischer_adds_the_increment_after_each_move() {
    let game = three_moves();
    let clock = TimeControl::Fischer {
        main_ms: 60 * S,
        increment_ms: 3 * S,
    };
    // Black: 60 - 10 + 3 - 20 + 3 = 36; white: 60 - 5 + 3 = 58, less 1 s running.
    assert_eq!(clock.left(&game, Stone::Black, secs(1)), Some(secs(36)));
    assert_eq!(clock.left(&game, Stone::White, secs(1)), Some(secs(57)));
}

#[test]
fn a_move_limit_starts_afresh_every_move() {
    let game = three_moves();
    let clock = TimeControl::PerMove { move_ms: 15 * S };
    assert_eq!(clock.left(&game, Stone::White, secs(4)), Some(secs(11)));
    assert_eq!(clock.left(&game, Stone::Black, secs(4)), Some(secs(15)));
    assert!(!clock.flag_fallen(&game, Duration::from_millis(14_999)));
    assert!(clock.flag_fallen(&game, secs(15)));
}

#[test]
fn no_clock_never_runs_out_and_an_ended_game_never_flags() {
    let mut game = three_moves();
    assert_eq!(
        TimeControl::None.left(&game, Stone::White, secs(9999)),
        None
    );
    assert!(!TimeControl::None.flag_fallen(&game, secs(9999)));
    let clock = TimeControl::PerMove { move_ms: S };
    game.resign(Stone::White).expect("the game is on");
    assert!(!clock.flag_fallen(&game, secs(60)));
}

#[test]
fn undo_gives_back_the_time_of_the_moves_taken_back() {
    let mut game = three_moves();
    let clock = TimeControl::SuddenDeath { main_ms: 60 * S };
    game.undo();
    assert_eq!(
        clock.left(&game, Stone::Black, Duration::ZERO),
        Some(secs(50))
    );
}

#[test]
fn a_resumed_turn_goes_on_from_the_time_it_had_used() {
    let mut game = three_moves();
    game.resume_turn(secs(40));
    assert!(game.turn_elapsed() >= secs(40));
    assert!(game.turn_elapsed() < secs(41));
}

#[test]
fn times_out_of_range_are_refused_with_a_reason() {
    for bad in [
        TimeControl::SuddenDeath { main_ms: 9_999 },
        TimeControl::SuddenDeath {
            main_ms: 4 * 3600 * S,
        },
        TimeControl::Fischer {
            main_ms: 60 * S,
            increment_ms: 61 * S,
        },
        TimeControl::PerMove { move_ms: 999 },
        TimeControl::PerMove { move_ms: 3601 * S },
    ] {
        let err = bad.validate().expect_err("out of range");
        assert!(err.to_string().contains("must be between"), "{err}");
    }
    for good in [
        TimeControl::None,
        TimeControl::SuddenDeath { main_ms: 300 * S },
        TimeControl::Fischer {
            main_ms: 300 * S,
            increment_ms: 0,
        },
        TimeControl::PerMove { move_ms: S },
    ] {
        assert_eq!(good.validate(), Ok(()));
    }
}

#[test]
fn the_warning_is_a_third_of_a_move_at_most_ten_seconds() {
    assert_eq!(
        TimeControl::PerMove { move_ms: 15 * S }.warning(),
        Some(secs(5))
    );
    assert_eq!(
        TimeControl::PerMove { move_ms: 60 * S }.warning(),
        Some(secs(10))
    );
    assert_eq!(
        TimeControl::SuddenDeath { main_ms: 300 * S }.warning(),
        Some(secs(10))
    );
    assert_eq!(TimeControl::None.warning(), None);
}

#[test]
fn time_controls_read_and_write_as_the_ui_sends_them() {
    let json = r#"{"kind":"fischer","main_ms":300000,"increment_ms":3000}"#;
    let clock: TimeControl = serde_json::from_str(json).expect("a Fischer clock");
    assert_eq!(
        clock,
        TimeControl::Fischer {
            main_ms: 300_000,
            increment_ms: 3000
        }
    );
    assert_eq!(serde_json::to_string(&clock).expect("written"), json);
    assert!(serde_json::from_str::<TimeControl>(r#"{"kind":"hourglass"}"#).is_err());
    assert!(
        serde_json::from_str::<TimeControl>(r#"{"kind":"per_move","move_ms":1000,"x":1}"#).is_err()
    );
}
