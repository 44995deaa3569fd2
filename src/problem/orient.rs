//! Turning a problem so that it lies in as few rows from the top as
//! possible: bitboards hold whole rows, so a corner problem searched in
//! the top rows needs half the words of one at the bottom of the board.
//! The columns right of the problem are cut too, and a problem on the
//! right turned to the left: two-word bitboards hold nine columns.

use super::{Problem, Region};
use crate::board::{Bits, Board, Move, Point, words_for};

/// One of the board's symmetries: a transposition (x and y swapped), then
/// a vertical flip, then a horizontal one. Identity by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    transpose: bool,
    /// Flips rows, counted on the board after the transposition.
    flip: bool,
    /// Rows of the board after the transposition.
    rows: u8,
    /// Flips columns, counted on the board after the transposition.
    mirror: bool,
    /// Columns of the board after the transposition.
    cols: u8,
}

impl Orientation {
    pub fn is_identity(self) -> bool {
        !self.transpose && !self.flip && !self.mirror
    }

    /// A point of the problem's board on the turned board.
    #[inline]
    pub fn inward(self, p: Point) -> Point {
        let (mut x, mut y) = (p.x(), p.y());
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        if self.flip {
            y = self.rows as usize - 1 - y;
        }
        if self.mirror {
            x = self.cols as usize - 1 - x;
        }
        Point::new(x, y)
    }

    /// A point of the turned board on the problem's board.
    #[inline]
    pub fn outward(self, p: Point) -> Point {
        let (mut x, mut y) = (p.x(), p.y());
        if self.mirror {
            x = self.cols as usize - 1 - x;
        }
        if self.flip {
            y = self.rows as usize - 1 - y;
        }
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        Point::new(x, y)
    }

    #[inline]
    pub fn inward_move(self, m: Move) -> Move {
        match m {
            Move::Play(p) => Move::Play(self.inward(p)),
            Move::Pass => Move::Pass,
        }
    }

    #[inline]
    pub fn outward_move(self, m: Move) -> Move {
        match m {
            Move::Play(p) => Move::Play(self.outward(p)),
            Move::Pass => Move::Pass,
        }
    }

    fn bits(self, b: Bits) -> Bits {
        b.iter().fold(Bits::EMPTY, |acc, i| {
            acc | self.inward(Point(i as u16)).bit()
        })
    }
}

impl Problem {
    /// The symmetry that puts the problem's stones and region in the
    /// fewest bitboard words (the identity unless another saves some),
    /// and the columns and rows in play on the turned board: up to one
    /// past the last stone or region point. The columns and rows beyond
    /// are empty, never played and touch no block, so a board without
    /// them plays the same game with less work per bitboard.
    pub fn orientation(&self) -> (Orientation, usize, usize) {
        let (w, h) = (self.board.width(), self.board.height());
        let used = self.board.occupied() | self.region.area;
        let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
        for i in used.iter() {
            let p = Point(i as u16);
            (x0, x1) = (x0.min(p.x()), x1.max(p.x()));
            (y0, y1) = (y0.min(p.y()), y1.max(p.y()));
        }
        if x0 == usize::MAX {
            return (Orientation::default(), w, h);
        }
        // What each turn keeps: one column and one row past the last used
        // ones. A turn is taken only where it saves words: it changes the
        // table's keys and the order moves are tried in, and so the
        // search's path (cutting columns changes neither).
        let mut choices = Vec::with_capacity(8);
        for mirror in [false, true] {
            for transpose in [false, true] {
                // The bounds and size after the transposition.
                let (bx0, bx1, by0, by1, bw, bh) = if transpose {
                    (y0, y1, x0, x1, h, w)
                } else {
                    (x0, x1, y0, y1, w, h)
                };
                for flip in [false, true] {
                    let rows = if flip { bh - by0 + 1 } else { by1 + 2 }.min(bh);
                    let cols = if mirror { bw - bx0 + 1 } else { bx1 + 2 }.min(bw);
                    let o = Orientation {
                        transpose,
                        flip,
                        rows: bh as u8,
                        mirror,
                        cols: bw as u8,
                    };
                    choices.push((o, cols, rows));
                }
            }
        }
        choices
            .into_iter()
            .min_by_key(|&(_, cols, rows)| words_for(cols, rows))
            .expect("eight choices")
    }

    /// Width and rows of the board a search plays on: turned by
    /// `orientation`, cut after the columns and rows in play.
    pub fn search_shape(&self) -> (usize, usize) {
        let (_, cols, rows) = self.orientation();
        (cols, rows)
    }

    /// The problem turned by `orientation`: the same game, played on the
    /// turned board (the file's answers are turned too).
    pub fn turned(&self, o: Orientation) -> Problem {
        if o.is_identity() {
            return self.clone();
        }
        let (w, h) = (self.board.width(), self.board.height());
        let (w2, h2) = if o.transpose { (h, w) } else { (w, h) };
        let mut board = Board::new(w2, h2);
        for c in [crate::board::Color::Black, crate::board::Color::White] {
            for i in self.board.stones(c).iter() {
                board.put(c, o.inward(Point(i as u16)));
            }
        }
        Problem {
            board,
            targets: self.targets.iter().map(|&p| o.inward(p)).collect(),
            region: Region {
                area: o.bits(self.region.area),
                safe_wall: o.bits(self.region.safe_wall),
            },
            answers: self
                .answers
                .iter()
                .map(|&(c, m)| (c, o.inward_move(m)))
                .collect(),
            lines: (self.lines.iter())
                .map(|l| l.mapped(&|m| o.inward_move(m)))
                .collect(),
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_is_undone_by_its_way_back() {
        for k in 0..8 {
            let (transpose, flip, mirror) = (k & 1 != 0, k & 2 != 0, k & 4 != 0);
            let (w, h) = (19, 13);
            let (cols, rows) = if transpose { (h, w) } else { (w, h) };
            let o = Orientation {
                transpose,
                flip,
                rows: rows as u8,
                mirror,
                cols: cols as u8,
            };
            let mut seen = std::collections::HashSet::new();
            for y in 0..h {
                for x in 0..w {
                    let p = Point::new(x, y);
                    let q = o.inward(p);
                    assert!(q.y() < rows && q.x() < cols);
                    assert!(seen.insert(q), "{p:?} maps onto a taken point");
                    assert_eq!(o.outward(q), p);
                }
            }
        }
    }
}
