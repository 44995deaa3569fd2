//! Solution trees and their independent checker.

pub mod check;
pub mod sgf;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::board::Move;
pub use check::{Checked, check, check_from};

/// A move of a solution and the answers to it: every legal reply at the
/// opponent's turn, exactly one move at the prover's turn. Transposed
/// answers are shared (`Arc`), so a solution is a DAG: walk it with
/// memos keyed by [`Line::id`], never naively.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub mv: Move,
    pub replies: Arc<[Line]>,
}

impl Line {
    /// A move with its replies.
    pub fn new(mv: Move, replies: Vec<Line>) -> Line {
        Line {
            mv,
            replies: Arc::from(replies),
        }
    }

    /// A move that ends the game.
    pub fn leaf(mv: Move) -> Line {
        Line::new(mv, Vec::new())
    }

    /// Identifies a shared list of replies (for memos over the DAG).
    pub fn id(replies: &Arc<[Line]>) -> usize {
        Arc::as_ptr(replies) as *const Line as usize
    }
}

/// Distinct positions in a solution: what it takes to check or store it.
pub fn distinct_size(lines: &[Line]) -> usize {
    fn walk(lines: &[Line], seen: &mut HashSet<usize>) -> usize {
        let mut n = 0;
        for l in lines {
            n += 1;
            if !l.replies.is_empty() && seen.insert(Line::id(&l.replies)) {
                n += walk(&l.replies, seen);
            }
        }
        n
    }
    walk(lines, &mut HashSet::default())
}

/// Moves in the solution written out as a tree (saturating): what an SGF
/// of it holds.
pub fn tree_size(lines: &[Line]) -> u64 {
    fn walk(lines: &Arc<[Line]>, memo: &mut HashMap<usize, u64>) -> u64 {
        if let Some(&n) = memo.get(&Line::id(lines)) {
            return n;
        }
        let n = lines.iter().fold(0u64, |acc, l| {
            acc.saturating_add(1).saturating_add(walk(&l.replies, memo))
        });
        memo.insert(Line::id(lines), n);
        n
    }
    let mut memo = HashMap::default();
    lines.iter().fold(0u64, |acc, l| {
        acc.saturating_add(1)
            .saturating_add(walk(&l.replies, &mut memo))
    })
}

/// Converts the solver's solution, keeping its sharing.
pub fn from_search(nodes: Vec<crate::dfpn::ProofNode<Move>>) -> Vec<Line> {
    type Node = crate::dfpn::ProofNode<Move>;
    fn convert(nodes: &Arc<[Node]>, memo: &mut HashMap<usize, Arc<[Line]>>) -> Arc<[Line]> {
        let id = Arc::as_ptr(nodes) as *const Node as usize;
        if let Some(l) = memo.get(&id) {
            return l.clone();
        }
        let lines: Arc<[Line]> = nodes
            .iter()
            .map(|n| Line {
                mv: n.mv,
                replies: convert(&n.children, memo),
            })
            .collect();
        memo.insert(id, lines.clone());
        lines
    }
    let mut memo = HashMap::default();
    nodes
        .iter()
        .map(|n| Line {
            mv: n.mv,
            replies: convert(&n.children, &mut memo),
        })
        .collect()
}
