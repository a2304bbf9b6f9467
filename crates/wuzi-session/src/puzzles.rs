//! Solving puzzles: the player plays the attacker, the engine the
//! strongest defence; any move that keeps a win of the puzzle's kind is
//! accepted (the solver checks it, no stored line is matched), a move that
//! lets the win go is refuted on the board. Each finished attempt counts in
//! the open profile's progress. A puzzle runs beside the game on the board
//! and never touches it.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use wuzi_core::{IllegalMove, Point, Rule, Stone, forbidden_kind};
use wuzi_engine::{Engine, Limits, Position, PositionError, SolveLimits};
use wuzi_store::{PuzzleAttempt, PuzzleProgress};

use crate::puzzle_set::{Puzzle, PuzzleKind, shipped};
use crate::service::lock;
use crate::view::{ForbiddenView, StoneView};
use crate::{AppError, Service, now_ms};

/// What each check of a move may spend: a player waits for it.
const MOVE_LIMITS: SolveLimits = SolveLimits::new(400_000, Duration::from_millis(1500));

/// How many more attacking moves a win may take than the shortest: any
/// winning line is accepted, not only the shortest, within reason.
const SLACK: u32 = 4;

/// How hard puzzles are, as the filter names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// Two or three forcing moves.
    Easy,
    /// Four to six.
    Medium,
    /// Seven or more.
    Hard,
}

impl Difficulty {
    fn of(length: u32) -> Difficulty {
        match length {
            0..=3 => Difficulty::Easy,
            4..=6 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }
}

/// Which puzzles to list.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct PuzzleFilter {
    /// Only this rule.
    pub rule: Option<Rule>,
    /// Only this kind.
    pub kind: Option<PuzzleKind>,
    /// Only this difficulty.
    pub difficulty: Option<Difficulty>,
}

/// One puzzle in the list.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PuzzleItem {
    /// Its id.
    pub id: String,
    /// The rule.
    pub rule: Rule,
    /// Fours or threats.
    pub kind: PuzzleKind,
    /// Forcing moves in the shortest win.
    pub length: u32,
    /// Its difficulty.
    pub difficulty: Difficulty,
    /// The attacker.
    pub to_move: Stone,
    /// Solved by this profile.
    pub solved: bool,
    /// Solved at the first attempt with no wrong move and no hint.
    pub first_try: bool,
}

/// The profile's progress as the puzzle screen shows it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PuzzleProgressView {
    /// Puzzles solved.
    pub solved: usize,
    /// Puzzles in the set.
    pub total: usize,
    /// Clean solves in a row.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// The rating.
    pub rating: i32,
}

impl PuzzleProgressView {
    fn of(progress: &PuzzleProgress) -> PuzzleProgressView {
        PuzzleProgressView {
            solved: progress.solved(),
            total: shipped().len(),
            streak: progress.streak,
            best_streak: progress.best_streak,
            rating: progress.rating,
        }
    }
}

/// The list and the progress.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleList {
    /// The puzzles the filter lets through, by rule, kind and length.
    pub puzzles: Vec<PuzzleItem>,
    /// The profile's progress; `None` with no profile open.
    pub progress: Option<PuzzleProgressView>,
}

/// Where an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleStatus {
    /// The player is to move.
    Solving,
    /// The win is reached: a five, or a four that cannot be stopped.
    Solved,
    /// A move let the win go; `refutation` shows how.
    Failed,
}

/// The puzzle being solved, as the screen draws it.
#[derive(Debug, Clone, Serialize)]
pub struct PuzzleView {
    /// The puzzle's id.
    pub id: String,
    /// The rule.
    pub rule: Rule,
    /// Fours or threats.
    pub kind: PuzzleKind,
    /// Forcing moves in the shortest win.
    pub length: u32,
    /// The attacker: the player's side.
    pub attacker: Stone,
    /// Lines each way (15).
    pub size: u8,
    /// The puzzle's stones.
    pub setup: Vec<StoneView>,
    /// The moves since, numbered from 1.
    pub stones: Vec<StoneView>,
    /// The side to move.
    pub to_move: Stone,
    /// The last move.
    pub last: Option<Point>,
    /// Black's forbidden points (renju, black to move).
    pub forbidden: Vec<ForbiddenView>,
    /// Where the attempt stands.
    pub status: PuzzleStatus,
    /// The defence's last answer.
    pub reply: Option<Point>,
    /// After a wrong move: the defender's escape.
    pub refutation: Vec<Point>,
    /// A hint asked for: a first move of a win from here.
    pub hint: Option<Point>,
    /// Whether this attempt still counts as clean (no wrong move, no hint).
    pub clean: bool,
    /// The profile's progress, after this attempt is counted.
    pub progress: Option<PuzzleProgressView>,
}

