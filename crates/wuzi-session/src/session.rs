//! The game on the board and who is playing it.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use wuzi_core::record::{GameRecord, Players};
use wuzi_core::{Game, Move, OpeningChoice, OpeningStep, Point, Stone, TimeControl};
use wuzi_engine::Level;

use crate::AppError;

/// Who plays whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Two people taking turns on one device.
    #[default]
    HumanHuman,
    /// A person against the computer.
    HumanAi,
    /// The computer against itself, to watch.
    AiAi,
}

impl Mode {
    /// The mode the store names `mode`.
    #[must_use]
    pub fn from_store(mode: wuzi_store::GameMode) -> Mode {
        match mode {
            wuzi_store::GameMode::HumanVsHuman => Mode::HumanHuman,
            wuzi_store::GameMode::HumanVsAi => Mode::HumanAi,
            wuzi_store::GameMode::AiVsAi => Mode::AiAi,
        }
    }

    /// The store's name for the mode.
    #[must_use]
    pub fn to_store(self) -> wuzi_store::GameMode {
        match self {
            Mode::HumanHuman => wuzi_store::GameMode::HumanVsHuman,
            Mode::HumanAi => wuzi_store::GameMode::HumanVsAi,
            Mode::AiAi => wuzi_store::GameMode::AiVsAi,
        }
    }
}

/// One side's player.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seat {
    /// A person, by the name shown.
    Human {
        /// The name shown; empty for a guest who gave none (the UI then
        /// shows the side's name in the player's language).
        name: String,
        /// The profile on this device that plays this side, when one does:
        /// the game is counted in its statistics.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        profile: Option<String>,
    },
    /// The computer at a level.
    Ai {
        /// Its level, by the engine's name.
        #[serde(with = "level_name")]
        level: Level,
    },
}

impl Seat {
    /// A person with no profile here, by the name given (may be empty).
    #[must_use]
    pub fn guest(name: &str) -> Seat {
        Seat::Human {
            name: name.to_string(),
            profile: None,
        }
    }

    /// The person who plays as the profile `profile`.
    #[must_use]
    pub fn of_profile(profile: &wuzi_store::Profile) -> Seat {
        Seat::Human {
            name: profile.name.clone(),
            profile: Some(profile.id.to_string()),
        }
    }

    /// The profile that plays this side, if one does.
    #[must_use]
    pub fn profile(&self) -> Option<&str> {
        match self {
            Seat::Human {
                profile: Some(id), ..
            } => Some(id),
            _ => None,
        }
    }

    /// The computer's level when this seat is the computer's.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match self {
            Seat::Ai { level } => Some(*level),
            Seat::Human { .. } => None,
        }
    }

    /// The name shown for this seat: a person's name or the level's; a
    /// guest with no name is called by `side`, the side's name.
    #[must_use]
    pub fn display_name(&self, side: Stone) -> String {
        match self {
            Seat::Human { name, .. } if name.is_empty() => match side {
                Stone::Black => "Black".to_string(),
                Stone::White => "White".to_string(),
            },
            Seat::Human { name, .. } => name.clone(),
            Seat::Ai { level } => format!("Wuzi {level}"),
        }
    }

    fn to_store(&self) -> wuzi_store::Player {
        match self {
            Seat::Human { name, .. } => wuzi_store::Player::Human { name: name.clone() },
            Seat::Ai { level } => wuzi_store::Player::Ai {
                level: level.name().to_string(),
            },
        }
    }
}

mod level_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use wuzi_engine::Level;

    pub fn serialize<S: Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(level.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(D::Error::custom)
    }
}

/// Now, in Unix milliseconds.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// A game as it is saved: the core's record plus who played it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedGame {
    /// The set-up, moves with times and result.
    pub record: GameRecord,
    /// Who played whom.
    pub mode: Mode,
    /// Black's player.
    pub black: Seat,
    /// White's player.
    pub white: Seat,
    /// When the game began, in Unix milliseconds.
    pub started_ms: i64,
    /// The clock the game is played with.
    #[serde(default)]
    pub time_control: TimeControl,
    /// How long the side to move had been thinking when the game was
    /// kept, so its clock goes on from there.
    #[serde(default)]
    pub turn_ms: u64,
    /// Whether a named save holds the game as it stands (for the
    /// autosave: such a game is not lost when another takes its place).
    #[serde(default)]
    pub in_save: bool,
}

