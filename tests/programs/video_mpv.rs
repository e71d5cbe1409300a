//! The match video with a real mpv (Debian's `mpv`, without a window) and a video made here by
//! ffmpeg (the `lavfi` test source with its time drawn on it): a sync point on one act, another
//! act asked for, and where mpv says it is (`time-pos`, read over its IPC) compared with the time
//! worked out here from the act times this test sets and the sync point.
//!
//! Without mpv or ffmpeg the tests that need them print that they were skipped, except under CI
//! (`CI` set), where they fail: CI installs both (`.ci/run`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::common;

use jmjp_studio::document::io::RealDisk;
use jmjp_studio::format::ActTime;
use jmjp_studio::video::{self, MpvPlayer, PlayerOptions, VideoError, VideoLink, VideoSource, find_mpv, mpv_program};

/// How far mpv's position may be from the one worked out, in seconds.
const CLOSE: f64 = 0.1;

/// This test's own folder.
fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-video-mpv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(name)).find(|p| p.is_file())
}

/// Whether mpv and ffmpeg are here; outside CI a test without them is skipped, under CI it fails.
fn tools_here() -> bool {
    if find_mpv(std::env::var_os("PATH").as_deref()).is_some() && on_path("ffmpeg").is_some() {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!("mpv or ffmpeg is missing: CI must install them (apt-get install -y mpv ffmpeg, .ci/run)");
    }
    eprintln!("skipped: mpv/ffmpeg not installed");
    false
}

/// A font for the time drawn on the video, if there is one.
fn font() -> Option<&'static str> {
    [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ]
    .into_iter()
    .find(|f| Path::new(f).is_file())
}

