//! The roster file and what it remembers: people seen in matches, their tournament points after
//! each, two spellings kept apart until merged, a damaged file set aside.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use jmjp_studio::document::io;
use jmjp_studio::format::{Paifu, Points};
use jmjp_studio::i18n::Lang;
use jmjp_studio::season::roster::{NamedChoice, PersonName, Place, Roster};

use crate::common;
use common::season_match;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-roster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn paifu(text: &str) -> Paifu {
    io::parse(text).unwrap().paifu
}

fn ooi() -> PersonName {
    PersonName {
        last_native: "多井".into(),
        first_native: "隆晴".into(),
        last_roman: "Ooi".into(),
        first_roman: "Takaharu".into(),
    }
}

const PTN: &str = "ptn[(62.3,100.0),(-5.0,20.0),(-20.0,-30.0),(-40.0,-50.0)]";

#[test]
fn players_and_recorders_of_a_match_are_remembered_with_their_points_after_it() {
    let mut r = Roster::default();
    assert!(r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN))));
    assert_eq!(r.people.len(), 5);
    let yamada = &r.people[0];
    assert!(yamada.recorder && !yamada.player);
    let i = r.find(&ooi()).unwrap();
    let p = &r.people[i];
    assert!(p.player);
    assert_eq!(p.team, Some(NamedChoice { token: "mlg-abm".into(), ..NamedChoice::default() }));
    assert_eq!(p.played.len(), 1);
    assert_eq!(p.played[0].personal_after, Some(Points(623)));
    assert_eq!(p.played[0].team_after, Some(Points(1000)));
    // Seeing the same file again changes nothing.
    assert!(!r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN))));
}

#[test]
fn points_are_carried_from_the_last_match_before_this_one_of_the_same_tournament_and_year() {
    let mut r = Roster::default();
    r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)));
    r.see_paifu(&paifu(&season_match(
        "20230925",
        40,
        "Ooi",
        "mlg-abm",
        "ptn[(10.0,30.0),(0.0,0.0),(0.0,0.0),(0.0,0.0)]",
    )));
    let i = r.find(&ooi()).unwrap();
    let place = |date: &str, n: u32, year: u16| Place {
        tournament: "mlg".into(),
        year: Some(year),
        date: Some(date.into()),
        match_in_stage: Some(n),
        match_in_day: Some(1),
    };
    let c = r.carried(i, &place("2023-10-05", 60, 2023)).unwrap();
    assert_eq!(c.points, Points(623));
    assert_eq!(c.from.source().en, "2023-10-02, match 57");
    assert_eq!(c.from.source().ja, "2023-10-02、第57試合");
    // Between the two: the earlier one.
    assert_eq!(r.carried(i, &place("2023-09-30", 50, 2023)).unwrap().points, Points(100));
    // Before the first, or another season: nothing.
    assert_eq!(r.carried(i, &place("2023-09-01", 1, 2023)), None);
    assert_eq!(r.carried(i, &place("2024-10-05", 1, 2024)), None);
    // The team's points, from the last match any of its people played.
    let abm = NamedChoice { token: "mlg-abm".into(), ..NamedChoice::default() };
    assert_eq!(r.carried_team(&abm, &place("2023-10-05", 60, 2023)).unwrap().points, Points(1000));
}

#[test]
fn two_spellings_of_one_person_stay_two_entries_until_merged() {
    let mut r = Roster::default();
    r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)));
    r.see_paifu(&paifu(&season_match("20231009", 61, "Ōi", "mlg-abm", PTN)));
    let a = r.find(&ooi()).unwrap();
    let b = r.find(&PersonName { last_roman: "Ōi".into(), ..ooi() }).unwrap();
    assert_ne!(a, b);
    assert_eq!(r.matching("多井", true).len(), 2, "both are offered");
    r.merge(a, b);
    let a = r.find(&ooi()).unwrap();
    assert!(r.find(&PersonName { last_roman: "Ōi".into(), ..ooi() }).is_none());
    assert_eq!(r.people[a].played.len(), 2, "the merged entry has both matches");
    assert_eq!(r.matching("多井", true), vec![a]);
}

#[test]
fn an_older_file_opened_later_does_not_change_a_team() {
    let mut r = Roster::default();
    r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)));
    r.see_paifu(&paifu(&season_match("20221002", 3, "Ooi", "mlg-drn", PTN)));
    let p = &r.people[r.find(&ooi()).unwrap()];
    assert_eq!(p.team.as_ref().unwrap().token, "mlg-abm");
    assert_eq!(p.played.len(), 2);
}

