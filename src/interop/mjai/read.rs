//! Reading an mjai log: each line read by serde into an [`MjaiEvent`], applied to the frame being
//! built, whose table knows what each discard is (from the hand, tsumogiri, karagiri).

use super::event::{MjaiEvent, StartKyoku, plain};
use crate::format::{
    Act, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Match, Name, Paifu, Player, Points, Seat, SeatHand, StrLit,
    Tile, player_at, seat_at, ura_slot,
};
use crate::i18n::{Text, tr};
use crate::interop::json::{Skip, error_of, read};
use crate::interop::{ConvertError, line_at, no_flow, not_hundreds};
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

impl Building {
    fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer)
    }

    fn at(&self) -> Text {
        line_at(self.line)
    }

    fn push(&mut self, act: Act) {
        if let Some((seat, draw, _)) = self.open.take() {
            // The previous act ended without a discard (a daiminkan or nine terminals).
            self.push_closed(Act { seat, draw, discard: None });
        }
        self.push_closed(act);
    }

    fn push_closed(&mut self, act: Act) {
        self.table.apply(&act);
        if let Some(flow) = self.frame.flow.as_mut() {
            flow.acts.push(act);
        }
    }

    fn open(&mut self, seat: Seat, draw: Draw, drawn: Option<Tile>) {
        if let Some((s, d, _)) = self.open.take() {
            self.push_closed(Act { seat: s, draw: d, discard: None });
        }
        self.open = Some((seat, draw, drawn));
    }

    fn close(&mut self, seat: Seat, discard: Discard) -> Result<(), ConvertError> {
        match self.open.take() {
            Some((s, draw, _)) if s == seat => {
                self.push_closed(Act { seat, draw, discard: Some(discard) });
                Ok(())
            }
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
            self.push_closed(Act { seat, draw, discard: None });
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
        let e = event_of(raw, line)?;
        log.event(e, line)?;
    }
    if let Some(b) = log.cur.take() {
        log.m.frames.push(b.finish()?);
    }
    Ok(Paifu { matches: vec![log.m] })
}

/// The event of line `line`.
fn event_of(raw: &str, line: usize) -> Result<MjaiEvent, ConvertError> {
    let error = |e: serde_json::Error| match error_of(&e) {
        (None, message) => ConvertError::new(line_at(line), message),
        (Some(at), message) => match plain(&e) {
            Some(message) => ConvertError::new(line_at(line), message),
            None if e.line() > 0 => {
                ConvertError::new(tr!("interop-line-column", line = line, column = e.column()), message)
            }
            None => ConvertError::new(at, message),
        },
    };
    if !raw.trim_start().starts_with('{') {
        // Broken JSON is told as such before it is told that it is no object.
        let mut de = serde_json::Deserializer::from_str(raw);
        read(&mut de, Skip).and_then(|()| de.end()).map_err(error)?;
        let message = tr!("interop-mjai-an-mjai-event-is-a-json").text();
        return Err(ConvertError::new(line_at(line), message));
    }
    serde_json::from_str(raw).map_err(error)
}

/// The match being read: its frames so far, the kyoku being read, and whether `end_game` came.
struct Log {
    m: Match,
    cur: Option<Building>,
    ended: bool,
}

impl Log {
    /// Reads event `e` of line `line`.
    fn event(&mut self, e: MjaiEvent, line: usize) -> Result<(), ConvertError> {
        let kind = e.kind();
        if self.ended && kind != "none" {
            let message = tr!("interop-mjai-a-event-after-end-game", kind = kind.to_string());
            return Err(ConvertError::new(line_at(line), message));
        }
        if let Some(b) = self.cur.as_mut() {
            b.line = line;
        }
        match e {
            MjaiEvent::StartGame { names } => self.names(&names),
            MjaiEvent::StartKyoku(k) => {
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
                self.cur = Some(start_kyoku(&k, line)?);
            }
            MjaiEvent::Tsumo { actor, pai } => self.kyoku(kind, line)?.tsumo(actor, pai),
            MjaiEvent::Dahai { actor, pai, tsumogiri } => self.kyoku(kind, line)?.dahai(actor, pai, tsumogiri)?,
            MjaiEvent::Reach => self.kyoku(kind, line)?.riichi_next = true,
            MjaiEvent::Chi { actor, consumed }
            | MjaiEvent::Pon { actor, consumed }
            | MjaiEvent::Daiminkan { actor, consumed } => self.kyoku(kind, line)?.call(kind, actor, &consumed)?,
            MjaiEvent::Kakan { actor, pai } => self.kyoku(kind, line)?.kakan(actor, pai)?,
            MjaiEvent::Ankan { actor, consumed } => self.kyoku(kind, line)?.ankan(actor, &consumed)?,
            MjaiEvent::Dora { dora_marker } => self.kyoku(kind, line)?.dora(dora_marker)?,
            MjaiEvent::Hora { actor, target, deltas, ura_markers } => {
                self.kyoku(kind, line)?.hora(actor, target, deltas, ura_markers)?
            }
            MjaiEvent::Ryukyoku { deltas } => self.kyoku(kind, line)?.ryukyoku(deltas),
            MjaiEvent::EndKyoku => {
                self.kyoku(kind, line)?;
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
            }
            MjaiEvent::EndGame => {
                if let Some(b) = self.cur.take() {
                    self.m.frames.push(b.finish()?);
                }
                self.ended = true;
            }
            MjaiEvent::ReachAccepted | MjaiEvent::Nothing => {}
        }
        Ok(())
    }

