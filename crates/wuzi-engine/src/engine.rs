//! The engine: levels, searches and their results in core's types.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use thiserror::Error;
use wuzi_core::{Point, Rule, Stone};

use crate::board::{self, Board};
use crate::classic;
use crate::level::{Level, Limits};
use crate::position::Position;
use crate::rng::Rng;
use crate::search::{Found, Memory, Search, Settings, WIN_BOUND};

/// Why no move came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NoMove {
    /// Someone has already won.
    #[error("the game is already over")]
    GameOver,
    /// No legal point is left for the side to move.
    #[error("no legal move is left")]
    NoLegalMove,
}

/// One step of a running search, for a progress display.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Depth of the finished iteration, in plies.
    pub depth: u32,
    /// Score for the side to move (positive is good for it).
    pub score: i32,
    /// The side to move's chance to win, 0.0 to 1.0.
    pub win_chance: f32,
    /// Best line found, the move to play first.
    pub pv: Vec<Point>,
    /// Positions visited so far.
    pub nodes: u64,
    /// Positions visited per second.
    pub nodes_per_second: u64,
    /// Time since the search began.
    pub elapsed: Duration,
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The move to play: always on the board, empty and legal.
    pub best: Point,
    /// Score for the side to move (positive is good for it).
    pub score: i32,
    /// The side to move's chance to win, 0.0 to 1.0.
    pub win_chance: f32,
    /// Best line found, starting with `best`.
    pub pv: Vec<Point>,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// How far ahead Easy looks before it picks loosely among the moves it
/// finds nearly best, in moves (plies) counting its own.
const EASY_DEPTH: i32 = 3;

/// How far ahead Normal looks, in moves (plies) of the main search. The
/// levels below Master look a fixed distance ahead so that each is clearly
/// stronger than the one below on any machine: time alone buys about one
/// ply for every fourfold increase, too little to tell the levels apart.
const NORMAL_DEPTH: i32 = 4;

/// How far ahead Hard looks; Master goes as deep as its time allows.
const HARD_DEPTH: i32 = 6;

/// The score at which the side it belongs to wins about 73% of games
/// (e to 1). Fitted to how games ended: 80 Master games against itself at
/// the review's 200 ms a move, 2,121 scored moves, gave 953 (`wuzi match
/// master master --time-scale 0.04 --calibrate`).
pub const WIN_CHANCE_SCALE: f32 = 950.0;

/// A score's meaning as a chance to win for the side it belongs to.
#[must_use]
pub fn win_chance(score: i32) -> f32 {
    if score > WIN_BOUND {
        1.0
    } else if score < -WIN_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f32) / WIN_CHANCE_SCALE).exp())
    }
}

/// Scores beyond this mean a forced win (positive) or loss (negative).
pub const DECISIVE_SCORE: i32 = WIN_BOUND;

/// The Wuzi AI. Keeps its hash table between moves, so reuse one engine for
/// a game; call [`Engine::clear`] for a new game.
#[derive(Debug)]
pub struct Engine {
    memory: Memory,
    /// The most the hash table may use; each level's search grows it to
    /// what that level needs, up to this.
    memory_limit: usize,
    rng: Rng,
    /// Threads Master searches with.
    threads: usize,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

const DEFAULT_MEMORY: usize = 32 << 20;

/// The most threads one search uses.
pub const MAX_THREADS: usize = 64;

/// The threads the app gives Master: every core but one, so the screen
/// stays responsive while it thinks; at least one.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .clamp(1, MAX_THREADS)
}

impl Engine {
    /// An engine whose hash table may grow to 32 MB.
    #[must_use]
    pub fn new() -> Engine {
        Engine::with_memory(DEFAULT_MEMORY)
    }

    /// An engine whose hash table may grow to about `bytes`. It starts
    /// small and grows to what the level searched for needs
    /// ([`Level::hash_bytes`]), so an engine kept for hints or a weak level
    /// never holds a strong level's table.
    #[must_use]
    pub fn with_memory(bytes: usize) -> Engine {
        Engine {
            memory: Memory::new(0),
            memory_limit: bytes,
            rng: Rng::new(0x5EED),
            threads: 1,
        }
    }

    /// Lets Master search with `threads` threads (at least one; the levels
    /// below always use one, so their strength does not depend on the
    /// device).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The threads Master searches with.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Reseeds the random choices of the imperfect levels.
    pub fn seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Forgets everything learnt from earlier searches.
    pub fn clear(&mut self) {
        self.memory.clear();
    }

    /// The best move at full strength within `limits`. `stop` ends the
    /// search early (it still answers with its best move so far);
    /// `progress` hears of every finished iteration.
    ///
    /// # Errors
    /// [`NoMove`] when the game is over or no legal point is left.
    pub fn best_move(
        &mut self,
        pos: &Position,
        limits: Limits,
        stop: &AtomicBool,
        progress: impl FnMut(&Progress),
    ) -> Result<SearchResult, NoMove> {
        self.play(pos, Level::Master, limits, stop, progress)
    }

