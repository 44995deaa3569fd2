//! Several threads on one search: helpers that share the searcher's
//! table and steer clear of the child another thread is in, siblings that
//! search other roots on the same table, and the door through which an
//! idle thread joins a search that invited it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::{Limits, Observer, Searcher, Slot, Stopwatch, Unobserved};
use crate::dfpn::tt::Words;
use crate::dfpn::{Game, NodeKind, Outcome, PnDn, Stop, extend_path};

/// A seat beside another thread's search (`Searcher::solve_inviting`),
/// to be taken by `join`.
pub struct Invitation<M, S: Words> {
    door: Arc<Door<M, S>>,
}

/// Where a helper asks to join a search and the search hands it a
/// searcher on its table. The search makes the helper itself, at its next
/// look at the clock: a table is spread over its whole budget once shared,
/// which a search nobody joins should not pay for.
pub(super) struct Door<M, S: Words> {
    wanted: AtomicBool,
    helper: std::sync::Mutex<Option<Searcher<M, S>>>,
    /// Set by a helper that decided the root.
    decided: Arc<AtomicBool>,
    /// Set when the search has ended: a helper stops, or does not start.
    done: Arc<AtomicBool>,
    /// Brings the table's pages in: the helper runs it on its own core
    /// before it asks to join, so that the search it joins does not stop
    /// while the kernel faults them in when the table is spread.
    warmer: std::sync::Mutex<Option<crate::dfpn::tt::Warmer>>,
}

impl<M, S: Words> Door<M, S> {
    /// A helper waits at the door to be handed a searcher.
    pub(super) fn is_wanted(&self) -> bool {
        self.wanted.load(Ordering::Relaxed)
    }
}

/// How long a helper waits between looks at the door.
const DOOR_WAIT: Duration = Duration::from_micros(100);

impl<M: Copy + Eq + std::fmt::Debug, S: Words> Invitation<M, S> {
    /// Searches the inviting search's root beside it (`game` at that
    /// root under the same rules) until either decides it or it ends:
    /// the helper's outcome and the positions it made. A decision found
    /// here is read back by the inviting search from the table.
    pub fn join<G: Game<Move = M>>(self, game: &mut G, limits: Limits) -> (Outcome, u64) {
        let door = &self.door;
        let warmer = door.warmer.lock().ok().and_then(|mut w| w.take());
        if let Some(w) = warmer {
            w.run(&door.done);
        }
        door.wanted.store(true, Ordering::SeqCst);
        let mut helper = loop {
            if door.done.load(Ordering::SeqCst) {
                return (Outcome::Unknown(Stop::Cancelled), 0);
            }
            if let Some(h) = door.helper.lock().ok().and_then(|mut h| h.take()) {
                break h;
            }
            std::thread::sleep(DOOR_WAIT);
        };
        let o = helper.solve(game, limits, &mut Unobserved);
        if matches!(o, Outcome::Proven | Outcome::Disproven) {
            door.decided.store(true, Ordering::Relaxed);
        }
        (o, helper.positions)
    }
}

const BUSY_BITS: u32 = 16;

impl<M: Copy + Eq + std::fmt::Debug, S: Words> Searcher<M, S> {
    /// A searcher for another thread that shares this one's table (when
    /// its words can be shared): the two search the same root together,
    /// each steering away from the child the other is in.
    fn helper(&mut self) -> Option<Searcher<M, S>> {
        let busy = self
            .busy
            .get_or_insert_with(|| (0..1 << BUSY_BITS).map(|_| AtomicU64::new(0)).collect())
            .clone();
        let mut h = self.sibling()?;
        h.busy = Some(busy);
        Some(h)
    }

    /// A searcher for another thread on this one's table (when its words
    /// can be shared), for searches of other roots under the same rules
    /// beside this one's, such as the other first moves of a position:
    /// each uses what the other stored. `take_back` it when done.
    pub fn sibling(&mut self) -> Option<Searcher<M, S>> {
        let tt = self.tt.share()?;
        // The other searches' path-keyed results are in the table too.
        self.path_entries = true;
        let mut h = Searcher::with_words(0);
        h.tt = tt;
        h.budget = self.budget;
        h.rank = self.rank;
        h.strict = self.strict;
        h.path_entries = true;
        h.epsilon_div = self.epsilon_div;
        h.path_only = self.path_only.clone();
        Some(h)
    }

