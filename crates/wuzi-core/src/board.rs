//! The board: which stone, if any, is on each intersection.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Point, Stone};

/// The smallest board Wuzi plays on.
pub const MIN_SIZE: u8 = 5;
/// The largest board Wuzi plays on.
pub const MAX_SIZE: u8 = 22;
/// The usual Gomoku and Renju board.
pub const DEFAULT_SIZE: u8 = 15;

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("board size {0} is not between {MIN_SIZE} and {MAX_SIZE}")]
pub struct BoardSizeError(pub u8);

/// Empty bits kept on each side of every line, so that a window of five
/// cells either way of any point can be cut out with one shift. Off-board
/// cells read as neither black nor empty, which is what the rules need: for
/// a shape, the edge of the board blocks like an opponent's stone.
pub(crate) const PAD: u32 = 5;

/// Lines per direction on the largest board (diagonals: `2 * 22 - 1`).
const LINES: usize = 2 * MAX_SIZE as usize - 1;

/// The four directions a line of stones can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// Left to right.
    Row,
    /// Top to bottom.
    Column,
    /// Top left to bottom right.
    Diagonal,
    /// Bottom left to top right.
    AntiDiagonal,
}

impl Direction {
    pub(crate) const ALL: [Direction; 4] = [
        Direction::Row,
        Direction::Column,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The step from one cell of the line to the next, as `(dx, dy)`.
    pub(crate) const fn step(self) -> (i8, i8) {
        match self {
            Direction::Row => (1, 0),
            Direction::Column => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}

/// A square board of intersections, each empty or holding one stone.
///
/// The board knows only where stones are; whose turn it is and the history
/// belong to [`crate::Game`].
///
/// Inside, every row, column and diagonal is kept as a pair of bit masks
/// (one per colour), so the rules read a whole line with a shift instead of
/// walking cell by cell. It serializes as its rows, top first, with `x` for
/// black, `o` for white and `.` for an empty point.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "BoardRows", try_from = "BoardRows")]
pub struct Board {
    size: u8,
    black: [[u32; LINES]; 4],
    white: [[u32; LINES]; 4],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty(DEFAULT_SIZE)
    }
}

impl Board {
    /// An empty board of `size` x `size`.
    ///
    /// # Errors
    /// [`BoardSizeError`] when `size` is outside `MIN_SIZE..=MAX_SIZE`.
    pub fn new(size: u8) -> Result<Board, BoardSizeError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Ok(Board::empty(size))
        } else {
            Err(BoardSizeError(size))
        }
    }

    fn empty(size: u8) -> Board {
        Board {
            size,
            black: [[0; LINES]; 4],
            white: [[0; LINES]; 4],
        }
    }

    /// The number of lines each way.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Whether `point` lies on this board.
    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        point.x < self.size && point.y < self.size
    }

    /// The number of intersections.
    #[must_use]
    pub fn area(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The stone at `point`, or `None` when it is empty or off the board.
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Stone> {
        if !self.contains(point) {
            return None;
        }
        let y = usize::from(point.y);
        let bit = 1 << (u32::from(point.x) + PAD);
        if self.black[0][y] & bit != 0 {
            Some(Stone::Black)
        } else if self.white[0][y] & bit != 0 {
            Some(Stone::White)
        } else {
            None
        }
    }

    /// Whether `point` is on the board and empty.
    #[must_use]
    pub fn is_empty_at(&self, point: Point) -> bool {
        self.contains(point) && self.stone_at(point).is_none()
    }

    /// Puts `stone` on `point` (or clears it with `None`) without any check.
    /// An occupied point is overwritten.
    ///
    /// # Panics
    /// When `point` is off the board, as slice indexing does: placing a stone
    /// off the board is a bug in the caller, not a move to refuse.
    pub fn set(&mut self, point: Point, stone: Option<Stone>) {
        assert!(
            self.contains(point),
            "{point} is off a {0}x{0} board",
            self.size
        );
        for dir in Direction::ALL {
            let (line, pos) = self.line_of(point, dir);
            let bit = 1u32 << (pos + PAD);
            let black = if stone == Some(Stone::Black) { bit } else { 0 };
            let white = if stone == Some(Stone::White) { bit } else { 0 };
            let d = dir as usize;
            self.black[d][line] = (self.black[d][line] & !bit) | black;
            self.white[d][line] = (self.white[d][line] & !bit) | white;
        }
    }

    /// Every stone on the board with its point, row by row from the top.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        (0..self.size).flat_map(move |y| {
            (0..self.size).filter_map(move |x| {
                let point = Point::new(x, y);
                self.stone_at(point).map(|stone| (point, stone))
            })
        })
    }

    /// How many stones of `stone`'s colour are on the board.
    #[must_use]
    pub fn count(&self, stone: Stone) -> usize {
        let rows = match stone {
            Stone::Black => &self.black[0],
            Stone::White => &self.white[0],
        };
        rows.iter().map(|row| row.count_ones() as usize).sum()
    }

    /// Whether every intersection holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.count(Stone::Black) + self.count(Stone::White) == self.area()
    }

    /// Which line `point` lies on in `dir`, and its place along that line.
    /// The place is the column for every direction but [`Direction::Column`].
    pub(crate) fn line_of(&self, point: Point, dir: Direction) -> (usize, u32) {
        let (x, y) = (usize::from(point.x), usize::from(point.y));
        match dir {
            Direction::Row => (y, u32::from(point.x)),
            Direction::Column => (x, u32::from(point.y)),
            Direction::Diagonal => (x + usize::from(self.size) - 1 - y, u32::from(point.x)),
            Direction::AntiDiagonal => (x + y, u32::from(point.x)),
        }
    }

    /// The bits of the line `line` in `dir` that lie on the board.
    fn on_board(&self, dir: Direction, line: usize) -> u32 {
        let last = usize::from(self.size) - 1;
        let (from, to) = match dir {
            Direction::Row | Direction::Column => (0, last),
            // `line = x - y + last`, so x runs from `line - last` to `line`.
            Direction::Diagonal => (line.saturating_sub(last), line.min(last)),
            // `line = x + y`, so x runs from `line - last` to `line`.
            Direction::AntiDiagonal => (line.saturating_sub(last), line.min(last)),
        };
        let width = (to - from + 1) as u32;
        (((1u64 << width) - 1) as u32) << (from as u32 + PAD)
    }

    /// The eleven cells around `point` in `dir` (five either side), as
    /// `(own, empty)` bit masks for `stone`: bit 5 is `point` itself, bit 0
    /// the cell five steps back. Off-board cells are in neither mask.
    pub(crate) fn window(&self, point: Point, dir: Direction, stone: Stone) -> (u16, u16) {
        let (line, pos) = self.line_of(point, dir);
        let d = dir as usize;
        let (own, other) = match stone {
            Stone::Black => (self.black[d][line], self.white[d][line]),
            Stone::White => (self.white[d][line], self.black[d][line]),
        };
        let empty = self.on_board(dir, line) & !(own | other);
        (
            ((own >> pos) & 0x7FF) as u16,
            ((empty >> pos) & 0x7FF) as u16,
        )
    }

    /// The whole line through `point` in `dir` for `stone`, with `point` at
    /// bit `pos + PAD` where `pos` is the second value returned.
    pub(crate) fn line_bits(&self, point: Point, dir: Direction, stone: Stone) -> (u32, u32) {
        let (line, pos) = self.line_of(point, dir);
        let d = dir as usize;
        let own = match stone {
            Stone::Black => self.black[d][line],
            Stone::White => self.white[d][line],
        };
        (own, pos)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        for row in BoardRows::from(self.clone()).rows {
            writeln!(f, "  {row}")?;
        }
        Ok(())
    }
}

