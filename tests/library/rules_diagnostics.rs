//! Every diagnostic of the rules engine on a minimal hand-written frame: once where it must be
//! reported (at the right act) and once, nearly the same, where it must not.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use jmjp_studio::format::{self, Diagnostic, RecordPlace, Severity};
use jmjp_studio::rules;

const PLAYERS: &str = "ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]";

/// 13 unknown tiles.
fn u13() -> String {
    "uk".repeat(13)
}

/// The findings of one frame: start hands (e, s, w, n), the acts, and frame header fields.
fn frame_diags(hands: [&str; 4], acts: &str) -> Vec<Diagnostic> {
    frame_diags_with(hands, acts, "E1-0,,,,")
}

/// `header` is `frameId,kyoutaku,dice,pfs,dora`.
fn frame_diags_with(hands: [&str; 4], acts: &str, header: &str) -> Vec<Diagnostic> {
    let seats = ["e", "s", "w", "n"];
    let starts: String = hands.iter().zip(seats).map(|(h, s)| format!("({s},hnd[{h}])")).collect();
    let text = format!("jmjp[1.0](mtp[,,,]{PLAYERS}frm[{header},{starts}{acts},,])");
    let doc = format::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut out = Vec::new();
    rules::check_frame(&doc.paifu.matches[0].frames[0], None, RecordPlace::default(), &mut out);
    all_in_japanese(&out);
    out
}

/// Every finding is told in Japanese too (the Japanese interface shows that half).
fn all_in_japanese(diags: &[Diagnostic]) {
    for d in diags {
        assert!(common::has_japanese(&d.message), "no Japanese text: {d:#?}");
    }
}

/// Asserts a finding of `severity` containing `words` at act `act` (1-based; 0 for the frame).
fn has(diags: &[Diagnostic], severity: Severity, act: usize, words: &str) {
    let want_act = if act == 0 { None } else { Some(act - 1) };
    assert!(
        diags.iter().any(|d| d.severity == severity && d.place.act == want_act && d.message.contains(words)),
        "wanted {severity} at act {act}: {words}\nfound: {diags:#?}"
    );
}

fn lacks(diags: &[Diagnostic], words: &str) {
    assert!(!diags.iter().any(|d| d.message.contains(words)), "did not want: {words}\nfound: {diags:#?}");
}

fn clean(diags: &[Diagnostic]) {
    assert!(diags.is_empty(), "wanted no findings, found: {diags:#?}");
}

// A legal start: East 14 tiles, everyone else 13; tenpai shapes for the riichi tests.
const E14: &str = "1m2m3m4p5p6p7s8s9sewewnw1s,rd,";
const S13: &str = "1p1p2p3p4s5s6s7s8swdwdgdgd,,";
const W13: &str = "2m3m4m5m6m7m3p4p5p6s7s8s8p,,";
const N13: &str = "9p9p1s2s3s4m5m6mswswrdrdnw,,";

/// East with a wd to discard, and South able to pon it or kan a gd.
const E14_WD: &str = "1m2m3m4p5p6p7s8s9sewewwd1s,rd,";
const E14_GD: &str = "1m2m3m4p5p6p7s8s9sewewgd1s,rd,";
const S13_GD3: &str = "1p1p2p3p4s5s6s7s8swdgdgdgd,,";

fn legal() -> [&'static str; 4] {
    [E14, S13, W13, N13]
}

#[test]
fn a_legal_frame_has_no_findings() {
    clean(&frame_diags(legal(), "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,8p,tg)(w,ro,)"));
}

