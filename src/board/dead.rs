//! A block with no room to live: a sound static test that the attacker
//! captures it, whoever moves and under any ko rule.
//!
//! Let B be the block and L its liberties, all of them inside the region
//! where moves are played. The test holds when
//! 1. every empty point next to a point of L is itself in L (B can never
//!    reach a new liberty by extending),
//! 2. no other stone of B's colour touches L (a stone played on L joins B
//!    and connects to nothing else),
//! 3. every attacker stone next to B or L can never be captured: it is
//!    connected to `safe`, stones whose liberties lie where nobody plays,
//! 4. the points of L that touch no such safe stone (the only points that
//!    could become eyes) are at most two, and adjacent when two.
//!
//! Then the attacker wins by this strategy: with B in atari, capture;
//! else fill a point of L next to a safe stone (legal, and the stone is
//! safe at once); with none left, L is the one- or two-point eye I, and
//! the attacker plays into it; if B captures that stone, B is left with
//! one liberty again. No defender move can gain B a liberty (1, 2), take
//! one back by capturing (3: only the stone played into I, which leaves B
//! in atari), or make a second eye (4). Every attacker move adds a stone
//! that stays, or plays into I where the only capture gives B a stone
//! that stays, so no position ever repeats: ko bans, threats and cycles
//! never apply, and the attacker never passes.

use super::{Bits, Board, Color, Point};

/// `no_room` for the target stones still on the board (`left`), when they
/// all lie in one block; false when none is left or they are apart.
pub fn targets_no_room<const W: usize>(
    board: &Board<W>,
    mut left: impl Iterator<Item = Point>,
    defender: Color,
    safe: Bits<W>,
    within: Bits<W>,
) -> bool {
    let Some(first) = left.next() else {
        return false;
    };
    let block = board.block(first);
    left.all(|t| block.get(t.index())) && no_room(board, block, defender, safe, within)
}

/// Whether `block` (stones of `defender`) has no room to live, with
/// `safe` attacker stones that can never be captured (the safe wall) and
/// moves played only `within` the region: a liberty outside it is one the
/// attacker can never fill.
pub fn no_room<const W: usize>(
    board: &Board<W>,
    block: Bits<W>,
    defender: Color,
    safe: Bits<W>,
    within: Bits<W>,
) -> bool {
    let empty = board.empty();
    let libs = block.spread() & empty;
    if !(libs & !within).is_empty() {
        return false;
    }
    let near = libs.spread();
    if !(near & empty & !libs).is_empty() {
        return false;
    }
    if !(near & board.stones(defender) & !block).is_empty() {
        return false;
    }
    let attacker = board.stones(defender.opp());
    let touching = (near | block.spread()) & attacker;
    if touching.is_empty() {
        return two_or_fewer_together(libs);
    }
    let safe_now = Bits::flood(safe & attacker, attacker);
    if !(touching & !safe_now).is_empty() {
        return false;
    }
    two_or_fewer_together(libs & !safe_now.spread())
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
    /// wall is made safe by the empty rows below it.
    fn holds(rows: &str, target: (usize, usize)) -> bool {
        let b = Board::from_ascii(rows);
        let block = b.block(Point::new(target.0, target.1));
        let region = infer_region(&b, block, Color::White).expect("enclosed");
        no_room(&b, block, Color::White, region.safe_wall, region.area)
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
        let b = Board::from_ascii(
            "
            ..OO.X...
            OOOO.X...
            XXXXXX...
            .........",
        );
        let block = b.block(Point::new(2, 0));
        let region = infer_region(&b, block, Color::White).expect("enclosed");
        let mut within = region.area;
        within.clear(Point::new(4, 0).index());
        assert!(!no_room(&b, block, Color::White, region.safe_wall, within));
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
    fn another_white_block_next_to_a_liberty_spoils_it() {
        let joined = "
            ..OO.OX..
            OOOO.OX..
            XXXXXXX..
            .........";
        assert!(!holds(joined, (2, 0)));
    }
}
