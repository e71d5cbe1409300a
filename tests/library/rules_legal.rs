//! The legal-act API the recorder drives its prompt and shortcuts from.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use jmjp_studio::format::{self, Seat, Tile};
use jmjp_studio::rules::{Call, Expect, FrameEnd, Table};

fn t(code: &str) -> Tile {
    Tile::from_code(code.as_bytes()).unwrap()
}

/// The table after `acts` in a frame with these start hands (e, s, w, n).
fn table(hands: [&str; 4], acts: &str) -> Table {
    let starts: String = hands.iter().zip(["e", "s", "w", "n"]).map(|(h, s)| format!("({s},hnd[{h}])")).collect();
    let text = format!(
        "jmjp[1.0](mtp[,,,]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]frm[E1-0,,,pfs[25.0,25.0,25.0,25.0],,{starts}{acts},,])"
    );
    let doc = format::parse(&text).unwrap();
    let f = &doc.paifu.matches[0].frames[0];
    Table::replay(f, usize::MAX).unwrap()
}

const E14: &str = "1m2m3m4p5p6p7s8s9sewewwd1s,rd,";
const S13: &str = "1p1p2p3p4s5s6s7s8swdwdgdgd,,";
const W13: &str = "2m3m4m5m6m7m3p4p5p6s7s8s8p,,";
const N13: &str = "9p9p1s2s3s4m0m5m6mswswrdrd,,";

#[test]
fn the_dealer_starts_and_turns_go_round() {
    let tb = table([E14, S13, W13, N13], "");
    assert_eq!(tb.expect(), Expect::Draw { seat: Seat::East, calls: vec![] });
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)");
    assert!(matches!(tb.expect(), Expect::Draw { seat: Seat::South, .. }));
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)(s,9s,tg)(w,9s,tg)");
    assert!(matches!(tb.expect(), Expect::Draw { seat: Seat::North, .. }));
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)(s,9s,)");
    assert_eq!(tb.expect(), Expect::Discard { seat: Seat::South });
}

#[test]
fn calls_on_a_discard_name_the_seat_and_the_tiles() {
    // E discards wd: S may pon it (S holds wdwd); nobody else may call.
    let tb = table([E14, S13, W13, N13], "(e,oy,wd)");
    let Expect::Draw { seat: Seat::South, calls } = tb.expect() else { panic!() };
    assert_eq!(calls, vec![(Seat::South, Call::Pon([t("wd"), t("wd")]))]);
    // N discards 4s: only E (N's shimocha) may chi, with 5s6s? E holds 7s8s9s... no: 3s? E has
    // none of 2s3s5s6s, so no chi; W holds 6s7s8s but W is not next. With S discarding 6p, W may
    // chi with 4p5p (4p5p6p) or 7p8p? W holds 3p4p5p: chi 4p5p and 4p... only runs with 6p.
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)(s,6p,tg)");
    let Expect::Draw { calls, .. } = tb.expect() else { panic!() };
    assert!(calls.contains(&(Seat::West, Call::Chi([t("4p"), t("5p")]))), "{calls:?}");
    assert!(calls.iter().all(|(s, c)| *s == Seat::West || !matches!(c, Call::Chi(_))), "chi only for the next seat");
}

#[test]
fn a_red_five_makes_its_own_choice() {
    // N holds 4m 0m 5m 6m: on 3m from W... N is W's shimocha: chi choices 4m0m and 4m5m.
    let tb = table([E14, S13, "3m2m4m5m6m7m3p4p5p6s7s8s8p,,", N13], "(e,oy,1s)(s,9s,tg)(w,9s,3m)");
    let Expect::Draw { calls, .. } = tb.expect() else { panic!() };
    let chis: Vec<[Tile; 2]> =
        calls.iter().filter_map(|(_, c)| if let Call::Chi(p) = c { Some(*p) } else { None }).collect();
    assert!(chis.contains(&[t("4m"), t("0m")]) && chis.contains(&[t("4m"), t("5m")]), "{chis:?}");
}

