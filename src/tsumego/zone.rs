//! Relevance zones of a finished solution (after Shih, Wu et al.): the
//! points a winner's strategy reads. Any position that agrees with the
//! solution's on its zone is won by the same strategy, so when the
//! loser's pass is refuted with zone Z, every loser move outside Z is
//! refuted the same way: the pass's refutation, replayed, answers it.
//!
//! A zone is built bottom-up over the solution:
//! - at a leaf, what decided it: nothing for two passes or a capture of
//!   the targets (the move that captured reads them), the group, its
//!   liberties and the blocks about them for the no-room rule, the
//!   whole board for anything else (life, cycles);
//! - a move reads its point, its neighbours and every block next to it
//!   with that block's neighbours (so the block, its liberties and what
//!   bounds it are the same in any position agreeing on the zone, and a
//!   stone outside the zone can never capture a block that meets it);
//! - at the winner's turn, his move's reads and the zone below it;
//! - at the loser's turn, the pass's zone Zp when the pass is answered
//!   by a real move (after a pass answered by a pass the game is over,
//!   and after a move it would not be), and for each loser move inside
//!   Zp its reads and its zone, and the reads of each empty point in Zp
//!   where the loser may not play. Without such a pass every point: any
//!   difference could add a loser move the solution does not answer.
//!
//! What zones do not see is the path: a repetition that bans a move or
//! closes a cycle compares whole positions, and a stone outside the zone
//! changes them. A solution replayed by zone is therefore checked like
//! any other.

use std::sync::Arc;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::Tsumego;
use crate::board::{Bits, Color, Move, Point};
use crate::dfpn::{Game, NO_DEP};
use crate::proof::Line;

/// Zones of a solution's nodes, by their replies' identity.
type Memo<const W: usize> = HashMap<usize, Bits<W>>;

/// What zones would cut from a solution (a measurement).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZoneReport {
    /// Distinct positions of the solution.
    pub full: usize,
    /// Distinct positions left when every loser move outside its pass's
    /// zone is answered by replaying the pass's refutation.
    pub zoned: usize,
    /// Loser nodes (distinct) and those whose pass gave a zone.
    pub loser_nodes: usize,
    pub with_zone: usize,
    /// Loser moves outside their pass's zone, at those nodes.
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
        let winner = if proof {
            self.prover
        } else {
            self.prover.opp()
        };
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
        self.everywhere()
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

    /// The zone of the refutation of the loser's pass here, when the
    /// refutation would hold after a move as well: a real move, or a
    /// position decided by what is on the board (after a pass answered by
    /// a pass, or a pass that closes a cycle, the game is over where after
    /// a move it would not be).
    fn pass_zone(&mut self, lines: &[Line], winner: Color, memo: &mut Memo<W>) -> Option<Bits<W>> {
        let pass = lines.iter().find(|l| l.mv == Move::Pass)?;
        if pass.replies.first().is_some_and(|a| a.mv == Move::Pass) {
            return None;
        }
        self.play(Move::Pass);
        let z = if pass.replies.is_empty() && self.top().over.is_some() {
            None
        } else {
            Some(self.zone_below(&pass.replies, winner, memo))
        };
        self.undo();
        z
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
        } else if let Some(zp) = self.pass_zone(lines, winner, memo) {
            let mut z = zp;
            let mut answered = Bits::EMPTY;
            for l in lines.iter() {
                let Move::Play(p) = self.inward(l.mv) else {
                    continue;
                };
                answered.set(p.index());
                if !zp.get(p.index()) {
                    continue;
                }
                z |= self.reads(p.index());
                self.play(l.mv);
                z |= self.zone_below(&l.replies, winner, memo);
                self.undo();
            }
            let f = self.top();
            for q in (zp & self.region & f.board.empty() & !answered).iter() {
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
        let zp = if loser_turn {
            r.loser_nodes += 1;
            self.pass_zone(lines, winner, memo)
        } else {
            None
        };
        if let Some(zp) = zp {
            r.with_zone += 1;
            let open = self.region & self.top().board.empty();
            r.open_points += open.count() as usize;
            r.zone_points += (open & zp).count() as usize;
        }
        let mut n = 0;
        for l in lines.iter() {
            if let (Some(zp), Move::Play(p)) = (zp, self.inward(l.mv))
                && !zp.get(p.index())
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
