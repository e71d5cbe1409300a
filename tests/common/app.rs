//! The app opened on a file through egui_kittest, its settings kept in the test's folder.

use std::path::Path;

use egui_kittest::Harness;
use jmjp_studio::app::StudioApp;
use jmjp_studio::settings::Startup;

/// The app at 1280 x 720 on its start screen in the system locale `locale`, its settings (saving
/// into `dir/recordings`) and roster (and so the teams file) in `dir`.
pub fn started(dir: &Path, locale: &str) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {:?}}}"#, dir.join("recordings"))).unwrap();
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some(locale.into()),
        open: None,
        record: false,
        roster_path: Some(dir.join("roster.json")),
    };
    let mut h = Harness::builder().with_size([1280.0, 720.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// Opens `file` in the app with the system locale `locale`; the settings in `dir` say tenhou
/// scoring rules (the corpus games are tenhou logs) unless `dir` already has settings.
pub fn open(dir: &Path, file: &Path, locale: &str) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    if !settings.exists() {
        std::fs::write(&settings, r#"{"rules": "Tenhou"}"#).unwrap();
    }
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some(locale.into()),
        open: Some(file.to_path_buf()),
        record: false,
        roster_path: None,
    };
    let mut h = Harness::builder()
        .with_size([1280.0, 860.0])
        .with_max_steps(64)
        .build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// The app opened as `jmjp-studio record [FILE]` in English at `size`, saving into `dir`.
pub fn recorder(dir: &Path, file: Option<std::path::PathBuf>, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let h = recording(dir, "settings.json", file, size);
    assert_eq!(h.state().screen(), jmjp_studio::app::Screen::Recorder);
    h
}

/// The app opened as `jmjp-studio record FILE` in English, for a FILE that exists (a second
/// window, with settings of its own): the screen it ends on is whatever the app decided (the
/// recorder, or the editor with a warning).
pub fn open_recording(dir: &Path, file: &Path) -> Harness<'static, StudioApp> {
    recording(dir, "settings-2.json", Some(file.to_path_buf()), [1400.0, 900.0])
}

/// `jmjp-studio record [FILE]` in English, its settings in `dir/settings`, saving into `dir`.
fn recording(
    dir: &Path,
    settings: &str,
    file: Option<std::path::PathBuf>,
    size: [f32; 2],
) -> Harness<'static, StudioApp> {
    let settings = dir.join(settings);
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {:?}}}"#, dir.join("recordings"))).unwrap();
    let options = Startup {
        settings_path: Some(settings),
        system_locale: Some("en-US".into()),
        open: file,
        record: true,
        roster_path: None,
    };
    let mut h = Harness::builder().with_size(size).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// Types `text` one character at a time as a keyboard gives it (a space as the Space key).
pub fn typed(h: &mut Harness<'_, StudioApp>, text: &str) {
    for c in text.chars() {
        if c == ' ' {
            h.key_press(egui::Key::Space);
        } else {
            h.event(egui::Event::Text(c.to_string()));
        }
        h.run();
    }
}

/// The recording's file on disk, as the recorder last wrote it.
pub fn on_disk(h: &Harness<'_, StudioApp>) -> String {
    std::fs::read_to_string(h.state().path().expect("the recording has a file")).unwrap()
}

/// The acts of a `.jmjp` text, one per line as written (without the time the recorder writes
/// after each as a comment).
pub fn acts(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split(" //").next().unwrap_or(l).trim())
        .filter(|l| l.starts_with('(') && l.len() > 1 && !l.contains("hnd["))
        .map(str::to_string)
        .collect()
}

/// The app started in `dir` in `locale`, then File > Standings of `season` by keys: Ctrl+Shift+T,
/// the folder typed over the one offered, Enter.
pub fn standings_by_keys(dir: &Path, season: &Path, locale: &str) -> Harness<'static, StudioApp> {
    use egui::{Key, Modifiers};
    let mut h = started(dir, locale);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::T);
    h.run();
    for c in season.to_str().unwrap().chars() {
        h.event(egui::Event::Text(c.to_string()));
    }
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(h.state().screen(), jmjp_studio::app::Screen::Standings);
    h
}
