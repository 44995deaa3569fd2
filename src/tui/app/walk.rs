//! Walking the most-proving path while searching, and the proof tree
//! once decided: back, forward, among the candidates, home and end.

use std::sync::Arc;

use shikatsu::board::Move;

use super::{App, Pending, Tone};
use crate::tui::worker::Request;

impl App {
    pub(super) fn walk_back(&mut self) {
        if self.solving() {
            let len = self.snap.path.len();
            self.path_cursor = match self.path_cursor {
                None if len > 0 => Some(len - 1),
                Some(k) => Some(k.min(len).saturating_sub(1)),
                c => c,
            };
            self.path_sel = None;
            return;
        }
        if self.explorer.is_none() || self.deciding() {
            return;
        }
        let Some(m) = self.line.pop() else {
            return;
        };
        self.refresh_node();
        if let Some(n) = &self.node {
            self.sel = n.candidates.iter().position(|c| c.mv == m).unwrap_or(0);
        }
    }

    pub(super) fn walk_forward(&mut self) {
        if self.solving() {
            let len = self.snap.path.len();
            self.path_cursor = match self.path_cursor {
                Some(k) if k + 1 < len => Some(k + 1),
                _ => None,
            };
            self.path_sel = None;
            return;
        }
        if self.deciding() {
            return;
        }
        let (Some(ex), Some(node)) = (&self.explorer, &self.node) else {
            if self.analysis().is_some_and(|a| a.proof.is_none()) {
                self.say("no proof to walk: the search did not decide", Tone::Info);
            }
            return;
        };
        if let Some((w, why)) = node.over {
            self.say_of_place(why.describe(w), Tone::Info);
            return;
        }
        let Some(c) = node.candidates.get(self.sel) else {
            return;
        };
        let mut next = self.line.clone();
        next.push(c.mv);
        if ex.winner(&next).is_some() || ex.node(&next).over.is_some() {
            self.line = next;
            self.refresh_node();
            self.sel = self.node.as_ref().and_then(|n| n.main).unwrap_or(0);
        } else {
            let h = ex.problem.board.height();
            self.say(
                format!("solving the position after {} ...", c.mv.human(h)),
                Tone::Info,
            );
            self.request_decide(next.clone(), Pending::Enter(next));
        }
    }

    /// Enter: into the chosen candidate. While searching that can only be
    /// the path's own move (Enter is → there): the search publishes the
    /// moves of the path's nodes alone, so of a move off the path it has
    /// nothing to show.
    pub(super) fn walk_enter(&mut self) {
        if self.solving() {
            let on_path = self.snap.path.get(self.path_shown()).map(|s| s.mv);
            if let Some(m) = self.path_sel.filter(|&m| Some(m) != on_path) {
                let h = self.problem().map_or(19, |(p, _)| p.board.height());
                self.say_of_search(
                    format!(
                        "{} is off the most-proving path: while searching, only the path is walked",
                        m.human(h)
                    ),
                    Tone::Info,
                );
                self.message_short = vec!["while searching, only the path is walked".into()];
                self.message_of_place = true;
                return;
            }
        }
        self.walk_forward();
    }

    pub(super) fn request_decide(&mut self, moves: Vec<Move>, pending: Pending) {
        let Some(ex) = &self.explorer else { return };
        let req = Request::Decide {
            problem: Arc::clone(&ex.problem),
            side: ex.side,
            master: ex.master,
            moves,
            opts: self.opts,
        };
        self.paused = false;
        let job = self.worker.start(req, false);
        self.pending = Some((job, pending));
    }

    pub(super) fn select_candidate(&mut self, d: isize) {
        if self.solving() {
            self.choose_on_path(d);
            return;
        }
        let n = self.node.as_ref().map_or(0, |n| n.candidates.len());
        if n == 0 {
            return;
        }
        self.sel = (self.sel as isize + d).clamp(0, n as isize - 1) as usize;
    }

    /// ↑↓ while searching: among the moves of the path's node on show,
    /// in the panel's order. At the path's end nothing is chosen at first:
    /// the search's pick is the first.
    fn choose_on_path(&mut self, d: isize) {
        let ranked = self.snap.ranked(self.path_shown());
        if ranked.is_empty() {
            self.say_of_place("no moves known here yet", Tone::Info);
            return;
        }
        let now = self.path_choice();
        let i = now
            .and_then(|m| ranked.iter().position(|s| s.mv == m))
            .unwrap_or(0) as isize;
        let j = if now.is_none() && d < 0 {
            0
        } else {
            (i + d).clamp(0, ranked.len() as isize - 1) as usize
        };
        self.path_sel = Some(ranked[j].mv);
    }

    pub(super) fn walk_home(&mut self) {
        if self.solving() {
            self.path_cursor = (!self.snap.path.is_empty()).then_some(0);
            self.path_sel = None;
            return;
        }
        if self.deciding() {
            return;
        }
        self.line.clear();
        self.refresh_node();
        self.sel = self.node.as_ref().and_then(|n| n.main).unwrap_or(0);
    }

    pub(super) fn walk_end(&mut self) {
        if self.solving() {
            self.path_cursor = None;
            self.path_sel = None;
            return;
        }
        let Some(ex) = &self.explorer else { return };
        if self.deciding() {
            return;
        }
        let rest = ex.main_line(&self.line);
        self.line.extend(rest);
        self.refresh_node();
        self.sel = self.node.as_ref().and_then(|n| n.main).unwrap_or(0);
    }
}
