//! The recorder with the keyboard only (egui_kittest; no pointer event anywhere in this file): a
//! whole frame dealt, recorded, ended with its ura indicator and the next frame dealt; a riichi
//! win with no ura indicator asked about once; tenpai marks by digits at an exhaustive draw;
//! earlier acts corrected by keys; `record FILE` for a file that does not exist yet.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use crate::common;

use common::app::{acts, on_disk, typed};
use common::{RECORDED_FRAME_ACTS, RECORDED_FRAME_HANDS};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jmjp_studio::app::StudioApp;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-rec-keys-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app opened as `jmjp-studio record [FILE]` in English at 1280 × 720, saving into `dir`.
fn recorder(dir: &Path, file: Option<PathBuf>) -> Harness<'static, StudioApp> {
    common::app::recorder(dir, file, [1280.0, 720.0])
}

fn press(h: &mut Harness<'_, StudioApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn focused(h: &Harness<'_, StudioApp>, label: &str) -> bool {
    h.get_all_by_role_and_label(Role::TextInput, label).next().is_some_and(|n| n.is_focused())
}

/// The deal form filled from the keyboard: the focus starts in Dice; Tab goes on; Enter in
/// North's hand deals.
fn deal(h: &mut Harness<'_, StudioApp>, dice: &str, indicator: &str, hands: [&str; 4]) {
    assert!(focused(h, "Dice"), "the deal form has the focus in its dice field");
    typed(h, dice);
    press(h, Key::Tab);
    assert!(focused(h, "Dora indicator"));
    typed(h, indicator);
    for (i, hand) in hands.iter().enumerate() {
        press(h, Key::Tab);
        typed(h, hand);
        if i < 3 {
            assert!(!focused(h, "North hand"));
        }
    }
    assert!(focused(h, "North hand"));
    press(h, Key::Enter);
}

/// The shared frame (tests/common) to S's ron, every act by keys.
fn record_to_the_ron(h: &mut Harness<'_, StudioApp>) {
    deal(h, "3-4", "9p", RECORDED_FRAME_HANDS);
    assert!(h.query_by_label_contains("E draws").is_some(), "dealt");
    // The ankan, rinshan, kan dora, tsumogiri; S's draw and tsumogiri; W's pon (P), discard;
    // N's chi (C), discard; E's draw; S's riichi with its draw; W's discard; S's ron (N).
    typed(h, "1mk2zi3p 5p p8mc1p3z 6zr6z7z9sn");
    assert!(h.query_by_label_contains("Win: confirm").is_some());
}

#[test]
fn a_frame_is_dealt_recorded_ended_and_the_next_dealt_with_keys_only() {
    let dir = temp_dir("whole");
    let mut h = recorder(&dir, None);
    record_to_the_ron(&mut h);
    // A riichi win: the focus went to the ura indicator field by itself.
    assert!(focused(&h, "Ura indicators"), "the ura field has the focus");
    typed(&mut h, "5s");
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert_eq!(acts(&text), RECORDED_FRAME_ACTS);
    assert!(text.contains("frm[E1-0,0.0,3-4,pfs[25.0,25.0,25.0,25.0],1p6s4pukukukukukukuk,"), "{text}");
    assert!(text.contains("pfe[25.0,28.9,21.1,25.0]"), "{text}");
    // The next deal form has the focus: E2-0 is dealt from the keyboard too.
    assert!(h.query_by_label("E2-0").is_some(), "the header names the frame being dealt");
    let hands = ["123m456p789s1122z", "111m222p333s4455z", "456m789p123s6677z", "789m123p456s1234z"];
    // A hand one tile short: Enter says so and the focus stays in North's hand.
    deal(&mut h, "5-6", "1z", [hands[0], hands[1], hands[2], "789m123p456s123z"]);
    assert!(h.query_by_label_contains("N's start hand has 12 tiles").is_some());
    assert!(focused(&h, "North hand"), "the focus stays where it was");
    typed(&mut h, "4z");
    // Ctrl+Enter deals from any field: here from the start points after Tab.
    press(&mut h, Key::Tab);
    assert!(focused(&h, "E"), "Tab goes on to the start points");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Enter);
    h.run();
    let text = on_disk(&h);
    // S (player 1) deals E2: the start points are in seat order, East first.
    assert!(text.contains("frm[E2-0,0.0,5-6,pfs[28.9,21.1,25.0,25.0],swuk"), "{text}");
    assert!(h.query_by_label_contains("E draws").is_some());
}

