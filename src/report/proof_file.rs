//! The proof files, as `shikatsu solve --proof-sgf` and the terminal UI's
//! `w` both write them ([`write`]): the same files, one name and one root
//! comment, so that a proof reads the same whichever wrote it.

use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::analysis::Analysis;
use crate::board::{Color, Move};
use crate::dfpn::shown;
use crate::problem::Problem;
use crate::proof::{Line, sgf};

/// How the proof files of a run are named: after each problem's file,
/// with as many of its folders in front as tell it from the run's other
/// files of that name (`sim/4/basic.sgf` and `sim/6/basic.sgf` write
/// `4-basic-B.proof.sgf` and `6-basic-B.proof.sgf`), so that no proof
/// overwrites another's.
#[derive(Clone, Debug, Default)]
pub struct Names {
    stems: HashMap<PathBuf, String>,
}

impl Names {
    /// The names for a run over `files` (each file once or more).
    pub fn of<'a>(files: impl IntoIterator<Item = &'a Path>) -> Names {
        let mut files: Vec<&Path> = files.into_iter().collect();
        files.sort();
        files.dedup();
        // Each file's name, then its folders, innermost first.
        let parts: Vec<Vec<String>> = files.iter().map(|f| reversed_parts(f)).collect();
        let mut taken = vec![1usize; files.len()];
        // Compared as written: `sim/4/basic.sgf` and `z/4-basic.sgf`
        // would both write "4-basic".
        let stem = |i: usize, k: usize| {
            let mut words: Vec<&str> = parts[i][..k.min(parts[i].len())]
                .iter()
                .map(|w| w.as_str())
                .collect();
            words.reverse();
            words.join("-")
        };
        loop {
            let mut clash = vec![false; files.len()];
            let mut by_stem: HashMap<String, usize> = HashMap::new();
            for i in 0..files.len() {
                if let Some(&j) = by_stem.get(&stem(i, taken[i])) {
                    clash[i] = true;
                    clash[j] = true;
                } else {
                    by_stem.insert(stem(i, taken[i]), i);
                }
            }
            // Longer where two still clash and one has folders left.
            let mut longer = false;
            for i in 0..files.len() {
                if clash[i] && taken[i] < parts[i].len() {
                    taken[i] += 1;
                    longer = true;
                }
            }
            if !longer {
                break;
            }
        }
        let stems = (0..files.len())
            .map(|i| (files[i].to_path_buf(), stem(i, taken[i])))
            .collect();
        Names { stems }
    }

    /// `<stem>[-<index>]-<B|W>`: the problem's file, its number in a
    /// collection (the first has none) and the side to move.
    fn base(&self, problem: &Problem, side: Color) -> String {
        let stem = match self.stems.get(&problem.file) {
            Some(s) => s.clone(),
            None => reversed_parts(&problem.file).swap_remove(0),
        };
        if problem.index > 0 {
            format!("{stem}-{}-{}", problem.index, side.letter())
        } else {
            format!("{stem}-{}", side.letter())
        }
    }

    /// `<stem>[-<index>]-<B|W>.proof.sgf`. The `.proof` keeps a proof
    /// written beside its problem from being taken for the problem file.
    pub fn name(&self, problem: &Problem, side: Color) -> String {
        format!("{}.proof.sgf", self.base(problem, side))
    }

    /// `<stem>[-<index>]-<B|W>-refutes-<move>.proof.sgf`: the opponent's
    /// answer to the file's first move `answer` (`pass` for a pass).
    pub fn refutation_name(&self, problem: &Problem, side: Color, answer: Move) -> String {
        let m = match answer.sgf() {
            m if m.is_empty() => "pass".to_string(),
            m => m,
        };
        format!("{}-refutes-{m}.proof.sgf", self.base(problem, side))
    }
}

/// A file's name without its extension, then its folders' names, inner
/// first ("problem" for a path without a name).
fn reversed_parts(file: &Path) -> Vec<String> {
    let stem = file
        .file_stem()
        .map_or("problem".to_string(), |s| s.to_string_lossy().into_owned());
    let folders = file.parent().into_iter().flat_map(|d| {
        d.components().rev().filter_map(|c| match c {
            std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
            _ => None,
        })
    });
    std::iter::once(stem).chain(folders).collect()
}

/// The name of a problem's proof file when no other file is in the run.
pub fn name(problem: &Problem, side: Color) -> String {
    Names::default().name(problem, side)
}

