//! Saved games: named slots (`profiles/<id>/saves/s-<slug>-<hash>.json`)
//! and the autosave for "continue" (`saves/autosave.json`).
//!
//! The store does not know the game: the caller passes its own record
//! (anything serde can write) and the facts the list shows ([`SaveMeta`]).
//! See [`crate::names`] for how names become file names.

use std::path::{Path, PathBuf};

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use wuzi_core::Rule;

use crate::error::{Error, Result};
use crate::file::{self, Schema};
use crate::names::{fold, save_file_stem, save_name};
use crate::notice::{Notice, NoticeKind};
use crate::replays::{GameMode, check_size};

pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-save",
    version: 1,
    migrations: &[],
};

pub(crate) const AUTOSAVE_SCHEMA: Schema = Schema {
    format: "wuzi-autosave",
    version: 1,
    migrations: &[],
};

/// What a list of saves shows about a game; the caller fills it in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveMeta {
    /// When it was saved, in Unix milliseconds.
    pub saved_ms: i64,
    /// The rule the game is played under.
    pub rule: Rule,
    /// Board size, 5 to 22.
    pub size: u8,
    /// Who plays whom.
    pub mode: GameMode,
    /// Moves played so far.
    pub move_count: u32,
    /// The position, one character per point row by row from the top:
    /// `.` empty, `x` black, `o` white; `size * size` characters, or empty
    /// for none.
    pub preview: String,
}

impl SaveMeta {
    pub(crate) fn validate(&self) -> Result<()> {
        check_size(self.size)?;
        if self.preview.is_empty() {
            return Ok(());
        }
        let points = usize::from(self.size) * usize::from(self.size);
        if self.preview.len() != points || !self.preview.bytes().all(|b| b".xo".contains(&b)) {
            return Err(Error::invalid(
                "preview",
                format!(
                    "must be {points} of '.', 'x' and 'o' for a {0}x{0} board",
                    self.size
                ),
            ));
        }
        Ok(())
    }
}

/// A save in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveInfo {
    /// The name as the player typed it.
    pub name: String,
    /// Its facts.
    pub meta: SaveMeta,
}

/// A loaded save or autosave.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved<T> {
    /// The save's name (`None` for the autosave).
    pub name: Option<String>,
    /// Its facts.
    pub meta: SaveMeta,
    /// The game, as the caller saved it.
    pub game: T,
}

#[derive(Serialize, Deserialize)]
struct SaveFile<T> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    meta: SaveMeta,
    game: T,
}

/// A profile's saves folder.
#[derive(Debug)]
pub(crate) struct Saves {
    dir: PathBuf,
}

impl Saves {
    pub(crate) fn new(profile_dir: &Path) -> Self {
        Saves {
            dir: profile_dir.join("saves"),
        }
    }

    fn slot_path(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{}.json", save_file_stem(name)))
    }

    fn autosave_path(&self) -> PathBuf {
        self.dir.join("autosave.json")
    }

    /// Every named save, newest first. Saves that cannot be read are left
    /// out, with a notice.
    pub(crate) fn list(&self, notices: &mut Vec<Notice>) -> Result<Vec<SaveInfo>> {
        let mut saves = Vec::new();
        for (stem, path) in file::json_files(&self.dir)? {
            if !stem.starts_with("s-") {
                continue;
            }
            match file::load::<SaveFile<IgnoredAny>>(&path, &SCHEMA, notices) {
                Ok(Some(SaveFile {
                    name: Some(name),
                    meta,
                    ..
                })) => saves.push(SaveInfo { name, meta }),
                Ok(_) => {}
                Err(e @ Error::FutureVersion { .. }) => {
                    notices.push(Notice::new(NoticeKind::NewerVersion, path, e.to_string()));
                }
                Err(e) => return Err(e),
            }
        }
        saves.sort_by(|a, b| {
            b.meta
                .saved_ms
                .cmp(&a.meta.saved_ms)
                .then_with(|| fold(&a.name).cmp(&fold(&b.name)))
        });
        Ok(saves)
    }

    /// Saves a game in a named slot. Names that differ only in case are the
    /// same slot; an existing slot is replaced only with `overwrite`.
    pub(crate) fn save<T: Serialize>(
        &self,
        name: &str,
        meta: &SaveMeta,
        game: &T,
        overwrite: bool,
    ) -> Result<()> {
        let name = save_name(name)?;
        meta.validate()?;
        let path = self.slot_path(&name);
        if path.exists() && !overwrite {
            return Err(Error::Exists {
                what: format!("a save named {name:?}"),
            });
        }
        let contents = SaveFile {
            name: Some(name.clone()),
            meta: meta.clone(),
            game,
        };
        file::save(&path, &SCHEMA, &contents)?;
        tracing::info!(save = %name, file = %path.display(), "game saved");
        Ok(())
    }

    /// Loads a named save.
    pub(crate) fn load<T: DeserializeOwned>(
        &self,
        name: &str,
        notices: &mut Vec<Notice>,
    ) -> Result<Saved<T>> {
        let name = save_name(name)?;
        let path = self.slot_path(&name);
        let before = notices.len();
        match file::load::<SaveFile<T>>(&path, &SCHEMA, notices)? {
            Some(f) => Ok(Saved {
                name: f.name,
                meta: f.meta,
                game: f.game,
            }),
            None if notices.len() == before => Err(Error::not_found(format!("save {name:?}"))),
            None => Err(Error::Corrupt {
                path,
                reason: "the save and its backup could not be read".into(),
            }),
        }
    }

    /// Deletes a named save and its backup.
    pub(crate) fn delete(&self, name: &str) -> Result<()> {
        let name = save_name(name)?;
        if crate::atomic::remove_with_backup(&self.slot_path(&name))? {
            tracing::info!(save = %name, "save deleted");
            Ok(())
        } else {
            Err(Error::not_found(format!("save {name:?}")))
        }
    }

    /// Writes the autosave.
    pub(crate) fn autosave<T: Serialize>(&self, meta: &SaveMeta, game: &T) -> Result<()> {
        meta.validate()?;
        let contents = SaveFile {
            name: None,
            meta: meta.clone(),
            game,
        };
        file::save(&self.autosave_path(), &AUTOSAVE_SCHEMA, &contents)?;
        tracing::debug!("autosaved");
        Ok(())
    }

    /// Loads the autosave, `None` when there is none.
    pub(crate) fn load_autosave<T: DeserializeOwned>(
        &self,
        notices: &mut Vec<Notice>,
    ) -> Result<Option<Saved<T>>> {
        let loaded = file::load::<SaveFile<T>>(&self.autosave_path(), &AUTOSAVE_SCHEMA, notices)?;
        Ok(loaded.map(|f| Saved {
            name: None,
            meta: f.meta,
            game: f.game,
        }))
    }

    /// Removes the autosave (the game it held is over).
    pub(crate) fn clear_autosave(&self) -> Result<()> {
        crate::atomic::remove_with_backup(&self.autosave_path()).map(|_| ())
    }
}
