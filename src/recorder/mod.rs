//! Live recording: what the scorer means ([`intent`]), the keymap that says what a key or a
//! click means where the recorder stands and so who carries it out ([`keys`]; the keyboard read
//! in [`keyboard`]), the session state machine that carries intents out
//! ([`session`]), the entries it produces ([`entry`]), the end form's starting values
//! ([`end_score`]) and the next deal ([`next_deal`]), the journal that keeps every entry
//! ([`journal`]), entries that rebuild an existing record ([`script`]), and the screen
//! ([`screen`]: the keys read and forwarded, the entries made) with its state ([`view_state`]),
//! its drawing ([`view`], [`step_forms`]) and the recording started, ended and recovered for
//! the shell ([`recording`]).
//!
//! [`LiveRecording::enter`] is the one way an entry reaches the document: it is checked, appended to
//! the journal and flushed, made in the document as one undo step, and, when the file then has no
//! errors, the `.jmjp` is rewritten atomically.

pub mod ai;
pub mod correct;
pub mod desk_rules;
pub mod end_score;
pub mod intent;
/// The entries, the journal, the lock and the open live with the record (`document::recording`).
pub use crate::document::recording::{entry, journal, lock, open};
#[cfg(feature = "gui")]
pub mod keyboard;
pub mod keys;
pub mod live_cause;
pub mod next_deal;
#[cfg(feature = "gui")]
pub mod recording;
#[cfg(feature = "gui")]
pub mod screen;
pub mod script;
pub mod session;
#[cfg(feature = "gui")]
pub mod step_forms;
#[cfg(feature = "gui")]
pub mod view;
#[cfg(feature = "gui")]
pub mod view_state;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::document::io::{RealDisk, Store};
use crate::document::{Document, io};
use crate::format::ActTime;
use crate::i18n::{Text, tr};

pub use end_score::{EndPrefill, end_prefill};
pub use entry::{Deal, Entry, EntryError, Finish};
pub use intent::{Action, Intent};
pub use journal::{Damage, Journal, JournalError, Recovered};
pub use keys::Key;
pub use lock::{Lock, LockError};
pub use next_deal::next_deal;
pub use open::{Recovery, recoverable, to_recover};
pub use session::{EndKind, KeyProblem, Session, Snapshot, Step};

/// How the file on disk stands against the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveState {
    /// The file holds every entry.
    Saved,
    /// `entries` entries are only in the journal, because the document has errors (the first at
    /// `first_error`, as "E1-0, act 23: ...").
    JournalOnly { entries: usize, first_error: Option<Text> },
    /// The file could not be written (`why`: "disk full"); everything is in the journal, and the
    /// next entry tries again. The file on disk is the last one written.
    NotSaved { entries: usize, why: Text },
    /// No file yet (nothing recorded).
    NoFile,
}

/// What [`LiveRecording::enter`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entered {
    /// The `.jmjp` was rewritten.
    pub saved: bool,
}

/// A recording: the session, its journal, its lock and its file.
#[derive(Debug, Default)]
pub struct LiveRecording {
    pub session: Session,
    journal: Option<Journal>,
    lock: Option<Lock>,
    path: Option<PathBuf>,
    /// Where the journal and the file are written (the real disk unless a test says otherwise).
    store: Option<Arc<dyn Store>>,
    /// Entries made since the file was last written.
    unsaved: usize,
    /// Why the file could not be written last time, when it could not.
    pub io_problem: Option<Text>,
    /// The clock each entry's time is read from (the system's, unless a test sets one).
    clock: Option<WallClock>,
}

/// A wall clock: what time it is now, in UTC.
#[derive(Clone)]
pub struct WallClock(Arc<dyn Fn() -> ActTime + Send + Sync>);

impl WallClock {
    /// A clock that reads `now`.
    pub fn new(now: impl Fn() -> ActTime + Send + Sync + 'static) -> WallClock {
        WallClock(Arc::new(now))
    }
}

impl std::fmt::Debug for WallClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WallClock")
    }
}

/// Why a recording could not start.
#[derive(Debug)]
pub enum StartError {
    /// Another copy of the program records into the file, or the lock cannot be written.
    Lock(LockError),
    /// The journal cannot be written.
    Journal { path: PathBuf, source: std::io::Error },
}

impl StartError {
    pub fn text(&self) -> Text {
        match self {
            StartError::Lock(e) => e.text(),
            StartError::Journal { path, source } => {
                tr!("recorder-journal-unwritable", path = path.display().to_string(), why = io::why_not_written(source))
            }
        }
    }
}

impl LiveRecording {
    /// A recorder writing to `path` with a new journal next to it whose base is `doc`; it holds
    /// the file's lock until it is dropped.
    pub fn start(doc: &Document, path: &Path) -> Result<LiveRecording, StartError> {
        LiveRecording::start_on(doc, path, Arc::new(RealDisk))
    }

