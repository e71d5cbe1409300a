//! Known answers of the cause finder: one planted mistake of each kind in a hand-made frame (the
//! frame the recorder tests record: an ankan with rinshan and kan dora, a tsumogiri, a pon, a
//! chi, a riichi and a ron), the cause found at the right place, said in both languages, and its
//! fix giving back the frame exactly.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use common::{RECORDED_FRAME_ACTS, RECORDED_FRAME_HANDS};
use jmjp_studio::format::{self, Frame, Points, Tile, dora_slot, ura_slot};
use jmjp_studio::interop::mpsz;
use jmjp_studio::rules::repair::{self, Cause, Correction, EndHands, Kind, Search};
use jmjp_studio::scoring::{RuleOptions, score_frame};

/// The hand-made frame, its end hands from the replay and its end points from the scoring.
fn frame() -> Frame {
    let hands: Vec<String> = RECORDED_FRAME_HANDS
        .iter()
        .map(|h| mpsz::parse(h).unwrap().tiles().into_iter().map(|(t, _)| t.code()).collect())
        .collect();
    let text = format!(
        "jmjp[1.0](mtp[,,,]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]ptr[25.0,30.0,(30.0,10.0),0.3]\
         frm[E1-0,0.0,,pfs[25.0,25.0,25.0,25.0],1p6s4pukukukukukukuk,\
         (e,hnd[{},,])(s,hnd[{},,])(w,hnd[{},,])(n,hnd[{},,]){},pfe[25.0,28.9,21.1,25.0],])",
        hands[0],
        hands[1],
        hands[2],
        hands[3],
        RECORDED_FRAME_ACTS.concat()
    );
    let mut f = format::parse(&text).unwrap().paifu.matches.remove(0).frames.remove(0);
    jmjp_studio::rules::fill_end_hands(&mut f);
    assert_eq!(scored(&f), f.end_points, "the frame pays what it says");
    f
}

fn scored(f: &Frame) -> Option<[Points; 4]> {
    score_frame(f, &RuleOptions::M_LEAGUE).ok()?.end_points(f)
}

fn explain(f: &Frame) -> Cause {
    repair::explain(
        f,
        Search { end_hands: EndHands::Evidence, scorer: Some(&scored), indicators: RuleOptions::M_LEAGUE.indicators() },
    )
    .unwrap_or_else(|| panic!("no cause for {:?}", f.flow.as_ref().map(|fl| &fl.acts)))
}

/// `f` with act `i` (0-based) written as `text`.
fn with_act(f: &Frame, i: usize, text: &str) -> Frame {
    let mut g = f.clone();
    g.flow.as_mut().unwrap().acts[i] = format::parse_act(text).unwrap();
    g
}

fn acts(f: &mut Frame) -> &mut Vec<format::Act> {
    &mut f.flow.as_mut().unwrap().acts
}

/// The cause of `bad` is of `kind`, at act `at` (1-based) when given, says `words` in English
/// and has Japanese, and its fix gives back `good`.
fn known(good: &Frame, bad: &Frame, kind: Kind, at: Option<usize>, words: &str) -> Cause {
    let c = explain(bad);
    assert_eq!(c.kind, kind, "{}", c.describe().en);
    assert_eq!(c.act().map(|a| a + 1), at, "{}", c.describe().en);
    let text = c.describe();
    assert!(text.en.contains(words), "{}", text.en);
    assert!(common::has_japanese(&text), "{}", text.ja);
    assert!(c.fixed == *good, "the fix gives back the frame: {}", text.en);
    c
}

#[test]
fn the_frame_as_recorded_has_nothing_to_explain() {
    assert!(
        repair::explain(
            &frame(),
            Search {
                end_hands: EndHands::Evidence,
                scorer: Some(&scored),
                indicators: RuleOptions::M_LEAGUE.indicators()
            }
        )
        .is_none()
    );
}

