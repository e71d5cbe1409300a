//! Known answers: small hand-written files for each production and the record each must give;
//! invalid files and the exact line:column and words of their error.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;

use jmjp_studio::format::shorthand::*;
use jmjp_studio::format::*;

const PLAYERS: &str = "ply[0,,,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]";

fn parse_ok(text: &str) -> Parsed {
    parse(text).unwrap_or_else(|e| panic!("{e}\n--- in ---\n{text}"))
}

/// The one match of a file made of `mtp[,,,]`, four players and `rest`.
fn match_with(rest: &str) -> Match {
    let text = format!("jmjp[1.0](mtp[,,,]{PLAYERS}{rest})");
    parse_ok(&text).paifu.matches.remove(0)
}

/// The one frame of a file whose frame is `frm[E1-0,,,,,FLOW,,]`.
fn flow_of(flow: &str) -> FrameFlow {
    match_with(&format!("frm[E1-0,,,,,{flow},,]")).frames.remove(0).flow.unwrap()
}

fn t(code: &str) -> Tile {
    Tile::from_code(code.as_bytes()).unwrap()
}

fn tiles(codes: &str) -> Vec<Tile> {
    codes.as_bytes().chunks(2).map(|c| Tile::from_code(c).unwrap()).collect()
}

const HANDS: &str = "(e,hnd[1m,,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])";

/// The acts of a flow with four one-tile hands around `acts`.
fn acts_of(acts: &str) -> Vec<Act> {
    flow_of(&format!("{HANDS}{acts}{HANDS}")).acts
}

#[test]
fn every_tile_spelling() {
    let all = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s2s3s4s5s6s7s8s9sewswwwnwwdgdrd0m0p0suk";
    let flow = flow_of(&format!("(e,hnd[{all},,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])"));
    assert_eq!(flow.start_hands[0].hand.tiles, Tile::ALL.to_vec());
    assert!(t("0m").is_red() && t("0p").is_red() && t("0s").is_red());
    assert!(t("uk").is_unknown());
}

#[test]
fn every_draw_form() {
    let acts = acts_of("(e,5m,1m)(s,ch[4m6m],2p)(w,pn[2p2p],3p)(n,dk[3p3p3p],)(n,rs[0p],tg)(e,ro,)(s,rn,)(e,oy,1m)");
    let draws: Vec<Draw> = acts.iter().map(|a| a.draw).collect();
    assert_eq!(
        draws,
        vec![
            Draw::Tile(t("5m")),
            Draw::Chi([t("4m"), t("6m")]),
            Draw::Pon([t("2p"), t("2p")]),
            Draw::Daiminkan([t("3p"), t("3p"), t("3p")]),
            Draw::Rinshan(t("0p")),
            Draw::Ron,
            Draw::Ron,
            Draw::Oya,
        ]
    );
    assert_eq!(acts[1].seat, Seat::South);
    assert_eq!(acts[3].discard, None);
}

#[test]
fn every_discard_form() {
    let acts =
        acts_of("(e,1m,rd)(e,1m,tg)(e,1m,kg)(e,1m,kk[ew])(e,rs[1m],ak[0s5s5s5s])(e,rs[1m],tm)(e,1m,rc[9s])(e,1m,)");
    let discards: Vec<Option<Discard>> = acts.iter().map(|a| a.discard).collect();
    assert_eq!(
        discards,
        vec![
            Some(Discard::Tile(t("rd"))),
            Some(Discard::Tsumogiri),
            Some(Discard::Karagiri),
            Some(Discard::Kakan(t("ew"))),
            Some(Discard::Ankan([t("0s"), t("5s"), t("5s"), t("5s")])),
            Some(Discard::Tsumo),
            Some(Discard::Riichi(t("9s"))),
            None,
        ]
    );
}

#[test]
fn every_furo_form_and_source() {
    let hand = "hnd[1m,2m,chi[3m,4m5m]pon[0p,5p5p,k]dmk[wd,wdwdwd,t]kkn[rd,rd,rdrd,s]ank[0s5s5s5s]]";
    let flow = flow_of(&format!("(e,{hand})(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])"));
    let h = &flow.start_hands[0].hand;
    assert_eq!(h.tiles, tiles("1m"));
    assert_eq!(h.tsumo, Some(t("2m")));
    assert_eq!(
        h.furo,
        vec![
            Furo::Chi { called: t("3m"), hand: [t("4m"), t("5m")] },
            Furo::Pon { called: t("0p"), hand: [t("5p"), t("5p")], from: CalledFrom::Kamicha },
            Furo::Daiminkan { called: t("wd"), hand: [t("wd"); 3], from: CalledFrom::Toimen },
            Furo::Kakan { added: t("rd"), called: t("rd"), hand: [t("rd"); 2], from: CalledFrom::Shimocha },
            Furo::Ankan([t("0s"), t("5s"), t("5s"), t("5s")]),
        ]
    );
}

