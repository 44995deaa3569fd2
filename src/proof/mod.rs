//! Solution trees and their independent checker.

pub mod check;
pub mod sgf;

use crate::board::Move;
pub use check::{Checked, check, check_from};

/// A move of a solution tree and the answers to it: every legal reply at
/// the opponent's turn, exactly one move at the prover's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub mv: Move,
    pub replies: Vec<Line>,
}

impl Line {
    /// Number of moves in the tree under and including this one.
    pub fn size(&self) -> usize {
        1 + self.replies.iter().map(Line::size).sum::<usize>()
    }
}

/// Converts the solver's tree.
pub fn from_search(nodes: Vec<crate::dfpn::ProofNode<Move>>) -> Vec<Line> {
    nodes
        .into_iter()
        .map(|n| Line {
            mv: n.mv,
            replies: from_search(n.children),
        })
        .collect()
}
