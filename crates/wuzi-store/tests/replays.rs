//! Replays: recording, listing with filters and pages, the index, stats.

mod common;

use std::fs;

use common::*;
use wuzi_core::Stone;
use wuzi_store::{
    Filter, GameMode, GameResult, NoticeKind, Outcome, Paging, Player, ResultKind, Stats, Tally,
};

const DAY: i64 = 86_400_000;
const T0: i64 = 1_700_000_000_000;

#[test]
fn recorded_games_list_newest_first_and_load() {
    let (_dir, store, id) = fresh();
    let mut ids = Vec::new();
    for i in 0..5 {
        let s = summary(
            T0 + i * DAY,
            GameMode::HumanVsAi,
            GameResult::BlackWin,
            Some(Outcome::Win),
        );
        ids.push(store.record_replay(&id, &s, &game(i as u8)).unwrap());
    }
    let page = store
        .list_replays(&id, &Filter::default(), Paging::default())
        .unwrap();
    assert_eq!(page.total, 5);
    let listed: Vec<_> = page.items.iter().map(|e| e.id.clone()).collect();
    ids.reverse();
    assert_eq!(listed, ids);

    let (replay, notices) = store.load_replay::<Game>(&id, &ids[0]).unwrap();
    assert!(notices.is_empty());
    assert_eq!(replay.game, game(4));
    assert_eq!(replay.summary.ended_ms, T0 + 4 * DAY);
    assert_eq!(
        replay.summary.white,
        Player::Ai {
            level: "master".into()
        }
    );
}

#[test]
fn filters_and_pages() {
    let (_dir, store, id) = fresh();
    let kinds = [
        (
            GameMode::HumanVsAi,
            GameResult::BlackWin,
            Some(Outcome::Win),
        ),
        (
            GameMode::HumanVsAi,
            GameResult::Resign {
                winner: Stone::White,
            },
            Some(Outcome::Loss),
        ),
        (GameMode::HumanVsHuman, GameResult::Draw, None),
        (GameMode::AiVsAi, GameResult::ForbiddenMove, None),
        (
            GameMode::HumanVsAi,
            GameResult::Timeout {
                winner: Stone::Black,
            },
            Some(Outcome::Win),
        ),
    ];
    for day in 0..20 {
        let (mode, result, outcome) = kinds[day as usize % kinds.len()];
        store
            .record_replay(
                &id,
                &summary(T0 + day * DAY, mode, result, outcome),
                &game(1),
            )
            .unwrap();
    }
    let list = |filter: Filter, page: usize, per_page: usize| {
        store
            .list_replays(&id, &filter, Paging { page, per_page })
            .unwrap()
    };

    let all = list(Filter::default(), 0, 500);
    assert_eq!(all.total, 20);
    let first_page = list(Filter::default(), 0, 7);
    assert_eq!(first_page.items.len(), 7);
    assert_eq!(first_page.items[0].summary.ended_ms, T0 + 19 * DAY);
    let last_page = list(Filter::default(), 2, 7);
    assert_eq!(last_page.items.len(), 6);
    assert_eq!(last_page.items[5].summary.ended_ms, T0);
    assert_eq!(last_page.total, 20);
    assert!(list(Filter::default(), 3, 7).items.is_empty());
    assert_eq!(list(Filter::default(), 0, 0).per_page, 1, "clamped");

    let by_mode = list(
        Filter {
            mode: Some(GameMode::HumanVsAi),
            ..Filter::default()
        },
        0,
        100,
    );
    assert_eq!(by_mode.total, 12);
    assert!(
        by_mode
            .items
            .iter()
            .all(|e| e.summary.mode == GameMode::HumanVsAi)
    );

    let wins = list(
        Filter {
            outcome: Some(Outcome::Win),
            ..Filter::default()
        },
        0,
        100,
    );
    assert_eq!(wins.total, 8);
    let resigns = list(
        Filter {
            result: Some(ResultKind::Resign),
            ..Filter::default()
        },
        0,
        100,
    );
    assert_eq!(resigns.total, 4);

    // Days 5..10: from inclusive, until exclusive.
    let range = Filter {
        from_ms: Some(T0 + 5 * DAY),
        until_ms: Some(T0 + 10 * DAY),
        ..Filter::default()
    };
    let in_range = list(range, 0, 100);
    assert_eq!(in_range.total, 5);
    assert_eq!(in_range.items[0].summary.ended_ms, T0 + 9 * DAY);

    let both = Filter {
        mode: Some(GameMode::HumanVsAi),
        outcome: Some(Outcome::Loss),
        from_ms: Some(T0 + 10 * DAY),
        ..Filter::default()
    };
    assert_eq!(list(both, 0, 100).total, 2);
}

