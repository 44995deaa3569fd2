//! The side panel: counters, the most-proving path and candidates while
//! searching, the status and the proof's line once decided, the try log,
//! and the problem's comment in their place on `c`.

use std::time::Duration;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use shikatsu::analysis::{Analysis, Status};
use shikatsu::board::{Color, Move};
use shikatsu::problem::{Ko, Problem};
use shikatsu::report::Record;

use super::wrap::{unfold, wrap};
use super::{Scroll, Theme, duration_text, moves, num, pct, rate, short, thousands};
use crate::text::{columns, cut_end};
use crate::tui::app::{App, Tone};
use crate::tui::explore::{Candidate, Mark, NodeView};
use crate::tui::worker::{RootCost, Snapshot};

/// A line of moves as items that are never broken: "1 B C3", "2 W D4",
/// numbered from 1 with `first` to play.
fn numbered_words(first: Color, moves: &[Move], h: usize) -> Vec<String> {
    let mut c = first;
    (moves.iter().enumerate())
        .map(|(i, m)| {
            let w = format!("{} {} {}", i + 1, c.letter(), m.human(h));
            c = c.opp();
            w
        })
        .collect()
}

/// `items` in rows of `width` columns, `sep` between two on a row,
/// broken only between items (one wider than a row has a row of its
/// own, which the panel wraps).
fn packed_items<S: AsRef<str>>(items: &[S], sep: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for item in items {
        let item = item.as_ref();
        if !row.is_empty() && columns(&row) + columns(sep) + columns(item) > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push_str(sep);
        }
        row.push_str(item);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// `lines` in the panel's `height` rows, as it wraps them: a line that
/// does not fit whole is cut after the last word that does, with "…"
/// saying there is more, and so is the last line shown when lines after
/// it are left out. Every panel is drawn through this, so that no cut
/// passes for the whole.
pub(super) fn fit_panel(
    lines: Vec<Line<'static>>,
    width: usize,
    height: usize,
) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut used = 0;
    for line in lines {
        let rows = rows_of(&line, width);
        if used + rows <= height {
            used += rows;
            out.push(line);
            continue;
        }
        let left = height - used;
        if left > 0 {
            out.push(cut_line(&line, width, left));
        } else if let Some(last) = out.pop() {
            // Nothing more fits: the last line shown says there is more.
            let rows = rows_of(&last, width);
            out.push(cut_line(&last, width, rows));
        }
        break;
    }
    out
}

/// `line`'s words that fit in `rows` rows of `width` with " …" after
/// them (in the style of its first part).
fn cut_line(line: &Line<'static>, width: usize, rows: usize) -> Line<'static> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = line
        .style
        .patch(line.spans.first().map(|s| s.style).unwrap_or_default());
    let words: Vec<&str> = text.split(' ').collect();
    let mut best = "…".to_string();
    for k in 1..=words.len() {
        let kept = words[..k].join(" ");
        let kept = kept.trim_end();
        if kept.is_empty() {
            continue;
        }
        let candidate = format!("{kept} …");
        if rows_of(&Line::raw(candidate.clone()), width) > rows {
            break;
        }
        best = candidate;
    }
    Line::styled(best, style)
}

fn heading(text: &str, width: usize, theme: &Theme) -> Line<'static> {
    heading_of(&[text.to_string()], width, theme)
}

/// A heading in the first of its `forms` (longest first) that fits the
/// panel's width, so that it never wraps onto a second row (the last,
/// cut at its end, when none fits).
fn heading_of(forms: &[String], width: usize, theme: &Theme) -> Line<'static> {
    let fits = |t: &String| columns(t) + 3 <= width;
    let text = match forms.iter().find(|t| fits(t)) {
        Some(t) => t.clone(),
        None => cut_end(
            forms.last().map_or("", String::as_str),
            width.saturating_sub(3),
        ),
    };
    let mut s = format!("─ {text} ");
    let n = columns(&s);
    if n < width {
        s.push_str(&"─".repeat(width - n));
    }
    Line::styled(s, theme.title())
}

fn counters(app: &App, width: usize) -> Vec<Line<'static>> {
    let s = &app.snap;
    let (elapsed, speed) = if app.config.redact {
        ("-.-- s".to_string(), "-/s".to_string())
    } else {
        (duration_text(s.running), rate(s.positions_per_second()))
    };
    packed(
        vec![
            vec![format!(
                "root  pn {}  dn {}",
                num(s.root_pn),
                num(s.root_dn)
            )],
            vec![format!("positions {}", thousands(s.positions)), speed],
            vec![
                format!(
                    "TT {} (hits {})",
                    pct(s.table.used as u64, s.table.capacity as u64),
                    pct(s.table.hits, s.table.probes)
                ),
                format!("depth {}", s.depth()),
            ],
            vec![
                format!("elapsed {elapsed}"),
                format!("expansions {}", thousands(s.expansions)),
            ],
        ],
        width,
    )
}

