//! The journal: every confirmed entry, appended and flushed to disk before the screen shows it as
//! done, so a crash or a kill at any moment loses nothing.
//!
//! A journal is a text file next to the `.jmjp` (`NAME.jmjp.journal`). Its first line holds the
//! document as it was when recording began (as `.jmjp` text); each further line is one [`Entry`]
//! as JSON. Recovery replays the entries on that base. A last line cut off by a crash (no line
//! end) was never confirmed and is left out.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::entry::{self, Entry};
use crate::document::Document;
use crate::format;

/// The first line of a journal.
#[derive(Serialize, Deserialize)]
struct Header {
    jmjp_journal: u32,
    base: String,
}

/// An open journal being appended to.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    entries: usize,
}

/// Why a journal could not be read back.
#[derive(Debug, Error)]
pub enum JournalError {
    #[error("{path}: {source}")]
    Io { path: String, source: io::Error },
    #[error("{path}:1: the first line is not a journal header ({message})")]
    Header { path: String, message: String },
    #[error("{path}:1: the recording's starting point does not parse: {message}")]
    Base { path: String, message: String },
    #[error("{path}:{line}: entry {entry} cannot be read: {message}")]
    Entry { path: String, line: usize, entry: usize, message: String },
}

/// What a journal holds.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The document when recording began, as `.jmjp` text.
    pub base: String,
    pub entries: Vec<Entry>,
    /// A last line was cut off (written while the program was killed); it is not in `entries`.
    pub torn: bool,
}

impl Recovered {
    /// The document the journal rebuilds: its base with every entry made again. Entries that
    /// cannot be made (they were refused when first made too) are skipped and counted.
    pub fn document(&self) -> Result<(Document, usize), String> {
        let parsed = format::parse(&self.base).map_err(|e| format!("{}:{}: {}", e.line, e.column, e.message))?;
        let mut doc = Document::new(parsed.paifu, false);
        let mut refused = 0;
        for e in &self.entries {
            if entry::apply(&mut doc, e).is_err() {
                refused += 1;
            }
        }
        Ok((doc, refused))
    }
}

impl Journal {
    /// Starts a new journal at `path` whose base is `base` (the document as it is now). The
    /// header is written atomically, so a journal on disk always has one.
    pub fn create(path: &Path, base: &Document) -> io::Result<Journal> {
        let header = Header { jmjp_journal: 1, base: format::write(base.paifu()) };
        let mut line = serde_json::to_string(&header).map_err(io::Error::other)?;
        line.push('\n');
        crate::document::io::write_atomic(path, line.as_bytes())?;
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal { path: path.to_path_buf(), file, entries: 0 })
    }

    /// Appends `entry` and flushes it to the disk; when this returns `Ok`, the entry is kept.
    pub fn append(&mut self, entry: &Entry) -> io::Result<()> {
        let mut line = serde_json::to_string(entry).map_err(io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.sync_data()?;
        self.entries += 1;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Entries appended since it was created.
    pub fn len(&self) -> usize {
        self.entries
    }

    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Reads the journal at `path`.
    pub fn read(path: &Path) -> Result<Recovered, JournalError> {
        let p = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| JournalError::Io { path: p.clone(), source })?;
        let text = String::from_utf8_lossy(&bytes);
        let complete = text.ends_with('\n');
        let mut lines: Vec<&str> = text.split('\n').collect();
        // split leaves an empty piece after the last line end, or the cut-off line.
        let last = lines.pop().unwrap_or_default();
        let torn = !complete && !last.is_empty();
        let mut it = lines.into_iter().enumerate();
        let header: Header = match it.next() {
            Some((_, l)) => {
                serde_json::from_str(l).map_err(|e| JournalError::Header { path: p.clone(), message: e.to_string() })?
            }
            None => return Err(JournalError::Header { path: p, message: "the file is empty".into() }),
        };
        let mut entries = Vec::new();
        for (n, l) in it {
            if l.trim().is_empty() {
                continue;
            }
            let e: Entry = serde_json::from_str(l).map_err(|e| JournalError::Entry {
                path: p.clone(),
                line: n + 1,
                entry: entries.len() + 1,
                message: e.to_string(),
            })?;
            entries.push(e);
        }
        Ok(Recovered { base: header.base, entries, torn })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::format::{Act, Draw, Match, Paifu, Seat, Tile};

    #[test]
    fn entries_come_back_and_a_cut_off_line_is_left_out() {
        let dir = std::env::temp_dir().join(format!("jmjp-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.jmjp.journal");
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let mut j = Journal::create(&path, &doc).unwrap();
        let e = Entry::Act(Act { seat: Seat::South, draw: Draw::Tile(Tile::from_code(b"5p").unwrap()), discard: None });
        j.append(&e).unwrap();
        j.append(&Entry::Undo).unwrap();
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"act\":{\"seat\":\"Ea").unwrap();
        let r = Journal::read(&path).unwrap();
        assert_eq!(r.entries, vec![e, Entry::Undo]);
        assert!(r.torn);
        assert!(
            std::fs::read_to_string(&path).unwrap().contains("\"5p\""),
            "tiles are written as the standard spells them"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_entry_is_named_by_line() {
        let dir = std::env::temp_dir().join(format!("jmjp-journal-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.jmjp.journal");
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        Journal::create(&path, &doc).unwrap();
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"\"undo\"\n{\"discard\":{\"Tile\":\"9x\"}}\n").unwrap();
        let err = Journal::read(&path).unwrap_err().to_string();
        assert!(err.contains(":3: entry 2"), "{err}");
        assert!(err.contains("not a tile"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
