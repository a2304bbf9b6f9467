//! A game: its set-up, the moves with their times, undo and redo, and how
//! it ended.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::opening::RecordFault;
use crate::{
    Board, BoardSizeError, DEFAULT_SIZE, Forbidden, Opening, OpeningChoice, OpeningError,
    OpeningRule, OpeningStep, Point, Rule, Setup, SetupError, Stone, forbidden_kind,
    forbidden_points, is_win, winning_line,
};

/// What happens when black tries a forbidden point in renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ForbiddenMoves {
    /// The move is refused with its reason and black plays elsewhere: the
    /// friendly setting.
    #[default]
    Refuse,
    /// The move is played and black loses, as in tournaments.
    Lose,
}

/// How a game is set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameConfig {
    /// Lines each way.
    pub size: u8,
    /// The rule deciding wins and forbidden moves.
    #[serde(default)]
    pub rule: Rule,
    /// What a forbidden move by black does in renju.
    #[serde(default)]
    pub forbidden: ForbiddenMoves,
    /// The side that plays the first move.
    #[serde(default = "black")]
    pub first: Stone,
}

fn black() -> Stone {
    Stone::Black
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            size: DEFAULT_SIZE,
            rule: Rule::default(),
            forbidden: ForbiddenMoves::default(),
            first: Stone::Black,
        }
    }
}

impl GameConfig {
    /// The default set-up with `rule` (on the 15x15 board).
    #[must_use]
    pub fn with_rule(rule: Rule) -> GameConfig {
        GameConfig {
            rule,
            ..GameConfig::default()
        }
    }

    /// Checks that a game can be played with this set-up.
    ///
    /// # Errors
    /// [`ConfigError`] for an unplayable size or renju off 15x15.
    pub fn validate(&self) -> Result<(), ConfigError> {
        Board::new(self.size)?;
        match self.rule.required_size() {
            Some(size) if size != self.size => Err(ConfigError::RuleSize {
                rule: self.rule,
                size: self.size,
                required: size,
            }),
            _ => Ok(()),
        }
    }
}

/// A set-up no game can be played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum ConfigError {
    /// The board size is not playable.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// The rule needs another board size.
    #[error("{} is played on {required}x{required}, not {size}x{size}", rule.name())]
    RuleSize {
        /// The rule asked for.
        rule: Rule,
        /// The size asked for.
        size: u8,
        /// The size the rule is played on.
        required: u8,
    },
}

/// One stone played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Where it was played.
    pub point: Point,
    /// Who played it.
    pub stone: Stone,
    /// How long the player took over it, in milliseconds.
    #[serde(default)]
    pub time_ms: u64,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outcome {
    /// `stone` made a winning row: `line`, end to end.
    Win {
        /// The winner.
        stone: Stone,
        /// The winning stones.
        line: Vec<Point>,
    },
    /// The board filled up with no winner.
    Draw,
    /// Black, to move in renju with forbidden moves refused, has only
    /// forbidden points left: nobody can win by playing on, so the game is
    /// drawn (under [`ForbiddenMoves::Lose`] black would have to play one and
    /// lose instead).
    NoMoveLeft,
    /// `loser` resigned.
    Resign {
        /// The side that resigned.
        loser: Stone,
    },
    /// `loser` ran out of time.
    Timeout {
        /// The side whose time ran out.
        loser: Stone,
    },
    /// Black played a forbidden point (renju, tournament setting) and lost.
    ForbiddenMove {
        /// The forbidden point black played.
        point: Point,
        /// Why it was forbidden.
        kind: Forbidden,
    },
}

impl Outcome {
    /// The side that won, or `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Stone> {
        match self {
            Outcome::Win { stone, .. } => Some(*stone),
            Outcome::Draw | Outcome::NoMoveLeft => None,
            Outcome::Resign { loser } | Outcome::Timeout { loser } => Some(loser.opponent()),
            Outcome::ForbiddenMove { .. } => Some(Stone::White),
        }
    }
}

