//! The computer's moves and hints.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use serde::Serialize;
use std::time::{Duration, Instant};
use wuzi_core::Point;
use wuzi_core::opening::Wanted;

use wuzi_core::TimeControl;
use wuzi_engine::{Level, Limits, OpeningMove, Position, Progress, move_time};

use crate::session::Session;

use crate::service::lock;
use crate::{AppError, GameView, Service};

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
    /// The game's generation the hint is for: the UI draws it only while
    /// the game is still at that generation.
    pub generation: u64,
}

/// The level's limits, cut to what the computer's clock allows: a move's
/// limit with room to spare, or a share of the time left (plus most of the
/// increment) for the moves still to come, so it never loses on time.
fn within_clock(session: &Session, level: Level) -> Limits {
    let mut limits = level.limits();
    let stone = session.game.to_move();
    let empty = session.game.board().area() - session.game.moves().len();
    let budget = match session.time_control {
        TimeControl::None => return limits,
        TimeControl::PerMove { move_ms } => {
            // A fifth of the move, at least 150 ms, is kept back: the
            // search stops within milliseconds of its budget, but a busy
            // phone may not run it for a while.
            let turn = Duration::from_millis(move_ms);
            turn.saturating_sub((turn / 5).max(Duration::from_millis(150)))
        }
        TimeControl::SuddenDeath { .. } => move_time(None, session.time_left(stone), empty),
        TimeControl::Fischer { increment_ms, .. } => {
            let left = session.time_left(stone).unwrap_or_default();
            let share =
                move_time(None, Some(left), empty) + Duration::from_millis(increment_ms) * 3 / 4;
            // Never more than half of what is left in one move.
            share.min(left / 2)
        }
    };
    limits.time = limits.time.min(budget);
    limits
}

/// The most the computer thinks over one step of an opening: each step
/// weighs a handful of positions, and a player waits through several.
const OPENING_TIME: Duration = Duration::from_secs(2);

/// What a search works on, taken from the game in one look.
#[derive(Debug)]
pub(crate) struct SearchTask {
    pub(crate) position: Position,
    /// The game, when the computer acts in its opening rather than
    /// playing a move.
    pub(crate) opening: Option<wuzi_core::Game>,
    pub(crate) generation: u64,
    pub(crate) stop: Arc<AtomicBool>,
}

impl Service {
    /// The position, level and stop flag for the computer's turn, all taken
    /// while the game is locked: any change after this raises `stop`.
    pub(crate) fn computer_turn(&self) -> Result<(SearchTask, Level, Limits), AppError> {
        let mut session = self.session();
        let level = session.ai_to_move().ok_or(AppError::NotAiTurn)?;
        let rule = session.game.config().rule;
        let task = SearchTask {
            position: Position::from_game(&session.game, rule),
            opening: session.in_opening().then(|| session.game.clone()),
            generation: session.generation,
            stop: self.ai_stop.renew(),
        };
        session.search_started = Some(Instant::now());
        let limits = within_clock(&session, level);
        Ok((task, level, limits))
    }

    /// The computer plays its move, telling `on_progress` how its search
    /// goes. The move is applied only if the game did not change meanwhile.
    ///
    /// # Errors
    /// `not_ai_turn` when a person is to move; `stale` when the game changed
    /// during the search (nothing changes then).
    pub fn ai_move(&self, on_progress: impl Fn(&ProgressView)) -> Result<GameView, AppError> {
        let (task, level, limits) = self.computer_turn()?;
        if let Some(game) = &task.opening {
            return self.ai_opening(game, &task, limits.time.min(OPENING_TIME));
        }
        let found = {
            let mut engine = lock(&self.engine);
            engine.play(&task.position, level, limits, &task.stop, |p| {
                on_progress(&ProgressView::from(p));
            })?
        };
        let mut session = self.session();
        if session.generation != task.generation {
            return Err(AppError::Stale);
        }
        // Planned within its clock, the computer does not overrun it; if
        // the machine stalled so badly that it did, the flag falls as for
        // anyone.
        if session.settle_clock() {
            return Ok(self.commit(session));
        }
        let thought = session.running();
        session.play_timed(found.best, thought)?;
        Ok(self.commit(session))
    }

    /// The computer's action in the opening of `game`: the decision is
    /// the engine's ([`wuzi_engine::decide_opening`]), applied only if the
    /// game did not change meanwhile.
    fn ai_opening(
        &self,
        game: &wuzi_core::Game,
        task: &SearchTask,
        time: Duration,
    ) -> Result<GameView, AppError> {
        let action = {
            let mut engine = lock(&self.engine);
            wuzi_engine::decide_opening(&mut engine, game, Limits::time(time), &task.stop)?
        };
        let mut session = self.session();
        if session.generation != task.generation {
            return Err(AppError::Stale);
        }
        if session.settle_clock() {
            return Ok(self.commit(session));
        }
        tracing::info!(?action, "computer's opening step");
        match action {
            // A stone, an offer or a pick is a tap on the board, as the
            // person's are.
            OpeningMove::Place(point) | OpeningMove::Offer(point) | OpeningMove::Pick(point) => {
                session.play(point)?;
            }
            OpeningMove::Choose(choice) => session.choose(choice)?,
        }
        Ok(self.commit(session))
    }

    /// Tells the thinking computer to play its best move now.
    pub fn stop_ai(&self) {
        self.ai_stop.raise();
    }

