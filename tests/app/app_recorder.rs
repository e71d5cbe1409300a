//! The live recorder driven through the real UI (egui_kittest): a whole frame recorded with keys
//! and clicks, undo and redo, and a correction reached from the diagnostics list; the file the
//! recorder autosaves is checked as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common;

use common::app::{acts, on_disk, typed};
use common::{RECORDED_FRAME_ACTS, RECORDED_FRAME_HANDS};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jmjp_studio::app::Screen;
use jmjp_studio::app::StudioApp;
use jmjp_studio::document::Document;
use jmjp_studio::document::io;
use jmjp_studio::format::Paifu;
use jmjp_studio::recorder::{Entry, Journal, LiveRecording};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("jmjp-rec-app-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app opened as `jmjp-studio record` (a new match) in English, saving into `dir`.
fn recorder(dir: &Path) -> Harness<'static, StudioApp> {
    common::app::recorder(dir, None, [1400.0, 900.0])
}

fn type_into(h: &mut Harness<'_, StudioApp>, label: &str, value: &str) {
    h.get_all_by_role_and_label(Role::TextInput, label).next().unwrap_or_else(|| panic!("no field {label}")).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.get_all_by_role_and_label(Role::TextInput, label).next().unwrap().type_text(value);
    h.run();
    h.key_press(Key::Tab);
    h.run();
}

/// Types recorder keys with no field focused.
fn keys(h: &mut Harness<'_, StudioApp>, keys: &str) {
    typed(h, keys);
}

/// Opens the settings (Ctrl+,), picks `language` in the choice labelled `label`, and goes back to
/// the recorder (Ctrl+R).
fn switch_language(h: &mut Harness<'_, StudioApp>, label: &str, language: &str) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    h.get_all_by_role_and_label(Role::ComboBox, label).next().unwrap().click();
    h.run();
    h.get_by_label(language).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    h.run();
}

const HAND_FIELDS: [&str; 4] = ["East hand", "South hand", "West hand", "North hand"];

fn deal(h: &mut Harness<'_, StudioApp>) {
    // Palette clicks build a start hand too: they fill the first hand not yet full.
    for t in ["1m", "0p", "uk"] {
        h.get_by_label(t).click();
        h.run();
    }
    let east = h.get_all_by_role_and_label(Role::TextInput, "East hand").next().unwrap();
    assert_eq!(east.accesskit_node().value().as_deref(), Some("1m0p?"));
    type_into(h, "Dora indicator", "9p");
    for (label, hand) in HAND_FIELDS.into_iter().zip(RECORDED_FRAME_HANDS) {
        type_into(h, label, hand);
    }
    assert_eq!(h.query_all_by_label("13 tiles").count(), 4, "the tile count is shown as the hands are typed");
    h.get_by_label_contains("Deal  (Enter)").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
}

#[test]
fn a_whole_frame_is_recorded_with_keys_and_clicks() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    record_to_the_ron(&mut h);
    // The win is scored: the yaku in Japanese and English, the value, and the end points.
    for label in ["S ron on W", "立直", "Riichi", "一発", "Ippatsu", "平和", "Pinfu", "3 han 30 fu  —  3900"] {
        assert!(h.query_by_label(label).is_some(), "{label} is not shown");
    }
    let s = h.get_all_by_role_and_label(Role::TextInput, "S").next().unwrap();
    assert_eq!(s.accesskit_node().value().as_deref(), Some("28900"));
    // The ura indicator 5s shows 6s, which S does not hold: the value stays.
    type_into(&mut h, "Ura indicators", "5s");
    assert!(h.query_by_label("3 han 30 fu  —  3900").is_some());
    // Enter confirms the computed points.
    h.key_press(Key::Enter);
    h.run();

    let text = on_disk(&h);
    assert_eq!(acts(&text), RECORDED_FRAME_ACTS);
    assert!(text.contains("frm[E1-0,0.0,,pfs[25.0,25.0,25.0,25.0],1p6s4pukukukukukukuk,"), "{text}");
    assert!(text.contains("pfe[25.0,28.9,21.1,25.0]"), "{text}");
    assert!(text.contains("(s,hnd[2m3m4m6p7p8p2s3s4s7s8snwnw,9s,])"), "the end hands come from the replay: {text}");
    let check = jmjp_studio::format::parse(&text).unwrap();
    let errors: Vec<_> = jmjp_studio::rules::check(&check.paifu, None)
        .into_iter()
        .filter(|d| d.severity == jmjp_studio::format::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The next frame is offered: S won, so the deal passes to E2 with no honba.
    assert!(h.query_by_label_contains("Deal the frame").is_some());
    let id = h.get_all_by_role_and_label(Role::TextInput, "Frame").next().unwrap();
    assert_eq!(id.accesskit_node().value().as_deref(), Some("E2-0"));
    // Nothing is left in the journal: the file holds everything.
    assert!(h.query_by_label("saved").is_some());
}

