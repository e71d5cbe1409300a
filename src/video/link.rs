//! A match's video and its sync points, kept beside the `.jmjp` as `NAME.jmjp.video` (JSON).
//!
//! A sync point says "act 25 of E2-1, entered at 19:42:10.250, is at 1:02:31.5 in the video".
//! From one, every act with a time has a video time: the sync point's video position plus the
//! time since its act was entered. A second sync point later in the match corrects drift or a
//! cut in the broadcast: from its act on, the video times are counted from it (piecewise).

use std::collections::BTreeMap;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde::{Deserialize, Serialize};

use super::{STREAMS, VideoError};
use crate::document::io::{JsonFile, Store, why_not_written};
use crate::format::ActTime;
use crate::i18n::{Text, tr};

/// The largest video link read (a link with thousands of sync points is far smaller).
const MAX_LINK_BYTES: u64 = 1024 * 1024;

/// Where a match's video is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VideoSource {
    /// A local file (kept absolute; a relative path in a link is read from the link's folder).
    File(PathBuf),
    /// An address mpv opens: `https://...`, `rtmp://...`, `srt://...`.
    Url(String),
}

impl VideoSource {
    /// What a user typed or pasted: an address (`scheme://...`: http, https, rtmp, rtsp, srt,
    /// udp...) or the path of a file, which must exist (made absolute, so a link saved beside a
    /// `.jmjp` finds it from anywhere). Quotes around it (Windows' "Copy as path") are dropped.
    pub fn parse(text: &str) -> Result<VideoSource, VideoError> {
        let typed = text.trim();
        let typed = typed.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(typed).trim();
        if typed.is_empty() {
            return Err(VideoError::NoSource);
        }
        if is_url(typed) {
            return Ok(VideoSource::Url(typed.to_string()));
        }
        let path = std::path::absolute(typed).unwrap_or_else(|_| PathBuf::from(typed));
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_file() => Ok(VideoSource::File(path)),
            Ok(_) => Err(VideoError::NotAFile { path }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(VideoError::NoSuchFile { path }),
            Err(e) => Err(VideoError::Unreadable { path, why: e.to_string() }),
        }
    }
}

impl fmt::Display for VideoSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VideoSource::File(path) => write!(f, "{}", path.display()),
            VideoSource::Url(url) => f.write_str(url),
        }
    }
}

/// Whether `text` is an address: a scheme of two letters or more (so `C://` is not), `://`,
/// and something after it.
fn is_url(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once("://") else { return false };
    STREAMS.iter().any(|s| scheme.eq_ignore_ascii_case(s)) && !rest.trim().is_empty()
}

/// "This act is at this moment of the video."
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SyncPoint {
    /// The frame's index in the match.
    pub frame: usize,
    /// The act's index in its frame.
    pub act: usize,
    /// When the act was entered.
    pub at: ActTime,
    /// Where the act is in the video, in seconds from its start.
    pub video: f64,
}

/// A match's video: where it is and its sync points (sorted by their acts' times).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VideoLink {
    pub source: VideoSource,
    #[serde(default)]
    pub sync: Vec<SyncPoint>,
}

impl VideoLink {
    /// The video at `source`, not synced yet.
    pub fn new(source: VideoSource) -> VideoLink {
        VideoLink { source, sync: Vec::new() }
    }

    /// Syncs act `act` of frame `frame`, entered at `at`, with `video` seconds of the video. A
    /// sync point of the same act is replaced; the points stay sorted by `at`.
    pub fn sync_on(&mut self, frame: usize, act: usize, at: ActTime, video: f64) {
        let video = if video.is_finite() { video.max(0.0) } else { 0.0 };
        self.sync.retain(|p| (p.frame, p.act) != (frame, act));
        self.sync.push(SyncPoint { frame, act, at, video });
        self.sync.sort_by_key(|p| p.at);
    }

    /// Where the act entered at `at` is in the video, in seconds: counted from the last sync
    /// point at or before `at` (before the first, from the first), never before the video's
    /// start. `None` with no sync point.
    pub fn video_time(&self, at: ActTime) -> Option<f64> {
        let from = self.sync.iter().filter(|p| p.at <= at).max_by_key(|p| p.at);
        let point = from.or_else(|| self.sync.iter().min_by_key(|p| p.at))?;
        let seconds = point.video + at.seconds_since(point.at);
        Some(if seconds.is_finite() { seconds.max(0.0) } else { 0.0 })
    }
}

/// Where the video link of `file` is kept: beside it, `NAME.jmjp.video`.
pub fn link_path(file: &Path) -> PathBuf {
    crate::document::side::SideFile::Video.of(file)
}

