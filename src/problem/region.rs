//! The region inside the attacker's wall, and the wall itself.

use crate::board::{Bits, Board, Color};

/// The most empty points an unwalled area may have to be accepted: a
/// whole small board (a 5x5, a corner of a 7x7), about the size of the
/// largest walled regions. A 9x9 board with no wall is a game of Go, not
/// a tsumego (DESIGN.md: no safe wall is an error).
pub const OPEN_AREA_LIMIT: u32 = 30;

/// Where the fight happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Every point inside the wall: empty points, defender stones and the
    /// attacker stones that can be captured. Moves are played on its empty points.
    pub area: Bits,
    /// Attacker blocks around the area with two or more liberties outside
    /// it: moves inside the area can never capture them.
    pub safe_wall: Bits,
}

/// Grows the area from the target through empty points and defender
/// stones with 8-neighbour steps (a diagonal gap in the wall lets the
/// area out; when that leaves no wall, 4-neighbour steps are tried), then takes in every touching attacker block with at most
/// one liberty outside the area (it could be captured) together with its
/// liberties, until nothing changes. The remaining touching attacker
/// blocks are the safe wall; without one the problem is not enclosed.
pub fn infer_region(board: &Board, target: Bits, defender: Color) -> Result<Region, String> {
    grow(board, target, defender, Bits::flood8).or_else(|e| {
        // A wall whose stones touch only diagonally still encloses in the
        // tsumego.js convention: its suite relies on it.
        grow(board, target, defender, Bits::flood).map_err(|_| e)
    })
}

/// The region of `infer_region` when a wall closes it with no diagonal
/// gap: a small board's open area, or a wall that only diagonal steps
/// close, serves a marked target but says nothing of which group a
/// position is about.
pub(super) fn enclosed_region(board: &Board, target: Bits, defender: Color) -> Option<Region> {
    grow(board, target, defender, Bits::flood8)
        .ok()
        .filter(|r| !r.safe_wall.is_empty())
}

fn grow(
    board: &Board,
    target: Bits,
    defender: Color,
    flood: fn(Bits, Bits) -> Bits,
) -> Result<Region, String> {
    let attacker = board.stones(defender.opp());
    let passable = board.on_board() & !attacker;
    let mut area = flood(target, passable);
    let empty = board.empty();
    loop {
        let mut grew = false;
        let mut touching = area.spread() & attacker & !area;
        while let Some(q) = touching.first() {
            let block = Bits::flood(Bits::single(q), attacker);
            touching &= !block;
            let libs = block.spread() & empty;
            if (libs & !area).count() <= 1 {
                area |= block | libs;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut safe_wall = Bits::EMPTY;
    let mut touching = area.spread() & attacker & !area;
    while let Some(q) = touching.first() {
        let block = Bits::flood(Bits::single(q), attacker);
        touching &= !block;
        safe_wall |= block;
    }
    if safe_wall.is_empty() {
        // Without a wall the area is everything the target can reach. A
        // small board is still a finite problem (the edge is the wall);
        // beyond that size the position is simply not a tsumego.
        let open = (area & empty).count();
        if open <= OPEN_AREA_LIMIT {
            return Ok(Region { area, safe_wall });
        }
        return Err(format!(
            "the target is not enclosed: no attacker wall with two or more outside liberties surrounds it ({open} empty points reachable, at most {OPEN_AREA_LIMIT} without a wall)"
        ));
    }
    Ok(Region { area, safe_wall })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn corner_group_inside_a_solid_wall() {
        let b = Board::from_ascii(
            "
            .O.X.....
            OO.X.....
            XXXX.....
            .........",
        );
        let t = b.block(Point::new(1, 1));
        let r = infer_region(&b, t, Color::White).unwrap();
        assert_eq!(r.area.count(), 6);
        assert!(r.safe_wall.get(Point::new(0, 2).index()));
    }

    #[test]
    fn an_open_position_is_rejected() {
        let mut b = Board::new(19, 19);
        b.put(Color::White, Point::new(3, 3));
        b.put(Color::Black, Point::new(15, 3));
        let t = b.block(Point::new(3, 3));
        let e = infer_region(&b, t, Color::White).unwrap_err();
        assert!(e.contains("not enclosed"), "{e}");
    }

    #[test]
    fn a_small_open_board_is_its_own_region() {
        let b = Board::from_ascii(
            "
            .O.......
            OO.......
            .........",
        );
        let t = b.block(Point::new(1, 1));
        let r = infer_region(&b, t, Color::White).unwrap();
        assert_eq!(r.area.count(), 27);
        assert!(r.safe_wall.is_empty());
    }

    #[test]
    fn a_weak_attacker_stone_inside_is_part_of_the_region() {
        let b = Board::from_ascii(
            "
            .OX.X....
            OO..X....
            XXXXX....
            .........",
        );
        let t = b.block(Point::new(1, 1));
        let r = infer_region(&b, t, Color::White).unwrap();
        // The lone black stone at (2,0) has both liberties inside: capturable.
        assert!(r.area.get(Point::new(2, 0).index()));
        assert!(!r.safe_wall.get(Point::new(2, 0).index()));
    }
}
