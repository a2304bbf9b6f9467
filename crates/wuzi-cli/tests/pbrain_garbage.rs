//! The Gomocup protocol under garbage: the real `wuzi pbrain` is fed a long
//! stream of random and broken lines from a fixed seed (random bytes, not
//! UTF-8, very long lines, commands with missing, extra or nonsense
//! arguments, numbers out of range, `BOARD` blocks cut short by other
//! lines) and must not crash, must give every line the protocol answers
//! exactly its answer, in order, must still answer `ABOUT` at the end, and
//! must not grow in memory.
//!
//! `WUZI_GARBAGE_LINES` sets how many lines (default [`DEFAULT_LINES`],
//! sized for a debug build inside `make test`); the full run is
//! `WUZI_GARBAGE_LINES=1000000 cargo test --release -p wuzi-cli --test
//! pbrain_garbage -- --nocapture`, which prints the lines per second and
//! the memory figures.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use wuzi_cli::pbrain::MAX_LINE;
use wuzi_core::{MAX_SIZE, MIN_SIZE};

/// Lines in a run inside `make test`.
const DEFAULT_LINES: usize = 250_000;
const LINES_VAR: &str = "WUZI_GARBAGE_LINES";
const SEED: u64 = 0x005E_ED0F_6A7B_A6E5;
/// How long the brain may take over any one answer we wait for.
const PATIENCE: Duration = Duration::from_secs(120);
/// How much the brain's resident memory may grow between the first tenth
/// of the input and its end: room for the allocator's own bookkeeping, far
/// less than a leak of a few bytes a line would add over the run.
const MEMORY_SLACK_KIB: u64 = 1024;
/// Every search is kept this short (ms), so the run spends its time on
/// lines, not on thinking.
const TURN_MS: u32 = 10;

/// A small, fast generator with a fixed seed (splitmix64), so every run
/// feeds the same lines.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// `word` with each letter upper or lower case at random: the
    /// protocol's words are not case-sensitive.
    fn any_case(&mut self, word: &str) -> String {
        word.chars()
            .map(|c| {
                if self.one_in(2) {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    }
}

/// What the brain must answer to one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Answer {
    Ok,
    Error,
    Unknown,
    /// `OK` or `ERROR ...`, depending on stones the brain placed itself.
    OkOrError,
    /// A move `x,y` on the board, or `ERROR ...` (a point taken by the
    /// brain's own move, a full board).
    Move,
    Forbid,
    About,
}

impl Answer {
    fn matches(self, line: &str, size: u8) -> bool {
        let error = line.starts_with("ERROR ");
        match self {
            Answer::Ok => line == "OK",
            Answer::Error => error,
            Answer::Unknown => line.starts_with("UNKNOWN "),
            Answer::OkOrError => line == "OK" || error,
            Answer::Move => error || is_move(line, size),
            Answer::Forbid => line.starts_with("FORBID ") && line.ends_with('.'),
            Answer::About => line == about(),
        }
    }
}

fn about() -> String {
    format!(
        "name=\"Wuzi\", version=\"{}\", author=\"The Wuzi developers\", country=\"\"",
        env!("CARGO_PKG_VERSION")
    )
}

fn is_move(line: &str, size: u8) -> bool {
    let Some((x, y)) = line.split_once(',') else {
        return false;
    };
    matches!((x.parse::<u8>(), y.parse::<u8>()), (Ok(x), Ok(y)) if x < size && y < size)
}

/// The protocol as a manager sees it: which lines get an answer, and which.
/// It follows the Gomocup rules as Wuzi reads them (see `pbrain.rs`); it
/// does not know where the brain plays, which is why some answers may be
/// either of two.
#[derive(Debug, Default)]
struct Protocol {
    size: u8,
    /// Inside a `BOARD` (true: answered with a move) or `YXBOARD` block, and
    /// the points given in it so far.
    block: Option<(bool, HashSet<(u8, u8)>)>,
}

/// What a line does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effect {
    Silent,
    Answered(Answer),
    /// `END`: the session would stop; never sent before the end.
    Ends,
}

