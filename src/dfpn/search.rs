//! The df-pn MID loop and its table probes; the solution's extraction
//! (`extract`), the search's view for observers (`observe`) and searches
//! on several threads (`threads`) are its submodules.
//!
//! Each call of `mid` keeps its children's proof and disproof numbers in
//! a local list (one buffer per depth, reused, so no allocation per
//! node): the TT is probed once per child per expansion, and a child's
//! result comes back from its own call instead of a second probe. That
//! also lets a path-dependent result, which is not stored under the
//! position key, be used by the parent that asked for it.
//!
//! Child thresholds follow Nagai with the 1+ε trick of Pawlewicz and Lew:
//! the best child may run until it is worse than `(1+ε)` times the second
//! best, which cuts the re-expansions that `second + 1` causes.

use rustc_hash::FxHashSet as HashSet;
use std::hint::select_unpredictable;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

mod extract;
mod observe;
mod threads;

use extract::Extraction;
pub use extract::ProofNode;
pub use observe::{Observer, SearchView, Step, Unobserved};
use threads::Door;
pub use threads::Invitation;

use super::recent::Recent;
use super::tt::{Entry, Plain, Shared, Table, Words};
use super::{
    Child, Expansion, Game, INF, MAX_FINITE, NO_DEP, NodeKind, Outcome, PnDn, Stop, extend_path,
};

/// Limits on one search. `None` means unlimited.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub positions: Option<u64>,
    pub time: Option<Duration>,
}

#[derive(Clone, Copy)]
struct Slot<M> {
    mv: M,
    key: u64,
    pn: PnDn,
    dn: PnDn,
    dep: u32,
    work: u32,
    /// The move is bound to the current rules (`Child::bound`).
    bound: bool,
    /// The child's result, once final, holds under every rank's rules.
    free: bool,
}

#[derive(Clone, Copy, Debug)]
struct NodeResult {
    pn: PnDn,
    dn: PnDn,
    dep: u32,
    work: u32,
    free: bool,
    /// `Game::move_code` of the winning move, when the mover won.
    best: u32,
}

const CLOCK_EVERY: u64 = 1024;
/// The rank bit of a relaxed game's results (`Searcher::set_relaxed`).
const RELAXED: u8 = 0x40;
/// Most distinct nodes an extracted proof may have before extraction gives
/// up (with its sharing summaries, about 300 MB; the largest suite proof
/// has 0.4 million).
pub const PROOF_NODE_LIMIT: usize = 2_000_000;
/// Most searches again after an extraction the table misled, before
/// giving up (the caller then searches without transpositions).
const REPAIR_ROUNDS: usize = 256;
/// Largest refutation of a pass written out for its zone.
const ZONE_SOLUTION_LIMIT: usize = 100_000;
/// Most refutations at one node, in one visit, whose zones are looked for.
const ZONE_TRIES: u32 = 2;
/// Most covers a proof's walk looks for at one node.
const ZONE_COVERS: usize = 4;
/// The most a root move's proof number is weighted by `root_prior`:
/// graded files 23.81M positions with 32, 23.82M with 4 and 8, against
/// 24.71M without the weights (benches/README, session 31).
const ROOT_PRIOR_CAP: PnDn = 32;

/// A df-pn search over any `Game`: its transposition table (its own, or
/// `Shared` words that helper threads use too), its counts and limits.
/// The table is kept from one `solve` to the next, so later searches of
/// the same game start from what earlier ones learnt.
pub struct Searcher<M, S: Words = Plain> {
    /// The memory asked for the table.
    budget: usize,
    tt: Table<S>,
    children: Vec<Vec<Child<M>>>,
    slots: Vec<Vec<Slot<M>>>,
    path: Vec<Step<M>>,
    positions: u64,
    /// Positions the searches made on the table before the counts last
    /// started again while it kept what they learnt (`restart_counts`,
    /// `flip_prover`): with `positions`, the work that filled the table
    /// since it was last cleared, which bounds a proof's repairs
    /// (`extract`).
    carried: u64,
    expansions: u64,
    limits: Limits,
    /// When the current `solve` began, and what its observer had held
    /// the searches till then.
    clock: Stopwatch,
    next_clock: u64,
    /// `positions` when the current `solve` began: its position limit
    /// counts from there (the count goes on from one solve to the next).
    solve_start: u64,
    stopped: Option<Stop>,
    /// Some path-keyed results exist: children must probe their path key too.
    path_entries: bool,
    /// Key every result by its exact path (no transpositions): slower but
    /// immune to every form of graph-history interaction.
    strict: bool,
    root_pn: PnDn,
    root_dn: PnDn,
    /// The last search's result holds under the rules of every rank.
    root_free: bool,
    epsilon_div: PnDn,
    /// Final results stored under a path key (path-dependent).
    pub path_stores: u64,
    /// The last extraction stopped at the proof size limit.
    pub proof_too_large: bool,
    /// How favourable the current rules are to the prover (see `set_rank`).
    rank: u8,
    /// Positions whose table result misled an extraction: their final
    /// results are kept by path from then on.
    path_only: HashSet<u64>,
    /// Set by another thread to stop the search (looked at with the clock).
    cancel: Option<Arc<AtomicBool>>,
    /// Set when another thread's search of the same root has decided it
    /// (see `solve_threads`).
    decided_elsewhere: Option<Arc<AtomicBool>>,
    /// Positions `solve_threads` searches alone before helpers join.
    share_after: u64,
    /// Most distinct nodes an extracted proof may have.
    proof_limit: usize,
    /// What turns the key of a position below the move being searched
    /// into the key of the same position below a sibling move already
    /// lost for the same side (XOR: the two moves' stones swapped), 0
    /// when there is none. See `hint_from_analog`.
    analog: u64,
    /// Relevance zones (`Game::zone_covers`) are used at the loser's turn.
    zones: bool,
    covered: Vec<bool>,
    /// Children taken as won by zones, and the zones looked for.
    pub zone_stats: (u64, u64),
    /// The moves of the positions expanded last (see `recent`).
    recent: Recent<M>,
    /// Path keys of the nodes the searches sharing this table are in
    /// (see `helper`), by their low bits.
    busy: Option<Arc<[AtomicU64]>>,
    /// Where a helper may ask to join the current search (`solve_inviting`).
    door: Option<Arc<Door<M, S>>>,
    /// In a search with helper threads, the positions they have made and
    /// not yet handed over (`SearchView::helper_positions`).
    helpers_live: Option<Arc<AtomicU64>>,
    /// In a helper, where it reports its positions as it goes, and how
    /// many it has reported.
    report_to: Option<Arc<AtomicU64>>,
    reported: u64,
}

