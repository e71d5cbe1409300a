//! The questions the shell can have open (what they are, not how they are drawn: see
//! `dialogs.rs`).

use std::path::PathBuf;

use crate::interop::Format;
use crate::ui::command::Command;

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
            PathPurpose::Import | PathPurpose::Export => &Format::LOGS,
            PathPurpose::RosterFolder | PathPurpose::StandingsFolder | PathPurpose::StandingsCsv => &[],
            _ => &[Format::Jmjp],
        }
    }
}

/// A modal question.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// A typed path, with a Browse button for the native dialog.
    Path { purpose: PathPurpose, text: String, error: Option<String>, then: Option<Command> },
    /// The match has unsaved changes; `then` runs after Save or Discard.
    Unsaved { then: Command },
    /// The file on disk changed since it was read.
    ChangedOnDisk { path: PathBuf, then: Option<Command> },
    /// A journal next to `path` holds `entries` entries the file does not.
    Recover { path: PathBuf, entries: usize, damage: Option<crate::recorder::Damage> },
    /// A new match like `from` (a description of the last match): empty seats or the same four.
    LikeLast { from: String },
}
