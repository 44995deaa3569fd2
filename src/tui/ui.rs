//! Drawing: `draw(&App, &mut Frame)`, read-only, for any backend. The
//! board, the side panel and the help are drawn by the submodules
//! `board`, `panels` and `help`.
//!
//! ```text
//!  header: program, problem (i/n), side to move and goal, ko, state
//!  board (coordinates, stones, region, target,  | counters / status
//!         numbered path or line, candidate      | path or line
//!         labels, try cursor)                   | candidates / try log
//!                                               | (or, on `c`, the comment)
//!  message line
//!  help line (always)
//! ```

use std::time::Duration;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use shikatsu::analysis::Status;
use shikatsu::board::Color;
use shikatsu::dfpn::PnDn;
use shikatsu::problem::Problem;

use super::app::{App, Entry, Overlay, Phase, Tone, ko_name};
use super::explore::Mark;
use super::keys::Action;
use crate::text::{columns, cut_end, cut_start, fit_left};

mod board;
mod help;
mod panels;
mod wrap;

use board::{board_lines, board_width, cell_width, picture};
use help::{draw_help, draw_help_line};
#[cfg(test)]
pub(super) use panels::search_label;
use panels::{comment_panel, decided_panel, fit_panel, search_panel, try_panel};

/// The smallest terminal drawn in full.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 16;

/// The scroll of a text taller than where it is shown (the help, the
/// comment): the first line shown, and, as the last frame left them, the
/// lines shown and the largest first line (0: the text fits). Only the
/// draw knows the terminal's size, so it is the draw that clamps these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scroll {
    pub top: usize,
    pub rows: usize,
    pub max_top: usize,
}

impl Scroll {
    /// The view after `action`, if it scrolls: ↑ ↓ PgUp PgDn Home End on a text
    /// that is cut, never past its end. `None` on a text that fits, so
    /// that there the key can do what it does elsewhere (the help closes
    /// on it like on any other key).
    pub fn scrolled(self, action: Action) -> Option<Scroll> {
        if self.max_top == 0 {
            return None;
        }
        let page = self.rows.saturating_sub(1).max(1);
        let top = match action {
            Action::Up => self.top.saturating_sub(1),
            Action::Down => self.top + 1,
            Action::PageUp => self.top.saturating_sub(page),
            Action::PageDown => self.top + page,
            Action::Home => 0,
            Action::End => self.max_top,
            _ => return None,
        };
        Some(Scroll {
            top: top.min(self.max_top),
            ..self
        })
    }
}

/// Styles, with a monochrome variant (modifiers only) for `NO_COLOR`.
#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub mono: bool,
}

