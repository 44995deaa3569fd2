//! Cross-checks on small random enclosed Go positions: df-pn with its
//! transposition table (with and without relevance zones, and on three
//! threads sharing it), df-pn in
//! strict (path-keyed) mode and the plain PNS reference agree under every ko setting (the three masters and a
//! few external threat counts), every proof passes the independent
//! checker, and more ko threats never hurt the side that holds them.

use crate::common;
use crate::common::cases;
use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use shikatsu::board::{Bits, Color, Move};
use shikatsu::dfpn::{
    Expansion, Game, Limits, Outcome, PnsOutcome, Searcher, Unobserved, Words, pns,
};
use shikatsu::problem::Ko;
use shikatsu::problem::sgf::load_str;
use shikatsu::proof;
use shikatsu::tsumego::Tsumego;

fn dfpn(
    problem: &shikatsu::problem::Problem,
    side: Color,
    master: impl Into<Ko>,
    strict: bool,
) -> Outcome {
    dfpn_zoned(problem, side, master, strict, false)
}

/// `dfpn` on three threads sharing one table from the first position,
/// its proof checked.
fn dfpn_threads(
    problem: &shikatsu::problem::Problem,
    side: Color,
    master: impl Into<Ko>,
) -> Outcome {
    let master: Ko = master.into();
    let mut g: Tsumego = Tsumego::new(problem, side, side, master);
    let mut s = Searcher::new_shared(8 << 20);
    s.set_share_after(0);
    let limits = Limits {
        positions: Some(2_000_000),
        time: None,
    };
    let o = s.solve_threads(&mut g, limits, &mut Unobserved, 3);
    if let Outcome::Proven | Outcome::Disproven = o {
        let winner = if o == Outcome::Proven {
            side
        } else {
            side.opp()
        };
        // A tree the table misled is what the caller's strict search is
        // for (as in one thread); a tree written out must check.
        if let Some(tree) = s.extract(&mut g, o == Outcome::Proven)
            && let Err(e) = proof::check(problem, side, winner, master, &tree)
        {
            panic!("a threaded proof was rejected: {e}");
        }
    }
    o
}

/// `dfpn`, with relevance zones when `zones`.
fn dfpn_zoned(
    problem: &shikatsu::problem::Problem,
    side: Color,
    master: impl Into<Ko>,
    strict: bool,
    zones: bool,
) -> Outcome {
    let master: Ko = master.into();
    let mut g: Tsumego = Tsumego::new(problem, side, side, master);
    let mut s = Searcher::new(8 << 20);
    s.set_strict(strict);
    s.set_zones(zones);
    let o = s.solve(
        &mut g,
        Limits {
            positions: Some(2_000_000),
            time: None,
        },
        &mut Unobserved,
    );
    if let Outcome::Proven | Outcome::Disproven = o {
        let Some(tree) = s.extract(&mut g, o == Outcome::Proven) else {
            assert!(
                !strict,
                "strict search gave no tree: {} to move, master {master:?}\n{}",
                side.name(),
                problem.board.to_ascii()
            );
            return Outcome::Unknown(shikatsu::dfpn::Stop::Cancelled);
        };
        let winner = if o == Outcome::Proven {
            side
        } else {
            side.opp()
        };
        if let Err(e) = proof::check(problem, side, winner, master, &tree) {
            // A rejected tree from the fast mode is what the strict
            // fallback is for; from strict mode it is a bug.
            assert!(!strict, "strict proof rejected: {e}");
            return Outcome::Unknown(shikatsu::dfpn::Stop::Cancelled);
        }
    }
    o
}

