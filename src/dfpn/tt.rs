//! The transposition table: a fixed budget of memory, never exceeded.
//!
//! A bucket is one 64-byte cache line holding three entries, so a probe
//! costs one cache miss. Its sixteen 32-bit words are laid out by field:
//!
//! ```text
//!  words  0..3   check: the key's high 32 bits, one per entry
//!  words  3..6   pn, or INF + the winning move of a disproven position
//!  words  6..9   dn, or INF + the winning move of a proven position
//!  words  9..12  work (positions spent under the node, saturating)
//!  words 12..15  gen (8) | free (1) | rank (7) | dep (16)
//!  word  15      ten more bucket bits of each entry's key (see below)
//! ```
//!
//! The bucket is chosen by the key's low bits and the check holds its
//! high 32 bits, so a table of 2^k buckets compares 32 + k bits of the key.
//! A key may live in any entry of its bucket. A store replaces the same
//! key, else an empty or stale entry (another search's generation), else
//! the one with the least work (a final result's counted twice once the
//! table is at its full size): cheap results are the cheapest to
//! recompute.
//!
//! The whole budget is allocated zeroed (pages the search never touches
//! cost nothing), but a search starts in its first megabyte and doubles the
//! buckets in use whenever it holds as many entries as buckets (a third
//! of its room; from 64 MB on, half as many, see `SPARSE_FROM`): few
//! enough that a full bucket is rare before the table reaches its budget,
//! so the search is nearly that of a table of full size. A small problem
//! then touches a few hundred pages instead of one per probe all over the
//! budget (each first touch is a page fault: on the test VM, a 40,000
//! position problem took 80 ms with a 256 MB table and 45 ms with 8 MB). A table spread thinner is probed slower, as its
//! buckets miss the processor's caches: the graded suite files took 3.5%
//! more time with one entry per four buckets (0.3% fewer positions).
//! Results are replaced more often in a denser table, which a proof's walk
//! then repairs (see `Searcher::extract`).
//!
//! Doubling moves each entry to bucket `b` or `b + old size` by the next
//! bit of its key, which the low bits of the check do not hold: word 15
//! keeps ten such bits per entry, so a table grows at most 1024-fold.
//!
//! The words live in a `Words` store: a plain vector for one search
//! (`Plain`), or atomic words that the searches of several threads share
//! (`Shared`, see `Table::share`). Shared words are read and written one
//! at a time, unordered (plain loads and stores on x86), so an entry read
//! while another thread writes it may mix two writes: there the check
//! word holds the key's bits mixed with the entry's numbers (`seal`), and
//! a mixed entry fails its check. A shared table never doubles. The
//! plain store stays apart because atomic words cost one search 6-9%
//! (benches/README, session 33).

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use super::{INF, NO_DEP, PnDn};

const WAYS: usize = 3;
/// Bytes per bucket of `WAYS` entries.
pub const BUCKET_BYTES: usize = 64;
const PN: usize = 3;
const DN: usize = 6;
const WORK: usize = 9;
const META: usize = 12;
const EXT: usize = 15;
/// Key bits above the first table's bucket bits kept per entry.
const EXT_BITS: u32 = 10;
/// From this many buckets (64 MB) on, the table doubles at one entry per
/// two buckets: the hard problems that fill it have large proofs, whose
/// walk repairs what the table replaced (gop/4015 B's grade: 161 ms with
/// one entry per two buckets, 1.46 s with one per bucket).
const SPARSE_FROM: usize = 1 << 20;
/// The buckets a search starts with (one megabyte), unless the budget
/// is so large that ten doublings would not reach it.
const FIRST_BUCKETS: usize = 1 << 14;

/// What the table keeps of a position: its numbers, the work spent on
/// it, how its result depends on the path and the ko rules, and the
/// winning move of a final result.
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
    /// A final result that holds under the rules of every rank.
    pub free: bool,
    /// For a final result won by the side to move: the game's code of
    /// the winning move (`Game::move_code`), 0 when none is kept. It
    /// takes the word of the other number, which is then `INF`.
    pub best: u32,
}

/// A table's fill and its probes' hits, as a viewer shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableUse {
    /// Entries stored, and the most it can hold.
    pub used: usize,
    pub capacity: usize,
    /// Children's probes, and those that found an entry.
    pub probes: u64,
    pub hits: u64,
}

/// A bucket's words (see the layout above).
type Bucket = [u32; WORDS];
const WORDS: usize = 16;

