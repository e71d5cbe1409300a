//! jmjp-studio: record, check and correct riichi mahjong paifu files (`.jmjp`).
//!
//! - [`format`]: the `.jmjp` language (record model, parser, canonical writer, structural checks).
//! - [`rules`]: the replay of frames, legal next acts, and game-level diagnostics.
//! - [`fsio`]: atomic file writing.
//! - [`cli`]: the command line (`check`, `fmt`).

pub mod cli;
pub mod format;
pub mod fsio;
pub mod rules;