fn every_token_of<T: Shorthand>(field_of: impl Fn(&str) -> Option<Choice<T>>) {
    for token in T::ALL {
        assert_eq!(field_of(token.code()), Some(Choice::Known(*token)), "{}", token.code());
    }
}

#[test]
fn every_shorthand_token() {
    every_token_of::<TourToken>(|c| {
        parse_ok(&format!("jmjp[1.0](tnm[{c},,,,]mtp[,,,]{PLAYERS})")).paifu.matches[0].tour.clone().unwrap().name
    });
    every_token_of::<StageToken>(|c| {
        parse_ok(&format!("jmjp[1.0](tnm[,,{c},,]mtp[,,,]{PLAYERS})")).paifu.matches[0].tour.clone().unwrap().stage
    });
    every_token_of::<PlaceToken>(|c| {
        parse_ok(&format!("jmjp[1.0](mtp[,,,{c}]{PLAYERS})")).paifu.matches[0].time_place.place.clone()
    });
    every_token_of::<TeamToken>(|c| {
        parse_ok(&format!("jmjp[1.0](mtp[,,,]ply[0,,{c},,])")).paifu.matches[0].players[0].team.clone()
    });
    every_token_of::<AffiliationToken>(|c| {
        parse_ok(&format!("jmjp[1.0](mtp[,,,]ply[0,,,{c},])")).paifu.matches[0].players[0].affiliation.clone()
    });
    // A word that is not a token is kept, and the checks name it.
    let doc = parse_ok("jmjp[1.0](mtp[,,,]ply[0,,mlg-xyz,,]ply[1,,,,]ply[2,,,,]ply[3,,,,])");
    assert_eq!(doc.paifu.matches[0].players[0].team, Some(Choice::Unknown("mlg-xyz".into())));
    let d = doc.check();
    assert_eq!(d.len(), 1);
    assert!(d[0].message.contains("'mlg-xyz' is not a shorthand token for the team"), "{}", d[0].message);
}

#[test]
fn every_pre_match_item_with_every_field() {
    let m = parse_ok(
        r#"jmjp[1.0](
        tnm[snt["最強戦"]srm["Saikyousen"],2024,mlg-sfs,12,3]
        mtp[20231002,mon,0930,mlg-std]
        rec[(snt["林"]srm["Lam"],srm["Mike"]),E1-0 S4-12]
        rec[,all]
        ply[0,(snt["多井"],),mlg-abm,rmu,(12.3,-4.5)]
        ply[1,,,,] ply[2,,,,] ply[3,,,,]
        ptr[25.0,30.0,(30.0,10.0),0.3]
        pme[1.0,2.0,3.0,-6.0]
        ptn[(1.0,),(,2.0),(,),(3.0,4.0)])"#,
    )
    .paifu
    .matches
    .remove(0);
    let tour = m.tour.unwrap();
    assert_eq!(
        tour.name,
        Some(Choice::Custom(StrLit { native: Some("最強戦".into()), roman: Some("Saikyousen".into()) }))
    );
    assert_eq!(tour.year, Some(2024));
    assert_eq!(tour.stage, Some(Choice::Known(StageToken::MLeagueSemiFinal)));
    assert_eq!((tour.match_in_stage, tour.match_in_day), (Some(12), Some(3)));
    assert_eq!(m.time_place.date, Some(Date { year: 2023, month: 10, day: 2 }));
    assert_eq!(m.time_place.weekday, Some(Weekday::Mon));
    assert_eq!(m.time_place.time, Some(Time { hour: 9, minute: 30 }));
    assert_eq!(m.recorders.len(), 2);
    assert_eq!(
        m.recorders[0].name,
        Some(Name {
            last: Some(StrLit { native: Some("林".into()), roman: Some("Lam".into()) }),
            first: Some(StrLit { native: None, roman: Some("Mike".into()) }),
        })
    );
    assert_eq!(
        m.recorders[0].frames,
        FramesRecorded::Only(vec![
            FrameId { wind: Wind::East, number: 1, honba: 0 },
            FrameId { wind: Wind::South, number: 4, honba: 12 },
        ])
    );
    assert_eq!(m.recorders[1], Recorder { name: None, frames: FramesRecorded::All });
    assert_eq!(m.players[0].tour_points, Some(TourPoints { personal: Some(Points(123)), team: Some(Points(-45)) }));
    assert_eq!(m.players[0].affiliation, Some(Choice::Known(AffiliationToken::Rmu)));
    assert_eq!(
        m.point_rule,
        Some(PointRule {
            start: Points(250),
            return_points: Points(300),
            uma_4_to_1: Points(300),
            uma_3_to_2: Points(100),
            honba: Points(3),
            noten_total: None,
        })
    );
    assert_eq!(m.point_rule, Some(PointRule::M_LEAGUE));
    assert_eq!(m.end_points, Some([Points(10), Points(20), Points(30), Points(-60)]));
    let tp = m.tour_points.unwrap();
    assert_eq!(tp[1], TourPoints { personal: None, team: Some(Points(20)) });
    assert_eq!(tp[2], TourPoints::default());
}

