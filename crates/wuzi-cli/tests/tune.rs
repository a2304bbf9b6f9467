//! Records games with `wuzi match --record` and fits the evaluation to them
//! with `wuzi tune`, as the tuning is done by hand.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

use wuzi_cli::tune::parse_game_line;
use wuzi_core::{Game, GameConfig, Outcome, Stone};

fn wuzi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(args)
        .output()
        .unwrap()
}

/// The text of a tuning file the repository ships.
fn shipped_file(name: &str) -> String {
    std::fs::read_to_string(format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The first `n` games of `rule` in the second tuning file.
fn shipped_games(rule: &str, n: usize) -> Vec<String> {
    let prefix = format!("{rule} ");
    shipped_file("tune-games-2.txt")
        .lines()
        .filter(|l| l.starts_with(&prefix))
        .take(n)
        .map(str::to_owned)
        .collect()
}

/// Every game in the tuning files the repository ships replays legally
/// under its rule and ends as its line says: a five for the side given the
/// win, a full board for a draw. A game recorded with the wrong result would
/// teach the fit the opposite of what happened.
#[test]
fn shipped_tuning_games_replay_to_their_recorded_results() {
    let mut counts = Vec::new();
    for name in ["tune-games.txt", "tune-games-2.txt", "tune-games-3.txt"] {
        let mut games = 0;
        for (n, line) in shipped_file(name).lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            let recorded = parse_game_line(line).unwrap_or_else(|e| panic!("{at}: {e}"));
            let config = GameConfig {
                size: recorded.size,
                ..GameConfig::with_rule(recorded.rule)
            };
            let game =
                Game::from_moves(config, &recorded.moves).unwrap_or_else(|e| panic!("{at}: {e}"));
            let outcome = game
                .outcome()
                .unwrap_or_else(|| panic!("{at}: not finished"));
            // The shipped games were played out by our own levels: each
            // ends in a five or on a full board, none by time.
            let black_result = match outcome {
                Outcome::Win {
                    stone: Stone::Black,
                    ..
                } => 1.0,
                Outcome::Win {
                    stone: Stone::White,
                    ..
                } => 0.0,
                Outcome::Draw => 0.5,
                other => panic!("{at}: {other:?}"),
            };
            assert_eq!(black_result, recorded.black_result, "{at}");
            games += 1;
        }
        counts.push(games);
    }
    assert_eq!(counts, [720, 1488, 1244]);
}

#[test]
fn recorded_games_are_fitted_and_the_weights_written_as_the_engine_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.txt");
    let record_arg = record.to_str().unwrap();
    for rule in ["freestyle", "renju"] {
        let out = wuzi(&[
            "match",
            "easy",
            "beginner",
            "--games",
            "10",
            "--time-ms",
            "20",
            "--rule",
            rule,
            "--record",
            record_arg,
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    // One line a game, appended: rule, size, result, then the moves.
    let text = std::fs::read_to_string(&record).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 20, "{text}");
    for (n, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            words[0],
            if n < 10 { "freestyle" } else { "renju" },
            "{line}"
        );
        assert_eq!(words[1], "15", "{line}");
        assert!(["1-0", "0-1", "1/2"].contains(&words[2]), "{line}");
        assert!(words.len() > 3 + 9, "a game from an opening: {line}");
    }

    let weights = dir.path().join("eval_weights.rs");
    let out = wuzi(&[
        "tune",
        record_arg,
        "--steps",
        "200",
        "--write",
        weights.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let report = String::from_utf8(out.stdout).unwrap();
    // Each rule's table is fitted to that rule's games.
    assert!(
        report.starts_with("Freestyle and standard: 10 games: "),
        "{report}"
    );
    assert!(report.contains("\nRenju: 10 games: "), "{report}");
    // The fit never forecasts the games it was fitted to worse than the
    // weights it started from.
    let losses = |label: &str| -> Vec<(f64, f64)> {
        report
            .lines()
            .filter_map(|l| l.trim().strip_prefix(label))
            .map(|rest| {
                let (before, after) = rest.split_once(" -> ").unwrap();
                let after = after.split_whitespace().next().unwrap();
                (before.trim().parse().unwrap(), after.parse().unwrap())
            })
            .collect()
    };
    let fitted = losses("log loss, fitted positions: ");
    assert_eq!(fitted.len(), 2, "{report}");
    for (before, after) in fitted {
        assert!(after < before, "{report}");
    }
    assert_eq!(
        losses("log loss, held-out positions: ").len(),
        2,
        "{report}"
    );
    let source = std::fs::read_to_string(&weights).unwrap();
    assert!(
        source.contains("pub(crate) const WEIGHTS: [[i32; 55]; 2] = ["),
        "{source}"
    );
    assert!(source.contains("Renju: fitted to "), "{source}");
    // The corrections the games taught: for four patterns together, and
    // for the threats each side has at a leaf, listed by name.
    assert!(
        source.contains("\n    (Flavour::Gomoku, [Pattern::"),
        "{source}"
    );
    assert!(
        source.contains("\n    (Flavour::RenjuBlack, &["),
        "{source}"
    );
    assert!(
        report.contains("\n  corrections that changed: "),
        "{report}"
    );

    // One rule alone: the other table is written back as it started.
    let renju_only = dir.path().join("renju_only.rs");
    let out = wuzi(&[
        "tune",
        record_arg,
        "--steps",
        "50",
        "--rule",
        "renju",
        "--mask-pull",
        "1e-7",
        "--start",
        weights.to_str().unwrap(),
        "--write",
        renju_only.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(
        report.starts_with("Freestyle and standard: not fitted (--rule); its weights are kept\n"),
        "{report}"
    );
    assert!(report.contains("\nRenju: 10 games: "), "{report}");
    let first_table = |path: &std::path::Path| -> String {
        let text = std::fs::read_to_string(path).unwrap();
        let tables = text.split_once("WEIGHTS: [[").unwrap().1;
        tables.split("    ],").next().unwrap().to_string()
    };
    assert_eq!(first_table(&renju_only), first_table(&weights));
    let renju_table = |path: &std::path::Path| -> String {
        let text = std::fs::read_to_string(path).unwrap();
        text.split("    ],").nth(1).unwrap().to_string()
    };
    assert_ne!(renju_table(&renju_only), renju_table(&weights));

    // The written file is a starting point for the next fit.
    let out = wuzi(&[
        "tune",
        record_arg,
        "--steps",
        "10",
        "--start",
        weights.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    std::fs::write(&weights, "pub(crate) const WEIGHTS: [i32; 2] = [1, 2];").unwrap();
    let out = wuzi(&["tune", record_arg, "--start", weights.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("2 weights, the evaluation has 2 tables of 55"),
        "{err}"
    );
}

#[test]
fn a_file_that_is_not_games_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    for (text, says) in [
        (
            "freestyle 15 1-0 h8 i9\nchess 8 1-0 e4\n",
            "games.txt:2: unknown rule",
        ),
        ("renju 15 2-0 h8\n", "games.txt:1: bad result"),
        ("freestyle 15 1-0 h8 h8\n", "games.txt:1: "),
        ("freestyle 15 1/2 h8 z99\n", "games.txt:1: move \"z99\""),
        ("freestyle x 1/2 h8\n", "games.txt:1: bad board size"),
    ] {
        let path = dir.path().join("games.txt");
        std::fs::write(&path, text).unwrap();
        let out = wuzi(&["tune", path.to_str().unwrap()]);
        assert!(!out.status.success(), "{text}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{text}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A record file that cannot be made stops the match before it starts.
    let nowhere = dir.path().join("no-such-folder").join("games.txt");
    let out = wuzi(&[
        "match",
        "easy",
        "beginner",
        "--games",
        "2",
        "--record",
        nowhere.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no-such-folder"), "{err}");
    assert!(String::from_utf8(out.stdout).unwrap().is_empty());
    let out = wuzi(&["tune", dir.path().join("missing.txt").to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("missing.txt")
    );
    // Too few games to hold one in ten out.
    let path = dir.path().join("few.txt");
    std::fs::write(&path, "freestyle 15 1-0 h8 i9 h9 i10\n").unwrap();
    let out = wuzi(&["tune", path.to_str().unwrap(), "--opening-moves", "0"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no positions to fit to")
    );
}

#[test]
fn with_the_search_given_the_whole_target_the_recorded_results_no_longer_matter() {
    let dir = tempfile::tempdir().unwrap();
    let true_games = shipped_games("freestyle", 10);
    // The same games with every result turned round.
    let flipped: Vec<String> = true_games
        .iter()
        .map(|l| {
            let mut words: Vec<&str> = l.split_whitespace().collect();
            words[2] = match words[2] {
                "1-0" => "0-1",
                "0-1" => "1-0",
                other => other,
            };
            words.join(" ")
        })
        .collect();
    assert!(
        true_games.iter().zip(&flipped).any(|(a, b)| a != b),
        "a decided game to turn round"
    );
    let true_path = dir.path().join("true.txt");
    let flipped_path = dir.path().join("flipped.txt");
    std::fs::write(&true_path, true_games.join("\n")).unwrap();
    std::fs::write(&flipped_path, flipped.join("\n")).unwrap();

    // The weights each fit writes, by the games and the search's share.
    let fit = |path: &std::path::Path, share: Option<&str>| -> (String, String) {
        let weights = dir.path().join("w.rs");
        let mut args = vec![
            "tune",
            path.to_str().unwrap(),
            "--rule",
            "freestyle",
            "--steps",
            "30",
            "--write",
            weights.to_str().unwrap(),
        ];
        if let Some(share) = share {
            args.extend([
                "--search-nodes",
                "1500",
                "--search-share",
                share,
                "--jobs",
                "2",
            ]);
        }
        let out = wuzi(&args);
        assert!(out.status.success(), "{out:?}");
        let report = String::from_utf8(out.stdout).unwrap();
        let written = std::fs::read_to_string(&weights).unwrap();
        let table = written.split_once("WEIGHTS: [[").unwrap().1;
        (report, table.split("    ],").next().unwrap().to_string())
    };
    let (report, searched_true) = fit(&true_path, Some("1"));
    // Every position fitted or held out was searched but one: the tenth
    // game is a draw on a full board, whose last position has no move to
    // search (its target stays the draw).
    assert!(true_games[9].starts_with("freestyle 15 1/2 "));
    assert_eq!(true_games[9].split_whitespace().count(), 3 + 225);
    let count = |label: &str| -> usize {
        let at = report.find(label).unwrap() + label.len();
        report[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let searched = count("searched ");
    assert!(searched > 100, "{report}");
    let fitted = count("games: ");
    let held = count(&format!("{fitted} positions fitted, "));
    assert_eq!(searched, fitted + held - 1, "{report}");
    assert!(
        report.contains("targets are 100% the search's forecast"),
        "{report}"
    );
    let (_, searched_flipped) = fit(&flipped_path, Some("1"));
    assert_eq!(
        searched_true, searched_flipped,
        "the search alone decides the targets"
    );
    let (_, half_true) = fit(&true_path, Some("0.5"));
    let (_, half_flipped) = fit(&flipped_path, Some("0.5"));
    assert_ne!(half_true, half_flipped, "half the target is the result");
    let (_, results_true) = fit(&true_path, None);
    assert_ne!(results_true, half_true, "the search moves the fit");

    // Shares and node counts out of range are refused.
    for (args, says) in [
        (
            vec!["--search-nodes", "100", "--search-share", "1.5"],
            "not a share from 0 to 1",
        ),
        (vec!["--search-nodes", "0"], "--search-nodes"),
        (vec!["--search-nodes", "100", "--jobs", "0"], "--jobs"),
    ] {
        let mut all = vec!["tune", true_path.to_str().unwrap()];
        all.extend(args);
        let out = wuzi(&all);
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn at_the_leaves_each_position_is_the_end_of_the_searched_line_with_its_side_to_moves_result() {
    use wuzi_cli::tune::{Sample, game_samples, to_leaves};
    use wuzi_core::{Rule, parse_point};

    let lines = shipped_games("renju", 4);
    let samples = |line: &str| game_samples(line, 6).unwrap();
    let mut games: Vec<Vec<Sample>> = lines.iter().map(|l| samples(l)).collect();
    let before: usize = games.iter().map(Vec::len).sum();
    let positions: Vec<Vec<usize>> = games
        .iter()
        .map(|g| g.iter().map(|s| s.ply).collect())
        .collect();
    let (moved, dropped) = to_leaves(&mut games, 1_500, 2);
    assert_eq!(moved + dropped, before);
    assert_eq!(games.iter().map(Vec::len).sum::<usize>(), moved);
    assert!(moved > before / 2, "{moved} of {before} kept");

    let mut deeper = 0;
    for ((line, leaves), plies) in lines.iter().zip(&games).zip(&positions) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let played: Vec<_> = words[3..]
            .iter()
            .map(|w| parse_point(w, 15).unwrap())
            .collect();
        let black = match words[2] {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        for leaf in leaves {
            // The line starts from one of the game's positions and goes on
            // from there.
            let from = plies
                .iter()
                .copied()
                .filter(|&p| p <= leaf.moves.len() && leaf.moves[..p] == played[..p])
                .max()
                .unwrap();
            assert!(leaf.ply >= from && leaf.ply == leaf.moves.len());
            deeper += usize::from(leaf.ply > from);
            assert_eq!(leaf.rule, Rule::Renju);
            // Its features are the leaf's, for the side to move there, and
            // so is the result.
            let along = wuzi_engine::eval_features_along(15, Rule::Renju, &leaf.moves).unwrap();
            assert_eq!(along.last().unwrap().as_ref(), Some(&leaf.features));
            let expected = if leaf.ply % 2 == 0 {
                black
            } else {
                1.0 - black
            };
            assert_eq!(leaf.result, expected, "{line} at {}", leaf.ply);
        }
    }
    assert!(deeper > moved / 2, "{deeper} of {moved} moved on");

    // Each game's table is cleared: the leaves are the same on one thread.
    let mut again: Vec<Vec<Sample>> = lines.iter().map(|l| samples(l)).collect();
    assert_eq!(to_leaves(&mut again, 1_500, 1), (moved, dropped));
    for (a, b) in games.iter().flatten().zip(again.iter().flatten()) {
        assert_eq!(
            (&a.moves, &a.features, a.result),
            (&b.moves, &b.features, b.result)
        );
    }
}
