//! Piskvork's `.psq` records, as Gomocup publishes its games:
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,8,1200
//! 9,7,800
//! Ann
//! Wuzi
//! -1
//! ```
//!
//! The first line gives the board size; then one `x,y,ms` line per move,
//! `x` from the left and `y` from the top, both from 1, and the time taken
//! in milliseconds; then the two players (the first mover's first) and
//! `-1`. The format keeps no rule: [`read`] assumes freestyle, and
//! [`read_with_rule`] takes the rule from the caller.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{GameRecord, Players, TextPosition, record_of, replay_lenient};
use crate::{BoardSizeError, GameConfig, Move, Point, ReplayError, Rule, Setup, Stone};

/// A `.psq` file that could not be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("psq, {at}: {reason}")]
pub struct PsqError {
    /// Where the problem is.
    pub at: TextPosition,
    /// What it is.
    pub reason: PsqErrorKind,
}

/// What was wrong with a `.psq` file.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PsqErrorKind {
    /// The first line is not `Piskvorky NxN, ...`.
    #[error("expected a first line like \"Piskvorky 15x15, 11:11, 0\"")]
    Header,
    /// The board is not square.
    #[error("the board is {width}x{height}; only square boards are played")]
    NotSquare {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// The size is not playable.
    #[error(transparent)]
    Size(#[from] BoardSizeError),
    /// A move line is not `x,y` or `x,y,ms` with numbers.
    #[error("expected a move \"x,y,ms\"")]
    MoveLine,
    /// A move is off the board.
    #[error("{x},{y} is off a {size}x{size} board (counting from 1)")]
    OffBoard {
        /// Column from 1, as written.
        x: u32,
        /// Row from the top from 1, as written.
        y: u32,
        /// The board size.
        size: u8,
    },
    /// The moves do not make a legal game.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Writes `record` as a `.psq` file.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let size = record.config.size;
    let mut out = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    for mv in &record.moves {
        let x = u32::from(mv.point.x) + 1;
        let y = u32::from(mv.point.y) + 1;
        out.push_str(&format!("{x},{y},{}\n", mv.time_ms));
    }
    let (first, second) = match record.config.first {
        Stone::Black => (&record.players.black, &record.players.white),
        Stone::White => (&record.players.white, &record.players.black),
    };
    for name in [first, second] {
        // A name is one line.
        out.push_str(&name.replace(['\r', '\n'], " "));
        out.push('\n');
    }
    out.push_str("-1\n");
    out
}

/// Reads a `.psq` file as a freestyle game.
///
/// # Errors
/// [`PsqError`] with the line and column of the first problem.
pub fn read(text: &str) -> Result<GameRecord, PsqError> {
    read_with_rule(text, Rule::Freestyle)
}

/// Reads a `.psq` file as a game under `rule`. Blank lines, `\r\n` line
/// ends and spaces around numbers are accepted; the lines after the moves
/// are the players' names, up to `-1` or the end (see [`names_end`]).
///
/// # Errors
/// [`PsqError`] with the line and column of the first problem.
pub fn read_with_rule(text: &str, rule: Rule) -> Result<GameRecord, PsqError> {
    let mut lines = LineIter::new(text);
    let Some((start, header)) = lines.next_non_blank() else {
        return Err(error(text, 0, PsqErrorKind::Header));
    };
    let size = parse_header(header).map_err(|reason| error(text, start, reason))?;
    let config = GameConfig {
        size,
        rule,
        ..GameConfig::default()
    };
    let rest: Vec<(usize, &str)> = lines.collect();
    let mut moves = Vec::new();
    let mut move_lines = Vec::new();
    let mut players = Vec::new();
    // For each line, whether the next non-blank line after it is a move.
    let mut move_follows = vec![false; rest.len()];
    let mut next_is_move = false;
    for (i, (_, line)) in rest.iter().enumerate().rev() {
        move_follows[i] = next_is_move;
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            next_is_move = looks_like_move(trimmed);
        }
    }
    let mut in_moves = true;
    for (i, &(offset, line)) in rest.iter().enumerate() {
        let trimmed = line.trim();
        if in_moves && looks_like_move(trimmed) {
            let (point, time_ms) =
                parse_move(trimmed, size).map_err(|reason| error(text, offset, reason))?;
            let stone = if moves.len().is_multiple_of(2) {
                Stone::Black
            } else {
                Stone::White
            };
            moves.push(Move {
                point,
                stone,
                time_ms,
            });
            move_lines.push(offset);
            continue;
        }
        if in_moves && trimmed.is_empty() {
            // A blank line between moves is skipped; after the last move it
            // is an empty name.
            if move_follows[i] {
                continue;
            }
        }
        in_moves = false;
        players.push(trimmed.to_owned());
    }
    let game = replay_lenient(config, &Setup::default(), &moves).map_err(|e| {
        let offset = match e {
            ReplayError::Move { index, .. } | ReplayError::OutOfTurn { index, .. } => {
                move_lines.get(index).copied().unwrap_or(start)
            }
            ReplayError::Config(_) | ReplayError::Setup(_) | ReplayError::Opening(_) => start,
        };
        error(text, offset, e.into())
    })?;
    players.truncate(names_end(&players));
    let mut names = players.into_iter();
    let players = Players {
        black: names.next().unwrap_or_default(),
        white: names.next().unwrap_or_default(),
    };
    Ok(record_of(&game, players, None))
}

