//! The computer's moves and hints, searched on a blocking thread.

use std::sync::atomic::AtomicBool;

use serde::Serialize;
use tauri::State;
use tauri::ipc::Channel;
use wuzi_core::Point;
use wuzi_engine::{Level, Position, Progress};

use super::blocking;
use crate::{AppError, AppState, GameView};

/// A search's progress as the thinking indicator shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ProgressView {
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Score for the side to move.
    pub score: i32,
    /// The side to move's chance to win, 0 to 1.
    pub win_chance: f32,
    /// The best line so far.
    pub pv: Vec<Point>,
    /// Positions searched.
    pub nodes: u64,
    /// Positions per second.
    pub nps: u64,
}

impl From<&Progress> for ProgressView {
    fn from(p: &Progress) -> Self {
        ProgressView {
            depth: p.depth,
            score: p.score,
            win_chance: p.win_chance,
            pv: p.pv.clone(),
            nodes: p.nodes,
            nps: p.nodes_per_second,
        }
    }
}

/// A hint: the best move for the side to move.
#[derive(Debug, Clone, Serialize)]
pub struct Hint {
    /// The move to play.
    pub best: Point,
    /// The side to move's chance to win with it, 0 to 1.
    pub win_chance: f32,
    /// The line the engine expects.
    pub pv: Vec<Point>,
}

/// The computer plays its move, reporting progress on `on_progress`. The
/// move is applied only if the game did not change meanwhile; otherwise
/// the answer is the error `stale` and nothing changes.
#[tauri::command]
pub async fn ai_move(
    state: State<'_, AppState>,
    on_progress: Channel<ProgressView>,
) -> Result<GameView, AppError> {
    let (position, level, generation) = {
        let session = state.session();
        let level = session.ai_to_move().ok_or(AppError::NotAiTurn)?;
        let rule = session.game.config().rule;
        (
            Position::from_game(&session.game, rule),
            level,
            session.generation,
        )
    };
    let stop = state.new_ai_stop();
    let engine = state.engine();
    let found = blocking(move || {
        let mut engine = AppState::lock_engine(&engine);
        let progress = |p: &Progress| {
            // A closed window or reloaded page cannot hear progress; the move still counts.
            let _ = on_progress.send(ProgressView::from(p));
        };
        Ok(engine.play(&position, level, level.limits(), &stop, progress)?)
    })
    .await?;
    let mut session = state.session();
    if session.generation != generation {
        return Err(AppError::Stale);
    }
    session.play(found.best)?;
    state.after_change(&mut session);
    Ok(state.view(&session))
}

/// Tells the thinking computer to play its best move now.
#[tauri::command]
pub async fn stop_ai(state: State<'_, AppState>) -> Result<(), AppError> {
    state.stop_ai();
    Ok(())
}

/// The engine's best move for the side to move, searched at the Normal
/// level's time.
#[tauri::command]
pub async fn hint(state: State<'_, AppState>) -> Result<Hint, AppError> {
    let position = {
        let session = state.session();
        if session.game.is_over() {
            return Err(AppError::NoMove(wuzi_engine::NoMove::GameOver));
        }
        Position::from_game(&session.game, session.game.config().rule)
    };
    // A hint has its own flag: it must not stop, or be stopped by, the
    // computer's own search.
    let stop = AtomicBool::new(false);
    let engine = state.engine();
    let found = blocking(move || {
        let mut engine = AppState::lock_engine(&engine);
        Ok(engine.evaluate(&position, Level::Normal.limits(), &stop)?)
    })
    .await?;
    Ok(Hint {
        best: found.best,
        win_chance: found.win_chance,
        pv: found.pv,
    })
}
