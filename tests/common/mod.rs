//! Shared test helpers: proptest strategies for whole records, and a deterministic full match.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[cfg(feature = "gui")]
pub mod app;
pub mod frames;
pub mod planting;
pub mod scoring_case;
pub mod season;
pub mod source;
pub mod turn;

use jmjp_studio::format::shorthand::*;
use jmjp_studio::format::*;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Strategies: every record the canonical writer can express (so parse(write(r)) == r holds).

pub fn tile() -> impl Strategy<Value = Tile> {
    (0..Tile::ALL.len()).prop_map(|i| Tile::ALL[i])
}

fn seat() -> impl Strategy<Value = Seat> {
    (0..4usize).prop_map(Seat::from_index)
}

fn called_from() -> impl Strategy<Value = CalledFrom> {
    prop_oneof![Just(CalledFrom::Kamicha), Just(CalledFrom::Toimen), Just(CalledFrom::Shimocha)]
}

fn points() -> impl Strategy<Value = Points> {
    (-99_999_999i32..=99_999_999).prop_map(Points)
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        Just("多井 隆晴".to_string()),
        Just("a \"quote\" and a \\ backslash // not a comment".to_string()),
        Just(String::new()),
    ]
}

pub fn str_lit() -> impl Strategy<Value = StrLit> {
    (option::of(text()), option::of(text()))
        .prop_filter("a text with neither part is an absent field", |(a, b)| a.is_some() || b.is_some())
        .prop_map(|(native, roman)| StrLit { native, roman })
}

fn choice<T: Shorthand>() -> impl Strategy<Value = Choice<T>> {
    prop_oneof![
        (0..T::ALL.len()).prop_map(|i| Choice::Known(T::ALL[i])),
        str_lit().prop_map(Choice::Custom),
        "[a-z0-9][a-z0-9-]{0,9}"
            .prop_filter("not a known token", |w| T::from_code(w).is_none())
            .prop_map(Choice::Unknown),
    ]
}

fn name() -> impl Strategy<Value = Name> {
    (option::of(str_lit()), option::of(str_lit())).prop_map(|(last, first)| Name { last, first })
}

fn frame_id() -> impl Strategy<Value = FrameId> {
    ((0..4usize), 0u8..=9, 0u32..=999).prop_map(|(w, number, honba)| FrameId { wind: Wind::ALL[w], number, honba })
}

fn tour_points() -> impl Strategy<Value = TourPoints> {
    (option::of(points()), option::of(points())).prop_map(|(personal, team)| TourPoints { personal, team })
}

fn tour_info() -> impl Strategy<Value = TourInfo> {
    (
        option::of(choice::<TourToken>()),
        option::of(1000u16..=9999),
        option::of(choice::<StageToken>()),
        option::of(0u32..=999_999_999),
        option::of(0u32..=999),
    )
        .prop_map(|(name, year, stage, match_in_stage, match_in_day)| TourInfo {
            name,
            year,
            stage,
            match_in_stage,
            match_in_day,
        })
}

fn time_place() -> impl Strategy<Value = TimePlace> {
    (
        option::of((0u16..=9999, 0u8..=99, 0u8..=99).prop_map(|(year, month, day)| Date { year, month, day })),
        option::of((0..7usize).prop_map(|i| Weekday::ALL[i])),
        option::of((0u8..=99, 0u8..=99).prop_map(|(hour, minute)| Time { hour, minute })),
        option::of(choice::<PlaceToken>()),
    )
        .prop_map(|(date, weekday, time, place)| TimePlace { date, weekday, time, place })
}

fn recorder() -> impl Strategy<Value = Recorder> {
    (option::of(name()), prop_oneof![Just(FramesRecorded::All), vec(frame_id(), 0..4).prop_map(FramesRecorded::Only)])
        .prop_map(|(name, frames)| Recorder { name, frames })
}

fn player() -> impl Strategy<Value = Player> {
    (
        any::<u8>(),
        option::of(name()),
        option::of(choice::<TeamToken>()),
        option::of(choice::<AffiliationToken>()),
        option::of(tour_points()),
    )
        .prop_map(|(id, name, team, affiliation, tour_points)| Player { id, name, team, affiliation, tour_points })
}

fn point_rule() -> impl Strategy<Value = PointRule> {
    (points(), points(), points(), points(), points()).prop_map(|(start, return_points, a, b, honba)| PointRule {
        start,
        return_points,
        uma_4_to_1: a,
        uma_3_to_2: b,
        honba,
        noten_total: None,
    })
}

