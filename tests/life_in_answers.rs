//! The static rule that a target which lives in answers is alive (every
//! attacker move has a defender answer after which Benson's test finds it
//! alive, or after which the same holds with one answer fewer; two in
//! all) against the game played out without it: on random
//! enclosed positions where the rule holds after the defender's pass and
//! Benson's test alone finds no life, the attacker fails by play under
//! every ko setting where it holds; and with or without the
//! rule, searches reach the same results, whose proofs the checker
//! accepts.

use crate::common;
use crate::common::cases;
use crate::common::ko_settings as settings;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::Game;
use shikatsu::dfpn::Outcome;
use shikatsu::problem::sgf::load_str;
use shikatsu::problem::{Ko, Problem};
use shikatsu::tsumego::Tsumego;

/// A 5x6 board: rows 0-3 are the fight, row 4 is mostly a black wall,
/// row 5 is empty outside space. Cells: 0 empty, 1 black, 2 white. The
/// first white stone is the target: White defends.
fn problem(cells: &[u8]) -> Option<Problem> {
    let (ab, aw, target) = common::stones(cells, 5);
    let sgf = format!("(;FF[4]SZ[5:6]AB{ab}AW{aw}MA{})", target?);
    let p = load_str("random.sgf", &sgf).pop()?.ok()?;
    ((p.region.area & p.board.empty()).count() <= 14).then_some(p)
}

/// df-pn for `side` (to move and prover) after `first`; `rule`: with the
/// rule. Proofs found with it are checked.
fn solve(p: &Problem, side: Color, ko: Ko, rule: bool, first: Option<Move>) -> Outcome {
    common::solve_checked(p, side, ko, first, rule, Tsumego::without_life_in_answers)
}

fn cells() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![4 => Just(0u8), 2 => Just(1u8), 4 => Just(2u8)],
        20,
    )
}

/// Whether the rule holds once White (the defender) has passed, under
/// `ko`, reading at most `answers` answers deep.
fn rule_holds(p: &Problem, ko: Ko, answers: u32) -> bool {
    let mut g: Tsumego = Tsumego::new(p, Color::White, Color::White, ko).with_answers(answers);
    g.play(Move::Pass);
    g.lives_in_answers()
}

/// `ONE_ANSWER_HELD=n` plays out n positions instead of 60.
#[test]
fn where_the_rule_holds_the_attacker_fails_by_play() {
    // A fixed seed: the same positions every run.
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[11; 32]),
    );
    let (mut tried, mut held, mut partial, mut deeper) = (0, 0, 0, 0);
    let want: usize = std::env::var("ONE_ANSWER_HELD")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60);
    while held < want && tried < 400_000 * want / 60 {
        tried += 1;
        let cells = cells().new_tree(&mut runner).unwrap().current();
        let Some(p) = problem(&cells) else { continue };
        let holding: Vec<Ko> = (settings().into_iter())
            .filter(|&ko| rule_holds(&p, ko, 2))
            .collect();
        // Where Benson's test alone finds life, the rule adds nothing.
        let benson = shikatsu::board::benson::alive(&p.board, Color::White, p.region.area);
        if holding.is_empty() || benson.get(p.targets[0].index()) {
            continue;
        }
        held += 1;
        // Those where a ko setting matters to the rule.
        partial += usize::from(holding.len() < settings().len());
        // Those where one answer is not enough: the second is read.
        deeper += usize::from(holding.iter().any(|&ko| !rule_holds(&p, ko, 1)));
        for ko in holding {
            // White has passed: Black to move fails, by play alone.
            assert_eq!(
                solve(&p, Color::White, ko, false, Some(Move::Pass)),
                Outcome::Proven,
                "{ko:?}\n{}",
                p.board.to_ascii()
            );
        }
    }
    assert_eq!(
        held, want,
        "only {held} positions where the rule holds in {tried}"
    );
    assert!(deeper > 0, "no position of {held} needs two answers");
    eprintln!(
        "held {held} of {tried}, {partial} not under every ko setting, {deeper} only in two answers"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(64), ..ProptestConfig::default() })]
    #[test]
    fn the_rule_changes_no_result(cells in cells()) {
        let Some(p) = problem(&cells) else { return Ok(()) };
        for ko in settings() {
            for side in [Color::Black, Color::White] {
                let with = solve(&p, side, ko, true, None);
                let without = solve(&p, side, ko, false, None);
                let decided = |o: Outcome| matches!(o, Outcome::Proven | Outcome::Disproven);
                if decided(with) && decided(without) {
                    prop_assert_eq!(with, without, "{} to move, {:?}\n{}", side.name(), ko, p.board.to_ascii());
                }
                // Each first move too.
                let root: Tsumego = Tsumego::new(&p, side, side, ko);
                for m in root.legal_moves() {
                    let with = solve(&p, side, ko, true, Some(m));
                    let without = solve(&p, side, ko, false, Some(m));
                    if decided(with) && decided(without) {
                        prop_assert_eq!(with, without, "{} to move, first {:?}, {:?}\n{}", side.name(), m, ko, p.board.to_ascii());
                    }
                }
            }
        }
    }
}
