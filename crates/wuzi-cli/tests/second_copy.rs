//! Two copies of Wuzi on one data folder, as two real `wuzi serve`
//! processes: the second plays but writes nothing there and says why, and
//! once the first is killed outright the folder opens normally again.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use common::{WuziCopy, save_names, snapshot};
use serde_json::json;

#[test]
fn the_second_copy_plays_but_writes_nothing_and_says_why() {
    let data = tempfile::tempdir().unwrap();
    let first = WuziCopy::start(data.path());
    first.play_a_little(&[(7, 7), (8, 8)]);
    first.call("save_game", &json!({ "name": "First", "overwrite": false }));
    let before = snapshot(data.path());
    assert!(
        before.keys().any(|p| p.ends_with("saves/autosave.json")),
        "the first copy keeps its game: {:?}",
        before.keys()
    );

    let second = WuziCopy::start(data.path());
    // It tells the player at once, in words and with the UI's kind.
    let notices = second.notices();
    let locked = notices
        .iter()
        .find(|n| n["kind"] == "locked")
        .unwrap_or_else(|| panic!("no notice of the other copy: {notices:?}"));
    let message = locked["message"].as_str().unwrap();
    assert!(
        message.contains("in use by another copy of Wuzi"),
        "{message}"
    );
    assert!(
        message.contains(&data.path().display().to_string()),
        "{message}"
    );

    // The game goes on in the second copy...
    second.call("game_view", &json!({}));
    let view = second.play_a_little(&[(3, 3), (4, 4), (5, 5)]);
    assert_eq!(view["stones"].as_array().unwrap().len(), 3);

    // ...but what would write to the folder is refused, with the kind the
    // UI words as "in use by another copy".
    let mut settings = first.call("get_settings", &json!({}));
    settings["theme"] = json!("dark");
    let attempts = [
        ("save_game", json!({ "name": "Second", "overwrite": false })),
        ("create_profile", json!({ "name": "Intruder" })),
        ("set_settings", json!({ "settings": settings })),
    ];
    for (command, args) in &attempts {
        let (status, error) = second.refused(command, args);
        assert_eq!(error["kind"], "locked", "{command}: {error}");
        assert_eq!(status, 503, "{command}: {error}");
        let text = error["message"].as_str().unwrap();
        assert!(text.contains("in use by another copy of Wuzi"), "{text}");
    }
    // Finishing a game would go to the replay log and the stats. White is
    // to move; black makes five along row 10.
    for (x, y) in [
        (0, 0),
        (9, 10),
        (2, 0),
        (10, 10),
        (4, 0),
        (11, 10),
        (6, 0),
        (12, 10),
        (8, 0),
    ] {
        second.call("play", &json!({ "x": x, "y": y }));
    }
    let won = second.call("play", &json!({ "x": 13, "y": 10 }));
    assert!(!won["outcome"].is_null(), "five in a row ends it: {won}");

    assert_eq!(
        snapshot(data.path()),
        before,
        "the second copy wrote nothing to the folder"
    );

    // The first copy keeps the folder and goes on writing to it.
    first.call(
        "save_game",
        &json!({ "name": "First again", "overwrite": false }),
    );
    assert_eq!(save_names(&first), ["First", "First again"]);
}

#[test]
fn after_the_first_copy_is_killed_the_folder_opens_normally() {
    let data = tempfile::tempdir().unwrap();
    let first = WuziCopy::start(data.path());
    first.play_a_little(&[(7, 7)]);
    first.call(
        "save_game",
        &json!({ "name": "Before", "overwrite": false }),
    );
    // A copy that came second stays without the folder, and holds nothing.
    let second = WuziCopy::start(data.path());
    assert!(second.notices().iter().any(|n| n["kind"] == "locked"));

    first.kill_outright();

    let third = WuziCopy::start(data.path());
    let notices = third.notices();
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(save_names(&third), ["Before"]);
    third.play_a_little(&[(1, 1), (2, 2)]);
    third.call("save_game", &json!({ "name": "After", "overwrite": false }));
    assert_eq!(save_names(&third), ["After", "Before"]);
    // Now the third copy holds it.
    drop(second);
    let fourth = WuziCopy::start(data.path());
    assert!(fourth.notices().iter().any(|n| n["kind"] == "locked"));
}