#[test]
fn a_discard_from_the_hand_recorded_as_a_tsumogiri() {
    let f = frame();
    // W drew rd and let 9s go from the hand; recorded as a tsumogiri of the rd.
    let bad = with_act(&f, 7, "(w,rd,tg)");
    let c = known(
        &f,
        &bad,
        Kind::TsumogiriTedashi,
        Some(8),
        "act 8, W discarded 9s from the hand, not the drawn rd (tsumogiri) (fix: (w,rd,9s))",
    );
    assert!(c.describe().ja.contains("8 手目"), "{}", c.describe().ja);
}

#[test]
fn a_tsumogiri_recorded_as_a_discard_from_the_hand() {
    let f = frame();
    // S let the drawn 5p go; recorded as a discard of 7s from the hand.
    let bad = with_act(&f, 2, "(s,5p,7s)");
    known(&f, &bad, Kind::TsumogiriTedashi, Some(3), "(fix: (s,5p,tg))");
}

#[test]
fn a_wrong_tile_in_a_start_hand() {
    let f = frame();
    // W was dealt 9s9s; one is recorded as 9m, so W lets go of a 9s it does not hold at act 8.
    let mut bad = f.clone();
    let w = &mut bad.flow.as_mut().unwrap().start_hands[2].hand;
    let at = w.tiles.iter().position(|t| t.code() == "9s").unwrap();
    w.tiles[at] = Tile::from_code(b"9m").unwrap();
    let c = known(&f, &bad, Kind::DealTile, None, "W's start hand held 9s, not 9m");
    assert!(matches!(c.change, Correction::StartTile { .. }));
}

#[test]
fn a_riichi_the_record_missed_shows_in_the_ura_indicators() {
    let f = frame();
    // S declared riichi with gd; recorded as a plain tsumogiri. The ura indicator 5s is recorded
    // but no riichi hand won, and the win is a chombo without it.
    let bad = with_act(&f, 6, "(s,gd,tg)");
    known(&f, &bad, Kind::Riichi, Some(7), "act 7, S discarded gd declaring riichi");
}

#[test]
fn a_missing_ura_indicator_is_named() {
    let f = frame();
    let mut bad = f.clone();
    bad.dora[ura_slot(0)] = Tile::UNKNOWN;
    // Many tiles give the same points: the cause names the gap, the fix is only one of them.
    let c = explain(&bad);
    assert_eq!(c.kind, Kind::Indicator);
    assert!(matches!(c.change, Correction::Indicator { slot, .. } if slot == ura_slot(0)));
    assert!(c.describe().en.contains("the ura indicator is not recorded"), "{}", c.describe().en);
    assert!(c.others > 0);
}

#[test]
fn a_wrong_dora_indicator_that_breaks_a_count() {
    let f = frame();
    // The dora indicator written as 1m: with E's 1m1m1m1m ankan that is a fifth 1m.
    let mut bad = f.clone();
    bad.dora[dora_slot(0)] = jmjp_studio::rules::dora_of(Tile::from_code(b"1m").unwrap());
    let c = explain(&bad);
    assert_eq!(c.kind, Kind::Indicator, "{}", c.describe().en);
    assert!(matches!(c.change, Correction::Indicator { slot: 0, .. }), "{:?}", c.change);
}

#[test]
fn an_act_missing() {
    let f = frame();
    // W's draw of rd and discard of 9s left out: S's ron then has nothing to ron.
    let mut bad = f.clone();
    acts(&mut bad).remove(7);
    known(&f, &bad, Kind::MissingAct, Some(8), "an act of W is missing before act 8 (fix: insert (w,rd,9s))");
}

#[test]
fn an_act_too_many() {
    let f = frame();
    let mut bad = f.clone();
    acts(&mut bad).insert(5, format::parse_act("(n,3m,tg)").unwrap());
    known(&f, &bad, Kind::ExtraAct, Some(6), "act 6 (n,3m,tg) did not happen");
}

#[test]
fn two_acts_the_wrong_way_round() {
    let f = frame();
    let mut bad = f.clone();
    acts(&mut bad).swap(1, 2);
    known(&f, &bad, Kind::Swap, Some(2), "acts 2 and 3 came the other way round");
}

