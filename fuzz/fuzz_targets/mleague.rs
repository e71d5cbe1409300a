//! The official M League viewer's record (a JSON array of commands, or the viewer's page) ->
//! import -> `.jmjp` and back, checks, exports; the same array in a page reads the same. The
//! property is `mleague_property.rs` (the library's tests run the seeds and found inputs with it).
#![no_main]

#[path = "mleague_property.rs"]
mod property;

libfuzzer_sys::fuzz_target!(|data: &[u8]| property::mleague(data));
