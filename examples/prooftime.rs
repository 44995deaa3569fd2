//! Developer probe: what reading a proof out of the table and checking
//! it cost, apart from the search. For each problem's side to move (its
//! `PL`, else Black), the status searches as the analysis runs them (the
//! opponent as ko master, then, if that fails, the side itself; with
//! `SELF=1`/`NONE=1` one search with that master only), each within `T`
//! seconds (10); then each decided search's solution is extracted `K`
//! times (20) and checked `K` times, and the mean times are added up.
//! `MODE=e` skips the checks and `MODE=c` the repeated extractions (for
//! a profile of one part); `V=1` prints each search's times.
//!
//!   K=20 target/release/examples/prooftime FILE...
mod support;
use shikatsu::board::Color;
use shikatsu::dfpn::{Limits, Outcome, Searcher, Unobserved};
use shikatsu::problem::load_paths;
use shikatsu::proof;
use shikatsu::tsumego::Tsumego;
use std::time::Instant;

fn main() {
    let k: usize = support::env_number("K", 20).max(1);
    let mode = std::env::var("MODE").unwrap_or_default();
    let limits = Limits {
        time: Some(support::time_from_env(10.0)),
        ..Limits::default()
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut extracting, mut checking, mut nodes) = (0.0, 0.0, 0);
    for p in load_paths(&args) {
        let Ok(p) = p else { continue };
        let side = p.to_move.unwrap_or(Color::Black);
        let chosen = std::env::var("SELF").is_ok() || std::env::var("NONE").is_ok();
        let masters = if chosen {
            vec![support::master_from_env(side)]
        } else {
            vec![Some(side.opp()), Some(side)]
        };
        let mut searcher = Searcher::new(256 << 20);
        for master in masters {
            // The rules' rank, as the analysis sets it: how favourable
            // they are to the side (`Searcher::set_rank`).
            searcher.set_rank(match master {
                Some(c) if c == side => 2,
                None => 1,
                Some(_) => 0,
            });
            let mut g: Tsumego = Tsumego::new(&p, side, side, master);
            let proven = match searcher.solve(&mut g, limits, &mut Unobserved) {
                Outcome::Proven => true,
                Outcome::Disproven => false,
                Outcome::Unknown(_) => break,
            };
            let winner = if proven { side } else { side.opp() };
            let mut walk = || {
                let mut g: Tsumego = Tsumego::new(&p, side, side, master);
                searcher.extract(&mut g, proven)
            };
            // The first walk may repair the table; the others repeat it.
            // (Where it fails, the analysis searches strictly: not timed.)
            let Some(mut lines) = walk() else {
                println!("{}: no solution read out", p.file.display());
                break;
            };
            let t = Instant::now();
            for _ in 0..if mode == "c" { 1 } else { k } {
                lines = walk().expect("read out before");
            }
            let e = t.elapsed().as_secs_f64() / k as f64;
            let t = Instant::now();
            let mut checked = None;
            for _ in 0..if mode == "e" { 0 } else { k } {
                checked = Some(proof::check(&p, side, winner, master, &lines).expect("checked"));
            }
            let c = t.elapsed().as_secs_f64() / k as f64;
            extracting += e;
            checking += c;
            nodes += checked.map_or(0, |c| c.nodes);
            if std::env::var("V").is_ok() {
                println!(
                    "{} {} {master:?}: extract {:.3} ms, check {:.3} ms",
                    p.file.display(),
                    side.name(),
                    e * 1e3,
                    c * 1e3
                );
            }
            if proven {
                break;
            }
        }
    }
    println!(
        "extract {:.2} ms, check {:.2} ms ({nodes} nodes checked)",
        extracting * 1e3,
        checking * 1e3
    );
}
