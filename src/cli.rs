//! Command-line arguments (clap derive) and the `solve` command.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use shikatsu::analysis::{self, KoRule, Options};
use shikatsu::board::Color;
use shikatsu::dfpn::Limits;
use shikatsu::problem::{self, LoadError, Loaded, MAX_THREATS, Problem};
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
    #[arg(long, default_value_t = 60.0)]
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

/// One unit of work: a problem and a side to move, or a load error.
enum Job {
    Solve(usize, Color),
    Failed(usize),
}

impl Job {
    /// The loaded problem (or load error) the job is about.
    fn problem(&self) -> usize {
        match *self {
            Job::Solve(i, _) | Job::Failed(i) => i,
        }
    }
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
    let opts = args.limits.options(jobs)?;
    if let Some(dir) = &args.proof_sgf {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        // Find out now, not after an hour of solving, that nothing can be
        // written there.
        let probe = dir.join(".shikatsu-write-test");
        std::fs::write(&probe, b"")
            .with_context(|| format!("cannot write into {}", dir.display()))?;
        let _ = std::fs::remove_file(&probe);
    }
    let start = Instant::now();
    let loaded: Vec<Loaded> = problem::load_paths(&args.paths);
    let mut work = Vec::new();
    for (i, l) in loaded.iter().enumerate() {
        match l {
            Ok(p) => work.extend(p.sides().into_iter().map(|s| Job::Solve(i, s))),
            Err(_) => work.push(Job::Failed(i)),
        }
    }
    // With a core per search to spare (one problem on two cores), the two
    // ko settings of a status may be searched at once, each with a job's
    // share of the memory. Not by default: on the development VM a page
    // fault with two threads costs so much that it only pays for `ko`
    // results with small tables (see the README).
    let mut opts = opts;
    let solving = work.iter().filter(|j| matches!(j, Job::Solve(..))).count();
    opts.parallel_ko = args.parallel_ko && solving > 0 && 2 * solving <= jobs;
    // A problem's sides go to one worker, one after the other, when
    // there are problems enough to keep every worker busy: the second
    // side's searches then start from the first side's table turned
    // round (`analysis`'s kept tables), which spares them much of their
    // work. With fewer problems than jobs the sides run at once instead,
    // so that one file is answered in the time of one side.
    let problems = loaded.iter().filter(|l| l.is_ok()).count();
    let together = problems >= jobs;
    // Cores that no unit of work would use go to the searches: one
    // problem with `PL` on two cores searches on two threads.
    let units = if together { problems } else { solving };
    opts.threads = match args.threads {
        Some(n) => n.max(1),
        None if opts.parallel_ko || units == 0 => 1,
        None => (jobs / units).max(1),
    };
    // Workers left without a side help the searches still running, when
    // each search has a thread of its own to begin with.
    let desk = (jobs > 1 && opts.threads == 1 && !opts.parallel_ko)
        .then(|| std::sync::Arc::new(analysis::HelpDesk::new()));
    let bar = if args.quiet || !std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(work.len() as u64), ProgressDrawTarget::hidden())
    } else {
        let b = ProgressBar::new(work.len() as u64);
        b.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} problems  {msg}  {elapsed} elapsed, ETA {eta}",
            )
            .expect("a valid template"),
        );
        b
    };
    let solved = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::atomic::AtomicUsize::new(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start worker threads")?;
    // The units of work: a problem's sides, or each side alone (above).
    let jobs_in_order: Vec<usize> = (0..work.len()).collect();
    let mut order: Vec<Vec<usize>> = jobs_in_order
        .chunk_by(|&a, &b| together && work[a].problem() == work[b].problem())
        .map(<[usize]>::to_vec)
        .collect();
    // Largest problems first, taken one at a time as threads come free:
    // a long problem started last would leave the other threads idle. One
    // thread has nothing to balance: input order shows results soonest.
    if jobs > 1 {
        order.sort_by_key(|unit| match work[unit[0]] {
            Job::Solve(i, _) => {
                let p = loaded[i].as_ref().expect("a loaded problem");
                std::cmp::Reverse((p.region.area & p.board.empty()).count())
            }
            Job::Failed(_) => std::cmp::Reverse(0),
        });
    }
    // Records are written as soon as every one before them in input order
    // is done: a batch of hours shows its results as it goes, and what was
    // printed survives an interrupted run. (JSON is one document: it waits.)
    let mut out = std::io::stdout().lock();
    let errors_to_stderr = echo_errors(
        args.format,
        std::io::stdout().is_terminal(),
        std::io::stderr().is_terminal(),
    );
    if let Format::Table = args.format {
        bar.suspend(|| print_table_header(&mut out))?;
    }
    let mut done: Vec<Option<Record>> = (0..work.len()).map(|_| None).collect();
    let mut next = 0;
    let mut write_error: Option<anyhow::Error> = None;
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Record)>();
    std::thread::scope(|scope| {
        let (work, loaded, order, opts, bar) = (&work, &loaded, &order, &opts, &bar);
        let desk = desk.as_ref();
        let (solved, failed, pool) = (&solved, &failed, &pool);
        scope.spawn(move || {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let run = |j: usize, helped: bool| -> Record {
                match work[j] {
                    Job::Solve(i, side) => {
                        let p = loaded[i].as_ref().expect("a loaded problem");
                        guarded(p, side, || {
                            let a = match desk {
                                Some(desk) if helped => {
                                    analysis::analyze_helped(p, side, opts, desk)
                                }
                                _ => analysis::analyze(p, side, opts),
                            };
                            let mut r = Record::from_analysis(p, &a);
                            if let Some(Err(e)) =
                                args.proof_sgf.as_ref().map(|d| write_proofs(d, p, &a))
                            {
                                r.error.get_or_insert(format!("{e:#}"));
                            }
                            r
                        })
                    }
                    Job::Failed(i) => {
                        let e = loaded[i].as_ref().expect_err("a load error");
                        Record::from_error(e, None)
                    }
                }
            };
            // Each worker takes the next problem in `order` as it comes
            // free; when none is left it helps the searches still running.
            let worker = |tx: std::sync::mpsc::Sender<(usize, Record)>| loop {
                let working = desk.map(|d| d.working());
                let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(unit) = order.get(k) else {
                    drop(working);
                    if let Some(desk) = desk {
                        desk.help_while_busy();
                    }
                    return;
                };
                for &j in unit {
                    // The last problems to start are the ones an idle
                    // worker may help: only they pay for a shareable table.
                    let r = run(j, order.len() - k <= jobs);
                    use std::sync::atomic::Ordering::Relaxed;
                    if r.solved() {
                        solved.fetch_add(1, Relaxed);
                    } else {
                        failed.fetch_add(1, Relaxed);
                    }
                    bar.set_message(format!(
                        "solved {}, not solved {}",
                        solved.load(Relaxed),
                        failed.load(Relaxed)
                    ));
                    bar.inc(1);
                    // The receiver lives until every sender is gone.
                    let _ = tx.send((j, r));
                }
                drop(working);
            };
            pool.scope(|s| {
                for _ in 0..jobs.max(1) {
                    let tx = tx.clone();
                    s.spawn(|_| worker(tx));
                }
            });
            drop(tx);
        });
        for (j, r) in rx {
            done[j] = Some(r);
            while let Some(Some(r)) = done.get(next) {
                if write_error.is_none()
                    && let Err(e) = bar.suspend(|| emit(&mut out, args.format, errors_to_stderr, r))
                {
                    write_error = Some(e);
                }
                next += 1;
            }
        }
    });
    bar.finish_and_clear();
    let records: Vec<Record> = done
        .into_iter()
        .map(|r| r.expect("every job sends its record"))
        .collect();
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
            counted(self.results, "result"),
            self.solved,
            self.agrees,
            self.disagrees,
            self.unknown,
            counted(self.errors, "error"),
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

