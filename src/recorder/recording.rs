//! A recording started, ended and recovered, as the shell asks for it: the recorder decides
//! (which file, the journal, the AI players, the journal set aside) and reports what the shell
//! is to do (show the recorder, remember the file and the people, say what went wrong).

use std::path::{Path, PathBuf};

use super::ai::AiPlayers;
use super::screen::RecorderScreen;
use crate::document::{Disk, Document, io};
use crate::i18n::{Lang, Text};
use crate::interop::bots::Endpoint;

/// What the shell is to do once the recorder has started or ended a recording.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The recorder records: its screen is shown.
    pub recording: bool,
    /// A recording started or ended: the people of the record are remembered.
    pub people: bool,
    /// The file recorded into, to put first among the recent files.
    pub recent: Option<PathBuf>,
    /// What went wrong, in the order it happened (the status bar shows the last).
    pub warnings: Vec<String>,
}

/// The AI players the settings ask for: whether they are on, and each seat's bot (or why one
/// cannot be read).
pub type AiAsked = (bool, Result<Vec<(usize, Endpoint)>, Text>);

/// Starts recording the open document (`open`: its recorder slot and the document) unless it is
/// recording already: into its own file, or a new dated file in `autosave`, with a journal next
/// to it, and the AI players when they are on.
pub fn start(
    open: Option<(&mut Option<RecorderScreen>, &mut Document)>,
    autosave: &Path,
    ai: AiAsked,
    lang: Lang,
) -> Report {
    let mut report = Report::default();
    let players = match ai {
        (on, Ok(seats)) => (on && !seats.is_empty()).then_some(seats),
        (_, Err(why)) => {
            report.warnings.push(why.get(lang).to_string());
            None
        }
    };
    let Some((slot, doc)) = open else { return report };
    if slot.is_none() {
        match RecorderScreen::start(doc, autosave, lang) {
            Ok(mut r) => {
                r.ai = players.map(AiPlayers::start);
                report.recent = r.path();
                *slot = Some(r);
            }
            Err(e) => {
                report.warnings.push(e);
                return report;
            }
        }
    }
    Report { recording: true, people: true, ..report }
}

/// Ends the recording in `slot`, if there is one: the journal is removed when the file holds
/// everything.
pub fn stop(slot: &mut Option<RecorderScreen>, doc: &Document) -> Report {
    let Some(r) = slot.take() else { return Report::default() };
    let warnings = r.finish(doc).err().into_iter().collect();
    Report { people: true, warnings, ..Report::default() }
}

/// The document a journal rebuilt, kept: in the file of the document open now (`open`), to be
/// recorded on.
pub fn keep_recovered(open: Option<&Document>, rebuilt: Option<Document>) -> Option<Document> {
    let (open, mut doc) = (open?, rebuilt?);
    if let Some(disk) = open.disk().cloned() {
        doc.keep_at(Disk { path: disk.path, stamp: disk.stamp });
    }
    Some(doc)
}

/// The journal next to `path`, declined: set aside (renamed, never deleted).
pub fn set_aside(path: &Path) {
    let j = io::journal_path(path);
    let _ = std::fs::rename(&j, j.with_extension("journal.old"));
}
