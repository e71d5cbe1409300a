//! The rules of the pre-match information: tournament, date and place, recorders, players,
//! point rules, and the values they are made of (names, strings, points).

use nom::Input;

use crate::i18n::{Msg, tr};

use super::Dialect;
use super::input::*;
use crate::format::model::*;
use crate::format::shorthand::{Choice, Shorthand};
use crate::format::source::ItemPos;
use crate::format::tile::Points;

/// The fields of one bracketed item (`tnm[a,b,c]`), read in order: each is preceded by a comma
/// (but the first), and where each starts is recorded for diagnostics.
pub(super) struct Item {
    keyword: &'static str,
    pos: ItemPos,
}

impl Item {
    /// Reads the keyword, e.g. `tnm[`.
    pub(super) fn open<'a>(i: Span<'a>, keyword: &'static str, fields: usize) -> PResult<'a, Item> {
        let (i, start) = here(i);
        let (i, ()) = must(i, keyword)?;
        Ok((i, Item { keyword, pos: ItemPos { start, fields: Vec::with_capacity(fields) } }))
    }

    /// Reads the next field with `parse`.
    pub(super) fn field<'a, T>(
        &mut self,
        i: Span<'a>,
        parse: impl FnOnce(Span<'a>) -> PResult<'a, T>,
    ) -> PResult<'a, T> {
        let i = if self.pos.fields.is_empty() { i } else { comma(i, self.keyword)?.0 };
        let (i, at) = here(i);
        self.pos.fields.push(at);
        parse(i)
    }

    /// Reads the closing `]`.
    pub(super) fn close(self, i: Span) -> PResult<ItemPos> {
        let (i, ()) = close(i, self.keyword)?;
        Ok((i, self.pos))
    }
}

/// Items read with `item` up to (not including) the `]` that closes the enclosing item. Each
/// item consumes input or fails, so this always ends.
pub(super) fn until_close<'a, T>(i: Span<'a>, item: impl Fn(Span<'a>) -> PResult<'a, T>) -> PResult<'a, Vec<T>> {
    let mut out = Vec::new();
    let mut i = i;
    while !peek(&i, "]") {
        let (rest, x) = item(i)?;
        out.push(x);
        i = rest;
    }
    Ok((i, out))
}

/// An optional decimal number.
pub(super) fn opt_number<'a>(what: Msg) -> impl FnOnce(Span<'a>) -> PResult<'a, Option<u32>> {
    move |i| digits(i, what).map(|(r, d)| (r, d.map(|d| d.0)))
}

// tourInfo = "tnm[" [tourName]^(0-1) "," [tourYear]^(0-1) "," [tourStage]^(0-1) ","
//                   [matchNumInStage]^(0-1) "," [matchNumInDay]^(0-1) "]"
pub(super) fn tour_info(i: Span) -> PResult<(TourInfo, ItemPos)> {
    let (i, mut it) = Item::open(i, "tnm[", 5)?;
    let (i, name) = it.field(i, choice)?;
    let (i, year) = it.field(i, year)?;
    let (i, stage) = it.field(i, choice)?;
    let (i, match_in_stage) = it.field(i, opt_number(tr!("format-want-match-number")))?;
    let (i, match_in_day) = it.field(i, opt_number(tr!("format-want-match-number")))?;
    let (i, p) = it.close(i)?;
    Ok((i, (TourInfo { name, year, stage, match_in_stage, match_in_day }, p)))
}

/// The comma between two fields of `item`.
#[inline]
pub(super) fn comma<'a>(i: Span<'a>, item: &'static str) -> PResult<'a, ()> {
    match opt_sym(i, ",") {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), tr!("format-want-comma-in-item", item = item)),
    }
}

/// The `]` that closes `item`.
#[inline]
pub(super) fn close<'a>(i: Span<'a>, item: &'static str) -> PResult<'a, ()> {
    match opt_sym(i, "]") {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), tr!("format-want-close-item", item = item)),
    }
}

// tourYear = YYYY
pub(super) fn year(i: Span) -> PResult<Option<u16>> {
    let i = ws(i);
    let at = i;
    match digits(i, tr!("format-want-year"))? {
        (rest, Some((y, 4))) => Ok((rest, Some(y as u16))),
        (_, Some(_)) => failure(&at, tr!("format-want-year-digits")),
        (rest, None) => Ok((rest, None)),
    }
}

