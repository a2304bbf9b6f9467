//! A profile's statistics (`profiles/<id>/stats.json`), updated from each
//! finished game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::file::Schema;
use crate::replays::{GameMode, Outcome, Player, ReplaySummary, ResultKind};

pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-stats",
    version: 1,
    migrations: &[],
};

/// Wins, losses and draws.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// All games counted.
    pub fn games(&self) -> u32 {
        self.wins
            .saturating_add(self.losses)
            .saturating_add(self.draws)
    }

    fn add(&mut self, outcome: Outcome) {
        let n = match outcome {
            Outcome::Win => &mut self.wins,
            Outcome::Loss => &mut self.losses,
            Outcome::Draw => &mut self.draws,
        };
        *n = n.saturating_add(1);
    }
}

/// A profile's statistics.
///
/// Only games whose result is known from the profile's point of view
/// ([`ReplaySummary::outcome`]) are counted. Deleting a replay does not
/// change the statistics: they record games played, not the replay list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Every counted game.
    pub total: Tally,
    /// By game mode.
    pub by_mode: BTreeMap<GameMode, Tally>,
    /// Games against the computer, by its level.
    pub by_level: BTreeMap<String, Tally>,
    /// Wins in a row up to the last game (a loss or a draw ends a streak).
    pub current_streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// Games that ended on time, by the player's result.
    #[serde(default)]
    pub on_time: Tally,
    /// Keys this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Stats {
    /// Counts one finished game. Returns whether anything changed.
    pub fn record(&mut self, game: &ReplaySummary) -> bool {
        let Some(outcome) = game.outcome else {
            return false;
        };
        self.total.add(outcome);
        self.by_mode.entry(game.mode).or_default().add(outcome);
        if game.result.kind() == ResultKind::Timeout {
            self.on_time.add(outcome);
        }
        if game.mode == GameMode::HumanVsAi {
            let level = [&game.black, &game.white]
                .into_iter()
                .find_map(|p| match p {
                    Player::Ai { level } => Some(level.clone()),
                    Player::Human { .. } => None,
                });
            if let Some(level) = level {
                self.by_level.entry(level).or_default().add(outcome);
            }
        }
        if outcome == Outcome::Win {
            self.current_streak = self.current_streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.current_streak);
        } else {
            self.current_streak = 0;
        }
        true
    }
}