/// What keeping slot `i` of `b` is worth when a store must replace one:
/// the work spent on it, counted twice for a final result once the table
/// is `full`. An unfinished entry lost costs its numbers, which the
/// search rebuilds as it goes back in; a final one lost costs its whole
/// subtree again, in the search and in the proof's walk (seven hard sides
/// that take 6 to 14 s, on 256 MB tables: 739M positions to decide
/// against 806M; with 4 and 16 times the work, 753M and 763M). While the
/// table still grows, a full bucket is rare and the plain work chooses
/// as well (the graded files searched 0.3% more positions and took 1.5%
/// more time with the weight throughout).
#[inline(always)]
fn kept_work(b: &Bucket, i: usize, full: bool) -> u64 {
    let finished = full & ((b[PN + i] == 0) | (b[DN + i] == 0));
    (b[WORK + i] as u64) << finished as u32
}

/// Where a table's words are kept. Both are allocated zeroed without
/// being written (calloc), so a table costs nothing until it is used.
pub trait Words: Send + Sized {
    /// Other threads may read and write the words (entries are sealed).
    const SHARED: bool;
    fn zeroed(len: usize) -> Self;
    fn as_ptr(&self) -> *const u32;
    /// `f` of the bucket starting at word `at` (read in place when the
    /// words are plain, else from a copy).
    fn read<R>(&self, at: usize, f: impl FnOnce(&Bucket) -> R) -> R;
    /// A copy of the bucket starting at word `at`.
    fn bucket(&self, at: usize) -> Bucket {
        self.read(at, |b| *b)
    }
    fn set(&mut self, i: usize, v: u32);
    /// Writes slot `i` of the bucket at `at`: its check, pn, dn, work
    /// and meta words, and the bucket's word of key bits.
    fn set_entry(&mut self, at: usize, i: usize, slot: [u32; 5], ext: u32) {
        for (field, v) in [0, PN, DN, WORK, META].into_iter().zip(slot) {
            self.set(at + field + i, v);
        }
        self.set(at + EXT, ext);
    }
    /// Another handle on the same words, when they can be shared.
    fn share(&self) -> Option<Self>;
    /// The words themselves, when threads share them (see `Warmer`).
    fn atomic(&self) -> Option<Arc<Box<[AtomicU32]>>> {
        None
    }
}

/// The most memory a table uses, whatever its budget. Past it, on the
/// development VM, faulting the pages in cost more than the room gave
/// back. One thread, `--status-only`, 1 GB against 512 MB: gop/19988 B
/// 17.4 s against 11.8 s, 684 W 14.3 s against 11.1 s, 11250 B 15.8 s
/// against 15.4 s, 14928 W 31.0 s against 31.4 s, 2.0-2.7 s of system
/// time against 0.1-0.6 s. Two threads on a shared table, which is
/// spread over its whole budget as soon as the second joins
/// (`Table::share`), 30 s, gop/13485 B as ko master: 434M positions
/// with 512 MB on huge pages, 413M with 1 GB on huge pages, 294M with
/// 1 GB on 4 KB pages; gop/5583 B 469M, 429M and 318M.
pub const MAX_TABLE_BYTES: usize = 512 << 20;

/// Faults in a shared table's pages past the buckets in use (`Table::warmer`).
pub struct Warmer {
    words: Arc<Box<[AtomicU32]>>,
    from: usize,
    to: usize,
}

impl Warmer {
    /// Touches one word per 4 KB page (whatever the kernel backs them
    /// with), until done or `stop`.
    pub fn run(&self, stop: &std::sync::atomic::AtomicBool) {
        const PAGE_WORDS: usize = 4096 / 4;
        for i in (self.from..self.to).step_by(PAGE_WORDS) {
            if stop.load(Relaxed) {
                return;
            }
            // A write that keeps the word as it is, whatever another
            // thread stores there meanwhile: the kernel faults the page
            // in for it. (Not `fetch_or(0)`: the compiler turns a
            // read-modify-write that changes nothing into a plain load,
            // which maps the shared zero page instead. A compare-exchange
            // writes even when it fails.)
            let _ = self.words[i].compare_exchange(0, 0, Relaxed, Relaxed);
        }
    }
}

/// Asks the kernel to back a table's `len` words at `ptr`
/// with 2 MB pages where it can (Linux's transparent huge pages, in their default
/// `madvise` mode). A large table's probes land on a new 4 KB page nearly
/// every time, and the address translation missed by each is a page
/// walk: on the test VM a hard side's search on a 256 MB table made the
/// same positions in a fifth less time with huge pages. The pages are
/// still only backed when first touched; the advice is only that, and
/// is ignored where huge pages are off.
fn advise_huge_pages(ptr: *const u32, len: usize) {
    let Some((start, end)) = huge_range(ptr as usize, len * size_of::<u32>()) else {
        return;
    };
    #[cfg(target_os = "linux")]
    // SAFETY: the range lies inside the table's own allocation, and the
    // advice changes how its pages are backed, never what they hold.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
    }
}