/// Runs one problem's analysis; a panic there (a bug) becomes that
/// problem's error record, and the rest of the batch still runs.
fn guarded(p: &Problem, side: Color, run: impl FnOnce() -> Record) -> Record {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        let e = LoadError {
            file: p.file.clone(),
            index: Some(p.index),
            cause: format!("internal error, a bug in shikatsu (please report it): {what}"),
        };
        Record::from_error(&e, Some(side))
    })
}

/// Whether a record's error line goes to stderr too. A table row
/// already shows it; when the table and stderr are the same screen, the
/// copy would print every error twice.
fn echo_errors(format: Format, stdout_terminal: bool, stderr_terminal: bool) -> bool {
    !(matches!(format, Format::Table) && stdout_terminal && stderr_terminal)
}

/// One record as its format writes it, with its error line on stderr
/// when `to_stderr` (JSON waits for the whole document).
fn emit(out: &mut impl Write, format: Format, to_stderr: bool, r: &Record) -> Result<()> {
    match format {
        Format::Jsonl => writeln!(out, "{}", serde_json::to_string(r)?)?,
        Format::Table => print_table_row(out, r)?,
        Format::Json => {}
    }
    out.flush()?;
    match (&r.error, r.status.as_str()) {
        (_, _) if !to_stderr => {}
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
        "{:<36} {:>2} {:<4} {:<6} {:<19} {:<7} {:<7} {:>10} {:>9}  first moves",
        "problem", "pl", "goal", "target", "status", "threats", "file", "positions", "ms",
    )?;
    Ok(())
}

/// The file, and the problem's index in it when it is not the first.
fn record_label(r: &Record) -> String {
    problem::label(std::path::Path::new(&r.file), Some(r.index))
}

fn print_table_row(out: &mut impl Write, r: &Record) -> Result<()> {
    let label = crate::text::fit_left(&record_label(r), 36);
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

/// "1 result", "2 results".
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_panic_in_one_analysis_becomes_that_problems_error_record() {
        let text = include_str!("../problems/classic/straight-three.sgf");
        let p = problem::sgf::load_str("three.sgf", text)
            .pop()
            .expect("a problem")
            .expect("it loads");
        let r = guarded(&p, Color::Black, || panic!("the board went wrong"));
        assert_eq!(r.status, "error");
        assert_eq!(r.to_move.as_deref(), Some("B"));
        assert_eq!(
            r.error.as_deref(),
            Some(
                "three.sgf: problem 0: internal error, a bug in shikatsu (please report it): \
                 the board went wrong"
            )
        );
        let fine = guarded(&p, Color::Black, || {
            Record::from_error(
                &LoadError {
                    file: p.file.clone(),
                    index: None,
                    cause: "not a panic".to_string(),
                },
                None,
            )
        });
        assert_eq!(fine.error.as_deref(), Some("three.sgf: not a panic"));
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
