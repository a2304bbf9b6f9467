//! Profiles: first start, create, rename, delete, switch, passwords.

mod common;

use common::*;
use wuzi_store::{DEFAULT_PROFILE_NAME, Store};

#[test]
fn first_start_makes_a_playable_default_profile() {
    let dir = tempfile::tempdir().unwrap();
    let (store, notices) = Store::open(dir.path()).unwrap();
    assert!(notices.is_empty());
    let profiles = store.profiles();
    assert_eq!(profiles.len(), 1);
    assert_eq!(profiles[0].name, DEFAULT_PROFILE_NAME);
    assert!(!profiles[0].has_password);
    // Its data is usable without opening it first: it has no password.
    let (settings, _) = store.settings(&profiles[0].id).unwrap();
    assert_eq!(settings.board_size, 15);
    assert!(dir.path().join("profiles.json").exists());

    // A second start finds the same profile, not a new one.
    drop(store);
    let (again, _) = Store::open(dir.path()).unwrap();
    assert_eq!(again.profiles(), profiles);
}

#[test]
fn names_are_unique_ignoring_case_and_checked() {
    let (_dir, mut store, _) = fresh();
    let ann = store.create_profile("Ann", None).unwrap();
    assert_eq!(
        store.create_profile("ann", None).unwrap_err().kind(),
        "exists"
    );
    assert_eq!(
        store.create_profile(" ANN ", None).unwrap_err().kind(),
        "exists"
    );
    for bad in ["", "   ", "a\0b", &"x".repeat(33)] {
        assert_eq!(
            store.create_profile(bad, None).unwrap_err().kind(),
            "bad_name",
            "{bad:?}"
        );
    }
    assert_eq!(
        store
            .create_profile(&"好".repeat(32), None)
            .unwrap()
            .name
            .chars()
            .count(),
        32
    );

    // Renaming to another spelling of its own name is fine; to another's is not.
    assert_eq!(store.rename_profile(&ann.id, "ANN").unwrap().name, "ANN");
    assert_eq!(
        store
            .rename_profile(&ann.id, DEFAULT_PROFILE_NAME)
            .unwrap_err()
            .kind(),
        "exists"
    );
}

#[test]
fn switching_is_remembered_across_starts() {
    let (dir, mut store, first) = fresh();
    let bob = store.create_profile("Bob", None).unwrap();
    assert_eq!(store.last_profile().unwrap().id, first);
    store.open_profile(&bob.id, None).unwrap();
    assert_eq!(store.last_profile().unwrap().id, bob.id);
    drop(store);
    let (store, _) = Store::open(dir.path()).unwrap();
    assert_eq!(store.last_profile().unwrap().name, "Bob");
}

#[test]
fn deleting_a_profile_removes_its_data() {
    let (dir, mut store, first) = fresh();
    let bob = store.create_profile("Bob", None).unwrap();
    store.open_profile(&bob.id, None).unwrap();
    store
        .save(&bob.id, "x", &meta(1, 1), &game(1), false)
        .unwrap();
    let bob_dir = profile_dir(dir.path(), &bob.id);
    assert!(bob_dir.join("saves").exists());

    store.delete_profile(&bob.id).unwrap();
    assert!(!bob_dir.exists());
    assert_eq!(store.profiles().len(), 1);
    assert!(store.last_profile().is_none(), "the last one was deleted");
    assert_eq!(store.saves(&bob.id).unwrap_err().kind(), "not_found");
    assert_eq!(
        store.delete_profile(&bob.id).unwrap_err().kind(),
        "not_found"
    );

    // Deleting the only profile leaves a fresh default one.
    store.delete_profile(&first).unwrap();
    let left = store.profiles();
    assert_eq!(left.len(), 1);
    assert_ne!(left[0].id, first);
    assert_eq!(left[0].name, DEFAULT_PROFILE_NAME);
}

