//! Text broken into lines of a panel's or a box's width, counted in
//! terminal columns (see `crate::text`): a problem's comment may be in
//! Japanese, whose characters take two columns each and whose words run
//! on with no space between them.

use unicode_width::UnicodeWidthChar;

/// `text` in lines of at most `width` columns. The text's own line
/// breaks are kept (an SGF comment's line breaks are hard ones); within a
/// line, spaces are where it breaks, and so is either side of a wide
/// character, as a Japanese line may break between any two characters.
/// A word longer than a line is cut. Runs of spaces, and spaces at the
/// ends of a line, are dropped.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for line in text.lines() {
        wrap_line(line, width, &mut out);
    }
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

/// An SGF comment's text with the line breaks of its file's own wrapping
/// taken out: a line that starts with spaces goes on from the line before
/// it, as the bundled problems (and any file written by hand) indent a
/// long comment's lines under its first. Any other line break is kept,
/// as the SGF standard has it (a comment's "Correct.", "Wrong." and lists
/// are on lines of their own), and so is a blank line.
pub(super) fn unfold(text: &str) -> String {
    let mut out = String::new();
    let mut blank = false;
    for (i, line) in text.lines().enumerate() {
        let rest = line.trim_start();
        if i > 0 {
            let goes_on = !blank && !rest.is_empty() && rest.len() < line.len();
            out.push(if goes_on { ' ' } else { '\n' });
        }
        out.push_str(rest);
        blank = rest.is_empty();
    }
    out
}

fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// The pieces a line may break between: (text, columns, a space before it).
fn pieces(line: &str) -> Vec<(String, usize, bool)> {
    let mut pieces: Vec<(String, usize, bool)> = Vec::new();
    let mut gap = false;
    // The last piece is a word of narrow characters that goes on.
    let mut open = false;
    for c in line.chars() {
        // A control character (a tab, a stray escape) would move the
        // terminal's cursor: it separates words as a space does.
        if c.is_whitespace() || c.is_control() {
            gap = true;
            open = false;
            continue;
        }
        let w = char_width(c);
        match pieces.last_mut() {
            // A zero-width mark stays with the character it marks.
            Some(last) if !gap && (w == 0 || (w == 1 && open)) => {
                last.0.push(c);
                last.1 += w;
            }
            _ => {
                pieces.push((c.to_string(), w, gap));
                open = w <= 1;
            }
        }
        if w > 1 {
            open = false;
        }
        gap = false;
    }
    pieces
}

fn wrap_line(line: &str, width: usize, out: &mut Vec<String>) {
    let mut text = String::new();
    let mut used = 0;
    for (piece, w, space) in pieces(line) {
        let sep = usize::from(space && used > 0);
        if used > 0 && used + sep + w > width {
            out.push(std::mem::take(&mut text));
            used = 0;
        }
        if space && used > 0 {
            text.push(' ');
            used += 1;
        }
        for c in piece.chars() {
            let cw = char_width(c);
            if used > 0 && used + cw > width {
                out.push(std::mem::take(&mut text));
                used = 0;
            }
            text.push(c);
            used += cw;
        }
    }
    // Also an empty line: a blank line between paragraphs stays.
    out.push(text);
}

#[cfg(test)]
mod tests {
    use super::{unfold, wrap};
    use crate::text::columns;

    #[test]
    fn words_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("  one   two  ", 20), ["one two"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a abcdefghij", 4), ["a", "abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("a b", 0), ["a", "b"], "no width is one column");
    }

    #[test]
    fn line_breaks_are_kept_with_blank_lines_between_paragraphs() {
        assert_eq!(
            wrap("Black to kill.\n\nAnswer:\r\n  B2", 20),
            ["Black to kill.", "", "Answer:", "B2"]
        );
    }

    #[test]
    fn a_comment_wrapped_in_its_file_is_one_paragraph_again() {
        assert_eq!(
            unfold("A direct ko with no approach\n   move. White to move\n   lives."),
            "A direct ko with no approach move. White to move lives."
        );
        assert_eq!(unfold("Correct.\nBlack lives."), "Correct.\nBlack lives.");
        assert_eq!(
            unfold("One.\n\n  Two\n  three."),
            "One.\n\nTwo three.",
            "an indented line after a blank one starts a paragraph"
        );
        assert_eq!(unfold("\n\nOne.\n"), "\n\nOne.");
    }

    #[test]
    fn japanese_breaks_between_characters_by_columns() {
        // Five characters of two columns: two a line in five columns.
        assert_eq!(wrap("黒先白死。", 5), ["黒先", "白死", "。"]);
        // A run of wide characters goes on the same line as the word
        // before it, with no space added, and breaks where it must.
        let lines = wrap("Black B2で白は死にます。", 12);
        assert_eq!(lines, ["Black B2で白", "は死にます。"]);
        for l in wrap("黒先で白を殺してください。正解は B2 です。", 9) {
            assert!(columns(&l) <= 9, "{l:?}");
        }
        // A combining mark stays with its letter.
        assert_eq!(wrap("abe\u{301}", 3), ["abe\u{301}"]);
    }

    #[test]
    fn a_character_wider_than_the_line_still_goes_on_a_line_of_its_own() {
        assert_eq!(wrap("黒白", 1), ["黒", "白"]);
    }
}
