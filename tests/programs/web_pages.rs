//! The On-air pages (assets/web) in a real browser, without the server: the replay made into one
//! file as the export does and opened from file://, stepped with the arrow keys; the overlay
//! opened from file:// with a stand-in EventSource the test feeds tables through. Screenshots of
//! both, in English and Japanese, go to target/web-shots/.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "web_pages/assemble.rs"]
mod assemble;
use crate::chromium;
use crate::common;
#[path = "web_pages/fixture.rs"]
mod fixture;

use assemble::{PageDir, assemble, file_tiles, shots_dir, temp_dir, write_page};
use chromium::Chromium;
use serde_json::{Value, json};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(5);

/// A stand-in for EventSource: the page's stream is `__streams[0]`; `__send(table)` delivers a
/// `state` event (opening the stream first), `__drop()` reports the stream down.
const FAKE_EVENT_SOURCE: &str = r#"
window.__streams = [];
window.EventSource = function (url) {
  this.url = url; this.readyState = 0; this.listeners = {}; window.__streams.push(this);
};
window.EventSource.prototype.addEventListener = function (name, fn) {
  (this.listeners[name] = this.listeners[name] || []).push(fn);
};
window.EventSource.prototype.close = function () { this.readyState = 2; };
window.__send = function (table) {
  var s = window.__streams[0];
  if (s.readyState !== 1) { s.readyState = 1; if (s.onopen) s.onopen({}); }
  (s.listeners.state || []).forEach(function (fn) { fn({ data: JSON.stringify(table), lastEventId: table.id }); });
};
window.__drop = function () {
  var s = window.__streams[0];
  s.readyState = 0; if (s.onerror) s.onerror({});
};
"#;

fn js_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// The data-tile of every tile under `selector`, in document order.
fn tiles(c: &mut Chromium, selector: &str) -> Vec<String> {
    let v = c.eval(&format!(
        "Array.from(document.querySelectorAll({})).map(e => e.getAttribute('data-tile'))",
        js_str(&format!("{selector} img[data-tile]"))
    ));
    serde_json::from_value(v).unwrap()
}

/// The trimmed text of every element matching `selector`.
fn texts(c: &mut Chromium, selector: &str) -> Vec<String> {
    let v =
        c.eval(&format!("Array.from(document.querySelectorAll({})).map(e => e.textContent.trim())", js_str(selector)));
    serde_json::from_value(v).unwrap()
}

fn text(c: &mut Chromium, selector: &str) -> String {
    let all = texts(c, selector);
    assert_eq!(all.len(), 1, "one element for {selector}, found {all:?}");
    all[0].clone()
}

fn count(c: &mut Chromium, selector: &str) -> u64 {
    c.eval(&format!("document.querySelectorAll({}).length", js_str(selector))).as_u64().unwrap()
}

fn points(c: &mut Chromium) -> Vec<String> {
    (0..4).map(|s| text(c, &format!("[data-seat=\"{s}\"] [data-role=points]"))).collect()
}

/// The river tiles of a seat that carry a mark (data-tsumogiri, data-riichi, data-called).
fn river_marks(c: &mut Chromium, seat: usize, mark: &str) -> Vec<String> {
    let selector = js_str(&format!("[data-seat=\"{seat}\"] [data-role=river] img[{mark}]"));
    serde_json::from_value(
        c.eval(&format!("Array.from(document.querySelectorAll({selector})).map(e => e.getAttribute('data-tile'))")),
    )
    .unwrap()
}

fn replay_page(lang: &str) -> Option<(Chromium, PageDir)> {
    let mut c = Chromium::start()?;
    let dir = temp_dir(&format!("replay-{lang}"));
    let html = assemble("replay.html", &[("JMJP_TILES", file_tiles()), ("JMJP_REPLAY", fixture::replay())]);
    let url = format!("{}?lang={lang}", write_page(&dir, "replay.html", &html));
    c.set_viewport(1920, 1080);
    c.open(&url);
    c.wait_until("document.querySelector('#act-number').textContent !== ''", WAIT);
    assert!(c.fonts_ready(), "the fonts loaded");
    Some((c, dir))
}

