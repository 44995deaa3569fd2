//! Benson's test for unconditional life.
//!
//! A set of blocks of one colour is unconditionally alive when each keeps
//! at least two "vital" regions: enclosed regions of non-own points whose
//! empty points are all liberties of the block, and whose bordering blocks
//! are all in the set. The opponent can then never capture them, even
//! with an unlimited number of passes by the owner.
//!
//! Only regions inside `within` are considered; a region that reaches
//! outside it is treated as never vital, which can only make the answer
//! smaller, so the test stays sound.

use smallvec::SmallVec;

use super::{Bits, Board, Color};

const MAX_BLOCKS: usize = 64;
const MAX_REGIONS: usize = 64;

/// The stones of `color` inside `within` that are unconditionally alive.
pub fn alive<const W: usize>(board: &Board<W>, color: Color, within: Bits<W>) -> Bits<W> {
    let own = board.stones(color) & within;
    if own.is_empty() {
        return Bits::EMPTY;
    }
    let non_own_inside = within & !board.stones(color) & board.on_board();
    let non_own_outside = board.on_board() & !board.stones(color) & !within;
    let empty = board.empty();

    // A region can be vital only if it stays inside and each of its empty
    // points touches an own stone. With fewer than two such regions no
    // block has two: the common case in a search, found with two fills.
    // (Blocks reach past `within`: their liberties there count.)
    let spoilers = (non_own_inside & non_own_outside.spread())
        | (empty & within & !board.stones(color).spread());
    let candidates = non_own_inside & !Bits::flood(spoilers, non_own_inside);
    let Some(q) = candidates.first() else {
        return Bits::EMPTY;
    };

    if Bits::flood(Bits::single(q), candidates) == candidates {
        return Bits::EMPTY;
    }
    alive_unfiltered(board, color, within)
}

/// Whether `block` (stones of `color`) may be alive by `alive`: false
/// only when it is not. The test's first round for this block alone:
/// it needs two regions that could be vital to it (inside `within`,
/// holding no stone of its colour, every empty point one of its
/// liberties), and a region counts only when each other block of its
/// colour next to it (one with a stone inside `within`, as `alive`
/// counts them) has two such regions of its own; a block with fewer is
/// never alive, nor then the region (a false eye: the cutting stone
/// beside it). Each region is found as the block's liberties and the
/// opponent's stones between them, so the fills stay within its eyes,
/// where `alive` fills every region and block. The board's blocks must
/// all have liberties, as in every position of a game: a region of
/// stones with none would be vital with no liberty in it.
pub fn may_live<const W: usize>(
    board: &Board<W>,
    color: Color,
    block: Bits<W>,
    within: Bits<W>,
) -> bool {
    let own = board.stones(color);
    may_live_in(&Walls::new(board, color, within), own, block, within)
}

/// `may_live` for `block` once a stone of `color` is put at `p` (an empty
/// point), as if it captured nothing: a stone that captures may leave
/// more room than this finds. Read without a board made for it, where
/// playing the move costs more than the test.
pub fn may_live_after<const W: usize>(
    board: &Board<W>,
    color: Color,
    block: Bits<W>,
    within: Bits<W>,
    p: usize,
) -> bool {
    let stone = Bits::single(p);
    let own = board.stones(color) | stone;
    let block = if block.spread().intersects(stone) {
        Bits::flood(block | stone, own)
    } else {
        block
    };
    let on = board.on_board();
    let walls = Walls {
        empty: board.empty() & !stone,
        opponent_inside: board.stones(color.opp()) & within,
        non_own_inside: within & on & !own,
        non_own_outside: on & !own & !within,
        on,
    };
    may_live_in(&walls, own, block, within)
}

fn may_live_in<const W: usize>(
    walls: &Walls<W>,
    own: Bits<W>,
    block: Bits<W>,
    within: Bits<W>,
) -> bool {
    let mut found = 0;
    walls.enclosed_regions(block, 2, |halo| {
        let mut others = halo & own & within & !block;
        while let Some(q) = others.first() {
            let other = Bits::flood(Bits::single(q), own);
            others &= !other;
            let mut theirs = 0;
            walls.enclosed_regions(other, 2, |_| {
                theirs += 1;
                theirs == 2
            });
            if theirs < 2 {
                return false;
            }
        }
        found += 1;
        found == 2
    });
    found == 2
}

/// Whether `block` (stones of `color`) has a region that could be vital
/// to it, as `may_live` finds them: a region one stone of its colour may
/// add a second to.
pub fn has_enclosed_region<const W: usize>(
    board: &Board<W>,
    color: Color,
    block: Bits<W>,
    within: Bits<W>,
) -> bool {
    let mut found = false;
    Walls::new(board, color, within).enclosed_regions(block, 1, |_| {
        found = true;
        true
    });
    found
}

