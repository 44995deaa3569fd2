//! SGF loading: every convention the loader reads, and its error messages.

use shikatsu::analysis::{Options, Status, analyze};
use shikatsu::board::{Color, Move, Point};
use shikatsu::problem::sgf::load_str;
use shikatsu::problem::{Problem, load_paths};
use shikatsu::proof;

fn one(text: &str) -> Problem {
    let mut v = load_str("t.sgf", text);
    assert_eq!(v.len(), 1);
    v.remove(0).expect("loads")
}

fn err(text: &str) -> String {
    load_str("t.sgf", text).remove(0).unwrap_err().to_string()
}

fn p(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

/// White in the corner with a two-point eye space, Black's wall around.
const CORNER: &str = "SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]";

#[test]
fn ma_marks_the_target_and_pl_the_side_to_move() {
    let pr = one(&format!("(;FF[4]{CORNER}MA[bb]PL[W])"));
    assert_eq!(pr.targets, vec![p("bb")]);
    assert_eq!(pr.defender, Color::White);
    assert_eq!(pr.attacker(), Color::Black);
    assert_eq!(pr.to_move, Some(Color::White));
    assert_eq!(pr.sides(), vec![Color::White]);
    assert_eq!(pr.goal(Color::White), "live");
    // The region: the two empty points and the four white stones.
    assert_eq!(pr.region.area.count(), 6);
}

#[test]
fn without_pl_both_sides_are_solved() {
    let pr = one(&format!("(;FF[4]{CORNER}MA[bb])"));
    assert_eq!(pr.sides(), vec![Color::Black, Color::White]);
    assert_eq!(pr.goal(Color::Black), "kill");
}

#[test]
fn tr_or_sq_on_a_stone_is_the_target_without_ma() {
    assert_eq!(
        one(&format!("(;FF[4]{CORNER}TR[ca])")).targets,
        vec![p("ca")]
    );
    assert_eq!(
        one(&format!("(;FF[4]{CORNER}SQ[cb])")).targets,
        vec![p("cb")]
    );
}

#[test]
fn sq_on_empty_points_closes_the_wall_with_attacker_stones() {
    // A hole at db: without SQ the white area leaks out to the whole board.
    let open = "(;FF[4]SZ[19]AB[da][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb])";
    assert!(err(open).contains("not enclosed"));
    let closed = one("(;FF[4]SZ[19]AB[da][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb]SQ[db])");
    assert_eq!(closed.board.color_at(p("db")), Some(Color::Black));
}

#[test]
fn root_children_are_the_answers_and_tt_is_a_pass() {
    let pr = one(&format!(
        "(;FF[4]{CORNER}MA[bb]PL[B](;B[aa];W[ba])(;B[ba])(;B[tt])(;W[aa]))"
    ));
    assert_eq!(
        pr.accepted(Color::Black),
        vec![Move::Play(p("aa")), Move::Play(p("ba")), Move::Pass]
    );
    assert_eq!(pr.accepted(Color::White), vec![Move::Play(p("aa"))]);
    let pr = one(&format!("(;FF[4]{CORNER}MA[bb]PL[B](;B[]))"));
    assert_eq!(pr.accepted(Color::Black), vec![Move::Pass]);
}

#[test]
fn a_collection_is_one_problem_per_game_tree() {
    let text = format!("(;FF[4]{CORNER}MA[bb])(;FF[4]{CORNER}MA[ca]PL[B])");
    let v = load_str("c.sgf", &text);
    assert_eq!(v.len(), 2);
    let second = v[1].as_ref().unwrap();
    assert_eq!(second.index, 1);
    assert_eq!(second.label(), "c.sgf#1");
}

#[test]
fn rectangular_boards_are_read() {
    let pr = one("(;FF[4]SZ[7:5]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb])");
    assert_eq!((pr.board.width(), pr.board.height()), (7, 5));
}

#[test]
fn expected_statuses_are_read_from_sx() {
    let pr = one(&format!(
        "(;FF[4]{CORNER}MA[bb]SX[B=unconditional][W=fails]GN[two-point eye])"
    ));
    assert_eq!(
        pr.expected,
        vec![
            (Color::Black, "unconditional".to_string()),
            (Color::White, "fails".to_string())
        ]
    );
    assert_eq!(pr.name.as_deref(), Some("two-point eye"));
    assert!(err(&format!("(;FF[4]{CORNER}MA[bb]SX[unconditional])")).contains("SX[unconditional]"));
}

#[test]
fn error_messages_name_the_problem_and_the_cause() {
    assert_eq!(
        err("(;FF[4]SZ[9]AB[aa]AW[bb])"),
        "t.sgf: problem 0: no target: mark a stone of the target block with MA"
    );
    assert!(err("(;FF[4]SZ[9]AB[aa]AW[bb]MA[cc])").contains("MA[cc] marks an empty point"));
    assert!(err("(;FF[4]SZ[21]AB[aa]AW[bb]MA[bb])").contains("21x21 is larger than 19x19"));
    assert!(err("(;FF[4]SZ[9]AB[ba][ab]AW[aa]MA[aa])").contains("illegal setup"));
    assert!(err("(;FF[4]SZ[9]AB[aa][zz]AW[bb]MA[bb])").contains("off the 9x9 board"));
    // One point set up in both colours: the file does not say which it
    // means, whichever order the properties come in.
    for text in [
        "(;FF[4]SZ[9]AB[aa][cc]AW[bb][cc]MA[bb])",
        "(;FF[4]SZ[9]AW[bb][cc]AB[aa][cc]MA[bb])",
    ] {
        assert_eq!(
            err(text),
            "t.sgf: problem 0: cc is set up as both a black and a white stone (AB and AW)"
        );
    }
    // AE in between clears the point: then it is one stone.
    assert_eq!(
        one("(;FF[4]SZ[9]AB[da][db][cc][bc][ac][ee]AE[ee]AW[ab][bb][cb][ca][ee]MA[bb])")
            .board
            .color_at(p("ee")),
        Some(shikatsu::board::Color::White)
    );
    assert_eq!(
        err("(;FF[4]GM[2]SZ[9]AB[aa]AW[bb]MA[bb])"),
        "t.sgf: not a Go game record: its GM[] names another game"
    );
    assert_eq!(
        load_str("e.sgf", "  \n").remove(0).unwrap_err().to_string(),
        "e.sgf: empty file"
    );
    // Nine marked blocks: one more than the table has keys for.
    assert_eq!(
        err("(;FF[4]AW[aa][ca][ea][ga][ia][ka][ma][oa][qa]MA[aa][ca][ea][ga][ia][ka][ma][oa][qa])"),
        "t.sgf: problem 0: 9 target blocks; at most 8 are supported"
    );
}

/// One bad value in a list of points loses the whole list in the parser:
/// the loader says which, rather than solve another position.
#[test]
fn a_value_that_is_not_a_point_is_an_error_not_a_lost_list() {
    for (text, cause) in [
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac][]AW[ab][bb][cb][ca]MA[bb])",
            "AB[] is not a point",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca][hello]MA[bb])",
            "AW[hello] is not a point",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[b])",
            "MA[b] is not a point",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb];B[hello])",
            "B[hello] in the answer tree is not a move",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb];W[zz])",
            "W[zz] is off the 9x9 board",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb];B[ca])",
            "B[ca] in the answer tree is played on a stone",
        ),
        (
            "(;FF[4]SZ[nine]AB[aa]AW[bb]MA[bb])",
            "SZ[nine] is not a board size",
        ),
        (
            "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb]SX[B=dead])",
            "SX[B=dead]: \"dead\" is not a status \
             (unconditional, ko or fails, then eyes or seki if you like)",
        ),
    ] {
        assert_eq!(err(text), format!("t.sgf: problem 0: {cause}"), "{text}");
    }
    // Compressed rectangles are points; blanks around a size are read.
    let pr =
        one("(;FF[4]SZ[ 9 ]AB[da:db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb]SX[W=unconditional eyes])");
    assert_eq!(pr.board.width(), 9);
    assert_eq!(pr.board.color_at(p("db")), Some(Color::Black));
}