/// Rows of figures, each row's parts two spaces apart, a row cut between
/// its parts where the panel is too narrow for it (rather than wrapped
/// inside a figure).
fn packed(groups: Vec<Vec<String>>, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for parts in groups {
        let mut row = String::new();
        for part in parts {
            let n = columns(&row);
            if n > 0 && n + 2 + columns(&part) > width {
                lines.push(Line::raw(std::mem::take(&mut row)));
            }
            if !row.is_empty() {
                row.push_str("  ");
            }
            row.push_str(&part);
        }
        lines.push(Line::raw(row));
    }
    lines
}

/// Which search of the job is on show, as the search said when it
/// started (`Observer::search_root`): the position it searches from and
/// its ko setting. "root: White is ko master" (a status search), "first
/// move D1: Black is ko master", "root: no ko master; external ko threats:
/// Black 1, White 0" (a ko's grade); the setting in `Ko::describe`'s words.
pub(in crate::tui) fn search_label(snap: &Snapshot, height: usize) -> String {
    let from = match snap.prefix.as_slice() {
        [] => "root".to_string(),
        [m] => format!("first move {}", m.human(height)),
        line => format!(
            "after {}",
            line.iter()
                .map(|m| m.human(height))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    };
    let Some(ko) = snap.ko else {
        return from;
    };
    format!("{from}: {}", ko.describe())
}

pub(super) fn search_panel(
    app: &App,
    problem: &Problem,
    side: Color,
    width: usize,
    height: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let h = problem.board.height();
    let mut lines = counters(app, width);
    lines.push(Line::raw(search_label(&app.snap, h)));
    let path = &app.snap.path;
    // The moves to the search's root (a first move, say) come first,
    // marked as fixed: the path goes on from them.
    let prefix = &app.snap.prefix;
    let shown = app.path_shown();
    let title = match app.path_cursor {
        Some(0) if !path.is_empty() && prefix.is_empty() => vec![
            "most-proving path, at the root".to_string(),
            "path, at the root".to_string(),
        ],
        Some(0) if !path.is_empty() => vec![
            "most-proving path, at the search's root".to_string(),
            "path, at the search's root".to_string(),
            "path, at its root".to_string(),
        ],
        Some(_) => vec![
            format!("most-proving path, step {shown}/{}", path.len()),
            format!("path, step {shown}/{}", path.len()),
        ],
        None => vec!["most-proving path".to_string()],
    };
    lines.push(heading_of(&title, width, theme));
    // The counters may wrap in a narrow panel.
    let used: usize = lines.iter().map(|l| rows_of(l, width)).sum();
    let room = height.saturating_sub(used);
    // The moves at the node on show, best first for the side to move
    // there: rows of them under their heading.
    let ranked = app.snap.ranked(shown);
    let choice = app.path_choice();
    let mover = if app.snap.prover_moves(shown) {
        side
    } else {
        side.opp()
    };
    let mut rows: Vec<Vec<Span<'static>>> = Vec::new();
    // The moves each row holds, for the "… N more" of a cut list.
    let mut counts: Vec<usize> = Vec::new();
    let mut chosen_row = 0;
    let mut row: Vec<Span<'static>> = vec![Span::raw(" ")];
    let mut used = 1;
    let mut in_row = 0;
    for st in &ranked {
        // The prover picks by pn, the opponent by dn.
        let (name, v) = if mover == side {
            ("pn", st.pn)
        } else {
            ("dn", st.dn)
        };
        let word = format!("{} {name} {}", st.mv.human(h), num(v));
        let n = columns(&word) + 2;
        if used + n > width && used > 1 {
            rows.push(std::mem::take(&mut row));
            counts.push(std::mem::take(&mut in_row));
            row.push(Span::raw(" "));
            used = 1;
        }
        if choice == Some(st.mv) {
            chosen_row = rows.len();
            row.push(Span::raw(" ▶"));
            row.push(Span::styled(
                word,
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            ));
        } else {
            row.push(Span::raw(format!("  {word}")));
        }
        used += n;
        in_row += 1;
    }
    if used > 1 {
        rows.push(row);
        counts.push(in_row);
    }
    // The path gives up rows to the moves, down to half the room; the
    // moves get their heading and two rows or none (a cut list needs a
    // row to say so).
    let total = prefix.len() + path.len();
    let path_rows = total.max(1);
    let mut cand_room = (rows.len() + 1).min(room.saturating_sub(path_rows).max(room / 2));
    if rows.is_empty() || cand_room < 2 || (cand_room < 3 && rows.len() > 1) {
        cand_room = 0;
    }
    let path_room = room - cand_room;
    // Rows count the moves from the problem's root: the node on show is
    // the one after row `at`'s move. The whole path on show is shown from
    // its start; a step of it, around that step.
    let at = prefix.len() + shown;
    let sel = if app.path_cursor.is_some() {
        at.saturating_sub(1)
    } else {
        0
    };
    // Each row in one line of the panel: numbers padded into columns
    // when there is the room, else written close.
    let compact = width < 31;
    let mut c = side;
    let mut steps = Vec::new();
    for i in 0..total {
        let head = format!("{:>3} {} ", i + 1, c.letter());
        let step = i.checked_sub(prefix.len()).and_then(|j| path.get(j));
        let figures = |mv: Move, pn, dn| {
            if compact {
                format!("{head}{:<4} pn {} dn {}", mv.human(h), num(pn), num(dn))
            } else {
                format!(
                    "{head}{:<5} pn {:>4}  dn {:>4}",
                    mv.human(h),
                    num(pn),
                    num(dn)
                )
            }
        };
        let (text, st) = match step {
            Some(step) => (figures(step.mv, step.pn, step.dn), Style::new()),
            // The move into the search's root: the root's numbers.
            None if i + 1 == prefix.len() => (
                format!(
                    "{}  fixed",
                    figures(prefix[i], app.snap.root_pn, app.snap.root_dn)
                ),
                theme.dim(),
            ),
            None => (
                format!("{head}{:<5} fixed", prefix[i].human(h)),
                theme.dim(),
            ),
        };
        let st = if app.path_cursor.is_some() && i + 1 == at {
            theme.selected()
        } else {
            st
        };
        steps.push(Line::styled(text, st));
        c = c.opp();
    }
    let ones = vec![1; total];
    lines.extend(cut_list(steps, &ones, &ones, sel, path_room, width, theme));
    if total == 0 {
        lines.push(Line::styled("  (the root)", theme.dim()));
    }
    if cand_room > 0 {
        lines.push(heading_of(
            &[
                format!("candidates at move {} ({})", at + 1, mover.name()),
                format!("moves at {} ({})", at + 1, mover.letter()),
                format!("moves at {}", at + 1),
            ],
            width,
            theme,
        ));
        let heights = vec![1; rows.len()];
        let rows = rows.into_iter().map(Line::from).collect();
        lines.extend(cut_list(
            rows,
            &heights,
            &counts,
            chosen_row,
            cand_room - 1,
            width,
            theme,
        ));
    }
    lines
}

fn status_line(problem: &Problem, a: &Analysis) -> String {
    let side = a.side;
    let mut s = a.headline(problem);
    match a.status {
        // The ko grade, when known, already says it.
        Status::Ko if a.threats_needed.is_none() => {
            s.push_str(&format!(" ({} must win a ko)", side.name()))
        }
        Status::Ko => {}
        Status::Unconditional => {}
        Status::Wins | Status::Fails => {
            if let Some(m) = a.ko.master {
                // One pair of brackets: "wins (seki, Black ko master)",
                // not "wins (seki) (Black ko master)".
                let master = format!("{} ko master", m.name());
                match s.strip_suffix(')') {
                    Some(open) => s = format!("{open}, {master})"),
                    None => s.push_str(&format!(" ({master})")),
                }
            }
        }
        Status::Unknown => s.push_str(" within the limits"),
    }
    if a.status != Status::Unknown {
        s.push_str(if a.checked {
            ", checked"
        } else {
            ", NOT checked"
        });
    }
    s
}

/// What the analysis cost, under the answer: the counters the search
/// panel showed, as they ended. Positions and time are the whole
/// analysis's (every search, first moves and checks included); the root's
/// numbers are those of the search that settled the status, the depth
/// (left out when they went no deeper than the root) and the table's use
/// those of the searches of the problem's root.
/// Two rows, each cut between its figures where the panel is narrow.
fn cost_lines(
    app: &App,
    a: &Analysis,
    (running, root): (Duration, Option<RootCost>),
    width: usize,
) -> Vec<Line<'static>> {
    let speed = if app.config.redact {
        "-.-- s  -/s".to_string()
    } else {
        let secs = running.as_secs_f64();
        let r = if secs > 0.0 {
            a.positions as f64 / secs
        } else {
            0.0
        };
        format!("{}  {}", duration_text(running), rate(r))
    };
    let mut all = format!("all searches  {} positions", thousands(a.positions));
    if columns(&all) > width {
        all = format!("{} positions", thousands(a.positions));
    }
    let all = vec![all, speed];
    let mut at_root = vec![format!(
        "root  pn {}  dn {}",
        num(a.root_pn),
        num(a.root_dn)
    )];
    if let Some(r) = root {
        // A search that settled its root from the table it was given
        // (the other side's, turned round) went no deeper than the root:
        // it has no depth to speak of.
        if r.max_depth > 0 {
            at_root.push(format!("max depth {}", r.max_depth));
        }
        at_root.push(format!(
            "TT {} ({})",
            short(r.table.used as f64),
            pct(r.table.used as u64, r.table.capacity as u64)
        ));
    }
    packed(vec![all, at_root], width)
}

