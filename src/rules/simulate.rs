//! Random legal games, seeded: whole matches with calls, kans, riichi, wins and draws, played
//! only through the legal-act API ([`Table::expect`], [`Table::call_options`] ...). Tests check
//! that the rules engine finds nothing wrong in them and that it finds the mistakes planted in
//! them; benchmarks replay them. Payments are simplified (fixed amounts that conserve points);
//! real scoring is not the rules engine's work.

use crate::format::shorthand::{PlaceToken, StageToken, TourToken};
use crate::format::{
    Act, Choice, Date, Dice, Discard, Draw, Frame, FrameFlow, FrameId, FramesRecorded, Match, Player, PointRule,
    Points, Seat, SeatHand, Suit, Tile, Time, TimePlace, TourInfo, Weekday, Wind,
};

use super::legal::{Call, Expect};
use super::table::{FrameEnd, Table, indicator_of};
use super::validate::{FrameSummary, next_ids};

/// A small deterministic random source (xorshift64*), so a seed always gives the same game.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() { None } else { Some(items[self.below(items.len())]) }
    }
}

/// The 136 tiles of a set with one red five of each suit.
fn full_set() -> Vec<Tile> {
    let mut set = Vec::with_capacity(136);
    for kind in 0..Tile::KINDS {
        let Some(t) = Tile::from_kind(kind) else { continue };
        for copy in 0..4 {
            let red = copy == 0 && t.value() == Some(5) && !t.is_honor();
            let tile = match (red, t.suit()) {
                (true, Some(s @ (Suit::Man | Suit::Pin | Suit::Sou))) => Tile::number(s, 0).unwrap_or(t),
                _ => t,
            };
            set.push(tile);
        }
    }
    set
}

/// A whole match of `frames` frames (fewer if nobody can go on), from `seed`.
pub fn random_match(seed: u64, frames: usize) -> Match {
    let mut rng = Rng::new(seed);
    let mut m = Match {
        tour: Some(TourInfo {
            name: Some(Choice::Known(TourToken::MLeague)),
            year: Some(2024),
            stage: Some(Choice::Known(StageToken::MLeagueRegular)),
            match_in_stage: Some((seed % 100) as u32 + 1),
            match_in_day: Some(1),
        }),
        time_place: TimePlace {
            date: Some(Date { year: 2024, month: 10, day: 7 }),
            weekday: Some(Weekday::Mon),
            time: Some(Time { hour: 19, minute: 0 }),
            place: Some(Choice::Known(PlaceToken::MLeagueStudio)),
        },
        recorders: vec![crate::format::Recorder { name: None, frames: FramesRecorded::All }],
        players: (0..4u8).map(|id| Player { id, ..Player::default() }).collect(),
        point_rule: Some(PointRule::M_LEAGUE),
        ..Match::default()
    };
    let mut id = FrameId { wind: Wind::East, number: 1, honba: 0 };
    let mut by_player = [Points(250); 4];
    let mut kyoutaku = Points(0);
    for _ in 0..frames {
        let start = id.by_seat(by_player);
        let (frame, outcome) = random_frame(&mut rng, id, start, kyoutaku);
        by_player = id.by_player(frame.end_points.unwrap_or(start));
        kyoutaku = outcome.kyoutaku_left;
        m.frames.push(frame);
        id = next_ids(id, &outcome.summary).first().copied().unwrap_or(id.repeated());
    }
    m
}

struct Outcome {
    /// How the frame ended, as the checks of the next frame read it.
    summary: FrameSummary,
    kyoutaku_left: Points,
}

