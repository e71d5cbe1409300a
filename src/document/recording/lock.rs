//! The recording lock: which copy of the program records into a `.jmjp`, so that a second copy
//! (another window, another scorer on a shared folder) does not write into the same journal.
//!
//! Two files beside the `.jmjp`:
//! - `NAME.jmjp.lock`, the note: who holds the lock (machine, process, since when), in JSON,
//!   made whole at once (a temporary file persisted where no file is), readable by anyone;
//! - `NAME.jmjp.lock.held`, empty, which the holder keeps open with the operating system's
//!   exclusive lock on it (`flock` on Unix, `LockFileEx` on Windows, through the standard
//!   library's `File::try_lock`). The system gives that lock back when the process ends, however
//!   it ends (killed, crashed, its machine's power cut), at once, reaped or not. On Windows a
//!   locked file cannot be read: that is why the note is a file of its own.
//!
//! On one machine the system's lock decides: held, the copy runs; free, the note was left by a
//! copy that ended, and is taken over. The note's process number is judged only where its holder
//! could keep no system lock (a file system without locks; the note says so), and a note of
//! another machine is respected, since locks do not cross machines on every shared folder.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::document::io::{JsonFile, create_atomic};
use crate::document::side::SideFile;
use crate::i18n::{Text, tr};

/// What a lock's note says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub pid: u32,
    pub host: String,
    /// When the recording began (local time, as the clock says).
    pub since: String,
    /// Tells this lock from another one of the same process.
    pub token: u64,
    /// True when the holder keeps the system's lock (on `NAME.jmjp.lock.held`; copies of the
    /// program before it kept it on the note itself): that lock found free means its process
    /// ended, whatever process its number names now. False where the file system gave it no lock
    /// (and in notes of the first copies): then its process number is all there is.
    #[serde(default)]
    pub system_lock: bool,
}

/// A lock held while recording; dropping it removes its files (when they are still ours).
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    token: u64,
    /// The system's lock, for as long as this lives (none on a file system without locks).
    _held: Option<Held>,
}

/// Why the recording cannot start.
#[derive(Debug)]
pub enum LockError {
    /// Another copy of the program records into the file.
    Held { file: PathBuf, holder: Holder },
    /// A process holds the system's lock, and its note cannot be read.
    HeldUnnamed { file: PathBuf },
    /// The lock could not be written.
    Io { path: PathBuf, source: io::Error },
}

impl LockError {
    pub fn text(&self) -> Text {
        match self {
            LockError::Held { file, holder } => {
                let same_host = holder.host == host_name();
                let pid = holder.pid.to_string();
                let who = if same_host {
                    tr!("recorder-lock-process", pid = pid)
                } else {
                    tr!("recorder-lock-process-on", pid = pid, host = &holder.host)
                };
                tr!(
                    "recorder-lock-held",
                    file = file.display().to_string(),
                    who = who,
                    since = &holder.since,
                    lock = lock_path(file).display().to_string(),
                )
            }
            LockError::HeldUnnamed { file } => tr!("recorder-lock-held-unnamed", file = file.display().to_string()),
            LockError::Io { path, source } => {
                tr!("recorder-lock-unwritable", path = path.display().to_string(), why = source.to_string())
            }
        }
    }
}

/// The lock's note for the `.jmjp` at `file`: `NAME.jmjp.lock` next to it.
pub fn lock_path(file: &Path) -> PathBuf {
    SideFile::Lock.of(file)
}

/// The file the holder keeps the system's lock on, for the note at `note`: `NAME.jmjp.lock.held`.
pub fn held_path(note: &Path) -> PathBuf {
    SideFile::LockHeld.of(&SideFile::Lock.record_of(note).unwrap_or_else(|| note.to_path_buf()))
}

