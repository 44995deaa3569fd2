//! A viewer's pause is not search time: an observer that holds the
//! search (the terminal UI's space bar) says for how long
//! (`Observer::held`), and the time limit counts only the rest. A pause
//! longer than the limit used to end the search as soon as it resumed.

use std::time::{Duration, Instant};

use shikatsu::analysis::{Options, Status, analyze_observed};
use shikatsu::board::{Color, Move};
use shikatsu::dfpn::{Limits, Observer, SearchView};
use shikatsu::problem::sgf::load_str;

/// Black to kill three white stones with the whole bottom of the board
/// to live in: far more than a fraction of a second of search.
const WIDE: &str = "(;FF[4]SZ[9]PL[B]AB[af][bf][cf][df][ef][ff][gf][hf][if]AW[dh][eh][fh]MA[eh])";

/// Holds the search once, for `pause`, at its first expansion.
struct PausesOnce {
    pause: Duration,
    held: Duration,
}

impl Observer<Move> for PausesOnce {
    fn after_expand(&mut self, _: &SearchView<'_, Move>) -> bool {
        if self.held.is_zero() {
            let t0 = Instant::now();
            std::thread::sleep(self.pause);
            self.held = t0.elapsed();
        }
        true
    }

    fn held(&self) -> Duration {
        self.held
    }
}

#[test]
fn a_pause_longer_than_the_time_limit_leaves_the_search_its_time() {
    let problem = load_str("wide.sgf", WIDE).pop().unwrap().unwrap();
    let limit = Duration::from_millis(300);
    let opts = Options {
        limits: Limits {
            positions: None,
            time: Some(limit),
        },
        memory: 64 << 20,
        status_only: true,
        ..Options::default()
    };
    let pause = Duration::from_millis(600);
    let mut observer = PausesOnce {
        pause,
        held: Duration::ZERO,
    };
    let start = Instant::now();
    let a = analyze_observed(&problem, Color::Black, &opts, &mut observer);
    let wall = start.elapsed();
    assert_eq!(
        a.status,
        Status::Unknown,
        "a search of a fraction of a second"
    );
    // The pause plus the whole limit, at least: a slower machine only
    // makes it longer. Counted from the clock, the pause alone was past
    // the limit and the search stopped at its next look at the clock.
    assert!(
        wall >= pause + limit,
        "ran {wall:?} for a pause of {pause:?} and a limit of {limit:?}"
    );
    assert!(observer.held >= pause);
}
