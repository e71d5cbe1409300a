//! mpv's JSON IPC: where its control socket is, and two connections to it.
//!
//! mpv's IPC can run any command (even start programs), so its socket lives in a folder only the
//! user can enter (unix: a fresh folder of mode 0700 under the runtime or temporary folder); on
//! Windows it is a named pipe `\\.\pipe\jmjp-studio-mpv-<pid>-<n>-<random>`.
//!
//! Two connections, each used by one thread of its own: the commands' (a request written, then
//! its reply read: one at a time, so a Windows pipe opened for plain synchronous reads never has
//! a read and a write waiting on it at once) and the events' (only read). The caller waits on
//! channels with deadlines, so nothing mpv does (or fails to do) can block it for longer.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::VideoError;

/// The longest line read from mpv (its replies and events are a few hundred bytes).
const MAX_LINE: u64 = 1024 * 1024;
/// How long between two tries to connect while mpv starts.
const RETRY: Duration = Duration::from_millis(20);
/// The request id of the events connection's first request (the commands' start at 1).
const HELLO: u64 = 0;

/// Makes each endpoint of this process a name of its own.
static NEXT: AtomicU64 = AtomicU64::new(0);

#[cfg(unix)]
type Stream = std::os::unix::net::UnixStream;
#[cfg(windows)]
type Stream = std::fs::File;

/// Where mpv listens: a socket in a private folder (unix) or a named pipe (Windows). Dropping it
/// removes the folder.
#[derive(Debug)]
pub(super) struct MpvEndpoint {
    address: PathBuf,
    #[cfg(unix)]
    folder: PathBuf,
}

impl MpvEndpoint {
    /// mpv's option that makes it listen here.
    pub(super) fn argument(&self) -> std::ffi::OsString {
        let mut arg = std::ffi::OsString::from("--input-ipc-server=");
        arg.push(&self.address);
        arg
    }

    #[cfg(unix)]
    pub(super) fn new() -> Result<MpvEndpoint, VideoError> {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        let base = private_base();
        for _ in 0..100 {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let folder = base.join(format!("jmjp-studio-mpv-{}-{n}", std::process::id()));
            match std::fs::DirBuilder::new().mode(0o700).create(&folder) {
                Ok(()) => {
                    let endpoint = MpvEndpoint { address: folder.join("mpv.sock"), folder };
                    // The mode asked for is masked by the umask: make it exactly the user's.
                    std::fs::set_permissions(&endpoint.folder, std::fs::Permissions::from_mode(0o700)).map_err(
                        |e| VideoError::NoPrivateFolder { path: endpoint.folder.clone(), why: e.to_string() },
                    )?;
                    return Ok(endpoint);
                }
                // Never a folder made by someone else: another name.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(VideoError::NoPrivateFolder { path: folder, why: e.to_string() }),
            }
        }
        Err(VideoError::NoPrivateFolder { path: base, why: "every name tried is taken".into() })
    }

    #[cfg(windows)]
    pub(super) fn new() -> Result<MpvEndpoint, VideoError> {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        // A name no other program can guess and take first.
        let mut random = [0u8; 16];
        getrandom::fill(&mut random)
            .map_err(|e| VideoError::NoPrivateFolder { path: PathBuf::from(r"\\.\pipe"), why: e.to_string() })?;
        let random: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let name = format!(r"\\.\pipe\jmjp-studio-mpv-{}-{n}-{random}", std::process::id());
        Ok(MpvEndpoint { address: PathBuf::from(name) })
    }

    #[cfg(unix)]
    fn connect(&self) -> io::Result<Stream> {
        Stream::connect(&self.address)
    }

    #[cfg(windows)]
    fn connect(&self) -> io::Result<Stream> {
        std::fs::OpenOptions::new().read(true).write(true).open(&self.address)
    }
}

