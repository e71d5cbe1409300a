#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Each rule option that differs between presets, on built frames and real logs, with what every
//! preset's value gives: red fives, ura, ippatsu (values from the Python `mahjong` package,
//! `tools/rule_option_values.py`), kan dora none, kan ura, nagashi mangan, the pao yaku, the uma
//! and the point rule they write (worked out by hand from the published values).

use std::path::PathBuf;

use crate::common::frames::legal_frame;

use jmjp_studio::format::{self, Frame, Tile};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules;
use jmjp_studio::rules::options::{KanDora, Uma};
use jmjp_studio::scoring::{RuleOptions, RulesPreset, Settlement, score_frame};

// East (dealer) waits on 5s alone with a red 5p; the others hold nothing of use.
const E13: &str = "1m2m3m4p0p6p7s8s9s2m3m4m5s";
const S13: &str = "1p1p9p9psw1s2s3s6m7m8m9m9m";
const W13: &str = "ewewnwnwgdgd6s7s8s1m6p7p8p";
const N13: &str = "wdwdwd2p3p4p4s4s6m7m8m9s9s";

/// East declares riichi after its first turn and wins by ron on N's 5s within the go-around
/// (ippatsu); the dora 9p (none in the hand; the record holds the dora, not the indicator: the
/// package's indicator is 8p); the ura 5s (two ura; the package's indicator 4s) when `ura`.
fn riichi_ippatsu_frame(ura: bool) -> Frame {
    let acts = [
        "(e,nw,tg)",
        "(s,ww,tg)",
        "(w,9p,tg)",
        "(n,3s,tg)",
        "(e,nw,rc[nw])",
        "(s,8p,tg)",
        "(w,2s,tg)",
        "(n,5s,5s)",
        "(e,ro,)",
    ];
    let mut f = legal_frame(0, [E13, S13, W13, N13], Tile::from_code(b"9p"), &acts);
    if ura {
        f.dora[format::ura_slot(0)] = Tile::from_code(b"5s").unwrap();
    }
    f
}

/// What East's win pays under `opts` (a dealer's ron).
fn paid(f: &Frame, opts: &RuleOptions) -> (u32, u32, i64) {
    let s = score_frame(f, opts).unwrap();
    let Settlement::Wins(w) = &s.result else { panic!("{:?}", s.result) };
    (w[0].value.han, w[0].value.fu, w[0].payment.total())
}

#[test]
fn red_fives_ura_and_ippatsu_pay_as_the_python_package_pays_each_preset() {
    // tools/rule_option_values.py: the package with each preset's red fives, ippatsu and ura.
    for p in RulesPreset::ALL {
        let o = p.options();
        let (without_ura, with_ura) = match (o.red_fives, o.ippatsu, o.ura_dora) {
            (true, true, true) => ((3, 40, 7700), (5, 40, 12000)),
            (false, true, true) => ((2, 40, 3900), (4, 40, 12000)),
            (false, false, false) => ((1, 40, 2000), (1, 40, 2000)),
            other => panic!("{p:?}: no package value for {other:?}"),
        };
        assert_eq!(paid(&riichi_ippatsu_frame(false), &o), without_ura, "{p:?}");
        assert_eq!(paid(&riichi_ippatsu_frame(true), &o), with_ura, "{p:?}");
    }
    // The options one by one, over M League's.
    let over = |text: &str| rules::options::spec::read(text, &RuleOptions::M_LEAGUE).0;
    assert_eq!(paid(&riichi_ippatsu_frame(false), &over("m-league, red=none")), (2, 40, 3900));
    assert_eq!(paid(&riichi_ippatsu_frame(false), &over("m-league, ippatsu=no")), (2, 40, 3900));
    assert_eq!(paid(&riichi_ippatsu_frame(true), &over("m-league, ura=no")), (3, 40, 7700));
}

/// The match around one frame, written and read back with its rules comment.
fn judged(rules_text: &str, f: &Frame) -> Vec<String> {
    let mut f = f.clone();
    rules::fill_end_hands(&mut f);
    let mut m = format::Match { rules: Some(rules_text.into()), frames: vec![f], ..Default::default() };
    m.players = (0..4).map(|id| format::Player { id, ..Default::default() }).collect();
    let doc = format::parse(&format::write(&format::Paifu { matches: vec![m] })).unwrap();
    rules::check(&doc.paifu, Some(&doc.source_map)).iter().map(|d| d.message.to_string()).collect()
}

