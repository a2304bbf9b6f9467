//! Drives the real `wuzi pbrain` binary over stdin/stdout.
// Test helpers may panic on bad input: that is a failed test.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Brain {
    fn start(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wuzi"))
            .arg("pbrain")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn answer(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer")
    }

    fn ask(&mut self, text: &str) -> String {
        self.send(text);
        self.answer()
    }

    fn silent_for(&mut self, wait: Duration) -> bool {
        self.lines.recv_timeout(wait).is_err()
    }

    fn end(mut self) {
        self.send("END");
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("END did not end the engine");
    }
}

fn parse_move(answer: &str) -> (u8, u8) {
    let (x, y) = answer
        .split_once(',')
        .unwrap_or_else(|| panic!("not a move: {answer}"));
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

#[test]
fn a_short_game_and_the_basic_commands() {
    let mut b = Brain::start(&[]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 300");
    b.send("INFO timeout_match 100000");
    b.send("INFO rule 0");
    let about = b.ask("ABOUT");
    assert!(about.contains("name=\"Wuzi\""), "{about}");
    let (x, y) = parse_move(&b.ask("BEGIN"));
    assert!(x < 15 && y < 15);
    let reply = b.ask("TURN 0,0");
    let (x2, y2) = parse_move(&reply);
    assert!((x2, y2) != (x, y) && (x2, y2) != (0, 0));
    assert_eq!(b.ask("TAKEBACK 0,0"), "OK");
    assert_eq!(b.ask("RESTART"), "OK");
    b.end();
}

#[test]
fn with_messages_each_move_follows_the_line_of_search_that_chose_it() {
    let mut b = Brain::start(&["--messages"]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 200");
    for command in ["BEGIN", "TURN 0,0"] {
        let message = b.ask(command);
        let words: Vec<&str> = message.split_whitespace().collect();
        assert_eq!(&words[..2], ["MESSAGE", "depth"], "{message}");
        assert!(words[2].parse::<u32>().unwrap() >= 1, "{message}");
        let pv = message.split(" pv ").nth(1).unwrap();
        let first = pv.split_whitespace().next().unwrap();
        // The line starts with the move that follows.
        let played = b.answer();
        assert_eq!(first, played, "{message}");
        parse_move(&played);
    }
    b.end();
}

#[test]
fn garbage_gets_an_answer_and_no_crash() {
    let mut b = Brain::start(&[]);
    assert!(b.ask("HELLO THERE").starts_with("UNKNOWN"));
    assert!(b.ask("TURN 7,7").starts_with("ERROR"), "TURN before START");
    assert!(b.ask("START abc").starts_with("ERROR"));
    assert!(b.ask("START 99").starts_with("ERROR"));
    assert_eq!(b.ask("START 15"), "OK");
    assert!(b.ask("TURN 7").starts_with("ERROR"));
    assert!(b.ask("TURN -1,3").starts_with("ERROR"));
    assert!(b.ask("TURN 15,3").starts_with("ERROR"));
    assert!(b.ask("TURN 1,2,3,4").starts_with("ERROR"));
    assert!(b.ask("TAKEBACK 3,3").starts_with("ERROR"));
    assert!(b.ask("INFO timeout_turn soon").starts_with("ERROR"));
    assert!(b.ask("INFO thread_num many").starts_with("ERROR"));
    b.send("INFO some_new_key 5");
    assert!(b.ask("\u{1F600}\u{0}").starts_with("UNKNOWN"));
    // Still playing after all that.
    b.send("INFO timeout_turn 200");
    let (x, y) = parse_move(&b.ask("TURN 7,7"));
    assert!((x, y) != (7, 7));
    assert!(b.ask("TURN 7,7").starts_with("ERROR"), "occupied");
    b.end();
}

#[test]
fn a_board_with_an_illegal_stone_is_reported_and_play_goes_on() {
    let mut b = Brain::start(&[]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 300");
    b.send("BOARD");
    b.send("7,7,1");
    b.send("8,7,2");
    b.send("7,7,2");
    assert!(b.answer().starts_with("ERROR"), "occupied point in BOARD");
    b.send("20,3,1");
    assert!(b.answer().starts_with("ERROR"), "off-board point in BOARD");
    b.send("nonsense");
    assert!(b.answer().starts_with("ERROR"));
    let (x, y) = parse_move(&b.ask("DONE"));
    assert!(x < 15 && y < 15 && (x, y) != (7, 7) && (x, y) != (8, 7));
    b.end();
}

#[test]
fn it_blocks_a_four_given_by_board_on_one_thread_or_two_and_plays_on() {
    for threads in [1, 2] {
        let mut b = Brain::start(&[]);
        assert_eq!(b.ask("START 15"), "OK");
        b.send(&format!("INFO thread_num {threads}"));
        b.send("INFO timeout_turn 300");
        b.send("BOARD");
        let stones = [
            (3, 3, 2),
            (4, 3, 2),
            (5, 3, 2),
            (6, 3, 2),
            (2, 3, 1),
            (9, 9, 1),
            (10, 12, 1),
        ];
        for (x, y, f) in stones {
            b.send(&format!("{x},{y},{f}"));
        }
        assert_eq!(b.ask("DONE"), "7,3", "{threads} threads");
        // A few more moves of a game: each answer a free point.
        let mut taken: Vec<(u8, u8)> = stones.iter().map(|&(x, y, _)| (x, y)).collect();
        taken.push((7, 3));
        for turn in [(10, 10), (11, 11), (8, 8)] {
            taken.push(turn);
            let (x, y) = parse_move(&b.ask(&format!("TURN {},{}", turn.0, turn.1)));
            assert!(x < 15 && y < 15 && !taken.contains(&(x, y)), "{x},{y}");
            taken.push((x, y));
        }
        b.end();
    }
}

#[test]
fn it_answers_inside_the_turn_time() {
    let mut b = Brain::start(&[]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 400");
    b.send("INFO time_left 100000");
    b.send("BOARD");
    for (x, y, f) in [(7, 7, 2), (8, 8, 1), (6, 8, 2), (8, 6, 1), (7, 9, 2)] {
        b.send(&format!("{x},{y},{f}"));
    }
    let start = Instant::now();
    parse_move(&b.ask("DONE"));
    // Generous: a debug build on a busy machine.
    assert!(
        start.elapsed() < Duration::from_millis(2_000),
        "{:?}",
        start.elapsed()
    );
    b.end();
}

#[test]
fn yxstop_ends_a_long_think_and_end_exits() {
    let mut b = Brain::start(&[]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO timeout_turn 60000");
    b.send("INFO time_left 6000000");
    b.send("YXBOARD");
    for (x, y, f) in [(7, 7, 2), (8, 8, 1), (6, 8, 2)] {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
    assert!(
        b.silent_for(Duration::from_millis(200)),
        "YXBOARD has no answer"
    );
    b.send("TURN 9,9");
    std::thread::sleep(Duration::from_millis(300));
    let start = Instant::now();
    b.send("YXSTOP");
    parse_move(&b.answer());
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    b.end();
}

#[test]
fn yxshowforbid_lists_black_forbidden_points() {
    let mut b = Brain::start(&["--level", "normal"]);
    assert_eq!(b.ask("START 15"), "OK");
    b.send("INFO rule 4");
    // Black (own, to move) g8 i8 h9 h10: h8 (7,7) is a double three.
    b.send("YXBOARD");
    for (x, y, f) in [
        (6, 7, 1),
        (8, 7, 1),
        (7, 6, 1),
        (7, 5, 1),
        (0, 0, 2),
        (2, 0, 2),
        (4, 0, 2),
        (14, 14, 2),
    ] {
        b.send(&format!("{x},{y},{f}"));
    }
    b.send("DONE");
    let forbid = b.ask("YXSHOWFORBID");
    assert!(
        forbid.starts_with("FORBID ") && forbid.ends_with('.'),
        "{forbid}"
    );
    assert!(forbid.contains("0707"), "{forbid}");
    b.send("INFO rule 0");
    assert_eq!(b.ask("YXSHOWFORBID"), "FORBID .");
    b.end();
}

#[test]
fn a_debug_log_shows_how_deep_each_move_was_read_and_stdout_stays_protocol() {
    let out = Command::new(env!("CARGO_BIN_EXE_wuzi"))
        .arg("pbrain")
        .env("RUST_LOG", "wuzi_engine=debug")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(
                b"START 15\nINFO timeout_turn 300\nBOARD\n7,7,2\n8,7,2\n7,8,1\nDONE\nEND\n",
            )?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "only the protocol's answers: {stdout}");
    assert_eq!(lines[0], "OK");
    parse_move(lines[1]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let searched = stderr
        .lines()
        .find(|l| l.contains("searched"))
        .unwrap_or_else(|| panic!("no search line: {stderr}"));
    let depth: u32 = searched
        .split_whitespace()
        .find_map(|w| w.strip_prefix("depth="))
        .and_then(|d| d.parse().ok())
        .unwrap_or_else(|| panic!("no depth: {searched}"));
    assert!(depth >= 1, "{searched}");
    assert!(
        searched.contains("level=Master") && searched.contains("nodes="),
        "{searched}"
    );
    assert!(stderr.contains("threat searches"), "{stderr}");
}

/// An input that tells how far the brain has read it.
struct Watched {
    inner: std::io::Cursor<Vec<u8>>,
    read_to: Arc<AtomicU64>,
}

impl std::io::Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read_to.store(self.inner.position(), Ordering::SeqCst);
        Ok(n)
    }
}

impl BufRead for Watched {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
        self.read_to.store(self.inner.position(), Ordering::SeqCst);
    }
}

#[test]
fn end_stops_the_reading_and_nothing_is_left_running() {
    // A manager may keep the pipe open after END: the brain must not go on
    // reading it, and `run` returns with its reader finished, not left behind.
    let head = "START 15\nABOUT\nend now\n";
    let input = format!("{head}ABOUT\nSTART 15\n");
    let read_to = Arc::new(AtomicU64::new(0));
    let watched = Watched {
        inner: std::io::Cursor::new(input.into_bytes()),
        read_to: Arc::clone(&read_to),
    };
    let mut output = Vec::new();
    wuzi_cli::pbrain::run(watched, &mut output, Some(wuzi_engine::Level::Beginner)).unwrap();
    let output = String::from_utf8(output).unwrap();
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0], "OK");
    assert!(answers[1].starts_with("name="), "{answers:?}");
    assert_eq!(
        read_to.load(Ordering::SeqCst),
        head.len() as u64,
        "read past END"
    );
}
