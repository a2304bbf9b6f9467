//! Helpers shared by the engine's tests: move strings as people write them.
#![allow(dead_code)]

use wuzi_core::{Point, Rule};
use wuzi_engine::Position;

/// Parses `h8`-style names run together (`h8i9j10`): column letter from the
/// left, row number from the bottom.
pub fn parse_moves(s: &str, size: u8) -> Vec<Point> {
    let mut out = Vec::new();
    let b = s.trim().as_bytes();
    let mut i = 0;
    while i < b.len() {
        let col = b[i].to_ascii_lowercase() - b'a';
        i += 1;
        let mut row = 0u8;
        while i < b.len() && b[i].is_ascii_digit() {
            row = row * 10 + (b[i] - b'0');
            i += 1;
        }
        out.push(Point::new(col, size - row));
    }
    out
}

/// The position after a move string.
pub fn position(moves: &str, size: u8, rule: Rule) -> Position {
    Position::from_moves(size, rule, &parse_moves(moves, size)).expect("a playable move string")
}

/// Whether the string names nothing (`-`).
pub fn points(s: &str, size: u8) -> Vec<Point> {
    if s.trim() == "-" {
        Vec::new()
    } else {
        parse_moves(s, size)
    }
}

/// Data lines of a test file: no blanks, no `#` comments.
pub fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}
