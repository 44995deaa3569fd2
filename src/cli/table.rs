//! The solve command's table: one row per problem and side, its columns
//! fitted to a terminal's width or kept whole for a file or a pipe.

use std::io::Write;

use anyhow::Result;
use shikatsu::problem::{self, Loaded};
use shikatsu::report::Record;

use super::terminal_width;

/// Columns of the longest name a row of `loaded` shows.
pub(super) fn longest_label(loaded: &[Loaded]) -> usize {
    (loaded.iter())
        .map(|l| match l {
            Ok(p) => p.label(),
            Err(e) => problem::label(&e.file, e.index),
        })
        .map(|name| crate::text::columns(&name))
        .max()
        .unwrap_or(0)
}

/// Width of the table's name column unless a longer name widens it.
const NAME_COLUMNS: usize = 36;

/// The narrowest name column a terminal gets.
const NAME_MIN: usize = 16;

/// The narrowest name column that keeps the positions and ms columns:
/// they are dropped before a name is cut shorter than that.
const NAME_MIN_WITH_EFFORT: usize = 24;

/// Columns the first moves get at least: their header, "first moves".
const MOVES_MIN: usize = 11;

/// Width of the target column: a point or two ("A8+H2").
const TARGET_COLUMNS: usize = 6;

/// The columns from the name's end to the first moves': pl, goal,
/// target, status, threats and file, each after a space; then positions
/// and ms; then the two spaces before the first moves.
const GO_COLUMNS: usize = (1 + 2) + (1 + 4) + (1 + TARGET_COLUMNS) + 1 + (1 + 7) + (1 + 7);
/// The status column's width for the full status ("unconditional seki?").
const STATUS_COLUMNS: usize = 19;
const EFFORT_COLUMNS: usize = 21;
const MOVES_GAP: usize = 2;

/// Columns of a row besides the name and the first moves.
fn other_columns(effort: bool, status: usize) -> usize {
    GO_COLUMNS + status + if effort { EFFORT_COLUMNS } else { 0 } + MOVES_GAP
}

/// The status column's width for a run under `setting` (`--ko` or
/// `--threats`, as the status names it: "B master", "threats 1:0"), which
/// each status then carries in brackets.
pub(super) fn status_columns(setting: Option<&str>) -> usize {
    match setting {
        None => STATUS_COLUMNS,
        Some(s) => format!("unknown ({s}) seki?").chars().count(),
    }
}

/// Which columns the table shows and how wide: decided once from where
/// stdout goes, and used alike by the header and every row, so that
/// they line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TableLayout {
    /// The terminal's width: a longer name is cut at its start to fit
    /// its column, a longer list of first moves is cut short with " …"
    /// and an error is wrapped (a row that wraps breaks the table).
    /// `None`, a file or a pipe: nothing is cut, a long name moves the
    /// columns after it (programs read it, people search it by name).
    width: Option<usize>,
    /// Width of the name column.
    name: usize,
    /// The positions and ms columns are shown.
    effort: bool,
    /// Width of the status column.
    status: usize,
}

impl TableLayout {
    /// A file or a pipe: every column, names and moves whole.
    const WHOLE: TableLayout = TableLayout {
        width: None,
        name: NAME_COLUMNS,
        effort: true,
        status: STATUS_COLUMNS,
    };

    /// For stdout: fitted to the terminal's width when it is one, from
    /// `COLUMNS` when that is set to a number (as POSIX has it: a user
    /// can ask for another width), else from the terminal's size; a
    /// file or a pipe gets every column, whatever `COLUMNS` says.
    /// The name column is `NAME_COLUMNS` wide, or as wide as `longest`,
    /// the batch's longest name, where the room allows: so that one long
    /// name does not push its row's columns out of line with the others.
    pub(super) fn for_stdout(terminal: bool, status: usize, longest: usize) -> TableLayout {
        let names = longest.max(NAME_COLUMNS);
        if !terminal {
            return TableLayout {
                status,
                name: names,
                ..TableLayout::WHOLE
            };
        }
        TableLayout::fit_with(terminal_width().unwrap_or(usize::MAX), status, names)
    }

