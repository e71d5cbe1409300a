//! AI players following a match as it is recorded ([`Live`]): a bot that hangs, crashes, answers
//! garbage or closes the connection is reported with why and started again at the next frame;
//! after a correction of an earlier act the seat's AI is started again and brought back to the
//! present; `update` never waits for a bot (the time an entry takes with a hanging bot attached
//! is measured in `cargo bench --bench recorder`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::SeqCst;
use std::time::{Duration, Instant};

use jmjp_studio::format::Match;
use jmjp_studio::interop::bots::{self, Endpoint, Live, Play, Report};
use serde_json::Value;

fn game() -> Match {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap().matches.remove(0)
}

/// The events of the first `frames` frames of the game, the last one cut after `acts` acts.
fn events(frames: usize, acts: usize) -> Arc<Vec<Value>> {
    let mut m = game();
    m.frames.truncate(frames);
    if let Some(flow) = m.frames.last_mut().and_then(|f| f.flow.as_mut()) {
        flow.acts.truncate(acts);
    }
    Arc::new(bots::events_of(&m, true).unwrap().0)
}

/// The reports that come within `secs` until `done` says enough.
fn reports_until(live: &Live, secs: u64, done: impl Fn(&[Report]) -> bool) -> Vec<Report> {
    let start = Instant::now();
    let mut all = Vec::new();
    while start.elapsed() < Duration::from_secs(secs) {
        all.extend(live.reports());
        if done(&all) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    all
}

fn failure(reports: &[Report]) -> Option<String> {
    reports.iter().find_map(|r| match r {
        Report::Failed { why, .. } => Some(why.en.clone()),
        _ => None,
    })
}

fn sh(script: &str) -> Endpoint {
    // The seat's id is appended: `sh -c SCRIPT bot 0` gives it to the script as $1.
    Endpoint::Command(vec!["sh".into(), "-c".into(), script.into(), "bot".into()])
}

#[test]
fn a_bot_that_hangs_crashes_answers_garbage_or_hangs_up_is_reported_with_why() {
    let _turn = common::turn::take(module_path!());
    let cases = [
        (Endpoint::Command(vec!["sleep".into(), "1000".into()]), "did not answer within"),
        (sh("exit 3"), "closed the connection"),
        (sh("while read l; do echo 'not json'; done"), "not JSON"),
        (sh(r#"read l; echo '{"type":"none"}'"#), "closed the connection"),
        (Endpoint::Command(vec!["/nonexistent/bot".into()]), "could not be started"),
        (Endpoint::Tcp("127.0.0.1:1".into()), "could not be reached"),
    ];
    for (endpoint, why) in cases {
        let live = Live::start(vec![(2, endpoint.clone())], Duration::from_millis(300));
        live.update(&events(1, 10));
        let reports = reports_until(&live, 10, |r| failure(r).is_some());
        let said = failure(&reports).unwrap_or_else(|| panic!("{endpoint:?}: no failure reported: {reports:?}"));
        assert!(said.contains(why), "{endpoint:?}: {said}");
    }
}

/// Each report wakes whoever shows them (the recorder's window) the moment it is sent: nothing
/// has to look again on a timer.
#[test]
fn every_report_wakes_the_window_as_it_is_sent() {
    let _turn = common::turn::take(module_path!());
    let woken = Arc::new(AtomicUsize::new(0));
    let w = Arc::clone(&woken);
    let wake = Arc::new(move || {
        w.fetch_add(1, SeqCst);
    });
    let live = Live::start_waking(vec![(1, sh("exit 3"))], Duration::from_millis(300), wake);
    assert_eq!(woken.load(SeqCst), 0, "nothing to show yet");
    live.update(&events(1, 10));
    let start = Instant::now();
    while woken.load(SeqCst) == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the failure never woke the window");
        std::thread::sleep(Duration::from_millis(5));
    }
    // Woken once the report is there to take.
    let reports = live.reports();
    assert!(failure(&reports).is_some_and(|s| s.contains("closed the connection")), "{reports:?}");
}

#[test]
fn a_failed_bot_is_started_again_at_the_next_frame_only() {
    let _turn = common::turn::take(module_path!());
    let live = Live::start(vec![(0, sh("while read l; do echo 'not json'; done"))], Duration::from_millis(300));
    live.update(&events(1, 6));
    assert!(failure(&reports_until(&live, 10, |r| failure(r).is_some())).is_some());
    // More acts of the same frame: it is left alone.
    live.update(&events(1, 12));
    assert!(reports_until(&live, 1, |r| !r.is_empty()).is_empty(), "not started again within the frame");
    // The next frame: started again (and, still broken, reported again).
    live.update(&events(2, 3));
    assert!(failure(&reports_until(&live, 10, |r| failure(r).is_some())).is_some());
}

#[test]
fn after_a_correction_the_ai_is_started_again_and_replays_to_the_present() {
    let _turn = common::turn::take(module_path!());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/tsumogiri_bot.py");
    let bot = Endpoint::Command(vec!["python3".into(), script.display().to_string()]);
    let live = Live::start(vec![(1, bot)], Duration::from_secs(10));
    let first = events(1, 12);
    live.update(&first);
    let decided = |r: &[Report]| r.iter().filter(|r| matches!(r, Report::Decision(_))).count();
    let before = reports_until(&live, 10, |r| decided(r) >= 4);
    assert!(decided(&before) >= 4, "{before:?}");
    // The eighth act corrected: South's AI is told the match changed from there.
    let mut changed = (*first).clone();
    let eighth = changed.iter().rposition(|e| e["type"] == "dahai").unwrap();
    changed[eighth]["pai"] = serde_json::json!("C");
    let changed = Arc::new(changed);
    live.update(&changed);
    let after =
        reports_until(&live, 10, |r| r.iter().any(|r| matches!(r, Report::Restarted { .. })) && decided(r) >= 4);
    let from = after.iter().find_map(|r| match r {
        Report::Restarted { seat: 1, from } => Some(*from),
        _ => None,
    });
    assert_eq!(from, Some(eighth), "void from the corrected event on: {after:?}");
    // Brought back to the present: its choices are made again from the start of the match.
    assert!(decided(&after) >= 4);
    for r in &after {
        if let Report::Decision(d) = r {
            assert!(matches!(d.ai, Play::Discard(_) | Play::Skip), "{d:?}");
        }
    }
}

#[test]
fn update_never_waits_for_a_bot() {
    let _turn = common::turn::take(module_path!());
    // Four bots that never answer: update returns at once each time (a channel send), however
    // many times the match changes. (Its time per entry is in `cargo bench --bench recorder`.)
    let hang = Endpoint::Command(vec!["sleep".into(), "1000".into()]);
    let live = Live::start((0..4).map(|s| (s, hang.clone())).collect(), Duration::from_secs(60));
    for acts in 1..40 {
        live.update(&events(1, acts));
    }
    assert!(live.reports().iter().all(|r| !matches!(r, Report::Decision(_))), "no bot answered");
}
