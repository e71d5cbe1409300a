#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! tenhou.net/6: the order of acts is rebuilt (the classic trap included), random legal games
//! survive jmjp -> tenhou6 -> jmjp, and bad logs get a JSON path and a reason.

use crate::common;

use jmjp_studio::format::{self, Discard, Paifu};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules::simulate::random_match;

fn log(kyoku: &str) -> String {
    format!(r#"{{"title":["",""],"name":["A","B","C","D"],"rule":{{"disp":"","aka":1}},"log":[{kyoku}]}}"#)
}

const UNKNOWN_HAND: &str = "[0,0,0,0,0,0,0,0,0,0,0,0,0]";

/// The classic trap: B discards 5p, and later 5p again; A's pon of B's 5p is next in A's takes
/// all along, but only the second 5p is called (B's pon of D's 9s comes between).
fn trap() -> String {
    let h = UNKNOWN_HAND;
    log(&format!(
        r#"[[0,0,0],[25000,25000,25000,25000],[21],[],
{h},[11,"2525p25"],[21,46],
{h},[0,"39p3939",0],[25,25,47],
{h},[0],[17],
{h},[0],[39],
["和了",[0,-1000,1000,0],[2,1,2]]]"#
    ))
}

#[test]
fn the_same_tile_discarded_twice_is_called_the_second_time() {
    let paifu = tenhou6::import(&trap()).unwrap();
    let text = format::write(&paifu);
    assert!(
        text.contains(
            "(e,1m,1p)\n    (s,uk,5p)\n    (w,uk,7m)\n    (n,uk,9s)\n    (s,pn[9s9s],5p)\n    (e,pn[5p5p],gd)\n    (s,uk,rd)\n    (w,ro,)"
        ),
        "{text}"
    );
    // And back to the same lists.
    let back: serde_json::Value = serde_json::from_str(&tenhou6::export(&paifu).unwrap()).unwrap();
    let orig: serde_json::Value = serde_json::from_str(&trap()).unwrap();
    assert_eq!(back["log"], orig["log"]);
}

#[test]
fn an_order_that_cannot_exist_is_refused_with_the_furthest_act() {
    // A pons a 5m from B, but B never discards one.
    let h = UNKNOWN_HAND;
    let bad = log(&format!(
        r#"[[0,0,0],[25000,25000,25000,25000],[21],[],
{h},[11,"1515p15"],[21,46],
{h},[0],[25],
{h},[0],[17],
{h},[0],[39],
["流局",[0,0,0,0]]]"#
    ));
    let e = tenhou6::import(&bad).unwrap_err();
    assert_eq!(e.at, "log[0]");
    assert!(e.message.starts_with("E1-0: no order of the takes and discards replays legally"), "{e}");
}

/// tenhou deals the dealer 13 tiles and counts the 14th as a draw: a 14-tile start hand (oy)
/// reads back that way.
fn without_oy(f: &mut jmjp_studio::format::Frame) {
    use jmjp_studio::format::Draw;
    let Some(flow) = f.flow.as_mut() else { return };
    if let Some(first) = flow.acts.first_mut()
        && first.draw == Draw::Oya
        && let Some(t) = flow.start_hands[0].hand.tsumo.take()
    {
        first.draw = Draw::Tile(t);
    }
}

