//! The window's flow of changes (egui_kittest): a subscriber of the open document sees the edits
//! made in the forms and the undo and redo made in the editor while a recording is open, each
//! once, with growing sequence numbers and the record as it stands.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::time::Duration;

use crate::common;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::document::{Subscription, Update, UpdateKind};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-feed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shortcut(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// Every update waiting now.
fn drain(sub: &Subscription) -> Vec<Update> {
    std::iter::from_fn(|| sub.recv_timeout(Duration::from_millis(100))).collect()
}

#[test]
fn form_and_editor_changes_during_a_recording_are_published_in_order() {
    let dir = temp_dir("forms");
    let mut h = common::app::recorder(&dir, None, [1400.0, 900.0]);
    let sub = h.state().document().unwrap().subscribe().expect("the open document publishes");
    let joined = drain(&sub);
    assert_eq!(joined.len(), 1);
    assert_eq!(joined[0].kind, UpdateKind::Joined);
    let start = joined[0].seq;

    // The scorer leaves the recorder for the tournament form and types a year.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num1);
    assert_eq!(h.state().screen(), Screen::Match(jmjp_studio::ui::command::Section::Tournament));
    h.get_by_label("Year").click();
    h.run();
    h.get_by_label("Year").type_text("2025");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    let typed = drain(&sub);
    assert!(!typed.is_empty(), "the form edit is published");
    assert!(typed.iter().all(|u| u.kind == UpdateKind::Edit));
    let last = typed.last().unwrap();
    assert_eq!(last.paifu.matches[0].tour.as_ref().and_then(|t| t.year), Some(2025));

    // Then to the editor, where the edit is undone and made again.
    shortcut(&mut h, Modifiers::COMMAND, Key::E);
    assert_eq!(h.state().screen(), Screen::Editor);
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    shortcut(&mut h, Modifiers::COMMAND, Key::Y);
    let undone = drain(&sub);
    assert_eq!(undone.iter().map(|u| u.kind).collect::<Vec<_>>(), [UpdateKind::Undo, UpdateKind::Redo]);
    assert_eq!(undone[0].paifu.matches[0].tour.as_ref().and_then(|t| t.year), None);
    assert_eq!(undone[1].paifu.as_ref(), h.state().document().unwrap().paifu());

    let seqs: Vec<u64> = typed.iter().chain(&undone).map(|u| u.seq).collect();
    assert_eq!(seqs, (start + 1..=start + seqs.len() as u64).collect::<Vec<_>>(), "one number per change, in order");
    assert_eq!(h.state().feed().seq(), *seqs.last().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}
