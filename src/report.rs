//! Machine-readable results: one record per problem and side to move;
//! `proof_file`, the proof SGF files' names and root comment.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::analysis::{self, Analysis, KoRule, Status};
use crate::board::{Color, Move, Point};
use crate::problem::{LoadError, Problem};

pub mod proof_file;

/// One line of `--format jsonl`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Record {
    pub file: String,
    pub index: usize,
    pub name: Option<String>,
    /// "B" or "W"; null for a file that could not be loaded.
    pub to_move: Option<String>,
    /// SGF point of the (first) target stone.
    pub target: Option<String>,
    /// Every marked target stone (the attacker must capture them all;
    /// the defender succeeds when any one lives).
    #[serde(default)]
    pub targets: Vec<String>,
    /// The file marks no target and `--guess-target` took the one group
    /// its position can be about.
    #[serde(default)]
    pub target_guessed: bool,
    /// The attacker's wall was open and `--frame` closed it with a line
    /// of attacker stones around the position's stones.
    #[serde(default)]
    pub framed: bool,
    /// "kill" or "live".
    pub goal: Option<String>,
    /// unconditional | ko | wins | fails | unknown | error
    pub status: String,
    /// How the ko question was asked: "auto" (the full status), or the
    /// one setting "wins" and "fails" hold under: "none", "black",
    /// "white" (the ko master), "threats" (see `ko_threats`); null for
    /// a problem that was not searched (an error).
    #[serde(default)]
    pub ko_setting: Option<String>,
    /// "B", "W" or null: the ko master the status was proven under.
    pub ko_master: Option<String>,
    /// External ko threats `[black, white]` the status was proven with
    /// (`--threats`); null otherwise.
    pub ko_threats: Option<[u8; 2]>,
    /// Ko grade: the fewest external ko threats the side to move needs
    /// (0 when unconditional, null when it fails).
    pub threats_needed: Option<u8>,
    /// Ko grade: the fewest threats the opponent needs to turn a ko result.
    pub opponent_threats_needed: Option<u8>,
    /// Status ko: the grade as the table writes it, "0/1"; ">6" for a count
    /// past the limit (every count up to it searched: none is enough), "?"
    /// for one the search did not tell (both are null above).
    #[serde(default)]
    pub grade: Option<String>,
    /// When the defender succeeds: "eyes", "seki" or "cycle" (how it
    /// lives against the attacker's best resistance: `analysis::life`);
    /// null otherwise.
    pub life: Option<String>,
    /// Winning first moves (SGF points, "" for pass), best status only.
    pub first_moves: Vec<String>,
    /// Every first move was decided: `first_moves` is the complete list.
    pub all_first_moves: bool,
    /// The first moves a limit left open (not known to win or not); empty
    /// when the list is complete or was not asked for (`--status-only`).
    #[serde(default)]
    pub undecided_moves: Vec<String>,
    /// Status ko with several first moves: each move's own ko grade, in
    /// `first_moves` order (fewest threats needed first).
    pub move_grades: Vec<MoveGrade>,
    /// Moves that succeed only at a weaker status.
    pub other_moves: BTreeMap<String, String>,
    /// The file's first moves for this side.
    pub accepted: Vec<String>,
    /// Each accepted move and its proven status when played first.
    pub accepted_status: BTreeMap<String, String>,
    /// The file's lines read move by move past their first moves (null
    /// when the file has none for this side, or they were not read).
    #[serde(default)]
    pub lines: Option<LinesRecord>,
    /// null without an answer in the file; else whether an accepted move
    /// reaches the proven status.
    pub agrees: Option<bool>,
    /// The checker accepted every proof behind this record.
    pub checked: bool,
    /// The expected status written in the file (`SX`), if any.
    pub expected: Option<String>,
    pub positions: u64,
    pub ms: f64,
    /// Root proof and disproof numbers of the last search.
    pub pn: u32,
    pub dn: u32,
    /// Searches that needed the strict (path-keyed) fallback.
    pub strict_searches: u32,
    pub error: Option<String>,
    /// Status unknown, but one of its two searches finished with a
    /// checked proof: "ko" when the side fails with the opponent as ko
    /// master (so it can do no better than ko), null otherwise.
    pub at_most: Option<String>,
    /// Likewise "ko" when the side succeeds as ko master (no worse than ko).
    pub at_least: Option<String>,
    /// Null, or what is doubtful about the input though it was solved:
    /// a damaged file read as far as it could be.
    #[serde(default)]
    pub warning: Option<String>,
    /// The board's height, to name points for people as a printed board
    /// does ("A8"); not part of the JSON, 0 when unknown.
    #[serde(skip)]
    pub height: usize,
}

