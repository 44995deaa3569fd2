//! Frames of the UI rendered on ratatui's `TestBackend` and pinned with
//! insta, and key handling on `App` without a terminal.
//!
//! Every search here is deterministic: the problems are written below,
//! the table is small and fixed, stepping counts expansions, and timing
//! figures are drawn as placeholders (`Config::redact`).

use std::path::PathBuf;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color as Tc;

use shikatsu::analysis::{KoRule, Options, Status};
use shikatsu::board::{Color, Move, Point};
use shikatsu::dfpn::Limits;
use shikatsu::problem::load_paths;
use shikatsu::problem::sgf::load_str;
use shikatsu::report::proof_file;

use super::app::{App, Config, Overlay, Phase, entries, load_failure, parse_point};
use super::keys::Action;
use super::ui::draw;

#[path = "../../tests/common/mod.rs"]
mod common;

/// Straight three on the edge: Black kills at B9 (the middle).
const THREE: &str = "(;FF[4]GM[1]SZ[9]PL[B]GN[Straight three]C[Black to kill.]
AB[ea][eb][ac][bc][cc][dc][ec]AW[da][ab][bb][cb][db]MA[bb];B[ba])";

/// Nine points of eye space: White lives whatever Black does (a search
/// of some thousands of positions, long enough to step through).
const NINE: &str = "(;FF[4]GM[1]SZ[9]PL[B]GN[Nine in the corner]
AB[ga][gb][gc][ad][bd][cd][dd][ed][fd][gd][fc]AW[fa][fb][ac][bc][cc][dc][ec][eb]MA[cc])";

/// White to live with a two-point eye and two outside liberties: no room
/// to live, so the game is over before anyone moves.
const NO_ROOM: &str = "(;FF[4]GM[1]SZ[9]PL[W]GN[No room]
AB[fa][fb][ac][bc][cc][dc][ec][fc]AW[ca][da][ab][bb][cb][db]MA[ca])";

/// The straight three with a comment in Japanese, longer than a panel,
/// and a word too long for a line.
fn japanese_three() -> String {
    THREE.replace(
        "C[Black to kill.]",
        "C[黒先白死。白の眼形は直三です。急所は中央の点（B9）で、黒がそこに打てば白は一眼しかできません。\
白が先に打てば二眼で生きます。\n\n詰碁問題集_第一巻_基本死活_直三_とても長い名前の問題.sgf \
Averyveryverylongwordwithoutanyspacesthatmustbecutacrosslines.\n\n\
解説：直三は中央が急所です。黒が中央に打つと、白は二つの眼を作ることができません。\
白が中央に打つと、左右に一つずつ眼ができて生きます。これは死活の基本形の一つです。]",
    )
}

/// No target: a load error.
const BAD: &str = "(;FF[4]GM[1]SZ[9]AB[aa][bb]AW[cc])";

const WAIT: Duration = Duration::from_secs(30);

fn opts() -> Options {
    Options {
        limits: Limits {
            positions: Some(5_000_000),
            time: Some(Duration::from_secs(60)),
        },
        memory: 64 << 20,
        ko: KoRule::Auto,
        status_only: false,
        parallel_ko: false,
        ..Options::default()
    }
}

fn app(files: &[(&str, &str)], start_paused: bool) -> App {
    let mut loaded = Vec::new();
    for (name, text) in files {
        loaded.extend(load_str(name, text));
    }
    app_of(loaded, start_paused)
}

/// An app on these loaded problems, with the tests' options.
fn app_of(loaded: Vec<shikatsu::problem::Loaded>, start_paused: bool) -> App {
    App::new(
        entries(loaded),
        PathBuf::from("problems"),
        opts(),
        Config {
            start_paused,
            redact: true,
            mono: false,
        },
    )
}

/// An app on one problem (`text`, as nine.sgf) whose searches stop
/// after `positions`.
fn limited_app(text: &str, positions: u64, start_paused: bool) -> App {
    let mut o = opts();
    o.limits = Limits {
        positions: Some(positions),
        time: None,
    };
    App::new(
        entries(load_str("nine.sgf", text)),
        PathBuf::from("problems"),
        o,
        Config {
            start_paused,
            redact: true,
            mono: false,
        },
    )
}

/// An app whose (only) problem is solved.
fn solved(files: &[(&str, &str)]) -> App {
    let mut a = app(files, false);
    assert!(a.wait_done(WAIT), "the solve finished");
    assert!(matches!(a.phase, Phase::Decided { .. }));
    a
}

/// A paused app's search settled, then stepped `steps` expansions.
fn stepped(mut a: App, steps: usize) -> App {
    a.settle(WAIT);
    for _ in 0..steps {
        a.apply(Action::Step);
        a.settle(WAIT);
    }
    a
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| draw(app, f)).expect("drawn");
    t.backend().to_string()
}

fn press(app: &mut App, actions: &[Action]) {
    for &a in actions {
        app.apply(a);
    }
}

/// What "try it yourself" has said so far, oldest first.
fn try_log(app: &App) -> Vec<String> {
    let state = app.try_state.as_ref().expect("trying");
    state.log.iter().map(|(t, _)| t.clone()).collect()
}

fn pt(s: &str) -> Move {
    parse_point(s, 9, 9).expect("a point")
}

#[test]
fn opening_screen_shows_board_counters_and_help_line() {
    let mut a = app(&[("nine.sgf", NINE), ("three.sgf", THREE)], true);
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, 1);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("opening_80x24", frame);
    assert!(frame.contains("Black to kill"));
    assert!(frame.contains("q quit"));
}

/// An unknown within the limits, solved again: each `r` doubles the
/// limits (a second try under the same ones would end the same way) and
/// goes on from the last search's table, until the problem is decided.
#[test]
fn solving_an_unknown_again_doubles_the_limits() {
    let mut a = limited_app(NINE, 500, false);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some_and(|x| x.status == Status::Unknown));
    let frame = render(&a, 110, 20);
    assert!(
        frame.contains("r solves again with twice the limits"),
        "{frame}"
    );
    assert!(
        !frame.contains("limits:"),
        "the limits it started with go unsaid"
    );
    let mut limit = 500;
    while a.analysis().is_some_and(|x| x.status == Status::Unknown) {
        assert!(limit < 1_000_000, "decided long before a million positions");
        a.apply(Action::Resolve);
        limit *= 2;
        assert_eq!(a.opts.limits.positions, Some(limit));
        let said = a
            .message
            .as_ref()
            .map(|(t, _)| t.clone())
            .unwrap_or_default();
        assert_eq!(
            said,
            format!(
                "solving again with twice the limits: {} positions",
                super::ui::thousands(limit)
            )
        );
        assert!(a.wait_done(WAIT));
    }
    let frame = render(&a, 110, 20);
    let header = frame.lines().next().expect("a header");
    assert!(
        header.contains(&format!(
            "limits: {} positions",
            super::ui::thousands(limit)
        )),
        "{header}"
    );
    let nine = a.analysis().expect("decided");
    assert_eq!(
        nine.status,
        Status::Fails,
        "White lives in the nine-point eye"
    );
    // Each round went on from the last one's table: a fresh search under
    // the final limits reads more positions than the final round did.
    let mut fresh = limited_app(NINE, limit, false);
    assert!(fresh.wait_done(WAIT));
    let fresh = fresh.analysis().expect("the fresh search ended");
    assert!(
        fresh.positions > nine.positions,
        "the final round read {} positions, a fresh search {}",
        nine.positions,
        fresh.positions
    );
    // A decided problem solved again keeps its limits.
    a.apply(Action::Resolve);
    assert_eq!(a.opts.limits.positions, Some(limit));
}

/// An unknown says which line its search was reading when it stopped.
#[test]
fn an_unknown_shows_the_line_its_search_stopped_on() {
    let mut a = stepped(limited_app(NINE, 500, true), 3);
    assert!(
        !a.snap.path.is_empty(),
        "the stepped search is below the root"
    );
    a.apply(Action::Pause);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some_and(|x| x.status == Status::Unknown));
    let line = a.stopped_on().expect("a line kept").1.to_vec();
    assert!(!line.is_empty());
    let frame = render(&a, 120, 20);
    let first = line[0].human(9);
    assert!(
        frame.contains(&format!("The search stopped on the line 1 B {first}")),
        "{frame}"
    );
    // Narrower, the line breaks between its numbered moves, never in one.
    for (w, h) in [(60, 16), (80, 24)] {
        let frame = render(&a, w, h);
        let panel = panel_rows(&frame);
        assert!(panel.iter().all(|r| !splits_a_move(r)), "{w}x{h}:\n{frame}");
        assert!(
            panel.iter().any(|r| r.contains(&format!("1 B {first}"))),
            "{w}x{h}:\n{frame}"
        );
    }
}

/// Whether a panel row ends inside a numbered move ("… 4" or "… 4 W",
/// its point on the next row).
fn splits_a_move(row: &str) -> bool {
    let words: Vec<&str> = row.split_whitespace().collect();
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    let point = |w: &str| w == "pass" || w.len() > 1 && parse_point(w, 19, 19).is_some();
    match words.as_slice() {
        [.., p, n] if number(n) && point(p) => true,
        [.., n, c] => number(n) && (*c == "B" || *c == "W"),
        _ => false,
    }
}

/// A panel too short for what it shows ends with "…" on its last row,
/// whatever was cut; at the end of a line, why the game is over is what
/// the rest gives up rows for.
#[test]
fn every_cut_of_the_panel_says_so_and_the_game_over_line_stays_whole() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/bent-four-in-the-corner.sgf"))
        .expect("the bundled bent four");
    let mut a = solved(&[("bent-four-in-the-corner.sgf", &text)]);
    a.apply(Action::End);
    let node = a.node.as_ref().expect("a node");
    let (w, why) = node
        .over
        .expect("the end of the main line is the game's end");
    let want = format!("game over: {}", why.describe(w));
    for (w, h) in [(60, 16), (61, 17), (80, 24)] {
        let frame = render(&a, w, h);
        let panel: Vec<String> = panel_rows(&frame)
            .iter()
            .map(|r| r.trim_end().to_string())
            .collect();
        let text = panel.join(" ");
        let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(&want), "{w}x{h}:\n{frame}");
        // No row ends a sentence cut short without saying so.
        let last = panel.iter().rev().find(|r| !r.is_empty()).expect("a row");
        assert!(
            last.ends_with('.') || last.ends_with('…') || text.ends_with(&want),
            "{w}x{h}:\n{frame}"
        );
    }
}

/// A search that stops between two of the snapshots the screen is sent
/// (500 positions take far less than one interval) still leaves the line
/// it stopped on: the view it stopped at is always sent.
#[test]
fn a_search_too_short_for_a_snapshot_still_shows_where_it_stopped() {
    let mut a = limited_app(NINE, 500, false);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some_and(|x| x.status == Status::Unknown));
    let line = a.stopped_on().expect("a line kept").1.to_vec();
    assert!(!line.is_empty(), "the search stopped below the root");
    let frame = render(&a, 120, 20);
    assert!(
        frame.contains(&format!(
            "The search stopped on the line 1 B {}",
            line[0].human(9)
        )),
        "{frame}"
    );
}

/// Only the last search's table is kept: after the other side to move of
/// the same stones was searched, `r` on an unknown starts afresh (the
/// kept table is the other side's, whose results mean the opposite), with
/// the same positions as a new app under those limits.
#[test]
fn solving_again_after_another_problem_starts_afresh() {
    let both_sides = NINE.replace("PL[B]", "");
    let limited = |positions: u64| limited_app(&both_sides, positions, false);
    let mut a = limited(500);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some_and(|x| x.status == Status::Unknown));
    a.apply(Action::Next);
    assert!(a.wait_done(WAIT), "White to move searched");
    a.apply(Action::Prev);
    assert!(
        a.analysis().is_some_and(|x| x.status == Status::Unknown),
        "cached"
    );
    a.apply(Action::Resolve);
    assert!(a.wait_done(WAIT));
    let mut fresh = limited(1000);
    assert!(fresh.wait_done(WAIT));
    let (x, y) = (a.analysis().expect("done"), fresh.analysis().expect("done"));
    assert_eq!(x.status, y.status);
    // The second try searched with twice the limit, from a table that is
    // empty or White's turned round (whose final results hold for Black
    // too), never from White's as it stands: the counts differ only by
    // where each stopped past the limit.
    assert!((1000..1100).contains(&x.positions), "{}", x.positions);
}

#[test]
fn paused_search_after_single_steps_shows_the_path() {
    let mut a = stepped(app(&[("nine.sgf", NINE)], true), 3);
    press(
        &mut a,
        &[Action::Digit('2'), Action::Digit('5'), Action::BigStep],
    );
    assert!(a.count.is_empty());
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, 1 + 3 + 25);
    assert!(a.snap.held);
    assert!(!a.snap.path.is_empty());
    insta::assert_snapshot!("paused_after_28_steps_100x30", render(&a, 100, 30));

    // The same steps give the same search.
    let mut b = app(&[("nine.sgf", NINE)], true);
    b.settle(WAIT);
    b.apply(Action::Step);
    b.settle(WAIT);
    press(
        &mut b,
        &[Action::Digit('2'), Action::Digit('7'), Action::Step],
    );
    b.settle(WAIT);
    assert_eq!(b.snap.expansions, a.snap.expansions);
    assert_eq!(b.snap.positions, a.snap.positions);
    let path = |s: &super::worker::Snapshot| {
        s.path
            .iter()
            .map(|s| (s.mv, s.pn, s.dn))
            .collect::<Vec<_>>()
    };
    assert_eq!(path(&b.snap), path(&a.snap));

    // Walking the path while paused: Home is the root, each step a move.
    press(&mut a, &[Action::Home, Action::Right, Action::Right]);
    assert_eq!(a.path_cursor, Some(2));
    insta::assert_snapshot!("paused_path_step_2_80x24", render(&a, 80, 24));
    a.apply(Action::End);
    assert_eq!(a.path_cursor, None);
    // From the whole path, one step back shows one move fewer.
    let len = a.snap.path.len();
    assert!(len >= 2);
    a.apply(Action::Left);
    assert_eq!(a.path_cursor, Some(len - 1));
}

/// The moves of a paused search's earlier nodes: Home goes to the root,
/// → along the path; the panel lists the node's moves with the numbers
/// the search has for them, the path's move chosen, and ↑↓ choose among
/// them in the panel's order.
/// While searching, Enter goes along the path as → does; a move chosen
/// off the path has nothing the search can show, and Enter says so
/// rather than jump elsewhere. The help line offers ↑↓ where they act.
#[test]
fn enter_while_searching_goes_along_the_path_only() {
    let mut a = stepped(app(&[("nine.sgf", NINE), ("three.sgf", THREE)], true), 28);
    let path = a.snap.path.clone();
    assert!(path.len() >= 2);
    a.apply(Action::Home);
    assert_eq!(a.path_cursor, Some(0));
    let help = render(&a, 80, 24);
    assert!(
        help.lines().last().is_some_and(|l| l.contains("↑↓ moves")),
        "{help}"
    );
    // Enter with the path's move chosen: one step along it.
    a.apply(Action::Enter);
    assert_eq!(a.path_cursor, Some(1));
    // Another move chosen: Enter stays, and says why.
    let ranked = a.snap.ranked(1);
    let i = ranked
        .iter()
        .position(|s| s.mv == path[1].mv)
        .expect("listed");
    a.apply(if i + 1 < ranked.len() {
        Action::Down
    } else {
        Action::Up
    });
    let off = a.path_choice().expect("a move chosen");
    assert_ne!(off, path[1].mv);
    a.apply(Action::Enter);
    assert_eq!(a.path_cursor, Some(1), "no jump along the path");
    assert_eq!(a.path_choice(), Some(off), "the choice stays");
    let frame = render(&a, 80, 24);
    assert!(
        frame.contains(&format!("{} is off the most-proving path", off.human(9))),
        "{frame}"
    );
}

#[test]
fn paused_search_shows_the_moves_of_earlier_nodes_of_the_path() {
    let mut a = stepped(app(&[("nine.sgf", NINE)], true), 28);
    assert_eq!(a.snap.expansions, 1 + 28);
    let path: Vec<_> = a.snap.path.clone();
    assert!(path.len() >= 2, "a path of at least two moves");

    // The root's moves add up to the root's numbers (Black, the prover,
    // moves there: the least pn and the sum of the dn).
    a.apply(Action::Home);
    assert_eq!(a.path_cursor, Some(0));
    let root = a.snap.ranked(0);
    assert!(root.len() > 1);
    let least = root.iter().map(|s| s.pn).min();
    let sum: u32 = root.iter().map(|s| s.dn).sum();
    assert_eq!((least, sum), (Some(a.snap.root_pn), a.snap.root_dn));
    // The path's first move is there with the numbers of its step.
    assert!(
        root.iter()
            .any(|s| (s.mv, s.pn, s.dn) == (path[0].mv, path[0].pn, path[0].dn))
    );
    let frame = render(&a, 80, 24);
    assert!(frame.contains("candidates at move 1 (Black)"), "{frame}");
    assert!(
        frame.contains(&format!("▶{} pn", path[0].mv.human(9))),
        "{frame}"
    );

    // The node after the first move: White's moves, by dn.
    a.apply(Action::Right);
    assert_eq!(a.path_cursor, Some(1));
    let ranked = a.snap.ranked(1);
    assert!(ranked.len() > 2);
    assert!(ranked.windows(2).all(|w| w[0].dn <= w[1].dn));
    assert_eq!(a.path_choice(), Some(path[1].mv));
    insta::assert_snapshot!("paused_path_at_move_1_80x24", render(&a, 80, 24));

    let i = ranked
        .iter()
        .position(|s| s.mv == path[1].mv)
        .expect("on the list");
    a.apply(Action::Down);
    assert_eq!(a.path_choice(), Some(ranked[i + 1].mv));
    let frame = render(&a, 80, 24);
    assert!(
        frame.contains(&format!("▶{} dn", ranked[i + 1].mv.human(9))),
        "{frame}"
    );
    press(&mut a, &[Action::Up, Action::Up]);
    assert_eq!(a.path_choice(), Some(ranked[i.saturating_sub(1)].mv));
    for _ in 0..ranked.len() {
        a.apply(Action::Down);
    }
    assert_eq!(
        a.path_choice(),
        ranked.last().map(|s| s.mv),
        "stops at the last"
    );
    // Along the path again, the path's move is the choice.
    a.apply(Action::Right);
    assert_eq!(a.path_sel, None);
    assert_eq!(a.path_choice(), path.get(2).map(|s| s.mv));

    // The end of the path is as it was: the search's candidates, none
    // chosen until ↑↓.
    a.apply(Action::End);
    let frame = render(&a, 80, 24);
    assert!(
        frame.contains(&format!("candidates at move {}", path.len() + 1)),
        "{frame}"
    );
    assert!(!frame.contains('▶'), "{frame}");
    a.apply(Action::Down);
    assert_eq!(
        a.path_choice(),
        a.snap.ranked(path.len()).get(1).map(|s| s.mv)
    );
}

