//! The `.jmjp` parser: one function per grammar rule, the rule written above it.
//!
//! Each rule of `spec/GRAMMAR.md` is a function of the same name (in snake case) built from nom's
//! combinators (`preceded`, `terminated`, `alt`, `opt`, `many0`, `map`, `cut`, `tag` ...), the
//! rule's text in its doc comment. Input is a [`span::Span`], which knows its byte offset, line
//! and the [`Dialect`] read from the header, so the rules that differ between dialects (names,
//! furo, calls) pick their form without global state. Whitespace and `//` comments are skipped
//! by [`input::ws`] before every terminal, never inside quoted text. Once an item's keyword
//! (`tnm[`, `frm[`, `hnd[` ...) has been read the parser is committed (`cut`): a failure inside
//! is a [`nom::Err::Failure`] at the exact place, never a backtrack that would report a vaguer
//! place. Alternatives that are tried and dropped fail with a cheap error (a message id and a
//! position); the sentence is built only for the error reported. Nothing here recurses (the
//! repetitions are `many0` and loops), so no input can exhaust the stack.

mod frame;
mod hand;
mod header;
mod input;
mod span;
mod tiles;

use nom::combinator::{cut, map, opt};
use nom::multi::many0;
use nom::sequence::{delimited, preceded};
use nom::{Err, Parser};

use crate::i18n::{Msg, Text, tr};

use super::model::*;
use super::source::{ItemPos, MatchPos, SourceMap};
use super::tile::Points;
use frame::*;
use header::*;
pub use input::ParseError;
use input::*;
pub use span::Dialect;

/// A file read into its record, with what is needed to point back into the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub paifu: Paifu,
    /// The dialect the header named.
    pub dialect: Dialect,
    /// Positions of every part, for diagnostics.
    pub source_map: SourceMap,
    /// True when the text started with a byte order mark (it was skipped; positions count
    /// from after it).
    pub had_bom: bool,
}

/// The text without a leading byte order mark; positions of [`Parsed`] count in this text.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads a whole `.jmjp` text (any dialect; a leading BOM is skipped).
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    let had_bom = text.starts_with('\u{feff}');
    let body = strip_bom(text);
    match file(Span::new_extra(body, Dialect::V1)) {
        Ok((_, (paifu, dialect, source_map))) => Ok(Parsed { paifu, dialect, source_map, had_bom }),
        Err(Err::Error(e) | Err::Failure(e)) => Err(e.into_parse_error(body)),
        Err(Err::Incomplete(_)) => {
            Err(PErr::expected_at(0, 1, tr!("format-want-complete-file")).into_parse_error(body))
        }
    }
}

/// Reads one act on its own, e.g. `(s,5p,tg)` or `(w, pn[5p 0p], 3m)` (a correction typed by the
/// user). Positions in the error count in `text`.
pub fn parse_act(text: &str) -> Result<Act, ParseError> {
    let i = ws(Span::new_extra(text, Dialect::V1));
    let result = flow_entry(i, None).and_then(|(rest, e)| match e {
        FlowEntry::Act(a) => Ok((rest, a)),
        FlowEntry::Hand(_) => error(&i, tr!("format-want-act-not-hand")),
    });
    whole(text, result, tr!("format-rule-act"))
}

/// Reads one frame id on its own, e.g. `E1-0` (the grammar's `frameId` over the whole text).
pub fn parse_frame_id(text: &str) -> Result<FrameId, ParseError> {
    whole(text, frame_id(Span::new_extra(text, Dialect::V1)), tr!("format-rule-frame-id"))
}

/// Reads one frame on its own, `frm[...]` as [`crate::format::frame_text`] writes it.
pub fn parse_frame(text: &str) -> Result<Frame, ParseError> {
    whole(text, frame(ws(Span::new_extra(text, Dialect::V1))).map(|(rest, (f, _))| (rest, f)), tr!("format-rule-frame"))
}

