//! Relevance zones of a finished solution (after Shih, Wu et al.): the
//! points a winner's strategy reads. Any position that agrees with the
//! solution's on its zone is won by the same strategy, so when the
//! loser's pass is refuted with zone Z, every loser move outside Z is
//! refuted the same way: the pass's refutation, replayed, answers it.
//!
//! A zone is built bottom-up over the solution:
//! - at a leaf, what decided it: nothing for two passes or a capture of
//!   the targets (the move that captured reads them); for the no-room
//!   rule the group, its liberties and the blocks about them; for
//!   Benson's life the living stones and the enclosed regions next to
//!   them; the whole board for a cycle;
//! - a move reads its point, its neighbours and every block next to it
//!   with that block's neighbours (its stones alone for a block joined
//!   to the safe wall, which is never captured);
//! - at the winner's turn, his move's reads and the zone below it;
//! - at the loser's turn, a covering zone Zc, and for each loser move
//!   inside Zc (and the pass) its reads and its zone, and the reads of
//!   each empty point in Zc where the loser may not play. Zc is the
//!   zone of the pass's refutation when the defender is the loser and it
//!   is a real move (after a pass answered by a pass the game is over,
//!   and after a move it would not be; after the attacker's pass the
//!   no-room rule is off), closed: with a liberty of each block it meets
//!   that has none in it, so that a stone outside it captures nothing
//!   inside. Else a loser's move that captures nothing and whose
//!   refutation's closed zone leaves out its own point covers the same
//!   way (the position after another move outside the zone differs from
//!   the one after it only outside the zone). Without either, every point: any difference
//!   could add a loser move the solution does not answer.
//!
//! What zones do not see is the path: a repetition that bans a move or
//! closes a cycle compares whole positions, and a stone outside the zone
//! changes them. The search covers only points no position of the path
//! held, and a solution replayed by zone is checked like any other.
//!
//! Measured (session 27, benches/README): on the suite's small enclosed
//! problems zones hold most of the region, and a search using them
//! gained nothing; `Searcher::set_zones` leaves them off by default.

use std::sync::Arc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::Tsumego;
use crate::board::{Bits, Color, Move, Point, benson};
use crate::dfpn::{Child, Game, NO_DEP};
use crate::proof::Line;

/// Zones of a solution's nodes, by their replies' identity.
type Memo<const W: usize> = HashMap<usize, Bits<W>>;

/// What zones would cut from a solution (a measurement).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZoneReport {
    /// Distinct positions of the solution.
    pub full: usize,
    /// Distinct positions left when every loser move outside the zone of
    /// a cover (his pass, or another of his moves) is answered by
    /// replaying the cover's refutation.
    pub zoned: usize,
    /// Loser nodes (distinct) and those with a cover.
    pub loser_nodes: usize,
    pub with_zone: usize,
    /// Loser moves outside their cover's zone, at those nodes.
    pub covered: usize,
    /// Empty points of the region at those nodes, and those in the zone.
    pub open_points: usize,
    pub zone_points: usize,
}

impl<const W: usize> Tsumego<W> {
    /// Compares the solution `lines` at the current position (the
    /// prover's when `proof`, else the opponent's) with what zones leave
    /// of it.
    pub fn zone_report(&mut self, lines: &[Line], proof: bool) -> ZoneReport {
        let winner = self.winner(proof);
        let mut r = ZoneReport {
            full: crate::proof::distinct_size(lines),
            ..ZoneReport::default()
        };
        let root: Arc<[Line]> = Arc::from(lines);
        let mut memo = Memo::default();
        let mut seen = HashSet::default();
        r.zoned = self.zoned_walk(&root, winner, &mut memo, &mut seen, &mut r);
        r
    }

    /// The winner of a solution: the prover when `prover_wins`.
    fn winner(&self, prover_wins: bool) -> Color {
        if prover_wins {
            self.prover
        } else {
            self.prover.opp()
        }
    }

    /// Every point on the board.
    fn everywhere(&self) -> Bits<W> {
        self.top().board.on_board()
    }

