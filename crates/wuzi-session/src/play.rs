//! Playing: new game, moves, undo and redo, restart, resigning.

use serde::Deserialize;
use wuzi_core::{
    ForbiddenMoves, Game, GameConfig, OpeningChoice, OpeningRule, Point, ReplayError, Rule, Setup,
    Stone, TimeControl,
};
use wuzi_engine::Level;
use wuzi_store::{FirstMove, Settings};

use crate::session::{Mode, Seat, Session};
use crate::{AppError, GameView, Service};

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
    /// Who moves first (freestyle and standard; renju: always black).
    pub first: Option<Stone>,
    /// The clock.
    pub time_control: Option<TimeControl>,
    /// In a game between two people, who plays the open profile; the
    /// profile plays `human_stone` (black unless it says).
    pub opponent: Option<Opponent>,
    /// Stones on the board before the first move (a position from the
    /// editor); `first` is then the side to move.
    pub setup: Option<Setup>,
    /// A tournament opening to begin with: `swap` or `swap2` (freestyle
    /// and standard), `soosorv8` (renju). The player given black
    /// (`humanStone`, or the black level's computer) opens; colours may
    /// change hands during the opening.
    pub opening: Option<OpeningRule>,
}

/// The open profile's opponent in a game between two people.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Opponent {
    /// Someone with no profile here, by the name typed (may be empty: the
    /// side's name is shown then).
    Guest {
        /// The name shown, at most 64 characters.
        #[serde(default)]
        name: String,
    },
    /// Another profile of this device; the game counts in its statistics
    /// too, so it must give its password if it has one.
    Profile {
        /// The profile's id.
        id: String,
        /// Its password, when it has one.
        #[serde(default)]
        password: Option<String>,
    },
}

/// The longest guest name, as for a profile.
const GUEST_NAME_MAX: usize = 64;

