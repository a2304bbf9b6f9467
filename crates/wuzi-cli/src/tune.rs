//! Fitting the evaluation's weights to how games ended (`wuzi tune`).
//!
//! The games come from `wuzi match --record` (self-play of our own
//! levels). Every position after the opening that the search would
//! evaluate (a quiet leaf: no five to make or stop, no four that cannot be
//! stopped) is a sample: its evaluation features for the side to move and
//! that side's result. The evaluation is linear in its weights, so the fit
//! is a logistic regression: the weights that make `1 / (1 + e^(-eval /
//! scale))` the best forecast of the results (least log loss), starting
//! from the weights in use and pulled gently towards them so that a weight
//! the games say little about stays where it was. One game in ten is held
//! out of the fit and only scored, so the report shows whether the new
//! weights forecast games they were not fitted to better. The corrections
//! (for four patterns together, and for the threats at a leaf) are fitted
//! alongside, pulled back harder: there are thousands, most seen seldom.
//! With `--search-nodes` each position's target is blended with what a
//! short search of it by Master forecasts, a steadier signal than the
//! result alone, which the mistakes made later in the game decide too.
//! With `--leaf-nodes` each position is first moved to the end of the line
//! a short search expects from it, as the search would evaluate it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use thiserror::Error;
use wuzi_core::{Point, Rule, Stone, parse_point};
use wuzi_engine::{
    EVAL_TABLES, EVAL_WEIGHTS, Engine, EvalFeatures, Limits, Position, SearchResult,
    WIN_CHANCE_SCALE, eval_correction_is_mask, eval_correction_name, eval_correction_table,
    eval_corrections, eval_features_along, eval_table, eval_unit, eval_weight_names, eval_weights,
    eval_weights_source, eval_with, parse_eval_weights, use_eval_weights, win_chance,
};

/// The options of `wuzi tune`.
#[derive(Debug, Clone, clap::Args)]
pub struct TuneArgs {
    /// Game files written by `wuzi match --record`.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Moves at the start of each game left out of the fit (the given
    /// opening).
    #[arg(long, default_value_t = 6)]
    pub opening_moves: usize,
    /// Fit only this rule's table (freestyle and standard share one); the
    /// other keeps its weights and corrections, whatever the files hold.
    #[arg(long, value_parser = crate::parse_rule)]
    pub rule: Option<Rule>,
    /// Steps of the fit.
    #[arg(long, default_value_t = 3000)]
    pub steps: usize,
    /// How strongly the weights are pulled towards those in use: the loss
    /// grows by this times the square of each change in score points.
    #[arg(long, default_value_t = 1e-6)]
    pub pull: f64,
    /// How strongly the corrections (for four patterns together, and for
    /// the threats each side has at a leaf) are pulled towards those in
    /// use, likewise: there are many of them and most are seen seldom, so
    /// they are held closer than the weights.
    #[arg(long, default_value_t = 1e-4)]
    pub correction_pull: f64,
    /// How strongly the threat masks' values are pulled towards those in
    /// use (there are few, each seen in many positions); the same as
    /// `--correction-pull` unless given.
    #[arg(long)]
    pub mask_pull: Option<f64>,
    /// Start from (and pull towards) the weights in this file, written as
    /// `--write` writes them, instead of the weights in use (and from its
    /// corrections, none if it lists none).
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Write the fitted weights to this file
    /// (`crates/wuzi-engine/src/eval_weights.rs` to use them).
    #[arg(long)]
    pub write: Option<PathBuf>,
    /// Also search every position with Master for this many nodes, and
    /// fit to what the search makes of it as well as to how the game
    /// ended (see `--search-share`): the static evaluation learns what a
    /// deeper look sees, without the noise of the mistakes made after.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub search_nodes: Option<u64>,
    /// The share of the search's forecast in each position's target, 0 to
    /// 1 (the rest is the game's result); only with `--search-nodes`.
    #[arg(long, default_value_t = 0.5, value_parser = parse_share)]
    pub search_share: f64,
    /// Threads the searches of `--search-nodes` and `--leaf-nodes` run on
    /// (each searches its own games on one thread); every core by default.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
    /// Fit at the leaves of Master's lines: each position is replaced by
    /// the one at the end of the main line a search of this many nodes
    /// finds from it (one thread a search, `--jobs` at once), with the
    /// game's result for the side to move there, so that the evaluation
    /// learns the positions it judges in a search, where the threats of
    /// the line have been played out. The searches use this build's own
    /// evaluation, whatever `--start` says.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub leaf_nodes: Option<u64>,
}

