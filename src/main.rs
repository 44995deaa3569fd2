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
        // The reader went away (`| head`): stop quietly, as a program
        // the pipe's signal ends would (128 + SIGPIPE).
        Err(e) if broken_pipe(&e) => std::process::exit(141),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(2);
        }
    }
}

fn broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
