//! The Go board and its rules: stones, captures, suicide, the simple ko
//! point and an incrementally kept Zobrist key.
//!
//! `Board` is `Copy` and played by copy-make: the search keeps one board per
//! ply and never allocates per move. This module must not import the solver.

pub mod benson;
pub mod bits;
pub mod dead;
pub mod zobrist;

pub use bits::Bits;
use bits::{STRIDE, WORDS, restride, stride_of};

/// Largest board side accepted.
pub const MAX_SIDE: usize = 19;

/// The fewest 64-bit words (2 to 6) whose bitboards hold a board of this
/// size: each bitboard operation costs in proportion, so the search and
/// the checker run on the narrowest that fits.
pub fn words_for(width: usize, height: usize) -> usize {
    (2..WORDS)
        .find(|&w| fits_in(w, width, height))
        .unwrap_or(WORDS)
}

/// Evaluates `$body` with `$w` a constant equal to `$words` (a width that
/// `words_for` returned: 2, 3, 4, 5, else six): the one place where a width
/// known at run time becomes the const parameter of the bitboards.
#[macro_export]
macro_rules! with_words {
    ($words:expr, $w:ident => $body:expr) => {
        match $words {
            2 => {
                const $w: usize = 2;
                $body
            }
            3 => {
                const $w: usize = 3;
                $body
            }
            4 => {
                const $w: usize = 4;
                $body
            }
            5 => {
                const $w: usize = 5;
                $body
            }
            _ => {
                const $w: usize = $crate::board::bits::WORDS;
                $body
            }
        }
    };
}

/// Whether a board of this size fits bitboards of `words` words.
fn fits_in(words: usize, width: usize, height: usize) -> bool {
    let stride = stride_of(words);
    (1..=MAX_SIDE).contains(&width)
        && (1..=MAX_SIDE).contains(&height)
        && width < stride
        && height * stride <= words * 64
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// "B" or "W", as in SGF.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// An intersection, as its bit index (`y * STRIDE + x`, y from the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    #[inline]
    pub fn new(x: usize, y: usize) -> Point {
        debug_assert!(x < MAX_SIDE && y < MAX_SIDE);
        Point((y * STRIDE + x) as u16)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub fn x(self) -> usize {
        self.0 as usize % STRIDE
    }
    #[inline]
    pub fn y(self) -> usize {
        self.0 as usize / STRIDE
    }
    #[inline]
    pub fn bit<const W: usize>(self) -> Bits<W> {
        Bits::single(self.index())
    }

    /// This point of a board in `W` words on the same board in `V` words
    /// (the index changes where their rows' lengths differ, see
    /// `Bits::resized`); `None` where it does not fit.
    #[inline]
    pub fn restride<const W: usize, const V: usize>(self) -> Option<Point> {
        restride(self.index(), Bits::<W>::STRIDE, Bits::<V>::STRIDE).map(|i| Point(i as u16))
    }

    /// This point of a board in the full width (the problem's boards) on
    /// the same board in bitboards of `W` words, whose rows may be
    /// shorter; for points of a board that fits `W`.
    #[inline]
    pub fn narrowed<const W: usize>(self) -> Point {
        self.restride::<WORDS, W>()
            .expect("the point lies on a board that fits the width")
    }

    /// The way back from `narrowed`.
    #[inline]
    pub fn widened<const W: usize>(self) -> Point {
        self.restride::<W, WORDS>()
            .expect("every point of a narrower width fits the full one")
    }
    /// SGF coordinates, e.g. "bd" (column b, row d from the top).
    pub fn sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push((b'a' + self.x() as u8) as char);
        s.push((b'a' + self.y() as u8) as char);
        s
    }
    /// Parses SGF coordinates ("bd").
    pub fn from_sgf(s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
            return None;
        }
        let (x, y) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
        (x < MAX_SIDE && y < MAX_SIDE).then(|| Point::new(x, y))
    }
    /// Human coordinates as on a printed board: columns A-T without I, rows
    /// counted from the bottom ("C3").
    pub fn human(self, height: usize) -> String {
        format!("{}{}", column_letter(self.x()), height - self.y())
    }
}

