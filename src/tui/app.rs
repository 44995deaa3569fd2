//! The state of the terminal UI and everything a key can do to it.
//!
//! `App` knows no terminal: keys come in as [`Action`]s (see `keys.rs`),
//! the solver's progress through [`App::tick`], and `ui::draw` renders it
//! read-only (but for clamping the scroll of the help and of the comment
//! to the terminal). That is what lets the tests drive it key by key.

use std::cell::Cell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use shikatsu::analysis::{Analysis, KoRule, Options, Resume, Status, drop_kept, resume_key};
use shikatsu::board::{Color, Move, Point};
use shikatsu::dfpn::{Limits, Outcome, Stop};
use shikatsu::problem::{LoadError, Loaded, Problem};
use shikatsu::report::proof_file;
use shikatsu::tsumego::KoMaster;

use super::explore::{Explorer, NodeView};
use super::keys::Action;
use super::ui::Scroll;
use super::worker::{Done, Reply, Request, RootCost, Snapshot, Worker};

mod try_mode;
#[cfg(test)]
pub(crate) use try_mode::why_not_legal;
mod walk;

const THINKING: &str = "thinking ...";

/// Steps `S` makes when no count was typed.
pub const BIG_STEP: u64 = 100;

/// One thing to look at: a problem with a side to move, or a load error.
#[derive(Clone, Debug)]
pub enum Entry {
    Problem { problem: Arc<Problem>, side: Color },
    Error(LoadError),
}

impl Entry {
    pub fn problem(&self) -> Option<(&Arc<Problem>, Color)> {
        match self {
            Entry::Problem { problem, side } => Some((problem, *side)),
            Entry::Error(_) => None,
        }
    }
    pub fn label(&self) -> String {
        match self {
            Entry::Problem { problem, .. } => problem.label(),
            Entry::Error(e) => shikatsu::problem::label(&e.file, e.index),
        }
    }
}

/// Splits a load into entries: one per problem and side to move.
pub fn entries(loaded: Vec<Loaded>) -> Vec<Entry> {
    let mut out = Vec::new();
    for l in loaded {
        match l {
            Ok(p) => {
                let p = Arc::new(p);
                for side in p.sides() {
                    out.push(Entry::Problem {
                        problem: Arc::clone(&p),
                        side,
                    });
                }
            }
            Err(e) => out.push(Entry::Error(e)),
        }
    }
    out
}

/// Why there is nothing to show, when no entry is a problem: the one
/// error line `shikatsu tui` prints (exit code 2) instead of opening a
/// screen with nothing on it.
pub fn load_failure(entries: &[Entry], source: &std::path::Path) -> Option<String> {
    if entries.iter().any(|e| e.problem().is_some()) {
        return None;
    }
    let errors: Vec<&LoadError> = entries
        .iter()
        .filter_map(|e| match e {
            Entry::Error(err) => Some(err),
            Entry::Problem { .. } => None,
        })
        .collect();
    Some(match errors.as_slice() {
        [] => format!("no SGF problems found under {}", source.display()),
        [one] => one.to_string(),
        [first, rest @ ..] => format!(
            "no problem under {} could be loaded ({} errors), the first: {first}",
            source.display(),
            rest.len() + 1
        ),
    })
}

/// A finished analysis as the cache keeps it: `Phase::Decided`'s fields.
type Decided = (Arc<Analysis>, Duration, Option<RootCost>);

/// Where the current entry stands.
#[derive(Clone, Debug)]
pub enum Phase {
    /// Nothing to solve: a load error, or no problems at all.
    Idle,
    Solving,
    Decided {
        analysis: Arc<Analysis>,
        /// Search time, pauses excluded.
        running: Duration,
        /// What the searches of the problem's root came to.
        root: Option<RootCost>,
    },
    /// The solver failed (a library panic).
    Failed(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    List { sel: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Good,
    Bad,
}

/// A decide job the walk waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Walk: enter this position once it is decided.
    Enter(Vec<Move>),
    /// Try it yourself: the position after the person's move (or the
    /// program's turn) needs deciding.
    Try(Vec<Move>),
}

/// Try it yourself: the person plays the side to move at the root.
#[derive(Clone, Debug)]
pub struct TryState {
    pub cursor: Point,
    pub typed: String,
    /// What happened, latest last.
    pub log: Vec<(String, Tone)>,
}

/// Settings that are not keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct Config {
    /// Start every search paused (tests, scripted stepping).
    pub start_paused: bool,
    /// Draw timing figures as fixed placeholders (snapshot tests).
    pub redact: bool,
    /// No colours (`NO_COLOR`).
    pub mono: bool,
}

