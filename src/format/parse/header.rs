//! The rules of the pre-match information: tournament, date and place, recorders, players,
//! point rules, and the values they are made of (names, strings, points, frame ids).

use nom::combinator::{cut, map, opt, verify};
use nom::multi::fold_many0;
use nom::sequence::{delimited, preceded, terminated};
use nom::{Err, Parser};

use crate::i18n::{Msg, tr};

use super::Dialect;
use super::input::*;
use crate::format::model::*;
use crate::format::shorthand::{Affiliation, Choice, MatchPlace, Shorthand, Team, TourName, TourStage};
use crate::format::source::{ItemPos, Pos};
use crate::format::tile::Points;

// ---------------------------------------------------------------------------------------------
// Items: a keyword, fields between commas, a `]`

/// A bracketed item: where it starts, `keyword` (e.g. `tnm[`), then `fields`, then its `]`.
/// Committed once the keyword is read: a failure inside is reported where it happened.
#[inline]
pub(super) fn item<'a, O>(
    keyword: &'static str,
    fields: impl Parser<Span<'a>, Output = O, Error = PErr>,
) -> impl Parser<Span<'a>, Output = (Pos, O), Error = PErr> {
    (here, preceded(sym(keyword), cut(terminated(fields, close(keyword)))))
}

/// The first field of an item: where it starts (after whitespace) and its value.
#[inline]
pub(super) fn first<'a, O>(
    field: impl Parser<Span<'a>, Output = O, Error = PErr>,
) -> impl Parser<Span<'a>, Output = (Pos, O), Error = PErr> {
    (here, field)
}

/// A further field of `keyword`'s item: its comma, where it starts and its value.
#[inline]
pub(super) fn next<'a, O>(
    keyword: &'static str,
    field: impl Parser<Span<'a>, Output = O, Error = PErr>,
) -> impl Parser<Span<'a>, Output = (Pos, O), Error = PErr> {
    preceded(comma(keyword), (here, field))
}

/// The positions of an item and its fields.
pub(super) fn item_pos(start: Pos, fields: &[Pos]) -> ItemPos {
    ItemPos { start, fields: fields.to_vec() }
}

/// The comma between two fields of `item`.
#[inline]
pub(super) fn comma<'a>(item: &'static str) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    move |i: Span<'a>| match opt_sym(i, ",") {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), tr!("format-want-comma-in-item", item = item)),
    }
}

/// The `]` that closes `item`.
#[inline]
pub(super) fn close<'a>(item: &'static str) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    move |i: Span<'a>| match opt_sym(i, "]") {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), tr!("format-want-close-item", item = item)),
    }
}

/// `p` repeated up to (not including) the `]` that closes the enclosing item. Each `p` consumes
/// input or fails, so this always ends. (Nothing is allocated for none: most hands have no meld.)
pub(super) fn until_close<'a, T>(
    p: impl Parser<Span<'a>, Output = T, Error = PErr>,
) -> impl Parser<Span<'a>, Output = Vec<T>, Error = PErr> {
    fold_many0(preceded(not_at("]"), cut(p)), Vec::new, |mut all, x| {
        all.push(x);
        all
    })
}

/// Succeeds (reading nothing) unless the text, after whitespace, starts with `s`.
#[inline]
pub(super) fn not_at<'a>(s: &'static str) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    move |i: Span<'a>| if peek(&i, s) { error(&i, Wanted::Symbol(s)) } else { Ok((i, ())) }
}

/// An optional number (`matchNumInStage`, `matchNumInDay`).
pub(super) fn opt_number<'a>(what: Msg) -> impl Parser<Span<'a>, Output = Option<u32>, Error = PErr> {
    map(digits(what), |d| d.map(|d| d.0))
}

