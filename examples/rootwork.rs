//! Developer probe: how a search shares its work among the root's moves.
//! For each side: the expansions below each root move, how many times
//! the search went into it, and its numbers the last time; how often the
//! search switched root moves; the expansions by the count of the
//! opponent's passes on their path and by depth; the busiest pairs of a
//! root move and the reply below it.
//!
//! `SELF=1`/`NONE=1` as in `probe`; `TWO=1` the own-master search of a
//! status after the opponent-master one on the same table, as the
//! analysis runs them (the root's moves then weighted by how hard the
//! first search found each to refute); `T` the time limit in seconds
//! (20); `MB` the table's budget (256); `AT="m1 m2 ..."` the same
//! breakdown below the node after those moves (SGF points, "pass");
//! `FILLS=1` the expansions below a move onto a point whose every
//! neighbour is the mover's own stone, by the defender and by the
//! attacker (`SINGLE=1`: stones of one block, so that the move only
//! fills that block's eye); `LOG=1` one line per switch (expansions so
//! far, the move entered and its numbers then).
mod support;
use shikatsu::board::{Move, Point};
use shikatsu::dfpn::{Game, Limits, Observer, SearchView, Searcher};
use shikatsu::tsumego::Tsumego;
use std::collections::BTreeMap;

/// A move in SGF coordinates of the search's board (which may be the
/// file's turned round), "pass" for a pass.
fn name(m: Move) -> String {
    match m {
        Move::Pass => "pass".into(),
        m => m.sgf(),
    }
}

/// Whether a path holds an own-eye fill by the defender, by the attacker.
type FillTest = Box<dyn FnMut(&[Move]) -> [bool; 2]>;

#[derive(Default)]
struct RootWork {
    per: BTreeMap<String, (u64, u32, u32, u64)>,
    last: Option<String>,
    switches: u64,
    d2: BTreeMap<(String, String), u64>,
    under_pass: [u64; 4],
    /// `AT`: the moves of a node to break down like the root.
    at: Vec<String>,
    below_at: BTreeMap<String, (u64, u32, u32)>,
    /// `FILLS=1`: whether a path holds a move by the defender (0) or the
    /// attacker (1) onto a point whose every neighbour is his own stone.
    fills: Option<FillTest>,
    below_fill: [u64; 2],
    depth: BTreeMap<usize, u64>,
    /// `LOG=1`: a line per switch.
    log: bool,
}

impl Observer<Move> for RootWork {
    fn after_expand(&mut self, v: &SearchView<'_, Move>) -> bool {
        let passes = v
            .path
            .iter()
            .skip(1)
            .step_by(2)
            .filter(|s| matches!(s.mv, Move::Pass))
            .count();
        self.under_pass[passes.min(3)] += 1;
        *self.depth.entry(v.path.len()).or_default() += 1;
        if let Some(f) = &mut self.fills {
            let moves: Vec<Move> = v.path.iter().map(|s| s.mv).collect();
            let [d, a] = f(&moves);
            self.below_fill[0] += d as u64;
            self.below_fill[1] += a as u64;
        }
        if !self.at.is_empty()
            && v.path.len() > self.at.len()
            && v.path.iter().zip(&self.at).all(|(s, m)| name(s.mv) == *m)
        {
            let s = &v.path[self.at.len()];
            let e = self.below_at.entry(name(s.mv)).or_default();
            e.0 += 1;
            (e.1, e.2) = (s.pn, s.dn);
        }
        if let Some(s) = v.path.first() {
            let k = name(s.mv);
            let e = self.per.entry(k.clone()).or_default();
            e.0 += 1;
            e.1 = s.pn;
            e.2 = s.dn;
            if self.last.as_ref() != Some(&k) {
                self.switches += 1;
                if self.log {
                    println!("switch {} {k} pn {} dn {}", v.expansions, s.pn, s.dn);
                }
                e.3 += 1;
                self.last = Some(k.clone());
            }
            if let Some(s2) = v.path.get(1) {
                *self.d2.entry((k, name(s2.mv))).or_default() += 1;
            }
        }
        true
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mb: usize = support::env_number("MB", 256);
    let mut s: Searcher<Move> = Searcher::new(mb << 20);
    for l in shikatsu::problem::load_paths(&args) {
        let Ok(p) = l else { continue };
        for side in p.sides() {
            let limits = Limits {
                positions: None,
                time: Some(support::time_from_env(20.0)),
            };
            let master = support::start_search(&mut s, &p, side, limits);
            let mut o = RootWork {
                at: std::env::var("AT")
                    .map(|a| a.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                log: std::env::var_os("LOG").is_some(),
                ..RootWork::default()
            };
            let (w, h) = p.search_shape();
            let words = shikatsu::board::words_for(w, h);
            if std::env::var("FILLS").is_ok() {
                let defender = p.defender;
                let single_only = std::env::var_os("SINGLE").is_some();
                o.fills = Some(shikatsu::with_words!(words, W => {
                    let mut t = Tsumego::<W>::for_search(&p, side, side, master);
                    Box::new(move |moves: &[Move]| {
                        let mut mover = side;
                        let mut found = [false; 2];
                        for m in moves {
                            let before = *t.board();
                            t.play(*m);
                            // The stone just placed, on the game's own board.
                            let placed = t.board().stones(mover) & !before.stones(mover);
                            if let Some(q) = placed.first() {
                                let around = before.neighbours(Point(q as u16));
                                let others = around & !before.stones(mover);
                                // One block all round: the move only takes
                                // that block's liberty (SINGLE=1).
                                let single = !single_only
                                    || (around
                                        & !before.block(Point(around.first().unwrap_or(0) as u16)))
                                    .is_empty();
                                if others.is_empty() && single {
                                    found[(mover != defender) as usize] = true;
                                }
                            }
                            mover = mover.opp();
                        }
                        for _ in moves {
                            t.undo();
                        }
                        found
                    }) as FillTest
                }));
            }
            let out = shikatsu::with_words!(words, W => s.solve_threads(
                &mut Tsumego::<W>::for_search(&p, side, side, master),
                limits,
                &mut o,
                1,
            ));
            println!(
                "{} {} {:?} exp {} switches {}",
                p.label(),
                side.letter(),
                out,
                s.expansions(),
                o.switches
            );
            println!("  defender passes on the path 0/1/2/3+: {:?}", o.under_pass);
            println!("  by depth: {:?}", o.depth);
            if o.fills.is_some() {
                println!(
                    "  below an own-eye fill by the defender / attacker: {:?}",
                    o.below_fill
                );
            }
            let mut v: Vec<_> = o.per.iter().collect();
            v.sort_by_key(|x| std::cmp::Reverse(x.1.0));
            for (k, (n, pn, dn, visits)) in v {
                println!("  {k:>8} exp {n:>9} visits {visits:>6} last pn {pn} dn {dn}");
            }
            let mut v: Vec<_> = o.below_at.iter().collect();
            v.sort_by_key(|x| std::cmp::Reverse(x.1.0));
            for (k, (n, pn, dn)) in v {
                println!("  at {:?}: {k:>8} exp {n:>9} last pn {pn} dn {dn}", o.at);
            }
            let mut v: Vec<_> = o.d2.iter().collect();
            v.sort_by_key(|x| std::cmp::Reverse(*x.1));
            for ((a, b), n) in v.iter().take(15) {
                println!("  {a:>8} {b:>8} exp {n}");
            }
        }
    }
}