#[test]
fn a_file_that_cannot_be_written_is_told_in_the_header_and_the_recording_goes_on() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    deal(&mut h);
    keys(&mut h, "5m ");
    assert!(h.query_by_label("saved").is_some());
    let path = h.state().path().unwrap().to_path_buf();
    let good = std::fs::read(&path).unwrap();
    // A real fault, no root needed: a folder now stands where the file was, so the save's rename
    // over it fails.
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    keys(&mut h, "3p ");
    let told = "not saved: a folder has the file's name; everything is in the journal";
    assert!(h.query_all_by_label_contains(told).count() >= 1, "the header says why and that nothing is lost");
    keys(&mut h, "8p ");
    let journal = Journal::read(&io::journal_path(&path)).unwrap().entries;
    assert_eq!(journal.iter().filter(|e| matches!(e, Entry::Discard(_))).count(), 3, "{journal:?}");
    // The folder goes away: the next entry saves everything.
    std::fs::remove_dir(&path).unwrap();
    keys(&mut h, "6z ");
    assert!(h.query_by_label("saved").is_some());
    assert!(h.query_all_by_label_contains("not saved").next().is_none());
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)", "(s,3p,tg)", "(w,8p,tg)", "(n,gd,tg)"]);
    assert_ne!(std::fs::read(&path).unwrap(), good);
}

#[test]
fn a_second_window_is_not_let_record_a_file_being_recorded() {
    let dir = temp_dir();
    let mut first = recorder(&dir);
    deal(&mut first);
    keys(&mut first, "5m ");
    let path = first.state().path().unwrap().to_path_buf();
    let journal = std::fs::read(io::journal_path(&path)).unwrap();
    // A second window (here a second lock holder: a copy of the program still running, process 1)
    // asked to record the same file.
    let ours = std::fs::read(jmjp_studio::recorder::lock::lock_path(&path)).unwrap();
    let other = r#"{"pid":1,"host":"HOST","since":"2026-11-22 19:00","token":1}"#
        .replace("HOST", &jmjp_studio::recorder::lock::host_name());
    std::fs::write(jmjp_studio::recorder::lock::lock_path(&path), other).unwrap();
    let second = common::app::open_recording(&dir, &path);
    let said: Vec<String> = second
        .query_all_by_label_contains("another copy")
        .map(|n| format!("{:?}", n.accesskit_node().label()))
        .collect();
    assert!(!said.is_empty(), "the second window says why it does not record");
    assert_ne!(second.state().screen(), jmjp_studio::app::Screen::Recorder);
    assert_eq!(std::fs::read(io::journal_path(&path)).unwrap(), journal, "the journal is not touched");
    std::fs::write(jmjp_studio::recorder::lock::lock_path(&path), ours).unwrap();
}

#[test]
fn a_damaged_journal_is_recovered_up_to_the_damage_with_the_keyboard() {
    let dir = temp_dir();
    // A recording that was killed: its file, its journal with line 12 damaged, and its lock.
    let (header, entries) = common::match_of("mjai-reviewer_ranked_game.json");
    let path = dir.join("m.jmjp");
    let mut base = Document::new(Paifu { matches: vec![header] }, false);
    io::save(&mut base, &path, true).unwrap();
    let mut journal = jmjp_studio::recorder::journal::text_of(&base, &entries[..20]).unwrap().into_bytes();
    let line_12 = journal.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(10).unwrap().0 + 1;
    journal[line_12 + 20] ^= 0x01;
    std::fs::write(io::journal_path(&path), journal).unwrap();
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let lock = r#"{"pid":PID,"host":"HOST","since":"2026-11-22 09:00","token":1}"#
        .replace("PID", &dead.to_string())
        .replace("HOST", &jmjp_studio::recorder::lock::host_name());
    std::fs::write(jmjp_studio::recorder::lock::lock_path(&path), lock).unwrap();

    let mut h = common::app::open(&dir, &path, "en-US");
    let told = "Line 12 of the journal is damaged (the checksum does not match (the line was changed or cut)); it and the 9 entries after it are left out.";
    assert!(h.query_by_label_contains(told).is_some(), "the dialog says what is left out");
    // Enter gives the safe answer that has the focus: recover.
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), Screen::Recorder);
    let mut expected = base.clone();
    let mut rec = LiveRecording::in_memory();
    for e in &entries[..10] {
        rec.enter(&mut expected, e.clone()).unwrap();
    }
    assert_eq!(h.state().document().unwrap().paifu(), expected.paifu(), "exactly the entries before the damage");
    let holder = jmjp_studio::recorder::lock::holder(&jmjp_studio::recorder::lock::lock_path(&path)).unwrap();
    assert_eq!(holder.pid, std::process::id(), "the stale lock was taken over");
}

