//! Engine matches: a level or an external Gomocup engine against another,
//! from balanced openings with colours swapped, with the Elo difference.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::time::Duration;

use wuzi_core::{Point, Rule, Stone, point_name};
use wuzi_engine::{DECISIVE_SCORE, Engine, Level, Limits, Position, WIN_CHANCE_SCALE};

use crate::openings::openings;
use crate::pairs::{Pairs, Sprt, Verdict, elo_of};

/// Who plays one side of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contender {
    /// One of our levels.
    Level(Level),
    /// An external engine speaking the Gomocup protocol, by command line.
    External(String),
}

impl Contender {
    /// Reads `master`, `3`, or `cmd:<command line>`.
    ///
    /// # Errors
    /// A message when it is neither a level nor a command.
    pub fn parse(text: &str) -> Result<Contender, String> {
        if let Some(cmd) = text.strip_prefix("cmd:") {
            return Ok(Contender::External(cmd.to_string()));
        }
        text.parse::<Level>()
            .map(Contender::Level)
            .map_err(|e| e.to_string())
    }

    fn name(&self) -> String {
        match self {
            Contender::Level(l) => l.to_string(),
            Contender::External(c) => c.clone(),
        }
    }
}

/// How a match is played; also the options of `wuzi match`.
#[derive(Debug, Clone, clap::Args)]
pub struct MatchConfig {
    /// Number of games (colours swap every game; each pair shares an
    /// opening).
    #[arg(long, default_value_t = 40)]
    pub games: usize,
    /// freestyle, standard or renju.
    #[arg(long, default_value = "freestyle", value_parser = crate::parse_rule)]
    pub rule: Rule,
    /// Board size (openings are used on 15x15 only).
    #[arg(long, default_value_t = 15)]
    pub size: u8,
    /// Time per move in milliseconds instead of each level's own.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Time per move in milliseconds for the second contender, when it
    /// differs (a match at time odds).
    #[arg(long)]
    pub time_ms_b: Option<u64>,
    /// Multiply every side's time per move by this (0.1 plays the levels at
    /// a tenth of their own times), so that levels keep their ratio in
    /// shorter matches.
    #[arg(long, default_value_t = 1.0)]
    pub time_scale: f64,
    /// Threads each contender searches with (ours, and external engines
    /// through `INFO thread_num`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Threads for the second contender, when it differs.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads_b: Option<u16>,
    /// Print each game's moves.
    #[arg(long)]
    pub verbose: bool,
    /// Fit the scale that turns our levels' search scores into win chances
    /// to how the games ended.
    #[arg(long)]
    pub calibrate: bool,
    /// Append each game to this file, one line a game (`wuzi tune` reads
    /// it): the rule, the size, the result for black (`1-0`, `0-1` or
    /// `1/2`) and the moves in order.
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
    /// End the match as soon as a sequential probability ratio test over
    /// the game pairs decides between two Elo differences of the first
    /// contender over the second: `ELO0,ELO1` (a 5% chance of each wrong
    /// verdict) or `ELO0,ELO1,ALPHA,BETA`. `--games` is then the most
    /// played.
    #[arg(long, value_parser = Sprt::parse, allow_hyphen_values = true)]
    pub sprt: Option<Sprt>,
}

/// W/D/L from the first contender's view.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first contender won.
    pub wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games the first contender lost.
    pub losses: usize,
}

impl Tally {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// Points per game, 0.0 to 1.0.
    #[must_use]
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// Elo difference with the low and high ends of its 95% interval
    /// (infinite when the score or an end of its interval is 0% or 100%).
    #[must_use]
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1) as f64;
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        // With every game won (or lost) the spread is zero, which would
        // claim certainty: floor it at a coin toss's spread over `n` games.
        let var = var.max(0.25 / n);
        let margin = 1.96 * (var / n).sqrt();
        (elo_of(s), elo_of(s - margin), elo_of(s + margin))
    }
}

