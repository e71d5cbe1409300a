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
use jmjp_studio::app::StudioApp;
use jmjp_studio::season::roster::Roster;
use jmjp_studio::settings::Startup;

use crate::common;
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
    let options = Startup {
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

/// The path dialog's field replaced with `path`, and Enter.
fn type_path(h: &mut Harness<'_, StudioApp>, path: &Path) {
    h.get_by_role_and_label(Role::TextInput, "File path").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "File path").type_text(path.to_str().unwrap());
    h.run();
    key(h, Key::Enter);
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

/// Today as the `.jmjp` writes a date, and its weekday code.
fn today() -> (String, String) {
    let now = chrono::Local::now().date_naive();
    (now.format("%Y%m%d").to_string(), now.format("%a").to_string().to_lowercase())
}

#[test]
fn a_new_match_like_the_last_one_takes_its_header_and_advances_the_number() {
    let dir = folder("like");
    let file = dir.join("a.jmjp");
    std::fs::write(&file, season_match("20231002", 57, "Ooi", "mlg-abm", PTN)).unwrap();
    let mut h = app(&dir, &file);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    h.run();
    assert!(
        h.query_by_label_contains("Like a.jmjp (2023-10-02, match 57)").is_some(),
        "the dialog says what it copies"
    );
    // Enter: the safe default, empty seats.
    key(&mut h, Key::Enter);
    let (date, weekday) = today();
    assert_eq!(line_with(&h, "tnm["), "tnm[mlg,2023,mlg-reg,58,1]", "the next match of the stage, the first of today");
    assert_eq!(line_with(&h, "mtp["), format!("mtp[{date},{weekday},1900,mlg-std]"));
    assert_eq!(line_with(&h, "rec["), r#"rec[(snt["山田"]srm["Yamada"],snt["太郎"]srm["Taro"]),all]"#);
    assert_eq!(line_with(&h, "ptr["), "ptr[25.0,30.0,(30.0,10.0),0.3]");
    for id in 0..4 {
        assert_eq!(line_with(&h, &format!("ply[{id}")), format!("ply[{id},,,,]"));
    }
    assert_eq!(h.state().screen(), jmjp_studio::app::Screen::Match(jmjp_studio::ui::command::Section::Players));
    assert_eq!(h.state().path(), None, "nothing is written until the user saves");
    // A seat picked from the roster carries the points of match 57.
    click_field(&mut h, "Last name", 0);
    typed(&mut h, "多井");
    key(&mut h, Key::Enter);
    assert!(line_with(&h, "ply[0").ends_with("(62.3,100.0)]"), "{}", line_with(&h, "ply[0"));
}

#[test]
fn the_same_four_players_come_with_their_points_after_the_last_match() {
    let dir = folder("same-four");
    let file = dir.join("a.jmjp");
    std::fs::write(&file, season_match("20231002", 57, "Ooi", "mlg-abm", PTN)).unwrap();
    let mut h = app(&dir, &file);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    h.run();
    h.get_by_label("The same four players").click();
    h.run();
    assert_eq!(
        line_with(&h, "ply[0"),
        r#"ply[0,(snt["多井"]srm["Ooi"],snt["隆晴"]srm["Takaharu"]),mlg-abm,prorenmei,(62.3,100.0)]"#
    );
    assert_eq!(
        line_with(&h, "ply[3"),
        r#"ply[3,(snt["鈴木"]srm["Suzuki"],snt["たろう"]srm["Taro"]),mlg-rdn,zennihon,(-40.0,-50.0)]"#
    );
}

/// Writes three matches of the 2023 season and one of another tournament into `dir`.
fn three_matches(dir: &Path) {
    let with = |date: &str, n: u32, pme: &str| {
        season_match(date, n, "Ooi", "mlg-abm", PTN).replace("pme[50.0,10.0,-20.0,-40.0]", pme)
    };
    std::fs::write(dir.join("57.jmjp"), with("20231002", 57, "pme[50.0,10.0,-20.0,-40.0]")).unwrap();
    std::fs::write(dir.join("61.jmjp"), with("20231009", 61, "pme[-30.0,40.0,10.0,-20.0]")).unwrap();
    // A match whose file has no final points: counted as missing, not guessed.
    std::fs::write(dir.join("64.jmjp"), with("20231016", 64, "")).unwrap();
    std::fs::write(
        dir.join("other.jmjp"),
        season_match("20231002", 1, "Ooi", "mlg-abm", PTN).replace("tnm[mlg,2023,", "tnm[mlg,2022,"),
    )
    .unwrap();
}

/// A folder `season` of three matches (and one of another season) beside the next match, open.
fn season_folder(name: &str) -> (PathBuf, Harness<'static, StudioApp>) {
    let dir = folder(name);
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    three_matches(&season);
    let file = dir.join("next.jmjp");
    std::fs::write(&file, NEXT).unwrap();
    let h = app(&dir, &file);
    (season, h)
}

#[test]
fn the_standings_of_three_files_sum_final_points_and_are_saved_as_csv() {
    let (season, mut h) = season_folder("standings");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::T);
    h.run();
    type_path(&mut h, &season);
    assert_eq!(h.state().screen(), jmjp_studio::app::Screen::Standings);
    assert!(h.query_by_label_contains("M League 2023").is_some());
    for column in ["2023-10-02 #57", "2023-10-09 #61", "2023-10-16 #64"] {
        assert_eq!(h.query_all_by_label_contains(column).count(), 2, "{column}: a column of both tables");
    }
    // Sasaki: +10.0 + 40.0 = +50.0, first; Ooi: +50.0 - 30.0 = +20.0; then nothing for match 64.
    // Sasaki and his team (he is its only player here): the total says a match has no final points.
    assert_eq!(h.query_all_by_label("+50.0 (1 ?)").count(), 2);
    // The other season is offered, not left out.
    assert!(h.query_by_label("2022").is_some());
    assert!(h.query_by_label_contains("other.jmjp").is_none());
    h.get_by_label("Save as CSV…").click();
    h.run();
    key(&mut h, Key::Enter);
    let csv = std::fs::read_to_string(season.join("standings.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    let columns = "2023-10-02 #57,2023-10-09 #61,2023-10-16 #64";
    assert_eq!(lines[0], format!("Stage,Rank,Player,Team,Matches,Total,{columns}"));
    // (The team's name between the player's and the numbers.)
    let stage = "M League Regular Season";
    assert!(lines[1].starts_with(&format!("{stage},1,佐々木 寿人 (Sasaki Hisato),")), "{}", lines[1]);
    assert!(lines[1].ends_with(",3,50.0,10.0,40.0,?"), "{}", lines[1]);
    assert!(lines[2].starts_with(&format!("{stage},2,多井 隆晴 (Ooi Takaharu),")), "{}", lines[2]);
    assert!(lines[2].ends_with(",3,20.0,50.0,-30.0,?"), "{}", lines[2]);
    assert!(lines.contains(&format!("Stage,Rank,Team,Matches,Total,{columns}").as_str()), "one header a column");
    assert!(!csv.starts_with('\u{feff}'));
}

#[test]
fn a_folder_of_files_is_imported_into_the_roster_from_the_file_menu() {
    let (season, mut h) = season_folder("import-folder");
    let dir = season.parent().unwrap().to_path_buf();
    assert_eq!(h.state().roster().people.len(), 0);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::R);
    h.run();
    type_path(&mut h, &season);
    assert!(h.query_by_label_contains("Roster: 4 files read, 5 people added").is_some());
    assert_eq!(Roster::load(&dir.join("roster.json")).0.people.len(), 5, "written to the roster file");
}

#[test]
fn settings_roster_merges_two_spellings_and_forgets_someone() {
    let dir = folder("settings-roster");
    let mut r = Roster::default();
    for (date, n, ooi) in [("20231002", 57, "Ooi"), ("20231009", 61, "Ōi")] {
        r.see_paifu(&jmjp_studio::document::io::parse(&season_match(date, n, ooi, "mlg-abm", PTN)).unwrap().paifu);
    }
    r.save(&dir.join("roster.json")).unwrap();
    let next = dir.join("next.jmjp");
    std::fs::write(&next, NEXT).unwrap();
    let mut h = app(&dir, &next);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    assert!(h.query_by_label("6 people").is_some());
    // Only the two entries of Ooi are listed once the filter is typed.
    h.get_by_role_and_label(Role::TextInput, "Find").focus();
    h.run();
    typed(&mut h, "多井");
    assert_eq!(h.query_all_by_label("Merge…").count(), 2);
    // Merge the one spelled Ōi (listed second: Ooi < Ōi) into the other.
    h.query_all_by_label("Merge…").nth(1).unwrap().click();
    h.run();
    assert!(h.query_by_label_contains("Merging: 多井 隆晴 (Ōi Takaharu)").is_some());
    h.get_by_label("Keep this").click();
    h.run();
    let on_disk = Roster::load(&dir.join("roster.json")).0;
    assert_eq!(on_disk.people.len(), 5, "saved at once");
    let ooi = on_disk.people.iter().find(|p| p.name.last_native == "多井").unwrap();
    assert_eq!((ooi.name.last_roman.as_str(), ooi.played.len()), ("Ooi", 2));
    // Forget the recorder.
    h.get_by_role_and_label(Role::TextInput, "Find").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    typed(&mut h, "Yamada");
    h.get_by_label("Forget").click();
    h.run();
    assert_eq!(Roster::load(&dir.join("roster.json")).0.people.len(), 4);
}
