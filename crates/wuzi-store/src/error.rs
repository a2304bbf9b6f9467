//! The store's error type: a clear message for people and a stable `kind`
//! string for the app, which sends `{ kind, message }` to the UI.

use std::io;
use std::path::{Path, PathBuf};

use serde::ser::SerializeStruct;

/// Everything that can go wrong in the store.
///
/// Each variant has a stable [`kind`](Error::kind) string; the message
/// (`Display`) is meant to be shown to a person.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A profile, save, replay or file that does not exist.
    #[error("{what} was not found")]
    NotFound {
        /// What was looked for, e.g. `save "Evening game"`.
        what: String,
    },
    /// A profile or save with that name already exists.
    #[error("{what} already exists")]
    Exists {
        /// What exists, e.g. `a profile named "Ann"`.
        what: String,
    },
    /// A profile or save name that cannot be used.
    #[error("the name {name:?} cannot be used: {reason}")]
    BadName {
        /// The name as given.
        name: String,
        /// Why it was refused.
        reason: &'static str,
    },
    /// A setting or metadata value outside its allowed range.
    #[error("{field} is not valid: {reason}")]
    Invalid {
        /// The field, e.g. `volume`.
        field: &'static str,
        /// Why, e.g. `must be 0 to 100, got 140`.
        reason: String,
    },
    /// The profile has a password and none was given.
    #[error("this profile is protected by a password")]
    PasswordRequired,
    /// The password given does not match.
    #[error("the password is not correct")]
    WrongPassword,
    /// The profile has a password and has not been opened with it yet.
    #[error("profile {id} is locked: open it with its password first")]
    Locked {
        /// The profile's id.
        id: String,
    },
    /// The data folder is open in another copy of Wuzi (or another store in
    /// this one), which alone may write to it.
    #[error("the data folder {} is in use by another copy of Wuzi", path.display())]
    InUse {
        /// The data folder.
        path: PathBuf,
    },
    /// The data folder is no longer there (moved, deleted, or on a disk
    /// that was removed), or another folder has taken its place. Nothing is
    /// read or written until it is back.
    #[error(
        "the data folder {} is missing (moved, deleted or on a disk that was removed); nothing is kept until it is back",
        path.display()
    )]
    FolderGone {
        /// The data folder.
        path: PathBuf,
    },
    /// A file that does not parse and for which no backup could be used.
    #[error("{} is damaged: {reason}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A file written by a newer version of Wuzi; it is left untouched.
    #[error(
        "{} was written by a newer version of Wuzi (format version {found}, this version reads up to {supported}); it was left untouched",
        path.display()
    )]
    FutureVersion {
        /// The file.
        path: PathBuf,
        /// The version found in the file.
        found: u64,
        /// The newest version this build understands.
        supported: u64,
    },
    /// A user-chosen file larger than allowed.
    #[error("{} is too large ({size} bytes; the limit is {limit})", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A user-chosen file that is not UTF-8 text.
    #[error("{} is not a text file", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
    },
    /// The caller's game or metadata could not be turned into JSON.
    #[error("could not encode the data: {0}")]
    Encode(#[source] serde_json::Error),
    /// Hashing a password failed.
    #[error("password hashing failed: {0}")]
    Password(String),
    /// The usage log could not be set up.
    #[error("the usage log could not be set up: {0}")]
    Logging(String),
    /// An operating-system error on a file or folder.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
}

impl Error {
    /// A short, stable identifier for the kind of error, for the UI to
    /// choose a message or an action: `not_found`, `exists`, `bad_name`,
    /// `invalid`, `password_required` (also for a profile that is locked
    /// until opened with its password), `wrong_password`, `locked` (the data
    /// folder is in use by another copy of Wuzi), `folder_gone`, `corrupt`,
    /// `future_version`, `too_large`, `not_text`, `encode`, `password`,
    /// `logging`, `disk_full` (no room left where the file goes),
    /// `read_only` (the folder may not be written to) or `io` (any other
    /// failure of a file or folder).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::NotFound { .. } => "not_found",
            Error::Exists { .. } => "exists",
            Error::BadName { .. } => "bad_name",
            Error::Invalid { .. } => "invalid",
            Error::WrongPassword => "wrong_password",
            // The UI asks for the password either way.
            Error::PasswordRequired | Error::Locked { .. } => "password_required",
            Error::InUse { .. } => "locked",
            Error::FolderGone { .. } => "folder_gone",
            Error::Corrupt { .. } => "corrupt",
            Error::FutureVersion { .. } => "future_version",
            Error::TooLarge { .. } => "too_large",
            Error::NotText { .. } => "not_text",
            Error::Encode(_) => "encode",
            Error::Password(_) => "password",
            Error::Logging(_) => "logging",
            // The two a player can mend, told apart so the message says how.
            Error::Io { source, .. } => match source.kind() {
                io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => "disk_full",
                io::ErrorKind::ReadOnlyFilesystem | io::ErrorKind::PermissionDenied => "read_only",
                _ => "io",
            },
        }
    }

    pub(crate) fn io(path: &Path, source: io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn not_found(what: impl Into<String>) -> Self {
        Error::NotFound { what: what.into() }
    }

    pub(crate) fn invalid(field: &'static str, reason: impl Into<String>) -> Self {
        Error::Invalid {
            field,
            reason: reason.into(),
        }
    }
}

/// Serializes as `{ "kind": ..., "message": ... }`, the shape the UI expects.
impl serde::Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Error", 2)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}

/// The store's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_of(errno: i32) -> &'static str {
        Error::io(
            Path::new("/data/saves"),
            io::Error::from_raw_os_error(errno),
        )
        .kind()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_full_or_read_only_disk_has_a_kind_of_its_own() {
        // The system's own numbers, as a failed write returns them on Linux.
        const ENOSPC: i32 = 28;
        const EDQUOT: i32 = 122;
        const EROFS: i32 = 30;
        const EACCES: i32 = 13;
        const EISDIR: i32 = 21;
        const EIO: i32 = 5;
        assert_eq!(kind_of(ENOSPC), "disk_full");
        assert_eq!(kind_of(EDQUOT), "disk_full");
        assert_eq!(kind_of(EROFS), "read_only");
        assert_eq!(kind_of(EACCES), "read_only");
        assert_eq!(kind_of(EISDIR), "io");
        assert_eq!(kind_of(EIO), "io");
        // The message still names the file and the system's words.
        let full = Error::io(
            Path::new("/data/saves"),
            io::Error::from_raw_os_error(ENOSPC),
        );
        assert!(
            full.to_string()
                .starts_with("/data/saves: No space left on device")
        );
    }
}
