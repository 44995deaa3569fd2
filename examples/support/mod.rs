//! What the developer probes share.
use shikatsu::board::Color;
use shikatsu::tsumego::KoMaster;

/// The ko master for `side`'s search, chosen by the environment:
/// `SELF=1` the side itself, `NONE=1` nobody, else the opponent (the
/// first search of a status).
pub fn master_from_env(side: Color) -> KoMaster {
    if std::env::var("SELF").is_ok() {
        Some(side)
    } else if std::env::var("NONE").is_ok() {
        None
    } else {
        Some(side.opp())
    }
}

/// The number in the environment variable `name`, else `default`.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(default)
}

/// The time limit of each search: `T` seconds, else `default`.
pub fn time_from_env(default: f64) -> std::time::Duration {
    std::time::Duration::from_secs_f64(env_number("T", default))
}
