//! `wuzi soak`: many computer-against-computer games through the app's own
//! game service ([`wuzi_session::Service`] on a real data folder, every
//! command sent through its one `dispatch` as the UI sends it), at a small
//! time for each move, checking as it goes and after:
//!
//! - every stone the service answers is legal by a separate copy of the
//!   rules ([`wuzi_core::Game`]), and the service's verdict on each game
//!   is the rules' own;
//! - no command panics (a panic is caught, counted, and the run goes on);
//! - the replay log holds every game with its result and moves, and the
//!   stats count exactly the games they should;
//! - resident memory stays flat from game 100 to the last;
//! - nothing logs a warning, and the service has no notice for the player.
//!
//! Games go round freestyle, standard and renju on 15x15 and 19x19 (renju
//! on 15x15 only: its 19x19 turn checks that the board is refused), half of
//! them the computer against itself and half against the person's seat,
//! whose clicks come from a second engine in the soak, so that the stats
//! have games to count. Levels, clocks and renju's forbidden-move setting
//! are drawn from the seed, and every game starts from one to four random
//! stones near the centre, so no two games are alike.

mod audit;
mod game;
pub mod memory;
pub mod plan;
mod warnings;

use std::any::Any;
use std::collections::{BTreeMap, HashSet};
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use thiserror::Error;
use wuzi_core::Rule;
use wuzi_session::Service;

use self::audit::{Findings, Logged};
use self::game::{MoveTimes, Played, Table};
use self::memory::Memory;
use self::plan::{GamePlan, Rng, Sides};

/// The options of `wuzi soak`.
#[derive(Debug, Clone, clap::Args)]
pub struct SoakArgs {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Time for a move, in milliseconds: the computer is told to play at
    /// once when it is spent, and the person's engine is given as much.
    #[arg(long, default_value_t = 20)]
    pub budget_ms: u64,
    /// Data folder to play in (created if missing); by default a fresh
    /// temporary one, removed afterwards unless a check failed.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Seed for the rules, sizes, levels, clocks and openings drawn.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Why a soak could not be run at all (a failed check is not an error: it
/// is reported, and the run ends with a failure status).
#[derive(Debug, Error)]
pub enum SoakError {
    /// `--games 0`.
    #[error("--games must be at least 1")]
    NoGames,
    /// `--budget-ms 0`.
    #[error("--budget-ms must be at least 1")]
    NoBudget,
    /// No temporary data folder could be made.
    #[error("no temporary data folder: {0}")]
    TempDir(io::Error),
    /// The data folder named could not be made.
    #[error("the data folder {path} cannot be made: {source}")]
    DataDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The service could not answer before any game began (no profile
    /// open, the folder in use by another copy of Wuzi ...).
    #[error("the game service is not ready in {path}: {message}")]
    NotReady {
        /// The data folder.
        path: PathBuf,
        /// The failing command and its error.
        message: String,
    },
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
}

/// Games, moves and endings of one rule and board.
#[derive(Debug, Clone, Copy, Default)]
struct Cell {
    games: usize,
    moves: usize,
    black: usize,
    white: usize,
    draws: usize,
    other: usize,
}

impl Cell {
    fn add(&mut self, played: &Played) {
        self.games += 1;
        self.moves += played.moves.len();
        match played.result {
            Some("black_win") => self.black += 1,
            Some("white_win") => self.white += 1,
            Some("draw") => self.draws += 1,
            _ => self.other += 1,
        }
    }

