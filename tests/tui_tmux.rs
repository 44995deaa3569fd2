//! End to end: the real binary's terminal UI driven in tmux, as a person
//! would use it: watch a search, step it, walk the proof, quit, and find
//! the shell's screen back.
//!
//! Each test runs its own tmux server (`-L`), so it touches no session of
//! the user's. Without tmux the tests say why and pass, except in CI (which
//! installs it), where they fail.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_shikatsu");

/// A long search (an open corner): the counters keep moving for seconds.
const OPEN_CORNER: &str = "(;FF[4]GM[1]SZ[9]PL[B]GN[Open corner]
AB[fa][fb][fc][fd][fe][ff][af][bf][cf][df][ef]AW[cc][dc][cd]MA[cc])";

/// Rabbity six, written here in case the bundled file is missing.
const RABBITY_SIX: &str = "(;FF[4]GM[1]SZ[9]GN[Rabbity six]MA[de]
AB[ab][bb][cb][db][dc][ec][ed][ee][ef][dg][eg][ah][bh][ch][dh]
AW[ac][bc][cc][ad][cd][dd][de][cf][df][ag][bg][cg])";

struct Tmux {
    socket: String,
    target: String,
}

fn tmux_missing() -> bool {
    match Command::new("tmux").arg("-V").output() {
        Ok(o) if o.status.success() => false,
        _ => {
            crate::common::missing("tmux is not installed (CI installs it)");
            true
        }
    }
}