/// The bottom line of a wide frame: the help line.
fn help_row(app: &App) -> String {
    let frame = render(app, 200, 20);
    frame.lines().last().unwrap_or_default().to_string()
}

/// The help line offers only keys that do something now: after an
/// unknown there is no proof to walk, try or write, and `r` is what is
/// left to do; one problem alone has no next or list.
#[test]
fn the_help_line_offers_only_keys_that_act() {
    let mut a = limited_app(NINE, 500, false);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some_and(|x| x.status == Status::Unknown));
    let line = help_row(&a);
    for dead in ["t try", "w SGF", "←→", "↑↓", "n/p", "l list", "v values"] {
        assert!(!line.contains(dead), "{dead} in {line:?}");
    }
    assert!(line.contains("r solve again"), "{line:?}");
    assert!(
        line.contains("k ko") && line.contains("c comment"),
        "{line:?}"
    );
    a.apply(Action::Write);
    assert!(
        a.message
            .as_ref()
            .is_some_and(|(t, _)| t.starts_with("nothing to write"))
    );

    // Proven: the proof can be walked, tried and written.
    let a = solved(&[("nine.sgf", NINE), ("three.sgf", THREE)]);
    let line = help_row(&a);
    for live in [
        "←→ line",
        "↑↓ moves",
        "t try",
        "w SGF",
        "n/p problem",
        "l list",
    ] {
        assert!(line.contains(live), "{live} not in {line:?}");
    }
    assert!(!line.contains("r solve again"), "{line:?}");

    // A search at its very start has no path to walk yet.
    let mut a = app(&[("nine.sgf", NINE)], true);
    a.settle(WAIT);
    assert!(a.snap.path.is_empty());
    let line = help_row(&a);
    assert!(line.starts_with("\" space resume  s step"), "{line:?}");
    assert!(!line.contains("←→"), "{line:?}");
}

#[test]
fn a_target_with_no_room_to_live_ends_the_game_and_the_screen_says_why() {
    let a = solved(&[("no-room.sgf", NO_ROOM)]);
    let an = a.analysis().expect("decided").clone();
    assert_eq!(an.status, Status::Fails);
    let node = a.node.as_ref().expect("a node");
    assert_eq!(
        node.over,
        Some((Color::Black, shikatsu::proof::GameEnd::NoRoom))
    );
    let frame = render(&a, 100, 30);
    assert!(
        frame.contains("game over: Black wins: the target has no room for two eyes"),
        "{frame}"
    );
}

/// Where the defender lives in seki, the main line follows the attacker
/// into the seki (two passes), not into a line where he lets the
/// defender make two eyes, which would contradict the label.
#[test]
fn a_seki_is_walked_to_its_two_passes() {
    let seki = include_str!("../../problems/classic/seki-no-eyes.sgf");
    let mut a = solved(&[("seki.sgf", seki)]);
    for entry in 0..2 {
        let an = a.analysis().expect("decided").clone();
        assert_eq!(an.life, Some(shikatsu::analysis::Life::Seki));
        a.apply(Action::End);
        let n = a.line.len();
        assert!(
            n >= 2 && a.line[n - 2..] == [Move::Pass, Move::Pass],
            "{:?}",
            a.line
        );
        let node = a.node.as_ref().expect("a node");
        assert!(
            node.over.is_some_and(
                |(w, end)| w == Color::White && end == shikatsu::proof::GameEnd::BothPassed
            ),
            "entry {entry}: {:?}",
            node.over
        );
        if entry == 0 {
            a.apply(Action::Next);
            assert!(a.wait_done(WAIT));
        }
    }
}

#[test]
fn solved_problem_walked_along_the_proof() {
    let mut a = solved(&[("three.sgf", THREE)]);
    let an = a.analysis().expect("decided").clone();
    assert_eq!(an.status, Status::Unconditional);
    assert_eq!(an.first_moves, vec![pt("b9")]);
    // The proof's move is selected first; Right plays it.
    a.apply(Action::Right);
    assert_eq!(a.line, vec![pt("b9")]);
    // White's replies, most resistant first; take the second.
    a.apply(Action::Down);
    a.apply(Action::Right);
    assert_eq!(a.line.len(), 2);
    insta::assert_snapshot!("solved_walked_80x24", render(&a, 80, 24));
    a.apply(Action::End);
    let node = a.node.as_ref().expect("a node");
    assert!(node.over.is_some_and(|(w, _)| w == Color::Black));
    insta::assert_snapshot!("solved_walked_to_the_end_100x30", render(&a, 100, 30));
    a.apply(Action::Left);
    assert_eq!(a.line.len(), 2);
    a.apply(Action::Home);
    assert!(a.line.is_empty());
}

#[test]
fn help_overlay_lists_every_key_and_any_key_closes_it() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Help);
    assert_eq!(a.overlay, Overlay::Help);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("help_80x24", frame);
    // At the smallest usual size it keeps inside the body, the header
    // above and the message and help lines below in view: each key on
    // its line, what does not fit below, and the help line says how to
    // scroll and close it.
    for (k, what) in &super::keys::HELP[..17] {
        let line = format!("{k:<15}  {what}");
        assert!(frame.contains(&line), "{line:?} on one line: {frame}");
    }
    assert!(frame.contains("lines 1-17 of 22, ↓ more"), "{frame}");
    let all = rows(&frame);
    assert!(all[0].contains("three.sgf"), "{frame}");
    assert!(all[20].trim_start().starts_with('└'), "{frame}");
    assert_eq!(
        all[23].trim(),
        "↑↓ PgUp PgDn scroll  any other key closes the help",
        "{frame}"
    );
    // At 80x30 it fits whole.
    let frame = render(&a, 80, 30);
    for (k, what) in super::keys::HELP {
        let line = format!("{k:<15}  {what}");
        assert!(frame.contains(&line), "{line:?} on one line: {frame}");
    }
    assert!(frame.contains("(dots inside it)."), "{frame}");
    assert!(!frame.contains("more"), "nothing to scroll: {frame}");
    assert_eq!(
        rows(&frame)[29].trim(),
        "any key closes the help",
        "{frame}"
    );
    a.apply(Action::Next);
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(
        a.current, 0,
        "the key that closes the help does nothing else"
    );
    assert!(a.running);
}

/// The rows of a frame, without `TestBackend`'s quotes (nor the note on
/// the cells that wide characters cover, after a row that has them).
fn rows(frame: &str) -> Vec<String> {
    frame
        .lines()
        .map(|l| {
            let l = l
                .split(" Hidden by multi-width symbols")
                .next()
                .unwrap_or(l);
            l.trim_matches('"').to_string()
        })
        .collect()
}

#[test]
fn a_help_taller_than_the_terminal_wraps_and_scrolls() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Help);
    let top = render(&a, 60, 20);
    insta::assert_snapshot!("help_60x20_top", top);
    assert!(top.contains("pause / resume the search"), "{top}");
    assert!(top.contains("lines 1-13 of"), "{top}");
    assert!(top.contains("↓ more"), "{top}");
    let last = rows(&top).pop().expect("rows");
    assert_eq!(
        last.trim(),
        "↑↓ PgUp PgDn scroll  any other key closes the help",
        "the help line says the arrows scroll: {top}"
    );
    assert!(!top.contains("↑↓ more"), "{top}");
    assert!(!top.contains("q Esc"), "the end is below: {top}");
    // Long descriptions wrap under their own column: nothing but keys
    // in the key column, and nothing cut at the right.
    let keys: Vec<&str> = super::keys::HELP.iter().map(|(k, _)| *k).collect();
    for row in &rows(&top)[3..16] {
        let key_col: String = row.chars().skip(4).take(17).collect();
        let key_col = key_col.trim();
        assert!(
            key_col.is_empty() || keys.contains(&key_col),
            "{key_col:?} in the key column: {top}"
        );
    }
    assert!(
        top.contains("step the search by one expansion    │"),
        "{top}"
    );
    assert!(top.contains("│                  (5s: by five)"), "{top}");

    // ↓ scrolls a line, PgDn a page, and never past the end.
    a.apply(Action::Down);
    let one = render(&a, 60, 20);
    assert!(one.contains("lines 2-14 of"), "{one}");
    assert!(one.contains("↑↓ more"), "{one}");
    assert_eq!(a.overlay, Overlay::Help, "↓ scrolls, it does not close");
    for _ in 0..3 {
        a.apply(Action::PageDown);
        render(&a, 60, 20);
    }
    press(&mut a, &[Action::Down, Action::Down]);
    let end = render(&a, 60, 20);
    insta::assert_snapshot!("help_60x20_end", end);
    assert!(end.contains("q Esc"), "{end}");
    assert!(end.contains("quit (Esc first leaves try mode or"), "{end}");
    assert!(end.contains("inside it)."), "{end}");
    assert!(end.contains("↑ more"), "{end}");
    assert!(!end.contains("↓ more"), "{end}");
    let view = a.help_view.get();
    assert_eq!(view.top, view.max_top);
    // ↑ moves at once, however many ↓ went past the end.
    a.apply(Action::Up);
    let back = render(&a, 60, 20);
    assert_eq!(a.help_view.get().top, view.max_top - 1);
    assert!(back.contains("↑↓ more"), "{back}");
    for _ in 0..3 {
        a.apply(Action::PageUp);
    }
    render(&a, 60, 20);
    assert_eq!(a.help_view.get().top, 0);

    // Any other key closes it and does nothing else.
    a.apply(Action::Next);
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(a.current, 0);
    // Opened again, it starts at the top.
    a.apply(Action::Help);
    assert!(render(&a, 60, 20).contains("lines 1-13 of"));
}

#[test]
fn a_help_that_fits_shows_every_line_and_the_arrows_close_it() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Help);
    for (w, h) in [(100, 40), (80, 30)] {
        let frame = render(&a, w, h);
        assert!(!frame.contains("more"), "{frame}");
        assert!(!frame.contains("lines 1-"), "{frame}");
        for (k, what) in super::keys::HELP {
            let line = format!("{k:<15}  {what}");
            assert!(frame.contains(&line), "{line:?} on one line: {frame}");
        }
        assert!(frame.contains("any key closes the help"), "{frame}");
    }
    let frame = render(&a, 100, 40);
    insta::assert_snapshot!("help_100x40", frame);
    a.apply(Action::Down);
    assert_eq!(a.overlay, Overlay::None, "nothing to scroll: ↓ closes");
    assert!(a.line.is_empty(), "and does nothing else");
}

#[test]
fn every_word_of_the_help_can_be_read_at_every_size() {
    let mut a = solved(&[("three.sgf", THREE)]);
    let words: Vec<&str> = super::keys::HELP
        .iter()
        .flat_map(|(k, what)| k.split_whitespace().chain(what.split_whitespace()))
        .chain(["target,", "(dots", "inside", "it)."])
        .collect();
    for w in [60, 61, 67, 79, 80, 81, 100] {
        for h in [16, 17, 20, 22, 23, 24, 40] {
            a.apply(Action::Help);
            let mut seen = String::new();
            loop {
                let frame = render(&a, w, h);
                // Whole lines: a blank column before the right border.
                let rows: Vec<Vec<char>> =
                    rows(&frame).iter().map(|r| r.chars().collect()).collect();
                let top = rows.iter().position(|r| r.contains(&'┌')).expect("a box");
                let left = rows[top].iter().position(|&c| c == '┌').expect("a corner");
                let right = rows[top].iter().position(|&c| c == '┐').expect("a corner");
                let bottom = (top + 1..rows.len())
                    .find(|&y| rows[y][left] == '└')
                    .expect("its end");
                for r in &rows[top + 1..bottom] {
                    assert_eq!((r[left], r[right]), ('│', '│'), "{w}x{h}: {frame}");
                    assert_eq!(
                        r[right - 1],
                        ' ',
                        "{w}x{h}: a line runs into the border: {frame}"
                    );
                }
                // The help line, under the box, says how to close it.
                let help: String = rows.last().expect("rows").iter().collect();
                assert!(help.contains("closes the help"), "{w}x{h}: {frame}");
                assert!(bottom < rows.len() - 1, "{w}x{h}: {frame}");
                seen.push_str(&frame);
                let view = a.help_view.get();
                assert_eq!(
                    view.max_top > 0,
                    frame.contains(" more "),
                    "{w}x{h}: {frame}"
                );
                if view.top == view.max_top {
                    break;
                }
                a.apply(Action::Down);
            }
            for word in &words {
                assert!(seen.contains(word), "{w}x{h}: {word:?} is never shown");
            }
            a.apply(Action::Back);
            assert_eq!(a.overlay, Overlay::None);
        }
    }
}

#[test]
fn a_file_that_fails_to_load_shows_its_error_and_the_rest_stays_usable() {
    let mut a = app(&[("bad.sgf", BAD), ("three.sgf", THREE)], false);
    assert!(matches!(a.phase, Phase::Idle));
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("error_80x24", frame);
    assert!(frame.contains("no target"));
    a.apply(Action::Next);
    assert_eq!(a.current, 1);
    assert!(a.wait_done(WAIT));
    assert!(a.analysis().is_some());
    a.apply(Action::Prev);
    assert_eq!(a.current, 0);
    assert!(matches!(a.phase, Phase::Idle));
}

#[test]
fn try_it_yourself_refutes_a_wrong_move_and_takes_it_back() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Try);
    assert!(a.try_state.is_some());
    // Type a9 (wrong: the edge point) and play it.
    press(
        &mut a,
        &[Action::Char('a'), Action::Char('9'), Action::Enter],
    );
    if a.deciding() {
        assert!(a.wait_done(WAIT));
    }
    assert_eq!(
        a.line,
        vec![pt("a9"), pt("b9")],
        "White answers at the vital point"
    );
    let log = try_log(&a);
    assert!(
        log.iter()
            .any(|l| l.starts_with("A9: fails. Refutation: B9")),
        "{log:?}"
    );
    assert!(log.iter().any(|l| l.contains("You failed")), "{log:?}");
    insta::assert_snapshot!("try_wrong_move_80x24", render(&a, 80, 24));

    a.apply(Action::Undo);
    assert!(a.line.is_empty());
    // The right move, with the cursor this time.
    a.try_state.as_mut().expect("trying").cursor = Point::new(0, 0);
    press(&mut a, &[Action::Right, Action::Enter]);
    assert_eq!(a.line.first(), Some(&pt("b9")));
    assert_eq!(a.line.len(), 2, "White answered");
    let log = &a.try_state.as_ref().expect("trying").log;
    assert!(
        log.iter().any(|(l, _)| l == "B9: right, it works."),
        "{log:?}"
    );
    a.apply(Action::Back);
    assert!(a.try_state.is_none());
    assert!(a.running, "Esc leaves try mode first");
}

#[test]
fn quitting_keys() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Help);
    a.apply(Action::Back);
    assert!(a.running, "Esc closes the help");
    a.apply(Action::Back);
    assert!(!a.running, "Esc quits");
    let mut b = solved(&[("three.sgf", THREE)]);
    b.apply(Action::Quit);
    assert!(!b.running);
}

#[test]
fn esc_takes_back_a_count_being_typed_before_it_quits() {
    let mut a = app(&[("nine.sgf", NINE)], true);
    a.settle(WAIT);
    press(&mut a, &[Action::Digit('2'), Action::Digit('5')]);
    assert!(
        render(&a, 80, 24).contains("count 25: s or S steps that many expansions, Esc cancels")
    );
    a.apply(Action::Back);
    assert!(a.running, "Esc cancels the count, it does not quit");
    assert!(a.count.is_empty());
    assert!(!render(&a, 80, 24).contains("count 25"));
    // The count is gone: s steps one expansion, not 25.
    let e = a.snap.expansions;
    a.apply(Action::Step);
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, e + 1);
    a.apply(Action::Back);
    assert!(!a.running, "with no count, Esc quits");
}

#[test]
fn pause_step_and_ko_keys_drive_the_search() {
    let mut a = app(&[("nine.sgf", NINE), ("three.sgf", THREE)], true);
    a.settle(WAIT);
    assert!(a.paused && a.solving());
    a.apply(Action::Pause);
    assert!(!a.paused, "space resumes");
    a.apply(Action::Pause);
    assert!(a.paused, "space pauses");
    a.apply(Action::Ko);
    assert_eq!(a.opts.ko, KoRule::Fixed(None));
    assert!(a.solving(), "a new ko setting solves again");
    press(&mut a, &[Action::Ko, Action::Ko]);
    assert_eq!(a.opts.ko, KoRule::Fixed(Some(Color::White)));
    a.apply(Action::Ko);
    assert_eq!(a.opts.ko, KoRule::Auto);
    a.settle(WAIT);
    let e = a.snap.expansions;
    press(&mut a, &[Action::Digit('7'), Action::Step]);
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, e + 7);
    // Next and previous problem, and their ends.
    a.apply(Action::Prev);
    assert_eq!(a.current, 0);
    assert!(a.message.as_ref().is_some_and(|(m, _)| m.contains("first")));
    a.apply(Action::Next);
    assert_eq!(a.current, 1);
    a.apply(Action::Next);
    assert_eq!(a.current, 1);
}