#[cfg(unix)]
impl Drop for MpvEndpoint {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// The folder the private folder is made in: the user's runtime folder (`XDG_RUNTIME_DIR`, itself
/// private) or the temporary folder; `/tmp` when that path is too long for a socket (a socket's
/// path holds at most 107 bytes).
#[cfg(unix)]
fn private_base() -> PathBuf {
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from).filter(|p| p.is_absolute() && p.is_dir());
    let base = runtime.unwrap_or_else(std::env::temp_dir);
    if base.as_os_str().len() > 60 { PathBuf::from("/tmp") } else { base }
}

/// A request for the commands' thread: the line to write, its id, and when it is too late to.
struct Job {
    id: u64,
    line: String,
    deadline: Instant,
}

/// The two connections to a running mpv.
#[derive(Debug)]
pub(super) struct Ipc {
    jobs: Sender<Job>,
    replies: Receiver<(u64, Result<Value, String>)>,
    events: Receiver<Value>,
    next: u64,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Job {} {}", self.id, self.line)
    }
}

impl Ipc {
    /// Connects twice to mpv (`program`, started as `child`) at `endpoint`, waiting at most `wait`
    /// for it to listen; `Err` when it ends first or does not listen in time.
    pub(super) fn open(
        endpoint: &MpvEndpoint,
        program: &Path,
        child: &mut Child,
        wait: Duration,
    ) -> Result<Ipc, VideoError> {
        let deadline = Instant::now() + wait;
        let commands = connect_until(endpoint, program, child, deadline, wait)?;
        let events = connect_until(endpoint, program, child, deadline, wait)?;
        let (job_tx, job_rx) = mpsc::channel();
        let (reply_tx, reply_rx) = mpsc::channel();
        let (event_tx, event_rx) = mpsc::channel();
        let not_started =
            |e: io::Error| VideoError::MpvNotStarted { program: program.to_path_buf(), why: e.to_string() };
        thread::Builder::new()
            .name("mpv commands".into())
            .spawn(move || serve(commands, &job_rx, &reply_tx))
            .map_err(not_started)?;
        thread::Builder::new()
            .name("mpv events".into())
            .spawn(move || listen(events, &event_tx))
            .map_err(not_started)?;
        // The events' thread says it is heard (mpv has made its client) before anything is asked.
        match event_rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(_) => Ok(Ipc { jobs: job_tx, replies: reply_rx, events: event_rx, next: HELLO }),
            Err(RecvTimeoutError::Timeout) => Err(VideoError::NoConnection { seconds: wait.as_secs() }),
            Err(RecvTimeoutError::Disconnected) => Err(closed("mpv closed its control connection")),
        }
    }

    /// Sends `command` (a JSON array: `["seek", 12.5, "absolute+exact"]`) and waits at most `wait`
    /// for its reply: `Ok` with the reply's data, or why not.
    pub(super) fn request(&mut self, command: Value, wait: Duration) -> Result<Value, VideoError> {
        let what = shown(&command);
        self.next += 1;
        let id = self.next;
        let deadline = Instant::now() + wait;
        let line = json!({ "command": command, "request_id": id }).to_string();
        self.jobs.send(Job { id, line, deadline }).map_err(|_| closed("mpv closed its control connection"))?;
        loop {
            match self.replies.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                // The late reply to an earlier request.
                Ok((n, _)) if n != id => continue,
                Ok((_, Err(why))) => return Err(closed(&why)),
                Ok((_, Ok(reply))) => {
                    return match reply.get("error").and_then(Value::as_str) {
                        Some("success") => Ok(reply.get("data").cloned().unwrap_or(Value::Null)),
                        Some(why) => Err(VideoError::MpvRefused { what, why: why.to_string() }),
                        None => {
                            Err(VideoError::MpvRefused { what, why: format!("an answer without a result: {reply}") })
                        }
                    };
                }
                Err(RecvTimeoutError::Timeout) => return Err(VideoError::MpvSilent { what, seconds: wait.as_secs() }),
                Err(RecvTimeoutError::Disconnected) => return Err(closed("mpv closed its control connection")),
            }
        }
    }

    /// Forgets the events heard so far.
    pub(super) fn forget_events(&mut self) {
        while self.events.try_recv().is_ok() {}
    }

    /// The first event heard before `deadline` that `wanted` says is the one; `Ok(None)` when
    /// none came by then.
    pub(super) fn wait_event(
        &mut self,
        deadline: Instant,
        wanted: impl Fn(&Value) -> bool,
    ) -> Result<Option<Value>, VideoError> {
        loop {
            match self.events.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(event) if wanted(&event) => return Ok(Some(event)),
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => return Err(closed("mpv closed its event connection")),
            }
        }
    }

    /// Asks mpv to quit, without waiting for it.
    pub(super) fn quit(&mut self) {
        self.next += 1;
        let line = json!({ "command": ["quit"], "request_id": self.next }).to_string();
        let _ = self.jobs.send(Job { id: self.next, line, deadline: Instant::now() + Duration::from_secs(1) });
    }
}

