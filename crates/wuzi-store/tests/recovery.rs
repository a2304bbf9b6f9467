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

#[test]
fn a_lost_profile_list_keeps_passwords_and_names() {
    let (dir, mut store, _) = fresh();
    let eve = store.create_profile("Eve", Some("s3cret")).unwrap();
    let ann = store.create_profile("Ann", None).unwrap();
    store.open_profile(&ann.id, None).unwrap();
    store.rename_profile(&ann.id, "Annie").unwrap();
    store.set_password(&ann.id, None, "later").unwrap();
    let cy = store.create_profile("Cy", Some("gone")).unwrap();
    store.open_profile(&cy.id, Some("gone")).unwrap();
    store.remove_password(&cy.id, "gone").unwrap();
    drop(store);
    fs::remove_file(dir.path().join("profiles.json")).unwrap();
    fs::remove_file(dir.path().join("profiles.json.bak")).unwrap();

    let (mut store, notices) = Store::open(dir.path()).unwrap();
    let kinds: Vec<_> = notices.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoticeKind::Reset]);

    let found = store.profile(&eve.id).unwrap();
    assert_eq!(found, eve, "name, creation time and password all kept");
    assert!(found.has_password);
    assert_locked(&mut store, &eve.id, "S3cret");
    store.open_profile(&eve.id, Some("s3cret")).unwrap();

    let annie = store.profile(&ann.id).unwrap();
    assert_eq!(annie.name, "Annie", "the new name, not the first one");
    assert!(annie.has_password, "a password set after creation");
    assert!(store.verify_password(&ann.id, "later").unwrap());
    assert!(!store.profile(&cy.id).unwrap().has_password, "removed");
    assert_eq!(store.profiles().len(), 4);
}

#[test]
fn profile_folders_without_a_profile_file_recover_under_their_ids() {
    let (dir, mut store, first) = fresh();
    let bob = store.create_profile("Bob", Some("pw")).unwrap().id;
    drop(store);
    // Data from before profile files existed: only the folders.
    for id in [&first, &bob] {
        let own = profile_dir(dir.path(), id).join("profile.json");
        let _ = fs::remove_file(&own);
        let _ = fs::remove_file(own.with_file_name("profile.json.bak"));
        fs::create_dir_all(own.parent().unwrap()).unwrap();
    }
    fs::remove_file(dir.path().join("profiles.json")).unwrap();
    fs::remove_file(dir.path().join("profiles.json.bak")).unwrap();

    let (store, notices) = Store::open(dir.path()).unwrap();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].kind, NoticeKind::Reset);
    let found = store.profile(&bob).unwrap();
    assert_eq!(found.name, bob.as_str());
    assert!(!found.has_password, "nothing left to say it had one");
    assert_eq!(store.profiles().len(), 2);
}

#[test]
fn a_profile_file_from_a_newer_version_is_left_out_of_a_rebuilt_list() {
    let (dir, mut store, first) = fresh();
    let eve = store.create_profile("Eve", Some("pw")).unwrap().id;
    drop(store);
    let own = profile_dir(dir.path(), &eve).join("profile.json");
    let future = br#"{"format":"wuzi-profile","version":9,"lock":"elsewhere"}"#;
    fs::write(&own, future).unwrap();
    fs::remove_file(dir.path().join("profiles.json")).unwrap();
    fs::remove_file(dir.path().join("profiles.json.bak")).unwrap();

    let (store, notices) = Store::open(dir.path()).unwrap();
    let kinds: Vec<_> = notices.iter().map(|n| n.kind).collect();
    assert_eq!(kinds, [NoticeKind::NewerVersion, NoticeKind::Reset]);
    let ids: Vec<_> = store.profiles().into_iter().map(|p| p.id).collect();
    assert_eq!(ids, [first], "not listed without its password");
    assert_eq!(
        fs::read(&own).unwrap(),
        future,
        "left for the newer version"
    );
}