/// Exactly `len` digits, or none; `wrong` when there is another count of them.
fn fixed_digits<'a>(what: Msg, len: usize, wrong: Msg) -> impl Parser<Span<'a>, Output = Option<u32>, Error = PErr> {
    move |i: Span<'a>| {
        let at = ws(i);
        match digits(what).parse(at)? {
            (rest, Some((v, n))) if n == len => Ok((rest, Some(v))),
            (_, Some(_)) => failure(&at, wrong),
            (rest, None) => Ok((rest, None)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// tourInfo

/// `tourInfo = "tnm[" [tourName]^(0-1) "," [tourYear]^(0-1) "," [tourStage]^(0-1) ","
///                    [matchNumInStage]^(0-1) "," [matchNumInDay]^(0-1) "]"`
pub(super) fn tour_info(i: Span) -> PResult<(TourInfo, ItemPos)> {
    const K: &str = "tnm[";
    let fields = (
        first(tour_name),
        next(K, tour_year),
        next(K, tour_stage),
        next(K, match_num_in_stage),
        next(K, match_num_in_day),
    );
    map(item(K, fields), |(start, ((p0, name), (p1, year), (p2, stage), (p3, in_stage), (p4, in_day)))| {
        let info = TourInfo { name, year, stage, match_in_stage: in_stage, match_in_day: in_day };
        (info, item_pos(start, &[p0, p1, p2, p3, p4]))
    })
    .parse(i)
}

/// `tourName = "mlg" | strLit`
pub(super) fn tour_name(i: Span) -> PResult<Option<TourName>> {
    choice(i)
}

/// `tourYear = YYYY`
pub(super) fn tour_year(i: Span) -> PResult<Option<u16>> {
    map(fixed_digits(tr!("format-want-year"), 4, tr!("format-want-year-digits")), |y| y.map(|y| y as u16)).parse(i)
}

/// `tourStage = "1rd" | "2rd" | "qtf" | "smf" | "fin" | "mlg-reg" | "mlg-sfs" | "mlg-fns" | strLit`
pub(super) fn tour_stage(i: Span) -> PResult<Option<TourStage>> {
    choice(i)
}

/// `matchNumInStage = decimal integer`
pub(super) fn match_num_in_stage(i: Span) -> PResult<Option<u32>> {
    opt_number(tr!("format-want-match-number")).parse(i)
}

/// `matchNumInDay = decimal integer`
pub(super) fn match_num_in_day(i: Span) -> PResult<Option<u32>> {
    opt_number(tr!("format-want-match-number")).parse(i)
}

// ---------------------------------------------------------------------------------------------
// matchTP

/// `matchTP = "mtp[" [matchDate]^(0-1) "," [matchDayOfWk]^(0-1) "," [matchTime]^(0-1) ","
///                   [matchPlace]^(0-1) "]"`
pub(super) fn match_tp(i: Span) -> PResult<(TimePlace, ItemPos)> {
    const K: &str = "mtp[";
    let fields = (first(match_date), next(K, match_day_of_wk), next(K, match_time), next(K, match_place));
    map(item(K, fields), |(start, ((p0, date), (p1, weekday), (p2, time), (p3, place)))| {
        (TimePlace { date, weekday, time, place }, item_pos(start, &[p0, p1, p2, p3]))
    })
    .parse(i)
}

/// `matchDate = YYYYMMDD`
pub(super) fn match_date(i: Span) -> PResult<Option<Date>> {
    let date = |v: u32| Date { year: (v / 10000) as u16, month: (v / 100 % 100) as u8, day: (v % 100) as u8 };
    map(fixed_digits(tr!("format-want-date"), 8, tr!("format-want-date-digits")), |d| d.map(date)).parse(i)
}

/// `matchDayOfWk = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat"`
pub(super) fn match_day_of_wk(i: Span) -> PResult<Option<Weekday>> {
    let at = ws(i);
    let (rest, w) = word(at);
    if w.is_empty() {
        return Ok((rest, None));
    }
    match Weekday::from_code(w) {
        Some(d) => Ok((rest, Some(d))),
        None => failure(&at, tr!("format-want-weekday")),
    }
}

/// `matchTime = HHMM`
pub(super) fn match_time(i: Span) -> PResult<Option<Time>> {
    let time = |v: u32| Time { hour: (v / 100) as u8, minute: (v % 100) as u8 };
    map(fixed_digits(tr!("format-want-time"), 4, tr!("format-want-time-digits")), |t| t.map(time)).parse(i)
}

/// `matchPlace = "mlg-std" | strLit`
pub(super) fn match_place(i: Span) -> PResult<Option<MatchPlace>> {
    choice(i)
}

/// A bare word of letters, digits and `-` (a shorthand token or a keyword), possibly empty.
pub(super) fn word(i: Span<'_>) -> (Span<'_>, &str) {
    let i = ws(i);
    let n = i.fragment().bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'-').count();
    let w = &i.fragment()[..n];
    (i.skip(n), w)
}

/// `token | strLit`, each field that takes a shorthand token or a name written out (and may be
/// left out).
pub(super) fn choice<T: Shorthand>(i: Span) -> PResult<Option<Choice<T>>> {
    let i = ws(i);
    if starts(&i, "snt[") || starts(&i, "srm[") {
        return map(str_lit, |s| s.map(Choice::Custom)).parse(i);
    }
    let (rest, w) = word(i);
    if w.is_empty() {
        return Ok((rest, None));
    }
    Ok((rest, Some(T::from_code(w).map_or_else(|| Choice::Unknown(w.to_string()), Choice::Known))))
}

// ---------------------------------------------------------------------------------------------
// Strings and names

/// `strLit = ["snt[" quoted "]"]^(0-1) ["srm[" quoted "]"]^(0-1)`
pub(super) fn str_lit(i: Span) -> PResult<Option<StrLit>> {
    let native = preceded(sym("snt["), cut(terminated(quoted, close("snt["))));
    let roman = preceded(sym("srm["), cut(terminated(quoted, close("srm["))));
    map((opt(native), opt(roman)), |(native, roman)| {
        let s = StrLit { native, roman };
        if s.is_empty() { None } else { Some(s) }
    })
    .parse(i)
}

/// `quoted = '"' any text '"'`        (`\"` is a quote and `\\` a backslash)
pub(super) fn quoted(i: Span) -> PResult<String> {
    let i = ws(i);
    if !starts(&i, "\"") {
        return failure(&i, tr!("format-want-open-quote"));
    }
    let body = &i.fragment()[1..];
    let bytes = body.as_bytes();
    let mut out = String::new();
    let (mut from, mut n, mut lines) = (0, 0, 0);
    while n < bytes.len() {
        match bytes[n] {
            b'"' => {
                out.push_str(&body[from..n]);
                return Ok((i.skip_lines(n + 2, lines), out));
            }
            b'\\' if matches!(bytes.get(n + 1), Some(b'"' | b'\\')) => {
                out.push_str(&body[from..n]);
                from = n + 1;
                n += 2;
            }
            b'\n' => (n, lines) = (n + 1, lines + 1),
            _ => n += 1,
        }
    }
    failure_said(&i, tr!("format-parse-quote-never-closed").text())
}

/// `name = "(" [strLit]^(0-1) "," [strLit]^(0-1) ")"`      (0.0.0: `"[" ... "]"`)
pub(super) fn name(i: Span) -> PResult<Option<Name>> {
    let (open, shut, want_shut) = match i.extra {
        Dialect::V0 => ("[", "]", tr!("format-want-close-name-v0")),
        Dialect::V1 => ("(", ")", tr!("format-want-close-name")),
    };
    let fields = (str_lit, preceded(must_as(",", tr!("format-want-comma-in-name")), str_lit));
    opt(map(preceded(sym(open), cut(terminated(fields, must_as(shut, want_shut)))), |(last, first)| Name {
        last,
        first,
    }))
    .parse(i)
}

// ---------------------------------------------------------------------------------------------
// recerInfo

/// `recerInfo = "rec[" [recerName]^(0-1) "," [framesRecd]^(0-1) "]"`
pub(super) fn recer_info(i: Span) -> PResult<(Recorder, ItemPos)> {
    const K: &str = "rec[";
    map(item(K, (first(recer_name), next(K, frames_recd))), |(start, ((p0, name), (p1, frames)))| {
        (Recorder { name, frames }, item_pos(start, &[p0, p1]))
    })
    .parse(i)
}

/// `recerName = name`
pub(super) fn recer_name(i: Span) -> PResult<Option<Name>> {
    name(i)
}

/// `framesRecd = "all" | [frameId]^(0-)`
pub(super) fn frames_recd(i: Span) -> PResult<FramesRecorded> {
    if let Some(rest) = opt_sym(i, "all") {
        return Ok((rest, FramesRecorded::All));
    }
    map(until_close(frame_id), FramesRecorded::Only).parse(i)
}

// ---------------------------------------------------------------------------------------------
// plyerInfo

/// `plyerInfo = "ply[" plyerId "," [plyerName]^(0-1) "," [plyerTeam]^(0-1) ","
///                     [plyerAffil]^(0-1) "," [ptTourPrev]^(0-1) "]"`
pub(super) fn plyer_info(i: Span) -> PResult<(Player, ItemPos)> {
    const K: &str = "ply[";
    let fields =
        (first(plyer_id), next(K, plyer_name), next(K, plyer_team), next(K, plyer_affil), next(K, pt_tour_prev));
    map(item(K, fields), |(start, ((p0, id), (p1, name), (p2, team), (p3, affiliation), (p4, tour_points)))| {
        (Player { id, name, team, affiliation, tour_points }, item_pos(start, &[p0, p1, p2, p3, p4]))
    })
    .parse(i)
}

/// `plyerId = "0" | "1" | "2" | "3"`      (any small number is read; the checks name a wrong one)
pub(super) fn plyer_id(i: Span) -> PResult<u8> {
    match digits(tr!("format-want-player-id")).parse(i)? {
        (rest, Some((v, _))) if v <= u32::from(u8::MAX) => Ok((rest, v as u8)),
        _ => failure(&ws(i), tr!("format-want-player-id-seat")),
    }
}

/// `plyerName = name`
pub(super) fn plyer_name(i: Span) -> PResult<Option<Name>> {
    name(i)
}

/// `plyerTeam = "mlg-drn" | "mlg-exf" | "mlg-skn" | "mlg-mfc" | "mlg-abm" | "mlg-phx" | "mlg-rdn"
///            | "mlg-prt" | strLit`
pub(super) fn plyer_team(i: Span) -> PResult<Option<Team>> {
    choice(i)
}

/// `plyerAffil = "none" | "saikouisen" | "prokyoukai" | "prorenmei" | "rmu" | "rengoumu" | "101"
///             | "kishikai" | "zennihon" | strLit`
pub(super) fn plyer_affil(i: Span) -> PResult<Option<Affiliation>> {
    choice(i)
}

/// `ptTourPrev = ptTour`
pub(super) fn pt_tour_prev(i: Span) -> PResult<Option<TourPoints>> {
    opt(pt_tour).parse(i)
}

/// `ptTour = "(" [pt]^(0-1) "," [pt]^(0-1) ")"`
pub(super) fn pt_tour(i: Span) -> PResult<TourPoints> {
    let open = want(sym("("), tr!("format-want-open-tour-points"));
    let fields = (opt_pt, preceded(must_as(",", tr!("format-want-comma-in-tour-points")), opt_pt));
    let close = must_as(")", tr!("format-want-close-tour-points"));
    map(preceded(open, cut(terminated(fields, close))), |(personal, team)| TourPoints { personal, team }).parse(i)
}

// ---------------------------------------------------------------------------------------------
// ptRule and points

/// `ptRule = "ptr[" ptStart "," ptRetn "," ptPostn "," ptHonba ["," ptTenpai]^(0-1) "]"`
/// (`ptTenpai`: the later draft, the total no-ten payment)
pub(super) fn pt_rule(i: Span) -> PResult<(PointRule, ItemPos)> {
    const K: &str = "ptr[";
    let tenpai = opt(preceded(peek_comma, next(K, pt)));
    let fields = (first(pt_start), next(K, pt_retn), next(K, pt_postn), next(K, pt_honba), tenpai);
    map(
        item(K, fields),
        |(start, ((p0, start_pts), (p1, ret), (p2, (uma_4_to_1, uma_3_to_2)), (p3, honba), tenpai))| {
            let mut at = vec![p0, p1, p2, p3];
            at.extend(tenpai.map(|t| t.0));
            let rule = PointRule {
                start: start_pts,
                return_points: ret,
                uma_4_to_1,
                uma_3_to_2,
                honba,
                noten_total: tenpai.map(|t| t.1),
            };
            (rule, ItemPos { start, fields: at })
        },
    )
    .parse(i)
}

/// Succeeds (reading nothing) when a comma comes next.
fn peek_comma(i: Span) -> PResult<()> {
    if peek(&i, ",") { Ok((i, ())) } else { error(&ws(i), Wanted::Symbol(",")) }
}

/// `ptPostn = "(" ptPostn14 "," ptPostn23 ")"`
pub(super) fn pt_postn(i: Span) -> PResult<(Points, Points)> {
    let open = must_as("(", tr!("format-want-open-uma"));
    let comma = must_as(",", tr!("format-want-comma-in-uma"));
    delimited(open, (pt_postn14, preceded(comma, pt_postn23)), must_as(")", tr!("format-want-close-uma"))).parse(i)
}

/// `ptStart = pt`      (each player's points at the start)
pub(super) fn pt_start(i: Span) -> PResult<Points> {
    pt(i)
}

/// `ptRetn = pt`      (the return: points above it count as plus)
pub(super) fn pt_retn(i: Span) -> PResult<Points> {
    pt(i)
}

/// `ptHonba = pt`      (the points of one honba)
pub(super) fn pt_honba(i: Span) -> PResult<Points> {
    pt(i)
}

/// `ptPostn14 = pt`      (uma between 4th and 1st)
pub(super) fn pt_postn14(i: Span) -> PResult<Points> {
    pt(i)
}

/// `ptPostn23 = pt`      (uma between 3rd and 2nd)
pub(super) fn pt_postn23(i: Span) -> PResult<Points> {
    pt(i)
}

/// `pt = ["-"|"+"] digits ["." digits]`      (a whole number of hundreds of points: 25.0, -5.8)
pub(super) fn pt(i: Span) -> PResult<Points> {
    let at = ws(i);
    match opt_pt(at)? {
        (rest, Some(p)) => Ok((rest, p)),
        (_, None) => failure(&at, tr!("format-want-points")),
    }
}

/// `[pt]^(0-1)`
pub(super) fn opt_pt(i: Span) -> PResult<Option<Points>> {
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
        return if n == 0 { Ok((i, None)) } else { failure(&i.skip(n), tr!("format-want-points-digits")) };
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
    Ok((i.skip(n), Some(Points(if negative { -value } else { value }))))
}

// ---------------------------------------------------------------------------------------------
// frameId

/// `frameId = frameWind frameNum "-" frameHonba`
pub(super) fn frame_id(i: Span) -> PResult<FrameId> {
    let i = ws(i);
    let whole_id = |e: Err<PErr>| match e {
        Err::Error(_) => {
            Err::Failure(PErr::expected_at(i.location_offset(), i.location_line(), tr!("format-want-frame-id")))
        }
        e => e,
    };
    let (rest, (wind, number)) = (frame_wind, frame_num).parse(i).map_err(whole_id)?;
    let dash = must_as("-", tr!("format-want-frame-id-dash"));
    map(preceded(dash, frame_honba), move |honba| FrameId { wind, number, honba }).parse(rest)
}

/// `frameWind = "E" | "S" | "W" | "N"`
pub(super) fn frame_wind(i: Span) -> PResult<Wind> {
    match i.fragment().bytes().next().and_then(Wind::from_code) {
        Some(w) => Ok((i.skip(1), w)),
        None => error(&i, tr!("format-want-frame-id")),
    }
}

/// `frameNum = "1".."4"`      (one digit is read; the checks name a wrong one)
pub(super) fn frame_num(i: Span) -> PResult<u8> {
    map(verify(digits(tr!("format-want-frame-number")), |d: &Option<(u32, usize)>| matches!(d, Some((_, 1)))), |d| {
        d.map_or(0, |d| d.0 as u8)
    })
    .parse(i)
}

/// `frameHonba = integer >= 0`
pub(super) fn frame_honba(i: Span) -> PResult<u32> {
    match digits(tr!("format-want-honba-count")).parse(i)? {
        (rest, Some((honba, _))) => Ok((rest, honba)),
        _ => failure(&ws(i), tr!("format-want-frame-id-honba")),
    }
}
