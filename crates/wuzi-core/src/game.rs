use crate::{Board, BoardSizeError, DEFAULT_SIZE, Point, Stone};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How a game is set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// Lines each way.
    pub size: u8,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig { size: DEFAULT_SIZE }
    }
}

/// One stone played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Where it was played.
    pub point: Point,
    /// Who played it.
    pub stone: Stone,
}

/// Why a move was refused. The game is unchanged after a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The point is outside the board.
    #[error("{point} is off the board")]
    OffBoard {
        /// The refused point.
        point: Point,
    },
    /// A stone is already there.
    #[error("{point} already holds a {stone} stone")]
    Occupied {
        /// The refused point.
        point: Point,
        /// The stone already there.
        stone: Stone,
    },
}

/// A game in progress: the board, whose turn it is and the moves so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    config: GameConfig,
    board: Board,
    moves: Vec<Move>,
}

impl Game {
    /// A new game with an empty board.
    ///
    /// # Errors
    /// When the configured size is not a playable board size.
    pub fn with_config(config: GameConfig) -> Result<Game, BoardSizeError> {
        let board = Board::new(config.size)?;
        Ok(Game {
            config,
            board,
            moves: Vec::new(),
        })
    }

    /// A new game; an unplayable size falls back to the default board.
    #[must_use]
    pub fn new(config: GameConfig) -> Game {
        Game::with_config(config).unwrap_or_else(|_| Game {
            config: GameConfig::default(),
            board: Board::default(),
            moves: Vec::new(),
        })
    }

    /// The set-up this game was started with.
    #[must_use]
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The stones on the board now.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played so far, first to last.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move: black first, then alternating.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Plays the side to move at `point`.
    ///
    /// # Errors
    /// [`IllegalMove`] when the point is off the board or taken; the game is
    /// left as it was.
    pub fn try_play(&mut self, point: Point) -> Result<Move, IllegalMove> {
        if !self.board.contains(point) {
            return Err(IllegalMove::OffBoard { point });
        }
        if let Some(stone) = self.board.stone_at(point) {
            return Err(IllegalMove::Occupied { point, stone });
        }
        let mv = Move {
            point,
            stone: self.to_move(),
        };
        self.board.set(point, Some(mv.stone));
        self.moves.push(mv);
        Ok(mv)
    }
}
