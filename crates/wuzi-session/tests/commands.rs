//! Every command driven through [`Service::dispatch`] exactly as the web UI
//! sends them through either door: JSON arguments in, a view or
//! `{ kind, message }` out, with a real data folder in a temp directory.

mod support;

use std::path::PathBuf;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::*;

#[test]
fn a_new_app_shows_an_empty_15x15_board_with_black_to_move() {
    let h = Harness::new();
    let view = h.view();
    assert_eq!(view["size"], 15);
    assert_eq!(view["stones"], json!([]));
    assert_eq!(view["to_move"], "black");
    assert_eq!(view["last"], Value::Null);
    assert_eq!(view["outcome"], Value::Null);
    assert_eq!(view["can_undo"], false);
}

#[test]
fn playing_places_stones_in_alternating_colours() {
    let h = Harness::new();
    let first = h.play(7, 7).expect("the centre is free");
    assert_eq!(stones(&first), vec![(7, 7, "black".to_string())]);
    assert_eq!(first["to_move"], "white");
    assert_eq!(first["last"], json!({ "x": 7, "y": 7 }));

    let second = h.play(8, 6).expect("a free point");
    assert_eq!(
        stones(&second),
        vec![(7, 7, "black".to_string()), (8, 6, "white".to_string())]
    );
    assert_eq!(second["to_move"], "black");
    assert_eq!(second["black_count"], 1);
    assert_eq!(second["white_count"], 1);
    assert_eq!(second["stones"][1]["number"], 2);
    assert!(second["generation"].as_u64() > first["generation"].as_u64());
}

#[test]
fn an_occupied_point_is_refused_and_the_board_is_unchanged() {
    let h = Harness::new();
    h.play(3, 4).expect("a free point");
    let err = h.play(3, 4).expect_err("the point is taken");
    assert_eq!(kind(&err), "occupied");
    assert!(
        err["message"]
            .as_str()
            .expect("a message")
            .contains("black"),
        "the message says what is there: {err}"
    );
    let view = h.view();
    assert_eq!(stones(&view), vec![(3, 4, "black".to_string())]);
    assert_eq!(view["to_move"], "white", "the turn did not pass");
}

#[test]
fn points_off_the_board_are_refused_as_off_board() {
    let h = Harness::new();
    for (x, y) in [(15, 0), (0, 15), (-1, 3), (3, -1), (255, 255), (100_000, 2)] {
        let err = h.play(x, y).expect_err("off the board");
        assert_eq!(kind(&err), "off_board", "({x}, {y}) gave {err}");
        assert!(err["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    assert_eq!(h.view()["stones"], json!([]));
}

#[test]
fn arguments_of_the_wrong_shape_are_refused_with_an_error() {
    let h = Harness::new();
    for args in [
        json!({}),
        json!({ "x": "h", "y": 8 }),
        json!({ "x": 1.5, "y": 2 }),
        json!({ "x": null, "y": 2 }),
        json!([7, 7]),
        json!("h8"),
    ] {
        let err = h.err("play", args.clone());
        assert_eq!(kind(&err), "bad_argument", "{args}: {err}");
    }
    assert_eq!(h.view()["stones"], json!([]), "nothing was placed");
    for config in [json!({ "mode": "chess" }), json!({ "colour": "red" })] {
        let err = h.err("new_game", json!({ "config": config }));
        assert_eq!(kind(&err), "bad_argument", "{err}");
    }
    assert_eq!(kind(&h.err("export_game", json!({}))), "bad_argument");
    assert_eq!(
        kind(&h.err("place_every_stone", json!({}))),
        "unknown_command"
    );
}

#[test]
fn five_in_a_row_ends_the_game_with_its_line() {
    let h = Harness::new();
    let view = play_black_five(&h);
    assert_eq!(view["outcome"]["kind"], "five");
    assert_eq!(view["outcome"]["winner"], "black");
    let line: Vec<_> = view["winning_line"]
        .as_array()
        .expect("a line")
        .iter()
        .map(|p| (p["x"].as_u64(), p["y"].as_u64()))
        .collect();
    assert_eq!(line.len(), 5);
    assert!(line.contains(&(Some(0), Some(0))) && line.contains(&(Some(4), Some(0))));
    assert_eq!(kind(&h.play(9, 9).expect_err("game over")), "game_over");
    assert_eq!(view["score"]["black"], 1);
    let listed = h.ok("list_replays", json!({}));
    assert_eq!(
        view["replay_id"], listed["items"][0]["id"],
        "the view names its replay"
    );
}

#[test]
fn undo_and_redo_between_two_people_take_one_move_at_a_time() {
    let h = Harness::new();
    h.play(7, 7).expect("move");
    h.play(8, 8).expect("move");
    let view = h.ok("undo", json!({}));
    assert_eq!(stones(&view), vec![(7, 7, "black".to_string())]);
    assert_eq!(view["can_redo"], true);
    let view = h.ok("redo", json!({}));
    assert_eq!(stones(&view).len(), 2);
    h.ok("undo", json!({}));
    let view = h.play(1, 1).expect("a new move");
    assert_eq!(view["can_redo"], false, "a new move clears redo");
}

#[test]
fn new_game_takes_a_size_and_rule_and_refuses_unplayable_ones() {
    let h = Harness::new();
    h.play(7, 7).expect("move");
    let view = h.ok("new_game", json!({ "config": { "size": 19 } }));
    assert_eq!(view["size"], 19);
    assert_eq!(view["stones"], json!([]));
    h.play(18, 18).expect("the far corner of 19x19");

    for config in [
        json!({ "size": 4 }),
        json!({ "size": 23 }),
        json!({ "rule": "renju", "size": 19 }),
    ] {
        let err = h.err("new_game", json!({ "config": config }));
        assert_eq!(kind(&err), "bad_config", "{config}: {err}");
    }
    let view = h.view();
    assert_eq!(view["size"], 19, "a refused new game keeps the old one");
    assert_eq!(stones(&view).len(), 1);

    let view = h.ok(
        "new_game",
        json!({ "config": { "rule": "renju", "forbiddenMoves": "refuse" } }),
    );
    assert_eq!(view["rule"], "renju");
    assert_eq!(
        view["forbidden_moves"], "refuse",
        "one word for it everywhere"
    );
    assert_eq!(view["size"], 15, "renju is played on 15x15");
}

#[test]
fn renju_marks_and_refuses_black_forbidden_points() {
    let h = Harness::new();
    h.ok("new_game", json!({ "config": { "rule": "renju" } }));
    // Black at H8 I8 (row 8) and G7 G6 (column G) with white far away: J8 and
    // G9 would each make a three, so G8 makes a double three.
    for (b, w) in [
        ((7, 7), (0, 0)),
        ((8, 7), (0, 2)),
        ((6, 8), (0, 4)),
        ((6, 9), (0, 6)),
    ] {
        h.play(b.0, b.1).expect("black");
        h.play(w.0, w.1).expect("white");
    }
    let view = h.view();
    let forbidden = view["forbidden"].as_array().expect("a list");
    assert!(
        forbidden
            .iter()
            .any(|f| f["x"] == 6 && f["y"] == 7 && f["kind"] == "double_three"),
        "G8 is marked: {forbidden:?}"
    );
    let err = h.play(6, 7).expect_err("forbidden for black");
    assert_eq!(kind(&err), "forbidden");
    assert_eq!(stones(&h.view()).len(), 8);
}

#[test]
fn the_computer_answers_and_undo_takes_back_both_moves() {
    let h = Harness::new();
    let view = h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "beginner" } }),
    );
    assert_eq!(view["players"]["white"]["kind"], "ai");
    assert_eq!(view["ai_to_move"], false);
    let view = h.play(7, 7).expect("the person's move");
    assert_eq!(view["ai_to_move"], true);
    assert_eq!(
        kind(&h.play(8, 8).expect_err("the computer's turn")),
        "not_your_turn"
    );

    let view = h.ok("ai_move", json!({}));
    assert_eq!(stones(&view).len(), 2);
    assert_eq!(view["stones"][1]["stone"], "white");
    assert_eq!(view["ai_to_move"], false);
    assert_eq!(kind(&h.err("ai_move", json!({}))), "not_ai_turn");

    let view = h.ok("undo", json!({}));
    assert_eq!(
        view["stones"],
        json!([]),
        "two plies: back to the person's turn"
    );
    assert_eq!(view["to_move"], "black");
}