pub(super) fn decided_panel(
    app: &App,
    problem: &Problem,
    a: &Analysis,
    cost: (Duration, Option<RootCost>),
    width: usize,
    height: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let h = problem.board.height();
    let mut head = vec![Line::styled(
        status_line(problem, a),
        theme.tone(if a.status == Status::Unknown {
            Tone::Bad
        } else {
            Tone::Good
        }),
    )];
    let mut firsts_cut = None;
    if a.status != Status::Unknown {
        let record = Record::from_analysis(problem, a);
        let (whole, cut) = first_moves_lines(problem, a, &record, width);
        head.push(whole);
        firsts_cut = cut;
        // Where the file's own lines go wrong.
        head.extend(record.lines_said().into_iter().map(Line::raw));
    }
    let cost = cost_lines(app, a, cost, width);
    if app.deciding() {
        head.extend(cost);
        head.push(heading("solving a variation", width, theme));
        head.extend(counters(app, width));
        return head;
    }
    let Some(node) = &app.node else {
        head.extend(cost);
        head.extend(no_walk_lines(app, a, width));
        return head;
    };
    let to_move = node.to_move;
    let number = app.line.len() + 1;
    let line_heading = heading_of(
        &[
            format!("line: move {number}, {} to play", to_move.name()),
            format!("move {number}, {} to play", to_move.name()),
            format!("move {number}, {}", to_move.letter()),
        ],
        width,
        theme,
    );
    let (walked, walked_cut) = walked_line(app, a.side, h, width, theme);
    // What stands above the candidates, or above why the game is over.
    let above = |ko_note, last| Above {
        head,
        firsts_cut,
        cost,
        line_heading,
        walked,
        walked_cut,
        ko_note,
        last,
    };
    if let Some((w, why)) = node.over {
        // Why the game is over is what the panel is for here: it is
        // what the rest gives up rows for.
        let over = Line::styled(
            format!("game over: {}", why.describe(w)),
            theme.tone(Tone::Good),
        );
        return above(None, over).fit(0, width, height);
    }
    let count = node.candidates.len();
    let cand_heading = heading_of(
        &[
            format!(
                "{} ({} to play)",
                crate::text::counted(count, "candidate"),
                to_move.letter()
            ),
            crate::text::counted(count, "candidate"),
            format!("{count} moves"),
        ],
        width,
        theme,
    );
    let rows: Vec<Line<'static>> = (node.candidates.iter().enumerate())
        .map(|(i, c)| candidate_row(c, i == app.sel, node.main == Some(i), h, width, theme))
        .collect();
    let heights: Vec<usize> = rows.iter().map(|l| rows_of(l, width)).collect();
    // A panel too short for the whole list keeps at least five rows for
    // it, so that the selected move shows with its neighbours and what is
    // cut above and below.
    let need = heights.iter().sum::<usize>().min(5);
    let mut lines = above(ko_note(app, node, h, theme), cand_heading).fit(need, width, height);
    let used: usize = lines.iter().map(|l| rows_of(l, width)).sum();
    let avail = height.saturating_sub(used);
    let ones = vec![1; rows.len()];
    lines.extend(cut_list(
        rows, &heights, &ones, app.sel, avail, width, theme,
    ));
    lines
}

