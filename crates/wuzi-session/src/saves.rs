//! Named saves, "continue", and games in and out as text or files.

use std::path::Path;

use serde::{Deserialize, Serialize};
use wuzi_core::record::{self, GameRecord};
use wuzi_core::{Game, GameConfig, Rule};
use wuzi_store::SaveInfo;

use crate::service::lock;
use crate::session::{Mode, SavedGame, Seat, Session, now_ms};
use crate::{AppError, GameView, RecordProblem, Service};

/// A save as the Load screen lists it.
#[derive(Debug, Clone, Serialize)]
pub struct SaveView {
    /// The name the player gave.
    pub name: String,
    /// When, in Unix milliseconds.
    pub saved_at: i64,
    /// The rule.
    pub rule: wuzi_core::Rule,
    /// Lines each way.
    pub size: u8,
    /// Who played whom.
    pub mode: Mode,
    /// Moves played.
    pub move_count: u32,
    /// The position: `size * size` characters row by row, `.` `x` `o`.
    pub preview: String,
}

impl From<SaveInfo> for SaveView {
    fn from(info: SaveInfo) -> Self {
        SaveView {
            name: info.name,
            saved_at: info.meta.saved_ms,
            rule: info.meta.rule,
            size: info.meta.size,
            mode: Mode::from_store(info.meta.mode),
            move_count: info.meta.move_count,
            preview: info.meta.preview,
        }
    }
}

/// A game as text, with a file name to offer.
#[derive(Debug, Clone, Serialize)]
pub struct Exported {
    /// The file's content.
    pub text: String,
    /// A name for the file.
    pub file_name: String,
    /// What the format is called, for a file dialog's filter.
    #[serde(skip)]
    pub kind: &'static str,
    /// The file extension, without the dot.
    #[serde(skip)]
    pub extension: &'static str,
}

/// Where a file written for the player went.
#[derive(Debug, Clone, Serialize)]
pub struct SavedFile {
    /// The full path the player chose.
    pub path: String,
}

/// What a record does not say for itself: a move string has no board size
/// or rule, a PSQ file no rule. Records that name them (SGF, JSON) keep
/// their own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportOptions {
    /// The board size of a move string (15 when not given).
    pub size: Option<u8>,
    /// The rule of a move string or PSQ file (freestyle when not given).
    pub rule: Option<Rule>,
}

fn record_error(message: String, problem: RecordProblem) -> AppError {
    AppError::Record {
        message,
        problem: Box::new(problem),
    }
}

/// Reads a game from text: SGF, Piskvork PSQ, the app's JSON or a move
/// string (`h8i9j10`), told apart by how the text begins; then checks its
/// moves make a legal game.
fn read_game(text: &str, options: ImportOptions) -> Result<(GameRecord, Game), AppError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let rule = options.rule.unwrap_or_default();
    let (record, format, size) = if trimmed.starts_with('(') {
        let record = record::sgf::read(trimmed)
            .map_err(|e| record_error(e.to_string(), RecordProblem::sgf(trimmed, &e)))?;
        let size = record.config.size;
        (record, "sgf", size)
    } else if trimmed.starts_with('{') {
        let record = record::json::read(trimmed)
            .map_err(|e| record_error(e.to_string(), RecordProblem::json(trimmed, &e)))?;
        let size = record.config.size;
        (record, "json", size)
    } else if trimmed.to_ascii_lowercase().starts_with("piskvork") {
        let record = record::psq::read_with_rule(trimmed, rule)
            .map_err(|e| record_error(e.to_string(), RecordProblem::psq(trimmed, &e)))?;
        let size = record.config.size;
        (record, "psq", size)
    } else {
        let size = options.size.unwrap_or(wuzi_core::DEFAULT_SIZE);
        let config = GameConfig {
            size,
            ..GameConfig::with_rule(rule)
        };
        let moves = trimmed.trim();
        let points = record::movestr::parse(moves, size)
            .map_err(|e| record_error(e.to_string(), RecordProblem::moves(moves, &e)))?;
        let game = Game::from_moves(config, &points).map_err(|e| {
            record_error(
                format!("the game's moves are not legal: {e}"),
                RecordProblem::replay("moves", &e, size),
            )
        })?;
        (GameRecord::from_game(&game), "moves", size)
    };
    let game = record.to_game().map_err(|e| {
        record_error(
            format!("the game's moves are not legal: {e}"),
            RecordProblem::replay(format, &e, size),
        )
    })?;
    Ok((record, game))
}

