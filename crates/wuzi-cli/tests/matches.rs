//! Drives `wuzi match` as a person would from the terminal.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

use std::process::Command;

fn wuzi(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

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