/// What reading the file's lines found (`analysis::lines`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LinesRecord {
    /// Moves of a line's winner past the first that still win.
    pub right: u32,
    /// Those that do not: the line from the root, the wrong move last,
    /// and the answer that refutes it.
    pub wrong: Vec<WrongTurnRecord>,
    /// Moves the limits left unread, and moves the rules do not allow
    /// where the line plays them.
    pub unread: u32,
    pub illegal: u32,
    /// First moves the file shows as wrong tries that reach the status.
    pub tries_that_work: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct WrongTurnRecord {
    pub line: Vec<String>,
    pub refutation: Option<String>,
    /// What the wrong move still reaches: "ko", "fails" or "unknown".
    pub reaches: String,
    /// The moves that reach the status in its place.
    pub better: Vec<String>,
}

/// The ko grade of one first move.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct MoveGrade {
    #[serde(rename = "move")]
    pub mv: String,
    pub threats_needed: Option<u8>,
    pub opponent_threats_needed: Option<u8>,
    /// The same as text, as in `Record::grade`.
    #[serde(default)]
    pub grade: String,
}

/// The records of an earlier run's output, `--format json` (one
/// document) or `jsonl`; with the count of lines that are not records
/// (the last line of an interrupted run, cut short). An error when
/// nothing in `text` is a record.
pub fn read_records(text: &str) -> Result<(Vec<Record>, usize), String> {
    #[derive(Deserialize)]
    struct Document {
        results: Vec<Record>,
    }
    if let Ok(doc) = serde_json::from_str::<Document>(text) {
        return Ok((doc.results, 0));
    }
    let lines = text.lines().filter(|l| !l.trim().is_empty());
    let (mut records, mut unread) = (Vec::new(), 0);
    for line in lines {
        match serde_json::from_str::<Record>(line) {
            Ok(r) => records.push(r),
            Err(_) => unread += 1,
        }
    }
    if records.is_empty() {
        return Err("holds no results of shikatsu solve --format json or jsonl".to_string());
    }
    Ok((records, unread))
}

/// What a problem read from a damaged file is warned with.
pub fn damage_warning(damage: &str) -> String {
    format!("not valid SGF ({damage}): solved as far as it could be read")
}

/// A fixed ko setting in the few words a status carries in brackets
/// ("B master", "threats 1:0"); None for the full status.
pub fn setting_words(rule: KoRule) -> Option<String> {
    match rule {
        KoRule::Auto => None,
        KoRule::Fixed(None) => Some("no master".into()),
        KoRule::Fixed(Some(Color::Black)) => Some("B master".into()),
        KoRule::Fixed(Some(Color::White)) => Some("W master".into()),
        KoRule::Threats([b, w]) => Some(format!("threats {b}:{w}")),
    }
}

fn mv(m: Move) -> String {
    m.sgf()
}

