//! A target for a position that marks none: most published collections
//! give only the stones and the answer, and a player reads the problem's
//! group off the board. So does this, conservatively: it names a group
//! only when the position has exactly one that could be the question.

use super::region::enclosed_region;
use crate::board::{Bits, Board, Color, Point, benson};

/// A group the position could be asking about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// Its largest block's first stone (the point a mark would be on).
    pub point: Point,
    pub color: Color,
    /// The empty points inside the wall around it.
    pub room: u32,
}

/// The most empty points a guessed target's region may hold: the size of
/// the largest regions of published problems (the tsumego.js suite's go
/// to 27). A larger enclosed area is a framework, not a problem.
pub const MAX_ROOM: u32 = 40;

/// The least room of an enclosed area that is a framework, not a
/// problem's group, when a group with half its room or less faces it.
const FRAMEWORK: u32 = 8;

/// A group: its colour, its region's area, its largest block.
type Group = (Color, Bits, Bits);

/// The groups but those `beaten` by a group of the other colour.
fn keep_unless(groups: Vec<Group>, beaten: impl Fn(&Group, &Group) -> bool) -> Vec<Group> {
    let keep: Vec<bool> = groups
        .iter()
        .map(|x| !groups.iter().any(|y| y.0 != x.0 && beaten(x, y)))
        .collect();
    groups
        .into_iter()
        .zip(keep)
        .filter_map(|(g, k)| k.then_some(g))
        .collect()
}

/// Every group of the position that a tsumego could be about: each
/// block of either colour that a wall of the other colour encloses (the
/// region the loader would infer for it as a target has a safe wall and
/// at most `MAX_ROOM` empty points) and that is not already alive by
/// Benson's test. Blocks of one colour inside one region are one group,
/// named by its largest block. Where groups of both colours are found,
/// a framework facing a small group, and a block inside the other
/// colour's region, are left out (see below).
pub fn candidates(board: &Board) -> Vec<Candidate> {
    let mut found: Vec<Group> = Vec::new();
    let mut seen = Bits::EMPTY;
    for q in board.occupied().iter() {
        if seen.get(q) {
            continue;
        }
        let point = Point(q as u16);
        let block = board.block(point);
        seen |= block;
        let color = board
            .color_at(point)
            .expect("an occupied point has a stone");
        let Some(region) = enclosed_region(board, block, color) else {
            continue;
        };
        if (region.area & board.empty()).count() > MAX_ROOM {
            continue;
        }
        if !(benson::alive(board, color, region.area | region.safe_wall) & block).is_empty() {
            continue;
        }
        match found
            .iter_mut()
            .find(|(c, area, _)| *c == color && *area == region.area)
        {
            Some((_, _, largest)) if block.count() > largest.count() => *largest = block,
            Some(_) => {}
            None => found.push((color, region.area, block)),
        }
    }
    // Two groups that enclose each other: a problem's group with its few
    // points, and around it a wall that only a small board's far side
    // closes in. A group with half the other's room or less, the other
    // with room for a framework, is the problem.
    let room = |g: &Group| (g.1 & board.empty()).count();
    let found = keep_unless(found, |x, y| room(x) >= FRAMEWORK && room(x) >= 2 * room(y));
    // A block inside another group's region, one that group's moves
    // could capture, is part of that group's problem (an attacker's
    // stones in its eye space), not a problem of its own; unless each is
    // inside the other's region (a semeai), which only a mark decides.
    let inside = |x: &Group, y: &Group| (x.2 & !y.1).is_empty();
    let found = keep_unless(found, |x, y| inside(x, y) && !inside(y, x));
    found
        .into_iter()
        .map(|(color, area, block)| Candidate {
            point: Point(block.first().expect("a block has a stone") as u16),
            color,
            room: room(&(color, area, block)),
        })
        .collect()
}

/// The one group the position can be about, or why there is none to
/// name: no enclosed group, or several (a semeai, two problems on one
/// board), which only a mark can tell apart.
pub fn guess_target(board: &Board) -> Result<Point, String> {
    name_one(board, &candidates(board))
}

/// The guess for a file whose `SQ` marks `holes` in the wall: the holes
/// are filled with the attacker's stones, and the attacker is what the
/// guess is for. So each colour's fill is tried, and the groups of the
/// other colour it closes in are the candidates (a fill that leaves a
/// block without liberties is no reading of the file).
pub fn guess_target_with_holes(board: &Board, holes: &[Point]) -> Result<Point, String> {
    if holes.is_empty() {
        return guess_target(board);
    }
    let mut found = Vec::new();
    for fill in [Color::Black, Color::White] {
        let mut filled = *board;
        for &q in holes {
            filled.put(fill, q);
        }
        if filled.dead_blocks().is_empty() {
            found.extend(candidates(&filled).into_iter().filter(|c| c.color != fill));
        }
    }
    name_one(board, &found)
}

