//! The position editor's commands: check a set-up as it is being made,
//! analyse it, save it and export it. Playing it is a [`crate::NewGame`]
//! with its `setup`.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use wuzi_core::record::{self, GameRecord};
use wuzi_core::{ForbiddenMoves, Game, GameConfig, Point, Rule, Setup, SetupError, Stone};
use wuzi_engine::{Engine, Limits, Position, SolveLimits, ThreatMark, WinKind};

use crate::session::{Mode, Seat, Session};
use crate::view::ForbiddenView;
use crate::{AppError, Exported, Reason, SaveView, Service, now_ms};

/// A position as the editor has it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PositionAsk {
    /// Lines each way.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// The side to move.
    pub to_move: Stone,
    /// The stones.
    #[serde(default)]
    pub setup: Setup,
    /// The order the stones were played in, when it is known (a position
    /// taken from a game): then the move lists (`psq`, `moves`) can hold it.
    #[serde(default)]
    pub moves: Option<Vec<Point>>,
}

impl PositionAsk {
    /// The game `moves` make from the empty board, when they are exactly
    /// this position: the same stones, the same side to move.
    fn played(&self) -> Result<Game, AppError> {
        let moves = self
            .moves
            .as_deref()
            .ok_or_else(|| no_move_order("a move list"))?;
        let board = board_of(self)?;
        let first = moves
            .first()
            .and_then(|&p| board.stone_at(p))
            .unwrap_or(self.to_move);
        let config = GameConfig {
            first,
            ..self.config()
        };
        let game = Game::from_moves(config, moves)
            .map_err(|e| AppError::BadArgument(format!("the order given is not a game: {e}")))?;
        if game.board() != &board || game.to_move() != self.to_move || game.is_over() {
            return Err(AppError::BadArgument(
                "the order given does not make this position".into(),
            ));
        }
        Ok(game)
    }

    fn config(&self) -> GameConfig {
        GameConfig {
            size: self.size,
            rule: self.rule,
            forbidden: ForbiddenMoves::default(),
            first: self.to_move,
        }
    }

    /// The game this position starts, or why it cannot start one.
    fn game(&self) -> Result<Game, AppError> {
        Game::with_setup(self.config(), self.setup.clone()).map_err(|error| AppError::Position {
            error,
            size: self.size,
        })
    }
}

/// What the editor shows about the position as it stands.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PositionCheck {
    /// Why no game can start from it, or `None` when one can.
    pub problem: Option<Reason>,
    /// The same in English, for logs and anything without the codes.
    pub message: Option<String>,
    /// Black's forbidden points (renju), whichever side is to move: the
    /// editor marks them as the position is built.
    pub forbidden: Vec<ForbiddenView>,
    /// Black stones.
    pub black_count: usize,
    /// White stones.
    pub white_count: usize,
}

/// A win by threats found in a position.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ThreatWinView {
    /// `fours` (every attacking move a four) or `threats` (fours and
    /// threes).
    pub kind: &'static str,
    /// The line, both sides in turn: for `fours` ending with the five or a
    /// four that cannot be stopped; for `threats` played out with the
    /// defender's toughest answers the solver finds, until a win by fours
    /// finishes it.
    pub line: Vec<Point>,
    /// The attacker's forcing moves before the five can no longer be
    /// stopped.
    pub attacker_moves: usize,
}

/// The engine's judgement of a position.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PositionAnalysis {
    /// The side to move.
    pub to_move: Stone,
    /// Its chance to win, 0 to 1.
    pub win_chance: f32,
    /// The best move.
    pub best: Point,
    /// The best line, starting with `best`.
    pub pv: Vec<Point>,
    /// A win by fours, or by fours and threes, for the side to move.
    pub win: Option<ThreatWinView>,
    /// The other side's win by threats if it were its move: what the side
    /// to move must stop.
    pub threat: Option<ThreatWinView>,
}

/// How long the editor's analysis searches the position.
const ANALYSE_LIMITS: Limits = Limits::millis(1500);

/// How long each threat search may take, and its node budget.
const THREAT_TIME: Duration = Duration::from_millis(700);
const THREAT_NODES: u64 = 3_000_000;

/// The deepest win by fours and threes looked for, in attacking moves.
const THREAT_DEPTH: u32 = 12;

