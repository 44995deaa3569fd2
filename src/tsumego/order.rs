//! Move ordering: the order children are tried in when their numbers tie.
//!
//! Liberties of the target come first for both sides (the attacker
//! fills them, the defender extends or makes eyes there), then points
//! next to the target's neighbours, then the rest; a move that wins the
//! game for the player who is not to move comes before all of them.
//! Within each rank the points of a `front` set come first.

use crate::board::{Bits, Move};
use crate::dfpn::Child;

/// The candidate points in the order they are tried, as six sets taken
/// one after the other (each in the order of its points), for a position
/// whose target blocks (those still on the board) are `target`: the
/// three ranks, each split into its points in `front` and the others.
/// Making the children in this order saves sorting them.
#[inline]
pub fn ranked<const W: usize>(
    candidates: Bits<W>,
    target: Bits<W>,
    front: Bits<W>,
) -> [Bits<W>; 6] {
    let libs = target.spread();
    let near = libs.spread();
    let [r0, r1, r2] = [
        candidates & libs,
        candidates & near & !libs,
        candidates & !(libs | near),
    ];
    [
        r0 & front,
        r0 & !front,
        r1 & front,
        r1 & !front,
        r2 & front,
        r2 & !front,
    ]
}

/// Puts the children that win for the prover first, keeping the order of
/// the rest (rare: made only where the opponent moves into a loss).
pub fn wins_first(children: &mut [Child<Move>]) {
    children.sort_by_key(|c| c.terminal != Some(true));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    /// Every candidate is made exactly once: the six sets split the
    /// candidates, whatever the target and the front (a point of the
    /// target's halo that touches no other halo point is a liberty, not a
    /// "rest" point).
    #[test]
    fn the_ranks_split_the_candidates() {
        let mut next = crate::board::test_random(0x0DDE_5EED);
        for _ in 0..500 {
            let mut target = Bits::<3>::EMPTY;
            let mut candidates = Bits::<3>::EMPTY;
            let mut front = Bits::<3>::EMPTY;
            for y in 0..9 {
                for x in 0..9 {
                    let i = Point::new(x, y).index();
                    match next() % 4 {
                        0 => target |= Bits::single(i),
                        1 | 2 => candidates |= Bits::single(i),
                        _ => {}
                    }
                    if next().is_multiple_of(2) {
                        front |= Bits::single(i);
                    }
                }
            }
            let sets = ranked(candidates, target, front);
            let all = sets.iter().fold(Bits::EMPTY, |acc, &s| acc | s);
            assert_eq!(all, candidates);
            let counts: u32 = sets.iter().map(|s| s.count()).sum();
            assert_eq!(counts, candidates.count());
            assert!(((sets[0] | sets[1]) & target.spread()) == sets[0] | sets[1]);
            for s in sets.iter().step_by(2) {
                assert_eq!(*s & front, *s, "a rank's first half is its front");
            }
        }
    }
}
