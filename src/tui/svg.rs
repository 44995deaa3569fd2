//! A rendered frame as SVG, for the README's screenshots: every cell of a
//! ratatui buffer with its colours and modifiers, in a dark terminal's
//! palette (the Tango colours most terminals start with).

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

const CELL_W: f64 = 8.4;
const CELL_H: f64 = 17.0;
const FONT: f64 = 14.0;
const BACKGROUND: &str = "#1e1e1e";
const FOREGROUND: &str = "#d3d7cf";

fn rgb(c: Color, fg: bool) -> Option<String> {
    let s = match c {
        Color::Reset => return None,
        Color::Black => "#000000",
        Color::Red => "#cc0000",
        Color::Green => "#4e9a06",
        Color::Yellow => "#c4a000",
        Color::Blue => "#3465a4",
        Color::Magenta => "#75507b",
        Color::Cyan => "#06989a",
        Color::Gray => "#d3d7cf",
        Color::DarkGray => "#555753",
        Color::LightRed => "#ef2929",
        Color::LightGreen => "#8ae234",
        Color::LightYellow => "#fce94f",
        Color::LightBlue => "#729fcf",
        Color::LightMagenta => "#ad7fa8",
        Color::LightCyan => "#34e2e2",
        Color::White => "#eeeeec",
        Color::Rgb(r, g, b) => return Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(_) => {
            return Some(if fg { FOREGROUND } else { BACKGROUND }.to_string());
        }
    };
    Some(s.to_string())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The buffer as an SVG document.
pub fn to_svg(buf: &Buffer) -> String {
    let (w, h) = (buf.area.width as usize, buf.area.height as usize);
    let (pw, ph) = (w as f64 * CELL_W + 16.0, h as f64 * CELL_H + 16.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw:.0}" height="{ph:.0}" viewBox="0 0 {pw:.0} {ph:.0}">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>"#
    );
    let _ = writeln!(
        out,
        r#"<g transform="translate(8 8)" font-family="'DejaVu Sans Mono', Menlo, Consolas, monospace" font-size="{FONT}" xml:space="preserve">"#
    );
    for y in 0..h {
        let mut x = 0;
        while x < w {
            // A run of cells with the same look.
            let cell = &buf.content[y * w + x];
            let key = (cell.fg, cell.bg, cell.modifier);
            let mut end = x + 1;
            while end < w {
                let c = &buf.content[y * w + end];
                if (c.fg, c.bg, c.modifier) != key {
                    break;
                }
                end += 1;
            }
            let reversed = cell.modifier.contains(Modifier::REVERSED);
            let mut fg = rgb(cell.fg, true).unwrap_or_else(|| FOREGROUND.to_string());
            let mut bg = rgb(cell.bg, false);
            if reversed {
                let old_bg = bg.unwrap_or_else(|| BACKGROUND.to_string());
                bg = Some(fg);
                fg = old_bg;
            }
            let (x0, y0) = (x as f64 * CELL_W, y as f64 * CELL_H);
            if let Some(bg) = bg {
                let _ = writeln!(
                    out,
                    r#"<rect x="{x0:.1}" y="{y0:.1}" width="{:.1}" height="{CELL_H}" fill="{bg}"/>"#,
                    (end - x) as f64 * CELL_W
                );
            }
            let text: String = (x..end).map(|i| buf.content[y * w + i].symbol()).collect();
            if !text.trim().is_empty() {
                let xs: Vec<String> = (x..end)
                    .map(|i| format!("{:.1}", i as f64 * CELL_W))
                    .collect();
                let mut attrs = format!(r#"fill="{fg}""#);
                if cell.modifier.contains(Modifier::BOLD) {
                    attrs.push_str(r#" font-weight="bold""#);
                }
                if cell.modifier.contains(Modifier::DIM) {
                    attrs.push_str(r#" opacity="0.6""#);
                }
                if cell.modifier.contains(Modifier::UNDERLINED) {
                    attrs.push_str(r#" text-decoration="underline""#);
                }
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{:.1}" {attrs}>{}</text>"#,
                    xs.join(" "),
                    y0 + CELL_H * 0.78,
                    escape(&text)
                );
            }
            x = end;
        }
    }
    out.push_str("</g>\n</svg>\n");
    out
}
