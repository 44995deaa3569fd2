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
use shikatsu::problem::Problem;

use super::wrap::{unfold, wrap};
use super::{Scroll, Theme, duration_text, moves, num, pct, rate, short, thousands};
use crate::tui::app::{App, Tone};
use crate::tui::explore::Mark;
use crate::tui::worker::{RootCost, Snapshot};

fn heading(text: &str, width: usize, theme: &Theme) -> Line<'static> {
    let mut s = format!("─ {text} ");
    let n = s.chars().count();
    if n < width {
        s.push_str(&"─".repeat(width - n));
    }
    Line::styled(s, theme.title())
}

fn counters(app: &App, theme: &Theme) -> Vec<Line<'static>> {
    let s = &app.snap;
    let (elapsed, speed) = if app.config.redact {
        ("-.-- s".to_string(), "-/s".to_string())
    } else {
        (duration_text(s.running), rate(s.positions_per_second()))
    };
    let _ = theme;
    vec![
        Line::raw(format!(
            "root  pn {}  dn {}",
            num(s.root_pn),
            num(s.root_dn)
        )),
        Line::raw(format!("positions {}  {speed}", thousands(s.positions))),
        Line::raw(format!(
            "TT {} (hits {})  depth {}",
            pct(s.tt_used as u64, s.tt_capacity as u64),
            pct(s.tt_hits, s.tt_probes),
            s.depth()
        )),
        Line::raw(format!(
            "elapsed {elapsed}  expansions {}",
            thousands(s.expansions)
        )),
    ]
}

