//! The journal: every confirmed entry, appended and flushed to disk before the screen shows it as
//! done, so a crash or a kill at any moment loses nothing.
//!
//! A journal is a text file next to the `.jmjp` (`NAME.jmjp.journal`). Its first line holds the
//! document as it was when recording began (as `.jmjp` text); each further line is one [`Entry`]
//! as JSON. Each line starts with the checksum of its JSON (eight hex digits of FNV-1a, which
//! tells any one changed byte) and a space. Recovery replays the entries on that base, up to the
//! first line that is damaged: what comes back is always a prefix of the confirmed entries. A
//! last line cut off by a crash (no line end) was never confirmed and is left out.
//!
//! Version 3 keeps with each entry the wall-clock time it was made (`{"at": "2026-11-23T19:42:10.250Z",
//! "entry": ...}`): an act made again from the journal keeps the time it was first entered.
//! Journals of version 2 (entries without times) and of version 1 (lines without checksums)
//! are still read.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::entry::{self, Entry};
use crate::document::Document;
use crate::document::io::{MAX_FILE_BYTES, Store};
use crate::format::{self, ActTime};
use crate::i18n::{Text, tr};

/// The first line of a journal.
#[derive(Serialize, Deserialize)]
struct Header {
    jmjp_journal: u32,
    base: String,
}

/// The version this program writes.
const VERSION: u32 = 3;

/// An entry line of a journal of version 3: the entry and when it was made.
#[derive(Serialize, Deserialize)]
struct Line<'a> {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<ActTime>,
    entry: std::borrow::Cow<'a, Entry>,
}

/// The JSON of one entry line.
fn entry_json(entry: &Entry, at: Option<ActTime>) -> Result<String, serde_json::Error> {
    serde_json::to_string(&Line { at, entry: std::borrow::Cow::Borrowed(entry) })
}

/// An open journal being appended to.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    /// Its length on disk: what a failed append is cut back to.
    len: u64,
    entries: usize,
}

/// Why a journal could not be read back.
#[derive(Debug, Error)]
pub enum JournalError {
    #[error("{path}: {source}")]
    Io { path: String, source: io::Error },
    #[error("{path}: the journal is larger than {MAX_FILE_BYTES} bytes; it is not a journal of this program")]
    TooLarge { path: String },
    #[error("{path}:1: the first line is not a journal header ({message})")]
    Header { path: String, message: String },
    #[error("{path}:1: the recording's starting point does not parse: {message}")]
    Base { path: String, message: String },
}

impl JournalError {
    /// The problem in both languages.
    pub fn text(&self) -> Text {
        match self {
            JournalError::Io { path, source } => {
                tr!("recorder-journal-unreadable", path = path, why = source.to_string())
            }
            JournalError::TooLarge { path } => {
                tr!("recorder-journal-too-large", path = path, bytes = MAX_FILE_BYTES.to_string())
            }
            JournalError::Header { path, message } => tr!("recorder-journal-no-header", path = path, message = message),
            JournalError::Base { path, message } => tr!("recorder-journal-bad-base", path = path, message = message),
        }
    }
}

/// A line of the journal that could not be read: it and every line after it are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The line (1-based) of the file.
    pub line: usize,
    /// What is wrong with it (a checksum that does not match, JSON that does not read).
    pub message: Text,
    /// Entry lines after it, left out with it.
    pub left_out: usize,
}

/// What a journal holds.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The document when recording began, as `.jmjp` text.
    pub base: String,
    /// The version of the journal (its header's): how its entry lines read.
    pub version: u32,
    /// The entries up to the first damaged line, in order.
    pub entries: Vec<Entry>,
    /// When each entry was made (`times[n]` is `entries[n]`'s; none in journals before version 3).
    pub times: Vec<Option<ActTime>>,
    /// A last line was cut off (written while the program was killed); it is not in `entries`.
    pub torn: bool,
    /// The first damaged line, when there is one.
    pub damage: Option<Damage>,
}

impl Recovered {
    /// The document the journal rebuilds: its base with every entry made again. Entries that
    /// cannot be made (they were refused when first made too) are skipped and counted.
    pub fn document(&self) -> Result<(Document, usize), String> {
        let parsed = format::parse(&self.base).map_err(|e| format!("{}:{}: {}", e.line, e.column, e.message))?;
        let mut doc = Document::new(parsed.paifu, false);
        let mut refused = 0;
        for (n, e) in self.entries.iter().enumerate() {
            let at = self.times.get(n).copied().flatten();
            if entry::apply_at(&mut doc, e, at).is_err() {
                refused += 1;
            }
        }
        Ok((doc, refused))
    }
}

