//! A running `wuzi serve` on a data folder, and a look at the folder's
//! files, for the tests that start more than one or take its disk away.
// Each test file uses some of these; a failed step here fails the test.
#![allow(dead_code, clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

/// How long any one wait may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

/// The first line `wuzi serve` prints, its address with the token, read
/// off `child`'s stdout (the rest of which is left unread).
pub fn address_line(child: &mut Child) -> String {
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    rx.recv_timeout(PATIENCE).expect("the address line")
}

/// A running `wuzi serve` on a given folder, killed when dropped.
pub struct WuziCopy {
    child: Child,
    base: String,
    token: String,
    agent: ureq::Agent,
}

impl Drop for WuziCopy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl WuziCopy {
    /// Starts `wuzi serve --data <data>` and waits for its address line,
    /// which it prints once the service (and so the data folder) is open.
    pub fn start(data: &Path) -> WuziCopy {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wuzi"))
            .arg("serve")
            .arg("--data")
            .arg(data)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let line = address_line(&mut child);
        let (base, token) = line
            .trim_end()
            .split_once("/?token=")
            .unwrap_or_else(|| panic!("not an address line: {line:?}"));
        WuziCopy {
            base: base.to_string(),
            token: token.to_string(),
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(PATIENCE))
                .build()
                .into(),
            child,
        }
    }

    /// Runs `command`: its status and its answer (or error).
    pub fn send(&self, command: &str, args: &Value) -> (u16, Value) {
        let mut response = self
            .agent
            .post(format!("{}/ipc/{command}", self.base))
            .header("content-type", "application/json")
            .header("x-wuzi-token", &self.token)
            .send(args.to_string())
            .unwrap();
        let status = response.status().as_u16();
        let body: Value = serde_json::from_str(&response.body_mut().read_to_string().unwrap())
            .unwrap_or_else(|e| panic!("{command}: not JSON: {e}"));
        (status, body)
    }

    /// Runs `command`; panics unless it succeeds.
    pub fn call(&self, command: &str, args: &Value) -> Value {
        let (status, body) = self.send(command, args);
        assert_eq!(status, 200, "{command}: {body}");
        body
    }

    /// Runs `command`; panics unless it fails, and answers the error.
    pub fn refused(&self, command: &str, args: &Value) -> (u16, Value) {
        let (status, body) = self.send(command, args);
        assert_ne!(status, 200, "{command} was accepted: {body}");
        (status, body)
    }

    /// Plays a short human-against-human game that is not over.
    pub fn play_a_little(&self, moves: &[(u8, u8)]) -> Value {
        self.call("new_game", &json!({ "config": { "mode": "human_human" } }));
        let mut view = Value::Null;
        for &(x, y) in moves {
            view = self.call("play", &json!({ "x": x, "y": y }));
        }
        view
    }

    pub fn notices(&self) -> Vec<Value> {
        self.call("app_info", &json!({}))["notices"]
            .as_array()
            .unwrap()
            .clone()
    }

    /// Kills the process the way a crash or `kill -9` does.
    pub fn kill_outright(mut self) {
        // `Child::kill` is SIGKILL on Unix: no destructor, no clean exit.
        self.child.kill().unwrap();
        let status = self.child.wait().unwrap();
        assert!(!status.success(), "{status}");
    }
}

/// Every file under `root` with its bytes.
pub fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.insert(path, bytes);
            }
        }
    }
    files
}

/// The names of the saves, in alphabetical order.
pub fn save_names(copy: &WuziCopy) -> Vec<String> {
    let list = copy.call("list_saves", &json!({}));
    let mut names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// A game against the computer that the player resigns: a loss in the
/// stats and a replay in the log.
pub fn finish_a_game(copy: &WuziCopy) -> Value {
    let config = json!({ "mode": "human_ai", "humanStone": "black", "whiteLevel": "beginner" });
    copy.call("new_game", &json!({ "config": config }));
    copy.call("play", &json!({ "x": 7, "y": 7 }));
    let view = copy.call("resign", &json!({}));
    assert!(!view["outcome"].is_null(), "resigning ends it: {view}");
    view
}

pub fn replay_count(copy: &WuziCopy) -> usize {
    copy.call("list_replays", &json!({}))["items"]
        .as_array()
        .unwrap()
        .len()
}

/// What the player has, as the app reads it back.
pub fn kept(copy: &WuziCopy) -> Value {
    json!({
        "saves": save_names(copy),
        "settings": copy.call("get_settings", &json!({})),
        "stats": copy.call("get_stats", &json!({})),
        "replays": replay_count(copy),
        "profiles": copy.call("list_profiles", &json!({}))["profiles"],
    })
}

/// Runs `wuzi` with `args`, reads the first line it prints and then closes
/// the pipe, as `wuzi ... | head -1` does. Checks that the command then
/// ended with the closed pipe's message and no panic, and returns the line.
pub fn first_line_then_close(args: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        reader.read_line(&mut first).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        !out.status.success(),
        "{args:?} succeeded with its reader gone"
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("wuzi: Broken pipe"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    first
}

/// Runs `wuzi` with `args` to the end, checks it succeeded, and returns
/// what it printed.
pub fn wuzi_output(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}