/// The words of a table one search owns.
pub struct Plain(Vec<u32>);

impl Words for Plain {
    const SHARED: bool = false;
    fn zeroed(len: usize) -> Plain {
        let words = vec![0; len];
        advise_huge_pages(words.as_ptr(), len);
        Plain(words)
    }
    fn as_ptr(&self) -> *const u32 {
        self.0.as_ptr()
    }
    #[inline(always)]
    fn read<R>(&self, at: usize, f: impl FnOnce(&Bucket) -> R) -> R {
        f(self.0[at..at + WORDS].try_into().expect("a whole bucket"))
    }
    #[inline(always)]
    fn set(&mut self, i: usize, v: u32) {
        self.0[i] = v;
    }
    #[inline(always)]
    fn set_entry(&mut self, at: usize, i: usize, slot: [u32; 5], ext: u32) {
        let b: &mut Bucket = (&mut self.0[at..at + WORDS])
            .try_into()
            .expect("a whole bucket");
        let i = i.min(WAYS - 1);
        for (field, v) in [0, PN, DN, WORK, META].into_iter().zip(slot) {
            b[field + i] = v;
        }
        b[EXT] = ext;
    }
    fn share(&self) -> Option<Plain> {
        None
    }
}

/// The words of a table several threads' searches share.
pub struct Shared(Arc<Box<[AtomicU32]>>);

impl Words for Shared {
    const SHARED: bool = true;
    fn zeroed(len: usize) -> Shared {
        // A box in the arc: `Arc<[_]>::from` would copy, and so touch,
        // every page of the table.
        let words: Box<[AtomicU32]> = bytemuck::zeroed_slice_box(len);
        // Spread over its whole budget as soon as helpers join
        // (`Table::share`), so all its pages are faulted in at once; the
        // budget is at most `MAX_TABLE_BYTES`, where 2 MB pages win that
        // back many times over (the hard sides at 30 s on two threads:
        // gop/11250 B 10.3 s against 13.7 s).
        advise_huge_pages(words.as_ptr() as *const u32, len);
        Shared(Arc::new(words))
    }
    fn as_ptr(&self) -> *const u32 {
        self.0.as_ptr() as *const u32
    }
    #[inline(always)]
    fn read<R>(&self, at: usize, f: impl FnOnce(&Bucket) -> R) -> R {
        let b: &[AtomicU32; WORDS] = self.0[at..at + WORDS].try_into().expect("a whole bucket");
        f(&std::array::from_fn(|i| b[i].load(Relaxed)))
    }
    #[inline(always)]
    fn set(&mut self, i: usize, v: u32) {
        self.0[i].store(v, Relaxed);
    }
    fn share(&self) -> Option<Shared> {
        Some(Shared(Arc::clone(&self.0)))
    }
    fn atomic(&self) -> Option<Arc<Box<[AtomicU32]>>> {
        Some(Arc::clone(&self.0))
    }
}

/// The transposition table: buckets of one cache line, three entries
/// each, growing within a fixed budget as the search fills it.
pub struct Table<S: Words = Plain> {
    /// The buckets, from `words[base]` on, which is 64-byte aligned.
    words: S,
    base: usize,
    /// Buckets in use now, and at most.
    buckets: usize,
    max_buckets: usize,
    /// log2 of the buckets a search starts with.
    first_bits: u32,
    bucket_mask: usize,
    /// The entry count at which the buckets in use double.
    grow_at: usize,
    generation: u8,
    used: usize,
    probes: u64,
    hits: u64,
}

impl<S: Words> Table<S> {
    /// A table using at most `bytes` of memory (at least one bucket, at
    /// most `MAX_TABLE_BYTES`).
    pub fn with_memory(bytes: usize) -> Table<S> {
        let bytes = bytes.min(MAX_TABLE_BYTES);
        let max_buckets = (bytes / BUCKET_BYTES).max(1);
        // A power of two so a mask picks the bucket.
        let buckets = if max_buckets.is_power_of_two() {
            max_buckets
        } else {
            max_buckets.next_power_of_two() / 2
        };
        let words = S::zeroed((buckets + 1) * WORDS);
        let base = words.as_ptr().align_offset(BUCKET_BYTES).min(WORDS);
        let all_bits = buckets.trailing_zeros();
        let first_bits =
            (FIRST_BUCKETS.min(buckets).trailing_zeros()).max(all_bits.saturating_sub(EXT_BITS));
        let mut t = Table {
            words,
            base,
            buckets,
            max_buckets: buckets,
            first_bits,
            bucket_mask: buckets - 1,
            grow_at: 0,
            generation: 1,
            used: 0,
            probes: 0,
            hits: 0,
        };
        t.start_small();
        t
    }

