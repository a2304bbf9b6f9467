//! Other evaluation weights at start-up (`wuzi bench --weights`, `wuzi
//! pbrain --weights`) and tuning the weights by play (`wuzi tune-play`),
//! run as a person runs them, on weights files in a temporary folder.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use wuzi_engine::{
    EVAL_WEIGHTS, eval_corrections, eval_weight_names, eval_weights, eval_weights_source,
    parse_eval_weights,
};

fn wuzi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(args)
        .output()
        .unwrap()
}

/// The bench's signature (its total nodes over fixed-depth searches), with
/// the weights in `file` if given.
fn signature(file: Option<&Path>) -> String {
    let mut args = vec!["bench", "--depth", "4", "--no-stop"];
    let path;
    if let Some(f) = file {
        path = f.display().to_string();
        args.extend(["--weights", &path]);
    }
    let out = wuzi(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("total")).unwrap();
    line.rsplit(' ').next().unwrap().to_string()
}

/// The built-in weights with the freestyle table's weight `name` set to
/// `value`, as a weights file's text.
fn weights_with(name: &str, value: i32) -> String {
    let mut tables = eval_weights();
    let i = eval_weight_names().iter().position(|n| n == name).unwrap();
    tables[0][i] = value;
    eval_weights_source(&tables, &eval_corrections(), "a test's weights")
}

/// A weights file holding the weights built in searches exactly as the
/// built-in weights do (the bench's fixed-depth node count is the same),
/// and one with a single weight changed searches differently: the file's
/// weights are the ones played with.
#[test]
fn a_weights_file_is_what_the_search_plays_with() {
    let dir = tempfile::tempdir().unwrap();
    let same = dir.path().join("same.rs");
    let builtin = eval_weights_source(&eval_weights(), &eval_corrections(), "built in");
    std::fs::write(&same, builtin).unwrap();
    let changed = dir.path().join("changed.rs");
    std::fs::write(&changed, weights_with("attack line flex2", 3000)).unwrap();
    let own = signature(None);
    assert_eq!(signature(Some(&same)), own);
    assert_ne!(signature(Some(&changed)), own);
}

/// A weights file that is missing, not a weights file, or short of
/// weights stops the engine before it plays, with a message naming the
/// file and what is wrong; nothing is read from the protocol.
#[test]
fn a_bad_weights_file_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.rs");
    std::fs::write(&garbage, "not weights at all\n").unwrap();
    let short = dir.path().join("short.rs");
    std::fs::write(&short, "pub(crate) const WEIGHTS: [i32; 2] = [1, 2];\n").unwrap();
    let missing = dir.path().join("missing.rs");
    for (file, says) in [
        (&garbage, "no weights array"),
        (&short, "2 weights"),
        (&missing, "No such file"),
    ] {
        for command in ["pbrain", "bench"] {
            let mut child = Command::new(env!("CARGO_BIN_EXE_wuzi"))
                .args([command, "--weights", &file.display().to_string()])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // A protocol command waiting: a refused file must not reach it.
            let _ = child.stdin.take().unwrap().write_all(b"START 15\n");
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{command} {file:?}");
            assert!(stderr.contains(&file.display().to_string()), "{stderr}");
            assert!(stderr.contains(says), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
            assert!(out.stdout.is_empty(), "{command}: {out:?}");
        }
    }
}

/// A short tuning run plays its rounds and writes a weights file that the
/// engine reads back. Only the tuned table's tunable weights move, each at
/// most its step times the rate a round; the weights of fives, fours that
/// win and forbidden points, the other table and the corrections are
/// those it started from.
#[test]
fn tuning_by_play_moves_only_the_tuned_weights_and_writes_a_usable_file() {
    let dir = tempfile::tempdir().unwrap();
    let start = dir.path().join("start.rs");
    std::fs::write(&start, weights_with("attack line flex2", -200)).unwrap();
    let out_file = dir.path().join("tuned.rs");
    let rounds = 3;
    let out = wuzi(&[
        "tune-play",
        "--rule",
        "renju",
        "--rounds",
        &rounds.to_string(),
        "--jobs",
        "2",
        "--time-ms",
        "60",
        "--rate",
        "0.1",
        "--spread",
        "0.2",
        "--start",
        &start.display().to_string(),
        "--write",
        &out_file.display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(stdout.contains("3 rounds played"), "{stdout}");
    let (before, corrections_before) =
        parse_eval_weights(&std::fs::read_to_string(&start).unwrap()).unwrap();
    let (after, corrections_after) =
        parse_eval_weights(&std::fs::read_to_string(&out_file).unwrap()).unwrap();
    assert_eq!(corrections_after, corrections_before);
    // The freestyle table, untouched by a renju run.
    assert_eq!(after[..EVAL_WEIGHTS], before[..EVAL_WEIGHTS]);
    let names = eval_weight_names();
    for (i, name) in names.iter().enumerate() {
        let (b, a) = (before[EVAL_WEIGHTS + i], after[EVAL_WEIGHTS + i]);
        let kept = ["five", "overline", "flex4", "double-four", "threat win"]
            .iter()
            .any(|k| name.ends_with(k))
            || name.ends_with("threat forbidden");
        if kept {
            assert_eq!(a, b, "{name}");
        } else {
            let step = (f64::from(b).abs() * 0.2).max(64.0);
            let most = step * 0.1 * f64::from(rounds) + 1.0;
            assert!(f64::from((a - b).abs()) <= most, "{name}: {b} -> {a}");
        }
    }
    // The engine plays with what was written.
    let written = signature(Some(&out_file));
    assert!(!written.is_empty());
}

/// Options that cannot tune anything are refused before any game.
#[test]
fn tuning_options_out_of_range_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("tuned.rs");
    let path = out_file.display().to_string();
    for (args, says) in [
        (vec!["--rate", "0"], "--rate"),
        (vec!["--spread", "0"], "--spread"),
        (
            vec!["--start", "/no/such/weights.rs"],
            "/no/such/weights.rs",
        ),
    ] {
        let mut all = vec!["tune-play", "--rounds", "1", "--write", &path];
        all.extend(args);
        let out = wuzi(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{all:?}");
        assert!(stderr.contains(says), "{stderr}");
        assert!(!out_file.exists());
    }
}
