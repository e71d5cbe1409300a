//! The editor's act box after corrections made by keys alone: the fix of a likely cause (F8, then
//! Ctrl+.), undo and redo, an act taken out and put back; the box shows the act at the position
//! each time, so Replace never undoes what was just corrected.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common;

use common::app::open;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;
use jmjp_studio::format;
use jmjp_studio::interop::tenhou6;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("jmjp-editor-keys-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The corpus's pantheon_west game with act 7 of E1-0, W's tsumogiri of the drawn north, written
/// as a discard of 4p from the hand.
fn planted() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json");
    let game = format::write(&tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap());
    assert!(game.contains("(w,nw,tg)"));
    game.replacen("(w,nw,tg)", "(w,nw,4p)", 1)
}

fn key(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// What the act box shows, found by its label ("Act 7:").
fn act_box(h: &Harness<'_, StudioApp>) -> String {
    let place = h.state().editor_place().unwrap().2;
    let label = format!("Act {place}:");
    h.get_by_role_and_label(Role::TextInput, &label).value().unwrap_or_default()
}

fn acts(h: &Harness<'_, StudioApp>) -> Vec<format::Act> {
    h.state().document().unwrap().frame(0, 0).unwrap().flow.as_ref().unwrap().acts.clone()
}

/// Tab until the act box has the keys (a keyboard user's way into it).
fn tab_to_act_box(h: &mut Harness<'_, StudioApp>) {
    for _ in 0..120 {
        let place = h.state().editor_place().unwrap().2;
        if h.get_by_role_and_label(Role::TextInput, &format!("Act {place}:")).is_focused() {
            return;
        }
        key(h, Modifiers::NONE, Key::Tab);
    }
    panic!("Tab never reached the act box");
}

#[test]
fn the_act_box_follows_every_correction_made_by_keys() {
    let dir = temp_dir();
    let path = dir.join("planted.jmjp");
    std::fs::write(&path, planted()).unwrap();
    let mut h = open(&dir, &path, "en-US");
    let planted = acts(&h);
    // F8 goes to the problem, Ctrl+. makes the fix of its likely cause: the act changed is shown.
    key(&mut h, Modifiers::NONE, Key::F8);
    key(&mut h, Modifiers::COMMAND, Key::Period);
    assert_eq!(h.state().editor_place(), Some((0, 0, 7)));
    assert_eq!(act_box(&h), "(w,nw,tg)", "the box shows the act as fixed");
    let fixed = acts(&h);
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(act_box(&h), "(w,nw,4p)", "undone: the act as it was");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(act_box(&h), "(w,nw,tg)", "redone");
    // Ctrl+Delete takes act 7 out: the box shows act 6, where the editor stands; undone, act 7
    // is back and the box still shows act 6.
    key(&mut h, Modifiers::COMMAND, Key::Delete);
    assert_eq!((h.state().editor_place(), act_box(&h)), (Some((0, 0, 6)), "(s,4s,ew)".to_string()));
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(acts(&h) == fixed);
    assert_eq!(act_box(&h), "(s,4s,ew)");
    key(&mut h, Modifiers::NONE, Key::ArrowRight);
    assert_eq!(act_box(&h), "(w,nw,tg)");

    // The same with the keys in the box (Tab took them there): F8 and Ctrl+. work in it, and
    // while nothing is typed in it, Ctrl+Z and Ctrl+Shift+Z undo and redo the record.
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(acts(&h) == planted, "the planted mistake is back");
    key(&mut h, Modifiers::NONE, Key::End);
    tab_to_act_box(&mut h);
    key(&mut h, Modifiers::NONE, Key::F8);
    key(&mut h, Modifiers::COMMAND, Key::Period);
    assert_eq!(act_box(&h), "(w,nw,tg)", "the box in focus shows the act as fixed");
    key(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(acts(&h) == planted, "Ctrl+Z in the box undid the fix");
    assert_eq!(act_box(&h), "(w,nw,4p)", "and the box shows the act as it was, not another act");
    key(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert!(acts(&h) == fixed, "Ctrl+Shift+Z in the box redid it");
    assert_eq!(act_box(&h), "(w,nw,tg)");
    // Enter (Replace) now keeps the correction.
    key(&mut h, Modifiers::NONE, Key::Enter);
    h.run();
    assert!(acts(&h) == fixed, "Replace did not undo the fix");
    std::fs::remove_dir_all(&dir).unwrap();
}
