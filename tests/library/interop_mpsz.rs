#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Extended MPSZ: every example of the proposal (seeds/003) parses and prints back identically,
//! reads as the tiles, melds and marks it means, and bad text gets a column and a reason.

use crate::common;

use jmjp_studio::format::{CalledFrom, Furo, Tile};
use jmjp_studio::interop::mpsz::{self, RiverMark};

fn t(code: &str) -> Tile {
    Tile::from_code(code.as_bytes()).unwrap()
}

fn tiles(codes: &str) -> Vec<Tile> {
    codes.as_bytes().chunks(2).map(|c| Tile::from_code(c).unwrap()).collect()
}

/// Every example written in the proposal.
const SEED_HANDS: [&str; 18] = [
    "1m",
    "123m",
    "2p",
    "555p",
    "3s",
    "444s",
    "0m",
    "0p",
    "0s",
    "1z",
    "222z",
    "0x",
    "0011x",
    "2245m345p345s111z 5z",
    "00x66z",
    "22256p55s6z 6-57m 111-z",
    "23468p11345678s 2z",
    "3456s3s",
];
const SEED_MELDS: [&str; 5] = ["2-13m", "55-5p", "444-4s", "55=50p", "1111+z"];
const SEED_RIVERS: [&str; 6] =
    ["3=m", "5+p", "4-s", "1=p3z5-s0+-m4=m1=z 5=-z7=p8=m", "4z2z1s9m2=m5=z 3=z7s8=m7m", "4z1=m7+-m3=s"];

#[test]
fn every_seed_example_prints_back_identically() {
    let all =
        SEED_HANDS.iter().chain(&SEED_MELDS).chain(&SEED_RIVERS).chain(&["2245m5z 4-35s 0-34p 11=11z", "0p", "2p"]);
    for text in all {
        let parsed = mpsz::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.to_string(), *text);
    }
}

#[test]
fn hands_read_as_tiles_win_tile_and_melds() {
    let h = mpsz::parse("3456s3s").unwrap().hand().unwrap();
    assert_eq!((h.tiles, h.win), (tiles("3s4s5s6s"), Some(t("3s"))));

    let h = mpsz::parse("2245m345p345s111z 5z").unwrap().hand().unwrap();
    assert_eq!(h.tiles, tiles("2m2m4m5m3p4p5p3s4s5sewewew"));
    assert_eq!(h.win, Some(t("wd")));

    let h = mpsz::parse("00x66z").unwrap().hand().unwrap();
    assert_eq!(h.tiles, vec![Tile::UNKNOWN, Tile::UNKNOWN, t("gd"), t("gd")]);

    let h = mpsz::parse("2245m5z 4-35s 0-34p 11=11z").unwrap().hand().unwrap();
    assert_eq!(h.tiles, tiles("2m2m4m5mwd"));
    assert_eq!(
        h.melds,
        vec![
            Furo::Chi { called: t("4s"), hand: [t("3s"), t("5s")] },
            Furo::Chi { called: t("0p"), hand: [t("3p"), t("4p")] },
            Furo::Kakan { added: t("ew"), called: t("ew"), hand: [t("ew"), t("ew")], from: CalledFrom::Toimen },
        ]
    );
}

#[test]
fn the_place_of_the_mark_says_the_source_seat() {
    let meld = |s: &str| mpsz::parse(s).unwrap().hand().unwrap().melds[0];
    assert_eq!(meld("2-13m"), Furo::Chi { called: t("2m"), hand: [t("1m"), t("3m")] });
    assert_eq!(meld("55-5p"), Furo::Pon { called: t("5p"), hand: [t("5p"), t("5p")], from: CalledFrom::Toimen });
    assert_eq!(
        meld("444-4s"),
        Furo::Daiminkan { called: t("4s"), hand: [t("4s"), t("4s"), t("4s")], from: CalledFrom::Shimocha }
    );
    assert_eq!(
        meld("55=50p"),
        Furo::Kakan { added: t("0p"), called: t("5p"), hand: [t("5p"), t("5p")], from: CalledFrom::Toimen }
    );
    assert_eq!(meld("1111+z"), Furo::Ankan([t("ew"); 4]));
    assert_eq!(meld("111-z"), Furo::Pon { called: t("ew"), hand: [t("ew"), t("ew")], from: CalledFrom::Shimocha });
    for text in SEED_MELDS.iter().chain(&["111-z", "6-57m", "5=550p", "055-5s"]) {
        assert_eq!(mpsz::meld_text(&meld(text)), *text, "printing the meld {text}");
    }
}

