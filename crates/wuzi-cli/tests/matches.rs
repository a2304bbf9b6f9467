//! Drives `wuzi match` as a person would from the terminal.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use common::wuzi_output as wuzi;

#[test]
fn a_short_match_at_scaled_times_reports_every_game_and_the_tally() {
    let out = wuzi(&[
        "match",
        "easy",
        "beginner",
        "--games",
        "2",
        "--time-scale",
        "0.1",
        "--rule",
        "renju",
        "--verbose",
    ]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{out}");
    // Colours swap: easy is black in the first game, white in the second.
    assert!(games[0].contains("easy (black)"), "{out}");
    assert!(games[1].contains("easy (white)"), "{out}");
    assert!(
        out.contains("easy vs beginner:") && out.contains("of 2"),
        "{out}"
    );
    // Each game names its winner (or says it was drawn), and the results
    // are split by colour.
    for g in &games {
        assert!(
            g.contains("easy wins") || g.contains("beginner wins") || g.contains("drawn"),
            "{g}"
        );
    }
    assert!(out.contains("easy as black: +"), "{out}");
    assert!(out.contains("easy as white: +"), "{out}");
}

#[test]
fn a_match_against_an_engine_over_the_protocol_gives_both_their_threads() {
    let engine = format!("cmd:{} pbrain --level beginner", env!("CARGO_BIN_EXE_wuzi"));
    let out = wuzi(&[
        "match",
        "easy",
        &engine,
        "--games",
        "2",
        "--time-ms",
        "100",
        "--threads",
        "2",
        "--threads-b",
        "1",
    ]);
    assert!(
        out.starts_with("match: easy (100 ms a move, 2 threads) vs")
            && out.contains("(100 ms a move, 1 thread)"),
        "{out}"
    );
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for g in &games {
        assert!(g.contains("(five,"), "every game ends with a five: {g}");
    }
}

/// Shell lines that answer the first point not in `$taken` (" x,y " each),
/// row by row: the moves of the scripted engines below.
const FIRST_FREE_POINT: &str = r#"y=0
      while [ $y -lt 15 ]; do
        x=0
        while [ $x -lt 15 ]; do
          case "$taken" in *" $x,$y "*) ;; *) echo "$x,$y"; break 2 ;; esac
          x=$((x + 1))
        done
        y=$((y + 1))
      done"#;

/// The cases of a scripted engine that keep the stones of a position and
/// answer it with the first free point.
const PLAYS_ON: &str = r#"BOARD) taken=" " ;;
    DONE) FIRST_FREE_POINT ;;
    END) exit 0 ;;
    *,*,*) taken="$taken${line%,*} " ;;"#;

/// Writes a scripted engine into `dir` and returns how `wuzi match` names
/// it, with `args` after the script.
fn scripted_engine(dir: &std::path::Path, script: &str, args: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("engine.sh");
    let script = script
        .replace("PLAYS_ON", PLAYS_ON)
        .replace("FIRST_FREE_POINT", FIRST_FREE_POINT);
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    format!("cmd:{} {args}", path.display())
        .trim_end()
        .to_string()
}

/// An engine that plays the first free point, and nothing else.
const FIRST_FREE_ENGINE: &str = r#"#!/bin/sh
taken=" "
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    PLAYS_ON
  esac
done
"#;