/// Goals and results stand in columns of their own, whatever the result
/// beside them says (it shifted the goal by its length).
#[test]
fn the_problem_list_lines_up_its_columns() {
    let mut a = app(
        &[("nine.sgf", NINE), ("three.sgf", THREE), ("bad.sgf", BAD)],
        false,
    );
    a.select(1);
    assert!(a.wait_done(WAIT), "three solved");
    a.select(0); // nine: "solving" beside three's "unconditional"
    a.apply(Action::List);
    let frame = render(&a, 80, 24);
    let rows: Vec<&str> = (frame.lines())
        .filter(|l| l.contains(".sgf") && l.contains('│'))
        .collect();
    assert_eq!(rows.len(), 3, "{frame}");
    let at = |row: &str, word: &str| row.find(word).map(|b| row[..b].chars().count());
    assert!(rows[0].contains("solving") && rows[1].contains("unconditional"));
    assert_eq!(at(rows[0], "B kill"), at(rows[1], "B kill"), "{frame}");
    assert_eq!(
        at(rows[0], "solving"),
        at(rows[1], "unconditional"),
        "{frame}"
    );
    assert_eq!(
        at(rows[1], "unconditional"),
        at(rows[2], "load error"),
        "{frame}"
    );
}

#[test]
fn list_overlay_jumps_to_a_problem() {
    let mut a = app(
        &[("bad.sgf", BAD), ("nine.sgf", NINE), ("three.sgf", THREE)],
        true,
    );
    a.apply(Action::List);
    assert_eq!(a.overlay, Overlay::List { sel: 0 });
    press(&mut a, &[Action::Down, Action::Down, Action::Down]);
    assert_eq!(a.overlay, Overlay::List { sel: 2 });
    let frame = render(&a, 80, 24);
    assert!(frame.contains("problems (3)"));
    assert!(frame.contains("load error"));
    // A problem's name (GN) follows its file, one line however written.
    assert!(frame.contains("three.sgf  Straight three"), "{frame}");
    a.apply(Action::Enter);
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(a.current, 2);
    a.apply(Action::List);
    a.apply(Action::Back);
    assert_eq!(a.overlay, Overlay::None);
    assert!(a.running);
}

#[test]
fn entering_a_move_off_the_proof_solves_that_position() {
    let mut a = solved(&[("three.sgf", THREE)]);
    // At the root, A9 fails but the proof has no tree for it.
    let node = a.node.as_ref().expect("node");
    let i = node
        .candidates
        .iter()
        .position(|c| c.mv == pt("a9"))
        .expect("A9");
    a.sel = i;
    a.apply(Action::Right);
    assert!(a.deciding());
    assert!(a.wait_done(WAIT));
    assert_eq!(a.line, vec![pt("a9")]);
    let node = a.node.as_ref().expect("node");
    assert_eq!(node.winner, Some(Color::White));
    assert_eq!(
        node.candidates[node.main.expect("a main reply")].mv,
        pt("b9")
    );
}

#[test]
fn written_proof_is_sgf_that_loads_back() {
    let a = solved(&[("three.sgf", THREE)]);
    let p = a.problem().expect("a problem").0.clone();
    let an = a.analysis().expect("decided");
    let text = proof_file::text(&p, an).expect("a proof");
    assert!(text.starts_with("(;FF[4]GM[1]CA[UTF-8]"));
    assert!(text.contains("PL[B]"));
    assert!(text.contains("C[Black to kill: unconditional"));
    let back = load_str("proof.sgf", &text);
    let q = back[0].as_ref().expect("the written proof loads");
    assert_eq!(q.board, p.board);
    assert_eq!(q.accepted(Color::Black), vec![pt("b9")]);
    assert_eq!(proof_file::name(&p, Color::Black), "three-B.proof.sgf");
}

/// `w` and `solve --proof-sgf` write one file for one analysis: the same
/// name, the same root comment (everything either said before they
/// shared it), the same text.
#[test]
fn w_and_solve_write_the_same_proof_file() {
    let mut a = solved(&[("three.sgf", THREE)]);
    let p = a.problem().expect("a problem").0.clone();
    let an = a.analysis().expect("decided").clone();
    let (message, tui, cli) = w_and_solve(&mut a);
    assert_eq!(message, "wrote three-B.proof.sgf");
    assert_eq!(tui.len(), 1, "{tui:?}");
    assert_eq!(tui[0].0, "three-B.proof.sgf");
    assert_eq!(tui, cli);
    let comment = |text: &str| {
        load_str("proof.sgf", text)[0]
            .as_ref()
            .expect("loads")
            .comment
            .clone()
            .expect("a root comment")
    };
    let c = comment(&tui[0].1);
    assert_eq!(c, comment(&cli[0].1));
    assert_eq!(c, proof_file::comment(&p, &an));
    for part in [
        "Black to kill: unconditional.",
        "Ko setting: White is ko master.",
        "First moves: B9.",
        // A proven root: infinity written as people read it, not as the
        // search's stand-in value.
        "Root pn 0 dn ∞.",
        "The variations are Black's solution tree: one move at Black's turn, every reply at White's.",
        "The independent checker accepted it.",
        &format!("Written by shikatsu {}.", env!("CARGO_PKG_VERSION")),
    ] {
        assert!(c.contains(part), "{part:?} not in {c:?}");
    }
}

/// Files as (name, text), by name.
type Files = Vec<(String, String)>;

/// The files of a folder.
fn dir_files(dir: &std::path::Path) -> Files {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let text = std::fs::read_to_string(e.path()).unwrap();
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    v.sort();
    v
}

/// `w` on the analysis on show and `solve --proof-sgf` on it, each into
/// a folder of its own: the message `w` left and the files of each.
fn w_and_solve(a: &mut App) -> (String, Files, Files) {
    let p = a.problem().expect("a problem").0.clone();
    let an = a.analysis().expect("decided").clone();
    let (tui, cli) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    a.write_sgf_in(tui.path());
    let message = a.message.clone().expect("a message").0;
    crate::cli::write_proofs(cli.path(), &proof_file::Names::default(), &p, &an).expect("written");
    // The message names the files by their paths.
    let message = message.replace(&format!("{}/", tui.path().display()), "");
    (message, dir_files(tui.path()), dir_files(cli.path()))
}

/// The analysis on show, changed by `change`, as if it had been decided
/// so.
fn with_analysis(a: &mut App, change: impl FnOnce(&mut shikatsu::analysis::Analysis)) {
    let mut an = (**a.analysis().expect("decided")).clone();
    change(&mut an);
    let Phase::Decided { analysis, .. } = &mut a.phase else {
        unreachable!("decided")
    };
    *analysis = std::sync::Arc::new(an);
}

/// The file's answer A9 lets White live: `w`, as `solve --proof-sgf`,
/// writes the proof and White's checked refutation of A9 beside it, and
/// says so.
#[test]
fn w_and_solve_write_the_same_refutation_of_a_wrong_answer() {
    let wrong = THREE.replace(";B[ba])", ";B[aa])");
    let mut a = solved(&[("three.sgf", &wrong)]);
    let an = a.analysis().expect("decided").clone();
    assert!(an.checked);
    assert_eq!(an.refutations.len(), 1, "{:?}", an.refutations);
    assert!(help_row(&a).contains("w SGF"), "{}", help_row(&a));
    let (message, tui, cli) = w_and_solve(&mut a);
    let names: Vec<&str> = tui.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["three-B-refutes-aa.proof.sgf", "three-B.proof.sgf"],
        "{tui:?}"
    );
    assert_eq!(tui, cli);
    assert_eq!(
        message,
        "wrote three-B.proof.sgf, three-B-refutes-aa.proof.sgf"
    );
    let refutation = load_str("refutation.sgf", &tui[0].1);
    let q = refutation[0].as_ref().expect("the refutation loads");
    assert!(
        q.comment.as_deref().is_some_and(
            |c| c.contains("The file's answer A9 does not reach unconditional for Black.")
        ),
        "{:?}",
        q.comment
    );

    // Had the checker not accepted every verdict, the proof would not be
    // written, by either; the checked refutation still is.
    with_analysis(&mut a, |an| an.checked = false);
    let (message, tui, cli) = w_and_solve(&mut a);
    let names: Vec<&str> = tui.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["three-B-refutes-aa.proof.sgf"]);
    assert_eq!(tui, cli);
    assert_eq!(
        message,
        "wrote three-B-refutes-aa.proof.sgf (not the proof: the checker did not accept every verdict behind the proof)"
    );
}

/// `w` into `dir`, with the folder taken out of the message and its
/// shorter forms, as `w` into the current folder would word them: the
/// message line of a `width`-column terminal, trimmed.
fn w_message_line(a: &mut App, dir: &std::path::Path, width: u16) -> String {
    a.write_sgf_in(dir);
    let prefix = format!("{}/", dir.display());
    let m = a.message.as_mut().expect("a message");
    m.0 = m.0.replace(&prefix, "");
    for s in &mut a.message_short {
        *s = s.replace(&prefix, "");
    }
    let frame = render(a, width, 24);
    rows(&frame)[22].trim().to_string()
}

/// Two of the file's answers miss: `w` writes the proof and both
/// refutations, and the message that names them all, too long for 80
/// columns, counts them there instead of running off the edge.
#[test]
fn w_counts_the_files_it_wrote_when_their_names_do_not_fit() {
    let wrong = THREE.replace(";B[ba])", "(;B[aa])(;B[ca]))");
    let mut a = solved(&[("three.sgf", &wrong)]);
    let an = a.analysis().expect("decided").clone();
    assert!(an.checked);
    assert_eq!(an.refutations.len(), 2, "{:?}", an.refutations);
    let (message, tui, cli) = w_and_solve(&mut a);
    assert_eq!(tui, cli);
    let names: Vec<&str> = tui.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "three-B-refutes-aa.proof.sgf",
            "three-B-refutes-ca.proof.sgf",
            "three-B.proof.sgf"
        ]
    );
    let full =
        "wrote three-B.proof.sgf, three-B-refutes-aa.proof.sgf, three-B-refutes-ca.proof.sgf";
    assert_eq!(message, full);
    assert!(full.chars().count() > 79);

    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        w_message_line(&mut a, dir.path(), 80),
        "wrote 3 files: three-B.proof.sgf and 2 refutations"
    );
    // A message line with the room keeps the whole list.
    assert_eq!(w_message_line(&mut a, dir.path(), 100), full);
    let frame = render(&a, 60, 24);
    assert_eq!(
        rows(&frame)[22].trim(),
        "wrote 3 files: three-B.proof.sgf and 2 refutations",
        "{frame}"
    );

    // With the proof unchecked, only the refutations are written: the
    // reason the proof is not among them goes short before the names do.
    with_analysis(&mut a, |an| an.checked = false);
    let (message, tui, cli) = w_and_solve(&mut a);
    assert_eq!(tui, cli);
    assert_eq!(tui.len(), 2);
    assert_eq!(
        message,
        "wrote three-B-refutes-aa.proof.sgf, three-B-refutes-ca.proof.sgf (not the proof: the checker did not accept every verdict behind the proof)"
    );
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        w_message_line(&mut a, dir.path(), 80),
        "wrote 2 refutations (not the unchecked proof)"
    );
    assert_eq!(w_message_line(&mut a, dir.path(), 140), message);
    // One refutation: its name, and the reason in short.
    with_analysis(&mut a, |an| an.refutations.truncate(1));
    assert_eq!(
        w_message_line(&mut a, dir.path(), 80),
        "wrote three-B-refutes-aa.proof.sgf (not the unchecked proof)"
    );
}

/// A proof behind which the checker did not accept every verdict is not
/// written by `solve --proof-sgf`, nor by `w`, which says why; the help
/// line does not offer `w` then.
#[test]
fn w_writes_no_unchecked_proof_and_says_why() {
    let mut a = solved(&[("three.sgf", THREE)]);
    with_analysis(&mut a, |an| an.checked = false);
    assert!(a.analysis().is_some_and(|an| an.proof.is_some()));
    assert!(!help_row(&a).contains("w SGF"), "{}", help_row(&a));
    let (message, tui, cli) = w_and_solve(&mut a);
    assert!(tui.is_empty() && cli.is_empty(), "{tui:?} {cli:?}");
    assert_eq!(
        message,
        "nothing written: the checker did not accept every verdict behind the proof"
    );
    assert_eq!(
        a.message.as_ref().map(|m| m.1),
        Some(super::app::Tone::Info)
    );
    // Nor is a proof a limit left out.
    with_analysis(&mut a, |an| {
        an.status = Status::Unknown;
        an.proof = None;
    });
    let (message, tui, _) = w_and_solve(&mut a);
    assert!(tui.is_empty());
    assert_eq!(
        message,
        "nothing to write: no proof (unknown within the limits)"
    );
}

/// A folder that cannot be written into: `w` names the file and the
/// reason.
#[test]
fn w_into_a_missing_folder_says_what_it_could_not_write() {
    let mut a = solved(&[("three.sgf", THREE)]);
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder");
    a.write_sgf_in(&missing);
    let (text, tone) = a.message.clone().expect("a message");
    assert_eq!(tone, super::app::Tone::Bad);
    assert!(
        text.starts_with(&format!(
            "cannot write {}: ",
            missing.join("three-B.proof.sgf").display()
        )),
        "{text}"
    );
}

#[test]
fn no_color_draws_without_colours() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.config.mono = true;
    let mut t = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    t.draw(|f| draw(&a, f)).expect("drawn");
    for cell in t.backend().buffer().content() {
        assert_eq!((cell.fg, cell.bg), (Tc::Reset, Tc::Reset), "{cell:?}");
    }
    a.config.mono = false;
    t.draw(|f| draw(&a, f)).expect("drawn");
    assert!(
        t.backend()
            .buffer()
            .content()
            .iter()
            .any(|c| c.bg == Tc::Yellow)
    );
}

#[test]
fn a_tiny_terminal_gets_a_message_and_a_large_one_the_full_screen() {
    let a = solved(&[("three.sgf", THREE)]);
    let tiny = render(&a, 59, 12);
    assert!(
        tiny.contains("needs at least") && tiny.contains("60x16"),
        "{tiny}"
    );
    let big = render(&a, 160, 50);
    assert!(big.contains("Black to kill: unconditional"));
}

/// The bundled approach ko: Black's main line is eleven moves long.
fn approach_ko_two() -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("problems/ko/approach-ko-two.sgf"))
        .expect("the bundled approach ko")
}

#[test]
fn move_numbers_from_10_on_stay_apart_on_the_board() {
    // Cells were two columns wide: "11" beside "12" read "1112", and a
    // number in the first column ran into the row's: "  812*O".
    let text = approach_ko_two();
    let mut a = solved(&[("problems/ko/approach-ko-two.sgf", &text)]);
    a.apply(Action::End);
    assert_eq!(a.line.len(), 11);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("ko_walked_to_move_11_80x24", frame);
    let lines: Vec<&str> = frame.lines().collect();
    assert!(lines[1].starts_with("\"     A  B  C"), "{frame}");
    assert!(lines[5].starts_with("\"  6  7  X  X 11  X  X"), "{frame}");
    assert!(lines[3].starts_with("\"  8  9  ."), "{frame}");
    // The ko grade says who must win the ko: not said twice.
    assert!(frame.contains("ko (Black needs 2 external ko"), "{frame}");
    assert!(!frame.contains("must win a ko"), "{frame}");

    // Where wide cells would squeeze the panel, narrow ones, and the row
    // number still keeps apart from the first column.
    let narrow = render(&a, 60, 20);
    insta::assert_snapshot!("ko_walked_to_move_11_60x20", narrow);
    let lines: Vec<&str> = narrow.lines().collect();
    assert!(lines[1].starts_with("\"    A B C"), "{narrow}");
    assert!(lines[3].starts_with("\" 8  9 ."), "{narrow}");
    // There two digits would fill a cell and touch the next one ("X11"):
    // a move from 10 on shows its last digit, underlined.
    assert!(lines[5].starts_with("\" 6  7 X X 1 X"), "{narrow}");
    for row in &lines[2..8] {
        let cells: Vec<char> = row.chars().skip(4).take(18).collect();
        for cell in cells.chunks(2) {
            assert!(cell[0] == ' ' || cell[0] == '*', "{row}\n{narrow}");
        }
    }
    let eleven = board_cell(&a, 60, 20, Point::new(3, 3));
    assert_eq!(eleven.symbol(), "1");
    assert!(
        eleven
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED)
    );
    let seven = board_cell(&a, 60, 20, Point::new(0, 3));
    assert_eq!(seven.symbol(), "7");
    assert!(
        !seven
            .modifier
            .contains(ratatui::style::Modifier::UNDERLINED)
    );
}

#[test]
fn a_narrow_terminal_keeps_the_status_apart_and_help_and_quit_in_view() {
    let text = approach_ko_two();
    let name = "problems/ko/a-long-folder-name/approach-ko-two.sgf";
    let mut a = solved(&[(name, &text)]);
    for w in [60, 70, 80] {
        let frame = render(&a, w, 20);
        let lines: Vec<&str> = frame.lines().collect();
        // The state was cut to "ko" right after "ko: auto": "ko: auto ko".
        assert!(lines[0].contains("ko: auto  solved: ko"), "{frame}");
        assert!(lines[19].contains("? help  q quit"), "{frame}");
    }
    let frame = render(&a, 60, 20);
    assert!(frame.contains("←→ line"), "{frame}");
    a.apply(Action::Try);
    let frame = render(&a, 60, 20);
    assert!(frame.contains("Esc leave  ? help"), "{frame}");

    let mut a = app(&[("nine.sgf", NINE)], true);
    a.settle(WAIT);
    for w in [60, 80] {
        let frame = render(&a, w, 20);
        let lines: Vec<&str> = frame.lines().collect();
        assert!(lines[19].contains("space resume"), "{frame}");
        assert!(lines[19].contains("? help  q quit"), "{frame}");
    }
    // At 80 columns every key of the line fits but the comment's.
    let frame = render(&a, 80, 20);
    assert!(
        frame.contains("↑↓ moves  k ko  v values  ? help  q quit"),
        "{frame}"
    );
}