proptest! {
    // `SHIKATSU_CROSS_CASES=5000` for a long hunt; 48 keep `cargo test` quick.
    // Up to four rejects a case: more, and the positions drawn are not
    // the problems meant.
    #![proptest_config(ProptestConfig { cases: cases(48), max_global_rejects: 4 * cases(48), ..ProptestConfig::default() })]
    #[test]
    fn dfpn_strict_dfpn_and_pns_agree(cells in proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 2 => Just(2u8)], 12)) {
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
            let settings = [
                Ko::from(Some(side.opp())),
                Ko::threats(0, 0),
                Ko::threats(u8::from(side == Color::Black), u8::from(side == Color::White)),
                Ko::threats(1, 1),
                Ko::from(Some(side)),
            ];
            let mut outcomes = Vec::new();
            for master in settings {
                let strict = dfpn(&problem, side, master, true);
                let fast = dfpn(&problem, side, master, false);
                let zoned = dfpn_zoned(&problem, side, master, false, true);
                let threaded = dfpn_threads(&problem, side, master);
                let mut g: Tsumego = Tsumego::new(&problem, side, side, master);
                let reference = pns(&mut g, 300_000);
                let want = match reference {
                    PnsOutcome::Proven => Some(Outcome::Proven),
                    PnsOutcome::Disproven => Some(Outcome::Disproven),
                    PnsOutcome::Unknown => None,
                };
                // Strict mode has no transpositions and may run out of its
                // budget; PNS may too. Compare whatever was decided.
                let decided = |o: Outcome| matches!(o, Outcome::Proven | Outcome::Disproven);
                if let (Some(w), true) = (want, decided(strict)) {
                    prop_assert_eq!(strict, w, "strict vs PNS, {} to move, master {:?}\n{}", side.name(), master, text);
                }
                if let (Some(w), true) = (want, decided(fast)) {
                    prop_assert_eq!(fast, w, "fast vs PNS, {} to move, master {:?}\n{}", side.name(), master, text);
                }
                if let (Some(w), true) = (want, decided(threaded)) {
                    prop_assert_eq!(threaded, w, "three threads vs PNS, {} to move, master {:?}\n{}", side.name(), master, text);
                }
                if let (Some(w), true) = (want, decided(zoned)) {
                    prop_assert_eq!(zoned, w, "zoned vs PNS, {} to move, master {:?}\n{}", side.name(), master, text);
                }
                if decided(fast) && decided(strict) {
                    prop_assert_eq!(fast, strict, "fast vs strict, {} to move, master {:?}\n{}", side.name(), master, text);
                }
                outcomes.push(want.or(Some(fast).filter(|&o| decided(o))));
            }
            // Settings 0, 1, 2, 4 give the side to move ever more ko
            // threats (none against a master, none, one, unlimited): a win
            // stays a win.
            let order = [0, 1, 2, 4];
            for w in order.windows(2) {
                if let (Some(Outcome::Proven), Some(later)) = (outcomes[w[0]], outcomes[w[1]]) {
                    prop_assert_eq!(later, Outcome::Proven, "more threats lost: {} to move, {:?} then {:?}\n{}", side.name(), settings[w[0]], settings[w[1]], text);
                }
            }
        }
    }
}

/// The rank an analysis gives a ko master's rules for `prover`
/// (`Engine::take_searcher`): how favourable they are to the prover.
fn rank(master: Option<Color>, prover: Color) -> u8 {
    match master {
        Some(c) if c == prover => 2,
        None => 1,
        Some(_) => 0,
    }
}

/// `side`'s searches under the three ko masters, in an analysis's order,
/// on one table (`s`), each ranked as the analysis ranks it, a decided
/// one's tree checked.
fn ranked_searches<S: Words>(
    s: &mut Searcher<Move, S>,
    problem: &shikatsu::problem::Problem,
    side: Color,
) -> Vec<Outcome> {
    let mut out = Vec::new();
    for master in [Some(side.opp()), Some(side), None] {
        s.set_rank(rank(master, side));
        let ko = Ko::from(master);
        let mut g: Tsumego = Tsumego::new(problem, side, side, ko);
        let limits = Limits {
            positions: Some(2_000_000),
            time: None,
        };
        let mut o = s.solve(&mut g, limits, &mut Unobserved);
        if let Outcome::Proven | Outcome::Disproven = o {
            let winner = if o == Outcome::Proven {
                side
            } else {
                side.opp()
            };
            // As in `dfpn_zoned`: no tree, or a rejected one, is what an
            // analysis's strict search is for; such an outcome is not
            // compared.
            let checked = s
                .extract(&mut g, o == Outcome::Proven)
                .is_some_and(|tree| proof::check(problem, side, winner, ko, &tree).is_ok());
            if !checked {
                o = Outcome::Unknown(shikatsu::dfpn::Stop::Cancelled);
            }
        }
        out.push(o);
    }
    out
}

