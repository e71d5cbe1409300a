#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! The official M League viewer's record: the hand-written match of `tests/fixtures/mleague/` reads
//! the same from the bare JSON array and from the page, checks clean under the M League rules,
//! says what the record says (players, teams, season, date, the rules comment; no act times), is
//! written as the typed `.jmjp` byte for byte, and double entry finds the one difference planted
//! in a copy; bad records are refused with where and what, none panics (the fuzz target's seeds
//! and found inputs go through its property here).

use std::path::{Path, PathBuf};

use jmjp_studio::compare::{self, Part, Recording};
use jmjp_studio::format::shorthand::{PlaceToken, StageToken, TeamToken, TourToken};
use jmjp_studio::format::{self, Choice, Date, Paifu, Severity, StrLit, Time, Weekday};
use jmjp_studio::interop::{ConvertError, mleague};
use jmjp_studio::scoring::RuleOptions;

#[path = "../../fuzz/fuzz_targets/mleague_property.rs"]
mod property;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/fixtures/mleague").join(name)).unwrap()
}

fn imported() -> Paifu {
    mleague::import(&fixture("match.json")).unwrap()
}

#[test]
fn the_bare_array_and_the_page_read_the_same() {
    assert!(mleague::looks_like(&fixture("match.json")));
    assert!(mleague::looks_like(&fixture("match.html")));
    assert!(!mleague::looks_like(&fixture("typed.jmjp")));
    assert_eq!(mleague::import(&fixture("match.html")).unwrap(), imported());
}

#[test]
fn the_match_checks_clean_under_the_m_league_rules() {
    let p = imported();
    let found = jmjp_studio::rules::check(&p, None);
    assert!(found.iter().all(|d| d.severity != Severity::Error), "{found:?}");
    // Written to add up: no warning either, and the points are the ones the hands score.
    assert!(found.is_empty(), "{found:?}");
    let scored = jmjp_studio::scoring::check::check(&p, None, &RuleOptions::M_LEAGUE);
    assert!(scored.is_empty(), "{scored:?}");
}

#[test]
fn what_the_record_says_is_in_the_match() {
    let p = imported();
    let m = &p.matches[0];
    assert_eq!(m.rules.as_deref(), Some("m-league"));
    let names: Vec<(String, String)> = m
        .players
        .iter()
        .map(|pl| {
            let n = pl.name.clone().unwrap();
            (n.last.unwrap().native.unwrap(), n.first.map(|f| f.native.unwrap()).unwrap_or_default())
        })
        .collect();
    assert_eq!(names[0], ("山田".to_string(), "太郎".to_string()));
    assert_eq!(names[3], ("高橋".to_string(), "美咲".to_string()));
    let teams: Vec<_> = m.players.iter().map(|pl| pl.team.clone().unwrap()).collect();
    assert_eq!(teams[0], Choice::Known(TeamToken::Drivens));
    assert_eq!(teams[1], Choice::Known(TeamToken::Phoenix));
    assert_eq!(teams[2], Choice::Known(TeamToken::SakuraKnights));
    // BEAST X has no code in the standard: its name, never an invented code.
    assert_eq!(teams[3], Choice::Custom(StrLit::native("BEAST X")));
    let tour = m.tour.clone().unwrap();
    assert_eq!(tour.name, Some(Choice::Known(TourToken::MLeague)));
    assert_eq!(tour.year, Some(2025));
    assert_eq!(tour.stage, Some(Choice::Known(StageToken::MLeagueRegular)));
    assert_eq!((tour.match_in_stage, tour.match_in_day), (Some(19), Some(1)));
    let tp = &m.time_place;
    assert_eq!(tp.date, Some(Date { year: 2025, month: 10, day: 27 }));
    assert_eq!(tp.weekday, Some(Weekday::Mon));
    assert_eq!(tp.time, Some(Time { hour: 19, minute: 0 }));
    assert_eq!(tp.place, Some(Choice::Known(PlaceToken::MLeagueStudio)));
    let ids: Vec<String> = m.frames.iter().map(|f| f.id.to_string()).collect();
    assert_eq!(ids, ["E1-0", "E2-0", "E3-0"]);
    // The record's times rise by a second a command: they are not when the acts happened.
    assert!(m.frames.iter().all(|f| f.flow.as_ref().unwrap().times.is_empty()));
    let text = format::write(&p);
    assert!(
        text.contains("  // rules: m-league\n  tnm[mlg,2025,mlg-reg,19,1]\n  mtp[20251027,mon,1900,mlg-std]\n"),
        "{text}"
    );
    assert!(text.contains("ply[3,(snt[\"高橋\"],snt[\"美咲\"]),snt[\"BEAST X\"],,]"), "{text}");
    assert!(text.contains("pme[7.7,-16.5,51.7,-42.9]"), "{text}");
    assert!(!text.contains('@'), "an act time was written: {text}");
}

