//! Replays: every finished game, one file each
//! (`profiles/<id>/replays/<replay id>.json`), and an index for fast lists.
//!
//! # The index
//!
//! `profiles/<id>/replays-index.json` holds every replay's summary, newest
//! first. It is only a cache: it is rebuilt from the replay files whenever
//! it is missing, unreadable, from another version, or stale.
//!
//! Staleness: the index records the number of replay files and the
//! modification time of the `replays/` folder when it was written. Adding,
//! removing or renaming a file in a folder changes the folder's time, and
//! the index lives outside that folder so writing it does not. A list whose
//! count or folder time differs from the index's is rebuilt. (On a file
//! system with coarse times, an outside change that keeps the count and
//! lands in the same tick as the store's last write can go unseen until the
//! next change; the store's own writes always keep the index exact.)

use std::cmp::Reverse;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use wuzi_core::{MAX_SIZE, MIN_SIZE, Rule, Stone};

use crate::atomic::write_atomic;
use crate::error::{Error, Result};
use crate::file::{self, Schema};
use crate::names::ReplayId;
use crate::notice::{Notice, NoticeKind};
use crate::settings::check_token;

pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-replay",
    version: 1,
    migrations: &[],
};

const INDEX_FORMAT: &str = "wuzi-replay-index";
const INDEX_VERSION: u64 = 1;

/// The most replays returned in one page.
pub const MAX_PER_PAGE: usize = 500;

/// Who played whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameMode {
    /// Two people at one device.
    HumanVsHuman,
    /// A person against the computer.
    HumanVsAi,
    /// The computer against itself.
    AiVsAi,
}

/// How a game ended, as the list of past games shows and filters it.
///
/// A summary of the game core's [`wuzi_core::Outcome`] (made from it with
/// `From`): who won and how, without the winning line or the forbidden
/// point, which the game record itself holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameResult {
    /// Black made five.
    BlackWin,
    /// White made five.
    WhiteWin,
    /// The board filled up, or both agreed.
    Draw,
    /// One side resigned.
    Resign {
        /// The side that did not resign.
        winner: Stone,
    },
    /// Black played a forbidden move under Renju; white wins.
    ForbiddenMove,
    /// One side ran out of time.
    Timeout {
        /// The side that still had time.
        winner: Stone,
    },
    /// Left with moves on the board: another game took its place.
    Unfinished,
}

/// The kind of a [`GameResult`] without its details, for filters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultKind {
    /// [`GameResult::BlackWin`].
    BlackWin,
    /// [`GameResult::WhiteWin`].
    WhiteWin,
    /// [`GameResult::Draw`].
    Draw,
    /// [`GameResult::Resign`].
    Resign,
    /// [`GameResult::ForbiddenMove`].
    ForbiddenMove,
    /// [`GameResult::Timeout`].
    Timeout,
    /// [`GameResult::Unfinished`].
    Unfinished,
}

impl GameResult {
    /// The winning side, if any.
    pub fn winner(&self) -> Option<Stone> {
        match *self {
            GameResult::BlackWin => Some(Stone::Black),
            GameResult::WhiteWin | GameResult::ForbiddenMove => Some(Stone::White),
            GameResult::Draw | GameResult::Unfinished => None,
            GameResult::Resign { winner } | GameResult::Timeout { winner } => Some(winner),
        }
    }

    /// The kind, without details.
    pub fn kind(&self) -> ResultKind {
        match self {
            GameResult::BlackWin => ResultKind::BlackWin,
            GameResult::WhiteWin => ResultKind::WhiteWin,
            GameResult::Draw => ResultKind::Draw,
            GameResult::Resign { .. } => ResultKind::Resign,
            GameResult::ForbiddenMove => ResultKind::ForbiddenMove,
            GameResult::Timeout { .. } => ResultKind::Timeout,
            GameResult::Unfinished => ResultKind::Unfinished,
        }
    }
}