/// How many of the lines after the moves are names. The names end at the
/// `-1` that closes the file; [`write`] puts it after the two names, and
/// a name may itself be `-1`, so a `-1` third line is the closing one.
/// Otherwise the first `-1` is (a file with one name or none), or there
/// is none and every line is a name.
fn names_end(lines: &[String]) -> usize {
    if lines.get(2).is_some_and(|line| line == "-1") {
        return 2;
    }
    lines
        .iter()
        .position(|line| line == "-1")
        .unwrap_or(lines.len())
}

fn error(text: &str, offset: usize, reason: PsqErrorKind) -> PsqError {
    PsqError {
        at: TextPosition::of(text, offset),
        reason,
    }
}

/// `Piskvorky 15x15, 11:11, 0` (any case, any tail) to the size.
fn parse_header(line: &str) -> Result<u8, PsqErrorKind> {
    let line = line.trim();
    let word = line.get(..9).ok_or(PsqErrorKind::Header)?;
    if !word.eq_ignore_ascii_case("piskvorky") {
        return Err(PsqErrorKind::Header);
    }
    let dims = line[9..]
        .trim_start()
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .ok_or(PsqErrorKind::Header)?;
    let (w, h) = dims.split_once(['x', 'X']).ok_or(PsqErrorKind::Header)?;
    let width: u32 = w.trim().parse().map_err(|_| PsqErrorKind::Header)?;
    let height: u32 = h.trim().parse().map_err(|_| PsqErrorKind::Header)?;
    if width != height {
        return Err(PsqErrorKind::NotSquare { width, height });
    }
    let size = u8::try_from(width).map_err(|_| BoardSizeError(u8::MAX))?;
    crate::Board::new(size)?;
    Ok(size)
}

fn looks_like_move(line: &str) -> bool {
    line.starts_with(|c: char| c.is_ascii_digit()) && line.contains(',')
}

/// `x,y` or `x,y,ms`, 1-based, to a point and a time.
fn parse_move(line: &str, size: u8) -> Result<(Point, u64), PsqErrorKind> {
    let mut fields = line.split(',').map(str::trim);
    let mut number = || -> Result<u64, PsqErrorKind> {
        fields
            .next()
            .and_then(|f| f.parse().ok())
            .ok_or(PsqErrorKind::MoveLine)
    };
    let x = number()?;
    let y = number()?;
    let time_ms = match fields.next() {
        None => 0,
        Some(f) => f.parse().map_err(|_| PsqErrorKind::MoveLine)?,
    };
    if fields.next().is_some() {
        return Err(PsqErrorKind::MoveLine);
    }
    let on_board = |v: u64| (1..=u64::from(size)).contains(&v);
    if !on_board(x) || !on_board(y) {
        return Err(PsqErrorKind::OffBoard {
            x: u32::try_from(x).unwrap_or(u32::MAX),
            y: u32::try_from(y).unwrap_or(u32::MAX),
            size,
        });
    }
    // Both are within 1..=size, so they fit in a u8.
    Ok((Point::new(x as u8 - 1, y as u8 - 1), time_ms))
}

