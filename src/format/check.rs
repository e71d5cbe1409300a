//! Structural checks: what the grammar and the standard require that the parser does not enforce,
//! and that needs no replay of the game (four players with ids 0..3, real dates, the day of the
//! week, frame ids, four start and end hands, hand sizes, ten dora, shorthand tokens).
//! Game legality is the rules engine's work.

use chrono::NaiveDate;

use crate::i18n::{Text, tr};

use super::model::*;
use super::shorthand::{Choice, Shorthand};
use super::source::{Diagnostic, FramePos, ItemPos, MatchPos, Pos, RecordPlace, Severity, SourceMap};

/// All structural findings for a record; `map` gives positions when it came from a file.
pub fn check(paifu: &Paifu, map: Option<&SourceMap>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (mi, m) in paifu.matches.iter().enumerate() {
        let mp = map.and_then(|s| s.matches.get(mi));
        let mut c = Checker { out: &mut out, place: RecordPlace { match_index: mi, frame: None, act: None } };
        c.a_match(m, mp);
    }
    out
}

/// The structural findings about match `mi` without its frames (header, players, rules).
pub fn check_header(m: &Match, mi: usize) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut c = Checker { out: &mut out, place: RecordPlace { match_index: mi, frame: None, act: None } };
    c.header(m, None);
    out
}

/// The structural findings about frame `fi` of match `mi` alone.
pub fn check_frame(f: &Frame, mi: usize, fi: usize) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut c = Checker { out: &mut out, place: RecordPlace { match_index: mi, frame: Some(fi), act: None } };
    c.frame(f, None);
    out
}

struct Checker<'o> {
    out: &'o mut Vec<Diagnostic>,
    place: RecordPlace,
}

fn item_field(item: Option<&ItemPos>, n: usize) -> Option<Pos> {
    item.map(|p| p.field(n))
}