#[test]
fn ura_recorded_or_missing_is_judged_by_the_rules() {
    let mut f = riichi_ippatsu_frame(false);
    f.end_points = Some(f.start_points.unwrap());
    let missing = "won with riichi but no ura dora indicator is recorded";
    for p in RulesPreset::ALL {
        let d = judged(p.code(), &f);
        assert_eq!(d.iter().any(|m| m.contains(missing)), p.options().ura_dora, "{p:?}: {d:#?}");
    }
    let mut with = riichi_ippatsu_frame(true);
    with.end_points = f.end_points;
    let d = judged("jpml", &with);
    assert!(d.iter().any(|m| m.contains("these rules play without ura dora")), "{d:#?}");
    assert!(!judged("ema", &with).iter().any(|m| m.contains("ura")));
}

#[test]
fn kan_dora_none_asks_for_no_indicator_and_counts_none() {
    // An ankan and a win on its replacement tile (unknown tiles): a kan dora indicator is due at
    // once under M League, after the discard under tenhou (an ankan's at once too), never under
    // JPML; one filled in there is said to be none these rules turn.
    let text = |rules: &str, dora: &str| {
        let u = "uk".repeat(13);
        let hands: String = ["e", "s", "w", "n"].iter().map(|s| format!("({s},hnd[{u},,])")).collect();
        format!(
            "jmjp[1.0]\n(\n// rules: {rules}\nmtp[,,,]ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]\
             frm[E1-0,,,,{dora},{hands}(e,uk,ak[ukukukuk])(e,rs[uk],tm){hands},,])"
        )
    };
    let check = |t: String| -> Vec<String> {
        let doc = format::parse(&t).unwrap();
        rules::check(&doc.paifu, None).iter().map(|d| d.message.to_string()).collect()
    };
    let not_recorded = "no kan dora indicator is recorded";
    for p in RulesPreset::ALL {
        let d = check(text(p.code(), "3mukukukukukukukukuk"));
        assert_eq!(d.iter().any(|m| m.contains(not_recorded)), p.options().kan_dora != KanDora::None, "{p:?}");
    }
    let d = check(text("jpml", "3muk4mukukukukukukuk"));
    assert!(d.iter().any(|m| m.contains("these rules play without kan dora")), "{d:#?}");
}

/// MPSZ (`123m5z`) as tile codes one after another (`1m2m3mwd`).
fn codes(mpsz: &str) -> String {
    let mut out = String::new();
    let mut digits = Vec::new();
    for c in mpsz.chars() {
        match c.to_digit(10) {
            Some(d) => digits.push(d as u8),
            None => digits.drain(..).for_each(|d| out.push_str(Tile::from_mpsz(d, c).unwrap().code())),
        }
    }
    out
}

#[test]
fn a_kan_uras_dora_counts_only_where_kan_ura_is_played() {
    // The shared recorded frame: E's ankan of 1m (its kan dora 4p), S's riichi won by ron on W's
    // 9s. The ura under the dora is 4s (one in S's 234s); the ura under the kan dora is 3m (one
    // in S's 234m): worth one han more where kan ura is played. The kan dora 4p is not in S's hand.
    let hands = crate::common::RECORDED_FRAME_HANDS.map(codes);
    let hands = [hands[0].as_str(), hands[1].as_str(), hands[2].as_str(), hands[3].as_str()];
    let mut f = legal_frame(0, hands, Tile::from_code(b"1p"), &crate::common::RECORDED_FRAME_ACTS);
    f.dora[format::ura_slot(0)] = Tile::from_code(b"4s").unwrap();
    f.dora[format::dora_slot(1)] = Tile::from_code(b"4p").unwrap();
    f.dora[format::ura_slot(1)] = Tile::from_code(b"3m").unwrap();
    let han = |text: &str| paid(&f, &rules::options::spec::read(text, &RuleOptions::M_LEAGUE).0).0;
    assert_eq!(han("ema"), han("ema, kan-ura=no") + 1);
    assert_eq!(han("m-league"), han("m-league, kan-ura=no") + 1);
    // Without ura, neither ura counts; without kan dora, the kan's ura counts nothing either.
    assert_eq!(han("ema, ura=no"), han("ema, kan-ura=no") - 1);
    assert_eq!(han("ema, kan-dora=none"), han("ema") - 1);
}

#[test]
fn kan_ura_turns_the_ura_under_each_kans_dora() {
    for p in RulesPreset::ALL {
        let o = p.options();
        let shown = o.indicators().ura_shown(3);
        let want = match (o.ura_dora, o.kan_ura) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 3,
        };
        assert_eq!(shown, want, "{p:?}");
    }
    let no_kan_ura = rules::options::spec::read("ema, kan-ura=no", &RuleOptions::M_LEAGUE).0;
    assert_eq!(no_kan_ura.indicators().ura_shown(3), 1);
}

