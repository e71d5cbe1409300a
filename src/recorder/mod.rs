//! Live recording: the session state machine ([`session`]), the entries it produces
//! ([`entry`]), the journal that keeps every entry ([`journal`]), entries that rebuild an existing
//! record ([`script`]), the keymap ([`keys`]), and the screen ([`screen`]: the view's state, the
//! keys read, the entries made) with its drawing ([`view`]).
//!
//! [`Recorder::enter`] is the one way an entry reaches the document: it is checked, appended to
//! the journal and flushed, made in the document as one undo step, and, when the file then has no
//! errors, the `.jmjp` is rewritten atomically.

pub mod correct;
pub mod entry;
pub mod journal;
pub mod keys;
#[cfg(feature = "gui")]
pub mod screen;
pub mod script;
pub mod session;
#[cfg(feature = "gui")]
pub mod step_forms;
#[cfg(feature = "gui")]
pub mod view;

use std::path::{Path, PathBuf};

use crate::document::{Document, io};
use crate::i18n::Text;

pub use entry::{Deal, Entry, EntryError, Finish};
pub use journal::{Journal, JournalError, Recovered};
pub use session::{Action, EndKind, Key, Problem, Session, Snapshot, Step};

/// How the file on disk stands against the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// The file holds every entry.
    Saved,
    /// `entries` entries are only in the journal, because the document has errors (the first at
    /// `first_error`, as "E1-0, act 23: ..."), or the file could not be written.
    JournalOnly { entries: usize, first_error: Option<Text> },
    /// No file yet (nothing recorded).
    NoFile,
}

/// What [`Recorder::enter`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entered {
    /// The `.jmjp` was rewritten.
    pub saved: bool,
}

/// A recording: the session, its journal and its file.
#[derive(Debug, Default)]
pub struct Recorder {
    pub session: Session,
    journal: Option<Journal>,
    path: Option<PathBuf>,
    /// Entries made since the file was last written.
    unsaved: usize,
    /// The last problem writing the file or journal.
    pub io_problem: Option<String>,
}

impl Recorder {
    /// A recorder writing to `path` with a new journal next to it whose base is `doc`.
    pub fn start(doc: &Document, path: &Path) -> std::io::Result<Recorder> {
        let journal = Journal::create(&io::journal_path(path), doc)?;
        Ok(Recorder { journal: Some(journal), path: Some(path.to_path_buf()), ..Recorder::default() })
    }

    /// A recorder without journal or file (tests of the session alone, benchmarks).
    pub fn in_memory() -> Recorder {
        Recorder::default()
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// Makes `entry`: checked, journaled and flushed, applied as one undo step, and saved when
    /// the document has no errors. Nothing changes when it is refused.
    pub fn enter(&mut self, doc: &mut Document, entry: Entry) -> Result<Entered, Problem> {
        let change = entry::change_of(doc, &entry).map_err(|e| match e {
            EntryError::NothingToUndo => Problem::NothingToUndo,
            EntryError::NothingToRedo => Problem::NothingToRedo,
            e => Problem::Refused(e.to_string()),
        })?;
        if let Some(j) = &mut self.journal {
            j.append(&entry).map_err(|e| {
                Problem::Refused(format!(
                    "the entry was not made: the journal {} cannot be written ({e})",
                    j.path().display()
                ))
            })?;
        }
        entry::carry_out(doc, &entry, change);
        self.unsaved += 1;
        self.session.snapshot(doc);
        Ok(Entered { saved: self.save_if_clean(doc) })
    }

    /// Writes the file when the document has no errors (after an entry, or a recovery); true
    /// when written.
    pub fn save_if_clean(&mut self, doc: &mut Document) -> bool {
        let clean = doc.analysis().errors() == 0;
        let Some(p) = &self.path else { return false };
        if !clean {
            return false;
        }
        // The recording owns its file: what is on disk is an earlier state of this document.
        match io::save(doc, p, true) {
            Ok(()) => {
                self.unsaved = 0;
                self.io_problem = None;
                true
            }
            Err(e) => {
                self.io_problem = Some(e.text(crate::i18n::Lang::En));
                false
            }
        }
    }

    /// The save state the header shows.
    pub fn save_state(&mut self, doc: &Document) -> SaveState {
        if self.path.is_none() {
            return SaveState::NoFile;
        }
        if self.unsaved == 0 && !doc.is_dirty() {
            return SaveState::Saved;
        }
        let first_error = doc.analysis().first_error().map(|d| d.message.clone());
        SaveState::JournalOnly { entries: self.unsaved.max(1), first_error }
    }

    /// Ends the recording cleanly: the journal is removed once the file holds everything.
    pub fn finish(self, doc: &Document) -> std::io::Result<()> {
        if let (Some(j), false) = (&self.journal, doc.is_dirty()) {
            std::fs::remove_file(j.path())?;
        }
        Ok(())
    }
}

/// What a journal found next to `path` holds, when it holds more than the file.
pub fn recoverable(path: &Path) -> Option<Result<(Document, usize), String>> {
    let jp = io::journal_path(path);
    if !jp.exists() {
        return None;
    }
    let rec = match Journal::read(&jp) {
        Ok(r) => r,
        Err(e) => return Some(Err(e.to_string())),
    };
    let rebuilt = match rec.document() {
        Ok((doc, _)) => doc,
        Err(e) => return Some(Err(e)),
    };
    let on_disk = io::load(path).ok();
    if on_disk.is_some_and(|d| d.parsed.paifu == *rebuilt.paifu()) {
        return None;
    }
    Some(Ok((rebuilt, rec.entries.len())))
}
