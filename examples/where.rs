//! Developer probe: where a search spends its expansions (by the move
//! after the line `PRE`, e.g. `PRE="H7 G6"`, by depth, by passes on the
//! path), then the solution's first moves and answers and its largest
//! line with the size of each branch. `SELF=1`/`NONE=1` as in `probe`;
//! `T` the time limit in seconds (20). `ROOT=1` prints, as it goes, each
//! descent into a root move with the move's numbers then (how df-pn
//! spreads its work over root moves whose numbers stay alike).
mod support;
use shikatsu::board::Move;
use shikatsu::dfpn::{Limits, Observer, SearchView, Searcher};
use shikatsu::tsumego::Tsumego;
use std::collections::BTreeMap;
struct Count {
    first: BTreeMap<String, u64>,
    depth: BTreeMap<usize, u64>,
    passes: BTreeMap<usize, u64>,
    h: usize,
    /// The line below which expansions are counted (`PRE`).
    pre: Vec<String>,
    /// Expansions so far, and whether descents into root moves are shown.
    n: u64,
    root: bool,
}
impl Observer<Move> for Count {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        self.n += 1;
        if self.root
            && let [s] = v.path
        {
            println!("{} {} pn {} dn {}", self.n, s.mv.human(self.h), s.pn, s.dn);
        }
        let pre = &self.pre;
        let moves: Vec<String> = v.path.iter().map(|s| s.mv.human(self.h)).collect();
        if moves.len() < pre.len() || moves[..pre.len()] != pre[..] {
            return true;
        }
        let k = moves.get(pre.len()).cloned().unwrap_or("here".to_string());
        *self.first.entry(k).or_default() += 1;
        *self.depth.entry(v.path.len()).or_default() += 1;
        let p = v.path.iter().filter(|s| s.mv == Move::Pass).count();
        *self.passes.entry(p).or_default() += 1;
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
            let mut c = Count {
                first: BTreeMap::new(),
                depth: BTreeMap::new(),
                passes: BTreeMap::new(),
                h: p.board.height(),
                pre: std::env::var("PRE")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(String::from)
                    .collect(),
                n: 0,
                root: std::env::var("ROOT").is_ok(),
            };
            let limits = Limits {
                positions: None,
                time: Some(support::time_from_env(20.0)),
            };
            let (w, h) = p.search_shape();
            let words = shikatsu::board::words_for(w, h);
            let o = shikatsu::with_words!(words, W => s.solve(
                &mut Tsumego::<W>::for_search(&p, side, side, master), limits, &mut c));
            println!(
                "{} {} {:?} positions {} exp {}",
                p.label(),
                side.letter(),
                o,
                s.positions(),
                s.expansions()
            );
            println!("first: {:?}", c.first);
            println!("depth: {:?}", c.depth);
            println!("passes: {:?}", c.passes);
            if matches!(o, shikatsu::dfpn::Outcome::Unknown(_)) {
                continue;
            }
            let proven = matches!(o, shikatsu::dfpn::Outcome::Proven);
            let Some(lines) = shikatsu::with_words!(words, W => s.extract(
                &mut Tsumego::<W>::for_search(&p, side, side, master), proven))
            else {
                println!("no solution could be walked");
                continue;
            };
            let hh = p.board.height();
            for l in &lines {
                let ans: Vec<String> = l
                    .replies
                    .iter()
                    .map(|r| format!("{}({})", r.mv.human(hh), r.replies.len()))
                    .collect();
                println!("root {} -> {:?}", l.mv.human(hh), ans);
            }
            let mut cur: Vec<shikatsu::proof::Line> = lines;
            let mut line = String::new();
            for _ in 0..30 {
                if cur.is_empty() {
                    break;
                }
                let mut v: Vec<(usize, String, usize)> = cur
                    .iter()
                    .enumerate()
                    .map(|(i, l)| {
                        (
                            shikatsu::proof::distinct_size(std::slice::from_ref(l)),
                            l.mv.human(hh),
                            i,
                        )
                    })
                    .collect();
                v.sort_by(|a, b| b.cmp(a));
                println!(
                    "{line} :: {:?}",
                    v.iter()
                        .map(|x| format!("{}={}", x.1, x.0))
                        .collect::<Vec<_>>()
                );
                let i = v[0].2;
                line.push_str(&format!(" {}", v[0].1));
                cur = cur[i].replies.to_vec();
            }
        }
    }
}
