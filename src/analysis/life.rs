//! How a defender's proven success ends: two eyes, seki, or an endless
//! cycle.
//!
//! Every end of the defender's checked tree is classified, and the
//! attacker is taken to steer towards the end it prefers (seki over eyes;
//! a cycle only when every end is one): the answer is what the attacker
//! can force against the proven defence. An end is:
//! - life with eyes when a target block is unconditionally alive (Benson),
//!   or the game ended by two passes with no attacker stones inside the
//!   region in touch with the target, or the defender to move could make
//!   the target unconditionally alive against any resistance (a search in
//!   which seki and cycles count as failures): the enemy stones are dead;
//! - seki when the game ended by two passes and the defender could not do
//!   that: its life rests on stones that neither side can approach (a
//!   defender block left in atari means a ko the attacker may not retake,
//!   which is counted as eyes won through the ko);
//! - a cycle when the game ended by repeating a position.
//!
//! When the attacker can force seki against the proven defence, the
//! defender may still have had a way to two eyes elsewhere: a search from
//! the root, in which seki counts as a failure, settles that, so the label
//! does not depend on which defence the proof happened to find.

use std::time::Instant;

use rustc_hash::FxHashMap as HashMap;

use crate::board::{Bits, Board, Color, Move, benson, words_for};
use crate::dfpn::{Limits, Outcome, Searcher, Unobserved};
use crate::problem::{Ko, Problem};
use crate::proof::Line;
use crate::tsumego::Tsumego;

/// Ordered from the attacker's favourite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Life {
    Seki,
    Eyes,
    /// The line repeats for ever (eternal life, triple ko).
    Cycle,
}

impl Life {
    pub fn as_str(self) -> &'static str {
        match self {
            Life::Eyes => "eyes",
            Life::Seki => "seki",
            Life::Cycle => "cycle",
        }
    }
}

/// Positions for each search that asks whether the defender can settle
/// its life unconditionally.
const SETTLE_BUDGET: u64 = 200_000;
/// Positions for all such searches of one classification (about a second).
const SETTLE_TOTAL: u64 = 2_000_000;
/// Positions for the search from the root (see the module's comment).
const ROOT_BUDGET: u64 = 1_000_000;

/// What `classify` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// None when a search ran out of budget or the clock passed the
    /// deadline.
    pub life: Option<Life>,
    /// The walk found seki but the search from the root ran out before
    /// telling whether the defender had a way to two eyes: `settle_root`
    /// may finish it with the time that is left at the end.
    pub root_open: bool,
    /// Positions the searches took.
    pub spent: u64,
}

/// Classifies the defender's checked tree `tree`, played from the
/// problem's position with `to_move` first, under `ko`, within
/// `deadline` (the analysis's own: a label must not outlast the time
/// given to the side).
pub fn classify(
    problem: &Problem,
    to_move: Color,
    ko: Ko,
    tree: &[Line],
    deadline: Option<Instant>,
) -> Label {
    classify_within(problem, to_move, ko, tree, deadline, Some(ROOT_BUDGET))
}

/// The search from the root that `classify` left open (`Label::root_open`),
/// with what is left of the side's time and positions: `Eyes` when the
/// defender has a way to two eyes, `Seki` when it has none, None when the
/// search runs out; also the positions it took. It goes on from the
/// walk's table.
pub fn settle_root(
    problem: &Problem,
    to_move: Color,
    ko: Ko,
    deadline: Option<Instant>,
    positions: Option<u64>,
) -> (Option<Life>, u64) {
    let mut w = Walker::new(problem, ko, deadline, true);
    let settled = w.settles(&problem.board, to_move, positions);
    let life = settled.map(|eyes| if eyes { Life::Eyes } else { Life::Seki });
    w.keep();
    (life, w.spent)
}

/// `classify` with `root_budget` positions for the search from the root
/// (None: no such search, as when it runs out at once).
fn classify_within(
    problem: &Problem,
    to_move: Color,
    ko: Ko,
    tree: &[Line],
    deadline: Option<Instant>,
    root_budget: Option<u64>,
) -> Label {
    let mut w = Walker::new(problem, ko, deadline, false);
    let mut life = w.node(&problem.board, to_move, false, false, tree);
    let mut root_open = false;
    if life == Life::Seki {
        let settled = match (w.out_of_time(), root_budget) {
            (false, Some(budget)) => w.settles(&problem.board, to_move, Some(budget)),
            _ => None,
        };
        match settled {
            Some(true) => {
                life = Life::Eyes;
                w.undecided = false;
            }
            Some(false) => {}
            // Seki only when the defender is shown to have no way to two
            // eyes: a search that ran out says nothing yet.
            None => {
                root_open = !w.undecided;
                w.undecided = true;
            }
        }
    }
    w.keep();
    Label {
        life: (!w.undecided).then_some(life),
        root_open,
        spent: w.spent,
    }
}

/// What a settling table's results are about: the problem and its rules.
fn walk_key(problem: &Problem, ko: Ko) -> u64 {
    super::rules_key(problem, ko)
}

