//! The recorder follows the match's rules (issue 44), keys only but for one button of the
//! Results form: under `jpml` no ura field, no kan dora indicator, no red five in the palette and
//! a typed `0m` refused with its sentence; under `m-league` the same keys record as before; a
//! chombo recorded by `b` and a digit ends the hand as the rules pay it, the same frame is dealt
//! again, the file checks clean, and the match points and the standings take the penalty.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use crate::common;

use common::RECORDED_FRAME_HANDS;
use common::app::{acts, on_disk, typed};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;
use jmjp_studio::{format, rules, scoring};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-rules-desk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A match with no frame yet that names `rules`, opened in the recorder (`record FILE`).
fn recorder_under(dir: &Path, rules: &str) -> Harness<'static, StudioApp> {
    let file = dir.join("match.jmjp");
    let names = ["東谷", "南野", "西村", "北川"];
    let players: String = (0..4).map(|i| format!("  ply[{i},(snt[\"{}\"],),,,]\n", names[i])).collect();
    std::fs::write(&file, format!("jmjp[1.0]\n(\n  // rules: {rules}\n  mtp[,,,]\n{players})\n")).unwrap();
    common::app::recorder(dir, Some(file), [1280.0, 720.0])
}

fn press(h: &mut Harness<'_, StudioApp>, key: Key) {
    h.key_press(key);
    h.run();
}

fn focused(h: &Harness<'_, StudioApp>, label: &str) -> bool {
    h.get_all_by_role_and_label(Role::TextInput, label).next().is_some_and(|n| n.is_focused())
}

fn deal(h: &mut Harness<'_, StudioApp>) {
    assert!(focused(h, "Dice"), "the deal form has the focus in its dice field");
    typed(h, "3-4");
    press(h, Key::Tab);
    typed(h, "9p");
    for hand in RECORDED_FRAME_HANDS {
        press(h, Key::Tab);
        typed(h, hand);
    }
    press(h, Key::Enter);
    assert!(h.query_by_label_contains("E draws").is_some(), "dealt");
}

/// Every finding of `check` and of the points check, judged by the rules the file names.
fn findings(text: &str) -> Vec<String> {
    let doc = format::parse(text).unwrap();
    let mut found: Vec<String> = rules::check(&doc.paifu, None).iter().map(|d| d.message.to_string()).collect();
    let opts = rules::rules_of(&doc.paifu.matches[0], None);
    found.extend(scoring::check::check(&doc.paifu, None, &opts).iter().map(|d| d.message.to_string()));
    found
}

#[test]
fn under_jpml_no_ura_or_kan_dora_is_asked_and_a_red_five_is_refused_and_m_league_records_as_before() {
    let dir = temp_dir("jpml");
    let mut h = recorder_under(&dir, "jpml");
    deal(&mut h);
    let text = on_disk(&h);
    assert!(text.contains("pfs[30.0,30.0,30.0,30.0]"), "JPML starts at 30,000: {text}");
    // No red five in the palette; a typed one is refused with why, and nothing is recorded.
    assert!(h.query_by_label("0m").is_none() && h.query_by_label("5m").is_some(), "no red five to click");
    typed(&mut h, "0m");
    assert!(
        h.query_by_label_contains("0m is a red five, but this match's rules play without red fives: type 5m").is_some(),
        "refused with its sentence"
    );
    assert!(acts(&on_disk(&h)).is_empty());
    // E draws 1m and makes an ankan; its rinshan 2z. JPML turns no kan dora: `i` has nothing to
    // take, and the problems list asks for none.
    typed(&mut h, "1mk2z");
    typed(&mut h, "i");
    assert!(h.query_by_label_contains("every dora indicator face up is already entered").is_some());
    assert!(h.query_by_label_contains("kan dora").is_none(), "no kan dora asked for");
    // The rest of the shared frame, as M League records it but for its kan dora indicator.
    typed(&mut h, " 5p p8mc1p3z 6zr6z7z9sn");
    assert!(h.query_by_label_contains("Win: confirm").is_some());
    // A riichi win: no ura field, no question; Enter confirms the computed points.
    assert!(h.query_by_label("Ura indicators").is_none(), "no ura field under JPML");
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert_eq!(acts(&text), common::RECORDED_FRAME_ACTS);
    assert!(text.contains("pfe["), "ended with one Enter: {text}");
    assert!(findings(&text).is_empty(), "{:#?}\n{text}", findings(&text));

    // The same keys under M League (with its kan dora indicator) record as before.
    let dir = temp_dir("m-league");
    let mut h = recorder_under(&dir, "m-league");
    deal(&mut h);
    assert!(h.query_by_label("0m").is_some(), "M League plays red fives");
    typed(&mut h, "1mk2z");
    assert!(h.query_by_label_contains("no kan dora indicator is recorded").is_some(), "M League asks for it at once");
    typed(&mut h, "i3p 5p p8mc1p3z 6zr6z7z9sn");
    assert!(focused(&h, "Ura indicators"), "the ura field has the focus");
    typed(&mut h, "5s");
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert_eq!(acts(&text), common::RECORDED_FRAME_ACTS);
    assert!(text.contains("pfe[25.0,28.9,21.1,25.0]"), "{text}");
}

