//! Helpers shared by the whole-app tests in `tests/`.
//!
//! The root package exists only to hold those tests; this small library is
//! its required target and carries what every test needs to find.

use std::path::{Path, PathBuf};

/// The repository's root folder.
#[must_use]
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The folder of the static web UI that the app serves.
#[must_use]
pub fn ui_dir() -> PathBuf {
    repo_root().join("ui")
}