/// The game being played, with its players and a generation that changes
/// with every change to the game, so a search that began before a change
/// can tell its answer is stale.
#[derive(Debug, Clone)]
pub(crate) struct Session {
    /// The game itself.
    pub game: Game,
    /// Who plays whom.
    pub mode: Mode,
    /// Black's player.
    pub black: Seat,
    /// White's player.
    pub white: Seat,
    /// Bumped on every change.
    pub generation: u64,
    /// When the game began, in Unix milliseconds.
    pub started_ms: i64,
    /// The save slot this game came from or went to.
    pub save_name: Option<String>,
    /// Whether the ended game is already in the replay log.
    pub recorded: bool,
    /// The ended game's id in the replay log, once it is there.
    pub replay_id: Option<String>,
    /// The clock the game is played with.
    pub time_control: TimeControl,
    /// When the computer began its search for the move in progress: the
    /// computer's clock counts its thinking only, so a paused game or a
    /// slow screen never costs it the game.
    pub search_started: Option<Instant>,
    /// Whether the game is in a named save as it stands.
    pub saved: bool,
    /// Whether this game has been autosaved since it came on the board.
    pub autosaved: bool,
    /// The time the side that ran out of time spent on its last move: no
    /// move records it, and the time shown for that side includes it.
    pub flag_time: Duration,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(
            Game::default(),
            Mode::HumanHuman,
            Seat::guest(""),
            Seat::guest(""),
        )
    }
}

impl Session {
    /// A session for `game` between `black` and `white`.
    #[must_use]
    pub fn new(game: Game, mode: Mode, black: Seat, white: Seat) -> Session {
        Session {
            game,
            mode,
            black,
            white,
            generation: 0,
            started_ms: now_ms(),
            save_name: None,
            recorded: false,
            replay_id: None,
            time_control: TimeControl::None,
            search_started: None,
            saved: false,
            autosaved: false,
            flag_time: Duration::ZERO,
        }
    }

    /// How long the side to move has been on its move: a person since the
    /// last move, the computer since its search began.
    #[must_use]
    pub fn running(&self) -> Duration {
        // The clocks start once a tournament opening is over: its stones
        // and decisions are not one side's moves.
        if self.in_opening() {
            Duration::ZERO
        } else if self.ai_to_move().is_some() {
            self.search_started
                .map_or(Duration::ZERO, |started| started.elapsed())
        } else {
            self.game.turn_elapsed()
        }
    }

    /// The time `stone` has left, when the game has a clock.
    #[must_use]
    pub fn time_left(&self, stone: Stone) -> Option<Duration> {
        self.time_control.left(&self.game, stone, self.running())
    }

    /// Ends the game on time when the side to move has run out. Returns
    /// whether it did.
    pub fn settle_clock(&mut self) -> bool {
        if !self.time_control.flag_fallen(&self.game, self.running()) {
            return false;
        }
        let loser = self.game.to_move();
        let spent = self.running();
        if self.game.timeout(loser).is_err() {
            return false;
        }
        self.flag_time = spent;
        tracing::info!(?loser, "flag fell");
        self.touch();
        true
    }

    /// The time `stone` spent on the move it ran out of time on, if it did.
    #[must_use]
    pub fn flag_spent(&self, stone: Stone) -> Duration {
        match self.game.outcome() {
            Some(wuzi_core::Outcome::Timeout { loser }) if loser == stone => self.flag_time,
            _ => Duration::ZERO,
        }
    }

    /// Whether leaving this game would lose moves no save holds.
    #[must_use]
    pub fn unsaved(&self) -> bool {
        !self.game.moves().is_empty() && !self.game.is_over() && !self.saved
    }

    /// The player of `stone`.
    #[must_use]
    pub fn seat(&self, stone: Stone) -> &Seat {
        match stone {
            Stone::Black => &self.black,
            Stone::White => &self.white,
        }
    }

