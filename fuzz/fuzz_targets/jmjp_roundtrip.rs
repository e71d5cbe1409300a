//! `.jmjp` bytes -> parse -> structural, rules and points checks -> write -> parse: the second
//! parse gives the first record back (less the draft fields 1.0 cannot say), and writing is
//! idempotent. Every diagnostic renders and has its Japanese half.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::jmjp_roundtrip(data));
