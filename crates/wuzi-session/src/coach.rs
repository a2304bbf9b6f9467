//! The coach in review and after a game: why a move was a mistake (the
//! opponent's win it allowed, the mover's own win it missed), and how the
//! winner of a game forced the win.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::Serialize;
use wuzi_core::{Game, Move, Outcome, Stone};
use wuzi_engine::Position;

use crate::position::ThreatWinView;
use crate::{AppError, Service};

/// The budget of each look for a win by threats.
const LOOK_NODES: u64 = 400_000;
const LOOK_TIME: Duration = Duration::from_millis(600);

/// The deepest win by fours and threes looked for.
const LOOK_THREATS: u32 = 8;

/// Why move `number` of a game was good or bad, by the threats around it.
#[derive(Debug, Clone, Serialize)]
pub struct MoveExplanation {
    /// The move, from 1.
    pub number: usize,
    /// Who played it.
    pub stone: Stone,
    /// The mover's own win by threats that it did not play, if it had one.
    pub missed: Option<ThreatWinView>,
    /// The opponent's win by threats after the move, if it has one.
    pub refutation: Option<ThreatWinView>,
}

/// How the winner of a game forced its win.
#[derive(Debug, Clone, Serialize)]
pub struct WinningSequence {
    /// Moves of the game before the forced win began (the review opens
    /// there).
    pub from: usize,
    /// The winner.
    pub winner: Stone,
    /// The win as the solver sees it from there.
    pub win: ThreatWinView,
}

/// The game of `moves[..count]` under the record's set-up.
fn game_at(record: &wuzi_core::record::GameRecord, count: usize) -> Result<Game, AppError> {
    let moves: &[Move] = record.moves.get(..count).unwrap_or(&record.moves);
    // A game lost by a forbidden move is replayed under its own setting,
    // so the last move is read as it was played.
    Ok(Game::replay_from(record.config, &record.setup, moves)?)
}

fn look(game: &Game, stop: &AtomicBool) -> Option<ThreatWinView> {
    if game.is_over() {
        return None;
    }
    let pos = Position::from_game(game, game.config().rule);
    let win = wuzi_engine::threat_win(&pos, LOOK_THREATS, LOOK_NODES, LOOK_TIME, stop)?;
    let limits = wuzi_engine::SolveLimits::new(LOOK_NODES / 4, LOOK_TIME / 4);
    Some(ThreatWinView::played(&pos, &win, limits, stop))
}

impl Service {
    /// Explains move `number` (from 1) of the past game `id`: the mover's
    /// missed win, and the opponent's win the move allowed.
    ///
    /// # Errors
    /// `not_found`, `bad_argument` for a number the game does not have, or
    /// a record that cannot be replayed.
    pub fn explain_move(&self, id: &str, number: usize) -> Result<MoveExplanation, AppError> {
        let (_, saved) = self.load_entry(id)?;
        let record = &saved.record;
        let Some(played) = number.checked_sub(1).and_then(|i| record.moves.get(i)) else {
            return Err(AppError::BadArgument(format!(
                "the game has {} moves; there is no move {number}",
                record.moves.len()
            )));
        };
        let stop = AtomicBool::new(false);
        let before = game_at(record, number - 1)?;
        let missed = look(&before, &stop).filter(|w| w.line.first() != Some(&played.point));
        let after = game_at(record, number)?;
        let refutation = look(&after, &stop);
        Ok(MoveExplanation {
            number,
            stone: played.stone,
            missed,
            refutation,
        })
    }

    /// How the winner of the past game `id` forced its win: the earliest
    /// position, going back from the end over the winner's turns, from
    /// which it had a win by threats all the way. `None` for a game not won
    /// by a five, or won with no forced line the solver sees.
    ///
    /// # Errors
    /// `not_found`, or a record that cannot be replayed.
    pub fn winning_sequence(&self, id: &str) -> Result<Option<WinningSequence>, AppError> {
        let (_, saved) = self.load_entry(id)?;
        let record = &saved.record;
        let Some(Outcome::Win { stone: winner, .. }) = record.result.clone() else {
            return Ok(None);
        };
        let stop = AtomicBool::new(false);
        let mut found = None;
        // The winner moves at every other position, counting back from its
        // five (the last move).
        let mut count = record.moves.len().checked_sub(1);
        while let Some(k) = count {
            let game = game_at(record, k)?;
            if game.to_move() != winner {
                break;
            }
            match look(&game, &stop) {
                Some(win) => found = Some((k, win)),
                None => break,
            }
            count = k.checked_sub(2);
        }
        Ok(found.map(|(from, win)| WinningSequence { from, winner, win }))
    }
}
