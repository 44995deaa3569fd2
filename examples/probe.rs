//! Developer probe: solves files under one ko setting and prints search figures.
//! `T` seconds per search (default 5), `N` positions per search, `V=1` one line
//! per search, `SELF=1` the mover is ko master, `NONE=1` nobody is, `WIDE=1`
//! six-word bitboards on every board, `PROOF=1` the size of the extracted
//! solution (distinct positions and as a tree), with `XREP=k` the best time
//! of k more extractions, with `ZONE=1` what relevance zones would cut
//! from it; `ZONES=1` searches with zones; `THREADS=n` on n threads, `SHARED=1` on a shareable table even on one, `MB` the table's budget (default 256). Files without `PL`: both sides.
mod support;
use shikatsu::board::Move;
use shikatsu::dfpn::{Limits, Outcome, Searcher, Unobserved, Words};
use shikatsu::tsumego::Tsumego;
use std::time::Instant;
fn main() {
    let threads: usize = support::env_number("THREADS", 1);
    let mb: usize = support::env_number("MB", 256);
    // A table other threads can share only when there are others: its
    // atomic words cost one thread a little.
    if threads > 1 || support::env_number("SHARED", 0) == 1 {
        probe(Searcher::new_shared(mb << 20), threads);
    } else {
        probe(Searcher::new(mb << 20), threads);
    }
}

fn probe<S: Words>(mut s: Searcher<Move, S>, threads: usize) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let time = support::time_from_env(5.0);
    let (mut tot_pos, mut tot_t, mut solved, mut n) = (0u64, 0f64, 0, 0);
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        // Files without `PL`: both sides, as `solve` does.
        for side in p.sides() {
            let master = support::master_from_env(side);
            s.reset();
            s.path_stores = 0;
            s.set_zones(std::env::var("ZONES").is_ok());
            s.set_strict(std::env::var("STRICT").is_ok());
            let limits = Limits {
                positions: std::env::var("N").ok().and_then(|n| n.parse().ok()),
                time: Some(time),
            };
            let t = Instant::now();
            // As the analysis does: half the words where the board fits.
            let words = if std::env::var("WIDE").is_ok() {
                6
            } else {
                let (w, h) = p.search_shape();
                shikatsu::board::words_for(w, h)
            };
            let relax = std::env::var_os("RELAX").is_some();
            let o = shikatsu::with_words!(words, W => {
                let mut g = Tsumego::<W>::for_search(&p, side, side, master);
                let relaxed = g.relax(relax);
                s.set_relaxed(relaxed);
                s.solve_threads(&mut g, limits, &mut Unobserved, threads)
            });
            let el = t.elapsed().as_secs_f64();
            if std::env::var("PROOF").is_ok() && !matches!(o, Outcome::Unknown(_)) {
                let proven = matches!(o, Outcome::Proven);
                let lines = shikatsu::with_words!(words, W => s.extract(
                    &mut Tsumego::<W>::for_search(&p, side, side, master),
                    proven,
                ));
                // `XREP=k`: the extraction k times more, its best time
                // (the first one's repairs leave the table settled).
                let reps: usize = support::env_number("XREP", 0);
                let mut best = f64::MAX;
                for _ in 0..reps {
                    let t = Instant::now();
                    let again = shikatsu::with_words!(words, W => s.extract(
                        &mut Tsumego::<W>::for_search(&p, side, side, master),
                        proven,
                    ));
                    best = best.min(t.elapsed().as_secs_f64());
                    drop(again);
                }
                if reps > 0 {
                    println!("extraction best of {reps}: {:.1} ms", best * 1e3);
                }
                if let Some(lines) = &lines
                    && std::env::var("ZONE").is_ok()
                {
                    let r = shikatsu::with_words!(words, W => Tsumego::<W>::for_search(&p, side, side, master)
                        .zone_report(lines, proven));
                    println!("zones {r:?}");
                }
                if let Some(lines) = lines {
                    println!(
                        "proof distinct {} tree {}",
                        shikatsu::proof::distinct_size(&lines),
                        shikatsu::proof::tree_size(&lines)
                    );
                }
            }
            n += 1;
            if !matches!(o, Outcome::Unknown(_)) {
                solved += 1;
            }
            tot_pos += s.positions();
            tot_t += el;
            if std::env::var("V").is_ok() {
                println!(
                    "{} {} {:?} {} recent {} exp {} used {} probes/hits {:?} pathst {} zones {:?} {:.2}s",
                    p.label(),
                    side.letter(),
                    o,
                    s.positions(),
                    s.recent_hits(),
                    s.expansions(),
                    s.table().used(),
                    (s.table().usage().probes, s.table().usage().hits),
                    s.path_stores,
                    s.zone_stats,
                    el
                );
            }
        }
    }
    println!(
        "solved {solved}/{n} positions {tot_pos} time {tot_t:.2}s {:.0} pos/s",
        tot_pos as f64 / tot_t
    );
}
