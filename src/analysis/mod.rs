//! The status of a problem for a side to move, with checked proofs.
//!
//! Status comes from two searches: with the opponent as ko master (a win
//! there is unconditional) and, failing that, with the side to move as
//! ko master (a win there needs a ko; a loss there fails outright).
//! Every verdict reported is backed by a solution tree that the
//! independent checker accepted; a tree the table cannot produce, or
//! that the checker rejects, is searched again in strict mode (every
//! result keyed by its exact path), which no history can mislead. A
//! proof too large to write out from a table that earlier searches
//! filled is searched again on an empty one, once.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::board::{Color, Move};
use crate::dfpn::{Limits, Observer, Outcome, Unobserved};
use crate::problem::{Ko, Problem};
use crate::proof::{self, Line};
use crate::tsumego::{KoMaster, Tsumego};

mod engine;
mod first_moves;
mod grade;
mod help;
mod life;
pub mod lines;
mod parallel_ko;
mod tables;

pub use engine::Engine;
use engine::{MainSearcher, each};
use first_moves::{MoveState, classify_moves};
use grade::threats_text;
pub use grade::{GRADE_LIMIT, OVER_LIMIT, count_text, count_value, grade_text};
pub use help::HelpDesk;
pub use life::Life;
use parallel_ko::status_in_parallel;
use tables::Carried;
pub use tables::drop_kept;

/// How the ko question is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Full status: unconditional, ko or fails.
    Auto,
    /// One search with this ko master: the answer is "wins" or "fails".
    Fixed(KoMaster),
    /// One search with nobody master and these external ko threats
    /// (`[black, white]`): "wins" or "fails".
    Threats([u8; 2]),
}

/// What an analysis may spend and what it asks: its limits and table
/// memory, the ko rule, and how much of the answer beyond the status.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub limits: Limits,
    /// Transposition-table memory for one analysis, in bytes.
    pub memory: usize,
    pub ko: KoRule,
    /// Only the status and its proof: no list of every winning first
    /// move, no ko grade, no eyes-or-seki (for speed comparisons).
    pub status_only: bool,
    /// Run the two ko-master searches of the status at once, on two
    /// threads with a table each (`memory` apiece): for a machine with a
    /// core to spare, such as one problem on two cores.
    pub parallel_ko: bool,
    /// Threads for each search, on one shared table
    /// (`Searcher::solve_threads`).
    pub threads: usize,
    /// The most distinct positions a proof may have to be written out
    /// and checked; a verdict with a larger one is not reported.
    pub proof_nodes: usize,
    /// Keep the table when the analysis ends, for its owner under its
    /// key (one that names the problem, side to move and ko rule: see
    /// `resume_key`), and go on from it when the owner's next analysis
    /// gives the same key. Solving an unknown again with larger limits
    /// then picks up where the last search stopped instead of starting
    /// afresh.
    pub resume: Option<Resume>,
    /// Print each status search's extraction and check, each first
    /// move's search while a side's moves are classified, and any proof
    /// the checker rejects, on stderr: `SHIKATSU_DEBUG` in the command
    /// line's runs (`solve`, `bench`), never in the terminal UI, whose
    /// screen stderr is.
    pub debug: bool,
}

/// Who keeps a table (one each: a new key empties it and reuses its
/// memory) and under which key. See `Options::resume`, `drop_kept`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    pub owner: u64,
    pub key: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            limits: Limits::default(),
            memory: 1 << 30,
            ko: KoRule::Auto,
            status_only: false,
            parallel_ko: false,
            threads: 1,
            proof_nodes: crate::dfpn::PROOF_NODE_LIMIT,
            resume: None,
            debug: false,
        }
    }
}

/// A key for `Options::resume` that tells apart everything a table's
/// results depend on: the problem's stones, targets and region, the side
/// to move and the ko rule (and the label and index, for people who
/// solve two copies of one position under other names).
pub fn resume_key(problem: &Problem, side: Color, ko: KoRule) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    carry_key(problem, ko).hash(&mut h);
    side.hash(&mut h);
    h.finish()
}

/// What a table's results depend on besides the prover: `resume_key`
/// without the side to move (a table turned round serves the other side,
/// `tables::reuse_searcher`).
fn carry_key(problem: &Problem, ko: KoRule) -> u64 {
    rules_key(problem, ko)
}