/// The first moves, whole, and cut to one row for a panel too short for
/// them and the candidates (none when they fit in one).
fn first_moves_lines(
    problem: &Problem,
    a: &Analysis,
    record: &Record,
    width: usize,
) -> (Line<'static>, Option<Line<'static>>) {
    let h = problem.board.height();
    let firsts: Vec<String> = a.first_moves.iter().map(|&m| a.move_label(m, h)).collect();
    let mut s = if firsts.is_empty() {
        "no first move works".to_string()
    } else {
        format!("first moves {}", firsts.join(" "))
    };
    // A limit cut the list short: say so rather than let it pass for
    // the whole list.
    let mut tail = String::new();
    if a.status.succeeds() && !a.all_first_moves {
        tail.push_str(&format!(" ({})", undecided_text(&a.undecided_moves, h)));
    }
    // Whether the file's answer agrees, as `solve`'s table says it (the
    // same record decides): one of the file's moves must reach the
    // proven status, and a side that fails has no status to reach (the
    // panel said "agrees" when the file's moves failed as the side did).
    if !record.accepted.is_empty() {
        let verdict = match record.agrees {
            Some(true) => "agrees",
            Some(false) => "differs",
            // `--status-only` proved one move of its own.
            None => "not compared",
        };
        let file: Vec<String> = (record.accepted.iter())
            .map(|m| record.point_for_people(m))
            .collect();
        tail.push_str(&format!("  file {} {verdict}", file.join(" ")));
    }
    let mut firsts_cut = None;
    if columns(&s) > width {
        let mut cut = "first moves".to_string();
        for f in &firsts {
            if columns(&cut) + 1 + columns(f) + 2 > width {
                break;
            }
            cut.push(' ');
            cut.push_str(f);
        }
        cut.push_str(" …");
        firsts_cut = Some(Line::raw(format!("{cut}{tail}")));
    }
    s.push_str(&tail);
    (Line::raw(s), firsts_cut)
}

