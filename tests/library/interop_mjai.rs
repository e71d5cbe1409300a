#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! mjai: the event sequences of the protocol's examples (seeds/004) read into the acts they mean
//! and are written back event for event; bad logs get a line and a reason.

use crate::common;

use jmjp_studio::format::{self, Severity};
use jmjp_studio::interop::mjai;
use jmjp_studio::rules;
use serde_json::Value;

const START: &str = r#"{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}"#;

/// The seed's ron example ends every log: 3 discards C, 1 rons.
const RON: &str = r#"{"type":"tsumo","actor":3,"pai":"?"}
{"type":"dahai","actor":3,"pai":"C","tsumogiri":true}
{"type":"hora","actor":1,"target":3,"pai":"C","deltas":[0,8000,0,-8000],"ura_markers":[]}
{"type":"end_kyoku"}
{"type":"end_game"}"#;

/// The seed's kan examples all go on alike: the rinshan draw, a discard, the new dora indicator
/// after it, and two more turns.
const KAN_TAIL: &str = r#"{"type":"tsumo","actor":0,"pai":"1p"}
{"type":"dahai","actor":0,"pai":"2p","tsumogiri":false}
{"type":"dora","dora_marker":"3s"}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"3s","tsumogiri":true}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"7p","tsumogiri":true}
"#;

fn events(text: &str) -> Vec<Value> {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// What a log reads as, and the events written back. Expected events must come back with the
/// same fields; a hora or ryukyoku may gain fields (deltas, ura_markers, reason, pai). A draw the
/// log left unseen ("?") and then discarded as tsumogiri comes back as the tile it was.
fn round_trip(log: &str) -> String {
    let paifu = mjai::import(log).unwrap_or_else(|e| panic!("{e}"));
    let written = format::write(&paifu);
    let doc = format::parse(&written).unwrap();
    let errors: Vec<String> = rules::check(&doc.paifu, Some(&doc.source_map))
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.render(&written))
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{written}");
    let back = events(&mjai::export(&paifu).unwrap());
    let mut expected = events(log);
    for i in 0..expected.len().saturating_sub(1) {
        let next = expected[i + 1].clone();
        if expected[i]["type"] == "tsumo" && expected[i]["pai"] == "?" && next["tsumogiri"] == true {
            expected[i]["pai"] = next["pai"].clone();
        }
    }
    assert_eq!(
        back.len(),
        expected.len(),
        "event count\n{}",
        back.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n")
    );
    for (e, b) in expected.iter().zip(&back) {
        let extra_allowed = matches!(e["type"].as_str(), Some("hora" | "ryukyoku"));
        let eo = e.as_object().unwrap();
        let bo = b.as_object().unwrap();
        for (k, v) in eo {
            assert_eq!(bo.get(k), Some(v), "field {k} of {e}, written as {b}");
        }
        if !extra_allowed {
            assert_eq!(eo.len(), bo.len(), "{e} written as {b}");
        }
    }
    written
}

#[test]
fn start_kyoku_tsumo_and_dahai() {
    let log = r#"{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["9p","7m","9s","9s","8m","5s","2p","W","C","5s","N","5mr","F"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}
{"type":"tsumo","actor":0,"pai":"6p"}
{"type":"dahai","actor":0,"pai":"W","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"7s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"F","tsumogiri":true}
"#;
    let jmjp = round_trip(&format!("{log}{RON}"));
    // The dora is the tile after the indicator 2s; the dealer's hand keeps its red five.
    assert!(jmjp.contains("frm[E1-0,0.0,,pfs[25.0,25.0,25.0,25.0],3sukukukukukukukukuk,"), "{jmjp}");
    assert!(jmjp.contains("(e,hnd[9p7m9s9s8m5s2pwwrd5snw0mgd,,])"), "{jmjp}");
    assert!(jmjp.contains("(e,6p,ww)\n    (s,uk,7s)\n    (w,gd,tg)"), "{jmjp}");
}