/// An Elo figure for people: signed, or "+inf" / "-inf".
fn elo_text(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if e.round() == 0.0 {
        // Not "-0" for a hair below even.
        "+0".to_string()
    } else {
        format!("{e:+.0}")
    }
}

/// A player that is asked for moves.
trait Player {
    fn new_game(&mut self, size: u8, rule: Rule) -> Result<(), String>;
    /// The move in `pos`, reached by `moves` from the empty board (black
    /// first), and the score the player gave it when it tells us one.
    fn choose(&mut self, pos: &Position, moves: &[Point]) -> Result<(Point, Option<i32>), String>;
    /// What went wrong but was mended since the last call, for the game's
    /// log line.
    fn mended(&mut self) -> Option<String> {
        None
    }
}

struct Ours {
    level: Level,
    limits: Limits,
    engine: Engine,
}

impl Player for Ours {
    fn new_game(&mut self, _size: u8, _rule: Rule) -> Result<(), String> {
        self.engine.clear();
        Ok(())
    }

    fn choose(&mut self, pos: &Position, _moves: &[Point]) -> Result<(Point, Option<i32>), String> {
        let stop = AtomicBool::new(false);
        // Beginner does not search, so it has no score to give.
        let searched = self.level != Level::Beginner;
        self.engine
            .play(pos, self.level, self.limits, &stop, |_| {})
            .map(|r| (r.best, searched.then_some(r.score)))
            .map_err(|e| e.to_string())
    }
}

struct External {
    command: String,
    time: Duration,
    threads: u16,
    child: Option<(Child, ChildStdin, mpsc::Receiver<String>)>,
    /// Positions sent again this game because the engine lost the first.
    resent: usize,
    /// Whether `START` was sent again this game because the engine lost
    /// the first.
    restarted: bool,
}

/// How long an engine that lost a position may go on talking before it is
/// sent the position again.
const SETTLE: Duration = Duration::from_millis(300);

/// Whether an answer line is a move `x,y`.
fn is_move(line: &str) -> bool {
    let mut it = line.split(',');
    matches!(
        (
            it.next().map(str::parse::<u8>),
            it.next().map(str::parse::<u8>),
            it.next()
        ),
        (Some(Ok(_)), Some(Ok(_)), None)
    )
}