thread_local! {
    /// The settling searches' table, kept per thread from one walk to the
    /// next: the allocator hands a freed table back, and a new one is then
    /// cleared in full (the bundled problems spent a third of their time
    /// clearing one 16 MB table per analysis).
    /// It is tagged with the walk it last served (`walk_key`), so that
    /// `settle_root` goes on from it only for the same problem and rules.
    static SETTLING: std::cell::RefCell<Option<(u64, Searcher<Move>)>> = const { std::cell::RefCell::new(None) };
}

struct Walker<'a> {
    problem: &'a Problem,
    ko: Ko,
    /// Eyes-or-seki verdicts by position.
    memo: HashMap<u64, Life>,
    /// Verdicts of shared subtrees (the tree is a DAG), by their replies
    /// and whether the move into them passed.
    shared: HashMap<(usize, bool), Life>,
    /// Positions searched so far.
    spent: u64,
    undecided: bool,
    /// One table for all the walk's searches (`SETTLING`'s, else made at
    /// the first): a tree can have thousands of ends to settle, and a fresh
    /// table each time cost a 16 MB clear of memory that the allocator
    /// handed back (gop/17101 Black: 10 s of clearing, past the side's time).
    searcher: Option<Searcher<Move>>,
    deadline: Option<Instant>,
    /// The table holds this walk's results only (emptied at its first
    /// search): the settling searches share the rules, so each goes on
    /// from what the others learnt, as a problem's first moves do.
    warm: bool,
}

