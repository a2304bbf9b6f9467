//! The Wuzi app: thin Tauri commands over the game crates.

/// Starts the app.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {}
