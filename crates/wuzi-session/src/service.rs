//! The service: everything the app owns, behind one handle every front
//! door shares.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use serde::Serialize;
use wuzi_engine::Engine;
use wuzi_store::{LogGuard, Notice, ProfileId, Store};

use crate::error::{AppError, NoStoreReason};
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

/// The game service: the game on the board, the data folder, the engines
/// and the flags that stop their searches.
///
/// Every method takes `&self` and may block (searches, analysis, fsync'd
/// writes, password hashing): front doors call it from a blocking thread.
/// No lock that [`Service::game_view`] needs is held across a search or a
/// write to disk.
#[derive(Debug)]
pub struct Service {
    pub(crate) session: Mutex<Session>,
    store: Mutex<Option<Store>>,
    store_error: Option<NoStoreReason>,
    data_dir: Option<PathBuf>,
    /// The computer's own moves.
    pub(crate) engine: Mutex<Engine>,
    /// Hints, apart from the computer's engine so a hint never waits for,
    /// or stops, the computer's search.
    pub(crate) hint_engine: Mutex<Engine>,
    pub(crate) ai_stop: StopSlot,
    pub(crate) hint_stop: StopSlot,
    analysis_stop: Mutex<Option<Arc<AtomicBool>>>,
    /// The puzzle being solved, beside the game on the board.
    pub(crate) puzzle: Mutex<Option<crate::puzzles::PuzzleRun>>,
    scores: Mutex<HashMap<Pairing, Score>>,
    /// The last game on the board with moves that another game replaced
    /// before it ended: when it began, and (when it was in no save) its
    /// entry in the replay log as unfinished, withdrawn if it is continued
    /// after all. The autosave may still hold it; it is accounted for.
    pub(crate) abandoned: Mutex<Option<(i64, Option<wuzi_store::ReplayId>)>>,
    notices: Mutex<Vec<NoticeView>>,
    _log: Option<LogGuard>,
}

/// The analysis running: its stop flag (`stop_analysis` raises it); the
/// slot is freed when this goes.
pub(crate) struct Analysing<'a> {
    service: &'a Service,
    /// Raised to end the analysis early.
    pub stop: Arc<AtomicBool>,
}

impl Drop for Analysing<'_> {
    fn drop(&mut self) {
        *lock(&self.service.analysis_stop) = None;
    }
}

/// Locks `mutex`; a command that panicked while holding it left data the
/// next command can still use, and losing the player's game would be worse.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The stop flag of one kind of search (the computer's moves, or hints):
/// one search of the kind runs at a time, and a new one ends the last.
#[derive(Debug, Default)]
pub(crate) struct StopSlot(Mutex<Arc<AtomicBool>>);

impl StopSlot {
    /// A fresh flag for the next search; the previous one is raised so a
    /// search still running ends at once. Taken while the game is locked,
    /// so a change to the game cannot fall between the snapshot a search
    /// works on and the flag that change raises.
    pub(crate) fn renew(&self) -> Arc<AtomicBool> {
        let mut current = lock(&self.0);
        current.store(true, Ordering::Relaxed);
        *current = Arc::new(AtomicBool::new(false));
        Arc::clone(&current)
    }

    /// Ends the running search of this kind, if any.
    pub(crate) fn raise(&self) {
        lock(&self.0).store(true, Ordering::Relaxed);
    }
}

/// What a change to the game asks of the data folder.
enum Keep {
    Nothing,
    /// The autosave; `first` when this game has not been autosaved yet,
    /// so whatever game the autosave held before is left behind.
    Autosave {
        job: Box<(wuzi_store::SaveMeta, crate::session::SavedGame)>,
        first: bool,
    },
    /// The ended game, for the replay log and statistics of the open
    /// profile and of any other profile that played it.
    Replay(Box<Session>),
}

/// A game left unfinished for another, for the replay log.
type Abandoned = Box<(wuzi_store::ReplaySummary, crate::session::SavedGame)>;

/// An engine for this device: Master searches on every core but one.
fn device_engine() -> Engine {
    let mut engine = Engine::new();
    engine.set_threads(wuzi_engine::default_threads());
    engine
}

