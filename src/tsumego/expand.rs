//! A position's children: the static tests that end the game here (no
//! room, life), then every legal move with its key, its initial numbers
//! and, where the path decides it, its result and the depth it depends on.

use super::numbers::Parent;
use super::{Frame, Made, Outcome, Seen, Tsumego, order, pos_key};
use crate::board::zobrist;
use crate::board::{Bits, Board, Color, Move, Point};
use crate::dfpn::{Child, Expansion, Footprint as _, Game as _, NO_DEP, PnDn};

impl<const W: usize> Tsumego<W> {
    /// Every legal move here as a child, with the search's initial
    /// numbers, even where one of them wins at once (for viewers).
    pub fn expand_all(&mut self, out: &mut Vec<Child<Move>>) -> Expansion {
        let e = self.expand_with(out, true, false, &mut |_| {});
        self.turn_out(out);
        e
    }

    /// The children here; `heuristics`: with df-pn+ initial numbers (a
    /// finished proof's walk needs none); `cut`: stop at a move that wins
    /// the game for the mover at once.
    pub(super) fn expand_with<F: FnMut(u64)>(
        &mut self,
        out: &mut Vec<Child<Move>>,
        heuristics: bool,
        cut: bool,
        early: &mut F,
    ) -> Expansion {
        out.clear();
        // Proof sharing needs footprints only when walking a proof.
        let here = if heuristics {
            Seen::default()
        } else {
            Seen::of(&self.top().board)
        };
        self.footprint = here;
        // Life is permanent and ends the game for the defender, who at
        // its own turn could pass into the position where it is found
        // (unless two passes or endless cycles count against it, or the
        // attacker just passed): the search tests it only with the
        // attacker to move, half the tests, at the cost of one pass more
        // at the rare living leaf. A proof's walk tests its winner's
        // rules (`walk_tests`).
        let (room, life) = if heuristics {
            (true, !(cut && self.search_skips_life()))
        } else {
            self.walk_tests()
        };
        if let Some(over) = self.decided(room, life) {
            return over;
        }
        // A proof's walk plays every move it makes here (`Made`); the
        // search plays few of those it makes, and noting them cost more
        // than it saved.
        let d = if heuristics {
            self.frames.len() - 1
        } else {
            self.start_made()
        };
        // A field, not `top()`: the moves made are noted in `self.made`.
        let f = &self.frames[d];
        let mover = f.to_move;
        let mut ban_dep = NO_DEP;
        let mut banned = false;
        let depth = self.depth();
        // Positions a move repeats are on the path: they count.
        let mut seen = here;
        let candidates = self.region & f.board.empty();
        let parent_target = f.target_block;
        debug_assert_eq!(parent_target, f.board.block(self.targets[0]));
        // What every child's initial numbers start from.
        let parent = if heuristics {
            Parent {
                target: parent_target,
                target_halo: parent_target.spread(),
                attacker_halo: f.board.stones(self.attacker).spread(),
            }
        } else {
            Parent::empty()
        };
        let mover_is_attacker = mover == self.attacker;
        // The defender's moves and pass that leave a lone target in atari
        // lose at once (below): the capture is legal (it captures) and
        // repeats nothing (every earlier position held the target's
        // marked stone). Deciding them here saves each such child's
        // expansion (gop/14140 with Black as ko master made 83,000 of
        // them in 1.95M expansions) and steers df-pn by the child's true
        // numbers (1.75M expansions in all now). A proof's walk makes the
        // child and finds the capture there.
        let atari_loses = cut && heuristics && !mover_is_attacker && self.targets.len() == 1;
        let mut board = f.board;
        let pass = self.try_move(Move::Pass, &mut board);
        if !heuristics && let Outcome::Open { .. } = pass {
            self.made[d].moves.push((Move::Pass, board, pass));
        }
        // Made once: its bucket is fetched early (below) and it ends the list.
        let open_pass = Self::open_pass(pass, &board);
        // A move that ends the game in the mover's favour decides the
        // position: the other moves need not be made. Passing back after
        // a pass is the common case, so it is looked at first.
        if cut
            && f.passed
            && let Outcome::Terminal { attacker_wins, dep } = pass
            && attacker_wins == mover_is_attacker
        {
            return self.immediate_win(out, here, Move::Pass, attacker_wins, dep, heuristics);
        }
        let target = if self.targets.len() == 1 {
            parent_target
        } else {
            let defender = self.attacker.opp();
            self.targets
                .iter()
                .filter(|&&t| f.board.color_at(t) == Some(defender))
                .fold(Bits::EMPTY, |acc, &t| acc | f.board.block(t))
        };
        // In the defender's own proofs his moves next to attacker stones
        // come first within each rank: his first number counts only eye
        // spaces, so most of his moves tie, and a move that pushes at the
        // wall makes life more often than one inside his own eye space
        // (all 208 suite files: positions −1.7% by the geometric mean,
        // benches/README, session 59; the same order where the attacker
        // proves, or for both sides, gained no time).
        let front = if mover_is_attacker || self.prover == self.attacker {
            candidates
        } else if heuristics {
            parent.attacker_halo
        } else {
            f.board.stones(self.attacker).spread()
        };
        let candidates = if self.skip_eye_fills
            && heuristics
            && !mover_is_attacker
            && (self.full_at.is_empty() || !self.full_at.contains(&self.key()))
        {
            candidates & !own_eye_fills(&f.board, candidates, self.attacker)
        } else {
            candidates
        };
        let ranks = order::ranked(candidates, target, front);
        // Every move's bucket is fetched before any move is played, under
        // the key the move gets when it captures nothing and spends no
        // threat (most moves): each fetch then has the whole expansion to
        // arrive in, not only what follows its own move. A child whose key
        // turns out otherwise is fetched as it is made. On hard sides, whose
        // 256 MB tables miss the caches (a quarter of the time waited on
        // them), 8-11% less time; the graded files, whose tables fit in
        // the caches, the same (benches/README, session 53).
        let guess = heuristics.then(|| {
            let key = pos_key(&f.board, mover.opp(), f.threats);
            let key = Self::tt_key(key, false, false, f.captured, None);
            (key, Self::free_key_of(key, f.threats, false))
        });
        let stones = &zobrist::STONE[mover.index()];
        if let Some((key, free_key)) = guess {
            for i in candidates.iter() {
                early(key ^ stones[i]);
                if free_key != key {
                    early(free_key ^ stones[i]);
                }
            }
            if let Some(child) = open_pass {
                child.hint(early);
            }
        }
        for i in ranks.iter().flat_map(|r| r.iter()) {
            let m = Move::Play(Point(i as u16));
            let outcome = self.try_move(m, &mut board);
            if !heuristics && let Outcome::Open { .. } = outcome {
                self.made[d].moves.push((m, board, outcome));
            }
            let child = match outcome {
                Outcome::Illegal => continue,
                Outcome::Banned(j) => {
                    banned = true;
                    // Retaking a simple ko at once repeats the parent on
                    // every path: the key holds the ko point, so the ban
                    // depends on nothing above.
                    if j + 1 != depth || f.board.ko() != Some(Point(i as u16)) {
                        ban_dep = ban_dep.min(j);
                    }
                    seen = self.seen_through(seen, j, heuristics);
                    continue;
                }
                Outcome::Terminal { attacker_wins, dep } => {
                    if cut && attacker_wins == mover_is_attacker {
                        return self.immediate_win(out, here, m, attacker_wins, dep, heuristics);
                    }
                    seen = self.seen_through(seen, dep, heuristics);
                    self.terminal_child(m, attacker_wins, dep)
                }
                Outcome::Open {
                    capture,
                    captured,
                    key,
                    threats,
                    spent,
                    repeats,
                } => {
                    if !heuristics {
                        seen = seen.meet(Seen::of(&board));
                    }
                    let (pn, dn) = if heuristics {
                        let libs = self.target_liberties(&board, captured, &parent, i, mover);
                        if atari_loses
                            && libs == 1
                            && self.last_liberty_playable(&board, &parent, i)
                        {
                            out.push(self.terminal_child(m, true, NO_DEP));
                            continue;
                        }
                        self.initial_numbers(&board, libs, &parent, i, mover, capture)
                    } else {
                        (1, 1)
                    };
                    if let Some(j) = spent {
                        // Whether the move costs a threat depends on the path.
                        ban_dep = ban_dep.min(j);
                    }
                    Self::open_child(
                        m,
                        &board,
                        key,
                        captured,
                        threats,
                        spent.is_some(),
                        repeats,
                        (pn, dn),
                    )
                }
            };
            if guess.is_none_or(|(key, _)| child.key != key ^ stones[i]) {
                child.hint(early);
            }
            out.push(child);
        }
        if out.iter().any(|c| c.terminal == Some(true)) {
            order::wins_first(out);
        }
        let pass = match pass {
            Outcome::Terminal { attacker_wins, dep } => {
                // A pass that closes a cycle compared with the path.
                seen = self.seen_through(seen, dep, heuristics);
                self.terminal_child(Move::Pass, attacker_wins, dep)
            }
            Outcome::Open { .. }
                if atari_loses && {
                    let libs = parent.target_halo & f.board.empty();
                    libs.count() == 1 && !(libs & self.region).is_empty()
                } =>
            {
                self.terminal_child(Move::Pass, true, NO_DEP)
            }
            _ => open_pass.expect("a pass is always legal"),
        };
        if guess.is_none() {
            pass.hint(early);
        }
        out.push(pass);
        self.footprint = seen;
        Expansion::Moves { ban_dep, banned }
    }

