//! The Wuzi app: the Tauri shell over the game service.
//!
//! The page sends every command through one Tauri command, `ipc`, which
//! hands it to [`wuzi_session::Service::dispatch`] on a blocking thread;
//! answers are what the UI draws, failures cross as `{ kind, message }`.
//! The shell adds only what needs Tauri: the window, progress channels,
//! the system's file dialogs and the choice of data folder. `docs/ipc.md`
//! lists the commands.

mod door;
#[cfg(target_os = "linux")]
mod paint;
mod paths;

use std::path::PathBuf;
use std::sync::Arc;

use tauri::Manager;
use wuzi_session::Service;

pub use paths::{DATA_DIR_VAR, choose_data_dir, platform_data_dir};

/// Where the app keeps its data.
#[derive(Debug, Clone)]
pub enum DataDir {
    /// `WUZI_DATA_DIR`, else the platform's folder, else Tauri's app data
    /// folder (Android).
    Platform,
    /// This folder (tests).
    At(PathBuf),
}

/// Registers the game service and the `ipc` and `quit` commands on
/// `builder`, with the data in `data_dir`.
///
/// Generic over the runtime so the tests can drive the same command through
/// Tauri's mock runtime.
pub fn configure<R: tauri::Runtime>(
    builder: tauri::Builder<R>,
    data_dir: DataDir,
) -> tauri::Builder<R> {
    let builder = match data_dir {
        // Known up front: the service is ready before any window opens.
        DataDir::At(dir) => builder.manage(Arc::new(Service::open(Some(dir), false))),
        // Android's folder comes from Tauri, which knows it once the app is set up.
        DataDir::Platform => builder.setup(|app| {
            let dir = choose_data_dir(std::env::var_os(DATA_DIR_VAR), platform_data_dir(), || {
                app.path().app_data_dir().ok()
            });
            app.manage(Arc::new(Service::open(dir, true)));
            #[cfg(target_os = "linux")]
            paint::without_compositing(app);
            Ok(())
        }),
    };
    // The Open and Save dialogs for files in and out; only the Rust side
    // shows them, so the window needs no permission for the plugin.
    builder
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(tauri::generate_handler![door::ipc, door::quit])
}

/// Starts the app; returns when the last window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let app =
        configure(tauri::Builder::default(), DataDir::Platform).build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|app, event| {
            // The game's clock is kept as it stands when the app closes.
            if let tauri::RunEvent::Exit = event
                && let Some(service) = app.try_state::<Arc<Service>>()
            {
                service.keep_game();
            }
        }),
        Err(err) => {
            // Nothing is shown yet when the window cannot open, so stderr is all we have.
            eprintln!("Wuzi could not start: {err}");
            std::process::exit(1);
        }
    }
}
