//! The `.jmjp` parser: one function per grammar rule, the rule written above it.
//!
//! Input is a [`LocatedSpan`] whose `extra` is the [`Dialect`] read from the header, so the rules
//! that differ between dialects (names, furo, calls) pick their form without global state.
//! Whitespace and `//` comments are skipped by [`ws`] before every terminal, never inside quoted
//! text. Once an item's keyword (`tnm[`, `frm[`, `hnd[` ...) has been read the parser is
//! committed: a failure inside is a [`nom::Err::Failure`] at the exact place, never a backtrack
//! that would report a vaguer place. Nothing here recurses, so no input can exhaust the stack.

use std::borrow::Cow;

use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::{Err, IResult, Input, Parser};
use nom_locate::LocatedSpan;

use crate::i18n::Text;

use super::model::*;
use super::shorthand::{Choice, Shorthand};
use super::source::{FramePos, ItemPos, MatchPos, Pos, SourceMap};
use super::tile::{CalledFrom, Points, Seat, Tile};

/// The dialect of the standard a file is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// 0.0.0: `jmjp[0]`, names in `[ ]`, one tile per pon/kan.
    V0,
    /// 1.0.0 (and the later 1.0 draft, whose additions are read too): `jmjp[1.0]`.
    V1,
}

/// A file read into its record, with what is needed to point back into the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    pub paifu: Paifu,
    /// The dialect the header named.
    pub dialect: Dialect,
    /// Positions of every part, for diagnostics.
    pub source_map: SourceMap,
    /// True when the text started with a byte order mark (it was skipped; positions count
    /// from after it).
    pub had_bom: bool,
}

/// A syntax error: where, and in plain words what was expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    /// Byte offset in the text after the BOM.
    pub offset: usize,
    pub line: u32,
    /// Column in characters, from 1.
    pub column: usize,
    /// A whole sentence, e.g. "expected a tile such as 5m, 0p or rd, found 'x5'", in English and
    /// Japanese.
    pub message: Text,
}

/// The text without a leading byte order mark; positions of [`Document`] count in this text.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads a whole `.jmjp` text (any dialect; a leading BOM is skipped).
pub fn parse(text: &str) -> Result<Document, ParseError> {
    let had_bom = text.starts_with('\u{feff}');
    let body = strip_bom(text);
    match file(Span::new_extra(body, Dialect::V1)) {
        Ok((_, (paifu, dialect, source_map))) => Ok(Document { paifu, dialect, source_map, had_bom }),
        Err(Err::Error(e) | Err::Failure(e)) => Err(e.into_parse_error(body)),
        Err(Err::Incomplete(_)) => {
            Err(PErr::expected_at(0, 1, ("a complete file", "完全なファイル")).into_parse_error(body))
        }
    }
}

/// Reads one act on its own, e.g. `(s,5p,tg)` or `(w, pn[5p 0p], 3m)` (a correction typed by the
/// user). Positions in the error count in `text`.
pub fn parse_act(text: &str) -> Result<Act, ParseError> {
    let i = ws(Span::new_extra(text, Dialect::V1));
    let result = flow_entry(i, None).and_then(|(rest, e)| {
        let rest = ws(rest);
        match e {
            Entry::Act(a) if rest.fragment().is_empty() => Ok((rest, a)),
            Entry::Act(_) => failure(&rest, ("nothing after the act", "行為の後には何もないこと")),
            Entry::Hand(_) => {
                error(&i, ("an act such as (s,5p,3m), not a hand", "手牌ではなく (s,5p,3m) のような行為"))
            }
        }
    });
    match result {
        Ok((_, a)) => Ok(a),
        Err(Err::Error(e) | Err::Failure(e)) => Err(e.into_parse_error(text)),
        Err(Err::Incomplete(_)) => {
            Err(PErr::expected_at(0, 1, ("a complete act", "完全な行為")).into_parse_error(text))
        }
    }
}