/// A share from 0 to 1.
fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text:?} is not a share from 0 to 1")),
    }
}

/// Why the games could not be used.
#[derive(Debug, Error)]
pub enum TuneError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not a game.
    #[error("{path}:{line}: {reason}")]
    Line {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A weights file to start from is not one.
    #[error("{path}: {reason}")]
    Weights {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Nothing to fit to.
    #[error("no positions to fit to ({0})")]
    Empty(String),
    /// The weights file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// One position: its features, the result for the side to move (1 won,
/// 0.5 drawn, 0 lost), and the weight table its rule uses.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The weight table of the game's rule ([`wuzi_engine::eval_table`]).
    pub table: usize,
    /// The evaluation's features.
    pub features: EvalFeatures,
    /// The result for the side to move; with `--search-nodes`, blended
    /// with the search's forecast.
    pub result: f64,
    /// The game's rule.
    pub rule: Rule,
    /// The board's size.
    pub size: u8,
    /// The moves that led to the position (the position after them is the
    /// sample's).
    pub moves: Arc<[Point]>,
    /// How many of `moves` were played before the position.
    pub ply: usize,
}

/// One game line as `wuzi match --record` writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedGame {
    /// The game's rule.
    pub rule: Rule,
    /// The board's size.
    pub size: u8,
    /// The result for black: 1 won, 0.5 drawn, 0 lost.
    pub black_result: f64,
    /// The moves in order, black first.
    pub moves: Vec<Point>,
}

/// Reads one game line: `<rule> <size> <1-0|0-1|1/2> <moves...>`. The
/// moves are only read, not played.
///
/// # Errors
/// What is wrong with the line.
pub fn parse_game_line(line: &str) -> Result<RecordedGame, String> {
    let mut words = line.split_whitespace();
    let rule: Rule = crate::parse_rule(words.next().ok_or("empty line")?)?;
    let size_text = words.next().ok_or("no board size")?;
    let size: u8 = size_text
        .parse()
        .map_err(|_| format!("bad board size {size_text:?}"))?;
    let black_result = match words.next().ok_or("no result")? {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2" => 0.5,
        other => return Err(format!("bad result {other:?}: use 1-0, 0-1 or 1/2")),
    };
    let moves = words
        .map(|w| parse_point(w, size).map_err(|e| format!("move {w:?}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(RecordedGame {
        rule,
        size,
        black_result,
        moves,
    })
}

/// The samples of one game line: `<rule> <size> <1-0|0-1|1/2> <moves...>`.
///
/// # Errors
/// What is wrong with the line.
pub fn game_samples(line: &str, opening_moves: usize) -> Result<Vec<Sample>, String> {
    let RecordedGame {
        rule,
        size,
        black_result,
        moves,
    } = parse_game_line(line)?;
    let along = eval_features_along(size, rule, &moves).map_err(|e| e.to_string())?;
    let table = eval_table(rule);
    let moves: Arc<[Point]> = moves.into();
    Ok(along
        .into_iter()
        .enumerate()
        .filter(|&(k, _)| k >= opening_moves)
        .filter_map(|(k, features)| {
            // Black moved first in every recorded game.
            let to_move = if k % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            let result = if to_move == Stone::Black {
                black_result
            } else {
                1.0 - black_result
            };
            features.map(|features| Sample {
                table,
                features,
                result,
                rule,
                size,
                moves: moves.clone(),
                ply: k,
            })
        })
        .collect())
}

/// The games of the files: the samples of each, in order.
///
/// # Errors
/// A file that cannot be read, or its first line that is not a game.
pub fn read_games(paths: &[PathBuf], opening_moves: usize) -> Result<Vec<Vec<Sample>>, TuneError> {
    let mut games = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|source| TuneError::Read {
            path: path.clone(),
            source,
        })?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let samples = game_samples(line, opening_moves).map_err(|reason| TuneError::Line {
                path: path.clone(),
                line: n + 1,
                reason,
            })?;
            games.push(samples);
        }
    }
    Ok(games)
}

