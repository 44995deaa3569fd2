//! The tsumego problem model: a position, its target, the region where
//! moves are played, and the answer the file itself gives.
//!
//! `sgf.rs` is the only importer of `sgf_parse`. This module knows the
//! board but nothing of the solver.

pub mod bundled;
pub mod frame;
pub mod guess;
mod ko;
mod orient;
mod region;
pub mod sgf;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::board::{Bits, Board, Color, Move, Point};
pub use ko::{Ko, MAX_THREATS};
pub use orient::Orientation;
pub use region::{Region, infer_region};

/// A tsumego position ready to solve.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The file the problem came from.
    pub file: PathBuf,
    /// Number of the game tree in the file, from 0.
    pub index: usize,
    /// `GN` of the root node, if any.
    pub name: Option<String>,
    /// `C` of the root node, if any.
    pub comment: Option<String>,
    /// Stones after setup, `SQ` walls filled in.
    pub board: Board,
    /// `PL`: the side to move, if the file says.
    pub to_move: Option<Color>,
    /// One point of each marked block.
    pub targets: Vec<Point>,
    /// The colour of the target blocks (the defender).
    pub defender: Color,
    /// Where moves may be played, and the uncapturable wall.
    pub region: Region,
    /// The file's solution tree: the moves at the root.
    pub answers: Vec<(Color, Move)>,
    /// The file's lines below the root, wrong tries included, each as
    /// far as `sgf::LINE_MOVES` moves (the analysis reads them move by
    /// move: `analysis::lines`).
    pub lines: Vec<AnswerNode>,
    /// Expected statuses written in the file (`SX[B=unconditional]`).
    pub expected: Vec<(Color, String)>,
    /// The parse error of a damaged file, when it was in this problem's
    /// game tree: the problem is what could be read before it.
    pub damage: Option<String>,
    /// The file marks no target and the loader guessed it (`Options`).
    pub target_guessed: bool,
    /// The wall was open and the loader framed the position (`Options`):
    /// the board holds the frame's stones.
    pub framed: bool,
}

/// A move of the file's tree, and the file's lines after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerNode {
    pub color: Color,
    pub mv: Move,
    pub children: Vec<AnswerNode>,
}

impl AnswerNode {
    /// The same lines with every move mapped by `f`.
    pub fn mapped(&self, f: &impl Fn(Move) -> Move) -> AnswerNode {
        AnswerNode {
            color: self.color,
            mv: f(self.mv),
            children: self.children.iter().map(|c| c.mapped(f)).collect(),
        }
    }
}

impl Problem {
    pub fn attacker(&self) -> Color {
        self.defender.opp()
    }

    /// The region's area, its safe wall and the targets on a search's
    /// `W`-word bitboards (the search and the checker each keep them so).
    pub fn narrowed<const W: usize>(&self) -> (Bits<W>, Bits<W>, Vec<Point>) {
        (
            self.region
                .area
                .resized()
                .expect("the region lies on the board"),
            self.region
                .safe_wall
                .resized()
                .expect("the wall lies on the board"),
            self.targets.iter().map(|&t| t.narrowed::<W>()).collect(),
        )
    }

    /// The sides to solve for: `PL`, or both when the file has none.
    pub fn sides(&self) -> Vec<Color> {
        match self.to_move {
            Some(c) => vec![c],
            None => vec![Color::Black, Color::White],
        }
    }

    /// "kill" when `side` attacks, "live" when it defends.
    pub fn goal(&self, side: Color) -> &'static str {
        if side == self.defender {
            "live"
        } else {
            "kill"
        }
    }

    /// The file's accepted first moves for `side`.
    pub fn accepted(&self, side: Color) -> Vec<Move> {
        self.answers
            .iter()
            .filter(|(c, _)| *c == side)
            .map(|&(_, m)| m)
            .collect()
    }

    /// The blocks of all targets on the initial board.
    pub fn target_stones(&self) -> Bits {
        self.targets
            .iter()
            .fold(Bits::EMPTY, |acc, &p| acc | self.board.block(p))
    }

    /// A short label: "file.sgf" or "file.sgf#2" for a later tree of a collection.
    pub fn label(&self) -> String {
        label(&self.file, Some(self.index))
    }
}

/// "file.sgf", or "file.sgf#2" for a later game tree of a collection.
pub fn label(file: &Path, index: Option<usize>) -> String {
    match index {
        Some(i) if i > 0 => format!("{}#{}", file.display(), i),
        _ => file.display().to_string(),
    }
}