/// Reads one frame id on its own, e.g. `E1-0` (the grammar's `frameId` over the whole text).
pub fn parse_frame_id(text: &str) -> Result<FrameId, ParseError> {
    let i = Span::new_extra(text, Dialect::V1);
    let result = frame_id(i).and_then(|(rest, id)| {
        let rest = ws(rest);
        if rest.fragment().is_empty() {
            Ok((rest, id))
        } else {
            failure(&rest, ("nothing after the frame id", "局 id の後には何もないこと"))
        }
    });
    match result {
        Ok((_, id)) => Ok(id),
        Err(Err::Error(e) | Err::Failure(e)) => Err(e.into_parse_error(text)),
        Err(Err::Incomplete(_)) => {
            Err(PErr::expected_at(0, 1, ("a complete frame id", "完全な局 id")).into_parse_error(text))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Input, errors and the whitespace helper

type Span<'a> = LocatedSpan<&'a str, Dialect>;
type PResult<'a, T> = IResult<Span<'a>, T, PErr>;

/// The parser's error while parsing: a position and what went wrong there.
#[derive(Clone, Debug)]
struct PErr {
    offset: usize,
    line: u32,
    what: What,
    /// How many characters of the input to show as "found" (default: the next word).
    found_len: Option<usize>,
}

#[derive(Clone, Debug)]
enum What {
    /// "expected {0}, found ..."
    Expected(Wanted),
    /// A whole sentence of its own.
    Said(Text),
}

/// What the parser wanted at a place, in English and Japanese. Mostly two static strings, so
/// the failures of alternatives tried and dropped cost nothing to build.
#[derive(Clone, Debug)]
struct Wanted {
    en: Cow<'static, str>,
    ja: Cow<'static, str>,
}

impl From<(&'static str, &'static str)> for Wanted {
    fn from((en, ja): (&'static str, &'static str)) -> Wanted {
        Wanted { en: Cow::Borrowed(en), ja: Cow::Borrowed(ja) }
    }
}

impl From<(String, String)> for Wanted {
    fn from((en, ja): (String, String)) -> Wanted {
        Wanted { en: Cow::Owned(en), ja: Cow::Owned(ja) }
    }
}

impl PErr {
    fn expected_at(offset: usize, line: u32, what: impl Into<Wanted>) -> PErr {
        PErr { offset, line, what: What::Expected(what.into()), found_len: None }
    }

    fn into_parse_error(self, body: &str) -> ParseError {
        let pos = Pos { offset: self.offset, line: self.line };
        let column = pos.column(body);
        let message = match self.what {
            What::Expected(e) => {
                let (en, ja) = found(body, self.offset, self.found_len);
                Text::new(format!("expected {}, found {en}", e.en), format!("{}が必要ですが、{ja}", e.ja))
            }
            What::Said(s) => s,
        };
        ParseError { offset: self.offset, line: self.line, column, message }
    }
}

impl<'a> NomParseError<Span<'a>> for PErr {
    fn from_error_kind(input: Span<'a>, _kind: ErrorKind) -> Self {
        PErr::expected_at(input.location_offset(), input.location_line(), ("valid .jmjp text", "正しい .jmjp の文"))
    }

    fn append(_input: Span<'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, the one that got further explains the problem better.
    fn or(self, other: Self) -> Self {
        if other.offset > self.offset { other } else { self }
    }
}

/// What the text shows at `offset`, quoted, for "found ..." (the next word, or `len` characters);
/// the Japanese is a clause of its own ("'x5' があります").
fn found(body: &str, offset: usize, len: Option<usize>) -> (String, String) {
    let rest = body.get(offset..).unwrap_or("");
    if rest.is_empty() {
        return ("the end of the file".to_string(), "ファイルが終わっています".to_string());
    }
    let word: String = match len {
        Some(n) => rest.chars().take_while(|c| !c.is_whitespace()).take(n).collect(),
        None => {
            let w: String =
                rest.chars().take_while(|c| !c.is_whitespace() && !"[](),\"".contains(*c)).take(16).collect();
            if w.is_empty() { rest.chars().take(1).collect() } else { w }
        }
    };
    if word.is_empty() {
        return ("a line break or space".to_string(), "改行か空白があります".to_string());
    }
    (format!("'{word}'"), format!("'{word}' があります"))
}

fn pos(i: &Span) -> Pos {
    Pos { offset: i.location_offset(), line: i.location_line() }
}

/// A recoverable failure: the caller may try something else here.
fn error<T>(i: &Span, expected: impl Into<Wanted>) -> Result<T, Err<PErr>> {
    Err(Err::Error(PErr::expected_at(i.location_offset(), i.location_line(), expected)))
}

/// A committed failure: this is the error to report.
fn failure<T>(i: &Span, expected: impl Into<Wanted>) -> Result<T, Err<PErr>> {
    Err(Err::Failure(PErr::expected_at(i.location_offset(), i.location_line(), expected)))
}

/// A committed failure with a sentence of its own.
fn failure_said<T>(i: &Span, sentence: Text) -> Result<T, Err<PErr>> {
    Err(Err::Failure(PErr {
        offset: i.location_offset(),
        line: i.location_line(),
        what: What::Said(sentence),
        found_len: None,
    }))
}

/// Skips whitespace (any Unicode space) and `//` comments to the end of the line.
#[inline(always)]
fn ws(i: Span) -> Span {
    // Most calls stand on a token already: decide that from the first byte alone.
    match i.fragment().as_bytes().first() {
        Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'/' | 0x80..=0xff) => ws_skip(i),
        _ => i,
    }
}

fn ws_skip(i: Span) -> Span {
    let bytes = i.fragment().as_bytes();
    let mut n = 0;
    loop {
        match bytes.get(n) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) => n += 1,
            Some(b'/') if bytes.get(n + 1) == Some(&b'/') => {
                n += bytes[n..].iter().position(|&b| b == b'\n').unwrap_or(bytes.len() - n);
            }
            Some(&b) if b >= 0x80 => match i.fragment()[n..].chars().next() {
                Some(c) if c.is_whitespace() || c == '\u{feff}' => n += c.len_utf8(),
                _ => break,
            },
            _ => break,
        }
    }
    if n == 0 { i } else { i.take_from(n) }
}

/// The text starts with `s` (compared as bytes, which the compiler turns into one or two loads).
#[inline(always)]
fn starts(i: &Span, s: &str) -> bool {
    i.fragment().as_bytes().starts_with(s.as_bytes())
}

/// After whitespace, the text starts with `s`.
#[inline]
fn peek(i: &Span, s: &str) -> bool {
    starts(&ws(*i), s)
}

/// After whitespace, reads `s` if it is there.
#[inline]
fn opt_sym<'a>(i: Span<'a>, s: &str) -> Option<Span<'a>> {
    let i = ws(i);
    if starts(&i, s) { Some(i.take_from(s.len())) } else { None }
}

/// After whitespace, reads `s`; a recoverable error naming `s` otherwise.
fn sym<'a>(i: Span<'a>, s: &'static str) -> PResult<'a, ()> {
    match opt_sym(i, s) {
        Some(rest) => Ok((rest, ())),
        None => error(&ws(i), (format!("'{s}'"), format!("'{s}'"))),
    }
}

/// After whitespace, reads `s`; a committed failure otherwise.
#[inline]
fn must<'a>(i: Span<'a>, s: &'static str) -> PResult<'a, ()> {
    nom::combinator::cut(|i| sym(i, s)).parse(i)
}

/// After whitespace, reads `s`, or fails (committed) saying what was expected instead.
#[inline]
fn must_as<'a>(i: Span<'a>, s: &'static str, expected: (&'static str, &'static str)) -> PResult<'a, ()> {
    match opt_sym(i, s) {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), expected),
    }
}

/// The position after whitespace, where the next field starts.
fn here(i: Span) -> (Span, Pos) {
    let i = ws(i);
    let p = pos(&i);
    (i, p)
}

/// A run of ASCII digits (after whitespace) and its value; at most 9 digits.
fn digits<'a>(i: Span<'a>, what: (&'static str, &'static str)) -> PResult<'a, Option<(u32, usize)>> {
    let i = ws(i);
    let n = i.fragment().bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return Ok((i, None));
    }
    if n > 9 {
        return failure_said(
            &i,
            Text::new(
                format!("this {} has {n} digits; it is too large", what.0),
                format!("この{}は {n} 桁で、大きすぎます", what.1),
            ),
        );
    }
    let value = i.fragment().as_bytes()[..n].iter().fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
    Ok((i.take_from(n), Some((value, n))))
}

// ---------------------------------------------------------------------------------------------
// File and match

// file = "jmjp[" version "]" [match]^(1-)
fn file(i: Span) -> PResult<(Paifu, Dialect, SourceMap)> {
    let (i, ()) = must_as(i, "jmjp[", ("'jmjp[' at the start of the file", "ファイルの先頭に 'jmjp['"))?;
    let (i, dialect) = version(i)?;
    let (i, ()) = must(i, "]")?;
    let mut i = i;
    i.extra = dialect;
    let mut paifu = Paifu::default();
    let mut map = SourceMap::default();
    loop {
        let at = ws(i);
        if at.fragment().is_empty() {
            if paifu.matches.is_empty() {
                return failure(
                    &at,
                    (
                        "'(' to start a match (a file holds at least one)",
                        "対局を始める '('（ファイルには対局が一つ以上必要）",
                    ),
                );
            }
            break;
        }
        if !at.fragment().starts_with('(') {
            return failure(
                &at,
                ("'(' to start another match, or the end of the file", "次の対局を始める '(' かファイルの終わり"),
            );
        }
        let (rest, (m, p)) = a_match(at)?;
        paifu.matches.push(m);
        map.matches.push(p);
        i = rest;
    }
    Ok((i, (paifu, dialect, map)))
}

