//! The command line's tests, one binary: every subcommand run as a user runs it
//! (`CARGO_BIN_EXE_jmjp-studio`), its output and exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod logs_in;
mod stats_cli;