/// The header counts a riichi stick once the riichi discard has passed without a ron, as the
/// overlay does: not while the tile may still be ronned, from the next act on.
#[test]
fn the_kyoutaku_counts_a_riichi_stick_once_its_discard_passes() {
    let dir = temp_dir("kyoutaku");
    let mut h = recorder(&dir, None);
    deal(&mut h, "3-4", "9p", RECORDED_FRAME_HANDS);
    // To S's riichi with its drawn gd.
    typed(&mut h, "1mk2zi3p 5p p8mc1p3z 6zr6z");
    // The header and the table's centre.
    assert_eq!(h.query_all_by_label_contains("0 honba · kyoutaku 0").count(), 2, "not while it may be ronned");
    assert!(h.query_by_label_contains("kyoutaku 1000").is_none());
    // W draws: the riichi discard passed.
    typed(&mut h, "7z");
    assert_eq!(h.query_all_by_label_contains("0 honba · kyoutaku 1000").count(), 2, "the stick is on the table");
    assert!(h.query_by_label_contains("kyoutaku 0").is_none(), "one number: the header and the table agree");
}

#[test]
fn a_riichi_win_with_no_ura_indicator_is_asked_about_once() {
    let dir = temp_dir("ura");
    let mut h = recorder(&dir, None);
    record_to_the_ron(&mut h);
    assert!(focused(&h, "Ura indicators"));
    press(&mut h, Key::Enter);
    assert!(h.query_by_label_contains("No ura indicator is typed").is_some(), "asked, not written");
    assert!(!on_disk(&h).contains("pfe["));
    assert!(focused(&h, "Ura indicators"), "the focus stays where it was");
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert!(text.contains("pfe[25.0,28.9,21.1,25.0]"), "confirmed the second time: {text}");
    assert!(text.contains("1puk4pukukukukukukuk"), "the ura indicator is left unknown: {text}");
}

#[test]
fn tenpai_marks_at_an_exhaustive_draw_are_digits() {
    let dir = temp_dir("draw");
    let mut h = recorder(&dir, None);
    // S is tenpai (waiting on 5s-8s... or the like); the others hold what they were dealt.
    deal(&mut h, "1-1", "9p", RECORDED_FRAME_HANDS);
    // Seventy draws of unknown tiles, each let go at once: the wall is empty.
    for _ in 0..70 {
        typed(&mut h, "x ");
    }
    typed(&mut h, "d");
    assert!(h.query_by_label_contains("Exhaustive draw: mark tenpai").is_some());
    let mark = |h: &Harness<'_, StudioApp>, label: &str| {
        h.get_all_by_role_and_label(Role::CheckBox, label).next().unwrap().accesskit_node().toggled()
    };
    let before: Vec<_> = ["E (1)", "S (2)", "W (3)", "N (4)"].iter().map(|l| mark(&h, l)).collect();
    // 1 and 3 toggle East's and West's marks; the points follow.
    typed(&mut h, "13");
    let after: Vec<_> = ["E (1)", "S (2)", "W (3)", "N (4)"].iter().map(|l| mark(&h, l)).collect();
    assert_ne!(before[0], after[0]);
    assert_eq!(before[1], after[1]);
    assert_ne!(before[2], after[2]);
    assert_eq!(before[3], after[3]);
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert!(text.contains("pfe["), "the end is confirmed by Enter: {text}");
    assert_eq!(acts(&text).len(), 70);
}