#[test]
fn empty_optional_fields() {
    let m = match_with("frm[E1-0,,,,,,,]");
    assert_eq!(m.frames[0], Frame::new(FrameId { wind: Wind::East, number: 1, honba: 0 }));
    let doc = parse_ok("jmjp[1.0](tnm[,,,,]mtp[,,,]rec[,]ply[0,,,,]ply[1,(,),,,]ply[2,,,,]ply[3,,,,])");
    let m = &doc.paifu.matches[0];
    assert_eq!(m.tour, Some(TourInfo::default()));
    assert_eq!(m.time_place, TimePlace::default());
    assert_eq!(m.recorders, vec![Recorder::default()]);
    assert_eq!(m.players[0], Player { id: 0, ..Player::default() });
    assert_eq!(m.players[1].name, Some(Name::default()));
    assert!(doc.check().is_empty());
}

#[test]
fn a_whole_frame_with_every_header_field() {
    let m = match_with(
        r#"frm[S4-3,2.0,3-4,pfs[25.0,24.0,26.0,25.0],2m5pnwukukukukukukuk,
           (e,hnd[1m2m3m,4m,])(s,hnd[1p,,])(w,hnd[1s,,])(n,hnd[ew,,])
           (e,oy,4m)
           (e,hnd[1m2m3m,,])(s,hnd[1p,,])(w,hnd[1s,,])(n,hnd[ew,,]),
           pfe[25.0,24.0,26.0,25.0],snt["流局"]srm["draw"]]"#,
    );
    let f = &m.frames[0];
    assert_eq!(f.id, FrameId { wind: Wind::South, number: 4, honba: 3 });
    assert_eq!(f.kyoutaku, Some(Points(20)));
    assert_eq!(f.dice, Some(Dice::Pair(3, 4)));
    assert_eq!(f.start_points, Some([Points(250), Points(240), Points(260), Points(250)]));
    assert_eq!(f.dora, tiles("2m5pnwukukukukukukuk"));
    let flow = f.flow.as_ref().unwrap();
    assert_eq!((flow.start_hands.len(), flow.acts.len(), flow.end_hands.len()), (4, 1, 4));
    assert_eq!(flow.start_hands[0].hand.tsumo, Some(t("4m")));
    assert_eq!(f.comment, Some(StrLit { native: Some("流局".into()), roman: Some("draw".into()) }));
}

#[test]
fn a_flow_without_acts_splits_four_and_four() {
    let flow = flow_of(&format!("{HANDS}{HANDS}"));
    assert_eq!((flow.start_hands.len(), flow.acts.len(), flow.end_hands.len()), (4, 0, 4));
    let flow = flow_of(HANDS);
    assert_eq!((flow.start_hands.len(), flow.end_hands.len()), (4, 0));
}

#[test]
fn points_forms() {
    for (text, value) in [
        ("25.0", 250),
        ("25", 250),
        ("25.", 250),
        ("+25.0", 250),
        ("-0.3", -3),
        ("25.00", 250),
        ("007.5", 75),
        ("-12.30", -123),
    ] {
        let m = match_with(&format!("pme[{text},0.0,0.0,0.0]"));
        assert_eq!(m.end_points.unwrap()[0], Points(value), "{text}");
    }
}