impl Record {
    pub fn from_analysis(p: &Problem, a: &Analysis) -> Record {
        let accepted = p.accepted(a.side);
        // Nothing known about the file's moves (--status-only and the
        // proof took another move): no verdict either way.
        let agrees = if accepted.is_empty() || (a.status.succeeds() && a.accepted_status.is_empty())
        {
            None
        } else {
            Some(a.status.succeeds() && a.accepted_status.iter().any(|&(_, s)| s == a.status))
        };
        Record {
            file: p.file.display().to_string(),
            index: p.index,
            name: p.name.clone(),
            to_move: Some(a.side.letter().to_string()),
            target: p.targets.first().map(|t| t.sgf()),
            targets: p.targets.iter().map(|t| t.sgf()).collect(),
            target_guessed: p.target_guessed,
            framed: p.framed,
            goal: Some(p.goal(a.side).to_string()),
            status: if a.error.is_some() && a.status == Status::Unknown {
                "error".to_string()
            } else {
                a.status.as_str().to_string()
            },
            ko_setting: Some(
                match a.rule {
                    KoRule::Auto => "auto",
                    KoRule::Fixed(None) => "none",
                    KoRule::Fixed(Some(Color::Black)) => "black",
                    KoRule::Fixed(Some(Color::White)) => "white",
                    KoRule::Threats(_) => "threats",
                }
                .to_string(),
            ),
            ko_master: a.ko.master.map(|c| c.letter().to_string()),
            ko_threats: Some(a.ko.threats).filter(|t| a.ko.master.is_none() && *t != [0, 0]),
            threats_needed: analysis::count_value(a.threats_needed),
            opponent_threats_needed: analysis::count_value(a.opponent_threats_needed),
            grade: (a.status == Status::Ko && a.graded)
                .then(|| analysis::grade_text(a.threats_needed, a.opponent_threats_needed)),
            life: a.life.map(|l| l.as_str().to_string()),
            first_moves: a.first_moves.iter().map(|&m| mv(m)).collect(),
            all_first_moves: a.all_first_moves,
            undecided_moves: a.undecided_moves.iter().map(|&m| mv(m)).collect(),
            move_grades: a
                .move_grades
                .iter()
                .map(|&(m, n, o)| MoveGrade {
                    mv: mv(m),
                    threats_needed: analysis::count_value(n),
                    opponent_threats_needed: analysis::count_value(o),
                    grade: analysis::grade_text(n, o),
                })
                .collect(),
            other_moves: a
                .other_moves
                .iter()
                .map(|&(m, s)| (mv(m), s.as_str().to_string()))
                .collect(),
            accepted: accepted.iter().map(|&m| mv(m)).collect(),
            accepted_status: a
                .accepted_status
                .iter()
                .map(|&(m, s)| (mv(m), s.as_str().to_string()))
                .collect(),
            lines: (!a.lines.is_empty()).then(|| LinesRecord {
                right: a.lines.right,
                wrong: (a.lines.wrong.iter())
                    .map(|w| WrongTurnRecord {
                        line: w.line.iter().map(|&m| mv(m)).collect(),
                        refutation: w.refutation.map(mv),
                        reaches: w.reaches.as_str().to_string(),
                        better: w.better.iter().map(|&m| mv(m)).collect(),
                    })
                    .collect(),
                unread: a.lines.unread,
                illegal: a.lines.illegal,
                tries_that_work: (a.lines.tries_that_work.iter())
                    .map(|&(m, s)| (mv(m), s.as_str().to_string()))
                    .collect(),
            }),
            agrees,
            checked: a.checked,
            expected: p
                .expected
                .iter()
                .find(|(c, _)| *c == a.side)
                .map(|(_, s)| s.clone()),
            positions: a.positions,
            ms: (a.elapsed.as_secs_f64() * 1e4).round() / 10.0,
            pn: a.root_pn,
            dn: a.root_dn,
            strict_searches: a.strict_searches,
            error: a.error.clone(),
            at_most: a.at_most.map(|s| s.as_str().to_string()),
            at_least: a.at_least.map(|s| s.as_str().to_string()),
            warning: p.damage.as_ref().map(|d| damage_warning(d)),
            height: p.board.height(),
        }
    }

    pub fn from_error(e: &LoadError, side: Option<Color>) -> Record {
        Record {
            file: e.file.display().to_string(),
            index: e.index.unwrap_or(0),
            name: None,
            to_move: side.map(|c| c.letter().to_string()),
            target: None,
            targets: Vec::new(),
            target_guessed: false,
            framed: false,
            goal: None,
            status: "error".to_string(),
            ko_setting: None,
            ko_master: None,
            ko_threats: None,
            threats_needed: None,
            opponent_threats_needed: None,
            grade: None,
            life: None,
            first_moves: Vec::new(),
            all_first_moves: false,
            undecided_moves: Vec::new(),
            move_grades: Vec::new(),
            other_moves: BTreeMap::new(),
            accepted: Vec::new(),
            accepted_status: BTreeMap::new(),
            lines: None,
            agrees: None,
            checked: false,
            expected: None,
            positions: 0,
            ms: 0.0,
            pn: 0,
            dn: 0,
            strict_searches: 0,
            error: Some(e.to_string()),
            at_most: None,
            at_least: None,
            warning: None,
            height: 0,
        }
    }

    /// The status for people: "unknown, ≤ ko" when a bound is known;
    /// "wins (B master)" under one fixed ko setting, as "wins" alone does
    /// not say under which rule it holds.
    pub fn status_text(&self) -> String {
        let status = match (&self.at_most, &self.at_least) {
            (Some(s), _) => format!("{}, ≤ {s}", self.status),
            (_, Some(s)) => format!("{}, ≥ {s}", self.status),
            _ => self.status.clone(),
        };
        match self.fixed_setting() {
            Some(setting) => format!("{status} ({setting})"),
            None => status,
        }
    }

    /// The one ko setting of a `--ko` or `--threats` run, in a few words.
    fn fixed_setting(&self) -> Option<String> {
        setting_words(self.rule()?)
    }

    /// How the ko question was asked (null for an error).
    fn rule(&self) -> Option<KoRule> {
        Some(match self.ko_setting.as_deref()? {
            "auto" => KoRule::Auto,
            "none" => KoRule::Fixed(None),
            "black" => KoRule::Fixed(Some(Color::Black)),
            "white" => KoRule::Fixed(Some(Color::White)),
            "threats" => KoRule::Threats(self.ko_threats.unwrap_or_default()),
            _ => return None,
        })
    }

