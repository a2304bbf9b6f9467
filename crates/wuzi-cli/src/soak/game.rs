//! One game of a soak, played through the service's commands exactly as
//! the UI sends them, with every stone the service answers checked against
//! a separate copy of the rules as it appears.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use wuzi_core::{Game, GameConfig, Outcome, Point, Stone, point_name};
use wuzi_engine::{Engine, Level, Limits, Position};
use wuzi_session::{AppError, Door, Service};

use super::plan::{GamePlan, Sides};

/// More calls than any tournament opening's decisions take (Soosõrv-8:
/// up to four colour choices, the number of fifth moves, the offers and
/// the pick; Swap2: three).
const OPENING_DECISIONS: usize = 32;

/// The soak's door: nobody watches the progress, and no file is asked
/// for (the soak sends no command that would).
#[derive(Debug)]
pub struct QuietDoor;

impl Door for QuietDoor {
    fn progress(&self, _message: Value) {}

    fn pick_file_to_open(&self) -> Result<Option<PathBuf>, AppError> {
        Ok(None)
    }

    fn pick_file_to_save(
        &self,
        _file_name: &str,
        _kind: &str,
        _extension: &str,
    ) -> Result<Option<PathBuf>, AppError> {
        Ok(None)
    }
}

/// Time spent on moves of one kind.
#[derive(Debug, Clone, Copy, Default)]
pub struct MoveTimes {
    /// Moves timed.
    pub count: usize,
    /// Their time together.
    pub total: Duration,
    /// The longest.
    pub longest: Duration,
}

impl MoveTimes {
    fn add(&mut self, time: Duration) {
        self.count += 1;
        self.total += time;
        self.longest = self.longest.max(time);
    }

    /// Adds `other`'s moves to these.
    pub fn merge(&mut self, other: &MoveTimes) {
        self.count += other.count;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }
}

/// How one game went, as seen from outside the service.
#[derive(Debug, Clone, Default)]
pub struct Played {
    /// The game's id in the replay log, from the last answer.
    pub replay_id: Option<String>,
    /// How it ended, in the replay log's words (`black_win`, `draw`, ...).
    pub result: Option<&'static str>,
    /// The person's result (`win`, `loss`, `draw`) in a game against the
    /// computer, which the stats count.
    pub person_outcome: Option<&'static str>,
    /// Every stone in order.
    pub moves: Vec<Point>,
    /// Moves the rules refuse: off the board, on a stone, out of turn,
    /// after the end, or forbidden for black where forbidden points are
    /// refused.
    pub illegal: Vec<String>,
    /// Forbidden points black played where playing one loses: allowed by
    /// the rules, but the engine promises never to play one.
    pub forbidden: Vec<String>,
    /// Anything else that went wrong: a command that failed, an answer
    /// that contradicts the rules or itself.
    pub faults: Vec<String>,
    /// Whether the service refused the 19x19 board for renju, when asked.
    pub refused_renju_19: Option<bool>,
    /// The service's computer's moves, from `ai_move` to its answer.
    pub computer: MoveTimes,
    /// The person's moves: the soak's engine thinking and `play` answering.
    pub person: MoveTimes,
    /// In a game with a tournament opening, whether the computers played
    /// it through to its end with the game still on.
    pub opening_done: bool,
}

/// Why a game was stopped before its end.
enum Stop {
    /// An illegal move, already noted.
    Illegal,
    /// Anything else.
    Fault(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Fault(message)
    }
}

/// Runs `command` through the service's one entry, as the UI's doors do.
fn call(service: &Service, command: &str, args: Value) -> Result<Value, String> {
    service
        .dispatch(command, args, &QuietDoor)
        .map_err(|err| format!("{command}: {} ({err})", err.kind()))
}

/// The service and the engine that clicks for the person, kept from game
/// to game as the app keeps them.
#[derive(Debug)]
pub struct Table<'a> {
    service: &'a Service,
    budget: Duration,
    person_engine: Engine,
}

