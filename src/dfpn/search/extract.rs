//! The solution read out of the table once the root is decided: one
//! move at the winner's turn, every move at the loser's, transposed
//! subtrees shared, and whatever the table lost searched again.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use super::{Limits, REPAIR_ROUNDS, Searcher, Unobserved, ZONE_COVERS};
use crate::dfpn::tt::{Entry, Words};
use crate::dfpn::{Child, Expansion, Footprint, Game, INF, NodeKind, extend_path};

/// A node of an extracted solution: the move that led here, and the
/// replies (all of them at the opponent's turn, one at the prover's).
/// Transposed subtrees are shared, so a solution is a DAG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofNode<M> {
    pub mv: M,
    pub replies: Arc<[ProofNode<M>]>,
}

impl<M> ProofNode<M> {
    /// A move with its replies.
    pub fn new(mv: M, replies: Vec<ProofNode<M>>) -> ProofNode<M> {
        ProofNode {
            mv,
            replies: Arc::from(replies),
        }
    }

    /// A move that ends the game.
    pub fn leaf(mv: M) -> ProofNode<M> {
        ProofNode::new(mv, Vec::new())
    }

    /// Identifies a shared list of replies (for memos over the DAG).
    pub fn id(replies: &Arc<[ProofNode<M>]>) -> usize {
        Arc::as_ptr(replies) as *const ProofNode<M> as usize
    }
}

/// The covers a proof's walk found at one loser's node: children whose
/// solutions, replayed, answer others (`Game::zone_covers`).
struct Covers {
    /// A child and, for each child, whether its zone covers it.
    found: Vec<(usize, Vec<bool>)>,
    /// Children already asked.
    tried: Vec<bool>,
}

impl Covers {
    /// A child written out (in `subs`) whose zone covers child `i`: one
    /// found already, or the next asked (the pass first), up to
    /// `ZONE_COVERS` of them.
    fn of<G: Game>(
        &mut self,
        game: &mut G,
        i: usize,
        children: &[Child<G::Move>],
        subs: &[Option<Replies<G::Move>>],
        proof: bool,
    ) -> Option<usize> {
        loop {
            if let Some(&(ci, _)) = self.found.iter().find(|(_, covered)| covered[i]) {
                return Some(ci);
            }
            if self.found.len() >= ZONE_COVERS {
                return None;
            }
            let j = (0..children.len())
                .filter(|&j| !self.tried[j] && children[j].terminal.is_none())
                .filter(|&j| subs[j].is_some())
                .min_by_key(|&j| !game.is_pass(children[j].mv))?;
            self.tried[j] = true;
            let mut covered = Vec::new();
            let solution = subs[j].as_deref()?;
            if game.zone_covers(children[j].mv, solution, proof, children, &mut covered) {
                self.found.push((j, covered));
            }
        }
    }
}

/// The replies below a node: its solution.
type Replies<M> = Arc<[ProofNode<M>]>;

/// A solution below a node (its replies) and its footprint.
type Solved<M, F> = (Replies<M>, F);

/// The state of one extraction.
pub(super) struct Extraction<M, F> {
    proof: bool,
    /// Results missing from the table are searched again (else the
    /// extraction fails).
    repair: bool,
    /// Most distinct nodes.
    limit: usize,
    /// Solutions replayed from another (`simulate`), by the template's
    /// identity and the position's key.
    replayed: HashMap<(usize, u64), Solved<M, F>>,
    /// Distinct nodes built so far.
    nodes: usize,
    /// Solutions by position key, with their footprints.
    /// (An index into `solved`: a map of small entries rehashes cheaply
    /// as it grows, where one holding the solutions spent a fifth of an
    /// extraction copying and faulting in their memory.)
    shared: HashMap<u64, u32>,
    solved: Vec<Solved<M, F>>,
    /// Children lists to reuse, one per node being walked.
    pool: Vec<Vec<Child<M>>>,
    /// The empty list every leaf shares.
    leaf: Arc<[ProofNode<M>]>,
    /// (path key, position key, free key) of the nodes from the root to here.
    trail: Vec<(u64, u64, u64)>,
    /// The trail where the table's results first proved wrong.
    misled: Option<Vec<(u64, u64, u64)>>,
}

