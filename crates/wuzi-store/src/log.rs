//! The usage log: `root/logs/wuzi.<date>.log`, a new file each day, the
//! last seven kept.

use std::fmt;
use std::path::Path;

use tracing_appender::non_blocking::WorkerGuard;
use tracing_appender::rolling::{RollingFileAppender, Rotation};
use tracing_subscriber::EnvFilter;

use crate::error::{Error, Result};

/// How many daily log files are kept.
pub const LOG_FILES_KEPT: usize = 7;

/// Keeps the log writer running; lines still buffered are written when it
/// is dropped, so hold it until the app exits.
pub struct LogGuard {
    _guard: WorkerGuard,
}

impl fmt::Debug for LogGuard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("LogGuard")
    }
}

/// Sends this process's `tracing` events to `root/logs/`, rotated daily,
/// [`LOG_FILES_KEPT`] files kept. The level is `info` unless the `WUZI_LOG`
/// variable says otherwise (e.g. `WUZI_LOG=wuzi_store=debug`).
///
/// Fails with [`Error::Logging`] if the folder cannot be made or a global
/// subscriber is already set.
pub fn init_logging(root: &Path) -> Result<LogGuard> {
    let dir = root.join("logs");
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let appender = RollingFileAppender::builder()
        .rotation(Rotation::DAILY)
        .filename_prefix("wuzi")
        .filename_suffix("log")
        .max_log_files(LOG_FILES_KEPT)
        .build(&dir)
        .map_err(|e| Error::Logging(e.to_string()))?;
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let filter = EnvFilter::try_from_env("WUZI_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_env_filter(filter)
        .try_init()
        .map_err(|e| Error::Logging(e.to_string()))?;
    tracing::info!(version = env!("CARGO_PKG_VERSION"), "usage log started");
    Ok(LogGuard { _guard: guard })
}
