//! What Windows brings to files and paths, tested on every system, and under Wine on the Windows
//! build (packaging/windows/wine-check.sh): files with CRLF line ends, Japanese and long file
//! names, saving over a file that another program holds open, the journal noticing that its file
//! was replaced, the recording lock held by another running copy, the user's own folders.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use jmjp_studio::document::{Document, io};
use jmjp_studio::format;
use jmjp_studio::recorder::journal::Journal;
use jmjp_studio::recorder::lock::{self, Lock};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jmjp-platform-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// True when this is Windows as Wine gives it (packaging/windows/wine-check.sh): Wine puts its
/// own programs in the system folder.
fn under_wine() -> bool {
    cfg!(windows) && Path::new(r"C:\windows\system32\winecfg.exe").exists()
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6")
}

/// The canonical fixtures and every corpus game converted: (name, canonical text with LF).
fn paifu_texts() -> Vec<(String, String)> {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    let mut games: Vec<PathBuf> = std::fs::read_dir(corpus()).unwrap().map(|e| e.unwrap().path()).collect();
    games.sort();
    for g in games {
        let (doc, _, _) = io::import(&g).unwrap();
        out.push((g.file_name().unwrap().to_string_lossy().into_owned(), format::write(doc.paifu())));
    }
    out.sort();
    assert!(out.len() >= 40, "the fixtures and the corpus are read ({} files)", out.len());
    out
}

