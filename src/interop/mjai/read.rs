//! Reading an mjai log: each event applied to the frame being built, whose table knows what
//! each discard is (from the hand, tsumogiri, karagiri).

use serde_json::{Map, Value};

use super::tiles::tile_from_name;
use crate::format::{
    Act, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Match, Name, Paifu, Player, Points, Seat, SeatHand, StrLit,
    Tile, Wind, player_at, seat_at, ura_slot,
};
use crate::i18n::{Text, tr};
use crate::interop::tenhou6::json_error;
use crate::interop::{ConvertError, line_at, no_flow, not_a_list, not_a_player, not_hundreds};
use crate::rules::{Phase, Table, dora_of};

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
        let message = tr!("interop-mjai-the-event-has-no", name = name.to_string());
        ConvertError::new(line_at(line), message)
    })
}

fn ev_tile(e: &Map<String, Value>, name: &str, line: usize) -> Result<Tile, ConvertError> {
    let v = field(e, name, line)?;
    let s = v.as_str().unwrap_or("");
    tile_from_name(s).ok_or_else(|| {
        ConvertError::new(
            line_at(line),
            tr!("interop-mjai-is-not-an-mjai-tile-1m", name = name.to_string(), v = v.to_string()),
        )
    })
}

fn ev_tiles(e: &Map<String, Value>, name: &str, line: usize) -> Result<Vec<Tile>, ConvertError> {
    let v = field(e, name, line)?;
    let a = v.as_array().ok_or_else(|| ConvertError::new(line_at(line), not_a_list(name)))?;
    a.iter()
        .map(|x| {
            x.as_str().and_then(tile_from_name).ok_or_else(|| {
                let message = tr!("interop-mjai-is-not-an-mjai-tile", name = name.to_string(), x = x.to_string());
                ConvertError::new(line_at(line), message)
            })
        })
        .collect()
}