#[test]
fn nothing_loaded_is_one_error_line_instead_of_a_screen() {
    let tmp = tempfile::Builder::new()
        .prefix("shikatsu-tui-load-")
        .tempdir()
        .expect("a temporary folder");
    let dir = tmp.path();
    let empty_dir = dir.join("empty");
    std::fs::create_dir_all(&empty_dir).expect("a temporary folder");
    let empty = dir.join("empty.sgf");
    std::fs::write(&empty, "").expect("written");
    let binary = dir.join("binary.sgf");
    std::fs::write(&binary, [0u8, 159, 146, 150, 0, 1, 2]).expect("written");
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, BAD).expect("written");
    let good = dir.join("good.sgf");
    std::fs::write(&good, THREE).expect("written");

    let why = |p: &std::path::Path| load_failure(&entries(load_paths(&[p])), p);
    let missing = dir.join("nonexistent.sgf");
    let m = why(&missing).expect("a missing file is an error");
    assert!(
        m.contains("nonexistent.sgf") && m.contains("cannot read"),
        "{m}"
    );
    assert!(!m.contains('\n'), "{m}");
    let m = why(&empty).expect("an empty file is an error");
    assert!(m.contains("empty.sgf"), "{m}");
    let m = why(&binary).expect("a binary file is an error");
    assert!(m.contains("binary.sgf"), "{m}");
    let m = why(&empty_dir).expect("a folder without problems is an error");
    assert!(m.contains("no .sgf files in this folder"), "{m}");
    // A folder with a good file opens, its bad files shown among the rest.
    assert_eq!(why(dir), None);
    std::fs::remove_file(&good).expect("removed");
    let m = why(dir).expect("nothing loads");
    assert!(m.contains("could be loaded (3 errors)"), "{m}");
}

#[test]
fn points_parse_as_printed_on_the_board() {
    assert_eq!(parse_point("a9", 9, 9), Some(Move::Play(Point::new(0, 0))));
    assert_eq!(parse_point("J1", 9, 9), Some(Move::Play(Point::new(8, 8))));
    assert_eq!(parse_point("i3", 9, 9), None, "no column I");
    assert_eq!(parse_point("k3", 9, 9), None, "off the board");
    assert_eq!(parse_point("c10", 9, 9), None);
    assert_eq!(parse_point("pass", 9, 9), Some(Move::Pass));
}

#[test]
fn stepping_a_solved_problem_searches_it_again_from_the_start() {
    let mut a = solved(&[("nine.sgf", NINE)]);
    a.apply(Action::Step);
    assert!(a.solving() && a.paused);
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, 1, "step 1 is the root's expansion");
    assert!(a.snap.held);
    a.apply(Action::BigStep);
    a.settle(WAIT);
    // 100 steps; leaves (terminal positions) count as expansions but need no step.
    assert!(a.snap.expansions >= 101, "{}", a.snap.expansions);
    a.apply(Action::Pause);
    assert!(a.wait_done(WAIT), "space resumes to the end");
    assert!(a.analysis().is_some_and(|x| x.status == Status::Fails));
}

/// What the UI costs the search, alternating the same search (a) alone
/// on a thread and (b) under a real `App`: its worker and observer, with
/// this thread drawing 100x30 frames every `TICK` as the terminal loop
/// does. Reports the medians of the search times.
/// `cargo test --release --bin shikatsu ui_cost -- --ignored --nocapture`
#[test]
#[ignore]
fn ui_cost() {
    use shikatsu::analysis::analyze;
    const OPEN: &str = "(;FF[4]GM[1]SZ[9]PL[B]
AB[fa][fb][fc][fd][fe][ff][af][bf][cf][df][ef]AW[cc][dc][cd]MA[cc])";
    let o = Options {
        limits: Limits {
            positions: Some(4_000_000),
            time: None,
        },
        memory: 256 << 20,
        ko: KoRule::Fixed(None),
        status_only: false,
        parallel_ko: false,
        ..Options::default()
    };
    let p = std::sync::Arc::new(load_str("open.sgf", OPEN).remove(0).expect("loads"));
    let (mut alone, mut watched, mut frames) = (Vec::new(), Vec::new(), 0u64);
    let mut drawing = Duration::ZERO;
    let mut term = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
    for _ in 0..8 {
        let q = std::sync::Arc::clone(&p);
        let t = std::time::Instant::now();
        let n = std::thread::spawn(move || analyze(&q, Color::Black, &o).positions)
            .join()
            .expect("joined");
        alone.push((t.elapsed().as_secs_f64(), n));

        let mut a = App::new(
            entries(vec![Ok((*p).clone())]),
            PathBuf::from("open.sgf"),
            o,
            Config::default(),
        );
        while a.solving() {
            let t = std::time::Instant::now();
            term.draw(|f| draw(&a, f)).expect("drawn");
            drawing += t.elapsed();
            frames += 1;
            std::thread::sleep(super::TICK);
            a.tick();
        }
        let Phase::Decided {
            analysis, running, ..
        } = &a.phase
        else {
            panic!("decided")
        };
        watched.push((running.as_secs_f64(), analysis.positions));
    }
    let median = |v: &mut Vec<(f64, u64)>| {
        v.sort_by(|x, y| x.0.total_cmp(&y.0));
        v[v.len() / 2].0
    };
    let (ta, tb) = (median(&mut alone), median(&mut watched));
    println!(
        "median search time: alone {ta:.3} s, with the UI {tb:.3} s: the UI costs {:.1}% ({} frames drawn, {:.3} ms each)",
        100.0 * (tb / ta - 1.0),
        frames,
        drawing.as_secs_f64() * 1e3 / frames as f64
    );
    println!("alone {alone:?}\nwith the UI {watched:?}");
}

/// Writes the README's screenshots (`assets/tui-*.svg`) from real frames.
/// `cargo test --release --bin shikatsu write_screenshots -- --ignored`
#[test]
#[ignore]
fn write_screenshots() {
    const OPEN: &str = "(;FF[4]GM[1]SZ[9]PL[B]GN[Open corner]
AB[fa][fb][fc][fd][fe][ff][af][bf][cf][df][ef]AW[cc][dc][cd]MA[cc])";
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shot = |a: &App, name: &str| {
        let mut t = Terminal::new(TestBackend::new(100, 30)).expect("terminal");
        t.draw(|f| draw(a, f)).expect("drawn");
        let svg = super::svg::to_svg(t.backend().buffer());
        std::fs::write(root.join("assets").join(name), svg).expect("written");
    };
    std::fs::create_dir_all(root.join("assets")).expect("assets/");
    let live = |files: &[(&str, &str)]| {
        let mut loaded = Vec::new();
        for (name, text) in files {
            loaded.extend(load_str(name, text));
        }
        let mut o = opts();
        o.memory = 256 << 20;
        // The open corner must still be searching when it is paused.
        o.limits.positions = None;
        App::new(
            entries(loaded),
            PathBuf::from("problems"),
            o,
            Config::default(),
        )
    };
    // A long search, watched for a second and paused.
    let mut a = live(&[("open-corner.sgf", OPEN)]);
    std::thread::sleep(Duration::from_millis(1500));
    a.apply(Action::Pause);
    a.settle(WAIT);
    shot(&a, "tui-solving.svg");

    // A bundled problem solved, walked two moves in.
    let six = std::fs::read_to_string(root.join("problems/classic/rabbity-six.sgf"))
        .expect("the bundled rabbity six");
    let mut a = live(&[("problems/classic/rabbity-six.sgf", &six)]);
    assert!(a.wait_done(WAIT));
    press(&mut a, &[Action::Right, Action::Down]);
    shot(&a, "tui-proof.svg");

    // Try it yourself: a wrong first move, refuted.
    let mut a = live(&[("problems/classic/rabbity-six.sgf", &six)]);
    assert!(a.wait_done(WAIT));
    a.apply(Action::Try);
    press(
        &mut a,
        &[Action::Char('c'), Action::Char('5'), Action::Enter],
    );
    while a.deciding() {
        assert!(a.wait_done(WAIT));
    }
    shot(&a, "tui-try.svg");
}

#[test]
fn a_first_move_list_cut_short_by_a_limit_says_so() {
    // Black lives with the rectangular six in the corner; 400 positions
    // decide that, and not every other first move.
    let six = std::fs::read_to_string("problems/classic/rectangular-six-corner.sgf").unwrap();
    let mut a = limited_app(&six, 400, false);
    assert!(a.wait_done(WAIT));
    let frame = render(&a, 100, 30);
    // The moves left open are named, a few of them, the rest counted:
    // B8 and the pass, which do live, are among them.
    assert!(
        frame.contains("first moves B9 (not decided: A9 C9 E9 A8 and 4 more)"),
        "{frame}"
    );
    let open: Vec<String> = (a.analysis().unwrap().undecided_moves.iter())
        .map(|m| m.human(9))
        .collect();
    assert!(open.contains(&"B8".to_string()) && open.contains(&"pass".to_string()));
    // With room to decide them all, the list stands alone: the six is
    // alive as it stands, so B8 and the pass keep it alive too.
    let mut a = limited_app(&six, 5_000_000, false);
    assert!(a.wait_done(WAIT));
    let frame = render(&a, 100, 30);
    assert!(frame.contains("first moves B8 B9 pass"), "{frame}");
    assert!(!frame.contains("not decided"), "{frame}");
}

#[test]
fn where_the_files_line_goes_wrong_is_said() {
    // The throw-in, whose second line goes on with D9 where only the
    // straight three's middle point C9 kills.
    let text = "(;FF[4]GM[1]SZ[9]PL[B]MA[eb]\
        AB[ca][da][fa][fb][ac][bc][cc][dc][ec][fc]AW[ea][ab][bb][cb][db][eb]\
        (;B[ba];W[aa];B[ca])(;B[ba];W[aa];B[da]))";
    let mut a = limited_app(text, 1_000_000, false);
    assert!(a.wait_done(WAIT));
    let frame = render(&a, 100, 30);
    assert!(
        frame.contains("the file's line B9 A9 D9: D9 fails (White C9 answers it)"),
        "{frame}"
    );
}

#[test]
fn a_whole_19x19_board_fits_in_80x24() {
    // The straight three in a corner, and a stone in the far corner, so
    // the whole board is on show.
    const WIDE: &str = "(;FF[4]GM[1]SZ[19]PL[B]
AB[ea][eb][ac][bc][cc][dc][ec][ss]AW[da][ab][bb][cb][db][rr]MA[bb])";
    let a = solved(&[("wide.sgf", WIDE)]);
    let frame = render(&a, 80, 24);
    let lines: Vec<&str> = frame.lines().collect();
    assert_eq!(lines.len(), 24);
    assert!(
        lines[1].contains("A B C D E F G H J K L M N O P Q R S T"),
        "{frame}"
    );
    assert!(lines[2].starts_with("\"19 "), "{frame}");
    assert!(lines[20].starts_with("\" 1 "), "{frame}");
    assert!(frame.contains("first moves B19"), "{frame}");
    assert!(lines[23].contains("q quit"), "{frame}");
}

/// Twelve stones on the second line of a board 18 wide: Black lives, and
/// has 15 moves (every point of the first line, and pass), more than the
/// side panel of an 80x24 terminal holds.
const TWELVE: &str = "(;FF[4]GM[1]SZ[18:5]PL[B]GN[Twelve live]
AB[dd][ed][fd][gd][hd][id][jd][kd][ld][md][nd][od]
AW[bc][cc][dc][ec][fc][gc][hc][ic][jc][kc][lc][mc][nc][oc][pc][qc][bd][cd][pd][qd][be][qe]MA[dd])";

/// The candidate rows of the panel (under its "N candidates" heading),
/// markers of a cut list included.
fn candidate_rows(frame: &str) -> Vec<String> {
    let rows = panel_rows(frame);
    let head = rows
        .iter()
        .position(|r| {
            // "─ 15 candidates (B to play) ─", or a shorter form.
            r.starts_with("─ ")
                && (r.split_whitespace().nth(1)).is_some_and(|w| w.parse::<usize>().is_ok())
        })
        .expect("a candidates heading");
    rows[head + 1..]
        .iter()
        .map(|r| r.trim_end().to_string())
        .filter(|r| !r.is_empty())
        .collect()
}

/// How many more a "… N more" row (`place`: "" below, " above" above)
/// says there are, if the rows have one.
fn more(rows: &[String], place: &str) -> Option<usize> {
    rows.iter().find_map(|r| {
        r.trim()
            .strip_prefix("… ")?
            .strip_suffix(&format!(" more{place}"))?
            .parse()
            .ok()
    })
}

#[test]
fn a_cut_candidate_list_says_how_many_more_and_keeps_the_selection_in_view() {
    let mut a = solved(&[("twelve.sgf", TWELVE)]);
    let n = a.node.as_ref().expect("a node").candidates.len();
    assert_eq!(n, 15);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("cut_candidates_80x24", frame);
    // The list is cut below: its last row says by how many, and the rows
    // shown and the rows said add up to the list.
    let rows = candidate_rows(&frame);
    assert_eq!(more(&rows, " above"), None, "{frame}");
    let below = more(&rows, "").expect("a cut list says so");
    assert_eq!(rows.len() - 1 + below, n, "{frame}");
    assert!(rows[0].starts_with("▶ a H1"), "{frame}");
    // No row of the panel is lost: the body is full to its last row.
    let panel = panel_rows(&frame);
    assert!(panel.last().is_some_and(|r| r.contains("more")), "{frame}");

    // Down the list, the selection stays in view, and the rows say what
    // is cut above and below.
    for i in 1..n {
        a.apply(Action::Down);
        assert_eq!(a.sel, i);
        for (w, h) in [(80, 24), (100, 30), (60, 20), (80, 40)] {
            let frame = render(&a, w, h);
            let rows = candidate_rows(&frame);
            let label = &a.node.as_ref().unwrap().candidates[i];
            let chosen = rows.iter().filter(|r| r.starts_with('▶')).count();
            assert_eq!(chosen, 1, "{w}x{h}, move {i}:\n{frame}");
            assert!(
                rows.iter()
                    .any(|r| r.starts_with(&format!("▶ {}", label.label))),
                "{w}x{h}, move {i}:\n{frame}"
            );
            // Where each candidate takes one row, the rows shown and
            // the ones said to be above and below are the whole list.
            if w >= 80 {
                let above = more(&rows, " above").unwrap_or(0);
                let below = more(&rows, "").unwrap_or(0);
                let markers = usize::from(above > 0) + usize::from(below > 0);
                assert_eq!(
                    rows.len() - markers + above + below,
                    n,
                    "{w}x{h}, move {i}:\n{frame}"
                );
            }
        }
    }
    // At the end of the list, only the top is cut.
    let frame = render(&a, 80, 24);
    let rows = candidate_rows(&frame);
    assert!(more(&rows, " above").is_some(), "{frame}");
    assert_eq!(more(&rows, ""), None, "{frame}");
    assert!(rows.last().unwrap().starts_with("▶   pass"), "{frame}");
    // A terminal tall enough shows the whole list, with no marker.
    let frame = render(&a, 80, 40);
    let rows = candidate_rows(&frame);
    assert_eq!(rows.len(), n, "{frame}");
}

#[test]
fn a_newer_job_cancels_the_running_one_whose_late_result_is_told_apart() {
    use super::worker::{Reply, Request, Worker};
    let load = |text: &str| std::sync::Arc::new(load_str("p.sgf", text).remove(0).expect("loads"));
    let mut w = Worker::new();
    let first = w.start(
        Request::Analyze {
            problem: load(NINE),
            side: Color::Black,
            opts: opts(),
        },
        true,
    );
    assert!(w.wait_idle(WAIT), "parked at the pause");
    let second = w.start(
        Request::Analyze {
            problem: load(THREE),
            side: Color::Black,
            opts: opts(),
        },
        false,
    );
    assert_ne!(first, second);
    assert_eq!(w.job(), Some(second));
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let done = w.recv_timeout(WAIT).expect("both jobs end");
        let Reply::Analysis(a) = done.reply else {
            panic!("an analysis")
        };
        seen.push((done.job, a.status));
    }
    seen.sort_by_key(|&(j, _)| j);
    assert_eq!(
        seen[0],
        (first, Status::Unknown),
        "the cancelled search stopped"
    );
    assert_eq!(seen[1], (second, Status::Unconditional));
}

#[test]
fn cancelling_a_paused_search_ends_its_thread_at_once() {
    use super::worker::{Request, Worker};
    let problem = std::sync::Arc::new(load_str("p.sgf", NINE).remove(0).expect("loads"));
    let mut w = Worker::new();
    let job = w.start(
        Request::Analyze {
            problem,
            side: Color::Black,
            opts: opts(),
        },
        true,
    );
    assert!(w.wait_idle(WAIT));
    w.cancel(); // what quitting and switching problems do
    // A search held at the pause waits on a condition variable with no
    // timeout: only the cancel's wake-up ends it, so ending at all shows
    // the cancel woke it (no clock to fail on a slow machine).
    let done = w.recv_timeout(WAIT).expect("the job ended");
    assert_eq!(done.job, job);
}

