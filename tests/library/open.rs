//! The one open: whatever the file (a `.jmjp`, a broken one, a tenhou.net/6 or mjai log, one
//! with a recording's journal beside it, one another copy of the program is recording, a missing
//! file, a folder, binary junk, a BOM), `open` says what it is, with a position and both
//! languages when it cannot be used, and reads each file once (counted through the `Store` seam).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

use jmjp_studio::document::Document;
use jmjp_studio::document::io::{ReadError, RealDisk, Store, journal_path};
use jmjp_studio::format::{self, Paifu};
use jmjp_studio::i18n::Lang;
use jmjp_studio::interop::{self, Format, tenhou6};
use jmjp_studio::recorder::lock::{Lock, lock_path};
use jmjp_studio::recorder::open::{Beside, Opened, open, open_alone, open_in};
use jmjp_studio::recorder::{journal, recoverable, to_recover};

/// The real disk, counting the reads of each file.
#[derive(Debug, Default)]
struct CountingDisk {
    reads: Mutex<HashMap<PathBuf, usize>>,
}

impl Store for CountingDisk {
    fn replace(&self, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        RealDisk.replace(path, bytes)
    }

    fn append(&self, file: &mut File, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        RealDisk.append(file, path, bytes)
    }

    fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        *self.reads.lock().unwrap().entry(path.to_path_buf()).or_default() += 1;
        RealDisk.read(path)
    }
}

impl CountingDisk {
    fn reads(&self, path: &Path) -> usize {
        self.reads.lock().unwrap().get(path).copied().unwrap_or(0)
    }

    fn all_reads(&self) -> usize {
        self.reads.lock().unwrap().values().sum()
    }
}

/// Opens `path` as the app and the command line do, through a disk that counts the reads.
fn opened(path: &Path) -> (Result<Opened, ReadError>, CountingDisk) {
    let disk = CountingDisk::default();
    (open_in(path, None, &disk), disk)
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-open1-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name)
}

/// A real game from the corpus, as a record.
fn real_game() -> Paifu {
    tenhou6::import(&std::fs::read_to_string(corpus("pantheon_west.json")).unwrap()).unwrap()
}

fn frames(p: &Paifu) -> usize {
    p.matches.iter().map(|m| m.frames.len()).sum()
}