pub struct App {
    pub entries: Vec<Entry>,
    pub current: usize,
    /// Where the entries came from (for messages).
    pub source: PathBuf,
    pub opts: Options,
    pub config: Config,
    pub phase: Phase,
    pub snap: Snapshot,
    /// The user paused the current search.
    pub paused: bool,
    /// The board labels the search's candidate points with their proof or
    /// disproof numbers (`v`).
    pub values: bool,
    /// While searching: how many moves of the most-proving path are on
    /// show (`None`: all of it; `Some(0)`: the root).
    pub path_cursor: Option<usize>,
    /// The move chosen (↑↓) among those of the path's node on show, when
    /// it is not the one the path goes on with.
    pub path_sel: Option<Move>,
    pub explorer: Option<Explorer>,
    /// The walk: moves from the root, the selected candidate and the view.
    pub line: Vec<Move>,
    pub sel: usize,
    pub node: Option<NodeView>,
    pub pending: Option<(u64, Pending)>,
    pub try_state: Option<TryState>,
    pub overlay: Overlay,
    /// The help overlay's scroll. With `comment_view`, the one thing the
    /// draw writes: it clamps the scroll to what the terminal shows (see
    /// [`Scroll`]).
    pub help_view: Cell<Scroll>,
    /// The panel shows the problem's comment (`c`), from problem to
    /// problem until `c` again.
    pub comment: bool,
    /// The comment's scroll (PgUp PgDn), back to the top on another problem.
    pub comment_view: Cell<Scroll>,
    /// The proof files' names (`w`): told apart across the entries'
    /// files, as `solve --proof-sgf` names them for the same files.
    pub proof_names: proof_file::Names,
    pub message: Option<(String, Tone)>,
    /// Shorter forms of the message, longest first, for a message line
    /// too narrow for it: the line shows the first that fits (the last,
    /// cut, when none does).
    pub message_short: Vec<String>,
    /// The message speaks of the search running (how to step it, what
    /// it shows): it goes when the search ends.
    message_of_search: bool,
    /// The message speaks of the position on show (the game is over
    /// there, a move is off the path): it goes when the walk moves.
    message_of_place: bool,
    /// Digits typed before `s`/`S`.
    pub count: String,
    pub running: bool,
    /// Frames drawn (for the refresh-rate figure).
    pub frames: u64,
    cache: HashMap<(usize, u8), Decided>,
    worker: Worker,
    /// Owns this app's kept table (`Options::resume`).
    id: u64,
    /// Searches started, and the last one's entry and ko setting (as
    /// `cache` keys them) with its table key.
    runs: u64,
    resume: Option<((usize, u8), u64)>,
    /// The next search goes on from the last one's table.
    continue_next: bool,
    /// The limits the app was started with (`r` raises them).
    start_limits: Limits,
    /// For unknowns (keyed as `cache`): the most-proving line when the
    /// search stopped, with the ko master of the search it was on.
    stopped_on: HashMap<(usize, u8), (KoMaster, Vec<Move>)>,
}

impl Drop for App {
    fn drop(&mut self) {
        drop_kept(self.id);
    }
}