/// Why a move was refused. The game is unchanged after a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum IllegalMove {
    /// The point is outside the board.
    #[error("{point} is off the board")]
    OffBoard {
        /// The refused point.
        point: Point,
    },
    /// A stone is already there.
    #[error("{point} already holds a {stone} stone")]
    Occupied {
        /// The refused point.
        point: Point,
        /// The stone already there.
        stone: Stone,
    },
    /// Black may not play there in renju.
    #[error("{point} is forbidden for black: {kind}")]
    Forbidden {
        /// The refused point.
        point: Point,
        /// Why it is forbidden.
        kind: Forbidden,
    },
    /// The game has ended; undo to play on.
    #[error("the game is over")]
    GameOver,
    /// The opening rule does not allow this stone now.
    #[error(transparent)]
    Opening {
        /// Why not.
        error: OpeningError,
    },
}

/// A list of moves that is not a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum ReplayError {
    /// The set-up cannot be played.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The set-up stones cannot start a game.
    #[error(transparent)]
    Setup(SetupError),
    /// The opening cannot be played with this set-up, or its record does
    /// not follow its rule.
    #[error(transparent)]
    Opening(OpeningError),
    /// Move `index` (0-based) is illegal.
    #[error("move {}: {error}", index + 1)]
    Move {
        /// Which move, 0-based.
        index: usize,
        /// Why it is illegal.
        error: IllegalMove,
    },
    /// Move `index` (0-based) is played by the side not to move.
    #[error("move {}: {expected} is to move", index + 1)]
    OutOfTurn {
        /// Which move, 0-based.
        index: usize,
        /// The side whose turn it was.
        expected: Stone,
    },
}

/// A game in progress or over: the board, whose turn it is, the stones set
/// up before the first move (none in an ordinary game), the moves so far
/// with their times, the moves taken back (for redo) and the outcome.
///
/// The game keeps a clock for the side to move: [`Game::try_play`] stamps
/// each move with the time since the previous one (or since the start, or
/// the last undo). Use [`Game::try_play_timed`] to give the time yourself.
///
/// It serializes as its set-up and moves, and deserializes by replaying
/// them, so a saved game is always a legal one.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(into = "GameState", try_from = "GameState")]
pub struct Game {
    config: GameConfig,
    /// Stones on the board before the first move; undo never takes them.
    setup: Setup,
    /// The tournament opening the game began with, if any.
    opening: Option<Opening>,
    board: Board,
    moves: Vec<Move>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<Move>,
    outcome: Option<Outcome>,
    /// When the side to move started thinking.
    turn_started: Instant,
}

impl PartialEq for Game {
    /// Two games are equal when they are in the same state; the running
    /// clock of the move in progress is not part of it.
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.setup == other.setup
            && self.opening == other.opening
            && self.moves == other.moves
            && self.redo == other.redo
            && self.outcome == other.outcome
            && self.board == other.board
    }
}

impl Eq for Game {}

impl Default for Game {
    fn default() -> Self {
        Game::new(GameConfig::default())
    }
}

impl Game {
    /// A new game with an empty board.
    ///
    /// # Errors
    /// [`ConfigError`] when the size is not playable or the rule needs
    /// another size (renju is 15x15 only).
    pub fn with_config(config: GameConfig) -> Result<Game, ConfigError> {
        config.validate()?;
        let board = Board::new(config.size)?;
        Ok(Game {
            config,
            setup: Setup::default(),
            opening: None,
            board,
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            turn_started: Instant::now(),
        })
    }

    /// A new game; a set-up that cannot be played falls back to the default
    /// one (freestyle on 15x15) with the same first side.
    #[must_use]
    pub fn new(config: GameConfig) -> Game {
        Game::with_config(config).unwrap_or_else(|_| {
            let fallback = GameConfig {
                first: config.first,
                ..GameConfig::default()
            };
            Game {
                config: fallback,
                setup: Setup::default(),
                opening: None,
                board: Board::default(),
                moves: Vec::new(),
                redo: Vec::new(),
                outcome: None,
                turn_started: Instant::now(),
            }
        })
    }