fn furo() -> impl Strategy<Value = Furo> {
    prop_oneof![
        (tile(), tile(), tile()).prop_map(|(called, a, b)| Furo::Chi { called, hand: [a, b] }),
        (tile(), tile(), tile(), called_from()).prop_map(|(called, a, b, from)| Furo::Pon {
            called,
            hand: [a, b],
            from
        }),
        (tile(), tile(), tile(), tile(), called_from()).prop_map(|(called, a, b, c, from)| Furo::Daiminkan {
            called,
            hand: [a, b, c],
            from
        }),
        (tile(), tile(), tile(), tile(), called_from()).prop_map(|(added, called, a, b, from)| Furo::Kakan {
            added,
            called,
            hand: [a, b],
            from
        }),
        (tile(), tile(), tile(), tile()).prop_map(|(a, b, c, d)| Furo::Ankan([a, b, c, d])),
    ]
}

fn hand() -> impl Strategy<Value = Hand> {
    (vec(tile(), 0..15), option::of(tile()), vec(furo(), 0..5)).prop_map(|(tiles, tsumo, furo)| Hand {
        tiles,
        tsumo,
        furo,
    })
}

fn seat_hand() -> impl Strategy<Value = SeatHand> {
    (seat(), hand()).prop_map(|(seat, hand)| SeatHand { seat, hand })
}

fn draw() -> impl Strategy<Value = Draw> {
    prop_oneof![
        4 => tile().prop_map(Draw::Tile),
        1 => (tile(), tile()).prop_map(|(a, b)| Draw::Chi([a, b])),
        1 => (tile(), tile()).prop_map(|(a, b)| Draw::Pon([a, b])),
        1 => (tile(), tile(), tile()).prop_map(|(a, b, c)| Draw::Daiminkan([a, b, c])),
        1 => tile().prop_map(Draw::Rinshan),
        1 => Just(Draw::Ron),
        1 => Just(Draw::Oya),
    ]
}

fn discard() -> impl Strategy<Value = Discard> {
    prop_oneof![
        4 => tile().prop_map(Discard::Tile),
        1 => Just(Discard::Tsumogiri),
        1 => Just(Discard::Karagiri),
        1 => tile().prop_map(Discard::Kakan),
        1 => (tile(), tile(), tile(), tile()).prop_map(|(a, b, c, d)| Discard::Ankan([a, b, c, d])),
        1 => Just(Discard::Tsumo),
        1 => tile().prop_map(Discard::Riichi),
    ]
}

fn act() -> impl Strategy<Value = Act> {
    (seat(), draw(), option::of(discard())).prop_map(|(seat, draw, discard)| Act { seat, draw, discard })
}

fn flow() -> impl Strategy<Value = FrameFlow> {
    (vec(seat_hand(), 4), vec(act(), 0..30), 0..=4usize, vec(seat_hand(), 4)).prop_map(
        |(start_hands, acts, n_end, mut end_hands)| {
            end_hands.truncate(n_end);
            FrameFlow { start_hands, acts, end_hands, times: Vec::new() }
        },
    )
}

fn four_points() -> impl Strategy<Value = [Points; 4]> {
    (points(), points(), points(), points()).prop_map(|(a, b, c, d)| [a, b, c, d])
}

fn frame() -> impl Strategy<Value = Frame> {
    (
        frame_id(),
        option::of(points()),
        option::of((1u8..=6, 1u8..=6).prop_map(|(a, b)| Dice::Pair(a, b))),
        option::of(four_points()),
        vec(tile(), 0..12),
        option::of(flow()),
        option::of(four_points()),
        option::of(str_lit()),
    )
        .prop_map(|(id, kyoutaku, dice, start_points, dora, flow, end_points, comment)| Frame {
            id,
            kyoutaku,
            dice,
            start_points,
            dora,
            flow,
            end_points,
            comment,
        })
}

pub fn a_match() -> impl Strategy<Value = Match> {
    (
        option::of(tour_info()),
        time_place(),
        vec(recorder(), 0..3),
        vec(player(), 0..6),
        option::of(point_rule()),
        vec(frame(), 0..3),
        option::of(four_points()),
        option::of((tour_points(), tour_points(), tour_points(), tour_points()).prop_map(|(a, b, c, d)| [a, b, c, d])),
        option::of(prop_oneof![
            Just("m-league".to_string()),
            Just("tenhou".to_string()),
            "[a-z0-9-]{1,12}".prop_map(|s| s)
        ]),
    )
        .prop_map(|(tour, time_place, recorders, players, point_rule, frames, end_points, tour_points, rules)| {
            Match { tour, time_place, recorders, players, point_rule, frames, end_points, tour_points, rules }
        })
}

pub fn paifu() -> impl Strategy<Value = Paifu> {
    vec(a_match(), 1..3).prop_map(|matches| Paifu { matches })
}

