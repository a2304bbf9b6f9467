//! The `wuzi` command.
use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use wuzi_core::{Rule, Stone};
use wuzi_engine::Level;

use wuzi_cli::matches::{Contender, MatchConfig};
use wuzi_cli::{bench, matches, parse_rule, pbrain, play, puzzles, soak, tune, tune_play};

mod serve;

/// Wuzi (五子): Gomoku and Renju from the terminal.
#[derive(Debug, Parser)]
#[command(name = "wuzi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Speak the Gomocup (pbrain) protocol on stdin/stdout.
    Pbrain {
        /// Play at this level (1-5 or a name) instead of full strength.
        #[arg(long, value_parser = parse_level)]
        level: Option<Level>,
        /// Precede each move with a `MESSAGE` line: the search's depth,
        /// score, nodes, time and best line.
        #[arg(long)]
        messages: bool,
        /// Play with the evaluation weights in this file (as `wuzi tune
        /// --write` writes them) instead of those built in.
        #[arg(long)]
        weights: Option<std::path::PathBuf>,
    },
    /// Play against the computer in the terminal.
    Play {
        /// The computer's level (1-5 or a name).
        #[arg(long, default_value = "normal", value_parser = parse_level)]
        level: Level,
        /// freestyle, standard or renju.
        #[arg(long, default_value = "freestyle", value_parser = parse_rule)]
        rule: Rule,
        /// Board size.
        #[arg(long, default_value_t = 15)]
        size: u8,
        /// Play white (the computer starts).
        #[arg(long)]
        white: bool,
    },
    /// Play a match: level against level or an external engine (`cmd:<command>`).
    Match {
        /// First contender: a level or `cmd:<pbrain engine command>`.
        a: String,
        /// Second contender.
        b: String,
        #[command(flatten)]
        config: MatchConfig,
    },
    /// Search fixed positions to a fixed depth and report speed, then how
    /// quickly a stopped search answers.
    Bench {
        /// Search depth.
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Also time the review of a 60-move game.
        #[arg(long)]
        review: bool,
        /// Threads to search with (the signature is only fixed with one).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// Leave out the timing of stopped searches: under a profiler or a
        /// cache simulator its searches, stopped by the clock, measure
        /// nothing and take long.
        #[arg(long)]
        no_stop: bool,
        /// Search with the evaluation weights in this file (as `wuzi tune
        /// --write` writes them) instead of those built in.
        #[arg(long)]
        weights: Option<std::path::PathBuf>,
    },
    /// Serve the web UI and the game service on 127.0.0.1, for the UI tests.
    ///
    /// Prints the page's address with a fresh token as the first line on
    /// stdout (`http://127.0.0.1:<port>/?token=<token>`), then answers
    /// `GET` with the files of the UI folder and `POST /ipc/<command>` (with
    /// the header `X-Wuzi-Token: <token>` and the JSON arguments as the
    /// body) through the real game service, as the app does. Stops on
    /// Ctrl-C, SIGTERM, or the end of stdin when stdin is a pipe.
    Serve(serve::ServeArgs),
    /// Play many computer-against-computer games through the game service
    /// on a real data folder, at a small time a move, and check every move,
    /// the replay log, the stats and memory; exits non-zero if a check fails.
    Soak(soak::SoakArgs),
    /// Fit the evaluation's weights to how recorded games ended
    /// (`wuzi match --record`) and report how much better they forecast
    /// games left out of the fit.
    Tune(tune::TuneArgs),
    /// Tune one rule's evaluation weights by play: the weights moved up
    /// at random against the same moved down, round after round, each
    /// moving towards the side that won (simultaneous perturbation).
    TunePlay(tune_play::TunePlayArgs),
    /// Build the puzzle set the app ships from engine games, or check one.
    #[command(subcommand)]
    Puzzles(PuzzlesCmd),
}

