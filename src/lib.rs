//! jmjp-studio: record, check and correct riichi mahjong paifu files (`.jmjp`).
//!
//! - [`format`]: the `.jmjp` language (record model, parser, canonical writer, structural checks).
//! - [`rules`]: the replay of frames, legal next acts, and game-level diagnostics.
//! - [`interop`]: converters: extended MPSZ, mjai logs, tenhou.net/6 logs.
//! - [`scoring`]: payments of draws and the final points of a match.
//! - [`fsio`]: atomic file writing.
//! - [`cli`]: the command line (`check`, `fmt`).

pub mod cli;
pub mod format;
pub mod fsio;
pub mod interop;
pub mod rules;
pub mod scoring;
