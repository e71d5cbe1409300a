//! The player: a real mpv process, started by the program and driven over its JSON IPC
//! ([`super::ipc`]). The program never decodes video itself.
//!
//! [`MpvPlayer::start`] blocks until the video is loaded (at most about 10 s for a file, 30 s for
//! an address) and [`MpvPlayer::seek`] until mpv has got there (at most 5 s): a window calls them
//! from a thread of its own ([`MpvPlayer`] can be sent to one). Dropping the player quits mpv.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::ipc::{Ipc, MpvEndpoint};
use super::{VideoError, VideoSource, check_container};

/// How long mpv may take to listen on its control socket.
const CONNECT: Duration = Duration::from_secs(10);
/// How long a local file may take to load.
const LOAD_FILE: Duration = Duration::from_secs(10);
/// How long an address may take to load (the network, a site's extractor).
const LOAD_URL: Duration = Duration::from_secs(30);
/// How long mpv may take to answer a request.
const REPLY: Duration = Duration::from_secs(5);
/// How long a seek is waited for; a slower one (an address still buffering) goes on by itself.
const SEEK: Duration = Duration::from_secs(5);
/// How long mpv may take to quit before it is killed.
const QUIT: Duration = Duration::from_secs(2);

/// How to start the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerOptions {
    /// The mpv program; `None`: `mpv` found on the PATH (or beside this program).
    pub program: Option<PathBuf>,
    /// A window to watch in; `false` (the tests): no video or audio output at all.
    pub window: bool,
}

impl Default for PlayerOptions {
    fn default() -> PlayerOptions {
        PlayerOptions { program: None, window: true }
    }
}

/// The name of mpv's program here.
const MPV: &str = if cfg!(windows) { "mpv.exe" } else { "mpv" };

/// mpv found in the folders of `path_var` (a PATH value; relative folders are skipped), else
/// beside this program; `None` when it is in neither.
pub fn find_mpv(path_var: Option<&OsStr>) -> Option<PathBuf> {
    let on_path = path_var.into_iter().flat_map(std::env::split_paths).filter(|d| d.is_absolute()).map(|d| d.join(MPV));
    let beside = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|d| d.join(MPV)));
    on_path.chain(beside).find(|p| runnable(p))
}

/// The mpv to start with `opts`: the one named (it must exist), else the one [`find_mpv`] finds
/// on `path_var`; [`VideoError::NoMpv`] when there is none.
pub fn mpv_program(opts: &PlayerOptions, path_var: Option<&OsStr>) -> Result<PathBuf, VideoError> {
    match &opts.program {
        Some(program) if program.is_file() => Ok(program.clone()),
        Some(_) => Err(VideoError::NoMpv),
        None => find_mpv(path_var).ok_or(VideoError::NoMpv),
    }
}

#[cfg(unix)]
fn runnable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn runnable(path: &Path) -> bool {
    path.is_file()
}

/// mpv's process, killed if it still runs when dropped.
#[derive(Debug)]
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.0.try_wait(), Ok(None)) {
            let _ = self.0.kill();
        }
        let _ = self.0.wait();
    }
}

/// A running mpv showing one video, paused at first.
#[derive(Debug)]
pub struct MpvPlayer {
    // Dropped in this order: the connections, the process, the private folder.
    ipc: Ipc,
    process: Process,
    _endpoint: MpvEndpoint,
    source: VideoSource,
}

