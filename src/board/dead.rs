//! A block with no room to live: a sound static test that the attacker
//! captures it, whoever moves and under any ko rule.
//!
//! Let B be the block, G its group (B and every defender block that
//! touches G's liberties, taken until none is left) and L the liberties
//! of G, all of them inside the region where moves are played. Stones
//! connected to `safe` (stones whose liberties lie where nobody plays)
//! can never be captured; call them safe, and call an empty point of the
//! region next to a safe stone a link. The test holds when
//! 1. every empty point next to a point of L is itself in L (G can never
//!    reach a new liberty by extending),
//! 2. every attacker block next to G or L is safe, or has links among
//!    its liberties: sorted by that count, the i-th such block (from 1)
//!    at least i + 1 of them (i when the attacker is to move),
//! 3. the points of L that are no links (the only points that could
//!    become eyes) are at most two, and adjacent when two.
//!
//! Then the attacker wins by this strategy: with B in atari, capture;
//! else play a link of the next unsafe block in that order (the stone
//! joins it to a safe stone: each defender move takes at most one link,
//! and the i-th block is joined by the attacker's i-th move, so by 2 one
//! is always left); else fill a point of L that is a link
//! (legal, and the stone is safe at once); with none left, L is the one-
//! or two-point eye I and the attacker plays into it, capturing with B
//! any block left with no other liberty.
//!
//! Why it holds: a defender stone on L joins G or starts a block of G,
//! and one elsewhere never touches G or L (1), so G's room only shrinks;
//! a defender move cannot capture a stone next to G or L (each is safe,
//! or joined to safety before its last link goes), and stones it
//! captures elsewhere free no point next to G or L. A block of G other
//! than B that a fill captures had that fill as its only liberty, so it
//! leaves a pocket bounded by safe stones, out of G's reach. At the eye,
//! which no attacker stone touches, every block has its liberties in I:
//! the attacker captures B at once, or B keeps two liberties, and after
//! his stone on one of them B is in atari while his stone can be taken
//! only by the defender's move on the other, which leaves the defender's
//! blocks with one liberty, his stone's point, for the attacker to take.
//! Every attacker move but the play into I adds a stone that is safe
//! and stays, and the play into I is answered by a capture of B or by
//! a stone that stays, so no position ever repeats, even one from
//! before: ko bans, threats and cycles never apply, and the attacker
//! never passes.

use super::{Bits, Board, Color, Point};

/// `no_room` for the target stones still on the board (`left`), when they
/// all lie in one block; false when none is left or they are apart.
pub fn targets_no_room<const W: usize>(
    board: &Board<W>,
    mut left: impl Iterator<Item = Point>,
    defender: Color,
    to_move: Color,
    safe: Bits<W>,
    within: Bits<W>,
) -> bool {
    let Some(first) = left.next() else {
        return false;
    };
    let block = board.block(first);
    left.all(|t| block.get(t.index())) && no_room(board, block, defender, to_move, safe, within)
}

/// Whether `block` (stones of `defender`) has no room to live, `to_move`
/// playing next, with `safe` attacker stones that can never be captured
/// (the safe wall) and moves played only `within` the region: a liberty
/// outside it is one the attacker can never fill.
pub fn no_room<const W: usize>(
    board: &Board<W>,
    block: Bits<W>,
    defender: Color,
    to_move: Color,
    safe: Bits<W>,
    within: Bits<W>,
) -> bool {
    let empty = board.empty();
    // G and L at once: the stones and empty points reached from the
    // block through both. When every empty point next to L is in L, this
    // is exactly G and L; else some empty point reached is no liberty.
    let reached = Bits::flood(block, board.stones(defender) | empty);
    let group = reached & !empty;
    let libs = reached & empty;
    if !(libs & !within).is_empty() || group.spread() & empty != libs {
        return false;
    }
    let near = libs.spread();
    let attacker = board.stones(defender.opp());
    let touching = (near | group.spread()) & attacker;
    if touching.is_empty() {
        return two_or_fewer_together(libs);
    }
    let safe_now = Bits::flood(safe & attacker, attacker);
    let reach = safe_now.spread();
    let unsafe_blocks = touching & !safe_now;
    two_or_fewer_together(libs & !reach)
        && (unsafe_blocks.is_empty()
            || joinable(
                attacker,
                unsafe_blocks,
                empty & reach & within,
                to_move != defender,
            ))
}

