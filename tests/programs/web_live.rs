//! On air end to end, in a real Chromium (headless, Debian's `chromium`): a recording made here
//! through the recorder's library (journal and file), the server on a free loopback port, the
//! overlay open in the browser. After each of 20 entries the DOM shows it: each seat's river
//! tile by tile (tsumogiri, riichi, called marks), points, riichi sticks. Without `hands=1` no
//! hand tile reaches the page, `/api/state`, `/api/replay.json` or the event stream; with
//! `hands=1&delay=2` each hand shows, exactly, 2 to 4 s after its entry, and a wrong discard
//! undone within the 2 s never shows. The exported replay opened from file:// steps with the
//! arrow keys to a known act and shows that act's points and rivers, read from the `.jmjp`
//! itself. Screenshots go to target/web-shots/live-*.png.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::chromium;
use crate::common;
use crate::http;
#[path = "web_live/scene.rs"]
mod scene;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use chromium::Chromium;
use jmjp_studio::broadcast::Server;
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{self, Discard, Draw, Paifu, Tile};
use jmjp_studio::recorder::{Entry, LiveRecording};
use scene::{DOM_HANDS, DOM_TABLE, Scene, Tracker};
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(5);

/// One browser at a time: the delay test measures time, and the machine has two cores.
static BROWSER: Mutex<()> = Mutex::new(());

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-web-live-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shots_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("web-shots")
}

/// A recording of the scene's match (journal and file in `dir`), published to a feed the server
/// on a free loopback port follows. The frames before the scene's are already entered.
struct Live {
    doc: Document,
    rec: LiveRecording,
    feed: Feed,
    server: Server,
}

impl Live {
    fn start(scene: &Scene, dir: &std::path::Path) -> Live {
        let feed = Feed::new();
        let mut doc = Document::new(Paifu { matches: vec![scene.header.clone()] }, false);
        doc.publish_to(&feed);
        let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
        let mut rec = LiveRecording::start(&doc, &dir.join("live.jmjp")).unwrap();
        for e in &scene.before {
            rec.enter(&mut doc, e.clone()).unwrap();
        }
        Live { doc, rec, feed, server }
    }

    fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    fn enter(&mut self, e: &Entry) {
        self.rec.enter(&mut self.doc, e.clone()).unwrap_or_else(|p| panic!("{e:?}: {p:?}"));
    }
}

fn browser_on(url: &str) -> Option<Chromium> {
    let mut c = Chromium::start()?;
    c.set_viewport(1920, 1080);
    c.transparent_background();
    c.open(url);
    Some(c)
}

/// Every place a hand could leak in a table's JSON: no hand, drawn tile or waits, and no tile
/// named for a draw.
fn assert_no_hands(table: &Value, whence: &str) {
    for seat in table["seats"].as_array().unwrap() {
        for key in ["hand", "drawn", "waits"] {
            assert_eq!(seat[key], Value::Null, "{whence}: seat {} has a {key}", seat["seat"]);
        }
    }
    let last = &table["frame"]["last"];
    if last["kind"] == "draw" {
        assert_eq!(last["tile"], Value::Null, "{whence}: the drawn tile is named: {last}");
    }
}

