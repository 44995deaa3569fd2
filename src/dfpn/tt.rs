//! The transposition table: a fixed block of memory, never grown.
//!
//! An entry is three 64-bit words (24 bytes):
//!
//! ```text
//!  word 0  | key (64)                                             |
//!  word 1  | dn (32)                    | pn (32)                 |
//!  word 2  | gen (8) | rank (8)  | dep (16)  | work (32)            |
//! ```
//!
//! Entries sit in buckets of four; a key may live in any slot of its
//! bucket. A store replaces the same key, else an empty or stale slot
//! (another search's generation), else the slot with the least work:
//! cheap results are the cheapest to recompute. The table is allocated
//! zeroed, so pages the search never touches cost nothing.

use super::{NO_DEP, PnDn};

const WAYS: usize = 4;
/// Bytes per entry.
pub const ENTRY_BYTES: usize = 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub pn: PnDn,
    pub dn: PnDn,
    /// Positions spent under this node (saturating).
    pub work: u32,
    /// For path-keyed results: the `dep` of the result.
    pub dep: u32,
    /// The rank of the rules it was found under (see `Searcher::set_rank`).
    pub rank: u8,
}

pub struct Table {
    slots: Vec<[u64; 3]>,
    bucket_mask: usize,
    generation: u8,
    used: usize,
    probes: u64,
    hits: u64,
}

impl Table {
    /// A table using at most `bytes` of memory (at least one bucket).
    pub fn with_memory(bytes: usize) -> Table {
        let max_buckets = (bytes / (ENTRY_BYTES * WAYS)).max(1);
        // A power of two so a mask picks the bucket.
        let buckets = if max_buckets.is_power_of_two() {
            max_buckets
        } else {
            max_buckets.next_power_of_two() / 2
        };
        Table {
            slots: vec![[0u64; 3]; buckets * WAYS],
            bucket_mask: buckets - 1,
            generation: 1,
            used: 0,
            probes: 0,
            hits: 0,
        }
    }

    /// Forgets every entry in O(1) by moving to a new generation.
    pub fn new_search(&mut self) {
        if self.generation == u8::MAX {
            self.slots.iter_mut().for_each(|s| *s = [0; 3]);
            self.generation = 1;
        } else {
            self.generation += 1;
        }
        self.used = 0;
        self.probes = 0;
        self.hits = 0;
    }

    pub fn capacity(&self) -> usize {
        self.slots.len()
    }
    pub fn used(&self) -> usize {
        self.used
    }
    pub fn memory(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }
    /// (probes, hits) since the search began.
    pub fn probe_stats(&self) -> (u64, u64) {
        (self.probes, self.hits)
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 20) as usize & self.bucket_mask) * WAYS
    }

    #[inline]
    fn live(&self, s: &[u64; 3]) -> bool {
        (s[2] >> 56) as u8 == self.generation
    }

    #[inline]
    pub fn get(&mut self, key: u64) -> Option<Entry> {
        self.get_near(key, key)
    }

    /// Finds `key` in the bucket of `near`: a path-keyed result kept
    /// beside its position's own entry costs no second cache miss.
    #[inline]
    pub fn get_near(&mut self, near: u64, key: u64) -> Option<Entry> {
        self.probes += 1;
        let b = self.bucket(near);
        for s in &self.slots[b..b + WAYS] {
            if s[0] == key && self.live(s) {
                self.hits += 1;
                let dep = (s[2] >> 32) as u16;
                return Some(Entry {
                    pn: s[1] as u32,
                    dn: (s[1] >> 32) as u32,
                    work: s[2] as u32,
                    dep: if dep == u16::MAX { NO_DEP } else { dep as u32 },
                    rank: (s[2] >> 48) as u8,
                });
            }
        }
        None
    }

    #[inline]
    pub fn put(&mut self, key: u64, e: Entry) {
        self.put_near(key, key, e)
    }

    /// Stores `key` in the bucket of `near` (see `get_near`).
    #[inline]
    pub fn put_near(&mut self, near: u64, key: u64, e: Entry) {
        let b = self.bucket(near);
        let gen_word = (self.generation as u64) << 56;
        let dep = if e.dep >= u16::MAX as u32 {
            u16::MAX
        } else {
            e.dep as u16
        };
        let packed = [
            key,
            e.pn as u64 | (e.dn as u64) << 32,
            e.work as u64 | (dep as u64) << 32 | (e.rank as u64) << 48 | gen_word,
        ];
        let mut victim = b;
        let mut victim_work = u32::MAX;
        for i in b..b + WAYS {
            let s = self.slots[i];
            if s[0] == key && self.live(&s) {
                self.slots[i] = packed;
                return;
            }
            if !self.live(&s) {
                if victim_work != 0 || self.live(&self.slots[victim]) {
                    victim = i;
                    victim_work = 0;
                }
            } else if (s[2] as u32) < victim_work {
                victim = i;
                victim_work = s[2] as u32;
            }
        }
        if !self.live(&self.slots[victim]) {
            self.used += 1;
        }
        self.slots[victim] = packed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(work: u32) -> Entry {
        Entry {
            pn: 1,
            dn: 2,
            work,
            dep: NO_DEP,
            rank: 0,
        }
    }

    #[test]
    fn stores_and_finds_and_forgets_on_new_search() {
        let mut t = Table::with_memory(1 << 16);
        t.put(42, e(3));
        assert_eq!(t.get(42), Some(e(3)));
        assert_eq!(t.get(43), None);
        t.new_search();
        assert_eq!(t.get(42), None);
    }

    #[test]
    fn a_full_bucket_replaces_the_least_work() {
        let mut t = Table::with_memory(ENTRY_BYTES * WAYS); // one bucket
        for k in 0..4u64 {
            t.put(k << 20, e(10 + k as u32));
        }
        t.put(99 << 20, e(50));
        assert_eq!(t.get(0), None, "least work is evicted");
        assert!(t.get(99 << 20).is_some());
        assert_eq!(t.used(), 4);
        assert!(t.memory() <= ENTRY_BYTES * WAYS);
    }
}