#[test]
fn names_are_found_by_any_part_in_either_script() {
    let mut r = Roster::default();
    r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)));
    let shown = |typed: &str| r.matching(typed, true).iter().map(|&i| r.people[i].name.shown()).collect::<Vec<_>>();
    assert_eq!(shown("tak"), vec!["多井 隆晴 (Ooi Takaharu)"]);
    assert_eq!(shown("多井隆"), vec!["多井 隆晴 (Ooi Takaharu)"]);
    assert_eq!(shown("taro"), vec!["鈴木 たろう (Suzuki Taro)", "山田 太郎 (Yamada Taro)"], "players first");
    assert_eq!(r.matching("taro", false).first().map(|&i| r.people[i].name.last_roman.as_str()), Some("Yamada"));
    assert!(shown("").is_empty());
    assert!(shown("zzz").is_empty());
}

#[test]
fn the_file_reads_back_and_a_damaged_one_is_set_aside() {
    let dir = folder("file");
    let path = dir.join("roster.json");
    assert_eq!(Roster::load(&path), (Roster::default(), None), "no file: an empty roster, no word");
    let mut r = Roster::default();
    r.see_paifu(&paifu(&season_match("20231002", 57, "Ooi", "mlg-abm", PTN)));
    r.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(!bytes.starts_with(&[0xEF, 0xBB, 0xBF]));
    assert_eq!(Roster::load(&path), (r.clone(), None));
    // A file the user edited badly.
    std::fs::write(&path, "{\"people\": [{\"name\": ").unwrap();
    let (empty, problem) = Roster::load(&path);
    assert_eq!(empty, Roster::default());
    let problem = problem.unwrap();
    assert!(problem.0.en.contains("damaged") && problem.0.ja.contains("壊れています"), "{problem:?}");
    let aside = dir.join("roster.json.damaged");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{\"people\": [{\"name\": ", "kept, not lost");
    assert!(!path.exists());
    // Fields the program does not know, or left out, do not make a file damaged.
    std::fs::write(&path, r#"{"people":[{"name":{"last_native":"多井"},"colour":"red"}]}"#).unwrap();
    let (r, problem) = Roster::load(&path);
    assert_eq!((r.people.len(), problem), (1, None));
}

#[test]
fn a_folder_of_files_is_read_into_the_roster() {
    let dir = folder("import");
    std::fs::create_dir_all(dir.join("week2")).unwrap();
    std::fs::write(dir.join("a.jmjp"), season_match("20231002", 57, "Ooi", "mlg-abm", PTN)).unwrap();
    std::fs::write(dir.join("week2/b.jmjp"), season_match("20231009", 61, "Ōi", "mlg-abm", PTN)).unwrap();
    std::fs::write(dir.join("broken.jmjp"), "jmjp[1.0](mtp[").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a paifu").unwrap();
    let mut r = Roster::default();
    let (read, failed) = r.import_folder(&dir);
    assert_eq!(read, 2);
    assert_eq!(failed.len(), 1);
    assert!(failed[0].0.ends_with("broken.jmjp"));
    assert_eq!(r.people.len(), 6, "5 people and the second spelling");
}

#[test]
fn standings_share_a_rank_on_equal_totals_and_show_a_match_not_played() {
    use jmjp_studio::season::standings::standings;
    let dir = folder("standings");
    let one = season_match("20231002", 57, "Ooi", "mlg-abm", PTN)
        .replace("pme[50.0,10.0,-20.0,-40.0]", "pme[20.0,20.0,-10.0,-30.0]");
    // In the second match another player sits in for Suzuki.
    let two = season_match("20231009", 61, "Ooi", "mlg-abm", PTN)
        .replace("pme[50.0,10.0,-20.0,-40.0]", "pme[5.0,5.0,-5.0,-5.0]")
        .replace(
            r#"snt["鈴木"]srm["Suzuki"],snt["たろう"]srm["Taro"]"#,
            r#"snt["瀬戸熊"]srm["Setokuma"],snt["直樹"]srm["Naoki"]"#,
        );
    std::fs::write(dir.join("a.jmjp"), one).unwrap();
    std::fs::write(dir.join("b.jmjp"), two).unwrap();
    let s = standings(&dir).unwrap();
    assert_eq!(s.title, "M League 2023");
    assert_eq!(s.stages.len(), 1);
    let stage = &s.stages[0];
    let row = |name: &str| stage.players.iter().find(|r| r.name.en.starts_with(name)).unwrap();
    assert_eq!((row("多井").rank, row("多井").tied, row("多井").total), (1, true, Points(250)));
    assert_eq!((row("佐々木").rank, row("佐々木").tied), (1, true));
    assert_eq!((row("瀬戸熊").rank, row("園田").rank, row("園田").total), (3, 4, Points(-150)));
    let suzuki = row("鈴木");
    assert_eq!((suzuki.played, suzuki.cells[1]), (1, None), "the match he did not play is shown as such");
    assert_eq!(row("瀬戸熊").played, 1);
    let csv = s.csv(Lang::En);
    let tied: Vec<&str> = csv.lines().skip(1).take(2).collect();
    let ooi = "M League Regular Season,=1,多井 隆晴 (Ooi Takaharu),Shibuya Abemas,2,25.0,20.0,5.0";
    assert!(tied.contains(&ooi), "{tied:?}");
    assert!(tied.iter().all(|l| l.starts_with("M League Regular Season,=1,")), "{tied:?}");
    // A folder with nothing of a tournament in it is an error in both languages.
    let empty = folder("standings-empty");
    let e = standings(&empty).unwrap_err();
    assert!(e.en.contains("no .jmjp file") && e.ja.contains("見つかりません"));
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

/// Two tournaments, M League in two years, its 2025 season in two stages: on 15 September two
/// matches numbered (the second in the file named first), on 16 September two without numbers
/// (told apart by their time); the semifinal with the points carried as its files say.
fn two_seasons(name: &str) -> PathBuf {
    let dir = folder(name);
    let zero = ["(0.0,0.0)"; 4];
    let files = [
        ("a.jmjp", game("tnm[mlg,2025,mlg-reg,2,2]", "20250915", "2100", zero, "10.0,20.0,-10.0,-20.0")),
        ("b.jmjp", game("tnm[mlg,2025,mlg-reg,1,1]", "20250915", "1900", zero, "50.0,10.0,-20.0,-40.0")),
        ("c.jmjp", game("tnm[mlg,2025,mlg-reg,,]", "20250916", "2130", zero, "-5.0,5.0,15.0,-15.0")),
        ("d.jmjp", game("tnm[mlg,2025,mlg-reg,,]", "20250916", "1900", zero, "-30.0,40.0,10.0,-20.0")),
        (
            "semi.jmjp",
            game(
                "tnm[mlg,2025,mlg-sfs,1,1]",
                "20260401",
                "1900",
                ["(12.5,40.1)", "(37.5,18.0)", "(-7.5,-3.3)", "(-20.0,-12.4)"],
                "30.0,-10.0,-5.0,-15.0",
            ),
        ),
        ("2024.jmjp", game("tnm[mlg,2024,mlg-reg,1,1]", "20241001", "1900", zero, "1.0,2.0,-1.0,-2.0")),
        (
            "saikyo.jmjp",
            game(r#"tnm[snt["最強戦"]srm["Saikyosen"],2025,fin,,]"#, "20250801", "1400", zero, "9.0,1.0,-3.0,-7.0"),
        ),
    ];
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

#[test]
fn a_folder_offers_its_tournaments_years_and_stages_the_latest_chosen_each_stage_apart() {
    use jmjp_studio::season::standings::{Chosen, SeasonFiles};
    let dir = two_seasons("seasons");
    let files = SeasonFiles::read(&dir).unwrap();
    let latest = files.latest();
    assert_eq!(latest, Chosen { tournament: "mlg".into(), year: Some(2025), stage: None });
    let shown = |o: &[jmjp_studio::season::standings::Offered<String>], lang: Lang| {
        o.iter().map(|o| o.shown.get(lang).to_string()).collect::<Vec<_>>()
    };
    assert_eq!(shown(&files.tournaments(), Lang::En), ["M League", "Saikyosen"]);
    assert_eq!(shown(&files.tournaments(), Lang::Ja), ["Mリーグ", "最強戦"]);
    assert_eq!(files.years("mlg").iter().map(|y| y.key).collect::<Vec<_>>(), [Some(2025), Some(2024)]);
    let stages = files.stages("mlg", Some(2025));
    assert_eq!(shown(&stages, Lang::En), ["M League Regular Season", "M League Semifinal Series"]);
    let s = files.standings(&latest);
    assert_eq!((s.title.en.as_str(), s.title.ja.as_str()), ("M League 2025", "Mリーグ 2025"));
    assert_eq!(s.stages.len(), 2, "the stages apart");
    let regular = &s.stages[0];
    let labels: Vec<&str> = regular.columns.iter().map(|c| c.label.en.as_str()).collect();
    assert_eq!(
        labels,
        ["2025-09-15 #1", "2025-09-15 #2", "2025-09-16 (match 1 that day)", "2025-09-16 (match 2 that day)"],
        "by date, then match number; without one, its order that day"
    );
    assert_eq!(regular.columns[2].label.ja, "2025-09-16（当日1試合目）");
    let files_of: Vec<&str> = regular.columns.iter().map(|c| c.file.file_name().unwrap().to_str().unwrap()).collect();
    assert_eq!(files_of, ["b.jmjp", "a.jmjp", "d.jmjp", "c.jmjp"]);
    // Ooi in the regular season: 50.0 + 10.0 - 30.0 - 5.0.
    let ooi = |stage: &jmjp_studio::season::standings::StageTable| {
        stage.players.iter().find(|r| r.name.en.starts_with("多井")).unwrap().clone()
    };
    assert_eq!((ooi(regular).total, ooi(regular).carried), (Points(250), Some(Points(0))));
    // The semifinal: its own column, the points carried read from the file (not half of 25.0).
    let semi = &s.stages[1];
    assert_eq!(semi.columns.len(), 1);
    assert_eq!((ooi(semi).carried, ooi(semi).total, ooi(semi).points), (Some(Points(125)), Points(300), Points(425)));
    let sasaki = semi.players.iter().find(|r| r.name.en.starts_with("佐々木")).unwrap();
    assert_eq!((sasaki.points, sasaki.rank), (Points(275), 2), "ranked by the points with the carried");
    let abemas = semi.teams.iter().find(|r| r.name.en == "Shibuya Abemas").unwrap();
    assert_eq!((abemas.carried, abemas.points, abemas.rank), (Some(Points(401)), Points(701), 1), "the team's part");
    // One stage chosen; another year; another tournament.
    let one = files.standings(&Chosen { stage: Some("mlg-sfs".into()), ..latest.clone() });
    assert_eq!(one.stages.iter().map(|t| t.name.en.as_str()).collect::<Vec<_>>(), ["M League Semifinal Series"]);
    let older = files.standings(&Chosen { year: Some(2024), ..latest });
    assert_eq!((older.title.en.as_str(), older.stages.len(), older.stages[0].columns.len()), ("M League 2024", 1, 1));
    let saikyo = files.standings(&files.with_tournament(files.tournaments()[1].key.as_str()));
    assert_eq!((saikyo.title.ja.as_str(), saikyo.stages[0].name.en.as_str()), ("最強戦 2025", "Final"));
}

#[test]
fn the_standings_csv_reads_back_with_one_header_a_column_none_empty() {
    use jmjp_studio::season::standings::SeasonFiles;
    let dir = two_seasons("csv");
    let files = SeasonFiles::read(&dir).unwrap();
    let s = files.standings(&files.latest());
    for lang in Lang::ALL {
        let path = dir.join(format!("standings-{lang:?}.csv"));
        s.write_csv(&path, lang).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
        let records: Vec<Vec<String>> =
            reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
        let rank = lang.pick("Rank", "順位");
        let headers: Vec<&Vec<String>> = records.iter().filter(|r| r.get(1).is_some_and(|f| f == rank)).collect();
        assert_eq!(headers.len(), 4, "players and teams of two stages: {records:?}");
        for h in &headers {
            assert!(h.iter().all(|f| !f.trim().is_empty()), "an empty header: {h:?}");
            let once: std::collections::BTreeSet<&String> = h.iter().collect();
            assert_eq!(once.len(), h.len(), "a header twice: {h:?}");
        }
        let team = lang.pick("Team", "チーム");
        assert_eq!(headers[0][2], lang.pick("Player", "選手"));
        assert_eq!(headers[1][2], team, "the teams' table");
        assert_eq!(headers[1].iter().filter(|f| *f == team).count(), 1);
        // Every row as long as its header; the stage named on each.
        let mut width = 0;
        for r in &records {
            if headers.iter().any(|h| std::ptr::eq(*h, r)) {
                width = r.len();
            } else {
                assert_eq!(r.len(), width, "{r:?}");
            }
        }
        let semi = headers[2];
        let carried = semi.iter().position(|f| f == lang.pick("Carried", "持ち越し")).unwrap();
        let stage = lang.pick("M League Semifinal Series", "Mリーグ セミファイナルシリーズ");
        let ooi = records.iter().find(|r| r[0] == stage && r[2].starts_with("多井")).unwrap();
        assert_eq!(ooi[carried], "12.5", "{semi:?} {ooi:?}");
        assert_eq!(headers[0][5], lang.pick("Carried", "持ち越し"));
        assert!(
            headers[0].contains(&lang.pick("2025-09-16 (match 2 that day)", "2025-09-16（当日2試合目）").to_string())
        );
    }
}
