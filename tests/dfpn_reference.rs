//! df-pn against the plain PNS reference and plain minimax, on explicit
//! AND/OR trees (the Allis example, random trees and DAGs).

use proptest::prelude::*;
use shikatsu::dfpn::{
    Child, Expansion, Game, Limits, NO_DEP, NodeKind, Outcome, PnsOutcome, Searcher, Unobserved,
    pns,
};

/// A node of an explicit game tree: a leaf value or children.
#[derive(Clone, Debug)]
enum Node {
    Leaf(bool),
    Inner(Vec<usize>),
}

/// An explicit AND/OR graph; node 0 is the root, an OR node; kinds alternate.
struct TreeGame {
    nodes: Vec<Node>,
    path: Vec<usize>,
    /// Nodes whose value differs between the versions of the tree that
    /// stand for rules of different ranks: moves into them are bound.
    bound: Vec<usize>,
    /// Mixed into every key but not into the free keys: the same tree
    /// under another name (as a position with other threat counts is).
    salt: u64,
}

impl TreeGame {
    fn new(nodes: Vec<Node>) -> TreeGame {
        TreeGame {
            nodes,
            path: vec![0],
            bound: Vec::new(),
            salt: 0,
        }
    }
    /// The key without the salt: what free results are shared under.
    fn shared_key(&self) -> u64 {
        // Kinds alternate by depth: the key must tell them apart.
        ((self.cur() as u64 + 1) * 0x9E37_79B9_7F4A_7C15) ^ (self.path.len() as u64 % 2)
    }
    fn cur(&self) -> usize {
        *self.path.last().unwrap()
    }
}

impl Game for TreeGame {
    type Footprint = ();
    type Move = usize;
    fn kind(&self) -> NodeKind {
        if self.path.len() % 2 == 1 {
            NodeKind::Or
        } else {
            NodeKind::And
        }
    }
    fn key(&self) -> u64 {
        self.shared_key() ^ self.salt
    }
    fn free_key(&self, _key: u64) -> u64 {
        self.shared_key()
    }
    fn depth(&self) -> u32 {
        self.path.len() as u32 - 1
    }
    fn expand(&mut self, out: &mut Vec<Child<usize>>) -> Expansion {
        out.clear();
        match &self.nodes[self.cur()] {
            Node::Leaf(v) => Expansion::Terminal {
                prover_wins: *v,
                dep: NO_DEP,
                bound: false,
            },
            Node::Inner(cs) => {
                let depth = self.path.len() + 1;
                for &c in cs {
                    let free_key = ((c as u64 + 1) * 0x9E37_79B9_7F4A_7C15) ^ (depth as u64 % 2);
                    out.push(Child {
                        mv: c,
                        key: free_key ^ self.salt,
                        free_key,
                        terminal: match self.nodes[c] {
                            Node::Leaf(v) => Some(v),
                            Node::Inner(_) => None,
                        },
                        dep: NO_DEP,
                        pn: 1,
                        dn: 1,
                        bound: self.bound.contains(&c),
                    });
                }
                Expansion::Moves {
                    ban_dep: NO_DEP,
                    banned: false,
                }
            }
        }
    }
    fn play(&mut self, m: usize) {
        self.path.push(m);
    }
    fn undo(&mut self) {
        self.path.pop();
    }
}

fn minimax(nodes: &[Node], n: usize, or: bool) -> bool {
    match &nodes[n] {
        Node::Leaf(v) => *v,
        Node::Inner(cs) if or => cs.iter().any(|&c| minimax(nodes, c, false)),
        Node::Inner(cs) => cs.iter().all(|&c| minimax(nodes, c, true)),
    }
}

fn dfpn(nodes: Vec<Node>) -> (Outcome, Option<Vec<shikatsu::dfpn::ProofNode<usize>>>) {
    let mut g = TreeGame::new(nodes);
    let mut s = Searcher::new(1 << 20);
    let o = s.solve(&mut g, Limits::default(), &mut Unobserved);
    let tree = match o {
        Outcome::Proven => s.extract(&mut g, true),
        Outcome::Disproven => s.extract(&mut g, false),
        Outcome::Unknown(_) => None,
    };
    (o, tree)
}