impl From<&wuzi_core::Outcome> for GameResult {
    fn from(outcome: &wuzi_core::Outcome) -> Self {
        match *outcome {
            wuzi_core::Outcome::Win {
                stone: Stone::Black,
                ..
            } => GameResult::BlackWin,
            wuzi_core::Outcome::Win {
                stone: Stone::White,
                ..
            } => GameResult::WhiteWin,
            wuzi_core::Outcome::Draw | wuzi_core::Outcome::NoMoveLeft => GameResult::Draw,
            wuzi_core::Outcome::Resign { loser } => GameResult::Resign {
                winner: loser.opponent(),
            },
            wuzi_core::Outcome::Timeout { loser } => GameResult::Timeout {
                winner: loser.opponent(),
            },
            wuzi_core::Outcome::ForbiddenMove { .. } => GameResult::ForbiddenMove,
        }
    }
}

/// The result from the profile's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The profile's player won.
    Win,
    /// The profile's player lost.
    Loss,
    /// Nobody won.
    Draw,
}

/// One side of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Player {
    /// A person, by the name shown.
    Human {
        /// The name shown.
        name: String,
    },
    /// The computer, by level.
    Ai {
        /// The engine's name for the level, e.g. `master`.
        level: String,
    },
}

/// What the list of past games shows about one game; the caller fills it
/// in when the game ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplaySummary {
    /// When the game started, in Unix milliseconds.
    pub started_ms: i64,
    /// When it ended, in Unix milliseconds; lists are sorted by this.
    pub ended_ms: i64,
    /// Who played whom.
    pub mode: GameMode,
    /// The rule the game was played under.
    pub rule: Rule,
    /// Board size, 5 to 22.
    pub size: u8,
    /// The black player.
    pub black: Player,
    /// The white player.
    pub white: Player,
    /// How it ended.
    pub result: GameResult,
    /// Win, loss or draw for the profile's player, when that is known
    /// (not in a game between two people or two computers).
    pub outcome: Option<Outcome>,
    /// Moves played.
    pub move_count: u32,
    /// Playing time in milliseconds.
    pub duration_ms: u64,
}

impl ReplaySummary {
    pub(crate) fn validate(&self) -> Result<()> {
        check_size(self.size)?;
        if self.ended_ms < self.started_ms {
            return Err(Error::invalid("ended_ms", "the game ends before it starts"));
        }
        for player in [&self.black, &self.white] {
            match player {
                Player::Human { name } if name.chars().count() > 64 => {
                    return Err(Error::invalid(
                        "player",
                        "a name is longer than 64 characters",
                    ));
                }
                Player::Ai { level } => {
                    check_token(level).map_err(|r| Error::invalid("player", r))?;
                }
                Player::Human { .. } => {}
            }
        }
        Ok(())
    }
}

pub(crate) fn check_size(size: u8) -> Result<()> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(Error::invalid(
            "size",
            format!("must be {MIN_SIZE} to {MAX_SIZE}, got {size}"),
        ))
    }
}

/// A recorded game: its summary and the caller's game record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay<T> {
    /// Its id.
    pub id: ReplayId,
    /// Its summary.
    pub summary: ReplaySummary,
    /// The game, as the caller saved it.
    pub game: T,
}

/// Which replays to list. Every field left `None` matches everything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Filter {
    /// Only this mode.
    pub mode: Option<GameMode>,
    /// Only this result.
    pub result: Option<ResultKind>,
    /// Only this outcome for the profile's player.
    pub outcome: Option<Outcome>,
    /// Only games that ended at or after this time (Unix ms).
    pub from_ms: Option<i64>,
    /// Only games that ended before this time (Unix ms).
    pub until_ms: Option<i64>,
}

impl Filter {
    fn matches(&self, s: &ReplaySummary) -> bool {
        self.mode.is_none_or(|m| m == s.mode)
            && self.result.is_none_or(|r| r == s.result.kind())
            && self.outcome.is_none_or(|o| s.outcome == Some(o))
            && self.from_ms.is_none_or(|t| s.ended_ms >= t)
            && self.until_ms.is_none_or(|t| s.ended_ms < t)
    }
}