impl<'a> Table<'a> {
    /// A table on `service`, each move cut to `budget`.
    #[must_use]
    pub fn new(service: &'a Service, budget: Duration) -> Table<'a> {
        Table {
            service,
            budget,
            person_engine: Engine::new(),
        }
    }

    /// Plays `plan` to its end. A game stopped by a fault is resigned, so
    /// the replay log still holds one entry for it.
    pub fn play_game(&mut self, plan: &GamePlan) -> Played {
        let mut played = Played::default();
        let mut rules = match Game::with_config(GameConfig {
            size: plan.size,
            rule: plan.rule,
            forbidden: plan.forbidden,
            first: Stone::Black,
        }) {
            Ok(game) => game,
            Err(err) => {
                played.faults.push(format!("the plan's set-up: {err}"));
                return played;
            }
        };
        self.person_engine.clear();
        self.person_engine.seed(plan.seed);
        match self.drive(plan, &mut rules, &mut played) {
            Ok(view) => {
                if let Err(fault) = finish(&view, &rules, plan, &mut played) {
                    played.faults.push(fault);
                }
            }
            Err(stop) => {
                if let Stop::Fault(fault) = stop {
                    played.faults.push(fault);
                }
                self.abandon(plan, &mut played);
            }
        }
        played
    }

    /// Ends a stopped game by resigning, and notes how the service ended it.
    fn abandon(&self, plan: &GamePlan, played: &mut Played) {
        let view = call(self.service, "resign", json!({}))
            .or_else(|_| call(self.service, "game_view", json!({})));
        match view {
            Ok(view) if !view["outcome"].is_null() => {
                if let Err(fault) = record_end(&view, plan, played) {
                    played.faults.push(fault);
                }
            }
            Ok(_) => played
                .faults
                .push("the stopped game could not be ended".into()),
            Err(fault) => played.faults.push(fault),
        }
    }

    /// Sets the game up, plays it out and answers the last view.
    fn drive(
        &mut self,
        plan: &GamePlan,
        rules: &mut Game,
        played: &mut Played,
    ) -> Result<Value, Stop> {
        if plan.asked_size != plan.size {
            played.refused_renju_19 = Some(self.board_is_refused(plan)?);
        }
        let config = json!({
            "mode": "human_human",
            "rule": plan.rule,
            "size": plan.size,
            "forbiddenMoves": plan.forbidden,
            "timeControl": plan.clock,
            "first": "black",
            "opening": plan.tournament,
        });
        let mut view = call(self.service, "new_game", json!({ "config": config }))?;
        observe(&view, rules, played)?;
        for point in &plan.opening {
            view = call(self.service, "play", json!({ "x": point.x, "y": point.y }))?;
            observe(&view, rules, played)?;
        }
        let (computer_sides, person) = match plan.sides {
            Sides::Computers { black, white } => {
                (vec![(Stone::Black, black), (Stone::White, white)], None)
            }
            Sides::PersonAgainst {
                person,
                person_level,
                computer,
            } => (
                vec![(person.opponent(), computer)],
                Some((person, person_level)),
            ),
        };
        for (stone, level) in computer_sides {
            let player = json!({ "kind": "ai", "level": level.name() });
            view = call(
                self.service,
                "set_player",
                json!({ "stone": stone, "player": player }),
            )?;
        }
        if view["mode"] != plan.sides.mode() {
            return Err(Stop::Fault(format!(
                "the sides were handed over, but the mode is {}",
                view["mode"]
            )));
        }
        // Every move fills a point, so a game that goes on longer than the
        // board has points is stuck; a tournament opening's decisions
        // (colours, the number of fifth moves, offers, the pick) place no
        // stone, so a game played to a full board takes a few calls more.
        let most = usize::from(plan.size) * usize::from(plan.size) + 1 + OPENING_DECISIONS;
        for _ in 0..most {
            if !view["outcome"].is_null() {
                return Ok(view);
            }
            view = if view["ai_to_move"] == true {
                let started = Instant::now();
                let answer = self.computer_move()?;
                played.computer.add(started.elapsed());
                answer
            } else {
                let Some((stone, level)) = person else {
                    return Err(Stop::Fault(
                        "a person is to move in a computers' game".into(),
                    ));
                };
                if rules.to_move() != stone {
                    return Err(Stop::Fault(format!(
                        "the computer is not to move, but {} is",
                        rules.to_move()
                    )));
                }
                let started = Instant::now();
                let answer = self.person_move(rules, level)?;
                played.person.add(started.elapsed());
                answer
            };
            observe(&view, rules, played)?;
            if view["outcome"].is_null() && view["opening"]["step"]["kind"] == "done" {
                played.opening_done = true;
            }
        }
        Err(Stop::Fault(format!("no end after {most} moves")))
    }

    /// Asks for renju on `plan.asked_size` (19x19): the rules allow renju
    /// on 15x15 only, and the service must say so rather than start it.
    fn board_is_refused(&self, plan: &GamePlan) -> Result<bool, Stop> {
        let config = json!({ "rule": plan.rule, "size": plan.asked_size });
        match self
            .service
            .dispatch("new_game", json!({ "config": config }), &QuietDoor)
        {
            Err(err) if err.kind() == "bad_config" => Ok(true),
            Err(err) => Err(Stop::Fault(format!(
                "new_game on {0}x{0}: {err}",
                plan.asked_size
            ))),
            Ok(_) => Err(Stop::Fault(format!(
                "{:?} was started on {1}x{1}",
                plan.rule, plan.asked_size
            ))),
        }
    }

    /// The computer's move, with "play now" (`stop_ai`, the game panel's
    /// button) sent once the budget is spent, as a player in a hurry would.
    /// It is sent again each budget after, in case the search had not yet
    /// begun when the first one came.
    fn computer_move(&self) -> Result<Value, String> {
        let (finished, wait) = mpsc::channel::<()>();
        let service = self.service;
        let budget = self.budget;
        std::thread::scope(|scope| {
            scope.spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(budget) {
                    // A "play now" that comes after the move finds no
                    // search: nothing to report.
                    let _ = service.dispatch("stop_ai", json!({}), &QuietDoor);
                }
            });
            let answer = call(service, "ai_move", json!({}));
            drop(finished);
            answer
        })
    }

    /// The person's move: the soak's own engine picks it within the budget
    /// from the position the rules copy holds, and `play` places it.
    fn person_move(&mut self, rules: &Game, level: Level) -> Result<Value, String> {
        let position = Position::from_game(rules, rules.config().rule);
        let never = AtomicBool::new(false);
        let found = self
            .person_engine
            .play(&position, level, Limits::time(self.budget), &never, |_| {})
            .map_err(|err| format!("the person's engine found no move: {err}"))?;
        call(
            self.service,
            "play",
            json!({ "x": found.best.x, "y": found.best.y }),
        )
    }
}