    /// A new game from a set-up position: `setup`'s stones on the board and
    /// `config.first` to move.
    ///
    /// # Errors
    /// [`SetupError`] when the set-up cannot start a game (see
    /// [`Setup::board`]).
    pub fn with_setup(config: GameConfig, setup: Setup) -> Result<Game, SetupError> {
        let board = setup.board(&config)?;
        let mut game = Game {
            config,
            setup,
            opening: None,
            board,
            moves: Vec::new(),
            redo: Vec::new(),
            outcome: None,
            turn_started: Instant::now(),
        };
        // A set-up can leave black nothing to play from the start.
        if game.no_move_left() {
            game.outcome = Some(Outcome::NoMoveLeft);
        }
        Ok(game)
    }

    /// A game with `points` played in order, each checked as
    /// [`Game::try_play`] does, with no times.
    ///
    /// # Errors
    /// [`ReplayError`] for a bad set-up or the first illegal move.
    ///
    /// ```
    /// use wuzi_core::{parse_point, Game, GameConfig, Stone};
    /// let moves: Vec<_> = ["H8", "I9", "H9"].iter().map(|m| parse_point(m, 15).unwrap()).collect();
    /// let game = Game::from_moves(GameConfig::default(), &moves).unwrap();
    /// assert_eq!(game.to_move(), Stone::White);
    /// ```
    pub fn from_moves(config: GameConfig, points: &[Point]) -> Result<Game, ReplayError> {
        let mut game = Game::with_config(config)?;
        for (index, &point) in points.iter().enumerate() {
            game.try_play_timed(point, Duration::ZERO)
                .map_err(|error| ReplayError::Move { index, error })?;
        }
        Ok(game)
    }

    /// A game with `moves` played in order, keeping their times. Each must
    /// be by the side to move and legal.
    ///
    /// # Errors
    /// [`ReplayError`] for a bad set-up, a move out of turn, or the first
    /// illegal move.
    pub fn replay(config: GameConfig, moves: &[Move]) -> Result<Game, ReplayError> {
        Game::replay_from(config, &Setup::default(), moves)
    }

    /// [`Game::replay`] from the set-up position `setup`.
    ///
    /// # Errors
    /// [`ReplayError`] for a bad set-up, a move out of turn, or the first
    /// illegal move.
    pub fn replay_from(
        config: GameConfig,
        setup: &Setup,
        moves: &[Move],
    ) -> Result<Game, ReplayError> {
        let mut game = if setup.is_empty() {
            Game::with_config(config)?
        } else {
            Game::with_setup(config, setup.clone()).map_err(ReplayError::Setup)?
        };
        for (index, mv) in moves.iter().enumerate() {
            if mv.stone != game.to_move() {
                return Err(ReplayError::OutOfTurn {
                    index,
                    expected: game.to_move(),
                });
            }
            game.try_play_timed(mv.point, Duration::from_millis(mv.time_ms))
                .map_err(|error| ReplayError::Move { index, error })?;
        }
        Ok(game)
    }

    /// A new game on an empty board that begins with the tournament
    /// opening `rule` (see [`crate::opening`]).
    ///
    /// # Errors
    /// [`ReplayError::Config`] for an unplayable set-up,
    /// [`ReplayError::Opening`] when the opening is not played under the
    /// game's rule or the game does not start with black.
    pub fn with_opening(config: GameConfig, rule: OpeningRule) -> Result<Game, ReplayError> {
        if !rule.fits(config.rule) {
            return Err(ReplayError::Opening(OpeningError::WrongRule {
                opening: rule,
                rule: config.rule,
            }));
        }
        if config.first != Stone::Black {
            return Err(ReplayError::Opening(OpeningError::NotFromStart));
        }
        let mut game = Game::with_config(config)?;
        game.opening = Some(Opening::new(rule));
        Ok(game)
    }

