//! The table the overlay draws (SCHEMA.md, "One table"): a match cut at a place, worked out by
//! the rules engine. Seats are by plyerId (seat 0 is the first East), so they keep their places
//! round the table from frame to frame. Without hands, no concealed tile is in it: no hand, no
//! drawn tile, no waits, and the tile of a draw is left out.

use serde::Serialize;

use crate::format::{Act, Discard, Draw, Frame, Match, Points, Seat, Tile, dora_slot};
use crate::i18n::{Lang, Text, tr};
use crate::rules::shape;
use crate::rules::{FrameEnd, MeldKind, Table};
use crate::scoring::{RuleOptions, score_frame};

/// Where a match is cut: how many frames are shown (the last of them maybe in part), how many
/// acts of that last frame, how many of its dora indicators, and whether its end is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    pub frames: usize,
    pub acts: usize,
    /// Dora indicators of the last frame that may be shown (the dora, then each kan dora).
    pub dora: usize,
    pub end: bool,
    /// The act after `acts` shows as its draw (or call) alone: its discard came later than the
    /// cut's time (the delay airs a draw whose discard is still within it).
    pub draw_only: bool,
}

impl Cut {
    /// The whole of `m`.
    pub fn all(m: &Match) -> Cut {
        let acts = m.frames.last().and_then(|f| f.flow.as_ref()).map_or(0, |f| f.acts.len());
        Cut { frames: m.frames.len(), acts, dora: 5, end: true, draw_only: false }
    }

    /// How many frames of `m` this cut shows to their end: those before the last shown, and that
    /// one too when its end is shown.
    pub fn frames_to_end(self, m: &Match) -> usize {
        let shown = self.frames.min(m.frames.len());
        if self.end { shown } else { shown.saturating_sub(1) }
    }
}

/// The whole table (`/api/state`, an event's data, a step of the replay).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableView {
    pub id: String,
    pub title: String,
    pub frame: Option<FrameView>,
    pub seats: Vec<SeatView>,
    pub end: Option<EndView>,
}

/// The frame under way.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameView {
    pub index: usize,
    pub name: String,
    pub round: String,
    pub hand: u8,
    pub honba: u32,
    pub kyoutaku: i64,
    pub dealer: usize,
    pub wall_left: i32,
    pub dora: Vec<Tile>,
    pub acts: usize,
    pub last: Option<LastAct>,
}

/// The last act shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LastAct {
    pub seat: usize,
    pub kind: &'static str,
    pub tile: Option<Tile>,
}

/// One seat (by plyerId).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView {
    pub seat: usize,
    pub wind: String,
    pub name: String,
    pub points: i64,
    pub riichi: bool,
    pub river: Vec<RiverView>,
    pub melds: Vec<MeldView>,
    pub hand: Option<Vec<Tile>>,
    pub drawn: Option<Tile>,
    pub waits: Option<Vec<Tile>>,
    /// The player's season figures (a page that asks for them: `stats=1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<super::season::SeatFigures>,
}

/// One river tile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RiverView {
    pub tile: Tile,
    pub tsumogiri: bool,
    pub riichi: bool,
    pub called: bool,
}

/// One meld; `from` is a plyerId.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeldView {
    pub kind: &'static str,
    pub tiles: Vec<Tile>,
    pub from: Option<usize>,
}

/// A frame's end, once it is in the cut.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndView {
    pub kind: &'static str,
    pub deltas: [i64; 4],
    pub text: EndText,
}

/// The end's line in both languages.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndText {
    pub en: String,
    pub ja: String,
}

/// The match a record puts on air: its last (the one being recorded).
pub fn on_air(paifu: &crate::format::Paifu) -> Option<&Match> {
    paifu.matches.last()
}

/// The match's name as the forms show it: the tournament, the date, the match of the day.
pub fn title_of(m: &Match) -> String {
    let mut parts = Vec::new();
    if let Some(name) = m.tour.as_ref().and_then(|t| t.name.as_ref()) {
        parts.push(name.shown(Lang::En));
    }
    if let Some(d) = m.time_place.date {
        parts.push(format!("{:04}-{:02}-{:02}", d.year, d.month, d.day));
    }
    if let Some(n) = m.tour.as_ref().and_then(|t| t.match_in_day) {
        parts.push(format!("#{n}"));
    }
    parts.retain(|p| !p.is_empty());
    parts.join(" ")
}

