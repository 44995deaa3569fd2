//! The two ko-master searches of a status run side by side (one problem
//! on a machine with a core to spare) give the same status as run one
//! after the other, with a checked proof, on every bundled problem: the
//! ko suite's every status (unconditional, ko, fails) and the classics.

use shikatsu::analysis::{Options, Status, analyze};
use shikatsu::dfpn::Limits;
use shikatsu::problem::load_paths;

fn options(parallel_ko: bool) -> Options {
    Options {
        limits: Limits {
            positions: Some(5_000_000),
            time: None,
        },
        memory: 64 << 20,
        status_only: true,
        parallel_ko,
        ..Options::default()
    }
}

#[test]
fn side_by_side_ko_searches_give_the_sequential_status() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/");
    let loaded = load_paths(&[format!("{dir}ko"), format!("{dir}classic")]);
    let mut seen = [0usize; 3];
    let mut failures = Vec::new();
    for p in loaded
        .into_iter()
        .map(|l| l.expect("bundled problems load"))
    {
        for side in p.sides() {
            let one = analyze(&p, side, &options(false));
            let two = analyze(&p, side, &options(true));
            let label = format!("{} {} to move", p.label(), side.letter());
            if one.status != two.status {
                failures.push(format!(
                    "{label}: {:?} in turn, {:?} side by side",
                    one.status, two.status
                ));
            }
            if two.status != Status::Unknown && !two.checked {
                failures.push(format!("{label}: side by side, the proof is not checked"));
            }
            if two.status.succeeds() && two.first_moves.is_empty() {
                failures.push(format!("{label}: side by side, no first move"));
            }
            match two.status {
                Status::Unconditional => seen[0] += 1,
                Status::Ko => seen[1] += 1,
                Status::Fails => seen[2] += 1,
                _ => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Each way the race can end is exercised.
    assert!(seen.iter().all(|&n| n >= 3), "statuses seen {seen:?}");
}
