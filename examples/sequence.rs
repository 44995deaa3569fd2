//! Developer probe: a sequence of searches on one table, as an analysis
//! makes them, to measure what one search's table gives the next.
//! `SEQ` lists the searches, each a prover and a ko master: `Bw,Bb` is
//! Black's status (White master, then Black master); `Wb,Bw,Bb` puts
//! White's first search before it. The table is turned round when the
//! prover changes (`Searcher::flip_prover`). `T` seconds per search
//! (default 10), `MB` the table's budget (default 256). One line per search.
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Limits, Searcher, Unobserved};
use shikatsu::tsumego::Tsumego;
use std::time::Instant;

fn main() {
    let number = |name: &str, default: f64| {
        std::env::var(name)
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(default)
    };
    let mb = number("MB", 256.0) as usize;
    let seq = std::env::var("SEQ").unwrap_or_else(|_| "Bw,Bb".to_string());
    let steps: Vec<(Color, Option<Color>)> = seq
        .split(',')
        .map(|s| {
            let b = s.as_bytes();
            let side = if b[0] == b'B' {
                Color::Black
            } else {
                Color::White
            };
            let master = match b.get(1) {
                Some(b'b') => Some(Color::Black),
                Some(b'w') => Some(Color::White),
                _ => None,
            };
            (side, master)
        })
        .collect();
    let time = std::time::Duration::from_secs_f64(number("T", 10.0));
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut s: Searcher<Move> = Searcher::new(mb << 20);
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        s.reset();
        let mut prover: Option<Color> = None;
        let mut total = 0u64;
        // The searcher counts positions from its last reset or turn.
        let mut counted = 0u64;
        for &(side, master) in &steps {
            if prover.is_some_and(|c| c != side) {
                s.flip_prover(|r| (r <= 2).then(|| 2 - r));
                counted = 0;
            }
            prover = Some(side);
            let rank = match master {
                Some(c) if c == side => 2,
                None => 1,
                Some(_) => 0,
            };
            s.set_rank(rank);
            let (w, h) = p.search_shape();
            let words = shikatsu::board::words_for(w, h);
            let t = Instant::now();
            let o = shikatsu::with_words!(words, W => s.solve(
                &mut Tsumego::<W>::for_search(&p, side, side, master),
                Limits { positions: None, time: Some(time) },
                &mut Unobserved,
            ));
            let spent = s.positions() - counted;
            counted = s.positions();
            total += spent;
            println!(
                "{} {}{} {:?} {} {:.2}s",
                p.label(),
                side.letter(),
                master.map_or("n", |c| if c == Color::Black { "b" } else { "w" }),
                o,
                spent,
                t.elapsed().as_secs_f64()
            );
        }
        println!("{} total {total}", p.label());
    }
}