    /// A game that began with the opening `opening` (its decisions and
    /// offers as recorded) and went on with `moves`: each decision is
    /// taken when the rule asks for it, each offer when offers are due,
    /// and the move after the offers must be one of them.
    ///
    /// # Errors
    /// [`ReplayError`] as [`Game::replay`], and [`ReplayError::Opening`]
    /// when the record does not follow its rule.
    pub fn replay_opening(
        config: GameConfig,
        opening: &Opening,
        moves: &[Move],
    ) -> Result<Game, ReplayError> {
        let fault = |what| {
            ReplayError::Opening(OpeningError::Record {
                rule: opening.rule,
                what,
            })
        };
        let mut game = Game::with_opening(config, opening.rule)?;
        let mut choices = opening.choices.iter();
        let mut offers = opening.offers.iter();
        let mut index = 0;
        loop {
            match game.opening_step() {
                OpeningStep::Choose { .. } | OpeningStep::Declare { .. } => match choices.next() {
                    Some(&choice) => game
                        .choose(choice)
                        .map_err(|_| fault(RecordFault::Choice))?,
                    None if index < moves.len() => return Err(fault(RecordFault::Move)),
                    None => break,
                },
                OpeningStep::Offer { .. } => match offers.next() {
                    Some(&point) => game.offer(point).map_err(|_| fault(RecordFault::Offers))?,
                    None if index < moves.len() => return Err(fault(RecordFault::Move)),
                    None => break,
                },
                step => {
                    let Some(mv) = moves.get(index) else { break };
                    if mv.stone != game.to_move() {
                        return Err(ReplayError::OutOfTurn {
                            index,
                            expected: game.to_move(),
                        });
                    }
                    let time = Duration::from_millis(mv.time_ms);
                    let played = if matches!(step, OpeningStep::Pick { .. }) {
                        game.pick_timed(mv.point, time)
                    } else {
                        game.try_play_timed(mv.point, time)
                    };
                    played.map_err(|error| ReplayError::Move { index, error })?;
                    index += 1;
                }
            }
        }
        if choices.next().is_some() {
            return Err(fault(RecordFault::Choice));
        }
        if offers.next().is_some() {
            return Err(fault(RecordFault::Offers));
        }
        Ok(game)
    }

    /// The tournament opening this game began with, if any, with the
    /// decisions taken so far.
    #[must_use]
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// What the opening asks for now; [`OpeningStep::Done`] once it is over
    /// or when the game has none.
    #[must_use]
    pub fn opening_step(&self) -> OpeningStep {
        match &self.opening {
            Some(opening) if !self.is_over() => opening.step(self.moves.len()),
            _ => OpeningStep::Done,
        }
    }

    /// Takes an opening decision: a choice of colour, Swap2's two more
    /// stones, or Soosõrv-8's number of fifth moves. The caller exchanges
    /// the players' colours on [`OpeningChoice::Swap`].
    ///
    /// # Errors
    /// [`OpeningError`] when the opening asks for no such decision now.
    pub fn choose(&mut self, choice: OpeningChoice) -> Result<(), OpeningError> {
        let moves = self.moves.len();
        if self.is_over() {
            return Err(OpeningError::NotAChoice);
        }
        let opening = self.opening.as_mut().ok_or(OpeningError::NotAChoice)?;
        opening.choose(choice, moves)?;
        // Moves taken back before a decision cannot come back after it.
        self.redo.clear();
        self.turn_started = Instant::now();
        Ok(())
    }

    /// Black offers `point` as a fifth move (Soosõrv-8).
    ///
    /// # Errors
    /// [`OpeningError`] when no offer is due, the point is taken, offered
    /// already or mirrors an offer, or black may not play there.
    pub fn offer(&mut self, point: Point) -> Result<(), OpeningError> {
        if self.is_over() {
            return Err(OpeningError::NotOffering);
        }
        let legal = !(self.board.contains(point)
            && self.config.rule == Rule::Renju
            && self.board.is_empty_at(point)
            && forbidden_kind(&self.board, point).is_some());
        let opening = self.opening.as_mut().ok_or(OpeningError::NotOffering)?;
        opening.offer(&self.board, point, legal)?;
        self.redo.clear();
        Ok(())
    }

