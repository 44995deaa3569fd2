//! The `shikatsu` binary: command line and terminal UI. The library
//! (`shikatsu::*`) knows nothing of either.
#![forbid(unsafe_code)]

mod bench;
mod cli;
mod text;
mod tui;

use clap::Parser;

fn main() {
    let cli = match cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    let code = match &cli.command {
        cli::Command::Solve(args) => cli::solve(args),
        cli::Command::Tui(args) => tui::run(args),
        cli::Command::Bench(args) => bench::run(args),
    };
    match code {
        Ok(c) => std::process::exit(c),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(2);
        }
    }
}