#[test]
fn pon_and_chi_take_the_called_tile_and_discard_in_one_act() {
    let log = r#"{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"5sr","tsumogiri":false}
{"type":"pon","actor":0,"target":1,"pai":"5sr","consumed":["5s","5s"]}
{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"2m","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"3m","tsumogiri":false}
{"type":"tsumo","actor":3,"pai":"?"}
{"type":"dahai","actor":3,"pai":"4p","tsumogiri":true}
{"type":"chi","actor":0,"target":3,"pai":"4p","consumed":["5p","6p"]}
{"type":"dahai","actor":0,"pai":"9m","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"2s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"3s","tsumogiri":false}
"#;
    let jmjp = round_trip(&format!("{START}\n{log}{RON}"));
    assert!(jmjp.contains("(e,pn[5s5s],9p)"), "{jmjp}");
    assert!(jmjp.contains("(n,4p,tg)\n    (e,ch[5p6p],9m)"), "{jmjp}");
    assert!(jmjp.contains("chi[4p,5p6p]pon[0s,5s5s,s]"), "{jmjp}");
}

#[test]
fn kakan_rinshan_and_the_new_dora_after_the_discard() {
    let log = r#"{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"6m","tsumogiri":false}
{"type":"pon","actor":0,"target":1,"pai":"6m","consumed":["6m","6m"]}
{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"7s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"F","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"?"}
{"type":"dahai","actor":3,"pai":"2m","tsumogiri":false}
{"type":"tsumo","actor":0,"pai":"6m"}
{"type":"kakan","actor":0,"pai":"6m","consumed":["6m","6m","6m"]}
"#;
    let jmjp = round_trip(&format!("{START}\n{log}{KAN_TAIL}{RON}"));
    assert!(jmjp.contains("(e,6m,kk[6m])\n    (e,rs[1p],2p)"), "{jmjp}");
    assert!(jmjp.contains(",3suk4sukukukukukukuk,"), "{jmjp}");
}

#[test]
fn daiminkan_has_no_discard_and_draws_from_the_dead_wall() {
    let log = r#"{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"7s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"5m","tsumogiri":true}
{"type":"daiminkan","actor":0,"target":2,"pai":"5m","consumed":["5m","5m","5mr"]}
"#;
    let jmjp = round_trip(&format!("{START}\n{log}{KAN_TAIL}{RON}"));
    assert!(jmjp.contains("(w,5m,tg)\n    (e,dk[5m5m0m],)\n    (e,rs[1p],2p)"), "{jmjp}");
}

#[test]
fn ankan_then_rinshan() {
    let log = r#"{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"7s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"F","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"?"}
{"type":"dahai","actor":3,"pai":"2m","tsumogiri":false}
{"type":"tsumo","actor":0,"pai":"F"}
{"type":"ankan","actor":0,"consumed":["F","F","F","F"]}
"#;
    let jmjp = round_trip(&format!("{START}\n{log}{KAN_TAIL}{RON}"));
    assert!(jmjp.contains("(e,gd,ak[gdgdgdgd])\n    (e,rs[1p],2p)"), "{jmjp}");
}

#[test]
fn reach_then_reach_accepted_and_a_tsumo_win() {
    let log = r#"{"type":"tsumo","actor":0,"pai":"?"}
{"type":"dahai","actor":0,"pai":"3s","tsumogiri":true}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"3m","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"7p","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"?"}
{"type":"dahai","actor":3,"pai":"N","tsumogiri":true}
{"type":"tsumo","actor":0,"pai":"7p"}
{"type":"reach","actor":0}
{"type":"dahai","actor":0,"pai":"3p","tsumogiri":false}
{"type":"reach_accepted","actor":0}
{"type":"tsumo","actor":1,"pai":"?"}
{"type":"dahai","actor":1,"pai":"4s","tsumogiri":false}
{"type":"tsumo","actor":2,"pai":"?"}
{"type":"dahai","actor":2,"pai":"2m","tsumogiri":true}
{"type":"tsumo","actor":3,"pai":"5s"}
{"type":"hora","actor":3,"target":3,"deltas":[-2000,-1000,-1000,5000]}
{"type":"end_kyoku"}
{"type":"end_game"}"#;
    let jmjp = round_trip(&format!("{START}\n{log}"));
    assert!(jmjp.contains("(e,7p,rc[3p])"), "{jmjp}");
    assert!(jmjp.contains("(n,5s,tm)"), "{jmjp}");
    // The riichi stick went to the winner: 25000 - 1000 - 2000, and 25000 + 5000.
    assert!(jmjp.contains("pfe[22.0,24.0,24.0,30.0]"), "{jmjp}");
}