    /// Takes back black's last fifth-move offer while white has not
    /// picked; returns it.
    pub fn withdraw_offer(&mut self) -> Option<Point> {
        let moves = self.moves.len();
        self.opening.as_mut()?.withdraw_offer(moves)
    }

    /// White picks the offered fifth move `point`: it is played as black's
    /// fifth move, timed by the game's clock.
    ///
    /// # Errors
    /// [`IllegalMove::Opening`] when no pick is due or the point was not
    /// offered.
    pub fn pick(&mut self, point: Point) -> Result<Move, IllegalMove> {
        let time = self.turn_started.elapsed();
        self.pick_timed(point, time)
    }

    /// [`Game::pick`] with the time white took given by the caller.
    ///
    /// # Errors
    /// As [`Game::pick`].
    pub fn pick_timed(&mut self, point: Point, time: Duration) -> Result<Move, IllegalMove> {
        let opening = self.opening.as_ref().ok_or(IllegalMove::Opening {
            error: OpeningError::NotOffering,
        })?;
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        opening
            .check_pick(point, self.moves.len())
            .map_err(|error| IllegalMove::Opening { error })?;
        let forbidden = self.check_board(point)?;
        let time_ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        self.redo.clear();
        Ok(self.place(point, time_ms, forbidden))
    }

    /// The set-up this game was started with.
    #[must_use]
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// The stones set up before the first move (empty in an ordinary
    /// game).
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The stones on the board now.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played so far, first to last.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Move> {
        self.moves.last()
    }