// version = big "." small      (0.0.0 wrote the big version alone: "0")
fn version(i: Span) -> PResult<Dialect> {
    let start = ws(i);
    let (i, big) = digits(start, ("version number", "版番号"))?;
    let (i, _small) = match opt_sym(i, ".") {
        Some(rest) => digits(rest, ("version number", "版番号"))?,
        None => (i, None),
    };
    match big {
        Some((0, _)) => Ok((i, Dialect::V0)),
        Some((1, _)) => Ok((i, Dialect::V1)),
        Some((n, _)) => failure_said(
            &start,
            Text::new(
                format!("version {n} of the standard is not known to this program; it reads 0 and 1.0"),
                format!("規格の版 {n} はこのプログラムでは読めません。読めるのは 0 と 1.0 です"),
            ),
        ),
        None => failure(&i, ("a version such as 1.0", "1.0 のような版")),
    }
}

// match = "(" preMatchInfo [frame]^(0-) postMatchInfo ")"
// preMatchInfo = [tourInfo]^(0-1) matchTP [recerInfo]^(0-) [plyerInfo]^(4-4) [ptRule]^(0-1)
// postMatchInfo = [ptMatchEnd]^(0-1) [ptTourNew]^(0-1)
fn a_match(i: Span) -> PResult<(Match, MatchPos)> {
    let (i, start) = here(i);
    let (mut i, ()) = must(i, "(")?;
    let mut m = Match::default();
    let mut p = MatchPos { start, ..MatchPos::default() };
    if peek(&i, "tnm[") {
        let (rest, (t, tp)) = tour_info(i)?;
        (m.tour, p.tour, i) = (Some(t), Some(tp), rest);
    }
    if !peek(&i, "mtp[") {
        let at = ws(i);
        let what = if m.tour.is_some() {
            ("'mtp[' (time and place)", "'mtp['（日時と場所）")
        } else {
            ("'tnm[' or 'mtp[' (time and place)", "'tnm[' か 'mtp['（日時と場所）")
        };
        return failure(&at, what);
    }
    (i, (m.time_place, p.time_place)) = match_tp(i)?;
    while peek(&i, "rec[") {
        let (rest, (r, rp)) = recorder(i)?;
        m.recorders.push(r);
        p.recorders.push(rp);
        i = rest;
    }
    while peek(&i, "ply[") {
        let (rest, (pl, pp)) = player(i)?;
        m.players.push(pl);
        p.players.push(pp);
        i = rest;
    }
    if peek(&i, "ptr[") {
        let (rest, (r, rp)) = point_rule(i)?;
        (m.point_rule, p.point_rule, i) = (Some(r), Some(rp), rest);
    }
    while peek(&i, "frm[") {
        let (rest, (f, fp)) = frame(i)?;
        m.frames.push(f);
        p.frames.push(fp);
        i = rest;
    }
    if peek(&i, "pme[") {
        let (rest, (pts, pp)) = four_points(i, "pme[")?;
        (m.end_points, p.end_points, i) = (Some(pts), Some(pp), rest);
    }
    if peek(&i, "ptn[") {
        let (rest, (pts, pp)) = tour_new(i)?;
        (m.tour_points, p.tour_points, i) = (Some(pts), Some(pp), rest);
    }
    let at = ws(i);
    if !at.fragment().starts_with(')') {
        return failure(&at, expected_in_match(&m));
    }
    Ok((at.take_from(1), (m, p)))
}

/// What may come next in a match, given what has been read (for the error message).
fn expected_in_match(m: &Match) -> (String, String) {
    let mut next: Vec<&str> = Vec::new();
    let (frames, post_end, post_tour) = (!m.frames.is_empty(), m.end_points.is_some(), m.tour_points.is_some());
    if !frames && !post_end && !post_tour && m.point_rule.is_none() {
        if m.players.is_empty() {
            next.push("rec[");
        }
        next.extend(["ply[", "ptr["]);
    }
    if !post_end && !post_tour {
        next.extend(["frm[", "pme["]);
    }
    if !post_tour {
        next.push("ptn[");
    }
    let list: Vec<String> = next.iter().map(|s| format!("'{s}'")).collect();
    if list.is_empty() {
        ("')' to close the match".to_string(), "対局を閉じる ')'".to_string())
    } else {
        let list = list.join(", ");
        (format!("{list} or ')' to close the match"), format!("{list} か対局を閉じる ')'"))
    }
}

// ---------------------------------------------------------------------------------------------
// Pre-match information

/// The fields of one bracketed item (`tnm[a,b,c]`), read in order: each is preceded by a comma
/// (but the first), and where each starts is recorded for diagnostics.
struct Item {
    keyword: &'static str,
    pos: ItemPos,
}

impl Item {
    /// Reads the keyword, e.g. `tnm[`.
    fn open<'a>(i: Span<'a>, keyword: &'static str, fields: usize) -> PResult<'a, Item> {
        let (i, start) = here(i);
        let (i, ()) = must(i, keyword)?;
        Ok((i, Item { keyword, pos: ItemPos { start, fields: Vec::with_capacity(fields) } }))
    }

    /// Reads the next field with `parse`.
    fn field<'a, T>(&mut self, i: Span<'a>, parse: impl FnOnce(Span<'a>) -> PResult<'a, T>) -> PResult<'a, T> {
        let i = if self.pos.fields.is_empty() { i } else { comma(i, self.keyword)?.0 };
        let (i, at) = here(i);
        self.pos.fields.push(at);
        parse(i)
    }

    /// Reads the closing `]`.
    fn close(self, i: Span) -> PResult<ItemPos> {
        let (i, ()) = close(i, self.keyword)?;
        Ok((i, self.pos))
    }
}

/// Items read with `item` up to (not including) the `]` that closes the enclosing item. Each
/// item consumes input or fails, so this always ends.
fn until_close<'a, T>(i: Span<'a>, item: impl Fn(Span<'a>) -> PResult<'a, T>) -> PResult<'a, Vec<T>> {
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
fn opt_number<'a>(what: (&'static str, &'static str)) -> impl FnOnce(Span<'a>) -> PResult<'a, Option<u32>> {
    move |i| digits(i, what).map(|(r, d)| (r, d.map(|d| d.0)))
}

