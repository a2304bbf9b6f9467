//! The Wuzi app: thin Tauri commands over the game crates.
//!
//! Every command hands off to [`AppState`] and answers with what the UI
//! draws (a complete [`GameView`] for game commands) or an [`AppError`]
//! that crosses the boundary as `{ kind, message }`. The UI never decides
//! legality or a winner. `docs/ipc.md` lists the commands.

mod commands;
mod error;
mod paths;
mod session;
mod state;
mod view;

use std::path::PathBuf;

use tauri::Manager;

pub use error::AppError;
pub use paths::{DATA_DIR_VAR, choose_data_dir, platform_data_dir};
pub use session::{Mode, Seat, Session};
pub use state::AppState;
pub use view::{GameView, StoneView};

/// Where the app keeps its data.
#[derive(Debug, Clone)]
pub enum DataDir {
    /// `WUZI_DATA_DIR`, else the platform's folder, else Tauri's app data
    /// folder (Android).
    Platform,
    /// This folder (tests).
    At(PathBuf),
}

/// Registers Wuzi's state and commands on `builder`, with its data in
/// `data_dir`.
///
/// Generic over the runtime so the tests can drive the same commands through
/// Tauri's mock runtime.
pub fn configure<R: tauri::Runtime>(
    builder: tauri::Builder<R>,
    data_dir: DataDir,
) -> tauri::Builder<R> {
    let builder = match data_dir {
        // Known up front: the state is ready before any window opens.
        DataDir::At(dir) => builder.manage(AppState::open(Some(dir), false)),
        // Android's folder comes from Tauri, which knows it once the app is set up.
        DataDir::Platform => builder.setup(|app| {
            let dir = choose_data_dir(std::env::var_os(DATA_DIR_VAR), platform_data_dir(), || {
                app.path().app_data_dir().ok()
            });
            app.manage(AppState::open(dir, true));
            Ok(())
        }),
    };
    // The Open and Save dialogs for files in and out; only the Rust side
    // shows them, so the window needs no permission for the plugin.
    builder
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(tauri::generate_handler![
            commands::game::game_view,
            commands::game::new_game,
            commands::game::play,
            commands::game::undo,
            commands::game::redo,
            commands::game::restart,
            commands::game::resign,
            commands::ai::ai_move,
            commands::ai::stop_ai,
            commands::ai::hint,
            commands::saves::list_saves,
            commands::saves::save_game,
            commands::saves::load_save,
            commands::saves::delete_save,
            commands::saves::has_autosave,
            commands::saves::continue_game,
            commands::saves::import_game,
            commands::saves::export_game,
            commands::saves::import_from_file,
            commands::saves::export_to_file,
            commands::review::list_replays,
            commands::review::load_replay,
            commands::review::analyse_game,
            commands::review::stop_analysis,
            commands::review::play_from,
            commands::profiles::app_info,
            commands::profiles::list_profiles,
            commands::profiles::create_profile,
            commands::profiles::rename_profile,
            commands::profiles::delete_profile,
            commands::profiles::open_profile,
            commands::profiles::set_password,
            commands::profiles::get_settings,
            commands::profiles::set_settings,
            commands::profiles::get_stats,
        ])
}

/// Starts the app; returns when the last window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result =
        configure(tauri::Builder::default(), DataDir::Platform).run(tauri::generate_context!());
    if let Err(err) = result {
        // Nothing is shown yet when the window cannot open, so stderr is all we have.
        eprintln!("Wuzi could not start: {err}");
        std::process::exit(1);
    }
}
