//! tenhou.net/6 JSON -> import -> export -> import: what the format carries comes back (start
//! hands, acts, start and end points, end hands), and the second export equals the first.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::tenhou6(data));