// tourInfo = "tnm[" [tourName]^(0-1) "," [tourYear]^(0-1) "," [tourStage]^(0-1) ","
//                   [matchNumInStage]^(0-1) "," [matchNumInDay]^(0-1) "]"
fn tour_info(i: Span) -> PResult<(TourInfo, ItemPos)> {
    let (i, mut it) = Item::open(i, "tnm[", 5)?;
    let (i, name) = it.field(i, choice)?;
    let (i, year) = it.field(i, year)?;
    let (i, stage) = it.field(i, choice)?;
    let (i, match_in_stage) = it.field(i, opt_number(("match number", "試合番号")))?;
    let (i, match_in_day) = it.field(i, opt_number(("match number", "試合番号")))?;
    let (i, p) = it.close(i)?;
    Ok((i, (TourInfo { name, year, stage, match_in_stage, match_in_day }, p)))
}

/// The comma between two fields of `item`.
#[inline]
fn comma<'a>(i: Span<'a>, item: &'static str) -> PResult<'a, ()> {
    match opt_sym(i, ",") {
        Some(rest) => Ok((rest, ())),
        None => failure(
            &ws(i),
            (format!("',' before the next field of {item}...]"), format!("{item}...] の次の欄の前の ','")),
        ),
    }
}

/// The `]` that closes `item`.
#[inline]
fn close<'a>(i: Span<'a>, item: &'static str) -> PResult<'a, ()> {
    match opt_sym(i, "]") {
        Some(rest) => Ok((rest, ())),
        None => failure(&ws(i), (format!("']' to close {item}...]"), format!("{item}...] を閉じる ']'"))),
    }
}

// tourYear = YYYY
fn year(i: Span) -> PResult<Option<u16>> {
    let i = ws(i);
    let at = i;
    match digits(i, ("year", "年"))? {
        (rest, Some((y, 4))) => Ok((rest, Some(y as u16))),
        (_, Some(_)) => failure(&at, ("a year of four digits such as 2023", "2023 のような四桁の年")),
        (rest, None) => Ok((rest, None)),
    }
}

// matchTP = "mtp[" [matchDate]^(0-1) "," [matchDayOfWk]^(0-1) "," [matchTime]^(0-1) ","
//                  [matchPlace]^(0-1) "]"
fn match_tp(i: Span) -> PResult<(TimePlace, ItemPos)> {
    let (i, mut it) = Item::open(i, "mtp[", 4)?;
    let (i, date) = it.field(i, date)?;
    let (i, weekday) = it.field(i, weekday)?;
    let (i, time) = it.field(i, time)?;
    let (i, place) = it.field(i, choice)?;
    let (i, p) = it.close(i)?;
    Ok((i, (TimePlace { date, weekday, time, place }, p)))
}

// matchDate = YYYYMMDD
fn date(i: Span) -> PResult<Option<Date>> {
    let i = ws(i);
    let at = i;
    match digits(i, ("date", "日付"))? {
        (rest, Some((v, 8))) => {
            Ok((rest, Some(Date { year: (v / 10000) as u16, month: (v / 100 % 100) as u8, day: (v % 100) as u8 })))
        }
        (_, Some(_)) => {
            failure(&at, ("a date of eight digits YYYYMMDD such as 20231002", "20231002 のような八桁の日付 YYYYMMDD"))
        }
        (rest, None) => Ok((rest, None)),
    }
}

// matchDayOfWk = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat"
fn weekday(i: Span) -> PResult<Option<Weekday>> {
    let i = ws(i);
    let at = i;
    let (rest, w) = word(i);
    if w.is_empty() {
        return Ok((rest, None));
    }
    match Weekday::from_code(w) {
        Some(d) => Ok((rest, Some(d))),
        None => failure(
            &at,
            (
                "a day of the week: sun, mon, tue, wed, thu, fri or sat",
                "曜日 sun, mon, tue, wed, thu, fri, sat のどれか",
            ),
        ),
    }
}

// matchTime = HHMM
fn time(i: Span) -> PResult<Option<Time>> {
    let i = ws(i);
    let at = i;
    match digits(i, ("time", "時刻"))? {
        (rest, Some((v, 4))) => Ok((rest, Some(Time { hour: (v / 100) as u8, minute: (v % 100) as u8 }))),
        (_, Some(_)) => failure(&at, ("a time of four digits HHMM such as 1900", "1900 のような四桁の時刻 HHMM")),
        (rest, None) => Ok((rest, None)),
    }
}

/// A bare word of letters, digits and `-` (a shorthand token or a keyword), possibly empty.
fn word(i: Span<'_>) -> (Span<'_>, &str) {
    let i = ws(i);
    let n = i.fragment().bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'-').count();
    let w = &i.fragment()[..n];
    (i.take_from(n), w)
}

