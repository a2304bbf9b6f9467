//! Listing a profile's replays: 10,000 games, the first page with and
//! without a filter (index present), and a rebuild of the index from the
//! replay files.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use wuzi_store::{
    Filter, GameMode, GameResult, Outcome, Paging, Player, ProfileId, ReplaySummary, Store,
};

const REPLAYS: i64 = 10_000;

fn summary(i: i64) -> ReplaySummary {
    let (mode, result, outcome) = match i % 4 {
        0 => (
            GameMode::HumanVsAi,
            GameResult::BlackWin,
            Some(Outcome::Win),
        ),
        1 => (
            GameMode::HumanVsAi,
            GameResult::WhiteWin,
            Some(Outcome::Loss),
        ),
        2 => (GameMode::HumanVsHuman, GameResult::Draw, None),
        _ => (GameMode::AiVsAi, GameResult::ForbiddenMove, None),
    };
    ReplaySummary {
        started_ms: 1_600_000_000_000 + i * 3_600_000,
        ended_ms: 1_600_000_000_000 + i * 3_600_000 + 900_000,
        mode,
        rule: wuzi_core::Rule::Renju,
        size: 15,
        black: Player::Human { name: "Ann".into() },
        white: Player::Ai {
            level: "master".into(),
        },
        result,
        outcome,
        move_count: 40 + (i % 60) as u32,
        duration_ms: 900_000,
    }
}

/// A store with 10,000 recorded games, each with a typical move list.
fn setup() -> (tempfile::TempDir, Store, ProfileId) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (store, _) = Store::open(dir.path()).expect("store");
    let id = store.profiles()[0].id.clone();
    let moves: Vec<String> = (0..60)
        .map(|m| format!("{}{}", (b'a' + m % 15) as char, m % 15 + 1))
        .collect();
    let game = serde_json::json!({ "format": "wuzi-game", "version": 1, "moves": moves });
    // Recording one by one rewrites the index each time; writing the files
    // and letting the first list rebuild the index is the same end state
    // and keeps the setup short.
    let first = store
        .record_replay(&id, &summary(0), &game)
        .expect("record");
    let replays = dir
        .path()
        .join("profiles")
        .join(id.as_str())
        .join("replays");
    let template = std::fs::read_to_string(replays.join(format!("{first}.json"))).expect("read");
    let value: serde_json::Value = serde_json::from_str(&template).expect("json");
    for i in 1..REPLAYS {
        let mut v = value.clone();
        let rid = format!("{:013}-{:08x}", summary(i).ended_ms, i);
        v["id"] = rid.clone().into();
        v["summary"] = serde_json::to_value(summary(i)).expect("summary");
        std::fs::write(replays.join(format!("{rid}.json")), v.to_string()).expect("write");
    }
    (dir, store, id)
}

fn bench(c: &mut Criterion) {
    let (dir, store, id) = setup();
    let page = Paging {
        page: 0,
        per_page: 50,
    };
    let all = store
        .list_replays(&id, &Filter::default(), page)
        .expect("list");
    assert_eq!(all.total, REPLAYS as usize);

    let mut group = c.benchmark_group("replays");
    group.sample_size(20);
    group.bench_function("list 10k, first page", |b| {
        b.iter(|| {
            black_box(
                store
                    .list_replays(&id, &Filter::default(), page)
                    .expect("list"),
            )
        })
    });
    let wins = Filter {
        mode: Some(GameMode::HumanVsAi),
        outcome: Some(Outcome::Win),
        ..Filter::default()
    };
    group.bench_function("list 10k, filtered, page 20", |b| {
        b.iter(|| {
            black_box(
                store
                    .list_replays(
                        &id,
                        &wins,
                        Paging {
                            page: 20,
                            per_page: 50,
                        },
                    )
                    .expect("list"),
            )
        })
    });
    let index = dir
        .path()
        .join("profiles")
        .join(id.as_str())
        .join("replays-index.json");
    group.sample_size(10);
    group.bench_function("rebuild index of 10k", |b| {
        b.iter(|| {
            std::fs::remove_file(&index).expect("remove index");
            black_box(
                store
                    .list_replays(&id, &Filter::default(), page)
                    .expect("list"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
