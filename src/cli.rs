//! Command-line arguments (clap derive) and the `solve` command.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use shikatsu::analysis::{self, KoRule, Options};
use shikatsu::batch::Plan;
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{self, Loaded, MAX_THREATS};
use shikatsu::report::{Record, proof_file};

#[derive(Parser, Debug)]
#[command(
    name = "shikatsu",
    version,
    about = "Proves Go life-and-death problems (tsumego) with df-pn"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve SGF files, folders and collections; print a table or JSON.
    Solve(SolveArgs),
    /// Watch the proof happen in the terminal, then walk it.
    Tui(TuiArgs),
    /// Solve a fixed suite single-threaded and print speed figures.
    #[command(
        after_help = "In bench, --positions is 5000000 unless given, and the status \
        alone is searched (--status-only is the default; --full for the whole analysis). \
        One job, one thread: the figures are a single core's."
    )]
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct TuiArgs {
    /// An SGF file, collection or folder (default: the bundled problems).
    #[arg(default_value = "problems")]
    pub path: PathBuf,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Threads for each search, sharing one table (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub load: LoadArgs,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Files or folders (default: the bundled problems, plus
    /// ../shared/problems/d180cf when present).
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// The whole analysis (every first move, ko grades, eyes or seki)
    /// instead of the status alone.
    #[arg(long, conflicts_with = "status_only")]
    pub full: bool,
}

/// Positions per side of the documented bench suite, when `--positions`
/// is not given: a status that takes more is hard, not slow, and a
/// fixed count measures the same search on any machine.
pub const BENCH_POSITIONS: u64 = 5_000_000;

impl BenchArgs {
    /// The limits the bench runs under: the status alone, 5 million
    /// positions per side, unless asked otherwise.
    pub fn limits(&self) -> LimitArgs {
        let mut limits = self.limits.clone();
        limits.positions = limits.positions.or(Some(BENCH_POSITIONS));
        limits.status_only = !self.full;
        limits
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Json,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KoArg {
    /// Full status: unconditional, ko or fails.
    Auto,
    /// Nobody may repeat a position.
    None,
    /// Black is ko master.
    Black,
    /// White is ko master.
    White,
}

#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Seconds per problem and side to move.
    // A negative number reaches `options`, which says what is wrong
    // with it, rather than clap's "unexpected argument '-3'".
    #[arg(long, default_value_t = 60.0, allow_negative_numbers = true)]
    pub time: f64,
    /// Positions per problem and side to move.
    #[arg(long)]
    pub positions: Option<u64>,
    /// Transposition-table memory in all (e.g. 512M, 1G); what the
    /// tables leave over lets larger proofs be checked.
    #[arg(long, default_value = "1G", value_parser = parse_size)]
    pub memory: usize,
    /// Ko setting.
    #[arg(long, value_enum, default_value_t = KoArg::Auto)]
    pub ko: KoArg,
    /// External ko threats held by Black and White, e.g. `1:0`: nobody is
    /// ko master, a side may retake a ko by spending one. The answer is
    /// "wins" or "fails".
    #[arg(long, value_name = "B:W", value_parser = parse_threats)]
    pub threats: Option<[u8; 2]>,
    /// Decide the status with one checked proof only: skip listing every
    /// winning first move, the ko grade and eyes-or-seki.
    #[arg(long)]
    pub status_only: bool,
}

/// Parses "1:0" (Black's threats, then White's).
pub fn parse_threats(s: &str) -> Result<[u8; 2], String> {
    let bad =
        || format!("{s:?} is not a threat count like 1:0 (Black:White, each 0 to {MAX_THREATS})");
    let (b, w) = s.split_once(':').ok_or_else(bad)?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    let w: u8 = w.trim().parse().map_err(|_| bad())?;
    if b > MAX_THREATS || w > MAX_THREATS {
        return Err(bad());
    }
    Ok([b, w])
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// SGF files or folders (searched recursively for *.sgf); - reads standard input.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// Parallel jobs (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// When there are at least twice as many jobs as problem sides, run
    /// the two ko-master searches of each status side by side.
    #[arg(long)]
    pub parallel_ko: bool,
    /// Threads for each search, sharing one table (default: the cores
    /// that fewer problem sides than jobs leave free, else 1).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// Write each checked proof (and each refutation of a file's answer)
    /// as an SGF file into this folder.
    #[arg(long, value_name = "DIR")]
    pub proof_sgf: Option<PathBuf>,
    #[command(flatten)]
    pub load: LoadArgs,
}

/// How `solve` and `tui` read a file that leaves something out.
#[derive(Args, Debug)]
pub struct LoadArgs {
    /// A problem whose file marks no target (no MA) takes the one group
    /// its position can be about: a group of either colour inside a wall
    /// of the other, not yet alive. Several such groups (a semeai, say),
    /// or none, are still an error. Shown as `C3?` in the table and
    /// `"target_guessed": true` in JSON.
    #[arg(long)]
    pub guess_target: bool,
    /// A problem whose attacker's wall is open (a full-board problem
    /// with gaps in the wall) gets a frame: a line of attacker stones
    /// around its stones, one empty line beyond the outermost, instead of
    /// the error "not enclosed". `"framed": true` in JSON.
    #[arg(long)]
    pub frame: bool,
}

impl LoadArgs {
    pub fn options(&self) -> problem::Options {
        problem::Options {
            guess_target: self.guess_target,
            frame: self.frame,
        }
    }
}

/// Parses "1G", "512M", "64K", "1T" (with "B" or "iB" after the unit if
/// you like: "1GB", "1GiB") or a number of bytes; from 1M to 1T.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let text = s.trim();
    let bare = text
        .strip_suffix("iB")
        .or_else(|| text.strip_suffix('B'))
        .unwrap_or(text);
    let (num, mult) = match bare.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let m = match c.to_ascii_uppercase() {
                'K' => 1u64 << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                'T' => 1 << 40,
                _ => return Err(format!("unknown size unit in {text:?} (use K, M, G or T)")),
            };
            (&bare[..i], m)
        }
        _ => (bare, 1),
    };
    let n: f64 = num
        .trim()
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite())
        .ok_or_else(|| format!("{text:?} is not a size like 512M or 1G"))?;
    let bytes = n * mult as f64;
    if bytes < (1u64 << 20) as f64 {
        return Err(format!("{text:?} is too small: at least 1M"));
    }
    if bytes > (1u64 << 40) as f64 {
        return Err(format!("{text:?} is too large: at most 1T"));
    }
    Ok(bytes as usize)
}

