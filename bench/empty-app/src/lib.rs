//! The baseline that `scripts/bench-startup` measures Wuzi against: a
//! Tauri 2 app with the same Tauri version (one workspace, one lock file),
//! the same window and the same Tauri settings as Wuzi, showing an empty
//! page. Whatever Wuzi costs above this in start time and memory is Wuzi's
//! own: its game service, its data folder and its UI.

/// Starts the app; returns when the window closes.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let app = tauri::Builder::default().build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|_, _| {}),
        Err(err) => {
            // The benchmark reads stderr when the app does not come up.
            eprintln!("the empty app could not start: {err}");
            std::process::exit(1);
        }
    }
}
