//! Writes a solution tree as an `FF[4]` SGF file: the problem's position,
//! then the tree as variations (every reply at the loser's turn), so it
//! opens in any SGF editor (Sabaki, GoGui, ...).

use std::fmt::Write;

use super::Line;
use crate::board::{Board, Color, Move};
use crate::problem::Problem;

/// Escapes a text value: `]` and `\` are special inside SGF values.
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Most moves an SGF holds. A solution shares transposed answers; an SGF
/// cannot, so a large solution is written in part: past this many moves
/// only the first answer of each position is written.
pub const SGF_MOVE_LIMIT: u64 = 2_000_000;

/// Whose solution tree an SGF holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tree {
    /// The side that moves first wins: one move at its turn.
    FirstWins,
    /// The side that moves first loses: each of its first moves is
    /// marked a bad move (`BM`), so that a reader, shikatsu included,
    /// does not take them for the problem's answers.
    FirstLoses,
}

/// The SGF of a problem with a solution tree. `first` moves first;
/// `comment` goes on the root node (status, ko setting, pn/dn).
pub fn write(problem: &Problem, first: Color, whose: Tree, comment: &str, tree: &[Line]) -> String {
    let size = super::tree_size(tree);
    let mut comment = comment.to_string();
    if size > SGF_MOVE_LIMIT {
        comment.push_str(&format!(
            " Written as a tree the solution has {size} moves; this file holds the first {SGF_MOVE_LIMIT}, then one answer per position."
        ));
    }
    let b = &problem.board;
    let mut s = String::from("(;FF[4]GM[1]CA[UTF-8]AP[shikatsu:");
    s.push_str(env!("CARGO_PKG_VERSION"));
    s.push(']');
    if b.width() == b.height() {
        let _ = write!(s, "SZ[{}]", b.width());
    } else {
        let _ = write!(s, "SZ[{}:{}]", b.width(), b.height());
    }
    for (tag, c) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<usize> = b.stones(c).iter().collect();
        if !stones.is_empty() {
            s.push_str(tag);
            for i in stones {
                let _ = write!(s, "[{}]", crate::board::Point(i as u16).sgf());
            }
        }
    }
    s.push_str("MA");
    for t in &problem.targets {
        let _ = write!(s, "[{}]", t.sgf());
    }
    let _ = write!(s, "PL[{}]", first.letter());
    if let Some(name) = &problem.name {
        let _ = write!(s, "GN[{}]", escape(name));
    }
    let at = Replay {
        problem,
        board: problem.board,
        to_move: first,
        passes: 0,
    };
    if tree.is_empty() {
        // No variations: the root itself is a leaf of the solution.
        comment.push_str(&format!("\n\nNo move is needed: {}", at.why_over()));
    }
    let _ = write!(s, "C[{}]", escape(&comment));
    let mut budget = SGF_MOVE_LIMIT;
    write_lines(
        &mut s,
        first,
        tree,
        &mut budget,
        &at,
        whose == Tree::FirstLoses,
    );
    s.push_str(")\n");
    s
}

fn write_lines(
    s: &mut String,
    mover: Color,
    lines: &[Line],
    budget: &mut u64,
    at: &Replay,
    bad: bool,
) {
    let lines = if *budget == 0 {
        &lines[..lines.len().min(1)]
    } else {
        lines
    };
    let one = lines.len() == 1;
    for line in lines {
        *budget = budget.saturating_sub(1);
        if !one {
            s.push('(');
        }
        let m = match line.mv {
            Move::Play(p) => p.sgf(),
            Move::Pass => String::new(),
        };
        let _ = write!(s, ";{}[{}]", mover.letter(), m);
        if bad {
            s.push_str("BM[1]");
        }
        let next = at.after(mover, line.mv);
        if line.replies.is_empty() {
            let _ = write!(s, "C[{}]", escape(&next.why_over()));
        }
        write_lines(s, mover.opp(), &line.replies, budget, &next, false);
        if !one {
            s.push(')');
        }
    }
}

/// The position along a line of the solution, to say at its end why the
/// game is over there, in words a Go player reads in any SGF editor.
struct Replay<'a> {
    problem: &'a Problem,
    board: Board,
    to_move: Color,
    /// Passes in a row just before this position.
    passes: usize,
}

impl Replay<'_> {
    fn after(&self, mover: Color, m: Move) -> Replay<'_> {
        let mut board = self.board;
        if let Move::Play(p) = m {
            // The checker has accepted the line: the move is legal there
            // (a ko master's retake included).
            let _ = board.play_ignoring_ko(mover, p);
        }
        Replay {
            problem: self.problem,
            board,
            to_move: mover.opp(),
            passes: if m == Move::Pass { self.passes + 1 } else { 0 },
        }
    }

    /// Why a line of a checked solution ends here.
    fn why_over(&self) -> String {
        let end = super::GameEnd::of(self.problem, &self.board, self.to_move, self.passes);
        format!("{}.", end.describe(end.winner(self.problem)))
    }
}