impl Protocol {
    fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// What `bytes` (one line, without its end) gets, updating the state.
    fn feed(&mut self, bytes: &[u8]) -> Effect {
        if bytes.len() > MAX_LINE {
            return Effect::Answered(Answer::Error);
        }
        let text = String::from_utf8_lossy(bytes);
        let line = text.trim();
        if line.is_empty() {
            return Effect::Silent;
        }
        let (head, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let head = head.to_ascii_uppercase();
        let rest = rest.trim();
        if let Some((answered, given)) = &mut self.block {
            return match head.as_str() {
                "DONE" => {
                    let answered = *answered;
                    self.block = None;
                    if answered {
                        Effect::Answered(Answer::Move)
                    } else {
                        Effect::Silent
                    }
                }
                "END" => Effect::Ends,
                _ => match board_line(line) {
                    Some((x, y, 1..=3)) if x < self.size && y < self.size => {
                        if given.insert((x, y)) {
                            Effect::Silent
                        } else {
                            Effect::Answered(Answer::Error)
                        }
                    }
                    _ => Effect::Answered(Answer::Error),
                },
            };
        }
        let started = self.size > 0;
        let answer = match head.as_str() {
            "START" => match rest.parse::<u8>() {
                Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => {
                    self.size = n;
                    Answer::Ok
                }
                _ => Answer::Error,
            },
            "RESTART" if started => Answer::Ok,
            "RESTART" => Answer::Error,
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let numeric = [
                    "timeout_turn",
                    "timeout_match",
                    "time_left",
                    "max_memory",
                    "rule",
                    "thread_num",
                ];
                if numeric.contains(&key.to_ascii_lowercase().as_str())
                    && value.trim().parse::<i64>().is_err()
                {
                    Answer::Error
                } else {
                    return Effect::Silent;
                }
            }
            "ABOUT" => Answer::About,
            "END" => return Effect::Ends,
            "YXSTOP" => return Effect::Silent,
            "BEGIN" | "TURN" | "BOARD" | "YXBOARD" | "TAKEBACK" | "YXSHOWFORBID" if !started => {
                Answer::Error
            }
            "BEGIN" => Answer::Move,
            "TURN" => match xy(rest) {
                Some((x, y)) if x < self.size && y < self.size => Answer::Move,
                _ => Answer::Error,
            },
            "BOARD" | "YXBOARD" => {
                self.block = Some((head == "BOARD", HashSet::new()));
                return Effect::Silent;
            }
            "TAKEBACK" => match xy(rest) {
                Some((x, y)) if x < self.size && y < self.size => Answer::OkOrError,
                _ => Answer::Error,
            },
            "YXSHOWFORBID" => Answer::Forbid,
            _ => Answer::Unknown,
        };
        Effect::Answered(answer)
    }
}

/// `x,y` as the protocol reads it.
fn xy(text: &str) -> Option<(u8, u8)> {
    let mut parts = text.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((x, y))
}

/// `x,y,field` as a board block's line.
fn board_line(text: &str) -> Option<(u8, u8, u8)> {
    let mut parts = text.split(',').map(str::trim);
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    let f = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((x, y, f))
}

/// Words a manager sends, some it might send by mistake, and near misses.
const WORDS: &[&str] = &[
    "START",
    "RESTART",
    "TURN",
    "TAKEBACK",
    "INFO",
    "ABOUT",
    "YXSHOWFORBID",
    "YXSTOP",
    "DONE",
    "RECTSTART",
    "PLAY",
    "SWAP2BOARD",
    "YXNBEST",
    "YXHASHCLEAR",
    "STAR",
    "TURNN",
    "BOARDX",
    "INF",
    "ABOUTT",
    "BEGINNING",
];

const INFO_KEYS: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "rule",
    "game_type",
    "folder",
    "evaluate",
    "thread_num",
    "caution_factor",
    "",
];

/// The lines of a run.
struct Garbage {
    rng: Rng,
}

impl Garbage {
    /// The next line or lines (a line that sets the turn time out of the
    /// test's range is followed by one setting it back); `in_block` while a
    /// board block is open.
    fn next_lines(&mut self, in_block: bool) -> Vec<Vec<u8>> {
        if in_block {
            return vec![self.block_line()];
        }
        let rng = &mut self.rng;
        let line = match rng.below(1000) {
            0..200 => random_bytes(rng, 100),
            200..350 => random_text(rng, 80),
            350..351 => self.long_line(),
            351..650 => {
                let word = rng.pick(WORDS);
                let word = rng.any_case(word);
                format!("{word}{}", arguments(rng)).into_bytes()
            }
            650..800 => return self.info_lines(),
            800..820 => {
                let size = match rng.below(4) {
                    0 => arguments(rng),
                    _ => format!(" {}", rng.below(30)),
                };
                format!("{}{size}", rng.any_case("START")).into_bytes()
            }
            820..830 => rng.any_case("RESTART").into_bytes(),
            830..835 => {
                let word = rng.pick(&["BOARD", "YXBOARD"]);
                rng.any_case(word).into_bytes()
            }
            835..836 => rng.any_case("BEGIN").into_bytes(),
            836..839 => {
                let (x, y) = (rng.below(24), rng.below(24));
                format!("{} {x},{y}", rng.any_case("TURN")).into_bytes()
            }
            839..860 => {
                let at = match rng.below(2) {
                    0 => format!(" {},{}", rng.below(24), rng.below(24)),
                    _ => arguments(rng),
                };
                format!("{}{at}", rng.any_case("TAKEBACK")).into_bytes()
            }
            860..870 => rng.any_case("ABOUT").into_bytes(),
            870..880 => rng.any_case("YXSHOWFORBID").into_bytes(),
            880..900 => rng
                .pick(&["", " ", "\t", "\r", " \t \r"])
                .as_bytes()
                .to_vec(),
            _ => {
                // Half a command: cut anywhere, even inside a word.
                let word = rng.pick(WORDS);
                let full = format!("{word}{}", arguments(rng));
                let cut = rng.below(full.len() + 1);
                full.as_bytes()[..cut].to_vec()
            }
        };
        vec![line]
    }

