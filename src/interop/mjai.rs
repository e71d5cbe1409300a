//! mjai event logs: one JSON event per line (`start_game`, `start_kyoku`, `tsumo`, `dahai`,
//! `chi`/`pon`/`daiminkan`/`kakan`/`ankan`, `dora`, `reach`/`reach_accepted`, `hora`,
//! `ryukyoku`, `end_kyoku`, `end_game`), the log Mortal and mjai-reviewer read.
//!
//! Actors are absolute players (0 is the first dealer); a `.jmjp` frame counts seats from its
//! dealer. A kan's new dora indicator is announced after the kan's next discard, as the protocol's
//! examples show (the importer accepts it anywhere). `hora` and `ryukyoku` carry `deltas` (the
//! point changes without the riichi deposits, as tenhou.net/6 counts them) and `hora` the
//! `ura_markers`, so the end points survive the trip.

use serde_json::{Map, Value, json};

use super::outcome::Outcome;
use super::tenhou6::json_error;
use super::{
    ConvertError, act_problem, frame_at, line_at, no_flow, not_a_list, not_a_player, not_hundreds, player_names,
    single_match,
};
use crate::format::{
    Act, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Match, Name, Paifu, Player, Points, Seat, SeatHand, StrLit,
    Tile, Wind, by_player, dora_slot, player_at, seat_at, ura_slot,
};
use crate::i18n::Text;
use crate::rules::{FrameEnd, Phase, Table, dora_of, indicator_of};

const NAMES: [&str; 38] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "E", "S", "W", "N", "P", "F", "C", //
    "5mr", "5pr", "5sr", "?",
];

/// The mjai name of a tile: `1m`..`9s`, `E S W N P F C`, `5mr 5pr 5sr`, `?`.
pub fn tile_name(t: Tile) -> &'static str {
    NAMES[t.index()]
}

pub fn tile_from_name(name: &str) -> Option<Tile> {
    NAMES.iter().position(|n| *n == name).and_then(|i| Tile::ALL.get(i).copied())
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Writes a record as an mjai log, one event per line (a file holds one match).
pub fn export(paifu: &Paifu) -> Result<String, ConvertError> {
    export_match(single_match(paifu, super::Format::Mjai)?, 0, 1)
}

pub fn export_match(m: &Match, mi: usize, of: usize) -> Result<String, ConvertError> {
    let mut out = String::new();
    for (e, _) in match_events(m, mi, of, false)? {
        out.push_str(&e.to_string());
        out.push('\n');
    }
    Ok(out)
}

/// Where an event of a match comes from: the frame (by index) and, for an event of an act, the
/// act (by index in the frame's acts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventAt {
    pub frame: usize,
    pub act: Option<usize>,
}

/// The mjai events of match `mi` (of `of`) with where each comes from. `live`: the match is being
/// recorded, so its last frame may be unfinished (its events stop after its last act) and there
/// is no `end_game` yet.
pub fn match_events(
    m: &Match,
    mi: usize,
    of: usize,
    live: bool,
) -> Result<Vec<(Value, Option<EventAt>)>, ConvertError> {
    let mut events = vec![(json!({"type": "start_game", "names": player_names(m)}), None)];
    for (fi, f) in m.frames.iter().enumerate() {
        let mut ev = Vec::new();
        let mut acts = Vec::new();
        let last = fi + 1 == m.frames.len();
        frame_events(f, &mut ev, &mut acts, live && last).map_err(|e| ConvertError::new(frame_at(mi, of, f.id), e))?;
        events.extend(ev.into_iter().zip(acts).map(|(e, act)| (e, Some(EventAt { frame: fi, act }))));
    }
    if !live {
        events.push((json!({"type": "end_game"}), None));
    }
    Ok(events)
}

