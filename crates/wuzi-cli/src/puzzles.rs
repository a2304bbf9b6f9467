//! `wuzi puzzles`: builds the puzzle set the app ships, from engine games,
//! and checks a set with the solver.
//!
//! Games are played by the engine against itself from a few random stones
//! near the centre (levels Easy and Normal, so both sides make the mistakes
//! puzzles come from). Every position after the opening is looked at: the
//! first one in a game where the side to move wins by fours (at least two
//! attacking moves) gives a puzzle by fours, and the first where it wins by
//! fours and threes but not by fours alone gives a puzzle by threats, when
//! the full search agrees that the position is won. Each puzzle keeps its
//! shortest win and every winning first move; puzzles whose first move is
//! unique are preferred. Every puzzle is checked by the solver again before
//! the set is written.

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use wuzi_core::{Game, GameConfig, Point, Rule, Stone};
use wuzi_engine::{Engine, Level, Limits, Position, SolveLimits, WinKind};
use wuzi_session::puzzle_set::{FORMAT, Puzzle, PuzzleFile, PuzzleKind, names};

use crate::soak::plan::Rng;

/// How many puzzles of each rule and kind to make.
#[derive(Debug, Clone, Copy)]
pub struct Targets {
    /// Freestyle, by fours.
    pub freestyle_fours: usize,
    /// Freestyle, by fours and threes.
    pub freestyle_threats: usize,
    /// Renju, by fours.
    pub renju_fours: usize,
    /// Renju, by fours and threes.
    pub renju_threats: usize,
}

/// The longest win by fours looked for, in attacking moves.
const MAX_FOURS: u32 = 15;
/// The longest win by threats looked for.
const MAX_THREATS: u32 = 7;
/// The budget of each look at a position while scanning games.
const SCAN_LIMITS: SolveLimits = SolveLimits::new(300_000, Duration::from_secs(3));
/// Moves of a game before positions are looked at.
const FIRST_LOOK: usize = 8;
/// Games played at most per rule, so a run always ends.
const MAX_GAMES: usize = 5_000;

/// A puzzle found, before it gets its id.
struct Found {
    puzzle: Puzzle,
    unique: bool,
}

/// Plays one engine game from a random opening; answers every position in
/// order (the empty board first).
fn self_play(rule: Rule, rng: &mut Rng, engine: &mut Engine) -> Vec<Game> {
    let config = GameConfig::with_rule(rule);
    let Ok(mut game) = Game::with_config(config) else {
        return Vec::new();
    };
    let mut states = vec![game.clone()];
    let stop = AtomicBool::new(false);
    let opening = 2 + rng.below(5) as usize;
    for _ in 0..opening * 64 {
        if game.moves().len() == opening {
            break;
        }
        let p = Point::new(4 + rng.below(7) as u8, 4 + rng.below(7) as u8);
        if game.try_play(p).is_ok() {
            states.push(game.clone());
        }
    }
    let levels = [Level::Easy, Level::Normal];
    let black = levels[rng.below(2) as usize];
    let white = levels[rng.below(2) as usize];
    engine.seed(rng.next_u64());
    while !game.is_over() && game.moves().len() < 120 {
        let pos = Position::from_game(&game, rule);
        let level = if game.to_move() == Stone::Black {
            black
        } else {
            white
        };
        let Ok(found) = engine.play(&pos, level, Limits::millis(200), &stop, |_| {}) else {
            break;
        };
        if game.try_play(found.best).is_err() {
            break;
        }
        states.push(game.clone());
    }
    states
}

/// Whether the full search sees the side to move in `pos` winning.
fn search_agrees(pos: &Position, engine: &mut Engine) -> bool {
    let stop = AtomicBool::new(false);
    engine
        .evaluate(pos, Limits::millis(500), &stop)
        .is_ok_and(|r| r.score > wuzi_engine::DECISIVE_SCORE)
}

/// The puzzle of `kind` in `game`'s position, if it is one.
fn puzzle_at(game: &Game, rule: Rule, kind: PuzzleKind, engine: &mut Engine) -> Option<Found> {
    let stop = AtomicBool::new(false);
    let pos = Position::from_game(game, rule);
    let (win_kind, max) = match kind {
        PuzzleKind::Fours => (WinKind::Fours, MAX_FOURS),
        PuzzleKind::Threats => (WinKind::Threats, MAX_THREATS),
    };
    let win = wuzi_engine::shortest_win(&pos, win_kind, max, SCAN_LIMITS, &stop)?;
    if win.attacker_moves() < 2 {
        return None;
    }
    if kind == PuzzleKind::Threats {
        if wuzi_engine::shortest_win(&pos, WinKind::Fours, 30, SCAN_LIMITS, &stop).is_some() {
            return None;
        }
        if !search_agrees(&pos, engine) {
            return None;
        }
    }
    let length = u32::try_from(win.attacker_moves()).ok()?;
    let mut firsts: Vec<String> = wuzi_engine::winning_first_moves(
        &pos,
        win_kind,
        length + 2,
        wuzi_session::puzzle_set::CHECK_LIMITS,
        &stop,
    )
    .into_iter()
    .map(|p| names(&[p]))
    .collect();
    firsts.sort();
    if firsts.is_empty() {
        return None;
    }
    let stones = |stone: Stone| -> Vec<Point> {
        game.board()
            .stones()
            .filter(|&(_, s)| s == stone)
            .map(|(p, _)| p)
            .collect()
    };
    let puzzle = Puzzle {
        id: String::new(),
        rule,
        kind,
        length,
        to_move: game.to_move(),
        black: names(&stones(Stone::Black)),
        white: names(&stones(Stone::White)),
        solution: names(&win.line),
        first_moves: firsts.clone(),
    };
    Some(Found {
        unique: firsts.len() == 1,
        puzzle,
    })
}

