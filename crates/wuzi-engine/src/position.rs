//! A position to search: stones, side to move and rule, in core's types.

use thiserror::Error;
use wuzi_core::{Board, Game, IllegalMove, Point, Rule, Stone};

use crate::board::{self, Board as LineBoard};

/// Why a position could not be built or a move not played on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The board size is not playable.
    #[error("board size {0} is not playable")]
    Size(u8),
    /// The point lies outside the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A stone is already there.
    #[error("{0} is already taken")]
    Occupied(Point),
    /// Black may not play there under Renju.
    #[error("{0} is forbidden for black")]
    Forbidden(Point),
    /// The game is already won.
    #[error("the game is already over")]
    GameOver,
}

impl From<IllegalMove> for PositionError {
    /// Core's reason for refusing a move, as the engine words it.
    fn from(error: IllegalMove) -> Self {
        match error {
            IllegalMove::OffBoard { point } => PositionError::OffBoard(point),
            IllegalMove::Occupied { point, .. } => PositionError::Occupied(point),
            IllegalMove::Forbidden { point, .. } => PositionError::Forbidden(point),
            IllegalMove::GameOver | IllegalMove::Opening { .. } => PositionError::GameOver,
        }
    }
}

/// Stones on a board, the side to move and the rule: what the engine is
/// asked about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    rule: Rule,
    to_move: Stone,
    winner: Option<Stone>,
}

impl Position {
    /// An empty board of `size`, black to move.
    ///
    /// # Errors
    /// [`PositionError::Size`] for an unplayable size.
    pub fn new(size: u8, rule: Rule) -> Result<Position, PositionError> {
        let board = Board::new(size).map_err(|_| PositionError::Size(size))?;
        Ok(Position {
            board,
            rule,
            to_move: Stone::Black,
            winner: None,
        })
    }

    /// Any arrangement of stones with `to_move` to play (as the Gomocup
    /// `BOARD` command gives it). Legality of the arrangement is not checked.
    #[must_use]
    pub fn from_board(board: Board, rule: Rule, to_move: Stone) -> Position {
        Position {
            board,
            rule,
            to_move,
            winner: None,
        }
    }

    /// The current position of `game`, played under `rule`.
    #[must_use]
    pub fn from_game(game: &Game, rule: Rule) -> Position {
        Position::from_board(game.board().clone(), rule, game.to_move())
    }

    /// The position after `moves`, black first and alternating.
    ///
    /// # Errors
    /// The first move that cannot be played, or a bad size.
    pub fn from_moves(size: u8, rule: Rule, moves: &[Point]) -> Result<Position, PositionError> {
        let mut p = Position::new(size, rule)?;
        for &m in moves {
            p.play(m)?;
        }
        Ok(p)
    }

    /// The stones.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rule in force.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    /// The side that has made a winning line with its last move, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Stone> {
        self.winner
    }

    /// Why the side to move may not play `point`, or `Ok` when it may.
    ///
    /// # Errors
    /// Off the board, occupied, or forbidden for black under Renju.
    pub fn check(&self, point: Point) -> Result<(), PositionError> {
        if !self.board.contains(point) {
            return Err(PositionError::OffBoard(point));
        }
        if self.board.stone_at(point).is_some() {
            return Err(PositionError::Occupied(point));
        }
        // Core's rules decide what the game accepts, so the last word on a
        // move is theirs, not the engine's faster test used in search.
        if self.to_move == Stone::Black
            && self.rule == Rule::Renju
            && wuzi_core::is_forbidden(&self.board, point)
        {
            return Err(PositionError::Forbidden(point));
        }
        Ok(())
    }

    /// Whether the side to move may play `point`.
    #[must_use]
    pub fn is_legal(&self, point: Point) -> bool {
        self.check(point).is_ok()
    }

    /// Whether the side to move has any legal point at all.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let n = self.board.size();
        (0..n).any(|y| (0..n).any(|x| self.is_legal(Point::new(x, y))))
    }

    /// Plays `point` for the side to move.
    ///
    /// # Errors
    /// When the move is illegal or the game is already won; the position
    /// is then unchanged.
    pub fn play(&mut self, point: Point) -> Result<(), PositionError> {
        if self.winner.is_some() {
            return Err(PositionError::GameOver);
        }
        self.check(point)?;
        let stone = self.to_move;
        self.board.set(point, Some(stone));
        let line = LineBoard::from_core(&self.board, self.rule);
        if line.is_five_at(board::index(point), board::side(stone)) {
            self.winner = Some(stone);
        }
        self.to_move = stone.opponent();
        Ok(())
    }

    /// Black's forbidden points in this position (empty unless Renju).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rule != Rule::Renju {
            return Vec::new();
        }
        forbidden_points(&self.board)
    }

    /// Whether the board is full.
    #[must_use]
    pub fn is_full(&self) -> bool {
        let n = usize::from(self.board.size());
        self.board.stones().count() == n * n
    }
}

/// Whether black may not play the empty `point` under Renju (double three,
/// double four or overline, with the full recursive test of threes).
#[must_use]
pub fn is_forbidden(board: &Board, point: Point) -> bool {
    if !board.contains(point) || board.stone_at(point).is_some() {
        return false;
    }
    let mut line = LineBoard::from_core(board, Rule::Renju);
    line.is_forbidden(board::index(point))
}

/// Black's forbidden points under Renju, row by row from the top.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    let mut line = LineBoard::from_core(board, Rule::Renju);
    let mut out = Vec::new();
    for p in line.points().to_vec() {
        let i = usize::from(p);
        if line.is_empty(i) && line.is_forbidden(i) {
            out.push(board::point(i));
        }
    }
    out
}
