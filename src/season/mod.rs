//! The season: the people seen as players and recorders, the standings of a folder of one
//! tournament's files, a new match like the last one (library code, no UI), and the season view
//! (File > Standings…: read only, sortable, with a CSV export).
//!
//! - [`roster`]: the people seen as players and recorders, their tournament points; the file
//!   that keeps them.
//! - [`standings`]: a season's points per player and team, from a folder of its files.
//! - [`like`]: a new match like the last one.
//! - `view` (with the `gui` feature): the standings screen.

pub mod like;
pub mod roster;
pub mod standings;
#[cfg(feature = "gui")]
pub mod view;
