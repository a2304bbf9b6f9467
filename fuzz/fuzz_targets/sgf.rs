//! The SGF reader never panics, and what it accepts writes back to the
//! same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wuzi_core::record::sgf;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = sgf::read(&text) {
        let again = sgf::read(&sgf::write(&record)).expect("written SGF reads back");
        assert_eq!(again.moves, record.moves);
    }
});