/// The events of frame `f` into `ev`, and for each the act it comes from into `acts`. `open`:
/// the frame may still be going on: without an end, its events stop after its last act.
fn frame_events(f: &Frame, ev: &mut Vec<Value>, acts: &mut Vec<Option<usize>>, open: bool) -> Result<(), Text> {
    let flow = f.flow.as_ref().ok_or_else(|| {
        Text::new(
            "the frame has no acts; an mjai log needs the hands and acts",
            "この局には行為がありません。mjai のログには手牌と行為が必要です",
        )
    })?;
    let dealer = usize::from(f.id.number.clamp(1, 4)) - 1;
    let player = |s: Seat| player_at(s, dealer);
    let start = f.start_points.ok_or_else(|| {
        Text::new(
            "the frame has no start points (pfs); mjai needs the scores",
            "この局には開始点（pfs）がありません。mjai には持ち点が必要です",
        )
    })?;
    let kyotaku = f.kyoutaku.map_or(0, |k| k.as_points());
    if kyotaku % 1000 != 0 {
        let k = f.kyoutaku.unwrap_or_default();
        return Err(Text::new(
            format!("the kyoutaku {k} is not a whole number of riichi sticks"),
            format!("供託 {k} がリーチ棒の本数になっていません"),
        ));
    }
    let mut scores = [0i64; 4];
    let mut tehais: Vec<Vec<&str>> = vec![vec![]; 4];
    for s in Seat::ALL {
        scores[player(s)] = start[s.index()].as_points();
    }
    let mut dealer_draw = None;
    for sh in &flow.start_hands {
        let mut tiles = sh.hand.tiles.clone();
        if sh.seat == Seat::East && (tiles.len() == 14 || sh.hand.tsumo.is_some()) {
            dealer_draw = sh.hand.tsumo.or_else(|| tiles.pop());
        }
        tehais[player(sh.seat)] = tiles.iter().map(|t| tile_name(*t)).collect();
    }
    let marker = |i: usize| f.dora.get(i).and_then(|d| indicator_of(*d)).map_or("?", tile_name);
    let tag = |ev: &Vec<Value>, acts: &mut Vec<Option<usize>>, act: Option<usize>| {
        acts.resize(ev.len(), act);
    };
    ev.push(json!({
        "type": "start_kyoku",
        "bakaze": f.id.wind.code().to_string(),
        "dora_marker": marker(0),
        "kyoku": f.id.number,
        "honba": f.id.honba,
        "kyotaku": kyotaku / 1000,
        "oya": dealer,
        "scores": scores,
        "tehais": tehais,
    }));
    tag(ev, acts, None);
    let (mut table, _) =
        Table::start(f).ok_or_else(|| Text::new("the frame has no acts", "この局には行為がありません"))?;
    let mut pending_dora = 0usize;
    let mut kans = 0usize;
    let mut reach_pending: Option<usize> = None;
    for (n, act) in flow.acts.iter().enumerate() {
        let p = player(act.seat);
        let at = |en: &str, ja: &str| act_problem(n, act.seat, en, ja);
        let last = match table.phase {
            Phase::Draw { last_discard: Some(d), .. } => Some(d),
            _ => None,
        };
        // A riichi is accepted once its discard passes without a ron.
        if let Some(r) = reach_pending.take()
            && act.draw != Draw::Ron
        {
            ev.push(json!({"type": "reach_accepted", "actor": r}));
        }
        let call = |kind: &str, consumed: &[Tile]| -> Result<Value, Text> {
            let d = last.ok_or_else(|| at("a call with no discard to call", "鳴ける捨て牌のない鳴きです"))?;
            Ok(json!({"type": kind, "actor": p, "target": player(d.seat), "pai": tile_name(d.tile),
                      "consumed": consumed.iter().map(|t| tile_name(*t)).collect::<Vec<_>>()}))
        };
        let drawn = match act.draw {
            Draw::Tile(t) | Draw::Rinshan(t) => {
                ev.push(json!({"type": "tsumo", "actor": p, "pai": tile_name(t)}));
                Some(t)
            }
            Draw::Oya => {
                let t = dealer_draw.unwrap_or(Tile::UNKNOWN);
                ev.push(json!({"type": "tsumo", "actor": p, "pai": tile_name(t)}));
                Some(t)
            }
            Draw::Chi(pair) => {
                ev.push(call("chi", &pair)?);
                None
            }
            Draw::Pon(pair) => {
                ev.push(call("pon", &pair)?);
                None
            }
            Draw::Daiminkan(three) => {
                ev.push(call("daiminkan", &three)?);
                pending_dora += 1;
                None
            }
            Draw::Ron => None,
        };
        let dahai = |t: Tile, tsumogiri: bool| json!({"type": "dahai", "actor": p, "pai": tile_name(t), "tsumogiri": tsumogiri});
        let mut discarded = false;
        match act.discard {
            Some(Discard::Tile(t)) => {
                ev.push(dahai(t, false));
                discarded = true;
            }
            Some(Discard::Tsumogiri) => {
                ev.push(dahai(
                    drawn.ok_or_else(|| at("tg without a drawn tile", "ツモ牌のないツモ切り（tg）です"))?,
                    true,
                ));
                discarded = true;
            }
            Some(Discard::Karagiri) => {
                ev.push(dahai(
                    drawn.ok_or_else(|| at("kg without a drawn tile", "ツモ牌のない空切り（kg）です"))?,
                    false,
                ));
                discarded = true;
            }
            Some(Discard::Riichi(t)) => {
                ev.push(json!({"type": "reach", "actor": p}));
                ev.push(dahai(t, drawn == Some(t)));
                reach_pending = Some(p);
                discarded = true;
            }
            Some(Discard::Kakan(added)) => {
                let pon = table.seats[act.seat.index()]
                    .pon_of(added)
                    .ok_or_else(|| at("a kakan with no pon of that tile", "その牌のポンがない加槓です"))?;
                let consumed: Vec<&str> = pon.tiles.iter().map(|t| tile_name(*t)).collect();
                ev.push(json!({"type": "kakan", "actor": p, "pai": tile_name(added), "consumed": consumed}));
                pending_dora += 1;
            }
            Some(Discard::Ankan(ts)) => {
                ev.push(json!({"type": "ankan", "actor": p, "consumed": ts.iter().map(|t| tile_name(*t)).collect::<Vec<_>>()}));
                pending_dora += 1;
            }
            Some(Discard::Tsumo) | None => {}
        }
        if discarded {
            for _ in 0..pending_dora {
                kans += 1;
                ev.push(json!({"type": "dora", "dora_marker": marker(2 * kans)}));
            }
            pending_dora = 0;
        }
        table.apply(act);
        tag(ev, acts, Some(n));
    }
    // A frame still going on ends its events here (a riichi is not accepted yet).
    if open && super::outcome::outcome(f, &table).is_err() {
        return Ok(());
    }
    if let Some(r) = reach_pending.take()
        && !matches!(table.end(), FrameEnd::Ron { .. })
    {
        ev.push(json!({"type": "reach_accepted", "actor": r}));
    }
    let by_player = |d: &[i64; 4]| by_player(*d, dealer);
    let uras: Vec<&str> =
        (0..5).map(ura_slot).filter(|&i| f.dora.get(i).is_some_and(|d| !d.is_unknown())).map(marker).collect();
    let outcome = super::outcome::outcome(f, &table)?;
    if matches!(outcome, Outcome::Win(_)) {
        // A win on the rinshan tile shows the kan's dora before the hora.
        // (A chankan robs the kan before its indicator is turned: then none is recorded.)
        for _ in 0..pending_dora {
            if f.dora.get(dora_slot(kans + 1)).is_some_and(|d| !d.is_unknown()) {
                kans += 1;
                ev.push(json!({"type": "dora", "dora_marker": marker(dora_slot(kans))}));
            }
        }
    }
    match outcome {
        Outcome::Win(wins) => {
            for w in wins {
                let pai = match table.phase {
                    Phase::Ron { tile, .. } => tile,
                    _ => table.seats[w.who.index()].drawn.unwrap_or(Tile::UNKNOWN),
                };
                ev.push(
                    json!({"type": "hora", "actor": player(w.who), "target": player(w.from), "pai": tile_name(pai),
                               "deltas": by_player(&w.deltas), "ura_markers": uras}),
                );
            }
        }
        Outcome::Draw { kind, deltas } => {
            ev.push(json!({"type": "ryukyoku", "reason": kind.japanese(), "deltas": by_player(&deltas)}));
        }
    }
    ev.push(json!({"type": "end_kyoku"}));
    tag(ev, acts, None);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Reading

/// The frame being read, with its table for knowing what a discard is.
struct Building {
    frame: Frame,
    table: Table,
    dealer: usize,
    scores: [i64; 4],
    /// The act being built: its seat and draw, waiting for the discard.
    open: Option<(Seat, Draw, Option<Tile>)>,
    riichi_next: bool,
    kan_doras: usize,
    deltas: Option<[i64; 4]>,
    ura: Vec<Tile>,
    line: usize,
}

fn field<'a>(e: &'a Map<String, Value>, name: &str, line: usize) -> Result<&'a Value, ConvertError> {
    e.get(name).ok_or_else(|| {
        let message = Text::new(format!("the event has no \"{name}\""), format!("イベントに \"{name}\" がありません"));
        ConvertError::new(line_at(line), message)
    })
}

