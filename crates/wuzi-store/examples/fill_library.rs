//! Fills a data folder with a big library: by default 10,000 replays and
//! 1,000 named saves in the first profile, for timing the app's start
//! against an empty folder (`scripts/bench-startup`).
//!
//! ```text
//! cargo run --release -p wuzi-store --example fill_library -- <folder> [--replays N] [--saves N]
//! ```
//!
//! Every game is a legal game played out by the game core (random points
//! near the stones already down, until a five or 40 to 100 moves), held in
//! the shape the game service writes (`record`, `mode`, `black`, `white`,
//! `started_ms`), so the app can open any of them. The replay index is built
//! at the end, as the app's own writes keep it, so a start finds it
//! current.

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};
use wuzi_core::record::GameRecord;
use wuzi_core::{Game, GameConfig, Outcome, Point, Rule, Stone};
use wuzi_store::{
    Filter, GameMode, GameResult, Paging, Player, ProfileId, ReplaySummary, SaveMeta, Store,
};

/// Distinct games; the library repeats them under different dates.
const GAMES: usize = 64;
const HOUR_MS: i64 = 3_600_000;
/// 2024-01-01, so the dates look like a real history.
const FIRST_MS: i64 = 1_704_067_200_000;

/// A small, seeded generator: the same folder every run, no extra crate.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// A game played to a five or to `length` moves, each move on an empty,
/// allowed point next to a stone already down (as people play), with the
/// time each move took.
fn play(rule: Rule, length: usize, rng: &mut Lcg) -> Game {
    let mut game = Game::new(GameConfig::with_rule(rule));
    let size = game.board().size();
    let centre = size / 2;
    let mut first = true;
    while !game.is_over() && game.moves().len() < length {
        let candidates: Vec<Point> = (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
            .filter(|&p| {
                if first {
                    return p == Point::new(centre, centre);
                }
                game.board().stone_at(p).is_none()
                    && near_a_stone(&game, p)
                    && matches!(game.check(p), Ok(None))
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let point = candidates[rng.below(candidates.len() as u64) as usize];
        let think = std::time::Duration::from_millis(500 + rng.below(9_500));
        if game.try_play_timed(point, think).is_err() {
            break;
        }
        first = false;
    }
    game
}

fn near_a_stone(game: &Game, p: Point) -> bool {
    let size = i16::from(game.board().size());
    (-1i16..=1).any(|dy| {
        (-1i16..=1).any(|dx| {
            let (x, y) = (i16::from(p.x) + dx, i16::from(p.y) + dy);
            (0..size).contains(&x)
                && (0..size).contains(&y)
                && game
                    .board()
                    .stone_at(Point::new(x as u8, y as u8))
                    .is_some()
        })
    })
}

/// Who plays white: the computer at a level, or a guest at the same board
/// (a library holds both kinds, so filtering by mode has something to do).
#[derive(Clone, Copy)]
enum White<'a> {
    Computer(&'a str),
    Guest(&'a str),
}

impl White<'_> {
    fn mode(self) -> GameMode {
        match self {
            White::Computer(_) => GameMode::HumanVsAi,
            White::Guest(_) => GameMode::HumanVsHuman,
        }
    }

    fn player(self) -> Player {
        match self {
            White::Computer(level) => Player::Ai {
                level: level.into(),
            },
            White::Guest(name) => Player::Human { name: name.into() },
        }
    }
}

/// The game service's saved-game shape.
fn saved(game: &Game, player: &str, white: White<'_>, started_ms: i64) -> Value {
    let (mode, white) = match white {
        White::Computer(level) => ("human_ai", json!({ "kind": "ai", "level": level })),
        White::Guest(name) => ("human_human", json!({ "kind": "human", "name": name })),
    };
    json!({
        "record": GameRecord::from_game(game),
        "mode": mode,
        "black": { "kind": "human", "name": player },
        "white": white,
        "started_ms": started_ms,
    })
}

fn summary(game: &Game, player: &str, white: White<'_>, started_ms: i64) -> ReplaySummary {
    let duration = game.elapsed(Stone::Black) + game.elapsed(Stone::White);
    let duration_ms = u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
    let (result, outcome) = match game.outcome() {
        Some(Outcome::Win {
            stone: Stone::Black,
            ..
        }) => (GameResult::BlackWin, Some(wuzi_store::Outcome::Win)),
        Some(Outcome::Win { .. }) => (GameResult::WhiteWin, Some(wuzi_store::Outcome::Loss)),
        // Played to its length without a five: left unfinished.
        _ => (GameResult::Unfinished, None),
    };
    ReplaySummary {
        started_ms,
        ended_ms: started_ms.saturating_add_unsigned(duration_ms),
        mode: white.mode(),
        rule: game.config().rule,
        size: game.board().size(),
        black: Player::Human {
            name: player.into(),
        },
        white: white.player(),
        result,
        outcome,
        move_count: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
        duration_ms,
    }
}

fn preview(game: &Game) -> String {
    let board = game.board();
    (0..board.size())
        .flat_map(|y| (0..board.size()).map(move |x| Point::new(x, y)))
        .map(|p| match board.stone_at(p) {
            Some(Stone::Black) => 'x',
            Some(Stone::White) => 'o',
            None => '.',
        })
        .collect()
}

struct Args {
    folder: PathBuf,
    replays: usize,
    saves: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args();
    // The program's own name.
    args.next();
    let mut folder = None;
    let mut replays = 10_000;
    let mut saves = 1_000;
    while let Some(arg) = args.next() {
        let mut count = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|n| n.parse().ok())
                .ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--replays" => replays = count("--replays")?,
            "--saves" => saves = count("--saves")?,
            _ if folder.is_none() && !arg.starts_with('-') => folder = Some(PathBuf::from(arg)),
            _ => return Err(format!("unknown argument {arg:?}")),
        }
    }
    let folder = folder.ok_or("usage: fill_library <folder> [--replays N] [--saves N]")?;
    Ok(Args {
        folder,
        replays,
        saves,
    })
}

/// Turns a store error into the line printed, saying what was being done.
fn failed(what: &'static str) -> impl Fn(wuzi_store::Error) -> String {
    move |e| format!("{what}: {e}")
}

fn fill(args: &Args) -> Result<(), String> {
    if args.folder.read_dir().is_ok_and(|mut d| d.next().is_some()) {
        return Err(format!("{} is not empty", args.folder.display()));
    }
    std::fs::create_dir_all(&args.folder).map_err(|e| e.to_string())?;
    let (mut store, _) = Store::open(&args.folder).map_err(failed("open"))?;
    let profile = store.profiles()[0].clone();
    store
        .open_profile(&profile.id, None)
        .map_err(failed("open profile"))?;

    let mut rng = Lcg(0x5eed);
    let levels = ["beginner", "easy", "normal", "hard", "master"];
    let rules = [Rule::Freestyle, Rule::Standard, Rule::Renju];
    let games: Vec<Game> = (0..GAMES)
        .map(|i| play(rules[i % rules.len()], 40 + (i * 7) % 61, &mut rng))
        .collect();
    let level = |i: usize| levels[i % levels.len()];

    for i in 0..args.saves {
        let game = &games[i % GAMES];
        let started_ms = FIRST_MS + i as i64 * HOUR_MS;
        let meta = SaveMeta {
            saved_ms: started_ms + HOUR_MS / 2,
            rule: game.config().rule,
            size: game.board().size(),
            mode: GameMode::HumanVsAi,
            move_count: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            preview: preview(game),
        };
        let name = format!("Game {} against {}", i + 1, level(i));
        let value = saved(game, &profile.name, White::Computer(level(i)), started_ms);
        store
            .save(&profile.id, &name, &meta, &value, false)
            .map_err(failed("save"))?;
    }

    if args.replays > 0 {
        record_replays(&store, &profile.id, &profile.name, &games, args.replays)?;
    }
    let listed = store
        .list_replays(&profile.id, &Filter::default(), Paging::default())
        .map_err(failed("list replays"))?;
    println!(
        "{}: {} replays, {} saves",
        args.folder.display(),
        listed.total,
        store.saves(&profile.id).map_err(failed("saves"))?.0.len()
    );
    Ok(())
}

/// Records the first replay through the store, then writes the rest as
/// files shaped like it: recording one by one rewrites the index every
/// time, 10,000 times; the list afterwards builds it once, to the same end.
fn record_replays(
    store: &Store,
    id: &ProfileId,
    player: &str,
    games: &[Game],
    count: usize,
) -> Result<(), String> {
    let start = |i: usize| FIRST_MS + i as i64 * HOUR_MS;
    let replay = |i: usize| {
        let game = &games[i % GAMES];
        // One game in four is against a friend at the same board.
        let white = if i % 4 == 3 {
            White::Guest("Guest")
        } else {
            White::Computer(["beginner", "easy", "normal", "hard", "master"][i % 5])
        };
        (
            summary(game, player, white, start(i)),
            saved(game, player, white, start(i)),
        )
    };
    let (first_summary, first_game) = replay(0);
    let first = store
        .record_replay(id, &first_summary, &first_game)
        .map_err(|e| format!("record replay: {e}"))?;
    let folder = store
        .root()
        .join("profiles")
        .join(id.as_str())
        .join("replays");
    let template: Value = std::fs::read_to_string(folder.join(format!("{first}.json")))
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))?;
    for i in 1..count {
        let (summary, game) = replay(i);
        let replay_id = format!("{:013}-{:08x}", summary.ended_ms, i);
        let mut file = template.clone();
        file["id"] = replay_id.clone().into();
        file["summary"] = serde_json::to_value(&summary).map_err(|e| e.to_string())?;
        file["game"] = game;
        std::fs::write(folder.join(format!("{replay_id}.json")), file.to_string())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(|args| fill(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("fill_library: {err}");
            ExitCode::FAILURE
        }
    }
}
