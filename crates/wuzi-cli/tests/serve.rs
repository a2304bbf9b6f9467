//! Drives the real `wuzi serve` binary over HTTP, the way the page's
//! `ui/js/ipc.js` does: the UI's files, the token, commands, progress as
//! server-sent events, and the stand-in file dialogs.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};
use tempfile::TempDir;

/// How long any one wait may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

const UI_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui");

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; font-src 'self'; media-src 'self'; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A running `wuzi serve`, killed when dropped.
struct Server {
    /// `None` once a test took it to see it exit.
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    /// `http://127.0.0.1:<port>`
    base: String,
    token: String,
    agent: ureq::Agent,
    data: TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// An answer: status, content type and body.
#[derive(Debug)]
struct Answer {
    status: u16,
    content_type: String,
    body: Value,
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(PATIENCE))
        .build()
        .into()
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_wuzi"));
        command
            .arg("serve")
            .arg("--data")
            .arg(data.path())
            .args(extra);
        Server::spawn(command, data)
    }

    fn spawn(mut command: Command, data: TempDir) -> Server {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let line = common::address_line(&mut child);
        let line = line.trim_end_matches('\n');
        let (base, token) = line
            .split_once("/?token=")
            .unwrap_or_else(|| panic!("not an address line: {line:?}"));
        assert!(base.starts_with("http://127.0.0.1:"), "{line}");
        let port: u16 = base["http://127.0.0.1:".len()..].parse().unwrap();
        assert_ne!(port, 0);
        assert_eq!(token.len(), 32, "{line}");
        assert!(
            token
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)),
            "{line}"
        );
        Server {
            child: Some(child),
            stdin,
            base: base.to_string(),
            token: token.to_string(),
            agent: agent(),
            data,
        }
    }

    fn get(&self, path: &str) -> ureq::http::Response<ureq::Body> {
        self.agent
            .get(format!("{}{path}", self.base))
            .call()
            .unwrap()
    }

    /// POSTs `body` to `/ipc/<command>` with `token` (none: no header).
    fn post_raw(&self, command: &str, body: &str, token: Option<&str>) -> Answer {
        let mut request = self
            .agent
            .post(format!("{}/ipc/{command}", self.base))
            .header("content-type", "application/json");
        if let Some(token) = token {
            request = request.header("x-wuzi-token", token);
        }
        let mut response = if body.is_empty() {
            request.send_empty().unwrap()
        } else {
            request.send(body).unwrap()
        };
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let text = response.body_mut().read_to_string().unwrap();
        Answer {
            status: response.status().as_u16(),
            content_type,
            body: serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("not JSON ({e}): {text:?}")),
        }
    }

    /// Runs `command` with the token; panics unless it answers 200.
    fn call(&self, command: &str, args: &Value) -> Value {
        let answer = self.post_raw(command, &args.to_string(), Some(&self.token));
        assert_eq!(answer.status, 200, "{command}: {answer:?}");
        assert!(answer.content_type.starts_with("application/json"));
        answer.body
    }

    /// Runs `command` asking for server-sent events; hands each event to
    /// `on_event` as it arrives and answers them all, the last being
    /// `result` or `error`.
    fn stream(
        &self,
        command: &str,
        args: &Value,
        mut on_event: impl FnMut(&str, &Value),
    ) -> Vec<(String, Value)> {
        let response = self
            .agent
            .post(format!("{}/ipc/{command}", self.base))
            .header("content-type", "application/json")
            .header("accept", "text/event-stream")
            .header("x-wuzi-token", &self.token)
            .send(args.to_string())
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let content_type = response.headers().get("content-type").unwrap();
        assert!(
            content_type
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
        let lines = BufReader::new(response.into_body().into_reader()).lines();
        let mut events = Vec::new();
        let (mut name, mut data) = (String::from("message"), Vec::<String>::new());
        for line in lines {
            let line = line.unwrap();
            if line.is_empty() {
                let value: Value = serde_json::from_str(&data.join("\n")).unwrap();
                on_event(&name, &value);
                events.push((std::mem::replace(&mut name, "message".into()), value));
                data.clear();
            } else if let Some(rest) = line.strip_prefix("event:") {
                name = rest.trim().to_string();
            } else if let Some(rest) = line.strip_prefix("data:") {
                data.push(rest.strip_prefix(' ').unwrap_or(rest).to_string());
            } else {
                panic!("a line the page cannot read: {line:?}");
            }
        }
        assert!(data.is_empty(), "an event without its blank line");
        let (last, _) = events.last().expect("at least one event");
        assert!(last == "result" || last == "error", "{events:?}");
        let finals = events
            .iter()
            .filter(|(n, _)| n == "result" || n == "error")
            .count();
        assert_eq!(finals, 1, "{events:?}");
        events
    }

    /// Sends a raw request line and answers the status line and the rest.
    fn raw_get(&self, path: &str) -> (String, String) {
        let address = self.base.trim_start_matches("http://");
        let mut socket = TcpStream::connect(address).unwrap();
        socket.set_read_timeout(Some(PATIENCE)).unwrap();
        write!(
            socket,
            "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        socket.read_to_string(&mut text).unwrap();
        let (status, rest) = text.split_once("\r\n").unwrap();
        (status.to_string(), rest.to_string())
    }

    /// Waits for the server to exit by itself (killed after [`PATIENCE`]).
    fn wait_for_exit(&mut self) -> ExitStatus {
        let mut child = self.child.take().unwrap();
        let pid = child.id();
        let (tx, rx) = mpsc::channel();
        let waiter = std::thread::spawn(move || {
            let status = child.wait();
            let _ = tx.send(());
            (child, status)
        });
        if rx.recv_timeout(PATIENCE).is_err() {
            // Still running: end it so the waiter returns, then fail.
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            let _ = waiter.join();
            panic!("wuzi serve (pid {pid}) did not stop");
        }
        let (_child, status) = waiter.join().unwrap();
        status.unwrap()
    }
}

fn stones(view: &Value) -> &Vec<Value> {
    view["stones"].as_array().expect("a view with stones")
}

#[test]
fn the_first_line_is_the_address_with_a_fresh_token() {
    let a = Server::start(&[]);
    let b = Server::start(&[]);
    assert_ne!(a.token, b.token);
    assert_ne!(a.base, b.base);
}

#[test]
fn serves_the_ui_with_the_app_csp() {
    let server = Server::start(&[]);
    let mut page = server.get("/");
    assert_eq!(page.status().as_u16(), 200);
    let header = |response: &ureq::http::Response<ureq::Body>, name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    assert_eq!(header(&page, "content-type"), "text/html; charset=utf-8");
    assert_eq!(header(&page, "content-security-policy"), CSP);
    assert_eq!(header(&page, "x-content-type-options"), "nosniff");
    let index = std::fs::read_to_string(Path::new(UI_DIR).join("index.html")).unwrap();
    assert_eq!(page.body_mut().read_to_string().unwrap(), index);

    let script = server.get("/js/ipc.js");
    assert_eq!(script.status().as_u16(), 200);
    assert!(header(&script, "content-type").starts_with("text/javascript"));
    assert_eq!(header(&script, "content-security-policy"), CSP);
    let style = server.get("/css/app.css");
    assert!(header(&style, "content-type").starts_with("text/css"));

    assert_eq!(server.get("/no-such-file.js").status().as_u16(), 404);
    for escape in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/js/../../Cargo.toml",
        "/%2e%2e%2fCargo.toml",
        "/..%5cCargo.toml",
    ] {
        let (status, rest) = server.raw_get(escape);
        assert!(!status.contains(" 200 "), "{escape}: {status}");
        assert!(!rest.contains("[package]"), "{escape}: {rest}");
    }
}

