//! Settings > On air in the app (egui_kittest): turned on, the record is served at once (the
//! status bar says where and to how many, the page addresses are shown with Copy); a page
//! watching is counted; an undo in the app reaches the served table; turned off, the port is let
//! go; a port another program holds is said, not crashed on.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jmjp_studio::app::StudioApp;

use crate::common;

const CHECKBOX: &str = "Serve the record to the broadcast (overlay, replay)";

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-on-air-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app on the canonical full match, its settings saying On air at `port` (off).
fn app(dir: &Path, port: u16, locale: &str) -> Harness<'static, StudioApp> {
    let settings = format!(r#"{{"rules": "Tenhou", "on_air": {{"on": false, "port": {port}, "bind": "127.0.0.1"}}}}"#);
    std::fs::write(dir.join("settings.json"), settings).unwrap();
    let file = dir.join("match.jmjp");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/canonical/full_match.jmjp");
    std::fs::copy(fixture, &file).unwrap();
    common::app::open(dir, &file, locale)
}

/// The text of the status bar's On air label, if it shows one.
fn on_air_label(h: &Harness<'_, StudioApp>) -> Option<String> {
    // A label's text is its node's value (a widget's, its label).
    let text = |n: egui_kittest::Node<'_>| n.accesskit_node().value().or_else(|| n.accesskit_node().label());
    let said = |start: &str| h.query_all_by_label_contains(start).next().and_then(text);
    said("On air: ").or_else(|| said("配信中："))
}

/// The port in "On air: 127.0.0.1:PORT · N viewers".
fn port_of(label: &str) -> u16 {
    let after = label.split("127.0.0.1:").nth(1).unwrap_or_else(|| panic!("no address in {label:?}"));
    after.split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

/// A GET on loopback as a browser sends it; the whole answer.
fn get(port: u16, path: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    out
}

/// Runs frames until `done` holds (the server's threads answer in their own time).
fn run_until(h: &mut Harness<'_, StudioApp>, what: &str, done: impl Fn(&Harness<'_, StudioApp>) -> bool) {
    let start = Instant::now();
    while !done(h) {
        assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {what}");
        std::thread::sleep(Duration::from_millis(20));
        h.run();
    }
}

/// The app of [`app`] with On air turned on in its settings (any free port), and that port.
fn turned_on(dir: &Path) -> (Harness<'static, StudioApp>, u16) {
    let mut h = app(dir, 0, "en-US");
    open_settings(&mut h);
    h.get_by_label(CHECKBOX).click();
    h.run();
    run_until(&mut h, "the status bar to say On air", |h| on_air_label(h).is_some());
    let port = port_of(&on_air_label(&h).unwrap());
    (h, port)
}

fn open_settings(h: &mut Harness<'_, StudioApp>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
}

