//! `wuzi soak` run for real: a short soak of the game service on a data
//! folder, then a look at the folder's own files; the long run (1,000
//! games in release) is described in the README.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn soak(args: &[&str], data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .arg("soak")
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .unwrap()
}

/// The files directly in `dir` whose names end in `.json`.
fn json_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect()
}

/// The one profile's folder.
fn profile_dir(data: &Path) -> PathBuf {
    let profiles: Vec<PathBuf> = std::fs::read_dir(data.join("profiles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    assert_eq!(profiles.len(), 1, "{profiles:?}");
    profiles[0].clone()
}

/// Twelve games are every rule and board twice, once the computer
/// against itself and once against the person's seat.
#[test]
fn a_short_soak_plays_every_rule_and_board_and_finds_nothing_wrong() {
    let data = tempfile::tempdir().unwrap();
    let out = soak(
        &["--games", "12", "--budget-ms", "10", "--seed", "7"],
        data.path(),
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for wanted in [
        "renju on 19x19 refused: 2 of 2",
        "illegal moves: 0",
        "forbidden points played by black: 0",
        "panics: 0",
        "faults: 0",
        "logged: 12 of 12",
        "counted: 6 of 6 ",
        "warnings logged: 0",
        "notices: 0",
        "distinct games: 12 of 12",
        "result: pass",
    ] {
        assert!(
            stdout.lines().any(|l| l.starts_with(wanted)),
            "no {wanted:?} in\n{stdout}"
        );
    }
    // Renju is played on 15x15 only, so its share is all there.
    let rows: Vec<Vec<&str>> = stdout
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| {
            w.len() == 8 && ["freestyle", "standard", "renju"].contains(&w[0]) && w[1] != "size"
        })
        .collect();
    let games = |rule: &str, size: &str| {
        rows.iter()
            .find(|w| w[0] == rule && w[1] == size)
            .map(|w| (w[2].parse::<u32>().unwrap(), w[3].parse::<u32>().unwrap()))
    };
    for (rule, size, count) in [
        ("freestyle", "15", 2),
        ("freestyle", "19", 2),
        ("standard", "15", 2),
        ("standard", "19", 2),
        ("renju", "15", 4),
    ] {
        let (played, moves) =
            games(rule, size).unwrap_or_else(|| panic!("{rule} {size}: {stdout}"));
        assert_eq!(played, count, "{rule} {size}: {stdout}");
        // A five takes at least nine stones.
        assert!(moves >= 9 * count, "{rule} {size}: {stdout}");
    }
    assert_eq!(games("renju", "19"), None, "{stdout}");
    assert!(stdout.contains("memory: RSS at game 1 "), "{stdout}");

    // The folder itself, read apart from the service: one replay file a
    // game, and stats that count the six games against the computer.
    let profile = profile_dir(data.path());
    assert_eq!(json_files(&profile.join("replays")).len(), 12);
    let stats: Value =
        serde_json::from_str(&std::fs::read_to_string(profile.join("stats.json")).unwrap())
            .unwrap();
    let total = &stats["total"];
    let counted: u64 = ["wins", "losses", "draws"]
        .iter()
        .map(|k| total[k].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(counted, 6, "{stats}");
    assert!(stats["by_mode"].get("ai_vs_ai").is_none(), "{stats}");
}

#[test]
fn a_soak_on_a_folder_another_copy_has_open_stops_before_playing() {
    let data = tempfile::tempdir().unwrap();
    let _first = common::WuziCopy::start(data.path());
    let out = soak(&["--games", "2"], data.path());
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the game service is not ready") && stderr.contains("locked"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "no game was played");
}

#[test]
fn a_soak_of_no_games_is_refused() {
    let data = tempfile::tempdir().unwrap();
    let out = soak(&["--games", "0"], data.path());
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--games must be at least 1"),
        "{out:?}"
    );
}
