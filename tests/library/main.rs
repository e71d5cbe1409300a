//! The library's tests, one binary (one link): the `.jmjp` format, the rules, scoring, the
//! converters, repair, comparing, the roster, recording (its journal, crashes, faults, the
//! lock), On air's server, double entry, and the house's own checks (layers, names, function
//! sizes, messages, packaging files). Every module was a test binary of its own until the
//! binaries were grouped; `cargo test --test library MODULE::` runs one of them, and the
//! Windows checks run this binary under Wine (packaging/windows/wine-check.sh says which
//! modules they skip and why).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;
// The properties the fuzz targets check (fuzz and fuzz_found run them).
#[path = "../../fuzz/fuzz_targets/properties.rs"]
mod properties;
// Two desks recording one match (double_live and double_live_take).
#[cfg(feature = "gui")]
#[path = "../common/desks.rs"]
mod desks;

mod act_times;
mod architecture;
mod broadcast;
mod broadcast_limits;
mod broadcast_live;
mod broadcast_stats;
mod compare;
// A hostile desk followed, and `compare FILE URL` against it (loopback, no window).
mod double_hostile;
// Double entry live drives the recorder's screen, which is built only with the window.
#[cfg(feature = "gui")]
mod double_live;
#[cfg(feature = "gui")]
mod double_live_take;
mod feed;
mod function_size;
mod fuzz;
mod fuzz_found;
mod guide;
mod huge_inputs;
mod i18n;
mod interop_corpus;
mod interop_fuzz;
mod interop_mjai;
mod interop_mjlog;
mod interop_mleague;
mod interop_mpsz;
mod interop_tenhou6;
mod journal_damage;
mod known_answers;
mod kyoutaku;
mod layers;
mod live_entry;
mod match_points;
mod names;
mod open;
mod own_files;
mod packaging;
mod platform;
mod recorder_crash;
mod recorder_faults;
mod recorder_session;
mod repair;
mod repair_mutations;
mod roster;
mod roundtrip;
mod rule_options;
mod rule_presets;
mod rule_presets_corpus;
mod rules_diagnostics;
mod rules_games;
mod rules_legal;
mod scoring_corpus;
mod scoring_draws;
mod scoring_frames;
mod scoring_wins;
mod season_stats;
mod teams;
