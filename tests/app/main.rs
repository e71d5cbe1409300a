//! The window's tests, one binary: the app driven through its real UI with egui_kittest
//! (widgets found by label, keys pressed, the document asserted). Built only with the `gui`
//! feature, and not for Windows (the window is started under Wine by the Windows checks).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "../common/mod.rs"]
mod common;

mod app_compare;
mod app_double_live;
mod app_editor;
mod app_editor_keys;
mod app_feed;
mod app_forms;
mod app_forms_keys;
mod app_help;
mod app_language;
mod app_on_air;
mod app_open;
mod app_recorder;
mod app_recorder_ai;
mod app_recorder_keys;
mod app_roster;
mod app_rules;
mod app_rules_desk;
mod app_season_stats;
mod app_standings;
mod app_video;