/// What a kept table's results are about: the problem (its file and
/// index, stones, targets and region) under `rules`.
fn rules_key(problem: &Problem, rules: impl std::hash::Hash) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    problem.label().hash(&mut h);
    problem.board.hash().hash(&mut h);
    problem.targets.hash(&mut h);
    problem.region.area.hash(&mut h);
    rules.hash(&mut h);
    h.finish()
}

/// What the side to move achieves, best first (the order is the derive's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Wins even when the opponent is ko master.
    Unconditional,
    /// Wins only as ko master.
    Ko,
    /// Wins under the one ko setting asked for (`KoRule::Fixed`).
    Wins,
    /// Fails even as ko master (or under the fixed setting).
    Fails,
    /// A limit stopped the search.
    Unknown,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Unconditional => "unconditional",
            Status::Ko => "ko",
            Status::Wins => "wins",
            Status::Fails => "fails",
            Status::Unknown => "unknown",
        }
    }
    pub fn succeeds(self) -> bool {
        matches!(self, Status::Unconditional | Status::Ko | Status::Wins)
    }
}

/// A decided search and the checked tree behind it.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub outcome: Outcome,
    /// The winner's solution tree from the searched position (moves after it).
    pub tree: Option<Vec<Line>>,
    /// The checker accepted `tree`.
    pub checked: bool,
    /// The strict search was needed.
    pub strict: bool,
    /// The outcome holds whoever is ko master: no retake took part in it.
    pub free: bool,
    pub positions: u64,
}

/// Everything known about one side to move.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub side: Color,
    /// How the ko question was asked: the full status, or one setting.
    pub rule: KoRule,
    pub status: Status,
    /// The ko assumption under which `status` was proven (for the proof).
    pub ko: Ko,
    /// Status ko: the fewest external ko threats the side to move needs
    /// to succeed against an opponent without threats (0 when
    /// unconditional; `OVER_LIMIT` past `GRADE_LIMIT`; None when it fails
    /// or the search did not tell).
    pub threats_needed: Option<u8>,
    /// Status ko: the fewest threats the opponent needs to turn the
    /// result when the side to move holds `threats_needed` (`OVER_LIMIT`
    /// when no count up to `GRADE_LIMIT` does; None when not applicable
    /// or not known).
    pub opponent_threats_needed: Option<u8>,
    /// Status ko: the grade was searched for (`--status-only` does not
    /// ask it), so a count left None is one the limits left open.
    pub graded: bool,
    /// When the result is the defender's success: how it lives against
    /// the attacker's best resistance (two eyes, seki, or an endless
    /// cycle), from every end of its checked tree and a search from the
    /// root where seki counts as failure (see `life`).
    pub life: Option<Life>,
    /// First moves that win at `status`, proven and checked: at status ko
    /// the fewest threats needed first, then (and otherwise) the one with
    /// the smallest solution tree first.
    pub first_moves: Vec<Move>,
    /// Every first move was decided (no limit cut the list short).
    pub all_first_moves: bool,
    /// The first moves a limit left open: not known to reach `status`
    /// or not, in the order they were tried. Empty when the list is
    /// complete, and when it was not asked for (`--status-only`).
    pub undecided_moves: Vec<Move>,
    /// Status ko with several first moves: each move's own ko grade
    /// (threats the side needs after it, threats the opponent then needs
    /// to turn it; None past the limit or the budget), in `first_moves`
    /// order, which puts the fewest threats needed first.
    pub move_grades: Vec<(Move, Option<u8>, Option<u8>)>,
    /// First moves that win only at a weaker status.
    pub other_moves: Vec<(Move, Status)>,
    /// Each of the file's answers for this side and its status.
    pub accepted_status: Vec<(Move, Status)>,
    /// The file's lines read move by move (`lines`).
    pub lines: lines::Lines,
    /// For a file's answer that misses the best status: the opponent's
    /// checked tree after it (under the best status's ko master).
    pub refutations: Vec<(Move, Vec<Line>)>,
    /// The main proof (for `status` when it succeeds, else the opponent's refutation).
    pub proof: Option<Vec<Line>>,
    /// Every verdict reported was accepted by the checker.
    pub checked: bool,
    /// Searches that needed the strict fallback.
    pub strict_searches: u32,
    pub positions: u64,
    pub elapsed: Duration,
    pub root_pn: u32,
    pub root_dn: u32,
    /// Why the analysis is incomplete or wrong, if it is.
    pub error: Option<String>,
    /// Status unknown, but one of its two searches finished, with a
    /// checked proof: the best status the side can still have ("ko":
    /// it fails when the opponent is ko master) or the least it has
    /// ("ko": it succeeds as ko master). None otherwise.
    pub at_most: Option<Status>,
    pub at_least: Option<Status>,
}