#[test]
fn quoted_text_keeps_everything_but_escapes() {
    let m = match_with(r#"frm[E1-0,,,,,,,snt["a \"b\" \\ c // not a comment, (x) [y] 東"]]"#);
    assert_eq!(
        m.frames[0].comment.as_ref().unwrap().native.as_deref(),
        Some(r#"a "b" \ c // not a comment, (x) [y] 東"#)
    );
    // A backslash before any other character is itself.
    let m = match_with(r#"frm[E1-0,,,,,,,srm["C:\path"]]"#);
    assert_eq!(m.frames[0].comment.as_ref().unwrap().roman.as_deref(), Some(r"C:\path"));
    // Multi-line text is kept as written.
    let m = match_with("frm[E1-0,,,,,,,snt[\"one\ntwo\"]]");
    assert_eq!(m.frames[0].comment.as_ref().unwrap().native.as_deref(), Some("one\ntwo"));
}

#[test]
fn whitespace_and_comments_between_terminals() {
    let spaced = "\u{feff}// header comment\njmjp[ 1 . 0 ] // version\n( mtp[ 20231002 , mon , 1900 , mlg-std ] \n\
                  ply[ 0 , ( snt[\"多 井\"] , ) , mlg-abm , none , ( 1.0 , ) ]\u{3000}ply[1,,,,]\tply[2,,,,]\r\nply[3,,,,]\n\
                  frm[ E 1 - 0 , , 3 - 4 , , , ( e , hnd[ 1m 2m , 3m , pon[ 5m , 5m 5m , k ] ] ) // a hand\n , , ] ) // end\n";
    let compact = "jmjp[1.0](mtp[20231002,mon,1900,mlg-std]ply[0,(snt[\"多 井\"],),mlg-abm,none,(1.0,)]\
                   ply[1,,,,]ply[2,,,,]ply[3,,,,]frm[E1-0,,3-4,,,(e,hnd[1m2m,3m,pon[5m,5m5m,k]]),,])";
    let a = parse_ok(spaced);
    assert!(a.had_bom);
    assert_eq!(a.paifu, parse_ok(compact).paifu);
}

#[test]
fn a_bom_is_skipped_and_positions_count_after_it() {
    let doc = parse_ok(&format!("\u{feff}jmjp[1.0](mtp[,,,]{PLAYERS})"));
    assert!(doc.had_bom);
    let e = parse("\u{feff}jmjp[1.0]x").unwrap_err();
    assert_eq!((e.line, e.column), (1, 10));
}

#[test]
fn dialect_0_0_forms() {
    let doc = parse_ok(
        "jmjp[0](mtp[,,,]rec[[snt[\"林\"],],all]ply[0,[,srm[\"A\"]],,,]ply[1,,,,]ply[2,,,,]ply[3,,,,]\
         frm[E1-0,,,,,(e,hnd[1m,,pon[5m,k]dmk[ew,t]kkn[0p,s]ank[rd]])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])\
         (e,1m,0p)(s,pn,1m)(e,1m,1m)(w,dk,)(w,rs[1m],ak[9s])(w,rs[2m],tg)(s,pn,)\
         (e,hnd[1m,,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,]),,])",
    );
    assert_eq!(doc.dialect, Dialect::V0);
    let m = &doc.paifu.matches[0];
    assert_eq!(m.recorders[0].name.as_ref().unwrap().last, Some(StrLit::native("林")));
    let flow = m.frames[0].flow.as_ref().unwrap();
    assert_eq!(
        flow.start_hands[0].hand.furo,
        vec![
            Furo::Pon { called: t("5m"), hand: [t("5m"); 2], from: CalledFrom::Kamicha },
            Furo::Daiminkan { called: t("ew"), hand: [t("ew"); 3], from: CalledFrom::Toimen },
            Furo::Kakan { added: t("0p"), called: t("5p"), hand: [t("5p"); 2], from: CalledFrom::Shimocha },
            Furo::Ankan([t("rd"); 4]),
        ]
    );
    let draws: Vec<Draw> = flow.acts.iter().map(|a| a.draw).collect();
    // A 0.0 pon or daiminkan takes copies of the tile that went to the river last (a red five
    // is written plain: which copies were red is for the replay to say); with none, unknown.
    assert_eq!(draws[1], Draw::Pon([t("5p"), t("5p")]));
    assert_eq!(draws[3], Draw::Daiminkan([t("1m"); 3]));
    assert_eq!(flow.acts[4].discard, Some(Discard::Ankan([t("9s"); 4])));
    assert_eq!(draws[6], Draw::Pon([t("2m"), t("2m")]));
    // A 1.0 file may not use the 0.0 forms.
    let e = parse(&format!("jmjp[1.0](mtp[,,,]{PLAYERS}frm[E1-0,,,,,{HANDS}(e,1m,1m)(s,pn,1m),,])")).unwrap_err();
    assert!(e.message.starts_with("expected a drawn tile"), "{}", e.message);
}

#[test]
fn dialect_draft_forms() {
    let doc = parse_ok(&format!(
        "jmjp[1.0](mtp[,,,]{PLAYERS}ptr[25.0,30.0,(30.0,10.0),0.3,3.0]frm[E1-0,,12,,,{HANDS}(e,1m,1m)(s,rn,){HANDS},,])"
    ));
    let m = &doc.paifu.matches[0];
    assert_eq!(m.point_rule.unwrap().noten_total, Some(Points(30)));
    assert_eq!(m.frames[0].dice, Some(Dice::Total(12)));
    let warnings = doc.check();
    assert_eq!(warnings.len(), 2);
    assert!(warnings.iter().all(|d| d.severity == Severity::Warning));
}

/// (file text, line, column, the start of the message)
const INVALID: &[(&str, u32, usize, &str)] = &[
    ("", 1, 1, "expected 'jmjp[' at the start of the file, found the end of the file"),
    ("jmjp[1.0]", 1, 10, "expected '(' to start a match (a file holds at least one)"),
    ("jmjp[3.1](", 1, 6, "version 3 of the standard is not known"),
    ("jmjp[1.0](tnm[,,,,]ply[0,,,,])", 1, 20, "expected 'mtp[' (time and place), found 'ply'"),
    (
        "jmjp[1.0](mtp[,,,]ply[0,,,,])\nxyz",
        2,
        1,
        "expected '(' to start another match, or the end of the file, found 'xyz'",
    ),
    (
        "jmjp[1.0](mtp[,,,]\n  frm[E1-0,,,,,(e,hnd[1mx5,,]),,])",
        2,
        25,
        "expected a tile such as 5m, 0p or rd, found 'x5'",
    ),
    ("jmjp[1.0](mtp[,,,]ptr[25.05,30.0,(30.0,10.0),0.3])", 1, 23, "points are written in hundreds with one decimal"),
    ("jmjp[1.0](mtp[,,,]pme[1.0,2.0,x,4.0])", 1, 31, "expected points such as 25.0 or -5.8, found 'x'"),
    ("jmjp[1.0](mtp[2023,,,])", 1, 15, "expected a date of eight digits YYYYMMDD"),
    ("jmjp[1.0](mtp[,monday,,])", 1, 16, "expected a day of the week: sun, mon"),
    ("jmjp[1.0](mtp[,,19:00,])", 1, 17, "expected a time of four digits HHMM such as 1900, found '19:00'"),
    ("jmjp[1.0](mtp[,,,]frm[E5,,,,,,,])", 1, 25, "expected '-' and the honba count of the frame id"),
    ("jmjp[1.0](mtp[,,,]frm[X1-0,,,,,,,])", 1, 23, "expected a frame id such as E1-0"),
    ("jmjp[1.0](mtp[,,,]frm[E1-0,,3-7,,,,,])", 1, 31, "a die shows 1 to 6, not 7"),
    ("jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(x,1m,1m),,])", 1, 33, "expected a seat e, s, w or n, found 'x'"),
    ("jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(e,1m 2m),,])", 1, 38, "expected ',' after the draw"),
    ("jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(e,1m,zz),,])", 1, 38, "expected a discarded tile such as 5m, or tg, kg"),
    ("jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(e,hnd[1m,,pun[1m]]),,])", 1, 43, "expected a meld chi[..], pon[..]"),
    (
        "jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(e,hnd[1m,,pon[1m,1m1m,x]]),,])",
        1,
        55,
        "expected where the tile came from: k (kamicha)",
    ),
    ("jmjp[1.0](mtp[,,,snt[\"abc])", 1, 22, "this quoted text is never closed"),
    ("jmjp[1.0](mtp[,,,]ply[0,(snt[\"a\"]),,,])", 1, 34, "expected ',' between the last name and the first name"),
    ("jmjp[1.0](mtp[,,,]ply[x,,,,])", 1, 23, "expected a player id 0, 1, 2 or 3"),
    (
        "jmjp[1.0](mtp[,,,]ply[0,,,,]pme[1.0,2.0,3.0,4.0]ply[1,,,,])",
        1,
        49,
        "expected 'ptn[' or ')' to close the match, found 'ply'",
    ),
    (
        "jmjp[1.0](mtp[,,,]frm[E1-0,,,,,(e,hnd[1m,,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])(e,1m,1m)\
         (e,hnd[1m,,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])(s,1m,1m),,])",
        1,
        145,
        "this act comes after the end hands: a frame holds one flow",
    ),
    ("jmjp[1.0](mtp[,,,]ptr[25.0,30.0,(30.0,10.0),0.3,1.0,2.0])", 1, 52, "expected ']' to close ptr[...]"),
    ("jmjp[1.0](mtp[,,,]pme[123456789.0,0,0,0])", 1, 23, "these points are too large"),
];

#[test]
fn invalid_files_report_the_exact_place_and_what_was_expected() {
    for &(text, line, column, message) in INVALID {
        let e = parse(text).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text}\n-> {e}");
        assert!(e.message.starts_with(message), "{text}\n-> {}\nwanted: {message}", e.message);
        assert!(common::has_japanese(&e.message), "{text}\n-> no Japanese: {:?}", e.message);
    }
}

#[test]
fn structural_checks_point_at_the_field() {
    let text = "jmjp[1.0](\nmtp[20230231,tue,2460,]\nply[0,,,,]\nply[0,,,,]\nply[7,,,,]\n\
                frm[E5-0,,,,1m2m,(e,hnd[,,])(e,hnd[1m,,]),,]\n)";
    let doc = parse_ok(text);
    let found: Vec<String> = doc.check().iter().map(|d| d.render(text)).collect();
    let expected = [
        "2:5: error: 20230231 is not a real date (YYYYMMDD): February 2023 has 28 days",
        "2:18: error: 2460 is not a time of day (HHMM, 0000 to 2359)",
        "4:5: error: player id 0 is given to two players",
        "5:5: error: player id 7 is not a seat: ids are 0 (East at E1-0) to 3 (North)",
        "3:1: error: a match has four players (ply[0..3]); this one has 3",
        "6:5: error: frame E5-0: the number after the wind is 1 to 4 (E1 .. E4)",
        "6:13: error: frame E5-0: the dora field lists ten tiles",
        "6:29: error: frame E5-0: seat e has two start hands",
        "6:18: error: frame E5-0: a start hand holds 1 to 13 tiles before the drawn tile; this one has 0",
        "6:18: error: frame E5-0: a flow has four start hands, one per seat (e, s, w, n); this one has 2",
    ];
    for want in expected {
        assert!(found.iter().any(|f| f.starts_with(want)), "missing: {want}\nfound:\n{}", found.join("\n"));
    }
    // The weekday check needs a real date; on a real date it names the right day.
    let doc = parse_ok(&format!("jmjp[1.0](mtp[20231002,tue,,]{PLAYERS})"));
    assert_eq!(doc.check()[0].message, "20231002 was a Monday, but the day of the week says tue");
    let doc = parse_ok(&format!("jmjp[1.0](mtp[20240229,thu,2359,]{PLAYERS})"));
    assert!(doc.check().is_empty(), "29 February 2024 is real: {:?}", doc.check());
}

#[test]
fn hand_size_and_end_hand_checks() {
    let long = "1m".repeat(14);
    let text = format!(
        "jmjp[1.0](mtp[,,,]{PLAYERS}frm[E1-0,,,,,(e,hnd[{long},,])(s,hnd[1m,,])(w,hnd[1m,,])(n,hnd[1m,,])\
         (e,1m,1m)(e,hnd[1m,,])(s,hnd[1m,,])(w,hnd[1m,,])(w,hnd[1m,,chi[1m,1m1m]chi[1m,1m1m]chi[1m,1m1m]chi[1m,1m1m]chi[1m,1m1m]]),,])"
    );
    let msgs: Vec<String> = parse_ok(&text).check().into_iter().map(|d| d.message.en).collect();
    assert!(
        msgs.iter().any(|m| m.contains("a start hand holds 1 to 13 tiles before the drawn tile; this one has 14")),
        "{msgs:?}"
    );
    assert!(msgs.iter().any(|m| m.contains("seat w has two end hands")), "{msgs:?}");
    assert!(msgs.iter().any(|m| m.contains("a hand has at most four melds; this one has 5")), "{msgs:?}");
    assert!(msgs.iter().any(|m| m.contains("seat n has no end hand")), "{msgs:?}");
}
