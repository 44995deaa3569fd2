//! "Try it yourself": the player plays the side to move against the
//! proof, and each move is judged by the solver.

use std::sync::Arc;

use shikatsu::board::{Bits, Move, Point};
use shikatsu::problem::Ko;

use super::{App, Pending, THINKING, Tone, TryState, parse_point};
use crate::tui::explore::NodeView;
use crate::tui::keys::Action;

impl App {
    pub(super) fn enter_try(&mut self) {
        let Some(ex) = &self.explorer else {
            if self.problem().is_none() {
                self.say("nothing to try: this entry did not load", Tone::Info);
            } else if self.solving() {
                // Gone when the search ends, when t works.
                self.say_of_search("try it yourself once the problem is solved", Tone::Info);
            } else {
                self.say("try it yourself needs a proof: r solves again", Tone::Info);
            }
            return;
        };
        let p = &ex.problem;
        let side = ex.side;
        // Start the cursor in the middle of the region's empty points.
        let pts: Vec<usize> = (p.region.area & p.board.empty()).iter().collect();
        let cursor = pts
            .get(pts.len() / 2)
            .map(|&i| Point(i as u16))
            .unwrap_or(Point::new(0, 0));
        let goal = p.goal(side);
        self.line.clear();
        self.refresh_node();
        self.try_state = Some(TryState {
            cursor,
            typed: String::new(),
            log: vec![(
                format!("You play {} to {goal}. Your move.", side.name()),
                Tone::Info,
            )],
        });
        self.say(
            "try it yourself: arrows and Enter, or type a point like c3; u takes back",
            Tone::Info,
        );
        self.message_short = vec!["arrows and Enter, or type c3; u takes back".into()];
    }

    pub(super) fn leave_try(&mut self) {
        self.try_state = None;
        if self.deciding() {
            self.worker.cancel();
            self.pending = None;
        }
        self.line.clear();
        self.refresh_node();
        self.sel = self.node.as_ref().and_then(|n| n.main).unwrap_or(0);
        self.message = None;
    }

    pub(super) fn try_note(&mut self, text: String, tone: Tone) {
        self.say(text.clone(), tone);
        if let Some(t) = &mut self.try_state {
            if t.log.last().is_some_and(|(l, _)| l.ends_with(THINKING)) {
                t.log.pop();
            }
            t.log.push((text, tone));
        }
    }

    pub(super) fn move_cursor(&mut self, action: Action) {
        let Some(p) = self.problem().map(|(p, _)| Arc::clone(p)) else {
            return;
        };
        let Some(t) = &mut self.try_state else { return };
        let (w, h) = (p.board.width() as isize, p.board.height() as isize);
        let (mut x, mut y) = (t.cursor.x() as isize, t.cursor.y() as isize);
        match action {
            Action::Left => x -= 1,
            Action::Right => x += 1,
            Action::Up => y -= 1,
            Action::Down => y += 1,
            Action::Home => x = 0,
            Action::End => x = w - 1,
            _ => {}
        }
        t.cursor = Point::new(x.clamp(0, w - 1) as usize, y.clamp(0, h - 1) as usize);
    }

    pub(super) fn type_char(&mut self, c: char) {
        let Some(t) = &mut self.try_state else { return };
        if t.typed.len() < 4 && (c.is_ascii_alphanumeric()) {
            t.typed.push(c.to_ascii_lowercase());
        }
    }

    pub(super) fn try_play_input(&mut self) {
        let Some(p) = self.problem().map(|(p, _)| Arc::clone(p)) else {
            return;
        };
        let Some(t) = &mut self.try_state else { return };
        let typed = std::mem::take(&mut t.typed);
        let mv = if typed.is_empty() {
            Some(Move::Play(t.cursor))
        } else {
            parse_point(&typed, p.board.width(), p.board.height())
        };
        match mv {
            Some(m) => self.try_play(m),
            None => self.say(
                format!("{typed:?} is not a point of this board (e.g. c3, or pass)"),
                Tone::Bad,
            ),
        }
    }

