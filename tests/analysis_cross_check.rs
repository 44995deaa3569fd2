//! The full analysis against the plain PNS reference on small random
//! enclosed positions: the status, every winning first move (when the
//! analysis says its list is complete, exactly those), the moves that
//! reach only a weaker status, the ko grades, and seki said only where
//! the defender cannot make two eyes. The analysis proves all
//! of it with df-pn on shared tables and many searches in a row; the
//! reference asks each question afresh, one move and one ko setting at a
//! time, with no table.

use crate::common;
use crate::common::cases;

use proptest::prelude::*;
use shikatsu::analysis::{GRADE_LIMIT, Life, OVER_LIMIT, Options, Status, analyze};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Game, Limits, PnsOutcome, pns};
use shikatsu::problem::Ko;
use shikatsu::problem::Problem;
use shikatsu::problem::sgf::load_str;
use shikatsu::tsumego::Tsumego;

/// Whether `side` wins after `moves` under `ko`, by PNS (None: it ran
/// out of nodes).
fn reference(problem: &Problem, side: Color, ko: Ko, moves: &[Move]) -> Option<bool> {
    let mut g: Tsumego = Tsumego::new(problem, side, side, ko);
    for &m in moves {
        g.play(m);
    }
    decided(&mut g)
}

/// PNS's verdict on the game's current position.
fn decided(g: &mut Tsumego) -> Option<bool> {
    match pns(g, 300_000) {
        PnsOutcome::Proven => Some(true),
        PnsOutcome::Disproven => Some(false),
        PnsOutcome::Unknown => None,
    }
}

/// The status `side` reaches after `moves`, as the analysis defines it:
/// a win against the opponent's ko mastery is unconditional, one only
/// with its own is ko, else it fails.
fn reference_status(problem: &Problem, side: Color, moves: &[Move]) -> Option<Status> {
    if reference(problem, side, Some(side.opp()).into(), moves)? {
        return Some(Status::Unconditional);
    }
    Some(match reference(problem, side, Some(side).into(), moves)? {
        true => Status::Ko,
        false => Status::Fails,
    })
}

/// The ko grade by the analysis's definition, each count asked afresh:
/// the fewest external threats `side` needs against an opponent with
/// none, then the fewest the opponent needs to turn that (`OVER_LIMIT`
/// past `GRADE_LIMIT`).
fn reference_grade(problem: &Problem, side: Color) -> Option<(u8, Option<u8>)> {
    let threats = |own: u8, opp: u8| -> Ko {
        match side {
            Color::Black => Ko::threats(own, opp),
            Color::White => Ko::threats(opp, own),
        }
    };
    let mut need = OVER_LIMIT;
    for n in 0..=GRADE_LIMIT {
        if reference(problem, side, threats(n, 0), &[])? {
            need = n;
            break;
        }
    }
    if need > GRADE_LIMIT {
        return Some((need, None));
    }
    let mut opp_need = OVER_LIMIT;
    for j in 1..=GRADE_LIMIT {
        if !reference(problem, side, threats(need, j), &[])? {
            opp_need = j;
            break;
        }
    }
    Some((need, Some(opp_need)))
}

fn options() -> Options {
    Options {
        limits: Limits {
            positions: Some(2_000_000),
            time: None,
        },
        memory: 16 << 20,
        ..Options::default()
    }
}

proptest! {
    // `SHIKATSU_CROSS_CASES=2000` for a long hunt.
    // Up to four rejects a case: more, and the positions drawn are not
    // the problems meant.
    #![proptest_config(ProptestConfig { cases: cases(24), max_global_rejects: 4 * cases(24), ..ProptestConfig::default() })]
    #[test]
    fn the_full_analysis_agrees_with_the_reference_move_by_move(cells in proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 2 => Just(2u8)], 12)) {
        // A position that makes no problem is a reject (what
        // `prop_assume!` returns), which proptest counts and limits, not
        // a pass.
        let Some(text) = common::walled_4x5(&cells) else {
            return Err(TestCaseError::reject("no white stone, so no target"));
        };
        let Some(Ok(problem)) = load_str("random.sgf", &text).pop() else {
            return Err(TestCaseError::reject("not a problem"));
        };
        for side in [Color::Black, Color::White] {
            let a = analyze(&problem, side, &options());
            let Some(want) = reference_status(&problem, side, &[]) else { continue };
            if a.status == Status::Unknown {
                continue;
            }
            let here = format!("{} to move\n{text}", side.name());
            prop_assert!(a.checked, "unchecked analysis, {}", here);
            prop_assert_eq!(a.status, want, "status, {}", here);
            if a.life == Some(Life::Seki) {
                // Seki is said only when the defender cannot reach
                // unconditional life from the root, whatever he plays.
                let mut g: Tsumego =
                    Tsumego::new(&problem, side, problem.defender, a.ko).unconditional_only();
                prop_assert_ne!(decided(&mut g), Some(true), "seki, yet two eyes can be made, {}", here);
            }
            let legal = Tsumego::<3>::new(&problem, side, side, Ko::default()).legal_moves();
            let mut winners = Vec::new();
            for &m in &legal {
                let Some(st) = reference_status(&problem, side, &[m]) else { return Ok(()) };
                let listed = a.first_moves.contains(&m);
                if listed {
                    prop_assert_eq!(st, a.status, "first move {:?} listed, {}", m, here);
                }
                if let Some(&(_, other)) = a.other_moves.iter().find(|(o, _)| *o == m) {
                    prop_assert_eq!(st, other, "other move {:?}, {}", m, here);
                }
                if st == a.status && st != Status::Fails {
                    winners.push(m);
                }
            }
            if a.all_first_moves && a.status != Status::Fails {
                let mut got = a.first_moves.clone();
                got.sort_by_key(|m| format!("{m:?}"));
                winners.sort_by_key(|m| format!("{m:?}"));
                prop_assert_eq!(got, winners, "the complete list of first moves, {}", here);
            }
            if a.status == Status::Ko
                && let (Some(need), Some((want_need, want_opp))) =
                    (a.threats_needed, reference_grade(&problem, side))
            {
                prop_assert_eq!(need, want_need, "threats needed, {}", here);
                if let (Some(opp), Some(want_opp)) = (a.opponent_threats_needed, want_opp) {
                    prop_assert_eq!(opp, want_opp, "opponent's threats needed, {}", here);
                }
            }
        }
    }
}
