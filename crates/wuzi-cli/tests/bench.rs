//! `wuzi bench`: a line per position, the totals with the signature, the
//! stop figure; and a reader that stops early ends it with a message, not
//! a panic.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::process::Command;

#[test]
fn the_bench_reports_every_position_the_totals_and_the_stop() {
    let out = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(["bench", "--depth", "3"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 10, "{text}");
    for (n, line) in lines[..8].iter().enumerate() {
        assert!(
            line.starts_with(&format!("position {:>2} ", n + 1)),
            "{line}"
        );
        assert!(line.contains(" depth  3 "), "{line}");
    }
    // The signature is the total of the positions' nodes.
    let nodes = |line: &str| -> u64 {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "nodes").unwrap();
        words[at + 1].parse().unwrap()
    };
    let total: u64 = lines[..8].iter().map(|l| nodes(l)).sum();
    assert!(
        lines[8].starts_with(&format!("total nodes {total} ")),
        "{}",
        lines[8]
    );
    assert!(
        lines[8].ends_with(&format!("signature {total}")),
        "{}",
        lines[8]
    );
    assert!(
        lines[9].starts_with("stop: 24 searches stopped"),
        "{}",
        lines[9]
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_bench_with_a_message() {
    let first = common::first_line_then_close(&["bench", "--depth", "3"]);
    assert!(first.starts_with("position  1 "), "{first}");
}

#[test]
fn without_the_stop_timing_the_bench_ends_at_its_totals() {
    let out = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(["bench", "--depth", "2", "--no-stop"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9, "{text}");
    assert!(lines[8].starts_with("total nodes "), "{text}");
}