/// A tree nested deeper than any problem's is refused before it is
/// parsed: the parser and its nodes would overflow the stack.
#[test]
fn a_tree_nested_too_deep_is_an_error_not_a_crash() {
    let root = format!("(;FF[4]{CORNER}MA[bb]PL[B]");
    let line = format!("{root}{})", ";B[tt];W[tt]".repeat(30_000));
    let nested = format!("{root}{}{})", "(;B[aa]".repeat(30_000), ")".repeat(30_000));
    for (text, deep) in [(line, 60_001), (nested, 30_001)] {
        assert_eq!(
            load_str("deep.sgf", &text)
                .remove(0)
                .unwrap_err()
                .to_string(),
            format!(
                "deep.sgf: its game tree nests {deep} nodes or variations deep; at most 10000 are read"
            )
        );
    }
}

/// A first move marked bad (`BM`) is a wrong answer the file shows, not
/// one of its answers.
#[test]
fn first_moves_marked_bad_are_not_the_files_answers() {
    let pr = one(&format!("(;FF[4]{CORNER}MA[bb]PL[B](;B[ba]BM[1])(;B[aa]))"));
    assert_eq!(pr.accepted(Color::Black), vec![Move::Play(p("aa"))]);
}

const GOOD: &str = "(;FF[4]SZ[9]PL[B]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb])";