// tourName | tourStage | matchPlace | plyerTeam | plyerAffil = token | strLit   (each may be left out)
fn choice<T: Shorthand>(i: Span) -> PResult<Option<Choice<T>>> {
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
fn str_lit(i: Span) -> PResult<Option<StrLit>> {
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
fn quoted(i: Span) -> PResult<String> {
    let i = ws(i);
    if !i.fragment().starts_with('"') {
        return failure(&i, ("'\"' to start the quoted text", "引用文を始める '\"'"));
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
    failure_said(
        &i,
        Text::new(
            "this quoted text is never closed: a '\"' is missing before the end of the file",
            "この引用文は閉じられていません。ファイルの終わりまでに '\"' がありません",
        ),
    )
}

// name = "(" [strLit]^(0-1) "," [strLit]^(0-1) ")"      (0.0: "[" ... "]")
fn name(i: Span) -> PResult<Option<Name>> {
    let (open, shut) = match i.extra {
        Dialect::V0 => ("[", "]"),
        Dialect::V1 => ("(", ")"),
    };
    let Some(i) = opt_sym(i, open) else { return Ok((i, None)) };
    let (i, last) = str_lit(i)?;
    let (i, ()) = must_as(i, ",", ("',' between the last name and the first name", "姓と名の間の ','"))?;
    let (i, first) = str_lit(i)?;
    let (i, ()) = must_as(
        i,
        shut,
        if shut == ")" {
            ("')' to close the name", "名前を閉じる ')'")
        } else {
            ("']' to close the name", "名前を閉じる ']'")
        },
    )?;
    Ok((i, Some(Name { last, first })))
}

// recerInfo = "rec[" [recerName]^(0-1) "," [framesRecd]^(0-1) "]"
// framesRecd = "all" | [frameId]^(0-)
fn recorder(i: Span) -> PResult<(Recorder, ItemPos)> {
    let (i, mut it) = Item::open(i, "rec[", 2)?;
    let (i, name) = it.field(i, name)?;
    let (i, frames) = it.field(i, frames_recorded)?;
    let (i, p) = it.close(i)?;
    Ok((i, (Recorder { name, frames }, p)))
}

fn frames_recorded(i: Span) -> PResult<FramesRecorded> {
    if let Some(rest) = opt_sym(i, "all") {
        return Ok((rest, FramesRecorded::All));
    }
    let (i, ids) = until_close(i, frame_id)?;
    Ok((i, FramesRecorded::Only(ids)))
}

// plyerInfo = "ply[" plyerId "," [plyerName]^(0-1) "," [plyerTeam]^(0-1) ","
//                    [plyerAffil]^(0-1) "," [ptTourPrev]^(0-1) "]"
fn player(i: Span) -> PResult<(Player, ItemPos)> {
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
fn player_id(i: Span) -> PResult<u8> {
    match digits(i, ("player id", "選手 id"))? {
        (rest, Some((v, _))) if v <= u32::from(u8::MAX) => Ok((rest, v as u8)),
        _ => failure(&ws(i), ("a player id 0, 1, 2 or 3 (the seat at E1-0)", "選手 id 0, 1, 2, 3（E1-0 の席）")),
    }
}

fn opt_tour_points(i: Span) -> PResult<Option<TourPoints>> {
    if peek(&i, "(") { tour_points(i).map(|(r, t)| (r, Some(t))) } else { Ok((i, None)) }
}

// ptTour = "(" [pt]^(0-1) "," [pt]^(0-1) ")"
fn tour_points(i: Span) -> PResult<TourPoints> {
    let (i, ()) = must_as(
        i,
        "(",
        ("'(' to start tournament points (personal, team)", "通算ポイント（個人、チーム）を始める '('"),
    )?;
    let (i, personal) = opt_points(i)?;
    let (i, ()) =
        must_as(i, ",", ("',' between personal and team tournament points", "個人とチームの通算ポイントの間の ','"))?;
    let (i, team) = opt_points(i)?;
    let (i, ()) = must_as(i, ")", ("')' to close the tournament points", "通算ポイントを閉じる ')'"))?;
    Ok((i, TourPoints { personal, team }))
}

// ptRule = "ptr[" ptStart "," ptRetn "," ptPostn "," ptHonba ["," ptTenpai]^(0-1) "]"
// ptPostn = "(" ptPostn14 "," ptPostn23 ")"          (ptTenpai: later draft)
fn point_rule(i: Span) -> PResult<(PointRule, ItemPos)> {
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
fn uma(i: Span) -> PResult<(Points, Points)> {
    let (i, ()) = must_as(
        i,
        "(",
        ("'(' to start the uma (4th to 1st, 3rd to 2nd)", "ウマ（4位から1位、3位から2位）を始める '('"),
    )?;
    let (i, a) = points(i)?;
    let (i, ()) = must_as(i, ",", ("',' between the two uma values", "二つのウマの値の間の ','"))?;
    let (i, b) = points(i)?;
    let (i, ()) = must_as(i, ")", ("')' to close the uma", "ウマを閉じる ')'"))?;
    Ok((i, (a, b)))
}

// pt = ["-"|"+"] digits ["." digits]      (a whole number of hundreds of points: 25.0, -5.8)
fn points(i: Span) -> PResult<Points> {
    let i = ws(i);
    let at = i;
    match opt_points(i)? {
        (rest, Some(p)) => Ok((rest, p)),
        (_, None) => failure(&at, ("points such as 25.0 or -5.8", "25.0 や -5.8 のような点数")),
    }
}

fn opt_points(i: Span) -> PResult<Option<Points>> {
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
        return if n == 0 {
            Ok((i, None))
        } else {
            failure(&i.take_from(n), ("digits of the points", "点数の数字"))
        };
    }
    if int_len > 8 {
        return failure_said(
            &i,
            Text::new("these points are too large (more than 8 digits)", "この点数は大きすぎます（9 桁以上）"),
        );
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
            return failure_said(
                &i,
                Text::new(
                    format!(
                        "points are written in hundreds with one decimal (25.0 is 25000): '{text}' is not a whole number of hundreds"
                    ),
                    format!(
                        "点数は百点単位で小数一桁で書きます（25.0 は 25000 点）。'{text}' は百点単位ではありません"
                    ),
                ),
            );
        }
    }
    Ok((i.take_from(n), Some(Points(if negative { -value } else { value }))))
}

// ---------------------------------------------------------------------------------------------
// Frames

// frame = "frm[" frameId "," [kyoutak]^(0-1) "," [dice]^(0-1) "," [ptFrmStart]^(0-1) ","
//                [dora]^(0-1) "," [frameFlow]^(0-) "," [ptFrmEnd]^(0-1) "," [frameCmt]^(0-1) "]"
fn frame(i: Span) -> PResult<(Frame, FramePos)> {
    let (i, mut it) = Item::open(i, "frm[", 8)?;
    let mut p = FramePos::default();
    let (i, id) = it.field(i, frame_id)?;
    let (i, kyoutaku) = it.field(i, opt_points)?;
    let (i, dice) = it.field(i, dice)?;
    let (i, start_points) = it.field(i, |i| opt_four_points(i, "pfs["))?;
    let (i, dora) = it.field(i, |i| tiles_until(i, b","))?;
    let (i, flow) = it.field(i, |i| frame_flow(i, &mut p))?;
    let (i, end_points) = it.field(i, |i| opt_four_points(i, "pfe["))?;
    let (i, comment) = it.field(i, str_lit)?;
    let (i, item) = it.close(i)?;
    p.item = item;
    Ok((i, (Frame { id, kyoutaku, dice, start_points, dora, flow, end_points, comment }, p)))
}

fn opt_four_points<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, Option<[Points; 4]>> {
    if peek(&i, keyword) { four_points(i, keyword).map(|(r, v)| (r, Some(v.0))) } else { Ok((i, None)) }
}

// frameId = frameWind frameNum "-" frameHonba
// frameWind = "E" | "S" | "W" | "N"      frameNum = "1".."4"      frameHonba = integer >= 0
fn frame_id(i: Span) -> PResult<FrameId> {
    let i = ws(i);
    let expected = ("a frame id such as E1-0 or S4-2", "E1-0 や S4-2 のような局 id");
    let Some(wind) = i.fragment().bytes().next().and_then(Wind::from_code) else { return failure(&i, expected) };
    let (i, number) = match digits(i.take_from(1), ("frame number", "局番号"))? {
        (rest, Some((n, 1))) => (rest, n as u8),
        _ => return failure(&i, expected),
    };
    let (i, ()) = must_as(i, "-", ("'-' and the honba count of the frame id (E1-0)", "局 id の '-' と本場数（E1-0）"))?;
    match digits(i, ("honba count", "本場数"))? {
        (rest, Some((honba, _))) => Ok((rest, FrameId { wind, number, honba })),
        _ => failure(&ws(i), ("the honba count of the frame id, a number such as 0", "局 id の本場数（0 のような数）")),
    }
}

// dice = diceRes "-" diceRes      diceRes = "1".."6"      (later draft: a total "2".."12")
fn dice(i: Span) -> PResult<Option<Dice>> {
    let i = ws(i);
    let at = i;
    let (i, first) = match digits(i, ("dice", "サイコロ"))? {
        (rest, Some((v, _))) => (rest, v),
        (rest, None) => return Ok((rest, None)),
    };
    if let Some(rest) = opt_sym(i, "-") {
        let rest = ws(rest);
        let at2 = rest;
        return match digits(rest, ("dice", "サイコロ"))? {
            (rest, Some((second, _))) if (1..=6).contains(&first) && (1..=6).contains(&second) => {
                Ok((rest, Some(Dice::Pair(first as u8, second as u8))))
            }
            (_, Some((second, _))) if (1..=6).contains(&first) => failure_said(
                &at2,
                Text::new(
                    format!("a die shows 1 to 6, not {second}"),
                    format!("サイコロの目は 1 から 6 で、{second} はありません"),
                ),
            ),
            (_, Some(_)) => failure_said(
                &at,
                Text::new(
                    format!("a die shows 1 to 6, not {first}"),
                    format!("サイコロの目は 1 から 6 で、{first} はありません"),
                ),
            ),
            (_, None) => failure(&at2, ("the second die, 1 to 6", "二つ目のサイコロの目（1 から 6）")),
        };
    }
    if (2..=12).contains(&first) {
        Ok((i, Some(Dice::Total(first as u8))))
    } else {
        failure(&at, ("dice such as 3-4 (each die 1 to 6)", "3-4 のようなサイコロの目（各 1 から 6）"))
    }
}

// ptFrmStart = "pfs[" pt "," pt "," pt "," pt "]"    ptFrmEnd = "pfe[" ...    ptMatchEnd = "pme[" ...
fn four_points<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, ([Points; 4], ItemPos)> {
    let (mut i, mut it) = Item::open(i, keyword, 4)?;
    let mut pts = [Points::default(); 4];
    for slot in &mut pts {
        (i, *slot) = it.field(i, points)?;
    }
    let (i, p) = it.close(i)?;
    Ok((i, (pts, p)))
}

// ptTourNew = "ptn[" ptTour "," ptTour "," ptTour "," ptTour "]"
fn tour_new(i: Span) -> PResult<([TourPoints; 4], ItemPos)> {
    let (mut i, mut it) = Item::open(i, "ptn[", 4)?;
    let mut pts = [TourPoints::default(); 4];
    for slot in &mut pts {
        (i, *slot) = it.field(i, tour_points)?;
    }
    let (i, p) = it.close(i)?;
    Ok((i, (pts, p)))
}

// realTiles = "1m".."9m" | "0m" | "1p".."9p" | "0p" | "1s".."9s" | "0s"
//           | "ew" | "sw" | "ww" | "nw" | "wd" | "gd" | "rd" | "uk"
fn tile(i: Span) -> PResult<Tile> {
    let i = ws(i);
    match i.fragment().as_bytes().get(..2).and_then(Tile::from_code) {
        Some(t) => Ok((i.take_from(2), t)),
        None => Err(Err::Failure(PErr {
            offset: i.location_offset(),
            line: i.location_line(),
            what: What::Expected(("a tile such as 5m, 0p or rd", "5m, 0p, rd のような牌").into()),
            found_len: Some(2),
        })),
    }
}

/// `[realTiles]^(0-)` up to (not including) one of the `stops` bytes.
fn tiles_until<'a>(i: Span<'a>, stops: &[u8]) -> PResult<'a, Vec<Tile>> {
    let mut out = Vec::new();
    let mut i = ws(i);
    loop {
        // Fast path: a run of tiles with no space between them is read byte by byte and the
        // input advanced once (advancing the located input counts line breaks each time).
        let bytes = i.fragment().as_bytes();
        let mut n = 0;
        while let Some(t) = bytes.get(n..n + 2).and_then(Tile::from_code) {
            out.push(t);
            n += 2;
        }
        if n > 0 {
            i = ws(i.take_from(n));
        }
        match i.fragment().as_bytes().first() {
            Some(b) if !stops.contains(b) => {
                let (rest, t) = tile(i)?;
                out.push(t);
                i = ws(rest);
            }
            _ => return Ok((i, out)),
        }
    }
}

/// `[realTiles]^(n-n)`.
fn tiles_n<const N: usize>(i: Span) -> PResult<[Tile; N]> {
    let mut out = [Tile::UNKNOWN; N];
    let mut i = i;
    for slot in &mut out {
        (i, *slot) = tile(i)?;
    }
    Ok((i, out))
}

/// One entry of a flow: a seat's hand, or an act.
enum Entry {
    Hand(SeatHand),
    Act(Act),
}

// frameFlow = ["(" seat "," startHand ")"]^(4-4) [frameAct]^(0-) ["(" seat "," endHand ")"]^(4-4)
//
// Hands before the first act are start hands (with no acts at all, the first four are); hands
// after the acts are end hands. An act after the end hands, or a fifth end hand, would start a
// second flow, which a frame cannot hold.
fn frame_flow<'a>(i: Span<'a>, p: &mut FramePos) -> PResult<'a, Option<FrameFlow>> {
    if !peek(&i, "(") {
        return Ok((i, None));
    }
    let mut flow = FrameFlow {
        start_hands: Vec::with_capacity(4),
        acts: Vec::with_capacity(80),
        end_hands: Vec::with_capacity(4),
    };
    p.acts.reserve(80);
    let mut i = i;
    let mut river_tile: Option<Tile> = None;
    while peek(&i, "(") {
        let (rest, at) = here(i);
        let (rest, entry) = flow_entry(rest, river_tile)?;
        match entry {
            Entry::Act(act) => {
                if !flow.end_hands.is_empty() {
                    return failure_said(
                        &ws(i),
                        Text::new(
                            "this act comes after the end hands: a frame holds one flow (four start hands, the acts, four end hands)",
                            "この行為は終了時の手牌の後にあります。局の流れは一つです（配牌四つ、行為、終了時の手牌四つ）",
                        ),
                    );
                }
                river_tile = tile_to_river(&act);
                flow.acts.push(act);
                p.acts.push(at);
            }
            Entry::Hand(h) => {
                let into_start = flow.acts.is_empty() && flow.start_hands.len() < 4;
                if into_start {
                    flow.start_hands.push(h);
                    p.start_hands.push(at);
                } else if flow.end_hands.len() < 4 {
                    flow.end_hands.push(h);
                    p.end_hands.push(at);
                } else {
                    return failure_said(
                        &ws(i),
                        Text::new(
                            "a fifth end hand: a frame holds one flow (four start hands, the acts, four end hands)",
                            "五つ目の終了時の手牌です。局の流れは一つです（配牌四つ、行為、終了時の手牌四つ）",
                        ),
                    );
                }
            }
        }
        i = rest;
    }
    Ok((i, Some(flow)))
}