/// The Allis example (Chessprogramming wiki's "Tree Sample"): OR nodes A
/// and C; AND nodes B, D, G, H, J; frontier nodes E, F, I, L, M, N, P;
/// K true and O false. Here the frontier is given values so both
/// searches can finish.
fn allis(frontier: [bool; 7]) -> Vec<Node> {
    let [e, f, i, l, m, n, p] = frontier;
    // Kinds alternate with depth here, so C (an OR node below the OR
    // root) hangs under a one-child AND step C', and J (an AND node below
    // the AND node G) under a one-child OR step J'.
    // Indices: A0 B1 C2 D3 E4 F5 G6 H7 I8 J9 K10 L11 M12 N13 O14 P15 C'16 J'17.
    vec![
        Node::Inner(vec![1, 16, 3]), // A (OR): B, C', D
        Node::Inner(vec![4, 5]),     // B (AND): E, F
        Node::Inner(vec![6, 7]),     // C (OR): G, H
        Node::Inner(vec![14, 15]),   // D (AND): O, P
        Node::Leaf(e),
        Node::Leaf(f),
        Node::Inner(vec![8, 17]),  // G (AND): I, J'
        Node::Inner(vec![12, 13]), // H (AND): M, N
        Node::Leaf(i),
        Node::Inner(vec![10, 11]), // J (AND): K, L
        Node::Leaf(true),          // K
        Node::Leaf(l),
        Node::Leaf(m),
        Node::Leaf(n),
        Node::Leaf(false), // O
        Node::Leaf(p),
        Node::Inner(vec![2]), // C' (AND, one child) -> C (OR)
        Node::Inner(vec![9]), // J' (OR, one child) -> J (AND)
    ]
}

#[test]
fn allis_tree_is_proven_through_c_and_g() {
    // E fails, so B fails; D fails through O; C wins through G (I, K, L win).
    let nodes = allis([false, true, true, true, false, false, true]);
    assert!(minimax(&nodes, 0, true));
    let (o, tree) = dfpn(nodes.clone());
    assert_eq!(o, Outcome::Proven);
    let tree = tree.expect("a proof tree");
    // The prover's single move at A is towards C (via C').
    assert_eq!(tree.len(), 1);
    assert_eq!(tree[0].mv, 16);
    assert_eq!(pns(&mut TreeGame::new(nodes), 10_000), PnsOutcome::Proven);
}

#[test]
fn allis_tree_is_disproven_when_i_and_m_fail() {
    let nodes = allis([true, false, false, true, false, true, true]);
    assert!(!minimax(&nodes, 0, true));
    assert_eq!(dfpn(nodes.clone()).0, Outcome::Disproven);
    assert_eq!(
        pns(&mut TreeGame::new(nodes), 10_000),
        PnsOutcome::Disproven
    );
}

/// A random tree: each node has 0..=4 children up to a depth; leaves
/// have random values. Node ids may be shared (a DAG) when `share`.
/// Results learnt under rules of one rank are used under another only in
/// the direction they still hold: a proof upwards, a disproof downwards.
#[test]
fn results_carry_between_ranks_only_where_they_still_hold() {
    // Proven through C (G: I, K, L win); E fails.
    let proven = allis([false, true, true, true, false, false, true]);
    // The same with E winning too: at least as good for the prover.
    let better = allis([true, true, true, true, false, false, true]);
    // The same with I failing: G and H fail, so C fails and so does A.
    let worse = allis([false, true, false, true, false, false, true]);
    assert!(minimax(&proven, 0, true) && minimax(&better, 0, true));
    assert!(!minimax(&worse, 0, true));
    // E and I are what the rules change.
    let solve = |s: &mut Searcher<usize>, nodes: &[Node], rank: u8| {
        s.set_rank(rank);
        let before = s.positions();
        let mut game = TreeGame::new(nodes.to_vec());
        game.bound = vec![4, 8];
        let o = s.solve(&mut game, Limits::default(), &mut Unobserved);
        (o, s.positions() - before)
    };

    // A proof under rank 0 holds under rank 1: only the root is expanded.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, &proven, 0).0, Outcome::Proven);
    assert_eq!(solve(&mut s, &better, 1), (Outcome::Proven, 3));

    // A proof under rank 1 says nothing under rank 0.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, &proven, 1).0, Outcome::Proven);
    assert_eq!(solve(&mut s, &worse, 0).0, Outcome::Disproven);

    // A disproof under rank 1 holds under rank 0, not under rank 2.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, &worse, 1).0, Outcome::Disproven);
    assert_eq!(solve(&mut s, &worse, 0), (Outcome::Disproven, 3));
    assert_eq!(solve(&mut s, &proven, 2).0, Outcome::Proven);
}