// matchTP = "mtp[" [matchDate]^(0-1) "," [matchDayOfWk]^(0-1) "," [matchTime]^(0-1) ","
//                  [matchPlace]^(0-1) "]"
pub(super) fn match_tp(i: Span) -> PResult<(TimePlace, ItemPos)> {
    let (i, mut it) = Item::open(i, "mtp[", 4)?;
    let (i, date) = it.field(i, date)?;
    let (i, weekday) = it.field(i, weekday)?;
    let (i, time) = it.field(i, time)?;
    let (i, place) = it.field(i, choice)?;
    let (i, p) = it.close(i)?;
    Ok((i, (TimePlace { date, weekday, time, place }, p)))
}

// matchDate = YYYYMMDD
pub(super) fn date(i: Span) -> PResult<Option<Date>> {
    let i = ws(i);
    let at = i;
    match digits(i, tr!("format-want-date"))? {
        (rest, Some((v, 8))) => {
            Ok((rest, Some(Date { year: (v / 10000) as u16, month: (v / 100 % 100) as u8, day: (v % 100) as u8 })))
        }
        (_, Some(_)) => failure(&at, tr!("format-want-date-digits")),
        (rest, None) => Ok((rest, None)),
    }
}

// matchDayOfWk = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat"
pub(super) fn weekday(i: Span) -> PResult<Option<Weekday>> {
    let i = ws(i);
    let at = i;
    let (rest, w) = word(i);
    if w.is_empty() {
        return Ok((rest, None));
    }
    match Weekday::from_code(w) {
        Some(d) => Ok((rest, Some(d))),
        None => failure(&at, tr!("format-want-weekday")),
    }
}

// matchTime = HHMM
pub(super) fn time(i: Span) -> PResult<Option<Time>> {
    let i = ws(i);
    let at = i;
    match digits(i, tr!("format-want-time"))? {
        (rest, Some((v, 4))) => Ok((rest, Some(Time { hour: (v / 100) as u8, minute: (v % 100) as u8 }))),
        (_, Some(_)) => failure(&at, tr!("format-want-time-digits")),
        (rest, None) => Ok((rest, None)),
    }
}

/// A bare word of letters, digits and `-` (a shorthand token or a keyword), possibly empty.
pub(super) fn word(i: Span<'_>) -> (Span<'_>, &str) {
    let i = ws(i);
    let n = i.fragment().bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'-').count();
    let w = &i.fragment()[..n];
    (i.take_from(n), w)
}

// tourName | tourStage | matchPlace | plyerTeam | plyerAffil = token | strLit   (each may be left out)
pub(super) fn choice<T: Shorthand>(i: Span) -> PResult<Option<Choice<T>>> {
    let i = ws(i);
    if peek(&i, "snt[") || peek(&i, "srm[") {
        let (rest, s) = str_lit(i)?;
        return Ok((rest, s.map(Choice::Custom)));
    }
    let (rest, w) = word(i);
    if w.is_empty() {
        return Ok((rest, None));
    }
    Ok((rest, Some(T::from_code(w).map_or_else(|| Choice::Unknown(w.to_string()), Choice::Known))))
}

// strLit = ["snt[" quoted "]"]^(0-1) ["srm[" quoted "]"]^(0-1)
pub(super) fn str_lit(i: Span) -> PResult<Option<StrLit>> {
    let mut s = StrLit::default();
    let mut i = i;
    if let Some(rest) = opt_sym(i, "snt[") {
        let (rest, q) = quoted(rest)?;
        let (rest, ()) = close(rest, "snt[")?;
        (s.native, i) = (Some(q), rest);
    }
    if let Some(rest) = opt_sym(i, "srm[") {
        let (rest, q) = quoted(rest)?;
        let (rest, ()) = close(rest, "srm[")?;
        (s.roman, i) = (Some(q), rest);
    }
    Ok((i, if s.is_empty() { None } else { Some(s) }))
}

