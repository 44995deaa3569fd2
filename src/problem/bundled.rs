//! The bundled problems, built into the binary, so that `shikatsu tui`
//! and `shikatsu bench` have them wherever they are run from (an
//! installed binary has no `problems/` folder beside it).

use include_dir::{Dir, include_dir};

use super::{Loaded, sgf};

static PROBLEMS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/problems");

/// The name the bundled problems go by: the folder they come from.
pub const FOLDER: &str = "problems";

/// Every bundled problem, loaded as from the repository's `problems/`
/// folder (in name order, each named `problems/...`), so that labels and
/// results read the same either way.
pub fn load() -> Vec<Loaded> {
    let mut files = Vec::new();
    let mut dirs = vec![&PROBLEMS];
    while let Some(dir) = dirs.pop() {
        for entry in dir.entries() {
            if let Some(sub) = entry.as_dir() {
                dirs.push(sub);
            } else if let Some(file) = entry.as_file()
                && file.path().extension().is_some_and(|e| e == "sgf")
            {
                files.push(file);
            }
        }
    }
    files.sort_by_key(|f| f.path());
    files
        .into_iter()
        .flat_map(|f| {
            let name = std::path::Path::new(FOLDER).join(f.path());
            sgf::load_bytes(&name, f.contents())
        })
        .collect()
}

/// The bundled problems as a command's default: from the `problems/`
/// folder when run in the repository (where they are edited, and read
/// afresh without a rebuild), else the copy built into the binary.
pub fn load_default() -> Vec<Loaded> {
    if std::path::Path::new(FOLDER).is_dir() {
        super::load_paths(&[FOLDER])
    } else {
        load()
    }
}
