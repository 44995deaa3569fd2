//! Why a game in a solution is over, read from its last position: what a
//! walk of the proof (the terminal UI, the proof SGF's comments) tells a
//! Go player at the end of each line. The checker has already judged who
//! wins there; this only names the rule.

use crate::board::{Board, Color, Point, benson, dead};
use crate::problem::Problem;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Every target block is off the board.
    Captured,
    /// Two passes in a row with the target on the board (eyes or seki).
    BothPassed,
    /// No attacker move can ever capture the target (Benson's test).
    AliveForGood,
    /// The target cannot make two eyes whatever the defender does
    /// (`board::dead`).
    NoRoom,
    /// Whatever the attacker plays, the defender has an answer that makes
    /// the target alive for good, or after which the same holds again.
    LivesInAnswers,
    /// A move or pass brought back an earlier position: the cycle could go
    /// on for ever, which counts for the defender.
    Repeats,
}

impl GameEnd {
    /// The rule that ended the game in `board` (`to_move` to play, after
    /// `passes` passes in a row), tried in the order they can hold.
    pub fn of(problem: &Problem, board: &Board, to_move: Color, passes: usize) -> GameEnd {
        let left: Vec<_> = (problem.targets.iter().copied())
            .filter(|&t| board.color_at(t) == Some(problem.defender))
            .collect();
        if left.is_empty() {
            return GameEnd::Captured;
        }
        if passes >= 2 {
            return GameEnd::BothPassed;
        }
        let alive = benson::alive(board, problem.defender, problem.region.area);
        if left.iter().any(|t| alive.get(t.index())) {
            return GameEnd::AliveForGood;
        }
        let safe = problem.region.safe_wall;
        if dead::targets_no_room(
            board,
            left.into_iter(),
            problem.defender,
            to_move,
            safe,
            problem.region.area,
        ) {
            return GameEnd::NoRoom;
        }
        if to_move != problem.defender && lives_in_answers(problem, board) {
            return GameEnd::LivesInAnswers;
        }
        GameEnd::Repeats
    }

    /// The side this rule gives the game to.
    pub fn winner(self, problem: &Problem) -> Color {
        match self {
            GameEnd::Captured | GameEnd::NoRoom => problem.attacker(),
            _ => problem.defender,
        }
    }

    /// What happened, for people: "the target is captured".
    pub fn reason(self) -> &'static str {
        match self {
            GameEnd::Captured => "the target is captured",
            GameEnd::BothPassed => "both sides pass, the target still on the board",
            GameEnd::AliveForGood => "the target is alive for good",
            GameEnd::NoRoom => "the target has no room for two eyes",
            GameEnd::LivesInAnswers => {
                "every attacker move has an answer that makes the target alive for good, \
                 at once or after one more exchange"
            }
            GameEnd::Repeats => "the position repeats, an endless cycle",
        }
    }

    /// "Black wins: the target is captured", and the like.
    pub fn describe(self, winner: Color) -> String {
        format!("{} wins: {}", winner.name(), self.reason())
    }
}

/// Whether every attacker move on `board` has a defender answer (the pass
/// among them) after which a target is alive by Benson's test, or after
/// which the same holds again with one answer fewer (two in all, as the
/// checker reads). Read on the stones alone: the checker has judged the
/// leaf under the path's repetition rule, this only names the rule it
/// met.
pub fn lives_in_answers(problem: &Problem, board: &Board) -> bool {
    lives_within(problem, board, crate::proof::check::LIFE_ANSWERS)
}

/// `lives_in_answers`, reading at most `answers` answers deep.
fn lives_within(problem: &Problem, board: &Board, answers: u32) -> bool {
    let area = problem.region.area;
    let attacker = problem.attacker();
    let lives = |b: &Board| {
        let alive = benson::alive(b, problem.defender, area);
        (problem.targets.iter())
            .any(|t| b.color_at(*t) == Some(problem.defender) && alive.get(t.index()))
    };
    (area & board.empty()).iter().all(|i| {
        let mut after = *board;
        if after.play_ignoring_ko(attacker, Point(i as u16)).is_err() {
            return true;
        }
        if !problem
            .targets
            .iter()
            .any(|t| after.color_at(*t) == Some(problem.defender))
        {
            return false;
        }
        let answered = |a: usize| {
            let mut r = after;
            r.play_ignoring_ko(problem.defender, Point(a as u16))
                .is_ok()
                .then_some(r)
        };
        let points = area & after.empty();
        lives(&after)
            || points
                .iter()
                .any(|a| answered(a).is_some_and(|r| lives(&r)))
            || answers > 1
                && points
                    .iter()
                    .any(|a| answered(a).is_some_and(|r| lives_within(problem, &r, answers - 1)))
    })
}