/// Positions a search makes alone before helpers join it (`solve_threads`):
/// a shared table is spread over its whole budget, which a small problem
/// pays for in page faults (gop/14352 B took 0.04 s alone and 0.8 s on two
/// threads with a 256 MB table).
const SHARE_AFTER: u64 = 2_000_000;

impl<M: Copy + Eq + std::fmt::Debug> Searcher<M> {
    /// A searcher with a table of `tt_bytes` of its own.
    pub fn new(tt_bytes: usize) -> Searcher<M> {
        Searcher::with_words(tt_bytes)
    }
}

impl<M: Copy + Eq + std::fmt::Debug> Searcher<M, Shared> {
    /// A searcher whose table other threads' searches may share (see
    /// `helper`).
    pub fn new_shared(tt_bytes: usize) -> Searcher<M, Shared> {
        Searcher::with_words(tt_bytes)
    }
}

impl<M: Copy + Eq + std::fmt::Debug, S: Words> Searcher<M, S> {
    fn with_words(tt_bytes: usize) -> Searcher<M, S> {
        Searcher {
            budget: tt_bytes,
            tt: Table::with_memory(tt_bytes),
            children: Vec::new(),
            slots: Vec::new(),
            path: Vec::new(),
            positions: 0,
            carried: 0,
            expansions: 0,
            limits: Limits::default(),
            clock: Stopwatch {
                start: Instant::now(),
                held: Duration::ZERO,
            },
            next_clock: CLOCK_EVERY,
            solve_start: 0,
            stopped: None,
            path_entries: false,
            strict: false,
            root_pn: 1,
            root_dn: 1,
            root_free: false,
            epsilon_div: 4,
            path_stores: 0,
            proof_too_large: false,
            rank: 0,
            path_only: HashSet::default(),
            cancel: None,
            decided_elsewhere: None,
            share_after: SHARE_AFTER,
            proof_limit: PROOF_NODE_LIMIT,
            analog: 0,
            zones: false,
            covered: Vec::new(),
            zone_stats: (0, 0),
            recent: Recent::new(),
            busy: None,
            door: None,
            helpers_live: None,
            report_to: None,
            reported: 0,
        }
    }

    /// Uses relevance zones from now on (see `Game::zone_covers`).
    pub fn set_zones(&mut self, zones: bool) {
        self.zones = zones;
    }

    /// The table memory this searcher was made with.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// Searches from now on are under rules of this rank, keeping what
    /// the table learnt under other ranks. The caller promises that ranks
    /// order the rules by how favourable they are to the same prover, on
    /// the same positions and keys: a proof found under a lower rank holds
    /// under a higher one, a disproof under a higher rank holds under a
    /// lower one. Other results of another rank are not used, except
    /// final ones that no move bound to the rules (`Child::bound`, a ban)
    /// took part in, and unfinished numbers as estimates. Below `RELAXED`
    /// (64), the bit `set_relaxed` adds.
    pub fn set_rank(&mut self, rank: u8) {
        debug_assert!(rank < RELAXED);
        self.rank = rank;
    }

    /// Searches from now on are of a relaxed game, one that leaves out
    /// some of the opponent's moves (`relaxed`), or of the full game
    /// again. The game itself must leave them out (`Game::unrelax_here`
    /// puts them back where they matter). A disproof found in it holds in
    /// the full game; a proof is only a candidate, kept apart in the
    /// table (marked `RELAXED` in its rank, never free) so that no search
    /// of the full game takes it as proven. A relaxed proof's walk
    /// (`extract`) makes every move the full game has and searches
    /// whatever it does not find proven, and the checker replays the
    /// result: a candidate that does not hold costs time, never a wrong
    /// answer.
    pub fn set_relaxed(&mut self, relaxed: bool) {
        self.rank = (self.rank & !RELAXED) | if relaxed { RELAXED } else { 0 };
    }

    /// Whether searches play a relaxed game (`set_relaxed`).
    fn relaxed(&self) -> bool {
        self.rank & RELAXED != 0
    }

