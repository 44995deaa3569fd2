//! The ko / GHI torture suite in `problems/ko/`: every file states, besides
//! its status (`SX`), the result under every ko setting it names (`KX`):
//!
//! - `KX[B none=fails]`, `KX[W black=wins]`: side to move, then the ko
//!   master (`none`, `black`, `white`), then whether the side to move
//!   reaches its goal (`wins`) or not (`fails`);
//! - `KX[B b1w0=wins]`: nobody is master, Black holds 1 external ko threat
//!   and White 0;
//! - `KX[B threats_needed=1]`, `KX[B opponent_threats_needed=null]`: the ko
//!   grades of the full (auto) analysis (`null` when not applicable, `>6`
//!   when every count up to the limit was searched and none is enough);
//! - `KX[W first_moves=aa ac pass]`: every winning first move at the best
//!   status, in any order (`pass` for the pass).
//!
//! Each expectation is solved on its own and must come with a checked proof.

use std::collections::BTreeMap;

use shikatsu::analysis::{Analysis, KoRule, Options, analyze};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{Problem, load_paths};

/// Expectations the lead has been told the solver gets wrong, as
/// `(file name, KX value)`: reported, not failed. Empty when the solver
/// agrees with every file. An entry that passes is a failure (remove it).
const SOLVER_DISAGREES: &[(&str, &str)] = &[];

/// At least this many files and expectations, so an empty folder fails.
const MIN_FILES: usize = 14;
const MIN_EXPECTATIONS: usize = 245;

fn options(ko: KoRule) -> Options {
    Options {
        limits: Limits {
            positions: Some(5_000_000),
            time: None,
        },
        memory: 128 << 20,
        ko,
        ..Options::default()
    }
}

/// One `KX` value.
#[derive(Clone, Debug)]
enum Setting {
    /// `none`, `black`, `white`.
    Master(Option<Color>),
    /// `b1w0`: external threats `[black, white]`, nobody master.
    Threats([u8; 2]),
    /// `threats_needed` of the auto analysis.
    Needed,
    /// `opponent_threats_needed` of the auto analysis.
    OpponentNeeded,
    /// `grade_aa`: the auto analysis's grade of first move aa, `N/M`.
    MoveGrade(String),
    /// `first_moves`: the auto analysis's complete list of winning first moves.
    FirstMoves,
}

#[derive(Clone, Debug)]
struct Expectation {
    text: String,
    side: Color,
    setting: Setting,
    /// `wins` / `fails`, or a grade (`2`, `null`).
    want: String,
}

