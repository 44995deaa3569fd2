//! A generic depth-first proof-number search (df-pn, Nagai 2002) and a
//! plain best-first proof-number search (Allis 1994) as its reference.
//!
//! This module imports nothing else from the crate: a game plugs in
//! through the small [`Game`] trait. OR nodes are those where the prover
//! is to move; the search proves or disproves that the prover wins.
//!
//! Graph-history interaction: a game may make a result depend on the
//! path (a move banned because it repeats an earlier position, a cycle
//! scored as a loss). Such results carry the depth of the earliest
//! ancestor they refer to (`dep`). A final result whose `dep` lies above
//! the node is never stored under the position key: it is stored under a
//! key of the exact path instead, so it can only be reused on that path.

mod pns;
mod recent;
mod search;
mod tt;

pub use pns::{PnsOutcome, pns};
pub use search::{
    Invitation, Limits, Observer, PROOF_NODE_LIMIT, ProofNode, SearchView, Searcher, Step,
    Unobserved, node_numbers,
};
pub use tt::{Entry, MAX_TABLE_BYTES, Plain, Shared, Table, TableUse, Words};

/// Proof and disproof numbers. Values at or above `INF` are infinite.
pub type PnDn = u32;
pub const INF: PnDn = u32::MAX / 2;
/// The largest finite value; sums saturate here.
pub const MAX_FINITE: PnDn = INF - 1;

/// A number as a person reads it: `∞` for a decided side, since the raw
/// value is only the search's stand-in for infinity.
pub fn shown(v: PnDn) -> String {
    if v >= INF {
        "∞".to_string()
    } else {
        v.to_string()
    }
}
/// A summary of a set of positions, for proof sharing: enough to tell
/// that some position is surely not in the set.
pub trait Footprint: Copy + Default {
    /// The summary of both sets.
    fn meet(self, other: Self) -> Self;
}

impl Footprint for () {
    fn meet(self, _: ()) {}
}

/// "Depends on no ancestor".
pub const NO_DEP: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The prover is to move: one winning child suffices.
    Or,
    /// The opponent is to move: every child must be a win for the prover.
    And,
}

/// A move out of the current position, as the game describes it.
#[derive(Clone, Copy, Debug)]
pub struct Child<M> {
    pub mv: M,
    /// Transposition key of the position after the move.
    pub key: u64,
    /// The key under which the position's free results (see
    /// `Searcher::set_rank`) are shared with other rules: the same as
    /// `key` unless part of the key (say, external threats held) matters
    /// only when a rule does.
    pub free_key: u64,
    /// `Some(prover_wins)` when the move ends the game.
    pub terminal: Option<bool>,
    /// For a terminal child decided by the path (a repetition): the depth
    /// of the ancestor position it repeats. `NO_DEP` otherwise.
    pub dep: u32,
    /// Initial proof and disproof numbers for a non-terminal child.
    pub pn: PnDn,
    pub dn: PnDn,
    /// The move is legal, or ends the game as it does, only under the
    /// current rules (see `Searcher::set_rank`): a result through it says
    /// nothing about the rules of another rank.
    pub bound: bool,
}

impl<M> Child<M> {
    /// Hands the child's table keys to `early` when it is open (see
    /// `Game::expand_hinting`).
    #[inline(always)]
    pub fn hint<F: FnMut(u64)>(&self, early: &mut F) {
        if self.terminal.is_none() {
            early(self.key);
            if self.free_key != self.key {
                early(self.free_key);
            }
        }
    }
}

/// What the game says about the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expansion {
    /// The game is over here. `bound`: the result holds only under the
    /// current rules (a rule read a ban or a repetition on the way), as
    /// for `Child::bound`.
    Terminal {
        prover_wins: bool,
        dep: u32,
        bound: bool,
    },
    /// The moves were written out. `ban_dep` is the shallowest ancestor
    /// depth a move's ban depended on (`NO_DEP` when none did: no ban, or
    /// one the position's key decides). `banned`: some move was banned,
    /// which binds the position's results to the current rules.
    Moves { ban_dep: u32, banned: bool },
}

