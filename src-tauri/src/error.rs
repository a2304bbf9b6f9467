use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use thiserror::Error;
use wuzi_core::{BoardSizeError, IllegalMove};

/// Why a command failed. The UI receives it as `{ kind, message }`: `kind`
/// is stable for code to match on, `message` is for people.
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
    /// A board size the game does not support.
    #[error("{0}")]
    BoardSize(#[from] BoardSizeError),
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
            AppError::BoardSize(_) => "bad_size",
        }
    }
}

impl Serialize for AppError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("AppError", 2)?;
        s.serialize_field("kind", self.kind())?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}
