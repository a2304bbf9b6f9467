//! The replay log: past games listed, opened, analysed, and played on.

use serde::{Deserialize, Serialize};
use tauri::State;
use tauri::ipc::Channel;
use wuzi_core::{Game, Point, Stone};
use wuzi_engine::{ANALYSIS_LIMITS, Engine, Level, MoveClass, MoveJudgement};
use wuzi_store::{Filter, GameMode, Paging, Player, ReplayEntry, ReplayId};

use super::blocking;
use crate::session::{Mode, SavedGame, Seat, Session};
use crate::view::{GameView, PlayerView, StoneView};
use crate::{AppError, AppState};

/// Which past games to list.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReplayFilter {
    /// Only games of this mode.
    pub mode: Option<Mode>,
    /// Only games the player won, lost or drew (against the computer).
    pub result: Option<wuzi_store::Outcome>,
    /// Only games that ended at or after this time (Unix ms).
    pub from: Option<i64>,
    /// Only games that ended before this time (Unix ms).
    pub to: Option<i64>,
}

/// One past game as the Review list shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayItem {
    /// Its id, for `load_replay`.
    pub id: String,
    /// When it started (Unix ms).
    pub started_at: i64,
    /// When it ended (Unix ms).
    pub ended_at: i64,
    /// Who played whom.
    pub mode: Mode,
    /// The rule's name.
    pub rule: String,
    /// Lines each way.
    pub size: u8,
    /// Black's player.
    pub black: PlayerView,
    /// White's player.
    pub white: PlayerView,
    /// How it ended: `black_win`, `white_win`, `draw`, `resign`, `forbidden_move`, `timeout`.
    pub result: wuzi_store::ResultKind,
    /// The winner, or `None` for a draw.
    pub winner: Option<Stone>,
    /// Win, loss or draw for the player, against the computer.
    pub outcome: Option<wuzi_store::Outcome>,
    /// Moves played.
    pub move_count: u32,
    /// Playing time.
    pub duration_ms: u64,
}

fn player(p: &Player) -> PlayerView {
    match p {
        Player::Human { name } => PlayerView {
            kind: "human",
            name: name.clone(),
            level: None,
        },
        Player::Ai { level } => PlayerView {
            kind: "ai",
            name: format!("Wuzi {level}"),
            level: level.parse::<Level>().ok().map(Level::name),
        },
    }
}

fn mode(m: GameMode) -> Mode {
    match m {
        GameMode::HumanVsHuman => Mode::HumanHuman,
        GameMode::HumanVsAi => Mode::HumanAi,
        GameMode::AiVsAi => Mode::AiAi,
    }
}

impl From<&ReplayEntry> for ReplayItem {
    fn from(entry: &ReplayEntry) -> Self {
        let s = &entry.summary;
        ReplayItem {
            id: entry.id.as_str().to_string(),
            started_at: s.started_ms,
            ended_at: s.ended_ms,
            mode: mode(s.mode),
            rule: s.rule.clone(),
            size: s.size,
            black: player(&s.black),
            white: player(&s.white),
            result: s.result.kind(),
            winner: s.result.winner().map(|side| match side {
                wuzi_store::Side::Black => Stone::Black,
                wuzi_store::Side::White => Stone::White,
            }),
            outcome: s.outcome,
            move_count: s.move_count,
            duration_ms: s.duration_ms,
        }
    }
}

/// One page of the replay list.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayPage {
    /// The games on this page, newest first.
    pub items: Vec<ReplayItem>,
    /// Games matching the filter in all.
    pub total: usize,
    /// This page, 0-based.
    pub page: usize,
    /// Games per page.
    pub page_size: usize,
}

/// A past game opened for review.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayView {
    /// Its id.
    pub id: String,
    /// What the list shows about it.
    pub summary: ReplayItem,
    /// Lines each way.
    pub size: u8,
    /// The rule.
    pub rule: wuzi_core::Rule,
    /// Every move, in order.
    pub moves: Vec<StoneView>,
    /// The final position's view (outcome, winning line).
    pub final_view: GameView,
}

fn load(state: &AppState, id: &str) -> Result<(ReplayEntry, SavedGame), AppError> {
    let replay_id = ReplayId::parse(id)?;
    state.with_profile(|store, profile| {
        let (replay, notices) = store.load_replay::<SavedGame>(profile, &replay_id)?;
        state.add_notices(&notices);
        Ok((
            ReplayEntry {
                id: replay.id,
                summary: replay.summary,
            },
            replay.game,
        ))
    })
}