fn corpus(name: &str) -> format::Paifu {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../shared/corpus/tenhou6/{name}.json"));
    tenhou6::import(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn nagashi_mangan_is_paid_only_where_the_rules_have_it() {
    let paifu = corpus("pantheon_nagashi_usual");
    let frame = paifu.matches[0]
        .frames
        .iter()
        .find(|f| {
            matches!(score_frame(f, &RuleOptions::TENHOU).map(|s| s.result), Ok(Settlement::Exhaustive(d)) if !d.nagashi.is_empty())
        })
        .expect("the log has a nagashi mangan");
    for p in RulesPreset::ALL {
        let s = score_frame(frame, &p.options()).unwrap();
        let Settlement::Exhaustive(d) = &s.result else { panic!("{p:?}") };
        assert_eq!(!d.nagashi.is_empty(), p.options().nagashi_mangan, "{p:?}");
    }
    let has: Vec<&str> = RulesPreset::ALL.iter().filter(|p| p.options().nagashi_mangan).map(|p| p.code()).collect();
    assert_eq!(has, ["tenhou", "mahjong-soul"]);
}

#[test]
fn the_seat_that_fed_the_fourth_kan_pays_only_where_suukantsu_carries_pao() {
    // A real log: the dealer wins suukantsu by tsumo, the fourth kan a daiminkan on N's discard;
    // tenhou has no pao on suukantsu (each pays 16,000), JPML and M League make N pay the whole
    // 48,000 on a tsumo (JPML pays a pao tsumo whole; M League's liable seat pays the yakuman).
    let paifu = corpus("pantheon_suukantsu_dealer_tsumo_no_pao");
    let (frame, tenhou) = paifu.matches[0]
        .frames
        .iter()
        .find_map(|f| {
            let s = score_frame(f, &RuleOptions::TENHOU).ok()?;
            let Settlement::Wins(w) = &s.result else { return None };
            w[0].value.yaku.iter().any(|y| format!("{:?}", y.0) == "Suukantsu").then(|| (f, s.deltas.unwrap()))
        })
        .expect("the log has a suukantsu");
    for p in RulesPreset::ALL {
        let d = score_frame(frame, &p.options()).unwrap().deltas.unwrap();
        if p.options().pao.suukantsu {
            assert_ne!(d, tenhou, "{p:?}");
            let liable = (0..4).filter(|&i| d[i] < 0).count();
            assert_eq!(liable, 1, "{p:?}: only the liable seat pays: {d:?}");
        } else {
            assert_eq!(d, tenhou, "{p:?}");
        }
    }
}

#[test]
fn uma_and_the_point_rule_each_preset_writes() {
    // JPML: by how many finish at or above 30,000 (one, two, three).
    let jpml = RuleOptions::JPML.uma;
    assert_eq!(jpml.by_place(1), [120, -10, -30, -80]);
    assert_eq!(jpml.by_place(2), [80, 40, -40, -80]);
    assert_eq!(jpml.by_place(3), [80, 30, 10, -120]);
    assert_eq!(jpml.by_place(4), [80, 40, -40, -80], "a four-way tie at 30,000 takes the row for two");
    // The standard's ptr holds two uma values: JPML's writes its row for two above.
    let jpml_ptr = RuleOptions::JPML.point_rule().unwrap();
    assert_eq!((jpml_ptr.uma_4_to_1.0, jpml_ptr.uma_3_to_2.0), (80, 40));
    let ptr = |p: RulesPreset| {
        p.options().point_rule().map(|r| (r.start.0, r.return_points.0, r.uma_4_to_1.0, r.uma_3_to_2.0))
    };
    assert_eq!(ptr(RulesPreset::MLeague), Some((250, 300, 300, 100)));
    assert_eq!(ptr(RulesPreset::Ema), Some((300, 300, 150, 50)));
    assert_eq!(ptr(RulesPreset::Wrc), Some((300, 300, 150, 50)));
    assert_eq!(ptr(RulesPreset::Rmu), Some((300, 300, 150, 50)));
    assert_eq!(RuleOptions::EMA.oka.0, 0);
    assert_eq!(RuleOptions::M_LEAGUE.oka.0, 200);
    assert_eq!(RuleOptions::EMA.uma, Uma::Fixed([150, 50, -50, -150]));
}

#[test]
fn ties_and_the_sticks_left_at_the_end_follow_each_preset() {
    use jmjp_studio::format::Points;
    use jmjp_studio::rules::options::{KyoutakuLeft, TieBreak};
    use jmjp_studio::scoring::final_points::final_points;
    // Seats 0 and 1 tie for first at 35,000 with one stick (1,000) left on the table; uma 30/10.
    let end = [Points(350), Points(350), Points(200), Points(90)];
    let rule = format::PointRule::M_LEAGUE;
    for p in RulesPreset::ALL {
        let o = p.options();
        let fp = final_points(end, Points(10), &rule, &o);
        let (a, b) = (fp.players[0], fp.players[1]);
        match o.tie_break {
            // Shared: the uma of the first two places and the 20 of oka, halved (the oka counted
            // in the uma); JPML's uma by how many finish at or above 30,000 (two: +8, +4).
            TieBreak::Split => {
                let u = match o.uma {
                    Uma::ByFloat(_) => o.uma.by_place(2),
                    Uma::Fixed(_) => [300, 100, -100, -300],
                };
                let shared = (u[0] + u[1] + 200) / 2;
                assert_eq!((a.rank, b.rank), (1, 1), "{p:?}");
                assert_eq!((a.uma.0, b.uma.0, a.oka.0), (shared, shared, 0), "{p:?}: {a:?} {b:?}");
            }
            TieBreak::SeatOrder => assert_eq!((a.rank, b.rank), (1, 2), "{p:?}"),
        }
        let sticks: i32 = fp.players.iter().map(|x| x.kyoutaku.0).sum();
        assert_eq!(sticks, if o.kyoutaku_left == KyoutakuLeft::ToFirst { 10 } else { 0 }, "{p:?}");
    }
}

#[test]
fn no_rules_text_makes_the_reader_panic() {
    let texts = [
        "",
        ",,,,",
        "jpml,=,=yes,uma=,uma=;;,uma=1/2/3/4/5",
        "jpml, uma=999999999999/1, noten=-300, start=99999999999999999999",
        "jpml, uma=1.23/4, uma=+-5/5, uma=5/-, chombo=mangan, chombo=",
        "日本プロ麻雀連盟, 赤=なし (テスト)",
        "(((",
        "m-league, pao=daisangen+, pao=+, pao=none+daisangen",
        "\u{0}\u{7f}, ura=\u{200b}yes",
    ];
    for t in texts {
        let (opts, problems) = rules::options::spec::read(t, &RuleOptions::M_LEAGUE);
        assert!(problems.iter().all(|p| p.offset <= t.len() && !p.message.ja.is_empty()), "{t:?}");
        let _ = rules::options::spec::RulesSpec::write(RulesPreset::Jpml, &opts, Some(t));
    }
    // Written back, a note never breaks the comment's line.
    let written = rules::options::spec::RulesSpec::write(RulesPreset::Ema, &RuleOptions::EMA, Some("two\nlines"));
    assert!(!written.contains('\n'));
}

#[test]
fn a_table_penalty_moves_the_end_points_check_and_score_accept() {
    // The riichi-ippatsu frame's end points as M League pays them, then 1,000 moved from S to E
    // by a penalty typed into the frame's comment (as the editor's Comment field takes it).
    let mut f = riichi_ippatsu_frame(false);
    let paid = score_frame(&f, &RuleOptions::M_LEAGUE).unwrap().end_points(&f).unwrap();
    let mut end = paid;
    end[0].0 += 10;
    end[1].0 -= 10;
    f.end_points = Some(end);
    let words = |d: &[String]| d.iter().filter(|m| m.contains("end points") || m.contains("points are not")).count();
    // check's findings and the points check's, as `check` gives them.
    let judged = |rules_text: &str, f: &Frame| -> Vec<String> {
        let mut found = judged(rules_text, f);
        let mut f = f.clone();
        rules::fill_end_hands(&mut f);
        let mut m = format::Match { rules: Some(rules_text.into()), frames: vec![f], ..Default::default() };
        m.players = (0..4).map(|id| format::Player { id, ..Default::default() }).collect();
        let paifu = format::Paifu { matches: vec![m] };
        let opts = rules::rules_of(&paifu.matches[0], None);
        found.extend(jmjp_studio::scoring::check::check(&paifu, None, &opts).iter().map(|d| d.message.to_string()));
        found
    };
    let without = judged("m-league", &f);
    assert!(words(&without) > 0, "the moved points are flagged: {without:#?}");
    f.comment = Some(format::StrLit::native("late call; penalty: s -1.0 table late call; penalty: e +1.0"));
    let d = judged("m-league", &f);
    assert_eq!(words(&d), 0, "{d:#?}");
    assert_eq!(score_frame(&f, &RuleOptions::M_LEAGUE).unwrap().end_points(&f), Some(end));
    // A part that starts like a penalty but does not read is said, not counted.
    f.comment = Some(format::StrLit::native("penalty: x -1.0"));
    let d = judged("m-league", &f);
    assert!(d.iter().any(|m| m.contains("does not read as one")), "{d:#?}");
}
