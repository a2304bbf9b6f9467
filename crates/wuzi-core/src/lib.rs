//! Wuzi's rules and records: the board, Gomoku and Renju rules, the game with
//! undo and redo, and the formats games are saved in.
//!
//! No I/O, no async: everything here is plain data and pure functions, so the
//! engine, the store and the app can all build on it.
//!
//! ```
//! use wuzi_core::{Game, GameConfig, Outcome, Point, Rule, Stone, parse_point};
//!
//! let mut game = Game::new(GameConfig::default());
//! game.try_play(Point::new(7, 7)).unwrap();
//! assert_eq!(game.board().stone_at(Point::new(7, 7)), Some(Stone::Black));
//! assert!(game.try_play(Point::new(7, 7)).is_err()); // occupied
//!
//! // Black makes five along row 8 while white plays along row 9.
//! for name in ["h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
//!     game.try_play(parse_point(name, 15).unwrap()).unwrap();
//! }
//! match game.outcome() {
//!     Some(Outcome::Win { stone, line }) => {
//!         assert_eq!(stone, Stone::Black);
//!         assert_eq!(line.len(), 5);
//!     }
//!     other => panic!("expected a win, got {other:?}"),
//! }
//! game.undo(); // reopens the game
//! assert!(game.outcome().is_none());
//! ```
//!
//! # The API
//!
//! - Basic types: [`Point`] (`x` column from the left, `y` row from the top,
//!   0-based), [`Stone`], [`Board`] (square, [`MIN_SIZE`]`..=`[`MAX_SIZE`]),
//!   [`Rule`]. People's names for points (`H8`): [`point_name`],
//!   [`parse_point`].
//! - Wins: [`winning_line`] (the stones) and [`is_win`] (no allocation).
//! - Renju: [`forbidden_kind`] for one point, [`forbidden_points`] for the
//!   board, with the reason as a [`Forbidden`].
//! - The game: [`Game`] with its [`GameConfig`] ([`ForbiddenMoves`] says what
//!   a forbidden move does), [`Game::try_play`] refusing an [`IllegalMove`],
//!   [`Game::play_unchecked`] for search, [`Game::undo`] and [`Game::redo`],
//!   [`Game::outcome`] as an [`Outcome`].
//! - Set-up positions: [`Setup`] (stones before the first move, checked by
//!   [`Setup::board`] with a [`SetupError`]) and [`Game::with_setup`].
//! - Tournament openings (Swap, Swap2, Soosõrv-8), in [`opening`]:
//!   [`Game::with_opening`], [`Game::opening_step`], [`Game::choose`],
//!   [`Game::offer`] and [`Game::pick`].
//! - Records, in [`record`]: the app's JSON ([`record::json`]), Piskvork
//!   `.psq` ([`record::psq`]), SGF ([`record::sgf`]) and move strings such as
//!   `h8i9j10` ([`record::movestr`]), all through [`record::GameRecord`].
#![deny(missing_docs)]

mod board;
mod clock;
mod game;
pub mod opening;
mod point;
pub mod record;
mod renju;
mod rule;
mod setup;
mod stone;
mod win;

pub use board::{Board, BoardRowsError, BoardSizeError, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use clock::{TimeControl, TimeControlError};
pub use game::{
    ConfigError, ForbiddenMoves, Game, GameConfig, IllegalMove, Move, Outcome, ReplayError,
};
pub use opening::{Opening, OpeningChoice, OpeningError, OpeningRule, OpeningStep};
pub use point::{Point, PointNameError, parse_point, point_name};
pub use renju::{
    Forbidden, forbidden_kind, forbidden_points, forbidden_points_with_kind, is_forbidden,
};
pub use rule::Rule;
pub use setup::{Setup, SetupError};
pub use stone::Stone;
pub use win::{is_win, winning_line};