fn parse_side(s: &str) -> Option<Color> {
    match s {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

fn parse_threats(s: &str) -> Option<[u8; 2]> {
    let rest = s.strip_prefix('b')?;
    let (b, w) = rest.split_once('w')?;
    Some([b.parse().ok()?, w.parse().ok()?])
}

fn parse_kx(value: &str) -> Result<Expectation, String> {
    let bad = || format!("KX[{value}] is not `SIDE SETTING=RESULT`");
    let (side, rest) = value.trim().split_once(' ').ok_or_else(bad)?;
    let side = parse_side(side).ok_or_else(bad)?;
    let (setting, want) = rest.trim().split_once('=').ok_or_else(bad)?;
    let setting = match setting {
        "none" => Setting::Master(None),
        "black" => Setting::Master(Some(Color::Black)),
        "white" => Setting::Master(Some(Color::White)),
        "threats_needed" => Setting::Needed,
        "opponent_threats_needed" => Setting::OpponentNeeded,
        s if s.starts_with("grade_") => Setting::MoveGrade(s["grade_".len()..].to_string()),
        "first_moves" => Setting::FirstMoves,
        s => Setting::Threats(parse_threats(s).ok_or_else(bad)?),
    };
    let mut want = want.trim().to_string();
    if let Setting::FirstMoves = setting {
        want = sorted_moves(want.split_whitespace().map(str::to_string));
    }
    let ok = match setting {
        Setting::FirstMoves => want
            .split(' ')
            .all(|m| m == "pass" || (m.len() == 2 && m.bytes().all(|b| b.is_ascii_lowercase()))),
        Setting::Master(_) | Setting::Threats(_) => want == "wins" || want == "fails",
        Setting::Needed | Setting::OpponentNeeded => count_ok(&want),
        Setting::MoveGrade(_) => want
            .split_once('/')
            .is_some_and(|(n, m)| count_ok(n) && count_ok(m)),
    };
    if !ok {
        return Err(format!("KX[{value}]: unexpected result {want:?}"));
    }
    Ok(Expectation {
        text: value.trim().to_string(),
        side,
        setting,
        want,
    })
}

/// Moves in a canonical order, space-separated.
fn sorted_moves(moves: impl Iterator<Item = String>) -> String {
    let mut v: Vec<String> = moves.collect();
    v.sort();
    v.join(" ")
}

/// The `KX` values of the problem's game tree, read from its file.
fn kx_of(p: &Problem) -> Result<Vec<Expectation>, String> {
    let text = std::fs::read_to_string(&p.file).map_err(|e| format!("cannot read: {e}"))?;
    let nodes = sgf_parse::go::parse(&text).map_err(|e| format!("not valid SGF: {e}"))?;
    let node = nodes
        .get(p.index)
        .ok_or_else(|| format!("no game tree {}", p.index))?;
    match node.get_property("KX") {
        Some(sgf_parse::go::Prop::Unknown(_, values)) => {
            values.iter().map(|v| parse_kx(v)).collect()
        }
        Some(other) => Err(format!("KX parsed as {other:?}")),
        None => Err("no KX property".to_string()),
    }
}

/// A grade's count KX may expect: a number, `null` or `>6`.
fn count_ok(want: &str) -> bool {
    want == "null" || want == grade(Some(u8::MAX)) || want.parse::<u8>().is_ok()
}

/// A grade's count as KX writes it: `null` when not applicable, `>6` past
/// the limit (every count up to it searched, none enough).
fn grade(g: Option<u8>) -> String {
    match g {
        None => "null".to_string(),
        Some(n) if n > shikatsu::analysis::GRADE_LIMIT => {
            format!(">{}", shikatsu::analysis::GRADE_LIMIT)
        }
        Some(n) => n.to_string(),
    }
}

#[test]
fn ko_suite_expectations_hold_under_every_setting() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/ko");
    let loaded = load_paths(&[dir]);
    let mut files = 0;
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    for l in loaded {
        let p = match l {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        files += 1;
        let file_name = p
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let label = p.label();
        let kx = match kx_of(&p) {
            Ok(kx) => kx,
            Err(e) => {
                failures.push(format!("{label}: {e}"));
                continue;
            }
        };
        if p.expected.is_empty() {
            failures.push(format!("{label}: no SX expectation"));
        }
        // The full analysis of each side: SX and the grades.
        let mut auto: BTreeMap<&'static str, Analysis> = BTreeMap::new();
        for side in p.sides() {
            let a = analyze(&p, side, &options(KoRule::Auto));
            if !a.checked {
                failures.push(format!(
                    "{label} {} to move (auto): proof not checked",
                    side.name()
                ));
            }
            match p.expected.iter().find(|(c, _)| *c == side) {
                Some((_, want)) => {
                    checked += 1;
                    // "ko seki": the status, then how the defender lives
                    // where SX says.
                    let (status, life) = want
                        .split_once(' ')
                        .map_or((want.as_str(), None), |(s, l)| (s, Some(l)));
                    let got_life = a.life.map(|l| l.as_str());
                    if a.status.as_str() != status || life.is_some_and(|l| Some(l) != got_life) {
                        failures.push(format!(
                            "{label} {} to move: SX expects {want}, proved {} (life {got_life:?})",
                            side.name(),
                            a.status.as_str()
                        ));
                    }
                }
                None => failures.push(format!("{label}: no SX value for {}", side.letter())),
            }
            auto.insert(side.letter(), a);
        }
        for e in &kx {
            let Some(a) = auto.get(e.side.letter()) else {
                failures.push(format!(
                    "{label}: KX[{}] names a side that is not solved (PL)",
                    e.text
                ));
                continue;
            };
            checked += 1;
            let (got, proof_checked) = match e.setting {
                Setting::Needed => (grade(a.threats_needed), a.checked),
                Setting::OpponentNeeded => (grade(a.opponent_threats_needed), a.checked),
                Setting::MoveGrade(ref m) => {
                    let g = a
                        .move_grades
                        .iter()
                        .find(|g| g.0.sgf() == *m)
                        .map_or("no grade".to_string(), |g| {
                            format!("{}/{}", grade(g.1), grade(g.2))
                        });
                    (g, a.checked)
                }
                Setting::FirstMoves => {
                    let got = sorted_moves(a.first_moves.iter().map(|m| match m.sgf() {
                        s if s.is_empty() => "pass".to_string(),
                        s => s,
                    }));
                    let complete = if a.all_first_moves {
                        ""
                    } else {
                        " (list incomplete)"
                    };
                    (format!("{got}{complete}"), a.checked)
                }
                Setting::Master(m) => {
                    let r = analyze(&p, e.side, &options(KoRule::Fixed(m)));
                    (r.status.as_str().to_string(), r.checked)
                }
                Setting::Threats(t) => {
                    let r = analyze(&p, e.side, &options(KoRule::Threats(t)));
                    (r.status.as_str().to_string(), r.checked)
                }
            };
            let known = SOLVER_DISAGREES
                .iter()
                .any(|&(f, v)| f == file_name && v == e.text);
            let ok = got == e.want && proof_checked;
            match (ok, known) {
                (true, false) => {}
                (false, false) => failures.push(format!(
                    "{label}: KX[{}] but the solver says {got}{}",
                    e.text,
                    if proof_checked {
                        ""
                    } else {
                        " (proof not checked)"
                    }
                )),
                (false, true) => skipped.push(format!("{label}: KX[{}] (solver: {got})", e.text)),
                (true, true) => failures.push(format!(
                    "{label}: KX[{}] now holds: remove it from SOLVER_DISAGREES",
                    e.text
                )),
            }
        }
    }
    if !skipped.is_empty() {
        eprintln!(
            "expectations the solver is known to get wrong (SOLVER_DISAGREES):\n{}",
            skipped.join("\n")
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{files} files, {checked} expectations checked");
    assert!(files >= MIN_FILES, "only {files} files in problems/ko");
    assert!(
        checked >= MIN_EXPECTATIONS,
        "only {checked} expectations checked in problems/ko"
    );
}

/// People see each ko start with its own grade, best first: in the bent
/// four, Black's A9 (aa) needs no threat and A8 (ab) one.
#[test]
fn ko_starts_are_shown_with_their_grades_best_first() {
    let p = load_paths(&["problems/ko/bent-four-in-the-corner.sgf"])
        .pop()
        .unwrap()
        .unwrap();
    let a = analyze(&p, Color::Black, &options(KoRule::Auto));
    let h = p.board.height();
    let labels: Vec<String> = a.first_moves.iter().map(|&m| a.move_label(m, h)).collect();
    assert_eq!(labels, ["A9 (0/1)", "A8 (1/1)"]);
    // The main proof, which the TUI walks and the proof SGF holds, starts
    // with the best of them, and it is checked.
    let first = a.proof.as_ref().and_then(|t| t.first()).map(|l| l.mv);
    assert_eq!(first, Some(a.first_moves[0]));
    assert!(a.checked);
}
