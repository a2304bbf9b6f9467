//! The one command the page invokes for the game service, what the shell
//! does for it (progress over a channel, the system's file dialogs), and
//! Quit.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use tauri::ipc::Channel;
use tauri::{Manager, Runtime, State};
use tauri_plugin_dialog::{DialogExt, FileDialogBuilder, FilePath};
use wuzi_session::{AppError, Door, Service};

/// Runs `command` with `args` on the game service, on a blocking thread so
/// a search or a write never holds up the app; progress goes to
/// `on_progress` (the page passes a channel with every call, as Tauri has
/// no optional channels).
#[tauri::command]
pub async fn ipc<R: Runtime>(
    window: tauri::Window<R>,
    service: State<'_, Arc<Service>>,
    command: String,
    args: Option<Value>,
    on_progress: Channel<Value>,
) -> Result<Value, AppError> {
    let service = Arc::clone(&service);
    let door = AppDoor {
        window,
        on_progress,
    };
    tauri::async_runtime::spawn_blocking(move || {
        service.dispatch(&command, args.unwrap_or(Value::Null), &door)
    })
    .await
    .map_err(|err| AppError::Internal(err.to_string()))?
}

/// Keeps the game on the board (the autosave that Continue brings back, its
/// clock as it stands) and ends the app: the page's Quit button on desktop.
///
/// The autosave is written here, before the exit is asked for, rather than
/// left to `RunEvent::Exit` alone: the player pressed Quit expecting the
/// game kept, and the write must finish before the process goes.
#[tauri::command]
pub async fn quit<R: Runtime>(
    app: tauri::AppHandle<R>,
    service: State<'_, Arc<Service>>,
) -> Result<(), AppError> {
    let service = Arc::clone(&service);
    tauri::async_runtime::spawn_blocking(move || service.keep_game())
        .await
        .map_err(|err| AppError::Internal(err.to_string()))?;
    app.exit(0);
    Ok(())
}

/// The app's side of a command: its window (for dialogs) and its channel.
struct AppDoor<R: Runtime> {
    window: tauri::Window<R>,
    on_progress: Channel<Value>,
}

impl<R: Runtime> AppDoor<R> {
    /// A file dialog over the window, starting in the player's documents
    /// folder (else their home), so a file never lands in wherever the app
    /// was started from.
    fn dialog(&self) -> FileDialogBuilder<R> {
        let paths = self.window.path();
        let start = [paths.document_dir(), paths.home_dir()]
            .into_iter()
            .flatten()
            .find(|dir| dir.is_dir());
        let dialog = self.window.dialog().file();
        // A parent makes the dialog modal to the app's window and keeps it on top.
        #[cfg(desktop)]
        let dialog = dialog.set_parent(&self.window);
        match start {
            Some(dir) => dialog.set_directory(dir),
            None => dialog,
        }
    }
}

fn local(chosen: Option<FilePath>) -> Result<Option<PathBuf>, AppError> {
    chosen
        .map(|file| {
            file.into_path().map_err(|e| {
                AppError::BadArgument(format!("the chosen file is not a local file: {e}"))
            })
        })
        .transpose()
}

impl<R: Runtime> Door for AppDoor<R> {
    fn progress(&self, message: Value) {
        // A closed window or reloaded page cannot hear progress; the work still counts.
        let _ = self.on_progress.send(message);
    }

    // The dialogs block this (blocking) thread while the player chooses;
    // the dialog itself runs on the main thread.
    fn pick_file_to_open(&self) -> Result<Option<PathBuf>, AppError> {
        let dialog = self
            .dialog()
            .add_filter("Game records", &["psq", "sgf", "txt", "json"])
            // GTK reads this as `*.*`: every file with an extension.
            .add_filter("All files", &["*"]);
        local(dialog.blocking_pick_file())
    }

    fn pick_file_to_save(
        &self,
        file_name: &str,
        kind: &str,
        extension: &str,
    ) -> Result<Option<PathBuf>, AppError> {
        let dialog = self
            .dialog()
            .set_file_name(file_name)
            .add_filter(kind, &[extension]);
        local(dialog.blocking_save_file())
    }
}