#[derive(Debug, Subcommand)]
enum PuzzlesCmd {
    /// Play engine games, find the puzzles in them, check each with the
    /// solver, and write the set as JSON.
    Build {
        /// Where to write the set.
        #[arg(long, default_value = "crates/wuzi-session/data/puzzles.json")]
        out: std::path::PathBuf,
        /// Seed of the games' openings and the engines' choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Freestyle puzzles by fours.
        #[arg(long, default_value_t = 200)]
        freestyle_fours: usize,
        /// Freestyle puzzles by fours and threes.
        #[arg(long, default_value_t = 100)]
        freestyle_threats: usize,
        /// Renju puzzles by fours.
        #[arg(long, default_value_t = 100)]
        renju_fours: usize,
        /// Renju puzzles by fours and threes.
        #[arg(long, default_value_t = 50)]
        renju_threats: usize,
    },
    /// Check every puzzle of a set with the solver.
    Check {
        /// The set.
        #[arg(default_value = "crates/wuzi-session/data/puzzles.json")]
        file: std::path::PathBuf,
    },
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse::<Level>().map_err(|e| e.to_string())
}

/// Puts the weights in `file`, if given, in place of those built in
/// (`--weights`), before anything searches.
fn use_weights(file: Option<&std::path::Path>) -> io::Result<()> {
    file.map_or(Ok(()), tune::use_weights_file)
        .map_err(io::Error::other)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        // The server warns on stderr by default; the rest are silent.
        Cmd::Serve(_) => serve::init_logging(),
        // The soak counts warnings, so it installs a log of its own.
        Cmd::Soak(_) => soak::init_logging(),
        _ => wuzi_cli::init_logging(),
    }
    let result = match cli.command {
        Cmd::Pbrain {
            level,
            messages,
            weights,
        } => use_weights(weights.as_deref()).and_then(|()| {
            pbrain::run_with(
                io::BufReader::new(io::stdin()),
                io::stdout().lock(),
                pbrain::Options { level, messages },
            )
        }),
        Cmd::Play {
            level,
            rule,
            size,
            white,
        } => play::run(
            size,
            rule,
            level,
            if white { Stone::White } else { Stone::Black },
        ),
        Cmd::Match { a, b, config } => {
            let (a, b) = match (Contender::parse(&a), Contender::parse(&b)) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            matches::run(&a, &b, &config, &mut io::stdout().lock()).map(|_| ())
        }
        Cmd::Bench {
            depth,
            review,
            threads,
            no_stop,
            weights,
        } => {
            let out = &mut io::stdout().lock();
            use_weights(weights.as_deref())
                .and_then(|()| bench::run(depth, usize::from(threads), out))
                .and_then(|_| {
                    if !no_stop {
                        bench::stop_latency(out)?;
                    }
                    Ok(())
                })
                .and_then(|_| {
                    if review {
                        bench::review_timing(out)?;
                    }
                    Ok(())
                })
        }
        Cmd::Serve(args) => serve::run(&args).map_err(io::Error::other),
        Cmd::Tune(args) => tune::run(&args, &mut io::stdout().lock()).map_err(io::Error::other),
        Cmd::TunePlay(args) => tune_play::run(&args, &mut io::stdout()).map_err(io::Error::other),
        Cmd::Puzzles(PuzzlesCmd::Build {
            out,
            seed,
            freestyle_fours,
            freestyle_threats,
            renju_fours,
            renju_threats,
        }) => {
            let targets = puzzles::Targets {
                freestyle_fours,
                freestyle_threats,
                renju_fours,
                renju_threats,
            };
            match puzzles::build(targets, seed, &mut io::stdout().lock()) {
                // The file first: a reader gone from stdout loses only
                // the closing line.
                Ok((file, seconds)) => serde_json::to_string_pretty(&file)
                    .map_err(io::Error::other)
                    .and_then(|text| std::fs::write(&out, text + "\n"))
                    .and_then(|()| {
                        writeln!(
                            io::stdout().lock(),
                            "{} puzzles built in {seconds:.0} s",
                            file.puzzles.len()
                        )
                    }),
                Err(e) => Err(io::Error::other(e)),
            }
        }
        Cmd::Puzzles(PuzzlesCmd::Check { file }) => std::fs::read_to_string(&file)
            .and_then(|text| serde_json::from_str(&text).map_err(io::Error::other))
            .and_then(|set| {
                puzzles::check(&set, &mut io::stdout().lock()).map_err(io::Error::other)
            }),
        Cmd::Soak(args) => match soak::run(&args, &mut io::stdout().lock()) {
            Ok(true) => Ok(()),
            // The report says which check failed.
            Ok(false) => return ExitCode::FAILURE,
            Err(e) => Err(io::Error::other(e)),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wuzi: {e}");
            ExitCode::FAILURE
        }
    }
}
