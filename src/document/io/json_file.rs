//! The program's own JSON files (the settings, the roster, the teams) and the JSON files a record
//! keeps beside it (`super::super::side`: the lock's note, the checked differences, the video
//! link), kept one way: read with a missing file meaning "none yet", a file larger than its limit
//! refused before it is read, a byte order mark left out; a damaged file (not UTF-8, not JSON, not the layout the program
//! writes) renamed aside to a free name next to it, its bytes kept, and the reason told in both
//! languages with the file's path and the position of the fault; written atomically, as pretty
//! JSON with a line end, never with a byte order mark.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::MAX_FILE_BYTES;
use crate::i18n::{Text, tr};

/// One of the program's own JSON files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonFile {
    path: PathBuf,
    /// What the file is, as a sentence starts: "The settings file" / "設定ファイル".
    what: Text,
    /// What the program does when it cannot use the file: "defaults are used" / "既定値を使います".
    instead: Text,
    /// The largest file read ([`MAX_FILE_BYTES`] unless [`JsonFile::with_limit`] says less).
    limit: u64,
}

/// What went wrong with a [`JsonFile`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonTrouble {
    /// The file is there but could not be read; it is left as it is.
    Unreadable,
    /// The file does not read; it was renamed to `kept` (`None` when even that was refused).
    /// `line` and `column` (from 1, in characters) say where it stops reading; 0 when the reader
    /// did not say.
    Damaged { line: usize, column: usize, kept: Option<PathBuf> },
    /// The file could not be written.
    NotWritten,
}

/// A problem with one of the program's own JSON files, and what to tell the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonProblem {
    pub path: PathBuf,
    pub trouble: JsonTrouble,
    /// The problem in both languages, naming the file (and, for a damaged file, where it stops
    /// reading and where the old file was kept).
    pub text: Text,
}

/// How many numbered names a damaged file tries before it takes the clock's.
const ASIDE_TRIES: usize = 1000;

impl JsonFile {
    /// The file at `path`; `what` names it in messages as a sentence starts, `instead` says what
    /// the program does without it.
    pub fn new(path: impl Into<PathBuf>, what: Text, instead: Text) -> JsonFile {
        JsonFile { path: path.into(), what, instead, limit: MAX_FILE_BYTES }
    }

    /// The same file, refused when it is larger than `bytes` (a file of a few lines that has
    /// grown to megabytes is not what the program wrote).
    pub fn with_limit(self, bytes: u64) -> JsonFile {
        JsonFile { limit: bytes.min(MAX_FILE_BYTES), ..self }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file: `Ok(None)` when there is none, else what `read` makes of its text (a BOM
    /// left out). A file that cannot be read is left as it is; a damaged one (not UTF-8, or
    /// refused by `read`) is renamed aside to a free name next to it (`NAME.damaged`, then
    /// `NAME.damaged.2`, ...), so it is never lost and never read again.
    pub fn load<T>(&self, read: impl FnOnce(&str) -> serde_json::Result<T>) -> Result<Option<T>, JsonProblem> {
        let bytes = match read_at_most(&self.path, self.limit) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                let why = match e.kind() {
                    std::io::ErrorKind::FileTooLarge => {
                        tr!("document-json-file-too-large", size = size_text(self.limit))
                    }
                    _ => super::why_not_written(&e),
                };
                return Err(self.problem(
                    JsonTrouble::Unreadable,
                    tr!("document-json-file-unreadable", why = why, instead = &self.instead),
                ));
            }
        };
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(&bytes);
        let text = match std::str::from_utf8(body) {
            Ok(text) => text,
            Err(e) => {
                let (line, column) = position_of_byte(body, e.valid_up_to());
                let why = tr!("document-json-file-not-utf8").text();
                return Err(self.damaged(line, column, why));
            }
        };
        read(text).map(Some).map_err(|e| {
            let column = char_column(text, e.line(), e.column());
            self.damaged(e.line(), column, json_fault(&e))
        })
    }

    /// Reads the file as [`JsonFile::load`] does (the same size limit, a BOM left out) but never
    /// sets it aside: `None` when it is missing, unreadable or damaged (the next `load` says why).
    pub fn peek<T>(&self, read: impl FnOnce(&str) -> serde_json::Result<T>) -> Option<T> {
        peek_limited(&self.path, self.limit, read)
    }

    /// Reads the JSON file at `path` as [`JsonFile::peek`] does, for a file that is never set
    /// aside nor named to the user (a lock's note, taken over when it does not read).
    pub fn peek_at<T>(path: &Path, read: impl FnOnce(&str) -> serde_json::Result<T>) -> Option<T> {
        peek_limited(path, MAX_FILE_BYTES, read)
    }

