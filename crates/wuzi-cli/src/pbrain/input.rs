//! The manager's lines, read so that no input can end the session or make
//! the brain hold more than a bounded amount of it.
//!
//! Bytes that are not UTF-8 are read as U+FFFD (they end up in an
//! `UNKNOWN` or `ERROR` answer), and a line longer than [`MAX_LINE`] is
//! skipped without being kept and answered with an error.

use std::io::{self, BufRead};

/// The longest line the brain reads. Real managers send a few dozen bytes a
/// line; a longer one is garbage and only costs memory.
pub const MAX_LINE: usize = 64 * 1024;

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Input {
    /// A line, without its end (`\n` or `\r\n`).
    Line(String),
    /// A line longer than [`MAX_LINE`], of this many bytes; not kept.
    TooLong(usize),
}

/// The next line of `input`, or `None` at its end.
///
/// # Errors
/// Only when reading `input` fails.
pub(crate) fn next_line(input: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            // A last line without its '\n' still counts.
            if length == 0 {
                return Ok(None);
            }
            break;
        }
        let end = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..end.unwrap_or(chunk.len())];
        length = length.saturating_add(part.len());
        if length <= MAX_LINE {
            line.extend_from_slice(part);
        }
        let used = part.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if length > MAX_LINE {
        return Ok(Some(Input::TooLong(length)));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&line).into_owned(),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<Input> {
        let mut input = io::BufReader::with_capacity(7, bytes);
        let mut lines = Vec::new();
        while let Some(line) = next_line(&mut input).expect("reading a slice") {
            lines.push(line);
        }
        lines
    }

    fn line(text: &str) -> Input {
        Input::Line(text.to_string())
    }

    #[test]
    fn lines_end_with_newline_or_crlf_or_the_input() {
        assert_eq!(
            all(b"START 15\r\nBEGIN\n\nEND"),
            [line("START 15"), line("BEGIN"), line(""), line("END")]
        );
        assert_eq!(all(b"ABOUT\n"), [line("ABOUT")]);
        assert!(all(b"").is_empty());
    }

    #[test]
    fn bytes_that_are_not_utf8_do_not_end_the_input() {
        assert_eq!(
            all(b"TURN \xff\xfe,3\nABOUT\n"),
            [line("TURN \u{fffd}\u{fffd},3"), line("ABOUT")]
        );
    }

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let mut bytes = vec![b'x'; MAX_LINE + 1];
        bytes.extend_from_slice(b"\nABOUT\n");
        bytes.extend(std::iter::repeat_n(b'y', MAX_LINE));
        assert_eq!(
            all(&bytes),
            [
                Input::TooLong(MAX_LINE + 1),
                line("ABOUT"),
                line(&"y".repeat(MAX_LINE))
            ]
        );
    }
}
