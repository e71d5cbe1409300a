//! The one way to open a file: read once, told what it is (a `.jmjp` file, or a tenhou.net/6 or
//! mjai log, converted), and, for a `.jmjp` file, what lies beside it from a recording: a journal
//! holding more than the file (to recover), or a recording under way in another copy of the
//! program (its lock held). The app (a file named on the command line, dropped, opened), the
//! command line and [`recoverable`] all open through here. Library code: no egui.

use std::path::{Path, PathBuf};

use super::journal::{Damage, Journal};
use super::lock::{self, Holder, LockError};
use crate::document::Document;
use crate::document::io::{self, Contents, Loaded, ReadError, RealDisk, Store};
use crate::format::Paifu;
use crate::i18n::Text;
use crate::interop::Format;

/// A file opened: what it is.
#[derive(Debug)]
pub enum Opened {
    /// A `.jmjp` file, parsed, and what a recording left beside it.
    Paifu { loaded: Box<Loaded>, beside: Beside },
    /// A log (tenhou.net/6, tenhou's mjlog, mjai, the official M League record), converted into
    /// a record kept in no file, and what its reader has to say of it (an mjlog cut short).
    Log { path: PathBuf, format: Format, paifu: Paifu, note: Option<Text> },
}

/// What a recording left beside a `.jmjp` file (its journal, its lock).
#[derive(Debug)]
pub enum Beside {
    /// No journal beside it.
    NoJournal,
    /// This copy of the program is recording into it: its journal is live, not left behind.
    Ours,
    /// Another copy of the program, still running, records into it (it holds the lock): its
    /// journal is not ours to take.
    Held(Holder),
    /// A journal whose entries the file already holds: nothing to recover.
    InTheFile,
    /// A journal holding more than the file (or damaged): offered for recovery.
    Recover(Box<Recovery>),
    /// A journal that cannot be read, or whose starting point does not parse, with why.
    Unusable(Text),
    /// Not looked at: the file was opened for what it holds alone ([`open_alone`]).
    NotLooked,
}

/// What a journal next to a file rebuilds.
#[derive(Debug)]
pub struct Recovery {
    pub doc: Document,
    /// Entries read from the journal.
    pub entries: usize,
    /// The first damaged line, when the journal has one (it and what follows are left out).
    pub damage: Option<Damage>,
}

impl Beside {
    /// What a recording left beside `file` that the user must hear of: a recovery to offer, or
    /// why its journal cannot be used (another copy records, it does not read); `None` when
    /// there is nothing to say.
    pub fn offered(self, file: &Path) -> Option<Result<Recovery, Text>> {
        match self {
            Beside::Recover(r) => Some(Ok(*r)),
            Beside::Held(holder) => Some(Err(LockError::Held { file: file.to_path_buf(), holder }.text())),
            Beside::Unusable(why) => Some(Err(why)),
            Beside::NoJournal | Beside::Ours | Beside::InTheFile | Beside::NotLooked => None,
        }
    }
}

impl Opened {
    /// The `.jmjp` file opened; a log is [`ReadError::Log`] (where only a `.jmjp` file will do).
    pub fn into_loaded(self) -> Result<Loaded, ReadError> {
        match self {
            Opened::Paifu { loaded, .. } => Ok(*loaded),
            Opened::Log { path, format, .. } => Err(ReadError::Log { path, format }),
        }
    }
}

/// Opens the file at `path`: read once and told by its content (else its extension; else it is
/// taken for a `.jmjp` file). A `.jmjp` file that does not parse is [`ReadError::Parse`], with
/// its text for the text view and the position of the error.
pub fn open(path: &Path) -> Result<Opened, ReadError> {
    open_in(path, None, &RealDisk)
}

/// [`open`] with the format the user named (`convert --from`), through `store` (the tests count
/// what is read).
pub fn open_in(path: &Path, format: Option<Format>, store: &dyn Store) -> Result<Opened, ReadError> {
    match io::read_any(path, format, store)? {
        Contents::Paifu(loaded) => {
            let beside = left_beside(path, Some(&loaded.parsed.paifu), store);
            Ok(Opened::Paifu { loaded: Box::new(loaded), beside })
        }
        Contents::Log { path, format, paifu, note } => Ok(Opened::Log { path, format, paifu, note }),
    }
}

/// [`open_in`] for what the file holds alone: what a recording left beside it is not looked at
/// (no journal read nor replayed, no lock asked). The command line's `check`, `fmt`, `convert`,
/// `compare` and `review` read a file so: recovering a recording is the app's.
pub fn open_alone(path: &Path, format: Option<Format>, store: &dyn Store) -> Result<Opened, ReadError> {
    match io::read_any(path, format, store)? {
        Contents::Paifu(loaded) => Ok(Opened::Paifu { loaded: Box::new(loaded), beside: Beside::NotLooked }),
        Contents::Log { path, format, paifu, note } => Ok(Opened::Log { path, format, paifu, note }),
    }
}

/// What a journal found next to `path` holds, when it holds more than the file (the file opened
/// by [`open`]; a file that does not read holds nothing), or why it cannot be used.
pub fn recoverable(path: &Path) -> Option<Result<Recovery, Text>> {
    if !io::journal_path(path).exists() {
        return None;
    }
    let beside = match open(path) {
        Ok(Opened::Paifu { beside, .. }) => beside,
        Ok(Opened::Log { .. }) | Err(_) => left_beside(path, None, &RealDisk),
    };
    beside.offered(path)
}

/// The recordings in the autosave `folder` that need recovering, newest first, at most ten (the
/// start screen offers them): those whose journal holds entries the file does not (a recording
/// cut short). A recording ended cleanly (no journal, or one the file holds all of) is not among
/// them, nor one another copy of the program is recording.
pub fn to_recover(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jmjp") && io::journal_path(p).exists())
        .map(|p| (io::stamp_of(&p).unwrap_or(std::time::SystemTime::UNIX_EPOCH), p))
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    // Only the files with a journal are read, and only until ten are found.
    found.into_iter().map(|(_, p)| p).filter(|p| matches!(recoverable(p), Some(Ok(_)))).take(10).collect()
}

/// What a recording left beside the `.jmjp` file at `path`, whose record on disk is `on_disk`.
fn left_beside(path: &Path, on_disk: Option<&Paifu>, store: &dyn Store) -> Beside {
    let jp = io::journal_path(path);
    if !jp.exists() {
        return Beside::NoJournal;
    }
    if lock::holder(&lock::lock_path(path)).is_some_and(|h| h.is_this_process()) {
        return Beside::Ours;
    }
    if let Some(h) = lock::held_by_other(path) {
        return Beside::Held(h);
    }
    let rec = match Journal::read_in(&jp, store) {
        Ok(r) => r,
        Err(e) => return Beside::Unusable(e.text()),
    };
    let rebuilt = match rec.document() {
        Ok((doc, _)) => doc,
        Err(e) => return Beside::Unusable(Text::verbatim(e)),
    };
    if on_disk == Some(rebuilt.paifu()) && rec.damage.is_none() {
        return Beside::InTheFile;
    }
    Beside::Recover(Box::new(Recovery { doc: rebuilt, entries: rec.entries.len(), damage: rec.damage }))
}
