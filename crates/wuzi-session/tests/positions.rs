//! The position editor's commands and games from set-up positions, driven
//! through [`wuzi_session::Service::dispatch`] as the UI drives them, on a
//! real data folder.

mod support;

use serde_json::{Value, json};
use support::*;

/// A 15x15 freestyle position from stone names, `to_move` to play.
fn position(black: &[&str], white: &[&str], to_move: &str) -> Value {
    position_in("freestyle", black, white, to_move)
}

fn position_in(rule: &str, black: &[&str], white: &[&str], to_move: &str) -> Value {
    let points = |names: &[&str]| -> Vec<Value> {
        names
            .iter()
            .map(|n| {
                let p = wuzi_core::parse_point(n, 15).expect("a point name");
                json!({ "x": p.x, "y": p.y })
            })
            .collect()
    };
    json!({
        "size": 15,
        "rule": rule,
        "toMove": to_move,
        "setup": { "black": points(black), "white": points(white) },
    })
}

/// A point by its name, as the commands write points.
fn xy(name: &str) -> Value {
    let p = wuzi_core::parse_point(name, 15).expect("a point");
    json!({ "x": p.x, "y": p.y })
}

/// Black: a four on row 8 at k8 (blocked at g8) that also makes a three
/// on column k: a win by fours for black to move.
fn black_wins_by_fours() -> Value {
    position(
        &["h8", "i8", "j8", "k9", "k10"],
        &["g8", "a1", "a15", "o1", "o15"],
        "black",
    )
}

#[test]
fn the_editor_is_told_what_is_wrong_with_a_position_as_it_is_made() {
    let h = Harness::new();
    let ok = h.ok(
        "check_position",
        json!({ "position": position(&["h8"], &["i9"], "black") }),
    );
    assert_eq!(ok["problem"], Value::Null);
    assert_eq!(
        (ok["black_count"].as_u64(), ok["white_count"].as_u64()),
        (Some(1), Some(1))
    );

    let counts = h.ok(
        "check_position",
        json!({ "position": position(&["h8", "h9"], &["i9"], "black") }),
    );
    assert_eq!(counts["problem"]["code"], "setup_counts");
    assert_eq!(counts["problem"]["to_move"], "black");
    assert!(
        counts["message"]
            .as_str()
            .expect("a message")
            .contains("2 black")
    );

    let five = h.ok(
        "check_position",
        json!({ "position": position(&["a1", "b1", "c1", "d1", "e1"], &["a3", "b3", "c3", "d3"], "white") }),
    );
    assert_eq!(five["problem"]["code"], "setup_five");
    assert_eq!(five["problem"]["stone"], "black");
    assert_eq!(
        (
            five["problem"]["from"].as_str(),
            five["problem"]["to"].as_str()
        ),
        (Some("A1"), Some("E1"))
    );

    // Renju: black's forbidden points are marked whoever is to move.
    let renju = h.ok(
        "check_position",
        json!({ "position": position_in("renju", &["f8", "g8", "h6", "h7"], &["a1", "a15", "o1", "o15"], "black") }),
    );
    assert_eq!(renju["problem"], Value::Null);
    let marked: Vec<(u64, u64)> = renju["forbidden"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| (f["x"].as_u64().unwrap_or(99), f["y"].as_u64().unwrap_or(99)))
        .collect();
    let h8 = wuzi_core::parse_point("h8", 15).expect("h8");
    assert!(
        marked.contains(&(u64::from(h8.x), u64::from(h8.y))),
        "{marked:?}"
    );

    // Bad shapes are refused as arguments, not read as positions.
    assert_eq!(
        kind(&h.err("check_position", json!({ "position": { "size": 15 } }))),
        "bad_argument"
    );
    assert_eq!(
        kind(&h.err(
            "check_position",
            json!({ "position": { "size": 99, "rule": "freestyle", "toMove": "black" } })
        )),
        "bad_argument"
    );
}