/// A page of this profile's past games, newest first.
#[tauri::command]
pub async fn list_replays(
    state: State<'_, AppState>,
    filter: Option<ReplayFilter>,
    page: Option<usize>,
    page_size: Option<usize>,
) -> Result<ReplayPage, AppError> {
    let filter = filter.unwrap_or_default();
    let store_filter = Filter {
        mode: filter.mode.map(Mode::to_store),
        outcome: filter.result,
        from_ms: filter.from,
        until_ms: filter.to,
        ..Filter::default()
    };
    let paging = Paging {
        page: page.unwrap_or(0),
        per_page: page_size.unwrap_or(50).clamp(1, wuzi_store::MAX_PER_PAGE),
    };
    let state = state.inner();
    let listed =
        state.with_profile(|store, id| Ok(store.list_replays(id, &store_filter, paging)?))?;
    state.add_notices(&listed.notices);
    Ok(ReplayPage {
        items: listed.items.iter().map(ReplayItem::from).collect(),
        total: listed.total,
        page: listed.page,
        page_size: listed.per_page,
    })
}

/// Opens the past game `id`.
#[tauri::command]
pub async fn load_replay(state: State<'_, AppState>, id: String) -> Result<ReplayView, AppError> {
    let (entry, saved) = load(&state, &id)?;
    let session = Session::from_saved(saved)?;
    let moves = GameView::of(&session, Default::default());
    Ok(ReplayView {
        id: entry.id.as_str().to_string(),
        summary: ReplayItem::from(&entry),
        size: moves.size,
        rule: moves.rule,
        moves: moves.stones.clone(),
        final_view: moves,
    })
}

/// The verdict on one move, as the review graph and move list show it.
#[derive(Debug, Clone, Serialize)]
pub struct JudgementView {
    /// 1 for the first move.
    pub number: usize,
    /// Who played it.
    pub stone: Stone,
    /// The move played.
    pub played: Point,
    /// The engine's choice.
    pub best: Point,
    /// The mover's chance to win with the best move, 0 to 1.
    pub win_chance: f32,
    /// The mover's chance after the move played.
    pub win_chance_after: f32,
    /// How much the move played gave away.
    pub drop: f32,
    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub class: &'static str,
    /// The engine's line from the position before the move.
    pub pv: Vec<Point>,
}

impl From<&MoveJudgement> for JudgementView {
    fn from(j: &MoveJudgement) -> Self {
        JudgementView {
            number: j.index + 1,
            stone: j.stone,
            played: j.played,
            best: j.best,
            win_chance: j.win_chance_before,
            win_chance_after: j.win_chance_after,
            drop: (j.win_chance_before - j.win_chance_after).max(0.0),
            class: match j.class {
                MoveClass::Best => "best",
                MoveClass::Good => "good",
                MoveClass::Inaccuracy => "inaccuracy",
                MoveClass::Mistake => "mistake",
                MoveClass::Blunder => "blunder",
            },
            pv: j.pv.clone(),
        }
    }
}

/// Progress of an analysis: moves done of all, and the newest verdict.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisProgress {
    /// Moves judged so far.
    pub done: usize,
    /// Moves in all.
    pub total: usize,
    /// The verdict just reached.
    pub judgement: JudgementView,
}

/// A whole game's review, possibly stopped before the end.
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisView {
    /// One verdict per move judged, in order.
    pub moves: Vec<JudgementView>,
    /// Whether every move was judged.
    pub complete: bool,
}

/// Judges every move of the past game `id`, streaming each verdict on
/// `on_progress`; `stop_analysis` ends it early with what is done.
#[tauri::command]
pub async fn analyse_game(
    state: State<'_, AppState>,
    id: String,
    on_progress: Channel<AnalysisProgress>,
) -> Result<AnalysisView, AppError> {
    let (_, saved) = load(&state, &id)?;
    let config = saved.record.config;
    let points: Vec<Point> = saved.record.moves.iter().map(|m| m.point).collect();
    let stop = state.begin_analysis()?;
    let result = blocking(move || {
        let mut engine = Engine::new();
        let analysis = engine.analyse_game(
            config.size,
            config.rule,
            &points,
            ANALYSIS_LIMITS,
            &stop,
            |done, total, judgement| {
                let _ = on_progress.send(AnalysisProgress {
                    done,
                    total,
                    judgement: JudgementView::from(judgement),
                });
            },
        )?;
        Ok(AnalysisView {
            moves: analysis.moves.iter().map(JudgementView::from).collect(),
            complete: analysis.complete,
        })
    })
    .await;
    state.end_analysis();
    result
}

/// Stops the running analysis.
#[tauri::command]
pub async fn stop_analysis(state: State<'_, AppState>) -> Result<(), AppError> {
    state.stop_analysis();
    Ok(())
}

/// A new game between two people on this device from the position after
/// `move_count` moves of the past game `id`.
#[tauri::command]
pub async fn play_from(
    state: State<'_, AppState>,
    id: String,
    move_count: usize,
) -> Result<GameView, AppError> {
    let (_, saved) = load(&state, &id)?;
    let moves = saved.record.moves;
    if move_count > moves.len() {
        return Err(AppError::BadArgument(format!(
            "the game has {} moves, not {move_count}",
            moves.len()
        )));
    }
    let game = Game::replay(saved.record.config, &moves[..move_count])?;
    let next = Session::new(
        game,
        Mode::HumanHuman,
        Seat::Human {
            name: "Black".into(),
        },
        Seat::Human {
            name: "White".into(),
        },
    );
    Ok(state.replace_session(next))
}