fn ev_tile(e: &Map<String, Value>, name: &str, line: usize) -> Result<Tile, ConvertError> {
    let v = field(e, name, line)?;
    let s = v.as_str().unwrap_or("");
    tile_from_name(s).ok_or_else(|| {
        ConvertError::new(
            line_at(line),
            Text::new(
                format!("\"{name}\": {v} is not an mjai tile (1m..9s, E S W N P F C, 5mr 5pr 5sr, ?)"),
                format!("\"{name}\"：{v} は mjai の牌（1m..9s, E S W N P F C, 5mr 5pr 5sr, ?）ではありません"),
            ),
        )
    })
}

fn ev_tiles(e: &Map<String, Value>, name: &str, line: usize) -> Result<Vec<Tile>, ConvertError> {
    let v = field(e, name, line)?;
    let a = v.as_array().ok_or_else(|| ConvertError::new(line_at(line), not_a_list(name)))?;
    a.iter()
        .map(|x| {
            x.as_str().and_then(tile_from_name).ok_or_else(|| {
                let message = Text::new(
                    format!("\"{name}\": {x} is not an mjai tile"),
                    format!("\"{name}\"：{x} は mjai の牌ではありません"),
                );
                ConvertError::new(line_at(line), message)
            })
        })
        .collect()
}