// quoted = '"' any text '"'        (\" is a quote and \\ a backslash)
pub(super) fn quoted(i: Span) -> PResult<String> {
    let i = ws(i);
    if !i.fragment().starts_with('"') {
        return failure(&i, tr!("format-want-open-quote"));
    }
    let body = &i.fragment()[1..];
    let bytes = body.as_bytes();
    let mut out = String::new();
    let mut from = 0;
    let mut n = 0;
    while n < bytes.len() {
        match bytes[n] {
            b'"' => {
                out.push_str(&body[from..n]);
                return Ok((i.take_from(n + 2), out));
            }
            b'\\' if matches!(bytes.get(n + 1), Some(b'"' | b'\\')) => {
                out.push_str(&body[from..n]);
                from = n + 1;
                n += 2;
            }
            _ => n += 1,
        }
    }
    failure_said(&i, tr!("format-parse-quote-never-closed").text())
}

// name = "(" [strLit]^(0-1) "," [strLit]^(0-1) ")"      (0.0: "[" ... "]")
pub(super) fn name(i: Span) -> PResult<Option<Name>> {
    let (open, shut) = match i.extra {
        Dialect::V0 => ("[", "]"),
        Dialect::V1 => ("(", ")"),
    };
    let Some(i) = opt_sym(i, open) else { return Ok((i, None)) };
    let (i, last) = str_lit(i)?;
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-in-name"))?;
    let (i, first) = str_lit(i)?;
    let (i, ()) =
        must_as(i, shut, if shut == ")" { tr!("format-want-close-name") } else { tr!("format-want-close-name-v0") })?;
    Ok((i, Some(Name { last, first })))
}

// recerInfo = "rec[" [recerName]^(0-1) "," [framesRecd]^(0-1) "]"
// framesRecd = "all" | [frameId]^(0-)
pub(super) fn recorder(i: Span) -> PResult<(Recorder, ItemPos)> {
    let (i, mut it) = Item::open(i, "rec[", 2)?;
    let (i, name) = it.field(i, name)?;
    let (i, frames) = it.field(i, frames_recorded)?;
    let (i, p) = it.close(i)?;
    Ok((i, (Recorder { name, frames }, p)))
}

pub(super) fn frames_recorded(i: Span) -> PResult<FramesRecorded> {
    if let Some(rest) = opt_sym(i, "all") {
        return Ok((rest, FramesRecorded::All));
    }
    let (i, ids) = until_close(i, frame_id)?;
    Ok((i, FramesRecorded::Only(ids)))
}

// plyerInfo = "ply[" plyerId "," [plyerName]^(0-1) "," [plyerTeam]^(0-1) ","
//                    [plyerAffil]^(0-1) "," [ptTourPrev]^(0-1) "]"
pub(super) fn player(i: Span) -> PResult<(Player, ItemPos)> {
    let (i, mut it) = Item::open(i, "ply[", 5)?;
    let (i, id) = it.field(i, player_id)?;
    let (i, name) = it.field(i, name)?;
    let (i, team) = it.field(i, choice)?;
    let (i, affiliation) = it.field(i, choice)?;
    let (i, tour_points) = it.field(i, opt_tour_points)?;
    let (i, p) = it.close(i)?;
    Ok((i, (Player { id, name, team, affiliation, tour_points }, p)))
}

// plyerId = "0" | "1" | "2" | "3"      (any small number is read; the checks name a wrong one)
pub(super) fn player_id(i: Span) -> PResult<u8> {
    match digits(i, tr!("format-want-player-id"))? {
        (rest, Some((v, _))) if v <= u32::from(u8::MAX) => Ok((rest, v as u8)),
        _ => failure(&ws(i), tr!("format-want-player-id-seat")),
    }
}

pub(super) fn opt_tour_points(i: Span) -> PResult<Option<TourPoints>> {
    if peek(&i, "(") { tour_points(i).map(|(r, t)| (r, Some(t))) } else { Ok((i, None)) }
}

// ptTour = "(" [pt]^(0-1) "," [pt]^(0-1) ")"
pub(super) fn tour_points(i: Span) -> PResult<TourPoints> {
    let (i, ()) = must_as(i, "(", tr!("format-want-open-tour-points"))?;
    let (i, personal) = opt_points(i)?;
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-in-tour-points"))?;
    let (i, team) = opt_points(i)?;
    let (i, ()) = must_as(i, ")", tr!("format-want-close-tour-points"))?;
    Ok((i, TourPoints { personal, team }))
}

