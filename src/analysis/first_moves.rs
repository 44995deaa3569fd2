//! Every first move classified: which reach the root's status, and what
//! the others reach, searched in rounds of growing position caps.

use std::sync::atomic::Ordering as AtomicOrdering;

use super::{Engine, MainSearcher, Options, Status};
use crate::board::{Color, Move};
use crate::dfpn::{Observer, Outcome, Stop, Unobserved};
use crate::problem::{Ko, Problem};
use crate::proof::{self, Line};

/// Where a first move stands while the moves are classified.
#[derive(Clone, Copy, Debug)]
pub(super) enum MoveState {
    /// Its status, and the distinct positions of its checked proof.
    Reached(Status, usize),
    /// Still to be searched under the move settings from this index on.
    Open(usize),
    /// Decided under the settings of this index, but with no checked
    /// proof (too large to write out): not reported, not searched again.
    Unchecked(usize),
}

/// What `classify_moves` learns besides the moves' states.
pub(super) struct Classified {
    /// The opponent's checked trees against the file's moves.
    pub(super) refutations: Vec<(Move, Vec<Line>)>,
    /// Every reported verdict was checked.
    pub(super) checked: bool,
}

/// Positions a move's search gets in the first round of `classify_moves`.
const FIRST_MOVE_CAP: u64 = 250_000;

/// Searches the moves still open at `step` under that step's setting, in
/// rounds of growing position caps (four times more each round): one hard
/// move no longer spends the budget the easy ones needed, and a move cut
/// off in one round goes on from the table's numbers in the next. With
/// threads to spare, the rounds after the first search two moves at a
/// time on the shared table (`classify_side_by_side`).
#[allow(clippy::too_many_arguments)]
pub(super) fn classify_moves<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    problem: &Problem,
    side: Color,
    order: &[Move],
    accepted: &[Move],
    states: &mut [MoveState],
    setting: (Ko, Status, Status),
    step: usize,
) -> Classified {
    let mut found = Classified {
        refutations: Vec::new(),
        checked: true,
    };
    let mut cap = FIRST_MOVE_CAP;
    let mut round = 0;
    loop {
        let open: Vec<usize> = (0..order.len())
            .filter(|&i| matches!(states[i], MoveState::Open(s) if s == step))
            .collect();
        if open.is_empty() {
            return found;
        }
        let ask = Ask {
            problem,
            side,
            accepted,
            setting,
            step,
            cap,
        };
        // The first round alone: a small problem is done in it, and a
        // table shared between threads is spread over its whole budget.
        let side_by_side =
            round > 0 && open.len() > 1 && engine.threads > 1 && engine.desk.is_none();
        let results = match side_by_side {
            true => classify_side_by_side(engine, observer, &ask, order, &open),
            false => classify_in_turn(engine, observer, &ask, order, open),
        };
        let mut again = false;
        let mut stop = false;
        for (i, r) in results {
            found.checked &= r.checked;
            if let Some(tree) = r.refutation {
                found.refutations.push((order[i], tree));
            }
            if let Some(state) = r.state {
                states[i] = state;
            }
            again |= r.again;
            stop |= r.stop;
        }
        if stop || !again {
            return found;
        }
        cap = cap.saturating_mul(4);
        round += 1;
    }
}

/// What `classify_moves` asks of each move in one round.
struct Ask<'a> {
    problem: &'a Problem,
    side: Color,
    accepted: &'a [Move],
    setting: (Ko, Status, Status),
    step: usize,
    cap: u64,
}

/// What one move's search in a round came to.
struct MoveResult {
    /// Its new state (None: still open).
    state: Option<MoveState>,
    /// The opponent's checked tree against a file's move it refuted.
    refutation: Option<Vec<Line>>,
    /// False when a reported verdict was rejected by the checker.
    checked: bool,
    /// Cut off by the round's cap: to be searched again with a larger one.
    again: bool,
    /// The analysis's own limit or a cancel: nothing more fits.
    stop: bool,
}