impl Service {
    /// This profile's saves, newest first.
    ///
    /// # Errors
    /// `no_profile`, `no_store`, or the store's error.
    pub fn list_saves(&self) -> Result<Vec<SaveView>, AppError> {
        self.with_profile(|store, id| {
            let (saves, notices) = store.saves(id)?;
            self.add_notices(&notices);
            Ok(saves.into_iter().map(SaveView::from).collect())
        })
    }

    /// Saves the game under `name`; an existing save of that name is
    /// replaced only when `overwrite` is set (error `exists` otherwise).
    /// Answers the saves as listed after.
    ///
    /// # Errors
    /// `exists`, `bad_name`, or the store's error.
    pub fn save_game(&self, name: &str, overwrite: bool) -> Result<Vec<SaveView>, AppError> {
        let (meta, saved, generation) = {
            let session = self.session();
            (session.save_meta(), session.to_saved(), session.generation)
        };
        self.with_profile(|store, id| Ok(store.save(id, name, &meta, &saved, overwrite)?))?;
        tracing::info!(moves = meta.move_count, "game saved");
        {
            let mut session = self.session();
            if session.generation == generation {
                session.save_name = Some(name.to_string());
                session.saved = true;
                // The autosave says so too, so the game is not taken for
                // lost if another takes its place after a restart.
                drop(self.commit(session));
            }
        }
        self.list_saves()
    }

    /// Loads the save `name` in place of the game on the board.
    ///
    /// # Errors
    /// `not_found`, a damaged save, or moves that are not a legal game.
    pub fn load_save(&self, name: &str) -> Result<GameView, AppError> {
        let saved = self.with_profile(|store, id| {
            let (saved, notices) = store.load_save::<SavedGame>(id, name)?;
            self.add_notices(&notices);
            Ok(saved)
        })?;
        let mut next = Session::from_saved(saved.game)?;
        next.save_name = saved.name.or(Some(name.to_string()));
        next.saved = true;
        Ok(self.replace_session(next))
    }

    /// Deletes the save `name`; answers the saves left.
    ///
    /// # Errors
    /// `not_found` or the store's error.
    pub fn delete_save(&self, name: &str) -> Result<Vec<SaveView>, AppError> {
        self.with_profile(|store, id| Ok(store.delete_save(id, name)?))?;
        self.list_saves()
    }

    /// Writes the autosave of the game on the board as it stands, the time
    /// its side to move has used on this move included: the app calls it
    /// as it closes, so the clock goes on from there on Continue.
    pub fn keep_game(&self) {
        let session = self.session();
        if !session.game.moves().is_empty() && !session.game.is_over() {
            drop(self.commit(session));
        }
    }

    /// Whether there is a game to continue.
    ///
    /// # Errors
    /// The store's error when the autosave cannot be read.
    pub fn has_autosave(&self) -> Result<bool, AppError> {
        match self.with_profile(|store, id| {
            let (saved, notices) = store.load_autosave::<SavedGame>(id)?;
            self.add_notices(&notices);
            Ok(saved.is_some())
        }) {
            Err(AppError::NoProfile | AppError::NoStore(_)) => Ok(false),
            other => other,
        }
    }

