//! Line patterns: what one stone at a point makes along one line.
//!
//! Every empty point keeps, per direction, a 20-bit *line key*: the five
//! cells on each side of it, two bits each (empty, black, white, wall). The
//! pattern a side would make by playing the point is a pure function of that
//! key, so it is computed once per key and cached in a shared table; search
//! never rescans lines.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// Cells looked at on each side of a point along a line. Five, so that an
/// exact-five rule can see the sixth stone that would make an overline.
pub(crate) const HALF: usize = 5;
/// Bits in a line key.
pub(crate) const KEY_BITS: u32 = 2 * 2 * HALF as u32;
const KEY_MASK: u32 = (1 << KEY_BITS) - 1;

/// Cell code in a line key: nothing there.
pub(crate) const EMPTY: u32 = 0;
/// Cell code in a line key: off the board.
pub(crate) const WALL: u32 = 3;

/// What a side makes along one line by playing a point (`X` the stone
/// played, `x` stones already there, `_` empty, `o` opponent or edge).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five is possible along this line through the point.
    Dead = 0,
    /// One stone with room for a five, but closed: `oX____`.
    Block1,
    /// One stone with room on both sides.
    Flex1,
    /// A two that can only become a closed three: `oXx___`.
    Block2,
    /// A two that can become an open three: `__Xx__`.
    Flex2,
    /// A closed three: one move from a four, `oXxx__`.
    Block3,
    /// An open three: one move from an open four, `__Xxx__` or `_Xx_x_`.
    Flex3,
    /// A four: one point left to make five, `oXxxx_` or `Xx_xx`.
    Block4,
    /// An open four: two points make five, `_Xxxx_`.
    Flex4,
    /// Two fours on one line, `x_xXx_x`: two separate fives to block.
    DoubleFour,
    /// Six or more in a row where only exactly five wins.
    Overline,
    /// Five in a row (or more where that wins).
    Five,
}

impl Pattern {
    const ALL: [Pattern; 12] = [
        Pattern::Dead,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::DoubleFour,
        Pattern::Overline,
        Pattern::Five,
    ];

    /// The pattern with this number (`as u8`), `Dead` for anything else.
    pub(crate) fn from_index(i: u8) -> Pattern {
        Pattern::ALL
            .get(usize::from(i))
            .copied()
            .unwrap_or(Pattern::Dead)
    }

    /// A four of either kind, counted as the number of fours it makes.
    pub(crate) fn fours(self) -> u8 {
        match self {
            Pattern::Block4 | Pattern::Flex4 => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        }
    }
}

/// Slot of the cell `offset` steps from the centre (`offset` in -5..=5, not 0).
pub(crate) fn slot(offset: i32) -> u32 {
    if offset < 0 {
        (offset + HALF as i32) as u32
    } else {
        (offset + HALF as i32 - 1) as u32
    }
}

// The cached table: [exact five?][side][key] -> pattern + 1, 0 = not yet known.
static TABLE: OnceLock<Vec<AtomicU8>> = OnceLock::new();

fn table() -> &'static [AtomicU8] {
    // Zeroed memory from the allocator: only the pages of keys that occur
    // are ever touched.
    TABLE.get_or_init(|| bytemuck::zeroed_vec(4usize << KEY_BITS))
}

/// The pattern `side_code` (1 black, 2 white) makes by playing the centre of
/// the line `key`; `exact` when only exactly five wins for that side.
pub(crate) fn pattern(key: u32, side_code: u32, exact: bool) -> Pattern {
    let index = ((usize::from(exact) * 2 + (side_code as usize - 1)) << KEY_BITS) | key as usize;
    let cell = &table()[index];
    let known = cell.load(Ordering::Relaxed);
    if known != 0 {
        return Pattern::from_index(known - 1);
    }
    // Racing threads compute the same value, so a plain store is enough.
    let found = classify(key, side_code, exact);
    cell.store(found as u8 + 1, Ordering::Relaxed);
    found
}

// Both sides' patterns at once: [which sides need exactly five][key] ->
// (black's pattern + 1) | (white's pattern + 1) << 4, 0 = not yet known.
// One load serves both sides, and a game only ever touches one quarter.
static PAIRS: OnceLock<Vec<AtomicU8>> = OnceLock::new();

/// Which sides win only with exactly five, as an index for [`Pairs`]:
/// black's flag twice plus white's.
pub(crate) fn exactness(black_exact: bool, white_exact: bool) -> usize {
    usize::from(black_exact) * 2 + usize::from(white_exact)
}

/// One quarter of the shared table of both sides' patterns: the one for a
/// board's rules, held by the board so the lookup a stone makes for every
/// point it changes is one load, with nothing to check first.
#[derive(Clone, Copy)]
pub(crate) struct Pairs {
    table: &'static [AtomicU8; 1 << KEY_BITS],
    rules: usize,
}

impl Pairs {
    /// The patterns of every line key under the [`exactness`] `rules`.
    pub(crate) fn of(rules: usize) -> Pairs {
        let table = PAIRS.get_or_init(|| bytemuck::zeroed_vec(4usize << KEY_BITS));
        let rules = rules & 3;
        let (quarter, _) = table[rules << KEY_BITS..]
            .split_first_chunk::<{ 1 << KEY_BITS }>()
            // The table holds four quarters and `rules` is one of 0..4.
            .unwrap_or_else(|| unreachable!("a quarter of the pattern table"));
        Pairs {
            table: quarter,
            rules,
        }
    }

