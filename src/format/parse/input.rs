//! The parser's input, its errors in both languages, and the small helpers every rule uses:
//! whitespace and comments, terminals, digits, as nom parsers.

use nom::combinator::cut;
use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::{Err, IResult, Parser};

use crate::i18n::{Msg, Text, tr};

use crate::format::source::Pos;

pub(super) use super::span::Span;
pub(super) type PResult<'a, T> = IResult<Span<'a>, T, PErr>;

/// The parser's error while parsing: a position and what went wrong there.
#[derive(Clone, Debug)]
pub(super) struct PErr {
    pub(super) offset: usize,
    pub(super) line: u32,
    pub(super) what: Complaint,
    /// How many characters of the input to show as "found" (default: the next word).
    pub(super) found_len: Option<usize>,
}

#[derive(Clone, Debug)]
pub(super) enum Complaint {
    /// "expected {0}, found ..."
    Expected(Wanted),
    /// A whole sentence of its own.
    Said(Text),
}

/// What the parser wanted at a place, in both languages. Mostly a message of the files or a
/// symbol, so the failures of alternatives tried and dropped cost nothing to build.
#[derive(Clone, Debug)]
pub(super) enum Wanted {
    Msg(Msg),
    /// A symbol of the grammar, shown quoted (`')'`).
    Symbol(&'static str),
    Text(Text),
}

impl From<Msg> for Wanted {
    fn from(m: Msg) -> Wanted {
        Wanted::Msg(m)
    }
}

impl From<Text> for Wanted {
    fn from(t: Text) -> Wanted {
        Wanted::Text(t)
    }
}

impl Wanted {
    fn text(self) -> Text {
        match self {
            Wanted::Msg(m) => m.text(),
            Wanted::Symbol(s) => Text::verbatim(format!("'{s}'")),
            Wanted::Text(t) => t,
        }
    }
}

impl PErr {
    pub(super) fn expected_at(offset: usize, line: u32, what: impl Into<Wanted>) -> PErr {
        PErr { offset, line, what: Complaint::Expected(what.into()), found_len: None }
    }

    pub(super) fn into_parse_error(self, body: &str) -> ParseError {
        let pos = Pos { offset: self.offset, line: self.line };
        let column = pos.column(body);
        let message = match self.what {
            Complaint::Expected(e) => {
                tr!("format-parse-expected", wanted = e.text(), found = found(body, self.offset, self.found_len))
            }
            Complaint::Said(s) => s,
        };
        ParseError { offset: self.offset, line: self.line, column, message }
    }
}

impl<'a> NomParseError<Span<'a>> for PErr {
    fn from_error_kind(input: Span<'a>, _kind: ErrorKind) -> Self {
        PErr::expected_at(input.location_offset(), input.location_line(), tr!("format-want-valid-text"))
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
pub(super) fn found(body: &str, offset: usize, len: Option<usize>) -> Text {
    let rest = body.get(offset..).unwrap_or("");
    if rest.is_empty() {
        return tr!("format-parse-found-end-of-file").text();
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
        return tr!("format-parse-found-space").text();
    }
    tr!("format-parse-found-word", word = word)
}

pub(super) fn pos(i: &Span) -> Pos {
    Pos { offset: i.location_offset(), line: i.location_line() }
}

/// A recoverable failure: the caller may try something else here.
pub(super) fn error<T>(i: &Span, expected: impl Into<Wanted>) -> Result<T, Err<PErr>> {
    Err(Err::Error(PErr::expected_at(i.location_offset(), i.location_line(), expected)))
}

/// A committed failure: this is the error to report.
pub(super) fn failure<T>(i: &Span, expected: impl Into<Wanted>) -> Result<T, Err<PErr>> {
    Err(Err::Failure(PErr::expected_at(i.location_offset(), i.location_line(), expected)))
}

/// A committed failure with a sentence of its own.
pub(super) fn failure_said<T>(i: &Span, sentence: Text) -> Result<T, Err<PErr>> {
    Err(Err::Failure(PErr {
        offset: i.location_offset(),
        line: i.location_line(),
        what: Complaint::Said(sentence),
        found_len: None,
    }))
}

/// Skips whitespace (any Unicode space) and `//` comments to the end of the line.
#[inline(always)]
pub(super) fn ws(i: Span) -> Span {
    // Most calls stand on a token already: decide that from the first byte alone.
    match i.fragment().as_bytes().first() {
        Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'/' | 0x80..=0xff) => ws_skip(i),
        _ => i,
    }
}

/// [`ws`] once it is known there may be something to skip; counts the line breaks it skips.
pub(super) fn ws_skip(i: Span) -> Span {
    let bytes = i.fragment().as_bytes();
    let (mut n, mut lines) = (0, 0);
    loop {
        match bytes.get(n) {
            Some(b'\n') => (n, lines) = (n + 1, lines + 1),
            Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => n += 1,
            Some(b'/') if bytes.get(n + 1) == Some(&b'/') => {
                n += bytes[n..].iter().position(|&b| b == b'\n').unwrap_or(bytes.len() - n);
            }
            Some(&b) if b >= 0x80 => match i.fragment()[n..].chars().next() {
                // U+2028 and U+2029 separate lines to Unicode, not to the line count.
                Some(c) if c.is_whitespace() || c == '\u{feff}' => n += c.len_utf8(),
                _ => break,
            },
            _ => break,
        }
    }
    if n == 0 { i } else { i.skip_lines(n, lines) }
}

/// The text starts with `s` (compared as bytes, which the compiler turns into one or two loads).
#[inline(always)]
pub(super) fn starts(i: &Span, s: &str) -> bool {
    i.fragment().as_bytes().starts_with(s.as_bytes())
}

/// After whitespace, the text starts with `s`.
#[inline]
pub(super) fn peek(i: &Span, s: &str) -> bool {
    starts(&ws(*i), s)
}

/// After whitespace, reads `s` if it is there.
#[inline]
pub(super) fn opt_sym<'a>(i: Span<'a>, s: &str) -> Option<Span<'a>> {
    let i = ws(i);
    if starts(&i, s) { Some(i.skip(s.len())) } else { None }
}

