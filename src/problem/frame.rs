//! A frame for a position whose attacker's wall is open: published
//! problems on a full board leave gaps in the wall that a player reads as
//! closed, because the attacker is strong outside. The frame says so on
//! the board: a line of attacker stones around the stones' box, one empty
//! line beyond the outermost stone, as problem files close their walls
//! by hand with `SQ`.

use crate::board::{Bits, Board, Color, Point};

/// The empty lines left between the outermost stones and the frame.
pub const MARGIN: usize = 1;

/// The empty points of the frame's line: around the box of every stone,
/// widened by `MARGIN` on each side that does not reach the board's edge.
/// None when there is no stone, or the line would hold no point (the box
/// reaches every edge).
pub fn frame_points(board: &Board) -> Option<Bits> {
    let stones = board.occupied();
    if stones.is_empty() {
        return None;
    }
    let (mut x0, mut y0) = (board.width(), board.height());
    let (mut x1, mut y1) = (0, 0);
    for q in stones.iter() {
        let p = Point(q as u16);
        (x0, y0) = (x0.min(p.x()), y0.min(p.y()));
        (x1, y1) = (x1.max(p.x()), y1.max(p.y()));
    }
    // The frame runs one line outside the margin.
    let reach = MARGIN + 1;
    let (fx0, fy0) = (x0 as isize - reach as isize, y0 as isize - reach as isize);
    let (fx1, fy1) = (x1 + reach, y1 + reach);
    let mut line = Bits::EMPTY;
    for y in 0..board.height() {
        for x in 0..board.width() {
            let (xi, yi) = (x as isize, y as isize);
            let inside = xi >= fx0 && yi >= fy0 && x <= fx1 && y <= fy1;
            let on_line = xi == fx0 || yi == fy0 || x == fx1 || y == fy1;
            if inside && on_line {
                line.set(Point::new(x, y).index());
            }
        }
    }
    // Two lines from every stone: the frame never touches one.
    (!line.is_empty()).then_some(line)
}

/// The board with the frame's line filled with `attacker` stones.
pub fn framed(board: &Board, attacker: Color) -> Option<Board> {
    let line = frame_points(board)?;
    let mut framed = *board;
    for q in line.iter() {
        framed.put(attacker, Point(q as u16));
    }
    Some(framed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_runs_one_empty_line_beyond_the_stones() {
        let mut b = Board::new(9, 9);
        b.put(Color::White, Point::new(1, 1));
        b.put(Color::Black, Point::new(3, 2));
        let f = framed(&b, Color::Black).unwrap();
        // Stones span columns 1..3 and rows 1..2: the margin is columns
        // to 4 and rows to 3, the frame column 5 and row 4; the board's
        // edges close the top and the left.
        assert_eq!(
            f.to_ascii(),
            Board::from_ascii(
                "
                .....X...
                .O...X...
                ...X.X...
                .....X...
                XXXXXX...
                .........
                .........
                .........
                .........",
            )
            .to_ascii()
        );
    }

    #[test]
    fn no_frame_where_the_stones_fill_the_board() {
        let mut b = Board::new(5, 5);
        b.put(Color::White, Point::new(0, 0));
        b.put(Color::Black, Point::new(4, 4));
        assert_eq!(frame_points(&b), None);
        assert_eq!(frame_points(&Board::new(5, 5)), None);
    }
}