impl MpvPlayer {
    /// Starts mpv (as `opts` says) on `source` and waits until it is loaded, paused at its start.
    /// A file is checked first ([`check_container`]: a growing MP4 cannot be opened).
    pub fn start(source: &VideoSource, opts: &PlayerOptions) -> Result<MpvPlayer, VideoError> {
        let program = mpv_program(opts, std::env::var_os("PATH").as_deref())?;
        if let VideoSource::File(path) = source {
            if !path.is_file() {
                return Err(VideoError::NoSuchFile { path: path.clone() });
            }
            check_container(path)?;
        }
        let endpoint = MpvEndpoint::new()?;
        let mut command = Command::new(&program);
        command.arg(endpoint.argument()).args([
            "--idle=yes",
            "--keep-open=yes",
            "--pause",
            "--no-terminal",
            "--no-resume-playback",
            "--save-position-on-quit=no",
            // An MPEG-TS's length is estimated by reading its last timestamps "to the end", which
            // a recording still being written never reaches: it would not open until the
            // recording stops. Without the estimate, seeking is as exact; only the length shown
            // is reckoned from the bit rate.
            "--demuxer-lavf-o=skip_estimate_duration_from_pts=1",
        ]);
        if opts.window {
            command.args(["--force-window=yes", "--title=jmjp-studio: ${media-title}"]);
        } else {
            command.args(["--vo=null", "--ao=null"]);
        }
        command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        let child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => VideoError::NoMpv,
            _ => VideoError::MpvNotStarted { program: program.clone(), why: e.to_string() },
        })?;
        let mut process = Process(child);
        let ipc = Ipc::open(&endpoint, &program, &mut process.0, CONNECT)?;
        let mut player = MpvPlayer { ipc, process, _endpoint: endpoint, source: source.clone() };
        player.load()?;
        Ok(player)
    }

    /// The video shown.
    pub fn source(&self) -> &VideoSource {
        &self.source
    }

    /// Loads the video (given to mpv over its connection, not on its command line: nothing in a
    /// name can be read as an option) and waits for its first picture, or why it cannot play.
    fn load(&mut self) -> Result<(), VideoError> {
        let (target, wait) = match &self.source {
            VideoSource::File(path) => {
                let path = std::path::absolute(path).unwrap_or_else(|_| path.clone());
                (path.to_string_lossy().into_owned(), LOAD_FILE)
            }
            VideoSource::Url(url) => (url.clone(), LOAD_URL),
        };
        self.ipc.forget_events();
        self.ipc.request(json!(["loadfile", target, "replace"]), REPLY)?;
        let event = self.ipc.wait_event(Instant::now() + wait, |e| {
            let reason = e.get("reason").and_then(Value::as_str);
            name_of(e) == "playback-restart" || (name_of(e) == "end-file" && reason != Some("redirect"))
        })?;
        let video = self.source.to_string();
        match event {
            Some(e) if name_of(&e) == "playback-restart" => Ok(()),
            Some(e) => {
                let why = ["file_error", "reason"].iter().find_map(|k| e.get(*k).and_then(Value::as_str));
                Err(VideoError::NotPlayable { video, why: why.unwrap_or("unknown").to_string() })
            }
            None => Err(VideoError::MpvSilent { what: format!("loadfile {video}"), seconds: wait.as_secs() }),
        }
    }

    /// Plays from `seconds` into the video.
    pub fn play_from(&mut self, seconds: f64) -> Result<(), VideoError> {
        self.seek(seconds)?;
        self.ipc.request(json!(["set_property", "pause", false]), REPLY).map(|_| ())
    }

    /// Goes to `seconds` into the video (exactly, to the frame; before the start: the start),
    /// playing or paused as it was, and waits until mpv is there (at most 5 s; a slower seek goes
    /// on by itself).
    pub fn seek(&mut self, seconds: f64) -> Result<(), VideoError> {
        let to = if seconds.is_finite() { seconds.max(0.0) } else { 0.0 };
        self.ipc.forget_events();
        self.ipc.request(json!(["seek", to, "absolute+exact"]), REPLY)?;
        self.ipc.wait_event(Instant::now() + SEEK, |e| name_of(e) == "playback-restart")?;
        Ok(())
    }

    /// Pauses.
    pub fn pause(&mut self) -> Result<(), VideoError> {
        self.ipc.request(json!(["set_property", "pause", true]), REPLY).map(|_| ())
    }

    /// Where the video is, in seconds (mpv's `time-pos`).
    pub fn time_pos(&mut self) -> Result<f64, VideoError> {
        let data = self.ipc.request(json!(["get_property", "time-pos"]), REPLY)?;
        data.as_f64().ok_or_else(|| VideoError::MpvRefused {
            what: "get_property time-pos".into(),
            why: format!("not a number: {data}"),
        })
    }

    /// Whether mpv still runs (its window closed, it has ended).
    pub fn is_running(&mut self) -> bool {
        matches!(self.process.0.try_wait(), Ok(None))
    }
}

fn name_of(event: &Value) -> &str {
    event.get("event").and_then(Value::as_str).unwrap_or("")
}

impl Drop for MpvPlayer {
    /// Asks mpv to quit, and kills it when it has not within 2 s; the private folder goes.
    fn drop(&mut self) {
        self.ipc.quit();
        let deadline = Instant::now() + QUIT;
        while Instant::now() < deadline && self.is_running() {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_mpv_anywhere_is_said_with_how_to_get_it() {
        let empty = std::env::temp_dir().join(format!("jmjp-video-no-mpv-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        assert_eq!(find_mpv(Some(empty.as_os_str())), None);
        assert_eq!(find_mpv(None), None);
        let opts = PlayerOptions { program: None, window: false };
        let e = mpv_program(&opts, Some(empty.as_os_str())).unwrap_err();
        assert!(matches!(e, VideoError::NoMpv));
        let text = e.text();
        assert!(text.en.contains("apt install mpv") && text.en.contains("mpv.io"), "{}", text.en);
        assert!(text.ja.contains("apt install mpv") && text.ja.contains("mpv.exe"), "{}", text.ja);
        let named = PlayerOptions { program: Some(empty.join("mpv")), window: false };
        assert!(matches!(mpv_program(&named, None), Err(VideoError::NoMpv)));
    }

    #[test]
    fn a_player_can_be_started_and_driven_from_a_thread_of_its_own() {
        fn sent<T: Send + 'static>() {}
        sent::<MpvPlayer>();
        sent::<VideoError>();
    }

    #[cfg(unix)]
    #[test]
    fn mpv_is_found_on_the_path_only_where_it_can_run() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("jmjp-video-path-{}", std::process::id()));
        let (plain, runs) = (dir.join("plain"), dir.join("runs"));
        for d in [&plain, &runs] {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(d.join("mpv"), b"#!/bin/sh\n").unwrap();
        }
        std::fs::set_permissions(runs.join("mpv"), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(plain.join("mpv"), std::fs::Permissions::from_mode(0o644)).unwrap();
        let path = std::env::join_paths([Path::new("relative"), &plain, &runs]).unwrap();
        assert_eq!(find_mpv(Some(&path)), Some(runs.join("mpv")));
    }
}