/// The lines of `wuzi match` between `a` and `b` (either may be "engine",
/// the scripted `FIRST_FREE_ENGINE`), 50 ms a move, with these options.
fn match_with_first_free(a: &str, b: &str, options: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let engine = scripted_engine(dir.path(), FIRST_FREE_ENGINE, "");
    let name = |c: &str| {
        if c == "engine" {
            engine.clone()
        } else {
            c.to_string()
        }
    };
    let mut args = vec!["match".to_string(), name(a), name(b)];
    args.extend(
        ["--time-ms", "50"]
            .iter()
            .chain(options)
            .map(|s| s.to_string()),
    );
    wuzi(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn a_match_under_a_ratio_test_ends_as_soon_as_the_games_decide_it() {
    let games = |out: &str| out.lines().filter(|l| l.starts_with("game")).count();
    // Beginner wins every game against first free points: the test accepts
    // "100 Elo better" long before the 60 games allowed, on a whole pair.
    let out = match_with_first_free("beginner", "engine", &["--games", "60", "--sprt", "0,100"]);
    let played = games(&out);
    assert!(played < 60 && played % 2 == 0, "{out}");
    let pairs = played / 2;
    assert!(
        out.contains(&format!("sprt: H1 (Elo +100) accepted after {pairs} pairs")),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "beginner's points): 0: 0, 1/2: 0, 1: 0, 3/2: 0, 2: {pairs}; Elo +inf"
        )),
        "{out}"
    );
    // The other way round the first contender loses every game: "0 Elo",
    // the hypothesis nearer the games, is accepted.
    let out = match_with_first_free("engine", "beginner", &["--games", "60", "--sprt", "0,100"]);
    assert!(games(&out) < 60, "{out}");
    assert!(out.contains("sprt: H0 (Elo +0) accepted after"), "{out}");
    // One pair cannot decide it: the match plays the games it was given
    // and says the test has no verdict.
    let out = match_with_first_free("beginner", "engine", &["--games", "2", "--sprt", "0,100"]);
    assert_eq!(games(&out), 2, "{out}");
    assert!(
        out.contains("sprt: no verdict after 1 pair (log-likelihood ratio"),
        "{out}"
    );
}

#[test]
fn a_ratio_test_that_cannot_be_run_is_refused_before_any_game() {
    for bad in ["100,0", "0", "0,10,0.7,0.05", "zero,ten"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_wuzi"))
            .args(["match", "beginner", "easy", "--sprt", bad])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--sprt"), "{bad}: {err}");
        assert!(out.stdout.is_empty(), "{bad}: no game is played");
    }
}

/// An engine that, like some real ones still busy with their last search,
/// drops every other `BOARD` and reads its stones as commands; otherwise it
/// plays the first free point.
const FORGETFUL_ENGINE: &str = r#"#!/bin/sh
boards=0
dropping=0
taken=" "
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    BOARD) boards=$((boards + 1)); taken=" "; dropping=$((boards % 2)) ;;
    DONE)
      if [ "$dropping" = 1 ]; then echo "ERROR Unknown command: DONE"; dropping=0; continue; fi
      FIRST_FREE_POINT ;;
    END) exit 0 ;;
    *,*,*)
      if [ "$dropping" = 1 ]; then echo "ERROR Unknown command: $line"
      else taken="$taken${line%,*} "; fi ;;
  esac
done
"#;

/// The lines of a two-game match, 100 ms a move, of beginner against the
/// scripted engine `script`.
fn beginner_against(script: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let engine = scripted_engine(dir.path(), script, "");
    let out = wuzi(&[
        "match",
        "beginner",
        &engine,
        "--games",
        "2",
        "--time-ms",
        "100",
    ]);
    let games: Vec<String> = out
        .lines()
        .filter(|l| l.starts_with("game"))
        .map(str::to_owned)
        .collect();
    assert_eq!(games.len(), 2, "{out}");
    games
}

#[test]
fn an_engine_that_loses_the_position_is_sent_it_again_and_the_log_says_so() {
    for g in &beginner_against(FORGETFUL_ENGINE) {
        // Beginner beats a player of first free points, and no game is
        // lost for want of an answer.
        assert!(g.contains("beginner wins (five"), "{g}");
        assert!(g.contains("lost the position and was sent it again"), "{g}");
    }
}

/// An engine that, like some real ones still busy with the last game's
/// search, drops the first `START` of every game and reads its size as a
/// command; otherwise it plays the first free point.
const LATE_STARTING_ENGINE: &str = r#"#!/bin/sh
starts=0
taken=" "
while read -r line; do
  case "$line" in
    START*)
      starts=$((starts + 1))
      if [ $((starts % 2)) = 1 ]; then echo "ERROR Unknown command: ${line#START }"
      else echo OK; fi ;;
    PLAYS_ON
  esac
done
"#;

#[test]
fn an_engine_that_loses_start_is_sent_it_again_and_the_game_is_played() {
    for g in &beginner_against(LATE_STARTING_ENGINE) {
        // Each game is played out to a five, not given to beginner
        // because the engine missed the start.
        assert!(g.contains("beginner wins (five"), "{g}");
        assert!(g.contains("lost START and was sent it again"), "{g}");
    }
}

/// An engine that writes down every line it is sent (to the file named by
/// its first argument) and plays the first free point.
const RECORDING_ENGINE: &str = r#"#!/bin/sh
log="$1"
taken=" "
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    START*) echo OK ;;
    BOARD) taken=" " ;;
    DONE)
      FIRST_FREE_POINT ;;
    END) exit 0 ;;
    *,*,*) taken="$taken${line%,*} " ;;
  esac