    /// The numbers (`Pattern as u16`) of the patterns black and white make
    /// by playing the centre of the line `key`.
    #[inline]
    pub(crate) fn numbers(self, key: u32) -> [u16; 2] {
        let known = self.table[(key & KEY_MASK) as usize].load(Ordering::Relaxed);
        if known == 0 {
            return self.fill(key);
        }
        [u16::from(known & 15) - 1, u16::from(known >> 4) - 1]
    }

    #[cold]
    fn fill(self, key: u32) -> [u16; 2] {
        let key = key & KEY_MASK;
        let rules = self.rules;
        let both = [
            pattern(key, 1, rules & 2 != 0),
            pattern(key, 2, rules & 1 != 0),
        ];
        // Racing threads compute the same value, so a plain store is enough.
        self.table[key as usize].store(
            (both[0] as u8 + 1) | (both[1] as u8 + 1) << 4,
            Ordering::Relaxed,
        );
        [both[0] as u16, both[1] as u16]
    }
}

const OWN: u8 = 1;
const OPEN: u8 = 0;
const BLOCKED: u8 = 2;
const LINE: usize = 2 * HALF + 1;

fn run_through_centre(cells: &[u8; LINE]) -> usize {
    let mut len = 1;
    let mut i = HALF;
    while i > 0 && cells[i - 1] == OWN {
        len += 1;
        i -= 1;
    }
    let mut j = HALF;
    while j + 1 < LINE && cells[j + 1] == OWN {
        len += 1;
        j += 1;
    }
    len
}

fn classify(key: u32, side_code: u32, exact: bool) -> Pattern {
    let mut cells = [OPEN; LINE];
    cells[HALF] = OWN;
    for s in 0..(2 * HALF) {
        let code = (key >> (2 * s)) & 3;
        let pos = if s < HALF { s } else { s + 1 };
        cells[pos] = if code == EMPTY {
            OPEN
        } else if code == side_code {
            OWN
        } else {
            BLOCKED
        };
    }
    let wins = |len: usize| if exact { len == 5 } else { len >= 5 };
    let len = run_through_centre(&cells);
    if wins(len) {
        return Pattern::Five;
    }
    if len > 5 {
        return Pattern::Overline;
    }
    let mut five_points = Vec::with_capacity(2);
    for e in 0..LINE {
        if cells[e] == OPEN {
            cells[e] = OWN;
            if wins(run_through_centre(&cells)) {
                five_points.push(e);
            }
            cells[e] = OPEN;
        }
    }
    match five_points.as_slice() {
        [a, b] if b - a == 5 => return Pattern::Flex4,
        [_] => return Pattern::Block4,
        [] => {}
        _ => return Pattern::DoubleFour,
    }
    // One more stone on this line: the best it can lead to decides the shape.
    let mut best = Pattern::Dead;
    for s in 0..(2 * HALF) {
        if (key >> (2 * s)) & 3 == EMPTY {
            let next = pattern(key | (side_code << (2 * s)), side_code, exact);
            let shape = match next {
                Pattern::Flex4 => Pattern::Flex3,
                Pattern::Block4 | Pattern::DoubleFour => Pattern::Block3,
                Pattern::Flex3 => Pattern::Flex2,
                Pattern::Block3 => Pattern::Block2,
                Pattern::Flex2 => Pattern::Flex1,
                Pattern::Block2 => Pattern::Block1,
                _ => Pattern::Dead,
            };
            best = best.max(shape);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a key from a picture like `"__xx.xx__"` centred on `.`: `x`
    /// black, `o` white, `#` wall, `_` empty.
    fn key(picture: &str) -> u32 {
        let centre = picture.find('.').unwrap() as i32;
        let mut key = 0;
        for (i, c) in picture.chars().enumerate() {
            let off = i as i32 - centre;
            if off == 0 || off.abs() > HALF as i32 {
                continue;
            }
            let code = match c {
                'x' => 1,
                'o' => 2,
                '#' => 3,
                _ => 0,
            };
            key |= code << (2 * slot(off));
        }
        key
    }

    fn black(picture: &str, exact: bool) -> Pattern {
        pattern(key(picture), 1, exact)
    }

    #[test]
    fn where_any_five_wins_the_cells_five_away_change_nothing() {
        // The board leaves them out of its keys under freestyle.
        let outer = 3 << (2 * slot(-(HALF as i32))) | 3 << (2 * slot(HALF as i32));
        let pairs = Pairs::of(exactness(false, false));
        for key in 0..1u32 << KEY_BITS {
            assert_eq!(
                pairs.numbers(key),
                pairs.numbers(key & !outer),
                "key {key:#07x}"
            );
        }
    }

    #[test]
    fn shapes_are_named_as_players_name_them() {
        assert_eq!(black("__xx.xx__", false), Pattern::Five);
        assert_eq!(black("_xxx.xx__", false), Pattern::Five);
        assert_eq!(black("_xxx.xx__", true), Pattern::Overline);
        assert_eq!(black("___x.xx___", true), Pattern::Flex4);
        assert_eq!(black("__oxx.x___", true), Pattern::Block4);
        assert_eq!(black("__x_x.x_x__", true), Pattern::DoubleFour);
        assert_eq!(black("____.xx____", true), Pattern::Flex3);
        assert_eq!(black("___x_.x____", true), Pattern::Flex3);
        assert_eq!(black("___o.xx__o", true), Pattern::Block3);
        assert_eq!(black("____.x_____", true), Pattern::Flex2);
        assert_eq!(black("#.xxo", true), Pattern::Dead);
        // A four whose other five point would be an overline is not open.
        assert_eq!(black("x_xx.x____", true), Pattern::Block4);
        assert_eq!(black("x_xx.x____", false), Pattern::Flex4);
    }
}