// ---------------------------------------------------------------------------------------------
// A deterministic, structurally valid full match (12 frames of about 70 acts), for benchmarks
// and round trips. Not a legal game: the rules engine's generator makes those.

use jmjp_studio::rules::simulate::Rng;

fn random_tile(rng: &mut Rng) -> Tile {
    Tile::ALL[rng.below(37)]
}

fn lit(native: &str, roman: &str) -> Option<StrLit> {
    Some(StrLit { native: Some(native.to_string()), roman: Some(roman.to_string()) })
}

/// A full M League style match: the pre-match forms, 12 frames, post-match points.
pub fn full_match(seed: u64) -> Match {
    let mut rng = Rng::new(seed);
    let players = [
        ("多井", "隆晴", "Ooi", "Takaharu"),
        ("佐々木", "寿人", "Sasaki", "Hisato"),
        ("園田", "賢", "Sonoda", "Masaru"),
        ("鈴木", "たろう", "Suzuki", "Taro"),
    ];
    let teams = [TeamToken::Abemas, TeamToken::SakuraKnights, TeamToken::Drivens, TeamToken::Raiden];
    let mut m = Match {
        rules: None,
        tour: Some(TourInfo {
            name: Some(Choice::Known(TourToken::MLeague)),
            year: Some(2023),
            stage: Some(Choice::Known(StageToken::MLeagueRegular)),
            match_in_stage: Some(57),
            match_in_day: Some(1),
        }),
        time_place: TimePlace {
            date: Some(Date { year: 2023, month: 10, day: 2 }),
            weekday: Some(Weekday::Mon),
            time: Some(Time { hour: 19, minute: 0 }),
            place: Some(Choice::Known(PlaceToken::MLeagueStudio)),
        },
        recorders: vec![Recorder {
            name: Some(Name { last: lit("山田", "Yamada"), first: lit("太郎", "Taro") }),
            frames: FramesRecorded::All,
        }],
        players: (0..4)
            .map(|i| {
                let (l, f, lr, fr) = players[i];
                Player {
                    id: i as u8,
                    name: Some(Name { last: lit(l, lr), first: lit(f, fr) }),
                    team: Some(Choice::Known(teams[i])),
                    affiliation: Some(Choice::Known(AffiliationToken::ProRenmei)),
                    tour_points: Some(TourPoints { personal: Some(Points(123)), team: Some(Points(-456)) }),
                }
            })
            .collect(),
        point_rule: Some(PointRule::M_LEAGUE),
        frames: Vec::new(),
        end_points: Some([Points(523), Points(-123), Points(-89), Points(-311)]),
        tour_points: Some([TourPoints { personal: Some(Points(646)), team: None }; 4]),
    };
    let ids = ["E1-0", "E2-0", "E2-1", "E3-0", "E4-0", "E4-1", "S1-0", "S2-0", "S3-0", "S3-1", "S4-0", "S4-1"];
    for id in ids {
        let b = id.as_bytes();
        let fid = FrameId { wind: Wind::from_code(b[0]).unwrap(), number: b[1] - b'0', honba: u32::from(b[3] - b'0') };
        m.frames.push(full_frame(&mut rng, fid));
    }
    m
}

fn full_frame(rng: &mut Rng, id: FrameId) -> Frame {
    let hand =
        |rng: &mut Rng, n: usize| Hand { tiles: (0..n).map(|_| random_tile(rng)).collect(), tsumo: None, furo: vec![] };
    let start_hands: Vec<SeatHand> = Seat::ALL.iter().map(|&seat| SeatHand { seat, hand: hand(rng, 13) }).collect();
    let mut acts = vec![Act {
        seat: Seat::East,
        draw: Draw::Tile(random_tile(rng)),
        discard: Some(Discard::Tile(random_tile(rng))),
    }];
    let n = 60 + rng.below(20);
    let mut seat = Seat::South;
    for _ in 0..n {
        let (draw, discard) = match rng.below(20) {
            0 => (Draw::Chi([random_tile(rng), random_tile(rng)]), Some(Discard::Tile(random_tile(rng)))),
            1 => (Draw::Pon([random_tile(rng), random_tile(rng)]), Some(Discard::Tile(random_tile(rng)))),
            2 => (Draw::Tile(random_tile(rng)), Some(Discard::Riichi(random_tile(rng)))),
            3 => (Draw::Rinshan(random_tile(rng)), Some(Discard::Karagiri)),
            4..=9 => (Draw::Tile(random_tile(rng)), Some(Discard::Tsumogiri)),
            _ => (Draw::Tile(random_tile(rng)), Some(Discard::Tile(random_tile(rng)))),
        };
        acts.push(Act { seat, draw, discard });
        seat = seat.next();
    }
    acts.push(Act { seat, draw: Draw::Tile(random_tile(rng)), discard: Some(Discard::Tsumo) });
    let end_hands = Seat::ALL
        .iter()
        .map(|&s| {
            let mut h = hand(rng, 10);
            h.furo.push(Furo::Pon {
                called: random_tile(rng),
                hand: [random_tile(rng), random_tile(rng)],
                from: CalledFrom::Toimen,
            });
            if s == seat {
                h.tsumo = Some(random_tile(rng));
            }
            SeatHand { seat: s, hand: h }
        })
        .collect();
    Frame {
        id,
        kyoutaku: Some(Points(10)),
        dice: Some(Dice::Pair(3, 4)),
        start_points: Some([Points(250), Points(250), Points(250), Points(250)]),
        dora: (0..10).map(|i| if i < 2 { random_tile(rng) } else { Tile::UNKNOWN }).collect(),
        flow: Some(FrameFlow { start_hands, acts, end_hands, times: Vec::new() }),
        end_points: Some([Points(330), Points(230), Points(220), Points(220)]),
        comment: lit("親の満貫ツモ", "dealer mangan tsumo"),
    }
}

