//! Move ordering: the order children are tried in when their numbers tie.
//!
//! Liberties of the target come first for both sides (the attacker
//! fills them, the defender extends or makes eyes there), then points
//! next to the target's neighbours, then the rest.

use crate::board::{Bits, Move};
use crate::dfpn::Child;
use smallvec::SmallVec;

/// Sorts `children` of a position whose target blocks (those still on the
/// board) are `target`: stably, by a key worked out once per child (the
/// library sort worked it out at every comparison).
pub fn sort<const W: usize>(children: &mut [Child<Move>], target: Bits<W>) {
    let libs = target.spread();
    let near = libs.spread();
    let key = |c: &Child<Move>| {
        let win = c.terminal == Some(true);
        let p = match c.mv {
            Move::Play(p) => p.index(),
            // After every move, won or not.
            Move::Pass => return u8::MAX,
        };
        let rank = if libs.get(p) {
            0
        } else if near.get(p) {
            1
        } else {
            2
        };
        if win { rank } else { 3 + rank }
    };
    let mut keys: SmallVec<[u8; 64]> = children.iter().map(key).collect();
    for i in 1..children.len() {
        let k = keys[i];
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            j -= 1;
        }
        if j < i {
            children[j..=i].rotate_right(1);
            keys[j..=i].rotate_right(1);
        }
    }
}