fn ev_int(e: &Map<String, Value>, name: &str, line: usize) -> Result<i64, ConvertError> {
    let v = field(e, name, line)?;
    v.as_i64().ok_or_else(|| {
        let message = tr!("interop-mjai-must-be-a-whole-number-found", name = name.to_string(), v = v.to_string());
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
        let message = tr!("interop-mjai-must-list-four-numbers-one-per", name = name.to_string());
        ConvertError::new(line_at(line), message)
    })?;
    let mut out = [0i64; 4];
    for (i, x) in a.iter().enumerate() {
        out[i] = x.as_i64().ok_or_else(|| {
            let message = tr!("interop-mjai-must-be-a-whole-number", name = name.to_string(), i = i.to_string());
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
                    tr!("interop-mjai-player-discards-or-declares-without-a", p = p.to_string()),
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
    let mut log = Log {
        m: Match { players: (0..4).map(|id| Player { id, ..Player::default() }).collect(), ..Match::default() },
        cur: None,
        ended: false,
    };
    for (i, raw) in crate::format::strip_bom(text).lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(raw).map_err(|e| {
            let mut ce = json_error(e);
            let column = ce.at.en.rsplit(' ').next().unwrap_or("1").to_string();
            ce.at = tr!("interop-line-column", line = line, column = column);
            ce
        })?;
        let e = v.as_object().ok_or_else(|| {
            let message = tr!("interop-mjai-an-mjai-event-is-a-json").text();
            ConvertError::new(line_at(line), message)
        })?;
        log.event(e, line)?;
    }
    if let Some(b) = log.cur.take() {
        log.m.frames.push(b.finish()?);
    }
    Ok(Paifu { matches: vec![log.m] })
}

/// The match being read: its frames so far, the kyoku being read, and whether `end_game` came.
struct Log {
    m: Match,
    cur: Option<Building>,
    ended: bool,
}

impl Log {
    /// Reads event `e` of line `line`.
    fn event(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let kind = field(e, "type", line)?.as_str().unwrap_or("");
        if self.ended && kind != "none" {
            let message = tr!("interop-mjai-a-event-after-end-game", kind = kind.to_string());
            return Err(ConvertError::new(line_at(line), message));
        }
        if let Some(b) = self.cur.as_mut() {
            b.line = line;
        }
        match kind {
            "start_game" => self.names(e),
            "start_kyoku" => {
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
                self.cur = Some(start_kyoku(e, line)?);
            }
            "tsumo" => self.kyoku(kind, line)?.tsumo(e, line)?,
            "dahai" => self.kyoku(kind, line)?.dahai(e, line)?,
            "reach" => self.kyoku(kind, line)?.riichi_next = true,
            "chi" | "pon" | "daiminkan" => self.kyoku(kind, line)?.call(kind, e, line)?,
            "kakan" => self.kyoku(kind, line)?.kakan(e, line)?,
            "ankan" => self.kyoku(kind, line)?.ankan(e, line)?,
            "dora" => self.kyoku(kind, line)?.dora(e, line)?,
            "hora" => self.kyoku(kind, line)?.hora(e, line)?,
            "ryukyoku" => self.kyoku(kind, line)?.ryukyoku(e, line)?,
            "end_kyoku" => {
                self.kyoku(kind, line)?;
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
            }
            "end_game" => {
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
                self.ended = true;
            }
            "reach_accepted" | "none" => {}
            other => {
                return Err(ConvertError::new(
                    line_at(line),
                    tr!("interop-mjai-is-not-an-mjai-event-type", other = other.to_string()),
                ));
            }
        }
        Ok(())
    }

    /// The players' names of `start_game`.
    fn names(&mut self, e: &Map<String, Value>) {
        if let Some(Value::Array(names)) = e.get("names") {
            for (p, n) in names.iter().take(4).enumerate() {
                if let Some(n) = n.as_str().filter(|n| !n.is_empty())
                    && let Some(pl) = self.m.players.get_mut(p)
                {
                    pl.name = Some(Name { last: Some(StrLit::native(n)), first: None });
                }
            }
        }
    }

    /// The kyoku a `kind` event belongs to: one must have started.
    fn kyoku(&mut self, kind: &str, line: usize) -> Result<&mut Building, ConvertError> {
        self.cur.as_mut().ok_or_else(|| {
            ConvertError::new(line_at(line), tr!("interop-mjai-a-event-outside-a-kyoku-no", kind = kind.to_string()))
        })
    }
}

/// The events of a kyoku, each onto the frame being built.
impl Building {
    fn tsumo(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let seat = self.seat(ev_player(e, "actor", line)?);
        let t = ev_tile(e, "pai", line)?;
        let rinshan =
            matches!(self.table.phase, Phase::Rinshan { .. }) || matches!(self.open, Some((_, Draw::Daiminkan(_), _)));
        let draw = if rinshan { Draw::Rinshan(t) } else { Draw::Tile(t) };
        self.open(seat, draw, Some(t))
    }

    fn dahai(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let seat = self.seat(ev_player(e, "actor", line)?);
        let t = ev_tile(e, "pai", line)?;
        let tsumogiri = e.get("tsumogiri").and_then(|x| x.as_bool()).unwrap_or(false);
        let mut drawn = self.drawn(seat);
        if tsumogiri && drawn.is_some_and(|d| d.is_unknown()) && !t.is_unknown() {
            // An unseen draw discarded at once was the tile now shown.
            if let Some((_, draw @ (Draw::Tile(_) | Draw::Rinshan(_)), d)) = self.open.as_mut() {
                *draw = if matches!(draw, Draw::Rinshan(_)) { Draw::Rinshan(t) } else { Draw::Tile(t) };
                *d = Some(t);
                drawn = Some(t);
            }
        }
        let discard = if std::mem::take(&mut self.riichi_next) {
            Discard::Riichi(t)
        } else if tsumogiri && drawn.is_some() {
            Discard::Tsumogiri
        } else if drawn == Some(t) {
            Discard::Karagiri
        } else {
            Discard::Tile(t)
        };
        self.close(seat, discard)
    }

    /// A `chi`, `pon` or `daiminkan` (`kind`) of the last discard.
    fn call(&mut self, kind: &str, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let seat = self.seat(ev_player(e, "actor", line)?);
        let c = ev_tiles(e, "consumed", line)?;
        let draw = match (kind, c.as_slice()) {
            ("chi", [a, b2]) => Draw::Chi([*a, *b2]),
            ("pon", [a, b2]) => Draw::Pon([*a, *b2]),
            ("daiminkan", [a, b2, c2]) => Draw::Daiminkan([*a, *b2, *c2]),
            _ => {
                let n = if kind == "daiminkan" { 3 } else { 2 };
                return Err(ConvertError::new(
                    line_at(line),
                    tr!("interop-mjai-a-consumes-tiles-from-the-hand", kind = kind.to_string(), n = n.to_string()),
                ));
            }
        };
        if kind == "daiminkan" { self.push(Act { seat, draw, discard: None }) } else { self.open(seat, draw, None) }
    }

    fn kakan(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let seat = self.seat(ev_player(e, "actor", line)?);
        let t = ev_tile(e, "pai", line)?;
        self.close(seat, Discard::Kakan(t))
    }

    fn ankan(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let seat = self.seat(ev_player(e, "actor", line)?);
        let c = ev_tiles(e, "consumed", line)?;
        let [a, b2, c2, d] = c[..] else {
            let message = tr!("interop-mjai-an-ankan-consumes-four-tiles").text();
            return Err(ConvertError::new(line_at(line), message));
        };
        self.close(seat, Discard::Ankan([a, b2, c2, d]))
    }

    /// A kan dora indicator turned.
    fn dora(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let t = ev_tile(e, "dora_marker", line)?;
        self.kan_doras += 1;
        let slot = 2 * self.kan_doras;
        match self.frame.dora.get_mut(slot) {
            Some(d) => *d = dora_of(t),
            None => {
                let message = tr!("interop-mjai-more-than-four-kan-dora").text();
                return Err(ConvertError::new(line_at(line), message));
            }
        }
        Ok(())
    }

    /// A win (tsumo or ron), with its point changes added to the kyoku's and the ura dora.
    fn hora(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        let who = ev_player(e, "actor", line)?;
        let target = ev_player(e, "target", line)?;
        let seat = self.seat(who);
        if who == target {
            self.close(seat, Discard::Tsumo)?;
        } else {
            self.push(Act { seat, draw: Draw::Ron, discard: None })?;
        }
        if e.contains_key("deltas") {
            let d = four(e, "deltas", line)?;
            let sum = self.deltas.get_or_insert([0; 4]);
            for i in 0..4 {
                sum[i] += d[i];
            }
        }
        if e.contains_key("ura_markers") && self.ura.is_empty() {
            self.ura = ev_tiles(e, "ura_markers", line)?;
        }
        Ok(())
    }

    /// A draw: the act under way ends without a discard.
    fn ryukyoku(&mut self, e: &Map<String, Value>, line: usize) -> Result<(), ConvertError> {
        if let Some((seat, draw, _)) = self.open.take() {
            self.push_closed(Act { seat, draw, discard: None })?;
        }
        if e.contains_key("deltas") {
            self.deltas = Some(four(e, "deltas", line)?);
        }
        Ok(())
    }
}

fn start_kyoku(e: &Map<String, Value>, line: usize) -> Result<Building, ConvertError> {
    let at = || line_at(line);
    let wind = field(e, "bakaze", line)?
        .as_str()
        .and_then(|w| w.bytes().next().filter(|_| w.len() == 1))
        .and_then(Wind::from_code)
        .ok_or_else(|| ConvertError::new(at(), tr!("interop-mjai-bakaze-must-be-e-s-w").text()))?;
    let number = ev_int(e, "kyoku", line)?;
    let number = u8::try_from(number)
        .ok()
        .filter(|n| (1..=4).contains(n))
        .ok_or_else(|| ConvertError::new(at(), tr!("interop-mjai-kyoku-is-not-1-4", number = number.to_string())))?;
    let honba = u32::try_from(ev_int(e, "honba", line)?)
        .map_err(|_| ConvertError::new(at(), tr!("interop-mjai-honba-is-negative").text()))?;
    let kyotaku = ev_int(e, "kyotaku", line)?;
    let dealer = ev_player(e, "oya", line)?;
    if dealer != usize::from(number) - 1 {
        return Err(ConvertError::new(
            at(),
            tr!(
                "interop-mjai-oya-not-dealer",
                dealer = dealer.to_string(),
                number = number.to_string(),
                player = (number - 1).to_string()
            ),
        ));
    }
    let scores = four(e, "scores", line)?;
    let tehais = field(e, "tehais", line)?
        .as_array()
        .filter(|a| a.len() == 4)
        .ok_or_else(|| ConvertError::new(at(), tr!("interop-mjai-tehais-must-list-four-hands").text()))?;
    let mut frame = Frame::new(FrameId { wind, number, honba });
    frame.kyoutaku = kyotaku
        .checked_mul(10)
        .and_then(|k| i32::try_from(k).ok())
        .filter(|k| (0..=Points::MAX.0).contains(k))
        .map(Points);
    if frame.kyoutaku.is_none() {
        return Err(ConvertError::new(
            at(),
            tr!("interop-mjai-kyotaku-sticks-cannot-be-on-the", kyotaku = kyotaku.to_string()),
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
            .ok_or_else(|| ConvertError::new(at(), tr!("interop-mjai-each-of-tehais-must-be-a").text()))?
            .iter()
            .map(|t| {
                t.as_str().and_then(tile_from_name).ok_or_else(|| {
                    let message = tr!("interop-mjai-tehais-is-not-an-mjai-tile", t = t.to_string());
                    ConvertError::new(at(), message)
                })
            })
            .collect::<Result<_, _>>()?;
        if tiles.len() != 13 {
            let n = tiles.len();
            return Err(ConvertError::new(
                at(),
                tr!("interop-mjai-player-s-start-hand-has-tiles", p = p.to_string(), n = n.to_string()),
            ));
        }
        hands.push(SeatHand { seat: s, hand: Hand { tiles, tsumo: None, furo: vec![] } });
    }
    frame.start_points = Some(start);
    let mut dora = vec![Tile::UNKNOWN; 10];
    dora[0] = dora_of(ev_tile(e, "dora_marker", line)?);
    frame.dora = dora;
    frame.flow = Some(FrameFlow { start_hands: hands, acts: vec![], end_hands: vec![], times: Vec::new() });
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