impl External {
    fn send(&mut self, line: &str) -> Result<(), String> {
        let (_, stdin, _) = self.child.as_mut().ok_or("engine not running")?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|e| e.to_string())
    }

    /// Reads lines until the engine has been quiet for [`SETTLE`]: what an
    /// engine says after it dropped a command is the rest of that mix-up.
    fn drain(&mut self) -> Result<(), String> {
        let (_, _, rx) = self.child.as_mut().ok_or("engine not running")?;
        loop {
            match rx.recv_timeout(SETTLE) {
                Ok(_) => {}
                Err(mpsc::RecvTimeoutError::Timeout) => return Ok(()),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err("the engine has exited".to_string());
                }
            }
        }
    }

    /// Sends the position as a `BOARD` block, its stones in the order
    /// they were played: engines rebuild the game from that order, and take
    /// the first stone for black's.
    fn send_position(&mut self, pos: &Position, moves: &[Point]) -> Result<(), String> {
        let me = pos.to_move();
        self.send("BOARD")?;
        for (n, p) in moves.iter().enumerate() {
            let stone = if n % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            self.send(&format!(
                "{},{},{}",
                p.x,
                p.y,
                if stone == me { 1 } else { 2 }
            ))?;
        }
        self.send("DONE")
    }

    fn expect(&mut self, want: impl Fn(&str) -> bool, wait: Duration) -> Result<String, String> {
        let (_, _, rx) = self.child.as_mut().ok_or("engine not running")?;
        loop {
            let line = rx
                .recv_timeout(wait)
                .map_err(|_| "engine did not answer in time".to_string())?;
            if want(line.trim()) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// Sends a command with `send` and waits for an answer that `accept`
    /// takes, or an `ERROR`. An engine still finishing its last search may
    /// drop the command and read what follows it as commands, answering
    /// with errors: it is let finish talking and sent the command again,
    /// `retries` times at most. Returns the last answer, and how many times
    /// the command was sent again even when no answer came, so that a game
    /// that fails still says so.
    fn exchange(
        &mut self,
        send: impl Fn(&mut Self) -> Result<(), String>,
        accept: impl Fn(&str) -> bool,
        wait: Duration,
        retries: usize,
    ) -> (Result<String, String>, usize) {
        let answer = |l: &str| accept(l) || l.starts_with("ERROR");
        let mut again = 0;
        let mut line = send(self).and_then(|()| self.expect(answer, wait));
        while again < retries && line.as_ref().is_ok_and(|l| l.starts_with("ERROR")) {
            again += 1;
            line = self
                .drain()
                .and_then(|()| send(self))
                .and_then(|()| self.expect(answer, wait));
        }
        (line, again)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if let Some((mut child, mut stdin, _)) = self.child.take() {
            let _ = writeln!(stdin, "END");
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(50));
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Player for External {
    fn new_game(&mut self, size: u8, rule: Rule) -> Result<(), String> {
        if self.child.is_none() {
            let mut parts = self.command.split_whitespace();
            let program = parts.next().ok_or("empty engine command")?;
            let mut child = Command::new(program)
                .args(parts)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("cannot start {program}: {e}"))?;
            let stdin = child.stdin.take().ok_or("no stdin")?;
            let stdout = child.stdout.take().ok_or("no stdout")?;
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            self.child = Some((child, stdin, rx));
        }
        let rule_bits = match rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        };
        // An engine still finishing the last game's search may drop
        // `START` as it drops a position: it is sent once more before the
        // game counts as lost.
        let start = format!("START {size}");
        let (reply, again) = self.exchange(
            |e| e.send(&start),
            |l| l == "OK",
            Duration::from_secs(10),
            1,
        );
        self.restarted = again > 0;
        let reply = reply?;
        if reply != "OK" {
            return Err(reply);
        }
        self.send(&format!("INFO timeout_turn {}", self.time.as_millis()))?;
        self.send("INFO timeout_match 0")?;
        self.send(&format!("INFO rule {rule_bits}"))?;
        self.send(&format!("INFO thread_num {}", self.threads))?;
        self.resent = 0;
        Ok(())
    }

    fn choose(&mut self, pos: &Position, moves: &[Point]) -> Result<(Point, Option<i32>), String> {
        let wait = self.time * 3 + Duration::from_secs(2);
        // An engine still finishing its last search may drop `BOARD` and
        // read the stones as commands: the position is sent again, twice
        // at most.
        let (line, again) = self.exchange(|e| e.send_position(pos, moves), is_move, wait, 2);
        self.resent += again;
        let line = line?;
        if line.starts_with("ERROR") {
            return Err(format!("the engine keeps refusing the position: {line}"));
        }
        let (x, y) = line.split_once(',').ok_or("bad move")?;
        let point = Point::new(
            x.parse().map_err(|_| "bad x")?,
            y.parse().map_err(|_| "bad y")?,
        );
        Ok((point, None))
    }

    fn mended(&mut self) -> Option<String> {
        let resent = std::mem::take(&mut self.resent);
        let restarted = std::mem::take(&mut self.restarted);
        let start = restarted.then(|| format!("{} lost START and was sent it again", self.command));
        let position = (resent > 0).then(|| {
            format!(
                "{} lost the position and was sent it again {resent} time{}",
                self.command,
                if resent == 1 { "" } else { "s" }
            )
        });
        match (start, position) {
            (Some(a), Some(b)) => Some(format!("{a}; {b}")),
            (a, b) => a.or(b),
        }
    }
}

/// The time per move `c` is given in this match: `time_ms` if set, else
/// the contender's own.
fn move_time_for(c: &Contender, time_ms: Option<u64>, config: &MatchConfig) -> Duration {
    let own = match c {
        Contender::Level(level) => level.limits().time,
        Contender::External(_) => Duration::from_millis(1000),
    };
    time_ms
        .map_or(own, Duration::from_millis)
        .mul_f64(config.time_scale.max(0.0))
}

fn player(c: &Contender, time: Duration, threads: u16) -> Box<dyn Player> {
    match c {
        Contender::Level(level) => {
            let mut engine = Engine::with_memory(16 << 20);
            engine.set_threads(usize::from(threads));
            Box::new(Ours {
                level: *level,
                // A time a move: what is not used is lost.
                limits: Limits {
                    spend_all: true,
                    ..Limits::time(time)
                },
                engine,
            })
        }
        Contender::External(command) => Box::new(External {
            command: command.clone(),
            time,
            threads,
            child: None,
            resent: 0,
            restarted: false,
        }),
    }
}

/// How a game won on the board is told in its [`GameEnd::Win`]; anything
/// else there is a loss by failure.
const BY_FIVE: &str = "five";

/// How one game ended, from black's view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameEnd {
    /// A five (or the other side's illegal move or failure).
    Win(Stone, String),
    /// Board full or move limit.
    Draw,
}