/// What the fit adjusts: one table's weights and the corrections (all of
/// them, laid out as [`wuzi_engine::EVAL_CORRECTIONS`] says), in weight
/// units.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// The table's weights.
    pub weights: Vec<f64>,
    /// The corrections.
    pub corrections: Vec<f64>,
}

impl Model {
    fn eval(&self, features: &EvalFeatures) -> f64 {
        eval_with(&self.weights, &self.corrections, features)
    }

    fn rounded(&self) -> Model {
        Model {
            weights: self.weights.iter().map(|w| w.round()).collect(),
            corrections: self.corrections.iter().map(|w| w.round()).collect(),
        }
    }
}

/// Mean log loss of the forecasts made with `model`.
#[must_use]
pub fn log_loss(model: &Model, samples: &[Sample]) -> f64 {
    let scale = f64::from(WIN_CHANCE_SCALE);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = forecast(model.eval(&s.features) / scale);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn forecast(z: f64) -> f64 {
    (1.0 / (1.0 + (-z).exp())).clamp(1e-9, 1.0 - 1e-9)
}

/// How a fit runs: its steps and how strongly the weights and the
/// corrections are pulled back to where they started.
#[derive(Debug, Clone, Copy)]
pub struct FitPlan {
    /// Adam steps over the whole set.
    pub steps: usize,
    /// Pull on the weights.
    pub pull: f64,
    /// Pull on the corrections for four patterns together.
    pub correction_pull: f64,
    /// Pull on the threat masks' values.
    pub mask_pull: f64,
}

/// The model that forecasts `samples` best, from `start`, with Adam
/// steps over the whole set and the pulls towards `start`.
#[must_use]
pub fn fit(start: &Model, samples: &[Sample], plan: FitPlan) -> Model {
    let unit = f64::from(eval_unit());
    let scale = f64::from(WIN_CHANCE_SCALE);
    let n = samples.len().max(1) as f64;
    let weights = start.weights.len();
    // One vector for both, the weights first, so that one Adam loop moves
    // them all.
    let origin: Vec<f64> = start
        .weights
        .iter()
        .chain(&start.corrections)
        .copied()
        .collect();
    let pulls: Vec<f64> = (0..origin.len())
        .map(|j| {
            if j < weights {
                plan.pull
            } else if eval_correction_is_mask(j - weights) {
                plan.mask_pull
            } else {
                plan.correction_pull
            }
        })
        .collect();
    let mut model = start.clone();
    let mut w = origin.clone();
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    let mut grad = vec![0.0; w.len()];
    let (beta1, beta2) = (0.9f64, 0.999f64);
    for t in 1..=plan.steps {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for s in samples {
            let p = forecast(model.eval(&s.features) / scale);
            let d = (p - s.result) / (scale * unit * n);
            for (g, x) in grad.iter_mut().zip(&s.features.linear) {
                *g += d * x;
            }
            for &(slot, x) in &s.features.corrections {
                grad[weights + slot as usize] += d * x;
            }
        }
        // Big steps first to travel, small ones at the end to settle.
        let progress = t as f64 / plan.steps as f64;
        let rate =
            0.5 * unit * (0.02 + 0.98 * (1.0 + (std::f64::consts::PI * progress).cos()) / 2.0);
        for j in 0..w.len() {
            let g = grad[j] + 2.0 * pulls[j] * (w[j] - origin[j]) / (unit * unit);
            if g == 0.0 && m[j] == 0.0 {
                // Nothing in these games touches it and it has not moved.
                continue;
            }
            m[j] = beta1 * m[j] + (1.0 - beta1) * g;
            v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
            let m_hat = m[j] / (1.0 - beta1.powi(t as i32));
            let v_hat = v[j] / (1.0 - beta2.powi(t as i32));
            w[j] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        model.weights.copy_from_slice(&w[..weights]);
        model.corrections.copy_from_slice(&w[weights..]);
    }
    model
}

/// Runs `wuzi tune`: reads the games, fits each rule's table to its
/// games, prints the report to `out`, and writes the weights file when
/// asked.
///
/// # Errors
/// Unreadable or malformed games, no positions, or an unwritable file.
pub fn run(args: &TuneArgs, out: &mut impl std::io::Write) -> Result<(), TuneError> {
    let mut games = read_games(&args.games, args.opening_moves)?;
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    if let Some(nodes) = args.leaf_nodes {
        // Only the games of the tables being fitted: the others' samples
        // are never used.
        games.retain(|game| {
            args.rule
                .is_none_or(|rule| game.first().is_some_and(|s| s.table == eval_table(rule)))
        });
        let (moved, dropped) = to_leaves(&mut games, nodes, jobs);
        let _ = writeln!(
            out,
            "moved {moved} positions to the leaf of the line a search of {nodes} nodes expects; \
             dropped {dropped} whose leaf is decided"
        );
    }
    if let Some(nodes) = args.search_nodes {
        let searched = blend_with_search(&mut games, nodes, args.search_share, jobs);
        let _ = writeln!(
            out,
            "searched {searched} positions for {nodes} nodes each; \
             targets are {:.0}% the search's forecast",
            args.search_share * 100.0
        );
    }
    let (start, start_corrections): (Vec<i32>, Vec<i32>) = match &args.start {
        Some(path) => read_weights(path)?,
        None => (eval_weights().concat(), eval_corrections()),
    };
    let start_corrections: Vec<f64> = start_corrections.into_iter().map(f64::from).collect();
    let start: Vec<Vec<f64>> = start
        .chunks(EVAL_WEIGHTS)
        .map(|table| table.iter().map(|&w| f64::from(w)).collect())
        .collect();
    let plan = FitPlan {
        steps: args.steps,
        pull: args.pull,
        correction_pull: args.correction_pull,
        mask_pull: args.mask_pull.unwrap_or(args.correction_pull),
    };
    let mut tables = eval_weights();
    let mut corrections: Vec<i32> = start_corrections.iter().map(|c| c.round() as i32).collect();
    let mut report = String::new();
    let mut notes = Vec::new();
    let mut fitted_any = false;
    for (t, table) in tables.iter_mut().enumerate() {
        let name = TABLE_NAMES[t];
        if args.rule.is_some_and(|rule| eval_table(rule) != t) {
            let _ = writeln!(report, "{name}: not fitted (--rule); its weights are kept");
            notes.push(format!("{name}: kept as they were (not fitted)."));
            *table = std::array::from_fn(|j| start[t][j].round() as i32);
            continue;
        }
        let mine: Vec<&Vec<Sample>> = games
            .iter()
            .filter(|g| g.first().is_some_and(|s| s.table == t))
            .collect();
        let (mut train, mut held) = (Vec::new(), Vec::new());
        for (g, samples) in mine.iter().enumerate() {
            let set = if g % 10 == 9 { &mut held } else { &mut train };
            set.extend(samples.iter().cloned());
        }
        let start = Model {
            weights: start[t].clone(),
            corrections: start_corrections.clone(),
        };
        if train.is_empty() || held.is_empty() {
            let _ = writeln!(
                report,
                "{name}: {} games, too few to fit (at least 10: one in ten is held out); \
                 its weights are kept",
                mine.len()
            );
            *table = std::array::from_fn(|j| start.weights[j].round() as i32);
            continue;
        }
        let fitted = fit(&start, &train, plan).rounded();
        fitted_any = true;
        *table = std::array::from_fn(|j| fitted.weights[j] as i32);
        let ours: Vec<usize> = (0..corrections.len())
            .filter(|&slot| eval_correction_table(slot) == Some(t))
            .collect();
        for &slot in &ours {
            corrections[slot] = fitted.corrections[slot] as i32;
        }
        let (train_before, train_after) = (log_loss(&start, &train), log_loss(&fitted, &train));
        let (held_before, held_after) = (log_loss(&start, &held), log_loss(&fitted, &held));
        let _ = writeln!(
            report,
            "{name}: {} games: {} positions fitted, {} held out (every tenth game)",
            mine.len(),
            train.len(),
            held.len()
        );
        let _ = writeln!(
            report,
            "  log loss, fitted positions: {train_before:.4} -> {train_after:.4}"
        );
        let _ = writeln!(
            report,
            "  log loss, held-out positions: {held_before:.4} -> {held_after:.4}{}",
            if held_after < held_before {
                ""
            } else {
                " (no better on games it was not fitted to)"
            }
        );
        let _ = writeln!(
            report,
            "  weights that changed (in 1/{} of a point):",
            eval_unit()
        );
        for ((label, &old), &new) in eval_weight_names()
            .iter()
            .zip(&start.weights)
            .zip(table.iter())
        {
            let old = old.round() as i32;
            if old != new {
                let _ = writeln!(report, "    {label:<28} {old:>8} -> {new:>8}");
            }
        }
        // The corrections that moved most; there are too many to list.
        let mut moved: Vec<(usize, i32, i32)> = ours
            .iter()
            .map(|&slot| {
                (
                    slot,
                    start.corrections[slot].round() as i32,
                    corrections[slot],
                )
            })
            .filter(|&(_, old, new)| old != new)
            .collect();
        moved.sort_by_key(|&(_, old, new)| std::cmp::Reverse((new - old).abs()));
        let _ = writeln!(
            report,
            "  corrections that changed: {}, the largest:",
            moved.len()
        );
        for &(slot, old, new) in moved.iter().take(12) {
            let label = eval_correction_name(slot).unwrap_or_default();
            let _ = writeln!(report, "    {label:<50} {old:>8} -> {new:>8}");
        }
        notes.push(format!(
            "{name}: fitted to {} positions of {} games;\n\
             log loss on the {} positions of the held-out games {held_before:.4} -> {held_after:.4}.",
            train.len(),
            mine.len(),
            held.len()
        ));
    }
    if !fitted_any {
        return Err(TuneError::Empty(format!(
            "{} games: a rule needs at least 10, one in ten held out",
            games.len()
        )));
    }
    let _ = out.write_all(report.as_bytes());
    if let Some(path) = &args.write {
        let note = format!("\n{}", notes.join("\n"));
        write_weights(path, &eval_weights_source(&tables, &corrections, &note))?;
        let _ = writeln!(out, "written to {}", path.display());
    }
    Ok(())
}

/// Searches every sample's position with Master for `nodes` nodes (one
/// thread each, on `jobs` threads, a game at a time so that each game's
/// searches share a hash table as in play) and makes its target `share`
/// the search's forecast and the rest the game's result. Answers how many
/// positions were searched.
pub fn blend_with_search(games: &mut [Vec<Sample>], nodes: u64, share: f64, jobs: usize) -> usize {
    let searched = AtomicUsize::new(0);
    for_each_game(games, jobs, |engine, stop, game| {
        for sample in game.iter_mut() {
            let Some(chance) = search_forecast(engine, sample, nodes, stop) else {
                continue;
            };
            sample.result = (1.0 - share) * sample.result + share * chance;
            searched.fetch_add(1, Ordering::Relaxed);
        }
    });
    searched.into_inner()
}

/// Replaces each sample by the position at the end of the main line that
/// Master's search of `nodes` nodes finds from it, with the game's result
/// for the side to move there: the evaluation is used at such leaves, after
/// the threats a line plays out, more than on the positions of the game.
/// A sample whose leaf is decided (a five, a four that cannot be stopped)
/// or cannot be searched is dropped. Returns how many were moved and how
/// many dropped.
pub fn to_leaves(games: &mut [Vec<Sample>], nodes: u64, jobs: usize) -> (usize, usize) {
    let (moved, dropped) = (AtomicUsize::new(0), AtomicUsize::new(0));
    for_each_game(games, jobs, |engine, stop, game| {
        let mut kept = Vec::with_capacity(game.len());
        for sample in game.drain(..) {
            match leaf_of(engine, &sample, nodes, stop) {
                Some(leaf) => kept.push(leaf),
                None => {
                    dropped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        moved.fetch_add(kept.len(), Ordering::Relaxed);
        *game = kept;
    });
    (moved.into_inner(), dropped.into_inner())
}

/// Runs `work` on every game, on `jobs` threads, each with its own
/// one-thread engine whose hash table is cleared before each game: the
/// searches of a game share a table as in play, and a game comes out the
/// same whichever thread takes it.
fn for_each_game(
    games: &mut [Vec<Sample>],
    jobs: usize,
    work: impl Fn(&mut Engine, &AtomicBool, &mut Vec<Sample>) + Sync,
) {
    let queue = Mutex::new(games.iter_mut());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut engine = Engine::new();
                engine.set_threads(1);
                let stop = AtomicBool::new(false);
                loop {
                    let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
                    let Some(game) = next else { break };
                    engine.clear();
                    work(&mut engine, &stop, game);
                }
            });
        }
    });
}

