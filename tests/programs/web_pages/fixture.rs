//! A small replay by SCHEMA.md, written by hand: two frames of a match with Japanese names.
//! Frame E1-0: a tsumogiri, a riichi (West, seat 2), a pon by seat 0 of seat 3's 5m, a ron by
//! seat 2 on seat 1's 6p. Frame E2-0: two tsumogiri and an exhaustive draw.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::{Value, json};

pub const NAMES: [&str; 4] = ["多井 隆晴", "園田 賢", "Kurosawa Sakura", "瑞原 明奈"];

fn tiles(list: &str) -> Vec<Value> {
    let mut tiles: Vec<&str> = list.split_whitespace().collect();
    tiles.sort_by_key(|t| sort_key(t));
    tiles.into_iter().map(|t| json!(t)).collect()
}

/// The order of a sorted hand: man, pin, sou, winds, dragons; a red five as a five.
fn sort_key(tile: &str) -> (usize, usize) {
    let honours = ["ew", "sw", "ww", "nw", "wd", "gd", "rd"];
    if let Some(i) = honours.iter().position(|h| *h == tile) {
        return (3, i);
    }
    let (n, suit) = tile.split_at(1);
    let n: usize = n.parse().unwrap();
    let suit = "mps".find(suit).unwrap();
    let five_or_n = if n == 0 { 5 } else { n };
    (suit, five_or_n * 2 + usize::from(n == 0))
}

fn sort_hand(seat: &mut Value) {
    let mut hand: Vec<String> =
        seat["hand"].as_array().unwrap().iter().map(|t| t.as_str().unwrap().to_string()).collect();
    hand.sort_by_key(|t| sort_key(t));
    seat["hand"] = json!(hand);
}

fn remove_from_hand(seat: &mut Value, tile: &str) {
    let hand = seat["hand"].as_array_mut().unwrap();
    let i = hand.iter().position(|t| t == tile).unwrap_or_else(|| panic!("{tile} not in hand {hand:?}"));
    hand.remove(i);
}

/// One frame's tables, act by act: each act copies the last table and changes it.
pub struct Frame {
    pub name: String,
    pub states: Vec<Value>,
}

impl Frame {
    pub fn deal(
        index: usize,
        round: &str,
        hand: usize,
        dealer: usize,
        points: [i64; 4],
        dora: &str,
        hands: [&str; 4],
    ) -> Frame {
        let winds = ["E", "S", "W", "N"];
        let name = format!("{round}{hand}-0");
        let seats: Vec<Value> = (0..4)
            .map(|s| {
                json!({"seat": s, "wind": winds[(s + 4 - dealer) % 4], "name": NAMES[s], "points": points[s],
                    "riichi": false, "river": [], "melds": [], "hand": tiles(hands[s]), "drawn": null, "waits": []})
            })
            .collect();
        let table = json!({
            "id": "", "title": "Studio cup 2024 · 第1試合",
            "frame": {"index": index, "name": name, "round": round, "hand": hand, "honba": 0, "kyoutaku": 0,
                "dealer": dealer, "wall_left": 70, "dora": [dora], "acts": 0, "last": null},
            "seats": seats, "end": null
        });
        Frame { name, states: vec![table] }
    }

    /// A new act: the last table copied, `last` set, then `change` applied.
    pub fn act(&mut self, seat: usize, kind: &str, tile: Option<&str>, change: impl FnOnce(&mut Value)) -> &mut Self {
        let mut table = self.states.last().unwrap().clone();
        let frame = &mut table["frame"];
        frame["acts"] = json!(frame["acts"].as_u64().unwrap() + 1);
        frame["last"] = json!({"seat": seat, "kind": kind, "tile": tile});
        change(&mut table);
        self.states.push(table);
        self
    }

    pub fn draw(&mut self, seat: usize, tile: &str) -> &mut Self {
        let tile = tile.to_string();
        self.act(seat, "draw", Some(&tile.clone()), move |t| {
            t["frame"]["wall_left"] = json!(t["frame"]["wall_left"].as_u64().unwrap() - 1);
            t["seats"][seat]["drawn"] = json!(tile);
        })
    }

