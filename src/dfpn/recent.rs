//! The moves of the positions df-pn expanded last, by path.
//!
//! df-pn comes back to a position soon after leaving it: a child whose
//! numbers passed the threshold at its first expansion returns at once,
//! its sibling takes a turn, and the parent picks it again. Copying its
//! moves back costs far less than making them again (playing each,
//! hashing, the static tests). The moves of a position depend on the
//! path that reached it (a move that repeats an earlier position is
//! banned), so entries are keyed by the whole path; and on the rules, so
//! every search starts with none (`clear`).

use super::{Child, Expansion};

/// Entries: a power of two. Revisits come mostly within a few hundred
/// expansions; a larger cache found more of them but cost more than they
/// saved in memory traffic (graded files: 1,024 entries 4-5% less time,
/// 16,384 entries 6% more).
const ENTRIES: usize = 1024;
/// Most moves an entry keeps; larger expansions are not kept.
const STRIDE: usize = 32;

#[derive(Clone, Copy)]
struct Head {
    path: u64,
    key: u64,
    epoch: u32,
    len: u8,
    expansion: Expansion,
}

pub(super) struct Recent<M> {
    heads: Vec<Head>,
    /// `ENTRIES` runs of `STRIDE` moves, made at the first `put`.
    moves: Vec<Child<M>>,
    /// Entries of other epochs are empty.
    epoch: u32,
    pub hits: u64,
}

impl<M: Copy> Recent<M> {
    pub fn new() -> Recent<M> {
        Recent {
            heads: Vec::new(),
            moves: Vec::new(),
            epoch: 1,
            hits: 0,
        }
    }

    /// Forgets every entry (new rules, or a new root).
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Every old epoch is gone from the heads before 0 comes back.
            self.heads.iter_mut().for_each(|h| h.epoch = 0);
            self.epoch = 1;
        }
    }

    #[inline]
    fn slot(path: u64) -> usize {
        (path >> 32) as usize & (ENTRIES - 1)
    }

    /// The expansion kept for the position `key` reached by `path`,
    /// its moves copied into `out`.
    #[inline]
    pub fn get(&mut self, path: u64, key: u64, out: &mut Vec<Child<M>>) -> Option<Expansion> {
        let i = Self::slot(path);
        let h = self.heads.get(i)?;
        if h.path != path || h.key != key || h.epoch != self.epoch {
            return None;
        }
        out.clear();
        out.extend_from_slice(&self.moves[i * STRIDE..i * STRIDE + h.len as usize]);
        self.hits += 1;
        Some(h.expansion)
    }

    /// Keeps an expansion with moves.
    #[inline]
    pub fn put(&mut self, path: u64, key: u64, expansion: Expansion, moves: &[Child<M>]) {
        let (Some(&first), true) = (moves.first(), moves.len() <= STRIDE) else {
            return;
        };
        if self.heads.is_empty() {
            let empty = Head {
                path: 0,
                key: 0,
                epoch: 0,
                len: 0,
                expansion,
            };
            self.heads = vec![empty; ENTRIES];
            self.moves = vec![first; ENTRIES * STRIDE];
        }
        let i = Self::slot(path);
        self.heads[i] = Head {
            path,
            key,
            epoch: self.epoch,
            len: moves.len() as u8,
            expansion,
        };
        self.moves[i * STRIDE..i * STRIDE + moves.len()].copy_from_slice(moves);
    }
}