    /// Searches stop (`Stop::Cancelled`) once `flag` is set; it is read
    /// as rarely as the clock, so it costs nothing per position.
    pub fn set_cancel(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.cancel = flag;
    }

    /// Positions `solve_threads` searches alone before other threads join
    /// (`SHARE_AFTER` unless set; tests share from the first position).
    pub fn set_share_after(&mut self, positions: u64) {
        self.share_after = positions;
    }

    /// The most distinct nodes `extract` writes out before it gives up
    /// (`PROOF_NODE_LIMIT` unless set).
    pub fn set_proof_limit(&mut self, nodes: usize) {
        self.proof_limit = nodes;
    }

    /// Keys results by their exact path from now on (see `strict`).
    pub fn set_strict(&mut self, strict: bool) {
        self.strict = strict;
    }
    pub fn positions(&self) -> u64 {
        self.positions
    }
    pub fn expansions(&self) -> u64 {
        self.expansions
    }
    /// Expansions whose moves were copied from a recent one.
    pub fn recent_hits(&self) -> u64 {
        self.recent.hits
    }
    pub fn table(&self) -> &Table<S> {
        &self.tt
    }
    pub fn root_numbers(&self) -> (PnDn, PnDn) {
        (self.root_pn, self.root_dn)
    }
    /// Whether the last search's proof or disproof holds under the rules
    /// of every rank: no move bound to the rules took part in it.
    pub fn root_free(&self) -> bool {
        self.root_free
    }

    /// Starts the counts of positions and expansions again, keeping what
    /// the table learnt (a search resumed by a new caller).
    pub fn restart_counts(&mut self) {
        self.carried += self.positions;
        self.positions = 0;
        self.expansions = 0;
        self.path.clear();
    }

    /// Keeps what the table learnt for the next search, of the same game
    /// with the other player as the prover (`Table::flip_prover`): for a
    /// problem solved for both sides to move, the second side's search
    /// meets many of the first one's positions (where a pass puts the
    /// same stones before the same player), and their final results hold
    /// for it turned round. `mirror` maps each rank (`set_rank`) to the
    /// rank of the same rules for the other prover, None for rules it
    /// has no counterpart of.
    pub fn flip_prover(&mut self, mirror: impl Fn(u8) -> Option<u8>) {
        self.tt.flip_prover(mirror);
        self.carried += self.positions;
        self.forget_counts();
    }

    /// Forgets everything learnt: the next search starts afresh.
    pub fn reset(&mut self) {
        self.tt.new_search();
        self.carried = 0;
        self.forget_counts();
    }

    fn forget_counts(&mut self) {
        self.positions = 0;
        self.expansions = 0;
        self.path_entries = false;
        self.path_only.clear();
        self.path.clear();
        self.root_pn = 1;
        self.root_dn = 1;
    }