/// The four players' names by plyerId: last and first name, in their native script when given.
pub fn player_names(m: &Match) -> [String; 4] {
    let text = |s: &crate::format::StrLit| s.native.clone().or_else(|| s.roman.clone()).unwrap_or_default();
    let mut names: [String; 4] = Default::default();
    for p in &m.players {
        if let (Some(slot), Some(n)) = (names.get_mut(usize::from(p.id)), &p.name) {
            let parts: Vec<String> =
                [&n.last, &n.first].into_iter().flatten().map(text).filter(|s| !s.is_empty()).collect();
            *slot = parts.join(" ");
        }
    }
    names
}

/// The points (real points, by seat of the frame, East first) each seat starts `frames[index]`
/// with: as recorded, else the end of the frame before, else the match's start.
pub fn start_points(m: &Match, index: usize, opts: &RuleOptions) -> [i64; 4] {
    if let Some(p) = m.frames.get(index).and_then(|f| f.start_points) {
        return p.map(Points::as_points);
    }
    let by_player = match index.checked_sub(1) {
        Some(prev) => end_points(m, prev, opts),
        None => [m.point_rule.map_or(25_000, |r| r.start.as_points()); 4],
    };
    match m.frames.get(index) {
        Some(f) => f.id.by_seat(by_player),
        None => by_player,
    }
}

/// The points by plyerId after `frames[index]`: as recorded, else as scored, else as it started.
pub fn end_points(m: &Match, index: usize, opts: &RuleOptions) -> [i64; 4] {
    let Some(f) = m.frames.get(index) else { return [0; 4] };
    let by_seat = match f.end_points {
        Some(p) => p.map(Points::as_points),
        None => {
            let start = start_points(m, index, opts);
            let deltas = score_frame(f, opts).ok().and_then(|s| s.deltas).unwrap_or([0; 4]);
            std::array::from_fn(|i| start[i] + deltas[i])
        }
    };
    f.id.by_player(by_seat)
}

/// The table of `m` cut at `cut`; with `hands`, each hand, drawn tile and waits.
pub fn table_of(m: &Match, cut: Cut, hands: bool, opts: &RuleOptions) -> TableView {
    let opts = &crate::rules::rules_or(m, opts);
    let names = player_names(m);
    let title = title_of(m);
    let shown = cut.frames.min(m.frames.len());
    let Some(index) = shown.checked_sub(1) else {
        let start = start_points(m, 0, opts);
        let by_player = m.frames.first().map_or(start, |f| f.id.by_player(start));
        let seats = (0..4).map(|p| empty_seat(p, &names[p], by_player[p], hands)).collect();
        return TableView { id: String::new(), title, frame: None, seats, end: None };
    };
    let drawn;
    let (frame, cut_acts) = match draw_only(&m.frames[index], cut) {
        Some(f) => {
            drawn = f;
            (&drawn, cut.acts + 1)
        }
        None => (&m.frames[index], cut.acts),
    };
    let acts = frame.flow.as_ref().map_or(0, |f| f.acts.len().min(cut_acts));
    let table = Table::replay(frame, acts);
    let ended = table.as_ref().is_some_and(|t| frame_over(t, frame, acts)) && cut.end;
    let start = start_points(m, index, opts);
    let end = ended.then(|| end_of(m, index, table.as_ref(), opts));
    TableView {
        id: String::new(),
        title,
        frame: Some(frame_view(frame, index, acts, table.as_ref(), (cut.dora, ended, hands), opts)),
        seats: (0..4).map(|p| seat_view(frame, p, &names[p], start, table.as_ref(), (hands, ended))).collect(),
        end,
    }
}