/// White's searches on a table Black's searches filled, turned round
/// (`Searcher::flip_prover`), against White's on a fresh one.
fn carried_and_fresh<S: Words>(
    problem: &shikatsu::problem::Problem,
    new: impl Fn() -> Searcher<Move, S>,
) -> (Vec<Outcome>, Vec<Outcome>) {
    let mut s = new();
    ranked_searches(&mut s, problem, Color::Black);
    s.flip_prover(|r| (r <= 2).then(|| 2 - r));
    let carried = ranked_searches(&mut s, problem, Color::White);
    let fresh = ranked_searches(&mut new(), problem, Color::White);
    (carried, fresh)
}

proptest! {
    // Up to four rejects a case: more, and the positions drawn are not
    // the problems meant.
    #![proptest_config(ProptestConfig { cases: cases(48), max_global_rejects: 4 * cases(48), ..ProptestConfig::default() })]
    /// A table turned round for the other side to move gives that side
    /// the results a fresh table gives it, under every ko master, with
    /// its words plain or shared between threads.
    #[test]
    fn a_table_turned_round_gives_the_other_side_its_own_results(cells in proptest::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 2 => Just(2u8)], 12)) {
        // A position that makes no problem is a reject (what
        // `prop_assume!` returns), which proptest counts and limits, not
        // a pass.
        let Some(text) = common::walled_4x5(&cells) else {
            return Err(TestCaseError::reject("no white stone, so no target"));
        };
        let Some(Ok(problem)) = load_str("random.sgf", &text).pop() else {
            return Err(TestCaseError::reject("not a problem"));
        };
        let decided = |o: &Outcome| matches!(o, Outcome::Proven | Outcome::Disproven);
        for (carried, fresh) in [
            carried_and_fresh(&problem, || Searcher::new(8 << 20)),
            carried_and_fresh(&problem, || Searcher::new_shared(8 << 20)),
        ] {
            for (k, (c, f)) in carried.iter().zip(&fresh).enumerate() {
                if decided(c) && decided(f) {
                    prop_assert_eq!(c, f, "search {} of White's\n{}", k, text);
                }
            }
        }
    }
}

#[test]
fn the_basic_ko_depends_on_the_ko_master() {
    // White's corner eye can be taken by a ko: Black wins it only as master.
    let text = "(;FF[4]SZ[9]AB[ca][cb][bc][ac]AW[aa][bb][ab]MA[ab]PL[B])";
    let problem = load_str("ko.sgf", text).pop().unwrap().unwrap();
    let _ = Move::Pass;
    assert_eq!(
        dfpn(&problem, Color::Black, Some(Color::Black), false),
        Outcome::Proven
    );
}

fn moves_of(g: &mut Tsumego, all: bool) -> Vec<(Move, Option<bool>)> {
    let mut out = Vec::new();
    let e = if all {
        g.expand_all(&mut out)
    } else {
        g.expand(&mut out)
    };
    assert!(matches!(e, Expansion::Moves { .. }));
    out.iter().map(|c| (c.mv, c.terminal)).collect()
}

#[test]
fn a_move_that_wins_at_once_is_the_only_one_searched() {
    // White's two corner stones have one liberty, ab: Black captures there.
    let text = "(;FF[4]SZ[6]AB[ca][cb][bb][bc][bd][ad]AW[aa][ba]MA[aa]PL[B])";
    let problem = load_str("atari.sgf", text).pop().unwrap().unwrap();
    let ab = Move::Play(shikatsu::board::Point::from_sgf("ab").unwrap());
    let mut g: Tsumego = Tsumego::new(&problem, Color::Black, Color::Black, None);
    assert_eq!(moves_of(&mut g, false), vec![(ab, Some(true))]);
    // Viewers still get every move: the capture, ac and a pass.
    let all = moves_of(&mut g, true);
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(all.contains(&(ab, Some(true))));

    // After Black passes, White's pass ends the game with White alive.
    g.play(Move::Pass);
    assert_eq!(moves_of(&mut g, false), vec![(Move::Pass, Some(false))]);
    let all = moves_of(&mut g, true);
    assert!(
        all.len() > 1 && all.contains(&(Move::Pass, Some(false))),
        "{all:?}"
    );
}