/// A guest's name as typed, trimmed; refused when too long or holding
/// control characters, which no screen can show.
fn guest_name(name: &str) -> Result<String, AppError> {
    let name = name.trim();
    if name.chars().count() > GUEST_NAME_MAX {
        return Err(AppError::BadArgument(format!(
            "a guest's name is at most {GUEST_NAME_MAX} characters"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(AppError::BadArgument(
            "a guest's name cannot hold control characters".into(),
        ));
    }
    Ok(name.to_string())
}

/// The profile `other` as the open profile `me`'s opponent, once its
/// password (if it has one) is given and right.
fn opponent_profile(
    store: &wuzi_store::Store,
    me: &wuzi_store::ProfileId,
    other: &str,
    password: Option<&str>,
) -> Result<Seat, AppError> {
    let other = wuzi_store::ProfileId::parse(other)?;
    if &other == me {
        return Err(AppError::BadArgument(
            "the other player must be another profile".into(),
        ));
    }
    let profile = store.profile(&other)?;
    if profile.has_password {
        let password = password.ok_or(wuzi_store::Error::PasswordRequired)?;
        if !store.verify_password(&other, password)? {
            return Err(wuzi_store::Error::WrongPassword.into());
        }
    }
    Ok(Seat::of_profile(&profile))
}

/// Who takes a side, as the game panel asks mid-game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayerChoice {
    /// A person on this device.
    Human,
    /// The computer at a level.
    Ai {
        /// The level, by name.
        level: String,
    },
}

/// `name` as a level, or `fallback` when none is named.
fn level(name: Option<&str>, fallback: Level) -> Result<Level, AppError> {
    match name {
        None => Ok(fallback),
        Some(name) => name
            .parse()
            .map_err(|err: wuzi_engine::UnknownLevel| AppError::BadArgument(err.to_string())),
    }
}

/// The level the settings name; a hand-edited file may name none we know,
/// and then the player is told rather than silently given another level.
pub(crate) fn settings_level(settings: &Settings) -> Result<Level, AppError> {
    settings
        .ai_level
        .parse()
        .map_err(|err: wuzi_engine::UnknownLevel| {
            AppError::BadArgument(format!(
                "the settings name an unknown computer level ({err}); choose one in Settings"
            ))
        })
}

/// The session a [`NewGame`] asks for, with `settings` filling the gaps,
/// `player` as the open profile's seat and `opponent` as the profile named
/// as its opponent (already checked), if one is.
fn session_for(
    ask: &NewGame,
    settings: &Settings,
    player: &Seat,
    opponent: Option<Seat>,
    previous: &Session,
) -> Result<Session, AppError> {
    let rule = ask.rule.unwrap_or(settings.rule);
    // Renju is only played on 15x15, so a renju game takes that size unless
    // the player asked for another one (which the core then refuses).
    let size = ask.size.unwrap_or(if rule == Rule::Renju {
        wuzi_core::DEFAULT_SIZE
    } else {
        settings.board_size
    });
    let forbidden = ask.forbidden_moves.unwrap_or(settings.forbidden_moves);
    let first = ask.first.unwrap_or(Stone::Black);
    let setup = ask.setup.clone().unwrap_or_default();
    // Renju's rules are built around black's first move: its forbidden
    // points only make sense for the side that opens. A set-up position may
    // have either side to move.
    if rule == Rule::Renju && first == Stone::White && setup.is_empty() {
        return Err(AppError::BadConfig(
            "in renju black always moves first".into(),
        ));
    }
    let config = GameConfig {
        size,
        rule,
        forbidden,
        first,
    };
    let game = if let Some(opening) = ask.opening {
        if !setup.is_empty() {
            return Err(AppError::BadConfig(
                "an opening rule starts from an empty board".into(),
            ));
        }
        Game::with_opening(config, opening).map_err(|err| match err {
            ReplayError::Config(err) => AppError::Config(err),
            ReplayError::Opening(err) => AppError::Opening(err),
            other => AppError::Replay(other),
        })?
    } else if setup.is_empty() {
        Game::with_config(config)?
    } else {
        Game::with_setup(config, setup).map_err(|error| AppError::Position { error, size })?
    };
    let time_control = ask.time_control.unwrap_or(settings.time_control);
    time_control
        .validate()
        .map_err(|err| AppError::BadConfig(err.to_string()))?;
    let mode = ask.mode.unwrap_or(previous.mode);
    // The settings' level is only needed where the ask names none.
    let default_level = || settings_level(settings);
    let ai = |name: Option<&str>| -> Result<Seat, AppError> {
        let level = match name {
            Some(_) => level(name, Level::Normal)?,
            None => default_level()?,
        };
        Ok(Seat::Ai { level })
    };
    if ask.opponent.is_some() && mode != Mode::HumanHuman {
        return Err(AppError::BadArgument(
            "an opponent is named only in a game between two people".into(),
        ));
    }
    let (black, white) = match mode {
        Mode::HumanHuman => {
            let other = match (&ask.opponent, opponent) {
                (_, Some(profile)) => profile,
                (Some(Opponent::Guest { name }), None) => Seat::guest(&guest_name(name)?),
                _ => Seat::guest(""),
            };
            match ask.human_stone.unwrap_or(Stone::Black) {
                Stone::Black => (player.clone(), other),
                Stone::White => (other, player.clone()),
            }
        }
        Mode::AiAi => (
            ai(ask.black_level.as_deref())?,
            ai(ask.white_level.as_deref())?,
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
            let computer = ai(match stone {
                Stone::Black => ask.white_level.as_deref(),
                Stone::White => ask.black_level.as_deref(),
            })?;
            match stone {
                Stone::Black => (player.clone(), computer),
                Stone::White => (computer, player.clone()),
            }
        }
    };
    let mut session = Session::new(game, mode, black, white);
    session.time_control = time_control;
    Ok(session)
}

impl Service {
    /// The game as it stands, for the first draw; a flag that has fallen
    /// meanwhile ends the game first.
    #[must_use]
    pub fn game_view(&self) -> GameView {
        self.check_clock()
    }

    /// Ends the game on time when the side to move has run out (the UI
    /// asks when its own count reaches zero; the service's clock decides),
    /// and answers the game as it stands.
    #[must_use]
    pub fn check_clock(&self) -> GameView {
        let mut session = self.session();
        if session.settle_clock() {
            self.stop_searches();
            return self.commit(session);
        }
        self.view(&session)
    }

    /// Starts a new game as `ask` says, the open profile's settings filling
    /// in the rest (the defaults when no profile is open or there is no
    /// data folder).
    ///
    /// # Errors
    /// `bad_config` for a set-up no game can have, `bad_argument` for an
    /// unknown level, or the store's error when the settings cannot be read.
    pub fn new_game(&self, ask: &NewGame) -> Result<GameView, AppError> {
        let found = self.with_profile(|store, id| {
            let (settings, notices) = store.settings(id)?;
            self.add_notices(&notices);
            let opponent = match &ask.opponent {
                Some(Opponent::Profile {
                    id: other,
                    password,
                }) => Some(opponent_profile(store, id, other, password.as_deref())?),
                _ => None,
            };
            Ok((settings, Seat::of_profile(&store.profile(id)?), opponent))
        });
        let named_profile = matches!(ask.opponent, Some(Opponent::Profile { .. }));
        let (settings, player, opponent) = match found {
            Ok(found) => found,
            // A guest game: nobody's settings to follow, and no profile to
            // play against.
            Err(AppError::NoProfile | AppError::NoStore(_)) if !named_profile => {
                (Settings::default(), Seat::guest(""), None)
            }
            // The whole folder is away for now (moved, or its disk
            // removed): a game is still worth having, with the default
            // settings, and the player is told why those are used. A file
            // that cannot be read in a folder that is there is an error to
            // show instead: it will not mend itself.
            Err(AppError::Store(err @ wuzi_store::Error::FolderGone { .. })) if !named_profile => {
                let player = self
                    .with_profile(|store, id| Ok(Seat::of_profile(&store.profile(id)?)))
                    .unwrap_or_else(|_| Seat::guest(""));
                tracing::warn!(error = %err, "settings not read for a new game");
                self.tell(
                    err.kind(),
                    format!("The game uses the default settings: {err}"),
                );
                (Settings::default(), player, None)
            }
            Err(err) => return Err(err),
        };
        let next = session_for(ask, &settings, &player, opponent, &self.session())?;
        tracing::info!(mode = ?next.mode, rule = ?next.game.config().rule, "game started");
        Ok(self.replace_session(next))
    }

    /// Places the side to move's stone at column `x`, row `y` (0-based from
    /// the top left). Numbers no board holds are refused as off the board
    /// rather than failing to parse, so the player sees the same message.
    ///
    /// # Errors
    /// `not_your_turn` when the computer is to move, or why the rules
    /// refuse the move; nothing changes then.
    pub fn play(&self, x: i64, y: i64) -> Result<GameView, AppError> {
        let mut session = self.session();
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
        // A move made after the flag fell is too late: the game is lost on
        // time, and the answer shows it.
        if session.settle_clock() {
            self.hint_stop.raise();
            return Ok(self.commit(session));
        }
        session.play(point)?;
        self.hint_stop.raise();
        Ok(self.commit(session))
    }

    /// Takes an opening decision for the player acting now: keep or swap
    /// colours, Swap2's two more stones, or Soosõrv-8's number of fifth
    /// moves. On a swap the players exchange colours.
    ///
    /// # Errors
    /// `not_your_turn` when the computer acts now; `opening` (with the
    /// reason) when the opening asks for no such decision; nothing changes
    /// then.
    pub fn opening_choice(&self, choice: OpeningChoice) -> Result<GameView, AppError> {
        let mut session = self.session();
        if session.ai_to_move().is_some() {
            return Err(AppError::NotYourTurn);
        }
        if session.settle_clock() {
            return Ok(self.commit(session));
        }
        session.choose(choice)?;
        self.hint_stop.raise();
        tracing::info!(?choice, "opening decision");
        Ok(self.commit(session))
    }

    /// Takes back the last move; against the computer, back to the person's
    /// turn (two plies).
    #[must_use]
    pub fn undo(&self) -> GameView {
        let mut session = self.session();
        self.stop_searches();
        if session.undo() > 0 {
            return self.commit(session);
        }
        self.view(&session)
    }

    /// Plays again what undo took back.
    #[must_use]
    pub fn redo(&self) -> GameView {
        let mut session = self.session();
        self.stop_searches();
        if session.redo() > 0 {
            return self.commit(session);
        }
        self.view(&session)
    }

    /// The same game again from an empty board.
    ///
    /// # Errors
    /// Only if the game's own set-up were refused, which cannot happen for
    /// a game that was started.
    pub fn restart(&self) -> Result<GameView, AppError> {
        let next = {
            let session = self.session();
            // The same opening again, opened by whoever holds black now.
            let game = match session.game.opening() {
                Some(opening) => Game::with_opening(*session.game.config(), opening.rule)?,
                None => Game::with_config(*session.game.config())?,
            };
            let mut next = Session::new(
                game,
                session.mode,
                session.black.clone(),
                session.white.clone(),
            );
            next.time_control = session.time_control;
            next
        };
        Ok(self.replace_session(next))
    }

    /// Hands the side `stone` to a person or to the computer at a level,
    /// at any moment of a game that is still on, also while the computer
    /// thinks: its search stops and its move is dropped, and if the side to
    /// move is still the computer's the UI asks it again.
    ///
    /// # Errors
    /// `bad_argument` for an unknown level, `game_over` once the game ended.
    pub fn set_player(&self, stone: Stone, choice: &PlayerChoice) -> Result<GameView, AppError> {
        let seat = match choice {
            PlayerChoice::Ai { level: name } => Seat::Ai {
                level: level(Some(name), Level::Normal)?,
            },
            PlayerChoice::Human => Seat::guest(""),
        };
        let me = match self.with_profile(|store, id| Ok(Seat::of_profile(&store.profile(id)?))) {
            Ok(me) => me,
            Err(AppError::NoProfile | AppError::NoStore(_)) => Seat::guest(""),
            Err(err) => return Err(err),
        };
        let mut session = self.session();
        if session.game.is_over() {
            return Err(wuzi_core::IllegalMove::GameOver.into());
        }
        self.stop_searches();
        session.set_seat(stone, seat, &me);
        session.touch();
        tracing::info!(?stone, mode = ?session.mode, "side handed over");
        Ok(self.commit(session))
    }

    /// The person to move resigns (against the computer: the person,
    /// whoever is to move).
    ///
    /// # Errors
    /// `game_over` when the game has already ended.
    pub fn resign(&self) -> Result<GameView, AppError> {
        let mut session = self.session();
        self.stop_searches();
        let loser = match (session.mode, &session.black, &session.white) {
            (Mode::HumanAi, Seat::Human { .. }, _) => Stone::Black,
            (Mode::HumanAi, _, Seat::Human { .. }) => Stone::White,
            _ => session.game.to_move(),
        };
        session.game.resign(loser)?;
        session.touch();
        Ok(self.commit(session))
    }
}
