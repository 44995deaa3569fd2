//! Command-line arguments (clap derive) and the `solve` command.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use shikatsu::analysis::{self, KoRule, Options};
use shikatsu::batch::{Kept, Plan};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{self, Loaded, MAX_THREATS};
use shikatsu::report::{Record, proof_file};

mod table;
use table::{
    TableLayout, longest_label, print_table_header, print_table_row, record_label, status_columns,
};

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
    /// Go on from an earlier run's `--format json` or `jsonl` output: a
    /// side whose record there answers all this run asks (a checked
    /// status under the same ko setting; for the full analysis every
    /// first move, the grade and the lines too) is given that record
    /// again, not solved; every other side is solved (left unknown or
    /// cut short by a limit, not in FILE, an error).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
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
    let kept = match &args.resume {
        Some(file) => kept_records(file, &loaded, &opts)?,
        None => Kept::new(),
    };
    let (kept_count, kept_positions) =
        (kept.len(), kept.values().map(|r| r.positions).sum::<u64>());
    let plan = Plan::keeping(&loaded, jobs, kept);
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
    let mut summary = Summary::of(&records, start.elapsed());
    // What an earlier run searched is not this run's effort.
    summary.kept = kept_count;
    summary.positions -= kept_positions;
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
    /// Results kept from an earlier run (`--resume`), not solved again.
    pub kept: usize,
    /// Positions this run searched (not the kept results').
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
            kept: 0,
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
        let kept = match self.kept {
            0 => String::new(),
            n => format!(" ({n} kept from the earlier run)"),
        };
        format!(
            "{}{kept}: {} solved ({} agree with the file, {} disagree{sx}), {} unknown within limits, {}, {} unchecked; {} positions in {:.2} s",
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

/// The records of `file` (an earlier run's JSON output) that settle a
/// side of `loaded` for a run with `opts`: the same file, problem,
/// side, target and goal, and nothing a limit left open
/// (`Record::settled`).
fn kept_records(file: &Path, loaded: &[Loaded], opts: &Options) -> Result<Kept> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("--resume {}: cannot read it", file.display()))?;
    let (records, unread) = shikatsu::report::read_records(&text)
        .map_err(|e| anyhow::anyhow!("--resume {}: {e}", file.display()))?;
    if unread > 0 {
        eprintln!(
            "warning: --resume {}: {unread} line(s) are not results and were passed over",
            file.display()
        );
    }
    let mut by_side: std::collections::HashMap<(String, usize, String), Record> = records
        .into_iter()
        .filter(|r| r.settled(opts.ko, !opts.status_only))
        .filter_map(|r| Some(((r.file.clone(), r.index, r.to_move.clone()?), r)))
        .collect();
    let mut kept = Kept::new();
    for (i, p) in loaded.iter().enumerate() {
        let Ok(p) = p else { continue };
        for side in p.sides() {
            let key = (
                p.file.display().to_string(),
                p.index,
                side.letter().to_string(),
            );
            let Some(mut r) = by_side.remove(&key) else {
                continue;
            };
            // The same problem still: a file changed since is solved anew.
            let target = p.targets.first().map(|t| t.sgf());
            if r.target == target && r.goal.as_deref() == Some(p.goal(side)) {
                r.height = p.board.height();
                kept.insert((i, side), r);
            }
        }
    }
    Ok(kept)
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