    /// Counts what a `sibling` stored in the table (its positions are
    /// its own: they were counted by whoever ran its searches).
    pub fn take_back(&mut self, sibling: Searcher<M, S>) {
        self.tt.absorb(&sibling.tt);
    }

    /// Hands the helper that asked at the door a searcher on this table.
    #[cold]
    pub(super) fn seat_helper(&mut self) {
        let Some(door) = self.door.take() else {
            return;
        };
        let Some(mut h) = self.helper() else {
            return;
        };
        h.set_cancel(Some(Arc::clone(&door.done)));
        if let Ok(mut seat) = door.helper.lock() {
            *seat = Some(h);
        }
    }

    /// When another thread is in the best child: the best of the others
    /// that no thread is in, if one is open and under the threshold (it
    /// is then searched for a step past its own number). Kept out of
    /// `mid`, whose size decides what the compiler inlines there.
    #[inline(never)]
    pub(super) fn steer(
        &self,
        kind: NodeKind,
        path: u64,
        slots: &[Slot<M>],
        best: usize,
        (th_pn, th_dn): (PnDn, PnDn),
    ) -> Option<usize> {
        if !self.is_busy(extend_path(path, slots[best].key)) {
            return None;
        }
        let (phi, th) = match kind {
            NodeKind::Or => ((|s: &Slot<M>| s.pn) as fn(&Slot<M>) -> PnDn, th_pn),
            NodeKind::And => ((|s: &Slot<M>| s.dn) as fn(&Slot<M>) -> PnDn, th_dn),
        };
        (0..slots.len())
            .filter(|&j| j != best && slots[j].pn != 0 && slots[j].dn != 0 && phi(&slots[j]) < th)
            .filter(|&j| !self.is_busy(extend_path(path, slots[j].key)))
            .min_by_key(|&j| phi(&slots[j]))
    }

    #[inline]
    pub(super) fn is_busy(&self, path: u64) -> bool {
        self.busy.as_ref().is_some_and(|b| {
            b[path as usize & ((1 << BUSY_BITS) - 1)].load(Ordering::Relaxed) == path
        })
    }

    #[inline(never)]
    pub(super) fn mark_busy(&self, path: u64, on: bool) {
        if let Some(b) = &self.busy {
            let w = &b[path as usize & ((1 << BUSY_BITS) - 1)];
            if on {
                w.store(path, Ordering::Relaxed);
            } else if w.load(Ordering::Relaxed) == path {
                w.store(0, Ordering::Relaxed);
            }
        }
    }

