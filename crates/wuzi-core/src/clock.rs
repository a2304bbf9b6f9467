//! Time controls: how much time each side has, read from the moves' own
//! times, so a game's clock is always what its record says.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Game, Outcome, Stone};

/// Shortest main time a clock may have.
pub const MIN_MAIN: Duration = Duration::from_secs(10);
/// Longest main time a clock may have.
pub const MAX_MAIN: Duration = Duration::from_secs(3 * 60 * 60);
/// Largest Fischer increment.
pub const MAX_INCREMENT: Duration = Duration::from_secs(60);
/// Shortest time a move may be given.
pub const MIN_PER_MOVE: Duration = Duration::from_secs(1);
/// Longest time a move may be given.
pub const MAX_PER_MOVE: Duration = Duration::from_secs(60 * 60);

/// How much time the players have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock: time is counted, never limited.
    #[default]
    None,
    /// Each side has `main_ms` for the whole game.
    SuddenDeath {
        /// Each side's time for the game, in milliseconds.
        main_ms: u64,
    },
    /// Each side has `main_ms`, and gains `increment_ms` with every move it
    /// makes.
    Fischer {
        /// Each side's starting time, in milliseconds.
        main_ms: u64,
        /// Added to a side's clock after each of its moves.
        increment_ms: u64,
    },
    /// Every move must be made within `move_ms`; time not used is not kept.
    PerMove {
        /// The time for one move, in milliseconds.
        move_ms: u64,
    },
}

/// A time control no game is played with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct TimeControlError(String);

fn within(what: &str, ms: u64, low: Duration, high: Duration) -> Result<(), TimeControlError> {
    let time = Duration::from_millis(ms);
    if time < low || time > high {
        return Err(TimeControlError(format!(
            "{what} must be between {} s and {} s, not {} ms",
            low.as_secs(),
            high.as_secs(),
            ms
        )));
    }
    Ok(())
}

impl TimeControl {
    /// Checks the times are ones a game can be played with.
    ///
    /// # Errors
    /// [`TimeControlError`] naming the time out of range.
    pub fn validate(&self) -> Result<(), TimeControlError> {
        match *self {
            TimeControl::None => Ok(()),
            TimeControl::SuddenDeath { main_ms } => within("the time", main_ms, MIN_MAIN, MAX_MAIN),
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => {
                within("the time", main_ms, MIN_MAIN, MAX_MAIN)?;
                within("the increment", increment_ms, Duration::ZERO, MAX_INCREMENT)
            }
            TimeControl::PerMove { move_ms } => {
                within("the time for a move", move_ms, MIN_PER_MOVE, MAX_PER_MOVE)
            }
        }
    }

    /// Whether the clock can run out.
    #[must_use]
    pub fn is_limited(&self) -> bool {
        *self != TimeControl::None
    }

    /// How little time left counts as short, for a warning: a third of a
    /// move's time, at most ten seconds.
    #[must_use]
    pub fn warning(&self) -> Option<Duration> {
        let ten = Duration::from_secs(10);
        match *self {
            TimeControl::None => None,
            TimeControl::PerMove { move_ms } => Some(ten.min(Duration::from_millis(move_ms) / 3)),
            TimeControl::SuddenDeath { .. } | TimeControl::Fischer { .. } => Some(ten),
        }
    }

    /// The time `stone`'s side has left in `game`: for the side to move,
    /// after `running` on the move in progress. `None` without a clock.
    ///
    /// Each move's own time counts, so undo gives back what the taken-back
    /// moves used, and a game read from its record has its clocks back.
    #[must_use]
    pub fn left(&self, game: &Game, stone: Stone, running: Duration) -> Option<Duration> {
        if self.is_limited() && game.outcome() == Some(Outcome::Timeout { loser: stone }) {
            return Some(Duration::ZERO);
        }
        let thinking = if game.to_move() == stone && !game.is_over() {
            running
        } else {
            Duration::ZERO
        };
        match *self {
            TimeControl::None => None,
            TimeControl::SuddenDeath { main_ms } => Some(
                Duration::from_millis(main_ms)
                    .saturating_sub(game.elapsed(stone))
                    .saturating_sub(thinking),
            ),
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => {
                // A move that overran its clock lost the game then; a clock
                // read back from a record never shows less than nothing.
                let mut left = Duration::from_millis(main_ms);
                for mv in game.moves().iter().filter(|m| m.stone == stone) {
                    left = left.saturating_sub(Duration::from_millis(mv.time_ms))
                        + Duration::from_millis(increment_ms);
                }
                Some(left.saturating_sub(thinking))
            }
            TimeControl::PerMove { move_ms } => {
                Some(Duration::from_millis(move_ms).saturating_sub(thinking))
            }
        }
    }

    /// Whether the side to move in `game` has run out of time after
    /// `running` on its move.
    #[must_use]
    pub fn flag_fallen(&self, game: &Game, running: Duration) -> bool {
        !game.is_over()
            && self
                .left(game, game.to_move(), running)
                .is_some_and(|left| left.is_zero())
    }
}
