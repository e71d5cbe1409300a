#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! tenhou's mjlog XML: each real game of `tests/fixtures/mjlog/` gives the record its tenhou.net/6
//! JSON gives (`../shared/corpus/tenhou6/`), and validates; names, ranks and the room are read; a
//! log cut off gives its complete frames and says what it left out; a three-player game and
//! broken input are refused with a line, a column and a reason.

use std::path::PathBuf;

use jmjp_studio::format::{self, Match, Paifu, Severity};
use jmjp_studio::interop::{ConvertError, mjlog, tenhou6};
use jmjp_studio::rules;

/// The fixtures with the tenhou.net/6 log of the same game (tests/fixtures/mjlog/README.md).
const PAIRS: [(&str, &str); 15] = [
    ("doubleron.xml", "pantheon_doubleron.json"),
    ("doubleron_and_honba.xml", "pantheon_doubleron_and_honba.json"),
    ("four_kan_draw.xml", "pantheon_four_kan_draw.json"),
    ("four_riichi_draw.xml", "pantheon_four_riichi_draw.json"),
    ("four_wind_draw.xml", "pantheon_four_wind_draw.json"),
    ("nine_terminal_draw.xml", "pantheon_nine_terminal_draw.json"),
    ("openhand_bug.xml", "pantheon_usual.json"),
    ("pao_ron.xml", "pantheon_pao_ron.json"),
    ("pao_tsumo.xml", "pantheon_pao_tsumo.json"),
    ("suuankou_no_dealer_tsumo_no_pao.xml", "pantheon_suuankou_no_dealer_tsumo_no_pao.json"),
    ("suukantsu_dealer_tsumo_no_pao.xml", "pantheon_suukantsu_dealer_tsumo_no_pao.json"),
    ("triple_ron_draw.xml", "pantheon_triple_ron_draw.json"),
    ("tripleyakuman.xml", "pantheon_tripleyakuman.json"),
    ("west.xml", "pantheon_west.json"),
    ("yakuman_ron_no_pao.xml", "pantheon_yakuman_ron_no_pao.json"),
];

/// The fixtures whose game has no tenhou.net/6 log in the corpus.
const UNPAIRED: [&str; 3] = ["usual.xml", "nagashi.xml", "doubleron_and_riichi.xml"];

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjlog").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn corpus(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn import(name: &str) -> Paifu {
    mjlog::import(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {}", e.text()))
}

/// Two mjlog files whose header Pantheon edited (copied `UN` ranks; `type="1"`, an East game, on
/// a game that reaches West): their rules comment differs from the tenhou.net/6 log's.
const EDITED_HEADER: [&str; 2] = ["doubleron_and_honba.xml", "west.xml"];

/// The record without what the two logs of one game say apart: the players' names (Pantheon
/// replaced them in the mjlog files), and the rules comment where Pantheon edited the header.
fn comparable(mut p: Paifu, xml: &str) -> Paifu {
    for m in &mut p.matches {
        if EDITED_HEADER.contains(&xml) {
            m.rules = None;
        }
        for player in &mut m.players {
            player.name = None;
        }
    }
    p
}

/// The first line where two texts differ, with the lines around it.
fn text_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let n = (0..la.len().max(lb.len())).find(|&i| la.get(i) != lb.get(i)).unwrap_or(0);
    let around = |l: &[&str]| l[n.saturating_sub(3)..(n + 4).min(l.len())].join("\n");
    format!("line {}:\n--- mjlog\n{}\n--- tenhou.net/6\n{}", n + 1, around(&la), around(&lb))
}

/// Where two records of one match first differ: the first frame, written as `.jmjp`.
fn first_difference(a: &Match, b: &Match) -> String {
    if a.frames.len() != b.frames.len() {
        return format!("{} frames, the tenhou.net/6 log gives {}", a.frames.len(), b.frames.len());
    }
    for (i, (f, g)) in a.frames.iter().zip(&b.frames).enumerate() {
        if f != g {
            let one = |frame: &format::Frame| {
                format::write(&Paifu { matches: vec![Match { frames: vec![frame.clone()], ..a.clone() }] })
            };
            let (ta, tb) = (one(f), one(g));
            let detail = if ta == tb { format!("{f:#?}\n---\n{g:#?}") } else { text_difference(&ta, &tb) };
            return format!("frame {i} ({}) differs at {detail}", f.id);
        }
    }
    let (x, y) = (Match { frames: vec![], ..a.clone() }, Match { frames: vec![], ..b.clone() });
    format!("the match differs besides its frames:\n{x:#?}\n---\n{y:#?}")
}