    /// Whether the search leaves out the life test here (`expand_with`).
    fn search_skips_life(&self) -> bool {
        !self.unconditional_only && self.top().to_move != self.attacker && !self.top().passed
    }

    /// Which static rules (no room, life) a proof's walk tests: only the
    /// winner's. The search tests no room everywhere, so no position the
    /// table counts as the defender's has it; and life wherever the
    /// attacker is to move, so none it counts as the attacker's has it
    /// (at the defender's turn, his pass would lead to one).
    fn walk_tests(&self) -> (bool, bool) {
        match self.walk_winner {
            Some(c) => (c == self.attacker, c != self.attacker),
            None => (true, true),
        }
    }

    /// The game's end at the current position, if it is over: by the
    /// path (two passes, a cycle), or by the static rules asked for: the
    /// target with no room to live (`test_room`) or unconditionally alive
    /// (`test_life`).
    #[inline]
    fn decided(&mut self, test_room: bool, test_life: bool) -> Option<Expansion> {
        if let Some((attacker_wins, dep)) = self.top().over {
            return Some(Expansion::Terminal {
                prover_wins: attacker_wins == (self.prover == self.attacker),
                dep,
                bound: false,
            });
        }
        if test_room && self.no_room_rule && self.no_room() {
            return Some(Expansion::Terminal {
                prover_wins: self.prover == self.attacker,
                dep: NO_DEP,
                bound: false,
            });
        }
        if !test_life {
            return None;
        }
        if self.target_alive() {
            return Some(Expansion::Terminal {
                prover_wins: self.prover != self.attacker,
                dep: NO_DEP,
                bound: false,
            });
        }
        // A proof's walk notes the positions the rule read, so that a
        // solution ending here is shared only where none can repeat.
        let walking = self.walk_winner.is_some();
        let mut read = self.footprint;
        let (dep, bound) = self.alive_in_answers(self.answers, walking.then_some(&mut read))?;
        self.footprint = if walking { read } else { Seen::default() };
        Some(Expansion::Terminal {
            prover_wins: self.prover != self.attacker,
            dep,
            bound,
        })
    }

