//! Plain best-first proof-number search (Allis): the reference df-pn is
//! checked against. It keeps the whole tree in memory and no table, so
//! every node has exactly one path and history never misleads it.

use super::{Child, Expansion, Game, INF, MAX_FINITE, NodeKind, PnDn};

struct Node<M> {
    mv: Option<M>,
    pn: PnDn,
    dn: PnDn,
    kind: NodeKind,
    parent: usize,
    children: Vec<usize>,
    expanded: bool,
}

/// The result of a PNS run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PnsOutcome {
    Proven,
    Disproven,
    /// The node limit was reached.
    Unknown,
}

/// Proves or disproves the game's current position with at most
/// `max_nodes` tree nodes.
pub fn pns<G: Game>(game: &mut G, max_nodes: usize) -> PnsOutcome {
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        pn: 1,
        dn: 1,
        kind: game.kind(),
        parent: usize::MAX,
        children: Vec::new(),
        expanded: false,
    }];
    let mut buf: Vec<Child<G::Move>> = Vec::new();
    loop {
        if nodes[0].pn == 0 {
            return PnsOutcome::Proven;
        }
        if nodes[0].dn == 0 {
            return PnsOutcome::Disproven;
        }
        if nodes.len() >= max_nodes {
            return PnsOutcome::Unknown;
        }
        // Select the most-proving node, playing the moves on the way.
        let mut n = 0;
        let mut played = 0;
        while nodes[n].expanded {
            let kind = nodes[n].kind;
            let next = *nodes[n]
                .children
                .iter()
                .min_by_key(|&&c| match kind {
                    NodeKind::Or => nodes[c].pn,
                    NodeKind::And => nodes[c].dn,
                })
                .expect("an expanded open node has children");
            game.play(nodes[next].mv.expect("children have moves"));
            played += 1;
            n = next;
        }
        // Expand it.
        nodes[n].expanded = true;
        match game.expand(&mut buf) {
            Expansion::Terminal { prover_wins, .. } => {
                nodes[n].pn = if prover_wins { 0 } else { INF };
                nodes[n].dn = if prover_wins { INF } else { 0 };
            }
            Expansion::Moves { .. } => {
                let kind = nodes[n].kind;
                let child_kind = match kind {
                    NodeKind::Or => NodeKind::And,
                    NodeKind::And => NodeKind::Or,
                };
                for c in buf.iter() {
                    let (pn, dn) = match c.terminal {
                        Some(true) => (0, INF),
                        Some(false) => (INF, 0),
                        None => (1, 1),
                    };
                    let id = nodes.len();
                    nodes.push(Node {
                        mv: Some(c.mv),
                        pn,
                        dn,
                        kind: child_kind,
                        parent: n,
                        children: Vec::new(),
                        expanded: c.terminal.is_some(),
                    });
                    nodes[n].children.push(id);
                }
            }
        }
        for _ in 0..played {
            game.undo();
        }
        // Update the ancestors.
        let mut m = n;
        loop {
            if !nodes[m].children.is_empty() || nodes[m].pn != 0 && nodes[m].dn != 0 {
                let (pn, dn) = numbers(&nodes, m);
                nodes[m].pn = pn;
                nodes[m].dn = dn;
            }
            if m == 0 {
                break;
            }
            m = nodes[m].parent;
        }
    }
}

fn numbers<M>(nodes: &[Node<M>], n: usize) -> (PnDn, PnDn) {
    let node = &nodes[n];
    let (mut min_pn, mut min_dn, mut sum_pn, mut sum_dn) = (INF, INF, 0u64, 0u64);
    for &c in &node.children {
        min_pn = min_pn.min(nodes[c].pn);
        min_dn = min_dn.min(nodes[c].dn);
        sum_pn += nodes[c].pn as u64;
        sum_dn += nodes[c].dn as u64;
    }
    let cap = |s: u64| {
        if s >= INF as u64 {
            INF
        } else {
            s.min(MAX_FINITE as u64) as PnDn
        }
    };
    match node.kind {
        NodeKind::Or => {
            if node.children.is_empty() {
                (INF, 0)
            } else {
                (min_pn, if min_pn == 0 { INF } else { cap(sum_dn) })
            }
        }
        NodeKind::And => {
            if node.children.is_empty() {
                (0, INF)
            } else {
                (if min_dn == 0 { INF } else { cap(sum_pn) }, min_dn)
            }
        }
    }
}