/// Re-shares a solution naively: every subtree by its position alone,
/// whatever the path to it (what a careless extraction would do).
fn share_by_position(
    board: &shikatsu::board::Board,
    to_move: Color,
    passed: bool,
    lines: &[proof::Line],
    seen: &mut HashMap<(Bits, Bits, Color, bool), Arc<[proof::Line]>>,
) -> Arc<[proof::Line]> {
    let key = (
        board.stones(Color::Black),
        board.stones(Color::White),
        to_move,
        passed,
    );
    if let Some(l) = seen.get(&key) {
        return l.clone();
    }
    let out: Arc<[proof::Line]> = lines
        .iter()
        .map(|l| {
            let mut b = *board;
            if let Move::Play(p) = l.mv {
                let _ = b.play_ignoring_ko(to_move, p);
            }
            proof::Line {
                mv: l.mv,
                replies: share_by_position(&b, to_move.opp(), l.mv == Move::Pass, &l.replies, seen),
            }
        })
        .collect();
    seen.insert(key, out.clone());
    out
}

/// The same solution with nothing shared.
fn unshare(lines: &[proof::Line]) -> Vec<proof::Line> {
    lines
        .iter()
        .map(|l| proof::Line::new(l.mv, unshare(&l.replies)))
        .collect()
}

/// The checker accepts a shared subtree again only where replaying it
/// would: on solutions shared by position alone (wrong wherever a ko
/// makes the path matter), it must give the verdict it gives on the same
/// solution written out as a tree. Some of those shared solutions must be
/// wrong, or the test proves nothing.
#[test]
fn shared_subtrees_are_checked_as_their_trees_would_be() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut cases, mut wrong) = (0, 0);
    while cases < 150 {
        let cells: Vec<u8> = (0..12)
            .map(|_| match next() % 6 {
                0..=2 => 0,
                3 => 1,
                _ => 2,
            })
            .collect();
        let Some(text) = common::walled_4x5(&cells) else {
            continue;
        };
        let Some(Ok(problem)) = load_str("random.sgf", &text).pop() else {
            continue;
        };
        for side in [Color::Black, Color::White] {
            for master in [
                Ko::from(Some(side.opp())),
                Ko::threats(1, 1),
                Ko::from(None),
            ] {
                let mut g: Tsumego = Tsumego::new(&problem, side, side, master);
                let mut s = Searcher::new(8 << 20);
                s.set_strict(true);
                let limits = Limits {
                    positions: Some(300_000),
                    time: None,
                };
                let o = s.solve(&mut g, limits, &mut Unobserved);
                if !matches!(o, Outcome::Proven | Outcome::Disproven) {
                    continue;
                }
                let Some(tree) = s.extract(&mut g, o == Outcome::Proven) else {
                    continue;
                };
                let winner = if o == Outcome::Proven {
                    side
                } else {
                    side.opp()
                };
                let tree = unshare(&tree);
                let shared =
                    share_by_position(&problem.board, side, false, &tree, &mut HashMap::new());
                let as_tree = unshare(&shared);
                let verdict = proof::check(&problem, side, winner, master, &shared);
                let tree_verdict = proof::check(&problem, side, winner, master, &as_tree);
                assert_eq!(
                    verdict.is_ok(),
                    tree_verdict.is_ok(),
                    "{} to move, {master:?}: shared {verdict:?}, tree {tree_verdict:?}\n{text}",
                    side.name()
                );
                cases += 1;
                wrong += usize::from(tree_verdict.is_err());
            }
        }
    }
    assert!(
        wrong > 0,
        "no naively shared solution was wrong in {cases} cases"
    );
}