#[test]
fn a_jmjp_file_is_parsed_and_read_once_with_or_without_a_bom() {
    let dir = folder("jmjp");
    let game = real_game();
    let text = format::write(&game);
    for (name, bytes) in
        [("plain.jmjp", text.clone().into_bytes()), ("bom.jmjp", format!("\u{feff}{text}").into_bytes())]
    {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let (result, disk) = opened(&path);
        let Ok(Opened::Paifu { loaded, beside }) = result else { panic!("{name}: {result:?}") };
        assert_eq!(loaded.parsed.paifu, game, "{name}");
        assert_eq!(loaded.parsed.had_bom, name == "bom.jmjp");
        assert_eq!(loaded.bytes, bytes, "{name}: the bytes as they are on disk");
        assert!(matches!(beside, Beside::NoJournal), "{beside:?}");
        assert_eq!((disk.reads(&path), disk.all_reads()), (1, 1), "{name} is read once, and nothing else");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_jmjp_file_gives_its_text_and_the_position_in_both_languages() {
    let dir = folder("broken");
    let path = dir.join("broken.jmjp");
    std::fs::write(&path, "\u{feff}jmjp[1.0](\nmtp[20231002,mon,1900,mlg-std]\nply[0,,,,]x").unwrap();
    let (result, disk) = opened(&path);
    let e = result.unwrap_err();
    let (en, ja) = (e.text().into_lang(Lang::En), e.text().into_lang(Lang::Ja));
    let ReadError::Parse { error, text, .. } = e else { panic!("{e:?}") };
    assert_eq!(error.line, 3, "{en}");
    let at = format!("broken.jmjp:3:{}: ", error.column);
    assert!(en.contains(&at) && ja.contains(&at), "{en}\n{ja}");
    assert_ne!(en, ja, "the message is in each language");
    assert!(text.starts_with("jmjp[1.0]("), "the text view gets the text without the BOM");
    assert_eq!(disk.reads(&path), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tenhou_log_of_the_corpus_is_converted_where_it_lies() {
    let log = corpus("pantheon_west.json");
    let (result, disk) = opened(&log);
    let Ok(Opened::Log { path, format, paifu, .. }) = result else { panic!("{result:?}") };
    assert_eq!((path.as_path(), format), (log.as_path(), Format::Tenhou6));
    assert_eq!(paifu, real_game());
    assert_eq!(disk.reads(&log), 1);
    // With a BOM (an editor on Windows saved it), and under a name that says nothing.
    let dir = folder("tenhou6");
    let copy = dir.join("downloaded");
    std::fs::write(&copy, format!("\u{feff}{}", std::fs::read_to_string(&log).unwrap())).unwrap();
    let Ok(Opened::Log { format, paifu, .. }) = opened(&copy).0 else { panic!("the BOM hides the log") };
    assert_eq!((format, paifu), (Format::Tenhou6, real_game()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_mjai_log_is_told_by_its_content_and_converted() {
    // The corpus holds tenhou.net/6 logs only: one of its games, written as mjai.
    let dir = folder("mjai");
    let game = real_game();
    let log = dir.join("game.txt");
    std::fs::write(&log, interop::export(Format::Mjai, &game).unwrap()).unwrap();
    let (result, disk) = opened(&log);
    let Ok(Opened::Log { format, paifu, .. }) = result else { panic!("{result:?}") };
    assert_eq!(format, Format::Mjai);
    assert_eq!(frames(&paifu), frames(&game));
    assert_eq!(disk.reads(&log), 1);
    // A log cut in half is a log that does not convert, and says where.
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, &text[..text.len() / 2]).unwrap();
    let e = opened(&log).0.unwrap_err();
    assert!(matches!(e, ReadError::Convert { format: Format::Mjai, .. }), "{e:?}");
    assert!(e.text().get(Lang::En).contains("game.txt: line "), "{}", e.text().get(Lang::En));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A recording left behind in `dir`: the file holds the match's header, the journal `entries`
/// entries more. Returns the file and what the journal rebuilds.
fn recording_left(dir: &Path, entries: usize) -> (PathBuf, Paifu) {
    let (header, all) = common::match_of("pantheon_four_wind_draw.json");
    let base = Document::new(Paifu { matches: vec![header] }, false);
    let path = dir.join("m.jmjp");
    std::fs::write(&path, format::write(base.paifu())).unwrap();
    let text = journal::text_of(&base, &all[..entries]).unwrap();
    std::fs::write(journal_path(&path), &text).unwrap();
    let rebuilt = journal::Journal::read(&journal_path(&path)).unwrap().document().unwrap().0;
    (path, rebuilt.paifu().clone())
}

#[test]
fn a_journal_holding_more_than_the_file_is_offered_and_each_file_is_read_once() {
    let dir = folder("journal");
    let (path, rebuilt) = recording_left(&dir, 40);
    let (result, disk) = opened(&path);
    let Ok(Opened::Paifu { loaded, beside: Beside::Recover(r) }) = result else { panic!("{result:?}") };
    assert_eq!((r.entries, r.damage), (40, None));
    assert_eq!(r.doc.paifu(), &rebuilt);
    assert_ne!(&loaded.parsed.paifu, r.doc.paifu(), "the journal holds more than the file");
    assert_eq!((disk.reads(&path), disk.reads(&journal_path(&path)), disk.all_reads()), (1, 1, 2));
    assert!(recoverable(&path).is_some_and(|r| r.is_ok()), "the recorder's own question says the same");

    // Once the file holds every entry, the journal is nothing to recover.
    std::fs::write(&path, format::write(&rebuilt)).unwrap();
    let Ok(Opened::Paifu { beside, .. }) = opened(&path).0 else { panic!() };
    assert!(matches!(beside, Beside::InTheFile), "{beside:?}");
    assert!(recoverable(&path).is_none());

    // A journal that is not one says why, with its position, in both languages.
    std::fs::write(journal_path(&path), "not a journal\n").unwrap();
    let Ok(Opened::Paifu { beside: Beside::Unusable(why), .. }) = opened(&path).0 else { panic!() };
    assert!(why.en.contains("m.jmjp.journal:1: the first line is not a journal header"), "{}", why.en);
    assert!(why.ja.contains("m.jmjp.journal:1："), "{}", why.ja);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The command line's `check`, `fmt`, `convert`, `compare` and `review` read what the file holds
/// alone: a journal beside it is neither read nor replayed (recovering is the app's).
#[test]
fn opened_alone_a_file_is_read_once_and_its_journal_not_at_all() {
    let dir = folder("alone");
    let (path, _) = recording_left(&dir, 40);
    let disk = CountingDisk::default();
    let result = open_alone(&path, None, &disk);
    let Ok(Opened::Paifu { beside: Beside::NotLooked, .. }) = result else { panic!("{result:?}") };
    assert_eq!((disk.reads(&path), disk.reads(&journal_path(&path)), disk.all_reads()), (1, 0, 1));
    // The app's open still offers the recovery.
    assert!(matches!(opened(&path).0, Ok(Opened::Paifu { beside: Beside::Recover(_), .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn only_recordings_cut_short_are_offered_for_recovery() {
    // Three recordings in the autosave folder: one cut short (its journal holds 30 entries its
    // file does not), one ended cleanly (its journal removed), one whose file was saved with
    // every entry before its journal could be removed.
    let dir = folder("to-recover");
    let place = |name: &str, file_holds_all: bool, journal_kept: bool| {
        let (path, rebuilt) = recording_left(&dir, 30);
        if file_holds_all {
            std::fs::write(&path, format::write(&rebuilt)).unwrap();
        }
        let to = dir.join(format!("{name}.jmjp"));
        std::fs::rename(&path, &to).unwrap();
        std::fs::rename(journal_path(&path), journal_path(&to)).unwrap();
        if !journal_kept {
            std::fs::remove_file(journal_path(&to)).unwrap();
        }
        to
    };
    let cut_short = place("cut-short", false, true);
    let clean = place("clean", true, false);
    let saved = place("saved", true, true);
    assert!(clean.exists() && journal_path(&saved).exists());
    assert_eq!(to_recover(&dir), vec![cut_short.clone()], "only the recording cut short");
    // Once its file holds everything, it is no longer offered.
    let rebuilt = journal::Journal::read(&journal_path(&cut_short)).unwrap().document().unwrap().0;
    std::fs::write(&cut_short, format::write(rebuilt.paifu())).unwrap();
    assert!(to_recover(&dir).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Another copy of the program holding the recording lock of `file`: this test binary again,
/// running the ignored test below; it says `LOCK-HELD` once it holds the lock.
fn another_copy_recording(file: &Path) -> Child {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["open::holds_the_lock_named_by_the_parent", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("JMJP_OPEN_HOLD_LOCK", file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let held = out.lines().map_while(Result::ok).any(|l| l.contains("LOCK-HELD"));
    assert!(held, "the other copy did not take the lock");
    child
}

#[test]
#[ignore = "another copy of the program, started by a_file_another_running_copy_records_into_names_it_and_a_killed_copy_leaves_a_recovery"]
fn holds_the_lock_named_by_the_parent() {
    let Some(file) = std::env::var_os("JMJP_OPEN_HOLD_LOCK") else { return };
    let _lock = Lock::take(Path::new(&file)).unwrap();
    println!("LOCK-HELD");
    // Held until the parent closes the pipe (or kills this process).
    let _ = std::io::stdin().read_line(&mut String::new());
}

#[test]
fn a_file_another_running_copy_records_into_names_it_and_a_killed_copy_leaves_a_recovery() {
    let dir = folder("lock");
    let (path, _) = recording_left(&dir, 12);
    let mut child = another_copy_recording(&path);
    let Ok(Opened::Paifu { beside: Beside::Held(holder), .. }) = opened(&path).0 else {
        panic!("the lock is not seen")
    };
    assert_eq!(holder.pid, child.id());
    let told = recoverable(&path).unwrap().unwrap_err();
    let process = format!("process {}", child.id());
    assert!(told.en.contains("being recorded by another copy of the program") && told.en.contains(&process));
    assert!(told.ja.contains("記録中です"), "{}", told.ja);
    // The other copy is killed: its lock is left, no process holds it, the journal is offered.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(lock_path(&path).exists(), "a killed copy leaves its lock file");
    let Ok(Opened::Paifu { beside: Beside::Recover(r), .. }) = opened(&path).0 else { panic!("not offered") };
    assert_eq!(r.entries, 12);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_a_folder_and_binary_junk_say_what_they_are_in_both_languages() {
    let dir = folder("junk");
    let missing = dir.join("none.jmjp");
    let (result, disk) = opened(&missing);
    let e = result.unwrap_err();
    assert!(matches!(e, ReadError::Unreadable { .. }), "{e:?}");
    assert!(e.text().get(Lang::En).contains("none.jmjp: could not be read"), "{}", e.text().get(Lang::En));
    assert!(e.text().get(Lang::Ja).contains("none.jmjp: 読めませんでした"), "{}", e.text().get(Lang::Ja));
    assert_eq!(disk.all_reads(), 0);

    let (result, disk) = opened(&dir);
    let e = result.unwrap_err();
    assert!(matches!(e, ReadError::Folder { .. }), "{e:?}");
    assert!(e.text().get(Lang::En).ends_with(": a folder, not a file"), "{}", e.text().get(Lang::En));
    assert!(e.text().get(Lang::Ja).ends_with("ファイルではなくフォルダです"), "{}", e.text().get(Lang::Ja));
    assert_eq!(disk.all_reads(), 0, "a folder is not read");

    let junk = dir.join("photo.jmjp");
    std::fs::write(&junk, b"jmjp[1.0](\n\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
    let (result, disk) = opened(&junk);
    let e = result.unwrap_err();
    let (en, ja) = (e.text().into_lang(Lang::En), e.text().into_lang(Lang::Ja));
    let ReadError::NotUtf8 { offset, line, column, .. } = e else { panic!("{e:?}") };
    assert_eq!((offset, line, column), (11, 2, 1));
    assert!(en.contains("photo.jmjp: the file is not UTF-8 text (bad byte at offset 11)"), "{en}");
    assert!(ja.contains("UTF-8 のテキストではありません"), "{ja}");
    assert_eq!(disk.reads(&junk), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn where_only_a_jmjp_file_will_do_a_log_is_refused_saying_how_to_read_it() {
    let e = open(&corpus("pantheon_west.json")).and_then(Opened::into_loaded).unwrap_err();
    assert!(e.text().get(Lang::En).contains("a log (tenhou.net/6), not a .jmjp file"), "{}", e.text().get(Lang::En));
    assert!(e.text().get(Lang::Ja).contains("tenhou.net/6 のログです"), "{}", e.text().get(Lang::Ja));
    // The format the user names is the format read: a log read as .jmjp does not parse.
    let e = open_in(&corpus("pantheon_west.json"), Some(Format::Jmjp), &RealDisk).unwrap_err();
    assert!(matches!(e, ReadError::Parse { .. }), "{e:?}");
}