// ptRule = "ptr[" ptStart "," ptRetn "," ptPostn "," ptHonba ["," ptTenpai]^(0-1) "]"
// ptPostn = "(" ptPostn14 "," ptPostn23 ")"          (ptTenpai: later draft)
pub(super) fn point_rule(i: Span) -> PResult<(PointRule, ItemPos)> {
    let (i, mut it) = Item::open(i, "ptr[", 5)?;
    let (i, start) = it.field(i, points)?;
    let (i, return_points) = it.field(i, points)?;
    let (i, (uma_4_to_1, uma_3_to_2)) = it.field(i, uma)?;
    let (i, honba) = it.field(i, points)?;
    let (i, noten_total) = if peek(&i, ",") { it.field(i, points).map(|(r, v)| (r, Some(v)))? } else { (i, None) };
    let (i, p) = it.close(i)?;
    Ok((i, (PointRule { start, return_points, uma_4_to_1, uma_3_to_2, honba, noten_total }, p)))
}

// ptPostn = "(" ptPostn14 "," ptPostn23 ")"
pub(super) fn uma(i: Span) -> PResult<(Points, Points)> {
    let (i, ()) = must_as(i, "(", tr!("format-want-open-uma"))?;
    let (i, a) = points(i)?;
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-in-uma"))?;
    let (i, b) = points(i)?;
    let (i, ()) = must_as(i, ")", tr!("format-want-close-uma"))?;
    Ok((i, (a, b)))
}

// pt = ["-"|"+"] digits ["." digits]      (a whole number of hundreds of points: 25.0, -5.8)
pub(super) fn points(i: Span) -> PResult<Points> {
    let i = ws(i);
    let at = i;
    match opt_points(i)? {
        (rest, Some(p)) => Ok((rest, p)),
        (_, None) => failure(&at, tr!("format-want-points")),
    }
}

pub(super) fn opt_points(i: Span) -> PResult<Option<Points>> {
    let i = ws(i);
    let bytes = i.fragment().as_bytes();
    let (negative, mut n) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    let int_start = n;
    while bytes.get(n).is_some_and(u8::is_ascii_digit) {
        n += 1;
    }
    let int_len = n - int_start;
    if int_len == 0 {
        return if n == 0 { Ok((i, None)) } else { failure(&i.take_from(n), tr!("format-want-points-digits")) };
    }
    if int_len > 8 {
        return failure_said(&i, tr!("format-parse-points-too-large").text());
    }
    let mut value = bytes[int_start..n].iter().fold(0i32, |v, d| v * 10 + i32::from(d - b'0')) * 10;
    if bytes.get(n) == Some(&b'.') {
        n += 1;
        let frac_start = n;
        while bytes.get(n).is_some_and(u8::is_ascii_digit) {
            n += 1;
        }
        let frac = &bytes[frac_start..n];
        if let Some(d) = frac.first() {
            value += i32::from(d - b'0');
        }
        if frac.iter().skip(1).any(|d| *d != b'0') {
            let text = &i.fragment()[..n];
            return failure_said(&i, tr!("format-parse-points-not-hundreds", text = text));
        }
    }
    Ok((i.take_from(n), Some(Points(if negative { -value } else { value }))))
}

// frameId = frameWind frameNum "-" frameHonba
// frameWind = "E" | "S" | "W" | "N"      frameNum = "1".."4"      frameHonba = integer >= 0
pub(super) fn frame_id(i: Span) -> PResult<FrameId> {
    let i = ws(i);
    let expected = tr!("format-want-frame-id");
    let Some(wind) = i.fragment().bytes().next().and_then(Wind::from_code) else { return failure(&i, expected) };
    let (i, number) = match digits(i.take_from(1), tr!("format-want-frame-number"))? {
        (rest, Some((n, 1))) => (rest, n as u8),
        _ => return failure(&i, expected),
    };
    let (i, ()) = must_as(i, "-", tr!("format-want-frame-id-dash"))?;
    match digits(i, tr!("format-want-honba-count"))? {
        (rest, Some((honba, _))) => Ok((rest, FrameId { wind, number, honba })),
        _ => failure(&ws(i), tr!("format-want-frame-id-honba")),
    }
}
