//! [`Store`]: the one entry point, over a root folder.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::atomic::sweep_temp_files;
use crate::error::{Error, Result};
use crate::file;
use crate::folder_lock::FolderLock;
use crate::names::{ProfileId, ReplayId, fold, profile_name};
use crate::notice::{Notice, NoticeKind};
use crate::presence::FolderIdentity;
use crate::profiles::{
    self, DEFAULT_PROFILE_NAME, Profile, ProfileRecord, ProfilesFile, hash_password,
};
use crate::puzzles::{self, PuzzleAttempt, PuzzleProgress};
use crate::replays::{Filter, Page, Paging, Replay, ReplayEntry, ReplaySummary, Replays};
use crate::saves::{SaveInfo, SaveMeta, Saved, Saves};
use crate::settings::{self, Settings};
use crate::stats::{self, Stats};

/// Profiles and their data under one root folder.
///
/// Methods that change the profile list take `&mut self`; the app keeps
/// one `Store` behind a mutex.
///
/// One profile at a time is *open*. A profile with a password is locked
/// unless it is the open one: its data cannot be read or changed, nor the
/// profile renamed or deleted ([`Error::Locked`]). Opening another profile
/// (or [`close_profile`](Store::close_profile)) locks it again.
#[derive(Debug)]
pub struct Store {
    root: PathBuf,
    profiles: ProfilesFile,
    open: Option<ProfileId>,
    /// The folder opened, checked before each read and write.
    folder: FolderIdentity,
    /// Held for as long as the store lives, so no other copy of Wuzi
    /// writes to the same files meanwhile.
    _lock: FolderLock,
}

impl Store {
    /// Opens (or creates) the store in `root`. On first start a profile
    /// named "Player" is created so the app is playable at once.
    ///
    /// The notices tell of recoveries the player should hear about. When
    /// `profiles.json` and its backup are both gone or damaged, the list is
    /// rebuilt from the profile folders, each profile keeping the name and
    /// password its own `profile.json` holds.
    /// A `profiles.json` from a newer version of Wuzi is an error
    /// ([`Error::FutureVersion`]) and is left as it is.
    ///
    /// The folder is locked while the store lives: opening it again before
    /// this store is dropped, here or in another copy of Wuzi, is refused
    /// with [`Error::InUse`] and touches no file in it.
    pub fn open(root: &Path) -> Result<(Store, Vec<Notice>)> {
        fs::create_dir_all(root).map_err(|e| Error::io(root, e))?;
        // Before anything else: the sweep below would take the temp files
        // of a copy that is writing right now.
        let lock = FolderLock::take(root)?;
        let folder = FolderIdentity::of(root)?;
        sweep_temp_files(root);
        let mut notices = Vec::new();
        let path = root.join("profiles.json");
        let loaded = file::load::<ProfilesFile>(&path, &profiles::SCHEMA, &mut notices)?;
        // No usable list: either a first start (no profile folders yet) or
        // the list and its backup are gone, deleted or damaged.
        let lost = loaded.is_none();
        let mut store = Store {
            root: root.to_path_buf(),
            profiles: loaded.unwrap_or_default(),
            open: None,
            folder,
            _lock: lock,
        };
        let mut changed = false;
        if lost {
            changed |= store.recover_profiles(&mut notices)?;
        }
        if store.profiles.profiles.is_empty() {
            store.push_profile(DEFAULT_PROFILE_NAME.to_owned(), None);
            changed = true;
        }
        if changed {
            store.write_profiles()?;
        }
        // The list is what counts; bring each profile's own copy in line
        // with it (data from before the copies existed, or a write cut
        // short between the two files). A failure only weakens a later
        // recovery, so it is logged, not returned.
        for record in &store.profiles.profiles {
            if let Err(e) = store.sync_profile_file(record) {
                tracing::warn!(profile = %record.id, error = %e, "profile file not written");
            }
        }
        tracing::info!(root = %root.display(), profiles = store.profiles.profiles.len(), "store opened");
        Ok((store, notices))
    }

