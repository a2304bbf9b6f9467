//! Profiles, their settings and statistics, and what the app knows of itself.

use serde::Serialize;
use wuzi_store::{Profile, ProfileId, Settings, Store};

use crate::service::NoticeView;
use crate::{AppError, Service};

/// The app's version and licence, data folder and notices about the
/// player's data.
#[derive(Debug, Clone, Serialize)]
pub struct AppInfo {
    /// The version of Wuzi.
    pub version: &'static str,
    /// Wuzi's licence as an SPDX expression (`MIT OR Apache-2.0`), for the
    /// help screen: taken from the package so it cannot drift from it.
    pub licence: &'static str,
    /// Where games and settings are kept, if anywhere.
    pub data_dir: Option<String>,
    /// Things the player should know (a damaged file restored, say); each
    /// is given once.
    pub notices: Vec<NoticeView>,
}

/// The profiles, and which one is open.
#[derive(Debug, Clone, Serialize)]
pub struct ProfileList {
    /// Every profile.
    pub profiles: Vec<Profile>,
    /// The open profile's id, if one is open.
    pub current: Option<ProfileId>,
}

/// An opened profile with what the UI needs to start.
#[derive(Debug, Clone, Serialize)]
pub struct OpenedProfile {
    /// The profile.
    pub profile: Profile,
    /// Its settings.
    pub settings: Settings,
    /// Whether it has a game to continue.
    pub has_autosave: bool,
}

fn profile_list(store: &Store) -> ProfileList {
    ProfileList {
        profiles: store.profiles(),
        current: store.open_profile_id().cloned(),
    }
}

impl Service {
    /// Version, data folder and the notices gathered since last asked.
    #[must_use]
    pub fn app_info(&self) -> AppInfo {
        AppInfo {
            version: env!("CARGO_PKG_VERSION"),
            licence: env!("CARGO_PKG_LICENSE"),
            data_dir: self.data_dir().map(|d| d.display().to_string()),
            notices: self.take_notices(),
        }
    }

    /// Every profile, and the open one.
    ///
    /// # Errors
    /// `no_store` without a data folder.
    pub fn list_profiles(&self) -> Result<ProfileList, AppError> {
        self.with_store(|store| Ok(profile_list(store)))
    }

    /// Creates a profile, with a password when one is given.
    ///
    /// # Errors
    /// `bad_name`, `exists`, or the store's error.
    pub fn create_profile(
        &self,
        name: &str,
        password: Option<&str>,
    ) -> Result<ProfileList, AppError> {
        self.with_store(|store| {
            store.create_profile(name, password.filter(|p| !p.is_empty()))?;
            Ok(profile_list(store))
        })
    }

    /// Renames a profile.
    ///
    /// # Errors
    /// A bad id or name, or the store's error.
    pub fn rename_profile(&self, id: &str, name: &str) -> Result<ProfileList, AppError> {
        let id = ProfileId::parse(id)?;
        self.with_store(|store| {
            store.rename_profile(&id, name)?;
            Ok(profile_list(store))
        })
    }

    /// Deletes a profile and everything it kept.
    ///
    /// # Errors
    /// A bad id, or the store's error.
    pub fn delete_profile(&self, id: &str) -> Result<ProfileList, AppError> {
        let id = ProfileId::parse(id)?;
        self.with_store(|store| {
            store.delete_profile(&id)?;
            Ok(profile_list(store))
        })
    }

    /// Opens a profile (with its password when it has one) and makes it the
    /// one the app starts with next time.
    ///
    /// # Errors
    /// `wrong_password`, a bad id, or the store's error.
    pub fn open_profile(
        &self,
        id: &str,
        password: Option<&str>,
    ) -> Result<OpenedProfile, AppError> {
        let id = ProfileId::parse(id)?;
        let opened = self.with_store(|store| {
            let profile = store.open_profile(&id, password)?;
            let (settings, notices) = store.settings(&id)?;
            self.add_notices(&notices);
            let (autosave, notices) = store.load_autosave::<serde_json::Value>(&id)?;
            self.add_notices(&notices);
            Ok(OpenedProfile {
                profile,
                settings,
                has_autosave: autosave.is_some(),
            })
        })?;
        self.clear_board();
        Ok(opened)
    }

    /// Locks the open profile: its game is kept in its autosave, the board
    /// is cleared and no profile is open, so one with a password needs it
    /// again (the player steps away and hands the device on).
    ///
    /// # Errors
    /// `no_profile` when none is open, `no_store` without a data folder.
    pub fn lock_profile(&self) -> Result<ProfileList, AppError> {
        self.keep_game();
        let list = self.with_profile(|store, _| {
            store.close_profile();
            Ok(profile_list(store))
        })?;
        self.clear_board();
        tracing::info!("profile locked");
        Ok(list)
    }

    /// Sets, changes or (with `new` empty or missing) removes a profile's
    /// password; `old` is needed when it has one.
    ///
    /// # Errors
    /// `wrong_password` when `old` is not the password, or the store's error.
    pub fn set_password(
        &self,
        id: &str,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<ProfileList, AppError> {
        let id = ProfileId::parse(id)?;
        self.with_store(|store| {
            match new.filter(|p| !p.is_empty()) {
                Some(new) => store.set_password(&id, old, new)?,
                None => store.remove_password(&id, old.unwrap_or(""))?,
            }
            Ok(profile_list(store))
        })
    }

    /// The open profile's settings.
    ///
    /// # Errors
    /// `no_profile`, or the store's error.
    pub fn get_settings(&self) -> Result<Settings, AppError> {
        self.with_profile(|store, id| {
            let (settings, notices) = store.settings(id)?;
            self.add_notices(&notices);
            Ok(settings)
        })
    }

    /// Replaces the open profile's settings; answers with them as kept.
    ///
    /// # Errors
    /// `bad_argument` for a level the computer does not have; the store's
    /// error for the rest.
    pub fn set_settings(&self, settings: &Settings) -> Result<Settings, AppError> {
        crate::play::settings_level(settings)?;
        self.with_profile(|store, id| {
            store.set_settings(id, settings)?;
            let (settings, _) = store.settings(id)?;
            Ok(settings)
        })
    }
}
