//! Structural checks: what the grammar and the standard require that the parser does not enforce,
//! and that needs no replay of the game (four players with ids 0..3, real dates, the day of the
//! week, frame ids, four start and end hands, hand sizes, ten dora, shorthand tokens).
//! Game legality is the rules engine's work.

use chrono::NaiveDate;

use crate::i18n::{Lang, Text};

use super::model::*;
use super::shorthand::{Choice, Shorthand};
use super::source::{Diagnostic, FramePos, ItemPos, MatchPos, Place, Pos, Severity, SourceMap};

/// All structural findings for a record; `map` gives positions when it came from a file.
pub fn check(paifu: &Paifu, map: Option<&SourceMap>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (mi, m) in paifu.matches.iter().enumerate() {
        let mp = map.and_then(|s| s.matches.get(mi));
        let mut c = Checker { out: &mut out, place: Place { match_index: mi, frame: None, act: None } };
        c.a_match(m, mp);
    }
    out
}

/// The structural findings about match `mi` without its frames (header, players, rules).
pub fn check_header(m: &Match, mi: usize) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut c = Checker { out: &mut out, place: Place { match_index: mi, frame: None, act: None } };
    c.header(m, None);
    out
}

/// The structural findings about frame `fi` of match `mi` alone.
pub fn check_frame(f: &Frame, mi: usize, fi: usize) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut c = Checker { out: &mut out, place: Place { match_index: mi, frame: Some(fi), act: None } };
    c.frame(f, None);
    out
}

struct Checker<'o> {
    out: &'o mut Vec<Diagnostic>,
    place: Place,
}

fn item_field(item: Option<&ItemPos>, n: usize) -> Option<Pos> {
    item.map(|p| p.field(n))
}

