use std::sync::{Mutex, MutexGuard};
use wuzi_core::{Game, GameConfig};

/// Everything the app owns: for now the game on the board.
#[derive(Debug)]
pub struct AppState {
    game: Mutex<Game>,
}

impl Default for AppState {
    fn default() -> Self {
        AppState {
            game: Mutex::new(Game::new(GameConfig::default())),
        }
    }
}

impl AppState {
    /// The current game, locked for the length of one command.
    pub fn game(&self) -> MutexGuard<'_, Game> {
        // A command that panicked while holding the lock left the game in a
        // state the next command can still read; losing the game would be worse.
        self.game
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
