//! The coach's view of a position: at every empty point, the threat each
//! side would make by playing there (a five, an open or double four, a
//! four-three, a four, a double three, an open three), and for black in
//! renju whether the point is forbidden. Read from the engine's own line
//! patterns, the same ones its search uses; forbidden points are core's.

use std::collections::HashMap;

use wuzi_core::{Forbidden, Point, Rule, Stone};

use crate::board::{self, Board};
use crate::eval::Threat;

/// What playing a point makes for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ThreatMark {
    /// An open three.
    Three,
    /// A four (one answer stops it).
    Four,
    /// Two open threes.
    DoubleThree,
    /// A four and an open three.
    FourThree,
    /// An open four or two fours: the five cannot be stopped.
    OpenFour,
    /// Five in a row.
    Five,
}

/// One side's threat at one point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointThreat {
    /// The point.
    pub point: Point,
    /// The side that would play there.
    pub stone: Stone,
    /// What it would make; `None` for a renju point forbidden to black that
    /// makes none of these (an overline).
    pub mark: Option<ThreatMark>,
    /// Why black may not play there (renju), if it may not.
    pub forbidden: Option<Forbidden>,
}

/// Every threat on `board` under `rule`, for both sides, row by row.
#[must_use]
pub fn threat_marks(board: &wuzi_core::Board, rule: Rule) -> Vec<PointThreat> {
    let line = Board::from_core(board, rule);
    let forbidden: HashMap<Point, Forbidden> = if rule == Rule::Renju {
        wuzi_core::forbidden_points_with_kind(board)
            .into_iter()
            .collect()
    } else {
        HashMap::new()
    };
    let mut out = Vec::new();
    for &i in line.points() {
        let i = usize::from(i);
        if !line.is_empty(i) {
            continue;
        }
        let point = board::point(i);
        for stone in [Stone::Black, Stone::White] {
            let mark = match line.threat(board::side(stone), i) {
                Threat::Five => Some(ThreatMark::Five),
                Threat::Win => Some(ThreatMark::OpenFour),
                Threat::FourThree => Some(ThreatMark::FourThree),
                Threat::Four => Some(ThreatMark::Four),
                Threat::DoubleThree => Some(ThreatMark::DoubleThree),
                Threat::Three => Some(ThreatMark::Three),
                Threat::Quiet | Threat::Forbidden => None,
            };
            let banned = if stone == Stone::Black {
                forbidden.get(&point).copied()
            } else {
                None
            };
            // A five is never forbidden; what black may not play is shown
            // as forbidden whatever it would make.
            let banned = banned.filter(|_| mark != Some(ThreatMark::Five));
            if mark.is_some() || banned.is_some() {
                out.push(PointThreat {
                    point,
                    stone,
                    mark,
                    forbidden: banned,
                });
            }
        }
    }
    out.sort_by_key(|t| (t.point.y, t.point.x, t.stone == Stone::White));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::stones_on;
    use wuzi_core::parse_point;

    fn at(marks: &[PointThreat], name: &str, stone: Stone) -> Option<PointThreat> {
        let p = parse_point(name, 15).unwrap();
        marks
            .iter()
            .copied()
            .find(|t| t.point == p && t.stone == stone)
    }

    #[test]
    fn fives_fours_and_threes_are_marked_for_the_side_that_makes_them() {
        // Black: four in a row on row 8, open at both ends; white: two on row 2.
        let b = stones_on(&["h8", "i8", "j8", "k8"], &["c2", "d2"]);
        let marks = threat_marks(&b, Rule::Freestyle);
        assert_eq!(
            at(&marks, "g8", Stone::Black).unwrap().mark,
            Some(ThreatMark::Five)
        );
        assert_eq!(
            at(&marks, "l8", Stone::Black).unwrap().mark,
            Some(ThreatMark::Five)
        );
        // White's two make an open three at e2 or b2.
        assert_eq!(
            at(&marks, "e2", Stone::White).unwrap().mark,
            Some(ThreatMark::Three)
        );
        assert!(at(&marks, "a15", Stone::Black).is_none());
    }

    #[test]
    fn renju_marks_black_forbidden_points_with_their_reason() {
        // f8 g8 h6 h7: black at h8 makes two open threes.
        let b = stones_on(&["f8", "g8", "h6", "h7"], &["a1", "a15", "o1", "o15"]);
        let marks = threat_marks(&b, Rule::Renju);
        let h8 = at(&marks, "h8", Stone::Black).unwrap();
        assert_eq!(h8.forbidden, Some(Forbidden::DoubleThree));
        // Free play marks the same point as a double three, allowed.
        let free = threat_marks(&b, Rule::Freestyle);
        let h8 = at(&free, "h8", Stone::Black).unwrap();
        assert_eq!(
            (h8.mark, h8.forbidden),
            (Some(ThreatMark::DoubleThree), None)
        );
    }
}
