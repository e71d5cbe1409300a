//! One kyoku of the record, from `kyokustart` to `kyokuend`, made a frame: its commands applied in
//! order, each draw, discard and call an act of the frame, replayed on the rules engine's table
//! (which says whether a draw is a replacement draw after a kan). The record is an ordered stream
//! like mjai's, so the acts come straight from it.

use super::command::{PointsArg, RecordCommand, seat_code};
use crate::format::{
    Act, DORA_SLOTS, Dice, Discard, Draw, Frame, FrameFlow, FrameId, Hand, Points, Seat, SeatHand, Tile, Wind,
    dora_slot, player_at, seat_at, sort_tiles, ura_slot,
};
use crate::i18n::tr;
use crate::interop::{ConvertError, no_flow, not_hundreds};
use crate::rules::{Phase, Table, dora_of};

/// The act under way: its seat and draw, and the tile drawn (a discard of it is a tsumogiri).
type OpenAct = (Seat, Draw, Option<Tile>);

/// The kyoku being read.
pub(super) struct KyokuRead {
    frame: Frame,
    dealer: usize,
    /// Points at the start, by player (`point` `=25000`).
    start: [Option<Points>; 4],
    /// The tiles dealt so far, by player (`haipai` gives them four at a time).
    dealt: [Vec<Tile>; 4],
    /// The table, once the play has begun.
    table: Option<Table>,
    open: Option<OpenAct>,
    /// Players who said riichi and discard next.
    riichi_next: [bool; 4],
    /// Dora indicators turned so far (the first, then one for each kan).
    doras: usize,
    /// Point changes at the end, by player (riichi sticks included).
    deltas: [i64; 4],
    /// A win or a draw ended it.
    ended: bool,
}

impl KyokuRead {
    /// `kyokustart ["0", dealer, honba, kyoutaku points, round wind, A0's wind .. D0's wind]`.
    pub(super) fn start(c: &RecordCommand) -> Result<KyokuRead, ConvertError> {
        let dealer = c.seat(1)?;
        let honba = c.count(2)?;
        let sticks = c.count(3)?;
        let kyoutaku =
            Points::from_points(i64::from(sticks)).ok_or_else(|| c.fault(not_hundreds(i64::from(sticks))))?;
        let wind = match c.tile(4)?.code() {
            "ew" => Wind::East,
            "sw" => Wind::South,
            "ww" => Wind::West,
            "nw" => Wind::North,
            _ => {
                let value = c.args.get(4).cloned().unwrap_or_default();
                return Err(c.fault(tr!("interop-mleague-not-a-wind", n = 5, value = value)));
            }
        };
        let number = u8::try_from(dealer + 1).unwrap_or(1);
        let mut frame = Frame::new(FrameId { wind, number, honba });
        frame.kyoutaku = Some(kyoutaku);
        frame.dora = vec![Tile::UNKNOWN; DORA_SLOTS];
        Ok(KyokuRead {
            frame,
            dealer,
            start: [None; 4],
            dealt: Default::default(),
            table: None,
            open: None,
            riichi_next: [false; 4],
            doras: 0,
            deltas: [0; 4],
            ended: false,
        })
    }

    /// The frame's id.
    pub(super) fn id(&self) -> FrameId {
        self.frame.id
    }

    /// The dice the frame says.
    pub(super) fn dice(&self) -> Option<Dice> {
        self.frame.dice
    }

    fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer)
    }

    /// Applies one command of the kyoku.
    pub(super) fn command(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        match c.cmd.as_str() {
            "point" => self.point(c),
            "dice" => self.dice_roll(c),
            "dora" => self.dora(c),
            "uradora" => self.ura(c),
            "haipai" => self.haipai(c),
            "tsumo" => self.tsumo(c),
            "sutehai" => self.sutehai(c),
            "say" => self.say(c),
            "open" => self.open_meld(c),
            // The stick is in the changes at the end; the discard said the riichi.
            "richi" => c.seat(0).map(|_| ()),
            "agari" => self.agari(c),
            _ => self.ryukyoku(c),
        }
    }

    /// `point [seat, "=25000"]` at the start, `point [seat, "+1500"]` at the end.
    fn point(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        match c.points(1)? {
            PointsArg::Set(v) => self.start[p] = Some(v),
            PointsArg::Change(d) => self.deltas[p] = self.deltas[p].saturating_add(d),
        }
        Ok(())
    }

    /// `dice ["1", "1"]`.
    fn dice_roll(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let die = |n: usize| {
            let v = c.count(n)?;
            u8::try_from(v).ok().filter(|d| (1..=6).contains(d)).ok_or_else(|| {
                let value = c.args.get(n).cloned().unwrap_or_default();
                c.fault(tr!("interop-mleague-not-a-die", n = n + 1, value = value))
            })
        };
        self.frame.dice = Some(Dice::Pair(die(0)?, die(1)?));
        Ok(())
    }

    /// `dora [dora, indicator]`: the first of a kyoku is its dora, each later one a kan's. The
    /// indicator is the tile on the table: the dora is read from it (from the dora when the
    /// indicator is left out).
    fn dora(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let d = dora_from(c, 0)?;
        let n = self.doras;
        if n >= 5 {
            return Err(c.fault(tr!("interop-mleague-five-kan-dora").text()));
        }
        self.doras += 1;
        if let (Some(d), Some(slot)) = (d, self.frame.dora.get_mut(dora_slot(n))) {
            *slot = d;
        }
        Ok(())
    }

    /// `uradora [ura, indicator, ...]`: the ura under the dora, then under each kan's; empty when
    /// the win had none. A second win's repeats the first's.
    fn ura(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let pairs = c.args.len().div_ceil(2);
        if pairs > 5 {
            return Err(c.fault(tr!("interop-mleague-five-kan-dora").text()));
        }
        for i in 0..pairs {
            if let (Some(d), Some(slot)) = (dora_from(c, 2 * i)?, self.frame.dora.get_mut(ura_slot(i))) {
                *slot = d;
            }
        }
        Ok(())
    }

    /// `haipai [seat, "9p8p3z6s"]`: four tiles at a time, then one.
    fn haipai(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        let tiles = c.tiles(1)?;
        if self.table.is_some() {
            return Err(c.fault(tr!("interop-mleague-late-haipai").text()));
        }
        self.dealt[p].extend(tiles);
        Ok(())
    }

    /// The table, dealing the start hands at the first command of the play.
    fn table(&mut self, c: &RecordCommand) -> Result<&mut Table, ConvertError> {
        if self.table.is_none() {
            let mut hands = Vec::with_capacity(4);
            for s in Seat::ALL {
                let p = player_at(s, self.dealer);
                let mut tiles = self.dealt[p].clone();
                if tiles.is_empty() || tiles.len() > 13 {
                    let message = tr!("interop-mleague-hand-size", seat = seat_code(p), count = tiles.len());
                    return Err(c.fault(message));
                }
                sort_tiles(&mut tiles);
                hands.push(SeatHand { seat: s, hand: Hand { tiles, tsumo: None, furo: Vec::new() } });
            }
            self.frame.flow =
                Some(FrameFlow { start_hands: hands, acts: Vec::new(), end_hands: Vec::new(), times: Vec::new() });
            let (table, _) = Table::start(&self.frame).ok_or_else(|| c.fault(no_flow()))?;
            self.table = Some(table);
        }
        self.table.as_mut().ok_or_else(|| c.fault(no_flow()))
    }

    /// Applies a whole act.
    fn push_closed(&mut self, act: Act) {
        if let Some(t) = self.table.as_mut() {
            t.apply(&act);
        }
        if let Some(flow) = self.frame.flow.as_mut() {
            flow.acts.push(act);
        }
    }

    /// Ends the act under way without a discard (a daiminkan, a draw that ends the kyoku).
    fn close_open(&mut self) {
        if let Some((seat, draw, _)) = self.open.take() {
            self.push_closed(Act { seat, draw, discard: None });
        }
    }

    /// Starts an act that waits for its discard.
    fn begin(&mut self, seat: Seat, draw: Draw, drawn: Option<Tile>) {
        self.close_open();
        self.open = Some((seat, draw, drawn));
    }

    /// Ends `seat`'s act under way with `discard`: the seat must have drawn or called.
    fn finish_act(&mut self, c: &RecordCommand, p: usize, discard: Discard) -> Result<(), ConvertError> {
        let seat = self.seat(p);
        match self.open.take() {
            Some((s, draw, _)) if s == seat => {
                self.push_closed(Act { seat, draw, discard: Some(discard) });
                Ok(())
            }
            other => {
                self.open = other;
                Err(c.fault(tr!("interop-mleague-no-draw", seat = seat_code(p))))
            }
        }
    }

    /// `tsumo [seat, tiles left, tile]`: a draw from the wall, or the replacement after a kan.
    fn tsumo(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        let t = c.tile(2)?;
        let rinshan = matches!(self.table(c)?.phase, Phase::Rinshan { .. });
        let draw = if rinshan { Draw::Rinshan(t) } else { Draw::Tile(t) };
        self.begin(self.seat(p), draw, Some(t));
        Ok(())
    }

    /// `sutehai [seat, tile]`, with `tsumogiri` when the drawn tile goes and `richi` when it
    /// declares riichi.
    fn sutehai(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        let t = c.tile(1)?;
        self.table(c)?;
        let flags = c.args.get(2..).unwrap_or_default();
        let tsumogiri = flags.iter().any(|f| f.trim() == "tsumogiri");
        let said = std::mem::take(&mut self.riichi_next[p]);
        let riichi = said || flags.iter().any(|f| f.trim() == "richi");
        let drawn = match self.open {
            Some((s, _, d)) if s == self.seat(p) => d,
            _ => None,
        };
        let discard = if riichi {
            Discard::Riichi(t)
        } else if drawn == Some(t) && tsumogiri {
            Discard::Tsumogiri
        } else if drawn == Some(t) {
            Discard::Karagiri
        } else {
            Discard::Tile(t)
        };
        self.finish_act(c, p, discard)
    }

    /// `say [seat, word]`: `richi` marks the next discard; the others (`chi` `pon` `kan` `ron`
    /// `tsumo` `tenpai` `noten`) announce what the next command records.
    fn say(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        let word = c.arg(1, tr!("interop-mleague-what-word"))?;
        if word.trim() == "richi" {
            self.riichi_next[p] = true;
        }
        Ok(())
    }

    /// `open`: a call `[seat, "<3p4p>", called]` (two tiles a chi or pon, three a daiminkan), an
    /// added kan `[seat, "[5z5z5z]", added]`, a closed kan `[seat, "(1p1p1p1p)"]`, or a hand shown
    /// at a win or a draw `[seat, "1m1m2m.."]` (what the acts already say).
    fn open_meld(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let p = c.seat(0)?;
        let form = c.arg(1, tr!("interop-mleague-what-meld"))?.trim();
        let Some(first) = form.chars().next().filter(|ch| matches!(ch, '<' | '[' | '(')) else {
            return Ok(());
        };
        let close = match first {
            '<' => '>',
            '[' => ']',
            _ => ')',
        };
        let bad = || c.fault(tr!("interop-mleague-bad-meld", value = form));
        let inner = form.get(1..).and_then(|r| r.strip_suffix(close)).ok_or_else(bad)?;
        let tiles = super::command::tiles_of(inner).ok_or_else(bad)?;
        self.table(c)?;
        let seat = self.seat(p);
        match (first, tiles.as_slice()) {
            ('<', [a, b]) => {
                c.tile(2)?;
                // Two of one kind are a pon; a chi's two tiles are never of one kind.
                let draw = if a.kind() == b.kind() { Draw::Pon([*a, *b]) } else { Draw::Chi([*a, *b]) };
                self.begin(seat, draw, None);
            }
            ('<', [a, b, d]) => {
                c.tile(2)?;
                self.close_open();
                self.push_closed(Act { seat, draw: Draw::Daiminkan([*a, *b, *d]), discard: None });
            }
            ('[', _) => {
                let added = c.tile(2)?;
                self.finish_act(c, p, Discard::Kakan(added))?;
            }
            ('(', [a, b, d, e]) => self.finish_act(c, p, Discard::Ankan([*a, *b, *d, *e]))?,
            _ => return Err(bad()),
        }
        Ok(())
    }

    /// `agari [("comment=..",) ("ron=4m",) winner, points, fu, yaku, han, ...]`: a ron on the last
    /// discard (or a robbed kan) or a tsumo on the winner's draw.
    fn agari(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        let lead = c.args.iter().take_while(|a| a.contains('=')).count();
        let ron = c.args.iter().take(lead).any(|a| a.trim_start().starts_with("ron="));
        let p = c.seat(lead)?;
        self.table(c)?;
        if ron {
            self.close_open();
            self.push_closed(Act { seat: self.seat(p), draw: Draw::Ron, discard: None });
        } else {
            self.finish_act(c, p, Discard::Tsumo)?;
        }
        self.ended = true;
        Ok(())
    }

    /// `ryukyoku`: the kyoku ends without a win (the act under way ends without a discard).
    fn ryukyoku(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        self.table(c)?;
        self.close_open();
        self.ended = true;
        Ok(())
    }

    /// The frame, at `kyokuend` (command `c`): its end hands, and its end points when it ended
    /// with a win or a draw (the start and the changes at the end).
    pub(super) fn finish(mut self, c: &RecordCommand) -> Result<Frame, ConvertError> {
        self.table(c)?;
        self.close_open();
        let start = self.frame.id.by_seat(self.start);
        if start.iter().all(Option::is_some) {
            self.frame.start_points = Some(start.map(Option::unwrap_or_default));
        }
        if self.ended
            && let Some(sp) = self.frame.start_points
        {
            let mut end = [Points(0); 4];
            for s in Seat::ALL {
                let v = sp[s.index()].as_points().saturating_add(self.deltas[player_at(s, self.dealer)]);
                end[s.index()] = Points::from_points(v).ok_or_else(|| c.fault(not_hundreds(v)))?;
            }
            self.frame.end_points = Some(end);
        }
        if let (Some(flow), Some(table)) = (self.frame.flow.as_mut(), self.table.as_ref()) {
            flow.end_hands = Seat::ALL.into_iter().map(|s| SeatHand { seat: s, hand: table.hand_of(s) }).collect();
        }
        Ok(self.frame)
    }
}

/// The dora of argument pair `n` (dora, indicator): from the indicator, else the dora; `None`
/// when both are empty.
fn dora_from(c: &RecordCommand, n: usize) -> Result<Option<Tile>, ConvertError> {
    let dora = c.tile_or_none(n)?;
    let indicator = c.tile_or_none(n + 1)?;
    Ok(indicator.map(dora_of).or(dora))
}
