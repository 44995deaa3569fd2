//! Output formats and parallel runs through the real binary, on the
//! bundled problems.

use std::process::Command;

/// `solve` on the bundled classic problems with these extra arguments.
fn solve(extra: &[&str]) -> (i32, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    let mut args = vec![dir, "--positions", "2000000", "--memory", "256M"];
    args.extend_from_slice(extra);
    solve_args(&args)
}

/// `shikatsu solve` with these arguments: exit code and stdout.
fn solve_args(args: &[&str]) -> (i32, String) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let (code, out, _) = shikatsu(&all);
    (code, out)
}

use crate::binary::{shikatsu, write_sgf};

/// Straight three with Black to kill (at B9, `ba`): the position, before
/// its answer tree and the closing parenthesis.
const STRAIGHT_THREE: &str =
    "(;FF[4]GM[1]SZ[9]PL[B]AB[ea][eb][ac][bc][cc][dc][ec]AW[da][ab][bb][cb][db]MA[bb]";

fn jsonl(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn jobs_2_gives_the_same_results_as_jobs_1_in_input_order() {
    let (c1, one) = solve(&["--format", "jsonl", "--jobs", "1"]);
    let (c2, two) = solve(&["--format", "jsonl", "--jobs", "2"]);
    assert_eq!((c1, c2), (0, 0));
    let (a, b) = (jsonl(&one), jsonl(&two));
    assert!(a.len() >= 60);
    for (x, y) in a.iter().zip(&b) {
        for field in [
            "file",
            "index",
            "to_move",
            "status",
            "ko_setting",
            "first_moves",
            "checked",
            "expected",
        ] {
            assert_eq!(x[field], y[field], "{field} differs for {}", x["file"]);
        }
    }
    let files: Vec<&str> = a.iter().map(|r| r["file"].as_str().unwrap()).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted, "results come in input order");
}

