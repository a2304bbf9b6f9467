//! The data folder is still the one the store opened.
//!
//! A data folder can vanish while the app runs: deleted by hand, moved by
//! a sync tool, or on a removable disk that was pulled out. The store must
//! not then write a fresh, nearly empty folder in its place (a later
//! remount would hide it, or the player would see their games "gone"),
//! nor read a stranger's folder that took the same path. So each read and
//! write first checks that the path still names the very folder opened;
//! when the folder comes back (renamed back, the disk plugged in again),
//! everything works again.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// What identifies the opened folder on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FolderIdentity {
    path: PathBuf,
    /// Device and inode where the platform has them; elsewhere only the
    /// folder's presence is checked.
    id: Option<(u64, u64)>,
}

impl FolderIdentity {
    /// The identity of `root` as it is now.
    pub(crate) fn of(root: &Path) -> Result<FolderIdentity> {
        let meta = fs::metadata(root).map_err(|e| Error::io(root, e))?;
        Ok(FolderIdentity {
            path: root.to_path_buf(),
            id: file_id(&meta),
        })
    }

    /// [`Error::FolderGone`] unless the path still names the folder that
    /// was opened.
    pub(crate) fn check(&self) -> Result<()> {
        let gone = || Error::FolderGone {
            path: self.path.clone(),
        };
        match fs::metadata(&self.path) {
            Ok(meta) if meta.is_dir() && file_id(&meta) == self.id => Ok(()),
            Ok(_) => Err(gone()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(gone()),
            Err(e) => Err(Error::io(&self.path, e)),
        }
    }
}

#[cfg(unix)]
fn file_id(meta: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_meta: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_folder_moved_away_is_gone_until_it_comes_back() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("data");
        fs::create_dir(&root).unwrap();
        let identity = FolderIdentity::of(&root).unwrap();
        identity.check().unwrap();

        let away = dir.path().join("away");
        fs::rename(&root, &away).unwrap();
        assert!(matches!(identity.check(), Err(Error::FolderGone { .. })));

        // Another folder under the same name is not the one opened.
        fs::create_dir(&root).unwrap();
        assert!(matches!(identity.check(), Err(Error::FolderGone { .. })));
        fs::remove_dir(&root).unwrap();

        // Nor is a file.
        fs::write(&root, b"not a folder").unwrap();
        assert!(matches!(identity.check(), Err(Error::FolderGone { .. })));
        fs::remove_file(&root).unwrap();

        fs::rename(&away, &root).unwrap();
        identity.check().unwrap();
    }
}
