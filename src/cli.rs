//! Command-line arguments (clap derive) and the `solve` command.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use shikatsu::analysis::{self, KoRule, Options};
use shikatsu::batch::Plan;
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{self, Loaded, MAX_THREATS};
use shikatsu::report::Record;

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
    /// Transposition-table memory in all (e.g. 512M, 1G).
    #[arg(long, default_value = "1G", value_parser = parse_size)]
    pub memory: usize,
    /// Ko setting.
    #[arg(long, value_enum, default_value_t = KoArg::Auto)]
    pub ko: KoArg,
    /// External ko threats held by Black and White, e.g. `1:0`: nobody is
    /// ko master, a side may retake a ko by spending one. The answer is
    /// "wins" or "fails".
    #[arg(long, value_name = "B:W", value_parser = parse_threats, conflicts_with = "ko")]
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
}

/// Parses "1G", "512M", "64K" or a number of bytes.
pub fn parse_size(s: &str) -> Result<usize, String> {
    let s = s.trim();
    let (num, mult) = match s.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let m = match c.to_ascii_uppercase() {
                'K' => 1usize << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                _ => return Err(format!("unknown size unit in {s:?} (use K, M or G)")),
            };
            (&s[..i], m)
        }
        _ => (s, 1),
    };
    let n: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a size like 512M or 1G"))?;
    if n <= 0.0 {
        return Err("the size must be positive".to_string());
    }
    Ok((n * mult as f64) as usize)
}

