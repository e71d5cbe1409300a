//! One chapter per frame for the published video (`jmjp-studio chapters`): the lines of a
//! YouTube description (`00:12:31 E1-0 · 松ヶ瀬 deals`), a WebVTT chapters track or an ffmpeg
//! metadata file.

use std::fmt::Write as _;
use std::str::FromStr;

use super::{VideoError, VideoLink};
use crate::format::ActTime;

/// YouTube's shortest chapter, in seconds.
const SHORTEST: f64 = 10.0;
/// YouTube's fewest chapters.
const FEWEST: usize = 3;
/// How long the last chapter lasts when the video's end is not known, in seconds.
const LAST_LASTS: f64 = 600.0;

/// A chapter: where it starts in the video, in seconds, and its title.
#[derive(Clone, Debug, PartialEq)]
pub struct Chapter {
    pub start: f64,
    pub title: String,
}

/// How the chapters are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChapterFormat {
    /// Lines for a YouTube description: `00:12:31 title`.
    Youtube,
    /// A WebVTT chapters track (`<track kind="chapters">`).
    Webvtt,
    /// ffmpeg's metadata file (`ffmpeg -i video -i chapters.txt -map_metadata 1 -codec copy`).
    Ffmetadata,
}

impl ChapterFormat {
    /// Each format with its name on the command line.
    pub const ALL: [(ChapterFormat, &'static str); 3] = [
        (ChapterFormat::Youtube, "youtube"),
        (ChapterFormat::Webvtt, "webvtt"),
        (ChapterFormat::Ffmetadata, "ffmetadata"),
    ];
}

impl FromStr for ChapterFormat {
    type Err = VideoError;

