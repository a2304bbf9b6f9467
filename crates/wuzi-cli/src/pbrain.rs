//! The Gomocup "pbrain" protocol on standard input and output, with the
//! Yixin extensions (`YXBOARD`, `YXSHOWFORBID`, `YXSTOP`).
//!
//! Input is read on its own thread, so `YXSTOP` and `END` reach a running
//! search. Stdout carries only protocol answers, and with
//! [`Options::messages`] a `MESSAGE` line on the search before each move.
//!
//! Every line gets its answer except `INFO` with a good value, `YXSTOP`,
//! `YXBOARD`'s block and the good lines of a `BOARD` block; anything else
//! that is not a command, including bytes that are not UTF-8, gets
//! `UNKNOWN` or `ERROR` and the session goes on. A line longer than
//! [`MAX_LINE`] is answered `ERROR` without being kept.

mod input;

pub use input::MAX_LINE;

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use input::{Input, next_line};

use wuzi_core::{Board, MAX_SIZE, MIN_SIZE, Point, Rule, Stone};
use wuzi_engine::{Engine, Level, Limits, MAX_THREADS, Position, forbidden_points, move_time};

/// A cell of the protocol's board: whose stone, from our side's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Own,
    Theirs,
}

/// Lines read ahead of the one being answered. A manager waits for each
/// answer, so only a flood of input ever fills this.
const LINES_AHEAD: usize = 256;

/// Everything the manager has told us.
#[derive(Debug)]
struct Session {
    size: u8,
    cells: Vec<Cell>,
    rule: Rule,
    turn_time: Option<Duration>,
    time_left: Option<Duration>,
    /// The whole game's time, when there is a clock (0 or absent: none).
    match_time: Option<Duration>,
    max_memory: Option<usize>,
    level: Option<Level>,
    engine: Engine,
    stop: Arc<AtomicBool>,
    /// Lines of a BOARD / YXBOARD block being read, and whether to answer.
    reading_board: Option<bool>,
    /// Whether each move is preceded by a `MESSAGE` line on the search.
    messages: bool,
}

/// How the brain plays and what it says besides its answers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Limits the strength; without it the engine plays at full strength
    /// in the time the manager gives.
    pub level: Option<Level>,
    /// Precede each move with `MESSAGE depth .. score .. nodes .. time ..
    /// pv ..`, the search behind it, which managers show in their log.
    pub messages: bool,
}

/// Runs the protocol until `END` or the end of input. `level` limits the
/// strength; without it the engine plays at full strength in the time the
/// manager gives.
///
/// # Errors
/// Only when writing to `output` fails.
pub fn run<R, W>(input: R, output: W, level: Option<Level>) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    run_with(
        input,
        output,
        Options {
            level,
            messages: false,
        },
    )
}

/// [`run`] with every option.
///
/// # Errors
/// Only when writing to `output` fails.
pub fn run_with<R, W>(mut input: R, mut output: W, options: Options) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let stop = Arc::new(AtomicBool::new(false));
    // Bounded, so a manager that writes faster than the brain answers
    // waits on the pipe instead of filling memory.
    let (tx, rx) = mpsc::sync_channel::<Input>(LINES_AHEAD);
    let reader_stop = Arc::clone(&stop);
    let reader = std::thread::spawn(move || {
        while let Ok(Some(line)) = next_line(&mut input) {
            let head = match &line {
                Input::Line(text) => command(text).0,
                Input::TooLong(_) => String::new(),
            };
            if head == "YXSTOP" || head == "END" {
                reader_stop.store(true, Ordering::Relaxed);
            }
            // Nothing after END is read: the session ends there, and a reader
            // that stops with it can be joined instead of left behind blocked
            // on an input the manager keeps open.
            if tx.send(line).is_err() || head == "END" {
                break;
            }
        }
    });
    let mut session = Session {
        size: 0,
        cells: Vec::new(),
        rule: Rule::Freestyle,
        turn_time: None,
        time_left: None,
        match_time: None,
        max_memory: None,
        level: options.level,
        engine: Engine::new(),
        stop,
        reading_board: None,
        messages: options.messages,
    };
    for line in rx {
        let mut answers = Vec::new();
        let go_on = match line {
            Input::Line(text) => session.handle(&text, &mut answers),
            Input::TooLong(length) => {
                answers.push(format!(
                    "ERROR the line is too long ({length} bytes; the limit is {MAX_LINE})"
                ));
                true
            }
        };
        for a in answers {
            writeln!(output, "{a}")?;
        }
        output.flush()?;
        if !go_on {
            break;
        }
    }
    // The session ended on END (the reader stopped after it) or at the end
    // of the input: either way the reader is done or about to be.
    reader
        .join()
        .map_err(|_| io::Error::other("the protocol's input reader failed"))
}