#[test]
fn a_wrong_drawn_tile() {
    let f = frame();
    // W drew rd and kept it; recorded as a draw of gd.
    let bad = with_act(&f, 7, "(w,gd,9s)");
    known(&f, &bad, Kind::DrawTile, Some(8), "act 8, W drew rd, not gd");
}

#[test]
fn a_call_by_the_wrong_seat() {
    let f = frame();
    // The pon of S's 5p was W's; recorded as N's, who holds no pair of 5p.
    let bad = with_act(&f, 3, "(n,pn[5p5p],8m)");
    known(&f, &bad, Kind::Call, Some(4), "act 4 was (w,pn[5p5p],8m)");
}

#[test]
fn end_points_the_hands_do_not_pay() {
    let f = frame();
    let mut bad = f.clone();
    bad.end_points = Some([Points(250), Points(299), Points(201), Points(250)]);
    let c = known(&f, &bad, Kind::EndPoints, None, "the end points are 25.0, 28.9, 21.1, 25.0");
    assert_eq!(c.old_new().1, "pfe[25.0,28.9,21.1,25.0]");
}

#[test]
fn in_the_recorder_the_later_acts_are_the_evidence() {
    // The recorder writes the end hands from the replay, so they prove nothing; W's pon of S's
    // 5p does: with S's act recorded as a discard of 7s, the pon has no 5p to take.
    let f = frame();
    let mut bad = with_act(&f, 2, "(s,5p,7s)");
    jmjp_studio::rules::fill_end_hands(&mut bad);
    let c = repair::explain(
        &bad,
        Search { end_hands: EndHands::Derived, scorer: Some(&scored), indicators: RuleOptions::M_LEAGUE.indicators() },
    )
    .unwrap();
    assert_eq!(c.kind, Kind::TsumogiriTedashi, "{}", c.describe().en);
    assert_eq!(c.symptom, Some(3), "the symptom is W's pon");
    assert_eq!(c.act(), Some(2));
    assert!(c.fixed == f, "the fix gives back the frame, its end hands written again");
}

#[test]
fn gaps_in_the_dora_field_are_warned() {
    let warnings = |f: &Frame| {
        let mut d = Vec::new();
        jmjp_studio::rules::check_frame(f, None, Default::default(), &mut d);
        for x in &d {
            assert!(common::has_japanese(&x.message), "{}", x.message.ja);
        }
        d.into_iter().map(|x| x.message.en).collect::<Vec<_>>()
    };
    let f = frame();
    assert!(warnings(&f).is_empty(), "{:?}", warnings(&f));
    for (slot, words) in [
        (ura_slot(0), "E1-0: S won with riichi but no ura dora indicator is recorded"),
        (dora_slot(1), "E1-0: kan 1 was made, but no kan dora indicator is recorded for it"),
        (dora_slot(0), "E1-0: the dora indicator is not recorded"),
    ] {
        let mut g = f.clone();
        g.dora[slot] = Tile::UNKNOWN;
        assert_eq!(warnings(&g), [words]);
    }
    // A frame that leaves the dora field out says nothing of it.
    let mut g = f.clone();
    g.dora.clear();
    assert!(warnings(&g).is_empty(), "{:?}", warnings(&g));
}

#[test]
fn two_mistakes_in_one_frame_take_two_changes() {
    let f = frame();
    // W's discard of 9s recorded as a tsumogiri, and S's tsumogiri of 5p as a discard of 7s.
    let bad = with_act(&with_act(&f, 7, "(w,rd,tg)"), 2, "(s,5p,7s)");
    let c = explain(&bad);
    let steps = c.changes();
    assert_eq!(steps.len(), 2, "{}", c.describe().en);
    assert!(c.fixed == f, "{}", c.describe().en);
    let acts: Vec<Option<usize>> = steps.iter().map(|s| s.act()).collect();
    assert!(acts.contains(&Some(2)) && acts.contains(&Some(7)), "{acts:?}");
    assert!(c.describe().en.contains("and then act"), "{}", c.describe().en);
    assert!(c.describe().ja.contains("さらに"), "{}", c.describe().ja);
}
