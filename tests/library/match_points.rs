#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Match points (`pme`) of finishing orders under each league's rules, as the Results form
//! computes them from the last frame's end points and the rules the match names, against values
//! worked out by hand from each league's published uma (docs/src/rule-presets.md): JPML's uma by
//! how many finish at or above 30,000, EMA's and WRC's 15/5 with no oka, M League's 30/10 with
//! 20 of oka; ties as each shares them; the riichi sticks left at the end as each says.

use jmjp_studio::format::{Frame, FrameId, Match, Player, PointRule, Points, Wind};
use jmjp_studio::forms::text::compute_results;
use jmjp_studio::rules;
use jmjp_studio::scoring::RuleOptions;

/// A match under `rules` whose last frame (E1-0, so seats are plyerIds) ends at `end` (in
/// thousands, one decimal as the standard writes them: 35.0 is 350), having started from
/// `start` each; `sticks` riichi sticks are left on the table (not in front of anyone).
fn match_ending(rules: &str, start: i32, end: [i32; 4]) -> Match {
    let mut f = Frame::new(FrameId { wind: Wind::East, number: 1, honba: 0 });
    f.start_points = Some([Points(start); 4]);
    f.end_points = Some(end.map(Points));
    Match {
        rules: Some(rules.to_string()),
        players: (0..4).map(|id| Player { id, ..Default::default() }).collect(),
        frames: vec![f],
        ..Default::default()
    }
}

/// The match points `pme` would hold, in tenths.
fn pme(rules: &str, start: i32, end: [i32; 4]) -> [i32; 4] {
    let m = match_ending(rules, start, end);
    let opts = rules::rules_or(&m, &RuleOptions::M_LEAGUE);
    // The fallback (the Settings' point preset) is another's: the rules the match names win.
    let fallback = PointRule { uma_4_to_1: Points(990), ..PointRule::M_LEAGUE };
    let c = compute_results(&m, fallback, &opts).unwrap();
    assert!(!c.used_fallback, "{rules}");
    c.final_points.totals().map(|p| p.0)
}

#[test]
fn jpml_counts_the_uma_by_how_many_finish_at_or_above_30000() {
    // Two above: +8 / +4 / -4 / -8.
    assert_eq!(pme("jpml", 300, [350, 320, 280, 250]), [130, 60, -60, -130]);
    // One above: +12 / -1 / -3 / -8.
    assert_eq!(pme("jpml", 300, [450, 290, 240, 220]), [270, -20, -90, -160]);
    // Three above (30,000 itself counts as not sunk): +8 / +3 / +1 / -12.
    assert_eq!(pme("jpml", 300, [310, 305, 300, 285]), [90, 35, 10, -135]);
    // A tie for second and third with three above: their +3 and +1 shared, 2 each.
    assert_eq!(pme("jpml", 300, [400, 300, 300, 200]), [180, 20, 20, -220]);
    // The ptr a JPML match writes holds the row for two above.
    let r = RuleOptions::JPML.point_rule().unwrap();
    assert_eq!((r.start.0, r.return_points.0, r.uma_4_to_1.0, r.uma_3_to_2.0), (300, 300, 80, 40));
}

#[test]
fn ema_and_wrc_count_15_and_5_with_no_oka_and_share_ties() {
    for rules in ["ema", "wrc", "rmu"] {
        assert_eq!(pme(rules, 300, [420, 310, 270, 200]), [270, 60, -80, -250], "{rules}");
        // Two ties: first and second share 15 + 5, third and fourth -5 - 15.
        assert_eq!(pme(rules, 300, [350, 350, 250, 250]), [150, 150, -150, -150], "{rules}");
    }
    // One riichi stick left at the end: EMA gives it to the first; WRC loses it.
    assert_eq!(pme("ema", 300, [420, 310, 270, 190]), [280, 60, -80, -260]);
    assert_eq!(pme("wrc", 300, [420, 310, 270, 190]), [270, 60, -80, -260]);
}

#[test]
fn m_league_counts_30_and_10_with_20_of_oka_and_shares_ties() {
    assert_eq!(pme("m-league", 250, [412, 288, 195, 105]), [612, 88, -205, -495]);
    // A tie for first: 30 + 10 + 20 shared, 30 each.
    assert_eq!(pme("m-league", 250, [350, 350, 200, 100]), [350, 350, -200, -500]);
}

#[test]
fn a_ptr_the_match_writes_wins_over_its_rules_fixed_uma() {
    let mut m = match_ending("ema", 300, [420, 310, 270, 200]);
    m.point_rule = Some(PointRule {
        start: Points(300),
        return_points: Points(300),
        uma_4_to_1: Points(200),
        uma_3_to_2: Points(100),
        honba: Points(3),
        noten_total: None,
    });
    let opts = rules::rules_or(&m, &RuleOptions::M_LEAGUE);
    let c = compute_results(&m, PointRule::M_LEAGUE, &opts).unwrap();
    assert_eq!(c.final_points.totals().map(|p| p.0), [320, 110, -130, -300]);
}

#[test]
fn a_match_without_ptr_is_counted_by_its_rules_whatever_their_shape() {
    // M League's counting without its oka: 30/10 alone.
    assert_eq!(pme("m-league, oka=0", 250, [412, 288, 195, 105]), [412, 88, -205, -495]);
    // An uma of four values that is no symmetric pair: +20 / +5 / -5 / -20.
    assert_eq!(pme("ema, uma=20/5/-5/-20", 300, [420, 310, 270, 200]), [320, 60, -80, -300]);
}
