//! Drawing: `draw(&App, &mut Frame)`, read-only, for any backend.
//!
//! ```text
//!  header: program, problem (i/n), side to move and goal, ko, state
//!  board (coordinates, stones, region, target,  | counters / status
//!         numbered path or line, candidate      | path or line
//!         labels, try cursor)                   | candidates / try log
//!  message line
//!  help line (always)
//! ```

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as Tc, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use shikatsu::analysis::{Analysis, Status};
use shikatsu::board::{Board, Color, Move, Point, column_letter};
use shikatsu::dfpn::{Game, INF, PnDn};
use shikatsu::problem::Problem;
use shikatsu::tsumego::{KoMaster, Tsumego};

use super::app::{App, Entry, Overlay, Phase, Tone, ko_name, masters, over_text};
use super::explore::{Mark, numbered};
use super::keys::{Action, HELP};

/// The smallest terminal drawn in full.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 16;

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
    if r >= 1e6 {
        format!("{:.1}M/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.0}k/s", r / 1e3)
    } else {
        format!("{r:.0}/s")
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
    if v >= INF {
        "∞".to_string()
    } else {
        v.to_string()
    }
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
                Line::raw(format!("  {e}")),
                Line::raw(""),
            ];
            if app.entries.len() > 1 {
                lines.push(Line::raw(
                    "The rest of the collection is fine: n and p move to the other problems, l lists them.",
                ));
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
    draw_help_line(app, f, help, &theme);
    match app.overlay {
        Overlay::Help => draw_help(app, f, area, &theme),
        Overlay::List { sel } => draw_list(app, f, area, sel, &theme),
        Overlay::None => {}
    }
}

fn state_text(app: &App) -> String {
    if app.try_state.is_some() {
        return "try it yourself".to_string();
    }
    // "paused" once the search has actually stopped at the gate.
    let paused = if app.snap.held { "paused" } else { "pausing" };
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
    if app.limits_raised() {
        rest.push_str(&format!(
            "  limits: {}",
            super::app::limits_text(app.opts.limits)
        ));
    }
    let mut state = state_text(app);
    let width = area.width as usize;
    let need = |left: &str, state: &str| {
        // Two spaces before the state, one after.
        left.chars().count() + rest.chars().count() + state.chars().count() + 3
    };
    // Short of room, the program's name goes first, then the word
    // "solved" of a long status, so that the label keeps some room. A bare
    // "ko" stays "solved: ko": next to "ko: auto" it would read as part of
    // the ko setting.
    if need(&left, &state) + label.chars().count() > width {
        left = String::from(" ");
    }
    if need(&left, &state) + label.chars().count().min(16) > width
        && let Some(short) = state.strip_prefix("solved: ")
        && short != "ko"
    {
        state = short.to_string();
    }
    let room = width.saturating_sub(need(&left, &state));
    let label = if label.chars().count() > room {
        let skip = label.chars().count() - room.saturating_sub(1);
        format!("…{}", label.chars().skip(skip).collect::<String>())
    } else {
        label
    };
    left.push_str(&label);
    left.push_str(&rest);
    let pad = width.saturating_sub(left.chars().count() + state.chars().count() + 1);
    let text = format!("{left}{}{state} ", " ".repeat(pad));
    f.render_widget(Paragraph::new(text).style(theme.header()), area);
}

fn draw_message(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let line = if !app.count.is_empty() {
        Line::raw(format!(
            " count {}: s or S steps that many expansions",
            app.count
        ))
    } else if let Some((text, tone)) = &app.message {
        Line::styled(format!(" {text}"), theme.tone(*tone))
    } else {
        Line::raw("")
    };
    f.render_widget(Paragraph::new(line), area);
}

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

fn draw_help_line(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let text = help_line(app, area.width as usize);
    f.render_widget(Paragraph::new(text).style(theme.dim()), area);
}