    /// `youtube`, `webvtt` or `ffmetadata` (in any case).
    fn from_str(s: &str) -> Result<ChapterFormat, VideoError> {
        let name = s.trim();
        ChapterFormat::ALL
            .iter()
            .find(|(_, n)| name.eq_ignore_ascii_case(n))
            .map(|(f, _)| *f)
            .ok_or_else(|| VideoError::UnknownChapterFormat { given: name.to_string() })
    }
}

/// The chapters of a match from its frames, in order: each frame's title and the time its
/// first act was entered (`None`: a frame without times, left out).
///
/// With `link` synced, a frame starts at its video time ([`VideoLink::video_time`]); without,
/// at the time since the match's first act (the first frame with a time is at 00:00).
///
/// YouTube's rules are kept: the first chapter starts at 00:00 (it is moved there), every
/// chapter lasts at least 10 s, and there are at least three. A frame shorter than 10 s (to the
/// next chapter's start) is merged into the chapter before it, which then runs on over it; a
/// first frame that short has none before it, and the next frame's chapter takes its place at
/// 00:00. The last chapter runs to the video's end, which is not known here. Fewer than three
/// chapters left: [`VideoError::TooFewChapters`]; no frame with a time: [`VideoError::NoActTimes`].
pub fn chapters_of(frames: &[(String, Option<ActTime>)], link: Option<&VideoLink>) -> Result<Vec<Chapter>, VideoError> {
    let timed: Vec<(&String, ActTime)> = frames.iter().filter_map(|(title, at)| at.map(|at| (title, at))).collect();
    let Some(&(_, first)) = timed.first() else { return Err(VideoError::NoActTimes) };
    let synced = link.filter(|l| l.video_time(first).is_some());
    let starts: Vec<Chapter> = timed
        .iter()
        .map(|(title, at)| {
            let start = synced.and_then(|l| l.video_time(*at)).unwrap_or_else(|| at.seconds_since(first).max(0.0));
            Chapter { start, title: one_line(title) }
        })
        .collect();
    // From the last back: a frame is kept when the next kept one starts 10 s after it or more.
    let mut kept: Vec<Chapter> = Vec::new();
    for chapter in starts.into_iter().rev() {
        if kept.last().is_none_or(|next| next.start - chapter.start >= SHORTEST) {
            kept.push(chapter);
        }
    }
    kept.reverse();
    if let Some(first) = kept.first_mut() {
        first.start = 0.0;
    }
    if kept.len() < FEWEST {
        return Err(VideoError::TooFewChapters { count: kept.len() });
    }
    Ok(kept)
}

/// A title on one line (a line break would end a chapter's line or cue).
fn one_line(title: &str) -> String {
    title.split(['\r', '\n']).map(str::trim).filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The chapters written as `format` says; the last chapter ends 10 minutes after its start. A
/// title stays on one line (YouTube, WebVTT) or has its line breaks escaped (ffmetadata).
pub fn render(chapters: &[Chapter], format: ChapterFormat) -> String {
    render_until(chapters, format, None)
}

/// [`render`], the last chapter ending at `end` (the video's length, in seconds) when it is given
/// and after the last start.
pub fn render_until(chapters: &[Chapter], format: ChapterFormat, end: Option<f64>) -> String {
    let millis = |seconds: f64| if seconds.is_finite() { (seconds.max(0.0) * 1000.0).round() as u64 } else { 0 };
    let ends: Vec<u64> = (0..chapters.len())
        .map(|i| match chapters.get(i + 1) {
            Some(next) => millis(next.start),
            None => {
                let start = chapters[i].start;
                millis(end.filter(|e| *e > start).unwrap_or(start + LAST_LASTS))
            }
        })
        .collect();
    let mut out = String::new();
    match format {
        ChapterFormat::Youtube => {
            for c in chapters {
                let _ = writeln!(out, "{} {}", clock(millis(c.start), false), one_line(&c.title));
            }
        }
        ChapterFormat::Webvtt => {
            out.push_str("WEBVTT\n");
            for (c, end) in chapters.iter().zip(&ends) {
                let _ = write!(
                    out,
                    "\n{} --> {}\n{}\n",
                    clock(millis(c.start), true),
                    clock(*end, true),
                    cue_text(&c.title)
                );
            }
        }
        ChapterFormat::Ffmetadata => {
            out.push_str(";FFMETADATA1\n");
            for (c, end) in chapters.iter().zip(&ends) {
                let _ = write!(
                    out,
                    "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART={}\nEND={end}\ntitle={}\n",
                    millis(c.start),
                    ffmetadata_value(&c.title)
                );
            }
        }
    }
    out
}

/// `HH:MM:SS`, or `HH:MM:SS.mmm` with the milliseconds (WebVTT's layout).
fn clock(millis: u64, with_millis: bool) -> String {
    let (s, ms) = (millis / 1000, millis % 1000);
    let hms = format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    if with_millis { format!("{hms}.{ms:03}") } else { hms }
}

/// A title as a WebVTT cue's text, on one line: `&`, `<` and `>` as character references (a
/// cue's text is markup; so `-->`, which would read as a timing, cannot appear either).
fn cue_text(title: &str) -> String {
    one_line(title).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// A value of ffmpeg's metadata file: `=`, `;`, `#`, `\` and a line break escaped with `\`
/// (a line break of Windows, or a lone carriage return, is written as one line break).
fn ffmetadata_value(value: &str) -> String {
    let value = value.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '=' | ';' | '#' | '\\' | '\n') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::video::VideoSource;

    /// 2026-11-23T19:42:10.000Z plus `seconds`.
    fn t(seconds: f64) -> ActTime {
        ActTime::from_millis(1_795_462_930_000 + (seconds * 1000.0).round() as i64)
    }

    fn frames(starts: &[Option<f64>]) -> Vec<(String, Option<ActTime>)> {
        starts.iter().enumerate().map(|(i, s)| (format!("E{}-0 · frame {i}", i + 1), s.map(t))).collect()
    }

    fn starts(chapters: &[Chapter]) -> Vec<(f64, &str)> {
        chapters.iter().map(|c| (c.start, c.title.as_str())).collect()
    }

    #[test]
    fn without_a_video_the_first_act_is_at_00_00() {
        let c = chapters_of(&frames(&[Some(0.0), Some(751.0), None, Some(1320.5)]), None).unwrap();
        assert_eq!(starts(&c), [(0.0, "E1-0 · frame 0"), (751.0, "E2-0 · frame 1"), (1320.5, "E4-0 · frame 3")]);
        // The recording started late: the first timed frame is still at 00:00.
        let c = chapters_of(&frames(&[None, Some(100.0), Some(200.0), Some(300.0)]), None).unwrap();
        assert_eq!(c.iter().map(|c| c.start).collect::<Vec<_>>(), [0.0, 100.0, 200.0]);
    }

    #[test]
    fn with_a_synced_video_each_frame_is_at_its_video_time_and_the_first_moves_to_00_00() {
        let mut link = VideoLink::new(VideoSource::Url("https://example.com/v".into()));
        link.sync_on(0, 5, t(30.0), 320.0);
        let f = frames(&[Some(0.0), Some(600.0), Some(1200.0)]);
        let c = chapters_of(&f, Some(&link)).unwrap();
        assert_eq!(c.iter().map(|c| c.start).collect::<Vec<_>>(), [0.0, 890.0, 1490.0]);
        // A link not synced yet counts as none.
        let unsynced = VideoLink::new(VideoSource::Url("https://example.com/v".into()));
        assert_eq!(
            chapters_of(&f, Some(&unsynced)).unwrap().iter().map(|c| c.start).collect::<Vec<_>>(),
            [0.0, 600.0, 1200.0]
        );
    }

    #[test]
    fn a_frame_shorter_than_10_s_is_merged_into_the_one_before() {
        // Frame 1 lasts 4 s: frame 0 runs on over it. Frame 3 lasts 9.999 s: merged too.
        let c =
            chapters_of(&frames(&[Some(0.0), Some(300.0), Some(304.0), Some(500.0), Some(509.999), Some(900.0)]), None)
                .unwrap();
        assert_eq!(c.iter().map(|c| c.start).collect::<Vec<_>>(), [0.0, 304.0, 509.999, 900.0]);
        assert_eq!(c[1].title, "E3-0 · frame 2");
        // A first frame of 5 s: the next one takes 00:00.
        let c = chapters_of(&frames(&[Some(0.0), Some(5.0), Some(100.0), Some(200.0)]), None).unwrap();
        assert_eq!(starts(&c), [(0.0, "E2-0 · frame 1"), (100.0, "E3-0 · frame 2"), (200.0, "E4-0 · frame 3")]);
        // A clock that went back: the chapters still increase by 10 s or more.
        let c = chapters_of(&frames(&[Some(0.0), Some(100.0), Some(110.0), Some(50.0), Some(400.0)]), None).unwrap();
        assert_eq!(c.iter().map(|c| c.start).collect::<Vec<_>>(), [0.0, 50.0, 400.0]);
    }

    #[test]
    fn too_few_chapters_or_no_times_say_why_in_both_languages() {
        let e = chapters_of(&frames(&[Some(0.0), Some(300.0), Some(305.0)]), None).unwrap_err();
        assert!(matches!(e, VideoError::TooFewChapters { count: 2 }), "{e:?}");
        let text = e.text();
        assert!(text.en.contains("at least three") && text.en.contains("10 s") && text.en.contains('2'), "{}", text.en);
        assert!(text.ja.contains("3 つ以上") && text.ja.contains("10 秒") && text.ja.contains('2'), "{}", text.ja);
        let e = chapters_of(&frames(&[None, None]), None).unwrap_err();
        assert!(matches!(e, VideoError::NoActTimes));
        assert!(e.text().ja.contains("時刻"), "{}", e.text().ja);
    }

    fn three() -> Vec<Chapter> {
        vec![
            Chapter { start: 0.0, title: "E1-0 · 松ヶ瀬 deals".into() },
            Chapter { start: 751.0, title: "E2-0 · <R&D> --> 1=2;#\\".into() },
            Chapter { start: 3723.5, title: "S4-3 · オーラス".into() },
        ]
    }

    #[test]
    fn youtube_lines() {
        assert_eq!(
            render(&three(), ChapterFormat::Youtube),
            "00:00:00 E1-0 · 松ヶ瀬 deals\n00:12:31 E2-0 · <R&D> --> 1=2;#\\\n01:02:03 S4-3 · オーラス\n"
        );
    }

    #[test]
    fn webvtt_cues() {
        let expected = "WEBVTT\n\n00:00:00.000 --> 00:12:31.000\nE1-0 · 松ヶ瀬 deals\n\n\
                        00:12:31.000 --> 01:02:03.500\nE2-0 · &lt;R&amp;D&gt; --&gt; 1=2;#\\\n\n\
                        01:02:03.500 --> 01:12:03.500\nS4-3 · オーラス\n";
        assert_eq!(render(&three(), ChapterFormat::Webvtt), expected);
        let until = render_until(&three(), ChapterFormat::Webvtt, Some(3800.25));
        assert!(until.ends_with("01:02:03.500 --> 01:03:20.250\nS4-3 · オーラス\n"), "{until}");
    }

    #[test]
    fn ffmetadata_chapters() {
        let mut chapters = three();
        chapters[2].title = "line one\nline two".into();
        let expected = ";FFMETADATA1\n\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=751000\ntitle=E1-0 · 松ヶ瀬 deals\n\n\
                        [CHAPTER]\nTIMEBASE=1/1000\nSTART=751000\nEND=3723500\ntitle=E2-0 · <R&D> --> 1\\=2\\;\\#\\\\\n\n\
                        [CHAPTER]\nTIMEBASE=1/1000\nSTART=3723500\nEND=4323500\ntitle=line one\\\nline two\n";
        assert_eq!(render(&chapters, ChapterFormat::Ffmetadata), expected);
    }

    #[test]
    fn the_formats_are_named_as_the_command_line_names_them() {
        assert_eq!("youtube".parse::<ChapterFormat>().unwrap(), ChapterFormat::Youtube);
        assert_eq!(" WebVTT ".parse::<ChapterFormat>().unwrap(), ChapterFormat::Webvtt);
        assert_eq!("ffmetadata".parse::<ChapterFormat>().unwrap(), ChapterFormat::Ffmetadata);
        let e = "srt".parse::<ChapterFormat>().unwrap_err();
        assert!(e.text().en.contains("srt") && e.text().ja.contains("youtube"), "{:?}", e.text());
    }

    #[test]
    fn a_title_stays_on_one_line() {
        let c = chapters_of(
            &[
                ("a\nb".to_string(), Some(t(0.0))),
                ("c\r\n d".to_string(), Some(t(20.0))),
                ("e".to_string(), Some(t(40.0))),
            ],
            None,
        )
        .unwrap();
        assert_eq!(c.iter().map(|c| c.title.as_str()).collect::<Vec<_>>(), ["a b", "c d", "e"]);
    }
}
