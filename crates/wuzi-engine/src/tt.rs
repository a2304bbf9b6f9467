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
///
/// A position may be stored in any of the [`WAYS`] entries of its bucket,
/// which share one cache line: a new result pushes out the bucket's least
/// useful entry (an old search's, or the shallowest) rather than whatever
/// happened to share its one slot, so deep results of this search survive
/// a long think.
#[derive(Debug)]
pub(crate) struct Tt {
    entries: Vec<[AtomicU64; 2]>,
    /// Where the first bucket starts in `entries`: buckets are laid on
    /// cache lines, so a probe reads one line.
    first: usize,
    /// Buckets minus one (their number is a power of two).
    mask: usize,
    /// Bumped by every new search, so this move's entries win over old ones.
    age: std::sync::atomic::AtomicU8,
}

/// Entries in a bucket: 4 of 16 bytes fill a 64-byte cache line.
const WAYS: usize = 4;

/// The smallest table, in entries.
const MIN_ENTRIES: usize = 1024;

/// How many plies of depth one search of age counts for when choosing
/// which entry of a bucket gives way.
const AGE_WEIGHT: i32 = 8;

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
        // Zeroed memory straight from the allocator: no page is written
        // here. A bucket's worth more, so that the buckets can start on a
        // cache line wherever the allocation starts.
        let entries: Vec<[AtomicU64; 2]> = bytemuck::zeroed_vec(n + WAYS - 1);
        let line = WAYS * std::mem::size_of::<[u64; 2]>();
        let address = entries.as_ptr() as usize;
        let first = (line - address % line) % line / std::mem::size_of::<[u64; 2]>();
        Tt {
            entries,
            first,
            mask: n / WAYS - 1,
            age: std::sync::atomic::AtomicU8::new(0),
        }
    }

    /// How many entries the table holds.
    fn capacity(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    /// Makes the table use about `bytes` when it is smaller (what it knew
    /// is forgotten then); a bigger table is kept as it is.
    pub(crate) fn grow_to(&mut self, bytes: usize) {
        let n = entries_for(bytes);
        if n > self.capacity() {
            *self = Tt::with_entries(n);
        }
    }

    /// Forgets everything: a fresh zeroed table of the same size, rather
    /// than writing zeros over every page of the old one.
    pub(crate) fn clear(&mut self) {
        let n = self.capacity();
        self.entries = Vec::new();
        *self = Tt::with_entries(n);
    }

    /// Marks the start of a new search: entries stored before it give way
    /// to new ones first.
    pub(crate) fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    /// The entries where `key` may be stored.
    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]] {
        let start = self.first + (key as usize & self.mask) * WAYS;
        &self.entries[start..start + WAYS]
    }

    /// The entry for `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let e = read(slot);
            (e.key == key && e.bound != Bound::None).then_some(e)
        })
    }

    /// Stores a result. A deeper result for the same position is kept
    /// unless the new one is exact; otherwise it takes the place of the
    /// bucket's least useful entry: an empty one, else the one whose depth,
    /// less [`AGE_WEIGHT`] plies for every search since it was stored, is
    /// the smallest.
    pub(crate) fn store(&self, key: u64, best: u16, score: i32, depth: i32, bound: Bound) {
        let bucket = self.bucket(key);
        let age = self.age.load(Ordering::Relaxed);
        let depth = depth.clamp(-100, 100);
        let mut place = 0;
        let mut least = i32::MAX;
        let mut best = best;
        for (i, slot) in bucket.iter().enumerate() {
            let old = read(slot);
            if old.bound == Bound::None {
                if least > i32::MIN {
                    (place, least) = (i, i32::MIN);
                }
                continue;
            }
            if old.key == key {
                if i32::from(old.depth) > depth && bound != Bound::Exact {
                    return;
                }
                // Keep the move of an earlier search of this position when
                // this one found none.
                if best == 0 {
                    best = old.best;
                }
                place = i;
                break;
            }
            let worth = i32::from(old.depth) - AGE_WEIGHT * i32::from(age.wrapping_sub(old.age));
            if worth < least {
                (place, least) = (i, worth);
            }
        }
        let [check, data] = pack(&Entry {
            key,
            best,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth as i8,
            bound,
            age,
        });
        let slot = &bucket[place];
        slot[1].store(data, Ordering::Relaxed);
        slot[0].store(check, Ordering::Relaxed);
    }
}

