//! `solve --resume FILE`: an earlier run's settled records kept, the
//! rest solved, through the real binary; `Record::settled` on real
//! analyses.

use serde_json::Value;
use shikatsu::analysis::{self, KoRule, Options};
use shikatsu::board::Color;
use shikatsu::problem;
use shikatsu::report::{Record, read_records};

use crate::binary::shikatsu;

const BENT_FOUR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/problems/classic/bent-four-in-the-corner.sgf"
);
const STRAIGHT_THREE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/problems/classic/straight-three.sgf"
);

/// `solve` on bent four and the straight three with these extra
/// arguments: exit code, stdout, stderr.
fn solve(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["solve", BENT_FOUR, STRAIGHT_THREE, "--memory", "64M"];
    args.extend_from_slice(extra);
    shikatsu(&args)
}

fn jsonl(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// `solve` with these extra arguments, resuming from `earlier` written
/// out as JSONL: exit code, stdout, stderr.
fn resume(earlier: &[Value], extra: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("earlier.jsonl");
    let text: Vec<String> = earlier.iter().map(Value::to_string).collect();
    std::fs::write(&file, text.join("\n") + "\n").unwrap();
    let mut args = extra.to_vec();
    args.extend(["--resume", file.to_str().unwrap()]);
    solve(&args)
}

/// The summary line (the last line of stderr).
fn summary(stderr: &str) -> &str {
    stderr.lines().last().unwrap_or("")
}

#[test]
fn settled_records_are_kept_as_they_were_and_the_rest_is_solved() {
    let (code, out, _) = solve(&["--format", "jsonl"]);
    assert_eq!(code, 0);
    let first = jsonl(&out);
    assert_eq!(first.len(), 4);
    let mut earlier = first.clone();
    // A mark only a kept record can carry back.
    earlier[0]["positions"] = 4242.into();
    // A limit left White's status in bent four open.
    earlier[1]["status"] = "unknown".into();
    // And the straight three's first list incomplete.
    earlier[2]["all_first_moves"] = false.into();
    let (code, out, err) = resume(&earlier, &["--format", "jsonl"]);
    assert_eq!(code, 0, "{err}");
    let again = jsonl(&out);
    assert_eq!(again.len(), 4);
    assert_eq!(again[0], earlier[0], "kept whole, its effort included");
    assert_eq!(again[3], earlier[3]);
    for j in [1, 2] {
        assert_ne!(again[j]["positions"], 4242);
        for field in ["status", "first_moves", "all_first_moves", "grade"] {
            assert_eq!(again[j][field], first[j][field], "{field} of {j}");
        }
    }
    assert!(
        summary(&err).starts_with("4 results (2 kept from the earlier run): 4 solved"),
        "{err}"
    );
}

#[test]
fn a_json_document_resumes_a_table_run_that_keeps_everything() {
    let (code, out, _) = solve(&["--format", "json"]);
    assert_eq!(code, 0);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("earlier.json");
    std::fs::write(&file, &out).unwrap();
    let (code, table, err) = solve(&["--resume", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(table.lines().count(), 5, "a header and four rows: {table}");
    assert!(
        summary(&err).contains("(4 kept from the earlier run)")
            && summary(&err).contains("; 0 positions in "),
        "{err}"
    );
}

#[test]
fn another_ko_setting_or_a_status_only_run_settles_nothing_of_a_full_analysis() {
    let (_, black_master, _) = solve(&["--format", "jsonl", "--ko", "black"]);
    let (_, _, err) = resume(&jsonl(&black_master), &["--format", "jsonl"]);
    assert!(summary(&err).starts_with("4 results: "), "{err}");

    let (_, status_only, _) = solve(&["--format", "jsonl", "--status-only"]);
    let (_, _, err) = resume(&jsonl(&status_only), &["--format", "jsonl"]);
    assert!(summary(&err).starts_with("4 results: "), "{err}");
    // A full analysis answers a status-only run.
    let (_, full, _) = solve(&["--format", "jsonl"]);
    let (_, _, err) = resume(&jsonl(&full), &["--format", "jsonl", "--status-only"]);
    assert!(
        summary(&err).starts_with("4 results (4 kept from the earlier run)"),
        "{err}"
    );
}

#[test]
fn a_record_of_another_target_or_an_interrupted_last_line_is_solved_again() {
    let (_, out, _) = solve(&["--format", "jsonl"]);
    let mut earlier = jsonl(&out);
    // The file changed since: its target is elsewhere now.
    earlier[0]["target"] = "aa".into();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("earlier.jsonl");
    let mut text: Vec<String> = earlier.iter().map(Value::to_string).collect();
    // The run was stopped while it wrote its last line.
    let last = text.pop().unwrap();
    text.push(last[..last.len() / 2].to_string());
    std::fs::write(&file, text.join("\n")).unwrap();
    let (code, out, err) = solve(&["--format", "jsonl", "--resume", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(jsonl(&out).len(), 4);
    assert!(
        err.contains(" 1 line(s) are not results and were passed over"),
        "{err}"
    );
    assert!(
        summary(&err).starts_with("4 results (2 kept from the earlier run)"),
        "{err}"
    );
}

#[test]
fn a_resume_file_without_results_is_one_error_line_and_exit_code_2() {
    let (code, out, err) = solve(&["--resume", BENT_FOUR]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        format!(
            "error: --resume {BENT_FOUR}: holds no results of shikatsu solve --format json or jsonl\n"
        )
    );
    let (code, _, err) = solve(&["--resume", "/nonexistent/earlier.jsonl"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --resume /nonexistent/earlier.jsonl: cannot read it: ")
            && err.lines().count() == 1,
        "{err}"
    );
}

/// Bent four in the corner analysed for Black: a `ko`, graded.
fn bent_four_black(opts: &Options) -> Record {
    let p = problem::load_paths(&[BENT_FOUR]).remove(0).unwrap();
    let a = analysis::analyze(&p, Color::Black, opts);
    Record::from_analysis(&p, &a)
}

#[test]
fn a_record_is_settled_only_when_no_limit_left_anything_open() {
    let full = Options {
        memory: 16 << 20,
        ..Options::default()
    };
    let r = bent_four_black(&full);
    assert_eq!((r.status.as_str(), r.grade.as_deref()), ("ko", Some("0/1")));
    assert!(r.settled(KoRule::Auto, true) && r.settled(KoRule::Auto, false));
    assert!(!r.settled(KoRule::Fixed(Some(Color::Black)), false));
    let open = |change: fn(&mut Record)| {
        let mut r = r.clone();
        change(&mut r);
        r.settled(KoRule::Auto, true)
    };
    assert!(!open(|r| r.status = "unknown".into()));
    assert!(!open(|r| r.checked = false));
    assert!(!open(|r| r.all_first_moves = false));
    assert!(!open(|r| r.grade = Some("0/?".into())));
    assert!(!open(|r| r.move_grades[0].grade = "?/1".into()));
    let status_only = bent_four_black(&Options {
        status_only: true,
        ..full
    });
    assert!(status_only.settled(KoRule::Auto, false));
    assert!(!status_only.settled(KoRule::Auto, true));
}

#[test]
fn earlier_output_is_read_as_a_document_or_line_by_line() {
    let r = bent_four_black(&Options {
        memory: 16 << 20,
        ..Options::default()
    });
    let line = serde_json::to_string(&r).unwrap();
    let doc = serde_json::json!({ "summary": {}, "results": [r] }).to_string();
    let parsed = read_records(&doc).unwrap();
    assert_eq!(parsed.1, 0);
    assert_eq!(parsed.0[0].first_moves, r.first_moves);
    let text = format!("{line}\n\n{line}\n{}", &line[..10]);
    let (records, unread) = read_records(&text).unwrap();
    assert_eq!((records.len(), unread), (2, 1));
    assert!(read_records("(;FF[4]SZ[9])").is_err());
    assert!(read_records("").is_err());
}