/// The video link kept beside `file`: `Ok(None)` when there is none. It is read as every JSON
/// side file is ([`JsonFile`]: at most [`MAX_LINK_BYTES`], a byte order mark left out): one that
/// does not read as a link is set aside beside it and the error says so, with its path, where
/// it stops reading and where it was kept; a link to an address mpv would not stream from is an
/// error too (and left as it is, for the scorer to correct).
pub fn load(file: &Path) -> Result<Option<VideoLink>, VideoError> {
    let path = link_path(file);
    let json = JsonFile::new(&path, tr!("video-link-the-file").text(), tr!("video-link-not-linked").text());
    let read = json.with_limit(MAX_LINK_BYTES).load(|t| serde_json::from_str::<VideoLink>(t));
    let Some(mut link) = read.map_err(|problem| VideoError::Link { problem })? else { return Ok(None) };
    if let VideoSource::Url(url) = &link.source
        && !is_url(url)
    {
        return Err(VideoError::LinkAddress { path, url: url.clone() });
    }
    if let VideoSource::File(video) = &mut link.source
        && video.is_relative()
    {
        let folder = file.parent().unwrap_or(Path::new(""));
        *video = folder.join(&*video);
    }
    link.sync.sort_by_key(|p| p.at);
    Ok(Some(link))
}

/// Keeps `link` beside `file` (atomically, through `store`; pretty JSON, no byte order mark).
pub fn save(file: &Path, link: &VideoLink, store: &dyn Store) -> Result<(), VideoError> {
    let path = link_path(file);
    let mut json = serde_json::to_string_pretty(link)
        .map_err(|e| VideoError::LinkNotSaved { path: path.clone(), why: Text::verbatim(e.to_string()) })?;
    json.push('\n');
    let written = store.replace(&path, json.as_bytes());
    *written_counts().entry(path.clone()).or_default() += 1;
    written.map_err(|e| VideoError::LinkNotSaved { why: why_not_written(&e), path })
}

/// How many times this program has written (or tried to write) each video link, by its path: a
/// desk that read its link when the count was lower reads it again ([`super::VideoDesk::follow`]).
static WRITTEN: Mutex<BTreeMap<PathBuf, u64>> = Mutex::new(BTreeMap::new());

fn written_counts() -> MutexGuard<'static, BTreeMap<PathBuf, u64>> {
    WRITTEN.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How many times this program has written the link of `file` so far.
