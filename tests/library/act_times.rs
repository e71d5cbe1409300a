//! Act times: a match recorded with an injected clock keeps, for each act, the time it was first
//! entered, through save, reopen, `fmt`, split and merge, undo and redo, a kill (recovered from
//! the journal), a correction and reconcile; times never make two records differ, and a file with
//! times is still read by a reader that knows nothing of them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use jmjp_studio::compare::{self, Recording, Side};
use jmjp_studio::document::{Document, io};
use jmjp_studio::format::{self, ActTime, Paifu};
use jmjp_studio::recorder::journal::{Journal, text_of};
use jmjp_studio::recorder::{Entry, LiveRecording, WallClock};
use jmjp_studio::scoring::RuleOptions;

/// 2026-11-23T23:55:00.000Z: the match crosses midnight.
const T0: i64 = 1_795_478_100_000;
/// Each entry is made 2.5 s after the one before.
const STEP: i64 = 2_500;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-act-times-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A clock that reads T0, T0 + STEP, T0 + 2 STEP, ... one reading per entry.
fn stepping_clock() -> WallClock {
    let next = Arc::new(AtomicI64::new(T0));
    WallClock::new(move || ActTime::from_millis(next.fetch_add(STEP, Ordering::SeqCst)))
}

/// The times the test expects, worked out from the entries alone: entry `n` is made at
/// T0 + n STEP; a new act (a draw or call, or the dealer's `oy` made with the deal) keeps the
/// time of the entry that made it. Frame by frame.
fn expected_times(entries: &[Entry]) -> Vec<Vec<Option<ActTime>>> {
    let mut frames: Vec<Vec<Option<ActTime>>> = Vec::new();
    for (n, e) in entries.iter().enumerate() {
        let at = Some(ActTime::from_millis(T0 + STEP * n as i64));
        match e {
            Entry::Deal(d) => frames.push(if d.hands[0].len() == 14 { vec![at] } else { Vec::new() }),
            Entry::Act(_) => frames.last_mut().unwrap().push(at),
            _ => {}
        }
    }
    frames
}

fn times_of(p: &Paifu) -> Vec<Vec<Option<ActTime>>> {
    p.matches[0]
        .frames
        .iter()
        .map(|f| {
            let flow = f.flow.as_ref().unwrap();
            (0..flow.acts.len()).map(|n| flow.time(n)).collect()
        })
        .collect()
}

/// A corpus match recorded into `path` by its entries, with the stepping clock; the recording
/// is left as a kill would leave it (journal and lock on disk).
fn recorded(path: &Path) -> (Document, Vec<Entry>) {
    let (header, entries) = common::match_of("mjai-reviewer_ranked_game.json");
    let mut doc = Document::new(Paifu { matches: vec![header] }, true);
    io::save(&mut doc, path, true).unwrap();
    let mut rec = LiveRecording::start(&doc, path).unwrap();
    rec.set_clock(stepping_clock());
    for e in &entries {
        rec.enter(&mut doc, e.clone()).unwrap();
    }
    std::mem::forget(rec);
    (doc, entries)
}

fn studio(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_jmjp-studio")).args(args).output().unwrap()
}

fn read(path: &Path) -> Paifu {
    format::parse(&std::fs::read_to_string(path).unwrap()).unwrap().paifu
}

#[test]
fn every_act_keeps_the_time_it_was_first_entered_through_save_reopen_fmt_split_merge_and_a_kill() {
    let dir = temp("through");
    let path = dir.join("match.jmjp");
    let (doc, entries) = recorded(&path);
    let want = expected_times(&entries);
    assert!(want.iter().map(Vec::len).sum::<usize>() > 150, "a whole match");
    assert_eq!(times_of(doc.paifu()), want, "in the document");

    // Saved as the entries came, and read again from the disk.
    assert_eq!(times_of(&read(&path)), want, "in the file");
    let text = std::fs::read_to_string(&path).unwrap();
    let first = format!(" // {}\n", want[0][0].unwrap());
    assert!(first.starts_with(" // 2026-11-23T23:55:0"), "{first}");
    assert!(text.contains(&first), "the first act's time as a comment on its line");
    assert!(text.contains(" // 2026-11-24T00:"), "after midnight");

    // A kill: the journal alone gives the same times back.
    let recovered = Journal::read(&io::journal_path(&path)).unwrap();
    assert_eq!(recovered.times.len(), recovered.entries.len());
    assert!(recovered.times.iter().all(Option::is_some), "every journal line has its time");
    let (again, refused) = recovered.document().unwrap();
    assert_eq!(refused, 0);
    assert_eq!(times_of(again.paifu()), want, "recovered from the journal");

    // fmt leaves a canonical file with times as it is; check finds nothing.
    let p = path.to_str().unwrap();
    assert!(studio(&["fmt", "--check", p]).status.success());
    assert!(studio(&["fmt", p]).status.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let check = studio(&["check", p]);
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stdout));

    // Merged with itself, then split again: each part has the times.
    let two = dir.join("two.jmjp");
    assert!(studio(&["merge", two.to_str().unwrap(), p, p]).status.success());
    assert_eq!(read(&two).matches.len(), 2);
    assert!(studio(&["split", two.to_str().unwrap()]).status.success());
    for part in io::split_paths(&two, 2) {
        assert_eq!(times_of(&read(&part)), want, "{}", part.display());
    }
}

