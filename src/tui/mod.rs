//! The terminal UI, `shikatsu tui [PATH]`: watch the proof happen, then
//! walk it, or try the problem yourself against the solver.
//!
//! - `worker.rs` runs the solver on its own thread and publishes a snapshot;
//! - `app.rs` holds the state and applies actions (no terminal);
//! - `keys.rs` maps keys to actions; `ui.rs` draws `&App` on any backend;
//! - `explore.rs` is the solution tree the walk and try mode move in.
//!
//! `w` writes the proof file `solve --proof-sgf` writes
//! (`shikatsu::report::proof_file`), in the current folder.
//!
//! The loop draws at most every [`TICK`] (20 frames a second) and at once
//! after a key; the solver never waits for the terminal. `ratatui::init`
//! restores the terminal on a panic of the UI's thread; a panic on a
//! solver thread is caught there and shown in the UI instead.

mod app;
mod explore;
mod keys;
mod ui;
mod worker;

#[cfg(test)]
mod svg;
#[cfg(test)]
mod tests;

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use crossterm::event::{self, Event};
use ratatui::DefaultTerminal;

use shikatsu::problem::{bundled, load_paths_with};

use app::{App, Config};

/// Time between two frames while nothing is typed.
pub const TICK: Duration = Duration::from_millis(50);

/// `NO_COLOR` set to anything non-empty asks for no colours (no-color.org).
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

pub fn run(args: &crate::cli::TuiArgs) -> Result<i32> {
    let mut opts = args.limits.options(1)?;
    crate::cli::at_least_one("--threads", args.threads)?;
    // The searches of a hard problem go faster on every core; helpers
    // join a search only after its first two million positions, so the
    // small problems and the steps of a paused search stay on one thread.
    opts.threads = args.threads.unwrap_or_else(crate::cli::cores).max(1);
    // The default is the bundled problems, built in when run away from
    // the repository.
    let loaded = if args.path.as_os_str() == bundled::FOLDER {
        bundled::load_default()
    } else {
        load_paths_with(&[&args.path], args.load.options())
    };
    let entries = app::entries(loaded);
    // Nothing loaded: say so on one line, before the terminal is touched.
    if let Some(why) = app::load_failure(&entries, &args.path) {
        anyhow::bail!(why);
    }
    let config = Config {
        mono: no_color(),
        ..Config::default()
    };
    let mut app = App::new(entries, args.path.clone(), opts, config);

    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    // ratatui's hook restores the terminal, which only a panic of this,
    // the UI's, thread calls for: it ends the program. Any other thread's
    // panic leaves the UI running: the solver's job thread catches its
    // own and shows it, and a search's helper threads (unnamed, started
    // by the library) either just stop helping or pass the panic on to
    // the job thread. Restoring the terminal for those would leave the
    // UI drawing on a terminal back in line mode.
    let ui_thread = std::thread::current().id();
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == ui_thread {
            restore_hook(info);
        }
    }));
    let start = Instant::now();
    let result = main_loop(&mut terminal, &mut app);
    ratatui::restore();
    write_stats(&app, start.elapsed());
    result.map(|()| 0)
}

fn main_loop(terminal: &mut DefaultTerminal, app: &mut App) -> Result<()> {
    while app.running {
        terminal.draw(|f| ui::draw(app, f))?;
        app.frames += 1;
        let deadline = Instant::now() + TICK;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if !event::poll(left)? {
                break;
            }
            match event::read()? {
                Event::Key(k) => {
                    let typing = app.try_state.is_some() && app.overlay == app::Overlay::None;
                    app.apply(keys::action(k, typing));
                    break;
                }
                Event::Resize(..) => break,
                _ => {}
            }
        }
        app.tick();
    }
    Ok(())
}

/// With `SHIKATSU_TUI_STATS=FILE`, appends the frame rate and the solver's
/// speed on exit (how the UI's cost is measured).
fn write_stats(app: &App, elapsed: Duration) {
    let Some(path) = std::env::var_os("SHIKATSU_TUI_STATS") else {
        return;
    };
    let secs = elapsed.as_secs_f64();
    let (positions, running) = match &app.phase {
        app::Phase::Decided {
            analysis, running, ..
        } => (analysis.positions, *running),
        _ => (app.snap.positions, app.snap.running),
    };
    let line = format!(
        "frames {} in {secs:.2} s ({:.1}/s); positions {positions} in {:.2} s search ({:.0}/s)\n",
        app.frames,
        app.frames as f64 / secs.max(1e-9),
        running.as_secs_f64(),
        positions as f64 / running.as_secs_f64().max(1e-9),
    );
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = f.write_all(line.as_bytes());
    }
}
