//! The roster file and what it remembers: people seen in matches, their tournament points after
//! each, two spellings kept apart until merged, a damaged file set aside.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use jmjp_studio::document::io;
use jmjp_studio::format::{Paifu, Points};
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
    use jmjp_studio::i18n::Lang;
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
    let s = standings(&dir, Lang::En).unwrap();
    assert_eq!(s.title, "M League 2023");
    let row = |name: &str| s.players.iter().find(|r| r.name.starts_with(name)).unwrap();
    assert_eq!((row("多井").rank, row("多井").tied, row("多井").total), (1, true, Points(250)));
    assert_eq!((row("佐々木").rank, row("佐々木").tied), (1, true));
    assert_eq!((row("瀬戸熊").rank, row("園田").rank, row("園田").total), (3, 4, Points(-150)));
    let suzuki = row("鈴木");
    assert_eq!((suzuki.played, suzuki.cells[1]), (1, None), "the match he did not play is shown as such");
    assert_eq!(row("瀬戸熊").played, 1);
    let csv = s.csv(Lang::En);
    let tied: Vec<&str> = csv.lines().skip(1).take(2).collect();
    assert!(tied.contains(&"=1,多井 隆晴 (Ooi Takaharu),Shibuya Abemas,2,25.0,20.0,5.0"), "{tied:?}");
    assert!(tied.iter().all(|l| l.starts_with("=1,")), "{tied:?}");
    // A folder with nothing of a tournament in it is an error in both languages.
    let empty = folder("standings-empty");
    let e = standings(&empty, Lang::En).unwrap_err();
    assert!(e.en.contains("no .jmjp file") && e.ja.contains("見つかりません"));
}
