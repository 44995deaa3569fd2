//! What a search shows of itself as it goes: the view of the node just
//! expanded, and the observer that watches (and may pause or cancel) it.

use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::Slot;
use crate::dfpn::{PnDn, TableUse};

/// One step of the current search path.
#[derive(Clone, Copy, Debug)]
pub struct Step<M> {
    pub mv: M,
    pub pn: PnDn,
    pub dn: PnDn,
}

/// What the search looks like right now (given to the observer).
pub struct SearchView<'a, M> {
    /// The path from the root to the node just expanded: the most-proving path.
    pub path: &'a [Step<M>],
    pub root_pn: PnDn,
    pub root_dn: PnDn,
    pub positions: u64,
    pub expansions: u64,
    pub table: TableUse,
    /// The search stops after this expansion (a limit was reached, or it
    /// was cancelled): `path` is the line it stopped on, which a viewer
    /// that shows only some views must not miss.
    pub stopping: bool,
    /// When the search began (read the clock through `elapsed` only when
    /// needed: an unobserved search would otherwise read it at every
    /// expansion).
    pub(super) start: Instant,
    /// The children of the node just expanded, as first valued.
    pub(super) children: &'a [Slot<M>],
    /// Positions made so far by the threads helping this search (see
    /// `helper_positions`).
    pub(super) helpers: Option<&'a AtomicU64>,
}

impl<M: Copy> SearchView<'_, M> {
    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Positions the helper threads of `Searcher::solve_threads` have made
    /// in the current search and not yet handed over to `positions` (they
    /// report every few hundred positions; 0 on one thread).
    pub fn helper_positions(&self) -> u64 {
        self.helpers.map_or(0, |h| h.load(Ordering::Relaxed))
    }

    /// The moves of the node just expanded (the end of `path`) with their
    /// proof and disproof numbers.
    pub fn candidates(&self) -> impl Iterator<Item = Step<M>> + '_ {
        self.children.iter().map(|s| Step {
            mv: s.mv,
            pn: s.pn,
            dn: s.dn,
        })
    }
}

/// Watches the search. `after_expand` runs after every expansion; it may
/// block (single-stepping) and returns `false` to cancel the search.
pub trait Observer<M> {
    fn after_expand(&mut self, view: &SearchView<'_, M>) -> bool;

    /// Where the coming search starts, and under what rules: at the
    /// position after `moves` from the root of the caller's problem
    /// (empty: that root), so the views' paths start after these moves,
    /// with the game set up by `setting`. The core never calls this (it
    /// knows no problem); a caller that runs several searches (an analysis
    /// searches its root under each ko setting it asks about, then each
    /// first move's position) calls it before each one, so that a viewer
    /// can draw the paths where they belong, tell which side moves at
    /// their nodes and say which search is running. Ignored by default.
    ///
    /// `setting` is the caller's own description of the search's rules
    /// (an analysis passes its ko setting), passed through as `Any` and
    /// never looked into here: the core stays free of the game's notions,
    /// and the trait keeps its one parameter (a type parameter or an
    /// associated type for the setting would run through every generic
    /// search, helper and boxed observer). A viewer that knows the caller
    /// downcasts it; one that does not ignores it.
    fn search_root(&mut self, _moves: &[M], _setting: &dyn Any) {}

    /// The observer of a thread that helps this one's search
    /// (`Searcher::solve_threads`), called after each of its expansions
    /// with its own view. None (the default): helpers are not watched. A
    /// viewer that pauses the search gives one that holds the helper
    /// while paused.
    fn helper(&self) -> Option<Box<dyn Observer<M> + Send>> {
        None
    }

    /// The observer of a second, independent search on another thread
    /// that works for the same analysis (a sibling searcher on the same
    /// table: see `Searcher::sibling`). Unlike a helper's, its positions
    /// are nowhere in this observer's views, so a viewer must count them
    /// itself. By default the helper's observer.
    fn sibling(&self) -> Option<Box<dyn Observer<M> + Send>> {
        self.helper()
    }

    /// The search ended while its helpers may still be inside their
    /// observers: one that holds its helper must let it go now (the
    /// search waits for its helpers to stop before it returns).
    fn helpers_released(&mut self) {}

    /// How long `after_expand` has held the search in all (a viewer
    /// paused it): a time limit counts only the time the search ran, so
    /// that a person who stops to look at the path for longer than the
    /// limit still gets the search the limit promised. Zero by default.
    fn held(&self) -> Duration {
        Duration::ZERO
    }
}

impl<M> Observer<M> for Box<dyn Observer<M> + Send> {
    #[inline]
    fn after_expand(&mut self, view: &SearchView<'_, M>) -> bool {
        (**self).after_expand(view)
    }

    fn search_root(&mut self, moves: &[M], setting: &dyn Any) {
        (**self).search_root(moves, setting)
    }

    fn helper(&self) -> Option<Box<dyn Observer<M> + Send>> {
        (**self).helper()
    }

    fn sibling(&self) -> Option<Box<dyn Observer<M> + Send>> {
        (**self).sibling()
    }

    fn helpers_released(&mut self) {
        (**self).helpers_released()
    }

    fn held(&self) -> Duration {
        (**self).held()
    }
}

/// The observer that watches nothing; it compiles away.
pub struct Unobserved;

impl<M> Observer<M> for Unobserved {
    #[inline(always)]
    fn after_expand(&mut self, _: &SearchView<'_, M>) -> bool {
        true
    }
}
