//! One copy of Wuzi at a time in a data folder.
//!
//! The store takes an exclusive lock on [`LOCK_FILE`] in its root when it
//! opens and holds it until it is dropped. The operating system lets go of
//! the lock when the file is closed or the process ends, however it ends
//! (a crash or `kill -9` included), so a folder is never left barred.
//!
//! The lock belongs to the open file, not to the process (`flock` on Unix,
//! `LockFileEx` on Windows), so a second [`Store::open`](crate::Store::open)
//! of the same folder in the same process is refused as well. The file is
//! never removed: removing it could let two copies lock two different files
//! under the same name.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;

use crate::error::{Error, Result};

/// The lock file's name in the data folder.
pub(crate) const LOCK_FILE: &str = "wuzi.lock";

/// The data folder's lock, held while the store is open.
#[derive(Debug)]
pub(crate) struct FolderLock {
    /// `None` where the folder cannot be written at all: there is nothing
    /// for two copies to write over each other there.
    _file: Option<File>,
}

impl FolderLock {
    /// Locks `root` for this store, or answers [`Error::InUse`] when
    /// another store (in this process or another) holds it.
    pub(crate) fn take(root: &Path) -> Result<FolderLock> {
        let path = root.join(LOCK_FILE);
        // Made if missing, then held open for reading only: a lock needs no
        // more, and a file held open for writing would keep the folder's
        // file system from being remounted read-only.
        match OpenOptions::new().append(true).create(true).open(&path) {
            Ok(_) => {}
            Err(e) if cannot_write(&e) => {}
            Err(e) => return Err(Error::io(&path, e)),
        }
        let file = match File::open(&path) {
            Ok(file) => file,
            // A read-only folder without the file: nothing can be written
            // there, so there is nothing for two copies to write over.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                tracing::warn!(folder = %root.display(), "read-only data folder, not locked");
                return Ok(FolderLock { _file: None });
            }
            Err(e) => return Err(Error::io(&path, e)),
        };
        match file.try_lock() {
            Ok(()) => Ok(FolderLock { _file: Some(file) }),
            Err(TryLockError::WouldBlock) => Err(Error::InUse {
                path: root.to_path_buf(),
            }),
            // Some network file systems have no locks; refusing every start
            // there would be worse than the risk of a second copy.
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                tracing::warn!(folder = %root.display(), error = %e, "file locks unsupported, data folder not locked");
                Ok(FolderLock { _file: Some(file) })
            }
            Err(TryLockError::Error(e)) => Err(Error::io(&path, e)),
        }
    }
}

fn cannot_write(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
    )
}