/// One frame played to its end.
fn random_frame(rng: &mut Rng, id: FrameId, start: [Points; 4], kyoutaku: Points) -> (Frame, Outcome) {
    let Deal { mut wall, dead, dealer_14, start_hands } = deal(rng);
    let mut frame = Frame::new(id);
    frame.kyoutaku = Some(kyoutaku);
    frame.dice = Some(Dice::Pair(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1));
    frame.start_points = Some(start);
    frame.flow = Some(FrameFlow { start_hands, acts: Vec::new(), end_hands: Vec::new(), times: Vec::new() });
    // The dora field is written once the kans are known; the indicators are dead[0..5] and the
    // uras dead[5..10]. Count them as seen from the start, as the validator does.
    frame.dora = (0..10).map(|i| dora_of(dead[if i % 2 == 0 { i / 2 } else { 5 + i / 2 }])).collect();
    let Some((mut table, _)) = Table::start(&frame) else {
        let summary = FrameSummary { end: FrameEnd::NoResult, riichi_sticks: 0, dealer_tenpai: None, voided: false };
        return (frame, Outcome { summary, kyoutaku_left: kyoutaku });
    };
    let mut rinshan = dead[10..14].to_vec();
    let (acts, deposited) = play_acts(rng, &mut table, &mut wall, &mut rinshan, dealer_14);
    let end = table.end();
    let (points, sticks, dealer_tenpai) = settle(&table, &end, id, start, kyoutaku, &deposited);
    hide_unseen_dora(&mut frame, &table, &end);
    let flow = frame.flow.get_or_insert_with(FrameFlow::default);
    flow.acts = acts;
    flow.end_hands = Seat::ALL.iter().map(|&seat| SeatHand { seat, hand: table.hand_of(seat) }).collect();
    frame.end_points = Some(points);
    let summary = FrameSummary { end, riichi_sticks: table.riichi_sticks, dealer_tenpai, voided: false };
    (frame, Outcome { summary, kyoutaku_left: Points(sticks) })
}

/// A shuffled wall after the deal: what is left of the live wall, the dead wall (5 dora
/// indicators, 5 ura indicators, 4 rinshan tiles), whether the dealer's 14th tile was dealt with
/// the start hand, and the start hands.
struct Deal {
    wall: Vec<Tile>,
    dead: Vec<Tile>,
    dealer_14: bool,
    start_hands: Vec<SeatHand>,
}

/// Shuffles the 136 tiles, sets the dead wall aside and deals the four start hands.
fn deal(rng: &mut Rng) -> Deal {
    let mut wall = full_set();
    for i in (1..wall.len()).rev() {
        let j = rng.below(i + 1);
        wall.swap(i, j);
    }
    // The dead wall: 5 dora indicators, 5 ura indicators, 4 rinshan tiles.
    let dead: Vec<Tile> = wall.drain(..14).collect();
    let dealer_14 = rng.chance(0.5);
    let mut start_hands = Vec::with_capacity(4);
    for seat in Seat::ALL {
        let mut tiles: Vec<Tile> = wall.drain(..13).collect();
        let tsumo = if seat == Seat::East && dealer_14 { wall.pop() } else { None };
        tiles.sort();
        start_hands.push(SeatHand { seat, hand: crate::format::Hand { tiles, tsumo, furo: Vec::new() } });
    }
    Deal { wall, dead, dealer_14, start_hands }
}

/// Plays the frame's acts on `table` until it ends (or the wall runs out): calls, rons, rinshan
/// draws and ordinary turns, each chosen among the legal ones. The acts, and the seats whose
/// riichi discard was made (in order).
fn play_acts(
    rng: &mut Rng,
    table: &mut Table,
    wall: &mut Vec<Tile>,
    rinshan: &mut Vec<Tile>,
    dealer_14: bool,
) -> (Vec<Act>, Vec<Seat>) {
    let mut acts: Vec<Act> = Vec::new();
    let mut deposited: Vec<Seat> = Vec::new();
    let play = |table: &mut Table, acts: &mut Vec<Act>, act: Act| {
        let found = table.apply(&act);
        debug_assert!(found.iter().all(|f| f.severity != crate::format::Severity::Error), "{found:?} at {act:?}");
        acts.push(act);
    };
    let mut first = true;
    loop {
        match table.expect() {
            Expect::Over => break,
            Expect::MoreRon { seats } => match seats.first() {
                Some(&s) if rng.chance(0.8) => play(table, &mut acts, Act { seat: s, draw: Draw::Ron, discard: None }),
                _ => break,
            },
            Expect::Discard { .. } => break,
            Expect::Rinshan { seat, chankan } => {
                if let Some(&robber) = chankan.first() {
                    play(table, &mut acts, Act { seat: robber, draw: Draw::Ron, discard: None });
                    continue;
                }
                let Some(t) = rinshan.pop() else { break };
                let discard = choose_turn(rng, &after_draw(table, seat, Draw::Rinshan(t)), seat, t, true);
                play(table, &mut acts, Act { seat, draw: Draw::Rinshan(t), discard: Some(discard) });
            }
            Expect::Draw { seat, calls } => {
                if let Some(act) = choose_call(rng, table, &calls) {
                    let kan = matches!(act.draw, Draw::Daiminkan(_));
                    play(table, &mut acts, act);
                    if !kan && act.discard.is_none() {
                        break;
                    }
                    continue;
                }
                if table.wall_left <= 0 {
                    break;
                }
                let (draw, t) = if first && dealer_14 {
                    let t = table.seats[0].drawn.unwrap_or(Tile::UNKNOWN);
                    (Draw::Oya, t)
                } else {
                    let Some(t) = wall.pop() else { break };
                    (Draw::Tile(t), t)
                };
                first = false;
                let discard = choose_turn(rng, &after_draw(table, seat, draw), seat, t, false);
                let was_riichi = matches!(discard, Discard::Riichi(_));
                play(table, &mut acts, Act { seat, draw, discard: Some(discard) });
                if was_riichi {
                    deposited.push(seat);
                }
            }
        }
    }
    (acts, deposited)
}