    /// The players' names of `start_game`.
    fn names(&mut self, names: &[Option<String>]) {
        for (p, n) in names.iter().take(4).enumerate() {
            if let Some(n) = n.as_deref().filter(|n| !n.is_empty())
                && let Some(pl) = self.m.players.get_mut(p)
            {
                pl.name = Some(Name { last: Some(StrLit::native(n)), first: None });
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
    fn tsumo(&mut self, actor: usize, t: Tile) {
        let seat = self.seat(actor);
        let rinshan =
            matches!(self.table.phase, Phase::Rinshan { .. }) || matches!(self.open, Some((_, Draw::Daiminkan(_), _)));
        let draw = if rinshan { Draw::Rinshan(t) } else { Draw::Tile(t) };
        self.open(seat, draw, Some(t));
    }

    fn dahai(&mut self, actor: usize, t: Tile, tsumogiri: bool) -> Result<(), ConvertError> {
        let seat = self.seat(actor);
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
    fn call(&mut self, kind: &str, actor: usize, c: &[Tile]) -> Result<(), ConvertError> {
        let seat = self.seat(actor);
        let draw = match (kind, c) {
            ("chi", [a, b2]) => Draw::Chi([*a, *b2]),
            ("pon", [a, b2]) => Draw::Pon([*a, *b2]),
            ("daiminkan", [a, b2, c2]) => Draw::Daiminkan([*a, *b2, *c2]),
            _ => {
                let n = if kind == "daiminkan" { 3 } else { 2 };
                return Err(ConvertError::new(
                    self.at(),
                    tr!("interop-mjai-a-consumes-tiles-from-the-hand", kind = kind.to_string(), n = n.to_string()),
                ));
            }
        };
        if kind == "daiminkan" {
            self.push(Act { seat, draw, discard: None });
        } else {
            self.open(seat, draw, None);
        }
        Ok(())
    }

    fn kakan(&mut self, actor: usize, t: Tile) -> Result<(), ConvertError> {
        let seat = self.seat(actor);
        self.close(seat, Discard::Kakan(t))
    }

    fn ankan(&mut self, actor: usize, c: &[Tile]) -> Result<(), ConvertError> {
        let seat = self.seat(actor);
        let [a, b2, c2, d] = c[..] else {
            let message = tr!("interop-mjai-an-ankan-consumes-four-tiles").text();
            return Err(ConvertError::new(self.at(), message));
        };
        self.close(seat, Discard::Ankan([a, b2, c2, d]))
    }

    /// A kan dora indicator turned.
    fn dora(&mut self, t: Tile) -> Result<(), ConvertError> {
        self.kan_doras += 1;
        let slot = 2 * self.kan_doras;
        match self.frame.dora.get_mut(slot) {
            Some(d) => *d = dora_of(t),
            None => {
                let message = tr!("interop-mjai-more-than-four-kan-dora").text();
                return Err(ConvertError::new(self.at(), message));
            }
        }
        Ok(())
    }

    /// A win (tsumo or ron), with its point changes added to the kyoku's and the ura dora.
    fn hora(
        &mut self,
        who: usize,
        target: usize,
        deltas: Option<[i64; 4]>,
        ura: Option<Vec<Tile>>,
    ) -> Result<(), ConvertError> {
        let seat = self.seat(who);
        if who == target {
            self.close(seat, Discard::Tsumo)?;
        } else {
            self.push(Act { seat, draw: Draw::Ron, discard: None });
        }
        if let Some(d) = deltas {
            let sum = self.deltas.get_or_insert([0; 4]);
            for i in 0..4 {
                sum[i] += d[i];
            }
        }
        if let Some(ura) = ura
            && self.ura.is_empty()
        {
            self.ura = ura;
        }
        Ok(())
    }

    /// A draw: the act under way ends without a discard.
    fn ryukyoku(&mut self, deltas: Option<[i64; 4]>) {
        if let Some((seat, draw, _)) = self.open.take() {
            self.push_closed(Act { seat, draw, discard: None });
        }
        if deltas.is_some() {
            self.deltas = deltas;
        }
    }
}

fn start_kyoku(e: &StartKyoku, line: usize) -> Result<Building, ConvertError> {
    let at = || line_at(line);
    let wind = e.bakaze;
    let number = e.kyoku;
    let number = u8::try_from(number)
        .ok()
        .filter(|n| (1..=4).contains(n))
        .ok_or_else(|| ConvertError::new(at(), tr!("interop-mjai-kyoku-is-not-1-4", number = number.to_string())))?;
    let honba =
        u32::try_from(e.honba).map_err(|_| ConvertError::new(at(), tr!("interop-mjai-honba-is-negative").text()))?;
    let kyotaku = e.kyotaku;
    let dealer = e.oya;
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
    let scores = e.scores;
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
        let tiles = e.tehais[p].clone();
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
    dora[0] = dora_of(e.dora_marker);
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
