//! The terminal UI (to be written).
use anyhow::Result;

pub fn run(_args: &crate::cli::TuiArgs) -> Result<i32> {
    anyhow::bail!("the terminal UI is not built yet")
}
