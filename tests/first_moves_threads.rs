//! With threads to spare, the first moves are classified two at a time
//! on the shared table (after a first round alone): the lists are the
//! ones one thread finds, every verdict checked, and the second engine's
//! searches are watched.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use shikatsu::analysis::{Options, analyze, analyze_observed};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Limits, Observer, SearchView};

use crate::common;

/// A full analysis on `threads` threads per search.
fn opts(threads: usize) -> Options {
    Options {
        limits: Limits {
            positions: None,
            time: Some(Duration::from_secs(120)),
        },
        memory: 128 << 20,
        threads,
        ..Options::default()
    }
}

#[test]
fn two_threads_find_the_first_moves_one_thread_finds() {
    // gop/20048 White to live: unconditional, 5 winning first moves and 10
    // that reach only ko or seki, about 6 million positions on one thread,
    // most of them in the rounds after the first.
    let Some(problem) = common::suite_problem("gop/20048.sgf") else {
        return;
    };
    let one = analyze(&problem, Color::White, &opts(1));
    let two = analyze(&problem, Color::White, &opts(2));
    for a in [&one, &two] {
        assert!(a.all_first_moves, "the list is complete");
        assert!(a.checked, "every verdict is checked");
        assert_eq!(a.error, None);
    }
    assert_eq!(one.status, two.status);
    fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
        let mut v = v.to_vec();
        v.sort();
        v
    }
    assert_eq!(sorted(&one.first_moves), sorted(&two.first_moves));
    assert_eq!(sorted(&one.other_moves), sorted(&two.other_moves));
    assert_eq!(one.first_moves.len(), 5);
}

/// Counts what a watched search shows: the positions of its views, each
/// search counting from zero.
#[derive(Default)]
struct Counted {
    calls: u64,
    last: u64,
    positions: u64,
}

impl Counted {
    fn see(&mut self, v: &SearchView<'_, Move>) {
        self.calls += 1;
        self.positions += v.positions.checked_sub(self.last).unwrap_or(v.positions);
        self.last = v.positions;
    }
}

/// The main thread's observer: no helpers watched, the second engine's
/// searches counted in `sibling`.
struct Main {
    sibling: Arc<Mutex<Counted>>,
}

impl Observer<Move> for Main {
    fn after_expand(&mut self, _: &SearchView<'_, Move>) -> bool {
        true
    }

    fn sibling(&self) -> Option<Box<dyn Observer<Move> + Send>> {
        Some(Box::new(Sibling(Arc::clone(&self.sibling))))
    }
}

struct Sibling(Arc<Mutex<Counted>>);

impl Observer<Move> for Sibling {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        self.0.lock().unwrap().see(v);
        true
    }
}

#[test]
fn the_second_engine_is_watched_as_a_sibling() {
    // gop/20048 White to live, as above: the rounds after the first are
    // taken two at a time, the second engine's under the observer's
    // `sibling` (a viewer counts its positions there: no main view
    // holds them), not under `helper`.
    let Some(problem) = common::suite_problem("gop/20048.sgf") else {
        return;
    };
    for threads in [1, 2] {
        let sibling = Arc::new(Mutex::new(Counted::default()));
        let mut main = Main {
            sibling: Arc::clone(&sibling),
        };
        let a = analyze_observed(&problem, Color::White, &opts(threads), &mut main);
        assert!(a.all_first_moves && a.checked);
        let seen = sibling.lock().unwrap();
        if threads == 1 {
            assert_eq!(seen.calls, 0, "one thread has no second engine");
            continue;
        }
        assert!(seen.calls > 0, "the second engine's searches are watched");
        assert!(
            seen.positions > 0 && seen.positions < a.positions,
            "its positions ({}) are some of the analysis's ({})",
            seen.positions,
            a.positions
        );
    }
}
