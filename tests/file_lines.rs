//! The file's own lines read move by move: a line that goes on with a
//! move that throws the win away, and a try the file calls wrong that
//! works, are said in JSON and under the table's row.

use crate::binary::{shikatsu, write_sgf};

/// The bundled throw-in: Black throws in at B9, White captures with A9,
/// and the straight three B9 C9 D9 left dies only to its middle point.
/// The file's second line goes on with D9 instead, and White lives at
/// C9 (two eyes, B9 and D9 once D9's stone is taken).
const THROW_IN: &str = "(;FF[4]GM[1]SZ[9]PL[B]MA[eb]\
    AB[ca][da][fa][fb][ac][bc][cc][dc][ec][fc]AW[ea][ab][bb][cb][db][eb]\
    (;B[ba];W[aa];B[ca])(;B[ba];W[aa];B[da]))";

/// The rectangular six in the corner with two outside liberties, Black
/// to live: it is alive as it stands, so the pass the file calls wrong
/// lives too.
const SIX: &str = "(;FF[4]GM[1]SZ[9]PL[B]MA[ac]\
    AB[da][db][ac][bc][cc][dc]AW[fa][eb][fb][ec][bd][cd][dd][ed][ae][be]\
    (;B[bb]C[RIGHT])(;B[tt]C[Wrong: White kills]))";

fn record(text: &str) -> (serde_json::Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = write_sgf(dir.path(), "p.sgf", text);
    let f = file.to_str().unwrap();
    let (code, out, err) = shikatsu(&["solve", f, "--format", "jsonl"]);
    let (_, table, summary) = shikatsu(&["solve", f]);
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    // A file whose lines go wrong is one that disagrees: counted, and
    // the exit code says so.
    if r["lines"].is_null() {
        assert_eq!(code, 0, "{err}");
    } else {
        assert_eq!(code, 1, "{err}");
        assert!(summary.contains("1 whose lines go wrong"), "{summary}");
    }
    (r, table)
}

#[test]
fn a_line_that_goes_wrong_after_the_first_move_is_named_with_its_refutation() {
    let (r, table) = record(THROW_IN);
    assert_eq!(r["status"], "unconditional");
    assert_eq!(r["agrees"], true, "the first move is right");
    let lines = &r["lines"];
    assert_eq!(lines["right"], 1, "{lines}");
    assert_eq!(
        lines["wrong"],
        serde_json::json!([{
            "line": ["ba", "aa", "da"],
            "refutation": "ca",
            "reaches": "fails",
            "better": ["ca"]
        }])
    );
    assert_eq!(lines["unread"], 0);
    assert!(
        table.contains(
            "the file's line B9 A9 D9: D9 fails (White C9 answers it); unconditional with C9"
        ),
        "{table}"
    );
}

#[test]
fn a_wrong_try_that_works_is_named() {
    let (r, table) = record(SIX);
    assert_eq!(r["status"], "unconditional");
    assert_eq!(r["accepted"], serde_json::json!(["bb"]));
    assert_eq!(
        r["lines"]["tries_that_work"],
        serde_json::json!({"": "unconditional"})
    );
    assert!(
        table.contains("the file's wrong try pass works: unconditional"),
        "{table}"
    );
}

#[test]
fn a_file_without_lines_or_a_status_only_run_reads_none() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_sgf(dir.path(), "p.sgf", THROW_IN);
    let f = file.to_str().unwrap();
    let (_, out, _) = shikatsu(&["solve", f, "--format", "jsonl", "--status-only"]);
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert!(r["lines"].is_null(), "{r}");
    let bare = THROW_IN.split("(;B").next().unwrap().to_string() + ")";
    let (r, table) = record(&bare);
    assert!(r["lines"].is_null(), "{r}");
    assert!(!table.contains("the file's"), "{table}");
}

/// Two suite files whose main line goes wrong past its first move, as
/// the full analysis of the suite found: gop/19769, where after Black
/// D1 and White E1 the file's C1 leads only to a ko that C3 or B2 avoid
/// (its own line ends in Black's retake at C1), and gop/8832, where
/// after D8 D7 D9 C9 the file's F9 loses the ko that B9 keeps. Each
/// refutation and each better move is a checked proof.
#[test]
fn the_suites_lines_that_go_wrong() {
    for (file, line, reaches, refutation, better) in [
        (
            "gop/19769.sgf",
            vec!["di", "ei", "ci"],
            "ko",
            "bh",
            vec!["cg", "bh"],
        ),
        (
            "gop/8832.sgf",
            vec!["db", "dc", "da", "ca", "fa"],
            "fails",
            "ac",
            vec!["ba"],
        ),
    ] {
        let Some(path) = crate::common::suite_file(file) else {
            return;
        };
        let (_, out, _) = shikatsu(&["solve", &path, "--format", "jsonl", "--time", "30"]);
        let black = out
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|r| r["to_move"] == "B")
            .unwrap();
        assert_eq!(black["agrees"], true, "{file}: the first move is right");
        assert_eq!(
            black["lines"]["wrong"],
            serde_json::json!([{
                "line": line,
                "refutation": refutation,
                "reaches": reaches,
                "better": better
            }]),
            "{file}"
        );
    }
}

/// gop/19468, whose answer C3 does not kill (the suite's one file that
/// disagrees): its line shows White's refutation going wrong at her
/// sixth move, C3, after which Black's A3 kills as the file says; A1
/// keeps the refutation.
#[test]
fn a_refutation_that_goes_wrong_in_the_file_is_named() {
    let Some(path) = crate::common::suite_file("gop/19468.sgf") else {
        return;
    };
    let (code, out, _) = shikatsu(&["solve", &path, "--format", "jsonl"]);
    assert_eq!(code, 1);
    let r: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(r["agrees"], false);
    assert_eq!(
        r["lines"]["wrong"],
        serde_json::json!([{
            "line": ["cg", "ch", "ah", "ag", "bg", "cg"],
            "refutation": "ag",
            "reaches": "fails",
            "better": ["ai"]
        }])
    );
    let (_, table, _) = shikatsu(&["solve", &path]);
    assert!(
        table.contains(
            "the file's line C3 C2 A2 A3 B3 C3: C3 fails (Black A3 answers it); White refutes the first move with A1"
        ),
        "{table}"
    );
}

/// A wrong try is flagged only where it reaches the status itself: in
/// gop/19769 Black kills outright with B2 as with D1, while F1 gives only
/// a ko, which a file is right to call wrong.
#[test]
fn a_wrong_try_that_reaches_only_a_weaker_status_is_not_flagged() {
    let Some(path) = crate::common::suite_file("gop/19769.sgf") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let root = &text[..text.find("(;B").expect("the file's tree")];
    let (r, table) = record(&format!("{root}(;B[di])(;B[fi]BM[1])(;B[bh]BM[1]))"));
    assert_eq!(r["status"], "unconditional");
    assert_eq!(r["other_moves"]["fi"], "ko");
    assert_eq!(
        r["lines"]["tries_that_work"],
        serde_json::json!({"bh": "unconditional"})
    );
    assert!(!table.contains("wrong try F1"), "{table}");
}
