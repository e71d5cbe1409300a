//! mjai log -> import -> export -> import: an exported log imports again to the same frames and
//! acts, and its export is the same text.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::mjai(data));