/// The tile an act puts in the river, as far as the text alone says (for 0.0 calls).
fn tile_to_river(act: &Act) -> Option<Tile> {
    let drawn = match act.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
        _ => None,
    };
    match act.discard? {
        Discard::Tile(t) | Discard::Riichi(t) | Discard::Kakan(t) => Some(t),
        Discard::Tsumogiri | Discard::Karagiri => drawn,
        Discard::Ankan(_) | Discard::Tsumo => None,
    }
}

// "(" seat "," hand ")"  |  frameAct = "(" seat "," drawTile "," [discTile]^(0-1) ")"
fn flow_entry(i: Span, river_tile: Option<Tile>) -> PResult<Entry> {
    if let Some(fast) = compact_act(i) {
        return Ok(fast);
    }
    let (i, ()) = must(i, "(")?;
    let i = ws(i);
    let Some(seat) = i.fragment().bytes().next().and_then(Seat::from_code) else {
        return failure(&i, ("a seat e, s, w or n", "席 e, s, w, n のどれか"));
    };
    let (i, ()) = must_as(i.take_from(1), ",", ("',' after the seat", "席の後の ','"))?;
    if peek(&i, "hnd[") {
        let (i, hand) = hand(i)?;
        let (i, ()) = must_as(i, ")", ("')' to close the seat's hand", "手牌を閉じる ')'"))?;
        return Ok((i, Entry::Hand(SeatHand { seat, hand })));
    }
    let (i, draw) = draw_tile(i, river_tile)?;
    let (i, ()) = must_as(
        i,
        ",",
        ("',' after the draw (the discard may be left empty: (e,ro,))", "ツモの後の ','（打牌は空でもよい：(e,ro,)）"),
    )?;
    let (i, discard) = disc_tile(i)?;
    let (i, ()) = must_as(i, ")", ("')' to close the act", "行為を閉じる ')'"))?;
    Ok((i, Entry::Act(Act { seat, draw, discard })))
}

