//! `wuzi puzzles build` and `check`: a small set built from engine games is
//! written as the app reads it and passes the solver's check; a reader that
//! stops early ends the build with a message, not a panic.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use serde_json::Value;

use common::wuzi_output as wuzi;

/// One puzzle by fours in each rule, none by threes.
const SMALL: [&str; 8] = [
    "--freestyle-fours",
    "1",
    "--freestyle-threats",
    "0",
    "--renju-fours",
    "1",
    "--renju-threats",
    "0",
];

#[test]
fn a_small_set_is_built_written_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.json");
    let out_arg = out.to_str().unwrap();
    let mut args = vec!["puzzles", "build", "--out", out_arg];
    args.extend(SMALL);
    let report = wuzi(&args);
    assert!(report.starts_with("freestyle: "), "{report}");
    assert!(
        report
            .lines()
            .last()
            .unwrap()
            .starts_with("2 puzzles built in "),
        "{report}"
    );

    let set: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(set["format"], "wuzi-puzzles");
    let puzzles = set["puzzles"].as_array().unwrap();
    let rules: Vec<&str> = puzzles
        .iter()
        .map(|p| p["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["freestyle", "renju"]);
    for puzzle in puzzles {
        assert_eq!(puzzle["kind"], "fours");
        // A solution alternates attack and defence and ends on the attack.
        let solution = puzzle["solution"].as_str().unwrap().split_whitespace();
        assert_eq!(solution.count() % 2, 1, "{puzzle}");
    }

    let checked = wuzi(&["puzzles", "check", out_arg]);
    assert!(checked.contains("2 puzzles checked"), "{checked}");
}

#[test]
fn a_reader_that_stops_early_ends_the_build_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("puzzles.json");
    let mut args = vec!["puzzles", "build", "--out", out.to_str().unwrap()];
    args.extend(SMALL);
    let first = common::first_line_then_close(&args);
    assert!(first.starts_with("freestyle: "), "{first}");
}
