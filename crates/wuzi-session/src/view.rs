//! What the UI draws, built fresh from the session on every answer.

use serde::Serialize;
use wuzi_core::{
    Forbidden, ForbiddenMoves, OpeningChoice, OpeningRule, OpeningStep, Outcome, Point, Rule,
    Stone, TimeControl,
};

use crate::session::{Mode, Seat, Session};

/// One stone as the UI draws it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct StoneView {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
    /// Its colour.
    pub stone: Stone,
    /// 1 for the first move of the game.
    pub number: usize,
}

/// A point black may not play, and why.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ForbiddenView {
    /// Column.
    pub x: u8,
    /// Row.
    pub y: u8,
    /// Why.
    pub kind: Forbidden,
}

impl ForbiddenView {
    /// Black's forbidden points on `board`, row by row, with their reasons.
    pub(crate) fn all(board: &wuzi_core::Board) -> Vec<ForbiddenView> {
        wuzi_core::forbidden_points_with_kind(board)
            .into_iter()
            .map(|(p, kind)| ForbiddenView {
                x: p.x,
                y: p.y,
                kind,
            })
            .collect()
    }
}

/// How the game ended, as the game-over dialog tells it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OutcomeView {
    /// `five`, `draw`, `resign`, `timeout` or `forbidden`.
    pub kind: &'static str,
    /// The winner, or `None` for a draw.
    pub winner: Option<Stone>,
    /// The forbidden point black played, for `forbidden`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<Point>,
    /// Why it was forbidden, for `forbidden`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forbidden_kind: Option<Forbidden>,
}

/// One side's player as the UI shows it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PlayerView {
    /// `human` or `ai`.
    pub kind: &'static str,
    /// A person's name, or the level's.
    pub name: String,
    /// The computer's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
    /// The profile that plays this side, when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
}

/// Both players.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PlayersView {
    /// Black's player.
    pub black: PlayerView,
    /// White's player.
    pub white: PlayerView,
}

/// Time used and left on each side, and whose clock runs.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ClockView {
    /// Black's time, in milliseconds.
    pub black_ms: u64,
    /// White's time, in milliseconds.
    pub white_ms: u64,
    /// The side whose clock runs, or `None` once the game is over.
    pub running: Option<Stone>,
    /// The game's time control.
    pub control: TimeControl,
    /// Black's time left at this answer, with a time control.
    pub black_left_ms: Option<u64>,
    /// White's time left at this answer, with a time control.
    pub white_left_ms: Option<u64>,
    /// The UI warns when a clock has this much time left or less.
    pub warn_ms: Option<u64>,
}

/// Games won by each side between these two players in this run of the app.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub struct Score {
    /// Games black won.
    pub black: u32,
    /// Games white won.
    pub white: u32,
    /// Drawn games.
    pub draws: u32,
}

/// A tournament opening as the game panel walks the players through it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OpeningView {
    /// `swap`, `swap2` or `soosorv8`.
    pub rule: OpeningRule,
    /// What is asked now (`kind`: `place`, `choose`, `declare`, `offer`,
    /// `pick` or `done`), with the colour of the player who must act
    /// (`actor`), the choices open (`options`), the square a stone must go
    /// in (`area`), the most fifth moves to ask for (`max`) or how many to
    /// offer (`count`).
    pub step: StepView,
    /// The decisions taken so far, in order: `stay`, `swap`, `place_two`
    /// or `{ "declare": n }`.
    pub choices: Vec<OpeningChoice>,
    /// Black's fifth-move offers (Soosõrv-8); once white has picked, the
    /// fifth move is one of them.
    pub offers: Vec<Point>,
    /// Whether the player who opened now holds white.
    pub swapped: bool,
    /// The stones the opening has made final: undo never takes them.
    pub settled: usize,
}

/// An opening step with its choices spelt out for the UI.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct StepView {
    /// The step.
    #[serde(flatten)]
    pub step: OpeningStep,
    /// For `choose`: the choices, in the order to show them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<wuzi_core::opening::ChoiceKind>,
}

impl OpeningView {
    fn of(game: &wuzi_core::Game) -> Option<OpeningView> {
        let opening = game.opening()?;
        let step = game.opening_step();
        let choices = match step {
            OpeningStep::Choose { options, .. } => options.kinds().to_vec(),
            _ => Vec::new(),
        };
        let offers = opening.offers.clone();
        Some(OpeningView {
            rule: opening.rule,
            step: StepView { step, choices },
            choices: opening.choices.clone(),
            offers,
            swapped: opening.colours_swapped(),
            settled: game.settled_moves(),
        })
    }
}