#[test]
fn overlay_shows_every_entry_and_no_hand_reaches_page_or_api_without_hands() {
    let _turn = common::turn::take(module_path!());
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let scene = scene::pick();
    println!("recording {}", scene.name);
    let dir = temp_dir("nohands");
    let mut live = Live::start(&scene, &dir);
    let addr = live.addr();
    let Some(mut c) = browser_on(&format!("http://{addr}/overlay")) else { return };
    c.wait_until("document.querySelector('#status').hidden", WAIT);
    // A page's stream read raw, to the last entry.
    let last_seq = live.feed.seq() + scene.entries.len() as u64;
    let (tx, rx) = mpsc::channel();
    http::read_events(http::request(addr, "/api/events", ""), format!("-{last_seq}"), tx);

    let mut tracker = Tracker::new(&scene.frame);
    let (mut tsumogiri, mut riichi, mut called) = (0, 0, 0);
    let mut slowest = Duration::ZERO;
    for (n, e) in scene.entries.iter().enumerate() {
        live.enter(e);
        tracker.apply(e);
        let t = Instant::now();
        let want = tracker.shown();
        let predicate =
            format!("JSON.stringify({DOM_TABLE}) === {}", serde_json::to_string(&want.to_string()).unwrap());
        if !c.try_wait_until(&predicate, WAIT) {
            panic!("entry {n} {e:?}: the page shows\n{}\nnot\n{want}", c.eval(DOM_TABLE));
        }
        slowest = slowest.max(t.elapsed());
        assert_eq!(c.eval("document.querySelectorAll('[data-role=hand] img, [data-role=waits] img').length"), json!(0));
        let (status, body) = http::get(addr, "/api/state");
        assert_eq!(status, 200);
        assert_no_hands(&serde_json::from_str(&body).unwrap(), &format!("/api/state after entry {n}"));
        match e {
            Entry::Discard(Discard::Tsumogiri) => tsumogiri += 1,
            Entry::Discard(Discard::Riichi(_)) => riichi += 1,
            Entry::Act(a) if matches!(a.draw, Draw::Chi(_) | Draw::Pon(_)) => called += 1,
            _ => {}
        }
    }
    assert!(tsumogiri > 0 && riichi > 0 && called > 0, "the entries had a tsumogiri, a riichi and a call");
    let marks = c.eval("['data-tsumogiri','data-riichi','data-called'].map(m => document.querySelectorAll(`[data-role=river] img[${m}]`).length)");
    assert_eq!(marks, json!([tsumogiri, riichi, called]), "each mark once per entry that makes it");
    println!("20 entries shown; slowest from entry to DOM {slowest:?}");

    let events = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    assert!(events.last().unwrap().id.ends_with(&format!("-{last_seq}")), "the stream got the last entry");
    for ev in &events {
        assert_no_hands(&serde_json::from_str(&ev.data).unwrap(), &format!("event {}", ev.id));
    }
    let (_, replay) = http::get(addr, "/api/replay.json");
    let replay: Value = serde_json::from_str(&replay).unwrap();
    for f in replay["frames"].as_array().unwrap() {
        for t in f["states"].as_array().unwrap() {
            assert_no_hands(t, "/api/replay.json");
        }
    }
    // The same checks see hands when they are asked for (they can fail).
    let (_, with) = http::get(addr, "/api/state?hands=1");
    let with: Value = serde_json::from_str(&with).unwrap();
    assert!(with["seats"].as_array().unwrap().iter().all(|s| s["hand"].as_array().is_some_and(|h| !h.is_empty())));

    c.wait_until("document.fonts.status === 'loaded'", WAIT);
    c.screenshot().over_checkerboard().save(&shots_dir().join("live-overlay-en.png"));
    c.open(&format!("http://{addr}/overlay?lang=ja"));
    let want = serde_json::to_string(&tracker.shown().to_string()).unwrap();
    c.wait_until(&format!("JSON.stringify({DOM_TABLE}) === {want}"), WAIT);
    c.wait_until("document.querySelector('[data-role=frame]').textContent.includes('局')", WAIT);
    assert!(c.fonts_ready());
    c.screenshot().over_checkerboard().save(&shots_dir().join("live-overlay-ja.png"));
    assert_eq!(c.errors(), Vec::<String>::new(), "no script error");
    drop(live);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A wrong discard to make at one of the scene's discards and take back: a tile of that seat's
/// hand other than the right one, which its river never holds in these entries.
fn mistake(scene: &Scene) -> (usize, Tile, usize) {
    let mut tracker = Tracker::new(&scene.frame);
    let mut end = Tracker::new(&scene.frame);
    scene.entries.iter().for_each(|e| end.apply(e));
    for (n, e) in scene.entries.iter().enumerate() {
        if n >= 5
            && let Entry::Discard(Discard::Tile(right)) = e
        {
            let p = tracker.last_player;
            let river: Vec<&str> = end.river[p].iter().map(|r| r.tile.as_str()).collect();
            if !tracker.riichi[p]
                && let Some(w) =
                    tracker.concealed[p].iter().find(|t| **t != *right && !river.contains(&t.to_string().as_str()))
            {
                return (n, *w, p);
            }
        }
        tracker.apply(e);
    }
    panic!("no discard of the scene can be made wrong");
}

#[test]
fn with_hands_and_a_delay_each_hand_shows_two_to_four_seconds_late_and_a_corrected_mistake_never() {
    let _turn = common::turn::take(module_path!());
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let scene = scene::pick();
    let (wrong_at, wrong, wrong_seat) = mistake(&scene);
    println!("the wrong {wrong} of seat {wrong_seat} at entry {wrong_at}");
    let dir = temp_dir("hands");
    let mut live = Live::start(&scene, &dir);
    let addr = live.addr();
    let Some(mut c) = browser_on(&format!("http://{addr}/overlay?hands=1&delay=2")) else { return };
    assert_eq!(c.eval("window.JMJP_OVERLAY.url"), json!("/api/events?delay=2&hands=1"));
    // What was entered before is on air once its 2 s are past.
    std::thread::sleep(Duration::from_millis(2200));
    c.wait_until("document.querySelector('#status').hidden", WAIT);

    let mut tracker = Tracker::new(&scene.frame);
    let mut expected = Vec::new();
    for e in &scene.entries {
        tracker.apply(e);
        let drawn = match e {
            Entry::Act(a) => match a.draw {
                Draw::Tile(x) => Some((tracker.last_player, x.to_string())),
                _ => None,
            },
            _ => None,
        };
        expected.push((tracker.hands(), drawn));
    }
    // Counted once the scene's frame is on screen (the frames before may hold that tile).
    let wrong_river = format!(
        "(document.querySelector('[data-role=frame]').dataset.name === '{}' ? \
         document.querySelectorAll('[data-seat=\"{wrong_seat}\"] [data-role=river] img[data-tile=\"{wrong}\"]').length : 0)",
        scene.frame.id
    );
    // Entries every 500 ms (the wrong discard, its undo and the right one inside one slot);
    // the page looked at every 50 ms throughout.
    let step = Duration::from_millis(500);
    let t0 = Instant::now();
    let mut entered: Vec<(Instant, Instant)> = Vec::new();
    let mut seen: Vec<Option<Instant>> = vec![None; expected.len()];
    let mut next_seen = 0;
    let mut polls = 0;
    let mut look = |c: &mut Chromium, seen: &mut Vec<Option<Instant>>, next_seen: &mut usize, upto: usize| {
        let now = Instant::now();
        let shown = c.eval(&format!("[{DOM_HANDS}, {wrong_river}]"));
        polls += 1;
        assert_eq!(shown[1], json!(0), "the wrong {wrong} of seat {wrong_seat} is on screen");
        let hands: Vec<Vec<String>> =
            shown[0].as_array().unwrap().iter().map(|s| serde_json::from_value(s[0].clone()).unwrap()).collect();
        // The next state to see, or a later one already entered (then those between were missed).
        // Still the state seen last: nothing new (a later state may hold the same hands).
        let unchanged = next_seen.checked_sub(1).is_some_and(|k| expected[k].0 == hands);
        if let Some(k) = (*next_seen..upto).find(|&k| !unchanged && expected[k].0 == hands) {
            seen[k] = Some(now);
            if let Some((p, tile)) = &expected[k].1 {
                assert_eq!(shown[0][*p][1], json!(tile), "state {k}: the drawn tile is shown apart");
            }
            *next_seen = k + 1;
        }
    };
    // The wrong discard at its slot, its undo 150 ms later, the right one 150 ms after that.
    let mut schedule: Vec<(Duration, Entry, Option<usize>)> = Vec::new();
    for (n, e) in scene.entries.iter().enumerate() {
        let at = step * n as u32;
        if n == wrong_at {
            schedule.push((at, Entry::Discard(Discard::Tile(wrong)), None));
            schedule.push((at + Duration::from_millis(150), Entry::Undo, None));
            schedule.push((at + Duration::from_millis(300), e.clone(), Some(n)));
        } else {
            schedule.push((at, e.clone(), Some(n)));
        }
    }
    for (at, e, n) in &schedule {
        while Instant::now() < t0 + *at {
            look(&mut c, &mut seen, &mut next_seen, entered.len());
            std::thread::sleep(Duration::from_millis(50));
        }
        let before = Instant::now();
        live.enter(e);
        if n.is_some() {
            entered.push((before, Instant::now()));
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while next_seen < expected.len() && Instant::now() < deadline {
        look(&mut c, &mut seen, &mut next_seen, expected.len());
        std::thread::sleep(Duration::from_millis(50));
    }
    // A little longer: the mistake must not show late either.
    for _ in 0..10 {
        look(&mut c, &mut seen, &mut next_seen, expected.len());
        std::thread::sleep(Duration::from_millis(50));
    }
    let (mut lags, mut slowest) = (Vec::new(), Duration::ZERO);
    for (k, ((before, after), shown)) in entered.iter().zip(&seen).enumerate() {
        let shown = shown.unwrap_or_else(|| panic!("the hands after entry {k} ({:?}) never showed", scene.entries[k]));
        // From the moment the entry was made (the server takes its time during `enter`).
        let lag = shown.duration_since(*before);
        assert!(lag >= Duration::from_secs(2), "entry {k} showed after {lag:?}, before the 2 s delay");
        assert!(lag <= Duration::from_secs(4), "entry {k} showed after {lag:?}, later than 4 s");
        lags.push(lag.as_millis());
        slowest = slowest.max(after.duration_since(*before));
    }
    println!(
        "{polls} looks; hands shown after (ms): {lags:?}; slowest entry {slowest:?}; the wrong {wrong} at entry \
         {wrong_at} never"
    );
    assert_eq!(c.errors(), Vec::<String>::new());
    drop(live);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The river tiles of each player after the first `acts` acts of `frame`, read from its acts.
fn rivers_after(frame: &format::Frame, acts: usize) -> [Vec<String>; 4] {
    let mut rivers: [Vec<String>; 4] = Default::default();
    for a in &frame.flow.as_ref().unwrap().acts[..acts] {
        let drawn = match a.draw {
            Draw::Tile(x) | Draw::Rinshan(x) => Some(x),
            _ => None,
        };
        let tile = match a.discard {
            Some(Discard::Tile(t) | Discard::Riichi(t)) => Some(t),
            Some(Discard::Tsumogiri | Discard::Karagiri) => drawn,
            _ => None,
        };
        if let Some(t) = tile {
            rivers[frame.id.player_at(a.seat)].push(t.to_string());
        }
    }
    rivers
}

#[test]
fn exported_replay_from_file_steps_to_a_known_act_and_shows_its_points_and_rivers() {
    let _turn = common::turn::take(module_path!());
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    // The first corpus game whose first frame has a riichi with two acts after it.
    let (path, frame, riichi_at) = scene::corpus_files()
        .into_iter()
        .find_map(|p| {
            let f = scene::import(&p).matches.remove(0).frames.remove(0);
            let acts = &f.flow.as_ref()?.acts;
            let at = acts.iter().position(|a| matches!(a.discard, Some(Discard::Riichi(_))))?;
            let no_ron = acts[..(at + 3).min(acts.len())].iter().all(|a| a.draw != Draw::Ron);
            (acts.len() > at + 3 && no_ron).then_some((p, f, at))
        })
        .expect("a corpus game with a riichi in its first frame");
    let dir = temp_dir("export");
    let jmjp = dir.join("match.jmjp");
    std::fs::write(&jmjp, format::write(&scene::import(&path))).unwrap();
    let out = dir.join("replay.html");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_jmjp-studio"))
        .args(["export-html", jmjp.to_str().unwrap(), out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // What that act shows, from the .jmjp as the library reads it (not from the replay's JSON).
    let parsed = format::parse(&std::fs::read_to_string(&jmjp).unwrap()).unwrap().paifu;
    let first = &parsed.matches[0].frames[0];
    assert_eq!(first.flow.as_ref().unwrap().acts, frame.flow.as_ref().unwrap().acts);
    let act = riichi_at + 2;
    let total = first.flow.as_ref().unwrap().acts.len();
    let rivers = rivers_after(first, act);
    let declared = first.id.player_at(first.flow.as_ref().unwrap().acts[riichi_at].seat);
    let mut points = first.id.by_player(first.start_points.unwrap().map(|p| p.as_points()));
    points[declared] -= 1000;

    let Some(mut c) = browser_on(&format!("file://{}", out.display())) else { return };
    c.wait_until("document.querySelector('#act-number').textContent !== ''", WAIT);
    assert_eq!(c.eval("document.querySelector('#act-number').textContent"), json!(format!("act 0 / {total}")));
    for _ in 0..act {
        c.press("ArrowRight");
    }
    assert_eq!(c.eval("document.querySelector('#act-number').textContent"), json!(format!("act {act} / {total}")));
    let shown = c.eval(DOM_TABLE);
    for p in 0..4 {
        let seat = &shown["seats"][p];
        let river: Vec<String> =
            seat["river"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap().to_string()).collect();
        assert_eq!(river, rivers[p], "seat {p}'s river at act {act} of {}", path.display());
        assert_eq!(seat["points"], json!(points[p].to_string()), "seat {p}'s points at act {act}");
        assert_eq!(seat["riichi"], json!(p == declared), "seat {p}'s riichi stick");
    }
    let riichi_tile: Vec<&Value> =
        shown["seats"][declared]["river"].as_array().unwrap().iter().filter(|r| r[2] == json!(true)).collect();
    assert_eq!(riichi_tile.len(), 1, "the riichi tile is marked");
    assert!(c.fonts_ready());
    c.screenshot().save(&shots_dir().join("live-replay-en.png"));
    assert_eq!(c.errors(), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}
