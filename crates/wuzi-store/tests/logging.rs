//! The usage log goes to root/logs/ and records what the store does.

use wuzi_store::{Store, init_logging};

#[test]
fn the_store_logs_to_daily_files_under_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let guard = init_logging(dir.path()).unwrap();
    let (store, _) = Store::open(dir.path()).unwrap();
    let id = store.profiles()[0].id.clone();
    let meta = wuzi_store::SaveMeta {
        saved_ms: 1,
        rule: wuzi_core::Rule::Freestyle,
        size: 15,
        mode: wuzi_store::GameMode::HumanVsHuman,
        move_count: 0,
        preview: String::new(),
    };
    store.save(&id, "Logged", &meta, &(), false).unwrap();
    // A second subscriber cannot be set in the same process.
    assert_eq!(init_logging(dir.path()).unwrap_err().kind(), "logging");
    drop(guard);

    let logs: Vec<_> = std::fs::read_dir(dir.path().join("logs"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(logs.len(), 1);
    let name = logs[0].file_name().into_string().unwrap();
    assert!(
        name.starts_with("wuzi.") && name.ends_with(".log"),
        "{name}"
    );
    let text = std::fs::read_to_string(logs[0].path()).unwrap();
    assert!(text.contains("usage log started"), "{text}");
    assert!(text.contains("store opened"), "{text}");
    assert!(text.contains("game saved"), "{text}");
}
