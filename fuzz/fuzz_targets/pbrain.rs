//! The Gomocup protocol's line handling: any bytes on standard input, as
//! many lines as they make, never panic or hang the brain.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wuzi_cli::pbrain;
use wuzi_engine::Level;

fuzz_target!(|data: &[u8]| {
    // Beginner answers at once, so an input full of BEGIN stays fast; the
    // lines are read and answered the same at every level.
    let input = std::io::Cursor::new(data.to_vec());
    let _ = pbrain::run(input, std::io::sink(), Some(Level::Beginner));
});