/// A position's points as `may_live` reads them.
struct Walls<const W: usize> {
    empty: Bits<W>,
    opponent_inside: Bits<W>,
    /// The points that hold no stone of the colour, inside `within` and
    /// elsewhere on the board.
    non_own_inside: Bits<W>,
    non_own_outside: Bits<W>,
    on: Bits<W>,
}

impl<const W: usize> Walls<W> {
    #[inline]
    fn new(board: &Board<W>, color: Color, within: Bits<W>) -> Walls<W> {
        let own = board.stones(color);
        let on = board.on_board();
        Walls {
            empty: board.empty(),
            opponent_inside: board.stones(color.opp()) & within,
            non_own_inside: within & on & !own,
            non_own_outside: on & !own & !within,
            on,
        }
    }

    /// Hands `each` the points next to every region that could be vital
    /// to `block`: a set of its liberties and of the opponent's stones
    /// inside `within` between them, every neighbour of which on the
    /// board is in the set or a stone of the colour (a liberty outside
    /// `within` may make a region `alive` would not count: one too many
    /// is the safe side here). Stops when `each` says it has seen enough,
    /// and hands none when there cannot be `needed` of them.
    fn enclosed_regions(&self, block: Bits<W>, needed: u32, mut each: impl FnMut(Bits<W>) -> bool) {
        let libs = block.spread() & self.empty;
        // A liberty next to an empty point that is no liberty, or to a
        // point outside `within` that is not the colour's, lies in no such
        // region: with fewer than `needed` others there are not as many
        // regions.
        let leaks = (self.empty & !libs) | self.non_own_outside;
        if (libs & !leaks.spread()).count() < needed {
            return;
        }
        let fill = libs | self.opponent_inside;
        let mut rest = libs;
        while let Some(q) = rest.first() {
            let r = Bits::flood(Bits::single(q), fill);
            rest &= !r;
            let halo = r.spread() & self.on;
            if (halo & self.non_own_inside & !r).is_empty()
                && !halo.intersects(self.non_own_outside)
                && each(halo)
            {
                return;
            }
        }
    }
}