#[test]
fn each_mjlog_gives_the_record_of_the_tenhou6_log_of_its_game() {
    let mut wrong = Vec::new();
    let mut frames = 0;
    for (xml, json) in PAIRS {
        let a = comparable(import(xml), xml);
        let b = comparable(tenhou6::import(&corpus(json)).unwrap(), xml);
        frames += b.matches[0].frames.len();
        if a != b {
            wrong.push(format!("{xml} / {json}: {}", first_difference(&a.matches[0], &b.matches[0])));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(frames > 150, "{frames} frames compared");
}

#[test]
fn every_fixture_imports_whole_and_the_rules_find_no_error() {
    for name in PAIRS.iter().map(|p| p.0).chain(UNPAIRED) {
        let (paifu, note) = mjlog::import_noted(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {}", e.text()));
        assert_eq!(note, None, "{name}");
        let errors: Vec<_> = rules::check(&paifu, None).into_iter().filter(|d| d.severity == Severity::Error).collect();
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        let m = &paifu.matches[0];
        assert!(m.rules.as_deref().is_some_and(|r| r.starts_with("tenhou (")), "{name}: {:?}", m.rules);
        // What imports can be written as .jmjp and read back.
        let text = format::write(&paifu);
        assert_eq!(format::parse(&text).unwrap().paifu, paifu, "{name}");
    }
    // The players of the real logs and their ranks.
    let m = &import("pao_tsumo.xml").matches[0];
    let rules = m.rules.as_deref().unwrap();
    assert_eq!(rules, "tenhou (般南喰赤; 三段 R1689.61 / 新人 R1500 / 新人 R1500 / ３級 R1599.43)");
    let name = m.players[0].name.as_ref().and_then(|n| n.last.as_ref()).and_then(|l| l.native.clone());
    assert_eq!(name.as_deref(), Some("player1"));
    // A player coming back (`<UN n0=".."/>` in the middle) renames nobody.
    let names: Vec<String> = import("usual.xml").matches[0]
        .players
        .iter()
        .map(|p| p.name.as_ref().and_then(|n| n.last.as_ref()).and_then(|l| l.native.clone()).unwrap())
        .collect();
    assert_eq!(names, ["player1", "player2", "player3", "player4"]);
    assert!(import("openhand_bug.xml").matches[0].rules.as_deref().unwrap().starts_with("tenhou (鳳南喰赤; "));
    assert!(mjlog::looks_like(&fixture("usual.xml")));
    assert!(!mjlog::looks_like(&corpus("pantheon_usual.json")));
}

/// A game of one kyoku: the dealer draws into nine kinds of terminals and honours and ends the
/// kyoku. `go` and `un` are its `<GO/>` and `<UN/>`, `play` comes between the draw and the end.
fn small(go: &str, un: &str, play: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- a hand-written game -->
<mjloggm ver="2.3">
<SHUFFLE seed="mt19937ar-sha512-n288-base64,AAAA" ref=""/>
{go}
{un}
<TAIKYOKU oya="0"/>
<INIT seed="0,0,0,2,3,53" ten="250,250,250,250" oya="0" hai0="0,32,36,68,72,104,108,112,116,120,124,128,132" hai1="4,5,6,7,8,9,10,11,12,13,14,15,16" hai2="17,18,19,20,21,22,23,24,25,26,27,28,29" hai3="40,41,42,43,44,45,46,47,48,49,50,51,52"/>
<T1/>{play}
<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="0,1,32,36,68,72,104,108,112,116,120,124,128,132" owari="250,0.0,250,0.0,250,0.0,250,0.0"/>
</mjloggm>
"#
    )
}

const GO: &str = r#"<GO type="9" lobby="0"/>"#;
const UN: &str = r#"<UN n0="%E3%81%82%E3%81%84" n1="B%20C" n2="D" n3="" dan="10,9,20,0" rate="1528.00,1516,2100.5,1500" sx="M,F,M,M"/>"#;

#[test]
fn names_ranks_and_the_room_are_read() {
    let paifu = mjlog::import(&small(GO, UN, "")).unwrap();
    let m = &paifu.matches[0];
    let names: Vec<Option<String>> = m
        .players
        .iter()
        .map(|p| p.name.as_ref().and_then(|n| n.last.as_ref()).and_then(|l| l.native.clone()))
        .collect();
    assert_eq!(names, [Some("あい".to_string()), Some("B C".to_string()), Some("D".to_string()), None]);
    let rules = m.rules.as_deref().unwrap();
    assert!(rules.starts_with("tenhou ("), "{rules}");
    assert_eq!(rules, "tenhou (般南喰赤; 初段 R1528 / １級 R1516 / 天鳳位 R2100.5 / 新人 R1500)");
    assert_eq!(m.frames.len(), 1);
    assert_eq!(m.frames[0].id.to_string(), "E1-0");
    assert!(rules::check(&paifu, None).iter().all(|d| d.severity != Severity::Error));
    let hands = &m.frames[0].flow.as_ref().unwrap().start_hands;
    assert!(format!("{:?}", hands[1].hand.tiles).contains(&format!("{:?}", format::Tile::from_code(b"0m").unwrap())));

    // No red fives (bit 0x02), no open tanyao (0x04): tile 16 is a plain 5m.
    let plain = mjlog::import(&small(r#"<GO type="11" lobby="0"/>"#, UN, "")).unwrap();
    let rules = plain.matches[0].rules.as_deref().unwrap();
    assert!(rules.starts_with("tenhou, red=none ("), "{rules}");
    assert!(rules.contains("(般南喰;"), "{rules}");
    let hand = &plain.matches[0].frames[0].flow.as_ref().unwrap().start_hands[1].hand.tiles;
    assert!(hand.iter().all(|t| !t.is_red()), "{hand:?}");
    // Without <GO/> and <UN/>: no room, no names.
    let bare = mjlog::import(&small("", "", "")).unwrap();
    assert_eq!(bare.matches[0].rules, None);
    assert!(bare.matches[0].players.iter().all(|p| p.name.is_none()));
    assert_eq!(mjlog::import(&format!("\u{feff}{}", small(GO, UN, ""))).unwrap(), paifu);
}

/// The names of the tags of play after the `n`th `<INIT` of `text`, with where each starts.
fn acts_after_init(text: &str, n: usize) -> Vec<usize> {
    let start = text.match_indices("<INIT").nth(n).unwrap().0;
    let end = text[start + 1..].find("<INIT").map_or(text.len(), |e| start + 1 + e);
    text[start..end]
        .match_indices('<')
        .map(|(i, _)| start + i)
        .filter(|&i| {
            let name: String = text[i + 1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            let numbered = name.len() > 1 && name[1..].bytes().all(|b| b.is_ascii_digit());
            (numbered && "TUVWDEFG".contains(&name[..1])) || name == "N"
        })
        .collect()
}

#[test]
fn a_log_cut_off_gives_its_complete_frames_and_says_what_is_left_out() {
    let text = fixture("pao_ron.xml");
    let whole = import("pao_ron.xml");
    let acts = acts_after_init(&text, 4);
    // Cut inside the 13th draw, discard or call of the fifth kyoku, then right after the 12th.
    for cut in [acts[12] + 2, acts[12]] {
        let (paifu, note) = mjlog::import_noted(&text[..cut]).unwrap();
        assert_eq!(paifu.matches[0].frames[..], whole.matches[0].frames[..4]);
        let note = note.expect("a note");
        let frame = whole.matches[0].frames[4].id.to_string();
        assert_eq!(
            note.en,
            format!(
                "the log stops during {frame}: its 12 draws, discards and calls so far are left out; the 4 complete frames before it are read."
            )
        );
        let frame_ja = whole.matches[0].frames[4].id.name(jmjp_studio::i18n::Lang::Ja);
        assert!(note.ja.contains(&frame_ja) && note.ja.contains("12 件") && note.ja.contains("4 局"), "{}", note.ja);
        assert_eq!(mjlog::import(&text[..cut]).unwrap(), paifu);
    }
    // Closed after a kyoku that has not ended: the same.
    let (paifu, note) = mjlog::import_noted(&format!("{}</mjloggm>", &text[..acts[12]])).unwrap();
    assert_eq!(paifu.matches[0].frames.len(), 4);
    assert!(note.is_some());
    // Cut after a win that does not end the game: another winner may have followed.
    let fifth = text.match_indices("<INIT").nth(5).unwrap().0;
    let (paifu, note) = mjlog::import_noted(&text[..fifth]).unwrap();
    assert_eq!(paifu.matches[0].frames.len(), 4);
    assert!(note.unwrap().en.contains(&whole.matches[0].frames[4].id.to_string()));
    // Cut after the last kyoku (it has the final scores) but before </mjloggm>: the whole game.
    let last = text.rfind("</mjloggm>").unwrap();
    assert_eq!(mjlog::import_noted(&text[..last]).unwrap(), (whole.clone(), None));
    // Broken in the middle (a comment or a value left open) with the log going on after it: not
    // a log cut short, but damage, refused where it starts.
    for damage in ["<!-- oops", "<T12 x=\"/>"] {
        let at = acts[3];
        let e = mjlog::import(&format!("{}{damage}{}", &text[..at], &text[at..])).unwrap_err();
        assert!(e.message.en.contains("the XML is broken here") && e.message.ja.contains("壊れて"), "{}", e.text());
        let line = text[..at].lines().count();
        assert!(e.at.en.starts_with(&format!("line {line}, ")), "{damage}: {} (line {line})", e.text());
    }
    // Cut in the first kyoku: nothing complete to read.
    let first = acts_after_init(&text, 0);
    let e = mjlog::import(&text[..first[5] + 3]).unwrap_err();
    assert!(e.message.en.contains("no complete kyoku") && e.message.en.contains("after 5 draws"), "{}", e.text());
    assert!(e.at.en.starts_with("line "), "{}", e.text());
}

#[test]
fn a_three_player_game_is_refused() {
    let e = mjlog::import(&small(r#"<GO type="25" lobby="0"/>"#, UN, "")).unwrap_err();
    assert_eq!(e.message.en, "This is a three-player game (sanma): this program records four-player games only.");
    assert!(e.message.ja.contains("三人麻雀"), "{}", e.message.ja);
    assert_eq!(e.at.en, "line 5, column 1");
    assert_eq!(e.at.ja, "5 行 1 文字目");
}

/// The error of `text`, which must have its place (a line and a column) and its Japanese half.
fn refused(text: &str) -> ConvertError {
    let e = mjlog::import(text).expect_err("refused");
    assert!(e.at.en.starts_with("line ") && e.at.en.contains(", column "), "{}", e.text());
    assert!(e.at.ja.contains("行") && e.message.ja != e.message.en, "{:?}", e);
    e
}

#[test]
fn broken_input_is_refused_with_its_line_and_column() {
    let cases: [(String, &str, &str); 12] = [
        ("hello world".into(), "line 1, column 1", "not a tenhou mjlog"),
        ("{\"log\":[]}".into(), "line 1, column 1", "not a tenhou mjlog"),
        (small(GO, UN, "\ngarbage"), "line 10, column 1", "text where only tags belong: 'garbage'"),
        (small(GO, r#"<UN n0="%E3%81%8" n1="B"/>"#, ""), "line 6, column 5", "the %-escape at character 7 is broken"),
        (small(GO, UN, "<T200/>"), "line 9, column 6", "T200: 200 is not a tile"),
        (small(GO, UN, r#"<REACH who="7" step="1"/>"#), "line 9, column 13", "who: 7 is not a player"),
        (small(GO, UN, r#"<N who="0" m="32"/>"#), "line 9, column 17", "three-player act"),
        (small(GO, UN, "<D2/>"), "line 9, column 6", "player 0 does not hold tile 2 (1m)"),
        (small(GO, UN, "</D1>"), "line 9, column 6", "the closing tag </D1> does not close <mjloggm>"),
        (small(GO, UN, "<D1 x=1/>"), "line 9, column 6", "the attributes of this tag are broken"),
        (
            small(GO, UN, "").replace(" hai3=\"40,41,42,43,44,45,46,47,48,49,50,51,52\"", ""),
            "line 8, column 1",
            "<INIT> has no hai3 attribute",
        ),
        (
            small(GO, UN, "").replace("seed=\"0,0,0,2,3,53\"", "seed=\"0,0,0,2,3\""),
            "line 8, column 7",
            "seed holds 5 numbers where 6 belong",
        ),
    ];
    for (text, at, message) in cases {
        let e = refused(&text);
        assert_eq!(e.at.en, at, "{}", e.text());
        assert!(e.message.en.contains(message), "{}", e.text());
    }
    // Out of range: a round, a score, a call's bits.
    for (from, to, message) in [
        ("seed=\"0,0,0,2,3,53\"", "seed=\"16,0,0,2,3,53\"", "seed: 16 is out of range"),
        ("ten=\"250,250,250,250\"", "ten=\"99999999,250,250,250\"", "ten: 99999999 is out of range"),
        ("<T1/>", "<T1/><N who=\"1\" m=\"65536\"/>", "m: 65536 is out of range"),
        ("<T1/>", "<T1/><DORA hai=\"0\"/>", "tile 0 (1m) appears a second time"),
        (
            "sc=\"250,0,250,0,250,0,250,0\"",
            "sc=\"250,0,250,10,250,-10,250,0\"",
            "abortive draw (九種九牌) moves no points",
        ),
    ] {
        let e = refused(&small(GO, UN, "").replace(from, to));
        assert!(e.message.en.contains(message), "{}", e.text());
    }
    // No kyoku at all.
    let e = refused("<mjloggm ver=\"2.3\"><GO type=\"9\"/></mjloggm>");
    assert!(e.message.en.contains("no kyoku"), "{}", e.text());
}

/// A file far larger than any game's log (a small gzip file can hold one) is refused before it is
/// read tag by tag, as is an M League record of that size.
#[test]
fn a_file_far_larger_than_one_game_is_not_read() {
    use jmjp_studio::interop::{self, Format};
    let junk = format!("<mjloggm ver=\"2.3\">{}</mjloggm>", "<X/>".repeat(3 << 20));
    for format in [Format::Mjlog, Format::MLeague] {
        let e = interop::import(format, &junk).unwrap_err();
        assert!(
            e.message.en.contains("is over 8 MiB, so it is not read") && e.message.ja.contains("8 MiB"),
            "{}",
            e.text()
        );
    }
}
