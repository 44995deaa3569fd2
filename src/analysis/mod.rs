//! The status of a problem for a side to move, with checked proofs.
//!
//! Status comes from two searches: with the opponent as ko master (a win
//! there is unconditional) and, failing that, with the side to move as
//! ko master (a win there needs a ko; a loss there fails outright).
//! Every verdict reported is backed by a solution tree that the
//! independent checker accepted; a tree the table cannot produce, or
//! that the checker rejects, is searched again in strict mode (every
//! result keyed by its exact path), which no history can mislead.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::board::{Color, Move, words_for};
use crate::dfpn::{Game, Limits, Observer, Outcome, Searcher, Shared, Stop, Unobserved, Words};
use crate::problem::{Ko, Problem};
use crate::proof::{self, Line};
use crate::tsumego::{KoMaster, Tsumego};

mod first_moves;
mod help;
mod life;
mod parallel_ko;
mod tables;

use first_moves::{MoveState, classify_moves};
pub use help::HelpDesk;
pub use life::Life;
use parallel_ko::status_in_parallel;
pub use tables::drop_kept;
use tables::{Carried, PARKED, keep_spare, reuse_plain, reuse_searcher, take_parked};

/// Ko grades are searched up to this many external threats.
pub const GRADE_LIMIT: u8 = 6;
/// A ko grade's count past the limit: every count up to `GRADE_LIMIT` was
/// searched and each verdict checked, and none was enough (a double ko or
/// a cycle that only a ko master's unlimited retakes win). Reported as
/// `>6`; `None` is a count the search did not tell.
pub const OVER_LIMIT: u8 = GRADE_LIMIT + 1;

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

/// How favourable `master`'s rules are to `prover` (`Searcher::set_rank`):
/// less room for the prover to retake a ko is worse for the prover.
fn rank_of(master: KoMaster, prover: Color) -> u8 {
    match master {
        Some(c) if c == prover => 2,
        None => 1,
        Some(_) => 0,
    }
}

