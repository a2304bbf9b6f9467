//! Points of the board and their names as people write them (`H8`).

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::MAX_SIZE;

/// An intersection of the board: `x` is the column from the left and `y` the
/// row from the top, both 0-based, as the Gomocup protocol counts.
///
/// People see `H8`-style names instead (column letter from the left, row
/// number from the bottom); that conversion needs the board size: see
/// [`point_name`] and [`parse_point`].
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

    /// The point `steps` steps of `(dx, dy)` away, or `None` when that
    /// leaves the `u8` range (the caller still checks the board).
    #[must_use]
    pub fn offset(self, dx: i8, dy: i8, steps: i8) -> Option<Point> {
        let x = i16::from(self.x) + i16::from(dx) * i16::from(steps);
        let y = i16::from(self.y) + i16::from(dy) * i16::from(steps);
        Some(Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?))
    }

    /// This point under one of the eight symmetries of a square board
    /// `size` lines wide (`symmetry` 0 leaves it where it is; from 8 on
    /// they repeat), or `None` when the point is not on that board.
    #[must_use]
    pub fn turned(self, size: u8, symmetry: u8) -> Option<Point> {
        let (x, y) = (self.x, self.y);
        if x >= size || y >= size {
            return None;
        }
        let last = size - 1;
        let (x, y) = match symmetry % 8 {
            0 => (x, y),
            1 => (last - x, y),
            2 => (x, last - y),
            3 => (last - x, last - y),
            4 => (y, x),
            5 => (last - y, x),
            6 => (y, last - x),
            _ => (last - y, last - x),
        };
        Some(Point::new(x, y))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The name people use for `point` on a `size` x `size` board: the column
/// letter from the left (`A` is the first column; `I` is not skipped) and
/// the row number from the bottom, so `H8` is the centre of 15x15.
///
/// A point off the board has no such name and is shown as `x,y` instead.
///
/// ```
/// use wuzi_core::{point_name, Point};
/// assert_eq!(point_name(Point::new(7, 7), 15), "H8");
/// assert_eq!(point_name(Point::new(0, 14), 15), "A1");
/// ```
#[must_use]
pub fn point_name(point: Point, size: u8) -> String {
    if point.x >= size || point.y >= size || size > MAX_SIZE {
        return point.to_string();
    }
    let column = char::from(b'A' + point.x);
    format!("{column}{}", size - point.y)
}

/// Why a point name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PointNameError {
    /// Nothing to read.
    #[error("empty point name")]
    Empty,
    /// The name does not start with a column letter.
    #[error("{found:?} is not a column letter")]
    Column {
        /// The character where a letter was expected.
        found: char,
    },
    /// The letter is past the last column of the board.
    #[error("column {letter} is off a {size}x{size} board")]
    ColumnOffBoard {
        /// The column letter, upper case.
        letter: char,
        /// The board size.
        size: u8,
    },
    /// No row number after the letter, or something else after it.
    #[error("{text:?} is not a row number")]
    Row {
        /// What followed the column letter.
        text: String,
    },
    /// The row number is 0 or past the top of the board.
    #[error("row {row} is off a {size}x{size} board")]
    RowOffBoard {
        /// The row number read.
        row: u32,
        /// The board size.
        size: u8,
    },
}

/// Reads a point name such as `H8` or `h8` on a `size` x `size` board (the
/// inverse of [`point_name`]). Spaces around the name are ignored.
///
/// # Errors
/// [`PointNameError`] when the text is not a letter and a number, or names a
/// point off the board.
///
/// ```
/// use wuzi_core::{parse_point, Point};
/// assert_eq!(parse_point("h8", 15), Ok(Point::new(7, 7)));
/// assert!(parse_point("p1", 15).is_err()); // only 15 columns: a..o
/// ```
pub fn parse_point(text: &str, size: u8) -> Result<Point, PointNameError> {
    let text = text.trim();
    let mut chars = text.chars();
    let first = chars.next().ok_or(PointNameError::Empty)?;
    let x = column_index(first, size)?;
    let rest = chars.as_str();
    let y = row_index(rest, size)?;
    Ok(Point::new(x, y))
}

/// The 0-based column for a column letter of either case.
pub(crate) fn column_index(letter: char, size: u8) -> Result<u8, PointNameError> {
    if !letter.is_ascii_alphabetic() {
        return Err(PointNameError::Column { found: letter });
    }
    let upper = letter.to_ascii_uppercase();
    // An ASCII letter, so the subtraction stays within 0..26.
    let x = upper as u8 - b'A';
    if x >= size {
        return Err(PointNameError::ColumnOffBoard {
            letter: upper,
            size,
        });
    }
    Ok(x)
}

/// The 0-based row from the top for a row number counted from the bottom.
pub(crate) fn row_index(digits: &str, size: u8) -> Result<u8, PointNameError> {
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PointNameError::Row {
            text: digits.to_owned(),
        });
    }
    let row: u32 = digits.parse().map_err(|_| PointNameError::Row {
        text: digits.to_owned(),
    })?;
    if row == 0 || row > u32::from(size) {
        return Err(PointNameError::RowOffBoard { row, size });
    }
    // 1 <= row <= size <= 255.
    Ok(size - row as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_renju_notation() {
        assert_eq!(point_name(Point::new(7, 7), 15), "H8");
        assert_eq!(point_name(Point::new(8, 0), 15), "I15");
        assert_eq!(point_name(Point::new(21, 21), 22), "V1");
        assert_eq!(point_name(Point::new(15, 0), 15), "15,0");
    }

    #[test]
    fn a_point_turns_onto_eight_places_of_its_board_and_off_it_onto_none() {
        let p = Point::new(1, 4);
        let mut images: Vec<Point> = (0..8).filter_map(|t| p.turned(15, t)).collect();
        assert_eq!(images[0], p);
        assert!(images.iter().all(|q| q.x < 15 && q.y < 15));
        images.sort_unstable();
        images.dedup();
        assert_eq!(images.len(), 8);
        // The centre stays put; a point off the board has no image.
        assert!((0..8).all(|t| Point::new(7, 7).turned(15, t) == Some(Point::new(7, 7))));
        assert_eq!(Point::new(15, 3).turned(15, 1), None);
        assert_eq!(Point::new(0, 0).turned(0, 0), None);
    }

    #[test]
    fn every_point_parses_back() {
        for size in [5u8, 15, 22] {
            for x in 0..size {
                for y in 0..size {
                    let p = Point::new(x, y);
                    assert_eq!(parse_point(&point_name(p, size), size), Ok(p));
                    let lower = point_name(p, size).to_lowercase();
                    assert_eq!(parse_point(&lower, size), Ok(p));
                }
            }
        }
    }

    #[test]
    fn bad_names_say_why() {
        assert_eq!(parse_point("", 15), Err(PointNameError::Empty));
        assert_eq!(
            parse_point("8h", 15),
            Err(PointNameError::Column { found: '8' })
        );
        assert_eq!(
            parse_point("h16", 15),
            Err(PointNameError::RowOffBoard { row: 16, size: 15 })
        );
        assert_eq!(
            parse_point("h0", 15),
            Err(PointNameError::RowOffBoard { row: 0, size: 15 })
        );
        assert!(matches!(
            parse_point("h", 15),
            Err(PointNameError::Row { .. })
        ));
        assert!(matches!(
            parse_point("h8x", 15),
            Err(PointNameError::Row { .. })
        ));
    }
}