    /// A line inside a board block: mostly stones, some broken, some
    /// commands that arrive before the block's `DONE`.
    fn block_line(&mut self) -> Vec<u8> {
        let rng = &mut self.rng;
        match rng.below(100) {
            0..10 => {
                let done = rng.any_case("DONE");
                if rng.one_in(4) {
                    format!("{done} {}", random_text_string(rng, 10)).into_bytes()
                } else {
                    done.into_bytes()
                }
            }
            10..65 => {
                let space = |rng: &mut Rng| rng.pick(&["", "", " ", "\t"]);
                format!(
                    "{}{},{}{},{}{}",
                    space(rng),
                    rng.below(25),
                    space(rng),
                    rng.below(25),
                    rng.below(5),
                    space(rng)
                )
                .into_bytes()
            }
            65..75 => rng
                .pick(&[
                    "7,7", "1,2,3,4", "7;7;1", "-1,3,1", "300,2,1", "a,b,c", "1,2,", ",,",
                    "3,3,+1", "256,0,1",
                ])
                .as_bytes()
                .to_vec(),
            75..90 => random_bytes(rng, 60),
            _ => rng
                .pick(&[
                    "TURN 3,4",
                    "START 15",
                    "ABOUT",
                    "INFO rule 1",
                    "BEGIN",
                    "BOARD",
                    "TAKEBACK 1,1",
                ])
                .as_bytes()
                .to_vec(),
        }
    }

    fn info_lines(&mut self) -> Vec<Vec<u8>> {
        let rng = &mut self.rng;
        let key = rng.pick(INFO_KEYS);
        let value = match (key, rng.below(3)) {
            // A big table is a fair request (and memory the brain then
            // uses): keep the table at its smallest, so the run measures
            // the protocol's own memory.
            ("max_memory", 0) => (1 + rng.below(2_000_000)).to_string(),
            ("max_memory", 1) => format!("-{}", rng.below(1_000_000)),
            (_, 0) => number(rng),
            (_, 1) => arguments(rng).trim_start().to_string(),
            _ => random_text_string(rng, 20),
        };
        let line = format!("{} {} {value}", rng.any_case("INFO"), rng.any_case(key));
        let mut lines = vec![line.into_bytes()];
        let turn = value.trim().parse::<i64>();
        if key == "timeout_turn" && turn.is_ok_and(|t| !(1..=i64::from(TURN_MS)).contains(&t)) {
            lines.push(format!("INFO timeout_turn {TURN_MS}").into_bytes());
        }
        // Many threads are a fair request too, but the run is about the
        // protocol: keep the searches to two threads at most.
        if key == "thread_num" && value.trim().parse::<i64>().is_ok_and(|t| t > 2) {
            lines.push(b"INFO thread_num 2".to_vec());
        }
        if key == "max_memory" && value.trim().parse::<i64>().is_ok_and(|m| m > 2_000_000) {
            lines.push(b"INFO max_memory 2000000".to_vec());
        }
        lines
    }

    /// A line around or far above the length limit.
    fn long_line(&mut self) -> Vec<u8> {
        let rng = &mut self.rng;
        let length = match rng.below(20) {
            0 => MAX_LINE * (4 + rng.below(60)),
            1..10 => MAX_LINE - 50 + rng.below(100),
            _ => 1024 + rng.below(3 * MAX_LINE),
        };
        let mut line = if rng.one_in(2) {
            random_bytes(rng, 0)
        } else {
            rng.pick(&["TURN ", "INFO folder ", "START ", ""])
                .as_bytes()
                .to_vec()
        };
        let fill = rng.pick(&["7,", "x", "\u{1F600}", "9"]).as_bytes().to_vec();
        while line.len() < length {
            line.extend_from_slice(&fill);
        }
        line.truncate(length);
        line
    }
}

