//! Damaged files, backups and files from newer versions.

mod common;

use std::fs;

use common::*;
use wuzi_store::{NoticeKind, Settings, Store, Theme};

#[test]
fn a_damaged_save_is_kept_aside_and_the_backup_used() {
    let (dir, store, id) = fresh();
    store
        .save(&id, "Game", &meta(1, 1), &game(1), false)
        .unwrap();
    store
        .save(&id, "Game", &meta(2, 2), &game(2), true)
        .unwrap();
    let saves = profile_dir(dir.path(), &id).join("saves");
    let file = files_containing(&saves, ".json")
        .into_iter()
        .find(|p| p.extension().unwrap() == "json")
        .unwrap();
    fs::write(&file, b"{\"format\":\"wuzi-save\",\"version\":1,\"na").unwrap();

    let (saved, notices) = store.load_save::<Game>(&id, "Game").unwrap();
    assert_eq!(saved.game, game(1), "the previous good copy");
    let kinds: Vec<_> = notices.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoticeKind::Damaged, NoticeKind::RestoredFromBackup]);
    let moved = notices[0].moved_to.clone().unwrap();
    assert!(
        moved
            .file_name()
            .unwrap()
            .to_string_lossy()
            .contains(".json.corrupt-")
    );
    assert_eq!(
        fs::read(&moved).unwrap(),
        b"{\"format\":\"wuzi-save\",\"version\":1,\"na",
        "kept as it was"
    );
    assert!(notices[0].message.contains("damaged"));

    // The good copy is back in place: the next load is clean.
    let (again, notices) = store.load_save::<Game>(&id, "Game").unwrap();
    assert_eq!(again.game, game(1));
    assert!(notices.is_empty());
}

#[test]
fn a_missing_file_falls_back_to_its_backup() {
    let (dir, store, id) = fresh();
    let dark = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    store.set_settings(&id, &dark).unwrap();
    store.set_settings(&id, &Settings::default()).unwrap();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::remove_file(&path).unwrap();
    let (settings, notices) = store.settings(&id).unwrap();
    assert_eq!(settings, dark);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].kind, NoticeKind::RestoredFromBackup);
    assert!(path.exists());
}

#[test]
fn when_file_and_backup_are_damaged_defaults_are_used_and_said() {
    let (dir, store, id) = fresh();
    store.set_settings(&id, &Settings::default()).unwrap();
    store.set_settings(&id, &Settings::default()).unwrap();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::write(&path, b"\0\0\0").unwrap();
    fs::write(path.with_file_name("settings.json.bak"), b"[1,2").unwrap();
    let (settings, notices) = store.settings(&id).unwrap();
    assert_eq!(settings, Settings::default());
    let kinds: Vec<_> = notices.iter().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [NoticeKind::Damaged, NoticeKind::Damaged, NoticeKind::Reset]
    );
    assert_eq!(
        files_containing(path.parent().unwrap(), ".corrupt-").len(),
        2
    );

    // Saving now works and does not touch the damaged copies.
    store.set_settings(&id, &Settings::default()).unwrap();
    assert_eq!(
        files_containing(path.parent().unwrap(), ".corrupt-").len(),
        2
    );
}

#[test]
fn a_damaged_file_in_the_way_of_a_save_is_moved_aside_not_overwritten() {
    let (dir, store, id) = fresh();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, b"not json").unwrap();
    store.set_settings(&id, &Settings::default()).unwrap();
    let aside = files_containing(path.parent().unwrap(), ".corrupt-");
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read(&aside[0]).unwrap(), b"not json");
}

#[test]
fn a_file_from_a_newer_version_is_left_untouched() {
    let (dir, store, id) = fresh();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let future = br#"{"format":"wuzi-settings","version":7,"theme":{"accent":"jade"}}"#;
    fs::write(&path, future).unwrap();

    let err = store.settings(&id).unwrap_err();
    assert_eq!(err.kind(), "future_version");
    assert!(err.to_string().contains("newer version of Wuzi"), "{err}");
    assert!(err.to_string().contains("version 7"), "{err}");
    let err = store.set_settings(&id, &Settings::default()).unwrap_err();
    assert_eq!(err.kind(), "future_version");
    assert_eq!(fs::read(&path).unwrap(), future);
    assert!(!path.with_file_name("settings.json.bak").exists());
    assert!(files_containing(path.parent().unwrap(), ".corrupt-").is_empty());
}

#[test]
fn a_save_from_a_newer_version_is_listed_as_a_notice_and_kept() {
    let (dir, store, id) = fresh();
    store
        .save(&id, "Old", &meta(1, 1), &game(1), false)
        .unwrap();
    store
        .save(&id, "New", &meta(2, 1), &game(1), false)
        .unwrap();
    let saves = profile_dir(dir.path(), &id).join("saves");
    let new_file = files_containing(&saves, "s-new-")[0].clone();
    let text = fs::read_to_string(&new_file)
        .unwrap()
        .replace("\"version\": 1", "\"version\": 2");
    fs::write(&new_file, &text).unwrap();

    let (list, notices) = store.saves(&id).unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(notices[0].kind, NoticeKind::NewerVersion);
    assert_eq!(
        store.load_save::<Game>(&id, "New").unwrap_err().kind(),
        "future_version"
    );
    let err = store
        .save(&id, "New", &meta(3, 1), &game(1), true)
        .unwrap_err();
    assert_eq!(err.kind(), "future_version");
    assert_eq!(fs::read_to_string(&new_file).unwrap(), text);
}

#[test]
fn a_profile_list_from_a_newer_version_stops_the_store_from_opening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("profiles.json");
    let future = br#"{"format":"wuzi-profiles","version":2,"profiles":"elsewhere"}"#;
    fs::write(&path, future).unwrap();
    let err = Store::open(dir.path()).unwrap_err();
    assert_eq!(err.kind(), "future_version");
    assert_eq!(fs::read(&path).unwrap(), future);
}

#[test]
fn a_lost_profile_list_is_rebuilt_from_the_profile_folders() {
    let (dir, mut store, first) = fresh();
    let bob = store.create_profile("Bob", None).unwrap().id;
    store
        .save(&bob, "kept", &meta(1, 1), &game(1), false)
        .unwrap();
    store.set_settings(&first, &Settings::default()).unwrap();
    drop(store);
    fs::write(dir.path().join("profiles.json"), b"garbage").unwrap();
    fs::remove_file(dir.path().join("profiles.json.bak")).unwrap();

    let (store, notices) = Store::open(dir.path()).unwrap();
    let kinds: Vec<_> = notices.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoticeKind::Damaged, NoticeKind::Reset]);
    let mut ids: Vec<_> = store.profiles().into_iter().map(|p| p.id).collect();
    ids.sort();
    let mut expected = vec![first, bob.clone()];
    expected.sort();
    assert_eq!(ids, expected);
    assert_eq!(
        store.load_save::<Game>(&bob, "kept").unwrap().0.game,
        game(1)
    );
}

#[test]
fn a_damaged_profile_list_uses_its_backup() {
    let (dir, mut store, _) = fresh();
    store.create_profile("Bob", None).unwrap();
    store.create_profile("Cy", None).unwrap();
    drop(store);
    fs::write(dir.path().join("profiles.json"), b"{").unwrap();
    let (store, notices) = Store::open(dir.path()).unwrap();
    assert_eq!(notices.len(), 2);
    assert_eq!(notices[1].kind, NoticeKind::RestoredFromBackup);
    // The backup is the list before the last change: it has Bob, not Cy.
    let names: Vec<_> = store.profiles().into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Player", "Bob"]);
}
