//! The independent proof checker.
//!
//! It replays a solution tree from the problem's position with the full
//! rules and the whole history, comparing positions stone by stone (not
//! by hash), with no transposition table. (A word per position of its
//! own stone counts, side to move and threats skips most comparisons:
//! equal positions have equal words.) It imports the board and the
//! problem only, never the solver or the tsumego game, so a bug there
//! cannot hide itself here.
//!
//! A static rule that ends the game in the prover's favour (life for the
//! defender, no room for the attacker) is tested only where the solution
//! stops: where it plays on, it must still win the game played on, and
//! the prover has won at that point either way. The other side's rules
//! are tested wherever they could end the game (see `node_unshared`).
//!
//! A solution is a DAG (transposed answers are shared). A shared subtree
//! checked once is accepted again at the same state without a replay
//! only when no position of the new path can matter to it. Repetition
//! compares whole positions. Take the fewest black and the fewest white
//! stones among the positions the first check looked at, and the stones
//! all of them have; if no earlier position on the new path (nor on the
//! first check's path) has at least that many of both and all those
//! stones, none of them can be met, and a replay would do exactly what
//! the first check did.

use rustc_hash::FxHashMap as HashMap;

use super::Line;
use crate::board::bits::WORDS;
use crate::board::{Bits, Board, Color, Move, Point, benson, dead, words_for};
use crate::problem::{Ko, Problem};

/// How many answers deep the rule that a target living in answers is
/// alive reads (at a proof's leaf, the attacker to move): the game's
/// `tsumego::life_in_answers` reads no deeper.
pub const LIFE_ANSWERS: u32 = 2;

/// What a checked proof covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    pub nodes: usize,
    pub leaves: usize,
    pub depth: usize,
}

#[derive(Clone)]
struct State<const W: usize> {
    board: Board<W>,
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

struct Checker<'a, const W: usize> {
    problem: &'a Problem,
    /// The problem's region, in this checker's bitboards.
    region: Bits<W>,
    /// The safe wall: attacker stones that can never be captured.
    safe: Bits<W>,
    /// The problem's targets, in this checker's bitboards.
    targets: Vec<Point>,
    prover: Color,
    ko: Ko,
    /// Every position on the path: stones, side to move, threats held.
    /// Its summaries are apart, so that a scan reads a word per entry.
    history: Vec<[Bits<W>; 2]>,
    /// Of each entry of `history`, `summary`.
    summaries: Vec<u64>,
    /// Subtrees checked at a state, with what their check looked at.
    memo: HashMap<MemoKey<W>, Looked<W>>,
    stats: Checked,
    moves: Vec<Move>,
    /// Lists of legal moves to reuse, one for each loser's node open.
    spare: Vec<Legal<W>>,
}

/// Legal moves with their outcomes and what they looked at.
type Legal<const W: usize> = Vec<(Move, After<W>, Looked<W>)>;

/// Everything the rest of the game depends on at a node, apart from the
/// history, and the subtree checked from it.
#[derive(Clone, Copy, PartialEq, Eq)]
struct MemoKey<const W: usize> {
    black: Bits<W>,
    white: Bits<W>,
    to_move: Color,
    passed: bool,
    captured: u64,
    threats: [u8; 2],
    tree: usize,
}

/// Fewer words than the fields, all folded in: `Eq` still compares each
/// field.
impl<const W: usize> std::hash::Hash for MemoKey<W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let mut stones = 0u64;
        for k in 0..W {
            stones = stones.rotate_left(7) ^ self.black.0[k] ^ self.white.0[k].rotate_left(32);
        }
        h.write_u64(stones);
        h.write_u64(
            self.captured
                ^ (self.to_move.index() as u64) << 40
                ^ (self.passed as u64) << 41
                ^ (self.threats[0] as u64) << 48
                ^ (self.threats[1] as u64) << 56,
        );
        h.write_usize(self.tree);
    }
}

