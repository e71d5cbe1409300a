//! The language of the status line follows the interface: a line told in one language reads in
//! the other once the language is switched (the app keeps the message, not its English text).
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
        roster_path: None,
    };
    let mut h = Harness::builder().with_size([1280.0, 720.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// Settings (Ctrl+,), the language chosen, back to where the user was (Escape).
fn switch_language(h: &mut Harness<'_, StudioApp>, language: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    let label = h.state().lang().pick("Language", "言語");
    h.get_all_by_role_and_label(Role::ComboBox, label).next().unwrap().click();
    h.run();
    h.get_by_label(language).click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
}

#[test]
fn the_status_line_follows_a_switch_of_language() {
    let dir = temp_dir("status");
    let file = dir.join("match.jmjp");
    std::fs::write(&file, "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])").unwrap();
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