/// Column letter for human coordinates, skipping I.
pub fn column_letter(x: usize) -> char {
    let c = b'A' + x as u8;
    if c >= b'I' {
        (c + 1) as char
    } else {
        c as char
    }
}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("the point is off the board")]
    OffBoard,
    #[error("the point is occupied")]
    Occupied,
    #[error("the move is suicide")]
    Suicide,
    #[error("the move retakes a ko at once")]
    Ko,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played<const W: usize = WORDS> {
    /// The stones removed.
    pub captured: Bits<W>,
    pub captured_count: u32,
}

/// A Go position on bitboards of `W` 64-bit words: the stones of each
/// colour, the points on the board, the Zobrist hash and the simple ko
/// point. Knows the rules of a move, nothing of problems or search.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board<const W: usize = WORDS> {
    stones: [Bits<W>; 2],
    on_board: Bits<W>,
    hash: u64,
    /// The point where an immediate recapture of a single-stone ko is banned.
    ko: Option<Point>,
    width: u8,
    height: u8,
}

impl<const W: usize> std::fmt::Debug for Board<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}x{}", self.width, self.height)?;
        f.write_str(&self.to_ascii())
    }
}

impl Board {
    /// An empty board; panics only on sizes the loader never produces.
    pub fn new(width: usize, height: usize) -> Board {
        assert!(Self::fits(width, height));
        let mut on_board = Bits::EMPTY;
        for y in 0..height {
            for x in 0..width {
                on_board.set(Point::new(x, y).index());
            }
        }
        Board {
            stones: [Bits::EMPTY; 2],
            on_board,
            hash: 0,
            ko: None,
            width: width as u8,
            height: height as u8,
        }
    }

    /// Builds a board from rows of `X` (black), `O` (white) and `.`, top row
    /// first; spaces are ignored. Meant for tests and examples.
    pub fn from_ascii(text: &str) -> Board {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let mut b = Board::new(rows[0].len(), rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                match c {
                    'X' | 'x' | 'B' => b.put(Color::Black, Point::new(x, y)),
                    'O' | 'o' | 'W' => b.put(Color::White, Point::new(x, y)),
                    _ => {}
                }
            }
        }
        b
    }
}

impl<const W: usize> Board<W> {
    /// Whether a board of this size fits in `W` words.
    pub fn fits(width: usize, height: usize) -> bool {
        fits_in(W, width, height)
    }

