//! Developer probe: in each status analysis (`--status-only`, as `solve`
//! makes it), the expansions of its last search and how many of them went
//! below the root move its proof plays: the rest is df-pn's wandering over
//! root moves that were not needed (a proof needs one).
use shikatsu::analysis::{Options, analyze_observed};
use shikatsu::board::Move;
use shikatsu::dfpn::{Limits, Observer, SearchView};
use std::collections::HashMap;
#[derive(Default)]
struct Count {
    by_move: HashMap<Move, u64>,
    /// The root's moves in the order of their first proof numbers (the
    /// root's weights of an own-master search left out).
    order: Vec<Move>,
    all: u64,
}
impl Observer<Move> for Count {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        if v.path.is_empty() {
            // A new search on the same table.
            self.by_move.clear();
            self.all = 0;
            let mut c: Vec<(u32, usize, Move)> = v
                .candidates()
                .enumerate()
                .map(|(i, s)| (s.pn, i, s.mv))
                .collect();
            c.sort();
            self.order = c.into_iter().map(|x| x.2).collect();
        }
        self.all += 1;
        if let Some(s) = v.path.first() {
            *self.by_move.entry(s.mv).or_default() += 1;
        }
        true
    }
}
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = Options {
        limits: Limits {
            positions: Some(30_000_000),
            time: None,
        },
        status_only: true,
        ..Options::default()
    };
    let (mut all, mut wander) = (0, 0);
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        for side in p.sides() {
            let mut c = Count::default();
            let a = analyze_observed(&p, side, &opts, &mut c);
            let Some(first) = a.proof.as_ref().and_then(|t| t.first()).map(|l| l.mv) else {
                continue;
            };
            if !a.status.succeeds() {
                continue;
            }
            let under = c.by_move.get(&first).copied().unwrap_or(0);
            let rank = c
                .order
                .iter()
                .position(|&m| m == first)
                .map_or(-1, |r| r as i64);
            println!(
                "{} {} {:?} last search {} under proof move {} rank {} of {}",
                p.label(),
                side.letter(),
                a.status,
                c.all,
                under,
                rank,
                c.order.len()
            );
            all += c.all;
            // All but the root's own expansion and those below its proof.
            wander += c.all - under - 1;
        }
    }
    println!(
        "all {all} wander {wander} ({:.1}%)",
        100.0 * wander as f64 / all.max(1) as f64
    );
}