    /// A discard of `tile`: the drawn tile (tsumogiri) or one from the hand.
    pub fn discard(&mut self, seat: usize, tile: &str, riichi: bool) -> &mut Self {
        let tile = tile.to_string();
        let kind = if riichi { "riichi" } else { "discard" };
        self.act(seat, kind, Some(&tile.clone()), move |t| {
            let s = &mut t["seats"][seat];
            let tsumogiri = s["drawn"] == json!(tile);
            if !tsumogiri {
                remove_from_hand(s, &tile);
                if let Some(drawn) = s["drawn"].as_str().map(str::to_string) {
                    s["hand"].as_array_mut().unwrap().push(json!(drawn));
                }
                sort_hand(s);
            }
            s["drawn"] = Value::Null;
            s["river"]
                .as_array_mut()
                .unwrap()
                .push(json!({"tile": tile, "tsumogiri": tsumogiri, "riichi": riichi, "called": false}));
            if riichi {
                s["riichi"] = json!(true);
                s["points"] = json!(s["points"].as_i64().unwrap() - 1000);
                t["frame"]["kyoutaku"] = json!(t["frame"]["kyoutaku"].as_u64().unwrap() + 1);
            }
        })
    }

    pub fn set_waits(&mut self, seat: usize, waits: &[&str]) -> &mut Self {
        self.states.last_mut().unwrap()["seats"][seat]["waits"] = json!(waits);
        self
    }

    /// A pon by `seat` of the last discard of `from`, with two tiles from the hand.
    pub fn pon(&mut self, seat: usize, from: usize, with: [&str; 2]) -> &mut Self {
        let called = self.states.last().unwrap()["seats"][from]["river"].as_array().unwrap().last().unwrap()["tile"]
            .as_str()
            .unwrap()
            .to_string();
        self.act(seat, "pon", Some(&called.clone()), move |t| {
            t["seats"][from]["river"].as_array_mut().unwrap().last_mut().unwrap()["called"] = json!(true);
            let s = &mut t["seats"][seat];
            for tile in with {
                remove_from_hand(s, tile);
            }
            s["melds"]
                .as_array_mut()
                .unwrap()
                .push(json!({"kind": "pon", "tiles": [called, with[0], with[1]], "from": from}));
        })
    }

    pub fn end(
        &mut self,
        seat: usize,
        kind: &str,
        tile: Option<&str>,
        deltas: [i64; 4],
        en: &str,
        ja: &str,
    ) -> &mut Self {
        let act = if kind == "draw" { "draw_end" } else { kind };
        let end = json!({"kind": kind, "deltas": deltas, "text": {"en": en, "ja": ja}});
        self.act(seat, act, tile, move |t| t["end"] = end)
    }

    pub fn table(&self, act: usize) -> Value {
        self.states[act].clone()
    }
}

/// Frame E1-0 (dealer seat 0): 14 tables, acts 0..=13.
pub fn first_frame() -> Frame {
    let mut f = Frame::deal(
        0,
        "E",
        1,
        0,
        [25000; 4],
        "3s",
        [
            "5m 0m 9m 2p 3p 4p 7p 8p 3s 4s ww nw nw",
            "1m 2m 3m 4p 6p 6p 7s 8s 9s 1s 2s gd rd",
            "2m 3m 4m 4p 5p 4s 5s 6s 7s 7s wd ew ew",
            "1p 1p 5m 6m 7m 2s 3s 4s 8p 8p 9p sw sw",
        ],
    );
    f.draw(0, "6m") // act 1
        .discard(0, "ww", false) // 2
        .draw(1, "1s") // 3
        .discard(1, "1s", false) // 4: tsumogiri
        .draw(2, "ew") // 5
        .discard(2, "wd", true) // 6: riichi
        .set_waits(2, &["3p", "6p"])
        .draw(3, "gd") // 7
        .discard(3, "5m", false) // 8
        .pon(0, 3, ["5m", "0m"]) // 9
        .discard(0, "nw", false) // 10
        .draw(1, "9p") // 11
        .discard(1, "6p", false) // 12
        .end(2, "ron", Some("6p"), [0, -8000, 9000, 0], "West ron 8000", "西 ロン 8000"); // 13
    f
}

/// Frame E2-0 (dealer seat 1): 6 tables, acts 0..=5.
pub fn second_frame() -> Frame {
    let mut f = Frame::deal(
        1,
        "E",
        2,
        1,
        [25000, 17000, 33000, 25000],
        "ew",
        [
            "1m 1m 9m 2p 3p 4p 7p 8p 3s 4s ww nw nw",
            "1m 2m 3m 4p 5p 6p 7s 8s 9s 1s 2s gd rd",
            "2m 3m 4m 4p 5p 4s 5s 6s 7s 7s wd ew ew",
            "1p 1p 5m 6m 7m 2s 3s 4s 8p 8p 9p sw sw",
        ],
    );
    f.draw(1, "2p").discard(1, "2p", false).draw(2, "8m").discard(2, "8m", false).end(
        2,
        "draw",
        None,
        [-1500, 1500, 1500, -1500],
        "Exhaustive draw",
        "流局",
    );
    f
}

