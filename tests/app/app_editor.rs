//! The editor driven through the real UI (egui_kittest): a file is opened, a problem is clicked,
//! the act it comes from is corrected, undone and redone, and the saved bytes are compared; a file
//! that does not parse is fixed in the text view; acts are inserted and deleted; a match is split
//! out and merged back.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common;

use common::app::open;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::format::{self, Discard};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::settings::Startup;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("jmjp-editor-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An 18-frame real game (the corpus's pantheon_west log) as canonical `.jmjp` text.
fn real_game() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    let paifu = tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap();
    format::write(&paifu)
}

/// The game with act 7 of E1-0, W's tsumogiri of the drawn north, recorded as a discard of 4p
/// from the hand: the end hands no longer agree with the acts.
fn broken(game: &str) -> String {
    assert!(game.contains("(w,nw,tg)"));
    game.replacen("(w,nw,tg)", "(w,nw,4p)", 1)
}

/// The frames (of the first match) that have problems now, in order.
fn frames_with_problems(h: &Harness<'_, StudioApp>) -> Vec<usize> {
    let doc = h.state().document().unwrap();
    let mut f: Vec<usize> = doc.analysis().diagnostics().iter().filter_map(|d| d.place.frame).collect();
    f.sort_unstable();
    f.dedup();
    f
}

/// The real game with two mistakes planted: a tsumogiri written as a discard from the hand in
/// the first frame, two acts of different seats written the wrong way round in the third.
fn two_planted(game: &str) -> format::Paifu {
    let mut paifu = format::parse(&broken(game)).unwrap().paifu;
    let acts = &mut paifu.matches[0].frames[2].flow.as_mut().unwrap().acts;
    let i = (4..acts.len() - 1).find(|&i| acts[i].seat != acts[i + 1].seat).unwrap();
    acts.swap(i, i + 1);
    paifu
}

/// The real game written to `dir/game.jmjp` and opened in English.
fn open_game(dir: &Path) -> (PathBuf, Harness<'static, StudioApp>) {
    let path = dir.join("game.jmjp");
    std::fs::write(&path, real_game()).unwrap();
    let h = open(dir, &path, "en-US");
    (path, h)
}