fn act_number(c: &mut Chromium) -> String {
    text(c, "#act-number")
}

fn press(c: &mut Chromium, key: &str, times: usize) {
    for _ in 0..times {
        c.press(key);
    }
}

#[test]
fn replay_from_file_steps_acts_and_frames_with_the_keys() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = replay_page("en") else { return };
    assert_eq!(act_number(&mut c), "act 0 / 13");
    assert_eq!(text(&mut c, "#frame-name"), "East 1, 0 honba");
    assert_eq!(count(&mut c, "[data-role=hand]"), 4, "a replay shows the hands");

    press(&mut c, "ArrowRight", 6);
    assert_eq!(act_number(&mut c), "act 6 / 13");
    assert_eq!(points(&mut c), ["25000", "25000", "24000", "25000"], "West's riichi stick is paid");
    assert_eq!(count(&mut c, "[data-role=riichi]"), 1);
    assert_eq!(count(&mut c, "[data-seat=\"2\"] [data-role=riichi]"), 1);
    assert_eq!(text(&mut c, "[data-role=kyoutaku]"), "1");
    assert_eq!(river_marks(&mut c, 2, "data-riichi"), ["wd"], "the riichi tile is marked");
    assert_eq!(tiles(&mut c, "[data-seat=\"2\"] [data-role=waits]"), ["3p", "6p"]);

    press(&mut c, "ArrowRight", 3);
    assert_eq!(act_number(&mut c), "act 9 / 13");
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=river]"), ["ww"]);
    assert_eq!(tiles(&mut c, "[data-seat=\"1\"] [data-role=river]"), ["1s"]);
    assert_eq!(river_marks(&mut c, 1, "data-tsumogiri"), ["1s"]);
    assert_eq!(tiles(&mut c, "[data-seat=\"3\"] [data-role=river]"), ["5m"]);
    assert_eq!(river_marks(&mut c, 3, "data-called"), ["5m"], "the 5m called by the pon");
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=melds]"), ["5m", "5m", "0m"], "called from the left: first");
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=hand]").len(), 11);
    assert_eq!(text(&mut c, "[data-seat=\"0\"] [data-role=act]"), "Pon");

    press(&mut c, "End", 1);
    assert_eq!(act_number(&mut c), "act 13 / 13");
    let deltas: Vec<Value> = (0..4)
        .map(|s| c.eval(&format!("document.querySelector('[data-seat=\"{s}\"] [data-role=delta]').dataset.value")))
        .collect();
    assert_eq!(deltas, [json!("0"), json!("-8000"), json!("9000"), json!("0")]);
    assert_eq!(text(&mut c, "[data-role=end]"), "West ron 8000");
    // The match's own figures count the frame once its last act is shown: West won with a riichi,
    // South dealt in, East called.
    let figures = |c: &mut Chromium, p: usize| texts(c, &format!("#figures [data-player=\"{p}\"] td"));
    assert_eq!(texts(&mut c, "#figures th:not([scope])"), ["", "Wins", "Deal-ins", "Riichi", "Calls"]);
    assert_eq!(figures(&mut c, 2), ["1", "0", "1", "0"]);
    assert_eq!(figures(&mut c, 1), ["0", "1", "0", "0"]);
    assert_eq!(figures(&mut c, 0), ["0", "0", "0", "1"]);
    press(&mut c, "ArrowLeft", 1);
    assert_eq!(figures(&mut c, 2), ["0", "0", "0", "0"], "before the frame's end, nothing of it is counted");
    press(&mut c, "ArrowRight", 1);

    press(&mut c, "ArrowRight", 1);
    assert_eq!(act_number(&mut c), "act 0 / 5", "past a frame's last act: the next frame");
    assert_eq!(text(&mut c, "#frame-name"), "East 2, 0 honba");
    assert_eq!(points(&mut c), ["25000", "17000", "33000", "25000"]);
    press(&mut c, "ArrowLeft", 1);
    assert_eq!(act_number(&mut c), "act 13 / 13");
    press(&mut c, "ArrowDown", 1);
    assert_eq!((text(&mut c, "[data-role=frame]"), act_number(&mut c)), ("East 2".into(), "act 0 / 5".into()));
    press(&mut c, "ArrowDown", 1);
    assert_eq!(text(&mut c, "[data-role=frame]"), "East 2", "no frame after the last");
    press(&mut c, "ArrowUp", 1);
    assert_eq!((text(&mut c, "[data-role=frame]"), act_number(&mut c)), ("East 1".into(), "act 0 / 13".into()));

    c.eval("document.querySelector('#frames [data-frame=\"1\"]').click()");
    assert_eq!(text(&mut c, "[data-role=frame]"), "East 2", "the frame list goes to a frame");
    assert_eq!(count(&mut c, "#chart polyline"), 4, "one line per seat in the point chart");
    assert_eq!(texts(&mut c, "#frames .rp-fend"), ["West ron 8000", "Exhaustive draw"]);
    press(&mut c, "ArrowUp", 1);
    press(&mut c, "ArrowRight", 9);
    c.shot_after_fonts("replay-en.png");
    assert_eq!(c.errors(), Vec::<String>::new(), "no script error");
}