/// Which search of the job is on show, as the search said when it
/// started (`Observer::search_root`): the position it searches from and
/// its ko setting. "root: White is ko master" (a status search), "first
/// move D1: Black is ko master", "root: ko threats Black 1, White 0" (a
/// ko's grade).
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
    let setting = match ko.master {
        Some(c) => format!("{} is ko master", c.name()),
        None if ko.threats == [0, 0] => "no ko master".to_string(),
        None => format!(
            "ko threats Black {}, White {}",
            ko.threats[0], ko.threats[1]
        ),
    };
    format!("{from}: {setting}")
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
    let mut lines = counters(app, theme);
    lines.push(Line::raw(search_label(&app.snap, h)));
    let path = &app.snap.path;
    // The moves to the search's root (a first move, say) come first,
    // marked as fixed: the path goes on from them.
    let prefix = &app.snap.prefix;
    let shown = app.path_shown();
    let title = match app.path_cursor {
        Some(0) if !path.is_empty() && prefix.is_empty() => {
            "most-proving path, at the root".to_string()
        }
        Some(0) if !path.is_empty() => "most-proving path, at the search's root".to_string(),
        Some(_) => format!("most-proving path, step {shown}/{}", path.len()),
        None => "most-proving path".to_string(),
    };
    lines.push(heading(&title, width, theme));
    let room = height.saturating_sub(lines.len());
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
    let mut chosen_row = 0;
    let mut row: Vec<Span<'static>> = vec![Span::raw(" ")];
    let mut used = 1;
    for st in &ranked {
        // The prover picks by pn, the opponent by dn.
        let (name, v) = if mover == side {
            ("pn", st.pn)
        } else {
            ("dn", st.dn)
        };
        let word = format!("{} {name} {}", st.mv.human(h), num(v));
        let n = word.chars().count() + 2;
        if used + n > width && used > 1 {
            rows.push(std::mem::take(&mut row));
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
    }
    if used > 1 {
        rows.push(row);
    }
    // The path gives up rows to the moves, down to half the room.
    let total = prefix.len() + path.len();
    let path_rows = total.max(1);
    let mut cand_room = (rows.len() + 1).min(room.saturating_sub(path_rows).max(room / 2));
    if rows.is_empty() || cand_room < 2 {
        cand_room = 0;
    }
    let path_room = room - cand_room;
    // Rows count the moves from the problem's root: the node on show is
    // the one after row `at`'s move.
    let at = prefix.len() + shown;
    let sel = at.saturating_sub(1);
    let start = if total <= path_room || app.path_cursor.is_none() {
        0
    } else {
        sel.saturating_sub(path_room / 2).min(total - path_room)
    };
    let mut c = if start % 2 == 0 { side } else { side.opp() };
    for (n, i) in (start..total).take(path_room).enumerate() {
        let more = total - i;
        if n + 1 == path_room && more > 1 {
            lines.push(Line::styled(format!("  … {more} more"), theme.dim()));
            break;
        }
        let head = format!("{:>3} {} ", i + 1, c.letter());
        let step = i.checked_sub(prefix.len()).and_then(|j| path.get(j));
        let (text, st) = match step {
            Some(step) => (
                format!(
                    "{head}{:<5} pn {:>4}  dn {:>4}",
                    step.mv.human(h),
                    num(step.pn),
                    num(step.dn)
                ),
                Style::new(),
            ),
            // The move into the search's root: the root's numbers.
            None if i + 1 == prefix.len() => (
                format!(
                    "{head}{:<5} pn {:>4}  dn {:>4}  fixed",
                    prefix[i].human(h),
                    num(app.snap.root_pn),
                    num(app.snap.root_dn)
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
        lines.push(Line::styled(text, st));
        c = c.opp();
    }
    if total == 0 {
        lines.push(Line::styled("  (the root)", theme.dim()));
    }
    if cand_room > 0 {
        lines.push(heading(
            &format!("candidates at move {} ({})", at + 1, mover.name()),
            width,
            theme,
        ));
        let fit = cand_room - 1;
        let first = (chosen_row + 1).saturating_sub(fit);
        lines.extend(rows.into_iter().skip(first).take(fit).map(Line::from));
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
                s.push_str(&format!(" ({} ko master)", m.name()));
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
/// and the table's use those of the searches of the problem's root.
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
    let all = vec![
        format!("all searches  {} positions", thousands(a.positions)),
        speed,
    ];
    let mut at_root = vec![format!(
        "root  pn {}  dn {}",
        num(a.root_pn),
        num(a.root_dn)
    )];
    if let Some(r) = root {
        at_root.push(format!("max depth {}", r.max_depth));
        at_root.push(format!(
            "TT {} ({})",
            short(r.tt_used as f64),
            pct(r.tt_used as u64, r.tt_capacity as u64)
        ));
    }
    let mut lines = Vec::new();
    for parts in [all, at_root] {
        let mut row = String::new();
        for part in parts {
            let n = row.chars().count();
            if n > 0 && n + 2 + part.chars().count() > width {
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
    let mut lines = Vec::new();
    lines.push(Line::styled(
        status_line(problem, a),
        theme.tone(if a.status == Status::Unknown {
            Tone::Bad
        } else {
            Tone::Good
        }),
    ));
    if a.status != Status::Unknown {
        let firsts: Vec<String> = a.first_moves.iter().map(|&m| a.move_label(m, h)).collect();
        let mut s = if firsts.is_empty() {
            "no first move works".to_string()
        } else {
            format!("first moves {}", firsts.join(" "))
        };
        // A limit cut the list short: say so rather than let it pass for
        // the whole list.
        if a.status.succeeds() && !a.all_first_moves {
            s.push_str(" (others not decided)");
        }
        if !a.accepted_status.is_empty() {
            let agree = a.accepted_status.iter().all(|&(_, st)| st == a.status);
            let file: Vec<String> = a.accepted_status.iter().map(|(m, _)| m.human(h)).collect();
            s.push_str(&format!(
                "  file {} {}",
                file.join(" "),
                if agree { "agrees" } else { "differs" }
            ));
        }
        lines.push(Line::raw(s));
    }
    lines.extend(cost_lines(app, a, cost, width));
    if app.deciding() {
        lines.push(heading("solving a variation", width, theme));
        lines.extend(counters(app, theme));
        return lines;
    }
    let Some(node) = &app.node else {
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
            let mut c = a.side;
            let mut text = String::from("The search stopped on the line");
            for (i, m) in line.iter().enumerate() {
                text.push_str(&format!(" {} {} {}", i + 1, c.letter(), m.human(h)));
                c = c.opp();
            }
            text.push_str(&format!(
                " (root pn {}, dn {}).",
                num(a.root_pn),
                num(a.root_dn)
            ));
            lines.push(Line::raw(""));
            lines.push(Line::raw(text));
        }
        return lines;
    };
    let to_move = node.to_move;
    lines.push(heading(
        &format!(
            "line: move {}, {} to play",
            app.line.len() + 1,
            to_move.name()
        ),
        width,
        theme,
    ));
    if app.line.is_empty() {
        lines.push(Line::styled("(the problem's position)", theme.dim()));
    } else {
        let mut spans = Vec::new();
        let mut c = a.side;
        for (i, m) in app.line.iter().enumerate() {
            spans.push(Span::raw(format!(
                "{} {} {}  ",
                i + 1,
                c.letter(),
                m.human(h)
            )));
            c = c.opp();
        }
        lines.push(Line::from(spans));
    }
    if let Some((w, why)) = node.over {
        lines.push(Line::styled(
            format!("game over: {}", why.describe(w)),
            theme.tone(Tone::Good),
        ));
        return lines;
    }
    lines.push(heading(
        &format!(
            "{} candidate{} ({} to play)",
            node.candidates.len(),
            if node.candidates.len() == 1 { "" } else { "s" },
            to_move.letter()
        ),
        width,
        theme,
    ));
    // The rows left under what is drawn above, as the panel wraps it (at
    // a narrow panel the status, the line and the headings wrap).
    let used: usize = lines.iter().map(|l| rows_of(l, width)).sum();
    let avail = height.saturating_sub(used);
    let rows: Vec<Line<'static>> = node
        .candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let what = match c.mark {
                Mark::Wins => match c.length {
                    Some(l) if node.main == Some(i) => format!("wins (proof, {})", moves(l)),
                    _ => "wins".to_string(),
                },
                Mark::Weaker(st) => format!("only {}", st.as_str()),
                Mark::Unknown => "? (Enter solves it)".to_string(),
                Mark::Fails => match c.length {
                    Some(l) => format!("fails, refuted in {}", moves(l)),
                    None => "fails".to_string(),
                },
            };
            let chosen = i == app.sel;
            let marker = if chosen { '▶' } else { ' ' };
            let mv = Style::new().add_modifier(if chosen {
                Modifier::REVERSED | Modifier::BOLD
            } else {
                Modifier::empty()
            });
            Line::from(vec![
                Span::raw(format!("{marker} ")),
                Span::styled(c.label.to_string(), theme.mark(c.mark)),
                Span::raw(" "),
                Span::styled(format!("{:<5}", c.mv.human(h)), mv),
                Span::raw(" "),
                Span::styled(what, theme.mark(c.mark)),
            ])
        })
        .collect();
    let heights: Vec<usize> = rows.iter().map(|l| rows_of(l, width)).collect();
    let (start, end) = window(&heights, app.sel, avail);
    // A cut list says so, above and below, as the path's list does: the
    // selected move is always in view.
    let shown: usize = heights[start..end].iter().sum();
    let above = start > 0 && shown < avail;
    let below = end < rows.len() && shown + usize::from(above) < avail;
    if above {
        lines.push(more_line(start, " above", width, theme));
    }
    lines.extend(rows.into_iter().skip(start).take(end - start));
    if below {
        lines.push(more_line(node.candidates.len() - end, "", width, theme));
    }
    lines
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

/// The candidates shown, `start..end`, of a list whose entries take
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

/// "  … 3 more": how many entries of a cut list are not shown, dim.
fn more_line(n: usize, place: &str, width: usize, theme: &Theme) -> Line<'static> {
    let text = format!("  … {n} more{place}");
    let text = if text.chars().count() > width {
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
        let mut c = side;
        let mut s = String::new();
        for (i, m) in app.line.iter().enumerate() {
            s.push_str(&format!("{} {} {}  ", i + 1, c.letter(), m.human(h)));
            c = c.opp();
        }
        lines.push(Line::raw(s));
    }
    lines.push(heading("what happened", width, theme));
    let room = height.saturating_sub(lines.len() + 2).max(1);
    let skip = t.log.len().saturating_sub(room);
    for (text, tone) in t.log.iter().skip(skip) {
        lines.push(Line::styled(text.clone(), theme.tone(*tone)));
    }
    let mut prompt = format!("cursor {}", Move::Play(t.cursor).human(h));
    if !t.typed.is_empty() {
        prompt.push_str(&format!("   typed {}_", t.typed));
    }
    if app.deciding() {
        prompt.push_str("   thinking ...");
    }
    lines.push(heading("your move", width, theme));
    lines.push(Line::raw(prompt));
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
        let more = match (top > 0, top < max_top) {
            (false, _) => "↓ PgDn: more",
            (true, true) => "↑↓ PgUp PgDn: more",
            (true, false) => "↑ PgUp: more",
        };
        lines.push(Line::styled(more, theme.dim()));
    }
    lines
}