#[test]
fn json_has_the_documented_fields_and_a_summary_that_adds_up() {
    let (code, out) = solve(&["--format", "json"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    let results = doc["results"].as_array().unwrap();
    let s = &doc["summary"];
    assert_eq!(s["results"].as_u64().unwrap() as usize, results.len());
    let solved = s["solved"].as_u64().unwrap();
    let unknown = s["unknown"].as_u64().unwrap();
    let errors = s["errors"].as_u64().unwrap();
    let unchecked = s["unchecked"].as_u64().unwrap();
    assert_eq!(
        (solved + unknown + errors + unchecked) as usize,
        results.len()
    );
    for r in results {
        for field in [
            "file",
            "index",
            "to_move",
            "target",
            "targets",
            "goal",
            "status",
            "first_moves",
            "accepted",
            "accepted_status",
            "agrees",
            "checked",
            "positions",
            "ms",
            "error",
            "threats_needed",
            "opponent_threats_needed",
            "grade",
            "life",
            "move_grades",
            "undecided_moves",
            "warning",
        ] {
            assert!(r.get(field).is_some(), "missing {field}");
        }
        assert_eq!(r["ko_setting"], "auto");
        // Ko starts with their own grades come in first-move order, and the
        // first needs what the position needs.
        let grades = r["move_grades"].as_array().unwrap();
        if !grades.is_empty() {
            let order: Vec<_> = grades.iter().map(|g| g["move"].clone()).collect();
            assert_eq!(
                &order,
                r["first_moves"].as_array().unwrap(),
                "{}",
                r["file"]
            );
            assert_eq!(
                grades[0]["threats_needed"], r["threats_needed"],
                "{}",
                r["file"]
            );
        }
        // Every bundled problem is decided, checked and matches its SX.
        // SX is the status, then "seki" where the defender lives in seki.
        let expected = r["expected"].as_str().unwrap();
        let (status, life) = expected.split_once(' ').unwrap_or((expected, "eyes"));
        assert_eq!(r["status"], status, "{}", r["file"]);
        if !r["life"].is_null() {
            assert_eq!(r["life"], life, "{}", r["file"]);
        }
        if r["status"] == "ko" {
            assert!(
                r["threats_needed"].is_u64(),
                "{}: ko without a grade",
                r["file"]
            );
            // The text says the same counts: "0/1", or ">6" where JSON has null.
            let count =
                |v: &serde_json::Value| v.as_u64().map_or(">6".to_string(), |n| n.to_string());
            let want = format!(
                "{}/{}",
                count(&r["threats_needed"]),
                count(&r["opponent_threats_needed"])
            );
            assert_eq!(r["grade"], want.as_str(), "{}", r["file"]);
        } else {
            assert!(r["grade"].is_null(), "{}", r["file"]);
        }
        assert_eq!(r["checked"], true);
        if r["status"] == "unconditional" || r["status"] == "ko" {
            assert!(!r["first_moves"].as_array().unwrap().is_empty());
        }
    }
}

#[test]
fn the_table_names_every_problem_and_side() {
    let (code, out) = solve(&["--format", "table", "--jobs", "1"]);
    assert_eq!(code, 0);
    assert!(out.lines().next().unwrap().starts_with("problem"));
    assert!(out.contains("straight-three.sgf") && out.contains("unconditional"));
    assert!(out.lines().count() > 60);
}

#[test]
fn the_table_marks_a_first_move_list_that_is_not_the_whole_list() {
    let (c1, full) = solve(&["--format", "table", "--jobs", "1"]);
    let (c2, quick) = solve(&["--format", "table", "--jobs", "1", "--status-only"]);
    assert_eq!((c1, c2), (0, 0));
    // The mark is the row's last word, after a space.
    let rows = |t: &str| -> Vec<String> {
        t.lines()
            .skip(1)
            .filter(|l| l.contains(" unconditional") || l.contains(" ko "))
            .map(str::to_string)
            .collect()
    };
    // Every bundled problem's list is complete; --status-only asks for one
    // winning move and says there may be more.
    assert!(!rows(&full).is_empty());
    for row in rows(&full) {
        assert!(!row.contains(" …"), "{row}");
    }
    assert_eq!(rows(&quick).len(), rows(&full).len());
    for row in rows(&quick) {
        assert!(row.contains(" …"), "{row}");
    }
}

#[test]
fn status_only_gives_the_same_statuses_with_one_checked_move() {
    let (c1, full) = solve(&["--format", "jsonl"]);
    let (c2, quick) = solve(&["--format", "jsonl", "--status-only"]);
    assert_eq!((c1, c2), (0, 0));
    let (a, b) = (jsonl(&full), jsonl(&quick));
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x["status"], y["status"], "{}", x["file"]);
        assert_eq!(y["checked"], true);
        let quick_moves = y["first_moves"].as_array().unwrap();
        let all_moves = x["first_moves"].as_array().unwrap();
        if x["status"] == "unconditional" || x["status"] == "ko" {
            assert_eq!(quick_moves.len(), 1, "{}", x["file"]);
            assert!(all_moves.contains(&quick_moves[0]), "{}", x["file"]);
        } else {
            assert!(quick_moves.is_empty());
        }
        assert_eq!(y["all_first_moves"], false);
        // No list was asked for, so none is said to be open.
        assert_eq!(y["undecided_moves"], serde_json::json!([]));
        if x["all_first_moves"] == true {
            assert_eq!(x["undecided_moves"], serde_json::json!([]));
        }
        assert!(y["threats_needed"].is_null() || y["status"] == "unconditional");
        assert!(y["life"].is_null());
        // No grade was asked for: none is shown, not an open "?/?".
        assert!(y["grade"].is_null(), "{}: {}", x["file"], y["grade"]);
        if x["status"] == "ko" {
            assert!(x["grade"].as_str().is_some_and(|g| g.contains('/')));
        }
    }
}

/// A batch prints each result as soon as those before it in input order
/// are done, not all at the end: here the first file's lines arrive while
/// the second file's search (a lone stone in a 36-point corner, far too
/// big to settle in its 5 s) still runs, on the other thread with two
/// jobs, and next in input order with one.
#[test]
fn results_are_written_as_they_are_ready_in_input_order() {
    let dir = tempfile::Builder::new()
        .prefix("shikatsu-stream-")
        .tempdir()
        .unwrap();
    let big = dir.path().join("big.sgf");
    std::fs::write(
        &big,
        "(;FF[4]GM[1]SZ[9]PL[B]AB[ag][bg][cg][dg][eg][fg][gg][ga][gb][gc][gd][ge][gf]\
         AW[cc]MA[cc])",
    )
    .unwrap();
    for jobs in ["2", "1"] {
        first_lines_come_before_the_end(&big, jobs);
    }
}

