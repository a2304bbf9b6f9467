//! Game review: every move judged by how much it lowered the mover's chance
//! to win compared with the engine's best move.

use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;
use wuzi_core::{Point, Rule, Stone};

use crate::engine::{Engine, NoMove, SearchResult};
use crate::level::Limits;
use crate::position::{Position, PositionError};

/// How good a played move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveClass {
    /// The engine's choice, or as good.
    Best,
    /// Lost at most a little.
    Good,
    /// Gave away a noticeable part of the winning chance.
    Inaccuracy,
    /// Gave away a large part.
    Mistake,
    /// Turned the game.
    Blunder,
}

impl MoveClass {
    /// The class for a drop in winning chance (0.0 to 1.0) from the best move.
    #[must_use]
    pub fn from_drop(drop: f32) -> MoveClass {
        if drop < 0.03 {
            MoveClass::Best
        } else if drop < 0.08 {
            MoveClass::Good
        } else if drop < 0.15 {
            MoveClass::Inaccuracy
        } else if drop < 0.30 {
            MoveClass::Mistake
        } else {
            MoveClass::Blunder
        }
    }
}

/// The verdict on one move of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveJudgement {
    /// 0-based number of the move in the game.
    pub index: usize,
    /// Who played it.
    pub stone: Stone,
    /// The move played.
    pub played: Point,
    /// The engine's best move in the same position.
    pub best: Point,
    /// The mover's winning chance with the best move (0.0 to 1.0).
    pub win_chance_before: f32,
    /// The mover's winning chance after the move played.
    pub win_chance_after: f32,
    /// The verdict.
    pub class: MoveClass,
    /// The engine's best line from the position before the move.
    pub pv: Vec<Point>,
}

/// The review of a game, possibly stopped before the end.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameAnalysis {
    /// One judgement per move reviewed, in order.
    pub moves: Vec<MoveJudgement>,
    /// Whether every move was reviewed (false when stopped).
    pub complete: bool,
}

/// Why a game could not be reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// A move of the record cannot be played.
    #[error("move {index} cannot be played: {error}")]
    IllegalMove {
        /// 0-based move number.
        index: usize,
        /// Why.
        error: PositionError,
    },
    /// The board size is not playable.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The default time to look at one position of a review.
pub const ANALYSIS_LIMITS: Limits = Limits::millis(200);

impl Engine {
    /// Evaluates a position for a hint: best move, winning chance for the
    /// side to move and the best line.
    ///
    /// # Errors
    /// [`NoMove`] when the game is over or nothing is legal.
    pub fn evaluate(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: &AtomicBool,
    ) -> Result<SearchResult, NoMove> {
        self.best_move(pos, limits, stop, |_| {})
    }

    /// Reviews a whole game: `moves` from the empty board, black first,
    /// each position searched within `limits`. `progress` is told
    /// `(moves done, moves in all, judgement)` after each move; `stop` ends
    /// the review early with what is done so far.
    ///
    /// # Errors
    /// [`AnalysisError`] when the record holds an illegal move.
    pub fn analyse_game(
        &mut self,
        size: u8,
        rule: Rule,
        moves: &[Point],
        limits: Limits,
        stop: &AtomicBool,
        mut progress: impl FnMut(usize, usize, &MoveJudgement),
    ) -> Result<GameAnalysis, AnalysisError> {
        let mut positions = vec![Position::new(size, rule)?];
        for (index, &m) in moves.iter().enumerate() {
            let mut next = positions[index].clone();
            next.play(m)
                .map_err(|error| AnalysisError::IllegalMove { index, error })?;
            positions.push(next);
        }
        self.clear();
        let mut analysis = GameAnalysis::default();
        // Chance of the side to move in each position, and its best line.
        let look = |engine: &mut Engine, pos: &Position| -> Option<(f32, SearchResult)> {
            match engine.evaluate(pos, limits, stop) {
                Ok(r) => Some((r.win_chance, r)),
                Err(_) => None,
            }
        };
        let mut before = look(self, &positions[0]);
        for (index, &played) in moves.iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return Ok(analysis);
            }
            let after_pos = &positions[index + 1];
            let after = if after_pos.winner().is_some() {
                None
            } else {
                look(self, after_pos)
            };
            if stop.load(Ordering::Relaxed) {
                return Ok(analysis);
            }
            let mover_after = match (&after, after_pos.winner()) {
                (_, Some(_)) => 1.0,
                (Some((chance, _)), None) => 1.0 - chance,
                (None, None) => 0.5,
            };
            let (chance_before, best, pv) = match &before {
                Some((chance, r)) => (*chance, r.best, r.pv.clone()),
                None => (mover_after, played, vec![played]),
            };
            // A search that finds more after the move than before it should
            // not make the move look worse than best.
            let chance_before = chance_before.max(mover_after);
            let class = if played == best {
                MoveClass::Best
            } else {
                MoveClass::from_drop(chance_before - mover_after)
            };
            let judgement = MoveJudgement {
                index,
                stone: positions[index].to_move(),
                played,
                best,
                win_chance_before: chance_before,
                win_chance_after: mover_after,
                class,
                pv,
            };
            progress(index + 1, moves.len(), &judgement);
            analysis.moves.push(judgement);
            before = after;
        }
        analysis.complete = true;
        Ok(analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_drop() {
        assert_eq!(MoveClass::from_drop(0.0), MoveClass::Best);
        assert_eq!(MoveClass::from_drop(0.05), MoveClass::Good);
        assert_eq!(MoveClass::from_drop(0.1), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::from_drop(0.2), MoveClass::Mistake);
        assert_eq!(MoveClass::from_drop(0.6), MoveClass::Blunder);
    }
}
