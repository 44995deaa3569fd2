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

/// The widest name column of the table (a file or a pipe gets it whole).
const NAME_COLUMNS: usize = 48;

/// The narrowest name column a terminal gets.
const NAME_MIN: usize = 16;

/// The table's columns after the name: pl, status, positions, ms, pos/s
/// and the spaces between them.
const OTHER_COLUMNS: usize = 51;

/// The name column for a terminal `width` columns wide (unknown: the
/// widest): the rest of the line, so that no row wraps.
fn name_columns(width: Option<usize>) -> usize {
    width.map_or(NAME_COLUMNS, |w| {
        w.saturating_sub(OTHER_COLUMNS)
            .clamp(NAME_MIN, NAME_COLUMNS)
    })
}

/// One line of the table: the name as given (padded or cut to its
/// column), then pl, status, positions, ms and pos/s.
fn table_line(name: &str, [pl, status, positions, ms, rate]: [&str; 5]) -> String {
    format!("{name} {pl:>2} {status:<13} {positions:>11} {ms:>10} {rate:>10}")
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
    // As in `solve`'s table: names fitted to a terminal's width, whole
    // elsewhere.
    let fit = std::io::stdout()
        .is_terminal()
        .then(|| name_columns(crate::cli::terminal_width()));
    let (mut positions, mut ms, mut solved, mut total) = (0u64, 0f64, 0usize, 0usize);
    let mut not_loaded = 0usize;
    // `--format json` writes one document at the end, as `solve` does.
    let mut records = Vec::new();
    if args.format == Format::Table {
        let name = crate::text::pad_right("problem", fit.unwrap_or(NAME_COLUMNS));
        let cells = ["pl", "status", "positions", "ms", "pos/s"];
        writeln!(out, "{}", table_line(&name, cells))?;
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
                    let name = match fit {
                        Some(columns) => crate::text::fit_left(&p.label(), columns),
                        None => crate::text::pad_right(&p.label(), NAME_COLUMNS),
                    };
                    let cells = [
                        side.letter().to_string(),
                        r.status.clone(),
                        r.positions.to_string(),
                        format!("{:.1}", r.ms),
                        format!("{rate:.0}"),
                    ];
                    writeln!(
                        out,
                        "{}",
                        table_line(&name, cells.each_ref().map(|c| c.as_str()))
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
    let on_stderr = || crate::cli::fit_summary(&line, std::io::stderr().is_terminal());
    match args.format {
        Format::Table => writeln!(
            out,
            "{}",
            crate::cli::fit_summary(&line, std::io::stdout().is_terminal())
        )?,
        Format::Jsonl => eprintln!("{}", on_stderr()),
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
            eprintln!("{}", on_stderr());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_column_takes_what_a_terminal_leaves() {
        assert_eq!(name_columns(Some(80)), 29);
        assert_eq!(name_columns(Some(60)), NAME_MIN);
        assert_eq!(name_columns(Some(200)), NAME_COLUMNS);
        assert_eq!(name_columns(None), NAME_COLUMNS);
    }

    #[test]
    fn a_table_at_80_columns_lines_up_within_them() {
        let columns = name_columns(Some(80));
        let header = table_line(
            &crate::text::pad_right("problem", columns),
            ["pl", "status", "positions", "ms", "pos/s"],
        );
        let name = crate::text::fit_left("problems/classic/bent-four-in-the-corner.sgf", columns);
        let row = table_line(&name, ["B", "ko", "445", "0.4", "1112500"]);
        assert_eq!(
            format!("{header}\n{row}"),
            "\
problem                       pl status          positions         ms      pos/s
…/bent-four-in-the-corner.sgf  B ko                    445        0.4    1112500"
        );
        assert!(header.chars().count() == 80 && row.chars().count() == 80);
    }
}