/// An attempt in progress.
#[derive(Debug, Clone)]
pub(crate) struct PuzzleRun {
    puzzle: Puzzle,
    start: Position,
    pos: Position,
    moves: Vec<(Point, Stone)>,
    status: PuzzleStatus,
    reply: Option<Point>,
    refutation: Vec<Point>,
    hint: Option<Point>,
    clean: bool,
    counted: bool,
    progress: Option<PuzzleProgressView>,
}

impl PuzzleRun {
    fn new(puzzle: &Puzzle, clean: bool) -> Result<PuzzleRun, AppError> {
        let start = puzzle
            .position()
            .map_err(|e| AppError::Internal(e.to_string()))?;
        Ok(PuzzleRun {
            puzzle: puzzle.clone(),
            pos: start.clone(),
            start,
            moves: Vec::new(),
            status: PuzzleStatus::Solving,
            reply: None,
            refutation: Vec::new(),
            hint: None,
            clean,
            counted: false,
            progress: None,
        })
    }

    fn allowance(&self) -> u32 {
        let used = u32::try_from(self.moves.len().div_ceil(2)).unwrap_or(u32::MAX);
        (self.puzzle.length + SLACK).saturating_sub(used)
    }

    fn play(&mut self, point: Point) -> Result<(), AppError> {
        let stone = self.pos.to_move();
        self.pos.play(point).map_err(|e| illegal(&self.pos, e))?;
        self.moves.push((point, stone));
        Ok(())
    }

    fn view(&self) -> PuzzleView {
        let stone_view = |(p, stone): (Point, Stone), number: usize| StoneView {
            x: p.x,
            y: p.y,
            stone,
            number,
        };
        let setup = self
            .start
            .board()
            .stones()
            .map(|s| stone_view(s, 0))
            .collect();
        let stones = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, &m)| stone_view(m, i + 1))
            .collect();
        let forbidden = if self.puzzle.rule == Rule::Renju
            && self.pos.to_move() == Stone::Black
            && self.status == PuzzleStatus::Solving
        {
            ForbiddenView::all(self.pos.board())
        } else {
            Vec::new()
        };
        PuzzleView {
            id: self.puzzle.id.clone(),
            rule: self.puzzle.rule,
            kind: self.puzzle.kind,
            length: self.puzzle.length,
            attacker: self.puzzle.to_move,
            size: self.pos.board().size(),
            setup,
            stones,
            to_move: self.pos.to_move(),
            last: self.moves.last().map(|&(p, _)| p),
            forbidden,
            status: self.status,
            reply: self.reply,
            refutation: self.refutation.clone(),
            hint: self.hint,
            clean: self.clean,
            progress: self.progress.clone(),
        }
    }
}

/// A move the rules refuse, as the game's own refusal.
fn illegal(pos: &Position, error: PositionError) -> AppError {
    match error {
        PositionError::Occupied(point) => AppError::IllegalMove(IllegalMove::Occupied {
            point,
            stone: pos.board().stone_at(point).unwrap_or(Stone::Black),
        }),
        PositionError::Forbidden(point) => match forbidden_kind(pos.board(), point) {
            Some(kind) => AppError::IllegalMove(IllegalMove::Forbidden { point, kind }),
            None => AppError::IllegalMove(IllegalMove::OffBoard { point }),
        },
        PositionError::OffBoard(point) => AppError::IllegalMove(IllegalMove::OffBoard { point }),
        PositionError::GameOver | PositionError::Size(_) => {
            AppError::IllegalMove(IllegalMove::GameOver)
        }
    }
}

/// How hard `puzzle` is on the rating's scale: longer wins, and wins with
/// threes (where the defender has choices), are harder.
fn difficulty(puzzle: &Puzzle) -> i32 {
    let by_threes = if puzzle.kind == PuzzleKind::Threats {
        150
    } else {
        0
    };
    700 + 100 * i32::try_from(puzzle.length).unwrap_or(20) + by_threes
}

