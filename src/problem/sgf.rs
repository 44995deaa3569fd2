//! SGF to `Problem`. The only module that imports `sgf_parse`.
//!
//! Conventions (those of the tsumego.js suite): `MA` marks a stone of the
//! target block (`TR` or `SQ` on a stone when there is no `MA`); `PL` is
//! the side to move; `SQ` on empty points are filled with the attacker's
//! colour to close the wall; the children of the root are the file's
//! answers. `SX[B=unconditional][W=fails]` records the expected status
//! per side to move (our bundled problems).

use std::collections::HashSet;
use std::path::Path;

use sgf_parse::go::{self, Prop};
use sgf_parse::{ParseOptions, SgfNode};

use super::{AnswerNode, LoadError, Loaded, Options, Problem, frame, guess, infer_region};
use crate::board::{Board, Color, MAX_SIDE, Move, Point};

/// Loads every game tree of one file. A file that cannot be read at all
/// gives one error without an index.
pub fn load_file(path: &Path) -> Vec<Loaded> {
    load_file_with(path, Options::default())
}

/// `load_file`, with the loader's options.
pub fn load_file_with(path: &Path, options: Options) -> Vec<Loaded> {
    // `-` is standard input, as for most command-line tools, named
    // "stdin" in reports and proof file names.
    let (name, read) = if path == Path::new("-") {
        let mut bytes = Vec::new();
        let read = std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes);
        (Path::new("stdin"), read.map(|_| bytes))
    } else {
        (path, std::fs::read(path))
    };
    match read {
        Ok(bytes) => load_bytes_with(name, &bytes, options),
        Err(e) => vec![Err(LoadError {
            file: name.to_path_buf(),
            index: None,
            cause: format!("cannot read: {e}"),
        })],
    }
}

/// Loads the problems of an SGF text (for tests and tools), labelled with `name`.
pub fn load_str(name: &str, text: &str) -> Vec<Loaded> {
    load_bytes(Path::new(name), text.as_bytes())
}

/// Loads an SGF text held in memory, named `path` in its problems and errors.
pub fn load_bytes(path: &Path, bytes: &[u8]) -> Vec<Loaded> {
    load_bytes_with(path, bytes, Options::default())
}

/// `load_bytes`, with the loader's options.
pub fn load_bytes_with(path: &Path, bytes: &[u8], options: Options) -> Vec<Loaded> {
    let Parsed {
        nodes,
        damage,
        trees,
    } = match parse_text(bytes) {
        Ok(parsed) => parsed,
        Err(cause) => {
            return vec![Err(LoadError {
                file: path.to_path_buf(),
                index: None,
                cause,
            })];
        }
    };
    let error = |index, cause| LoadError {
        file: path.to_path_buf(),
        index,
        cause,
    };
    let read = nodes.len();
    let mut loaded: Vec<Loaded> = nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            problem_from_node(node, options)
                .map(|mut p| {
                    p.file = path.to_path_buf();
                    p.index = i;
                    if trees.damaged == Some(i) {
                        p.damage = damage.clone();
                    }
                    p
                })
                .map_err(|cause| {
                    // The parse error explains a tree's failure only when
                    // it is in that tree: another tree's own fault (no
                    // target, say) is not the damage further on.
                    let cause = match &damage {
                        Some(d) if trees.damaged == Some(i) => {
                            format!("not valid SGF ({d}), and what could be read fails: {cause}")
                        }
                        _ => cause,
                    };
                    error(Some(i), cause)
                })
        })
        .collect();
    // Game trees the damage left unread are the file's error: no
    // problem of it is to blame.
    if let Some(d) = &damage
        && trees.count > read
    {
        loaded.push(Err(error(
            None,
            format!(
                "not valid SGF ({d}): {read} of its {} game trees could be read",
                trees.count
            ),
        )));
    }
    loaded
}

/// The game trees of a text, and where its parse error is.
struct Parsed {
    nodes: Vec<SgfNode<Prop>>,
    /// The strict parser's error, when only a lenient parse worked.
    damage: Option<String>,
    trees: Trees,
}

/// The top-level game trees of an SGF text, told apart by parentheses
/// outside property values.
#[derive(Debug, Default, PartialEq, Eq)]
struct Trees {
    count: usize,
    /// The first tree the strict parser rejects on its own; None when
    /// each is valid alone (the damage is between them).
    damaged: Option<usize>,
}