/// Fast path for the commonest act, written without spaces: `(s,5m,3p)`, `(s,5m,tg)`,
/// `(s,5m,kg)`, `(s,5m,tm)` or `(s,5m,)`. `None` means "use the general rules" (which also give
/// the errors), never an error of its own.
#[inline]
fn compact_act(i: Span) -> Option<(Span, Entry)> {
    let b = i.fragment().as_bytes();
    if b.len() < 7 || b[0] != b'(' || b[2] != b',' || b[5] != b',' {
        return None;
    }
    let seat = Seat::from_code(b[1])?;
    let draw = Draw::Tile(Tile::from_code(&b[3..5])?);
    let (discard, len) = match b.get(6..9)? {
        [b')', ..] => (None, 7),
        [b't', b'g', b')'] => (Some(Discard::Tsumogiri), 9),
        [b'k', b'g', b')'] => (Some(Discard::Karagiri), 9),
        [b't', b'm', b')'] => (Some(Discard::Tsumo), 9),
        [x, y, b')'] => (Some(Discard::Tile(Tile::from_code(&[*x, *y])?)), 9),
        _ => return None,
    };
    // Take the line break and indentation after the act in the same step: every advance of
    // the located input counts line breaks, so fewer advances is faster.
    let spaces = b[len..].iter().take_while(|c| matches!(c, b' ' | b'\n' | b'\r' | b'\t')).count();
    Some((i.take_from(len + spaces), Entry::Act(Act { seat, draw, discard })))
}

// drawTile = realTiles | actChi | actPon | actDmk | actRsn | actRon | actOya
// actChi = "ch[" realTiles realTiles "]"     actPon = "pn[" realTiles realTiles "]"   (0.0: "pn")
// actDmk = "dk[" realTiles realTiles realTiles "]"  (0.0: "dk")    actRsn = "rs[" realTiles "]"
// actRon = "ro" (later draft also "rn")      actOya = "oy"
fn draw_tile(i: Span, river_tile: Option<Tile>) -> PResult<Draw> {
    let i = ws(i);
    let f = *i.fragment();
    let v0 = i.extra == Dialect::V0;
    // 0.0 names no tiles for pon and daiminkan: they are copies of the called (last river) tile.
    let c = river_tile.map_or(Tile::UNKNOWN, Tile::plain);
    if starts(&i, "ch[") {
        let (i, tiles) = tiles_n::<2>(i.take_from(3))?;
        let (i, ()) = close(i, "ch[")?;
        Ok((i, Draw::Chi(tiles)))
    } else if starts(&i, "pn[") {
        let (i, tiles) = tiles_n::<2>(i.take_from(3))?;
        let (i, ()) = close(i, "pn[")?;
        Ok((i, Draw::Pon(tiles)))
    } else if v0 && starts(&i, "pn") {
        Ok((i.take_from(2), Draw::Pon([c, c])))
    } else if starts(&i, "dk[") {
        let (i, tiles) = tiles_n::<3>(i.take_from(3))?;
        let (i, ()) = close(i, "dk[")?;
        Ok((i, Draw::Daiminkan(tiles)))
    } else if v0 && starts(&i, "dk") {
        Ok((i.take_from(2), Draw::Daiminkan([c, c, c])))
    } else if starts(&i, "rs[") {
        let (i, t) = tile(i.take_from(3))?;
        let (i, ()) = close(i, "rs[")?;
        Ok((i, Draw::Rinshan(t)))
    } else if starts(&i, "ro") || starts(&i, "rn") {
        Ok((i.take_from(2), Draw::Ron))
    } else if starts(&i, "oy") {
        Ok((i.take_from(2), Draw::Oya))
    } else {
        match f.as_bytes().get(..2).and_then(Tile::from_code) {
            Some(t) => Ok((i.take_from(2), Draw::Tile(t))),
            None => Err(Err::Failure(PErr {
                offset: i.location_offset(),
                line: i.location_line(),
                what: What::Expected(
                    (
                        "a drawn tile such as 5m, or ch[..], pn[..], dk[..], rs[..], ro, oy",
                        "5m のようなツモ牌か ch[..], pn[..], dk[..], rs[..], ro, oy",
                    )
                        .into(),
                ),
                found_len: Some(if v0 { 2 } else { 3 }),
            })),
        }
    }
}

