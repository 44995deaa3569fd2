//! The static rule that a target with no room to live is captured
//! (`board::dead::no_room`) against the game played out without it: on
//! random enclosed positions where the rule holds for a side to move, the
//! attacker wins by play under every ko setting; and with or
//! without the rule, searches reach the same results, whose proofs the
//! checker accepts.

use crate::common;
use crate::common::cases;
use crate::common::ko_settings as settings;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use shikatsu::board::{Bits, Color, Move, dead};
use shikatsu::dfpn::Outcome;
use shikatsu::problem::sgf::load_str;
use shikatsu::problem::{Ko, Problem};
use shikatsu::tsumego::Tsumego;

/// A 5x6 board: rows 0-3 are the fight, row 4 is mostly a black wall
/// (its gaps and white stones let some liberties lie outside the region,
/// where nobody plays), row 5 is empty outside space. Cells: 0 empty,
/// 1 black, 2 white. The first white stone is the target.
fn sgf(cells: &[u8]) -> Option<String> {
    let (ab, aw, target) = common::stones(cells, 5);
    Some(format!("(;FF[4]SZ[5:6]AB{ab}AW{aw}MA{})", target?))
}

/// The position of `cells`, when it loads with a region of at most 14
/// empty points (larger ones, where the wall's gaps open the whole board,
/// take too long to play out without the rule).
fn problem(cells: &[u8]) -> Option<Problem> {
    let p = load_str("random.sgf", &sgf(cells)?).pop()?.ok()?;
    ((p.region.area & p.board.empty()).count() <= 14).then_some(p)
}

fn rule_holds(p: &Problem, to_move: Color) -> bool {
    let block = p.board.block(p.targets[0]);
    dead::no_room(
        &p.board,
        block,
        p.defender,
        to_move,
        p.region.safe_wall,
        p.region.area,
    )
}

/// Which of the rule's wider cases a position that holds needs: another
/// defender block sharing the target's room, and attacker stones next to
/// that room that are not joined to the safe wall.
fn wider_cases(p: &Problem) -> (bool, bool) {
    let b = &p.board;
    let empty = b.empty();
    let block = b.block(p.targets[0]);
    let libs = block.spread() & empty;
    let others = libs.spread() & b.stones(p.defender) & !block;
    // The group and its room as the rule takes them: one flood from the
    // target through defender stones and empty points (where the rule
    // holds, every empty point reached is a liberty of the group).
    let reached = Bits::flood(block, b.stones(p.defender) | empty);
    let (group, room) = (reached & !empty, reached & empty);
    let attacker = b.stones(p.defender.opp());
    let safe = Bits::flood(p.region.safe_wall & attacker, attacker);
    let loose = (room.spread() | group.spread()) & attacker & !safe;
    (!others.is_empty(), !loose.is_empty())
}

/// df-pn for the side to move; `rule`: with the static rule. Proofs
/// found with it are checked.
fn solve(p: &Problem, side: Color, ko: Ko, rule: bool) -> Outcome {
    solve_after(p, side, ko, rule, None)
}

/// `solve` after the side to move has played `first`.
fn solve_after(p: &Problem, side: Color, ko: Ko, rule: bool, first: Option<Move>) -> Outcome {
    common::solve_checked(p, side, ko, first, rule, Tsumego::without_no_room)
}

fn cells() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![4 => Just(0u8), 2 => Just(1u8), 3 => Just(2u8)],
        20,
    )
}

/// `NO_ROOM_HELD=n` plays out n positions instead of 120 (10,000 take
/// about a minute).
#[test]
fn where_the_rule_holds_the_attacker_wins_by_play() {
    // A fixed seed: the same few hundred positions every run.
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]),
    );
    let (mut tried, mut held) = (0, 0);
    let (mut grouped, mut loose, mut attacker_only) = (0, 0, 0);
    let want: usize = std::env::var("NO_ROOM_HELD")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(120);
    while held < want && tried < 200_000 * want / 120 {
        tried += 1;
        let cells = cells().new_tree(&mut runner).unwrap().current();
        let Some(p) = problem(&cells) else { continue };
        let sides: Vec<Color> = [Color::Black, Color::White]
            .into_iter()
            .filter(|&side| rule_holds(&p, side))
            .collect();
        if sides.is_empty() {
            continue;
        }
        held += 1;
        let (g, l) = wider_cases(&p);
        grouped += g as usize;
        loose += l as usize;
        attacker_only += (sides == [Color::Black]) as usize;
        for ko in settings() {
            for &side in &sides {
                let want = if side == Color::Black {
                    Outcome::Proven
                } else {
                    Outcome::Disproven
                };
                assert_eq!(
                    solve(&p, side, ko, false),
                    want,
                    "{} to move, {ko:?}\n{}",
                    side.name(),
                    p.board.to_ascii()
                );
            }
        }
    }
    assert_eq!(held, want, "only {held} positions with no room in {tried}");
    eprintln!(
        "held {held} of {tried}: {grouped} with another defender block, {loose} with loose attacker stones, {attacker_only} only with the attacker to move"
    );
    // The rule's wider cases are played out too, not only the plain one.
    assert!(
        grouped > 0 && loose > 0 && attacker_only > 0,
        "{grouped} grouped, {loose} loose, {attacker_only} attacker to move only"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(96), ..ProptestConfig::default() })]
    #[test]
    fn the_rule_changes_no_result(cells in cells()) {
        let Some(p) = problem(&cells) else { return Ok(()) };
        for ko in settings() {
            for side in [Color::Black, Color::White] {
                let with = solve(&p, side, ko, true);
                let without = solve(&p, side, ko, false);
                let decided = |o: Outcome| matches!(o, Outcome::Proven | Outcome::Disproven);
                if decided(with) && decided(without) {
                    prop_assert_eq!(with, without, "{} to move, {:?}\n{}", side.name(), ko, p.board.to_ascii());
                }
                // Each first move too: the rule must not turn a move
                // (the attacker's pass above all) into a win or a loss.
                let root: Tsumego = Tsumego::new(&p, side, side, ko);
                let moves = root.legal_moves();
                for m in moves {
                    let with = solve_after(&p, side, ko, true, Some(m));
                    let without = solve_after(&p, side, ko, false, Some(m));
                    if decided(with) && decided(without) {
                        prop_assert_eq!(with, without, "{} to move, first {:?}, {:?}\n{}", side.name(), m, ko, p.board.to_ascii());
                    }
                }
            }
        }
    }
}