impl Service {
    /// Opens the data folder `data_dir` (creating it on first start) and the
    /// last profile when it has no password. Without a folder, or when it
    /// cannot be opened, the game still plays but keeps nothing, and says so.
    /// A folder another copy of Wuzi has open is left to that copy: this
    /// one writes nothing to it, and its commands that need the folder fail
    /// with the kind `locked`.
    /// `with_log` starts the usage log in the folder's `logs/`.
    #[must_use]
    pub fn open(data_dir: Option<PathBuf>, with_log: bool) -> Service {
        let mut notices = Vec::new();
        let mut store_error = None;
        let mut log = None;
        let store = match &data_dir {
            None => {
                store_error = Some(NoStoreReason {
                    in_use: false,
                    message: "no data folder was found for this system".to_string(),
                });
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
                    tracing::error!(error = %err, "data folder not opened");
                    store_error = Some(NoStoreReason {
                        in_use: matches!(err, wuzi_store::Error::InUse { .. }),
                        message: err.to_string(),
                    });
                    None
                }
            },
        };
        if let Some(err) = &store_error {
            notices.push(NoticeView {
                kind: err.kind().into(),
                message: format!("Games and settings will not be kept: {err}"),
            });
        }
        tracing::info!(version = env!("CARGO_PKG_VERSION"), data_dir = ?data_dir, "app started");
        Service {
            session: Mutex::new(Session::default()),
            store: Mutex::new(store),
            store_error,
            data_dir,
            engine: Mutex::new(device_engine()),
            hint_engine: Mutex::new(device_engine()),
            ai_stop: StopSlot::default(),
            hint_stop: StopSlot::default(),
            analysis_stop: Mutex::new(None),
            puzzle: Mutex::new(None),
            scores: Mutex::new(HashMap::new()),
            abandoned: Mutex::new(None),
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
    pub(crate) fn session(&self) -> MutexGuard<'_, Session> {
        lock(&self.session)
    }

    /// Notices gathered since the last time they were taken.
    pub(crate) fn take_notices(&self) -> Vec<NoticeView> {
        std::mem::take(&mut *lock(&self.notices))
    }

    /// Keeps `notices` for the UI to show.
    pub(crate) fn add_notices(&self, notices: &[Notice]) {
        lock(&self.notices).extend(notices.iter().map(NoticeView::from));
    }

    /// Tells the running search to play its best move now, and ends any
    /// hint (it was for a position that is about to change, or was asked
    /// to stop).
    pub(crate) fn stop_searches(&self) {
        self.ai_stop.raise();
        self.hint_stop.raise();
    }

