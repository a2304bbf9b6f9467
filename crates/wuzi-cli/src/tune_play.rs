//! Tuning the evaluation's weights by play (`wuzi tune-play`).
//!
//! `wuzi tune` fits the weights to forecast how recorded games ended;
//! weights that forecast better have not always played better. This tunes
//! them for play itself, by simultaneous perturbation (SPSA): each round
//! moves every tuned weight of one table a step up or down at random (the
//! step a share of the weight, `--spread`), plays the weights moved up
//! against the weights moved down for one balanced opening with colours
//! swapped, and moves every weight towards the side that scored more, in
//! proportion to its step. Over many rounds the weights climb towards
//! those that win. Each side is a `wuzi pbrain --weights` process of its
//! own, as the weights are fixed for a process once it has searched.
//!
//! The weights for a five, an open four, a win and a forbidden point stay
//! as they are: the search decides those positions before the evaluation
//! is asked.

use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use thiserror::Error;
use wuzi_core::Rule;
use wuzi_engine::{
    EVAL_WEIGHTS, eval_corrections, eval_table, eval_weight_names, eval_weights,
    eval_weights_source,
};

use crate::matches::{Contender, play_pair};
use crate::openings::openings;
use crate::soak::plan::Rng;
use crate::tune::{TABLE_NAMES, TuneError, use_weights_file, write_weights};

