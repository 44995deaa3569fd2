//! The solution tree as the person walks it: the analysis's proof, plus
//! trees decided later from positions off the proof (grafts).
//!
//! A position is named by its moves from the problem's root. The winner
//! of a position is known when some stored tree covers it: the proof
//! (from the root) or a graft (from the position it was decided at).
//! A tree has one move at its winner's turn and every legal reply at the
//! loser's, so a covered position's candidates are all known at the
//! loser's turn, and the winning move is known at the winner's.

use std::sync::Arc;

use shikatsu::analysis::{Analysis, Life, Status};
use shikatsu::board::{Board, Color, Move, Point};
use shikatsu::dfpn::{Child, Expansion, Game};
use shikatsu::problem::Problem;
use shikatsu::proof::{self, GameEnd, Line};
use shikatsu::tsumego::{KoMaster, Tsumego};

/// A tree decided from the position after `moves`.
#[derive(Clone, Debug)]
pub struct Known {
    pub moves: Vec<Move>,
    pub winner: Color,
    pub lines: Vec<Line>,
}

/// What a candidate move does for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// It wins (proven).
    Wins,
    /// At the root: it wins only at a weaker status than the proof's.
    Weaker(Status),
    /// Unknown until that position is decided.
    Unknown,
    /// It loses (the opponent's answer is proven).
    Fails,
}

