//! The binary this build made, run as a user runs it.

/// `shikatsu` (the binary this build made) with these arguments: exit
/// code, stdout and stderr.
pub fn shikatsu(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exited, not killed"),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
    )
}

/// Writes `text` as `name` in `dir`; its path.
pub fn write_sgf(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}