    fn merge(&mut self, other: &Cell) {
        self.games += other.games;
        self.moves += other.moves;
        self.black += other.black;
        self.white += other.white;
        self.draws += other.draws;
        self.other += other.other;
    }
}

/// Everything gathered while the games are played.
#[derive(Debug, Default)]
struct Tally {
    cells: BTreeMap<(&'static str, u8), Cell>,
    logged: Vec<Logged>,
    distinct: HashSet<Vec<(u8, u8)>>,
    illegal: Vec<String>,
    forbidden: Vec<String>,
    faults: Vec<String>,
    panics: Vec<String>,
    renju_19: (usize, usize),
    computer: MoveTimes,
    person: MoveTimes,
    /// Games with each tournament opening, and how many played it through.
    tournaments: BTreeMap<&'static str, (usize, usize)>,
}

fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::Standard => "standard",
        Rule::Renju => "renju",
    }
}

impl Tally {
    fn add(&mut self, plan: &GamePlan, played: Played) {
        let number = plan.index + 1;
        if let Some(opening) = plan.tournament {
            let entry = self.tournaments.entry(opening.key()).or_default();
            entry.0 += 1;
            entry.1 += usize::from(played.opening_done);
        }
        let moves: Vec<(u8, u8)> = played.moves.iter().map(|p| (p.x, p.y)).collect();
        self.cells
            .entry((rule_name(plan.rule), plan.size))
            .or_default()
            .add(&played);
        let note = |list: &mut Vec<String>, items: &[String]| {
            list.extend(items.iter().map(|m| format!("game {number}: {m}")));
        };
        note(&mut self.illegal, &played.illegal);
        note(&mut self.forbidden, &played.forbidden);
        note(&mut self.faults, &played.faults);
        if let Some(refused) = played.refused_renju_19 {
            self.renju_19.1 += 1;
            self.renju_19.0 += usize::from(refused);
        }
        self.computer.merge(&played.computer);
        self.person.merge(&played.person);
        self.distinct.insert(moves.clone());
        self.logged.push(Logged {
            number,
            replay_id: played.replay_id,
            result: played.result,
            mode: plan.sides.mode(),
            rule: serde_json::json!(plan.rule),
            size: plan.size,
            moves,
            person_outcome: played.person_outcome,
            computer_level: match plan.sides {
                Sides::PersonAgainst { computer, .. } => Some(computer.name()),
                Sides::Computers { .. } => None,
            },
        });
    }
}

/// A panic's message, as far as it can be told.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".into())
}

/// Installs the soak's log: standard error as `RUST_LOG` asks (silent by
/// default), and a count of every warning and error, which the report
/// includes.
pub fn init_logging() {
    if !warnings::install() {
        eprintln!("wuzi soak: another logger was installed; warnings will not be counted");
    }
}

/// The data folder: the one named, or a fresh temporary one.
fn data_folder(args: &SoakArgs) -> Result<(PathBuf, Option<tempfile::TempDir>), SoakError> {
    match &args.data {
        Some(path) => {
            std::fs::create_dir_all(path).map_err(|source| SoakError::DataDir {
                path: path.clone(),
                source,
            })?;
            Ok((path.clone(), None))
        }
        None => {
            let temp = tempfile::Builder::new()
                .prefix("wuzi-soak-")
                .tempdir()
                .map_err(SoakError::TempDir)?;
            Ok((temp.path().to_path_buf(), Some(temp)))
        }
    }
}

/// Plays the soak `args` describes, writing progress and the report to
/// `out`. Answers whether every check passed.
///
/// # Errors
/// [`SoakError`] when the soak cannot run at all, or `out` fails.
pub fn run(args: &SoakArgs, out: &mut dyn Write) -> Result<bool, SoakError> {
    if args.games == 0 {
        return Err(SoakError::NoGames);
    }
    if args.budget_ms == 0 {
        return Err(SoakError::NoBudget);
    }
    let (folder, temp) = data_folder(args)?;
    let service = Service::open(Some(folder.clone()), false);
    let not_ready = |message: String| SoakError::NotReady {
        path: folder.clone(),
        message,
    };
    let before = audit::before(&service).map_err(not_ready)?;
    // Notices from opening an existing folder are not the soak's doing;
    // taking them now leaves only those the games cause.
    let earlier = service.app_info().notices;
    writeln!(
        out,
        "wuzi soak: {} games, {} ms a move, seed {}, data {}",
        args.games,
        args.budget_ms,
        args.seed,
        folder.display()
    )?;
    for notice in &earlier {
        writeln!(out, "notice before the games: {}", notice.message)?;
    }
    let mut rng = Rng::new(args.seed);
    let mut table = Table::new(&service, Duration::from_millis(args.budget_ms));
    let mut tally = Tally::default();
    let mut readings: Vec<(usize, Memory)> = Vec::new();
    let started = Instant::now();
    for index in 0..args.games {
        let plan = plan::plan(index, &mut rng);
        // A panic anywhere in a command is caught here, counted, and the
        // next game starts: the service recovers its locks from a panic.
        match panic::catch_unwind(AssertUnwindSafe(|| table.play_game(&plan))) {
            Ok(played) => tally.add(&plan, played),
            Err(payload) => tally.panics.push(format!(
                "game {}: {}",
                index + 1,
                panic_message(payload.as_ref())
            )),
        }
        let number = index + 1;
        if number == 1 || number.is_multiple_of(100) || number == args.games {
            if let Some(memory) = memory::now() {
                readings.push((number, memory));
                writeln!(
                    out,
                    "game {number:>5}: {memory}, {:.1} s",
                    started.elapsed().as_secs_f64()
                )?;
            } else {
                writeln!(
                    out,
                    "game {number:>5}: {:.1} s",
                    started.elapsed().as_secs_f64()
                )?;
            }
        }
    }
    let elapsed = started.elapsed();
    let findings =
        audit::check(&service, &before, &tally.logged).unwrap_or_else(|fault| Findings {
            faults: vec![format!("the audit could not finish: {fault}")],
            ..Findings::default()
        });
    let notices: Vec<String> = service
        .app_info()
        .notices
        .into_iter()
        .map(|n| n.message)
        .collect();
    let passed = report(
        out,
        &Report {
            games: args.games,
            tally: &tally,
            findings: &findings,
            readings: &readings,
            notices: &notices,
            elapsed,
        },
    )?;
    drop(service);
    if let Some(temp) = temp
        && !passed
    {
        // A failed run's folder is the evidence: keep it.
        writeln!(out, "data kept in {}", temp.keep().display())?;
    }
    Ok(passed)
}