/// The moves a limit left open, as the first-move line's aside: a few
/// by name, so that a player knows which tries are still in question.
fn undecided_text(moves: &[Move], height: usize) -> String {
    const NAMED: usize = 4;
    let mut names: Vec<String> = moves.iter().take(NAMED).map(|m| m.human(height)).collect();
    if moves.len() > NAMED {
        names.push(format!("and {} more", moves.len() - NAMED));
    }
    match names.is_empty() {
        // A list cut short before any move was tried.
        true => "others not decided".to_string(),
        false => format!("not decided: {}", names.join(" ")),
    }
}

/// With no proof to walk: what to do instead, and for an unknown the
/// line its search stopped on.
fn no_walk_lines(app: &App, a: &Analysis, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if a.proof.is_none() {
        lines.push(Line::raw(""));
        lines.push(Line::raw(if a.status == Status::Unknown {
            "No proof to walk: r solves again with twice the limits, k changes the ko setting."
        } else {
            "No proof to walk: r solves again, k changes the ko setting."
        }));
    }
    if a.status == Status::Unknown
        && let Some((_, line)) = app.stopped_on().filter(|(_, l)| !l.is_empty())
    {
        let h = app.problem().map_or(19, |(p, _)| p.board.height());
        let numbers = format!("(root pn {}, dn {}).", num(a.root_pn), num(a.root_dn));
        // Broken between the numbered moves, never inside one.
        let items: Vec<String> = ("The search stopped on the line".split(' '))
            .map(str::to_string)
            .chain(numbered_words(a.side, line, h))
            .chain(numbers.split(' ').map(str::to_string))
            .collect();
        lines.push(Line::raw(""));
        lines.extend(packed_items(&items, " ", width).into_iter().map(Line::raw));
    }
    lines
}

/// The line walked so far, in rows broken between its moves, and its
/// last moves alone on one row (none when it fits in one).
fn walked_line(
    app: &App,
    first: Color,
    h: usize,
    width: usize,
    theme: &Theme,
) -> (Vec<Line<'static>>, Option<Line<'static>>) {
    if app.line.is_empty() {
        return (
            vec![Line::styled("(the problem's position)", theme.dim())],
            None,
        );
    }
    let words = numbered_words(first, &app.line, h);
    let whole = packed_items(&words, "  ", width)
        .into_iter()
        .map(Line::raw)
        .collect();
    let mut tail: Vec<&str> = Vec::new();
    let mut used = 2; // "… "
    for w in words.iter().rev() {
        let n = columns(w) + usize::from(!tail.is_empty()) * 2;
        if used + n > width && !tail.is_empty() {
            break;
        }
        used += n;
        tail.push(w);
    }
    let cut = (tail.len() < words.len()).then(|| {
        tail.reverse();
        Line::raw(format!("… {}", tail.join("  ")))
    });
    (whole, cut)
}

