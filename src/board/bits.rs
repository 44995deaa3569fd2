//! Fixed-size bitboards for boards up to 19x19.
//!
//! Layout: point (x, y) is bit `y * STRIDE + x` with `STRIDE = 20`, one
//! column wider than the widest board. The spare column (x = 19, or any
//! x >= width) is never on the board, so a shift by one never wraps a
//! stone from the end of one row into the start of the next. 19 rows of 20
//! bits need 380 bits: six 64-bit words. Bitboards of two words have rows
//! of `NARROW_STRIDE = 10` bits instead (boards up to nine wide, twelve
//! rows), which puts a whole 9x9 board in two words: `Bits::STRIDE`.
//!
//! This module knows nothing of Go rules; it only shifts and counts.

/// Distance between vertically adjacent points (the problem's boards, and
/// bitboards of three words or more).
pub const STRIDE: usize = 20;
/// The same in bitboards of two words.
pub const NARROW_STRIDE: usize = 10;

/// The row length of bitboards of `words` words.
pub const fn stride_of(words: usize) -> usize {
    if words <= 2 { NARROW_STRIDE } else { STRIDE }
}
/// Number of 64-bit words in a bitboard.
pub const WORDS: usize = 6;
/// Number of addressable bits.
pub const BITS: usize = WORDS * 64;

#[derive(Clone, Copy, Eq)]
pub struct Bits<const W: usize = WORDS>(pub [u64; W]);

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<const W: usize> Default for Bits<W> {
    fn default() -> Bits<W> {
        Bits::EMPTY
    }
}

impl<const W: usize> PartialEq for Bits<W> {
    /// Word by word without branches: the derived version calls memcmp,
    /// which showed as a fifth of all search time.
    #[inline]
    fn eq(&self, o: &Bits<W>) -> bool {
        let mut d = 0;
        for k in 0..W {
            d |= self.0[k] ^ o.0[k];
        }
        d == 0
    }
}

