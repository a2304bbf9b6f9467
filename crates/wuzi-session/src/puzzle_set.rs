//! The puzzle set shipped with the app: positions on 15x15 where the side
//! to move wins by fours (VCF) or by fours and threes (VCT), made from
//! engine games by `wuzi puzzles build` and checked again by the solver when
//! the set is built and by the tests.
//!
//! The file (`data/puzzles.json`, built into the app) is
//! `{ "format": "wuzi-puzzles", "version": 1, "puzzles": [...] }`, each
//! puzzle with its stones as move-string names (`"h8 i9"`).

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use wuzi_core::record::movestr;
use wuzi_core::{Board, Point, Rule, Stone, point_name};
use wuzi_engine::{Position, SolveLimits, WinKind};

/// The set built into the app.
const SHIPPED: &str = include_str!("../data/puzzles.json");

/// The file's format name.
pub const FORMAT: &str = "wuzi-puzzles";

/// The board every puzzle is on.
pub const PUZZLE_SIZE: u8 = 15;

/// How a puzzle is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleKind {
    /// By continuous fours (VCF).
    Fours,
    /// By fours and threes (VCT).
    Threats,
}

impl PuzzleKind {
    /// The solver's name for it.
    #[must_use]
    pub fn win_kind(self) -> WinKind {
        match self {
            PuzzleKind::Fours => WinKind::Fours,
            PuzzleKind::Threats => WinKind::Threats,
        }
    }
}

/// One puzzle: the side to move wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable id (`f-fours-001`).
    pub id: String,
    /// The rule (freestyle or renju).
    pub rule: Rule,
    /// By fours, or by fours and threes.
    pub kind: PuzzleKind,
    /// The attacker's moves in the shortest win, the five included: the
    /// difficulty.
    pub length: u32,
    /// The side to move: the attacker.
    pub to_move: Stone,
    /// Black's stones, as names.
    pub black: String,
    /// White's stones, as names.
    pub white: String,
    /// One shortest win (for fours both sides in turn; for threats the
    /// attacker's moves), as names.
    pub solution: String,
    /// Every first move that wins, as names.
    pub first_moves: Vec<String>,
}

/// What is wrong with a puzzle of the set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A stone name that is not a point.
    #[error("puzzle {id}: bad point list {text:?}")]
    BadPoints {
        /// The puzzle.
        id: String,
        /// The list.
        text: String,
    },
    /// The stones cannot start a game.
    #[error("puzzle {id}: {reason}")]
    BadPosition {
        /// The puzzle.
        id: String,
        /// Why.
        reason: String,
    },
    /// The solver does not find the win the puzzle claims.
    #[error("puzzle {id}: {reason}")]
    NotSolved {
        /// The puzzle.
        id: String,
        /// What the solver found instead.
        reason: String,
    },
}

/// The whole file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PuzzleFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// 1.
    pub version: u32,
    /// The puzzles, by rule, kind and length.
    pub puzzles: Vec<Puzzle>,
}