/// A retake the ko rule bars is missing from the candidates: say so, or
/// a player looks for it in vain.
fn ko_note(app: &App, node: &NodeView, h: usize, theme: &Theme) -> Option<Line<'static>> {
    if !node.ko_barred {
        return None;
    }
    let who = Ko::from(app.explorer.as_ref().and_then(|e| e.master)).describe();
    let what = match node.board.ko() {
        Some(p) if !node.candidates.iter().any(|c| c.mv == Move::Play(p)) => {
            format!("retaking the ko at {} is barred", Move::Play(p).human(h))
        }
        _ => "a move that would repeat a position is barred".to_string(),
    };
    Some(Line::styled(format!("{what} ({who})"), theme.dim()))
}

/// A candidate's row: marker, board label, move and the longest account
/// of what it does that fits the row.
fn candidate_row(
    c: &Candidate,
    chosen: bool,
    main: bool,
    h: usize,
    width: usize,
    theme: &Theme,
) -> Line<'static> {
    let whats = match c.mark {
        Mark::Wins => match c.length {
            Some(l) if main => vec![
                format!("wins (proof, {})", moves(l)),
                format!("wins ({})", moves(l)),
                "wins".to_string(),
            ],
            _ => vec!["wins".to_string()],
        },
        Mark::Weaker(st) => vec![format!("only {}", st.as_str())],
        Mark::Unknown => vec![
            "? (Enter solves it)".to_string(),
            "? (Enter)".to_string(),
            "?".to_string(),
        ],
        Mark::Fails => match c.length {
            Some(l) => vec![
                format!("fails, refuted in {}", moves(l)),
                format!("fails ({})", moves(l)),
                "fails".to_string(),
            ],
            None => vec!["fails".to_string()],
        },
    };
    let marker = if chosen { '▶' } else { ' ' };
    let mv = Style::new().add_modifier(if chosen {
        Modifier::REVERSED | Modifier::BOLD
    } else {
        Modifier::empty()
    });
    let mv_text = format!("{:<5}", c.mv.human(h));
    let before = 2 + columns(&c.label.to_string()) + 1 + columns(&mv_text) + 1;
    let what = whats
        .iter()
        .find(|w| before + columns(w) <= width)
        .or(whats.last())
        .cloned()
        .unwrap_or_default();
    Line::from(vec![
        Span::raw(format!("{marker} ")),
        Span::styled(c.label.to_string(), theme.mark(c.mark)),
        Span::raw(" "),
        Span::styled(mv_text, mv),
        Span::raw(" "),
        Span::styled(what, theme.mark(c.mark)),
    ])
}

/// What the decided panel draws above its candidate list, with the
/// shorter forms it gives up rows for when the panel is short.
struct Above {
    /// The status, then the first moves.
    head: Vec<Line<'static>>,
    /// The first moves in one row, for `head[1]`.
    firsts_cut: Option<Line<'static>>,
    cost: Vec<Line<'static>>,
    line_heading: Line<'static>,
    walked: Vec<Line<'static>>,
    /// The line walked, its last moves in one row.
    walked_cut: Option<Line<'static>>,
    ko_note: Option<Line<'static>>,
    /// The candidates' heading, or why the game is over.
    last: Line<'static>,
}

impl Above {
    /// The lines, leaving `need` of the panel's `height` rows below them
    /// as the panel wraps them (at a narrow panel the status and the
    /// line wrap): short of room, the cost goes first, then the line
    /// walked and the first moves keep one row each.
    fn fit(self, need: usize, width: usize, height: usize) -> Vec<Line<'static>> {
        let Above {
            mut head,
            mut firsts_cut,
            cost,
            line_heading,
            mut walked,
            mut walked_cut,
            ko_note,
            last,
        } = self;
        let mut cost = Some(cost);
        loop {
            let above: Vec<&Line<'static>> = head
                .iter()
                .chain(cost.iter().flatten())
                .chain([&line_heading])
                .chain(walked.iter())
                .chain(ko_note.iter())
                .chain([&last])
                .collect();
            let used: usize = above.iter().map(|l| rows_of(l, width)).sum();
            if used + need <= height {
                break;
            }
            if cost.take().is_some() {
                continue;
            }
            if let Some(cut) = walked_cut.take() {
                walked = vec![cut];
                continue;
            }
            if let Some(cut) = firsts_cut.take() {
                head[1] = cut;
                continue;
            }
            break;
        }
        head.extend(cost.into_iter().flatten());
        head.push(line_heading);
        head.extend(walked);
        head.extend(ko_note);
        head.push(last);
        head
    }
}

