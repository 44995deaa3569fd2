//! The proof of a problem as an SGF file (`FF[4]`), written by
//! `shikatsu::proof::sgf`: the problem's setup, the status in the root
//! comment, and the winner's solution tree as variations.

use std::fmt::Write;

use shikatsu::analysis::Analysis;
use shikatsu::board::Color;
use shikatsu::problem::Problem;

/// A file name for the proof, in the current folder:
/// `<stem>[-<index>]-<B|W>.proof.sgf`.
pub fn file_name(problem: &Problem, side: Color) -> String {
    let stem = problem
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "problem".to_string());
    let index = if problem.index > 0 {
        format!("-{}", problem.index)
    } else {
        String::new()
    };
    format!("{stem}{index}-{}.proof.sgf", side.letter())
}

/// The root comment: the side, goal and status.
pub fn summary(problem: &Problem, a: &Analysis) -> String {
    let h = problem.board.height();
    let side = a.side;
    let mut s = a.headline(problem);
    if let Some(m) = a.ko.master {
        let _ = write!(s, " (proof with {} as ko master)", m.name());
    } else {
        let _ = write!(s, " (proof with no ko master)");
    }
    if !a.first_moves.is_empty() {
        let moves: Vec<String> = a.first_moves.iter().map(|&m| a.move_label(m, h)).collect();
        let _ = write!(s, ". First moves: {}", moves.join(" "));
    }
    for (m, st) in &a.other_moves {
        let _ = write!(s, ". {} gives {}", m.human(h), st.as_str());
    }
    let winner = if a.status.succeeds() {
        side
    } else {
        side.opp()
    };
    let _ = write!(
        s,
        ".\n\nThe variations are {}'s solution tree: one move at {}'s turn, every reply at the other side's{}. Written by shikatsu {}.",
        winner.name(),
        winner.name(),
        if a.checked {
            "; the independent checker accepted it"
        } else {
            ""
        },
        env!("CARGO_PKG_VERSION")
    );
    s
}

/// The whole SGF text: the library's writer with the status as the
/// root comment.
pub fn proof_sgf(problem: &Problem, a: &Analysis) -> String {
    let tree = a.proof.as_deref().unwrap_or(&[]);
    shikatsu::proof::sgf::write(problem, a.side, &summary(problem, a), tree)
}
