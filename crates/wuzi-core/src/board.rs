use crate::{Point, Stone};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The smallest board Wuzi plays on.
pub const MIN_SIZE: u8 = 5;
/// The largest board Wuzi plays on.
pub const MAX_SIZE: u8 = 22;
/// The usual Gomoku and Renju board.
pub const DEFAULT_SIZE: u8 = 15;

/// A board size outside `MIN_SIZE..=MAX_SIZE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("board size {0} is not between {MIN_SIZE} and {MAX_SIZE}")]
pub struct BoardSizeError(pub u8);

/// A square board of intersections, each empty or holding one stone.
///
/// The board knows only where stones are; whose turn it is and the history
/// belong to [`crate::Game`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Stone>>,
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
        let n = usize::from(size);
        Board {
            size,
            cells: vec![None; n * n],
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

    fn index(&self, point: Point) -> usize {
        usize::from(point.y) * usize::from(self.size) + usize::from(point.x)
    }

    /// The stone at `point`, or `None` when it is empty or off the board.
    #[must_use]
    pub fn stone_at(&self, point: Point) -> Option<Stone> {
        if self.contains(point) {
            self.cells[self.index(point)]
        } else {
            None
        }
    }

    /// Puts `stone` on `point` without any check.
    ///
    /// # Panics
    /// When `point` is off the board. An occupied point is overwritten.
    pub fn set(&mut self, point: Point, stone: Option<Stone>) {
        let i = self.index(point);
        self.cells[i] = stone;
    }

    /// Every stone on the board with its point, row by row from the top.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        let size = self.size;
        self.cells.iter().enumerate().filter_map(move |(i, cell)| {
            let stone = (*cell)?;
            // `i < size * size <= 22 * 22`, so both parts fit in a u8.
            let x = (i % usize::from(size)) as u8;
            let y = (i / usize::from(size)) as u8;
            Some((Point::new(x, y), stone))
        })
    }

    /// How many stones of `stone`'s colour are on the board.
    #[must_use]
    pub fn count(&self, stone: Stone) -> usize {
        self.cells.iter().filter(|c| **c == Some(stone)).count()
    }
}
