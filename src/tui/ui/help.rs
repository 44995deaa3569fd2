//! The help line, always shown, and the `?` overlay of every key.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::wrap::wrap;
use super::{Scroll, Theme, centered};
use crate::tui::app::{App, Entry, Overlay};
use crate::tui::keys::HELP;

/// The keys of the help line, each with a rank: when the line does not
/// fit, the highest ranks go first, and rank 0 (how to get help and how
/// to leave) always stays.
fn help_keys(app: &App) -> &'static [(&'static str, u8)] {
    if app.overlay == Overlay::Help {
        &[("any key closes the help", 0)]
    } else if app.overlay != Overlay::None {
        &[
            ("↑↓ choose", 1),
            ("Enter go", 1),
            ("Esc close", 0),
            ("q quit", 0),
        ]
    } else if app.try_state.is_some() {
        &[
            ("arrows/c3 point", 1),
            ("Enter play", 1),
            ("u take back", 2),
            ("Esc leave", 0),
            ("? help", 0),
        ]
    } else if app.solving() || app.deciding() {
        &[
            ("space pause", 1),
            ("s step", 2),
            ("S ×100", 4),
            ("←→ path", 3),
            ("n/p problem", 2),
            ("l list", 3),
            ("k ko", 4),
            ("v values", 5),
            ("c comment", 6),
            ("? help", 0),
            ("q quit", 0),
        ]
    } else if matches!(app.entry(), Some(Entry::Problem { .. })) {
        &[
            ("←→ line", 1),
            ("↑↓ moves", 2),
            ("t try", 3),
            ("w SGF", 4),
            ("n/p problem", 2),
            ("l list", 3),
            ("k ko", 4),
            ("c comment", 5),
            ("? help", 0),
            ("q quit", 0),
        ]
    } else {
        &[
            ("n/p problem", 1),
            ("l list", 2),
            ("? help", 0),
            ("q quit", 0),
        ]
    }
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

/// The lines of the help for a box `width` columns wide inside: the keys
/// in a column, each description wrapped under its own column, with a
/// column to spare on either side.
fn help_lines(width: usize, theme: &Theme) -> Vec<Line<'static>> {
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
    lines.push(Line::raw(""));
    let board = "The board: X black, O white, *O the target, numbers the path or line, \
                 letters the candidate moves; the region is shaded (dots inside it).";
    for part in wrap(board, width.saturating_sub(2)) {
        lines.push(Line::styled(format!(" {part}"), theme.dim()));
    }
    lines
}

/// The help, 78 columns wide, or the terminal's width when that is at most
/// a few columns more (a one-column strip beside the box would show the
/// panel's rules through it). When it is taller
/// than the terminal, it shows what fits and says in its lower border
/// which lines those are and which way there is more.
pub(super) fn draw_help(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let w = if area.width <= 82 { area.width } else { 78 };
    let lines = help_lines(w.saturating_sub(2) as usize, theme);
    let n = lines.len();
    let rows = n.min(area.height.saturating_sub(2) as usize);
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