#[test]
fn a_position_is_played_against_the_computer_from_its_stones() {
    let h = Harness::new();
    h.ok(
        "open_profile",
        json!({ "id": h.ok("list_profiles", json!({}))["profiles"][0]["id"] }),
    )
    .to_string();
    // The person takes white; black (the computer) is to move and wins by fours.
    let pos = black_wins_by_fours();
    let mut ask = json!({ "mode": "human_ai", "humanStone": "white", "blackLevel": "hard", "first": "black" });
    ask["size"] = pos["size"].clone();
    ask["rule"] = pos["rule"].clone();
    ask["setup"] = pos["setup"].clone();
    let view = h.ok("new_game", json!({ "config": ask }));
    assert_eq!(view["setup"].as_array().map(Vec::len), Some(10));
    assert!(view["stones"].as_array().expect("moves").is_empty());
    assert_eq!(view["to_move"], "black");
    assert_eq!(view["ai_to_move"], true);
    assert_eq!(view["can_undo"], false);
    let after = h.ok("ai_move", json!({}));
    let k8 = wuzi_core::parse_point("k8", 15).expect("k8");
    assert_eq!(
        after["stones"][0]["x"],
        u64::from(k8.x),
        "{}",
        after["stones"]
    );
    assert_eq!(after["stones"][0]["y"], u64::from(k8.y));
    assert_eq!(after["black_count"], 6);

    // A position no game starts from is refused with its reason.
    let mut bad = ask.clone();
    bad["setup"]["black"]
        .as_array_mut()
        .expect("black")
        .push(json!({ "x": 1, "y": 1 }));
    let err = h.err("new_game", json!({ "config": bad }));
    assert_eq!(kind(&err), "bad_position");
    assert_eq!(err["position"]["code"], "setup_counts");
}

#[test]
fn a_position_is_analysed_with_its_win_by_fours() {
    let h = Harness::new();
    let analysis = h.ok(
        "analyse_position",
        json!({ "position": black_wins_by_fours() }),
    );
    assert_eq!(analysis["to_move"], "black");
    assert_eq!(analysis["win"]["kind"], "fours");
    let line = analysis["win"]["line"].as_array().expect("a line");
    let k8 = wuzi_core::parse_point("k8", 15).expect("k8");
    assert_eq!(line[0], json!({ "x": k8.x, "y": k8.y }));
    assert_eq!(analysis["best"], line[0]);
    assert_eq!(analysis["win_chance"], 1.0);
    assert_eq!(analysis["threat"], Value::Null);

    // White to move in the same stones: white cannot win, and must stop
    // black's win, which the analysis names as the threat.
    let mut defend = black_wins_by_fours();
    defend["setup"]["white"]
        .as_array_mut()
        .expect("white")
        .pop();
    defend["toMove"] = json!("white");
    let analysis = h.ok("analyse_position", json!({ "position": defend }));
    assert_eq!(analysis["win"], Value::Null);
    assert_eq!(analysis["threat"]["kind"], "fours");
    assert!(analysis["win_chance"].as_f64().expect("a chance") < 0.5);

    let mut bad = black_wins_by_fours();
    bad["setup"]["black"]
        .as_array_mut()
        .expect("black")
        .push(json!({ "x": 1, "y": 1 }));
    assert_eq!(
        kind(&h.err("analyse_position", json!({ "position": bad }))),
        "bad_position"
    );
}