impl<const W: usize> std::hash::Hash for Bits<W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Bits<W> = Bits([0; W]);
    /// Distance between vertically adjacent points in this width.
    pub const STRIDE: usize = stride_of(W);
    /// Number of addressable bits.
    pub const LEN: usize = W * 64;

    /// Built word by word in registers: one store at a computed index
    /// followed by loads of the whole set stalls (the store cannot be
    /// forwarded to a wider load).
    #[inline]
    pub fn single(i: usize) -> Bits<W> {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        let mut out = [0u64; W];
        for (k, x) in out.iter_mut().enumerate() {
            *x = bit & ((k == w) as u64).wrapping_neg();
        }
        Bits(out)
    }

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Like `get`, with indices past the end unset.
    #[inline]
    pub fn get_checked(&self, i: usize) -> bool {
        i < Self::LEN && self.get(i)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        let mut d = 0;
        for k in 0..W {
            d |= self.0[k];
        }
        d == 0
    }

    /// Empty words are skipped: without a popcount instruction in the
    /// target's baseline each word costs a dozen instructions, and boards
    /// of up to nine rows leave the upper half empty.
    #[inline]
    pub fn count(&self) -> u32 {
        let mut n = 0;
        for w in self.0 {
            if w != 0 {
                n += w.count_ones();
            }
        }
        n
    }

    #[inline]
    pub fn intersects(&self, other: Bits<W>) -> bool {
        let mut d = 0;
        for k in 0..W {
            d |= self.0[k] & other.0[k];
        }
        d != 0
    }

    /// The lowest set bit, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        if W == 2 {
            let x = (self.0[1] as u128) << 64 | self.0[0] as u128;
            return (x != 0).then(|| x.trailing_zeros() as usize);
        }
        for (k, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    #[inline]
    pub fn iter(&self) -> BitIter<W> {
        BitIter {
            words: self.0,
            k: 0,
        }
    }

    /// Shift towards higher indices by `n` (1 <= n < 64).
    #[inline]
    fn shl(self, n: u32) -> Bits<W> {
        let w = self.0;
        let mut out = [0u64; W];
        out[0] = w[0] << n;
        for k in 1..W {
            out[k] = (w[k] << n) | (w[k - 1] >> (64 - n));
        }
        Bits(out)
    }

    /// Shift towards lower indices by `n` (1 <= n < 64).
    #[inline]
    fn shr(self, n: u32) -> Bits<W> {
        let w = self.0;
        let mut out = [0u64; W];
        for k in 0..W - 1 {
            out[k] = (w[k] >> n) | (w[k + 1] << (64 - n));
        }
        out[W - 1] = w[W - 1] >> n;
        Bits(out)
    }

    /// Components less holes (the Euler number of the set, 4-connected),
    /// from counts of its points, adjacent pairs and 2x2 squares: no fill.
    #[inline]
    pub fn euler(self) -> i32 {
        let s = Self::STRIDE as u32;
        let right = self & self.shr(1);
        let down = self & self.shr(s);
        let square = right & right.shr(s);
        self.count() as i32 - right.count() as i32 - down.count() as i32 + square.count() as i32
    }

    /// The four orthogonal neighbours of every set bit, not masked to the
    /// board: callers intersect with a set that lies on the board.
    #[inline]
    pub fn spread(self) -> Bits<W> {
        let s = Self::STRIDE as u32;
        self.shl(1) | self.shr(1) | self.shl(s) | self.shr(s)
    }

    /// `Bits::single(i).spread()`, word by word in registers (see
    /// `single`); for two words, where nearly every problem is searched,
    /// read from a table instead (one load against some thirty
    /// instructions: this was a twentieth of all the search's).
    #[inline]
    pub fn around(i: usize) -> Bits<W> {
        let mut out = [0u64; W];
        if W == 2 {
            let t = AROUND_NARROW[i & (AROUND_NARROW.len() - 1)];
            out[0] = t[0];
            out[1] = t[1];
            return Bits(out);
        }
        for q in Self::neighbour_indices(i) {
            let (w, bit) = (q >> 6, 1u64 << (q & 63));
            for (k, x) in out.iter_mut().enumerate() {
                *x |= bit & ((k == w) as u64).wrapping_neg();
            }
        }
        Bits(out)
    }

    /// Like `spread` but including the diagonals (8-neighbourhood).
    #[inline]
    pub fn spread8(self) -> Bits<W> {
        let row = self | self.shl(1) | self.shr(1);
        let s = Self::STRIDE as u32;
        row | row.shl(s) | row.shr(s)
    }

    /// The connected component of `within` (4-neighbour steps) that contains `seed`.
    #[inline(always)]
    pub fn flood(seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        // Boards of up to 9 rows (and any set in the top 9 rows) fit in
        // three words: half the work per step. Measured on 40 suite
        // problems as the largest single cost of the search. Most fills
        // take two steps, so the three-word one is inlined: a call cost
        // as much as a step.
        if W < 3 {
            return Self::flood_loop(seed, within);
        }
        if within.upper_empty() {
            return flood3(seed, within);
        }
        Self::flood_wide(seed, within)
    }

    /// The same set in `V` words (rows relaid when the widths' strides
    /// differ); `None` when a bit lies past them.
    pub fn resized<const V: usize>(self) -> Option<Bits<V>> {
        if Self::STRIDE != Bits::<V>::STRIDE {
            let mut out = Bits::<V>::EMPTY;
            for i in self.iter() {
                let j = restride(i, Self::STRIDE, Bits::<V>::STRIDE)?;
                if j >= Bits::<V>::LEN {
                    return None;
                }
                out.0[j >> 6] |= 1u64 << (j & 63);
            }
            return Some(out);
        }
        let mut out = [0u64; V];
        for (k, &w) in self.0.iter().enumerate() {
            match out.get_mut(k) {
                Some(o) => *o = w,
                None if w != 0 => return None,
                None => {}
            }
        }
        Some(Bits(out))
    }

    /// Whether every word past the third is empty (always so on boards
    /// of three words).
    #[inline(always)]
    fn upper_empty(&self) -> bool {
        let mut d = 0;
        for k in 3..W {
            d |= self.0[k];
        }
        d == 0
    }

    /// The first three words of `g`, the rest empty.
    #[inline(always)]
    fn from_three(g: [u64; 3]) -> Bits<W> {
        let mut out = [0u64; W];
        out[..3].copy_from_slice(&g);
        Bits(out)
    }

    #[inline(never)]
    fn flood_wide(seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        Self::flood_loop(seed, within)
    }

    #[inline(always)]
    fn flood_loop(seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut g = seed & within;
        loop {
            let next = (g | g.spread()) & within;
            if next == g {
                return g;
            }
            g = next;
        }
    }

    /// The connected component of `within` that contains `seed` when no
    /// point of it touches `free`; `None` as soon as one does (a block
    /// with a liberty: most blocks stop after a step or two).
    #[inline]
    pub fn enclosed(seed: Bits<W>, within: Bits<W>, free: Bits<W>) -> Option<Bits<W>> {
        if W >= 3 && within.upper_empty() {
            return enclosed3(seed, within, free);
        }
        let mut g = seed & within;
        loop {
            let around = g.spread();
            if around.intersects(free) {
                return None;
            }
            let next = (g | around) & within;
            if next == g {
                return Some(g);
            }
            g = next;
        }
    }

    /// Like `flood` with 8-neighbour steps.
    pub fn flood8(seed: Bits<W>, within: Bits<W>) -> Bits<W> {
        let mut g = seed & within;
        loop {
            let next = (g | g.spread8()) & within;
            if next == g {
                return g;
            }
            g = next;
        }
    }
}

