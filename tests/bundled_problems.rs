//! Every bundled problem is solved to the status written in its file
//! (`SX[B=...][W=...]`), with a checked proof, and agrees with the
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
