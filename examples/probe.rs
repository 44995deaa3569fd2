use shikatsu::board::Color;
use shikatsu::dfpn::{Limits, Searcher, Unobserved};
use shikatsu::tsumego::Tsumego;
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let p = shikatsu::problem::load_paths(&[&args[1]]).remove(0).unwrap();
    let side = p.to_move.unwrap_or(Color::Black);
    let master = match args.get(2).map(|s| s.as_str()) { Some("B") => Some(Color::Black), Some("W") => Some(Color::White), _ => None };
    let mut g = Tsumego::new(&p, side, side, master);
    let mut s = Searcher::new(1 << 30);
    let t = Instant::now();
    let o = s.solve(&mut g, Limits { positions: None, time: Some(Duration::from_secs(20)) }, &mut Unobserved);
    let el = t.elapsed().as_secs_f64();
    println!("{:?} positions {} expansions {} path_stores {} tt_used {} {:.2}s {:.0} pos/s root {:?}", o, s.positions(), s.expansions(), s.path_stores, s.table().used(), el, s.positions() as f64 / el, s.root_numbers());
}
