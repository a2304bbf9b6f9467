//! Wuzi's rules and records: the board, Gomoku and Renju rules, and the game.
//!
//! No I/O, no async: everything here is plain data and pure functions, so the
//! engine, the store and the app can all build on it.
//!
//! ```
//! use wuzi_core::{Game, GameConfig, Point, Stone};
//!
//! let mut game = Game::new(GameConfig::default());
//! game.try_play(Point::new(7, 7)).unwrap();
//! assert_eq!(game.board().stone_at(Point::new(7, 7)), Some(Stone::Black));
//! assert!(game.try_play(Point::new(7, 7)).is_err()); // occupied
//! ```
#![deny(missing_docs)]

mod board;
mod game;
mod point;
mod rule;
mod stone;

pub use board::{Board, BoardSizeError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use game::{Game, GameConfig, IllegalMove, Move};
pub use point::Point;
pub use rule::Rule;
pub use stone::Stone;