impl<const W: usize> Bits<W> {
    /// The bit indices of the four orthogonal neighbours of bit `i`. Those
    /// past either end of the bitboard wrap to indices `Bits::get_checked`
    /// rejects; those past a row's end land in the spare column, never on
    /// the board.
    #[inline]
    pub const fn neighbour_indices(i: usize) -> [usize; 4] {
        let s = Self::STRIDE;
        [i.wrapping_sub(s), i.wrapping_sub(1), i + 1, i + s]
    }
}

/// `Bits::<2>::around` of each of the 128 points of two words.
static AROUND_NARROW: [[u64; 2]; 128] = {
    let mut t = [[0u64; 2]; 128];
    let mut i: usize = 0;
    while i < 128 {
        let near = Bits::<2>::neighbour_indices(i);
        let mut k = 0;
        while k < 4 {
            let q = near[k];
            if q < 128 {
                t[i][q >> 6] |= 1u64 << (q & 63);
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// Bit `i` of a layout with rows of `from` bits, in one with rows of `to`
/// bits; `None` when its column does not leave the spare one free.
#[inline]
pub fn restride(i: usize, from: usize, to: usize) -> Option<usize> {
    if from == to {
        return Some(i);
    }
    let (x, y) = (i % from, i / from);
    (x + 1 < to).then_some(y * to + x)
}

/// `Bits::flood` on the first three words only.
#[inline(always)]
fn flood3<const W: usize>(seed: Bits<W>, within: Bits<W>) -> Bits<W> {
    debug_assert_eq!(Bits::<W>::STRIDE, STRIDE);
    let w = [within.0[0], within.0[1], within.0[2]];
    let mut g = [seed.0[0] & w[0], seed.0[1] & w[1], seed.0[2] & w[2]];
    let s = STRIDE as u32;
    loop {
        let l1 = [g[0] << 1, g[1] << 1 | g[0] >> 63, g[2] << 1 | g[1] >> 63];
        let r1 = [g[0] >> 1 | g[1] << 63, g[1] >> 1 | g[2] << 63, g[2] >> 1];
        let ls = [
            g[0] << s,
            g[1] << s | g[0] >> (64 - s),
            g[2] << s | g[1] >> (64 - s),
        ];
        let rs = [
            g[0] >> s | g[1] << (64 - s),
            g[1] >> s | g[2] << (64 - s),
            g[2] >> s,
        ];
        let mut next = [0u64; 3];
        for k in 0..3 {
            next[k] = (g[k] | l1[k] | r1[k] | ls[k] | rs[k]) & w[k];
        }
        if same3(next, g) {
            return Bits::from_three(g);
        }
        g = next;
    }
}

/// `a == b` by XOR in registers: the array comparison went through the
/// stack, where a wide load of two narrow stores cannot be forwarded and
/// stalled every step of a fill.
#[inline(always)]
fn same3(a: [u64; 3], b: [u64; 3]) -> bool {
    (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) == 0
}

/// `Bits::enclosed` on the first three words only.
#[inline]
fn enclosed3<const W: usize>(seed: Bits<W>, within: Bits<W>, free: Bits<W>) -> Option<Bits<W>> {
    let w = [within.0[0], within.0[1], within.0[2]];
    let f = [free.0[0], free.0[1], free.0[2]];
    // (None on boards of three words: nothing lies past them.)
    let f3 = free.0.get(3).copied().unwrap_or(0);
    let mut g = [seed.0[0] & w[0], seed.0[1] & w[1], seed.0[2] & w[2]];
    let s = STRIDE as u32;
    loop {
        let around = [
            g[0] << 1 | g[0] >> 1 | g[1] << 63 | g[0] << s | g[0] >> s | g[1] << (64 - s),
            g[1] << 1
                | g[0] >> 63
                | g[1] >> 1
                | g[2] << 63
                | g[1] << s
                | g[0] >> (64 - s)
                | g[1] >> s
                | g[2] << (64 - s),
            g[2] << 1 | g[1] >> 63 | g[2] >> 1 | g[2] << s | g[1] >> (64 - s) | g[2] >> s,
        ];
        // What spills into the fourth word can still be a free point.
        let spill = g[2] >> 63 | g[2] >> (64 - s);
        if (around[0] & f[0]) | (around[1] & f[1]) | (around[2] & f[2]) | (spill & f3) != 0 {
            return None;
        }
        let next = [
            (g[0] | around[0]) & w[0],
            (g[1] | around[1]) & w[1],
            (g[2] | around[2]) & w[2],
        ];
        if same3(next, g) {
            return Some(Bits::from_three(g));
        }
        g = next;
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> std::ops::$tr for Bits<W> {
            type Output = Bits<W>;
            #[inline]
            fn $f(self, o: Bits<W>) -> Bits<W> {
                let mut out = [0u64; W];
                for k in 0..W {
                    out[k] = self.0[k] $op o.0[k];
                }
                Bits(out)
            }
        }
        impl<const W: usize> std::ops::$atr for Bits<W> {
            #[inline]
            fn $af(&mut self, o: Bits<W>) {
                for k in 0..W {
                    self.0[k] = self.0[k] $op o.0[k];
                }
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> std::ops::Not for Bits<W> {
    type Output = Bits<W>;
    #[inline]
    fn not(self) -> Bits<W> {
        let mut out = self.0;
        for w in out.iter_mut() {
            *w = !*w;
        }
        Bits(out)
    }
}

/// Iterates set bits from low to high.
pub struct BitIter<const W: usize> {
    words: [u64; W],
    k: usize,
}

impl<const W: usize> Iterator for BitIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        // Two words as one: no branch on which word holds the next bit
        // (a branch the processor mispredicted at every word's end).
        if W == 2 {
            let x = (self.words[1] as u128) << 64 | self.words[0] as u128;
            if x == 0 {
                return None;
            }
            let rest = x & (x - 1);
            self.words[0] = rest as u64;
            self.words[1] = (rest >> 64) as u64;
            return Some(x.trailing_zeros() as usize);
        }
        while self.k < W {
            let w = self.words[self.k];
            if w != 0 {
                self.words[self.k] = w & (w - 1);
                return Some(self.k * 64 + w.trailing_zeros() as usize);
            }
            self.k += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    /// The widest bitboards, as the board uses by default.
    type Bits = super::Bits<WORDS>;

    #[test]
    fn shifts_cross_word_boundaries() {
        let b = Bits::single(63);
        assert_eq!(b.shl(1), Bits::single(64));
        assert_eq!(Bits::single(64).shr(1), b);
        assert_eq!(Bits::single(60).shl(STRIDE as u32), Bits::single(80));
        assert_eq!(Bits::single(80).shr(STRIDE as u32), Bits::single(60));
    }

    #[test]
    fn around_is_the_spread_of_one_point() {
        for i in 0..BITS {
            assert_eq!(Bits::around(i), Bits::single(i).spread(), "{i}");
        }
        // Two words read a table instead.
        fn in_words<const W: usize>() {
            for i in 0..super::Bits::<W>::LEN {
                let spread = super::Bits::<W>::single(i).spread();
                assert_eq!(super::Bits::<W>::around(i), spread, "{W} words, {i}");
            }
        }
        in_words::<2>();
        in_words::<3>();
    }

    #[test]
    fn euler_counts_groups_less_holes() {
        let set = |points: &[(usize, usize)]| {
            let mut b = Bits::EMPTY;
            for &(x, y) in points {
                b.set(y * STRIDE + x);
            }
            b
        };
        assert_eq!(Bits::EMPTY.euler(), 0);
        assert_eq!(set(&[(0, 0)]).euler(), 1);
        assert_eq!(set(&[(0, 0), (2, 0)]).euler(), 2);
        // Diagonal neighbours are apart.
        assert_eq!(set(&[(0, 0), (1, 1)]).euler(), 2);
        assert_eq!(set(&[(0, 0), (1, 0), (0, 1), (1, 1)]).euler(), 1);
        assert_eq!(set(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]).euler(), 1);
        // A ring around one point: one group, one hole.
        let ring = set(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ]);
        assert_eq!(ring.euler(), 0);
        // The last column of a row does not touch the next row's first.
        assert_eq!(set(&[(STRIDE - 2, 0), (0, 1)]).euler(), 2);
        // In two words as well.
        let mut two = super::Bits::<2>::EMPTY;
        for i in [0, 1, NARROW_STRIDE, NARROW_STRIDE + 1, 5] {
            two.set(i);
        }
        assert_eq!(two.euler(), 2);
    }

    #[test]
    fn iter_and_count_agree() {
        let mut b = Bits::EMPTY;
        for i in [0, 5, 63, 64, 200, 379] {
            b.set(i);
        }
        assert_eq!(b.count(), 6);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 5, 63, 64, 200, 379]);
        assert_eq!(b.first(), Some(0));
    }

    #[test]
    fn enclosed_is_a_flood_without_free_neighbours() {
        // Random 19x19 sets (xorshift), some only in the top nine rows
        // (the three-word path), free points anywhere.
        let mut next = crate::board::test_random(0x9E37_79B9_7F4A_7C15u64);
        let on_board = |i: usize| i % STRIDE < 19 && i / STRIDE < 19;
        for case in 0..3000 {
            let rows = if case % 2 == 0 { 9 } else { 19 };
            let (mut within, mut free) = (Bits::EMPTY, Bits::EMPTY);
            for i in (0..BITS).filter(|&i| on_board(i)) {
                match next() % 8 {
                    0..=4 if i / STRIDE < rows => within.set(i),
                    5 if case % 3 != 0 => free.set(i),
                    _ => {}
                }
            }
            let Some(seed) = within.first() else { continue };
            let block = Bits::flood(Bits::single(seed), within);
            let want = (!block.spread().intersects(free)).then_some(block);
            assert_eq!(
                Bits::enclosed(Bits::single(seed), within, free),
                want,
                "case {case}"
            );
        }
        // A block on row 8 whose only liberty is below it, in the fourth word.
        let (p, below) = (8 * STRIDE + 15, 9 * STRIDE + 15);
        assert!(below >= 192);
        assert_eq!(
            Bits::enclosed(Bits::single(p), Bits::single(p), Bits::single(below)),
            None
        );
    }

    #[test]
    fn three_word_flood_matches_the_general_one() {
        // A snake through the first 9 rows crossing word boundaries.
        let mut within = Bits::EMPTY;
        for y in 0..9 {
            for x in 0..19 {
                if (y % 2 == 0) || (y % 4 == 1 && x == 18) || (y % 4 == 3 && x == 0) {
                    within.set(y * STRIDE + x);
                }
            }
        }
        let a = flood3(Bits::single(0), within);
        let mut g = Bits::single(0) & within;
        loop {
            let next = (g | g.spread()) & within;
            if next == g {
                break;
            }
            g = next;
        }
        assert_eq!(a, g);
        assert_eq!(a, within);
    }

    #[test]
    fn flood_follows_orthogonal_steps_only() {
        // (0,0) and (1,1) touch only diagonally.
        let within = Bits::single(0) | Bits::single(STRIDE + 1);
        assert_eq!(Bits::flood(Bits::single(0), within), Bits::single(0));
        assert_eq!(Bits::flood8(Bits::single(0), within), within);
    }
}
