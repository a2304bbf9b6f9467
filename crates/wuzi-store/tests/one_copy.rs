//! One copy of Wuzi at a time in a data folder: a second store on the same
//! folder is refused, with a message that says why, and changes nothing.

// The helpers below fail the test by panicking, like the tests themselves.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use common::*;
use wuzi_store::{Settings, Store, Theme};

/// Every file under `root` with its bytes.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
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

#[test]
fn a_second_store_on_the_same_folder_is_refused_and_says_why() {
    let (dir, store, id) = fresh();
    let settings = Settings {
        theme: Theme::Dark,
        ..Settings::default()
    };
    store.set_settings(&id, &settings).unwrap();
    let before = snapshot(dir.path());

    let err = Store::open(dir.path()).unwrap_err();
    assert_eq!(err.kind(), "locked");
    let message = err.to_string();
    assert!(
        message.contains(&dir.path().display().to_string()),
        "{message}"
    );
    assert!(
        message.contains("in use by another copy of Wuzi"),
        "{message}"
    );
    assert_eq!(
        snapshot(dir.path()),
        before,
        "the refused open wrote nothing"
    );

    // The first store goes on as before.
    store
        .save(&id, "Still mine", &meta(1, 1), &game(1), false)
        .unwrap();
    assert_eq!(store.settings(&id).unwrap().0.theme, Theme::Dark);
}

#[test]
fn the_folder_opens_again_once_the_first_store_is_dropped() {
    let (dir, store, id) = fresh();
    assert_eq!(Store::open(dir.path()).unwrap_err().kind(), "locked");
    drop(store);

    let (mut store, notices) = Store::open(dir.path()).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    store.open_profile(&id, None).unwrap();
    store
        .save(&id, "After", &meta(1, 1), &game(1), false)
        .unwrap();
    // And it is this one's now.
    assert_eq!(Store::open(dir.path()).unwrap_err().kind(), "locked");
}

#[test]
fn another_folder_opens_while_one_is_held() {
    let (dir, _store, _id) = fresh();
    let (_other, other_store, other_id) = fresh();
    other_store
        .save(&other_id, "Elsewhere", &meta(1, 1), &game(1), false)
        .unwrap();
    assert_eq!(Store::open(dir.path()).unwrap_err().kind(), "locked");
}

#[test]
fn a_refused_open_leaves_the_other_copys_temp_files_alone() {
    let (dir, _store, _id) = fresh();
    // Looks like a leftover from a crash (old enough to be swept), but the
    // copy that holds the folder may be writing it.
    let temp = dir.path().join(".wuzi-tmp-inflight.tmp");
    std::fs::write(&temp, b"half a file").unwrap();
    let file = std::fs::File::options().write(true).open(&temp).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(3600))
        .unwrap();
    drop(file);

    assert_eq!(Store::open(dir.path()).unwrap_err().kind(), "locked");
    assert_eq!(std::fs::read(&temp).unwrap(), b"half a file");
}
