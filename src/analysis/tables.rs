//! Tables kept between analyses: a spare per thread, so that a table's
//! pages are faulted in once per thread rather than once per problem, and
//! the table an owner parks for `Options::resume`.

use super::{MainSearcher, Resume, each};
use crate::board::Move;
use crate::dfpn::Searcher;

thread_local! {
    /// Searchers of finished analyses, kept per thread: a table's pages are
    /// touched (and faulted in) once per thread instead of once per problem.
    pub(super) static SPARE: std::cell::RefCell<Vec<MainSearcher>> = const { std::cell::RefCell::new(Vec::new()) };
}

pub(super) fn reuse_searcher(bytes: usize, shared: bool) -> MainSearcher {
    let spare = SPARE.with(|s| {
        let mut s = s.borrow_mut();
        let i = s
            .iter()
            .position(|x| x.budget() == bytes && x.is_shared() == shared)?;
        Some(s.swap_remove(i))
    });
    match spare {
        Some(mut s) => {
            s.clear();
            s
        }
        None if shared => MainSearcher::Shared(Searcher::new_shared(bytes)),
        None => MainSearcher::Plain(Searcher::new(bytes)),
    }
}

/// `reuse_searcher` for a table of one's own.
pub(super) fn reuse_plain(bytes: usize) -> Searcher<Move> {
    match reuse_searcher(bytes, false) {
        MainSearcher::Plain(s) => s,
        MainSearcher::Shared(_) => unreachable!("asked for a plain table"),
    }
}

/// The tables kept by `Options::resume`: the last one of each owner.
pub(super) static PARKED: std::sync::Mutex<Vec<(Resume, MainSearcher)>> =
    std::sync::Mutex::new(Vec::new());

/// For an analysis with `Options::resume`: its owner's kept table if of
/// the same size and kind, as it was left when the key is the same, else
/// emptied (its memory is then reused rather than held beside a new one).
pub(super) fn take_parked(
    bytes: usize,
    resume: Option<Resume>,
    shared: bool,
) -> Option<MainSearcher> {
    let resume = resume?;
    let (kept, mut s) = {
        let mut parked = PARKED.lock().ok()?;
        let i = parked.iter().position(|(r, _)| r.owner == resume.owner)?;
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
    } else {
        s.clear();
    }
    Some(s)
}

/// Frees the table `owner` kept (see `Options::resume`).
pub fn drop_kept(owner: u64) {
    if let Ok(mut parked) = PARKED.lock() {
        parked.retain(|(r, _)| r.owner != owner);
    }
}
