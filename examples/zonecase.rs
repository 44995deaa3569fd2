//! Developer probe: a relevance zone that failed. `PATHM` the moves
//! (point indices of the 19x19 layout, space separated), `Y` the loser's
//! move the zone of his pass was said to cover. Prints the position, the
//! zone of the pass's refutation, and the result after `Y`.
use shikatsu::board::{Move, Point};
use shikatsu::dfpn::{Game, Limits, NodeKind, Searcher, Unobserved};
use shikatsu::tsumego::Tsumego;
fn main() {
    let file = std::env::args().nth(1).expect("a file");
    let p = shikatsu::problem::load_paths(&[file])
        .remove(0)
        .expect("loads");
    let side = p.sides()[0];
    let moves: Vec<Move> = std::env::var("PATHM")
        .unwrap_or_default()
        .split_whitespace()
        .map(|m| Move::Play(Point(m.parse().unwrap())))
        .collect();
    let y = Move::Play(Point(std::env::var("Y").unwrap().parse().unwrap()));
    let mut g = Tsumego::<6>::new(&p, side, side, Some(side));
    for &m in &moves {
        g.play(m);
    }
    let proof = g.kind() == NodeKind::And;
    println!("loser to move; prover wins wanted: {proof}");
    g.play(Move::Pass);
    let mut s = Searcher::new(64 << 20);
    let o = s.solve(&mut g.clone(), Limits::default(), &mut Unobserved);
    println!("after pass: {o:?}");
    let lines = s.extract(&mut g.clone(), proof).expect("extracts");
    let mut line = Vec::new();
    let mut at: &[shikatsu::proof::Line] = &lines;
    while let Some(l) = at.first() {
        line.push(format!("{:?}", l.mv));
        at = &l.replies;
        if line.len() > 12 {
            break;
        }
    }
    println!("pass refutation line: {}", line.join(" "));
    print!("{}", g.zone_picture(&lines, proof));
    g.undo();
    g.play(y);
    let mut s = Searcher::new(64 << 20);
    let o = s.solve(&mut g.clone(), Limits::default(), &mut Unobserved);
    println!(
        "after {y:?}: {o:?} (wanted {})",
        if proof { "Proven" } else { "Disproven" }
    );
}