impl Mark {
    fn rank(self) -> u8 {
        match self {
            Mark::Wins => 0,
            Mark::Weaker(_) => 1,
            Mark::Unknown => 2,
            Mark::Fails => 3,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    pub mark: Mark,
    /// Moves to the end of the main line after this move, when known.
    pub length: Option<usize>,
    /// Board label ("a", "b", ...).
    pub label: char,
}

/// One position of the walk, ready to draw.
#[derive(Clone, Debug)]
pub struct NodeView {
    pub board: Board,
    pub to_move: Color,
    /// The game has ended here: the winner and why.
    pub over: Option<(Color, GameEnd)>,
    /// Who wins from here, when known.
    pub winner: Option<Color>,
    pub candidates: Vec<Candidate>,
    /// The candidate the main line continues with.
    pub main: Option<usize>,
    /// Moves of the line still on the board: point, move number, colour.
    pub numbered: Vec<(Point, usize, Color)>,
    /// Some move here is barred by the ko rule (it would repeat a position).
    pub ko_barred: bool,
}

/// Labels for candidate points; no `o` or `x`, which look like stones.
const LABELS: &str = "abcdefghijklmnpqrstuvwyz";

pub struct Explorer {
    pub problem: Arc<Problem>,
    /// The side to move at the root (the one the analysis is about).
    pub side: Color,
    pub master: KoMaster,
    pub status: Status,
    pub trees: Vec<Known>,
    /// Root moves with their status, from the analysis.
    root: Vec<(Move, Status)>,
    /// The defender's success was labelled seki: the attacker is taken
    /// to steer towards it, so the main line follows him there.
    seki: bool,
}

impl Explorer {
    /// The walk of a decided analysis; `None` when it has no proof.
    pub fn new(problem: Arc<Problem>, a: &Analysis) -> Option<Explorer> {
        let lines = a.proof.clone()?;
        if a.status == Status::Unknown {
            return None;
        }
        let winner = if a.status.succeeds() {
            a.side
        } else {
            a.side.opp()
        };
        let mut root: Vec<(Move, Status)> = a.first_moves.iter().map(|&m| (m, a.status)).collect();
        root.extend(a.other_moves.iter().copied());
        Some(Explorer {
            problem,
            side: a.side,
            master: a.ko.master,
            status: a.status,
            trees: vec![Known {
                moves: Vec::new(),
                winner,
                lines,
            }],
            root,
            seki: a.life == Some(Life::Seki),
        })
    }

    /// Whether the main line's loser heads for two passes where the
    /// position's winner is `winner`: where the analysis says the defender
    /// lives in seki, the attacker does (see `proof::loser_reply`).
    fn to_passes(&self, winner: Color) -> bool {
        self.seki && winner == self.problem.defender
    }

    /// The side to move after `moves`.
    pub fn to_move(&self, moves: &[Move]) -> Color {
        if moves.len().is_multiple_of(2) {
            self.side
        } else {
            self.side.opp()
        }
    }

    /// The winner and the tree's moves at the position after `moves`.
    pub fn subtree(&self, moves: &[Move]) -> Option<(Color, &[Line])> {
        let mut best: Option<(usize, Color, &[Line])> = None;
        for k in &self.trees {
            if k.moves.len() > moves.len() || k.moves[..] != moves[..k.moves.len()] {
                continue;
            }
            if best.is_some_and(|(n, _, _)| n >= k.moves.len()) {
                continue;
            }
            let mut lines: &[Line] = &k.lines;
            let mut found = true;
            for m in &moves[k.moves.len()..] {
                match lines.iter().find(|l| l.mv == *m) {
                    Some(l) => lines = &l.replies,
                    None => {
                        found = false;
                        break;
                    }
                }
            }
            if found {
                best = Some((k.moves.len(), k.winner, lines));
            }
        }
        best.map(|(_, w, l)| (w, l))
    }

    pub fn winner(&self, moves: &[Move]) -> Option<Color> {
        self.subtree(moves).map(|(w, _)| w)
    }

    /// Adds a tree decided at the position after `moves`.
    pub fn graft(&mut self, moves: Vec<Move>, winner: Color, lines: Vec<Line>) {
        self.trees.retain(|k| k.moves != moves);
        self.trees.push(Known {
            moves,
            winner,
            lines,
        });
    }

    /// The game after `moves` (each must be a legal candidate).
    pub fn game(&self, moves: &[Move]) -> Tsumego {
        let mut g: Tsumego = Tsumego::new(&self.problem, self.side, self.side, self.master);
        for &m in moves {
            g.play(m);
        }
        g
    }

    /// The main line from the position after `moves`, as far as known.
    pub fn main_line(&self, moves: &[Move]) -> Vec<Move> {
        let Some((winner, lines)) = self.subtree(moves) else {
            return Vec::new();
        };
        let after_pass = moves.last() == Some(&Move::Pass);
        let winner_to_move = self.to_move(moves) == winner;
        proof::main_line(lines, winner_to_move, after_pass, self.to_passes(winner))
    }

    /// The position after `moves` with its candidates.
    pub fn node(&self, moves: &[Move]) -> NodeView {
        let mut game = self.game(moves);
        let to_move = game.to_move();
        let board = *game.board();
        let numbered = numbered(&board, moves, self.side);
        let mut children: Vec<Child<Move>> = Vec::new();
        let mut ko_barred = false;
        let over = match game.expand_all(&mut children) {
            Expansion::Terminal { prover_wins, .. } => {
                let winner = if prover_wins {
                    self.side
                } else {
                    self.side.opp()
                };
                let passes = moves.iter().rev().take_while(|m| **m == Move::Pass).count();
                Some((winner, GameEnd::of(&self.problem, &board, to_move, passes)))
            }
            Expansion::Moves { banned, .. } => {
                ko_barred = banned;
                None
            }
        };
        let subtree = self.subtree(moves);
        let winner = over.map(|(w, _)| w).or(subtree.map(|(w, _)| w));
        let mut candidates = Vec::new();
        if over.is_none() {
            for c in &children {
                let mut after = moves.to_vec();
                after.push(c.mv);
                let mover_wins = |w: Color| {
                    if w == to_move {
                        Mark::Wins
                    } else {
                        Mark::Fails
                    }
                };
                let mut mark = match c.terminal {
                    Some(prover_wins) => mover_wins(if prover_wins {
                        self.side
                    } else {
                        self.side.opp()
                    }),
                    None => self.winner(&after).map_or(Mark::Unknown, mover_wins),
                };
                if moves.is_empty() && mark == Mark::Unknown && self.status.succeeds() {
                    mark = match self.root.iter().find(|(m, _)| *m == c.mv) {
                        Some(&(_, st)) if st == self.status => Mark::Wins,
                        Some(&(_, st)) => Mark::Weaker(st),
                        None => Mark::Fails,
                    };
                }
                let length = subtree
                    .and_then(|(_, lines)| lines.iter().find(|l| l.mv == c.mv))
                    .map(proof::height)
                    .or_else(|| c.terminal.map(|_| 1));
                candidates.push(Candidate {
                    mv: c.mv,
                    mark,
                    length,
                    label: ' ',
                });
            }
        }
        // Winning moves first, then by how long the line resists.
        let order: Vec<Move> = children.iter().map(|c| c.mv).collect();
        let pos = |m: Move| order.iter().position(|&x| x == m).unwrap_or(usize::MAX);
        let in_tree = |m: Move| {
            subtree
                .is_some_and(|(w, lines)| w == to_move && lines.first().is_some_and(|l| l.mv == m))
        };
        candidates.sort_by_key(|c| {
            (
                !in_tree(c.mv),
                c.mark.rank(),
                std::cmp::Reverse(c.length.unwrap_or(0)),
                pos(c.mv),
            )
        });
        let mut labels = LABELS.chars();
        for c in candidates.iter_mut() {
            if let Move::Play(_) = c.mv {
                c.label = labels.next().unwrap_or(' ');
            }
        }
        let main = match subtree {
            Some((w, lines)) => {
                let next = if w == to_move {
                    lines.first()
                } else {
                    let after_pass = moves.last() == Some(&Move::Pass);
                    proof::loser_reply(lines, after_pass, self.to_passes(w))
                };
                next.and_then(|l| candidates.iter().position(|c| c.mv == l.mv))
            }
            None => None,
        };
        NodeView {
            board,
            to_move,
            over,
            winner,
            candidates,
            main,
            numbered,
            ko_barred,
        }
    }
}

/// Moves of a line whose stones are still on the board: the latest move
/// on each point, if its stone is there.
pub fn numbered(now: &Board, moves: &[Move], first: Color) -> Vec<(Point, usize, Color)> {
    let mut out: Vec<(Point, usize, Color)> = Vec::new();
    let mut c = first;
    for (i, m) in moves.iter().enumerate() {
        if let Move::Play(p) = *m {
            out.retain(|(q, _, _)| *q != p);
            out.push((p, i + 1, c));
        }
        c = c.opp();
    }
    out.retain(|&(p, _, c)| now.color_at(p) == Some(c));
    out
}
