//! Notices: things the player should be told about after a load that
//! recovered from a problem on disk.

use std::path::PathBuf;

use serde::Serialize;

/// What kind of recovery happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// A file did not parse; it was renamed `*.corrupt-<unix time>` and kept.
    Damaged,
    /// The previous good copy (`.bak`) was used instead of the file.
    RestoredFromBackup,
    /// Neither the file nor its backup could be used; defaults were used.
    Reset,
    /// Some values were out of range and were replaced by defaults.
    Fixed,
    /// A file from a newer version of Wuzi was skipped (and left untouched).
    NewerVersion,
}

/// A recovery the player should be told about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notice {
    /// What happened.
    pub kind: NoticeKind,
    /// The file concerned.
    pub file: PathBuf,
    /// Where a damaged file was moved to, for [`NoticeKind::Damaged`].
    pub moved_to: Option<PathBuf>,
    /// A sentence for the player.
    pub message: String,
}

impl Notice {
    pub(crate) fn new(kind: NoticeKind, file: PathBuf, message: impl Into<String>) -> Self {
        Notice {
            kind,
            file,
            moved_to: None,
            message: message.into(),
        }
    }
}