    /// The points whose contents decide what a move at `p` does here.
    fn reads(&self, p: usize) -> Bits<W> {
        let board = &self.top().board;
        let near = Bits::around(p) & board.on_board();
        let mut z = Bits::single(p) | near;
        let mut rest = near & board.occupied();
        while let Some(q) = rest.first() {
            let b = board.block(Point(q as u16));
            z |= self.block_reads(b);
            rest &= !b;
        }
        z
    }

    /// What decides a block's fate: its stones and its neighbours, or
    /// for a block joined to the safe wall (which can never be captured)
    /// only its stones, which keep it joined in any position agreeing on
    /// them.
    fn block_reads(&self, b: Bits<W>) -> Bits<W> {
        if b.intersects(self.safe) {
            b
        } else {
            b | (b.spread() & self.top().board.on_board())
        }
    }

    fn move_reads(&self, m: Move) -> Bits<W> {
        match self.inward(m) {
            Move::Pass => Bits::EMPTY,
            Move::Play(p) => self.reads(p.index()),
        }
    }

    /// What decided a leaf of the solution.
    fn leaf_zone(&self) -> Bits<W> {
        let f = self.top();
        if let Some((_, dep)) = f.over {
            return if dep == NO_DEP {
                Bits::EMPTY
            } else {
                self.everywhere()
            };
        }
        if self.no_room_rule && self.no_room() {
            return self.no_room_zone();
        }
        if self.target_alive() {
            return self.life_zone();
        }
        self.everywhere()
    }

    /// What Benson's test reads for the defender's living stones: those
    /// stones, and every enclosed region next to them (the vital ones are
    /// among these) with what borders it. In a position that agrees on
    /// these the same stones keep the same vital regions, so they live.
    fn life_zone(&self) -> Bits<W> {
        let board = &self.top().board;
        let on = board.on_board();
        let defender = self.attacker.opp();
        let alive = benson::alive(board, defender, self.region);
        let non_own_inside = self.region & !board.stones(defender) & on;
        let non_own_outside = on & !board.stones(defender) & !self.region;
        let spoiled = non_own_outside.spread();
        let mut z = alive;
        let mut rest = non_own_inside & alive.spread();
        while let Some(q) = rest.first() {
            let r = Bits::flood(Bits::single(q), non_own_inside);
            if !r.intersects(spoiled) {
                z |= r | (r.spread() & on);
            }
            rest &= !r;
        }
        z
    }

    /// What `dead::no_room` reads: the group and its liberties, the
    /// blocks next to them, and whether those blocks' liberties are links
    /// (next to a safe block).
    fn no_room_zone(&self) -> Bits<W> {
        let f = self.top();
        let board = &f.board;
        let on = board.on_board();
        let defender = self.attacker.opp();
        let mut block = Bits::EMPTY;
        for (i, &t) in self.targets.iter().enumerate() {
            if f.captured >> i & 1 == 0 {
                block |= board.block(t);
            }
        }
        let reached = Bits::flood(block, board.stones(defender) | board.empty());
        let mut z = reached | (reached.spread() & on);
        let with_blocks = |z: Bits<W>| {
            let mut out = z;
            let mut rest = z & board.occupied() & !reached;
            while let Some(q) = rest.first() {
                let b = board.block(Point(q as u16));
                out |= self.block_reads(b);
                rest &= !b;
            }
            out
        };
        z = with_blocks(z);
        z |= (z & board.empty()).spread() & on;
        with_blocks(z)
    }

    /// `zone` with a liberty of each block it meets that has none in it:
    /// a move outside the zone can then capture no stone inside it, in
    /// any position that agrees with this one on the zone.
    fn closed(&self, zone: Bits<W>) -> Bits<W> {
        let board = &self.top().board;
        let empty = board.empty();
        let mut out = zone;
        let mut rest = zone & board.occupied() & !self.safe;
        while let Some(q) = rest.first() {
            let b = board.block(Point(q as u16));
            let libs = b.spread() & empty;
            if !b.intersects(self.safe)
                && !libs.intersects(zone)
                && let Some(l) = libs.first()
            {
                out.set(l);
            }
            rest &= !b;
        }
        out
    }