fn closed(why: &str) -> VideoError {
    VideoError::MpvClosed { why: why.to_string() }
}

/// A command as it is named in a message: `seek 57.25 absolute+exact`.
fn shown(command: &Value) -> String {
    let words: Vec<String> = match command.as_array() {
        Some(parts) => parts.iter().map(|p| p.as_str().map_or_else(|| p.to_string(), str::to_string)).collect(),
        None => vec![command.to_string()],
    };
    words.join(" ")
}

/// Connects to `endpoint`, trying again until `deadline` while mpv runs.
fn connect_until(
    endpoint: &MpvEndpoint,
    program: &Path,
    child: &mut Child,
    deadline: Instant,
    wait: Duration,
) -> Result<Stream, VideoError> {
    loop {
        if let Ok(stream) = endpoint.connect() {
            return Ok(stream);
        }
        if let Ok(Some(status)) = child.try_wait() {
            let why = format!("it ended at once ({status})");
            return Err(VideoError::MpvNotStarted { program: program.to_path_buf(), why });
        }
        if Instant::now() >= deadline {
            return Err(VideoError::NoConnection { seconds: wait.as_secs() });
        }
        thread::sleep(RETRY);
    }
}

/// The commands' thread: each job's line written, then the lines read up to its reply, which is
/// handed back (the events among them are skipped). Ends when the connection does.
fn serve<S: Read + Write>(stream: S, jobs: &Receiver<Job>, replies: &Sender<(u64, Result<Value, String>)>) {
    let mut reader = BufReader::new(stream);
    for job in jobs {
        if Instant::now() > job.deadline {
            // Asked too long ago: the caller has given up on it (a seek done late would jump).
            continue;
        }
        if let Err(e) = write_line(reader.get_mut(), &job.line) {
            let _ = replies.send((job.id, Err(e.to_string())));
            return;
        }
        loop {
            match read_message(&mut reader) {
                Ok(reply) if reply.get("request_id").and_then(Value::as_u64) == Some(job.id) => {
                    if replies.send((job.id, Ok(reply))).is_err() {
                        return;
                    }
                    break;
                }
                Ok(_) => continue,
                Err(why) => {
                    let _ = replies.send((job.id, Err(why)));
                    return;
                }
            }
        }
    }
}

/// The events' thread: one request answered (so mpv has made this client and sends it every
/// event from then on), said with a first message, then every event handed on.
fn listen<S: Read + Write>(stream: S, events: &Sender<Value>) {
    let mut reader = BufReader::new(stream);
    let hello = json!({ "command": ["client_name"], "request_id": HELLO }).to_string();
    if write_line(reader.get_mut(), &hello).is_err() {
        return;
    }
    loop {
        match read_message(&mut reader) {
            Ok(reply) if reply.get("request_id").and_then(Value::as_u64) == Some(HELLO) => break,
            Ok(_) => continue,
            Err(_) => return,
        }
    }
    if events.send(json!({ "heard": true })).is_err() {
        return;
    }
    while let Ok(message) = read_message(&mut reader) {
        if message.get("event").is_some() && events.send(message).is_err() {
            return;
        }
    }
}

