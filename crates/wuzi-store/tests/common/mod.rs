//! Builders shared by the integration tests.
// Each test file uses some of these; a failed step here fails the test.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use wuzi_core::Rule;
use wuzi_store::{
    GameMode, GameResult, Outcome, Player, ProfileId, ReplaySummary, SaveMeta, Store,
};

/// A stand-in for the game core's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub moves: Vec<(u8, u8)>,
    pub note: String,
}

pub fn game(n: u8) -> Game {
    Game {
        moves: (0..n).map(|i| (i % 15, i / 15)).collect(),
        note: format!("game with {n} moves"),
    }
}

pub fn meta(saved_ms: i64, moves: u32) -> SaveMeta {
    let mut preview = ".".repeat(15 * 15);
    preview.replace_range(112..113, "x");
    SaveMeta {
        saved_ms,
        rule: Rule::Renju,
        size: 15,
        mode: GameMode::HumanVsAi,
        move_count: moves,
        preview,
    }
}

pub fn summary(
    ended_ms: i64,
    mode: GameMode,
    result: GameResult,
    outcome: Option<Outcome>,
) -> ReplaySummary {
    ReplaySummary {
        started_ms: ended_ms - 60_000,
        ended_ms,
        mode,
        rule: Rule::Freestyle,
        size: 15,
        black: Player::Human { name: "Ann".into() },
        white: Player::Ai {
            level: "master".into(),
        },
        result,
        outcome,
        move_count: 41,
        duration_ms: 60_000,
    }
}

/// A fresh store and its first (default) profile, opened.
pub fn fresh() -> (tempfile::TempDir, Store, ProfileId) {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, notices) = Store::open(dir.path()).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let id = store.profiles()[0].id.clone();
    store.open_profile(&id, None).unwrap();
    (dir, store, id)
}

pub fn profile_dir(root: &Path, id: &ProfileId) -> PathBuf {
    root.join("profiles").join(id.as_str())
}

/// Files in `dir` whose names contain `part`.
pub fn files_containing(dir: &Path, part: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(part))
        .map(|e| e.path())
        .collect();
    found.sort();
    found
}

/// Checks that `id` is locked: its data refuses to be read, and opening it
/// needs the password (`wrong` is refused).
pub fn assert_locked(store: &mut Store, id: &ProfileId, wrong: &str) {
    assert_eq!(store.settings(id).unwrap_err().kind(), "password_required");
    assert_eq!(
        store.open_profile(id, None).unwrap_err().kind(),
        "password_required"
    );
    assert_eq!(
        store.open_profile(id, Some(wrong)).unwrap_err().kind(),
        "wrong_password"
    );
}