/// This machine's name, as far as it can be told: `COMPUTERNAME` on Windows, `/etc/hostname`
/// elsewhere.
pub fn host_name() -> String {
    let from_file = || fs::read_to_string("/etc/hostname").ok().map(|s| s.trim().to_string());
    let from_env = |key: &str| std::env::var(key).ok().map(|s| s.trim().to_string());
    let found = if cfg!(windows) {
        from_env("COMPUTERNAME").filter(|s| !s.is_empty())
    } else {
        from_file().filter(|s| !s.is_empty()).or_else(|| from_env("COMPUTERNAME")).or_else(|| from_env("HOSTNAME"))
    };
    found.filter(|s| !s.is_empty()).unwrap_or_else(|| "this computer".into())
}

/// Whether process `pid` of this machine is running: asked only of a note whose holder kept no
/// system lock. On Linux a process killed but not yet reaped (a zombie) is not running, though
/// its entry in `/proc` is still there.
pub fn running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        return match fs::read_to_string(format!("/proc/{pid}/stat")) {
            // "PID (NAME) STATE ...": the name may hold spaces and parentheses, the state follows
            // the last ')'.
            Ok(stat) => !matches!(stat.rsplit_once(") ").and_then(|(_, rest)| rest.chars().next()), Some('Z' | 'X')),
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            Err(_) => Path::new("/proc").join(pid.to_string()).exists(),
        };
    }
    if cfg!(windows) {
        // No console window of its own: it shares the program's console (hidden when
        // jmjp-studiow.exe started it), as every program the window starts does.
        let mut tasklist = std::process::Command::new("tasklist");
        tasklist.args(["/FI", &format!("PID eq {pid}"), "/NH", "/FO", "CSV"]);
        // When it cannot be told, the lock is taken as held: better to ask than to write twice.
        return match tasklist.output() {
            Ok(o) if o.status.success() => tasklist_lists(&String::from_utf8_lossy(&o.stdout), pid),
            _ => true,
        };
    }
    std::process::Command::new("kill").args(["-0", &pid.to_string()]).status().map_or(true, |s| s.success())
}

/// Whether the CSV that `tasklist /FO CSV /NH` printed lists process `pid`: a row whose second
/// field is the number (`"jmjp-studio.exe","1234","Console","1","20,480 K"`). When no process
/// matches, tasklist prints a sentence in the system's language and no such row.
pub fn tasklist_lists(csv: &str, pid: u32) -> bool {
    let field = format!("\",\"{pid}\",\"");
    csv.lines().any(|row| row.starts_with('"') && row.contains(&field))
}

/// Who holds the lock whose note is at `path`, when the note can be read.
pub fn holder(path: &Path) -> Option<Holder> {
    JsonFile::peek_at(path, |t| serde_json::from_str(t))
}

impl Holder {
    /// True for a lock of this very process (a recording under way in this window).
    pub fn is_this_process(&self) -> bool {
        self.pid == std::process::id() && self.host == host_name()
    }
}

/// What the system's lock says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemLock {
    /// A process holds it: a copy of the program is recording.
    Held,
    /// No process holds it.
    Free,
    /// It cannot be told (no such file, a file system without locks, an error).
    Unknown,
}

/// Asks the system whether a process holds the lock whose note is at `note` (its lock is on
/// [`held_path`]). Never asked of this process's own lock: on a network file system that emulates
/// the lock with a lock of the whole process, closing the probe would give it up.
pub fn system_lock(note: &Path) -> SystemLock {
    probe(&held_path(note))
}

/// Whether a process holds the system's lock on the file at `path`: it is opened (never made)
/// and the lock tried, then let go.
fn probe(path: &Path) -> SystemLock {
    let Ok(file) = File::open(path) else { return SystemLock::Unknown };
    match file.try_lock() {
        Ok(()) => SystemLock::Free,
        Err(fs::TryLockError::WouldBlock) => SystemLock::Held,
        Err(fs::TryLockError::Error(_)) => SystemLock::Unknown,
    }
}