    /// Whether the game is in a tournament opening's steps.
    #[must_use]
    pub fn in_opening(&self) -> bool {
        self.game.opening_step() != OpeningStep::Done
    }

    /// The colour of the player who acts now: in a tournament opening the
    /// step's actor (who places, chooses, offers or picks), else the side
    /// to move.
    #[must_use]
    pub fn actor(&self) -> Stone {
        self.game
            .opening_step()
            .actor()
            .unwrap_or_else(|| self.game.to_move())
    }

    /// The computer's level when the player who acts now is the computer
    /// and the game is still on.
    #[must_use]
    pub fn ai_to_move(&self) -> Option<Level> {
        if self.game.is_over() {
            None
        } else {
            self.seat(self.actor()).level()
        }
    }

    /// Puts `seat` on the side `stone`, and the mode follows the seats.
    /// Against the computer the person is `me`, the open profile (as a new
    /// game has it); between two people each keeps who they are.
    pub fn set_seat(&mut self, stone: Stone, seat: Seat, me: &Seat) {
        match stone {
            Stone::Black => self.black = seat,
            Stone::White => self.white = seat,
        }
        // Whoever takes over the side to move starts its move afresh: a
        // person is not charged for the computer's thinking, nor the
        // other way round.
        if stone == self.game.to_move() {
            self.game.resume_turn(Duration::ZERO);
        }
        self.mode = match (self.black.level(), self.white.level()) {
            (None, None) => Mode::HumanHuman,
            (Some(_), Some(_)) => Mode::AiAi,
            _ => Mode::HumanAi,
        };
        if self.mode == Mode::HumanAi {
            for seat in [&mut self.black, &mut self.white] {
                if seat.level().is_none() {
                    *seat = me.clone();
                }
            }
        }
    }

    /// Marks a change: searches begun before it are now stale, and the
    /// game is no longer the one saved.
    pub fn touch(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        self.search_started = None;
        self.saved = false;
    }

    /// A tap on `point`: the side to move's stone, or in a Soosõrv-8
    /// opening black's offer of a fifth move or white's pick among them.
    ///
    /// # Errors
    /// The core's reason when the rules refuse it; nothing changes then.
    pub fn play(&mut self, point: Point) -> Result<(), AppError> {
        // The clock of the player acting (none in an opening: its stones
        // take no time off either clock).
        let time = self.running();
        match self.game.opening_step() {
            OpeningStep::Offer { .. } => self.game.offer(point)?,
            OpeningStep::Pick { .. } => {
                self.game.pick_timed(point, time)?;
            }
            _ => {
                self.game.try_play_timed(point, time)?;
            }
        }
        self.touch();
        Ok(())
    }

    /// Plays `point` for the side to move, which took `time` over it.
    ///
    /// # Errors
    /// The core's reason when the move is illegal; nothing changes then.
    pub fn play_timed(
        &mut self,
        point: Point,
        time: Duration,
    ) -> Result<Move, wuzi_core::IllegalMove> {
        let mv = self.game.try_play_timed(point, time)?;
        self.touch();
        Ok(mv)
    }

    /// Takes an opening decision; on a swap the two players exchange
    /// colours (seats and all), so each keeps playing as who they are.
    ///
    /// # Errors
    /// The opening's reason when the step asks for no such decision.
    pub fn choose(&mut self, choice: OpeningChoice) -> Result<(), wuzi_core::OpeningError> {
        self.game.choose(choice)?;
        if choice == OpeningChoice::Swap {
            std::mem::swap(&mut self.black, &mut self.white);
        }
        self.touch();
        Ok(())
    }