#[test]
fn ron_needs_a_complete_hand_and_no_furiten() {
    // W waits on 8p (tanki).
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)(s,8p,tg)");
    let Expect::Draw { calls, .. } = tb.expect() else { panic!() };
    assert!(calls.contains(&(Seat::West, Call::Ron)));
    // W discarded 8p earlier: furiten, no ron.
    let w = "2m3m4m5m6m7m3p4p5p6s7s8s9s,,";
    let tb = table(
        [E14, S13, w, N13],
        "(e,oy,1s)(s,9m,tg)(w,8p,9s)(n,1m,tg)(e,1m,tg)(s,9m,tg)(w,8p,tg)(n,1m,tg)(e,1m,tg)(s,8p,tg)",
    );
    let Expect::Draw { calls, .. } = tb.expect() else { panic!() };
    assert!(!calls.contains(&(Seat::West, Call::Ron)), "{calls:?}");
    // After a ron the frame is over unless another seat may also ron.
    let tb = table([E14, S13, W13, N13], "(e,oy,1s)(s,8p,tg)(w,ro,)");
    assert_eq!(tb.expect(), Expect::MoreRon { seats: vec![] });
    assert!(
        matches!(tb.end(), FrameEnd::Ron { ref winners, discarder: Seat::South, .. } if winners == &vec![Seat::West])
    );
}

#[test]
fn riichi_kan_and_tsumo_options() {
    // E (14 tiles, oy) is tenpai after discarding wd, not after discarding 1m.
    let e = "1m2m3m4p5p6p7s8s9sewewrdrd,wd,";
    let tb = table([e, S13, W13, "9p9p1s2s3s4m0m5m6msw1s2s3s,,"], "(e,oy,)");
    assert_eq!(tb.riichi_discards(Seat::East), vec![t("wd")]);
    assert!(!tb.can_tsumo(Seat::East));
    assert!(tb.ankan_options(Seat::East).is_empty());
    // A complete hand may tsumo; four of a kind may ankan; in riichi only the drawn tile goes.
    let tb = table(["1m1m1m1m2m3m2p3p4p7s8s9sew,ew,", S13, W13, N13], "(e,oy,)");
    assert_eq!(tb.ankan_options(Seat::East), vec![[t("1m"); 4]]);
    assert!(tb.can_tsumo(Seat::East));
    let tb = table([E14, S13, W13, N13], "(e,oy,rc[wd])(s,9s,tg)(w,9s,tg)(n,9m,tg)(e,2s,)");
    assert_eq!(tb.discard_options(Seat::East), vec![t("2s")]);
    assert!(tb.riichi_discards(Seat::East).is_empty(), "riichi only once");
    // Kakan: a pon and its fourth tile.
    let tb = table(
        ["1m2m3m4p5p6p7s8s9sewewwd1s,rd,", S13, W13, N13],
        "(e,oy,wd)(s,pn[wdwd],1p)(w,1s,tg)(n,1m,tg)(e,1m,tg)(s,wd,)",
    );
    assert_eq!(tb.kakan_options(Seat::South), vec![t("wd")]);
}

#[test]
fn the_wall_runs_out() {
    let u = "uk".repeat(13);
    let hands = [format!("{u},,"), format!("{u},,"), format!("{u},,"), format!("{u},,")];
    let seats = ["e", "s", "w", "n"];
    let acts: String = (0..70).map(|i| format!("({},uk,tg)", seats[i % 4])).collect();
    let tb = table([&hands[0], &hands[1], &hands[2], &hands[3]], &acts);
    assert_eq!(tb.wall_left, 0);
    assert_eq!(tb.end(), FrameEnd::Exhaustive);
}

#[test]
fn an_unknown_discard_is_ponned_only_with_a_pair_of_one_kind() {
    // E discards a tile nobody saw (uk): S may pon it with any pair it holds, each pair of one
    // kind (1p1p, wdwd, gdgd), never two tiles of different kinds.
    let tb = table([E14, S13, W13, N13], "(e,oy,uk)");
    let Expect::Draw { calls, .. } = tb.expect() else { panic!() };
    let pons: Vec<[Tile; 2]> = calls
        .iter()
        .filter_map(|(s, c)| match (s, c) {
            (Seat::South, Call::Pon(p)) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(pons, vec![[t("1p"), t("1p")], [t("wd"), t("wd")], [t("gd"), t("gd")]]);
}
