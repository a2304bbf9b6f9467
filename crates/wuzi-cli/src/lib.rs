//! The `wuzi` command's parts: the Gomocup protocol, terminal play, engine
//! matches, benchmarks, the soak of the game service and the tuning of the
//! evaluation. The `wuzi` and `pbrain-wuzi` binaries share them.
#![deny(missing_docs)]

pub mod bench;
pub mod matches;
pub mod openings;
pub mod pairs;
pub mod pbrain;
pub mod play;
pub mod puzzles;
pub mod soak;
pub mod tune;
pub mod tune_play;

use wuzi_core::Rule;

/// Reads a rule name: freestyle, standard or renju.
///
/// # Errors
/// A message naming the choices.
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "freestyle" | "gomoku" => Ok(Rule::Freestyle),
        "standard" | "exact" => Ok(Rule::Standard),
        "renju" => Ok(Rule::Renju),
        _ => Err(format!(
            "unknown rule {text:?}: use freestyle, standard or renju"
        )),
    }
}

/// Sends logs to standard error (never stdout, which may carry the
/// protocol), filtered by `RUST_LOG` and silent by default.
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("off"));
    // Colours only on a terminal: a log sent to a file stays plain text.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
