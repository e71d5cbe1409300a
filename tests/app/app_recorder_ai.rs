//! AI players attached to the recorder (egui_kittest): a tiny deterministic command bot at every
//! seat (it discards what it draws); while a frame is recorded with the keyboard its choices show
//! beside the step and in the frame flow, and the agreement per seat after the frame; nothing it
//! sends changes the file.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common;

use common::RECORDED_FRAME_HANDS;
use common::app::{acts, on_disk, typed};
use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;
use jmjp_studio::settings::Startup;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-rec-ai-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `jmjp-studio record` in English with the AI players of `seats` turned on.
fn recorder_with_ai(dir: &Path, seats: [&str; 4]) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    let value = serde_json::json!({
        "autosave_folder": dir.join("recordings"),
        "ai_players": {"on": true, "seats": seats},
    });
    std::fs::write(&settings, value.to_string()).unwrap();
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some("en-US".into()),
        open: None,
        record: true,
        roster_path: None,
    };
    // Each AI's answer wakes the window when it comes: on a busy machine answers come while a
    // key's frames run, so a run may take more than egui_kittest's 4 steps to settle.
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .with_max_steps(64)
        .build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// Runs the app until `label` shows (the AIs answer on threads of their own), at most 10 s.
fn until_shown(h: &mut Harness<'_, StudioApp>, label: &str) {
    for _ in 0..200 {
        if h.query_all_by_label_contains(label).next().is_some() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
        h.run();
    }
    panic!("{label:?} never showed");
}

fn bot() -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bots/tsumogiri_bot.py");
    format!("python3 {}", script.display())
}

fn deal(h: &mut Harness<'_, StudioApp>) {
    typed(h, "3-4");
    for (i, text) in ["9p"].iter().chain(RECORDED_FRAME_HANDS.iter()).enumerate() {
        h.key_press(Key::Tab);
        h.run();
        typed(h, text);
        let _ = i;
    }
    h.key_press(Key::Enter);
    h.run();
}

#[test]
fn the_ai_choices_show_beside_the_step_in_the_flow_and_as_agreement_after_the_frame() {
    let dir = temp_dir("choices");
    let b = bot();
    let mut h = recorder_with_ai(&dir, [&b, &b, &b, &b]);
    deal(&mut h);
    assert!(h.query_by_label_contains("E draws").is_some(), "dealt");
    // E draws 1m: the dealer's AI, asked about its turn, would discard the tile it drew; that
    // shows beside the step while the scorer has not entered the discard.
    typed(&mut h, "1m");
    until_shown(&mut h, "AI: discard 1m");
    // The frame to S's ron, every act by keys (see tests/app/app_recorder_keys.rs): E's ankan.
    typed(&mut h, "k2zi3p 5p p8mc1p3z 6zr6z7z9sn");
    // In the flow: E made a kan where its AI would have discarded the 1m.
    until_shown(&mut h, "AI: discard 1m (differs)");
    assert!(h.query_all_by_label_contains("Win: confirm").next().is_some());
    // S's draw and tsumogiri: the AI would have done the same.
    until_shown(&mut h, "AI: discard 5p (agrees)");
    // The agreement per seat of the frame.
    until_shown(&mut h, "AI agreement this frame");
    assert!(h.query_by_label_contains("AI agreement this frame: East").is_some(), "by seat, East first");
    assert!(h.query_by_label_contains(" · South ").is_some());
    // Nothing the AI said is in the file: the acts are the scorer's, as without AI players.
    assert_eq!(acts(&on_disk(&h)), common::RECORDED_FRAME_ACTS);
}

#[test]
fn an_ai_riichi_and_its_discard_show_as_one_choice() {
    let dir = temp_dir("riichi");
    let b = format!("{} --riichi", bot());
    let mut h = recorder_with_ai(&dir, ["", &b, "", ""]);
    deal(&mut h);
    typed(&mut h, "1mk2zi3p 5p p8mc1p3z 6zr6z7z9sn");
    // S's first draw: the AI would have declared riichi, S let the 5p go.
    until_shown(&mut h, "AI: riichi (differs)");
    // S's riichi on the green dragon: the AI, asked again after it, discards the same tile.
    until_shown(&mut h, "AI: riichi 6z (agrees)");
}

#[test]
fn an_ai_that_cannot_be_started_is_reported_and_the_recording_goes_on() {
    let dir = temp_dir("missing");
    let mut h = recorder_with_ai(&dir, ["/nonexistent/bot", "", "", ""]);
    deal(&mut h);
    until_shown(&mut h, "AI of player 0 failed");
    assert!(h.query_by_label_contains("could not be started").is_some());
    typed(&mut h, "1mk");
    assert_eq!(acts(&on_disk(&h)), ["(e,1m,ak[1m1m1m1m])"], "the entries were made");
}

#[test]
fn ai_players_are_set_per_seat_in_the_settings() {
    use egui::accesskit::Role;
    let dir = temp_dir("settings");
    let settings = dir.join("settings.json");
    let options = Startup {
        settings_path: Some(settings.clone()),
        system_locale: Some("en-US".into()),
        open: None,
        record: false,
        roster_path: None,
    };
    let mut h = Harness::builder().with_size([1400.0, 900.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Comma);
    h.run();
    h.get_by_label("Ask AI players while recording").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "South (ply 1)").focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "South (ply 1)").type_text("python3 'my bot.py");
    h.run();
    // An unclosed quote is said at once.
    assert!(h.query_by_label_contains("player 1: the bot command has an unclosed quote").is_some());
    h.get_by_role_and_label(Role::TextInput, "South (ply 1)").type_text("'");
    h.run();
    assert!(h.query_by_label_contains("unclosed quote").is_none());
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&settings).unwrap()).unwrap();
    assert_eq!(saved["ai_players"]["on"], true);
    assert_eq!(saved["ai_players"]["seats"][1], "python3 'my bot.py'");
    assert_eq!(saved["ai_players"]["seats"][0], "", "the other seats stay off");
}
