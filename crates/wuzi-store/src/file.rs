//! Versioned JSON files: every file the store writes is an object with
//! `"format"` (what the file is) and `"version"` (its schema version) next
//! to its own fields.
//!
//! Loading follows one policy for every file:
//!
//! - a file from a newer version is left untouched and reported as
//!   [`Error::FutureVersion`]; saving over it is refused the same way;
//! - an older version is migrated one step at a time (`N -> N+1`) over
//!   `serde_json::Value` by the file's [`Schema::migrations`] table; the
//!   migrated content reaches the disk the next time the file is saved,
//!   when the old one becomes the `.bak`;
//! - a file that does not parse is never overwritten: it is renamed
//!   `<name>.corrupt-<unix time>`, the `.bak` is tried (and copied back into
//!   place when good), and a [`Notice`] tells the player.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::atomic::{backup_path, with_suffix, write_atomic};
use crate::error::{Error, Result};
use crate::notice::{Notice, NoticeKind};

/// One kind of file: its name in the `"format"` field, its current version
/// and how to bring older versions up to date.
#[derive(Debug)]
pub(crate) struct Schema {
    /// The `"format"` value, e.g. `wuzi-settings`.
    pub format: &'static str,
    /// The version this build writes and the newest it reads.
    pub version: u64,
    /// Steps from older versions, one per version; see [`migrate`].
    pub migrations: &'static [Migration],
}

/// One migration step: turns the fields of a version-`from` file into
/// those of version `from + 1`.
#[derive(Debug)]
pub(crate) struct Migration {
    /// The version this step reads.
    pub from: u64,
    /// The step itself; an error means the file cannot be understood.
    pub apply: fn(Fields) -> Result<Fields, String>,
}

/// A file's own fields, without `format` and `version`.
pub(crate) type Fields = Map<String, Value>;

/// The outcome of reading one file.
enum Read<T> {
    Missing,
    Good(T),
    Bad(String),
}

/// Brings `fields` from version `found` up to `schema.version`, one step at
/// a time.
pub(crate) fn migrate(
    mut fields: Map<String, Value>,
    found: u64,
    schema: &Schema,
) -> Result<Map<String, Value>, String> {
    let mut version = found;
    while version < schema.version {
        let step = schema
            .migrations
            .iter()
            .find(|m| m.from == version)
            .ok_or_else(|| format!("no migration from version {version}"))?;
        fields = (step.apply)(fields)?;
        version += 1;
    }
    Ok(fields)
}

/// Splits a parsed file into its version and its own fields.
fn envelope(value: Value, schema: &Schema) -> Result<(u64, Map<String, Value>), String> {
    let Value::Object(mut fields) = value else {
        return Err("not a JSON object".into());
    };
    let version = match fields.remove("version") {
        Some(Value::Number(n)) => n.as_u64().ok_or("the version is not a whole number")?,
        Some(_) => return Err("the version is not a number".into()),
        None => return Err("there is no version".into()),
    };
    match fields.remove("format") {
        Some(Value::String(f)) if f == schema.format => {}
        Some(other) => return Err(format!("expected a {} file, found {other}", schema.format)),
        None => return Err(format!("expected a {} file", schema.format)),
    }
    Ok((version, fields))
}

/// Reads and decodes one file. Future versions and I/O errors are errors;
/// anything that does not parse is `Read::Bad`.
fn read_one<T: DeserializeOwned>(path: &Path, schema: &Schema) -> Result<Read<T>> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Read::Missing),
        Err(e) => return Err(Error::io(path, e)),
    };
    let value: Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(e) => return Ok(Read::Bad(e.to_string())),
    };
    let (version, fields) = match envelope(value, schema) {
        Ok(x) => x,
        Err(reason) => return Ok(Read::Bad(reason)),
    };
    if version > schema.version {
        return Err(Error::FutureVersion {
            path: path.to_path_buf(),
            found: version,
            supported: schema.version,
        });
    }
    let fields = match migrate(fields, version, schema) {
        Ok(f) => f,
        Err(reason) => return Ok(Read::Bad(reason)),
    };
    if version < schema.version {
        tracing::info!(path = %path.display(), from = version, to = schema.version, "migrated");
    }
    match serde_json::from_value(Value::Object(fields)) {
        Ok(v) => Ok(Read::Good(v)),
        Err(e) => Ok(Read::Bad(e.to_string())),
    }
}

