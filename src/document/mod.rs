//! The open paifu, below every screen and the command line (no UI here):
//!
//! - [`open_document`]: the document: a paifu, edits that apply and invert themselves, undo and redo
//!   (one step per intent), dirty = the revision differs from the saved one, where it is kept.
//! - [`revision`]: the revision stamp, and [`Cached`], a value kept with the stamp it was made for.
//! - [`analysis`]: the one analysis of the document (structure, rules, end points), kept by the
//!   document and worked out again only when its revision or rule options change.
//! - [`causes`]: the likely causes of its problems, worked out once and kept with the analysis.
//! - [`feed`]: the one flow of changes: every change published with a sequence number that only
//!   grows and a snapshot, to subscribers reading on their own threads.
//! - [`io`]: the one loader and the one saver; [`file_ops`]: the file commands' work and texts.
//! - [`side`]: the files a record keeps beside it (journal, lock, checked differences, video
//!   link), named in one place.
//! - [`recording`]: what a recording leaves beside a record (its entries, journal and lock) and
//!   the one open of a file.
//! - [`query`]: questions asked of the document about the match being recorded (its last match
//!   and frame, whether the frame has ended, the dora indicator still to be entered).
//! - [`new_match`]: a new match (the date, four empty seats, the point rules, the scorer).

pub mod analysis;
pub mod causes;
pub mod feed;
pub mod file_ops;
pub mod io;
pub mod new_match;
pub mod open_document;
pub mod query;
pub mod recording;
pub mod revision;
pub mod side;

pub use analysis::Analysis;
pub use feed::{Feed, Subscription, Update, UpdateKind};
pub use new_match::{new_match, today};
pub use open_document::{Disk, Document, Edit, MatchInfo};
pub use query::{current_frame, is_finished, match_index, missing_indicator};
pub use revision::{Cached, Revision};