/// The rows `line` takes in a panel `width` columns wide, wrapped as the
/// panel's paragraph wraps it: drawn on a scratch buffer, whose rows it
/// writes to are counted (a row of spaces too).
fn rows_of(line: &Line<'static>, width: usize) -> usize {
    let width = width.clamp(1, u16::MAX as usize);
    let cols = line.width();
    if cols <= width {
        return 1;
    }
    // Each row holds at least one character (two columns at most), but
    // word wrapping may leave rows short: twice the columns bound it.
    let tall = (2 * cols).min(u16::MAX as usize) as u16;
    let area = Rect::new(0, 0, width as u16, tall);
    let unused = Cell::new("\u{1}");
    let mut buf = Buffer::filled(area, unused.clone());
    Paragraph::new(line.clone())
        .wrap(Wrap { trim: false })
        .render(area, &mut buf);
    (0..tall)
        .rev()
        .find(|&y| (0..area.width).any(|x| buf[(x, y)].symbol() != unused.symbol()))
        .map_or(1, |y| y as usize + 1)
}

/// The entries shown, `start..end`, of a list whose entries take
/// `heights` rows, in `avail` rows: all when they fit, else the selected
/// one and as many around it as fit, about as many above as below, with
/// a row for each "… N more" the cut needs.
fn window(heights: &[usize], sel: usize, avail: usize) -> (usize, usize) {
    let n = heights.len();
    if n == 0 || heights.iter().sum::<usize>() <= avail {
        return (0, n);
    }
    let sel = sel.min(n - 1);
    let (mut start, mut end, mut used) = (sel, sel + 1, heights[sel]);
    let fits = |start: usize, end: usize, used: usize| {
        used + usize::from(start > 0) + usize::from(end < n) <= avail
    };
    loop {
        let up = start > 0 && fits(start - 1, end, used + heights[start - 1]);
        let down = end < n && fits(start, end + 1, used + heights[end]);
        // The side with fewer entries shown grows first.
        if up && (!down || sel - start < end - sel) {
            start -= 1;
            used += heights[start];
        } else if down {
            used += heights[end];
            end += 1;
        } else {
            return (start, end);
        }
    }
}

/// A list cut to `avail` rows (see `window`), with a row saying what is
/// cut above ("… 3 more above") and below ("… 5 more"): `counts` are
/// the items each entry stands for (a row of several moves counts them
/// all). With room for one such row only, it says both ("… 3 more
/// above, 5 below"); the selected entry is always shown.
fn cut_list(
    entries: Vec<Line<'static>>,
    heights: &[usize],
    counts: &[usize],
    sel: usize,
    avail: usize,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    if avail == 0 {
        return Vec::new();
    }
    let (start, end) = window(heights, sel, avail);
    let above: usize = counts[..start].iter().sum();
    let below: usize = counts[end..].iter().sum();
    let shown: usize = heights[start..end].iter().sum();
    let both = above > 0 && below > 0 && avail.saturating_sub(shown) < 2;
    let mut out = Vec::new();
    if above > 0 && !both {
        out.push(more_line(&format!("{above} more above"), width, theme));
    }
    out.extend(entries.into_iter().skip(start).take(end - start));
    if both {
        out.push(more_line(
            &format!("{above} more above, {below} below"),
            width,
            theme,
        ));
    } else if below > 0 {
        out.push(more_line(&format!("{below} more"), width, theme));
    }
    out
}

/// "  … 3 more": how many entries of a cut list are not shown, dim.
fn more_line(what: &str, width: usize, theme: &Theme) -> Line<'static> {
    let text = format!("  … {what}");
    let text = if columns(&text) > width {
        text.trim_start().to_string()
    } else {
        text
    };
    Line::styled(text, theme.dim())
}

