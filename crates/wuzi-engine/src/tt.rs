//! The transposition table: positions already searched, keyed by Zobrist
//! hash, so transpositions and the next iteration start from what is known.

/// How a stored score bounds the true one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
    /// The true score.
    Exact,
}

/// One remembered position.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Entry {
    /// Full hash, to tell collisions apart.
    pub key: u64,
    /// Best move found (cell index), 0 when none.
    pub best: u16,
    /// Score from the side to move's view.
    pub score: i16,
    /// Depth searched.
    pub depth: i8,
    /// What the score means.
    pub bound: Bound,
}

/// A fixed-size, always-replace-if-deeper hash table.
#[derive(Debug)]
pub(crate) struct Tt {
    entries: Vec<Entry>,
    mask: usize,
}

impl Tt {
    /// A table using about `bytes` of memory (at least 1024 entries).
    pub(crate) fn new(bytes: usize) -> Tt {
        let want = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        Tt {
            entries: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && e.bound != Bound::None).then_some(e)
    }

    /// Stores a result, keeping a deeper one for the same position.
    pub(crate) fn store(&mut self, key: u64, best: u16, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key && i32::from(slot.depth) > depth && bound != Bound::Exact {
            return;
        }
        *slot = Entry {
            key,
            best,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        };
    }
}
