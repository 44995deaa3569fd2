//! The solver thread: one job at a time, its progress in a shared snapshot.
//!
//! A job (a full analysis, or one position decided for the tree walk) runs
//! on its own `std::thread`. The search calls [`Watch::after_expand`] after
//! every expansion; on the fast path that is a copy of the new node's
//! moves into a kept buffer (see `Seen`), in a search of the problem's
//! root its depth and table use (see [`RootCost`]), one relaxed atomic
//! load and a counter, and the clock is read only every [`CLOCK_EVERY`]
//! calls, so the UI costs the solver next to nothing. The snapshot is
//! written at most every [`PUBLISH_EVERY`], and on every stop while paused.
//!
//! Pause and single-step: when `hold` is set, the observer takes the slow
//! path: it publishes, then waits on a condition variable until it gets a
//! step permit (one expansion each), a resume or a cancel. A newer job
//! replaces the running one (gitui's `AsyncJob` shape): the old one is
//! cancelled and its late result is ignored by its job number.
//!
//! The UI thread never blocks on the solver: it copies the snapshot under
//! a short lock and reads finished jobs from a channel.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use shikatsu::analysis::{Analysis, Engine, Options, Verdict, analyze_observed};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{NodeKind, Observer, PnDn, SearchView, Step, TableUse, node_numbers};
use shikatsu::problem::{Ko, Problem};
use shikatsu::tsumego::KoMaster;

/// How often the running search publishes its snapshot.
pub const PUBLISH_EVERY: Duration = Duration::from_millis(40);
/// Expansions between two reads of the clock.
const CLOCK_EVERY: u32 = 256;
/// The name of job threads (it labels them in a panic message and a debugger).
pub const THREAD_NAME: &str = "shikatsu-solver";

/// What the search looks like, as last published.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The job it belongs to (0: none yet).
    pub job: u64,
    /// Publications so far (changes whenever the snapshot does).
    pub seq: u64,
    /// The ko setting of the search on show, as the search said when it
    /// started (`Observer::search_root`): an analysis searches its root
    /// under each ko master it asks about, each first move under the
    /// settings that can still reach the root's status, and a ko's grade
    /// with threat counts. None: no search has said (none has started).
    pub ko: Option<Ko>,
    /// The moves from the problem's root to the search's root
    /// (`Observer::search_root`): an analysis searches the position after
    /// each first move, a walk's decide the position after its line. The
    /// path goes on from there. Empty: the search is of the problem's root.
    pub prefix: Vec<Move>,
    /// The most-proving path with the numbers at each step (from the
    /// search's root: after `prefix`).
    pub path: Vec<Step<Move>>,
    /// The moves at the end of the path (the node just expanded).
    pub candidates: Vec<Step<Move>>,
    /// The moves at the path's earlier nodes: `earlier[k]` those of the
    /// node after its first `k` moves, with their numbers as the search
    /// last had them (see [`Seen`]).
    pub earlier: Vec<Vec<Step<Move>>>,
    pub root_pn: PnDn,
    pub root_dn: PnDn,
    /// Positions over all observed searches of the job.
    pub positions: u64,
    pub expansions: u64,
    pub table: TableUse,
    /// Time spent searching, pauses excluded.
    pub running: Duration,
    /// The search is stopped at a pause, waiting for a step or a resume.
    pub held: bool,
}

impl Snapshot {
    pub fn depth(&self) -> usize {
        self.path.len()
    }
    /// Whether the prover moves at the path's node after `k` moves: the
    /// prover is the side to move at the problem's root in every search
    /// of a job, so this is the node's parity counted from there, the
    /// moves of `prefix` included.
    pub fn prover_moves(&self, k: usize) -> bool {
        (self.prefix.len() + k).is_multiple_of(2)
    }
    /// The moves from the problem's root to the path's node after `k`
    /// moves (at most the path's): `prefix`, then the path's.
    pub fn line(&self, k: usize) -> Vec<Move> {
        let path = self.path.iter().take(k).map(|s| s.mv);
        self.prefix.iter().copied().chain(path).collect()
    }
    /// The moves at the node after the path's first `k` moves (`k` at
    /// least the path's length: its end).
    pub fn children(&self, k: usize) -> &[Step<Move>] {
        if k >= self.path.len() {
            &self.candidates
        } else {
            self.earlier.get(k).map_or(&[], Vec::as_slice)
        }
    }
    /// The moves at the node after `k` moves, best first for the side to
    /// move there: the prover picks by pn, the opponent by dn.
    pub fn ranked(&self, k: usize) -> Vec<Step<Move>> {
        let mut v = self.children(k).to_vec();
        if self.prover_moves(k) {
            v.sort_by_key(|s| (s.pn, s.dn));
        } else {
            v.sort_by_key(|s| (s.dn, s.pn));
        }
        v
    }
    pub fn positions_per_second(&self) -> f64 {
        let s = self.running.as_secs_f64();
        if s > 0.0 {
            self.positions as f64 / s
        } else {
            0.0
        }
    }
}

