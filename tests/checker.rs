//! The proof checker on solutions written by hand or spoilt on purpose:
//! what it rejects, and the one freedom it allows (a solution may play on
//! where its winner has already won, since the winner has won either way).

use shikatsu::analysis::{Options, Status, analyze};
use shikatsu::board::{Color, Move, Point};
use shikatsu::problem::Problem;
use shikatsu::problem::sgf::load_str;
use shikatsu::proof::{self, Line};
use std::sync::Arc;

fn one(text: &str) -> Problem {
    load_str("t.sgf", text).remove(0).expect("loads")
}

fn mv(s: &str) -> Move {
    match s {
        "pass" => Move::Pass,
        _ => Move::Play(Point::from_sgf(s).expect("a point")),
    }
}

fn line(m: &str, replies: Vec<Line>) -> Line {
    Line::new(mv(m), replies)
}

/// White already lives with two one-point eyes (aa and ca): Benson's test.
const ALIVE: &str = "(;FF[4]SZ[5]AW[ba][da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]MA[bb])";

/// White's two eye points are adjacent: no room for two eyes.
const NO_ROOM: &str = "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb])";

#[test]
fn a_defender_solution_may_stop_where_the_target_lives_or_play_on() {
    let p = one(ALIVE);
    let none: Option<Color> = None;
    // Stopping at once: the game is over, White has won.
    proof::check(&p, Color::Black, Color::White, none, &[]).expect("White lives");
    // Playing on: Black's one legal move is the pass (aa and ca are
    // suicide), White passes back and the game ends with White on the
    // board.
    let on = [line("pass", vec![line("pass", vec![])])];
    proof::check(&p, Color::Black, Color::White, none, &on).expect("White still lives");
    // Leaving out Black's pass is leaving a reply unanswered.
    let err = proof::check(&p, Color::Black, Color::White, none, &[line("aa", vec![])])
        .expect_err("aa is not a legal reply and the pass is missing");
    assert!(err.contains("the reply pass is not answered"), "{err}");
}

#[test]
fn an_attacker_solution_cannot_play_on_where_the_target_lives() {
    let p = one(ALIVE);
    let none: Option<Color> = None;
    // Black "kills" by passing and answering White's pass... but the
    // game was over before Black moved.
    let on = [line("pass", vec![line("pass", vec![])])];
    let err = proof::check(&p, Color::Black, Color::Black, none, &on).expect_err("White lives");
    assert_eq!(err, "at the root: the game is over but the proof goes on");
    let err = proof::check(&p, Color::Black, Color::Black, none, &[]).expect_err("White lives");
    assert_eq!(
        err,
        "at the root: the game ends in a loss for the prover (Black)"
    );
    // White to move: life is read at Black's turn, after White's pass,
    // which Black must answer like White's other moves (filling an eye).
    let replies = vec![
        line("aa", vec![]),
        line("ca", vec![]),
        line("pass", vec![line("aa", vec![])]),
    ];
    let err = proof::check(&p, Color::White, Color::Black, none, &replies).expect_err("lives");
    assert_eq!(err, "after pass: the game is over but the proof goes on");
}

#[test]
fn a_defender_solution_cannot_play_on_where_the_target_has_no_room() {
    let p = one(NO_ROOM);
    let none: Option<Color> = None;
    // White to move, a defender's "proof" that passes and lives in seki:
    // the target had no room to live before White moved.
    let on = [line("pass", vec![line("pass", vec![])])];
    let err = proof::check(&p, Color::White, Color::White, none, &on).expect_err("no room");
    assert_eq!(err, "at the root: the game is over but the proof goes on");
}

/// Replaces the first list of the loser's replies found (depth first) by
/// what `spoil` makes of it.
fn spoil_first_replies(tree: &[Line], spoil: &dyn Fn(&[Line]) -> Vec<Line>) -> Vec<Line> {
    fn walk(lines: &[Line], spoil: &dyn Fn(&[Line]) -> Vec<Line>, done: &mut bool) -> Vec<Line> {
        lines
            .iter()
            .map(|l| {
                let mut replies: Vec<Line> = l.replies.to_vec();
                if !*done && replies.len() > 1 {
                    *done = true;
                    replies = spoil(&replies);
                } else if !*done {
                    replies = walk(&replies, spoil, done);
                }
                Line {
                    mv: l.mv,
                    replies: Arc::from(replies),
                }
            })
            .collect()
    }
    let mut done = false;
    let out = walk(tree, spoil, &mut done);
    assert!(done, "the solution has a list of replies to spoil");
    out
}

#[test]
fn a_solved_proof_passes_and_its_spoilt_copies_do_not() {
    let p = one(&NO_ROOM.replace("MA[bb])", "MA[bb]PL[B])"));
    let a = analyze(
        &p,
        Color::Black,
        &Options {
            memory: 16 << 20,
            ..Options::default()
        },
    );
    assert_eq!(a.status, Status::Unconditional);
    let tree = a.proof.expect("a proof");
    proof::check(&p, Color::Black, Color::Black, a.ko, &tree).expect("the solver's proof");

    // A reply dropped.
    let dropped = spoil_first_replies(&tree, &|r: &[Line]| r[1..].to_vec());
    let err = proof::check(&p, Color::Black, Color::Black, a.ko, &dropped).expect_err("dropped");
    assert!(err.contains("is not answered"), "{err}");
    // A reply's answer cut off before the game is decided.
    let cut = spoil_first_replies(&tree, &|r: &[Line]| {
        let mut r = r.to_vec();
        let open = r
            .iter()
            .position(|l| !l.replies.is_empty())
            .expect("a reply that needs an answer");
        r[open].replies = Arc::from(Vec::new());
        r
    });
    let err = proof::check(&p, Color::Black, Color::Black, a.ko, &cut).expect_err("cut");
    assert!(
        err.contains("the proof stops before the game is decided"),
        "{err}"
    );
    // A reply given twice.
    let twice = spoil_first_replies(&tree, &|r: &[Line]| {
        let mut r = r.to_vec();
        r.push(r[0].clone());
        r
    });
    let err = proof::check(&p, Color::Black, Color::Black, a.ko, &twice).expect_err("twice");
    assert!(err.contains("illegal or repeated reply"), "{err}");
    // Two answers at the prover's turn.
    let two = [tree[0].clone(), tree[0].clone()];
    let err = proof::check(&p, Color::Black, Color::Black, a.ko, &two).expect_err("two");
    assert!(err.contains("must have exactly one move"), "{err}");
}

/// Retaking a ko at once repeats the position before the capture: only
/// the ko master may, and the checker compares whole positions to know.
#[test]
fn a_retake_that_repeats_a_position_is_refused_unless_by_the_ko_master() {
    let p = shikatsu::problem::load_paths(&["problems/ko/basic-ko.sgf".to_string()])
        .remove(0)
        .expect("the bundled basic ko loads");
    // Black captures at ab; White's solution retakes at once at aa. Not
    // ko master, White may not; as ko master he may, and the solution
    // then stops too early.
    let after_capture = [mv("ab")];
    let retake = [line("aa", vec![])];
    for (master, refusal) in [
        (
            Color::Black,
            "illegal move (repeats a position since the last pass)",
        ),
        (Color::White, "the proof stops before the game is decided"),
    ] {
        let err = proof::check_from(
            &p,
            Color::Black,
            Color::White,
            Some(master),
            &after_capture,
            &retake,
        )
        .expect_err("the retake's solution is refused");
        assert!(err.ends_with(refusal), "{master:?} master: {err}");
    }
}