impl LimitArgs {
    pub fn options(&self, jobs: usize) -> Result<Options> {
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
        Ok(Options {
            limits: Limits {
                positions: self.positions,
                time: Some(time),
            },
            memory: table_bytes(self.memory / jobs.max(1), self.time, self.positions),
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
    if let Some(dir) = &args.proof_sgf {
        prepare_proof_dir(dir)?;
    }
    let start = Instant::now();
    let loaded: Vec<Loaded> = problem::load_paths(&args.paths);
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
        cut_names: stdout_terminal,
    };
    if let Format::Table = args.format {
        bar.suspend(|| print_table_header(&mut out))?;
    }
    let (solved, failed) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut write_error: Option<anyhow::Error> = None;
    let records = plan.run(
        &loaded,
        &opts,
        &pool,
        |p, a, r| {
            if let Some(Err(e)) = args.proof_sgf.as_ref().map(|d| write_proofs(d, p, a)) {
                r.error.get_or_insert(format!("{e:#}"));
            }
        },
        |r| {
            let counter = if r.solved() { &solved } else { &failed };
            counter.fetch_add(1, Relaxed);
            bar.set_message(format!(
                "solved {}, not solved {}",
                solved.load(Relaxed),
                failed.load(Relaxed)
            ));
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
    eprintln!("{}", summary.line());
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
    /// Decided otherwise than the file's `SX` expects.
    pub not_as_expected: usize,
    pub errors: usize,
    pub unchecked: usize,
    pub positions: u64,
    pub seconds: f64,
}

impl Summary {
    fn of(records: &[Record], elapsed: Duration) -> Summary {
        Summary {
            results: records.len(),
            solved: records.iter().filter(|r| r.solved()).count(),
            agrees: records.iter().filter(|r| r.agrees == Some(true)).count(),
            disagrees: records
                .iter()
                .filter(|r| r.solved() && r.agrees == Some(false))
                .count(),
            unknown: records.iter().filter(|r| r.status == "unknown").count(),
            not_as_expected: records
                .iter()
                .filter(|r| r.as_expected() == Some(false))
                .count(),
            // A solved record with an error is a proof file that could
            // not be written, or a proof the checker rejected (a bug).
            errors: records.iter().filter(|r| r.error.is_some()).count(),
            unchecked: records.iter().filter(|r| r.solved() && !r.checked).count(),
            positions: records.iter().map(|r| r.positions).sum(),
            seconds: elapsed.as_secs_f64(),
        }
    }

    fn line(&self) -> String {
        // Only files that carry an `SX` can miss it: said when one does.
        let sx = match self.not_as_expected {
            0 => String::new(),
            n => format!(", {n} not as SX expects"),
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

    /// 0 all solved and consistent, 1 something unsolved or disagreeing,
    /// 2 an input error.
    fn exit_code(&self) -> i32 {
        if self.errors > 0 {
            2
        } else if self.unknown > 0
            || self.disagrees > 0
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
    /// Table names are cut to their column: a terminal's width needs
    /// fitting; a file or a pipe is read by programs and searched by
    /// name, so it gets them whole.
    cut_names: bool,
}

/// One record as its format writes it, with its error line on stderr
/// when asked (JSON waits for the whole document).
fn emit(out: &mut impl Write, how: Output, r: &Record) -> Result<()> {
    match how.format {
        Format::Jsonl => writeln!(out, "{}", serde_json::to_string(r)?)?,
        Format::Table => print_table_row(out, r, how.cut_names)?,
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

fn print_table_header(out: &mut impl Write) -> Result<()> {
    // The first moves come last: a long list runs on past the line's end
    // without pushing the other columns out of line.
    writeln!(
        out,
        "{} {:>2} {:<4} {:<6} {:<19} {:<7} {:<7} {:>10} {:>9}  first moves",
        crate::text::pad_right("problem", NAME_COLUMNS),
        "pl",
        "goal",
        "target",
        "status",
        "threats",
        "file",
        "positions",
        "ms",
    )?;
    Ok(())
}

/// The file, and the problem's index in it when it is not the first.
fn record_label(r: &Record) -> String {
    problem::label(std::path::Path::new(&r.file), Some(r.index))
}

/// Width of the table's name column.
const NAME_COLUMNS: usize = 36;

/// One row; a name longer than its column is cut at its start when
/// `cut_names`, else written whole (the columns after it then move).
fn print_table_row(out: &mut impl Write, r: &Record, cut_names: bool) -> Result<()> {
    let label = if cut_names {
        crate::text::fit_left(&record_label(r), NAME_COLUMNS)
    } else {
        crate::text::pad_right(&record_label(r), NAME_COLUMNS)
    };
    if r.status == "error" {
        writeln!(out, "{label} error: {}", r.error.as_deref().unwrap_or(""))?;
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
        (None, None) => "-",
    };
    // A list a limit (or --status-only) cut short ends in "…": more
    // moves may work.
    let mut moves = moves.join(" ");
    if !r.first_moves.is_empty() && !r.all_first_moves {
        moves.push_str(" …");
    }
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
    let line = format!(
        "{} {:>2} {:<4} {:<6} {:<19} {:<7} {:<7} {:>10} {:>9.1}  {}",
        label,
        r.to_move.as_deref().unwrap_or("-"),
        r.goal.as_deref().unwrap_or("-"),
        // Every marked block: "A8+H2".
        if r.targets.is_empty() {
            "-".to_string()
        } else {
            let points: Vec<String> = r.targets.iter().map(|t| r.point_for_people(t)).collect();
            points.join("+")
        },
        status,
        grade,
        file,
        r.positions,
        r.ms,
        moves
    );
    writeln!(out, "{}", line.trim_end())?;
    Ok(())
}

/// Writes the analysis's checked trees as SGF files named after the
/// problem (the terminal UI's `w` writes the same files).
pub(crate) fn write_proofs(
    dir: &std::path::Path,
    p: &shikatsu::problem::Problem,
    a: &analysis::Analysis,
) -> Result<()> {
    shikatsu::report::proof_file::write(dir, p, a)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shikatsu::problem::LoadError;

    const MB: usize = 1 << 20;

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
        let row = |cut| {
            let mut out = Vec::new();
            print_table_row(&mut out, &r, cut).unwrap();
            String::from_utf8(out).unwrap()
        };
        let (on_screen, in_file) = (row(true), row(false));
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
        print_table_row(&mut a, &short, true).unwrap();
        print_table_row(&mut b, &short, false).unwrap();
        assert_eq!(a, b);
        assert!(
            String::from_utf8(a)
                .unwrap()
                .starts_with(&format!("{:<37}error", "a.sgf"))
        );
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
}
