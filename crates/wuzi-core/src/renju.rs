//! Renju's forbidden moves for black, per the RIF rules.
//!
//! Black may not make a double-three, a double-four or an overline, unless
//! the same move makes exactly five, which always wins. The terms, for a row
//! through the stone just placed (`X` black, `_` empty, `O` white or the
//! edge of the board):
//!
//! - **five**: exactly five black stones in a row, `XXXXX`. Six or more is an
//!   **overline**, `XXXXXX`, and is not a five for black.
//! - **four**: a row that one more black stone turns into a five, `XXXX_`,
//!   `XX_XX`. A **straight four** has two such points, `_XXXX_`, and counts
//!   as one four. A row that can only grow into an overline is no four.
//! - **three**: a row that one more black stone turns into a straight four,
//!   `_XXX_`, `_XX_X_`, *and only if that stone is itself allowed there*:
//!   whether a three is real can depend on the forbidden-move test of
//!   another point, so the test is recursive. A stone that would make five
//!   at the same time does not count either: that move is a five, which
//!   ends the game, not a straight four (established engines agree, and
//!   the renju sample in the tests depends on it).
//!
//! One line can hold two fours on its own (`X_XXX_X`, `XX_XX_XX`,
//! `XXX_X_XXX`): that is a double-four too. A four and a three (4-3) is
//! allowed; 4-4-3 and 4-3-3 are not.
//!
//! The test reads each of the four lines through the point as a window of
//! eleven cells (five either side) in two bit masks, so most points are
//! settled by a few table look-ups and no allocation; the board is copied
//! only when a double-three has to be confirmed recursively.

use serde::{Deserialize, Serialize};

use crate::board::Direction;
use crate::{Board, Point, Stone};

/// Why a black move is forbidden in renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forbidden {
    /// Two or more real threes at once (4-3-3 included):
    ///
    /// ```text
    ///   _ _ X _ _      two open threes crossing at the new stone *
    ///   _ _ X _ _
    ///   X X * _ _
    /// ```
    DoubleThree,
    /// Two or more fours at once, on two lines (`XXX*_` and `XX*X_`) or on
    /// one (`X_X*X_X`, `XX_*X_XX`, `XXX_*_XXX`), 4-4-3 included.
    DoubleFour,
    /// Six or more black stones in a row: `XXX*XX`.
    Overline,
}

impl Forbidden {
    /// The name people use for it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }
}

impl std::fmt::Display for Forbidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The bit of a window that is the point under test.
const CENTRE: u16 = 1 << 5;
/// Cells within four of the centre, the centre left out.
const WITHIN_FOUR: u16 = 0b011_1101_1110;
/// Cells within five of the centre, the centre left out.
const WITHIN_FIVE: u16 = 0b111_1101_1111;
/// Where a stone can turn a three through the centre into a straight four:
/// `_XXXX_` holds both, so they are at most three apart.
const WITHIN_THREE: u16 = 0b001_1101_1100;

/// Whether black `own` (centre set) holds exactly five in a row through the
/// centre. A five through the centre spans at most offsets -4..=4, so the
/// two cells just outside it are inside the window.
const fn exact_five(own: u16) -> bool {
    let mut start = 1;
    while start <= 5 {
        let five = 0x1F << start;
        if own & five == five && own & (1 << (start - 1)) == 0 && own & (1 << (start + 5)) == 0 {
            return true;
        }
        start += 1;
    }
    false
}

/// Whether black `own` (centre set) runs six or more through the centre.
const fn overline(own: u16) -> bool {
    let mut length = 1;
    let mut bit = 6;
    while bit <= 10 && own & (1 << bit) != 0 {
        length += 1;
        bit += 1;
    }
    let mut bit = 4i32;
    while bit >= 0 && own & (1 << bit) != 0 {
        length += 1;
        bit -= 1;
    }
    length >= 6
}

const FIVE: u8 = 1;
const OVERLINE: u8 = 2;

/// For every window: does it make a five ([`FIVE`]) or an overline
/// ([`OVERLINE`]) through the centre.
static SHAPE: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut own = 0;
    while own < 2048 {
        let with_centre = own as u16 | CENTRE;
        if exact_five(with_centre) {
            table[own] |= FIVE;
        }
        if overline(with_centre) {
            table[own] |= OVERLINE;
        }
        own += 1;
    }
    table
};

