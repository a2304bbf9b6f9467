//! The `.psq` reader never panics, and what it accepts writes back to the
//! same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wuzi_core::record::psq;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = psq::read(&text) {
        let again = psq::read(&psq::write(&record)).expect("written psq reads back");
        assert_eq!(again.moves, record.moves);
    }
});