/// The serialized form of a board: its rows, top first.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct BoardRows {
    size: u8,
    rows: Vec<String>,
}

impl From<Board> for BoardRows {
    fn from(board: Board) -> Self {
        let rows = (0..board.size)
            .map(|y| {
                (0..board.size)
                    .map(|x| match board.stone_at(Point::new(x, y)) {
                        Some(Stone::Black) => 'x',
                        Some(Stone::White) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        BoardRows {
            size: board.size,
            rows,
        }
    }
}

/// A serialized board that does not describe a playable board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardRowsError {
    /// The size is not playable.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// The rows do not make a square of the given size.
    #[error("expected {expected} rows of {expected} points")]
    Shape {
        /// The declared size.
        expected: u8,
    },
    /// A point is neither `x`, `o` nor `.`.
    #[error("row {row}: {found:?} is not x, o or .")]
    Cell {
        /// The row, 0-based from the top.
        row: usize,
        /// The character found.
        found: char,
    },
}

impl TryFrom<BoardRows> for Board {
    type Error = BoardRowsError;

    fn try_from(value: BoardRows) -> Result<Self, Self::Error> {
        let mut board = Board::new(value.size)?;
        let shape = BoardRowsError::Shape {
            expected: value.size,
        };
        if value.rows.len() != usize::from(value.size) {
            return Err(shape);
        }
        for (y, row) in (0u8..).zip(&value.rows) {
            if row.chars().count() != usize::from(value.size) {
                return Err(shape);
            }
            for (x, c) in (0u8..).zip(row.chars()) {
                let stone = match c {
                    'x' | 'X' => Some(Stone::Black),
                    'o' | 'O' => Some(Stone::White),
                    '.' => None,
                    found => {
                        return Err(BoardRowsError::Cell {
                            row: usize::from(y),
                            found,
                        });
                    }
                };
                board.set(Point::new(x, y), stone);
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_read_back_in_every_direction() {
        let mut board = Board::new(7).unwrap();
        board.set(Point::new(6, 0), Some(Stone::Black));
        board.set(Point::new(0, 6), Some(Stone::White));
        assert_eq!(board.stone_at(Point::new(6, 0)), Some(Stone::Black));
        assert_eq!(board.stone_at(Point::new(0, 6)), Some(Stone::White));
        assert_eq!(board.count(Stone::Black), 1);
        for dir in Direction::ALL {
            let (own, empty) = board.window(Point::new(6, 0), dir, Stone::Black);
            assert_eq!(own, 1 << 5, "{dir:?}");
            assert_eq!(empty & (1 << 5), 0);
        }
        board.set(Point::new(6, 0), None);
        assert_eq!(board.stone_at(Point::new(6, 0)), None);
        assert_eq!(board.count(Stone::Black), 0);
    }

    #[test]
    fn serde_rows_round_trip_and_reject_bad_shapes() {
        let mut board = Board::new(5).unwrap();
        board.set(Point::new(1, 2), Some(Stone::Black));
        let json = serde_json::to_string(&board).unwrap();
        assert!(json.contains("\".x...\""));
        let back: Board = serde_json::from_str(&json).unwrap();
        assert_eq!(back, board);
        assert!(serde_json::from_str::<Board>(r#"{"size":5,"rows":["....."]}"#).is_err());
        assert!(serde_json::from_str::<Board>(r#"{"size":4,"rows":[]}"#).is_err());
    }
}