done
"#;

#[test]
fn an_engine_is_sent_the_stones_in_the_order_they_were_played_black_first() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sent.txt");
    let engine = scripted_engine(dir.path(), RECORDING_ENGINE, &log.display().to_string());
    // The engine has white in the first game, so it moves first after the
    // opening's three stones.
    wuzi(&["match", "beginner", &engine, "--games", "1"]);
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(lines.first(), Some(&"START 15"), "{sent}");
    let mut blocks = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in &lines {
        match (*line, block.as_mut()) {
            ("BOARD", _) => block = Some(Vec::new()),
            ("DONE", Some(_)) => blocks.extend(block.take()),
            (stone, Some(b)) => b.push(stone),
            _ => {}
        }
    }
    assert!(blocks.len() >= 2, "{sent}");
    // The first position is the game's opening, e11 h9 j9, in that order:
    // black's, white's (the engine's own), black's.
    assert_eq!(blocks[0], ["4,4,2", "7,6,1", "9,6,2"], "{sent}");
    for b in &blocks {
        // Sides alternate, and the last stone is always the opponent's:
        // the engine is to move.
        let fields: Vec<&str> = b.iter().map(|s| &s[s.len() - 1..]).collect();
        assert!(fields.windows(2).all(|w| w[0] != w[1]), "{b:?}");
        assert_eq!(fields.last(), Some(&"2"), "{b:?}");
    }
    // Each position is the last one with two more stones, in order.
    for pair in blocks.windows(2) {
        assert_eq!(pair[1].len(), pair[0].len() + 2, "{pair:?}");
        assert!(
            pair[0].iter().zip(&pair[1]).all(|(a, b)| a == b),
            "{pair:?}"
        );
    }
}

#[test]
fn the_same_level_on_different_threads_is_told_apart_by_its_threads() {
    let out = wuzi(&[
        "match",
        "easy",
        "easy",
        "--games",
        "2",
        "--time-ms",
        "50",
        "--threads",
        "2",
        "--threads-b",
        "1",
    ]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(
        games[0].contains("easy [2 threads] (black) vs easy [1 thread] (white)"),
        "{out}"
    );
    assert!(
        out.contains("easy [2 threads] vs easy [1 thread]: +"),
        "{out}"
    );
}

#[test]
fn a_match_at_time_odds_gives_each_side_its_own_time() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("sent.txt");
    let engine = scripted_engine(dir.path(), RECORDING_ENGINE, &log.display().to_string());
    let out = wuzi(&[
        "match",
        "easy",
        &engine,
        "--games",
        "2",
        "--time-ms",
        "120",
        "--time-ms-b",
        "40",
    ]);
    assert!(
        out.starts_with("match: easy (120 ms a move, 1 thread) vs")
            && out.contains("(40 ms a move, 1 thread)"),
        "{out}"
    );
    let games = out.lines().filter(|l| l.starts_with("game")).count();
    assert_eq!(games, 2, "{out}");
    // The engine was told its own time, never the other side's.
    let sent = std::fs::read_to_string(&log).unwrap();
    let turns: Vec<&str> = sent
        .lines()
        .filter(|l| l.starts_with("INFO timeout_turn"))
        .collect();
    assert!(!turns.is_empty(), "{sent}");
    assert!(turns.iter().all(|l| *l == "INFO timeout_turn 40"), "{sent}");
}

#[test]
fn the_same_level_at_different_times_is_told_apart_by_its_time() {
    let out = wuzi(&[
        "match",
        "easy",
        "easy",
        "--games",
        "2",
        "--time-ms",
        "60",
        "--time-ms-b",
        "30",
    ]);
    assert!(
        out.contains("easy [60 ms] (black) vs easy [30 ms] (white)"),
        "{out}"
    );
    assert!(out.contains("easy [60 ms] vs easy [30 ms]: +"), "{out}");
}

#[test]
fn a_reader_that_stops_early_ends_the_match_with_a_message() {
    // The header only, then the pipe closes.
    let first = common::first_line_then_close(&[
        "match",
        "easy",
        "beginner",
        "--games",
        "4",
        "--time-ms",
        "20",
    ]);
    assert!(first.starts_with("match: easy "), "{first}");
}
