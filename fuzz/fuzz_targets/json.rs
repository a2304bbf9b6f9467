//! The JSON game reader never panics, and what it accepts writes back to
//! the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wuzi_core::record::json;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(record) = json::read(&text) {
        let again = json::read(&json::write(&record)).expect("written JSON reads back");
        assert_eq!(again, record);
    }
});
