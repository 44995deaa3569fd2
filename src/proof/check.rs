//! The independent proof checker.
//!
//! It replays a solution tree from the problem's position with the full
//! rules and the whole history, comparing positions stone by stone (not
//! by hash), with no transposition table. It imports the board and the
//! problem only, never the solver or the tsumego game, so a bug there
//! cannot hide itself here.

use super::Line;
use crate::board::{Board, Color, Move, Point, benson};
use crate::problem::{Ko, Problem};

/// What a checked proof covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub nodes: usize,
    pub leaves: usize,
    pub depth: usize,
}

#[derive(Clone)]
struct State {
    board: Board,
    to_move: Color,
    passed: bool,
    /// Index in `history` of the first position since the last pass.
    seg_start: usize,
    /// Bit i: target i has been captured (a mask, so states copy cheaply).
    captured: u64,
    /// External ko threats still held, `[black, white]`.
    threats: [u8; 2],
    /// The move that led here spent a threat.
    spent: bool,
}

struct Checker<'a> {
    problem: &'a Problem,
    prover: Color,
    ko: Ko,
    /// Every position on the path: stones, side to move, threats held.
    history: Vec<(Board, Color, [u8; 2])>,
    stats: Checked,
    moves: Vec<Move>,
}

enum After {
    Illegal(&'static str),
    /// The game ended: did the attacker win?
    Over(bool),
    Goes(State),
}

/// Checks that `proof` (the moves from the root) wins for `prover` with
/// `to_move` to play first under the given ko master (or threats).
pub fn check(
    problem: &Problem,
    to_move: Color,
    prover: Color,
    ko: impl Into<Ko>,
    proof: &[Line],
) -> Result<Checked, String> {
    check_from(problem, to_move, prover, ko, &[], proof)
}

/// Like `check`, for a tree that starts after `moves` have been played
/// from the root (each must be legal).
pub fn check_from(
    problem: &Problem,
    to_move: Color,
    prover: Color,
    ko: impl Into<Ko>,
    moves: &[Move],
    proof: &[Line],
) -> Result<Checked, String> {
    let ko = ko.into();
    let root = State {
        board: problem.board,
        to_move,
        passed: false,
        seg_start: 0,
        captured: 0,
        threats: ko.threats,
        spent: false,
    };
    let mut c = Checker {
        problem,
        prover,
        ko,
        history: vec![(problem.board, to_move, ko.threats)],
        stats: Checked::default(),
        moves: Vec::new(),
    };
    let mut state = root;
    for &m in moves {
        c.moves.push(m);
        match c.apply(&state, m) {
            After::Illegal(why) => return Err(format!("{}: illegal move ({why})", c.here())),
            After::Over(attacker_wins) => {
                c.leaf(attacker_wins, proof)?;
                return Ok(c.stats);
            }
            After::Goes(next) => {
                c.enter(&state, &next);
                state = next;
            }
        }
    }
    c.node(&state, proof)?;
    Ok(c.stats)
}

impl Checker<'_> {
    fn here(&self) -> String {
        if self.moves.is_empty() {
            return "at the root".to_string();
        }
        let h = self.problem.board.height();
        let line: Vec<String> = self.moves.iter().map(|m| m.human(h)).collect();
        format!("after {}", line.join(" "))
    }

    fn attacker(&self) -> Color {
        self.problem.defender.opp()
    }

    /// Records `next`, reached from `s`, in the history. After a spent
    /// threat the history starts again from `s` as it stands after the
    /// threat and its answer (same stones, fewer threats): an immediate
    /// retake would repeat that.
    fn enter(&mut self, s: &State, next: &State) {
        if next.spent {
            self.history.push((s.board, s.to_move, next.threats));
        }
        self.history.push((next.board, next.to_move, next.threats));
    }

