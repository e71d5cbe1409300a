//! The path question: what a path is asked for (its title, whether it names a file to read, a
//! folder or a file to write, the formats the system dialog offers), and the dialog that asks it:
//! a typed path (Enter confirms) or Browse for the system's own dialog, checked before it is
//! answered, a path that cannot be used explained under the field.

use std::path::PathBuf;

use crate::document::file_ops;
use crate::i18n::{Lang, tr};
use crate::interop::Format;
use crate::ui::command::Command;
use crate::ui::modal::{path_modal, pick};

/// What a path dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    Open,
    SaveAs,
    /// The match shown is written alone to the path.
    SaveMatch,
    /// The matches of the file at the path are added.
    Merge,
    /// A log read into a new document.
    Import,
    /// The match shown written as a log.
    Export,
    /// Another recording of the match, compared with this one.
    Compare,
    /// A folder whose .jmjp files' people go into the roster.
    RosterFolder,
    /// A folder of one season's .jmjp files, for the standings.
    StandingsFolder,
    /// The standings written as CSV.
    StandingsCsv,
}

impl PathPurpose {
    /// The command that asked, whose label is the dialog's title.
    pub fn command(self) -> Command {
        match self {
            PathPurpose::Open => Command::Open,
            PathPurpose::SaveAs => Command::SaveAs,
            PathPurpose::SaveMatch => Command::SaveMatchAs,
            PathPurpose::Merge => Command::MergeFile,
            PathPurpose::Import => Command::Import,
            PathPurpose::Export => Command::Export,
            PathPurpose::Compare => Command::Compare,
            PathPurpose::RosterFolder => Command::ImportRoster,
            PathPurpose::StandingsFolder | PathPurpose::StandingsCsv => Command::Standings,
        }
    }

    /// True when the path names a folder (it must exist).
    pub fn folder(self) -> bool {
        matches!(self, PathPurpose::RosterFolder | PathPurpose::StandingsFolder)
    }

    /// True when the path names a file to read (it must exist).
    pub fn reads(self) -> bool {
        matches!(self, PathPurpose::Open | PathPurpose::Merge | PathPurpose::Import | PathPurpose::Compare)
            || self.folder()
    }

    /// The formats the native dialog offers.
    pub fn formats(self) -> &'static [Format] {
        match self {
            PathPurpose::Import => &Format::IMPORTS,
            // A `.jmjp` file or a log: both open, and either is the other recording to compare.
            PathPurpose::Open | PathPurpose::Compare => &Format::ALL,
            PathPurpose::Export => &Format::LOGS,
            PathPurpose::RosterFolder | PathPurpose::StandingsFolder | PathPurpose::StandingsCsv => &[],
            _ => &[Format::Jmjp],
        }
    }
}

/// A path question open on the screen: what for, the text typed, why the last answer would not do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathQuestion {
    pub purpose: PathPurpose,
    pub text: String,
    pub error: Option<String>,
    /// The text offered is still to be selected (once, when the dialog opens).
    pub select: bool,
}

/// What the path question answers this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathAnswer {
    /// Still asked.
    Open,
    /// Cancelled.
    Closed,
    /// A path that may be used for the purpose (a file to save without extension gets `.jmjp`).
    Chosen(PathBuf),
}

impl PathQuestion {
    pub fn new(purpose: PathPurpose, text: String) -> PathQuestion {
        PathQuestion { purpose, text, error: None, select: true }
    }

    /// Draws the question and reads its answer; a path that cannot be used keeps it open with
    /// the reason shown.
    pub fn show(&mut self, ctx: &egui::Context, lang: Lang) -> PathAnswer {
        let purpose = self.purpose;
        let title = purpose.command().label(lang);
        let ok = if purpose.reads() { tr!("app-open-button") } else { tr!("app-save-button") };
        let (mut confirmed, browse, close) =
            path_modal(ctx, lang, title, &mut self.text, &mut self.select, self.error.as_deref(), ok.get(lang));
        if browse && let Some(p) = pick(purpose.folder(), purpose.reads(), purpose.formats()) {
            self.text = p.display().to_string();
            confirmed = true;
        }
        if close {
            return PathAnswer::Closed;
        }
        if !confirmed {
            return PathAnswer::Open;
        }
        if let Some(e) = file_ops::path_problem(&self.text, purpose.folder(), purpose.reads()) {
            self.error = Some(e.into_lang(lang));
            return PathAnswer::Open;
        }
        let path = file_ops::typed_path(&self.text);
        if purpose == PathPurpose::SaveAs && path.extension().is_none() {
            return PathAnswer::Chosen(path.with_extension(Format::Jmjp.extension()));
        }
        PathAnswer::Chosen(path)
    }
}