impl Checker<'_> {
    fn error(&mut self, pos: Option<Pos>, message: Text) {
        self.out.push(Diagnostic { severity: Severity::Error, place: self.place, pos, message });
    }

    fn warning(&mut self, pos: Option<Pos>, message: Text) {
        self.out.push(Diagnostic { severity: Severity::Warning, place: self.place, pos, message });
    }

    fn a_match(&mut self, m: &Match, mp: Option<&MatchPos>) {
        self.header(m, mp);
        for (fi, f) in m.frames.iter().enumerate() {
            self.place.frame = Some(fi);
            self.frame(f, mp.and_then(|p| p.frames.get(fi)));
        }
        self.place.frame = None;
    }

    fn header(&mut self, m: &Match, mp: Option<&MatchPos>) {
        if let Some(t) = &m.tour {
            let tp = mp.and_then(|p| p.tour.as_ref());
            self.token(&t.name, item_field(tp, 0));
            self.token(&t.stage, item_field(tp, 2));
        }
        self.time_place(&m.time_place, mp.map(|p| &p.time_place));
        for (n, r) in m.recorders.iter().enumerate() {
            if let FramesRecorded::Only(ids) = &r.frames {
                let at = item_field(mp.and_then(|p| p.recorders.get(n)), 1);
                for id in ids {
                    self.frame_id(id, at);
                }
            }
        }
        self.players(m, mp);
        if let Some(r) = &m.point_rule
            && let Some(total) = r.noten_total
        {
            let at = item_field(mp.and_then(|p| p.point_rule.as_ref()), 4);
            self.warning(at, tr!("format-check-noten-total", total = total.to_string()));
        }
    }

    fn token<T: Shorthand>(&mut self, c: &Option<Choice<T>>, at: Option<Pos>) {
        if let Some(Choice::Unknown(w)) = c {
            let known: Vec<&str> = T::ALL.iter().map(|t| t.code()).collect();
            let message = tr!(
                "format-check-unknown-token",
                word = w,
                field = T::FIELD,
                count = known.len(),
                tokens = known.join(", "),
            );
            self.error(at, message);
        }
    }

    fn time_place(&mut self, t: &TimePlace, tp: Option<&ItemPos>) {
        let mut real = None;
        if let Some(d) = t.date {
            real = d.calendar();
            if real.is_none() {
                let why = match days_in_month(d.year, d.month) {
                    None => tr!("format-check-no-such-month", month = format!("{:02}", d.month)),
                    Some(n) => tr!("format-check-days-in-month", month = d.month, year = d.year, days = n),
                };
                let date = format!("{:04}{:02}{:02}", d.year, d.month, d.day);
                self.error(item_field(tp, 0), tr!("format-check-not-a-date", date = date, why = why));
            }
        }
        if let (Some(date), Some(actual), Some(w)) = (real, t.date.and_then(|d| d.weekday()), t.weekday)
            && actual != w
        {
            let message = tr!(
                "format-check-wrong-weekday",
                date = date.format("%Y%m%d").to_string(),
                actual = actual.word(),
                code = w.code(),
                written = w.word(),
            );
            self.error(item_field(tp, 1), message);
        }
        if let Some(tm) = t.time
            && (tm.hour > 23 || tm.minute > 59)
        {
            let time = format!("{:02}{:02}", tm.hour, tm.minute);
            self.error(item_field(tp, 2), tr!("format-check-not-a-time", time = time));
        }
        self.token(&t.place, item_field(tp, 3));
    }

    fn players(&mut self, m: &Match, mp: Option<&MatchPos>) {
        let mut seen = [false; 4];
        for (n, p) in m.players.iter().enumerate() {
            let item = mp.and_then(|x| x.players.get(n));
            if p.id > 3 {
                self.error(item_field(item, 0), tr!("format-check-player-id-not-a-seat", id = p.id));
            } else if std::mem::replace(&mut seen[p.id as usize], true) {
                self.error(item_field(item, 0), tr!("format-check-player-id-twice", id = p.id));
            }
            self.token(&p.team, item_field(item, 2));
            self.token(&p.affiliation, item_field(item, 3));
        }
        // Point at the fifth player, or the first, or where the players would start.
        let players_at = mp.map(|x| x.players.get(4).or(x.players.first()).map_or(x.time_place.start, |p| p.start));
        if m.players.len() != 4 {
            let at = players_at;
            let n = m.players.len();
            self.error(at, tr!("format-check-four-players", count = n));
        } else if let Some(missing) = seen.iter().position(|s| !s) {
            self.error(players_at, tr!("format-check-player-id-missing", id = missing));
        }
    }

    fn frame_id(&mut self, id: &FrameId, at: Option<Pos>) {
        if !(1..=4).contains(&id.number) {
            self.error(at, tr!("format-check-frame-number", frame = id));
        }
    }

    fn frame(&mut self, f: &Frame, fp: Option<&FramePos>) {
        let item = fp.map(|p| &p.item);
        self.frame_id(&f.id, item_field(item, 0));
        if let Some(Dice::Total(t)) = f.dice {
            self.warning(item_field(item, 2), tr!("format-check-dice-total", total = t));
        }
        if !f.dora.is_empty() && f.dora.len() != 10 {
            self.error(item_field(item, 4), tr!("format-check-ten-dora", frame = f.id, count = f.dora.len()));
        }
        let Some(flow) = &f.flow else { return };
        let flow_at = item_field(item, 5);
        self.seat_hands(Which::Start, &flow.start_hands, fp.map(|p| p.start_hands.as_slice()), flow_at, f.id);
        if !flow.end_hands.is_empty() || !flow.acts.is_empty() {
            let at = fp.and_then(|p| p.acts.last().copied()).or(flow_at);
            self.seat_hands(Which::End, &flow.end_hands, fp.map(|p| p.end_hands.as_slice()), at, f.id);
        }
    }

    fn seat_hands(&mut self, which: Which, hands: &[SeatHand], pos: Option<&[Pos]>, flow_at: Option<Pos>, id: FrameId) {
        let at = |n: usize| pos.and_then(|p| p.get(n).copied()).or(flow_at);
        let w = which.word();
        let mut seen = [false; 4];
        for (n, h) in hands.iter().enumerate() {
            if std::mem::replace(&mut seen[h.seat.index()], true) {
                let seat = h.seat.code();
                self.error(at(n), tr!("format-check-hand-twice", frame = id, seat = seat, which = w));
            }
            self.hand_size(&h.hand, at(n), which, id);
        }
        if hands.len() != 4 {
            let n = hands.len();
            self.error(at(n.min(4)), tr!("format-check-four-hands", frame = id, which = w, count = n));
        } else if let Some(missing) = seen.iter().position(|s| !s) {
            let seat = ['e', 's', 'w', 'n'][missing];
            self.error(at(0), tr!("format-check-hand-missing", frame = id, seat = seat, which = w));
        }
    }

    fn hand_size(&mut self, h: &Hand, at: Option<Pos>, which: Which, id: FrameId) {
        if h.tiles.is_empty() || h.tiles.len() > 13 {
            let n = h.tiles.len();
            let message = tr!("format-check-hand-size", frame = id, which = which.word(), count = n);
            self.error(at, message);
        }
        if h.furo.len() > 4 {
            let n = h.furo.len();
            self.error(at, tr!("format-check-too-many-melds", frame = id, count = n));
        }
    }
}

/// Which hands of a flow: the start hands or the end hands.
#[derive(Clone, Copy)]
enum Which {
    Start,
    End,
}

impl Which {
    /// "start" or "end" (配牌, 終了時の手牌).
    fn word(self) -> crate::i18n::Msg {
        match self {
            Which::Start => tr!("format-check-start-hands"),
            Which::End => tr!("format-check-end-hands"),
        }
    }
}

/// Days in a month of the Gregorian calendar; `None` for a month outside 1..=12.
fn days_in_month(year: u16, month: u8) -> Option<u32> {
    let first = NaiveDate::from_ymd_opt(i32::from(year), u32::from(month), 1)?;
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(i32::from(year) + 1, 1, 1)
    } else {
        NaiveDate::from_ymd_opt(i32::from(year), u32::from(month) + 1, 1)
    }?;
    u32::try_from((next - first).num_days()).ok()
}