    /// The move `level` plays here within `limits` (usually
    /// `level.limits()`).
    ///
    /// # Errors
    /// [`NoMove`] when the game is over or no legal point is left.
    pub fn play(
        &mut self,
        pos: &Position,
        level: Level,
        limits: Limits,
        stop: &AtomicBool,
        mut progress: impl FnMut(&Progress),
    ) -> Result<SearchResult, NoMove> {
        if pos.winner().is_some() {
            return Err(NoMove::GameOver);
        }
        let start = Instant::now();
        if level == Level::Beginner {
            let best = classic::choose(pos).ok_or(NoMove::NoLegalMove)?;
            return Ok(SearchResult {
                best,
                score: 0,
                win_chance: 0.5,
                pv: vec![best],
                depth: 0,
                nodes: 0,
                elapsed: start.elapsed(),
            });
        }
        let renju = pos.rule() == Rule::Renju;
        let settings = match level {
            Level::Easy => Settings {
                time: limits.time,
                nodes: limits.nodes,
                max_depth: EASY_DEPTH,
                vcf: false,
                vct: false,
                width: 10,
                leaf_vcf: false,
                prune: false,
                narrow: false,
                spend_all: false,
            },
            Level::Normal => Settings {
                time: limits.time,
                nodes: limits.nodes,
                max_depth: NORMAL_DEPTH,
                vcf: true,
                vct: false,
                width: 12,
                leaf_vcf: false,
                prune: false,
                narrow: false,
                spend_all: false,
            },
            Level::Hard | Level::Beginner => Settings {
                time: limits.time,
                nodes: limits.nodes,
                max_depth: HARD_DEPTH,
                vcf: true,
                vct: true,
                width: 16,
                leaf_vcf: false,
                prune: false,
                narrow: false,
                spend_all: false,
            },
            Level::Master => Settings {
                time: limits.time,
                nodes: limits.nodes,
                max_depth: 60,
                vcf: true,
                vct: true,
                // Narrow below the root in freestyle and standard: the
                // depth it buys is worth more there than the moves beyond
                // the best-ordered ten. In renju it lost (docs/benchmarks.md,
                // "Cheaper to a depth").
                width: if renju { 20 } else { 10 },
                leaf_vcf: true,
                prune: true,
                narrow: !renju,
                spend_all: false,
            },
        };
        let settings = Settings {
            max_depth: limits.depth.map_or(settings.max_depth, |d| {
                settings.max_depth.min(d.max(1) as i32)
            }),
            spend_all: limits.spend_all && level == Level::Master,
            ..settings
        };
        let threads = if level == Level::Master {
            self.threads
        } else {
            1
        };
        self.memory
            .tt
            .grow_to(level.hash_bytes().min(self.memory_limit));
        let side = board::side(pos.to_move());
        let line_board = Board::from_core(pos.board(), pos.rule());
        let history = std::mem::take(&mut self.memory.history);
        let mut search = Search::new(line_board, side, &self.memory.tt, history, stop);
        let to_points = |v: &[usize]| v.iter().map(|&i| board::point(i)).collect::<Vec<_>>();
        let found = if level == Level::Easy {
            search.think_loosely(settings, &mut self.rng)
        } else {
            search.think(settings, threads, |it| {
                let secs = it.elapsed.as_secs_f64().max(1e-6);
                progress(&Progress {
                    depth: it.depth.max(0) as u32,
                    score: it.score,
                    win_chance: win_chance(it.score),
                    pv: to_points(&it.pv),
                    nodes: it.nodes,
                    nodes_per_second: (it.nodes as f64 / secs) as u64,
                    elapsed: it.elapsed,
                });
            })
        };
        self.memory.history = search.into_history();
        let Found {
            best,
            score,
            pv,
            depth,
            nodes,
        } = found.ok_or(NoMove::NoLegalMove)?;
        // `RUST_LOG=wuzi_engine=debug` shows how deep each move was read.
        tracing::debug!(
            ?level,
            depth,
            score,
            nodes,
            ms = start.elapsed().as_millis() as u64,
            "searched"
        );
        let mut best = board::point(best);
        let mut pv = to_points(&pv);
        if !pos.is_legal(best) {
            // The search only offers legal points by its own forbidden test;
            // `is_legal` asks core's rules, so the promise holds even if the
            // two ever disagree.
            tracing::warn!(?best, "search offered an illegal point");
            best = first_legal(pos).ok_or(NoMove::NoLegalMove)?;
            pv = vec![best];
        }
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        Ok(SearchResult {
            best,
            score,
            win_chance: win_chance(score),
            pv,
            depth: depth.max(0) as u32,
            nodes,
            elapsed: start.elapsed(),
        })
    }
}

fn first_legal(pos: &Position) -> Option<Point> {
    let n = pos.board().size();
    let c = n / 2;
    let mut points: Vec<Point> = (0..n)
        .flat_map(|y| (0..n).map(move |x| Point::new(x, y)))
        .collect();
    points.sort_by_key(|p| {
        (i32::from(p.x) - i32::from(c)).abs() + (i32::from(p.y) - i32::from(c)).abs()
    });
    points.into_iter().find(|&p| pos.is_legal(p))
}

/// The colour that moves after `moves` stones have been played in a game
/// that `first` began (a game's [`wuzi_core::GameConfig::first`]; black
/// unless the game was set up, or imported, otherwise).
#[must_use]
pub fn side_after(first: Stone, moves: usize) -> Stone {
    if moves.is_multiple_of(2) {
        first
    } else {
        first.opponent()
    }
}