#[test]
fn undo_redo_and_a_correction_keep_the_first_time_and_an_inserted_act_has_its_own() {
    let dir = temp("undo");
    let path = dir.join("match.jmjp");
    let (mut doc, entries) = recorded(&path);
    let want = expected_times(&entries);
    let last = want.len() - 1;
    let mut rec = LiveRecording::in_memory();
    let later = ActTime::from_millis(T0 + 10_000_000);
    rec.set_clock(WallClock::new(move || later));

    // Undo the frame's end and its last acts, then redo: the times come back with the acts.
    for _ in 0..3 {
        rec.enter(&mut doc, Entry::Undo).unwrap();
    }
    for _ in 0..3 {
        rec.enter(&mut doc, Entry::Redo).unwrap();
    }
    assert_eq!(times_of(doc.paifu()), want);

    // A correction of act 3 of the last frame keeps its first time.
    let flow = doc.paifu().matches[0].frames[last].flow.clone().unwrap();
    let mut to = flow.acts[3];
    to.discard = Some(format::Discard::Tsumogiri);
    rec.enter(&mut doc, Entry::Correct { frame: last, act: 3, to }).unwrap();
    assert_eq!(doc.paifu().matches[0].frames[last].flow.as_ref().unwrap().time(3), want[last][3]);

    // An act inserted before act 2 is entered now; the acts after it keep theirs.
    rec.enter(&mut doc, Entry::Insert { frame: last, act: 2, to: flow.acts[2] }).unwrap();
    let flow = doc.paifu().matches[0].frames[last].flow.clone().unwrap();
    assert_eq!(flow.time(2), Some(later));
    assert_eq!(flow.time(3), want[last][2]);
    assert_eq!(flow.time(flow.acts.len() - 1), *want[last].last().unwrap());
    // Taken out again: every act as before.
    rec.enter(&mut doc, Entry::Remove { frame: last, act: 2 }).unwrap();
    assert_eq!(times_of(doc.paifu())[last], want[last]);

    // The fix of a likely cause comes as the frame's text without times (a new list of acts,
    // here one act changed): every act keeps its first time.
    let mut fixed = doc.paifu().matches[0].frames[last].clone();
    let flow = fixed.flow.as_mut().unwrap();
    flow.times.clear();
    flow.acts[4].discard = Some(format::Discard::Tsumogiri);
    rec.enter(&mut doc, Entry::Fix { frame: last, text: format::frame_text(&fixed) }).unwrap();
    assert_eq!(times_of(doc.paifu())[last], want[last], "a fix keeps the times");
    // A match taken from the other desk (its own times, one act different): mine stay.
    let mut theirs = doc.paifu().matches[0].clone();
    for f in &mut theirs.frames {
        let flow = f.flow.as_mut().unwrap();
        for n in 0..flow.acts.len() {
            flow.set_time(n, Some(ActTime::from_millis(T0 + 99_000_000 + n as i64)));
        }
    }
    theirs.frames[0].flow.as_mut().unwrap().acts[7].discard = Some(format::Discard::Tsumogiri);
    let text = format::write(&Paifu { matches: vec![theirs] });
    rec.enter(&mut doc, Entry::Take { text }).unwrap();
    assert_eq!(times_of(doc.paifu()), want, "a taken record keeps the times entered here");
}

