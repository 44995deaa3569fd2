//! `shikatsu bench`: a fixed suite solved on one thread, with speed figures.
//!
//! The suite is the bundled problems plus the external
//! `../shared/problems/d180cf` when it is present, in file-name order, each
//! problem for each side to move: the status alone within 5 million
//! positions per side unless asked otherwise (`BenchArgs::limits`).

use std::io::{IsTerminal, Write};
use std::time::Instant;

use anyhow::Result;
use shikatsu::analysis::analyze;
use shikatsu::problem::{self, Loaded, load_paths};
use shikatsu::report::Record;

use crate::cli::{BenchArgs, Format};

/// The external suite, beside the repository.
const EXTERNAL_SUITE: &str = "../shared/problems/d180cf";

/// The default suite: the bundled problems (built in when run away from
/// the repository), and the external suite when it is there.
pub fn default_suite() -> Vec<Loaded> {
    let mut loaded = problem::bundled::load_default();
    if std::path::Path::new(EXTERNAL_SUITE).exists() {
        loaded.extend(load_paths(&[EXTERNAL_SUITE]));
    }
    loaded
}

/// Peak resident memory of this process in KiB (Linux), if known.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

pub fn run(args: &BenchArgs) -> Result<i32> {
    let loaded = if args.paths.is_empty() {
        default_suite()
    } else {
        load_paths(&args.paths)
    };
    let mut opts = args.limits().options(1)?;
    opts.debug = crate::cli::debug_from_env();
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    // As in `solve`'s table: names fitted to a terminal, whole elsewhere.
    let cut_names = std::io::stdout().is_terminal();
    let (mut positions, mut ms, mut solved, mut total) = (0u64, 0f64, 0usize, 0usize);
    let mut not_loaded = 0usize;
    // `--format json` writes one document at the end, as `solve` does.
    let mut records = Vec::new();
    if args.format == Format::Table {
        writeln!(
            out,
            "{:<48} {:>2} {:<13} {:>11} {:>10} {:>10}",
            "problem", "pl", "status", "positions", "ms", "pos/s"
        )?;
    }
    for loaded in loaded {
        let p = match loaded {
            Ok(p) => p,
            Err(e) => {
                // Named, like `solve` does, so a suite's size is never
                // smaller than it looks without a word.
                not_loaded += 1;
                eprintln!("error: {e}");
                continue;
            }
        };
        for side in p.sides() {
            let a = analyze(&p, side, &opts);
            let r = Record::from_analysis(&p, &a);
            total += 1;
            solved += r.solved() as usize;
            positions += r.positions;
            // The clock itself, not the record's ms rounded to a tenth: a
            // small problem's rate would read 0.
            let took = a.elapsed.as_secs_f64() * 1000.0;
            ms += took;
            match args.format {
                Format::Table => {
                    let rate = if took > 0.0 {
                        r.positions as f64 / took * 1000.0
                    } else {
                        0.0
                    };
                    writeln!(
                        out,
                        "{} {:>2} {:<13} {:>11} {:>10.1} {:>10.0}",
                        if cut_names {
                            crate::text::fit_left(&p.label(), 48)
                        } else {
                            crate::text::pad_right(&p.label(), 48)
                        },
                        side.letter(),
                        r.status,
                        r.positions,
                        r.ms,
                        rate
                    )?;
                }
                Format::Jsonl => writeln!(out, "{}", serde_json::to_string(&r)?)?,
                Format::Json => records.push(r),
            }
        }
    }
    let rate = if ms > 0.0 {
        positions as f64 / ms * 1000.0
    } else {
        0.0
    };
    let peak = peak_memory_kib().map_or("unknown".to_string(), |k| format!("{} MiB", k / 1024));
    let line = format!(
        "bench: {solved}/{total} solved, {not_loaded} not loaded, {positions} positions in {:.2} s of solver time ({:.2} s wall), {:.2}M positions/s, peak memory {peak}",
        ms / 1000.0,
        start.elapsed().as_secs_f64(),
        rate / 1e6
    );
    match args.format {
        Format::Table => writeln!(out, "{line}")?,
        Format::Jsonl => eprintln!("{line}"),
        Format::Json => {
            let summary = serde_json::json!({
                "results": total,
                "solved": solved,
                "not_loaded": not_loaded,
                "positions": positions,
                "solver_seconds": ms / 1000.0,
                "wall_seconds": start.elapsed().as_secs_f64(),
                "positions_per_second": rate,
                "peak_memory_kib": peak_memory_kib(),
            });
            let doc = serde_json::json!({ "summary": summary, "results": records });
            writeln!(out, "{}", serde_json::to_string_pretty(&doc)?)?;
            eprintln!("{line}");
        }
    }
    Ok(if not_loaded > 0 {
        2
    } else if solved == total {
        0
    } else {
        1
    })
}