    /// Whether this record, from an earlier run, answers all that a run
    /// under `rule` asks (`full`: the whole analysis, not the status
    /// alone), so that the side need not be solved again (`--resume`): a
    /// checked status under the same ko setting and, for a full
    /// analysis, every first move decided, a ko grade (each move's too)
    /// with every count searched, the defender's eyes or seki told, and
    /// every move of the file's lines read. Whatever a limit left open
    /// is solved again.
    pub fn settled(&self, rule: KoRule, full: bool) -> bool {
        let decided = self.solved() && self.checked && self.error.is_none();
        if !decided || self.rule() != Some(rule) {
            return false;
        }
        if !full {
            return true;
        }
        let graded = |g: &str| !g.contains('?');
        let defender_won = match self.goal.as_deref() {
            Some("live") => self.status != "fails",
            _ => self.status == "fails",
        };
        self.all_first_moves
            && (self.status != "ko" || self.grade.as_deref().is_some_and(graded))
            && self.move_grades.iter().all(|g| graded(&g.grade))
            && (!defender_won || self.life.is_some())
            && self.lines.as_ref().is_none_or(|l| l.unread == 0)
    }

    /// What reading the file's lines found, in words: each move of a line
    /// that throws the status away, and each try the file calls wrong that
    /// works.
    pub fn lines_said(&self) -> Vec<String> {
        let Some(lines) = &self.lines else {
            return Vec::new();
        };
        let people = |m: &String| self.point_for_people(m);
        let (side, opponent) = match self.to_move.as_deref() {
            Some("B") => ("Black", "White"),
            _ => ("White", "Black"),
        };
        let status = self.status.as_str();
        let mut said: Vec<String> = (lines.wrong.iter())
            .map(|w| {
                // Lines alternate: an even line's last move is the
                // opponent's, in the refutation of a first move.
                let by_side = w.line.len() % 2 == 1;
                let (mover, answer) = match by_side {
                    true => (side, opponent),
                    false => (opponent, side),
                };
                let moves: Vec<String> = w.line.iter().map(people).collect();
                let last = moves.last().cloned().unwrap_or_default();
                let mut s = format!("the file's line {}: {last} ", moves.join(" "));
                s.push_str(match w.reaches.as_str() {
                    "ko" => "gives only ko",
                    "fails" => "fails",
                    _ => "falls short",
                });
                if let Some(x) = &w.refutation {
                    s.push_str(&format!(" ({answer} {} answers it)", people(x)));
                }
                if !w.better.is_empty() {
                    let better: Vec<String> = w.better.iter().map(people).collect();
                    let better = better.join(" or ");
                    s.push_str(&match by_side {
                        true => format!("; {status} with {better}"),
                        false => format!("; {mover} refutes the first move with {better}"),
                    });
                }
                s
            })
            .collect();
        said.extend(
            (lines.tries_that_work.iter())
                .map(|(m, s)| format!("the file's wrong try {} works: {s}", people(m))),
        );
        said
    }

    /// An SGF point of this record ("" for pass) as people name it on a
    /// printed board: "A8", "pass"; the SGF point itself when the board's
    /// height is not known.
    pub fn point_for_people(&self, sgf: &str) -> String {
        if sgf.is_empty() {
            return "pass".to_string();
        }
        match Point::from_sgf(sgf) {
            Some(q) if q.y() < self.height => q.human(self.height),
            _ => sgf.to_string(),
        }
    }

    /// Solved: a status other than unknown or error.
    pub fn solved(&self) -> bool {
        self.status != "unknown" && self.status != "error"
    }

    /// Whether the proven status is the one the file's `SX` expects:
    /// null without an `SX` for this side, or when the two do not speak
    /// of the same thing (a status not decided, or a fixed `--ko`
    /// setting's `wins`). `SX[W=unconditional seki]` expects the life too,
    /// where the analysis labelled it.
    pub fn as_expected(&self) -> Option<bool> {
        let expected = self.expected.as_deref()?;
        // A fixed setting's "fails" is not the full status's.
        if self.fixed_setting().is_some()
            || !matches!(self.status.as_str(), "unconditional" | "ko" | "fails")
        {
            return None;
        }
        let mut words = expected.split_whitespace();
        let status_ok = words.next() == Some(self.status.as_str());
        let life_ok = match (words.next(), self.life.as_deref()) {
            (Some(want), Some(got)) => want == got,
            _ => true,
        };
        Some(status_ok && life_ok)
    }
}
