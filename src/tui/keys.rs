//! Keys to actions. The one place that knows the key map: the help
//! overlay and the help line are drawn from [`HELP`].

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// Everything a key can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Quit,
    /// Ctrl-C: quit from anywhere (`q` closes the help first).
    Interrupt,
    /// Esc: close, leave, or quit.
    Back,
    Help,
    List,
    Next,
    Prev,
    Pause,
    Step,
    BigStep,
    Digit(char),
    Ko,
    Resolve,
    Write,
    Try,
    /// Label the search's candidate points with their numbers.
    Values,
    /// Show or hide the problem's comment.
    Comment,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    PageUp,
    PageDown,
    Enter,
    /// A letter or digit typed in try-it-yourself mode.
    Char(char),
    Backspace,
    Undo,
    None,
}

impl Action {
    /// The keys that move about the board or the line: the walk's, or
    /// try mode's cursor.
    pub fn moves_about(self) -> bool {
        matches!(
            self,
            Action::Left | Action::Right | Action::Up | Action::Down | Action::Home | Action::End
        )
    }
}

/// The key map, for the help overlay: (keys, what they do).
pub const HELP: &[(&str, &str)] = &[
    ("space", "pause / resume the search (stop a long step)"),
    ("s", "step the search by one expansion (5s: by five)"),
    (
        "S",
        "step the search by 100 expansions (or the count typed)",
    ),
    (
        "← →",
        "walk the line (the most-proving path while searching)",
    ),
    ("↑ ↓", "choose among the candidate moves of the position"),
    ("Home End", "back to the root / to the end of the main line"),
    (
        "Enter",
        "go into the chosen move (while searching: the path's)",
    ),
    (
        "t",
        "try it yourself: play the side to move against shikatsu",
    ),
    (
        "t: arrows Enter",
        "move the cursor and play (or type a point: c3, pass)",
    ),
    ("t: u  t: Esc", "take your last move back / leave try mode"),
    ("n p", "next / previous problem"),
    ("l", "list of the problems, to jump to one"),
    ("k", "ko setting: auto, none, Black master, White master"),
    ("r", "solve again (twice the limits after an unknown)"),
    ("w", "write the proof as SGF (in the current folder)"),
    ("v", "solving: pn/dn on candidate points, stones unnumbered"),
    (
        "c PgUp PgDn",
        "show / hide / scroll the comment (may tell the answer)",
    ),
    ("?", "this help (↑↓ scroll it if cut, other keys close it)"),
    (
        "q Esc Ctrl-C",
        "quit (Esc first leaves try mode or closes a window)",
    ),
];

/// The action for a key event. `typing`: try-it-yourself mode, where
/// letters and digits spell points.
pub fn action(key: KeyEvent, typing: bool) -> Action {
    if key.kind != KeyEventKind::Press {
        return Action::None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') | KeyCode::Char('q') => Action::Interrupt,
            _ => Action::None,
        };
    }
    match key.code {
        KeyCode::Esc => Action::Back,
        KeyCode::Left => Action::Left,
        KeyCode::Right => Action::Right,
        KeyCode::Up => Action::Up,
        KeyCode::Down => Action::Down,
        KeyCode::Home => Action::Home,
        KeyCode::End => Action::End,
        KeyCode::PageUp => Action::PageUp,
        KeyCode::PageDown => Action::PageDown,
        KeyCode::Enter => Action::Enter,
        KeyCode::Backspace => Action::Backspace,
        KeyCode::Char('?') => Action::Help,
        KeyCode::Char('u') if typing => Action::Undo,
        KeyCode::Char(c) if typing && c.is_ascii_alphanumeric() => Action::Char(c),
        KeyCode::Char(' ') if typing => Action::Enter,
        KeyCode::Char('q') => Action::Quit,
        KeyCode::Char(' ') => Action::Pause,
        KeyCode::Char('s') => Action::Step,
        KeyCode::Char('S') => Action::BigStep,
        KeyCode::Char(c) if c.is_ascii_digit() => Action::Digit(c),
        KeyCode::Char('n') => Action::Next,
        KeyCode::Char('p') => Action::Prev,
        KeyCode::Char('l') => Action::List,
        KeyCode::Char('k') => Action::Ko,
        KeyCode::Char('r') => Action::Resolve,
        KeyCode::Char('w') => Action::Write,
        KeyCode::Char('t') => Action::Try,
        KeyCode::Char('v') => Action::Values,
        KeyCode::Char('c') => Action::Comment,
        KeyCode::Char('u') => Action::Undo,
        _ => Action::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn letters_are_commands_outside_try_mode_and_points_inside() {
        assert_eq!(action(key(KeyCode::Char('n')), false), Action::Next);
        assert_eq!(action(key(KeyCode::Char('n')), true), Action::Char('n'));
        assert_eq!(action(key(KeyCode::Char('q')), false), Action::Quit);
        assert_eq!(action(key(KeyCode::Char('q')), true), Action::Char('q'));
        assert_eq!(action(key(KeyCode::Char('u')), true), Action::Undo);
        assert_eq!(action(key(KeyCode::Char('3')), false), Action::Digit('3'));
        assert_eq!(action(key(KeyCode::Char('3')), true), Action::Char('3'));
    }

    #[test]
    fn ctrl_c_quits_everywhere_and_releases_are_ignored() {
        let c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(c, true), Action::Interrupt);
        assert_eq!(action(c, false), Action::Interrupt, "not the comment");
        assert_eq!(action(key(KeyCode::Char('c')), false), Action::Comment);
        assert_eq!(action(key(KeyCode::Char('c')), true), Action::Char('c'));
        let mut release = key(KeyCode::Char('n'));
        release.kind = KeyEventKind::Release;
        assert_eq!(action(release, false), Action::None);
    }
}