impl Analysis {
    /// A first move for people, with its own ko grade when it has one:
    /// "A9 (0/1)" on a board of `height` rows.
    pub fn move_label(&self, m: Move, height: usize) -> String {
        match self.move_grades.iter().find(|g| g.0 == m) {
            Some(&(_, n, o)) => format!("{} ({})", m.human(height), grade_text(n, o)),
            None => m.human(height),
        }
    }

    /// "Black to kill: unconditional", for people.
    pub fn headline(&self, problem: &Problem) -> String {
        let how = match (self.life, self.status, self.threats_needed) {
            (Some(l @ (Life::Seki | Life::Cycle)), _, _) => format!(" ({})", l.as_str()),
            // The ko grade, as a player says it.
            (_, Status::Ko, Some(n)) => format!(
                " ({} needs {} external ko threat{}{})",
                self.side.name(),
                threats_text(n),
                if n == 1 { "" } else { "s" },
                self.opponent_threats_needed
                    .map_or(String::new(), |m| format!(
                        ", {} {} to turn it",
                        self.side.opp().name(),
                        threats_text(m)
                    ))
            ),
            (_, Status::Unknown, _) => match (self.at_most, self.at_least) {
                (Some(_), _) => format!(
                    " (at most ko: {} fails when {} is ko master)",
                    self.side.name(),
                    self.side.opp().name()
                ),
                (_, Some(_)) => {
                    format!(" (at least ko: {} succeeds as ko master)", self.side.name())
                }
                _ => String::new(),
            },
            _ => String::new(),
        };
        format!(
            "{} to {}: {}{how}",
            self.side.name(),
            problem.goal(self.side),
            self.status.as_str()
        )
    }
}

/// Solves one side to move of a problem.
pub fn analyze(problem: &Problem, side: Color, opts: &Options) -> Analysis {
    analyze_observed(problem, side, opts, &mut Unobserved)
}

/// As `analyze`, with an observer on the main searches.
pub fn analyze_observed<O: Observer<Move>>(
    problem: &Problem,
    side: Color,
    opts: &Options,
    observer: &mut O,
) -> Analysis {
    analyze_with(problem, side, opts, observer, None)
}

/// As `analyze`, on one thread whose searches, once past their first
/// stretch alone, offer a seat at `desk` to a worker with nothing else
/// to do (`HelpDesk`). Their tables are then shareable, which costs a
/// little on one thread: for the last sides of a batch.
pub fn analyze_helped(
    problem: &Problem,
    side: Color,
    opts: &Options,
    desk: &Arc<HelpDesk>,
) -> Analysis {
    let opts = Options {
        threads: 1,
        parallel_ko: false,
        ..*opts
    };
    analyze_with(
        problem,
        side,
        &opts,
        &mut Unobserved,
        Some(Arc::clone(desk)),
    )
}

impl Analysis {
    /// Nothing known yet about `side` under `rule`.
    fn blank(side: Color, rule: KoRule) -> Analysis {
        Analysis {
            side,
            rule,
            status: Status::Unknown,
            ko: Ko::default(),
            threats_needed: None,
            opponent_threats_needed: None,
            graded: false,
            life: None,
            first_moves: Vec::new(),
            all_first_moves: false,
            undecided_moves: Vec::new(),
            move_grades: Vec::new(),
            other_moves: Vec::new(),
            accepted_status: Vec::new(),
            lines: lines::Lines::default(),
            refutations: Vec::new(),
            proof: None,
            checked: false,
            strict_searches: 0,
            positions: 0,
            elapsed: Duration::ZERO,
            root_pn: 1,
            root_dn: 1,
            error: None,
            at_most: None,
            at_least: None,
        }
    }
}

