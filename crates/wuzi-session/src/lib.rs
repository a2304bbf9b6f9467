//! Wuzi's game service: everything the app does between a click and what
//! the page draws.
//!
//! [`Service`] owns the game on the board with its mode and players, the
//! data folder ([`wuzi_store`]), and the engines ([`wuzi_engine`]). Every
//! command is a typed method (`new_game`, `play`, `undo`, `ai_move`,
//! `save_game`, `analyse_game`, `open_profile` ...), and
//! [`Service::dispatch`] runs any of them by name with JSON arguments: the
//! Tauri app and `wuzi serve` are both thin doors over it, so there is one
//! list of commands ([`COMMANDS`]), described in `docs/ipc.md`.
//!
//! Game commands answer a complete [`GameView`]; failures are an
//! [`AppError`] that serializes as `{ kind, message }`.
//!
//! ```
//! use wuzi_session::{NewGame, Service};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let service = Service::open(Some(dir.path().to_path_buf()), false);
//! service.new_game(&NewGame::default()).unwrap();
//! let view = service.play(7, 7).unwrap();
//! assert_eq!(view.stones.len(), 1);
//! assert_eq!(view.to_move, wuzi_core::Stone::White);
//! ```

mod coach;
mod computer;
mod dispatch;
mod error;
mod play;
mod position;
mod profiles;
pub mod puzzle_set;
mod puzzles;
mod record_problem;
mod review;
mod saves;
mod service;
mod session;
mod standings;
mod view;

pub use coach::{MoveExplanation, WinningSequence};
pub use computer::{Hint, ProgressView};
pub use dispatch::{COMMANDS, Door};
pub use error::{AppError, NoStoreReason};
pub use play::{NewGame, Opponent, PlayerChoice};
pub use position::{PositionAnalysis, PositionAsk, PositionCheck, ThreatWinView};
pub use profiles::{AppInfo, OpenedProfile, ProfileList};
pub use puzzles::{
    Difficulty, PuzzleFilter, PuzzleItem, PuzzleList, PuzzleProgressView, PuzzleStatus, PuzzleView,
};
pub use record_problem::{Reason, RecordProblem};
pub use review::{
    AnalysisProgress, AnalysisView, JudgementView, ReplayFilter, ReplayItem, ReplayPage, ReplayView,
};
pub use saves::{Exported, ImportOptions, SaveView, SavedFile};
pub use service::{NoticeView, Service};
pub use session::{Mode, SavedGame, Seat, now_ms};
pub use standings::{Standing, StatsView, points};
pub use view::{GameView, StoneView};
