//! A data folder on a full disk, then on a read-only one: the real
//! `wuzi serve` on a small tmpfs. Saving, finishing a game (replay and
//! stats), changing settings and creating a profile each fail with a clear
//! message or notice, the game goes on, no file already there changes, and
//! everything is kept again once the disk has room.
//!
//! Mounting needs root (CAP_SYS_ADMIN); without it the test fails and says
//! so rather than passing without having run.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{WuziCopy, finish_a_game, kept, snapshot};
use serde_json::{Value, json};

/// Small enough to fill in an instant, big enough for a profile's files.
const DISK_SIZE: &str = "300k";

/// A tmpfs mounted on a fresh temp folder, unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount() -> SmallDisk {
        let dir = tempfile::tempdir().unwrap();
        let output = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={DISK_SIZE}"), "tmpfs"])
            .arg(dir.path())
            .output()
            .unwrap_or_else(|e| panic!("cannot run mount: {e}"));
        assert!(
            output.status.success(),
            "this test mounts a {DISK_SIZE} tmpfs as the data folder and needs root \
             (CAP_SYS_ADMIN) for that: mount said {:?}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
        SmallDisk { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Remounts the disk read-only (`true`) or writable again.
    fn set_read_only(&self, read_only: bool) {
        let mode = if read_only {
            "remount,ro"
        } else {
            "remount,rw"
        };
        let output = Command::new("mount")
            .args(["-o", mode])
            .arg(self.path())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "mount -o {mode}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }

    /// Fills the disk to the last byte with one file, which it answers.
    fn fill(&self) -> PathBuf {
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let page = [0u8; 4096];
        loop {
            match file.write(&page) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::StorageFull => break,
                Err(e) => panic!("filling the disk: {e}"),
            }
        }
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.path()).status();
    }
}

/// Every write the player can cause fails with an error of `kind` (the
/// player's words for it) and a message or notice that names `cause`, and
/// the game goes on.
fn writes_fail_and_the_game_goes_on(copy: &WuziCopy, kind: &str, cause: &str) {
    let error = |command: &str, args: Value| {
        let (_, error) = copy.refused(command, &args);
        let message = error["message"].as_str().unwrap().to_string();
        assert_eq!(error["kind"], kind, "{command}: {error}");
        assert!(message.contains(cause), "{command}: {message}");
    };
    error(
        "save_game",
        json!({ "name": "While full", "overwrite": false }),
    );
    let mut settings = copy.call("get_settings", &json!({}));
    settings["coordinates"] = json!(!settings["coordinates"].as_bool().unwrap());
    error("set_settings", json!({ "settings": settings }));
    error("create_profile", json!({ "name": "Newcomer" }));

    // The game on the board goes on, and its autosave failing is told.
    let view = copy.play_a_little(&[(7, 7), (8, 8), (7, 8)]);
    assert_eq!(view["stones"].as_array().unwrap().len(), 3);
    let notices = copy.notices();
    assert!(
        notices
            .iter()
            .any(|n| n["kind"] == kind
                && n["message"].as_str().unwrap().contains("could not be kept")),
        "the failed autosave is told: {notices:?}"
    );
    // So is a finished game that cannot go to the replay log.
    finish_a_game(copy);
    let notices = copy.notices();
    assert!(
        notices
            .iter()
            .any(|n| n["message"].as_str().unwrap().contains(cause)),
        "the lost replay is told: {notices:?}"
    );
    copy.call("new_game", &json!({}));
    copy.call("game_view", &json!({}));
}

#[test]
fn a_full_or_read_only_disk_loses_nothing_and_saves_again_later() {
    let disk = SmallDisk::mount();
    let copy = WuziCopy::start(disk.path());
    // Something of every kind on the disk first.
    copy.play_a_little(&[(7, 7), (8, 8)]);
    copy.call("save_game", &json!({ "name": "Kept", "overwrite": false }));
    let mut settings = copy.call("get_settings", &json!({}));
    settings["theme"] = json!("dark");
    copy.call("set_settings", &json!({ "settings": settings }));
    finish_a_game(&copy);
    copy.play_a_little(&[(3, 3)]);
    copy.notices();
    let files = snapshot(disk.path());
    let before = kept(&copy);
    let replays = before["replays"].as_u64().unwrap();
    let losses = before["stats"]["total"]["losses"].as_u64().unwrap();
    assert!(replays >= 1 && losses == 1, "{before}");

    // Full.
    let filler = disk.fill();
    writes_fail_and_the_game_goes_on(&copy, "disk_full", "No space left on device");
    let mut now = snapshot(disk.path());
    now.remove(&filler);
    assert_eq!(now, files, "the files already there are as they were");
    assert_eq!(kept(&copy), before, "and read back the same");

    // Read-only.
    std::fs::remove_file(&filler).unwrap();
    disk.set_read_only(true);
    writes_fail_and_the_game_goes_on(&copy, "read_only", "Read-only file system");
    disk.set_read_only(false);
    assert_eq!(snapshot(disk.path()), files);
    assert_eq!(kept(&copy), before);

    // Room again: everything is kept as usual.
    copy.call("save_game", &json!({ "name": "Later", "overwrite": false }));
    copy.call("set_settings", &json!({ "settings": settings }));
    copy.call("create_profile", &json!({ "name": "Newcomer" }));
    finish_a_game(&copy);
    let view = copy.play_a_little(&[(1, 1)]);
    let notices = copy.notices();
    assert!(notices.is_empty(), "{notices:?}");
    let after = kept(&copy);
    assert_eq!(after["saves"], json!(["Kept", "Later"]));
    assert!(after["replays"].as_u64().unwrap() > replays, "{after}");
    assert_eq!(after["stats"]["total"]["losses"], losses + 1);
    assert_eq!(after["profiles"].as_array().unwrap().len(), 2);
    let autosaved = copy.call("continue_game", &json!({}));
    assert_eq!(autosaved["stones"], view["stones"]);

    // The server goes before the disk it has open.
    drop(copy);
}