// discTile = realTiles | actTmg | actKrg | actKkn | actAnk | actTsm | actRch
// actTmg = "tg"   actKrg = "kg"   actKkn = "kk[" realTiles "]"
// actAnk = "ak[" realTiles realTiles realTiles realTiles "]"   (0.0: "ak[" realTiles "]")
// actTsm = "tm"   actRch = "rc[" realTiles "]"
fn disc_tile(i: Span) -> PResult<Option<Discard>> {
    let i = ws(i);
    let f = *i.fragment();
    if starts(&i, ")") {
        return Ok((i, None));
    }
    if starts(&i, "tg") {
        Ok((i.take_from(2), Some(Discard::Tsumogiri)))
    } else if starts(&i, "kg") {
        Ok((i.take_from(2), Some(Discard::Karagiri)))
    } else if starts(&i, "tm") {
        Ok((i.take_from(2), Some(Discard::Tsumo)))
    } else if starts(&i, "kk[") {
        let (i, t) = tile(i.take_from(3))?;
        let (i, ()) = close(i, "kk[")?;
        Ok((i, Some(Discard::Kakan(t))))
    } else if starts(&i, "rc[") {
        let (i, t) = tile(i.take_from(3))?;
        let (i, ()) = close(i, "rc[")?;
        Ok((i, Some(Discard::Riichi(t))))
    } else if starts(&i, "ak[") {
        let rest = i.take_from(3);
        let (i, tiles) = if i.extra == Dialect::V0 {
            let (r, t) = tile(rest)?;
            (r, [t, t.plain(), t.plain(), t.plain()])
        } else {
            tiles_n::<4>(rest)?
        };
        let (i, ()) = close(i, "ak[")?;
        Ok((i, Some(Discard::Ankan(tiles))))
    } else {
        match f.as_bytes().get(..2).and_then(Tile::from_code) {
            Some(t) => Ok((i.take_from(2), Some(Discard::Tile(t)))),
            None => Err(Err::Failure(PErr {
                offset: i.location_offset(),
                line: i.location_line(),
                what: What::Expected(
                    (
                        "a discarded tile such as 5m, or tg, kg, rc[..], kk[..], ak[..], tm, or ')' for none",
                        "5m のような打牌か tg, kg, rc[..], kk[..], ak[..], tm、打牌なしなら ')'",
                    )
                        .into(),
                ),
                found_len: Some(2),
            })),
        }
    }
}

// hand = "hnd[" [tileInHand]^(1-13) "," [tileTsumo]^(0-1) "," [tileFuro]^(0-4) "]"
fn hand(i: Span) -> PResult<Hand> {
    let (i, ()) = must(i, "hnd[")?;
    let (i, tiles) = tiles_until(i, b",]")?;
    let (i, ()) = must_as(
        i,
        ",",
        ("',' after the tiles in hand (then the drawn tile, if any)", "手牌の後の ','（次にツモ牌があれば）"),
    )?;
    let (i, tsumo) = if peek(&i, ",") { (i, None) } else { tile(i).map(|(r, t)| (r, Some(t)))? };
    let (i, ()) =
        must_as(i, ",", ("',' after the drawn tile (then the melds, if any)", "ツモ牌の後の ','（次に副露があれば）"))?;
    let (i, furo) = until_close(i, tile_furo)?;
    let (i, ()) = close(i, "hnd[")?;
    Ok((i, Hand { tiles, tsumo, furo }))
}

// tileFuro = furoChi | furoPon | furoDmk | furoKkn | furoAnk
// furoChi = "chi[" realTiles "," realTiles realTiles "]"
// furoPon = "pon[" realTiles "," realTiles realTiles "," tileFrom "]"        (0.0: "pon[" t "," from "]")
// furoDmk = "dmk[" realTiles "," realTiles^3 "," tileFrom "]"                (0.0: "dmk[" t "," from "]")
// furoKkn = "kkn[" realTiles "," realTiles "," realTiles^2 "," tileFrom "]"  (0.0: "kkn[" t "," from "]")
// furoAnk = "ank[" realTiles^4 "]"                                           (0.0: "ank[" t "]")
fn tile_furo(i: Span) -> PResult<Furo> {
    let i = ws(i);
    let v0 = i.extra == Dialect::V0;
    let f = *i.fragment();
    let keyword: &'static str = match f.get(..4) {
        Some("chi[") => "chi[",
        Some("pon[") => "pon[",
        Some("dmk[") => "dmk[",
        Some("kkn[") => "kkn[",
        Some("ank[") => "ank[",
        _ => {
            return failure(
                &i,
                (
                    "a meld chi[..], pon[..], dmk[..], kkn[..], ank[..] or ']' to close the hand",
                    "副露 chi[..], pon[..], dmk[..], kkn[..], ank[..] か手牌を閉じる ']'",
                ),
            );
        }
    };
    let i = i.take_from(4);
    let (i, first) = tile(i)?;
    let p = first.plain();
    let (i, furo) = match (keyword, v0) {
        ("chi[", _) => {
            let (i, ()) = comma(i, "chi[")?;
            let (i, hand) = tiles_n::<2>(i)?;
            (i, Furo::Chi { called: first, hand })
        }
        ("ank[", true) => (i, Furo::Ankan([first, p, p, p])),
        ("ank[", false) => {
            let (i, rest) = tiles_n::<3>(i)?;
            (i, Furo::Ankan([first, rest[0], rest[1], rest[2]]))
        }
        (_, true) => {
            let (i, from) = tile_from(i, keyword)?;
            let furo = match keyword {
                "pon[" => Furo::Pon { called: first, hand: [p, p], from },
                "dmk[" => Furo::Daiminkan { called: first, hand: [p, p, p], from },
                _ => Furo::Kakan { added: first, called: p, hand: [p, p], from },
            };
            (i, furo)
        }
        ("pon[", false) => {
            let (i, ()) = comma(i, "pon[")?;
            let (i, hand) = tiles_n::<2>(i)?;
            let (i, from) = tile_from(i, keyword)?;
            (i, Furo::Pon { called: first, hand, from })
        }
        ("dmk[", false) => {
            let (i, ()) = comma(i, "dmk[")?;
            let (i, hand) = tiles_n::<3>(i)?;
            let (i, from) = tile_from(i, keyword)?;
            (i, Furo::Daiminkan { called: first, hand, from })
        }
        (_, false) => {
            let (i, ()) = comma(i, "kkn[")?;
            let (i, called) = tile(i)?;
            let (i, ()) = comma(i, "kkn[")?;
            let (i, hand) = tiles_n::<2>(i)?;
            let (i, from) = tile_from(i, keyword)?;
            (i, Furo::Kakan { added: first, called, hand, from })
        }
    };
    let (i, ()) = close(i, keyword)?;
    Ok((i, furo))
}

// "," tileFrom      tileFrom = "k" | "t" | "s"
fn tile_from<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, CalledFrom> {
    let (i, ()) = comma(i, keyword)?;
    let i = ws(i);
    match i.fragment().bytes().next().and_then(CalledFrom::from_code) {
        Some(from) => Ok((i.take_from(1), from)),
        None => failure(
            &i,
            (
                "where the tile came from: k (kamicha), t (toimen) or s (shimocha)",
                "鳴いた相手 k（上家）, t（対面）, s（下家）のどれか",
            ),
        ),
    }
}
