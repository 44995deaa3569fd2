//! Ko grades: how many external ko threats each side needs, searched
//! count by count, and how they are written for people and for JSON.

use super::{Analysis, Engine, Options, Status};
use crate::board::{Color, Move};
use crate::dfpn::{Observer, Outcome};
use crate::problem::{Ko, Problem};
use crate::proof::Line;

/// Ko grades are searched up to this many external threats.
pub const GRADE_LIMIT: u8 = 6;
/// A ko grade's count past the limit: every count up to `GRADE_LIMIT` was
/// searched and each verdict checked, and none was enough (a double ko or
/// a cycle that only a ko master's unlimited retakes win). Reported as
/// `>6`; `None` is a count the search did not tell.
pub const OVER_LIMIT: u8 = GRADE_LIMIT + 1;

/// A ko grade for people: threats the side needs / the opponent needs,
/// `>6` past the limit, `?` where the search did not tell. When the side
/// needs more than the limit, the opponent's count is not asked: `-`.
pub fn grade_text(need: Option<u8>, opponent: Option<u8>) -> String {
    if need == Some(OVER_LIMIT) {
        return format!("{}/-", count_text(need));
    }
    format!("{}/{}", count_text(need), count_text(opponent))
}

/// One count of a ko grade for people (see `grade_text`).
pub fn count_text(count: Option<u8>) -> String {
    match count {
        Some(OVER_LIMIT) => format!(">{GRADE_LIMIT}"),
        Some(n) => n.to_string(),
        None => "?".to_string(),
    }
}

/// A ko grade's count as JSON gives it: a number of threats, else null.
pub fn count_value(count: Option<u8>) -> Option<u8> {
    count.filter(|&n| n <= GRADE_LIMIT)
}

/// A count of threats in words: "2", or "more than 6".
pub(super) fn threats_text(n: u8) -> String {
    if n == OVER_LIMIT {
        format!("more than {GRADE_LIMIT}")
    } else {
        n.to_string()
    }
}

/// The ko grade of a ko result (after `moves`): the fewest external
/// threats `side` needs against an opponent with none (`from` or more),
/// then the fewest the opponent needs to turn that; each count is backed
/// by two checked searches (the count wins, one fewer loses; the count
/// below `from` is known to lose). Also says whether every verdict was
/// checked.
fn ko_grades<O: Observer<Move>>(
    engine: &mut Engine,
    observer: &mut O,
    problem: &Problem,
    side: Color,
    moves: &[Move],
    from: u8,
) -> (Option<u8>, Option<u8>, bool) {
    let mut threats = [0u8; 2];
    let mut checked = true;
    // Whether `tree`, written out for `ko` and left unchecked, is checked
    // as the solution of the result `proven` says. One the checker
    // rejects (a bug, never seen) is decided again, as any verdict whose
    // solution fails is: strictly, on a table of its own.
    let verify = |engine: &mut Engine, observer: &mut O, ko: Ko, tree: &[Line], proven: bool| {
        engine.check((problem, side, side, ko, moves), proven, tree) || {
            let v = engine.decide(problem, side, side, ko, moves, observer);
            v.checked && (v.outcome == Outcome::Proven) == proven
        }
    };
    // The smallest count for `who`, from `from` up, at which the search
    // ends in `wanted` (`OVER_LIMIT` when no count up to the limit does,
    // None when the budget runs out or a verdict is not checked).
    //
    // A side's chances only grow with its threats (it may leave one
    // unspent), so of the counts that fall short only the last one backs
    // the grade: each one's solution is written out (which also settles
    // the table for the next count's) but checked only once the next
    // count ends the scan. A grade of 4 checks two solutions, not five.
    let mut smallest = |engine: &mut Engine, who: Color, from: u8, wanted: Outcome| {
        // The count before this one, when it fell short: its ko setting
        // and its solution, still to be checked.
        let mut short: Option<(Ko, Vec<Line>)> = None;
        for n in from..=GRADE_LIMIT {
            threats[who.index()] = n;
            let ko = Ko::threats(threats[0], threats[1]);
            let too_large = engine.too_large;
            engine.defer_check = n < GRADE_LIMIT;
            let v = engine.decide(problem, side, side, ko, moves, observer);
            engine.defer_check = false;
            let proven = v.outcome == Outcome::Proven;
            let reached = v.outcome == wanted;
            let mut sound = v.checked;
            // This count's solution, when it falls short and its check waits.
            let mut waiting = None;
            if let Some(tree) = v.tree.filter(|_| !v.checked) {
                if reached {
                    sound = verify(engine, observer, ko, &tree, proven);
                } else {
                    waiting = Some((ko, tree));
                    sound = true;
                }
            }
            if !sound && !matches!(v.outcome, Outcome::Unknown(_)) {
                // No grade from an unchecked verdict: a proof too large to
                // check leaves the grade open, a rejected one is a bug.
                checked &= engine.too_large > too_large;
                return None;
            }
            match v.outcome {
                Outcome::Unknown(_) => return None,
                _ if reached => {
                    // The count below, which fell short, checked now.
                    if let Some((ko, tree)) = short.take()
                        && !verify(engine, observer, ko, &tree, !proven)
                    {
                        checked = false;
                        return None;
                    }
                    return Some(n);
                }
                _ => short = waiting,
            }
        }
        Some(OVER_LIMIT)
    };
    let need = smallest(engine, side, from, Outcome::Proven);
    // Against a side that needs more threats than the limit, the
    // opponent's count is not asked.
    let opp_need = need
        .filter(|&n| n <= GRADE_LIMIT)
        .and_then(|_| smallest(engine, side.opp(), 1, Outcome::Disproven));
    (need, opp_need, checked)
}