#[test]
fn nine_terminals_is_a_draw_with_no_discard() {
    let log = r#"{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","dora_marker":"2s","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","9m","1p","9p","1s","1s","E","E","S","S","S","P","F"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}
{"type":"tsumo","actor":0,"pai":"C"}
{"type":"ryukyoku"}
{"type":"end_kyoku"}
{"type":"end_game"}"#;
    let paifu = mjai::import(log).unwrap();
    let jmjp = format::write(&paifu);
    assert!(jmjp.contains("(e,rd,)\n"), "{jmjp}");
    // Without deltas the end points are not known: the log says nothing of them.
    assert_eq!(paifu.matches[0].frames[0].end_points, None);
    let with_deltas = log.replace(r#"{"type":"ryukyoku"}"#, r#"{"type":"ryukyoku","deltas":[0,0,0,0]}"#);
    let written = round_trip(&with_deltas);
    assert!(written.contains("pfe[25.0,25.0,25.0,25.0]"));
    let back = mjai::export(&mjai::import(&with_deltas).unwrap()).unwrap();
    assert!(back.contains(r#"{"type":"ryukyoku","reason":"九種九牌","deltas":[0,0,0,0]}"#), "{back}");
}

#[test]
fn tile_names_cover_every_tile() {
    for t in jmjp_studio::format::Tile::ALL {
        assert_eq!(mjai::tile_from_name(mjai::tile_name(t)), Some(t));
    }
    assert_eq!(mjai::tile_name(jmjp_studio::format::Tile::from_code(b"0p").unwrap()), "5pr");
    assert_eq!(mjai::tile_name(jmjp_studio::format::Tile::from_code(b"rd").unwrap()), "C");
}

#[test]
fn bad_logs_say_the_line_and_why() {
    let cases = [
        (format!("{START}\n{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5x\"}}"), "line 3", "not an mjai tile"),
        (format!("{START}\n{{\"type\":\"tsumo\",\"actor\":0"), "line 3", "ends too early"),
        (format!("{START}\n{{\"type\":\"dahai\",\"actor\":7,\"pai\":\"1m\"}}"), "line 3", "not a player"),
        (format!("{START}\n{{\"type\":\"fly\"}}"), "line 3", "not an mjai event type"),
        ("{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}".to_string(), "line 1", "outside a kyoku"),
        (
            format!("{START}\n{{\"type\":\"pon\",\"actor\":1,\"target\":0,\"pai\":\"1m\",\"consumed\":[\"1m\"]}}"),
            "line 3",
            "consumes 2 tiles",
        ),
        (
            format!("{START}\n{{\"type\":\"dahai\",\"actor\":2,\"pai\":\"1m\",\"tsumogiri\":false}}"),
            "line 3",
            "without a draw",
        ),
        (START.replace("\"kyoku\":1", "\"kyoku\":9"), "line 2", "not 1-4"),
    ];
    for (log, at, words) in cases {
        let e = mjai::import(&log).unwrap_err();
        assert!(e.at.starts_with(at) && e.message.contains(words), "{log}\n=> {e}");
        assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e.message);
    }
}
