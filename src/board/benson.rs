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

    #[test]
    fn the_quick_exit_never_changes_the_answer() {
        // Random 7x7 boards, stones dense enough for eyes to form, tested
        // on the whole board and on a corner area.
        let mut next = crate::board::test_random(0x2545_F491_4F6C_DD1Du64);
        let mut alive_seen = 0;
        for _ in 0..20_000 {
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
            let mut corner = Bits::EMPTY;
            for y in 0..5 {
                for x in 0..5 {
                    corner.set(Point::new(x, y).index());
                }
            }
            for within in [b.on_board(), corner] {
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
