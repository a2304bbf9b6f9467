//! A data folder that disappears while the real `wuzi serve` runs: moved
//! away (as a sync tool, a removed disk or a player tidying up would),
//! then replaced by an empty folder of the same name, then brought back.
//! While it is away every read and write is refused with a clear message,
//! the game on the board goes on, nothing is written into the empty
//! stranger, and once the folder is back every file is as it was and
//! everything is kept again.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::Path;

use common::{WuziCopy, finish_a_game, kept, snapshot};
use serde_json::{Value, json};

/// `command` is refused because the folder is gone, and says which.
fn refused_as_gone(copy: &WuziCopy, folder: &Path, command: &str, args: Value) {
    let (status, error) = copy.refused(command, &args);
    assert_eq!(error["kind"], "folder_gone", "{command}: {error}");
    // The folder may come back: the service is unavailable, not broken.
    assert_eq!(status, 503, "{command}: {error}");
    let message = error["message"].as_str().unwrap();
    assert!(
        message.contains(&folder.display().to_string()) && message.contains("missing"),
        "{command}: {message}"
    );
}

/// Everything that reads or writes the folder is refused, and the game
/// on the board goes on.
fn nothing_kept_but_the_game_goes_on(copy: &WuziCopy, folder: &Path, profile: &str) {
    let gone = |command: &str, args: Value| refused_as_gone(copy, folder, command, args);
    gone(
        "save_game",
        json!({ "name": "While away", "overwrite": false }),
    );
    gone("list_saves", json!({}));
    gone("load_save", json!({ "name": "Kept" }));
    gone("get_settings", json!({}));
    gone("get_stats", json!({}));
    gone("list_replays", json!({}));
    gone("create_profile", json!({ "name": "Newcomer" }));
    gone(
        "rename_profile",
        json!({ "id": profile, "name": "Renamed" }),
    );
    gone(
        "set_password",
        json!({ "id": profile, "old": null, "new": "secret" }),
    );

    // The game on the board goes on; its autosave failing is told.
    let view = copy.play_a_little(&[(7, 7), (8, 8), (7, 8)]);
    assert_eq!(view["stones"].as_array().unwrap().len(), 3);
    let notices = copy.notices();
    assert!(
        notices.iter().any(|n| n["kind"] == "folder_gone"
            && n["message"].as_str().unwrap().contains("could not be kept")),
        "the failed autosave is told: {notices:?}"
    );
    // So is a finished game that cannot go to the replay log.
    finish_a_game(copy);
    let notices = copy.notices();
    assert!(
        notices.iter().any(|n| n["kind"] == "folder_gone"),
        "the lost replay is told: {notices:?}"
    );
    // A new game starts all the same, with the default settings, and says
    // why.
    let view = copy.play_a_little(&[(2, 2)]);
    assert_eq!(view["stones"].as_array().unwrap().len(), 1);
    let notices = copy.notices();
    assert!(
        notices.iter().any(|n| n["kind"] == "folder_gone"
            && n["message"].as_str().unwrap().contains("default settings")),
        "{notices:?}"
    );
}

#[test]
fn a_data_folder_that_goes_away_is_left_alone_and_used_again_when_back() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("data");
    let away = dir.path().join("moved-away");
    let copy = WuziCopy::start(&folder);
    let profile = copy.call("list_profiles", &json!({}))["profiles"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Something of every kind in the folder first.
    copy.play_a_little(&[(7, 7), (8, 8)]);
    copy.call("save_game", &json!({ "name": "Kept", "overwrite": false }));
    let mut settings = copy.call("get_settings", &json!({}));
    settings["theme"] = json!("dark");
    copy.call("set_settings", &json!({ "settings": settings }));
    finish_a_game(&copy);
    copy.play_a_little(&[(3, 3)]);
    copy.notices();
    let before = kept(&copy);
    let files = snapshot(&folder);
    let replays = before["replays"].as_u64().unwrap();
    assert!(replays >= 1, "{before}");
    assert_eq!(before["stats"]["total"]["losses"], 1, "{before}");

    // Gone.
    std::fs::rename(&folder, &away).unwrap();
    nothing_kept_but_the_game_goes_on(&copy, &folder, &profile);
    assert!(!folder.exists(), "no new folder was made in its place");

    // An empty folder of the same name is not the player's: nothing is
    // read from or written to it.
    std::fs::create_dir(&folder).unwrap();
    nothing_kept_but_the_game_goes_on(&copy, &folder, &profile);
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    std::fs::remove_dir(&folder).unwrap();

    // Back: every file as it was, read back the same.
    std::fs::rename(&away, &folder).unwrap();
    assert_eq!(snapshot(&folder), files, "the files are as they were");
    assert_eq!(kept(&copy), before, "and read back the same");

    // And everything is kept as usual again.
    copy.call("save_game", &json!({ "name": "Later", "overwrite": false }));
    settings["coordinates"] = json!(!settings["coordinates"].as_bool().unwrap());
    copy.call("set_settings", &json!({ "settings": settings }));
    copy.call("create_profile", &json!({ "name": "Newcomer" }));
    finish_a_game(&copy);
    let view = copy.play_a_little(&[(1, 1), (2, 1)]);
    let notices = copy.notices();
    assert!(notices.is_empty(), "{notices:?}");
    let after = kept(&copy);
    assert_eq!(after["saves"], json!(["Kept", "Later"]));
    assert_eq!(after["settings"], settings);
    assert_eq!(after["replays"], replays + 1);
    assert_eq!(after["stats"]["total"]["losses"], 2);
    assert_eq!(after["profiles"].as_array().unwrap().len(), 2);
    let autosaved = copy.call("continue_game", &json!({}));
    assert_eq!(autosaved["stones"], view["stones"]);
}
