//! The `wuzi` command.
use clap::Parser;

/// Wuzi from the terminal.
#[derive(Debug, Parser)]
#[command(name = "wuzi", version, about)]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
}