    /// The root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    // ----- profiles -----

    /// All profiles, in the order they were created.
    pub fn profiles(&self) -> Vec<Profile> {
        self.profiles
            .profiles
            .iter()
            .map(ProfileRecord::view)
            .collect()
    }

    /// One profile.
    pub fn profile(&self, id: &ProfileId) -> Result<Profile> {
        self.record(id).map(ProfileRecord::view)
    }

    /// The profile opened last, if it still exists.
    pub fn last_profile(&self) -> Option<Profile> {
        let id = self.profiles.last_used.as_ref()?;
        self.profile(id).ok()
    }

    /// Creates a profile. Names are 1 to 32 characters and unique ignoring
    /// case. With a password, the profile opens only with it.
    pub fn create_profile(&mut self, name: &str, password: Option<&str>) -> Result<Profile> {
        let name = self.check_new_name(name, None)?;
        let hash = password.map(hash_password).transpose()?;
        let id = self.push_profile(name, hash);
        let written = self
            .record(&id)
            .and_then(|record| self.sync_profile_file(record))
            .and_then(|()| self.write_profiles());
        if let Err(e) = written {
            self.profiles.profiles.retain(|p| p.id != id);
            self.remove_profile_folder(&id);
            return Err(e);
        }
        tracing::info!(profile = %id, "profile created");
        self.profile(&id)
    }

    /// Renames a profile.
    pub fn rename_profile(&mut self, id: &ProfileId, name: &str) -> Result<Profile> {
        self.check_unlocked(id)?;
        let name = self.check_new_name(name, Some(id))?;
        self.update_profile(id, |p| p.name = name)?;
        tracing::info!(profile = %id, "profile renamed");
        self.profile(id)
    }

    /// Deletes a profile with all its data. If it was the last one, a new
    /// default profile is made so the app stays playable.
    pub fn delete_profile(&mut self, id: &ProfileId) -> Result<()> {
        self.check_unlocked(id)?;
        let before = self.profiles.profiles.clone();
        let last_used = self.profiles.last_used.clone();
        self.profiles.profiles.retain(|p| &p.id != id);
        if self.profiles.last_used.as_ref() == Some(id) {
            self.profiles.last_used = None;
        }
        let replacement = self
            .profiles
            .profiles
            .is_empty()
            .then(|| self.push_profile(DEFAULT_PROFILE_NAME.to_owned(), None));
        if let Err(e) = self.write_profiles() {
            self.profiles.profiles = before;
            self.profiles.last_used = last_used;
            return Err(e);
        }
        if self.open.as_ref() == Some(id) {
            self.open = None;
        }
        // The list no longer names the folder, so a failure here leaves
        // only unreachable files behind; it is logged, not returned.
        self.remove_profile_folder(id);
        // The new profile is in the list; its own copy only matters for a
        // later recovery, and the next start writes it if this fails.
        if let Some(new) = replacement
            && let Err(e) = self
                .record(&new)
                .and_then(|record| self.sync_profile_file(record))
        {
            tracing::warn!(profile = %new, error = %e, "profile file not written");
        }
        tracing::info!(profile = %id, "profile deleted");
        Ok(())
    }

    /// Opens (switches to) a profile and remembers it as the last one.
    /// A profile with a password needs it: [`Error::PasswordRequired`]
    /// without one, [`Error::WrongPassword`] with a wrong one.
    pub fn open_profile(&mut self, id: &ProfileId, password: Option<&str>) -> Result<Profile> {
        self.folder.check()?;
        let record = self.record(id)?;
        if let Some(hash) = &record.password_hash {
            let password = password.ok_or(Error::PasswordRequired)?;
            if !profiles::verify_password(hash, password)? {
                tracing::info!(profile = %id, "wrong password");
                return Err(Error::WrongPassword);
            }
        }
        self.open = Some(id.clone());
        if self.profiles.last_used.as_ref() != Some(id) {
            let previous = self.profiles.last_used.replace(id.clone());
            if let Err(e) = self.write_profiles() {
                self.profiles.last_used = previous;
                return Err(e);
            }
        }
        self.sweep_profile(id);
        tracing::info!(profile = %id, "profile opened");
        self.profile(id)
    }

