//! The help line, always shown, and the `?` overlay of every key.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::wrap::wrap;
use super::{Scroll, Theme, centered};
use crate::tui::app::{App, Entry, Overlay, Phase};
use crate::tui::keys::HELP;

/// The keys of the help line that act in the app's state, each with a
/// rank: when the line does not fit, the highest ranks go first, and rank
/// 0 (how to get help and how to leave) always stays. The `?` overlay
/// lists every key.
fn help_keys(app: &App) -> Vec<(&'static str, u8)> {
    if app.overlay == Overlay::Help {
        // A help cut to the terminal scrolls: the arrows and pages do
        // not close it. (`help_view` is this frame's: the overlay is
        // drawn before this line.)
        if app.help_view.get().max_top > 0 {
            return vec![
                ("↑↓ PgUp PgDn scroll", 1),
                ("any other key closes the help", 0),
            ];
        }
        return vec![("any key closes the help", 0)];
    }
    if app.overlay != Overlay::None {
        return vec![
            ("↑↓ choose", 1),
            ("Enter go", 1),
            ("Esc close", 0),
            ("q quit", 0),
        ];
    }
    if app.try_state.is_some() {
        let mut keys = vec![("arrows/c3 point", 1), ("Enter play", 1)];
        if !app.line.is_empty() {
            keys.push(("u take back", 2));
        }
        keys.extend([("Esc leave", 0), ("? help", 0)]);
        return keys;
    }
    let several = app.entries.len() > 1;
    let mut keys = Vec::new();
    let problem = matches!(app.entry(), Some(Entry::Problem { .. }));
    if app.solving() || app.deciding() {
        let pause = if app.stepping().is_some_and(|(_, asked)| asked > 1) {
            "space stop"
        } else if app.paused {
            "space resume"
        } else {
            "space pause"
        };
        keys.extend([(pause, 1), ("s step", 2), ("S ×100", 4)]);
        // The walk's position being decided has no path of its own.
        if app.solving() && !app.snap.path.is_empty() {
            keys.push(("←→ path", 3));
        }
        // Once the path is walked or a move chosen, ↑↓ rank with the
        // path: they are what the person is using.
        if app.solving() && app.snap.ranked(app.path_shown()).len() > 1 {
            let walking = app.path_cursor.is_some() || app.path_sel.is_some();
            keys.push(("↑↓ moves", if walking { 3 } else { 5 }));
        }
    } else if let Some(node) = app.node.as_ref().filter(|_| problem) {
        if !app.line.is_empty() || !node.candidates.is_empty() {
            keys.push(("←→ line", 1));
        }
        if node.candidates.len() > 1 {
            keys.push(("↑↓ moves", 2));
        }
        if app.explorer.is_some() {
            keys.push(("t try", 3));
        }
        // Only when `w` writes something, as `solve --proof-sgf` would.
        if app.analysis().is_some_and(|a| {
            shikatsu::report::proof_file::writes_proof(a) || !a.refutations.is_empty()
        }) {
            keys.push(("w SGF", 4));
        }
    } else if app.analysis().is_some() || matches!(app.phase, Phase::Failed(_)) {
        // Nothing to walk: solving again is what there is to do.
        keys.push(("r solve again", 1));
    }
    if several {
        keys.extend([("n/p problem", 2), ("l list", 3)]);
    }
    if problem {
        keys.push(("k ko", 4));
        if app.solving() {
            keys.push(("v values", 5));
        }
        keys.push(("c comment", 6));
    }
    keys.extend([("? help", 0), ("q quit", 0)]);
    keys
}

/// The help line for `width` columns: as many keys as fit.
pub fn help_line(app: &App, width: usize) -> String {
    let keys = help_keys(app);
    let max = keys.iter().map(|&(_, r)| r).max().unwrap_or(0);
    let mut text = String::new();
    for keep in (0..=max).rev() {
        text.clear();
        for &(k, _) in keys.iter().filter(|&&(_, r)| r <= keep) {
            text.push(' ');
            text.push_str(k);
            text.push(' ');
        }
        if text.trim_end().chars().count() <= width {
            break;
        }
    }
    text.trim_end().to_string()
}

pub(super) fn draw_help_line(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let text = help_line(app, area.width as usize);
    f.render_widget(Paragraph::new(text).style(theme.dim()), area);
}

/// The lines of the help for a box `width` columns wide inside and at
/// most `height` rows tall: the keys in a column, each description
/// wrapped under its own column, with a column to spare on either side,
/// then the board's legend, after a blank line.
fn help_lines(width: usize, height: usize, theme: &Theme) -> Vec<Line<'static>> {
    let keys_w = HELP
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let indent = keys_w + 3;
    let mut lines = Vec::new();
    for (k, what) in HELP {
        for (i, part) in wrap(what, width.saturating_sub(indent + 1))
            .into_iter()
            .enumerate()
        {
            let key = if i == 0 {
                format!(" {k:<keys_w$}  ")
            } else {
                " ".repeat(indent)
            };
            lines.push(Line::from(vec![
                Span::styled(key, theme.title()),
                Span::raw(part),
            ]));
        }
    }
    let board = "The board: X black, O white, *O the target, numbers the path or line (in narrow cells 10 on as their last digit, underlined), \
                 letters the candidate moves; the region is shaded (dots inside it).";
    let legend = wrap(board, width.saturating_sub(2));
    // Only when the whole help fits with it: a help that scrolls does
    // not end a page on a blank line or scroll for the blank alone.
    if lines.len() + 1 + legend.len() <= height {
        lines.push(Line::raw(""));
    }
    for part in legend {
        lines.push(Line::styled(format!(" {part}"), theme.dim()));
    }
    lines
}

/// The help, 78 columns wide at most, over `body` with a row to spare
/// above and below it and two columns at either side, as the problem
/// list: over an entry that did not load, the body is the error box, and
/// a help reaching its border would draw its own border along the box's;
/// over a board, the header and the message line stay in view. When it
/// is taller than that, it shows what fits and says in its lower border
/// which lines those are and which way there is more.
pub(super) fn draw_help(app: &App, f: &mut Frame, body: Rect, theme: &Theme) {
    let area = centered(
        body,
        body.width.saturating_sub(4),
        body.height.saturating_sub(2),
    );
    let w = area.width.min(78);
    let room = area.height.saturating_sub(2) as usize;
    let lines = help_lines(w.saturating_sub(2) as usize, room, theme);
    let n = lines.len();
    let rows = n.min(room);
    let max_top = n - rows;
    let top = app.help_view.get().top.min(max_top);
    app.help_view.set(Scroll { top, rows, max_top });
    let mut block = Block::new().borders(Borders::ALL).title(" keys ");
    if max_top > 0 {
        let more = match (top > 0, top < max_top) {
            (true, true) => "↑↓",
            (false, _) => "↓",
            (true, false) => "↑",
        };
        let hint = format!(" lines {}-{} of {n}, {more} more ", top + 1, top + rows);
        block = block.title_bottom(Line::styled(hint, theme.title()).right_aligned());
    }
    let r = centered(area, w, rows as u16 + 2);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines[top..top + rows].to_vec()).block(block),
        r,
    );
}