/// What a job's searches of the problem's root came to (those with an
/// empty `prefix`: an analysis's status searches, one per ko master, and
/// its ko grade's), as their views showed it. Kept with a decided
/// problem: the snapshot goes on to show the walk's decides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootCost {
    /// The longest most-proving path any of them reached.
    pub max_depth: usize,
    /// The table's use at their last view.
    pub table: TableUse,
}

impl RootCost {
    fn see(&mut self, v: &SearchView<'_, Move>) {
        self.max_depth = self.max_depth.max(v.path.len());
        self.table = v.table;
    }
}

/// A piece of work for the solver thread.
#[derive(Clone, Debug)]
pub enum Request {
    /// The full status of `side` to move (`analysis::analyze_observed`).
    Analyze {
        problem: Arc<Problem>,
        side: Color,
        opts: Options,
    },
    /// Whether `side` (to move at the root) wins after `moves`, under `master`.
    Decide {
        problem: Arc<Problem>,
        side: Color,
        master: KoMaster,
        moves: Vec<Move>,
        opts: Options,
    },
}

#[derive(Debug)]
pub enum Reply {
    Analysis(Box<Analysis>),
    Decided {
        moves: Vec<Move>,
        verdict: Verdict,
    },
    /// The library panicked (a bug): the message.
    Panicked(String),
}

/// A finished job.
#[derive(Debug)]
pub struct Done {
    pub job: u64,
    pub reply: Reply,
    /// Search time, pauses excluded.
    pub running: Duration,
    /// The searches of the problem's root, if any was watched.
    pub root: Option<RootCost>,
}

#[derive(Debug, Default)]
struct Gate {
    paused: bool,
    cancel: bool,
    /// Expansions allowed while paused.
    permits: u64,
    /// The expansions asked for since the search last stood at the gate
    /// with none left: with `permits`, how far a long step has come.
    asked: u64,
    /// The search waits at the gate.
    waiting: bool,
}

/// Shared between the UI and one job.
#[derive(Debug, Default)]
pub struct Control {
    /// Paused or cancelled: the observer must take the slow path.
    hold: AtomicBool,
    finished: AtomicBool,
    /// Expansions made by threads helping the job's searches.
    helper_expansions: AtomicU64,
    /// Positions made by second searches of the job on other threads
    /// (`Observer::sibling`), which no main search's view counts.
    sibling_positions: AtomicU64,
    /// Searches of the job that have ended (their helpers must stop).
    ended: AtomicU64,
    gate: Mutex<Gate>,
    cv: Condvar,
    snapshot: Mutex<Snapshot>,
}

/// Locks, recovering from a poisoned lock (a panicking job cannot hold
/// these across user code, so the data is consistent).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Control {
    fn set_paused(&self, paused: bool) {
        let mut g = lock(&self.gate);
        g.paused = paused;
        if !paused {
            g.permits = 0;
        }
        self.hold.store(g.paused || g.cancel, Ordering::Release);
        self.cv.notify_all();
    }

    fn step(&self, n: u64) {
        let mut g = lock(&self.gate);
        g.paused = true;
        if g.permits == 0 {
            g.asked = 0;
        }
        g.asked = g.asked.saturating_add(n);
        g.permits = g.permits.saturating_add(n);
        self.hold.store(true, Ordering::Release);
        self.cv.notify_all();
    }

    /// Drops the steps not yet made: the search stops at the gate after
    /// the expansion it is making.
    fn stop_steps(&self) {
        let mut g = lock(&self.gate);
        g.permits = 0;
        self.cv.notify_all();
    }

    /// A step under way: the expansions made of it and asked for.
    fn steps(&self) -> Option<(u64, u64)> {
        if self.finished.load(Ordering::Acquire) {
            return None;
        }
        let g = lock(&self.gate);
        (g.paused && g.permits > 0 && !g.cancel).then(|| (g.asked - g.permits, g.asked))
    }

    fn cancel(&self) {
        let mut g = lock(&self.gate);
        g.cancel = true;
        self.hold.store(true, Ordering::Release);
        self.cv.notify_all();
    }

    /// The search is parked at the gate with no permits left, or done.
    #[cfg(test)]
    fn idle(&self) -> bool {
        if self.finished.load(Ordering::Acquire) {
            return true;
        }
        let g = lock(&self.gate);
        g.waiting && g.permits == 0
    }
}