/// A spawned solve that is killed when the test ends early (a failed
/// assertion), so that no 5 s search outlives it.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn first_lines_come_before_the_end(big: &std::path::Path, jobs: &str) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let small = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/straight-three.sgf"
    );
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_shikatsu"))
            .args(["solve", small])
            .arg(big)
            .args([
                "--jobs", jobs, "--time", "5", "--memory", "256M", "--format", "jsonl",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs"),
    );
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let first: serde_json::Value =
        serde_json::from_str(&lines.next().unwrap().unwrap()).expect("a JSON line");
    assert!(
        first["file"]
            .as_str()
            .unwrap()
            .ends_with("straight-three.sgf")
    );
    // A program that prints everything at the end is gone a moment after
    // its first line; this one has the big search's 5 s still to go.
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "--jobs {jobs}: the first result came only when the whole batch was over"
    );
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    child.0.wait().unwrap();
    let files: Vec<String> = rest
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
        .collect();
    // straight-three has no PL: its second side, then the big file.
    assert_eq!(files.len(), 2, "{rest:?}");
    assert!(files[0].contains("straight-three.sgf") && files[1].contains("big.sgf"));
}

/// A side whose first search (opponent as ko master) finishes but whose
/// second (own mastery) runs out of positions: the status stays unknown,
/// and the record says what is proven, that it can be no better than ko.
#[test]
fn an_unknown_status_keeps_the_bound_its_finished_search_proved() {
    let Some(file) = crate::common::suite_file("gop/14140.sgf") else {
        return;
    };
    // Black's loss with White as ko master takes about 0.13M positions,
    // his win as ko master about 1.2M more.
    let run = |positions: &str, format: &str| {
        solve_args(&[&file, "--positions", positions, "--format", format])
    };
    let (code, out) = run("600000", "jsonl");
    assert_eq!(code, 1, "unknown within limits");
    let r = &jsonl(&out)[0];
    assert_eq!(r["status"], "unknown");
    assert_eq!(r["at_most"], "ko");
    assert_eq!(r["at_least"], serde_json::Value::Null);
    assert_eq!(
        r["ko_master"], "W",
        "the bound holds with White as ko master"
    );
    let (_, table) = run("600000", "table");
    assert!(table.contains("unknown, ≤ ko"), "{table}");
    // Nothing decided, no bound.
    let (_, out) = run("20000", "jsonl");
    let r = &jsonl(&out)[0];
    assert_eq!(r["status"], "unknown");
    assert_eq!(r["at_most"], serde_json::Value::Null);
    assert_eq!(r["ko_master"], serde_json::Value::Null);
}

/// The other bound: with both ko searches side by side (`--parallel-ko`),
/// White's win as ko master in gop/15197 takes under a thousand positions
/// and her loss with Black as master about 640,000: with 100,000 each the
/// status stays unknown, but no worse than ko.
#[test]
fn an_unknown_status_keeps_a_proven_win_as_ko_master() {
    let Some(file) = crate::common::suite_file("gop/15197.sgf") else {
        return;
    };
    let (_, out) = solve_args(&[
        &file,
        "--parallel-ko",
        "--jobs",
        "2",
        "--positions",
        "100000",
        "--format",
        "jsonl",
    ]);
    let r = &jsonl(&out)[0];
    assert_eq!(r["to_move"], "W");
    assert_eq!(r["status"], "unknown");
    assert_eq!(r["at_least"], "ko");
    assert_eq!(r["at_most"], serde_json::Value::Null);
    assert_eq!(r["ko_master"], "W");
}

#[test]
fn threads_sharing_a_table_give_the_status_of_one_thread() {
    // Black lives in gop/20302 after some 3.5 million positions: past the
    // first 2 million that one thread searches alone.
    let Some(file) = crate::common::suite_file("gop/20302.sgf") else {
        return;
    };
    let run = |threads: &str| {
        let (_, out) = solve_args(&[
            &file,
            "--status-only",
            "--format",
            "jsonl",
            "--jobs",
            "1",
            "--threads",
            threads,
            "--memory",
            "256M",
            "--positions",
            "8000000",
        ]);
        jsonl(&out)
            .into_iter()
            .find(|r| r["to_move"] == "B")
            .expect("Black's record")
    };
    let (one, two) = (run("1"), run("2"));
    for r in [&one, &two] {
        assert_eq!(r["status"], "unconditional", "{r}");
        assert_eq!(r["checked"], true, "{r}");
    }
}