    /// The profile opened last with [`open_profile`](Store::open_profile)
    /// in this run, if any.
    pub fn open_profile_id(&self) -> Option<&ProfileId> {
        self.open.as_ref()
    }

    /// Closes the open profile, locking it again if it has a password
    /// (e.g. when the app goes back to the profile list).
    pub fn close_profile(&mut self) {
        self.open = None;
    }

    /// Checks a profile's password. A profile without one accepts any.
    pub fn verify_password(&self, id: &ProfileId, password: &str) -> Result<bool> {
        match &self.record(id)?.password_hash {
            Some(hash) => profiles::verify_password(hash, password),
            None => Ok(true),
        }
    }

    /// Sets or changes a profile's password. When it has one, `current`
    /// must match it.
    pub fn set_password(&mut self, id: &ProfileId, current: Option<&str>, new: &str) -> Result<()> {
        self.check_current_password(id, current)?;
        let hash = hash_password(new)?;
        self.update_profile(id, |p| p.password_hash = Some(hash))?;
        tracing::info!(profile = %id, "password set");
        Ok(())
    }

    /// Removes a profile's password; `current` must match it.
    pub fn remove_password(&mut self, id: &ProfileId, current: &str) -> Result<()> {
        self.check_current_password(id, Some(current))?;
        self.update_profile(id, |p| p.password_hash = None)?;
        tracing::info!(profile = %id, "password removed");
        Ok(())
    }

    // ----- settings and stats -----

    /// A profile's settings; defaults where there are none.
    pub fn settings(&self, id: &ProfileId) -> Result<(Settings, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let path = self.profile_dir(id).join("settings.json");
        let mut notices = Vec::new();
        let settings = match file::load::<Settings>(&path, &settings::SCHEMA, &mut notices)? {
            Some(mut s) => {
                let fixed = s.sanitize();
                if !fixed.is_empty() {
                    notices.push(Notice::new(
                        NoticeKind::Fixed,
                        path,
                        format!(
                            "some settings were not valid and were reset: {}",
                            fixed.join(", ")
                        ),
                    ));
                }
                s
            }
            None => {
                if !notices.is_empty() {
                    notices.push(reset_notice(path, "settings"));
                }
                Settings::default()
            }
        };
        Ok((settings, notices))
    }

    /// Saves a profile's settings after checking every value.
    pub fn set_settings(&self, id: &ProfileId, settings: &Settings) -> Result<()> {
        self.check_unlocked(id)?;
        settings.validate()?;
        let path = self.profile_dir(id).join("settings.json");
        file::save(&path, &settings::SCHEMA, settings)?;
        tracing::info!(profile = %id, "settings saved");
        Ok(())
    }

    /// A profile's statistics.
    pub fn stats(&self, id: &ProfileId) -> Result<(Stats, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let stats = self.load_stats(id, &mut notices)?;
        Ok((stats, notices))
    }

    /// Every profile's statistics, in the order of [`Store::profiles`], for
    /// this device's leaderboard.
    ///
    /// Scores are for everyone at the device to see, like the names on the
    /// profile list, so locked profiles are read too; their games, saves
    /// and settings stay locked. Nothing is written: a profile whose
    /// statistics cannot be read (nor their backup) is listed with none,
    /// and its file is left for its own profile to repair when opened.
    pub fn leaderboard(&self) -> Result<Vec<(Profile, Stats)>> {
        self.folder.check()?;
        Ok(self
            .profiles()
            .into_iter()
            .map(|profile| {
                let stats =
                    file::peek(&self.stats_path(&profile.id), &stats::SCHEMA).unwrap_or_default();
                (profile, stats)
            })
            .collect())
    }

