//! Point names as people write them: column letter from the left (I is not
//! skipped), row number from the bottom, so `h8` is the centre of 15x15.

use thiserror::Error;
use wuzi_core::Point;

/// A move name that does not name a point of the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0:?} is not a point of this board (try a name like h8)")]
pub struct BadPoint(pub String);

/// The name of `p` on a board of `size`, like `H8`.
#[must_use]
pub fn point_name(p: Point, size: u8) -> String {
    format!("{}{}", char::from(b'A' + p.x), size - p.y)
}

/// Reads one name like `h8` or `H8`.
///
/// # Errors
/// [`BadPoint`] when the text is not a point of the board.
pub fn parse_point(text: &str, size: u8) -> Result<Point, BadPoint> {
    let bad = || BadPoint(text.to_string());
    let t = text.trim();
    let mut chars = t.chars();
    let col = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !col.is_ascii_lowercase() {
        return Err(bad());
    }
    let x = col as u8 - b'a';
    let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
    if x >= size || row == 0 || row > size {
        return Err(bad());
    }
    Ok(Point::new(x, size - row))
}

/// Reads names run together, as in `h8i9j10`.
///
/// # Errors
/// [`BadPoint`] for the first piece that is not a point.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Point>, BadPoint> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let digits_end = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        out.push(parse_point(&rest[..digits_end], size)?);
        rest = &rest[digits_end..];
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(point_name(Point::new(7, 7), 15), "H8");
        assert_eq!(parse_point("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("a15", 15), Ok(Point::new(0, 0)));
        assert!(parse_point("p1", 15).is_err());
        assert!(parse_point("a0", 15).is_err());
        assert_eq!(parse_moves("e11h9j9", 15).unwrap().len(), 3);
    }
}
