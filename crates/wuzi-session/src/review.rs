//! The replay log: past games listed, opened, analysed, and played on.

use serde::{Deserialize, Serialize};
use wuzi_core::{Game, Point, Stone};
use wuzi_engine::{ANALYSIS_LIMITS, Engine, Level, MoveClass, MoveJudgement};
use wuzi_store::{Filter, Paging, Player, ReplayEntry, ReplayId};

use crate::session::{Mode, SavedGame, Seat, Session};
use crate::view::{GameView, PlayerView, StoneView};
use crate::{AppError, Service};

/// Which past games to list.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReplayFilter {
    /// Only games of this mode.
    pub mode: Option<Mode>,
    /// Only games the player won, lost or drew (against the computer).
    pub result: Option<wuzi_store::Outcome>,
    /// Only games that ended this way (`timeout`, `unfinished`, ...).
    pub kind: Option<wuzi_store::ResultKind>,
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
    /// The rule.
    pub rule: wuzi_core::Rule,
    /// Lines each way.
    pub size: u8,
    /// Black's player.
    pub black: PlayerView,
    /// White's player.
    pub white: PlayerView,
    /// How it ended: `black_win`, `white_win`, `draw`, `resign`, `forbidden_move`,
    /// `timeout`, or `unfinished` when another game took its place.
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
            profile: None,
        },
        Player::Ai { level } => PlayerView {
            kind: "ai",
            name: format!("Wuzi {level}"),
            level: level.parse::<Level>().ok().map(Level::name),
            profile: None,
        },
    }
}

impl From<&ReplayEntry> for ReplayItem {
    fn from(entry: &ReplayEntry) -> Self {
        let s = &entry.summary;
        ReplayItem {
            id: entry.id.as_str().to_string(),
            started_at: s.started_ms,
            ended_at: s.ended_ms,
            mode: Mode::from_store(s.mode),
            rule: s.rule,
            size: s.size,
            black: player(&s.black),
            white: player(&s.white),
            result: s.result.kind(),
            winner: s.result.winner(),
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
    /// The side that moved first.
    pub first: Stone,
    /// The stones set up before the first move (empty for a game from
    /// the empty board).
    pub setup: Vec<StoneView>,
    /// Every move, in order, each with its colour.
    pub moves: Vec<StoneView>,
    /// The final position's view (outcome, winning line).
    pub final_view: GameView,
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

impl Service {
    pub(crate) fn load_entry(&self, id: &str) -> Result<(ReplayEntry, SavedGame), AppError> {
        let replay_id = ReplayId::parse(id)?;
        self.with_profile(|store, profile| {
            let (replay, notices) = store.load_replay::<SavedGame>(profile, &replay_id)?;
            self.add_notices(&notices);
            Ok((
                ReplayEntry {
                    id: replay.id,
                    summary: replay.summary,
                },
                replay.game,
            ))
        })
    }

    /// A page (0-based) of this profile's past games, newest first.
    ///
    /// # Errors
    /// `no_profile`, `no_store`, or the store's error.
    pub fn list_replays(
        &self,
        filter: &ReplayFilter,
        page: Option<usize>,
        page_size: Option<usize>,
    ) -> Result<ReplayPage, AppError> {
        let store_filter = Filter {
            mode: filter.mode.map(Mode::to_store),
            outcome: filter.result,
            result: filter.kind,
            from_ms: filter.from,
            until_ms: filter.to,
        };
        let paging = Paging {
            page: page.unwrap_or(0),
            per_page: page_size.unwrap_or(50).clamp(1, wuzi_store::MAX_PER_PAGE),
        };
        let listed =
            self.with_profile(|store, id| Ok(store.list_replays(id, &store_filter, paging)?))?;
        self.add_notices(&listed.notices);
        Ok(ReplayPage {
            items: listed.items.iter().map(ReplayItem::from).collect(),
            total: listed.total,
            page: listed.page,
            page_size: listed.per_page,
        })
    }

    /// Opens the past game `id`.
    ///
    /// # Errors
    /// `not_found`, a bad id, or a damaged replay.
    pub fn load_replay(&self, id: &str) -> Result<ReplayView, AppError> {
        let (entry, saved) = self.load_entry(id)?;
        let session = Session::from_saved(saved)?;
        let view = GameView::of(&session, Default::default());
        Ok(ReplayView {
            id: entry.id.as_str().to_string(),
            summary: ReplayItem::from(&entry),
            size: view.size,
            rule: view.rule,
            first: session.game.config().first,
            setup: view.setup.clone(),
            moves: view.stones.clone(),
            final_view: view,
        })
    }

    /// Judges every move of the past game `id`, telling `on_progress` each
    /// verdict; [`Service::stop_analysis`] ends it early with what is done.
    /// The engine gets the whole record: who moved first, the rule and what
    /// a forbidden move does.
    ///
    /// # Errors
    /// `busy` while another analysis runs; a record that cannot be replayed.
    pub fn analyse_game(
        &self,
        id: &str,
        on_progress: impl Fn(&AnalysisProgress),
    ) -> Result<AnalysisView, AppError> {
        let (_, saved) = self.load_entry(id)?;
        let config = saved.record.config;
        let points: Vec<Point> = saved.record.moves.iter().map(|m| m.point).collect();
        let analysing = self.begin_analysis()?;
        let stop = &analysing.stop;
        // Its own engine: an analysis must not wait for, or disturb, the
        // computer's moves in the game on the board.
        let mut engine = Engine::new();
        let result = engine.analyse_game(
            &config,
            &saved.record.setup,
            &points,
            ANALYSIS_LIMITS,
            stop,
            |done, total, judgement| {
                on_progress(&AnalysisProgress {
                    done,
                    total,
                    judgement: JudgementView::from(judgement),
                });
            },
        );
        let analysis = result?;
        Ok(AnalysisView {
            moves: analysis.moves.iter().map(JudgementView::from).collect(),
            complete: analysis.complete,
        })
    }

    /// Stops the running analysis.
    pub fn stop_analysis(&self) {
        self.stop_running_analysis();
    }

    /// A new game between two people on this device from the position after
    /// `move_count` moves of the past game `id`.
    ///
    /// # Errors
    /// `bad_argument` when the game has fewer moves.
    pub fn play_from(&self, id: &str, move_count: usize) -> Result<GameView, AppError> {
        let (_, saved) = self.load_entry(id)?;
        let moves = saved.record.moves;
        if move_count > moves.len() {
            return Err(AppError::BadArgument(format!(
                "the game has {} moves, not {move_count}",
                moves.len()
            )));
        }
        let game = Game::replay_from(
            saved.record.config,
            &saved.record.setup,
            &moves[..move_count],
        )?;
        let next = Session::new(game, Mode::HumanHuman, Seat::guest(""), Seat::guest(""));
        Ok(self.replace_session(next))
    }
}
