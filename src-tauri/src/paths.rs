//! Where the player's data folder is.

use std::ffi::OsString;
use std::path::PathBuf;

/// The environment variable that puts the data folder anywhere (tests,
/// portable installs).
pub const DATA_DIR_VAR: &str = "WUZI_DATA_DIR";

/// The data folder: `WUZI_DATA_DIR` when set and not empty; else the
/// platform's data directory from `directories`; else, where that knows
/// nothing (Android), the folder Tauri gives the app.
///
/// The inputs are passed in, not read here, so every branch can be tested on
/// any platform.
pub fn choose_data_dir(
    override_dir: Option<OsString>,
    platform_dir: Option<PathBuf>,
    app_data_dir: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    if let Some(dir) = override_dir.filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    platform_dir.or_else(app_data_dir)
}

/// The platform's data directory for Wuzi, if the platform has one that
/// `directories` knows (it has none on Android).
pub fn platform_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("org", "wuzigame", "Wuzi")
        .map(|dirs| dirs.data_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_override_wins() {
        let dir = choose_data_dir(
            Some("/tmp/portable".into()),
            Some("/home/p/.local/share/wuzi".into()),
            || Some("/data/app".into()),
        );
        assert_eq!(dir, Some(PathBuf::from("/tmp/portable")));
    }

    #[test]
    fn an_empty_override_is_ignored() {
        let dir = choose_data_dir(
            Some("".into()),
            Some("/home/p/.local/share/wuzi".into()),
            || None,
        );
        assert_eq!(dir, Some(PathBuf::from("/home/p/.local/share/wuzi")));
    }

    #[test]
    fn without_a_platform_dir_the_app_data_dir_is_used() {
        // What happens on Android, where ProjectDirs returns None.
        let dir = choose_data_dir(None, None, || Some("/data/user/0/org.wuzigame.wuzi".into()));
        assert_eq!(dir, Some(PathBuf::from("/data/user/0/org.wuzigame.wuzi")));
    }

    #[test]
    fn the_platform_dir_comes_before_the_app_data_dir() {
        let dir = choose_data_dir(None, Some("/home/p/.local/share/wuzi".into()), || {
            panic!("not asked when the platform has a folder")
        });
        assert_eq!(dir, Some(PathBuf::from("/home/p/.local/share/wuzi")));
    }
}