/// The strict parser's error belongs to the tree it is in: a problem
/// before it that fails on its own says only why.
#[test]
fn a_parse_error_in_a_later_tree_is_not_blamed_on_the_first() {
    let loaded = load_str(
        "t.sgf",
        &format!("(;FF[4]SZ[9]AB[aa]AW[bb]){GOOD}(;FF[4]SZ[9]AB[aa"),
    );
    assert_eq!(loaded.len(), 3);
    assert_eq!(
        loaded[0].as_ref().unwrap_err().to_string(),
        "t.sgf: problem 0: no target: mark a stone of the target block with MA"
    );
    assert!(loaded[1].is_ok());
    // The damaged tree itself says both.
    let damaged = loaded[2].as_ref().unwrap_err().to_string();
    assert!(
        damaged.starts_with("t.sgf: problem 2: not valid SGF (")
            && damaged.ends_with("), and what could be read fails: no target: mark a stone of the target block with MA"),
        "{damaged}"
    );
}

/// Damage between game trees that stops the rest from being read is the
/// file's error, not a silent loss nor a fault of the first problem.
#[test]
fn game_trees_lost_to_damage_are_the_files_error() {
    let loaded = load_str("t.sgf", &format!("{GOOD}xx{GOOD}"));
    assert_eq!(loaded.len(), 2, "{loaded:?}");
    assert!(loaded[0].is_ok());
    let e = loaded[1].as_ref().unwrap_err();
    assert_eq!(e.index, None);
    let line = e.to_string();
    assert!(
        line.starts_with("t.sgf: not valid SGF (")
            && line.ends_with("): 1 of its 2 game trees could be read"),
        "{line}"
    );
}

#[test]
fn a_written_proof_reparses_and_passes_the_checker() {
    let pr = one(&format!("(;FF[4]{CORNER}MA[bb]PL[B])"));
    let a = analyze(
        &pr,
        Color::Black,
        &Options {
            memory: 16 << 20,
            ..Options::default()
        },
    );
    assert_eq!(a.status, Status::Unconditional);
    assert!(a.checked);
    let tree = a.proof.expect("a proof");
    let text = proof::sgf::write(
        &pr,
        Color::Black,
        proof::sgf::Tree::FirstWins,
        "Black kills: unconditional",
        &tree,
    );
    // The written file loads again as the same problem...
    let again = one(&text);
    assert_eq!(again.board, pr.board);
    assert_eq!(again.targets, pr.targets);
    // ...its variations are the proof, and the checker accepts them.
    let first: Vec<Move> = again.accepted(Color::Black);
    assert_eq!(first, vec![tree[0].mv]);
    let reread = read_tree(&text);
    assert_eq!(reread, tree);
    proof::check(&again, Color::Black, Color::Black, a.ko, &reread).expect("checked");
}