    /// The layout for a terminal `width` columns wide: the name column
    /// shrinks first, down to `NAME_MIN_WITH_EFFORT`; then positions and
    /// ms go, and the name takes what they leave, down to `NAME_MIN`;
    /// the first moves get the rest of the line, `MOVES_MIN` at least.
    /// From 121 columns the table is as wide as in a file.
    #[cfg(test)]
    fn fit(width: usize) -> TableLayout {
        TableLayout::fit_with(width, STATUS_COLUMNS, NAME_COLUMNS)
    }

    /// `fit` with a status column `status` wide and a name column at
    /// most `names` wide.
    fn fit_with(width: usize, status: usize, names: usize) -> TableLayout {
        let name_room = |effort| {
            width
                .saturating_sub(other_columns(effort, status) + MOVES_MIN)
                .min(names)
        };
        let effort = name_room(true) >= NAME_MIN_WITH_EFFORT;
        TableLayout {
            width: Some(width),
            name: name_room(effort).max(NAME_MIN),
            effort,
            status,
        }
    }

    /// Columns left for the first moves; `None`: no limit.
    fn moves(&self) -> Option<usize> {
        let used = self.name + other_columns(self.effort, self.status);
        self.width.map(|w| w.saturating_sub(used))
    }

    /// The name padded (or cut) to its column.
    fn name(&self, text: &str) -> String {
        if self.width.is_some() {
            crate::text::fit_left(text, self.name)
        } else {
            crate::text::pad_right(text, self.name)
        }
    }

    /// One line of the table, header or row: the cells in their columns,
    /// those not shown left out; without trailing spaces.
    fn line(&self, name: &str, go: [&str; 6], effort: [&str; 2], moves: &str) -> String {
        let [pl, goal, target, status, threats, file] = go;
        // Several marked blocks ("A8+H2+J3") would push the columns after
        // them out of line on a terminal.
        let target = match self.width {
            Some(_) => crate::text::cut_end(target, TARGET_COLUMNS),
            None => target.to_string(),
        };
        let mut line = format!(
            "{} {pl:>2} {goal:<4} {target:<w$} {status:<s$} {threats:<7} {file:<7}",
            self.name(name),
            w = TARGET_COLUMNS,
            s = self.status
        );
        if self.effort {
            let [positions, ms] = effort;
            line.push_str(&format!(" {positions:>10} {ms:>9}"));
        }
        line.push_str("  ");
        line.push_str(moves);
        line.trim_end().to_string()
    }
}

pub(super) fn print_table_header(out: &mut impl Write, layout: TableLayout) -> Result<()> {
    // The first moves come last: a long list runs on past the line's end
    // (or is cut short there) without pushing the other columns out of
    // line.
    let moves = match layout.moves() {
        Some(room) => crate::text::cut_end("first moves", room),
        None => "first moves".to_string(),
    };
    let go = ["pl", "goal", "target", "status", "threats", "file"];
    let line = layout.line("problem", go, ["positions", "ms"], &moves);
    writeln!(out, "{line}")?;
    Ok(())
}

/// The file, and the problem's index in it when it is not the first.
pub(super) fn record_label(r: &Record) -> String {
    problem::label(std::path::Path::new(&r.file), Some(r.index))
}

/// The first moves as a row writes them, in at most `room` columns:
/// whole moves, and " …" when the list goes on, cut short by a limit
/// (more moves may work) or by `room` (more do); `open` moves a limit
/// left undecided are counted after it ("… 8 open").
fn moves_text(moves: &[String], complete: bool, open: usize, room: Option<usize>) -> String {
    let mut shown = moves.len();
    loop {
        let mut text = moves[..shown].join(" ");
        if shown < moves.len() || (!complete && !moves.is_empty()) {
            text.push_str(if shown > 0 { " …" } else { "…" });
            if !complete && open > 0 {
                text.push_str(&format!(" {open} open"));
            }
        }
        if shown == 0 || room.is_none_or(|room| crate::text::columns(&text) <= room) {
            return text;
        }
        shown -= 1;
    }
}