/// Makes `wanted` puzzles of each kind for `rule`, telling `out` how it
/// goes. Answers them by kind, shortest first.
fn build_rule(
    rule: Rule,
    wanted: [(PuzzleKind, usize); 2],
    rng: &mut Rng,
    out: &mut impl Write,
) -> std::io::Result<Vec<Puzzle>> {
    let mut engine = Engine::with_memory(16 << 20);
    let mut judge = Engine::with_memory(16 << 20);
    let mut found: Vec<Vec<Found>> = vec![Vec::new(), Vec::new()];
    let mut seen = HashSet::new();
    // Twice what is wanted, so the unique ones can be preferred.
    let enough = |found: &Vec<Vec<Found>>| {
        wanted.iter().enumerate().all(|(k, &(_, n))| {
            let unique = found[k].iter().filter(|f| f.unique).count();
            unique >= n || found[k].len() >= 2 * n
        })
    };
    let mut games = 0;
    while !enough(&found) && games < MAX_GAMES {
        games += 1;
        let states = self_play(rule, rng, &mut engine);
        for (k, &(kind, n)) in wanted.iter().enumerate() {
            if found[k].len() >= 2 * n {
                continue;
            }
            // The opening's random stones are no puzzle's start.
            for game in states.get(FIRST_LOOK..).unwrap_or_default() {
                if game.is_over() {
                    break;
                }
                let Some(f) = puzzle_at(game, rule, kind, &mut judge) else {
                    continue;
                };
                let key = format!(
                    "{}|{}|{:?}",
                    f.puzzle.black, f.puzzle.white, f.puzzle.to_move
                );
                if seen.insert(key) {
                    found[k].push(f);
                }
                // One of each kind per game: the later positions are the
                // same combination, shorter.
                break;
            }
        }
        if games % 20 == 0 {
            writeln!(
                out,
                "{}: {games} games, {} by fours, {} by threats",
                rule.name(),
                found[0].len(),
                found[1].len()
            )?;
        }
    }
    let mut puzzles = Vec::new();
    for (k, &(kind, n)) in wanted.iter().enumerate() {
        let mut list = std::mem::take(&mut found[k]);
        // Unique first moves first, then the order found; then by length.
        list.sort_by_key(|f| !f.unique);
        list.truncate(n);
        list.sort_by_key(|f| f.puzzle.length);
        let prefix = match rule {
            Rule::Renju => 'r',
            _ => 'f',
        };
        let kind_name = match kind {
            PuzzleKind::Fours => "fours",
            PuzzleKind::Threats => "threats",
        };
        for (i, f) in list.into_iter().enumerate() {
            let mut p = f.puzzle;
            p.id = format!("{prefix}-{kind_name}-{:03}", i + 1);
            puzzles.push(p);
        }
    }
    writeln!(out, "{}: {games} games played", rule.name())?;
    Ok(puzzles)
}

/// Builds the set and checks every puzzle; answers it with the seconds
/// taken.
///
/// # Errors
/// Writing progress to `out`, or a puzzle that fails its check.
pub fn build(
    targets: Targets,
    seed: u64,
    out: &mut impl Write,
) -> Result<(PuzzleFile, f64), String> {
    let start = Instant::now();
    let mut rng = Rng::new(seed);
    let mut puzzles = Vec::new();
    for (rule, wanted) in [
        (
            Rule::Freestyle,
            [
                (PuzzleKind::Fours, targets.freestyle_fours),
                (PuzzleKind::Threats, targets.freestyle_threats),
            ],
        ),
        (
            Rule::Renju,
            [
                (PuzzleKind::Fours, targets.renju_fours),
                (PuzzleKind::Threats, targets.renju_threats),
            ],
        ),
    ] {
        puzzles.extend(build_rule(rule, wanted, &mut rng, out).map_err(|e| e.to_string())?);
    }
    let file = PuzzleFile {
        format: FORMAT.to_string(),
        version: 1,
        puzzles,
    };
    check(&file, out)?;
    Ok((file, start.elapsed().as_secs_f64()))
}

/// Checks every puzzle of `file` with the solver.
///
/// # Errors
/// The first puzzle that fails, or a problem writing to `out`.
pub fn check(file: &PuzzleFile, out: &mut impl Write) -> Result<(), String> {
    for p in &file.puzzles {
        p.verify().map_err(|e| e.to_string())?;
    }
    writeln!(out, "{} puzzles checked", file.puzzles.len()).map_err(|e| e.to_string())?;
    Ok(())
}