    fn load_stats(&self, id: &ProfileId, notices: &mut Vec<Notice>) -> Result<Stats> {
        load_or_reset(self.stats_path(id), &stats::SCHEMA, "statistics", notices)
    }

    // ----- puzzles -----

    /// A profile's puzzle progress.
    pub fn puzzle_progress(&self, id: &ProfileId) -> Result<(PuzzleProgress, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let progress = self.load_puzzle_progress(id, &mut notices)?;
        Ok((progress, notices))
    }

    /// Counts a finished attempt at a puzzle; answers the progress after.
    pub fn record_puzzle(
        &self,
        id: &ProfileId,
        attempt: &PuzzleAttempt,
    ) -> Result<(PuzzleProgress, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let mut progress = self.load_puzzle_progress(id, &mut notices)?;
        progress.count(attempt);
        file::save(&self.puzzles_path(id), &puzzles::SCHEMA, &progress)?;
        tracing::info!(profile = %id, puzzle = %attempt.puzzle, solved = attempt.solved, "puzzle counted");
        Ok((progress, notices))
    }

    fn load_puzzle_progress(
        &self,
        id: &ProfileId,
        notices: &mut Vec<Notice>,
    ) -> Result<PuzzleProgress> {
        load_or_reset(
            self.puzzles_path(id),
            &puzzles::SCHEMA,
            "puzzle progress",
            notices,
        )
    }

    fn puzzles_path(&self, id: &ProfileId) -> PathBuf {
        self.profile_dir(id).join("puzzles.json")
    }

    // ----- saves -----

    /// A profile's named saves, newest first.
    pub fn saves(&self, id: &ProfileId) -> Result<(Vec<SaveInfo>, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let list = self.saves_of(id).list(&mut notices)?;
        Ok((list, notices))
    }

    /// Saves a game under a name. If a save with that name exists (ignoring
    /// case) this is [`Error::Exists`] unless `overwrite` is set.
    pub fn save<T: Serialize>(
        &self,
        id: &ProfileId,
        name: &str,
        meta: &SaveMeta,
        game: &T,
        overwrite: bool,
    ) -> Result<()> {
        self.check_unlocked(id)?;
        self.saves_of(id).save(name, meta, game, overwrite)
    }

    /// Loads a named save.
    pub fn load_save<T: DeserializeOwned>(
        &self,
        id: &ProfileId,
        name: &str,
    ) -> Result<(Saved<T>, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let saved = self.saves_of(id).load(name, &mut notices)?;
        Ok((saved, notices))
    }

    /// Deletes a named save.
    pub fn delete_save(&self, id: &ProfileId, name: &str) -> Result<()> {
        self.check_unlocked(id)?;
        self.saves_of(id).delete(name)
    }

    /// Writes the autosave, the game "continue" brings back.
    pub fn autosave<T: Serialize>(&self, id: &ProfileId, meta: &SaveMeta, game: &T) -> Result<()> {
        self.check_unlocked(id)?;
        self.saves_of(id).autosave(meta, game)
    }

    /// Loads the autosave; `None` when there is none.
    pub fn load_autosave<T: DeserializeOwned>(
        &self,
        id: &ProfileId,
    ) -> Result<(Option<Saved<T>>, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let saved = self.saves_of(id).load_autosave(&mut notices)?;
        Ok((saved, notices))
    }

    /// Removes the autosave, e.g. when its game ends.
    pub fn clear_autosave(&self, id: &ProfileId) -> Result<()> {
        self.check_unlocked(id)?;
        self.saves_of(id).clear_autosave()
    }

    // ----- replays -----

