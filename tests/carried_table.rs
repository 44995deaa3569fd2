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

/// A bundled problem's path.
fn bundled_path(name: &str) -> String {
    format!("{}/problems/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn bundled(name: &str) -> Problem {
    load_paths(&[bundled_path(name)])
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
    // Second-line eight: Black to move kills; White to move cannot live.
    let p = bundled("classic/second-line-eight-live.sgf");
    let alone = on_a_new_thread(&p, &[Color::White]).remove(0);
    let both = on_a_new_thread(&p, &[Color::Black, Color::White]);
    let after = &both[1];
    assert_eq!(answers(after), answers(&alone));
    assert!(after.checked && after.all_first_moves);
    assert!(
        after.positions * 2 < alone.positions,
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

/// `shikatsu solve ARGS --format jsonl --quiet`: each side's record.
fn solve_records(args: &[&str]) -> Vec<serde_json::Value> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["solve", "--format", "jsonl", "--quiet"])
        .args(args)
        .output()
        .expect("shikatsu runs");
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `shikatsu solve ARGS` within 20M positions: each side's (to_move,
/// positions).
fn solve_positions(args: &[&str]) -> Vec<(String, u64)> {
    let mut all = vec!["--positions", "20000000"];
    all.extend_from_slice(args);
    solve_records(&all)
        .iter()
        .map(|r| {
            let side = r["to_move"].as_str().expect("a side").to_string();
            (side, r["positions"].as_u64().expect("a count"))
        })
        .collect()
}

/// A fresh folder of this test run for copies of problems.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shikatsu-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy in `dir` of the problem at `path` with `side` ("B" or "W") to
/// move: `PL` added after its `MA`.
fn with_side(dir: &std::path::Path, path: &str, side: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let at = text.find("MA[").expect("a target");
    let end = at + text[at..].find(']').expect("a closed MA") + 1;
    let file = dir.join(format!("{side}.sgf"));
    std::fs::write(&file, format!("{}PL[{side}]{}", &text[..end], &text[end..])).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn a_batch_solves_a_problems_sides_on_one_worker_and_carries_the_table() {
    let dir = scratch("carry");
    let both = bundled_path("classic/second-line-eight-live.sgf");
    // The same problem with White to move only.
    let white_only = with_side(&dir, &both, "W");
    let alone = solve_positions(&["--jobs", "1", &white_only]);
    assert_eq!(alone.len(), 1);
    // One job, and two jobs with as many problems: White comes after Black.
    let other = bundled_path("classic/rabbity-six.sgf");
    for args in [
        vec!["--jobs", "1", &both],
        vec!["--jobs", "2", &both, &other],
    ] {
        let sides = solve_positions(&args);
        let (_, white) = sides.iter().find(|(s, _)| s == "W").expect("White's side");
        assert!(
            white * 2 < alone[0].1,
            "{args:?}: White after Black {white} positions, alone {}",
            alone[0].1
        );
    }
    // One problem on two jobs: its sides run at once, each from scratch.
    let sides = solve_positions(&["--jobs", "2", &both]);
    let (_, white) = sides.iter().find(|(s, _)| s == "W").expect("White's side");
    assert_eq!(*white, alone[0].1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The defender's side runs first whatever the input order: in
/// rabbity six White defends, and Black's side, first in the file and in
/// the output, starts from White's table (the attacker's side is usually
/// the harder one).
#[test]
fn a_batch_runs_the_defenders_side_first() {
    let dir = scratch("defender");
    let both = bundled_path("classic/rabbity-six.sgf");
    let alone = |side: &str| {
        let mut records =
            solve_records(&["--positions", "20000000", &with_side(&dir, &both, side)]);
        assert_eq!(records.len(), 1);
        records.remove(0)
    };
    let (white_alone, black_alone) = (alone("W"), alone("B"));
    let count = |r: &serde_json::Value| r["positions"].as_u64().expect("a count");
    let other = bundled_path("classic/second-line-eight-live.sgf");
    for args in [
        vec!["--jobs", "1", &both],
        vec!["--jobs", "2", &both, &other],
    ] {
        let mut all = vec!["--positions", "20000000"];
        all.extend_from_slice(&args);
        let records: Vec<_> = solve_records(&all)
            .into_iter()
            .filter(|r| r["file"] == both.as_str())
            .collect();
        let sides: Vec<_> = records.iter().map(|r| r["to_move"].clone()).collect();
        assert_eq!(
            sides,
            ["B", "W"],
            "{args:?}: the output keeps the file's order"
        );
        let (black, white) = (&records[0], &records[1]);
        assert_eq!(
            count(white),
            count(&white_alone),
            "{args:?}: White first, afresh"
        );
        for field in ["status", "first_moves", "all_first_moves", "checked"] {
            assert_eq!(black[field], black_alone[field], "{args:?}: {field}");
        }
        assert!(
            count(black) * 4 < count(&black_alone),
            "{args:?}: Black after White {} positions, alone {}",
            count(black),
            count(&black_alone)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// gop/14352 at 30 s on one job: White's side starts from the table
/// Black's whole analysis filled (some 200M positions), and its own
/// proof as ko master, found in 221,508 positions, needs more than
/// White's own 318,000 to have its walk repaired where the carried
/// results do not hold on the path. Repairs bounded by White's own work
/// gave up and fell back to a strict search, which ran out of time: the
/// side came out unknown where, alone, it is a checked `ko`.
#[test]
fn a_carried_table_s_repairs_may_cost_what_filled_it() {
    let Some(file) = crate::common::suite_file("gop/14352.sgf") else {
        return;
    };
    let white = solve_records(&["--jobs", "1", "--time", "30", &file])
        .into_iter()
        .find(|r| r["to_move"] == "W")
        .expect("White's side");
    assert_eq!(white["status"], "ko", "{white}");
    assert_eq!(white["checked"], true, "{white}");
    assert_eq!(white["strict_searches"], 0, "{white}");
    assert_eq!(white["all_first_moves"], true, "{white}");
}