/// The part of the board worth showing: stones and region, plus a margin.
fn crop(problem: &Problem) -> (usize, usize, usize, usize) {
    let b = &problem.board;
    let used = problem.region.area | b.occupied();
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for i in used.iter() {
        let p = Point(i as u16);
        x0 = x0.min(p.x());
        y0 = y0.min(p.y());
        x1 = x1.max(p.x());
        y1 = y1.max(p.y());
    }
    if x0 == usize::MAX {
        return (0, 0, b.width() - 1, b.height() - 1);
    }
    (
        x0.saturating_sub(1),
        y0.saturating_sub(1),
        (x1 + 1).min(b.width() - 1),
        (y1 + 1).min(b.height() - 1),
    )
}

/// What to draw on the board.
struct BoardPicture<'a> {
    problem: &'a Problem,
    board: Board,
    numbered: Vec<(Point, usize, Color)>,
    labels: Vec<(Point, char, Style)>,
    cursor: Option<Point>,
}

/// Columns the board takes with cells `cell` wide (2 or 3).
fn board_width(problem: &Problem, cell: usize) -> u16 {
    let (x0, _, x1, _) = crop(problem);
    (3 + cell * (x1 - x0 + 1) + 2) as u16
}

/// Board cells are three columns wide when that fits in `room`, so that
/// move numbers from 10 on stay apart from each other and from the row
/// numbers ("12 15", not "1215"); two when it does not (a whole 19x19
/// board in 80 columns, or a board that would squeeze the panel).
fn cell_width(problem: &Problem, room: u16, panel: u16) -> usize {
    let w = board_width(problem, 3);
    if w <= room && panel.saturating_sub(w) >= PANEL_WIDTH {
        3
    } else {
        2
    }
}

/// The panel beside the board keeps this many columns before the board's
/// cells widen (its counters fit on their lines).
const PANEL_WIDTH: u16 = 40;

