//! Solution trees and their independent checker.

pub mod check;
pub mod end;
pub mod sgf;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use crate::board::Move;
pub use check::{Checked, check, check_from};
pub use end::{GameEnd, lives_in_answers};

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

/// The longest line under a move, counting it.
pub fn height(line: &Line) -> usize {
    height_shared(line, &mut HashMap::default())
}

/// `height` with a memo over the shared replies (a solution is a DAG).
fn height_shared(line: &Line, memo: &mut HashMap<usize, usize>) -> usize {
    let id = Line::id(&line.replies);
    if let Some(&h) = memo.get(&id) {
        return h;
    }
    let h = 1 + line
        .replies
        .iter()
        .map(|l| height_shared(l, memo))
        .max()
        .unwrap_or(0);
    memo.insert(id, h);
    h
}

/// Whether the line of `line` (its move played after a pass when
/// `after_pass`) can end in two passes: at the winner's turn (`winner_next`
/// after this move) by the solution's one move, at the loser's by any
/// reply.
pub fn ends_in_passes(line: &Line, after_pass: bool, winner_next: bool) -> bool {
    ends_in_passes_shared(line, after_pass, winner_next, &mut HashMap::default())
}

fn ends_in_passes_shared(
    line: &Line,
    after_pass: bool,
    winner_next: bool,
    memo: &mut HashMap<(usize, bool, bool), bool>,
) -> bool {
    let pass = line.mv == Move::Pass;
    if line.replies.is_empty() {
        return pass && after_pass;
    }
    let key = (Line::id(&line.replies), pass, winner_next);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let ends = if winner_next {
        line.replies
            .first()
            .is_some_and(|l| ends_in_passes_shared(l, pass, false, memo))
    } else {
        line.replies
            .iter()
            .any(|l| ends_in_passes_shared(l, pass, true, memo))
    };
    memo.insert(key, ends);
    ends
}

/// The reply the loser resists longest with (the first on ties).
pub fn most_resistant(lines: &[Line]) -> Option<&Line> {
    longest(lines.iter())
}

/// The longest of `lines` (the first on ties), one memo for them all.
fn longest<'a>(lines: impl Iterator<Item = &'a Line>) -> Option<&'a Line> {
    let mut best: Option<(&Line, usize)> = None;
    let mut memo = HashMap::default();
    for l in lines {
        let h = height_shared(l, &mut memo);
        if best.is_none_or(|(_, b)| h > b) {
            best = Some((l, h));
        }
    }
    best.map(|(l, _)| l)
}

/// The loser's reply a main line takes among `lines` (`after_pass`: the
/// move before it was a pass): the longest resistance, but with
/// `to_passes` the longest of the replies that can end the line in two
/// passes, when one can. A defender shown to live in seki is walked so:
/// a main line where the attacker gives him two eyes would contradict
/// the label.
pub fn loser_reply(lines: &[Line], after_pass: bool, to_passes: bool) -> Option<&Line> {
    if to_passes {
        let mut ends = HashMap::default();
        let ending = lines
            .iter()
            .filter(|l| ends_in_passes_shared(l, after_pass, true, &mut ends));
        if let Some(l) = longest(ending) {
            return Some(l);
        }
    }
    most_resistant(lines)
}

/// The main line of a solution from a position whose moves in it are
/// `lines`: the solution's move at the winner's turn (`winner_to_move`
/// at the position), [`loser_reply`] at the loser's, to the line's end.
pub fn main_line(
    mut lines: &[Line],
    mut winner_to_move: bool,
    mut after_pass: bool,
    to_passes: bool,
) -> Vec<Move> {
    let mut out = Vec::new();
    loop {
        let next = if winner_to_move {
            lines.first()
        } else {
            loser_reply(lines, after_pass, to_passes)
        };
        let Some(l) = next else { break };
        after_pass = l.mv == Move::Pass;
        out.push(l.mv);
        lines = &l.replies;
        winner_to_move = !winner_to_move;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    fn play(x: usize) -> Move {
        Move::Play(Point::new(x, 0))
    }

    /// At the loser's turn: a reply answered at once (a), one that lasts
    /// three moves (b), and a pass met by a pass (the line ends in two
    /// passes, two moves long).
    fn replies() -> Vec<Line> {
        vec![
            Line::new(play(0), vec![Line::leaf(play(5))]),
            Line::new(play(1), vec![Line::new(play(6), vec![Line::leaf(play(7))])]),
            Line::new(Move::Pass, vec![Line::leaf(Move::Pass)]),
        ]
    }

    #[test]
    fn height_counts_the_longest_line_under_a_move() {
        let r = replies();
        let h: Vec<usize> = r.iter().map(height).collect();
        assert_eq!(h, [2, 3, 2]);
        assert_eq!(height(&Line::leaf(Move::Pass)), 1);
    }

    #[test]
    fn the_most_resistant_reply_is_the_longest_and_the_first_on_ties() {
        let r = replies();
        assert_eq!(most_resistant(&r).map(|l| l.mv), Some(play(1)));
        let tie = [r[0].clone(), r[2].clone()];
        assert_eq!(most_resistant(&tie).map(|l| l.mv), Some(play(0)));
        assert!(most_resistant(&[]).is_none());
    }

    #[test]
    fn a_line_ends_in_passes_only_through_two_passes_in_a_row() {
        let r = replies();
        assert!(ends_in_passes(&r[2], false, true));
        assert!(!ends_in_passes(&r[0], false, true));
        assert!(!ends_in_passes(&r[1], false, true));
        // A lone pass ends the game only after a pass.
        assert!(ends_in_passes(&Line::leaf(Move::Pass), true, false));
        assert!(!ends_in_passes(&Line::leaf(Move::Pass), false, false));
    }

    #[test]
    fn the_main_line_resists_longest_or_heads_for_two_passes() {
        let r = replies();
        let root = vec![Line::new(play(9), r)];
        // The winner moves first, then the loser's longest resistance.
        assert_eq!(
            main_line(&root, true, false, false),
            [play(9), play(1), play(6), play(7)]
        );
        // Towards two passes (a seki): the pass, answered by a pass.
        assert_eq!(
            main_line(&root, true, false, true),
            [play(9), Move::Pass, Move::Pass]
        );
        assert!(main_line(&[], true, false, false).is_empty());
    }
}
