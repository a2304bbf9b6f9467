//! Point values: what the four line patterns through a point are worth to a
//! side, and which threat they make together.

use std::sync::OnceLock;

use crate::pattern::Pattern;

/// The threat a side makes by playing a point, from its four line patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Threat {
    /// Black may not play here in Renju (overline or double four).
    Forbidden = 0,
    /// Nothing forcing.
    Quiet,
    /// Makes one open three.
    Three,
    /// Makes one four (the opponent has exactly one answer).
    Four,
    /// Makes two open threes (in Renju, black must check it is not forbidden).
    DoubleThree,
    /// Makes a four and an open three at once.
    FourThree,
    /// Makes an open four or two fours: five next move cannot be stopped.
    Win,
    /// Makes five.
    Five,
}

/// How many kinds of threat there are.
pub(crate) const THREATS: usize = 8;

impl Threat {
    /// A four or better: the opponent must answer at once.
    pub(crate) fn is_four(self) -> bool {
        matches!(
            self,
            Threat::Four | Threat::FourThree | Threat::Win | Threat::Five
        )
    }
}

/// Threat and value of one point for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PointValue {
    /// The threat made by playing here.
    pub threat: Threat,
    /// Whether Renju needs the full forbidden test before black plays here.
    pub check_forbidden: bool,
    /// Heuristic worth of the point to the side.
    pub score: i32,
}

/// Worth of one line pattern through a point.
const LINE_SCORE: [i32; 12] = [0, 2, 6, 10, 36, 40, 160, 190, 900, 900, 0, 6000];

fn value(patterns: [Pattern; 4], renju_black: bool) -> PointValue {
    let mut fives = 0;
    let mut fours = 0;
    let mut open_fours = 0;
    let mut threes = 0;
    let mut overline = false;
    let mut score = 0;
    for p in patterns {
        score += LINE_SCORE[p as usize];
        match p {
            Pattern::Five => fives += 1,
            Pattern::Flex4 | Pattern::DoubleFour => open_fours += 1,
            Pattern::Flex3 => threes += 1,
            Pattern::Overline => overline = true,
            _ => {}
        }
        fours += p.fours();
    }
    // Only a full look at the threes tells a double three from a legal move.
    let check_forbidden = renju_black && fives == 0 && threes >= 2;
    let threat = if fives > 0 {
        Threat::Five
    } else if renju_black && (overline || fours >= 2) {
        Threat::Forbidden
    } else if open_fours > 0 || fours >= 2 {
        Threat::Win
    } else if fours > 0 && threes > 0 {
        Threat::FourThree
    } else if fours > 0 {
        Threat::Four
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else {
        Threat::Quiet
    };
    score += match threat {
        Threat::Five => 20_000,
        Threat::Win => 4_000,
        Threat::FourThree => 2_000,
        Threat::DoubleThree => 700,
        Threat::Forbidden => -score,
        _ => 0,
    };
    PointValue {
        threat,
        check_forbidden,
        score,
    }
}

static VALUES: OnceLock<Vec<PointValue>> = OnceLock::new();

/// Value of a point from its four patterns packed four bits each
/// (`patterns` as kept by the board), for black under Renju or anyone else.
pub(crate) fn point_value(patterns: u16, renju_black: bool) -> PointValue {
    let table = VALUES.get_or_init(|| {
        let mut t = Vec::with_capacity(2 << 16);
        for flavour in [false, true] {
            for packed in 0..=u16::MAX {
                let pats = [0, 4, 8, 12].map(|s| Pattern::from_index(((packed >> s) & 15) as u8));
                t.push(value(pats, flavour));
            }
        }
        t
    });
    table[usize::from(renju_black) << 16 | usize::from(patterns)]
}