    /// `expand_with` for walking a proof, with only the child of `m`:
    /// the rules the other moves looked at do not matter to a solution
    /// that plays `m`, so its footprint leaves them out. Without `tests`,
    /// the static rules are left out (`Game::expand_won_move`).
    pub(super) fn expand_one(
        &mut self,
        m: Move,
        out: &mut Vec<Child<Move>>,
        tests: bool,
    ) -> Expansion {
        out.clear();
        let here = Seen::of(&self.top().board);
        self.footprint = here;
        let (room, life) = if tests {
            self.walk_tests()
        } else {
            // The search tested no room here, and life unless it skipped
            // it (`expand_with`): a life found now ends the solution a
            // pass earlier.
            (false, self.walk_tests().1 && self.search_skips_life())
        };
        if let Some(over) = self.decided(room, life) {
            return over;
        }
        let moves = Expansion::Moves {
            ban_dep: NO_DEP,
            banned: false,
        };
        let d = self.start_made();
        let mut board = self.top().board;
        let outcome = self.try_move(m, &mut board);
        if let Outcome::Open { .. } = outcome {
            self.made[d].moves.push((m, board, outcome));
        }
        let child = match outcome {
            Outcome::Illegal | Outcome::Banned(_) => return moves,
            Outcome::Terminal { attacker_wins, dep } => {
                self.footprint = self.seen_through(here, dep, false);
                self.terminal_child(m, attacker_wins, dep)
            }
            Outcome::Open {
                captured,
                key,
                threats,
                spent,
                repeats,
                ..
            } => {
                self.footprint = here.meet(Seen::of(&board));
                Self::open_child(
                    m,
                    &board,
                    key,
                    captured,
                    threats,
                    spent.is_some(),
                    repeats,
                    (1, 1),
                )
            }
        };
        out.push(child);
        moves
    }