fn write_line<W: Write>(w: &mut W, line: &str) -> io::Result<()> {
    w.write_all(line.as_bytes())?;
    w.write_all(b"\n")?;
    w.flush()
}

/// The next line from mpv as JSON (`Null` when it is not JSON); `Err` when the connection has
/// ended or a line is too long.
fn read_message<R: BufRead>(r: &mut R) -> Result<Value, String> {
    let mut line = Vec::new();
    let n = r.by_ref().take(MAX_LINE).read_until(b'\n', &mut line).map_err(|e| e.to_string())?;
    if n == 0 {
        return Err("mpv closed the connection".into());
    }
    if !line.ends_with(b"\n") && n as u64 >= MAX_LINE {
        return Err("mpv sent a line over 1 MiB".into());
    }
    Ok(serde_json::from_slice(&line).unwrap_or(Value::Null))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A connection that answers what is written to it from a script of lines.
    struct Scripted {
        input: Cursor<Vec<u8>>,
        written: Vec<u8>,
    }

    impl Read for Scripted {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.input.read(buf)
        }
    }

    impl Write for Scripted {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn replies_are_matched_by_id_and_events_and_junk_skipped() {
        let script = concat!(
            "{\"event\":\"file-loaded\"}\n",
            "not json\n",
            "{\"request_id\":7,\"error\":\"success\",\"data\":1}\n",
            "{\"request_id\":1,\"error\":\"success\",\"data\":57.28}\n",
            "{\"request_id\":2,\"error\":\"property unavailable\"}\n",
        );
        let stream = Scripted { input: Cursor::new(script.as_bytes().to_vec()), written: Vec::new() };
        let (job_tx, job_rx) = mpsc::channel();
        let (reply_tx, reply_rx) = mpsc::channel();
        let (_event_tx, event_rx) = mpsc::channel();
        let worker = thread::spawn(move || serve(stream, &job_rx, &reply_tx));
        let mut ipc = Ipc { jobs: job_tx, replies: reply_rx, events: event_rx, next: 0 };
        let wait = Duration::from_secs(5);
        assert_eq!(ipc.request(json!(["get_property", "time-pos"]), wait).unwrap(), json!(57.28));
        let e = ipc.request(json!(["get_property", "time-pos"]), wait).unwrap_err();
        assert!(
            matches!(&e, VideoError::MpvRefused { what, why } if what == "get_property time-pos" && why == "property unavailable"),
            "{e:?}"
        );
        // The script has ended: the connection is gone, and says so.
        let e = ipc.request(json!(["quit"]), wait).unwrap_err();
        assert!(matches!(e, VideoError::MpvClosed { .. }), "{e:?}");
        worker.join().unwrap();
    }

    #[test]
    fn a_line_too_long_ends_the_connection() {
        let mut long = vec![b'x'; (MAX_LINE + 10) as usize];
        long.push(b'\n');
        assert!(read_message(&mut BufReader::new(Cursor::new(long))).is_err());
        assert_eq!(read_message(&mut BufReader::new(Cursor::new(b"[1]".to_vec()))).unwrap(), json!([1]));
    }

    #[cfg(unix)]
    #[test]
    fn the_socket_is_in_a_folder_only_the_user_can_enter() {
        use std::os::unix::fs::PermissionsExt;
        let endpoint = MpvEndpoint::new().unwrap();
        let mode = std::fs::metadata(&endpoint.folder).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        assert!(endpoint.address.starts_with(&endpoint.folder));
        assert!(endpoint.argument().to_string_lossy().starts_with("--input-ipc-server=/"));
        let folder = endpoint.folder.clone();
        let other = MpvEndpoint::new().unwrap();
        assert_ne!(other.folder, folder, "each player a folder of its own");
        drop(endpoint);
        assert!(!folder.exists(), "dropped, the folder is gone");
    }
}
