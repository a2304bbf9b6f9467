//! Playing levels and the limits of one search.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

/// How much one search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time for the move.
    pub time: Duration,
    /// Nodes allowed, if bounded.
    pub nodes: Option<u64>,
    /// Deepest iteration, if bounded (for benchmarks: always give a time
    /// too, as depth alone can take very long).
    pub depth: Option<u32>,
    /// The time is a fixed allowance for this move that is lost if not
    /// used (a time per move, no clock to save it on): Master then thinks
    /// for all of it unless the move is forced or the win proven. Without
    /// it, Master answers an easy move sooner.
    pub spend_all: bool,
}

impl Limits {
    /// Limits of `time` and no node bound.
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits {
            time,
            nodes: None,
            depth: None,
            spend_all: false,
        }
    }

    /// Limits of `ms` milliseconds.
    #[must_use]
    pub const fn millis(ms: u64) -> Limits {
        Limits::time(Duration::from_millis(ms))
    }
}

/// The computer's playing strength, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The classic weight-table player: no look-ahead at all.
    Beginner,
    /// Looks three moves ahead, then picks loosely among the moves it
    /// finds nearly best; still takes a five and blocks a four.
    Easy,
    /// Looks four moves ahead, within half a second; finds wins by fours
    /// and, before searching, stops the opponent's.
    Normal,
    /// Looks six moves ahead, within two seconds; also finds its own wins
    /// by threes and fours (VCT).
    Hard,
    /// Full strength: five seconds or the time it is given, and a look for
    /// wins by fours at the end of every line searched.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Master,
    ];

    /// The time each level thinks by default.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits::millis(10),
            Level::Easy => Limits::millis(100),
            Level::Normal => Limits::millis(500),
            Level::Hard => Limits::millis(2_000),
            Level::Master => Limits::millis(5_000),
        }
    }

    /// The hash table the level's search needs, in bytes: a short search
    /// fills only a little of a big table, and what an engine holds for a
    /// strong level it need not hold for a weak one. The engine's own
    /// memory setting caps it.
    #[must_use]
    pub fn hash_bytes(self) -> usize {
        match self {
            Level::Beginner => 0,
            Level::Easy => 1 << 20,
            Level::Normal => 4 << 20,
            Level::Hard => 16 << 20,
            Level::Master => 32 << 20,
        }
    }

    /// The level's number, 1 (Beginner) to 5 (Master).
    #[must_use]
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The level's name in lower case.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name or number that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown level {0:?}: use 1-5 or beginner, easy, normal, hard, master")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| t == l.name() || t == l.number().to_string())
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}