/// What the observer has seen of the nodes on the search's path.
///
/// A view holds the moves of the node just expanded only, and a running
/// analysis's table is out of the UI's reach (its searcher is the
/// engine's, busy in the search while the view is looked at). But each
/// node on the path was the end of the view of its own expansion, so its
/// moves are kept from then, and later views bring them up to date: a
/// step of the path gives the numbers the search had for the move it
/// stepped into, and a node the search has left hands its parent the
/// numbers its own moves add up to (as the search reckons them). A node
/// decided as the search enters it (a static rule, a cycle) has a view
/// with no moves, its step carrying the result, which it keeps.
#[derive(Debug, Default)]
struct Seen {
    /// `levels[j]`: the moves of the node after the path's first `j`
    /// moves; the first `len` are the path's (the rest are buffers kept
    /// for reuse, so that watching allocates nothing once warm).
    levels: Vec<Vec<Step<Move>>>,
    len: usize,
    /// The last view's path: `moves[j]` leads to the node of `levels[j + 1]`.
    moves: Vec<Move>,
    /// How many moves the current search's root is from the problem's
    /// root (an analysis also searches the positions after each first
    /// move): the prover, to move at the problem's root, moves at the
    /// nodes an even number of moves from there.
    prefix: usize,
}

fn set_numbers(moves: &mut [Step<Move>], mv: Move, pn: PnDn, dn: PnDn) {
    if let Some(s) = moves.iter_mut().find(|s| s.mv == mv) {
        s.pn = pn;
        s.dn = dn;
    }
}

impl Seen {
    /// Whose turn it is at `depth` of the path: the prover's at even
    /// depths from the problem's root.
    fn kind_at(&self, depth: usize) -> NodeKind {
        if (self.prefix + depth).is_multiple_of(2) {
            NodeKind::Or
        } else {
            NodeKind::And
        }
    }

    /// A new search starts, `prefix` moves from the problem's root:
    /// nothing kept is of its path.
    fn start(&mut self, prefix: usize) {
        self.prefix = prefix;
        self.len = 0;
        self.moves.clear();
    }

    /// Takes in the next view. Between two views the search goes back up
    /// any number of nodes but down one only (every node it enters has a
    /// view, but for one decided on the spot), so the path above the new
    /// node is the one of the last view.
    fn see(&mut self, v: &SearchView<'_, Move>) {
        let l = v.path.len();
        while self.levels.len() <= l {
            self.levels.push(Vec::new());
        }
        if l > self.len {
            // A view missed: what was kept may be another path's.
            self.levels[..l].iter_mut().for_each(Vec::clear);
            self.len = l;
            self.moves.clear();
            self.moves.extend(v.path[..l - 1].iter().map(|s| s.mv));
        }
        // The nodes from depth l on are done: each hands its numbers up.
        for j in (l.max(1)..self.len).rev() {
            // A node decided without moves (a static rule, a cycle) keeps
            // the numbers its step gave.
            if self.levels[j].is_empty() {
                continue;
            }
            let (pn, dn) = node_numbers(self.kind_at(j), &self.levels[j]);
            let mv = self.moves[j - 1];
            set_numbers(&mut self.levels[j - 1], mv, pn, dn);
        }
        if let Some(s) = v.path.last() {
            set_numbers(&mut self.levels[l - 1], s.mv, s.pn, s.dn);
        }
        let level = &mut self.levels[l];
        level.clear();
        level.extend(v.candidates());
        self.len = l + 1;
        self.moves.truncate(l.saturating_sub(1));
        self.moves.extend(v.path.last().map(|s| s.mv));
    }
}

/// The observer the job hands to the search.
pub struct Watch {
    control: Arc<Control>,
    job: u64,
    calls: u32,
    last_publish: Instant,
    start: Instant,
    paused_total: Duration,
    last_expansions: u64,
    /// Positions of the searches before the current one.
    base_positions: u64,
    last_positions: u64,
    seq: u64,
    seen: Seen,
    /// The current search's root, as moves from the problem's root.
    prefix: Vec<Move>,
    /// The current search's ko setting (see `Snapshot::ko`).
    ko: Option<Ko>,
    /// The searches of the problem's root so far.
    root: Option<RootCost>,
}

