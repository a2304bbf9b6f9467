//! `pbrain-wuzi`: Wuzi as a Gomocup engine, for managers that start an
//! engine by file name.
use std::io;

fn main() -> io::Result<()> {
    wuzi_cli::init_logging();
    wuzi_cli::pbrain::run(io::BufReader::new(io::stdin()), io::stdout().lock(), None)
}
