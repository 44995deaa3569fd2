//! Life in answers: with the attacker to move, the target lives when
//! every attacker move has a defender answer that leaves it alive by
//! Benson's test, or (two answers deep) an answer after which the same
//! holds again. That is the game tree four plies deep at most, with the
//! static rules at its leaves, read under the path's own rules (a move
//! the repetition rule bans is no option, a move closing a cycle ends
//! the game), so it is as sound as the rules it reads.
//!
//! It is asked only where one defender move now would bring life: where
//! none does, an attacker stone first rarely leaves one that does, and
//! the full reading costs about as much as an expansion per attacker
//! move. The second answer is read only for an attacker move that no
//! answer meets at once, with both moves pushed on the path.

use super::{Frame, Outcome, Seen, Tsumego};
use crate::board::{Bits, Board, Move, Point, benson};
use crate::dfpn::Footprint as _;
use crate::dfpn::NO_DEP;

/// Bits of the index of `Tsumego::no_fix`.
pub(super) const NO_FIX_BITS: u32 = 14;

/// How many answers deep the rule reads by default: an answer may be one
/// after which the target lives in one answer. (Graded files: 10% fewer
/// positions than one answer and 10% less time; gop/14590 Black 224M
/// positions to 44M. Three answers were no better: benches/README.md.)
pub(super) const ANSWERS: u32 = 2;

/// The depth the rule reads: `SHIKATSU_ANSWERS=n` (no more than
/// `ANSWERS`, which the checker reads), or 0 with
/// `SHIKATSU_NO_ONE_ANSWER=1` (switches to measure the rule by).
pub(super) fn answers_from_env() -> u32 {
    if std::env::var_os("SHIKATSU_NO_ONE_ANSWER").is_some() {
        return 0;
    }
    std::env::var("SHIKATSU_ANSWERS")
        .ok()
        .and_then(|n| n.parse().ok())
        .map_or(ANSWERS, |n: u32| n.min(ANSWERS))
}

/// Answers found to work, tried first for the next attacker move.
const REMEMBERED: usize = 4;

