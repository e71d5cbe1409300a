//! The app opened on a file through egui_kittest, its settings kept in the test's folder.

use std::path::Path;

use egui_kittest::Harness;
use jmjp_studio::app::{Options, StudioApp};

/// Opens `file` in the app with the system locale `locale`; the settings in `dir` say tenhou
/// scoring rules (the corpus games are tenhou logs) unless `dir` already has settings.
pub fn open(dir: &Path, file: &Path, locale: &str) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    if !settings.exists() {
        std::fs::write(&settings, r#"{"rules": "Tenhou"}"#).unwrap();
    }
    let options = Options {
        settings_path: Some(settings),
        system_locale: Some(locale.into()),
        open: Some(file.to_path_buf()),
        record: false,
    };
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(64)
        .build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}