#[test]
fn the_computer_moves_first_when_the_person_takes_white() {
    let h = Harness::new();
    let view = h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "white", "blackLevel": "easy" } }),
    );
    assert_eq!(view["ai_to_move"], true);
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"][0]["stone"], "black");
    assert_eq!(view["to_move"], "white");
}

/// Starts a game against Master, plays the person's first move and sets
/// Master thinking on another thread; returns once the search is under way.
fn master_thinking(h: &Harness) -> thread::JoinHandle<Result<Value, Value>> {
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "master" } }),
    );
    h.play(7, 7).expect("the person's move");
    let service = Arc::clone(&h.service);
    let (door, progress) = listening_door();
    let thinking = thread::spawn(move || invoke_with(&service, "ai_move", json!({}), &door));
    // The first progress report: the search is under way.
    progress
        .recv_timeout(Duration::from_secs(30))
        .expect("the search reports progress");
    thinking
}

#[test]
fn a_move_found_after_the_game_changed_is_dropped() {
    for change in ["undo", "new_game", "restart"] {
        let h = Harness::new();
        let thinking = master_thinking(&h);
        let started = Instant::now();
        h.ok(change, json!({}));
        let answer = thinking.join().expect("the search thread ends");
        let err = answer.expect_err("the stale move is refused");
        assert_eq!(kind(&err), "stale", "after {change}: {err}");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "the search stopped when the game changed"
        );
        let view = h.view();
        assert!(
            view["stones"]
                .as_array()
                .expect("stones")
                .iter()
                .all(|s| s["stone"] != "white"),
            "no white stone landed after {change}: {view}"
        );
    }
}

#[test]
fn stop_makes_the_computer_play_at_once() {
    let h = Harness::new();
    let thinking = master_thinking(&h);
    let stopped = Instant::now();
    h.ok("stop_ai", json!({}));
    let view = thinking
        .join()
        .expect("the search thread ends")
        .expect("the move is played");
    assert!(stopped.elapsed() < Duration::from_secs(2));
    assert_eq!(stones(&view).len(), 2);
}

#[test]
fn a_hint_names_a_free_point() {
    let h = Harness::new();
    h.play(7, 7).expect("move");
    let hint = h.ok("hint", json!({}));
    let (x, y) = (hint["best"]["x"].as_u64(), hint["best"]["y"].as_u64());
    assert!(x.is_some() && y.is_some());
    assert_ne!((x, y), (Some(7), Some(7)));
    let chance = hint["win_chance"].as_f64().expect("a chance");
    assert!((0.0..=1.0).contains(&chance));
}

#[test]
fn saves_list_load_with_undo_refuse_overwrites_and_delete() {
    let h = Harness::new();
    h.play(7, 7).expect("move");
    h.play(8, 8).expect("move");
    let list = h.ok(
        "save_game",
        json!({ "name": "Opening study", "overwrite": false }),
    );
    assert_eq!(list[0]["name"], "Opening study");
    assert_eq!(list[0]["move_count"], 2);
    assert_eq!(list[0]["size"], 15);
    let preview = list[0]["preview"].as_str().expect("a preview");
    assert_eq!(preview.len(), 225);
    assert_eq!(&preview[7 * 15 + 7..7 * 15 + 8], "x");

    let err = h.err(
        "save_game",
        json!({ "name": "opening STUDY", "overwrite": false }),
    );
    assert_eq!(kind(&err), "exists");
    h.ok(
        "save_game",
        json!({ "name": "Opening study", "overwrite": true }),
    );

    for bad in [
        "",
        "../escape",
        "a/b",
        "a\\b",
        "nul\u{0}byte",
        &"x".repeat(65),
    ] {
        let err = h.err("save_game", json!({ "name": bad, "overwrite": false }));
        assert_eq!(kind(&err), "bad_name", "{bad:?}: {err}");
    }

    h.ok("new_game", json!({}));
    let view = h.ok("load_save", json!({ "name": "Opening study" }));
    assert_eq!(stones(&view).len(), 2);
    assert_eq!(view["save_name"], "Opening study");
    let view = h.ok("undo", json!({}));
    assert_eq!(stones(&view).len(), 1, "undo works after loading");

    assert_eq!(
        kind(&h.err("load_save", json!({ "name": "nothing" }))),
        "not_found"
    );
    let list = h.ok("delete_save", json!({ "name": "Opening study" }));
    assert_eq!(list, json!([]));
}

#[test]
fn continue_brings_back_the_game_after_a_restart() {
    let h = Harness::new();
    assert_eq!(h.ok("has_autosave", json!({})), false);
    h.play(7, 7).expect("move");
    h.play(6, 6).expect("move");
    h.play(8, 8).expect("move");
    let h = h.restart();
    assert_eq!(
        h.view()["stones"],
        json!([]),
        "a restart opens on a fresh board"
    );
    assert_eq!(h.ok("has_autosave", json!({})), true);
    let view = h.ok("continue_game", json!({}));
    assert_eq!(stones(&view).len(), 3);
    assert_eq!(view["to_move"], "white");
}

#[test]
fn a_finished_game_is_in_the_replay_log_and_can_be_played_on() {
    let h = Harness::new();
    play_black_five(&h);
    h.ok("new_game", json!({}));
    h.play(7, 7).expect("move");
    h.ok("resign", json!({}));

    let page = h.ok("list_replays", json!({ "page": 0, "pageSize": 10 }));
    assert_eq!(page["total"], 2);
    let items = page["items"].as_array().expect("items");
    assert_eq!(items[0]["result"], "resign", "newest first");
    assert_eq!(items[1]["result"], "black_win");
    assert_eq!(items[1]["move_count"], 9);

    let id = items[1]["id"].as_str().expect("an id");
    let replay = h.ok("load_replay", json!({ "id": id }));
    assert_eq!(replay["moves"].as_array().map(Vec::len), Some(9));
    assert_eq!(replay["final_view"]["outcome"]["kind"], "five");

    let view = h.ok("play_from", json!({ "id": id, "moveCount": 4 }));
    assert_eq!(stones(&view).len(), 4);
    assert_eq!(view["outcome"], Value::Null);
    assert_eq!(view["to_move"], "black");

    assert_eq!(
        kind(&h.err("load_replay", json!({ "id": "../../etc" }))),
        "not_found"
    );
    h.err("play_from", json!({ "id": id, "moveCount": 99 }));
    assert_eq!(
        h.ok("list_replays", json!({ "filter": { "mode": "ai_ai" } }))["total"],
        0
    );
}

#[test]
fn a_past_game_is_analysed_move_by_move() {
    let h = Harness::new();
    play_black_five(&h);
    let page = h.ok("list_replays", json!({}));
    let id = page["items"][0]["id"].as_str().expect("an id").to_string();
    let analysis = h.ok("analyse_game", json!({ "id": id }));
    let moves = analysis["moves"].as_array().expect("verdicts");
    assert_eq!(moves.len(), 9);
    assert_eq!(analysis["complete"], true);
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    for m in moves {
        assert!(
            classes.contains(&m["class"].as_str().expect("a class")),
            "{m}"
        );
    }
    // White's fourth move let black make five in one: the engine calls it a blunder.
    assert_eq!(moves[7]["class"], "blunder", "{}", moves[7]);
}