#[test]
fn replay_speaks_japanese() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = replay_page("en") else { return };
    press(&mut c, "ArrowRight", 9);
    c.eval("document.querySelector('.rp-lang [data-lang=ja]').click()");
    assert_eq!(act_number(&mut c), "9 / 13 手目", "the position is kept");
    assert_eq!(text(&mut c, "#frame-name"), "東1局 0本場");
    assert_eq!(text(&mut c, "[data-role=frame]"), "東1局");
    assert_eq!(text(&mut c, "[data-seat=\"0\"] [data-role=name]"), "多井 隆晴");
    assert_eq!(text(&mut c, "[data-seat=\"0\"] [data-role=act]"), "ポン");
    assert_eq!(text(&mut c, "#frames-title"), "局一覧");
    assert_eq!(text(&mut c, "#figures-title"), "この対局の成績（ここまで）");
    assert_eq!(texts(&mut c, "#figures th:not([scope])"), ["", "和了", "放銃", "立直", "副露"]);
    assert_eq!(
        c.eval("document.fonts.check('30px \"JMJP M+ 1\"', '多井 隆晴 東南西北 本場 供託')"),
        json!(true),
        "the M+ font is there for the Japanese"
    );
    assert!(c.eval("location.search").as_str().unwrap().contains("lang=ja"), "the URL keeps the language");
    c.shot_after_fonts("replay-ja.png");
    assert_eq!(c.errors(), Vec::<String>::new());
}

/// The overlay page (kept on disk while the `PageDir` lives), opened with `query`.
fn overlay(query: &str) -> Option<(Chromium, PageDir)> {
    let mut c = Chromium::start()?;
    c.add_script_on_new_document(FAKE_EVENT_SOURCE);
    let dir = temp_dir(&format!("overlay-{}", query.replace(|c: char| !c.is_ascii_alphanumeric(), "-")));
    let html = assemble("overlay.html", &[("JMJP_TILES", file_tiles())]);
    let url = format!("{}{query}", write_page(&dir, "overlay.html", &html));
    c.set_viewport(1920, 1080);
    c.transparent_background();
    c.open(&url);
    c.wait_until("window.__streams && window.__streams.length === 1", WAIT);
    Some((c, dir))
}

fn send(c: &mut Chromium, table: &Value) {
    c.eval(&format!("__send({table})"));
}