#[test]
fn the_import_is_the_typed_file_byte_for_byte() {
    assert_eq!(format::write(&imported()), fixture("typed.jmjp"));
    assert_eq!(format::parse(&fixture("typed.jmjp")).unwrap().paifu, imported());
}

#[test]
fn double_entry_finds_the_one_planted_difference_at_its_line() {
    let a = format::parse(&format::write(&imported())).unwrap();
    let planted = fixture("typed_planted.jmjp");
    let b = format::parse(&planted).unwrap();
    let cmp = compare::compare(Recording::of(&a), Recording::of(&b), &RuleOptions::default());
    assert_eq!(cmp.differences.len(), 1, "{:?}", cmp.differences);
    let d = &cmp.differences[0];
    assert_eq!(d.part, Part::Act);
    assert_eq!(d.frame_id.map(|f| f.to_string()).as_deref(), Some("E2-0"));
    assert_eq!((d.a.as_deref(), d.b.as_deref()), (Some("(e,6s,9m)"), Some("(e,6s,7m)")));
    let line = planted.lines().position(|l| l.trim() == "(e,6s,7m)").unwrap() + 1;
    assert_eq!(d.pos.1.map(|p| p.line as usize), Some(line));
    assert_eq!(d.pos.0.map(|p| p.line as usize), Some(line));
}

/// The record with command `index` (0-based) replaced by `with` (one JSON object).
fn with_command(index: usize, with: &str) -> String {
    let text = fixture("match.json");
    let mut lines: Vec<&str> = text.lines().collect();
    let last = index + 1 == lines.len();
    let old = lines[index];
    let lead = if old.starts_with('[') { "[" } else { "" };
    let tail = if last { "]" } else { "," };
    let replaced = format!("{lead}{with}{tail}");
    lines[index] = &replaced;
    lines.join("\n")
}

/// The command index of the first line of the fixture holding `needle`.
fn index_of(needle: &str) -> usize {
    fixture("match.json").lines().position(|l| l.contains(needle)).unwrap()
}

fn refused(text: &str) -> ConvertError {
    let e = mleague::import(text).unwrap_err();
    assert!(e.message.ja.chars().any(|c| ('\u{3040}'..='\u{9fff}').contains(&c)), "no Japanese: {e:?}");
    e
}

