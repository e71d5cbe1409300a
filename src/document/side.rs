//! The files a record keeps beside it, each named here and nowhere else. Beside `NAME.jmjp`:
//!
//! | file | what it holds | written by |
//! |---|---|---|
//! | `NAME.jmjp.journal` | the recording's entries as they were typed, to recover | `recording::journal` |
//! | `NAME.jmjp.journal.old` | a journal the file already held, set aside at a new recording | `recorder::recording` |
//! | `NAME.jmjp.lock` | who records into it (machine, process, since when) | `recording::lock` |
//! | `NAME.jmjp.lock.held` | empty: the operating system's lock on the recording | `recording::lock` |
//! | `NAME.jmjp.checked` | the differences with another desk the scorer kept | `double_entry::live` |
//! | `NAME.jmjp.video` | its match video and the sync points | `video::link` |
//!
//! Each is read by the one reader: a JSON side file (the lock's note, the checked differences,
//! the video link) by [`super::io::JsonFile`], the journal's lines by [`super::io::Store::read`];
//! both refuse a file larger than [`super::io::MAX_FILE_BYTES`] before reading it and leave a
//! byte order mark out.

use std::path::{Path, PathBuf};

/// A file kept beside a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideFile {
    Journal,
    OldJournal,
    Lock,
    LockHeld,
    Checked,
    Video,
}

impl SideFile {
    /// Every side file, in the order of the table above.
    pub const ALL: [SideFile; 6] = [
        SideFile::Journal,
        SideFile::OldJournal,
        SideFile::Lock,
        SideFile::LockHeld,
        SideFile::Checked,
        SideFile::Video,
    ];

    /// What follows the record's own name.
    pub const fn suffix(self) -> &'static str {
        match self {
            SideFile::Journal => ".journal",
            SideFile::OldJournal => ".journal.old",
            SideFile::Lock => ".lock",
            SideFile::LockHeld => ".lock.held",
            SideFile::Checked => ".checked",
            SideFile::Video => ".video",
        }
    }

    /// This side file of the record at `record`: its name with [`SideFile::suffix`] added, in
    /// the same folder.
    pub fn of(self, record: &Path) -> PathBuf {
        let mut name = record.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        name.push(self.suffix());
        record.with_file_name(name)
    }

    /// The record this side file at `path` belongs to: its name without [`SideFile::suffix`];
    /// `None` when the name does not end with it.
    pub fn record_of(self, path: &Path) -> Option<PathBuf> {
        let name = path.file_name()?.to_str()?;
        let record = name.strip_suffix(self.suffix()).filter(|r| !r.is_empty())?;
        Some(path.with_file_name(record))
    }
}

/// The recording journal of the `.jmjp` at `path`: `NAME.jmjp.journal` next to it.
pub fn journal_path(path: &Path) -> PathBuf {
    SideFile::Journal.of(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_file_is_the_records_name_and_its_own_suffix() {
        let record = Path::new("matches/決勝 1.jmjp");
        let names: Vec<PathBuf> = SideFile::ALL.iter().map(|s| s.of(record)).collect();
        assert_eq!(
            names,
            [
                "matches/決勝 1.jmjp.journal",
                "matches/決勝 1.jmjp.journal.old",
                "matches/決勝 1.jmjp.lock",
                "matches/決勝 1.jmjp.lock.held",
                "matches/決勝 1.jmjp.checked",
                "matches/決勝 1.jmjp.video",
            ]
            .map(PathBuf::from)
        );
        // No two side files share a name, and none is a record of its own.
        let mut suffixes: Vec<&str> = SideFile::ALL.iter().map(|s| s.suffix()).collect();
        suffixes.sort_unstable();
        suffixes.dedup();
        assert_eq!(suffixes.len(), SideFile::ALL.len());
        assert!(names.iter().all(|n| n.extension().is_some_and(|x| x != "jmjp")));
        for (side, name) in SideFile::ALL.iter().zip(&names) {
            assert_eq!(side.record_of(name).as_deref(), Some(record), "{side:?}");
        }
        assert_eq!(SideFile::Lock.record_of(Path::new("x.jmjp.video")), None);
    }
}