#[test]
fn a_password_protects_a_profile() {
    let (dir, mut store, _) = fresh();
    let eve = store.create_profile("Eve", Some("s3cret")).unwrap();
    assert!(eve.has_password);
    let text = std::fs::read_to_string(dir.path().join("profiles.json")).unwrap();
    assert!(!text.contains("s3cret"), "never stored in clear");
    assert!(text.contains("$argon2id$"));

    // A new start: the profile is locked until opened with its password.
    drop(store);
    let (mut store, _) = Store::open(dir.path()).unwrap();
    assert_locked(&mut store, &eve.id, "S3cret");
    assert_eq!(
        store.rename_profile(&eve.id, "Evil").unwrap_err().kind(),
        "password_required"
    );
    assert_eq!(
        store.delete_profile(&eve.id).unwrap_err().kind(),
        "password_required"
    );
    assert!(store.verify_password(&eve.id, "s3cret").unwrap());
    store.open_profile(&eve.id, Some("s3cret")).unwrap();
    assert!(store.settings(&eve.id).is_ok());

    // Switching away locks it again; so does closing it.
    let player = store.profiles()[0].id.clone();
    store.open_profile(&player, None).unwrap();
    assert_eq!(
        store.settings(&eve.id).unwrap_err().kind(),
        "password_required"
    );
    assert_eq!(
        store.open_profile(&eve.id, None).unwrap_err().kind(),
        "password_required"
    );
    store.open_profile(&eve.id, Some("s3cret")).unwrap();
    store.close_profile();
    assert_eq!(
        store.settings(&eve.id).unwrap_err().kind(),
        "password_required"
    );
    store.open_profile(&eve.id, Some("s3cret")).unwrap();
    assert_eq!(store.open_profile_id(), Some(&eve.id));

    // Change needs the current one; then the old one stops working.
    assert_eq!(
        store
            .set_password(&eve.id, Some("nope"), "new")
            .unwrap_err()
            .kind(),
        "wrong_password"
    );
    store.set_password(&eve.id, Some("s3cret"), "new").unwrap();
    assert!(!store.verify_password(&eve.id, "s3cret").unwrap());
    assert!(store.verify_password(&eve.id, "new").unwrap());

    // Removing it opens the profile to anyone.
    assert_eq!(
        store.remove_password(&eve.id, "s3cret").unwrap_err().kind(),
        "wrong_password"
    );
    store.remove_password(&eve.id, "new").unwrap();
    drop(store);
    let (mut store, _) = Store::open(dir.path()).unwrap();
    assert!(!store.profile(&eve.id).unwrap().has_password);
    store.open_profile(&eve.id, None).unwrap();
}

#[test]
fn errors_serialize_as_kind_and_message() {
    let (_dir, mut store, _) = fresh();
    let err = store.create_profile("", None).unwrap_err();
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(json["kind"], "bad_name");
    assert_eq!(json["message"], "the name \"\" cannot be used: it is empty");
}

#[test]
fn each_profile_folder_holds_its_own_entry() {
    let (dir, mut store, first) = fresh();
    let eve = store.create_profile("Eve", Some("s3cret")).unwrap();
    let own = profile_dir(dir.path(), &eve.id).join("profile.json");
    let read = |path: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let file = read(&own);
    assert_eq!(file["format"], "wuzi-profile");
    assert_eq!(file["version"], 1);
    assert_eq!(file["id"], eve.id.as_str());
    assert_eq!(file["name"], "Eve");
    assert_eq!(file["created_ms"], eve.created_ms);
    let hash = file["password_hash"].as_str().unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(!std::fs::read_to_string(&own).unwrap().contains("s3cret"));
    // The first start's profile has one too.
    assert!(
        profile_dir(dir.path(), &first)
            .join("profile.json")
            .exists()
    );

    store.open_profile(&eve.id, Some("s3cret")).unwrap();
    store.rename_profile(&eve.id, "Eva").unwrap();
    assert_eq!(read(&own)["name"], "Eva");
    store.remove_password(&eve.id, "s3cret").unwrap();
    assert!(read(&own).get("password_hash").is_none());
    store.set_password(&eve.id, None, "again").unwrap();
    assert_ne!(read(&own)["password_hash"], hash);
    drop(store);

    // A copy that disagrees with the list (older data, or a write cut
    // short between the two files) is brought in line on the next start.
    std::fs::remove_file(profile_dir(dir.path(), &first).join("profile.json")).unwrap();
    let stale = std::fs::read_to_string(&own)
        .unwrap()
        .replace("\"Eva\"", "\"Old name\"");
    std::fs::write(&own, stale).unwrap();
    let (store, notices) = Store::open(dir.path()).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(read(&own)["name"], "Eva");
    assert_eq!(
        read(&profile_dir(dir.path(), &first).join("profile.json"))["name"],
        DEFAULT_PROFILE_NAME
    );
    assert!(store.profile(&eve.id).unwrap().has_password);
}
