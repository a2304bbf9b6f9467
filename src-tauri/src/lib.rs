//! The Wuzi app: thin Tauri commands over the game crates.
//!
//! Every command hands off to [`AppState`] and returns a complete
//! [`GameView`] for the UI to draw, or an [`AppError`] that crosses the
//! boundary as `{ kind, message }`. The UI never decides legality or a winner.

mod commands;
mod error;
mod state;
mod view;

pub use error::AppError;
pub use state::AppState;
pub use view::{GameView, StoneView};

/// Registers Wuzi's state and commands on `builder`.
///
/// Generic over the runtime so the tests can drive the same commands through
/// Tauri's mock runtime.
pub fn configure<R: tauri::Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder
        .manage(AppState::default())
        .invoke_handler(tauri::generate_handler![
            commands::game_view,
            commands::new_game,
            commands::play,
        ])
}

/// Starts the app; returns when the last window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result = configure(tauri::Builder::default()).run(tauri::generate_context!());
    if let Err(err) = result {
        // Nothing is shown yet when the window cannot open, so stderr is all we have.
        eprintln!("Wuzi could not start: {err}");
        std::process::exit(1);
    }
}