/// Benson's algorithm proper, without the quick exit of `alive`.
fn alive_unfiltered<const W: usize>(board: &Board<W>, color: Color, within: Bits<W>) -> Bits<W> {
    let own = board.stones(color) & within;
    let non_own_inside = within & !board.stones(color) & board.on_board();
    let non_own_outside = board.on_board() & !board.stones(color) & !within;
    let empty = board.empty();

    // Inline, uninitialised storage: zeroing 64-entry arrays on every
    // call cost a tenth of all search time.
    let mut blocks: SmallVec<[Bits<W>; 16]> = SmallVec::new();
    let mut libs: SmallVec<[Bits<W>; 16]> = SmallVec::new();
    let mut nb = 0;
    let mut rest = own;
    while let Some(q) = rest.first() {
        if nb == MAX_BLOCKS {
            return Bits::EMPTY;
        }
        let b = Bits::flood(Bits::single(q), board.stones(color));
        rest &= !b;
        blocks.push(b);
        libs.push(b.spread() & empty);
        nb += 1;
    }

    // vital[b]: regions vital to block b; border[r]: blocks next to region r.
    let mut vital: SmallVec<[u64; 16]> = smallvec::smallvec![0; nb];
    let mut border: SmallVec<[u64; 16]> = SmallVec::new();
    let mut nr = 0;
    let mut rest = non_own_inside;
    while let Some(q) = rest.first() {
        if nr == MAX_REGIONS {
            return Bits::EMPTY;
        }
        let r = Bits::flood(Bits::single(q), non_own_inside);
        rest &= !r;
        let halo = r.spread();
        if halo.intersects(non_own_outside) {
            continue; // leaks out of the area: never vital
        }
        let r_empty = r & empty;
        let mut mask = 0u64;
        for b in 0..nb {
            if halo.intersects(blocks[b]) {
                mask |= 1 << b;
                if (r_empty & !libs[b]).is_empty() {
                    vital[b] |= 1 << nr;
                }
            }
        }
        border.push(mask);
        nr += 1;
    }

    let mut live_blocks: u64 = if nb == 64 { u64::MAX } else { (1u64 << nb) - 1 };
    let mut live_regions: u64 = if nr == 64 { u64::MAX } else { (1u64 << nr) - 1 };
    // Indices tie blocks and regions to bit positions in the masks.
    #[allow(clippy::needless_range_loop)]
    loop {
        let mut changed = false;
        for b in 0..nb {
            if live_blocks >> b & 1 == 1 && (vital[b] & live_regions).count_ones() < 2 {
                live_blocks &= !(1 << b);
                changed = true;
            }
        }
        if !changed {
            break;
        }
        for r in 0..nr {
            if live_regions >> r & 1 == 1 && border[r] & !live_blocks != 0 {
                live_regions &= !(1 << r);
            }
        }
    }
    let mut out = Bits::EMPTY;
    for (b, block) in blocks.iter().enumerate().take(nb) {
        if live_blocks >> b & 1 == 1 {
            out |= *block;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn two_eyes_are_alive_one_eye_is_not() {
        let b = Board::from_ascii(
            "
            .O.O.X...
            OOOOOX...
            XXXXXX...
            .........",
        );
        let all = b.on_board();
        let alive = alive(&b, Color::White, all);
        assert!(alive.get(Point::new(1, 1).index()));

        let b = Board::from_ascii(
            "
            ..OO.X...
            OOOOOX...
            XXXXXX...
            .........",
        );
        assert!(super::alive(&b, Color::White, all).is_empty());
    }

    /// A 7x7 board with stones dense enough for eyes to form: about half
    /// the points white, a fifth black.
    fn random_board(next: &mut impl FnMut() -> u64) -> Board {
        let mut b = Board::new(7, 7);
        for y in 0..7 {
            for x in 0..7 {
                match next() % 10 {
                    0..=4 => b.put(Color::White, Point::new(x, y)),
                    5..=6 => b.put(Color::Black, Point::new(x, y)),
                    _ => {}
                }
            }
        }
        b
    }

    /// The 5x5 corner of such a board, as an area to test within.
    fn corner() -> Bits {
        let mut corner = Bits::EMPTY;
        for y in 0..5 {
            for x in 0..5 {
                corner.set(Point::new(x, y).index());
            }
        }
        corner
    }

    #[test]
    fn a_block_said_not_to_live_is_never_alive() {
        // Random boards, on the whole board and on a corner area: every
        // block that `may_live` rules out is outside `alive`'s answer;
        // and the first round rules out blocks that have two enclosed
        // regions of their own (false eyes).
        let mut next = crate::board::test_random(0x9E37_79B9_7F4A_7C15u64);
        let (mut ruled_out, mut false_eyes, mut alive_seen) = (0, 0, 0);
        for _ in 0..20_000 {
            let b = random_board(&mut next);
            // A block without liberties (no game reaches one) would be
            // a region vital to every block around it with no empty point.
            if !b.dead_blocks().is_empty() {
                continue;
            }
            for within in [b.on_board(), corner()] {
                for c in [Color::White, Color::Black] {
                    let alive = alive(&b, c, within);
                    let mut rest = b.stones(c) & within;
                    while let Some(q) = rest.first() {
                        let block = b.block(Point(q as u16));
                        rest &= !block;
                        if may_live(&b, c, block, within) {
                            alive_seen += usize::from(alive.intersects(block));
                            continue;
                        }
                        ruled_out += 1;
                        assert!(!alive.intersects(block), "{}", b.to_ascii());
                        false_eyes += usize::from(own_regions(&b, c, block, within) >= 2);
                    }
                }
            }
        }
        assert!(
            alive_seen > 1_000,
            "only {alive_seen} living blocks let through"
        );
        assert!(ruled_out > 50_000, "only {ruled_out} blocks ruled out");
        assert!(
            false_eyes > 1_000,
            "only {false_eyes} with two regions ruled out"
        );
    }

    /// The regions that could be vital to `block`, counted without the
    /// first round.
    fn own_regions(b: &Board, c: Color, block: Bits, within: Bits) -> usize {
        let walls = Walls::new(b, c, within);
        let mut n = 0;
        walls.enclosed_regions(block, 2, |_| {
            n += 1;
            false
        });
        n
    }

    #[test]
    fn the_quick_exit_never_changes_the_answer() {
        // Random boards, tested on the whole board and on a corner area.
        let mut next = crate::board::test_random(0x2545_F491_4F6C_DD1Du64);
        let mut alive_seen = 0;
        for _ in 0..20_000 {
            let b = random_board(&mut next);
            for within in [b.on_board(), corner()] {
                for c in [Color::White, Color::Black] {
                    let full = alive_unfiltered(&b, c, within);
                    assert_eq!(alive(&b, c, within), full, "{}", b.to_ascii());
                    alive_seen += usize::from(!full.is_empty());
                }
            }
        }
        assert!(alive_seen > 100, "only {alive_seen} boards with life");
    }
}