fn board_lines(pic: &BoardPicture, cell: usize, theme: &Theme) -> Vec<Line<'static>> {
    let problem = pic.problem;
    let h = problem.board.height();
    let (x0, y0, x1, y1) = crop(problem);
    let targets: Vec<Point> = problem.targets.clone();
    let mut out = Vec::new();
    let mut head = String::from("   ");
    for x in x0..=x1 {
        head.push_str(if cell == 3 { "  " } else { " " });
        head.push(column_letter(x));
    }
    out.push(Line::styled(head, theme.dim()));
    for y in y0..=y1 {
        // With narrow cells, "19 " and " 5 ": the row number never touches
        // a two-digit move number.
        let row = if cell == 3 {
            format!("{:>3}", h - y)
        } else {
            format!("{:>2} ", h - y)
        };
        let mut spans = vec![Span::styled(row, theme.dim())];
        for x in x0..=x1 {
            let p = Point::new(x, y);
            let inside = problem.region.area.get(p.index());
            let base = if inside { theme.region() } else { Style::new() };
            let stone = pic.board.color_at(p);
            let number = pic.numbered.iter().find(|(q, _, _)| *q == p);
            let label = pic.labels.iter().find(|(q, _, _)| *q == p);
            let (text, style) = match (stone, number, label) {
                (Some(c), Some(&(_, n, _)), _) => (format!("{n:>2}"), theme.numbered(c)),
                (Some(c), None, _) => {
                    let sym = if c == Color::Black { 'X' } else { 'O' };
                    if targets.contains(&p) && c == problem.defender {
                        (format!("*{sym}"), theme.stone(c).patch(theme.target()))
                    } else {
                        (format!(" {sym}"), theme.stone(c))
                    }
                }
                (None, _, Some(&(_, l, st))) => (format!(" {l}"), base.patch(st)),
                (None, _, None) if inside => (" .".to_string(), base),
                (None, _, None) => (" ·".to_string(), theme.outside()),
            };
            let style = if pic.cursor == Some(p) {
                style.patch(theme.selected())
            } else {
                style
            };
            if cell == 3 {
                // The gap takes the point's ground, not its stone.
                let ground = if inside { base } else { Style::new() };
                spans.push(Span::styled(" ", ground));
            }
            spans.push(Span::styled(text, style));
        }
        out.push(Line::from(spans));
    }
    out
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
    let lines = if app.try_state.is_some() {
        try_panel(app, width, height, theme)
    } else if app.solving() {
        search_panel(app, problem, side, width, height, theme)
    } else {
        match &app.phase {
            Phase::Decided { analysis, running } => {
                decided_panel(app, problem, analysis, *running, width, height, theme)
            }
            Phase::Failed(msg) => vec![
                Line::styled("The solver failed (a bug):", theme.tone(Tone::Bad)),
                Line::raw(msg.clone()),
            ],
            _ => Vec::new(),
        }
    };
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn picture<'a>(app: &App, problem: &'a Problem, side: Color) -> BoardPicture<'a> {
    if app.solving() {
        // The most-proving path, up to the step on show.
        let k = app.path_cursor.map_or(app.snap.path.len(), |c| c + 1);
        let moves: Vec<Move> = app.snap.path.iter().take(k).map(|s| s.mv).collect();
        return line_picture(problem, side, app.search_master(), &moves);
    }
    let Some(node) = &app.node else {
        // An unknown: the line its search stopped on.
        let unknown = app.analysis().is_some_and(|a| a.status == Status::Unknown);
        if let Some((master, line)) = app.stopped_on().filter(|_| unknown) {
            return line_picture(problem, side, master, line);
        }
        return BoardPicture {
            problem,
            board: problem.board,
            numbered: Vec::new(),
            labels: Vec::new(),
            cursor: None,
        };
    };
    let theme = Theme {
        mono: app.config.mono,
    };
    let mut labels = Vec::new();
    let trying = app.try_state.is_some();
    if !trying {
        for (i, c) in node.candidates.iter().enumerate() {
            if let Move::Play(p) = c.mv {
                let mut st = theme.mark(c.mark);
                if i == app.sel {
                    st = st.patch(theme.selected());
                }
                labels.push((p, c.label, st));
            }
        }
    }
    BoardPicture {
        problem,
        board: node.board,
        numbered: node.numbered.clone(),
        labels,
        cursor: app.try_state.as_ref().map(|t| t.cursor),
    }
}

/// The problem with a line of a search played on it as numbered stones,
/// as far as the line stays legal (a kept line may be shown under other
/// rules than it was found under).
fn line_picture<'a>(
    problem: &'a Problem,
    side: Color,
    master: KoMaster,
    line: &[Move],
) -> BoardPicture<'a> {
    let mut game: Tsumego = Tsumego::new(problem, side, side, master);
    let mut moves = Vec::new();
    for &m in line {
        if !game.legal_moves().contains(&m) {
            break;
        }
        game.play(m);
        moves.push(m);
    }
    let board = *game.board();
    BoardPicture {
        problem,
        numbered: numbered(&board, &moves, side),
        board,
        labels: Vec::new(),
        cursor: None,
    }
}

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
        (
            format!("{:.2} s", s.running.as_secs_f64()),
            rate(s.positions_per_second()),
        )
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