/// What the analysis says, for the root comment of both files: the
/// headline, the ko setting the status was proven under, the first
/// moves with their grades (`…` when a limit cut the list short, and
/// the moves it left open) and the moves that reach only a weaker status.
fn verdict(problem: &Problem, a: &Analysis) -> String {
    let h = problem.board.height();
    let mut s = format!("{}. Ko setting: {}.", a.headline(problem), a.ko.describe());
    if !a.first_moves.is_empty() {
        let moves: Vec<String> = a.first_moves.iter().map(|&m| a.move_label(m, h)).collect();
        let more = if a.all_first_moves { "" } else { " …" };
        let _ = write!(s, " First moves: {}{more}.", moves.join(" "));
    }
    if !a.undecided_moves.is_empty() {
        let open: Vec<String> = a.undecided_moves.iter().map(|m| m.human(h)).collect();
        let _ = write!(s, " Not decided within the limits: {}.", open.join(" "));
    }
    // Where the file's own lines go wrong, as `solve`'s table says it.
    for said in crate::report::Record::from_analysis(problem, a).lines_said() {
        let _ = write!(s, " {}{}.", said[..1].to_uppercase(), &said[1..]);
    }
    if !a.other_moves.is_empty() {
        let others: Vec<String> = a
            .other_moves
            .iter()
            .map(|(m, st)| format!("{} gives {}", m.human(h), st.as_str()))
            .collect();
        let _ = write!(s, " Other moves: {}.", others.join(", "));
    }
    s
}

/// The root comment of the proof file: the verdict, the root proof and
/// disproof numbers, whose solution tree the variations are, whether the
/// independent checker accepted every verdict behind it, and the version
/// that wrote it.
pub fn comment(problem: &Problem, a: &Analysis) -> String {
    // The tree is the side's own when it succeeds, else the opponent's
    // refutation.
    let winner = if a.status.succeeds() {
        a.side
    } else {
        a.side.opp()
    };
    let checked = if a.checked {
        "The independent checker accepted it."
    } else {
        // A proof the checker could not take (too large to check), or
        // one behind a status a limit left unknown.
        "Not every verdict behind it was checked."
    };
    format!(
        "{} Root pn {} dn {}.\n\nThe variations are {}'s solution tree: one move at {}'s turn, every reply at {}'s. {checked} Written by shikatsu {}.",
        verdict(problem, a),
        shown(a.root_pn),
        shown(a.root_dn),
        winner.name(),
        winner.name(),
        winner.opp().name(),
        env!("CARGO_PKG_VERSION")
    )
}

/// The root comment of a refutation: the verdict, then which of the
/// file's answers it refutes. Refutations are kept only when checked.
pub fn refutation_comment(problem: &Problem, a: &Analysis, answer: Move) -> String {
    let h = problem.board.height();
    let opp = a.side.opp();
    format!(
        "{}\n\nThe file's answer {} does not reach {} for {}. The variations are that move, then {}'s solution tree after it: one move at {}'s turn, every reply at {}'s. The independent checker accepted it. Written by shikatsu {}.",
        verdict(problem, a),
        answer.human(h),
        a.status.as_str(),
        a.side.name(),
        opp.name(),
        opp.name(),
        a.side.name(),
        env!("CARGO_PKG_VERSION")
    )
}

/// The proof file's text: the problem, the root comment and the proof
/// as variations; None when the analysis has no proof.
pub fn text(problem: &Problem, a: &Analysis) -> Option<String> {
    let tree = a.proof.as_deref()?;
    let whose = if a.status.succeeds() {
        sgf::Tree::FirstWins
    } else {
        sgf::Tree::FirstLoses
    };
    Some(sgf::write(
        problem,
        a.side,
        whose,
        &comment(problem, a),
        tree,
    ))
}

/// A refutation file's text: the file's `answer`, then the opponent's
/// `tree` after it.
pub fn refutation_text(problem: &Problem, a: &Analysis, answer: Move, tree: &[Line]) -> String {
    let line = [Line::new(answer, tree.to_vec())];
    sgf::write(
        problem,
        a.side,
        sgf::Tree::FirstLoses,
        &refutation_comment(problem, a, answer),
        &line,
    )
}

/// The main proof is written: the checker accepted every verdict behind
/// the analysis (a proof it could not take, too large to check, or one
/// behind a status a limit left unknown, is not written).
pub fn writes_proof(a: &Analysis) -> bool {
    a.checked && a.proof.is_some()
}

/// The files written for an analysis, as (name, text): its proof when
/// [`writes_proof`], then a refutation of each of the file's answers that
/// misses the best status (refutations are kept only when checked).
pub fn files(names: &Names, problem: &Problem, a: &Analysis) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if writes_proof(a)
        && let Some(text) = text(problem, a)
    {
        out.push((names.name(problem, a.side), text));
    }
    for (m, tree) in &a.refutations {
        out.push((
            names.refutation_name(problem, a.side, *m),
            refutation_text(problem, a, *m, tree),
        ));
    }
    out
}