/// Reads the variations back with sgf-parse, independently of our writer.
fn read_tree(text: &str) -> Vec<proof::Line> {
    use sgf_parse::go::{Move as M, Prop};
    fn lines(node: &sgf_parse::SgfNode<Prop>) -> Vec<proof::Line> {
        node.children()
            .map(|c| {
                let mv = match c.get_move() {
                    Some(Prop::B(m)) | Some(Prop::W(m)) => match m {
                        M::Pass => Move::Pass,
                        M::Move(q) => Move::Play(Point::new(q.x as usize, q.y as usize)),
                    },
                    _ => panic!("a move node"),
                };
                proof::Line {
                    mv,
                    replies: lines(c).into(),
                }
            })
            .collect()
    }
    let root = sgf_parse::go::parse(text).unwrap().remove(0);
    lines(&root)
}

#[test]
fn folders_are_searched_recursively_in_name_order() {
    let v = load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/problems")]);
    assert!(v.len() >= 30);
    let files: Vec<String> = v
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .map(|p| p.file.display().to_string())
        .collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
}

#[test]
fn an_error_that_quotes_a_value_across_lines_is_still_one_line() {
    let e = err(&format!("(;FF[4]{CORNER}MA[bb]SX[\n(W=ko])"));
    assert_eq!(e, "t.sgf: problem 0: SX[\\n(W=ko]: unknown side \"(W\"");
}

/// Collections from Japan and China are often in Shift_JIS or GB2312,
/// named by `CA[]`: the text is read in that character set, where a
/// Shift_JIS character's second byte may be `\` (表, ソ) and, read as
/// Latin-1, escaped the next character and garbled the name.
#[test]
fn a_file_in_the_character_set_its_ca_names_is_read_in_it() {
    let d = tempfile::tempdir().unwrap();
    let cases = [
        ("sjis.sgf", "Shift_JIS", "表示ソフト", "ソ表"),
        ("gb.sgf", "GB2312", "黑先白死", "黑先"),
    ];
    for (file, charset, name, comment) in cases {
        let text = format!("(;FF[4]CA[{charset}]GN[{name}]{CORNER}MA[bb]PL[W]C[{comment}])");
        let encoding = encoding_rs::Encoding::for_label(charset.as_bytes()).unwrap();
        let (bytes, _, lossy) = encoding.encode(&text);
        assert!(!lossy && std::str::from_utf8(&bytes).is_err());
        let path = d.path().join(file);
        std::fs::write(&path, &bytes).unwrap();
        let pr = load_paths(&[&path]).remove(0).expect("loads");
        assert_eq!(pr.name.as_deref(), Some(name), "{file}");
        assert_eq!(pr.comment.as_deref(), Some(comment), "{file}");
        assert_eq!(pr.targets, vec![p("bb")]);
    }
}

