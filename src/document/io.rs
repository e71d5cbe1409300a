//! The one loader and the one saver. Every file the program reads or writes goes through here:
//! the command line, the app (open, save, save as, the text view, split, merge, import, export)
//! and the recorder's autosave; the program's own JSON files (settings, roster, teams) and the
//! JSON files a record keeps beside it (named in [`super::side`]: the lock's note, the checked
//! differences, the video link) through [`JsonFile`]; the recording journal through
//! [`Store::read`].
//!
//! Reading: bytes (once, through the [`Store`]), then UTF-8 (a byte order mark is dropped), then
//! what the file is ([`read_any`]: a `.jmjp` or a log, told by its content, else its extension),
//! then the parser (or the log's converter), then the red fives a 0.0 file leaves unsaid supplied
//! from the replay, then whether a recording journal lies next to the file, then the disk stamp.
//! Writing: the canonical text (`jmjp[1.0]`, never a BOM), written to a temporary file beside it
//! (`tempfile`), flushed, persisted over the old one, the folder synced ([`write_atomic`]); a
//! document saved is marked saved with the file's new stamp.

mod atomic;
mod json_file;

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::format::{self, Dialect, Paifu, ParseError};
use crate::i18n::{Text, tr};
use crate::interop::{self, ConvertError, Format};

use super::open_document::{Disk, Document};

pub use atomic::{create_atomic, write_atomic};
pub use json_file::{JsonFile, JsonProblem, JsonTrouble};

/// The largest file the program reads (a `.jmjp`, a log, a journal): 64 MiB. A whole season of
/// matches is a few megabytes; anything larger is refused before it is read, so no file can make
/// the program run out of memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Where the recorder's bytes go: the disk, or, in the fault tests, a disk that fails when told
/// to (full, read-only, its folder gone). Everything the recorder writes goes through it, and
/// every file opened is read through it ([`read_any`]), once.
pub trait Store: std::fmt::Debug + Send + Sync {
    /// Writes `bytes` to `path` atomically (as [`write_atomic`]: a temporary file beside it,
    /// synced, persisted over the old file, the folder synced).
    fn replace(&self, path: &Path, bytes: &[u8]) -> io::Result<()>;
    /// Appends `bytes` to `file` (open at `path`) and flushes them to the disk.
    fn append(&self, file: &mut File, path: &Path, bytes: &[u8]) -> io::Result<()>;
    /// The bytes of the file at `path`: at most one more than [`MAX_FILE_BYTES`], so a file that
    /// grew past the limit after its size was asked is still told too large.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        File::open(path)?.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
        Ok(bytes)
    }
}

/// The real disk.
#[derive(Clone, Copy, Debug, Default)]
pub struct RealDisk;

impl Store for RealDisk {
    fn replace(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        write_atomic(path, bytes)
    }

    fn append(&self, file: &mut File, _path: &Path, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)?;
        file.sync_data()
    }
}

/// Why the operating system refused a write, in the user's words (in both languages).
pub fn why_not_written(e: &io::Error) -> Text {
    match e.kind() {
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => tr!("document-io-disk-full").text(),
        io::ErrorKind::PermissionDenied => tr!("document-io-permission-denied").text(),
        io::ErrorKind::ResourceBusy => tr!("document-io-file-busy").text(),
        io::ErrorKind::ReadOnlyFilesystem => tr!("document-io-read-only").text(),
        io::ErrorKind::NotFound => tr!("document-io-folder-gone").text(),
        io::ErrorKind::IsADirectory => tr!("document-io-folder-has-the-name").text(),
        _ => tr!("document-io-not-written", error = e.to_string()),
    }
}

/// Why a file could not be read into a paifu.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system could not read it (missing, no permission).
    Unreadable { path: PathBuf, source: io::Error },
    /// It is a folder, not a file.
    Folder { path: PathBuf },
    /// It is not UTF-8 text: the first bad byte is at `offset` (line and column in characters
    /// of the good text before it).
    NotUtf8 { path: PathBuf, offset: usize, line: usize, column: usize },
    /// It does not parse as a paifu; `text` is the file's text (without a BOM), for the text view.
    Parse { path: PathBuf, error: ParseError, text: String },
    /// Neither an mjai nor a tenhou.net/6 log (import).
    NotALog { path: PathBuf },
    /// Larger than [`MAX_FILE_BYTES`] (or so once uncompressed): not read.
    TooLarge { path: PathBuf },
    /// Gzip-compressed (as tenhou serves its logs), and the compression is damaged.
    BadGzip { path: PathBuf },
    /// A log that cannot be converted (import).
    Convert { path: PathBuf, format: Format, error: ConvertError },
    /// A log, where a `.jmjp` file was asked for (the command line's `check`, `fmt`, ...).
    Log { path: PathBuf, format: Format },
}

