//! `serve FILE`: the record of FILE on air, followed as another copy of the program records into
//! it: by what its journal, beside it, appends (looked at every 2 ms, only the new lines read and
//! made), and by the file itself when there is no journal (looked at every 200 ms); `export-html FILE OUT.html`: its replay as one self-contained page.

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, load, not_written};
use crate::broadcast::{self, Server, export};
use crate::document::io::{self, Replace};
use crate::document::recording::entry::Entry;
use crate::document::recording::journal::{self, Journal};
use crate::document::{Feed, Revision, UpdateKind};
use crate::format::Paifu;
use crate::i18n::Lang;
use crate::scoring::RuleOptions;

/// How often the journal's size is looked at: an entry is on air a few milliseconds after its
/// line is written.
const LOOK: Duration = Duration::from_millis(2);
/// How often the file itself is looked at (when no journal grows): every 100th look, 200 ms.
const POLL_EVERY: u32 = 100;

/// What the record was last read from: the file's and the journal's size and time, and the
/// journal's starting point (another starting point is another recording: a new epoch).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Seen {
    file: Option<(u64, SystemTime)>,
    journal: Option<(u64, SystemTime)>,
}

fn stamp(path: &Path) -> Option<(u64, SystemTime)> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// The record as it stands: the journal's (which holds every entry) when it reads, else the
/// file's; with the journal's base and what its last entry was.
fn read_record(path: &Path) -> Option<(Paifu, Option<String>, UpdateKind)> {
    let jp = io::journal_path(path);
    if let Ok(rec) = Journal::read(&jp)
        && let Ok((doc, _)) = rec.document()
    {
        let kind = match rec.entries.last() {
            Some(Entry::Undo) => UpdateKind::Undo,
            Some(Entry::Redo) => UpdateKind::Redo,
            _ => UpdateKind::Edit,
        };
        return Some((doc.paifu().clone(), Some(rec.base), kind));
    }
    let opened = crate::document::recording::open::open(path).ok()?.into_loaded().ok()?;
    Some((opened.parsed.paifu, None, UpdateKind::Edit))
}

/// Serves `path` at `addr` until the process is stopped; the figures of the records under
/// `season` to the pages that ask.
pub(super) fn serve(
    path: &Path,
    addr: SocketAddr,
    season: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let bind = addr.ip();
    if let Some(dir) = season.filter(|d| !d.is_dir()) {
        let _ = writeln!(err, "{}: not a folder (--season)", dir.display());
        return EXIT_UNREADABLE;
    }
    let first = match load(path, out, err) {
        Ok(l) => l.parsed.paifu,
        Err(code) => return code,
    };
    // Stamped before it is read: a change made while the server starts is seen at the first look.
    let mut seen = Seen { file: stamp(path), journal: stamp(&io::journal_path(path)) };
    let (now, mut base, _) = read_record(path).unwrap_or((first, None, UpdateKind::Edit));
    let feed = Feed::new();
    let sub = feed.subscribe(Revision::default(), now.clone());
    let on_air = broadcast::OnAir::new(std::sync::Arc::new(broadcast::SystemClock), RuleOptions::default())
        .with_season(broadcast::season::SeasonOnAir::read(season));
    let server = match Server::start_on(on_air, sub, addr) {
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(err, "{}", e.text().get(Lang::En));
            return EXIT_UNREADABLE;
        }
    };
    if !bind.is_loopback() {
        let _ = writeln!(
            err,
            "{}",
            crate::i18n::tr!("cli-serve-beyond-loopback", addr = server.addr().to_string()).get(Lang::En)
        );
    }
    for u in server.urls() {
        let _ = writeln!(out, "{}  {}", u.url, u.label.get(Lang::En));
    }
    let _ = out.flush();
    // The record as last published, kept (not copied again) by the pages' events.
    let mut last = Arc::new(now);
    let mut tail = Tail::start(path);
    // Entries journaled while the server started.
    if let Some(t) = tail.as_ref().filter(|t| t.doc.paifu() != last.as_ref()) {
        last = Arc::new(t.doc.paifu().clone());
        feed.publish_shared(UpdateKind::Edit, Revision::default(), || Arc::clone(&last));
    }
    let mut looks = 0u32;
    loop {
        std::thread::sleep(LOOK);
        looks = looks.wrapping_add(1);
        // What the journal appended since the last look: only the new lines are read and made.
        if let Some(t) = &mut tail {
            match t.follow() {
                Followed::Same => {}
                Followed::Grew(kind) => {
                    last = Arc::new(t.doc.paifu().clone());
                    seen = Seen { file: stamp(path), journal: stamp(&io::journal_path(path)) };
                    feed.publish_shared(kind, Revision::default(), || Arc::clone(&last));
                    continue;
                }
                Followed::Lost => tail = None,
            }
        }
        // While the journal is followed it holds every entry: the file (rewritten after each
        // one) is not read. Else the file every 200 ms, and a journal that appears at once.
        let file_look = looks.is_multiple_of(POLL_EVERY);
        if tail.is_some() || (!file_look && stamp(&io::journal_path(path)) == seen.journal) {
            continue;
        }
        let stamps = Seen { file: stamp(path), journal: stamp(&io::journal_path(path)) };
        if stamps == seen {
            continue;
        }
        // A file caught half written does not read: it is read again at the next look.
        let Some((paifu, new_base, kind)) = read_record(path) else { continue };
        seen = stamps;
        let kind = if new_base.is_some() && new_base != base { UpdateKind::Opened } else { kind };
        base = new_base;
        tail = Tail::start(path);
        // The journal followed from here on, read after the record: what it holds is newer.
        let paifu = tail.as_ref().map_or(paifu, |t| t.doc.paifu().clone());
        if paifu != *last || kind == UpdateKind::Opened {
            last = Arc::new(paifu);
            feed.publish_shared(kind, Revision::default(), || Arc::clone(&last));
        }
    }
}

