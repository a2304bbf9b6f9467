//! A writer killed at random moments never leaves a file that loads as
//! neither its old nor its new content.
//!
//! The test binary runs itself as the writer: `writer_loop` with
//! `WUZI_CRASH_ROOT` set writes forever, alternating two known contents,
//! until the parent kills it with SIGKILL. Without the variable it runs a
//! short bounded loop and checks the result, as an ordinary test.
//!
//! `WUZI_CRASH_KILLS` sets how many kills the parent makes, e.g.
//! `WUZI_CRASH_KILLS=1000 cargo nextest run -p wuzi-store --test crash
//! --no-capture` for a long run with its summary line shown.

// The helpers below fail the test by panicking, like the tests themselves.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use common::*;
use wuzi_store::{
    Filter, GameMode, GameResult, Outcome, Paging, ProfileId, ReplaySummary, Settings, Stats,
    Store, Theme,
};

const ROOT_VAR: &str = "WUZI_CRASH_ROOT";
const KILLS_VAR: &str = "WUZI_CRASH_KILLS";
/// Keeps the test near 25 s in a debug build, where a kill takes 0.3 to
/// 0.45 s (most of it hashing passwords).
const DEFAULT_KILLS: usize = 60;

/// Every kind of write, in the order a round makes them; `check` answers
/// for each, in this order, whether it holds the B content.
const KINDS: [&str; 8] = [
    "named save",
    "settings",
    "autosave",
    "replay",
    "stats",
    "profile name",
    "new profile",
    "password",
];

/// A second profile that B rounds create and A rounds delete.
const GUEST: &str = "Guest";

/// One of the two contents, for the files whose content the round picks.
fn content(b: bool) -> (u8, Theme, &'static str, &'static str) {
    if b {
        (2, Theme::Dark, "Beta", "pass-beta")
    } else {
        (1, Theme::Light, "Alpha", "pass-alpha")
    }
}

/// A round's finished game: B rounds are won, A rounds lost, so the stats'
/// current streak is 1 after a B round and 0 after an A round.
fn finished(b: bool) -> ReplaySummary {
    let ended_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    if b {
        summary(
            ended_ms,
            GameMode::HumanVsAi,
            GameResult::BlackWin,
            Some(Outcome::Win),
        )
    } else {
        summary(
            ended_ms,
            GameMode::HumanVsAi,
            GameResult::WhiteWin,
            Some(Outcome::Loss),
        )
    }
}

/// Writes the B (or A) content to every kind of file. A writer killed
/// part-way starts again from wherever the files are, so the writes that
/// fail when repeated (a second game counted, a profile created twice, a
/// password changed from one it does not have) are made only when needed.
/// Writes every kind with the A or B content, calling `step` before each
/// write (the writer process announces it, so its killer can strike then).
fn write_round(
    store: &mut Store,
    id: &ProfileId,
    password: &mut &'static str,
    b: bool,
    step: &mut dyn FnMut(),
) {
    let (moves, theme, name, new_password) = content(b);
    step();
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
    step();
    store.set_settings(id, &settings).unwrap();
    step();
    store
        .autosave(id, &meta(i64::from(moves), u32::from(moves)), &game(moves))
        .unwrap();

    let (stats, _) = store.stats(id).unwrap();
    step();
    if (stats.current_streak == 1) != b {
        store.record_replay(id, &finished(b), &game(moves)).unwrap();
    }
    // Only the newest replay stays, so the log never grows.
    let page = store
        .list_replays(id, &Filter::default(), Paging::default())
        .unwrap();
    if let Some((_newest, older)) = page.items.split_first() {
        for replay in older {
            store.delete_replay(id, &replay.id).unwrap();
        }
    }

    step();
    store.rename_profile(id, name).unwrap();
    step();
    let guest = store.profiles().into_iter().find(|p| p.name == GUEST);
    match (guest, b) {
        (None, true) => {
            store.create_profile(GUEST, None).unwrap();
        }
        (Some(guest), false) => store.delete_profile(&guest.id).unwrap(),
        _ => {}
    }
    if *password != new_password {
        step();
        store
            .set_password(id, Some(password), new_password)
            .unwrap();
        *password = new_password;
    }
}