/// The sample at the leaf of the main line from `sample`'s position.
fn leaf_of(engine: &mut Engine, sample: &Sample, nodes: u64, stop: &AtomicBool) -> Option<Sample> {
    let found = search_sample(engine, sample, nodes, stop)?;
    let mut line: Vec<Point> = sample.moves.get(..sample.ply)?.to_vec();
    line.extend(&found.pv);
    let along = eval_features_along(sample.size, sample.rule, &line).ok()?;
    // A shorter list means the line ended the game before its last move.
    if along.len() != line.len() + 1 {
        return None;
    }
    let features = along.into_iter().last().flatten()?;
    // The result was the side to move's at `ply`; the leaf's side to move
    // is the same when the line is of even length.
    let result = if found.pv.len() % 2 == 0 {
        sample.result
    } else {
        1.0 - sample.result
    };
    Some(Sample {
        features,
        result,
        ply: line.len(),
        moves: line.into(),
        ..sample.clone()
    })
}

/// The side to move's chance to win as Master's search of `nodes` nodes
/// sees the sample's position; `None` when it has no move to search.
fn search_forecast(
    engine: &mut Engine,
    sample: &Sample,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<f64> {
    let found = search_sample(engine, sample, nodes, stop)?;
    Some(f64::from(win_chance(found.score)))
}

/// Master's search of `nodes` nodes of the sample's position; `None` when
/// it has no move to search.
fn search_sample(
    engine: &mut Engine,
    sample: &Sample,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<SearchResult> {
    let pos =
        Position::from_moves(sample.size, sample.rule, sample.moves.get(..sample.ply)?).ok()?;
    let limits = Limits {
        // The nodes bound the search; the time only guards against a
        // position that would take far longer than its nodes suggest.
        time: Duration::from_secs(60),
        nodes: Some(nodes),
        depth: None,
        spend_all: false,
    };
    engine.best_move(&pos, limits, stop, |_| {}).ok()
}

/// What each weight table is for, by [`wuzi_engine::eval_table`].
pub(crate) const TABLE_NAMES: [&str; EVAL_TABLES] = ["Freestyle and standard", "Renju"];

/// The weights in a file written by `--write`: every table's numbers and
/// the corrections.
///
/// # Errors
/// An unreadable file, or one that is not a weights file.
pub fn read_weights(path: &Path) -> Result<(Vec<i32>, Vec<i32>), TuneError> {
    let text = std::fs::read_to_string(path).map_err(|source| TuneError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_eval_weights(&text).map_err(|reason| TuneError::Weights {
        path: path.to_path_buf(),
        reason,
    })
}

/// Plays with the weights in a file written by `--write` in place of
/// those built in, for the rest of the process (`wuzi pbrain --weights`).
///
/// # Errors
/// An unreadable file, one that is not a weights file, or an engine that
/// has already searched with the weights it had.
pub fn use_weights_file(path: &Path) -> Result<(), TuneError> {
    let (tables, corrections) = read_weights(path)?;
    use_eval_weights(&tables, &corrections).map_err(|e| TuneError::Weights {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })
}

pub(crate) fn write_weights(path: &Path, text: &str) -> Result<(), TuneError> {
    std::fs::write(path, text).map_err(|source| TuneError::Write {
        path: path.to_path_buf(),
        source,
    })
}