/// The table is for people: its points are named as on a printed board
/// (columns A-T without I, rows from the bottom), where the JSON keeps SGF
/// points. In the basic ko the target is the white stone at db, D8, and
/// Black's one first move the capture at ab, A8; White's answer is ca, C9.
#[test]
fn the_table_names_points_as_a_printed_board_does() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let (_, json) = solve_args(&[file, "--format", "jsonl"]);
    let r = jsonl(&json);
    assert_eq!(r[0]["target"], "db");
    assert_eq!(r[0]["first_moves"], serde_json::json!(["ab"]));
    assert_eq!(r[1]["first_moves"], serde_json::json!(["ca"]));
    let (_, table) = solve_args(&[file, "--format", "table"]);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{table}");
    // problem pl goal target status threats file positions ms first-moves
    assert_eq!(rows[0][1..6], ["B", "kill", "D8", "ko", "0/1"], "{table}");
    assert_eq!(rows[0].last(), Some(&"A8"), "{table}");
    assert_eq!(
        rows[1][1..5],
        ["W", "live", "D8", "unconditional"],
        "{table}"
    );
    assert_eq!(rows[1].last(), Some(&"C9"), "{table}");
}

/// `--proof-sgf DIR` end to end: one file per problem and side, each a
/// problem shikatsu itself loads again (position, target, side to move),
/// whose answer tree starts with the move the table gave, so solving the
/// written file agrees with it.
#[test]
fn proof_sgf_files_are_written_and_solve_again_to_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("proofs");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let o = out.display().to_string();
    let (code, json) = solve_args(&[file, "--format", "jsonl", "--proof-sgf", &o]);
    assert_eq!(code, 0);
    let first = jsonl(&json);
    for (r, side) in first.iter().zip(["B", "W"]) {
        let written = out.join(format!("basic-ko-{side}.proof.sgf"));
        let text = std::fs::read_to_string(&written).expect("the proof file is there");
        assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
        let (code, again) = solve_args(&[&written.display().to_string(), "--format", "jsonl"]);
        assert_eq!(code, 0, "{again}");
        let again = jsonl(&again);
        assert_eq!(again.len(), 1, "the written file names its side to move");
        assert_eq!(again[0]["to_move"], side);
        assert_eq!(again[0]["status"], r["status"]);
        assert_eq!(again[0]["accepted"], r["first_moves"]);
        assert_eq!(again[0]["agrees"], true);
    }
}

/// Files of one name in different folders write their proofs under
/// names their folders tell apart, and a side that fails has its proof
/// written with its first moves marked bad (`BM`): solving the proofs
/// again finds no answer of the file to disagree with, and a folder that
/// holds proofs beside problems solves only the problems.
#[test]
fn proofs_of_files_of_one_name_are_all_written_and_reload_without_a_difference() {
    let dir = tempfile::tempdir().unwrap();
    let classic = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    for sub in ["a", "b"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::copy(
            format!("{classic}/straight-four.sgf"),
            dir.path().join(sub).join("p.sgf"),
        )
        .unwrap();
    }
    let d = dir.path().display().to_string();
    let (code, _) = solve_args(&[&d, "--proof-sgf", &d]);
    assert_eq!(code, 0);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sgf"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "a-p-B.proof.sgf",
            "a-p-W.proof.sgf",
            "b-p-B.proof.sgf",
            "b-p-W.proof.sgf"
        ]
    );
    // Black to kill fails: its proof is White's answers to Black's moves.
    let fails = std::fs::read_to_string(dir.path().join("a-p-B.proof.sgf")).unwrap();
    assert!(
        fails.contains("PL[B]") && fails.contains("BM[1]"),
        "{fails}"
    );
    let proofs: Vec<String> = names.iter().map(|n| format!("{d}/{n}")).collect();
    let mut args: Vec<&str> = proofs.iter().map(|s| s.as_str()).collect();
    args.extend(["--format", "jsonl"]);
    let (code, json) = solve_args(&args);
    assert_eq!(code, 0, "{json}");
    for r in jsonl(&json) {
        if r["status"] == "fails" {
            assert_eq!(r["accepted"], serde_json::json!([]), "{r}");
        } else {
            assert_eq!(r["agrees"], true, "{r}");
        }
    }
    // The folder again: its two problems, not the four proofs.
    let (_, json) = solve_args(&[&d, "--format", "jsonl"]);
    assert_eq!(jsonl(&json).len(), 4, "{json}");
}

