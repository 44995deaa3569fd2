//! Tables kept between analyses: a spare per thread, so that a table's
//! pages are faulted in once per thread rather than once per problem, and
//! the table an owner parks for `Options::resume`.

use super::{MainSearcher, Resume, each};
use crate::board::{Color, Move};
use crate::dfpn::Searcher;

thread_local! {
    /// Searchers of finished analyses, kept per thread: a table's pages are
    /// touched (and faulted in) once per thread instead of once per problem.
    /// An analysis's main searcher is kept with what it searched
    /// (`Carried`), so that the other side of the same problem, solved
    /// next on this thread, starts from its table turned round.
    pub(super) static SPARE: std::cell::RefCell<Vec<(MainSearcher, Option<Carried>)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// How many searchers a thread keeps (a main one and a strict one).
const SPARES: usize = 2;

/// What a kept table's results are about: the problem (`carry_key`) and
/// the side to move that proved in its searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Carried {
    pub(super) problem: u64,
    pub(super) prover: Color,
}

/// Keeps a finished analysis's searcher for the next one on this thread;
/// the main one first, since its table may carry over.
pub(super) fn keep_spare(s: MainSearcher, carried: Option<Carried>) {
    SPARE.with(|spare| {
        let mut spare = spare.borrow_mut();
        if carried.is_some() {
            spare.insert(0, (s, carried));
            spare.truncate(SPARES);
        } else if spare.len() < SPARES {
            spare.push((s, None));
        }
    });
}

/// A searcher with a table of `bytes`, empty, or, for the other side of
/// the problem a kept table searched (`next`), that table turned round
/// for it (`Searcher::flip_prover`).
pub(super) fn reuse_searcher(bytes: usize, shared: bool, next: Option<Carried>) -> MainSearcher {
    let fits = |x: &MainSearcher| x.budget() == bytes && x.is_shared() == shared;
    let spare = SPARE.with(|s| {
        let mut s = s.borrow_mut();
        let i = s
            .iter()
            .position(|(x, c)| fits(x) && serves(*c, next))
            .or_else(|| s.iter().position(|(x, _)| fits(x)))?;
        Some(s.remove(i))
    });
    match spare {
        Some((mut s, c)) => {
            if serves(c, next) {
                s.flip_prover();
            } else {
                s.clear();
            }
            s
        }
        None if shared => MainSearcher::Shared(Searcher::new_shared(bytes)),
        None => MainSearcher::Plain(Searcher::new(bytes)),
    }
}

/// Whether a table `kept` for one side of a problem serves `next`, the
/// other side of the same problem, turned round.
fn serves(kept: Option<Carried>, next: Option<Carried>) -> bool {
    matches!((kept, next), (Some(k), Some(n)) if k.problem == n.problem && k.prover != n.prover)
}

/// `reuse_searcher` for a table of one's own.
pub(super) fn reuse_plain(bytes: usize) -> Searcher<Move> {
    match reuse_searcher(bytes, false, None) {
        MainSearcher::Plain(s) => s,
        MainSearcher::Shared(_) => unreachable!("asked for a plain table"),
    }
}

/// The tables kept by `Options::resume`: the last one of each owner.
pub(super) static PARKED: std::sync::Mutex<Vec<(Resume, MainSearcher, Option<Carried>)>> =
    std::sync::Mutex::new(Vec::new());

/// For an analysis with `Options::resume`: its owner's kept table if of
/// the same size and kind, as it was left when the key is the same,
/// turned round when it is the other side of the same problem (`next`,
/// as in `reuse_searcher`), else emptied (its memory is then reused
/// rather than held beside a new one).
pub(super) fn take_parked(
    bytes: usize,
    resume: Option<Resume>,
    shared: bool,
    next: Option<Carried>,
) -> Option<MainSearcher> {
    let resume = resume?;
    let (kept, mut s, carried) = {
        let mut parked = PARKED.lock().ok()?;
        let i = parked
            .iter()
            .position(|(r, _, _)| r.owner == resume.owner)?;
        parked.swap_remove(i)
    };
    if s.budget() != bytes || s.is_shared() != shared {
        return None;
    }
    if kept.key == resume.key {
        each!(&mut s, s => {
            s.restart_counts();
            s.set_strict(false);
        });
    } else if serves(carried, next) {
        s.flip_prover();
    } else {
        s.clear();
    }
    Some(s)
}

/// Frees the table `owner` kept (see `Options::resume`).
pub fn drop_kept(owner: u64) {
    if let Ok(mut parked) = PARKED.lock() {
        parked.retain(|(r, _, _)| r.owner != owner);
    }
}