/// `p`, whose recoverable error says that `wanted` was expected where it stood.
#[inline]
pub(super) fn want<'a, O>(
    mut p: impl Parser<Span<'a>, Output = O, Error = PErr>,
    wanted: impl Into<Wanted> + Clone,
) -> impl Parser<Span<'a>, Output = O, Error = PErr> {
    move |i: Span<'a>| match p.parse(i) {
        Err(Err::Error(e)) => {
            Err(Err::Error(PErr { what: Complaint::Expected(wanted.clone().into()), found_len: None, ..e }))
        }
        other => other,
    }
}

/// After whitespace, the terminal `s` (nom's `preceded(blank, tag(s))`, written out: it is the
/// commonest parser of all, and this way a miss costs a comparison and a position, nothing more);
/// a recoverable error naming `s` otherwise.
#[inline]
pub(super) fn sym<'a>(s: &'static str) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    move |i: Span<'a>| {
        let i = ws(i);
        if starts(&i, s) { Ok((i.skip(s.len()), ())) } else { error(&i, Wanted::Symbol(s)) }
    }
}

/// After whitespace, the terminal `s`, committed: a failure naming `s` otherwise.
#[inline]
pub(super) fn must<'a>(s: &'static str) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    cut(sym(s))
}

/// After whitespace, the terminal `s`, committed: a failure saying what was expected instead.
#[inline]
pub(super) fn must_as<'a>(s: &'static str, expected: Msg) -> impl Parser<Span<'a>, Output = (), Error = PErr> {
    move |i: Span<'a>| {
        let i = ws(i);
        if starts(&i, s) { Ok((i.skip(s.len()), ())) } else { failure(&i, expected) }
    }
}

/// The position after whitespace, where the next field starts.
#[inline]
pub(super) fn here(i: Span) -> PResult<Pos> {
    let i = ws(i);
    let p = pos(&i);
    Ok((i, p))
}

/// A run of ASCII digits (after whitespace) and its value and length, if there is one; more
/// than 9 digits fail, saying so of `what`.
pub(super) fn digits<'a>(what: Msg) -> impl Parser<Span<'a>, Output = Option<(u32, usize)>, Error = PErr> {
    move |i: Span<'a>| {
        let i = ws(i);
        let n = i.fragment().bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Ok((i, None));
        }
        if n > 9 {
            return failure_said(&i, tr!("format-parse-too-many-digits", what = what, digits = n));
        }
        let value = i.fragment().as_bytes()[..n].iter().fold(0u32, |v, d| v * 10 + u32::from(d - b'0'));
        Ok((i.skip(n), Some((value, n))))
    }
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