#[test]
fn a_position_is_saved_loaded_and_played_on_and_its_game_reviewed() {
    let h = Harness::new();
    let before = h.play(0, 0).expect("a move on the board");
    let saves = h.ok(
        "save_position",
        json!({ "position": black_wins_by_fours(), "name": "Book 1" }),
    );
    assert_eq!(saves[0]["name"], "Book 1");
    assert_eq!(saves[0]["move_count"], 0);
    // The game on the board is untouched.
    assert_eq!(h.view()["stones"], before["stones"]);
    assert_eq!(
        kind(&h.err(
            "save_position",
            json!({ "position": black_wins_by_fours(), "name": "Book 1" })
        )),
        "exists"
    );

    let loaded = h.ok("load_save", json!({ "name": "Book 1" }));
    assert_eq!(loaded["setup"].as_array().map(Vec::len), Some(10));
    assert_eq!(loaded["to_move"], "black");
    // Play the win: k8, white blocks l8, black k11 makes an open four, and five.
    for (name, _) in [
        ("k8", 0),
        ("l8", 0),
        ("k11", 0),
        ("m12", 0),
        ("k12", 0),
        ("b2", 0),
        ("k7", 0),
    ] {
        let p = wuzi_core::parse_point(name, 15).expect("a point");
        let view = h.play(i64::from(p.x), i64::from(p.y)).expect(name);
        if view["outcome"] != Value::Null {
            break;
        }
    }
    let view = h.view();
    assert_eq!(view["outcome"]["winner"], "black", "{}", view["stones"]);
    // Continue after a restart brings back the stones too.
    let h = h.restart();
    h.ok(
        "open_profile",
        json!({ "id": h.ok("list_profiles", json!({}))["profiles"][0]["id"] }),
    );
    let page = h.ok("list_replays", json!({}));
    let id = page["items"][0]["id"].as_str().expect("an id").to_string();
    let replay = h.ok("load_replay", json!({ "id": id }));
    assert_eq!(replay["setup"].as_array().map(Vec::len), Some(10));
    let analysis = h.ok("analyse_game", json!({ "id": id }));
    assert_eq!(analysis["complete"], true);
    assert_eq!(analysis["moves"][0]["stone"], "black");
    let from = h.ok("play_from", json!({ "id": id, "moveCount": 1 }));
    assert_eq!(from["setup"].as_array().map(Vec::len), Some(10));
    assert_eq!(from["stones"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_position_goes_out_as_sgf_or_json_and_comes_back_in() {
    let h = Harness::new();
    let sgf = h.ok(
        "export_position",
        json!({ "position": black_wins_by_fours(), "format": "sgf" }),
    );
    let text = sgf["text"].as_str().expect("text");
    assert!(text.contains("AB[hh][ih][jh][kg][kf]"), "{text}");
    assert!(text.contains("PL[B]"), "{text}");
    let imported = h.ok("import_game", json!({ "text": text }));
    assert_eq!(imported["setup"].as_array().map(Vec::len), Some(10));
    assert_eq!(imported["to_move"], "black");

    let json_text = h.ok(
        "export_position",
        json!({ "position": black_wins_by_fours(), "format": "json" }),
    )["text"]
        .as_str()
        .expect("text")
        .to_string();
    let imported = h.ok("import_game", json!({ "text": json_text }));
    assert_eq!(imported["setup"].as_array().map(Vec::len), Some(10));

    // Move lists cannot hold set-up stones, from the editor or the game.
    for format in ["psq", "moves"] {
        let err = h.err(
            "export_position",
            json!({ "position": black_wins_by_fours(), "format": format }),
        );
        assert_eq!(kind(&err), "bad_argument");
        assert!(
            err["message"]
                .as_str()
                .expect("a message")
                .contains("SGF or JSON")
        );
        assert_eq!(
            kind(&h.err("export_game", json!({ "format": format }))),
            "bad_argument"
        );
    }
    assert!(
        h.ok("export_game", json!({ "format": "sgf" }))["text"]
            .as_str()
            .expect("text")
            .contains("AB[")
    );
}

#[test]
fn the_coach_marks_each_sides_threats_and_blacks_forbidden_points() {
    let h = Harness::new();
    // Black has an open three on row 8 (h8 i8 j8); white a lone stone.
    let marks = h.ok(
        "coach_marks",
        json!({ "position": position(&["h8", "i8", "j8"], &["a1", "b1"], "white") }),
    );
    let find = |marks: &Value, name: &str, stone: &str| -> Option<Value> {
        let p = wuzi_core::parse_point(name, 15).expect("a point");
        marks
            .as_array()
            .expect("a list")
            .iter()
            .find(|m| m["x"] == u64::from(p.x) && m["y"] == u64::from(p.y) && m["stone"] == stone)
            .cloned()
    };
    // k8 or g8 makes black an open four.
    assert_eq!(
        find(&marks, "k8", "black").expect("k8")["mark"],
        "open_four"
    );
    assert_eq!(
        find(&marks, "g8", "black").expect("g8")["mark"],
        "open_four"
    );
    assert!(
        find(&marks, "k8", "white").is_none(),
        "white makes nothing at k8"
    );
    // A finished game's stones are read too: a five on the board.
    let five = h.ok(
        "coach_marks",
        json!({ "position": position(&["a3", "b3", "c3", "d3", "e3"], &["a5", "b5"], "white") }),
    );
    assert!(five.is_array());
    // Renju: the double-three point is marked forbidden for black.
    let renju = h.ok(
        "coach_marks",
        json!({ "position": position_in("renju", &["f8", "g8", "h6", "h7"], &["a1", "a15", "o1", "o15"], "white") }),
    );
    assert_eq!(
        find(&renju, "h8", "black").expect("h8")["forbidden"],
        "double_three"
    );
    // Two stones on a point are refused.
    let err = h.err(
        "coach_marks",
        json!({ "position": position(&["h8"], &["h8"], "black") }),
    );
    assert_eq!(kind(&err), "bad_position");
    assert_eq!(err["position"]["code"], "setup_stone");
}

/// Starts a two-player game from `black_wins_by_fours`, plays `moves` by
/// name, and answers the id of the game in the replay log once it is there
/// (a game not over is resigned by the side to move).
fn played_game(h: &Harness, moves: &[&str]) -> String {
    let pos = black_wins_by_fours();
    let ask = json!({ "mode": "human_human", "size": 15, "rule": "freestyle", "first": "black", "setup": pos["setup"] });
    h.ok("new_game", json!({ "config": ask }));
    let mut view = Value::Null;
    for name in moves {
        let p = wuzi_core::parse_point(name, 15).expect("a point");
        view = h.play(i64::from(p.x), i64::from(p.y)).expect(name);
    }
    if view["outcome"] == Value::Null {
        h.ok("resign", json!({}));
    }
    let page = h.ok("list_replays", json!({}));
    page["items"][0]["id"].as_str().expect("an id").to_string()
}

#[test]
fn a_move_is_explained_by_the_win_it_missed_and_the_win_it_allowed() {
    let h = Harness::new();
    // Black had a win by fours from k8 and played b2 instead; white then
    // answered at a3, a quiet move that lets black's win stand.
    let id = played_game(&h, &["b2", "a3"]);
    let first = h.ok("explain_move", json!({ "id": id, "number": 1 }));
    assert_eq!(first["stone"], "black");
    assert_eq!(first["missed"]["kind"], "fours", "{first}");
    assert_eq!(first["missed"]["line"][0], xy("k8"));
    assert_eq!(
        first["refutation"],
        Value::Null,
        "white has no win after b2"
    );
    let second = h.ok("explain_move", json!({ "id": id, "number": 2 }));
    assert_eq!(second["stone"], "white");
    // White's a3 left black its win: that is the refutation.
    assert_eq!(second["refutation"]["kind"], "fours", "{second}");
    assert_eq!(second["refutation"]["line"][0], xy("k8"));
    assert_eq!(
        kind(&h.err("explain_move", json!({ "id": id, "number": 3 }))),
        "bad_argument"
    );
    assert_eq!(
        kind(&h.err("explain_move", json!({ "id": id, "number": 0 }))),
        "bad_argument"
    );
}

#[test]
fn the_winners_forced_line_is_found_from_where_it_began() {
    let h = Harness::new();
    // k8 (white must block l8), k11 (an open four), k12, k7: five.
    let id = played_game(&h, &["k8", "l8", "k11", "k12", "k7"]);
    let sequence = h.ok("winning_sequence", json!({ "id": id }));
    assert_eq!(sequence["winner"], "black");
    assert_eq!(sequence["from"], 0, "{sequence}");
    assert_eq!(sequence["win"]["kind"], "fours");
    // A resigned game has no forced line to show.
    let resigned = played_game(&h, &["b2"]);
    assert_eq!(
        h.ok("winning_sequence", json!({ "id": resigned })),
        Value::Null
    );
}

#[test]
fn a_position_with_its_order_of_moves_goes_out_as_a_move_list_too() {
    let h = Harness::new();
    let mut pos = position(&["h8", "j10"], &["i9"], "white");
    pos["moves"] = json!([xy("h8"), xy("i9"), xy("j10")]);
    let moves = h.ok(
        "export_position",
        json!({ "position": pos, "format": "moves" }),
    );
    assert_eq!(moves["text"], "h8i9j10");
    let psq = h.ok(
        "export_position",
        json!({ "position": pos, "format": "psq" }),
    );
    assert!(
        psq["text"]
            .as_str()
            .expect("text")
            .starts_with("Piskvorky 15x15")
    );
    // An order that does not make the position is refused, with its reason.
    let mut wrong = pos.clone();
    wrong["moves"] = json!([xy("h8"), xy("i9"), xy("k11")]);
    let err = h.err(
        "export_position",
        json!({ "position": wrong, "format": "moves" }),
    );
    assert_eq!(kind(&err), "bad_argument");
    assert!(
        err["message"]
            .as_str()
            .expect("a message")
            .contains("does not make this position")
    );
    let mut out_of_turn = pos.clone();
    out_of_turn["moves"] = json!([xy("h8"), xy("j10"), xy("i9")]);
    assert_eq!(
        kind(&h.err(
            "export_position",
            json!({ "position": out_of_turn, "format": "moves" })
        )),
        "bad_argument"
    );
}