/// What a look at the journal found.
enum Followed {
    /// Nothing new.
    Same,
    /// New entries that changed the record, made; the kind of change the last one was.
    Grew(UpdateKind),
    /// It is gone, shorter, begun again or damaged: read the record whole.
    Lost,
}

/// A journal followed by what it appends: what tells its header (its length, and the
/// checksum that begins it), the bytes and lines read up to the end of the last whole line, and
/// the document its entries rebuild so far.
struct Tail {
    path: std::path::PathBuf,
    /// The header's first bytes: its checksum (from version 2 on; in a journal of version 1,
    /// the whole header), which differs for any other header.
    header_mark: Vec<u8>,
    header_len: u64,
    version: u32,
    read: u64,
    lines: usize,
    doc: crate::document::Document,
}

impl Tail {
    /// Follows the journal of `path` from its end as it is now (`None`: no journal that reads).
    fn start(path: &Path) -> Option<Tail> {
        let jp = io::journal_path(path);
        if std::fs::metadata(&jp).ok()?.len() > io::MAX_FILE_BYTES {
            return None;
        }
        let bytes = std::fs::read(&jp).ok()?;
        let whole = bytes.iter().rposition(|b| *b == b'\n')? + 1;
        let header_len = bytes.iter().position(|b| *b == b'\n')? + 1;
        let rec = Journal::read_bytes(&jp.display().to_string(), &bytes[..whole]).ok()?;
        if rec.damage.is_some() {
            return None;
        }
        let mark = if rec.version >= 2 { 9.min(header_len) } else { header_len };
        let lines = bytes[..whole].iter().filter(|b| **b == b'\n').count();
        let (doc, _) = rec.document().ok()?;
        Some(Tail {
            path: jp,
            header_mark: bytes[..mark].to_vec(),
            header_len: header_len as u64,
            version: rec.version,
            read: whole as u64,
            lines,
            doc,
        })
    }

    /// True when the journal at the path begins with the header followed.
    fn same_header(&self, f: &mut std::fs::File) -> bool {
        use std::io::{Read, Seek, SeekFrom};
        let mut mark = vec![0u8; self.header_mark.len()];
        let mut end = [0u8; 1];
        f.read_exact(&mut mark).is_ok()
            && mark == self.header_mark
            && f.seek(SeekFrom::Start(self.header_len - 1)).is_ok()
            && f.read_exact(&mut end).is_ok()
            && end == *b"\n"
    }

    /// Reads and makes what the journal appended since the last look (only that: the header is
    /// not read again).
    fn follow(&mut self) -> Followed {
        use std::io::{Read, Seek, SeekFrom};
        let Ok(meta) = std::fs::metadata(&self.path) else { return Followed::Lost };
        if meta.len() == self.read {
            return Followed::Same;
        }
        // Shorter (begun again), or past the size no file is read at: read whole, or refused.
        if meta.len() < self.read || meta.len() > io::MAX_FILE_BYTES {
            return Followed::Lost;
        }
        let Ok(mut f) = std::fs::File::open(&self.path) else { return Followed::Lost };
        if !self.same_header(&mut f) {
            return Followed::Lost;
        }
        let mut new = Vec::new();
        let cap = meta.len() - self.read;
        if f.seek(SeekFrom::Start(self.read)).is_err() || f.take(cap).read_to_end(&mut new).is_err() {
            return Followed::Lost;
        }
        // Only whole lines: a line being written is read at the next look.
        let Some(end) = new.iter().rposition(|b| *b == b'\n').map(|i| i + 1) else { return Followed::Same };
        let read = journal::appended_lines(self.version, self.lines, &new[..end]);
        if read.damage.is_some() {
            return Followed::Lost;
        }
        let before = self.doc.revision();
        for (n, e) in read.entries.iter().enumerate() {
            // An entry refused when it was made is refused again, as the whole read does.
            let _ = crate::document::recording::entry::apply_at(&mut self.doc, e, read.times.get(n).copied().flatten());
        }
        self.read += end as u64;
        self.lines += new[..end].iter().filter(|b| **b == b'\n').count();
        // Blank lines, or entries refused again: nothing changed.
        if self.doc.revision() == before {
            return Followed::Same;
        }
        Followed::Grew(match read.entries.last() {
            Some(Entry::Undo) => UpdateKind::Undo,
            Some(Entry::Redo) => UpdateKind::Redo,
            _ => UpdateKind::Edit,
        })
    }
}

/// Writes the replay of the last match of `path` to `output` as one HTML file.
pub(super) fn export_html(path: &Path, output: &Path, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let paifu = match load(path, out, err) {
        Ok(l) => l.parsed.paifu,
        Err(code) => return code,
    };
    let Some(m) = broadcast::table::on_air(&paifu) else {
        let _ = writeln!(err, "{}: {}", path.display(), crate::i18n::tr!("cli-export-no-match").get(Lang::En));
        return EXIT_ERRORS;
    };
    let rules = crate::rules::rules_or(m, &RuleOptions::default()).with_point_rule(m.point_rule.as_ref());
    let html = match export::replay_html(m, &rules) {
        Ok(h) => h,
        Err(e) => {
            let _ = writeln!(err, "{}", e.text().get(Lang::En));
            return EXIT_UNREADABLE;
        }
    };
    match io::write_text(output, &html, Replace::Always) {
        Ok(()) => {
            let _ = writeln!(out, "{}: {} frames", output.display(), m.frames.len());
            EXIT_OK
        }
        Err(e) => not_written(&e, err),
    }
}
