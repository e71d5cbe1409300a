//! The season: the people seen as players and recorders, the standings of a folder of
//! tournaments' files, a new match like the last one (library code, no UI), and the season view
//! (File > Standings…: a tournament, year and stage chosen, read only, sortable, CSV export).
//!
//! - [`roster`]: the people seen as players and recorders, their tournament points; the file
//!   that keeps them.
//! - [`standings`]: a folder's tournaments, years and stages; a season's points per player and
//!   team, each stage apart with the points carried into it.
//! - [`standings_csv`]: the standings as CSV.
//! - [`stats`]: each player's and team's figures counted from the records; [`stats_files`]: over
//!   files and folders, the columns (rates and averages) and the CSV and JSON.
//! - [`like`]: a new match like the last one.
//! - [`teams`]: the teams the forms offer (this season's built in, and a teams file).
//! - `view` (with the `gui` feature): the standings screen; `stats_view`: its statistics and
//!   charts.

pub mod like;
pub mod roster;
pub mod standings;
pub mod standings_csv;
pub mod stats;
pub mod stats_files;
#[cfg(feature = "gui")]
pub mod stats_view;
pub mod teams;
#[cfg(feature = "gui")]
pub mod view;