impl ReadError {
    /// The file it is about.
    pub fn path(&self) -> &Path {
        match self {
            ReadError::Unreadable { path, .. }
            | ReadError::Folder { path }
            | ReadError::NotUtf8 { path, .. }
            | ReadError::Parse { path, .. }
            | ReadError::NotALog { path }
            | ReadError::TooLarge { path }
            | ReadError::BadGzip { path }
            | ReadError::Convert { path, .. }
            | ReadError::Log { path, .. } => path,
        }
    }

    /// The problem in plain words, starting with the file (`PATH:LINE:COL: …` for a parse error).
    pub fn text(&self) -> Text {
        let path = self.path().display().to_string();
        match self {
            ReadError::Unreadable { source, .. } => {
                tr!("document-io-read-unreadable", path = path, error = source.to_string())
            }
            ReadError::Folder { .. } => tr!("document-io-read-folder", path = path),
            ReadError::NotUtf8 { offset, .. } => {
                tr!("document-io-read-not-utf8", path = path, offset = offset.to_string())
            }
            ReadError::Parse { error, .. } => tr!(
                "document-io-read-parse",
                path = path,
                line = error.line.to_string(),
                column = error.column.to_string(),
                message = error.message.clone()
            ),
            ReadError::NotALog { .. } => tr!("document-io-read-not-a-log", path = path),
            ReadError::Convert { error, .. } => tr!("document-io-read-convert", path = path, error = error.text()),
            ReadError::Log { format, .. } => tr!("document-io-read-a-log", path = path, format = format.title()),
            ReadError::TooLarge { .. } => {
                tr!("document-io-read-too-large", path = path, mib = (MAX_FILE_BYTES >> 20).to_string())
            }
            ReadError::BadGzip { .. } => tr!("document-io-read-bad-gzip", path = path),
        }
    }
}

/// A `.jmjp` file read and parsed.
#[derive(Debug)]
pub struct Loaded {
    pub path: PathBuf,
    /// The bytes as they are on disk (`fmt` compares them with the canonical text).
    pub bytes: Vec<u8>,
    /// The text, with a BOM if the file has one (positions of the source map count after it).
    pub text: String,
    /// The record (a 0.0 file's red fives supplied), the dialect the file named, whether it had a
    /// BOM, and the source map for diagnostics.
    pub parsed: format::Parsed,
    /// When the file was last changed.
    pub stamp: Option<SystemTime>,
    /// The recording journal next to the file, when there is one.
    pub journal: Option<PathBuf>,
}

impl Loaded {
    /// The frames of all matches.
    pub fn frames(&self) -> usize {
        self.parsed.paifu.matches.iter().map(|m| m.frames.len()).sum()
    }

    /// The document of the file: saved, kept at its path.
    pub fn into_document(self) -> Document {
        let mut doc = Document::new(self.parsed.paifu, true);
        doc.keep_at(Disk { path: self.path, stamp: self.stamp });
        doc
    }
}

/// When the file at `path` was last changed, as the disk says.
pub fn stamp_of(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

pub use super::side::journal_path;

/// The bytes of the file at `path` and its text (UTF-8, a BOM kept).
pub fn read_text(path: &Path) -> Result<(Vec<u8>, String), ReadError> {
    read_text_in(path, &RealDisk)
}

/// The first bytes of a gzip stream (tenhou serves its mjlog files so).
const GZIP: &[u8] = &[0x1f, 0x8b];

/// A gzip-compressed file's bytes uncompressed, at most [`MAX_FILE_BYTES`] of them. A download
/// that stopped (the compressed stream ends early) gives what it holds, which the log's reader
/// then reads as a log cut short; damage anywhere else is [`ReadError::BadGzip`].
fn gunzip(bytes: &[u8], path: &Path) -> Result<Vec<u8>, ReadError> {
    let mut out = Vec::new();
    let mut reader = flate2::read::MultiGzDecoder::new(bytes).take(MAX_FILE_BYTES + 1);
    match reader.read_to_end(&mut out) {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof && !out.is_empty() => {}
        Err(_) => return Err(ReadError::BadGzip { path: path.to_path_buf() }),
    }
    if out.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge { path: path.to_path_buf() });
    }
    Ok(out)
}