    pub fn to_ascii(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height() {
            for x in 0..self.width() {
                s.push(
                    match self.color_at(Point((y * Bits::<W>::STRIDE + x) as u16)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    },
                );
            }
            s.push('\n');
        }
        s
    }

    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }
    #[inline]
    pub fn on_board(&self) -> Bits<W> {
        self.on_board
    }
    #[inline]
    pub fn contains(&self, x: usize, y: usize) -> bool {
        x < self.width() && y < self.height()
    }
    #[inline]
    pub fn stones(&self, c: Color) -> Bits<W> {
        self.stones[c.index()]
    }
    #[inline]
    pub fn occupied(&self) -> Bits<W> {
        self.stones[0] | self.stones[1]
    }
    #[inline]
    pub fn empty(&self) -> Bits<W> {
        self.on_board & !self.occupied()
    }
    /// Zobrist key of the stones only.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    pub fn ko(&self) -> Option<Point> {
        self.ko
    }
    pub fn stone_count(&self) -> u32 {
        self.occupied().count()
    }

    pub fn color_at(&self, p: Point) -> Option<Color> {
        if self.stones[0].get(p.index()) {
            Some(Color::Black)
        } else if self.stones[1].get(p.index()) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Places a stone without any rule check (setup stones).
    pub fn put(&mut self, c: Color, p: Point) {
        if let Some(old) = self.color_at(p) {
            self.remove(old, p);
        }
        self.stones[c.index()].set(p.index());
        self.hash ^= zobrist::STONE[c.index()][p.index()];
    }

    /// Removes a stone without any rule check.
    pub fn remove(&mut self, c: Color, p: Point) {
        if self.stones[c.index()].get(p.index()) {
            self.stones[c.index()].clear(p.index());
            self.hash ^= zobrist::STONE[c.index()][p.index()];
        }
    }

    /// The block (chain of same-coloured stones) through `p`; empty if `p` is empty.
    #[inline]
    pub fn block(&self, p: Point) -> Bits<W> {
        match self.color_at(p) {
            Some(c) => Bits::flood(p.bit(), self.stones[c.index()]),
            None => Bits::EMPTY,
        }
    }

    /// The empty points next to a set of stones.
    #[inline]
    pub fn liberties(&self, stones: Bits<W>) -> Bits<W> {
        stones.spread() & self.empty()
    }

    /// The points next to `p` on the board.
    #[inline]
    pub fn neighbours(&self, p: Point) -> Bits<W> {
        p.bit().spread() & self.on_board
    }

    /// Plays under the full rules of Go (simple ko included).
    pub fn play(&mut self, c: Color, p: Point) -> Result<Played<W>, IllegalMove> {
        if self.ko == Some(p) {
            return Err(IllegalMove::Ko);
        }
        self.play_ignoring_ko(c, p)
    }

    /// Plays with captures and the suicide rule but without the simple ko
    /// ban: the tsumego search applies its own repetition rule instead. On
    /// error the board is unchanged.
    #[inline]
    pub fn play_ignoring_ko(&mut self, c: Color, p: Point) -> Result<Played<W>, IllegalMove> {
        let i = p.index();
        if !self.on_board.get(i) {
            return Err(IllegalMove::OffBoard);
        }
        if self.occupied().get(i) {
            return Err(IllegalMove::Occupied);
        }
        let me = c.index();
        let them = c.opp().index();
        let own = self.stones[me];
        let mut opp = self.stones[them];
        let stone = Bits::single(i);
        let empty = self.on_board & !(own | opp | stone);
        // The four neighbours as a set: most moves touch an empty point
        // and no enemy stone, which three intersections tell.
        let around = Bits::around(i);
        let empty_next = around.intersects(empty);
        let own_next = around.intersects(own);
        let mut captured = Bits::EMPTY;
        let enemy = around & opp;
        if !enemy.is_empty() {
            // Enemy stones that have a liberty or touch one of their own
            // that has: a neighbour there keeps its block alive without a
            // fill. Worked out for the whole board in a handful of word
            // operations.
            let breathing = opp & empty.spread();
            let safe = breathing | breathing.spread();
            for q in (enemy & !safe).iter() {
                if captured.get(q) {
                    continue;
                }
                // Each adjacent enemy block loses the liberty at p; those
                // left with none die.
                if let Some(block) = Bits::enclosed(Bits::single(q), opp, empty) {
                    captured |= block;
                    opp &= !block;
                }
            }
        }
        let own = own | stone;
        let captured_count;
        if captured.is_empty() {
            // Suicide is only possible when nothing was captured and the
            // stone has no empty neighbour of its own.
            if !empty_next
                && (!own_next
                    || !near_liberty(i, &own, &empty)
                        && Bits::enclosed(stone, own, empty).is_some())
            {
                return Err(IllegalMove::Suicide);
            }
            captured_count = 0;
            self.hash ^= zobrist::STONE[me][i];
            self.ko = None;
        } else {
            captured_count = captured.count();
            let mut h = self.hash ^ zobrist::STONE[me][i];
            for q in captured.iter() {
                h ^= zobrist::STONE[them][q];
            }
            self.hash = h;
            // A single stone that captured a single stone and has that
            // point as its only liberty could be retaken at once: that is
            // the ko point.
            self.ko = if captured_count == 1 && !own_next && !empty_next {
                captured.first().map(|q| Point(q as u16))
            } else {
                None
            };
            self.stones[them] = opp;
        }
        // The stone alone, into the word that holds it: storing the whole
        // set computed above read it back from the stack, wider than it
        // was written, which stalls (a tenth of this function's time).
        self.stones[me].set(i);
        Ok(Played {
            captured,
            captured_count,
        })
    }

    /// Makes this board hold `other`'s position, both boards being of
    /// the same shape: what changes from move to move, without the
    /// board's outline (a third less to copy, and no call to `memcpy`).
    #[inline(always)]
    pub fn set_position(&mut self, other: &Board<W>) {
        debug_assert!(self.on_board == other.on_board);
        self.stones = other.stones;
        self.hash = other.hash;
        self.ko = other.ko;
    }

    /// The same board without its columns from `cols` right and its rows
    /// from `rows` down, if they hold no stone (the hash and the points'
    /// indices do not change).
    pub fn cropped(&self, cols: usize, rows: usize) -> Option<Board<W>> {
        let mut keep = Bits::EMPTY;
        let s = Bits::<W>::STRIDE;
        for i in self.on_board.iter() {
            if i / s < rows && i % s < cols {
                keep.set(i);
            }
        }
        if !(self.occupied() & !keep).is_empty() || rows == 0 || cols == 0 {
            return None;
        }
        Some(Board {
            on_board: keep,
            width: cols.min(self.width()) as u8,
            height: rows.min(self.height()) as u8,
            ..*self
        })
    }

    /// The same board in `V` words, if it fits (the points keep their
    /// indices, so the hash and the ko point carry over).
    pub fn resized<const V: usize>(&self) -> Option<Board<V>> {
        if !Board::<V>::fits(self.width(), self.height()) {
            return None;
        }
        let mut board = Board {
            stones: [self.stones[0].resized()?, self.stones[1].resized()?],
            on_board: self.on_board.resized()?,
            hash: self.hash,
            ko: self.ko,
            width: self.width,
            height: self.height,
        };
        if Bits::<W>::STRIDE != Bits::<V>::STRIDE {
            // The points have new indices, and the hash is theirs.
            board.hash = board.recompute_hash();
            board.ko = match self.ko {
                Some(p) => Some(p.restride::<W, V>()?),
                None => None,
            };
        }
        Some(board)
    }

    /// A pass clears the ko ban.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Whether `c` may play at `p` under the full rules, without playing it.
    pub fn is_legal(&self, c: Color, p: Point) -> bool {
        let mut b = *self;
        b.play(c, p).is_ok()
    }

    /// Every block without a liberty (an illegal setup), if any.
    pub fn dead_blocks(&self) -> Bits<W> {
        let mut dead = Bits::EMPTY;
        let empty = self.empty();
        for c in [Color::Black, Color::White] {
            let mut rest = self.stones(c);
            while let Some(q) = rest.first() {
                let block = Bits::flood(Bits::single(q), self.stones(c));
                rest &= !block;
                if !block.spread().intersects(empty) {
                    dead |= block;
                }
            }
        }
        dead
    }

    /// Recomputes the Zobrist key from scratch (for consistency checks,
    /// and for a board whose points took new indices).
    pub fn recompute_hash(&self) -> u64 {
        let mut h = 0;
        for c in [Color::Black, Color::White] {
            for q in self.stones(c).iter() {
                h ^= zobrist::STONE[c.index()][q];
            }
        }
        h
    }
}

/// Whether a point of `empty` lies next to stone `q` or next to a stone of
/// `block` beside it: most blocks are seen to keep a liberty this way,
/// without a fill.
#[inline]
fn near_liberty<const W: usize>(q: usize, block: &Bits<W>, empty: &Bits<W>) -> bool {
    // In a handful of word operations rather than point by point: which
    // neighbour breathes is data the processor cannot predict, and the
    // branches of a walk missed often.
    Bits::around(q).intersects(*empty | (*block & empty.spread()))
}

/// A small deterministic random source (xorshift) for the board's tests.
#[cfg(test)]
pub(crate) fn test_random(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[cfg(test)]
mod tests;

/// A move: a stone on a point, or a pass (a move elsewhere on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Play(Point),
    Pass,
}

impl Move {
    /// SGF coordinates, "" for a pass.
    pub fn sgf(self) -> String {
        match self {
            Move::Play(p) => p.sgf(),
            Move::Pass => String::new(),
        }
    }
    /// Human coordinates ("C3", "pass").
    pub fn human(self, height: usize) -> String {
        match self {
            Move::Play(p) => p.human(height),
            Move::Pass => "pass".to_string(),
        }
    }
}
