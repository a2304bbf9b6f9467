//! The Wuzi AI: Gomoku and Renju move search, levels and game review.
//!
//! The engine keeps its own board of line patterns, updated stone by stone,
//! and searches it with threat-space search (VCF, VCT) and
//! iterative-deepening principal variation search with a transposition
//! table. Before searching, the levels from Normal up look for the
//! opponent's win by fours as if it were its move, and if there is one,
//! search only the moves that are shown to stop it. Positions come in, and moves come
//! out, as `wuzi_core` types; the move returned is checked against core's
//! Renju rules.
//!
//! # API
//!
//! - [`Position`]: stones, side to move and rule ([`Position::from_game`],
//!   [`Position::from_moves`], [`Position::from_board`]).
//! - [`Level`] (`Beginner`, `Easy`, `Normal`, `Hard`, `Master`) with
//!   [`Level::limits`], and [`Limits`] `{ time, nodes }`.
//! - [`Engine::play`] plays a level's move; [`Engine::best_move`] searches at
//!   full strength. Both take a stop flag (a stopped search still answers,
//!   promptly, with its best move so far) and a [`Progress`] callback, and
//!   return a [`SearchResult`] `{ best, score, win_chance, pv, depth, nodes }`
//!   or [`NoMove`] when the game is over or nothing is legal. The move
//!   returned is always on the board, empty and, in Renju, not forbidden.
//! - [`Engine::evaluate`] for hints, and [`Engine::analyse_game`] to judge
//!   each move of a game ([`MoveJudgement`], [`MoveClass`]) with progress and
//!   a stop flag. It takes the game's `wuzi_core::GameConfig` (size, rule,
//!   first side, what a forbidden move does) and its points, and replays
//!   them by core's rules.
//! - [`threat_win`] finds a win by fours ([`WinKind::Fours`]) or by fours
//!   and threes for the side to move, with its line ([`ThreatWin`]), for
//!   the position editor's analysis; [`played_out`] gives a win by threes
//!   move by move with the defender's toughest answers; for puzzles, [`shortest_win`],
//!   [`winning_first_moves`], [`attacker_still_wins`] (is a move still
//!   winning?) and [`toughest_defence`] (the answer that holds out longest).
//! - [`threat_marks`]: the coach's view, every point's threat for each
//!   side ([`PointThreat`], [`ThreatMark`]).
//! - Tournament openings: [`decide_opening`] is the computer's action at
//!   an opening step ([`OpeningMove`]), its colour choices following the
//!   sign of [`opening_value`] ([`colour_choice`]).
//! - [`side_after`] says whose turn it is after some moves of a game that a
//!   given side began.
//! - [`move_time`] turns a match clock into the time for one move.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use wuzi_core::{Point, Rule};
//! use wuzi_engine::{Engine, Level, Limits, Position};
//!
//! // Black has four in a row on the top line; white must block at once.
//! let moves: Vec<Point> = [(3, 0), (3, 5), (4, 0), (4, 5), (5, 0), (5, 5), (6, 0)]
//!     .iter()
//!     .map(|&(x, y)| Point::new(x, y))
//!     .collect();
//! let pos = Position::from_moves(15, Rule::Freestyle, &moves).unwrap();
//! let mut engine = Engine::new();
//! let stop = AtomicBool::new(false);
//! let result = engine
//!     .play(&pos, Level::Normal, Limits::millis(100), &stop, |_| {})
//!     .unwrap();
//! assert!(result.best == Point::new(2, 0) || result.best == Point::new(7, 0));
//! ```
#![deny(missing_docs)]

mod analysis;
mod board;
mod classic;
mod coach;
mod engine;
mod eval;
mod eval_weights;
mod level;
mod opening;
mod pattern;
mod position;
mod rng;
mod search;
mod solve;
mod threat;
mod time;
mod tt;
mod tune;

pub use analysis::{ANALYSIS_LIMITS, AnalysisError, GameAnalysis, MoveClass, MoveJudgement};
pub use coach::{PointThreat, ThreatMark, threat_marks};
pub use engine::{
    DECISIVE_SCORE, Engine, MAX_THREADS, NoMove, Progress, SearchResult, WIN_CHANCE_SCALE,
    default_threads, side_after, win_chance,
};
pub use level::{Level, Limits, UnknownLevel};
pub use opening::{OpeningMove, colour_choice, decide_opening, opening_value};
pub use pattern::Pattern;
pub use position::{Position, PositionError, forbidden_points, is_forbidden};
pub use solve::{
    SolveLimits, ThreatWin, WinKind, attacker_still_wins, played_out, shortest_win, threat_win,
    toughest_defence, winning_first_moves,
};
pub use time::move_time;
pub use tune::{
    ChooseWeightsError, EVAL_CORRECTIONS, EVAL_TABLES, EVAL_WEIGHTS, EvalFeatures,
    eval_correction_is_mask, eval_correction_name, eval_correction_table, eval_corrections,
    eval_features_along, eval_table, eval_unit, eval_weight_names, eval_weights,
    eval_weights_source, eval_with, parse_eval_weights, use_eval_weights,
};
