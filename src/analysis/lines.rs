//! The file's own lines, read move by move. A file's solution is more
//! than its first move: a line that goes on with a move that throws the
//! win away teaches the wrong thing, a refutation of a wrong try that
//! lets it work after all does too, and a try the file shows as wrong
//! that works is a second answer it hides. After a first move that
//! reaches the status, each later move of the side to move is searched
//! under the ko setting the status was proven under; after one that
//! does not, each later move of the opponent, whose refutation must
//! hold where the side falls short. The loser's moves are the file's
//! questions, and every answer the file gives to them is read.

use super::{Analysis, Engine, Status};
use crate::board::{Color, Move, words_for};
use crate::dfpn::{Game, Observer, Outcome};
use crate::problem::{AnswerNode, Ko, Problem};
use crate::tsumego::Tsumego;

/// The most moves of the side to move searched along one side's lines:
/// a long study tree is read up to here (`Lines::unread` counts the rest).
pub const MOST_READ: usize = 64;

/// A move of the line's winner (the side to move, or in the refutation
/// of a first move the opponent) that throws the win away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongTurn {
    /// The line from the root, the wrong move last.
    pub line: Vec<Move>,
    /// The opponent's answer that refutes it: the first move of the
    /// checked tree that shows it.
    pub refutation: Option<Move>,
    /// What the move still reaches: `Ko` where the status is
    /// unconditional and the move wins only as ko master, else `Fails`
    /// (`Unknown` where the limits did not tell).
    pub reaches: Status,
    /// The moves that reach the status in its place (as far as the
    /// limits went).
    pub better: Vec<Move>,
}

/// What reading a side's lines found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lines {
    /// The winner's moves past the first that were searched and still
    /// win.
    pub right: u32,
    /// Those that do not, each with its refutation.
    pub wrong: Vec<WrongTurn>,
    /// Those the limits (or `MOST_READ`) left unread.
    pub unread: u32,
    /// Moves of the file's lines the rules do not allow where the line
    /// plays them (a stone there, a ko ban, one colour twice).
    pub illegal: u32,
    /// First moves the file shows as wrong tries (marked `BM`, or not
    /// marked right where other lines are) that reach the status, and
    /// the status.
    pub tries_that_work: Vec<(Move, Status)>,
}

impl Lines {
    /// Nothing in the file to read for this side.
    pub fn is_empty(&self) -> bool {
        *self == Lines::default()
    }
}

/// One move to read: the line before it, the file's node, and whose win
/// the line shows (the side's, or after a first move that falls short,
/// the opponent's refutation) under which ko setting.
type Visit<'a> = (Vec<Move>, &'a AnswerNode, Color, Ko);

/// Reads `problem`'s lines for the side of `a`, whose status and first
/// moves are known. Says whether every verdict reported was checked.
pub(super) fn read<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    problem: &Problem,
    a: &mut Analysis,
) -> bool {
    let side = a.side;
    let accepted = problem.accepted(side);
    // Wrong tries that reach the status: the list of first moves knows.
    // One that reaches only a weaker status (a ko where the answer kills
    // outright) the file is right to call wrong.
    for first in problem.lines.iter().filter(|n| n.color == side) {
        if !accepted.contains(&first.mv) && a.first_moves.contains(&first.mv) {
            a.lines.tries_that_work.push((first.mv, a.status));
        }
    }
    // The lines after a first move that reaches the status show the
    // side's win; after one that does not, the opponent's refutation,
    // which must hold where the side falls short: with the status's ko
    // setting, or for a side that fails, with the side as ko master.
    let refuted_under: Ko = match a.status {
        Status::Fails => Some(side).into(),
        _ => a.ko,
    };
    let mut open: Vec<Visit> = Vec::new();
    for first in problem.lines.iter().rev() {
        if first.color != side || a.status == Status::Unknown {
            continue;
        }
        let (prover, ko) = match a.first_moves.contains(&first.mv) {
            true => (side, a.ko),
            false => (side.opp(), refuted_under),
        };
        for next in first.children.iter().rev() {
            open.push((vec![first.mv], next, prover, ko));
        }
    }
    let (w, h) = problem.search_shape();
    crate::with_words!(words_for(w, h), W => {
        let mut read = 0;
        let mut checked = true;
        while let Some((line, node, prover, ko)) = open.pop() {
            let mut game: Tsumego<W> = Tsumego::for_search(problem, side, prover, ko);
            for &m in &line {
                game.play(m);
            }
            // A line that goes on past the end of the game (a capture,
            // life the rules see at once) has no more questions in it.
            let mut scratch = Vec::new();
            if let crate::dfpn::Expansion::Terminal { .. } = game.expand(&mut scratch) {
                continue;
            }
            // A file may play one colour twice (a move elsewhere between):
            // not a line of this game.
            let legal = game.legal_moves();
            if game.to_move() != node.color || !legal.contains(&node.mv) {
                a.lines.illegal += 1;
                continue;
            }
            let mut line = line;
            line.push(node.mv);
            if node.color != prover {
                // The loser's question: each of the file's answers.
                open.extend(node.children.iter().rev().map(|c| (line.clone(), c, prover, ko)));
                continue;
            }
            if read == MOST_READ || engine.out_of_budget() {
                a.lines.unread += 1;
                continue;
            }
            read += 1;
            engine.check_wins = true;
            engine.check_losses = true;
            let mut ask = |moves: &[Move], ko: Ko| {
                let (won, tree, ok) = decide(engine, observer, problem, side, prover, ko, moves);
                checked &= ok;
                (won, tree)
            };
            match ask(&line, ko) {
                (Status::Wins, _) => {
                    a.lines.right += 1;
                    open.extend(node.children.iter().rev().map(|c| (line.clone(), c, prover, ko)));
                }
                (Status::Fails, refutation) => {
                    // Unconditional thrown away may still be a ko.
                    let reaches = if prover == side && a.status == Status::Unconditional {
                        match ask(&line, Some(side).into()).0 {
                            Status::Wins => Status::Ko,
                            s => s,
                        }
                    } else {
                        Status::Fails
                    };
                    let mut better = Vec::new();
                    let mut there = line[..line.len() - 1].to_vec();
                    for &m in legal.iter().filter(|&&m| m != node.mv) {
                        there.push(m);
                        if ask(&there, ko).0 == Status::Wins {
                            better.push(m);
                        }
                        there.pop();
                    }
                    a.lines.wrong.push(WrongTurn {
                        line,
                        refutation,
                        reaches,
                        better,
                    });
                }
                _ => a.lines.unread += 1,
            }
        }
        checked
    })
}

/// Whether `prover` wins after `moves` under `ko`: `Wins`, `Fails` (with
/// the first move of the winner's checked tree), or `Unknown` where the
/// limits did not tell or the checker did not accept the tree; and
/// whether no tree was rejected (too large to check is a limit, a
/// rejection a bug).
fn decide<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    problem: &Problem,
    side: Color,
    prover: Color,
    ko: Ko,
    moves: &[Move],
) -> (Status, Option<Move>, bool) {
    let too_large = engine.too_large;
    let v = engine.decide(problem, side, prover, ko, moves, observer);
    let first = v.tree.as_ref().and_then(|t| t.first()).map(|l| l.mv);
    match v.outcome {
        Outcome::Unknown(_) => (Status::Unknown, None, true),
        _ if !v.checked => (Status::Unknown, None, engine.too_large > too_large),
        Outcome::Proven => (Status::Wins, first, true),
        Outcome::Disproven => (Status::Fails, first, true),
    }
}