impl Theme {
    fn pick(&self, color: Style, mono: Style) -> Style {
        if self.mono { mono } else { color }
    }
    fn stone(&self, c: Color) -> Style {
        match c {
            Color::Black => self.pick(
                Style::new()
                    .fg(Tc::White)
                    .bg(Tc::Black)
                    .add_modifier(Modifier::BOLD),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Color::White => self.pick(
                Style::new()
                    .fg(Tc::Black)
                    .bg(Tc::White)
                    .add_modifier(Modifier::BOLD),
                Style::new(),
            ),
        }
    }
    /// A numbered stone: without colour, black is drawn reversed.
    fn numbered(&self, c: Color) -> Style {
        match c {
            Color::Black => self.pick(
                self.stone(c),
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            ),
            Color::White => self.pick(
                self.stone(c),
                Style::new().add_modifier(Modifier::UNDERLINED),
            ),
        }
    }
    /// A numbered stone from move 10 on in a narrow cell, which shows
    /// the number's last digit: underlined (without colour a white one,
    /// underlined already, is bold too).
    fn last_digit(&self, c: Color) -> Style {
        let style = self.numbered(c).add_modifier(Modifier::UNDERLINED);
        if self.mono && c == Color::White {
            style.add_modifier(Modifier::BOLD)
        } else {
            style
        }
    }
    fn region(&self) -> Style {
        self.pick(Style::new().fg(Tc::Black).bg(Tc::Yellow), Style::new())
    }
    fn outside(&self) -> Style {
        self.pick(
            Style::new().fg(Tc::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }
    fn target(&self) -> Style {
        self.pick(
            Style::new().fg(Tc::Red).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
    fn mark(&self, m: Mark) -> Style {
        let c = match m {
            Mark::Wins => Tc::Green,
            Mark::Weaker(_) => Tc::Magenta,
            Mark::Unknown => Tc::Blue,
            Mark::Fails => Tc::Red,
        };
        self.pick(
            Style::new().fg(c).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
    fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    fn title(&self) -> Style {
        self.pick(
            Style::new().fg(Tc::Cyan).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
    fn dim(&self) -> Style {
        self.pick(
            Style::new().fg(Tc::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }
    fn header(&self) -> Style {
        self.pick(
            Style::new().fg(Tc::Black).bg(Tc::Cyan),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }
    fn tone(&self, t: Tone) -> Style {
        match t {
            Tone::Info => Style::new(),
            Tone::Good => self.pick(
                Style::new().fg(Tc::Green),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Tone::Bad => self.pick(
                Style::new().fg(Tc::Red),
                Style::new().add_modifier(Modifier::BOLD),
            ),
        }
    }
}

/// 1234567 -> "1,234,567".
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// 2_900_000.0 -> "2.9M/s".
pub fn rate(r: f64) -> String {
    format!("{}/s", short(r))
}

/// 1_234_567 -> "1.2M", 34_500 -> "35k", 28 -> "28".
fn short(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.1}M", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.0}k", r / 1e3)
    } else {
        format!("{r:.0}")
    }
}

/// A time as the counters give it: seconds with two decimals from one
/// second on, below that milliseconds, with one decimal below 10 ms (as
/// `pct` gives a share), so that a tiny search does not read "0.00 s".
/// 0.0034 s -> "3.4 ms", 0.34 s -> "340 ms", 12.345 s -> "12.35 s".
pub fn duration_text(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    // The bounds are where the rounding would write "10.0 ms" or "1000 ms".
    if ms < 9.95 {
        format!("{ms:.1} ms")
    } else if ms < 999.5 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.2} s", ms / 1e3)
    }
}

/// A share in percent: one decimal below 10%.
fn pct(a: u64, b: u64) -> String {
    let p = if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    };
    if p < 10.0 {
        format!("{p:.1}%")
    } else {
        format!("{p:.0}%")
    }
}

fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

fn num(v: PnDn) -> String {
    shikatsu::dfpn::shown(v)
}

pub fn draw(app: &App, f: &mut Frame) {
    let theme = Theme {
        mono: app.config.mono,
    };
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "The terminal is {}x{}; shikatsu needs at least {MIN_WIDTH}x{MIN_HEIGHT}. q quits.",
            area.width, area.height
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [header, body, message, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    draw_header(app, f, header, &theme);
    match app.entry() {
        None => {
            let text = format!(
                "No problems found under {}.\n\nGive a file, a collection or a folder of .sgf files: shikatsu tui PATH",
                app.source.display()
            );
            f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), body);
        }
        Some(Entry::Error(e)) => {
            let mut lines = vec![
                Line::styled("This problem could not be loaded:", theme.tone(Tone::Bad)),
                Line::raw(""),
            ];
            // The error indented, its wrapped lines too.
            let inside = body.width.saturating_sub(2) as usize;
            for part in wrap::wrap(&e.to_string(), inside.saturating_sub(2)) {
                lines.push(Line::raw(format!("  {part}")));
            }
            lines.push(Line::raw(""));
            let others = app.entries.len().saturating_sub(1);
            let loaded = app
                .entries
                .iter()
                .enumerate()
                .filter(|&(i, e)| i != app.current && e.problem().is_some())
                .count();
            // (`shikatsu tui` does not open when no entry loaded.)
            if others > 0 {
                let what = if loaded == others {
                    "The rest of the collection is fine".to_string()
                } else {
                    format!("{loaded} of the other {others} entries loaded")
                };
                lines.push(Line::raw(format!(
                    "{what}: n and p move to the other problems, l lists them."
                )));
            }
            let block = Block::new().borders(Borders::ALL).title(" load error ");
            f.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(block),
                body,
            );
        }
        Some(Entry::Problem { problem, side }) => {
            draw_body(app, f, body, problem, *side, &theme);
        }
    }
    draw_message(app, f, message, &theme);
    // The help overlay, inside the body, leaves the help line in view
    // (it says how to close the overlay, and whether the arrows scroll
    // it, which the overlay's draw finds out).
    if app.overlay == Overlay::Help {
        draw_help(app, f, body, &theme);
    }
    draw_help_line(app, f, help, &theme);
    if let Overlay::List { sel } = app.overlay {
        draw_list(app, f, body, sel, &theme);
    }
}

fn state_text(app: &App) -> String {
    if app.try_state.is_some() {
        return "try it yourself".to_string();
    }
    // "paused" once the search has actually stopped at the gate; a
    // step of many expansions, running, is not a pause.
    let paused = if app.stepping().is_some_and(|(_, asked)| asked > 1) {
        "stepping"
    } else if app.snap.held {
        "paused"
    } else {
        "pausing"
    };
    if app.deciding() {
        return if app.paused {
            paused
        } else {
            "solving a variation"
        }
        .to_string();
    }
    match &app.phase {
        Phase::Idle => match app.entry() {
            Some(Entry::Error(_)) => "load error".to_string(),
            _ => "idle".to_string(),
        },
        Phase::Solving => if app.paused { paused } else { "solving" }.to_string(),
        Phase::Decided { analysis, .. } => match analysis.status {
            Status::Unknown => "unknown".to_string(),
            st => format!("solved: {}", st.as_str()),
        },
        Phase::Failed(_) => "solver failed".to_string(),
    }
}

fn draw_header(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let n = app.entries.len();
    let mut left = String::from(" shikatsu  ");
    let label = app.entry().map(|e| app.short_label(e)).unwrap_or_default();
    let mut rest = format!(" ({}/{})", if n == 0 { 0 } else { app.current + 1 }, n);
    if let Some((p, side)) = app.problem() {
        rest.push_str(&format!("  {} to {}", side.name(), p.goal(side)));
    }
    rest.push_str(&format!("  ko: {}", ko_name(app.opts.ko)));
    // Limits raised by `r` after an unknown hold for every problem after:
    // say so where the other settings are.
    let width = area.width as usize;
    if app.limits_raised() {
        // In short ("limits 120 s, 40k") when the whole would leave the
        // problem's name little room.
        let l = app.opts.limits;
        let whole = format!("  limits: {}", super::app::limits_text(l));
        let mut brief = Vec::new();
        if let Some(t) = l.time {
            brief.push(format!("{} s", t.as_secs_f64()));
        }
        if let Some(n) = l.positions {
            brief.push(short(n as f64));
        }
        let brief = format!("  limits {}", brief.join(", "));
        let tight = 1 + columns(&rest) + columns(&whole) + columns(&state_text(app)) + 3 + 16;
        rest.push_str(if tight > width { &brief } else { &whole });
    }
    let mut state = state_text(app);
    let need = |left: &str, state: &str| {
        // Two spaces before the state, one after.
        columns(left) + columns(&rest) + columns(state) + 3
    };
    // Short of room, the program's name goes first, then the word
    // "solved" of a long status, so that the label keeps some room. A bare
    // "ko" stays "solved: ko": next to "ko: auto" it would read as part of
    // the ko setting.
    if need(&left, &state) + columns(&label) > width {
        left = String::from(" ");
    }
    if need(&left, &state) + columns(&label).min(16) > width
        && let Some(short) = state.strip_prefix("solved: ")
        && short != "ko"
    {
        state = short.to_string();
    }
    let room = width.saturating_sub(need(&left, &state));
    left.push_str(&cut_start(&label, room));
    left.push_str(&rest);
    let pad = width.saturating_sub(columns(&left) + columns(&state) + 1);
    let text = format!("{left}{}{state} ", " ".repeat(pad));
    f.render_widget(Paragraph::new(text).style(theme.header()), area);
}

fn draw_message(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let line = if !app.count.is_empty() {
        let text = format!(" count {}: s or S steps that many expansions", app.count);
        let esc = ", Esc cancels";
        if columns(&text) + columns(esc) <= area.width as usize {
            Line::raw(format!("{text}{esc}"))
        } else {
            Line::raw(text)
        }
    } else if let Some(text) = stepping_text(app, area.width as usize) {
        Line::raw(text)
    } else if let Some((text, tone)) = &app.message {
        // The message, or the first of its shorter forms that fits.
        let room = (area.width as usize).saturating_sub(1);
        let text = std::iter::once(text)
            .chain(&app.message_short)
            .find(|t| columns(t) <= room)
            .or(app.message_short.last())
            .unwrap_or(text);
        Line::styled(format!(" {}", cut_words(text, room)), theme.tone(*tone))
    } else {
        Line::raw("")
    };
    f.render_widget(Paragraph::new(line), area);
}

/// A step of many expansions under way, for the message line: how far
/// it has come, and how to stop it (the longest form that fits).
fn stepping_text(app: &App, width: usize) -> Option<String> {
    let (made, asked) = app.stepping().filter(|&(_, asked)| asked > 1)?;
    let pct = pct(made, asked);
    let (made, asked) = (thousands(made), thousands(asked));
    let forms = [
        format!(" stepping {asked} expansions…  {made} done ({pct}); space or Esc stops"),
        format!(" stepping {asked}…  {made} done ({pct}); space stops"),
        format!(" stepping {asked}…  {pct}; space stops"),
    ];
    let last = forms[2].clone();
    Some(
        forms
            .into_iter()
            .find(|t| columns(t) <= width)
            .unwrap_or(last),
    )
}

/// `text` in `width` columns: whole when it fits, else cut after the
/// last word that fits, "…" saying there was more (never in a word).
fn cut_words(text: &str, width: usize) -> String {
    if columns(text) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        let sep = usize::from(!out.is_empty());
        if columns(&out) + sep + columns(word) + 2 > width {
            break;
        }
        if sep > 0 {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        // One word wider than the line: its start.
        return cut_end(text, width);
    }
    format!("{out} …")
}

fn draw_body(app: &App, f: &mut Frame, area: Rect, problem: &Problem, side: Color, theme: &Theme) {
    let room = area.width / 2 + 4;
    let cell = cell_width(problem, room, area.width);
    let bw = board_width(problem, cell).min(room);
    let [left, right] =
        Layout::horizontal([Constraint::Length(bw), Constraint::Min(10)]).areas(area);
    let pic = picture(app, problem, side);
    f.render_widget(Paragraph::new(board_lines(&pic, cell, theme)), left);
    let block = Block::new()
        .borders(Borders::LEFT)
        .border_style(theme.dim());
    let inner = block.inner(right);
    f.render_widget(block, right);
    let width = inner.width as usize;
    let height = inner.height as usize;
    // Try mode keeps its log: there `c` spells a point, and the comment
    // would give the answer away to someone trying.
    let lines = if app.try_state.is_some() {
        try_panel(app, width, height, theme)
    } else if app.comment {
        comment_panel(app, problem, width, height, theme)
    } else if app.solving() {
        search_panel(app, problem, side, width, height, theme)
    } else {
        match &app.phase {
            Phase::Decided {
                analysis,
                running,
                root,
            } => decided_panel(
                app,
                problem,
                analysis,
                (*running, *root),
                width,
                height,
                theme,
            ),
            Phase::Failed(msg) => vec![
                Line::styled("The solver failed (a bug):", theme.tone(Tone::Bad)),
                Line::raw(msg.clone()),
            ],
            _ => Vec::new(),
        }
    };
    let lines = fit_panel(lines, width, height);
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Entry `i`'s side and goal ("B kill"; empty for a load error) and its
/// result ("unconditional", "solving", "load error"; empty before one).
fn entry_status(app: &App, i: usize) -> (String, &'static str) {
    match &app.entries[i] {
        Entry::Error(_) => (String::new(), "load error"),
        Entry::Problem { problem, side } => {
            let goal = format!("{} {}", side.letter(), problem.goal(*side));
            let result = if let Some(a) = app.cached(i) {
                a.status.as_str()
            } else if i == app.current && app.solving() {
                "solving"
            } else {
                ""
            };
            (goal, result)
        }
    }
}

/// A problem's file and name in `room` columns: both whole when they
/// fit, else the file cut at its start (its end names it) and the name
/// at its end, each keeping about half, rather than the two cut as one
/// text (which left "…gf  Eternal life ...").
fn list_label(file: &str, name: &str, room: usize) -> String {
    if name.is_empty() {
        return file.to_string();
    }
    let (f, n) = (columns(file), columns(name));
    if f + 2 + n <= room {
        return format!("{file}  {name}");
    }
    let file_room = f.min((room / 2).max(room.saturating_sub(n + 2)));
    let name_room = room.saturating_sub(file_room + 2);
    if name_room < 8 {
        return file.to_string();
    }
    format!(
        "{}  {}",
        cut_start(file, file_room),
        cut_end(name, name_room)
    )
}

/// The problem list, over `body` with a row to spare above and below it:
/// over an entry that did not load, the body is the error box, and a list
/// reaching its border would draw its own border along the box's.
fn draw_list(app: &App, f: &mut Frame, body: Rect, sel: usize, theme: &Theme) {
    let r = centered(
        body,
        body.width.saturating_sub(6).min(90),
        body.height.saturating_sub(2),
    );
    let inner_h = r.height.saturating_sub(2) as usize;
    let n = app.entries.len();
    let start = if n <= inner_h {
        0
    } else {
        sel.saturating_sub(inner_h / 2).min(n - inner_h)
    };
    let w = r.width.saturating_sub(2) as usize;
    // Columns: number, file and name, side and goal, result, each as
    // wide as its widest entry, so that they line up from row to row
    // (a result that comes in moves the columns of every row alike).
    let widths = |i| {
        let (goal, result) = entry_status(app, i);
        (columns(&goal), columns(result))
    };
    let (goal_w, result_w) = (0..n)
        .map(widths)
        .fold((0, 0), |(g, r), (a, b)| (g.max(a), r.max(b)));
    let lines: Vec<Line> = (start..n.min(start + inner_h))
        .map(|i| {
            let (goal, result) = entry_status(app, i);
            // A collection's problems differ by number only: their
            // names (GN) tell them apart.
            let file = app.short_label(&app.entries[i]);
            let mut name = String::new();
            if let Some((p, _)) = app.entries[i].problem()
                && let Some(n) = p.name.as_deref().filter(|n| !n.trim().is_empty())
            {
                let n: String = n
                    .chars()
                    .map(|c| if c.is_control() { ' ' } else { c })
                    .collect();
                name = n.split_whitespace().collect::<Vec<_>>().join(" ");
            }
            let room = w.saturating_sub(goal_w + result_w + 10);
            let label = list_label(&file, &name, room);
            let text = format!(
                "{:>4} {}  {}  {}",
                i + 1,
                fit_left(&label, room),
                fit_left(&goal, goal_w),
                fit_left(result, result_w)
            );
            let st = if i == sel {
                theme.selected()
            } else {
                Style::new()
            };
            Line::styled(text, st)
        })
        .collect();
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(
            Block::new()
                .borders(Borders::ALL)
                .title(format!(" problems ({n}): Enter jumps, Esc closes ")),
        ),
        r,
    );
}