    /// Proves or disproves the root (the game's current position) within
    /// the limits. The table is kept, so a second call continues.
    pub fn solve<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        game: &mut G,
        limits: Limits,
        observer: &mut O,
    ) -> Outcome {
        self.limits = limits;
        self.recent.clear();
        self.clock = Stopwatch::start(observer);
        self.next_clock = self.positions + CLOCK_EVERY;
        self.stopped = None;
        let root_path = extend_path(0, game.key());
        let before = self.positions;
        self.solve_start = before;
        let r = self.mid(game, INF, INF, root_path, observer);
        self.root_pn = r.pn;
        self.root_dn = r.dn;
        self.root_free = r.free && !(r.pn == 0 && self.relaxed());
        if r.pn == 0 {
            Outcome::Proven
        } else if r.dn == 0 {
            Outcome::Disproven
        } else {
            Outcome::Unknown(self.stopped.unwrap_or(Stop::Memory))
        }
    }

    /// Proof and disproof numbers the table holds for a child of the
    /// position whose path key is `path` (for viewers walking the tree).
    pub fn lookup(&mut self, path: u64, child_key: u64) -> Option<(PnDn, PnDn)> {
        self.probe(path, child_key).map(|(e, _)| (e.pn, e.dn))
    }

    #[inline(always)]
    fn probe(&mut self, path: u64, key: u64) -> Option<(Entry, u32)> {
        let child_path = extend_path(path, key);
        if self.strict {
            return self.tt.get(child_path).map(|e| (e, e.dep));
        }
        let plain = self.tt.get(key).filter(|e| self.holds(e));
        if let Some(e) = plain
            && (e.pn == 0 || e.dn == 0)
        {
            return Some((e, NO_DEP));
        }
        if self.path_entries
            && let Some(e) = self.tt.get_near(key, child_path)
            && self.holds(&e)
        {
            return Some((e, e.dep));
        }
        plain.map(|e| (e, NO_DEP))
    }

    /// `probe` for a child, falling back on a free result kept under the
    /// child's free key.
    #[inline(always)]
    fn probe_child(&mut self, path: u64, c: &Child<M>) -> Option<(Entry, u32)> {
        let found = self.probe(path, c.key);
        if c.free_key == c.key
            || self.strict
            || found.is_some_and(|(e, _)| e.pn == 0 || e.dn == 0)
            || (!self.path_only.is_empty() && self.path_only.contains(&c.key))
        {
            return found;
        }
        match self.tt.get(c.free_key) {
            Some(e) if e.free => Some((e, NO_DEP)),
            _ => found,
        }
    }

    /// Whether an entry tells something about the current rules.
    /// Unfinished numbers of another rank pass as estimates: df-pn's
    /// results never rest on them.
    #[inline]
    fn holds(&self, e: &Entry) -> bool {
        // Disproofs are never marked relaxed (they hold in the full game).
        let base = self.rank & !RELAXED;
        e.rank == self.rank
            || (e.pn != 0 && e.dn != 0)
            || e.free
            || (e.pn == 0
                && (e.rank & !RELAXED) <= base
                && (e.rank & RELAXED) <= (self.rank & RELAXED))
            || (e.dn == 0 && e.rank >= base)
    }

    fn store(&mut self, path: u64, key: u64, free_key: u64, depth: u32, r: NodeResult) {
        let final_ = r.pn == 0 || r.dn == 0;
        let relaxed_proof = r.pn == 0 && self.relaxed();
        let entry = Entry {
            pn: r.pn,
            dn: r.dn,
            work: r.work,
            dep: r.dep,
            rank: if r.dn == 0 {
                self.rank & !RELAXED
            } else {
                self.rank
            },
            free: r.free && final_ && !relaxed_proof,
            best: r.best,
        };
        if self.strict {
            self.tt.put(path, entry);
        } else if final_
            && (r.dep < depth || (!self.path_only.is_empty() && self.path_only.contains(&key)))
        {
            self.path_entries = true;
            self.path_stores += 1;
            self.tt.put_near(key, path, entry);
        } else {
            let entry = Entry {
                dep: NO_DEP,
                ..entry
            };
            self.tt.put(key, entry);
            if entry.free && free_key != key {
                self.tt.put(free_key, entry);
            }
        }
    }

    /// Drops what `store` may have kept for this node.
    fn forget(&mut self, path: u64, key: u64, free_key: u64) {
        if self.strict {
            self.tt.forget(path, path);
        } else {
            self.tt.forget(key, key);
            self.tt.forget(key, path);
            if free_key != key {
                self.tt.forget(free_key, free_key);
            }
        }
    }

    #[inline]
    fn check_limits<O: Observer<M>>(&mut self, observer: &O) {
        if let Some(max) = self.limits.positions
            && self.positions - self.solve_start >= max
        {
            self.stopped = Some(Stop::Positions);
        }
        // Reading the clock costs more than an expansion: do it rarely.
        if self.positions < self.next_clock {
            return;
        }
        self.next_clock = self.positions + CLOCK_EVERY;
        if let Some(r) = &self.report_to {
            r.fetch_add(self.positions - self.reported, Ordering::Relaxed);
            self.reported = self.positions;
        }
        if self.door.as_ref().is_some_and(|d| d.is_wanted()) {
            self.seat_helper();
        }
        if [&self.cancel, &self.decided_elsewhere]
            .into_iter()
            .flatten()
            .any(|c| c.load(Ordering::Relaxed))
        {
            self.stopped = Some(Stop::Cancelled);
        }
        if self.time_is_up(observer) {
            self.stopped = Some(Stop::Time);
        }
    }

    /// Whether the search's clock has run past its time limit.
    #[inline]
    fn time_is_up<O: Observer<M>>(&self, observer: &O) -> bool {
        self.limits
            .time
            .is_some_and(|t| self.clock.ran(observer) >= t)
    }

    fn take_buffers(&mut self, depth: usize) -> (Vec<Child<M>>, Vec<Slot<M>>) {
        while self.children.len() <= depth {
            self.children.push(Vec::new());
            self.slots.push(Vec::new());
        }
        (
            std::mem::take(&mut self.children[depth]),
            std::mem::take(&mut self.slots[depth]),
        )
    }

    fn give_buffers(&mut self, depth: usize, c: Vec<Child<M>>, s: Vec<Slot<M>>) {
        self.children[depth] = c;
        self.slots[depth] = s;
    }

    /// Multiple iterative deepening at the current node.
    fn mid<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        game: &mut G,
        th_pn: PnDn,
        th_dn: PnDn,
        path: u64,
        observer: &mut O,
    ) -> NodeResult {
        let depth = game.depth();
        let key = game.key();
        let free_key = game.free_key(key);
        let start_positions = self.positions;
        // The node's own entry (its work so far, for the store) is fetched
        // now and read once the children are made: read here, its miss
        // held up the expansion and the children's fetches behind it
        // (graded files 4% less time, benches/README, session 53).
        self.tt.prefetch(if self.strict { path } else { key });
        let (mut children, mut slots) = self.take_buffers(depth as usize);
        let kind = game.kind();
        // The analogue's entry is read once the children are made.
        let analog = match kind {
            NodeKind::And if !self.strict => self.analog,
            _ => 0,
        };
        if analog != 0 {
            self.tt.prefetch(key ^ analog);
        }
        let expansion = self.expand(game, path, key, &mut children);
        let old_work = self.probe_self_work(path, key);
        self.positions += children.len() as u64;
        self.expansions += 1;
        self.check_limits(observer);

        let (ban_dep, banned) = match expansion {
            Expansion::Terminal {
                prover_wins,
                dep,
                bound,
            } => {
                let r = NodeResult {
                    pn: if prover_wins { 0 } else { INF },
                    dn: if prover_wins { INF } else { 0 },
                    dep,
                    work: 1,
                    free: !bound,
                    best: 0,
                };
                self.give_buffers(depth as usize, children, slots);
                self.store(path, key, free_key, depth, r);
                // A viewer sees this expansion too: with no moves, and the
                // step into it carrying its result.
                if let Some(step) = self.path.last_mut() {
                    (step.pn, step.dn) = (r.pn, r.dn);
                }
                self.show(&[], observer);
                return r;
            }
            Expansion::Moves { ban_dep, banned } => (ban_dep, banned),
        };

        self.fill_slots(path, &children, &mut slots);

        if analog != 0 {
            self.hint_from_analog(game, key ^ analog, &mut slots);
        }
        let prior = if self.path.is_empty()
            && kind == NodeKind::Or
            && self.rank & !RELAXED > 0
            && !self.strict
        {
            self.root_prior(&slots)
        } else {
            Vec::new()
        };
        // Relevance zones: once one of the loser's moves is refuted, the
        // moves its refutation covers are won too.
        let proof_here = kind == NodeKind::And;
        let zones_here = self.zones && !self.strict;
        let pass_covers = zones_here && game.zones_apply(proof_here);
        let mut zone_tries = 0;
        let mut first = true;
        let (mut pn, mut dn);
        loop {
            let (numbers, mut best, mut second) = survey(kind, &slots);
            if !prior.is_empty() {
                (best, second) = weighted_choice(&slots, &prior);
            }
            (pn, dn) = numbers;
            // The root's numbers are what a viewer watches: keep them current.
            if self.path.is_empty() {
                self.root_pn = pn;
                self.root_dn = dn;
            }
            if first {
                first = false;
                self.show(&slots, observer);
            }
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn || self.stopped.is_some() {
                break;
            }
            let mut s = slots[best];
            if self.busy.is_some()
                && let Some(j) = self.steer(kind, path, &slots, best, (th_pn, th_dn))
            {
                best = j;
                s = slots[j];
                second = second.max(self.widen(match kind {
                    NodeKind::Or => s.pn,
                    NodeKind::And => s.dn,
                }));
            }
            let (c_pn, c_dn) = match kind {
                NodeKind::Or => (
                    th_pn.min(self.widen(second)),
                    th_dn.saturating_sub(dn).saturating_add(s.dn).min(INF),
                ),
                NodeKind::And => (
                    th_pn.saturating_sub(pn).saturating_add(s.pn).min(INF),
                    th_dn.min(self.widen(second)),
                ),
            };
            game.play(s.mv);
            self.path.push(Step {
                mv: s.mv,
                pn: s.pn,
                dn: s.dn,
            });
            let outer = self.analog;
            if let Some(sibling) = lost_sibling(kind, &slots, best) {
                self.analog = sibling ^ s.key;
            }
            let child_path = extend_path(path, s.key);
            let shared = self.busy.is_some();
            if shared {
                self.mark_busy(child_path, true);
            }
            let r = self.mid(game, c_pn, c_dn, child_path, observer);
            if shared {
                self.mark_busy(child_path, false);
            }
            self.analog = outer;
            self.path.pop();
            game.undo();
            let slot = &mut slots[best];
            slot.pn = r.pn;
            slot.dn = r.dn;
            slot.dep = r.dep;
            slot.work = r.work;
            slot.free = r.free && !slot.bound;
            if zones_here
                && zone_tries < ZONE_TRIES
                && (if proof_here { r.pn } else { r.dn }) == 0
                && r.dep > depth
                && (pass_covers || !game.is_pass(s.mv))
            {
                zone_tries += 1;
                self.apply_zone(game, path, depth, proof_here, best, &children, &mut slots);
            }
        }

        let spent = (self.positions - start_positions).min(u32::MAX as u64) as u32;
        let work = old_work.saturating_add(spent).max(1);
        let r = node_result(game, kind, (pn, dn), &slots, (ban_dep, banned), work);
        self.give_buffers(depth as usize, children, slots);
        self.store(path, key, free_key, depth, r);
        r
    }

    /// Shows the node just expanded, its children's numbers in `slots`,
    /// to the observer, which may cancel the search.
    #[inline(always)]
    fn show<O: Observer<M>>(&mut self, slots: &[Slot<M>], observer: &mut O) {
        let view = SearchView {
            path: &self.path,
            root_pn: self.root_pn,
            root_dn: self.root_dn,
            positions: self.positions,
            expansions: self.expansions,
            table: self.tt.usage(),
            stopping: self.stopped.is_some(),
            start: self.clock.start,
            children: slots,
            helpers: self.helpers_live.as_deref(),
        };
        if !observer.after_expand(&view) {
            self.stopped = Some(Stop::Cancelled);
        }
    }

    /// The children of the current position (from the recent
    /// expansions when it is one of them), each child's table bucket
    /// fetched as it is made: by the time they are all made, most have
    /// arrived.
    #[inline(always)]
    fn expand<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        key: u64,
        children: &mut Vec<Child<M>>,
    ) -> Expansion {
        let tt = &self.tt;
        match self.recent.get(path, key, children) {
            Some(e) => {
                children
                    .iter()
                    .for_each(|c| c.hint(&mut |k| tt.prefetch(k)));
                e
            }
            None => {
                let e = game.expand_hinting(children, &mut |k| tt.prefetch(k));
                if let Expansion::Moves { .. } = e {
                    self.recent.put(path, key, e, children);
                }
                e
            }
        }
    }

    /// Each child's numbers: final where the move ends the game, else
    /// what the table holds, else the child's first numbers.
    #[inline(always)]
    fn fill_slots(&mut self, path: u64, children: &[Child<M>], slots: &mut Vec<Slot<M>>) {
        slots.clear();
        for c in children.iter() {
            let (pn, dn, dep, work, free) = match c.terminal {
                Some(true) => (0, INF, c.dep, 0, !c.bound),
                Some(false) => (INF, 0, c.dep, 0, !c.bound),
                None => match self.probe_child(path, c) {
                    Some((e, dep)) => (e.pn, e.dn, dep, e.work, e.free && !c.bound),
                    None => (c.pn, c.dn, NO_DEP, 0, false),
                },
            };
            slots.push(Slot {
                mv: c.mv,
                key: c.key,
                pn,
                dn,
                dep,
                work,
                bound: c.bound,
                free,
            });
        }
    }

    /// At the opponent's turn: when the same position below a sibling
    /// move already lost (`analog_key`) was won by the opponent, his
    /// winning move there is tried first here, valued as the best of the
    /// others. A refutation often carries from one of the prover's moves
    /// to the next (Kawano's simulation, used as a move-ordering hint):
    /// graded files 4.4% fewer positions, 2.7% less time. Giving it a
    /// disproof number of 1, or hinting the prover's own answers the same
    /// way, searched more.
    fn hint_from_analog<G: Game<Move = M>>(
        &mut self,
        game: &G,
        analog_key: u64,
        slots: &mut [Slot<M>],
    ) {
        let Some(e) = self.tt.get(analog_key) else {
            return;
        };
        if e.dn != 0 || e.best == 0 {
            return;
        }
        let Some(m) = game.code_move(e.best) else {
            return;
        };
        let Some(i) = slots
            .iter()
            .position(|s| s.mv == m && s.work == 0 && s.pn != 0 && s.dn != 0)
        else {
            return;
        };
        let least = slots.iter().map(|s| s.dn).min().unwrap_or(1).max(1);
        slots[i].dn = slots[i].dn.min(least);
        // Ties go to the first child.
        slots.swap(0, i);
    }

    /// Relevance zones at a loser's node whose move `slots[ci]` was just
    /// refuted, by a result that looks at nothing above it: the
    /// refutation is written out from the table (no search; nothing is
    /// done when it is not all there) and every child it covers
    /// (`Game::zone_covers`) is taken as won and stored so, without a
    /// kept move. A proof's walk replays the refutation there.
    #[allow(clippy::too_many_arguments)]
    fn apply_zone<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        depth: u32,
        proof: bool,
        ci: usize,
        children: &[Child<M>],
        slots: &mut [Slot<M>],
    ) {
        if !slots.iter().any(|s| s.pn != 0 && s.dn != 0) {
            return;
        }
        let cover = slots[ci];
        let mut x = Extraction::new(proof, false, ZONE_SOLUTION_LIMIT);
        let was_too_large = self.proof_too_large;
        game.play(cover.mv);
        let sub = self.extract_node(game, extend_path(path, cover.key), &mut x);
        game.undo();
        self.proof_too_large = was_too_large;
        let Some((lines, _)) = sub else {
            return;
        };
        self.zone_stats.1 += 1;
        let mut covered = std::mem::take(&mut self.covered);
        if game.zone_covers(cover.mv, &lines, proof, children, &mut covered) {
            let (pn, dn) = if proof { (0, INF) } else { (INF, 0) };
            for (c, _) in children.iter().zip(&covered).filter(|(_, cover)| **cover) {
                let Some(s) = slots.iter_mut().find(|s| s.mv == c.mv) else {
                    continue;
                };
                if s.pn == 0 || s.dn == 0 {
                    continue;
                }
                (s.pn, s.dn, s.dep, s.work, s.free) = (pn, dn, NO_DEP, 1, false);
                let r = NodeResult {
                    pn,
                    dn,
                    dep: NO_DEP,
                    work: 1,
                    free: false,
                    best: 0,
                };
                self.store(extend_path(path, c.key), c.key, c.free_key, depth + 1, r);
                self.zone_stats.0 += 1;
            }
        }
        self.covered = covered;
    }

    fn probe_self_work(&mut self, path: u64, key: u64) -> u32 {
        let k = if self.strict { path } else { key };
        self.tt
            .get(k)
            .filter(|e| e.rank == self.rank)
            .map_or(0, |e| e.work)
    }

    /// At the root of a search whose rules favour the prover more than
    /// an earlier search's on the same table (the side's own ko mastery
    /// after the opponent's), a weight for each move's proof number: the
    /// earlier search refuted them all, and the moves it spent the most
    /// work refuting are the likeliest to win now. A move whose
    /// refutation took k times less work than the hardest one's counts k
    /// times its proof number (at most `ROOT_PRIOR_CAP` times). Empty
    /// when the table holds no such refutations.
    fn root_prior(&mut self, slots: &[Slot<M>]) -> Vec<PnDn> {
        let rank = self.rank & !RELAXED;
        let work: Vec<Option<u32>> = slots
            .iter()
            .map(|s| {
                if s.pn == 0 || s.dn == 0 {
                    return None;
                }
                self.tt
                    .get(s.key)
                    .filter(|e| e.rank < rank && e.dn == 0)
                    .map(|e| e.work.max(1))
            })
            .collect();
        let Some(hardest) = work.iter().flatten().max().copied() else {
            return Vec::new();
        };
        work.iter()
            .map(|w| w.map_or(1, |w| (hardest / w).clamp(1, ROOT_PRIOR_CAP)))
            .collect()
    }

    /// The 1+ε threshold for the best child, given the second best value.
    #[inline]
    fn widen(&self, second: PnDn) -> PnDn {
        if second >= INF {
            return INF;
        }
        (second + 1).max(second.saturating_add(second / self.epsilon_div))
    }
}