/// Opens the store and says, for every kind in [`KINDS`], whether it holds
/// the B content (`true`) or the A content (`false`). Anything else, and
/// any recovery notice, fails the test.
fn check(root: &Path) -> [bool; KINDS.len()] {
    let (mut store, notices) = Store::open(root).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let profiles = store.profiles();
    let profile = &profiles[0];
    let id = &profile.id;

    let (_, _, _, alpha) = content(false);
    let (_, _, _, beta) = content(true);
    let opens = |store: &mut Store, password| match store.open_profile(id, Some(password)) {
        Ok(_) => true,
        Err(e) => {
            assert_eq!(e.kind(), "wrong_password", "{e}");
            false
        }
    };
    let alpha_opens = opens(&mut store, alpha);
    let beta_opens = opens(&mut store, beta);
    assert!(
        alpha_opens != beta_opens,
        "exactly one password opens the profile: alpha {alpha_opens}, beta {beta_opens}"
    );
    // The last open attempt failed when alpha is the one.
    if alpha_opens {
        store.open_profile(id, Some(alpha)).unwrap();
    }

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

    let replay = check_replays(&store, id);
    let (stats, notices) = store.stats(id).unwrap();
    assert!(notices.is_empty(), "{notices:?}");
    let stats = check_stats(&stats);

    let name = match profile.name.as_str() {
        "Alpha" => false,
        "Beta" => true,
        other => panic!("profile name {other:?} was never written"),
    };
    let guest = match &profiles[1..] {
        [] => false,
        [guest] if guest.name == GUEST => true,
        others => panic!("profiles that were never written: {others:?}"),
    };
    [save, theme, auto, replay, stats, name, guest, beta_opens]
}

/// Every listed replay loads with the game its summary belongs to, and the
/// list's total counts exactly those. The newest says which round wrote
/// last: its older one may still be listed, its deletion not yet made.
fn check_replays(store: &Store, id: &ProfileId) -> bool {
    let page = store
        .list_replays(id, &Filter::default(), Paging::default())
        .unwrap();
    assert!(page.notices.is_empty(), "{:?}", page.notices);
    assert_eq!(page.total, page.items.len());
    assert!(
        (1..=2).contains(&page.total),
        "one replay, or two while the older waits to be deleted: {:?}",
        page.items
    );
    let mut loaded = 0;
    for entry in &page.items {
        let (replay, notices) = store.load_replay::<Game>(id, &entry.id).unwrap();
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(replay.summary, entry.summary);
        let won = replay.summary.outcome == Some(Outcome::Win);
        assert_eq!(replay.game, game(if won { 2 } else { 1 }));
        loaded += 1;
    }
    assert_eq!(loaded, page.total);
    page.items[0].summary.outcome == Some(Outcome::Win)
}

/// Stats from one whole write: games won and lost alternate, so no streak
/// passes 1, and every game is counted the same way in each breakdown.
fn check_stats(stats: &Stats) -> bool {
    assert!(
        stats.current_streak <= 1 && stats.best_streak <= 1,
        "{stats:?}"
    );
    assert_eq!(stats.total.draws, 0, "{stats:?}");
    assert_eq!(stats.by_mode.get(&GameMode::HumanVsAi), Some(&stats.total));
    assert_eq!(stats.by_level.get("master"), Some(&stats.total));
    stats.current_streak == 1
}

