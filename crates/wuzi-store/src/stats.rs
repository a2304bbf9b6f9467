//! A profile's statistics (`profiles/<id>/stats.json`), updated from each
//! finished game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::file::Schema;
use crate::replays::{GameMode, GameResult, Outcome, Player, ReplaySummary, ResultKind};
use wuzi_core::Stone;

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

/// Computer-against-computer games the profile watched to the end, by
/// which side won.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Watched {
    /// Games black won.
    pub black_wins: u32,
    /// Games white won.
    pub white_wins: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Watched {
    /// All games counted.
    pub fn games(&self) -> u32 {
        self.black_wins
            .saturating_add(self.white_wins)
            .saturating_add(self.draws)
    }
}

/// A profile's statistics.
///
/// Games the profile played (against the computer, or against another
/// person on this device) are counted by their result from its point of
/// view ([`ReplaySummary::outcome`]); games it watched the computer play
/// against itself, by the side that won. Unfinished games are not counted.
/// Deleting a replay does not change the statistics: they record games
/// played, not the replay list.
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
    /// Computer-against-computer games watched to the end.
    #[serde(default)]
    pub watched: Watched,
    /// Keys this version does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Stats {
    /// Counts one finished game. Returns whether anything changed.
    pub fn record(&mut self, game: &ReplaySummary) -> bool {
        if game.mode == GameMode::AiVsAi {
            return self.watch(&game.result);
        }
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

    /// Counts a computer-against-computer game; the profile's own record
    /// (total, streaks) is about the games it played, so only `watched`
    /// changes.
    fn watch(&mut self, result: &GameResult) -> bool {
        let n = match (result.kind(), result.winner()) {
            (ResultKind::Unfinished, _) => return false,
            (_, Some(Stone::Black)) => &mut self.watched.black_wins,
            (_, Some(Stone::White)) => &mut self.watched.white_wins,
            (_, None) => &mut self.watched.draws,
        };
        *n = n.saturating_add(1);
        true
    }
}