/// A stone of a view's `stones`.
fn stone_of(value: &Value) -> Result<(Point, Stone), String> {
    let coordinate = |name: &str| {
        value[name]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| format!("a stone without a {name}: {value}"))
    };
    let stone = match value["stone"].as_str() {
        Some("black") => Stone::Black,
        Some("white") => Stone::White,
        _ => return Err(format!("a stone of no colour: {value}")),
    };
    Ok((Point::new(coordinate("x")?, coordinate("y")?), stone))
}

/// Takes the stones of `view` that are new to `rules` and plays them
/// there, noting any the rules refuse; the stones already known must be
/// unchanged.
fn observe(view: &Value, rules: &mut Game, played: &mut Played) -> Result<(), Stop> {
    let stones = view["stones"]
        .as_array()
        .ok_or_else(|| format!("an answer without stones: {view}"))?;
    let known = rules.moves().len();
    if stones.len() < known {
        return Err(Stop::Fault(format!(
            "{} stones on the board after {known}, with no undo",
            stones.len()
        )));
    }
    for (value, mv) in stones.iter().zip(rules.moves()) {
        if stone_of(value)? != (mv.point, mv.stone) {
            return Err(Stop::Fault(format!("stone {value} changed from {:?}", mv)));
        }
    }
    let size = rules.board().size();
    let new = stones.get(known..).unwrap_or_default();
    for (index, value) in (known..).zip(new) {
        let (point, stone) = stone_of(value)?;
        let name = point_name(point, size);
        let number = index + 1;
        if stone != rules.to_move() {
            played.illegal.push(format!(
                "move {number}: {stone} at {name} when {} was to move",
                rules.to_move()
            ));
            return Err(Stop::Illegal);
        }
        match rules.check(point) {
            Err(err) => {
                played
                    .illegal
                    .push(format!("move {number}: {stone} at {name}: {err}"));
                return Err(Stop::Illegal);
            }
            Ok(Some(kind)) => played
                .forbidden
                .push(format!("move {number}: black at {name}: {kind}")),
            Ok(None) => {}
        }
        rules
            .try_play_timed(point, Duration::ZERO)
            .map_err(|err| format!("move {number} passed the check but not the play: {err}"))?;
        played.moves.push(point);
    }
    Ok(())
}

