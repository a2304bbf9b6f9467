//! The app's own record format: JSON with `"format": "wuzi-game"` and
//! `"version": 1`, keeping the set-up, players, moves with times, result
//! and dates.
//!
//! ```json
//! {
//!   "format": "wuzi-game",
//!   "version": 1,
//!   "config": { "size": 15, "rule": "renju", "forbidden": "refuse", "first": "black" },
//!   "players": { "black": "Ann", "white": "Wuzi (master)" },
//!   "moves": [
//!     { "point": { "x": 7, "y": 7 }, "stone": "black", "time_ms": 1200 },
//!     { "point": { "x": 8, "y": 6 }, "stone": "white", "time_ms": 800 }
//!   ],
//!   "result": null,
//!   "started": "2025-05-01T10:00:00Z"
//! }
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{GameRecord, TextPosition};
use crate::ReplayError;

/// The `format` value of a Wuzi game file.
pub const FORMAT: &str = "wuzi-game";
/// The version this crate writes and reads.
pub const VERSION: u32 = 1;

/// A JSON game file that could not be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("wuzi-game JSON, {at}: {reason}")]
pub struct JsonError {
    /// Where the problem is.
    pub at: TextPosition,
    /// What it is.
    pub reason: JsonErrorKind,
}

/// What was wrong with a JSON game file.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum JsonErrorKind {
    /// Not JSON, or not the fields of a game.
    #[error("{0}")]
    Syntax(String),
    /// The `format` field is not `wuzi-game`.
    #[error("format is {found:?}, not \"wuzi-game\"")]
    Format {
        /// The format found.
        found: String,
    },
    /// A version this crate does not read.
    #[error("version {found} is not supported (this reads version {VERSION})")]
    Version {
        /// The version found.
        found: u64,
    },
    /// The moves do not make a legal game.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'static str,
    version: u32,
    #[serde(flatten)]
    game: &'a GameRecord,
}

/// Just enough of the file to tell which format and version it is.
#[derive(Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct FileIn {
    #[serde(flatten)]
    game: GameRecord,
}

/// Writes `record` as pretty-printed JSON.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let file = FileOut {
        format: FORMAT,
        version: VERSION,
        game: record,
    };
    // Every field is a plain string, number, list or map, so this cannot
    // fail; an empty object is the fallback a reader will refuse.
    serde_json::to_string_pretty(&file).unwrap_or_else(|_| String::from("{}"))
}

/// Reads a game file and checks that its moves make a legal game.
///
/// # Errors
/// [`JsonError`] with the line and column of bad JSON, a wrong `format` or
/// `version`, or the moves of an illegal game.
pub fn read(text: &str) -> Result<GameRecord, JsonError> {
    let syntax = |e: serde_json::Error| JsonError {
        at: TextPosition {
            line: e.line(),
            column: e.column(),
        },
        reason: JsonErrorKind::Syntax(e.to_string()),
    };
    let header: Header = serde_json::from_str(text).map_err(syntax)?;
    let at_key = |key: &str| {
        let offset = text.find(&format!("\"{key}\"")).unwrap_or(0);
        TextPosition::of(text, offset)
    };
    match header.format {
        Some(serde_json::Value::String(f)) if f == FORMAT => {}
        other => {
            return Err(JsonError {
                at: at_key("format"),
                reason: JsonErrorKind::Format {
                    found: other.map_or_else(String::new, |v| match v {
                        serde_json::Value::String(s) => s,
                        v => v.to_string(),
                    }),
                },
            });
        }
    }
    match header.version.as_ref().and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(VERSION) => {}
        found => {
            return Err(JsonError {
                at: at_key("version"),
                reason: JsonErrorKind::Version {
                    found: found.unwrap_or(0),
                },
            });
        }
    }
    let mut record = serde_json::from_str::<FileIn>(text).map_err(syntax)?.game;
    let game = record.to_game().map_err(|e| JsonError {
        at: at_key("moves"),
        reason: e.into(),
    })?;
    // The moves decide the result; a stale or edited one is not trusted.
    record.result = game.outcome();
    Ok(record)
}