impl LimitArgs {
    pub fn options(&self, jobs: usize) -> Result<Options> {
        // Threats are spent where nobody is master: with the default
        // `--ko auto`, said or not, they go; with a master they do not.
        if self.threats.is_some() && self.ko != KoArg::Auto {
            let ko = self
                .ko
                .to_possible_value()
                .map(|v| v.get_name().to_string());
            bail!(
                "--threats asks with nobody ko master: it cannot go with --ko {}",
                ko.unwrap_or_default()
            );
        }
        if self.time.is_nan() || self.time <= 0.0 {
            bail!("--time must be positive");
        }
        // A limit past what a clock can count (`inf`, `1e30`) is refused
        // rather than taken as no limit: it is more likely a slip.
        let Ok(time) = Duration::try_from_secs_f64(self.time) else {
            bail!("--time must be a number of seconds below 1.8e19");
        };
        if self.positions == Some(0) {
            bail!("--positions must be positive");
        }
        let share = self.memory / jobs.max(1);
        let table = table_bytes(share, self.time, self.positions);
        Ok(Options {
            limits: Limits {
                positions: self.positions,
                time: Some(time),
            },
            memory: table,
            proof_nodes: proof_nodes(share, table),
            ko: match self.ko {
                _ if self.threats.is_some() => KoRule::Threats(self.threats.unwrap_or_default()),
                KoArg::Auto => KoRule::Auto,
                KoArg::None => KoRule::Fixed(None),
                KoArg::Black => KoRule::Fixed(Some(Color::Black)),
                KoArg::White => KoRule::Fixed(Some(Color::White)),
            },
            status_only: self.status_only,
            parallel_ko: false,
            ..Options::default()
        })
    }
}

/// The width stdout's tables fit when stdout is a terminal: `COLUMNS`
/// when it is set to a number (as POSIX has it: a user can ask for
/// another width), else the terminal's size; `None` when neither tells.
pub(crate) fn terminal_width() -> Option<usize> {
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0);
    columns.or_else(|| crossterm::terminal::size().ok().map(|(w, _)| w.into()))
}

/// A summary line (some 130 columns) broken after its clauses to fit a
/// terminal it is written to (`on_terminal`); elsewhere one line, for
/// scripts.
pub(crate) fn fit_summary(line: &str, on_terminal: bool) -> String {
    match terminal_width().filter(|_| on_terminal) {
        Some(width) => crate::text::wrap_clauses(line, width),
        None => line.to_string(),
    }
}

/// `SHIKATSU_DEBUG` is set: a developer's switch for `Options::debug`.
pub(crate) fn debug_from_env() -> bool {
    std::env::var_os("SHIKATSU_DEBUG").is_some()
}

/// The table memory of one job: its share of `--memory`, but no more
/// than a search within the limits can use. A search stores one entry
/// per expansion, up to about 280,000 a second on this kind of machine
/// and at most one per 4 positions (small problems have few moves). The
/// table grows as it fills, so a large budget costs a small problem
/// nothing; a hard one is replaced less in a table four times the
/// entries it stores: 1.4 million entries a second (a 298 MB budget for
/// 10 s, which `Table` rounds down to a power of two: 256 MB). On the 31
/// suite files left unknown at 10 s, 20 of their 62 sides are decided
/// with 256 MB against 17 with 64 MB, and 19 with 512 MB, where the
/// search slows (`--status-only --jobs 2`).
fn table_bytes(share: usize, time: f64, positions: Option<u64>) -> usize {
    const ENTRY_BYTES: f64 = 64.0 / 3.0;
    let by_time = time * 1_400_000.0 * ENTRY_BYTES;
    let by_positions = positions.map_or(f64::INFINITY, |n| n as f64 / 4.0 * ENTRY_BYTES);
    let fill = by_time.min(by_positions).min(usize::MAX as f64) as usize;
    share.min(fill).max(1 << 16)
}

/// The largest proof a job writes out and checks, in distinct positions:
/// what its share of `--memory` leaves beside its tables (a main one and
/// at most one more, for a strict search), at 320 bytes a position
/// (gop/5555 Black's proof as ko master, 1.48 million positions, took
/// 415 MB beside its table, written out and checked: 280 a position),
/// and never fewer than `PROOF_NODE_LIMIT`. The default share leaves
/// nothing over, so the default limit stands; a long run given more
/// memory checks larger proofs instead of dropping the verdict
/// (gop/13485 Black was found `ko` at 148 s with a proof past two
/// million positions).
fn proof_nodes(share: usize, table: usize) -> usize {
    const PROOF_NODE_BYTES: usize = 320;
    let tables = 2 * table.min(shikatsu::dfpn::MAX_TABLE_BYTES);
    (share.saturating_sub(tables) / PROOF_NODE_BYTES).max(shikatsu::dfpn::PROOF_NODE_LIMIT)
}

/// A count the user gave that must be 1 or more (0 jobs or threads would
/// solve nothing, or quietly mean something else).
pub fn at_least_one(option: &str, value: Option<usize>) -> Result<()> {
    if value == Some(0) {
        bail!("{option} must be at least 1");
    }
    Ok(())
}