#[test]
fn fifth_copy_and_second_red_five() {
    // Four 1s in hands and a fifth drawn.
    let d = frame_diags(["9m9m9m9m2m3m4m5m6m7m8m1mew,rd,", S13, W13, N13], "(e,oy,ew)(s,9m,tg)");
    has(&d, Severity::Error, 2, "S draws 9m: the frame has a fifth 9m");
    let d = frame_diags(["9m9m9m9m2m3m4m5m6m7m8m1mew,rd,", S13, W13, N13], "(e,oy,ew)(s,9p,tg)");
    lacks(&d, "fifth");
    // Two red fives of one suit.
    let d = frame_diags(["0m2m3m4m1p2p3p7s8s9sewewnw,rd,", S13, "0m3m4m5m6m7m3p4p5p6s7s8s8p,,", N13], "");
    has(&d, Severity::Error, 0, "W's start hand: has a second red five 0m");
    // Dora indicators count: the dora 2m shows the indicator 1m.
    let hands = ["1m1m1m1m2m3m4m5m6m7m8m9mew,rd,", S13, "2m3m4m5m6m7m3p4p5p6s7s8s8p,,", N13];
    let d = frame_diags_with(hands, "", "E1-0,,,,2mukukukukukukukukuk");
    has(&d, Severity::Error, 0, "fifth 1m");
    lacks(&frame_diags_with(hands, "", "E1-0,,,,3mukukukukukukukukuk"), "fifth");
}

#[test]
fn discard_of_a_tile_not_in_the_hand() {
    let d = frame_diags(legal(), "(e,oy,7p)");
    has(&d, Severity::Error, 1, "E discards 7p, but E's hand has no 7p");
    clean(&frame_diags(legal(), "(e,oy,7s)"));
    // An unknown tile in the hand could be it.
    clean(&frame_diags([&format!("{},uk,", u13()), S13, W13, N13], "(e,oy,7p)"));
}

#[test]
fn tsumogiri_and_karagiri_after_a_call() {
    let hands = [E14_WD, S13, W13, N13];
    let d = frame_diags(hands, "(e,oy,wd)(s,pn[wdwd],tg)");
    has(&d, Severity::Error, 2, "S called a tile, so there is no drawn tile to discard as tsumogiri");
    let d = frame_diags(hands, "(e,oy,wd)(s,pn[wdwd],kg)");
    has(&d, Severity::Error, 2, "karagiri (kg), but drew no tile");
    clean(&frame_diags(hands, "(e,oy,wd)(s,pn[wdwd],1p)"));
}

#[test]
fn karagiri_needs_a_second_copy() {
    let d = frame_diags(legal(), "(e,oy,nw)(s,9p,kg)");
    has(&d, Severity::Error, 2, "the hand holds no second 9p");
    clean(&frame_diags(legal(), "(e,oy,nw)(s,1p,kg)"));
}

#[test]
fn wrong_turn_order() {
    let d = frame_diags(legal(), "(e,oy,nw)(w,9p,tg)");
    has(&d, Severity::Error, 2, "W draws, but it is S's turn to draw (after E's discard at act 1)");
    clean(&frame_diags(legal(), "(e,oy,nw)(s,9p,tg)"));
}

#[test]
fn chi_only_from_the_kamicha_and_only_a_run() {
    // N discards 4s; only E (N's shimocha) may chi it.
    let hands = [E14, S13, W13, "9p9p1s2s3s4s5m6mswswrdrdnw,,"];
    let base = "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,4s)";
    let d = frame_diags(hands, &format!("{base}(s,ch[5s6s],9s)"));
    has(&d, Severity::Error, 5, "S calls chi on N's discard; chi is only from the kamicha (E)");
    lacks(&frame_diags(hands, &format!("{base}(e,ch[7s8s],9s)")), "kamicha");
    let d = frame_diags(hands, &format!("{base}(e,ch[7s9s],8s)"));
    has(&d, Severity::Error, 5, "the three tiles are not a run");
    let d = frame_diags(hands, &format!("{base}(e,ch[5p6p],8s)"));
    has(&d, Severity::Error, 5, "a chi is a run of three in one suit");
}

