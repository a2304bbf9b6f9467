//! Everything the app owns, behind one handle the commands share.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use serde::Serialize;
use wuzi_engine::Engine;
use wuzi_store::{LogGuard, Notice, ProfileId, Store};

use crate::error::AppError;
use crate::session::{Mode, Seat, Session};
use crate::view::{GameView, Score};

/// A message for the player about their data (a damaged file restored from
/// its backup, say).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct NoticeView {
    /// What happened, for code.
    pub kind: String,
    /// What happened, for people.
    pub message: String,
}

impl From<&Notice> for NoticeView {
    fn from(notice: &Notice) -> Self {
        NoticeView {
            kind: serde_json::to_value(notice.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_else(|| "notice".into()),
            message: notice.message.clone(),
        }
    }
}

type Pairing = (Mode, Seat, Seat);

/// The app's state: the game being played, the data folder, the engine and
/// the flags that stop its searches.
#[derive(Debug)]
pub struct AppState {
    session: Mutex<Session>,
    store: Mutex<Option<Store>>,
    store_error: Option<String>,
    data_dir: Option<PathBuf>,
    engine: Arc<Mutex<Engine>>,
    ai_stop: Mutex<Arc<AtomicBool>>,
    analysis_stop: Mutex<Option<Arc<AtomicBool>>>,
    scores: Mutex<HashMap<Pairing, Score>>,
    notices: Mutex<Vec<NoticeView>>,
    _log: Option<LogGuard>,
}

/// Locks `mutex`; a command that panicked while holding it left data the
/// next command can still use, and losing the player's game would be worse.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl AppState {
    /// Opens the data folder `data_dir` (creating it on first start) and the
    /// last profile when it has no password. Without a folder, or when it
    /// cannot be opened, the app still plays but keeps nothing, and says so.
    #[must_use]
    pub fn open(data_dir: Option<PathBuf>, with_log: bool) -> AppState {
        let mut notices = Vec::new();
        let mut store_error = None;
        let mut log = None;
        let store = match &data_dir {
            None => {
                store_error = Some("no data folder was found for this system".to_string());
                None
            }
            Some(dir) => match Store::open(dir) {
                Ok((mut store, opened)) => {
                    notices.extend(opened.iter().map(NoticeView::from));
                    if with_log {
                        log = wuzi_store::init_logging(dir).ok();
                    }
                    // The last profile opens by itself unless it has a password;
                    // on first start that is the default profile, so a new
                    // player goes straight to the game.
                    let start = match store.last_profile() {
                        Some(last) => Some(last),
                        None => match store.profiles().as_slice() {
                            [only] => Some(only.clone()),
                            _ => None,
                        },
                    };
                    if let Some(profile) = start.filter(|p| !p.has_password)
                        && let Err(err) = store.open_profile(&profile.id, None)
                    {
                        tracing::warn!(error = %err, "last profile not opened");
                    }
                    Some(store)
                }
                Err(err) => {
                    store_error = Some(err.to_string());
                    None
                }
            },
        };
        if let Some(err) = &store_error {
            notices.push(NoticeView {
                kind: "no_store".into(),
                message: format!("Games and settings will not be kept: {err}"),
            });
        }
        tracing::info!(version = env!("CARGO_PKG_VERSION"), data_dir = ?data_dir, "app started");
        AppState {
            session: Mutex::new(Session::default()),
            store: Mutex::new(store),
            store_error,
            data_dir,
            engine: Arc::new(Mutex::new(Engine::new())),
            ai_stop: Mutex::new(Arc::new(AtomicBool::new(false))),
            analysis_stop: Mutex::new(None),
            scores: Mutex::new(HashMap::new()),
            notices: Mutex::new(notices),
            _log: log,
        }
    }

    /// The data folder, if there is one.
    #[must_use]
    pub fn data_dir(&self) -> Option<&Path> {
        self.data_dir.as_deref()
    }