#[test]
fn times_never_make_two_records_differ_and_reconcile_keeps_them() {
    let dir = temp("compare");
    let path = dir.join("match.jmjp");
    let (doc, entries) = recorded(&path);
    let want = expected_times(&entries);
    let timed = doc.paifu().clone();
    let mut plain = timed.clone();
    for f in &mut plain.matches[0].frames {
        f.flow.as_mut().unwrap().times.clear();
    }
    assert_eq!(timed, plain, "times are not part of the record: the same record with and without them");
    let opts = RuleOptions::default();
    let c =
        compare::compare(Recording { paifu: &timed, source: None }, Recording { paifu: &plain, source: None }, &opts);
    assert!(c.differences.is_empty(), "{:?}", c.differences.first());

    // B (no times) differs from A in one act; taking B's act keeps A's time for it.
    let mut b = plain.clone();
    let act = &mut b.matches[0].frames[1].flow.as_mut().unwrap().acts[5];
    act.discard = Some(format::Discard::Tsumogiri);
    let c = compare::compare(Recording { paifu: &timed, source: None }, Recording { paifu: &b, source: None }, &opts);
    assert_eq!(c.differences.len(), 1, "{:?}", c.differences);
    let merged = c.reconcile(&timed, &b, &[Side::B]);
    assert_eq!(merged.matches[0].frames[1].flow.as_ref().unwrap().acts[5].discard, Some(format::Discard::Tsumogiri));
    assert_eq!(times_of(&merged), want);
    // And the other way round: A without times takes B's.
    let merged = c.reconcile(&b, &timed, &[Side::A]);
    assert_eq!(times_of(&merged), want);
}