/// Whether a process holds the system's lock of the note at `note`.
pub fn held_by_a_process(note: &Path) -> bool {
    system_lock(note) == SystemLock::Held
}

/// Whether the holder of the note at `note` is a copy of the program still running. This
/// process's own lock is never probed. A holder of another machine counts as running (that
/// cannot be told from here). One of this machine that kept the system's lock: running while the
/// lock is held; when there is no `.held` file, it is a copy from before it, which kept its lock
/// on the note itself. One that could keep none: judged by its process.
fn alive(holder: &Holder, note: &Path) -> bool {
    if holder.is_this_process() || holder.host != host_name() {
        return true;
    }
    if !holder.system_lock {
        return running(holder.pid);
    }
    match system_lock(note) {
        SystemLock::Held => true,
        SystemLock::Free => false,
        SystemLock::Unknown => match probe(note) {
            SystemLock::Held => true,
            SystemLock::Free => false,
            SystemLock::Unknown => running(holder.pid),
        },
    }
}

/// Who records into `file` now, when it is another copy of the program still running.
pub fn held_by_other(file: &Path) -> Option<Holder> {
    let note = lock_path(file);
    holder(&note).filter(|h| !h.is_this_process() && alive(h, &note))
}

/// What the note holds, as read.
enum Note {
    Absent,
    /// There, but not a note (damaged, or not readable).
    Unreadable,
    Says(Holder),
}

fn read_note(path: &Path) -> Note {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Note::Absent,
        _ => JsonFile::peek_at(path, |t| serde_json::from_str(t)).map_or(Note::Unreadable, Note::Says),
    }
}

/// How often the lock is asked again: a note made meanwhile, the `.held` file replaced between
/// its opening and its lock, or held for a moment by another copy's probe or handover.
const TRIES: usize = 20;
/// How many times in a row the system's lock is found held before its holder is named: another
/// copy's probe holds it for a moment, a recording for as long as it lasts.
const BUSY_TRIES: usize = 3;
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_millis(10);

impl Lock {
    /// Takes the lock of `file`: refused when another copy of the program holds it; a lock left
    /// by a copy that is no longer running (or a note that cannot be read) is taken over. The
    /// system's lock is taken first, then the note is judged, then this copy's note is made.
    pub fn take(file: &Path) -> Result<Lock, LockError> {
        let note = lock_path(file);
        let token = {
            use std::hash::{BuildHasher, Hasher};
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u32(std::process::id());
            h.finish()
        };
        let me = Holder {
            pid: std::process::id(),
            host: host_name(),
            since: chrono::Local::now().format("%Y-%m-%d %H:%M").to_string(),
            token,
            system_lock: false,
        };
        let held_by = |holder: Holder| LockError::Held { file: file.to_path_buf(), holder };
        let io_error = |source| LockError::Io { path: note.clone(), source };
        // `None` until asked; then `Some(None)` where the file system gives no lock.
        let mut system: Option<Option<Held>> = None;
        let mut busy = 0;
        for _ in 0..TRIES {
            let found = read_note(&note);
            if let Note::Says(h) = &found {
                // This window's own recording, another machine's (respected), or a copy from
                // before the `.held` file that still runs: held, and nothing is probed.
                let before_held_file = system.is_none() && h.system_lock && !held_path(&note).exists();
                if h.is_this_process() || h.host != me.host || (before_held_file && alive(h, &note)) {
                    return Err(held_by(h.clone()));
                }
            }
            if system.is_none() {
                match hold(&note) {
                    Hold::Taken(held) => system = Some(Some(held)),
                    Hold::NoLocks => system = Some(None),
                    Hold::Busy => {
                        busy += 1;
                        if busy >= BUSY_TRIES {
                            return Err(match found {
                                Note::Says(h) => held_by(h),
                                _ => LockError::HeldUnnamed { file: file.to_path_buf() },
                            });
                        }
                        std::thread::sleep(BUSY_WAIT);
                        continue;
                    }
                    Hold::Failed(e) => return Err(io_error(e)),
                }
            }
            let keeps = matches!(system, Some(Some(_)));
            match found {
                // Left by a copy that could keep no system lock: judged by its process.
                Note::Says(h) if !h.system_lock && running(h.pid) => return Err(held_by(h)),
                // Under the system's lock any other note of this machine is a copy's that ended.
                Note::Says(_) | Note::Unreadable => {
                    let _ = fs::remove_file(&note);
                }
                Note::Absent => {}
            }
            let mine = Holder { system_lock: keeps, ..me.clone() };
            match write_note(&note, &mine) {
                Ok(()) => return Ok(Lock { path: note, token, _held: system.flatten() }),
                // Made meanwhile (by a copy on another machine): judged again.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(io_error(e)),
            }
        }
        Err(io_error(io::Error::new(io::ErrorKind::AlreadyExists, "the lock keeps coming back")))
    }