impl ThreatWinView {
    /// The solver's win `win` in `pos` as the UI reads it, a win by threes
    /// played out move by move, each search of it within `limits`.
    pub(crate) fn played(
        pos: &Position,
        win: &wuzi_engine::ThreatWin,
        limits: SolveLimits,
        stop: &AtomicBool,
    ) -> ThreatWinView {
        ThreatWinView {
            kind: match win.kind {
                WinKind::Fours => "fours",
                WinKind::Threats => "threats",
            },
            attacker_moves: win.attacker_moves(),
            line: wuzi_engine::played_out(pos, win, limits, stop),
        }
    }
}

fn threat_view(pos: &Position, stop: &AtomicBool) -> Option<ThreatWinView> {
    let win = wuzi_engine::threat_win(pos, THREAT_DEPTH, THREAT_NODES, THREAT_TIME, stop)?;
    let limits = SolveLimits::new(THREAT_NODES / 4, THREAT_TIME / 4);
    Some(ThreatWinView::played(pos, &win, limits, stop))
}

impl Service {
    /// Checks a position being set up: whether a game can start from it
    /// and, for renju, black's forbidden points on it.
    ///
    /// # Errors
    /// None for a position: its problems are the answer. `bad_argument`
    /// only for a board size no board has.
    pub fn check_position(&self, ask: &PositionAsk) -> Result<PositionCheck, AppError> {
        let placed = match board_of(ask) {
            Ok(board) => Some(board),
            Err(AppError::Position { .. }) => None,
            Err(other) => return Err(other),
        };
        let problem = ask.setup.board(&ask.config()).err();
        let forbidden = if let Some(board) =
            placed.filter(|_| ask.rule == Rule::Renju && ask.size == wuzi_core::DEFAULT_SIZE)
        {
            ForbiddenView::all(&board)
        } else {
            Vec::new()
        };
        Ok(PositionCheck {
            problem: problem.map(|e| Reason::of_setup(e, ask.size)),
            message: problem.map(|e| e.to_string()),
            forbidden,
            black_count: ask.setup.black.len(),
            white_count: ask.setup.white.len(),
        })
    }

    /// The coach's marks on a position: at every empty point, the threat
    /// each side would make there, and black's forbidden points in renju.
    /// Any arrangement of stones is read, a finished game's too.
    ///
    /// # Errors
    /// `bad_argument` for a size no board has, `bad_position` for stones
    /// off the board or two on one point.
    pub fn coach_marks(&self, ask: &PositionAsk) -> Result<Vec<CoachMark>, AppError> {
        let board = board_of(ask)?;
        Ok(wuzi_engine::threat_marks(&board, ask.rule)
            .into_iter()
            .map(|t| CoachMark {
                x: t.point.x,
                y: t.point.y,
                stone: t.stone,
                mark: t.mark.map(|m| match m {
                    ThreatMark::Three => "three",
                    ThreatMark::Four => "four",
                    ThreatMark::DoubleThree => "double_three",
                    ThreatMark::FourThree => "four_three",
                    ThreatMark::OpenFour => "open_four",
                    ThreatMark::Five => "five",
                }),
                forbidden: t.forbidden,
            })
            .collect())
    }

    /// The engine's view of a position: the chance of the side to move,
    /// its best line, and any win by threats for either side. Runs as an
    /// analysis: `stop_analysis` ends it early with what it has.
    ///
    /// # Errors
    /// `bad_position` when no game can start from it, `busy` while another
    /// analysis runs, `no_move` when the side to move has no legal point.
    pub fn analyse_position(&self, ask: &PositionAsk) -> Result<PositionAnalysis, AppError> {
        let game = ask.game()?;
        let pos = Position::from_game(&game, ask.rule);
        let analysing = self.begin_analysis()?;
        let stop = &analysing.stop;
        let win = threat_view(&pos, stop);
        // A side that wins need not fear the other's threats.
        let threat = if win.is_some() {
            None
        } else {
            let other = Position::from_board(pos.board().clone(), ask.rule, ask.to_move.opponent());
            threat_view(&other, stop)
        };
        let mut engine = Engine::new();
        let result = engine.evaluate(&pos, ANALYSE_LIMITS, stop)?;
        // The search and the threat search agree on a win; where only the
        // threat search proved one, its line is the better answer.
        let (best, pv) = match &win {
            Some(w) if result.win_chance < 1.0 => (w.line[0], w.line.clone()),
            _ => (result.best, result.pv.clone()),
        };
        let win_chance = if win.is_some() {
            1.0
        } else {
            result.win_chance
        };
        Ok(PositionAnalysis {
            to_move: ask.to_move,
            win_chance,
            best,
            pv,
            win,
            threat,
        })
    }