#[test]
fn undo_and_redo_go_through_the_journal() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    deal(&mut h);
    keys(&mut h, "5m ");
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)"]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,)"], "undo takes back the discard only");
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)"]);
    h.get_by_label_contains("Undo").click();
    h.run();
    h.get_by_label_contains("Undo").click();
    h.run();
    assert!(acts(&on_disk(&h)).is_empty());
    let journal = Journal::read(&io::journal_path(h.state().path().unwrap())).unwrap().entries;
    assert_eq!(journal.iter().filter(|e| **e == Entry::Undo).count(), 3, "{journal:?}");
    assert_eq!(journal.iter().filter(|e| **e == Entry::Redo).count(), 1);
}

#[test]
fn an_error_is_shown_kept_in_the_journal_and_corrected_from_the_diagnostics() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    deal(&mut h);
    keys(&mut h, "5m ");
    // S draws 5p and discards 9m, which S does not hold.
    keys(&mut h, "5p9m");
    let problem = "E1-0, act 2: S discards 9m, but S's hand has no 9m";
    assert!(h.query_all_by_label_contains(problem).count() >= 1);
    assert!(
        h.query_by_label_contains(&format!("1 entry only in the journal: fix {problem}")).is_some(),
        "the header says the file lags, and why"
    );
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)", "(s,5p,)"], "the file keeps the last error-free state");
    // In Japanese the same problem is told in Japanese, in the list and in the header.
    switch_language(&mut h, "Language", "日本語");
    let problem_ja =
        "東1局0本場 2 手目：南家が 2 手目で 五筒 をツモした後に 九萬 を切っていますが、手牌に 九萬 がありません";
    assert!(h.query_all_by_label_contains(problem_ja).count() >= 2, "listed and named in the header");
    assert!(h.query_by_label_contains("S discards 9m").is_none(), "no English left");
    switch_language(&mut h, "言語", "English");
    // A click on the problem opens the act for correction.
    let listed = h
        .query_all_by_label_contains(problem)
        .find(|n| !format!("{n:?}").contains("1 entry only"))
        .expect("the problem is listed");
    listed.click();
    h.run();
    type_into(&mut h, "Act", "(s,5p,tg)");
    h.get_by_label("Replace").click();
    h.run();
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)", "(s,5p,tg)"]);
    assert!(h.query_by_label_contains("No problems").is_some());
}

/// Records the shared frame (tests/common) up to S's ron, with keys and clicks.
fn record_to_the_ron(h: &mut Harness<'_, StudioApp>) {
    deal(h);
    assert!(h.query_by_label_contains("E draws").is_some(), "the step expected next is shown");
    // E draws 1m, declares the ankan (K), draws the rinshan tile, enters the kan dora indicator
    // (I, 3p) and discards the rinshan tile as tsumogiri (Space).
    keys(h, "1mk2zi3p ");
    // S's draw is a click on the palette; then tsumogiri.
    h.get_by_label("5p").click();
    h.run();
    keys(h, " ");
    // W pons the 5p (the only seat that can) by the button, discards 8m; N chis (C), discards 1p.
    h.get_by_label_contains("Pon").click();
    h.run();
    keys(h, "8mc1p");
    // E draws and discards by tsumogiri; S draws, declares riichi (R) with its draw; W discards
    // 9s and S rons (N).
    keys(h, "3z 6zr6z7z9sn");
    assert!(h.query_by_label_contains("Win: confirm").is_some());
}