impl Watch {
    fn new(control: Arc<Control>, job: u64) -> Watch {
        let now = Instant::now();
        Watch {
            control,
            job,
            calls: 0,
            last_publish: now,
            start: now,
            paused_total: Duration::ZERO,
            last_expansions: 0,
            base_positions: 0,
            last_positions: 0,
            seq: 0,
            seen: Seen::default(),
            prefix: Vec::new(),
            ko: None,
            root: None,
        }
    }

    fn running(&self) -> Duration {
        self.start.elapsed().saturating_sub(self.paused_total)
    }

    fn publish(&mut self, v: &SearchView<'_, Move>, held: bool) {
        self.seq += 1;
        let running = self.running();
        let mut s = lock(&self.control.snapshot);
        s.job = self.job;
        s.seq = self.seq;
        s.ko = self.ko;
        s.prefix.clone_from(&self.prefix);
        s.path.clear();
        s.path.extend_from_slice(v.path);
        s.candidates.clear();
        s.candidates.extend(v.candidates());
        let earlier = &self.seen.levels[..v.path.len().min(self.seen.len)];
        s.earlier.resize_with(earlier.len(), Vec::new);
        for (to, from) in s.earlier.iter_mut().zip(earlier) {
            to.clone_from(from);
        }
        s.root_pn = v.root_pn;
        s.root_dn = v.root_dn;
        s.positions = self.base_positions
            + v.positions
            + v.helper_positions()
            + self.control.sibling_positions.load(Ordering::Relaxed);
        s.expansions = v.expansions;
        s.table = v.table;
        s.running = running;
        s.held = held;
        drop(s);
        self.last_publish = Instant::now();
    }

    /// The slow path: cancelled, or paused (publish, then wait for a permit).
    #[cold]
    fn hold(&mut self, v: &SearchView<'_, Move>) -> bool {
        let control = Arc::clone(&self.control);
        let mut g = lock(&control.gate);
        if g.cancel {
            return false;
        }
        if !g.paused {
            return true;
        }
        if g.permits > 0 {
            g.permits -= 1;
            drop(g);
            // A step of millions of expansions goes on for seconds: it
            // publishes as a running search does, or its counters would
            // stand still all that time.
            self.publish_when_due(v);
            return true;
        }
        self.publish(v, true);
        let t0 = Instant::now();
        g.waiting = true;
        let go_on = loop {
            if g.cancel {
                break false;
            }
            if !g.paused {
                break true;
            }
            if g.permits > 0 {
                g.permits -= 1;
                break true;
            }
            g = control.cv.wait(g).unwrap_or_else(|e| e.into_inner());
        };
        g.waiting = false;
        drop(g);
        self.paused_total += t0.elapsed();
        go_on
    }

    /// Counts an expansion and publishes at a running search's pace: the
    /// clock read every `CLOCK_EVERY` calls (and at the first expansion),
    /// a view at most every `PUBLISH_EVERY`, and always the first and the
    /// one a search stops at (the line an unknown shows).
    fn publish_when_due(&mut self, v: &SearchView<'_, Move>) {
        self.calls = self.calls.wrapping_add(1);
        let due = self.calls.is_multiple_of(CLOCK_EVERY) || v.expansions == 1;
        if self.seq == 0 || v.stopping || (due && self.last_publish.elapsed() >= PUBLISH_EVERY) {
            self.publish(v, false);
        }
    }

    /// Marks the job's last figures (after the searches ended).
    fn publish_end(&mut self, positions: Option<u64>) {
        self.seq += 1;
        let running = self.running();
        let mut s = lock(&self.control.snapshot);
        s.job = self.job;
        s.seq = self.seq;
        if let Some(p) = positions {
            s.positions = s.positions.max(p);
        }
        s.running = running;
        s.held = false;
    }
}