/// The ko grade of a `ko` status (and each first move's, when there are
/// several, which then orders them), with what the budget leaves; an
/// unconditional status needs no threat. Says whether every verdict was
/// checked.
pub(super) fn grade<O: Observer<Move>>(
    engine: &mut Engine,
    problem: &Problem,
    side: Color,
    opts: &Options,
    observer: &mut O,
    a: &mut Analysis,
) -> bool {
    let mut all_checked = true;
    match a.status {
        Status::Unconditional => a.threats_needed = Some(0),
        Status::Ko if !opts.status_only => {
            a.graded = true;
            engine.check_wins = true;
            engine.check_losses = true;
            let (need, opp_need, ok) = ko_grades(engine, observer, problem, side, &[], 0);
            a.threats_needed = need;
            a.opponent_threats_needed = opp_need;
            all_checked &= ok;
            // Which ko is best to start: each move's own grade. A move
            // needs at least what the best move needs.
            if let (true, Some(need)) = (a.first_moves.len() > 1, need) {
                for &m in &a.first_moves {
                    let (n, o, ok) = ko_grades(engine, observer, problem, side, &[m], need);
                    all_checked &= ok;
                    a.move_grades.push((m, n, o));
                }
                // Fewest threats needed, then most needed by the opponent
                // (None: more than the limit), then the smaller proof.
                let key = |&(_, n, o): &(Move, Option<u8>, Option<u8>)| {
                    (
                        n.unwrap_or(u8::MAX),
                        std::cmp::Reverse(o.unwrap_or(u8::MAX)),
                    )
                };
                a.move_grades.sort_by_key(key);
                a.first_moves = a.move_grades.iter().map(|g| g.0).collect();
                // The main proof is what people walk and what the proof SGF
                // holds: let it start with the best ko to start when the
                // status's search happened to prove another.
                let proof_move = a.proof.as_ref().and_then(|t| t.first()).map(|l| l.mv);
                let best = a.first_moves[0];
                if proof_move.is_some_and(|m| m != best) {
                    let v = engine.decide(problem, side, side, a.ko, &[best], observer);
                    if let (Outcome::Proven, true, Some(tree)) = (v.outcome, v.checked, v.tree) {
                        a.proof = Some(vec![Line::new(best, tree)]);
                    }
                }
            }
        }
        _ => {}
    }
    all_checked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A count past the limit is told apart from one the search left open,
    /// in the table's text and in JSON's numbers (null for both there).
    #[test]
    fn grades_say_past_the_limit_apart_from_unknown() {
        assert_eq!(grade_text(Some(0), Some(1)), "0/1");
        assert_eq!(grade_text(Some(0), Some(OVER_LIMIT)), "0/>6");
        assert_eq!(grade_text(Some(1), None), "1/?");
        assert_eq!(grade_text(Some(OVER_LIMIT), None), ">6/-");
        assert_eq!(count_value(Some(GRADE_LIMIT)), Some(6));
        assert_eq!(count_value(Some(OVER_LIMIT)), None);
        assert_eq!(count_value(None), None);
    }

    /// A verdict whose check is deferred keeps its written-out solution
    /// unchecked, and that solution passes the checker when it is asked
    /// later, as the grade's scan asks it for the count that falls short
    /// last. (Approach ko with two approach moves: Black needs two
    /// threats; with one he fails.)
    #[test]
    fn a_deferred_check_leaves_a_solution_the_checker_accepts_later() {
        let text = include_str!("../../problems/ko/approach-ko-two.sgf");
        let p = crate::problem::sgf::load_str("approach-ko-two.sgf", text)
            .pop()
            .expect("a problem")
            .expect("it loads");
        let mut engine = Engine::new(&Options::default());
        let b = Color::Black;
        let decide = |engine: &mut Engine, threats: u8, defer| {
            engine.defer_check = defer;
            let v = engine.decide(
                &p,
                b,
                b,
                Ko::threats(threats, 0),
                &[],
                &mut crate::dfpn::Unobserved,
            );
            engine.defer_check = false;
            v
        };
        let short = decide(&mut engine, 1, true);
        assert_eq!(short.outcome, Outcome::Disproven);
        assert!(!short.checked && !short.strict);
        let tree = short.tree.expect("the solution is written out");
        assert!(engine.check((&p, b, b, Ko::threats(1, 0), &[]), false, &tree));
        // The same solution is no proof that Black wins, nor of White's
        // win when Black holds the threats that let him win.
        assert!(!engine.check((&p, b, b, Ko::threats(1, 0), &[]), true, &tree));
        assert!(!engine.check((&p, b, b, Ko::threats(2, 0), &[]), false, &tree));
        let enough = decide(&mut engine, 2, false);
        assert_eq!(enough.outcome, Outcome::Proven);
        assert!(enough.checked);
    }
}