    /// The expansion of a position the mover wins at once by `m`: that
    /// move alone (a proof needs no other at the winner's turn).
    fn immediate_win(
        &mut self,
        out: &mut Vec<Child<Move>>,
        here: Seen<W>,
        m: Move,
        attacker_wins: bool,
        dep: u32,
        heuristics: bool,
    ) -> Expansion {
        out.clear();
        out.push(self.terminal_child(m, attacker_wins, dep));
        self.footprint = self.seen_through(here, dep, heuristics);
        Expansion::Moves {
            ban_dep: NO_DEP,
            banned: false,
        }
    }

    /// The child of a move that leaves the game open, `board` the
    /// position after it. A pass spends no threat, leaves no ko point and
    /// binds to no rule.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn open_child(
        m: Move,
        board: &Board<W>,
        key: u64,
        captured: u8,
        threats: [u8; 2],
        spent: bool,
        repeats: bool,
        (pn, dn): (PnDn, PnDn),
    ) -> Child<Move> {
        let pass = m == Move::Pass;
        let after_threat = spent && !pass;
        let ko = if pass { None } else { board.ko() };
        let tt_key = Self::tt_key(key, pass, after_threat, captured, ko);
        Child {
            mv: m,
            key: tt_key,
            free_key: Self::free_key_of(tt_key, threats, after_threat),
            terminal: None,
            dep: NO_DEP,
            pn,
            dn,
            bound: repeats && !pass,
        }
    }

    /// The child of a pass whose outcome is `pass`, when it leaves the
    /// game open (`board`: the position after it).
    #[inline]
    fn open_pass(pass: Outcome, board: &Board<W>) -> Option<Child<Move>> {
        let Outcome::Open {
            key,
            captured,
            threats,
            ..
        } = pass
        else {
            return None;
        };
        Some(Self::open_child(
            Move::Pass,
            board,
            key,
            captured,
            threats,
            false,
            false,
            (1, 1),
        ))
    }

    /// A move that ends the game.
    fn terminal_child(&self, m: Move, attacker_wins: bool, dep: u32) -> Child<Move> {
        Child {
            mv: m,
            key: 0,
            free_key: 0,
            terminal: Some(attacker_wins == (self.prover == self.attacker)),
            dep,
            pn: 1,
            dn: 1,
            bound: false,
        }
    }

    /// `seen` with the position at depth `dep` of the path that a move's
    /// outcome depended on (footprints matter only when walking a proof).
    #[inline]
    fn seen_through(&self, seen: Seen<W>, dep: u32, heuristics: bool) -> Seen<W> {
        if heuristics || dep == NO_DEP {
            seen
        } else {
            seen.meet(self.seen_at(dep))
        }
    }

    /// Starts noting the moves the top frame makes (`Made`); its depth.
    fn start_made(&mut self) -> usize {
        let d = self.frames.len() - 1;
        if self.made.len() <= d {
            self.made.resize_with(d + 1, Made::default);
        }
        let made = &mut self.made[d];
        made.serial = self.frames[d].serial;
        made.moves.clear();
        d
    }

    fn seen_at(&self, depth: u32) -> Seen<W> {
        Seen::of(&self.frames[depth as usize].board)
    }

    pub(super) fn play_move(&mut self, m: Move) {
        let f = self.top();
        let depth = self.frames.len();
        let made = (self.made.get(depth - 1))
            .filter(|made| self.walk_winner.is_some() && made.serial == f.serial)
            .and_then(|made| made.moves.iter().find(|(n, _, _)| *n == m));
        let (outcome, board) = match made {
            Some(&(_, after, outcome)) => (outcome, after),
            None => {
                let mut board = f.board;
                (self.try_move(m, &mut board), board)
            }
        };
        self.push_tried(m, outcome, board);
    }

    /// Pushes the frame of `m`, whose `try_move` gave `outcome` and, for
    /// an open move, `board` (the position after it).
    pub(super) fn push_tried(&mut self, m: Move, outcome: Outcome, mut board: Board<W>) {
        self.serials += 1;
        let serial = self.serials;
        let f = self.top();
        let depth = self.frames.len() as u32;
        let mut over = None;
        let mut threats = f.threats;
        let mut spent = false;
        let passed = m == Move::Pass;
        let mut target_block = f.target_block;
        let (captured, any_capture) = match outcome {
            Outcome::Open {
                capture,
                captured,
                threats: t,
                spent: s,
                ..
            } => {
                threats = t;
                spent = s.is_some();
                // Blocks lose stones only all at once, and grow only by a
                // stone of their colour played on or next to them.
                let t0 = self.targets[0];
                if let Move::Play(p) = m {
                    match board.color_at(t0) {
                        None => target_block = Bits::EMPTY,
                        Some(c) if c == f.to_move => {
                            if p == t0 || Bits::around(p.index()).intersects(f.target_block) {
                                target_block =
                                    Bits::flood(f.target_block | p.bit(), board.stones(f.to_move));
                            }
                        }
                        Some(_) => {}
                    }
                }
                (captured, f.any_capture || capture)
            }
            // Terminal moves are played only by viewers and first-move
            // searches; keep the stones right and remember the result.
            outcome => {
                if let Outcome::Terminal { attacker_wins, dep } = outcome {
                    over = Some((attacker_wins, dep));
                }
                board = f.board;
                let mut captured = f.captured;
                if let Move::Play(p) = m
                    && let Ok(played) = board.play_ignoring_ko(f.to_move, p)
                {
                    for (i, t) in self.targets.iter().enumerate() {
                        if played.captured.get(t.index()) {
                            captured |= 1 << i;
                        }
                    }
                }
                // A stone was played but the count did not grow: something
                // was captured.
                let grew = board.stone_count() > f.board.stone_count();
                target_block = board.block(self.targets[0]);
                (captured, f.any_capture || (!passed && !grew))
            }
        };
        let frame = Frame {
            board,
            to_move: f.to_move.opp(),
            pos_key: pos_key(&board, f.to_move.opp(), threats),
            threats,
            alt_key: if spent {
                pos_key(&f.board, f.to_move, threats)
            } else {
                0
            },
            passed,
            seg_start: if passed {
                depth
            } else if spent {
                depth - 1
            } else {
                f.seg_start
            },
            captured,
            last: Some(m),
            any_capture,
            over,
            target_block,
            serial,
        };
        self.path_keys.add(&frame);
        self.frames.push(frame);
    }
}

