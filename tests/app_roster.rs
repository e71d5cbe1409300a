//! The roster in the app (egui_kittest): the people of a file opened are remembered, a player
//! row is filled from the roster by typing three characters and Enter (with the tournament points
//! carried from the last match of the season), Up/Down choose, Escape closes the list, a recorder
//! is named the same way.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Options, StudioApp};
use jmjp_studio::document::roster::Roster;

mod common;
use common::season_match;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-roster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const PTN: &str = "ptn[(62.3,100.0),(-5.0,20.0),(-20.0,-30.0),(-40.0,-50.0)]";

/// The next match of the season, its players not yet filled in.
const NEXT: &str = r#"jmjp[1.0]
(
  tnm[mlg,2023,mlg-reg,60,1]
  mtp[20231005,thu,1900,mlg-std]
  ply[0,,,,]
  ply[1,,,,]
  ply[2,,,,]
  ply[3,,,,]
  ptr[25.0,30.0,(30.0,10.0),0.3]
)
"#;

/// The app in English on `file`, the roster at `dir/roster.json`.
fn app(dir: &Path, file: &Path) -> Harness<'static, StudioApp> {
    let options = Options {
        settings_path: Some(dir.join("settings.json")),
        system_locale: Some("en-US".into()),
        open: Some(file.to_path_buf()),
        record: false,
        roster_path: Some(dir.join("roster.json")),
    };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// A roster that saw the match of 2 October 2023 (number 57), and the next match open.
fn season(name: &str) -> (PathBuf, Harness<'static, StudioApp>) {
    let dir = folder(name);
    let mut r = Roster::default();
    r.see_paifu(&jmjp_studio::document::io::parse(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)).unwrap().paifu);
    r.save(&dir.join("roster.json")).unwrap();
    let next = dir.join("next.jmjp");
    std::fs::write(&next, NEXT).unwrap();
    let h = app(&dir, &next);
    (dir, h)
}

fn typed(h: &mut Harness<'_, StudioApp>, text: &str) {
    for c in text.chars() {
        h.event(egui::Event::Text(c.to_string()));
        h.run();
    }
}

fn key(h: &mut Harness<'_, StudioApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn click_field(h: &mut Harness<'_, StudioApp>, label: &str, nth: usize) {
    h.get_all_by_role_and_label(Role::TextInput, label).nth(nth).unwrap_or_else(|| panic!("no {label} #{nth}")).click();
    h.run();
}

fn line_with(h: &Harness<'_, StudioApp>, start: &str) -> String {
    let text = h.state().text().unwrap();
    text.lines().map(str::trim).find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no {start}")).to_string()
}

#[test]
fn three_characters_and_enter_fill_a_player_row_with_the_points_carried_over() {
    let (_dir, mut h) = season("fill");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    click_field(&mut h, "Last name", 0);
    typed(&mut h, "tak");
    assert!(h.query_by_label("多井 隆晴 (Ooi Takaharu) — Shibuya Abemas").is_some(), "the person is offered");
    key(&mut h, Key::Enter);
    assert_eq!(
        line_with(&h, "ply[0"),
        r#"ply[0,(snt["多井"]srm["Ooi"],snt["隆晴"]srm["Takaharu"]),mlg-abm,prorenmei,(62.3,100.0)]"#,
        "name, team, affiliation, and the points after match 57 as the points before this one"
    );
    assert!(
        h.query_by_label_contains("personal 62.3 from 2023-10-02, match 57; team 100.0 from 2023-10-02, match 57")
            .is_some(),
        "where the points came from is said"
    );
    assert!(h.query_by_label_contains("From the roster").is_none(), "the list closes once the row is filled");
    // The carried points can be overridden like any field.
    click_field(&mut h, "Previous points\n(personal)", 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    typed(&mut h, "60.0");
    key(&mut h, Key::Tab);
    assert!(line_with(&h, "ply[0").ends_with("(60.0,100.0)]"), "{}", line_with(&h, "ply[0"));
    // Undo (out of the text fields) takes back the override, then the row filled, one step each.
    key(&mut h, Key::Escape);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(line_with(&h, "ply[0").ends_with("(62.3,100.0)]"), "{}", line_with(&h, "ply[0"));
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(line_with(&h, "ply[0"), r#"ply[0,(snt["tak"],),,,]"#);
}

#[test]
fn up_and_down_choose_and_escape_closes_the_list() {
    let (_dir, mut h) = season("keys");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num4);
    h.run();
    click_field(&mut h, "Last name\n(romanized)", 1);
    typed(&mut h, "taro");
    // Players first: Suzuki Taro played, Yamada Taro recorded.
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::ArrowUp);
    key(&mut h, Key::ArrowDown);
    key(&mut h, Key::Enter);
    assert_eq!(line_with(&h, "ply[1"), r#"ply[1,(snt["山田"]srm["Yamada"],snt["太郎"]srm["Taro"]),,,]"#);
    // Escape: the list closes and the typed text stays; Enter then moves on as in any form.
    click_field(&mut h, "Last name", 2);
    typed(&mut h, "佐々");
    assert!(h.query_by_label_contains("From the roster").is_some());
    key(&mut h, Key::Escape);
    assert!(h.query_by_label_contains("From the roster").is_none());
    key(&mut h, Key::Enter);
    assert_eq!(line_with(&h, "ply[2"), r#"ply[2,(snt["佐々"],),,,]"#);
}

#[test]
fn a_recorder_is_named_from_the_roster() {
    let (_dir, mut h) = season("recorder");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num3);
    h.run();
    h.get_by_label("Add recorder").click();
    h.run();
    click_field(&mut h, "Last name", 0);
    typed(&mut h, "yam");
    key(&mut h, Key::Enter);
    assert_eq!(line_with(&h, "rec["), r#"rec[(snt["山田"]srm["Yamada"],snt["太郎"]srm["Taro"]),all]"#);
}

#[test]
fn the_people_of_a_file_opened_are_remembered_in_the_roster_file() {
    let dir = folder("remember");
    let file = dir.join("a.jmjp");
    std::fs::write(&file, season_match("20231002", 57, "Ooi", "mlg-abm", PTN)).unwrap();
    let h = app(&dir, &file);
    assert_eq!(h.state().roster().people.len(), 5);
    let (on_disk, problem) = Roster::load(&dir.join("roster.json"));
    assert_eq!((on_disk.people.len(), problem), (5, None));
    // Opening the file changed nothing in it.
    assert!(!h.state().document().unwrap().is_dirty());
}
