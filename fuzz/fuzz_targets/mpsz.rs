//! MPSZ text -> parse -> print gives the text back (less the spaces at its ends); a hand or river
//! read from it prints back as MPSZ that reads to the same tiles.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::mpsz(data));