/// For every window: the cells where one more black stone makes exactly
/// five through the centre (whether they are empty is checked apart).
static FIVE_POINTS: [u16; 2048] = {
    let mut table = [0u16; 2048];
    let mut own = 0;
    while own < 2048 {
        let with_centre = own as u16 | CENTRE;
        let mut bit = 0;
        while bit < 11 {
            if with_centre & (1 << bit) == 0 && exact_five(with_centre | (1 << bit)) {
                table[own] |= 1 << bit;
            }
            bit += 1;
        }
        own += 1;
    }
    table
};

/// The fours one line makes through the centre: 0, 1, or 2 for the
/// same-line double-fours. `own` has the centre set.
#[inline]
fn fours(own: u16, empty: u16) -> u32 {
    let points = FIVE_POINTS[usize::from(own)] & empty;
    // Two five-points five apart are the two ends of one straight four.
    if points & (points >> 5) != 0 {
        1
    } else {
        points.count_ones()
    }
}

/// The cells where one more black stone turns this line into a straight
/// four through the centre: the candidate points of a three.
#[inline]
fn three_points(own: u16, empty: u16) -> u16 {
    let mut found = 0;
    let mut candidates = empty & WITHIN_THREE;
    while candidates != 0 {
        let bit = candidates & candidates.wrapping_neg();
        candidates &= candidates - 1;
        let ends = FIVE_POINTS[usize::from(own | bit)] & empty & !bit;
        if ends & (ends >> 5) != 0 {
            found |= bit;
        }
    }
    found
}

/// What the lines alone say about a black move.
enum Verdict {
    Allowed,
    Forbidden(Forbidden),
    /// Two or more lines hold a three; each three is real only if one of
    /// its points (bits of the window, per direction) is itself allowed.
    CheckThrees([u16; 4]),
}

/// Reads the four lines through the empty `point`, as if black played it.
fn verdict(board: &Board, point: Point) -> Verdict {
    let mut windows = [(0u16, 0u16); 4];
    let mut busy_lines = 0;
    let mut crowded = false;
    for (slot, dir) in windows.iter_mut().zip(Direction::ALL) {
        let (own, empty) = board.window(point, dir, Stone::Black);
        // Every forbidden shape needs two lines with two more black stones
        // near the point, or one line with four (overline, one-line
        // double-four); most empty points have neither.
        if (own & WITHIN_FOUR).count_ones() >= 2 {
            busy_lines += 1;
        }
        crowded |= (own & WITHIN_FIVE).count_ones() >= 4;
        *slot = (own | CENTRE, empty);
    }
    if busy_lines < 2 && !crowded {
        return Verdict::Allowed;
    }
    let shapes = windows
        .iter()
        .fold(0, |acc, &(own, _)| acc | SHAPE[usize::from(own)]);
    // Exactly five wins, whatever else the move makes.
    if shapes & FIVE != 0 {
        return Verdict::Allowed;
    }
    if shapes & OVERLINE != 0 {
        return Verdict::Forbidden(Forbidden::Overline);
    }
    let mut four_count = 0;
    let mut threes = [0u16; 4];
    let mut three_lines = 0;
    for (slot, &(own, empty)) in threes.iter_mut().zip(&windows) {
        let line_fours = fours(own, empty);
        if line_fours > 0 {
            four_count += line_fours;
        } else {
            *slot = three_points(own, empty);
            three_lines += u32::from(*slot != 0);
        }
    }
    if four_count >= 2 {
        Verdict::Forbidden(Forbidden::DoubleFour)
    } else if three_lines >= 2 {
        Verdict::CheckThrees(threes)
    } else {
        Verdict::Allowed
    }
}

/// Counts the lines whose three is real, with black already on `point`:
/// a three is real when at least one of its points is allowed for black and
/// does not make five there.
fn real_threes(scratch: &mut Board, point: Point, threes: [u16; 4]) -> u32 {
    let mut real = 0;
    for (dir, mut bits) in Direction::ALL.into_iter().zip(threes) {
        let (dx, dy) = dir.step();
        while bits != 0 {
            let bit = bits.trailing_zeros() as i8;
            bits &= bits - 1;
            let Some(next) = point.offset(dx, dy, bit - 5) else {
                continue;
            };
            if !makes_five(scratch, next) && kind_on(scratch, next).is_none() {
                real += 1;
                break;
            }
        }
        if real >= 2 {
            break;
        }
    }
    real
}

/// Whether black playing the empty `point` makes exactly five.
fn makes_five(board: &Board, point: Point) -> bool {
    Direction::ALL.into_iter().any(|dir| {
        let (own, _) = board.window(point, dir, Stone::Black);
        SHAPE[usize::from(own | CENTRE)] & FIVE != 0
    })
}