/// Up to `max` random bytes, any value but the line's end.
fn random_bytes(rng: &mut Rng, max: usize) -> Vec<u8> {
    let length = if max == 0 { 0 } else { rng.below(max + 1) };
    (0..length)
        .map(|_| {
            let b = (rng.next() & 0xFF) as u8;
            if b == b'\n' { b'?' } else { b }
        })
        .collect()
}

fn random_text_string(rng: &mut Rng, max: usize) -> String {
    let length = rng.below(max + 1);
    (0..length)
        .map(|_| char::from(b' ' + (rng.below(95) as u8)))
        .collect()
}

fn random_text(rng: &mut Rng, max: usize) -> Vec<u8> {
    random_text_string(rng, max).into_bytes()
}

/// A number as a manager might get it wrong.
fn number(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => rng.below(30).to_string(),
        1 => format!("-{}", rng.below(1000)),
        2 => (0..20 + rng.below(40))
            .map(|_| char::from(b'0' + rng.below(10) as u8))
            .collect(),
        3 => format!("{}.{}", rng.below(20), rng.below(10)),
        4 => format!("+{}", rng.below(30)),
        5 => rng
            .pick(&[
                "255",
                "256",
                "-0",
                "9223372036854775807",
                "9223372036854775808",
            ])
            .into(),
        6 => format!("{:#x}", rng.below(100)),
        _ => rng.next().to_string(),
    }
}

/// Arguments after a command word: none, too few, too many, wrong.
fn arguments(rng: &mut Rng) -> String {
    let count = rng.below(5);
    let mut text = String::new();
    for i in 0..count {
        text.push_str(if i == 0 {
            rng.pick(&[" ", " ", "  ", "\t"])
        } else {
            rng.pick(&[",", ",", " ", ", ", ",,", ";", "\t"])
        });
        let argument = match rng.below(3) {
            0 => random_text_string(rng, 6),
            _ => number(rng),
        };
        text.push_str(&argument);
    }
    text
}

/// What the checker is told to expect, in order.
enum Expected {
    Answer {
        answer: Answer,
        /// The board size then, for moves.
        size: u8,
        line_no: usize,
    },
    /// `ABOUT`, sent to know that every line before it has been handled.
    Sync,
}

/// The brain's resident memory in KiB, from `/proc`.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap_or_else(|| panic!("no VmRSS in /proc/{pid}/status"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Writes lines to the brain and tells the checker what each should get.
struct Feeder {
    stdin: BufWriter<ChildStdin>,
    expect: mpsc::Sender<Expected>,
    synced: mpsc::Receiver<()>,
    protocol: Protocol,
    /// Lines sent, answers due, searches among them, bytes sent, the
    /// longest line.
    sent: usize,
    due: usize,
    searches: usize,
    bytes: usize,
    longest: usize,
}

impl Feeder {
    /// Sends `line` unless it would end the session; false if it would.
    fn send(&mut self, line: &[u8]) -> bool {
        match self.protocol.feed(line) {
            Effect::Ends => return false,
            Effect::Silent => {}
            Effect::Answered(answer) => {
                self.due += 1;
                self.searches += usize::from(answer == Answer::Move);
                let expected = Expected::Answer {
                    answer,
                    size: self.protocol.size,
                    line_no: self.sent + 1,
                };
                self.expect.send(expected).unwrap();
            }
        }
        let written = self
            .stdin
            .write_all(line)
            .and_then(|()| self.stdin.write_all(b"\n"));
        if let Err(e) = written {
            panic!("the brain stopped reading at line {}: {e}", self.sent + 1);
        }
        self.sent += 1;
        self.bytes += line.len() + 1;
        self.longest = self.longest.max(line.len());
        true
    }

    /// Waits until the brain has handled every line sent so far, by asking
    /// `ABOUT` and waiting for its answer.
    fn sync(&mut self) {
        // A block still open would read ABOUT as one of its lines.
        if self.protocol.in_block() {
            assert!(self.send(b"DONE"));
        }
        self.expect.send(Expected::Sync).unwrap();
        self.protocol.feed(b"ABOUT");
        self.stdin.write_all(b"ABOUT\n").unwrap();
        self.sent += 1;
        self.due += 1;
        self.stdin.flush().unwrap();
        self.synced
            .recv_timeout(PATIENCE)
            .expect("the brain answers ABOUT");
    }
}

