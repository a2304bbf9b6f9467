//! The app's commands driven through Tauri's mock runtime, exactly as the
//! web UI invokes them: JSON arguments in, a GameView or `{ kind, message }` out.

use serde_json::{Value, json};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, mock_builder, mock_context, noop_assets};
use tauri::webview::InvokeRequest;
use tauri::{App, WebviewWindow, WebviewWindowBuilder};

struct Harness {
    _app: App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
}

impl Harness {
    fn new() -> Harness {
        let app = wuzi_app::configure(mock_builder())
            .build(mock_context(noop_assets()))
            .expect("the app builds on the mock runtime");
        let webview = WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("the main window opens");
        Harness { _app: app, webview }
    }

    /// Invokes `cmd` with `args`; Ok is the command's answer, Err its error.
    fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().expect("a valid origin"),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        tauri::test::get_ipc_response(&self.webview, request)
            .map(|body| body.deserialize::<Value>().expect("the answer is JSON"))
    }

    fn play(&self, x: i64, y: i64) -> Result<Value, Value> {
        self.invoke("play", json!({ "x": x, "y": y }))
    }
}

fn stones(view: &Value) -> Vec<(u64, u64, String)> {
    view["stones"]
        .as_array()
        .expect("stones is a list")
        .iter()
        .map(|s| {
            (
                s["x"].as_u64().expect("x"),
                s["y"].as_u64().expect("y"),
                s["stone"].as_str().expect("stone").to_string(),
            )
        })
        .collect()
}

#[test]
fn a_new_app_shows_an_empty_15x15_board_with_black_to_move() {
    let h = Harness::new();
    let view = h.invoke("game_view", json!({})).expect("game_view answers");
    assert_eq!(view["size"], 15);
    assert_eq!(view["stones"], json!([]));
    assert_eq!(view["to_move"], "black");
    assert_eq!(view["last"], Value::Null);
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
}

#[test]
fn an_occupied_point_is_refused_and_the_board_is_unchanged() {
    let h = Harness::new();
    h.play(3, 4).expect("a free point");
    let err = h.play(3, 4).expect_err("the point is taken");
    assert_eq!(err["kind"], "occupied");
    assert!(
        err["message"]
            .as_str()
            .expect("a message")
            .contains("black"),
        "the message says what is there: {err}"
    );
    let view = h.invoke("game_view", json!({})).expect("game_view answers");
    assert_eq!(stones(&view), vec![(3, 4, "black".to_string())]);
    assert_eq!(
        view["to_move"], "white",
        "the refused move did not pass the turn"
    );
}

#[test]
fn points_off_the_board_are_refused_as_off_board() {
    let h = Harness::new();
    for (x, y) in [(15, 0), (0, 15), (-1, 3), (3, -1), (255, 255), (100_000, 2)] {
        let err = h.play(x, y).expect_err("off the board");
        assert_eq!(err["kind"], "off_board", "({x}, {y}) gave {err}");
        assert!(err["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let view = h.invoke("game_view", json!({})).expect("game_view answers");
    assert_eq!(view["stones"], json!([]));
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
    ] {
        assert!(
            h.invoke("play", args.clone()).is_err(),
            "{args} was accepted"
        );
    }
    let view = h.invoke("game_view", json!({})).expect("game_view answers");
    assert_eq!(view["stones"], json!([]), "nothing was placed");
}

#[test]
fn an_unknown_command_is_an_error() {
    let h = Harness::new();
    assert!(h.invoke("place_every_stone", json!({})).is_err());
}

#[test]
fn new_game_clears_the_board_and_takes_a_size() {
    let h = Harness::new();
    h.play(7, 7).expect("a free point");
    let view = h.invoke("new_game", json!({})).expect("new game");
    assert_eq!(view["stones"], json!([]));
    assert_eq!(view["size"], 15);

    let view = h
        .invoke("new_game", json!({ "size": 19 }))
        .expect("a 19x19 game");
    assert_eq!(view["size"], 19);
    h.play(18, 18).expect("the far corner of 19x19");

    for size in [0, 4, 23, 200] {
        let err = h
            .invoke("new_game", json!({ "size": size }))
            .expect_err("unplayable size");
        assert_eq!(err["kind"], "bad_size", "size {size}: {err}");
    }
    let view = h.invoke("game_view", json!({})).expect("game_view answers");
    assert_eq!(view["size"], 19, "a refused new game keeps the old one");
    assert_eq!(stones(&view).len(), 1);
}
