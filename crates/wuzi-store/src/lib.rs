//! Wuzi's data on disk: profiles, settings, saves, replays, statistics and
//! the usage log, under one root folder.
//!
//! The store knows files, not rules: a save or replay holds the caller's
//! game record (any `Serialize` / `DeserializeOwned` type, or a
//! `serde_json::Value`) next to the facts a list shows, which the caller
//! passes in ([`SaveMeta`], [`ReplaySummary`]).
//!
//! Where a file names a rule, what a forbidden move does or a colour, it
//! uses the game core's own types ([`wuzi_core::Rule`],
//! [`wuzi_core::ForbiddenMoves`], [`wuzi_core::Stone`]) and their serde
//! names; the store keeps only what the core has no word for (the game
//! mode, the players, win / loss / draw for the profile).
//!
//! # Layout
//!
//! ```text
//! profiles.json                         profiles (id, name, created, argon2id hash), last used
//! profiles/<id>/profile.json            the profile's own copy of its entry in profiles.json
//! profiles/<id>/settings.json           Settings
//! profiles/<id>/stats.json              Stats
//! profiles/<id>/saves/s-<slug>-<hash>.json   named saves (see `names` for the file names)
//! profiles/<id>/saves/autosave.json     the game "continue" brings back
//! profiles/<id>/replays/<replay id>.json     one per finished game
//! profiles/<id>/replays-index.json      cache of the replay summaries, for fast lists
//! logs/wuzi.<date>.log                  usage log, daily, 7 kept
//! wuzi.lock                             locked by the copy of Wuzi that has the folder open
//! ```
//!
//! # Safety of the files
//!
//! - Every write is atomic (temp file in the same folder, fsync, rename,
//!   fsync the folder) and keeps the previous good file as `<name>.bak`.
//! - Every file has `"format"` and `"version"`. Older versions are migrated
//!   step by step when loaded; a file from a newer version is never
//!   overwritten and is reported as [`Error::FutureVersion`].
//! - A file that does not parse is never overwritten: it is renamed
//!   `<name>.corrupt-<unix time>`, the `.bak` is used if it is good, and
//!   the load returns a [`Notice`] for the player.
//!
//! Migrations are a table of `N -> N+1` steps over `serde_json::Value`
//! per file. `settings.json` is at version 2 (version 1 wrote `"block"`
//! for the core's `"refuse"`); every other file is at version 1.
//!
//! `profiles.json` is the list of profiles; each profile's folder also
//! holds `profile.json`, its own entry (name, creation time, password
//! hash), rewritten with every change to it. When the list and its backup
//! are both lost, the list is rebuilt from the folders and these files,
//! so a profile keeps its name and its password.
//!
//! # API
//!
//! - [`Store::open`] `(root) -> (Store, Vec<Notice>)`; makes a "Player"
//!   profile on first start. One store at a time has a folder open: a
//!   second one, in this process or another copy of Wuzi, gets
//!   [`Error::InUse`] until the first is dropped or its process ends.
//! - Profiles: [`profiles`](Store::profiles), [`profile`](Store::profile),
//!   [`create_profile`](Store::create_profile) `(name, password)`,
//!   [`rename_profile`](Store::rename_profile),
//!   [`delete_profile`](Store::delete_profile),
//!   [`open_profile`](Store::open_profile) `(id, password)` (switches and
//!   remembers), [`close_profile`](Store::close_profile),
//!   [`open_profile_id`](Store::open_profile_id),
//!   [`last_profile`](Store::last_profile),
//!   [`set_password`](Store::set_password),
//!   [`remove_password`](Store::remove_password),
//!   [`verify_password`](Store::verify_password).
//! - Settings: [`settings`](Store::settings),
//!   [`set_settings`](Store::set_settings).
//! - Saves: [`saves`](Store::saves), [`save`](Store::save)
//!   `(id, name, meta, game, overwrite)`, [`load_save`](Store::load_save),
//!   [`delete_save`](Store::delete_save), [`autosave`](Store::autosave),
//!   [`load_autosave`](Store::load_autosave),
//!   [`clear_autosave`](Store::clear_autosave).
//! - Replays: [`record_replay`](Store::record_replay) (also updates the
//!   stats), [`list_replays`](Store::list_replays) `(id, filter, paging)`,
//!   [`load_replay`](Store::load_replay),
//!   [`delete_replay`](Store::delete_replay),
//!   [`record_opponent_game`](Store::record_opponent_game) (the other
//!   profile of a two-player game, which proved its password when the
//!   game began).
//! - Stats: [`stats`](Store::stats), [`leaderboard`](Store::leaderboard)
//!   (every profile's, locked ones too: scores are public at the device).
//! - Files chosen by the player: [`read_text_file`], [`write_text_file`].
//! - Usage log: [`init_logging`].
//!
//! Errors are one [`Error`] enum; [`Error::kind`] is a stable string and
//! the error serializes as `{ "kind", "message" }`.
//!
//! # Example
//!
//! ```
//! use wuzi_core::Rule;
//! use wuzi_store::{
//!     Filter, GameMode, GameResult, Outcome, Paging, Player, ReplaySummary, SaveMeta, Store,
//! };
//!
//! # fn main() -> Result<(), wuzi_store::Error> {
//! let root = tempfile::tempdir().map_err(|e| wuzi_store::Error::Logging(e.to_string()))?;
//! let (mut store, notices) = Store::open(root.path())?;
//! assert!(notices.is_empty());
//!
//! // A first start has one profile, ready to play.
//! let player = store.profiles()[0].clone();
//! store.open_profile(&player.id, None)?;
//!
//! // Save a game under a name; the store keeps whatever the game core gives it.
//! let game = serde_json::json!({ "moves": "h8i9j10" });
//! let meta = SaveMeta {
//!     saved_ms: 1_700_000_000_000,
//!     rule: Rule::Freestyle,
//!     size: 15,
//!     mode: GameMode::HumanVsAi,
//!     move_count: 3,
//!     preview: String::new(),
//! };
//! store.save(&player.id, "Evening game", &meta, &game, false)?;
//! let (saved, _) = store.load_save::<serde_json::Value>(&player.id, "evening game")?;
//! assert_eq!(saved.game, game);
//!
//! // Record a finished game and list it.
//! let summary = ReplaySummary {
//!     started_ms: 1_700_000_000_000,
//!     ended_ms: 1_700_000_600_000,
//!     mode: GameMode::HumanVsAi,
//!     rule: Rule::Freestyle,
//!     size: 15,
//!     black: Player::Human { name: player.name.clone() },
//!     white: Player::Ai { level: "beginner".into() },
//!     result: GameResult::BlackWin,
//!     outcome: Some(Outcome::Win),
//!     move_count: 31,
//!     duration_ms: 600_000,
//! };
//! let id = store.record_replay(&player.id, &summary, &game)?;
//! let page = store.list_replays(&player.id, &Filter::default(), Paging::default())?;
//! assert_eq!(page.items[0].id, id);
//! assert_eq!(store.stats(&player.id)?.0.total.wins, 1);
//! # Ok(())
//! # }
//! ```

#![deny(missing_docs)]

mod atomic;
mod error;
mod file;
mod folder_lock;
mod log;
pub mod names;
mod notice;
mod presence;
mod profiles;
mod puzzles;
mod replays;
mod saves;
mod settings;
mod stats;
mod store;
mod text;

pub use error::{Error, Result};
pub use log::{LOG_FILES_KEPT, LogGuard, init_logging};
pub use names::{PROFILE_NAME_MAX, ProfileId, ReplayId, SAVE_NAME_MAX};
pub use notice::{Notice, NoticeKind};
pub use profiles::{DEFAULT_PROFILE_NAME, Profile};
pub use puzzles::{PuzzleAttempt, PuzzleProgress, PuzzleRecord, START_RATING};
pub use replays::{
    Filter, GameMode, GameResult, MAX_PER_PAGE, Outcome, Page, Paging, Player, Replay, ReplayEntry,
    ReplaySummary, ResultKind,
};
pub use saves::{SaveInfo, SaveMeta, Saved};
pub use settings::{FirstMove, Language, MAX_VOLUME, Settings, TapMode, Theme};
pub use stats::{Stats, Tally, Watched};
pub use store::Store;
pub use text::{DEFAULT_TEXT_LIMIT, read_text_file, write_text_file};