/// [`read_text`] through `store`: the file's size asked first (a file over [`MAX_FILE_BYTES`]
/// is not read), then its bytes read once.
pub fn read_text_in(path: &Path, store: &dyn Store) -> Result<(Vec<u8>, String), ReadError> {
    let unreadable = |source| ReadError::Unreadable { path: path.to_path_buf(), source };
    let meta = fs::metadata(path).map_err(unreadable)?;
    if meta.is_dir() {
        return Err(ReadError::Folder { path: path.to_path_buf() });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge { path: path.to_path_buf() });
    }
    let bytes = store.read(path).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge { path: path.to_path_buf() });
    }
    let bytes = if bytes.starts_with(GZIP) { gunzip(&bytes, path)? } else { bytes };
    match String::from_utf8(bytes) {
        Ok(text) => Ok((text.as_bytes().to_vec(), text)),
        Err(e) => {
            let bytes = e.into_bytes();
            let offset = std::str::from_utf8(&bytes).err().map_or(0, |u| u.valid_up_to());
            let good = &bytes[..offset];
            let line = good.iter().filter(|b| **b == b'\n').count() + 1;
            let last_line = good.rsplit(|b| *b == b'\n').next().unwrap_or(good);
            let column = String::from_utf8_lossy(last_line).chars().count() + 1;
            Err(ReadError::NotUtf8 { path: path.to_path_buf(), offset, line, column })
        }
    }
}

/// A paifu from its text, as the loader reads files: parsed, and a 0.0 file's red fives in
/// pon and kan supplied from the replay (0.0 leaves them unsaid).
pub fn parse(text: &str) -> Result<format::Parsed, ParseError> {
    let mut parsed = format::parse(text)?;
    if parsed.dialect == Dialect::V0 {
        crate::rules::upgrade_v0(&mut parsed.paifu);
    }
    Ok(parsed)
}

/// Reads the `.jmjp` file at `path` (whatever it holds: a log does not parse).
pub fn load(path: &Path) -> Result<Loaded, ReadError> {
    let (bytes, text) = read_text(path)?;
    paifu_of(path, bytes, text)
}

/// The `.jmjp` file at `path` from its bytes and text.
fn paifu_of(path: &Path, bytes: Vec<u8>, text: String) -> Result<Loaded, ReadError> {
    let parsed = parse(&text).map_err(|error| ReadError::Parse {
        path: path.to_path_buf(),
        error,
        text: format::strip_bom(&text).to_string(),
    })?;
    let journal = Some(journal_path(path)).filter(|j| j.exists());
    Ok(Loaded { path: path.to_path_buf(), bytes, text, parsed, stamp: stamp_of(path), journal })
}

/// What a file holds, told by [`read_any`].
#[derive(Debug)]
pub enum Contents {
    /// A `.jmjp` file, parsed.
    Paifu(Loaded),
    /// A log (tenhou.net/6, tenhou's mjlog, mjai, the official M League record), converted into
    /// a record kept in no file, and what its reader has to say of it (an mjlog cut short).
    Log { path: PathBuf, format: Format, paifu: Paifu, note: Option<Text> },
}

/// The format of the file at `path` holding `text`: told by its content, else by its extension;
/// `None` when neither tells.
pub fn format_of(path: &Path, text: &str) -> Option<Format> {
    Format::sniff(text).or_else(|| Format::from_path(path))
}

/// Reads the file at `path` once, through `store`, and says what it is: a log (converted) or a
/// `.jmjp` file (parsed), as `format` says when the user named it, else as its content tells,
/// else its extension; a file that tells nothing is read as `.jmjp`. A `.jmjp` file that does
/// not parse is [`ReadError::Parse`] with its text (for the text view); a log that does not
/// convert is [`ReadError::Convert`]; both say where.
pub fn read_any(path: &Path, format: Option<Format>, store: &dyn Store) -> Result<Contents, ReadError> {
    let (bytes, text) = read_text_in(path, store)?;
    match format.or_else(|| format_of(path, &text)).unwrap_or(Format::Jmjp) {
        Format::Jmjp => paifu_of(path, bytes, text).map(Contents::Paifu),
        log => {
            let (paifu, note) = interop::import_noted(log, &text).map_err(|error| ReadError::Convert {
                path: path.to_path_buf(),
                format: log,
                error,
            })?;
            Ok(Contents::Log { path: path.to_path_buf(), format: log, paifu, note })
        }
    }
}

