//! The match video of one file at a desk (the editor's, the recorder's): its link, kept beside
//! the file, and the player showing it. What the scorer asks (play an act, sync the video on an
//! act) is answered with a sentence in both languages, never a panic: with no mpv installed the
//! answer says so and everything else goes on.

use std::path::{Path, PathBuf};

use crate::document::io::Store;
use crate::format::{ActTime, FrameFlow, Match, Wind};
use crate::i18n::{Lang, Text, tr};

use super::{MpvPlayer, PlayerOptions, VideoError, VideoLink, VideoSource};

/// How long before an act the video starts when it is played.
pub const LEAD_SECONDS: f64 = 5.0;

/// The environment variable naming the mpv program to use instead of the one on the PATH.
pub const MPV_VARIABLE: &str = "JMJP_STUDIO_MPV";

/// The video of one file and the player showing it.
#[derive(Debug)]
pub struct VideoDesk {
    /// The file whose video this is (its link is kept beside it).
    file: Option<PathBuf>,
    link: Option<VideoLink>,
    player: Option<MpvPlayer>,
    options: PlayerOptions,
    /// How many times this program had written the file's link ([`super::link::links_written`])
    /// when this desk last read or wrote it: another desk of the same file (the editor's, the recorder's)
    /// may have written it since.
    seen: u64,
    /// What the desk said last (shown under the video's field).
    pub said: Option<(Text, bool)>,
}

/// An act of a match: its frame and, for the deal itself, none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActAt {
    pub frame: usize,
    pub act: Option<usize>,
}

impl Default for VideoDesk {
    /// A desk whose player is mpv in a window: the program [`MPV_VARIABLE`] names, else `mpv`
    /// on the PATH (or beside this program).
    fn default() -> VideoDesk {
        let program = std::env::var_os(MPV_VARIABLE).filter(|p| !p.is_empty()).map(PathBuf::from);
        VideoDesk::with_options(PlayerOptions { program, ..PlayerOptions::default() })
    }
}

impl VideoDesk {
    /// A desk whose player is started with `options`.
    pub fn with_options(options: PlayerOptions) -> VideoDesk {
        VideoDesk { file: None, link: None, player: None, options, seen: 0, said: None }
    }

    /// The desk follows `file`: its link is read from beside it when the file is another one
    /// than before, or when this program has written a link since (the other screen's desk may
    /// have written this one); a damaged link is said, and the desk has none. Nothing is asked of
    /// the disk otherwise: a draw costs no look at the link file. True when the link may have
    /// changed.
    pub fn follow(&mut self, file: Option<&Path>) -> bool {
        if self.file.as_deref() != file {
            self.file = file.map(Path::to_path_buf);
            self.player = None;
            self.read_link();
            return true;
        }
        if file.is_none_or(|f| super::link::links_written(f) == self.seen) {
            return false;
        }
        let before = self.link.as_ref().map(|l| l.source.clone());
        self.read_link();
        if self.link.as_ref().map(|l| &l.source) != before.as_ref() {
            self.player = None;
        }
        true
    }

    /// Reads the link beside the file.
    fn read_link(&mut self) {
        self.link = None;
        let Some(f) = self.file.clone() else { return };
        self.seen = super::link::links_written(&f);
        match super::load(&f) {
            Ok(link) => self.link = link,
            Err(e) => self.said = Some((e.text(), true)),
        }
    }

    /// Keeps the link beside the file, and when it was written.
    fn keep(&mut self, file: &Path, store: &dyn Store) -> Result<(), Text> {
        let Some(link) = &self.link else { return Ok(()) };
        super::save(file, link, store).map_err(|e| e.text())?;
        self.seen = super::link::links_written(file);
        Ok(())
    }

    /// The video linked, as its field shows it (a file's path, or the address).
    pub fn source_text(&self) -> Option<String> {
        self.link.as_ref().map(|l| match &l.source {
            VideoSource::File(p) => p.display().to_string(),
            VideoSource::Url(u) => u.clone(),
        })
    }

    /// The video linked, if any.
    pub fn link(&self) -> Option<&VideoLink> {
        self.link.as_ref()
    }

    /// Links the video `text` names (a file or an address); a new video starts with no sync point.
    pub fn link_to(&mut self, text: &str, store: &dyn Store) -> Result<Text, Text> {
        let file = self.file.clone().ok_or_else(|| tr!("video-desk-save-first").text())?;
        self.follow(Some(&file));
        let source = VideoSource::parse(text).map_err(|e| e.text())?;
        if let VideoSource::File(p) = &source {
            super::check_container(p).map_err(|e| e.text())?;
        }
        let same = self.link.as_ref().is_some_and(|l| l.source == source);
        let link = match self.link.take() {
            Some(l) if same => l,
            _ => VideoLink { source, sync: Vec::new() },
        };
        if !same {
            self.player = None;
        }
        self.link = Some(link);
        self.keep(&file, store).map(|()| tr!("video-desk-linked").text())
    }