/// A file's answer that misses the best status gets the opponent's
/// refutation beside the proof, named after the answer, with the same
/// verdict in its root comment and what it refutes.
#[test]
fn a_wrong_answer_gets_a_refutation_file_beside_the_proof() {
    let dir = tempfile::tempdir().unwrap();
    // Straight three: Black kills at B9; the file's answer A9 lets White
    // live at B9.
    let file = write_sgf(dir.path(), "three.sgf", &format!("{STRAIGHT_THREE};B[aa])"));
    let out = dir.path().join("proofs");
    let (code, _) = solve_args(&[file.to_str().unwrap(), "--proof-sgf", out.to_str().unwrap()]);
    assert_eq!(code, 1, "the file's answer DIFFERS");
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["three-B-refutes-aa.proof.sgf", "three-B.proof.sgf"]);
    let text = std::fs::read_to_string(out.join(&names[0])).unwrap();
    assert!(
        text.contains(
            "C[Black to kill: unconditional. Ko setting: White is ko master. First moves: B9."
        ) && text.contains("The file's answer A9 does not reach unconditional for Black.")
            && text.contains(";B[aa]")
            && text.contains(";W[ba]"),
        "{text}"
    );
}

/// Under a fixed ko setting every status carries it in brackets: the
/// status column widens so that the columns after it stay in line.
#[test]
fn a_fixed_ko_settings_statuses_keep_the_columns_in_line() {
    // A short name: in a pipe a name longer than its column moves the
    // columns after it (the tests run in the repository's folder).
    let file = "problems/classic/seki-no-eyes.sgf";
    for setting in [&["--ko", "none"][..], &["--threats", "12:3"]] {
        let mut args = vec![file];
        args.extend_from_slice(setting);
        let (_, table) = solve_args(&args);
        let lines: Vec<&str> = table.lines().collect();
        let column = |l: &str| l.find(" -  ").map(|i| i + 1);
        let file_col = lines[0].find(" file ").map(|i| i + 1);
        assert!(
            lines[1].contains("fails (") && lines[1].contains(") seki"),
            "{table}"
        );
        for row in &lines[1..] {
            assert_eq!(column(row), file_col, "{table}");
        }
    }
}

