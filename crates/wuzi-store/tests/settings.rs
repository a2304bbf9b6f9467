//! Settings through the store: defaults, validation, unknown keys.

mod common;

use std::fs;

use common::*;
use serde_json::{Value, json};
use wuzi_store::{NoticeKind, Settings, TapMode, Theme};

#[test]
fn settings_round_trip_and_are_per_profile() {
    let (_dir, mut store, ann) = fresh();
    let bob = store.create_profile("Bob", None).unwrap().id;
    let (defaults, notices) = store.settings(&ann).unwrap();
    assert_eq!(defaults, Settings::default());
    assert!(notices.is_empty());

    let mine = Settings {
        theme: Theme::Dark,
        tap_mode: TapMode::Confirm,
        volume: 0,
        board_size: 19,
        ..Settings::default()
    };
    store.set_settings(&ann, &mine).unwrap();
    assert_eq!(store.settings(&ann).unwrap().0, mine);
    assert_eq!(store.settings(&bob).unwrap().0, Settings::default());
}

#[test]
fn bad_values_are_refused_and_nothing_is_written() {
    let (dir, store, id) = fresh();
    let loud = Settings {
        volume: 150,
        ..Settings::default()
    };
    let err = store.set_settings(&id, &loud).unwrap_err();
    assert_eq!(err.kind(), "invalid");
    assert!(err.to_string().contains("volume"));
    let tiny = Settings {
        board_size: 3,
        ..Settings::default()
    };
    assert!(
        store
            .set_settings(&id, &tiny)
            .unwrap_err()
            .to_string()
            .contains("5 to 22")
    );
    assert!(!profile_dir(dir.path(), &id).join("settings.json").exists());
}

#[test]
fn missing_keys_default_and_unknown_keys_survive_a_save() {
    let (dir, store, id) = fresh();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = json!({
        "format": "wuzi-settings", "version": 1,
        "theme": "light", "volume": 35,
        "haptics": {"strength": 2}
    });
    fs::write(&path, file.to_string()).unwrap();

    let (mut settings, notices) = store.settings(&id).unwrap();
    assert!(notices.is_empty());
    assert_eq!(settings.theme, Theme::Light);
    assert_eq!(settings.volume, 35);
    assert_eq!(
        settings.tap_mode,
        TapMode::Auto,
        "missing key takes its default"
    );

    settings.sound = false;
    store.set_settings(&id, &settings).unwrap();
    let written: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(written["haptics"], json!({"strength": 2}));
    assert_eq!(written["sound"], false);
    assert_eq!(written["version"], 2);
}

#[test]
fn a_hand_edited_value_out_of_range_is_reset_with_a_notice() {
    let (dir, store, id) = fresh();
    let path = profile_dir(dir.path(), &id).join("settings.json");
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(
        &path,
        r#"{"format":"wuzi-settings","version":1,"volume":250,"board_size":19}"#,
    )
    .unwrap();
    let (settings, notices) = store.settings(&id).unwrap();
    assert_eq!(settings.volume, Settings::default().volume);
    assert_eq!(settings.board_size, 19);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].kind, NoticeKind::Fixed);
    assert!(notices[0].message.contains("volume"));
}

#[test]
fn music_is_off_until_turned_on_and_its_volume_is_checked() {
    let (_dir, store, id) = fresh();
    let (settings, _) = store.settings(&id).unwrap();
    assert!(!settings.music, "no music for a new profile");
    assert!(settings.sound, "the effects are on");
    let on = Settings {
        music: true,
        music_volume: 25,
        ..Settings::default()
    };
    store.set_settings(&id, &on).unwrap();
    let (kept, _) = store.settings(&id).unwrap();
    assert!(kept.music);
    assert_eq!(kept.music_volume, 25);
    let loud = Settings {
        music_volume: 101,
        ..on
    };
    let err = store.set_settings(&id, &loud).unwrap_err();
    assert_eq!(err.kind(), "invalid");
    assert!(err.to_string().contains("music_volume"), "{err}");
    assert_eq!(store.settings(&id).unwrap().0.music_volume, 25);
}