impl Trees {
    fn of(text: &str) -> Trees {
        let mut trees = Trees::default();
        let mut depth = 0usize;
        let mut start = 0;
        let close = |from: usize, to: usize, trees: &mut Trees| {
            if trees.damaged.is_none() && go::parse(&text[from..to]).is_err() {
                trees.damaged = Some(trees.count);
            }
            trees.count += 1;
        };
        for (i, c) in outside_values(text) {
            match c {
                '(' => {
                    if depth == 0 {
                        start = i;
                    }
                    depth += 1;
                }
                ')' if depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        close(start, i + 1, &mut trees);
                    }
                }
                _ => {}
            }
        }
        // A tree still open at the end is damaged.
        if depth > 0 {
            close(start, text.len(), &mut trees);
        }
        trees
    }
}

/// The characters of an SGF text that are not inside a property value
/// (`[...]`, with `\]` escaped), with their byte offsets: the text's
/// structure of parentheses, nodes and property names.
fn outside_values(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let (mut in_value, mut escaped) = (false, false);
    text.char_indices().filter(move |&(_, c)| {
        let outside = !in_value && c != '[';
        match c {
            _ if escaped => escaped = false,
            '\\' if in_value => escaped = true,
            ']' if in_value => in_value = false,
            _ if in_value => {}
            '[' => in_value = true,
            _ => {}
        }
        outside
    })
}

/// The deepest a file's game trees nest that the loader reads: a line of
/// moves, or variations inside variations.
const MAX_DEPTH: usize = 10_000;

/// How deep an SGF text nests: the most nodes on one line from a game
/// tree's root, or the most parentheses open at once, whichever is more.
fn deepest(text: &str) -> usize {
    // Nodes on the line so far, at each open parenthesis.
    let mut open: Vec<usize> = Vec::new();
    let (mut nodes, mut most) = (0usize, 0usize);
    for (_, c) in outside_values(text) {
        match c {
            '(' => open.push(nodes),
            ')' => nodes = open.pop().unwrap_or(0),
            ';' => nodes += 1,
            _ => {}
        }
        most = most.max(nodes).max(open.len());
    }
    most
}

/// A file that is not UTF-8, in the character set its `CA[]` names
/// (Shift_JIS, GB2312, EUC-KR, Big5: collections from Japan, China and
/// Korea), else in Latin-1, SGF's default. Decoded before it is parsed:
/// the second byte of a Shift_JIS character can be `]` or `\`, which
/// would end or escape a property value.
fn decode_legacy(bytes: &[u8]) -> String {
    let encoding = charset_label(bytes)
        .and_then(|label| encoding_rs::Encoding::for_label(label.trim().as_bytes()))
        .unwrap_or(encoding_rs::WINDOWS_1252);
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// The value of the first `CA[...]` property (SGF's charset), read from
/// the raw bytes: a property name and a charset's name are ASCII.
fn charset_label(bytes: &[u8]) -> Option<&str> {
    let at = (0..bytes.len()).find(|&i| {
        bytes[i..].starts_with(b"CA[") && (i == 0 || !bytes[i - 1].is_ascii_uppercase())
    })?;
    let value = &bytes[at + 3..];
    let end = value.iter().position(|&b| b == b']')?;
    std::str::from_utf8(&value[..end]).ok()
}

/// The game trees, and the parse error when only a lenient parse worked.
fn parse_text(bytes: &[u8]) -> Result<Parsed, String> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err("empty file".to_string());
    }
    if bytes.contains(&0) {
        return Err("binary data, not an SGF text file".to_string());
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t.to_string(),
        Err(_) => decode_legacy(bytes),
    };
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if !trimmed.starts_with('(') {
        return Err("not SGF: the text does not start with '('".to_string());
    }
    let deep = deepest(trimmed);
    if deep > MAX_DEPTH {
        // The parser and the nodes it builds nest as deep as the lines:
        // past some depth they overflow the stack, and no answer tree of a
        // problem comes near it.
        return Err(format!(
            "its game tree nests {deep} nodes or variations deep; at most {MAX_DEPTH} are read"
        ));
    }
    match go::parse(trimmed) {
        Ok(nodes) if !nodes.is_empty() => Ok(Parsed {
            nodes,
            damage: None,
            trees: Trees::default(),
        }),
        Ok(_) => Err("not SGF: no game tree".to_string()),
        Err(sgf_parse::SgfParseError::UnexpectedGameType) => {
            Err("not a Go game record: its GM[] names another game".to_string())
        }
        Err(strict) => {
            // Lenient parsing keeps what precedes a damaged node (a solution
            // tree with a broken move still leaves a usable position).
            let lenient = sgf_parse::parse_with_options(
                trimmed,
                &ParseOptions {
                    lenient: true,
                    ..ParseOptions::default()
                },
            )
            .map_err(|_| format!("not valid SGF: {strict}"))?;
            let nodes: Vec<_> = lenient
                .into_iter()
                .filter_map(|g| g.into_go_node().ok())
                .filter(|n| n.properties().next().is_some())
                .collect();
            if nodes.is_empty() {
                Err(format!("not valid SGF: {strict}"))
            } else {
                Ok(Parsed {
                    nodes,
                    damage: Some(strict.to_string()),
                    trees: Trees::of(trimmed),
                })
            }
        }
    }
}

