//! Game records: a finished or unfinished game as a file.
//!
//! [`GameRecord`] is the format-neutral record: set-up, players, moves with
//! their times, result and dates. Each submodule reads and writes one file
//! format:
//!
//! - [`json`]: the app's own format (`"format": "wuzi-game"`), which keeps
//!   everything;
//! - [`psq`]: Piskvork's `.psq`, as Gomocup uses (moves and times);
//! - [`sgf`]: SGF `FF[4]` with `GM[4]` (moves, players, result, date);
//! - [`movestr`]: the plain move string `h8i9j10` (moves only).
//!
//! Every reader checks that the moves make a legal game and reports where
//! the text went wrong and why; none panics, whatever the input.
//!
//! ```
//! use wuzi_core::{Game, Point, record::{GameRecord, psq, sgf}};
//! let mut game = Game::default();
//! game.try_play(Point::new(7, 7)).unwrap();
//! game.try_play(Point::new(8, 8)).unwrap();
//! let record = GameRecord::from_game(&game);
//! let back = sgf::read(&sgf::write(&record)).unwrap();
//! assert_eq!(back.moves.len(), 2);
//! assert_eq!(psq::read(&psq::write(&record)).unwrap().to_game().unwrap().board(), game.board());
//! ```

use serde::{Deserialize, Serialize};

use crate::{
    ForbiddenMoves, Game, GameConfig, IllegalMove, Move, Opening, Outcome, ReplayError, Setup,
};

pub mod json;
pub mod movestr;
pub mod psq;
pub mod sgf;

/// The names of the two sides.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Players {
    /// Who played black.
    #[serde(default)]
    pub black: String,
    /// Who played white.
    #[serde(default)]
    pub white: String,
}

/// A game as saved: everything needed to replay it and show who played.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The set-up.
    pub config: GameConfig,
    /// Stones on the board before the first move (a position set up in the
    /// editor, a puzzle); `config.first` is the side to move after them.
    #[serde(default, skip_serializing_if = "Setup::is_empty")]
    pub setup: Setup,
    /// The tournament opening the game began with (Swap, Swap2,
    /// Soosõrv-8) and its decisions; its stones are the first moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<Opening>,
    /// Who played.
    #[serde(default)]
    pub players: Players,
    /// The moves, first to last, with their times.
    #[serde(default)]
    pub moves: Vec<Move>,
    /// How the game ended, if it has.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// When the game started: an RFC 3339 date and time, or just a date
    /// (`YYYY-MM-DD`) from formats that keep no more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
    /// When the game ended, as `started`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
}

impl GameRecord {
    /// A record of `game` as it stands, with no names or dates.
    #[must_use]
    pub fn from_game(game: &Game) -> GameRecord {
        GameRecord {
            config: *game.config(),
            setup: game.setup().clone(),
            opening: game.opening().cloned(),
            players: Players::default(),
            moves: game.moves().to_vec(),
            result: game.outcome(),
            started: None,
            ended: None,
        }
    }

    /// Replays the record into a game. The result follows from the moves;
    /// a resignation or timeout is taken from `result`.
    ///
    /// # Errors
    /// [`ReplayError`] for a bad set-up or the first illegal move.
    pub fn to_game(&self) -> Result<Game, ReplayError> {
        let mut game = match &self.opening {
            Some(opening) if self.setup.is_empty() => {
                Game::replay_opening(self.config, opening, &self.moves)?
            }
            Some(_) => {
                return Err(ReplayError::Opening(crate::OpeningError::NotFromStart));
            }
            None => Game::replay_from(self.config, &self.setup, &self.moves)?,
        };
        match self.result {
            Some(Outcome::Resign { loser }) if !game.is_over() => {
                let _ = game.resign(loser);
            }
            Some(Outcome::Timeout { loser }) if !game.is_over() => {
                let _ = game.timeout(loser);
            }
            _ => {}
        }
        Ok(game)
    }
}

/// Replays moves from a format that does not say what a forbidden move
/// does: a game whose last move is black's forbidden one was lost by it, so
/// it is read with [`ForbiddenMoves::Lose`]; any other game keeps `config`.
fn replay_lenient(config: GameConfig, setup: &Setup, moves: &[Move]) -> Result<Game, ReplayError> {
    match Game::replay_from(config, setup, moves) {
        Err(ReplayError::Move {
            index,
            error: IllegalMove::Forbidden { .. },
        }) if index + 1 == moves.len() => Game::replay_from(
            GameConfig {
                forbidden: ForbiddenMoves::Lose,
                ..config
            },
            setup,
            moves,
        ),
        other => other,
    }
}

/// A record of a replayed game, keeping the set-up it was replayed with.
fn record_of(game: &Game, players: Players, result_hint: Option<Outcome>) -> GameRecord {
    let mut result = game.outcome();
    if result.is_none()
        && let Some(ending @ (Outcome::Resign { .. } | Outcome::Timeout { .. })) = result_hint
    {
        result = Some(ending);
    }
    GameRecord {
        config: *game.config(),
        setup: game.setup().clone(),
        opening: game.opening().cloned(),
        players,
        moves: game.moves().to_vec(),
        result,
        started: None,
        ended: None,
    }
}

/// A line and column (both from 1, columns in characters) in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TextPosition {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl TextPosition {
    /// The line and column of byte `offset` in `text` (clamped to the end,
    /// and to the start of a character).
    #[must_use]
    pub fn of(text: &str, offset: usize) -> TextPosition {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        TextPosition { line, column }
    }
}

impl std::fmt::Display for TextPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}
