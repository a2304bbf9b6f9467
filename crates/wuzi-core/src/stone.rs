use serde::{Deserialize, Serialize};
use std::fmt;

/// The colour of a stone, and so of a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stone {
    /// Black moves first in Gomoku and Renju.
    Black,
    /// White answers black.
    White,
}

impl Stone {
    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "black",
            Stone::White => "white",
        })
    }
}