/// Settles the frame with simple fixed payments that conserve points: the end points, the
/// kyoutaku left on the table, and whether the dealer was tenpai (after a draw).
fn settle(
    table: &Table,
    end: &FrameEnd,
    id: FrameId,
    start: [Points; 4],
    kyoutaku: Points,
    deposited: &[Seat],
) -> ([Points; 4], i32, Option<bool>) {
    let mut points = start;
    let honba = id.honba as i32 * 3;
    let mut sticks = kyoutaku.0 + 10 * i32::from(table.riichi_sticks);
    for seat in deposited {
        points[seat.index()].0 -= 10;
    }
    // A riichi discard that was ronned deposited nothing: give its stick back.
    let deposited_now = deposited.len() as i32 - i32::from(table.riichi_sticks);
    if deposited_now > 0
        && let FrameEnd::Ron { discarder, .. } = end
    {
        points[discarder.index()].0 += 10 * deposited_now;
    }
    let (won, dealer_tenpai) = match end {
        FrameEnd::Tsumo { seat, .. } => {
            for s in Seat::ALL.into_iter().filter(|s| s != seat) {
                points[s.index()].0 -= 10 + honba / 3;
                points[seat.index()].0 += 10 + honba / 3;
            }
            points[seat.index()].0 += sticks;
            (true, None)
        }
        FrameEnd::Ron { winners, discarder, .. } => {
            for w in winners {
                points[discarder.index()].0 -= 20 + honba;
                points[w.index()].0 += 20 + honba;
            }
            if let Some(first) = winners.first() {
                points[first.index()].0 += sticks;
            }
            (true, None)
        }
        FrameEnd::Exhaustive | FrameEnd::NoResult => {
            let tenpai: Vec<bool> =
                table.seats.iter().map(|s| s.kinds().is_some_and(|k| !super::shape::waits(&k).is_empty())).collect();
            let n = tenpai.iter().filter(|t| **t).count() as i32;
            if matches!(end, FrameEnd::Exhaustive) && n > 0 && n < 4 {
                for (i, t) in tenpai.iter().enumerate() {
                    points[i].0 += if *t { 30 / n } else { -30 / (4 - n) };
                }
            }
            (false, Some(tenpai[0]))
        }
    };
    if won {
        sticks = 0;
    }
    (points, sticks, dealer_tenpai)
}

/// The dora: the indicators revealed (one per kan more), the uras only for a riichi win; the
/// others become unknown.
fn hide_unseen_dora(frame: &mut Frame, table: &Table, end: &FrameEnd) {
    let riichi_win = match end {
        FrameEnd::Tsumo { seat, .. } => table.seats[seat.index()].riichi.is_some(),
        FrameEnd::Ron { winners, .. } => winners.iter().any(|w| table.seats[w.index()].riichi.is_some()),
        _ => false,
    };
    let revealed = 1 + usize::from(table.kans.min(4));
    for (i, d) in frame.dora.iter_mut().enumerate() {
        let nth = i / 2;
        let shown = nth < revealed && (i % 2 == 0 || riichi_win);
        if !shown {
            *d = Tile::UNKNOWN;
        }
    }
}

/// The table after `seat` draws, before it decides what to do with its turn.
fn after_draw(table: &Table, seat: Seat, draw: Draw) -> Table {
    let mut probe = table.clone();
    probe.apply(&Act { seat, draw, discard: None });
    probe
}