fn ev_int(e: &Map<String, Value>, name: &str, line: usize) -> Result<i64, ConvertError> {
    let v = field(e, name, line)?;
    v.as_i64().ok_or_else(|| {
        let message = Text::new(
            format!("\"{name}\" must be a whole number, found {v}"),
            format!("\"{name}\" は整数でなければなりませんが、{v} です"),
        );
        ConvertError::new(line_at(line), message)
    })
}

fn ev_player(e: &Map<String, Value>, name: &str, line: usize) -> Result<usize, ConvertError> {
    let n = ev_int(e, name, line)?;
    usize::try_from(n).ok().filter(|n| *n < 4).ok_or_else(|| ConvertError::new(line_at(line), not_a_player(name, n)))
}

fn four(e: &Map<String, Value>, name: &str, line: usize) -> Result<[i64; 4], ConvertError> {
    let v = field(e, name, line)?;
    let a = v.as_array().filter(|a| a.len() == 4).ok_or_else(|| {
        let message = Text::new(
            format!("\"{name}\" must list four numbers, one per player"),
            format!("\"{name}\" には各選手に一つ、四つの数が必要です"),
        );
        ConvertError::new(line_at(line), message)
    })?;
    let mut out = [0i64; 4];
    for (i, x) in a.iter().enumerate() {
        out[i] = x.as_i64().ok_or_else(|| {
            let message = Text::new(
                format!("\"{name}\"[{i}] must be a whole number"),
                format!("\"{name}\"[{i}] は整数でなければなりません"),
            );
            ConvertError::new(line_at(line), message)
        })?;
    }
    Ok(out)
}