#[test]
fn profiles_names_passwords_and_settings() {
    let h = Harness::new();
    let list = h.ok("list_profiles", json!({}));
    assert_eq!(
        list["profiles"].as_array().map(Vec::len),
        Some(1),
        "a default profile"
    );
    assert!(list["current"].is_string(), "and it is open");

    let list = h.ok(
        "create_profile",
        json!({ "name": "Mei", "password": "plum blossom" }),
    );
    let mei = list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["name"] == "Mei")
        .expect("Mei is listed")
        .clone();
    assert_eq!(mei["has_password"], true);
    assert_eq!(
        kind(&h.err("create_profile", json!({ "name": "MEI" }))),
        "exists"
    );
    assert_eq!(
        kind(&h.err("create_profile", json!({ "name": "" }))),
        "bad_name"
    );

    let id = mei["id"].as_str().expect("an id");
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": id }))),
        "password_required"
    );
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": id, "password": "peach" }))),
        "wrong_password"
    );
    let opened = h.ok(
        "open_profile",
        json!({ "id": id, "password": "plum blossom" }),
    );
    assert_eq!(opened["profile"]["name"], "Mei");
    assert_eq!(opened["has_autosave"], false);

    let mut settings = h.ok("get_settings", json!({}));
    settings["theme"] = json!("dark");
    settings["language"] = json!("zh");
    let kept = h.ok("set_settings", json!({ "settings": settings }));
    assert_eq!(kept["theme"], "dark");
    settings["volume"] = json!(101);
    assert_eq!(
        kind(&h.err("set_settings", json!({ "settings": settings }))),
        "invalid"
    );

    let h = h.restart();
    assert_eq!(
        h.ok("list_profiles", json!({}))["current"],
        Value::Null,
        "a profile with a password is not opened without it"
    );
    h.ok(
        "open_profile",
        json!({ "id": id, "password": "plum blossom" }),
    );
    assert_eq!(
        h.ok("get_settings", json!({}))["language"],
        "zh",
        "settings survive"
    );

    h.ok("rename_profile", json!({ "id": id, "name": "Mei Lin" }));
    let list = h.ok("delete_profile", json!({ "id": id }));
    assert!(
        list["profiles"]
            .as_array()
            .expect("profiles")
            .iter()
            .all(|p| p["name"] != "Mei Lin")
    );
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": "../x" }))),
        "not_found"
    );
}

#[test]
fn stats_count_games_against_the_computer() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "beginner" } }),
    );
    h.play(7, 7).expect("move");
    h.ok("resign", json!({}));
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(stats["total"]["losses"], 1);
    assert_eq!(stats["by_level"]["beginner"]["losses"], 1);
}

#[test]
fn games_go_out_and_come_back_in_every_format() {
    let h = Harness::new();
    for (x, y) in [(7, 7), (8, 8), (6, 8), (9, 9)] {
        h.play(x, y).expect("move");
    }
    let original = stones(&h.view());
    for format in ["psq", "sgf", "moves", "json"] {
        let exported = h.ok("export_game", json!({ "format": format }));
        let text = exported["text"].as_str().expect("text").to_string();
        assert!(
            exported["file_name"]
                .as_str()
                .is_some_and(|n| n.starts_with("wuzi-"))
        );
        h.ok("new_game", json!({}));
        let view = h.ok("import_game", json!({ "text": text }));
        assert_eq!(stones(&view), original, "{format} round trip");
    }
    let view = h.ok("import_game", json!({ "text": "h8i9j10" }));
    assert_eq!(
        stones(&view),
        vec![
            (7, 7, "black".to_string()),
            (8, 6, "white".to_string()),
            (9, 5, "black".to_string())
        ]
    );
    for garbage in [
        "(;GM[1]SZ[19];B[aa])",
        "Piskvorky 15x15\n99,99,0",
        "{not json",
        "z99",
    ] {
        assert_eq!(
            kind(&h.err("import_game", json!({ "text": garbage }))),
            "bad_record",
            "{garbage}"
        );
    }
    assert_eq!(
        kind(&h.err("export_game", json!({ "format": "pdf" }))),
        "bad_argument"
    );
}

#[test]
fn app_info_gives_the_version_and_data_folder() {
    let h = Harness::new();
    let info = h.ok("app_info", json!({}));
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info["licence"], "MIT OR Apache-2.0");
    assert_eq!(
        info["data_dir"].as_str(),
        Some(h.data.path().display().to_string().as_str())
    );
}

#[test]
fn every_listed_command_is_answered_and_no_other() {
    let h = Harness::new();
    for command in wuzi_session::COMMANDS {
        // Some refuse empty arguments, none is unknown.
        if let Err(err) = h.invoke(command, json!({})) {
            assert_ne!(kind(&err), "unknown_command", "{command}: {err}");
        }
    }
    for unknown in ["", "Play", "play ", "fly", "game_view/../x"] {
        assert_eq!(
            kind(&h.err(unknown, json!({}))),
            "unknown_command",
            "{unknown:?}"
        );
    }
    assert_eq!(
        kind(&h.err("play", json!({ "x": 1 }))),
        "bad_argument",
        "a missing argument"
    );
    assert_eq!(
        kind(&h.err("undo", json!({ "steps": 2 }))),
        "bad_argument",
        "an argument the command does not take"
    );
}