/// A damaged file is solved as far as it can be read, with a warning on
/// stderr and in the record: its position may not be the one meant.
#[test]
fn a_damaged_file_is_solved_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    // Straight three, the file cut off after the answer.
    let file = write_sgf(dir.path(), "cut.sgf", &format!("{STRAIGHT_THREE};B[ba]"));
    let (code, stdout, stderr) = shikatsu(&["solve", file.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let warning = "not valid SGF (Unexpected end of data): solved as far as it could be read";
    assert!(
        stderr.contains(&format!("warning: {}: {warning}", file.display())),
        "{stderr}"
    );
    let r = &jsonl(&stdout)[0];
    assert_eq!(r["warning"], warning);
    assert_eq!(r["status"], "unconditional");
}

/// Files without an answer tree but with an `SX` are counted as their
/// `SX` expects, so that a run of them does not read "0 agree".
#[test]
fn the_summary_counts_the_results_as_sx_expects() {
    let file = "problems/classic/basic-ko.sgf";
    let (code, _, err) = shikatsu(&["solve", file]);
    assert_eq!(code, 0);
    assert!(
        err.contains("2 solved (0 agree with the file, 0 disagree, 2 as SX expects)"),
        "{err}"
    );
    let (_, json) = solve_args(&[file, "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["summary"]["as_expected"], 2);
    assert_eq!(doc["summary"]["not_as_expected"], 0);
}

/// Threats are spent where nobody is ko master: the default `--ko auto`,
/// said or not, goes with them; a master does not.
#[test]
fn threats_go_with_ko_auto_said_or_not_and_not_with_a_master() {
    let file = "problems/classic/basic-ko.sgf";
    let (code, json) = solve_args(&[
        file,
        "--ko",
        "auto",
        "--threats",
        "1:0",
        "--format",
        "jsonl",
    ]);
    assert_eq!(code, 0);
    assert_eq!(jsonl(&json)[0]["ko_setting"], "threats");
    let (code, _, err) = shikatsu(&["solve", file, "--ko", "white", "--threats", "1:0"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        "error: --threats asks with nobody ko master: it cannot go with --ko white"
    );
}

/// A reader that goes away (`| head -1`) stops the run quietly: no error
/// line, the code of a program the pipe's signal ends.
#[test]
fn a_closed_pipe_stops_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args([
            "solve",
            concat!(env!("CARGO_MANIFEST_DIR"), "/problems"),
            "--format",
            "jsonl",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read nothing: close the pipe at once.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("error"), "{stderr}");
}

/// `--status-only` proves one first move of its own: where the file names
/// others, the table says `?` (not compared), not `-` (the file names
/// none), and the summary counts it.
#[test]
fn status_only_says_when_the_files_moves_were_not_compared() {
    let dir = tempfile::tempdir().unwrap();
    // Straight three: Black kills at B9; the file's answer is A9.
    let file = write_sgf(dir.path(), "three.sgf", &format!("{STRAIGHT_THREE};B[aa])"));
    let f = file.to_str().unwrap();
    let (code, stdout, stderr) = shikatsu(&["solve", f, "--status-only", "--format", "table"]);
    assert_eq!(code, 0, "nothing disagrees");
    let row: Vec<&str> = stdout.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(
        row[1..6],
        ["B", "kill", "B8", "unconditional", "?"],
        "{stdout}"
    );
    assert!(
        stderr.contains("1 solved (0 agree with the file, 0 disagree, 1 not compared)"),
        "{stderr}"
    );
    let (_, json) = solve_args(&[f, "--status-only", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["summary"]["not_compared"], 1);
    assert_eq!(doc["results"][0]["agrees"], serde_json::Value::Null);
}

/// A proof file that cannot be written is an error, not a silent loss: a
/// folder nothing can be written into stops the run before it solves, and
/// one file that fails later gets an error line and exit code 2 while the
/// others are written.
#[test]
fn a_proof_file_that_cannot_be_written_is_an_error() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let run =
        |dir: &std::path::Path| shikatsu(&["solve", file, "--proof-sgf", dir.to_str().unwrap()]);
    // Where the write test's own file would go stands a folder.
    let blocked = tempfile::tempdir().unwrap();
    std::fs::create_dir(blocked.path().join(".shikatsu-write-test")).unwrap();
    let (code, out, err) = run(blocked.path());
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "nothing solved: {out}");
    assert!(err.starts_with("error: cannot write into "), "{err}");
    // Where Black's proof would go stands a folder.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("basic-ko-B.proof.sgf")).unwrap();
    let (code, _, err) = run(dir.path());
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("basic-ko.sgf: cannot write")
            && lines[0].contains("basic-ko-B.proof.sgf"),
        "{}",
        lines[0]
    );
    assert!(
        dir.path().join("basic-ko-W.proof.sgf").is_file(),
        "White's proof is written"
    );
}

/// `shikatsu bench` on a given suite: a row per problem and side with its
/// status, positions, time and rate, then a totals line whose counts add
/// up to the rows; `--format jsonl` gives the same records as `solve`.
#[test]
fn bench_prints_a_row_per_side_and_totals_that_add_up() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    let run = |extra: &[&str]| {
        let mut args = vec!["bench", dir, "--positions", "2000000"];
        args.extend_from_slice(extra);
        shikatsu(&args)
    };
    let (code, table, _) = run(&[]);
    assert_eq!(code, 0, "{table}");
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("problem") && lines[0].ends_with("pos/s"));
    let rows = &lines[1..lines.len() - 1];
    let mut positions = 0u64;
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        let n = cols.len();
        let (pos, ms, rate): (u64, f64, f64) = (
            cols[n - 3].parse().unwrap(),
            cols[n - 2].parse().unwrap(),
            cols[n - 1].parse().unwrap(),
        );
        assert!(
            ["unconditional", "ko", "fails"].contains(&cols[n - 4]),
            "{row}"
        );
        // A side decided before any move (eye against no eye) has no rate;
        // every other has one, however small its time.
        assert!(ms >= 0.0 && (rate > 0.0) == (pos > 0), "{row}");
        positions += pos;
    }
    let total = lines[lines.len() - 1];
    let head = format!(
        "bench: {n}/{n} solved, 0 not loaded, {positions} positions in ",
        n = rows.len()
    );
    assert!(total.starts_with(&head), "{total}");
    // jsonl: the records on stdout, the same totals on stderr (one
    // thread: the same search, the same positions).
    let (_, json, summary) = run(&["--format", "jsonl"]);
    let records = jsonl(&json);
    assert_eq!(records.len(), rows.len());
    assert!(summary.trim().starts_with(&head), "{summary}");
    let json_positions: u64 = records
        .iter()
        .map(|r| r["positions"].as_u64().unwrap())
        .sum();
    assert_eq!(json_positions, positions);
}

