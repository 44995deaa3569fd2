//! Developer probe: how much of a search lies off the solution it finds.
//! Searches each side, walks the solution out, then runs the same search
//! again (it is deterministic) and sorts each expansion by where its path
//! leaves the solution: not at all, at a move of the solution's winner
//! (he tried another move first), at a move of the loser (a reply the
//! solution does not hold, as where a transposition or a terminal child
//! stood for it), or below one of the solution's leaves; by depth.
//! `SELF=1`/`NONE=1` as in `probe`; `T` the time limit in seconds (20);
//! `MB` the table's budget (256). `TWO=1`: the own-master search of a
//! status as the analysis runs it, after the opponent-master search on
//! the same table (whose expansions are not counted). `ROOT=1`: the
//! root's moves with their numbers at the watched search's first expansion.
mod support;
use shikatsu::board::Move;
use shikatsu::dfpn::{Observer, Outcome, SearchView, Searcher};
use shikatsu::proof::Line;
use shikatsu::tsumego::Tsumego;
use std::collections::BTreeMap;

/// Where an expansion's path leaves the solution.
#[derive(Default)]
struct Breadth {
    lines: Vec<Line>,
    proven: bool,
    inside: u64,
    winner: BTreeMap<usize, u64>,
    loser: BTreeMap<usize, u64>,
    below_leaf: u64,
}

impl Observer<Move> for Breadth {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        if v.path.is_empty() && v.expansions <= 1 && std::env::var("ROOT").is_ok() {
            // The root's moves as the search first sees them (a result
            // the table shares from an earlier search shows here).
            let c: Vec<String> = v
                .candidates()
                .map(|s| format!("{:?} {}/{}", s.mv, s.pn, s.dn))
                .collect();
            println!("  root at its first expansion: {c:?}");
        }
        let mut level: &[Line] = &self.lines;
        for (d, s) in v.path.iter().enumerate() {
            if level.is_empty() {
                self.below_leaf += 1;
                return true;
            }
            match level.iter().find(|l| l.mv == s.mv) {
                Some(l) => level = &l.replies,
                None => {
                    // The side to move at the root wins a proof, and
                    // moves at even depths (passes are moves too).
                    let map = if (d % 2 == 0) == self.proven {
                        &mut self.winner
                    } else {
                        &mut self.loser
                    };
                    *map.entry(d).or_default() += 1;
                    return true;
                }
            }
        }
        self.inside += 1;
        true
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mb: usize = support::env_number("MB", 256);
    let mut s = Searcher::new(mb << 20);
    let limits = shikatsu::dfpn::Limits {
        positions: None,
        time: Some(support::time_from_env(20.0)),
    };
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        for side in p.sides() {
            let (w, h) = p.search_shape();
            let words = shikatsu::board::words_for(w, h);
            let master = support::start_search(&mut s, &p, side, limits);
            let o = shikatsu::with_words!(words, W => s.solve(
                &mut Tsumego::<W>::for_search(&p, side, side, master), limits,
                &mut shikatsu::dfpn::Unobserved));
            let positions = s.positions();
            if matches!(o, Outcome::Unknown(_)) {
                println!(
                    "{} {} unknown after {positions} positions",
                    p.label(),
                    side.letter()
                );
                continue;
            }
            let proven = matches!(o, Outcome::Proven);
            let Some(lines) = shikatsu::with_words!(words, W => s.extract(
                &mut Tsumego::<W>::for_search(&p, side, side, master), proven))
            else {
                println!(
                    "{} {} no solution could be walked",
                    p.label(),
                    side.letter()
                );
                continue;
            };
            let size = shikatsu::proof::distinct_size(&lines);
            // The same search again, watched.
            support::start_search(&mut s, &p, side, limits);
            let mut b = Breadth {
                lines,
                proven,
                ..Breadth::default()
            };
            let again = shikatsu::with_words!(words, W => s.solve(
                &mut Tsumego::<W>::for_search(&p, side, side, master), limits, &mut b));
            let off_winner: u64 = b.winner.values().sum();
            let off_loser: u64 = b.loser.values().sum();
            let total = b.inside + b.below_leaf + off_winner + off_loser;
            println!(
                "{} {} {:?} ({:?} again) positions {positions} expansions {total} solution {size}",
                p.label(),
                side.letter(),
                o,
                again
            );
            let pct = |x: u64| 100.0 * x as f64 / total.max(1) as f64;
            println!(
                "  inside {} ({:.1}%), below a leaf {} ({:.1}%), off at the winner's move {} ({:.1}%), at the loser's {} ({:.1}%)",
                b.inside,
                pct(b.inside),
                b.below_leaf,
                pct(b.below_leaf),
                off_winner,
                pct(off_winner),
                off_loser,
                pct(off_loser)
            );
            println!("  off at the winner's move, by depth: {:?}", b.winner);
            println!("  off at the loser's move, by depth: {:?}", b.loser);
        }
    }
}
