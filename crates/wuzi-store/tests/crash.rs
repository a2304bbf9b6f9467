//! A writer killed at random moments never leaves a file that loads as
//! neither its old nor its new content.
//!
//! The test binary runs itself as the writer: `writer_loop` with
//! `WUZI_CRASH_ROOT` set writes forever, alternating two known contents,
//! until the parent kills it with SIGKILL. Without the variable it runs a
//! short bounded loop and checks the result, as an ordinary test.

// The helpers below fail the test by panicking, like the tests themselves.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use common::*;
use wuzi_store::{ProfileId, Settings, Store, Theme};

const ROOT_VAR: &str = "WUZI_CRASH_ROOT";
const KILLS: usize = 200;

/// One of the two contents, for every file the loop writes.
fn content(b: bool) -> (u8, Theme, &'static str) {
    if b {
        (2, Theme::Dark, "Beta")
    } else {
        (1, Theme::Light, "Alpha")
    }
}

fn write_round(store: &mut Store, id: &ProfileId, b: bool) {
    let (moves, theme, name) = content(b);
    store
        .save(
            id,
            "Slot",
            &meta(i64::from(moves), u32::from(moves)),
            &game(moves),
            true,
        )
        .unwrap();
    let settings = Settings {
        theme,
        ..Settings::default()
    };
    store.set_settings(id, &settings).unwrap();
    store
        .autosave(id, &meta(i64::from(moves), u32::from(moves)), &game(moves))
        .unwrap();
    store.rename_profile(id, name).unwrap();
}

/// Which content each file holds: `Some(true)` for B, `Some(false)` for
/// A, and a panic (test failure) for anything else or any recovery.
fn check(root: &Path) -> [bool; 4] {
    let (store, notices) = Store::open(root).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let profile = &store.profiles()[0];
    let id = &profile.id;
    let which_game = |g: &Game| match g.moves.len() {
        1 => {
            assert_eq!(g, &game(1));
            false
        }
        2 => {
            assert_eq!(g, &game(2));
            true
        }
        n => panic!("a game with {n} moves was never written"),
    };
    let (saved, notices) = store.load_save::<Game>(id, "Slot").unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let save = which_game(&saved.game);
    assert_eq!(
        saved.meta.move_count as usize,
        saved.game.moves.len(),
        "meta and game from one write"
    );
    let (list, notices) = store.saves(id).unwrap();
    assert!(
        notices.is_empty() && list.len() == 1,
        "{list:?} {notices:?}"
    );

    let (settings, notices) = store.settings(id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let theme = match settings.theme {
        Theme::Light => false,
        Theme::Dark => true,
        Theme::System => panic!("settings lost"),
    };
    assert_eq!(
        settings,
        Settings {
            theme: settings.theme,
            ..Settings::default()
        }
    );

    let (auto, notices) = store.load_autosave::<Game>(id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let auto = which_game(&auto.expect("the autosave is there").game);

    let name = match profile.name.as_str() {
        "Alpha" => false,
        "Beta" => true,
        other => panic!("profile name {other:?} was never written"),
    };
    [save, theme, auto, name]
}

#[test]
fn writer_loop() {
    match std::env::var_os(ROOT_VAR) {
        Some(root) => {
            let (mut store, _) = Store::open(Path::new(&root)).unwrap();
            let id = store.profiles()[0].id.clone();
            // Start with the content the files do not hold, so every write
            // of the first round is a change the kill may or may not let land.
            let (saved, _) = store.load_save::<Game>(&id, "Slot").unwrap();
            let mut b = saved.game.moves.len() == 1;
            // Tell the parent the writes start now, so its random delay
            // lands among writes rather than during start-up.
            println!("ready");
            loop {
                write_round(&mut store, &id, b);
                b = !b;
            }
        }
        None => {
            let (dir, mut store, id) = fresh();
            for round in 0..20 {
                write_round(&mut store, &id, round % 2 == 1);
            }
            drop(store);
            assert_eq!(check(dir.path()), [true; 4]);
        }
    }
}

#[test]
fn killed_writers_leave_old_or_new_content() {
    let (dir, mut store, id) = fresh();
    write_round(&mut store, &id, false);
    drop(store);

    let exe = std::env::current_exe().unwrap();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut rng = seed;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let started = Instant::now();
    let mut before = check(dir.path());
    // Per file: unchanged since the previous kill ("old") or changed ("new").
    let (mut old, mut new) = (0usize, 0usize);
    let mut holding_b = 0usize;
    // Kills that left the four files with different contents: the writer
    // was stopped part-way through a round.
    let mut mid_round = 0usize;
    for _ in 0..KILLS {
        let mut child = Command::new(&exe)
            .args([
                "writer_loop",
                "--exact",
                "--test-threads=1",
                "--quiet",
                "--nocapture",
            ])
            .env(ROOT_VAR, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The test harness prints its own lines first.
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let ready = stdout
            .lines()
            .map_while(Result::ok)
            .any(|line| line == "ready");
        assert!(ready, "the writer did not start");
        std::thread::sleep(Duration::from_micros(next() % 30_000));
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(
            !status.success(),
            "the writer never stops by itself: {status}"
        );

        let after = check(dir.path());
        for (b, a) in before.iter().zip(&after) {
            if a == b { old += 1 } else { new += 1 }
        }
        holding_b += after.iter().filter(|&&b| b).count();
        if after.iter().any(|&b| b != after[0]) {
            mid_round += 1;
        }
        before = after;
    }
    println!(
        "crash test (seed {seed}): {KILLS} kills, {mid_round} part-way through a round; \
         per file: {old} old, {new} new, 0 neither ({holding_b} holding B, {} holding A); {:.1} s",
        KILLS * 4 - holding_b,
        started.elapsed().as_secs_f64()
    );
    assert_eq!(old + new, KILLS * 4);
    assert!(
        new > 0 && mid_round > 0,
        "the kills never landed among the writes"
    );
}
