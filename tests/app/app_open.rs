//! What a file manager does: `jmjp-studio FILE` opens a `.jmjp` file in the editor and imports a
//! tenhou.net/6 or mjai log, the way File > Open and File > Import do; the window has its icon.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::common;

use egui_kittest::kittest::Queryable;
use jmjp_studio::app::Screen;
use jmjp_studio::cli::{GuiRequest, gui_request};
use jmjp_studio::format;
use jmjp_studio::interop::{self, Format, tenhou6};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-open-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn corpus_log() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_west.json")
}

/// The corpus game as canonical `.jmjp` text.
fn real_game() -> String {
    format::write(&tenhou6::import(&std::fs::read_to_string(corpus_log()).unwrap()).unwrap())
}

/// The window the command line `jmjp-studio ARGS...` asks for.
fn request(args: &[&OsString]) -> Option<GuiRequest> {
    let mut all = vec![OsString::from("jmjp-studio")];
    all.extend(args.iter().map(|a| (*a).clone()));
    gui_request(&all)
}

#[test]
fn a_jmjp_file_named_alone_opens_in_the_editor() {
    let dir = folder("jmjp");
    let file = dir.join("game.jmjp");
    std::fs::write(&file, real_game()).unwrap();
    let req = request(&[&file.clone().into_os_string()]).expect("a file name alone opens the window");
    assert_eq!(req, GuiRequest { open: Some(file.clone()), record: false });

    let h = common::app::open(&dir, req.open.as_deref().unwrap(), "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert_eq!(h.state().path(), Some(file.as_path()), "the editor works on the file itself");
    assert!(!h.state().document().unwrap().is_dirty());
    assert!(h.state().text().unwrap() == real_game());
}

#[test]
fn a_tenhou_log_named_alone_is_imported_into_an_unsaved_paifu() {
    let dir = folder("tenhou6");
    let log = corpus_log();
    let req = request(&[&log.clone().into_os_string()]).unwrap();
    let h = common::app::open(&dir, req.open.as_deref().unwrap(), "ja-JP");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().text().unwrap() == real_game(), "the log imported as File > Import reads it");
    assert_eq!(h.state().path(), None, "the log itself is never written over");
    assert!(h.state().document().unwrap().is_dirty(), "the import is new work to save");
    assert!(h.query_by_label_contains("取り込みました").is_some(), "the import is told, in Japanese");
}