#[test]
fn random_legal_games_survive_jmjp_to_tenhou6_to_jmjp() {
    let mut frames = 0;
    // Generating games is the slow part in a debug build; ten matches give about 80 frames.
    for seed in 0..10 {
        let mut m = random_match(seed, 8);
        m.frames.iter_mut().for_each(without_oy);
        let paifu = Paifu { matches: vec![m] };
        let json = tenhou6::export(&paifu).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let back = tenhou6::import(&json).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for (f, g) in paifu.matches[0].frames.iter().zip(&back.matches[0].frames) {
            frames += 1;
            let (a, b) = (f.flow.as_ref().unwrap(), g.flow.as_ref().unwrap());
            assert_eq!(a.start_hands, b.start_hands, "seed {seed} {}", f.id);
            for (n, (x, y)) in a.acts.iter().zip(&b.acts).enumerate() {
                // tenhou writes a discard of a copy of the drawn tile as that tile: it reads back as kg.
                let same = x == y
                    || (x.draw == y.draw
                        && matches!((x.discard, y.discard), (Some(Discard::Tile(_)), Some(Discard::Karagiri))));
                assert!(same, "seed {seed} {} act {}: {x:?} became {y:?}", f.id, n + 1);
            }
            assert_eq!(a.acts.len(), b.acts.len(), "seed {seed} {}", f.id);
            assert_eq!((f.start_points, f.end_points), (g.start_points, g.end_points), "seed {seed} {}", f.id);
            assert_eq!(a.end_hands, b.end_hands, "seed {seed} {}", f.id);
        }
    }
    assert!(frames >= 70, "{frames}");
}

#[test]
fn bad_logs_say_the_json_path_and_why() {
    let h = "[11,12,13,14,15,16,17,18,19,21,22,23,24]";
    let kyoku = |hand: &str, takes: &str| {
        log(&format!(
            r#"[[0,0,0],[25000,25000,25000,25000],[21],[],{hand},{takes},[21],{h},[],[],{h},[],[],{h},[],[],["流局",[0,0,0,0]]]"#
        ))
    };
    let good = kyoku(h, "[11]");
    let cases = [
        (good[..200].to_string(), "line 1, column", "ends too early"),
        (kyoku("[11,12,13,14,15,16,17,18,19,21,22,23,58]", "[11]"), "log[0][4][12]", "58 is not a tile code"),
        (kyoku(h, r#"[11,"13x1313"]"#), "log[0][5][1]", "not a chi (c), pon (p) or daiminkan (m)"),
        (kyoku(h, r#"[11,"12c1314"]"#), "log[0][5][1]", "where no seat could be the source"),
        (kyoku(h, r#"[11,"1p21313"]"#), "log[0][5][1]", "not pairs of digits"),
        (kyoku(h, r#"[11,"p1313"]"#), "log[0][5][1]", "has 2 tiles; this call has 3"),
        (kyoku("[11,12]", "[11]"), "log[0][4]", "has 13 tiles"),
        (log("[[0,0,0],[25000,25000,25000,25000]]"), "log[0]", "has 17 items"),
        (r#"{"name":["a","b","c","d"]}"#.to_string(), "the file", "no \"log\""),
        (
            log(&format!(
                r#"[[0,0,0],[25000,25000,25000,25000],[21],[],{h},[11],[21],{h},[],[],{h},[],[],{h},[],[],["ロン",[0,0,0,0]]]"#
            )),
            "log[0][16]",
            "not a result",
        ),
    ];
    for (text, at, words) in cases {
        let e = tenhou6::import(&text).unwrap_err();
        assert!(e.at.starts_with(at) && e.message.contains(words), "{text}\n=> {e}");
        assert!(common::has_japanese(&e.message), "no Japanese: {:?}", e.message);
    }
}

#[test]
fn the_viewer_address_encodes_the_json_like_encode_uri_component() {
    let url = tenhou6::viewer_url(r#"{"name":["Aさん"],"x":[1, 2]}"#);
    assert_eq!(
        url,
        "https://tenhou.net/6/#json=%7B%22name%22%3A%5B%22A%E3%81%95%E3%82%93%22%5D%2C%22x%22%3A%5B1%2C%202%5D%7D"
    );
}

#[test]
fn a_file_of_two_matches_must_be_split_first() {
    let m = random_match(1, 1);
    let e = tenhou6::export(&Paifu { matches: vec![m.clone(), m] }).unwrap_err();
    assert!(e.message.contains("holds 2 matches"), "{e}");
}