fn find(id: &str) -> Result<&'static Puzzle, AppError> {
    shipped()
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| AppError::NotFound(format!("puzzle {id}")))
}

impl Service {
    /// The puzzles `filter` lets through, with the profile's progress.
    ///
    /// # Errors
    /// The store's error when the progress cannot be read.
    pub fn list_puzzles(&self, filter: &PuzzleFilter) -> Result<PuzzleList, AppError> {
        let progress = match self.with_profile(|store, id| Ok(store.puzzle_progress(id)?)) {
            Ok((progress, notices)) => {
                self.add_notices(&notices);
                Some(progress)
            }
            Err(AppError::NoProfile | AppError::NoStore(_)) => None,
            Err(e) => return Err(e),
        };
        let puzzles = shipped()
            .iter()
            .filter(|p| filter.rule.is_none_or(|r| r == p.rule))
            .filter(|p| filter.kind.is_none_or(|k| k == p.kind))
            .filter(|p| {
                filter
                    .difficulty
                    .is_none_or(|d| d == Difficulty::of(p.length))
            })
            .map(|p| {
                let record = progress.as_ref().and_then(|g| g.puzzles.get(&p.id));
                PuzzleItem {
                    id: p.id.clone(),
                    rule: p.rule,
                    kind: p.kind,
                    length: p.length,
                    difficulty: Difficulty::of(p.length),
                    to_move: p.to_move,
                    solved: record.is_some_and(|r| r.solved),
                    first_try: record.is_some_and(|r| r.first_try),
                }
            })
            .collect();
        Ok(PuzzleList {
            puzzles,
            progress: progress.as_ref().map(PuzzleProgressView::of),
        })
    }

    /// Starts puzzle `id` afresh.
    ///
    /// # Errors
    /// `not_found` for an id the set does not have.
    pub fn start_puzzle(&self, id: &str) -> Result<PuzzleView, AppError> {
        let run = PuzzleRun::new(find(id)?, true)?;
        let view = run.view();
        *lock(&self.puzzle) = Some(run);
        Ok(view)
    }

    /// The puzzle being solved, from its start again; a retry no longer
    /// counts as a first attempt.
    ///
    /// # Errors
    /// `not_found` when no puzzle is open.
    pub fn retry_puzzle(&self) -> Result<PuzzleView, AppError> {
        let mut slot = lock(&self.puzzle);
        let run = slot
            .as_ref()
            .ok_or_else(|| AppError::NotFound("no puzzle is open".into()))?;
        let mut next = PuzzleRun::new(&run.puzzle, false)?;
        next.progress = run.progress.clone();
        let view = next.view();
        *slot = Some(next);
        Ok(view)
    }

    /// A first move of a win from the position on the puzzle's board; the
    /// attempt is no longer clean.
    ///
    /// # Errors
    /// `not_found` with no puzzle open, `game_over` once it is finished.
    pub fn puzzle_hint(&self) -> Result<PuzzleView, AppError> {
        let mut run = self.current_puzzle()?;
        let stop = AtomicBool::new(false);
        let win = wuzi_engine::shortest_win(
            &run.pos,
            run.puzzle.kind.win_kind(),
            run.allowance().max(1),
            MOVE_LIMITS,
            &stop,
        );
        run.hint = win.and_then(|w| w.line.first().copied());
        run.clean = false;
        Ok(self.keep_puzzle(run))
    }