/// Which page of a list to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paging {
    /// The page, from 0.
    pub page: usize,
    /// Items per page, 1 to [`MAX_PER_PAGE`] (other values are clamped).
    pub per_page: usize,
}

impl Default for Paging {
    fn default() -> Self {
        Paging {
            page: 0,
            per_page: 50,
        }
    }
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Page<T> {
    /// The items on this page.
    pub items: Vec<T>,
    /// How many items match the filter, over all pages.
    pub total: usize,
    /// This page's number, from 0.
    pub page: usize,
    /// Items per page, after clamping.
    pub per_page: usize,
    /// Recoveries made while listing (damaged replay files moved aside).
    pub notices: Vec<Notice>,
}

/// A replay in a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayEntry {
    /// Its id, for [`load_replay`](crate::Store::load_replay).
    pub id: ReplayId,
    /// Its summary.
    pub summary: ReplaySummary,
}

#[derive(Debug, Serialize, Deserialize)]
struct Index {
    format: String,
    version: u64,
    /// Replay files in the folder when the index was written.
    count: usize,
    /// The folder's modification time then, in nanoseconds since 1970.
    folder_time_ns: u128,
    /// Newest first.
    entries: Vec<ReplayEntry>,
}

#[derive(Serialize, Deserialize)]
struct ReplayFile<T> {
    id: ReplayId,
    summary: ReplaySummary,
    game: T,
}

/// A profile's replays: the folder and the index next to it.
#[derive(Debug)]
pub(crate) struct Replays {
    dir: PathBuf,
    index: PathBuf,
}

impl Replays {
    pub(crate) fn new(profile_dir: &Path) -> Self {
        Replays {
            dir: profile_dir.join("replays"),
            index: profile_dir.join("replays-index.json"),
        }
    }

    fn path(&self, id: &ReplayId) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// Writes a new replay and adds it to the index.
    pub(crate) fn record<T: Serialize>(
        &self,
        summary: &ReplaySummary,
        game: &T,
        notices: &mut Vec<Notice>,
    ) -> Result<ReplayId> {
        summary.validate()?;
        // Bring the index up to date first, so that adding one entry keeps it exact.
        let mut index = self.fresh_index(notices)?;
        let mut id = ReplayId::new(summary.ended_ms);
        while self.path(&id).exists() {
            id = ReplayId::new(summary.ended_ms);
        }
        let replay = ReplayFile {
            id: id.clone(),
            summary: summary.clone(),
            game,
        };
        file::create(&self.path(&id), &SCHEMA, &replay)?;
        tracing::info!(replay = %id, "replay recorded");
        let entry = ReplayEntry {
            id: id.clone(),
            summary: summary.clone(),
        };
        let at = index
            .entries
            .partition_point(|e| sort_key(e) < sort_key(&entry));
        index.entries.insert(at, entry);
        self.write_index(&mut index)?;
        Ok(id)
    }

    /// Loads one replay.
    pub(crate) fn load<T: DeserializeOwned>(
        &self,
        id: &ReplayId,
        notices: &mut Vec<Notice>,
    ) -> Result<Replay<T>> {
        let path = self.path(id);
        match file::load::<ReplayFile<T>>(&path, &SCHEMA, notices)? {
            Some(r) => Ok(Replay {
                id: id.clone(),
                summary: r.summary,
                game: r.game,
            }),
            None if notices.is_empty() => Err(Error::not_found(format!("replay {id}"))),
            None => Err(Error::Corrupt {
                path,
                reason: "the replay could not be read".into(),
            }),
        }
    }

    /// Deletes one replay.
    pub(crate) fn delete(&self, id: &ReplayId, notices: &mut Vec<Notice>) -> Result<()> {
        let mut index = self.fresh_index(notices)?;
        if !crate::atomic::remove_with_backup(&self.path(id))? {
            return Err(Error::not_found(format!("replay {id}")));
        }
        index.entries.retain(|e| &e.id != id);
        self.write_index(&mut index)?;
        tracing::info!(replay = %id, "replay deleted");
        Ok(())
    }