    /// Whether undo would take anything back now. In an opening, only
    /// what the player acting now placed since the last decision (or black's
    /// offers, before white picks); against the computer, only when that
    /// player is the person.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        match self.game.opening_step() {
            OpeningStep::Done if self.mode == Mode::HumanAi && self.game.opening().is_some() => {
                // Undo against the computer goes back to the person's own
                // last move, which must not be one the opening made final.
                let settled = self.game.settled_moves();
                let person = [Stone::Black, Stone::White]
                    .into_iter()
                    .find(|&side| self.seat(side).level().is_none());
                self.game.outcome().is_some() && self.game.moves().len() > settled
                    || person.is_some_and(|person| {
                        self.game
                            .moves()
                            .iter()
                            .rposition(|mv| mv.stone == person)
                            .is_some_and(|last| last >= settled)
                    })
            }
            OpeningStep::Done => self.game.can_undo(),
            step => {
                let person =
                    self.mode != Mode::HumanAi || self.seat(self.actor()).level().is_none();
                let own = match step {
                    OpeningStep::Offer { .. } => {
                        self.game.opening().is_some_and(|o| !o.offers.is_empty())
                    }
                    // White picks while black's offers stand: only two
                    // people at one board take an offer back now.
                    OpeningStep::Pick { .. } => self.mode == Mode::HumanHuman,
                    OpeningStep::Place { .. } | OpeningStep::Declare { .. } => self.game.can_undo(),
                    _ => false,
                };
                person && own
            }
        }
    }

    /// Takes back moves: against the computer, until it is a person's turn
    /// again (two plies, usually). Returns how many were taken back.
    pub fn undo(&mut self) -> usize {
        if self.game.opening_step() != OpeningStep::Done {
            return self.undo_in_opening();
        }
        if !self.can_undo() {
            return 0;
        }
        let mut taken = 0;
        while self.game.undo().is_some() {
            taken += 1;
            if self.mode != Mode::HumanAi || self.seat(self.game.to_move()).level().is_none() {
                break;
            }
        }
        if taken > 0 {
            self.recorded = false;
            self.replay_id = None;
            self.touch();
        }
        taken
    }

    /// Undo during an opening: one stone or one offer, as
    /// [`Session::can_undo`] allows.
    fn undo_in_opening(&mut self) -> usize {
        if !self.can_undo() {
            return 0;
        }
        let taken = match self.game.opening_step() {
            OpeningStep::Offer { .. } | OpeningStep::Pick { .. } => {
                self.game.withdraw_offer().is_some()
            }
            _ => self.game.undo().is_some(),
        };
        if taken {
            self.touch();
        }
        usize::from(taken)
    }

    /// Plays back taken-back moves: against the computer, until it is a
    /// person's turn again.
    pub fn redo(&mut self) -> usize {
        let mut done = 0;
        while self.game.redo().is_some() {
            done += 1;
            if self.mode != Mode::HumanAi
                || self.game.is_over()
                || self.seat(self.game.to_move()).level().is_none()
            {
                break;
            }
        }
        if done > 0 {
            self.touch();
        }
        done
    }

    /// The game with its players, for a save or the replay log.
    #[must_use]
    pub fn to_saved(&self) -> SavedGame {
        let mut record = GameRecord::from_game(&self.game);
        record.players = Players {
            black: self.black.display_name(Stone::Black),
            white: self.white.display_name(Stone::White),
        };
        let turn = if self.game.is_over() {
            Duration::ZERO
        } else {
            self.running()
        };
        SavedGame {
            record,
            mode: self.mode,
            black: self.black.clone(),
            white: self.white.clone(),
            started_ms: self.started_ms,
            time_control: self.time_control,
            turn_ms: u64::try_from(turn.as_millis()).unwrap_or(u64::MAX),
            in_save: self.saved,
        }
    }

    /// A session from a saved game.
    ///
    /// # Errors
    /// When the saved moves do not make a legal game.
    pub fn from_saved(saved: SavedGame) -> Result<Session, wuzi_core::ReplayError> {
        let mut game = saved.record.to_game()?;
        game.resume_turn(Duration::from_millis(saved.turn_ms));
        let mut session = Session::new(game, saved.mode, saved.black, saved.white);
        session.started_ms = saved.started_ms;
        session.saved = saved.in_save;
        // A clock a hand-edited file gets wrong is no clock at all.
        session.time_control = if saved.time_control.validate().is_ok() {
            saved.time_control
        } else {
            TimeControl::None
        };
        Ok(session)
    }

    /// What the save list shows about this game.
    #[must_use]
    pub fn save_meta(&self) -> wuzi_store::SaveMeta {
        let board = self.game.board();
        let size = board.size();
        let mut preview = String::with_capacity(usize::from(size) * usize::from(size));
        for y in 0..size {
            for x in 0..size {
                preview.push(match board.stone_at(Point::new(x, y)) {
                    Some(Stone::Black) => 'x',
                    Some(Stone::White) => 'o',
                    None => '.',
                });
            }
        }
        wuzi_store::SaveMeta {
            saved_ms: now_ms(),
            rule: self.game.config().rule,
            size,
            mode: self.mode.to_store(),
            move_count: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
            preview,
        }
    }

    /// What the replay log of `profile` (the open profile, or none) shows
    /// about this ended game: its win, loss or draw is that of the side
    /// the profile played.
    #[must_use]
    pub fn replay_summary(&self, profile: Option<&str>) -> Option<wuzi_store::ReplaySummary> {
        let outcome = self.game.outcome()?;
        Some(self.summary(
            wuzi_store::GameResult::from(&outcome),
            Some(&outcome),
            self.side_of(profile),
        ))
    }

    /// The other profiles in this ended game (a two-player game between
    /// the open profile and another of this device's), each with what its
    /// own replay log shows.
    #[must_use]
    pub fn opponents(&self, open: Option<&str>) -> Vec<(String, wuzi_store::ReplaySummary)> {
        let Some(outcome) = self.game.outcome() else {
            return Vec::new();
        };
        [Stone::Black, Stone::White]
            .into_iter()
            .filter_map(|side| {
                let id = self.seat(side).profile()?;
                (Some(id) != open).then(|| {
                    let summary = self.summary(
                        wuzi_store::GameResult::from(&outcome),
                        Some(&outcome),
                        Some(side),
                    );
                    (id.to_string(), summary)
                })
            })
            .collect()
    }

    /// What the replay log shows about this game when it is left
    /// unfinished for another.
    #[must_use]
    pub fn abandoned_summary(&self) -> wuzi_store::ReplaySummary {
        self.summary(wuzi_store::GameResult::Unfinished, None, None)
    }

    /// The side `profile` plays. A game from before seats named their
    /// profile has the person against the computer play for the profile.
    fn side_of(&self, profile: Option<&str>) -> Option<Stone> {
        let named = [Stone::Black, Stone::White]
            .into_iter()
            .find(|&side| profile.is_some() && self.seat(side).profile() == profile);
        named.or(match (self.mode, &self.black, &self.white) {
            (Mode::HumanAi, Seat::Human { profile: None, .. }, _) => Some(Stone::Black),
            (Mode::HumanAi, _, Seat::Human { profile: None, .. }) => Some(Stone::White),
            _ => None,
        })
    }

    fn summary(
        &self,
        result: wuzi_store::GameResult,
        outcome: Option<&wuzi_core::Outcome>,
        person: Option<Stone>,
    ) -> wuzi_store::ReplaySummary {
        let profile_outcome = person
            .zip(outcome)
            .map(|(me, outcome)| match outcome.winner() {
                None => wuzi_store::Outcome::Draw,
                Some(w) if w == me => wuzi_store::Outcome::Win,
                Some(_) => wuzi_store::Outcome::Loss,
            });
        let ended_ms = now_ms().max(self.started_ms);
        let duration = self.game.elapsed(Stone::Black)
            + self.game.elapsed(Stone::White)
            + self.flag_spent(Stone::Black)
            + self.flag_spent(Stone::White);
        wuzi_store::ReplaySummary {
            started_ms: self.started_ms,
            ended_ms,
            mode: self.mode.to_store(),
            rule: self.game.config().rule,
            size: self.game.board().size(),
            black: self.black.to_store(),
            white: self.white.to_store(),
            result,
            outcome: profile_outcome,
            move_count: u32::try_from(self.game.moves().len()).unwrap_or(u32::MAX),
            duration_ms: u64::try_from(duration.as_millis()).unwrap_or(u64::MAX),
        }
    }
}
