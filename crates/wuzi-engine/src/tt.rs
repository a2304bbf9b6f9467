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
///
/// Entries are kept packed as two words, all zero when empty, so a new or
/// cleared table is fresh zeroed memory that the system only hands over
/// page by page as searches touch it: an engine that has not searched, or
/// has searched a little, costs the app almost nothing.
#[derive(Debug)]
pub(crate) struct Tt {
    entries: Vec<[u64; 2]>,
    mask: usize,
}

/// The smallest table, in entries.
const MIN_ENTRIES: usize = 1024;

/// Entries for about `bytes`: a power of two, at least [`MIN_ENTRIES`].
fn entries_for(bytes: usize) -> usize {
    let want = (bytes / std::mem::size_of::<[u64; 2]>()).max(MIN_ENTRIES);
    1usize << (usize::BITS - 1 - want.leading_zeros())
}

impl Tt {
    /// A table using about `bytes` of memory (at least 1024 entries).
    pub(crate) fn new(bytes: usize) -> Tt {
        Tt::with_entries(entries_for(bytes))
    }

    fn with_entries(n: usize) -> Tt {
        Tt {
            // Zeroed memory straight from the allocator: no page is
            // written here.
            entries: vec![[0; 2]; n],
            mask: n - 1,
        }
    }

    /// Makes the table use about `bytes` when it is smaller (what it knew
    /// is forgotten then); a bigger table is kept as it is.
    pub(crate) fn grow_to(&mut self, bytes: usize) {
        let n = entries_for(bytes);
        if n > self.entries.len() {
            *self = Tt::with_entries(n);
        }
    }

    /// Forgets everything: a fresh zeroed table of the same size, rather
    /// than writing zeros over every page of the old one.
    pub(crate) fn clear(&mut self) {
        let n = self.entries.len();
        self.entries = Vec::new();
        *self = Tt::with_entries(n);
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let [stored, data] = self.entries[key as usize & self.mask];
        let e = unpack(stored, data);
        (e.key == key && e.bound != Bound::None).then_some(e)
    }

    /// Stores a result, keeping a deeper one for the same position.
    pub(crate) fn store(&mut self, key: u64, best: u16, score: i32, depth: i32, bound: Bound) {
        let slot = &mut self.entries[key as usize & self.mask];
        let old = unpack(slot[0], slot[1]);
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        *slot = pack(&Entry {
            key,
            best,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-100, 100) as i8,
            bound,
        });
    }
}

/// An entry as two words: the key, then the move, score, depth and bound
/// (16, 16, 8 and 8 bits). An empty slot is all zero.
fn pack(e: &Entry) -> [u64; 2] {
    let bound = match e.bound {
        Bound::None => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    let data = u64::from(e.best)
        | u64::from(e.score as u16) << 16
        | u64::from(e.depth as u8) << 32
        | bound << 40;
    [e.key, data]
}

fn unpack(key: u64, data: u64) -> Entry {
    Entry {
        key,
        best: data as u16,
        score: (data >> 16) as u16 as i16,
        depth: (data >> 32) as u8 as i8,
        bound: match (data >> 40) & 0xff {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => Bound::None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_with_negative_scores_and_depths() {
        let mut tt = Tt::new(0);
        tt.store(0xdead_beef, 224, -31_000, -3, Bound::Upper);
        let e = tt.probe(0xdead_beef).expect("stored");
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (224, -31_000, -3, Bound::Upper)
        );
        assert!(tt.probe(0xdead_beef + 1).is_none(), "another key");
    }

    #[test]
    fn clearing_and_growing_forget_and_a_bigger_table_is_kept() {
        let mut tt = Tt::new(0);
        tt.store(7, 1, 2, 3, Bound::Exact);
        tt.clear();
        assert!(tt.probe(7).is_none());
        tt.grow_to(1 << 20);
        let grown = tt.entries.len();
        assert_eq!(grown, (1 << 20) / 16);
        tt.store(7, 1, 2, 3, Bound::Exact);
        tt.grow_to(1 << 10);
        assert_eq!(tt.entries.len(), grown, "never shrinks");
        assert!(tt.probe(7).is_some(), "and keeps what it knew");
    }
}