enum After<const W: usize> {
    Illegal(&'static str),
    /// The game ended: did the attacker win?
    Over(bool),
    Goes(State<W>),
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
    // In the narrowest bitboards that hold the board (two words have rows
    // of another length: moves are turned in and out at `apply`).
    let words = words_for(problem.board.width(), problem.board.height());
    crate::with_words!(words, W => check_in::<W>(problem, to_move, prover, ko, moves, proof))
}

fn check_in<const W: usize>(
    problem: &Problem,
    to_move: Color,
    prover: Color,
    ko: Ko,
    moves: &[Move],
    proof: &[Line],
) -> Result<Checked, String> {
    let board: Board<W> = problem.board.resized().expect("the board fits");
    let root = State {
        board,
        to_move,
        passed: false,
        seg_start: 0,
        captured: 0,
        threats: ko.threats,
        spent: false,
    };
    let mut c = Checker::new(problem, prover, ko);
    c.push(&board, to_move, ko.threats);
    let mut state = root;
    for &m in moves {
        c.moves.push(m);
        match c.apply(&state, m).0 {
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

impl<'a, const W: usize> Checker<'a, W> {
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
    fn enter(&mut self, s: &State<W>, next: &State<W>) {
        if next.spent {
            self.push(&s.board, s.to_move, next.threats);
        }
        self.push(&next.board, next.to_move, next.threats);
    }

    /// A checker for `prover`'s solution under `ko`, its history empty.
    fn new(problem: &'a Problem, prover: Color, ko: Ko) -> Checker<'a, W> {
        let (region, safe, targets) = problem.narrowed::<W>();
        Checker {
            problem,
            region,
            safe,
            targets,
            prover,
            ko,
            history: Vec::new(),
            summaries: Vec::new(),
            memo: HashMap::default(),
            stats: Checked::default(),
            moves: Vec::new(),
            spare: Vec::new(),
        }
    }

    fn push(&mut self, board: &Board<W>, to_move: Color, threats: [u8; 2]) {
        self.history.push(stones_of(board));
        self.summaries.push(summary(board, to_move, threats));
    }

    fn truncate(&mut self, len: usize) {
        self.history.truncate(len);
        self.summaries.truncate(len);
    }

    /// Whether a position before the current one may be among `looked`.
    fn history_reaches(&self, looked: &Looked<W>) -> bool {
        // From the latest: where one may be, it is most often among the
        // last few.
        let n = self.history.len() - 1;
        (self.summaries[..n].iter().zip(&self.history[..n]))
            .rev()
            .any(|(&k, stones)| looked.may_hold(counts(k), stones))
    }

    /// The latest entry of the history with `key` as its summary and
    /// `stones` as its stones.
    fn find(&self, key: u64, stones: &[Bits<W>; 2]) -> Option<usize> {
        (self.summaries.iter())
            .zip(&self.history)
            .rposition(|(&k, h)| k == key && h == stones)
    }

    /// The move's outcome, and the position it compared with the history
    /// (the mover's own when it placed no stone).
    fn apply(&self, s: &State<W>, m: Move) -> (After<W>, Looked<W>) {
        let mut looked = Looked::of(&s.board);
        let after = self.apply_noting(s, m, &mut looked);
        (after, looked)
    }

    fn apply_noting(&self, s: &State<W>, m: Move, looked: &mut Looked<W>) -> After<W> {
        let c = s.to_move;
        let mut next = s.clone();
        next.to_move = c.opp();
        next.spent = false;
        match m {
            Move::Pass => {
                if s.passed {
                    return After::Over(false);
                }
                // The counts of `looked` are those of `s`'s stones.
                let key = summary_of(looked.fewest, c.opp(), s.threats);
                if self.find(key, &stones_of(&s.board)).is_some() {
                    return After::Over(false);
                }
                next.passed = true;
                next.seg_start = self.history.len();
                After::Goes(next)
            }
            Move::Play(p) => {
                let p = p.narrowed::<W>();
                if !self.region.get(p.index()) {
                    return After::Illegal("outside the region");
                }
                let played = match next.board.play_ignoring_ko(c, p) {
                    Ok(x) => x,
                    Err(_) => return After::Illegal("occupied or suicide"),
                };
                *looked = Looked::of(&next.board);
                if c == self.attacker() {
                    for (i, t) in self.targets.iter().enumerate() {
                        if played.captured.get(t.index()) {
                            next.captured |= 1 << i;
                        }
                    }
                    if next.captured.count_ones() as usize == self.targets.len() {
                        return After::Over(true);
                    }
                }
                next.passed = false;
                let key = summary_of(looked.fewest, c.opp(), s.threats);
                if let Some(j) = self.find(key, &stones_of(&next.board)) {
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

    /// The targets left on the board are one block with no room to live.
    fn no_room(&self, s: &State<W>) -> bool {
        // Right after the attacker's pass, passing back ends the game.
        if s.passed && s.to_move == self.problem.defender {
            return false;
        }
        // The problem's own position, the attacker to move: the solver
        // gives a first move there.
        if self.history.len() == 1 && s.to_move != self.problem.defender {
            return false;
        }
        let left = (self.targets.iter().enumerate())
            .filter(|&(i, _)| s.captured >> i & 1 == 0)
            .map(|(_, &t)| t);
        dead::targets_no_room(
            &s.board,
            left,
            self.problem.defender,
            s.to_move,
            self.safe,
            self.region,
        )
    }

    fn alive(&self, s: &State<W>) -> bool {
        let alive = benson::alive(&s.board, self.problem.defender, self.region);
        self.targets
            .iter()
            .enumerate()
            .any(|(i, t)| s.captured >> i & 1 == 0 && alive.get(t.index()))
    }

    /// Whether the target lives in `answers` answers at `s`, the attacker
    /// to move: every attacker move has a defender answer after which the
    /// target is alive (or that ends the game as a cycle), or, with more
    /// than one answer to go, lives in one answer fewer; all read under
    /// the path's history, the moves read pushed on it. The attacker's
    /// pass needs no reading: passing back ends the game, as does a pass
    /// that repeats a position. What the reading compared with the
    /// history, when it holds.
    fn lives_in_answers(&mut self, s: &State<W>, answers: u32) -> Option<Looked<W>> {
        if s.to_move != self.attacker() || answers == 0 {
            return None;
        }
        let mut looked = Looked::of(&s.board);
        // Answers that worked, tried first: one answer often meets most
        // attacker moves.
        let mut worked: Vec<Move> = Vec::new();
        let area = self.region & s.board.empty();
        for i in area.iter() {
            let m = Move::Play(Point(i as u16).widened::<W>());
            let (after, here) = self.apply(s, m);
            looked = looked.meet(here);
            let q = match after {
                After::Illegal(_) | After::Over(false) => continue,
                After::Over(true) => return None,
                After::Goes(q) => q,
            };
            let len = self.history.len();
            self.enter(s, &q);
            let answered = !self.no_room(&q) && self.answer(&q, answers, &mut worked, &mut looked);
            self.truncate(len);
            if !answered {
                return None;
            }
        }
        Some(looked)
    }

    /// Whether the defender, to move at `q` (the last history entry), has
    /// an answer that wins at once, or (with more than one answer to go)
    /// after which the target lives in the answers left; the one found
    /// is put first in `worked`.
    fn answer(
        &mut self,
        q: &State<W>,
        answers: u32,
        worked: &mut Vec<Move>,
        looked: &mut Looked<W>,
    ) -> bool {
        // The pass: the attacker then faces the same stones, or a cycle.
        if self.alive(q) {
            return true;
        }
        let area = self.region & q.board.empty();
        let others = (area.iter()).map(|i| Move::Play(Point(i as u16).widened::<W>()));
        let candidates: Vec<Move> = worked.iter().copied().chain(others).collect();
        let mut found = candidates.iter().copied().find(|&a| {
            let (after, here) = self.apply(q, a);
            let wins = match after {
                After::Illegal(_) | After::Over(true) => false,
                After::Over(false) => true,
                After::Goes(r) => self.alive(&r),
            };
            if wins {
                *looked = looked.meet(here);
            }
            wins
        });
        if found.is_none() && answers > 1 {
            found = candidates.iter().copied().find(|&a| {
                let (After::Goes(r), here) = self.apply(q, a) else {
                    return false;
                };
                let len = self.history.len();
                self.enter(q, &r);
                let lives = self.lives_in_answers(&r, answers - 1);
                self.truncate(len);
                if let Some(read) = lives {
                    *looked = looked.meet(here).meet(read);
                }
                lives.is_some()
            });
        }
        let Some(a) = found else {
            return false;
        };
        if let Some(k) = worked.iter().position(|&w| w == a) {
            worked.remove(k);
        }
        worked.insert(0, a);
        true
    }

    /// Checks the subtree at `s` (the last history entry); what it looked at.
    fn node(&mut self, s: &State<W>, tree: &[Line]) -> Result<Looked<W>, String> {
        let key = MemoKey {
            black: s.board.stones(Color::Black),
            white: s.board.stones(Color::White),
            to_move: s.to_move,
            passed: s.passed,
            captured: s.captured,
            threats: s.threats,
            tree: tree.as_ptr() as usize,
        };
        if let Some(&looked) = self.memo.get(&key)
            && !self.history_reaches(&looked)
        {
            return Ok(looked);
        }
        let looked = self.node_unshared(s, tree)?;
        if !self.history_reaches(&looked) {
            self.memo.insert(key, looked);
        }
        Ok(looked)
    }

    fn node_unshared(&mut self, s: &State<W>, tree: &[Line]) -> Result<Looked<W>, String> {
        self.stats.nodes += 1;
        self.stats.depth = self.stats.depth.max(self.moves.len());
        let mut looked = Looked::of(&s.board);
        // A rule that ends the game in the prover's favour need only be
        // tested where the proof stops: where it goes on, it still has to
        // win the game played on, and the prover has won here either way.
        // A rule for the other side must be tested wherever it could end
        // the game; life against the attacker at his turn only, since at
        // the defender's the pass is among the replies to answer, and it
        // either ends the game in the defender's favour or leads to the
        // same stones with the attacker to move (life is read from the
        // stones alone).
        let attacker_proves = self.prover == self.attacker();
        if (!attacker_proves || tree.is_empty()) && self.no_room(s) {
            self.leaf(true, tree)?;
            return Ok(looked);
        }
        let life_counts = tree.is_empty() || (attacker_proves && s.to_move == self.attacker());
        if life_counts && self.alive(s) {
            self.leaf(false, tree)?;
            return Ok(looked);
        }
        if tree.is_empty()
            && let Some(read) = self.lives_in_answers(s, LIFE_ANSWERS)
        {
            self.leaf(false, tree)?;
            return Ok(looked.meet(read));
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
            Ok(looked.meet(self.follow(s, line)?))
        } else {
            let mut legal = self.spare.pop().unwrap_or_default();
            self.legal_moves(s, &mut looked, &mut legal);
            // The replies given, to find each legal move among them at
            // once (a point off the board is not legal, so not needed).
            let (mut given, mut pass_given) = (Bits::<WORDS>::EMPTY, false);
            for line in tree {
                match line.mv {
                    Move::Play(p) if p.index() < Bits::<WORDS>::LEN => given.set(p.index()),
                    Move::Play(_) => {}
                    Move::Pass => pass_given = true,
                }
            }
            for (m, _, _) in &legal {
                let answered = match m {
                    Move::Play(p) => given.get(p.index()),
                    Move::Pass => pass_given,
                };
                if !answered {
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
            // Every line's move is now among `legal`, which was applied
            // under this same history (each follow restores it), so its
            // outcome there stands. `legal` is in the order of moves (a
            // search can only miss, never find another move).
            for line in tree {
                let i = (legal.binary_search_by_key(&line.mv, |&(m, _, _)| m))
                    .expect("each reply is a legal move");
                let (_, after, here) = &legal[i];
                looked = looked.meet(self.follow_applied(s, line, after, *here)?);
            }
            legal.clear();
            self.spare.push(legal);
            Ok(looked)
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

    /// Checks a move and what follows; what that looked at.
    fn follow(&mut self, s: &State<W>, line: &Line) -> Result<Looked<W>, String> {
        let (after, here) = self.apply(s, line.mv);
        self.follow_applied(s, line, &after, here)
    }

    /// As `follow`, given what `self.apply(s, line.mv)` returned.
    fn follow_applied(
        &mut self,
        s: &State<W>,
        line: &Line,
        after: &After<W>,
        here: Looked<W>,
    ) -> Result<Looked<W>, String> {
        self.moves.push(line.mv);
        let r = match after {
            After::Illegal(why) => Err(format!("{}: illegal move ({why})", self.here())),
            After::Over(attacker_wins) => self.leaf(*attacker_wins, &line.replies).map(|_| here),
            After::Goes(next) => {
                let len = self.history.len();
                self.enter(s, next);
                let r = self.node(next, &line.replies);
                self.truncate(len);
                r.map(|f| f.meet(here))
            }
        };
        self.moves.pop();
        r
    }

    /// The legal moves at `s` in their order (`Move`'s), each with what
    /// `apply` returned for it, so that following a reply does not play it
    /// again, into `out`; adds to `looked` every position they compared
    /// with the history.
    fn legal_moves(&self, s: &State<W>, looked: &mut Looked<W>, out: &mut Legal<W>) {
        let area = self.region & s.board.empty();
        for i in area.iter() {
            let m = Move::Play(Point(i as u16).widened::<W>());
            let (after, here) = self.apply(s, m);
            *looked = looked.meet(here);
            if !matches!(after, After::Illegal(_)) {
                out.push((m, after, here));
            }
        }
        // A pass is always legal; it places no stone, so what it looked at
        // is `s` itself, already in `looked`.
        let (after, here) = self.apply(s, Move::Pass);
        out.push((Move::Pass, after, here));
    }
}

/// The positions a check looked at: the fewest black and white stones
/// among them and the stones they all have. (The game has its own
/// summary; this one is written again so the checker shares no code with
/// the solver.)
#[derive(Clone, Copy)]
struct Looked<const W: usize> {
    fewest: [u32; 2],
    common: [Bits<W>; 2],
}

impl<const W: usize> Looked<W> {
    fn of(board: &Board<W>) -> Looked<W> {
        let stones = [board.stones(Color::Black), board.stones(Color::White)];
        Looked {
            fewest: [stones[0].count(), stones[1].count()],
            common: stones,
        }
    }

    fn meet(self, o: Looked<W>) -> Looked<W> {
        Looked {
            fewest: [
                self.fewest[0].min(o.fewest[0]),
                self.fewest[1].min(o.fewest[1]),
            ],
            common: [self.common[0] & o.common[0], self.common[1] & o.common[1]],
        }
    }

    /// Whether a position with these stones (of these counts) may be one
    /// of the positions.
    fn may_hold(&self, counts: [u32; 2], stones: &[Bits<W>; 2]) -> bool {
        counts[0] >= self.fewest[0]
            && counts[1] >= self.fewest[1]
            && (0..2).all(|c| (self.common[c] & !stones[c]).is_empty())
    }
}

fn stones_of<const W: usize>(board: &Board<W>) -> [Bits<W>; 2] {
    [board.stones(Color::Black), board.stones(Color::White)]
}

/// Bits of a stone count in a summary (a board holds at most 361).
const COUNT_BITS: u32 = 9;
const COUNT: u64 = (1 << COUNT_BITS) - 1;

/// A history entry's side to move, threats held and stone counts in one
/// word. Equal positions have equal summaries, so most entries are told
/// apart from a position by one comparison, without reading their
/// stones; equal summaries still compare the stones.
fn summary_of(counts: [u32; 2], to_move: Color, threats: [u8; 2]) -> u64 {
    counts[0] as u64
        | (counts[1] as u64) << COUNT_BITS
        | (to_move.index() as u64) << (2 * COUNT_BITS)
        | (threats[0] as u64) << 32
        | (threats[1] as u64) << 40
}

/// The stone counts in a summary.
fn counts(summary: u64) -> [u32; 2] {
    [
        (summary & COUNT) as u32,
        (summary >> COUNT_BITS & COUNT) as u32,
    ]
}

fn summary<const W: usize>(board: &Board<W>, to_move: Color, threats: [u8; 2]) -> u64 {
    summary_of(Looked::of(board).fewest, to_move, threats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::sgf::load_str;

    fn basic_ko() -> Problem {
        let text = include_str!("../../problems/ko/basic-ko.sgf");
        load_str("basic-ko.sgf", text).remove(0).expect("loads")
    }

    fn moves(sgf: &[&str]) -> Vec<Move> {
        let point = |s| Point::from_sgf(s).expect("a point");
        sgf.iter().map(|&s| Move::Play(point(s))).collect()
    }

    /// Whether the moves, played from the root with Black first under
    /// the given threats, are all legal.
    fn legal(p: &Problem, threats: [u8; 2], sgf: &[&str]) -> bool {
        let ko = Ko::threats(threats[0], threats[1]);
        let got = check_from(p, Color::Black, Color::White, ko, &moves(sgf), &[]);
        !got.is_err_and(|e| e.contains("illegal move"))
    }

    /// In the basic ko Black takes at ab and White retakes at aa: each
    /// retake repeats the position before the last capture, with the
    /// same side to move and, once a threat is spent, fewer threats
    /// held. So each retake costs a threat, and whoever runs out first
    /// cannot retake.
    #[test]
    fn each_ko_retake_spends_a_threat_until_none_is_left() {
        let p = basic_ko();
        assert!(legal(&p, [0, 0], &["ab"]));
        assert!(!legal(&p, [0, 0], &["ab", "aa"]));
        assert!(legal(&p, [0, 1], &["ab", "aa"]));
        assert!(!legal(&p, [0, 1], &["ab", "aa", "ab"]));
        assert!(legal(&p, [1, 1], &["ab", "aa", "ab"]));
        assert!(!legal(&p, [1, 1], &["ab", "aa", "ab", "aa"]));
        assert!(legal(&p, [2, 1], &["ab", "aa", "ab"]));
        assert!(!legal(&p, [2, 1], &["ab", "aa", "ab", "aa"]));
        assert!(legal(&p, [1, 2], &["ab", "aa", "ab", "aa"]));
    }

    /// The history finds a position only with the same stones, the same
    /// side to move and the same threats, however alike the others are.
    #[test]
    fn the_history_finds_only_the_same_position() {
        let p = basic_ko();
        let board: Board<2> = p.board.resized().expect("fits");
        let mut c: Checker<2> = Checker::new(&p, Color::White, Ko::threats(0, 0));
        let at = |s| Point::from_sgf(s).expect("a point").narrowed::<2>();
        // Two positions with the same stone counts: a black stone at
        // one point or at another.
        let (mut one, mut other) = (board, board);
        one.put(Color::Black, at("af"));
        other.put(Color::Black, at("if"));
        let find = |c: &Checker<2>, b: &Board<2>, to_move, threats| {
            c.find(summary(b, to_move, threats), &stones_of(b))
        };
        c.push(&one, Color::White, [1, 0]);
        c.push(&board, Color::Black, [1, 0]);
        c.push(&one, Color::White, [0, 0]);
        assert_eq!(find(&c, &one, Color::White, [0, 0]), Some(2));
        assert_eq!(find(&c, &one, Color::White, [1, 0]), Some(0));
        assert_eq!(find(&c, &one, Color::White, [0, 1]), None);
        assert_eq!(find(&c, &one, Color::Black, [0, 0]), None);
        assert_eq!(find(&c, &other, Color::White, [0, 0]), None);
        assert_eq!(find(&c, &board, Color::Black, [1, 0]), Some(1));
        assert_eq!(find(&c, &board, Color::White, [1, 0]), None);
    }
}