impl Checker<'_> {
    fn error(&mut self, pos: Option<Pos>, en: String, ja: String) {
        self.out.push(Diagnostic { severity: Severity::Error, place: self.place, pos, message: Text::new(en, ja) });
    }

    fn warning(&mut self, pos: Option<Pos>, en: String, ja: String) {
        self.out.push(Diagnostic { severity: Severity::Warning, place: self.place, pos, message: Text::new(en, ja) });
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
            self.warning(
                at,
                format!(
                    "the no-ten payment {total} is a field of the later draft that 1.0 has no place for; it is not written when the file is saved"
                ),
                format!("ノーテン罰符 {total} は後の草案の欄で、1.0 には書く場所がありません。保存すると書かれません"),
            );
        }
    }

    fn token<T: Shorthand>(&mut self, c: &Option<Choice<T>>, at: Option<Pos>) {
        if let Some(Choice::Unknown(w)) = c {
            let known: Vec<&str> = T::ALL.iter().map(|t| t.code()).collect();
            let choices = if known.len() == 1 { known.join("") } else { format!("one of {}", known.join(", ")) };
            self.error(
                at,
                format!(
                    "'{w}' is not a shorthand token for the {}: use {choices}, or write the name as snt[\"...\"]srm[\"...\"]",
                    T::FIELD,
                ),
                format!(
                    "'{w}' は{}の略語ではありません。{} のどれかを使うか、名前を snt[\"...\"]srm[\"...\"] と書いてください",
                    T::FIELD_JA,
                    known.join(", "),
                ),
            );
        }
    }

    fn time_place(&mut self, t: &TimePlace, tp: Option<&ItemPos>) {
        let mut real = None;
        if let Some(d) = t.date {
            real = d.calendar();
            if real.is_none() {
                let (why, why_ja) = match days_in_month(d.year, d.month) {
                    None => (format!("there is no month {:02}", d.month), format!("{:02} 月はありません", d.month)),
                    Some(n) => (
                        format!("{} {} has {n} days", month_name(d.month), d.year),
                        format!("{} 年 {} 月は {n} 日までです", d.year, d.month),
                    ),
                };
                let date = format!("{:04}{:02}{:02}", d.year, d.month, d.day);
                self.error(
                    item_field(tp, 0),
                    format!("{date} is not a real date (YYYYMMDD): {why}"),
                    format!("{date} は実在する日付（YYYYMMDD）ではありません：{why_ja}"),
                );
            }
        }
        if let (Some(date), Some(actual), Some(w)) = (real, t.date.and_then(|d| d.weekday()), t.weekday)
            && actual != w
        {
            self.error(
                item_field(tp, 1),
                format!(
                    "{} was a {}, but the day of the week says {}",
                    date.format("%Y%m%d"),
                    actual.name(Lang::En),
                    w.code()
                ),
                format!(
                    "{} は{}ですが、曜日欄は {}（{}）です",
                    date.format("%Y%m%d"),
                    actual.name(Lang::Ja),
                    w.code(),
                    w.name(Lang::Ja)
                ),
            );
        }
        if let Some(tm) = t.time
            && (tm.hour > 23 || tm.minute > 59)
        {
            let time = format!("{:02}{:02}", tm.hour, tm.minute);
            self.error(
                item_field(tp, 2),
                format!("{time} is not a time of day (HHMM, 0000 to 2359)"),
                format!("{time} は時刻（HHMM、0000 から 2359）ではありません"),
            );
        }
        self.token(&t.place, item_field(tp, 3));
    }

    fn players(&mut self, m: &Match, mp: Option<&MatchPos>) {
        let mut seen = [false; 4];
        for (n, p) in m.players.iter().enumerate() {
            let item = mp.and_then(|x| x.players.get(n));
            if p.id > 3 {
                self.error(
                    item_field(item, 0),
                    format!("player id {} is not a seat: ids are 0 (East at E1-0) to 3 (North)", p.id),
                    format!("選手 id {} は席ではありません。id は 0（E1-0 の東家）から 3（北家）です", p.id),
                );
            } else if std::mem::replace(&mut seen[p.id as usize], true) {
                self.error(
                    item_field(item, 0),
                    format!("player id {} is given to two players", p.id),
                    format!("選手 id {} が二人の選手に付いています", p.id),
                );
            }
            self.token(&p.team, item_field(item, 2));
            self.token(&p.affiliation, item_field(item, 3));
        }
        // Point at the fifth player, or the first, or where the players would start.
        let players_at = mp.map(|x| x.players.get(4).or(x.players.first()).map_or(x.time_place.start, |p| p.start));
        if m.players.len() != 4 {
            let at = players_at;
            let n = m.players.len();
            self.error(
                at,
                format!("a match has four players (ply[0..3]); this one has {n}"),
                format!("対局の選手は四人（ply[0..3]）ですが、この対局は {n} 人です"),
            );
        } else if let Some(missing) = seen.iter().position(|s| !s) {
            self.error(
                players_at,
                format!("no player has id {missing}; the four players have ids 0, 1, 2 and 3"),
                format!("id {missing} の選手がいません。四人の id は 0, 1, 2, 3 です"),
            );
        }
    }

    fn frame_id(&mut self, id: &FrameId, at: Option<Pos>) {
        if !(1..=4).contains(&id.number) {
            self.error(
                at,
                format!("frame {id}: the number after the wind is 1 to 4 (E1 .. E4)"),
                format!("局 {id}：風の後の数は 1 から 4（E1 .. E4）です"),
            );
        }
    }

    fn frame(&mut self, f: &Frame, fp: Option<&FramePos>) {
        let item = fp.map(|p| &p.item);
        self.frame_id(&f.id, item_field(item, 0));
        if let Some(Dice::Total(t)) = f.dice {
            self.warning(
                item_field(item, 2),
                format!("the dice total {t} is the later draft's form; 1.0 keeps both dice (3-4), so it is not written when the file is saved"),
                format!("サイコロの合計 {t} は後の草案の書き方です。1.0 は二つの目（3-4）を書くので、保存すると書かれません"),
            );
        }
        if !f.dora.is_empty() && f.dora.len() != 10 {
            self.error(
                item_field(item, 4),
                format!(
                    "frame {}: the dora field lists ten tiles (dora, ura, kan dora 1, kan ura 1, .. kan ura 4; uk where unknown), but has {}",
                    f.id,
                    f.dora.len()
                ),
                format!(
                    "局 {}：ドラ欄は十枚（ドラ、裏ドラ、槓ドラ1、槓裏1 .. 槓裏4。不明は uk）ですが、{} 枚あります",
                    f.id,
                    f.dora.len()
                ),
            );
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
        let (w, wj) = (which.en(), which.ja());
        let mut seen = [false; 4];
        for (n, h) in hands.iter().enumerate() {
            if std::mem::replace(&mut seen[h.seat.index()], true) {
                let seat = h.seat.code();
                self.error(
                    at(n),
                    format!("frame {id}: seat {seat} has two {w} hands"),
                    format!("局 {id}：席 {seat} の{wj}が二つあります"),
                );
            }
            self.hand_size(&h.hand, at(n), which, id);
        }
        if hands.len() != 4 {
            let n = hands.len();
            self.error(
                at(n.min(4)),
                format!("frame {id}: a flow has four {w} hands, one per seat (e, s, w, n); this one has {n}"),
                format!("局 {id}：流れには{wj}が四つ（e, s, w, n の各席に一つ）必要ですが、{n} つです"),
            );
        } else if let Some(missing) = seen.iter().position(|s| !s) {
            let seat = ['e', 's', 'w', 'n'][missing];
            self.error(
                at(0),
                format!("frame {id}: seat {seat} has no {w} hand"),
                format!("局 {id}：席 {seat} の{wj}がありません"),
            );
        }
    }

    fn hand_size(&mut self, h: &Hand, at: Option<Pos>, which: Which, id: FrameId) {
        if h.tiles.is_empty() || h.tiles.len() > 13 {
            let n = h.tiles.len();
            self.error(
                at,
                format!(
                    "frame {id}: a {} hand holds 1 to 13 tiles before the drawn tile; this one has {n}",
                    which.en()
                ),
                format!("局 {id}：{}はツモ牌を除いて 1 から 13 枚ですが、{n} 枚です", which.ja()),
            );
        }
        if h.furo.len() > 4 {
            let n = h.furo.len();
            self.error(
                at,
                format!("frame {id}: a hand has at most four melds; this one has {n}"),
                format!("局 {id}：副露は四組までですが、{n} 組あります"),
            );
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
    fn en(self) -> &'static str {
        match self {
            Which::Start => "start",
            Which::End => "end",
        }
    }

    fn ja(self) -> &'static str {
        match self {
            Which::Start => "配牌",
            Which::End => "終了時の手牌",
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

/// The English name of month 1..=12 (`?` otherwise).
pub(crate) fn month_name(month: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES.get(usize::from(month).wrapping_sub(1)).copied().unwrap_or("?")
}
