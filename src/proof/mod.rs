//! Solution trees and their independent checker.

pub mod check;
pub mod end;
pub mod sgf;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::board::Move;
pub use check::{Checked, check, check_from};
pub use end::GameEnd;

/// A move of a solution and the answers to it: every legal reply at the
/// opponent's turn, exactly one move at the prover's turn. Transposed
/// answers are shared (`Arc`), so a solution is a DAG: walk it with
/// memos keyed by [`Line::id`], never naively. It is the solver's own
/// solution, taken as it is extracted.
pub type Line = crate::dfpn::ProofNode<Move>;

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