#[test]
fn pon_and_kan_of_different_tiles() {
    let d = frame_diags([E14_WD, S13, W13, N13], "(e,oy,wd)(s,pn[wdgd],1p)");
    has(&d, Severity::Error, 2, "a pon is three of one tile");
    let d = frame_diags([E14_GD, S13_GD3, W13, N13], "(e,oy,gd)(s,dk[gdgdwd],)");
    has(&d, Severity::Error, 2, "a kan is four of one tile");
    let d = frame_diags([E14, "1p1p2p3p4s5s6s7s8swdgdgdgd,,", W13, N13], "(e,oy,nw)(s,9p,ak[gdgdgdwd])");
    has(&d, Severity::Error, 2, "ankan of gdgdgdwd: a kan is four of one tile");
    clean(&frame_diags([E14_WD, S13, W13, N13], "(e,oy,wd)(s,pn[wdwd],1p)"));
    clean(&frame_diags([E14_GD, S13_GD3, W13, N13], "(e,oy,gd)(s,dk[gdgdgd],)(s,rs[9p],tg)"));
}

#[test]
fn a_call_needs_the_last_discard() {
    let d = frame_diags(legal(), "(s,pn[wdwd],1p)");
    has(&d, Severity::Error, 1, "there is no discard to call");
    let d = frame_diags(legal(), "(e,oy,nw)(e,pn[ewew],1s)");
    has(&d, Severity::Error, 2, "E calls its own discard");
}

#[test]
fn rinshan_needs_a_kan_and_a_kan_needs_rinshan() {
    let d = frame_diags(legal(), "(e,oy,nw)(s,rs[9p],tg)");
    has(&d, Severity::Error, 2, "S draws a rinshan tile without a kan");
    let hands = [E14_GD, S13_GD3, W13, N13];
    let d = frame_diags(hands, "(e,oy,gd)(s,dk[gdgdgd],)(w,9p,tg)");
    has(&d, Severity::Error, 3, "S declared a kan, so the next act is S's rinshan draw");
    clean(&frame_diags(hands, "(e,oy,gd)(s,dk[gdgdgd],)(s,rs[9p],tg)"));
    let d = frame_diags(hands, "(e,oy,gd)(s,dk[gdgdgd],1p)");
    has(&d, Severity::Error, 2, "the act has no discard");
}

#[test]
fn oy_needs_a_14_tile_dealer_hand() {
    let d = frame_diags(["1m2m3m4p5p6p7s8s9sewewnw1s,,", S13, W13, N13], "(e,oy,nw)");
    has(&d, Severity::Error, 1, "E plays oy, but E's start hand has 13 tiles, not 14");
    clean(&frame_diags(["1m2m3m4p5p6p7s8s9sewewnw1s,,", S13, W13, N13], "(e,rd,nw)"));
    let d = frame_diags(legal(), "(e,rd,nw)");
    has(&d, Severity::Error, 1, "E's start hand has 14 tiles, so E's first act is oy");
}

#[test]
fn more_draws_than_the_wall_holds() {
    let u = u13();
    let hands = [u.as_str(), u.as_str(), u.as_str(), u.as_str()].map(|h| format!("{h},,"));
    let hands: [&str; 4] = [&hands[0], &hands[1], &hands[2], &hands[3]];
    let seats = ["e", "s", "w", "n"];
    let acts = |n: usize| -> String { (0..n).map(|i| format!("({},uk,tg)", seats[i % 4])).collect() };
    clean(&frame_diags(hands, &acts(70)));
    let d = frame_diags(hands, &acts(71));
    has(&d, Severity::Error, 71, "the live wall is empty");
}

