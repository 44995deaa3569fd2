//! Shared by the integration tests.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

/// Cases per property test: `default` keeps `cargo test` quick;
/// `SHIKATSU_CROSS_CASES=5000` sets a long hunt.
pub fn cases(default: u32) -> u32 {
    std::env::var("SHIKATSU_CROSS_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// The setup of a random position on a board `width` points wide, cells
/// in reading order (0 empty, 1 black, 2 white): the black points and the
/// white points as SGF point lists, and the first white point (the
/// target), if any.
pub fn stones(cells: &[u8], width: usize) -> (String, String, Option<String>) {
    let mut ab = String::new();
    let mut aw = String::new();
    let mut target = None;
    for (i, &c) in cells.iter().enumerate() {
        let (x, y) = (i % width, i / width);
        let pt = format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
        match c {
            1 => ab.push_str(&pt),
            2 => {
                target.get_or_insert(pt.clone());
                aw.push_str(&pt)
            }
            _ => {}
        }
    }
    (ab, aw, target)
}

/// A small walled position: a 4x5 board whose rows 0-2 are the fight
/// (`cells`, 12 of them, as in `stones`), row 3 a black wall and row 4
/// the empty outside that keeps the wall safe. The first white stone is
/// the target; None without one.
pub fn walled_4x5(cells: &[u8]) -> Option<String> {
    let (mut ab, aw, target) = stones(cells, 4);
    for x in 0..4 {
        ab.push_str(&format!("[{}d]", (b'a' + x as u8) as char));
    }
    // A target means a white stone: AW is never empty here.
    Some(format!("(;FF[4]SZ[4:5]AB{ab}AW{aw}MA{})", target?))
}

/// The path of a file of the external suite beside the repository; None
/// (and a line saying why the test skips, or a failure in CI) when the
/// suite is not there.
pub fn suite_file(name: &str) -> Option<String> {
    let path = format!(
        "{}/../shared/problems/d180cf/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::path::Path::new(&path).exists() {
        Some(path)
    } else {
        missing(&format!(
            "{path} is not there (the external suite lives beside the repository)"
        ));
        None
    }
}

/// A file of the external suite beside the repository, loaded (None, said
/// why, when the suite is missing).
pub fn suite_problem(name: &str) -> Option<shikatsu::problem::Problem> {
    let path = suite_file(name)?;
    Some(
        shikatsu::problem::load_paths(&[&path])
            .remove(0)
            .expect("the suite file loads"),
    )
}

/// A test that cannot run here, for `why`: a failure in CI (`CI` set,
/// as `.ci/run` does), where a test that passes without running hides
/// a broken setup; elsewhere the test says why and passes.
pub fn missing(why: &str) {
    missing_in(std::env::var_os("CI").is_some(), why);
}

fn missing_in(ci: bool, why: &str) {
    if ci {
        panic!("{why}: CI must run this test (CI is set)");
    }
    eprintln!("skipped: {why}");
}

#[test]
fn a_test_that_cannot_run_fails_in_ci_and_skips_elsewhere() {
    missing_in(false, "tmux is not installed");
    let ci = std::panic::catch_unwind(|| missing_in(true, "tmux is not installed"));
    let message = ci.expect_err("fails in CI");
    assert_eq!(
        message.downcast_ref::<String>().map(String::as_str),
        Some("tmux is not installed: CI must run this test (CI is set)")
    );
}

/// The five ko settings rule tests play under: each side ko master, none,
/// and two external threats for either side.
pub fn ko_settings() -> [shikatsu::problem::Ko; 5] {
    use shikatsu::board::Color;
    use shikatsu::problem::Ko;
    [
        Ko::from(Some(Color::White)),
        Ko::from(Some(Color::Black)),
        Ko::from(None),
        Ko::threats(0, 2),
        Ko::threats(2, 0),
    ]
}

/// df-pn for `side` (to move and prover) after `first`, within 500,000
/// positions, on the game with a static rule (`rule`) or without it
/// (`without` takes it out). Where the rule is on, a decided result's
/// proof is written out and checked, as the analysis does: a table whose
/// results do not hold together on the proof's path gives no tree, and a
/// search keying results by their path must then give one (and agree).
pub fn solve_checked(
    p: &shikatsu::problem::Problem,
    side: shikatsu::board::Color,
    ko: shikatsu::problem::Ko,
    first: Option<shikatsu::board::Move>,
    rule: bool,
    without: fn(shikatsu::tsumego::Tsumego) -> shikatsu::tsumego::Tsumego,
) -> shikatsu::dfpn::Outcome {
    use shikatsu::dfpn::{Game, Limits, Outcome, Searcher, Unobserved};
    use shikatsu::tsumego::Tsumego;
    let check = rule;
    let game = || {
        let g: Tsumego = Tsumego::new(p, side, side, ko);
        let mut g = if rule { g } else { without(g) };
        if let Some(m) = first {
            g.play(m);
        }
        g
    };
    let mut s = Searcher::new(16 << 20);
    let limits = Limits {
        positions: Some(500_000),
        time: None,
    };
    let o = s.solve(&mut game(), limits, &mut Unobserved);
    if check && matches!(o, Outcome::Proven | Outcome::Disproven) {
        let proven = o == Outcome::Proven;
        let tree = s.extract(&mut game(), proven).unwrap_or_else(|| {
            s.reset();
            s.set_strict(true);
            let limits = Limits {
                positions: Some(5_000_000),
                time: None,
            };
            let again = s.solve(&mut game(), limits, &mut Unobserved);
            assert_eq!(again, o, "the strict search agrees\n{}", p.board.to_ascii());
            s.extract(&mut game(), proven)
                .expect("a strict search gives a tree")
        });
        let winner = if proven { side } else { side.opp() };
        let moves: Vec<_> = first.into_iter().collect();
        if let Err(e) = shikatsu::proof::check_from(p, side, winner, ko, &moves, &tree) {
            panic!("proof rejected: {e}\n{}", p.board.to_ascii());
        }
    }
    o
}
