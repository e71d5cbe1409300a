//! tenhou mjlog XML -> import: any text gives a record or an error (never a panic); what
//! imports is written as `.jmjp` and read back, and survives a trip through tenhou.net/6.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::mjlog(data));
