//! The board: the problem's corner cropped to its region, stones,
//! target, region shading, the numbered path or line and the labels.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use shikatsu::analysis::Status;
use shikatsu::board::{Board, Color, Move, Point, column_letter};
use shikatsu::dfpn::Game;
use shikatsu::problem::Problem;
use shikatsu::tsumego::{KoMaster, Tsumego};

use super::Theme;
use crate::tui::app::App;
use crate::tui::explore::numbered;

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
pub(super) struct BoardPicture<'a> {
    problem: &'a Problem,
    board: Board,
    numbered: Vec<(Point, usize, Color)>,
    /// Text on empty points: a candidate's letter, or its number (at
    /// most two columns).
    labels: Vec<(Point, String, Style)>,
    cursor: Option<Point>,
}

/// Columns the board takes with cells `cell` wide (2 or 3).
pub(super) fn board_width(problem: &Problem, cell: usize) -> u16 {
    let (x0, _, x1, _) = crop(problem);
    (3 + cell * (x1 - x0 + 1) + 2) as u16
}

/// Board cells are three columns wide when that fits in `room`, so that
/// move numbers from 10 on stay apart from each other and from the row
/// numbers ("12 15", not "1215"); two when it does not (a whole 19x19
/// board in 80 columns, or a board that would squeeze the panel), where
/// a move from 10 on shows its last digit, underlined.
pub(super) fn cell_width(problem: &Problem, room: u16, panel: u16) -> usize {
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

pub(super) fn board_lines(pic: &BoardPicture, cell: usize, theme: &Theme) -> Vec<Line<'static>> {
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
                // Two digits would fill a narrow cell and touch the
                // next one ("1320" for 13 and 20): its last digit only,
                // marked as such (the panel gives the line in full).
                (Some(c), Some(&(_, n, _)), _) if cell == 2 && n >= 10 => {
                    (format!(" {}", n % 10), theme.last_digit(c))
                }
                (Some(c), Some(&(_, n, _)), _) => (format!("{n:>2}"), theme.numbered(c)),
                (Some(c), None, _) => {
                    let sym = if c == Color::Black { 'X' } else { 'O' };
                    if targets.contains(&p) && c == problem.defender {
                        (format!("*{sym}"), theme.stone(c).patch(theme.target()))
                    } else {
                        (format!(" {sym}"), theme.stone(c))
                    }
                }
                // A number of two digits would touch the next cell as
                // move numbers would: "+" says 10 or more (the panel
                // lists them whole).
                (None, _, Some((_, l, st))) if cell == 2 && l.chars().count() > 1 => {
                    (" +".to_string(), base.patch(*st))
                }
                (None, _, Some((_, l, st))) => (format!("{l:>2}"), base.patch(*st)),
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

pub(super) fn picture<'a>(app: &App, problem: &'a Problem, side: Color) -> BoardPicture<'a> {
    if app.solving() {
        // The most-proving path, up to the step on show, after the moves
        // to the search's root (a first move, say).
        let k = app.path_shown();
        let moves = app.snap.line(k);
        let mut pic = line_picture(problem, side, app.search_master(), &moves);
        if app.values {
            pic.labels = value_labels(app, k);
            // A number on the board is then always a pn or dn: the path's
            // stones lose theirs, or "7" beside "9" could be either (the
            // panel lists the path's moves).
            pic.numbered.clear();
        }
        // The move chosen there, marked as the try cursor is.
        pic.cursor = match app.path_choice() {
            Some(Move::Play(p)) if app.path_cursor.is_some() || app.path_sel.is_some() => Some(p),
            _ => None,
        };
        return pic;
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
                labels.push((p, c.label.to_string(), st));
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

/// The moves at the path's node after `k` moves, each labelled with the
/// number its side to move picks by: pn where the prover moves, dn where
/// the opponent does.
fn value_labels(app: &App, k: usize) -> Vec<(Point, String, Style)> {
    let theme = Theme {
        mono: app.config.mono,
    };
    let prover_moves = app.snap.prover_moves(k);
    (app.snap.children(k).iter())
        .filter_map(|s| match s.mv {
            Move::Play(p) => {
                let v = if prover_moves { s.pn } else { s.dn };
                Some((p, short_number(v), theme.dim()))
            }
            Move::Pass => None,
        })
        .collect()
}

/// A number in a board cell's two columns: 0 to 99 as it is, "++" from
/// 100 (the full numbers are in the panel), "∞" for a decided child; a
/// two-column cell shows "+" for two digits.
fn short_number(v: u32) -> String {
    match v {
        shikatsu::dfpn::INF.. => "∞".to_string(),
        0..=99 => v.to_string(),
        _ => "++".to_string(),
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