/// The canonical text of `copies` full matches in one file.
pub fn large_file(copies: usize) -> (Paifu, String) {
    let m = full_match(7);
    let paifu = Paifu { matches: vec![m; copies] };
    let text = write(&paifu);
    (paifu, text)
}

// ---------------------------------------------------------------------------------------------
// The frame the recorder tests record (through the session and through the UI): an ankan with
// rinshan and kan dora, a tsumogiri, a pon, a chi, a riichi and a ron. Dora indicator 9p.

/// Start hands, East first.
pub const RECORDED_FRAME_HANDS: [&str; 4] =
    ["111m234p567s9m9p11z", "234m678p234s78s44z", "55p8m22p99s123s456m", "79m1p33p55m22s44s77p"];

/// The acts it records, as the canonical writer prints them.
pub const RECORDED_FRAME_ACTS: [&str; 9] = [
    "(e,1m,ak[1m1m1m1m])",
    "(e,rs[sw],tg)",
    "(s,5p,tg)",
    "(w,pn[5p5p],8m)",
    "(n,ch[7m9m],1p)",
    "(e,ww,tg)",
    "(s,gd,rc[gd])",
    "(w,rd,9s)",
    "(s,ro,)",
];

// ---------------------------------------------------------------------------------------------
// Messages in both languages

/// True when the Japanese half of a message is written in Japanese (kana or kanji) and is not
/// the English copied.
pub fn has_japanese(t: &jmjp_studio::i18n::Text) -> bool {
    t.ja != t.en && t.ja.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}'))
}

/// The match of the corpus's tenhou.net/6 log `name`: its header (no frames) and the entries a
/// scorer makes to record it, frame by frame.
pub fn match_of(name: &str) -> (jmjp_studio::format::Match, Vec<jmjp_studio::recorder::Entry>) {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    let text = std::fs::read_to_string(&log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
    let mut paifu = jmjp_studio::interop::tenhou6::import(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let m = paifu.matches.remove(0);
    let entries = m.frames.iter().flat_map(jmjp_studio::recorder::script::entries_of_frame).collect();
    (jmjp_studio::format::Match { frames: Vec::new(), ..m }, entries)
}

/// An M League match of 2023 on `date` (YYYYMMDD), number `n`, with Ooi's romanized name
/// spelled `ooi`, Ooi in team `team`, and the tournament points after it.
pub fn season_match(date: &str, n: u32, ooi: &str, team: &str, ptn: &str) -> String {
    format!(
        r#"jmjp[1.0]
(
  tnm[mlg,2023,mlg-reg,{n},1]
  mtp[{date},,1900,mlg-std]
  rec[(snt["山田"]srm["Yamada"],snt["太郎"]srm["Taro"]),all]
  ply[0,(snt["多井"]srm["{ooi}"],snt["隆晴"]srm["Takaharu"]),{team},prorenmei,]
  ply[1,(snt["佐々木"]srm["Sasaki"],snt["寿人"]srm["Hisato"]),mlg-skn,prorenmei,]
  ply[2,(snt["園田"]srm["Sonoda"],snt["賢"]srm["Masaru"]),mlg-drn,saikouisen,]
  ply[3,(snt["鈴木"]srm["Suzuki"],snt["たろう"]srm["Taro"]),mlg-rdn,zennihon,]
  ptr[25.0,30.0,(30.0,10.0),0.3]
  pme[50.0,10.0,-20.0,-40.0]
  {ptn}
)
"#
    )
}