/// One game played out: how it ended, its moves, and the scores the players
/// gave their own moves (with the side that moved).
struct Played {
    end: GameEnd,
    moves: Vec<Point>,
    scores: Vec<(Stone, i32)>,
}

fn play_game(
    black: &mut dyn Player,
    white: &mut dyn Player,
    size: u8,
    rule: Rule,
    opening: &[Point],
) -> Played {
    let mut scores = Vec::new();
    let (end, moves) = play_out(black, white, size, rule, opening, &mut scores);
    Played { end, moves, scores }
}

fn play_out(
    black: &mut dyn Player,
    white: &mut dyn Player,
    size: u8,
    rule: Rule,
    opening: &[Point],
    scores: &mut Vec<(Stone, i32)>,
) -> (GameEnd, Vec<Point>) {
    let mut moves = opening.to_vec();
    if let Err(e) = black.new_game(size, rule) {
        return (
            GameEnd::Win(Stone::White, format!("black cannot start: {e}")),
            moves,
        );
    }
    if let Err(e) = white.new_game(size, rule) {
        return (
            GameEnd::Win(Stone::Black, format!("white cannot start: {e}")),
            moves,
        );
    }
    let Ok(mut pos) = Position::from_moves(size, rule, &moves) else {
        return (GameEnd::Draw, moves);
    };
    loop {
        if let Some(w) = pos.winner() {
            return (GameEnd::Win(w, BY_FIVE.into()), moves);
        }
        if !pos.has_legal_move() {
            return (GameEnd::Draw, moves);
        }
        let side = pos.to_move();
        let mover: &mut dyn Player = if side == Stone::Black {
            &mut *black
        } else {
            &mut *white
        };
        match mover.choose(&pos, &moves) {
            Ok((p, score)) => {
                if let Some(score) = score {
                    scores.push((side, score));
                }
                if let Err(e) = pos.play(p) {
                    return (
                        GameEnd::Win(side.opponent(), format!("illegal move {p}: {e}")),
                        moves,
                    );
                }
                moves.push(p);
            }
            Err(e) => return (GameEnd::Win(side.opponent(), e), moves),
        }
    }
}

/// Plays `opening` twice between `a` and `b` at `time` a move, one thread
/// each, `a` black in the first game and white in the second, and returns
/// each game's end with `a`'s points in it (1 a win, 1/2 a draw).
///
/// # Errors
/// A game lost by a contender that failed (could not start, answered
/// nonsense or too late) rather than by five: a tuning run must not read
/// a broken engine as a weak one.
pub fn play_pair(
    a: &Contender,
    b: &Contender,
    rule: Rule,
    time: Duration,
    opening: &[Point],
) -> Result<[(GameEnd, f64); 2], String> {
    let (mut pa, mut pb) = (player(a, time, 1), player(b, time, 1));
    let mut play = |a_black: bool| {
        let Played { end, .. } = if a_black {
            play_game(pa.as_mut(), pb.as_mut(), 15, rule, opening)
        } else {
            play_game(pb.as_mut(), pa.as_mut(), 15, rule, opening)
        };
        let a_stone = if a_black { Stone::Black } else { Stone::White };
        let points = match &end {
            GameEnd::Win(_, how) if how != BY_FIVE => return Err(how.clone()),
            GameEnd::Win(s, _) if *s == a_stone => 1.0,
            GameEnd::Win(..) => 0.0,
            GameEnd::Draw => 0.5,
        };
        Ok((end, points))
    };
    Ok([play(true)?, play(false)?])
}

