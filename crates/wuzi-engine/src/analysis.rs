//! Game review: every move judged by how much it lowered the mover's chance
//! to win compared with the engine's best move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use thiserror::Error;
use wuzi_core::{ConfigError, Game, GameConfig, Outcome, Point, Setup, SetupError, Stone};

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
    /// No game can be played with the set-up (size, or renju off 15x15).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The set-up stones cannot start a game.
    #[error(transparent)]
    Setup(#[from] SetupError),
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

    /// Reviews a whole game: `moves` from the position `setup` (the empty
    /// board in an ordinary game) under `config`, the side `config.first`
    /// moving first, each position
    /// searched within `limits`. `progress` is told `(moves done, moves in
    /// all, judgement)` after each move; `stop` ends the review early with
    /// what is done so far.
    ///
    /// The moves are replayed by core's rules ([`Game::try_play`]), so the
    /// record of any game the app accepted can be reviewed. A renju game
    /// black lost by playing a forbidden point (with
    /// [`wuzi_core::ForbiddenMoves::Lose`]) is reviewed to its end: that
    /// last move leaves black no chance, and is a [`MoveClass::Blunder`]
    /// unless black was already lost, when it is a [`MoveClass::Mistake`]
    /// (it still gave up at once a game white had yet to win).
    ///
    /// # Errors
    /// [`AnalysisError`] when no game can be played with `config` or the
    /// record holds an illegal move.
    pub fn analyse_game(
        &mut self,
        config: &GameConfig,
        setup: &Setup,
        moves: &[Point],
        limits: Limits,
        stop: &AtomicBool,
        mut progress: impl FnMut(usize, usize, &MoveJudgement),
    ) -> Result<GameAnalysis, AnalysisError> {
        let (start, steps) = replay(config, setup, moves)?;
        self.clear();
        let mut analysis = GameAnalysis::default();
        // Chance of the side to move in each position, and its best line.
        let look = |engine: &mut Engine, pos: &Position| -> Option<(f32, SearchResult)> {
            match engine.evaluate(pos, limits, stop) {
                Ok(r) => Some((r.win_chance, r)),
                Err(_) => None,
            }
        };
        let mut before = look(self, &start);
        for (index, (&played, step)) in moves.iter().zip(&steps).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return Ok(analysis);
            }
            let (after, mover_after) = match &step.after {
                After::Open(pos) => {
                    let after = look(self, pos);
                    // No legal move left for the opponent: call it even.
                    let mover = after.as_ref().map_or(0.5, |(chance, _)| 1.0 - chance);
                    (after, mover)
                }
                After::Ended { mover_chance } => (None, *mover_chance),
                After::LostByForbidden => (None, 0.0),
            };
            if stop.load(Ordering::Relaxed) {
                return Ok(analysis);
            }
            let (chance_before, best, pv) = match &before {
                Some((chance, r)) => (*chance, r.best, r.pv.clone()),
                None => (mover_after, played, vec![played]),
            };
            // A search that finds more after the move than before it should
            // not make the move look worse than best.
            let chance_before = chance_before.max(mover_after);
            let mut class = if played == best {
                MoveClass::Best
            } else {
                MoveClass::from_drop(chance_before - mover_after)
            };
            if matches!(step.after, After::LostByForbidden) && played != best {
                // Black had a legal move and threw the game away instead:
                // never better than a mistake, even where it was lost.
                class = class.max(MoveClass::Mistake);
            }
            let judgement = MoveJudgement {
                index,
                stone: step.stone,
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

/// One move of a game replayed: who played it and what it led to.
struct Step {
    stone: Stone,
    after: After,
}

/// What a move led to.
enum After {
    /// The game goes on from this position.
    Open(Box<Position>),
    /// The game ended with a five (the mover's chance 1) or a full board
    /// (0.5).
    Ended { mover_chance: f32 },
    /// Black played a forbidden point under "forbidden moves lose".
    LostByForbidden,
}

/// Replays `moves` under `config` by core's rules: the set-up position with
/// the first side to move, and each move's result.
fn replay(
    config: &GameConfig,
    setup: &Setup,
    moves: &[Point],
) -> Result<(Position, Vec<Step>), AnalysisError> {
    let mut game = if setup.is_empty() {
        Game::with_config(*config)?
    } else {
        Game::with_setup(*config, setup.clone())?
    };
    let start = Position::from_game(&game, config.rule);
    let mut steps = Vec::with_capacity(moves.len());
    for (index, &point) in moves.iter().enumerate() {
        let mv = game
            .try_play_timed(point, Duration::ZERO)
            .map_err(|error| AnalysisError::IllegalMove {
                index,
                error: error.into(),
            })?;
        let after = match game.outcome() {
            None => After::Open(Box::new(Position::from_game(&game, config.rule))),
            Some(Outcome::ForbiddenMove { .. }) => After::LostByForbidden,
            Some(outcome) => After::Ended {
                mover_chance: match outcome.winner() {
                    Some(winner) if winner == mv.stone => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
            },
        };
        steps.push(Step {
            stone: mv.stone,
            after,
        });
    }
    Ok((start, steps))
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