fn color_of(c: &sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn point_on(board: &Board, p: &go::Point, prop: &str) -> Result<Point, String> {
    let (x, y) = (p.x as usize, p.y as usize);
    if board.contains(x, y) {
        Ok(Point::new(x, y))
    } else {
        Err(format!(
            "{prop}[{}{}] is off the {}x{} board",
            (b'a' + p.x) as char,
            (b'a' + p.y) as char,
            board.width(),
            board.height()
        ))
    }
}

fn sorted(points: &HashSet<go::Point>) -> Vec<go::Point> {
    let mut v: Vec<_> = points.iter().copied().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

/// The nodes that set up the position: the root, and each only child
/// after it that plays no move (some editors write the board size in
/// the root and the stones in a node of their own). The last one's
/// children are the answers.
fn setup_nodes(root: &SgfNode<Prop>) -> Vec<&SgfNode<Prop>> {
    let mut nodes = vec![root];
    let mut last = root;
    while let [only] = last.children().collect::<Vec<_>>().as_slice() {
        let plays = only.properties().any(|p| {
            matches!(p, Prop::B(_) | Prop::W(_))
                || matches!(p, Prop::Invalid(id, _) if id == "B" || id == "W")
        });
        if plays {
            break;
        }
        nodes.push(only);
        last = only;
    }
    nodes
}

fn problem_from_node(root: &SgfNode<Prop>, options: Options) -> Result<Problem, String> {
    let nodes = setup_nodes(root);
    let Setup {
        mut board,
        marks,
        tr,
        sq,
        to_move,
        name,
        comment,
        expected,
    } = read_setup(&nodes)?;
    let (targets, target_guessed) = match find_targets(&board, &marks, &tr, &sq) {
        Err(NoTarget) if options.guess_target => {
            all_blocks_have_liberties(&board)?;
            // A frame is no help here: framed in either colour, an open
            // position's stones of the other are closed in alike.
            let holes = sq_holes(&board, &sq)?;
            (vec![guess::guess_target_with_holes(&board, &holes)?], true)
        }
        found => (found.map_err(String::from)?, false),
    };
    let defender = board.color_at(targets[0]).expect("a target is a stone");

    // SQ on empty points closes the wall with attacker stones.
    for q in sq_holes(&board, &sq)? {
        board.put(defender.opp(), q);
    }

    all_blocks_have_liberties(&board)?;

    let target_stones = targets
        .iter()
        .fold(crate::board::Bits::EMPTY, |acc, &t| acc | board.block(t));
    let (board, region, framed) = match infer_region(&board, target_stones, defender) {
        Ok(region) => (board, region, false),
        Err(open) if options.frame => {
            // The frame's stones are the attacker's, two lines from any
            // stone: they neither capture nor take a liberty.
            let Some(framed) = frame::framed(&board, defender.opp()) else {
                return Err(open);
            };
            let region = infer_region(&framed, target_stones, defender)
                .map_err(|_| format!("{open}, and a frame around the stones does not close it"))?;
            (framed, region, true)
        }
        Err(open) => return Err(open),
    };
    let last = nodes[nodes.len() - 1];
    let answers = read_answers(last, &board)?;
    let mut budget = LINE_NODES;
    let lines = read_lines(last, &board, LINE_MOVES, &mut budget);

    Ok(Problem {
        file: Default::default(),
        index: 0,
        name,
        comment,
        board,
        to_move,
        targets,
        defender,
        region,
        answers,
        lines,
        expected,
        damage: None,
        target_guessed,
        framed,
    })
}

/// The empty points `SQ` marks: holes in the wall, for the attacker's
/// stones to fill.
fn sq_holes(board: &Board, sq: &[go::Point]) -> Result<Vec<Point>, String> {
    let mut holes = Vec::new();
    for p in sq {
        let q = point_on(board, p, "SQ")?;
        if board.color_at(q).is_none() {
            holes.push(q);
        }
    }
    Ok(holes)
}

fn all_blocks_have_liberties(board: &Board) -> Result<(), String> {
    match board.dead_blocks().first() {
        Some(q) => Err(format!(
            "illegal setup: stones without liberties at {}",
            Point(q as u16).sgf()
        )),
        None => Ok(()),
    }
}

/// What the root node's properties say, before the target is found.
struct Setup {
    /// The stones of `AB`, `AW` and `AE`.
    board: Board,
    /// `MA`, `TR` and `SQ` points, each sorted in board order.
    marks: Vec<go::Point>,
    tr: Vec<go::Point>,
    sq: Vec<go::Point>,
    to_move: Option<Color>,
    name: Option<String>,
    comment: Option<String>,
    /// `SX`: the expected status per side to move.
    expected: Vec<(Color, String)>,
}

/// The board size and the root's properties, in the file's order.
fn read_setup(nodes: &[&SgfNode<Prop>]) -> Result<Setup, String> {
    let root = nodes[0];
    let (w, h) = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) => (*w as usize, *h as usize),
        Some(Prop::Invalid(_, values)) => board_size(values)?,
        Some(_) => return Err("SZ is not a valid board size".to_string()),
        None => (19, 19),
    };
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!("board size {w}x{h} is larger than 19x19"));
    }
    if w < 2 || h < 2 {
        return Err(format!("board size {w}x{h} is too small"));
    }
    let mut setup = Setup {
        board: Board::new(w, h),
        marks: Vec::new(),
        tr: Vec::new(),
        sq: Vec::new(),
        to_move: None,
        name: None,
        comment: None,
        expected: Vec::new(),
    };
    for node in nodes {
        read_node(node, &mut setup)?;
    }
    Ok(setup)
}

