//! Profiles, their settings and statistics, and what the app knows of itself.

use serde::Serialize;
use tauri::State;
use wuzi_store::{Profile, ProfileId, Settings, Stats, Store};

use crate::state::NoticeView;
use crate::{AppError, AppState};

/// The app's version, data folder and notices about the player's data.
#[derive(Debug, Clone, Serialize)]
pub struct AppInfo {
    /// The version of Wuzi.
    pub version: &'static str,
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

/// Version, data folder and notices.
#[tauri::command]
pub async fn app_info(state: State<'_, AppState>) -> Result<AppInfo, AppError> {
    Ok(AppInfo {
        version: env!("CARGO_PKG_VERSION"),
        data_dir: state.data_dir().map(|d| d.display().to_string()),
        notices: state.take_notices(),
    })
}

/// Every profile, and the open one.
#[tauri::command]
pub async fn list_profiles(state: State<'_, AppState>) -> Result<ProfileList, AppError> {
    state.with_store(|store| Ok(profile_list(store)))
}

/// Creates a profile, with a password when one is given.
#[tauri::command]
pub async fn create_profile(
    state: State<'_, AppState>,
    name: String,
    password: Option<String>,
) -> Result<ProfileList, AppError> {
    state.with_store(|store| {
        let password = password.as_deref().filter(|p| !p.is_empty());
        store.create_profile(&name, password)?;
        Ok(profile_list(store))
    })
}

/// Renames a profile.
#[tauri::command]
pub async fn rename_profile(
    state: State<'_, AppState>,
    id: String,
    name: String,
) -> Result<ProfileList, AppError> {
    let id = ProfileId::parse(&id)?;
    state.with_store(|store| {
        store.rename_profile(&id, &name)?;
        Ok(profile_list(store))
    })
}

/// Deletes a profile and everything it kept.
#[tauri::command]
pub async fn delete_profile(
    state: State<'_, AppState>,
    id: String,
) -> Result<ProfileList, AppError> {
    let id = ProfileId::parse(&id)?;
    state.with_store(|store| {
        store.delete_profile(&id)?;
        Ok(profile_list(store))
    })
}

/// Opens a profile (with its password when it has one) and makes it the
/// one the app starts with next time.
#[tauri::command]
pub async fn open_profile(
    state: State<'_, AppState>,
    id: String,
    password: Option<String>,
) -> Result<OpenedProfile, AppError> {
    let id = ProfileId::parse(&id)?;
    state.with_store(|store| {
        let profile = store.open_profile(&id, password.as_deref())?;
        let (settings, notices) = store.settings(&id)?;
        state.add_notices(&notices);
        let (autosave, notices) = store.load_autosave::<serde_json::Value>(&id)?;
        state.add_notices(&notices);
        Ok(OpenedProfile {
            profile,
            settings,
            has_autosave: autosave.is_some(),
        })
    })
}

/// Sets, changes or (with `new` empty or missing) removes a profile's
/// password; `old` is needed when it has one.
#[tauri::command]
pub async fn set_password(
    state: State<'_, AppState>,
    id: String,
    old: Option<String>,
    new: Option<String>,
) -> Result<ProfileList, AppError> {
    let id = ProfileId::parse(&id)?;
    state.with_store(|store| {
        match new.as_deref().filter(|p| !p.is_empty()) {
            Some(new) => store.set_password(&id, old.as_deref(), new)?,
            None => store.remove_password(&id, old.as_deref().unwrap_or(""))?,
        }
        Ok(profile_list(store))
    })
}

/// The open profile's settings.
#[tauri::command]
pub async fn get_settings(state: State<'_, AppState>) -> Result<Settings, AppError> {
    state.with_profile(|store, id| {
        let (settings, notices) = store.settings(id)?;
        state.add_notices(&notices);
        Ok(settings)
    })
}

/// Replaces the open profile's settings; answers with them as kept.
#[tauri::command]
pub async fn set_settings(
    state: State<'_, AppState>,
    settings: Settings,
) -> Result<Settings, AppError> {
    state.with_profile(|store, id| {
        store.set_settings(id, &settings)?;
        let (settings, _) = store.settings(id)?;
        Ok(settings)
    })
}

/// The open profile's wins, losses and draws.
#[tauri::command]
pub async fn get_stats(state: State<'_, AppState>) -> Result<Stats, AppError> {
    state.with_profile(|store, id| {
        let (stats, notices) = store.stats(id)?;
        state.add_notices(&notices);
        Ok(stats)
    })
}