    fn apply(&self, s: &State, m: Move) -> After {
        let c = s.to_move;
        let mut next = s.clone();
        next.to_move = c.opp();
        next.spent = false;
        match m {
            Move::Pass => {
                if s.passed {
                    return After::Over(false);
                }
                if self
                    .history
                    .iter()
                    .any(|(b, t, k)| *t == c.opp() && *k == s.threats && same_stones(b, &s.board))
                {
                    return After::Over(false);
                }
                next.passed = true;
                next.seg_start = self.history.len();
                After::Goes(next)
            }
            Move::Play(p) => {
                if !self.problem.region.area.get(p.index()) {
                    return After::Illegal("outside the region");
                }
                let played = match next.board.play_ignoring_ko(c, p) {
                    Ok(x) => x,
                    Err(_) => return After::Illegal("occupied or suicide"),
                };
                if c == self.attacker() {
                    for (i, t) in self.problem.targets.iter().enumerate() {
                        if played.captured.get(t.index()) {
                            next.captured |= 1 << i;
                        }
                    }
                    if next.captured.count_ones() as usize == self.problem.targets.len() {
                        return After::Over(true);
                    }
                }
                next.passed = false;
                let repeat = self.history.iter().rposition(|(b, t, k)| {
                    *t == c.opp() && *k == s.threats && same_stones(b, &next.board)
                });
                if let Some(j) = repeat {
                    if j < s.seg_start {
                        return After::Over(false);
                    }
                    if self.ko.master != Some(c) {
                        if s.threats[c.index()] == 0 {
                            return After::Illegal("repeats a position since the last pass");
                        }
                        // A threat elsewhere and its answer come first: the
                        // board is new, so the history starts again.
                        next.threats[c.index()] -= 1;
                        next.seg_start = self.history.len();
                        next.spent = true;
                    }
                }
                After::Goes(next)
            }
        }
    }

    fn alive(&self, s: &State) -> bool {
        let alive = benson::alive(&s.board, self.problem.defender, self.problem.region.area);
        self.problem
            .targets
            .iter()
            .enumerate()
            .any(|(i, t)| s.captured >> i & 1 == 0 && alive.get(t.index()))
    }

    fn node(&mut self, s: &State, tree: &[Line]) -> Result<(), String> {
        self.stats.nodes += 1;
        self.stats.depth = self.stats.depth.max(self.moves.len());
        if self.alive(s) {
            return self.leaf(false, tree);
        }
        if tree.is_empty() {
            return Err(format!(
                "{}: the proof stops before the game is decided",
                self.here()
            ));
        }
        if s.to_move == self.prover {
            let [line] = tree else {
                return Err(format!(
                    "{}: the prover ({}) must have exactly one move, the proof gives {}",
                    self.here(),
                    self.prover.name(),
                    tree.len()
                ));
            };
            self.follow(s, line)
        } else {
            let legal = self.legal_moves(s);
            for m in &legal {
                if !tree.iter().any(|l| l.mv == *m) {
                    return Err(format!(
                        "{}: the reply {} is not answered",
                        self.here(),
                        m.human(self.problem.board.height())
                    ));
                }
            }
            if tree.len() != legal.len() {
                return Err(format!(
                    "{}: the proof plays an illegal or repeated reply",
                    self.here()
                ));
            }
            for line in tree {
                self.follow(s, line)?;
            }
            Ok(())
        }
    }

    fn leaf(&mut self, attacker_wins: bool, tree: &[Line]) -> Result<(), String> {
        self.stats.leaves += 1;
        if !tree.is_empty() {
            return Err(format!(
                "{}: the game is over but the proof goes on",
                self.here()
            ));
        }
        if attacker_wins == (self.prover == self.attacker()) {
            Ok(())
        } else {
            Err(format!(
                "{}: the game ends in a loss for the prover ({})",
                self.here(),
                self.prover.name()
            ))
        }
    }

    fn follow(&mut self, s: &State, line: &Line) -> Result<(), String> {
        self.moves.push(line.mv);
        let r = match self.apply(s, line.mv) {
            After::Illegal(why) => Err(format!("{}: illegal move ({why})", self.here())),
            After::Over(attacker_wins) => self.leaf(attacker_wins, &line.replies),
            After::Goes(next) => {
                let len = self.history.len();
                self.enter(s, &next);
                let r = self.node(&next, &line.replies);
                self.history.truncate(len);
                r
            }
        };
        self.moves.pop();
        r
    }

    fn legal_moves(&self, s: &State) -> Vec<Move> {
        let mut out = Vec::new();
        let area = self.problem.region.area & s.board.empty();
        for i in area.iter() {
            let m = Move::Play(Point(i as u16));
            if !matches!(self.apply(s, m), After::Illegal(_)) {
                out.push(m);
            }
        }
        out.push(Move::Pass);
        out
    }
}

fn same_stones(a: &Board, b: &Board) -> bool {
    a.stones(Color::Black) == b.stones(Color::Black)
        && a.stones(Color::White) == b.stones(Color::White)
}
