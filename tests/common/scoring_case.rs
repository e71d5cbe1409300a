//! The cases of `tests/fixtures/scoring_oracle.json` as our win evaluator takes them (shared by
//! the differential test and the scoring benchmark).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use jmjp_studio::scoring::win::{Mentsu, Set, Situation, WinHand, dora_count};
use serde_json::Value;

pub fn fixture() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/scoring_oracle.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

pub fn kinds(v: &Value) -> Vec<usize> {
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

pub fn flag(c: &Value, name: &str) -> bool {
    c[name].as_bool().unwrap()
}

/// The hand and situation of one case, as our evaluator takes them.
pub fn input(c: &Value) -> (WinHand, Situation) {
    let mut concealed = [0u8; 34];
    for k in kinds(&c["concealed"]) {
        concealed[k] += 1;
    }
    let mut all = concealed;
    let mut aka = c["concealed_red"].as_u64().unwrap() as u32;
    let mut melds = Vec::new();
    for m in c["melds"].as_array().unwrap() {
        let ks = kinds(&m["kinds"]);
        for &k in &ks {
            all[k] += 1;
        }
        aka += m["red"].as_u64().unwrap() as u32;
        let first = *ks.iter().min().unwrap();
        let set = match m["type"].as_str().unwrap() {
            "chi" => Set::Run(first),
            "pon" => Set::Triplet(first),
            _ => Set::Kan(first),
        };
        melds.push(Mentsu { set, open: m["opened"].as_bool().unwrap() });
    }
    let sit = Situation {
        tsumo: flag(c, "tsumo"),
        riichi: flag(c, "riichi"),
        double_riichi: flag(c, "double_riichi"),
        ippatsu: flag(c, "ippatsu"),
        rinshan: flag(c, "rinshan"),
        chankan: flag(c, "chankan"),
        haitei: flag(c, "haitei"),
        houtei: flag(c, "houtei"),
        tenhou: flag(c, "tenhou"),
        chiihou: flag(c, "chiihou"),
        seat_wind: c["seat_wind"].as_u64().unwrap() as usize,
        round_wind: c["round_wind"].as_u64().unwrap() as usize,
        dora: dora_count(&all, kinds(&c["dora_indicators"])),
        ura: dora_count(&all, kinds(&c["ura_indicators"])),
        aka,
    };
    (WinHand { concealed, melds, win: c["win"].as_u64().unwrap() as usize }, sit)
}
