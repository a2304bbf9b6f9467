//! Set-up positions: stones on the board before the first move, as the
//! position editor, a puzzle or a diagram from a book gives them.
//!
//! A set-up is checked before any game is played from it: every stone on
//! the board and on a point of its own, no row that has already won (nor,
//! in renju, a black overline, which black can never make), stone counts
//! that alternating moves can reach with the side to move, and at least one
//! empty point.
//!
//! ```
//! use wuzi_core::{Game, GameConfig, Point, Setup, SetupError, Stone};
//! let setup = Setup {
//!     black: vec![Point::new(7, 7), Point::new(8, 8)],
//!     white: vec![Point::new(7, 8)],
//! };
//! let config = GameConfig { first: Stone::White, ..GameConfig::default() };
//! let game = Game::with_setup(config, setup.clone()).unwrap();
//! assert_eq!(game.to_move(), Stone::White);
//! assert_eq!(game.count(Stone::Black), 2);
//! // Black to move with one stone more than white is no position a game reaches.
//! assert!(matches!(
//!     Game::with_setup(GameConfig::default(), setup),
//!     Err(SetupError::Counts { .. })
//! ));
//! ```

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{Board, ConfigError, GameConfig, Point, Rule, Stone, winning_line};

/// The stones on the board before the first move, each colour's listed row
/// by row from the top (the order has no meaning; no move numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// Black's stones.
    #[serde(default)]
    pub black: Vec<Point>,
    /// White's stones.
    #[serde(default)]
    pub white: Vec<Point>,
}

impl Setup {
    /// Whether there are no set-up stones (an ordinary game from the empty
    /// board).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty()
    }

    /// How many set-up stones there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.black.len() + self.white.len()
    }

    /// Every set-up stone with its colour, black's first.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        let black = self.black.iter().map(|&p| (p, Stone::Black));
        let white = self.white.iter().map(|&p| (p, Stone::White));
        black.chain(white)
    }

    /// The stones of `board` as a set-up, row by row from the top.
    #[must_use]
    pub fn of_board(board: &Board) -> Setup {
        let mut setup = Setup::default();
        for (point, stone) in board.stones() {
            match stone {
                Stone::Black => setup.black.push(point),
                Stone::White => setup.white.push(point),
            }
        }
        setup
    }

    /// The board these stones make under `config`, checked as described in
    /// the module: `config.first` is the side to move.
    ///
    /// # Errors
    /// [`SetupError`] with the first problem found.
    pub fn board(&self, config: &GameConfig) -> Result<Board, SetupError> {
        config.validate()?;
        let mut board = Board::new(config.size).map_err(ConfigError::from)?;
        for (point, stone) in self.stones() {
            if !board.contains(point) {
                return Err(SetupError::OffBoard { point });
            }
            if board.stone_at(point).is_some() {
                return Err(SetupError::Twice { point });
            }
            board.set(point, Some(stone));
        }
        for (point, stone) in self.stones() {
            if let Some(line) = winning_line(&board, config.rule, point) {
                return Err(SetupError::Five {
                    stone,
                    from: line[0],
                    to: line[line.len() - 1],
                });
            }
            if config.rule == Rule::Renju
                && stone == Stone::Black
                && let Some(line) = winning_line(&board, Rule::Freestyle, point)
            {
                return Err(SetupError::BlackOverline {
                    from: line[0],
                    to: line[line.len() - 1],
                });
            }
        }
        let (black, white) = (self.black.len(), self.white.len());
        // Moves alternate, so the side to move never has more stones than
        // the other, which has at most one more (it moved first).
        let (mover, other) = match config.first {
            Stone::Black => (black, white),
            Stone::White => (white, black),
        };
        if mover > other || other > mover + 1 {
            return Err(SetupError::Counts {
                black,
                white,
                to_move: config.first,
            });
        }
        if board.is_full() {
            return Err(SetupError::Full);
        }
        Ok(board)
    }
}

/// Why stones cannot be the start of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SetupError {
    /// The size or rule cannot be played.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A stone lies outside the board.
    #[error("the stone at {point} is off the board")]
    OffBoard {
        /// Where it was put.
        point: Point,
    },
    /// Two stones on one point.
    #[error("two stones are set on {point}")]
    Twice {
        /// The point.
        point: Point,
    },
    /// A side has already won: there is no game left to play.
    #[error("{stone} already has five in a row, from {from} to {to}")]
    Five {
        /// The side with the row.
        stone: Stone,
        /// One end of the row.
        from: Point,
        /// The other end.
        to: Point,
    },
    /// Black has six or more in a row in renju, which black can never make.
    #[error("black has an overline from {from} to {to}, which renju never allows")]
    BlackOverline {
        /// One end of the row.
        from: Point,
        /// The other end.
        to: Point,
    },
    /// No game with alternating moves reaches these counts with this side
    /// to move.
    #[error(
        "{black} black and {white} white stones with {to_move} to move: the side to move cannot \
         have more stones than the other, nor fewer by more than one"
    )]
    Counts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
        /// The side to move.
        to_move: Stone,
    },
    /// Every point is taken: there is no move to play.
    #[error("the board is full")]
    Full,
}
