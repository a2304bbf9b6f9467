//! Which rule decides a win and which moves are allowed.

use serde::{Deserialize, Serialize};

use crate::Stone;

/// Which rule decides a win and which moves are allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Five or more in a row wins, for either side.
    #[default]
    Freestyle,
    /// Exactly five in a row wins; six or more does not.
    Standard,
    /// Exactly five wins; black may not make a double-three, a double-four or
    /// an overline; white's overline wins. 15x15 only.
    Renju,
}

impl Rule {
    /// Whether a row of `length` stones of `stone`'s colour wins.
    #[must_use]
    pub const fn wins_with(self, stone: Stone, length: u32) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => length >= 5,
            (Rule::Standard, _) | (Rule::Renju, Stone::Black) => length == 5,
        }
    }

    /// The board size this rule must be played on, if it has one.
    #[must_use]
    pub const fn required_size(self) -> Option<u8> {
        match self {
            Rule::Renju => Some(15),
            Rule::Freestyle | Rule::Standard => None,
        }
    }

    /// The rule's name in lower case, as records write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}