    /// [`LiveRecording::start`] writing through `store` (the fault tests).
    pub fn start_on(doc: &Document, path: &Path, store: Arc<dyn Store>) -> Result<LiveRecording, StartError> {
        let lock = Lock::take(path).map_err(StartError::Lock)?;
        let jp = io::journal_path(path);
        let journal =
            Journal::create(&jp, doc, store.as_ref()).map_err(|source| StartError::Journal { path: jp, source })?;
        Ok(LiveRecording {
            journal: Some(journal),
            lock: Some(lock),
            path: Some(path.to_path_buf()),
            store: Some(store),
            ..LiveRecording::default()
        })
    }

    /// A recorder without journal or file (tests of the session alone, benchmarks).
    pub fn in_memory() -> LiveRecording {
        LiveRecording::default()
    }

    /// Reads the time of each entry from `clock` instead of the system clock (tests).
    pub fn set_clock(&mut self, clock: WallClock) {
        self.clock = Some(clock);
    }

    /// The time now, by this recording's clock.
    pub fn now(&self) -> ActTime {
        self.clock.as_ref().map_or_else(ActTime::now, |c| (c.0)())
    }

    fn store(&self) -> &dyn Store {
        self.store.as_deref().unwrap_or(&RealDisk)
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// Makes `entry`: checked, journaled and flushed, applied as one undo step, and saved when
    /// the document has no errors. Nothing changes when it is refused.
    pub fn enter(&mut self, doc: &mut Document, entry: Entry) -> Result<Entered, KeyProblem> {
        let at = self.now();
        let change = entry::change_at(doc, &entry, Some(at)).map_err(|e| match e {
            EntryError::NothingToUndo => KeyProblem::NothingToUndo,
            EntryError::NothingToRedo => KeyProblem::NothingToRedo,
            e => KeyProblem::Refused(e.text()),
        })?;
        self.journal_entry(doc, &entry, at)?;
        let kept = matches!(entry, Entry::Check(_));
        entry::carry_out(doc, &entry, change);
        if let (true, Some(p)) = (kept, &self.path) {
            // Beside the file too, so the next recording of it keeps them after a clean end
            // (the journal, which has the entry, is removed then). Not written: the journal
            // still has it, and a restart before the end recovers it from there.
            let _ = crate::double_entry::live::save_checked(doc, p, self.store());
        }
        self.unsaved += 1;
        self.session.snapshot(doc);
        Ok(Entered { saved: self.save_if_clean(doc) })
    }

    /// Appends `entry` to the journal. A journal that is gone (its folder removed, the file
    /// deleted or replaced) is made again, with the document as it is now as its base, so nothing
    /// is lost; when it cannot be made again, the entry is refused.
    fn journal_entry(&mut self, doc: &Document, entry: &Entry, at: ActTime) -> Result<(), KeyProblem> {
        let store = self.store.clone().unwrap_or_else(|| Arc::new(RealDisk));
        let Some(j) = &mut self.journal else { return Ok(()) };
        let refused = |path: &Path, e: &std::io::Error| {
            let why = io::why_not_written(e);
            KeyProblem::NotJournaled(tr!("recorder-entry-not-journaled", path = path.display().to_string(), why = why))
        };
        if !j.is_at_its_path() {
            let path = j.path().to_path_buf();
            let _ = io::make_folder(&path);
            *j = Journal::create(&path, doc, store.as_ref()).map_err(|e| refused(&path, &e))?;
            // The lock went with the folder: take it again (a copy that took it meanwhile keeps it).
            if let Some(file) = &self.path
                && !lock::lock_path(file).exists()
            {
                self.lock = Lock::take(file).ok();
            }
        }
        j.append(entry, at, store.as_ref()).map_err(|e| refused(j.path(), &e))
    }

    /// Writes the file when the document has no errors (after an entry, or a recovery); true
    /// when written.
    pub fn save_if_clean(&mut self, doc: &mut Document) -> bool {
        let clean = doc.analysis().errors() == 0;
        let Some(p) = &self.path else { return false };
        if !clean {
            // What keeps the file from being written now is the error, not the disk.
            self.io_problem = None;
            return false;
        }
        // The recording owns its file: what is on disk is an earlier state of this document.
        match io::save_to(doc, p, true, self.store()) {
            Ok(()) => {
                self.unsaved = 0;
                self.io_problem = None;
                true
            }
            Err(e) => {
                self.io_problem = Some(match &e {
                    io::SaveError::Write { source, .. } | io::SaveError::Folder { source, .. } => {
                        io::why_not_written(source)
                    }
                    e => e.text(),
                });
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
        if let Some(why) = &self.io_problem {
            return SaveState::NotSaved { entries: self.unsaved.max(1), why: why.clone() };
        }
        let first_error = doc.analysis().first_error().map(|d| d.message.clone());
        SaveState::JournalOnly { entries: self.unsaved.max(1), first_error }
    }

    /// Ends the recording cleanly: the journal is removed once the file holds everything; the
    /// lock is given back.
    pub fn finish(self, doc: &Document) -> std::io::Result<()> {
        if let (Some(j), false) = (&self.journal, doc.is_dirty() || self.io_problem.is_some()) {
            std::fs::remove_file(j.path())?;
        }
        Ok(())
    }

    /// The lock held while recording.
    pub fn lock(&self) -> Option<&Lock> {
        self.lock.as_ref()
    }
}