/// What the report is made from.
struct Report<'a> {
    games: usize,
    tally: &'a Tally,
    findings: &'a Findings,
    readings: &'a [(usize, Memory)],
    notices: &'a [String],
    elapsed: Duration,
}

fn mean_ms(times: &MoveTimes) -> f64 {
    if times.count == 0 {
        0.0
    } else {
        times.total.as_secs_f64() * 1000.0 / times.count as f64
    }
}

/// At most this many of each kind of failure are listed.
const LISTED: usize = 10;

fn list(out: &mut dyn Write, items: &[String]) -> io::Result<()> {
    for item in items.iter().take(LISTED) {
        writeln!(out, "  {item}")?;
    }
    if items.len() > LISTED {
        writeln!(out, "  ... and {} more", items.len() - LISTED)?;
    }
    Ok(())
}

/// Whether memory stayed flat, and the line that says so.
fn memory_line(readings: &[(usize, Memory)]) -> (bool, String) {
    let shown: Vec<String> = readings
        .iter()
        .filter(|(n, _)| *n == 1 || *n == 100 || Some(n) == readings.last().map(|(l, _)| l))
        .map(|(n, m)| format!("game {n} {:.1} MiB", memory::mib(m.rss_kib)))
        .collect();
    let peak = readings.iter().map(|(_, m)| m.peak_kib).max().unwrap_or(0);
    let at_100 = readings.iter().find(|(n, _)| *n == 100);
    let last = readings.last().filter(|(n, _)| *n >= 200);
    let (flat, verdict) = match (at_100, last) {
        (Some((_, a)), Some((n, b))) => {
            let flat = memory::is_flat(a.rss_kib, b.rss_kib);
            let allowed = memory::mib(memory::allowed_growth_kib(a.rss_kib));
            let change = memory::mib(b.rss_kib) - memory::mib(a.rss_kib);
            (
                flat,
                format!(
                    "{} (game 100 to {n}: {change:+.1} MiB, {allowed:.1} MiB allowed)",
                    if flat { "flat" } else { "GROWING" }
                ),
            )
        }
        _ if readings.is_empty() => (true, "not measured on this system".into()),
        _ => (true, "too short a run to judge".into()),
    };
    (
        flat,
        format!(
            "memory: RSS at {}; peak {:.1} MiB; {verdict}",
            shown.join(", "),
            memory::mib(peak)
        ),
    )
}