/// The forbidden kind of black's move at the empty `point`; `scratch` is
/// left as it was found.
fn kind_on(scratch: &mut Board, point: Point) -> Option<Forbidden> {
    match verdict(scratch, point) {
        Verdict::Allowed => None,
        Verdict::Forbidden(kind) => Some(kind),
        Verdict::CheckThrees(threes) => {
            scratch.set(point, Some(Stone::Black));
            let real = real_threes(scratch, point, threes);
            scratch.set(point, None);
            (real >= 2).then_some(Forbidden::DoubleThree)
        }
    }
}

/// Whether black, to move, is forbidden to play at `point`, and why.
///
/// `None` when the move is allowed: always when it makes exactly five, and
/// when the point is taken or off the board (those are not forbidden
/// points, just not empty ones). The colour of the stones is all that
/// matters: call it with black to move. The rule is renju's whatever the
/// board size.
///
/// ```
/// use wuzi_core::{forbidden_kind, Board, Forbidden, Point, Stone};
/// let mut board = Board::default();
/// // Two open threes would cross at H8: `_XX*_` across and down.
/// for p in [(5, 7), (6, 7), (7, 5), (7, 6)] {
///     board.set(Point::new(p.0, p.1), Some(Stone::Black));
/// }
/// assert_eq!(forbidden_kind(&board, Point::new(7, 7)), Some(Forbidden::DoubleThree));
/// assert_eq!(forbidden_kind(&board, Point::new(0, 0)), None);
/// ```
#[must_use]
pub fn forbidden_kind(board: &Board, point: Point) -> Option<Forbidden> {
    if !board.is_empty_at(point) {
        return None;
    }
    match verdict(board, point) {
        Verdict::Allowed => None,
        Verdict::Forbidden(kind) => Some(kind),
        Verdict::CheckThrees(threes) => {
            let mut scratch = board.clone();
            scratch.set(point, Some(Stone::Black));
            (real_threes(&mut scratch, point, threes) >= 2).then_some(Forbidden::DoubleThree)
        }
    }
}

/// Whether black, to move, is forbidden to play at `point`; see
/// [`forbidden_kind`].
#[must_use]
pub fn is_forbidden(board: &Board, point: Point) -> bool {
    forbidden_kind(board, point).is_some()
}

/// Every point where black, to move, may not play, column by column from
/// the left and top to bottom within a column.
///
/// ```
/// use wuzi_core::{forbidden_points, Board, Point, Stone};
/// let mut board = Board::default();
/// for x in [3, 4, 6, 7, 8] {
///     board.set(Point::new(x, 7), Some(Stone::Black)); // XX_XXX
/// }
/// // F8 would make six in a row.
/// assert_eq!(forbidden_points(&board), vec![Point::new(5, 7)]);
/// ```
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    forbidden_points_with_kind(board)
        .into_iter()
        .map(|(point, _)| point)
        .collect()
}

/// [`forbidden_points`] with the reason for each.
#[must_use]
pub fn forbidden_points_with_kind(board: &Board) -> Vec<(Point, Forbidden)> {
    let mut found = Vec::new();
    let mut scratch: Option<Board> = None;
    for x in 0..board.size() {
        for y in 0..board.size() {
            let point = Point::new(x, y);
            if !board.is_empty_at(point) {
                continue;
            }
            let kind = match verdict(board, point) {
                Verdict::Allowed => None,
                Verdict::Forbidden(kind) => Some(kind),
                Verdict::CheckThrees(_) => {
                    kind_on(scratch.get_or_insert_with(|| board.clone()), point)
                }
            };
            if let Some(kind) = kind {
                found.push((point, kind));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_shapes() {
        // XXXXX through the centre: bits 3..=7.
        assert!(exact_five(0b000_1111_1000));
        assert!(!exact_five(0b001_1111_1000)); // six
        assert!(overline(0b001_1111_1000));
        // XXXX_ at bits 2..=5 gives five-points 1 and 6.
        assert_eq!(FIVE_POINTS[0b000_0011_1100], 0b000_0100_0010);
        // X_X*X_X: two fours on one line, each a five-point of its own.
        let own: u16 = (1 << 2) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 8);
        assert_eq!(fours(own, 0x7FF & !own), 2);
        // _XX*_ : a three whose points are the ends and the gap.
        let own: u16 = (1 << 3) | (1 << 4) | (1 << 5);
        assert_ne!(three_points(own, 0x7FF & !own), 0);
    }
}