/// The options of `wuzi tune-play`.
#[derive(Debug, Clone, clap::Args)]
pub struct TunePlayArgs {
    /// The rule to play; its table is tuned (freestyle and standard share
    /// one), the other is kept.
    #[arg(long, default_value = "freestyle", value_parser = crate::parse_rule)]
    pub rule: Rule,
    /// Rounds to play: each is one opening played twice, colours swapped.
    #[arg(long, default_value_t = 2000)]
    pub rounds: usize,
    /// Time per move in milliseconds.
    #[arg(long, default_value_t = 80)]
    pub time_ms: u64,
    /// Rounds played at once, each by two engine processes.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
    /// Start from the weights in this file (as `wuzi tune --write` writes
    /// them) instead of those built in.
    #[arg(long)]
    pub start: Option<PathBuf>,
    /// Write the tuned weights here (`crates/wuzi-engine/src/eval_weights.rs`
    /// to use them); also every 100 rounds, so that a long run can be
    /// stopped and its weights kept.
    #[arg(long)]
    pub write: PathBuf,
    /// How far a weight moves for a round's result, in its steps: after a
    /// round it moves by this times its step times the points the side it
    /// was on scored above the other's, halved (-1 to 1).
    #[arg(long, default_value_t = 0.02)]
    pub rate: f64,
    /// Each weight's step, as a share of its starting size (at least two
    /// score points).
    #[arg(long, default_value_t = 0.1)]
    pub spread: f64,
    /// Seed of the steps and the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// What went wrong in a tuning run.
#[derive(Debug, Error)]
pub enum TunePlayError {
    /// The weights to start from could not be read, or the tuned ones
    /// written.
    #[error(transparent)]
    Weights(#[from] TuneError),
    /// An option is out of range.
    #[error("{0}")]
    Option(String),
    /// Our own program could not be found to start the engines with.
    #[error("cannot find the wuzi program to start engines with: {0}")]
    Program(std::io::Error),
    /// A folder for the round's weights files could not be made or written.
    #[error("cannot write the round's weights: {0}")]
    Scratch(std::io::Error),
    /// An engine failed (rather than lost) a game.
    #[error("round {round}: an engine failed: {reason}")]
    Engine {
        /// The round, from 1.
        round: usize,
        /// What the match saw.
        reason: String,
    },
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Report(std::io::Error),
}

/// The smallest step of a weight: two score points in weight units.
const MIN_STEP: f64 = 64.0;

/// How often (in rounds) the weights so far are written and reported.
const CHECKPOINT: usize = 100;

/// Whether the weight named `name` is tuned: not the weights of a five, an
/// open four, two fours, an overline, a win or a forbidden point.
fn tuned(name: &str) -> bool {
    const KEPT: [&str; 7] = [
        "line five",
        "line overline",
        "line flex4",
        "line double-four",
        "threat five",
        "threat win",
        "threat forbidden",
    ];
    !KEPT.iter().any(|k| name.ends_with(k))
}

/// The run's state, shared by the jobs.
struct State {
    /// The tuned table's weights, unrounded.
    theta: Vec<f64>,
    /// Rounds handed out.
    started: usize,
    /// Results of finished rounds (the up side's points minus one).
    results: Vec<f64>,
    rng: Rng,
    /// The first failure, which stops every job.
    failed: Option<TunePlayError>,
}

/// Runs the tuning, reporting progress to `out`.
///
/// # Errors
/// Bad options, a start file that is not a weights file, an engine that
/// fails, or files that cannot be written.
pub fn run(args: &TunePlayArgs, out: &mut (impl Write + Send)) -> Result<(), TunePlayError> {
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        return Err(TunePlayError::Option("--rate must be above 0".into()));
    }
    if !(args.spread > 0.0 && args.spread.is_finite()) {
        return Err(TunePlayError::Option("--spread must be above 0".into()));
    }
    // This process never searches (its engines are processes of their
    // own), so the start file can simply be the weights it reads back.
    if let Some(path) = &args.start {
        use_weights_file(path)?;
    }
    let (tables, corrections) = (eval_weights(), eval_corrections());
    let program = std::env::current_exe().map_err(TunePlayError::Program)?;
    let table = eval_table(args.rule);
    let names = eval_weight_names();
    let moved: Vec<usize> = (0..EVAL_WEIGHTS).filter(|&i| tuned(&names[i])).collect();
    let steps: Vec<f64> = moved
        .iter()
        .map(|&i| (f64::from(tables[table][i]).abs() * args.spread).max(MIN_STEP))
        .collect();
    let book = openings(args.rule);
    if book.is_empty() {
        return Err(TunePlayError::Option("no openings for this rule".into()));
    }
    let scratch = tempfile::tempdir().map_err(TunePlayError::Scratch)?;
    // An engine's command line is split at spaces.
    for path in [program.as_path(), scratch.path()] {
        if path.to_string_lossy().contains(char::is_whitespace) {
            return Err(TunePlayError::Option(format!(
                "{} has a space in it, which an engine's command line cannot hold",
                path.display()
            )));
        }
    }
    let time = Duration::from_millis(args.time_ms);
    let state = Mutex::new(State {
        theta: moved.iter().map(|&i| f64::from(tables[table][i])).collect(),
        started: 0,
        results: Vec::new(),
        rng: Rng::new(args.seed),
        failed: None,
    });
    // The tables with the tuned one's weights set to `theta`.
    let with = |theta: &[f64]| {
        let mut t = tables;
        for (&i, &w) in moved.iter().zip(theta) {
            t[table][i] = w.round() as i32;
        }
        t
    };
    let write_to = |path: &Path, theta: &[f64], rounds: usize| {
        let note = format!(
            "{} table tuned by play: {rounds} rounds at {} ms a move (wuzi tune-play).",
            TABLE_NAMES[table], args.time_ms
        );
        write_weights(
            path,
            &eval_weights_source(&with(theta), &corrections, &note),
        )
        .map_err(TunePlayError::Weights)
    };
    writeln!(
        out,
        "tune-play: {} table, {} weights tuned, {} rounds at {} ms a move, {} at once",
        TABLE_NAMES[table].to_lowercase(),
        moved.len(),
        args.rounds,
        args.time_ms,
        args.jobs
    )
    .map_err(TunePlayError::Report)?;
    let out = Mutex::new(out);
    let lock = || state.lock().unwrap_or_else(PoisonError::into_inner);
    std::thread::scope(|scope| {
        for job in 0..args.jobs {
            let (lock, with, write_to, out) = (&lock, &with, &write_to, &out);
            let (program, scratch, book, steps) = (&program, scratch.path(), &book, &steps);
            let corrections = &corrections;
            scope.spawn(move || {
                loop {
                    let (round, theta, signs, opening) = {
                        let mut st = lock();
                        if st.failed.is_some() || st.started >= args.rounds {
                            return;
                        }
                        st.started += 1;
                        let signs: Vec<f64> = (0..steps.len())
                            .map(|_| if st.rng.below(2) == 0 { -1.0 } else { 1.0 })
                            .collect();
                        let opening = st.rng.below(book.len() as u64) as usize;
                        (st.started, st.theta.clone(), signs, opening)
                    };
                    let side = |sign: f64| -> Vec<f64> {
                        theta
                            .iter()
                            .zip(&signs)
                            .zip(steps)
                            .map(|((w, d), c)| w + sign * d * c)
                            .collect()
                    };
                    let played = (|| {
                        let mut contenders = Vec::new();
                        for (name, sign) in [("up", 1.0), ("down", -1.0)] {
                            let path = scratch.join(format!("job{job}-{name}.rs"));
                            let note = format!("round {round}, weights moved {name}");
                            let text = eval_weights_source(&with(&side(sign)), corrections, &note);
                            std::fs::write(&path, text).map_err(TunePlayError::Scratch)?;
                            contenders.push(Contender::External(format!(
                                "{} pbrain --weights {}",
                                program.display(),
                                path.display()
                            )));
                        }
                        play_pair(
                            &contenders[0],
                            &contenders[1],
                            args.rule,
                            time,
                            &book[opening],
                        )
                        .map_err(|reason| TunePlayError::Engine { round, reason })
                    })();
                    let mut st = lock();
                    let games = match played {
                        Ok(games) => games,
                        Err(e) => {
                            st.failed.get_or_insert(e);
                            return;
                        }
                    };
                    // The up side's points above the down side's, halved.
                    let result = games[0].1 + games[1].1 - 1.0;
                    for ((w, d), c) in st.theta.iter_mut().zip(&signs).zip(steps) {
                        *w += args.rate * c * d * result;
                    }
                    st.results.push(result);
                    let done = st.results.len();
                    if done % CHECKPOINT == 0 {
                        let last = &st.results[done - CHECKPOINT..];
                        let up_wins = last.iter().filter(|&&r| r > 0.0).count();
                        let down_wins = last.iter().filter(|&&r| r < 0.0).count();
                        let written = write_to(&args.write, &st.theta, done);
                        let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
                        let line = writeln!(
                            out,
                            "round {done}: last {CHECKPOINT} rounds won by the side moved up {up_wins}, down {down_wins}, split {}",
                            CHECKPOINT - up_wins - down_wins
                        )
                        .map_err(TunePlayError::Report);
                        if let Err(e) = written.and(line) {
                            st.failed.get_or_insert(e);
                            return;
                        }
                    }
                }
            });
        }
    });
    let st = state.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = st.failed {
        return Err(e);
    }
    write_to(&args.write, &st.theta, st.results.len())?;
    let mut report = String::new();
    for ((&i, &w), c) in moved.iter().zip(&st.theta).zip(&steps) {
        let from = tables[table][i];
        let to = w.round() as i32;
        if from != to {
            let _ = writeln!(
                report,
                "  {}: {from} -> {to} ({:+.2} steps)",
                names[i],
                (w - f64::from(from)) / c
            );
        }
    }
    let out = out.into_inner().unwrap_or_else(PoisonError::into_inner);
    write!(
        out,
        "{} rounds played; weights written to {}\n{report}",
        st.results.len(),
        args.write.display()
    )
    .map_err(TunePlayError::Report)
}