/// The FNV-1a checksum of `bytes`: a different value for any one byte changed.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(*b)).wrapping_mul(0x0100_0193))
}

/// Why a line is not UTF-8 text, in both languages.
fn not_text(e: std::str::Utf8Error) -> Text {
    tr!("recorder-journal-not-utf8", why = e.to_string())
}

/// Why a line's JSON does not read as an entry, in both languages.
fn not_an_entry(e: serde_json::Error) -> Text {
    tr!("recorder-journal-not-an-entry", why = e.to_string())
}

/// `json` as a journal line: checksum, space, JSON, line end.
fn line_of(json: &str) -> String {
    format!("{:08x} {json}\n", checksum(json.as_bytes()))
}

/// The JSON of a checksummed line, or why it is damaged.
fn checked(line: &[u8]) -> Result<&str, Text> {
    let (sum, json) = match (line.get(..8), line.get(8), line.get(9..)) {
        (Some(sum), Some(b' '), Some(json)) => (sum, json),
        _ => return Err(tr!("recorder-journal-no-checksum").text()),
    };
    // Exactly as written (lower-case hex): a changed letter is damage too.
    if sum != format!("{:08x}", checksum(json)).as_bytes() {
        return Err(tr!("recorder-journal-checksum-differs").text());
    }
    std::str::from_utf8(json).map_err(not_text)
}

/// The journal's text for `base` and `entries`, as [`Journal::create`] and
/// [`Journal::append`] write it.
/// The entries carry no time (see [`timed_text_of`]).
pub fn text_of(base: &Document, entries: &[Entry]) -> Result<String, serde_json::Error> {
    let untimed: Vec<(Entry, Option<ActTime>)> = entries.iter().map(|e| (e.clone(), None)).collect();
    timed_text_of(base, &untimed)
}

/// The journal's text for `base` and `entries`, each with the time it was made.
pub fn timed_text_of(base: &Document, entries: &[(Entry, Option<ActTime>)]) -> Result<String, serde_json::Error> {
    let header = Header { jmjp_journal: VERSION, base: format::write(base.paifu()) };
    let mut out = line_of(&serde_json::to_string(&header)?);
    for (e, at) in entries {
        out.push_str(&line_of(&entry_json(e, *at)?));
    }
    Ok(out)
}

/// What entry lines of a journal hold: the entries up to the first damaged line.
#[derive(Clone, Debug, Default)]
pub struct EntryLines {
    /// The entries, in order.
    pub entries: Vec<Entry>,
    /// When each was made (none in journals before version 3).
    pub times: Vec<Option<ActTime>>,
    /// The first damaged line, when there is one.
    pub damage: Option<Damage>,
}

/// Reads the entry lines of a journal of `version` (`after` lines come before them: the header,
/// and any read before), up to the first damaged one; blank lines are passed over.
fn entry_lines<'a>(version: u32, after: usize, lines: impl Iterator<Item = &'a [u8]>) -> EntryLines {
    let mut read = EntryLines::default();
    let checksums = version >= 2;
    let timed = version >= 3;
    let mut rest = lines.enumerate().filter(|(_, l)| !l.iter().all(u8::is_ascii_whitespace));
    for (n, l) in rest.by_ref() {
        let json = if checksums { checked(l) } else { std::str::from_utf8(l).map_err(not_text) };
        let line = |j: &str| -> Result<(Entry, Option<ActTime>), Text> {
            if timed {
                let line: Line = serde_json::from_str(j).map_err(not_an_entry)?;
                Ok((line.entry.into_owned(), line.at))
            } else {
                Ok((serde_json::from_str::<Entry>(j).map_err(not_an_entry)?, None))
            }
        };
        match json.and_then(line) {
            Ok((e, at)) => {
                read.entries.push(e);
                read.times.push(at);
            }
            Err(message) => {
                read.damage = Some(Damage { line: after + n + 1, message, left_out: 0 });
                break;
            }
        }
    }
    if let Some(d) = &mut read.damage {
        d.left_out = rest.count();
    }
    read
}

/// Whole lines appended to a journal of `version` whose first `after` lines were read before:
/// `bytes` ends with a line end (a line still being written is not in it).
pub fn appended_lines(version: u32, after: usize, bytes: &[u8]) -> EntryLines {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    entry_lines(version, after, body.split(|b| *b == b'\n'))
}

