//! A side's two ko-master searches run at once, one per thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::{Analysis, Engine, Options, Status};
use crate::board::Color;
use crate::dfpn::{Outcome, Unobserved};
use crate::problem::Problem;

/// The status of `a.side` from both ko-master searches run at once, each
/// with its own table: "unconditional" as soon as the opponent-master
/// search proves, "fails" as soon as the own-master search disproves
/// (the other search is then stopped), "ko" when both finish the other
/// way. Fills in the status, proof and ko setting; `engine` takes over
/// the counts of both. Returns whether every reported proof was checked.
pub(super) fn status_in_parallel(
    engine: &mut Engine,
    problem: &Problem,
    side: Color,
    opts: &Options,
    a: &mut Analysis,
) -> bool {
    let opp = side.opp();
    let (stop_own, stop_opp) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let mut own_engine = Engine::new(opts);
    own_engine.deadline = engine.deadline;
    own_engine.cancel = Some(stop_own.clone());
    engine.cancel = Some(stop_opp.clone());
    let (theirs, own) = std::thread::scope(|scope| {
        let own = scope.spawn(|| {
            let v = own_engine.decide(problem, side, side, Some(side).into(), &[], &mut Unobserved);
            if v.outcome == Outcome::Disproven {
                stop_opp.store(true, AtomicOrdering::Relaxed);
            }
            v
        });
        let v = engine.decide(problem, side, side, Some(opp).into(), &[], &mut Unobserved);
        if v.outcome == Outcome::Proven {
            stop_own.store(true, AtomicOrdering::Relaxed);
        }
        (v, own.join().expect("the own-master search does not panic"))
    });
    engine.cancel = None;
    engine.absorb(&own_engine);
    let (status, master, numbers, proof, checked) = match (theirs.outcome, own.outcome) {
        (Outcome::Proven, _) => (
            Status::Unconditional,
            opp,
            engine.last_numbers,
            theirs.tree,
            theirs.checked,
        ),
        (_, Outcome::Disproven) => (
            Status::Fails,
            side,
            own_engine.last_numbers,
            own.tree,
            own.checked,
        ),
        (Outcome::Disproven, Outcome::Proven) => (
            Status::Ko,
            side,
            own_engine.last_numbers,
            own.tree,
            theirs.checked && own.checked,
        ),
        (Outcome::Disproven, _) if theirs.checked => {
            a.at_most = Some(Status::Ko);
            (Status::Unknown, opp, engine.last_numbers, theirs.tree, true)
        }
        (_, Outcome::Proven) if own.checked => {
            a.at_least = Some(Status::Ko);
            (
                Status::Unknown,
                side,
                own_engine.last_numbers,
                own.tree,
                true,
            )
        }
        _ => (Status::Unknown, opp, engine.last_numbers, None, true),
    };
    a.status = status;
    if status != Status::Unknown || a.at_most.is_some() || a.at_least.is_some() {
        a.ko = Some(master).into();
    }
    (a.root_pn, a.root_dn) = numbers;
    a.proof = proof;
    checked
}