/// A line's command word in capitals, what [`Session::handle`] dispatches
/// on, and the rest of the line.
fn command(line: &str) -> (String, &str) {
    let line = line.trim();
    let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    (head.to_ascii_uppercase(), rest.trim())
}

fn parse_xy(text: &str) -> Option<(u8, u8)> {
    let mut parts = text.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((x, y))
}

impl Session {
    fn started(&self) -> bool {
        self.size > 0
    }

    fn at(&self, x: u8, y: u8) -> Option<usize> {
        (x < self.size && y < self.size)
            .then(|| usize::from(y) * usize::from(self.size) + usize::from(x))
    }

    fn place(&mut self, text: &str, cell: Cell) -> Result<(), String> {
        let (x, y) = parse_xy(text).ok_or_else(|| format!("expected x,y, got {text:?}"))?;
        let i = self
            .at(x, y)
            .ok_or_else(|| format!("{x},{y} is off the board"))?;
        if self.cells[i] != Cell::Empty {
            return Err(format!("{x},{y} is already taken"));
        }
        self.cells[i] = cell;
        Ok(())
    }

    /// Handles one input line, pushing answers; false when the session ends.
    fn handle(&mut self, line: &str, answers: &mut Vec<String>) -> bool {
        let line = line.trim();
        if line.is_empty() {
            return true;
        }
        let (head, rest) = command(line);
        if let Some(answer) = self.reading_board {
            if head == "DONE" {
                self.reading_board = None;
                if answer {
                    self.think(answers);
                }
                return true;
            }
            if head == "END" {
                return false;
            }
            let mut parts = line.split(',').map(str::trim);
            let parsed = (|| {
                let x: u8 = parts.next()?.parse().ok()?;
                let y: u8 = parts.next()?.parse().ok()?;
                let f: u8 = parts.next()?.parse().ok()?;
                parts.next().is_none().then_some((x, y, f))
            })();
            match parsed {
                Some((x, y, f)) if (1..=3).contains(&f) => {
                    // 3 marks a stone of a winning or continuous line: ours.
                    let cell = if f == 2 { Cell::Theirs } else { Cell::Own };
                    if let Err(e) = self.place(&format!("{x},{y}"), cell) {
                        answers.push(format!("ERROR {e}"));
                    }
                }
                _ => answers.push(format!(
                    "ERROR expected x,y,field in the board, got {line:?}"
                )),
            }
            return true;
        }
        match head.as_str() {
            "START" => match rest.parse::<u8>() {
                Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => {
                    self.size = n;
                    self.cells = vec![Cell::Empty; usize::from(n) * usize::from(n)];
                    self.engine.clear();
                    answers.push("OK".into());
                }
                Ok(n) => answers.push(format!("ERROR unsupported board size {n}")),
                Err(_) => answers.push(format!("ERROR expected a board size, got {rest:?}")),
            },
            "RESTART" => {
                if self.started() {
                    self.cells.fill(Cell::Empty);
                    self.engine.clear();
                    answers.push("OK".into());
                } else {
                    answers.push("ERROR no board yet: send START first".into());
                }
            }
            "INFO" => self.info(rest, answers),
            "ABOUT" => answers.push(format!(
                "name=\"Wuzi\", version=\"{}\", author=\"The Wuzi developers\", country=\"\"",
                env!("CARGO_PKG_VERSION")
            )),
            "END" => return false,
            "YXSTOP" => {}
            _ if !self.started()
                && [
                    "BEGIN",
                    "TURN",
                    "BOARD",
                    "YXBOARD",
                    "TAKEBACK",
                    "YXSHOWFORBID",
                ]
                .contains(&head.as_str()) =>
            {
                answers.push("ERROR no board yet: send START first".into());
            }
            "BEGIN" => self.think(answers),
            "TURN" => match self.place(rest, Cell::Theirs) {
                Ok(()) => self.think(answers),
                Err(e) => answers.push(format!("ERROR {e}")),
            },
            "BOARD" | "YXBOARD" => {
                self.cells.fill(Cell::Empty);
                self.reading_board = Some(head == "BOARD");
            }
            "TAKEBACK" => match parse_xy(rest).and_then(|(x, y)| self.at(x, y)) {
                Some(i) if self.cells[i] != Cell::Empty => {
                    self.cells[i] = Cell::Empty;
                    answers.push("OK".into());
                }
                Some(_) => answers.push(format!("ERROR no stone at {rest}")),
                None => answers.push(format!("ERROR expected x,y on the board, got {rest:?}")),
            },
            "YXSHOWFORBID" => {
                let mut text = String::from("FORBID ");
                if self.rule == Rule::Renju {
                    let (board, _) = self.core_board(Stone::Black);
                    for p in forbidden_points(&board) {
                        text.push_str(&format!("{:02}{:02}", p.x, p.y));
                    }
                }
                text.push('.');
                answers.push(text);
            }
            _ => answers.push(format!("UNKNOWN {line}")),
        }
        true
    }

