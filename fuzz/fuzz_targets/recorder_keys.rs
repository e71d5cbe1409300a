//! The recorder session fed arbitrary keys on top of a real deal (the first frame of a real
//! match): keys, numbered choices, undo and redo, corrections of earlier acts, frame ends with the
//! prefilled points, the next deal. No key panics, and every document an entry makes reads back
//! from its own autosave text.
#![no_main]

#[path = "properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::recorder_keys(data));