#[test]
fn writer_loop() {
    match std::env::var_os(ROOT_VAR) {
        Some(root) => {
            let (mut store, _) = Store::open(Path::new(&root)).unwrap();
            let id = store.profiles()[0].id.clone();
            let (_, _, _, alpha) = content(false);
            let (_, _, _, beta) = content(true);
            let mut password = if store.verify_password(&id, alpha).unwrap() {
                alpha
            } else {
                beta
            };
            store.open_profile(&id, Some(password)).unwrap();
            // Finish the round the last kill cut short, so every kind holds
            // the same content and every write of the next round is a change
            // the kill may or may not let land.
            let (saved, _) = store.load_save::<Game>(&id, "Slot").unwrap();
            let b = saved.game.moves.len() == 2;
            write_round(&mut store, &id, &mut password, b, &mut || {});
            let mut b = !b;
            // Tell the parent the writes start now, then announce each
            // write: the parent kills on one of these announcements, so
            // its kill lands among the writes rather than during start-up.
            println!("ready");
            loop {
                write_round(&mut store, &id, &mut password, b, &mut || {
                    println!("write");
                });
                b = !b;
            }
        }
        None => {
            let (dir, mut store, id) = fresh();
            // No password yet, so the first change needs no current one.
            let mut password = "unset";
            for round in 0..4 {
                write_round(&mut store, &id, &mut password, round % 2 == 1, &mut || {});
            }
            drop(store);
            assert_eq!(check(dir.path()), [true; KINDS.len()]);
        }
    }
}

#[test]
fn killed_writers_leave_old_or_new_content() {
    let kills: usize = std::env::var(KILLS_VAR)
        .map(|v| v.parse().expect("WUZI_CRASH_KILLS is a number"))
        .unwrap_or(DEFAULT_KILLS);
    let (dir, mut store, id) = fresh();
    // No password yet, so the first change needs no current one.
    let mut password = "unset";
    // Count the writes of a round: kills spread over a round and a half
    // of them, so the last writes of a round are caught too.
    let mut steps = 0u64;
    write_round(&mut store, &id, &mut password, false, &mut || {});
    write_round(&mut store, &id, &mut password, true, &mut || {});
    write_round(&mut store, &id, &mut password, false, &mut || steps += 1);
    let spread = (steps * 3 / 2).max(1);
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
    // Per kind: unchanged since the previous kill ("old") or changed ("new").
    let mut old = [0usize; KINDS.len()];
    let mut new = [0usize; KINDS.len()];
    // Kills that left the kinds with different contents: the writer was
    // stopped part-way through a round.
    let mut mid_round = 0usize;
    for _ in 0..kills {
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
        let mut lines = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map_while(Result::ok);
        assert!(
            lines.any(|line| line == "ready"),
            "the writer did not start"
        );
        // Killed as it announces a write chosen at random: the write is
        // then just begun, part-way, or done, as the machine runs it.
        let strike = next() % spread;
        let announced = lines
            .by_ref()
            .filter(|line| line == "write")
            .nth(strike as usize);
        assert!(announced.is_some(), "the writer stopped writing");
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(
            !status.success(),
            "the writer never stops by itself: {status}"
        );

        let after = check(dir.path());
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            if a == b {
                old[k] += 1;
            } else {
                new[k] += 1;
            }
        }
        if after.iter().any(|&b| b != after[0]) {
            mid_round += 1;
        }
        before = after;
    }
    let per_kind: Vec<String> = KINDS
        .iter()
        .enumerate()
        .map(|(k, kind)| format!("{kind} {}/{}", old[k], new[k]))
        .collect();
    println!(
        "crash test (seed {seed}): {kills} kills, {mid_round} part-way through a round, \
         0 neither old nor new; old/new per kind: {}; {:.1} s",
        per_kind.join(", "),
        started.elapsed().as_secs_f64()
    );
    for (k, kind) in KINDS.iter().enumerate() {
        assert!(
            old[k] > 0 && new[k] > 0,
            "{kind}: {} old, {} new; the kills never caught it both ways",
            old[k],
            new[k]
        );
    }
    assert!(mid_round > 0, "the kills never landed among the writes");
}