/// Loads a file by the policy in the module docs. `Ok(None)` means there
/// is nothing usable (missing, or damaged with no good backup); any
/// recovery is added to `notices`.
pub(crate) fn load<T: DeserializeOwned>(
    path: &Path,
    schema: &Schema,
    notices: &mut Vec<Notice>,
) -> Result<Option<T>> {
    let backup = backup_path(path);
    match read_one(path, schema)? {
        Read::Good(v) => return Ok(Some(v)),
        Read::Missing if !backup.exists() => return Ok(None),
        Read::Missing => {}
        Read::Bad(reason) => notices.push(quarantine(path, &reason)?),
    }
    match read_one(&backup, schema)? {
        Read::Good(v) => {
            // Put the good copy back in place so the next load is clean;
            // the backup itself stays as it is.
            let bytes = fs::read(&backup).map_err(|e| Error::io(&backup, e))?;
            write_atomic(path, &bytes, false)?;
            tracing::warn!(path = %path.display(), "restored from backup");
            notices.push(Notice::new(
                NoticeKind::RestoredFromBackup,
                path.to_path_buf(),
                format!(
                    "{} could not be used; the previous copy was restored",
                    file_name(path)
                ),
            ));
            Ok(Some(v))
        }
        Read::Missing => Ok(None),
        Read::Bad(reason) => {
            notices.push(quarantine(&backup, &reason)?);
            Ok(None)
        }
    }
}

/// Reads a file, or its backup when the file itself is missing or damaged,
/// changing nothing on disk: for a look at another profile's file (the
/// leaderboard), which is not this caller's to repair. `None` when neither
/// can be used; why is logged.
pub(crate) fn peek<T: DeserializeOwned>(path: &Path, schema: &Schema) -> Option<T> {
    for candidate in [path.to_path_buf(), backup_path(path)] {
        match read_one(&candidate, schema) {
            Ok(Read::Good(value)) => return Some(value),
            Ok(Read::Missing) => {}
            Ok(Read::Bad(reason)) => {
                tracing::warn!(path = %candidate.display(), %reason, "not read");
            }
            Err(e) => tracing::warn!(path = %candidate.display(), error = %e, "not read"),
        }
    }
    None
}

/// Saves `value` as a version-`schema.version` file, atomically, keeping
/// the previous good file as `.bak`.
///
/// Refuses to replace a file from a newer version. A damaged file in the
/// way is moved aside first, so it is never overwritten.
pub(crate) fn save<T: Serialize>(path: &Path, schema: &Schema, value: &T) -> Result<()> {
    check_replaceable(path, schema)?;
    let bytes = encode(schema, value, true)?;
    write_atomic(path, &bytes, true)?;
    tracing::debug!(path = %path.display(), "saved");
    Ok(())
}

/// Writes a file that is only ever created, never replaced (a replay).
pub(crate) fn create<T: Serialize>(path: &Path, schema: &Schema, value: &T) -> Result<()> {
    let bytes = encode(schema, value, false)?;
    write_atomic(path, &bytes, false)
}

/// The bytes of a file: the format and version first, then `value`'s fields.
pub(crate) fn encode<T: Serialize>(schema: &Schema, value: &T, pretty: bool) -> Result<Vec<u8>> {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        format: &'static str,
        version: u64,
        #[serde(flatten)]
        body: &'a T,
    }
    let envelope = Envelope {
        format: schema.format,
        version: schema.version,
        body: value,
    };
    let encoded = if pretty {
        serde_json::to_vec_pretty(&envelope)
    } else {
        serde_json::to_vec(&envelope)
    };
    encoded.map_err(Error::Encode)
}

/// Checks that the file at `path` may be replaced: not from a newer
/// version; a damaged one is moved aside.
fn check_replaceable(path: &Path, schema: &Schema) -> Result<()> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::io(path, e)),
    };
    #[derive(serde::Deserialize)]
    struct Head {
        version: u64,
    }
    match serde_json::from_slice::<Head>(&bytes) {
        Ok(head) if head.version > schema.version => Err(Error::FutureVersion {
            path: path.to_path_buf(),
            found: head.version,
            supported: schema.version,
        }),
        Ok(_) => Ok(()),
        Err(e) => quarantine(path, &e.to_string()).map(|_| ()),
    }
}