    /// `solve` on `threads` threads when the table's words can be shared
    /// (`Shared`): after a first stretch alone (`set_share_after`), helpers
    /// search the same root on the same table, each thread steering away
    /// from the children the others are in, until one of them decides it.
    /// Each thread gets an equal share of what is left of a position limit.
    /// The counts then hold the work of every thread.
    pub fn solve_threads<G, O>(
        &mut self,
        game: &mut G,
        limits: Limits,
        observer: &mut O,
        threads: usize,
    ) -> Outcome
    where
        G: Game<Move = M> + Clone + Send,
        O: Observer<M>,
        M: Send,
    {
        if threads <= 1 || !S::SHARED || self.strict {
            return self.solve(game, limits, observer);
        }
        let start = Stopwatch::start(observer);
        let before = self.positions;
        // The helpers will need the whole table: its pages are faulted in
        // on a core of theirs while this thread searches alone.
        let warming = Warming::start(self.tt.warmer().filter(|_| self.share_after > 0));
        let alone = self
            .solve_alone_first(game, limits, observer)
            .or_else(|| self.solve_alone_while(&warming, game, limits, start, before, observer));
        warming.finish();
        if let Some(o) = alone {
            return o;
        }
        let rest = self.left_of(limits, start.ran(observer), before, threads as u64);
        let mut helpers: Vec<Searcher<M, S>> = (1..threads).filter_map(|_| self.helper()).collect();
        let watchers: Vec<_> = helpers.iter().map(|_| observer.helper()).collect();
        let decided = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let live = Arc::new(AtomicU64::new(0));
        self.helpers_live = Some(Arc::clone(&live));
        let o = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .zip(watchers)
                .map(|(h, watcher)| {
                    h.set_cancel(Some(Arc::clone(&done)));
                    h.report_to = Some(Arc::clone(&live));
                    let mut g = game.clone();
                    let decided = Arc::clone(&decided);
                    scope.spawn(move || {
                        let o = match watcher {
                            Some(mut w) => h.solve(&mut g, rest, &mut w),
                            None => h.solve(&mut g, rest, &mut Unobserved),
                        };
                        if matches!(o, Outcome::Proven | Outcome::Disproven) {
                            decided.store(true, Ordering::Relaxed);
                        }
                    })
                })
                .collect();
            self.decided_elsewhere = Some(Arc::clone(&decided));
            let o = self.solve(game, rest, observer);
            done.store(true, Ordering::Relaxed);
            observer.helpers_released();
            for r in running {
                // A helper that panicked has only stopped helping.
                let _ = r.join();
            }
            o
        });
        self.decided_elsewhere = None;
        self.busy = None;
        self.helpers_live = None;
        for h in &helpers {
            self.positions += h.positions;
            self.expansions += h.expansions;
            self.path_stores += h.path_stores;
            self.tt.absorb(&h.tt);
        }
        drop(helpers);
        self.read_back(o, &decided, start, limits, game, observer)
    }

    /// What is left of `limits` after running for `ran`, when the count of
    /// positions was `before`, for each of `shares` threads.
    fn left_of(&self, limits: Limits, ran: Duration, before: u64, shares: u64) -> Limits {
        Limits {
            positions: limits
                .positions
                .map(|p| p.saturating_sub(self.positions - before) / shares),
            time: limits.time.map(|t| t.saturating_sub(ran)),
        }
    }

    /// The first stretch of a search that other threads may join
    /// (`set_share_after`): its outcome if it ended there, None if the
    /// search goes on past it.
    fn solve_alone_first<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        game: &mut G,
        limits: Limits,
        observer: &mut O,
    ) -> Option<Outcome> {
        let after = self.share_after;
        if after == 0 {
            return None;
        }
        let alone = Limits {
            positions: Some(limits.positions.map_or(after, |p| p.min(after))),
            time: limits.time,
        };
        let o = self.solve(game, alone, observer);
        (o != Outcome::Unknown(Stop::Positions) || limits.positions.is_some_and(|p| p <= after))
            .then_some(o)
    }

    /// The search alone, past its first stretch, for as long as `warming`
    /// runs (in steps of `WARMING_STEP` positions): its outcome if it
    /// ended meanwhile, None if it goes on.
    fn solve_alone_while<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        warming: &Warming,
        game: &mut G,
        limits: Limits,
        start: Stopwatch,
        before: u64,
        observer: &mut O,
    ) -> Option<Outcome> {
        while warming.running() {
            let rest = self.left_of(limits, start.ran(observer), before, 1);
            let step = Limits {
                positions: Some(rest.positions.map_or(WARMING_STEP, |p| p.min(WARMING_STEP))),
                time: rest.time,
            };
            let o = self.solve(game, step, observer);
            if o != Outcome::Unknown(Stop::Positions)
                || rest.positions.is_some_and(|p| p <= WARMING_STEP)
            {
                return Some(o);
            }
        }
        None
    }

    /// `solve`, which one other thread may join at any time after the
    /// first stretch alone (`set_share_after`, as in `solve_threads`):
    /// `post` is then handed an invitation to pass to a thread with
    /// nothing else to do, which joins by `Invitation::join` and is
    /// stopped when this search ends. Without shareable words, `solve`.
    pub fn solve_inviting<G, O>(
        &mut self,
        game: &mut G,
        limits: Limits,
        observer: &mut O,
        post: impl FnOnce(Invitation<M, S>),
    ) -> Outcome
    where
        G: Game<Move = M>,
        O: Observer<M>,
    {
        if !S::SHARED || self.strict {
            return self.solve(game, limits, observer);
        }
        let start = Stopwatch::start(observer);
        let before = self.positions;
        if let Some(o) = self.solve_alone_first(game, limits, observer) {
            return o;
        }
        let decided = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let door = Arc::new(Door {
            wanted: AtomicBool::new(false),
            helper: std::sync::Mutex::new(None),
            decided: Arc::clone(&decided),
            done: Arc::clone(&done),
            warmer: std::sync::Mutex::new(self.tt.warmer()),
        });
        self.door = Some(Arc::clone(&door));
        self.decided_elsewhere = Some(Arc::clone(&decided));
        post(Invitation { door });
        let rest = self.left_of(limits, start.ran(observer), before, 1);
        let o = self.solve(game, rest, observer);
        done.store(true, Ordering::SeqCst);
        self.door = None;
        self.decided_elsewhere = None;
        self.busy = None;
        self.read_back(o, &decided, start, limits, game, observer)
    }

    /// The outcome of a search that other threads helped: when it stopped
    /// because one of them decided the root, their result is in the table
    /// (also when it came as the search ran out of time), and the root
    /// reads it back from its children's entries, at its first expansion
    /// unless one of them was replaced since.
    fn read_back<G: Game<Move = M>, O: Observer<M>>(
        &mut self,
        o: Outcome,
        decided: &AtomicBool,
        start: Stopwatch,
        limits: Limits,
        game: &mut G,
        observer: &mut O,
    ) -> Outcome {
        if matches!(o, Outcome::Unknown(_)) && decided.load(Ordering::Relaxed) {
            let rest = Limits {
                positions: None,
                time: limits.time.map(|t| {
                    t.saturating_sub(start.ran(observer))
                        .max(Duration::from_millis(100))
                }),
            };
            return self.solve(game, rest, observer);
        }
        o
    }
}