impl Observer<Move> for Watch {
    #[inline]
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        if v.expansions < self.last_expansions {
            // A new searcher started from zero (an engine's searcher
            // counts on over its searches, so this is not a count of them:
            // `search_root` says which search runs).
            self.base_positions += self.last_positions;
        }
        self.last_expansions = v.expansions;
        self.last_positions = v.positions + v.helper_positions();
        self.seen.see(v);
        if self.prefix.is_empty() {
            self.root.get_or_insert_default().see(v);
        }
        if self.control.hold.load(Ordering::Relaxed) {
            return self.hold(v);
        }
        self.publish_when_due(v);
        true
    }

    /// Kept for the snapshot, which shows the path after these moves and
    /// says which search runs (from where, under which ko setting: the
    /// analysis passes its `Ko`), and for `Seen`, which must know who
    /// moves at each node of the path.
    fn search_root(&mut self, moves: &[Move], setting: &dyn std::any::Any) {
        self.prefix.clear();
        self.prefix.extend_from_slice(moves);
        self.ko = setting.downcast_ref::<Ko>().copied();
        self.seen.start(moves.len());
    }

    fn helper(&self) -> Option<Box<dyn Observer<Move> + Send>> {
        Some(Box::new(HelperWatch::new(&self.control, false)))
    }

    /// A second search (first moves two at a time) holds as a helper
    /// does, and its positions go into the counter.
    fn sibling(&self) -> Option<Box<dyn Observer<Move> + Send>> {
        Some(Box::new(HelperWatch::new(&self.control, true)))
    }

    /// A search that ends while paused (its last step decided it) waits
    /// for its helpers, which must not wait for a resume.
    fn helpers_released(&mut self) {
        let _g = lock(&self.control.gate);
        self.control.ended.fetch_add(1, Ordering::AcqRel);
        self.control.cv.notify_all();
    }

    fn held(&self) -> Duration {
        self.paused_total
    }
}

/// The observer of a thread helping the job's search: it shows nothing
/// (the snapshot is the main search's), but stops while the job is
/// paused, so that a paused search is still and a step is one expansion
/// of the path on screen, and stops for good on a cancel.
struct HelperWatch {
    control: Arc<Control>,
    /// `Control::ended` when the helper started: the search it helps is
    /// over once that count moves on.
    search: u64,
    /// Expansions not yet added to `Control::helper_expansions` (added
    /// every `CLOCK_EVERY`: a write per expansion would take the line
    /// that holds `hold` away from the main search's core each time).
    calls: u32,
    /// For a sibling search, whose positions no main view holds: what it
    /// has counted (None for a helper of `solve_threads`, whose positions
    /// the main search's view already holds).
    positions: Option<SiblingCount>,
    /// How long it has held its thread at pauses (`Observer::held`).
    held: Duration,
}

/// The positions of a sibling's searches, added to
/// `Control::sibling_positions` with its expansions.
#[derive(Default)]
struct SiblingCount {
    /// `positions` of its current search's last view.
    last: u64,
    /// Counted since the last addition.
    pending: u64,
}

impl HelperWatch {
    /// The watcher of a thread that starts now; `counts`: its positions
    /// go into the counter (a sibling's).
    fn new(control: &Arc<Control>, counts: bool) -> HelperWatch {
        HelperWatch {
            control: Arc::clone(control),
            search: control.ended.load(Ordering::Acquire),
            calls: 0,
            positions: counts.then(SiblingCount::default),
            held: Duration::ZERO,
        }
    }

    #[cold]
    fn hold(&mut self) -> bool {
        let t0 = Instant::now();
        let go_on = self.wait_for_resume();
        self.held += t0.elapsed();
        go_on
    }