/// A final result that no bound move took part in holds under every
/// rank, in both directions.
#[test]
fn results_free_of_bound_moves_carry_to_every_rank() {
    let nodes = allis([false, true, true, true, false, false, true]);
    let solve = |s: &mut Searcher<usize>, rank: u8, bound: Vec<usize>| {
        s.set_rank(rank);
        let before = s.positions();
        let mut game = TreeGame::new(nodes.clone());
        game.bound = bound;
        let o = s.solve(&mut game, Limits::default(), &mut Unobserved);
        (o, s.positions() - before)
    };
    // Nothing bound: a proof under the highest rank serves the lowest.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, 2, vec![]).0, Outcome::Proven);
    assert_eq!(solve(&mut s, 0, vec![]), (Outcome::Proven, 3));
    // The proof goes through C, G and then I: with I bound it is searched
    // again under the lower rank.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, 2, vec![8]).0, Outcome::Proven);
    let (o, n) = solve(&mut s, 0, vec![8]);
    assert_eq!(o, Outcome::Proven);
    assert!(n > 3, "{n} positions: the bound proof was reused");
    // A bound move the proof does not need (E, under B) changes nothing.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(solve(&mut s, 2, vec![4]).0, Outcome::Proven);
    assert_eq!(solve(&mut s, 0, vec![4]), (Outcome::Proven, 3));
}

/// Free results are shared under the free key by positions whose keys
/// differ only in what matters to the rules (say, threat counts), and
/// the proof extracted from them is whole.
#[test]
fn free_results_are_shared_under_the_free_key() {
    let nodes = allis([false, true, true, true, false, false, true]);
    let run = |s: &mut Searcher<usize>, salt: u64, bound: Vec<usize>| {
        let before = s.positions();
        let mut game = TreeGame::new(nodes.clone());
        game.salt = salt;
        game.bound = bound;
        let o = s.solve(&mut game, Limits::default(), &mut Unobserved);
        let tree = s.extract(&mut game, true);
        (o, s.positions() - before, tree.map(|t| t[0].mv))
    };
    let mut s = Searcher::new(1 << 20);
    assert_eq!(run(&mut s, 0, vec![]).0, Outcome::Proven);
    // Another name, nothing bound: only the root is expanded, and the
    // extraction finds its way through the shared results (towards C').
    let (o, n, first) = run(&mut s, 0xABCD << 40, vec![]);
    assert_eq!((o, first), (Outcome::Proven, Some(16)));
    assert_eq!(n, 3, "only the root is expanded");
    // With I bound, the proof through it is not shared.
    let mut s = Searcher::new(1 << 20);
    assert_eq!(run(&mut s, 0, vec![8]).0, Outcome::Proven);
    let before = s.positions();
    s.set_rank(0);
    let mut game = TreeGame::new(nodes.clone());
    game.salt = 0xABCD << 40;
    game.bound = vec![8];
    assert_eq!(
        s.solve(&mut game, Limits::default(), &mut Unobserved),
        Outcome::Proven
    );
    assert!(s.positions() - before > 3, "the bound proof was shared");
}

fn random_tree(seed: u64, depth: u32, share: bool) -> Vec<Node> {
    let mut rng = seed | 1;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut nodes = vec![Node::Leaf(false)];
    let mut frontier = vec![(0usize, 0u32)];
    while let Some((n, d)) = frontier.pop() {
        let k = if d >= depth { 0 } else { next() % 5 };
        if k == 0 {
            nodes[n] = Node::Leaf(next() % 2 == 0);
            continue;
        }
        let mut cs = Vec::new();
        for _ in 0..k {
            // Sharing only among nodes at the same depth parity keeps kinds consistent.
            if share && nodes.len() > 4 && next() % 4 == 0 {
                continue;
            }
            let id = nodes.len();
            nodes.push(Node::Leaf(false));
            frontier.push((id, d + 1));
            cs.push(id);
        }
        if cs.is_empty() {
            nodes[n] = Node::Leaf(next() % 2 == 0);
        } else {
            nodes[n] = Node::Inner(cs);
        }
    }
    nodes
}

proptest! {
    #[test]
    fn dfpn_pns_and_minimax_agree_on_random_trees(seed in any::<u64>(), depth in 1u32..8) {
        let nodes = random_tree(seed, depth, false);
        let truth = minimax(&nodes, 0, true);
        let (o, tree) = dfpn(nodes.clone());
        prop_assert_eq!(o, if truth { Outcome::Proven } else { Outcome::Disproven });
        let tree = tree.expect("a decided root gives its solution");
        if let Err(e) = solution_holds(&nodes, 0, true, &tree, truth) {
            return Err(TestCaseError::fail(e));
        }
        let p = pns(&mut TreeGame::new(nodes), 1_000_000);
        prop_assert_eq!(p, if truth { PnsOutcome::Proven } else { PnsOutcome::Disproven });
    }
}