pub(super) fn try_panel(
    app: &App,
    width: usize,
    height: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let Some(t) = &app.try_state else {
        return Vec::new();
    };
    let Some((problem, side)) = app.problem() else {
        return Vec::new();
    };
    let h = problem.board.height();
    let mut lines = vec![Line::styled(
        format!(
            "Try it yourself: you are {}, to {}",
            side.name(),
            problem.goal(side)
        ),
        theme.title(),
    )];
    if app.line.is_empty() {
        lines.push(Line::styled("no moves yet", theme.dim()));
    } else {
        let words = numbered_words(side, &app.line, h);
        let rows = packed_items(&words, "  ", width);
        lines.extend(rows.into_iter().map(Line::raw));
    }
    lines.push(heading("what happened", width, theme));
    let mut prompt = format!("cursor {}", Move::Play(t.cursor).human(h));
    if !t.typed.is_empty() {
        prompt.push_str(&format!("   typed {}_", t.typed));
    }
    if app.deciding() {
        prompt.push_str("   thinking ...");
    }
    let bottom = [heading("your move", width, theme), Line::raw(prompt)];
    // The log's latest entries in the rows the rest leaves, counted as
    // the panel wraps them: counted as one row each, entries that wrap
    // pushed the prompt, and what is typed, out of the panel.
    let used: usize = (lines.iter().chain(&bottom))
        .map(|l| rows_of(l, width))
        .sum();
    let mut room = height.saturating_sub(used);
    let mut log = Vec::new();
    for (text, tone) in t.log.iter().rev() {
        let line = Line::styled(text.clone(), theme.tone(*tone));
        let rows = rows_of(&line, width);
        if rows > room {
            // The latest entry is shown, cut, rather than none.
            if log.is_empty() && room > 0 {
                log.push(cut_line(&line, width, room));
            }
            break;
        }
        room -= rows;
        log.push(line);
    }
    log.reverse();
    lines.extend(log);
    lines.extend(bottom);
    lines
}

/// The problem's comment (the `C[]` of its SGF's root), shown only on `c`:
/// the bundled problems' comments give the answer away. A comment taller
/// than the panel shows the lines that fit, its heading says which they
/// are and its last row which way there is more (PgUp PgDn scroll it).
pub(super) fn comment_panel(
    app: &App,
    problem: &Problem,
    width: usize,
    height: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let text = (problem.comment.as_deref())
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let Some(text) = text else {
        app.comment_view.set(Scroll::default());
        return vec![
            heading("comment", width, theme),
            Line::styled("(this problem has no comment)", theme.dim()),
        ];
    };
    let body = wrap(&unfold(text), width);
    let n = body.len();
    let room = height.saturating_sub(1);
    let cut = n > room;
    // A cut comment gives its last row to saying so.
    let rows = if cut { room.saturating_sub(1) } else { n };
    let max_top = n - rows;
    let top = app.comment_view.get().top.min(max_top);
    app.comment_view.set(Scroll { top, rows, max_top });
    let title = if cut {
        // The long form, unless it would wrap onto a second row.
        let long = format!("comment, lines {}-{} of {n}", top + 1, top + rows);
        let short = format!("comment {}-{}/{n}", top + 1, top + rows);
        [long, short]
            .into_iter()
            .find(|t| t.chars().count() + 3 <= width)
            .unwrap_or_else(|| "comment".to_string())
    } else {
        "comment".to_string()
    };
    let mut lines = vec![heading(&title, width, theme)];
    lines.extend(body[top..top + rows].iter().cloned().map(Line::raw));
    if cut {
        // Only the page keys: ↑↓ still choose among the moves on the
        // board beside it.
        let more = match (top > 0, top < max_top) {
            (false, _) => "PgDn: more",
            (true, true) => "PgUp PgDn: more",
            (true, false) => "PgUp: more",
        };
        lines.push(Line::styled(more, theme.dim()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line<'static>]) -> Vec<String> {
        let text = |l: &Line<'static>| l.spans.iter().map(|s| s.content.as_ref()).collect();
        lines.iter().map(text).collect()
    }

    #[test]
    fn a_panel_cut_to_its_height_ends_in_an_ellipsis() {
        let lines = vec![
            Line::raw("one two"),
            Line::raw("game over: Black wins: the target is captured"),
        ];
        // The second line wraps to three rows of 16; two are left for it.
        let cut = fit_panel(lines.clone(), 16, 3);
        assert_eq!(texts(&cut), ["one two", "game over: Black wins: the …"]);
        // A line that fits whole with nothing after it has room for its
        // "…": the last line shown takes it.
        let cut = fit_panel(
            vec![lines[0].clone(), Line::raw("x"), Line::raw("y")],
            16,
            2,
        );
        assert_eq!(texts(&cut), ["one two", "x …"]);
        // Room for all: untouched.
        assert_eq!(texts(&fit_panel(lines.clone(), 16, 4)), texts(&lines));
    }

    #[test]
    fn moves_are_packed_in_rows_without_splitting_one() {
        let moves: Vec<Move> = ["C3", "D4", "E5"]
            .iter()
            .map(|s| crate::tui::app::parse_point(s, 9, 9).expect("a point"))
            .collect();
        let words = numbered_words(Color::Black, &moves, 9);
        assert_eq!(words, ["1 B C3", "2 W D4", "3 B E5"]);
        assert_eq!(packed_items(&words, "  ", 15), ["1 B C3  2 W D4", "3 B E5"]);
    }
}
