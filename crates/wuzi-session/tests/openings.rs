//! Tournament openings through the game service, as the UI drives them:
//! every step of Swap2 and Soosõrv-8 between two people, the computer's
//! own decisions, refusals, undo, and the opening kept by saves, Continue,
//! the replay log and exported records.

mod support;

use serde_json::{Value, json};
use support::*;

fn xy(name: &str) -> (i64, i64) {
    let p = wuzi_core::parse_point(name, 15).expect("a point");
    (i64::from(p.x), i64::from(p.y))
}

fn tap(h: &Harness, name: &str) -> Result<Value, Value> {
    let (x, y) = xy(name);
    h.play(x, y)
}

fn tap_ok(h: &Harness, name: &str) -> Value {
    tap(h, name).unwrap_or_else(|err| panic!("{name}: {err}"))
}

fn choose(h: &Harness, choice: Value) -> Value {
    h.ok("opening_choice", json!({ "choice": choice }))
}

fn step(view: &Value) -> (&str, &str) {
    let step = &view["opening"]["step"];
    (
        step["kind"].as_str().expect("a step kind"),
        step["actor"].as_str().unwrap_or(""),
    )
}

fn two_players(h: &Harness, rule: &str, opening: &str) -> Value {
    h.ok(
        "new_game",
        json!({ "config": {
            "mode": "human_human", "rule": rule, "opening": opening,
            "opponent": { "kind": "guest", "name": "Ann" },
        } }),
    )
}

#[test]
fn two_people_play_swap2_through_every_step() {
    let h = Harness::new();
    let view = two_players(&h, "freestyle", "swap2");
    assert_eq!(view["opening"]["rule"], "swap2");
    assert_eq!(step(&view), ("place", "black"));
    assert_eq!(view["players"]["black"]["name"], "Player");
    tap_ok(&h, "h8");
    tap_ok(&h, "i9");
    let view = tap_ok(&h, "j8");
    assert_eq!(step(&view), ("choose", "white"));
    assert_eq!(
        view["opening"]["step"]["choices"],
        json!(["stay", "swap", "place_two"])
    );
    // A stone while the choice is due is refused with the reason.
    let err = tap(&h, "a1").unwrap_err();
    assert_eq!(kind(&err), "opening");
    assert_eq!(err["opening"]["type"], "not_a_stone");
    assert_eq!(err["opening"]["wanted"], "choice");
    // A decision the step does not offer, or a count with no declaration
    // due, is refused too.
    let err = h.err("opening_choice", json!({ "choice": { "declare": 3 } }));
    assert_eq!(err["opening"]["type"], "not_a_choice");
    let err = h.err("opening_choice", json!({ "choice": "sideways" }));
    assert_eq!(kind(&err), "bad_argument");
    let view = choose(&h, json!("place_two"));
    assert_eq!(step(&view), ("place", "white"));
    assert_eq!(view["can_undo"], false, "the first three stones are final");
    tap_ok(&h, "g7");
    let view = tap_ok(&h, "k10");
    assert_eq!(step(&view), ("choose", "black"));
    assert_eq!(view["opening"]["step"]["choices"], json!(["stay", "swap"]));
    // The opener (Player, black) takes white: the seats change hands.
    let view = choose(&h, json!("swap"));
    assert_eq!(step(&view), ("done", ""));
    assert_eq!(view["players"]["black"]["name"], "Ann");
    assert_eq!(view["players"]["white"]["name"], "Player");
    assert_eq!(view["opening"]["swapped"], true);
    assert_eq!(view["to_move"], "white");
    assert_eq!(view["opening"]["choices"], json!(["place_two", "swap"]));
    let view = tap_ok(&h, "f6");
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(6));
    // Undo takes back ordinary moves, never the opening's.
    let view = h.ok("undo", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(5));
    assert_eq!(view["can_undo"], false);
    let view = h.ok("undo", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(5));
}

