//! Named saves and the autosave.

mod common;

use std::fs;

use common::*;
use wuzi_store::GameMode;

#[test]
fn save_list_load_delete() {
    let (dir, store, id) = fresh();
    store
        .save(&id, "Morning", &meta(1_000, 10), &game(10), false)
        .unwrap();
    store
        .save(&id, "Evening", &meta(2_000, 20), &game(20), false)
        .unwrap();
    let (list, notices) = store.saves(&id).unwrap();
    assert!(notices.is_empty());
    let names: Vec<_> = list.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Evening", "Morning"], "newest first");
    assert_eq!(list[0].meta.move_count, 20);
    assert_eq!(list[0].meta.rule, wuzi_core::Rule::Renju);
    assert_eq!(list[0].meta.mode, GameMode::HumanVsAi);
    assert_eq!(&list[0].meta.preview[112..113], "x");

    let (saved, _) = store.load_save::<Game>(&id, "Morning").unwrap();
    assert_eq!(saved.game, game(10));
    assert_eq!(saved.name.as_deref(), Some("Morning"));

    store.delete_save(&id, "Morning").unwrap();
    assert_eq!(
        store.load_save::<Game>(&id, "Morning").unwrap_err().kind(),
        "not_found"
    );
    assert_eq!(
        store.delete_save(&id, "Morning").unwrap_err().kind(),
        "not_found"
    );
    assert_eq!(store.saves(&id).unwrap().0.len(), 1);
    // Neither the file nor its backup is left to bring it back.
    let saves = profile_dir(dir.path(), &id).join("saves");
    assert!(files_containing(&saves, "morning").is_empty());
}

#[test]
fn an_existing_slot_is_replaced_only_when_asked() {
    let (_dir, store, id) = fresh();
    store
        .save(&id, "Game", &meta(1, 1), &game(1), false)
        .unwrap();
    let err = store
        .save(&id, "Game", &meta(2, 2), &game(2), false)
        .unwrap_err();
    assert_eq!(err.kind(), "exists");
    // Names differing only in case are the same slot.
    assert_eq!(
        store
            .save(&id, "GAME", &meta(2, 2), &game(2), false)
            .unwrap_err()
            .kind(),
        "exists"
    );
    assert_eq!(
        store.load_save::<Game>(&id, "game").unwrap().0.game,
        game(1)
    );

    store
        .save(&id, "GAME", &meta(2, 2), &game(2), true)
        .unwrap();
    let (list, _) = store.saves(&id).unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "GAME", "the new spelling is kept");
    assert_eq!(
        store.load_save::<Game>(&id, "Game").unwrap().0.game,
        game(2)
    );
}

#[test]
fn path_tricks_never_leave_the_saves_folder() {
    let (dir, store, id) = fresh();
    let long = "x".repeat(65);
    for bad in [
        "../x",
        "a/b",
        "a\\b",
        "..",
        "nul\0",
        "",
        "   ",
        "tab\t",
        long.as_str(),
    ] {
        let err = store
            .save(&id, bad, &meta(1, 1), &game(1), false)
            .unwrap_err();
        assert_eq!(err.kind(), "bad_name", "{bad:?}");
        assert_eq!(
            store.load_save::<Game>(&id, bad).unwrap_err().kind(),
            "bad_name"
        );
        assert_eq!(store.delete_save(&id, bad).unwrap_err().kind(), "bad_name");
    }
    // Allowed but unusual names stay inside the folder under a safe file name.
    for odd in [
        "con",
        "autosave",
        "a:b*c?",
        "第一局",
        ".hidden",
        &"y".repeat(64),
    ] {
        store.save(&id, odd, &meta(1, 1), &game(1), false).unwrap();
        assert_eq!(
            store.load_save::<Game>(&id, odd).unwrap().0.name.as_deref(),
            Some(odd)
        );
    }
    assert_eq!(store.saves(&id).unwrap().0.len(), 6);
    let saves = profile_dir(dir.path(), &id).join("saves");
    for entry in fs::read_dir(&saves).unwrap().flatten() {
        let name = entry.file_name().into_string().unwrap();
        assert!(name.starts_with("s-") && name.ends_with(".json"), "{name}");
        assert!(
            name.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.'),
            "{name}"
        );
    }
    assert!(!dir.path().join("x.json").exists());
    assert!(!profile_dir(dir.path(), &id).join("x.json").exists());
}

#[test]
fn meta_is_checked() {
    let (_dir, store, id) = fresh();
    let mut bad = meta(1, 1);
    bad.preview = "..x".into();
    assert_eq!(
        store
            .save(&id, "a", &bad, &game(1), false)
            .unwrap_err()
            .kind(),
        "invalid"
    );
    let mut bad = meta(1, 1);
    bad.size = 23;
    assert_eq!(
        store
            .save(&id, "a", &bad, &game(1), false)
            .unwrap_err()
            .kind(),
        "invalid"
    );
    let mut none = meta(1, 1);
    none.preview.clear();
    store.save(&id, "a", &none, &game(1), false).unwrap();
}

#[test]
fn autosave_write_load_clear() {
    let (_dir, store, id) = fresh();
    assert!(store.load_autosave::<Game>(&id).unwrap().0.is_none());
    store.autosave(&id, &meta(1, 3), &game(3)).unwrap();
    store.autosave(&id, &meta(2, 4), &game(4)).unwrap();
    let (saved, notices) = store.load_autosave::<Game>(&id).unwrap();
    assert!(notices.is_empty());
    let saved = saved.unwrap();
    assert_eq!(saved.game, game(4));
    assert_eq!(saved.name, None);
    assert!(
        store.saves(&id).unwrap().0.is_empty(),
        "the autosave is not a named save"
    );
    store.clear_autosave(&id).unwrap();
    assert!(store.load_autosave::<Game>(&id).unwrap().0.is_none());
    store.clear_autosave(&id).unwrap();
}

#[test]
fn any_json_can_be_the_game() {
    let (_dir, store, id) = fresh();
    let value = serde_json::json!({"format": "wuzi-game", "version": 3, "moves": ["h8", "i9"]});
    store.save(&id, "v", &meta(1, 2), &value, false).unwrap();
    assert_eq!(
        store
            .load_save::<serde_json::Value>(&id, "v")
            .unwrap()
            .0
            .game,
        value
    );
}
