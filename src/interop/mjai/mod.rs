//! mjai event logs: one JSON event per line (`start_game`, `start_kyoku`, `tsumo`, `dahai`,
//! `chi`/`pon`/`daiminkan`/`kakan`/`ankan`, `dora`, `reach`/`reach_accepted`, `hora`,
//! `ryukyoku`, `end_kyoku`, `end_game`), the log Mortal and mjai-reviewer read.
//!
//! Actors are absolute players (0 is the first dealer); a `.jmjp` frame counts seats from its
//! dealer. A kan's new dora indicator is announced after the kan's next discard, as the protocol's
//! examples show (the importer accepts it anywhere). `hora` and `ryukyoku` carry `deltas` (the
//! point changes without the riichi deposits, as tenhou.net/6 counts them) and `hora` the
//! `ura_markers`, so the end points survive the trip.

mod event;
mod read;
mod tiles;
mod write;

pub use event::{MjaiEvent, StartKyoku};
pub use read::import;
pub use tiles::{tile_from_name, tile_name};
pub use write::{EventAt, export, export_match, match_events};