#[test]
fn a_pass_barred_from_retaking_the_ko_says_why() {
    let basic_ko = include_str!("../../problems/ko/basic-ko.sgf");
    // Black to kill takes the ko (A8 captures A9); as ko master Black wins,
    // and White, who may not retake, passes.
    let mut a = solved(&[("basic-ko.sgf", basic_ko)]);
    a.apply(Action::Try);
    press(
        &mut a,
        &[Action::Char('a'), Action::Char('8'), Action::Enter],
    );
    if a.deciding() {
        assert!(a.wait_done(WAIT));
    }
    let log = try_log(&a);
    assert!(
        log.iter().any(|l| l
            == "White answers pass: retaking the ko would repeat a position, \
                which the ko rule bars White from (Black is ko master)."),
        "{log:?}"
    );
}

/// A file of the external suite, for the worker (None, said why, when
/// the suite is missing).
fn suite_problem(name: &str) -> Option<std::sync::Arc<shikatsu::problem::Problem>> {
    common::suite_problem(name).map(std::sync::Arc::new)
}

/// The value of `read` once it has stayed the same for 100 ms running
/// (polled, at most `WAIT` in all).
fn steady(read: &dyn Fn() -> u64) -> u64 {
    let end = std::time::Instant::now() + WAIT;
    let mut last = read();
    let mut since = std::time::Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(5));
        let now = read();
        if now != last {
            (last, since) = (now, std::time::Instant::now());
        } else if since.elapsed() >= Duration::from_millis(100) {
            return now;
        }
        assert!(std::time::Instant::now() < end, "the count never settled");
    }
}

#[test]
fn a_paused_search_holds_its_helper_threads_too() {
    use super::worker::{Request, Worker};
    // gop/19988 Black to kill: tens of millions of positions per search,
    // so the helper joins after the first two million alone.
    let Some(problem) = suite_problem("gop/19988.sgf") else {
        return;
    };
    let mut w = Worker::new();
    let job = w.start(
        Request::Analyze {
            problem,
            side: Color::Black,
            opts: Options {
                limits: Limits {
                    positions: None,
                    time: Some(Duration::from_secs(60)),
                },
                threads: 2,
                ..opts()
            },
        },
        false,
    );
    let until = |what: &dyn Fn() -> bool| {
        let end = std::time::Instant::now() + WAIT;
        while !what() {
            assert!(std::time::Instant::now() < end, "timed out");
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    until(&|| w.helper_expansions() > 0);
    w.set_paused(true);
    assert!(w.wait_idle(WAIT), "the search parks at the pause");
    // A helper stops at its next expansion once it sees the pause: its
    // count stops moving, however slow the machine.
    let held = steady(&|| w.helper_expansions());
    w.step(50);
    assert!(w.wait_idle(WAIT), "the steps are made");
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        w.helper_expansions(),
        held,
        "a helper searched while the search was paused"
    );
    w.set_paused(false);
    until(&|| w.helper_expansions() > held);
    w.cancel();
    let done = w.recv_timeout(WAIT).expect("the job ends on a cancel");
    assert_eq!(done.job, job);
}

#[test]
fn the_counter_holds_the_second_engines_positions() {
    use super::worker::{Reply, Request, Worker};
    // gop/20048 White to live: most of its positions are made in the
    // rounds of first moves after the first, two at a time on two
    // threads, the second engine's in no main search's view.
    let Some(problem) = suite_problem("gop/20048.sgf") else {
        return;
    };
    let mut w = Worker::new();
    w.start(
        Request::Analyze {
            problem,
            side: Color::White,
            opts: Options {
                limits: Limits {
                    positions: None,
                    time: Some(Duration::from_secs(120)),
                },
                threads: 2,
                ..opts()
            },
        },
        false,
    );
    let end = std::time::Instant::now() + WAIT;
    let mut shown = Vec::new();
    let done = loop {
        if let Some(s) = w.snapshot() {
            shown.push(s.positions);
        }
        if let Some(done) = w.try_recv() {
            break done;
        }
        assert!(std::time::Instant::now() < end, "timed out");
        std::thread::sleep(Duration::from_millis(2));
    };
    let Reply::Analysis(a) = done.reply else {
        panic!("an analysis was asked for");
    };
    // The job's last figure is the analysis's own count: the counter
    // shown while it ran must have come close to it (the main searches
    // alone come to about 85% of it here).
    let before_end = shown.iter().copied().filter(|&p| p < a.positions).max();
    assert!(
        before_end.is_some_and(|p| p as f64 >= 0.9 * a.positions as f64),
        "the counter showed at most {before_end:?} of {} positions",
        a.positions
    );
}

/// Any key a person may press (but `w`, which writes a file beside the
/// problems), in any order, on a terminal of any size.
fn any_action() -> impl proptest::strategy::Strategy<Value = Action> {
    use proptest::prelude::*;
    let plain = [
        Action::Quit,
        Action::Back,
        Action::Help,
        Action::List,
        Action::Next,
        Action::Prev,
        Action::Pause,
        Action::Step,
        Action::BigStep,
        Action::Ko,
        Action::Resolve,
        Action::Try,
        Action::Left,
        Action::Right,
        Action::Up,
        Action::Down,
        Action::Home,
        Action::End,
        Action::PageUp,
        Action::PageDown,
        Action::Enter,
        Action::Backspace,
        Action::Undo,
        Action::Comment,
        Action::None,
    ];
    prop_oneof![
        4 => proptest::sample::select(plain.to_vec()),
        1 => proptest::char::range('0', '9').prop_map(Action::Digit),
        1 => proptest::char::range('a', 't').prop_map(Action::Char),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: common::cases(24),
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Keys pressed at random never panic the UI, whatever the search is
    /// doing meanwhile and however small the terminal, and every frame is
    /// drawn.
    #[test]
    fn random_keys_on_any_terminal_never_panic(
        paused in proptest::bool::ANY,
        keys in proptest::collection::vec((any_action(), 0u8..4), 1..40),
        (w, h) in (1u16..140, 1u16..50),
    ) {
        let files = [("three.sgf", THREE), ("nine.sgf", NINE), ("no-room.sgf", NO_ROOM), ("bad.sgf", BAD), ("ja.sgf", &japanese_three())];
        let mut a = app(&files, paused);
        for (key, wait) in keys {
            a.apply(key);
            // Now and then let the solver catch up, as a person's pauses do.
            if wait == 0 {
                a.settle(Duration::from_millis(20));
            } else {
                a.tick();
            }
            let frame = render(&a, w, h);
            proptest::prop_assert_eq!(frame.lines().count(), h as usize);
        }
    }
}

/// A problem named in Japanese: the header cuts the name by the
/// terminal's columns (two a character), so the state still shows at its
/// right end, and the list's status column stays in line.
#[test]
fn a_name_in_wide_characters_leaves_room_for_the_state() {
    let mut a = app(&[("詰碁問題集_第一巻_基本死活_直三.sgf", THREE)], true);
    let frame = render(&a, 60, 20);
    let header = frame.lines().next().expect("a header");
    assert!(header.contains("…"), "{header}");
    assert!(header.contains("直三.sgf"), "{header}");
    assert!(header.contains("ko: auto  paus"), "{header}");
    press(&mut a, &[Action::List]);
    let frame = render(&a, 60, 20);
    let row = frame
        .lines()
        .find(|l| l.contains("直三.sgf"))
        .expect("the list names the problem");
    assert!(row.contains("…"), "{row}");
}

#[test]
fn the_header_names_the_threat_counts_it_solves_with() {
    use super::app::ko_name;
    assert_eq!(ko_name(KoRule::Threats([1, 0])), "threats 1:0");
    assert_eq!(ko_name(KoRule::Fixed(Some(Color::White))), "White master");
    let mut a = app(&[("three.sgf", THREE)], true);
    a.opts.ko = KoRule::Threats([2, 1]);
    assert!(render(&a, 100, 30).contains("ko: threats 2:1"));
}

/// `v` labels the candidate points of the node the search just expanded
/// with the number the side to move there picks by (pn for the prover,
/// dn for the opponent), as the panel lists them; `v` again takes the
/// labels off.
#[test]
fn v_labels_the_searchs_candidate_points_with_their_numbers() {
    let mut a = stepped(app(&[("nine.sgf", NINE)], true), 3);
    assert!(!a.snap.candidates.is_empty());
    let plain = render(&a, 100, 30);
    a.apply(Action::Values);
    assert!(a.values);
    let labelled = render(&a, 100, 30);
    let prover_moves = a.snap.path.len().is_multiple_of(2);
    // Each candidate point's cell now holds its number, right-aligned in
    // the cell's two columns (the board's rows start with the row number).
    let (p, n) = a
        .snap
        .candidates
        .iter()
        .find_map(|s| match s.mv {
            Move::Play(p) => Some((p, if prover_moves { s.pn } else { s.dn })),
            Move::Pass => None,
        })
        .expect("a candidate on the board");
    let want = if n < 100 {
        format!("{n:>2}")
    } else {
        "++".into()
    };
    let row = 9 - p.y();
    let line = labelled
        .lines()
        .map(|l| l.trim_matches('"'))
        .find(|l| l.starts_with(&format!("{row:>3}")))
        .expect("the candidate's row");
    assert!(line.contains(&want), "{line}\n{labelled}");
    assert_ne!(plain, labelled);
    // The path's stones lose their move numbers, which could not be told
    // from the labels beside them: the first move's stone is an X again.
    let Some(Move::Play(first)) = a.snap.path.first().map(|s| s.mv) else {
        panic!("the path starts with a move on the board")
    };
    assert_eq!(board_cell(&a, 100, 30, first).symbol(), "X", "{labelled}");
    a.apply(Action::Values);
    assert_eq!(board_cell(&a, 100, 30, first).symbol(), "1", "{plain}");
    // The board as before (the message line says the labels are off).
    let board = |f: &str| f.lines().take(8).collect::<Vec<_>>().join("\n");
    assert_eq!(board(&render(&a, 100, 30)), board(&plain), "v again");
}

/// On two-column cells a label of two digits would touch the next cell
/// ("1234" for 12 and 34): 0 to 9 show as they are, 10 and more as "+".
#[test]
fn v_labels_of_two_digits_stay_apart_on_narrow_cells() {
    // Far enough for the root's moves to have numbers past 9.
    let mut a = stepped(app(&[("nine.sgf", NINE)], true), 400);
    a.apply(Action::Home);
    a.apply(Action::Values);
    assert_eq!(a.path_cursor, Some(0), "the root's moves on show");
    let labels: Vec<(Point, u32)> = (a.snap.children(0).iter())
        .filter_map(|s| match s.mv {
            Move::Play(p) => Some((p, s.pn)),
            Move::Pass => None,
        })
        .collect();
    assert!(labels.iter().any(|&(_, n)| n >= 10), "{labels:?}");
    for (p, n) in labels {
        let want = match n {
            0..=9 => n.to_string(),
            shikatsu::dfpn::INF.. => "∞".to_string(),
            _ => "+".to_string(),
        };
        assert_eq!(board_cell(&a, 60, 20, p).symbol(), want, "{n}");
    }
}

/// The text of the side panel (right of the board's `│`) on each row of
/// the body.
fn panel_rows(frame: &str) -> Vec<String> {
    let rows = rows(frame);
    rows[1..rows.len() - 2]
        .iter()
        .map(|r| r.split_once('│').map_or("", |(_, p)| p).to_string())
        .collect()
}

/// A bundled problem's comment gives its answer away: it shows only on
/// `c`, in place of the panel, and `c` again hides it.
#[test]
fn c_shows_the_problems_comment_and_c_again_hides_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/straight-three.sgf"))
        .expect("the bundled straight three");
    let mut a = solved(&[("problems/classic/straight-three.sgf", &text)]);
    let vital = "The vital point is the middle point D9.";
    let plain = render(&a, 80, 24);
    assert!(!plain.contains("vital point"), "hidden at first: {plain}");
    a.apply(Action::Comment);
    assert!(a.comment);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("comment_80x24", frame);
    let shown = panel_rows(&frame).join(" ");
    let shown = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(shown.contains(vital), "{frame}");
    assert!(
        shown.contains("White to move lives (unconditional)."),
        "{frame}"
    );
    assert!(!frame.contains("PgDn"), "it fits: {frame}");

    // The walk goes on under it: the board follows, the comment stays.
    a.apply(Action::Right);
    assert_eq!(a.line.len(), 1);
    assert!(render(&a, 80, 24).contains("─ comment ─"));
    // Try mode keeps its log in the panel (there `c` spells a point),
    // and leaving it brings the comment back.
    a.apply(Action::Try);
    let trying = render(&a, 80, 24);
    assert!(!trying.contains("─ comment ─"), "{trying}");
    a.apply(Action::Back);
    assert!(render(&a, 80, 24).contains("─ comment ─"));

    a.apply(Action::Comment);
    assert!(!a.comment);
    let frame = render(&a, 80, 24);
    assert!(!frame.contains("vital point"), "{frame}");
    assert!(frame.contains("first moves"), "the panel is back: {frame}");
}

/// The comment stays open from problem to problem, each showing its own,
/// while the search runs as when it is done.
#[test]
fn the_comment_follows_the_problem_on_show_and_says_when_there_is_none() {
    let mut a = app(&[("nine.sgf", NINE), ("three.sgf", THREE)], true);
    a.settle(WAIT);
    a.apply(Action::Comment);
    let frame = render(&a, 80, 24);
    assert!(frame.contains("│(this problem has no comment)"), "{frame}");
    assert!(!frame.contains("most-proving path"), "{frame}");
    a.apply(Action::Next);
    assert!(a.comment);
    let frame = render(&a, 80, 24);
    assert!(frame.contains("│Black to kill."), "{frame}");
    a.apply(Action::Prev);
    assert!(render(&a, 80, 24).contains("(this problem has no comment)"));
    a.apply(Action::Comment);
    let frame = render(&a, 80, 24);
    assert!(!frame.contains("no comment"), "{frame}");
    assert!(frame.contains("most-proving path"), "{frame}");
    // A load error has no comment to show.
    let mut b = app(&[("bad.sgf", BAD)], true);
    b.apply(Action::Comment);
    assert!(!b.comment);
    assert!(
        b.message
            .as_ref()
            .is_some_and(|(m, _)| m.contains("did not load"))
    );
}

/// Every word of a long comment, Japanese too, can be read page by page
/// (PgUp PgDn; the arrows still walk), no row wider than the terminal.
#[test]
fn a_long_comment_is_cut_cleanly_and_scrolls_with_the_page_keys() {
    let basic_ko = include_str!("../../problems/ko/basic-ko.sgf");
    let ja = japanese_three();
    for (name, text) in [("basic-ko.sgf", basic_ko), ("ja.sgf", ja.as_str())] {
        let comment = load_str(name, text)[0]
            .as_ref()
            .expect("loads")
            .comment
            .clone()
            .expect("a comment");
        let want: String = comment.split_whitespace().collect();
        for (w, h) in [(60, 16), (61, 17), (80, 24), (120, 40)] {
            let mut a = solved(&[(name, text)]);
            a.apply(Action::Comment);
            // The comment's lines as read, by their number.
            let mut seen = std::collections::BTreeMap::new();
            let mut pages = 0;
            loop {
                let frame = render(&a, w, h);
                for row in rows(&frame) {
                    assert_eq!(crate::text::columns(&row), w as usize, "{w}x{h}: {frame}");
                }
                let panel = panel_rows(&frame);
                let view = a.comment_view.get();
                assert_eq!(
                    view.top,
                    (pages * view.rows.saturating_sub(1)).min(view.max_top),
                    "each page starts on the last one's last line: {frame}"
                );
                if view.max_top > 0 {
                    let span = format!("{}-{}", view.top + 1, view.top + view.rows);
                    assert!(panel[0].contains(&span), "{w}x{h}: {frame}");
                    let hint = match (view.top > 0, view.top < view.max_top) {
                        (false, _) => "PgDn: more",
                        (true, true) => "PgUp PgDn: more",
                        (true, false) => "PgUp: more",
                    };
                    assert_eq!(panel[view.rows + 1].trim_end(), hint, "{w}x{h}: {frame}");
                } else {
                    assert!(!frame.contains("PgDn"), "{w}x{h}: {frame}");
                }
                for (i, row) in panel[1..=view.rows].iter().enumerate() {
                    seen.insert(view.top + i, row.clone());
                }
                if pages == 0 {
                    // ↑ ↓ choose a candidate, as they do without it.
                    let sel = a.sel;
                    a.apply(Action::Down);
                    assert_ne!(a.sel, sel, "{frame}");
                    assert_eq!(a.comment_view.get(), view);
                }
                if view.top == view.max_top {
                    break;
                }
                a.apply(Action::PageDown);
                pages += 1;
            }
            if (w, h) == (60, 16) {
                assert!(pages > 0, "{name} is cut at {w}x{h}");
            }
            let n = seen.len();
            assert_eq!(
                seen.keys().copied().collect::<Vec<_>>(),
                (0..n).collect::<Vec<_>>()
            );
            let read: String = seen.values().flat_map(|r| r.split_whitespace()).collect();
            assert_eq!(read, want, "{w}x{h}: every word, in order");
            // PgUp goes back up; another problem's comment starts at its top.
            if a.comment_view.get().max_top > 0 {
                a.apply(Action::PageUp);
                render(&a, w, h);
                assert!(a.comment_view.get().top < a.comment_view.get().max_top);
            }
        }
    }
}

/// The cell of the board that point `p` is drawn in (its text's last
/// column), on a frame `w` × `h`: under the point's column letter, on
/// the row with its number.
fn board_cell(app: &App, w: u16, h: u16, p: Point) -> ratatui::buffer::Cell {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| draw(app, f)).expect("drawn");
    let buf = t.backend().buffer();
    let size = app.problem().expect("a problem").0.board.height();
    // The board is left of the panel's rule, its letters on the first row
    // of the body, its row numbers in the first three columns.
    let rule = (0..w).find(|&x| buf[(x, 2)].symbol() == "│").unwrap_or(w);
    let letter = shikatsu::board::column_letter(p.x()).to_string();
    let x = (0..rule)
        .find(|&x| buf[(x, 1)].symbol() == letter)
        .expect("the point's column");
    let number = (size - p.y()).to_string();
    let y = (2..h)
        .find(|&y| {
            let label: String = (0..3).map(|x| buf[(x, y)].symbol()).collect();
            label.trim() == number
        })
        .expect("the point's row");
    buf[(x, y)].clone()
}