/// Whether `replies` (the moves below node `n`, an OR node when `or`)
/// are a winner's solution: at the winner's turn one child of `n`, at
/// the loser's every child, and every leaf won by the winner (the
/// prover when `proof`).
fn solution_holds(
    nodes: &[Node],
    n: usize,
    or: bool,
    replies: &[shikatsu::dfpn::ProofNode<usize>],
    proof: bool,
) -> Result<(), String> {
    match &nodes[n] {
        Node::Leaf(v) if *v != proof => Err(format!("leaf {n} is lost by the winner")),
        Node::Leaf(_) if !replies.is_empty() => Err(format!("leaf {n} has replies")),
        Node::Leaf(_) => Ok(()),
        Node::Inner(cs) => {
            let moves: Vec<usize> = replies.iter().map(|r| r.mv).collect();
            if or == proof {
                if moves.len() != 1 || !cs.contains(&moves[0]) {
                    return Err(format!("winner's node {n}: {moves:?}, not one of {cs:?}"));
                }
            } else {
                let mut sorted = moves.clone();
                sorted.sort_unstable();
                let mut all = cs.clone();
                all.sort_unstable();
                if sorted != all {
                    return Err(format!(
                        "loser's node {n}: {moves:?}, not every one of {cs:?}"
                    ));
                }
            }
            replies
                .iter()
                .try_for_each(|r| solution_holds(nodes, r.mv, !or, &r.replies, proof))
        }
    }
}

#[test]
fn a_solution_with_a_lost_leaf_or_a_missing_reply_is_caught() {
    use shikatsu::dfpn::ProofNode;
    // Root (OR) with children 1 (a win) and 2 (an AND node over leaves
    // 3, a win, and 4, a loss).
    let nodes = vec![
        Node::Inner(vec![1, 2]),
        Node::Leaf(true),
        Node::Inner(vec![3, 4]),
        Node::Leaf(true),
        Node::Leaf(false),
    ];
    let leaf = |n| ProofNode::new(n, vec![]);
    assert_eq!(solution_holds(&nodes, 0, true, &[leaf(1)], true), Ok(()));
    let through_2 = [ProofNode::new(2, vec![leaf(3), leaf(4)])];
    assert!(solution_holds(&nodes, 0, true, &through_2, true).is_err());
    let one_reply = [ProofNode::new(2, vec![leaf(3)])];
    assert!(solution_holds(&nodes, 0, true, &one_reply, true).is_err());
    assert!(solution_holds(&nodes, 0, true, &[leaf(1), leaf(2)], true).is_err());
}

/// A complete binary tree of the given depth with pseudo-random leaves.
fn complete_tree(depth: u32) -> Vec<Node> {
    let mut nodes = Vec::new();
    let inner = (1usize << depth) - 1;
    for n in 0..(2 * inner + 1) {
        if n < inner {
            nodes.push(Node::Inner(vec![2 * n + 1, 2 * n + 2]));
        } else {
            nodes.push(Node::Leaf((n * 2_654_435_761) % 7 < 3));
        }
    }
    nodes
}

#[test]
fn a_position_limit_stops_cleanly_with_numbers() {
    let mut g = TreeGame::new(complete_tree(18));
    let mut s = Searcher::new(1 << 20);
    let o = s.solve(
        &mut g,
        Limits {
            positions: Some(500),
            time: None,
        },
        &mut Unobserved,
    );
    assert_eq!(o, Outcome::Unknown(shikatsu::dfpn::Stop::Positions));
    let (pn, dn) = s.root_numbers();
    assert!(pn > 0 && dn > 0 && pn < shikatsu::dfpn::INF && dn < shikatsu::dfpn::INF);
    assert!(s.positions() <= 502, "stops at the limit, not later");
}

#[test]
fn a_position_limit_counts_from_the_start_of_each_solve() {
    // The searcher's count goes on from one solve to the next (the table
    // is kept): a second solve with the same limit still gets its own 500.
    let mut g = TreeGame::new(complete_tree(18));
    let mut s = Searcher::new(1 << 20);
    let limits = Limits {
        positions: Some(500),
        time: None,
    };
    s.solve(&mut g, limits, &mut Unobserved);
    let first = s.positions();
    let o = s.solve(&mut g, limits, &mut Unobserved);
    assert_eq!(o, Outcome::Unknown(shikatsu::dfpn::Stop::Positions));
    let second = s.positions() - first;
    assert!(
        (500..=502).contains(&second),
        "the second solve searched {second} positions"
    );
}