/// The value one rule read from `text`, when nothing but white space follows it; `what` names
/// it in the error ("nothing after the act").
fn whole<T>(text: &str, result: PResult<'_, T>, what: Msg) -> Result<T, ParseError> {
    let after = || tr!("format-want-nothing-after", what = what);
    match result {
        Ok((rest, v)) => {
            let rest = ws(rest);
            if rest.fragment().is_empty() {
                Ok(v)
            } else {
                Err(PErr::expected_at(rest.location_offset(), rest.location_line(), after()).into_parse_error(text))
            }
        }
        Err(Err::Error(e) | Err::Failure(e)) => Err(e.into_parse_error(text)),
        Err(Err::Incomplete(_)) => {
            let complete = tr!("format-want-complete", what = what);
            Err(PErr::expected_at(0, 1, complete).into_parse_error(text))
        }
    }
}

// ---------------------------------------------------------------------------------------------
// File and match

/// `file = "jmjp[" version "]" [match]^(1-)`
fn file(i: Span) -> PResult<(Paifu, Dialect, SourceMap)> {
    let (i, dialect) = delimited(must_as("jmjp[", tr!("format-want-jmjp")), version, must("]")).parse(i)?;
    let mut i = i;
    i.extra = dialect;
    let a_match = preceded(not_end, cut(want(r#match, tr!("format-want-another-match"))));
    let (i, matches) = many0(a_match).parse(i)?;
    if matches.is_empty() {
        return failure(&ws(i), tr!("format-want-first-match"));
    }
    let (matches, positions) = matches.into_iter().unzip();
    Ok((i, (Paifu { matches }, dialect, SourceMap { matches: positions })))
}

/// Succeeds (reading whitespace) unless the text ends there.
fn not_end(i: Span) -> PResult<()> {
    let i = ws(i);
    if i.fragment().is_empty() { error(&i, tr!("format-want-another-match")) } else { Ok((i, ())) }
}

/// `version = big "." small`      (0.0.0 wrote the big version alone: `0`)
fn version(i: Span) -> PResult<Dialect> {
    let start = ws(i);
    let number = || digits(tr!("format-want-version-number"));
    let (i, (big, _small)) = (number(), opt(preceded(sym("."), number()))).parse(start)?;
    match big {
        Some((0, _)) => Ok((i, Dialect::V0)),
        Some((1, _)) => Ok((i, Dialect::V1)),
        Some((n, _)) => failure_said(&start, tr!("format-parse-unknown-version", version = n)),
        None => failure(&i, tr!("format-want-version")),
    }
}

/// `match = "(" preMatchInfo [frame]^(0-) postMatchInfo ")"`
///
/// A comment right after the `(` may name the match's rules (`// rules: jpml, kiriage=yes`).
fn r#match(i: Span) -> PResult<(Match, MatchPos)> {
    let (i, (start, ())) = (here, sym("(")).parse(i)?;
    let (rules, rules_at) = rules_comment(&i).unzip();
    let (i, (mut m, mut p)) = cut(pre_match_info).parse(i)?;
    (m.rules, p.rules, p.start) = (rules, rules_at, start);
    let (i, frames) = many0(frame).parse(i)?;
    (m.frames, p.frames) = frames.into_iter().unzip();
    let (i, ((end_points, end_pos), (tour_points, tour_pos))) = post_match_info(i)?;
    (m.end_points, p.end_points, m.tour_points, p.tour_points) = (end_points, end_pos, tour_points, tour_pos);
    let at = ws(i);
    if !starts(&at, ")") {
        return failure(&at, expected_in_match(&m));
    }
    Ok((at.skip(1), (m, p)))
}

/// `preMatchInfo = [tourInfo]^(0-1) [matchTP]^(1-1) [recerInfo]^(0-) [plyerInfo]^(4-4) [ptRule]^(0-1)`
/// (any number of players is read; the checks count them)
fn pre_match_info(i: Span) -> PResult<(Match, MatchPos)> {
    let (i, tour) = opt(tour_info).parse(i)?;
    let want_mtp = if tour.is_some() { tr!("format-want-mtp") } else { tr!("format-want-tnm-or-mtp") };
    let (i, time_place) = cut(want(match_tp, want_mtp)).parse(i)?;
    let (i, (recorders, players, point_rule)) = (many0(recer_info), many0(plyer_info), opt(pt_rule)).parse(i)?;
    let (tour, tour_pos) = tour.unzip();
    let (recorders, recorder_pos) = recorders.into_iter().unzip();
    let (players, player_pos) = players.into_iter().unzip();
    let (point_rule, point_rule_pos) = point_rule.unzip();
    let m = Match { tour, time_place: time_place.0, recorders, players, point_rule, ..Match::default() };
    let p = MatchPos {
        tour: tour_pos,
        time_place: time_place.1,
        recorders: recorder_pos,
        players: player_pos,
        point_rule: point_rule_pos,
        ..MatchPos::default()
    };
    Ok((i, (m, p)))
}

/// `postMatchInfo = [ptMatchEnd]^(0-1) [ptTourNew]^(0-1)`
#[allow(clippy::type_complexity)]
fn post_match_info(
    i: Span,
) -> PResult<((Option<[Points; 4]>, Option<ItemPos>), (Option<[TourPoints; 4]>, Option<ItemPos>))> {
    map((opt(pt_match_end), opt(pt_tour_new)), |(end, tour)| (end.unzip(), tour.unzip())).parse(i)
}

/// The rules a match names in a comment right after its `(` (`// rules: jpml, red=one-per-suit
/// (studio)`): the text after `rules:` to the end of the line, and where it starts. Its grammar is
/// the rules layer's (`rules::options::spec`); any other comment is not one.
fn rules_comment(after_paren: &Span) -> Option<(String, crate::format::Pos)> {
    let frag = *after_paren.fragment();
    let rest = frag.trim_start();
    let skipped = &frag[..frag.len() - rest.len()];
    let line = rest.strip_prefix("//")?.split('\n').next()?;
    // `rules:` in any case.
    let (key, value) = line.split_once(':')?;
    let text = value.trim();
    if !key.trim().eq_ignore_ascii_case("rules") || !crate::format::write::is_rules_text(text) {
        return None;
    }
    // The text's place: on the line the comment is on.
    let lead = value.len() - value.trim_start().len();
    let offset = skipped.len() + 2 + key.len() + 1 + lead;
    let line_no = pos(after_paren).line + skipped.matches('\n').count() as u32;
    Some((text.to_string(), crate::format::Pos { offset: after_paren.location_offset() + offset, line: line_no }))
}

/// What may come next in a match, given what has been read (for the error message).
fn expected_in_match(m: &Match) -> Text {
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
        tr!("format-want-close-match").text()
    } else {
        tr!("format-want-item-or-close-match", items = list.join(", "))
    }
}

impl FrameId {
    /// A frame id typed on its own (`E1-0`, `s4-3`): the grammar's rule over the whole text, the
    /// wind in either case, the number 1 to 4. `None` for anything else.
    pub fn read(text: &str) -> Option<FrameId> {
        let id = parse_frame_id(&text.trim().to_ascii_uppercase()).ok()?;
        (1..=4).contains(&id.number).then_some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::source::Pos;

    #[test]
    fn frame_ids_read_alone_and_dora_slots_alternate() {
        assert_eq!(FrameId::read("s4-3"), Some(FrameId { wind: Wind::South, number: 4, honba: 3 }));
        assert_eq!(FrameId::read("E0-0"), None);
        assert_eq!(FrameId::read("E1"), None);
        assert_eq!((0..5).map(dora_slot).collect::<Vec<_>>(), [0, 2, 4, 6, 8]);
        assert_eq!((0..5).map(ura_slot).collect::<Vec<_>>(), [1, 3, 5, 7, 9]);
    }

    #[test]
    fn lines_count_through_comments_quoted_text_and_unicode_spaces() {
        let text = "jmjp[1.0]\r\n// c (\n(mtp[,,,snt[\"a\nb\"]]\u{3000}\n x";
        let e = parse(text).unwrap_err();
        assert_eq!((e.offset, e.line, e.column), (text.find('x').unwrap(), 5, 2), "{e}");
        // The positions kept for the checks count the same way.
        let doc = parse("jmjp[1.0]\n(mtp[,,,snt[\"a\n\nb\"]] // ply[\n ply[0,,,,]").unwrap_err();
        assert_eq!(doc.line, 5, "{doc}");
        let text = "jmjp[1.0]\n(mtp[,,,snt[\"a\n\nb\"]]\n ply[0,,,,])";
        let doc = parse(text).unwrap();
        assert_eq!(doc.source_map.matches[0].players[0].start, Pos { offset: text.find("ply").unwrap(), line: 5 });
    }
}