pub fn replay() -> Value {
    let frames = [first_frame(), second_frame()];
    let counts = |w: u32, d: u32, r: u32, c: u32| json!({"wins": w, "dealins": d, "riichi": r, "called": c});
    let zero = json!([counts(0, 0, 0, 0), counts(0, 0, 0, 0), counts(0, 0, 0, 0), counts(0, 0, 0, 0)]);
    let after_first = json!([counts(0, 0, 0, 1), counts(0, 1, 0, 0), counts(1, 0, 1, 0), counts(0, 0, 0, 0)]);
    json!({
        "title": "Studio cup 2024 · 第1試合",
        "players": NAMES,
        "frames": frames.iter().map(|f| json!({"name": f.name, "states": f.states})).collect::<Vec<_>>(),
        "chart": [[25000, 25000, 25000, 25000], [25000, 17000, 33000, 25000], [23500, 18500, 34500, 23500]],
        // East called, South dealt in, West won with a riichi; the draw counts nothing more.
        "figures": [zero, after_first, after_first]
    })
}

/// The same table without hands (what the overlay gets without `hands=1`).
pub fn without_hands(mut table: Value) -> Value {
    for seat in table["seats"].as_array_mut().unwrap() {
        seat["hand"] = Value::Null;
        seat["drawn"] = Value::Null;
        seat["waits"] = Value::Null;
    }
    if table["frame"]["last"]["kind"] == "draw" {
        table["frame"]["last"]["tile"] = Value::Null;
    }
    table
}

fn river(list: &str, riichi_at: Option<usize>, called_at: &[usize]) -> Vec<Value> {
    list.split_whitespace()
        .enumerate()
        .map(|(i, t)| {
            json!({"tile": t, "tsumogiri": i % 3 == 1, "riichi": riichi_at == Some(i), "called": called_at.contains(&i)})
        })
        .collect()
}

/// A table late in a frame with everything at its largest: rivers of 18 to 21 tiles, one seat
/// with four melds (every kind of kan among them), hands and waits.
pub fn busy_table() -> Value {
    let mut t = first_frame().table(0);
    let r = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s";
    let long = |n: usize| r.split_whitespace().take(n).collect::<Vec<_>>().join(" ");
    t["frame"]["dora"] = json!(["3s", "ew", "9p", "wd"]);
    t["frame"]["wall_left"] = json!(3);
    t["frame"]["honba"] = json!(2);
    t["frame"]["kyoutaku"] = json!(3);
    t["frame"]["last"] = json!({"seat": 3, "kind": "draw", "tile": "nw"});
    let seats = t["seats"].as_array_mut().unwrap();
    seats[0]["river"] = json!(river(&long(20), Some(7), &[3]));
    seats[0]["riichi"] = json!(true);
    seats[0]["hand"] = json!(tiles("2p 3p 4p 6s 7s 8s 9s 9s ew ew"));
    seats[0]["melds"] = json!([{"kind": "kakan", "tiles": ["5p", "5p", "0p", "5p"], "from": 2}]);
    seats[0]["waits"] = json!(["ew", "9s"]);
    seats[1]["river"] = json!(river(&long(19), None, &[5, 11]));
    seats[1]["hand"] = json!(tiles("3m 4m 5m 6m"));
    seats[1]["melds"] = json!([
        {"kind": "ankan", "tiles": ["1s", "1s", "1s", "1s"], "from": null},
        {"kind": "daiminkan", "tiles": ["rd", "rd", "rd", "rd"], "from": 3},
        {"kind": "pon", "tiles": ["gd", "gd", "gd"], "from": 2}
    ]);
    seats[1]["waits"] = json!(["3m", "6m"]);
    seats[2]["river"] = json!(river(&long(21), Some(12), &[]));
    seats[2]["riichi"] = json!(true);
    seats[2]["hand"] = json!(tiles("1m 1m 1m 2p 3p 4p 5s 6s 7s 8m 8m 9p 9p"));
    seats[2]["waits"] = json!(["8m", "9p"]);
    seats[3]["river"] = json!(river(&long(18), None, &[2]));
    seats[3]["hand"] = json!(tiles("wd"));
    seats[3]["drawn"] = json!("nw");
    seats[3]["melds"] = json!([
        {"kind": "pon", "tiles": ["sw", "sw", "sw"], "from": 0},
        {"kind": "chi", "tiles": ["4s", "3s", "5s"], "from": 2},
        {"kind": "pon", "tiles": ["8p", "8p", "8p"], "from": 1},
        {"kind": "daiminkan", "tiles": ["9m", "9m", "9m", "9m"], "from": 1}
    ]);
    seats[3]["waits"] = json!([]);
    t
}
