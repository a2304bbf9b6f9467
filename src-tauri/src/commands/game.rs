//! Playing: new game, moves, undo and redo, resigning.

use serde::Deserialize;
use tauri::State;
use wuzi_core::{ForbiddenMoves, Game, GameConfig, Point, Rule, Stone};
use wuzi_engine::Level;
use wuzi_store::{FirstMove, Settings};

use crate::session::{Mode, Seat, Session};
use crate::{AppError, AppState, GameView};

/// How the UI asks for a new game; what it leaves out comes from the
/// profile's settings.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct NewGame {
    /// Who plays whom.
    pub mode: Option<Mode>,
    /// Lines each way.
    pub size: Option<u8>,
    /// The rule.
    pub rule: Option<Rule>,
    /// What a forbidden move does.
    pub forbidden_moves: Option<ForbiddenMoves>,
    /// The person's colour against the computer.
    pub human_stone: Option<Stone>,
    /// Black's level when black is the computer.
    pub black_level: Option<String>,
    /// White's level when white is the computer.
    pub white_level: Option<String>,
}

fn level(name: Option<&str>, fallback: Level) -> Result<Level, AppError> {
    match name {
        None => Ok(fallback),
        Some(name) => name
            .parse()
            .map_err(|err: wuzi_engine::UnknownLevel| AppError::BadArgument(err.to_string())),
    }
}

fn store_rule(rule: wuzi_store::Rule) -> Rule {
    match rule {
        wuzi_store::Rule::Freestyle => Rule::Freestyle,
        wuzi_store::Rule::Standard => Rule::Standard,
        wuzi_store::Rule::Renju => Rule::Renju,
    }
}

/// The session a [`NewGame`] asks for, with `settings` filling the gaps and
/// `player` as the person's name.
fn session_for(
    ask: &NewGame,
    settings: &Settings,
    player: &str,
    previous: &Session,
) -> Result<Session, AppError> {
    let rule = ask.rule.unwrap_or(store_rule(settings.rule));
    // Renju is only played on 15x15, so a renju game takes that size unless
    // the player asked for another one (which the core then refuses).
    let size = ask.size.unwrap_or(if rule == Rule::Renju {
        wuzi_core::DEFAULT_SIZE
    } else {
        settings.board_size
    });
    let forbidden = ask
        .forbidden_moves
        .unwrap_or(match settings.forbidden_moves {
            wuzi_store::ForbiddenMoves::Block => ForbiddenMoves::Refuse,
            wuzi_store::ForbiddenMoves::Lose => ForbiddenMoves::Lose,
        });
    let game = Game::with_config(GameConfig {
        size,
        rule,
        forbidden,
        first: Stone::Black,
    })?;
    let default_level = settings.ai_level.parse().unwrap_or(Level::Normal);
    let human = |name: &str| Seat::Human { name: name.into() };
    let mode = ask.mode.unwrap_or(previous.mode);
    let (black, white) = match mode {
        Mode::HumanHuman => (human("Black"), human("White")),
        Mode::AiAi => (
            Seat::Ai {
                level: level(ask.black_level.as_deref(), default_level)?,
            },
            Seat::Ai {
                level: level(ask.white_level.as_deref(), default_level)?,
            },
        ),
        Mode::HumanAi => {
            let stone = ask.human_stone.unwrap_or(match settings.first_move {
                FirstMove::Human => Stone::Black,
                FirstMove::Computer => Stone::White,
                // Alternate: the other colour from the last game against the computer.
                FirstMove::Alternate => match (&previous.mode, &previous.black) {
                    (Mode::HumanAi, Seat::Human { .. }) => Stone::White,
                    _ => Stone::Black,
                },
            });
            let ai_name = match stone {
                Stone::Black => ask.white_level.as_deref(),
                Stone::White => ask.black_level.as_deref(),
            };
            let ai = Seat::Ai {
                level: level(ai_name, default_level)?,
            };
            match stone {
                Stone::Black => (human(player), ai),
                Stone::White => (ai, human(player)),
            }
        }
    };
    Ok(Session::new(game, mode, black, white))
}

/// The game as it stands, for the first draw.
#[tauri::command]
pub async fn game_view(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let session = state.session();
    Ok(state.view(&session))
}

/// Starts a new game as `config` asks, the profile's settings filling in
/// the rest.
#[tauri::command]
pub async fn new_game(
    state: State<'_, AppState>,
    config: Option<NewGame>,
) -> Result<GameView, AppError> {
    let ask = config.unwrap_or_default();
    let (settings, player) = state
        .with_profile(|store, id| {
            let (settings, notices) = store.settings(id)?;
            state.add_notices(&notices);
            Ok((settings, store.profile(id)?.name))
        })
        .unwrap_or_else(|_| (Settings::default(), "Player".into()));
    let next = session_for(&ask, &settings, &player, &state.session())?;
    tracing::info!(mode = ?next.mode, rule = ?next.game.config().rule, "game started");
    Ok(state.replace_session(next))
}

/// Places the side to move's stone at column `x`, row `y` (0-based from the
/// top left). Numbers no board holds are refused as off the board rather
/// than failing to parse, so the player sees the same message.
#[tauri::command]
pub async fn play(state: State<'_, AppState>, x: i64, y: i64) -> Result<GameView, AppError> {
    let mut session = state.session();
    let point = match (u8::try_from(x), u8::try_from(y)) {
        (Ok(x), Ok(y)) => Point::new(x, y),
        _ => {
            let size = session.game.board().size();
            return Err(AppError::OutOfRange { x, y, size });
        }
    };
    if session.ai_to_move().is_some() {
        return Err(AppError::NotYourTurn);
    }
    session.play(point)?;
    state.after_change(&mut session);
    Ok(state.view(&session))
}

/// Takes back the last move; against the computer, back to the person's
/// turn (two plies).
#[tauri::command]
pub async fn undo(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let mut session = state.session();
    state.stop_ai();
    if session.undo() > 0 {
        state.after_change(&mut session);
    }
    Ok(state.view(&session))
}

/// Plays again what undo took back.
#[tauri::command]
pub async fn redo(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let mut session = state.session();
    state.stop_ai();
    if session.redo() > 0 {
        state.after_change(&mut session);
    }
    Ok(state.view(&session))
}

/// The same game again from an empty board.
#[tauri::command]
pub async fn restart(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let next = {
        let session = state.session();
        let game = Game::with_config(*session.game.config())?;
        Session::new(
            game,
            session.mode,
            session.black.clone(),
            session.white.clone(),
        )
    };
    Ok(state.replace_session(next))
}

/// The person to move resigns (against the computer: the person, whoever is
/// to move).
#[tauri::command]
pub async fn resign(state: State<'_, AppState>) -> Result<GameView, AppError> {
    let mut session = state.session();
    state.stop_ai();
    let loser = match (session.mode, &session.black, &session.white) {
        (Mode::HumanAi, Seat::Human { .. }, _) => Stone::Black,
        (Mode::HumanAi, _, Seat::Human { .. }) => Stone::White,
        _ => session.game.to_move(),
    };
    session.game.resign(loser)?;
    session.touch();
    state.after_change(&mut session);
    Ok(state.view(&session))
}