/// A reader that knows nothing of times: the later draft's dialect with a time on every act
/// reads as it does without them, and checks as clean.
#[test]
fn a_file_with_times_reads_and_checks_the_same_in_each_dialect() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let canonical = std::fs::read_to_string(fixtures.join("canonical/full_match.jmjp")).unwrap();
    let draft = std::fs::read_to_string(fixtures.join("dialect/draft_match.jmjp")).unwrap();
    let v0 = std::fs::read_to_string(fixtures.join("dialect/v0_match.jmjp")).unwrap();
    for (name, text) in [("1.0", canonical), ("draft", draft), ("0.0", v0)] {
        let timed: String = text
            .lines()
            .enumerate()
            .map(|(n, l)| {
                let t = l.trim();
                let act = t.len() > 3
                    && t.starts_with('(')
                    && t.ends_with(')')
                    && !t.contains("hnd[")
                    && t.as_bytes()[2] == b',';
                if act { format!("{l} // 2026-11-23T19:{:02}:10.250Z\n", n % 60) } else { format!("{l}\n") }
            })
            .collect();
        assert_ne!(timed, text, "{name}: the fixture has acts");
        let (a, b) = (format::parse(&text).unwrap(), format::parse(&timed).unwrap());
        let acts = |p: &Paifu| {
            p.matches
                .iter()
                .flat_map(|m| &m.frames)
                .flat_map(|f| f.flow.iter().flat_map(|fl| fl.acts.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(acts(&a.paifu), acts(&b.paifu), "{name}");
        assert!(
            b.paifu.matches.iter().flat_map(|m| &m.frames).any(|f| f.flow.as_ref().is_some_and(|fl| fl.has_times()))
        );
        assert_eq!(a.check().len(), b.check().len(), "{name}");
        let untimed = |mut p: Paifu| {
            p.matches
                .iter_mut()
                .flat_map(|m| &mut m.frames)
                .filter_map(|f| f.flow.as_mut())
                .for_each(|fl| fl.times.clear());
            p
        };
        assert_eq!(untimed(b.paifu.clone()), a.paifu, "{name}: only the times differ");
        // Written (in 1.0) and read again, the times stay.
        let times = |p: &Paifu| {
            p.matches
                .iter()
                .flat_map(|m| &m.frames)
                .map(|f| f.flow.as_ref().map(|fl| fl.times.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(times(&format::parse(&format::write(&b.paifu)).unwrap().paifu), times(&b.paifu), "{name}");
    }
    // A comment that is not a time is still only a comment.
    let other = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]\n\
        frm[E1-0,,,,,(e,hnd[1m1m1m2m2m2m3m3m3m4m4m4m5m,,])(s,hnd[1p1p1p2p2p2p3p3p3p4p4p4p5p,,])\
        (w,hnd[1s1s1s2s2s2s3s3s3s4s4s4s5s,,])(n,hnd[6m6m6m7m7m7m8m8m8m9m9m9m6p,,])\n\
        (e,6m,6m) // saw it twice\n(s,6p,tg) //2026-11-23T19:42:10.250Z\n,,])";
    let p = format::parse(other).unwrap().paifu;
    let flow = p.matches[0].frames[0].flow.as_ref().unwrap();
    assert_eq!(flow.time(0), None);
    assert_eq!(flow.time(1), ActTime::parse("2026-11-23T19:42:10.250Z"));
}

/// A journal written before acts had times (version 2: each line a bare entry) still reads, and
/// its acts simply have none.
#[test]
fn a_journal_of_version_2_still_reads() {
    let (header, entries) = common::match_of("mjai-reviewer_ranked_game.json");
    let base = Document::new(Paifu { matches: vec![header] }, true);
    let fnv = |b: &[u8]| b.iter().fold(0x811c_9dc5_u32, |h, x| (h ^ u32::from(*x)).wrapping_mul(0x0100_0193));
    let line = |json: String| format!("{:08x} {json}\n", fnv(json.as_bytes()));
    let mut v2 = line(serde_json::json!({"jmjp_journal": 2, "base": format::write(base.paifu())}).to_string());
    for e in &entries[..40] {
        v2.push_str(&line(serde_json::to_string(e).unwrap()));
    }
    let r = Journal::read_bytes("old.journal", v2.as_bytes()).unwrap();
    assert_eq!(r.entries.len(), 40);
    assert!(r.damage.is_none());
    let (doc, refused) = r.document().unwrap();
    assert_eq!(refused, 0);
    assert!(doc.paifu().matches[0].frames.iter().all(|f| !f.flow.as_ref().unwrap().has_times()));
    // The same entries as this version writes them (without times) give the same record.
    let v3 = Journal::read_bytes("new.journal", text_of(&base, &entries[..40]).unwrap().as_bytes()).unwrap();
    assert_eq!(v3.document().unwrap().0.paifu(), doc.paifu());
}

/// `chapters` of the recorded match: one line per frame, the first at 00:00:00, each frame at
/// the time since the match's first act (worked out here from the entries); with the video
/// synced on an act, each frame at its time in the video.
#[test]
fn chapters_are_one_line_per_frame_at_its_time() {
    let dir = temp("chapters");
    let path = dir.join("match.jmjp");
    let (doc, entries) = recorded(&path);
    let want = expected_times(&entries);
    let firsts: Vec<ActTime> = want.iter().map(|f| f.iter().flatten().next().copied().unwrap()).collect();
    let hms = |s: i64| format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    let p = path.to_str().unwrap();
    let run = studio(&["chapters", p]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let lines: Vec<String> = String::from_utf8(run.stdout).unwrap().lines().map(str::to_string).collect();
    let frames = &doc.paifu().matches[0].frames;
    assert_eq!(lines.len(), frames.len(), "{lines:?}");
    for (k, (line, f)) in lines.iter().zip(frames).enumerate() {
        let at = (firsts[k].millis() - firsts[0].millis()) / 1000;
        assert!(line.starts_with(&format!("{} {} · ", hms(at), f.id)), "{line}");
        assert!(line.ends_with(" deals"), "{line}");
    }
    assert!(lines[0].starts_with("00:00:00 E1-0 · "));

    // Synced: the second frame's first act is at 0:20:00 in the video.
    let video = dir.join("match.mkv");
    std::fs::write(&video, b"").unwrap();
    let mut link = jmjp_studio::video::VideoLink::new(jmjp_studio::video::VideoSource::File(video));
    let second = &want[1];
    link.sync_on(1, 0, second[0].unwrap(), 1200.0);
    jmjp_studio::video::save(&path, &link, &io::RealDisk).unwrap();
    let run = studio(&["chapters", "--lang", "ja", p]);
    let text = String::from_utf8(run.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let third = 1200 + (firsts[2].millis() - firsts[1].millis()) / 1000;
    assert!(lines[1].starts_with("00:20:00 "), "{text}");
    assert!(lines[2].starts_with(&format!("{} ", hms(third))), "{text}");
    assert!(lines[1].ends_with("の親"), "{text}");

    // The other formats.
    let vtt = String::from_utf8(studio(&["chapters", "--format", "webvtt", p]).stdout).unwrap();
    assert!(vtt.starts_with("WEBVTT"), "{vtt}");
    assert!(vtt.contains("00:20:00.000 --> "), "{vtt}");
    let ffm = String::from_utf8(studio(&["chapters", "--format", "ffmetadata", p]).stdout).unwrap();
    assert!(ffm.starts_with(";FFMETADATA1"), "{ffm}");
    assert_eq!(ffm.matches("[CHAPTER]").count(), frames.len());

    // A file recorded without times has no chapters, and says why.
    let plain = dir.join("plain.jmjp");
    let mut untimed = doc.paifu().clone();
    untimed.matches[0].frames.iter_mut().for_each(|f| f.flow.as_mut().unwrap().times.clear());
    std::fs::write(&plain, format::write(&untimed)).unwrap();
    let run = studio(&["chapters", plain.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("without act times"),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}