impl<M, F> Extraction<M, F> {
    pub(super) fn new(proof: bool, repair: bool, limit: usize) -> Extraction<M, F> {
        Extraction {
            proof,
            repair,
            limit,
            replayed: HashMap::default(),
            nodes: 0,
            shared: HashMap::default(),
            solved: Vec::new(),
            pool: Vec::new(),
            leaf: Arc::from(Vec::new()),
            trail: Vec::new(),
            misled: None,
        }
    }

    /// The table's results do not hold on the current trail.
    fn misled(&mut self) {
        if self.misled.is_none() {
            self.misled = Some(self.trail.clone());
        }
    }
}

impl<M: Copy + Eq + std::fmt::Debug, S: Words> Searcher<M, S> {
    /// Extracts the winner's solution at the decided root: one move at
    /// the winner's turn, every move at the loser's. `proof` asks for the
    /// prover's tree (the root was proven), else the opponent's (it was
    /// disproven). Results missing from the table are searched again. A
    /// transposed subtree whose rules looked at nothing above it (see
    /// `Game::history_reaches`) is extracted once and shared. `None` when
    /// the table's results do not hold together on this path (the caller
    /// then searches strictly).
    pub fn extract<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        proof: bool,
    ) -> Option<Vec<ProofNode<M>>> {
        self.proof_too_large = false;
        self.recent.clear();
        let root_path = extend_path(0, game.key());
        let (saved, clock) = (self.limits, self.clock);
        // A proof found in time is written out past the clock, but only
        // for half the search's time again: a walk that keeps failing and
        // repairing is given up as its search would have been (gop/14352
        // W's grade search, proven with 4 s left, walked 8.9 s past its
        // clock and found no proof).
        self.limits = Limits {
            positions: None,
            time: saved.time.map(|t| t / 2),
        };
        self.clock = super::Stopwatch::start::<M, _>(&Unobserved);
        let out_of_time = |s: &Self| s.stopped.is_some() || s.time_is_up(&Unobserved);
        game.walk_for(Some(proof));
        self.stopped = None;
        let mut result = None;
        // Repairs may cost up to what the searches since the table was
        // cleared did (the last one alone may have been answered by the
        // others' results), a table carried from another side's searches
        // included; a strict search would cost more. (gop/12403 B's
        // grade: a 10,000-position search of a table 13.8M positions had
        // filled, whose walk needed 12,588 to repair; gop/14352 W at
        // 60 s: a 221,508-position proof on the table Black's side had
        // filled with 203M, whose walk needed more than the 318,000
        // positions of White's own searches, and whose strict search did
        // not end.)
        let filled = self.carried + self.positions;
        let (start, budget) = (self.positions, filled.max(10_000));
        // Solutions already extracted hold whatever the repairs change:
        // they are kept from one round to the next.
        let mut x = Extraction::new(proof, true, self.proof_limit);
        for _ in 0..REPAIR_ROUNDS {
            x.misled = None;
            // What the limit bounds is the solution kept: the positions
            // solved in earlier rounds, not every visit of their walks.
            x.nodes = x.solved.len();
            if let Some((lines, _)) = self.extract_node(game, root_path, &mut x) {
                result = Some(lines.to_vec());
                break;
            }
            // A result the table holds for a position reached on another
            // path can be wrong on this one (a pass or a retake that
            // repeats only here). Forget what it said along the path that
            // failed and search again: the positions are then valued on
            // this path, with their dependence on it.
            let Some(misled) = x.misled.take().filter(|_| {
                !self.proof_too_large && self.positions - start < budget && !out_of_time(self)
            }) else {
                break;
            };
            if let Some(&(_, key, _)) = misled.last() {
                self.path_only.insert(key);
            }
            for (path, key, free_key) in misled {
                self.forget(path, key, free_key);
            }
            let r = self.mid(game, INF, INF, root_path, &mut Unobserved);
            if (if proof { r.pn } else { r.dn }) != 0 {
                break;
            }
        }
        (self.limits, self.clock) = (saved, clock);
        game.walk_for(None);
        result
    }

    /// Whether the table says the winner we want has won at this child.
    fn won(&mut self, path: u64, c: &Child<M>, proof: bool) -> Option<u32> {
        self.probe_child(path, c)
            .filter(|(e, _)| if proof { e.pn == 0 } else { e.dn == 0 })
            .map(|(e, _)| e.work)
    }

    /// Searches the current node to the end; whether the wanted side won.
    fn settle<G: Game<Move = M>>(&mut self, game: &mut G, path: u64, proof: bool) -> bool {
        let mut none = super::Unobserved;
        let r = self.mid(game, INF, INF, path, &mut none);
        if proof { r.pn == 0 } else { r.dn == 0 }
    }

    /// The solution below the current node and its footprint (what its
    /// rules looked at).
    pub(super) fn extract_node<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        x: &mut Extraction<M, G::Footprint>,
    ) -> Option<Solved<M, G::Footprint>> {
        let key = game.key();
        x.trail.push((path, key, game.free_key(key)));
        let r = self.extract_here(game, path, x);
        x.trail.pop();
        r
    }

    fn extract_here<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        x: &mut Extraction<M, G::Footprint>,
    ) -> Option<Solved<M, G::Footprint>> {
        let key = game.key();
        if let Some(&i) = x.shared.get(&key) {
            let (lines, footprint) = &x.solved[i as usize];
            if !game.history_reaches(footprint) {
                return Some((lines.clone(), *footprint));
            }
        }
        x.nodes += 1;
        if x.nodes > x.limit {
            self.proof_too_large = true;
            return None;
        }
        let mut children = x.pool.pop().unwrap_or_default();
        // At the winner's turn the table usually knows the winning move:
        // the other moves need not be made (three quarters of a proof's
        // positions are the winner's).
        if (game.kind() == NodeKind::Or) == x.proof
            && let Some(m) = self.best_move(game, path, key, x.proof)
        {
            let expansion = game.expand_won_move(m, &mut children);
            let usable = match expansion {
                Expansion::Terminal { .. } => true,
                Expansion::Moves { .. } => children.first().is_some_and(|c| {
                    c.terminal == Some(x.proof)
                        || (c.terminal.is_none() && self.won(path, c, x.proof).is_some())
                }),
            };
            if usable {
                let r = self.extract_expanded(game, path, key, x, &children, expansion);
                // A game over here is over whatever the move; else, when
                // the hinted move fails, the other winning moves are tried.
                if r.is_some() || matches!(expansion, Expansion::Terminal { .. }) {
                    x.pool.push(children);
                    return r;
                }
            }
        }
        let expansion = game.expand_plain(&mut children);
        let r = self.extract_expanded(game, path, key, x, &children, expansion);
        x.pool.push(children);
        r
    }

    /// The winning move the table keeps for the current position, if any.
    fn best_move<G: Game<Move = M>>(
        &mut self,
        game: &G,
        path: u64,
        key: u64,
        proof: bool,
    ) -> Option<M> {
        let won = |e: &Entry| if proof { e.pn == 0 } else { e.dn == 0 };
        if self.strict {
            let entry = self.tt.get(path).filter(won)?;
            return game.code_move(entry.best);
        }
        let entry = self
            .tt
            .get(key)
            .filter(won)
            .or_else(|| self.tt.get_near(key, path).filter(won))
            .or_else(|| self.tt.get(game.free_key(key)).filter(won))?;
        game.code_move(entry.best)
    }

    /// `extract_here` once the node is expanded.
    fn extract_expanded<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        key: u64,
        x: &mut Extraction<M, G::Footprint>,
        children: &[Child<M>],
        expansion: Expansion,
    ) -> Option<Solved<M, G::Footprint>> {
        let proof = x.proof;
        let mut footprint = game.expansion_footprint();
        if let Expansion::Terminal { prover_wins, .. } = expansion {
            if prover_wins != proof {
                x.misled();
                return None;
            }
            return Some((x.leaf.clone(), footprint));
        }
        let winner_to_move = (game.kind() == NodeKind::Or) == proof;
        let lines: Arc<[ProofNode<M>]> = if winner_to_move {
            self.extract_choice(game, path, children, x, &mut footprint)?
        } else {
            // Every child is looked up below: overlap their cache misses.
            for c in children.iter().filter(|c| c.terminal.is_none()) {
                self.tt.prefetch(c.key);
            }
            if self.zones && !self.strict {
                self.extract_loser_zoned(game, path, x, children, &mut footprint)?
            } else {
                self.extract_loser(game, path, x, children, &mut footprint)?
            }
        };
        if !game.history_reaches(&footprint) {
            x.shared.insert(key, x.solved.len() as u32);
            x.solved.push((lines.clone(), footprint));
        }
        Some((lines, footprint))
    }

    /// `extract_expanded` at the loser's turn: every child as the table
    /// has it.
    fn extract_loser<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        x: &mut Extraction<M, G::Footprint>,
        children: &[Child<M>],
        footprint: &mut G::Footprint,
    ) -> Option<Arc<[ProofNode<M>]>> {
        let proof = x.proof;
        let mut out = Vec::with_capacity(children.len());
        for c in children.iter() {
            match c.terminal {
                Some(w) if w == proof => out.push(ProofNode {
                    mv: c.mv,
                    replies: x.leaf.clone(),
                }),
                Some(_) => {
                    x.misled();
                    return None;
                }
                None => {
                    let (sub, f) = self.extract_reply(game, path, c, x)?;
                    *footprint = footprint.meet(f);
                    out.push(ProofNode {
                        mv: c.mv,
                        replies: sub,
                    });
                }
            }
        }
        Some(Arc::from(out))
    }

    /// `extract_expanded` at the loser's turn, with zones: the children
    /// whose wins the table keeps first, then each other child by
    /// replaying the solution of a sibling whose zone covers it (the pass
    /// first), checked move by move, or else as the table has it.
    fn extract_loser_zoned<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        x: &mut Extraction<M, G::Footprint>,
        children: &[Child<M>],
        footprint: &mut G::Footprint,
    ) -> Option<Arc<[ProofNode<M>]>> {
        let proof = x.proof;
        let mut subs: Vec<Option<Replies<M>>> = vec![None; children.len()];
        let mut deferred = Vec::new();
        for (i, c) in children.iter().enumerate() {
            match c.terminal {
                Some(w) if w == proof => subs[i] = Some(x.leaf.clone()),
                Some(_) => {
                    x.misled();
                    return None;
                }
                None if game.is_pass(c.mv) || self.kept_win(path, c, proof) => {
                    let (sub, f) = self.extract_reply(game, path, c, x)?;
                    *footprint = footprint.meet(f);
                    subs[i] = Some(sub);
                }
                None => deferred.push(i),
            }
        }
        let mut covers = Covers {
            found: Vec::new(),
            tried: vec![false; children.len()],
        };
        for &i in &deferred {
            let c = children[i];
            if let Some(ci) = covers.of(game, i, children, &subs, proof) {
                let template = subs[ci].clone()?;
                let cover = children[ci].mv;
                let swap = (!game.is_pass(cover)).then_some((cover, c.mv));
                game.play(c.mv);
                let replayed = self.simulate(game, &template, swap, x);
                game.undo();
                if let Some((sub, f)) = replayed {
                    *footprint = footprint.meet(f);
                    subs[i] = Some(sub);
                    continue;
                }
            }
            let (sub, f) = self.extract_reply(game, path, &c, x)?;
            *footprint = footprint.meet(f);
            subs[i] = Some(sub);
        }
        let lines = children
            .iter()
            .zip(subs)
            .map(|(c, sub)| {
                Some(ProofNode {
                    mv: c.mv,
                    replies: sub?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(lines.into())
    }

    /// Whether the table keeps a winning move of the wanted winner at
    /// this child (a zone's win keeps none).
    fn kept_win(&mut self, path: u64, c: &Child<M>, proof: bool) -> bool {
        self.probe_child(path, c)
            .is_some_and(|(e, _)| e.best != 0 && if proof { e.pn == 0 } else { e.dn == 0 })
    }

    /// The solution below a loser's move `c` as the table has it (searched
    /// again when missing, if the extraction repairs).
    fn extract_reply<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        c: &Child<M>,
        x: &mut Extraction<M, G::Footprint>,
    ) -> Option<Solved<M, G::Footprint>> {
        let proof = x.proof;
        let child_path = extend_path(path, c.key);
        let known = self.won(path, c, proof).is_some();
        game.play(c.mv);
        let won = known || (x.repair && self.settle(game, child_path, proof));
        let sub = if won {
            self.extract_node(game, child_path, x)
        } else {
            x.misled();
            None
        };
        game.undo();
        if !won && self.relaxed() {
            // Perhaps a move the relaxed search left out.
            game.unrelax_here();
        }
        sub
    }

    /// The winner's solution `template` (written for another position)
    /// replayed here: his move where it has one, and at the loser's turn
    /// every legal move answered by the template's answer to the same
    /// move; else, with `swap` = (a, b) (the template answers the loser's
    /// move a, replayed after his move b), a by its answer to b (the same
    /// position); else by its answer to the pass (a move its zone covers).
    /// Each move is played by the game's rules and each leaf must be a
    /// win, so what comes back is a solution here; `None` when the
    /// replay fails.
    fn simulate<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        template: &Arc<[ProofNode<M>]>,
        swap: Option<(M, M)>,
        x: &mut Extraction<M, G::Footprint>,
    ) -> Option<Solved<M, G::Footprint>> {
        let memo = (!template.is_empty()).then(|| (ProofNode::id(template), game.key()));
        // As for `shared`: a replay is reused only where no position of
        // the path can matter to it.
        if let Some(k) = memo
            && let Some(s) = x.replayed.get(&k)
            && !game.history_reaches(&s.1)
        {
            return Some(s.clone());
        }
        x.nodes += 1;
        if x.nodes > x.limit {
            self.proof_too_large = true;
            return None;
        }
        let mut children = x.pool.pop().unwrap_or_default();
        let r = self.simulate_here(game, template, swap, x, &mut children);
        x.pool.push(children);
        if let (Some(k), Some(s)) = (memo, &r) {
            x.replayed.insert(k, s.clone());
        }
        r
    }

    fn simulate_here<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        template: &Arc<[ProofNode<M>]>,
        swap: Option<(M, M)>,
        x: &mut Extraction<M, G::Footprint>,
        children: &mut Vec<Child<M>>,
    ) -> Option<Solved<M, G::Footprint>> {
        let proof = x.proof;
        let winner_to_move = (game.kind() == NodeKind::Or) == proof;
        let expansion = match template.first() {
            Some(t) if winner_to_move => game.expand_move(t.mv, children),
            _ => game.expand_plain(children),
        };
        let mut footprint = game.expansion_footprint();
        if let Expansion::Terminal { prover_wins, .. } = expansion {
            return (prover_wins == proof).then(|| (x.leaf.clone(), footprint));
        }
        if template.is_empty() || children.is_empty() {
            return None;
        }
        let pass = template.iter().find(|t| game.is_pass(t.mv));
        let mut out = Vec::with_capacity(children.len());
        for c in children.iter() {
            match c.terminal {
                Some(w) if w == proof => out.push(ProofNode {
                    mv: c.mv,
                    replies: x.leaf.clone(),
                }),
                Some(_) => return None,
                None => {
                    let t = if winner_to_move {
                        &template[0]
                    } else {
                        let find = |m: M| template.iter().find(|t| t.mv == m);
                        find(c.mv)
                            .or_else(|| swap.filter(|&(a, _)| a == c.mv).and_then(|(_, b)| find(b)))
                            .or(pass)?
                    };
                    game.play(c.mv);
                    let sub = self.simulate(game, &t.replies, swap, x);
                    game.undo();
                    let (sub, f) = sub?;
                    footprint = footprint.meet(f);
                    out.push(ProofNode {
                        mv: c.mv,
                        replies: sub,
                    });
                }
            }
        }
        Some((Arc::from(out), footprint))
    }

    /// The winner's move here: a terminal win, else the won child with
    /// the least work whose solution extracts.
    fn extract_choice<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        path: u64,
        children: &[Child<M>],
        x: &mut Extraction<M, G::Footprint>,
        footprint: &mut G::Footprint,
    ) -> Option<Arc<[ProofNode<M>]>> {
        let proof = x.proof;
        let mut order: Vec<(u32, usize)> = Vec::new();
        for pass in 0..2 {
            for (i, c) in children.iter().enumerate() {
                match c.terminal {
                    Some(w) if w == proof => {
                        return Some(Arc::from([ProofNode {
                            mv: c.mv,
                            replies: x.leaf.clone(),
                        }]));
                    }
                    Some(_) => {}
                    None => {
                        if let Some(work) = self.won(path, c, proof) {
                            order.push((work, i));
                        }
                    }
                }
            }
            if !order.is_empty() || pass == 1 {
                break;
            }
            if !x.repair || !self.settle(game, path, proof) {
                x.misled();
                break;
            }
        }
        order.sort_unstable();
        for &(_, i) in &order {
            let c = children[i];
            game.play(c.mv);
            let sub = self.extract_node(game, extend_path(path, c.key), x);
            game.undo();
            if let Some((sub, f)) = sub {
                *footprint = footprint.meet(f);
                return Some(Arc::from([ProofNode {
                    mv: c.mv,
                    replies: sub,
                }]));
            }
        }
        None
    }
}