fn shortcut(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

fn act(h: &Harness<'_, StudioApp>, frame: usize, n: usize) -> format::Act {
    h.state().document().unwrap().frame(0, frame).unwrap().flow.as_ref().unwrap().acts[n]
}

fn errors(h: &Harness<'_, StudioApp>) -> usize {
    let doc = h.state().document().unwrap();
    jmjp_studio::rules::check(doc.paifu(), None).iter().filter(|d| d.severity == format::Severity::Error).count()
}

#[test]
fn a_problem_is_clicked_corrected_undone_redone_and_saved() {
    let dir = temp_dir();
    let game = real_game();
    let path = dir.join("broken.jmjp");
    // With a byte order mark, as some editors write it.
    std::fs::write(&path, format!("\u{feff}{}", broken(&game))).unwrap();
    let mut h = open(&dir, &path, "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().notice().unwrap().0.contains("byte order mark"));
    assert!(h.query_by_label_contains("Problems (1 error").is_some());

    // Another frame first, then the problem: it leads back to E1-0.
    shortcut(&mut h, Modifiers::NONE, Key::PageDown);
    assert_eq!(h.state().editor_place().unwrap().1, 1);
    h.get_by_label_contains("W's end hand differs from the replay").click();
    h.run();
    let acts = h.state().document().unwrap().frame(0, 0).unwrap().flow.as_ref().unwrap().acts.len();
    assert_eq!(h.state().editor_place(), Some((0, 0, acts)), "at the end of E1-0, where the end hands are");

    // Step back to act 7 in the list and make it a tsumogiri again.
    shortcut(&mut h, Modifiers::NONE, Key::Home);
    h.get_by_label("  7  (w,nw,4p)").click();
    h.run();
    assert_eq!(h.state().editor_place(), Some((0, 0, 7)));
    assert!(h.query_by_label_contains("after act 7 of").is_some());
    h.get_by_label("tsumogiri").click();
    h.run();
    assert_eq!(act(&h, 0, 6).discard, Some(Discard::Tsumogiri));
    assert_eq!(errors(&h), 0);
    assert!(h.query_by_label("No problems").is_some(), "re-validated at once");
    assert!(h.state().document().unwrap().is_dirty());

    // One undo step, one redo step.
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(act(&h, 0, 6).discard, Some(Discard::Tile(format::Tile::from_code(b"4p").unwrap())));
    assert!(h.query_by_label_contains("Problems (1 error").is_some());
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(act(&h, 0, 6).discard, Some(Discard::Tsumogiri));

    // Saved in canonical form, without the byte order mark: the game as it was.
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    let saved = std::fs::read(&path).unwrap();
    assert!(!saved.starts_with(b"\xef\xbb\xbf"), "saved without the byte order mark");
    assert!(String::from_utf8(saved).unwrap() == game, "saved as the game was before the mistake");
    assert!(!h.state().document().unwrap().is_dirty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_replay_steps_with_the_arrow_keys_and_the_buttons() {
    let dir = temp_dir();
    let (_, mut h) = open_game(&dir);
    let end = h.state().editor_place().unwrap().2;
    assert!(end > 30);
    // North declared riichi at act 31 of E1-0: its 1000 is on the table from then on.
    assert!(h.query_by_label("24000").is_some(), "North's points less the riichi stick");
    shortcut(&mut h, Modifiers::NONE, Key::ArrowLeft);
    shortcut(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(h.state().editor_place().unwrap().2, end - 2);
    shortcut(&mut h, Modifiers::NONE, Key::Home);
    assert_eq!(h.state().editor_place().unwrap().2, 0);
    assert!(h.query_by_label_contains("as dealt").is_some());
    assert!(h.query_by_label("24000").is_none(), "no riichi yet at the deal");
    shortcut(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert!(h.query_by_label_contains("after act 1 of").is_some());
    h.get_by_label_contains("End of frame").click();
    h.run();
    assert_eq!(h.state().editor_place().unwrap().2, end);
    // Frames: by key, and by clicking the list.
    shortcut(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert_eq!(h.state().editor_place().unwrap().1, 1);
    h.get_by_label("S1-0").click();
    h.run();
    assert_eq!(h.state().editor_place().unwrap().1, 7);
    shortcut(&mut h, Modifiers::NONE, Key::PageUp);
    assert_eq!(h.state().editor_place().unwrap().1, 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn acts_are_inserted_and_deleted_and_frame_fields_corrected_each_one_undo_step() {
    let dir = temp_dir();
    let game = real_game();
    let (_, mut h) = open_game(&dir);
    let count = |h: &Harness<'_, StudioApp>| {
        h.state().document().unwrap().frame(0, 0).unwrap().flow.as_ref().unwrap().acts.len()
    };
    let n = count(&h);
    shortcut(&mut h, Modifiers::NONE, Key::Home);
    h.get_by_label("  3  (w,4s,nw)").click();
    h.run();
    // Delete act 3 (Ctrl+Delete), then type it back in after act 2 (Ctrl+I).
    shortcut(&mut h, Modifiers::COMMAND, Key::Delete);
    assert_eq!(count(&h), n - 1);
    assert_eq!(h.state().editor_place().unwrap().2, 2);
    assert!(errors(&h) > 0, "the frame is wrong without the act");
    replace_text(&mut h, "Act 2:", "(w, 4s, nw)");
    shortcut(&mut h, Modifiers::COMMAND, Key::I);
    assert_eq!(count(&h), n);
    assert_eq!(h.state().editor_place().unwrap().2, 3);
    assert!(h.state().text().unwrap() == game, "back as it was");
    // A typing mistake is explained and changes nothing.
    replace_text(&mut h, "Act 3:", "(w,4x,nw)");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    assert!(h.query_by_label_contains("column").is_some(), "the error says where");
    assert!(h.state().text().unwrap() == game, "nothing changed");

    // A frame comment, applied with Enter.
    h.get_by_role_and_label(Role::TextInput, "Comment").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Comment").type_text("ura checked on video");
    h.key_press(Key::Enter);
    h.run();
    h.run();
    let comment = h.state().document().unwrap().frame(0, 0).unwrap().comment.clone();
    assert_eq!(comment.and_then(|c| c.native).as_deref(), Some("ura checked on video"));
    // Undo takes back the comment, then the insert, then the delete: three steps.
    h.get_by_role_and_label(Role::TextInput, "Comment").focus();
    h.key_press(Key::Tab);
    h.run();
    for _ in 0..2 {
        shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    }
    assert_eq!(count(&h), n - 1, "undo went back through comment and insert to the delete");
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(h.state().text().unwrap() == game, "back to the file as read");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_does_not_parse_is_fixed_in_the_text_view_and_opened() {
    let dir = temp_dir();
    let game = real_game();
    let path = dir.join("damaged.jmjp");
    std::fs::write(&path, game.replacen("(w,nw,tg)", "(w,nw,t9)", 1)).unwrap();
    let mut h = open(&dir, &path, "en-US");
    assert_eq!(h.state().screen(), Screen::Text);
    let line = game.lines().position(|l| l.contains("(w,nw,tg)")).unwrap() + 1;
    assert!(h.query_by_label_contains(&format!("Line {line}, column")).is_some(), "the error is placed");
    assert!(h.state().document().is_none());
    // Reading it again unchanged keeps the text view.
    shortcut(&mut h, Modifiers::COMMAND, Key::Enter);
    assert_eq!(h.state().screen(), Screen::Text);
    // Fix the text (replace it all, as a paste would) and read it again.
    // The field is taller than the window: focus it rather than click its middle.
    h.get_by_role_and_label(Role::TextInput, "File text").focus();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, "File text").type_text(&game);
    h.run();
    assert!(h.state().text_view() == Some(game.as_str()), "the text view holds the fixed text");
    h.get_by_label_contains("Read the text again").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().document().unwrap().is_dirty(), "the file on disk is still the damaged one");
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    assert!(std::fs::read_to_string(&path).unwrap() == game, "the fixed file is saved");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_is_split_out_and_merged_back_as_one_undo_step() {
    let dir = temp_dir();
    let game = real_game();
    let path = dir.join("game.jmjp");
    std::fs::write(&path, &game).unwrap();
    let mut h = open(&dir, &path, "en-US");
    // Merge the same game in: two matches.
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::O);
    type_path(&mut h, &path);
    h.get_by_label("Open").click();
    h.run();
    h.run();
    let doc = h.state().document().unwrap();
    assert_eq!(doc.paifu().matches.len(), 2);
    assert_eq!(doc.paifu().matches[0], doc.paifu().matches[1]);
    assert!(h.query_by_label_contains("1 match(es) added").is_some());
    // The match list: the second match.
    h.get_by_role_and_label(Role::ComboBox, "Match").click();
    h.run();
    h.get_by_label("2").click();
    h.run();
    assert_eq!(h.state().editor_place().unwrap().0, 1);
    // Split it out to its own file.
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::E);
    let out = dir.join("second.jmjp");
    type_path(&mut h, &out);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    assert!(std::fs::read_to_string(&out).unwrap() == game, "the split file holds that match, unchanged");
    // The merge is one undo step.
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(h.state().text().unwrap() == game, "one match again");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_editor_speaks_japanese() {
    let dir = temp_dir();
    let path = dir.join("broken.jmjp");
    std::fs::write(&path, broken(&real_game())).unwrap();
    // kittest fails on a glyph the fonts lack, so this also proves the Japanese renders.
    let h = open(&dir, &path, "ja-JP");
    assert!(h.query_by_label_contains("問題（エラー 1").is_some());
    assert!(h.query_by_label("局の情報").is_some());
    assert!(h.query_all_by_label_contains("ロン").count() > 3, "results in Japanese");
    // The problems themselves are told in Japanese, and lead where they are.
    let mut h = h;
    h.get_by_label_contains("東1局0本場：西家の終了時の手牌が手順の再生と違います").click();
    h.run();
    assert_eq!(h.state().editor_place().map(|p| p.1), Some(0));
    assert!(h.query_by_label_contains("W's end hand").is_none(), "no English left in the list");
    // A mistyped act is refused in Japanese.
    let acts = h.state().document().unwrap().frame(0, 0).unwrap().flow.as_ref().unwrap().acts.len();
    replace_text(&mut h, &format!("{acts} 手目："), "(w,nw,t9)");
    h.key_press(Key::Enter);
    h.run();
    assert!(h.query_by_label_contains("7 文字目：5m のような打牌か").is_some(), "the act field's error in Japanese");
    // A file that does not parse names the place and the problem in Japanese.
    let damaged = dir.join("damaged.jmjp");
    std::fs::write(&damaged, real_game().replacen("(w,nw,tg)", "(w,nw,t9)", 1)).unwrap();
    let h = open(&dir, &damaged, "ja-JP");
    assert_eq!(h.state().screen(), Screen::Text);
    assert!(h.query_by_label_contains("このファイルは牌譜として読めません。").is_some());
    let told = h.query_all_by_label_contains("打牌なしなら ')'が必要ですが、't9' があります").count();
    assert_eq!(told, 2, "the parse error in Japanese, above the text and in the status bar");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Clicks the field labelled `label`, selects all its text and types `text` in its place.
fn replace_text(h: &mut Harness<'_, StudioApp>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

fn type_path(h: &mut Harness<'_, StudioApp>, path: &Path) {
    replace_text(h, "File path", path.to_str().unwrap());
}

#[test]
fn logs_are_imported_exported_and_the_viewer_address_copied() {
    let dir = temp_dir();
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    let options = Startup {
        settings_path: Some(dir.join("settings.json")),
        system_locale: Some("en-US".into()),
        open: None,
        record: false,
        roster_path: None,
    };
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(64)
        .build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    // File > Import log: the tenhou.net/6 log becomes an unsaved paifu in the editor.
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::I);
    type_path(&mut h, &log);
    h.get_by_label("Open").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().text().unwrap() == real_game(), "the log imported as the converter reads it");
    assert!(h.state().document().unwrap().is_dirty());
    assert!(h.query_by_label_contains("Imported").is_some());

    // Export: a name that is not a log's is refused in the dialog; .json writes tenhou.net/6.
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::X);
    let bad = dir.join("game.txt");
    type_path(&mut h, &bad);
    h.get_by_label("Save").click();
    h.run();
    assert!(h.query_by_label_contains("Name the file .json").is_some());
    assert!(!bad.exists());
    let out = dir.join("game.json");
    type_path(&mut h, &out);
    h.get_by_label("Save").click();
    h.run();
    let back = tenhou6::import(&std::fs::read_to_string(&out).unwrap()).unwrap();
    // The same game, rules comment included (the export keeps it in rule.jmjp).
    assert!(format::write(&back) == real_game(), "the exported log reads back as the same game");
    let mjai = dir.join("game.jsonl");
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::X);
    type_path(&mut h, &mjai);
    h.get_by_label("Save").click();
    h.run();
    assert!(std::fs::read_to_string(&mjai).unwrap().starts_with("{\"type\":\"start_game\""));

    // The viewer address goes to the clipboard.
    // One event per step, so the step's output is the one that copied.
    h.event(egui::Event::Key {
        key: Key::U,
        pressed: true,
        modifiers: Modifiers::COMMAND | Modifiers::SHIFT,
        repeat: false,
        physical_key: None,
    });
    h.step();
    let copied = copied_text(&h);
    assert!(copied.iter().any(|t| t.starts_with("https://tenhou.net/6/#json=")), "{copied:?} {:?}", h.state().notice());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_seat_is_copied_as_mpsz_from_the_table() {
    let dir = temp_dir();
    let (_, mut h) = open_game(&dir);
    // At the end of E1-0, West has won by tsumo on 3s.
    h.get_all_by_label("MPSZ").nth(2).unwrap().click();
    h.run();
    h.get_by_label("Copy hand").click();
    h.step();
    let copied = copied_text(&h);
    assert_eq!(copied, vec!["22456p22224888s 3s".to_string()], "W's winning hand, the tsumo tile apart");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The texts the last step put on the clipboard.
fn copied_text(h: &Harness<'_, StudioApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_problems_list_flags_end_points_the_scoring_rules_do_not_give() {
    // The tenhou game read under M League rules: E4-0's 4 han 30 fu is a mangan there (kiriage),
    // so the recorded 7700 differs from the computed 8000, and the list says both.
    let dir = temp_dir();
    std::fs::write(dir.join("settings.json"), r#"{"rules": "MLeague"}"#).unwrap();
    let path = dir.join("game.jmjp");
    // A file that names no rules is judged by the settings' (this one names tenhou's otherwise).
    let without_rules: String =
        real_game().lines().filter(|l| !l.starts_with("  // rules:")).map(|l| l.to_string() + "\n").collect();
    std::fs::write(&path, without_rules).unwrap();
    let mut h = open(&dir, &path, "en-US");
    let warning =
        "E4-0: the end points (pfe) are 28.6, 1.0, 35.4, 35.0, but the hands and acts give 28.3, 1.0, 35.7, 35.0";
    h.get_by_label_contains(warning).click();
    h.run();
    assert_eq!(h.state().editor_place().map(|p| p.1), Some(6), "the click goes to E4-0");
    assert!(
        h.query_by_label_contains("W ron on E: Riichi 1, Pinfu 1, Dora 1, Ura dora 1; 4 han 30 fu, mangan, 8000")
            .is_some()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 0.0 file says a pon or kan with one tile; which of its tiles were red fives only the replay
/// tells. Opened in the app and saved, the red fives are written out (the one loader upgrades
/// 0.0 files for the app as for the command line); merged into another file, likewise.
#[test]
fn a_v0_file_opened_and_saved_keeps_the_red_fives_of_its_calls() {
    let dir = temp_dir();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dialect");
    let path = dir.join("v0.jmjp");
    std::fs::copy(fixtures.join("v0_match.jmjp"), &path).unwrap();
    let canonical = std::fs::read_to_string(fixtures.join("v0_match.canonical.jmjp")).unwrap();
    let mut h = open(&dir, &path, "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.starts_with("jmjp[1.0]\n"), "{saved}");
    assert!(saved.contains("(s,pn[5m5m],4p)") && saved.contains("pon[0m,5m5m,s]"), "S's pon holds the red 0m: {saved}");
    assert!(saved.contains("ak[0s5s5s5s]"), "N's ankan holds the red 0s: {saved}");
    assert!(saved == canonical, "saved as the converter writes the 0.0 file");

    // File > Add matches from a file: the 0.0 file's red fives come in as well.
    let other = dir.join("other.jmjp");
    std::fs::write(&other, &canonical).unwrap();
    let mut h = open(&dir, &other, "en-US");
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::O);
    type_path(&mut h, &fixtures.join("v0_match.jmjp"));
    h.get_by_label("Open").click();
    h.run();
    let doc = h.state().document().unwrap();
    assert_eq!(doc.paifu().matches.len(), 2);
    assert_eq!(doc.paifu().matches[1], doc.paifu().matches[0], "the merged 0.0 match equals its 1.0 form");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A discard from the hand recorded as a tsumogiri: the problems list names the act where the
/// mistake was made (not only the end hand where it shows), and Fix makes it right as one undo
/// step and goes there.
#[test]
fn the_likely_cause_is_shown_and_fixed_with_one_click() {
    let dir = temp_dir();
    let game = real_game();
    let good = format::parse(&game).unwrap().paifu;
    let acts = &good.matches[0].frames[0].flow.as_ref().unwrap().acts;
    let n = acts
        .iter()
        .position(|a| matches!((a.draw, a.discard), (format::Draw::Tile(x), Some(Discard::Tile(y))) if x != y))
        .unwrap();
    let mut bad = good.clone();
    bad.matches[0].frames[0].flow.as_mut().unwrap().acts[n].discard = Some(Discard::Tsumogiri);
    let path = dir.join("tsumogiri.jmjp");
    std::fs::write(&path, format::write(&bad)).unwrap();
    let mut h = open(&dir, &path, "en-US");
    let cause = format!("Likely cause: act {}, ", n + 1);
    let shown = h.get_by_label_contains(&cause);
    assert!(format!("{shown:?}").contains("from the hand, not the drawn"), "{shown:?}");
    h.get_by_label("Fix").click();
    h.run();
    assert!(h.state().document().unwrap().paifu() == &good, "the fix gives back the game");
    assert_eq!(errors(&h), 0);
    assert_eq!(h.state().editor_place(), Some((0, 0, n + 1)), "the editor shows the act it changed");
    assert!(h.query_by_label_contains("Likely cause").is_none());
    // One undo step.
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(h.state().document().unwrap().paifu() == &bad);
    assert!(h.query_by_label_contains(&cause).is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_whole_path_typed_into_a_path_dialog_replaces_the_folder_it_offers() {
    // As a keyboard user does: Ctrl+Shift+I, then the log's whole path typed at once, Enter.
    let dir = temp_dir();
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    let game = dir.join("game.jmjp");
    std::fs::write(&game, real_game()).unwrap();
    let mut h = open(&dir, &game, "en-US");
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::I);
    let offered = h.get_by_role_and_label(Role::TextInput, "File path").value().unwrap_or_default();
    assert!(!offered.is_empty(), "the dialog offers a folder");
    common::app::typed(&mut h, log.to_str().unwrap());
    assert_eq!(h.get_by_role_and_label(Role::TextInput, "File path").value().as_deref(), log.to_str());
    h.key_press(Key::Enter);
    h.run();
    assert!(h.query_by_label_contains("Imported").is_some(), "the log is imported");
    // A whole path typed after what the dialog offers (End first) still names the file alone:
    // Export (Ctrl+Shift+X) writes there.
    shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::X);
    h.key_press(Key::End);
    h.run();
    let offered = h.get_by_role_and_label(Role::TextInput, "File path").value().unwrap_or_default();
    let out = dir.join("exported.json");
    common::app::typed(&mut h, &format!("/{}", out.display()));
    let typed = h.get_by_role_and_label(Role::TextInput, "File path").value().unwrap_or_default();
    assert!(
        typed.starts_with(&offered) && typed.len() > offered.len(),
        "the folder and the path typed after it: {typed}"
    );
    h.key_press(Key::Enter);
    h.run();
    assert!(out.exists(), "written at the whole path typed: {typed}");
    assert!(h.query_by_role_and_label(Role::TextInput, "File path").is_none(), "the dialog is closed");
}

#[test]
fn three_planted_mistakes_are_corrected_with_f8_and_ctrl_period_alone() {
    // Three kinds in three frames: a tsumogiri written as a discard from the hand (E1-0), two
    // acts written the wrong way round (the third frame), end points typed wrong (the fifth).
    let dir = temp_dir();
    let game = real_game();
    let mut paifu = two_planted(&game);
    let m = &mut paifu.matches[0];
    let pfe = m.frames[4].end_points.as_mut().unwrap();
    pfe.swap(0, 1);
    let path = dir.join("planted.jmjp");
    std::fs::write(&path, format::write(&paifu)).unwrap();
    let mut h = open(&dir, &path, "en-US");
    // (The sixth frame's start points follow the fifth's end points: it shows that mistake too.)
    assert_eq!(frames_with_problems(&h), vec![0, 2, 4, 5], "the planted frames have problems");
    for frame in [0, 2, 4] {
        // F8: the next problem, its frame shown and marked in the list; Ctrl+. applies its cause.
        shortcut(&mut h, Modifiers::NONE, Key::F8);
        assert_eq!(h.state().editor_place().map(|p| p.1), Some(frame), "F8 goes to frame {frame}");
        shortcut(&mut h, Modifiers::COMMAND, Key::Period);
        assert!(!frames_with_problems(&h).contains(&frame), "frame {frame} fixed: {:?}", frames_with_problems(&h));
    }
    assert!(h.query_by_label("No problems").is_some());
    // F8 with nothing left says so; Shift+F8 too.
    shortcut(&mut h, Modifiers::SHIFT, Key::F8);
    assert!(h.query_by_label("No problems to go to").is_some());
    // Each fix was one undo step: three undos bring the planted file back, three redos the fixes.
    for _ in 0..3 {
        shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    }
    assert_eq!(frames_with_problems(&h), vec![0, 2, 4, 5]);
    for _ in 0..3 {
        shortcut(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    }
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    assert!(std::fs::read_to_string(&path).unwrap() == game, "byte for byte the game before planting");
}

#[test]
fn ctrl_period_fixes_the_frame_shown_once_the_editor_moved_on_from_the_problem_f8_went_to() {
    let dir = temp_dir();
    let game = real_game();
    let path = dir.join("two.jmjp");
    std::fs::write(&path, format::write(&two_planted(&game))).unwrap();
    let mut h = open(&dir, &path, "en-US");
    shortcut(&mut h, Modifiers::NONE, Key::F8);
    assert_eq!(h.state().editor_place().map(|p| p.1), Some(0), "the first F8 takes the frame shown's problem");
    // The scorer moves on to the third frame by hand: Ctrl+. is about what is shown now.
    shortcut(&mut h, Modifiers::NONE, Key::PageDown);
    shortcut(&mut h, Modifiers::NONE, Key::PageDown);
    assert_eq!(h.state().editor_place().map(|p| p.1), Some(2));
    shortcut(&mut h, Modifiers::COMMAND, Key::Period);
    assert_eq!(frames_with_problems(&h), vec![0], "the third frame was fixed, not the first");
}