    /// Plays the video from [`LEAD_SECONDS`] before `at` in `m` (for a deal, its first act).
    pub fn play(&mut self, m: &Match, at: ActAt) -> Result<Text, Text> {
        let file = self.file.clone();
        self.follow(file.as_deref());
        let link = self.link.as_ref().ok_or_else(|| tr!("video-desk-no-link").text())?;
        let (time, exact) = act_time(m, at).ok_or_else(|| tr!("video-desk-no-times").text())?;
        let Some(video) = link.video_time(time) else {
            // Not synced yet: the video opens at its start, to be played to an act one can see.
            self.player()?;
            return Ok(tr!("video-desk-no-sync").text());
        };
        let from = (video - LEAD_SECONDS).max(0.0);
        self.player()?.play_from(from).map_err(|e| e.text())?;
        let at_text = clock(from);
        Ok(if exact { tr!("video-desk-playing", at = at_text) } else { tr!("video-desk-playing-near", at = at_text) })
    }

    /// The video shows `at` now: a sync point there (one for the same act is replaced).
    pub fn sync(&mut self, m: &Match, at: ActAt, store: &dyn Store) -> Result<Text, Text> {
        let file = self.file.clone().ok_or_else(|| tr!("video-desk-save-first").text())?;
        self.follow(Some(&file));
        if self.link.is_none() {
            return Err(tr!("video-desk-no-link").text());
        }
        let act = at.act.ok_or_else(|| tr!("video-desk-sync-on-an-act").text())?;
        let time =
            flow(m, at.frame).and_then(|f| f.time(act)).ok_or_else(|| tr!("video-desk-act-has-no-time").text())?;
        // Where the video stands is only known of a player showing it: one just started stands
        // at the start, which is no answer.
        if !self.player.as_mut().is_some_and(MpvPlayer::is_running) {
            self.player()?;
            return Err(tr!("video-desk-sync-again").text());
        }
        let video = self.player()?.time_pos().map_err(|e| e.text())?;
        let link = self.link.as_mut().ok_or_else(|| tr!("video-desk-no-link").text())?;
        link.sync_on(at.frame, act, time, video);
        let points = link.sync.len();
        self.keep(&file, store)?;
        Ok(tr!("video-desk-synced", at = clock(video), points = points))
    }

    /// Where the video shown stands, in seconds (`None` while no player shows it).
    pub fn position(&mut self) -> Option<f64> {
        let player = self.player.as_mut()?;
        if !player.is_running() {
            return None;
        }
        player.time_pos().ok()
    }

    /// Moves the video shown to `seconds` (as the scorer does in mpv's own window).
    pub fn seek(&mut self, seconds: f64) -> Result<(), Text> {
        self.player()?.seek(seconds).map_err(|e| e.text())
    }

    /// The player, started when it is not running.
    fn player(&mut self) -> Result<&mut MpvPlayer, Text> {
        if !self.player.as_mut().is_some_and(MpvPlayer::is_running) {
            let link = self.link.as_ref().ok_or_else(|| tr!("video-desk-no-link").text())?;
            self.player = Some(MpvPlayer::start(&link.source, &self.options).map_err(|e: VideoError| e.text())?);
        }
        self.player.as_mut().ok_or_else(|| tr!("video-desk-no-link").text())
    }
}

fn flow(m: &Match, frame: usize) -> Option<&FrameFlow> {
    m.frames.get(frame)?.flow.as_ref()
}

/// When `at` was entered, and whether that is its own time (else the nearest act's before it,
/// or after it; a deal is its first act).
fn act_time(m: &Match, at: ActAt) -> Option<(ActTime, bool)> {
    let f = flow(m, at.frame)?;
    let n = at.act.unwrap_or(0).min(f.acts.len().saturating_sub(1));
    if let Some(t) = f.time(n) {
        return Some((t, true));
    }
    let before = (0..n).rev().find_map(|k| f.time(k));
    let after = (n + 1..f.acts.len()).find_map(|k| f.time(k));
    before.or(after).map(|t| (t, false))
}

/// `1:02:03` or `2:03`.
pub fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