#[test]
fn two_people_play_soosorv8_with_offers_and_a_pick() {
    let h = Harness::new();
    let view = two_players(&h, "renju", "soosorv8");
    assert_eq!(view["opening"]["step"]["area"], 1);
    let err = tap(&h, "a1").unwrap_err();
    assert_eq!(err["opening"]["type"], "outside_area");
    assert_eq!(err["opening"]["area"], 1);
    tap_ok(&h, "h8");
    assert_eq!(tap(&h, "h10").unwrap_err()["opening"]["area"], 3);
    tap_ok(&h, "h9");
    let view = tap_ok(&h, "h7");
    assert_eq!(step(&view), ("choose", "white"));
    choose(&h, json!("stay"));
    let view = tap_ok(&h, "h11");
    assert_eq!(step(&view), ("declare", "white"));
    assert_eq!(view["opening"]["step"]["max"], 8);
    assert_eq!(
        view["can_undo"], true,
        "white may take back the fourth stone"
    );
    let err = h.err("opening_choice", json!({ "choice": { "declare": 0 } }));
    assert_eq!(err["opening"]["type"], "bad_count");
    choose(&h, json!({ "declare": 2 }));
    let view = choose(&h, json!("stay"));
    assert_eq!(step(&view), ("offer", "black"));
    assert_eq!(view["opening"]["step"]["count"], 2);
    // The stones stand on the h file: g6 and j6 mirror each other.
    let view = tap_ok(&h, "g6");
    assert_eq!(view["opening"]["offers"], json!([{ "x": 6, "y": 9 }]));
    assert_eq!(
        view["stones"].as_array().map(Vec::len),
        Some(4),
        "an offer is no stone"
    );
    let err = tap(&h, "i6").unwrap_err();
    assert_eq!(err["opening"]["type"], "symmetric");
    // Undo withdraws an offer.
    let view = h.ok("undo", json!({}));
    assert_eq!(view["opening"]["offers"], json!([]));
    tap_ok(&h, "g6");
    let view = tap_ok(&h, "j10");
    assert_eq!(step(&view), ("pick", "white"));
    let err = tap(&h, "a1").unwrap_err();
    assert_eq!(err["opening"]["type"], "not_offered");
    let view = tap_ok(&h, "j10");
    assert_eq!(step(&view), ("done", ""));
    let fifth = &view["stones"][4];
    assert_eq!(
        (
            fifth["x"].as_i64(),
            fifth["y"].as_i64(),
            fifth["stone"].as_str()
        ),
        (Some(xy("j10").0), Some(xy("j10").1), Some("black"))
    );
    assert_eq!(view["to_move"], "white");
}

#[test]
fn an_opening_must_fit_the_rule() {
    let h = Harness::new();
    let err = h.err(
        "new_game",
        json!({ "config": { "rule": "renju", "opening": "swap2" } }),
    );
    assert_eq!(kind(&err), "opening");
    assert_eq!(err["opening"]["type"], "wrong_rule");
    let err = h.err(
        "new_game",
        json!({ "config": { "rule": "freestyle", "opening": "soosorv8" } }),
    );
    assert_eq!(err["opening"]["type"], "wrong_rule");
    let err = h.err(
        "new_game",
        json!({ "config": { "rule": "freestyle", "opening": "swap", "first": "white" } }),
    );
    assert_eq!(err["opening"]["type"], "not_from_start");
    let err = h.err("new_game", json!({ "config": { "opening": "taraguchi" } }));
    assert_eq!(kind(&err), "bad_argument");
}

