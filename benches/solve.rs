//! df-pn on fixed bundled problems, one ko setting each (no proof
//! extraction): search speed only.

use criterion::{Criterion, criterion_group, criterion_main};
use shikatsu::board::Color;
use shikatsu::dfpn::{Limits, Outcome, Searcher, Unobserved};
use shikatsu::problem::load_paths;
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

criterion_group!(benches, solve);
criterion_main!(benches);