/// `-` reads one SGF text from standard input, named "stdin" in the
/// report; it solves as the same file read from disk does.
#[test]
fn a_dash_reads_the_problem_from_standard_input() {
    use std::io::Write;
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let piped = |input: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
            .args(["solve", "-", "--format", "jsonl"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, _) = piped(&std::fs::read(file).unwrap());
    assert_eq!(code, 0);
    let (_, disk) = solve_args(&[file, "--format", "jsonl"]);
    let (a, b) = (jsonl(&out), jsonl(&disk));
    assert_eq!(a.len(), 2);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x["file"], "stdin");
        assert_eq!(
            (&x["status"], &x["first_moves"]),
            (&y["status"], &y["first_moves"])
        );
    }
    let (code, _, err) = piped(b"");
    assert_eq!(
        (code, err.lines().next()),
        (2, Some("error: stdin: empty file"))
    );
}

#[test]
fn a_status_other_than_the_files_sx_is_flagged_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let classic = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    let text = std::fs::read_to_string(format!("{classic}/basic-ko.sgf")).unwrap();
    // Black to move is a ko; this copy claims an unconditional kill.
    let wrong = text.replace("SX[B=ko]", "SX[B=unconditional]");
    assert_ne!(wrong, text);
    let copy = dir.path().join("claims.sgf");
    std::fs::write(&copy, wrong).unwrap();
    let (code, out, err) = shikatsu(&["solve", copy.to_str().unwrap(), "--jobs", "1"]);
    assert_eq!(code, 1, "a status other than SX expects is not a success");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 2);
    assert!(
        rows[0].contains(" B kill ") && rows[0].contains("NOT SX"),
        "{out}"
    );
    assert!(
        rows[1].contains(" W live ") && rows[1].contains("as SX"),
        "{out}"
    );
    assert!(err.contains("1 not as SX expects"), "{err}");
    // The file as written: every side as expected, exit 0, counted so.
    let (code, out, err) = shikatsu(&["solve", &format!("{classic}/basic-ko.sgf")]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("as SX").count(), 2, "{out}");
    assert!(
        err.contains("2 as SX expects") && !err.contains("not as SX"),
        "{err}"
    );
}