/// The limits a search runs under, for people ("10 s, 2,000,000 positions").
pub fn limits_text(l: Limits) -> String {
    let mut parts = Vec::new();
    if let Some(t) = l.time {
        parts.push(format!("{} s", t.as_secs_f64()));
    }
    if let Some(n) = l.positions {
        parts.push(format!("{} positions", super::ui::thousands(n)));
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn ko_key(k: KoRule) -> u8 {
    match k {
        KoRule::Auto => 0,
        KoRule::Fixed(None) => 1,
        KoRule::Fixed(Some(Color::Black)) => 2,
        KoRule::Fixed(Some(Color::White)) => 3,
        KoRule::Threats(_) => 4,
    }
}

/// The ko setting as the header shows it: "auto", "none", "Black master",
/// "White master" or "threats 1:0".
pub fn ko_name(k: KoRule) -> String {
    match k {
        KoRule::Auto => "auto".into(),
        KoRule::Fixed(None) => "none".into(),
        KoRule::Fixed(Some(Color::Black)) => "Black master".into(),
        KoRule::Fixed(Some(Color::White)) => "White master".into(),
        // As `--threats B:W` was given.
        KoRule::Threats([b, w]) => format!("threats {b}:{w}"),
    }
}

impl App {
    pub fn new(entries: Vec<Entry>, source: PathBuf, opts: Options, config: Config) -> App {
        static APPS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = APPS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let proof_names = proof_file::Names::of(
            entries
                .iter()
                .filter_map(|e| e.problem())
                .map(|(p, _)| p.file.as_path()),
        );
        let mut app = App {
            proof_names,
            id: n,
            runs: 0,
            resume: None,
            continue_next: false,
            start_limits: opts.limits,
            stopped_on: HashMap::new(),
            entries,
            current: 0,
            source,
            opts,
            config,
            phase: Phase::Idle,
            snap: Snapshot::default(),
            paused: false,
            values: false,
            path_cursor: None,
            path_sel: None,
            explorer: None,
            line: Vec::new(),
            sel: 0,
            node: None,
            pending: None,
            try_state: None,
            overlay: Overlay::None,
            message_of_search: false,
            message_of_place: false,
            help_view: Cell::default(),
            comment: false,
            comment_view: Cell::default(),
            message: None,
            message_short: Vec::new(),
            count: String::new(),
            running: true,
            frames: 0,
            cache: HashMap::new(),
            worker: Worker::new(),
        };
        app.select(0);
        app
    }

    pub fn entry(&self) -> Option<&Entry> {
        self.entries.get(self.current)
    }

    pub fn problem(&self) -> Option<(&Arc<Problem>, Color)> {
        self.entry().and_then(Entry::problem)
    }

    pub fn analysis(&self) -> Option<&Arc<Analysis>> {
        match &self.phase {
            Phase::Decided { analysis, .. } => Some(analysis),
            _ => None,
        }
    }

    /// The entry's label, relative to the folder it was found in (the
    /// bundled problems' folder too when they are built in, which is not
    /// on disk).
    pub fn short_label(&self, e: &Entry) -> String {
        let label = e.label();
        let source = self.source.display().to_string();
        let source = source.trim_end_matches('/');
        if let Some(rest) = label.strip_prefix(&format!("{source}/")) {
            return rest.to_string();
        }
        // A file opened by its path: its name (and a collection's number).
        let rest = label.strip_prefix(source);
        if let (Some(rest), Some(name)) = (rest, self.source.file_name())
            && (rest.is_empty() || rest.starts_with('#'))
        {
            return format!("{}{rest}", name.to_string_lossy());
        }
        label
    }

    /// The cached analysis of entry `i` under the current ko setting.
    pub fn cached(&self, i: usize) -> Option<&Arc<Analysis>> {
        self.cache.get(&(i, ko_key(self.opts.ko))).map(|(a, ..)| a)
    }

    pub fn solving(&self) -> bool {
        matches!(self.phase, Phase::Solving)
    }

    /// A decide job runs for the walk.
    pub fn deciding(&self) -> bool {
        self.pending.is_some()
    }

    /// The ko master of the search on show, as the search said when it
    /// started (see `Snapshot::ko`).
    pub fn search_master(&self) -> KoMaster {
        self.snap.ko.and_then(|k| k.master)
    }

    /// The moves of the most-proving path on show (see `path_cursor`).
    pub fn path_shown(&self) -> usize {
        let len = self.snap.path.len();
        self.path_cursor.map_or(len, |n| n.min(len))
    }

    /// The move chosen at the path's node on show: the one picked with
    /// ↑↓, else the one the path goes on with (none at its end).
    pub fn path_choice(&self) -> Option<Move> {
        let k = self.path_shown();
        self.path_sel
            .or_else(|| self.snap.path.get(k).map(|s| s.mv))
    }

    /// The most-proving line an unknown's search stopped on (the current
    /// problem's, under the current ko setting).
    pub fn stopped_on(&self) -> Option<(KoMaster, &[Move])> {
        self.stopped_on
            .get(&(self.current, ko_key(self.opts.ko)))
            .map(|(m, l)| (*m, l.as_slice()))
    }

    /// Whether `r` has raised the limits the app started with.
    pub fn limits_raised(&self) -> bool {
        self.opts.limits.time != self.start_limits.time
            || self.opts.limits.positions != self.start_limits.positions
    }

    /// Doubles the time and position limits that are set; whether there
    /// was one.
    fn raise_limits(&mut self) -> bool {
        let l = &mut self.opts.limits;
        let had = l.time.is_some() || l.positions.is_some();
        l.time = l.time.map(|t| t.saturating_mul(2));
        l.positions = l.positions.map(|n| n.saturating_mul(2));
        had
    }

    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = Some((text.into(), tone));
        self.message_short.clear();
        self.message_of_search = false;
        self.message_of_place = false;
    }

    /// A message about the position on show, gone when the walk moves.
    pub(super) fn say_of_place(&mut self, text: impl Into<String>, tone: Tone) {
        self.say(text, tone);
        self.message_of_place = true;
    }

    /// A message about the search running, gone when it ends.
    fn say_of_search(&mut self, text: impl Into<String>, tone: Tone) {
        self.say(text, tone);
        self.message_of_search = true;
    }

    /// Shows entry `i` and solves it (or takes the cached result).
    pub fn select(&mut self, i: usize) {
        self.open(i, self.config.start_paused, true);
    }

    /// Shows entry `i` and starts its search (`paused`: stopped after the
    /// root's expansion), unless `cached` allows a result already known.
    fn open(&mut self, i: usize, paused: bool, cached: bool) {
        self.worker.cancel();
        let i = i.min(self.entries.len().saturating_sub(1));
        if i != self.current {
            self.comment_view.set(Scroll::default());
        }
        self.current = i;
        self.snap = Snapshot::default();
        self.paused = paused;
        self.path_cursor = None;
        self.path_sel = None;
        self.explorer = None;
        self.line.clear();
        self.sel = 0;
        self.node = None;
        self.pending = None;
        self.try_state = None;
        self.count.clear();
        self.message = None;
        let Some(entry) = self.entries.get(self.current).cloned() else {
            self.phase = Phase::Idle;
            return;
        };
        let Entry::Problem { problem, side } = entry else {
            self.phase = Phase::Idle;
            return;
        };
        // As `solve` warns: the position may not be the one meant.
        if let Some(d) = &problem.damage {
            self.say(
                format!("warning: {}", shikatsu::report::damage_warning(d)),
                Tone::Bad,
            );
        } else if problem.target_guessed || problem.framed {
            let target = problem.targets[0];
            let guessed = format!(
                "the file marks no target: guessed {} {}",
                problem.defender.name(),
                target.human(problem.board.height())
            );
            let framed = format!(
                "the wall is open: framed with {} stones",
                problem.attacker().name()
            );
            let said = match (problem.target_guessed, problem.framed) {
                (true, true) => format!("{guessed}; {framed}"),
                (true, false) => guessed,
                _ => framed,
            };
            self.say(said, Tone::Info);
        }
        let key = (self.current, ko_key(self.opts.ko));
        if let Some(d) = self.cache.get(&key).cloned().filter(|_| cached) {
            self.decided(d);
            return;
        }
        // Each search keeps its table under a key of its own, and the app
        // keeps only its last search's (apps side by side, as in the
        // tests, never take another's). Solving an unknown again (with
        // larger limits) gives the same key, and so goes on from where
        // the search stopped, when the last search was of this problem
        // under this ko setting; any other search, to be watched from its
        // start, gets a new key.
        let resume = match (std::mem::take(&mut self.continue_next), self.resume) {
            (true, Some((entry, k))) if entry == key => k,
            _ => {
                self.runs += 1;
                resume_key(&problem, side, self.opts.ko)
                    ^ self.runs.wrapping_mul(0xD6E8_FEB8_6659_FD93)
            }
        };
        self.resume = Some((key, resume));
        let resume = Some(Resume {
            owner: self.id,
            key: resume,
        });
        self.worker.start(
            Request::Analyze {
                problem,
                side,
                opts: Options {
                    resume,
                    ..self.opts
                },
            },
            self.paused,
        );
        self.phase = Phase::Solving;
    }

    fn decided(&mut self, (analysis, running, root): Decided) {
        self.paused = false;
        self.explorer = self
            .problem()
            .and_then(|(p, _)| Explorer::new(Arc::clone(p), &analysis));
        self.phase = Phase::Decided {
            analysis,
            running,
            root,
        };
        self.line.clear();
        self.refresh_node();
        if let Some(n) = &self.node {
            self.sel = n.main.unwrap_or(0);
        }
    }

    /// Recomputes the walk's view after the line or a tree changed.
    fn refresh_node(&mut self) {
        self.node = self.explorer.as_ref().map(|e| e.node(&self.line));
        let n = self.node.as_ref().map_or(0, |n| n.candidates.len());
        if self.sel >= n {
            self.sel = n.saturating_sub(1);
        }
    }

    /// Reads the solver's progress and finished jobs.
    pub fn tick(&mut self) {
        if let Some(s) = self.worker.snapshot() {
            self.snap = s;
        }
        while let Some(done) = self.worker.try_recv() {
            self.finished(done);
        }
    }

    fn finished(&mut self, done: Done) {
        if Some(done.job) != self.worker.job() {
            return; // a replaced job
        }
        // The job's last snapshot (the view its search stopped at) may
        // have come after the tick read one.
        if let Some(s) = self.worker.snapshot() {
            self.snap = s;
        }
        match done.reply {
            Reply::Analysis(a) => {
                let a: Arc<Analysis> = Arc::from(a);
                // Where an unknown's search stood when it stopped: the
                // line it was reading is the problem's critical one.
                let key = (self.current, ko_key(self.opts.ko));
                self.stopped_on.remove(&key);
                if a.status == Status::Unknown && self.snap.job == done.job {
                    let line = self.snap.line(self.snap.path.len());
                    self.stopped_on.insert(key, (self.search_master(), line));
                }
                let decided = (a, done.running, done.root);
                self.cache.insert(key, decided.clone());
                if std::mem::take(&mut self.message_of_search) {
                    self.message = None;
                }
                if let Some(e) = &decided.0.error {
                    self.say(e.clone(), Tone::Bad);
                }
                self.decided(decided);
            }
            Reply::Decided { moves, verdict } => {
                let Some((_, pending)) = self.pending.take() else {
                    return;
                };
                let Some(ex) = self.explorer.as_mut() else {
                    return;
                };
                let side = ex.side;
                let winner = match verdict.outcome {
                    Outcome::Proven => side,
                    Outcome::Disproven => side.opp(),
                    Outcome::Unknown(stop) => {
                        self.say(undecided(stop), Tone::Bad);
                        if let Pending::Try(_) = pending {
                            self.try_note(
                                "the solver ran out of limits here".to_string(),
                                Tone::Bad,
                            );
                        }
                        return;
                    }
                };
                if let Some(tree) = verdict.tree {
                    ex.graft(moves.clone(), winner, tree);
                } else {
                    self.say("the solver found no checked tree here", Tone::Bad);
                    return;
                }
                match pending {
                    Pending::Enter(m) => {
                        self.line = m;
                        self.refresh_node();
                        self.sel = self.node.as_ref().and_then(|n| n.main).unwrap_or(0);
                        self.message = None;
                    }
                    Pending::Try(m) => {
                        self.line = m;
                        self.refresh_node();
                        self.try_judge();
                    }
                }
            }
            Reply::Panicked(msg) => {
                self.pending = None;
                self.phase = Phase::Failed(msg.clone());
                self.say(format!("the solver failed: {msg}"), Tone::Bad);
            }
        }
    }

    /// Applies one user action.
    pub fn apply(&mut self, action: Action) {
        // Ctrl-C quits from anywhere, a window open or not.
        if action == Action::Interrupt {
            self.running = false;
            return;
        }
        // Esc takes back a count being typed before it closes or quits
        // anything, as it leaves try mode first: someone who typed "25"
        // and thought better of it is not asking to quit.
        if action == Action::Back && !self.count.is_empty() {
            self.count.clear();
            return;
        }
        if !matches!(action, Action::Digit(_) | Action::Step | Action::BigStep) {
            self.count.clear();
        }
        if let Overlay::List { sel } = self.overlay {
            self.apply_list(action, sel);
            return;
        }
        if self.overlay == Overlay::Help {
            if let Some(view) = self.help_view.get().scrolled(action) {
                self.help_view.set(view);
                return;
            }
            // Any other key closes the help, as its footer says: `q`
            // too (Ctrl-C quits).
            self.overlay = Overlay::None;
            return;
        }
        // A message about the position on show goes once the walk moves
        // (the key may say it again).
        let walks = action.moves_about() || action == Action::Enter;
        if walks && self.try_state.is_none() && std::mem::take(&mut self.message_of_place) {
            self.message = None;
            self.message_short.clear();
        }
        match action {
            Action::Quit => self.running = false,
            Action::Back => {
                if self.try_state.is_some() {
                    self.leave_try();
                } else if let Some(steps) = self.stepping() {
                    self.stop_steps(steps);
                } else {
                    self.running = false;
                }
            }
            Action::Help => {
                self.overlay = Overlay::Help;
                self.help_view.set(Scroll::default());
            }
            Action::List => {
                self.overlay = Overlay::List { sel: self.current };
            }
            Action::Next => {
                if self.current + 1 < self.entries.len() {
                    self.select(self.current + 1);
                } else {
                    self.say("this is the last problem", Tone::Info);
                }
            }
            Action::Prev => {
                if self.current > 0 {
                    self.select(self.current - 1);
                } else {
                    self.say("this is the first problem", Tone::Info);
                }
            }
            Action::Pause => self.toggle_pause(),
            Action::Digit(d) => self.type_digit(d),
            Action::Step => {
                let n = self.take_count(1);
                self.step(n);
            }
            Action::BigStep => {
                let n = self.take_count(BIG_STEP);
                self.step(n);
            }
            Action::Ko => {
                self.opts.ko = match self.opts.ko {
                    KoRule::Auto => KoRule::Fixed(None),
                    KoRule::Fixed(None) => KoRule::Fixed(Some(Color::Black)),
                    KoRule::Fixed(Some(Color::Black)) => KoRule::Fixed(Some(Color::White)),
                    KoRule::Fixed(Some(Color::White)) | KoRule::Threats(_) => KoRule::Auto,
                };
                let ko = self.opts.ko;
                self.select(self.current);
                self.say(format!("ko setting: {}", ko_name(ko)), Tone::Info);
            }
            Action::Resolve => {
                // Solving an unknown again under the same limits would end
                // the same way: a second try gets twice the time and
                // positions (and keeps them for the problems after).
                let unknown = self.analysis().is_some_and(|a| a.status == Status::Unknown);
                let raised = unknown && self.raise_limits();
                self.continue_next = raised;
                self.cache.remove(&(self.current, ko_key(self.opts.ko)));
                // A search under way starts over (paused, if it was), and
                // says so: the counters dropping to nothing is no word.
                let searching = self.solving();
                let kept = searching && self.paused;
                self.open(self.current, kept || self.config.start_paused, true);
                if kept {
                    self.say_of_search(
                        "searching again from the start, paused: s steps, space resumes",
                        Tone::Info,
                    );
                } else if searching {
                    self.say_of_search("searching again from the start", Tone::Info);
                }
                if raised {
                    let limits = limits_text(self.opts.limits);
                    self.say_of_search(
                        format!("solving again with twice the limits: {limits}"),
                        Tone::Info,
                    );
                    // The header gives the limits too.
                    self.message_short = vec!["solving again with twice the limits".to_string()];
                }
            }
            Action::Write => self.write_sgf(),
            Action::Values => {
                self.values = !self.values;
                // Within 79 columns, so that 80 show it whole.
                if !self.values {
                    self.say("the candidate points are no longer labelled", Tone::Info);
                } else if self.solving() || self.deciding() {
                    self.say_of_search(
                        "candidate points show pn (prover to move) or dn (opponent); v hides them",
                        Tone::Info,
                    );
                    self.message_short =
                        vec!["candidate points show pn or dn; v hides them".into()];
                } else {
                    self.say(
                        "while a search runs, its candidate points will show pn or dn; v hides them",
                        Tone::Info,
                    );
                    self.message_short =
                        vec!["a search's candidate points will show pn or dn".into()];
                }
            }
            Action::Comment => self.toggle_comment(),
            Action::PageUp | Action::PageDown if self.comment => {
                if let Some(view) = self.comment_view.get().scrolled(action) {
                    self.comment_view.set(view);
                }
            }
            Action::Try => {
                if self.try_state.is_some() {
                    self.leave_try();
                } else {
                    self.enter_try();
                }
            }
            _ if action.moves_about() && self.try_state.is_some() => self.move_cursor(action),
            Action::Left => self.walk_back(),
            Action::Right => self.walk_forward(),
            Action::Up => self.select_candidate(-1),
            Action::Down => self.select_candidate(1),
            Action::Home => self.walk_home(),
            Action::End => self.walk_end(),
            Action::Enter => {
                if self.try_state.is_some() {
                    self.try_play_input();
                } else {
                    self.walk_enter();
                }
            }
            Action::Char(c) => self.type_char(c),
            Action::Backspace => {
                if let Some(t) = &mut self.try_state {
                    t.typed.pop();
                }
            }
            Action::Undo => self.take_back(),
            Action::PageUp | Action::PageDown | Action::Interrupt | Action::None => {}
        }
    }

    fn apply_list(&mut self, action: Action, sel: usize) {
        let n = self.entries.len();
        let last = n.saturating_sub(1);
        let sel = match action {
            Action::Up => sel.saturating_sub(1),
            Action::Down => (sel + 1).min(last),
            Action::PageUp => sel.saturating_sub(10),
            Action::PageDown => (sel + 10).min(last),
            Action::Home => 0,
            Action::End => last,
            Action::Enter | Action::Right => {
                self.overlay = Overlay::None;
                if sel != self.current {
                    self.select(sel);
                }
                return;
            }
            Action::Quit => {
                self.running = false;
                return;
            }
            Action::Back | Action::List | Action::Left => {
                self.overlay = Overlay::None;
                return;
            }
            _ => sel,
        };
        self.overlay = Overlay::List { sel };
    }

    fn toggle_comment(&mut self) {
        if !self.comment && self.problem().is_none() {
            self.say("no comment to show: this entry did not load", Tone::Info);
            return;
        }
        self.comment = !self.comment;
        let what = if self.comment {
            "the problem's comment replaces the panel; c hides it"
        } else {
            "the comment is hidden; c shows it again"
        };
        self.say(what, Tone::Info);
    }

    /// A digit of a step count. A count starts from 1 (a "0" first would
    /// step once, as no count does), and only where there is a problem
    /// to step.
    fn type_digit(&mut self, d: char) {
        if self.problem().is_none() {
            self.say("nothing to step: this entry did not load", Tone::Info);
        } else if self.count.is_empty() && d == '0' {
            self.say(
                "a step count starts from 1 (25s steps 25 expansions)",
                Tone::Info,
            );
        } else if self.count.len() < 9 {
            self.count.push(d);
        }
    }

    fn take_count(&mut self, default: u64) -> u64 {
        let n = self.count.parse().unwrap_or(default).max(1);
        self.count.clear();
        n
    }

    /// A step of the paused search under way: the expansions made of it
    /// and asked for (a count of millions takes seconds).
    pub fn stepping(&self) -> Option<(u64, u64)> {
        if !self.paused || !(self.solving() || self.deciding()) {
            return None;
        }
        self.worker.steps()
    }

    /// Space or Esc during a step: the search stays paused where it got to.
    fn stop_steps(&mut self, (made, asked): (u64, u64)) {
        self.worker.stop_steps();
        let (made, asked) = (super::ui::thousands(made), super::ui::thousands(asked));
        self.say_of_search(
            format!("step stopped after {made} of {asked} expansions: space resumes"),
            Tone::Info,
        );
        self.message_short = vec![format!("step stopped after {made} of {asked} expansions")];
    }

    fn toggle_pause(&mut self) {
        if !self.solving() && !self.deciding() {
            self.say("nothing is being solved", Tone::Info);
            return;
        }
        // Space while a step runs ends the step, not the pause: the
        // step's expansions were asked for one by one, in a pause.
        if let Some(steps) = self.stepping() {
            self.stop_steps(steps);
            return;
        }
        self.paused = !self.paused;
        self.path_cursor = None;
        self.path_sel = None;
        self.worker.set_paused(self.paused);
    }

    fn step(&mut self, n: u64) {
        if !self.solving() && !self.deciding() {
            if self.problem().is_none() {
                self.say("nothing to search: this entry did not load", Tone::Info);
                return;
            }
            // Watch a decided problem again, one step at a time: the new
            // search stops after the root's expansion, which is step 1.
            self.open(self.current, true, false);
            self.say_of_search(
                "searching again from the start: s and S step, space resumes",
                Tone::Info,
            );
            if n > 1 {
                self.worker.step(n - 1);
            }
            return;
        }
        self.paused = true;
        self.path_cursor = None;
        self.path_sel = None;
        self.worker.step(n);
    }

    /// Waits until a paused search used its steps (tests).
    #[cfg(test)]
    pub fn settle(&mut self, timeout: Duration) {
        self.worker.wait_idle(timeout);
        self.tick();
    }

    /// Waits for the current job to finish (tests).
    #[cfg(test)]
    pub fn wait_done(&mut self, timeout: Duration) -> bool {
        let end = std::time::Instant::now() + timeout;
        while std::time::Instant::now() < end {
            if let Some(done) = self.worker.recv_timeout(Duration::from_millis(5)) {
                let ours = Some(done.job) == self.worker.job();
                self.finished(done);
                if ours {
                    self.tick();
                    return true;
                }
            }
        }
        false
    }

    // ---- writing the proof --------------------------------------------

    fn write_sgf(&mut self) {
        self.write_sgf_in(Path::new(""));
    }

    /// Writes into `dir` (the current folder: "") what `shikatsu solve
    /// --proof-sgf` writes for the analysis on show (the same function
    /// writes both): its proof when the checker accepted every verdict,
    /// and a refutation of each of the file's answers that misses the
    /// best status. The message line names what was written (counts the
    /// files, where their names do not fit its width), or says why
    /// nothing was.
    pub(super) fn write_sgf_in(&mut self, dir: &Path) {
        let Some((problem, _)) = self.problem() else {
            self.say("nothing to write: this entry did not load", Tone::Bad);
            return;
        };
        let Some(a) = self.analysis() else {
            // Gone when the search ends, when w writes.
            self.say_of_search(
                "nothing to write yet: the problem is not solved",
                Tone::Info,
            );
            return;
        };
        // Why the proof itself is not among the files, if it is not, at
        // length and in short.
        let (missing, missing_short) = if proof_file::writes_proof(a) {
            ("", "")
        } else if a.proof.is_none() {
            ("no proof (unknown within the limits)", "no proof: unknown")
        } else {
            (
                "the checker did not accept every verdict behind the proof",
                "not the unchecked proof",
            )
        };
        let mut shorter = Vec::new();
        let (text, tone) = match proof_file::write(dir, &self.proof_names, problem, a) {
            Ok(paths) if paths.is_empty() && a.proof.is_none() => {
                (format!("nothing to write: {missing}"), Tone::Info)
            }
            Ok(paths) if paths.is_empty() => (format!("nothing written: {missing}"), Tone::Info),
            Ok(paths) => {
                let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
                let n = names.len();
                let proof = self.proof_names.name(problem, a.side);
                let with_proof = paths[0].file_name().is_some_and(|f| *f == *proof);
                let refutations = n - usize::from(with_proof);
                // The whole list when the message line has the room,
                // else the files counted: the proof by name, the
                // refutations by number.
                let counted = match (with_proof, refutations) {
                    (true, 0) => None,
                    (true, k) => Some(format!(
                        "wrote {n} files: {} and {}",
                        names[0],
                        crate::text::counted(k, "refutation")
                    )),
                    (false, k) => Some(format!("wrote {}", crate::text::counted(k, "refutation"))),
                };
                let long = |t: &str| {
                    if missing.is_empty() {
                        t.to_string()
                    } else {
                        format!("{t} (not the proof: {missing})")
                    }
                };
                let short = |t: &str| {
                    if missing.is_empty() {
                        t.to_string()
                    } else {
                        format!("{t} ({missing_short})")
                    }
                };
                let list = format!("wrote {}", names.join(", "));
                shorter.extend(counted.as_deref().map(long));
                if !missing.is_empty() {
                    shorter.push(short(&list));
                    shorter.extend(counted.as_deref().map(short));
                }
                shorter.push(short(&format!("wrote {}", crate::text::counted(n, "file"))));
                shorter.dedup();
                (long(&list), Tone::Good)
            }
            Err(e) => {
                let (text, forms) = write_error(&self.proof_names, problem, a, &e);
                shorter = forms;
                (text, Tone::Bad)
            }
        };
        self.say(text, tone);
        self.message_short = shorter;
    }
}

/// What the message line says of a position the walk or try mode could
/// not decide: which limit stopped its search, in words.
pub(super) fn undecided(stop: Stop) -> String {
    let limit = match stop {
        Stop::Positions => "within the position limit",
        Stop::Time => "within the time limit",
        Stop::Memory => "in the memory it has (--memory)",
        Stop::Cancelled => "before it was stopped",
    };
    format!("could not decide that position {limit}")
}

/// What `w` says when a file could not be written, at length and in
/// shorter forms for the message line, longest first: the files written
/// before it (`proof_file::write` writes the proof, then the refutations,
/// and stops at the first it cannot write), the file and the reason.
/// The forms drop the system's error number, count the files written,
/// cut the file's name at its start, and at last call the file what it
/// is, so that one fits any message line the screen draws (59 columns).
fn write_error(
    names: &proof_file::Names,
    problem: &Problem,
    a: &Analysis,
    e: &proof_file::WriteError,
) -> (String, Vec<String>) {
    let path = e.path.display().to_string();
    let reason = e.error.to_string();
    // "Permission denied (os error 13)" -> "Permission denied".
    let brief = match reason.rsplit_once(" (os error ") {
        Some((r, _)) => r.to_string(),
        None => reason.clone(),
    };
    let proof = names.name(problem, a.side);
    let before = e.written_names();
    let file = e.path.file_name().map(|f| f.to_string_lossy().into_owned());
    let (wrote, wrote_short) = match before.len() {
        0 => (String::new(), String::new()),
        1 => (
            format!("wrote {}; ", before[0]),
            "wrote 1 file; ".to_string(),
        ),
        k => (
            format!("wrote {}; ", before.join(", ")),
            format!("wrote {k} files; "),
        ),
    };
    let what = if file.as_deref() == Some(proof.as_str()) {
        "the proof"
    } else {
        "a refutation"
    };
    let mut forms = vec![
        format!("{wrote}cannot write {path}: {brief}"),
        format!("{wrote_short}cannot write {path}: {brief}"),
    ];
    let name = file.unwrap_or_else(|| path.clone());
    for room in [79, 59] {
        for wrote in [&wrote_short, ""] {
            let fixed = crate::text::columns(&format!("{wrote}cannot write : {brief}"));
            if fixed + 12 <= room {
                let cut = crate::text::cut_start(&name, room - fixed);
                forms.push(format!("{wrote}cannot write {cut}: {brief}"));
                break;
            }
        }
    }
    forms.push(format!("{wrote_short}cannot write {what}: {brief}"));
    forms.push(format!("cannot write {what}: {brief}"));
    forms.dedup();
    (format!("{wrote}cannot write {path}: {reason}"), forms)
}

/// Parses "c3" (columns A-T without I, rows from the bottom) or "pass".
pub fn parse_point(s: &str, width: usize, height: usize) -> Option<Move> {
    let s = s.trim().to_ascii_lowercase();
    if s == "pass" {
        return Some(Move::Pass);
    }
    let mut chars = s.chars();
    let col = chars.next()?;
    if !col.is_ascii_lowercase() || col == 'i' {
        return None;
    }
    let mut x = (col as u8 - b'a') as usize;
    if col > 'i' {
        x -= 1;
    }
    let row: usize = chars.as_str().parse().ok()?;
    if x >= width || row == 0 || row > height {
        return None;
    }
    Some(Move::Play(Point::new(x, height - row)))
}