    /// The person plays `m` in try-it-yourself mode.
    pub fn try_play(&mut self, m: Move) {
        if self.try_state.is_none() || self.deciding() {
            return;
        }
        let (Some(ex), Some(node)) = (&self.explorer, &self.node) else {
            return;
        };
        let h = ex.problem.board.height();
        if node.over.is_some() {
            self.say("the game is over: u takes back", Tone::Info);
            return;
        }
        if node.to_move != ex.side {
            return;
        }
        if !node.candidates.iter().any(|c| c.mv == m) {
            // Why not, as a player would ask.
            let why = why_not_legal(node, &ex.problem.region.area, m);
            self.say(
                format!("{} is not a legal move here: {why}", m.human(h)),
                Tone::Bad,
            );
            return;
        }
        if let (Some(t), Move::Play(p)) = (&mut self.try_state, m) {
            t.cursor = p;
        }
        let mut next = self.line.clone();
        next.push(m);
        if ex.winner(&next).is_none() && ex.node(&next).over.is_none() {
            self.try_note(format!("{}: {THINKING}", m.human(h)), Tone::Info);
            self.request_decide(next.clone(), Pending::Try(next));
            return;
        }
        self.line = next;
        self.refresh_node();
        self.try_judge();
    }

    /// Says what the last move did and lets the program answer.
    pub(super) fn try_judge(&mut self) {
        loop {
            let Some(ex) = &self.explorer else { return };
            let Some(node) = self.node.clone() else {
                return;
            };
            let h = ex.problem.board.height();
            let person = ex.side;
            let ko_master = ex.master;
            let last = self.line.last().copied();
            if let Some((w, why)) = node.over {
                let text = format!(
                    "{}. {}",
                    why.describe(w),
                    if w == person {
                        "You succeeded."
                    } else {
                        "You failed: u takes back."
                    }
                );
                self.try_note(text, if w == person { Tone::Good } else { Tone::Bad });
                return;
            }
            let Some(winner) = node.winner else {
                self.request_decide(self.line.clone(), Pending::Try(self.line.clone()));
                return;
            };
            if node.to_move == person {
                // The program just answered (or nothing was played yet).
                return;
            }
            // The person just played `last`: judge it, then answer.
            if let Some(m) = last {
                let before = ex.winner(&self.line[..self.line.len() - 1]);
                let text = if winner == person {
                    format!("{}: right, it works.", m.human(h))
                } else {
                    let refutation: Vec<String> = ex
                        .main_line(&self.line)
                        .iter()
                        .map(|m| m.human(h))
                        .collect();
                    let why = if before == Some(person) {
                        "fails"
                    } else {
                        "fails (as every move does here)"
                    };
                    format!(
                        "{}: {why}. Refutation: {}",
                        m.human(h),
                        refutation.join(" ")
                    )
                };
                let good = winner == person;
                self.try_note(text, if good { Tone::Good } else { Tone::Bad });
            }
            let Some(i) = node.main else { return };
            let reply = node.candidates[i].mv;
            self.line.push(reply);
            self.refresh_node();
            let replier = person.opp().name();
            let text = if reply == Move::Pass && node.ko_barred {
                // A pass where a retake was the obvious answer needs its reason.
                let master = Ko::from(ko_master).describe();
                format!(
                    "{replier} answers pass: retaking the ko would repeat a position, \
                     which the ko rule bars {replier} from ({master})."
                )
            } else {
                format!("{replier} answers {}.", reply.human(h))
            };
            self.try_note(text, Tone::Info);
        }
    }

    pub(super) fn take_back(&mut self) {
        if self.try_state.is_none() {
            self.say("u takes back a move in try it yourself (t)", Tone::Info);
            return;
        }
        let Some(ex) = &self.explorer else { return };
        if self.line.is_empty() {
            self.say("nothing to take back: no move played yet", Tone::Info);
            return;
        }
        if self.deciding() {
            self.worker.cancel();
            self.pending = None;
        }
        let h = ex.problem.board.height();
        // Back to the person's previous turn.
        let mut undone = Vec::new();
        while let Some(m) = self.line.pop() {
            undone.push(m);
            if self.line.len().is_multiple_of(2) {
                break;
            }
        }
        self.refresh_node();
        if let Some(m) = undone.last() {
            self.try_note(format!("took back {}", m.human(h)), Tone::Info);
        }
    }
}

/// Why `m` is not among the legal moves at `node`, as a player would ask:
/// a stone is there, it is outside the region, it would be suicide (the
/// board refuses it whatever the history), or else it would repeat a
/// position, which the ko rule bars.
pub(crate) fn why_not_legal(node: &NodeView, region: &Bits, m: Move) -> &'static str {
    let Move::Play(p) = m else {
        return "a pass is always legal";
    };
    if node.board.color_at(p).is_some() {
        "there is a stone there"
    } else if !region.get(p.index()) {
        "it is outside the problem's region, where the game is played"
    } else if node
        .board
        .clone()
        .play_ignoring_ko(node.to_move, p)
        .is_err()
    {
        "it would be suicide"
    } else {
        "the ko rule bars it: it would repeat an earlier position"
    }
}
