//! Double entry, live, in the recorder (egui_kittest): the app records a match while another desk
//! (a document served on loopback in this test, as its On air serves it) records the same; the
//! list beside the flow shows each difference within a second, the header counts them, J selects,
//! V keeps mine (checked: the list forgets it), U takes theirs as one undo step (Ctrl+Z brings the
//! difference back), the end of a frame with differences open is asked once; in English and
//! Japanese. The other desk gone: the list says since when, and it comes back by itself.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jmjp_studio::app::StudioApp;
use jmjp_studio::broadcast::{OnAir, Server, SystemClock};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{Discard, Paifu};
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::scoring::RuleOptions;
use jmjp_studio::settings::Startup;

use crate::common;

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-double-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The other desk: the canonical full match, served on loopback with a known token.
struct OtherDesk {
    _feed: Feed,
    doc: Document,
    rec: LiveRecording,
    server: Option<Server>,
    port: u16,
}

impl OtherDesk {
    fn new(fixture: &Path) -> OtherDesk {
        let feed = Feed::new();
        let paifu = jmjp_studio::format::parse(&std::fs::read_to_string(fixture).unwrap()).unwrap().paifu;
        let paifu = recorded_by(paifu, "佐藤", "花子");
        let mut doc = Document::new(paifu, false);
        doc.publish_to(&feed);
        let mut desk = OtherDesk { _feed: feed, doc, rec: LiveRecording::in_memory(), server: None, port: 0 };
        desk.serve();
        desk
    }

    /// Serves (again, on the same port once it had one).
    fn serve(&mut self) {
        let on_air = OnAir::new(std::sync::Arc::new(SystemClock), RuleOptions::default()).with_token(TOKEN);
        let at = format!("127.0.0.1:{}", self.port).parse().unwrap();
        let server = Server::start_on(on_air, self.doc.subscribe().unwrap(), at).unwrap();
        self.port = server.addr().port();
        self.server = Some(server);
    }

    /// The `n`-th tsumogiri of the last frame recorded as a karagiri (a tile of the hand equal to
    /// the drawn one: the hands stay the same, only the act differs); the act's number (1-based).
    fn change_act(&mut self, n: usize) -> usize {
        let m = &self.doc.paifu().matches[0];
        let frame = m.frames.len() - 1;
        let acts = &m.frames[frame].flow.as_ref().unwrap().acts;
        let act = acts.iter().enumerate().filter(|(_, a)| a.discard == Some(Discard::Tsumogiri)).nth(n).unwrap().0;
        let to = jmjp_studio::format::Act { discard: Some(Discard::Karagiri), ..acts[act] };
        self.rec.enter(&mut self.doc, Entry::Correct { frame, act, to }).unwrap();
        act + 1
    }
}

