//! Writing a match as mjai events: `start_kyoku` with the hands, an event per draw, call,
//! discard, riichi and kan, the kan dora when they are turned, and `hora` or `ryukyoku`.

use serde_json::{Value, json};

use super::tiles::tile_name;
use crate::format::{
    Act, Discard, Draw, Frame, FrameFlow, Match, Paifu, Seat, Tile, by_player, dora_slot, player_at, ura_slot,
};
use crate::i18n::{Text, tr};
use crate::interop::outcome::{FrameOutcome, outcome};
use crate::interop::{ConvertError, Format, act_problem, frame_at, player_names, single_match};
use crate::rules::{FrameEnd, Phase, Table, indicator_of};

/// Writes a record as an mjai log, one event per line (a file holds one match).
pub fn export(paifu: &Paifu) -> Result<String, ConvertError> {
    export_match(single_match(paifu, Format::Mjai)?, 0, 1)
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
    let flow = f.flow.as_ref().ok_or_else(|| tr!("interop-mjai-the-frame-has-no-acts-an").text())?;
    let dealer = usize::from(f.id.number.clamp(1, 4)) - 1;
    let (start, dealer_draw) = start_kyoku(f, flow, dealer)?;
    ev.push(start);
    acts.resize(ev.len(), None);
    let (table, _) = Table::start(f).ok_or_else(|| tr!("interop-mjai-the-frame-has-no-acts").text())?;
    let mut w = FrameEvents { f, dealer, dealer_draw, table, ev, acts, pending_dora: 0, kans: 0, reach_pending: None };
    for (n, act) in flow.acts.iter().enumerate() {
        w.act(n, act)?;
    }
    w.end(open)
}

/// The `start_kyoku` event of frame `f` (the round, the scores, the start hands of 13), and the
/// dealer's 14th tile, its first draw.
fn start_kyoku(f: &Frame, flow: &FrameFlow, dealer: usize) -> Result<(Value, Option<Tile>), Text> {
    let player = |s: Seat| player_at(s, dealer);
    let start = f.start_points.ok_or_else(|| tr!("interop-mjai-the-frame-has-no-start-points").text())?;
    let kyotaku = f.kyoutaku.map_or(0, |k| k.as_points());
    if kyotaku % 1000 != 0 {
        let k = f.kyoutaku.unwrap_or_default();
        return Err(tr!("interop-mjai-the-kyoutaku-is-not-a-whole", k = k.to_string()));
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
    let event = json!({
        "type": "start_kyoku",
        "bakaze": f.id.wind.code().to_string(),
        "dora_marker": marker(f, 0),
        "kyoku": f.id.number,
        "honba": f.id.honba,
        "kyotaku": kyotaku / 1000,
        "oya": dealer,
        "scores": scores,
        "tehais": tehais,
    });
    Ok((event, dealer_draw))
}

/// The mjai name of the indicator of dora slot `i` of `f` (`?` when unknown or missing).
fn marker(f: &Frame, i: usize) -> &'static str {
    f.dora.get(i).and_then(|d| indicator_of(*d)).map_or("?", tile_name)
}

/// The events of one frame being written, act by act, on the table that knows what each act is.
struct FrameEvents<'a> {
    f: &'a Frame,
    dealer: usize,
    /// The dealer's 14th tile, written as its first `tsumo`.
    dealer_draw: Option<Tile>,
    table: Table,
    ev: &'a mut Vec<Value>,
    /// For each event, the act it comes from.
    acts: &'a mut Vec<Option<usize>>,
    /// Kans declared whose new dora indicator is not turned yet (it is, after the next discard).
    pending_dora: usize,
    /// Kan dora indicators turned so far.
    kans: usize,
    /// The player whose riichi is declared but not yet accepted.
    reach_pending: Option<usize>,
}

