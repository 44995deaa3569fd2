//! Move ordering: the order children are tried in when their numbers tie.
//!
//! Liberties of the target come first for both sides (the attacker
//! fills them, the defender extends or makes eyes there), then points
//! next to the target's neighbours, then the rest; a move that wins the
//! game for the player who is not to move comes before all of them.

use crate::board::{Bits, Move};
use crate::dfpn::Child;

/// The candidate points in the order they are tried, as three sets taken
/// one after the other (each in the order of its points), for a position
/// whose target blocks (those still on the board) are `target`. Making
/// the children in this order saves sorting them.
#[inline]
pub fn ranked<const W: usize>(candidates: Bits<W>, target: Bits<W>) -> [Bits<W>; 3] {
    let libs = target.spread();
    let near = libs.spread();
    [
        candidates & libs,
        candidates & near & !libs,
        candidates & !(libs | near),
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

    /// Every candidate is made exactly once: the three sets split the
    /// candidates, whatever the target (a point of the target's halo that
    /// touches no other halo point is a liberty, not a "rest" point).
    #[test]
    fn the_ranks_split_the_candidates() {
        let mut next = crate::board::test_random(0x0DDE_5EED);
        for _ in 0..500 {
            let mut target = Bits::<3>::EMPTY;
            let mut candidates = Bits::<3>::EMPTY;
            for y in 0..9 {
                for x in 0..9 {
                    let i = Point::new(x, y).index();
                    match next() % 4 {
                        0 => target |= Bits::single(i),
                        1 | 2 => candidates |= Bits::single(i),
                        _ => {}
                    }
                }
            }
            let [a, b, c] = ranked(candidates, target);
            assert_eq!(a | b | c, candidates);
            assert_eq!(a.count() + b.count() + c.count(), candidates.count());
            assert!((a & target.spread()) == a);
        }
    }
}
