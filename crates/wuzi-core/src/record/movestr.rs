//! Move strings as people write them: `h8i9j10`, each move a column letter
//! from the left (`a` is the first column; `i` is not skipped) and a row
//! number from the bottom, the notation the app shows.
//!
//! ```
//! use wuzi_core::{record::movestr, Point};
//! let moves = movestr::parse("h8 i9 J10", 15).unwrap();
//! assert_eq!(moves, [Point::new(7, 7), Point::new(8, 6), Point::new(9, 5)]);
//! assert_eq!(movestr::write(&moves, 15), "h8i9j10");
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::point::{column_index, row_index};
use crate::{Point, PointNameError, point_name};

/// A move string that could not be read: where (byte offset of the move, or
/// of the stray character) and why.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("move string, offset {offset}: {reason}")]
pub struct MoveStrError {
    /// Byte offset into the text.
    pub offset: usize,
    /// What was wrong there.
    pub reason: PointNameError,
}

/// Reads the points of a move string on a `size` x `size` board. Letters of
/// either case; spaces, commas and semicolons between moves are ignored.
/// Whether the moves make a legal game is not checked here: see
/// [`crate::Game::from_moves`].
///
/// # Errors
/// [`MoveStrError`] at the first character that does not start a move, or
/// the first move naming a point off the board.
pub fn parse(text: &str, size: u8) -> Result<Vec<Point>, MoveStrError> {
    let mut points = Vec::new();
    let mut rest = text.char_indices().peekable();
    while let Some((offset, c)) = rest.next() {
        if c.is_whitespace() || c == ',' || c == ';' {
            continue;
        }
        let fail = |reason| MoveStrError { offset, reason };
        let x = column_index(c, size).map_err(fail)?;
        let digits_start = offset + c.len_utf8();
        let mut digits_end = digits_start;
        while let Some(&(at, d)) = rest.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            digits_end = at + 1;
            rest.next();
        }
        let y = row_index(&text[digits_start..digits_end], size).map_err(fail)?;
        points.push(Point::new(x, y));
    }
    Ok(points)
}

/// Writes `points` as a move string on a `size` x `size` board, lower case
/// with nothing between moves (`h8i9j10`).
#[must_use]
pub fn write(points: &[Point], size: u8) -> String {
    points
        .iter()
        .map(|&p| point_name(p, size).to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_people_notation() {
        assert_eq!(
            parse("a1o15", 15).unwrap(),
            [Point::new(0, 14), Point::new(14, 0)]
        );
        assert_eq!(parse("", 15).unwrap(), []);
        assert_eq!(parse(" h8, i9 ;\n", 15).unwrap().len(), 2);
    }

    #[test]
    fn errors_point_at_the_move() {
        let err = parse("h8i9z3", 15).unwrap_err();
        assert_eq!(err.offset, 4);
        let err = parse("h8i", 15).unwrap_err();
        assert_eq!(err.offset, 2);
        assert!(matches!(err.reason, PointNameError::Row { .. }));
        let err = parse("h8i16", 15).unwrap_err();
        assert_eq!(err.offset, 2);
        let err = parse("h8é", 15).unwrap_err();
        assert_eq!(err.offset, 2);
    }
}