/// The names of `points`, space-separated.
#[must_use]
pub fn names(points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| point_name(p, PUZZLE_SIZE).to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

fn points(id: &str, text: &str) -> Result<Vec<Point>, PuzzleError> {
    movestr::parse(text, PUZZLE_SIZE).map_err(|_| PuzzleError::BadPoints {
        id: id.to_string(),
        text: text.to_string(),
    })
}

/// The limits each check of a puzzle may use.
pub const CHECK_LIMITS: SolveLimits =
    SolveLimits::new(2_000_000, std::time::Duration::from_secs(20));

impl Puzzle {
    /// The stones as a set-up.
    ///
    /// # Errors
    /// A name that is not a point.
    pub fn setup(&self) -> Result<wuzi_core::Setup, PuzzleError> {
        Ok(wuzi_core::Setup {
            black: points(&self.id, &self.black)?,
            white: points(&self.id, &self.white)?,
        })
    }

    /// The position to solve, checked to be one a game can start from.
    ///
    /// # Errors
    /// Bad names, or stones no game starts from.
    pub fn position(&self) -> Result<Position, PuzzleError> {
        let config = wuzi_core::GameConfig {
            size: PUZZLE_SIZE,
            rule: self.rule,
            forbidden: wuzi_core::ForbiddenMoves::Refuse,
            first: self.to_move,
        };
        let board: Board = self
            .setup()?
            .board(&config)
            .map_err(|e| PuzzleError::BadPosition {
                id: self.id.clone(),
                reason: e.to_string(),
            })?;
        Ok(Position::from_board(board, self.rule, self.to_move))
    }

    /// Checks the puzzle with the solver: the side to move wins by its kind
    /// in exactly `length` attacking moves at the shortest (and, for a
    /// puzzle by threes, not by fours alone), the stored solution is such a
    /// win, and the winning first moves are the ones stored.
    ///
    /// # Errors
    /// What the solver found instead.
    pub fn verify(&self) -> Result<(), PuzzleError> {
        let stop = AtomicBool::new(false);
        let pos = self.position()?;
        let fail = |reason: String| PuzzleError::NotSolved {
            id: self.id.clone(),
            reason,
        };
        let kind = self.kind.win_kind();
        let shortest = wuzi_engine::shortest_win(&pos, kind, self.length, CHECK_LIMITS, &stop)
            .ok_or_else(|| fail(format!("no win by {:?} in {}", self.kind, self.length)))?;
        if shortest.attacker_moves() != self.length as usize {
            return Err(fail(format!(
                "the shortest win takes {} moves, not {}",
                shortest.attacker_moves(),
                self.length
            )));
        }
        if self.kind == PuzzleKind::Threats
            && wuzi_engine::shortest_win(&pos, WinKind::Fours, 30, CHECK_LIMITS, &stop).is_some()
        {
            return Err(fail("it is won by fours alone".into()));
        }
        // The stored line: each attacking move keeps the win.
        let line = points(&self.id, &self.solution)?;
        let mut at = pos.clone();
        let mut left = self.length;
        let attacker = self.to_move;
        for (i, &m) in line.iter().enumerate() {
            let by_attacker = self.kind == PuzzleKind::Threats || i % 2 == 0;
            if by_attacker {
                if at.to_move() != attacker {
                    // A line of threats lists only the attacker's moves.
                    break;
                }
                at.play(m)
                    .map_err(|e| fail(format!("solution move {}: {e}", i + 1)))?;
                left = left.saturating_sub(1);
                if at.winner() != Some(attacker)
                    && !wuzi_engine::attacker_still_wins(&at, kind, left, CHECK_LIMITS, &stop)
                {
                    return Err(fail(format!(
                        "solution move {} does not keep the win",
                        i + 1
                    )));
                }
                if self.kind == PuzzleKind::Threats {
                    break;
                }
            } else {
                at.play(m)
                    .map_err(|e| fail(format!("solution answer {}: {e}", i + 1)))?;
            }
        }
        let mut firsts: Vec<String> =
            wuzi_engine::winning_first_moves(&pos, kind, self.length + 2, CHECK_LIMITS, &stop)
                .into_iter()
                .map(|p| names(&[p]))
                .collect();
        firsts.sort();
        let mut stored = self.first_moves.clone();
        stored.sort();
        if firsts != stored {
            return Err(fail(format!(
                "winning first moves are {firsts:?}, not {stored:?}"
            )));
        }
        Ok(())
    }
}

/// The shipped set, read once. A set that cannot be read (caught by the
/// tests long before a release) gives no puzzles rather than a crash.
pub fn shipped() -> &'static [Puzzle] {
    static SET: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SET.get_or_init(|| match serde_json::from_str::<PuzzleFile>(SHIPPED) {
        Ok(file) if file.format == FORMAT => file.puzzles,
        Ok(_) | Err(_) => {
            tracing::error!("the shipped puzzle set cannot be read");
            Vec::new()
        }
    })
}