impl Journal {
    /// Starts a new journal at `path` whose base is `base` (the document as it is now). The
    /// header is written atomically, so a journal on disk always has one.
    pub fn create(path: &Path, base: &Document, store: &dyn Store) -> io::Result<Journal> {
        // The differences kept (double entry) are not in the base's text: they go on as entries.
        let now = Some(ActTime::now());
        let kept: Vec<(Entry, Option<ActTime>)> =
            base.checked().iter().cloned().map(|m| (Entry::Check(m), now)).collect();
        let text = timed_text_of(base, &kept).map_err(io::Error::other)?;
        store.replace(path, text.as_bytes())?;
        let file = OpenOptions::new().append(true).open(path)?;
        Ok(Journal { path: path.to_path_buf(), file, len: text.len() as u64, entries: kept.len() })
    }

    /// Appends `entry`, made at `at`, and flushes it to the disk; when this returns `Ok`, the
    /// entry is kept. When it fails, the journal is cut back to what it held before (a
    /// half-written line would hide every later entry), so the next append starts on a clean line.
    pub fn append(&mut self, entry: &Entry, at: ActTime, store: &dyn Store) -> io::Result<()> {
        let line = line_of(&entry_json(entry, Some(at)).map_err(io::Error::other)?);
        if let Err(e) = store.append(&mut self.file, &self.path, line.as_bytes()) {
            let _ = self.file.set_len(self.len);
            return Err(e);
        }
        self.len += line.len() as u64;
        self.entries += 1;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True while the file this journal appends to is the one at its path, as this journal
    /// wrote it: not deleted, not replaced, not cut or written over by another program (appends
    /// to a file deleted from under us would reach no disk anyone can read).
    pub fn is_at_its_path(&self) -> bool {
        let Ok(there) = std::fs::metadata(&self.path) else { return false };
        if there.len() != self.len {
            return false;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            self.file.metadata().is_ok_and(|ours| ours.ino() == there.ino() && ours.dev() == there.dev())
        }
        // Windows: the volume and the file index of the open handle and of the file at the path.
        #[cfg(windows)]
        {
            let ours = self.file.try_clone().and_then(same_file::Handle::from_file);
            let at_path = same_file::Handle::from_path(&self.path);
            matches!((ours, at_path), (Ok(a), Ok(b)) if a == b)
        }
        #[cfg(not(any(unix, windows)))]
        {
            there.is_file()
        }
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
        Journal::read_in(path, &crate::document::io::RealDisk)
    }

    /// Reads the journal at `path` once through `store` (the tests count what is read): refused
    /// before it is read when it is larger than any file the program reads.
    pub fn read_in(path: &Path, store: &dyn Store) -> Result<Recovered, JournalError> {
        let shown = path.display().to_string();
        let io_error = |source| JournalError::Io { path: shown.clone(), source };
        if std::fs::metadata(path).map_err(io_error)?.len() > MAX_FILE_BYTES {
            return Err(JournalError::TooLarge { path: shown });
        }
        let bytes = store.read(path).map_err(io_error)?;
        Journal::read_bytes(&shown, &bytes)
    }

    /// Reads a journal's bytes (`path` names it in errors). Never panics, whatever the bytes.
    pub fn read_bytes(path: &str, bytes: &[u8]) -> Result<Recovered, JournalError> {
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(JournalError::TooLarge { path: path.into() });
        }
        let mut lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
        // split leaves an empty piece after the last line end, or the cut-off line.
        let last = lines.pop().unwrap_or_default();
        let torn = !last.is_empty();
        let mut it = lines.into_iter();
        let header_error = |message: String| JournalError::Header { path: path.into(), message };
        // Lines are checksummed from version 2 on: its header is too.
        let header: Header = match it.next() {
            Some(l) => match checked(l) {
                Ok(json) => serde_json::from_str(json).map_err(|e| header_error(e.to_string()))?,
                // A journal of version 1: the header is plain JSON.
                Err(why) => match serde_json::from_slice::<Header>(l) {
                    Ok(h) if h.jmjp_journal == 1 => h,
                    _ => return Err(header_error(why.en)),
                },
            },
            None if torn => return Err(header_error("the header was cut off".into())),
            None => return Err(header_error("the file is empty".into())),
        };
        if header.jmjp_journal > VERSION {
            return Err(header_error(format!("version {} is newer than this program", header.jmjp_journal)));
        }
        let lines = entry_lines(header.jmjp_journal, 1, it);
        Ok(Recovered {
            base: header.base,
            version: header.jmjp_journal,
            entries: lines.entries,
            times: lines.times,
            torn,
            damage: lines.damage,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::io::Write;

    use super::*;
    use crate::document::io::RealDisk;
    use crate::format::{Act, Draw, Match, Paifu, Seat, Tile};

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn entries_come_back_and_a_cut_off_line_is_left_out() {
        let dir = temp("cut");
        let path = dir.join("a.jmjp.journal");
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let mut j = Journal::create(&path, &doc, &RealDisk).unwrap();
        let e = Entry::Act(Act { seat: Seat::South, draw: Draw::Tile(Tile::from_code(b"5p").unwrap()), discard: None });
        j.append(&e, ActTime::from_millis(1_795_462_930_250), &RealDisk).unwrap();
        j.append(&Entry::Undo, ActTime::from_millis(1_795_462_931_000), &RealDisk).unwrap();
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"0badc0de {\"act\":{\"seat\":\"Ea").unwrap();
        let r = Journal::read(&path).unwrap();
        assert_eq!(r.entries, vec![e, Entry::Undo]);
        assert!(r.torn);
        assert_eq!(r.damage, None);
        assert!(
            std::fs::read_to_string(&path).unwrap().contains("\"5p\""),
            "tiles are written as the standard spells them"
        );
        // Windows removes no folder while a file in it is open.
        drop((j, f));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_damaged_line_ends_what_is_recovered_and_is_named() {
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let entries = [Entry::Undo, Entry::Redo, Entry::Undo];
        let text = text_of(&doc, &entries).unwrap();
        // The second entry's JSON changed by one letter: its checksum no longer matches.
        let damaged = text.replacen("\"redo\"", "\"undo\"", 1);
        let r = Journal::read_bytes("b.journal", damaged.as_bytes()).unwrap();
        assert_eq!(r.entries, vec![Entry::Undo], "only the entries before the damage");
        let d = r.damage.unwrap();
        assert_eq!((d.line, d.left_out), (3, 1));
        assert!(d.message.en.contains("checksum"), "{}", d.message);
        assert!(d.message.ja.contains("チェックサム"), "{}", d.message.ja);
    }

    #[test]
    fn lines_appended_after_a_read_come_back_as_the_whole_read_gives_them() {
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let at = ActTime::from_millis(1_795_462_930_250);
        let all = [(Entry::Undo, Some(at)), (Entry::Redo, None), (Entry::Undo, Some(at))];
        let text = timed_text_of(&doc, &all).unwrap();
        let whole = Journal::read_bytes("c.journal", text.as_bytes()).unwrap();
        // Read up to the first entry; the rest as a follower reads what was appended since.
        let first = text.match_indices('\n').nth(1).unwrap().0 + 1;
        let more = appended_lines(whole.version, 2, &text.as_bytes()[first..]);
        assert_eq!((whole.version, more.entries.as_slice()), (VERSION, &whole.entries[1..]));
        assert_eq!(more.times, whole.times[1..]);
        assert_eq!(more.damage, None);
        // A damaged appended line is named by its line in the file.
        let damaged = text[first..].replacen("\"redo\"", "\"undo\"", 1);
        let d = appended_lines(whole.version, 2, damaged.as_bytes()).damage.unwrap();
        assert_eq!((d.line, d.left_out), (3, 1));
    }

    #[test]
    fn a_version_1_journal_is_still_read() {
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let header = serde_json::json!({ "jmjp_journal": 1, "base": format::write(doc.paifu()) });
        let text = format!("{header}\n\"undo\"\n{{\"discard\":{{\"Tile\":\"9x\"}}}}\n\"redo\"\n");
        let r = Journal::read_bytes("old.journal", text.as_bytes()).unwrap();
        assert_eq!(r.entries, vec![Entry::Undo]);
        let d = r.damage.unwrap();
        assert_eq!((d.line, d.left_out), (3, 1));
        assert!(d.message.en.contains("not a tile"), "{}", d.message);
    }

    #[test]
    fn a_damaged_header_is_an_error_in_both_languages() {
        let doc = Document::new(Paifu { matches: vec![Match::default()] }, true);
        let text = text_of(&doc, &[Entry::Undo]).unwrap().replacen("jmjp_journal", "jmjp_journak", 1);
        let e = Journal::read_bytes("c.journal", text.as_bytes()).unwrap_err();
        assert!(e.text().en.contains("c.journal:1: the first line is not a journal header"), "{}", e.text().en);
        assert!(e.text().ja.contains("先頭行"), "{}", e.text().ja);
    }
}