/// One setup node's properties, in the file's order, onto what the nodes
/// before it set up.
fn read_node(node: &SgfNode<Prop>, setup: &mut Setup) -> Result<(), String> {
    let board = &mut setup.board;
    let mut placed: crate::board::Bits = crate::board::Bits::EMPTY;
    for prop in node.properties() {
        match prop {
            Prop::AB(ps) | Prop::AW(ps) => {
                let (c, id) = match prop {
                    Prop::AB(_) => (Color::Black, "AB"),
                    _ => (Color::White, "AW"),
                };
                for p in sorted(ps) {
                    let q = point_on(board, &p, id)?;
                    if board.color_at(q) == Some(c.opp()) {
                        // One colour would silently win over the other: the
                        // node does not say which position it means. A later
                        // node changes what an earlier one set up.
                        if placed.get(q.index()) {
                            return Err(format!(
                                "{} is set up as both a black and a white stone (AB and AW)",
                                q.sgf()
                            ));
                        }
                        board.remove(c.opp(), q);
                    }
                    board.put(c, q);
                    placed.set(q.index());
                }
            }
            Prop::AE(ps) => {
                for p in sorted(ps) {
                    let q = point_on(board, &p, "AE")?;
                    if let Some(c) = board.color_at(q) {
                        board.remove(c, q);
                    }
                }
            }
            Prop::MA(ps) => setup.marks.extend(sorted(ps)),
            Prop::TR(ps) => setup.tr.extend(sorted(ps)),
            Prop::SQ(ps) => setup.sq.extend(sorted(ps)),
            Prop::PL(c) => setup.to_move = Some(color_of(c)),
            Prop::GN(t) if setup.name.is_none() => setup.name = Some(t.text.clone()),
            Prop::C(t) if setup.comment.is_none() => setup.comment = Some(t.text.clone()),
            Prop::Unknown(id, values) if id == "SX" => {
                for v in values {
                    let (side, status) = v
                        .split_once('=')
                        .ok_or_else(|| format!("SX[{v}] is not of the form B=status"))?;
                    let side = match side.trim() {
                        "B" => Color::Black,
                        "W" => Color::White,
                        other => return Err(format!("SX[{v}]: unknown side {other:?}")),
                    };
                    let status = status.trim();
                    if !is_status(status) {
                        return Err(format!(
                            "SX[{v}]: {status:?} is not a status \
                             (unconditional, ko or fails, then eyes or seki if you like)"
                        ));
                    }
                    setup.expected.push((side, status.to_string()));
                }
            }
            Prop::Invalid(id, values) if POINT_LISTS.contains(&id.as_str()) => {
                // The parser drops a whole list for one bad value: going on
                // would solve another position than the file's.
                let bad = values
                    .iter()
                    .find(|v| !is_point_value(v))
                    .or(values.first())
                    .map_or("", |v| v.as_str());
                return Err(format!("{id}[{bad}] is not a point"));
            }
            Prop::Invalid(id, values) if id == "PL" => {
                // PL[] (empty) means no side to move; a damaged PL[W][eh]
                // still names the side in its first value.
                match values.first().map(|v| v.trim()) {
                    Some("B") => setup.to_move = Some(Color::Black),
                    Some("W") => setup.to_move = Some(Color::White),
                    Some("") | None => {}
                    Some(v) => return Err(format!("PL[{v}] is not B or W")),
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether an `SX` value's status reads as one the analysis proves: a
/// status, and the life after it if the file says how the target lives.
fn is_status(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let status = matches!(words.next(), Some("unconditional" | "ko" | "fails"));
    let life = matches!(words.next(), None | Some("eyes" | "seki"));
    status && life && words.next().is_none()
}

/// The root properties whose values are points: one bad value loses the
/// whole list.
const POINT_LISTS: [&str; 6] = ["AB", "AW", "AE", "MA", "TR", "SQ"];

/// Whether an SGF value reads as a point or a compressed rectangle of
/// points (`ab` or `ab:cd`).
fn is_point_value(v: &str) -> bool {
    let point = |p: &str| p.len() == 2 && p.bytes().all(|b| b.is_ascii_alphabetic());
    match v.split_once(':') {
        Some((a, b)) => point(a) && point(b),
        None => point(v),
    }
}

/// `SZ[n]` or `SZ[w:h]` that the parser refused, read again with the
/// blanks around the numbers allowed.
fn board_size(values: &[String]) -> Result<(usize, usize), String> {
    let value = values.first().map_or("", |v| v.as_str());
    let number = |s: &str| s.trim().parse::<usize>().ok();
    let size = match value.split_once(':') {
        Some((w, h)) => number(w).zip(number(h)),
        None => number(value).map(|n| (n, n)),
    };
    size.ok_or_else(|| format!("SZ[{value}] is not a board size"))
}

/// Why the marks name no target.
enum TargetError {
    /// No mark on a stone at all.
    NoTarget,
    /// Marks that cannot be a target.
    Bad(String),
}
use TargetError::{Bad, NoTarget};

impl From<String> for TargetError {
    fn from(cause: String) -> TargetError {
        Bad(cause)
    }
}

impl From<TargetError> for String {
    fn from(e: TargetError) -> String {
        match e {
            NoTarget => "no target: mark a stone of the target block with MA".to_string(),
            Bad(cause) => cause,
        }
    }
}

/// One point of each marked target block, in board order: the `MA`
/// points, else the `TR` or `SQ` points that hold stones. All of one
/// colour (the defender's).
fn find_targets(
    board: &Board,
    marks: &[go::Point],
    tr: &[go::Point],
    sq: &[go::Point],
) -> Result<Vec<Point>, TargetError> {
    let mut target_points = Vec::new();
    for p in marks {
        let q = point_on(board, p, "MA")?;
        if board.color_at(q).is_none() {
            return Err(Bad(format!(
                "MA[{}] marks an empty point, not a stone",
                q.sgf()
            )));
        }
        target_points.push(q);
    }
    if target_points.is_empty() {
        for p in tr.iter().chain(sq.iter()) {
            let q = point_on(board, p, "TR/SQ")?;
            if board.color_at(q).is_some() {
                target_points.push(q);
            }
        }
    }
    let Some(&first) = target_points.first() else {
        return Err(NoTarget);
    };
    let defender = board.color_at(first);
    if target_points.iter().any(|&q| board.color_at(q) != defender) {
        return Err(Bad(
            "the marked target stones are of both colours".to_string()
        ));
    }
    let mut targets: Vec<Point> = Vec::new();
    for &q in &target_points {
        if !targets.iter().any(|&t| board.block(t).get(q.index())) {
            targets.push(q);
        }
    }
    // Each target block has its own "captured" key in the table.
    let most = crate::board::zobrist::CAPTURED.len();
    if targets.len() > most {
        return Err(Bad(format!(
            "{} target blocks; at most {most} are supported",
            targets.len()
        )));
    }
    Ok(targets)
}

/// The file's answers: the moves of the root's children, in order, but
/// those marked bad moves.
fn read_answers(root: &SgfNode<Prop>, board: &Board) -> Result<Vec<(Color, Move)>, String> {
    let mut answers = Vec::new();
    // Where some lines end in a comment that calls them right, the first
    // moves of the other lines are the wrong tries the file shows.
    let marked_right = root.children().any(line_says_right);
    for child in root.children() {
        // A first move marked bad (`BM`) is a wrong answer the file shows
        // (shikatsu's own proofs of a loss mark theirs so).
        if child.get_property("BM").is_some() || (marked_right && !line_says_right(child)) {
            continue;
        }
        match child.get_move() {
            Some(Prop::B(m)) => answers.push((Color::Black, convert_move(board, m, "B")?)),
            Some(Prop::W(m)) => answers.push((Color::White, convert_move(board, m, "W")?)),
            _ => {
                // A move the parser could not read is an answer lost.
                for prop in child.properties() {
                    if let Prop::Invalid(id, values) = prop
                        && (id == "B" || id == "W")
                    {
                        let v = values.first().map_or("", |v| v.as_str());
                        return Err(format!("{id}[{v}] in the answer tree is not a move"));
                    }
                }
            }
        }
    }
    answers.dedup();
    Ok(answers)
}

/// The most moves of a file's line kept for the analysis to read, and
/// the most nodes of its whole tree: the lines of a study's collection
/// can be long and many, and their deep ends say little of the problem.
pub const LINE_MOVES: usize = 40;
const LINE_NODES: usize = 4_000;

/// The file's lines below `node`, `depth` moves deep at most, in all
/// `budget` nodes at most. A node that plays no move, or one the loader
/// cannot place on the board, ends its line there (the root's own
/// answers are read strictly by `read_answers`).
fn read_lines(
    node: &SgfNode<Prop>,
    board: &Board,
    depth: usize,
    budget: &mut usize,
) -> Vec<AnswerNode> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for child in node.children() {
        if *budget == 0 {
            break;
        }
        let (color, mv) = match child.get_move() {
            Some(Prop::B(m)) => (Color::Black, move_on(board, m, "B")),
            Some(Prop::W(m)) => (Color::White, move_on(board, m, "W")),
            _ => continue,
        };
        let Ok(mv) = mv else { continue };
        *budget -= 1;
        let children = read_lines(child, board, depth - 1, budget);
        out.push(AnswerNode {
            color,
            mv,
            children,
        });
    }
    out
}

/// Whether a comment calls its line right, as published collections mark
/// their solutions: goproblems.com's `RIGHT` anywhere in it, or a comment
/// that starts with "Correct".
fn says_right(node: &SgfNode<Prop>) -> bool {
    node.properties().any(|p| match p {
        Prop::C(t) => {
            let text = t.text.trim_start();
            text.contains("RIGHT")
                || text
                    .get(..7)
                    .is_some_and(|w| w.eq_ignore_ascii_case("correct"))
        }
        _ => false,
    })
}

/// Whether a node of the lines from `first` (a first move: the root's
/// own comment describes the problem) says its line is right. Walked
/// without recursion: a line may be thousands of nodes long.
fn line_says_right(first: &SgfNode<Prop>) -> bool {
    let mut open = vec![first];
    while let Some(n) = open.pop() {
        if says_right(n) {
            return true;
        }
        open.extend(n.children());
    }
    false
}

fn convert_move(board: &Board, m: &go::Move, prop: &str) -> Result<Move, String> {
    let mv = move_on(board, m, prop)?;
    // An answer no one can play would be reported as one that fails:
    // the file is wrong, not the answer.
    if let Move::Play(q) = mv
        && board.color_at(q).is_some()
    {
        return Err(format!(
            "{prop}[{}] in the answer tree is played on a stone",
            q.sgf()
        ));
    }
    Ok(mv)
}

/// A move's point on the board, or a pass (`[tt]` is one on boards up
/// to 19x19).
fn move_on(board: &Board, m: &go::Move, prop: &str) -> Result<Move, String> {
    match m {
        go::Move::Pass => Ok(Move::Pass),
        go::Move::Move(p) if p.x == 19 && p.y == 19 => Ok(Move::Pass),
        go::Move::Move(p) => Ok(Move::Play(point_on(board, p, prop)?)),
    }
}