#[test]
fn hands_and_rivers_print_in_the_proposals_form() {
    for text in ["2245m5z 4-35s 0-34p 11=11z", "22256p55s6z 6-57m 111-z", "23468p11345678s 2z", "123m", "0011x"] {
        let h = mpsz::parse(text).unwrap().hand().unwrap();
        let expected = if text == "0011x" { "0000x" } else { text };
        assert_eq!(mpsz::hand_text(&h.tiles, h.win, &h.melds), expected);
    }
    for text in ["4z2z1s9m2=m5=z 3=z7s8=m7m", "4z1=m7+-m3=s", "1=p3z5-s0+-m4=m1=z 5=-z7=p8=m"] {
        let river = mpsz::parse(text).unwrap().river().unwrap();
        assert_eq!(mpsz::river_text(&river), text);
    }
}

#[test]
fn river_marks_combine() {
    let r = mpsz::parse("7+-m5=-z").unwrap().river().unwrap();
    assert_eq!(
        r,
        vec![
            RiverMark { tile: t("7m"), tsumogiri: false, riichi: true, called: true },
            RiverMark { tile: t("wd"), tsumogiri: true, riichi: false, called: true },
        ]
    );
}

#[test]
fn bad_text_is_refused_with_a_column_and_a_reason() {
    let cases = [
        ("123", 1, "no suit letter"),
        ("12m8z", 4, "8z is not a tile"),
        ("12m 3", 5, "no suit letter"),
        ("1 2m", 2, "a space may only follow a suit letter"),
        ("m", 1, "no digits before it"),
        ("-1m", 1, "must follow a digit"),
        ("12a", 3, "'a' is not part of MPSZ"),
        ("", 1, "no tiles"),
        ("3?m", 2, "'?' stands alone"),
    ];
    for (text, column, words) in cases {
        let e = mpsz::parse(text).unwrap_err();
        assert_eq!(e.column, column, "{text}: {e}");
        assert!(e.message.contains(words), "{text}: {e}");
        assert!(common::has_japanese(&e.message), "{text}: no Japanese: {:?}", e.message);
    }
    // The Japanese interface names the column in Japanese.
    assert_eq!(mpsz::parse("12m8z").unwrap_err().text().ja, "4 文字目：8z という牌はありません（字牌は 1z-7z）");
    let hand_err = |s: &str| mpsz::parse(s).unwrap().hand().unwrap_err().to_string();
    assert!(hand_err("12-3m").contains("chi is always from the kamicha"));
    assert!(hand_err("1-2-3m").contains("exactly one mark"));
    assert!(hand_err("11+11z").contains("fourth digit"));
    assert!(hand_err("12-m").contains("cannot have 2 tiles"));
    assert!(mpsz::parse("1==m").unwrap().river().unwrap_err().to_string().contains("written twice"));
}

#[test]
fn a_question_mark_is_an_unknown_tile() {
    let h = mpsz::parse("123m??").unwrap().hand().unwrap();
    assert_eq!(h.tiles.len(), 5);
    assert_eq!(h.tiles[3], Tile::UNKNOWN);
    assert_eq!(mpsz::parse("123m??").unwrap().to_string(), "123m??");
}

#[test]
fn a_seat_on_the_replayed_table_copies_as_mpsz_that_reads_back() {
    use jmjp_studio::format::Seat;
    use jmjp_studio::rules::Table;
    let m = jmjp_studio::rules::simulate::random_match(11, 6);
    let mut melds_seen = 0;
    for f in &m.frames {
        let acts = f.flow.as_ref().unwrap().acts.len();
        for upto in [acts / 2, acts] {
            let t = Table::replay(f, upto).unwrap();
            for seat in Seat::ALL {
                let want = t.hand_of(seat);
                let hand = mpsz::parse(&mpsz::seat_hand_text(&t, seat)).unwrap().hand().unwrap();
                let mut got = hand.tiles.clone();
                got.extend(hand.win);
                let mut expected = want.tiles.clone();
                expected.extend(want.tsumo);
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "{} {seat:?} at {upto}", f.id);
                assert_eq!(hand.melds.len(), want.furo.len());
                melds_seen += hand.melds.len();
                let river = mpsz::parse(&mpsz::seat_river_text(&t, seat)).unwrap().river().unwrap();
                let st = &t.seats[seat.index()].river;
                assert_eq!(river.len(), st.len());
                for (r, s) in river.iter().zip(st) {
                    assert_eq!(
                        (r.tile, r.tsumogiri, r.riichi, r.called),
                        (s.tile, s.tsumogiri, s.riichi, s.called_by.is_some())
                    );
                }
            }
        }
    }
    assert!(melds_seen > 0, "the games had calls to copy");
}