    fn info(&mut self, rest: &str, answers: &mut Vec<String>) {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let key = key.to_ascii_lowercase();
        let number = value.trim().parse::<i64>();
        let ms = |n: i64| Duration::from_millis(n.max(0) as u64);
        match (key.as_str(), number) {
            ("timeout_turn", Ok(n)) => self.turn_time = (n > 0).then(|| ms(n)),
            ("timeout_match", Ok(n)) => self.match_time = (n > 0).then(|| ms(n)),
            ("time_left", Ok(n)) => self.time_left = Some(ms(n)),
            ("max_memory", Ok(n)) => {
                self.max_memory = (n > 0).then_some(n as usize);
                if let Some(bytes) = self.max_memory {
                    // Leave room for everything besides the hash table.
                    let threads = self.engine.threads();
                    self.engine = Engine::with_memory((bytes / 2).clamp(1 << 20, 512 << 20));
                    self.engine.set_threads(threads);
                }
            }
            ("rule", Ok(n)) => {
                self.rule = if n & 4 != 0 || n & 2 != 0 {
                    Rule::Renju
                } else if n & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
            }
            ("thread_num", Ok(n)) => {
                self.engine
                    .set_threads(usize::try_from(n).unwrap_or(1).clamp(1, MAX_THREADS));
            }
            (
                "timeout_turn" | "timeout_match" | "time_left" | "max_memory" | "rule"
                | "thread_num",
                Err(_),
            ) => {
                answers.push(format!(
                    "ERROR INFO {key} needs a number, got {:?}",
                    value.trim()
                ));
            }
            // game_type, folder, evaluate and anything new need no answer.
            _ => {}
        }
    }

    /// The stones with colours, given that `me` plays them.
    fn core_board(&self, me: Stone) -> (Board, Stone) {
        let mut board = Board::new(self.size).unwrap_or_default();
        for (i, c) in self.cells.iter().enumerate() {
            let p = Point::new(
                (i % usize::from(self.size)) as u8,
                (i / usize::from(self.size)) as u8,
            );
            match c {
                Cell::Own => board.set(p, Some(me)),
                Cell::Theirs => board.set(p, Some(me.opponent())),
                Cell::Empty => {}
            }
        }
        (board, me)
    }

    /// Our colour: black when both sides have as many stones, else white.
    fn my_colour(&self) -> Stone {
        let own = self.cells.iter().filter(|c| **c == Cell::Own).count();
        let theirs = self.cells.iter().filter(|c| **c == Cell::Theirs).count();
        if own == theirs {
            Stone::Black
        } else {
            Stone::White
        }
    }

    fn think(&mut self, answers: &mut Vec<String>) {
        let me = self.my_colour();
        let (board, _) = self.core_board(me);
        let empty = self.cells.iter().filter(|c| **c == Cell::Empty).count();
        let mut time = move_time(
            self.turn_time.or(Some(Duration::from_secs(5))),
            self.time_left,
            empty,
        );
        if let Some(level) = self.level {
            time = time.min(level.limits().time);
        }
        let level = self.level.unwrap_or(Level::Master);
        let pos = Position::from_board(board, self.rule, me);
        self.stop.store(false, Ordering::Relaxed);
        // With a time a move and no clock, time not used is lost.
        let limits = Limits {
            spend_all: self.match_time.is_none(),
            ..Limits::time(time)
        };
        match self.engine.play(&pos, level, limits, &self.stop, |_| {}) {
            Ok(result) => {
                if self.messages {
                    let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
                    answers.push(format!(
                        "MESSAGE depth {} score {} nodes {} time {} ms pv {}",
                        result.depth,
                        result.score,
                        result.nodes,
                        result.elapsed.as_millis(),
                        pv.join(" ")
                    ));
                }
                let p = result.best;
                if let Some(i) = self.at(p.x, p.y) {
                    self.cells[i] = Cell::Own;
                }
                answers.push(format!("{},{}", p.x, p.y));
            }
            Err(e) => answers.push(format!("ERROR {e}")),
        }
    }
}
