//! Every bundled problem is solved to the status written in its file
//! (`SX[B=...][W=...]`, with "seki" after it where the defender lives in
//! seki, eyes otherwise), with a checked proof, and agrees with the
//! file's answer moves where it gives some.

use shikatsu::analysis::{Options, Status, analyze};
use shikatsu::dfpn::Limits;
use shikatsu::problem::load_paths;

fn options() -> Options {
    Options {
        limits: Limits {
            positions: Some(20_000_000),
            time: None,
        },
        memory: 256 << 20,
        ..Options::default()
    }
}

fn check_folder(folder: &str, at_least: usize) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/");
    let loaded = load_paths(&[format!("{dir}{folder}")]);
    let mut checked = 0;
    let mut failures = Vec::new();
    for l in loaded {
        let p = match l {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        assert!(!p.expected.is_empty(), "{}: no SX expectation", p.label());
        for side in p.sides() {
            let Some((_, want)) = p.expected.iter().find(|(c, _)| *c == side) else {
                failures.push(format!("{}: no SX value for {}", p.label(), side.letter()));
                continue;
            };
            let a = analyze(&p, side, &options());
            checked += 1;
            // "unconditional seki": the status, then how the defender lives.
            let (want, want_life) = match want.split_once(' ') {
                Some((s, l)) => (s, Some(l)),
                None => (want.as_str(), None),
            };
            let defender_lives = if side == p.defender {
                a.status.succeeds()
            } else {
                a.status == Status::Fails
            };
            let life = a.life.map(|l| l.as_str());
            let expected_life = if defender_lives {
                Some(want_life.unwrap_or("eyes"))
            } else {
                None
            };
            if life != expected_life {
                failures.push(format!(
                    "{} {} to move: the defender's life should be {expected_life:?}, found {life:?}",
                    p.label(),
                    side.name(),
                ));
            }
            if let (Status::Ko, None) = (a.status, a.threats_needed) {
                failures.push(format!("{} {}: ko without a grade", p.label(), side.name()));
            }
            if a.status.as_str() != want {
                failures.push(format!(
                    "{} {} to move: expected {want}, proved {}",
                    p.label(),
                    side.name(),
                    a.status.as_str()
                ));
                continue;
            }
            if !a.checked {
                failures.push(format!("{} {}: proof not checked", p.label(), side.name()));
            }
            let accepted = p.accepted(side);
            if !accepted.is_empty() && a.status != Status::Fails {
                let ok = a.accepted_status.iter().any(|&(_, s)| s == a.status);
                if !ok {
                    failures.push(format!(
                        "{} {}: no accepted move reaches {} (winning moves {:?})",
                        p.label(),
                        side.name(),
                        a.status.as_str(),
                        a.first_moves
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        checked >= at_least,
        "only {checked} problem sides in problems/{folder}"
    );
}

#[test]
fn classic_shapes_have_their_known_status() {
    check_folder("classic", 30);
}

/// Only checked verdicts are reported: a first move whose proof is too
/// large to write out and check is left out of the list (which then says
/// it is incomplete), and the rest of the analysis stays checked.
#[test]
fn a_first_move_whose_proof_is_too_large_to_check_is_not_listed() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/rectangular-six-corner.sgf"
    );
    let p = load_paths(&[file]).remove(0).expect("loads");
    let side = shikatsu::board::Color::Black;
    let full = analyze(&p, side, &options());
    assert_eq!(full.status, Status::Unconditional);
    assert!(full.all_first_moves && full.checked);
    assert_eq!(full.first_moves.len(), 3, "{:?}", full.first_moves);
    assert!(full.first_moves.contains(&shikatsu::board::Move::Pass));
    // The status's proof and two of the moves' proofs have under 60
    // positions; the pass's has more.
    let small = Options {
        proof_nodes: 60,
        ..options()
    };
    let a = analyze(&p, side, &small);
    assert_eq!(a.status, Status::Unconditional);
    assert!(a.checked, "{:?}", a.error);
    assert_eq!(a.error, None);
    assert!(!a.all_first_moves);
    // The pass is what the list leaves open, and is said to be.
    assert_eq!(a.undecided_moves, vec![shikatsu::board::Move::Pass]);
    assert!(full.undecided_moves.is_empty());
    assert_eq!(
        a.first_moves,
        full.first_moves
            .iter()
            .copied()
            .filter(|&m| m != shikatsu::board::Move::Pass)
            .collect::<Vec<_>>()
    );
}