    /// Starts an analysis, refusing a second one at the same time. The
    /// answer holds the analysis's stop flag and marks it finished when it
    /// goes, however the analysis ends, even by a panic.
    pub(crate) fn begin_analysis(&self) -> Result<Analysing<'_>, AppError> {
        let mut slot = lock(&self.analysis_stop);
        if slot.is_some() {
            return Err(AppError::Busy("a game is already being analysed"));
        }
        let stop = Arc::new(AtomicBool::new(false));
        *slot = Some(Arc::clone(&stop));
        Ok(Analysing {
            service: self,
            stop,
        })
    }

    /// Stops the running analysis, if any.
    pub(crate) fn stop_running_analysis(&self) {
        if let Some(stop) = lock(&self.analysis_stop).as_ref() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Runs `f` with the store and the open profile.
    pub(crate) fn with_profile<T>(
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
    pub(crate) fn with_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let mut guard = lock(&self.store);
        self.store_in(&mut guard, f)
    }

    fn store_in<T>(
        &self,
        guard: &mut MutexGuard<'_, Option<Store>>,
        f: impl FnOnce(&mut Store) -> Result<T, AppError>,
    ) -> Result<T, AppError> {
        let store = guard.as_mut().ok_or_else(|| {
            AppError::NoStore(self.store_error.clone().unwrap_or_else(|| NoStoreReason {
                in_use: false,
                message: "not opened".into(),
            }))
        })?;
        f(store)
    }

    /// Puts `next` on the board in place of the current game, stopping any
    /// search for the old one. An old game with moves that no save holds
    /// goes to the replay log as unfinished, so no game is lost by a click;
    /// its autosave stays until the new game has a move.
    pub(crate) fn replace_session(&self, next: Session) -> GameView {
        let mut session = self.session();
        self.stop_searches();
        let abandoned = session
            .unsaved()
            .then(|| Box::new((session.abandoned_summary(), session.to_saved())));
        if abandoned.is_some() {
            tracing::info!(moves = session.game.moves().len(), "game left unfinished");
        } else if !session.game.moves().is_empty() && !session.game.is_over() {
            // Left in a save: its autosave, if still there, is no loss.
            *lock(&self.abandoned) = Some((session.started_ms, None));
        }
        let generation = session.generation.wrapping_add(1);
        *session = next;
        session.generation = generation;
        self.commit_with(session, abandoned)
    }

    /// An empty board in place of the game, writing nothing: on opening a
    /// profile, the game on the board was the last profile's, and it is in
    /// that profile's autosave.
    pub(crate) fn clear_board(&self) {
        let mut session = self.session();
        self.stop_searches();
        let generation = session.generation.wrapping_add(1);
        *session = Session::default();
        session.generation = generation;
        *lock(&self.abandoned) = None;
    }

    /// The view of `session`, with its pairing's score.
    pub(crate) fn view(&self, session: &Session) -> GameView {
        let key = (session.mode, session.black.clone(), session.white.clone());
        let score = lock(&self.scores).get(&key).copied().unwrap_or_default();
        GameView::of(session, score)
    }

    /// What follows any change to the game: the autosave for "continue"
    /// while it is on, and when it has ended, the replay log, the stats and
    /// the pairing's score. Answers the view.
    ///
    /// The data folder is locked before the game is let go, so writes reach
    /// the disk in the order of the changes, and the write itself runs with
    /// the game unlocked: the board can be drawn while the disk works.
    /// Failures to write are kept as notices: the game goes on either way.
    pub(crate) fn commit(&self, session: MutexGuard<'_, Session>) -> GameView {
        self.commit_with(session, None)
    }

    /// [`Service::commit`], first logging `abandoned`, the game this one
    /// replaced, as unfinished.
    fn commit_with(
        &self,
        mut session: MutexGuard<'_, Session>,
        abandoned: Option<Abandoned>,
    ) -> GameView {
        let keep = self.what_to_keep(&mut session);
        let mut view = self.view(&session);
        let generation = session.generation;
        let mut store = lock(&self.store);
        drop(session);
        if let Some(job) = abandoned {
            let logged = self.store_in(&mut store, |s| {
                let id = s.open_profile_id().cloned().ok_or(AppError::NoProfile)?;
                Ok(s.record_replay(&id, &job.0, &job.1)?)
            });
            match logged {
                Ok(replay) => *lock(&self.abandoned) = Some((job.1.started_ms, Some(replay))),
                Err(err) => self.not_kept(&err),
            }
        }
        let result = match keep {
            Keep::Nothing => Ok(None),
            Keep::Autosave { job, first } => self
                .store_in(&mut store, |s| {
                    let id = s.open_profile_id().cloned().ok_or(AppError::NoProfile)?;
                    if first {
                        self.log_left_autosave(s, &id, job.1.started_ms);
                    }
                    Ok(s.autosave(&id, &job.0, &job.1)?)
                })
                .map(|()| None),
            Keep::Replay(ended) => self.store_in(&mut store, |s| {
                let id = s.open_profile_id().cloned().ok_or(AppError::NoProfile)?;
                let saved = ended.to_saved();
                let summary = ended
                    .replay_summary(Some(id.as_str()))
                    .ok_or_else(|| AppError::Internal("an ended game has no result".into()))?;
                let replay = s.record_replay(&id, &summary, &saved)?;
                self.record_for_opponents(s, &ended, &id, &saved);
                s.clear_autosave(&id)?;
                Ok(Some(replay.as_str().to_string()))
            }),
        };
        drop(store);
        match result {
            Ok(Some(replay_id)) => {
                let mut session = self.session();
                if session.generation == generation {
                    session.replay_id = Some(replay_id.clone());
                }
                view.replay_id = Some(replay_id);
            }
            Ok(None) => {}
            Err(err) => self.not_kept(&err),
        }
        view
    }

    /// Logs an ended two-player game for the other profile in it too, so
    /// it counts in both players' statistics. A failure costs only that
    /// profile's copy, and the player is told.
    fn record_for_opponents(
        &self,
        store: &Store,
        ended: &Session,
        open: &wuzi_store::ProfileId,
        saved: &crate::session::SavedGame,
    ) {
        for (other, summary) in ended.opponents(Some(open.as_str())) {
            let written = wuzi_store::ProfileId::parse(&other)
                .and_then(|other| store.record_opponent_game(&other, &summary, saved));
            if let Err(err) = written {
                tracing::error!(profile = %other, error = %err, "game not kept for the opponent");
                self.tell(
                    err.kind(),
                    format!("The game could not be kept in the other player's profile: {err}"),
                );
            }
        }
    }

    /// Before a new game's first autosave replaces the autosave of another
    /// (a game left on the board when the app closed, or when the profile
    /// was left, and never continued): that game goes to the replay log as
    /// unfinished, unless it is there already, so it is never lost
    /// silently. A failure here only costs the log entry: the new game's
    /// autosave goes ahead.
    fn log_left_autosave(&self, store: &Store, id: &wuzi_store::ProfileId, started_ms: i64) {
        let left = match store.load_autosave::<crate::session::SavedGame>(id) {
            Ok((Some(saved), _)) => saved.game,
            Ok((None, _)) => return,
            Err(err) => {
                tracing::warn!(error = %err, "the autosave being replaced could not be read");
                return;
            }
        };
        let logged = lock(&self.abandoned)
            .as_ref()
            .is_some_and(|(started, _)| *started == left.started_ms);
        if left.started_ms == started_ms || logged || left.in_save {
            return;
        }
        let summary = match Session::from_saved(left.clone()) {
            Ok(session) if !session.game.moves().is_empty() => session.abandoned_summary(),
            Ok(_) => return,
            Err(err) => {
                tracing::warn!(error = %err, "the autosave being replaced is not a legal game");
                return;
            }
        };
        match store.record_replay(id, &summary, &left) {
            Ok(_) => tracing::info!(moves = summary.move_count, "autosaved game left unfinished"),
            Err(err) => tracing::warn!(error = %err, "the autosaved game left could not be logged"),
        }
    }

    /// Tells the player a game could not be written; without a profile or
    /// a data folder nothing is kept anyway, and that is said elsewhere.
    /// Adds a notice for the player, shown with the next answer that
    /// carries notices.
    pub(crate) fn tell(&self, kind: &str, message: String) {
        lock(&self.notices).push(NoticeView {
            kind: kind.to_string(),
            message,
        });
    }

    fn not_kept(&self, err: &AppError) {
        if matches!(err, AppError::NoProfile | AppError::NoStore(_)) {
            return;
        }
        tracing::error!(error = %err, "game not kept");
        lock(&self.notices).push(NoticeView {
            kind: err.kind().to_string(),
            message: format!("The game could not be kept: {err}"),
        });
    }

    fn what_to_keep(&self, session: &mut Session) -> Keep {
        if session.game.is_over() {
            if session.recorded {
                return Keep::Nothing;
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
            match session.game.outcome() {
                Some(outcome) => {
                    tracing::info!(?outcome, moves = session.game.moves().len(), "game ended");
                    Keep::Replay(Box::new(session.clone()))
                }
                None => Keep::Nothing,
            }
        } else if session.game.moves().is_empty() {
            // The game this one replaced stays ready to continue until
            // this one has a move.
            Keep::Nothing
        } else {
            let first = !session.autosaved;
            session.autosaved = true;
            Keep::Autosave {
                job: Box::new((session.save_meta(), session.to_saved())),
                first,
            }
        }
    }
}
