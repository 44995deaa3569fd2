//! The search runs on the narrowest bitboards that hold the board (two
//! words, with rows of ten points, for up to nine columns and twelve rows;
//! three for up to nine rows, four for twelve, five for sixteen); it must
//! be the very same search as on six-word ones: the same outcome after the
//! same number of positions, on every bundled problem, in every width
//! that holds it.

use shikatsu::dfpn::{Limits, Searcher, Unobserved};
use shikatsu::problem::{Problem, load_paths};
use shikatsu::tsumego::Tsumego;

fn search<const W: usize>(p: &Problem, side: shikatsu::board::Color, mine: bool) -> (String, u64) {
    let master = if mine { side } else { side.opp() };
    let mut g: Tsumego<W> = Tsumego::new(p, side, side, Some(master));
    let mut s = Searcher::new(16 << 20);
    let limits = Limits {
        positions: Some(300_000),
        time: None,
    };
    let outcome = s.solve(&mut g, limits, &mut Unobserved);
    (format!("{outcome:?}"), s.positions())
}

#[test]
fn narrow_and_wide_boards_search_alike() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");
    let (mut compared, mut narrow) = (0, 0);
    for p in load_paths(&[dir.to_string()]).into_iter().flatten() {
        for side in p.sides() {
            for mine in [false, true] {
                let wide = search::<6>(&p, side, mine);
                let label = format!("{} {}", p.label(), side.letter());
                if Tsumego::<5>::fits(&p) {
                    assert_eq!(search::<5>(&p, side, mine), wide, "{label}, five words");
                }
                if Tsumego::<4>::fits(&p) {
                    assert_eq!(search::<4>(&p, side, mine), wide, "{label}, four words");
                }
                if Tsumego::<3>::fits(&p) {
                    assert_eq!(search::<3>(&p, side, mine), wide, "{label}, three words");
                } else {
                    assert!(p.board.height() > 9, "{label}");
                }
                if Tsumego::<2>::fits(&p) {
                    assert_eq!(search::<2>(&p, side, mine), wide, "{label}, two words");
                    narrow += 1;
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "only {compared} searches compared");
    assert!(narrow >= 40, "only {narrow} searches in two words");
}

/// The search leaves out the empty rows below a problem and the empty
/// columns right of it (`for_search`): the bundled nine-by-nine problems,
/// set in the top corner of a 19x19 board, must be searched exactly as on
/// the whole board, in fewer words (with the same answer where the
/// problem is turned as well).
#[test]
fn rows_below_the_problem_change_nothing() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");
    let mut compared = 0;
    for p in load_paths(&[dir.to_string()]).into_iter().flatten() {
        if p.board.height() != 9 || p.board.width() != 9 {
            continue;
        }
        let text = std::fs::read_to_string(&p.file).unwrap();
        let big = text.replacen("SZ[9]", "SZ[19]", 1);
        let name = p.file.to_string_lossy();
        let problems = shikatsu::problem::sgf::load_str(&name, &big);
        let Some(Ok(q)) = problems.into_iter().nth(p.index) else {
            continue;
        };
        assert_eq!(q.board.height(), 19);
        let (cols, rows) = q.search_shape();
        assert!(rows <= 10, "{}: {rows} rows", q.label());
        let words = shikatsu::board::words_for(cols, rows);
        assert!(words <= 3, "{}: {words} words", q.label());
        for side in q.sides() {
            let master = Some(side.opp());
            let limits = Limits {
                positions: Some(300_000),
                time: None,
            };
            let mut whole: Tsumego = Tsumego::new(&q, side, side, master);
            let mut s = Searcher::new(16 << 20);
            let a = s.solve(&mut whole, limits, &mut Unobserved);
            let a = (format!("{a:?}"), s.positions());
            let mut s = Searcher::new(16 << 20);
            let b = shikatsu::with_words!(words, W => {
                let mut cropped: Tsumego<W> = Tsumego::for_search(&q, side, side, master);
                s.solve(&mut cropped, limits, &mut Unobserved)
            });
            let b = (format!("{b:?}"), s.positions());
            let label = format!("{} {}", q.label(), side.letter());
            if q.orientation().0.is_identity() {
                assert_eq!(a, b, "{label}");
            } else {
                // Turned (a side problem laid along the top): other keys,
                // so another path through the table; the same answer.
                assert_eq!(a.0, b.0, "{label}");
            }
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} searches compared");
}

/// Every point of an SGF text moved by (`dx`, `dy`) (points are the only
/// two-lower-case-letter values in the bundled files).
fn shifted(text: &str, dx: u8, dy: u8) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if i + 3 < b.len()
            && b[i] == b'['
            && b[i + 1].is_ascii_lowercase()
            && b[i + 2].is_ascii_lowercase()
            && b[i + 3] == b']'
        {
            out.extend_from_slice(&[b'[', b[i + 1] + dx, b[i + 2] + dy, b']']);
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The search turns a problem into the top rows (`Problem::orientation`)
/// and hands back the problem's own moves: the bundled nine-by-nine
/// problems set in the other corners and sides of a 19x19 board get the
/// same statuses as on their own board, with checked proofs, and first
/// moves moved with them.
#[test]
fn turned_problems_keep_their_answers() {
    use shikatsu::analysis::{Options, analyze};
    use shikatsu::board::{Move, Point};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");
    let options = Options {
        limits: Limits {
            positions: Some(2_000_000),
            time: None,
        },
        memory: 64 << 20,
        status_only: true,
        ..Options::default()
    };
    let (mut compared, mut turned) = (0, 0);
    for p in load_paths(&[dir.to_string()]).into_iter().flatten() {
        if p.board.height() != 9 || p.board.width() != 9 {
            continue;
        }
        let text = std::fs::read_to_string(&p.file).unwrap();
        let big = text.replacen("SZ[9]", "SZ[19]", 1);
        // Bottom right (a flip), bottom left, middle of the left side.
        for (dx, dy) in [(10, 10), (0, 10), (0, 5)] {
            let name = p.file.to_string_lossy();
            let moved = shifted(&big, dx, dy);
            let Some(Ok(q)) = shikatsu::problem::sgf::load_str(&name, &moved)
                .into_iter()
                .nth(p.index)
            else {
                continue;
            };
            let (o, _, rows) = q.orientation();
            assert!(rows <= 12, "{}: {rows} rows", q.label());
            turned += usize::from(!o.is_identity());
            for side in q.sides() {
                let here = analyze(&p, side, &options);
                let there = analyze(&q, side, &options);
                let label = format!("{} {} moved by {dx},{dy}", p.label(), side.letter());
                assert_eq!(here.status, there.status, "{label}");
                assert_eq!(here.proof.is_some(), there.proof.is_some(), "{label}");
                let back = |m: &Move| match *m {
                    Move::Play(pt) => {
                        Move::Play(Point::new(pt.x() - dx as usize, pt.y() - dy as usize))
                    }
                    Move::Pass => Move::Pass,
                };
                for m in &there.first_moves {
                    assert!(
                        p.board
                            .color_at(match back(m) {
                                Move::Play(pt) => pt,
                                Move::Pass => continue,
                            })
                            .is_none(),
                        "{label}: first move {m:?} not on an empty point"
                    );
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 30, "only {compared} analyses compared");
    assert!(turned >= 10, "only {turned} problems turned");
}
