//! jmjp-studio: record, check and correct riichi mahjong paifu files (`.jmjp`).
//!
//! The library, from the bottom up (each layer uses only those above it in this list):
//!
//! - [`i18n`]: the two languages (a message in both, the interface's texts). Imports nothing.
//! - [`format`]: the `.jmjp` language: tiles, the record, the parser, the canonical writer, the
//!   structural checks. No game rules.
//! - [`rules`]: the table: replay a frame act by act, the legal next acts, the diagnostics.
//! - [`scoring`] and [`interop`]: yaku, fu, payments, final points; MPSZ, mjai, tenhou.net/6.
//! - [`compare`]: double entry: two recordings of one match compared and reconciled.
//! - [`document`]: the open paifu: undo history, the one loader and saver, the one analysis.
//! - [`broadcast`]: on air: the served record (the overlay's table, the delay, the events, the
//!   replay) and its HTTP server, on the document's flow of changes.
//! - [`season`]: the people seen (the roster), the standings of a season's files, a new match
//!   like the last one; the forms, the settings and the season's view use it.
//!
//! The features, each a folder with its model and (with the `gui` cargo feature) its screen:
//! [`recorder`] (live recording), [`editor`] (correcting a file), [`forms`] (the match forms),
//! [`double_entry`] (the double-entry screen over the [`compare`] engine: two recordings compared,
//! a side chosen per difference, saved), and the season's view (the standings).
//! [`ui`] holds what the screens share, [`app`] is the shell, [`cli`] the command line and
//! [`settings`] the user's settings. Nothing imports [`app`].

#[cfg(feature = "gui")]
pub mod app;
pub mod broadcast;
pub mod cli;
pub mod compare;
pub mod document;
pub mod double_entry;
pub mod editor;
pub mod format;
pub mod forms;
pub mod i18n;
pub mod interop;
pub mod recorder;
pub mod rules;
pub mod scoring;
pub mod season;
pub mod settings;
#[cfg(feature = "gui")]
pub mod ui;
pub mod video;
