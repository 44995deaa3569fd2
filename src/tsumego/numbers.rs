//! The df-pn+ initial numbers of a position's children: how close the
//! attacker is to capturing the target (its liberties) and the defender
//! to living (its separate eye spaces), from what the parent computes
//! once per expansion.

use super::Tsumego;
use crate::board::{Bits, Board, Color};

/// The most liberties the first numbers tell apart (`initial_numbers`).
const LIBERTY_CAP: u32 = 4;

/// What the initial numbers of a position's children are computed from,
/// once per expansion rather than once per child.
#[derive(Clone, Copy)]
pub(super) struct Parent<const W: usize> {
    /// The block of the first target.
    pub(super) target: Bits<W>,
    /// The points next to it.
    pub(super) target_halo: Bits<W>,
    /// The points next to attacker stones.
    pub(super) attacker_halo: Bits<W>,
}

impl<const W: usize> Parent<W> {
    pub(super) fn empty() -> Parent<W> {
        Parent {
            target: Bits::EMPTY,
            target_halo: Bits::EMPTY,
            attacker_halo: Bits::EMPTY,
        }
    }
}

impl<const W: usize> Tsumego<W> {
    /// The fewest liberties of a target block still on the board after a
    /// move by `mover` at `placed` (u32::MAX when none is left).
    // Inlined into the expansion, as every child calls it (not inlined,
    // the call cost 1.6% of the search's instructions).
    #[inline(always)]
    pub(super) fn target_liberties(
        &self,
        board: &Board<W>,
        captured: u8,
        parent: &Parent<W>,
        placed: usize,
        mover: Color,
    ) -> u32 {
        if self.targets.len() == 1 {
            return (self.target_halo(board, parent, placed, mover) & board.empty()).count();
        }
        let mut libs = u32::MAX;
        for (i, t) in self.targets.iter().enumerate() {
            if captured >> i & 1 == 0 {
                let block = board.block(*t);
                libs = libs.min((block.spread() & board.empty()).count());
            }
        }
        libs
    }

    /// After the defender's move at `placed` left its lone target with one
    /// liberty: whether the attacker may play there. A liberty outside the
    /// region (a point of the attacker's own wall area, where neither side
    /// plays) keeps the target on the board.
    pub(super) fn last_liberty_playable(
        &self,
        board: &Board<W>,
        parent: &Parent<W>,
        placed: usize,
    ) -> bool {
        let halo = self.target_halo(board, parent, placed, self.attacker.opp());
        !(halo & board.empty() & self.region).is_empty()
    }

    /// The points next to the lone target after `mover` played at
    /// `placed`. The target only grows, by a defender stone next to it
    /// (were it captured, the game would be over): only then fill.
    #[inline]
    fn target_halo(
        &self,
        board: &Board<W>,
        parent: &Parent<W>,
        placed: usize,
        mover: Color,
    ) -> Bits<W> {
        if mover == self.attacker || !parent.target_halo.get(placed) {
            parent.target_halo
        } else {
            Bits::flood(parent.target | Bits::single(placed), board.stones(mover)).spread()
        }
    }

    /// df-pn+ initial numbers for a new position whose target has `libs`
    /// liberties (`target_liberties`): the fewer, the closer the attacker
    /// is to capturing it. `2L - 1`
    /// measured best of L, 2L-1, 3L-2, 4L-3, L² and (L+1)/2 on 40 suite
    /// problems: 14.2M positions against 21.5M with plain 1/1. At proof
    /// searches (attacker proves) the disproof side counts eye spaces (see
    /// `eye_spaces`): 13.4M on the same 40. Counting them for the
    /// defender's own proof too: 12.8M (and 26.2M against 27.4M with the
    /// prover as ko master). Liberties past four count as four: in a
    /// large region the target's liberties say little of how far a
    /// capture is, and summed over the defender's many moves they drown
    /// the eye-space counts (all 208 suite files, status only at 10 s:
    /// the sides decided either way 9% faster, positions −2.5% by the
    /// geometric mean; caps of 3 and 5 alike, 6 no better than none).
    #[inline(always)]
    pub(super) fn initial_numbers(
        &self,
        board: &Board<W>,
        libs: u32,
        parent: &Parent<W>,
        placed: usize,
        mover: Color,
        capture: bool,
    ) -> (u32, u32) {
        let effort = libs.clamp(1, LIBERTY_CAP) * 2 - 1;
        // The attacker's stones are the parent's, with the one placed or
        // less those captured: their neighbours need no new spread.
        let attacker_halo = if mover == self.attacker {
            parent.attacker_halo | Bits::around(placed)
        } else if capture {
            board.stones(self.attacker).spread()
        } else {
            parent.attacker_halo
        };
        // The defender living is close with two separate eye spaces and
        // far with none.
        let living = 3 - self.eye_spaces(board, attacker_halo);
        if self.prover == self.attacker {
            (effort, living)
        } else {
            (living, effort)
        }
    }

    /// Separate groups of the region's empty points that touch no attacker
    /// stone (the defender's potential eyes), counted up to two.
    /// `attacker_halo`: the points next to attacker stones. Counted by
    /// the set's Euler number (groups less holes) rather than a fill: a
    /// hole (a defender stone ringed by such points) can hide a second
    /// group, which the suite's searches almost never meet (8 of 398 sides
    /// searched otherwise within a million positions, none decided
    /// otherwise), and the count is a heuristic; a fill per child made
    /// cost 2.3% of the time.
    #[inline]
    fn eye_spaces(&self, board: &Board<W>, attacker_halo: Bits<W>) -> u32 {
        let spaces = self.region & board.empty() & !attacker_halo;
        if spaces.is_empty() {
            return 0;
        }
        spaces.euler().clamp(1, 2) as u32
    }
}