impl Building {
    fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer)
    }

    fn at(&self) -> Text {
        line_at(self.line)
    }

    fn push(&mut self, act: Act) -> Result<(), ConvertError> {
        if let Some((seat, draw, _)) = self.open.take() {
            // The previous act ended without a discard (a daiminkan or nine terminals).
            self.push_closed(Act { seat, draw, discard: None })?;
        }
        self.push_closed(act)
    }

    fn push_closed(&mut self, act: Act) -> Result<(), ConvertError> {
        self.table.apply(&act);
        if let Some(flow) = self.frame.flow.as_mut() {
            flow.acts.push(act);
        }
        Ok(())
    }

    fn open(&mut self, seat: Seat, draw: Draw, drawn: Option<Tile>) -> Result<(), ConvertError> {
        if let Some((s, d, _)) = self.open.take() {
            self.push_closed(Act { seat: s, draw: d, discard: None })?;
        }
        self.open = Some((seat, draw, drawn));
        Ok(())
    }

    fn close(&mut self, seat: Seat, discard: Discard) -> Result<(), ConvertError> {
        match self.open.take() {
            Some((s, draw, _)) if s == seat => self.push_closed(Act { seat, draw, discard: Some(discard) }),
            _ => {
                let p = self.player(seat);
                Err(ConvertError::new(
                    self.at(),
                    Text::new(
                        format!("player {p} discards or declares without a draw or call before it"),
                        format!("選手 {p} がツモも鳴きもなしに打牌か宣言をしています"),
                    ),
                ))
            }
        }
    }

    fn player(&self, seat: Seat) -> usize {
        player_at(seat, self.dealer)
    }

    fn drawn(&self, seat: Seat) -> Option<Tile> {
        match self.open {
            Some((s, _, d)) if s == seat => d,
            _ => None,
        }
    }

    fn finish(mut self) -> Result<Frame, ConvertError> {
        if let Some((seat, draw, _)) = self.open.take() {
            self.push_closed(Act { seat, draw, discard: None })?;
        }
        let dep = self.table.deposits();
        if let Some(d) = self.deltas {
            let mut end = [Points(0); 4];
            for s in Seat::ALL {
                let p = self.player(s);
                // Saturating: numbers of a damaged log may be anything; too large is refused below.
                let v = self.scores[p].saturating_add(d[p]).saturating_sub(if dep[s.index()] { 1000 } else { 0 });
                end[s.index()] = Points::from_points(v).ok_or_else(|| ConvertError::new(self.at(), not_hundreds(v)))?;
            }
            self.frame.end_points = Some(end);
        }
        for (i, u) in self.ura.iter().enumerate() {
            if let Some(slot) = self.frame.dora.get_mut(ura_slot(i)) {
                *slot = dora_of(*u);
            }
        }
        let table = &self.table;
        if let Some(flow) = self.frame.flow.as_mut() {
            flow.end_hands = Seat::ALL.into_iter().map(|s| SeatHand { seat: s, hand: table.hand_of(s) }).collect();
        }
        Ok(self.frame)
    }
}

