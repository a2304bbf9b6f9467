//! The Beginner level: the classic weight-table player of the early Java
//! Gomoku programs. For every empty point it counts the stones of each side
//! along the four lines through it, sorts each run into live (both ends
//! open), half-open or dead, connected or with one gap, and adds up an
//! attack weight for its own runs and a defence weight for the opponent's.
//! It plays the point with the highest sum; it never looks ahead.

use wuzi_core::{Board, Point, Rule, Stone};

use crate::position::Position;

/// The run a stone at a point would make along one line.
#[derive(Debug, Clone, Copy)]
struct Run {
    /// Stones in the run, counting the new one.
    stones: u8,
    /// Open ends: 0 dead, 1 half-open, 2 live.
    open_ends: u8,
    /// Whether the run needs its one gap filled.
    gapped: bool,
}

/// Attack weights: [stones][open ends], connected runs.
const ATTACK: [[i32; 3]; 5] = [
    [0, 0, 0],
    [0, 2, 6],
    [0, 12, 60],
    [0, 150, 950],
    [0, 1_500, 6_000],
];
/// Defence weights: the same shapes for the opponent.
const DEFENCE: [[i32; 3]; 5] = [
    [0, 0, 0],
    [0, 1, 5],
    [0, 10, 50],
    [0, 120, 700],
    [0, 1_200, 3_500],
];
const FIVE_ATTACK: i32 = 20_000;
const FIVE_DEFENCE: i32 = 15_000;

fn run(board: &Board, p: Point, stone: Stone, step: (i32, i32)) -> Run {
    let n = i32::from(board.size());
    let at = |x: i32, y: i32| -> Option<Option<Stone>> {
        (x >= 0 && y >= 0 && x < n && y < n).then(|| board.stone_at(Point::new(x as u8, y as u8)))
    };
    let mut stones = 1u8;
    let mut open_ends = 0u8;
    let mut gapped = false;
    let mut contiguous = 1u8;
    for sign in [-1, 1] {
        let (mut x, mut y) = (i32::from(p.x), i32::from(p.y));
        let mut gap_here = false;
        loop {
            x += sign * step.0;
            y += sign * step.1;
            match at(x, y) {
                Some(Some(s)) if s == stone => {
                    stones += 1;
                    if !gap_here {
                        contiguous += 1;
                    }
                }
                Some(None)
                    if !gapped && at(x + sign * step.0, y + sign * step.1) == Some(Some(stone)) =>
                {
                    gapped = true;
                    gap_here = true;
                }
                Some(None) => {
                    open_ends += 1;
                    break;
                }
                _ => break,
            }
        }
    }
    if contiguous >= 5 {
        return Run {
            stones: contiguous,
            open_ends,
            gapped: false,
        };
    }
    Run {
        stones,
        open_ends,
        gapped,
    }
}

fn weight(r: Run, table: &[[i32; 3]; 5], five: i32) -> i32 {
    if r.stones >= 5 && !r.gapped {
        return five;
    }
    if r.open_ends == 0 && r.stones < 5 {
        return 0;
    }
    let stones = usize::from(r.stones.min(4));
    let w = table[stones][usize::from(r.open_ends.min(2))];
    // A gapped run is worth a little less than the same stones joined.
    if r.gapped { w * 4 / 5 } else { w }
}

/// The classic player's choice, or `None` when no legal point is left.
pub(crate) fn choose(pos: &Position) -> Option<Point> {
    let board = pos.board();
    let me = pos.to_move();
    let n = board.size();
    let centre = i32::from(n / 2);
    let mut scored = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let p = Point::new(x, y);
            if board.stone_at(p).is_some() {
                continue;
            }
            let mut score = 0;
            for step in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                score += weight(run(board, p, me, step), &ATTACK, FIVE_ATTACK);
                score += weight(run(board, p, me.opponent(), step), &DEFENCE, FIVE_DEFENCE);
            }
            // Ties go to the point nearer the centre.
            let dist = (i32::from(x) - centre).abs() + (i32::from(y) - centre).abs();
            scored.push((score * 64 - dist, p));
        }
    }
    scored.sort_by_key(|m| std::cmp::Reverse(m.0));
    let renju_black = pos.rule() == Rule::Renju && me == Stone::Black;
    scored
        .into_iter()
        .map(|(_, p)| p)
        .find(|&p| !renju_black || pos.is_legal(p))
}
