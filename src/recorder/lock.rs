//! The recording lock: a small file beside the `.jmjp` (`NAME.jmjp.lock`) saying which copy of the
//! program is recording into it, so that a second copy (another window, another scorer on a shared
//! folder) does not write into the same journal. The holder keeps the file open with a shared
//! lock of the operating system on it, which the system gives back when the process ends however
//! it ends: a lock file that no process holds so was left by a copy that was killed, and is taken
//! over. The process number it names is a second opinion, for copies of the program from before
//! the system lock (and is all there is for a lock of another machine, which counts as held).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::i18n::{Text, tr};

/// What a lock file says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub pid: u32,
    pub host: String,
    /// When the recording began (local time, as the clock says).
    pub since: String,
    /// Tells this lock from another one of the same process.
    pub token: u64,
    /// True when the holder keeps the system's lock on the file (copies of the program from this
    /// version on, on a file system with locks): that lock found free means its process ended,
    /// whatever process its number names now. False in lock files of older copies.
    #[serde(default)]
    pub system_lock: bool,
}

/// A lock held while recording; dropping it removes the file (when it is still ours).
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    token: u64,
    /// The lock file, open with the system's shared lock on it for as long as this lives.
    _held: fs::File,
}

/// Why the recording cannot start.
#[derive(Debug)]
pub enum LockError {
    /// Another copy of the program records into the file.
    Held { file: PathBuf, holder: Holder },
    /// The lock file could not be written.
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
            LockError::Io { path, source } => {
                tr!("recorder-lock-unwritable", path = path.display().to_string(), why = source.to_string())
            }
        }
    }
}

/// The lock of the `.jmjp` at `file`: `NAME.jmjp.lock` next to it.
pub fn lock_path(file: &Path) -> PathBuf {
    let mut name = file.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".lock");
    file.with_file_name(name)
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

/// Whether process `pid` of this machine is running.
pub fn running(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        return Path::new("/proc").join(pid.to_string()).exists();
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

/// Who holds the lock at `path`, when it holds a readable one.
pub fn holder(path: &Path) -> Option<Holder> {
    let text = fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}

impl Holder {
    /// True for a lock of this very process (a recording under way in this window).
    pub fn is_this_process(&self) -> bool {
        self.pid == std::process::id() && self.host == host_name()
    }
}

/// What the system's lock on a lock file says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemLock {
    /// A process holds it: a copy of the program is recording.
    Held,
    /// No process holds it.
    Free,
    /// It cannot be told (no such file, a file system without locks, an error).
    Unknown,
}

/// Asks the system whether a process holds the lock file at `path`.
pub fn system_lock(path: &Path) -> SystemLock {
    let Ok(file) = fs::File::open(path) else { return SystemLock::Unknown };
    match file.try_lock() {
        Ok(()) => SystemLock::Free,
        Err(fs::TryLockError::WouldBlock) => SystemLock::Held,
        Err(fs::TryLockError::Error(_)) => SystemLock::Unknown,
    }
}

/// Whether a process holds the system's lock on the lock file at `path`.
pub fn held_by_a_process(path: &Path) -> bool {
    system_lock(path) == SystemLock::Held
}

/// Whether the holder of the lock file at `path` is a copy of the program still running. This
/// process's own lock is never probed (on a network file system closing the probe could give it
/// up). Its system lock held: running. Free, and the holder is of this machine and kept one: its
/// process ended. Otherwise (an older copy, a file system without locks): a holder of another
/// machine counts as running, since that cannot be told, and one of this machine by its process.
fn alive(holder: &Holder, path: &Path) -> bool {
    if holder.is_this_process() {
        return true;
    }
    let here = holder.host == host_name();
    match system_lock(path) {
        SystemLock::Held => true,
        SystemLock::Free if here && holder.system_lock => false,
        SystemLock::Free | SystemLock::Unknown => !here || running(holder.pid),
    }
}

/// Who records into `file` now, when it is another copy of the program still running.
pub fn held_by_other(file: &Path) -> Option<Holder> {
    let path = lock_path(file);
    holder(&path).filter(|h| !h.is_this_process() && alive(h, &path))
}

impl Lock {
    /// Takes the lock of `file`: refused when another copy of the program holds it; a lock left
    /// by a copy that is no longer running (or one that cannot be read) is taken over.
    pub fn take(file: &Path) -> Result<Lock, LockError> {
        let path = lock_path(file);
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
            system_lock: true,
        };
        let io_error = |source| LockError::Io { path: path.clone(), source };
        for _ in 0..2 {
            match create_new(&path, &me) {
                Ok(held) => return Ok(Lock { path, token, _held: held }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match holder(&path) {
                    Some(h) if alive(&h, &path) => return Err(LockError::Held { file: file.to_path_buf(), holder: h }),
                    // Stale (its process is gone) or unreadable: take it over.
                    _ => {
                        let _ = fs::remove_file(&path);
                    }
                },
                Err(e) => return Err(io_error(e)),
            }
        }
        Err(io_error(io::Error::new(io::ErrorKind::AlreadyExists, "the lock keeps coming back")))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Writes `me` as a new lock file at `path`, all at once, and returns it open with the system's
/// shared lock on it: written to a temporary file, locked, then linked to `path` (which fails
/// when `path` exists), so no reader sees a lock half written or not yet held. A shared lock lets
/// others read the file (on Windows a lock also bars reading) but not take the lock.
fn create_new(path: &Path, me: &Holder) -> io::Result<fs::File> {
    let tmp = path.with_extension(format!("lock.{}.tmp", std::process::id()));
    let written = fs::File::create(&tmp).and_then(|f| write_locked(f, me));
    let linked = written.and_then(|f| match fs::hard_link(&tmp, path) {
        Ok(()) => Ok(f),
        // A file system without hard links: create it in place.
        Err(e) if e.kind() == io::ErrorKind::Unsupported => {
            fs::OpenOptions::new().write(true).create_new(true).open(path).and_then(|f| write_locked(f, me))
        }
        Err(e) => Err(e),
    });
    let _ = fs::remove_file(&tmp);
    linked
}

/// Writes `me` into the new, empty `file` and takes the system's shared lock on it. Where the file
/// system has no locks (some network shares) or refuses one, the file says so (`system_lock`
/// false) and the lock rests on the process number, as before. (It is written before it is
/// locked: on Windows not even the holder may write into a locked file.)
fn write_locked(mut file: fs::File, me: &Holder) -> io::Result<fs::File> {
    let write = |file: &mut fs::File, me: &Holder| -> io::Result<()> {
        file.set_len(0)?;
        io::Seek::rewind(file)?;
        file.write_all(serde_json::to_string(me).map_err(io::Error::other)?.as_bytes())?;
        file.sync_all()
    };
    write(&mut file, me)?;
    match file.try_lock_shared() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => {
            Err(io::Error::new(io::ErrorKind::WouldBlock, "another process holds a lock on the new lock file"))
        }
        Err(fs::TryLockError::Error(_)) => {
            write(&mut file, &Holder { system_lock: false, ..me.clone() })?;
            Ok(file)
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if holder(&self.path).is_some_and(|h| h.token == self.token && h.pid == std::process::id()) {
            let _ = fs::remove_file(&self.path);
        }
    }
}