/// The machine's cores: the default number of jobs, and of threads per
/// search in the terminal UI.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `solve`; returns the exit code.
pub fn solve(args: &SolveArgs) -> Result<i32> {
    at_least_one("--jobs", args.jobs)?;
    at_least_one("--threads", args.threads)?;
    let jobs = args.jobs.unwrap_or_else(cores);
    let mut opts = args.limits.options(jobs)?;
    opts.debug = debug_from_env();
    if let Some(dir) = &args.proof_sgf {
        prepare_proof_dir(dir)?;
    }
    let start = Instant::now();
    let loaded: Vec<Loaded> = problem::load_paths_with(&args.paths, args.load.options());
    // A damaged file read as far as it could be is solved, and said so
    // once per problem, whatever the format.
    for p in loaded.iter().filter_map(|l| l.as_ref().ok()) {
        if let Some(d) = &p.damage {
            eprintln!(
                "warning: {}: {}",
                p.label(),
                shikatsu::report::damage_warning(d)
            );
        }
    }
    let proof_names = proof_file::Names::of(
        (loaded.iter())
            .filter_map(|l| l.as_ref().ok())
            .map(|p| p.file.as_path()),
    );
    let plan = Plan::new(&loaded, jobs);
    plan.tune(&mut opts, args.parallel_ko, args.threads);
    let bar = progress_bar(args.quiet, plan.jobs.len());
    let pool = plan.pool().context("cannot start worker threads")?;
    let mut out = std::io::stdout().lock();
    let stdout_terminal = std::io::stdout().is_terminal();
    let how = Output {
        format: args.format,
        errors_to_stderr: echo_errors(
            args.format,
            stdout_terminal,
            std::io::stderr().is_terminal(),
        ),
        table: TableLayout::for_stdout(
            stdout_terminal,
            status_columns(shikatsu::report::setting_words(opts.ko).as_deref()),
            longest_label(&loaded),
        ),
    };
    if let Format::Table = args.format {
        bar.suspend(|| print_table_header(&mut out, how.table))?;
    }
    // Counted and shown under one lock: two workers that each counted,
    // then set the message, could show the older count last.
    let done = std::sync::Mutex::new((0usize, 0usize));
    let mut write_error: Option<anyhow::Error> = None;
    let records = plan.run(
        &loaded,
        &opts,
        &pool,
        |p, a, r| {
            if let Some(Err(e)) = args
                .proof_sgf
                .as_ref()
                .map(|d| write_proofs(d, &proof_names, p, a))
            {
                r.error.get_or_insert(format!("{e:#}"));
            }
        },
        |r| {
            let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
            if r.solved() {
                done.0 += 1;
            } else {
                done.1 += 1;
            }
            bar.set_message(format!("solved {}, not solved {}", done.0, done.1));
            bar.inc(1);
        },
        // JSON is one document: it waits for the end.
        |r| {
            if write_error.is_none()
                && let Err(e) = bar.suspend(|| emit(&mut out, how, r))
            {
                write_error = Some(e);
            }
        },
    );
    bar.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    let summary = Summary::of(&records, start.elapsed());
    if let Format::Json = args.format {
        let doc = serde_json::json!({ "summary": summary, "results": records });
        writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
    }
    out.flush()?;
    eprintln!(
        "{}",
        fit_summary(&summary.line(), std::io::stderr().is_terminal())
    );
    Ok(summary.exit_code())
}

/// Makes the `--proof-sgf` folder, and finds out now, not after an hour
/// of solving, that nothing can be written there.
fn prepare_proof_dir(dir: &Path) -> Result<()> {
    // create_dir_all would say "File exists" of a file in the way.
    if dir.exists() && !dir.is_dir() {
        bail!(
            "--proof-sgf {}: not a folder (a file of that name is there)",
            dir.display()
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let probe = dir.join(".shikatsu-write-test");
    std::fs::write(&probe, b"").with_context(|| format!("cannot write into {}", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A bar of `len` results on stderr; hidden when asked, or when stderr
/// is not a terminal (a log file would fill with redraws).
fn progress_bar(quiet: bool, len: usize) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
    }
    let b = ProgressBar::new(len as u64);
    b.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} problems  {msg}  {elapsed} elapsed, ETA {eta}",
        )
        .expect("a valid template"),
    );
    b
}

#[derive(serde::Serialize, Debug)]
pub struct Summary {
    pub results: usize,
    pub solved: usize,
    pub agrees: usize,
    pub disagrees: usize,
    pub unknown: usize,
    /// Decided as the file's `SX` expects, where it names no first move.
    pub as_expected: usize,
    /// Decided otherwise than the file's `SX` expects.
    pub not_as_expected: usize,
    /// Decided, with first moves in the file the run did not compare
    /// (`--status-only` proves one move of its own).
    pub not_compared: usize,
    /// Solved, and the file's lines go wrong past their first move, or
    /// a try the file calls wrong works (`Record::lines`).
    pub lines_wrong: usize,
    pub errors: usize,
    pub unchecked: usize,
    pub positions: u64,
    pub seconds: f64,
}

/// Where the summary counts a result: each in exactly one place, so
/// that the counts add up to the results.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counted {
    /// Decided and checked.
    Solved,
    /// A limit was reached first.
    Unknown,
    /// Decided, but its proof too large to write out and check, or
    /// rejected by the checker (its `error` says which): a limit reached
    /// too, or a bug, not bad input.
    Unchecked,
    /// Not loaded or not analysed, or a proof file that could not be
    /// written.
    Error,
}

fn place_of(r: &Record) -> Counted {
    if r.status == "unknown" {
        Counted::Unknown
    } else if !r.solved() {
        Counted::Error
    } else if !r.checked {
        Counted::Unchecked
    } else if r.error.is_some() {
        Counted::Error
    } else {
        Counted::Solved
    }
}

