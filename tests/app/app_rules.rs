//! The rules a match was played with, in the app: a tenhou log imported while the settings say
//! M League is checked by tenhou's rules (its room says so); the match form changes that as one
//! undo step, the file keeps it, and reopening the file keeps it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use crate::common;

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::format::Severity;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-rules-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // The user's setting: M League, as a studio recording M League would have it.
    std::fs::write(dir.join("settings.json"), r#"{"rules": "MLeague"}"#).unwrap();
    dir
}

/// A tenhou log with a 4 han 30 fu win, which M League rounds up to a mangan and tenhou does not.
fn corpus_log() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json")
}

/// The warnings about end points the app shows now.
fn points_warnings(h: &Harness<'_, StudioApp>) -> Vec<String> {
    let doc = h.state().document().unwrap();
    let a = doc.analysis();
    a.diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Warning && d.message.contains("the end points (pfe)"))
        .map(|d| d.message.to_string())
        .collect()
}

fn shortcut(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// Opens the match form's "Rules played with" choice and picks `option`.
fn pick_rules(h: &mut Harness<'_, StudioApp>, option: &str) {
    h.get_by_role_and_label(Role::ComboBox, "Rules played with").click();
    h.run();
    h.get_by_label(option).click();
    h.run();
}

#[test]
fn an_imported_tenhou_log_is_checked_by_tenhou_rules_until_the_match_form_says_otherwise() {
    let dir = folder("import");
    let mut h = common::app::open(&dir, &corpus_log(), "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    let text = h.state().text().unwrap();
    assert!(
        text.starts_with("jmjp[1.0]\n(\n  // rules: tenhou (鳳南喰赤; 八段 R2160.39 / "),
        "the import keeps the log's rules:\n{text}"
    );
    assert!(points_warnings(&h).is_empty(), "tenhou's rules: no kiriage, no warning: {:?}", points_warnings(&h));

    // The match form's point rules section (Ctrl+5) shows and changes them.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num5);
    assert!(matches!(h.state().screen(), Screen::Match(_)));
    assert!(
        h.query_by_value(
            "tenhou (double ron, kazoe yakuman, no kiriage, open kans' dora after the discard, pao paid whole)"
        )
        .is_some()
    );
    pick_rules(&mut h, "Not said (judged by the rules of the settings)");
    assert!(!h.state().text().unwrap().contains("// rules:"), "the file no longer names them");
    let w = points_warnings(&h);
    assert_eq!(w.len(), 1, "M League's kiriage makes the 4 han 30 fu a mangan: {w:?}");
    assert!(w[0].contains("4 han 30 fu, mangan"), "{w:?}");

    // Back in the editor, the problems list says which rules the end points fit, and offers no
    // new end points as a fix.
    h.key_press(Key::Escape);
    h.run();
    shortcut(&mut h, Modifiers::COMMAND, Key::E);
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.query_by_label_contains("The end points of 1 frame fit tenhou").is_some());
    assert!(h.query_by_label("Fix").is_none(), "no end points proposed");
    // One undo step brings tenhou's rules back.
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(h.state().text().unwrap().contains("// rules: tenhou"));
    assert!(points_warnings(&h).is_empty());

    // Mahjong Soul's rules, saved and reopened: the file keeps them.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num5);
    pick_rules(
        &mut h,
        "Mahjong Soul (as tenhou, but double yakuman, pao on its own yakuman only, three rons all paid)",
    );
    // Saved as a scorer saves an import: Ctrl+S asks where, the path typed over the one offered.
    let file = dir.join("usual.jmjp");
    h.key_press(Key::Escape);
    h.run();
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    common::app::typed(&mut h, file.to_str().unwrap());
    h.key_press(Key::Enter);
    h.run();
    let saved = std::fs::read_to_string(&file).unwrap();
    drop(h);
    // The preset changes; the log's room and ranks stay as the note.
    assert!(saved.starts_with("jmjp[1.0]\n(\n  // rules: mahjong-soul (鳳南喰赤; 八段 R2160.39 / "), "{saved}");
    let h = common::app::open(&dir, &file, "en-US");
    let doc = h.state().document().unwrap();
    assert_eq!(doc.match_rules(0), jmjp_studio::scoring::RuleOptions::MAHJONG_SOUL);
    assert!(points_warnings(&h).is_empty());
}

#[test]
fn the_rules_choice_reads_in_japanese() {
    let dir = folder("ja");
    let mut h = common::app::open(&dir, &corpus_log(), "ja-JP");
    shortcut(&mut h, Modifiers::COMMAND, Key::Num5);
    assert!(h.query_by_label("対局のルール").is_some());
    assert!(
        h.query_all_by_value("天鳳（ダブロン・数え役満あり・切り上げなし・明槓のカンドラは打牌後・包はツモで全額）")
            .next()
            .is_some()
    );
}
