//! jmjp-studio: record, check and correct riichi mahjong paifu files (`.jmjp`).
//!
//! - [`format`]: the `.jmjp` language (record model, parser, canonical writer, structural checks).
//! - [`rules`]: the replay of frames, legal next acts, and game-level diagnostics.
//! - [`interop`]: converters: extended MPSZ, mjai logs, tenhou.net/6 logs.
//! - [`scoring`]: payments of draws and the final points of a match.
//! - [`recorder`]: live recording: the session state machine, its entries, the journal, the view.
//! - [`fsio`]: atomic file writing.
//! - [`cli`]: the command line (`check`, `fmt`, `convert`; no arguments opens the app).
//! - [`document`], [`forms`], [`settings`], [`i18n`]: the shared document with its undo history,
//!   the match forms as text, the user's settings, and the two languages (no egui).
//! - [`app`] and [`ui`]: the eframe application and its views.

pub mod app;
pub mod cli;
pub mod document;
pub mod editor;
pub mod format;
pub mod forms;
pub mod fsio;
pub mod i18n;
pub mod interop;
pub mod recorder;
pub mod rules;
pub mod scoring;
pub mod settings;
pub mod ui;
