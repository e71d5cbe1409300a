//! The standings screen by keys alone (egui_kittest): a folder of two tournaments, M League in
//! two years and its latest season in two stages; the latest season is shown first, another is
//! chosen with Tab, the arrow keys and Enter (the focus stays on the choice), the stages are
//! shown apart with the points carried as the files say, the columns by date, then number.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use jmjp_studio::app::StudioApp;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-app-standings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A match of `tnm` on `date` at `time`: Ooi, Sasaki, Sonoda, Suzuki with the points `prev`
/// before it (`ptTourPrev`, personal and team) and the final points `pme`.
fn game(tnm: &str, date: &str, time: &str, prev: [&str; 4], pme: &str) -> String {
    let players = [
        (r#"snt["多井"]srm["Ooi"],snt["隆晴"]srm["Takaharu"]"#, "mlg-abm"),
        (r#"snt["佐々木"]srm["Sasaki"],snt["寿人"]srm["Hisato"]"#, "mlg-skn"),
        (r#"snt["園田"]srm["Sonoda"],snt["賢"]srm["Masaru"]"#, "mlg-drn"),
        (r#"snt["鈴木"]srm["Suzuki"],snt["たろう"]srm["Taro"]"#, "mlg-rdn"),
    ];
    let ply: String =
        players.iter().zip(prev).enumerate().map(|(i, ((n, t), p))| format!("  ply[{i},({n}),{t},,{p}]\n")).collect();
    format!("jmjp[1.0]\n(\n  {tnm}\n  mtp[{date},,{time},mlg-std]\n{ply}  pme[{pme}]\n)\n")
}

/// Writes into `dir`: M League 2025 (its regular season: two numbered matches on 15 September,
/// the second in the file named first, two without numbers on 16 September; its semifinal, the
/// points carried into it as its file says), M League 2024, and another tournament of 2025.
fn two_seasons(dir: &Path) {
    let zero = ["(0.0,0.0)"; 4];
    let carried = ["(12.5,40.1)", "(37.5,18.0)", "(-7.5,-3.3)", "(-20.0,-12.4)"];
    let files = [
        ("a.jmjp", game("tnm[mlg,2025,mlg-reg,2,2]", "20250915", "2100", zero, "10.0,20.0,-10.0,-20.0")),
        ("b.jmjp", game("tnm[mlg,2025,mlg-reg,1,1]", "20250915", "1900", zero, "50.0,10.0,-20.0,-40.0")),
        ("c.jmjp", game("tnm[mlg,2025,mlg-reg,,]", "20250916", "2130", zero, "-5.0,5.0,15.0,-15.0")),
        ("d.jmjp", game("tnm[mlg,2025,mlg-reg,,]", "20250916", "1900", zero, "-30.0,40.0,10.0,-20.0")),
        ("semi.jmjp", game("tnm[mlg,2025,mlg-sfs,1,1]", "20260401", "1900", carried, "30.0,-10.0,-5.0,-15.0")),
        ("2024.jmjp", game("tnm[mlg,2024,mlg-reg,1,1]", "20241001", "1900", zero, "1.0,2.0,-1.0,-2.0")),
        (
            "saikyo.jmjp",
            game(r#"tnm[snt["最強戦"]srm["Saikyosen"],2025,fin,,]"#, "20250801", "1400", zero, "9.0,1.0,-3.0,-7.0"),
        ),
    ];
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
}

/// The app at 1280x720 in `locale`, on its start screen, then File > Standings of the season
/// folder, by keys: Ctrl+Shift+T, the folder typed over the one offered, Enter.
fn standings_by_keys(name: &str, locale: &str) -> Harness<'static, StudioApp> {
    let dir = folder(name);
    let season = dir.join("season");
    std::fs::create_dir_all(&season).unwrap();
    two_seasons(&season);
    crate::common::app::standings_by_keys(&dir, &season, locale)
}

fn key(h: &mut Harness<'_, StudioApp>, k: Key) {
    h.key_press(k);
    h.run();
}

fn focused(h: &Harness<'_, StudioApp>, label: &str) -> bool {
    h.get_all_by_label(label).any(|n| n.is_focused())
}

/// The left edge of the first header labelled `label` (the players' table of its stage).
fn left_of(h: &Harness<'_, StudioApp>, label: &str) -> f32 {
    h.get_all_by_label(label).next().unwrap_or_else(|| panic!("no column {label}")).rect().min.x
}

#[test]
fn the_latest_season_is_shown_another_is_chosen_by_keys_and_the_stages_are_apart() {
    let mut h = standings_by_keys("keys", "en-US");
    // The latest season, every stage apart; the tournament chosen has the focus.
    assert!(h.query_by_label("Standings — M League 2025").is_some());
    assert!(focused(&h, "M League"), "the chosen tournament has the focus");
    // Tab to the years (past the other tournament), an arrow to 2024, Enter: chosen, focus kept.
    key(&mut h, Key::Tab);
    assert!(focused(&h, "Saikyosen"));
    key(&mut h, Key::Tab);
    assert!(focused(&h, "2025"));
    key(&mut h, Key::ArrowRight);
    assert!(focused(&h, "2024"), "the arrow moves along the years");
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Standings — M League 2024").is_some(), "Enter picks the year");
    assert!(focused(&h, "2024"), "the focus stays on the year picked");
    assert!(h.query_by_label("M League Semifinal Series").is_none(), "2024 has one stage");
    assert_eq!(h.query_all_by_label("2024-10-01 #1").count(), 2, "its match, in both tables");
    // Back to 2025: both stages, each with its own matches.
    key(&mut h, Key::ArrowLeft);
    key(&mut h, Key::Enter);
    assert!(h.query_by_label("Standings — M League 2025").is_some());
    assert!(focused(&h, "2025"));
    // A stage's name: its button among the stages, and the heading of its tables.
    assert_eq!(h.query_all_by_label("M League Regular Season").count(), 2);
    assert_eq!(h.query_all_by_label("M League Semifinal Series").count(), 2);
    let columns = ["2025-09-15 #1", "2025-09-15 #2", "2025-09-16 (match 1 that day)", "2025-09-16 (match 2 that day)"];
    let lefts: Vec<f32> = columns.iter().map(|c| left_of(&h, c)).collect();
    assert!(lefts.windows(2).all(|w| w[0] < w[1]), "by date, then match number: {lefts:?}");
    for c in columns {
        assert_eq!(h.query_all_by_label(c).count(), 2, "{c}: a column of the regular season's two tables only");
    }
    assert_eq!(h.query_all_by_label("2026-04-01 #1").count(), 2, "the semifinal's match, in its own tables");
    // The points carried into the semifinal, as its file says: Ooi's and his team's; with them.
    assert!(h.query_by_label("+12.5").is_some() && h.query_by_label("+40.1").is_some());
    assert!(h.query_by_label("+42.5").is_some() && h.query_by_label("+70.1").is_some());
    // A stage alone: Tab to the stages, along them with the arrows, Enter.
    key(&mut h, Key::Tab);
    key(&mut h, Key::Tab);
    assert!(focused(&h, "All stages, each apart"));
    key(&mut h, Key::ArrowRight);
    key(&mut h, Key::ArrowRight);
    assert!(focused(&h, "M League Semifinal Series"));
    key(&mut h, Key::Enter);
    assert!(focused(&h, "M League Semifinal Series"), "the focus stays on the stage picked");
    assert_eq!(h.query_all_by_label("M League Regular Season").count(), 1, "only its button is left");
    assert!(h.query_by_label("2025-09-15 #1").is_none());
    assert_eq!(h.query_all_by_label("2026-04-01 #1").count(), 2);
}

#[test]
fn the_standings_speak_japanese() {
    let h = standings_by_keys("ja", "ja-JP");
    assert!(h.query_by_label("成績表 — Mリーグ 2025").is_some());
    assert_eq!(h.query_all_by_label("2025-09-16（当日1試合目）").count(), 2);
    assert_eq!(h.query_all_by_label("Mリーグ セミファイナルシリーズ").count(), 2);
    assert!(h.query_by_label("全ステージ（ステージ別）").is_some());
    assert!(h.query_all_by_label("持ち越し").count() >= 2);
}
