//! jmjp-studio: record, check and correct riichi mahjong paifu files (`.jmjp`).
//!
//! - [`format`]: the `.jmjp` language (record model, parser, canonical writer, structural checks).
//! - [`fsio`]: atomic file writing.
//! - [`cli`]: the command line (`check`, `fmt`).

pub mod cli;
pub mod format;
pub mod fsio;