/// Once its status is known, an analysis searches the position after
/// each first move: the board and the path panel start with that move,
/// in the prover's colour, and the side to move at each node of the path
/// is counted from the problem's root (the opponent moves at the
/// search's root).
#[test]
fn a_first_moves_search_shows_its_path_after_that_move() {
    let six = std::fs::read_to_string("problems/classic/rectangular-six-corner.sgf").unwrap();
    let mut a = app(&[("rectangular-six-corner.sgf", &six)], true);
    let (problem, side) = a.problem().map(|(p, s)| (p.clone(), s)).expect("a problem");
    let h = problem.board.height();
    a.settle(WAIT);
    // Single steps until a first move's search has a path that starts
    // with a stone (the opponent's reply).
    let mut steps = 0;
    let watched = |a: &App| {
        !a.snap.prefix.is_empty() && matches!(a.snap.path.first(), Some(s) if s.mv != Move::Pass)
    };
    while !watched(&a) {
        assert!(
            a.solving() && steps < 5_000,
            "no first move's search watched in {steps} steps"
        );
        a.apply(Action::Step);
        a.settle(WAIT);
        steps += 1;
    }
    let first = a.snap.prefix.clone();
    assert_eq!(first.len(), 1, "{first:?}");
    let path = a.snap.path.clone();
    let (Move::Play(p), Move::Play(q)) = (first[0], path[0].mv) else {
        panic!("a pass: {first:?} {path:?}");
    };
    let stone_bg = |c: Color| {
        if c == Color::Black {
            Tc::Black
        } else {
            Tc::White
        }
    };

    // The board: the first move is stone 1 in the prover's colour, the
    // path's first move (the opponent's) stone 2.
    let cell = board_cell(&a, 100, 30, p);
    assert_eq!((cell.symbol(), cell.bg), ("1", stone_bg(side)), "{cell:?}");
    let cell = board_cell(&a, 100, 30, q);
    assert_eq!(
        (cell.symbol(), cell.bg),
        ("2", stone_bg(side.opp())),
        "{cell:?}"
    );

    // The panel: the first move as the fixed row 1, the path from row 2,
    // and the candidates at the path's end numbered from the root.
    let frame = render(&a, 100, 30);
    let panel = panel_rows(&frame);
    let row = |n: usize, c: Color, m: Move| format!("{n:>3} {} {:<5}", c.letter(), m.human(h));
    let at = |r: &str| panel.iter().position(|l| l.starts_with(r));
    let one = at(&row(1, side, first[0])).expect(&frame);
    assert!(panel[one].contains("fixed"), "{frame}");
    assert!(
        panel[one + 1].starts_with(&row(2, side.opp(), path[0].mv)),
        "{frame}"
    );
    let to_move = if path.len() % 2 == 1 {
        side
    } else {
        side.opp()
    };
    assert!(
        frame.contains(&format!(
            "candidates at move {} ({})",
            path.len() + 2,
            to_move.name()
        )),
        "{frame}"
    );

    // At the search's root the opponent moves: its moves by dn, the
    // board with the first move alone.
    a.apply(Action::Home);
    assert!(!a.snap.prover_moves(0));
    let ranked = a.snap.ranked(0);
    assert!(ranked.windows(2).all(|w| w[0].dn <= w[1].dn), "{ranked:?}");
    // Its moves add up to its numbers as the opponent's: the least dn,
    // and the sum of the pn (while it is a finite number).
    let least = ranked.iter().map(|s| s.dn).min();
    assert_eq!(least, Some(a.snap.root_dn), "{ranked:?}");
    let sum: u64 = ranked.iter().map(|s| s.pn as u64).sum();
    if sum < shikatsu::dfpn::MAX_FINITE as u64 {
        assert_eq!(sum, a.snap.root_pn as u64, "{ranked:?}");
    }
    let frame = render(&a, 100, 30);
    assert!(
        frame.contains(&format!("candidates at move 2 ({})", side.opp().name())),
        "{frame}"
    );
    assert_eq!(board_cell(&a, 100, 30, p).symbol(), "1");
    assert_ne!(board_cell(&a, 100, 30, q).symbol(), "2", "{frame}");
}

/// Once solved, the panel keeps what the search cost under the answer:
/// positions and time over all searches, the root's final numbers (a
/// proven root pn 0 dn ∞, a disproven one the reverse), the deepest path
/// and the table's use; the answer stays on top at 80x24, and the
/// figures stay the analysis's when the walk decides a position or the
/// problem comes back from the cache.
#[test]
fn the_decided_panel_keeps_the_searchs_final_figures() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/square-four.sgf"))
        .expect("the bundled square four");
    let mut a = solved(&[("problems/classic/square-four.sgf", &text)]);
    for (entry, numbers) in [(0, "root  pn 0  dn ∞"), (1, "root  pn ∞  dn 0")] {
        if entry == 1 {
            a.apply(Action::Next);
            assert!(a.wait_done(WAIT), "the second side solved");
        }
        let an = a.analysis().expect("decided").clone();
        let frame = render(&a, 80, 24);
        let panel = panel_rows(&frame);
        assert!(
            panel[0].contains(&an.headline(a.problem().unwrap().0)),
            "{frame}"
        );
        assert!(panel[1].starts_with("first moves") || panel[1].starts_with("no first move"));
        assert!(
            panel[2].starts_with(&format!(
                "all searches  {} positions  -.-- s  -/s",
                super::ui::thousands(an.positions)
            )),
            "entry {entry}: {frame}"
        );
        assert!(panel[3].starts_with(numbers), "entry {entry}: {frame}");
        let depth: usize = panel[3]
            .split("max depth ")
            .nth(1)
            .and_then(|s| s.split_whitespace().next())
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("a depth: {frame}"));
        assert!(depth > 0, "{frame}");
        assert!(panel[3].contains("  TT "), "{frame}");
        assert!(panel[4].starts_with("─ line: move 1"), "{frame}");
    }
    // Away and back: the cached analysis keeps them.
    let cost = |a: &App| panel_rows(&render(a, 80, 24))[2..4].to_vec();
    let before = cost(&a);
    a.apply(Action::Prev);
    assert!(a.analysis().is_some(), "from the cache");
    a.apply(Action::Next);
    assert_eq!(cost(&a), before);
    // A position decided for the walk runs a search of its own (the
    // snapshot's); the panel keeps the analysis's figures.
    let mut unknown = None;
    for _ in 0..30 {
        let node = a.node.as_ref().expect("a node");
        unknown = (node.candidates.iter()).position(|c| c.mark == super::explore::Mark::Unknown);
        if unknown.is_some() || node.over.is_some() {
            break;
        }
        a.apply(Action::Right);
    }
    a.sel = unknown.expect("a candidate left to decide on the main line");
    a.apply(Action::Enter);
    assert!(a.wait_done(WAIT), "decided");
    assert!(
        a.snap.job > 0 && a.snap.positions > 0,
        "the decide's own search"
    );
    assert_eq!(cost(&a), before);
}

/// The panel says which search runs as the search said when it started
/// (`Observer::search_root`: where it searches from, under which ko
/// setting), not by counting searches. The basic ko's analysis for Black
/// searches the root with White as ko master (it fails), then with Black
/// (a ko), then each first move with Black as master (under a ko only the
/// side's own mastery can reach the status), then the ko's grade, under
/// threat counts.
#[test]
fn the_search_label_is_what_the_search_said_of_itself() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/basic-ko.sgf"))
        .expect("the bundled basic ko");
    let mut a = app(&[("basic-ko.sgf", &text)], true);
    assert_eq!(a.problem().map(|(_, s)| s), Some(Color::Black));
    a.settle(WAIT);
    // The label row (under the four counters) at every step, each new
    // one once.
    let mut labels: Vec<String> = Vec::new();
    let mut steps = 0;
    while a.solving() {
        let frame = render(&a, 80, 24);
        let row = panel_rows(&frame)[4].trim_end().to_string();
        if labels.last() != Some(&row) {
            labels.push(row);
        }
        assert!(steps < 20_000, "not done in {steps} steps: {labels:?}");
        a.apply(Action::Step);
        a.settle(WAIT);
        steps += 1;
    }
    let at = |label: &str| labels.iter().position(|l| l == label);
    assert_eq!(at("root: White is ko master"), Some(0), "{labels:?}");
    let second = at("root: Black is ko master").unwrap_or_else(|| panic!("{labels:?}"));
    let firsts: Vec<usize> = (0..labels.len())
        .filter(|&i| labels[i].starts_with("first move "))
        .collect();
    assert!(
        !firsts.is_empty(),
        "no first move's search watched: {labels:?}"
    );
    for &i in &firsts {
        assert!(i > second, "{labels:?}");
        assert!(
            labels[i].ends_with(": Black is ko master"),
            "{}: {labels:?}",
            labels[i]
        );
    }
    // Nothing else: no count, no setting the analysis did not search.
    for l in &labels {
        let (from, setting) = l.split_once(": ").expect(l);
        assert!(from == "root" || from.starts_with("first move "), "{l}");
        assert!(
            setting.ends_with("is ko master")
                || setting == "no ko master"
                || setting.starts_with("no ko master; external ko threats: Black "),
            "{l}"
        );
    }
    // Solved as the file says, the search watched to the end.
    let an = a.analysis().expect("decided");
    assert_eq!(an.status, Status::Ko);
}

/// The label's words for each position and ko setting a search can report.
#[test]
fn the_search_label_names_the_position_and_the_ko_setting() {
    use super::ui::search_label;
    use super::worker::Snapshot;
    use shikatsu::problem::Ko;
    let snap = |prefix: &[&str], ko: Option<Ko>| Snapshot {
        prefix: prefix.iter().map(|s| pt(s)).collect(),
        ko,
        ..Snapshot::default()
    };
    let master = |c| Some(Ko::from(Some(c)));
    assert_eq!(
        search_label(&snap(&[], master(Color::White)), 9),
        "root: White is ko master"
    );
    assert_eq!(
        search_label(&snap(&["d1"], master(Color::Black)), 9),
        "first move D1: Black is ko master"
    );
    assert_eq!(
        search_label(&snap(&["d1", "e2"], Some(Ko::default())), 9),
        "after D1 E2: no ko master"
    );
    assert_eq!(
        search_label(&snap(&[], Some(Ko::threats(1, 0))), 9),
        "root: no ko master; external ko threats: Black 1, White 0"
    );
    assert_eq!(search_label(&snap(&[], None), 9), "root");
}

/// The problem list, like the `?` help, leaves the help line in view at
/// the bottom: it says how to choose, go and close.
#[test]
fn the_problem_list_leaves_the_help_line_in_view() {
    let mut a = app(
        &[("bad.sgf", BAD), ("nine.sgf", NINE), ("three.sgf", THREE)],
        true,
    );
    press(&mut a, &[Action::List, Action::Down]);
    let frame = render(&a, 80, 24);
    insta::assert_snapshot!("list_80x24", frame);
    for (w, h) in [(80, 24), (60, 16), (100, 40)] {
        let frame = render(&a, w, h);
        let last = rows(&frame).pop().expect("a last row");
        assert!(
            last.contains("↑↓ choose  Enter go  Esc close  q quit"),
            "{w}x{h}: {frame}"
        );
    }
}

/// The counters' elapsed time and the decided panel's: milliseconds
/// below a second (a tiny search is not "0.00 s"), with one decimal below
/// 10 ms; seconds with two decimals from one second on; no "10.0 ms" or
/// "1000 ms" where the rounding meets the next unit.
#[test]
fn times_below_a_second_are_given_in_milliseconds() {
    use super::ui::duration_text;
    let ms = |x: f64| duration_text(Duration::from_secs_f64(x / 1e3));
    assert_eq!(ms(0.0), "0.0 ms");
    assert_eq!(ms(3.4), "3.4 ms");
    assert_eq!(ms(9.94), "9.9 ms");
    assert_eq!(ms(9.96), "10 ms");
    assert_eq!(ms(340.2), "340 ms");
    assert_eq!(ms(999.4), "999 ms");
    assert_eq!(ms(999.6), "1.00 s");
    assert_eq!(ms(1234.0), "1.23 s");
    assert_eq!(ms(75_000.0), "75.00 s");
}

/// The body's frame when the current entry did not load, and the problem
/// list drawn over it: two boxes, the error box's border whole around
/// the list's, never one border drawn along the other (`w`x`h` frame).
fn assert_list_inside_error_box(frame: &str, w: usize, h: usize) {
    assert_overlay_inside_error_box(frame, w, h, " problems (");
}

/// The body's frame when the current entry did not load, and the overlay
/// whose top border has `title` drawn over it: the error box's border
/// whole around the overlay's, never one border drawn along the other,
/// and the header, message and help lines clear of both.
fn assert_overlay_inside_error_box(frame: &str, w: usize, h: usize, title: &str) {
    let rows: Vec<Vec<char>> = rows(frame).iter().map(|r| r.chars().collect()).collect();
    let at = |r: usize, c: usize| rows[r].get(c).copied().unwrap_or(' ');
    // The error box is the body: below the header, above the message and
    // help lines.
    let (top, bottom) = (1, h - 3);
    assert_eq!((at(top, 0), at(top, w - 1)), ('┌', '┐'), "{w}x{h}: {frame}");
    assert_eq!(
        (at(bottom, 0), at(bottom, w - 1)),
        ('└', '┘'),
        "{w}x{h}: {frame}"
    );
    assert!(
        (1..w - 1).all(|c| at(bottom, c) == '─'),
        "{w}x{h}: the error box's bottom border is whole: {frame}"
    );
    for r in top + 1..bottom {
        assert_eq!(
            (at(r, 0), at(r, w - 1)),
            ('│', '│'),
            "{w}x{h} row {r}: {frame}"
        );
    }
    // The overlay: its top border has the title; its bottom is the next
    // row with a corner below the title's.
    let over_top = (0..h)
        .find(|&r| rows[r].iter().collect::<String>().contains(title))
        .unwrap_or_else(|| panic!("{w}x{h}: no {title:?}: {frame}"));
    let left = rows[over_top]
        .iter()
        .position(|&c| c == '┌')
        .expect("the overlay's corner");
    let right = rows[over_top]
        .iter()
        .rposition(|&c| c == '┐')
        .expect("the overlay's corner");
    let over_bottom = (over_top + 1..h)
        .find(|&r| at(r, left) == '└')
        .unwrap_or_else(|| panic!("{w}x{h}: the overlay has no bottom: {frame}"));
    assert!(
        top < over_top && over_bottom < bottom && left > 0 && right < w - 1,
        "{w}x{h}: the overlay lies inside the error box: {frame}"
    );
    assert_eq!(at(over_bottom, right), '┘', "{w}x{h}: {frame}");
}

/// A problem's frame with the help open over it: the help's box lies in
/// the body, the header above and the message and help lines below it
/// left clear, and at most 78 columns wide with columns of the screen
/// beside it.
fn assert_help_inside_body(frame: &str, w: usize, h: usize) {
    let rows: Vec<Vec<char>> = rows(frame).iter().map(|r| r.chars().collect()).collect();
    let box_rows: Vec<usize> = (0..h)
        .filter(|&r| rows[r].iter().any(|c| "┌┐└┘".contains(*c)))
        .collect();
    let (first, last) = (box_rows[0], *box_rows.last().expect("a box"));
    assert!(
        rows[first].iter().collect::<String>().contains(" keys "),
        "{w}x{h}: {frame}"
    );
    assert!(first >= 2 && last + 4 <= h, "{w}x{h}: {frame}");
    let left = rows[first]
        .iter()
        .position(|&c| c == '┌')
        .expect("a corner");
    let right = rows[first]
        .iter()
        .position(|&c| c == '┐')
        .expect("a corner");
    assert!(left >= 2 && right + 3 <= w, "{w}x{h}: {frame}");
    assert!(right - left < 78, "{w}x{h}: {frame}");
    let help: String = rows[h - 1].iter().collect();
    assert!(help.contains("closes the help"), "{w}x{h}: {frame}");
}

/// A folder with a problem and a file that does not load, the broken one
/// on show and the problem list open: the list is drawn inside the error
/// box, not over its border, at every terminal size.
#[test]
fn the_problem_list_keeps_inside_the_error_box() {
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/basic-ko.sgf"
    ))
    .unwrap();
    // From a folder, as `shikatsu tui DIR` loads it.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("basic-ko.sgf"), &good).unwrap();
    std::fs::write(dir.path().join("broken.sgf"), "").unwrap();
    std::fs::write(dir.path().join("garbage.sgf"), "(;GM[1]SZ[99]AB[zz").unwrap();
    let loaded = load_paths(&[dir.path().to_path_buf()]);
    let mut folder = App::new(
        entries(loaded),
        dir.path().to_path_buf(),
        opts(),
        Config {
            start_paused: true,
            redact: true,
            mono: false,
        },
    );
    // basic-ko's two sides, then the two broken files.
    assert_eq!(folder.entries.len(), 4);
    press(&mut folder, &[Action::Next, Action::Next, Action::List]);
    assert!(matches!(folder.entry(), Some(super::app::Entry::Error(_))));
    // The same from text, for a snapshot that does not name a temporary
    // folder.
    let mut text = app(
        &[
            ("basic-ko.sgf", &good),
            ("broken.sgf", ""),
            ("garbage.sgf", "(;GM[1]SZ[99]AB[zz"),
        ],
        true,
    );
    press(&mut text, &[Action::Next, Action::Next, Action::List]);
    let frame = render(&text, 80, 24);
    insta::assert_snapshot!("list_over_load_error_80x24", frame);
    for a in [&folder, &text] {
        for (w, h) in [(80, 24), (100, 32), (60, 20)] {
            assert_list_inside_error_box(&render(a, w, h), w as usize, h as usize);
        }
        for h in 16..=48 {
            for w in [60, 61, 79, 80, 81, 99, 100, 120] {
                assert_list_inside_error_box(&render(a, w, h), w as usize, h as usize);
            }
        }
    }
}