#[test]
fn end_hands_must_match_the_replay() {
    let text = |end_s: &str| {
        format!(
            "jmjp[1.0](mtp[,,,]{PLAYERS}frm[E1-0,,,,,(e,hnd[{E14}])(s,hnd[{S13}])(w,hnd[{W13}])(n,hnd[{N13}])\
             (e,oy,nw)(e,hnd[1m2m3m4p5p6p7s8s9sewew1srd,,])(s,hnd[{end_s}])(w,hnd[{W13}])(n,hnd[{N13}]),,])"
        )
    };
    let ok = format::parse(&text(S13)).unwrap();
    assert!(rules::check(&ok.paifu, None).is_empty(), "{:?}", rules::check(&ok.paifu, None));
    let bad = format::parse(&text("1p1p2p3p4s5s6s7s8swdwdgdrd,,")).unwrap();
    let d = rules::check(&bad.paifu, None);
    assert!(
        d.iter().any(|d| d.message.contains(
            "S's end hand differs from the replay of the acts: it has rd the replay does not and it lacks gd"
        )),
        "{d:#?}"
    );
}

#[test]
fn nothing_after_the_frame_has_ended() {
    let d = frame_diags(legal(), "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,8p,tg)(w,ro,)(n,9s,tg)");
    has(&d, Severity::Error, 8, "N acts after the frame has ended");
    // A second ron on the same tile is a double ron, not an error.
    let hands = [E14, S13, W13, "9p9p9m9m9s9s4m5m6mswswrdrd,,"];
    let d = frame_diags(hands, "(e,oy,nw)(s,8p,tg)(w,ro,)(n,8p,tg)");
    has(&d, Severity::Error, 4, "after the frame has ended");
}

#[test]
fn riichi_warnings() {
    // Open hand.
    let d = frame_diags(legal(), "(e,oy,wd)(s,pn[wdwd],1p)(w,1s,tg)(n,6p,rd)(e,rd,1s)(s,9p,rc[gd])");
    has(&d, Severity::Warning, 6, "S declares riichi with an open hand");
    // Under 1000 points.
    let d = frame_diags_with(
        legal(),
        "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])",
        "E1-0,,,pfs[0.5,25.0,25.0,49.5],",
    );
    has(&d, Severity::Warning, 5, "E declares riichi with 500 points, under 1000");
    let d = frame_diags_with(
        legal(),
        "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])",
        "E1-0,,,pfs[1.0,25.0,25.0,49.0],",
    );
    lacks(&d, "under 1000");
    // Not tenpai.
    let d = frame_diags(legal(), "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1m])");
    has(&d, Severity::Warning, 5, "E declares riichi discarding 1m, but the hand is not tenpai");
}

#[test]
fn riichi_with_fewer_than_four_tiles_left() {
    let u = format!("{},,", u13());
    let hands = [u.as_str(), u.as_str(), u.as_str(), u.as_str()];
    let seats = ["e", "s", "w", "n"];
    let acts = |n: usize| -> String {
        let mut a: String = (0..n - 1).map(|i| format!("({},uk,tg)", seats[i % 4])).collect();
        a.push_str(&format!("({},uk,rc[uk])", seats[(n - 1) % 4]));
        a
    };
    has(&frame_diags(hands, &acts(67)), Severity::Warning, 67, "3 tiles left in the wall (fewer than four)");
    lacks(&frame_diags(hands, &acts(66)), "fewer than four");
}

#[test]
fn after_riichi_discard_the_drawn_tile() {
    let base = "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,9s,tg)(w,7m,tg)(n,2p,tg)";
    let d = frame_diags(legal(), &format!("{base}(e,3p,1m)"));
    has(&d, Severity::Warning, 9, "E is in riichi but discards 1m from the hand, not the drawn 3p");
    clean(&frame_diags(legal(), &format!("{base}(e,3p,tg)")));
}