    fn wait_for_resume(&self) -> bool {
        let mut g = lock(&self.control.gate);
        loop {
            if g.cancel || self.control.ended.load(Ordering::Acquire) != self.search {
                return false;
            }
            if !g.paused {
                return true;
            }
            g = self.control.cv.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl Observer<Move> for HelperWatch {
    #[inline]
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        if let Some(c) = &mut self.positions {
            // Each of its searches counts from zero.
            c.pending += v.positions.checked_sub(c.last).unwrap_or(v.positions);
            c.last = v.positions;
        }
        self.calls += 1;
        if self.calls == CLOCK_EVERY {
            self.calls = 0;
            (self.control.helper_expansions).fetch_add(CLOCK_EVERY as u64, Ordering::Relaxed);
            if let Some(c) = &mut self.positions {
                (self.control.sibling_positions).fetch_add(c.pending, Ordering::Relaxed);
                c.pending = 0;
            }
        }
        if self.control.hold.load(Ordering::Relaxed) {
            return self.hold();
        }
        true
    }

    fn held(&self) -> Duration {
        self.held
    }
}

fn run(req: Request, watch: &mut Watch) -> Reply {
    match req {
        Request::Analyze {
            problem,
            side,
            opts,
        } => {
            let a = analyze_observed(&problem, side, &opts, watch);
            watch.publish_end(Some(a.positions));
            Reply::Analysis(Box::new(a))
        }
        Request::Decide {
            problem,
            side,
            master,
            moves,
            opts,
        } => {
            let mut engine = Engine::new(&opts);
            let verdict = engine.decide(&problem, side, side, master.into(), &moves, watch);
            watch.publish_end(Some(engine.positions));
            Reply::Decided { moves, verdict }
        }
    }
}

/// Runs jobs on their own threads, one current job at a time.
pub struct Worker {
    tx: Sender<Done>,
    rx: Receiver<Done>,
    current: Option<(u64, Arc<Control>)>,
    next_job: u64,
    last_seq: u64,
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

impl Worker {
    pub fn new() -> Worker {
        let (tx, rx) = mpsc::channel();
        Worker {
            tx,
            rx,
            current: None,
            next_job: 1,
            last_seq: 0,
        }
    }

    /// Starts a job (cancelling the current one); returns its number.
    /// A job started `paused` stops after its first expansion.
    pub fn start(&mut self, req: Request, paused: bool) -> u64 {
        self.cancel();
        let job = self.next_job;
        self.next_job += 1;
        let control = Arc::new(Control::default());
        if paused {
            control.set_paused(true);
        }
        let tx = self.tx.clone();
        let c = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name(THREAD_NAME.to_string())
            .spawn(move || {
                let mut watch = Watch::new(Arc::clone(&c), job);
                let reply =
                    catch_unwind(AssertUnwindSafe(|| run(req, &mut watch))).unwrap_or_else(|e| {
                        Reply::Panicked(shikatsu::batch::panic_message(e.as_ref()))
                    });
                c.finished.store(true, Ordering::Release);
                let _ = tx.send(Done {
                    job,
                    reply,
                    running: watch.running(),
                    root: watch.root,
                });
            });
        if let Err(e) = spawned {
            let _ = self.tx.send(Done {
                job,
                reply: Reply::Panicked(format!("cannot start the solver thread: {e}")),
                running: Duration::ZERO,
                root: None,
            });
        }
        self.current = Some((job, control));
        self.last_seq = 0;
        job
    }

    /// Cancels the current job, if any. A job inside an unobserved phase
    /// (first-move checks) stops only when that phase ends; its result
    /// is then ignored.
    pub fn cancel(&mut self) {
        if let Some((_, c)) = self.current.take() {
            c.cancel();
        }
    }

    pub fn job(&self) -> Option<u64> {
        self.current.as_ref().map(|(j, _)| *j)
    }

    pub fn set_paused(&self, paused: bool) {
        if let Some((_, c)) = &self.current {
            c.set_paused(paused);
        }
    }

    /// Lets a paused search make `n` more expansions.
    pub fn step(&self, n: u64) {
        if let Some((_, c)) = &self.current {
            c.step(n);
        }
    }

    /// Stops a step under way: the search pauses where it is.
    pub fn stop_steps(&self) {
        if let Some((_, c)) = &self.current {
            c.stop_steps();
        }
    }

    /// A step under way: the expansions made of it so far (to within a
    /// few: the search goes on meanwhile) and asked for.
    pub fn steps(&self) -> Option<(u64, u64)> {
        self.current.as_ref().and_then(|(_, c)| c.steps())
    }

    /// The current job's snapshot, when it changed since the last call.
    pub fn snapshot(&mut self) -> Option<Snapshot> {
        let (_, c) = self.current.as_ref()?;
        let s = lock(&c.snapshot);
        if s.seq == self.last_seq || s.seq == 0 {
            return None;
        }
        self.last_seq = s.seq;
        Some(s.clone())
    }

    /// A finished job, if one is waiting (late results of replaced jobs
    /// come too: compare the job number).
    pub fn try_recv(&self) -> Option<Done> {
        self.rx.try_recv().ok()
    }

    /// Waits until the current job is parked at a pause with no permits
    /// left, or finished (tests).
    #[cfg(test)]
    pub fn wait_idle(&self, timeout: Duration) -> bool {
        let Some((_, c)) = &self.current else {
            return true;
        };
        let end = Instant::now() + timeout;
        while Instant::now() < end {
            if c.idle() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        false
    }

    /// Expansions the current job's helper threads have made (tests).
    #[cfg(test)]
    pub fn helper_expansions(&self) -> u64 {
        self.current
            .as_ref()
            .map_or(0, |(_, c)| c.helper_expansions.load(Ordering::Relaxed))
    }

    /// Waits for the next finished job (tests).
    #[cfg(test)]
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Done> {
        self.rx.recv_timeout(timeout).ok()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
    }
}
