//! Playing against the computer in the terminal.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

use wuzi_core::{Point, Rule, Stone};
use wuzi_engine::{Engine, Level, Position};

use wuzi_core::{parse_point, point_name};

/// Draws the board with coordinates, the last move in brackets.
#[must_use]
pub fn render(pos: &Position, last: Option<Point>) -> String {
    let board = pos.board();
    let n = board.size();
    let mut out = String::new();
    let letters: String = (0..n)
        .map(|x| format!(" {}", char::from(b'A' + x)))
        .collect();
    out.push_str(&format!("   {letters}\n"));
    for y in 0..n {
        out.push_str(&format!("{:>2} ", n - y));
        for x in 0..n {
            let p = Point::new(x, y);
            let c = match board.stone_at(p) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '.',
            };
            if Some(p) == last {
                out.push_str(&format!("[{c}"));
            } else if x > 0 && Some(Point::new(x - 1, y)) == last {
                out.push_str(&format!("]{c}"));
            } else {
                out.push_str(&format!(" {c}"));
            }
        }
        if Some(Point::new(n - 1, y)) == last {
            out.push(']');
        }
        out.push_str(&format!(" {}\n", n - y));
    }
    out.push_str(&format!("   {letters}\n"));
    out
}

/// Plays a game in the terminal: the person types moves like `h8`, `undo`,
/// `hint` or `quit`; the computer answers at `level`.
///
/// # Errors
/// When the terminal cannot be read or written.
pub fn run(size: u8, rule: Rule, level: Level, human: Stone) -> io::Result<()> {
    let mut engine = Engine::new();
    let stop = AtomicBool::new(false);
    let mut moves: Vec<Point> = Vec::new();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    loop {
        let pos = match Position::from_moves(size, rule, &moves) {
            Ok(p) => p,
            Err(e) => {
                writeln!(out, "cannot set up the board: {e}")?;
                return Ok(());
            }
        };
        write!(out, "\n{}", render(&pos, moves.last().copied()))?;
        if let Some(w) = pos.winner() {
            writeln!(out, "{w} wins.")?;
            return Ok(());
        }
        if !pos.has_legal_move() {
            writeln!(out, "Draw: no move is left.")?;
            return Ok(());
        }
        if pos.to_move() != human {
            match engine.play(&pos, level, level.limits(), &stop, |_| {}) {
                Ok(r) => {
                    writeln!(out, "{level} plays {}", point_name(r.best, size))?;
                    moves.push(r.best);
                }
                Err(e) => {
                    writeln!(out, "{e}")?;
                    return Ok(());
                }
            }
            continue;
        }
        write!(out, "your move ({}; undo, hint, quit): ", pos.to_move())?;
        out.flush()?;
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        match line.trim().to_ascii_lowercase().as_str() {
            "quit" | "q" | "exit" => return Ok(()),
            "undo" | "u" => {
                // Take back the computer's answer and the person's move.
                let n = if moves.len() >= 2 { 2 } else { moves.len() };
                moves.truncate(moves.len() - n);
            }
            "hint" | "h" => match engine.evaluate(&pos, Level::Normal.limits(), &stop) {
                Ok(r) => writeln!(
                    out,
                    "hint: {} (your chance {:.0}%)",
                    point_name(r.best, size),
                    r.win_chance * 100.0
                )?,
                Err(e) => writeln!(out, "{e}")?,
            },
            text => match parse_point(text, size) {
                Ok(p) => match pos.check(p) {
                    Ok(()) => moves.push(p),
                    Err(e) => writeln!(out, "{e}")?,
                },
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}