/// One entry per frame of `m` for [`super::chapters_of`]: its title (`E1-0 · 松ヶ瀬 deals`) and
/// the time its first act was entered.
pub fn chapter_frames(m: &Match, lang: Lang) -> Vec<(String, Option<ActTime>)> {
    m.frames
        .iter()
        .map(|f| {
            let dealer = f.id.dealer();
            let name = m
                .players
                .iter()
                .find(|p| usize::from(p.id) == dealer)
                .and_then(|p| p.name.as_ref())
                .and_then(|n| n.last.as_ref().or(n.first.as_ref()))
                .and_then(|s| s.native.clone().or_else(|| s.roman.clone()))
                .unwrap_or_else(|| Wind::ALL[dealer.min(3)].name(lang).to_string());
            let title = tr!("video-desk-chapter", frame = f.id, dealer = name).into_lang(lang);
            let first = f.flow.as_ref().and_then(|fl| (0..fl.acts.len()).find_map(|n| fl.time(n)));
            (title, first)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::format::{Act, Draw, Frame, FrameFlow, FrameId, Seat, Tile};

    fn frame_with_times(times: &[Option<i64>]) -> Frame {
        let mut f = Frame::new(FrameId { wind: Wind::East, number: 2, honba: 1 });
        let mut flow = FrameFlow::default();
        for t in times {
            let act = Act { seat: Seat::East, draw: Draw::Tile(Tile::UNKNOWN), discard: None };
            flow.push_act(act, t.map(ActTime::from_millis));
        }
        f.flow = Some(flow);
        f
    }

    #[test]
    fn an_act_with_no_time_is_found_at_the_nearest_act_before_it_else_after() {
        let m =
            Match { frames: vec![frame_with_times(&[None, Some(1_000), None, Some(9_000), None])], ..Match::default() };
        let at = |act| act_time(&m, ActAt { frame: 0, act });
        assert_eq!(at(Some(1)), Some((ActTime::from_millis(1_000), true)));
        assert_eq!(at(Some(2)), Some((ActTime::from_millis(1_000), false)));
        assert_eq!(at(Some(4)), Some((ActTime::from_millis(9_000), false)));
        assert_eq!(at(Some(0)), Some((ActTime::from_millis(1_000), false)));
        assert_eq!(at(None), Some((ActTime::from_millis(1_000), false)), "a deal is its first act with a time");
        let none = Match { frames: vec![frame_with_times(&[None, None])], ..Match::default() };
        assert_eq!(act_time(&none, ActAt { frame: 0, act: Some(1) }), None);
    }

    #[test]
    fn a_chapter_is_named_by_its_frame_and_its_dealer() {
        let mut m = Match { frames: vec![frame_with_times(&[None, Some(5_000)])], ..Match::default() };
        let frames = chapter_frames(&m, Lang::En);
        assert_eq!(frames, vec![("E2-1 · South deals".to_string(), Some(ActTime::from_millis(5_000)))]);
        m.players = (0..4u8)
            .map(|id| crate::format::Player {
                id,
                name: Some(crate::format::Name { last: Some(crate::format::StrLit::native("松ヶ瀬")), first: None }),
                ..crate::format::Player::default()
            })
            .collect();
        assert_eq!(chapter_frames(&m, Lang::Ja)[0].0, "東2局1本場 · 松ヶ瀬 の親");
        assert_eq!(clock(3_751.4), "1:02:31");
        assert_eq!(clock(65.0), "1:05");
    }

    #[test]
    fn a_link_written_by_the_other_screens_desk_is_read_again_and_its_sync_points_kept() {
        let dir = std::env::temp_dir().join(format!("jmjp-desk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (file, video) = (dir.join("m.jmjp"), dir.join("m.mkv"));
        std::fs::write(&video, b"x").unwrap();
        let store = crate::document::io::RealDisk;
        let mut editor = VideoDesk::default();
        assert!(editor.follow(Some(&file)));
        assert!(editor.link().is_none());
        // The recorder's desk links the video and syncs it (its sync point written beside the file).
        let mut link = VideoLink::new(VideoSource::File(video.clone()));
        link.sync_on(1, 3, ActTime::from_millis(5_000), 20.0);
        std::thread::sleep(std::time::Duration::from_millis(20));
        super::super::save(&file, &link, &store).unwrap();
        assert!(editor.follow(Some(&file)), "the editor sees the link written since");
        assert_eq!(editor.link().map(|l| l.sync.len()), Some(1));
        assert!(!editor.follow(Some(&file)), "and reads it once");
        // Linking the same video again in the editor keeps the recorder's sync point.
        editor.link_to(&video.to_string_lossy(), &store).unwrap();
        assert_eq!(super::super::load(&file).unwrap().unwrap().sync.len(), 1);
    }

    #[test]
    fn with_no_file_or_no_link_the_desk_says_what_to_do_and_starts_no_player() {
        let mut desk = VideoDesk::default();
        let m = Match { frames: vec![frame_with_times(&[Some(1_000)])], ..Match::default() };
        let store = crate::document::io::RealDisk;
        assert_eq!(desk.link_to("video.mkv", &store).unwrap_err(), tr!("video-desk-save-first").text());
        assert_eq!(desk.play(&m, ActAt { frame: 0, act: Some(0) }).unwrap_err(), tr!("video-desk-no-link").text());
        assert!(desk.player.is_none());
    }
}