#[test]
fn deleting_a_replay() {
    let (_dir, store, id) = fresh();
    let a = store
        .record_replay(
            &id,
            &summary(
                T0,
                GameMode::HumanVsAi,
                GameResult::Draw,
                Some(Outcome::Draw),
            ),
            &game(1),
        )
        .unwrap();
    let b = store
        .record_replay(
            &id,
            &summary(
                T0 + 1,
                GameMode::HumanVsAi,
                GameResult::Draw,
                Some(Outcome::Draw),
            ),
            &game(2),
        )
        .unwrap();
    store.delete_replay(&id, &a).unwrap();
    let page = store
        .list_replays(&id, &Filter::default(), Paging::default())
        .unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!(page.items[0].id, b);
    assert_eq!(
        store.load_replay::<Game>(&id, &a).unwrap_err().kind(),
        "not_found"
    );
    assert_eq!(
        store.delete_replay(&id, &a).unwrap_err().kind(),
        "not_found"
    );
    // Stats count games played, not the replays kept.
    assert_eq!(store.stats(&id).unwrap().0.total.draws, 2);
}

#[test]
fn the_index_is_rebuilt_when_missing_or_stale() {
    let (dir, store, id) = fresh();
    for i in 0..3 {
        store
            .record_replay(
                &id,
                &summary(
                    T0 + i,
                    GameMode::HumanVsAi,
                    GameResult::BlackWin,
                    Some(Outcome::Win),
                ),
                &game(1),
            )
            .unwrap();
    }
    let pdir = profile_dir(dir.path(), &id);
    let index = pdir.join("replays-index.json");
    assert!(index.exists());

    fs::remove_file(&index).unwrap();
    assert_eq!(
        store
            .list_replays(&id, &Filter::default(), Paging::default())
            .unwrap()
            .total,
        3
    );
    assert!(index.exists(), "rebuilt and written");

    // A replay file copied in from elsewhere shows up.
    let replays = pdir.join("replays");
    let some = files_containing(&replays, ".json")[0].clone();
    let mut text = fs::read_to_string(&some).unwrap();
    let old_id = some.file_stem().unwrap().to_string_lossy().into_owned();
    let new_id = "1800000000000-0000abcd";
    text = text
        .replace(&old_id, new_id)
        .replace(&(T0).to_string(), "1800000000000");
    fs::write(replays.join(format!("{new_id}.json")), text).unwrap();
    let page = store
        .list_replays(&id, &Filter::default(), Paging::default())
        .unwrap();
    assert_eq!(page.total, 4);
    assert_eq!(page.items[0].id.as_str(), new_id);

    // A file removed behind the store's back disappears from the list.
    fs::remove_file(&some).unwrap();
    assert_eq!(
        store
            .list_replays(&id, &Filter::default(), Paging::default())
            .unwrap()
            .total,
        3
    );

    // A damaged index is only a cache: it is rebuilt.
    fs::write(&index, b"{{{{").unwrap();
    assert_eq!(
        store
            .list_replays(&id, &Filter::default(), Paging::default())
            .unwrap()
            .total,
        3
    );
}

#[test]
fn a_damaged_replay_is_moved_aside_when_the_list_is_rebuilt() {
    let (dir, store, id) = fresh();
    let keep = store
        .record_replay(
            &id,
            &summary(
                T0,
                GameMode::HumanVsAi,
                GameResult::BlackWin,
                Some(Outcome::Win),
            ),
            &game(1),
        )
        .unwrap();
    let lose = store
        .record_replay(
            &id,
            &summary(
                T0 + 1,
                GameMode::HumanVsAi,
                GameResult::BlackWin,
                Some(Outcome::Win),
            ),
            &game(1),
        )
        .unwrap();
    let replays = profile_dir(dir.path(), &id).join("replays");
    fs::write(
        replays.join(format!("{lose}.json")),
        b"{\"format\":\"wuzi-replay\",\"vers",
    )
    .unwrap();
    fs::remove_file(profile_dir(dir.path(), &id).join("replays-index.json")).unwrap();
    let page = store
        .list_replays(&id, &Filter::default(), Paging::default())
        .unwrap();
    assert_eq!(page.total, 1);
    assert_eq!(page.items[0].id, keep);
    assert_eq!(page.notices.len(), 1);
    assert_eq!(page.notices[0].kind, NoticeKind::Damaged);
    assert_eq!(files_containing(&replays, ".corrupt-").len(), 1);
    assert_eq!(
        store.load_replay::<Game>(&id, &lose).unwrap_err().kind(),
        "not_found"
    );
}