#[test]
fn overlay_draws_each_table_it_is_sent() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = overlay("") else { return };
    assert_eq!(c.eval("__streams[0].url"), json!("/api/events"), "no delay, no hands asked");
    assert_eq!(text(&mut c, "#status"), "connecting…");
    assert_eq!(c.eval("document.querySelector('#status').hidden"), json!(false));

    let mut before = fixture::without_hands(fixture::first_frame().table(0));
    before["frame"] = Value::Null;
    send(&mut c, &before);
    assert_eq!(c.eval("document.querySelector('#status').hidden"), json!(true), "nothing shown while up");
    assert_eq!(text(&mut c, "[data-role=frame]"), "Before the first frame");
    assert_eq!(texts(&mut c, "[data-role=name]"), fixture::NAMES, "the players before the first frame");
    assert_eq!(count(&mut c, "[data-role=dora]"), 0);

    let frame = fixture::first_frame();
    send(&mut c, &fixture::without_hands(frame.table(9)));
    assert_eq!(count(&mut c, "[data-seat]"), 4);
    assert_eq!(texts(&mut c, "[data-role=name]"), fixture::NAMES);
    assert_eq!(points(&mut c), ["25000", "25000", "24000", "25000"]);
    assert_eq!(count(&mut c, "[data-seat=\"2\"] [data-role=riichi]"), 1);
    assert_eq!(count(&mut c, "[data-role=riichi]"), 1, "only West is in riichi");
    assert_eq!(text(&mut c, "[data-role=frame]"), "East 1");
    assert_eq!(c.eval("document.querySelector('[data-role=frame]').dataset.name"), json!("E1-0"));
    assert_eq!((text(&mut c, "[data-role=honba]"), text(&mut c, "[data-role=kyoutaku]")), ("0".into(), "1".into()));
    assert_eq!(tiles(&mut c, "[data-role=dora]"), ["3s"]);
    assert_eq!(tiles(&mut c, "[data-seat=\"2\"] [data-role=river]"), ["wd"]);
    assert_eq!(river_marks(&mut c, 2, "data-riichi"), ["wd"]);
    assert_eq!(river_marks(&mut c, 1, "data-tsumogiri"), ["1s"]);
    assert_eq!(river_marks(&mut c, 0, "data-tsumogiri"), Vec::<String>::new());
    assert_eq!(river_marks(&mut c, 3, "data-called"), ["5m"]);
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=melds]"), ["5m", "5m", "0m"]);
    assert_eq!(
        c.eval(
            "document.querySelector('[data-seat=\"0\"] [data-role=melds] [data-called]').closest('.jm-side') !== null"
        ),
        json!(true),
        "the called tile of the meld is turned sideways"
    );
    assert_eq!(count(&mut c, "[data-role=hand]"), 0, "no hand without hands=1");
    assert_eq!(count(&mut c, "[data-role=waits]"), 0);
    assert_eq!(count(&mut c, "[data-role=delta]"), 0, "no point change before the frame's end");
    assert_eq!(count(&mut c, ".jm-plate.jm-last"), 1, "the last act's seat is highlighted");
    assert_eq!(count(&mut c, "[data-seat=\"0\"] .jm-plate.jm-last"), 1);

    send(&mut c, &fixture::without_hands(frame.table(10)));
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=river]"), ["ww", "nw"], "each event redraws");
    assert_eq!(count(&mut c, "[data-seat=\"0\"] [data-role=river] img.jm-last"), 1, "the last discard is highlighted");

    send(&mut c, &fixture::without_hands(frame.table(13)));
    let deltas: Vec<String> = texts(&mut c, "[data-role=delta]");
    assert_eq!(deltas, ["\u{b1}0", "\u{2212}8000", "+9000", "\u{b1}0"], "the frame's end: each seat's change");
    assert_eq!(text(&mut c, "[data-role=end]"), "West ron 8000");
    assert_eq!(points(&mut c), ["25000", "25000", "24000", "25000"], "points before the result");

    c.eval("__drop()");
    assert_eq!(c.eval("document.querySelector('#status').hidden"), json!(false), "the stream is down");
    send(&mut c, &fixture::without_hands(frame.table(13)));
    assert_eq!(c.eval("document.querySelector('#status').hidden"), json!(true));
    assert_eq!(c.errors(), Vec::<String>::new());
}