/// The time a search has run since it began, less what its observer
/// held it (a viewer's pauses, which a time limit does not count).
#[derive(Clone, Copy)]
pub(super) struct Stopwatch {
    pub(super) start: Instant,
    held: Duration,
}

impl Stopwatch {
    pub(super) fn start<M, O: Observer<M>>(observer: &O) -> Stopwatch {
        Stopwatch {
            start: Instant::now(),
            held: observer.held(),
        }
    }

    pub(super) fn ran<M, O: Observer<M>>(&self, observer: &O) -> Duration {
        let held = observer.held().saturating_sub(self.held);
        self.start.elapsed().saturating_sub(held)
    }
}

/// The node's numbers from its children's, the best child to search
/// (the first with the least number of the mover's kind) and the second
/// best value, in one pass over the children.
#[inline]
fn survey<M>(kind: NodeKind, slots: &[Slot<M>]) -> ((PnDn, PnDn), usize, PnDn) {
    survey_by(kind, slots, |s| (s.pn, s.dn))
}

/// A node's proof and disproof numbers from its children's, as the search
/// reckons them (min and sum), for a viewer that keeps the children it was
/// shown (`SearchView::candidates`) and wants their parent's numbers.
pub fn node_numbers<M>(kind: NodeKind, children: &[Step<M>]) -> (PnDn, PnDn) {
    survey_by(kind, children, |s| (s.pn, s.dn)).0
}

