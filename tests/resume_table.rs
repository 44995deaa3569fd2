//! A search kept with `Options::resume` goes on where it stopped: an
//! unknown solved again under the same key with larger limits needs only
//! what was left, where a fresh search under those limits is still
//! unknown; another key starts afresh, except the other side's of the
//! same problem, which gets the table turned round.

use shikatsu::analysis::{KoRule, Options, Resume, Status, analyze, resume_key};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{Problem, load_paths};

fn options(positions: Option<u64>, key: Option<u64>) -> Options {
    Options {
        limits: Limits {
            positions,
            time: None,
        },
        memory: 64 << 20,
        status_only: true,
        resume: key.map(|key| Resume { owner: 1, key }),
        ..Options::default()
    }
}

/// The bundled second-line eight: Black to move kills, White to move
/// fails to live.
fn second_line_eight() -> Problem {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/second-line-eight-live.sgf"
    );
    load_paths(&[file.to_string()])
        .remove(0)
        .expect("the bundled problem loads")
}

#[test]
fn a_kept_table_goes_on_where_the_search_stopped() {
    let p = second_line_eight();
    let side = Color::White;
    let full = analyze(&p, side, &options(None, None));
    assert_eq!(
        full.status,
        Status::Fails,
        "the eight on the second line dies"
    );
    let n = full.positions;
    let key = resume_key(&p, side, KoRule::Auto);
    let limit = Some(n * 2 / 3);
    let fresh = analyze(&p, side, &options(limit, None));
    assert_eq!(
        fresh.status,
        Status::Unknown,
        "two thirds of the work is not enough"
    );
    let first = analyze(&p, side, &options(limit, Some(key)));
    assert_eq!(first.status, Status::Unknown);
    let again = analyze(&p, side, &options(limit, Some(key)));
    assert_eq!(
        again.status,
        Status::Fails,
        "the kept table holds the first two thirds"
    );
    assert!(again.checked, "the resumed search's proof is checked");
    assert!(
        again.positions < n / 2,
        "only what was left: {} of {n}",
        again.positions
    );
    // Another key (here, another ko rule's) starts from an empty table.
    let other = resume_key(&p, side, KoRule::Fixed(None));
    assert_ne!(other, key);
    let afresh = analyze(&p, side, &options(limit, Some(other)));
    assert_eq!(afresh.status, Status::Unknown);
    assert_eq!(afresh.positions, fresh.positions);
}

#[test]
fn a_kept_table_serves_the_other_side_turned_round() {
    let p = second_line_eight();
    let alone = analyze(&p, Color::White, &options(None, None));
    // The owner solves Black, then White: the table it kept for Black's
    // key is turned round for White's (the terminal UI going from one
    // side of a problem to the other).
    let black = resume_key(&p, Color::Black, KoRule::Auto);
    let white = resume_key(&p, Color::White, KoRule::Auto);
    // An owner of its own: the kept tables are the process's, and the
    // test above runs beside this one.
    let kept = |key| Options {
        resume: Some(Resume { owner: 2, key }),
        ..options(None, None)
    };
    analyze(&p, Color::Black, &kept(black));
    let after = analyze(&p, Color::White, &kept(white));
    assert_eq!(after.status, alone.status);
    assert!(after.checked);
    assert!(
        after.positions * 4 < alone.positions,
        "White after Black: {} positions, alone: {}",
        after.positions,
        alone.positions
    );
}