/// Against the computer: the person opens, the computer chooses its colour
/// by its evaluation, and a person cannot act for it.
#[test]
fn the_computer_chooses_a_colour_after_the_persons_opening() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": {
            "mode": "human_ai", "rule": "freestyle", "opening": "swap",
            "humanStone": "black", "whiteLevel": "easy",
        } }),
    );
    // Black's two stones side by side and white's thrown into the corner:
    // black's game, so the computer takes black.
    tap_ok(&h, "h8");
    tap_ok(&h, "a1");
    let view = tap_ok(&h, "i8");
    assert_eq!(step(&view), ("choose", "white"));
    assert_eq!(view["ai_to_move"], true);
    let err = h.err("opening_choice", json!({ "choice": "stay" }));
    assert_eq!(kind(&err), "not_your_turn");
    assert_eq!(view["can_undo"], false, "the computer is to act");
    let view = h.ok("ai_move", json!({}));
    assert_eq!(step(&view), ("done", ""));
    assert_eq!(view["opening"]["choices"], json!(["swap"]));
    assert_eq!(view["players"]["black"]["kind"], "ai");
    assert_eq!(view["players"]["white"]["kind"], "human");
    // The person now holds white and plays the fourth move.
    assert_eq!(view["ai_to_move"], false);
    let view = tap_ok(&h, "j9");
    assert_eq!(view["ai_to_move"], true);
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(5));
    // Undo goes back to the person's own move, never into the opening.
    assert_eq!(view["can_undo"], true);
    let view = h.ok("undo", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(3));
    assert_eq!(view["ai_to_move"], false);
    assert_eq!(
        view["can_undo"], false,
        "the person's stones before are the opening's"
    );
    let view = h.ok("undo", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(3));
}

/// No clock runs in the opening, and a hint is refused where the step asks
/// for a decision rather than a stone.
#[test]
fn the_opening_is_off_the_clock_and_hints_are_for_stones() {
    let h = Harness::new();
    let view = h.ok(
        "new_game",
        json!({ "config": {
            "mode": "human_human", "rule": "freestyle", "opening": "swap",
            "timeControl": { "kind": "sudden_death", "main_ms": 60_000 },
        } }),
    );
    assert_eq!(view["clock"]["running"], Value::Null);
    for name in ["h8", "h9", "i9"] {
        tap_ok(&h, name);
    }
    let view = h.view();
    assert_eq!(step(&view), ("choose", "white"));
    assert_eq!(view["clock"]["running"], Value::Null);
    assert_eq!(
        (
            view["clock"]["black_ms"].as_u64(),
            view["clock"]["white_ms"].as_u64()
        ),
        (Some(0), Some(0)),
        "the opening's stones took nothing off the clocks"
    );
    let err = h.err("hint", json!({}));
    assert_eq!(kind(&err), "opening");
    assert_eq!(err["opening"]["wanted"], "choice");
    let view = choose(&h, json!("stay"));
    assert_eq!(view["clock"]["running"], "white");
}

/// A computer against itself goes through Soosõrv-8 alone: every step is
/// the engine's, and the game goes on after it.
#[test]
fn the_computer_takes_every_soosorv_step_against_itself() {
    let h = Harness::new();
    h.ok(
        "new_game",
        json!({ "config": {
            "mode": "ai_ai", "rule": "renju", "opening": "soosorv8",
            "blackLevel": "easy", "whiteLevel": "easy",
        } }),
    );
    let mut view = h.view();
    let mut kinds = Vec::new();
    for _ in 0..30 {
        if step(&view).0 == "done" {
            break;
        }
        kinds.push(step(&view).0.to_string());
        view = h.ok("ai_move", json!({}));
    }
    assert_eq!(step(&view).0, "done", "{kinds:?}");
    for kind in ["place", "choose", "declare", "offer", "pick"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
    let declared = view["opening"]["choices"][1]["declare"]
        .as_u64()
        .expect("a count");
    assert_eq!(
        view["opening"]["offers"].as_array().map(Vec::len),
        usize::try_from(declared).ok()
    );
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(6));
}