#[test]
fn game_view_answers_with_the_token() {
    let server = Server::start(&[]);
    let view = server.call("game_view", &json!({}));
    assert_eq!(view["size"], 15);
    assert_eq!(view["stones"], json!([]));
    // An empty body is no arguments.
    let answer = server.post_raw("game_view", "", Some(&server.token));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["size"], 15);
}

#[test]
fn refuses_a_missing_or_wrong_token_without_running_the_command() {
    let server = Server::start(&[]);
    let wrong = "0".repeat(32);
    for token in [
        None,
        Some(wrong.as_str()),
        Some(""),
        Some(&server.token[..31]),
    ] {
        let answer = server.post_raw("play", r#"{"x":7,"y":7}"#, token);
        assert_eq!(answer.status, 403, "{token:?}");
        assert_eq!(answer.body["kind"], "bad_token", "{token:?}");
        assert!(answer.body["message"].as_str().unwrap().contains("token"));
    }
    assert_eq!(stones(&server.call("game_view", &json!({}))).len(), 0);
}

#[test]
fn new_game_then_play_changes_the_view() {
    let server = Server::start(&[]);
    let fresh = server.call("new_game", &json!({}));
    assert_eq!(stones(&fresh).len(), 0);
    let view = server.call("play", &json!({ "x": 7, "y": 7 }));
    assert_eq!(stones(&view).len(), 1);
    assert_eq!(view["stones"][0]["x"], 7);
    assert_eq!(view["stones"][0]["y"], 7);
    assert_ne!(view["to_move"], fresh["to_move"]);
    let seen = server.call("game_view", &json!({}));
    assert_eq!(seen["stones"], view["stones"]);
    assert_eq!(seen["generation"], view["generation"]);

    // A refused move is the player's doing: 409 with its kind.
    let again = server.post_raw("play", r#"{"x":7,"y":7}"#, Some(&server.token));
    assert_eq!(again.status, 409);
    assert_eq!(again.body["kind"], "occupied");
}

#[test]
fn bad_requests_get_clear_errors() {
    let server = Server::start(&[]);
    let unknown = server.post_raw("no_such_command", "{}", Some(&server.token));
    assert_eq!(unknown.status, 400);
    assert_eq!(unknown.body["kind"], "unknown_command");
    assert!(unknown.body["message"].is_string());

    for body in ["{\"x\":", "not json", "{'x': 1}"] {
        let answer = server.post_raw("play", body, Some(&server.token));
        assert_eq!(answer.status, 400, "{body}");
        assert_eq!(answer.body["kind"], "bad_argument", "{body}");
    }
    let wrong_shape = server.post_raw("play", r#"{"x":"seven"}"#, Some(&server.token));
    assert_eq!(wrong_shape.status, 400);
    assert_eq!(wrong_shape.body["kind"], "bad_argument");

    // The editor's stones that no game starts from (two black, no white,
    // black to move) are the player's to mend: 400 with the reason, for
    // each command that takes a position.
    let position = json!({
        "size": 15, "rule": "freestyle", "toMove": "black",
        "setup": { "black": [{ "x": 7, "y": 7 }, { "x": 8, "y": 8 }], "white": [] },
    });
    for (command, args) in [
        (
            "save_position",
            json!({ "position": position, "name": "Set up" }),
        ),
        (
            "export_position",
            json!({ "position": position, "format": "sgf" }),
        ),
        ("analyse_position", json!({ "position": position })),
    ] {
        let answer = server.post_raw(command, &args.to_string(), Some(&server.token));
        assert_eq!(answer.status, 400, "{command}: {answer:?}");
        assert_eq!(answer.body["kind"], "bad_position", "{command}: {answer:?}");
        assert_eq!(
            answer.body["position"]["code"], "setup_counts",
            "{command}: {answer:?}"
        );
    }

    // Nothing of that went through to the game.
    assert_eq!(stones(&server.call("game_view", &json!({}))).len(), 0);
}

#[test]
fn ai_move_streams_its_result() {
    let server = Server::start(&[]);
    server.call(
        "new_game",
        &json!({ "config": { "mode": "human_ai", "humanStone": "white", "blackLevel": "beginner" } }),
    );
    let events = server.stream("ai_move", &json!({}), |_, _| {});
    let (last, view) = events.last().unwrap();
    assert_eq!(last, "result", "{events:?}");
    assert_eq!(stones(view).len(), 1);
    assert!(
        events[..events.len() - 1]
            .iter()
            .all(|(n, _)| n == "progress")
    );

    // A command's error ends the stream as an error event.
    let events = server.stream("ai_move", &json!({}), |_, _| {});
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "error");
    assert_eq!(events[0].1["kind"], "not_ai_turn");
    assert!(events[0].1["message"].is_string());
}

#[test]
fn ai_move_streams_progress_and_stop_ai_gets_through() {
    let server = Server::start(&[]);
    server.call(
        "new_game",
        &json!({ "config": { "mode": "human_ai", "humanStone": "white", "blackLevel": "master" } }),
    );
    let mut stopped = false;
    let events = server.stream("ai_move", &json!({}), |name, message| {
        if name == "progress" && !stopped {
            assert!(message["depth"].is_number(), "{message}");
            assert!(message["pv"].is_array(), "{message}");
            // The search is still running: its answer has not come yet.
            let answer = server.post_raw("stop_ai", "", Some(&server.token));
            assert_eq!(answer.status, 200, "{answer:?}");
            stopped = true;
        }
    });
    assert!(stopped, "no progress event: {events:?}");
    let (last, view) = events.last().unwrap();
    assert_eq!(last, "result", "{events:?}");
    assert_eq!(stones(view).len(), 1);
    assert_eq!(
        server.call("game_view", &json!({}))["stones"],
        view["stones"]
    );
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn file_dialogs_come_from_the_dialog_dir() {
    let dialogs = tempfile::tempdir().unwrap();
    let server = Server::start(&["--dialog-dir", dialogs.path().to_str().unwrap()]);
    server.call("new_game", &json!({ "config": { "mode": "human_human" } }));
    server.call("play", &json!({ "x": 7, "y": 7 }));
    let played = server.call("play", &json!({ "x": 8, "y": 6 }));

    let saved = server.call("export_to_file", &json!({ "format": "sgf" }));
    let files = files_in(dialogs.path());
    assert_eq!(files.len(), 1, "{files:?}");
    let file = &files[0];
    assert_eq!(file.extension().unwrap(), "sgf");
    assert_eq!(saved["path"], file.display().to_string());
    assert!(std::fs::read_to_string(file).unwrap().contains("GM[4]"));

    let fresh = server.call("new_game", &json!({}));
    assert_eq!(stones(&fresh).len(), 0);
    let imported = server.call("import_from_file", &json!({}));
    assert_eq!(imported["stones"], played["stones"]);

    // A `.cancel` file makes both dialogs cancel.
    std::fs::write(dialogs.path().join(".cancel"), "").unwrap();
    assert_eq!(server.call("import_from_file", &json!({})), Value::Null);
    assert_eq!(
        server.call("export_to_file", &json!({ "format": "psq" })),
        Value::Null
    );
    assert_eq!(files_in(dialogs.path()).len(), 2, "only .cancel was added");
}

#[test]
fn without_a_dialog_dir_the_dialogs_cancel() {
    let server = Server::start(&[]);
    server.call("play", &json!({ "x": 7, "y": 7 }));
    assert_eq!(
        server.call("export_to_file", &json!({ "format": "sgf" })),
        Value::Null
    );
    assert_eq!(server.call("import_from_file", &json!({})), Value::Null);
}

#[test]
fn keeps_the_game_in_wuzi_data_dir_without_data() {
    let data = tempfile::tempdir().unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_wuzi"));
    command.arg("serve").env("WUZI_DATA_DIR", data.path());
    let server = Server::spawn(command, tempfile::tempdir().unwrap());
    server.call("game_view", &json!({}));
    assert!(data.path().join("profiles.json").is_file());
    assert!(
        std::fs::read_dir(server.data.path())
            .unwrap()
            .next()
            .is_none()
    );
}

#[test]
fn refuses_to_start_without_a_data_folder() {
    let output = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .arg("serve")
        .env_remove("WUZI_DATA_DIR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--data"), "{stderr}");
    assert!(stderr.contains("WUZI_DATA_DIR"), "{stderr}");
}

#[test]
fn refuses_a_ui_folder_without_index_html() {
    let data = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .arg("serve")
        .arg("--data")
        .arg(data.path())
        .arg("--ui")
        .arg(data.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("index.html"), "{stderr}");
}

#[test]
fn stops_when_stdin_closes() {
    let mut server = Server::start(&[]);
    server.call("game_view", &json!({}));
    drop(server.stdin.take());
    let status = server.wait_for_exit();
    assert!(status.success(), "{status}");
}