#[test]
fn a_defender_move_that_leaves_the_target_in_atari_is_lost_where_it_is_made() {
    // White's two corner stones have two liberties, ab and bb: each fills
    // one and leaves the other for Black's capture.
    let text = "(;FF[4]SZ[6]AB[ca][cb][bc][ac]AW[aa][ba]MA[aa]PL[W])";
    let problem = load_str("two.sgf", text).pop().unwrap().unwrap();
    let pt = |s: &str| Move::Play(shikatsu::board::Point::from_sgf(s).unwrap());
    let mut g: Tsumego = Tsumego::new(&problem, Color::White, Color::Black, None);
    let moves = moves_of(&mut g, false);
    assert!(moves.contains(&(pt("ab"), Some(true))), "{moves:?}");
    assert!(moves.contains(&(pt("bb"), Some(true))), "{moves:?}");
    // Passing, or playing outside, leaves two liberties: still open.
    assert!(moves.contains(&(Move::Pass, None)), "{moves:?}");
    assert!(moves.contains(&(pt("ad"), None)), "{moves:?}");
    // Viewers see the positions themselves, not yet decided.
    let all = moves_of(&mut g, true);
    assert!(all.contains(&(pt("ab"), None)), "{all:?}");

    // In atari already, with no move that helps (after ab or ac the
    // target still has one liberty), White's pass loses too.
    let text = "(;FF[4]SZ[6]AB[ca][cb][bb][bc][bd][ad]AW[aa][ba]MA[aa]PL[W])";
    let problem = load_str("atari.sgf", text).pop().unwrap().unwrap();
    let mut g: Tsumego = Tsumego::new(&problem, Color::White, Color::Black, None);
    assert_eq!(
        moves_of(&mut g, false),
        vec![
            (pt("ab"), Some(true)),
            (pt("ac"), Some(true)),
            (Move::Pass, Some(true))
        ]
    );
}

/// Found while authoring the eternal-life problem: the defender's move
/// that leaves its lone target one liberty was taken as lost at once even
/// when that liberty lies outside the region (here aa, a point of White's
/// own wall area that neither side may play), where the attacker can
/// never capture. The search then "proved" lines the checker rejected, and
/// both sides' records came out unchecked with an error.
#[test]
fn a_last_liberty_outside_the_region_is_no_capture() {
    let text = "(;FF[4]GM[1]SZ[9]MA[cb]AB[ea][cb][db][eb][cc][cd][ae][be][ce]\
                AW[ca][da][ga][ab][bb][fb][gb][bc][ec][ad][bd][ed][ee][af][bf][cf][df][ef])";
    let problem = load_str("outside.sgf", text).pop().unwrap().unwrap();
    let pt = |s: &str| Move::Play(shikatsu::board::Point::from_sgf(s).unwrap());
    let aa = shikatsu::board::Point::from_sgf("aa").unwrap();
    assert!(
        !problem.region.area.get(aa.index()),
        "aa lies outside the region"
    );
    // White to kill: after W de, B ba (taking two), W ca, B da (taking
    // the throw-in), W dd, B ca, W fa, Black's dc leaves his group one
    // liberty, aa, which White cannot take: the move is not lost at once.
    let mut g: Tsumego = Tsumego::new(&problem, Color::White, Color::White, Some(Color::Black));
    for m in ["de", "ba", "ca", "da", "dd", "ca", "fa"] {
        g.play(pt(m));
    }
    let moves = moves_of(&mut g, false);
    assert!(moves.contains(&(pt("dc"), None)), "{moves:?}");
    // And every answer is checked, with no strict search needed.
    for side in [Color::Black, Color::White] {
        let a =
            shikatsu::analysis::analyze(&problem, side, &shikatsu::analysis::Options::default());
        assert!(a.checked, "{}: {:?}", side.letter(), a.error);
        assert_eq!(a.error, None);
        assert_eq!(a.strict_searches, 0);
        assert_eq!(a.status, shikatsu::analysis::Status::Unconditional);
    }
}