/// The game interface df-pn drives.
pub trait Game {
    type Move: Copy + Eq + std::fmt::Debug;
    /// A summary of a set of positions (`()` for games that never share).
    type Footprint: Footprint;
    fn kind(&self) -> NodeKind;
    /// Transposition key of the current position.
    fn key(&self) -> u64;
    /// The key its free results are shared under (see `Child::free_key`),
    /// given `key`, the position's `key()` (which it is usually derived
    /// from: asking for it again would hash the position twice).
    fn free_key(&self, key: u64) -> u64 {
        key
    }
    /// Number of moves from the root.
    fn depth(&self) -> u32;
    /// Writes the legal moves of the current position into `out`
    /// (cleared first), best first. Within one search, what it writes
    /// must follow from the keys of the positions on the path (the
    /// search may copy a recent expansion reached by the same path
    /// instead of asking again).
    fn expand(&mut self, out: &mut Vec<Child<Self::Move>>) -> Expansion;
    /// Like `expand`, handing `early` each open child's table keys (its
    /// `key`, and its `free_key` where that differs), so that the caller
    /// can start fetching their entries. A game that hands them over as
    /// each child is made, rather than all at the end as here, lets the
    /// fetches overlap the making of the others.
    fn expand_hinting<F: FnMut(u64)>(
        &mut self,
        out: &mut Vec<Child<Self::Move>>,
        early: &mut F,
    ) -> Expansion {
        let e = self.expand(out);
        for c in out.iter() {
            c.hint(early);
        }
        e
    }
    /// Like `expand`, for walking a finished proof: only moves, keys and
    /// terminal results matter, so a game may skip its heuristic numbers
    /// and ordering.
    fn expand_plain(&mut self, out: &mut Vec<Child<Self::Move>>) -> Expansion {
        self.expand(out)
    }
    /// Like `expand_plain`, with only the child of `m` written out (none
    /// when `m` is not legal here), for the winner's turn in a finished
    /// proof. The footprint then covers that move alone.
    fn expand_move(&mut self, m: Self::Move, out: &mut Vec<Child<Self::Move>>) -> Expansion {
        let e = self.expand_plain(out);
        out.retain(|c| c.mv == m);
        e
    }
    /// Like `expand_move`, where the table says that the search expanded
    /// this position and won it by `m`: a game may leave out the static
    /// tests that would have ended the game here, as the search ran them
    /// (a wrong entry can only give a solution the checker refuses).
    fn expand_won_move(&mut self, m: Self::Move, out: &mut Vec<Child<Self::Move>>) -> Expansion {
        self.expand_move(m, out)
    }
    /// Before a finished proof is walked, `Some(prover_wins)` names its
    /// winner; `None` after. A game may then leave out, in `expand_plain`
    /// and `expand_move`, the tests for positions its search never counts
    /// as the winner's: the table cannot lead the walk into them (where it
    /// did, the solution would fail its check, never pass a wrong one).
    fn walk_for(&mut self, prover_wins: Option<bool>) {
        let _ = prover_wins;
    }
    /// A relaxed game (`Searcher::set_relaxed`) turned out wrong at the
    /// current position: a move it leaves out wins here for the side the
    /// proof's walk wanted to lose. From now on the game makes every move
    /// here. The default game is never relaxed.
    fn unrelax_here(&mut self) {}
    /// A move as a number from 1 up, so the table can keep the move that
    /// won a position (0: this game keeps none).
    fn move_code(&self, m: Self::Move) -> u32 {
        let _ = m;
        0
    }
    /// The move of a `move_code`.
    fn code_move(&self, code: u32) -> Option<Self::Move> {
        let _ = code;
        None
    }
    /// The pass, in games that have one (for relevance zones).
    fn is_pass(&self, m: Self::Move) -> bool {
        let _ = m;
        false
    }
    /// Whether the loser's pass may cover moves here (`zone_covers`),
    /// where the loser is to move (the winner being the prover when
    /// `prover_wins`).
    fn zones_apply(&self, prover_wins: bool) -> bool {
        let _ = prover_wins;
        false
    }
    /// Relevance zones. At the loser's turn, right after an expansion
    /// into `children`: `solution` is the winner's solution below the
    /// loser's move `cover` (the replies after it; `prover_wins` says who
    /// the winner is). Sets `covered[i]` for each other child the same
    /// solution refutes, by what it reads of the position; false when it
    /// covers none. The solution of a covered child is made by replaying
    /// that one (`Searcher::extract` does, and checks each move as it
    /// goes). The default covers nothing.
    fn zone_covers(
        &mut self,
        cover: Self::Move,
        solution: &[ProofNode<Self::Move>],
        prover_wins: bool,
        children: &[Child<Self::Move>],
        covered: &mut Vec<bool>,
    ) -> bool {
        let _ = (cover, solution, prover_wins, children, covered);
        false
    }
    fn play(&mut self, m: Self::Move);
    fn undo(&mut self);
    /// Proof sharing. A game whose path-dependent rules only ever compare
    /// whole positions summarises the positions a subtree's rules looked
    /// at (see [`Footprint`]). This says whether some position before the
    /// current one on the path could be among them. When none could, no
    /// rule in the subtree looked past its root, so its proof holds on any
    /// path to the same key. The default never shares.
    fn history_reaches(&self, footprint: &Self::Footprint) -> bool {
        let _ = footprint;
        true
    }
    /// Right after `expand_plain`: the footprint of the current position
    /// and of every position its moves were compared with or lead to.
    fn expansion_footprint(&self) -> Self::Footprint {
        Self::Footprint::default()
    }
}

/// Why a search stopped before deciding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Positions,
    Time,
    Cancelled,
    /// The transposition table is too small to hold the proof.
    Memory,
}

/// The result of a search at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Proven,
    Disproven,
    Unknown(Stop),
}

/// Mixes a path key with the next position key.
#[inline]
pub fn extend_path(path: u64, key: u64) -> u64 {
    (path.rotate_left(23) ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5BD1_E995
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infinity_is_shown_as_infinity() {
        assert_eq!(shown(0), "0");
        assert_eq!(shown(MAX_FINITE), "2147483646");
        assert_eq!(shown(INF), "∞");
        assert_eq!(shown(PnDn::MAX), "∞");
    }
}