fn search_panel(
    app: &App,
    problem: &Problem,
    side: Color,
    width: usize,
    height: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let h = problem.board.height();
    let mut lines = counters(app, theme);
    let ms = masters(app.opts.ko, side);
    let master = match app.search_master() {
        Some(c) => format!("{} is ko master", c.name()),
        None => "no ko master".to_string(),
    };
    lines.push(Line::raw(format!(
        "search {} of {}: {master}",
        (app.snap.search + 1).min(ms.len()),
        ms.len()
    )));
    let path = &app.snap.path;
    let title = match app.path_cursor {
        Some(k) => format!("most-proving path, step {}/{}", k + 1, path.len()),
        None => "most-proving path".to_string(),
    };
    lines.push(heading(&title, width, theme));
    let room = height.saturating_sub(lines.len());
    let sel = app.path_cursor.unwrap_or(path.len().saturating_sub(1));
    let start = if path.len() <= room || app.path_cursor.is_none() {
        0
    } else {
        sel.saturating_sub(room / 2).min(path.len() - room)
    };
    let mut c = if start % 2 == 0 { side } else { side.opp() };
    for (i, step) in path.iter().enumerate().skip(start).take(room) {
        let more = path.len() - i;
        if lines.len() + 1 == height && more > 1 {
            lines.push(Line::styled(format!("  … {more} more"), theme.dim()));
            break;
        }
        let text = format!(
            "{:>3} {} {:<5} pn {:>4}  dn {:>4}",
            i + 1,
            c.letter(),
            step.mv.human(h),
            num(step.pn),
            num(step.dn)
        );
        let st = if app.path_cursor == Some(i) {
            theme.selected()
        } else {
            Style::new()
        };
        lines.push(Line::styled(text, st));
        c = c.opp();
    }
    if path.is_empty() {
        lines.push(Line::styled("  (the root)", theme.dim()));
    }
    // The moves at the path's end, best first for the side to move there.
    let cands = &app.snap.candidates;
    if app.path_cursor.is_none() && !cands.is_empty() && lines.len() + 2 <= height {
        let mover = if path.len().is_multiple_of(2) {
            side
        } else {
            side.opp()
        };
        lines.push(heading(
            &format!("candidates at move {} ({})", path.len() + 1, mover.name()),
            width,
            theme,
        ));
        let mut sorted: Vec<_> = cands.iter().collect();
        // The prover picks by pn, the opponent by dn.
        if mover == side {
            sorted.sort_by_key(|s| (s.pn, s.dn));
        } else {
            sorted.sort_by_key(|s| (s.dn, s.pn));
        }
        let mut row = String::from(" ");
        for st in sorted {
            let v = if mover == side { st.pn } else { st.dn };
            let word = format!(
                "  {} {} {}",
                st.mv.human(h),
                if mover == side { "pn" } else { "dn" },
                num(v)
            );
            if row.chars().count() + word.chars().count() > width {
                lines.push(Line::raw(std::mem::take(&mut row)));
                if lines.len() + 1 > height {
                    break;
                }
                row = String::from(" ");
            }
            row.push_str(&word);
        }
        if lines.len() < height && !row.trim().is_empty() {
            lines.push(Line::raw(row));
        }
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

fn decided_panel(
    app: &App,
    problem: &Problem,
    a: &Analysis,
    running: std::time::Duration,
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
    let speed = if app.config.redact {
        "-.-- s  -/s".to_string()
    } else {
        let secs = running.as_secs_f64();
        let r = if secs > 0.0 {
            a.positions as f64 / secs
        } else {
            0.0
        };
        format!("{secs:.2} s  {}", rate(r))
    };
    lines.push(Line::raw(format!(
        "{} positions  {speed}",
        thousands(a.positions)
    )));
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
            text.push_str(&format!(" (root pn {}, dn {}).", a.root_pn, a.root_dn));
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
            format!("game over: {}", over_text(w, why)),
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
    // Lines left, assuming the line list took one (it may wrap).
    let room = height.saturating_sub(lines.len() + 1).max(1);
    let n = node.candidates.len();
    let start = if n <= room {
        0
    } else {
        app.sel.saturating_sub(room / 2).min(n - room)
    };
    for (i, c) in node.candidates.iter().enumerate().skip(start).take(room) {
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
        lines.push(Line::from(vec![
            Span::raw(format!("{marker} ")),
            Span::styled(c.label.to_string(), theme.mark(c.mark)),
            Span::raw(" "),
            Span::styled(format!("{:<5}", c.mv.human(h)), mv),
            Span::raw(" "),
            Span::styled(what, theme.mark(c.mark)),
        ]));
    }
    lines
}

fn try_panel(app: &App, width: usize, height: usize, theme: &Theme) -> Vec<Line<'static>> {
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

/// The help overlay's scroll: the first line shown, and, as the last
/// frame left them, the lines shown and the largest first line (0: the
/// help fits). The arrows scroll only a help that is cut, and never past
/// its end; on a help that fits they close it like any other key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HelpView {
    pub top: usize,
    pub rows: usize,
    pub max_top: usize,
}

impl HelpView {
    /// The view after `action`, if it scrolls (↑ ↓ PgUp PgDn on a help
    /// that is cut); `None`: the key closes the help.
    pub fn scrolled(self, action: Action) -> Option<HelpView> {
        if self.max_top == 0 {
            return None;
        }
        let page = self.rows.saturating_sub(1).max(1);
        let top = match action {
            Action::Up => self.top.saturating_sub(1),
            Action::Down => self.top + 1,
            Action::PageUp => self.top.saturating_sub(page),
            Action::PageDown => self.top + page,
            _ => return None,
        };
        Some(HelpView {
            top: top.min(self.max_top),
            ..self
        })
    }
}

/// `text` in lines of at most `width` columns, broken between words (a
/// word longer than a line is cut).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            lines.push(line.chars().take(width).collect());
            line = rest;
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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
        for (i, part) in wrap_words(what, width.saturating_sub(indent + 1))
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
    for part in wrap_words(board, width.saturating_sub(2)) {
        lines.push(Line::styled(format!(" {part}"), theme.dim()));
    }
    lines
}

