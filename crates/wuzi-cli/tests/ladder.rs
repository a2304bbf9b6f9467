//! The level ladder, as a person checks it with `wuzi match`: each level
//! below Hard wins at least four games in five against the one below over
//! 120 games, a margin over the three in four that 40 games must show
//! (40 games alone swing by about seven points).
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use common::wuzi_output as wuzi;

/// The first contender's score in percent over `games` games of `rule`,
/// from the match's summary line.
fn score(a: &str, b: &str, rule: &str, games: u32) -> f64 {
    // A minute a move: these levels stop at their fixed depth long before,
    // so the games, and the score, are the same on any machine and load.
    let out = wuzi(&[
        "match",
        a,
        b,
        "--games",
        &games.to_string(),
        "--rule",
        rule,
        "--time-ms",
        "60000",
    ]);
    let summary = out
        .lines()
        .find(|l| l.starts_with(&format!("{a} vs {b}:")))
        .unwrap_or_else(|| panic!("no summary line:\n{out}"));
    assert!(summary.contains(&format!("of {games},")), "{summary}");
    let percent = summary
        .split("score ")
        .nth(1)
        .and_then(|rest| rest.split('%').next())
        .unwrap_or_else(|| panic!("no score in {summary}"));
    percent.parse().unwrap()
}

#[test]
fn easy_wins_four_games_in_five_against_beginner_in_every_rule() {
    for rule in ["freestyle", "standard", "renju"] {
        let s = score("easy", "beginner", rule, 120);
        assert!(s >= 80.0, "{rule}: easy scored {s}% against beginner");
    }
}

#[test]
fn normal_wins_four_games_in_five_against_easy_in_every_rule() {
    for rule in ["freestyle", "standard", "renju"] {
        let s = score("normal", "easy", rule, 120);
        assert!(s >= 80.0, "{rule}: normal scored {s}% against easy");
    }
}
