//! Atomic file writes: a reader (or a crash) sees either the whole old file
//! or the whole new one, never a mix.
//!
//! The new bytes go to a temp file in the target's own folder (a rename is
//! only atomic within one file system), are flushed to disk, the current
//! file is kept as `<name>.bak`, the temp file is renamed over the target,
//! and the folder is flushed so the rename itself survives a power cut.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::error::{Error, Result};

/// Temp files start with this, so leftovers from a crash can be recognised
/// and swept.
pub(crate) const TEMP_PREFIX: &str = ".wuzi-tmp-";

/// A leftover temp file younger than this may belong to a write in progress
/// in another process, so it is left alone.
const TEMP_MAX_AGE: Duration = Duration::from_secs(60);

/// `<name>.bak` next to `path`.
pub(crate) fn backup_path(path: &Path) -> PathBuf {
    with_suffix(path, ".bak")
}

/// `path` with `suffix` appended to its file name.
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// Writes `bytes` to `path` atomically. With `keep_backup`, the file being
/// replaced is kept as `<name>.bak`.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8], keep_backup: bool) -> Result<()> {
    let dir = parent(path);
    fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| Error::io(dir, e))?;
    temp.write_all(bytes)
        .map_err(|e| Error::io(temp.path(), e))?;
    temp.as_file()
        .sync_all()
        .map_err(|e| Error::io(temp.path(), e))?;
    if keep_backup {
        keep_as_backup(path)?;
    }
    temp.persist(path).map_err(|e| Error::io(path, e.error))?;
    sync_dir(dir)
}

/// Makes `<name>.bak` a copy of the current `path`, if there is one.
///
/// A hard link costs nothing and leaves `path` in place the whole time, so
/// the target never goes missing; where links are not supported a copy does
/// the same job more slowly.
fn keep_as_backup(path: &Path) -> Result<()> {
    let backup = backup_path(path);
    match fs::remove_file(&backup) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io(&backup, e)),
    }
    match fs::hard_link(path, &backup) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(_) => match fs::copy(path, &backup) {
            Ok(_) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io(&backup, e)),
        },
    }
}

/// Flushes a folder's entries (new names, renames) to disk.
#[cfg(unix)]
pub(crate) fn sync_dir(dir: &Path) -> Result<()> {
    fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::io(dir, e))
}

/// Other systems either cannot open a folder as a file or flush renames
/// with the file itself.
#[cfg(not(unix))]
pub(crate) fn sync_dir(_dir: &Path) -> Result<()> {
    Ok(())
}

/// Removes `path` and its `.bak`, the backup first so that a crash half-way
/// cannot bring a deleted file back from its backup.
pub(crate) fn remove_with_backup(path: &Path) -> Result<bool> {
    let backup = backup_path(path);
    let had_backup = remove_if_exists(&backup)?;
    let existed = remove_if_exists(path)?;
    // Nothing removed, nothing to make durable: the folder may not even
    // exist yet (a profile that never saved a game).
    if existed || had_backup {
        sync_dir(parent(path))?;
    }
    Ok(existed)
}

/// Removes a file; `Ok(false)` when it was not there.
pub(crate) fn remove_if_exists(path: &Path) -> Result<bool> {
    match fs::remove_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Deletes temp files left in `dir` by writes that were interrupted.
pub(crate) fn sweep_temp_files(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().starts_with(TEMP_PREFIX) {
            continue;
        }
        let old_enough = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age >= TEMP_MAX_AGE);
        if old_enough {
            let path = entry.path();
            if let Err(e) = fs::remove_file(&path) {
                tracing::warn!(path = %path.display(), error = %e, "could not remove a leftover temp file");
            }
        }
    }
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_previous_file_as_backup() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one", true).unwrap();
        assert!(!backup_path(&path).exists(), "nothing to back up yet");
        write_atomic(&path, b"two", true).unwrap();
        write_atomic(&path, b"three", true).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"three");
        assert_eq!(fs::read(backup_path(&path)).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(TEMP_PREFIX))
            .collect();
        assert!(leftovers.is_empty());
    }

    #[test]
    fn removing_takes_the_backup_too() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one", true).unwrap();
        write_atomic(&path, b"two", true).unwrap();
        assert!(remove_with_backup(&path).unwrap());
        assert!(!path.exists());
        assert!(!backup_path(&path).exists());
        assert!(!remove_with_backup(&path).unwrap());
    }

    #[test]
    fn sweeps_only_old_temp_files() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join(format!("{TEMP_PREFIX}fresh.tmp"));
        let old = dir.path().join(format!("{TEMP_PREFIX}old.tmp"));
        fs::write(&fresh, b"x").unwrap();
        fs::write(&old, b"x").unwrap();
        let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
        fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(an_hour_ago)
            .unwrap();
        sweep_temp_files(dir.path());
        assert!(fresh.exists());
        assert!(!old.exists());
    }
}
