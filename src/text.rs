//! Text for people: counts in words, and text fitted to terminal
//! columns. A character of Japanese, Chinese or Korean takes two
//! columns, so widths are counted in columns, never in bytes (a cut
//! inside a character panics) or in characters (a row of wide ones
//! overflows its column).

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Terminal columns `text` takes.
pub fn columns(text: &str) -> usize {
    text.width()
}

/// `text`, or "…" and as much of its end as fits in `width` columns (a
/// file's name says most at its end).
pub fn cut_start(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut tail = Vec::new();
    let mut used = 1; // the "…"
    for c in text.chars().rev() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        tail.push(c);
    }
    std::iter::once('…').chain(tail.into_iter().rev()).collect()
}

/// `text`, or as much of its start as fits in `width` columns and "…"
/// (a name or a sentence says most at its start).
pub fn cut_end(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 1; // the "…"
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// `cut_start` padded with spaces to exactly `width` columns.
pub fn fit_left(text: &str, width: usize) -> String {
    pad_right(&cut_start(text, width), width)
}

/// `text` whole, padded with spaces to at least `width` columns.
pub fn pad_right(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.width());
    format!("{text}{}", " ".repeat(pad))
}

/// "1 result", "2 results": a count and a noun that takes an "s" in the
/// plural.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `text` broken into lines of at most `width` columns after its
/// clauses (", " or "; "), each line after the first indented by two
/// spaces: a summary line that fits the terminal instead of wrapping
/// inside a number. A clause longer than a line stays whole.
pub fn wrap_clauses(text: &str, width: usize) -> String {
    let mut clauses = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, ',' | ';') && text[i + 1..].starts_with(' ') {
            clauses.push(&text[start..=i]);
            start = i + 2;
        }
    }
    clauses.push(&text[start..]);
    fill(clauses, width, width.saturating_sub(2)).join("\n  ")
}

/// `pieces` joined by single spaces into lines, each taking the next
/// piece while it fits: the first line in `first` columns, the others
/// in `rest`. A piece wider than its line has a line of its own.
pub fn fill<'a>(
    pieces: impl IntoIterator<Item = &'a str>,
    first: usize,
    rest: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for piece in pieces {
        let room = if lines.len() == 1 { first } else { rest };
        match lines.last_mut() {
            Some(line) if line.width() + 1 + piece.width() <= room => {
                line.push(' ');
                line.push_str(piece);
            }
            _ => lines.push(piece.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_cut_and_padded_by_columns() {
        assert_eq!(fit_left("abc", 5), "abc  ");
        assert_eq!(fit_left("abcdef", 4), "…def");
        // Two columns a character: "…" and two of them make 5 of 6.
        assert_eq!(fit_left("詰碁問題", 6), "…問題 ");
        assert_eq!(columns(&fit_left("詰碁問題", 6)), 6);
        assert_eq!(cut_start("詰碁", 4), "詰碁");
        assert_eq!(cut_start("x", 0), "…");
        assert_eq!(cut_end("abcdef", 4), "abc…");
        assert_eq!(cut_end("詰碁問題", 6), "詰碁…");
        assert_eq!(cut_end("詰碁", 4), "詰碁");
        assert_eq!(pad_right("詰碁", 6), "詰碁  ");
        assert_eq!(pad_right("abcdef", 4), "abcdef");
    }

    #[test]
    fn a_long_line_breaks_after_its_clauses() {
        let line = "3 results: 3 solved (1 agree, 0 disagree), 0 unknown, 0 errors; 1,234 positions in 0.50 s";
        assert_eq!(wrap_clauses(line, 200), line);
        let wrapped = wrap_clauses(line, 40);
        assert_eq!(
            wrapped,
            "3 results: 3 solved (1 agree,\n  0 disagree), 0 unknown, 0 errors;\n  1,234 positions in 0.50 s"
        );
        assert!(wrapped.lines().all(|l| columns(l) <= 40));
        // A clause wider than the line is not cut.
        assert_eq!(wrap_clauses("no clauses here", 4), "no clauses here");
        // A comma inside a number is no clause's end.
        assert_eq!(
            wrap_clauses("12,345 positions, 2 s", 10),
            "12,345 positions,\n  2 s"
        );
    }

    #[test]
    fn one_of_a_thing_is_singular_and_none_or_many_plural() {
        assert_eq!(counted(0, "error"), "0 errors");
        assert_eq!(counted(1, "error"), "1 error");
        assert_eq!(counted(2, "result"), "2 results");
    }
}
