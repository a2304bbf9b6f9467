//! The commands the UI invokes. Each is a few lines over [`AppState`].

use crate::{AppError, AppState, GameView};
use tauri::State;
use wuzi_core::{Game, GameConfig, Point};

/// The game as it stands, for the first draw.
#[tauri::command]
pub fn game_view(state: State<'_, AppState>) -> GameView {
    GameView::of(&state.game())
}

/// Starts a new game on a `size` board (15 when not given).
#[tauri::command]
pub fn new_game(state: State<'_, AppState>, size: Option<u8>) -> Result<GameView, AppError> {
    let config = GameConfig {
        size: size.unwrap_or(wuzi_core::DEFAULT_SIZE),
    };
    let game = Game::with_config(config)?;
    let mut current = state.game();
    *current = game;
    Ok(GameView::of(&current))
}

/// Places the side to move's stone at column `x`, row `y` (0-based from the
/// top left). Numbers the board cannot hold are refused as off the board
/// rather than failing to parse, so the player sees the same message.
#[tauri::command]
pub fn play(state: State<'_, AppState>, x: i64, y: i64) -> Result<GameView, AppError> {
    let mut game = state.game();
    let point = match (u8::try_from(x), u8::try_from(y)) {
        (Ok(x), Ok(y)) => Point::new(x, y),
        _ => {
            let size = game.board().size();
            return Err(AppError::OutOfRange { x, y, size });
        }
    };
    game.try_play(point)?;
    Ok(GameView::of(&game))
}
