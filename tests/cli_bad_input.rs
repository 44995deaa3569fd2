//! Bad input through the real binary: one clear error line per file,
//! exit code 2, never a panic, and the other files still solved.

use std::path::Path;
use std::process::Command;

use tempfile::TempDir;

const GOOD: &str = "(;FF[4]SZ[9]PL[B]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb])";

/// A fresh folder, removed when the test ends, passed or failed.
fn dir(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("shikatsu-test-{name}-"))
        .tempdir()
        .unwrap()
}

use crate::binary::shikatsu as run;

fn write(d: &Path, name: &str, bytes: &[u8]) -> String {
    let p = d.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

fn error_for(d: &Path, name: &str, bytes: &[u8]) -> String {
    let f = write(d, name, bytes);
    let (code, _, err) = run(&["solve", "--format", "jsonl", "--time", "5", &f]);
    assert_eq!(code, 2, "{name}: {err}");
    assert!(!err.contains("panicked"), "{name}: {err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(lines.len(), 1, "{name}: one error line: {err}");
    assert!(
        lines[0].contains(&f),
        "{name}: names the file: {}",
        lines[0]
    );
    lines[0].to_string()
}

#[test]
fn each_kind_of_bad_input_gets_one_clear_error_line() {
    let tmp = dir("bad");
    let d = tmp.path();
    assert!(error_for(d, "empty.sgf", b"").contains("empty file"));
    assert!(error_for(d, "text.sgf", b"hello, this is not a game record\n").contains("not SGF"));
    let mut garbage = vec![0u8, 159, 146, 150, 255, 0, 1, 2];
    garbage.extend((0..200u32).map(|i| (i * 37 % 256) as u8));
    // The file's name holds "binary" too: the cause is what is asserted.
    let e = error_for(d, "binary.sgf", &garbage);
    assert!(e.contains("binary data, not an SGF text file"), "{e}");
    let e = error_for(d, "ma-empty.sgf", b"(;FF[4]SZ[9]AB[aa]AW[bb]MA[ee])");
    assert!(
        e.contains("problem 0") && e.contains("MA[ee] marks an empty point"),
        "{e}"
    );
    let e = error_for(d, "open.sgf", b"(;FF[4]SZ[19]AB[pd]AW[dd][dc]MA[dd])");
    assert!(e.contains("not enclosed"), "{e}");
    let e = error_for(d, "big.sgf", b"(;FF[4]SZ[25]AB[aa]AW[bb]MA[bb])");
    assert!(e.contains("25x25 is larger than 19x19"), "{e}");
    let e = error_for(d, "dead.sgf", b"(;FF[4]SZ[9]AB[ba][ab]AW[aa]MA[aa])");
    assert!(e.contains("illegal setup") && e.contains("aa"), "{e}");
    let e = error_for(d, "no-target.sgf", b"(;FF[4]SZ[9]AB[ba][ab]AW[bb])");
    assert!(e.contains("no target"), "{e}");
    let e = error_for(d, "broken.sgf", b"(;FF[4]SZ[9]AB[ba");
    assert!(e.contains("SGF"), "{e}");
}

#[test]
fn a_bad_file_in_a_batch_does_not_stop_the_others() {
    let tmp = dir("batch");
    let d = tmp.path();
    write(d, "a-good.sgf", GOOD.as_bytes());
    write(d, "b-empty.sgf", b"");
    write(d, "c-good.sgf", GOOD.as_bytes());
    let (code, out, err) = run(&[
        "solve",
        "--format",
        "jsonl",
        "--time",
        "5",
        d.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "an input error makes the exit code 2: {err}");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["status"], "unconditional");
    assert_eq!(records[1]["status"], "error");
    assert!(records[1]["error"].as_str().unwrap().contains("empty file"));
    // What an error row does not know is null, never "".
    for (field, value) in records[1].as_object().unwrap() {
        assert_ne!(value, "", "{field} of an error row");
    }
    assert_eq!(records[1]["ko_setting"], serde_json::Value::Null);
    assert_eq!(records[2]["status"], "unconditional");
    assert_eq!(records[2]["agrees"], serde_json::Value::Null);
}

#[test]
fn a_bad_file_in_a_bench_suite_is_named_and_counted() {
    let tmp = dir("bench");
    let d = tmp.path();
    write(d, "a-good.sgf", GOOD.as_bytes());
    let bad = write(d, "b-open.sgf", b"(;FF[4]SZ[9]PL[B]AW[ee]AB[aa]MA[ee])");
    let (code, out, err) = run(&["bench", "--positions", "100000", d.to_str().unwrap()]);
    assert!(!err.contains("panicked"), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{err}");
    assert!(
        errors[0].contains(&bad) && errors[0].contains("not enclosed"),
        "{err}"
    );
    // The good problem is still solved, and the summary counts both.
    assert!(out.contains("a-good.sgf"), "{out}");
    assert!(out.contains("bench: 1/1 solved, 1 not loaded"), "{out}");
    assert_eq!(code, 2, "an input error makes the exit code 2");
}

#[test]
fn a_collection_gives_one_problem_per_game_tree_with_its_index() {
    let tmp = dir("collection");
    let d = tmp.path();
    let text = format!("{GOOD}\n(;FF[4]SZ[9]AB[aa]AW[bb]MA[ee])\n{GOOD}");
    let f = write(d, "coll.sgf", text.as_bytes());
    let (code, out, _) = run(&["solve", "--format", "jsonl", "--time", "5", &f]);
    assert_eq!(code, 2);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let idx: Vec<u64> = records
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    assert_eq!(idx, vec![0, 1, 2]);
    assert_eq!(records[1]["status"], "error");
}

#[test]
fn usage_errors_exit_with_2() {
    let (code, _, _) = run(&["solve"]);
    assert_eq!(code, 2);
    let (code, _, err) = run(&["solve", "--memory", "lots", "x.sgf"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_missing_file_is_an_error_line_not_a_panic() {
    let (code, _, err) = run(&["solve", "/nonexistent/nowhere.sgf"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("/nonexistent/nowhere.sgf") && err.contains("cannot read"),
        "{err}"
    );
}

/// Collections are often named in Japanese, Chinese or Korean. On a
/// terminal the table cuts a long name to its column by the terminal's
/// columns (a unit test in `cli.rs`); kept in a file or a pipe, nothing
/// needs fitting, so the name is written whole and the row goes on after
/// it.
#[test]
fn a_long_name_in_wide_characters_is_whole_in_a_table_kept_in_a_file() {
    let d = dir("wide");
    let f = write(
        d.path(),
        "詰碁問題集_第一巻_基本死活_二目の眼.sgf",
        GOOD.as_bytes(),
    );
    let (code, out, err) = run(&["solve", "--time", "5", &f]);
    assert_eq!(code, 0, "{err}");
    let row = out.lines().nth(1).expect("a row under the header");
    let rest = row.strip_prefix(f.as_str()).expect("the whole name first");
    assert!(rest.starts_with("  B kill "), "{row}");
}

/// A folder with no `.sgf` file in it is most likely a typing mistake: one
/// error line naming it and exit code 2, not an empty table and success;
/// the other paths of the run are still solved.
#[test]
fn a_folder_without_sgf_files_is_an_error_and_the_rest_still_runs() {
    let tmp = dir("nofiles");
    let empty = tmp.path().join("nothing-here");
    std::fs::create_dir(&empty).unwrap();
    write(tmp.path(), "notes.txt", b"not a problem");
    let good = write(tmp.path(), "good.sgf", GOOD.as_bytes());
    let e = empty.display().to_string();
    let (code, out, err) = run(&["solve", "--format", "jsonl", "--time", "5", &e, &good]);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains(&e) && lines[0].contains("no .sgf files"),
        "{}",
        lines[0]
    );
    assert!(
        out.contains("\"status\":\"unconditional\""),
        "the good file is solved: {out}"
    );
    let (code, _, err) = run(&["bench", &e]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no .sgf files"), "{err}");
    // `bench` without a PATH, away from the repository: the bundled
    // problems built into the binary, named as in the repository.
    let out = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["bench", "--positions", "200000", "--format", "jsonl"])
        .current_dir(&empty)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    let files: std::collections::BTreeSet<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
        .collect();
    assert!(
        files.contains("\"problems/classic/basic-ko.sgf\""),
        "{files:?}"
    );
    assert!(
        files.iter().all(|f| f.starts_with("\"problems/")),
        "{files:?}"
    );
}

/// Counts of zero are refused up front, as `--time 0` is: no run that
/// searches nothing, or takes 0 to mean something else.
#[test]
fn zero_positions_jobs_or_threads_are_refused() {
    let f = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    for (option, message) in [
        ("--positions", "--positions must be positive"),
        ("--jobs", "--jobs must be at least 1"),
        ("--threads", "--threads must be at least 1"),
        ("--time", "--time must be positive"),
    ] {
        let (code, out, err) = run(&["solve", f, option, "0"]);
        assert_eq!(code, 2, "{option}: {err}");
        assert_eq!(err.trim(), format!("error: {message}"), "{option}");
        assert!(out.is_empty(), "{option}: nothing solved: {out}");
    }
    let (code, _, err) = run(&["tui", f, "--threads", "0"]);
    assert_eq!(
        (code, err.trim()),
        (2, "error: --threads must be at least 1")
    );
}

/// A negative time reaches the check that says what is wrong with it,
/// not clap's "unexpected argument '-3' found".
#[test]
fn a_negative_time_is_refused_as_not_positive() {
    let f = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    for command in ["solve", "bench", "tui"] {
        let (code, out, err) = run(&[command, f, "--time", "-3"]);
        assert_eq!(
            (code, err.trim()),
            (2, "error: --time must be positive"),
            "{command}"
        );
        assert!(out.is_empty(), "{command}: nothing solved: {out}");
    }
}

/// `--proof-sgf` naming a file says so, rather than "cannot create
/// good.sgf: File exists".
#[test]
fn a_proof_folder_that_is_a_file_is_refused_as_not_a_folder() {
    let tmp = dir("proof-file");
    let file = write(tmp.path(), "good.sgf", GOOD.as_bytes());
    let (code, out, err) = run(&["solve", &file, "--proof-sgf", &file]);
    assert_eq!(
        (code, err.trim()),
        (
            2,
            format!("error: --proof-sgf {file}: not a folder (a file of that name is there)")
                .as_str()
        )
    );
    assert!(out.is_empty(), "nothing solved: {out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), GOOD, "left alone");
}

/// A time limit past what the clock can count is refused with one line;
/// one the clock can count but no search will reach is no deadline, not
/// a crash (`--time 1e19` used to panic adding it to the clock).
#[test]
fn a_time_limit_too_large_is_refused_or_no_deadline() {
    let f = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic/basic-ko.sgf");
    for huge in ["inf", "1e30"] {
        let (code, out, err) = run(&["solve", f, "--time", huge]);
        assert_eq!(code, 2, "--time {huge}: {err}");
        assert_eq!(
            err.trim(),
            "error: --time must be a number of seconds below 1.8e19"
        );
        assert!(out.is_empty(), "--time {huge}: nothing solved: {out}");
    }
    let (code, out, err) = run(&["solve", f, "--time", "1e19", "--format", "jsonl"]);
    assert_eq!(code, 0, "--time 1e19: {err}");
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(r["status"], "ko", "{out}");
    assert_eq!(r["checked"], true, "{out}");
}