/// The help, like the problem list, keeps inside the body: over a file
/// that did not load, inside the error box with a row and a column to
/// spare (100x27 drew the two boxes' borders over each other); over a
/// board, clear of the header and message line and short of the
/// screen's edges (80x40 drew it edge to edge).
#[test]
fn the_help_keeps_inside_the_body() {
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/basic-ko.sgf"
    ))
    .unwrap();
    let mut bad = app(
        &[
            ("basic-ko.sgf", &good),
            ("broken.sgf", ""),
            ("garbage.sgf", "(;GM[1]SZ[99]AB[zz"),
        ],
        true,
    );
    press(&mut bad, &[Action::Next, Action::Next, Action::Help]);
    assert!(matches!(bad.entry(), Some(super::app::Entry::Error(_))));
    let frame = render(&bad, 100, 27);
    insta::assert_snapshot!("help_over_load_error_100x27", frame);
    let mut good = solved(&[("three.sgf", THREE)]);
    good.apply(Action::Help);
    let frame = render(&good, 80, 40);
    insta::assert_snapshot!("help_80x40", frame);
    for h in 16..=48 {
        for w in 60..=120 {
            for a in [&bad, &good] {
                // At the top, and scrolled to the end (the draw clamps
                // the scroll).
                for top in [0, usize::MAX] {
                    a.help_view.set(super::ui::Scroll {
                        top,
                        ..Default::default()
                    });
                    let frame = render(a, w, h);
                    let (w, h) = (w as usize, h as usize);
                    if matches!(a.entry(), Some(super::app::Entry::Error(_))) {
                        assert_overlay_inside_error_box(&frame, w, h, " keys ");
                    } else {
                        assert_help_inside_body(&frame, w, h);
                    }
                }
            }
        }
    }
}

/// A message about the running search (how to step it, what `v` labels)
/// goes when the search ends: "searching again from the start: s and S
/// step, space resumes" stayed under the solved problem.
#[test]
fn a_message_about_the_search_goes_when_it_ends() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Step);
    assert!(a.solving());
    assert!(
        a.message
            .as_ref()
            .is_some_and(|(t, _)| t.starts_with("searching again from the start")),
        "{:?}",
        a.message
    );
    a.apply(Action::Values);
    let (text, _) = a.message.clone().expect("a message");
    assert!(text.starts_with("candidate points show pn"), "{text}");
    // Whole at 80 columns, after the message line's leading space.
    assert!(text.chars().count() <= 79, "{text}");
    a.apply(Action::Pause);
    assert!(a.wait_done(WAIT));
    assert!(matches!(a.phase, Phase::Decided { .. }));
    assert_eq!(a.message, None);
    // Other messages stay.
    a.apply(Action::Ko);
    assert!(a.wait_done(WAIT));
    assert!(
        a.message
            .as_ref()
            .is_some_and(|(t, _)| t.starts_with("ko setting: none")),
        "{:?}",
        a.message
    );
    // With nothing searching, `v` says when the labels will show.
    a.apply(Action::Values);
    a.apply(Action::Values);
    let (text, _) = a.message.clone().expect("a message");
    assert!(text.starts_with("while a search runs"), "{text}");
    assert!(text.chars().count() <= 79, "{text}");
}

/// The load error counts the entries that did load, rather than call the
/// rest of a folder with other broken files fine, and an error longer
/// than the box keeps its indent on every line.
#[test]
fn a_load_error_counts_the_other_entries_that_loaded() {
    let a = app(
        &[
            ("bad.sgf", BAD),
            ("garbage.sgf", "(;GM[1]SZ[99]AB[zz"),
            ("three.sgf", THREE),
        ],
        true,
    );
    let frame = render(&a, 60, 20);
    assert!(
        frame.contains("1 of the other 2 entries loaded: n and p move to the"),
        "{frame}"
    );
    assert!(!frame.contains("fine"), "{frame}");
    let all = rows(&frame);
    let from = all
        .iter()
        .position(|r| r.contains("could not be loaded"))
        .expect("the title")
        + 2;
    let to = (from..all.len())
        .find(|&r| all[r] == format!("│{}│", " ".repeat(58)))
        .expect("a blank row");
    assert!(to > from + 1, "the error wraps at 60 columns: {frame}");
    for r in &all[from..to] {
        assert!(
            r.starts_with("│  ") && !r.starts_with("│   "),
            "{r:?}: {frame}"
        );
    }
    // Where every other entry loaded, it says so.
    let b = app(&[("bad.sgf", BAD), ("three.sgf", THREE)], true);
    let frame = render(&b, 80, 24);
    assert!(
        frame.contains("The rest of the collection is fine"),
        "{frame}"
    );
}

/// What the "… N more" rows of a cut list say: (above, below), from
/// "… 3 more above", "… 5 more" and "… 3 more above, 5 below".
fn cut_counts(rows: &[String]) -> (usize, usize) {
    let (mut above, mut below) = (0, 0);
    for r in rows {
        let Some(said) = r.trim().strip_prefix("… ") else {
            continue;
        };
        if let Some((a, b)) = said.split_once(" more above, ") {
            above = a.parse().expect("a count");
            below = b
                .strip_suffix(" below")
                .expect("below")
                .parse()
                .expect("a count");
        } else if let Some(a) = said.strip_suffix(" more above") {
            above = a.parse().expect("a count");
        } else if let Some(b) = said.strip_suffix(" more") {
            below = b.parse().expect("a count");
        }
    }
    (above, below)
}

/// The sizes a panel's lists are checked at: the smallest drawn, 60
/// columns, 80x24 and larger.
const SIZES: [(u16, u16); 12] = [
    (60, 16),
    (60, 17),
    (60, 20),
    (60, 24),
    (64, 18),
    (70, 16),
    (70, 21),
    (80, 16),
    (80, 24),
    (100, 20),
    (120, 40),
    (80, 48),
];

/// Down a list of 15 candidates at every size: the selected move is on
/// show, every candidate takes one row, and the rows shown with those
/// the "… N more" rows count are the whole list (at 60x20 the wrapped
/// rows used to leave the cut no row to say so).
#[test]
fn a_cut_candidate_list_says_so_at_every_size() {
    let mut a = solved(&[("twelve.sgf", TWELVE)]);
    let n = a.node.as_ref().expect("a node").candidates.len();
    assert_eq!(n, 15);
    for i in 0..n {
        assert_eq!(a.sel, i);
        for (w, h) in SIZES {
            let frame = render(&a, w, h);
            let panel = panel_rows(&frame);
            let head = panel
                .iter()
                .position(|r| r.starts_with("─ 15 "))
                .unwrap_or_else(|| panic!("{w}x{h}: a candidates heading\n{frame}"));
            let rows: Vec<String> = panel[head + 1..]
                .iter()
                .map(|r| r.trim_end().to_string())
                .filter(|r| !r.is_empty())
                .collect();
            let (above, below) = cut_counts(&rows);
            let markers = usize::from(above > 0) + usize::from(below > 0);
            let entries = rows.iter().filter(|r| !r.trim().starts_with('…')).count();
            // One row a candidate, each as the panel writes one.
            for r in &rows {
                assert!(
                    r.trim().starts_with('…') || r.starts_with("▶ ") || r.starts_with("  "),
                    "{w}x{h}, move {i}: a row of its own for each candidate\n{frame}"
                );
            }
            assert_eq!(
                rows.iter().filter(|r| r.starts_with('▶')).count(),
                1,
                "{w}x{h}, move {i}:\n{frame}"
            );
            assert!(rows.len() >= entries, "{w}x{h}, move {i}:\n{frame}");
            assert!(
                rows.len() - entries <= markers,
                "{w}x{h}, move {i}:\n{frame}"
            );
            assert_eq!(entries + above + below, n, "{w}x{h}, move {i}:\n{frame}");
        }
        a.apply(Action::Down);
    }
}

/// A search whose most-proving path is `len` moves or longer, paused.
fn deep_search(len: usize) -> App {
    let mut a = stepped(app(&[("nine.sgf", NINE)], true), 0);
    for _ in 0..10 {
        if a.snap.path.len() >= len {
            return a;
        }
        a.apply(Action::BigStep);
        a.settle(WAIT);
    }
    panic!("no path of {len} moves");
}

/// The path list and the moves of the node on show while searching, at
/// every size and every step of the path: the step on show is in view,
/// and a list cut above or below says so, "… N more above" or "… N more",
/// with the numbers that make up the whole (the path's top used to be
/// cut without a word, and the moves' rows with no "more" at all).
#[test]
fn the_search_panel_says_where_its_lists_are_cut() {
    let mut a = deep_search(6);
    let len = a.snap.path.len();
    let mut cut_above = false;
    for step in (0..=len).rev() {
        if step < len {
            a.apply(Action::Left);
            assert_eq!(a.path_cursor, Some(step));
        }
        let moves = a.snap.ranked(a.path_shown()).len();
        for (w, h) in SIZES {
            let frame = render(&a, w, h);
            let panel = panel_rows(&frame);
            let head = panel
                .iter()
                .position(|r| r.starts_with("─ most-proving path") || r.starts_with("─ path"))
                .unwrap_or_else(|| panic!("{w}x{h}: a path heading\n{frame}"));
            let cands = panel
                .iter()
                .position(|r| r.starts_with("─ candidates at") || r.starts_with("─ moves at"));
            let path_rows: Vec<String> = panel[head + 1..cands.unwrap_or(panel.len())]
                .iter()
                .map(|r| r.trim_end().to_string())
                .filter(|r| !r.is_empty())
                .collect();
            let (above, below) = cut_counts(&path_rows);
            let steps: Vec<usize> = path_rows
                .iter()
                .filter_map(|r| r.split_whitespace().next()?.parse().ok())
                .collect();
            assert_eq!(
                steps.len() + above + below,
                len,
                "{w}x{h}, step {step}:\n{frame}"
            );
            // The rows are the path's, in order, from the one after those
            // said to be above.
            assert_eq!(
                steps,
                (above + 1..=above + steps.len()).collect::<Vec<_>>(),
                "{w}x{h}, step {step}:\n{frame}"
            );
            if step > 0 && step < len {
                assert!(steps.contains(&step), "{w}x{h}, step {step}:\n{frame}");
            }
            cut_above |= above > 0;
            // The moves of the node on show, counted with what is cut.
            if let Some(c) = cands {
                let rows: Vec<String> = panel[c + 1..]
                    .iter()
                    .map(|r| r.trim_end().to_string())
                    .filter(|r| !r.is_empty())
                    .collect();
                let (above, below) = cut_counts(&rows);
                let shown: usize = rows
                    .iter()
                    .filter(|r| !r.trim().starts_with('…'))
                    .map(|r| r.matches(" pn ").count() + r.matches(" dn ").count())
                    .sum();
                assert_eq!(
                    shown + above + below,
                    moves,
                    "{w}x{h}, step {step}:\n{frame}"
                );
            }
        }
    }
    assert!(cut_above, "some size cuts the path above the step on show");
}

/// White's side of the basic ko starts from the table Black's left, turned
/// round, which settles it in two expansions: the root's and one move's,
/// decided as the search enters it. The panel gives the depth reached;
/// for a root settled with no position below it, no depth rather than
/// "max depth 0".
#[test]
fn a_root_settled_by_the_kept_table_has_no_depth_to_show() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/basic-ko.sgf"))
        .expect("the bundled basic ko");
    let mut a = solved(&[("problems/classic/basic-ko.sgf", &text)]);
    a.apply(Action::Next);
    assert!(a.wait_done(WAIT), "the second side solved");
    let Phase::Decided {
        root: Some(cost), ..
    } = &mut a.phase
    else {
        panic!("decided, with the root's searches watched");
    };
    assert_eq!(cost.max_depth, 1, "settled one move below the root");
    for (w, h) in [(80, 24), (60, 20), (120, 40)] {
        let frame = render(&a, w, h);
        assert!(frame.contains("max depth 1"), "{w}x{h}:\n{frame}");
    }
    let Phase::Decided {
        root: Some(cost), ..
    } = &mut a.phase
    else {
        unreachable!()
    };
    cost.max_depth = 0;
    for (w, h) in [(80, 24), (60, 20), (120, 40)] {
        let frame = render(&a, w, h);
        assert!(!frame.contains("max depth"), "{w}x{h}:\n{frame}");
        assert!(frame.contains("root  pn 0  dn ∞"), "{w}x{h}:\n{frame}");
        assert!(frame.contains("TT "), "{w}x{h}:\n{frame}");
    }
}

/// `w` into a folder it cannot write, by a path too long for the message
/// line: the line keeps the reason in view, with the file's name cut at
/// its start, or called what it is (it used to run off the edge).
#[test]
fn w_says_why_it_cannot_write_within_the_message_line() {
    let mut a = solved(&[("bent-four-in-the-corner.sgf", THREE)]);
    let dir = tempfile::tempdir().unwrap();
    let missing = dir
        .path()
        .join("a-folder-with-a-rather-long-name-that-is-not-there");
    for width in [60u16, 80, 100, 200] {
        a.write_sgf_in(&missing);
        let (text, _) = a.message.clone().expect("a message");
        assert!(
            text.ends_with("No such file or directory (os error 2)"),
            "{text}"
        );
        let frame = render(&a, width, 24);
        let line = rows(&frame)[22].trim_end().to_string();
        assert!(
            crate::text::columns(&line) <= width as usize,
            "{width}: {line}"
        );
        assert!(
            line.ends_with(": No such file or directory")
                || line.ends_with(": No such file or directory (os error 2)"),
            "{width}: {line}"
        );
        assert!(
            line.trim_start().starts_with("cannot write "),
            "{width}: {line}"
        );
        if width >= 80 {
            assert!(line.contains("-B.proof.sgf: "), "{width}: {line}");
        }
    }
    // Into the current folder, as `w` writes, a bundled problem's long
    // name and the system's reason take more than 80 columns.
    let long = "cannot write bent-four-in-the-corner-B.proof.sgf: Permission denied (os error 13)";
    assert!(long.chars().count() > 79);
}

/// A refutation that cannot be written after the proof was: `w` says
/// it wrote the proof and which file it could not write.
#[test]
fn w_names_what_it_wrote_before_a_file_it_could_not_write() {
    let wrong = THREE.replace(";B[ba])", "(;B[aa]))");
    let mut a = solved(&[("three.sgf", &wrong)]);
    assert_eq!(a.analysis().expect("decided").refutations.len(), 1);
    let dir = tempfile::tempdir().unwrap();
    // A folder where the refutation's file would go.
    std::fs::create_dir(dir.path().join("three-B-refutes-aa.proof.sgf")).unwrap();
    let line = w_message_line(&mut a, dir.path(), 120);
    assert!(
        line.starts_with("wrote three-B.proof.sgf; cannot write three-B-refutes-aa.proof.sgf: "),
        "{line}"
    );
    assert!(dir.path().join("three-B.proof.sgf").is_file());
    let line = w_message_line(&mut a, dir.path(), 60);
    assert!(line.starts_with("wrote 1 file; cannot write "), "{line}");
}

/// A message wider than the message line, with no shorter form that
/// fits, is cut after a word and says so with "…" (it used to stop
/// wherever the terminal's edge fell, inside a word); `v`'s and try
/// mode's messages have short forms for 60 columns.
#[test]
fn a_long_message_is_cut_between_words() {
    let mut a = app(&[("nine.sgf", NINE)], true);
    a.settle(WAIT);
    a.apply(Action::Values);
    let line = |a: &App, w: u16| rows(&render(a, w, 20))[18].trim_end().to_string();
    assert_eq!(
        line(&a, 80),
        " candidate points show pn (prover to move) or dn (opponent); v hides them"
    );
    assert_eq!(
        line(&a, 60),
        " candidate points show pn or dn; v hides them"
    );
    a.message = Some((
        "White answers pass: retaking the ko would repeat a position, which the ko rule bars White from (Black is ko master).".to_string(),
        super::app::Tone::Info,
    ));
    a.message_short.clear();
    for w in [60u16, 80, 100] {
        let l = line(&a, w);
        assert!(crate::text::columns(&l) <= w as usize, "{w}: {l}");
        assert!(l.ends_with(" …"), "{w}: {l}");
        let said = l.trim_start().trim_end_matches(" …");
        let text = &a.message.as_ref().unwrap().0;
        assert!(text.starts_with(said), "{w}: {l}");
        assert_eq!(
            text.as_bytes()[said.len()],
            b' ',
            "{w}: cut after a word: {l}"
        );
    }
    assert_eq!(
        super::app::undecided(shikatsu::dfpn::Stop::Positions),
        "could not decide that position within the position limit"
    );
}

/// Try mode says why a point cannot be played, and `u` with nothing to
/// take back says so instead of doing nothing.
#[test]
fn try_mode_says_why_a_move_cannot_be_played() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Try);
    let said = |a: &App| a.message.as_ref().map(|m| m.0.clone()).unwrap_or_default();
    a.apply(Action::Undo);
    assert_eq!(said(&a), "nothing to take back: no move played yet");
    for (point, why) in [
        (
            "a1",
            "A1 is not a legal move here: it is outside the problem's region",
        ),
        ("b8", "B8 is not a legal move here: there is a stone there"),
    ] {
        for c in point.chars() {
            a.apply(Action::Char(c));
        }
        a.apply(Action::Enter);
        assert!(said(&a).starts_with(why), "{point}: {}", said(&a));
        assert!(a.line.is_empty());
    }
    a.apply(Action::Back);
    a.apply(Action::Undo);
    assert_eq!(said(&a), "u takes back a move in try it yourself (t)");
}

