//! The threads of `Searcher::solve_threads` are watched: a viewer's
//! observer hands each helper thread an observer of its own (a viewer
//! holds them there while paused), and the main search's view counts the
//! helpers' positions as they go.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Limits, Observer, Outcome, SearchView, Searcher, Shared};
use shikatsu::problem::Ko;
use shikatsu::tsumego::Tsumego;

use crate::common;

/// Black to kill gop/585 as ko master takes about 1.8 million positions:
/// work enough for a helper joining after the first thousand.
const LIMITS: Limits = Limits {
    positions: Some(40_000_000),
    time: None,
};

/// A searcher on a shared table whose helpers join after 1,000 positions.
fn shared_searcher() -> Searcher<Move, Shared> {
    let mut s = Searcher::new_shared(64 << 20);
    s.set_share_after(1_000);
    s
}

/// The main thread's observer: the most helper positions it was shown,
/// and a counter for the expansions of the helpers it hands out.
struct Main {
    seen: u64,
    helper_calls: Arc<AtomicU64>,
}

impl Observer<Move> for Main {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        self.seen = self.seen.max(v.helper_positions());
        true
    }

    fn helper(&self) -> Option<Box<dyn Observer<Move> + Send>> {
        Some(Box::new(Helper(Arc::clone(&self.helper_calls))))
    }
}

struct Helper(Arc<AtomicU64>);

impl Observer<Move> for Helper {
    fn after_expand(&mut self, _: &SearchView<'_, Move>) -> bool {
        self.0.fetch_add(1, Ordering::Relaxed);
        true
    }
}

#[test]
fn helper_threads_are_watched_and_their_positions_shown() {
    let Some(problem) = common::suite_problem("gop/585.sgf") else {
        return;
    };
    // Black to kill as ko master (see `LIMITS`).
    let side = Color::Black;
    let ko: Ko = Some(side).into();
    let mut s = shared_searcher();
    let mut main = Main {
        seen: 0,
        helper_calls: Arc::new(AtomicU64::new(0)),
    };
    let mut g: Tsumego = Tsumego::for_search(&problem, side, side, ko);
    let outcome = s.solve_threads(&mut g, LIMITS, &mut main, 2);
    assert_eq!(outcome, Outcome::Proven);
    let calls = main.helper_calls.load(Ordering::Relaxed);
    assert!(calls > 0, "the helper's observer was never called");
    assert!(
        main.seen > 0,
        "the main search never saw its helper's positions ({calls} helper expansions)"
    );
    assert!(
        main.seen <= s.positions(),
        "more helper positions shown than were made"
    );
}

/// A helper's observer that holds it from its first expansion until the
/// search it helps is over, as a paused viewer does.
struct Held(Arc<(Mutex<bool>, Condvar)>);

impl Observer<Move> for Held {
    fn after_expand(&mut self, _: &SearchView<'_, Move>) -> bool {
        let (released, cv) = &*self.0;
        let mut r = released.lock().expect("not poisoned");
        while !*r {
            r = cv.wait(r).expect("not poisoned");
        }
        false
    }
}

struct Holding(Arc<(Mutex<bool>, Condvar)>);

impl Observer<Move> for Holding {
    fn after_expand(&mut self, _: &SearchView<'_, Move>) -> bool {
        true
    }

    fn helper(&self) -> Option<Box<dyn Observer<Move> + Send>> {
        Some(Box::new(Held(Arc::clone(&self.0))))
    }

    fn helpers_released(&mut self) {
        let (released, cv) = &*self.0;
        *released.lock().expect("not poisoned") = true;
        cv.notify_all();
    }
}

#[test]
fn a_search_that_ends_while_its_helper_is_held_lets_it_go() {
    // A viewer's last single step can decide the root while the helper
    // waits for a resume: the search waits for its helper, which must be
    // released, or the two wait for each other.
    let Some(problem) = common::suite_problem("gop/585.sgf") else {
        return;
    };
    let side = Color::Black;
    let ko: Ko = Some(side).into();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = shared_searcher();
        let mut g: Tsumego = Tsumego::for_search(&problem, side, side, ko);
        let mut viewer = Holding(Arc::new((Mutex::new(false), Condvar::new())));
        let _ = tx.send(s.solve_threads(&mut g, LIMITS, &mut viewer, 2));
    });
    let outcome = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the search ends instead of waiting for its held helper");
    assert_eq!(outcome, Outcome::Proven);
}