    /// The moves taken back that [`Game::redo`] would play again, the next
    /// one first.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        self.redo.iter().rev()
    }

    /// The side to move: the configured first side, then alternating.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            self.config.first
        } else {
            self.config.first.opponent()
        }
    }

    /// How many stones of `stone`'s colour are on the board.
    #[must_use]
    pub fn count(&self, stone: Stone) -> usize {
        self.board.count(stone)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The time `stone`'s side has spent on the moves now on the board.
    #[must_use]
    pub fn elapsed(&self, stone: Stone) -> Duration {
        let ms = self
            .moves
            .iter()
            .filter(|mv| mv.stone == stone)
            .map(|mv| mv.time_ms)
            .fold(0u64, u64::saturating_add);
        Duration::from_millis(ms)
    }

    /// How long the side to move has been thinking over this move.
    #[must_use]
    pub fn turn_elapsed(&self) -> Duration {
        self.turn_started.elapsed()
    }

    /// Sets the clock of the move in progress as if the side to move had
    /// been thinking for `elapsed` already: a game brought back from a save
    /// goes on with the time it had used on this move.
    pub fn resume_turn(&mut self, elapsed: Duration) {
        let now = Instant::now();
        self.turn_started = now.checked_sub(elapsed).unwrap_or(now);
    }

    /// Black's forbidden points when the rule is renju and black is to
    /// move; empty otherwise.
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.forbidden_applies() && !self.is_over() {
            forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    fn forbidden_applies(&self) -> bool {
        self.config.rule == Rule::Renju && self.to_move() == Stone::Black
    }

    /// Checks a move for the side to move without playing it. Under
    /// [`ForbiddenMoves::Lose`] a forbidden point passes: playing it loses.
    ///
    /// # Errors
    /// The [`IllegalMove`] that [`Game::try_play`] would return.
    pub fn check(&self, point: Point) -> Result<Option<Forbidden>, IllegalMove> {
        let forbidden = self.check_board(point)?;
        if let Some(opening) = &self.opening {
            opening
                .check_stone(point, self.moves.len(), self.board.size())
                .map_err(|error| IllegalMove::Opening { error })?;
        }
        Ok(forbidden)
    }

    /// [`Game::check`] without the opening's rule.
    fn check_board(&self, point: Point) -> Result<Option<Forbidden>, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.board.contains(point) {
            return Err(IllegalMove::OffBoard { point });
        }
        if let Some(stone) = self.board.stone_at(point) {
            return Err(IllegalMove::Occupied { point, stone });
        }
        let forbidden = if self.forbidden_applies() {
            forbidden_kind(&self.board, point)
        } else {
            None
        };
        match forbidden {
            Some(kind) if self.config.forbidden == ForbiddenMoves::Refuse => {
                Err(IllegalMove::Forbidden { point, kind })
            }
            _ => Ok(forbidden),
        }
    }

    /// Plays the side to move at `point`, timed by the game's clock.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is over, or the point is off the
    /// board, taken, or forbidden for black (renju, refuse setting); the
    /// game is left as it was.
    ///
    /// ```
    /// use wuzi_core::{Game, GameConfig, IllegalMove, Point};
    /// let mut game = Game::default();
    /// game.try_play(Point::new(7, 7)).unwrap();
    /// assert_eq!(
    ///     game.try_play(Point::new(15, 0)),
    ///     Err(IllegalMove::OffBoard { point: Point::new(15, 0) })
    /// );
    /// ```
    pub fn try_play(&mut self, point: Point) -> Result<Move, IllegalMove> {
        let time = self.turn_started.elapsed();
        self.try_play_timed(point, time)
    }

    /// [`Game::try_play`] with the time the player took given by the
    /// caller (kept in milliseconds).
    ///
    /// # Errors
    /// As [`Game::try_play`].
    pub fn try_play_timed(&mut self, point: Point, time: Duration) -> Result<Move, IllegalMove> {
        let forbidden = self.check(point)?;
        let time_ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        self.redo.clear();
        Ok(self.place(point, time_ms, forbidden))
    }

    /// Plays the side to move at `point` with no checks, for search: the
    /// outcome (win, draw) is still updated, the clock is not read and the
    /// move's time is 0.
    ///
    /// Bad input is not detected: a point off the board panics; an
    /// occupied point is overwritten (and left empty by a later undo); a
    /// renju forbidden point is played as an ordinary move; a move after
    /// the game is over replaces the outcome with this move's.
    pub fn play_unchecked(&mut self, point: Point) -> Move {
        self.redo.clear();
        self.place(point, 0, None)
    }

    fn place(&mut self, point: Point, time_ms: u64, forbidden: Option<Forbidden>) -> Move {
        let stone = self.to_move();
        self.board.set(point, Some(stone));
        let mv = Move {
            point,
            stone,
            time_ms,
        };
        self.moves.push(mv);
        self.outcome = if let Some(kind) = forbidden {
            Some(Outcome::ForbiddenMove { point, kind })
        } else if is_win(&self.board, self.config.rule, point) {
            winning_line(&self.board, self.config.rule, point)
                .map(|line| Outcome::Win { stone, line })
        } else if self.setup.len() + self.moves.len() >= self.board.area() {
            Some(Outcome::Draw)
        } else if self.no_move_left() {
            Some(Outcome::NoMoveLeft)
        } else {
            None
        };
        self.turn_started = Instant::now();
        mv
    }

    /// `stone`'s side resigns.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has already ended.
    pub fn resign(&mut self, stone: Stone) -> Result<(), IllegalMove> {
        self.end(Outcome::Resign { loser: stone })
    }

    /// `stone`'s side ran out of time: it loses.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game has already ended.
    pub fn timeout(&mut self, stone: Stone) -> Result<(), IllegalMove> {
        self.end(Outcome::Timeout { loser: stone })
    }

    fn end(&mut self, outcome: Outcome) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        self.outcome = Some(outcome);
        Ok(())
    }

    /// Whether [`Game::undo`] would change anything.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.moves.len() > self.settled_moves() || self.outcome.is_some()
    }

    /// The moves undo cannot take back: those the opening's decisions have
    /// made final (none in a game without an opening).
    #[must_use]
    pub fn settled_moves(&self) -> usize {
        self.opening
            .as_ref()
            .map_or(0, |opening| opening.settled_moves(self.moves.len()))
    }

    /// Takes back the last move, keeping it for [`Game::redo`], and reopens
    /// the game if it had ended (a resignation or timeout with no move to
    /// take back is just withdrawn). Returns the move taken back.
    pub fn undo(&mut self) -> Option<Move> {
        self.outcome = None;
        if self.moves.len() <= self.settled_moves() {
            return None;
        }
        let mv = self.moves.pop()?;
        self.board.set(mv.point, None);
        self.redo.push(mv);
        self.turn_started = Instant::now();
        Some(mv)
    }

    /// Whether [`Game::redo`] would play a move.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty() && !self.is_over()
    }

    /// Plays again the last move taken back, with its time, and returns it.
    /// `None` when there is nothing to redo or the game is over.
    pub fn redo(&mut self) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let mv = self.redo.pop()?;
        let rest = std::mem::take(&mut self.redo);
        match self.try_play_timed(mv.point, Duration::from_millis(mv.time_ms)) {
            Ok(played) => {
                self.redo = rest;
                Some(played)
            }
            // Only a hand-edited saved game can get here; its redo list is
            // no good past this point.
            Err(_) => None,
        }
    }

    /// Changes what a forbidden move does, mid-game. Refusing them can
    /// leave black with no move at all: that ends the game
    /// ([`Outcome::NoMoveLeft`]); letting them be played again reopens it.
    pub fn set_forbidden_moves(&mut self, forbidden: ForbiddenMoves) {
        self.config.forbidden = forbidden;
        if self.outcome.is_none() && self.no_move_left() {
            self.outcome = Some(Outcome::NoMoveLeft);
        } else if self.outcome == Some(Outcome::NoMoveLeft) && !self.no_move_left() {
            self.outcome = None;
        }
    }

    /// Whether black is to move with forbidden moves refused and every
    /// empty point forbidden. Near any real game's end only: the first
    /// empty point that is not forbidden settles it, and most are not.
    fn no_move_left(&self) -> bool {
        let size = self.board.size();
        self.forbidden_applies()
            && self.config.forbidden == ForbiddenMoves::Refuse
            && (0..size)
                .flat_map(|x| (0..size).map(move |y| Point::new(x, y)))
                .filter(|&point| self.board.is_empty_at(point))
                .all(|point| forbidden_kind(&self.board, point).is_some())
    }
}