/// Every line of a written proof ends with a comment saying why the game
/// is over there, in a Go player's words; the moves before it carry none.
/// A capture ends the basic ko, a seki ends in both sides passing, the
/// eternal life in a repetition, and the bulky five's lines where the
/// target has no room for two eyes.
#[test]
fn a_written_proof_says_at_each_line_end_why_the_game_is_over() {
    use sgf_parse::go::Prop;
    fn leaves(node: &sgf_parse::SgfNode<Prop>, out: &mut Vec<String>) {
        let comment = node.properties().find_map(|p| match p {
            Prop::C(t) => Some(t.text.clone()),
            _ => None,
        });
        if node.children().next().is_none() {
            out.push(comment.expect("a line's end has a comment"));
        } else {
            assert!(comment.is_none(), "a move inside a line: {comment:?}");
            for c in node.children() {
                leaves(c, out);
            }
        }
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");
    for (file, side, must) in [
        (
            "classic/basic-ko.sgf",
            Color::Black,
            "Black wins: the target is captured.",
        ),
        (
            "classic/seki-no-eyes.sgf",
            Color::White,
            "White wins: both sides pass, the target still on the board.",
        ),
        (
            "ko/eternal-life.sgf",
            Color::Black,
            "Black wins: the position repeats, an endless cycle.",
        ),
        (
            "classic/bulky-five.sgf",
            Color::Black,
            "Black wins: the target has no room for two eyes.",
        ),
    ] {
        let pr = load_paths(&[format!("{dir}/{file}")])
            .remove(0)
            .expect("loads");
        let a = analyze(
            &pr,
            side,
            &Options {
                memory: 16 << 20,
                ..Options::default()
            },
        );
        assert!(a.checked, "{file}");
        let tree = a.proof.expect("a proof");
        let text = proof::sgf::write(&pr, side, proof::sgf::Tree::FirstWins, "root", &tree);
        let root = sgf_parse::go::parse(&text).unwrap().remove(0);
        let mut ends = Vec::new();
        for c in root.children() {
            leaves(c, &mut ends);
        }
        assert!(ends.iter().any(|e| e == must), "{file}: {ends:?}");
        let (d, at) = (pr.defender.name(), pr.attacker().name());
        let known = [
            format!("{at} wins: the target is captured."),
            format!("{d} wins: both sides pass, the target still on the board."),
            format!("{d} wins: the target is alive for good."),
            format!("{at} wins: the target has no room for two eyes."),
            format!("{d} wins: the position repeats, an endless cycle."),
            format!(
                "{d} wins: every attacker move has an answer that makes the target alive for good, \
                 at once or after one more exchange."
            ),
        ];
        // Every line ends in a win for the side whose proof it is: the
        // rule named agrees with the checker's verdict.
        let winner = if a.status.succeeds() {
            side
        } else {
            side.opp()
        };
        for e in &ends {
            assert!(known.contains(e), "{file}: {e}");
            assert!(
                e.starts_with(&format!("{} wins", winner.name())),
                "{file}: {e}"
            );
        }
    }
}

/// A link inside a folder back up to it (`loop -> .`) does not list the
/// same problems again under ever longer names: each folder is read once.
#[cfg(unix)]
#[test]
fn a_link_back_up_the_folder_tree_lists_each_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/problems/classic/basic-ko.sgf"
    ))
    .unwrap();
    std::fs::write(dir.path().join("a.sgf"), &text).unwrap();
    std::fs::write(sub.join("b.sgf"), &text).unwrap();
    std::os::unix::fs::symlink(dir.path(), sub.join("up")).unwrap();
    std::os::unix::fs::symlink(".", dir.path().join("here")).unwrap();
    let files = shikatsu::problem::sgf_files(dir.path());
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            f.as_ref()
                .unwrap()
                .strip_prefix(dir.path())
                .unwrap()
                .display()
                .to_string()
        })
        .collect();
    assert_eq!(names, ["a.sgf", "sub/b.sgf"]);
}

#[test]
fn a_file_named_twice_is_loaded_once_under_its_first_name() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let classic = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/classic");
    std::fs::copy(format!("{classic}/basic-ko.sgf"), sub.join("a.sgf")).unwrap();
    std::fs::copy(format!("{classic}/bulky-five.sgf"), sub.join("b.sgf")).unwrap();
    std::os::unix::fs::symlink(sub.join("a.sgf"), dir.path().join("link.sgf")).unwrap();
    let named = |p: &std::path::Path| p.strip_prefix(dir.path()).unwrap().display().to_string();
    // The folder first (which meets `link.sgf` before `sub/a.sgf`), then
    // one of its files again: three files on disk, two distinct.
    let loaded = load_paths(&[dir.path().to_path_buf(), sub.join("b.sgf")]);
    let files: Vec<String> = loaded
        .iter()
        .map(|l| named(&l.as_ref().expect("loads").file))
        .collect();
    assert_eq!(files, ["link.sgf", "sub/b.sgf"]);
}

