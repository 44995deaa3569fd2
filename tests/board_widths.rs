//! The search runs on the narrowest bitboards that hold the board (three
//! words for up to nine rows, four for twelve, five for sixteen); it must
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
    let mut compared = 0;
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
                compared += 1;
            }
        }
    }
    assert!(compared >= 60, "only {compared} searches compared");
}

/// The search leaves out the empty rows below a problem (`for_search`):
/// the bundled nine-by-nine problems, set in the top corner of a 19x19
/// board, must be searched exactly as on the whole board, in fewer words.
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
        assert!(
            q.rows_in_play() <= 10,
            "{}: {} rows",
            q.label(),
            q.rows_in_play()
        );
        assert!(Tsumego::<3>::fits_search(&q), "{}", q.label());
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
            let mut cropped: Tsumego<3> = Tsumego::for_search(&q, side, side, master);
            let mut s = Searcher::new(16 << 20);
            let b = s.solve(&mut cropped, limits, &mut Unobserved);
            assert_eq!(
                a,
                (format!("{b:?}"), s.positions()),
                "{} {}",
                q.label(),
                side.letter()
            );
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} searches compared");
}