impl<'a> Walker<'a> {
    /// A walker on the thread's kept table (`SETTLING`), if any; with
    /// `resume`, going on from its results when they are this problem's
    /// under these rules (another analysis may have walked on the thread
    /// in between), else emptying it at the first search.
    fn new(problem: &'a Problem, ko: Ko, deadline: Option<Instant>, resume: bool) -> Walker<'a> {
        let kept = SETTLING.with(|kept| kept.borrow_mut().take());
        let warm = resume
            && kept
                .as_ref()
                .is_some_and(|(k, _)| *k == walk_key(problem, ko));
        Walker {
            problem,
            ko,
            memo: HashMap::default(),
            shared: HashMap::default(),
            spent: 0,
            undecided: false,
            searcher: kept.map(|(_, s)| s),
            warm,
            deadline,
        }
    }

    /// Gives the table back to the thread for the next walk.
    fn keep(&mut self) {
        if let Some(s) = self.searcher.take() {
            let key = walk_key(self.problem, self.ko);
            SETTLING.with(|kept| *kept.borrow_mut() = Some((key, s)));
        }
    }

    fn node(
        &mut self,
        board: &Board,
        to_move: Color,
        passed: bool,
        two_passes: bool,
        lines: &[Line],
    ) -> Life {
        if lines.is_empty() {
            return self.end(board, two_passes);
        }
        let id = (lines.as_ptr() as usize, passed);
        if let Some(&life) = self.shared.get(&id) {
            return life;
        }
        let life = self.moves(board, to_move, passed, lines);
        self.shared.insert(id, life);
        life
    }

    fn moves(&mut self, board: &Board, to_move: Color, passed: bool, lines: &[Line]) -> Life {
        let mut best = Life::Cycle;
        for line in lines {
            let mut b = *board;
            if let Move::Play(p) = line.mv {
                // Every move of a checked tree is legal.
                let _ = b.play_ignoring_ko(to_move, p);
            }
            let pass = line.mv == Move::Pass;
            let life = self.node(&b, to_move.opp(), pass, passed && pass, &line.replies);
            best = best.min(life);
            if best == Life::Seki {
                break;
            }
        }
        best
    }

    /// The target blocks still on the board.
    fn targets(&self, board: &Board) -> Bits {
        let defender = self.problem.defender;
        self.problem
            .targets
            .iter()
            .filter(|t| board.color_at(**t) == Some(defender))
            .fold(Bits::EMPTY, |acc, t| acc | board.block(*t))
    }

    fn end(&mut self, board: &Board, two_passes: bool) -> Life {
        let defender = self.problem.defender;
        let area = self.problem.region.area;
        let targets = self.targets(board);
        if !(benson::alive(board, defender, area) & targets).is_empty() {
            return Life::Eyes;
        }
        if !two_passes {
            // Where the solution stops because every attacker move has an
            // answer that brings life, the target lives by eyes.
            if crate::proof::lives_in_answers(self.problem, board) {
                return Life::Eyes;
            }
            return Life::Cycle;
        }
        // Seki needs enemy stones inside the wall in touch with the target.
        let enemy = board.stones(defender.opp()) & area;
        let near = targets.spread() | (targets.spread() & board.empty()).spread();
        if (enemy & near).is_empty() {
            return Life::Eyes;
        }
        // A defender block in atari that survives two passes hangs on a ko
        // the attacker may not retake: life by the ko, not seki; unless a
        // seki stands beside the ko (an attacker block of two liberties or
        // more shares one with a target), which the ko does not undo.
        let mut own = if self.shares_a_liberty(board, targets) {
            Bits::EMPTY
        } else {
            board.stones(defender) & area
        };
        while let Some(q) = own.first() {
            let block = Bits::flood(Bits::single(q), board.stones(defender));
            own &= !block;
            if (block.spread() & board.empty()).count() == 1 {
                return Life::Eyes;
            }
        }
        let key = board.hash();
        if let Some(&life) = self.memo.get(&key) {
            return life;
        }
        let life = if self.spent >= SETTLE_TOTAL || self.out_of_time() {
            self.undecided = true;
            Life::Eyes
        } else {
            match self.settles(board, self.problem.defender, Some(SETTLE_BUDGET)) {
                Some(true) => Life::Eyes,
                Some(false) => Life::Seki,
                None => {
                    self.undecided = true;
                    Life::Eyes
                }
            }
        };
        self.memo.insert(key, life);
        life
    }

    /// Whether an attacker block in the area with two liberties or more
    /// shares a liberty with a target block: the mark of a seki.
    fn shares_a_liberty(&self, board: &Board, targets: Bits) -> bool {
        let attacker = self.problem.attacker();
        let target_liberties = targets.spread() & board.empty();
        let mut enemy = board.stones(attacker) & self.problem.region.area;
        while let Some(q) = enemy.first() {
            let block = Bits::flood(Bits::single(q), board.stones(attacker));
            enemy &= !block;
            let liberties = block.spread() & board.empty();
            if liberties.count() >= 2 && !(liberties & target_liberties).is_empty() {
                return true;
            }
        }
        false
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Can the defender, with `to_move` first, make the target
    /// unconditionally alive against any resistance? Then it lives with
    /// eyes (any enemy stones in them are dead); if not, it lives only in
    /// seki. None when `budget` positions do not tell.
    fn settles(&mut self, board: &Board, to_move: Color, budget: Option<u64>) -> Option<bool> {
        let defender = self.problem.defender;
        let sub = Problem {
            board: *board,
            to_move: Some(to_move),
            ..self.problem.clone()
        };
        let limits = Limits {
            positions: budget,
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
        };
        let searcher = self.searcher.get_or_insert_with(|| Searcher::new(16 << 20));
        if !self.warm {
            searcher.reset();
            self.warm = true;
        }
        let before = searcher.positions();
        // Only the verdict is used (a label, not a reported proof).
        fn solve<const W: usize>(
            searcher: &mut Searcher<Move>,
            sub: &Problem,
            to_move: Color,
            defender: Color,
            ko: Ko,
            limits: Limits,
        ) -> Outcome {
            let game: Tsumego<W> = Tsumego::for_search(sub, to_move, defender, ko);
            searcher.solve(&mut game.unconditional_only(), limits, &mut Unobserved)
        }
        let (ko, (w, h)) = (self.ko, sub.search_shape());
        let outcome = crate::with_words!(words_for(w, h), W => {
            solve::<W>(searcher, &sub, to_move, defender, ko, limits)
        });
        self.spent += searcher.positions() - before;
        match outcome {
            Outcome::Proven => Some(true),
            Outcome::Disproven => Some(false),
            Outcome::Unknown(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Options, analyze};
    use crate::problem::sgf::load_str;

    /// White's proof in a seki with no eyes, and the problem.
    fn seki() -> (Problem, Ko, Vec<Line>) {
        let text = include_str!("../../problems/classic/seki-no-eyes.sgf");
        let problem = load_str("seki-no-eyes.sgf", text)
            .into_iter()
            .next()
            .expect("one problem")
            .expect("it loads");
        let a = analyze(&problem, problem.defender, &Options::default());
        (
            problem,
            a.ko,
            a.proof.expect("the defender's checked proof"),
        )
    }

    /// The label settles a seki by searches of its own; with the side's
    /// time already gone it gives up (no label) instead of searching on.
    #[test]
    fn the_label_keeps_to_the_side_s_time() {
        let (problem, ko, tree) = seki();
        let label = classify(&problem, problem.defender, ko, &tree, None);
        assert_eq!(label.life, Some(Life::Seki));
        assert!(label.spent > 0, "a seki is told from eyes by a search");
        let past = Some(Instant::now());
        let label = classify(&problem, problem.defender, ko, &tree, past);
        assert_eq!((label.life, label.spent), (None, 0));
    }

    /// Seki is said only when the search from the root shows that the
    /// defender has no way to two eyes; without that search's verdict
    /// there is no label yet (a search that ran out used to leave "seki",
    /// which gop/1305 and 20258 Black showed wrong: a longer one finds
    /// their eyes), and `settle_root` gives it later.
    #[test]
    fn seki_needs_the_root_search_to_finish() {
        let (problem, ko, tree) = seki();
        let d = problem.defender;
        let open = classify_within(&problem, d, ko, &tree, None, None);
        assert_eq!((open.life, open.root_open), (None, true));
        let (life, spent) = settle_root(&problem, d, ko, None, None);
        assert_eq!(life, Some(Life::Seki));
        assert!(spent > 0);
        let done = classify_within(&problem, d, ko, &tree, None, Some(ROOT_BUDGET));
        assert_eq!((done.life, done.root_open), (Some(Life::Seki), false));
    }
}
