//! A thread with nothing else to do joins a search already under way
//! (`Searcher::solve_inviting`, `HelpDesk`): the answer is the one the
//! search gives alone, its proof checks, and the helper did search.

use std::sync::Arc;
use std::sync::mpsc::channel;

use shikatsu::analysis::{HelpDesk, Options, Status, analyze, analyze_helped};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Invitation, Limits, Outcome, Searcher, Shared, Unobserved};
use shikatsu::problem::Ko;
use shikatsu::proof;
use shikatsu::tsumego::Tsumego;

#[test]
fn a_helper_joining_late_leaves_the_answer_and_its_proof_sound() {
    // gop/585 Black to kill, Black as ko master: about 1.8 million
    // positions alone, so a helper seated after the first thousand has
    // work to do.
    let Some(problem) = crate::common::suite_problem("gop/585.sgf") else {
        return;
    };
    let side = Color::Black;
    let ko: Ko = Some(side).into();
    let limits = Limits {
        positions: Some(20_000_000),
        time: None,
    };
    let mut alone = Searcher::new(64 << 20);
    let mut g: Tsumego = Tsumego::for_search(&problem, side, side, ko);
    let expected = alone.solve(&mut g, limits, &mut Unobserved);
    assert_eq!(expected, Outcome::Proven);

    let mut main = Searcher::new_shared(64 << 20);
    main.set_share_after(0);
    let (tx, rx) = channel::<Invitation<Move, Shared>>();
    let (outcome, (helper_outcome, helper_positions)) = std::thread::scope(|scope| {
        let (problem, rx) = (&problem, rx);
        let helper = scope.spawn(move || {
            let invitation = rx.recv().expect("the search posts its invitation");
            let mut g: Tsumego = Tsumego::for_search(problem, side, side, ko);
            invitation.join(&mut g, Limits::default())
        });
        let mut g: Tsumego = Tsumego::for_search(problem, side, side, ko);
        let o = main.solve_inviting(&mut g, limits, &mut Unobserved, |inv| {
            tx.send(inv).expect("the helper waits for it")
        });
        (o, helper.join().expect("the helper does not panic"))
    });
    assert_eq!(outcome, expected);
    assert!(
        helper_positions > 0,
        "the helper searched nothing ({helper_outcome:?})"
    );
    let mut g: Tsumego = Tsumego::for_search(&problem, side, side, ko);
    let tree = main
        .extract(&mut g, true)
        .expect("the proof is written out");
    proof::check(&problem, side, side, ko, &tree).expect("the helped proof checks");
}

#[test]
fn an_idle_worker_helps_an_analysis_to_the_same_status() {
    // gop/13034 White to move: unconditional in about 4.3 million
    // positions, past the 2 million a search makes alone before it
    // offers a seat.
    let Some(problem) = crate::common::suite_problem("gop/13034.sgf") else {
        return;
    };
    let opts = Options {
        limits: Limits {
            positions: Some(50_000_000),
            time: None,
        },
        memory: 64 << 20,
        status_only: true,
        ..Options::default()
    };
    let alone = analyze(&problem, Color::White, &opts);
    assert_eq!(alone.status, Status::Unconditional);
    // The seat is offered for the search's last 2.3 million positions,
    // under half a second: on a loaded machine (the tests run two at a
    // time on two cores) the idle thread may not be scheduled before the
    // search ends. Every try must give the same answer; one of them must
    // have been helped.
    for _ in 0..4 {
        let desk = Arc::new(HelpDesk::new());
        let helped = std::thread::scope(|scope| {
            let working = desk.working();
            scope.spawn(|| desk.help_while_busy());
            let a = analyze_helped(&problem, Color::White, &opts, &desk);
            drop(working);
            a
        });
        assert_eq!(helped.status, alone.status);
        assert!(helped.checked, "the helped proof is checked");
        assert_eq!(helped.first_moves.len(), 1);
        if desk.helped() > 0 {
            // The helper's positions are counted in the analysis.
            assert!(helped.positions > desk.helped());
            return;
        }
    }
    panic!("the idle worker searched nothing in four tries");
}