    /// The position and stop flag for a hint, taken while the game is locked.
    pub(crate) fn hint_task(&self) -> Result<SearchTask, AppError> {
        let session = self.session();
        if session.game.is_over() {
            return Err(AppError::NoMove(wuzi_engine::NoMove::GameOver));
        }
        // A hint is a stone: black's fifth-move offers are stones to
        // suggest, but a decision or white's pick among the offers is not.
        match session.game.opening_step().wanted() {
            None | Some(Wanted::Offers) => {}
            Some(wanted) => return Err(wuzi_core::OpeningError::NotAStone { wanted }.into()),
        }
        Ok(SearchTask {
            position: Position::from_game(&session.game, session.game.config().rule),
            opening: None,
            generation: session.generation,
            stop: self.hint_stop.renew(),
        })
    }

    /// The engine's best move for the side to move, searched at the Normal
    /// level's time on an engine of its own, telling `on_progress` how the
    /// search goes. A move, undo, new game or `stop_hint` ends it.
    ///
    /// # Errors
    /// `no_move` when the game is over; `cancelled` when it was stopped
    /// (by `stop_hint`, or by a change to the game) before it was found.
    pub fn hint(&self, on_progress: impl Fn(&ProgressView)) -> Result<Hint, AppError> {
        let task = self.hint_task()?;
        let found = {
            let mut engine = lock(&self.hint_engine);
            engine.best_move(&task.position, Level::Normal.limits(), &task.stop, |p| {
                on_progress(&ProgressView::from(p));
            })?
        };
        if task.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(AppError::Cancelled("the hint was stopped"));
        }
        if self.session().generation != task.generation {
            return Err(AppError::Stale);
        }
        Ok(Hint {
            best: found.best,
            win_chance: found.win_chance,
            pv: found.pv,
            generation: task.generation,
        })
    }

    /// Ends the hint being searched, if any.
    pub fn stop_hint(&self) {
        self.hint_stop.raise();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use wuzi_core::{Game, Point};

    use super::*;
    use crate::NewGame;
    use crate::session::{Mode, Seat};

    fn computer_game(clock: TimeControl, moves: &[(u8, u8, u64)]) -> Session {
        let mut game = Game::default();
        for &(x, y, ms) in moves {
            game.try_play_timed(Point::new(x, y), Duration::from_millis(ms))
                .expect("a legal move");
        }
        let seat = Seat::Ai {
            level: Level::Master,
        };
        let mut session = Session::new(game, Mode::AiAi, seat.clone(), seat);
        session.time_control = clock;
        session
    }

    /// The computer's search is cut to its clock, never lengthened: a
    /// fifth of a move's limit (at least 150 ms) kept back, an eighth or
    /// less of the time left in a game, half of it at most with an
    /// increment; without a clock, the level's own time.
    #[test]
    fn the_search_fits_the_computers_clock() {
        let ms = Duration::from_millis;
        let time = |clock, moves: &[(u8, u8, u64)]| {
            within_clock(&computer_game(clock, moves), Level::Master).time
        };
        assert_eq!(time(TimeControl::None, &[]), ms(5000));
        assert_eq!(time(TimeControl::PerMove { move_ms: 1000 }, &[]), ms(800));
        assert_eq!(time(TimeControl::PerMove { move_ms: 500 }, &[]), ms(350));
        assert_eq!(
            time(TimeControl::PerMove { move_ms: 60_000 }, &[]),
            ms(5000)
        );
        // Black has used 50 of its 60 s: at most an eighth of the 10 s left.
        let sudden = TimeControl::SuddenDeath { main_ms: 60_000 };
        let used = [(7, 7, 50_000), (8, 8, 1000)];
        assert!(time(sudden, &used) <= ms(1250));
        assert!(time(sudden, &used) >= ms(200));
        // With an increment, most of it is used, but never more than half
        // of what is left: here 10 s - 9 s + 2 s = 3 s.
        let fischer = TimeControl::Fischer {
            main_ms: 10_000,
            increment_ms: 2000,
        };
        let used = [(7, 7, 9000), (8, 8, 1000)];
        assert_eq!(time(fischer, &used), ms(1500));
    }

    /// The computer's search and its stop flag come from one look at the
    /// game: a change right after that look stops the search, so it never
    /// runs its whole budget for a game that is gone.
    #[test]
    fn a_change_just_after_the_computer_starts_stops_its_search() {
        let dir = tempfile::tempdir().expect("a temp folder");
        let service = Service::open(Some(dir.path().to_path_buf()), false);
        let ask = NewGame {
            mode: Some(crate::Mode::HumanAi),
            human_stone: Some(wuzi_core::Stone::White),
            black_level: Some("master".into()),
            ..NewGame::default()
        };
        for change in ["undo", "new game", "restart", "resign"] {
            service.new_game(&ask).expect("a game against Master");
            let (task, level, _) = service.computer_turn().expect("the computer's turn");
            assert_eq!(level, Level::Master);
            assert!(!task.stop.load(Ordering::Relaxed));
            match change {
                "undo" => drop(service.undo()),
                "new game" => drop(service.new_game(&ask)),
                "restart" => drop(service.restart()),
                _ => drop(service.resign()),
            }
            assert!(
                task.stop.load(Ordering::Relaxed),
                "{change} raised the stop flag of the search that had just begun"
            );
        }
    }
}
