//! The match forms worked by keys alone (issue 46): every drop-down picks with Enter and keeps
//! the focus, Escape closes its list only, typing filters it, every button is a Tab stop, and
//! Ctrl+1..6 land in each section's first field. The teams offered are this season's ten.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jmjp_studio::app::{Screen, StudioApp};
use jmjp_studio::ui::command::Section;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn temp_dir() -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("jmjp-keys-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app at 1280 x 720 in `locale`, its settings and roster (and so the teams file) in `dir`.
fn harness(dir: &Path, locale: &str) -> Harness<'static, StudioApp> {
    crate::common::app::started(dir, locale)
}

fn press(h: &mut Harness<'_, StudioApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn shortcut(h: &mut Harness<'_, StudioApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// Types `text` where the focus is, as the keyboard does.
fn type_text(h: &mut Harness<'_, StudioApp>, text: &str) {
    h.event(Event::Text(text.to_string()));
    h.run();
}

/// The label of the widget that has the focus, with its role.
fn focused(h: &Harness<'_, StudioApp>) -> String {
    let node = h.root().query_all(egui_kittest::kittest::by()).find(|n| n.is_focused());
    node.map(|n| format!("{:?} {}", n.accesskit_node().role(), n.accesskit_node().label().unwrap_or_default()))
        .unwrap_or_else(|| "nothing".to_string())
}

/// Whether the `nth` widget of `role` labelled `label` has the focus.
fn has_focus(h: &Harness<'_, StudioApp>, role: Role, label: &str, nth: usize) -> bool {
    h.get_all_by_role_and_label(role, label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {role:?} {label} #{nth}"))
        .is_focused()
}

/// Presses Tab until the `nth` widget of `role` labelled `label` has the focus (at most `most`
/// times): the widget is a stop of the Tab order.
fn tab_to(h: &mut Harness<'_, StudioApp>, role: Role, label: &str, nth: usize, most: usize) {
    for _ in 0..most {
        if has_focus(h, role, label, nth) {
            return;
        }
        press(h, Key::Tab);
    }
    assert!(
        has_focus(h, role, label, nth),
        "Tab never reached {role:?} {label} #{nth}; the focus is on {}",
        focused(h)
    );
}

/// Types into the focused text field (its text replaced) and checks it was `label`.
fn fill(h: &mut Harness<'_, StudioApp>, label: &str, nth: usize, value: &str) {
    tab_to(h, Role::TextInput, label, nth, 6);
    shortcut(h, Modifiers::COMMAND, Key::A);
    type_text(h, value);
}

/// Picks in the focused drop-down by typing part of an entry and Enter; the focus stays.
fn choose(h: &mut Harness<'_, StudioApp>, label: &str, nth: usize, typed: &str) {
    tab_to(h, Role::ComboBox, label, nth, 6);
    type_text(h, typed);
    assert!(h.query_all_by_role(Role::ListBoxOption).count() > 0, "typing opens the list of {label}");
    press(h, Key::Enter);
    assert!(has_focus(h, Role::ComboBox, label, nth), "Enter picked and the focus stayed on {label}");
    assert_eq!(h.query_all_by_role(Role::ListBoxOption).count(), 0, "the list closed");
}

fn text(h: &Harness<'_, StudioApp>) -> String {
    h.state().text().expect("a document is open")
}

fn line_with<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines().map(str::trim).find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no {start} line in\n{text}"))
}

#[test]
fn every_form_of_a_match_filled_with_keys_alone() {
    let dir = temp_dir();
    let mut h = harness(&dir, "en-US");
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    assert_eq!(h.state().screen(), Screen::Match(Section::Tournament));

    // Tournament: the cursor starts in the tournament, not the year.
    assert!(has_focus(&h, Role::ComboBox, "Tournament", 0), "the focus is on {}", focused(&h));
    // Enter opens the list, Escape closes it and the focus stays.
    press(&mut h, Key::Enter);
    assert!(h.query_all_by_role(Role::ListBoxOption).count() >= 3, "Enter opened the list");
    press(&mut h, Key::Escape);
    assert_eq!(h.query_all_by_role(Role::ListBoxOption).count(), 0, "Escape closed the list");
    assert!(has_focus(&h, Role::ComboBox, "Tournament", 0), "Escape left the focus in the field: {}", focused(&h));
    press(&mut h, Key::Escape);
    assert!(has_focus(&h, Role::ComboBox, "Tournament", 0), "a second Escape keeps it there too");
    choose(&mut h, "Tournament", 0, "m lea");
    fill(&mut h, "Year", 0, "2025");
    choose(&mut h, "Stage", 0, "regular");
    fill(&mut h, "Match no. in stage", 0, "12");
    fill(&mut h, "Match no. in day", 0, "2");
    assert_eq!(line_with(&text(&h), "tnm["), "tnm[mlg,2025,mlg-reg,12,2]");
    // Ctrl+1 again, from the last field: back in the tournament.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num1);
    assert!(has_focus(&h, Role::ComboBox, "Tournament", 0), "Ctrl+1 lands in {}", focused(&h));

    // Date and place.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num2);
    assert!(has_focus(&h, Role::TextInput, "Date", 0), "Ctrl+2 lands in {}", focused(&h));
    fill(&mut h, "Date", 0, "2025-10-02");
    fill(&mut h, "Start time", 0, "19:00");
    choose(&mut h, "Place", 0, "studio");
    assert_eq!(line_with(&text(&h), "mtp["), "mtp[20251002,thu,1900,mlg-std]");

    // Recorders: "Add recorder" is the first field while there is none; Enter adds one and its
    // name takes the cursor; the frames are typed after Space on "All frames".
    shortcut(&mut h, Modifiers::COMMAND, Key::Num3);
    assert!(has_focus(&h, Role::Button, "Add recorder", 0), "Ctrl+3 lands in {}", focused(&h));
    press(&mut h, Key::Enter);
    assert!(has_focus(&h, Role::TextInput, "Last name", 0), "the new recorder's name: {}", focused(&h));
    type_text(&mut h, "佐藤");
    tab_to(&mut h, Role::CheckBox, "All frames", 0, 6);
    press(&mut h, Key::Space);
    fill(&mut h, "Frames recorded", 0, "E1-0 E2-0");
    // A second recorder, reached by Tab, then removed by Tab and Enter on its Remove.
    tab_to(&mut h, Role::Button, "Add recorder", 0, 6);
    press(&mut h, Key::Enter);
    assert_eq!(h.query_all_by_role_and_label(Role::Button, "Remove").count(), 2);
    shortcut(&mut h, Modifiers::COMMAND, Key::Num3);
    tab_to(&mut h, Role::Button, "Remove", 1, 20);
    press(&mut h, Key::Enter);
    assert_eq!(h.query_all_by_role_and_label(Role::Button, "Remove").count(), 1);
    let t = text(&h);
    let recs: Vec<&str> = t.lines().map(str::trim).filter(|l| l.starts_with("rec[")).collect();
    assert_eq!(recs, [r#"rec[(snt["佐藤"],),E1-0E2-0]"#]);

    // Players: the seat first; the teams of this season, BEAST X found by typing part of it;
    // Tab goes on from the last field of a row to the next row's seat.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num4);
    assert!(has_focus(&h, Role::ComboBox, "Seat at E1-0", 0), "Ctrl+4 lands in {}", focused(&h));
    fill(&mut h, "Last name", 0, "下石");
    fill(&mut h, "First name", 0, "戟");
    choose(&mut h, "Team", 0, "beast");
    choose(&mut h, "Affiliation", 0, "mahjong league");
    fill(&mut h, "Previous points\n(personal)", 0, "12.5");
    fill(&mut h, "Previous points\n(team)", 0, "-3.0");
    press(&mut h, Key::Tab);
    assert!(has_focus(&h, Role::ComboBox, "Seat at E1-0", 1), "the next row: {}", focused(&h));
    fill(&mut h, "Last name", 1, "石井");
    choose(&mut h, "Team", 1, "jets");
    fill(&mut h, "Last name", 2, "園田");
    choose(&mut h, "Team", 2, "driv");
    fill(&mut h, "Last name", 3, "鈴木");
    choose(&mut h, "Team", 3, "u-next");
    let t = text(&h);
    assert_eq!(line_with(&t, "ply[0"), r#"ply[0,(snt["下石"],snt["戟"]),snt["BEAST X"],prorenmei,(12.5,-3.0)]"#);
    assert_eq!(line_with(&t, "ply[1"), r#"ply[1,(snt["石井"],),snt["EARTH JETS"],,]"#);
    assert_eq!(line_with(&t, "ply[2"), r#"ply[2,(snt["園田"],),mlg-drn,,]"#);
    assert_eq!(line_with(&t, "ply[3"), r#"ply[3,(snt["鈴木"],),mlg-prt,,]"#);
    // The team list holds this season's ten.
    tab_to(&mut h, Role::ComboBox, "Team", 0, 40);
    press(&mut h, Key::Enter);
    let offered: Vec<String> =
        h.query_all_by_role(Role::ListBoxOption).filter_map(|n| n.accesskit_node().label()).collect();
    press(&mut h, Key::Escape);
    assert_eq!(offered.len(), 12, "none, ten teams, custom: {offered:?}");
    for team in ["BEAST X", "EARTH JETS", "Kadokawa Sakura Knights", "Konami Mahjong Fight Club"] {
        assert!(offered.iter().any(|o| o == team), "{team} offered: {offered:?}");
    }

    // Point rules: the first field is the rules played with; a preset picked by keys.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num5);
    assert!(has_focus(&h, Role::ComboBox, "Rules played with", 0), "Ctrl+5 lands in {}", focused(&h));
    tab_to(&mut h, Role::ComboBox, "Preset", 0, 6);
    choose(&mut h, "Preset", 0, "tenhou");
    assert_eq!(line_with(&text(&h), "ptr["), "ptr[25.0,30.0,(20.0,10.0),0.3]");

    // Results typed by hand.
    shortcut(&mut h, Modifiers::COMMAND, Key::Num6);
    assert!(has_focus(&h, Role::TextInput, "Final points", 0), "Ctrl+6 lands in {}", focused(&h));
    for (i, v) in ["62.2", "-10.0", "-20.0", "-32.2"].iter().enumerate() {
        fill(&mut h, "Final points", i, v);
    }
    assert_eq!(line_with(&text(&h), "pme["), "pme[62.2,-10.0,-20.0,-32.2]");

    // Saved with keys: Ctrl+S asks for a path, Enter saves.
    shortcut(&mut h, Modifiers::COMMAND, Key::S);
    let path = dir.join("keys.jmjp");
    fill(&mut h, "File path", 0, &path.display().to_string());
    press(&mut h, Key::Enter);
    let written = std::fs::read_to_string(&path).expect("saved by keys");
    assert_eq!(written, text(&h));
    assert!(written.contains(r#"snt["BEAST X"]"#), "BEAST X is written by its name");
    assert!(!written.contains("mlg-bst") && !written.contains("mlg-bx"), "never an invented code");
    let doc = jmjp_studio::format::parse(&written).unwrap();
    assert!(doc.check().iter().all(|d| d.severity != jmjp_studio::format::Severity::Error), "{written}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_studios_team_from_the_teams_file_is_offered_and_written_by_its_names() {
    let dir = temp_dir();
    std::fs::write(
        dir.join("teams.json"),
        r#"{ "version": 1, "teams": [ { "english": "Studio Dragons", "japanese": "スタジオドラゴンズ" } ] }"#,
    )
    .unwrap();
    let mut h = harness(&dir, "ja-JP");
    shortcut(&mut h, Modifiers::COMMAND, Key::N);
    shortcut(&mut h, Modifiers::COMMAND, Key::Num4);
    tab_to(&mut h, Role::ComboBox, "チーム", 0, 10);
    type_text(&mut h, "ドラゴン");
    press(&mut h, Key::Enter);
    assert_eq!(line_with(&text(&h), "ply[0"), r#"ply[0,,snt["スタジオドラゴンズ"]srm["Studio Dragons"],,]"#);
    // The team shows by its name in the field, without the boxes of a custom name.
    let shown = h.get_all_by_role_and_label(Role::ComboBox, "チーム").next().unwrap().value();
    assert_eq!(shown.as_deref(), Some("スタジオドラゴンズ"));
    // In Japanese, a team is found by its English name or its code too (no input method needed).
    tab_to(&mut h, Role::ComboBox, "チーム", 1, 12);
    type_text(&mut h, "knights");
    press(&mut h, Key::Enter);
    assert_eq!(line_with(&text(&h), "ply[1"), "ply[1,,mlg-skn,,]");
    assert_eq!(
        h.get_all_by_role_and_label(Role::ComboBox, "チーム").nth(1).unwrap().value().as_deref(),
        Some("KADOKAWAサクラナイツ")
    );
    // Kana typed through the input method find a team too: the field takes what it commits.
    tab_to(&mut h, Role::ComboBox, "チーム", 2, 12);
    assert!(h.output().platform_output.ime.is_some(), "the drop-down lets the input method work on it");
    h.event(Event::Ime(egui::ImeEvent::Commit("フェニックス".into())));
    h.run();
    assert_eq!(h.query_all_by_role(Role::ListBoxOption).count(), 1, "one team holds フェニックス");
    press(&mut h, Key::Enter);
    assert_eq!(line_with(&text(&h), "ply[2"), "ply[2,,mlg-phx,,]");
    std::fs::remove_dir_all(&dir).unwrap();
}