impl FrameEvents<'_> {
    fn player(&self, s: Seat) -> usize {
        player_at(s, self.dealer)
    }

    /// Marks the events written since the last mark as coming from `act`.
    fn tag(&mut self, act: Option<usize>) {
        self.acts.resize(self.ev.len(), act);
    }

    /// The events of act `n`: its draw or call, its discard or kan, and the kan dora its discard
    /// turns.
    fn act(&mut self, n: usize, act: &Act) -> Result<(), Text> {
        // A riichi is accepted once its discard passes without a ron.
        if let Some(r) = self.reach_pending.take()
            && act.draw != Draw::Ron
        {
            self.ev.push(json!({"type": "reach_accepted", "actor": r}));
        }
        let drawn = self.take(n, act)?;
        if self.out(n, act, drawn)? {
            for _ in 0..self.pending_dora {
                self.kans += 1;
                self.ev.push(json!({"type": "dora", "dora_marker": marker(self.f, 2 * self.kans)}));
            }
            self.pending_dora = 0;
        }
        self.table.apply(act);
        self.tag(Some(n));
        Ok(())
    }

    /// The event of act `n`'s draw (`tsumo`) or call (`chi`, `pon`, `daiminkan`); the tile
    /// drawn, if any.
    fn take(&mut self, n: usize, act: &Act) -> Result<Option<Tile>, Text> {
        let p = self.player(act.seat);
        let at = |problem: Text| act_problem(n, act.seat, problem);
        let last = match self.table.phase {
            Phase::Draw { last_discard: Some(d), .. } => Some(d),
            _ => None,
        };
        let call = |kind: &str, consumed: &[Tile]| -> Result<Value, Text> {
            let d = last.ok_or_else(|| at(tr!("interop-mjai-a-call-with-no-discard-to").text()))?;
            Ok(json!({"type": kind, "actor": p, "target": player_at(d.seat, self.dealer), "pai": tile_name(d.tile),
                      "consumed": consumed.iter().map(|t| tile_name(*t)).collect::<Vec<_>>()}))
        };
        let (event, drawn) = match act.draw {
            Draw::Tile(t) | Draw::Rinshan(t) => (json!({"type": "tsumo", "actor": p, "pai": tile_name(t)}), Some(t)),
            Draw::Oya => {
                let t = self.dealer_draw.unwrap_or(Tile::UNKNOWN);
                (json!({"type": "tsumo", "actor": p, "pai": tile_name(t)}), Some(t))
            }
            Draw::Chi(pair) => (call("chi", &pair)?, None),
            Draw::Pon(pair) => (call("pon", &pair)?, None),
            Draw::Daiminkan(three) => {
                let event = call("daiminkan", &three)?;
                self.pending_dora += 1;
                (event, None)
            }
            Draw::Ron => return Ok(None),
        };
        self.ev.push(event);
        Ok(drawn)
    }

    /// The events of act `n`'s discard (`dahai`, after `reach` for a riichi) or kan (`kakan`,
    /// `ankan`). Whether a tile was discarded.
    fn out(&mut self, n: usize, act: &Act, drawn: Option<Tile>) -> Result<bool, Text> {
        let p = self.player(act.seat);
        let at = |problem: Text| act_problem(n, act.seat, problem);
        let dahai = |t: Tile, tsumogiri: bool| json!({"type": "dahai", "actor": p, "pai": tile_name(t), "tsumogiri": tsumogiri});
        match act.discard {
            Some(Discard::Tile(t)) => self.ev.push(dahai(t, false)),
            Some(Discard::Tsumogiri) => {
                self.ev.push(dahai(drawn.ok_or_else(|| at(tr!("interop-mjai-tg-without-a-drawn-tile").text()))?, true))
            }
            Some(Discard::Karagiri) => {
                self.ev.push(dahai(drawn.ok_or_else(|| at(tr!("interop-mjai-kg-without-a-drawn-tile").text()))?, false))
            }
            Some(Discard::Riichi(t)) => {
                self.ev.push(json!({"type": "reach", "actor": p}));
                self.ev.push(dahai(t, drawn == Some(t)));
                self.reach_pending = Some(p);
            }
            Some(Discard::Kakan(added)) => {
                let pon = self.table.seats[act.seat.index()]
                    .pon_of(added)
                    .ok_or_else(|| at(tr!("interop-mjai-a-kakan-with-no-pon-of").text()))?;
                let consumed: Vec<&str> = pon.tiles.iter().map(|t| tile_name(*t)).collect();
                self.ev.push(json!({"type": "kakan", "actor": p, "pai": tile_name(added), "consumed": consumed}));
                self.pending_dora += 1;
                return Ok(false);
            }
            Some(Discard::Ankan(ts)) => {
                self.ev.push(json!({"type": "ankan", "actor": p, "consumed": ts.iter().map(|t| tile_name(*t)).collect::<Vec<_>>()}));
                self.pending_dora += 1;
                return Ok(false);
            }
            Some(Discard::Tsumo) | None => return Ok(false),
        }
        Ok(true)
    }

    /// The events of the frame's end: the last riichi accepted, a rinshan win's kan dora, each
    /// `hora` or the `ryukyoku`, and `end_kyoku`. `open`: a frame still going on ends its events
    /// after its last act.
    fn end(mut self, open: bool) -> Result<(), Text> {
        let (f, table) = (self.f, &self.table);
        // A frame still going on ends its events here (a riichi is not accepted yet).
        if open && outcome(f, table).is_err() {
            return Ok(());
        }
        if let Some(r) = self.reach_pending.take()
            && !matches!(table.end(), FrameEnd::Ron { .. })
        {
            self.ev.push(json!({"type": "reach_accepted", "actor": r}));
        }
        let dealer = self.dealer;
        let player = |s: Seat| player_at(s, dealer);
        let by_player = |d: &[i64; 4]| by_player(*d, dealer);
        let uras: Vec<&str> = (0..5)
            .map(ura_slot)
            .filter(|&i| f.dora.get(i).is_some_and(|d| !d.is_unknown()))
            .map(|i| marker(f, i))
            .collect();
        let outcome = outcome(f, table)?;
        if matches!(outcome, FrameOutcome::Win(_)) {
            // A win on the rinshan tile shows the kan's dora before the hora.
            // (A chankan robs the kan before its indicator is turned: then none is recorded.)
            for _ in 0..self.pending_dora {
                if f.dora.get(dora_slot(self.kans + 1)).is_some_and(|d| !d.is_unknown()) {
                    self.kans += 1;
                    self.ev.push(json!({"type": "dora", "dora_marker": marker(f, dora_slot(self.kans))}));
                }
            }
        }
        match outcome {
            FrameOutcome::Win(wins) => {
                for w in wins {
                    let pai = match table.phase {
                        Phase::Ron { tile, .. } => tile,
                        _ => table.seats[w.who.index()].drawn.unwrap_or(Tile::UNKNOWN),
                    };
                    self.ev.push(
                        json!({"type": "hora", "actor": player(w.who), "target": player(w.from), "pai": tile_name(pai),
                                   "deltas": by_player(&w.deltas), "ura_markers": uras}),
                    );
                }
            }
            FrameOutcome::Draw { kind, deltas } => {
                self.ev.push(json!({"type": "ryukyoku", "reason": kind.japanese(), "deltas": by_player(&deltas)}));
            }
        }
        self.ev.push(json!({"type": "end_kyoku"}));
        self.tag(None);
        Ok(())
    }
}
