//! Files written by earlier versions of the store still load, migrated
//! where their words changed. The files under `tests/data/v1/` were written
//! by the store at version 1 of every format, byte for byte.

// The helpers below fail the test by panicking, like the tests themselves.
#![allow(clippy::unwrap_used)]

mod common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;
use wuzi_core::{Rule, Stone};
use wuzi_store::{Filter, GameResult, Paging};

/// Copies `tests/data/v1/<rel>` into the profile's folder.
fn put_v1(root: &Path, id: &wuzi_store::ProfileId, rel: &str) -> std::path::PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/v1")
        .join(rel);
    let to = profile_dir(root, id).join(rel);
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    fs::copy(&from, &to).unwrap();
    to
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_version_one_settings_file_says_refuse_after_migration() {
    let (dir, store, id) = fresh();
    let path = put_v1(dir.path(), &id, "settings.json");
    assert_eq!(read_json(&path)["forbidden_moves"], "block", "as written");

    let (settings, notices) = store.settings(&id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(serde_json::to_value(settings.rule).unwrap(), "renju");
    assert_eq!(
        serde_json::to_value(settings.forbidden_moves).unwrap(),
        "refuse"
    );

    // Saving writes the new version; the version-1 file becomes the backup.
    store.set_settings(&id, &settings).unwrap();
    let written = read_json(&path);
    assert_eq!(written["version"], 2);
    assert_eq!(written["forbidden_moves"], "refuse");
    assert_eq!(written["rule"], "renju");
    let backup = read_json(&path.with_file_name("settings.json.bak"));
    assert_eq!(backup["version"], 1);
    assert_eq!(backup["forbidden_moves"], "block");
}

#[test]
fn a_version_one_lose_setting_stays_lose() {
    let (dir, store, id) = fresh();
    let path = put_v1(dir.path(), &id, "settings.json");
    let text = fs::read_to_string(&path)
        .unwrap()
        .replace("\"block\"", "\"lose\"");
    fs::write(&path, text).unwrap();

    let (settings, notices) = store.settings(&id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(
        serde_json::to_value(settings.forbidden_moves).unwrap(),
        "lose"
    );
    store.set_settings(&id, &settings).unwrap();
    assert_eq!(read_json(&path)["forbidden_moves"], "lose");
}

#[test]
fn version_one_saves_and_replays_load_with_the_core_types() {
    let (dir, store, id) = fresh();
    put_v1(dir.path(), &id, "saves/s-evening-8e5a5d5c0bd446ef.json");
    put_v1(dir.path(), &id, "saves/autosave.json");
    put_v1(dir.path(), &id, "replays/1700000600000-f2c8e26f.json");

    let (list, notices) = store.saves(&id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "Evening");
    assert_eq!(list[0].meta.rule, Rule::Renju);
    let (saved, _) = store.load_save::<Value>(&id, "evening").unwrap();
    assert_eq!(saved.game["moves"], "h8i9j10");
    let (auto, notices) = store.load_autosave::<Value>(&id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(auto.unwrap().meta.rule, Rule::Renju);

    let page = store
        .list_replays(&id, &Filter::default(), Paging::default())
        .unwrap();
    assert!(page.notices.is_empty(), "{:?}", page.notices);
    assert_eq!(page.items.len(), 1);
    let summary = &page.items[0].summary;
    assert_eq!(summary.rule, Rule::Renju);
    assert_eq!(
        summary.result,
        GameResult::Resign {
            winner: Stone::White
        }
    );
    assert_eq!(summary.result.winner(), Some(Stone::White));
    let (replay, _) = store.load_replay::<Value>(&id, &page.items[0].id).unwrap();
    assert_eq!(&replay.summary, summary);
}