    /// Records a finished game and counts it in the profile's statistics.
    ///
    /// Once the replay is written the call succeeds: a failure to update
    /// the statistics (say, a `stats.json` from a newer version) is logged,
    /// not returned, so the caller never records the same game twice by
    /// retrying. Recoveries along the way are logged too.
    pub fn record_replay<T: Serialize>(
        &self,
        id: &ProfileId,
        summary: &ReplaySummary,
        game: &T,
    ) -> Result<ReplayId> {
        self.check_unlocked(id)?;
        self.log_and_count(id, summary, game)
    }

    /// Records a finished game in the log and statistics of profile `id`,
    /// which played it at this device as the open profile's opponent.
    ///
    /// Its lock is not checked: its player gave its password when the game
    /// began (the game service asks for it), and this only adds the one
    /// game; nothing of the profile is read back. Like
    /// [`Store::record_replay`], a failure to update the statistics is
    /// logged, not returned.
    pub fn record_opponent_game<T: Serialize>(
        &self,
        id: &ProfileId,
        summary: &ReplaySummary,
        game: &T,
    ) -> Result<ReplayId> {
        self.folder.check()?;
        self.record(id)?;
        self.log_and_count(id, summary, game)
    }

    /// Adds the game to `id`'s replay log and statistics; a failure to
    /// update the statistics is logged, not returned.
    fn log_and_count<T: Serialize>(
        &self,
        id: &ProfileId,
        summary: &ReplaySummary,
        game: &T,
    ) -> Result<ReplayId> {
        let mut notices = Vec::new();
        let replay = self.replays_of(id).record(summary, game, &mut notices)?;
        if let Err(e) = self.count_in_stats(id, summary, &mut notices) {
            tracing::error!(profile = %id, error = %e, "statistics not updated");
        }
        for notice in notices {
            tracing::warn!(file = %notice.file.display(), "{}", notice.message);
        }
        Ok(replay)
    }

    fn count_in_stats(
        &self,
        id: &ProfileId,
        summary: &ReplaySummary,
        notices: &mut Vec<Notice>,
    ) -> Result<()> {
        let mut stats = self.load_stats(id, notices)?;
        if stats.record(summary) {
            file::save(&self.stats_path(id), &stats::SCHEMA, &stats)?;
        }
        Ok(())
    }

    /// Lists a profile's replays, newest first, filtered and one page at a
    /// time.
    pub fn list_replays(
        &self,
        id: &ProfileId,
        filter: &Filter,
        paging: Paging,
    ) -> Result<Page<ReplayEntry>> {
        self.check_unlocked(id)?;
        self.replays_of(id).list(filter, paging)
    }

