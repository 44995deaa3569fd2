//! `shikatsu bench` (to be written).
use anyhow::Result;

pub fn run(_args: &crate::cli::BenchArgs) -> Result<i32> {
    anyhow::bail!("bench is not built yet")
}
