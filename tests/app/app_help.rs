//! Help (issue 50): F1 opens the user guide at the chapter of the screen shown, by keys alone,
//! through the browser's seam (the addresses asked for are recorded, no browser starts); with no
//! guide the status line says how to build it; the menu says in Japanese that the guide is
//! English; Shift+F1 shows About (the version, the licences) and Escape closes it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::ui::help::Help;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-help-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app in `locale` at 1280 x 720, its settings in `dir`, the guide looked for in `guide`, and
/// the addresses the browser is asked to open.
fn harness(dir: &Path, locale: &str, guide: Option<PathBuf>) -> (Harness<'static, StudioApp>, Arc<Mutex<Vec<String>>>) {
    let mut h = crate::common::app::started(dir, locale);
    let opened = Arc::new(Mutex::new(Vec::new()));
    let seen = opened.clone();
    h.state_mut().set_help(Help::new(
        guide,
        Box::new(move |url: &str| {
            seen.lock().unwrap().push(url.to_string());
            Ok(())
        }),
    ));
    h.run();
    (h, opened)
}

fn press(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// F1 on the screen shown: the address the browser was asked for.
fn f1(h: &mut Harness<'_, StudioApp>, opened: &Arc<Mutex<Vec<String>>>) -> String {
    let before = opened.lock().unwrap().len();
    press(h, Modifiers::NONE, Key::F1);
    let urls = opened.lock().unwrap();
    assert_eq!(urls.len(), before + 1, "F1 asks the browser once on {:?}", h.state().screen());
    urls.last().cloned().unwrap()
}

/// A guide as mdBook builds it: its index and the chapters F1 opens.
fn guide(dir: &Path) -> PathBuf {
    let guide = dir.join("guide folder");
    std::fs::create_dir_all(&guide).unwrap();
    for page in ["index.html", "app.html", "forms.html", "recording.html", "correcting.html", "double-entry.html"] {
        std::fs::write(guide.join(page), "<html></html>").unwrap();
    }
    guide
}

#[test]
fn f1_opens_the_chapter_of_the_screen_shown() {
    let dir = temp_dir("chapters");
    let guide = guide(&dir);
    let (mut h, opened) = harness(&dir, "en-US", Some(guide.clone()));
    let base = format!("file://{}/", guide.display().to_string().replace(' ', "%20"));

    assert_eq!(h.state().screen(), Screen::Start);
    assert_eq!(f1(&mut h, &opened), format!("{base}app.html"));
    assert!(h.state().notice().is_some_and(|(t, e)| !e && t.contains("app.html")), "{:?}", h.state().notice());

    // A new match opens on its forms (Ctrl+N).
    press(&mut h, Modifiers::COMMAND, Key::N);
    assert!(matches!(h.state().screen(), Screen::Match(_)));
    assert_eq!(f1(&mut h, &opened), format!("{base}forms.html"));

    // The recorder (Ctrl+R), then Escape out of the deal form's field: F1 is read there too.
    press(&mut h, Modifiers::COMMAND, Key::R);
    assert_eq!(h.state().screen(), Screen::Recorder);
    assert_eq!(f1(&mut h, &opened), format!("{base}recording.html"));
    press(&mut h, Modifiers::NONE, Key::Escape);
    assert_eq!(f1(&mut h, &opened), format!("{base}recording.html"));

    // The editor (Ctrl+E) and the settings (Ctrl+,) at their sections.
    press(&mut h, Modifiers::COMMAND, Key::E);
    assert_eq!(h.state().screen(), Screen::Editor);
    assert_eq!(f1(&mut h, &opened), format!("{base}correcting.html#the-editor"));
    press(&mut h, Modifiers::COMMAND, Key::Comma);
    assert_eq!(h.state().screen(), Screen::Settings);
    assert_eq!(f1(&mut h, &opened), format!("{base}app.html#settings-and-languages"));

    // A file that does not parse opens as text.
    press(&mut h, Modifiers::COMMAND, Key::W);
    let broken = dir.join("broken.jmjp");
    std::fs::write(&broken, "jmjp[1.0](mtp[2023").unwrap();
    h.state_mut().open_any(&broken);
    h.run();
    assert_eq!(h.state().screen(), Screen::Text);
    assert_eq!(f1(&mut h, &opened), format!("{base}app.html#saving"));
}

#[test]
fn with_no_guide_f1_says_how_to_build_it() {
    let dir = temp_dir("none");
    let (mut h, opened) = harness(&dir, "en-US", None);
    press(&mut h, Modifiers::NONE, Key::F1);
    assert!(opened.lock().unwrap().is_empty(), "no browser without a guide");
    let (text, error) = h.state().notice().unwrap();
    assert!(error && text.contains("mdbook build docs"), "{text}");
    assert!(h.query_by_label(text).is_some(), "the status line shows it");
}

#[test]
fn the_help_menu_says_the_guide_is_english_and_about_shows_the_version() {
    let dir = temp_dir("menu");
    let (mut h, _) = harness(&dir, "ja-JP", Some(guide(&dir)));
    h.get_by_label("ヘルプ").click();
    h.run();
    assert!(h.query_by_label_contains("ユーザーガイド（英語）").is_some(), "the menu item says the guide is English");
    press(&mut h, Modifiers::NONE, Key::Escape);

    press(&mut h, Modifiers::SHIFT, Key::F1);
    let version = format!("jmjp スタジオ {}", env!("CARGO_PKG_VERSION"));
    assert!(h.query_by_label_contains(&version).is_some(), "About names the version");
    assert!(h.query_by_label_contains("MIT License").is_some(), "and the licence");
    assert!(h.query_by_label_contains("SIL Open Font License 1.1").is_some(), "and the font's licence");
    press(&mut h, Modifiers::NONE, Key::Escape);
    assert!(h.query_by_label_contains(&version).is_none(), "Escape closes About");
}

/// The guide CI builds (`mdbook build docs`, before `cargo test`) has every section F1 opens.
#[test]
fn the_built_guide_has_the_sections_f1_opens() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/book");
    if !book.join("index.html").is_file() {
        assert!(std::env::var_os("CI").is_none(), "CI builds the guide before the tests: docs/book is missing");
        println!("skipped: docs/book is not built (mdbook build docs)");
        return;
    }
    for chapter in jmjp_studio::ui::help::GuidePage::ALL {
        let (page, anchor) = chapter.page();
        let html = std::fs::read_to_string(book.join(page)).unwrap();
        if let Some(anchor) = anchor {
            assert!(html.contains(&format!("id=\"{anchor}\"")), "{page} has no section {anchor}");
        }
    }
}