fn analyze_with<O: Observer<Move>>(
    problem: &Problem,
    side: Color,
    opts: &Options,
    observer: &mut O,
    desk: Option<Arc<HelpDesk>>,
) -> Analysis {
    let start = Instant::now();
    let mut engine = Engine::new(opts);
    engine.desk = desk;
    engine.carried = Some(Carried {
        problem: carry_key(problem, opts.ko),
        prover: side,
    });
    let mut a = Analysis::blank(side, opts.ko);
    let masters = status_settings(opts.ko, side);
    let mut all_checked =
        decide_status(&mut engine, problem, side, opts, &masters, observer, &mut a);

    let defender_won = if side == problem.defender {
        a.status.succeeds()
    } else {
        a.status == Status::Fails
    };
    let mut root_open = false;
    if let (true, false, Some(tree)) = (defender_won && all_checked, opts.status_only, &a.proof) {
        let label = life::classify(problem, side, a.ko, tree, engine.deadline);
        a.life = label.life;
        root_open = label.root_open;
        engine.spend(label.spent);
    }
    if a.status.succeeds() && opts.status_only {
        // The main proof's first move is one winning move.
        // (An empty proof: the target is already unconditionally alive, so
        // passing keeps it.)
        a.first_moves = vec![a.proof.iter().flatten().next().map_or(Move::Pass, |l| l.mv)];
        let accepted = problem.accepted(side);
        for &m in &a.first_moves {
            if accepted.contains(&m) {
                a.accepted_status.push((m, a.status));
            }
        }
    }
    if a.status != Status::Unknown && !opts.status_only {
        all_checked &= list_first_moves(&mut engine, problem, side, &masters, observer, &mut a);
    }
    // The ko grade takes what is left of the budget: first moves matter more.
    all_checked &= grade::grade(&mut engine, problem, side, opts, observer, &mut a);
    // Eyes or seki, when the walk's quick search from the root did not
    // tell: with what is left, after the first moves and the grade.
    if root_open && !engine.out_of_budget() {
        let left = engine.limits().positions;
        let (life, spent) = life::settle_root(problem, side, a.ko, engine.deadline, left);
        a.life = life;
        engine.spend(spent);
    }
    // The file's lines past their first moves: what is left after all
    // the answer's own parts.
    if a.status != Status::Unknown && !opts.status_only && !problem.lines.is_empty() {
        all_checked &= lines::read(&mut engine, observer, problem, &mut a);
    }
    if a.status != Status::Unknown && !all_checked && a.error.is_none() {
        // The status was checked; a later verdict (a first move, a grade)
        // was rejected by the checker.
        a.error = Some("the checker rejected a proof (a solver bug)".to_string());
    }
    a.checked = all_checked && a.status != Status::Unknown && a.error.is_none();
    a.strict_searches = engine.strict_searches;
    a.positions = engine.positions;
    a.elapsed = start.elapsed();
    a
}

/// The ko settings a status is searched under, in turn, each with the
/// status a win there gives and the one a loss gives (`Unknown`: the
/// next setting decides).
fn status_settings(rule: KoRule, side: Color) -> Vec<(Ko, Status, Status)> {
    match rule {
        KoRule::Auto => vec![
            (
                Some(side.opp()).into(),
                Status::Unconditional,
                Status::Unknown,
            ),
            (Some(side).into(), Status::Ko, Status::Fails),
        ],
        KoRule::Fixed(m) => vec![(m.into(), Status::Wins, Status::Fails)],
        KoRule::Threats([b, w]) => vec![(Ko::threats(b, w), Status::Wins, Status::Fails)],
    }
}

/// The status searches (`masters` in turn, or side by side), each
/// verdict checked; the status, its ko setting and its proof go into
/// `a`. Says whether every verdict was checked.
fn decide_status<O: Observer<Move>>(
    engine: &mut Engine,
    problem: &Problem,
    side: Color,
    opts: &Options,
    masters: &[(Ko, Status, Status)],
    observer: &mut O,
    a: &mut Analysis,
) -> bool {
    let mut all_checked = true;
    // A checked loss with the opponent as ko master: no better than ko.
    let mut not_unconditional = false;
    // Side by side, the two searches below are run by `status_in_parallel`.
    let mut in_turn = masters;
    if opts.parallel_ko && matches!(opts.ko, KoRule::Auto) {
        all_checked = status_in_parallel(engine, problem, side, opts, a);
        in_turn = &[];
    }
    for &(master, win, loss) in in_turn {
        let v = engine.decide(problem, side, side, master, &[], observer);
        (a.root_pn, a.root_dn) = engine.last_numbers;
        all_checked &= v.checked;
        match v.outcome {
            Outcome::Proven => {
                a.status = win;
                a.ko = master;
                a.proof = v.tree;
                break;
            }
            Outcome::Disproven => {
                a.ko = master;
                a.proof = v.tree;
                // A loss no ko took part in is a loss under any master.
                if loss != Status::Unknown || v.free {
                    a.status = Status::Fails;
                    break;
                }
                not_unconditional = v.checked;
            }
            Outcome::Unknown(_) => {
                a.status = Status::Unknown;
                if not_unconditional {
                    a.at_most = Some(Status::Ko);
                }
                break;
            }
        }
    }
    if a.status != Status::Unknown && !all_checked {
        a.error = Some(if engine.too_large > 0 {
            format!(
                "the proof is too large to write out and check (over {} positions)",
                if engine.proof_nodes.is_multiple_of(1_000_000) {
                    format!("{} million", engine.proof_nodes / 1_000_000)
                } else {
                    engine.proof_nodes.to_string()
                }
            )
        } else {
            "the checker rejected a proof (a solver bug)".to_string()
        });
    }
    all_checked
}