fn cli(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = jmjp_studio::cli::run(std::iter::once("jmjp-studio").chain(args.iter().copied()), &mut out, &mut err);
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

#[test]
fn a_file_with_crlf_line_ends_reads_as_the_same_paifu_and_is_written_back_with_lf() {
    let dir = temp_dir("crlf");
    for (name, lf) in paifu_texts() {
        let crlf = lf.replace('\n', "\r\n");
        let paifu = |text: &str| io::parse(text).unwrap().paifu;
        assert_eq!(paifu(&crlf), paifu(&lf), "{name}: CRLF reads as LF");
        assert_eq!(paifu(&format!("\u{feff}{crlf}")), paifu(&lf), "{name}: BOM and CRLF");
        // `check` finds the same things at the same lines and columns.
        let (a, b) = (dir.join("lf").join(&name), dir.join("crlf").join(&name));
        for (p, text) in [(&a, &lf), (&b, &crlf)] {
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        let (code_lf, out_lf, _) = cli(&["check", a.to_str().unwrap()]);
        let (code_crlf, out_crlf, _) = cli(&["check", b.to_str().unwrap()]);
        assert_eq!(code_crlf, code_lf, "{name}");
        assert_eq!(out_crlf.replace(b.to_str().unwrap(), "F"), out_lf.replace(a.to_str().unwrap(), "F"), "{name}");
        // `fmt` rewrites a file without errors in the canonical text, whose line ends are LF on
        // every system (one with errors it leaves as it is, CRLF or not).
        let fmt_lf = cli(&["fmt", a.to_str().unwrap()]).0;
        assert_eq!(cli(&["fmt", b.to_str().unwrap()]).0, fmt_lf, "{name}");
        if fmt_lf == 0 {
            let written = std::fs::read_to_string(&b).unwrap();
            assert!(!written.contains('\r'), "{name}: written with LF only");
            assert_eq!(written, std::fs::read_to_string(&a).unwrap(), "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mistake_in_a_crlf_file_is_found_at_the_same_line_and_column() {
    let dir = temp_dir("crlf-error");
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/readme_sample.jmjp"),
    )
    .unwrap();
    // A broken act (its ")" missing: found where the next act starts), and South's tsumogiri
    // recorded as a discard of a tile the hand lacks (found by the rules).
    for (planted, from, to, at) in [
        ("parse", "(w,1s,tg)", "(w,1s,tg", ":19:5: error: expected ')' to close the act"),
        ("rules", "(s,8p,tg)", "(s,7m,)", ":22:5: error: E1-0, act 7: S did not discard at act 6"),
    ] {
        let lf = sample.replacen(from, to, 1);
        let (a, b) = (dir.join(format!("{planted}-lf.jmjp")), dir.join(format!("{planted}-crlf.jmjp")));
        std::fs::write(&a, &lf).unwrap();
        std::fs::write(&b, lf.replace('\n', "\r\n")).unwrap();
        let (code_a, out_a, err_a) = cli(&["check", a.to_str().unwrap()]);
        let (code_b, out_b, err_b) = cli(&["check", b.to_str().unwrap()]);
        let said = format!("{out_a}{err_a}");
        assert_eq!(code_a, 1, "{planted}: {said}");
        assert!(said.contains(&format!("{}{at}", a.display())), "{planted}: {said}");
        let same = |t: &str| t.replace("-crlf.jmjp", "-lf.jmjp");
        assert_eq!((code_b, same(&out_b), same(&err_b)), (code_a, out_a, err_a), "{planted}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn japanese_and_long_file_names_are_saved_and_read() {
    let dir = temp_dir("names");
    // Three folders of about 75 characters (225 bytes each in UTF-8): a path of over 260
    // characters, Windows's old limit (MAX_PATH), and of over 600 bytes. (No name ends in a
    // space: Windows drops it from short paths and keeps it in long ones.)
    let mut folder = dir.clone();
    for part in [
        "Ｍリーグ２０２３－２４レギュラーシーズン",
        "第５７試合 渋谷ＡＢＥＭＡＳ 対 赤坂ドリブンズ",
        "採譜 山田太郎 確認済み",
    ] {
        folder =
            folder.join(part.repeat(75 / part.chars().count() + 1).chars().take(75).collect::<String>().trim_end());
    }
    let path = folder.join("多井隆晴 園田賢 鈴木たろう 佐々木寿人 東一局から南四局まで.jmjp");
    assert!(path.to_string_lossy().chars().count() > 260, "{}", path.display());
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/readme_sample.jmjp"),
    )
    .unwrap();
    let mut doc = Document::new(io::parse(&text).unwrap().paifu, false);
    io::make_folder(&path).unwrap();
    io::save(&mut doc, &path, false).unwrap();
    let loaded = io::load(&path).unwrap().into_document();
    assert_eq!(loaded.paifu(), doc.paifu());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "saved byte for byte");
    let (code, out, err) = cli(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // The recording's journal and lock live beside it.
    let journal = Journal::create(&io::journal_path(&path), &doc, &io::RealDisk).unwrap();
    assert!(journal.is_at_its_path());
    let held = Lock::take(&path).unwrap();
    assert!(lock::held_by_a_process(held.path()));
    drop((held, journal));
    assert!(!lock::lock_path(&path).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_file_replaces_one_that_a_reader_holds_open() {
    let dir = temp_dir("held");
    let path = dir.join("served.jmjp");
    std::fs::write(&path, b"old").unwrap();
    // A reader that opened the file before the save (the standard library lets others delete and
    // replace a file it opened, as most programs do) keeps reading what it opened.
    let mut reader = std::fs::File::open(&path).unwrap();
    io::write_atomic(&path, b"new").unwrap();
    let mut seen = String::new();
    std::io::Read::read_to_string(&mut reader, &mut seen).unwrap();
    assert_eq!(seen, "old");
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    // The old file goes once its reader closes it.
    drop(reader);
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left: {leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Windows: a program that holds the file open without sharing delete (as some players and
/// editors do) keeps it from being replaced; the save waits a moment, then says why.
#[cfg(windows)]
#[test]
fn a_file_held_open_without_delete_sharing_is_saved_once_it_is_let_go_and_otherwise_refused_with_why() {
    use std::os::windows::fs::OpenOptionsExt;
    const FILE_SHARE_READ: u32 = 1;
    let dir = temp_dir("held-windows");
    let path = dir.join("served.jmjp");
    std::fs::write(&path, b"old").unwrap();
    let holder = std::fs::OpenOptions::new().read(true).share_mode(FILE_SHARE_READ).open(&path).unwrap();
    let e = io::write_atomic(&path, b"new").unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::ResourceBusy, "{e}");
    let why = io::why_not_written(&e);
    assert!(why.en.contains("another program has the file open"), "{}", why.en);
    assert!(why.ja.contains("別のプログラム"), "{}", why.ja);
    assert_eq!(std::fs::read(&path).unwrap(), b"old", "the file is as it was");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
    // Let go within the wait: the save goes through.
    let releaser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(5));
        drop(holder);
    });
    let saved = io::write_atomic(&path, b"new");
    releaser.join().unwrap();
    if saved.is_err() {
        // The holder was let go after the last try: the next save (the recorder's next entry)
        // goes through.
        io::write_atomic(&path, b"new").unwrap();
    }
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Windows: a read-only file that a reader holds open is replaced (the rename refused, the old
/// file set aside and deleted), and nothing is left beside it once the reader closes it.
#[cfg(windows)]
#[test]
fn a_read_only_file_held_open_by_a_reader_is_replaced_with_nothing_left_beside_it() {
    let dir = temp_dir("read-only");
    let path = dir.join("served.jmjp");
    std::fs::write(&path, b"old").unwrap();
    // Windows: the read-only attribute alone (what the lint warns of is Unix's mode bits).
    #[allow(clippy::permissions_set_readonly_false)]
    let set_read_only = |read_only: bool| {
        let mut permissions = std::fs::metadata(&path).unwrap().permissions();
        permissions.set_readonly(read_only);
        std::fs::set_permissions(&path, permissions).unwrap();
    };
    set_read_only(true);
    let reader = std::fs::File::open(&path).unwrap();
    io::write_atomic(&path, b"new").unwrap();
    drop(reader);
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "nothing beside it: {left:?}");
    assert!(std::fs::metadata(&path).unwrap().permissions().readonly(), "still read-only, as it was");
    set_read_only(false);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_with_the_files_name_is_never_replaced_or_moved() {
    let dir = temp_dir("folder");
    let path = dir.join("match.jmjp");
    std::fs::create_dir(&path).unwrap();
    let e = io::write_atomic(&path, b"new").unwrap_err();
    assert_ne!(e.kind(), std::io::ErrorKind::ResourceBusy, "not said to be held open: {e}");
    assert!(path.is_dir(), "the folder is where it was");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "nothing beside it: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_journal_notices_its_file_deleted_replaced_or_cut() {
    let dir = temp_dir("journal");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/minimal.jmjp"))
            .unwrap();
    let doc = Document::new(io::parse(&text).unwrap().paifu, false);
    let path = dir.join("m.jmjp.journal");
    let make = || Journal::create(&path, &doc, &io::RealDisk).unwrap();

    let j = make();
    assert!(j.is_at_its_path());
    std::fs::remove_file(&path).unwrap();
    if under_wine() {
        // Wine 8 still opens a deleted file by its name while a handle holds it; Windows does
        // not (since Windows 10 1903 the name is gone at once, before it the file is "delete
        // pending" and refuses to open).
        println!("skipped under Wine: a deleted file still open is still found by its name there");
    } else {
        assert!(!j.is_at_its_path(), "deleted");
    }
    drop(j);

    let j = make();
    let same_bytes = std::fs::read(&path).unwrap();
    let other = dir.join("other");
    std::fs::write(&other, &same_bytes).unwrap();
    // Moved away and another put in its place (Wine cannot rename over a file held open).
    std::fs::rename(&path, dir.join("moved")).unwrap();
    std::fs::rename(&other, &path).unwrap();
    assert!(!j.is_at_its_path(), "replaced by a file of the same length");
    drop(j);

    let j = make();
    let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    f.set_len(3).unwrap();
    assert!(!j.is_at_its_path(), "cut");
    drop((j, f));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The child half of the lock test: takes the lock of the file named by `JMJP_LOCK_FILE`, says
/// so on standard output, and holds it until its standard input closes.
#[test]
#[ignore = "run by a_lock_held_by_another_running_copy_is_respected_and_taken_over_once_it_is_gone"]
fn lock_holder_child() {
    let Some(file) = std::env::var_os("JMJP_LOCK_FILE") else { return };
    let held = Lock::take(Path::new(&file)).unwrap();
    println!("HOLDING {}", held.path().display());
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut rest);
    drop(held);
}

/// Starts a second copy (this test binary's `lock_holder_child`) that takes the lock of `file`,
/// and waits until it says it holds it.
fn second_copy_holding(file: &Path) -> std::process::Child {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "platform::lock_holder_child", "--ignored", "--nocapture", "--test-threads=1"])
        .env("JMJP_LOCK_FILE", file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The test harness prints "test platform::lock_holder_child ... " before the child's own words.
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    assert!(lines.any(|l| l.unwrap().contains("HOLDING ")), "the other copy took the lock");
    child
}

#[test]
fn a_lock_held_by_another_running_copy_is_respected_and_taken_over_once_it_is_gone() {
    let dir = temp_dir("lock");
    let file = dir.join("live.jmjp");
    let mut child = second_copy_holding(&file);

    // The other copy runs: this one may not record, and is told who does.
    let other = lock::held_by_other(&file).expect("the lock is seen held");
    assert_eq!(other.pid, child.id());
    assert!(other.system_lock, "it keeps the system's lock");
    assert!(lock::held_by_a_process(&lock::lock_path(&file)));
    let Err(e) = Lock::take(&file) else { panic!("the lock of a running copy was taken") };
    assert!(e.text().en.contains("is being recorded by another copy of the program"), "{}", e.text().en);

    // It is killed (its lock file stays behind): the system lets go of its lock.
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(lock::lock_path(&file).exists(), "a killed copy leaves its lock file");
    assert_eq!(lock::system_lock(&lock::lock_path(&file)), lock::SystemLock::Free);
    // Its process number now names another running process (numbers are reused): the lock is
    // stale all the same, since the system's lock it kept is free.
    let mut reused = second_copy_holding(&dir.join("other.jmjp"));
    let mut stale = lock::holder(&lock::lock_path(&file)).unwrap();
    stale.pid = reused.id();
    std::fs::write(lock::lock_path(&file), serde_json::to_string(&stale).unwrap()).unwrap();
    assert!(lock::held_by_other(&file).is_none(), "not held, whatever its number names");
    let taken = Lock::take(&file).unwrap();
    assert_eq!(lock::holder(taken.path()).unwrap().pid, std::process::id());
    drop(taken);
    drop(reused.stdin.take());
    reused.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Linux: waits, without reaping it, until the killed process `pid` is a zombie with no thread
/// left (all it had open is closed by then), while `/proc/PID` is still there: the moment a restart
/// was once told the file "is being recorded by another copy (process PID)".
#[cfg(target_os = "linux")]
fn until_dead_not_reaped(pid: u32) {
    let start = std::time::Instant::now();
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let zombie = status.lines().any(|l| l.starts_with("State:") && l.contains("zombie"));
        if zombie && status.lines().any(|l| l == "Threads:\t1") {
            return;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "process {pid} did not end: {status}");
        std::thread::yield_now();
    }
}

#[test]
fn a_copy_killed_while_recording_gives_the_lock_back_at_once_reaped_or_not() {
    let dir = temp_dir("killed");
    let file = dir.join("killed.jmjp");
    let note = lock::lock_path(&file);
    let mut child = second_copy_holding(&file);
    let pid = child.id();
    // A second copy while the first runs: refused, the first one named.
    let Err(e) = Lock::take(&file) else { panic!("the lock of a running copy was taken") };
    assert!(e.text().en.contains(&format!("(process {pid}, since ")), "{}", e.text().en);
    assert!(lock::held_by_other(&file).is_some_and(|h| h.pid == pid && h.system_lock));
    // SIGKILL (Unix; TerminateProcess on Windows): nothing of it runs after, its files stay.
    child.kill().unwrap();
    #[cfg(target_os = "linux")]
    {
        until_dead_not_reaped(pid);
        assert!(Path::new(&format!("/proc/{pid}")).exists(), "not reaped: its process number is still taken");
        assert!(!lock::running(pid), "a zombie is not running");
    }
    #[cfg(not(target_os = "linux"))]
    child.wait().unwrap();
    assert_eq!(lock::holder(&note).unwrap().pid, pid, "its note is left behind");
    assert!(lock::held_path(&note).exists());
    // At once, no waiting: the system gave its lock back as the process ended.
    assert!(lock::held_by_other(&file).is_none());
    let taken = Lock::take(&file).unwrap();
    assert_eq!(lock::holder(taken.path()).unwrap().pid, std::process::id());
    drop(taken);
    assert!(!note.exists() && !lock::held_path(&note).exists(), "both files go with the lock");
    // A note of a copy that could keep no lock of the system (a file system without locks)
    // naming the dead process: judged by its process, which is not running.
    let no_lock =
        lock::Holder { pid, host: lock::host_name(), since: "2026-11-24 09:00".into(), token: 9, system_lock: false };
    std::fs::write(&note, serde_json::to_string(&no_lock).unwrap()).unwrap();
    assert!(lock::held_by_other(&file).is_none());
    drop(Lock::take(&file).unwrap());
    #[cfg(target_os = "linux")]
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tasklist_output_is_read_by_its_process_number_field() {
    let listed = "\"jmjp-studio.exe\",\"1234\",\"Console\",\"1\",\"20,480 K\"\r\n";
    assert!(lock::tasklist_lists(listed, 1234));
    assert!(!lock::tasklist_lists(listed, 123), "not a part of another number");
    assert!(!lock::tasklist_lists(listed, 480), "not the memory column");
    assert!(!lock::tasklist_lists("INFO: No tasks are running which match the specified criteria.\r\n", 1234));
    assert!(!lock::tasklist_lists("情報: 指定された条件に一致するタスクは実行されていません。\r\n", 1234));
    assert!(!lock::tasklist_lists("", 1234));
}

/// Windows: the settings, the roster and the recordings are in the user's AppData (Roaming).
#[cfg(windows)]
#[test]
fn the_users_files_are_under_appdata() {
    use jmjp_studio::settings::Settings;
    let appdata = PathBuf::from(std::env::var_os("APPDATA").expect("APPDATA is set on Windows"));
    for (what, p) in [
        ("settings", Settings::default_path().unwrap()),
        ("roster", Settings::default_roster_path().unwrap()),
        ("recordings", Settings::default_autosave_folder()),
    ] {
        assert!(p.starts_with(&appdata), "{what}: {} is not under {}", p.display(), appdata.display());
        assert!(p.to_string_lossy().contains("jmjp-studio"), "{what}: {}", p.display());
    }
}
