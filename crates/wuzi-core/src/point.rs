use serde::{Deserialize, Serialize};
use std::fmt;

/// An intersection of the board: `x` is the column from the left and `y` the
/// row from the top, both 0-based, as the Gomocup protocol counts.
///
/// People see `H8`-style names instead (column letter from the left, row
/// number from the bottom); that conversion needs the board size, so it lives
/// with the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Point {
    /// A point at column `x` and row `y` (0-based, from the top left).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}