impl<const W: usize> Tsumego<W> {
    /// `Some((dep, bound))` when the target lives in `answers` answers
    /// here (the attacker to move): `dep` is the shallowest depth of the
    /// path a repetition it relied on refers to (`NO_DEP` when none did);
    /// `bound`, some move it read was banned or repeated a position, so
    /// the result holds only under the current ko rules. With `read`, the
    /// positions the reading compared with the path are added to it (a
    /// proof's walk shares a solution only where none can repeat).
    pub(super) fn alive_in_answers(
        &mut self,
        answers: u32,
        mut read: Option<&mut Seen<W>>,
    ) -> Option<(u32, bool)> {
        // A copy: the second answer's reading pushes moves on the path.
        let f = *self.top();
        let f = &f;
        if answers == 0
            || self.unconditional_only
            || f.to_move != self.attacker
            || self.frames.len() == 1
        {
            return None;
        }
        let defender = self.attacker.opp();
        // Whether a defender move brings life at once depends on the
        // stones alone, and the search comes back to a position many
        // times: a position where none does is remembered.
        let slot = (f.board.hash() ^ f.captured as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let cached_at = (slot >> (64 - NO_FIX_BITS)) as usize;
        if self.no_fix[cached_at].get() == slot {
            return None;
        }
        if !self.may_enclose(&f.board) {
            return None;
        }
        if self.targets.len() == 1
            && !benson::has_enclosed_region(&f.board, defender, f.target_block, self.region)
        {
            return None;
        }
        let near = self.near_targets(&f.board, f.captured);
        // The defender's moves that bring life now: where there is none,
        // the rule is not asked.
        let mut fixes = Bits::<W>::EMPTY;
        let mut scratch = f.board;
        // A stone next to an attacker's may capture, which the quick test
        // does not read.
        let beside_attacker = f.board.stones(self.attacker).spread();
        for i in (near & f.board.empty() & self.region).iter() {
            if self.targets.len() == 1
                && !beside_attacker.get(i)
                && !benson::may_live_after(&f.board, defender, f.target_block, self.region, i)
            {
                continue;
            }
            scratch.set_position(&f.board);
            if scratch.play_ignoring_ko(defender, Point(i as u16)).is_ok()
                && self.lives_on(&scratch, f.captured)
            {
                fixes.set(i);
            }
        }
        if fixes.is_empty() {
            self.no_fix[cached_at].set(slot);
            return None;
        }
        let mut dep = NO_DEP;
        let mut bound = false;
        let mut remembered: [Option<Point>; REMEMBERED] = [None; REMEMBERED];
        let mut next_slot = 0;
        // The attacker's moves on the points that bring life first: the
        // reading fails fastest there.
        let empties = self.region & f.board.empty();
        let order = fixes.iter().chain((empties & !fixes).iter());
        let mut after = f.board;
        for i in order {
            let m = Move::Play(Point(i as u16));
            let outcome = self.try_move_at(f, m, &mut after);
            if let Some(read) = read.as_deref_mut() {
                *read = read.meet(Seen::of(&after));
            }
            let q = match outcome {
                Outcome::Illegal => continue,
                Outcome::Banned(j) => {
                    dep = dep.min(j);
                    bound = true;
                    continue;
                }
                Outcome::Terminal {
                    attacker_wins: true,
                    ..
                } => return None,
                Outcome::Terminal { dep: j, .. } => {
                    dep = dep.min(j);
                    bound = true;
                    continue;
                }
                // A spent threat restarts the history: not read here.
                Outcome::Open { spent: Some(_), .. } => return None,
                Outcome::Open {
                    capture,
                    captured,
                    key,
                    repeats,
                    ..
                } => {
                    bound |= repeats;
                    Frame {
                        board: after,
                        to_move: defender,
                        pos_key: key,
                        alt_key: 0,
                        passed: false,
                        captured,
                        last: Some(m),
                        any_capture: f.any_capture || capture,
                        over: None,
                        ..*f
                    }
                }
            };
            // The no-room rule, which the game would test at `q`, cannot
            // hold where an answer brings life: both are sound, and one
            // says the target is captured whatever the defender plays.
            // (The checker tests it all the same.)
            //
            // The defender's pass: the attacker then faces the same
            // stones (or a cycle, which the defender wins as well). An
            // attacker stone seldom brings life (it can, where it fills
            // the one point of an eye that was no liberty), so unless it
            // captured, the pass is tried last.
            let captured_some = q.board.stone_count() <= f.board.stone_count();
            if captured_some && self.lives_on(&q.board, q.captured) {
                continue;
            }
            let near = self.near_targets(&q.board, q.captured) | Bits::single(i).spread();
            let fresh = near & q.board.empty() & self.region;
            let candidates = answer_order(&remembered, fresh);
            let mut answered = None;
            let mut answer_board = q.board;
            for a in candidates {
                if !q.board.empty().get(a) || !self.region.get(a) {
                    continue;
                }
                let outcome = self.try_move_at(&q, Move::Play(Point(a as u16)), &mut answer_board);
                if let Some(read) = read.as_deref_mut() {
                    *read = read.meet(Seen::of(&answer_board));
                }
                match outcome {
                    Outcome::Terminal {
                        attacker_wins: false,
                        dep: j,
                    } => {
                        // A cycle the defender closes: his only if the
                        // path is the same.
                        answered.get_or_insert((a, j, true));
                    }
                    Outcome::Open {
                        spent: None,
                        repeats,
                        ..
                    } if self.lives_on(&answer_board, q.captured) => {
                        answered = Some((a, NO_DEP, repeats));
                        if !repeats {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if answered.is_none() && !captured_some && self.lives_on(&q.board, q.captured) {
                continue;
            }
            if answered.is_none() && answers > 1 {
                let order = answer_order(&remembered, fresh);
                let m = (m, outcome, q.board);
                answered = self.answer_deeper(m, order, answers - 1, read.as_deref_mut());
            }
            let (a, j, rests_on_rules) = answered?;
            dep = dep.min(j);
            bound |= rests_on_rules;
            if !remembered.iter().flatten().any(|p| p.index() == a) {
                remembered[next_slot] = Some(Point(a as u16));
                next_slot = (next_slot + 1) % REMEMBERED;
            }
        }
        Some((dep, bound))
    }

    /// After the attacker's move `m` (with its `try_move` outcome, open
    /// and spending no threat, and the board after it), a defender
    /// answer among `candidates` after which the target lives in
    /// `answers` more answers: `(point, dep, bound)` as in the caller.
    /// Both moves are pushed on the path, so that the reading beyond them
    /// sees every repetition, theirs included; one that repeats a position
    /// they pushed is the reading's own, not the path's (no depth, though
    /// the result is bound to the ko rules all the same).
    fn answer_deeper(
        &mut self,
        (m, outcome, board): (Move, Outcome, Board<W>),
        candidates: impl Iterator<Item = usize>,
        answers: u32,
        mut read: Option<&mut Seen<W>>,
    ) -> Option<(usize, u32, bool)> {
        let base = self.frames.len() as u32 - 1;
        self.push_tried(m, outcome, board);
        let mut found = None;
        let mut after = self.top().board;
        for a in candidates {
            let am = Move::Play(Point(a as u16));
            let answer = self.try_move(am, &mut after);
            let Outcome::Open {
                spent: None,
                repeats,
                ..
            } = answer
            else {
                continue;
            };
            if let Some(read) = read.as_deref_mut() {
                *read = read.meet(Seen::of(&after));
            }
            self.push_tried(am, answer, after);
            let lives = if self.target_alive() {
                Some((NO_DEP, false))
            } else {
                self.alive_in_answers(answers, read.as_deref_mut())
            };
            self.undo_move();
            if let Some((j, bound)) = lives {
                let j = if j > base { NO_DEP } else { j };
                found = Some((a, j, bound || repeats));
                break;
            }
        }
        self.undo_move();
        found
    }

    /// Whether some region of points without a defender stone, inside
    /// the problem's region, is enclosed: none of its points is next to
    /// a point outside that holds no defender stone. Every vital region
    /// is enclosed, and one defender stone makes an enclosed region only
    /// by cutting one off its opening, a case the gate gives up.
    fn may_enclose(&self, board: &Board<W>) -> bool {
        let own = board.stones(self.attacker.opp());
        let on = board.on_board();
        let inside = self.region & on & !own;
        let outside = on & !own & !self.region;
        let leaks = inside & outside.spread();
        !(inside & !Bits::flood(leaks, inside)).is_empty()
    }

    /// The targets left on `board` and two points around them: where the
    /// defender's answers are looked for.
    fn near_targets(&self, board: &Board<W>, captured: u8) -> Bits<W> {
        let mut blocks = Bits::EMPTY;
        for (i, t) in self.targets.iter().enumerate() {
            if captured >> i & 1 == 0 {
                blocks |= board.block(*t);
            }
        }
        blocks.spread().spread()
    }

    /// Whether a target left on `board` is unconditionally alive.
    fn lives_on(&self, board: &Board<W>, captured: u8) -> bool {
        let block = if self.targets.len() == 1 {
            board.block(self.targets[0])
        } else {
            Bits::EMPTY
        };
        self.lives_on_with(board, captured, block)
    }
}

/// The points an answer is looked for on: the `remembered` answers
/// first, then the rest of `fresh`.
fn answer_order<const W: usize>(
    remembered: &[Option<Point>],
    fresh: Bits<W>,
) -> impl Iterator<Item = usize> + '_ {
    let mut known = Bits::<W>::EMPTY;
    for p in remembered.iter().flatten() {
        known.set(p.index());
    }
    let tried = remembered.iter().flatten().map(|p| p.index());
    tried.chain((fresh & !known).iter())
}
