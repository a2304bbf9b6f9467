//! Named saves, "continue", and games in and out as text, pasted or
//! through the system's file dialogs.

use std::path::PathBuf;

use serde::Serialize;
use tauri::{Manager, Runtime, State};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder, FilePath};
use wuzi_core::record::{self, GameRecord};
use wuzi_store::SaveInfo;

use crate::session::{Mode, SavedGame, Seat, Session};
use crate::{AppError, AppState, GameView};

/// A save as the Load screen lists it.
#[derive(Debug, Clone, Serialize)]
pub struct SaveView {
    /// The name the player gave.
    pub name: String,
    /// When, in Unix milliseconds.
    pub saved_at: i64,
    /// The rule's name.
    pub rule: String,
    /// Lines each way.
    pub size: u8,
    /// Who played whom.
    pub mode: wuzi_store::GameMode,
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
            mode: info.meta.mode,
            move_count: info.meta.move_count,
            preview: info.meta.preview,
        }
    }
}

fn list(state: &AppState) -> Result<Vec<SaveView>, AppError> {
    state.with_profile(|store, id| {
        let (saves, notices) = store.saves(id)?;
        state.add_notices(&notices);
        Ok(saves.into_iter().map(SaveView::from).collect())
    })
}

/// This profile's saves, newest first.
#[tauri::command]
pub async fn list_saves(state: State<'_, AppState>) -> Result<Vec<SaveView>, AppError> {
    list(&state)
}

/// Saves the game under `name`; an existing save of that name is replaced
/// only when `overwrite` is set (error `exists` otherwise).
#[tauri::command]
pub async fn save_game(
    state: State<'_, AppState>,
    name: String,
    overwrite: bool,
) -> Result<Vec<SaveView>, AppError> {
    let (meta, saved) = {
        let session = state.session();
        (session.save_meta(), session.to_saved())
    };
    state.with_profile(|store, id| Ok(store.save(id, &name, &meta, &saved, overwrite)?))?;
    tracing::info!(moves = meta.move_count, "game saved");
    state.session().save_name = Some(name);
    list(&state)
}

/// Loads the save `name` in place of the game on the board.
#[tauri::command]
pub async fn load_save(state: State<'_, AppState>, name: String) -> Result<GameView, AppError> {
    let saved = state.with_profile(|store, id| {
        let (saved, notices) = store.load_save::<SavedGame>(id, &name)?;
        state.add_notices(&notices);
        Ok(saved)
    })?;
    let mut next = Session::from_saved(saved.game)?;
    next.save_name = saved.name.or(Some(name));
    Ok(state.replace_session(next))
}

/// Deletes the save `name`.
#[tauri::command]
pub async fn delete_save(
    state: State<'_, AppState>,
    name: String,
) -> Result<Vec<SaveView>, AppError> {
    state.with_profile(|store, id| Ok(store.delete_save(id, &name)?))?;
    list(&state)
}

/// Whether there is a game to continue.
#[tauri::command]
pub async fn has_autosave(state: State<'_, AppState>) -> Result<bool, AppError> {
    match state.with_profile(|store, id| {
        let (saved, notices) = store.load_autosave::<SavedGame>(id)?;
        state.add_notices(&notices);
        Ok(saved.is_some())
    }) {
        Err(AppError::NoProfile | AppError::NoStore(_)) => Ok(false),
        other => other,
    }
}

/// Brings back the game that was on the board when the app last closed.
#[tauri::command]
pub async fn continue_game(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let saved = state.with_profile(|store, id| {
        let (saved, notices) = store.load_autosave::<SavedGame>(id)?;
        state.add_notices(&notices);
        saved.ok_or_else(|| AppError::NotFound("there is no game to continue".into()))
    })?;
    let next = Session::from_saved(saved.game)?;
    Ok(state.replace_session(next))
}

/// Reads a game from text: SGF, Piskvork PSQ, the app's JSON or a move
/// string (`h8i9j10`), told apart by how the text begins.
fn read_record(text: &str) -> Result<GameRecord, AppError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let bad = |e: &dyn std::fmt::Display| AppError::Record(e.to_string());
    if trimmed.starts_with('(') {
        record::sgf::read(trimmed).map_err(|e| bad(&e))
    } else if trimmed.starts_with('{') {
        record::json::read(trimmed).map_err(|e| bad(&e))
    } else if trimmed.to_ascii_lowercase().starts_with("piskvork") {
        record::psq::read(trimmed).map_err(|e| bad(&e))
    } else {
        let size = wuzi_core::DEFAULT_SIZE;
        let points = record::movestr::parse(trimmed.trim(), size).map_err(|e| bad(&e))?;
        let game = wuzi_core::Game::from_moves(wuzi_core::GameConfig::default(), &points)?;
        Ok(GameRecord::from_game(&game))
    }
}

