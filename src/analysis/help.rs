//! Idle workers lend their core to searches still running.
//!
//! A batch runs one problem side per worker. Once no side is left to
//! start, a worker would sit idle while the others finish their last,
//! often hardest, sides; instead it takes an offer from the desk and
//! searches beside one of them on its table (`Searcher::solve_inviting`).
//! One file without `PL` on two cores is the common case: its easy side
//! ends early, and its core then helps the hard one.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::board::{Color, Move, words_for};
use crate::dfpn::{Game as _, Invitation, Limits, Shared};
use crate::problem::{Ko, Problem};
use crate::tsumego::Tsumego;

/// How long an idle worker waits before it looks for an offer again.
const POLL: Duration = Duration::from_millis(2);

/// Where running searches offer a seat to idle workers.
#[derive(Default)]
pub struct HelpDesk {
    offers: Mutex<Vec<Offer>>,
    next_id: AtomicU64,
    /// Workers with a side in hand or about to take one: while any is,
    /// an idle worker waits for offers.
    working: AtomicUsize,
    /// Positions made by helpers in all.
    helped: AtomicU64,
}

/// A search's invitation with what a helper needs to set up the same
/// position under the same rules.
pub(super) struct Offer {
    id: u64,
    help: Invitation<Move, Shared>,
    problem: Problem,
    to_move: Color,
    prover: Color,
    ko: Ko,
    moves: Vec<Move>,
    seat: Arc<Seat>,
    /// A search for a side's status (not a first move or a grade).
    status: bool,
    /// The search plays the relaxed game (`Tsumego::relax`).
    relaxed: bool,
}

/// What the search that posted an offer learns of its helper.
#[derive(Default)]
pub(super) struct Seat {
    /// A helper took the offer and has not yet finished.
    taken: AtomicBool,
    /// Positions the helper made.
    positions: AtomicU64,
}

/// Marks a worker as working until dropped (`HelpDesk::working`).
pub struct Working<'a>(&'a HelpDesk);

impl Drop for Working<'_> {
    fn drop(&mut self) {
        self.0.working.fetch_sub(1, Ordering::SeqCst);
    }
}

impl HelpDesk {
    pub fn new() -> HelpDesk {
        HelpDesk::default()
    }

    /// Call before taking a side to solve; keep the guard until it is done
    /// (or until it turns out there was none left).
    pub fn working(&self) -> Working<'_> {
        self.working.fetch_add(1, Ordering::SeqCst);
        Working(self)
    }

    /// Helps the searches that other workers offer until no worker has a
    /// side left in hand.
    pub fn help_while_busy(&self) {
        loop {
            match self.take(false) {
                Some(offer) => self.help(offer, None),
                None if self.working.load(Ordering::SeqCst) > 0 => std::thread::sleep(POLL),
                None => return,
            }
        }
    }

    /// Helps the status searches that other workers offer, if any, for
    /// at most `time`: a side whose status is known gives part of its
    /// clock for first moves and grades to the others' statuses (a status
    /// is what a side is asked first).
    pub(super) fn help_status_searches(&self, time: Duration) {
        let start = Instant::now();
        while let Some(left) = time.checked_sub(start.elapsed())
            && let Some(offer) = self.take(true)
        {
            self.help(offer, Some(left));
        }
    }

    /// The newest offer (of a status search only, if `status_only`).
    fn take(&self, status_only: bool) -> Option<Offer> {
        let mut offers = self.offers.lock().ok()?;
        let i = offers.iter().rposition(|o| o.status || !status_only)?;
        let offer = offers.swap_remove(i);
        offer.seat.taken.store(true, Ordering::SeqCst);
        Some(offer)
    }

    fn help(&self, offer: Offer, time: Option<Duration>) {
        let seat = Arc::clone(&offer.seat);
        // A helper that panicked has only stopped helping.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| offer.join(time)));
        self.helped
            .fetch_add(seat.positions.load(Ordering::SeqCst), Ordering::Relaxed);
    }

    /// Positions that helpers made in the searches they joined.
    pub fn helped(&self) -> u64 {
        self.helped.load(Ordering::Relaxed)
    }

    /// Posts an offer from a search about to go on (see `Engine`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn post(
        &self,
        help: Invitation<Move, Shared>,
        problem: &Problem,
        to_move: Color,
        prover: Color,
        ko: Ko,
        moves: &[Move],
        seat: &Arc<Seat>,
        (status, relaxed): (bool, bool),
    ) -> u64 {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut offers) = self.offers.lock() {
            offers.push(Offer {
                id,
                help,
                problem: problem.clone(),
                to_move,
                prover,
                ko,
                moves: moves.to_vec(),
                seat: Arc::clone(seat),
                status,
                relaxed,
            });
        }
        id
    }

    /// Takes back offer `id` once its search has ended, and waits for a
    /// helper that took it to stop (it stops within a few thousand
    /// positions of the search's end): it must not write into the table
    /// while the proof is read out of it. The positions the helper made.
    pub(super) fn withdraw(&self, id: u64, seat: &Seat) -> u64 {
        if let Ok(mut offers) = self.offers.lock() {
            offers.retain(|o| o.id != id);
        }
        while seat.taken.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_micros(50));
        }
        seat.positions.load(Ordering::SeqCst)
    }
}

impl Offer {
    /// Searches beside the offering search until it ends (or `time` does).
    fn join(self, time: Option<Duration>) {
        let seat = Release(Arc::clone(&self.seat));
        let (w, h) = self.problem.search_shape();
        let positions = crate::with_words!(words_for(w, h), W => {
            let mut game: Tsumego<W> =
                Tsumego::for_search(&self.problem, self.to_move, self.prover, self.ko);
            game.relax(self.relaxed);
            for &m in &self.moves {
                game.play(m);
            }
            // The offering search stops its helper when it ends.
            let limits = Limits {
                positions: None,
                time,
            };
            self.help.join(&mut game, limits).1
        });
        seat.0.positions.store(positions, Ordering::SeqCst);
    }
}

/// Frees the seat however the helper's search ends.
struct Release(Arc<Seat>);

impl Drop for Release {
    fn drop(&mut self) {
        self.0.taken.store(false, Ordering::SeqCst);
    }
}