/// Renames a damaged file to `<name>.corrupt-<unix time>` (with a counter
/// if that exists) and returns the notice for it.
pub(crate) fn quarantine(path: &Path, reason: &str) -> Result<Notice> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut target = with_suffix(path, &format!(".corrupt-{secs}"));
    let mut n = 2;
    while target.exists() {
        target = with_suffix(path, &format!(".corrupt-{secs}-{n}"));
        n += 1;
    }
    fs::rename(path, &target).map_err(|e| Error::io(path, e))?;
    tracing::warn!(path = %path.display(), moved_to = %target.display(), reason, "damaged file moved aside");
    Ok(Notice {
        kind: NoticeKind::Damaged,
        file: path.to_path_buf(),
        moved_to: Some(target.clone()),
        message: format!(
            "{} was damaged ({reason}); it was kept as {}",
            file_name(path),
            file_name(&target)
        ),
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Files in `dir` whose names end with `.json` (not backups, temp or
/// damaged files), as `(stem, path)`.
pub(crate) fn json_files(dir: &Path) -> Result<Vec<(String, PathBuf)>> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(dir, e)),
    };
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(dir, e))?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if name.starts_with('.') {
            continue;
        }
        if let Some(stem) = name.strip_suffix(".json") {
            files.push((stem.to_owned(), entry.path()));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    /// The current shape of a made-up file used to exercise migrations.
    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct Board {
        size: u8,
        colour: String,
        sound: Sound,
    }

    #[derive(Debug, Serialize, Deserialize, PartialEq)]
    struct Sound {
        on: bool,
        volume: u8,
    }

    /// Version 1 had `board` for the size; version 2 renamed it to `size`;
    /// version 3 grouped `sound` and `volume`.
    const BOARD: Schema = Schema {
        format: "test-board",
        version: 3,
        migrations: &[
            Migration {
                from: 2,
                apply: |mut f| {
                    let on = f.remove("sound").unwrap_or(Value::Bool(true));
                    let volume = f.remove("volume").unwrap_or(json!(80));
                    f.insert("sound".into(), json!({ "on": on, "volume": volume }));
                    Ok(f)
                },
            },
            Migration {
                from: 1,
                apply: |mut f| {
                    let size = f.remove("board").ok_or("no board size")?;
                    f.insert("size".into(), size);
                    Ok(f)
                },
            },
        ],
    };

    fn board() -> Board {
        Board {
            size: 15,
            colour: "wood".into(),
            sound: Sound {
                on: false,
                volume: 30,
            },
        }
    }

    #[test]
    fn migrates_step_by_step_from_version_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.json");
        let v1 = json!({"format": "test-board", "version": 1, "board": 15, "colour": "wood", "sound": false, "volume": 30});
        fs::write(&path, v1.to_string()).unwrap();
        let mut notices = Vec::new();
        let loaded: Board = load(&path, &BOARD, &mut notices).unwrap().unwrap();
        assert_eq!(loaded, board());
        assert!(notices.is_empty());

        // Saving writes the current version and keeps the old file as backup.
        save(&path, &BOARD, &loaded).unwrap();
        let written: Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
        assert_eq!(written["version"], 3);
        assert_eq!(written["sound"]["volume"], 30);
        let backup: Value = serde_json::from_slice(&fs::read(backup_path(&path)).unwrap()).unwrap();
        assert_eq!(backup["version"], 1);
    }

    #[test]
    fn a_failed_migration_counts_as_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.json");
        fs::write(&path, r#"{"format":"test-board","version":1,"colour":"x"}"#).unwrap();
        let mut notices = Vec::new();
        let loaded: Option<Board> = load(&path, &BOARD, &mut notices).unwrap();
        assert!(loaded.is_none());
        assert_eq!(notices.len(), 1);
        assert!(notices[0].message.contains("no board size"), "{notices:?}");
    }

    #[test]
    fn a_missing_step_is_reported() {
        let schema = Schema {
            format: "x",
            version: 3,
            migrations: &[],
        };
        assert_eq!(
            migrate(Map::new(), 1, &schema).unwrap_err(),
            "no migration from version 1"
        );
    }

    #[test]
    fn wrong_format_is_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.json");
        fs::write(&path, r#"{"format":"wuzi-settings","version":3}"#).unwrap();
        let loaded: Option<Board> = load(&path, &BOARD, &mut Vec::new()).unwrap();
        assert!(loaded.is_none());
        assert!(!path.exists());
    }
}
