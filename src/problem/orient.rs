//! Turning a problem so that it lies in as few rows from the top as
//! possible: bitboards hold whole rows, so a corner problem searched in
//! the top rows needs half the words of one at the bottom of the board.

use super::{Problem, Region};
use crate::board::{Bits, Board, Move, Point, words_for};

/// One of the board's symmetries: a transposition (x and y swapped), then
/// a vertical flip. Identity by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Orientation {
    transpose: bool,
    /// Flips rows, counted on the board after the transposition.
    flip: bool,
    /// Rows of the board after the transposition.
    rows: u8,
}

impl Orientation {
    pub fn is_identity(self) -> bool {
        !self.transpose && !self.flip
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
        Point::new(x, y)
    }

    /// A point of the turned board on the problem's board.
    #[inline]
    pub fn outward(self, p: Point) -> Point {
        let (mut x, mut y) = (p.x(), p.y());
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
    /// and the rows in play on the turned board: down to one past the
    /// lowest stone or region point. The rows below are empty, never
    /// played and touch no block, so a board without them plays the same
    /// game with less work per bitboard.
    pub fn orientation(&self) -> (Orientation, usize) {
        let (w, h) = (self.board.width(), self.board.height());
        let used = self.board.occupied() | self.region.area;
        let (mut x0, mut x1, mut y0, mut y1) = (usize::MAX, 0, usize::MAX, 0);
        for i in used.iter() {
            let p = Point(i as u16);
            (x0, x1) = (x0.min(p.x()), x1.max(p.x()));
            (y0, y1) = (y0.min(p.y()), y1.max(p.y()));
        }
        if x0 == usize::MAX {
            return (Orientation::default(), h);
        }
        // The rows each turn needs: one past the last used row. A turn is
        // taken only where it saves words: it changes the table's keys and
        // the order moves are tried in, and so the search's path.
        let choices = [
            (false, false, y1 + 2, h),
            (false, true, h - y0 + 1, h),
            (true, false, x1 + 2, w),
            (true, true, w - x0 + 1, w),
        ];
        let (transpose, flip, rows, height) = choices
            .into_iter()
            .min_by_key(|&(transpose, _, rows, height)| {
                let width = if transpose { h } else { w };
                words_for(width, rows.min(height))
            })
            .expect("four choices");
        let o = Orientation {
            transpose,
            flip,
            rows: height as u8,
        };
        (o, rows.min(height))
    }

    /// Width and rows of the board a search plays on: turned by
    /// `orientation`, cut after the rows in play.
    pub fn search_shape(&self) -> (usize, usize) {
        let (o, rows) = self.orientation();
        let width = if o.transpose {
            self.board.height()
        } else {
            self.board.width()
        };
        (width, rows)
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
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_is_undone_by_its_way_back() {
        for (transpose, flip) in [(false, false), (false, true), (true, false), (true, true)] {
            let (w, h) = (19, 13);
            let rows = if transpose { w } else { h };
            let o = Orientation {
                transpose,
                flip,
                rows: rows as u8,
            };
            let mut seen = std::collections::HashSet::new();
            for y in 0..h {
                for x in 0..w {
                    let p = Point::new(x, y);
                    let q = o.inward(p);
                    assert!(q.y() < rows && q.x() < if transpose { h } else { w });
                    assert!(seen.insert(q), "{p:?} maps onto a taken point");
                    assert_eq!(o.outward(q), p);
                }
            }
        }
    }
}
