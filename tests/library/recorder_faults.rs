//! Faults a studio meets, through the recorder's one seam to the disk ([`Store`]): a journal that
//! cannot be written refuses the entry and changes nothing; a file that cannot be saved leaves the
//! recording going on in the journal and says so; a second copy of the program is kept out of a
//! file being recorded; a journal damaged anywhere gives back a prefix of what was confirmed.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use jmjp_studio::document::Document;
use jmjp_studio::document::io::{RealDisk, Store, journal_path};
use jmjp_studio::format::{self, Match, Paifu};
use jmjp_studio::i18n::Lang;
use jmjp_studio::recorder::lock::{Holder, lock_path};
use jmjp_studio::recorder::{Entry, Journal, LiveRecording, SaveState, StartError, recoverable};

/// What the faulty disk does to the next writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    None,
    /// The disk is full: a journal line is half written, then the write fails.
    Full,
    /// Writing is not allowed (a read-only file or folder).
    Denied,
    /// The folder is gone.
    Gone,
}

/// A disk that fails as told: `journal` for appends, `file` for the `.jmjp`.
#[derive(Debug, Default)]
struct FaultyDisk {
    journal: AtomicU8,
    file: AtomicU8,
    /// Every fault it made, to prove the test exercised it.
    made: Mutex<Vec<String>>,
}

fn code(f: Fault) -> u8 {
    f as u8
}

fn fault(n: u8) -> Fault {
    [Fault::None, Fault::Full, Fault::Denied, Fault::Gone][usize::from(n)]
}

fn error_of(f: Fault) -> io::Error {
    match f {
        Fault::Full => io::Error::from(io::ErrorKind::StorageFull),
        Fault::Denied => io::Error::from(io::ErrorKind::PermissionDenied),
        _ => io::Error::from(io::ErrorKind::NotFound),
    }
}

impl FaultyDisk {
    fn set(&self, journal: Fault, file: Fault) {
        self.journal.store(code(journal), Ordering::SeqCst);
        self.file.store(code(file), Ordering::SeqCst);
    }
}

impl Store for FaultyDisk {
    fn replace(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let is_journal = path.extension().is_some_and(|e| e == "journal");
        let f = fault(self.file.load(Ordering::SeqCst));
        if !is_journal && f != Fault::None {
            self.made.lock().unwrap().push(format!("file {f:?}"));
            return Err(error_of(f));
        }
        RealDisk.replace(path, bytes)
    }