/// `bench` alone is the documented suite's measure, the status within 5
/// million positions per side; `--full` adds the rest of the analysis.
#[test]
fn bench_measures_the_status_alone_unless_asked_for_the_full_analysis() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/bent-four-in-the-corner.sgf"
    );
    let graded = |extra: &[&str]| {
        let mut args = vec!["bench", file, "--format", "jsonl"];
        args.extend_from_slice(extra);
        let (code, out, _) = shikatsu(&args);
        assert_eq!(code, 0);
        jsonl(&out)
            .iter()
            .map(|r| (r["status"].clone(), r["grade"].clone()))
            .collect::<Vec<_>>()
    };
    let ko = serde_json::json!("ko");
    let null = serde_json::Value::Null;
    assert_eq!(
        graded(&[]),
        [(ko.clone(), null.clone()), (ko.clone(), null)]
    );
    assert_eq!(
        graded(&["--full"]),
        [
            (ko.clone(), serde_json::json!("0/1")),
            (ko, serde_json::json!("1/1"))
        ]
    );
    let (code, _, err) = shikatsu(&["bench", file, "--full", "--status-only"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// Under one fixed ko setting the table says which, beside each status:
/// "wins" holds under that rule only.
#[test]
fn the_table_names_a_fixed_ko_setting_beside_each_status() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let statuses = |extra: &[&str]| {
        let mut args = vec!["solve", file];
        args.extend_from_slice(extra);
        let (code, out, _) = shikatsu(&args);
        assert_eq!(code, 0, "{out}");
        out.lines()
            .skip(1)
            // The status column, counted in characters after the name
            // (written whole: the table goes to a pipe).
            .map(|row| {
                row.strip_prefix(file)
                    .expect("the name first")
                    .chars()
                    .skip(16)
                    .take(20)
                    .collect::<String>()
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
    };
    // Black's capture is a ko: it kills as master, not when White is.
    assert_eq!(
        statuses(&["--ko", "black"]),
        ["wins (B master)", "wins (B master)"]
    );
    assert_eq!(
        statuses(&["--ko", "white"]),
        ["fails (W master)", "wins (W master)"]
    );
    assert_eq!(
        statuses(&["--threats", "1:0"]),
        ["wins (threats 1:0)", "wins (threats 1:0)"]
    );
    assert_eq!(statuses(&[]), ["ko", "unconditional"]);
    let (_, out, _) = shikatsu(&["solve", file, "--ko", "white", "--format", "jsonl"]);
    for r in jsonl(&out) {
        assert_eq!(
            (&r["ko_setting"], &r["ko_master"]),
            (&"white".into(), &"W".into())
        );
    }
}

/// Two marked blocks: the table and the JSON name both.
#[test]
fn every_marked_target_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.sgf");
    // A white group with two eyes in the top-left corner, and three white
    // stones with one eye in the bottom-right: Black cannot capture both.
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[9]AW[ba][ab][bb][cb][db][da][hi][hh][ih]\
         AB[ea][eb][ec][ac][bc][cc][dc][gi][gh][gg][hg][ig]MA[ab][hh])",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, out, _) = shikatsu(&["solve", f, "--jobs", "1"]);
    assert_eq!(code, 0, "{out}");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert!(
        rows[0].contains(" B kill A8+H2 ") && rows[0].contains("fails"),
        "{out}"
    );
    assert!(
        rows[1].contains(" W live A8+H2 ") && rows[1].contains("unconditional"),
        "{out}"
    );
    let (_, out, _) = shikatsu(&["solve", f, "--format", "jsonl"]);
    for r in jsonl(&out) {
        assert_eq!(r["target"], "ab");
        assert_eq!(r["targets"], serde_json::json!(["ab", "hh"]));
    }
}

/// `bench --format json` is one document, as `solve`'s is: its summary
/// adds up over its results (it printed JSON lines before).
#[test]
fn bench_json_is_one_document_whose_summary_adds_up() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    let (code, out, err) = shikatsu(&["bench", dir, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    let results = doc["results"].as_array().unwrap();
    let summary = &doc["summary"];
    assert_eq!(summary["results"], results.len());
    assert!(results.len() > 20, "{}", results.len());
    let solved = results
        .iter()
        .filter(|r| !["unknown", "error"].contains(&r["status"].as_str().unwrap()))
        .count();
    assert_eq!(summary["solved"], solved);
    let positions: u64 = results
        .iter()
        .map(|r| r["positions"].as_u64().unwrap())
        .sum();
    assert_eq!(summary["positions"], positions);
    assert_eq!(summary["not_loaded"], 0);
    assert!(err.starts_with("bench: "), "{err}");
}

#[test]
fn the_debug_switch_names_each_first_move_searched_and_is_silent_otherwise() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    let run = |debug: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_shikatsu"));
        c.args(["solve", file, "--jobs", "1", "--quiet"]);
        if debug {
            c.env("SHIKATSU_DEBUG", "1");
        } else {
            c.env_remove("SHIKATSU_DEBUG");
        }
        let out = c.output().expect("the binary runs");
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stderr).unwrap()
    };
    // Black wins the basic ko only as ko master, by A8: his pass is the
    // other first move, lost even then.
    let loud = run(true);
    assert!(
        loud.lines().any(|l| l.contains(
            "basic-ko.sgf Black to move: first move pass Black is ko master, cap 250000 positions: Disproven in "
        )),
        "{loud}"
    );
    assert!(!run(false).contains("first move"));
}

/// A list a limit cuts short names the moves it left open, and those
/// are the moves a larger limit then decides.
#[test]
fn a_list_cut_short_names_the_moves_it_left_open() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/rectangular-six-corner.sgf"
    );
    let black = |positions: &str| {
        let (_, out) = solve_args(&[file, "--positions", positions, "--format", "jsonl"]);
        jsonl(&out)
            .into_iter()
            .find(|r| r["to_move"] == "B")
            .unwrap()
    };
    let cut = black("400");
    assert_eq!(cut["status"], "unconditional");
    assert_eq!(cut["all_first_moves"], false);
    let open: Vec<&str> = (cut["undecided_moves"].as_array().unwrap().iter())
        .map(|m| m.as_str().unwrap())
        .collect();
    let whole = black("5000000");
    assert_eq!(whole["all_first_moves"], true);
    assert_eq!(whole["undecided_moves"], serde_json::json!([]));
    // Every winner the cut list lacks was left open, not called a loser.
    for m in whole["first_moves"].as_array().unwrap() {
        let m = m.as_str().unwrap();
        let listed = cut["first_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == m);
        assert!(
            listed || open.contains(&m),
            "{m} neither listed nor open: {cut}"
        );
    }
    assert!(open.contains(&"") && open.contains(&"bb"), "{open:?}");
    // The table counts them after its mark.
    let (_, table) = solve_args(&[file, "--positions", "400"]);
    let row = table.lines().find(|l| l.contains(" B live")).unwrap();
    assert!(row.ends_with(&format!(" … {} open", open.len())), "{row}");
}
