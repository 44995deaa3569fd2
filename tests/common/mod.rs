//! Shared by the property tests.

/// Cases per property test: `default` keeps `cargo test` quick;
/// `SHIKATSU_CROSS_CASES=5000` sets a long hunt.
pub fn cases(default: u32) -> u32 {
    std::env::var("SHIKATSU_CROSS_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}