    fn append(&self, file: &mut File, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let f = fault(self.journal.load(Ordering::SeqCst));
        if f == Fault::None {
            return RealDisk.append(file, path, bytes);
        }
        self.made.lock().unwrap().push(format!("journal {f:?}"));
        if f == Fault::Full {
            // Half the line reaches the disk before it fills up.
            RealDisk.append(file, path, &bytes[..bytes.len() / 2])?;
        }
        Err(error_of(f))
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-faults-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A real match (a whole hanchan of twelve frames from the corpus): its header (no frames) and
/// the entries that record it, frame by frame.
fn real_match() -> (Match, Vec<Entry>) {
    common::match_of("pantheon_four_wind_draw.json")
}

/// A recording of the real match started in `dir`, through `disk`.
fn recording(dir: &Path, disk: Arc<FaultyDisk>) -> (Document, LiveRecording, PathBuf, Vec<Entry>) {
    let (header, entries) = real_match();
    let path = dir.join("m.jmjp");
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    jmjp_studio::document::io::save(&mut doc, &path, true).unwrap();
    let rec = LiveRecording::start_on(&doc, &path, disk).unwrap();
    (doc, rec, path, entries)
}

#[test]
fn a_journal_that_cannot_be_written_refuses_the_entry_and_changes_nothing() {
    let dir = temp("journal");
    let disk = Arc::new(FaultyDisk::default());
    let (mut doc, mut rec, path, entries) = recording(&dir, disk.clone());
    for e in &entries[..10] {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    for f in [Fault::Full, Fault::Denied] {
        disk.set(f, Fault::None);
        let (before, revision) = (doc.paifu().clone(), doc.revision());
        let p = rec.enter(&mut doc, entries[10].clone()).unwrap_err();
        let (en, ja) = (p.text().into_lang(Lang::En), p.text().into_lang(Lang::Ja));
        assert!(en.starts_with("the entry was not made: the journal"), "{en}");
        let why = if f == Fault::Full {
            ("disk full", "ディスクがいっぱい")
        } else {
            ("permission denied", "許可")
        };
        assert!(en.contains(why.0), "{en}");
        assert!(ja.starts_with("入力は記録されていません") && ja.contains(why.1), "{ja}");
        assert_eq!(doc.paifu(), &before, "the document is as it was");
        assert_eq!(doc.revision(), revision, "nothing to undo, nothing shown as done");
        // What is on disk is what was confirmed: the half line was taken back.
        let back = Journal::read(&journal_path(&path)).unwrap();
        assert_eq!(back.entries, entries[..10], "{f:?}");
        assert!(!back.torn && back.damage.is_none(), "{f:?}");
    }
    // The disk has room again: the same entry is made, and the journal reads cleanly after it.
    disk.set(Fault::None, Fault::None);
    for e in &entries[10..20] {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    let back = Journal::read(&journal_path(&path)).unwrap();
    assert_eq!(back.entries, entries[..20]);
    assert_eq!(disk.made.lock().unwrap().len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_cannot_be_saved_keeps_the_recording_in_the_journal_and_says_so() {
    let dir = temp("autosave");
    let disk = Arc::new(FaultyDisk::default());
    let (mut doc, mut rec, path, entries) = recording(&dir, disk.clone());
    let mut n = 0;
    // Record until the file is saved with the frame under way.
    while n < 30 {
        rec.enter(&mut doc, entries[n].clone()).unwrap();
        n += 1;
    }
    assert_eq!(rec.save_state(&doc), SaveState::Saved);
    let last_good = std::fs::read(&path).unwrap();
    for (f, en, ja) in [
        (
            Fault::Full,
            "not saved: disk full; everything is in the journal",
            "未保存：ディスクがいっぱいです。すべてジャーナルにあります",
        ),
        (Fault::Denied, "not saved: permission denied", "未保存：書き込みが許可されていません"),
        (Fault::Gone, "not saved: the folder is gone", "未保存：フォルダがありません"),
    ] {
        disk.set(Fault::None, f);
        let made = rec.enter(&mut doc, entries[n].clone()).unwrap();
        n += 1;
        assert!(!made.saved, "{f:?}");
        let state = rec.save_state(&doc);
        let SaveState::NotSaved { why, .. } = &state else { panic!("{f:?}: {state:?}") };
        // The header's words, as the view makes them.
        let header_en = format!("not saved: {}; everything is in the journal", why.en);
        let header_ja = format!("未保存：{}。すべてジャーナルにあります", why.ja);
        assert!(header_en.starts_with(en), "{header_en}");
        assert!(header_ja.starts_with(ja), "{header_ja}");
        assert_eq!(std::fs::read(&path).unwrap(), last_good, "the file on disk stays the last good one");
        assert_eq!(Journal::read(&journal_path(&path)).unwrap().entries, entries[..n], "every entry is in the journal");
    }
    // The next entry tries again, and succeeds once the disk takes it.
    disk.set(Fault::None, Fault::None);
    let made = rec.enter(&mut doc, entries[n].clone()).unwrap();
    n += 1;
    assert!(made.saved);
    assert_eq!(rec.save_state(&doc), SaveState::Saved);
    let on_disk = format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu;
    assert_eq!(&on_disk, doc.paifu());
    // A recording whose file could not be written keeps its journal when it ends.
    disk.set(Fault::None, Fault::Full);
    rec.enter(&mut doc, entries[n].clone()).unwrap();
    rec.finish(&doc).unwrap();
    assert!(journal_path(&path).exists(), "the journal holds what the file does not");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_renamed_away_or_a_folder_removed_while_recording_loses_nothing() {
    let dir = temp("removed");
    let folder = dir.join("studio");
    std::fs::create_dir_all(&folder).unwrap();
    let (mut doc, mut rec, path, entries) = recording(&folder, Arc::new(FaultyDisk::default()));
    for e in &entries[..30] {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    // Someone renames the file away: it is written again where the recording goes; the renamed
    // copy is left as it was.
    let away = folder.join("renamed.jmjp");
    std::fs::rename(&path, &away).unwrap();
    let renamed = std::fs::read(&away).unwrap();
    rec.enter(&mut doc, entries[30].clone()).unwrap();
    assert_eq!(&format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu, doc.paifu());
    assert_eq!(std::fs::read(&away).unwrap(), renamed);
    // Someone removes the whole folder: the journal is made again (the document as it is as its
    // base) before the next entry goes in, and the file is saved again.
    std::fs::remove_dir_all(&folder).unwrap();
    for e in &entries[31..40] {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    assert_eq!(Journal::read(&journal_path(&path)).unwrap().document().unwrap().0.paifu(), doc.paifu());
    assert!(lock_path(&path).exists(), "the lock is taken again with the journal");
    // Someone deletes the journal and puts a folder of its name there: appending to the deleted
    // file would reach nothing, so the entry is refused until the journal can be made again.
    std::fs::remove_file(journal_path(&path)).unwrap();
    std::fs::create_dir(journal_path(&path)).unwrap();
    let before = doc.paifu().clone();
    let p = rec.enter(&mut doc, entries[40].clone()).unwrap_err();
    assert!(
        p.text().into_lang(Lang::En).starts_with("the entry was not made: the journal"),
        "{}",
        p.text().into_lang(Lang::En)
    );
    assert_eq!(doc.paifu(), &before);
    std::fs::remove_dir(journal_path(&path)).unwrap();
    rec.enter(&mut doc, entries[40].clone()).unwrap();
    // A journal written over by another program is made again too.
    std::fs::write(journal_path(&path), "not this recording's journal").unwrap();
    rec.enter(&mut doc, entries[41].clone()).unwrap();
    let rebuilt = Journal::read(&journal_path(&path)).unwrap().document().unwrap().0;
    assert_eq!(rebuilt.paifu(), doc.paifu());
    let rebuilt = Journal::read(&journal_path(&path)).unwrap().document().unwrap().0;
    assert_eq!(rebuilt.paifu(), doc.paifu(), "the journal made again rebuilds the whole recording");
    assert_eq!(&format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu, doc.paifu());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_copy_does_not_record_into_a_file_being_recorded_and_a_stale_lock_is_taken_over() {
    let dir = temp("lock");
    let (mut doc, mut rec, path, entries) = recording(&dir, Arc::new(FaultyDisk::default()));
    for e in &entries[..5] {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    let journal_before = std::fs::read(journal_path(&path)).unwrap();
    // A second copy (here a second recorder; the lock names a process that is running).
    let Err(StartError::Lock(e)) = LiveRecording::start(&doc, &path) else { panic!("a second recorder started") };
    let (en, ja) = (e.text().en, e.text().ja);
    assert!(en.contains("is being recorded by another copy of the program"), "{en}");
    assert!(ja.contains("記録中です"), "{ja}");
    assert_eq!(std::fs::read(journal_path(&path)).unwrap(), journal_before, "its journal is not touched");
    // This window's own recording is not offered for recovery; a copy of the program running
    // elsewhere (here process 1, which always runs) is named, and its journal is not offered.
    assert!(recoverable(&path).is_none());
    let ours = std::fs::read(lock_path(&path)).unwrap();
    let other = Holder {
        pid: 1,
        host: jmjp_studio::recorder::lock::host_name(),
        since: "2026-11-22 19:00".into(),
        token: 1,
        system_lock: false,
    };
    std::fs::write(lock_path(&path), serde_json::to_string(&other).unwrap()).unwrap();
    let offered = recoverable(&path).expect("the journal is seen");
    let told = offered.unwrap_err();
    assert!(told.en.contains("another copy of the program (process 1, since 2026-11-22 19:00)"), "{}", told.en);
    assert!(LiveRecording::start(&doc, &path).is_err());
    std::fs::write(lock_path(&path), ours).unwrap();
    rec.enter(&mut doc, entries[5].clone()).unwrap();
    // Once the first copy is done, the file can be recorded again.
    rec.finish(&doc).unwrap();
    assert!(!lock_path(&path).exists(), "the lock is given back");
    let again = LiveRecording::start(&doc, &path).unwrap();
    drop(again);

    // A copy that was killed left its lock: its process is gone, so the lock is taken over.
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .arg("--list")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = Holder {
        pid: dead,
        host: jmjp_studio::recorder::lock::host_name(),
        since: "2026-11-22 09:00".into(),
        token: 7,
        system_lock: false,
    };
    std::fs::write(lock_path(&path), serde_json::to_string(&stale).unwrap()).unwrap();
    let taken = LiveRecording::start(&doc, &path).unwrap();
    let now = jmjp_studio::recorder::lock::holder(&lock_path(&path)).unwrap();
    assert_eq!(now.pid, std::process::id(), "the stale lock was taken over");
    drop(taken);
    // A lock from another machine cannot be told stale: it is respected.
    let elsewhere = Holder { host: "other-studio-pc".into(), pid: dead, ..stale };
    std::fs::write(lock_path(&path), serde_json::to_string(&elsewhere).unwrap()).unwrap();
    let Err(StartError::Lock(e)) = LiveRecording::start(&doc, &path) else {
        panic!("started over another machine's lock")
    };
    assert!(e.text().en.contains("on other-studio-pc"), "{}", e.text().en);
    std::fs::remove_dir_all(&dir).unwrap();
}