#[test]
fn a_chombo_by_keys_is_paid_as_the_rules_say_and_the_standings_take_it() {
    let dir = temp_dir("chombo");
    let mut h = recorder_under(&dir, "m-league");
    deal(&mut h);
    // E: draw, ankan, rinshan, kan dora, tsumogiri; S draws 5p and discards it.
    typed(&mut h, "1mk2zi3p 5p ");
    // `b`: which seat; 2 is South.
    typed(&mut h, "b");
    assert!(h.query_by_label_contains("S: penalty: s -20.0 match chombo").is_some(), "the choices say what each pays");
    typed(&mut h, "2");
    let text = on_disk(&h);
    assert!(text.contains("\"penalty: s -20.0 match chombo\""), "in the frame's comment: {text}");
    assert!(text.contains("pfe[25.0,25.0,25.0,25.0]"), "M League's chombo moves no table points: {text}");
    assert!(findings(&text).is_empty(), "{:#?}", findings(&text));
    // The same frame is dealt again.
    assert!(h.query_by_label("E1-0").is_some(), "the deal form offers E1-0 again");
    deal(&mut h);
    typed(&mut h, "1mk2zi3p 5p p8mc1p3z 6zr6z7z9sn5s");
    press(&mut h, Key::Enter);
    let text = on_disk(&h);
    assert!(text.matches("frm[E1-0,").count() == 2, "{text}");
    assert!(findings(&text).is_empty(), "{:#?}", findings(&text));

    // The Results form counts the penalty: S (player 1) has 20.0 taken off.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num6);
    h.run();
    h.get_by_label("Use computed results").click();
    h.run();
    press(&mut h, Key::Escape);
    let text = on_disk(&h);
    let pme = text.lines().find(|l| l.contains("pme[")).expect("pme written").trim().to_string();
    let doc = format::parse(&text).unwrap();
    let opts = rules::rules_of(&doc.paifu.matches[0], None);
    let c =
        jmjp_studio::forms::text::compute_results(&doc.paifu.matches[0], format::PointRule::M_LEAGUE, &opts).unwrap();
    assert_eq!(c.final_points.players[1].penalty, format::Points(-200));
    assert_eq!(pme.split(['[', ',']).nth(2).unwrap(), c.final_points.players[1].total.to_string(), "{pme}");

    // The standings of a folder holding the match take the penalty through its pme.
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    let named = text.replacen("  mtp[", "  tnm[mlg,2026,mlg-reg,1,1]\n  mtp[", 1);
    std::fs::write(season.join("m1.jmjp"), named).unwrap();
    let st = jmjp_studio::season::standings::standings(&season).unwrap();
    let totals: Vec<i32> = st.stages[0].players.iter().map(|r| r.total.0).collect();
    let pme_values: Vec<i32> = c.final_points.totals().iter().map(|p| p.0).collect();
    let mut want = pme_values.clone();
    want.sort_unstable_by(|a, b| b.cmp(a));
    let mut got = totals.clone();
    got.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(got, want, "the standings hold the match points, the penalty taken");
}

#[test]
fn the_match_form_shows_the_rules_options_and_takes_a_studios_differences_as_one_undo_step() {
    let dir = temp_dir("form");
    let file = dir.join("cup.jmjp");
    let players: String = (0..4).map(|i| format!("  ply[{i},,,,]\n")).collect();
    std::fs::write(&file, format!("jmjp[1.0]\n(\n  // rules: jpml\n  mtp[,,,]\n{players})\n")).unwrap();
    let mut h = common::app::open(&dir, &file, "en-US");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Num5);
    h.run();
    // The options, closed at first, open with their values as the comment writes them.
    h.get_by_label("The options these rules have").click();
    h.run();
    assert!(h.query_by_label("kiriage mangan").is_some());
    assert!(h.query_by_label("ura = no").is_some() && h.query_by_label("kan-dora = none").is_some());
    // A studio's difference typed into its field: the file's rules comment follows.
    h.get_by_role_and_label(Role::TextInput, "Differences from the preset").click();
    h.run();
    // (typed as a keyboard gives text; the helper types no spaces into a field)
    typed(&mut h, "kiriage=yes,urra=no");
    let text = h.state().text().unwrap();
    assert!(text.contains("// rules: jpml, kiriage=yes,urra=no\n"), "{text}");
    assert!(h.query_by_label("kiriage = yes").is_some(), "the table shows the difference");
    assert!(
        h.query_by_label_contains("the rules name an option \"urra\" that this program does not know").is_some(),
        "an unknown option is said under the field"
    );
    // One undo step takes the whole typing back.
    h.key_press(Key::Escape);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert!(h.state().text().unwrap().contains("// rules: jpml\n"), "{}", h.state().text().unwrap());
    // Another preset: the comment names it and the point rule (ptr) follows it.
    h.get_by_role_and_label(Role::ComboBox, "Rules played with").click();
    h.run();
    h.get_by_label("EMA (no red fives, double ron, no kiriage or kazoe; 30,000 start, uma 15/5)").click();
    h.run();
    let text = h.state().text().unwrap();
    assert!(text.contains("// rules: ema\n") && text.contains("ptr[30.0,30.0,(15.0,5.0),0.3]"), "{text}");
}