/// The winner a view names.
fn winner_of(view: &Value) -> Option<Stone> {
    match view["outcome"]["winner"].as_str() {
        Some("black") => Some(Stone::Black),
        Some("white") => Some(Stone::White),
        _ => None,
    }
}

/// Checks the service's verdict on the finished game against the rules
/// copy's, then notes how it ended.
fn finish(view: &Value, rules: &Game, plan: &GamePlan, played: &mut Played) -> Result<(), String> {
    let kind = view["outcome"]["kind"].as_str().unwrap_or("");
    let winner = winner_of(view);
    let agrees = match (kind, rules.outcome()) {
        ("five", Some(Outcome::Win { stone, .. })) => winner == Some(stone),
        ("draw", Some(Outcome::Draw)) | ("no_move_left", Some(Outcome::NoMoveLeft)) => {
            winner.is_none()
        }
        ("forbidden", Some(Outcome::ForbiddenMove { .. })) => winner == Some(Stone::White),
        // The rules copy keeps no clock: only the service knows when a flag
        // fell, and then the game must still be on by the rules.
        ("timeout", None) => winner.is_some(),
        _ => false,
    };
    if !agrees {
        return Err(format!(
            "the service ended the game as {kind} ({winner:?}), the rules say {:?}",
            rules.outcome()
        ));
    }
    record_end(view, plan, played)
}

/// Notes how the service says the game ended, and where it logged it.
fn record_end(view: &Value, plan: &GamePlan, played: &mut Played) -> Result<(), String> {
    let winner = winner_of(view);
    let kind = view["outcome"]["kind"].as_str().unwrap_or("");
    played.result = Some(match (kind, winner) {
        ("five", Some(Stone::Black)) => "black_win",
        ("five", Some(Stone::White)) => "white_win",
        ("draw", _) => "draw",
        ("resign", _) => "resign",
        ("timeout", _) => "timeout",
        ("forbidden", _) => "forbidden_move",
        _ => {
            return Err(format!(
                "an ending the soak does not know: {}",
                view["outcome"]
            ));
        }
    });
    if let Sides::PersonAgainst { person, .. } = plan.sides {
        played.person_outcome = Some(match winner {
            None => "draw",
            Some(w) if w == person => "win",
            Some(_) => "loss",
        });
    }
    played.replay_id = Some(
        view["replay_id"]
            .as_str()
            .ok_or_else(|| format!("a finished game with no replay id: {}", view["outcome"]))?
            .to_string(),
    );
    Ok(())
}