/// A proof file that could not be written, and the files written before
/// it (the proof comes first, then the refutations).
#[derive(Debug, thiserror::Error)]
#[error("{}cannot write {}", wrote(written), path.display())]
pub struct WriteError {
    pub path: PathBuf,
    #[source]
    pub error: std::io::Error,
    pub written: Vec<PathBuf>,
}

/// "wrote a.proof.sgf, b.proof.sgf; " (the names only), or nothing.
fn wrote(written: &[PathBuf]) -> String {
    if written.is_empty() {
        return String::new();
    }
    format!("wrote {}; ", names(written).join(", "))
}

/// The files' names, without their folder.
fn names(paths: &[PathBuf]) -> Vec<String> {
    (paths.iter())
        .map(|p| {
            p.file_name()
                .unwrap_or(p.as_os_str())
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

impl WriteError {
    /// The names of the files written before the one that failed.
    pub fn written_names(&self) -> Vec<String> {
        names(&self.written)
    }
}

/// Writes [`files`] into `dir`, as `shikatsu solve --proof-sgf DIR` and
/// the terminal UI's `w` (the current folder) both do: the paths
/// written, in order, or the first that could not be (with those written
/// before it).
pub fn write(
    dir: &Path,
    names: &Names,
    problem: &Problem,
    a: &Analysis,
) -> Result<Vec<PathBuf>, WriteError> {
    let mut written = Vec::new();
    for (name, text) in files(names, problem, a) {
        let path = dir.join(name);
        match std::fs::write(&path, text) {
            Ok(()) => written.push(path),
            Err(error) => {
                return Err(WriteError {
                    path,
                    error,
                    written,
                });
            }
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Options, analyze};
    use crate::problem::sgf::load_str;

    /// A ko with two first moves of different grades: the comment gives
    /// each its grade, and the ko master it was proven under.
    #[test]
    fn the_comment_gives_the_grades_and_the_ko_setting() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/problems/classic/bent-four-in-the-corner.sgf"
        ))
        .unwrap();
        let p = load_str("bent-four-in-the-corner.sgf", &text)
            .remove(0)
            .expect("loads");
        let opts = Options {
            memory: 64 << 20,
            ..Options::default()
        };
        let a = analyze(&p, Color::Black, &opts);
        let c = comment(&p, &a);
        assert!(
            c.starts_with(
                "Black to kill: ko (Black needs 0 external ko threats, White 1 to turn it). \
                 Ko setting: Black is ko master. First moves: T1 (0/1) T2 (1/1)."
            ),
            "{c}"
        );
        assert!(c.contains("The independent checker accepted it."), "{c}");
        assert_eq!(
            name(&p, Color::Black),
            "bent-four-in-the-corner-B.proof.sgf"
        );
        assert_eq!(
            Names::default().refutation_name(&p, Color::White, Move::Pass),
            "bent-four-in-the-corner-W-refutes-pass.proof.sgf"
        );
    }

    /// Names take as many folders as tell a file from the others of its
    /// name, and no more.
    #[test]
    fn names_take_the_folders_that_tell_files_apart() {
        let files = [
            "sim/4/basic.sgf",
            "sim/6/basic.sgf",
            "x/sim/7/basic.sgf",
            "y/sim/7/basic.sgf",
            "gop/1.sgf",
            "1.sgf",
            "/abs/other.sgf",
            "z/4-basic.sgf",
        ];
        let names = Names::of(files.iter().map(Path::new));
        let stems: Vec<&str> = files
            .iter()
            .map(|f| names.stems[Path::new(f)].as_str())
            .collect();
        assert_eq!(
            stems,
            [
                "sim-4-basic",
                "6-basic",
                "x-sim-7-basic",
                "y-sim-7-basic",
                "gop-1",
                "1",
                "other",
                "z-4-basic"
            ]
        );
    }

    /// A file that cannot be written is named with the files written
    /// before it: the proof first, then a refutation of the file's wrong
    /// answer whose place a folder takes.
    #[test]
    fn a_write_that_fails_names_the_files_written_before_it() {
        let text = "(;FF[4]GM[1]SZ[9]PL[B]AB[ea][eb][ac][bc][cc][dc][ec]\
                    AW[da][ab][bb][cb][db]MA[bb](;B[ba])(;B[aa]))";
        let p = load_str("three.sgf", text).remove(0).expect("loads");
        let a = analyze(&p, Color::Black, &Options::default());
        assert_eq!(a.refutations.len(), 1, "B[aa] misses the kill");
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("three-B-refutes-aa.proof.sgf")).unwrap();
        let e = write(dir.path(), &Names::default(), &p, &a)
            .expect_err("the refutation's place is taken");
        assert_eq!(e.written, [dir.path().join("three-B.proof.sgf")]);
        assert_eq!(
            e.to_string(),
            format!(
                "wrote three-B.proof.sgf; cannot write {}",
                dir.path().join("three-B-refutes-aa.proof.sgf").display()
            )
        );
    }
}
