//! The season screen's statistics and charts (egui_kittest): a season of three real games of
//! the corpus, each given a tournament and a date; File > Standings by keys, then Statistics
//! chosen by keys (Tab to the row, Enter; F1 opens the guide at the standings, then at the
//! statistics), a column sorted by its header (again: reversed), the
//! charts shown, and the same screen in Japanese.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;
use jmjp_studio::format::{Choice, Date, Paifu, Points, StrLit, TourInfo};
use jmjp_studio::ui::help::Help;

/// `dir/season`, holding three corpus games as matches 1 to 3 of "Test Cup" 2025.
fn season(dir: &Path) -> PathBuf {
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    let games = ["pantheon_usual.json", "pantheon_west.json", "pantheon_pao_ron.json"];
    for (n, game) in games.iter().enumerate() {
        let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(game);
        let text = std::fs::read_to_string(log).unwrap();
        let mut paifu = jmjp_studio::interop::tenhou6::import(&text).unwrap();
        let m = &mut paifu.matches[0];
        // The final points (pme) as tenhou's `sc` gives them: points, then the result.
        let sc: serde_json::Value = serde_json::from_str(&text).unwrap();
        let sc = sc["sc"].as_array().unwrap();
        m.end_points = Some(std::array::from_fn(|i| Points((sc[2 * i + 1].as_f64().unwrap() * 10.0).round() as i32)));
        m.tour = Some(TourInfo {
            name: Some(Choice::Custom(StrLit { native: Some("テスト杯".into()), roman: Some("Test Cup".into()) })),
            year: Some(2025),
            stage: None,
            match_in_stage: Some(n as u32 + 1),
            match_in_day: None,
        });
        m.time_place.date = Some(Date { year: 2025, month: 10, day: n as u8 + 1 });
        let text = jmjp_studio::format::write(&Paifu { matches: vec![m.clone()] });
        std::fs::write(season.join(format!("{}.jmjp", n + 1)), text).unwrap();
    }
    season
}

fn key(h: &mut Harness<'_, StudioApp>, k: Key) {
    h.key_press(k);
    h.run();
}

