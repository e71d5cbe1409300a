//! Double entry through the real UI (egui_kittest): two recordings of a real game, each with one
//! mistake of its own, are compared from File > Compare (the path typed and confirmed with
//! Enter); the differences are listed with the consistent side chosen, the keys move between
//! them and change the choices, the check of the result follows, and Save reconciled writes the
//! original game with both recorders, as one undo step.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use crate::common;

use common::app::open;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::format;
use jmjp_studio::interop::tenhou6;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-compare-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The corpus's pantheon_west game as canonical text.
fn real_game() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    format::write(&tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap())
}

/// The game with a recorder after its `mtp` line.
fn with_recorder(game: &str, name: &str) -> String {
    game.replacen("  mtp[,,,]\n", &format!("  mtp[,,,]\n  rec[(snt[\"{name}\"],),all]\n"), 1)
}

/// Mine: W's tsumogiri at act 7 of E1-0 recorded as a discard of 4p. Theirs: the ura indicator
/// of E2-0 (2s, under E's riichi win) left out.
fn recordings(dir: &Path) -> (PathBuf, PathBuf, String) {
    let game = real_game();
    assert!(game.contains("(w,nw,tg)") && game.contains("6m2sukuk"));
    let mine = dir.join("mine.jmjp");
    let theirs = dir.join("theirs.jmjp");
    std::fs::write(&mine, with_recorder(&game, "田中").replacen("(w,nw,tg)", "(w,nw,4p)", 1)).unwrap();
    std::fs::write(&theirs, with_recorder(&game, "鈴木").replacen("6m2sukuk", "6mukukuk", 1)).unwrap();
    (mine, theirs, game)
}

fn key(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// File > Compare, the path typed in the field labelled `field`, Enter.
fn compare_with(h: &mut Harness<'_, StudioApp>, theirs: &Path, field: &str) {
    key(h, Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    h.get_by_role_and_label(Role::TextInput, field).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, field).type_text(theirs.to_str().unwrap());
    h.run();
    key(h, Modifiers::NONE, Key::Enter);
}

const ACT: &str = "E1-0 act 7: (w,nw,4p) in A, (w,nw,tg) in B (B is consistent)";
const URA: &str = "E2-0 the ura indicator: 2s in A, none in B (A is consistent)";

#[test]
fn two_recordings_are_compared_chosen_and_saved_reconciled() {
    let dir = temp_dir("flow");
    let (mine, theirs, game) = recordings(&dir);
    let mut h = open(&dir, &mine, "en-US");
    compare_with(&mut h, &theirs, "File path");
    assert_eq!(h.state().screen(), Screen::Compare, "Enter in the path dialog opens the compare screen");
    // F1 opens the guide where comparing is told (the browser's seam records the address).
    let opened = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let seen = std::sync::Arc::clone(&opened);
    let guide = dir.join("guide");
    std::fs::create_dir_all(&guide).unwrap();
    std::fs::write(guide.join("index.html"), "<html></html>").unwrap();
    h.state_mut().set_help(jmjp_studio::ui::help::Help::new(
        Some(guide),
        Box::new(move |url: &str| {
            seen.lock().unwrap().push(url.to_string());
            Ok(())
        }),
    ));
    key(&mut h, Modifiers::NONE, Key::F1);
    let urls = opened.lock().unwrap().clone();
    assert!(urls.len() == 1 && urls[0].ends_with("double-entry.html#two-recordings-compared"), "{urls:?}");
    assert_eq!(h.state().screen(), Screen::Compare, "F1 leaves the screen as it is");
    assert!(h.query_by_label(ACT).is_some() && h.query_by_label(URA).is_some());
    assert!(h.query_by_label_contains("2 difference(s); 1 taken from theirs").is_some());
    assert!(h.query_by_label_contains("The reconciled record checks with no errors").is_some());
    // Both tables at the first difference, each with its act.
    assert!(h.query_by_label("(w,nw,4p)").is_some() && h.query_by_label("(w,nw,tg)").is_some());
    assert!(h.query_by_label("Theirs (B) — chosen").is_some());
    // Keeping mine at act 7 leaves the end hand error; the check says so at once.
    key(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert!(h.query_by_label_contains("0 taken from theirs").is_some());
    assert!(h.query_by_label_contains("1 error(s) left in the reconciled record").is_some());
    assert!(h.query_by_label_contains("W's end hand differs from the replay").is_some());
    key(&mut h, Modifiers::NONE, Key::B);
    assert!(h.query_by_label_contains("1 taken from theirs").is_some());
    // Down shows the ura indicator; mine (A) is chosen there. Taking theirs and keeping mine again.
    key(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert!(h.query_by_label("Mine (A) — chosen").is_some() && h.query_by_label("2s").is_some());
    key(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert!(h.query_by_label_contains("2 taken from theirs").is_some());
    key(&mut h, Modifiers::NONE, Key::A);
    assert!(h.query_by_label_contains("1 taken from theirs").is_some());
    // Save reconciled: the document is the original game with both recorders, saved and checked.
    key(&mut h, Modifiers::COMMAND, Key::Enter);
    assert_eq!(h.state().screen(), Screen::Editor);
    let want =
        game.replacen("  mtp[,,,]\n", "  mtp[,,,]\n  rec[(snt[\"田中\"],),all]\n  rec[(snt[\"鈴木\"],),all]\n", 1);
    assert!(std::fs::read_to_string(&mine).unwrap() == want, "the saved file is the game, both recorders credited");
    assert!(h.state().notice().unwrap().0.starts_with("Reconciled: 1 of 2 differences taken from theirs"));
    assert!(h.state().document().unwrap().analysis().errors() == 0);
    // One undo step takes the whole reconciliation back.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    let back = h.state().text().unwrap();
    assert!(back.contains("(w,nw,4p)") && !back.contains("鈴木"), "undone in one step");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn back_leaves_the_document_alone_and_the_screen_reads_in_japanese() {
    let dir = temp_dir("back");
    let (mine, theirs, _) = recordings(&dir);
    let before = std::fs::read_to_string(&mine).unwrap();
    // kittest fails on a glyph the fonts lack, so this also proves the Japanese renders.
    let mut h = open(&dir, &mine, "ja-JP");
    compare_with(&mut h, &theirs, "ファイルのパス");
    assert_eq!(h.state().screen(), Screen::Compare);
    assert!(h.query_by_label("東1局0本場 7 手目：A は (w,nw,4p)、B は (w,nw,tg)（B が整合）").is_some());
    assert!(h.query_by_label("東2局0本場 裏ドラ表示牌：A は 2s、B は なし（A が整合）").is_some());
    assert!(h.query_by_label_contains("照合した記録にエラーはありません").is_some());
    h.get_by_label("戻る").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(!h.state().document().unwrap().is_dirty());
    assert!(std::fs::read_to_string(&mine).unwrap() == before);
    std::fs::remove_dir_all(&dir).unwrap();
}
