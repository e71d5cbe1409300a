//! The match forms: tournament, date and place, recorders, players, point rules, results.
//!
//! - [`text`]: the forms as text: what each field holds while it is typed, how it is read into
//!   the record and what is wrong with it (no egui).
//! - [`view`]: the forms screen ([`view::Forms`]): one section at a time, each field with its
//!   error next to it; a change is handed back to the app as the match information it makes.
//! - [`widgets`]: the fields the forms are made of (shorthand choices, rows with errors).
//! - [`dropdown`]: the drop-down worked by keys (Enter picks, Escape closes, typing filters).
//! - `results_view`: the results form (computed final points and their working).
//! - [`name_field`]: a name in four parts (the forms' names, and the settings' scorer).
//! - [`fill`]: a row filled from the roster, with the tournament points carried into the match.
//! - [`people`]: the roster offered under the name fields while a name is typed.
//! - [`roster_view`]: Settings > Roster: names corrected, people forgotten or merged.

#[cfg(feature = "gui")]
pub mod dropdown;
pub mod fill;
#[cfg(feature = "gui")]
pub mod name_field;
#[cfg(feature = "gui")]
pub mod people;
#[cfg(feature = "gui")]
pub mod results_view;
#[cfg(feature = "gui")]
pub mod roster_view;
#[cfg(feature = "gui")]
pub mod rules_view;
pub mod text;
#[cfg(feature = "gui")]
pub mod view;
#[cfg(feature = "gui")]
pub mod widgets;

pub use text::*;