/// The document of a text fixed in the text view: the file at `path` on disk is the broken one,
/// so the document is not saved, but it is kept at `path` (saving writes over the broken file
/// without asking).
pub fn read_again(path: &Path, text: &str) -> Result<Document, ParseError> {
    let parsed = parse(text)?;
    let mut doc = Document::new(parsed.paifu, false);
    doc.keep_at(Disk { path: path.to_path_buf(), stamp: stamp_of(path) });
    Ok(doc)
}

/// Reads the log at `path` (tenhou.net/6, mjlog, mjai, the M League record: told by its content,
/// else its extension) into a new document, with what its reader has to say of it, kept in no file (File > Import log: a `.jmjp` file is taken in too).
pub fn import(path: &Path) -> Result<(Document, Format, Option<Text>), ReadError> {
    let (_, text) = read_text(path)?;
    let format = format_of(path, &text).ok_or_else(|| ReadError::NotALog { path: path.to_path_buf() })?;
    let (paifu, note) = interop::import_noted(format, &text).map_err(|error| ReadError::Convert {
        path: path.to_path_buf(),
        format,
        error,
    })?;
    Ok((Document::new(paifu, false), format, note))
}

/// Why a file was not written.
#[derive(Debug)]
pub enum SaveError {
    /// The file was changed on disk since it was read or written by us (saving would lose that).
    ChangedOnDisk { path: PathBuf },
    /// The file exists and is not to be replaced.
    Exists { path: PathBuf },
    /// The folder for it could not be made.
    Folder { path: PathBuf, source: io::Error },
    /// The operating system refused the write.
    Write { path: PathBuf, source: io::Error },
}

impl SaveError {
    /// The problem in plain words, starting with the file or folder.
    pub fn text(&self) -> Text {
        match self {
            SaveError::ChangedOnDisk { path } => {
                tr!("document-io-save-changed-on-disk", path = path.display().to_string())
            }
            SaveError::Exists { path } => tr!("document-io-save-exists", path = path.display().to_string()),
            SaveError::Folder { path, source } => {
                tr!("document-io-save-no-folder", path = path.display().to_string(), error = source.to_string())
            }
            SaveError::Write { path, source } => {
                tr!("document-io-save-not-saved", path = path.display().to_string(), error = source.to_string())
            }
        }
    }
}

/// Whether a write may replace a file that is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replace {
    /// Replace it (save, export, a fixed file).
    Always,
    /// Refuse when the file exists (split, merge, a match saved as its own file).
    Never,
}

/// Saves `doc` to `path` in canonical form: unless `force`, a file at the document's own path
/// that changed on disk since we last read or wrote it is not overwritten. When written, the
/// document is marked saved and kept at `path` with the file's new stamp; the current intent is
/// sealed (the next edit is a new undo step).
pub fn save(doc: &mut Document, path: &Path, force: bool) -> Result<(), SaveError> {
    save_to(doc, path, force, &RealDisk)
}

/// [`save`] through `store` (the recorder's autosave, which the fault tests make fail).
pub fn save_to(doc: &mut Document, path: &Path, force: bool, store: &dyn Store) -> Result<(), SaveError> {
    let same = doc.path() == Some(path);
    if !force && same && path.exists() && stamp_of(path) != doc.disk().and_then(|d| d.stamp) {
        return Err(SaveError::ChangedOnDisk { path: path.to_path_buf() });
    }
    let text = format::write(doc.paifu());
    make_folder(path)?;
    store.replace(path, text.as_bytes()).map_err(|source| SaveError::Write { path: path.to_path_buf(), source })?;
    doc.mark_saved();
    doc.seal();
    doc.keep_at(Disk { path: path.to_path_buf(), stamp: stamp_of(path) });
    Ok(())
}

/// Writes `paifu` to `path` in canonical form (split, merge, a match on its own).
pub fn write_paifu(path: &Path, paifu: &Paifu, replace: Replace) -> Result<(), SaveError> {
    write_text(path, &format::write(paifu), replace)
}

/// Writes `text` to `path` atomically, making its folder when needed.
pub fn write_text(path: &Path, text: &str, replace: Replace) -> Result<(), SaveError> {
    if replace == Replace::Never && path.exists() {
        return Err(SaveError::Exists { path: path.to_path_buf() });
    }
    make_folder(path)?;
    write_atomic(path, text.as_bytes()).map_err(|source| SaveError::Write { path: path.to_path_buf(), source })
}