fn name_one(board: &Board, found: &[Candidate]) -> Result<Point, String> {
    match found {
        [one] => Ok(one.point),
        [] => Err("no target: no MA, and no group inside a wall of the other colour to guess; mark a stone of the target block with MA".to_string()),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|c| {
                    format!(
                        "{} {}",
                        c.color.name(),
                        c.point.human(board.height())
                    )
                })
                .collect();
            Err(format!(
                "no target: no MA, and {} enclosed groups could be the target ({}); mark one with MA",
                many.len(),
                names.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 9x9 board's top rows, the rest empty: the corner's problem and
    /// the wall around it.
    fn nine(top: &str) -> Board {
        let rows = top.lines().filter(|l| !l.trim().is_empty()).count();
        let empty = ".........\n".repeat(9 - rows);
        Board::from_ascii(&format!("{top}\n{empty}"))
    }

    fn guessed(board: &Board) -> (Color, String) {
        let p = guess_target(board).expect("a target is guessed");
        (board.color_at(p).unwrap(), p.human(board.height()))
    }

    #[test]
    fn a_corner_group_inside_a_wall_is_the_target() {
        let b = nine(
            "
            .OO.X....
            OOOOX....
            XXXXX....",
        );
        assert_eq!(guessed(&b), (Color::White, "B9".to_string()));
    }

    #[test]
    fn the_attackers_stones_in_its_eye_space_are_part_of_the_problem() {
        // Black's stone on B9 could be captured by White: it is inside
        // White's region, not a group of its own problem.
        let b = nine(
            "
            .XO.X....
            OOOOX....
            XXXXX....",
        );
        assert_eq!(guessed(&b).0, Color::White);
    }

    #[test]
    fn the_largest_block_names_the_group() {
        // Three white blocks in one region: D9's of three stones.
        let b = nine(
            "
            .O.O.X...
            O.OO.X...
            .....X...
            XXXXXX...",
        );
        assert_eq!(guessed(&b), (Color::White, "D9".to_string()));
    }

    #[test]
    fn a_group_already_alive_is_not_guessed() {
        let b = nine(
            "
            .O.O.OX..
            OOOOOOX..
            XXXXXXX..",
        );
        let e = guess_target(&b).unwrap_err();
        assert!(e.contains("no group inside a wall"), "{e}");
    }

    #[test]
    fn two_problems_on_one_board_are_not_guessed() {
        let b = Board::from_ascii(
            "
            .OO.X....
            OOOOX....
            XXXXX....
            .........
            .........
            .........
            ....OOOOO
            ....OXXXX
            ....OX.XX",
        );
        let e = guess_target(&b).unwrap_err();
        assert!(
            e.contains("2 enclosed groups could be the target (White B9, Black F2)"),
            "{e}"
        );
        assert!(e.ends_with("mark one with MA"), "{e}");
    }

    #[test]
    fn a_wall_that_a_small_boards_far_side_closes_is_not_the_target() {
        // On a 5x5 board Black's wall has only the far side's points
        // around it, and White's stones: both groups are enclosed, but
        // Black's is the framework around White's problem.
        let b = Board::from_ascii(
            "
            ..OX.
            ..OX.
            OOOX.
            XXXX.
            .....",
        );
        assert_eq!(candidates(&b).len(), 1);
        assert_eq!(guessed(&b).0, Color::White);
    }

    #[test]
    fn holes_that_sq_fills_close_the_wall_of_the_guess() {
        // E8 is open: no wall closes White in, until SQ's fill does.
        let b = nine(
            "
            .OO.X....
            OOOO.....
            XXXXX....",
        );
        assert!(guess_target(&b).is_err());
        let e8 = Point::new(4, 1);
        let p = guess_target_with_holes(&b, &[e8]).expect("White is closed in");
        assert_eq!(
            (b.color_at(p), p.human(9)),
            (Some(Color::White), "B9".to_string())
        );
    }

    #[test]
    fn a_group_whose_wall_closes_only_diagonally_is_not_guessed() {
        // The loader's 4-neighbour fallback would enclose White here; a
        // guess does not rest on it.
        let b = nine(
            "
            .OO.X....
            OOOO.X...
            XXXXX....",
        );
        assert!(guess_target(&b).is_err());
    }
}