    /// The lock's note.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Makes the note at `path` saying `me`, whole at once, where no note is (`AlreadyExists`
/// otherwise): a temporary file persisted without replacing. On a file system that cannot do
/// that (no hard links, no rename that refuses to replace) it is made in place.
fn write_note(path: &Path, me: &Holder) -> io::Result<()> {
    let json = serde_json::to_string(me).map_err(io::Error::other)?;
    match create_atomic(path, json.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::AlreadyExists => {
            let mut file = OpenOptions::new().write(true).create_new(true).open(path).map_err(|_| e)?;
            io::Write::write_all(&mut file, json.as_bytes())?;
            file.sync_all()
        }
        done => done,
    }
}

/// The system's lock, held: the `.held` file open with the exclusive lock on it. Dropped, the file
/// is deleted (while still locked, and only when it is still the file at its path), then closed,
/// which gives the lock back.
#[derive(Debug)]
struct Held {
    file: File,
    path: PathBuf,
}

impl Drop for Held {
    fn drop(&mut self) {
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// What asking for the system's lock gave.
enum Hold {
    Taken(Held),
    /// Another process holds it.
    Busy,
    /// The file system gives no lock.
    NoLocks,
    Failed(io::Error),
}

/// Takes the system's lock of the note at `note`: `NAME.jmjp.lock.held` opened (made when it is
/// not there) and locked, without waiting. A copy giving its lock back deletes the file: one
/// locked just after it was deleted (or replaced) is not the one at the path, and is opened again.
fn hold(note: &Path) -> Hold {
    let path = held_path(note);
    for _ in 0..TRIES {
        let file = match OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path) {
            Ok(f) => f,
            // Windows: a file being deleted cannot be opened until its last holder closes it.
            Err(e) if cfg!(windows) && e.kind() == io::ErrorKind::PermissionDenied => {
                std::thread::sleep(BUSY_WAIT);
                continue;
            }
            Err(e) => return Hold::Failed(e),
        };
        match file.try_lock() {
            Ok(()) if same_file(&file, &path) => return Hold::Taken(Held { file, path }),
            Ok(()) => continue,
            Err(fs::TryLockError::WouldBlock) => return Hold::Busy,
            Err(fs::TryLockError::Error(_)) => {
                drop(file);
                let _ = fs::remove_file(&path);
                return Hold::NoLocks;
            }
        }
    }
    Hold::Busy
}

/// Whether `file` is the file at `path` now (not one deleted or replaced since it was opened).
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
            _ => false,
        }
    }
    #[cfg(windows)]
    {
        let handle = file.try_clone().and_then(same_file::Handle::from_file);
        match (handle, same_file::Handle::from_path(path)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = (file, path);
        true
    }
}

impl Drop for Lock {
    /// The note goes (when it is still this lock's), then the `.held` file, then the system's lock.
    fn drop(&mut self) {
        if holder(&self.path).is_some_and(|h| h.token == self.token && h.pid == std::process::id()) {
            let _ = fs::remove_file(&self.path);
        }
    }
}