/// Whether the attacker blocks through `unsafe_blocks` can each be joined
/// to safety in turn against a defender who takes one link per move: the
/// i-th fewest `links` among their liberties are at least i + 1, or i when
/// the attacker joins the first before the defender moves.
fn joinable<const W: usize>(
    attacker: Bits<W>,
    unsafe_blocks: Bits<W>,
    links: Bits<W>,
    attacker_first: bool,
) -> bool {
    let mut counts = [0u32; 6];
    let mut n = 0;
    let mut rest = unsafe_blocks;
    while let Some(q) = rest.first() {
        let block = Bits::flood(Bits::single(q), attacker);
        rest &= !block;
        if n == counts.len() {
            return false;
        }
        counts[n] = (block.spread() & links).count();
        n += 1;
    }
    let counts = &mut counts[..n];
    counts.sort_unstable();
    let first = if attacker_first { 1 } else { 2 };
    counts.iter().zip(first..).all(|(&c, least)| c >= least)
}

/// At most two points, adjacent when two.
#[inline]
fn two_or_fewer_together<const W: usize>(points: Bits<W>) -> bool {
    match points.count() {
        0 | 1 => true,
        2 => {
            let first = points.first().expect("two points");
            !(Bits::<W>::single(first).spread() & points & !Bits::single(first)).is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::infer_region;

    /// `no_room` for the white block at `target` of a board whose black
    /// wall is made safe by the empty rows below it, White to move.
    fn holds(rows: &str, target: (usize, usize)) -> bool {
        holds_without(rows, target, None)
    }

    /// As `holds`, with the point `outside` taken out of the region.
    fn holds_without(rows: &str, target: (usize, usize), outside: Option<Point>) -> bool {
        let b = Board::from_ascii(rows);
        let block = b.block(Point::new(target.0, target.1));
        let region = infer_region(&b, block, Color::White).expect("enclosed");
        let mut within = region.area;
        if let Some(p) = outside {
            within.clear(p.index());
        }
        no_room(
            &b,
            block,
            Color::White,
            Color::White,
            region.safe_wall,
            within,
        )
    }

    #[test]
    fn outside_liberties_and_a_two_point_eye_are_dead() {
        // Liberties: a1 and b1 (the eye), e1 and e2 next to the wall.
        let rows = "
            ..OO.X...
            OOOO.X...
            XXXXXX...
            .........";
        assert!(holds(rows, (2, 0)));
    }

    #[test]
    fn a_liberty_outside_the_region_can_never_be_filled() {
        let rows = "
            ..OO.X...
            OOOO.X...
            XXXXXX...
            .........";
        assert!(!holds_without(rows, (2, 0), Some(Point::new(4, 0))));
    }

    #[test]
    fn two_separate_eyes_or_a_three_point_eye_are_not() {
        let two_eyes = "
            .O.O.X...
            OOOOOX...
            XXXXXX...
            .........";
        assert!(!holds(two_eyes, (1, 0)));
        let three = "
            ...OOX...
            OOOOOX...
            XXXXXX...
            .........";
        assert!(!holds(three, (3, 0)));
    }

    #[test]
    fn a_liberty_that_leads_on_or_a_capturable_stone_spoils_it() {
        // e1's neighbour f1 is empty and no liberty: White can extend.
        let extends = "
            ..OO..X..
            OOOOXXX..
            XXXXX....
            .........";
        assert!(!holds(extends, (2, 0)));
        // White can capture the black stone at b1 (its one liberty is
        // a1, also White's) and gain its point.
        let capturable = "
            .XOO.X...
            OOOO.X...
            XXXXXX...
            .........";
        assert!(!holds(capturable, (2, 0)));
    }

    #[test]
    fn a_second_block_sharing_the_room_counts_with_the_target() {
        // The f1-f2 block shares e1 with the target; e1 touches the
        // safe stone e2, so only a1 and b1 could become eyes.
        let shared = "
            ..OO.OX..
            OOOOXOX..
            XXXXXXX..
            .........";
        assert!(holds(shared, (2, 0)));
        // Without e2, e1 touches no safe stone: a third eye point.
        let three = "
            ..OO.OX..
            OOOO.OX..
            XXXXXXX..
            .........";
        assert!(!holds(three, (2, 0)));
    }

    #[test]
    fn a_loose_stone_with_two_links_is_joined_in_time() {
        // The black stone e1 is not connected to the wall, but both its
        // liberties, f1 and e2, touch safe stones.
        let loose = "
            ..OOX.X..
            OOOO.XX..
            XXXXXXX..
            .........";
        assert!(holds(loose, (2, 0)));
    }
}