impl Summary {
    fn of(records: &[Record], elapsed: Duration) -> Summary {
        let count = |place: Counted| records.iter().filter(|r| place_of(r) == place).count();
        Summary {
            results: records.len(),
            solved: count(Counted::Solved),
            agrees: records.iter().filter(|r| r.agrees == Some(true)).count(),
            disagrees: records
                .iter()
                .filter(|r| r.solved() && r.agrees == Some(false))
                .count(),
            unknown: count(Counted::Unknown),
            as_expected: records
                .iter()
                .filter(|r| {
                    place_of(r) == Counted::Solved
                        && r.agrees.is_none()
                        && r.as_expected() == Some(true)
                })
                .count(),
            not_as_expected: records
                .iter()
                .filter(|r| r.as_expected() == Some(false))
                .count(),
            not_compared: records
                .iter()
                .filter(|r| r.solved() && r.agrees.is_none() && !r.accepted.is_empty())
                .count(),
            lines_wrong: records
                .iter()
                .filter(|r| r.solved() && !r.lines_said().is_empty())
                .count(),
            errors: count(Counted::Error),
            unchecked: count(Counted::Unchecked),
            positions: records.iter().map(|r| r.positions).sum(),
            seconds: elapsed.as_secs_f64(),
        }
    }

    fn line(&self) -> String {
        // Only files that carry an `SX` can meet or miss it: said when
        // one does (a table of `as SX` rows summed up as "0 agree" read
        // as a failure).
        let sx = match self.as_expected {
            0 => String::new(),
            n => format!(", {n} as SX expects"),
        };
        let sx = match self.not_as_expected {
            0 => sx,
            n => format!("{sx}, {n} not as SX expects"),
        };
        let sx = match self.not_compared {
            0 => sx,
            n => format!("{sx}, {n} not compared"),
        };
        let sx = match self.lines_wrong {
            0 => sx,
            n => format!("{sx}, {n} whose lines go wrong"),
        };
        format!(
            "{}: {} solved ({} agree with the file, {} disagree{sx}), {} unknown within limits, {}, {} unchecked; {} positions in {:.2} s",
            crate::text::counted(self.results, "result"),
            self.solved,
            self.agrees,
            self.disagrees,
            self.unknown,
            crate::text::counted(self.errors, "error"),
            self.unchecked,
            self.positions,
            self.seconds
        )
    }

    /// 0 all solved and consistent, 1 something unsolved or disagreeing
    /// (a proof too large to check is a limit reached, as an unknown
    /// status is), 2 an input error.
    fn exit_code(&self) -> i32 {
        if self.errors > 0 {
            2
        } else if self.unknown > 0
            || self.disagrees > 0
            || self.lines_wrong > 0
            || self.not_as_expected > 0
            || self.unchecked > 0
        {
            1
        } else {
            0
        }
    }
}

/// Whether a record's error line goes to stderr too. A table row
/// already shows it; when the table and stderr are the same screen, the
/// copy would print every error twice.
fn echo_errors(format: Format, stdout_terminal: bool, stderr_terminal: bool) -> bool {
    !(matches!(format, Format::Table) && stdout_terminal && stderr_terminal)
}

/// How `solve` writes its records, decided once from where stdout and
/// stderr go.
#[derive(Clone, Copy, Debug)]
struct Output {
    format: Format,
    /// Each error line goes to stderr too (`echo_errors`).
    errors_to_stderr: bool,
    table: TableLayout,
}

/// One record as its format writes it, with its error line on stderr
/// when asked (JSON waits for the whole document).
fn emit(out: &mut impl Write, how: Output, r: &Record) -> Result<()> {
    match how.format {
        Format::Jsonl => writeln!(out, "{}", serde_json::to_string(r)?)?,
        Format::Table => print_table_row(out, r, how.table)?,
        Format::Json => {}
    }
    out.flush()?;
    match (&r.error, r.status.as_str()) {
        (_, _) if !how.errors_to_stderr => {}
        (Some(e), "error") => eprintln!("error: {e}"),
        (Some(e), _) => eprintln!("error: {}: {e}", record_label(r)),
        (None, _) => {}
    }
    Ok(())
}

/// Columns of the longest name a row of `loaded` shows.
fn longest_label(loaded: &[Loaded]) -> usize {
    (loaded.iter())
        .map(|l| match l {
            Ok(p) => p.label(),
            Err(e) => problem::label(&e.file, e.index),
        })
        .map(|name| crate::text::columns(&name))
        .max()
        .unwrap_or(0)
}

/// Width of the table's name column unless a longer name widens it.
const NAME_COLUMNS: usize = 36;

/// The narrowest name column a terminal gets.
const NAME_MIN: usize = 16;

/// The narrowest name column that keeps the positions and ms columns:
/// they are dropped before a name is cut shorter than that.
const NAME_MIN_WITH_EFFORT: usize = 24;

/// Columns the first moves get at least: their header, "first moves".
const MOVES_MIN: usize = 11;

/// Width of the target column: a point or two ("A8+H2").
const TARGET_COLUMNS: usize = 6;

/// The columns from the name's end to the first moves': pl, goal,
/// target, status, threats and file, each after a space; then positions
/// and ms; then the two spaces before the first moves.
const GO_COLUMNS: usize = (1 + 2) + (1 + 4) + (1 + TARGET_COLUMNS) + 1 + (1 + 7) + (1 + 7);
/// The status column's width for the full status ("unconditional seki?").
const STATUS_COLUMNS: usize = 19;
const EFFORT_COLUMNS: usize = 21;
const MOVES_GAP: usize = 2;

/// Columns of a row besides the name and the first moves.
fn other_columns(effort: bool, status: usize) -> usize {
    GO_COLUMNS + status + if effort { EFFORT_COLUMNS } else { 0 } + MOVES_GAP
}

/// The status column's width for a run under `setting` (`--ko` or
/// `--threats`, as the status names it: "B master", "threats 1:0"), which
/// each status then carries in brackets.
fn status_columns(setting: Option<&str>) -> usize {
    match setting {
        None => STATUS_COLUMNS,
        Some(s) => format!("unknown ({s}) seki?").chars().count(),
    }
}

/// Which columns the table shows and how wide: decided once from where
/// stdout goes, and used alike by the header and every row, so that
/// they line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TableLayout {
    /// The terminal's width: a longer name is cut at its start to fit
    /// its column, a longer list of first moves is cut short with " …"
    /// and an error is wrapped (a row that wraps breaks the table).
    /// `None`, a file or a pipe: nothing is cut, a long name moves the
    /// columns after it (programs read it, people search it by name).
    width: Option<usize>,
    /// Width of the name column.
    name: usize,
    /// The positions and ms columns are shown.
    effort: bool,
    /// Width of the status column.
    status: usize,
}