    /// Plays the player's move in the puzzle and the defence's answer.
    ///
    /// # Errors
    /// `not_found` with no puzzle open; `game_over` once it is finished;
    /// the rules' refusal (`occupied`, `forbidden`, `off_board`), after
    /// which nothing has changed.
    pub fn puzzle_move(&self, x: i64, y: i64) -> Result<PuzzleView, AppError> {
        let mut run = self.current_puzzle()?;
        let point = match (u8::try_from(x), u8::try_from(y)) {
            (Ok(x), Ok(y)) if x < run.pos.board().size() && y < run.pos.board().size() => {
                Point::new(x, y)
            }
            _ => {
                return Err(AppError::OutOfRange {
                    x,
                    y,
                    size: run.pos.board().size(),
                });
            }
        };
        let attacker = run.puzzle.to_move;
        let kind = run.puzzle.kind.win_kind();
        run.play(point)?;
        run.hint = None;
        run.reply = None;
        let stop = AtomicBool::new(false);
        let unstoppable = || {
            wuzi_engine::attacker_still_wins(
                &run.pos,
                wuzi_engine::WinKind::Fours,
                0,
                MOVE_LIMITS,
                &stop,
            )
        };
        if run.pos.winner() == Some(attacker) || unstoppable() {
            // A five, or one that can no longer be stopped (two to come,
            // or the only block forbidden to black).
            run.status = PuzzleStatus::Solved;
        } else if wuzi_engine::attacker_still_wins(
            &run.pos,
            kind,
            run.allowance(),
            MOVE_LIMITS,
            &stop,
        ) {
            match wuzi_engine::toughest_defence(&run.pos, kind, run.allowance(), MOVE_LIMITS, &stop)
            {
                Some(answer) => {
                    run.play(answer)?;
                    run.reply = Some(answer);
                }
                // No answer to try: in renju, black's only block is
                // forbidden. The win is there.
                None => run.status = PuzzleStatus::Solved,
            }
        } else {
            run.status = PuzzleStatus::Failed;
            run.clean = false;
            run.refutation = refutation(&run.pos, kind, run.allowance(), &stop);
            if let Some(&escape) = run.refutation.first() {
                run.play(escape)?;
                run.reply = Some(escape);
            }
        }
        if run.status != PuzzleStatus::Solving && !run.counted {
            run.counted = true;
            run.progress = self.count_puzzle(&run);
        }
        Ok(self.keep_puzzle(run))
    }

    fn current_puzzle(&self) -> Result<PuzzleRun, AppError> {
        let run = lock(&self.puzzle)
            .clone()
            .ok_or_else(|| AppError::NotFound("no puzzle is open".into()))?;
        if run.status != PuzzleStatus::Solving {
            return Err(AppError::IllegalMove(IllegalMove::GameOver));
        }
        Ok(run)
    }

    /// Keeps `run` as the puzzle being solved, unless another was started
    /// meanwhile; answers its view.
    fn keep_puzzle(&self, run: PuzzleRun) -> PuzzleView {
        let view = run.view();
        let mut slot = lock(&self.puzzle);
        if slot
            .as_ref()
            .is_some_and(|open| open.puzzle.id == run.puzzle.id)
        {
            *slot = Some(run);
        }
        view
    }

    /// Counts the finished attempt in the open profile's progress; `None`
    /// when there is no profile or it cannot be written (the player is
    /// told, and the puzzle still shows its end).
    fn count_puzzle(&self, run: &PuzzleRun) -> Option<PuzzleProgressView> {
        let attempt = PuzzleAttempt {
            puzzle: run.puzzle.id.clone(),
            difficulty: difficulty(&run.puzzle),
            solved: run.status == PuzzleStatus::Solved,
            clean: run.clean,
            at_ms: now_ms(),
        };
        match self.with_profile(|store, id| Ok(store.record_puzzle(id, &attempt)?)) {
            Ok((progress, notices)) => {
                self.add_notices(&notices);
                Some(PuzzleProgressView::of(&progress))
            }
            Err(AppError::NoProfile | AppError::NoStore(_)) => None,
            Err(err) => {
                tracing::warn!(error = %err, "puzzle progress not kept");
                self.tell(
                    err.kind(),
                    format!("The puzzle's result was not kept: {err}"),
                );
                None
            }
        }
    }
}

/// How the defender escapes after a wrong move: the answer after which the
/// attacker has no win of the puzzle's kind left (the toughest defence), or
/// the engine's best answer when no defence stands out.
fn refutation(
    pos: &Position,
    kind: wuzi_engine::WinKind,
    max: u32,
    stop: &AtomicBool,
) -> Vec<Point> {
    wuzi_engine::toughest_defence(pos, kind, max, MOVE_LIMITS, stop)
        .or_else(|| {
            let mut engine = Engine::with_memory(4 << 20);
            engine
                .evaluate(pos, Limits::millis(400), stop)
                .ok()
                .map(|r| r.best)
        })
        .into_iter()
        .collect()
}