#[test]
fn a_kan_in_riichi_that_changes_the_wait() {
    // E waits on 3m-6m with 1m1m1m in hand: an ankan of 1m keeps... no, 1m1m1m2m3m4m5m: waits change.
    let e = "1m1m1m2m3m4m5m7p8p9pewewew,nw,";
    let base = "(e,oy,rc[nw])(s,9p,tg)(w,1s,tg)(n,6p,rd)";
    let d = frame_diags([e, S13, W13, N13], &format!("{base}(e,1m,ak[1m1m1m1m])"));
    has(&d, Severity::Warning, 5, "E declares an ankan in riichi that changes the wait");
    // ew ew ew + the fourth ew: the wait stays.
    let d = frame_diags([e, S13, W13, N13], &format!("{base}(e,ew,ak[ewewewew])"));
    lacks(&d, "changes the wait");
}

#[test]
fn a_win_on_an_incomplete_hand_is_a_chombo() {
    let d = frame_diags(legal(), "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,7p,tg)(w,ro,)");
    has(&d, Severity::Warning, 7, "W declares ron on 7p, but the hand");
    has(&d, Severity::Warning, 7, "is not complete (chombo)");
    let d = frame_diags(legal(), "(e,oy,tm)");
    has(&d, Severity::Warning, 1, "E declares tsumo, but the hand");
    // Complete: no chombo.
    lacks(&frame_diags(legal(), "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,8p,tg)(w,ro,)"), "chombo");
}

/// A match of frames given as (header, acts) with unknown hands everywhere. A header is
/// `id,kyoutaku,dice,pfs,dora`, optionally followed by `|pfe,comment`.
fn match_diags(frames: &[(&str, &str)]) -> Vec<Diagnostic> {
    let u = u13();
    let hands: String = ["e", "s", "w", "n"].iter().map(|s| format!("({s},hnd[{u},,])")).collect();
    let mut text = format!("jmjp[1.0](mtp[,,,]{PLAYERS}");
    for (header, acts) in frames {
        let (head, tail) = header.split_once('|').unwrap_or((header, ","));
        text.push_str(&format!("frm[{head},{hands}{acts}{hands},{tail}]"));
    }
    text.push(')');
    let doc = format::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let out = rules::check(&doc.paifu, Some(&doc.source_map));
    all_in_japanese(&out);
    out
}

#[test]
fn frame_ids_follow_the_result() {
    // E wins by tsumo: E1-1 next. S wins by ron: E2-0 next.
    let tsumo_e = "(e,uk,tm)";
    clean(&match_diags(&[("E1-0,,,,", tsumo_e), ("E1-1,,,,", tsumo_e)]));
    let d = match_diags(&[("E1-0,,,,", tsumo_e), ("E2-0,,,,", tsumo_e)]);
    assert!(d.iter().any(|d| d.message.contains("after E1-0 (E won by tsumo) the next frame is E1-1")), "{d:#?}");
    let ron_s = "(e,uk,uk)(s,ro,)";
    clean(&match_diags(&[("E4-2,,,,", ron_s), ("S1-0,,,,", tsumo_e)]));
    let d = match_diags(&[("E4-2,,,,", ron_s), ("E4-3,,,,", tsumo_e)]);
    assert!(
        d.iter().any(|d| d.severity == Severity::Warning && d.message.contains("the next frame is S1-0")),
        "{d:#?}"
    );
    // An abortive draw (no result): the dealer stays, honba + 1.
    clean(&match_diags(&[("E2-0,,,,", "(e,uk,uk)"), ("E2-1,,,,", tsumo_e)]));
}

#[test]
fn start_points_carry_over_with_the_seats_rotating() {
    // E1: E (player 0) wins. E2's East seat is player 1, so pfs starts with player 1's points.
    // E1: S (player 1) wins by ron from E. E2's East seat is player 1, so its pfs starts with
    // player 1's points and ends with player 0's.
    let e1 = "E1-0,,,pfs[25.0,25.0,25.0,25.0],|pfe[21.0,29.0,25.0,25.0],";
    let ron = "(e,uk,uk)(s,ro,)";
    clean(&match_diags(&[(e1, ron), ("E2-0,,,pfs[29.0,25.0,25.0,21.0],", "")]));
    let d = match_diags(&[(e1, ron), ("E2-0,,,pfs[21.0,29.0,25.0,25.0],", "")]);
    assert!(
        d.iter().any(|d| d
            .message
            .contains("are not the end points of E1-0 (in this frame's seat order: pfs[29.0,25.0,25.0,21.0])")),
        "{d:#?}"
    );
}

