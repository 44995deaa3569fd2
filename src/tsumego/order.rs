//! Move ordering: the order children are tried in when their numbers tie.
//!
//! Liberties of the target come first for both sides (the attacker
//! fills them, the defender extends or makes eyes there), then points
//! next to the target's neighbours, then the rest.

use crate::board::{Bits, Move};
use crate::dfpn::Child;

/// Sorts `children` of a position whose target blocks (those still on the
/// board) are `target`.
pub fn sort(children: &mut [Child<Move>], target: Bits) {
    let libs = target.spread();
    let near = libs.spread();
    children.sort_by_key(|c| {
        let win = c.terminal == Some(true);
        let p = match c.mv {
            Move::Play(p) => p.index(),
            Move::Pass => return (2u8, 3u8),
        };
        let rank = if libs.get(p) {
            0
        } else if near.get(p) {
            1
        } else {
            2
        };
        (if win { 0 } else { 1 }, rank)
    });
}