/// Every first move, at the status it reaches (`classify_moves`, in
/// rounds, the file's answers first in each, as long as the budget
/// lasts): the winning ones into `a.first_moves` (the smallest proof
/// first), the others that succeed into `a.other_moves`, the file's
/// answers with their statuses and refutations. Says whether every
/// verdict was checked.
fn list_first_moves<O: Observer<Move>>(
    engine: &mut Engine,
    problem: &Problem,
    side: Color,
    masters: &[(Ko, Status, Status)],
    observer: &mut O,
    a: &mut Analysis,
) -> bool {
    let mut all_checked = true;
    let proof_move = a
        .proof
        .as_ref()
        .filter(|_| a.status.succeeds())
        .and_then(|t| t.first())
        .map(|l| l.mv);
    let game: Tsumego = Tsumego::new(problem, side, side, None);
    let legal = game.legal_moves();
    let accepted = problem.accepted(side);
    let mut order: Vec<Move> = accepted
        .iter()
        .copied()
        .filter(|m| legal.contains(m))
        .collect();
    order.extend(legal.iter().copied().filter(|m| !accepted.contains(m)));
    // A move cannot beat the root's status: under "ko" only the side's
    // own mastery is worth asking about, and after "fails" every move fails.
    let move_masters: &[(Ko, Status, Status)] = match a.status {
        Status::Ko => &masters[1..],
        Status::Fails => &[],
        _ => masters,
    };
    let main_size = a
        .proof
        .as_ref()
        .map_or(usize::MAX, |t| proof::distinct_size(t));
    engine.best = a.status;
    // What each move reaches: first whether it reaches the root's
    // status (that alone makes the list of first moves complete), then,
    // for the moves that fell short under the first setting, the next.
    let mut states: Vec<MoveState> = order
        .iter()
        .map(|&m| {
            if Some(m) == proof_move {
                MoveState::Reached(a.status, main_size)
            } else if move_masters.is_empty() {
                MoveState::Reached(Status::Fails, usize::MAX)
            } else {
                MoveState::Open(0)
            }
        })
        .collect();
    for (step, &setting) in move_masters.iter().enumerate() {
        let found = classify_moves(
            engine,
            observer,
            problem,
            side,
            &order,
            &accepted,
            &mut states,
            setting,
            step,
        );
        all_checked &= found.checked;
        // A move's first loss is what refutes it (at the best status).
        for (m, tree) in found.refutations {
            if !a.refutations.iter().any(|(r, _)| *r == m) {
                a.refutations.push((m, tree));
            }
        }
    }
    // Winning first moves and the size of their proofs.
    let mut winners: Vec<(Move, usize)> = Vec::new();
    let mut complete = true;
    for (&m, state) in order.iter().zip(&states) {
        let (st, size) = match *state {
            MoveState::Reached(st, size) => (st, size),
            // Not known to reach the root's status or not.
            MoveState::Open(0) | MoveState::Unchecked(0) => {
                complete = false;
                a.undecided_moves.push(m);
                (Status::Unknown, usize::MAX)
            }
            // Short of the root's status, not yet placed below it.
            MoveState::Open(_) | MoveState::Unchecked(_) => (Status::Unknown, usize::MAX),
        };
        if accepted.contains(&m) {
            a.accepted_status.push((m, st));
        }
        if st == a.status && st.succeeds() {
            winners.push((m, size));
        } else if st.succeeds() {
            a.other_moves.push((m, st));
        }
    }
    for m in accepted {
        if !legal.contains(&m) {
            // Not a legal move here: it cannot succeed.
            a.accepted_status.push((m, Status::Fails));
        }
    }
    a.all_first_moves = complete;
    // The simplest proof first (the file's own order breaks ties).
    winners.sort_by_key(|&(_, size)| size);
    a.first_moves = winners.into_iter().map(|(m, _)| m).collect();
    all_checked
}