/// Writes the summary; answers whether every check passed.
fn report(out: &mut dyn Write, r: &Report<'_>) -> io::Result<bool> {
    let t = r.tally;
    let f = r.findings;
    writeln!(out)?;
    writeln!(
        out,
        "{:<10} {:>4} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6}",
        "rule", "size", "games", "moves", "black", "white", "draws", "other"
    )?;
    let mut all = Cell::default();
    for ((rule, size), cell) in &t.cells {
        all.merge(cell);
        writeln!(
            out,
            "{rule:<10} {size:>4} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6}",
            cell.games, cell.moves, cell.black, cell.white, cell.draws, cell.other
        )?;
    }
    writeln!(
        out,
        "{:<10} {:>4} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6}",
        "all", "", all.games, all.moves, all.black, all.white, all.draws, all.other
    )?;
    writeln!(out)?;
    for (who, times) in [("computer", &t.computer), ("person", &t.person)] {
        writeln!(
            out,
            "{who} moves: {}, mean {:.1} ms, longest {} ms",
            times.count,
            mean_ms(times),
            times.longest.as_millis()
        )?;
    }
    let distinct_ok = t.distinct.len() * 2 >= t.logged.len();
    writeln!(
        out,
        "distinct games: {} of {}",
        t.distinct.len(),
        t.logged.len()
    )?;
    let openings: Vec<String> = t
        .tournaments
        .iter()
        .map(|(name, (games, done))| format!("{name} {games} ({done} played through)"))
        .collect();
    writeln!(
        out,
        "tournament openings: {}",
        if openings.is_empty() {
            "none".to_string()
        } else {
            openings.join(", ")
        }
    )?;
    let renju_ok = t.renju_19.0 == t.renju_19.1;
    writeln!(
        out,
        "renju on 19x19 refused: {} of {}",
        t.renju_19.0, t.renju_19.1
    )?;
    writeln!(out, "illegal moves: {}", t.illegal.len())?;
    list(out, &t.illegal)?;
    writeln!(
        out,
        "forbidden points played by black: {}",
        t.forbidden.len()
    )?;
    list(out, &t.forbidden)?;
    writeln!(out, "panics: {}", t.panics.len())?;
    list(out, &t.panics)?;
    let faults: Vec<String> = t.faults.iter().chain(&f.faults).cloned().collect();
    writeln!(out, "faults: {}", faults.len())?;
    list(out, &faults)?;
    writeln!(out, "logged: {} of {}", f.logged, r.games)?;
    writeln!(
        out,
        "counted: {} of {} (the stats count games against the computer, not the computer against itself)",
        f.counted, f.countable
    )?;
    let (warned, first) = warnings::seen();
    writeln!(out, "warnings logged: {warned}")?;
    list(out, &first)?;
    writeln!(out, "notices: {}", r.notices.len())?;
    list(out, r.notices)?;
    let (flat, memory) = memory_line(r.readings);
    writeln!(out, "{memory}")?;
    writeln!(
        out,
        "time: {:.1} s, {:.2} s a game",
        r.elapsed.as_secs_f64(),
        r.elapsed.as_secs_f64() / r.games as f64
    )?;
    let passed = t.illegal.is_empty()
        && t.forbidden.is_empty()
        && t.panics.is_empty()
        && faults.is_empty()
        && f.logged == r.games
        && f.counted == f.countable as u64
        && warned == 0
        && r.notices.is_empty()
        && flat
        && distinct_ok
        && renju_ok;
    writeln!(out, "result: {}", if passed { "pass" } else { "FAIL" })?;
    Ok(passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(rss_mib: u64) -> Memory {
        Memory {
            rss_kib: rss_mib * 1024,
            peak_kib: rss_mib * 1024,
        }
    }

    #[test]
    fn memory_is_judged_from_game_100_to_the_last() {
        let flat = [(1, reading(30)), (100, reading(60)), (1000, reading(64))];
        let (ok, line) = memory_line(&flat);
        assert!(ok, "{line}");
        assert!(
            line.contains("game 1 30.0 MiB, game 100 60.0 MiB, game 1000 64.0 MiB"),
            "{line}"
        );
        let growing = [(1, reading(30)), (100, reading(60)), (1000, reading(90))];
        let (ok, line) = memory_line(&growing);
        assert!(!ok && line.contains("GROWING"), "{line}");
        let short = [(1, reading(30)), (12, reading(31))];
        assert!(memory_line(&short).0);
    }

    #[test]
    fn a_panics_message_is_kept() {
        let caught = panic::catch_unwind(|| panic!("the board fell over")).expect_err("a panic");
        assert_eq!(panic_message(caught.as_ref()), "the board fell over");
    }

    #[test]
    fn a_soak_needs_games_and_time() {
        let mut args = SoakArgs {
            games: 0,
            budget_ms: 20,
            data: None,
            seed: 1,
        };
        let mut out = Vec::new();
        assert!(matches!(run(&args, &mut out), Err(SoakError::NoGames)));
        args.games = 1;
        args.budget_ms = 0;
        assert!(matches!(run(&args, &mut out), Err(SoakError::NoBudget)));
    }
}