#[test]
fn the_computed_end_points_follow_the_ura_dora_and_can_be_overridden() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    record_to_the_ron(&mut h);
    // 3s shows 4s, which S holds: 4 han 30 fu, a mangan under M League rules (kiriage).
    type_into(&mut h, "Ura indicators", "3s");
    assert!(h.query_by_label("裏ドラ").is_some() && h.query_by_label("Ura dora").is_some());
    assert!(h.query_by_label("4 han 30 fu, mangan  —  8000").is_some());
    let s = h.get_all_by_role_and_label(Role::TextInput, "S").next().unwrap();
    assert_eq!(s.accesskit_node().value().as_deref(), Some("33000"));
    // The scorer knows better (say the table played no kiriage): the typed points are kept.
    type_into(&mut h, "S", "32700");
    type_into(&mut h, "W", "17300");
    h.get_by_label_contains("Confirm the end of the frame").click();
    h.run();
    let text = on_disk(&h);
    assert!(text.contains("pfe[25.0,32.7,17.3,25.0]"), "{text}");
    assert!(text.contains("1p4s4pukukukukukukuk"), "the ura indicator 3s is written as its dora 4s: {text}");
    // The override differs from the computed points, so the problems list says both.
    assert!(
        h.query_by_label_contains(
            "the end points (pfe) are 25.0, 32.7, 17.3, 25.0, but the hands and acts give 25.0, 33.0, 17.0, 25.0"
        )
        .is_some()
    );
}

#[test]
fn the_win_is_shown_in_japanese_under_the_rules_chosen_in_the_settings() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    // tenhou rules: no kiriage, so the same hand is 4 han 30 fu, 7700.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Comma);
    h.run();
    h.get_all_by_role_and_label(Role::ComboBox, "Scoring rules").next().unwrap().click();
    h.run();
    h.get_by_label_contains("tenhou (double ron").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::R);
    h.run();
    record_to_the_ron(&mut h);
    switch_language(&mut h, "Language", "日本語");
    type_into(&mut h, "裏ドラ表示牌", "3s");
    for label in ["南家 西家からロン", "立直", "一発", "平和", "裏ドラ", "4 翻 30 符  —  7700点"]
    {
        assert!(h.query_by_label(label).is_some(), "{label} is not shown");
    }
    h.key_press(Key::Enter);
    h.run();
    assert!(on_disk(&h).contains("pfe[25.0,32.7,17.3,25.0]"), "{}", on_disk(&h));
}

/// Shift and a digit as a real keyboard sends it: egui's logical key is the symbol on the key
/// (Shift+1 is "!" on a US or JIS layout), the physical key the digit, and the text "!".
fn shift_digit(h: &mut Harness<'_, StudioApp>, logical: Key, digit: Key, text: &str) {
    let press = |pressed| egui::Event::Key {
        key: logical,
        physical_key: Some(digit),
        pressed,
        repeat: false,
        modifiers: Modifiers::SHIFT,
    };
    h.event(press(true));
    h.event(egui::Event::Text(text.into()));
    h.event(press(false));
    h.run();
}

#[test]
fn shift_and_a_digit_discards_that_tile_of_the_hand() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    deal(&mut h);
    // E holds 1m1m1m9m 2p3p4p9p 5s6s7s EE and draws 5m: Shift+1 discards the first tile, 1m.
    keys(&mut h, "5m");
    shift_digit(&mut h, Key::Exclamationmark, Key::Num1, "!");
    // S holds 2m3m4m 6p7p8p 2s3s4s7s8s NN and draws 5p: Shift+0 discards the tenth, 7s.
    keys(&mut h, "5p");
    shift_digit(&mut h, Key::Num0, Key::Num0, ")");
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,1m)", "(s,5p,7s)"]);
}