#[test]
fn an_mjai_log_is_told_by_its_content_whatever_its_name() {
    let dir = folder("mjai");
    let paifu = tenhou6::import(&std::fs::read_to_string(corpus_log()).unwrap()).unwrap();
    // A name that says nothing: the content tells the format.
    let log = dir.join("downloaded.txt");
    std::fs::write(&log, interop::export(Format::Mjai, &paifu).unwrap()).unwrap();
    let h = common::app::open(&dir, &log, "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.query_by_label_contains("Imported").is_some());
    let doc = h.state().document().unwrap();
    let frames: usize = doc.paifu().matches.iter().map(|m| m.frames.len()).sum();
    assert_eq!(frames, paifu.matches[0].frames.len());
    assert_eq!(h.state().path(), None);
}

#[test]
fn a_damaged_log_is_refused_with_its_position_and_nothing_opens() {
    let dir = folder("damaged");
    let log = dir.join("game.json");
    let text = std::fs::read_to_string(corpus_log()).unwrap();
    std::fs::write(&log, &text[..text.len() / 2]).unwrap();
    let h = common::app::open(&dir, &log, "en-US");
    assert_eq!(h.state().screen(), Screen::Start);
    assert!(h.state().document().is_none());
    let (notice, warning) = h.state().notice().unwrap();
    assert!(warning && notice.contains("game.json"), "{notice}");
}

#[test]
fn subcommands_and_options_are_never_taken_for_files() {
    let dir = folder("words");
    // A file called `check` in the folder does not turn `jmjp-studio check` into opening it.
    std::fs::write(dir.join("check"), "").unwrap();
    for word in ["check", "fmt", "help", "--version", "--help", "-V"] {
        assert_eq!(request(&[&OsString::from(word)]), None, "{word}");
    }
    assert_eq!(request(&[]), Some(GuiRequest { open: None, record: false }));
    let edit = request(&[&OsString::from("edit"), &OsString::from("a.json")]).unwrap();
    assert_eq!(edit.open, Some(PathBuf::from("a.json")), "edit FILE opens the same way");
}

#[test]
fn the_window_has_the_application_icon() {
    let icon = jmjp_studio::ui::window::icon().expect("the embedded icon decodes");
    assert_eq!((icon.width, icon.height), (256, 256));
    // The tile's red 中 is in the middle of the icon: not a blank square.
    let at = |x: usize, y: usize| &icon.rgba[(y * 256 + x) * 4..(y * 256 + x) * 4 + 4];
    let centre = at(128, 100);
    assert!(centre[0] > 150 && centre[1] < 80 && centre[3] == 255, "{centre:?}");
}

/// tenhou's mjlog as tenhou serves it (gzip, a name that says nothing) opens as an import, the
/// same record its XML gives; one cut short opens its complete frames with a warning saying what
/// was left out; the official M League page opens as the league's record.
#[test]
fn an_mjlog_and_the_official_m_league_page_open_as_imports() {
    use std::io::Write;
    let dir = folder("mjlog");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let xml = std::fs::read_to_string(fixtures.join("mjlog/west.xml")).unwrap();
    let served = dir.join("2026112701gm-0089-0000-1a2b3c4d");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(xml.as_bytes()).unwrap();
    std::fs::write(&served, gz.finish().unwrap()).unwrap();
    let h = common::app::open(&dir, &served, "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().text().unwrap() == format::write(&interop::import(Format::Mjlog, &xml).unwrap()));
    assert!(h.query_by_label_contains("(mjlog, 18 frames)").is_some());
    assert_eq!(h.state().path(), None, "the log itself is never written over");
    drop(h);

    let cut = dir.join("cut.xml");
    std::fs::write(&cut, &xml[..3000]).unwrap();
    let h = common::app::open(&dir, &cut, "ja-JP");
    assert_eq!(h.state().screen(), Screen::Editor);
    let (notice, warning) = h.state().notice().unwrap();
    assert!(warning && notice.contains("途中で終わっています"), "{notice}");
    drop(h);

    let h = common::app::open(&dir, &fixtures.join("mleague/match.html"), "en-US");
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(h.state().text().unwrap() == std::fs::read_to_string(fixtures.join("mleague/typed.jmjp")).unwrap());
}

#[test]
fn the_start_screen_offers_to_recover_only_a_recording_cut_short() {
    use jmjp_studio::document::{Document, io::journal_path};
    use jmjp_studio::recorder::journal;
    // The autosave folder: a recording ended cleanly (no journal left) and one cut short (its
    // journal holds 20 entries its file does not).
    let dir = folder("start-recover");
    let autosave = dir.join("recordings");
    std::fs::create_dir_all(&autosave).unwrap();
    let (header, entries) = common::match_of("pantheon_four_wind_draw.json");
    let base = Document::new(format::Paifu { matches: vec![header] }, false);
    let (clean, cut) = (autosave.join("ended-cleanly.jmjp"), autosave.join("cut-short.jmjp"));
    for file in [&clean, &cut] {
        std::fs::write(file, format::write(base.paifu())).unwrap();
    }
    std::fs::write(journal_path(&cut), journal::text_of(&base, &entries[..20]).unwrap()).unwrap();
    let settings = dir.join("settings.json");
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {autosave:?}}}"#)).unwrap();
    let options = jmjp_studio::settings::Startup {
        settings_path: Some(settings),
        system_locale: Some("en-US".into()),
        open: None,
        record: false,
        roster_path: None,
    };
    let mut h = egui_kittest::Harness::builder()
        .with_size([1280.0, 860.0])
        .build_eframe(move |cc| jmjp_studio::app::StudioApp::new(cc, options));
    h.run();
    assert_eq!(h.state().screen(), Screen::Start);
    assert!(h.query_by_label("Recordings to recover").is_some());
    assert!(h.query_by_label("cut-short.jmjp").is_some(), "the recording cut short is offered");
    assert!(h.query_by_label("ended-cleanly.jmjp").is_none(), "the one ended cleanly is not");
    std::fs::remove_dir_all(&dir).unwrap();
}