#[test]
fn bad_records_are_refused_with_where_and_what() {
    // Not JSON at all: a line and column.
    let e = refused("[{\"cmd\":\"area\",\"args\":[\"-\"]},\n  {\"cmd\" \"player\"}]");
    assert_eq!(e.at, "line 2, column 10");
    assert!(e.message.en.starts_with("not valid JSON"), "{e}");
    // The same in the page: the line and column in the page.
    let e = refused(
        "<html>\n<script>UMP_PLAYER.init(true, true, '[{\"cmd\":\"area\",\"args\":[\"-\"]}, {\"cmd\" 1}]', autoplay);",
    );
    assert_eq!(e.at, "line 2, column 75");
    // A command with missing args.
    let tsumo = index_of("\"cmd\":\"tsumo\",\"args\":[\"A0\",\"69\",\"9m\"]");
    let e = refused(&with_command(tsumo, r#"{"cmd":"tsumo","args":["A0","69"]}"#));
    assert_eq!(e.at, format!("command {tsumo} (tsumo)").as_str());
    assert_eq!(e.message.en, "argument 3 (a tile) is missing");
    assert_eq!(e.at.ja, format!("コマンド {tsumo}（tsumo）"));
    let e = refused(&with_command(tsumo, r#"{"cmd":"tsumo"}"#));
    assert_eq!(e.message.en, "the command has no list \"args\"");
    // A tile that is not a tile.
    let e = refused(&with_command(tsumo, r#"{"cmd":"tsumo","args":["A0","69","8z"]}"#));
    assert!(e.message.en.starts_with("argument 3: \"8z\" is not a tile"), "{e}");
    // A seat that does not exist.
    let e = refused(&with_command(tsumo, r#"{"cmd":"tsumo","args":["E0","69","9m"]}"#));
    assert!(e.message.en.starts_with("argument 1: \"E0\" is not a seat"), "{e}");
    // A discard without a draw.
    let e = refused(&with_command(tsumo, r#"{"cmd":"say","args":["A0","chi"]}"#));
    assert_eq!(e.at, format!("command {} (sutehai)", tsumo + 1).as_str());
    assert!(e.message.en.starts_with("A0 discards"), "{e}");
    // A command the viewer does not write.
    let e = refused(&with_command(tsumo, r#"{"cmd":"dance","args":[]}"#));
    assert!(e.message.en.starts_with("this is not a command of the M League viewer"), "{e}");
    let page = "<script>UMP_PLAYER.init(true, true, '{\"cmd\":\"area\"}', autoplay);</script>";
    assert!(refused(page).message.en.starts_with("the record must be a JSON list"));
    assert!(refused(r#"{"cmd":"area"}"#).message.en.starts_with("No M League record here"));
    assert!(refused("<html><body>no record</body></html>").message.en.starts_with("No M League record here"));
}

#[test]
fn a_record_cut_short_is_refused() {
    let text = fixture("match.json");
    let lines: Vec<&str> = text.lines().collect();
    // Cut in E2-0, the array still closed.
    let cut = index_of("\"cmd\":\"open\",\"args\":[\"A0\",\"(9s9s9s9s)\"]");
    let short = format!("{}]", lines[..cut].join("\n").trim_end_matches(','));
    let e = refused(&short);
    assert_eq!(e.at, format!("command {} (say)", cut - 1).as_str());
    assert!(e.message.en.starts_with("the record stops during E2-0"), "{e}");
    // Without gameend.
    let n = lines.len();
    let no_end = format!("{}]", lines[..n - 1].join("\n").trim_end_matches(','));
    assert!(refused(&no_end).message.en.starts_with("the record stops after 3 kyoku without gameend"));
    // The text itself cut off.
    let e = refused(&text[..text.len() / 2]);
    assert!(e.message.en.starts_with("the JSON ends too early"), "{e}");
}

#[test]
fn damaged_records_never_panic() {
    // Every command dropped in turn, and every argument of some commands cut: Ok or refused.
    let text = fixture("match.json");
    let lines: Vec<&str> = text.lines().collect();
    for i in 1..lines.len() - 1 {
        let mut l = lines.clone();
        l.remove(i);
        property::mleague(l.join("\n").as_bytes());
    }
    for (i, line) in lines.iter().enumerate().step_by(7) {
        let v: serde_json::Value =
            serde_json::from_str(line.trim_start_matches('[').trim_end_matches([',', ']'])).unwrap();
        let Some(args) = v["args"].as_array() else { continue };
        for keep in 0..args.len() {
            let mut v2 = v.clone();
            v2["args"] = serde_json::Value::Array(args[..keep].to_vec());
            property::mleague(with_command(i, &v2.to_string()).as_bytes());
        }
    }
}

/// The files of `folder`, sorted (none when it is missing).
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut out: Vec<_> = std::fs::read_dir(folder)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn the_fuzz_seeds_and_found_inputs_keep_the_property() {
    let mut n = 0;
    for folder in [root().join("fuzz/seeds/mleague"), root().join("tests/fixtures/fuzz/mleague")] {
        for f in files(&folder) {
            let bytes = std::fs::read(&f).unwrap();
            if std::panic::catch_unwind(|| property::mleague(&bytes)).is_err() {
                panic!("{}: the mleague property fails", f.display());
            }
            n += 1;
        }
    }
    assert!(n >= 3, "no seeds");
    // The seeds themselves import (they are there to show the fuzzer the format).
    for f in files(&root().join("fuzz/seeds/mleague")) {
        let text = std::fs::read_to_string(&f).unwrap();
        let p = mleague::import(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let errors: Vec<_> =
            jmjp_studio::rules::check(&p, None).into_iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", f.display());
    }
    property::mleague(property::in_page(&fixture("match.json")).as_bytes());
}