/// The help, 78 columns wide, or the terminal's width when that is at most
/// a few columns more (a one-column strip beside the box would show the
/// panel's rules through it). When it is taller
/// than the terminal, it shows what fits and says in its lower border
/// which lines those are and which way there is more.
fn draw_help(app: &App, f: &mut Frame, area: Rect, theme: &Theme) {
    let w = if area.width <= 82 { area.width } else { 78 };
    let lines = help_lines(w.saturating_sub(2) as usize, theme);
    let n = lines.len();
    let rows = n.min(area.height.saturating_sub(2) as usize);
    let max_top = n - rows;
    let top = app.help_view.get().top.min(max_top);
    app.help_view.set(HelpView { top, rows, max_top });
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

fn entry_status(app: &App, i: usize) -> String {
    match &app.entries[i] {
        Entry::Error(_) => "load error".to_string(),
        Entry::Problem { problem, side } => {
            let mut s = format!("{} {}", side.letter(), problem.goal(*side));
            if let Some(a) = app.cached(i) {
                s.push_str(&format!("  {}", a.status.as_str()));
            } else if i == app.current && app.solving() {
                s.push_str("  solving");
            }
            s
        }
    }
}

fn draw_list(app: &App, f: &mut Frame, area: Rect, sel: usize, theme: &Theme) {
    let r = centered(
        area,
        area.width.saturating_sub(6).min(90),
        area.height.saturating_sub(4),
    );
    let inner_h = r.height.saturating_sub(2) as usize;
    let n = app.entries.len();
    let start = if n <= inner_h {
        0
    } else {
        sel.saturating_sub(inner_h / 2).min(n - inner_h)
    };
    let w = r.width.saturating_sub(2) as usize;
    let lines: Vec<Line> = (start..n.min(start + inner_h))
        .map(|i| {
            let status = entry_status(app, i);
            let label = app.short_label(&app.entries[i]);
            let room = w.saturating_sub(status.chars().count() + 8);
            let label = if label.chars().count() > room {
                let skip = label.chars().count() - room.saturating_sub(1);
                format!("…{}", label.chars().skip(skip).collect::<String>())
            } else {
                label
            };
            let text = format!("{:>4} {label:<room$}  {status}", i + 1);
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