    /// Goes back to the first buckets (every entry is stale by then).
    fn start_small(&mut self) {
        self.set_buckets(1 << self.first_bits);
    }

    fn set_buckets(&mut self, buckets: usize) {
        self.buckets = buckets;
        self.bucket_mask = buckets - 1;
        self.grow_at = if buckets >= self.max_buckets {
            usize::MAX
        } else if buckets < SPARSE_FROM {
            buckets
        } else {
            buckets / 2
        };
    }

    /// Doubles the buckets in use: each live entry of bucket `b` stays or
    /// moves to `b + buckets` by its next key bit. The upper half holds
    /// nothing of this search (it was out of reach, so every entry there
    /// is stale), and it is written only where an entry moves: its pages
    /// are not touched before they are needed.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old = self.buckets;
        let shift = old.trailing_zeros() - self.first_bits;
        let generation = self.generation;
        for from in (self.base..self.base + old * WORDS).step_by(WORDS) {
            let to = from + old * WORDS;
            // Most buckets hold nothing of this search: only their meta
            // words are read.
            let moving = self.words.read(from, |b| {
                (0..WAYS).any(|i| {
                    (b[META + i] >> 24) as u8 == generation
                        && b[EXT] >> (i as u32 * EXT_BITS + shift) & 1 != 0
                })
            });
            if !moving {
                continue;
            }
            let b = self.words.bucket(from);
            for i in 0..WAYS {
                let meta = b[META + i];
                if (meta >> 24) as u8 != generation
                    || b[EXT] >> (i as u32 * EXT_BITS + shift) & 1 == 0
                {
                    continue;
                }
                for field in [0, PN, DN, WORK, META] {
                    self.words.set(to + field + i, b[field + i]);
                }
                // The slot's key bits are all that the new bucket's word needs.
                self.words.set(to + EXT, b[EXT]);
                self.words.set(from + META + i, 0);
            }
        }
        self.set_buckets(old * 2);
    }

    /// Faults in, on another thread, the pages of the buckets not yet in
    /// use (`None` for plain words), while this table's search goes on:
    /// `share` spreads the table over all of them at once, and the kernel
    /// took 1.6 s to fault in 512 MB here (the terminal UI's search stood
    /// still that long when its second thread joined).
    pub fn warmer(&self) -> Option<Warmer> {
        Some(Warmer {
            words: self.words.atomic()?,
            from: self.base + self.buckets * WORDS,
            to: self.words_len(),
        })
    }

    /// Another handle on this table for another thread's search of the
    /// same problem (`None` for plain words). Every bucket is in use from
    /// now on, in both.
    pub fn share(&mut self) -> Option<Table<S>> {
        let words = self.words.share()?;
        while self.buckets < self.max_buckets {
            self.grow();
        }
        self.grow_at = usize::MAX;
        Some(Table {
            words,
            base: self.base,
            buckets: self.buckets,
            max_buckets: self.max_buckets,
            first_bits: self.first_bits,
            bucket_mask: self.bucket_mask,
            grow_at: usize::MAX,
            generation: self.generation,
            used: 0,
            probes: 0,
            hits: 0,
        })
    }

    /// Counts entries another handle on the same words added.
    pub fn absorb(&mut self, other: &Table<S>) {
        self.used += other.used;
    }

    /// Forgets every entry in O(1) by moving to a new generation.
    pub fn new_search(&mut self) {
        if self.generation == u8::MAX {
            for i in 0..self.words_len() {
                self.words.set(i, 0);
            }
            self.generation = 1;
        } else {
            self.generation += 1;
        }
        self.start_small();
        self.used = 0;
        self.probes = 0;
        self.hits = 0;
    }

    /// Turns the table round for a search of the same problem by the
    /// other player, who is the prover there: what one side learnt is
    /// then the other's to use (`Searcher::flip_prover`). Each live
    /// entry's proof and disproof numbers swap (a winning move kept with
    /// a final result moves with its word: the side to move who wins is
    /// the same), and its rank r becomes `mirror(r)`, the rank of the
    /// same rules for the other prover (an entry whose rank has none is
    /// dropped). Path-keyed results are dropped: a path's key means
    /// nothing to another search.
    pub fn flip_prover(&mut self, mirror: impl Fn(u8) -> Option<u8>) {
        let generation = self.generation;
        for at in (self.base..self.base + self.buckets * WORDS).step_by(WORDS) {
            let b = self.words.bucket(at);
            for i in 0..WAYS {
                let meta = b[META + i];
                if (meta >> 24) as u8 != generation {
                    continue;
                }
                let rank = mirror((meta >> 16) as u8 & 0x7f);
                let Some(rank) = rank.filter(|&r| r < 0x80 && meta as u16 == u16::MAX) else {
                    self.words.set(at + META + i, 0);
                    self.used -= 1;
                    continue;
                };
                let (pn, dn) = (b[PN + i], b[DN + i]);
                let flipped = meta & !(0x7f << 16) | (rank as u32) << 16;
                // The check word holds the key mixed with the numbers in a
                // shared table: take the old mix out and put the new one in.
                let check = b[i] ^ Self::seal(0, pn, dn, meta) ^ Self::seal(0, dn, pn, flipped);
                self.words
                    .set_entry(at, i, [check, dn, pn, b[WORK + i], flipped], b[EXT]);
            }
        }
        self.probes = 0;
        self.hits = 0;
    }

    /// Entries the table can hold once grown to its budget.
    pub fn capacity(&self) -> usize {
        self.max_buckets * WAYS
    }
    pub fn used(&self) -> usize {
        self.used
    }
    pub fn memory(&self) -> usize {
        self.max_buckets * BUCKET_BYTES
    }
    /// How full the table is and how often its probes hit, for viewers.
    pub fn usage(&self) -> TableUse {
        TableUse {
            used: self.used,
            capacity: self.capacity(),
            probes: self.probes,
            hits: self.hits,
        }
    }

    fn words_len(&self) -> usize {
        (self.max_buckets + 1) * WORDS
    }

    /// Where the bucket of `key` starts in `words`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.base + (key as usize & self.bucket_mask) * WORDS
    }

    #[inline]
    fn live(&self, b: &Bucket, i: usize) -> bool {
        (b[META + i] >> 24) as u8 == self.generation
    }

    /// The check word of an entry: the key's high bits, mixed in a shared
    /// table with the entry's numbers and meta, so that an entry read
    /// half before and half after another thread's write fails its check.
    #[inline(always)]
    fn seal(key: u64, pn: u32, dn: u32, meta: u32) -> u32 {
        let check = (key >> 32) as u32;
        if S::SHARED {
            check ^ pn ^ dn.rotate_left(11) ^ meta.rotate_left(21)
        } else {
            check
        }
    }

    /// Whether slot `i` of `b` holds `key`, live.
    #[inline(always)]
    fn holds(&self, b: &Bucket, i: usize, key: u64) -> bool {
        b[i] == Self::seal(key, b[PN + i], b[DN + i], b[META + i]) && self.live(b, i)
    }

    /// The slot of `b` that holds `key`, live.
    #[inline(always)]
    fn find(&self, b: &Bucket, key: u64) -> Option<usize> {
        (0..WAYS).find(|&i| self.holds(b, i, key))
    }

    /// Asks the processor to load the bucket of `key`, so that probing
    /// several children after one another overlaps their cache misses.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bi = self.bucket(key);
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let at = self.words.as_ptr().wrapping_add(bi) as *const i8;
            // SAFETY: a prefetch is only a hint; it reads nothing the
            // program can see and cannot fault, and `at` is in bounds.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(at)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
        let bi = self.bucket(near);
        let e = self.words.read(bi, |b| {
            let i = self.find(b, key)?;
            let meta = b[META + i];
            let dep = meta as u16;
            let (mut pn, mut dn, mut best) = (b[PN + i], b[DN + i], 0);
            if pn == 0 && dn > INF {
                (dn, best) = (INF, dn - INF);
            } else if dn == 0 && pn > INF {
                (pn, best) = (INF, pn - INF);
            }
            Some(Entry {
                pn,
                dn,
                best,
                work: b[WORK + i],
                dep: if dep == u16::MAX { NO_DEP } else { dep as u32 },
                rank: (meta >> 16) as u8 & 0x7f,
                free: meta >> 23 & 1 != 0,
            })
        })?;
        self.hits += 1;
        Some(e)
    }

    /// Drops `key` from the bucket of `near`, if it is there.
    pub fn forget(&mut self, near: u64, key: u64) {
        let bi = self.bucket(near);
        let b = self.words.bucket(bi);
        if let Some(i) = self.find(&b, key) {
            self.words.set(bi + META + i, 0);
            self.used -= 1;
        }
    }

    #[inline]
    pub fn put(&mut self, key: u64, e: Entry) {
        self.put_near(key, key, e)
    }

    /// Stores `key` in the bucket of `near` (see `get_near`).
    #[inline(always)]
    pub fn put_near(&mut self, near: u64, key: u64, e: Entry) {
        let bi = self.bucket(near);
        let full = self.grow_at == usize::MAX;
        let (found, victim, victim_live, old_ext) = self.words.read(bi, |b| {
            let mut victim = 0;
            let mut victim_live = true;
            let mut victim_work = u64::MAX;
            let mut found = None;
            for i in 0..WAYS {
                let live = self.live(b, i);
                if live && self.holds(b, i, key) {
                    found = Some(i);
                    break;
                }
                if !live {
                    if victim_live {
                        victim = i;
                        victim_live = false;
                    }
                } else if victim_live {
                    let work = kept_work(b, i, full);
                    if work < victim_work {
                        victim = i;
                        victim_work = work;
                    }
                }
            }
            (found, victim, victim_live, b[EXT])
        });
        let mut added = false;
        let i = match found {
            Some(i) => i,
            None => {
                if !victim_live {
                    self.used += 1;
                    added = true;
                }
                victim
            }
        };
        let dep = if e.dep >= u16::MAX as u32 {
            u16::MAX
        } else {
            e.dep as u16
        };
        let meta = (self.generation as u32) << 24
            | (e.free as u32) << 23
            | (e.rank as u32 & 0x7f) << 16
            | dep as u32;
        let ext = (near >> self.first_bits) as u32 & ((1 << EXT_BITS) - 1);
        let slot_bits = ((1 << EXT_BITS) - 1) << (i as u32 * EXT_BITS);
        // A final result's other number is always `INF`: its word can
        // hold the winning move instead.
        let (mut pn, mut dn) = (e.pn, e.dn);
        if e.best != 0 && e.pn == 0 && e.dn == INF {
            dn = INF + e.best;
        } else if e.best != 0 && e.dn == 0 && e.pn == INF {
            pn = INF + e.best;
        }
        self.words.set_entry(
            bi,
            i,
            [Self::seal(key, pn, dn, meta), pn, dn, e.work, meta],
            old_ext & !slot_bits | ext << (i as u32 * EXT_BITS),
        );
        if added && self.used >= self.grow_at {
            self.grow();
        }
    }
}