/// The problems built into the binary are the repository's `problems/`
/// folder: the same problems, in the same order, under the same names.
#[test]
fn the_built_in_problems_are_the_bundled_folder() {
    let on_disk = load_paths(&[concat!(env!("CARGO_MANIFEST_DIR"), "/problems")]);
    let built_in = shikatsu::problem::bundled::load();
    assert!(built_in.len() >= 40, "{}", built_in.len());
    assert_eq!(built_in.len(), on_disk.len());
    let prefix = concat!(env!("CARGO_MANIFEST_DIR"), "/");
    for (b, d) in built_in.iter().zip(&on_disk) {
        let (b, d) = (b.as_ref().expect("loads"), d.as_ref().expect("loads"));
        assert_eq!(
            b.file,
            d.file.strip_prefix(prefix).unwrap(),
            "built in under the folder's name"
        );
        assert_eq!(
            (b.index, &b.name, &b.expected),
            (d.index, &d.name, &d.expected)
        );
        assert_eq!(b.board, d.board, "{}", b.label());
    }
}

/// Some editors write the board in the root and the stones in a node of
/// their own before the first move: the position is every such node's
/// setup, and the answers are the children of the last.
#[test]
fn setup_in_nodes_after_the_root_is_read() {
    let split = "(;FF[4]GM[1]SZ[9]GN[Corner]\
                 ;AB[da][db][cc][bc][ac]AW[ab][bb][cb]C[Black to kill]\
                 ;AW[ca]AE[da]AB[ea][eb][dc]MA[bb]PL[B](;B[ba])(;B[aa]))";
    let pr = one(split);
    let whole = one(
        "(;FF[4]SZ[9]AB[ea][eb][dc][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb]PL[B](;B[ba])(;B[aa]))",
    );
    assert_eq!(pr.board.to_ascii(), whole.board.to_ascii());
    assert_eq!(pr.targets, vec![p("bb")]);
    assert_eq!(pr.to_move, Some(Color::Black));
    assert_eq!(
        pr.answers,
        vec![
            (Color::Black, Move::Play(p("ba"))),
            (Color::Black, Move::Play(p("aa")))
        ]
    );
    assert_eq!(pr.name.as_deref(), Some("Corner"));
    assert_eq!(pr.comment.as_deref(), Some("Black to kill"));
    // A later node may change what an earlier one set up, but one node
    // naming a point in both colours is still an error.
    let both = "(;FF[4]SZ[9];AB[aa]AW[aa]MA[aa])";
    assert_eq!(
        err(both),
        "t.sgf: problem 0: aa is set up as both a black and a white stone (AB and AW)"
    );
    // The setup stops at the first move, and at a fork.
    let after_move = "(;FF[4]SZ[9]AB[da][db][cc][bc][ac]AW[ab][bb][cb][ca]MA[bb];B[ba];AB[ea])";
    assert_eq!(one(after_move).board.color_at(p("ea")), None);
}

/// Published collections show wrong tries beside the solution and mark
/// the solution's lines instead: goproblems.com ends them with a comment
/// holding `RIGHT`, others with one starting "Correct". Where a file
/// marks lines so, only the first moves of marked lines are answers.
#[test]
fn lines_marked_right_name_the_answers_and_the_others_are_wrong_tries() {
    let answers = |tree: &str| one(&format!("(;FF[4]{CORNER}MA[bb]PL[B]{tree})")).answers;
    let b = |s: &str| (Color::Black, Move::Play(p(s)));
    assert_eq!(
        answers("(;B[ba];W[aa]C[RIGHT])(;B[aa];W[ba])(;B[ea])"),
        vec![b("ba")]
    );
    assert_eq!(
        answers("(;B[aa]C[Wrong: White lives])(;B[ba]C[  correct, the vital point])"),
        vec![b("ba")]
    );
    // A mark deep in a line marks its first move; no mark anywhere
    // leaves every first move an answer; the root's own comment (the
    // problem's text) is not a line's.
    assert_eq!(
        answers("(;B[aa];W[ba])(;B[ba];W[aa](;B[ea]C[RIGHT])(;B[eb]))"),
        vec![b("ba")]
    );
    assert_eq!(answers("(;B[ba])(;B[aa])"), vec![b("ba"), b("aa")]);
    let root_says = one(&format!(
        "(;FF[4]{CORNER}MA[bb]PL[B]C[Find the RIGHT move](;B[ba])(;B[aa]))"
    ));
    assert_eq!(root_says.answers, vec![b("ba"), b("aa")]);
}