    /// Writes `value` to the file atomically (its folder made when needed), as pretty JSON with a
    /// line end, never with a BOM.
    pub fn save<T: Serialize>(&self, value: &T) -> Result<(), JsonProblem> {
        let fail = |e: std::io::Error| {
            let why = super::why_not_written(&e);
            self.problem(JsonTrouble::NotWritten, tr!("document-json-file-not-saved", why = why))
        };
        let text = serde_json::to_string_pretty(value).map_err(|e| fail(std::io::Error::other(e)))?;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(fail)?;
        }
        super::write_atomic(&self.path, format!("{text}\n").as_bytes()).map_err(fail)
    }

    /// A damaged file, set aside: the problem says where it stops reading and where it went.
    fn damaged(&self, line: usize, column: usize, why: Text) -> JsonProblem {
        let (kept, kept_said) = match self.set_aside() {
            Ok(aside) => {
                let said = tr!("document-json-file-kept-as", path = aside.display().to_string());
                (Some(aside), said)
            }
            Err(e) => (None, tr!("document-json-file-not-set-aside", error = e.to_string())),
        };
        let text = if line == 0 {
            tr!("document-json-file-damaged", why = why, instead = &self.instead, kept = kept_said)
        } else {
            tr!(
                "document-json-file-damaged-at",
                line = line.to_string(),
                column = column.to_string(),
                why = why,
                instead = &self.instead,
                kept = kept_said
            )
        };
        self.problem(JsonTrouble::Damaged { line, column, kept }, text)
    }

    /// Renames the file to the first free name of `NAME.damaged`, `NAME.damaged.2`, ...
    fn set_aside(&self) -> std::io::Result<PathBuf> {
        let mut base = self.path.as_os_str().to_owned();
        base.push(".damaged");
        let numbered = (1..=ASIDE_TRIES).map(|n| {
            let mut name = base.clone();
            if n > 1 {
                name.push(format!(".{n}"));
            }
            PathBuf::from(name)
        });
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let mut last = base.clone();
        last.push(format!(".{now}"));
        let aside = numbered
            .chain([PathBuf::from(last)])
            .find(|p| fs::symlink_metadata(p).is_err())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::AlreadyExists, "no free name beside it"))?;
        fs::rename(&self.path, &aside)?;
        Ok(aside)
    }

    /// The problem, its words starting with what the file is and where (`said` goes on from
    /// there: "is damaged ...", "が壊れています...").
    fn problem(&self, trouble: JsonTrouble, said: Text) -> JsonProblem {
        let text =
            tr!("document-json-file-problem", what = &self.what, path = self.path.display().to_string(), said = said);
        JsonProblem { path: self.path.clone(), trouble, text }
    }
}

/// A limit as a person reads it: "64 MiB", "512 KiB".
fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

fn peek_limited<T>(path: &Path, limit: u64, read: impl FnOnce(&str) -> serde_json::Result<T>) -> Option<T> {
    let bytes = read_at_most(path, limit).ok()?;
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(&bytes);
    read(std::str::from_utf8(body).ok()?).ok()
}

/// The bytes of the file at `path`, refused when it is larger than `limit`.
fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let too_large = || std::io::Error::from(std::io::ErrorKind::FileTooLarge);
    if fs::metadata(path)?.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    fs::File::open(path)?.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// What a JSON reader's error says, in both languages (its own words, without their position).
fn json_fault(e: &serde_json::Error) -> Text {
    let said = e.to_string();
    let detail = said.rsplit_once(" at line ").map_or(said.as_str(), |(d, _)| d);
    let fault = match e.classify() {
        serde_json::error::Category::Eof => tr!("document-json-fault-eof"),
        serde_json::error::Category::Syntax => tr!("document-json-fault-syntax"),
        serde_json::error::Category::Data => tr!("document-json-fault-data"),
        serde_json::error::Category::Io => tr!("document-json-fault-io"),
    };
    tr!("document-json-fault", fault = fault, detail = detail)
}

/// The line and column (from 1, in characters) of byte `offset` of `bytes`.
fn position_of_byte(bytes: &[u8], offset: usize) -> (usize, usize) {
    let good = &bytes[..offset.min(bytes.len())];
    let line = good.iter().filter(|b| **b == b'\n').count() + 1;
    let last_line = good.rsplit(|b| *b == b'\n').next().unwrap_or(good);
    (line, String::from_utf8_lossy(last_line).chars().count() + 1)
}

/// The column in characters of the JSON reader's `column` (which counts bytes) on `line` of
/// `text`.
fn char_column(text: &str, line: usize, column: usize) -> usize {
    let Some(row) = line.checked_sub(1).and_then(|l| text.split('\n').nth(l)) else { return column };
    let mut end = column.min(row.len());
    while !row.is_char_boundary(end) {
        end -= 1;
    }
    row[..end].chars().count().max(1)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_column_counts_characters_not_bytes() {
        // The reader stops after the third character (the nine bytes of 多井 and the quote).
        let text = "\"多井\"x";
        let e = serde_json::from_str::<String>(text).unwrap_err();
        assert_eq!((e.line(), e.column()), (1, 9));
        assert_eq!(char_column(text, 1, 9), 5);
        assert_eq!(position_of_byte(b"ab\ncd\xff", 5), (2, 3));
    }
}