#[test]
fn points_are_conserved() {
    // A riichi stick deposited and nobody wins: the sum drops by 1.0.
    // (A frame that stops there is an abortive draw, which M League does not play: that is
    // the only finding.)
    let ok = "E1-0,,,pfs[25.0,25.0,25.0,25.0],|pfe[24.0,25.0,25.0,25.0],";
    let d = match_diags(&[(ok, "(e,uk,rc[uk])")]);
    assert!(d.len() == 1 && d[0].message.contains("there are no abortive draws"), "{d:#?}");
    let bad = "E1-0,,,pfs[25.0,25.0,25.0,25.0],|pfe[25.0,25.0,25.0,25.0],";
    let d = match_diags(&[(bad, "(e,uk,rc[uk])")]);
    assert!(
        d.iter().any(|d| d
            .message
            .contains("points are not conserved: the total changes by 0.0, but should change by -1.0")),
        "{d:#?}"
    );
    // A win collects the kyoutaku: the sum grows by it.
    let win = "E1-0,2.0,,pfs[25.0,25.0,25.0,23.0],|pfe[30.0,25.0,25.0,20.0],";
    clean(&match_diags(&[(win, "(e,uk,uk)(s,uk,uk)(w,uk,uk)(n,uk,uk)(e,uk,tm)")]));
}

#[test]
fn dora_warnings() {
    let none = "(e,uk,uk)";
    // Ura dora without a riichi win.
    let d = match_diags(&[("E1-0,,,,3m5mukukukukukukukuk", none)]);
    assert!(d.iter().any(|d| d.message.contains("ura dora are recorded, but no riichi hand won")), "{d:#?}");
    clean(
        &match_diags(&[("E1-0,,,,3m5mukukukukukukukuk", "(e,uk,rc[uk])(s,uk,uk)(w,uk,uk)(n,uk,uk)(e,uk,tm)")])
            .into_iter()
            .filter(|d| !d.message.contains("conserved"))
            .collect::<Vec<_>>(),
    );
    // Kan dora beyond the kans.
    let d = match_diags(&[("E1-0,,,,3muk4mukukukukukukuk", none)]);
    assert!(d.iter().any(|d| d.message.contains("1 kan dora are filled in, but the frame has 0 kans")), "{d:#?}");
    lacks(&match_diags(&[("E1-0,,,,3muk4mukukukukukukuk", "(e,uk,ak[ukukukuk])(e,rs[uk],uk)")]), "kan dora");
}

#[test]
fn hostile_records_are_judged_without_crashing_or_hanging() {
    // 300 copies of one tile, huge points, hundreds of riichi and kans.
    let big = "1m".repeat(300);
    let acts: String = (0..300).map(|i| if i % 2 == 0 { "(e,1m,rc[1m])" } else { "(e,rs[1m],ak[1m1m1m1m])" }).collect();
    let text = format!(
        "jmjp[1.0](mtp[,,,]{PLAYERS}frm[E1-0,99999999.9,,pfs[99999999.9,99999999.9,99999999.9,99999999.9],,\
         (e,hnd[{big},1m,])(s,hnd[{big},,])(w,hnd[{big},,])(n,hnd[{big},,]){acts}\
         (e,hnd[{big},,])(s,hnd[{big},,])(w,hnd[{big},,])(n,hnd[{big},,]),pfe[-99999999.9,-99999999.9,-99999999.9,-99999999.9],])"
    );
    let doc = format::parse(&text).unwrap();
    assert!(!rules::check(&doc.paifu, Some(&doc.source_map)).is_empty());
    let mut out = Vec::new();
    rules::check_frame(&doc.paifu.matches[0].frames[0], None, RecordPlace::default(), &mut out);
    assert!(out.iter().any(|d| d.severity == Severity::Error));
    let t = rules::Table::replay(&doc.paifu.matches[0].frames[0], usize::MAX).unwrap();
    let _ = (t.expect(), t.call_options(), t.riichi_discards(format::Seat::East), t.ankan_options(format::Seat::East));
}

