//! Relevance zones on small random positions: every move a zone says the
//! refutation of the defender's pass (or of another of his moves) also
//! refutes is, searched on its own, lost for him; and a search that uses zones reaches the same
//! result as one that does not, with a proof the checker accepts.

use crate::common;
use crate::common::cases;

use proptest::prelude::*;
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Game, Limits, Outcome, Searcher, Unobserved};
use shikatsu::problem::Problem;
use shikatsu::problem::sgf::load_str;
use shikatsu::proof;
use shikatsu::tsumego::Tsumego;

/// A 6x5 board: rows 0-2 are the fight, row 3 a black wall, row 4 empty
/// outside space that keeps the wall safe. White's first stone is the
/// target; White (the defender) is to move.
fn problem(cells: &[u8]) -> Option<Problem> {
    let (mut ab, aw, target) = common::stones(cells, 6);
    for x in 0..6 {
        ab.push_str(&format!("[{}d]", (b'a' + x as u8) as char));
    }
    let text = format!("(;FF[4]SZ[6:5]AB{ab}AW{aw}MA{}PL[W])", target?);
    load_str("random.sgf", &text).pop()?.ok()
}

const BUDGET: Limits = Limits {
    positions: Some(3_000_000),
    time: None,
};

/// Black to kill with White to move, as `Black` is ko master or not.
fn game(p: &Problem, master: Option<Color>) -> Tsumego {
    Tsumego::new(p, Color::White, Color::Black, master)
}

fn solve(g: &mut Tsumego, zones: bool) -> (Outcome, Searcher<Move>) {
    let mut s = Searcher::new(16 << 20);
    s.set_zones(zones);
    let o = s.solve(g, BUDGET, &mut Unobserved);
    (o, s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), ..ProptestConfig::default() })]

    #[test]
    fn a_zone_covers_only_moves_that_lose(
        cells in proptest::collection::vec(prop_oneof![4 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)], 18),
        black_master in any::<bool>(),
    ) {
        let Some(p) = problem(&cells) else { return Ok(()) };
        let master = black_master.then_some(Color::Black);
        let mut g = game(&p, master);
        let mut children = Vec::new();
        g.expand_plain(&mut children);
        // The pass and the first few moves as covers.
        let covers: Vec<Move> = children
            .iter()
            .filter(|c| c.terminal.is_none())
            .map(|c| c.mv)
            .rev()
            .take(4)
            .collect();
        for cover in covers {
            g.play(cover);
            let (o, mut s) = solve(&mut g, false);
            let solution = (o == Outcome::Proven).then(|| s.extract(&mut g, true));
            g.undo();
            let Some(solution) = solution else { continue };
            let solution = solution.expect("a proven move extracts");
            let mut covered = Vec::new();
            if !g.zone_covers(cover, &solution, true, &children, &mut covered) {
                continue;
            }
            for (c, _) in children.iter().zip(&covered).filter(|(_, cover)| **cover) {
                g.play(c.mv);
                let (o, _) = solve(&mut g, false);
                g.undo();
                prop_assert!(
                    o != Outcome::Disproven,
                    "{:?} is covered by {:?} but saves White (master {:?})\n{}",
                    c.mv,
                    cover,
                    master,
                    p.board.to_ascii()
                );
            }
        }
    }

    #[test]
    fn searches_with_zones_agree_and_their_proofs_check(
        cells in proptest::collection::vec(prop_oneof![4 => Just(0u8), 2 => Just(1u8), 2 => Just(2u8)], 18),
        black_master in any::<bool>(),
    ) {
        let Some(p) = problem(&cells) else { return Ok(()) };
        let master = black_master.then_some(Color::Black);
        let (plain, _) = solve(&mut game(&p, master), false);
        let (zoned, mut s) = solve(&mut game(&p, master), true);
        let decided = |o: Outcome| matches!(o, Outcome::Proven | Outcome::Disproven);
        if !decided(plain) || !decided(zoned) {
            return Ok(());
        }
        prop_assert_eq!(plain, zoned, "master {:?}\n{}", master, p.board.to_ascii());
        let proven = zoned == Outcome::Proven;
        let tree = s.extract(&mut game(&p, master), proven).expect("a decided search extracts");
        let winner = if proven { Color::Black } else { Color::White };
        let checked = proof::check(&p, Color::White, winner, master, &tree);
        prop_assert!(checked.is_ok(), "{:?}\n{}", checked.err(), p.board.to_ascii());
    }
}
