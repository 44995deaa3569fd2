//! The engine of an analysis: one table for every search of a side to
//! move, each search's verdict extracted from the table and checked, a
//! strict search when the table misled the extraction, and a search on
//! an empty table when the earlier searches' results made the proof too
//! large to write out.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::help::{self, HelpDesk};
use super::tables::{Carried, PARKED, keep_spare, reuse_plain, reuse_searcher, take_parked};
use super::{Options, Resume, Status, Verdict};
use crate::board::{Color, Move, words_for};
use crate::dfpn::{Game, Limits, Observer, Outcome, Searcher, Shared, Stop, Unobserved, Words};
use crate::problem::{Ko, Problem};
use crate::proof::{self, Line};
use crate::tsumego::{KoMaster, Tsumego};

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

/// One table for every ko setting: keys do not include the master
/// (threat counts are part of the position), and each result is marked
/// with how favourable its setting was to the prover, so a proof made when
/// the opponent was ko master is used again when nobody or the prover is.
pub struct Engine {
    pub(super) memory: usize,
    pub(super) searcher: Option<MainSearcher>,
    /// `Options::threads`.
    pub(super) threads: usize,
    /// The table of the searches made again (`retry`), made when first
    /// needed.
    spare: Option<Searcher<Move>>,
    pub(super) deadline: Option<Instant>,
    pub(super) positions_left: Option<u64>,
    /// Positions for each search of the current round of first moves.
    pub(super) move_cap: Option<u64>,
    pub strict_searches: u32,
    pub positions: u64,
    /// Proofs found but too large to write out and check.
    pub too_large: u32,
    pub(super) last_numbers: (u32, u32),
    /// Extract and check the winner's tree when the prover loses too
    /// (off when a loss is not reported, to save the work).
    pub check_losses: bool,
    /// Likewise when the prover wins.
    pub check_wins: bool,
    /// Leave a written-out solution unchecked (the verdict's `tree` set,
    /// `checked` false) for the caller to `check` if it comes to matter.
    pub defer_check: bool,
    /// The root's status, while first moves are being classified.
    pub(super) best: Status,
    /// Stops this engine's searches from another thread.
    pub(super) cancel: Option<Arc<AtomicBool>>,
    /// The largest proof written out and checked (`Options::proof_nodes`).
    pub(super) proof_nodes: usize,
    /// `Options::resume`.
    resume: Option<Resume>,
    /// Where searches on one thread offer a seat to idle workers.
    pub(super) desk: Option<Arc<HelpDesk>>,
    /// The problem and prover of this engine's searches, for a table
    /// kept for the other side (`tables::reuse_searcher`); None: the
    /// table is not carried over.
    pub(super) carried: Option<Carried>,
    /// `Options::debug`.
    pub(super) debug: bool,
    /// Where the attacker proves, search the relaxed game
    /// (`Tsumego::relax`); `SHIKATSU_NO_RELAX` turns it off, to measure.
    relax: bool,
}

impl Engine {
    /// An engine with the table memory, limits and proof-size limit of
    /// `opts` (the ko rule is each search's own).
    pub fn new(opts: &Options) -> Engine {
        Engine {
            memory: opts.memory,
            searcher: None,
            threads: opts.threads.max(1),
            spare: None,
            // A limit too far off for the clock (`1e19` seconds, or `r` in
            // the terminal UI doubling it past that) is no deadline.
            deadline: opts.limits.time.and_then(|t| Instant::now().checked_add(t)),
            positions_left: opts.limits.positions,
            move_cap: None,
            strict_searches: 0,
            positions: 0,
            too_large: 0,
            last_numbers: (1, 1),
            check_losses: true,
            check_wins: true,
            defer_check: false,
            best: Status::Unknown,
            cancel: None,
            proof_nodes: opts.proof_nodes,
            resume: opts.resume,
            desk: None,
            carried: None,
            debug: opts.debug,
            relax: std::env::var_os("SHIKATSU_NO_RELAX").is_none(),
        }
    }