#[test]
fn a_game_in_its_opening_is_saved_continued_and_logged_with_it() {
    let h = Harness::new();
    two_players(&h, "renju", "soosorv8");
    for name in ["h8", "i9", "j8"] {
        tap_ok(&h, name);
    }
    choose(&h, json!("swap"));
    tap_ok(&h, "i7");
    choose(&h, json!({ "declare": 3 }));
    choose(&h, json!("stay"));
    tap_ok(&h, "g7");
    h.ok("save_game", json!({ "name": "mid opening" }));
    let h = h.restart();
    let view = h.ok("load_save", json!({ "name": "mid opening" }));
    assert_eq!(step(&view), ("offer", "black"));
    assert_eq!(view["opening"]["offers"].as_array().map(Vec::len), Some(1));
    assert_eq!(view["players"]["black"]["name"], "Ann", "the swap is kept");
    let view = h.ok("continue_game", json!({}));
    assert_eq!(step(&view), ("offer", "black"));
    tap_ok(&h, "k10");
    tap_ok(&h, "a1");
    tap_ok(&h, "a1");
    // Exported records keep the opening, and read back into the same game.
    for format in ["json", "sgf"] {
        let exported = h.ok("export_game", json!({ "format": format }));
        let text = exported["text"].as_str().expect("the record's text");
        assert!(text.contains("soosorv8"), "{format}: {text}");
        let view = h.ok("import_game", json!({ "text": text }));
        assert_eq!(
            view["opening"]["choices"],
            json!(["swap", { "declare": 3 }, "stay"])
        );
        assert_eq!(view["stones"].as_array().map(Vec::len), Some(5));
    }
    // A record whose opening breaks its rule is refused with the reason.
    let exported = h.ok("export_game", json!({ "format": "json" }));
    let broken = exported["text"]
        .as_str()
        .expect("text")
        .replace("\"declare\": 3", "\"declare\": 1");
    let err = h.err("import_game", json!({ "text": broken }));
    assert_eq!(kind(&err), "bad_record");
    // One offer declared: the fifth move a1 is none of the offers.
    let reason = &err["record"]["reason"];
    assert_eq!(
        (&reason["code"], &reason["number"], &reason["why"]),
        (&json!("illegal_move"), &json!(5), &json!("opening"))
    );
    let broken = exported["text"]
        .as_str()
        .expect("text")
        .replace("\"declare\": 3", "\"declare\": 4");
    let err = h.err("import_game", json!({ "text": broken }));
    // Four declared, three offered: a move where an offer was due.
    assert_eq!(
        err["record"]["reason"],
        json!({ "code": "opening", "rule": "Soosõrv-8", "what": "move" })
    );
    // The finished game is in the replay log with its opening.
    h.ok("resign", json!({}));
    let list = h.ok("list_replays", json!({}));
    let id = list["items"][0]["id"]
        .as_str()
        .or_else(|| list[0]["id"].as_str())
        .expect("a replay id")
        .to_string();
    let replay = h.ok("load_replay", json!({ "id": id }));
    assert_eq!(replay["final_view"]["opening"]["rule"], "soosorv8");
    assert_eq!(
        replay["final_view"]["opening"]["choices"],
        json!(["swap", { "declare": 3 }, "stay"])
    );
}

/// Swap lets the opener put the first stones anywhere. A person who starts
/// in the corner and then hands black to the computer gets the rest of the
/// opening placed for them, not an error that leaves the computer to move
/// with nothing to play.
#[test]
fn the_computer_handed_an_opening_begun_in_the_corner_places_the_rest() {
    let h = Harness::new();
    two_players(&h, "freestyle", "swap");
    tap_ok(&h, "a1");
    let view = h.ok(
        "set_player",
        json!({ "stone": "black", "player": { "kind": "ai", "level": "beginner" } }),
    );
    assert_eq!(step(&view), ("place", "black"));
    assert_eq!(view["ai_to_move"], true);
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(2));
    let view = h.ok("ai_move", json!({}));
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(3));
    // Three stones down: white's holder, a person, chooses now.
    assert_eq!(step(&view), ("choose", "white"));
    assert_eq!(view["ai_to_move"], false);
}