impl TableLayout {
    /// A file or a pipe: every column, names and moves whole.
    const WHOLE: TableLayout = TableLayout {
        width: None,
        name: NAME_COLUMNS,
        effort: true,
        status: STATUS_COLUMNS,
    };

    /// For stdout: fitted to the terminal's width when it is one, from
    /// `COLUMNS` when that is set to a number (as POSIX has it: a user
    /// can ask for another width), else from the terminal's size; a
    /// file or a pipe gets every column, whatever `COLUMNS` says.
    /// The name column is `NAME_COLUMNS` wide, or as wide as `longest`,
    /// the batch's longest name, where the room allows: so that one long
    /// name does not push its row's columns out of line with the others.
    fn for_stdout(terminal: bool, status: usize, longest: usize) -> TableLayout {
        let names = longest.max(NAME_COLUMNS);
        if !terminal {
            return TableLayout {
                status,
                name: names,
                ..TableLayout::WHOLE
            };
        }
        TableLayout::fit_with(terminal_width().unwrap_or(usize::MAX), status, names)
    }

    /// The layout for a terminal `width` columns wide: the name column
    /// shrinks first, down to `NAME_MIN_WITH_EFFORT`; then positions and
    /// ms go, and the name takes what they leave, down to `NAME_MIN`;
    /// the first moves get the rest of the line, `MOVES_MIN` at least.
    /// From 121 columns the table is as wide as in a file.
    #[cfg(test)]
    fn fit(width: usize) -> TableLayout {
        TableLayout::fit_with(width, STATUS_COLUMNS, NAME_COLUMNS)
    }

    /// `fit` with a status column `status` wide and a name column at
    /// most `names` wide.
    fn fit_with(width: usize, status: usize, names: usize) -> TableLayout {
        let name_room = |effort| {
            width
                .saturating_sub(other_columns(effort, status) + MOVES_MIN)
                .min(names)
        };
        let effort = name_room(true) >= NAME_MIN_WITH_EFFORT;
        TableLayout {
            width: Some(width),
            name: name_room(effort).max(NAME_MIN),
            effort,
            status,
        }
    }

    /// Columns left for the first moves; `None`: no limit.
    fn moves(&self) -> Option<usize> {
        let used = self.name + other_columns(self.effort, self.status);
        self.width.map(|w| w.saturating_sub(used))
    }

    /// The name padded (or cut) to its column.
    fn name(&self, text: &str) -> String {
        if self.width.is_some() {
            crate::text::fit_left(text, self.name)
        } else {
            crate::text::pad_right(text, self.name)
        }
    }

    /// One line of the table, header or row: the cells in their columns,
    /// those not shown left out; without trailing spaces.
    fn line(&self, name: &str, go: [&str; 6], effort: [&str; 2], moves: &str) -> String {
        let [pl, goal, target, status, threats, file] = go;
        // Several marked blocks ("A8+H2+J3") would push the columns after
        // them out of line on a terminal.
        let target = match self.width {
            Some(_) => crate::text::cut_end(target, TARGET_COLUMNS),
            None => target.to_string(),
        };
        let mut line = format!(
            "{} {pl:>2} {goal:<4} {target:<w$} {status:<s$} {threats:<7} {file:<7}",
            self.name(name),
            w = TARGET_COLUMNS,
            s = self.status
        );
        if self.effort {
            let [positions, ms] = effort;
            line.push_str(&format!(" {positions:>10} {ms:>9}"));
        }
        line.push_str("  ");
        line.push_str(moves);
        line.trim_end().to_string()
    }
}

fn print_table_header(out: &mut impl Write, layout: TableLayout) -> Result<()> {
    // The first moves come last: a long list runs on past the line's end
    // (or is cut short there) without pushing the other columns out of
    // line.
    let moves = match layout.moves() {
        Some(room) => crate::text::cut_end("first moves", room),
        None => "first moves".to_string(),
    };
    let go = ["pl", "goal", "target", "status", "threats", "file"];
    let line = layout.line("problem", go, ["positions", "ms"], &moves);
    writeln!(out, "{line}")?;
    Ok(())
}

/// The file, and the problem's index in it when it is not the first.
fn record_label(r: &Record) -> String {
    problem::label(std::path::Path::new(&r.file), Some(r.index))
}

/// The first moves as a row writes them, in at most `room` columns:
/// whole moves, and " …" when the list goes on, cut short by a limit
/// (more moves may work) or by `room` (more do); `open` moves a limit
/// left undecided are counted after it ("… 8 open").
fn moves_text(moves: &[String], complete: bool, open: usize, room: Option<usize>) -> String {
    let mut shown = moves.len();
    loop {
        let mut text = moves[..shown].join(" ");
        if shown < moves.len() || (!complete && !moves.is_empty()) {
            text.push_str(if shown > 0 { " …" } else { "…" });
            if !complete && open > 0 {
                text.push_str(&format!(" {open} open"));
            }
        }
        if shown == 0 || room.is_none_or(|room| crate::text::columns(&text) <= room) {
            return text;
        }
        shown -= 1;
    }
}