/// `survey` over any children, `numbers` giving each one's (pn, dn).
#[inline(always)]
fn survey_by<T>(
    kind: NodeKind,
    children: &[T],
    numbers: impl Fn(&T) -> (PnDn, PnDn),
) -> ((PnDn, PnDn), usize, PnDn) {
    let (mut best, mut min, mut second, mut sum) = (0, INF + 1, INF, 0u64);
    // A child already lost for the mover makes the sum infinite.
    let mut lost = false;
    // Selects rather than branches: which child is least is data the
    // processor cannot predict, and a branch on it missed often.
    for (i, s) in children.iter().enumerate() {
        let (pn, dn) = numbers(s);
        let (phi, delta) = match kind {
            NodeKind::Or => (pn, dn),
            NodeKind::And => (dn, pn),
        };
        let least = phi < min;
        second = select_unpredictable(least, min.min(INF), second.min(phi));
        best = select_unpredictable(least, i, best);
        min = select_unpredictable(least, phi, min);
        sum += delta as u64;
        lost |= delta >= INF;
    }
    let min = min.min(INF);
    let sum = if min == 0 || lost {
        INF
    } else {
        sum.min(MAX_FINITE as u64) as PnDn
    };
    // With no children the mover has lost: min stays INF and sum is 0.
    let numbers = match kind {
        NodeKind::Or => (min, sum),
        NodeKind::And => (sum, min),
    };
    (numbers, best, second)
}