/// "1 thread", "2 threads".
fn threads_text(n: u16) -> String {
    if n == 1 {
        "1 thread".to_string()
    } else {
        format!("{n} threads")
    }
}

/// One game as a line of the `--record` file.
fn record_line(rule: Rule, size: u8, end: &GameEnd, moves: &[Point]) -> String {
    let result = match end {
        GameEnd::Win(Stone::Black, _) => "1-0",
        GameEnd::Win(Stone::White, _) => "0-1",
        GameEnd::Draw => "1/2",
    };
    let moves: Vec<String> = moves
        .iter()
        .map(|&p| point_name(p, size).to_ascii_lowercase())
        .collect();
    format!(
        "{} {size} {result} {}",
        format!("{rule:?}").to_lowercase(),
        moves.join(" ")
    )
}

/// Plays the match and prints each game and the result. Returns the tally
/// from `a`'s view.
///
/// # Errors
/// When the `--record` file cannot be opened or written, or `out` cannot
/// be written to (a pipe closed early, say).
pub fn run(
    a: &Contender,
    b: &Contender,
    config: &MatchConfig,
    out: &mut impl std::io::Write,
) -> std::io::Result<Tally> {
    let mut record = match &config.record {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        ),
        None => None,
    };
    let threads_b = config.threads_b.unwrap_or(config.threads);
    let time_a = move_time_for(a, config.time_ms, config);
    let time_b = move_time_for(b, config.time_ms_b.or(config.time_ms), config);
    let mut pa = player(a, time_a, config.threads);
    let mut pb = player(b, time_b, threads_b);
    writeln!(
        out,
        "match: {} ({} ms a move, {}) vs {} ({} ms a move, {}), {}{} games, {}, {}x{}",
        a.name(),
        time_a.as_millis(),
        threads_text(config.threads),
        b.name(),
        time_b.as_millis(),
        threads_text(threads_b),
        if config.sprt.is_some() {
            "at most "
        } else {
            ""
        },
        config.games,
        format!("{:?}", config.rule).to_lowercase(),
        config.size,
        config.size
    )?;
    // The same player on different threads, or at different times, is
    // told apart by them.
    let (name_a, name_b) = if a.name() == b.name() && config.threads != threads_b {
        (
            format!("{} [{}]", a.name(), threads_text(config.threads)),
            format!("{} [{}]", b.name(), threads_text(threads_b)),
        )
    } else if a.name() == b.name() && time_a != time_b {
        (
            format!("{} [{} ms]", a.name(), time_a.as_millis()),
            format!("{} [{} ms]", b.name(), time_b.as_millis()),
        )
    } else {
        (a.name(), b.name())
    };
    let book = openings(config.rule);
    let mut tally = Tally::default();
    // `a`'s results when it had black, and when it had white.
    let mut by_colour = [Tally::default(); 2];
    let mut samples: Vec<(i32, f64)> = Vec::new();
    let mut pairs = Pairs::default();
    // The first contender's points in the first game of the pair under way.
    let mut pair_first: Option<f64> = None;
    let mut verdict = None;
    for g in 0..config.games {
        let opening: &[Point] = if config.size == 15 && !book.is_empty() {
            &book[(g / 2) % book.len()]
        } else {
            &[]
        };
        let a_black = g % 2 == 0;
        let Played { end, moves, scores } = if a_black {
            play_game(pa.as_mut(), pb.as_mut(), config.size, config.rule, opening)
        } else {
            play_game(pb.as_mut(), pa.as_mut(), config.size, config.rule, opening)
        };
        for (side, score) in scores {
            // Proven wins and losses say nothing about the scale.
            if score.abs() <= DECISIVE_SCORE {
                let result = match &end {
                    GameEnd::Win(w, _) if *w == side => 1.0,
                    GameEnd::Win(..) => 0.0,
                    GameEnd::Draw => 0.5,
                };
                samples.push((score, result));
            }
        }
        if let Some(file) = record.as_mut() {
            writeln!(
                file,
                "{}",
                record_line(config.rule, config.size, &end, &moves)
            )?;
        }
        let a_stone = if a_black { Stone::Black } else { Stone::White };
        // A level against itself is told apart by colour.
        let winner = |name: &str, s: Stone| {
            if name_a == name_b {
                format!("{} wins", format!("{s:?}").to_lowercase())
            } else {
                format!("{name} wins")
            }
        };
        // The result, how it came, and `a`'s points.
        let (result, how, points) = match &end {
            GameEnd::Win(s, how) if *s == a_stone => {
                tally.wins += 1;
                by_colour[usize::from(!a_black)].wins += 1;
                (winner(&name_a, *s), how.clone(), 1.0)
            }
            GameEnd::Win(s, how) => {
                tally.losses += 1;
                by_colour[usize::from(!a_black)].losses += 1;
                (winner(&name_b, *s), how.clone(), 0.0)
            }
            GameEnd::Draw => {
                tally.draws += 1;
                by_colour[usize::from(!a_black)].draws += 1;
                ("drawn".to_string(), "board full".to_string(), 0.5)
            }
        };
        let (black, white) = if a_black {
            (&name_a, &name_b)
        } else {
            (&name_b, &name_a)
        };
        let record: String = moves
            .iter()
            .map(|&p| point_name(p, config.size).to_ascii_lowercase())
            .collect();
        let mended: Vec<String> = [pa.mended(), pb.mended()].into_iter().flatten().collect();
        let how = if mended.is_empty() {
            how
        } else {
            format!("{how}; {}", mended.join("; "))
        };
        writeln!(
            out,
            "game {:>3}: {black} (black) vs {white} (white): {result} ({how}, {} moves){}",
            g + 1,
            moves.len(),
            if config.verbose {
                format!(" {record}")
            } else {
                String::new()
            }
        )?;
        match pair_first.take() {
            None => pair_first = Some(points),
            Some(first) => {
                pairs.add(first, points);
                if let Some(test) = &config.sprt {
                    verdict = test.verdict(&pairs);
                    if verdict.is_some() {
                        break;
                    }
                }
            }
        }
    }
    for (colour, t) in ["black", "white"].iter().zip(by_colour) {
        writeln!(
            out,
            "{} as {colour}: +{} ={} -{}",
            name_a, t.wins, t.draws, t.losses
        )?;
    }
    let (elo, low, high) = tally.elo();
    writeln!(
        out,
        "{} vs {}: +{} ={} -{} of {}, score {:.1}%, Elo {} (95%: {} to {})",
        name_a,
        name_b,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        tally.score() * 100.0,
        elo_text(elo),
        elo_text(low),
        elo_text(high)
    )?;
    if pairs.pairs() > 0 {
        let (elo, low, high) = pairs.elo();
        writeln!(
            out,
            "by pairs (an opening with colours swapped, {name_a}'s points): {pairs}; Elo {} (95%: {} to {})",
            elo_text(elo),
            elo_text(low),
            elo_text(high)
        )?;
    }
    if let Some(test) = &config.sprt {
        let (low, high) = test.bounds();
        let llr = test.llr(&pairs);
        let said = match verdict {
            Some(Verdict::Elo1) => format!("H1 (Elo {:+}) accepted", test.elo1),
            Some(Verdict::Elo0) => format!("H0 (Elo {:+}) accepted", test.elo0),
            None => "no verdict".to_string(),
        };
        let n = pairs.pairs();
        writeln!(
            out,
            "sprt: {said} after {n} pair{} (log-likelihood ratio {llr:.2}, bounds {low:.2} and {high:.2}; H0 Elo {:+}, H1 Elo {:+}, alpha {}, beta {})",
            if n == 1 { "" } else { "s" },
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta
        )?;
    }
    if config.calibrate {
        let line = match fit_scale(&samples) {
            Some((scale, loss)) => format!(
                "win chance: 1 / (1 + e^(-score / {scale:.0})) fits {} scored moves best \
                 (log loss {loss:.4}; at the engine's scale {WIN_CHANCE_SCALE:.0}: {:.4})",
                samples.len(),
                log_loss(&samples, f64::from(WIN_CHANCE_SCALE))
            ),
            None => "win chance: too few scored moves to fit a scale".to_string(),
        };
        writeln!(out, "{line}")?;
    }
    Ok(tally)
}

