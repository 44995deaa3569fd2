//! Developer probe: each descent into a root move (its pn and dn then).
mod support;
use shikatsu::board::Move;
use shikatsu::dfpn::{Limits, Observer, SearchView, Searcher};
use shikatsu::tsumego::Tsumego;
struct Log {
    h: usize,
    n: u64,
}
impl Observer<Move> for Log {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        self.n += 1;
        if v.path.len() == 1 {
            let s = &v.path[0];
            println!("{} {} pn {} dn {}", self.n, s.mv.human(self.h), s.pn, s.dn);
        }
        true
    }
}
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut s = Searcher::new(256 << 20);
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        for side in p.sides() {
            let master = support::master_from_env(side);
            s.reset();
            let mut c = Log {
                h: p.board.height(),
                n: 0,
            };
            let limits = Limits {
                positions: None,
                time: Some(support::time_from_env(20.0)),
            };
            let (w, h) = p.search_shape();
            let words = shikatsu::board::words_for(w, h);
            let o = shikatsu::with_words!(words, W => s.solve(
                &mut Tsumego::<W>::for_search(&p, side, side, master), limits, &mut c));
            println!("{} {:?} exp {}", p.label(), o, s.expansions());
        }
    }
}