/// The dora a dead-wall indicator points at.
fn dora_of(indicator: Tile) -> Tile {
    (0..Tile::KINDS)
        .filter_map(Tile::from_kind)
        .find(|&d| indicator_of(d).and_then(|i| i.kind()) == indicator.kind())
        .unwrap_or(Tile::UNKNOWN)
}

/// What a seat does after drawing `t`: tsumo, a kan, riichi, or a discard.
fn choose_turn(rng: &mut Rng, table: &Table, seat: Seat, t: Tile, after_kan: bool) -> Discard {
    let st = &table.seats[seat.index()];
    if table.can_tsumo(seat) && rng.chance(0.9) {
        return Discard::Tsumo;
    }
    if let Some(four) = rng.pick(&table.ankan_options(seat))
        && rng.chance(0.6)
    {
        return Discard::Ankan(four);
    }
    if let Some(k) = rng.pick(&table.kakan_options(seat))
        && rng.chance(0.5)
    {
        return Discard::Kakan(k);
    }
    if st.riichi.is_some() {
        return Discard::Tsumogiri;
    }
    if let Some(r) = rng.pick(&table.riichi_discards(seat))
        && rng.chance(0.6)
    {
        return Discard::Riichi(r);
    }
    let options = table.discard_options(seat);
    // Play towards a hand: a discard that leaves it tenpai, else an isolated tile.
    let tenpai: Vec<Tile> = options
        .iter()
        .copied()
        .filter(|&o| {
            let mut hand = st.hand.clone();
            hand.iter().position(|&h| h == o).map(|p| hand.remove(p));
            super::shape::kinds_of(hand).is_some_and(|k| !super::shape::waits(&k).is_empty())
        })
        .collect();
    let isolated: Vec<Tile> = options.iter().copied().filter(|&o| isolated_in(&st.hand, o)).collect();
    let d = if rng.chance(0.9) { rng.pick(&tenpai) } else { None }
        .or_else(|| rng.pick(&isolated))
        .or_else(|| rng.pick(&options))
        .unwrap_or(t);
    let copies = st.hand.iter().filter(|&&h| h == t).count();
    if d == t && !after_kan && rng.chance(0.7) {
        Discard::Tsumogiri
    } else if d == t && copies >= 2 && rng.chance(0.5) {
        Discard::Karagiri
    } else {
        Discard::Tile(d)
    }
}

fn isolated_in(hand: &[Tile], t: Tile) -> bool {
    let (Some(k), near) = (t.kind(), 2) else { return false };
    hand.iter().filter(|h| h.kind() == Some(k)).count() == 1
        && (t.is_honor()
            || !hand.iter().any(|h| {
                h.suit() == t.suit() && h.value().zip(t.value()).is_some_and(|(a, b)| a != b && a.abs_diff(b) <= near)
            }))
}

/// Whether some seat calls the last discard, and the act if so.
fn choose_call(rng: &mut Rng, table: &Table, calls: &[(Seat, Call)]) -> Option<Act> {
    if let Some(&(seat, _)) = calls.iter().find(|(_, c)| *c == Call::Ron)
        && rng.chance(0.9)
    {
        return Some(Act { seat, draw: Draw::Ron, discard: None });
    }
    let (seat, call) = rng.pick(calls)?;
    let p = match call {
        Call::Pon(_) => 0.3,
        Call::Daiminkan(_) => 0.4,
        Call::Chi(_) => 0.15,
        Call::Ron => 0.0,
    };
    if !rng.chance(p) {
        return None;
    }
    let draw = match call {
        Call::Chi(t) => Draw::Chi(t),
        Call::Pon(t) => Draw::Pon(t),
        Call::Daiminkan(t) => Draw::Daiminkan(t),
        Call::Ron => return None,
    };
    if let Draw::Daiminkan(_) = draw {
        return Some(Act { seat, draw, discard: None });
    }
    // Discard any tile that stays after the call (the tiles called with are gone).
    let mut hand = table.seats[seat.index()].hand.clone();
    let used: &[Tile] = match &draw {
        Draw::Chi(t) | Draw::Pon(t) => t,
        _ => &[],
    };
    for u in used {
        if let Some(i) = hand.iter().position(|h| h == u) {
            hand.remove(i);
        }
    }
    let d = rng.pick(&hand)?;
    Some(Act { seat, draw, discard: Some(Discard::Tile(d)) })
}