/// The child to search at an OR node whose proof numbers are weighted
/// (`Searcher::root_prior`), and the second best's weighted number
/// brought back to the chosen child's scale, as its threshold.
fn weighted_choice<M>(slots: &[Slot<M>], weights: &[PnDn]) -> (usize, PnDn) {
    let (mut best, mut min, mut second) = (0, u64::MAX, u64::MAX);
    for (i, (s, &w)) in slots.iter().zip(weights).enumerate() {
        let phi = if s.pn >= INF {
            u64::MAX - 1
        } else {
            s.pn as u64 * w as u64
        };
        if phi < min {
            second = min;
            min = phi;
            best = i;
        } else if phi < second {
            second = phi;
        }
    }
    let second = if second >= INF as u64 * ROOT_PRIOR_CAP as u64 {
        INF
    } else {
        (second / weights[best] as u64).min(INF as u64) as PnDn
    };
    (best, second)
}

/// The key of a child other than `best` already lost by search for the
/// side to move (the one the most work went into), whose subtree may
/// hold refutations that carry to `best`'s.
#[inline]
fn lost_sibling<M>(kind: NodeKind, slots: &[Slot<M>], best: usize) -> Option<u64> {
    let lost = |s: &Slot<M>| match kind {
        NodeKind::Or => s.dn == 0,
        NodeKind::And => s.pn == 0,
    };
    // The last of the most work, as `max_by_key` has it; selects rather
    // than branches, as in `survey_by`.
    let (mut found, mut top) = (usize::MAX, 0);
    for (i, s) in slots.iter().enumerate() {
        let work = select_unpredictable((i != best) & lost(s), s.work, 0);
        let take = (work != 0) & (work >= top);
        top = select_unpredictable(take, work, top);
        found = select_unpredictable(take, i, found);
    }
    slots.get(found).map(|s| s.key)
}