/// Replaces the game on the board with the one in `text`, as a game between
/// two people on this device.
fn import_text(state: &AppState, text: &str) -> Result<GameView, AppError> {
    let record = read_record(text)?;
    let game = record.to_game()?;
    let name = |n: &str, fallback: &str| Seat::Human {
        name: if n.trim().is_empty() { fallback } else { n }
            .chars()
            .take(64)
            .collect(),
    };
    let next = Session::new(
        game,
        Mode::HumanHuman,
        name(&record.players.black, "Black"),
        name(&record.players.white, "White"),
    );
    tracing::info!(moves = record.moves.len(), "game imported");
    Ok(state.replace_session(next))
}

/// Imports a game from `text` as a game between two people on this device.
#[tauri::command]
pub async fn import_game(state: State<'_, AppState>, text: String) -> Result<GameView, AppError> {
    import_text(&state, &text)
}

/// A game as text, with a file name to offer.
#[derive(Debug, Clone, Serialize)]
pub struct Exported {
    /// The file's content.
    pub text: String,
    /// A name for the file.
    pub file_name: String,
}

/// The game on the board as `format`, with the name of the format and the
/// file extension it goes by.
fn export(
    state: &AppState,
    format: &str,
) -> Result<(Exported, &'static str, &'static str), AppError> {
    let saved = state.session().to_saved();
    let record = saved.record;
    let (text, kind, ext) = match format {
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
    let exported = Exported {
        text,
        file_name: format!("wuzi-{}.{ext}", crate::session::now_ms()),
    };
    Ok((exported, kind, ext))
}

/// The game on the board as `format`: `psq`, `sgf`, `moves` or `json`.
#[tauri::command]
pub async fn export_game(state: State<'_, AppState>, format: String) -> Result<Exported, AppError> {
    Ok(export(&state, &format)?.0)
}

/// Where a file saved through the dialog went.
#[derive(Debug, Clone, Serialize)]
pub struct SavedFile {
    /// The full path the player chose.
    pub path: String,
}

/// A file dialog over `window`, starting in the player's documents folder
/// (else their home), so a file never lands in wherever the app was started
/// from.
fn file_dialog<R: Runtime>(window: &tauri::Window<R>) -> FileDialogBuilder<R> {
    let paths = window.path();
    let start = [paths.document_dir(), paths.home_dir()]
        .into_iter()
        .flatten()
        .find(|dir| dir.is_dir());
    let dialog = window.dialog().file();
    // A parent makes the dialog modal to the app's window and keeps it on top.
    #[cfg(desktop)]
    let dialog = dialog.set_parent(window);
    match start {
        Some(dir) => dialog.set_directory(dir),
        None => dialog,
    }
}

/// Shows a dialog and waits for the player's choice: `None` when they
/// cancelled.
///
/// The wait runs on a blocking thread: the dialog itself lives on the main
/// thread, and the player may keep it open for as long as they like.
async fn choose<R: Runtime>(
    dialog: FileDialogBuilder<R>,
    show: fn(FileDialogBuilder<R>) -> Option<FilePath>,
) -> Result<Option<PathBuf>, AppError> {
    let chosen = tauri::async_runtime::spawn_blocking(move || show(dialog))
        .await
        .map_err(|e| AppError::Internal(format!("the file dialog failed: {e}")))?;
    chosen
        .map(|file| {
            file.into_path().map_err(|e| {
                AppError::BadArgument(format!("the chosen file is not a local file: {e}"))
            })
        })
        .transpose()
}

/// Exports the game on the board as `format` (as `export_game` does) to a
/// file the player picks in the system's Save dialog. Answers where it went,
/// or `None` when the player cancelled.
#[tauri::command]
pub async fn export_to_file<R: Runtime>(
    window: tauri::Window<R>,
    state: State<'_, AppState>,
    format: String,
) -> Result<Option<SavedFile>, AppError> {
    let (exported, kind, ext) = export(&state, &format)?;
    let dialog = file_dialog(&window)
        .set_file_name(exported.file_name)
        .add_filter(kind, &[ext]);
    let Some(path) = choose(dialog, FileDialogBuilder::blocking_save_file).await? else {
        return Ok(None);
    };
    wuzi_store::write_text_file(&path, &exported.text)?;
    Ok(Some(SavedFile {
        path: path.display().to_string(),
    }))
}

/// Imports a game (as `import_game` does) from a file the player picks in
/// the system's Open dialog. Answers the new game, or `None` when the player
/// cancelled.
#[tauri::command]
pub async fn import_from_file<R: Runtime>(
    window: tauri::Window<R>,
    state: State<'_, AppState>,
) -> Result<Option<GameView>, AppError> {
    let dialog = file_dialog(&window)
        .add_filter("Game records", &["psq", "sgf", "txt", "json"])
        // GTK reads this as `*.*`: every file with an extension.
        .add_filter("All files", &["*"]);
    let Some(path) = choose(dialog, FileDialogBuilder::blocking_pick_file).await? else {
        return Ok(None);
    };
    let text = wuzi_store::read_text_file(&path, wuzi_store::DEFAULT_TEXT_LIMIT)?;
    import_text(&state, &text).map(Some)
}
