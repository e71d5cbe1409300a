//! Journal recovery. The first byte picks the input: arbitrary bytes read as a journal (never a
//! panic; what reads rebuilds a document or says why not), or a real journal (the first frames of
//! a real match, entry by entry) with bytes flipped and cut where the input says: what comes back
//! is always a prefix of the entries confirmed.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::journal(data));
