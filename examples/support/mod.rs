//! What the developer probes share.
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Limits, Searcher, Unobserved};
use shikatsu::problem::Problem;
use shikatsu::tsumego::{KoMaster, Tsumego};

/// The ko master for `side`'s search, chosen by the environment:
/// `SELF=1` the side itself, `NONE=1` nobody, else the opponent (the
/// first search of a status).
pub fn master_from_env(side: Color) -> KoMaster {
    if std::env::var("SELF").is_ok() {
        Some(side)
    } else if std::env::var("NONE").is_ok() {
        None
    } else {
        Some(side.opp())
    }
}

/// The number in the environment variable `name`, else `default`.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(default)
}

/// The time limit of each search: `T` seconds, else `default`.
pub fn time_from_env(default: f64) -> std::time::Duration {
    std::time::Duration::from_secs_f64(env_number("T", default))
}

/// Starts a probe's search of `side` on a fresh table and gives the ko
/// master it runs under: with `TWO=1` the side itself, after the
/// opponent-master search of its status has run first on the same table,
/// as the analysis runs a status (the counts start again after it, so
/// that they are the second search's alone); else `master_from_env`.
// Not every probe watches a status's second search.
#[allow(dead_code)]
pub fn start_search(s: &mut Searcher<Move>, p: &Problem, side: Color, limits: Limits) -> KoMaster {
    s.reset();
    if std::env::var_os("TWO").is_none() {
        return master_from_env(side);
    }
    let (w, h) = p.search_shape();
    let words = shikatsu::board::words_for(w, h);
    s.set_rank(0);
    let first = shikatsu::with_words!(words, W => s.solve(
        &mut Tsumego::<W>::for_search(p, side, side, Some(side.opp())),
        limits,
        &mut Unobserved,
    ));
    println!("first search {first:?} {} positions", s.positions());
    s.restart_counts();
    s.set_rank(2);
    Some(side)
}