#[test]
fn a_call_after_riichi_is_a_warning() {
    let base = "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,9s,tg)(w,7m,tg)(n,2p,tg)";
    // N discards ew; E (in riichi) pons it.
    let d = frame_diags(
        legal(),
        "(e,oy,nw)(s,9p,tg)(w,1s,tg)(n,6p,rd)(e,rd,rc[1s])(s,9s,tg)(w,7m,tg)(n,ew,tg)(e,pn[ewew],1m)",
    );
    has(&d, Severity::Warning, 9, "E calls after declaring riichi");
    lacks(&frame_diags(legal(), &format!("{base}(e,3p,tg)")), "after declaring riichi");
}

#[test]
fn the_kyoutaku_carries_the_sticks_left_on_the_table() {
    // A riichi stick and no win: the next frame starts with 1.0 more on the table.
    let riichi_draw = "(e,uk,rc[uk])";
    clean(&match_diags(&[("E1-0,1.0,,,", riichi_draw), ("E1-1,2.0,,,", "")]));
    let d = match_diags(&[("E1-0,1.0,,,", riichi_draw), ("E1-1,1.0,,,", "")]);
    assert!(d.iter().any(|d| d.message.contains("the kyoutaku is 1.0, but E1-0 left 2.0 on the table")), "{d:#?}");
    // A win collects it: the next frame starts with none.
    let d = match_diags(&[("E1-0,1.0,,,", "(e,uk,tm)"), ("E1-1,1.0,,,", "")]);
    assert!(d.iter().any(|d| d.message.contains("left 0.0 on the table")), "{d:#?}");
}

#[test]
fn a_quiet_replay_finds_the_same_and_tells_nothing() {
    // A fifth 9m drawn (act 2) and a draw out of turn (act 3).
    let hands = ["9m9m9m1p2p3p4p5p6p7s8s9sew", "9m1s2s3s4s5s6s7s8s1p1p2p2p", &u13(), &u13()];
    let seats = ["e", "s", "w", "n"];
    let starts: String = hands.iter().zip(seats).map(|(h, s)| format!("({s},hnd[{h},,])")).collect();
    let text = format!("jmjp[1.0](mtp[,,,]{PLAYERS}frm[E1-0,,,,,{starts}(e,1m,tg)(s,9m,tg)(n,1m,tg),,])");
    let doc = format::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let f = &doc.paifu.matches[0].frames[0];
    let (mut told, _) = rules::Table::start(f).unwrap();
    let (mut quiet, _) = rules::Table::start_quiet(f).unwrap();
    let mut errors = 0;
    for act in &f.flow.as_ref().unwrap().acts {
        let (a, b) = (told.apply(act), quiet.apply(act));
        let severities = |x: &[rules::table::Finding]| x.iter().map(|f| f.severity).collect::<Vec<_>>();
        assert_eq!(severities(&a), severities(&b));
        assert!(a.iter().all(|f| !f.message.is_empty()) && b.iter().all(|f| f.message.is_empty()), "{a:?} {b:?}");
        errors += a.iter().filter(|f| f.severity == Severity::Error).count();
    }
    assert!(errors >= 2, "the frame has errors to tell");
    // A replay is quiet on the way, and tells what comes after it.
    let mut replayed = rules::Table::replay(f, 1).unwrap();
    let next = replayed.apply(&f.flow.as_ref().unwrap().acts[1]);
    assert!(next.iter().any(|f| f.message.contains("fifth 9m")), "{next:?}");
}