/// One row, in `layout`'s columns. An error row is its name and the
/// error, whole: all the row has to say; on a terminal it is wrapped
/// under itself, clear of the name column.
fn print_table_row(out: &mut impl Write, r: &Record, layout: TableLayout) -> Result<()> {
    if r.status == "error" {
        let error = format!("error: {}", r.error.as_deref().unwrap_or(""));
        let room = layout
            .width
            .map_or(usize::MAX, |w| w.saturating_sub(layout.name + 1));
        let mut name = layout.name(&record_label(r));
        // Broken at spaces; a longer word has a line of its own.
        for line in crate::text::fill(error.split(' '), room, room) {
            writeln!(out, "{name} {line}")?;
            name = " ".repeat(layout.name);
        }
        return Ok(());
    }
    let moves: Vec<String> = r
        .first_moves
        .iter()
        .map(|m| {
            let name = r.point_for_people(m);
            // A ko start's own grade, when moves differ in it.
            match r.move_grades.iter().find(|g| &g.mv == m) {
                Some(g) => format!("{name}({})", g.grade),
                None => name,
            }
        })
        .collect();
    // The file's answer moves, or else its expected status (`SX`); a
    // status other than `SX` expects is said first, as it is the louder.
    let file = match (r.agrees, r.as_expected()) {
        (_, Some(false)) => "NOT SX",
        (Some(true), _) => "agrees",
        (Some(false), _) if r.solved() => "DIFFERS",
        (Some(false), _) => "?",
        (None, Some(true)) => "as SX",
        // The file names first moves the run did not compare (`--status-only`
        // proves one move of its own): "-" would say the file has none.
        (None, None) if !r.accepted.is_empty() && r.solved() => "?",
        (None, None) => "-",
    };
    // A list a limit (or --status-only) cut short ends in "…": more
    // moves may work.
    let open = r.undecided_moves.len();
    let moves = moves_text(&moves, r.all_first_moves, open, layout.moves());
    // Ko grade: threats the side to move needs / the opponent needs.
    let grade = r.grade.as_deref().unwrap_or("");
    let status = format!(
        "{}{}{}",
        r.status_text(),
        match r.life.as_deref() {
            Some(l @ ("seki" | "cycle")) => format!(" {l}"),
            _ => String::new(),
        },
        if r.checked || !r.solved() { "" } else { "?" }
    );
    // Every marked block: "A8+H2".
    let target = if r.targets.is_empty() {
        "-".to_string()
    } else {
        let points: Vec<String> = r.targets.iter().map(|t| r.point_for_people(t)).collect();
        // A guessed target is shown as one.
        points.join("+") + if r.target_guessed { "?" } else { "" }
    };
    let go = [
        r.to_move.as_deref().unwrap_or("-"),
        r.goal.as_deref().unwrap_or("-"),
        &target,
        &status,
        grade,
        file,
    ];
    let (positions, ms) = (r.positions.to_string(), format!("{:.1}", r.ms));
    let line = layout.line(&record_label(r), go, [&positions, &ms], &moves);
    writeln!(out, "{line}")?;
    // Where the file's own lines go wrong, a line each under the row.
    let indent = " ".repeat(layout.name);
    for said in r.lines_said() {
        writeln!(out, "{indent} {said}")?;
    }
    Ok(())
}