/// A tile of a start hand typed wrong shows only when the tile is let go. At the live end the
/// entry just typed is the likeliest mistake: the header asks about it first and F re-types it at
/// once; the start hand is listed as another cause, and its fix is named before it is made (a
/// second press, or Enter), never made silently. Esc keeps the record as it is.
#[test]
fn f_fixes_the_entry_just_typed_and_names_any_other_change_first() {
    let dir = temp_dir();
    let mut h = recorder(&dir);
    // E's 7s typed as 7m.
    let mut hands = RECORDED_FRAME_HANDS;
    hands[0] = "111m234p56s7m9m9p11z";
    type_into(&mut h, "Dora indicator", "9p");
    for (label, hand) in HAND_FIELDS.into_iter().zip(hands) {
        type_into(&mut h, label, hand);
    }
    h.get_by_label_contains("Deal  (Enter)").click();
    h.run();
    h.key_press(Key::Escape);
    h.run();
    // E draws 5m and lets go of its 7s.
    keys(&mut h, "5m7s");
    assert!(h.query_all_by_label_contains("E discards 7s, but E's hand has no 7s").count() >= 1);
    let label = |n: egui_kittest::Node<'_>| n.accesskit_node().value().map(|v| v.to_string()).unwrap_or_default();
    // The entry first, with the tile that fits, and the key that re-types it.
    let first = label(h.get_by_label_contains("F re-types it."));
    assert!(first.starts_with("E holds ") && first.contains(", not 7s: did you mean "), "{first}");
    // The problems list names the same first cause, in its own words.
    let meant = first.split("did you mean ").nth(1).and_then(|m| m.split('?').next()).unwrap().to_string();
    let listed: Vec<String> = h.query_all_by_label_contains("Likely cause: ").map(label).collect();
    assert!(listed.len() == 1 && listed[0].contains(&format!("(fix: (e,5m,{meant}))")), "{listed:?} / {first}");
    // The start hand is another cause, numbered for Alt: its tiles that may have been typed for
    // the 7s on one line.
    let deal_line = label(h.get_by_label_contains("E's start hand held 7s, typed as: "));
    // "..., typed as: Alt+6 7m · Alt+7 6s": the number before 7m.
    let number = deal_line
        .split("Alt+")
        .find_map(|item| item.trim_end_matches(" · ").strip_suffix(" 7m"))
        .unwrap_or_else(|| panic!("{deal_line}"))
        .to_string();
    let digits = [Key::Num1, Key::Num2, Key::Num3, Key::Num4, Key::Num5, Key::Num6, Key::Num7, Key::Num8, Key::Num9];
    let digit = digits[number.parse::<usize>().unwrap() - 1];
    assert!(number != "1", "the entry comes first");
    // Alt and its number names the change; nothing changes yet. Esc drops it.
    h.key_press_modifiers(Modifiers::ALT, digit);
    h.run();
    let named = "this changes more than the entry just typed. F again or Enter makes it";
    assert!(h.query_by_label_contains(named).is_some());
    let typed_hand = "(e,hnd[1m1m1m7m9m2p3p4p9p5s6sewew,,])";
    assert!(h.state().text().unwrap().contains(typed_hand), "the start hand is as typed");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label_contains(named).is_none());
    assert!(h.query_by_label_contains("F re-types it.").is_some(), "Esc keeps the causes listed");
    // Named again, then F (what the line says) or Enter makes that fix, not the entry's: one
    // entry of the journal, one undo step.
    for confirm in [Key::F, Key::Enter] {
        h.key_press_modifiers(Modifiers::ALT, digit);
        h.run();
        assert!(h.query_by_label_contains(named).is_some(), "named again");
        if confirm == Key::F {
            keys(&mut h, "f");
        } else {
            h.key_press(confirm);
            h.run();
        }
        let header: Vec<String> = h.query_all_by_label_contains("Alt+").map(label).collect();
        assert!(h.query_by_label_contains("No problems").is_some(), "{header:?}\n{}", h.state().text().unwrap());
        let text = on_disk(&h);
        assert_eq!(acts(&text), ["(e,5m,7s)"], "{confirm:?}");
        assert!(text.contains("(e,hnd[1m1m1m9m2p3p4p9p5s6s7sewew,,])"), "{text}");
        let journal = Journal::read(&io::journal_path(h.state().path().unwrap())).unwrap().entries;
        assert!(
            journal.iter().any(|e| matches!(e, Entry::Fix { .. })),
            "the fix is an entry of the journal: {journal:?}"
        );
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run();
        assert!(h.query_by_label_contains("F re-types it.").is_some());
    }
    // F makes the entry as the header asked: the start hand stays as typed.
    keys(&mut h, "f");
    assert!(h.query_by_label_contains("No problems").is_some());
    let text = on_disk(&h);
    assert_eq!(acts(&text), [format!("(e,5m,{meant})")]);
    assert!(text.contains(typed_hand), "{text}");
}

#[test]
fn why_the_file_is_not_saved_wraps_in_a_narrow_window_instead_of_being_cut() {
    let dir = temp_dir();
    let mut h = common::app::recorder(&dir, None, [700.0, 800.0]);
    deal(&mut h);
    keys(&mut h, "5m ");
    let path = h.state().path().unwrap().to_path_buf();
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    keys(&mut h, "3p ");
    let told = "not saved: a folder has the file's name; everything is in the journal";
    // The header's line (the status bar says it too, at the bottom).
    let said =
        h.query_all_by_label_contains(told).map(|n| n.rect()).min_by(|a, b| a.min.y.total_cmp(&b.min.y)).unwrap();
    let side = h.get_by_label("Frame flow").rect();
    assert!(said.max.x <= side.min.x, "the whole line is left of the side panel: {said:?}, {side:?}");
    // Too long for one line at this width: on two, not cut short.
    assert!(said.height() > 24.0, "wrapped onto a second line: {said:?}");
    std::fs::remove_dir(&path).unwrap();
}
