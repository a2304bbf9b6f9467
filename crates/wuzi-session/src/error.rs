//! Errors as the UI receives them: `{ kind, message }`.

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use thiserror::Error;
use wuzi_core::{ConfigError, IllegalMove, OpeningError, ReplayError, SetupError};

/// Why a command failed. `kind` is stable for code to match on; `message`
/// is for people.
#[derive(Debug, Error)]
pub enum AppError {
    /// The move was refused by the rules.
    #[error("{0}")]
    IllegalMove(#[from] IllegalMove),
    /// A point given by numbers no board can hold (negative or huge).
    #[error("({x}, {y}) is off the {size}x{size} board")]
    OutOfRange {
        /// The column asked for.
        x: i64,
        /// The row asked for.
        y: i64,
        /// The size of the board.
        size: u8,
    },
    /// A game set-up that cannot be played.
    #[error("{0}")]
    Config(#[from] ConfigError),
    /// A set-up the app does not start a game with.
    #[error("{0}")]
    BadConfig(String),
    /// Set-up stones no game can start from (the position editor's, or a
    /// new game's).
    #[error("{error}")]
    Position {
        /// Why.
        error: SetupError,
        /// The board size, to name the points.
        size: u8,
    },
    /// A saved or imported game whose moves are not a legal game.
    #[error("the game's moves are not legal: {0}")]
    Replay(#[from] ReplayError),
    /// An imported text in none of the formats, or a broken one: the
    /// parser's own words, and where and why for the player's language.
    #[error("{message}")]
    Record {
        /// The parser's message, in English.
        message: String,
        /// Where and why, as codes.
        problem: Box<crate::RecordProblem>,
    },
    /// The opening rule does not allow this now: the UI gets the reason
    /// as `opening` (its `type` names it).
    #[error("{0}")]
    Opening(#[from] OpeningError),
    /// A command name that is not in the list.
    #[error("there is no command {0:?}")]
    UnknownCommand(String),
    /// An argument the command cannot use.
    #[error("{0}")]
    BadArgument(String),
    /// It is the computer's turn, not the player's.
    #[error("it is the computer's turn")]
    NotYourTurn,
    /// The computer was asked to move when it is not its turn.
    #[error("it is not the computer's turn")]
    NotAiTurn,
    /// The game changed while the computer was thinking; its move was dropped.
    #[error("the game changed while the computer was thinking")]
    Stale,
    /// The engine found no move (the game is over or the board is full).
    #[error("{0}")]
    NoMove(#[from] wuzi_engine::NoMove),
    /// A review of a game that cannot be reviewed.
    #[error("{0}")]
    Analysis(#[from] wuzi_engine::AnalysisError),
    /// The work was stopped before it finished.
    #[error("{0}")]
    Cancelled(&'static str),
    /// Something is already running that this would clash with.
    #[error("{0}")]
    Busy(&'static str),
    /// Nothing of that name or id.
    #[error("{0}")]
    NotFound(String),
    /// No profile is open yet.
    #[error("no profile is open")]
    NoProfile,
    /// The data folder could not be opened, so nothing can be kept.
    #[error("the data folder is not available: {0}")]
    NoStore(NoStoreReason),
    /// From the data folder.
    #[error("{0}")]
    Store(#[from] wuzi_store::Error),
    /// A background task failed.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// A short, stable name for the kind of failure.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            AppError::IllegalMove(IllegalMove::OffBoard { .. }) | AppError::OutOfRange { .. } => {
                "off_board"
            }
            AppError::IllegalMove(IllegalMove::Occupied { .. }) => "occupied",
            AppError::IllegalMove(IllegalMove::Forbidden { .. }) => "forbidden",
            AppError::IllegalMove(IllegalMove::GameOver) => "game_over",
            AppError::IllegalMove(IllegalMove::Opening { .. }) | AppError::Opening(_) => "opening",
            AppError::Config(_) | AppError::BadConfig(_) => "bad_config",
            AppError::Replay(_) | AppError::Record { .. } => "bad_record",
            AppError::Position { .. } => "bad_position",
            AppError::UnknownCommand(_) => "unknown_command",
            AppError::BadArgument(_) => "bad_argument",
            AppError::NotYourTurn => "not_your_turn",
            AppError::NotAiTurn => "not_ai_turn",
            AppError::Stale => "stale",
            AppError::NoMove(_) => "no_move",
            AppError::Analysis(_) => "bad_record",
            AppError::Cancelled(_) => "cancelled",
            AppError::Busy(_) => "busy",
            AppError::NotFound(_) => "not_found",
            AppError::NoProfile => "no_profile",
            AppError::NoStore(reason) => reason.kind(),
            AppError::Store(e) => e.kind(),
            AppError::Internal(_) => "internal",
        }
    }
}

/// Why the service runs without its data folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoStoreReason {
    /// Another copy of Wuzi has the folder open; the UI has its own words
    /// for that, and the player can do something about it (close the other
    /// copy and start again).
    pub in_use: bool,
    /// What went wrong, for people.
    pub message: String,
}

impl NoStoreReason {
    /// The kind of error a command gets without the folder: `locked` when
    /// another copy of Wuzi has it, else `no_store`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        if self.in_use { "locked" } else { "no_store" }
    }
}

impl fmt::Display for NoStoreReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let problem = match self {
            AppError::Record { problem, .. } => Some(problem),
            _ => None,
        };
        let position = match self {
            AppError::Position { error, size } => Some(crate::Reason::of_setup(*error, *size)),
            _ => None,
        };
        let opening = match self {
            AppError::Opening(error) | AppError::IllegalMove(IllegalMove::Opening { error }) => {
                Some(error)
            }
            _ => None,
        };
        let fields = 2
            + usize::from(problem.is_some())
            + usize::from(position.is_some())
            + usize::from(opening.is_some());
        let mut s = serializer.serialize_struct("AppError", fields)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("message", &self.to_string())?;
        if let Some(problem) = problem {
            s.serialize_field("record", problem)?;
        }
        if let Some(position) = position {
            s.serialize_field("position", &position)?;
        }
        if let Some(opening) = opening {
            s.serialize_field("opening", opening)?;
        }
        s.end()
    }
}