/// Makes the folder `path` goes in, when it is not there.
pub fn make_folder(path: &Path) -> Result<(), SaveError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        fs::create_dir_all(dir).map_err(|source| SaveError::Folder { path: dir.to_path_buf(), source })?;
    }
    Ok(())
}

/// One file per match, each holding that match alone, in order.
pub fn split(p: &Paifu) -> Vec<Paifu> {
    p.matches.iter().map(|m| Paifu { matches: vec![m.clone()] }).collect()
}

/// One file holding every match of `parts`, in order.
pub fn merge(parts: &[Paifu]) -> Paifu {
    Paifu { matches: parts.iter().flat_map(|p| p.matches.iter().cloned()).collect() }
}

/// The names of split files: `NAME-1.jmjp`, `NAME-2.jmjp`, ... next to `path`.
pub fn split_paths(path: &Path, count: usize) -> Vec<PathBuf> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "match".into());
    (1..=count).map(|n| path.with_file_name(format!("{stem}-{n}.jmjp"))).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::i18n::Lang;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-io-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_loader_names_what_is_wrong_and_the_saver_keeps_what_changed_on_disk() {
        let dir = temp_dir("load");
        let missing = load(&dir.join("none.jmjp")).unwrap_err();
        assert!(matches!(missing, ReadError::Unreadable { .. }));
        assert!(missing.text().get(Lang::Ja).contains("読めませんでした"));
        let latin = dir.join("latin.jmjp");
        fs::write(&latin, b"jmjp[1.0](\n\xe9)").unwrap();
        match load(&latin).unwrap_err() {
            ReadError::NotUtf8 { offset, line, column, .. } => assert_eq!((offset, line, column), (11, 2, 1)),
            e => panic!("{e:?}"),
        }
        let broken = dir.join("broken.jmjp");
        fs::write(&broken, "\u{feff}jmjp[1.0](x").unwrap();
        match load(&broken).unwrap_err() {
            e @ ReadError::Parse { .. } => {
                assert!(e.text().get(Lang::En).contains("broken.jmjp:1:11:"), "{}", e.text().get(Lang::En));
                let ReadError::Parse { text, .. } = e else { unreachable!() };
                assert_eq!(text, "jmjp[1.0](x", "the text view gets the text without the BOM");
            }
            e => panic!("{e:?}"),
        }

        let good = dir.join("good.jmjp");
        let text = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])";
        fs::write(&good, format!("\u{feff}{text}")).unwrap();
        fs::write(journal_path(&good), "").unwrap();
        let loaded = load(&good).unwrap();
        assert!(loaded.parsed.had_bom);
        assert_eq!(loaded.journal, Some(dir.join("good.jmjp.journal")));
        let mut doc = loaded.into_document();
        assert!(!doc.is_dirty());
        assert_eq!(doc.path(), Some(good.as_path()));
        // Someone else writes the file: saving over it asks first (unless forced).
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(&good, "changed elsewhere").unwrap();
        let f = File::options().write(true).open(&good).unwrap();
        f.set_modified(SystemTime::now() + std::time::Duration::from_secs(5)).unwrap();
        assert!(matches!(save(&mut doc, &good, false), Err(SaveError::ChangedOnDisk { .. })));
        save(&mut doc, &good, true).unwrap();
        let saved = fs::read(&good).unwrap();
        assert!(saved.starts_with(b"jmjp[1.0]\n"), "canonical, no BOM");
        save(&mut doc, &good, false).unwrap();
        let elsewhere = dir.join("sub").join("copy.jmjp");
        assert!(matches!(write_paifu(&good, doc.paifu(), Replace::Never), Err(SaveError::Exists { .. })));
        save(&mut doc, &elsewhere, false).unwrap();
        assert_eq!(doc.path(), Some(elsewhere.as_path()), "save as keeps the document at the new file");
        // Windows removes no folder while a file in it is open.
        drop(f);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn split_then_merge_gives_back_the_file() {
        let one = Paifu { matches: vec![crate::rules::simulate::random_match(3, 2)] };
        let two = merge(&[one.clone(), one.clone()]);
        assert_eq!(two.matches.len(), 2);
        let parts = split(&two);
        assert_eq!(parts, vec![one.clone(), one]);
        assert_eq!(merge(&parts), two);
        let paths = split_paths(Path::new("/x/league.jmjp"), 2);
        assert_eq!(paths[1], PathBuf::from("/x/league-2.jmjp"));
    }
}
