//! With threads to spare, the first moves are classified two at a time
//! on the shared table (after a first round alone): the lists are the
//! ones one thread finds, every verdict checked.

use std::time::Duration;

use shikatsu::analysis::{Options, analyze};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::load_paths;

const SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/problems/d180cf");

#[test]
fn two_threads_find_the_first_moves_one_thread_finds() {
    // gop/20048 White to live: unconditional, 5 winning first moves and 10
    // that reach only ko or seki, about 6 million positions on one thread,
    // most of them in the rounds after the first.
    let path = format!("{SUITE}/gop/20048.sgf");
    if !std::path::Path::new(&path).exists() {
        eprintln!("skipped: {path} is missing");
        return;
    }
    let problem = load_paths(&[&path])
        .remove(0)
        .expect("the suite file loads");
    let opts = |threads| Options {
        limits: Limits {
            positions: None,
            time: Some(Duration::from_secs(120)),
        },
        memory: 128 << 20,
        threads,
        ..Options::default()
    };
    let one = analyze(&problem, Color::White, &opts(1));
    let two = analyze(&problem, Color::White, &opts(2));
    for a in [&one, &two] {
        assert!(a.all_first_moves, "the list is complete");
        assert!(a.checked, "every verdict is checked");
        assert_eq!(a.error, None);
    }
    assert_eq!(one.status, two.status);
    fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
        let mut v = v.to_vec();
        v.sort();
        v
    }
    assert_eq!(sorted(&one.first_moves), sorted(&two.first_moves));
    assert_eq!(sorted(&one.other_moves), sorted(&two.other_moves));
    assert_eq!(one.first_moves.len(), 5);
}