/// `frame` to its act `cut.acts` with that act's discard left out, when the cut shows it so.
fn draw_only(frame: &Frame, cut: Cut) -> Option<Frame> {
    let act = frame.flow.as_ref()?.acts.get(cut.acts)?;
    if !cut.draw_only || act.discard.is_none() {
        return None;
    }
    let mut f = frame.clone();
    let flow = f.flow.as_mut()?;
    flow.acts.truncate(cut.acts + 1);
    flow.acts[cut.acts].discard = None;
    f.end_points = None;
    Some(f)
}

/// True when the frame is over after `acts` acts: a win, the wall run out, or every act of a
/// frame whose end points are recorded.
fn frame_over(t: &Table, frame: &Frame, acts: usize) -> bool {
    let all = frame.flow.as_ref().is_some_and(|f| f.acts.len() == acts);
    t.is_won() || t.end() == FrameEnd::Exhaustive || (all && frame.end_points.is_some())
}

fn empty_seat(player: usize, name: &str, points: i64, hands: bool) -> SeatView {
    SeatView {
        seat: player,
        wind: Seat::from_index(player).code().to_ascii_uppercase().to_string(),
        name: name.to_string(),
        points,
        riichi: false,
        river: Vec::new(),
        melds: Vec::new(),
        hand: hands.then(Vec::new),
        drawn: None,
        waits: hands.then(Vec::new),
        stats: None,
    }
}

/// The frame's part of the table; `shown` is how many dora indicators may show, whether its end
/// is shown and whether the hands are; a kan's indicator shows as the rules turn it (none where
/// kan dora are not played).
fn frame_view(
    frame: &Frame,
    index: usize,
    acts: usize,
    t: Option<&Table>,
    shown: (usize, bool, bool),
    opts: &RuleOptions,
) -> FrameView {
    let (dora, ended, hands) = shown;
    let shown = t.map_or(1, |t| t.dora_shown_under(opts.kan_dora)).min(dora);
    let indicators = (0..shown)
        .filter_map(|n| frame.dora.get(dora_slot(n)).map(|d| crate::rules::indicator_of(*d).unwrap_or(Tile::UNKNOWN)))
        .collect();
    let sticks = t.map_or(0, |t| t.sticks_laid(ended).iter().filter(|&&b| b).count() as i64);
    let last = t.and_then(|t| {
        let act = frame.flow.as_ref()?.acts.get(acts.checked_sub(1)?)?;
        Some(last_act(frame, t, act, ended, hands))
    });
    FrameView {
        index,
        name: frame.id.to_string(),
        round: frame.id.wind.code().to_string(),
        hand: frame.id.number,
        honba: frame.id.honba,
        kyoutaku: frame.kyoutaku.map_or(0, |k| k.as_points() / 1000) + sticks,
        dealer: frame.id.dealer(),
        wall_left: t.map_or(crate::rules::table::LIVE_WALL, |t| t.wall_left.max(0)),
        dora: indicators,
        acts,
        last,
    }
}

/// What the last act did, and its tile when everyone at the table saw it (a drawn tile only
/// with the hands).
fn last_act(frame: &Frame, t: &Table, act: &Act, ended: bool, hands: bool) -> LastAct {
    let seat = frame.id.player_at(act.seat);
    let st = &t.seats[act.seat.index()];
    let river_top = st.river.last().map(|r| r.tile);
    let drawn = match act.draw {
        Draw::Tile(x) | Draw::Rinshan(x) => Some(x),
        _ => st.drawn,
    };
    let (kind, tile) = match (act.draw, act.discard) {
        (_, _) if ended && !t.is_won() => ("draw_end", None),
        (Draw::Ron, _) => (
            "ron",
            match t.phase {
                crate::rules::Phase::Ron { tile, .. } => Some(tile),
                _ => None,
            },
        ),
        (_, Some(Discard::Tsumo)) => ("tsumo", drawn),
        (_, Some(Discard::Riichi(_))) => ("riichi", river_top),
        (_, Some(Discard::Kakan(x))) => ("kakan", Some(x)),
        (_, Some(Discard::Ankan(x))) => ("ankan", Some(x[0])),
        (Draw::Chi(_), _) => ("chi", st.melds.last().and_then(|m| m.tiles.first().copied())),
        (Draw::Pon(_), _) => ("pon", st.melds.last().and_then(|m| m.tiles.first().copied())),
        (Draw::Daiminkan(_), _) => ("daiminkan", st.melds.last().and_then(|m| m.tiles.first().copied())),
        (_, Some(_)) => ("discard", river_top),
        (_, None) => ("draw", drawn.filter(|_| hands)),
    };
    LastAct { seat, kind, tile }
}