/// A 120 s video (320x240, 25 frames a second, its time drawn when a font is here) as MKV, made
/// once for all the tests of this file.
fn test_video() -> &'static Path {
    static VIDEO: OnceLock<PathBuf> = OnceLock::new();
    VIDEO.get_or_init(|| {
        let out = folder().join("match.mkv");
        let source = "testsrc=duration=120:size=320x240:rate=25";
        let drawn = font().map(|f| {
            format!("{source},drawtext=fontfile={f}:text='%{{pts\\:hms}}':fontsize=24:fontcolor=white:box=1:boxcolor=black:x=10:y=10")
        });
        // MPEG-4 part 2 is built into every ffmpeg, and fast; a keyframe each second.
        let made = |graph: &str| {
            Command::new("ffmpeg")
                .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", graph])
                .args(["-c:v", "mpeg4", "-q:v", "5", "-g", "25"])
                .arg(&out)
                .stdin(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        assert!(drawn.is_some_and(|g| made(&g)) || made(source), "ffmpeg could not make the test video");
        out
    })
}

fn quiet() -> PlayerOptions {
    PlayerOptions { program: None, window: false }
}

/// The clock of this test: act A entered at T, 2026-11-23T19:42:10.250Z, and the others after.
fn at(seconds_after_a: f64) -> ActTime {
    let t = ActTime::parse("2026-11-23T19:42:10.250Z").unwrap();
    ActTime::from_millis(t.millis() + (seconds_after_a * 1000.0).round() as i64)
}

fn assert_close(got: f64, expected: f64, what: &str) {
    assert!((got - expected).abs() <= CLOSE, "{what}: mpv is at {got} s, the act at {expected} s");
}

#[test]
fn an_act_asked_for_plays_at_its_video_time_and_a_second_sync_point_corrects_a_cut() {
    let _turn = common::turn::take(module_path!());
    if !tools_here() {
        return;
    }
    let started = Instant::now();
    let video = test_video();
    let made = started.elapsed();
    let mut link = VideoLink::new(VideoSource::parse(&video.to_string_lossy()).unwrap());
    // Act 12 of frame 0 (act A) was entered at T; the scorer syncs it at 20 s of the video.
    link.sync_on(0, 12, at(0.0), 20.0);
    let mut player = MpvPlayer::start(&link.source, &quiet()).unwrap();
    let loaded = started.elapsed();
    assert!(player.is_running());
    assert_close(player.time_pos().unwrap(), 0.0, "loaded, paused at the start");

    // Act B was entered 37.25 s after act A: 20 + 37.25 s into the video.
    let expected_b = 20.0 + 37.25;
    player.play_from(link.video_time(at(37.25)).unwrap()).unwrap();
    let first = player.time_pos().unwrap();
    assert_close(first, expected_b, "act B");
    // It plays from there.
    let deadline = Instant::now() + Duration::from_secs(10);
    while player.time_pos().unwrap() < first + 0.2 {
        assert!(Instant::now() < deadline, "the video does not play on from act B");
        std::thread::sleep(Duration::from_millis(20));
    }
    player.pause().unwrap();

    // The broadcast cut away: act C of frame 3, entered 60 s after act A, shows at 95 s (not
    // 80 s). Act D, entered 81.5 s after act A, is 21.5 s after act C in the video.
    link.sync_on(3, 5, at(60.0), 95.0);
    let expected_d = 95.0 + (81.5 - 60.0);
    player.seek(link.video_time(at(81.5)).unwrap()).unwrap();
    assert_close(player.time_pos().unwrap(), expected_d, "act D, after the cut");
    // Act B, before the cut, is where it was.
    player.seek(link.video_time(at(37.25)).unwrap()).unwrap();
    assert_close(player.time_pos().unwrap(), expected_b, "act B again");
    let seeks = started.elapsed();
    drop(player);
    eprintln!(
        "timings: the test video ready in {:.2} s (made once, by the first test to ask), mpv started and loaded in {:.2} s, the seeks in {:.2} s, quit in {:.2} s",
        made.as_secs_f64(),
        (loaded - made).as_secs_f64(),
        (seeks - loaded).as_secs_f64(),
        (started.elapsed() - seeks).as_secs_f64()
    );
}

#[test]
fn with_no_mpv_the_message_says_how_to_get_it_and_the_link_still_works() {
    let _turn = common::turn::take(module_path!());
    let dir = folder().join("no-mpv");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.jmjp");
    let video_file = dir.join("match.mkv");
    std::fs::write(&video_file, b"not played").unwrap();
    let mut link = VideoLink::new(VideoSource::parse(&video_file.to_string_lossy()).unwrap());
    link.sync_on(0, 12, at(0.0), 20.0);
    video::save(&file, &link, &RealDisk).unwrap();

    // An mpv named that is not there.
    let named = PlayerOptions { program: Some(dir.join("no-such-mpv")), window: false };
    let e = MpvPlayer::start(&link.source, &named).unwrap_err();
    assert!(matches!(e, VideoError::NoMpv), "{e:?}");
    let text = e.text();
    for needle in ["mpv is needed", "apt install mpv", "mpv.io", "mpv.exe", "Everything else works"] {
        assert!(text.en.contains(needle), "{needle}: {}", text.en);
    }
    for needle in ["mpv が必要", "apt install mpv", "mpv.io", "mpv.exe", "mpv なしで使えます"] {
        assert!(text.ja.contains(needle), "{needle}: {}", text.ja);
    }
    // No mpv on a PATH of one empty folder.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    assert!(matches!(mpv_program(&quiet(), Some(empty.as_os_str())), Err(VideoError::NoMpv)));

    // Nothing else changed: the link reads back, every act still has its video time.
    let back = video::load(&file).unwrap().unwrap();
    assert_eq!(back, link);
    assert_eq!(back.video_time(at(37.25)), Some(57.25));
}

#[test]
fn a_video_mpv_cannot_play_is_said_with_its_name() {
    let _turn = common::turn::take(module_path!());
    if !tools_here() {
        return;
    }
    let bad = folder().join("damaged.mkv");
    std::fs::write(&bad, b"this is no video at all").unwrap();
    let e = MpvPlayer::start(&VideoSource::File(bad.clone()), &quiet()).unwrap_err();
    assert!(matches!(e, VideoError::NotPlayable { .. }), "{e:?}");
    assert!(e.text().en.contains("damaged.mkv") && e.text().ja.contains("再生できません"), "{:?}", e.text());
}

#[test]
fn a_growing_mp4_is_refused_before_mpv_starts() {
    let _turn = common::turn::take(module_path!());
    if !tools_here() {
        return;
    }
    // An MP4 as a recorder leaves it while it records: its media box still open, no index.
    let growing = folder().join("recording.mp4");
    let mut bytes = 24u32.to_be_bytes().to_vec();
    bytes.extend_from_slice(b"ftypisom\0\0\x02\0isomiso2");
    bytes.extend_from_slice(&0u32.to_be_bytes());
    bytes.extend_from_slice(b"mdat");
    bytes.extend_from_slice(&[0; 4096]);
    std::fs::write(&growing, bytes).unwrap();
    let e = MpvPlayer::start(&VideoSource::File(growing), &quiet()).unwrap_err();
    assert!(matches!(e, VideoError::GrowingMp4 { .. }), "{e:?}");
    assert!(e.text().en.contains("MKV or MPEG-TS"), "{}", e.text().en);
}

/// A recording still being written (MKV, MPEG-TS: ffmpeg writing in real time) is opened, and
/// once more of it is written the player goes into that part. (mpv's estimate of an MPEG-TS's
/// length reads on to the end of the file, which a growing one does not reach: without
/// `skip_estimate_duration_from_pts` the TS often opens only when ffmpeg stops, too late.)
#[test]
fn a_recording_still_being_written_opens_and_plays_on_as_it_grows() {
    let _turn = common::turn::take(module_path!());
    if !tools_here() {
        return;
    }
    let names = ["growing.mkv", "growing.ts"];
    // ffmpeg records 30 s in real time, saying how far it has written (`-progress`); the test
    // stops it long before the end.
    let mut writers: Vec<(PathBuf, Writer)> = names
        .iter()
        .map(|name| {
            let out = folder().join(name);
            let _ = std::fs::remove_file(&out);
            let child = Command::new("ffmpeg")
                .args(["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:1", "-y"])
                .args(["-f", "lavfi", "-i", "testsrc=duration=30:size=320x240:rate=25,realtime"])
                .args(["-c:v", "mpeg4", "-g", "25", "-flush_packets", "1"])
                .arg(&out)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            (out, Writer(child))
        })
        .collect();
    let mut players = Vec::new();
    for (out, _) in &writers {
        // Opened as soon as a little is written.
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::fs::metadata(out).map_or(0, |m| m.len()) < 20_000 {
            assert!(Instant::now() < deadline, "ffmpeg writes nothing to {}", out.display());
            std::thread::sleep(Duration::from_millis(20));
        }
        players.push(MpvPlayer::start(&VideoSource::File(out.clone()), &quiet()).unwrap());
    }
    for ((out, writer), (player, name)) in writers.iter_mut().zip(players.iter_mut().zip(names)) {
        // 6 s written now (the part 4.5 s in was not there when the player opened it); still
        // being written while the player goes there.
        writer.wait_until_written(6.0);
        player.seek(4.5).unwrap();
        assert_close(player.time_pos().unwrap(), 4.5, name);
        assert!(writer.0.try_wait().unwrap().is_none(), "{} was finished", out.display());
    }
}

/// ffmpeg writing a recording; stopped when dropped.
struct Writer(std::process::Child);

impl Writer {
    /// Waits until ffmpeg says it has written `seconds` of video (it ends after 30 s of it).
    fn wait_until_written(&mut self, seconds: f64) {
        use std::io::BufRead;
        let out = self.0.stdout.as_mut().unwrap();
        for line in std::io::BufReader::new(out).lines() {
            let line = line.unwrap();
            let written = line.strip_prefix("out_time_us=").and_then(|us| us.trim().parse::<f64>().ok());
            if written.is_some_and(|us| us / 1e6 >= seconds) {
                return;
            }
        }
        panic!("ffmpeg ended before writing {seconds} s");
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The player closed by the user (here: mpv told to quit when the video ends) is noticed: it no
/// longer runs, and asking it something is an error, not a wait or a crash.
#[cfg(unix)]
#[test]
fn a_player_that_has_closed_is_noticed() {
    let _turn = common::turn::take(module_path!());
    use std::os::unix::fs::PermissionsExt;
    if !tools_here() {
        return;
    }
    let mpv = find_mpv(std::env::var_os("PATH").as_deref()).unwrap();
    let wrapper = folder().join("mpv-quits-at-the-end");
    std::fs::write(&wrapper, format!("#!/bin/sh\nexec '{}' \"$@\" --idle=once --keep-open=no\n", mpv.display()))
        .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let opts = PlayerOptions { program: Some(wrapper), window: false };
    let mut player = MpvPlayer::start(&VideoSource::File(test_video().to_path_buf()), &opts).unwrap();
    player.play_from(119.5).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while player.is_running() {
        assert!(Instant::now() < deadline, "mpv did not end with the video");
        std::thread::sleep(Duration::from_millis(20));
    }
    let e = player.time_pos().unwrap_err();
    assert!(matches!(e, VideoError::MpvClosed { .. }), "{e:?}");
    assert!(e.text().ja.contains("プレーヤーが閉じられました"), "{}", e.text().ja);
}

/// The whole way, as a scorer goes: a match recorded with an injected clock (one entry every
/// 0.5 s), its video linked to the file, opened (not synced yet: at its start), moved to 20 s
/// where act 12 of the second frame shows, synced there; then act 30 of the third frame played:
/// mpv stands 5 s before that act's time, worked out here from the entries and the clock.
#[test]
fn an_act_of_a_recording_plays_where_its_entry_time_puts_it() {
    let _turn = common::turn::take(module_path!());
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    use jmjp_studio::document::{Document, io};
    use jmjp_studio::format::Paifu;
    use jmjp_studio::recorder::{Entry, LiveRecording, WallClock};
    use jmjp_studio::video::{ActAt, VideoDesk};

    if !tools_here() {
        return;
    }
    let dir = folder().join("recording");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.jmjp");
    let (header, entries) = common::match_of("mjai-reviewer_ranked_game.json");
    let mut doc = Document::new(Paifu { matches: vec![header] }, true);
    io::save(&mut doc, &file, true).unwrap();
    let mut rec = LiveRecording::start(&doc, &file).unwrap();
    const T0: i64 = 1_795_462_930_250;
    let next = Arc::new(AtomicI64::new(T0));
    rec.set_clock(WallClock::new(move || ActTime::from_millis(next.fetch_add(500, Ordering::SeqCst))));
    // The test's own account of when each act of each frame was entered.
    let mut entered: Vec<Vec<i64>> = Vec::new();
    for (n, e) in entries.into_iter().enumerate() {
        let at = T0 + 500 * n as i64;
        match &e {
            Entry::Deal(d) => entered.push(if d.hands[0].len() == 14 { vec![at] } else { Vec::new() }),
            Entry::Act(_) => entered.last_mut().unwrap().push(at),
            _ => {}
        }
        rec.enter(&mut doc, e).unwrap();
    }
    rec.finish(&doc).unwrap();
    let m = doc.paifu().matches[0].clone();

    let mut desk = VideoDesk::with_options(quiet());
    assert!(desk.follow(Some(&file)));
    desk.link_to(&test_video().to_string_lossy(), &RealDisk).unwrap();
    let (a, b) = (ActAt { frame: 1, act: Some(12) }, ActAt { frame: 2, act: Some(30) });
    // Not synced: the video opens at its start and says so.
    assert!(desk.play(&m, a).unwrap().en.contains("not synced"));
    assert_close(desk.position().unwrap(), 0.0, "opened at the start");
    desk.seek(20.0).unwrap();
    assert!(desk.sync(&m, a, &RealDisk).unwrap().en.contains("0:20"));
    assert_eq!(video::load(&file).unwrap().unwrap().sync.len(), 1, "kept beside the file");
    desk.play(&m, b).unwrap();
    let expected = 20.0 + (entered[2][30] - entered[1][12]) as f64 / 1000.0 - 5.0;
    assert!(expected > 25.0 && expected < 115.0, "inside the 120 s test video: {expected}");
    assert_close(desk.position().unwrap(), expected, "act 30 of the third frame, 5 s before");
}