#[test]
fn on_air_serves_the_open_record_counts_its_viewers_and_stops_when_turned_off() {
    let dir = folder("on");
    let mut h = app(&dir, 0, "en-US");
    assert!(on_air_label(&h).is_none(), "off by default");
    open_settings(&mut h);
    h.get_by_label(CHECKBOX).click();
    h.run();
    run_until(&mut h, "the status bar to say On air", |h| on_air_label(h).is_some());
    let label = on_air_label(&h).unwrap();
    assert!(label.contains("On air: 127.0.0.1:") && label.ends_with("0 viewers"), "{label}");
    let port = port_of(&label);
    // The addresses to paste into OBS, each with its Copy button; the record's with its token.
    let overlay = format!("http://127.0.0.1:{port}/overlay");
    assert!(h.query_all_by_label_contains(&overlay).next().is_some(), "the overlay's address is shown");
    assert!(h.query_all_by_label("Copy").count() >= 5);
    let record = h.query_all_by_label_contains("/api/record.jmjp?token=").count();
    assert_eq!(record, 1, "the record's address carries the token");
    // The settings file keeps it on.
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains("\"on_air\"") && saved.contains("\"on\": true"), "{saved}");

    // The open record is what is served: its players, its last frame's end.
    let state = get(port, "/api/state");
    assert!(state.starts_with("HTTP/1.1 200"), "{state}");
    assert!(state.contains("多井"), "the players' names are served: {state}");

    // A page watching is counted in the status bar.
    let mut watching = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(watching, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n")
        .unwrap();
    run_until(&mut h, "one viewer", |h| on_air_label(h).is_some_and(|l| l.ends_with("1 viewer")));

    drop(watching);
    run_until(&mut h, "no viewer", |h| on_air_label(h).is_some_and(|l| l.ends_with("0 viewers")));

    // A form edit reaches what is served, and so does its undo (the one flow of changes).
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, "Last name").next().expect("the players form").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, "Last name").next().unwrap().type_text("白鳥");
    h.run();
    h.key_press(Key::Tab);
    h.run();
    let served = |name: &str| {
        let start = Instant::now();
        while !get(port, "/api/state").contains(name) {
            assert!(start.elapsed() < Duration::from_secs(10), "{name} was never served");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    served("白鳥");
    assert!(!get(port, "/api/state").contains("多井"), "the name typed over is served no more");
    h.key_press(Key::Escape);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    served("多井");
    open_settings(&mut h);

    // Off: the status bar says nothing of it and the port is let go.
    h.get_by_label(CHECKBOX).click();
    h.run();
    run_until(&mut h, "the On air label to go", |h| on_air_label(h).is_none());
    assert!(TcpStream::connect(("127.0.0.1", port)).is_err(), "the port is closed");
}

#[test]
fn a_port_another_program_holds_is_said_in_both_languages_and_nothing_breaks() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let dir = folder("taken");
    let mut h = app(&dir, port, "ja-JP");
    open_settings(&mut h);
    h.get_by_label("記録を放送に配信する（オーバーレイ、リプレイ）").click();
    h.run();
    h.run();
    let said = format!("127.0.0.1:{port}");
    let problem = h.query_all_by_label_contains(&said).count();
    assert!(problem >= 1, "the settings say the address cannot be listened on");
    assert!(on_air_label(&h).is_none(), "not on air");
    // The port let go by the other program: turned off and on again, it starts.
    drop(taken);
    h.get_by_label("記録を放送に配信する（オーバーレイ、リプレイ）").click();
    h.run();
    h.get_by_label("記録を放送に配信する（オーバーレイ、リプレイ）").click();
    h.run();
    run_until(&mut h, "配信中", |h| on_air_label(h).is_some_and(|l| l.contains("配信中") && l.contains(&said)));
}

#[test]
fn a_season_folder_typed_and_entered_gives_the_overlay_its_figures() {
    let dir = folder("season");
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let paifu = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(game).unwrap()).unwrap();
    std::fs::write(season.join("1.jmjp"), jmjp_studio::format::write(&paifu)).unwrap();
    let (mut h, port) = turned_on(&dir);
    let before = get(port, "/api/stats");
    assert!(before.contains("\"season\":null"), "no season folder yet: {before}");
    // Typed into the field and taken with Enter (a folder half typed is never read).
    h.get_by_label("Season folder").focus();
    h.run();
    for c in season.to_str().unwrap().chars() {
        h.event(egui::Event::Text(c.to_string()));
    }
    h.run();
    h.key_press(Key::Enter);
    h.run();
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains(&format!("\"season\": {:?}", season.to_str().unwrap())), "{saved}");
    run_until(&mut h, "the server to start again with the season", |h| {
        on_air_label(h).is_some_and(|l| get(port_of(&l), "/api/stats").contains("season\":\""))
    });
    let port = port_of(&on_air_label(&h).unwrap());
    let body = get(port, "/api/stats");
    assert!(body.contains(&format!("\"season\":{:?}", season.to_str().unwrap())), "{body}");
    assert!(body.contains("\"matches\":"), "each seat has its figures: {body}");
}

/// Nothing asks the window to draw again on a timer while On air runs: the server wakes it when a
/// viewer comes or goes (the status bar's count), and it then shows the new count.
#[test]
fn a_viewer_coming_wakes_the_window_which_otherwise_sleeps() {
    let dir = folder("wake");
    let (mut h, port) = turned_on(&dir);
    // Back to the editor, no field focused: the window has nothing to draw until woken.
    h.key_press(Key::Escape);
    h.run();
    h.run();
    assert!(!h.ctx.has_requested_repaint(), "a timed repaint while idle: {:?}", h.ctx.repaint_causes());
    let mut watching = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(watching, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n")
        .unwrap();
    let start = Instant::now();
    while !h.ctx.has_requested_repaint() {
        assert!(start.elapsed() < Duration::from_secs(5), "the viewer never woke the window");
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run();
    let label = on_air_label(&h).unwrap();
    assert!(label.ends_with("1 viewer"), "{label}");
    drop(watching);
}