#[test]
fn docs_ipc_md_lists_exactly_the_commands() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/ipc.md"))
        .expect("docs/ipc.md");
    // Command tables have the command's name in backticks as the first cell.
    let documented: Vec<&str> = doc
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`'))
        .filter(|(_, after)| after.trim_start().starts_with('|'))
        .map(|(name, _)| name)
        .collect();
    let mut listed: Vec<&str> = wuzi_session::COMMANDS.to_vec();
    let mut sorted = documented.clone();
    sorted.sort_unstable();
    listed.sort_unstable();
    assert_eq!(sorted, listed, "docs/ipc.md and COMMANDS differ");
    assert_eq!(
        documented.len(),
        wuzi_session::COMMANDS.len(),
        "a command documented twice"
    );
}

/// Plays black into a double three at (9, 7): two open threes crossing.
fn black_plays_a_double_three(h: &Harness) -> Value {
    let moves = [
        (7, 7),
        (0, 0),
        (8, 7),
        (0, 2),
        (9, 8),
        (0, 4),
        (9, 9),
        (0, 6),
    ];
    for (x, y) in moves {
        h.play(x, y).expect("a legal move");
    }
    let view = h.view();
    assert!(
        view["forbidden"]
            .as_array()
            .expect("forbidden points")
            .iter()
            .any(|f| f["x"] == 9 && f["y"] == 7 && f["kind"] == "double_three"),
        "(9, 7) is marked: {view}"
    );
    h.play(9, 7)
        .expect("with forbidden moves losing, the move is played")
}

#[test]
fn a_renju_game_lost_by_a_forbidden_move_can_be_analysed() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "rule": "renju", "forbiddenMoves": "lose" } }),
    );
    let view = black_plays_a_double_three(&h);
    assert_eq!(view["outcome"]["kind"], "forbidden");
    assert_eq!(view["outcome"]["winner"], "white");
    let id = h.ok("list_replays", json!({}))["items"][0]["id"]
        .as_str()
        .expect("the game is in the log")
        .to_string();
    let analysis = h.ok("analyse_game", json!({ "id": id }));
    assert_eq!(analysis["complete"], true);
    let moves = analysis["moves"].as_array().expect("verdicts");
    assert_eq!(moves.len(), 9);
    let last = &moves[8];
    assert_eq!(last["stone"], "black");
    assert_eq!(last["played"], json!({ "x": 9, "y": 7 }));
    assert_eq!(
        last["win_chance_after"], 0.0,
        "the forbidden move lost: {last}"
    );
    assert_eq!(last["class"], "blunder", "{last}");
}

#[test]
fn an_imported_game_where_white_begins_is_analysed_with_white_first() {
    let h = Harness::new();
    let view = h.ok(
        "import_game",
        json!({ "text": "(;GM[4]FF[4]SZ[15]PB[Bai]PW[Hei];W[hh];B[ii];W[hi];B[ih])" }),
    );
    assert_eq!(view["stones"][0]["stone"], "white");
    h.ok("resign", json!({}));
    let id = h.ok("list_replays", json!({}))["items"][0]["id"]
        .as_str()
        .expect("the game is in the log")
        .to_string();
    let replay = h.ok("load_replay", json!({ "id": id }));
    assert_eq!(replay["first"], "white");
    let analysis = h.ok("analyse_game", json!({ "id": id }));
    let colours: Vec<&str> = analysis["moves"]
        .as_array()
        .expect("verdicts")
        .iter()
        .map(|m| m["stone"].as_str().expect("a colour"))
        .collect();
    assert_eq!(colours, ["white", "black", "white", "black"]);
}

#[test]
fn a_hint_can_be_stopped_and_is_dropped_when_the_game_moves_on() {
    let h = Harness::new();
    h.play(7, 7).expect("move");
    for interruption in ["stop_hint", "play", "undo", "new_game"] {
        let service = Arc::clone(&h.service);
        let (door, progress) = listening_door();
        let hinting = thread::spawn(move || invoke_with(&service, "hint", json!({}), &door));
        progress
            .recv_timeout(Duration::from_secs(30))
            .expect("the hint's search reports progress");
        match interruption {
            "play" => drop(h.play(8, 8).expect("the move")),
            other => drop(h.ok(other, json!({}))),
        }
        let err = hinting
            .join()
            .expect("the hint thread ends")
            .expect_err("the hint is not given for a changed game");
        assert_eq!(kind(&err), "cancelled", "after {interruption}: {err}");
        if h.view()["stones"].as_array().is_none_or(Vec::is_empty) {
            h.play(7, 7).expect("move");
        }
    }
    let hint = h.ok("hint", json!({}));
    assert_eq!(hint["generation"], h.view()["generation"]);
}

#[test]
fn a_hint_does_not_wait_for_or_stop_the_computers_search() {
    let h = Harness::new();
    let thinking = master_thinking(&h);
    let hint = h.ok("hint", json!({}));
    assert!(hint["best"]["x"].is_u64());
    h.ok("stop_ai", json!({}));
    let view = thinking
        .join()
        .expect("the search thread ends")
        .expect("the computer still plays its move");
    assert_eq!(stones(&view).len(), 2);
}

#[test]
fn a_new_game_says_so_when_the_settings_cannot_be_read() {
    let h = Harness::new();
    let profile = h.ok("list_profiles", json!({}))["current"]
        .as_str()
        .expect("the default profile is open")
        .to_string();
    let settings = h
        .data
        .path()
        .join("profiles")
        .join(&profile)
        .join("settings.json");
    // A folder where the file should be: every read fails.
    let _ = std::fs::remove_file(&settings);
    std::fs::create_dir_all(&settings).expect("a folder in the way");
    let err = h.err("new_game", json!({}));
    assert_ne!(kind(&err), "bad_config", "{err}");
    assert!(err["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[test]
fn an_unknown_level_in_the_settings_is_named_not_replaced() {
    let h = Harness::new();
    let mut settings = h.ok("get_settings", json!({}));
    settings["ai_level"] = json!("grandmaster");
    assert_eq!(
        kind(&h.err("set_settings", json!({ "settings": settings }))),
        "bad_argument",
        "the level is refused when set"
    );
    // A file edited by hand names it anyway.
    let profile = h.ok("list_profiles", json!({}))["current"]
        .as_str()
        .expect("the default profile is open")
        .to_string();
    let path = h
        .data
        .path()
        .join("profiles")
        .join(&profile)
        .join("settings.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        h.ok(
            "set_settings",
            json!({ "settings": h.ok("get_settings", json!({})) }),
        );
        std::fs::read_to_string(&path).expect("settings.json")
    });
    let mut file: Value = serde_json::from_str(&text).expect("settings.json is JSON");
    file["ai_level"] = json!("grandmaster");
    std::fs::write(&path, file.to_string()).expect("the edited file");
    let h = h.restart();
    let err = h.err(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black" } }),
    );
    assert_eq!(kind(&err), "bad_argument", "{err}");
    assert!(
        err["message"]
            .as_str()
            .is_some_and(|m| m.contains("grandmaster")),
        "{err}"
    );
}

#[test]
fn a_protected_profile_stays_protected_when_the_profile_list_is_lost() {
    let h = Harness::new();
    let list = h.ok(
        "create_profile",
        json!({ "name": "Mei", "password": "plum" }),
    );
    let id = list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["name"] == "Mei")
        .and_then(|p| p["id"].as_str())
        .expect("Mei's id")
        .to_string();
    let data = h.data.path().to_path_buf();
    let h = h.restart();
    for name in ["profiles.json", "profiles.json.bak"] {
        let _ = std::fs::remove_file(data.join(name));
    }
    let h = h.restart();
    let mei = h.ok("list_profiles", json!({}))["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["id"] == id.as_str())
        .cloned()
        .expect("Mei is recovered from her folder");
    assert_eq!(mei["has_password"], true, "{mei}");
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": id }))),
        "password_required"
    );
    h.ok("open_profile", json!({ "id": id, "password": "plum" }));
}

#[test]
fn a_fresh_profile_keeps_its_games_without_a_word_of_trouble() {
    let h = Harness::new();
    // New games on a profile that never saved one: nothing to clear, and
    // nothing to complain about.
    h.ok("new_game", json!({}));
    h.ok("restart", json!({}));
    h.play(7, 7).expect("a move");
    h.ok("undo", json!({}));
    let notices = h.ok("app_info", json!({}))["notices"].clone();
    assert_eq!(notices, json!([]), "no notice for a fresh profile");
}

#[test]
fn white_can_move_first_except_in_renju() {
    let h = Harness::new();
    let view = h.ok(
        "new_game",
        json!({ "config": { "mode": "human_human", "rule": "standard", "first": "white" } }),
    );
    assert_eq!(view["to_move"], "white");
    let view = h.play(7, 7).expect("white's first move");
    assert_eq!(view["stones"][0]["stone"], "white");
    assert_eq!(view["to_move"], "black");
    let err = h.err(
        "new_game",
        json!({ "config": { "rule": "renju", "first": "white" } }),
    );
    assert_eq!(kind(&err), "bad_config", "{err}");
    assert_eq!(
        stones(&h.view()).len(),
        1,
        "the refused game left the old one"
    );
    // Against the computer with white first: the computer, playing white,
    // opens.
    let view = h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "beginner", "first": "white" } }),
    );
    assert_eq!(view["ai_to_move"], true);
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"][0]["stone"], "white");
}

#[test]
fn a_side_changes_hands_mid_game() {
    let h = Harness::new();
    h.play(7, 7).expect("black");
    h.play(8, 8).expect("white");
    // White is handed to the computer: it is black's turn, nothing moves yet.
    let view = h.ok(
        "set_player",
        json!({ "stone": "white", "player": { "kind": "ai", "level": "beginner" } }),
    );
    assert_eq!(view["mode"], "human_ai");
    assert_eq!(view["players"]["white"]["kind"], "ai");
    assert_eq!(view["players"]["white"]["level"], "beginner");
    assert_eq!(view["players"]["black"]["kind"], "human");
    assert_eq!(view["ai_to_move"], false);
    assert_eq!(stones(&view).len(), 2, "the game goes on as it was");
    h.play(6, 6).expect("black");
    let view = h.ok("ai_move", json!({}));
    assert_eq!(stones(&view).len(), 4);
    // Black too: the computer plays itself.
    let view = h.ok(
        "set_player",
        json!({ "stone": "black", "player": { "kind": "ai", "level": "easy" } }),
    );
    assert_eq!(view["mode"], "ai_ai");
    assert_eq!(view["ai_to_move"], true);
    // And both back to people.
    h.ok(
        "set_player",
        json!({ "stone": "black", "player": { "kind": "human" } }),
    );
    let view = h.ok(
        "set_player",
        json!({ "stone": "white", "player": { "kind": "human" } }),
    );
    assert_eq!(view["mode"], "human_human");
    // Black went to the computer and came back to the open profile; white,
    // handed to a person, is a guest with no name (shown as "White").
    assert_eq!(view["players"]["black"]["name"], "Player");
    assert!(view["players"]["black"]["profile"].is_string());
    assert_eq!(view["players"]["white"]["name"], "");
    assert!(view["players"]["white"].get("profile").is_none());
    assert_eq!(
        h.play(9, 9).expect("a person plays black again")["stones"][4]["stone"],
        "black"
    );
    // Mistakes are refused and change nothing.
    for player in [
        json!({ "kind": "ai", "level": "grandmaster" }),
        json!({ "kind": "robot" }),
    ] {
        let err = h.err("set_player", json!({ "stone": "white", "player": player }));
        assert_eq!(kind(&err), "bad_argument", "{err}");
    }
    assert_eq!(h.view()["mode"], "human_human");
}

#[test]
fn handing_over_the_thinking_side_stops_the_search_and_drops_its_move() {
    let h = Harness::new();
    let thinking = master_thinking(&h);
    let started = Instant::now();
    let view = h.ok(
        "set_player",
        json!({ "stone": "white", "player": { "kind": "human" } }),
    );
    assert_eq!(view["mode"], "human_human");
    let err = thinking
        .join()
        .expect("the search thread ends")
        .expect_err("the search's move is dropped");
    assert_eq!(kind(&err), "stale");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the search stopped when the side changed hands"
    );
    assert_eq!(stones(&h.view()).len(), 1, "no computer stone landed");
    h.play(8, 8).expect("white is a person's now");
}

#[test]
fn a_finished_game_cannot_change_hands() {
    let h = Harness::new();
    play_black_five(&h);
    let err = h.err(
        "set_player",
        json!({ "stone": "white", "player": { "kind": "ai", "level": "easy" } }),
    );
    assert_eq!(kind(&err), "game_over");
}

/// The first file under `dir` that `wanted` picks.
fn find_file(dir: &std::path::Path, wanted: &dyn Fn(&std::path::Path) -> bool) -> Option<PathBuf> {
    for entry in std::fs::read_dir(dir).ok()? {
        let path = entry.ok()?.path();
        if path.is_dir() {
            if let Some(found) = find_file(&path, wanted) {
                return Some(found);
            }
        } else if wanted(&path) {
            return Some(path);
        }
    }
    None
}

/// The file of the named save `name` under the data folder.
fn save_file(h: &Harness, name: &str) -> PathBuf {
    find_file(h.data.path(), &|path| {
        path.parent().and_then(|p| p.file_name()) == Some("saves".as_ref())
            && path.file_name() != Some("autosave.json".as_ref())
            && std::fs::read_to_string(path).is_ok_and(|t| t.contains(name))
    })
    .expect("the save is on disk")
}

/// The autosave's file under the data folder.
fn autosave_file(h: &Harness) -> PathBuf {
    find_file(h.data.path(), &|path| {
        path.file_name() == Some("autosave.json".as_ref())
    })
    .expect("the autosave is on disk")
}

#[test]
fn a_time_control_is_chosen_remembered_and_shown_counting_down() {
    let h = Harness::new();
    let view = h.ok(
        "new_game",
        json!({ "config": { "timeControl": { "kind": "fischer", "main_ms": 60000, "increment_ms": 2000 } } }),
    );
    let clock = &view["clock"];
    assert_eq!(clock["control"]["kind"], "fischer");
    assert_eq!(clock["white_left_ms"], 60000, "white's clock stands still");
    assert!(clock["black_left_ms"].as_u64().expect("black's time left") <= 60000);
    assert_eq!(clock["warn_ms"], 10000);
    let view = h.play(7, 7).expect("black's move");
    let black = view["clock"]["black_left_ms"]
        .as_u64()
        .expect("black's time left");
    assert!(
        black > 60000 && black <= 62000,
        "the increment is added: {black}"
    );
    assert_eq!(view["clock"]["running"], "white");

    // Out-of-range clocks are refused, and nothing changes.
    for bad in [
        json!({ "kind": "per_move", "move_ms": 10 }),
        json!({ "kind": "sudden_death", "main_ms": 99_000_000 }),
        json!({ "kind": "sand_glass" }),
    ] {
        let err = h.err("new_game", json!({ "config": { "timeControl": bad } }));
        assert!(matches!(kind(&err), "bad_config" | "bad_argument"), "{err}");
    }
    assert_eq!(stones(&h.view()).len(), 1);

    // The setting is the clock of the next new game; a game without one
    // counts time up and has nothing left to show.
    let mut settings = h.ok("get_settings", json!({}));
    settings["time_control"] = json!({ "kind": "per_move", "move_ms": 30000 });
    h.ok("set_settings", json!({ "settings": settings.clone() }));
    let view = h.ok("new_game", json!({}));
    assert_eq!(
        view["clock"]["control"],
        json!({ "kind": "per_move", "move_ms": 30000 })
    );
    assert_eq!(view["clock"]["white_left_ms"], 30000);
    let view = h.ok(
        "new_game",
        json!({ "config": { "timeControl": { "kind": "none" } } }),
    );
    assert_eq!(view["clock"]["black_left_ms"], Value::Null);
    assert_eq!(view["clock"]["warn_ms"], Value::Null);
    settings["time_control"] = json!({ "kind": "per_move", "move_ms": 5 });
    assert_eq!(
        kind(&h.err("set_settings", json!({ "settings": settings }))),
        "invalid"
    );
}

/// Rewrites the save `name` as if the side to move had thought `ms` over
/// its move when it was saved.
fn set_saved_turn(h: &Harness, name: &str, ms: u64) {
    set_turn_in(&save_file(h, name), ms);
}

/// Rewrites the saved game in `path` with `ms` as the time the side to
/// move had used on its move.
fn set_turn_in(path: &std::path::Path, ms: u64) {
    fn set_turn(v: &mut Value, ms: u64) -> bool {
        match v {
            Value::Object(map) if map.contains_key("turn_ms") => {
                map.insert("turn_ms".into(), json!(ms));
                true
            }
            Value::Object(map) => map.values_mut().any(|v| set_turn(v, ms)),
            _ => false,
        }
    }
    let text = std::fs::read_to_string(path).expect("the save");
    let mut file: Value = serde_json::from_str(&text).expect("JSON");
    assert!(
        set_turn(&mut file, ms),
        "the save keeps the turn's time: {file}"
    );
    std::fs::write(path, serde_json::to_string(&file).expect("JSON")).expect("written");
}

#[test]
fn a_move_after_the_flag_fell_loses_on_time_and_the_log_says_so() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "beginner",
                            "timeControl": { "kind": "per_move", "move_ms": 60000 } } }),
    );
    h.play(7, 7).expect("in time");
    h.ok("ai_move", json!({}));
    h.ok("save_game", json!({ "name": "late", "overwrite": false }));
    set_saved_turn(&h, "late", 60_000);
    let view = h.ok("load_save", json!({ "name": "late" }));
    assert_eq!(view["clock"]["black_left_ms"], 0);
    let view = h
        .play(9, 9)
        .expect("a move too late is answered with the game");
    assert_eq!(view["outcome"]["kind"], "timeout");
    assert_eq!(view["outcome"]["winner"], "white");
    assert_eq!(stones(&view).len(), 2, "the late move was not played");
    assert_eq!(kind(&h.err("play", json!({ "x": 9, "y": 9 }))), "game_over");
    let page = h.ok("list_replays", json!({ "filter": { "kind": "timeout" } }));
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["result"], "timeout");
    assert_eq!(page["items"][0]["outcome"], "loss");
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(
        stats["on_time"],
        json!({ "wins": 0, "losses": 1, "draws": 0 })
    );
    assert_eq!(stats["total"]["losses"], 1);
}

#[test]
fn a_person_who_waits_loses_on_time_in_a_two_player_game() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_human", "timeControl": { "kind": "per_move", "move_ms": 60000 } } }),
    );
    h.play(7, 7).expect("black in time");
    // White has sat on its move for the whole minute.
    h.ok("save_game", json!({ "name": "waited", "overwrite": false }));
    set_saved_turn(&h, "waited", 60_000);
    h.ok("load_save", json!({ "name": "waited" }));
    let view = h.ok("check_clock", json!({}));
    assert_eq!(
        view["outcome"],
        json!({ "kind": "timeout", "winner": "black" })
    );
    assert_eq!(view["clock"]["white_left_ms"], 0);
    assert_eq!(view["clock"]["running"], Value::Null);
    let used = view["clock"]["white_ms"]
        .as_u64()
        .expect("white's time used");
    assert!(
        used >= 60_000,
        "the move white ran out on counts as used: {used}"
    );
    assert!(
        view["replay_id"].is_string(),
        "the game is in the replay log"
    );
}

#[test]
fn the_computer_uses_its_clock_and_does_not_overrun_it() {
    // Master's own five seconds are cut to what a four-second move allows,
    // with a fifth kept back for a busy machine.
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "ai_ai", "blackLevel": "master", "whiteLevel": "master",
                            "timeControl": { "kind": "per_move", "move_ms": 4000 } } }),
    );
    for _ in 0..2 {
        let view = h.ok("ai_move", json!({}));
        assert_eq!(view["outcome"], Value::Null, "no flag fell: {view}");
    }
    let replay = h.ok("export_game", json!({ "format": "json" }));
    let text = replay["text"].as_str().expect("the record");
    let record: Value = serde_json::from_str(text).expect("JSON");
    let times: Vec<u64> = record["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["time_ms"].as_u64().expect("a time"))
        .collect();
    assert_eq!(times.len(), 2);
    assert!(
        times.iter().all(|&t| t < 4000),
        "each move inside its four seconds: {times:?}"
    );
    assert!(
        times.iter().any(|&t| t >= 2000),
        "Master used most of its time: {times:?}"
    );
}

#[test]
fn a_saved_clock_goes_on_from_where_it_was() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "timeControl": { "kind": "sudden_death", "main_ms": 60000 } } }),
    );
    h.play(7, 7).expect("black");
    h.ok(
        "save_game",
        json!({ "name": "clocked", "overwrite": false }),
    );
    // White had thought for 50 s when the game was saved.
    set_saved_turn(&h, "clocked", 50_000);

    let h = h.restart();
    let view = h.ok("load_save", json!({ "name": "clocked" }));
    assert_eq!(view["clock"]["control"]["kind"], "sudden_death");
    let white = view["clock"]["white_left_ms"]
        .as_u64()
        .expect("white's time left");
    assert!(
        (9_000..=10_000).contains(&white),
        "white has about 10 s left: {white}"
    );
    assert_eq!(
        view["clock"]["black_left_ms"].as_u64().map(|b| b <= 60_000),
        Some(true)
    );
    assert_eq!(view["unsaved"], false, "just loaded, it is the save");
}

#[test]
fn a_game_left_for_another_is_logged_unfinished_and_continue_brings_it_back() {
    let h = Harness::new();
    h.play(7, 7).expect("black");
    let view = h.play(8, 8).expect("white");
    assert_eq!(view["unsaved"], true);
    // A new game with no move yet: the old one is in the log as unfinished,
    // and still the one Continue offers.
    let view = h.ok("new_game", json!({}));
    assert_eq!(view["unsaved"], false);
    let unfinished = h.ok(
        "list_replays",
        json!({ "filter": { "kind": "unfinished" } }),
    );
    assert_eq!(unfinished["total"], 1);
    assert_eq!(unfinished["items"][0]["result"], "unfinished");
    assert_eq!(unfinished["items"][0]["move_count"], 2);
    assert_eq!(unfinished["items"][0]["winner"], Value::Null);
    assert_eq!(h.ok("has_autosave", json!({})), true);
    let view = h.ok("continue_game", json!({}));
    assert_eq!(stones(&view).len(), 2, "the old game is back");
    assert_eq!(
        h.ok(
            "list_replays",
            json!({ "filter": { "kind": "unfinished" } })
        )["total"],
        0,
        "back on the board, it is no longer unfinished in the log"
    );
    // Continue with the game on the board leaves it as it is.
    assert_eq!(stones(&h.ok("continue_game", json!({}))).len(), 2);

    // Restart leaves it too; a new game that never had a move is not logged.
    h.ok("restart", json!({}));
    h.ok("new_game", json!({}));
    assert_eq!(h.ok("list_replays", json!({}))["total"], 1);
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(
        stats["total"],
        json!({ "wins": 0, "losses": 0, "draws": 0 })
    );

    // A saved game is not lost by leaving it: it is not logged.
    h.play(7, 7).expect("black");
    h.ok("save_game", json!({ "name": "kept", "overwrite": false }));
    assert_eq!(h.view()["unsaved"], false);
    h.ok("new_game", json!({}));
    assert_eq!(h.ok("list_replays", json!({}))["total"], 1);
    // Nor when the new game's first move replaces its autosave.
    h.play(7, 7).expect("black");
    assert_eq!(h.ok("list_replays", json!({}))["total"], 1);
    // ... until it changes after the save (the one-move game it replaces
    // is logged now).
    let view = h.ok("load_save", json!({ "name": "kept" }));
    assert_eq!(h.ok("list_replays", json!({}))["total"], 2);
    assert_eq!(view["unsaved"], false);
    assert_eq!(h.play(8, 8).expect("white")["unsaved"], true);
    h.ok("import_game", json!({ "text": "h8" }));
    assert_eq!(h.ok("list_replays", json!({}))["total"], 3);
}

#[test]
fn opening_a_profile_clears_the_last_profiles_game_from_the_board() {
    let h = Harness::new();
    h.play(7, 7).expect("black");
    let list = h.ok("create_profile", json!({ "name": "Second" }));
    let id = list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["name"] == "Second")
        .and_then(|p| p["id"].as_str())
        .expect("the new profile")
        .to_string();
    let opened = h.ok("open_profile", json!({ "id": id }));
    assert_eq!(opened["has_autosave"], false);
    assert_eq!(h.view()["stones"], json!([]));
    assert_eq!(
        h.ok("list_replays", json!({}))["total"],
        0,
        "nothing logged in the new profile"
    );
}

#[test]
fn handing_the_side_to_move_over_starts_its_move_afresh() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_human", "timeControl": { "kind": "per_move", "move_ms": 1000 } } }),
    );
    h.play(7, 7).expect("black");
    let view = h.ok(
        "set_player",
        json!({ "stone": "white", "player": { "kind": "ai", "level": "beginner" } }),
    );
    // The computer's clock counts its own search only.
    assert_eq!(view["clock"]["white_left_ms"], 1000);
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["outcome"], Value::Null);
    assert_eq!(stones(&view).len(), 2);
}

#[test]
fn the_clock_kept_as_the_app_closes_goes_on_from_there() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "timeControl": { "kind": "sudden_death", "main_ms": 60000 } } }),
    );
    h.play(7, 7).expect("black");
    // White has thought 20 s on its move; the autosave, written at black's
    // move, knows nothing of it. Then the app closes.
    h.ok(
        "save_game",
        json!({ "name": "thinking", "overwrite": false }),
    );
    set_saved_turn(&h, "thinking", 20_000);
    h.ok("load_save", json!({ "name": "thinking" }));
    set_turn_in(&autosave_file(&h), 0);
    h.service.keep_game();
    let h = h.restart();
    let view = h.ok("continue_game", json!({}));
    let white = view["clock"]["white_left_ms"]
        .as_u64()
        .expect("white's time left");
    assert!(
        (39_000..=40_000).contains(&white),
        "white's thinking before the close still counts: {white}"
    );
    assert_eq!(stones(&view).len(), 1);
}

#[test]
fn a_game_left_when_the_app_closed_is_logged_unfinished_once_another_takes_its_place() {
    let h = Harness::new();
    h.play(7, 7).expect("black");
    h.play(8, 8).expect("white");
    let h = h.restart();
    // Continued, it is the same game: nothing is left behind.
    h.ok("continue_game", json!({}));
    h.play(9, 9).expect("black");
    assert_eq!(h.ok("list_replays", json!({}))["total"], 0);

    let h = h.restart();
    // Not continued: a new game's first move replaces the autosave, and the
    // game it held is in the log as unfinished.
    h.ok("new_game", json!({}));
    assert_eq!(h.ok("list_replays", json!({}))["total"], 0, "no move yet");
    h.play(7, 7).expect("black");
    let page = h.ok(
        "list_replays",
        json!({ "filter": { "kind": "unfinished" } }),
    );
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["move_count"], 3);
    // Logged once only, however the new game goes on.
    h.play(8, 8).expect("white");
    h.ok("new_game", json!({}));
    let page = h.ok(
        "list_replays",
        json!({ "filter": { "kind": "unfinished" } }),
    );
    assert_eq!(
        page["total"], 2,
        "the old game once, the one just left once"
    );

    // A game in a named save as it stands is not lost: not logged.
    h.play(7, 7).expect("black");
    h.ok("save_game", json!({ "name": "lunch", "overwrite": false }));
    let h = h.restart();
    h.ok("new_game", json!({}));
    h.play(7, 7).expect("black");
    let page = h.ok(
        "list_replays",
        json!({ "filter": { "kind": "unfinished" } }),
    );
    assert_eq!(
        page["total"], 2,
        "the saved game is in its save, not the log"
    );
}

#[test]
fn a_profile_is_locked_with_its_game_kept_and_its_password_changed_and_removed() {
    let h = Harness::new();
    let list = h.ok(
        "create_profile",
        json!({ "name": "Mei", "password": "plum" }),
    );
    let id = list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["name"] == "Mei")
        .and_then(|p| p["id"].as_str())
        .expect("Mei is listed")
        .to_string();
    h.ok("open_profile", json!({ "id": id, "password": "plum" }));
    h.ok("new_game", json!({ "config": { "mode": "human_human" } }));
    h.ok("play", json!({ "x": 7, "y": 7 }));
    h.ok("play", json!({ "x": 8, "y": 8 }));

    // Locked: nobody's profile is open, the board is empty, Mei's data
    // needs her password again.
    let list = h.ok("lock_profile", json!({}));
    assert_eq!(list["current"], Value::Null, "{list}");
    assert_eq!(h.ok("game_view", json!({}))["stones"], json!([]));
    assert_eq!(kind(&h.err("get_settings", json!({}))), "no_profile");
    assert_eq!(kind(&h.err("lock_profile", json!({}))), "no_profile");
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": id }))),
        "password_required"
    );
    let opened = h.ok("open_profile", json!({ "id": id, "password": "plum" }));
    assert_eq!(opened["has_autosave"], true, "the game was kept");
    let view = h.ok("continue_game", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(2), "{view}");

    // Changed: the old password is needed, and then only the new one opens.
    assert_eq!(
        kind(&h.err("set_password", json!({ "id": id, "new": "pear" }))),
        "password_required"
    );
    assert_eq!(
        kind(&h.err(
            "set_password",
            json!({ "id": id, "old": "peach", "new": "pear" })
        )),
        "wrong_password"
    );
    h.ok(
        "set_password",
        json!({ "id": id, "old": "plum", "new": "pear" }),
    );
    h.ok("lock_profile", json!({}));
    assert_eq!(
        kind(&h.err("open_profile", json!({ "id": id, "password": "plum" }))),
        "wrong_password"
    );
    h.ok("open_profile", json!({ "id": id, "password": "pear" }));

    // Removed: the old password is needed, then the profile opens freely.
    assert_eq!(
        kind(&h.err(
            "set_password",
            json!({ "id": id, "old": "plum", "new": null })
        )),
        "wrong_password"
    );
    let list = h.ok(
        "set_password",
        json!({ "id": id, "old": "pear", "new": null }),
    );
    let mei = list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["id"] == id.as_str())
        .expect("Mei")
        .clone();
    assert_eq!(mei["has_password"], false, "{mei}");
    h.ok("lock_profile", json!({}));
    h.ok("open_profile", json!({ "id": id }));
}

#[test]
fn an_import_that_fails_says_where_and_why() {
    let h = Harness::new();
    let problem = |text: &str| {
        let err = h.err("import_game", json!({ "text": text }));
        assert_eq!(kind(&err), "bad_record", "{err}");
        err["record"].clone()
    };
    let moves = problem("h8 i9\nj10 z3");
    assert_eq!(moves["format"], "moves");
    assert_eq!(
        (moves["line"].clone(), moves["column"].clone()),
        (json!(2), json!(5))
    );
    assert_eq!(moves["token"], "z3");
    assert_eq!(
        moves["reason"],
        json!({ "code": "column_off_board", "letter": "Z", "size": 15 })
    );

    let sgf = problem("(;GM[4]SZ[15]\n;B[hh];W[hh])");
    assert_eq!(sgf["format"], "sgf");
    assert_eq!(sgf["token"], "H8");
    assert_eq!(
        sgf["reason"],
        json!({ "code": "illegal_move", "number": 2, "point": "H8", "why": "occupied", "forbidden": null })
    );

    let psq = problem("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,x,0\n");
    assert_eq!(psq["format"], "psq");
    assert_eq!(psq["line"], 3);
    assert_eq!(psq["reason"]["code"], "move_line");

    let json_text = problem("{\"format\": \"wuzi-game\", \"version\": 9}");
    assert_eq!(
        json_text["reason"],
        json!({ "code": "version", "found": 9 })
    );

    // A renju game that needs a forbidden point is named as such.
    let renju = h.err(
        "import_game",
        json!({ "text": "i8 a1 j8 a3 h9 a5 h10 a7 h8", "rule": "renju" }),
    );
    assert_eq!(
        renju["record"]["reason"],
        json!({ "code": "illegal_move", "number": 9, "point": "H8", "why": "forbidden", "forbidden": "double_three" }),
        "{renju}"
    );
    // The same moves in freestyle are a game.
    h.ok(
        "import_game",
        json!({ "text": "i8 a1 j8 a3 h9 a5 h10 a7 h8", "rule": "freestyle" }),
    );
}

#[test]
fn a_move_string_is_read_at_the_size_and_rule_it_is_given() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_human", "size": 19 } }),
    );
    for (x, y) in [(9, 9), (17, 1), (0, 18), (18, 0)] {
        h.play(x, y).expect("move");
    }
    let original = stones(&h.view());
    let text = h.ok("export_game", json!({ "format": "moves" }))["text"]
        .as_str()
        .expect("text")
        .to_string();
    // As 15x15 the far points are off the board, and the error says so.
    let err = h.err("import_game", json!({ "text": text }));
    assert_eq!(kind(&err), "bad_record");
    assert_eq!(err["record"]["format"], "moves", "{err}");
    let view = h.ok(
        "import_game",
        json!({ "text": text, "size": 19, "rule": "standard" }),
    );
    assert_eq!(view["size"], 19);
    assert_eq!(view["rule"], "standard");
    assert_eq!(stones(&view), original);
    assert_eq!(
        kind(&h.err("import_game", json!({ "text": text, "size": 99 }))),
        "bad_record",
        "an impossible size is a record that cannot be read"
    );
    assert_eq!(
        kind(&h.err("import_game", json!({ "text": text, "rule": "go" }))),
        "bad_argument"
    );
}

/// Creates a profile (with `password`, if any) and answers its id.
fn new_profile(h: &Harness, name: &str, password: Option<&str>) -> String {
    let list = h.ok(
        "create_profile",
        json!({ "name": name, "password": password }),
    );
    list["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["name"] == name)
        .and_then(|p| p["id"].as_str())
        .expect("the new profile is listed")
        .to_string()
}

/// One leaderboard line, by profile name.
fn standing(h: &Harness, name: &str) -> Value {
    h.ok("leaderboard", json!({}))
        .as_array()
        .expect("a list")
        .iter()
        .find(|row| row["name"] == name)
        .unwrap_or_else(|| panic!("{name} is on the leaderboard"))
        .clone()
}

#[test]
fn a_two_player_game_between_two_profiles_counts_for_both() {
    let h = Harness::new();
    let me = h.ok("list_profiles", json!({}))["current"]
        .as_str()
        .expect("the default profile is open")
        .to_string();
    let ann = new_profile(&h, "Ann", Some("pear"));
    let game =
        |opponent: Value| json!({ "config": { "mode": "human_human", "opponent": opponent } });

    // Ann's password is asked for, and checked, before the game starts.
    let before = h.view();
    for (opponent, expected) in [
        (json!({ "kind": "profile", "id": ann }), "password_required"),
        (
            json!({ "kind": "profile", "id": ann, "password": "plum" }),
            "wrong_password",
        ),
        (json!({ "kind": "profile", "id": me }), "bad_argument"),
        (
            json!({ "kind": "profile", "id": "no-such-profile" }),
            "not_found",
        ),
    ] {
        assert_eq!(
            kind(&h.err("new_game", game(opponent.clone()))),
            expected,
            "{opponent}"
        );
    }
    let after = h.view();
    for field in ["generation", "players", "stones", "mode"] {
        assert_eq!(
            after[field], before[field],
            "a refused opponent changes no {field}"
        );
    }

    let view = h.ok(
        "new_game",
        game(json!({ "kind": "profile", "id": ann, "password": "pear" })),
    );
    assert_eq!(view["players"]["black"]["name"], "Player");
    assert_eq!(view["players"]["black"]["profile"], me.as_str());
    assert_eq!(view["players"]["white"]["name"], "Ann");
    assert_eq!(view["players"]["white"]["profile"], ann.as_str());
    let over = play_black_five(&h);
    assert_eq!(over["outcome"]["winner"], "black");

    // The open profile won: 6 points for a win against a person.
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(stats["by_mode"]["human_vs_human"]["wins"], 1);
    assert_eq!(stats["total"]["wins"], 1);
    assert_eq!(stats["points"], 6);
    assert_eq!(stats["current_streak"], 1);

    // The leaderboard shows both, Ann too though she is locked.
    let board = h.ok("leaderboard", json!({}));
    assert_eq!(board.as_array().map(Vec::len), Some(2));
    assert_eq!(board[0]["name"], "Player");
    assert_eq!(board[0]["place"], 1);
    assert_eq!(board[0]["current"], true);
    let line = standing(&h, "Ann");
    assert_eq!(
        (
            &line["place"],
            &line["games"],
            &line["losses"],
            &line["points"]
        ),
        (&json!(2), &json!(1), &json!(1), &json!(0))
    );

    // Ann's own log and stats have the game, as her loss.
    h.ok("open_profile", json!({ "id": ann, "password": "pear" }));
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(stats["by_mode"]["human_vs_human"]["losses"], 1);
    assert_eq!(stats["total"]["losses"], 1);
    let log = h.ok("list_replays", json!({}));
    assert_eq!(log["total"], 1);
    assert_eq!(log["items"][0]["outcome"], "loss");
    assert_eq!(log["items"][0]["white"]["name"], "Ann");
}

#[test]
fn a_guest_is_named_and_the_profile_plays_the_side_it_chose() {
    let h = Harness::new();
    let game = |config: Value| json!({ "config": config });
    for (config, why) in [
        (
            json!({ "mode": "human_human", "opponent": { "kind": "guest", "name": "x".repeat(65) } }),
            "a name longer than 64 characters",
        ),
        (
            json!({ "mode": "human_human", "opponent": { "kind": "guest", "name": "a\u{7}b" } }),
            "a control character",
        ),
        (
            json!({ "mode": "human_ai", "opponent": { "kind": "guest", "name": "Li" } }),
            "an opponent in a game against the computer",
        ),
    ] {
        assert_eq!(
            kind(&h.err("new_game", game(config))),
            "bad_argument",
            "{why}"
        );
    }

    let view = h.ok(
        "new_game",
        game(json!({
            "mode": "human_human",
            "humanStone": "white",
            "opponent": { "kind": "guest", "name": "  Li Wei  " },
        })),
    );
    assert_eq!(view["players"]["black"]["name"], "Li Wei");
    assert!(view["players"]["black"].get("profile").is_none());
    assert_eq!(view["players"]["white"]["name"], "Player");
    play_black_five(&h);
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(stats["by_mode"]["human_vs_human"]["losses"], 1, "{stats}");
    assert_eq!(stats["points"], 0);
    assert_eq!(stats["current_streak"], 0);

    // With no name the guest is shown by its side's name.
    let view = h.ok("new_game", game(json!({ "mode": "human_human" })));
    assert_eq!(view["players"]["black"]["name"], "Player");
    assert_eq!(view["players"]["white"]["name"], "");
}

#[test]
fn games_against_the_computer_score_by_level_and_watched_games_by_side() {
    let h = Harness::new();
    // The computer plays itself to the end while the profile watches.
    h.ok(
        "new_game",
        json!({ "config": { "mode": "ai_ai", "blackLevel": "beginner", "whiteLevel": "beginner" } }),
    );
    let mut view = h.view();
    while view["outcome"].is_null() {
        view = h.ok("ai_move", json!({}));
    }
    let stats = h.ok("get_stats", json!({}));
    let watched = &stats["watched"];
    let counted = ["black_wins", "white_wins", "draws"]
        .iter()
        .map(|k| watched[k].as_u64().expect("a count"))
        .sum::<u64>();
    assert_eq!(counted, 1, "{stats}");
    let side = match view["outcome"]["winner"].as_str() {
        Some("black") => "black_wins",
        Some("white") => "white_wins",
        _ => "draws",
    };
    assert_eq!(watched[side], 1, "counted by the side that won");
    assert_eq!(
        stats["total"]["wins"].as_u64().unwrap_or(0),
        0,
        "not the profile's own game"
    );
    assert_eq!(stats["points"], 0);

    // Against the computer a resignation is a loss at that level.
    h.ok(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "black", "whiteLevel": "master" } }),
    );
    h.play(7, 7).expect("black");
    h.ok("resign", json!({}));
    let stats = h.ok("get_stats", json!({}));
    assert_eq!(stats["by_level"]["master"]["losses"], 1);
    assert_eq!(stats["by_mode"]["human_vs_ai"]["losses"], 1);
}
