#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Every real game of `../shared/corpus/tenhou6/` imports, validates with zero errors, and
//! survives tenhou6 -> jmjp -> tenhou6 and jmjp -> mjai -> jmjp.

use std::path::PathBuf;

use jmjp_studio::format::{self, Discard, Draw, Paifu, Severity};
use jmjp_studio::interop::{mjai, tenhou6};
use jmjp_studio::rules;
use serde_json::Value;

fn corpus() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the corpus folder {} cannot be read: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    assert!(out.len() >= 39, "the corpus holds {} games, expected 39", out.len());
    out
}

/// The parts of a tenhou.net/6 log a `.jmjp` record carries. Not carried (listed in the guide, docs/src/converting.md):
/// the rule object and other top-level keys, the yaku and limit texts of a win, which dora
/// indicators were red fives, a title part that was a number (it becomes text), whether a riichi
/// discard equal to the drawn tile came from the hand (`rc[..]` does not say: it is written r60),
/// and a pao field naming the discarder of a ron without pao (it reads as no pao).
fn carried(v: &Value, paifu: &Paifu) -> Value {
    let title = match v.get("title").and_then(|t| t.as_array()) {
        Some(t) => (0..2)
            .map(|i| match t.get(i) {
                Some(Value::String(s)) => Value::from(s.clone()),
                Some(Value::Number(n)) => Value::from(n.to_string()),
                _ => Value::from(""),
            })
            .collect(),
        None => vec![Value::from(""), Value::from("")],
    };
    let plain = |t: &Value| match t.as_i64() {
        Some(51) => Value::from(15),
        Some(52) => Value::from(25),
        Some(53) => Value::from(35),
        _ => t.clone(),
    };
    let log: Vec<Value> = v["log"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(n, k)| {
            let mut k = k.as_array().unwrap().clone();
            for i in [2, 3] {
                k[i] = Value::from(k[i].as_array().unwrap().iter().map(plain).collect::<Vec<_>>());
            }
            let mut r = k[16].as_array().unwrap().clone();
            if r[0] == "和了" {
                for i in (2..r.len()).step_by(2) {
                    let mut d = r[i].as_array().unwrap()[..3].to_vec();
                    if d[2] == d[1] {
                        d[2] = d[0].clone();
                    }
                    r[i] = Value::from(d);
                }
            }
            // A riichi discard equal to the drawn tile, by player.
            let frame = &paifu.matches[0].frames[n];
            let dealer = usize::from(frame.id.number - 1);
            for act in &frame.flow.as_ref().unwrap().acts {
                if let (Draw::Tile(t) | Draw::Rinshan(t), Some(Discard::Riichi(r))) = (act.draw, act.discard)
                    && t == r
                {
                    let p = (act.seat.index() + dealer) % 4;
                    let same = format!("r{}", tenhou6::code_of(t));
                    for x in k[6 + 3 * p].as_array_mut().unwrap() {
                        if *x == same {
                            *x = Value::from("r60");
                        }
                    }
                }
            }
            k[16] = Value::from(r);
            Value::from(k)
        })
        .collect();
    serde_json::json!({"title": title, "name": v["name"], "log": log})
}