#[test]
fn garbage_in_never_crashes_and_every_line_gets_its_answer() {
    let total: usize = match std::env::var(LINES_VAR) {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("{LINES_VAR}={text:?} is not a number of lines")),
        Err(_) => DEFAULT_LINES,
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .arg("pbrain")
        // glibc moves its threshold for giving big blocks their own
        // mapping up to the size of the last one freed, and then keeps a
        // freed hash table resident inside whichever heap it came from; a
        // new game's table can so add a megabyte a heap that is no leak.
        // A fixed threshold returns every big block to the system when it
        // is freed, so what grows is what the brain holds.
        .env("GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=131072")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let stdout = child.stdout.take().unwrap();

    // The checker reads every answer and holds it against what was due.
    let (expect_tx, expect_rx) = mpsc::channel::<Expected>();
    let (synced_tx, synced_rx) = mpsc::channel::<()>();
    let checker = std::thread::spawn(move || {
        let mut out = BufReader::new(stdout);
        let mut answers = 0usize;
        let mut first_wrong: Option<String> = None;
        let mut raw = Vec::new();
        loop {
            raw.clear();
            if out.read_until(b'\n', &mut raw).unwrap() == 0 {
                break;
            }
            answers += 1;
            let text = String::from_utf8_lossy(&raw);
            let text = text.trim_end_matches('\n');
            let wrong = match expect_rx.recv_timeout(PATIENCE) {
                Err(_) => Some("an answer that no line asked for".to_string()),
                Ok(Expected::Sync) => {
                    let _ = synced_tx.send(());
                    (text != about()).then(|| "ABOUT was not answered".to_string())
                }
                Ok(Expected::Answer {
                    answer,
                    size,
                    line_no,
                }) => (!answer.matches(text, size))
                    .then(|| format!("line {line_no} wanted {answer:?}")),
            };
            if let (Some(why), None) = (wrong, &first_wrong) {
                let shown: String = text.chars().take(200).collect();
                first_wrong = Some(format!("answer {answers}: {why}, got {shown:?}"));
            }
        }
        // Anything still expected was never answered.
        let missing = expect_rx.try_iter().count();
        (answers, missing, first_wrong)
    });

    let mut feeder = Feeder {
        stdin: BufWriter::new(child.stdin.take().unwrap()),
        expect: expect_tx,
        synced: synced_rx,
        protocol: Protocol::default(),
        sent: 0,
        due: 0,
        searches: 0,
        bytes: 0,
        longest: 0,
    };
    let mut garbage = Garbage { rng: Rng(SEED) };
    let started = Instant::now();
    // Short searches and the smallest hash table, then a board.
    for line in [
        format!("INFO timeout_turn {TURN_MS}"),
        "INFO max_memory 2000000".into(),
        "START 15".into(),
    ] {
        assert!(feeder.send(line.as_bytes()));
    }
    let mut early_kib = None;
    while feeder.sent < total {
        if early_kib.is_none() && feeder.sent >= total / 10 {
            feeder.sync();
            early_kib = Some(resident_kib(pid));
        }
        for line in garbage.next_lines(feeder.protocol.in_block()) {
            feeder.send(&line);
        }
    }
    feeder.sync();
    let end_kib = resident_kib(pid);
    let early_kib = early_kib.unwrap_or(end_kib);
    let elapsed = started.elapsed();

    feeder.stdin.write_all(b"END\n").unwrap();
    feeder.stdin.flush().unwrap();
    let (sent, due, searches) = (feeder.sent, feeder.due, feeder.searches);
    let (bytes, longest) = (feeder.bytes, feeder.longest);
    drop(feeder);
    let status = child.wait().unwrap();
    let (answers, missing, first_wrong) = checker.join().unwrap();

    println!(
        "{sent} lines ({} MiB, longest {longest} bytes) in {:.1} s: {:.0} lines/s; \
         {answers} answers for {due} due ({searches} searches); resident memory {early_kib} KiB after a tenth, \
         {end_kib} KiB at the end",
        bytes >> 20,
        elapsed.as_secs_f64(),
        sent as f64 / elapsed.as_secs_f64(),
    );
    assert!(status.success(), "the brain did not end cleanly: {status}");
    assert_eq!(first_wrong, None);
    assert_eq!(missing, 0, "lines left without their answer");
    assert_eq!(answers, due);
    assert!(
        end_kib <= early_kib + MEMORY_SLACK_KIB,
        "resident memory grew from {early_kib} KiB to {end_kib} KiB"
    );
}