    /// Adds the work of an engine that searched beside this one.
    pub(super) fn absorb(&mut self, other: &Engine) {
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

    pub(super) fn limits(&self) -> Limits {
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

    pub(super) fn out_of_budget(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.positions_left == Some(0)
    }

    pub(super) fn spend(&mut self, n: u64) {
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
        let held = observer.held();
        let asked = (problem, to_move, prover, ko, moves);
        let verdict = crate::with_words!(words_for(w, h), W => {
            self.decide_in::<W, O>(asked, observer)
        });
        // A viewer's pause is not the analysis's time: its deadline moves
        // on by as much (the search itself already left it out).
        let paused = observer.held().saturating_sub(held);
        if !paused.is_zero() {
            self.deadline = self.deadline.and_then(|d| d.checked_add(paused));
        }
        verdict
    }

    /// `decide` with bitboards of `W` words.
    fn decide_in<const W: usize, O: Observer<Move>>(
        &mut self,
        ctx: Asked,
        observer: &mut O,
    ) -> Verdict {
        let (problem, to_move, prover, ko, moves) = ctx;
        let limits = self.limits();
        let mut game: Tsumego<W> = Tsumego::for_search(problem, to_move, prover, ko);
        for &m in moves {
            game.play(m);
        }
        let mut main = self.take_searcher(ko.master, prover);
        // Only a win that is written out and checked may come from the
        // relaxed game: its proofs are candidates until their walk.
        let relaxed = game.relax(self.relax && self.check_wins);
        each!(&mut main, s => s.set_relaxed(relaxed));
        // The positions counted so far, and whether earlier searches left
        // results in the table.
        let start = each!(&main, s => (s.positions(), s.table().used() > 0));
        let verdict = match &mut main {
            MainSearcher::Shared(s) if self.threads == 1 && self.desk.is_some() => {
                let outcome = self.solve_offering(s, &mut game, limits, observer, ctx);
                self.conclude(s, &mut game, outcome, start, ctx)
            }
            _ => each!(&mut main, s => {
                let outcome = s.solve_threads(&mut game, limits, observer, self.threads);
                self.conclude(s, &mut game, outcome, start, ctx)
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
        (problem, to_move, prover, ko, moves): Asked,
    ) -> Outcome {
        let Some(desk) = self.desk.clone() else {
            return s.solve(game, limits, observer);
        };
        let seat = Arc::new(help::Seat::default());
        let status = self.best == Status::Unknown;
        let relaxed = game.relaxed();
        let mut offer = None;
        let o = s.solve_inviting(game, limits, observer, |h| {
            offer = Some(desk.post(
                h,
                problem,
                to_move,
                prover,
                ko,
                moves,
                &seat,
                (status, relaxed),
            ));
        });
        if let Some(id) = offer {
            let helped = desk.withdraw(id, &seat);
            self.spend(helped);
        }
        o
    }

    /// `decide_in`'s proof and check after the main searcher `s` came to
    /// `outcome` (its count of positions was `before` at the start, and
    /// its table held results of earlier searches when `carried`).
    fn conclude<const W: usize, S: Words>(
        &mut self,
        s: &mut Searcher<Move, S>,
        game: &mut Tsumego<W>,
        outcome: Outcome,
        (before, carried): (u64, bool),
        ctx: Asked,
    ) -> Verdict {
        let (problem, to_move, _, ko, moves) = ctx;
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
            let debug = self.debug;
            if debug {
                let size: usize = tree.as_ref().map_or(0, |t| proof::distinct_size(t));
                let left = self.deadline.map(|d| d.saturating_duration_since(t0));
                eprintln!(
                    "{} {to_move:?} to move, {left:?} left: decide {moves:?} {}: {outcome:?} search {} positions, extract {:?} (+{} positions), tree {size}, path stores {}, free {}",
                    problem.label(),
                    ko.describe(),
                    before,
                    t1 - t0,
                    s.positions() - before,
                    s.path_stores,
                    free
                );
            }
            let t2 = Instant::now();
            let deferred = self.defer_check && tree.is_some();
            let checked = !deferred
                && tree
                    .as_ref()
                    .is_some_and(|t| self.check(ctx, want_proof, t));
            if debug {
                eprintln!("check {:?}", t2.elapsed());
            }
            verdict.tree = tree;
            verdict.checked = checked;
            if too_large && carried {
                // Results of earlier searches (other ko settings, other
                // threat counts, other first moves) can steer the walk
                // into a solution far larger than a search of this one
                // question finds: ask it again on an empty table.
                let (fresh, positions) = self.retry(game, ctx, false);
                spent += positions;
                if self.debug {
                    eprintln!(
                        "fresh retry {moves:?} {}: {:?} in {positions} positions, checked {}",
                        ko.describe(),
                        fresh.outcome,
                        fresh.checked
                    );
                }
                if fresh.checked {
                    verdict = fresh;
                }
            }
            // A proof too large to write out is left unchecked; a strict
            // search would only make it larger.
            if too_large && !verdict.checked {
                self.too_large += 1;
            }
            if !checked && !too_large && !deferred && game.relaxed() {
                // A relaxed proof that did not hold: the full game goes on
                // from the table, where its relaxed proofs no longer count.
                // Fills matter in this position: the side's later searches
                // (grades, first moves) play the full game from the start
                // (the five graded files where this happens: 5.76M
                // positions to 5.28M in their full analysis).
                self.relax = false;
                if self.debug {
                    eprintln!(
                        "{} {to_move:?} to move: decide {moves:?} {}: the relaxed proof's walk failed, the full game goes on",
                        problem.label(),
                        ko.describe()
                    );
                }
                self.spend(spent);
                game.relax(false);
                s.set_relaxed(false);
                let start = (s.positions(), true);
                let outcome = s.solve(game, self.limits(), &mut Unobserved);
                let mut again = self.conclude(s, game, outcome, start, ctx);
                again.positions += spent;
                return again;
            }
            if !checked && !too_large && !deferred {
                // The table misled the extraction: search strictly.
                let (strict, positions) = self.retry(game, ctx, true);
                verdict = strict;
                spent += positions;
            }
        }
        self.last_numbers = numbers;
        self.spend(spent);
        verdict.positions = spent;
        verdict
    }

    /// The search again on an empty table of its own, for a verdict
    /// whose proof the main table misled or made too large; and its
    /// positions. `strict`: without transpositions (every result keyed
    /// by its path, immune to graph-history interaction).
    fn retry<const W: usize>(
        &mut self,
        game: &mut Tsumego<W>,
        ctx: Asked,
        strict: bool,
    ) -> (Verdict, u64) {
        if strict {
            self.strict_searches += 1;
        }
        // One such table per analysis (and per thread after): a fresh
        // one would be faulted in page by page each time.
        let memory = self.memory / 2;
        let limits = self.limits();
        game.relax(false);
        let s = self.spare.get_or_insert_with(|| reuse_plain(memory));
        s.reset();
        s.set_strict(strict);
        s.set_rank(rank_of(ctx.3.master, ctx.2));
        s.set_cancel(self.cancel.clone());
        s.set_proof_limit(self.proof_nodes);
        let outcome = s.solve(game, limits, &mut Unobserved);
        let mut tree = None;
        if let Outcome::Proven | Outcome::Disproven = outcome {
            tree = s.extract(game, outcome == Outcome::Proven);
        }
        let positions = s.positions();
        let checked =
            (tree.as_ref()).is_some_and(|t| self.check(ctx, outcome == Outcome::Proven, t));
        let verdict = Verdict {
            outcome,
            tree,
            checked,
            strict,
            free: false,
            positions: 0,
        };
        (verdict, positions)
    }

    /// Whether the independent checker accepts `tree` as the winner's
    /// solution (the prover's when `proven`) of the position asked.
    pub(super) fn check(
        &self,
        (problem, to_move, prover, ko, moves): Asked,
        proven: bool,
        tree: &[Line],
    ) -> bool {
        let winner = if proven { prover } else { prover.opp() };
        match proof::check_from(problem, to_move, winner, ko, moves, tree) {
            Ok(_) => true,
            Err(e) => {
                if self.debug {
                    eprintln!("{}: checker: {e}", problem.label());
                }
                false
            }
        }
    }
}

/// What a search was asked: the problem, the side to move at its root,
/// the prover, the ko setting and the moves from the problem's root.
pub(super) type Asked<'a> = (&'a Problem, Color, Color, Ko, &'a [Move]);

/// The main searcher of an engine: its own table, or one that the
/// threads of each search share (`Options::threads`).
pub(super) enum MainSearcher {
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
pub(super) use each;

impl MainSearcher {
    pub(super) fn budget(&self) -> usize {
        each!(self, s => s.budget())
    }
    pub(super) fn is_shared(&self) -> bool {
        matches!(self, MainSearcher::Shared(_))
    }
    /// An empty table in fast mode, its memory kept.
    pub(super) fn clear(&mut self) {
        each!(self, s => {
            s.reset();
            s.set_strict(false);
        })
    }
    /// The table turned round for the other side's prover, in fast mode.
    pub(super) fn flip_prover(&mut self) {
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
        if let Some(s) = self.spare.take() {
            keep_spare(MainSearcher::Plain(s), None);
        }
    }
}
