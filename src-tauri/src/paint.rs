//! How WebKit paints the page on Linux.

use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};

/// Paints `app`'s pages without accelerated compositing.
///
/// With compositing, WebKit draws each layer of the page through OpenGL
/// (a software one where there is no GPU) and keeps what it drew for
/// every screen shown so far: about 150 MiB more after a game than
/// painting the page in one piece (see `docs/benchmarks.md`, "Start-up
/// and memory"). A board and a few panels need none of what compositing
/// is for (video, 3D, many moving layers), so the page is painted whole.
pub(crate) fn without_compositing<R: tauri::Runtime>(app: &impl tauri::Manager<R>) {
    for (label, window) in app.webview_windows() {
        let painted = window.with_webview(|webview| {
            if let Some(settings) = WebViewExt::settings(&webview.inner()) {
                settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
            }
        });
        // Not fatal: the page is then painted the default way.
        if let Err(err) = painted {
            eprintln!("Wuzi: window {label} keeps WebKit's default painting: {err}");
        }
    }
}
