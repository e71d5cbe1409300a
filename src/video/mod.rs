//! The match video: what the record cannot decide (which dora indicator, the tile of an unseen
//! tsumogiri), the broadcast shows. Library code: no egui, nothing printed.
//!
//! - [`link`]: a match's video ([`VideoLink`]: a local file or a URL, [`VideoSource`]) and its
//!   sync points ([`SyncPoint`]: "this act is at 12:31 in the video"), from which every act with
//!   a time has a video time ([`VideoLink::video_time`]); kept beside the `.jmjp` as
//!   `NAME.jmjp.video` ([`link_path`], [`load`], [`save`]).
//! - [`container`]: whether a recording still being written can be opened ([`check_container`]:
//!   a growing MP4 cannot; MKV and MPEG-TS can).
//! - [`mpv`]: the player is a real mpv process driven over its JSON IPC ([`MpvPlayer`]); the program
//!   never decodes video itself. With no mpv, [`VideoError::NoMpv`] says how to get it.
//! - [`desk`]: the video of one file at a desk (the editor's, the recorder's): its link read and
//!   kept, the act played, the sync point set, each answered in both languages ([`VideoDesk`]).
//! - [`chapters`]: one chapter per frame for the published video, YouTube's rules kept
//!   ([`chapters_of`], [`render`]).

pub mod chapters;
pub mod container;
pub mod desk;
mod ipc;
pub mod link;
pub mod mpv;

use std::path::PathBuf;

use crate::i18n::{Text, tr};

pub use chapters::{Chapter, ChapterFormat, chapters_of, render, render_until};
pub use container::check_container;
pub use desk::{ActAt, LEAD_SECONDS, VideoDesk, chapter_frames};
pub use link::{SyncPoint, VideoLink, VideoSource, link_path, load, save};
pub use mpv::{MpvPlayer, PlayerOptions, find_mpv, mpv_program};

/// What went wrong with the video, its link, the player or the chapters.
#[derive(Debug, thiserror::Error)]
pub enum VideoError {
    /// Nothing was named as the video.
    #[error("no video named: give a video file or an address (https://...)")]
    NoSource,
    /// The file named does not exist.
    #[error("{}: no such video file", path.display())]
    NoSuchFile { path: PathBuf },
    /// The path named is a folder (or not a plain file).
    #[error("{}: not a video file (a folder?)", path.display())]
    NotAFile { path: PathBuf },
    /// A file could not be read.
    #[error("{}: cannot be read: {why}", path.display())]
    Unreadable { path: PathBuf, why: String },
    /// An MP4 with no index (`moov` box) yet: still being written.
    #[error(
        "{}: this MP4 is still being written (it has no index yet) and cannot be opened; record to MKV or MPEG-TS, which can be watched while they grow, or wait until the recording is finished",
        path.display()
    )]
    GrowingMp4 { path: PathBuf },
    /// The video link beside a file does not read (too large, not UTF-8, not a link's JSON):
    /// set aside, as every JSON side file is.
    #[error("{}", problem.text.en)]
    Link { problem: crate::document::io::JsonProblem },
    /// The video link names an address mpv does not stream from.
    #[error("{}: {url} is not the address of a stream", path.display())]
    LinkAddress { path: PathBuf, url: String },
    /// The video link could not be written.
    #[error("{}: the video link could not be saved: {why}", path.display())]
    LinkNotSaved { path: PathBuf, why: Text },
    /// No mpv program was found.
    #[error(
        "mpv is needed to see the video and was not found. Install it (Debian, Ubuntu: apt install mpv; Windows: from mpv.io, then put mpv.exe on the PATH or beside jmjp-studio.exe). Everything else works without it."
    )]
    NoMpv,
    /// mpv was found but could not be started.
    #[error("{} could not be started: {why}", program.display())]
    MpvNotStarted { program: PathBuf, why: String },
    /// The private folder of mpv's control socket could not be made.
    #[error("{}: the player's private folder could not be made: {why}", path.display())]
    NoPrivateFolder { path: PathBuf, why: String },
    /// mpv did not open its control socket in time.
    #[error("mpv did not open its control connection within {seconds} s")]
    NoConnection { seconds: u64 },
    /// mpv could not open the video.
    #[error("mpv cannot play {video}: {why}")]
    NotPlayable { video: String, why: String },
    /// mpv did not answer in time.
    #[error("mpv did not answer within {seconds} s ({what})")]
    MpvSilent { what: String, seconds: u64 },
    /// mpv refused a request.
    #[error("mpv refused {what}: {why}")]
    MpvRefused { what: String, why: String },
    /// The connection to mpv is gone: it was closed (its window closed, or it quit).
    #[error("the player has closed ({why})")]
    MpvClosed { why: String },
    /// Not a chapter format of the command line.
    #[error("unknown chapter format {given}: youtube, webvtt or ffmetadata")]
    UnknownChapterFormat { given: String },
    /// No frame has a time.
    #[error("no frame has a time: the match was recorded without act times, so there are no chapters")]
    NoActTimes,
    /// Fewer than three chapters of at least 10 s each.
    #[error(
        "YouTube needs at least three chapters of at least 10 s each, the first at 00:00; this match gives {count} (frames shorter than 10 s are merged into the one before)"
    )]
    TooFewChapters { count: usize },
}

/// The schemes of the addresses a video is streamed from. Streams only: mpv's other protocols
/// (`av://`, `lavf://`, ...) could be made to do more than play a video by a link someone sends.
pub const STREAMS: [&str; 9] = ["http", "https", "rtmp", "rtmps", "rtsp", "rtsps", "srt", "udp", "rtp"];

impl VideoError {
    /// The problem in both languages.
    pub fn text(&self) -> Text {
        let shown = |p: &PathBuf| p.display().to_string();
        match self {
            VideoError::NoSource => tr!("video-no-source").text(),
            VideoError::NoSuchFile { path } => tr!("video-no-such-file", path = shown(path)),
            VideoError::NotAFile { path } => tr!("video-not-a-file", path = shown(path)),
            VideoError::Unreadable { path, why } => tr!("video-unreadable", path = shown(path), why = why),
            VideoError::GrowingMp4 { path } => tr!("video-growing-mp4", path = shown(path)),
            VideoError::Link { problem } => problem.text.clone(),
            VideoError::LinkAddress { path, url } => {
                let schemes = STREAMS.join(", ");
                tr!("video-link-not-an-address", path = shown(path), url = url, schemes = schemes)
            }
            VideoError::LinkNotSaved { path, why } => tr!("video-link-not-saved", path = shown(path), why = why),
            VideoError::NoMpv => tr!("video-no-mpv").text(),
            VideoError::MpvNotStarted { program, why } => {
                tr!("video-mpv-not-started", program = shown(program), why = why)
            }
            VideoError::NoPrivateFolder { path, why } => tr!("video-no-private-folder", path = shown(path), why = why),
            VideoError::NoConnection { seconds } => tr!("video-no-connection", seconds = *seconds),
            VideoError::NotPlayable { video, why } => tr!("video-not-playable", video = video, why = why),
            VideoError::MpvSilent { what, seconds } => tr!("video-mpv-silent", what = what, seconds = *seconds),
            VideoError::MpvRefused { what, why } => tr!("video-mpv-refused", what = what, why = why),
            VideoError::MpvClosed { why } => tr!("video-mpv-closed", why = why),
            VideoError::UnknownChapterFormat { given } => tr!("video-unknown-chapter-format", given = given),
            VideoError::NoActTimes => tr!("video-no-act-times").text(),
            VideoError::TooFewChapters { count } => tr!("video-too-few-chapters", count = *count),
        }
    }
}