/// The points of `among` where the defender (the attacker's opponent)
/// would only fill an eye of his own: no attacker stone next to them, at
/// most one empty neighbour (a one-point eye, or a point of a two-point
/// one), and every stone next to them in one and the same block of his.
fn own_eye_fills<const W: usize>(board: &Board<W>, among: Bits<W>, attacker: Color) -> Bits<W> {
    let away = among & !board.stones(attacker).spread();
    let (mut fills, mut block) = (Bits::EMPTY, Bits::EMPTY);
    for i in away.iter() {
        let around = Bits::around(i) & board.on_board();
        let empty = around & board.empty();
        if empty.count() > 1 {
            continue;
        }
        let stones = around & !empty;
        let Some(first) = stones.first() else {
            continue;
        };
        // The eyes of one group mostly share its blocks: flood anew only
        // for a stone outside the last one.
        if !(stones & !block).is_empty() {
            block = board.block(Point(first as u16));
        }
        if (stones & !block).is_empty() {
            fills |= Bits::single(i);
        }
    }
    fills
}

#[cfg(test)]
mod tests {
    use super::super::{Frame, Tsumego};
    use crate::board::Color;
    use crate::dfpn::{Child, Expansion, Game};
    use crate::problem::{Ko, load_paths};

    /// The relaxed game leaves out the defender's fills of his own one-
    /// or two-point eyes, where the attacker proves and only in the
    /// search: a proof's walk makes them, the defender's own proofs make
    /// them, and a point between two of his blocks (a connection) is made.
    #[test]
    fn the_relaxed_game_leaves_out_own_eye_fills_in_the_search_only() {
        use crate::board::{Move, Point};
        // White's block ab-ba-bb-cb has the eye aa; ca touches it and da.
        let text = "(;FF[4]SZ[9]AW[ab][ba][bb][cb][da][ea][eb]\
                    AB[ac][bc][cc][dc][ec][fc][fb][fa]MA[bb])";
        let p = crate::problem::sgf::load_str("eyes.sgf", text)
            .pop()
            .expect("a problem")
            .expect("it loads");
        let at = |s: &str| Move::Play(Point::from_sgf(s).expect("a point"));
        let moves = |g: &mut Tsumego, walk: bool| {
            let mut out: Vec<Child<Move>> = Vec::new();
            if walk {
                g.expand_plain(&mut out);
            } else {
                g.expand(&mut out);
            }
            out.iter().map(|c| c.mv).collect::<Vec<_>>()
        };
        let (w, b) = (Color::White, Color::Black);
        let mut attacker_proves: Tsumego = Tsumego::new(&p, w, b, Ko::from(None));
        assert!(attacker_proves.relax(true));
        let searched = moves(&mut attacker_proves, false);
        assert!(!searched.contains(&at("aa")), "{searched:?}");
        assert!(searched.contains(&at("ca")) && searched.contains(&at("db")));
        assert!(searched.contains(&Move::Pass));
        assert!(moves(&mut attacker_proves, true).contains(&at("aa")));
        assert!(!attacker_proves.relax(false));
        assert!(moves(&mut attacker_proves, false).contains(&at("aa")));
        let mut defender_proves: Tsumego = Tsumego::new(&p, w, w, Ko::from(None));
        assert!(!defender_proves.relax(true));
        assert!(moves(&mut defender_proves, false).contains(&at("aa")));
        // A two-point eye aa-ba in White's block ab-bb-cb-ca-db: both
        // points; ea and eb touch Black's wall.
        let text = "(;FF[4]SZ[9]AW[ab][bb][cb][ca][db]\
                    AB[ac][bc][cc][dc][ec][fc][fb][fa]MA[bb])";
        let p = crate::problem::sgf::load_str("two.sgf", text)
            .pop()
            .expect("a problem")
            .expect("it loads");
        let mut g: Tsumego = Tsumego::new(&p, w, b, Ko::from(None));
        assert!(g.relax(true));
        let searched = moves(&mut g, false);
        assert!(!searched.contains(&at("aa")) && !searched.contains(&at("ba")));
        assert!(searched.contains(&at("ea")) && searched.contains(&at("eb")));
        let walked = moves(&mut g, true);
        assert!(walked.contains(&at("aa")) && walked.contains(&at("ba")));
    }