fn seat_view(
    frame: &Frame,
    player: usize,
    name: &str,
    start: [i64; 4],
    t: Option<&Table>,
    (hands, ended): (bool, bool),
) -> SeatView {
    let seat = frame.id.seat_of(player);
    let wind = Seat::from_index(seat.index()).code().to_ascii_uppercase().to_string();
    let Some(t) = t else {
        return SeatView { wind, ..empty_seat(player, name, start[seat.index()], hands) };
    };
    let st = &t.seats[seat.index()];
    let deposit = if t.sticks_laid(ended)[seat.index()] { 1000 } else { 0 };
    let river = st
        .river
        .iter()
        .map(|r| RiverView { tile: r.tile, tsumogiri: r.tsumogiri, riichi: r.riichi, called: r.called_by.is_some() })
        .collect();
    let melds = st
        .melds
        .iter()
        .map(|m| MeldView {
            kind: meld_word(m.kind),
            tiles: m.tiles.clone(),
            from: m.from.map(|s| frame.id.player_at(s)),
        })
        .collect();
    let (hand, drawn, waits) = if hands { concealed(st) } else { (None, None, None) };
    SeatView {
        seat: player,
        wind,
        name: name.to_string(),
        points: start[seat.index()] - deposit,
        riichi: st.riichi.is_some(),
        river,
        melds,
        hand,
        drawn,
        waits,
        stats: None,
    }
}

type Concealed = (Option<Vec<Tile>>, Option<Tile>, Option<Vec<Tile>>);

/// The concealed tiles (sorted, the drawn one apart) and the waits of the hand without it.
fn concealed(st: &crate::rules::SeatState) -> Concealed {
    let mut hand = st.hand.clone();
    let drawn = st.drawn.filter(|d| hand.contains(d));
    if let Some(d) = drawn
        && let Some(p) = hand.iter().rposition(|t| *t == d)
    {
        hand.remove(p);
    }
    crate::format::sort_tiles(&mut hand);
    let waits = match shape::kinds_of(hand.iter().copied()) {
        Some(k) if hand.len() % 3 == 1 => shape::waits(&k).into_iter().filter_map(Tile::from_kind).collect(),
        _ => Vec::new(),
    };
    (Some(hand), drawn, Some(waits))
}

fn meld_word(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Daiminkan => "daiminkan",
        MeldKind::Kakan => "kakan",
        MeldKind::Ankan => "ankan",
    }
}

/// The end of `frames[index]`: its kind, what it moved (from the points shown, so the riichi
/// sticks already laid are not counted twice) and its line.
fn end_of(m: &Match, index: usize, t: Option<&Table>, opts: &RuleOptions) -> EndView {
    let frame = &m.frames[index];
    let kind = match t.map(Table::end) {
        Some(FrameEnd::Tsumo { .. }) => "tsumo",
        Some(FrameEnd::Ron { .. }) => "ron",
        _ => "draw",
    };
    let start = start_points(m, index, opts);
    let deposits = t.map_or([false; 4], |t| t.deposits());
    let shown: [i64; 4] = std::array::from_fn(|i| start[i] - if deposits[i] { 1000 } else { 0 });
    let after = frame.id.by_seat(end_points(m, index, opts));
    let deltas = frame.id.by_player(std::array::from_fn(|i| after[i] - shown[i]));
    let line = match score_frame(frame, opts) {
        Ok(s) => Text::join(s.result.lines(), tr!("broadcast-end-separator")),
        Err(_) => match kind {
            "tsumo" => tr!("broadcast-end-tsumo").text(),
            "ron" => tr!("broadcast-end-ron").text(),
            _ => tr!("broadcast-end-draw").text(),
        },
    };
    EndView { kind, deltas, text: EndText { en: line.get(Lang::En).to_string(), ja: line.get(Lang::Ja).to_string() } }
}
