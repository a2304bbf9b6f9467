//! The puzzle set shipped with the app, checked by the solver, and solving
//! puzzles through the game service: wrong moves refuted, any winning line
//! accepted, hints, retries, and the profile's progress.

mod support;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use serde_json::{Value, json};
use support::*;
use wuzi_core::Rule;
use wuzi_session::puzzle_set::{PuzzleKind, shipped};

#[test]
fn the_shipped_set_is_big_enough_and_every_puzzle_is_won_as_it_says() {
    let set = shipped();
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for p in set {
        *counts
            .entry((p.rule.name().to_string(), format!("{:?}", p.kind)))
            .or_default() += 1;
    }
    let of = |rule: Rule| set.iter().filter(|p| p.rule == rule).count();
    assert!(of(Rule::Freestyle) >= 300, "{counts:?}");
    assert!(of(Rule::Renju) >= 150, "{counts:?}");
    for rule in [Rule::Freestyle, Rule::Renju] {
        for kind in [PuzzleKind::Fours, PuzzleKind::Threats] {
            assert!(
                set.iter().any(|p| p.rule == rule && p.kind == kind),
                "no {rule:?} puzzle by {kind:?}"
            );
        }
    }
    let ids: std::collections::HashSet<_> = set.iter().map(|p| &p.id).collect();
    assert_eq!(ids.len(), set.len(), "ids are unique");
    // Every puzzle, checked again by the solver, on both cores. A few
    // puzzles take most of the time, so each core takes the next puzzle
    // when it is free rather than a fixed half.
    let next = AtomicUsize::new(0);
    let failures: Vec<String> = thread::scope(|scope| {
        let checks: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut failed = Vec::new();
                    while let Some(p) = set.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if let Err(e) = p.verify() {
                            failed.push(e.to_string());
                        }
                    }
                    failed
                })
            })
            .collect();
        checks
            .into_iter()
            .flat_map(|c| c.join().expect("a check thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The first freestyle puzzle by fours with a unique first move.
fn a_fours_puzzle() -> &'static wuzi_session::puzzle_set::Puzzle {
    shipped()
        .iter()
        .find(|p| {
            p.rule == Rule::Freestyle && p.kind == PuzzleKind::Fours && p.first_moves.len() == 1
        })
        .expect("a freestyle puzzle by fours with one first move")
}

fn xy(name: &str) -> Value {
    let p = wuzi_core::parse_point(name, 15).expect("a point");
    json!({ "x": p.x, "y": p.y })
}

/// An empty point far from every stone of `view`: a quiet move.
fn quiet_point(view: &Value) -> Value {
    let taken: Vec<(u64, u64)> = view["setup"]
        .as_array()
        .into_iter()
        .chain(view["stones"].as_array())
        .flatten()
        .map(|s| (s["x"].as_u64().unwrap_or(0), s["y"].as_u64().unwrap_or(0)))
        .collect();
    for y in 0..15u64 {
        for x in 0..15u64 {
            if taken
                .iter()
                .all(|&(sx, sy)| sx.abs_diff(x) > 2 || sy.abs_diff(y) > 2)
            {
                return json!({ "x": x, "y": y });
            }
        }
    }
    panic!("no quiet point on {view}");
}

#[test]
fn a_puzzle_is_failed_by_a_quiet_move_and_solved_by_its_line_and_progress_counts_both() {
    let h = Harness::new();
    let puzzle = a_fours_puzzle();
    let list = h.ok(
        "list_puzzles",
        json!({ "filter": { "rule": "freestyle", "kind": "fours" } }),
    );
    let items = list["puzzles"].as_array().expect("a list");
    assert!(
        items
            .iter()
            .all(|p| p["rule"] == "freestyle" && p["kind"] == "fours")
    );
    assert!(items.iter().any(|p| p["id"] == puzzle.id.as_str()));
    assert_eq!(list["progress"]["rating"], 1000);
    assert_eq!(list["progress"]["solved"], 0);

    let before = h.view();
    let start = h.ok("start_puzzle", json!({ "id": puzzle.id }));
    assert_eq!(start["status"], "solving");
    assert_eq!(
        start["attacker"],
        serde_json::to_value(puzzle.to_move).expect("a side")
    );
    assert!(start["stones"].as_array().expect("moves").is_empty());

    // A quiet move lets the win go: refuted, the defender's escape played.
    let quiet = quiet_point(&start);
    let failed = h.ok("puzzle_move", quiet);
    assert_eq!(failed["status"], "failed", "{failed}");
    assert_eq!(failed["clean"], false);
    let escape = &failed["refutation"][0];
    assert!(escape.is_object(), "{failed}");
    assert_eq!(failed["reply"], *escape);
    assert_eq!(failed["stones"].as_array().map(Vec::len), Some(2));
    assert_eq!(failed["progress"]["streak"], 0);
    let rating_after_fail = failed["progress"]["rating"].as_i64().expect("a rating");
    assert!(rating_after_fail < 1000);
    assert_eq!(
        kind(&h.err("puzzle_move", json!({ "x": 0, "y": 0 }))),
        "game_over"
    );

    // Again: occupied points are refused as in a game; the stored line wins.
    let again = h.ok("retry_puzzle", json!({}));
    assert_eq!(again["clean"], false, "a retry is not a first attempt");
    assert!(again["stones"].as_array().expect("moves").is_empty());
    let occupied = &again["setup"][0];
    assert_eq!(
        kind(&h.err(
            "puzzle_move",
            json!({ "x": occupied["x"], "y": occupied["y"] })
        )),
        "occupied"
    );
    let line: Vec<&str> = puzzle.solution.split_whitespace().collect();
    let mut view = again;
    for (i, name) in line.iter().enumerate().step_by(2) {
        view = h.ok("puzzle_move", xy(name));
        if view["status"] == "solved" {
            break;
        }
        assert_eq!(view["status"], "solving", "after {name}: {view}");
        if let Some(answer) = line.get(i + 1) {
            assert_eq!(view["reply"], xy(answer), "the forced block");
        }
    }
    assert_eq!(view["status"], "solved", "{view}");
    // A retry that wins does not move the rating: only the first attempt does.
    assert_eq!(view["progress"]["rating"].as_i64(), Some(rating_after_fail));
    assert_eq!(view["progress"]["solved"], 1);
    // The game on the board was never touched.
    assert_eq!(h.view()["stones"], before["stones"]);

    let listed = h.ok("list_puzzles", json!({}));
    let item = listed["puzzles"]
        .as_array()
        .expect("a list")
        .iter()
        .find(|p| p["id"] == puzzle.id.as_str())
        .cloned()
        .expect("the puzzle");
    assert_eq!(
        (item["solved"].clone(), item["first_try"].clone()),
        (json!(true), json!(false))
    );
    // Progress lives in the profile's folder: it survives a restart.
    let h = h.restart();
    assert_eq!(h.ok("list_puzzles", json!({}))["progress"]["solved"], 1);
}

#[test]
fn a_clean_solve_raises_the_rating_and_a_hint_makes_it_no_first_try() {
    let h = Harness::new();
    let fours: Vec<_> = shipped()
        .iter()
        .filter(|p| p.kind == PuzzleKind::Fours && p.rule == Rule::Freestyle)
        .take(2)
        .collect();
    // The first by its stored line, cleanly.
    let first = fours[0];
    let mut view = h.ok("start_puzzle", json!({ "id": first.id }));
    for name in first.solution.split_whitespace().step_by(2) {
        view = h.ok("puzzle_move", xy(name));
        if view["status"] != "solving" {
            break;
        }
    }
    assert_eq!(view["status"], "solved", "{view}");
    assert_eq!(view["clean"], true);
    assert!(view["progress"]["rating"].as_i64().expect("a rating") > 1000);
    assert_eq!(view["progress"]["streak"], 1);

    // The second by following hints: solved, but not at the first try.
    let second = fours[1];
    let mut view = h.ok("start_puzzle", json!({ "id": second.id }));
    for _ in 0..40 {
        let hinted = h.ok("puzzle_hint", json!({}));
        assert_eq!(hinted["clean"], false);
        let hint = hinted["hint"].clone();
        assert!(hint.is_object(), "{hinted}");
        view = h.ok("puzzle_move", hint);
        if view["status"] != "solving" {
            break;
        }
    }
    assert_eq!(view["status"], "solved", "{view}");
    let listed = h.ok(
        "list_puzzles",
        json!({ "filter": { "difficulty": "easy" } }),
    );
    assert!(
        listed["puzzles"]
            .as_array()
            .expect("a list")
            .iter()
            .all(|p| p["difficulty"] == "easy")
    );
    assert_eq!(
        kind(&h.err("start_puzzle", json!({ "id": "no-such" }))),
        "not_found"
    );
    assert_eq!(
        kind(&h.err("list_puzzles", json!({ "filter": { "rule": "chess" } }))),
        "bad_argument"
    );
}

/// A win by fours and threes, as the coach shows it, is played out with the
/// defender's answers: the sides alternate from the attacker, every move is
/// legal, and the line ends with the attacker's five (or a four that
/// cannot be stopped).
#[test]
fn a_win_by_threes_is_played_out_move_by_move() {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    use wuzi_engine::{SolveLimits, WinKind, played_out, shortest_win};

    let stop = AtomicBool::new(false);
    let limits = SolveLimits::new(400_000, Duration::from_secs(3));
    let mut checked = 0;
    for puzzle in shipped()
        .iter()
        .filter(|p| p.kind == PuzzleKind::Threats && p.length >= 2)
        .take(6)
    {
        let pos = puzzle.position().expect("a puzzle position");
        let attacker = pos.to_move();
        let win = shortest_win(&pos, WinKind::Threats, puzzle.length, limits, &stop)
            .expect("the puzzle's win");
        let line = played_out(&pos, &win, limits, &stop);
        assert!(
            line.len() > 2 * puzzle.length as usize - 2,
            "{}: a line of {} moves for a win in {}: {line:?}",
            puzzle.id,
            line.len(),
            puzzle.length
        );
        let mut end = pos.clone();
        for (i, &point) in line.iter().enumerate() {
            let mover = if i % 2 == 0 {
                attacker
            } else {
                attacker.opponent()
            };
            assert_eq!(end.to_move(), mover, "{}: move {i} out of turn", puzzle.id);
            end.play(point)
                .unwrap_or_else(|err| panic!("{}: move {i} {point:?}: {err}", puzzle.id));
        }
        // The line ends with the five, or with a four the defender cannot
        // stop: two points where the attacker makes five.
        let fives = (0..15u8)
            .flat_map(|y| (0..15u8).map(move |x| wuzi_core::Point::new(x, y)))
            .filter(|&p| {
                let mut board = end.board().clone();
                board.is_empty_at(p) && {
                    board.set(p, Some(attacker));
                    wuzi_core::is_win(&board, end.rule(), p)
                }
            })
            .count();
        assert!(
            end.winner() == Some(attacker) || fives >= 2,
            "{}: the line {line:?} does not end in the attacker's win",
            puzzle.id
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}