/// Why a file or one of its problems cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: PathBuf,
    /// The game tree, when the file itself could be read.
    pub index: Option<usize>,
    pub cause: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.display().to_string();
        let file = one_line(&file);
        let cause = one_line(&self.cause);
        match self.index {
            Some(i) => write!(f, "{file}: problem {i}: {cause}"),
            None => write!(f, "{file}: {cause}"),
        }
    }
}

/// `text` with its control characters escaped (a line break as `\n`): a
/// cause quotes what the file holds, which may span lines, and an error
/// is one line.
fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

impl std::error::Error for LoadError {}

/// One entry of a load: a problem, or the reason a problem (or a whole
/// file) could not be loaded.
pub type Loaded = Result<Problem, LoadError>;

/// Loads files, folders (recursively, `*.sgf`, in name order) and
/// collections. Errors are returned in place so a batch goes on.
///
/// Each file is loaded once, under the first name it is met by: a file
/// named again (`solve dir dir/a.sgf`, or two links to one file) would
/// otherwise be solved twice and counted twice in the summary.
pub fn load_paths<P: AsRef<Path>>(paths: &[P]) -> Vec<Loaded> {
    load_paths_with(paths, Options::default())
}

/// How the loader reads a position that leaves something out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A problem with no `MA` (nor `TR`/`SQ` on a stone) takes the one
    /// group its position can be about as its target (`guess`), instead
    /// of being an error.
    pub guess_target: bool,
    /// A problem whose target no wall closes in gets a frame of attacker
    /// stones around its stones (`frame`), instead of being an error. A
    /// guess is never framed: it needs a closed wall.
    pub frame: bool,
}

/// `load_paths`, with the loader's options.
pub fn load_paths_with<P: AsRef<Path>>(paths: &[P], options: Options) -> Vec<Loaded> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        for file in sgf_files(p.as_ref()) {
            match file {
                Ok(f) => {
                    let real = std::fs::canonicalize(&f).unwrap_or_else(|_| f.clone());
                    if seen.insert(real) {
                        out.extend(sgf::load_file_with(&f, options));
                    }
                }
                Err(e) => out.push(Err(e)),
            }
        }
    }
    out
}

/// A proof that `--proof-sgf` wrote (`….proof.sgf`): written into the
/// folder being solved, it would be solved again on the next run, and its
/// own proof written beside it. Named on the command line, it loads.
fn is_proof_file(path: &Path) -> bool {
    path.file_stem()
        .and_then(|s| Path::new(s).extension())
        .is_some_and(|e| e == "proof")
}

/// The `.sgf` files under a path (the path itself when it is a file),
/// proof files left out of folders.
pub fn sgf_files(path: &Path) -> Vec<Result<PathBuf, LoadError>> {
    let err = |cause: String| LoadError {
        file: path.to_path_buf(),
        index: None,
        cause,
    };
    if path == Path::new("-") {
        return vec![Ok(path.to_path_buf())];
    }
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) => return vec![Err(err(format!("cannot read: {e}")))],
    };
    if !meta.is_dir() {
        return vec![Ok(path.to_path_buf())];
    }
    let mut files = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    // Folders by their real path: a link back up the tree (`loop -> .`)
    // would otherwise list the same files again under ever longer names.
    let mut seen = std::collections::HashSet::new();
    while let Some(dir) = stack.pop() {
        if !seen.insert(std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone())) {
            continue;
        }
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) => {
                files.push(Err(LoadError {
                    file: dir.clone(),
                    index: None,
                    cause: format!("cannot read folder: {e}"),
                }));
                continue;
            }
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
                && !is_proof_file(&p)
            {
                files.push(Ok(p));
            }
        }
    }
    // A folder with nothing to solve is most likely the wrong folder: say
    // so, rather than report an empty batch as a success.
    if files.is_empty() {
        return vec![Err(err("no .sgf files in this folder or below it".into()))];
    }
    files.sort_by(|a, b| match (a, b) {
        (Ok(a), Ok(b)) => a.cmp(b),
        (Err(a), Err(b)) => a.file.cmp(&b.file),
        (Ok(a), Err(b)) => a.cmp(&b.file),
        (Err(a), Ok(b)) => a.file.cmp(b),
    });
    files
}
