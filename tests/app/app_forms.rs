//! The application shell and the match forms, driven through the real UI (egui_kittest): widgets
//! are found by their labels, clicked and typed into, and the document is checked as text.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::i18n::Lang;
use jmjp_studio::settings::Startup;
use jmjp_studio::ui::command::Section;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A fresh folder for one test.
fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("jmjp-app-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn harness_with(options: Startup) -> Harness<'static, StudioApp> {
    let mut h = Harness::builder().with_size([1280.0, 860.0]).build_eframe(move |cc| StudioApp::new(cc, options));
    h.run();
    h
}

/// The app in English with its settings in `dir`, the autosave folder in `dir` too.
fn harness(dir: &Path) -> Harness<'static, StudioApp> {
    let settings = dir.join("settings.json");
    std::fs::write(&settings, format!(r#"{{"autosave_folder": {:?}}}"#, dir.join("recordings"))).unwrap();
    harness_with(Startup {
        settings_path: Some(settings),
        system_locale: Some("en-US".into()),
        open: None,
        record: false,
        roster_path: None,
    })
}

fn text(h: &Harness<'_, StudioApp>) -> String {
    h.state().text().expect("a document is open")
}

/// Clicks the `nth` field labelled `label`, replaces its text with `value` and presses Tab.
fn type_into(h: &mut Harness<'_, StudioApp>, label: &str, nth: usize, value: &str) {
    field(h, label, nth).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    field(h, label, nth).type_text(value);
    h.run();
    h.key_press(Key::Tab);
    h.run();
}

fn field<'h>(h: &'h Harness<'_, StudioApp>, label: &'h str, nth: usize) -> egui_kittest::Node<'h> {
    h.get_all_by_role_and_label(Role::TextInput, label).nth(nth).unwrap_or_else(|| panic!("no field {label} #{nth}"))
}