    /// Saves a position as a named save of a game between two people (the
    /// open profile and a guest), without touching the game on the board.
    /// Answers the saves as listed after.
    ///
    /// # Errors
    /// `bad_position`, `exists` (unless `overwrite`), `bad_name`,
    /// `no_profile`, or the store's error.
    pub fn save_position(
        &self,
        ask: &PositionAsk,
        name: &str,
        overwrite: bool,
    ) -> Result<Vec<SaveView>, AppError> {
        let game = ask.game()?;
        self.with_profile(|store, id| {
            let me = Seat::of_profile(&store.profile(id)?);
            let mut session = Session::new(game, Mode::HumanHuman, me, Seat::guest(""));
            session.saved = true;
            let meta = session.save_meta();
            let saved = session.to_saved();
            Ok(store.save(id, name, &meta, &saved, overwrite)?)
        })?;
        tracing::info!(stones = ask.setup.len(), "position saved");
        self.list_saves()
    }

    /// A position as `format`: `sgf` (stones in `AB` and `AW`, the side to
    /// move in `PL`) or `json`; the move lists (`psq`, `moves`) only when
    /// the order the stones were played in is given and makes the position.
    ///
    /// # Errors
    /// `bad_position`, or `bad_argument` for another format.
    pub fn export_position(&self, ask: &PositionAsk, format: &str) -> Result<Exported, AppError> {
        let game = ask.game()?;
        let record = GameRecord::from_game(&game);
        let (text, kind, extension) = match format {
            "sgf" => (record::sgf::write(&record), "SGF", "sgf"),
            "json" => (record::json::write(&record), "Wuzi (JSON)", "json"),
            "psq" | "moves" if ask.moves.is_none() => return Err(no_move_order(format)),
            "psq" => (
                record::psq::write(&GameRecord::from_game(&ask.played()?)),
                "PSQ (Piskvork)",
                "psq",
            ),
            "moves" => {
                let played = ask.played()?;
                let points: Vec<Point> = played.moves().iter().map(|m| m.point).collect();
                (
                    record::movestr::write(&points, ask.size),
                    "Move string",
                    "txt",
                )
            }
            other => {
                return Err(AppError::BadArgument(format!(
                    "unknown format {other:?}: a position is exported as sgf, json, psq or moves"
                )));
            }
        };
        Ok(Exported {
            text,
            file_name: format!("wuzi-position-{}.{extension}", now_ms()),
            kind,
            extension,
        })
    }
}

/// The stones of `ask` on a board, each on the board and on a point of its
/// own; nothing else is checked.
fn board_of(ask: &PositionAsk) -> Result<wuzi_core::Board, AppError> {
    let mut board = wuzi_core::Board::new(ask.size)
        .map_err(|e| AppError::BadArgument(format!("{e}: the editor's board has 5 to 26 lines")))?;
    for (point, stone) in ask.setup.stones() {
        let error = if !board.contains(point) {
            SetupError::OffBoard { point }
        } else if board.stone_at(point).is_some() {
            SetupError::Twice { point }
        } else {
            board.set(point, Some(stone));
            continue;
        };
        return Err(AppError::Position {
            error,
            size: ask.size,
        });
    }
    Ok(board)
}

/// One side's threat at one point, as the coach draws it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CoachMark {
    /// Column.
    pub x: u8,
    /// Row.
    pub y: u8,
    /// The side that would play there.
    pub stone: Stone,
    /// `three`, `four`, `double_three`, `four_three`, `open_four` (an open
    /// four or two fours) or `five`; `null` for a renju point forbidden to
    /// black that makes none of these.
    pub mark: Option<&'static str>,
    /// Why black may not play there (renju).
    pub forbidden: Option<wuzi_core::Forbidden>,
}

/// The error for a move-list format asked to hold set-up stones.
pub(crate) fn no_move_order(format: &str) -> AppError {
    AppError::BadArgument(format!(
        "a position set up stone by stone has no order of moves, which {format} needs: \
         export it as SGF or JSON"
    ))
}