/// The app in `locale` on the standings of the season, opened by keys.
fn standings(name: &str, locale: &str) -> (Harness<'static, StudioApp>, PathBuf) {
    let dir = std::env::temp_dir().join(format!("jmjp-app-season-stats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let season = season(&dir);
    (crate::common::app::standings_by_keys(&dir, &season, locale), season)
}

/// A guide beside the season (its index, and the pages F1 opens here) and the browser's seam:
/// the addresses it is asked to open.
fn guide_seam(h: &mut Harness<'_, StudioApp>, folder: &Path) -> Arc<Mutex<Vec<String>>> {
    let guide = folder.parent().unwrap().join("guide");
    std::fs::create_dir_all(&guide).unwrap();
    for page in ["index.html", "forms.html", "statistics.html"] {
        std::fs::write(guide.join(page), "<html></html>").unwrap();
    }
    let opened = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&opened);
    h.state_mut().set_help(Help::new(
        Some(guide),
        Box::new(move |url: &str| {
            seen.lock().unwrap().push(url.to_string());
            Ok(())
        }),
    ));
    opened
}

/// F1 pressed: the address the browser was asked to open.
fn f1(h: &mut Harness<'_, StudioApp>, opened: &Arc<Mutex<Vec<String>>>) -> String {
    let before = opened.lock().unwrap().len();
    key(h, Key::F1);
    let urls = opened.lock().unwrap();
    assert_eq!(urls.len(), before + 1, "F1 asks the browser once");
    urls.last().cloned().unwrap()
}

fn focused(h: &Harness<'_, StudioApp>, label: &str) -> bool {
    h.get_all_by_label(label).any(|n| n.is_focused())
}

/// The names of the players' table, top to bottom.
fn order(h: &Harness<'_, StudioApp>, names: &[&str]) -> Vec<String> {
    let mut at: Vec<(f32, String)> =
        names.iter().map(|n| (h.get_all_by_label(n).next().unwrap().rect().min.y, n.to_string())).collect();
    at.sort_by(|a, b| a.0.total_cmp(&b.0));
    at.into_iter().map(|(_, n)| n).collect()
}

const PLAYERS: [&str; 4] = ["TPlayer1", "プレーヤー2", "プレーヤー3", "プレーヤー4"];

#[test]
fn the_statistics_are_chosen_by_keys_sorted_by_a_column_and_charted() {
    let (mut h, folder) = standings("keys", "en-US");
    // Tab from the tournament past the year and the stages to the row of what is shown.
    for _ in 0..20 {
        if focused(&h, "Standings") {
            break;
        }
        key(&mut h, Key::Tab);
    }
    assert!(focused(&h, "Standings"), "Tab reaches the row of what is shown");
    let opened = guide_seam(&mut h, &folder);
    assert!(f1(&mut h, &opened).ends_with("forms.html#the-roster-a-match-like-the-last-one-carried-points-standings"));
    key(&mut h, Key::ArrowRight);
    assert!(focused(&h, "Statistics"));
    key(&mut h, Key::Enter);
    assert!(focused(&h, "Statistics"), "the focus stays on the choice");
    // F1 opens the guide where the statistics are told.
    let url = f1(&mut h, &opened);
    assert!(url.ends_with("statistics.html#on-the-season-screen"), "{url}");
    // Sorted by the matches played at first (its header says so).
    for heading in ["Matches ▼", "Avg place", "Win", "Deal-in", "Riichi", "Call", "Avg win"] {
        assert!(h.query_by_label(heading).is_some(), "no column {heading}");
    }
    // Each of the four played the three matches: 3 in the Matches column, four times over.
    assert!(h.query_all_by_label("3").count() >= 4, "every player counts three matches");
    // Sorted by the win rate: highest first; again: lowest first.
    h.get_by_label("Win").click();
    h.run();
    let by_win = order(&h, &PLAYERS);
    h.get_by_label("Win ▼").click();
    h.run();
    let reversed = order(&h, &PLAYERS);
    assert_ne!(by_win, reversed);
    assert_eq!(by_win.iter().rev().cloned().collect::<Vec<_>>(), reversed, "the second press reverses");
    let season = jmjp_studio::season::standings::SeasonFiles::read(&folder).unwrap();
    let stats = season.stats(&season.latest());
    let rate = |n: &str| {
        let f = &stats.players[n];
        f64::from(f.wins) / f64::from(f.frames)
    };
    assert!(rate(&by_win[0]) >= rate(&by_win[3]), "{by_win:?}");
    // Save as CSV, with the statistics shown, saves them: every count, rate and average.
    h.get_by_label("Save as CSV…").click();
    h.run();
    key(&mut h, Key::Enter);
    let csv = std::fs::read_to_string(folder.join("statistics.csv")).unwrap();
    assert!(csv.starts_with("kind,name,team,matches,place1,"), "{csv}");
    let frames = stats.players["TPlayer1"].frames;
    assert!(csv.lines().any(|l| l.starts_with("player,TPlayer1,,3,") && l.contains(&format!(",{frames},"))), "{csv}");
    // The charts: the points after each match and the rates, with a legend naming the players.
    h.get_by_label("Charts").click();
    h.run();
    assert!(h.query_by_label("Points after each match — Stage not given").is_some());
    assert!(h.query_by_label_contains("No match of this stage has final points").is_none(), "the points are charted");
    assert!(h.query_by_label("Win, deal-in, riichi and call rates").is_some());
    let (players, rates) = (h.query_all_by_label("TPlayer1").count(), h.query_all_by_label("Deal-in").count());
    assert!(players >= 1 && rates >= 1, "the legends name the players ({players}) and the rates ({rates})");
}

#[test]
fn the_statistics_speak_japanese() {
    let (mut h, _) = standings("ja", "ja-JP");
    h.get_by_label("個人成績").click();
    h.run();
    for heading in ["試合数 ▼", "平均順位", "和了率", "放銃率", "立直率", "副露率", "平均打点"]
    {
        assert!(h.query_by_label(heading).is_some(), "no column {heading}");
    }
    h.get_by_label("グラフ").click();
    h.run();
    assert!(h.query_by_label("和了率・放銃率・立直率・副露率").is_some());
}

/// Tabs (at most `tabs` times) until a widget labelled `label` has the focus.
fn tab_to(h: &mut Harness<'_, StudioApp>, label: &str, tabs: usize) {
    for _ in 0..tabs {
        if focused(h, label) {
            return;
        }
        key(h, Key::Tab);
    }
    assert!(focused(h, label), "Tab does not reach {label:?}");
}

/// Shift+Tab (at most `tabs` times) until a widget labelled `label` has the focus.
fn back_tab_to(h: &mut Harness<'_, StudioApp>, label: &str, tabs: usize) {
    for _ in 0..tabs {
        if focused(h, label) {
            return;
        }
        h.key_press_modifiers(egui::Modifiers::SHIFT, Key::Tab);
        h.run();
    }
    assert!(focused(h, label), "Shift+Tab does not reach {label:?}");
}

/// Keys all the way: another year chosen by Tab and Enter (its players shown, the other year's
/// gone), back by Shift+Tab and Space; Statistics by the arrow and Enter, a column sorted by Tab to its header and
/// Enter (again, by Space: reversed); Charts by the arrow and Enter.
#[test]
fn the_year_a_sort_and_the_charts_are_chosen_by_keys_alone() {
    let dir = std::env::temp_dir().join(format!("jmjp-app-season-stats-{}-all-keys", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let folder = season(&dir);
    // A fourth match, of 2024, its first player renamed.
    let one = std::fs::read_to_string(folder.join("1.jmjp")).unwrap();
    let mut paifu = jmjp_studio::format::parse(&one).unwrap().paifu;
    paifu.matches[0].tour.as_mut().unwrap().year = Some(2024);
    paifu.matches[0].time_place.date = Some(Date { year: 2024, month: 10, day: 1 });
    let text = jmjp_studio::format::write(&paifu).replace("TPlayer1", "Yamada");
    assert!(text.contains("Yamada"));
    std::fs::write(folder.join("2024.jmjp"), text).unwrap();
    let mut h = crate::common::app::standings_by_keys(&dir, &folder, "en-US");
    h.run();
    // The latest season (2025) first: TPlayer1 played in it, Yamada did not.
    assert!(h.query_by_label("TPlayer1").is_some() && h.query_by_label("Yamada").is_none());
    tab_to(&mut h, "2024", 20);
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Yamada").is_some(), "2024's standings are shown");
    assert!(h.query_by_label("TPlayer1").is_none(), "2025's are not");
    // Back to 2025 (the latest, before it) by Shift+Tab and Space.
    back_tab_to(&mut h, "2025", 20);
    key(&mut h, Key::Space);
    assert!(h.query_by_label("TPlayer1").is_some() && h.query_by_label("Yamada").is_none(), "2025 again");
    // Statistics: the arrow and Enter on the row of what is shown.
    tab_to(&mut h, "Standings", 20);
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Matches ▼").is_some(), "the statistics are shown");
    // The win rate's header by Tab, Enter: sorted by it; Space: the other way.
    tab_to(&mut h, "Win", 60);
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Win ▼").is_some() && h.query_by_label("Matches ▼").is_none(), "sorted by the win rate");
    let by_win = order(&h, &PLAYERS);
    assert!(focused(&h, "Win ▼"), "the focus stays on the header");
    key(&mut h, Key::Space);
    let reversed = order(&h, &PLAYERS);
    assert_ne!(by_win, reversed);
    assert_eq!(by_win.iter().rev().cloned().collect::<Vec<_>>(), reversed, "Space again reverses");
    // Charts: back to the row of what is shown, the arrow and Enter.
    back_tab_to(&mut h, "Statistics", 60);
    assert!(focused(&h, "Statistics"), "Shift+Tab goes back to the row of what is shown");
    assert!(h.query_by_label("Win, deal-in, riichi and call rates").is_none());
    key(&mut h, Key::ArrowRight);
    assert!(focused(&h, "Charts"));
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Win, deal-in, riichi and call rates").is_some(), "the charts are shown");
    assert!(h.query_by_label("Points after each match — Stage not given").is_some());
}
