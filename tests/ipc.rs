//! The Tauri door: the page's `invoke('ipc', { command, args, onProgress })`
//! through Tauri's mock runtime, with a real data folder in a temp
//! directory. The commands themselves are tested on the service
//! (`crates/wuzi-session/tests`); these check only what the door adds:
//! argument shapes, errors crossing as `{ kind, message }`, the channel, and
//! the service living as long as the app.

use serde_json::{Value, json};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{INVOKE_KEY, MockRuntime, mock_builder, mock_context, noop_assets};
use tauri::webview::InvokeRequest;
use tauri::{App, WebviewWindow, WebviewWindowBuilder};
use tempfile::TempDir;
use wuzi_app::DataDir;

/// A channel id as the UI's `Channel` sends it; progress sent to it goes
/// nowhere in the mock runtime.
const CHANNEL: &str = "__CHANNEL__:1";

struct Harness {
    _app: App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    _data: TempDir,
}

impl Harness {
    fn new() -> Harness {
        let data = tempfile::tempdir().expect("a temp folder");
        let app = wuzi_app::configure(mock_builder(), DataDir::At(data.path().to_path_buf()))
            .build(mock_context(noop_assets()))
            .expect("the app builds on the mock runtime");
        let webview = WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .expect("the main window opens");
        Harness {
            _app: app,
            webview,
            _data: data,
        }
    }

    /// Invokes the Tauri command `cmd` with the raw `body`.
    fn raw(&self, cmd: &str, body: Value) -> Result<Value, Value> {
        let request = InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().expect("a valid origin"),
            body: InvokeBody::Json(body),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        };
        tauri::test::get_ipc_response(&self.webview, request)
            .map(|body| body.deserialize::<Value>().expect("the answer is JSON"))
    }

    /// Sends `command` with `args` the way ui/js/ipc.js does.
    fn call(&self, command: &str, args: Value) -> Result<Value, Value> {
        self.raw(
            "ipc",
            json!({ "command": command, "args": args, "onProgress": CHANNEL }),
        )
    }
}

fn kind(err: &Value) -> &str {
    err["kind"].as_str().expect("an error has a kind")
}

#[test]
fn a_command_goes_through_and_the_game_lives_between_calls() {
    let h = Harness::new();
    let view = h.call("game_view", json!({})).expect("the view");
    assert_eq!(view["size"], 15);
    assert_eq!(view["stones"], json!([]));
    h.call("play", json!({ "x": 7, "y": 7 })).expect("a move");
    let view = h.call("game_view", json!({})).expect("the view");
    assert_eq!(
        view["stones"][0],
        json!({ "x": 7, "y": 7, "stone": "black", "number": 1 })
    );
    // No arguments at all is the same as none.
    let view = h
        .raw(
            "ipc",
            json!({ "command": "game_view", "onProgress": CHANNEL }),
        )
        .expect("the view");
    assert_eq!(view["stones"].as_array().map(Vec::len), Some(1));
}

#[test]
fn errors_cross_as_kind_and_message() {
    let h = Harness::new();
    h.call("play", json!({ "x": 3, "y": 3 })).expect("a move");
    let err = h
        .call("play", json!({ "x": 3, "y": 3 }))
        .expect_err("occupied");
    assert_eq!(kind(&err), "occupied");
    assert!(
        err["message"].as_str().is_some_and(|m| m.contains("black")),
        "{err}"
    );
    let err = h.call("fly", json!({})).expect_err("no such command");
    assert_eq!(kind(&err), "unknown_command");
    let err = h
        .call("play", json!({ "x": "h", "y": 8 }))
        .expect_err("a bad argument");
    assert_eq!(kind(&err), "bad_argument");
}

#[test]
fn a_body_without_a_command_is_refused_by_tauri_and_changes_nothing() {
    let h = Harness::new();
    let err = h
        .raw("ipc", json!({ "args": {}, "onProgress": CHANNEL }))
        .expect_err("no command");
    // Tauri's own refusal, a string the UI shows as kind `ipc`.
    assert!(err.is_string(), "{err}");
    assert!(
        h.raw("play", json!({ "x": 1, "y": 1 })).is_err(),
        "only `ipc` is registered"
    );
    let view = h.call("game_view", json!({})).expect("the view");
    assert_eq!(view["stones"], json!([]));
}

#[test]
fn the_computer_moves_with_a_progress_channel() {
    let h = Harness::new();
    h.call(
        "new_game",
        json!({ "config": { "mode": "human_ai", "humanStone": "white", "blackLevel": "beginner" } }),
    )
    .expect("a game against Beginner");
    let view = h
        .raw(
            "ipc",
            json!({ "command": "ai_move", "args": {}, "onProgress": CHANNEL }),
        )
        .expect("the computer's move");
    assert_eq!(view["stones"][0]["stone"], "black");
    assert_eq!(view["to_move"], "white");
    let err = h
        .raw(
            "ipc",
            json!({ "command": "ai_move", "onProgress": "not a channel" }),
        )
        .expect_err("a channel that is not one");
    assert!(err.is_string(), "{err}");
}