/// Reads an mjai log (one JSON event per line; blank lines are skipped) into one match.
pub fn import(text: &str) -> Result<Paifu, ConvertError> {
    let mut m = Match { players: (0..4).map(|id| Player { id, ..Player::default() }).collect(), ..Match::default() };
    let mut cur: Option<Building> = None;
    let mut ended = false;
    for (i, raw) in crate::format::strip_bom(text).lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(raw).map_err(|e| {
            let mut ce = json_error(e);
            let column = ce.at.en.rsplit(' ').next().unwrap_or("1").to_string();
            ce.at = Text::new(format!("line {line}, column {column}"), format!("{line} 行 {column} 文字目"));
            ce
        })?;
        let e = v.as_object().ok_or_else(|| {
            let message =
                Text::new("an mjai event is a JSON object {..}", "mjai のイベントは JSON のオブジェクト {..} です");
            ConvertError::new(line_at(line), message)
        })?;
        let kind = field(e, "type", line)?.as_str().unwrap_or("");
        if ended && kind != "none" {
            let message = Text::new(
                format!("a \"{kind}\" event after end_game"),
                format!("end_game の後に \"{kind}\" イベントがあります"),
            );
            return Err(ConvertError::new(line_at(line), message));
        }
        if let Some(b) = cur.as_mut() {
            b.line = line;
        }
        let need = |cur: &mut Option<Building>| -> Result<(), ConvertError> {
            if cur.is_none() {
                return Err(ConvertError::new(
                    line_at(line),
                    Text::new(
                        format!("a \"{kind}\" event outside a kyoku (no start_kyoku before it)"),
                        format!("局の外に \"{kind}\" イベントがあります（前に start_kyoku がありません）"),
                    ),
                ));
            }
            Ok(())
        };
        match kind {
            "start_game" => {
                if let Some(Value::Array(names)) = e.get("names") {
                    for (p, n) in names.iter().take(4).enumerate() {
                        if let Some(n) = n.as_str().filter(|n| !n.is_empty())
                            && let Some(pl) = m.players.get_mut(p)
                        {
                            pl.name = Some(Name { last: Some(StrLit::native(n)), first: None });
                        }
                    }
                }
            }
            "start_kyoku" => {
                if let Some(b) = cur.take() {
                    m.frames.push(b.finish()?);
                }
                cur = Some(start_kyoku(e, line)?);
            }
            "tsumo" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let seat = b.seat(ev_player(e, "actor", line)?);
                    let t = ev_tile(e, "pai", line)?;
                    let rinshan = matches!(b.table.phase, Phase::Rinshan { .. })
                        || matches!(b.open, Some((_, Draw::Daiminkan(_), _)));
                    let draw = if rinshan { Draw::Rinshan(t) } else { Draw::Tile(t) };
                    b.open(seat, draw, Some(t))?;
                }
            }
            "dahai" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let seat = b.seat(ev_player(e, "actor", line)?);
                    let t = ev_tile(e, "pai", line)?;
                    let tsumogiri = e.get("tsumogiri").and_then(|x| x.as_bool()).unwrap_or(false);
                    let mut drawn = b.drawn(seat);
                    if tsumogiri && drawn.is_some_and(|d| d.is_unknown()) && !t.is_unknown() {
                        // An unseen draw discarded at once was the tile now shown.
                        if let Some((_, draw @ (Draw::Tile(_) | Draw::Rinshan(_)), d)) = b.open.as_mut() {
                            *draw = if matches!(draw, Draw::Rinshan(_)) { Draw::Rinshan(t) } else { Draw::Tile(t) };
                            *d = Some(t);
                            drawn = Some(t);
                        }
                    }
                    let discard = if std::mem::take(&mut b.riichi_next) {
                        Discard::Riichi(t)
                    } else if tsumogiri && drawn.is_some() {
                        Discard::Tsumogiri
                    } else if drawn == Some(t) {
                        Discard::Karagiri
                    } else {
                        Discard::Tile(t)
                    };
                    b.close(seat, discard)?;
                }
            }
            "reach" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    b.riichi_next = true;
                }
            }
            "chi" | "pon" | "daiminkan" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let seat = b.seat(ev_player(e, "actor", line)?);
                    let c = ev_tiles(e, "consumed", line)?;
                    let draw = match (kind, c.as_slice()) {
                        ("chi", [a, b2]) => Draw::Chi([*a, *b2]),
                        ("pon", [a, b2]) => Draw::Pon([*a, *b2]),
                        ("daiminkan", [a, b2, c2]) => Draw::Daiminkan([*a, *b2, *c2]),
                        _ => {
                            let n = if kind == "daiminkan" { 3 } else { 2 };
                            return Err(ConvertError::new(
                                line_at(line),
                                Text::new(
                                    format!("a {kind} consumes {n} tiles from the hand"),
                                    format!("{kind} では手牌から {n} 枚を使います"),
                                ),
                            ));
                        }
                    };
                    if kind == "daiminkan" {
                        b.push(Act { seat, draw, discard: None })?;
                    } else {
                        b.open(seat, draw, None)?;
                    }
                }
            }
            "kakan" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let seat = b.seat(ev_player(e, "actor", line)?);
                    let t = ev_tile(e, "pai", line)?;
                    b.close(seat, Discard::Kakan(t))?;
                }
            }
            "ankan" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let seat = b.seat(ev_player(e, "actor", line)?);
                    let c = ev_tiles(e, "consumed", line)?;
                    let [a, b2, c2, d] = c[..] else {
                        let message = Text::new("an ankan consumes four tiles", "暗槓では四枚を使います");
                        return Err(ConvertError::new(line_at(line), message));
                    };
                    b.close(seat, Discard::Ankan([a, b2, c2, d]))?;
                }
            }
            "dora" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let t = ev_tile(e, "dora_marker", line)?;
                    b.kan_doras += 1;
                    let slot = 2 * b.kan_doras;
                    match b.frame.dora.get_mut(slot) {
                        Some(d) => *d = dora_of(t),
                        None => {
                            let message = Text::new("more than four kan dora", "槓ドラが四枚を超えています");
                            return Err(ConvertError::new(line_at(line), message));
                        }
                    }
                }
            }
            "hora" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    let who = ev_player(e, "actor", line)?;
                    let target = ev_player(e, "target", line)?;
                    let seat = b.seat(who);
                    if who == target {
                        b.close(seat, Discard::Tsumo)?;
                    } else {
                        b.push(Act { seat, draw: Draw::Ron, discard: None })?;
                    }
                    if e.contains_key("deltas") {
                        let d = four(e, "deltas", line)?;
                        let sum = b.deltas.get_or_insert([0; 4]);
                        for i in 0..4 {
                            sum[i] += d[i];
                        }
                    }
                    if e.contains_key("ura_markers") && b.ura.is_empty() {
                        b.ura = ev_tiles(e, "ura_markers", line)?;
                    }
                }
            }
            "ryukyoku" => {
                need(&mut cur)?;
                if let Some(b) = cur.as_mut() {
                    if let Some((seat, draw, _)) = b.open.take() {
                        b.push_closed(Act { seat, draw, discard: None })?;
                    }
                    if e.contains_key("deltas") {
                        b.deltas = Some(four(e, "deltas", line)?);
                    }
                }
            }
            "end_kyoku" => {
                need(&mut cur)?;
                if let Some(b) = cur.take() {
                    m.frames.push(b.finish()?);
                }
            }
            "end_game" => {
                if let Some(b) = cur.take() {
                    m.frames.push(b.finish()?);
                }
                ended = true;
            }
            "reach_accepted" | "none" => {}
            other => {
                return Err(ConvertError::new(
                    line_at(line),
                    Text::new(
                        format!("\"{other}\" is not an mjai event type"),
                        format!("\"{other}\" は mjai のイベントの種類ではありません"),
                    ),
                ));
            }
        }
    }
    if let Some(b) = cur.take() {
        m.frames.push(b.finish()?);
    }
    Ok(Paifu { matches: vec![m] })
}