    /// The zone of the refutation of the loser's pass here, when the
    /// refutation would hold after a move as well (see `zones_apply_here`
    /// for where; and not when it is a pass, which after a pass ends the
    /// game and after a move does not, or when the pass itself ended it).
    fn pass_zone(&mut self, lines: &[Line], winner: Color, memo: &mut Memo<W>) -> Option<Bits<W>> {
        let pass = lines.iter().find(|l| l.mv == Move::Pass)?;
        self.refutation_zone(&pass.replies, winner, memo)
    }

    /// A loser's move here whose refutation covers others: the pass (see
    /// `pass_zone`), or else a move that captures nothing and whose
    /// refutation's zone leaves out its own point (the stone is not
    /// read: a stone on any other point outside the zone is answered the
    /// same way). The zone, closed, and the move.
    fn cover_zone(
        &mut self,
        lines: &[Line],
        winner: Color,
        memo: &mut Memo<W>,
    ) -> Option<(Bits<W>, Move)> {
        if let Some(z) = self.pass_zone(lines, winner, memo) {
            return Some((z, Move::Pass));
        }
        lines.iter().find_map(|l| {
            let z = self.sibling_zone(l.mv, &l.replies, winner, memo)?;
            Some((z, l.mv))
        })
    }

    /// The closed zone of the refutation `replies` of the loser's move
    /// `m` here, when it covers other moves: `m` captures nothing (the
    /// position after it is this one and a stone) and the zone leaves out
    /// its point.
    fn sibling_zone(
        &mut self,
        m: Move,
        replies: &Arc<[Line]>,
        winner: Color,
        memo: &mut Memo<W>,
    ) -> Option<Bits<W>> {
        let Move::Play(p) = self.inward(m) else {
            return None;
        };
        if self.top().to_move == winner {
            return None;
        }
        let stones = self.top().board.stone_count();
        self.play(m);
        let z = (self.top().board.stone_count() == stones + 1 && self.top().over.is_none())
            .then(|| {
                let z = self.zone_below(replies, winner, memo);
                self.closed(z)
            })
            .filter(|z| !z.get(p.index()));
        self.undo();
        z
    }

    /// `pass_zone`, given the refutation (the replies after the pass).
    fn refutation_zone(
        &mut self,
        replies: &Arc<[Line]>,
        winner: Color,
        memo: &mut Memo<W>,
    ) -> Option<Bits<W>> {
        if !self.zones_apply_here(winner == self.prover)
            || replies.first().is_some_and(|a| a.mv == Move::Pass)
        {
            return None;
        }
        self.play(Move::Pass);
        let z = if replies.is_empty() && self.top().over.is_some() {
            None
        } else {
            Some(self.zone_below(replies, winner, memo))
        };
        self.undo();
        z.map(|z| self.closed(z))
    }

    /// The zone of the solution `lines` below the current position.
    fn zone_below(&mut self, lines: &Arc<[Line]>, winner: Color, memo: &mut Memo<W>) -> Bits<W> {
        if lines.is_empty() {
            return self.leaf_zone();
        }
        let id = Line::id(lines);
        if let Some(&z) = memo.get(&id) {
            return z;
        }
        let z = if self.top().to_move == winner {
            let l = &lines[0];
            let mut z = self.move_reads(l.mv);
            self.play(l.mv);
            z |= self.zone_below(&l.replies, winner, memo);
            self.undo();
            z
        } else if let Some((zc, cover)) = self.cover_zone(lines, winner, memo) {
            let mut z = zc;
            let mut answered = Bits::EMPTY;
            for l in lines.iter() {
                let point = match self.inward(l.mv) {
                    Move::Play(p) => {
                        answered.set(p.index());
                        if !zc.get(p.index()) {
                            continue;
                        }
                        Some(p.index())
                    }
                    Move::Pass if cover == Move::Pass => continue,
                    Move::Pass => None,
                };
                if let Some(p) = point {
                    z |= self.reads(p);
                }
                self.play(l.mv);
                z |= self.zone_below(&l.replies, winner, memo);
                self.undo();
            }
            let f = self.top();
            for q in (zc & self.region & f.board.empty() & !answered).iter() {
                z |= self.reads(q);
            }
            z
        } else {
            self.everywhere()
        };
        memo.insert(id, z);
        z
    }

