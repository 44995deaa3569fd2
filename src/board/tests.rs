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

/// The rules from their definition, with whole-board floods: what the
/// fast `play_ignoring_ko` must agree with.
fn reference_play(b: &Board, c: Color, q: Point) -> Result<(Board, Bits), IllegalMove> {
    if !b.on_board().get(q.index()) {
        return Err(IllegalMove::OffBoard);
    }
    if b.color_at(q).is_some() {
        return Err(IllegalMove::Occupied);
    }
    let mut next = *b;
    next.put(c, q);
    let mut captured = Bits::EMPTY;
    for n in next.neighbours(q).iter() {
        if next.color_at(Point(n as u16)) == Some(c.opp()) {
            let block = next.block(Point(n as u16));
            if next.liberties(block).is_empty() {
                captured |= block;
            }
        }
    }
    for s in captured.iter() {
        next.remove(c.opp(), Point(s as u16));
    }
    if next.liberties(next.block(q)).is_empty() {
        return Err(IllegalMove::Suicide);
    }
    let alone = (next.neighbours(q) & next.stones(c)).is_empty();
    let ko = (captured.count() == 1 && alone && next.liberties(q.bit()) == captured)
        .then(|| Point(captured.first().unwrap() as u16));
    Ok((Board { ko, ..next }, captured))
}

#[test]
fn play_agrees_with_the_rules_from_their_definition() {
    let mut next = test_random(0x0123_4567_89AB_CDEFu64);
    for game in 0..400 {
        let side = [2, 3, 5, 7, 9, 13, 19][game % 7];
        let (w, h) = if game % 5 == 0 {
            (side, 19)
        } else {
            (side, side)
        };
        let mut b = Board::new(w, h);
        let mut c = Color::Black;
        for _ in 0..w * h * 3 {
            // Now and then a point off the board or occupied.
            let q = Point::new(next() as usize % 19, next() as usize % 19);
            let c2 = if next().is_multiple_of(7) { c.opp() } else { c };
            let want = reference_play(&b, c2, q);
            let mut got = b;
            let played = got.play_ignoring_ko(c2, q);
            match want {
                Err(e) => {
                    assert_eq!(played, Err(e));
                    assert_eq!(got, b);
                }
                Ok((after, captured)) => {
                    let played = played.unwrap();
                    assert_eq!(played.captured, captured);
                    assert_eq!(played.captured_count, captured.count());
                    assert_eq!(got, after, "{}", b.to_ascii());
                    assert_eq!(got.hash(), got.recompute_hash());
                    b = got;
                    c = c2.opp();
                }
            }
        }
    }
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

/// Random games on a board of `w` x `h`: the board in `W` words must
/// accept, refuse and capture exactly as the six-word one, and find the
/// same stones alive.
fn narrow_plays_as_wide<const W: usize>(w: usize, h: usize, seed: u64) {
    let mut next = test_random(seed);
    let mut wide = Board::new(w, h);
    let mut narrow: Board<W> = wide.resized().expect("the board fits");
    for turn in 0..4000 {
        let c = if turn % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let q = p(next() as usize % w, next() as usize % h);
        // Two words lay rows out shorter: the same point has another index.
        let nq = q.restride::<6, W>().expect("the point fits");
        let (a, b) = (wide.play(c, q), narrow.play(c, nq));
        assert_eq!(a.map(|x| x.captured_count), b.map(|x| x.captured_count));
        if let (Ok(a), Ok(b)) = (a, b) {
            assert_eq!(a.captured.resized::<W>(), Some(b.captured));
        }
        assert_eq!(wide.resized::<W>(), Some(narrow), "{w}x{h} turn {turn}");
        assert_eq!(
            benson::alive(&wide, c, wide.on_board()).resized::<W>(),
            Some(benson::alive(&narrow, c, narrow.on_board()))
        );
    }
}

#[test]
fn narrow_boards_play_exactly_as_six_word_ones() {
    for (w, h) in [(9, 9), (9, 12), (5, 3)] {
        narrow_plays_as_wide::<2>(w, h, 0x05EE_D0F2);
    }
    for (w, h) in [(9, 9), (19, 9), (7, 5), (13, 9)] {
        narrow_plays_as_wide::<3>(w, h, 0x05EE_D0F3);
    }
    for (w, h) in [(10, 10), (12, 12), (19, 12)] {
        narrow_plays_as_wide::<4>(w, h, 0x05EE_D0F4);
    }
    for (w, h) in [(13, 13), (16, 16), (19, 16)] {
        narrow_plays_as_wide::<5>(w, h, 0x05EE_D0F5);
    }
    assert_eq!(words_for(9, 6), 2);
    assert_eq!(words_for(9, 9), 2);
    assert_eq!(words_for(9, 12), 2);
    assert_eq!(words_for(9, 13), 5);
    assert_eq!(words_for(10, 6), 3);
    assert_eq!(words_for(19, 12), 4);
    assert_eq!(words_for(13, 13), 5);
    assert_eq!(words_for(17, 17), 6);
    assert!(Board::new(9, 10).resized::<3>().is_none());
    assert!(Board::new(13, 13).resized::<4>().is_none());
}
