//! Every integration test in one test binary: each file of `tests/` is a
//! module of it. Separate binaries each linked the library and the
//! standard library again with link-time optimisation, which made the
//! release build of the tests most of the time `cargo test --release`
//! took.
//!
//! proptest keeps the failing cases it shrank beside the folder that
//! holds a `main.rs` or `lib.rs`: for these files that is this folder, so
//! their cases are in `proptest-regressions/NAME.txt` at the top of the
//! repository, and they run first in every `cargo test`.

mod binary;
mod common;

mod analysis_cross_check;
mod board_widths;
mod bundled_problems;
mod carried_table;
mod checker;
mod cli_bad_input;
mod cli_formats;
mod dfpn_reference;
mod external_suite;
mod file_lines;
mod first_moves_threads;
mod go_cross_check;
mod guess_target;
mod idle_help;
mod ko_suite;
mod life_in_answers;
mod no_room;
mod parallel_ko;
mod paused_search;
mod resume_table;
mod sgf_damage;
mod sgf_load;
mod solve_resume;
mod symmetry;
mod tui_tmux;
mod watched_threads;
mod zones;