pub fn links_written(file: &Path) -> u64 {
    written_counts().get(&link_path(file)).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::io::RealDisk;

    /// A fresh folder of this test under the system's temporary folder.
    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-video-link-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn t(seconds: f64) -> ActTime {
        // 2026-11-23T19:42:10.000Z plus `seconds`.
        ActTime::from_millis(1_795_462_930_000 + (seconds * 1000.0).round() as i64)
    }

    fn link() -> VideoLink {
        VideoLink::new(VideoSource::Url("https://example.com/match.mkv".into()))
    }

    #[test]
    fn video_times_are_piecewise_across_a_cut() {
        let mut v = link();
        assert_eq!(v.video_time(t(0.0)), None, "no sync point: no video time");
        // Act 3 of frame 0 was entered at T and is at 20 s in the video.
        v.sync_on(0, 3, t(0.0), 20.0);
        assert_eq!(v.video_time(t(37.25)), Some(57.25));
        assert_eq!(v.video_time(t(100.0)), Some(120.0));
        // Before the first sync point, counted back from it; never before the video's start.
        assert_eq!(v.video_time(t(-5.5)), Some(14.5));
        assert_eq!(v.video_time(t(-30.0)), Some(0.0));
        // The broadcast cut away for 30 s: act 10 of frame 2, entered at T + 100 s, is at 150 s.
        v.sync_on(2, 10, t(100.0), 150.0);
        assert_eq!(v.video_time(t(130.0)), Some(180.0), "after the cut: from the second point");
        assert_eq!(v.video_time(t(100.0)), Some(150.0));
        assert_eq!(v.video_time(t(37.25)), Some(57.25), "before it: the first point still counts");
    }

    #[test]
    fn a_sync_point_of_the_same_act_replaces_and_the_points_stay_sorted() {
        let mut v = link();
        v.sync_on(2, 10, t(100.0), 150.0);
        v.sync_on(0, 3, t(0.0), 20.0);
        v.sync_on(0, 3, t(0.0), 22.5);
        assert_eq!(
            v.sync.iter().map(|p| (p.frame, p.act, p.video)).collect::<Vec<_>>(),
            [(0, 3, 22.5), (2, 10, 150.0)]
        );
        assert_eq!(v.video_time(t(10.0)), Some(32.5));
        v.sync_on(1, 0, t(50.0), f64::NAN);
        assert_eq!(v.video_time(t(51.0)), Some(1.0), "a position that is not a number counts as 0");
    }

    #[test]
    fn addresses_and_paths_are_told_apart() {
        for url in [
            "https://www.youtube.com/watch?v=abc",
            "http://10.0.0.2:8080/live.ts",
            "rtmp://host/app/key",
            "srt://h:9000",
        ] {
            assert_eq!(VideoSource::parse(&format!("  {url} ")).unwrap(), VideoSource::Url(url.into()));
        }
        let dir = folder("parse");
        let video = dir.join("match 1.mkv");
        std::fs::write(&video, b"x").unwrap();
        let quoted = format!("\"{}\"", video.display());
        assert_eq!(VideoSource::parse(&quoted).unwrap(), VideoSource::File(video.clone()));
        let missing = dir.join("gone.mkv");
        let e = VideoSource::parse(&missing.to_string_lossy()).unwrap_err();
        assert!(matches!(e, VideoError::NoSuchFile { .. }), "{e:?}");
        let text = e.text();
        assert!(text.en.contains("gone.mkv") && text.en.contains("no such"), "{}", text.en);
        assert!(text.ja.contains("gone.mkv") && text.ja.contains("ありません"), "{}", text.ja);
        assert!(matches!(VideoSource::parse(&dir.to_string_lossy()), Err(VideoError::NotAFile { .. })));
        assert!(matches!(VideoSource::parse("  "), Err(VideoError::NoSource)));
        // `C://x` is a (strange) path, not an address.
        assert!(!is_url("C://x") && !is_url("https://") && is_url("RTSP://cam/1"));
        // mpv's other protocols are not addresses of a stream: neither typed nor in a link.
        assert!(!is_url("av://lavfi:testsrc") && !is_url("lavf://x") && !is_url("ytdl://abc"));
        let file = dir.join("sent.jmjp");
        std::fs::write(link_path(&file), r#"{"source": {"url": "av://lavfi:testsrc"}, "sync": []}"#).unwrap();
        let e = load(&file).unwrap_err();
        assert!(matches!(e, VideoError::LinkAddress { .. }), "{e:?}");
        assert!(e.text().ja.contains("av://lavfi:testsrc") && e.text().ja.contains("配信のアドレスではありません"));
    }

    #[test]
    fn a_link_is_kept_beside_its_file_and_read_back() {
        let dir = folder("sidecar");
        let file = dir.join("match.jmjp");
        assert_eq!(link_path(&file), dir.join("match.jmjp.video"));
        assert!(load(&file).unwrap().is_none(), "no link: none");
        let mut v = VideoLink::new(VideoSource::File(dir.join("match.mkv")));
        v.sync_on(0, 3, t(0.0), 20.0);
        v.sync_on(2, 10, t(100.0), 150.25);
        save(&file, &v, &RealDisk).unwrap();
        let bytes = std::fs::read(link_path(&file)).unwrap();
        assert!(!bytes.starts_with(&[0xEF, 0xBB, 0xBF]));
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("\n  \"sync\": [") && text.contains("\"at\": \"2026-11-23T19:43:50.000Z\""), "{text}");
        assert_eq!(load(&file).unwrap(), Some(v));
    }

    #[test]
    fn a_relative_video_path_is_read_from_the_links_folder() {
        let dir = folder("relative");
        let file = dir.join("match.jmjp");
        std::fs::write(link_path(&file), r#"{"source": {"file": "video/match.mkv"}}"#).unwrap();
        let v = load(&file).unwrap().unwrap();
        assert_eq!(v.source, VideoSource::File(dir.join("video/match.mkv")));
        assert!(v.sync.is_empty(), "no sync points yet");
    }

    #[test]
    fn a_damaged_link_is_set_aside_with_its_path_in_both_languages() {
        let dir = folder("damaged");
        let file = dir.join("match.jmjp");
        let path = link_path(&file);
        let cases: [(&[u8], &str, &str); 3] = [
            (b"{\"source\": {\"file\": ", "is damaged at line 1", "が壊れています"),
            (b"{\"source\": {\"url\": \"https://x.example/v\"}, \"sync\": [{\"frame\": 0}]}", "line 1", "1 行"),
            (&[b'{', 0xFF, b'}'], "is damaged", "が壊れています"),
        ];
        for (bytes, en, ja) in cases {
            std::fs::write(&path, bytes).unwrap();
            let text = load(&file).unwrap_err().text();
            let shown = path.display().to_string();
            assert!(text.en.contains(&shown) && text.en.contains(en), "{}", text.en);
            assert!(text.ja.contains(&shown) && text.ja.contains(ja), "{}", text.ja);
            // Set aside beside it, its bytes kept: the next load finds no link, and no error.
            let aside = dir.join("match.jmjp.video.damaged");
            assert_eq!(std::fs::read(&aside).unwrap(), bytes, "{}", text.en);
            assert!(text.en.contains(&aside.display().to_string()), "{}", text.en);
            assert_eq!(load(&file).unwrap(), None);
            std::fs::remove_file(&aside).unwrap();
        }
        // A byte order mark is left out, as in every file the program reads.
        std::fs::write(&path, b"\xEF\xBB\xBF{\"source\": {\"url\": \"https://x.example/v\"}}").unwrap();
        assert_eq!(load(&file).unwrap().map(|l| l.source), Some(VideoSource::Url("https://x.example/v".into())));
        std::fs::write(&path, vec![b' '; (MAX_LINK_BYTES + 1) as usize]).unwrap();
        let e = load(&file).unwrap_err();
        assert!(matches!(e, VideoError::Link { .. }), "{e:?}");
        assert!(e.text().ja.contains("1 MiB") && e.text().en.contains("larger than 1 MiB"), "{}", e.text().en);
        assert!(path.exists(), "a file too large is left as it is");
    }
}
