//! The harness the command tests share: a service on a real data folder in
//! a temp directory, driven through [`Service::dispatch`] as the UI drives
//! it.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use tempfile::TempDir;
use wuzi_session::{AppError, Door, Service};

/// The test's door: progress goes to a channel the test can wait on, and
/// the file dialogs answer what the test chose.
#[derive(Default)]
pub struct TestDoor {
    pub progress: Mutex<Option<Sender<Value>>>,
    pub open: Option<PathBuf>,
    pub save_dir: Option<PathBuf>,
}

impl Door for TestDoor {
    fn progress(&self, message: Value) {
        if let Some(tx) = self.progress.lock().expect("progress lock").as_ref() {
            let _ = tx.send(message);
        }
    }

    fn pick_file_to_open(&self) -> Result<Option<PathBuf>, AppError> {
        Ok(self.open.clone())
    }

    fn pick_file_to_save(
        &self,
        file_name: &str,
        _kind: &str,
        _extension: &str,
    ) -> Result<Option<PathBuf>, AppError> {
        Ok(self.save_dir.as_ref().map(|dir| dir.join(file_name)))
    }
}

pub struct Harness {
    pub service: Arc<Service>,
    pub data: TempDir,
}

impl Harness {
    pub fn new() -> Harness {
        let data = tempfile::tempdir().expect("a temp folder");
        Harness::in_folder(data)
    }

    /// The service started on an existing data folder, as after a restart.
    pub fn in_folder(data: TempDir) -> Harness {
        let service = Arc::new(Service::open(Some(data.path().to_path_buf()), false));
        Harness { service, data }
    }

    /// Closes the service and starts it again on the same data folder.
    pub fn restart(self) -> Harness {
        let Harness { service, data } = self;
        // The closed app lets go of the folder; until then another start
        // on it is refused as a second copy.
        drop(service);
        Harness::in_folder(data)
    }

    /// Runs `cmd` with `args`; Ok is the command's answer, Err its error.
    pub fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        invoke_with(&self.service, cmd, args, &TestDoor::default())
    }

    pub fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args.clone())
            .unwrap_or_else(|err| panic!("{cmd} {args} failed: {err}"))
    }

    pub fn err(&self, cmd: &str, args: Value) -> Value {
        match self.invoke(cmd, args.clone()) {
            Ok(answer) => panic!("{cmd} {args} was accepted: {answer}"),
            Err(err) => err,
        }
    }

    pub fn play(&self, x: i64, y: i64) -> Result<Value, Value> {
        self.invoke("play", json!({ "x": x, "y": y }))
    }

    pub fn view(&self) -> Value {
        self.ok("game_view", json!({}))
    }
}

pub fn invoke_with(
    service: &Service,
    cmd: &str,
    args: Value,
    door: &TestDoor,
) -> Result<Value, Value> {
    service
        .dispatch(cmd, args, door)
        .map_err(|err| serde_json::to_value(&err).expect("an error serializes"))
}

/// A door whose progress messages arrive on the returned receiver.
pub fn listening_door() -> (TestDoor, Receiver<Value>) {
    let (tx, rx) = channel();
    let door = TestDoor {
        progress: Mutex::new(Some(tx)),
        ..TestDoor::default()
    };
    (door, rx)
}

pub fn stones(view: &Value) -> Vec<(u64, u64, String)> {
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

pub fn kind(err: &Value) -> &str {
    err["kind"].as_str().expect("an error has a kind")
}

/// Black plays the top row from (0,0), white the row below, until black
/// has five.
pub fn play_black_five(h: &Harness) -> Value {
    let mut last = Value::Null;
    for i in 0..5 {
        last = h.play(i, 0).expect("black's move");
        if i < 4 {
            h.play(i, 1).expect("white's move");
        }
    }
    last
}