    /// Loads one replay.
    pub fn load_replay<T: DeserializeOwned>(
        &self,
        id: &ProfileId,
        replay: &ReplayId,
    ) -> Result<(Replay<T>, Vec<Notice>)> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        let loaded = self.replays_of(id).load(replay, &mut notices)?;
        Ok((loaded, notices))
    }

    /// Deletes one replay. The statistics keep counting its game.
    pub fn delete_replay(&self, id: &ProfileId, replay: &ReplayId) -> Result<()> {
        self.check_unlocked(id)?;
        let mut notices = Vec::new();
        self.replays_of(id).delete(replay, &mut notices)
    }

    // ----- helpers -----

    fn profile_dir(&self, id: &ProfileId) -> PathBuf {
        self.root.join("profiles").join(id.as_str())
    }

    fn stats_path(&self, id: &ProfileId) -> PathBuf {
        self.profile_dir(id).join("stats.json")
    }

    fn saves_of(&self, id: &ProfileId) -> Saves {
        Saves::new(&self.profile_dir(id))
    }

    fn replays_of(&self, id: &ProfileId) -> Replays {
        Replays::new(&self.profile_dir(id))
    }

    fn record(&self, id: &ProfileId) -> Result<&ProfileRecord> {
        self.profiles
            .profiles
            .iter()
            .find(|p| &p.id == id)
            .ok_or_else(|| Error::not_found(format!("profile {id}")))
    }

    fn check_unlocked(&self, id: &ProfileId) -> Result<()> {
        self.folder.check()?;
        let record = self.record(id)?;
        if record.password_hash.is_some() && self.open.as_ref() != Some(id) {
            return Err(Error::Locked { id: id.to_string() });
        }
        Ok(())
    }

    fn check_current_password(&self, id: &ProfileId, current: Option<&str>) -> Result<()> {
        self.folder.check()?;
        if let Some(hash) = &self.record(id)?.password_hash {
            let current = current.ok_or(Error::PasswordRequired)?;
            if !profiles::verify_password(hash, current)? {
                return Err(Error::WrongPassword);
            }
        }
        Ok(())
    }

    fn check_new_name(&self, name: &str, except: Option<&ProfileId>) -> Result<String> {
        let name = profile_name(name)?;
        let key = fold(&name);
        let taken = self
            .profiles
            .profiles
            .iter()
            .any(|p| Some(&p.id) != except && fold(&p.name) == key);
        if taken {
            return Err(Error::Exists {
                what: format!("a profile named {name:?}"),
            });
        }
        Ok(name)
    }

    fn push_profile(&mut self, name: String, password_hash: Option<String>) -> ProfileId {
        let mut id = ProfileId::random();
        while self.record(&id).is_ok() || self.profile_dir(&id).exists() {
            id = ProfileId::random();
        }
        self.profiles.profiles.push(ProfileRecord {
            id: id.clone(),
            name,
            created_ms: now_ms(),
            password_hash,
            extra: Default::default(),
        });
        id
    }

    /// Changes one profile's entry, in its own file first and then in the
    /// list, undoing both on failure.
    fn update_profile(
        &mut self,
        id: &ProfileId,
        change: impl FnOnce(&mut ProfileRecord),
    ) -> Result<()> {
        let at = self
            .profiles
            .profiles
            .iter()
            .position(|p| &p.id == id)
            .ok_or_else(|| Error::not_found(format!("profile {id}")))?;
        let before = self.profiles.profiles[at].clone();
        change(&mut self.profiles.profiles[at]);
        if let Err(e) = self.sync_profile_file(&self.profiles.profiles[at]) {
            self.profiles.profiles[at] = before;
            return Err(e);
        }
        if let Err(e) = self.write_profiles() {
            // The next start brings the file back in line if this fails.
            if let Err(undo) = self.sync_profile_file(&before) {
                tracing::error!(profile = %id, error = %undo, "profile file not restored");
            }
            self.profiles.profiles[at] = before;
            return Err(e);
        }
        Ok(())
    }

    fn profile_file(&self, id: &ProfileId) -> PathBuf {
        self.profile_dir(id).join("profile.json")
    }

    /// Writes `record` to its profile's own `profile.json` unless the file
    /// already says exactly that.
    fn sync_profile_file(&self, record: &ProfileRecord) -> Result<()> {
        self.folder.check()?;
        let path = self.profile_file(&record.id);
        let wanted = file::encode(&profiles::PROFILE_SCHEMA, record, true)?;
        match fs::read(&path) {
            Ok(current) if current == wanted => return Ok(()),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io(&path, e)),
        }
        file::save(&path, &profiles::PROFILE_SCHEMA, record)
    }

    /// Removes a profile's folder with everything in it. Only logs a
    /// failure: the list no longer names the folder, so what is left
    /// behind cannot be reached.
    fn remove_profile_folder(&self, id: &ProfileId) {
        let dir = self.profile_dir(id);
        match fs::remove_dir_all(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                tracing::error!(folder = %dir.display(), error = %e, "could not remove a profile's folder")
            }
        }
    }

    fn write_profiles(&self) -> Result<()> {
        self.folder.check()?;
        file::save(
            &self.root.join("profiles.json"),
            &profiles::SCHEMA,
            &self.profiles,
        )
    }

    /// When `profiles.json` and its backup are both lost, the profiles'
    /// folders are still there: list them again, each from its own
    /// `profile.json` (name, creation time, password hash), so their games
    /// are not orphaned and a locked profile stays locked. A folder without
    /// that file (data from before it existed, or damaged along with its
    /// backup) comes back under its id, without a password, to be renamed.
    fn recover_profiles(&mut self, notices: &mut Vec<Notice>) -> Result<bool> {
        let dir = self.root.join("profiles");
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(Error::io(&dir, e)),
        };
        let mut found = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(Ok(id)) = name.to_str().map(ProfileId::parse) else {
                continue;
            };
            if entry.path().is_dir()
                && self.record(&id).is_err()
                && let Some(record) = self.recovered_record(&id, notices)?
            {
                found.push(record);
            }
        }
        if found.is_empty() {
            return Ok(false);
        }
        // Folders come in no particular order; the list is by creation.
        found.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        let count = found.len();
        let mut unnamed = 0;
        for mut record in found {
            // Hand-edited or copied folders can carry a bad or a taken name.
            match self.check_new_name(&record.name, None) {
                Ok(name) => record.name = name,
                Err(_) => {
                    record.name = record.id.to_string();
                    unnamed += 1;
                }
            }
            self.profiles.profiles.push(record);
        }
        let mut message = format!("the profile list was lost; {count} profile(s) were found again");
        if unnamed > 0 {
            message.push_str(&format!(
                ", {unnamed} of them under their id (they can be renamed)"
            ));
        }
        notices.push(Notice::new(
            NoticeKind::Reset,
            self.root.join("profiles.json"),
            message,
        ));
        Ok(true)
    }

    /// A lost profile's entry, from its own `profile.json` when that is
    /// usable; `None` when that file is from a newer version of Wuzi (the
    /// folder is left as it is, for that version).
    fn recovered_record(
        &self,
        id: &ProfileId,
        notices: &mut Vec<Notice>,
    ) -> Result<Option<ProfileRecord>> {
        let path = self.profile_file(id);
        match file::load::<ProfileRecord>(&path, &profiles::PROFILE_SCHEMA, notices) {
            Ok(Some(mut record)) => {
                // The folder is where the data is, so its name is the id.
                if &record.id != id {
                    tracing::warn!(folder = %id, file = %record.id, "profile file names another id");
                    record.id = id.clone();
                }
                Ok(Some(record))
            }
            // An empty name fails the name check and becomes the id.
            Ok(None) => Ok(Some(ProfileRecord {
                id: id.clone(),
                name: String::new(),
                created_ms: now_ms(),
                password_hash: None,
                extra: Default::default(),
            })),
            Err(e @ Error::FutureVersion { .. }) => {
                notices.push(Notice::new(NoticeKind::NewerVersion, path, e.to_string()));
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    fn sweep_profile(&self, id: &ProfileId) {
        let dir = self.profile_dir(id);
        for sub in [dir.clone(), dir.join("saves"), dir.join("replays")] {
            sweep_temp_files(&sub);
        }
    }
}

/// A profile's document at `path`, or a fresh one when there is none; one
/// that could not be recovered (nor its backup) starts afresh too, and the
/// player is told `what` was reset.
fn load_or_reset<T: serde::de::DeserializeOwned + Default>(
    path: PathBuf,
    schema: &file::Schema,
    what: &str,
    notices: &mut Vec<Notice>,
) -> Result<T> {
    let before = notices.len();
    match file::load::<T>(&path, schema, notices)? {
        Some(found) => Ok(found),
        None => {
            if notices.len() > before {
                notices.push(reset_notice(path, what));
            }
            Ok(T::default())
        }
    }
}

fn reset_notice(path: PathBuf, what: &str) -> Notice {
    Notice::new(
        NoticeKind::Reset,
        path,
        format!("the {what} could not be recovered and were reset"),
    )
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
