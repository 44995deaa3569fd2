//! Why a game in a solution is over, read from its last position: what a
//! walk of the proof (the terminal UI, the proof SGF's comments) tells a
//! Go player at the end of each line. The checker has already judged who
//! wins there; this only names the rule.

use crate::board::{Board, Color, benson, dead};
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
            GameEnd::Repeats => "the position repeats, an endless cycle",
        }
    }

    /// "Black wins: the target is captured", and the like.
    pub fn describe(self, winner: Color) -> String {
        format!("{} wins: {}", winner.name(), self.reason())
    }
}