    /// What a frame holds, to compare two made the two ways.
    fn view<const W: usize>(f: &Frame<W>) -> impl PartialEq + std::fmt::Debug + use<W> {
        (
            (
                f.board, f.to_move, f.pos_key, f.threats, f.alt_key, f.passed,
            ),
            (f.seg_start, f.captured, f.last, f.any_capture, f.over),
            f.target_block,
        )
    }

    /// Along random lines of a walk, every child played from the moves
    /// the walk's expansion kept (`Made`) is the frame a game that kept
    /// none makes for the same move: the same stones, keys, threats,
    /// history segment and captures, ko retakes and spent threats
    /// included; and a sibling of the child the walk expanded at some
    /// depth takes none of the moves kept for that child.
    #[test]
    fn a_walk_plays_the_moves_it_made_as_if_it_made_them_again() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ko");
        let problems: Vec<_> = load_paths(&[dir]).into_iter().flatten().collect();
        assert!(problems.len() >= 10, "the bundled ko problems load");
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut compared, mut repeats) = (0, 0);
        for p in &problems {
            let side = p.to_move.unwrap_or(Color::Black);
            let settings = [
                Ko::from(Some(side.opp())),
                Ko::from(Some(side)),
                Ko::threats(1, 1),
            ];
            for ko in settings {
                for line in 0..6 {
                    let mut g: Tsumego = Tsumego::new(p, side, side, ko);
                    g.walk_for(Some(line % 2 == 0));
                    let mut out: Vec<Child<_>> = Vec::new();
                    for _ in 0..40 {
                        if let Expansion::Terminal { .. } = g.expand_plain(&mut out) {
                            break;
                        }
                        let open: Vec<_> = out
                            .iter()
                            .filter(|c| c.terminal.is_none())
                            .cloned()
                            .collect();
                        if open.is_empty() {
                            break;
                        }
                        let d = g.frames.len() - 1;
                        for c in &open {
                            let m = g.inward(c.mv);
                            assert!(
                                g.made[d].moves.iter().any(|(n, _, _)| *n == m),
                                "the walk kept {m:?}"
                            );
                            let mut fresh = g.clone();
                            fresh.made.clear();
                            fresh.play(c.mv);
                            let mut kept = g.clone();
                            kept.play(c.mv);
                            assert_eq!(view(kept.top()), view(fresh.top()), "{:?}", c.mv);
                            assert_eq!(kept.key(), fresh.key());
                            compared += 1;
                            repeats += usize::from(c.bound);
                        }
                        let pick = open[(next() % open.len() as u64) as usize].mv;
                        // A sibling's moves, played where the walk kept
                        // those of the child it expanded before at the
                        // same depth: none of them may be taken.
                        if let Some(other) = open.iter().find(|c| c.mv != pick) {
                            g.play(pick);
                            g.expand_plain(&mut out);
                            g.undo();
                            g.play(other.mv);
                            for m in g.legal_moves() {
                                let mut fresh = g.clone();
                                fresh.made.clear();
                                fresh.play(m);
                                let mut stale = g.clone();
                                stale.play(m);
                                assert_eq!(view(stale.top()), view(fresh.top()), "{m:?}");
                                compared += 1;
                            }
                            g.undo();
                        }
                        g.play(pick);
                    }
                }
            }
        }
        assert!(compared > 1_000, "{compared} moves compared");
        assert!(repeats > 0, "some lines repeat positions (ko retakes)");
    }
}