fn import(name: &str, text: &str) -> Paifu {
    tenhou6::import(text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_corpus_game_imports_and_checks_without_errors() {
    let mut failures = Vec::new();
    let (mut frames, mut kyokus) = (0, 0);
    let mut warnings = Vec::new();
    for (name, text) in corpus() {
        kyokus += serde_json::from_str::<Value>(&text).unwrap()["log"].as_array().unwrap().len();
        let paifu = match tenhou6::import(&text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        frames += paifu.matches[0].frames.len();
        let written = format::write(&paifu);
        let doc = format::parse(&written).unwrap();
        for d in rules::check(&doc.paifu, Some(&doc.source_map)) {
            if d.severity == Severity::Error {
                failures.push(format!("{name}: {}", d.render(&written)));
            } else {
                warnings.push(format!("{name}: {}", d.render(&written)));
            }
        }
    }
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(frames, kyokus, "every kyoku becomes a frame");
    eprintln!("{frames} frames, {} warnings:\n{}", warnings.len(), warnings.join("\n"));
}

#[test]
fn tenhou6_to_jmjp_to_tenhou6_keeps_every_carried_field() {
    let mut failures = Vec::new();
    for (name, text) in corpus() {
        let original: Value = serde_json::from_str(&text).unwrap();
        let paifu = import(&name, &text);
        // Through the .jmjp text, not only the record.
        let reread = format::parse(&format::write(&paifu)).unwrap().paifu;
        assert_eq!(reread, paifu, "{name}: the .jmjp text does not round trip");
        let back: Value = serde_json::from_str(&tenhou6::export(&reread).unwrap()).unwrap();
        let (a, b) = (carried(&original, &paifu), carried(&back, &paifu));
        if a != b {
            for (i, (x, y)) in a["log"].as_array().unwrap().iter().zip(b["log"].as_array().unwrap()).enumerate() {
                for (j, (p, q)) in x.as_array().unwrap().iter().zip(y.as_array().unwrap()).enumerate() {
                    if p != q {
                        failures.push(format!("{name} log[{i}][{j}]:\n  was {p}\n  now {q}"));
                    }
                }
            }
            if a["name"] != b["name"] || a["title"] != b["title"] {
                failures.push(format!(
                    "{name}: names or title differ: {} {} / {} {}",
                    a["name"], a["title"], b["name"], b["title"]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn jmjp_to_mjai_to_jmjp_keeps_every_carried_field() {
    for (name, text) in corpus() {
        let mut paifu = import(&name, &text);
        let log = mjai::export(&paifu).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = mjai::import(&log).unwrap_or_else(|e| panic!("{name}: {e}\n{log}"));
        // mjai has no tournament information, and no place for the rules played.
        paifu.matches[0].tour = None;
        paifu.matches[0].rules = None;
        for (f, g) in paifu.matches[0].frames.iter().zip(&back.matches[0].frames) {
            assert_eq!(f, g, "{name}: frame {} differs", f.id);
        }
        assert_eq!(back, paifu, "{name}");
    }
}

#[test]
fn the_slot_after_a_daiminkan_may_be_left_out() {
    let mut stripped_any = 0;
    for (name, text) in corpus() {
        let mut v: Value = serde_json::from_str(&text).unwrap();
        let mut stripped = false;
        for k in v["log"].as_array_mut().unwrap() {
            for p in 0..4 {
                let outs = k[6 + 3 * p].as_array_mut().unwrap();
                let before = outs.len();
                outs.retain(|x| x.as_i64() != Some(0));
                stripped |= outs.len() != before;
            }
        }
        if stripped {
            stripped_any += 1;
            assert_eq!(tenhou6::import(&v.to_string()).unwrap(), import(&name, &text), "{name}");
        }
    }
    assert!(stripped_any >= 5, "only {stripped_any} games have a daiminkan");
}

/// tenhou.net/6 -> .jmjp -> tenhou.net/6 -> .jmjp: the two records are the same, byte for byte,
/// rules comment included; the log written keeps the room in tenhou's own grammar (`rule.disp`),
/// red fives (`aka`), and the players' dan and rate where the original had them.
#[test]
fn tenhou6_round_trips_identical_rules_comment_included() {
    let mut failures = Vec::new();
    let mut ranked = 0;
    for (name, text) in corpus() {
        let original: Value = serde_json::from_str(&text).unwrap();
        let first = import(&name, &text);
        let written = tenhou6::export(&first).unwrap();
        let log: Value = serde_json::from_str(&written).unwrap();
        let again = import(&name, &written);
        if format::write(&again) != format::write(&first) {
            failures.push(format!("{name}: the record differs after a round trip"));
        }
        if first.matches[0].rules != again.matches[0].rules {
            failures.push(format!("{name}: rules {:?} became {:?}", first.matches[0].rules, again.matches[0].rules));
        }
        let disp = log["rule"]["disp"].as_str().unwrap();
        let grammar = disp.starts_with('般')
            && matches!(disp.chars().nth(1), Some('東' | '南'))
            && disp.chars().skip(2).all(|c| c == '喰' || c == '赤');
        if !grammar {
            failures.push(format!("{name}: rule.disp {disp:?} is not in tenhou's grammar"));
        }
        let room = original["rule"]["disp"].as_str().unwrap_or_default();
        if first.matches[0].rules.is_some() && log["rule"]["jmjp"]["room"] != room {
            failures.push(format!("{name}: the room {room:?} is not kept: {}", log["rule"]));
        }
        let red = written.contains("51") || written.contains("52") || written.contains("53");
        if log["rule"]["aka"] != i32::from(red) && red {
            failures.push(format!("{name}: aka {} with red fives", log["rule"]["aka"]));
        }
        if original.get("dan").is_some() {
            ranked += 1;
            if log["dan"] != original["dan"] || log["rate"] != original["rate"] {
                failures.push(format!(
                    "{name}: dan/rate {} {} became {} {}",
                    original["dan"], original["rate"], log["dan"], log["rate"]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
    assert!(ranked >= 20, "only {ranked} corpus games give their players' dan and rate");
}

/// A game whose length the room does not say: `東` when it stayed in the East round, `南` when it
/// went on, and a room without red fives or open tanyao says so.
#[test]
fn rule_disp_follows_the_rules_and_the_length() {
    let (_, text) = corpus().into_iter().find(|(n, _)| n.contains("ranked_game")).unwrap();
    let mut paifu = import("ranked", &text);
    let disp = |p: &Paifu| {
        let v: Value = serde_json::from_str(&tenhou6::export(p).unwrap()).unwrap();
        (v["rule"]["disp"].as_str().unwrap().to_string(), v["rule"]["aka"].clone())
    };
    assert_eq!(disp(&paifu), ("般南喰赤".to_string(), Value::from(1)), "{:?}", paifu.matches[0].rules);
    paifu.matches[0].rules = Some("jpml".into());
    assert_eq!(disp(&paifu), ("般南喰".to_string(), Value::from(0)));
    paifu.matches[0].rules = Some("tenhou, kuitan=no (上東)".into());
    assert_eq!(disp(&paifu), ("般東赤".to_string(), Value::from(1)));
    paifu.matches[0].rules = None;
    paifu.matches[0].frames.retain(|f| f.id.wind == format::Wind::East);
    assert_eq!(disp(&paifu).0, "般東喰赤");
}

/// A game that leaves a player below zero is said to when it is exported (reviewers built on
/// Mortal are reported to refuse such games); one that does not, is not.
#[test]
fn an_export_says_when_a_player_ends_below_zero() {
    let mut below = Vec::new();
    for (name, text) in corpus() {
        let paifu = import(&name, &text);
        let m = &paifu.matches[0];
        let negative = m.frames.iter().any(|f| f.end_points.unwrap().iter().any(|p| p.as_points() < 0));
        let said = jmjp_studio::interop::below_zero(m);
        assert_eq!(said.is_some(), negative, "{name}: {said:?}");
        if let Some(s) = said {
            assert!(s.en.contains("below zero") && s.ja.contains("マイナス"), "{s:?}");
            below.push(name);
        }
    }
    assert!(!below.is_empty(), "no corpus game goes below zero");
    let dir = tempfile::tempdir().unwrap();
    let (name, text) = corpus().into_iter().find(|(n, _)| n == &below[0]).unwrap();
    let told = jmjp_studio::document::file_ops::export_match(&import(&name, &text), 0, &dir.path().join("g.json"));
    assert!(told.unwrap().unwrap().en.contains("below zero"), "{name}");
}