/// The serialized form of a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct GameState {
    config: GameConfig,
    /// Stones set up before the first move.
    #[serde(default, skip_serializing_if = "Setup::is_empty")]
    setup: Setup,
    moves: Vec<Move>,
    /// Moves taken back, the next to redo first.
    #[serde(default)]
    redo: Vec<Move>,
    /// A resignation or timeout; other outcomes follow from the moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ending: Option<Outcome>,
    /// The tournament opening and its decisions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    opening: Option<Opening>,
}

impl From<Game> for GameState {
    fn from(game: Game) -> Self {
        let ending = match game.outcome {
            Some(outcome @ (Outcome::Resign { .. } | Outcome::Timeout { .. })) => Some(outcome),
            _ => None,
        };
        let mut redo = game.redo;
        redo.reverse();
        GameState {
            config: game.config,
            setup: game.setup,
            moves: game.moves,
            redo,
            ending,
            opening: game.opening,
        }
    }
}

impl TryFrom<GameState> for Game {
    type Error = ReplayError;

    fn try_from(state: GameState) -> Result<Self, Self::Error> {
        let mut game = match &state.opening {
            Some(opening) => Game::replay_opening(state.config, opening, &state.moves)?,
            None => Game::replay_from(state.config, &state.setup, &state.moves)?,
        };
        game.redo = state.redo;
        game.redo.reverse();
        if let Some(outcome @ (Outcome::Resign { .. } | Outcome::Timeout { .. })) = state.ending {
            // Ignored when the moves already ended the game.
            let _ = game.end(outcome);
        }
        Ok(game)
    }
}