#[test]
fn earlier_acts_are_corrected_by_keys() {
    let dir = temp_dir("correct");
    let mut h = recorder(&dir, None);
    deal(&mut h, "3-4", "9p", RECORDED_FRAME_HANDS);
    // E tsumogiri 5m, S 5p then 7s from the hand, W tsumogiri 3m, N tsumogiri 4p.
    typed(&mut h, "5m 5p7s3m 4p ");
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)", "(s,5p,7s)", "(w,3m,tg)", "(n,4p,tg)"]);
    // Up four times: E's act. A tile makes it a discard of that tile from the hand (2 keys).
    for _ in 0..4 {
        press(&mut h, Key::ArrowUp);
    }
    assert!(h.query_by_label_contains("Correcting act 1 (e,5m,tg)").is_some());
    typed(&mut h, "1m");
    assert_eq!(acts(&on_disk(&h))[0], "(e,5m,1m)");
    assert!(h.query_all_by_value("(e,5m,1m)").next().is_some(), "the Act field shows the act as corrected");
    // Space makes it a tsumogiri again (1 key); one undo step takes that back.
    typed(&mut h, " ");
    assert_eq!(acts(&on_disk(&h))[0], "(e,5m,tg)");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(acts(&on_disk(&h))[0], "(e,5m,1m)");
    typed(&mut h, " ");
    // Down: S's act; R makes its discard a riichi declaration (1 key).
    press(&mut h, Key::ArrowDown);
    typed(&mut h, "r");
    assert_eq!(acts(&on_disk(&h))[1], "(s,5p,rc[7s])");
    typed(&mut h, "r");
    assert_eq!(acts(&on_disk(&h))[1], "(s,5p,7s)");
    // W's act was missed: Delete takes it out (as if never typed), then on N's act O inserts it
    // again: its draw 3m and Space (4 keys).
    press(&mut h, Key::ArrowDown);
    assert!(h.query_by_label_contains("Correcting act 3 (w,3m,tg)").is_some());
    press(&mut h, Key::Delete);
    // The record now has an error (N draws in W's turn), so the file keeps the last good state
    // and the journal the rest; the document has the act taken out.
    assert_eq!(acts(&h.state().text().unwrap()).len(), 3, "removed");
    assert!(h.query_by_label_contains("Correcting act 3 (n,4p,tg)").is_some(), "N's act is selected next");
    typed(&mut h, "o3m ");
    assert_eq!(acts(&on_disk(&h)), ["(e,5m,tg)", "(s,5p,7s)", "(w,3m,tg)", "(n,4p,tg)"]);
    assert!(h.query_by_label_contains("No problems").is_some());
    // W then a tile changes the drawn tile (3 keys); Escape goes back to the live end.
    typed(&mut h, "w6m");
    assert_eq!(acts(&on_disk(&h))[2], "(w,6m,tg)");
    press(&mut h, Key::Escape);
    assert!(h.query_by_label_contains("Correcting").is_none());
    assert!(h.query_by_label_contains("E draws").is_some(), "back at the live end");
    // The live keys record again.
    typed(&mut h, "1z ");
    assert_eq!(acts(&on_disk(&h)).len(), 5);
}

#[test]
fn record_file_that_does_not_exist_starts_a_new_match_in_it() {
    let dir = temp_dir("new-file");
    let file = dir.join("final.jmjp");
    let h = recorder(&dir, Some(file.clone()));
    assert_eq!(h.state().path(), Some(file.as_path()));
    assert!(file.exists(), "the new match is written into FILE at once");
    assert!(h.state().notice().is_none_or(|(_, error)| !error), "{:?}", h.state().notice());
}

#[test]
fn dice_typed_as_two_digits_deal_as_a_pair() {
    let dir = temp_dir("dice");
    let mut h = recorder(&dir, None);
    deal(&mut h, "34", "9p", RECORDED_FRAME_HANDS);
    assert!(h.query_by_label_contains("E draws").is_some(), "dealt");
    assert!(on_disk(&h).contains("frm[E1-0,0.0,3-4,"), "{}", on_disk(&h));
    // Each seat's hand and river has a name a screen reader (and a test) finds it by.
    for seat in ["E", "S", "W", "N"] {
        assert!(h.query_by_label(&format!("{seat} hand")).is_some(), "{seat} hand");
    }
    typed(&mut h, "5m ");
    assert!(h.query_by_label("E river").is_some() && h.query_by_label("S river").is_none());
    // Faces must be 1 to 6: "37" is refused, and the message says how dice are written.
    let dir = temp_dir("dice-bad");
    let mut h = recorder(&dir, None);
    deal(&mut h, "37", "9p", RECORDED_FRAME_HANDS);
    assert!(h.query_by_label_contains("dice are two faces of 1 to 6, written like 3-4 or 34").is_some());
    assert!(h.query_by_label_contains("E draws").is_none(), "not dealt");
}

#[test]
fn at_a_frames_end_the_form_and_the_whole_table_are_in_view() {
    for size in [[1280.0, 720.0], [1920.0, 1080.0]] {
        let dir = temp_dir(&format!("end-{}", size[0]));
        let mut h = common::app::recorder(&dir, None, size);
        record_to_the_ron(&mut h);
        assert!(focused(&h, "Ura indicators"), "the end form is shown, its ura field focused");
        // The form is a bar above the action bar: every seat's hand and river lies above it and
        // inside the window, none hidden behind it or scrolled away.
        let form_top = h.get_all_by_role_and_label(Role::TextInput, "Ura indicators").next().unwrap().rect().min.y;
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size[0], size[1]));
        for seat in ["E", "S", "W", "N"] {
            for part in ["hand", "river"] {
                let label = format!("{seat} {part}");
                let r = h.get_by_label(&label).rect();
                assert!(
                    window.contains_rect(r) && r.max.y < form_top,
                    "{label} at {r:?}, the form at {form_top}, {size:?}"
                );
            }
        }
        for field in ["E", "S", "W", "N"] {
            let r = h.get_all_by_role_and_label(Role::TextInput, field).next().unwrap().rect();
            assert!(window.contains_rect(r), "the end point of {field} at {r:?} is outside the window");
        }
        assert!(window.contains_rect(h.get_by_label_contains("3 han 30 fu").rect()), "the value is in view");
    }
}