/// Positions searched alone between looks at whether the table's pages
/// are in (each step starts again from the root, on the same table).
const WARMING_STEP: u64 = 250_000;

/// A table's pages being faulted in on a thread of its own (`Warmer`).
struct Warming {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Warming {
    fn start(warmer: Option<crate::dfpn::tt::Warmer>) -> Warming {
        let stop = Arc::new(AtomicBool::new(false));
        let thread = warmer.and_then(|w| {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new().spawn(move || w.run(&stop)).ok()
        });
        Warming { stop, thread }
    }

    fn running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops the thread (a search that ended needs no more pages) and
    /// waits for it.
    fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::slots;
    use super::*;
    use crate::dfpn::{INF, Shared};

    #[test]
    fn a_thread_steers_clear_of_the_child_another_is_in() {
        let mut main: Searcher<u8, Shared> = Searcher::new_shared(1 << 20);
        let helper = main.helper().expect("a shared table has helpers");
        let path = 77;
        let s = slots(&[2, 9, 4, 3]);
        let th = (INF, INF);
        // Nobody is in the best child (index 0): no steering.
        assert_eq!(helper.steer(NodeKind::Or, path, &s, 0, th), None);
        main.mark_busy(extend_path(path, s[0].key), true);
        // The best of the others, by proof number at the prover's turn.
        assert_eq!(helper.steer(NodeKind::Or, path, &s, 0, th), Some(3));
        // Not one another thread is in too, nor one past the threshold.
        main.mark_busy(extend_path(path, s[3].key), true);
        assert_eq!(helper.steer(NodeKind::Or, path, &s, 0, th), Some(2));
        assert_eq!(helper.steer(NodeKind::Or, path, &s, 0, (4, INF)), None);
        // A thread that leaves a child frees it.
        main.mark_busy(extend_path(path, s[0].key), false);
        assert_eq!(helper.steer(NodeKind::Or, path, &s, 0, th), None);
        // A plain table has no helpers.
        assert!(Searcher::<u8>::new(1 << 20).helper().is_none());
    }
}
