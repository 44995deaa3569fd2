//! A problem solved for both sides to move on one thread: the second
//! side's analysis starts from the first side's table turned round, and
//! comes to the answers it comes to alone, for much less work.

use shikatsu::analysis::{Analysis, Options, analyze};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{Problem, load_paths};

fn options() -> Options {
    Options {
        limits: Limits {
            positions: Some(20_000_000),
            time: None,
        },
        memory: 64 << 20,
        ..Options::default()
    }
}

fn bundled(name: &str) -> Problem {
    let path = format!("{}/problems/{name}", env!("CARGO_MANIFEST_DIR"));
    load_paths(&[path])
        .pop()
        .expect("one problem")
        .expect("it loads")
}

/// `sides` analysed one after the other on a thread of their own (the
/// tables a thread keeps are its own: a new thread starts with none).
fn on_a_new_thread(p: &Problem, sides: &[Color]) -> Vec<Analysis> {
    std::thread::scope(|s| {
        s.spawn(|| sides.iter().map(|&c| analyze(p, c, &options())).collect())
            .join()
            .expect("the analyses run")
    })
}

fn answers(a: &Analysis) -> impl PartialEq + std::fmt::Debug {
    let mut first = a.first_moves.clone();
    first.sort();
    let mut other = a.other_moves.clone();
    other.sort();
    (a.status, a.life, first, other, a.all_first_moves, a.checked)
}

#[test]
fn the_second_side_starts_from_the_first_sides_table() {
    // Second-line eight: Black to move kills, White to move lives.
    let p = bundled("classic/second-line-eight-live.sgf");
    let alone = on_a_new_thread(&p, &[Color::White]).remove(0);
    let both = on_a_new_thread(&p, &[Color::Black, Color::White]);
    let after = &both[1];
    assert_eq!(answers(after), answers(&alone));
    assert!(after.checked && after.all_first_moves);
    assert!(
        after.positions * 4 < alone.positions,
        "White after Black: {} positions, alone: {}",
        after.positions,
        alone.positions
    );
    // Black's own analysis is the one it always was.
    let black = on_a_new_thread(&p, &[Color::Black]).remove(0);
    assert_eq!(both[0].positions, black.positions);
}

#[test]
fn another_problem_s_table_is_not_carried_over() {
    let p = bundled("classic/second-line-eight-live.sgf");
    let q = bundled("classic/rabbity-six.sgf");
    let alone = on_a_new_thread(&p, &[Color::White]).remove(0);
    let runs = std::thread::scope(|s| {
        s.spawn(|| {
            analyze(&q, Color::Black, &options());
            analyze(&p, Color::White, &options())
        })
        .join()
        .expect("the analyses run")
    });
    assert_eq!(answers(&runs), answers(&alone));
    assert_eq!(runs.positions, alone.positions);
}