/// Opens the `nth` choice labelled `label` and picks `option`.
fn pick(h: &mut Harness<'_, StudioApp>, label: &str, nth: usize, option: &str) {
    h.get_all_by_role_and_label(Role::ComboBox, label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no choice {label} #{nth}"))
        .click();
    h.run();
    h.get_by_label(option).click();
    h.run();
}

fn shortcut(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// Removes keyboard focus from any field, as clicking on empty space does.
fn unfocus(h: &mut Harness<'_, StudioApp>) {
    h.key_press(Key::Escape);
    h.run();
}

fn line_with<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines().map(str::trim).find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no {start} line in\n{text}"))
}

#[test]
fn every_form_filled_through_the_ui_writes_the_exact_text() {
    let dir = temp_dir();
    let mut h = harness(&dir);

    // The scorer's name comes from the settings.
    shortcut(&mut h, Modifiers::COMMAND, Key::Comma);
    assert_eq!(h.state().screen(), Screen::Settings);
    type_into(&mut h, "Last name", 0, "山田");
    type_into(&mut h, "First name", 0, "花子");
    type_into(&mut h, "Last name (romanized)", 0, "Yamada");
    type_into(&mut h, "First name (romanized)", 0, "Hanako");
    h.get_by_label("Back").click();
    h.run();

    h.get_by_label_contains("New match").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Match(Section::Tournament));
    assert!(h.state().document().unwrap().is_dirty());

    // Tournament.
    pick(&mut h, "Tournament", 0, "M League");
    type_into(&mut h, "Year", 0, "2023");
    pick(&mut h, "Stage", 0, "M League Regular Season");
    type_into(&mut h, "Match no. in stage", 0, "12");
    type_into(&mut h, "Match no. in day", 0, "2");
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[mlg,2023,mlg-reg,12,2]");

    // Date and place: the day of the week follows the date.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num2);
    type_into(&mut h, "Date", 0, "2023-10-02");
    type_into(&mut h, "Start time", 0, "19:00");
    pick(&mut h, "Place", 0, "M League Studio (2-1-16 Kaigan, Minato City, Tokyo)");
    assert!(h.query_by_label("Monday").is_some(), "the day of the week is shown");
    assert_eq!(line_with(&text(&h), "mtp["), "mtp[20231002,mon,1900,mlg-std]");

    // Recorders: the scorer is there already; a second one recorded two frames.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num3);
    h.get_by_label("Add recorder").click();
    h.run();
    type_into(&mut h, "Last name", 1, "Sato");
    h.get_all_by_label("All frames").nth(1).unwrap().click();
    h.run();
    type_into(&mut h, "Frames recorded", 0, "E1-0 E2-0");
    let t = text(&h);
    let recs: Vec<&str> = t.lines().map(str::trim).filter(|l| l.starts_with("rec[")).collect();
    assert_eq!(
        recs,
        [r#"rec[(snt["山田"]srm["Yamada"],snt["花子"]srm["Hanako"]),all]"#, r#"rec[(snt["Sato"],),E1-0E2-0]"#]
    );

    // Players: names, team, affiliation, previous points.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num4);
    type_into(&mut h, "Last name", 0, "多井");
    type_into(&mut h, "First name", 0, "隆晴");
    type_into(&mut h, "Last name\n(romanized)", 0, "Oi");
    type_into(&mut h, "First name\n(romanized)", 0, "Takaharu");
    pick(&mut h, "Team", 0, "Shibuya Abemas");
    pick(&mut h, "Affiliation", 0, "Japan Professional Mahjong Association");
    type_into(&mut h, "Previous points\n(personal)", 0, "-52.3");
    type_into(&mut h, "Previous points\n(team)", 0, "120");
    pick(&mut h, "Team", 1, "Custom…");
    type_into(&mut h, "native script", 0, "雀荘チーム");
    pick(&mut h, "Affiliation", 1, "No known affiliation");
    let t = text(&h);
    assert_eq!(
        line_with(&t, "ply[0"),
        r#"ply[0,(snt["多井"]srm["Oi"],snt["隆晴"]srm["Takaharu"]),mlg-abm,prokyoukai,(-52.3,120.0)]"#
    );
    assert_eq!(line_with(&t, "ply[1"), r#"ply[1,,snt["雀荘チーム"],none,]"#);
    assert_eq!(line_with(&t, "ply[3"), "ply[3,,,,]");

    // Point rules: a preset, then one number changed by hand.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num5);
    assert_eq!(line_with(&text(&h), "ptr["), "ptr[25.0,30.0,(30.0,10.0),0.3]", "the default preset");
    pick(&mut h, "Preset", 0, "Tenhou (25.0 / 30.0, uma 20-10)");
    assert_eq!(line_with(&text(&h), "ptr["), "ptr[25.0,30.0,(20.0,10.0),0.3]");
    type_into(&mut h, "Honba value", 0, "0.5");
    assert_eq!(line_with(&text(&h), "ptr["), "ptr[25.0,30.0,(20.0,10.0),0.5]");
    assert!(h.query_by_value("Custom").is_some(), "the preset now shows as custom");

    // Results typed by hand (no frame to compute from).
    shortcut(&mut h, Modifiers::COMMAND, Key::Num6);
    assert!(h.query_by_label_contains("No frame has end points").is_some());
    for (i, v) in ["62.2", "-10.0", "-20.0", "-32.2"].iter().enumerate() {
        type_into(&mut h, "Final points", i, v);
    }
    type_into(&mut h, "New points (personal)", 0, "9.9");
    let t = text(&h);
    assert_eq!(line_with(&t, "pme["), "pme[62.2,-10.0,-20.0,-32.2]");
    assert_eq!(line_with(&t, "ptn["), "ptn[(9.9,),(,),(,),(,)]");

    // The whole file still checks clean.
    let doc = jmjp_studio::format::parse(&t).unwrap();
    assert!(doc.check().iter().all(|d| d.severity != jmjp_studio::format::Severity::Error), "{t}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn invalid_input_shows_the_error_and_writes_nothing_wrong() {
    let dir = temp_dir();
    let mut h = harness(&dir);
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    shortcut(&mut h, Modifiers::COMMAND, Key::Num2);
    type_into(&mut h, "Date", 0, "2024-05-01");
    let before = line_with(&text(&h), "mtp[").to_string();
    assert_eq!(before, "mtp[20240501,wed,,]");
    type_into(&mut h, "Date", 0, "2025-02-31");
    assert!(h.query_by_label("31 February 2025 is not a day of the calendar").is_some());
    assert_eq!(line_with(&text(&h), "mtp["), before, "the last good date stays");
    type_into(&mut h, "Start time", 0, "25:00");
    assert!(h.query_by_label_contains("is not a time").is_some());
    assert_eq!(line_with(&text(&h), "mtp["), before);

    shortcut(&mut h, Modifiers::COMMAND, Key::Num4);
    pick(&mut h, "Seat at E1-0", 1, "East (ply 0)");
    type_into(&mut h, "Last name", 1, "白鳥");
    assert_eq!(h.query_all_by_label_contains("Two players sit at East").count(), 2, "both rows say so");
    let t = text(&h);
    assert!(!t.contains("白鳥"), "nothing of the players is written while two share a seat");
    assert_eq!(line_with(&t, "ply[1"), "ply[1,,,,]");
    pick(&mut h, "Seat at E1-0", 1, "South (ply 1)");
    assert!(h.query_by_label_contains("Two players sit at").is_none());
    assert!(text(&h).contains(r#"ply[1,(snt["白鳥"],),,,]"#));

    type_into(&mut h, "Previous points\n(personal)", 2, "12.x");
    assert!(h.query_by_label_contains("“12.x” is not points").is_some());
    assert_eq!(line_with(&text(&h), "ply[2"), "ply[2,,,,]");

    shortcut(&mut h, Modifiers::COMMAND, Key::Num1);
    type_into(&mut h, "Year", 0, "23");
    assert!(h.query_by_label_contains("“23” is not a year").is_some());
    assert!(!text(&h).contains("tnm["));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_field_is_one_undo_step_and_redo_brings_it_back() {
    let dir = temp_dir();
    let mut h = harness(&dir);
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    type_into(&mut h, "Year", 0, "2025");
    type_into(&mut h, "Match no. in stage", 0, "7");
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[,2025,,7,]");
    unfocus(&mut h);
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[,2025,,,]", "the whole number typed is one step");
    assert_eq!(h.get_by_label("Match no. in stage").value().as_deref(), Some(""), "the form follows the document");
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!text(&h).contains("tnm["));
    shortcut(&mut h, Modifiers { shift: true, ..Modifiers::COMMAND }, Key::Z);
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[,2025,,,]");
    shortcut(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[,2025,,7,]");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn enter_moves_to_the_next_field() {
    let dir = temp_dir();
    let mut h = harness(&dir);
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    h.get_by_label("Match no. in stage").click();
    h.run();
    h.get_by_label("Match no. in stage").type_text("3");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.get_by_label("Match no. in day").is_focused(), "Enter moved on");
    h.get_by_label("Match no. in day").type_text("1");
    h.run();
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[,,,3,1]");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_as_writes_the_file_atomically_and_the_title_knows() {
    let dir = temp_dir();
    let mut h = harness(&dir);
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    type_into(&mut h, "Year", 0, "2025");
    unfocus(&mut h);
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    // A new match has no file yet: Save asks for one.
    let path = dir.join("out").join("match.jmjp");
    type_into(&mut h, "File path", 0, &path.display().to_string());
    h.get_by_label("Save").click();
    h.run();
    let bytes = std::fs::read(&path).expect("saved");
    assert!(!bytes.starts_with(&[0xef, 0xbb, 0xbf]), "no BOM");
    assert_eq!(String::from_utf8(bytes).unwrap(), text(&h));
    assert!(!h.state().document().unwrap().is_dirty());
    assert_eq!(h.state().path(), Some(path.as_path()));
    assert_eq!(h.state().settings().recent_files.first().map(|p| p.ends_with("match.jmjp")), Some(true));
    let leftovers: Vec<_> = std::fs::read_dir(dir.join("out")).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left");

    // A change is unsaved; closing asks first, Cancel keeps the match.
    type_into(&mut h, "Match no. in day", 0, "3");
    unfocus(&mut h);
    assert!(h.state().document().unwrap().is_dirty());
    shortcut(&mut h, Modifiers::COMMAND, Key::W);
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Match(Section::Tournament));
    // Save, then close without a question.
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    assert!(std::fs::read_to_string(&path).unwrap().contains("tnm[,2025,,,3]"));
    shortcut(&mut h, Modifiers::COMMAND, Key::W);
    assert_eq!(h.state().screen(), Screen::Start);
    assert!(h.query_by_label("match.jmjp").is_some(), "listed in recent files");

    // Reopen from the recent files; a file changed behind our back is not overwritten silently.
    h.get_by_label("match.jmjp").click();
    h.run();
    assert_eq!(h.state().screen(), Screen::Editor, "an opened file shows in the editor");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let changed = std::fs::read_to_string(&path).unwrap().replace("2025", "2024");
    std::fs::write(&path, &changed).unwrap();
    shortcut(&mut h, Modifiers::COMMAND, Key::Num1);
    type_into(&mut h, "Match no. in day", 0, "4");
    unfocus(&mut h);
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    assert!(h.query_by_label_contains("changed on disk").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), changed);
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    h.get_by_label("Overwrite").click();
    h.run();
    assert!(std::fs::read_to_string(&path).unwrap().contains("tnm[,2025,,,4]"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn results_are_computed_from_the_last_frame_and_written_on_request() {
    let dir = temp_dir();
    // A real game: the first corpus log, converted.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&corpus).unwrap().map(|e| e.unwrap().path()).collect();
    logs.sort();
    let log = std::fs::read_to_string(&logs[0]).unwrap();
    let mut paifu = jmjp_studio::interop::import(jmjp_studio::interop::Format::Tenhou6, &log).unwrap();
    let m = &mut paifu.matches[0];
    m.players[0].tour_points = Some(jmjp_studio::format::TourPoints {
        personal: Some(jmjp_studio::format::Points(100)),
        team: Some(jmjp_studio::format::Points(-50)),
    });
    let last = m.frames.iter().rev().find_map(|f| f.end_points.map(|e| (f.id, e))).unwrap();
    let path = dir.join("game.jmjp");
    std::fs::write(&path, jmjp_studio::format::write(&paifu)).unwrap();

    let settings = dir.join("settings.json");
    let mut h = harness_with(Startup {
        settings_path: Some(settings),
        system_locale: Some("en".into()),
        open: Some(path),
        record: false,
        roster_path: None,
    });
    shortcut(&mut h, Modifiers::COMMAND, Key::Num6);
    assert!(h.query_by_label_contains(&format!("({})", last.0)).is_some(), "names the frame it comes from");
    h.get_by_label("Use computed results").click();
    h.run();
    let t = text(&h);
    let pme = line_with(&t, "pme[");
    // Independent arithmetic: end points by plyerId, ranked; the uma and oka of the rules the log
    // names (tenhou: 20/10 and 20 to the first, 30,000 returned; the Settings' point preset is
    // only for a match that names none), ties as they say (tenhou: the seat nearer the first
    // dealer ranks higher).
    let named = jmjp_studio::rules::rules_of(&paifu.matches[0], None);
    let u = named.uma.by_place(2);
    let dealer = usize::from(last.0.number - 1);
    let mut end = [0i32; 4];
    for s in 0..4 {
        end[(s + dealer) % 4] = last.1[s].0;
    }
    let left = m_start_total(&paifu) - end.iter().sum::<i32>();
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(end[i]), i));
    let award = [u[0] + named.oka.0, u[1], u[2], u[3]];
    let split = named.tie_break == jmjp_studio::scoring::TieBreak::Split;
    let mut total = [0i32; 4];
    for (place, &i) in order.iter().enumerate() {
        let tied: Vec<usize> = (0..4).filter(|&q| split && end[order[q]] == end[i]).collect();
        let shared = if tied.is_empty() {
            award[place]
        } else {
            tied.iter().map(|&q| award[q]).sum::<i32>() / tied.len() as i32
        };
        total[i] = end[i] - 300 + shared + if place == 0 { left } else { 0 };
    }
    let show = |v: i32| jmjp_studio::format::Points(v).to_string();
    assert_eq!(pme, format!("pme[{}]", total.map(show).join(",")));
    assert_eq!(total.iter().sum::<i32>(), 0);
    assert_eq!(line_with(&t, "ptn["), format!("ptn[({},{}),(,),(,),(,)]", show(100 + total[0]), show(-50 + total[0])));
    // One undo step takes the whole result back.
    unfocus(&mut h);
    shortcut(&mut h, Modifiers::COMMAND, Key::Z);
    assert!(!text(&h).contains("pme["));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn m_start_total(p: &jmjp_studio::format::Paifu) -> i32 {
    p.matches[0].frames[0].start_points.unwrap().iter().map(|x| x.0).sum()
}

#[test]
fn switching_the_language_shows_japanese_everywhere() {
    let dir = temp_dir();
    let mut h = harness(&dir);
    assert!(h.query_by_label("Recent files").is_some());
    shortcut(&mut h, Modifiers::COMMAND, Key::Comma);
    pick(&mut h, "Language", 0, "日本語");
    assert_eq!(h.state().lang(), Lang::Ja);
    assert!(h.query_by_label("言語").is_some());
    assert!(h.query_by_label("既定の点数ルール").is_some());
    let saved = std::fs::read_to_string(dir.join("settings.json")).unwrap();
    assert!(saved.contains(r#""language": "japanese""#), "{saved}");
    h.get_by_label("戻る").click();
    h.run();
    assert!(h.query_by_label("最近使ったファイル").is_some());
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    shortcut(&mut h, Modifiers::COMMAND, Key::Num4);
    assert!(h.query_all_by_label_contains("起家からの席").next().is_some());
    pick(&mut h, "チーム", 0, "EX風林火山");
    assert!(text(&h).contains("ply[0,,mlg-exf,,]"));
    shortcut(&mut h, Modifiers::COMMAND, Key::Num2);
    type_into(&mut h, "日付", 0, "2025-02-31");
    assert!(h.query_by_label("2025年2月31日という日はありません").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_system_locale_chooses_the_language_until_the_user_does() {
    let dir = temp_dir();
    let h = harness_with(Startup {
        settings_path: Some(dir.join("s.json")),
        system_locale: Some("ja-JP".into()),
        open: None,
        record: false,
        roster_path: None,
    });
    assert_eq!(h.state().lang(), Lang::Ja);
    assert!(h.query_by_label("最近使ったファイル").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_settings_file_never_stops_the_start_and_says_so() {
    let dir = temp_dir();
    let settings = dir.join("settings.json");
    std::fs::write(&settings, "{\"language\": \"english\", \"recent_files\": 7").unwrap();
    let mut h = harness_with(Startup {
        settings_path: Some(settings.clone()),
        system_locale: Some("en".into()),
        open: None,
        record: false,
        roster_path: None,
    });
    assert_eq!(h.state().screen(), Screen::Start);
    shortcut(&mut h, Modifiers::COMMAND, Key::Comma);
    assert!(h.query_by_label_contains("is damaged").is_some());
    assert!(dir.join("settings.json.damaged").exists(), "the damaged file is kept");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_does_not_parse_is_explained_with_its_position() {
    let dir = temp_dir();
    let path = dir.join("bad.jmjp");
    std::fs::write(&path, "jmjp[1.0]\n(mtp[20231002,mon,1900,mlg-std]\nply[0,,,,]ply[x").unwrap();
    let h = harness_with(Startup {
        settings_path: Some(dir.join("s.json")),
        system_locale: Some("en".into()),
        open: Some(path.clone()),
        record: false,
        roster_path: None,
    });
    assert_eq!(h.state().screen(), Screen::Text, "a file that does not parse opens as text");
    let (notice, is_error) = h.state().notice().unwrap();
    assert!(is_error);
    assert!(notice.starts_with(&format!("{}:3:", path.display())), "{notice}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_text_of_the_interface_renders_in_japanese() {
    // kittest fails on a glyph the fonts do not have.
    let mut h = Harness::builder()
        .with_size([1600.0, 4000.0])
        .with_context_setup(jmjp_studio::ui::install_fonts)
        .build_ui(|ui| {
            for t in jmjp_studio::i18n::messages() {
                let args: Vec<(&str, jmjp_studio::i18n::Arg)> =
                    t.variables(Lang::Ja).into_iter().map(|v| (v, 2.into())).collect();
                ui.label(t.with(&args).ja);
            }
            use jmjp_studio::format::Shorthand;
            use jmjp_studio::format::shorthand::*;
            for t in TeamToken::ALL {
                ui.label(t.japanese());
            }
            for t in AffiliationToken::ALL {
                ui.label(t.japanese());
            }
            for t in StageToken::ALL {
                ui.label(t.japanese());
            }
            ui.label(PlaceToken::MLeagueStudio.japanese());
            for d in jmjp_studio::format::Weekday::ALL {
                ui.label(d.name(Lang::Ja));
            }
            ui.label("萬 筒 索 東南西北 白發中 髙 﨑 立直 平和 一盃口");
            // Every yaku, limit and rules preset the scoring shows.
            for y in jmjp_studio::scoring::Yaku::ALL {
                ui.label(y.japanese());
            }
            use jmjp_studio::scoring::Limit;
            for l in
                [Limit::Mangan, Limit::Haneman, Limit::Baiman, Limit::Sanbaiman, Limit::Yakuman(1), Limit::Yakuman(2)]
            {
                ui.label(l.japanese());
            }
            for r in jmjp_studio::scoring::RulesPreset::ALL {
                ui.label(r.label(Lang::Ja));
            }
        });
    h.run();
    assert!(h.query_by_label("渋谷ABEMAS").is_some());
}