/// Lines with the byte offset where each starts.
struct LineIter<'a> {
    text: &'a str,
    offset: usize,
}

impl<'a> LineIter<'a> {
    fn new(text: &'a str) -> Self {
        LineIter { text, offset: 0 }
    }

    fn next_non_blank(&mut self) -> Option<(usize, &'a str)> {
        self.by_ref().find(|(_, line)| !line.trim().is_empty())
    }
}

impl<'a> Iterator for LineIter<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.text.get(self.offset..).filter(|r| !r.is_empty())?;
        let start = self.offset;
        let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        self.offset += end;
        Some((start, rest[..end].trim_end_matches(['\n', '\r'])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_gomocup_style_file() {
        let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,1000\r\n11,11,2000\r\npbrain-a.zip\r\npbrain-b.zip\r\n-1\r\n";
        let record = read(text).unwrap();
        assert_eq!(record.config.size, 20);
        assert_eq!(record.moves[0].point, Point::new(9, 9));
        assert_eq!(record.moves[1].time_ms, 2000);
        assert_eq!(record.players.black, "pbrain-a.zip");
        assert_eq!(record.players.white, "pbrain-b.zip");
    }

    #[test]
    fn a_player_named_minus_one_is_kept_and_the_lines_after_the_end_are_not() {
        let config = GameConfig::default();
        let game = replay_lenient(config, &Setup::default(), &[]).unwrap();
        for (black, white) in [("-1", ""), ("", "-1"), ("-1", "-1"), ("Ann", "-1")] {
            let players = Players {
                black: black.to_owned(),
                white: white.to_owned(),
            };
            let record = record_of(&game, players.clone(), None);
            assert_eq!(read(&write(&record)).unwrap().players, players);
        }
        // One name, or none, before the closing `-1`; anything after it is
        // not a name.
        let one = read("Piskvorky 15x15, 11:11, 0\n8,8,0\nAnn\n-1\nBob\n").unwrap();
        assert_eq!(
            (one.players.black.as_str(), one.players.white.as_str()),
            ("Ann", "")
        );
        let none = read("Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\nAnn\nBob\n").unwrap();
        assert_eq!(none.players, Players::default());
        let after = read("Piskvorky 15x15, 11:11, 0\n8,8,0\nAnn\nBob\n-1\n9,9,0\nCy\n").unwrap();
        assert_eq!(after.moves.len(), 1);
        assert_eq!(
            (after.players.black.as_str(), after.players.white.as_str()),
            ("Ann", "Bob")
        );
    }

    #[test]
    fn errors_name_the_line() {
        let err = read("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n-1\n").unwrap_err();
        assert_eq!(err.at.line, 3);
        assert!(matches!(err.reason, PsqErrorKind::Replay(_)));
        let err = read("Piskvorky 15x15, 11:11, 0\n8,x,0\n").unwrap_err();
        assert_eq!((err.at.line, err.reason), (2, PsqErrorKind::MoveLine));
        let err = read("Piskvorky 15x15, 11:11, 0\n16,1,0\n").unwrap_err();
        assert!(matches!(err.reason, PsqErrorKind::OffBoard { .. }));
        let err = read("Piskvorky 15x14, 11:11, 0\n").unwrap_err();
        assert!(matches!(err.reason, PsqErrorKind::NotSquare { .. }));
        assert_eq!(read("").unwrap_err().reason, PsqErrorKind::Header);
    }
}