/// A node's result from its children's numbers once its search stops
/// there: what a final result depends on, and the winning move with the
/// least work, kept so that a proof's walk need not write out the
/// winner's other moves.
#[inline(always)]
fn node_result<G: Game>(
    game: &G,
    kind: NodeKind,
    (pn, dn): (PnDn, PnDn),
    slots: &[Slot<G::Move>],
    (ban_dep, banned): (u32, bool),
    work: u32,
) -> NodeResult {
    let (dep, free) = if pn == 0 || dn == 0 {
        result_dep(kind, pn == 0, slots, ban_dep, banned)
    } else {
        (NO_DEP, false)
    };
    let won = match kind {
        NodeKind::Or if pn == 0 => slots.iter().filter(|s| s.pn == 0).min_by_key(|s| s.work),
        NodeKind::And if dn == 0 => slots.iter().filter(|s| s.dn == 0).min_by_key(|s| s.work),
        _ => None,
    };
    NodeResult {
        best: won.map_or(0, |s| game.move_code(s.mv)),
        pn,
        dn,
        dep,
        work,
        free,
    }
}

/// The shallowest ancestor a final result depends on. A win for the
/// mover rests on one child; a loss rests on every child and on the
/// moves the history banned.
fn result_dep<M>(
    kind: NodeKind,
    proven: bool,
    slots: &[Slot<M>],
    ban_dep: u32,
    banned: bool,
) -> (u32, bool) {
    let mover_wins = matches!(
        (kind, proven),
        (NodeKind::Or, true) | (NodeKind::And, false)
    );
    if mover_wins {
        // The winning move that depends least on the path, a free one
        // among those.
        slots
            .iter()
            .filter(|s| if proven { s.pn == 0 } else { s.dn == 0 })
            .map(|s| (s.dep, s.free))
            .max()
            .unwrap_or((NO_DEP, false))
    } else {
        // Every move counts, and so do the banned ones.
        let dep = slots.iter().map(|s| s.dep).fold(ban_dep, u32::min);
        let free = !banned && slots.iter().all(|s| s.free);
        (dep, free)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Children of the given proof numbers (disproof number 1).
    pub(super) fn slots(pns: &[PnDn]) -> Vec<Slot<u8>> {
        pns.iter()
            .enumerate()
            .map(|(i, &pn)| Slot {
                mv: i as u8,
                key: i as u64 + 1,
                pn,
                dn: 1,
                dep: NO_DEP,
                work: 0,
                bound: false,
                free: false,
            })
            .collect()
    }

    /// A final entry of `rank` (proven or disproven), as `store` keeps it.
    fn entry(rank: u8, proven: bool) -> Entry {
        Entry {
            pn: if proven { 0 } else { INF },
            dn: if proven { INF } else { 0 },
            work: 1,
            dep: NO_DEP,
            rank,
            free: false,
            best: 0,
        }
    }

    /// A relaxed game's proof is taken as proven by relaxed searches of
    /// the same or more favourable rules only; its disproofs (kept
    /// unmarked) hold in the full game too, and full-game results hold
    /// in the relaxed one.
    #[test]
    fn relaxed_proofs_stay_apart_from_the_full_games_results() {
        let mut s: Searcher<u8> = Searcher::new(1 << 20);
        let relaxed_proof = entry(RELAXED, true);
        s.set_rank(0);
        assert!(!s.holds(&relaxed_proof));
        s.set_rank(2);
        assert!(!s.holds(&relaxed_proof));
        s.set_relaxed(true);
        assert!(s.holds(&relaxed_proof));
        assert!(s.holds(&entry(0, true)) && s.holds(&entry(2, true)));
        assert!(s.holds(&entry(2, false)) && !s.holds(&entry(0, false)));
        assert!(!s.holds(&entry(RELAXED | 3, true)));
        s.set_relaxed(false);
        assert_eq!(s.rank, 2);
        // The unfinished numbers of any search pass as estimates.
        let open = Entry {
            pn: 3,
            dn: 4,
            ..relaxed_proof
        };
        assert!(s.holds(&open));
    }

    #[test]
    fn weights_choose_by_weighted_proof_numbers() {
        // 3, 5 and 2 weighted 1, 1 and 4: 3, 5, 8.
        assert_eq!(weighted_choice(&slots(&[3, 5, 2]), &[1, 1, 4]), (0, 5));
        // Unweighted, the least proof number wins as in `survey`.
        let plain = slots(&[3, 5, 2]);
        assert_eq!(weighted_choice(&plain, &[1, 1, 1]), (2, 3));
        assert_eq!(survey(NodeKind::Or, &plain).1, 2);
    }

    #[test]
    fn the_threshold_comes_back_to_the_chosen_moves_scale() {
        // 1 weighted 4 is 4, against 10: the move is searched until its
        // own proof number passes 10 / 4.
        assert_eq!(weighted_choice(&slots(&[1, 10]), &[4, 1]), (0, 2));
        // A lone move, or one beside a lost one, has no second to yield to.
        assert_eq!(weighted_choice(&slots(&[7]), &[32]), (0, INF));
        assert_eq!(weighted_choice(&slots(&[2, INF]), &[1, 32]), (0, INF));
        // A proven move stays first whatever its weight.
        assert_eq!(weighted_choice(&slots(&[0, 1]), &[32, 1]).0, 0);
        // The threshold never falls below the chosen move's own number.
        assert_eq!(weighted_choice(&slots(&[1, 33]), &[32, 1]), (0, 1));
    }
}