#[test]
fn bad_ids_and_summaries_are_refused() {
    let (_dir, store, id) = fresh();
    assert_eq!(
        wuzi_store::ReplayId::parse("../../profiles")
            .unwrap_err()
            .kind(),
        "not_found"
    );
    let mut s = summary(T0, GameMode::HumanVsAi, GameResult::Draw, None);
    s.size = 4;
    assert_eq!(
        store.record_replay(&id, &s, &game(1)).unwrap_err().kind(),
        "invalid"
    );
    let mut s = summary(T0, GameMode::HumanVsAi, GameResult::Draw, None);
    s.started_ms = T0 + 1;
    assert_eq!(
        store.record_replay(&id, &s, &game(1)).unwrap_err().kind(),
        "invalid"
    );
}

#[test]
fn stats_follow_finished_games() {
    let (_dir, mut store, id) = fresh();
    let vs = |level: &str, result, outcome| {
        let mut s = summary(T0, GameMode::HumanVsAi, result, Some(outcome));
        s.white = Player::Ai {
            level: level.into(),
        };
        s
    };
    let games = [
        vs("beginner", GameResult::BlackWin, Outcome::Win),
        vs("beginner", GameResult::BlackWin, Outcome::Win),
        vs("master", GameResult::WhiteWin, Outcome::Loss),
        vs("master", GameResult::BlackWin, Outcome::Win),
        vs(
            "master",
            GameResult::Timeout {
                winner: Stone::Black,
            },
            Outcome::Win,
        ),
        vs(
            "master",
            GameResult::Resign {
                winner: Stone::Black,
            },
            Outcome::Win,
        ),
        vs("beginner", GameResult::Draw, Outcome::Draw),
    ];
    for g in &games {
        store.record_replay(&id, g, &game(1)).unwrap();
    }
    // A game between two people with no known side for the profile is kept, not counted.
    store
        .record_replay(
            &id,
            &summary(T0, GameMode::HumanVsHuman, GameResult::BlackWin, None),
            &game(1),
        )
        .unwrap();

    let (stats, notices) = store.stats(&id).unwrap();
    assert!(notices.is_empty());
    assert_eq!(
        stats.total,
        Tally {
            wins: 5,
            losses: 1,
            draws: 1
        }
    );
    assert_eq!(stats.total.games(), 7);
    assert_eq!(stats.by_mode[&GameMode::HumanVsAi], stats.total);
    assert!(!stats.by_mode.contains_key(&GameMode::HumanVsHuman));
    assert_eq!(
        stats.by_level["beginner"],
        Tally {
            wins: 2,
            losses: 0,
            draws: 1
        }
    );
    assert_eq!(
        stats.by_level["master"],
        Tally {
            wins: 3,
            losses: 1,
            draws: 0
        }
    );
    assert_eq!(stats.best_streak, 3);
    assert_eq!(stats.current_streak, 0, "the draw ended it");

    // Stats are per profile.
    let other = store.create_profile("Other", None).unwrap().id;
    assert_eq!(store.stats(&other).unwrap().0, Stats::default());
}

#[test]
fn a_game_is_recorded_even_when_the_stats_cannot_be_updated() {
    let (dir, store, id) = fresh();
    let stats = profile_dir(dir.path(), &id).join("stats.json");
    fs::create_dir_all(stats.parent().unwrap()).unwrap();
    let future = br#"{"format":"wuzi-stats","version":9}"#;
    fs::write(&stats, future).unwrap();
    let s = summary(
        T0,
        GameMode::HumanVsAi,
        GameResult::BlackWin,
        Some(Outcome::Win),
    );
    let replay = store.record_replay(&id, &s, &game(1)).unwrap();
    assert!(store.load_replay::<Game>(&id, &replay).is_ok());
    assert_eq!(fs::read(&stats).unwrap(), future, "left untouched");
    assert_eq!(store.stats(&id).unwrap_err().kind(), "future_version");
}

#[test]
fn a_core_outcome_becomes_the_listed_result() {
    use wuzi_core::{Forbidden, Outcome as Ended, Point};
    let cases = [
        (
            Ended::Win {
                stone: Stone::White,
                line: (0..5).map(|x| Point::new(x, 3)).collect(),
            },
            GameResult::WhiteWin,
        ),
        (
            Ended::Win {
                stone: Stone::Black,
                line: Vec::new(),
            },
            GameResult::BlackWin,
        ),
        (Ended::Draw, GameResult::Draw),
        (
            Ended::Resign {
                loser: Stone::Black,
            },
            GameResult::Resign {
                winner: Stone::White,
            },
        ),
        (
            Ended::Timeout {
                loser: Stone::White,
            },
            GameResult::Timeout {
                winner: Stone::Black,
            },
        ),
        (
            Ended::ForbiddenMove {
                point: Point::new(7, 7),
                kind: Forbidden::DoubleThree,
            },
            GameResult::ForbiddenMove,
        ),
    ];
    for (ended, listed) in cases {
        let result = GameResult::from(&ended);
        assert_eq!(result, listed, "{ended:?}");
        assert_eq!(result.winner(), ended.winner(), "{ended:?}");
    }
}
