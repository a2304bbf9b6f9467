//! Reading and writing user-chosen text files (game records to import and
//! export). The formats themselves belong to the game core.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use crate::atomic::write_atomic;
use crate::error::{Error, Result};

/// A sensible cap for a game record: far above any real game (a full 22x22
/// board in SGF is a few kilobytes), far below what would hurt to read.
pub const DEFAULT_TEXT_LIMIT: u64 = 1024 * 1024;

/// Reads a user-chosen text file of at most `limit` bytes. A UTF-8 byte
/// order mark is dropped.
///
/// Errors: [`Error::NotFound`], [`Error::TooLarge`], [`Error::NotText`]
/// (not UTF-8, or contains NUL bytes, as binary files do), [`Error::Io`].
pub fn read_text_file(path: &Path, limit: u64) -> Result<String> {
    let file = match fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(Error::not_found(format!("the file {}", path.display())));
        }
        Err(e) => return Err(Error::io(path, e)),
    };
    let meta = file.metadata().map_err(|e| Error::io(path, e))?;
    if meta.is_dir() {
        return Err(Error::NotText {
            path: path.to_path_buf(),
        });
    }
    if meta.len() > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit,
        });
    }
    // The size can change between the check and the read; never read more
    // than the cap whatever the file does.
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    let read = bytes.len() as u64;
    if read > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: read,
            limit,
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| Error::NotText {
        path: path.to_path_buf(),
    })?;
    if text.contains('\0') {
        return Err(Error::NotText {
            path: path.to_path_buf(),
        });
    }
    tracing::info!(file = %path.display(), bytes = read, "file imported");
    Ok(text
        .strip_prefix('\u{feff}')
        .map(str::to_owned)
        .unwrap_or(text))
}

/// Writes `text` to a user-chosen file atomically (a half-written export
/// never replaces a good file).
pub fn write_text_file(path: &Path, text: &str) -> Result<()> {
    write_atomic(path, text.as_bytes(), false)?;
    // The atomic write's temp file is private (0600), right for the data
    // folder; a file the player exports is theirs to share, so it gets the
    // usual 0644.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o644))
            .map_err(|e| Error::io(path, e))?;
    }
    tracing::info!(file = %path.display(), bytes = text.len(), "file exported");
    Ok(())
}