/// The rank of the same rules for the other prover (`rank_of`): the
/// other side's master is the same player.
fn mirror_rank(rank: u8) -> Option<u8> {
    (rank <= 2).then(|| 2 - rank)
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
    /// When the result is the defender's success: how its main line ends
    /// (two eyes, seki, or an endless cycle).
    pub life: Option<Life>,
    /// First moves that win at `status`, proven and checked, the one with
    /// the smallest solution tree first.
    pub first_moves: Vec<Move>,
    /// Every first move was decided (no limit cut the list short).
    pub all_first_moves: bool,
    /// Status ko with several first moves: each move's own ko grade
    /// (threats the side needs after it, threats the opponent then needs
    /// to turn it; None past the limit or the budget), in `first_moves`
    /// order, which puts the fewest threats needed first.
    pub move_grades: Vec<(Move, Option<u8>, Option<u8>)>,
    /// First moves that win only at a weaker status.
    pub other_moves: Vec<(Move, Status)>,
    /// Each of the file's answers for this side and its status.
    pub accepted_status: Vec<(Move, Status)>,
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

/// A ko grade for people: threats the side needs / the opponent needs,
/// `>6` past the limit, `?` where the search did not tell. When the side
/// needs more than the limit, the opponent's count is not asked: `-`.
pub fn grade_text(need: Option<u8>, opponent: Option<u8>) -> String {
    if need == Some(OVER_LIMIT) {
        return format!("{}/-", count_text(need));
    }
    format!("{}/{}", count_text(need), count_text(opponent))
}

/// One count of a ko grade for people (see `grade_text`).
pub fn count_text(count: Option<u8>) -> String {
    match count {
        Some(OVER_LIMIT) => format!(">{GRADE_LIMIT}"),
        Some(n) => n.to_string(),
        None => "?".to_string(),
    }
}

/// A ko grade's count as JSON gives it: a number of threats, else null.
pub fn count_value(count: Option<u8>) -> Option<u8> {
    count.filter(|&n| n <= GRADE_LIMIT)
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

/// A count of threats in words: "2", or "more than 6".
fn threats_text(n: u8) -> String {
    if n == OVER_LIMIT {
        format!("more than {GRADE_LIMIT}")
    } else {
        n.to_string()
    }
}

/// One table for every ko setting: keys do not include the master
/// (threat counts are part of the position), and each result is marked
/// with how favourable its setting was to the prover, so a proof made when
/// the opponent was ko master is used again when nobody or the prover is.
pub struct Engine {
    memory: usize,
    searcher: Option<MainSearcher>,
    /// `Options::threads`.
    threads: usize,
    /// The table of strict searches, made when first needed.
    strict: Option<Searcher<Move>>,
    deadline: Option<Instant>,
    positions_left: Option<u64>,
    /// Positions for each search of the current round of first moves.
    move_cap: Option<u64>,
    pub strict_searches: u32,
    pub positions: u64,
    /// Proofs found but too large to write out and check.
    pub too_large: u32,
    last_numbers: (u32, u32),
    /// Extract and check the winner's tree when the prover loses too
    /// (off when a loss is not reported, to save the work).
    pub check_losses: bool,
    /// Likewise when the prover wins.
    pub check_wins: bool,
    /// The root's status, while first moves are being classified.
    best: Status,
    /// Stops this engine's searches from another thread.
    cancel: Option<Arc<AtomicBool>>,
    /// The largest proof written out and checked (`Options::proof_nodes`).
    proof_nodes: usize,
    /// `Options::resume`.
    resume: Option<Resume>,
    /// Where searches on one thread offer a seat to idle workers.
    desk: Option<Arc<HelpDesk>>,
    /// The problem and prover of this engine's searches, for a table
    /// kept for the other side (`tables::reuse_searcher`); None: the
    /// table is not carried over.
    carried: Option<Carried>,
}

impl Engine {
    /// An engine with the table memory, limits and proof-size limit of
    /// `opts` (the ko rule is each search's own).
    pub fn new(opts: &Options) -> Engine {
        Engine {
            memory: opts.memory,
            searcher: None,
            threads: opts.threads.max(1),
            strict: None,
            deadline: opts.limits.time.map(|t| Instant::now() + t),
            positions_left: opts.limits.positions,
            move_cap: None,
            strict_searches: 0,
            positions: 0,
            too_large: 0,
            last_numbers: (1, 1),
            check_losses: true,
            check_wins: true,
            best: Status::Unknown,
            cancel: None,
            proof_nodes: opts.proof_nodes,
            resume: opts.resume,
            desk: None,
            carried: None,
        }
    }

    /// Adds the work of an engine that searched beside this one.
    fn absorb(&mut self, other: &Engine) {
        self.positions += other.positions;
        self.strict_searches += other.strict_searches;
        self.too_large += other.too_large;
        if let Some(left) = self.positions_left.as_mut() {
            *left = left.saturating_sub(other.positions);
        }
    }

    /// The main searcher, set up for `master`'s rules, taken out of the
    /// engine until `decide_in` gives it back.
    fn take_searcher(&mut self, master: KoMaster, prover: Color) -> MainSearcher {
        let rank = rank_of(master, prover);
        let shared = self.threads > 1 || self.desk.is_some();
        let (memory, resume) = (self.memory, self.resume);
        let mut s = self
            .searcher
            .take()
            .or_else(|| take_parked(memory, resume, shared, self.carried))
            .unwrap_or_else(|| reuse_searcher(memory, shared, self.carried));
        each!(&mut s, s => {
            s.set_rank(rank);
            s.set_cancel(self.cancel.clone());
            s.set_proof_limit(self.proof_nodes);
        });
        s
    }

    fn limits(&self) -> Limits {
        let positions = match (self.positions_left, self.move_cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            positions,
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
        }
    }

    fn out_of_budget(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.positions_left == Some(0)
    }

    fn spend(&mut self, n: u64) {
        self.positions += n;
        if let Some(left) = self.positions_left.as_mut() {
            *left = left.saturating_sub(n);
        }
    }

    /// Decides whether `prover` wins from the game's position (after
    /// `moves` from the problem's root with `to_move` first) under
    /// `master`, and checks the winner's tree.
    pub fn decide<O: Observer<Move>>(
        &mut self,
        problem: &Problem,
        to_move: Color,
        prover: Color,
        ko: Ko,
        moves: &[Move],
        observer: &mut O,
    ) -> Verdict {
        if let (Some(desk), Some(left), false) =
            (&self.desk, self.limits().time, self.best == Status::Unknown)
        {
            // Half of what is left: the other half for this side's own moves.
            desk.help_status_searches(left / 2);
        }
        if self.out_of_budget() {
            return Verdict {
                outcome: Outcome::Unknown(if self.positions_left == Some(0) {
                    Stop::Positions
                } else {
                    Stop::Time
                }),
                tree: None,
                checked: false,
                strict: false,
                free: false,
                positions: 0,
            };
        }
        // The views' paths start after `moves`: a viewer must know them to
        // place the paths on the problem's board, and `ko` to say which of
        // the analysis's searches this is.
        observer.search_root(moves, &ko);
        // Every bitboard operation of the search costs in proportion to
        // the words: boards of up to nine rows fit in half of them.
        let (w, h) = problem.search_shape();
        crate::with_words!(words_for(w, h), W => {
            self.decide_in::<W, O>(problem, to_move, prover, ko, moves, observer)
        })
    }

    /// `decide` with bitboards of `W` words.
    fn decide_in<const W: usize, O: Observer<Move>>(
        &mut self,
        problem: &Problem,
        to_move: Color,
        prover: Color,
        ko: Ko,
        moves: &[Move],
        observer: &mut O,
    ) -> Verdict {
        let limits = self.limits();
        let mut game: Tsumego<W> = Tsumego::for_search(problem, to_move, prover, ko);
        for &m in moves {
            game.play(m);
        }
        let mut main = self.take_searcher(ko.master, prover);
        let ctx = (problem, to_move, prover, ko, moves);
        let verdict = match &mut main {
            MainSearcher::Shared(s) if self.threads == 1 && self.desk.is_some() => {
                let before = s.positions();
                let outcome = self.solve_offering(s, &mut game, limits, observer, ctx);
                self.conclude(s, &mut game, outcome, before, ctx)
            }
            _ => each!(&mut main, s => {
                let before = s.positions();
                let outcome = s.solve_threads(&mut game, limits, observer, self.threads);
                self.conclude(s, &mut game, outcome, before, ctx)
            }),
        };
        self.searcher = Some(main);
        verdict
    }

    /// The search of a helped engine (`analyze_helped`): on one thread,
    /// offering a seat at the desk once past its first stretch alone.
    fn solve_offering<const W: usize, O: Observer<Move>>(
        &mut self,
        s: &mut Searcher<Move, Shared>,
        game: &mut Tsumego<W>,
        limits: Limits,
        observer: &mut O,
        (problem, to_move, prover, ko, moves): (&Problem, Color, Color, Ko, &[Move]),
    ) -> Outcome {
        let Some(desk) = self.desk.clone() else {
            return s.solve(game, limits, observer);
        };
        let seat = Arc::new(help::Seat::default());
        let status = self.best == Status::Unknown;
        let mut offer = None;
        let o = s.solve_inviting(game, limits, observer, |h| {
            offer = Some(desk.post(h, problem, to_move, prover, ko, moves, &seat, status));
        });
        if let Some(id) = offer {
            let helped = desk.withdraw(id, &seat);
            self.spend(helped);
        }
        o
    }

    /// `decide_in`'s proof and check after the main searcher `s` came to
    /// `outcome` (its count of positions was `before` at the start).
    fn conclude<const W: usize, S: Words>(
        &mut self,
        s: &mut Searcher<Move, S>,
        game: &mut Tsumego<W>,
        outcome: Outcome,
        before: u64,
        (problem, to_move, prover, ko, moves): (&Problem, Color, Color, Ko, &[Move]),
    ) -> Verdict {
        let check_losses = self.check_losses;
        let check_wins = self.check_wins;
        let numbers = s.root_numbers();
        let free = s.root_free();
        let mut spent = s.positions() - before;
        let mut verdict = Verdict {
            outcome,
            tree: None,
            checked: false,
            strict: false,
            free,
            positions: 0,
        };
        let report = (outcome == Outcome::Proven && check_wins)
            || (outcome == Outcome::Disproven && check_losses);
        if report {
            let want_proof = outcome == Outcome::Proven;
            let before = s.positions();
            let t0 = Instant::now();
            let tree = s.extract(game, want_proof);
            spent += s.positions() - before;
            let t1 = Instant::now();
            let too_large = s.proof_too_large;
            let debug = std::env::var_os("SHIKATSU_DEBUG").is_some();
            if debug {
                let size: usize = tree.as_ref().map_or(0, |t| proof::distinct_size(t));
                eprintln!(
                    "decide {moves:?} {}: {outcome:?} search {} positions, extract {:?} (+{} positions), tree {size}, path stores {}, free {}",
                    ko.describe(),
                    before,
                    t1 - t0,
                    s.positions() - before,
                    s.path_stores,
                    free
                );
            }
            let t2 = Instant::now();
            let checked = tree
                .as_ref()
                .is_some_and(|t| self.check(problem, to_move, prover, ko, moves, want_proof, t));
            if debug {
                eprintln!("check {:?}", t2.elapsed());
            }
            verdict.tree = tree;
            verdict.checked = checked;
            // A proof too large to write out is left unchecked; a strict
            // search would only make it larger.
            if too_large {
                self.too_large += 1;
            }
            if !checked && !too_large {
                // The table misled the extraction: search strictly.
                self.strict_searches += 1;
                // One strict table per analysis (and per thread after):
                // a fresh one would be faulted in page by page each time.
                let memory = self.memory / 2;
                let limits = self.limits();
                let strict = self.strict.get_or_insert_with(|| reuse_plain(memory));
                strict.reset();
                strict.set_strict(true);
                strict.set_cancel(self.cancel.clone());
                strict.set_proof_limit(self.proof_nodes);
                let outcome = strict.solve(game, limits, &mut Unobserved);
                let mut tree = None;
                if let Outcome::Proven | Outcome::Disproven = outcome {
                    tree = strict.extract(game, outcome == Outcome::Proven);
                }
                spent += strict.positions();
                let checked = tree.as_ref().is_some_and(|t| {
                    self.check(
                        problem,
                        to_move,
                        prover,
                        ko,
                        moves,
                        outcome == Outcome::Proven,
                        t,
                    )
                });
                verdict = Verdict {
                    outcome,
                    tree,
                    checked,
                    strict: true,
                    free: false,
                    positions: 0,
                };
            }
        }
        self.last_numbers = numbers;
        self.spend(spent);
        verdict.positions = spent;
        verdict
    }

    #[allow(clippy::too_many_arguments)]
    fn check(
        &self,
        problem: &Problem,
        to_move: Color,
        prover: Color,
        ko: Ko,
        moves: &[Move],
        proven: bool,
        tree: &[Line],
    ) -> bool {
        let winner = if proven { prover } else { prover.opp() };
        match proof::check_from(problem, to_move, winner, ko, moves, tree) {
            Ok(_) => true,
            Err(e) => {
                if std::env::var_os("SHIKATSU_DEBUG").is_some() {
                    eprintln!("{}: checker: {e}", problem.label());
                }
                false
            }
        }
    }
}

/// The main searcher of an engine: its own table, or one that the
/// threads of each search share (`Options::threads`).
enum MainSearcher {
    Plain(Searcher<Move>),
    Shared(Searcher<Move, Shared>),
}

/// Runs `$body` with `$s` bound to the searcher inside `$main`.
macro_rules! each {
    ($main:expr, $s:ident => $body:expr) => {
        match $main {
            MainSearcher::Plain($s) => $body,
            MainSearcher::Shared($s) => $body,
        }
    };
}
use each;

impl MainSearcher {
    fn budget(&self) -> usize {
        each!(self, s => s.budget())
    }
    fn is_shared(&self) -> bool {
        matches!(self, MainSearcher::Shared(_))
    }
    /// An empty table in fast mode, its memory kept.
    fn clear(&mut self) {
        each!(self, s => {
            s.reset();
            s.set_strict(false);
        })
    }
    /// The table turned round for the other side's prover, in fast mode.
    fn flip_prover(&mut self) {
        each!(self, s => {
            s.flip_prover(mirror_rank);
            s.set_strict(false);
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(resume) = self.resume
            && let Some(s) = self.searcher.take()
            && let Ok(mut parked) = PARKED.lock()
        {
            parked.retain(|(r, _, _)| r.owner != resume.owner);
            parked.push((resume, s, self.carried));
        }
        if let Some(s) = self.searcher.take() {
            keep_spare(s, self.carried);
        }
        if let Some(s) = self.strict.take() {
            keep_spare(MainSearcher::Plain(s), None);
        }
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
    let opp = side.opp();
    let mut a = Analysis {
        side,
        rule: opts.ko,
        status: Status::Unknown,
        ko: Ko::default(),
        threats_needed: None,
        opponent_threats_needed: None,
        graded: false,
        life: None,
        first_moves: Vec::new(),
        all_first_moves: false,
        move_grades: Vec::new(),
        other_moves: Vec::new(),
        accepted_status: Vec::new(),
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
    };
    let masters: Vec<(Ko, Status, Status)> = match opts.ko {
        KoRule::Auto => vec![
            (Some(opp).into(), Status::Unconditional, Status::Unknown),
            (Some(side).into(), Status::Ko, Status::Fails),
        ],
        KoRule::Fixed(m) => vec![(m.into(), Status::Wins, Status::Fails)],
        KoRule::Threats([b, w]) => vec![(Ko::threats(b, w), Status::Wins, Status::Fails)],
    };
    let mut all_checked = true;
    // A checked loss with the opponent as ko master: no better than ko.
    let mut not_unconditional = false;
    // Side by side, the two searches below are run by `status_in_parallel`.
    let mut in_turn: &[(Ko, Status, Status)] = &masters;
    if opts.parallel_ko && matches!(opts.ko, KoRule::Auto) {
        all_checked = status_in_parallel(&mut engine, problem, side, opts, &mut a);
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
    // Every first move, at the status it reaches: the main proof's own
    // first move is known; the others are classified in rounds
    // (`classify_moves`), the file's answers first in each, as long as
    // the budget lasts.
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
            _ => &masters,
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
                &mut engine,
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
    }
    // The ko grade takes what is left of the budget: first moves matter more.
    match a.status {
        Status::Unconditional => a.threats_needed = Some(0),
        Status::Ko if !opts.status_only => {
            a.graded = true;
            engine.check_wins = true;
            engine.check_losses = true;
            let (need, opp_need, ok) = ko_grades(&mut engine, observer, problem, side, &[], 0);
            a.threats_needed = need;
            a.opponent_threats_needed = opp_need;
            all_checked &= ok;
            // Which ko is best to start: each move's own grade. A move
            // needs at least what the best move needs.
            if let (true, Some(need)) = (a.first_moves.len() > 1, need) {
                for &m in &a.first_moves {
                    let (n, o, ok) = ko_grades(&mut engine, observer, problem, side, &[m], need);
                    all_checked &= ok;
                    a.move_grades.push((m, n, o));
                }
                // Fewest threats needed, then most needed by the opponent
                // (None: more than the limit), then the smaller proof.
                let key = |&(_, n, o): &(Move, Option<u8>, Option<u8>)| {
                    (
                        n.unwrap_or(u8::MAX),
                        std::cmp::Reverse(o.unwrap_or(u8::MAX)),
                    )
                };
                a.move_grades.sort_by_key(key);
                a.first_moves = a.move_grades.iter().map(|g| g.0).collect();
                // The main proof is what people walk and what the proof SGF
                // holds: let it start with the best ko to start when the
                // status's search happened to prove another.
                let proof_move = a.proof.as_ref().and_then(|t| t.first()).map(|l| l.mv);
                let best = a.first_moves[0];
                if proof_move.is_some_and(|m| m != best) {
                    let v = engine.decide(problem, side, side, a.ko, &[best], observer);
                    if let (Outcome::Proven, true, Some(tree)) = (v.outcome, v.checked, v.tree) {
                        a.proof = Some(vec![Line::new(best, tree)]);
                    }
                }
            }
        }
        _ => {}
    }
    // Eyes or seki, when the walk's quick search from the root did not
    // tell: with what is left, after the first moves and the grade.
    if root_open && !engine.out_of_budget() {
        let left = engine.limits().positions;
        let (life, spent) = life::settle_root(problem, side, a.ko, engine.deadline, left);
        a.life = life;
        engine.spend(spent);
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

/// The ko grade of a ko result (after `moves`): the fewest external
/// threats `side` needs against an opponent with none (`from` or more),
/// then the fewest the opponent needs to turn that; each count is backed
/// by two checked searches (the count wins, one fewer loses; the count
/// below `from` is known to lose). Also says whether every verdict was
/// checked.
fn ko_grades<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    problem: &Problem,
    side: Color,
    moves: &[Move],
    from: u8,
) -> (Option<u8>, Option<u8>, bool) {
    let mut threats = [0u8; 2];
    let mut checked = true;
    // The smallest count for `who`, from `from` up, at which the search
    // ends in `wanted` (`OVER_LIMIT` when no count up to the limit does,
    // None when the budget runs out or a verdict is not checked).
    let mut smallest = |engine: &mut Engine, who: Color, from: u8, wanted: Outcome| {
        for n in from..=GRADE_LIMIT {
            threats[who.index()] = n;
            let ko = Ko::threats(threats[0], threats[1]);
            let too_large = engine.too_large;
            let v = engine.decide(problem, side, side, ko, moves, observer);
            if !v.checked && !matches!(v.outcome, Outcome::Unknown(_)) {
                // No grade from an unchecked verdict: a proof too large to
                // check leaves the grade open, a rejected one is a bug.
                checked &= engine.too_large > too_large;
                return None;
            }
            match v.outcome {
                Outcome::Unknown(_) => return None,
                o if o == wanted => return Some(n),
                _ => {}
            }
        }
        Some(OVER_LIMIT)
    };
    let need = smallest(engine, side, from, Outcome::Proven);
    // Against a side that needs more threats than the limit, the
    // opponent's count is not asked.
    let opp_need = need
        .filter(|&n| n <= GRADE_LIMIT)
        .and_then(|_| smallest(engine, side.opp(), 1, Outcome::Disproven));
    (need, opp_need, checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A count past the limit is told apart from one the search left open,
    /// in the table's text and in JSON's numbers (null for both there).
    #[test]
    fn grades_say_past_the_limit_apart_from_unknown() {
        assert_eq!(grade_text(Some(0), Some(1)), "0/1");
        assert_eq!(grade_text(Some(0), Some(OVER_LIMIT)), "0/>6");
        assert_eq!(grade_text(Some(1), None), "1/?");
        assert_eq!(grade_text(Some(OVER_LIMIT), None), ">6/-");
        assert_eq!(count_value(Some(GRADE_LIMIT)), Some(6));
        assert_eq!(count_value(Some(OVER_LIMIT)), None);
        assert_eq!(count_value(None), None);
    }
}