    /// Distinct positions of the solution with zones applied.
    fn zoned_walk(
        &mut self,
        lines: &Arc<[Line]>,
        winner: Color,
        memo: &mut Memo<W>,
        seen: &mut HashSet<usize>,
        r: &mut ZoneReport,
    ) -> usize {
        let loser_turn = self.top().to_move != winner;
        let cover = if loser_turn {
            r.loser_nodes += 1;
            self.cover_zone(lines, winner, memo)
        } else {
            None
        };
        let zp = cover.map(|(z, _)| z);
        if let Some(zp) = zp {
            r.with_zone += 1;
            let open = self.region & self.top().board.empty();
            r.open_points += open.count() as usize;
            r.zone_points += (open & zp).count() as usize;
        }
        let mut n = 0;
        for l in lines.iter() {
            if let (Some((zp, cover)), Move::Play(p)) = (cover, self.inward(l.mv))
                && !zp.get(p.index())
                && l.mv != cover
            {
                r.covered += 1;
                continue;
            }
            n += 1;
            if !l.replies.is_empty() && seen.insert(Line::id(&l.replies)) {
                self.play(l.mv);
                n += self.zoned_walk(&l.replies, winner, memo, seen, r);
                self.undo();
            }
        }
        n
    }
}

impl<const W: usize> Tsumego<W> {
    /// `Game::zones_apply`: at the defender's turn, when he is the loser.
    /// After the attacker's pass the no-room rule is off (the defender may
    /// pass back and end the game): a refutation of his pass may rest on
    /// that, and after his move it would not hold; and the defender's
    /// answer to it is mostly his pass, which ends the game.
    pub(super) fn zones_apply_here(&self, prover_wins: bool) -> bool {
        let loser = self.winner(prover_wins).opp();
        let f = self.top();
        f.to_move == loser && loser != self.attacker && !f.passed
    }

    /// `Game::zone_covers`: the loser moves outside the zone of the
    /// pass's refutation, on points no position of the path held (a
    /// stone there makes every position below new, so no repetition the
    /// refutation met can differ).
    pub(super) fn covers(
        &mut self,
        cover: Move,
        solution: &[Line],
        prover_wins: bool,
        children: &[Child<Move>],
        covered: &mut Vec<bool>,
    ) -> bool {
        let winner = self.winner(prover_wins);
        let replies: Arc<[Line]> = Arc::from(solution);
        let mut memo = Memo::default();
        let zone = match cover {
            Move::Pass => self.refutation_zone(&replies, winner, &mut memo),
            _ => self.sibling_zone(cover, &replies, winner, &mut memo),
        };
        let Some(zone) = zone else {
            return false;
        };
        let held = (self.frames.iter()).fold(Bits::EMPTY, |a, f| a | f.board.occupied());
        let outside = !(zone | held);
        covered.clear();
        let mut any = false;
        for c in children {
            let cover = c.terminal.is_none()
                && c.mv != cover
                && matches!(self.inward(c.mv), Move::Play(p) if outside.get(p.index()));
            covered.push(cover);
            any |= cover;
        }
        any
    }
}

impl<const W: usize> Tsumego<W> {
    /// The zone of the solution `lines` at the current position, marked
    /// on the board (a developer's view: `+` an empty point in the zone,
    /// `X`/`O` stones in it).
    pub fn zone_picture(&mut self, lines: &[Line], prover_wins: bool) -> String {
        let winner = self.winner(prover_wins);
        let lines: Arc<[Line]> = Arc::from(lines);
        let zone = self.zone_below(&lines, winner, &mut Memo::default());
        let board = &self.top().board;
        let mut out = String::new();
        for y in 0..board.height() {
            for x in 0..board.width() {
                let p = Point::new(x, y).narrowed::<W>();
                let inside = zone.get(p.index());
                out.push(match (board.color_at(p), inside) {
                    (Some(Color::Black), true) => 'X',
                    (Some(Color::Black), false) => 'x',
                    (Some(Color::White), true) => 'O',
                    (Some(Color::White), false) => 'o',
                    (None, true) => '+',
                    (None, false) => '.',
                });
            }
            out.push('\n');
        }
        out
    }
}
