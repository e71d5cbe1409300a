//! The season view (File > Standings…): the standings of a folder of one tournament's files,
//! read only, sortable, with a CSV export. The numbers come from [`crate::document::standings`].

pub mod view;