/// Walking the basic ko: after Black takes the ko, White's retake is not
/// among the candidates, and the panel says why.
#[test]
fn the_walk_says_when_the_ko_rule_bars_a_retake() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/basic-ko.sgf"))
        .expect("the bundled basic ko");
    let mut a = solved(&[("basic-ko.sgf", &text)]);
    assert!(!render(&a, 80, 24).contains("barred"));
    a.apply(Action::Right);
    assert_eq!(a.line, [pt("a8")]);
    let node = a.node.as_ref().expect("a node");
    assert!(node.ko_barred);
    assert!(!node.candidates.iter().any(|c| c.mv == pt("a9")));
    for (w, h) in [(80, 24), (60, 16)] {
        let frame = render(&a, w, h);
        let panel = panel_rows(&frame).join("\n");
        assert!(
            panel.contains("retaking the ko at A9 is barred (Black is"),
            "{w}x{h}:\n{frame}"
        );
    }
}

/// Try mode's answer to a point that cannot be played tells suicide
/// from the ko rule's bar: in the basic ko, Black's C9 at the start is
/// suicide, and after Black takes the ko at A8 White's retake at A9 is
/// barred; a typed suicide says so on the message line.
#[test]
fn try_mode_tells_suicide_from_the_ko_rule() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("problems/classic/basic-ko.sgf"))
        .expect("the bundled basic ko");
    let mut a = solved(&[("basic-ko.sgf", &text)]);
    let region = a.problem().expect("loaded").0.region.area;
    let node = a.node.clone().expect("the root");
    assert_eq!(
        super::app::why_not_legal(&node, &region, pt("c9")),
        "it would be suicide"
    );
    a.apply(Action::Right);
    assert_eq!(a.line, [pt("a8")]);
    let node = a.node.clone().expect("after A8");
    assert_eq!(
        super::app::why_not_legal(&node, &region, pt("a9")),
        "the ko rule bars it: it would repeat an earlier position"
    );
    a.apply(Action::Home);
    a.apply(Action::Try);
    for c in "c9".chars() {
        a.apply(Action::Char(c));
    }
    a.apply(Action::Enter);
    let said = a.message.as_ref().map(|m| m.0.clone()).unwrap_or_default();
    assert_eq!(said, "C9 is not a legal move here: it would be suicide");
}

/// The list gives each entry's file and name a part of the row each,
/// the file cut at its start and the name at its end, rather than the two
/// cut as one ("…gf  Eternal life").
#[test]
fn the_list_cuts_the_file_and_the_name_apart() {
    let named = THREE.replace(
        "GN[Straight three]",
        "GN[Eternal life (chosei), White to move starts the cycle]",
    );
    let mut a = app(&[("ko/eternal-life-white-starts.sgf", &named)], true);
    a.apply(Action::List);
    let frame = render(&a, 80, 24);
    let row = rows(&frame)
        .into_iter()
        .find(|r| r.contains("   1 "))
        .expect("the entry's row");
    assert!(row.contains("-white-starts.sgf  Eternal life"), "{frame}");
    assert!(row.contains("…  B kill"), "{frame}");
    // More room: the file whole, and more of the name.
    let frame = render(&a, 120, 24);
    assert!(
        frame.contains(
            "  1 ko/eternal-life-white-starts.sgf  Eternal life (chosei), White t…  B kill"
        ),
        "{frame}"
    );
}

/// A problem opened by its file's path is named by the file's name in
/// the header (the whole path, cut at its start, left "…ms/classic/…"),
/// and limits raised by `r` go short there rather than crowd the name out.
#[test]
fn the_header_names_a_file_opened_by_its_path_and_keeps_it_in_view() {
    let path = "/somewhere/far/problems/gop/a-long-problem-name.sgf";
    let mut o = opts();
    o.limits = shikatsu::dfpn::Limits {
        positions: Some(300),
        time: Some(Duration::from_secs(60)),
    };
    let mut a = App::new(
        entries(load_str(path, NINE)),
        PathBuf::from(path),
        o,
        Config {
            start_paused: false,
            redact: true,
            mono: false,
        },
    );
    assert!(a.wait_done(WAIT));
    let header = |a: &App, w| rows(&render(a, w, 24))[0].clone();
    assert!(
        header(&a, 80).starts_with(" shikatsu  a-long-problem-name.sgf (1/1)"),
        "{}",
        header(&a, 80)
    );
    assert_eq!(a.analysis().map(|an| an.status), Some(Status::Unknown));
    a.apply(Action::Resolve);
    assert!(a.wait_done(WAIT));
    let h = header(&a, 80);
    assert!(h.contains("-problem-name.sgf (1/1)"), "{h}");
    assert!(h.contains("limits 120 s, 600  "), "{h}");
    let h = header(&a, 140);
    assert!(h.contains("limits: 120 s, 600 positions"), "{h}");
}

/// Home and End scroll a help cut to the terminal to its top and end.
#[test]
fn home_and_end_scroll_the_help() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Help);
    let _ = render(&a, 60, 16);
    let view = a.help_view.get();
    assert!(view.max_top > 0);
    a.apply(Action::End);
    assert_eq!(a.overlay, Overlay::Help);
    assert_eq!(a.help_view.get().top, view.max_top);
    a.apply(Action::Home);
    assert_eq!(a.help_view.get().top, 0);
    assert_eq!(a.overlay, Overlay::Help);
}

/// `w` and `t` pressed while the problem is being solved say to wait,
/// and that goes when the search ends, where it would be wrong (they then
/// work); on an entry that did not load, `t` and `s` say why they do
/// nothing.
#[test]
fn w_and_t_before_the_answer_say_so_until_it_comes() {
    let mut a = app(&[("three.sgf", THREE)], true);
    a.settle(WAIT);
    assert!(a.solving());
    for (key, said) in [
        (
            Action::Write,
            "nothing to write yet: the problem is not solved",
        ),
        (Action::Try, "try it yourself once the problem is solved"),
    ] {
        a.apply(key);
        assert_eq!(a.message.as_ref().map(|m| m.0.as_str()), Some(said));
    }
    a.apply(Action::Pause);
    assert!(a.wait_done(WAIT));
    assert!(matches!(a.phase, Phase::Decided { .. }));
    assert_eq!(a.message, None);

    let mut a = app(&[("bad.sgf", BAD), ("three.sgf", THREE)], true);
    assert!(a.problem().is_none());
    for (key, said) in [
        (Action::Try, "nothing to try: this entry did not load"),
        (Action::Step, "nothing to search: this entry did not load"),
    ] {
        a.apply(key);
        assert_eq!(a.message.as_ref().map(|m| m.0.as_str()), Some(said));
    }
}

/// An app on a file of the external suite (None, said why, when the
/// suite is missing).
fn suite_app(name: &str, start_paused: bool) -> Option<App> {
    let problem = common::suite_problem(name)?;
    Some(app_of(vec![Ok(problem)], start_paused))
}

/// Ticks `a` until `what` holds (at most `WAIT`).
fn tick_until(a: &mut App, what: &dyn Fn(&App) -> bool) {
    let end = std::time::Instant::now() + WAIT;
    loop {
        a.tick();
        if what(a) {
            return;
        }
        assert!(std::time::Instant::now() < end, "timed out");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A step of millions of expansions takes seconds: it used to run with
/// the screen saying "paused", the counters still, and no key to stop
/// it. It now shows how far it has come, its counters move as a running
/// search's do, and space or Esc stops it where it got to, still paused.
#[test]
fn a_long_step_shows_its_progress_and_space_or_esc_stops_it() {
    // gop/5555 Black to kill: millions of expansions.
    let Some(mut a) = suite_app("gop/5555.sgf", true) else {
        return;
    };
    a.settle(WAIT);
    assert!(a.paused && a.snap.held);
    for stop in [Action::Pause, Action::Back] {
        let before = a.snap.expansions;
        let digits: Vec<Action> = "50000000".chars().map(Action::Digit).collect();
        press(&mut a, &digits);
        a.apply(Action::Step);
        // The counters move while the step runs.
        tick_until(&mut a, &|a| a.snap.expansions > before + 10_000);
        let seen = a.snap.expansions;
        tick_until(&mut a, &|a| a.snap.expansions > seen + 10_000);
        let (made, asked) = a.stepping().expect("the step runs");
        assert_eq!(asked, 50_000_000);
        assert!(made > 0 && made < asked);
        let frame = render(&a, 100, 30);
        let lines: Vec<&str> = frame.lines().collect();
        assert!(lines[0].contains("stepping"), "{frame}");
        assert!(!lines[0].contains("paus"), "{frame}");
        assert!(
            lines[28].contains("stepping 50,000,000 expansions…")
                && lines[28].contains("space or Esc stops"),
            "{frame}"
        );
        assert!(lines[29].contains("space stop "), "{frame}");
        // Space (or Esc) stops the step, and the search stays paused.
        a.apply(stop);
        assert!(a.running, "Esc stops the step, not the program");
        a.settle(WAIT);
        assert!(a.paused && a.snap.held && a.stepping().is_none());
        assert!(a.snap.expansions < before + 50_000_000);
        let said = a.message.as_ref().map(|(t, _)| t.as_str()).unwrap_or("");
        assert!(said.starts_with("step stopped after "), "{said}");
        assert!(
            render(&a, 100, 30)
                .lines()
                .next()
                .unwrap()
                .contains("paused")
        );
        // Stopped: the count stands still.
        let held = a.snap.expansions;
        std::thread::sleep(Duration::from_millis(100));
        a.tick();
        assert_eq!(a.snap.expansions, held);
    }
}

/// Whether the file's answer agrees is `solve`'s verdict: a file whose
/// answer fails, as every move does, differs (the panel said "agrees":
/// the answer's status was the side's, fails), and one whose answer
/// reaches the proven status agrees.
#[test]
fn the_file_agrees_as_solve_says_it_does() {
    // Black to kill where White lives whatever: the file's B8 fails.
    let nine_answered = NINE.replace("MA[cc])", "MA[cc];B[bb])");
    let mut a = solved(&[("nine.sgf", &nine_answered)]);
    let a_status = a.analysis().map(|x| x.status);
    assert_eq!(a_status, Some(Status::Fails));
    let frame = render(&a, 100, 30);
    assert!(
        frame.contains("no first move works  file B8 differs"),
        "{frame}"
    );
    let problem = a.problem().expect("a problem").0.clone();
    let record = shikatsu::report::Record::from_analysis(&problem, a.analysis().unwrap());
    assert_eq!(record.agrees, Some(false), "solve's table says DIFFERS");
    a.apply(Action::Home);
    let three = solved(&[("three.sgf", THREE)]);
    let frame = render(&three, 100, 30);
    assert!(frame.contains("file B9 agrees"), "{frame}");
}

/// What is typed in try mode shows on the panel's last row however long
/// the log above it: the log's entries were counted one row each, and
/// those that wrap pushed the prompt out of a short panel.
#[test]
fn what_is_typed_in_try_mode_shows_however_long_the_log() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::Try);
    for _ in 0..4 {
        press(
            &mut a,
            &[Action::Char('a'), Action::Char('9'), Action::Enter],
        );
        if a.deciding() {
            assert!(a.wait_done(WAIT));
        }
        a.apply(Action::Undo);
    }
    assert!(try_log(&a).len() >= 8, "{:?}", try_log(&a));
    press(&mut a, &[Action::Char('q'), Action::Char('1')]);
    for (w, h) in [(60, 16), (80, 24)] {
        let frame = render(&a, w, h);
        assert!(frame.contains("typed q1_"), "{w}x{h}:\n{frame}");
        assert!(frame.contains("─ your move"), "{w}x{h}:\n{frame}");
    }
}

/// A seki under a fixed ko master is said in one pair of brackets.
#[test]
fn a_seki_under_a_ko_master_has_one_pair_of_brackets() {
    let mut a = solved(&[("nine.sgf", NINE)]);
    with_analysis(&mut a, |an| {
        an.life = Some(shikatsu::analysis::Life::Seki);
        an.ko.master = Some(Color::Black);
    });
    let frame = render(&a, 100, 30);
    assert!(
        frame.contains("Black to kill: fails (seki, Black ko master), checked"),
        "{frame}"
    );
    assert!(!frame.contains(") ("), "{frame}");
}

/// The help's footer says any key closes it: `q` too. Ctrl-C quits from
/// anywhere.
#[test]
fn q_closes_the_help_and_ctrl_c_quits_from_anywhere() {
    let mut a = solved(&[("three.sgf", THREE)]);
    press(&mut a, &[Action::Help, Action::Quit]);
    assert_eq!(a.overlay, Overlay::None);
    assert!(a.running, "q closed the help only");
    press(&mut a, &[Action::Help, Action::Interrupt]);
    assert!(!a.running);
    let mut b = solved(&[("three.sgf", THREE)]);
    press(&mut b, &[Action::Try, Action::Interrupt]);
    assert!(!b.running, "Ctrl-C quits from try mode too");
}

fn said(a: &App) -> Option<&str> {
    a.message.as_ref().map(|(t, _)| t.as_str())
}

/// A message about the position on show goes when the walk moves on:
/// "the game is over" stayed after Home, and "… is off the most-proving
/// path" after ←.
#[test]
fn a_message_about_the_position_goes_when_the_walk_moves() {
    let mut a = solved(&[("three.sgf", THREE)]);
    a.apply(Action::End);
    a.apply(Action::Right);
    let over = said(&a).expect("why the game is over").to_string();
    for key in [Action::Home, Action::Left, Action::Up, Action::Down] {
        a.apply(Action::End);
        a.apply(Action::Right);
        assert_eq!(said(&a), Some(over.as_str()));
        a.apply(key);
        assert_eq!(said(&a), None, "after {key:?}");
    }
    // While searching: a move chosen off the path.
    let mut s = deep_search(3);
    s.apply(Action::Home);
    s.apply(Action::Down);
    s.apply(Action::Enter);
    assert!(said(&s).is_some_and(|m| m.contains("off the most-proving path")));
    s.apply(Action::Right);
    assert_eq!(said(&s), None);
}

/// Digits make a step count only where there is something to step, and
/// a count starts from 1 ("0s" stepped once, as "s" does).
#[test]
fn a_step_count_starts_from_1_and_needs_a_problem() {
    let mut a = app(&[("nine.sgf", NINE)], true);
    a.settle(WAIT);
    a.apply(Action::Digit('0'));
    assert!(a.count.is_empty());
    assert!(said(&a).is_some_and(|m| m.contains("starts from 1")));
    press(&mut a, &[Action::Digit('1'), Action::Digit('0')]);
    assert_eq!(a.count, "10");
    let e = a.snap.expansions;
    a.apply(Action::Step);
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, e + 10);
    let mut bad = app(&[("bad.sgf", BAD)], true);
    bad.apply(Action::Digit('3'));
    assert!(bad.count.is_empty());
    assert!(!render(&bad, 80, 24).contains("count 3"));
}

/// `r` during a search starts it again and says so, keeping a pause.
#[test]
fn r_during_a_search_says_it_starts_again_and_keeps_the_pause() {
    // gop/5555: long enough to be paused while searching.
    let Some(mut a) = suite_app("gop/5555.sgf", false) else {
        return;
    };
    a.apply(Action::Pause);
    assert!(a.paused);
    a.apply(Action::Resolve);
    assert!(a.solving() && a.paused, "still paused");
    assert!(said(&a).is_some_and(|m| m.starts_with("searching again from the start, paused")));
    a.settle(WAIT);
    assert_eq!(a.snap.expansions, 1, "from the start");
}

/// A problem read from a damaged file is solved with the warning `solve`
/// gives it: its position may not be the one meant.
#[test]
fn a_damaged_file_is_shown_with_a_warning() {
    // Straight three, cut off after its answer.
    let cut = THREE.trim_end_matches(')');
    let a = solved(&[("cut.sgf", cut)]);
    assert_eq!(
        a.message,
        Some((
            "warning: not valid SGF (Unexpected end of data): solved as far as it could be read"
                .to_string(),
            crate::tui::app::Tone::Bad
        ))
    );
    let whole = solved(&[("three.sgf", THREE)]);
    assert_eq!(whole.message, None);
}

/// What the app says once it has solved `text`, loaded with `options`.
fn said_after_loading(text: &str, options: shikatsu::problem::Options) -> Option<String> {
    let loaded = shikatsu::problem::sgf::load_bytes_with(
        std::path::Path::new("t.sgf"),
        text.as_bytes(),
        options,
    );
    let mut a = app_of(loaded, false);
    assert!(a.wait_done(WAIT), "the solve finished");
    let (text, tone) = a.message.clone()?;
    assert_eq!(tone, crate::tui::app::Tone::Info);
    Some(text)
}

/// A problem whose target the loader guessed (`--guess-target`) says so
/// and which group it took, as `solve` shows `D9?`; one the loader framed
/// (`--frame`) says so, as its JSON does.
#[test]
fn a_guessed_target_and_a_frame_are_said() {
    let unmarked = THREE.replace("MA[bb]", "");
    let guess = shikatsu::problem::Options {
        guess_target: true,
        ..Default::default()
    };
    assert_eq!(
        said_after_loading(&unmarked, guess).as_deref(),
        Some("the file marks no target: guessed White D9")
    );
    // Straight three in a 19x19 corner, its wall open at C17.
    let gapped = "(;FF[4]SZ[19]PL[B]AB[ea][eb][ac][bc][dc][ec]AW[da][ab][bb][cb][db]MA[bb];B[ba])";
    let frame = shikatsu::problem::Options {
        frame: true,
        ..Default::default()
    };
    assert_eq!(
        said_after_loading(gapped, frame).as_deref(),
        Some("the wall is open: framed with Black stones")
    );
    assert_eq!(said_after_loading(THREE, frame), None);
}