/// Everything the UI needs to draw the game, complete on every answer so the
/// UI never keeps game state of its own.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// Changes with every change to the game.
    pub generation: u64,
    /// Lines each way.
    pub size: u8,
    /// The rule.
    pub rule: Rule,
    /// What a forbidden move does.
    pub forbidden_moves: ForbiddenMoves,
    /// Who plays whom.
    pub mode: Mode,
    /// The players.
    pub players: PlayersView,
    /// The stones set up before the first move (number 0), for a game from
    /// a set-up position.
    pub setup: Vec<StoneView>,
    /// The stones in the order they were played.
    pub stones: Vec<StoneView>,
    /// The side to move.
    pub to_move: Stone,
    /// The point of the last move, for the last-move marker.
    pub last: Option<Point>,
    /// How the game ended, once it has.
    pub outcome: Option<OutcomeView>,
    /// The winning stones.
    pub winning_line: Vec<Point>,
    /// Black's forbidden points (renju, black to move).
    pub forbidden: Vec<ForbiddenView>,
    /// Black stones on the board.
    pub black_count: usize,
    /// White stones on the board.
    pub white_count: usize,
    /// Whether undo would take back a move.
    pub can_undo: bool,
    /// Whether redo would play a move again.
    pub can_redo: bool,
    /// The computer is to move: the UI asks it to.
    pub ai_to_move: bool,
    /// The game clock.
    pub clock: ClockView,
    /// This pairing's score.
    pub score: Score,
    /// The save slot the game came from or was saved to.
    pub save_name: Option<String>,
    /// Once the game is over and logged: its id in the replay log.
    pub replay_id: Option<String>,
    /// The game has moves, is not over and is in no save as it stands:
    /// the UI asks before replacing it.
    pub unsaved: bool,
    /// The tournament opening, when the game began with one.
    pub opening: Option<OpeningView>,
}

fn player(seat: &Seat, side: Stone) -> PlayerView {
    match seat {
        Seat::Human { name, profile } => PlayerView {
            kind: "human",
            name: name.clone(),
            level: None,
            profile: profile.clone(),
        },
        Seat::Ai { level } => PlayerView {
            kind: "ai",
            name: seat.display_name(side),
            level: Some(level.name()),
            profile: None,
        },
    }
}

fn outcome(outcome: &Outcome) -> OutcomeView {
    let (kind, point, forbidden_kind) = match outcome {
        Outcome::Win { .. } => ("five", None, None),
        Outcome::Draw => ("draw", None, None),
        Outcome::NoMoveLeft => ("no_move_left", None, None),
        Outcome::Resign { .. } => ("resign", None, None),
        Outcome::Timeout { .. } => ("timeout", None, None),
        Outcome::ForbiddenMove { point, kind } => ("forbidden", Some(*point), Some(*kind)),
    };
    OutcomeView {
        kind,
        winner: outcome.winner(),
        point,
        forbidden_kind,
    }
}

fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl GameView {
    /// The view of `session` as it stands, with `score` for its pairing.
    #[must_use]
    pub(crate) fn of(session: &Session, score: Score) -> GameView {
        let game = &session.game;
        let stones = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, mv)| StoneView {
                x: mv.point.x,
                y: mv.point.y,
                stone: mv.stone,
                number: i + 1,
            })
            .collect();
        let setup = game
            .setup()
            .stones()
            .map(|(p, stone)| StoneView {
                x: p.x,
                y: p.y,
                stone,
                number: 0,
            })
            .collect();
        let config = game.config();
        let over = game.is_over();
        let forbidden = if config.rule == Rule::Renju && !over && game.to_move() == Stone::Black {
            ForbiddenView::all(game.board())
        } else {
            Vec::new()
        };
        // No clock runs during a tournament opening.
        let running = (!over && !session.in_opening()).then(|| game.to_move());
        let mut black_ms = millis(game.elapsed(Stone::Black) + session.flag_spent(Stone::Black));
        let mut white_ms = millis(game.elapsed(Stone::White) + session.flag_spent(Stone::White));
        let thinking = millis(session.running());
        match running {
            Some(Stone::Black) => black_ms += thinking,
            Some(Stone::White) => white_ms += thinking,
            None => {}
        }
        let ended = game.outcome();
        let winning_line = match &ended {
            Some(Outcome::Win { line, .. }) => line.clone(),
            _ => Vec::new(),
        };
        GameView {
            generation: session.generation,
            size: game.board().size(),
            rule: config.rule,
            forbidden_moves: config.forbidden,
            mode: session.mode,
            players: PlayersView {
                black: player(&session.black, Stone::Black),
                white: player(&session.white, Stone::White),
            },
            setup,
            stones,
            to_move: game.to_move(),
            last: game.last_move().map(|mv| mv.point),
            outcome: ended.as_ref().map(outcome),
            winning_line,
            forbidden,
            black_count: game.count(Stone::Black),
            white_count: game.count(Stone::White),
            can_undo: session.can_undo(),
            can_redo: game.can_redo(),
            ai_to_move: session.ai_to_move().is_some(),
            clock: ClockView {
                black_ms,
                white_ms,
                running,
                control: session.time_control,
                black_left_ms: session.time_left(Stone::Black).map(millis),
                white_left_ms: session.time_left(Stone::White).map(millis),
                warn_ms: session.time_control.warning().map(millis),
            },
            score,
            save_name: session.save_name.clone(),
            replay_id: session.replay_id.clone(),
            unsaved: session.unsaved(),
            opening: OpeningView::of(game),
        }
    }
}