/// Mean cross-entropy of the logistic `1 / (1 + e^(-score / scale))`
/// against the results (1 won, 0.5 drawn, 0 lost).
fn log_loss(samples: &[(i32, f64)], scale: f64) -> f64 {
    let n = samples.len().max(1) as f64;
    samples
        .iter()
        .map(|&(score, result)| {
            let p = (1.0 / (1.0 + (-f64::from(score) / scale).exp())).clamp(1e-9, 1.0 - 1e-9);
            -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / n
}

/// The logistic scale with the least log loss over `samples`, searched
/// between 20 and 20,000 (golden section on its logarithm: the loss has a
/// single minimum in the scale), with that loss. `None` with fewer than
/// 20 samples.
fn fit_scale(samples: &[(i32, f64)]) -> Option<(f64, f64)> {
    if samples.len() < 20 {
        return None;
    }
    let loss = |t: f64| log_loss(samples, t.exp());
    let (mut lo, mut hi) = (20f64.ln(), 20_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let t = (lo + hi) / 2.0;
    Some((t.exp(), loss(t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert!(t.elo().0.abs() < 1e-9);
        // Printed without a sign of its own, even a hair below zero.
        assert_eq!(elo_text(t.elo().0), "+0");
        assert_eq!(elo_text(-0.3), "+0");
        assert_eq!(elo_text(-0.6), "-1");
        let t = Tally {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        let (elo, low, high) = t.elo();
        assert!((elo - 190.8).abs() < 1.0);
        assert!(low < elo && elo < high);
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_from() {
        // Results drawn from a logistic of scale 400, with a fixed
        // generator: the fit must land near 400 and beat other scales.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut unit = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let samples: Vec<(i32, f64)> = (0..20_000)
            .map(|i| {
                let score = (i % 2401) - 1200;
                let p = 1.0 / (1.0 + (-f64::from(score) / 400.0).exp());
                (score, if unit() < p { 1.0 } else { 0.0 })
            })
            .collect();
        let (scale, loss) = fit_scale(&samples).unwrap();
        assert!((scale - 400.0).abs() < 40.0, "{scale}");
        assert!(loss < log_loss(&samples, 200.0));
        assert!(loss < log_loss(&samples, 800.0));
        assert_eq!(fit_scale(&samples[..10]), None);
    }

    #[test]
    fn a_clean_sweep_has_a_finite_lower_bound() {
        let t = Tally {
            wins: 40,
            draws: 0,
            losses: 0,
        };
        let (elo, low, high) = t.elo();
        assert!(elo.is_infinite() && high.is_infinite());
        assert!(low.is_finite() && low > 300.0, "{low}");
        assert_eq!(elo_text(elo), "+inf");
        let t = Tally {
            wins: 37,
            draws: 0,
            losses: 3,
        };
        let (elo, low, _) = t.elo();
        assert!((elo - 436.0).abs() < 2.0, "{elo}");
        assert!(low > 200.0 && low < elo, "{low}");
    }
}