impl Tmux {
    /// Runs `shikatsu tui ARGS` in a detached w x h session; after the
    /// program ends the pane prints its exit code and stays open.
    fn start(name: &str, args: &[&str], w: u16, h: u16, cwd: &Path) -> Tmux {
        let socket = format!("shikatsu-test-{}-{name}", std::process::id());
        let mut cmd = format!("'{BIN}' tui");
        for a in args {
            cmd.push_str(&format!(" '{a}'"));
        }
        let shell = format!("{cmd}; echo shikatsu-exited-$?; sleep 60");
        let t = Tmux {
            socket,
            target: name.to_string(),
        };
        let ok = t
            .tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                &w.to_string(),
                "-y",
                &h.to_string(),
            ])
            .args(["-c", &cwd.display().to_string()])
            .args(["env", "-u", "NO_COLOR", "sh", "-c", &shell])
            .status()
            .expect("tmux runs");
        assert!(ok.success(), "tmux started a session");
        t
    }

    fn tmux(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket, "-f", "/dev/null"]);
        c
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            let ok = self
                .tmux()
                .args(["send-keys", "-t", &self.target, k])
                .status()
                .expect("send-keys");
            assert!(ok.success());
            // One key at a time, as typed.
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn capture(&self) -> String {
        let out = self
            .tmux()
            .args(["capture-pane", "-p", "-t", &self.target])
            .output()
            .expect("capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows every one of `texts`.
    fn wait_for(&self, texts: &[&str]) -> String {
        self.wait_until(&format!("{texts:?}"), |s| {
            texts.iter().all(|t| s.contains(t))
        })
    }

    /// Waits until the screen passes `test`.
    fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + Duration::from_secs(8);
        loop {
            let screen = self.capture();
            if test(&screen) {
                return screen;
            }
            if Instant::now() > end {
                panic!("the screen never showed {what}:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Waits until the figure after `label` is `n`.
    fn wait_figure(&self, label: &str, n: u64) -> String {
        self.wait_until(&format!("{label} {n}"), |s| {
            s.contains(label) && figure(s, label) == n
        })
    }

    fn alternate_screen(&self) -> bool {
        let out = self
            .tmux()
            .args([
                "display-message",
                "-p",
                "-t",
                &self.target,
                "#{alternate_on}",
            ])
            .output()
            .expect("display-message");
        String::from_utf8_lossy(&out.stdout).trim() == "1"
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // The server leaves its socket file behind: remove it too.
        let socket = self
            .tmux()
            .args(["display-message", "-p", "#{socket_path}"])
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        let _ = self.tmux().arg("kill-server").status();
        if let Some(path) = socket.filter(|p| p.contains("shikatsu-test-")) {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The number after `label` on the screen ("positions 1,234" -> 1234).
fn figure(screen: &str, label: &str) -> u64 {
    let at = screen
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} on\n{screen}"));
    screen[at + label.len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("no number after {label:?} on\n{screen}"))
}

/// A fresh folder, removed when the test ends, passed or failed.
fn temp_dir(name: &str) -> TempDir {
    tempfile::Builder::new()
        .prefix(&format!("shikatsu-tui-{name}-"))
        .tempdir()
        .expect("a temp dir")
}

/// A bundled problem (or the same shape written to `dir`).
fn bundled_rabbity_six(dir: &Path) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/classic/rabbity-six.sgf");
    if p.exists() {
        return p;
    }
    let f = dir.join("rabbity-six.sgf");
    std::fs::write(&f, RABBITY_SIX).expect("written");
    f
}

fn quit_and_check_terminal(t: &Tmux) {
    t.keys(&["q"]);
    let screen = t.wait_for(&["shikatsu-exited-0"]);
    assert!(!t.alternate_screen(), "the alternate screen was left");
    assert!(!screen.contains("? help"), "the UI is gone:\n{screen}");
}

#[test]
fn step_walk_and_quit_on_a_bundled_problem() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("walk");
    let problem = bundled_rabbity_six(dir.path());
    let path = problem.display().to_string();
    let t = Tmux::start("walk", &[&path, "--memory", "64M"], 100, 30, dir.path());
    // Solved at once: the status, the proof's first move, the help line.
    // The walk's candidates are drawn a frame after the status (a slow
    // machine has shown the status with their rows still empty).
    t.wait_for(&[
        "Black to kill",
        "to kill: unconditional",
        "? help",
        "wins (proof",
    ]);
    assert!(t.alternate_screen(), "the UI runs on the alternate screen");

    // Step the search again from the start: the counters move step by step.
    t.keys(&["s"]);
    let one = t.wait_figure("expansions", 1);
    assert!(one.contains("paused"), "{one}");
    t.keys(&["s"]);
    let two = t.wait_figure("expansions", 2);
    assert!(figure(&two, "positions") > figure(&one, "positions"));
    t.keys(&["S"]);
    // 100 more steps (the count also includes leaves, which need no step).
    let many = t.wait_until("100 more expansions", |s| {
        s.contains("expansions") && figure(s, "expansions") >= 102
    });
    assert!(figure(&many, "positions") > figure(&two, "positions"));
    assert!(many.contains("most-proving path"));
    assert!(figure(&many, "depth") >= 1);
    // Walk the path while paused: Home goes to its root, Right a step on.
    t.keys(&["Home"]);
    t.wait_for(&["most-proving path, at the root", "candidates at move 1"]);
    t.keys(&["Right"]);
    t.wait_for(&["step 1/", "candidates at move 2"]);

    // Resume: solved again; walk the proof.
    t.keys(&["Space"]);
    t.wait_for(&["to kill: unconditional", "line: move 1, Black to play"]);
    t.keys(&["Right"]);
    t.wait_for(&["line: move 2, White to play", "1 B B5"]);
    t.keys(&["Down", "Right"]);
    t.wait_for(&["line: move 3, Black to play"]);
    t.keys(&["Left", "Left"]);
    t.wait_for(&["line: move 1, Black to play"]);

    // The second side of the file, the help, and out.
    t.keys(&["n"]);
    t.wait_for(&["(2/2)", "White to live"]);
    t.keys(&["?"]);
    t.wait_for(&["any key closes the help"]);
    t.keys(&["Escape"]);
    t.wait_for(&["? help  q quit"]);
    quit_and_check_terminal(&t);
}

#[test]
fn live_counters_move_and_quit_stops_a_long_search() {
    if tmux_missing() {
        return;
    }
    let dir = temp_dir("live");
    let file = dir.path().join("open-corner.sgf");
    std::fs::write(&file, OPEN_CORNER).expect("written");
    let path = file.display().to_string();
    let t = Tmux::start("live", &[&path, "--memory", "64M"], 80, 24, dir.path());
    let first = t.wait_for(&["solving", "positions"]);
    std::thread::sleep(Duration::from_millis(400));
    let second = t.wait_for(&["solving"]);
    let (a, b) = (figure(&first, "positions"), figure(&second, "positions"));
    assert!(b > a, "positions grew between two captures: {a} then {b}");
    assert!(figure(&second, "expansions") > figure(&first, "expansions"));
    // Pause: the figures stop.
    t.keys(&["Space"]);
    let paused = t.wait_for(&["paused"]);
    std::thread::sleep(Duration::from_millis(300));
    let still = t.wait_for(&["paused"]);
    assert_eq!(figure(&paused, "positions"), figure(&still, "positions"));
    // A resize is followed.
    let ok = t
        .tmux()
        .args(["resize-window", "-t", "live", "-x", "120", "-y", "40"])
        .status()
        .expect("resize");
    if ok.success() {
        t.wait_for(&["? help  q quit"]);
    }
    let started = Instant::now();
    quit_and_check_terminal(&t);
    assert!(started.elapsed() < Duration::from_secs(5), "quit is prompt");
}