    /// Lists replays, newest first.
    pub(crate) fn list(&self, filter: &Filter, paging: Paging) -> Result<Page<ReplayEntry>> {
        let mut notices = Vec::new();
        let index = self.fresh_index(&mut notices)?;
        let per_page = paging.per_page.clamp(1, MAX_PER_PAGE);
        let skip = paging.page.saturating_mul(per_page);
        let mut total = 0;
        let mut items = Vec::new();
        for entry in index.entries.iter().filter(|e| filter.matches(&e.summary)) {
            if total >= skip && items.len() < per_page {
                items.push(entry.clone());
            }
            total += 1;
        }
        Ok(Page {
            items,
            total,
            page: paging.page,
            per_page,
            notices,
        })
    }

    /// The index, rebuilt first if it is missing, unreadable or stale.
    fn fresh_index(&self, notices: &mut Vec<Notice>) -> Result<Index> {
        let (count, folder_time_ns) = self.folder_state()?;
        if let Some(index) = self.read_index()
            && index.count == count
            && index.folder_time_ns == folder_time_ns
        {
            return Ok(index);
        }
        self.rebuild(notices)
    }

    fn read_index(&self) -> Option<Index> {
        let bytes = fs::read(&self.index).ok()?;
        let index: Index = serde_json::from_slice(&bytes).ok()?;
        (index.format == INDEX_FORMAT && index.version == INDEX_VERSION).then_some(index)
    }

    /// Reads every replay file's summary and writes a new index.
    fn rebuild(&self, notices: &mut Vec<Notice>) -> Result<Index> {
        let started = std::time::Instant::now();
        let mut entries = Vec::new();
        for (stem, path) in file::json_files(&self.dir)? {
            let Ok(id) = ReplayId::parse(&stem) else {
                continue;
            };
            match file::load::<ReplayFile<IgnoredAny>>(&path, &SCHEMA, notices) {
                Ok(Some(r)) => entries.push(ReplayEntry {
                    id,
                    summary: r.summary,
                }),
                Ok(None) => {}
                Err(e @ Error::FutureVersion { .. }) => {
                    notices.push(Notice::new(NoticeKind::NewerVersion, path, e.to_string()));
                }
                Err(e) => return Err(e),
            }
        }
        entries.sort_by(|a, b| sort_key(a).cmp(&sort_key(b)));
        let mut index = Index {
            format: INDEX_FORMAT.into(),
            version: INDEX_VERSION,
            count: 0,
            folder_time_ns: 0,
            entries,
        };
        // Only a cache: the list is still answered when the disk is full or
        // read-only, and the next list tries the write again.
        if let Err(e) = self.write_index(&mut index) {
            tracing::warn!(index = %self.index.display(), error = %e, "replay index not written");
        }
        tracing::info!(
            folder = %self.dir.display(),
            replays = index.entries.len(),
            ms = started.elapsed().as_millis() as u64,
            "replay index rebuilt"
        );
        Ok(index)
    }

    /// Stamps the index with the folder's current state and writes it.
    fn write_index(&self, index: &mut Index) -> Result<()> {
        let (count, folder_time_ns) = self.folder_state()?;
        index.count = count;
        index.folder_time_ns = folder_time_ns;
        let bytes = serde_json::to_vec(&index).map_err(Error::Encode)?;
        write_atomic(&self.index, &bytes, false)
    }

    /// How many replay files the folder holds and when it last changed.
    fn folder_state(&self) -> Result<(usize, u128)> {
        let count = file::json_files(&self.dir)?
            .iter()
            .filter(|(stem, _)| ReplayId::parse(stem).is_ok())
            .count();
        let time = match fs::metadata(&self.dir) {
            Ok(m) => m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => 0,
            Err(e) => return Err(Error::io(&self.dir, e)),
        };
        Ok((count, time))
    }
}

/// Newest first; ties broken by id so the order is stable.
fn sort_key(e: &ReplayEntry) -> (Reverse<i64>, Reverse<&ReplayId>) {
    (Reverse(e.summary.ended_ms), Reverse(&e.id))
}