/// Searches move `m` under the round's setting and cap.
fn classify_one<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    ask: &Ask<'_>,
    m: Move,
) -> MoveResult {
    let (master, win, loss) = ask.setting;
    let mut r = MoveResult {
        state: None,
        refutation: None,
        checked: true,
        again: false,
        stop: false,
    };
    let is_accepted = ask.accepted.contains(&m);
    engine.check_losses = is_accepted;
    // Only wins at the best status (first moves) and the file's own
    // moves are reported with proofs; the others need no tree.
    engine.check_wins = is_accepted || win == engine.best;
    engine.move_cap = Some(ask.cap);
    let too_large = engine.too_large;
    let v = engine.decide(ask.problem, ask.side, ask.side, master, &[m], observer);
    engine.move_cap = None;
    if engine.debug {
        // Which first moves a side's list waits for, and at what cost.
        eprintln!(
            "{} {:?} to move: first move {} {}, cap {} positions: {:?} in {} positions",
            ask.problem.label(),
            ask.side,
            m.human(ask.problem.board.height()),
            master.describe(),
            ask.cap,
            v.outcome,
            v.positions
        );
    }
    let reported = match v.outcome {
        Outcome::Proven => engine.check_wins,
        Outcome::Disproven => engine.check_losses,
        Outcome::Unknown(_) => false,
    };
    engine.check_wins = true;
    if reported && !v.checked {
        // Only a checked verdict is reported. A proof too large to
        // check is a limit, like running out of positions; a
        // rejected one is a bug, which the record must show.
        r.checked = engine.too_large > too_large;
        r.state = Some(MoveState::Unchecked(ask.step));
        return r;
    }
    match v.outcome {
        Outcome::Proven => {
            let size = v
                .tree
                .as_ref()
                .map_or(usize::MAX, |t| proof::distinct_size(t));
            r.state = Some(MoveState::Reached(win, size));
        }
        Outcome::Disproven => {
            if let (true, true, Some(tree)) = (is_accepted, v.checked, v.tree) {
                r.refutation = Some(tree);
            }
            // A loss no ko took part in is a loss under any master.
            r.state = Some(if loss != Status::Unknown || v.free {
                MoveState::Reached(Status::Fails, usize::MAX)
            } else {
                MoveState::Open(ask.step + 1)
            });
        }
        Outcome::Unknown(Stop::Positions) if !engine.out_of_budget() => r.again = true,
        Outcome::Unknown(_) => r.stop = true,
    }
    r
}

/// One round of `classify_moves` on one thread: the open moves (indices
/// into `order`) one after the other, until one of them meets the
/// analysis's own limit.
fn classify_in_turn<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    ask: &Ask<'_>,
    order: &[Move],
    open: impl IntoIterator<Item = usize>,
) -> Vec<(usize, MoveResult)> {
    let mut results = Vec::new();
    for i in open {
        let r = classify_one(engine, observer, ask, order[i]);
        let stop = r.stop;
        results.push((i, r));
        if stop {
            break;
        }
    }
    results
}

/// One round of `classify_moves` on two threads: the main engine and a
/// second one on the same table (`Searcher::sibling`) take the open moves
/// one at a time, each using what the other stored; each gets half of
/// what is left of a position budget. The second engine's searches are
/// watched by the observer's `sibling` (a paused viewer holds them), and
/// released when the first runs out of moves.
fn classify_side_by_side<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    ask: &Ask<'_>,
    order: &[Move],
    open: &[usize],
) -> Vec<(usize, MoveResult)> {
    let sibling = match engine.searcher.as_mut() {
        Some(MainSearcher::Shared(s)) => s.sibling(),
        _ => None,
    };
    let Some(sibling) = sibling else {
        return classify_in_turn(engine, observer, ask, order, open.iter().copied());
    };
    let left = engine.positions_left;
    let mut other = Engine::new(&Options {
        memory: engine.memory,
        proof_nodes: engine.proof_nodes,
        ..Options::default()
    });
    other.searcher = Some(MainSearcher::Shared(sibling));
    other.deadline = engine.deadline;
    other.positions_left = left.map(|l| l / 2);
    other.best = engine.best;
    other.cancel = engine.cancel.clone();
    engine.positions_left = left.map(|l| l - l / 2);
    let threads = engine.threads;
    engine.threads = 1;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take = || {
        let k = next.fetch_add(1, AtomicOrdering::Relaxed);
        open.get(k).copied()
    };
    let watcher = observer.sibling();
    let (mut mine, theirs) = std::thread::scope(|scope| {
        let other = &mut other;
        let theirs = scope.spawn(move || {
            let moves = std::iter::from_fn(take);
            match watcher {
                Some(mut w) => classify_in_turn(other, &mut w, ask, order, moves),
                None => classify_in_turn(other, &mut Unobserved, ask, order, moves),
            }
        });
        let mine = classify_in_turn(engine, observer, ask, order, std::iter::from_fn(take));
        observer.helpers_released();
        let theirs = theirs
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (mine, theirs)
    });
    engine.threads = threads;
    engine.positions += other.positions;
    engine.strict_searches += other.strict_searches;
    engine.too_large += other.too_large;
    engine.positions_left = match (engine.positions_left, other.positions_left) {
        (Some(a), Some(b)) => Some(a + b),
        (a, _) => a,
    };
    if let (Some(MainSearcher::Shared(s)), Some(MainSearcher::Shared(o))) =
        (engine.searcher.as_mut(), other.searcher.take())
    {
        s.take_back(o);
    }
    // A search of the second engine stopped by the release (its viewer
    // was paused when the first ran out of moves) is only cut short.
    let released = engine
        .cancel
        .as_ref()
        .is_none_or(|c| !c.load(AtomicOrdering::Relaxed));
    let cut_short = released && !engine.out_of_budget() && !mine.iter().any(|(_, r)| r.stop);
    for (i, mut r) in theirs {
        if r.stop && cut_short {
            (r.stop, r.again) = (false, true);
        }
        mine.push((i, r));
    }
    mine.sort_by_key(|&(i, _)| i);
    mine
}