/// Writes the analysis's checked trees as SGF files named after the
/// problem (the terminal UI's `w` writes the same files).
pub(crate) fn write_proofs(
    dir: &std::path::Path,
    names: &proof_file::Names,
    p: &shikatsu::problem::Problem,
    a: &analysis::Analysis,
) -> Result<()> {
    proof_file::write(dir, names, p, a)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shikatsu::problem::LoadError;

    const MB: usize = 1 << 20;

    #[test]
    fn memory_sizes_take_units_and_refuse_nonsense() {
        assert_eq!(parse_size("1G"), Ok(1024 * MB));
        assert_eq!(parse_size("1GB"), Ok(1024 * MB));
        assert_eq!(parse_size("1GiB"), Ok(1024 * MB));
        assert_eq!(parse_size("512m"), Ok(512 * MB));
        assert_eq!(parse_size("1.5G"), Ok(1536 * MB));
        assert_eq!(parse_size("1T"), Ok(1024 * 1024 * MB));
        assert_eq!(parse_size("1048576"), Ok(MB));
        for bad in [
            "NaNG", "infK", "-1G", "0", "0.5", "100K", "2T", "1X", "lots",
        ] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_size("100K"),
            Err("\"100K\" is too small: at least 1M".to_string())
        );
    }

    #[test]
    fn a_table_is_no_larger_than_its_limits_can_fill_nor_its_share() {
        // 10 s: 14 million entries of 64/3 bytes, 298.7 MB.
        assert_eq!(table_bytes(1024 * MB, 10.0, None), 298_666_666);
        // The share of --memory is the upper bound.
        assert_eq!(table_bytes(16 * MB, 10.0, None), 16 * MB);
        // One entry per 4 positions: 2 million positions, 500,000 entries.
        let by_positions = table_bytes(1024 * MB, 60.0, Some(2_000_000));
        assert!((10 * MB..11 * MB).contains(&by_positions), "{by_positions}");
        // Never below one 64 KB block, however short the limit.
        assert_eq!(table_bytes(1024 * MB, 0.001, Some(10)), 64 << 10);
    }

    #[test]
    fn memory_beyond_the_tables_allows_larger_proofs() {
        let default = shikatsu::dfpn::PROOF_NODE_LIMIT;
        // The default: 1 GB over two jobs, 256 MB tables at 10 s.
        let share = 512 * MB;
        assert_eq!(proof_nodes(share, table_bytes(share, 10.0, None)), default);
        // 4 GB for one job: its tables stop at 512 MB each, and the 3 GB
        // left hold 10 million positions at 320 bytes.
        let share = 4096 * MB;
        let table = table_bytes(share, 450.0, None);
        assert_eq!(proof_nodes(share, table), 3072 * MB / 320);
        // Never below the default, whatever the tables take.
        assert_eq!(proof_nodes(64 * MB, 64 * MB), default);
    }

    #[test]
    fn an_error_line_is_printed_once_on_a_screen_and_on_stderr_when_redirected() {
        // Table and stderr on one terminal: the row is the error line.
        assert!(!echo_errors(Format::Table, true, true));
        // The table kept in a file, or stderr kept apart: stderr says it.
        assert!(echo_errors(Format::Table, false, true));
        assert!(echo_errors(Format::Table, true, false));
        // JSON is for programs: the error goes to stderr for people.
        assert!(echo_errors(Format::Jsonl, true, true));
        assert!(echo_errors(Format::Json, true, true));
    }

    #[test]
    fn names_are_cut_to_their_column_on_a_terminal_only() {
        let r = Record::from_error(
            &LoadError {
                file: "collections/詰碁問題集_第一巻_基本死活_二目の眼.sgf".into(),
                index: None,
                cause: "empty file".to_string(),
            },
            None,
        );
        let row = |layout| {
            let mut out = Vec::new();
            print_table_row(&mut out, &r, layout).unwrap();
            String::from_utf8(out).unwrap()
        };
        let (on_screen, in_file) = (row(TableLayout::fit(140)), row(TableLayout::WHOLE));
        let screen_name = on_screen.split(" error: ").next().unwrap();
        assert!(screen_name.starts_with("…"), "{on_screen}");
        assert_eq!(crate::text::columns(screen_name), NAME_COLUMNS);
        assert!(
            in_file.starts_with("collections/詰碁問題集_第一巻_基本死活_二目の眼.sgf error: "),
            "{in_file}"
        );
        // A short name is padded alike either way.
        let short = Record {
            file: "a.sgf".to_string(),
            ..r.clone()
        };
        let mut a = Vec::new();
        let mut b = Vec::new();
        print_table_row(&mut a, &short, TableLayout::fit(140)).unwrap();
        print_table_row(&mut b, &short, TableLayout::WHOLE).unwrap();
        assert_eq!(a, b);
        assert!(
            String::from_utf8(a)
                .unwrap()
                .starts_with(&format!("{:<37}error", "a.sgf"))
        );
    }

    /// The header and rows of `records` as `layout` writes them.
    fn table(layout: TableLayout, records: &[Record]) -> String {
        let mut out = Vec::new();
        print_table_header(&mut out, layout).unwrap();
        for r in records {
            print_table_row(&mut out, r, layout).unwrap();
        }
        String::from_utf8(out).unwrap()
    }

    /// Bent four in the corner solved for each side, with a set effort
    /// (positions and ms vary with the solver and the machine), and a
    /// file that could not be read.
    fn bent_four_and_an_error() -> Vec<Record> {
        let path = "problems/classic/bent-four-in-the-corner.sgf";
        let p = problem::load_paths(&[path]).remove(0).unwrap();
        let opts = Options {
            memory: 16 << 20,
            ..Options::default()
        };
        let mut records: Vec<Record> = [Color::Black, Color::White]
            .into_iter()
            .map(|side| Record::from_analysis(&p, &analysis::analyze(&p, side, &opts)))
            .collect();
        for (r, (positions, ms)) in records.iter_mut().zip([(445, 1.1), (235, 12.5)]) {
            (r.positions, r.ms) = (positions, ms);
        }
        records.push(Record::from_error(
            &LoadError {
                file: "broken/unfinished.sgf".into(),
                index: None,
                cause: "not valid SGF (Error tokenizing: Unexpected end of property value)"
                    .to_string(),
            },
            None,
        ));
        records
    }

    #[test]
    fn a_table_in_a_file_or_a_pipe_has_every_column_and_whole_names() {
        let records = bent_four_and_an_error();
        let e = &records[2].error.clone().unwrap();
        assert_eq!(
            TableLayout::for_stdout(false, STATUS_COLUMNS, 10),
            TableLayout::WHOLE
        );
        assert_eq!(
            table(TableLayout::WHOLE, &records),
            format!("\
problem                              pl goal target status              threats file     positions        ms  first moves
problems/classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
problems/classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                error: {e}
")
        );
    }

    #[test]
    fn a_batch_with_a_long_name_widens_the_name_column_to_keep_its_rows_in_line() {
        let records = bent_four_and_an_error();
        let longest = records.iter().map(|r| record_label(r).len()).max();
        assert_eq!(longest, Some(44));
        let layout = TableLayout::for_stdout(false, STATUS_COLUMNS, 44);
        assert_eq!(layout.name, 44);
        let text = table(layout, &records);
        let e = records[2].error.clone().unwrap();
        assert_eq!(
            text,
            format!("\
problem                                      pl goal target status              threats file     positions        ms  first moves
problems/classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
problems/classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                        error: {e}
")
        );
        // On a terminal the name column grows as far as the room allows.
        assert_eq!(TableLayout::fit_with(200, STATUS_COLUMNS, 44).name, 44);
        assert_eq!(
            TableLayout::fit_with(121, STATUS_COLUMNS, 44),
            TableLayout::fit(121)
        );
    }

    #[test]
    fn a_table_fits_a_terminal_of_80_columns_without_positions_and_ms() {
        let layout = TableLayout::fit(80);
        assert_eq!((layout.name, layout.effort), (NAME_MIN, false));
        let text = table(layout, &bent_four_and_an_error());
        assert_eq!(
            text,
            "\
problem          pl goal target status              threats file     first moves
…-the-corner.sgf  B kill Q2     ko                  0/1     as SX    T1(0/1) …
…-the-corner.sgf  W live Q2     ko                  1/1     as SX    T1(1/1) …
…/unfinished.sgf error: broken/unfinished.sgf: not valid SGF (Error tokenizing:
                 Unexpected end of property value)
"
        );
        assert!(
            text.lines().all(|l| crate::text::columns(l) <= 80),
            "{text}"
        );
    }

    #[test]
    fn several_targets_keep_a_terminal_table_in_line() {
        let mut records = bent_four_and_an_error();
        records[0].targets = vec!["ar".into(), "br".into(), "cr".into()];
        let layout = TableLayout::fit(80);
        let text = table(layout, &records[..2]);
        let lines: Vec<&str> = text.lines().collect();
        let at = |line: &str, what: &str| line.find(what).map(|i| line[..i].chars().count());
        assert_eq!(
            at(lines[1], "T1(0/1)"),
            at(lines[0], "first moves"),
            "{text}"
        );
        assert!(lines[1].contains(" A2+B2… "), "{text}");
        // In a file the targets are whole.
        let whole = table(TableLayout::WHOLE, &records[..1]);
        assert!(whole.contains(" A2+B2+C2 "), "{whole}");
    }

    #[test]
    fn a_table_at_100_columns_has_whole_names_without_positions_and_ms() {
        let layout = TableLayout::fit(100);
        assert_eq!((layout.name, layout.effort), (NAME_COLUMNS, false));
        let text = table(layout, &bent_four_and_an_error());
        assert_eq!(
            text,
            "\
problem                              pl goal target status              threats file     first moves
…classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX    T1(0/1) …
…classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX    T1(1/1) …
broken/unfinished.sgf                error: broken/unfinished.sgf: not valid SGF (Error tokenizing:
                                     Unexpected end of property value)
"
        );
        assert!(
            text.lines().all(|l| crate::text::columns(l) <= 100),
            "{text}"
        );
    }

    #[test]
    fn a_table_at_140_columns_has_every_column() {
        let layout = TableLayout::fit(140);
        assert_eq!((layout.name, layout.effort), (NAME_COLUMNS, true));
        // Wide enough: a name is cut to its column, and nothing else.
        assert_eq!(TableLayout::fit(121).moves(), Some(MOVES_MIN));
        assert_eq!(
            table(layout, &bent_four_and_an_error()),
            "\
problem                              pl goal target status              threats file     positions        ms  first moves
…classic/bent-four-in-the-corner.sgf  B kill Q2     ko                  0/1     as SX          445       1.1  T1(0/1) T2(1/1)
…classic/bent-four-in-the-corner.sgf  W live Q2     ko                  1/1     as SX          235      12.5  T1(1/1) pass(1/1)
broken/unfinished.sgf                error: broken/unfinished.sgf: not valid SGF (Error tokenizing: Unexpected end of property value)
"
        );
    }

    #[test]
    fn the_name_narrows_before_positions_and_ms_go() {
        // 120 columns: one column less of name than in a file.
        assert_eq!(
            TableLayout::fit(120),
            TableLayout {
                width: Some(120),
                name: NAME_COLUMNS - 1,
                effort: true,
                status: STATUS_COLUMNS,
            }
        );
        // Down to NAME_MIN_WITH_EFFORT at 109; below, the name takes the
        // room of the positions and ms, down to NAME_MIN.
        assert_eq!(TableLayout::fit(109).name, NAME_MIN_WITH_EFFORT);
        assert!(TableLayout::fit(109).effort && !TableLayout::fit(108).effort);
        assert_eq!(TableLayout::fit(90).name, 26);
        assert_eq!(TableLayout::fit(40).name, NAME_MIN);
        // The first moves: whole ones, cut short with " …".
        let moves: Vec<String> = ["D1", "C1", "pass"].map(String::from).to_vec();
        assert_eq!(moves_text(&moves, true, 0, None), "D1 C1 pass");
        assert_eq!(moves_text(&moves, true, 0, Some(10)), "D1 C1 pass");
        assert_eq!(moves_text(&moves, true, 0, Some(9)), "D1 C1 …");
        assert_eq!(moves_text(&moves, false, 0, Some(10)), "D1 C1 …");
        assert_eq!(moves_text(&moves, false, 0, None), "D1 C1 pass …");
        assert_eq!(moves_text(&moves, true, 0, Some(3)), "…");
        assert_eq!(moves_text(&[], false, 0, Some(3)), "");
        // The moves a limit left open are counted, and the count kept
        // as moves give way to the room.
        assert_eq!(moves_text(&moves, false, 4, None), "D1 C1 pass … 4 open");
        assert_eq!(moves_text(&moves, false, 4, Some(16)), "D1 C1 … 4 open");
    }

    #[test]
    fn the_summary_counts_one_result_and_one_error_in_the_singular() {
        let err = Record::from_error(
            &LoadError {
                file: "bad.sgf".into(),
                index: None,
                cause: "empty file".to_string(),
            },
            None,
        );
        let one = Summary::of(std::slice::from_ref(&err), Duration::ZERO).line();
        assert!(
            one.starts_with("1 result: 0 solved") && one.contains(", 1 error, 0 unchecked"),
            "{one}"
        );
        let two = Summary::of(&[err.clone(), err], Duration::ZERO).line();
        assert!(
            two.starts_with("2 results: 0 solved") && two.contains(", 2 errors, 0 unchecked"),
            "{two}"
        );
    }

    /// A status decided with a proof too large to write out and check is
    /// a limit reached, as an unknown one is: counted once, as unchecked
    /// (neither solved nor an error, so the counts add up), exit code 1.
    #[test]
    fn a_proof_too_large_to_check_counts_as_unchecked_and_exits_1() {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/problems/classic/rectangular-six-corner.sgf"
        );
        let p = problem::load_paths(&[file]).remove(0).expect("loads");
        let opts = |proof_nodes| Options {
            status_only: true,
            memory: 64 << 20,
            proof_nodes,
            ..Options::default()
        };
        let big = analysis::analyze(&p, Color::Black, &opts(2));
        assert!(!big.checked, "{:?}", big.status);
        assert_eq!(
            big.error.as_deref(),
            Some("the proof is too large to write out and check (over 2 positions)")
        );
        let big = Record::from_analysis(&p, &big);
        let fine = Record::from_analysis(&p, &analysis::analyze(&p, Color::Black, &opts(1000)));
        assert!(fine.checked && fine.error.is_none());
        let bad = Record::from_error(
            &LoadError {
                file: "bad.sgf".into(),
                index: None,
                cause: "empty file".to_string(),
            },
            None,
        );
        let all = Summary::of(&[big.clone(), fine.clone(), bad], Duration::ZERO);
        assert_eq!(
            (all.solved, all.unknown, all.unchecked, all.errors),
            (1, 0, 1, 1)
        );
        assert_eq!(all.exit_code(), 2);
        assert!(
            all.line()
                .starts_with("3 results: 1 solved (0 agree with the file, 0 disagree, 1 as SX expects), 0 unknown within limits, 1 error, 1 unchecked;"),
            "{}",
            all.line()
        );
        assert_eq!(
            Summary::of(&[big, fine.clone()], Duration::ZERO).exit_code(),
            1
        );
        assert_eq!(Summary::of(&[fine], Duration::ZERO).exit_code(), 0);
    }
}
