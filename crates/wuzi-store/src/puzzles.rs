//! A profile's puzzle progress (`profiles/<id>/puzzles.json`): which
//! puzzles it has solved, its streak, and a rating that moves with each
//! first attempt at a puzzle.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::file::Schema;

pub(crate) const SCHEMA: Schema = Schema {
    format: "wuzi-puzzle-progress",
    version: 1,
    migrations: &[],
};

/// The rating a profile starts with.
pub const START_RATING: i32 = 1000;

/// How far one first attempt moves the rating at most.
const RATING_STEP: f64 = 32.0;

/// One puzzle the profile has tried.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleRecord {
    /// Whether it has been solved, ever.
    pub solved: bool,
    /// Whether the first attempt solved it with no wrong move and no hint.
    pub first_try: bool,
    /// Attempts finished (solved or failed).
    pub attempts: u32,
    /// When it was last finished, in Unix milliseconds.
    pub last_ms: i64,
}

/// A profile's puzzle progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// Each puzzle tried, by id.
    pub puzzles: BTreeMap<String, PuzzleRecord>,
    /// Puzzles solved in a row with no wrong move and no hint.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// The rating: up for a puzzle solved at the first attempt, down for
    /// one failed, by how hard it was for this rating (Elo's formula).
    pub rating: i32,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            puzzles: BTreeMap::new(),
            streak: 0,
            best_streak: 0,
            rating: START_RATING,
        }
    }
}

/// One finished attempt at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAttempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// How hard it is, on the rating's scale.
    pub difficulty: i32,
    /// Solved (the win reached), or failed (a wrong move).
    pub solved: bool,
    /// No wrong move and no hint on the way.
    pub clean: bool,
    /// When, in Unix milliseconds.
    pub at_ms: i64,
}

impl PuzzleProgress {
    /// Counts `attempt`. Only the first finished attempt at a puzzle moves
    /// the rating, so solving one again cannot raise it; the streak counts
    /// every clean solve and ends at any failure.
    pub fn count(&mut self, attempt: &PuzzleAttempt) {
        let record = self.puzzles.entry(attempt.puzzle.clone()).or_default();
        let first = record.attempts == 0;
        record.attempts = record.attempts.saturating_add(1);
        record.last_ms = attempt.at_ms;
        if attempt.solved {
            record.solved = true;
        }
        if first {
            record.first_try = attempt.solved && attempt.clean;
            let expected =
                1.0 / (1.0 + 10f64.powf(f64::from(attempt.difficulty - self.rating) / 400.0));
            let score = if attempt.solved && attempt.clean {
                1.0
            } else {
                0.0
            };
            let change = (RATING_STEP * (score - expected)).round() as i32;
            self.rating = self.rating.saturating_add(change).clamp(100, 3000);
        }
        if attempt.solved && attempt.clean {
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else if !attempt.solved {
            self.streak = 0;
        }
    }

    /// How many puzzles have been solved.
    #[must_use]
    pub fn solved(&self) -> usize {
        self.puzzles.values().filter(|r| r.solved).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(id: &str, solved: bool, clean: bool) -> PuzzleAttempt {
        PuzzleAttempt {
            puzzle: id.into(),
            difficulty: 1000,
            solved,
            clean,
            at_ms: 1,
        }
    }

    #[test]
    fn the_first_attempt_moves_the_rating_and_the_streak_counts_clean_solves() {
        let mut p = PuzzleProgress::default();
        p.count(&attempt("a", true, true));
        assert_eq!(
            p.rating,
            START_RATING + 16,
            "an even puzzle is worth half the step"
        );
        assert_eq!((p.streak, p.best_streak), (1, 1));
        // Solving it again changes nothing but the streak.
        p.count(&attempt("a", true, true));
        assert_eq!(p.rating, START_RATING + 16);
        assert_eq!(p.streak, 2);
        p.count(&attempt("b", false, false));
        assert!(p.rating < START_RATING + 16);
        assert_eq!((p.streak, p.best_streak), (0, 2));
        // Solved after a hint: counted solved, but not as a first try.
        p.count(&attempt("c", true, false));
        assert!(p.puzzles["c"].solved && !p.puzzles["c"].first_try);
        assert_eq!(p.solved(), 2);
    }
}
