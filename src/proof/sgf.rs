//! Writes a solution tree as an FF[4] SGF file: the problem's position,
//! then the tree as variations (every reply at the loser's turn), so it
//! opens in any SGF editor (Sabaki, GoGui, ...).

use std::fmt::Write;

use super::Line;
use crate::board::{Color, Move};
use crate::problem::Problem;

/// Escapes a text value: `]` and `\` are special inside SGF values.
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The SGF of a problem with a solution tree. `first` moves first;
/// `comment` goes on the root node (status, ko setting, pn/dn).
pub fn write(problem: &Problem, first: Color, comment: &str, tree: &[Line]) -> String {
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
    let _ = write!(s, "C[{}]", escape(comment));
    write_lines(&mut s, first, tree);
    s.push_str(")\n");
    s
}

fn write_lines(s: &mut String, mover: Color, lines: &[Line]) {
    let one = lines.len() == 1;
    for line in lines {
        if !one {
            s.push('(');
        }
        let m = match line.mv {
            Move::Play(p) => p.sgf(),
            Move::Pass => String::new(),
        };
        let _ = write!(s, ";{}[{}]", mover.letter(), m);
        write_lines(s, mover.opp(), &line.replies);
        if !one {
            s.push(')');
        }
    }
}
