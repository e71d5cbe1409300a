//! The language of the status line follows the interface: a line told in one language reads in
//! the other once the language is switched (the app keeps the message, not its English text),
//! the switch made by keys alone (the settings' language field is a drop-down worked by keys).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;
use jmjp_studio::i18n::Lang;
use jmjp_studio::settings::Startup;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-language-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app in English, its settings and autosave folder in `dir`.
fn harness(dir: &Path) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {:?}}}"#, dir.join("recordings"))).unwrap();
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some("en-US".into()),
        open: None,
        record: false,
        roster_path: Some(dir.join("roster.json")),
    };
    let mut h = Harness::builder().with_size([1280.0, 720.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// Settings (Ctrl+,), then by keys alone: Tab to the language field, Enter opens its list,
/// typing the language's name finds it, Enter picks it.
fn switch_language(h: &mut Harness<'_, StudioApp>, language: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    let label = h.state().lang().pick("Language", "言語");
    let focused = |h: &Harness<'_, StudioApp>| h.get_by_role_and_label(Role::ComboBox, label).is_focused();
    for _ in 0..30 {
        if focused(h) {
            break;
        }
        h.key_press(Key::Tab);
        h.run();
    }
    assert!(focused(h), "Tab reaches the language field");
    h.key_press(Key::Enter);
    h.run();
    h.event(egui::Event::Text(language.to_string()));
    h.run();
    h.key_press(Key::Enter);
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
    h.key_press(Key::Enter);
    h.run();
}

const MATCH: &str = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])";

#[test]
fn the_status_line_follows_a_switch_of_language() {
    let dir = temp_dir("status");
    let file = dir.join("match.jmjp");
    std::fs::write(&file, MATCH).unwrap();
    let mut h = harness(&dir);
    // Opened as File > Open does: the status line tells what was read.
    h.state_mut().open_any(&file);
    h.run();
    let english = h.state().notice().unwrap().0.to_string();
    assert!(english.starts_with("Opened"), "{english}");
    assert!(h.query_by_label(&english).is_some(), "the status line is shown: {english}");

    switch_language(&mut h, "日本語");
    assert_eq!(h.state().lang(), Lang::Ja);
    let japanese = h.state().notice().unwrap().0.to_string();
    assert!(japanese.contains("を開きました"), "{japanese}");
    assert!(h.query_by_label(&japanese).is_some(), "the status line is shown in Japanese: {japanese}");
    assert!(h.query_by_label(&english).is_none(), "the English line is gone");

    // And back.
    switch_language(&mut h, "English");
    assert_eq!(h.state().notice().unwrap().0, english);
    assert!(h.query_by_label(&english).is_some());
}

#[test]
fn the_roster_import_summary_follows_a_switch_of_language_made_by_keys() {
    let dir = temp_dir("roster");
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    std::fs::write(season.join("match.jmjp"), MATCH).unwrap();
    std::fs::write(season.join("torn.jmjp"), "jmjp[1.0](mtp[2023").unwrap();
    let mut h = harness(&dir);
    // File > Import roster from folder (Ctrl+Shift+R): one file read, one that could not be.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::R);
    h.run();
    type_path(&mut h, &season);
    let (english, warning) = h.state().notice().map(|(s, w)| (s.to_string(), w)).unwrap();
    assert!(warning, "a file could not be read: {english}");
    assert!(english.starts_with("Roster: 1 files read") && english.contains("could not be read"), "{english}");
    assert!(h.query_by_label(&english).is_some(), "the summary is shown: {english}");

    switch_language(&mut h, "日本語");
    assert_eq!(h.state().lang(), Lang::Ja);
    let japanese = h.state().notice().unwrap().0.to_string();
    assert!(japanese.starts_with("名簿：1 ファイルを読み") && japanese.contains("読めませんでした"), "{japanese}");
    assert!(h.query_by_label(&japanese).is_some(), "the summary is shown in Japanese: {japanese}");
    assert!(h.query_by_label(&english).is_none(), "the English summary is gone");

    switch_language(&mut h, "English");
    assert_eq!(h.state().notice().unwrap().0, english);
}

#[test]
fn the_recorders_message_follows_a_switch_of_language() {
    let dir = temp_dir("recorder");
    // `jmjp-studio record`: a new match; Escape leaves the deal form's field; F with nothing wrong.
    let mut h = crate::common::app::recorder(&dir, None, [1280.0, 720.0]);
    h.key_press(Key::Escape);
    h.run();
    crate::common::app::typed(&mut h, "f");
    let english = "nothing to fix: no likely cause is named";
    assert!(h.query_by_label(english).is_some(), "the recorder says why F did nothing");

    switch_language(&mut h, "日本語");
    // Back to the recorder as the menu goes there (Ctrl+R).
    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    h.run();
    assert!(h.query_by_label("修正するものはありません").is_some(), "the message reads in Japanese");
    assert!(h.query_by_label(english).is_none(), "the English message is gone");
}
