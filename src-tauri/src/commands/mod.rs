//! The commands the UI invokes. Each is a few lines over [`AppState`]; all
//! are async so none runs on the main thread, and the long ones (the
//! computer's moves, hints, analysis) go to blocking threads.

pub mod ai;
pub mod game;
pub mod profiles;
pub mod review;
pub mod saves;

use crate::AppError;

/// Runs `work` on a blocking thread and waits for it without blocking the
/// async runtime.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tauri::async_runtime::spawn_blocking(work)
        .await
        .map_err(|err| AppError::Internal(err.to_string()))?
}