#[test]
fn overlay_shows_hands_and_waits_when_they_are_sent() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = overlay("?hands=1&delay=2&lang=ja") else { return };
    assert_eq!(c.eval("__streams[0].url"), json!("/api/events?delay=2&hands=1"), "delay and hands passed on");
    let frame = fixture::first_frame();
    let drawing = frame.table(5);
    send(&mut c, &drawing);
    assert_eq!(count(&mut c, "[data-role=hand]"), 4);
    let hand: Vec<String> = serde_json::from_value(drawing["seats"][2]["hand"].clone()).unwrap();
    let mut shown = tiles(&mut c, "[data-seat=\"2\"] [data-role=hand]");
    assert_eq!(shown.pop().as_deref(), Some("ew"), "the drawn tile last");
    assert_eq!(shown, hand);
    assert_eq!(
        c.eval("document.querySelector('[data-seat=\"2\"] [data-role=hand] img[data-drawn]').dataset.tile"),
        json!("ew")
    );

    send(&mut c, &frame.table(9));
    assert_eq!(tiles(&mut c, "[data-seat=\"2\"] [data-role=waits]"), ["3p", "6p"]);
    assert_eq!(text(&mut c, "[data-seat=\"2\"] [data-role=waits] .jm-waits-label"), "待ち");
    assert_eq!(tiles(&mut c, "[data-seat=\"0\"] [data-role=hand]").len(), 11);
    assert_eq!(text(&mut c, "[data-role=frame]"), "東1局");
    assert!(c.fonts_ready());
    overlay_shot(&mut c, "overlay-table-hands-ja.png");
    assert_eq!(c.errors(), Vec::<String>::new());
}

#[test]
fn overlay_bar_layout_puts_the_scores_in_a_bottom_bar() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = overlay("?layout=bar&seat=2") else { return };
    send(&mut c, &fixture::without_hands(fixture::first_frame().table(13)));
    assert_eq!(count(&mut c, ".jm-bar [data-seat]"), 4);
    assert_eq!(count(&mut c, "[data-role=river]"), 0, "scores only");
    assert_eq!(count(&mut c, "[data-role=melds]"), 0);
    let order: Value = c.eval("Array.from(document.querySelectorAll('[data-seat]')).map(e => e.dataset.seat)");
    assert_eq!(order, json!(["2", "3", "0", "1"]), "?seat=2 first");
    assert_eq!(points(&mut c), ["25000", "25000", "24000", "25000"]);
    assert_eq!(texts(&mut c, "[data-role=delta]").len(), 4);
    let bar_top = c.eval("document.querySelector('.jm-bar').getBoundingClientRect().top").as_f64().unwrap();
    assert!(bar_top >= 900.0, "the bar sits at the bottom (top at {bar_top})");
    assert!(c.fonts_ready());
    overlay_shot(&mut c, "overlay-bar-en.png");
}

#[test]
fn overlay_is_transparent_1920x1080_without_scroll_bars() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = overlay("?seat=0") else { return };
    send(&mut c, &fixture::without_hands(fixture::first_frame().table(13)));
    assert!(c.fonts_ready());
    for part in ["documentElement", "body"] {
        let colour = c.eval(&format!("getComputedStyle(document.{part}).backgroundColor"));
        assert_eq!(colour, json!("rgba(0, 0, 0, 0)"), "{part} is transparent");
    }
    let size = c.eval("[document.documentElement.scrollWidth, document.documentElement.scrollHeight, getComputedStyle(document.body).overflow]");
    assert_eq!(size, json!([1920, 1080, "hidden"]), "nothing to scroll");
    let shot = overlay_shot(&mut c, "overlay-table-en.png");
    assert_eq!((shot.width, shot.height), (1920, 1080));
    assert_eq!(shot.pixel(200, 330)[3], 0, "the video shows between the seats");
    let centre = shot.pixel(960, 380)[3];
    assert!(centre > 200, "the centre box is opaque enough to read (alpha {centre})");
    let clear = shot.transparent_share();
    assert!(clear > 0.4, "most of the picture stays clear ({clear:.2} transparent)");
    assert_eq!(c.errors(), Vec::<String>::new());
}