fn start_kyoku(e: &Map<String, Value>, line: usize) -> Result<Building, ConvertError> {
    let at = || line_at(line);
    let wind = field(e, "bakaze", line)?
        .as_str()
        .and_then(|w| w.bytes().next().filter(|_| w.len() == 1))
        .and_then(Wind::from_code)
        .ok_or_else(|| {
            ConvertError::new(
                at(),
                Text::new("\"bakaze\" must be E, S, W or N", "\"bakaze\" は E, S, W, N のどれかです"),
            )
        })?;
    let number = ev_int(e, "kyoku", line)?;
    let number = u8::try_from(number).ok().filter(|n| (1..=4).contains(n)).ok_or_else(|| {
        ConvertError::new(
            at(),
            Text::new(format!("\"kyoku\": {number} is not 1-4"), format!("\"kyoku\"：{number} は 1-4 ではありません")),
        )
    })?;
    let honba = u32::try_from(ev_int(e, "honba", line)?)
        .map_err(|_| ConvertError::new(at(), Text::new("\"honba\" is negative", "\"honba\" が負の数です")))?;
    let kyotaku = ev_int(e, "kyotaku", line)?;
    let dealer = ev_player(e, "oya", line)?;
    if dealer != usize::from(number) - 1 {
        return Err(ConvertError::new(
            at(),
            Text::new(
                format!("\"oya\" {dealer} is not the dealer of kyoku {number} (player {})", number - 1),
                format!("\"oya\" {dealer} は kyoku {number} の親（選手 {}）ではありません", number - 1),
            ),
        ));
    }
    let scores = four(e, "scores", line)?;
    let tehais = field(e, "tehais", line)?.as_array().filter(|a| a.len() == 4).ok_or_else(|| {
        ConvertError::new(at(), Text::new("\"tehais\" must list four hands", "\"tehais\" には四つの手牌が必要です"))
    })?;
    let mut frame = Frame::new(FrameId { wind, number, honba });
    frame.kyoutaku = kyotaku
        .checked_mul(10)
        .and_then(|k| i32::try_from(k).ok())
        .filter(|k| (0..=Points::MAX.0).contains(k))
        .map(Points);
    if frame.kyoutaku.is_none() {
        return Err(ConvertError::new(
            at(),
            Text::new(
                format!("\"kyotaku\": {kyotaku} sticks cannot be on the table"),
                format!("\"kyotaku\"：{kyotaku} 本の供託はありえません"),
            ),
        ));
    }
    let mut start = [Points(0); 4];
    let mut hands = vec![];
    for s in Seat::ALL {
        let p = player_at(s, dealer);
        start[s.index()] =
            Points::from_points(scores[p]).ok_or_else(|| ConvertError::new(at(), not_hundreds(scores[p])))?;
        let tiles: Vec<Tile> = tehais[p]
            .as_array()
            .ok_or_else(|| {
                ConvertError::new(
                    at(),
                    Text::new("each of \"tehais\" must be a list", "\"tehais\" の各要素はリストです"),
                )
            })?
            .iter()
            .map(|t| {
                t.as_str().and_then(tile_from_name).ok_or_else(|| {
                    let message = Text::new(
                        format!("\"tehais\": {t} is not an mjai tile"),
                        format!("\"tehais\"：{t} は mjai の牌ではありません"),
                    );
                    ConvertError::new(at(), message)
                })
            })
            .collect::<Result<_, _>>()?;
        if tiles.len() != 13 {
            let n = tiles.len();
            return Err(ConvertError::new(
                at(),
                Text::new(
                    format!("player {p}'s start hand has {n} tiles, not 13"),
                    format!("選手 {p} の配牌が 13 枚ではなく {n} 枚です"),
                ),
            ));
        }
        hands.push(SeatHand { seat: s, hand: Hand { tiles, tsumo: None, furo: vec![] } });
    }
    frame.start_points = Some(start);
    let mut dora = vec![Tile::UNKNOWN; 10];
    dora[0] = dora_of(ev_tile(e, "dora_marker", line)?);
    frame.dora = dora;
    frame.flow = Some(FrameFlow { start_hands: hands, acts: vec![], end_hands: vec![] });
    let (table, _) = Table::start(&frame).ok_or_else(|| ConvertError::new(at(), no_flow()))?;
    Ok(Building {
        frame,
        table,
        dealer,
        scores,
        open: None,
        riichi_next: false,
        kan_doras: 0,
        deltas: None,
        ura: vec![],
        line,
    })
}