    /// The game being played.
    pub fn session(&self) -> MutexGuard<'_, Session> {
        lock(&self.session)
    }

    /// The engine, shared by the computer's moves and hints.
    #[must_use]
    pub fn engine(&self) -> Arc<Mutex<Engine>> {
        Arc::clone(&self.engine)
    }

    /// Locks `engine` for one search.
    pub fn lock_engine(engine: &Mutex<Engine>) -> MutexGuard<'_, Engine> {
        lock(engine)
    }

    /// Notices gathered since the last time they were taken.
    pub fn take_notices(&self) -> Vec<NoticeView> {
        std::mem::take(&mut *lock(&self.notices))
    }

    /// Keeps `notices` for the UI to show.
    pub fn add_notices(&self, notices: &[Notice]) {
        lock(&self.notices).extend(notices.iter().map(NoticeView::from));
    }

    /// A fresh stop flag for the next search; the previous one is raised so
    /// a search still running ends at once.
    pub fn new_ai_stop(&self) -> Arc<AtomicBool> {
        let mut current = lock(&self.ai_stop);
        current.store(true, Ordering::Relaxed);
        *current = Arc::new(AtomicBool::new(false));
        Arc::clone(&current)
    }

    /// Tells the running search to play its best move now.
    pub fn stop_ai(&self) {
        lock(&self.ai_stop).store(true, Ordering::Relaxed);
    }

    /// Starts an analysis, refusing a second one at the same time.
    ///
    /// # Errors
    /// [`AppError::Busy`] while another analysis runs.
    pub fn begin_analysis(&self) -> Result<Arc<AtomicBool>, AppError> {
        let mut slot = lock(&self.analysis_stop);
        if slot.is_some() {
            return Err(AppError::Busy("a game is already being analysed"));
        }
        let stop = Arc::new(AtomicBool::new(false));
        *slot = Some(Arc::clone(&stop));
        Ok(stop)
    }

    /// Marks the running analysis as finished.
    pub fn end_analysis(&self) {
        *lock(&self.analysis_stop) = None;
    }

    /// Stops the running analysis, if any.
    pub fn stop_analysis(&self) {
        if let Some(stop) = lock(&self.analysis_stop).as_ref() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Runs `f` with the store and the open profile.
    ///
    /// # Errors
    /// [`AppError::NoStore`] without a data folder, [`AppError::NoProfile`]
    /// before a profile is open, or `f`'s error.
    pub fn with_profile<T>(
        &self,
        f: impl FnOnce(&mut Store, &ProfileId) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        self.with_store(|store| {
            let id = store
                .open_profile_id()
                .cloned()
                .ok_or(AppError::NoProfile)?;
            f(store, &id)
        })
    }

    /// Runs `f` with the store.
    ///
    /// # Errors
    /// [`AppError::NoStore`] without a data folder, or `f`'s error.
    pub fn with_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut guard = lock(&self.store);
        let store = guard.as_mut().ok_or_else(|| {
            AppError::NoStore(
                self.store_error
                    .clone()
                    .unwrap_or_else(|| "not opened".into()),
            )
        })?;
        f(store)
    }

    /// Puts `next` on the board in place of the current game, stopping any
    /// search for the old one.
    pub fn replace_session(&self, next: Session) -> GameView {
        let mut session = self.session();
        self.stop_ai();
        let generation = session.generation.wrapping_add(1);
        *session = next;
        session.generation = generation;
        self.after_change(&mut session);
        self.view(&session)
    }

    /// The view of `session`, with its pairing's score.
    pub fn view(&self, session: &Session) -> GameView {
        let key = (session.mode, session.black.clone(), session.white.clone());
        let score = lock(&self.scores).get(&key).copied().unwrap_or_default();
        GameView::of(session, score)
    }

    /// What follows any change to the game: the autosave for "continue"
    /// while it is on, and when it has ended, the replay log, the stats and
    /// the pairing's score. Failures to write are kept as notices: the game
    /// goes on either way.
    pub fn after_change(&self, session: &mut Session) {
        let result = if session.game.is_over() {
            self.finish(session)
        } else if session.game.moves().is_empty() {
            self.with_profile(|store, id| Ok(store.clear_autosave(id)?))
        } else {
            let meta = session.save_meta();
            let saved = session.to_saved();
            self.with_profile(|store, id| Ok(store.autosave(id, &meta, &saved)?))
        };
        match result {
            Ok(()) | Err(AppError::NoProfile | AppError::NoStore(_)) => {}
            Err(err) => {
                tracing::error!(error = %err, "game not kept");
                lock(&self.notices).push(NoticeView {
                    kind: err.kind().to_string(),
                    message: format!("The game could not be kept: {err}"),
                });
            }
        }
    }

    fn finish(&self, session: &mut Session) -> Result<(), AppError> {
        if session.recorded {
            return Ok(());
        }
        session.recorded = true;
        if let Some(outcome) = session.game.outcome() {
            let key = (session.mode, session.black.clone(), session.white.clone());
            let mut scores = lock(&self.scores);
            let score = scores.entry(key).or_default();
            match outcome.winner() {
                Some(wuzi_core::Stone::Black) => score.black += 1,
                Some(wuzi_core::Stone::White) => score.white += 1,
                None => score.draws += 1,
            }
        }
        let Some(summary) = session.replay_summary() else {
            return Ok(());
        };
        tracing::info!(result = ?summary.result, moves = summary.move_count, "game ended");
        let saved = session.to_saved();
        let replay = self.with_profile(|store, id| {
            let replay = store.record_replay(id, &summary, &saved)?;
            store.clear_autosave(id)?;
            Ok(replay)
        })?;
        session.replay_id = Some(replay.as_str().to_string());
        Ok(())
    }
}