/// One row, in `layout`'s columns. An error row is its name and the
/// error, whole: all the row has to say; on a terminal it is wrapped
/// under itself, clear of the name column.
pub(super) fn print_table_row(out: &mut impl Write, r: &Record, layout: TableLayout) -> Result<()> {
    if r.status == "error" {
        let error = format!("error: {}", r.error.as_deref().unwrap_or(""));
        let room = layout
            .width
            .map_or(usize::MAX, |w| w.saturating_sub(layout.name + 1));
        let mut name = layout.name(&record_label(r));
        // Broken at spaces; a longer word has a line of its own.
        for line in crate::text::fill(error.split(' '), room, room) {
            writeln!(out, "{name} {line}")?;
            name = " ".repeat(layout.name);
        }
        return Ok(());
    }
    let moves: Vec<String> = r
        .first_moves
        .iter()
        .map(|m| {
            let name = r.point_for_people(m);
            // A ko start's own grade, when moves differ in it.
            match r.move_grades.iter().find(|g| &g.mv == m) {
                Some(g) => format!("{name}({})", g.grade),
                None => name,
            }
        })
        .collect();
    // The file's answer moves, or else its expected status (`SX`); a
    // status other than `SX` expects is said first, as it is the louder.
    let file = match (r.agrees, r.as_expected()) {
        (_, Some(false)) => "NOT SX",
        (Some(true), _) => "agrees",
        (Some(false), _) if r.solved() => "DIFFERS",
        (Some(false), _) => "?",
        (None, Some(true)) => "as SX",
        // The file names first moves the run did not compare (`--status-only`
        // proves one move of its own): "-" would say the file has none.
        (None, None) if !r.accepted.is_empty() && r.solved() => "?",
        (None, None) => "-",
    };
    // A list a limit (or --status-only) cut short ends in "…": more
    // moves may work.
    let open = r.undecided_moves.len();
    let moves = moves_text(&moves, r.all_first_moves, open, layout.moves());
    // Ko grade: threats the side to move needs / the opponent needs.
    let grade = r.grade.as_deref().unwrap_or("");
    let status = format!(
        "{}{}{}",
        r.status_text(),
        match r.life.as_deref() {
            Some(l @ ("seki" | "cycle")) => format!(" {l}"),
            _ => String::new(),
        },
        if r.checked || !r.solved() { "" } else { "?" }
    );
    // Every marked block: "A8+H2".
    let target = if r.targets.is_empty() {
        "-".to_string()
    } else {
        let points: Vec<String> = r.targets.iter().map(|t| r.point_for_people(t)).collect();
        // A guessed target is shown as one.
        points.join("+") + if r.target_guessed { "?" } else { "" }
    };
    let go = [
        r.to_move.as_deref().unwrap_or("-"),
        r.goal.as_deref().unwrap_or("-"),
        &target,
        &status,
        grade,
        file,
    ];
    let (positions, ms) = (r.positions.to_string(), format!("{:.1}", r.ms));
    let line = layout.line(&record_label(r), go, [&positions, &ms], &moves);
    writeln!(out, "{line}")?;
    // Where the file's own lines go wrong, a line each under the row.
    let indent = " ".repeat(layout.name);
    for said in r.lines_said() {
        writeln!(out, "{indent} {said}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shikatsu::analysis::{self, Options};
    use shikatsu::board::Color;
    use shikatsu::problem::LoadError;

    #[test]
    fn names_are_cut_to_their_column_on_a_terminal_only() {
        let r = Record::from_error(
            &LoadError {
                file: "collections/詰碁問題集_第一巻_基本死活_二目の眼.sgf".into(),
                index: None,
                cause: "empty file".to_string(),
            },
            None,
        );
        let row = |layout| {
            let mut out = Vec::new();
            print_table_row(&mut out, &r, layout).unwrap();
            String::from_utf8(out).unwrap()
        };
        let (on_screen, in_file) = (row(TableLayout::fit(140)), row(TableLayout::WHOLE));
        let screen_name = on_screen.split(" error: ").next().unwrap();
        assert!(screen_name.starts_with("…"), "{on_screen}");
        assert_eq!(crate::text::columns(screen_name), NAME_COLUMNS);
        assert!(
            in_file.starts_with("collections/詰碁問題集_第一巻_基本死活_二目の眼.sgf error: "),
            "{in_file}"
        );
        // A short name is padded alike either way.
        let short = Record {
            file: "a.sgf".to_string(),
            ..r.clone()
        };
        let mut a = Vec::new();
        let mut b = Vec::new();
        print_table_row(&mut a, &short, TableLayout::fit(140)).unwrap();
        print_table_row(&mut b, &short, TableLayout::WHOLE).unwrap();
        assert_eq!(a, b);
        assert!(
            String::from_utf8(a)
                .unwrap()
                .starts_with(&format!("{:<37}error", "a.sgf"))
        );
    }

    /// The header and rows of `records` as `layout` writes them.
    fn table(layout: TableLayout, records: &[Record]) -> String {
        let mut out = Vec::new();
        print_table_header(&mut out, layout).unwrap();
        for r in records {
            print_table_row(&mut out, r, layout).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    /// Bent four in the corner solved for each side, with a set effort
    /// (positions and ms vary with the solver and the machine), and a
    /// file that could not be read.
    fn bent_four_and_an_error() -> Vec<Record> {
        let path = "problems/classic/bent-four-in-the-corner.sgf";
        let p = problem::load_paths(&[path]).remove(0).unwrap();
        let opts = Options {
            memory: 16 << 20,
            ..Options::default()
        };
        let mut records: Vec<Record> = [Color::Black, Color::White]
            .into_iter()
            .map(|side| Record::from_analysis(&p, &analysis::analyze(&p, side, &opts)))
            .collect();
        for (r, (positions, ms)) in records.iter_mut().zip([(445, 1.1), (235, 12.5)]) {
            (r.positions, r.ms) = (positions, ms);
        }
        records.push(Record::from_error(
            &LoadError {
                file: "broken/unfinished.sgf".into(),
                index: None,
                cause: "not valid SGF (Error tokenizing: Unexpected end of property value)"
                    .to_string(),
            },
            None,
        ));
        records
    }

    #[test]
    fn a_table_in_a_file_or_a_pipe_has_every_column_and_whole_names() {
        let records = bent_four_and_an_error();
        let e = &records[2].error.clone().unwrap();
        assert_eq!(
            TableLayout::for_stdout(false, STATUS_COLUMNS, 10),
            TableLayout::WHOLE
        );
        assert_eq!(
            table(TableLayout::WHOLE, &records),
            format!("\
problem                              pl goal target status              threats file     positions        ms  first moves
problems/classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
problems/classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                error: {e}
")
        );
    }

    #[test]
    fn a_batch_with_a_long_name_widens_the_name_column_to_keep_its_rows_in_line() {
        let records = bent_four_and_an_error();
        let longest = records.iter().map(|r| record_label(r).len()).max();
        assert_eq!(longest, Some(44));
        let layout = TableLayout::for_stdout(false, STATUS_COLUMNS, 44);
        assert_eq!(layout.name, 44);
        let text = table(layout, &records);
        let e = records[2].error.clone().unwrap();
        assert_eq!(
            text,
            format!("\
problem                                      pl goal target status              threats file     positions        ms  first moves
problems/classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
problems/classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                        error: {e}
")
        );
        // On a terminal the name column grows as far as the room allows.
        assert_eq!(TableLayout::fit_with(200, STATUS_COLUMNS, 44).name, 44);
        assert_eq!(
            TableLayout::fit_with(121, STATUS_COLUMNS, 44),
            TableLayout::fit(121)
        );
    }

    #[test]
    fn a_table_fits_a_terminal_of_80_columns_without_positions_and_ms() {
        let layout = TableLayout::fit(80);
        assert_eq!((layout.name, layout.effort), (NAME_MIN, false));
        let text = table(layout, &bent_four_and_an_error());
        assert_eq!(
            text,
            "\
problem          pl goal target status              threats file     first moves
…-the-corner.sgf  B kill Q2     ko                  0/1     as SX    T1(0/1) …
…-the-corner.sgf  W live Q2     ko                  1/1     as SX    T1(1/1) …
…/unfinished.sgf error: broken/unfinished.sgf: not valid SGF (Error tokenizing:
                 Unexpected end of property value)
"
        );
        assert!(
            text.lines().all(|l| crate::text::columns(l) <= 80),
            "{text}"
        );
    }

    #[test]
    fn several_targets_keep_a_terminal_table_in_line() {
        let mut records = bent_four_and_an_error();
        records[0].targets = vec!["ar".into(), "br".into(), "cr".into()];
        let layout = TableLayout::fit(80);
        let text = table(layout, &records[..2]);
        let lines: Vec<&str> = text.lines().collect();
        let at = |line: &str, what: &str| line.find(what).map(|i| line[..i].chars().count());
        assert_eq!(
            at(lines[1], "T1(0/1)"),
            at(lines[0], "first moves"),
            "{text}"
        );
        assert!(lines[1].contains(" A2+B2… "), "{text}");
        // In a file the targets are whole.
        let whole = table(TableLayout::WHOLE, &records[..1]);
        assert!(whole.contains(" A2+B2+C2 "), "{whole}");
    }

    #[test]
    fn a_table_at_100_columns_has_whole_names_without_positions_and_ms() {
        let layout = TableLayout::fit(100);
        assert_eq!((layout.name, layout.effort), (NAME_COLUMNS, false));
        let text = table(layout, &bent_four_and_an_error());
        assert_eq!(
            text,
            "\
problem                              pl goal target status              threats file     first moves
…classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX    T1(0/1) …
…classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX    T1(1/1) …
broken/unfinished.sgf                error: broken/unfinished.sgf: not valid SGF (Error tokenizing:
                                     Unexpected end of property value)
"
        );
        assert!(
            text.lines().all(|l| crate::text::columns(l) <= 100),
            "{text}"
        );
    }

    #[test]
    fn a_table_at_140_columns_has_every_column() {
        let layout = TableLayout::fit(140);
        assert_eq!((layout.name, layout.effort), (NAME_COLUMNS, true));
        // Wide enough: a name is cut to its column, and nothing else.
        assert_eq!(TableLayout::fit(121).moves(), Some(MOVES_MIN));
        assert_eq!(
            table(layout, &bent_four_and_an_error()),
            "\
problem                              pl goal target status              threats file     positions        ms  first moves
…classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
…classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                error: broken/unfinished.sgf: not valid SGF (Error tokenizing: Unexpected end of property value)
"
        );
    }

    #[test]
    fn the_name_narrows_before_positions_and_ms_go() {
        // 120 columns: one column less of name than in a file.
        assert_eq!(
            TableLayout::fit(120),
            TableLayout {
                width: Some(120),
                name: NAME_COLUMNS - 1,
                effort: true,
                status: STATUS_COLUMNS,
            }
        );
        // Down to NAME_MIN_WITH_EFFORT at 109; below, the name takes the
        // room of the positions and ms, down to NAME_MIN.
        assert_eq!(TableLayout::fit(109).name, NAME_MIN_WITH_EFFORT);
        assert!(TableLayout::fit(109).effort && !TableLayout::fit(108).effort);
        assert_eq!(TableLayout::fit(90).name, 26);
        assert_eq!(TableLayout::fit(40).name, NAME_MIN);
        // The first moves: whole ones, cut short with " …".
        let moves: Vec<String> = ["D1", "C1", "pass"].map(String::from).to_vec();
        assert_eq!(moves_text(&moves, true, 0, None), "D1 C1 pass");
        assert_eq!(moves_text(&moves, true, 0, Some(10)), "D1 C1 pass");
        assert_eq!(moves_text(&moves, true, 0, Some(9)), "D1 C1 …");
        assert_eq!(moves_text(&moves, false, 0, Some(10)), "D1 C1 …");
        assert_eq!(moves_text(&moves, false, 0, None), "D1 C1 pass …");
        assert_eq!(moves_text(&moves, true, 0, Some(3)), "…");
        assert_eq!(moves_text(&[], false, 0, Some(3)), "");
        // The moves a limit left open are counted, and the count kept
        // as moves give way to the room.
        assert_eq!(moves_text(&moves, false, 4, None), "D1 C1 pass … 4 open");
        assert_eq!(moves_text(&moves, false, 4, Some(16)), "D1 C1 … 4 open");
    }
}
