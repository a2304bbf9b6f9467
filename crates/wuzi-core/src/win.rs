//! Win detection: the line of five (or more, where the rule allows it)
//! through the stone just played.

use crate::board::{Direction, PAD};
use crate::{Board, Point, Rule, Stone};

/// The length of the unbroken row of `stone`s through `point` in `dir`, and
/// how many of those lie before `point`. `point` must hold `stone`.
fn run_through(board: &Board, point: Point, dir: Direction, stone: Stone) -> (u32, u32) {
    let (own, pos) = board.line_bits(point, dir, stone);
    let centre = pos + PAD;
    // Padding bits are always clear, so neither count runs off the line.
    let after = (!(own >> centre)).trailing_zeros();
    let before_and_self = (!(own << (31 - centre))).leading_zeros();
    (after + before_and_self - 1, before_and_self - 1)
}

/// Whether the stone at `point` completes a winning row under `rule` for
/// its colour. `false` when `point` is empty or off the board.
///
/// This is the allocation-free check for search; [`winning_line`] also
/// returns the stones.
#[must_use]
pub fn is_win(board: &Board, rule: Rule, point: Point) -> bool {
    let Some(stone) = board.stone_at(point) else {
        return false;
    };
    Direction::ALL
        .iter()
        .any(|&dir| rule.wins_with(stone, run_through(board, point, dir, stone).0))
}

/// The winning row through the stone just played at `point`, judged by
/// `rule` for that stone's colour: the five, or the whole longer row where
/// the rule lets it win (freestyle, and white in renju). The points run from
/// one end of the row to the other.
///
/// `None` when the stone does not win, or `point` is empty or off the
/// board. When a move wins along two lines at once, the first found (row,
/// column, diagonal, anti-diagonal) is returned.
///
/// ```
/// use wuzi_core::{winning_line, Board, Point, Rule, Stone};
/// let mut board = Board::default();
/// for x in 3..9 {
///     board.set(Point::new(x, 7), Some(Stone::Black));
/// }
/// // Six in a row: wins in freestyle, not in standard or (for black) renju.
/// assert_eq!(winning_line(&board, Rule::Freestyle, Point::new(3, 7)).map(|l| l.len()), Some(6));
/// assert_eq!(winning_line(&board, Rule::Standard, Point::new(3, 7)), None);
/// assert_eq!(winning_line(&board, Rule::Renju, Point::new(3, 7)), None);
/// ```
#[must_use]
pub fn winning_line(board: &Board, rule: Rule, point: Point) -> Option<Vec<Point>> {
    let stone = board.stone_at(point)?;
    Direction::ALL.iter().find_map(|&dir| {
        let (length, before) = run_through(board, point, dir, stone);
        if !rule.wins_with(stone, length) {
            return None;
        }
        let (dx, dy) = dir.step();
        // `before` and `length` are at most the board size (22), so the
        // casts and offsets stay on the board.
        let start = point.offset(dx, dy, -(before as i8))?;
        (0..length as i8).map(|i| start.offset(dx, dy, i)).collect()
    })
}
