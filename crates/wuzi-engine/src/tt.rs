//! The transposition table: positions already searched, keyed by Zobrist
//! hash, so transpositions and the next iteration start from what is known.
//! One table is shared by all the threads of a search.

use std::sync::atomic::{AtomicU64, Ordering};

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
    /// The search that stored it, to tell old entries from this move's.
    pub age: u8,
}

/// A fixed-size hash table that threads read and write at once.
///
/// Each entry is two words: the data, and the key XOR the data. A reader
/// that catches another thread half way through a write sees a key that
/// does not match and takes the entry as absent, so no lock is needed.
/// A new or cleared table is fresh zeroed memory that the system only
/// hands over page by page as searches touch it: an engine that has not
/// searched, or has searched a little, costs the app almost nothing.
#[derive(Debug)]
pub(crate) struct Tt {
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
    /// Bumped by every new search, so this move's entries win over old ones.
    age: std::sync::atomic::AtomicU8,
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
            entries: bytemuck::zeroed_vec(n),
            mask: n - 1,
            age: std::sync::atomic::AtomicU8::new(0),
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

    /// Marks the start of a new search: entries stored before it give way
    /// to new ones first.
    pub(crate) fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.entries[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let check = slot[0].load(Ordering::Relaxed);
        let e = unpack(check ^ data, data);
        (e.key == key && e.bound != Bound::None).then_some(e)
    }

    /// Stores a result. A deeper result for the same position is kept
    /// unless the new one is exact; another position's entry gives way
    /// unless it is from this search and much deeper.
    pub(crate) fn store(&self, key: u64, best: u16, score: i32, depth: i32, bound: Bound) {
        let slot = &self.entries[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        let old = unpack(slot[0].load(Ordering::Relaxed) ^ data, data);
        let age = self.age.load(Ordering::Relaxed);
        let depth = depth.clamp(-100, 100);
        if old.bound != Bound::None {
            if old.key == key {
                if i32::from(old.depth) > depth && bound != Bound::Exact {
                    return;
                }
            } else if old.age == age && i32::from(old.depth) > depth + 3 {
                return;
            }
        }
        // Keep the move of an earlier search of this position when this
        // one found none.
        let best = if best == 0 && old.key == key {
            old.best
        } else {
            best
        };
        let [check, data] = pack(&Entry {
            key,
            best,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth as i8,
            bound,
            age,
        });
        slot[1].store(data, Ordering::Relaxed);
        slot[0].store(check, Ordering::Relaxed);
    }
}

/// An entry as two words: the key XOR the data, then the data: move,
/// score, depth, bound and age (16, 16, 8, 8 and 8 bits). An empty slot is
/// all zero.
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
        | bound << 40
        | u64::from(e.age) << 48;
    [e.key ^ data, data]
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
        age: (data >> 48) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_stored_with_negative_scores_and_depths() {
        let tt = Tt::new(0);
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

    #[test]
    fn a_deep_entry_of_this_search_is_kept_and_an_old_one_gives_way() {
        let tt = Tt::new(0);
        let n = tt.entries.len() as u64;
        // Two keys that share a slot.
        let (a, b) = (5, 5 + n);
        tt.store(a, 1, 10, 12, Bound::Lower);
        tt.store(b, 2, 20, 2, Bound::Lower);
        assert!(
            tt.probe(a).is_some(),
            "a shallow result does not push out a deep one"
        );
        assert!(tt.probe(b).is_none());
        tt.new_search();
        tt.store(b, 2, 20, 2, Bound::Lower);
        assert!(tt.probe(a).is_none(), "last search's entry gives way");
        assert_eq!(tt.probe(b).map(|e| e.best), Some(2));
    }

    #[test]
    fn threads_writing_at_once_never_read_a_mixed_entry() {
        let tt = Tt::new(0);
        let n = tt.entries.len() as u64;
        std::thread::scope(|scope| {
            for t in 0..2u64 {
                let tt = &tt;
                scope.spawn(move || {
                    for round in 0..20_000u64 {
                        // Every entry's move and score both say which key
                        // it belongs to.
                        let key = (round % 64) + 64 * t + (round % 7) * n;
                        tt.store(
                            key,
                            (key % 1000) as u16,
                            (key % 1000) as i32,
                            1,
                            Bound::Exact,
                        );
                        let probe = (round * 31 % 128) + ((round / 3) % 7) * n;
                        if let Some(e) = tt.probe(probe) {
                            assert_eq!(i32::from(e.best), i32::from(e.score));
                            assert_eq!(u64::from(e.best), probe % 1000);
                        }
                    }
                });
            }
        });
    }
}