#[test]
fn index_gives_the_overlay_url_to_paste_into_obs() {
    let _turn = common::turn::take(module_path!());
    let Some(mut c) = Chromium::start() else { return };
    let dir = temp_dir("index");
    c.open(&write_page(&dir, "index.html", &assemble("index.html", &[])));
    let url = |c: &mut Chromium| text(c, "#overlay-url");
    assert_eq!(url(&mut c), "http://127.0.0.1:8765/overlay", "from file://, the default address");
    c.eval("document.querySelector('#hands').click()");
    c.eval("const d = document.querySelector('#delay'); d.value = '3'; d.dispatchEvent(new Event('input'))");
    c.eval("const l = document.querySelector('#layout'); l.value = 'bar'; l.dispatchEvent(new Event('change'))");
    assert_eq!(url(&mut c), "http://127.0.0.1:8765/overlay?layout=bar&hands=1&delay=3");
    assert_eq!(text(&mut c, "#replay-url"), "http://127.0.0.1:8765/replay");
    assert_eq!(c.errors(), Vec::<String>::new());
}

/// The boxes of every part of the table, by owner (a seat or the centre), that overlap another
/// owner's or leave the 1920 x 1080 picture.
const OVERLAPS: &str = r#"(() => {
  const parts = [];
  document.querySelectorAll('.jm-centre').forEach(e => parts.push(['centre', 'centre', e]));
  document.querySelectorAll('[data-seat]').forEach(seat => {
    seat.querySelectorAll('.jm-plate, [data-role=river], [data-role=hand], [data-role=melds]').forEach(e =>
      parts.push([seat.dataset.seat, e.className || e.dataset.role, e]));
  });
  const boxes = parts.map(([owner, what, e]) => [owner, what, e.getBoundingClientRect()])
    .filter(([, , r]) => r.width > 0 && r.height > 0);
  const found = [];
  boxes.forEach(([o, w, r]) => {
    if (r.left < 0 || r.top < 0 || r.right > 1920 || r.bottom > 1080) found.push(`${o} ${w} leaves the picture`);
  });
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [o1, w1, a] = boxes[i], [o2, w2, b] = boxes[j];
    if (o1 !== o2 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      found.push(`${o1} ${w1} overlaps ${o2} ${w2}`);
  }
  return found;
})()"#;

#[test]
fn overlay_busy_table_keeps_every_part_apart() {
    let _turn = common::turn::take(module_path!());
    let Some((mut c, _dir)) = overlay("?hands=1") else { return };
    let busy = fixture::busy_table();
    send(&mut c, &busy);
    assert!(c.fonts_ready());
    assert_eq!(count(&mut c, "[data-role=river] img"), 78);
    assert_eq!(tiles(&mut c, "[data-seat=\"3\"] [data-role=melds]").len(), 13, "four melds, a kan among them");
    assert_eq!(tiles(&mut c, "[data-role=dora]"), ["3s", "ew", "9p", "wd"]);
    assert_eq!(c.eval(OVERLAPS), json!([]), "nothing overlaps on a busy table");
    overlay_shot(&mut c, "overlay-busy-en.png");
    let page = c.eval("location.href.split('?')[0]").as_str().unwrap().to_string();
    for bottom in 1..4 {
        c.open(&format!("{page}?hands=1&seat={bottom}"));
        c.wait_until("window.__streams && window.__streams.length === 1", WAIT);
        send(&mut c, &busy);
        assert_eq!(c.eval("document.querySelector('[data-place=\"0\"]').dataset.seat"), json!(bottom.to_string()));
        assert_eq!(c.eval(OVERLAPS), json!([]), "nothing overlaps with seat {bottom} at the bottom");
    }
    assert_eq!(c.errors(), Vec::<String>::new());
}

/// Screenshots the overlay, saves it over a checkerboard, gives the transparent original.
fn overlay_shot(c: &mut Chromium, name: &str) -> chromium::Shot {
    let shot = c.screenshot();
    shot.over_checkerboard().save(&shots_dir().join(name));
    shot
}

trait ShotAfterFonts {
    fn shot_after_fonts(&mut self, name: &str);
}

impl ShotAfterFonts for Chromium {
    fn shot_after_fonts(&mut self, name: &str) {
        assert!(self.fonts_ready());
        self.screenshot().save(&shots_dir().join(name));
    }
}
