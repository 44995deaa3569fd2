//! The proof of a problem as an SGF file (FF[4]): the problem's setup,
//! the status in the root comment, and the winner's solution tree as
//! variations (one move at the winner's turn, every reply at the
//! loser's), each line ending with a comment saying who won and why.
//!
//! The library has no SGF writer yet; this one needs only the problem,
//! the analysis and the tsumego game (to say why each line ends).

use std::fmt::Write;

use shikatsu::analysis::Analysis;
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Expansion, Game};
use shikatsu::problem::Problem;
use shikatsu::proof::Line;
use shikatsu::tsumego::Tsumego;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

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
    let mut s = format!(
        "{} to {}: {}",
        side.name(),
        problem.goal(side),
        a.status.as_str()
    );
    if let Some(m) = a.ko_master {
        let _ = write!(s, " (proof with {} as ko master)", m.name());
    } else {
        let _ = write!(s, " (proof with no ko master)");
    }
    if !a.first_moves.is_empty() {
        let moves: Vec<String> = a.first_moves.iter().map(|m| m.human(h)).collect();
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

/// The whole SGF text.
pub fn proof_sgf(problem: &Problem, a: &Analysis) -> String {
    let b = &problem.board;
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    let _ = write!(out, "AP[shikatsu:{}]", env!("CARGO_PKG_VERSION"));
    if b.width() == b.height() {
        let _ = write!(out, "SZ[{}]", b.width());
    } else {
        let _ = write!(out, "SZ[{}:{}]", b.width(), b.height());
    }
    if let Some(name) = &problem.name {
        let _ = write!(out, "GN[{}]", escape(name));
    }
    let _ = write!(out, "PL[{}]", a.side.letter());
    for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<usize> = b.stones(color).iter().collect();
        if !stones.is_empty() {
            out.push_str(prop);
            for i in stones {
                let _ = write!(out, "[{}]", shikatsu::board::Point(i as u16).sgf());
            }
        }
    }
    out.push_str("MA");
    for t in &problem.targets {
        let _ = write!(out, "[{}]", t.sgf());
    }
    let _ = write!(out, "C[{}]", escape(&summary(problem, a)));
    out.push('\n');
    if let Some(lines) = &a.proof {
        let mut game = Tsumego::new(problem, a.side, a.side, a.ko_master);
        write_lines(&mut out, &mut game, problem, lines);
    }
    out.push_str(")\n");
    out
}

fn write_lines(out: &mut String, game: &mut Tsumego, problem: &Problem, lines: &[Line]) {
    let branch = lines.len() > 1;
    for l in lines {
        if branch {
            out.push('(');
        }
        let color = game.to_move();
        let _ = write!(out, ";{}[{}]", color.letter(), l.mv.sgf());
        game.play(l.mv);
        if l.replies.is_empty() {
            let _ = write!(out, "C[{}]", end_comment(game, problem));
        } else {
            write_lines(out, game, problem, &l.replies);
        }
        game.undo();
        if branch {
            out.push_str(")\n");
        }
    }
}

/// Why the line ends here.
fn end_comment(game: &mut Tsumego, problem: &Problem) -> String {
    let mut children = Vec::new();
    let prover = game.prover();
    let winner = match game.expand(&mut children) {
        Expansion::Terminal { prover_wins, .. } => {
            if prover_wins {
                prover
            } else {
                prover.opp()
            }
        }
        Expansion::Moves { .. } => return "the line continues beyond the proof".to_string(),
    };
    let board = game.board();
    let captured = problem
        .targets
        .iter()
        .all(|&t| board.color_at(t) != Some(problem.defender));
    let last_pass = game.moves().last() == Some(&Move::Pass);
    let why = if captured {
        "the target is captured"
    } else if last_pass {
        "the target lives"
    } else {
        "the target lives (it cannot be captured)"
    };
    format!("{} wins: {why}", winner.name())
}
