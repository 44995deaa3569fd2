use super::*;

fn p(x: usize, y: usize) -> Point {
    Point::new(x, y)
}

#[test]
fn single_stone_capture_removes_it_and_updates_hash() {
    let mut b = Board::from_ascii(
        "
        .X...
        XO...
        .X...",
    );
    let played = b.play(Color::Black, p(2, 1)).unwrap();
    assert_eq!(played.captured_count, 1);
    assert_eq!(b.color_at(p(1, 1)), None);
    assert_eq!(b.hash(), b.recompute_hash());
}

#[test]
fn multi_stone_capture_in_the_corner() {
    let mut b = Board::from_ascii(
        "
        OO.X.
        OXX..
        X....",
    );
    let played = b.play(Color::Black, p(2, 0)).unwrap();
    assert_eq!(played.captured_count, 3);
    assert_eq!(b.stones(Color::White), Bits::EMPTY);
    assert_eq!(b.hash(), b.recompute_hash());
}

#[test]
fn suicide_is_illegal_and_leaves_the_board_unchanged() {
    let mut b = Board::from_ascii(
        "
        .X...
        X....
        .....",
    );
    let before = b;
    assert_eq!(b.play(Color::White, p(0, 0)), Err(IllegalMove::Suicide));
    assert_eq!(b, before);
}

#[test]
fn multi_stone_suicide_is_illegal() {
    let mut b = Board::from_ascii(
        "
        O.X..
        XX...
        .....",
    );
    assert_eq!(b.play(Color::White, p(1, 0)), Err(IllegalMove::Suicide));
}

#[test]
fn capturing_has_precedence_over_suicide() {
    let mut b = Board::from_ascii(
        "
        .OX..
        OX...
        .....",
    );
    // Black at (0,0) would have no liberty, but it takes the last liberty of
    // the white stone at (1,0) first.
    let played = b.play(Color::Black, p(0, 0)).unwrap();
    assert_eq!(played.captured_count, 1);
    assert_eq!(b.color_at(p(1, 0)), None);
}

#[test]
fn ko_recapture_is_banned_once_then_allowed() {
    let mut b = Board::from_ascii(
        "
        .XO..
        XO.O.
        .XO..",
    );
    // Black captures at (2,1).
    let played = b.play(Color::Black, p(2, 1)).unwrap();
    assert_eq!(played.captured_count, 1);
    assert_eq!(b.ko(), Some(p(1, 1)));
    assert_eq!(b.play(Color::White, p(1, 1)), Err(IllegalMove::Ko));
    // A move elsewhere lifts the ban.
    b.play(Color::White, p(4, 2)).unwrap();
    b.play(Color::Black, p(4, 0)).unwrap();
    assert!(b.play(Color::White, p(1, 1)).is_ok());
}

#[test]
fn capturing_two_stones_leaves_no_ko_point() {
    let mut b = Board::from_ascii(
        "
        XOO..
        .XX..
        .....",
    );
    let played = b.play(Color::Black, p(3, 0)).unwrap();
    assert_eq!(played.captured_count, 2);
    assert_eq!(b.ko(), None);
    // White may play back into the space at once.
    assert!(b.play(Color::White, p(1, 0)).is_ok());
}

#[test]
fn occupied_and_off_board_are_illegal() {
    let mut b = Board::from_ascii(
        "
        X..
        ...",
    );
    assert_eq!(b.play(Color::White, p(0, 0)), Err(IllegalMove::Occupied));
    assert_eq!(b.play(Color::White, p(5, 0)), Err(IllegalMove::OffBoard));
}

#[test]
fn dead_blocks_finds_stones_without_liberties() {
    let b = Board::from_ascii(
        "
        OX.
        X..",
    );
    assert_eq!(b.dead_blocks(), p(0, 0).bit());
}

#[test]
fn coordinates_round_trip() {
    let q = p(3, 8);
    assert_eq!(q.sgf(), "di");
    assert_eq!(Point::from_sgf("di"), Some(q));
    assert_eq!(q.human(9), "D1");
    assert_eq!(p(8, 0).human(9), "J9");
    assert_eq!(Point::from_sgf("zz"), None);
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn zobrist_key_matches_recomputation_after_random_play(
            moves in proptest::collection::vec((0usize..7, 0usize..7), 0..120)
        ) {
            let mut b = Board::new(7, 7);
            let mut c = Color::Black;
            for (x, y) in moves {
                if b.play(c, Point::new(x, y)).is_ok() {
                    c = c.opp();
                }
                prop_assert_eq!(b.hash(), b.recompute_hash());
                prop_assert!(b.dead_blocks().is_empty());
            }
        }
    }
}