/// The app recording a copy of `fixture`, following the desk at `port` named `name`.
fn app(dir: &Path, fixture: &Path, port: u16, name: &str, locale: &str) -> Harness<'static, StudioApp> {
    let file = dir.join("match.jmjp");
    let paifu = jmjp_studio::format::parse(&std::fs::read_to_string(fixture).unwrap()).unwrap().paifu;
    std::fs::write(&file, jmjp_studio::format::write(&recorded_by(paifu, "山田", "太郎"))).unwrap();
    let settings = dir.join("settings.json");
    let de = format!(r#"{{"on": true, "name": "{name}", "address": "127.0.0.1:{port}", "token": "{TOKEN}"}}"#);
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {:?}, "double_entry": {de}}}"#, dir.join("recordings")))
        .unwrap();
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some(locale.into()),
        open: Some(file),
        record: true,
        roster_path: None,
    };
    let mut h = Harness::builder().with_size([1500.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    assert_eq!(h.state().screen(), jmjp_studio::app::Screen::Recorder);
    h
}

fn said(h: &Harness<'_, StudioApp>, part: &str) -> Option<String> {
    let text = |n: egui_kittest::Node<'_>| n.accesskit_node().value().or_else(|| n.accesskit_node().label());
    h.query_all_by_label_contains(part).find_map(text)
}

/// Runs frames until `part` is shown (the follower's threads answer in their own time).
fn shown(h: &mut Harness<'_, StudioApp>, part: &str) -> String {
    let start = Instant::now();
    loop {
        h.run();
        if let Some(s) = said(h, part) {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s for {part:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn press(h: &mut Harness<'_, StudioApp>, c: char) {
    h.event(egui::Event::Text(c.to_string()));
    h.run();
}

fn last_frame(p: &Paifu) -> &jmjp_studio::format::Frame {
    p.matches[0].frames.last().unwrap()
}

/// A real match of the corpus recorded up to the middle of its second frame, as a `.jmjp` file
/// in `dir` (its end hands follow its acts, as a recording's do).
fn fixture(dir: &Path) -> PathBuf {
    fixture_to(dir, |entries| {
        let second = entries.iter().enumerate().filter(|(_, e)| matches!(e, Entry::Deal(_))).nth(1).unwrap().0;
        second + 70
    })
}

/// The match recorded with its first `upto(entries)` entries.
fn fixture_to(dir: &Path, upto: impl Fn(&[Entry]) -> usize) -> PathBuf {
    let (header, entries) = common::match_of("pantheon_usual.json");
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    for e in &entries[..upto(&entries)] {
        jmjp_studio::recorder::entry::apply(&mut doc, e).unwrap();
    }
    let file = dir.join("desk-a.jmjp");
    std::fs::write(&file, jmjp_studio::format::write(doc.paifu())).unwrap();
    file
}

/// `paifu` recorded by `last first` (in `rec`).
fn recorded_by(mut paifu: Paifu, last: &str, first: &str) -> Paifu {
    use jmjp_studio::format::{FramesRecorded, Name, Recorder, StrLit};
    let lit = |s: &str| Some(StrLit { native: Some(s.into()), roman: None });
    let name = Name { last: lit(last), first: lit(first) };
    paifu.matches[0].recorders = vec![Recorder { name: Some(name), frames: FramesRecorded::All }];
    paifu
}

#[test]
fn differences_are_listed_kept_taken_and_undone_by_keys() {
    let dir = folder("en");
    let fixture = fixture(&dir);
    let mut other = OtherDesk::new(&fixture);
    let mut h = app(&dir, &fixture, other.port, "desk A", "en-US");
    shown(&mut h, "desk A: in step");
    assert!(said(&h, "Double entry · 0 open").is_some());

    // Desk A's act changes: one difference, within a second, counted in the header.
    let act = other.change_act(0);
    let row = shown(&mut h, &format!("act {act} · you"));
    assert!(row.contains("tg) · desk A") && row.contains(",kg)"), "{row}");
    assert!(row.contains("desk A"), "{row}");
    assert!(said(&h, "Double entry · 1 open").is_some());
    assert!(said(&h, "1 open difference with desk A").is_some(), "the header counts it");

    // V keeps mine: checked, the list forgets it; the record is unchanged.
    let before = h.state().document().unwrap().paifu().clone();
    press(&mut h, 'v');
    shown(&mut h, "Double entry · 0 open");
    assert_eq!(h.state().document().unwrap().paifu(), &before, "keeping changes nothing");

    // Two more at desk A: J moves the selection, U takes the selected one from theirs.
    let (second, third) = (other.change_act(1), other.change_act(2));
    shown(&mut h, "Double entry · 2 open");
    let first = said(&h, "> ").unwrap();
    assert!(first.contains(&format!("act {second} ")), "the first is selected: {first}");
    press(&mut h, 'j');
    let next = said(&h, "> ").unwrap();
    assert!(next.contains(&format!("act {third} ")), "J selects the next: {next}");
    press(&mut h, 'u');
    shown(&mut h, "Double entry · 1 open");
    let mine = last_frame(h.state().document().unwrap().paifu()).flow.as_ref().unwrap().acts[third - 1];
    let theirs = last_frame(other.doc.paifu()).flow.as_ref().unwrap().acts[third - 1];
    assert_eq!(mine, theirs, "the act selected taken from desk A");
    // The recorders of both are credited (as reconcile does).
    let rec = jmjp_studio::format::write(h.state().document().unwrap().paifu());
    assert!(rec.contains("山田") && rec.contains("佐藤"), "both scorers in rec");

    // One undo step: Ctrl+Z gives the difference back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    shown(&mut h, "Double entry · 2 open");
    press(&mut h, 'u');
    press(&mut h, 'u');
    shown(&mut h, "Double entry · 0 open");
    let recorded = h.state().document().unwrap().paifu().clone();
    let (mine, theirs) = (
        &last_frame(&recorded).flow.as_ref().unwrap().acts,
        &last_frame(other.doc.paifu()).flow.as_ref().unwrap().acts,
    );
    let differ: Vec<usize> = (0..mine.len()).filter(|&i| mine[i] != theirs[i]).map(|i| i + 1).collect();
    assert_eq!(differ, vec![act], "everything taken but the kept one");

    // Desk A gone: said with the time, and it comes back by itself on the same port.
    other.server = None;
    let gone = shown(&mut h, "desk A unreachable since");
    assert!(gone.contains(':'), "{gone}");
    other.serve();
    shown(&mut h, "desk A: in step");
}

#[test]
fn in_japanese_the_list_and_its_keys_speak_japanese() {
    let dir = folder("ja");
    let fixture = fixture(&dir);
    let mut other = OtherDesk::new(&fixture);
    let mut h = app(&dir, &fixture, other.port, "", "ja-JP");
    shown(&mut h, "相手の卓：進行一致");
    other.change_act(3);
    let row = shown(&mut h, "· こちら");
    assert!(row.contains("相手の卓"), "{row}");
    assert!(said(&h, "ダブル入力 · 未解決 1").is_some());
    assert!(said(&h, "相手を採る").is_some(), "the keys are shown");
    press(&mut h, 'u');
    shown(&mut h, "ダブル入力 · 未解決 0");
}

#[test]
fn a_frame_with_differences_open_is_asked_about_once_and_alt_keys_work_from_the_end_form() {
    let dir = folder("end");
    // The second frame recorded to its last act: its end is to be confirmed.
    let fixture = fixture_to(&dir, |entries| {
        entries.iter().enumerate().filter(|(_, e)| matches!(e, Entry::Finish(_))).nth(1).unwrap().0
    });
    let mut other = OtherDesk::new(&fixture);
    let mut h = app(&dir, &fixture, other.port, "desk A", "en-US");
    shown(&mut h, "desk A: in step");
    let act = other.change_act(0);
    shown(&mut h, &format!("act {act} · you"));
    let ended = |h: &Harness<'_, StudioApp>| last_frame(h.state().document().unwrap().paifu()).end_points.is_some();
    assert!(said(&h, "1 open difference with desk A").is_some(), "the header counts them");
    h.key_press(Key::Enter);
    h.run();
    assert!(!ended(&h), "not ended at the first Enter");
    let asked = said(&h, "has 1 open difference with desk A").expect("asked");
    assert!(asked.contains("Enter again ends the frame anyway"), "{asked}");
    // Alt+U takes theirs from wherever the focus is (the keyboard gives the letter's text too,
    // as a window does: it is neither typed nor read as U a second time).
    h.key_down_modifiers(Modifiers::ALT, Key::U);
    h.event_modifiers(egui::Event::Text("u".into()), Modifiers::ALT);
    h.key_up_modifiers(Modifiers::ALT, Key::U);
    h.run();
    shown(&mut h, "Double entry · 0 open");
    assert!(said(&h, "no open difference with desk A").is_none(), "Alt+U was read once, not twice");
    h.key_press(Key::Enter);
    h.run();
    assert!(ended(&h), "the frame ends once nothing is open");
}

fn field<'a>(h: &'a Harness<'static, StudioApp>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_all_by_role_and_label(egui::accesskit::Role::TextInput, label).next().unwrap()
}

#[test]
fn settings_double_entry_says_what_is_wrong_and_follows_the_desk_named() {
    let dir = folder("settings");
    let fixture = fixture(&dir);
    let other = OtherDesk::new(&fixture);
    let file = dir.join("mine.jmjp");
    std::fs::copy(&fixture, &file).unwrap();
    let mut h = common::app::open(&dir, &file, "en-US");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    h.get_by_label("Compare with another desk while recording").click();
    h.run();
    field(&h, "Its address").click();
    h.run();
    field(&h, "Its address").type_text("desk-a");
    h.run();
    shown(&mut h, "\"desk-a\" is not a desk's address: give host:port");
    // The record address as the other desk's settings show it, pasted whole: its token counts.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    let url = format!("http://127.0.0.1:{}/api/record.jmjp?token={TOKEN}", other.port);
    field(&h, "Its address").type_text(&url);
    h.run();
    shown(&mut h, &format!("following 127.0.0.1:{}", other.port));
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains("\"double_entry\"") && saved.contains(TOKEN), "{saved}");
    // A wrong token: said, in words that say what to do.
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    field(&h, "Its address").type_text(&format!("127.0.0.1:{}", other.port));
    h.run();
    field(&h, "Its token").click();
    h.run();
    field(&h, "Its token").type_text("abc123");
    h.run();
    shown(&mut h, "refuses the token");
}
