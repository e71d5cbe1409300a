#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Frames built act by act, scored from the record alone: the situational yaku the corpus does not
//! hold (tenhou, chiihou, double riichi, ippatsu and what breaks it, houtei, haitei), double ron
//! against atamahane, the honba of the match's point rule, and a chombo reported, not paid.

use crate::common::frames::{legal_frame, tiles};
use jmjp_studio::format::{Frame, Points, Seat, Tile};
use jmjp_studio::scoring::{DoubleRon, FrameScore, RuleOptions, Settlement, Yaku, score_frame};

/// A frame E1-`honba` with these start hands (East first) and acts, no dora shown; legal play.
fn frame(honba: u32, hands: [&str; 4], acts: &[String]) -> Frame {
    legal_frame(honba, hands, None, &acts.iter().map(String::as_str).collect::<Vec<_>>())
}

fn acts(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn score(f: &Frame) -> FrameScore {
    score_frame(f, &RuleOptions::TENHOU).unwrap()
}

fn wins(s: &FrameScore) -> Vec<(Seat, Vec<Yaku>, u32, u32)> {
    let Settlement::Wins(w) = &s.result else { panic!("not a win: {:?}", s.result) };
    w.iter().map(|w| (w.seat, w.value.yaku.iter().map(|y| y.0).collect(), w.value.han, w.value.fu)).collect()
}

// East waits on 5s alone; the others hold nothing of use.
const E13: &str = "1m2m3m4p5p6p7s8s9s2m3m4m5s";
const S13: &str = "1p1p9p9psw1s2s3s6m7m8m9m9m";
const W13: &str = "ewewnwnwgdgd6s7s8s1m6p7p8p";
const N13: &str = "wdwdwd2p3p4p4s4s6m7m8m9s9s";

#[test]
fn tenhou_is_the_dealers_win_on_the_deal() {
    let f = frame(0, [&format!("{E13}5s"), S13, W13, N13], &acts(&["(e,oy,tm)"]));
    let s = score(&f);
    assert_eq!(wins(&s)[0].1, vec![Yaku::Tenhou]);
    assert_eq!(s.deltas, Some([48000, -16000, -16000, -16000]));
    assert_eq!(s.end_points(&f).unwrap()[0], Points(730));
}

#[test]
fn chiihou_is_a_first_draw_win_before_any_call() {
    let f = frame(0, [&format!("{S13}rd"), E13, W13, N13], &acts(&["(e,oy,rd)", "(s,5s,tm)"]));
    let s = score(&f);
    assert_eq!(wins(&s)[0].1, vec![Yaku::Chiihou]);
    assert_eq!(s.deltas, Some([-16000, 32000, -8000, -8000]));
    // West's pon before South's first draw breaks the first go-around: a menzen tsumo only.
    let hands = [&format!("{S13}rd") as &str, E13, "rdrdnwnwgdgd6s7s8s1m6p7p8p", N13];
    let f = frame(0, hands, &acts(&["(e,oy,rd)", "(w,pn[rdrd],1m)", "(n,5p,tg)", "(e,9s,tg)", "(s,5s,tm)"]));
    assert_eq!(wins(&score(&f))[0].1, vec![Yaku::MenzenTsumo]);
}

#[test]
fn double_riichi_and_ippatsu_come_from_the_first_turn() {
    let f = frame(0, [E13, S13, W13, N13], &acts(&["(e,nw,rc[nw])", "(s,5s,5s)", "(e,ro,)"]));
    let s = score(&f);
    let w = wins(&s);
    assert_eq!(w[0].1, vec![Yaku::DoubleRiichi, Yaku::Ippatsu]);
    // 3 han 40 fu (closed ron 30 + tanki 2, rounded up): a dealer's 7700; the stick comes back.
    assert_eq!((w[0].2, w[0].3), (3, 40));
    assert_eq!(s.deltas, Some([7700, -7700, 0, 0]));
}

#[test]
fn a_call_after_the_riichi_breaks_ippatsu() {
    let w13 = "ewewnwnwgdgd6s7s8s5s6p7p8p";
    let f = frame(0, [E13, S13, w13, N13], &acts(&["(e,nw,rc[nw])", "(s,ew,ew)", "(w,pn[ewew],5s)", "(e,ro,)"]));
    let w = wins(&score(&f));
    assert_eq!(w[0].1, vec![Yaku::DoubleRiichi]);
}

#[test]
fn riichi_after_the_first_turn_is_a_plain_riichi_with_ippatsu_until_the_next_turn() {
    let list =
        ["(e,nw,tg)", "(s,ww,tg)", "(w,9p,tg)", "(n,3s,tg)", "(e,nw,rc[nw])", "(s,8p,tg)", "(w,2s,tg)", "(n,5s,5s)"];
    let mut with_ron = acts(&list);
    with_ron.push("(e,ro,)".into());
    assert_eq!(wins(&score(&frame(0, [E13, S13, W13, N13], &with_ron)))[0].1, vec![Yaku::Riichi, Yaku::Ippatsu]);
    // One more turn of East's and the ippatsu is gone.
    let mut later = acts(&list[..7]);
    later.extend(acts(&["(n,3p,tg)", "(e,1s,tg)", "(s,5s,5s)", "(e,ro,)"]));
    assert_eq!(wins(&score(&frame(0, [E13, S13, W13, N13], &later)))[0].1, vec![Yaku::Riichi]);
}

/// The 136 tiles less the start hands and `keep`, in a fixed order: what the wall may give.
fn pool(hands: &[&str], keep: &[Tile]) -> Vec<Tile> {
    let mut all = Vec::new();
    for k in 0..34 {
        let t = Tile::from_kind(k).unwrap();
        for _ in 0..4 {
            all.push(t);
        }
    }
    for t in hands.iter().flat_map(|h| tiles(h)).chain(keep.iter().copied()) {
        let p = all.iter().position(|&a| a.kind() == t.kind()).unwrap();
        all.remove(p);
    }
    all
}

/// Seventy draws, every one discarded at once, the last (South's) being `last`.
fn full_wall(hands: [&str; 4], last: Tile) -> Vec<String> {
    let mut wall = pool(&hands, &[last]);
    // No draw may complete East's hand early: the other 5s stay out of the first 69 draws.
    wall.retain(|t| t.kind() != last.kind());
    let mut out = Vec::new();
    for i in 0..70 {
        let seat = ["e", "s", "w", "n"][i % 4];
        let t = if i == 69 { last } else { wall[i] };
        out.push(format!("({seat},{},tg)", t.code()));
    }
    out
}

#[test]
fn houtei_is_a_ron_on_the_discard_after_the_last_draw() {
    let hands = [E13, S13, W13, N13];
    let mut list = full_wall(hands, Tile::from_code(b"5s").unwrap());
    list.push("(e,ro,)".into());
    let s = score(&frame(0, hands, &list));
    let w = wins(&s);
    assert_eq!(w[0].1, vec![Yaku::Houtei]);
    // 1 han 40 fu, dealer ron: 2000.
    assert_eq!(s.deltas, Some([2000, -2000, 0, 0]));
}

#[test]
fn haitei_is_a_tsumo_on_the_last_draw() {
    // South holds East's wait and draws the last tile.
    let hands = [S13, E13, W13, N13];
    let mut list = full_wall(hands, Tile::from_code(b"5s").unwrap());
    let last = list.pop().unwrap();
    list.push(last.replace(",tg)", ",tm)"));
    let w = wins(&score(&frame(0, hands, &list)));
    assert_eq!(w[0].1, vec![Yaku::MenzenTsumo, Yaku::Haitei]);
}

#[test]
fn double_ron_pays_both_and_atamahane_only_the_nearer() {
    // South discards 5s; West (next in turn, so nearer) has tanyao on it, East double riichi.
    let w13 = "2m3m4m4p5p6p6s7s8s3m4m5m5s";
    let e13 = "1p2p3p4m5m6m7p8p9p6s7s8s5s";
    let mut f = frame(2, [e13, S13, w13, N13], &acts(&["(e,nw,rc[nw])", "(s,5s,5s)", "(w,ro,)", "(e,ro,)"]));
    f.kyoutaku = Some(Points(10));
    let s = score(&f);
    let w = wins(&s);
    assert_eq!(w[0].0, Seat::West);
    assert_eq!((w[0].1.clone(), w[0].2, w[0].3), (vec![Yaku::Tanyao], 1, 40));
    assert_eq!((w[1].0, w[1].1.clone()), (Seat::East, vec![Yaku::DoubleRiichi, Yaku::Ippatsu]));
    // West: 1300, the two honba (600) and both sticks (2000); East: 7700, less its stick.
    assert_eq!(s.deltas, Some([6700, -9600, 3900, 0]));
    let m = score_frame(&f, &RuleOptions::M_LEAGUE).unwrap();
    assert_eq!(wins(&m).len(), 1);
    assert_eq!(m.deltas, Some([-1000, -1900, 3900, 0]));
}

#[test]
fn the_honba_is_worth_what_the_point_rule_says() {
    let f = frame(3, [E13, S13, W13, N13], &acts(&["(e,nw,rc[nw])", "(s,5s,5s)", "(e,ro,)"]));
    let rule = jmjp_studio::format::PointRule { honba: Points(15), ..jmjp_studio::format::PointRule::M_LEAGUE };
    let opts = RuleOptions::TENHOU.with_point_rule(Some(&rule));
    assert_eq!(score_frame(&f, &opts).unwrap().deltas, Some([7700 + 4500, -7700 - 4500, 0, 0]));
    assert_eq!(score(&f).deltas, Some([7700 + 900, -7700 - 900, 0, 0]));
    assert_eq!(RuleOptions::M_LEAGUE.double_ron, DoubleRon::Atamahane);
}

#[test]
fn a_ron_on_a_hand_that_is_not_complete_is_a_chombo_without_points() {
    let f = frame(0, [E13, S13, W13, N13], &acts(&["(e,nw,rc[nw])", "(s,6s,6s)", "(e,ro,)"]));
    let s = score(&f);
    let Settlement::Chombo { seat, why } = &s.result else { panic!("{:?}", s.result) };
    assert_eq!(*seat, Seat::East);
    assert!(why.en.contains("not complete"), "{why}");
    assert!(why.ja.contains("チョンボ"), "{}", why.ja);
    assert_eq!(s.deltas, None);
}

#[test]
fn random_legal_games_are_scored_in_both_languages_without_a_panic() {
    let (mut wins, mut draws) = (0, 0);
    for seed in 0..20 {
        let m = jmjp_studio::rules::simulate::random_match(seed, 8);
        for f in &m.frames {
            for opts in [RuleOptions::M_LEAGUE, RuleOptions::TENHOU] {
                // The simulator's hands are random, so a declared win may be a chombo; either way
                // the result is described, in both languages, and the points move only on a win
                // or a draw.
                let s = score_frame(f, &opts).unwrap();
                let (en, ja) =
                    (s.result.describe(jmjp_studio::i18n::Lang::En), s.result.describe(jmjp_studio::i18n::Lang::Ja));
                assert!(!en.is_empty() && ja != en, "{en} / {ja}");
                match &s.result {
                    Settlement::Wins(w) => {
                        wins += 1;
                        assert!(w.iter().all(|w| w.value.han >= 1 && w.payment.total() >= 1000));
                        assert_eq!(s.deltas.unwrap().iter().sum::<i64>(), f.kyoutaku.unwrap_or_default().as_points());
                    }
                    Settlement::Exhaustive(_) | Settlement::Abortive => draws += 1,
                    Settlement::Chombo { .. } => assert_eq!(s.deltas, None),
                }
            }
        }
    }
    assert!(wins > 0 && draws > 0, "{wins} wins, {draws} draws");
}
