//! df-pn on fixed bundled problems, one ko setting each: the search
//! alone, then the walk of its proof out of the table and the check.

use criterion::{Criterion, criterion_group, criterion_main};
use shikatsu::board::Color;
use shikatsu::dfpn::{Limits, Outcome, Searcher, Unobserved};
use shikatsu::problem::load_paths;
use shikatsu::proof;
use shikatsu::tsumego::Tsumego;

fn solve(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/");
    let mut group = c.benchmark_group("dfpn");
    group.sample_size(20);
    for name in [
        "bulky-five.sgf",
        "rabbity-six.sgf",
        "second-line-eight-live.sgf",
        "bent-four-in-the-corner.sgf",
    ] {
        let p = load_paths(&[format!("{dir}{name}")])
            .pop()
            .unwrap()
            .unwrap();
        let side = p.to_move.unwrap_or(Color::Black);
        let mut searcher = Searcher::new(64 << 20);
        group.bench_function(name, |b| {
            b.iter(|| {
                searcher.reset();
                let mut g: Tsumego = Tsumego::new(&p, side, side, Some(side.opp()));
                let o = searcher.solve(&mut g, Limits::default(), &mut Unobserved);
                assert!(!matches!(o, Outcome::Unknown(_)));
                searcher.positions()
            })
        });
    }
    group.finish();
}

/// A solved problem's proof, walked out of the table (after the first
/// walk, which may repair the table, every walk does the same work) and
/// replayed by the checker.
fn proof(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/");
    let mut group = c.benchmark_group("proof");
    group.sample_size(20);
    for name in ["rabbity-six.sgf", "second-line-eight-live.sgf"] {
        let p = load_paths(&[format!("{dir}{name}")])
            .pop()
            .unwrap()
            .unwrap();
        let side = p.to_move.unwrap_or(Color::Black);
        let master = Some(side.opp());
        let mut searcher = Searcher::new(64 << 20);
        let mut g: Tsumego = Tsumego::new(&p, side, side, master);
        let o = searcher.solve(&mut g, Limits::default(), &mut Unobserved);
        let proven = match o {
            Outcome::Proven => true,
            Outcome::Disproven => false,
            Outcome::Unknown(_) => panic!("{name} undecided"),
        };
        let winner = if proven { side } else { side.opp() };
        let mut walk = || {
            let mut g: Tsumego = Tsumego::new(&p, side, side, master);
            searcher.extract(&mut g, proven).expect("a proof")
        };
        walk();
        group.bench_function(format!("extract {name}"), |b| b.iter(&mut walk));
        let lines = walk();
        group.bench_function(format!("check {name}"), |b| {
            b.iter(|| proof::check(&p, side, winner, master, &lines).expect("checked"))
        });
    }
    group.finish();
}

criterion_group!(benches, solve, proof);
criterion_main!(benches);