/// The whole huge pages inside `bytes` from `at`, when there are enough
/// of them to ask for: a table of less than a few huge pages stays in the
/// caches' reach.
fn huge_range(at: usize, bytes: usize) -> Option<(usize, usize)> {
    const HUGE: usize = 2 << 20;
    let start = at.next_multiple_of(HUGE);
    let end = (at + bytes) / HUGE * HUGE;
    (end >= start + 4 * HUGE).then_some((start, end))
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
            free: false,
            best: 0,
        }
    }

    /// Entries turned round for the other prover read back with their
    /// numbers swapped and the rank mirrored; path-keyed ones are gone.
    fn flips_for_the_other_prover<S: Words>() {
        let mut t = Table::<S>::with_memory(1 << 16);
        // A table tells keys apart by their high bits.
        let k = |n: u64| n << 40 | n;
        let proven = Entry {
            pn: 0,
            dn: INF,
            best: 7,
            rank: 0,
            ..e(5)
        };
        let open = Entry { rank: 1, ..e(9) };
        let free = Entry {
            pn: INF,
            dn: 0,
            best: 3,
            rank: 2,
            free: true,
            ..e(4)
        };
        let on_path = Entry {
            pn: 0,
            dn: INF,
            dep: 3,
            ..e(6)
        };
        t.put(k(1), proven);
        t.put(k(2), open);
        t.put(k(3), free);
        t.put_near(k(1), k(99), on_path);
        assert_eq!(t.used(), 4);
        t.flip_prover(|r| (r <= 2).then(|| 2 - r));
        let mirrored = |x: Entry| Entry {
            pn: x.dn,
            dn: x.pn,
            rank: 2 - x.rank,
            ..x
        };
        assert_eq!(t.get(k(1)), Some(mirrored(proven)));
        assert_eq!(t.get(k(2)), Some(mirrored(open)));
        assert_eq!(t.get(k(3)), Some(mirrored(free)));
        assert_eq!(t.get_near(k(1), k(99)), None);
        assert_eq!(t.used(), 3);
        t.flip_prover(|r| (r <= 2).then(|| 2 - r));
        assert_eq!(t.get(k(1)), Some(proven));
        assert_eq!(t.get(k(3)), Some(free));
    }

    #[test]
    fn a_plain_table_flips_for_the_other_prover() {
        flips_for_the_other_prover::<Plain>();
    }

    #[test]
    fn a_shared_table_flips_for_the_other_prover() {
        flips_for_the_other_prover::<Shared>();
    }

    #[test]
    fn stores_and_finds_and_forgets_on_new_search() {
        let mut t = Table::<Plain>::with_memory(1 << 16);
        t.put(42, e(3));
        assert_eq!(t.get(42), Some(e(3)));
        assert_eq!(t.get(43), None);
        t.new_search();
        assert_eq!(t.get(42), None);
    }

    #[test]
    fn a_final_result_keeps_its_winning_move_and_an_open_one_none() {
        let mut t = Table::<Plain>::with_memory(1 << 16);
        let proven = Entry {
            pn: 0,
            dn: INF,
            best: 7,
            ..e(5)
        };
        let disproven = Entry {
            pn: INF,
            dn: 0,
            best: 1,
            ..e(5)
        };
        let open = Entry { best: 9, ..e(5) };
        t.put(1, proven);
        t.put(2, disproven);
        t.put(3, open);
        assert_eq!(t.get(1), Some(proven));
        assert_eq!(t.get(2), Some(disproven));
        assert_eq!(t.get(3), Some(Entry { best: 0, ..open }));
    }

    #[test]
    fn forgetting_drops_only_that_key() {
        let mut t = Table::<Plain>::with_memory(1 << 16);
        let near = 7u64;
        let path = 5u64 << 40 | near;
        t.put(near, e(1));
        t.put_near(near, path, e(2));
        t.forget(near, path);
        assert_eq!(t.get_near(near, path), None);
        assert_eq!(t.get(near), Some(e(1)));
        assert_eq!(t.used(), 1);
    }

    #[test]
    fn a_table_grows_as_it_fills_and_keeps_every_entry() {
        // 64Ki buckets in all; a search starts with 16Ki.
        let mut t = Table::<Plain>::with_memory(FIRST_BUCKETS * 4 * BUCKET_BYTES);
        let key = |i: u64| i | i << 40;
        let n = 3 * FIRST_BUCKETS as u64; // enough to reach the budget
        for round in 0..2u32 {
            // Each round stores other values, so a stale entry of the
            // first round that came back to life would be seen.
            let work = |i: u64| i as u32 + round * 1_000_000;
            assert_eq!(t.buckets, FIRST_BUCKETS, "round {round} starts small");
            for i in 0..n {
                t.put(key(i), e(work(i)));
            }
            assert_eq!(t.buckets, 4 * FIRST_BUCKETS, "round {round}");
            assert_eq!(t.used(), n as usize);
            for i in 0..n {
                assert_eq!(t.get(key(i)), Some(e(work(i))), "key {i}");
            }
            // Keys of the last search are gone, also from the upper half.
            t.new_search();
            for i in 0..n {
                assert_eq!(t.get(key(i)), None);
            }
        }
        assert_eq!(t.capacity(), 4 * FIRST_BUCKETS * WAYS);
    }

    #[test]
    fn a_table_doubles_at_one_entry_per_bucket() {
        let mut t = Table::<Plain>::with_memory(4 * FIRST_BUCKETS * BUCKET_BYTES);
        // Distinct keys spread over the buckets and the ten extra bits.
        let key = |i: u64| i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut i = 0;
        let mut fill_to = |t: &mut Table<Plain>, n: usize| {
            while t.used() < n {
                t.put(key(i), e(i as u32 + 1));
                i += 1;
            }
        };
        fill_to(&mut t, FIRST_BUCKETS - 1);
        assert_eq!(t.buckets, FIRST_BUCKETS);
        fill_to(&mut t, FIRST_BUCKETS);
        assert_eq!(t.buckets, 2 * FIRST_BUCKETS);
        fill_to(&mut t, 2 * FIRST_BUCKETS - 1);
        assert_eq!(t.buckets, 2 * FIRST_BUCKETS);
        fill_to(&mut t, 2 * FIRST_BUCKETS);
        assert_eq!(t.buckets, 4 * FIRST_BUCKETS, "the whole budget");
        // Nothing was lost on the way.
        for j in (0..i).step_by(97) {
            assert_eq!(t.get(key(j)), Some(e(j as u32 + 1)), "key {j}");
        }
    }

    #[test]
    fn a_final_result_is_kept_over_an_unfinished_one_of_up_to_twice_its_work() {
        let mut t = Table::<Plain>::with_memory(BUCKET_BYTES); // one bucket
        let proven = |work| Entry {
            pn: 0,
            dn: INF,
            ..e(work)
        };
        let disproven = |work| Entry {
            pn: INF,
            dn: 0,
            ..e(work)
        };
        t.put(1 << 32, proven(10));
        t.put(2 << 32, disproven(12));
        t.put(3 << 32, e(19));
        t.put(4 << 32, e(50));
        assert_eq!(t.get(3 << 32), None, "the unfinished entry of 19 goes");
        assert_eq!(t.get(1 << 32).map(|x| x.pn), Some(0));
        assert_eq!(t.get(2 << 32).map(|x| x.dn), Some(0));
        // Past twice its work, a final result goes like any other.
        t.put(5 << 32, e(21));
        assert_eq!(t.get(1 << 32), None, "the proof of 10 (worth 20) goes");
        assert!(t.get(5 << 32).is_some() && t.get(4 << 32).is_some());
    }

    #[test]
    fn a_full_bucket_replaces_the_least_work() {
        let mut t = Table::<Plain>::with_memory(BUCKET_BYTES); // one bucket
        for k in 0..3u64 {
            t.put(k << 32, e(10 + k as u32));
        }
        t.put(99 << 32, e(50));
        assert_eq!(t.get(0), None, "least work is evicted");
        assert!(t.get(99 << 32).is_some());
        assert!(t.get(1 << 32).is_some());
        assert_eq!(t.used(), 3);
        assert!(t.memory() <= BUCKET_BYTES);
    }

    #[test]
    fn a_table_uses_at_most_512_mb() {
        assert_eq!(Table::<Shared>::with_memory(2 << 30).memory(), 512 << 20);
        assert_eq!(Table::<Shared>::with_memory(256 << 20).memory(), 256 << 20);
        assert_eq!(Table::<Plain>::with_memory(2 << 30).memory(), 512 << 20);
        assert_eq!(Table::<Plain>::with_memory(1 << 20).memory(), 1 << 20);
    }

    #[test]
    fn a_shared_table_is_one_table_for_every_handle() {
        let mut a = Table::<Shared>::with_memory(FIRST_BUCKETS * 4 * BUCKET_BYTES);
        a.put(42, e(3));
        let mut b = a.share().expect("atomic words share");
        assert_eq!(
            b.buckets,
            4 * FIRST_BUCKETS,
            "a shared table uses every bucket"
        );
        assert_eq!(b.get(42), Some(e(3)), "stored before sharing");
        b.put(7 << 40 | 9, e(5));
        assert_eq!(a.get(7 << 40 | 9), Some(e(5)), "stored by the other handle");
        a.forget(42, 42);
        assert_eq!(b.get(42), None);
        assert!(Table::<Plain>::with_memory(1 << 16).share().is_none());
    }

    #[test]
    fn a_shared_entry_mixed_from_two_writes_fails_its_check() {
        let mut t = Table::<Shared>::with_memory(1 << 16);
        let key = 5u64 << 32 | 1;
        t.put(
            key,
            Entry {
                pn: 0,
                dn: INF,
                ..e(1)
            },
        );
        let bi = t.bucket(key);
        let i = (0..WAYS)
            .find(|&i| t.words.bucket(bi)[i] != 0)
            .expect("the entry");
        // Another thread's write of other numbers, caught half way.
        t.words.set(bi + PN + i, 9);
        assert_eq!(t.get(key), None);
    }

    /// Whether the kernel may back the middle of `t`'s words with huge
    /// pages (`THPeligible` of its mapping in /proc/self/smaps).
    #[cfg(target_os = "linux")]
    fn middle_may_be_huge<S: Words>(t: &Table<S>) -> bool {
        let at = t.words.as_ptr().wrapping_add(t.words_len() / 2) as usize;
        let smaps = std::fs::read_to_string("/proc/self/smaps").expect("smaps");
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_once(' ').and_then(|(r, _)| r.split_once('-'));
            if let Some((a, b)) = range
                && let (Ok(a), Ok(b)) = (usize::from_str_radix(a, 16), usize::from_str_radix(b, 16))
            {
                inside = a <= at && at < b;
            } else if inside && let Some(v) = line.strip_prefix("THPeligible:") {
                return v.trim() == "1";
            }
        }
        panic!("no mapping holds the table");
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn huge_pages_are_asked_for_every_large_table() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
            .unwrap_or_default();
        if !mode.contains("[madvise]") {
            eprintln!(
                "skipped: transparent huge pages are not in madvise mode here ({})",
                mode.trim()
            );
            return;
        }
        // Nothing is touched: each table is only an untouched mapping.
        assert!(middle_may_be_huge(&Table::<Plain>::with_memory(64 << 20)));
        assert!(middle_may_be_huge(&Table::<Shared>::with_memory(64 << 20)));
        // A small table is not advised. Asked of the advice itself: the
        // memory a small table gets may lie where an earlier, larger one
        // was advised (other tests' analyses in the same arena), and the
        // advice outlives the table it was given for.
        for bytes in [4 << 20, 6 << 20, (8 << 20) - 1] {
            for at in [0, 1 << 21, (1 << 21) + 64] {
                assert_eq!(huge_range(at, bytes), None, "{bytes} bytes at {at}");
            }
        }
        assert!(huge_range(64, 16 << 20).is_some());
    }
}