/// The entry in `slot`, its key checked against its data.
fn read(slot: &[AtomicU64; 2]) -> Entry {
    let data = slot[1].load(Ordering::Relaxed);
    unpack(slot[0].load(Ordering::Relaxed) ^ data, data)
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
        let grown = tt.capacity();
        assert_eq!(grown, (1 << 20) / 16);
        tt.store(7, 1, 2, 3, Bound::Exact);
        tt.grow_to(1 << 10);
        assert_eq!(tt.capacity(), grown, "never shrinks");
        assert!(tt.probe(7).is_some(), "and keeps what it knew");
    }

    #[test]
    fn a_full_bucket_gives_up_an_old_search_s_entry_first_then_the_shallowest() {
        let tt = Tt::new(0);
        let buckets = (tt.mask + 1) as u64;
        // Keys that share a bucket.
        let key = |i: u64| 5 + i * buckets;
        for (i, depth) in [(0, 12), (1, 2), (2, 7), (3, 9)] {
            tt.store(key(i), 1 + i as u16, 10, depth, Bound::Lower);
        }
        assert!((0..4).all(|i| tt.probe(key(i)).is_some()), "four fit");
        tt.store(key(4), 5, 10, 4, Bound::Lower);
        assert!(tt.probe(key(1)).is_none(), "the shallowest gave way");
        assert!([0, 2, 3, 4].iter().all(|&i| tt.probe(key(i)).is_some()));
        // A search later, an entry of the last one counts eight plies
        // shallower: its two shallowest give way.
        tt.new_search();
        tt.store(key(5), 6, 10, 2, Bound::Lower);
        tt.store(key(6), 7, 10, 3, Bound::Lower);
        assert!(tt.probe(key(4)).is_none() && tt.probe(key(2)).is_none());
        assert!([0, 3, 5, 6].iter().all(|&i| tt.probe(key(i)).is_some()));
        // Another search on, depth 9 two searches old (9 - 16) is worth
        // less than depth 2 or 3 one search old (2 - 8, 3 - 8) and than
        // depth 12 two searches old (12 - 16).
        tt.new_search();
        tt.store(key(7), 8, 10, 1, Bound::Lower);
        assert!(tt.probe(key(3)).is_none());
        for i in [0, 5, 6, 7] {
            assert_eq!(tt.probe(key(i)).map(|e| e.best), Some(1 + i as u16));
        }
    }

    #[test]
    fn a_position_stored_again_keeps_its_place_and_a_deeper_result() {
        let tt = Tt::new(0);
        tt.store(9, 3, 50, 10, Bound::Lower);
        tt.store(9, 4, 60, 6, Bound::Lower);
        let e = tt.probe(9).expect("stored");
        assert_eq!((e.best, e.score, e.depth), (3, 50, 10), "the deeper stays");
        tt.store(9, 0, 70, 6, Bound::Exact);
        let e = tt.probe(9).expect("stored");
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (3, 70, 6, Bound::Exact),
            "an exact result replaces it, keeping the move it did not find"
        );
        let bucket = tt.bucket(9);
        let copies = bucket.iter().filter(|slot| read(slot).key == 9).count();
        assert_eq!(copies, 1, "one entry per position");
    }

    #[test]
    fn buckets_start_on_a_cache_line() {
        for bytes in [0, 1 << 16, 3 << 20] {
            let tt = Tt::new(bytes);
            let address = tt.bucket(0).as_ptr() as usize;
            // The allocator's own alignment is at least 16 bytes here.
            assert_eq!(address % 64, 0, "{bytes} bytes");
            let last = tt.bucket(tt.mask as u64);
            assert_eq!(last.len(), WAYS);
        }
    }

    #[test]
    fn threads_writing_at_once_never_read_a_mixed_entry() {
        let tt = Tt::new(0);
        let n = (tt.mask + 1) as u64;
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