    /// Brings back the game that was on the board when the app last closed.
    ///
    /// # Errors
    /// `not_found` when there is none.
    pub fn continue_game(&self) -> Result<GameView, AppError> {
        {
            // A game on the board with moves is the one the autosave holds
            // (every change to it is autosaved): it goes on as it is, its
            // clock too.
            let session = self.session();
            if !session.game.moves().is_empty() && !session.game.is_over() {
                return Ok(self.view(&session));
            }
        }
        let abandoned = lock(&self.abandoned).take();
        let saved = self.with_profile(|store, id| {
            let (saved, notices) = store.load_autosave::<SavedGame>(id)?;
            self.add_notices(&notices);
            let saved =
                saved.ok_or_else(|| AppError::NotFound("there is no game to continue".into()))?;
            // The game left for a new one that never got a move comes back:
            // it is no longer an unfinished game in the log.
            if let Some((started_ms, Some(replay))) = abandoned
                && started_ms == saved.game.started_ms
                && let Err(err) = store.delete_replay(id, &replay)
            {
                tracing::warn!(error = %err, "unfinished entry not withdrawn");
            }
            Ok(saved)
        })?;
        let mut next = Session::from_saved(saved.game)?;
        // It is the autosave: writing it again leaves no other game behind.
        next.autosaved = true;
        Ok(self.replace_session(next))
    }

    /// Replaces the game on the board with the one in `text` (SGF, PSQ, the
    /// app's JSON or a move string), as a game between two people on this
    /// device.
    ///
    /// # Errors
    /// `bad_record` with where and why the text could not be read.
    pub fn import_game(&self, text: &str, options: ImportOptions) -> Result<GameView, AppError> {
        let (record, game) = read_game(text, options)?;
        // The record's names, as guests: the file says who played, not
        // which of this device's profiles (if any) they are.
        let name = |n: &str| Seat::guest(&n.trim().chars().take(64).collect::<String>());
        let next = Session::new(
            game,
            Mode::HumanHuman,
            name(&record.players.black),
            name(&record.players.white),
        );
        tracing::info!(moves = record.moves.len(), "game imported");
        Ok(self.replace_session(next))
    }

    /// Imports the game in the file at `path`, as [`Service::import_game`].
    ///
    /// # Errors
    /// The file cannot be read, is too big, or holds no readable game.
    pub fn import_file(&self, path: &Path) -> Result<GameView, AppError> {
        let text = wuzi_store::read_text_file(path, wuzi_store::DEFAULT_TEXT_LIMIT)?;
        self.import_game(&text, ImportOptions::default())
    }

    /// The game on the board as `format`: `psq`, `sgf`, `moves` or `json`.
    /// A game from a set-up position goes only to `sgf` and `json`: the
    /// move lists cannot hold its set-up stones.
    ///
    /// # Errors
    /// `bad_argument` for another format, or a move list for a set-up
    /// game.
    pub fn export_game(&self, format: &str) -> Result<Exported, AppError> {
        let record = self.session().to_saved().record;
        if !record.setup.is_empty() && matches!(format, "psq" | "moves") {
            return Err(crate::position::no_move_order(format));
        }
        let (text, kind, extension) = match format {
            "psq" => (record::psq::write(&record), "PSQ (Piskvork)", "psq"),
            "sgf" => (record::sgf::write(&record), "SGF", "sgf"),
            "json" => (record::json::write(&record), "Wuzi (JSON)", "json"),
            "moves" => {
                let points: Vec<_> = record.moves.iter().map(|m| m.point).collect();
                (
                    record::movestr::write(&points, record.config.size),
                    "Move string",
                    "txt",
                )
            }
            other => {
                return Err(AppError::BadArgument(format!(
                    "unknown format {other:?}: use psq, sgf, moves or json"
                )));
            }
        };
        Ok(Exported {
            text,
            file_name: format!("wuzi-{}.{extension}", now_ms()),
            kind,
            extension,
        })
    }

    /// Writes `exported` to the file at `path` (atomically, as every file
    /// the app writes).
    ///
    /// # Errors
    /// The store's error when the file cannot be written.
    pub fn write_export(&self, exported: &Exported, path: &Path) -> Result<SavedFile, AppError> {
        wuzi_store::write_text_file(path, &exported.text)?;
        Ok(SavedFile {
            path: path.display().to_string(),
        })
    }
}
