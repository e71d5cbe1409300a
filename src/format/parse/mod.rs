//! The `.jmjp` parser: one function per grammar rule, the rule written above it.
//!
//! Input is a [`LocatedSpan`] whose `extra` is the [`Dialect`] read from the header, so the rules
//! that differ between dialects (names, furo, calls) pick their form without global state.
//! Whitespace and `//` comments are skipped by [`ws`] before every terminal, never inside quoted
//! text. Once an item's keyword (`tnm[`, `frm[`, `hnd[` ...) has been read the parser is
//! committed: a failure inside is a [`nom::Err::Failure`] at the exact place, never a backtrack
//! that would report a vaguer place. Nothing here recurses, so no input can exhaust the stack.

mod frame;
mod header;
mod input;

use nom::{Err, Input};

use crate::i18n::{Msg, Text, tr};

use super::model::*;
use super::source::{MatchPos, SourceMap};
use frame::*;
use header::*;
use input::*;
pub use input::{Dialect, ParseError};

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
        Entry::Act(a) => Ok((rest, a)),
        Entry::Hand(_) => error(&i, tr!("format-want-act-not-hand")),
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

// file = "jmjp[" version "]" [match]^(1-)
fn file(i: Span) -> PResult<(Paifu, Dialect, SourceMap)> {
    let (i, ()) = must_as(i, "jmjp[", tr!("format-want-jmjp"))?;
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
                return failure(&at, tr!("format-want-first-match"));
            }
            break;
        }
        if !at.fragment().starts_with('(') {
            return failure(&at, tr!("format-want-another-match"));
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
    let (i, big) = digits(start, tr!("format-want-version-number"))?;
    let (i, _small) = match opt_sym(i, ".") {
        Some(rest) => digits(rest, tr!("format-want-version-number"))?,
        None => (i, None),
    };
    match big {
        Some((0, _)) => Ok((i, Dialect::V0)),
        Some((1, _)) => Ok((i, Dialect::V1)),
        Some((n, _)) => failure_said(&start, tr!("format-parse-unknown-version", version = n)),
        None => failure(&i, tr!("format-want-version")),
    }
}

// match = "(" preMatchInfo [frame]^(0-) postMatchInfo ")"
// preMatchInfo = [tourInfo]^(0-1) matchTP [recerInfo]^(0-) [plyerInfo]^(4-4) [ptRule]^(0-1)
// postMatchInfo = [ptMatchEnd]^(0-1) [ptTourNew]^(0-1)
fn a_match(i: Span) -> PResult<(Match, MatchPos)> {
    let (i, start) = here(i);
    let (mut i, ()) = must(i, "(")?;
    let mut m = Match { rules: rules_comment(&i), ..Match::default() };
    let mut p = MatchPos { start, ..MatchPos::default() };
    if peek(&i, "tnm[") {
        let (rest, (t, tp)) = tour_info(i)?;
        (m.tour, p.tour, i) = (Some(t), Some(tp), rest);
    }
    if !peek(&i, "mtp[") {
        let at = ws(i);
        let what = if m.tour.is_some() { tr!("format-want-mtp") } else { tr!("format-want-tnm-or-mtp") };
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

/// The rule preset a match names in a comment right after its `(` (`// rules: tenhou`); any
/// other comment is not one.
fn rules_comment(after_paren: &Span) -> Option<String> {
    let rest = after_paren.fragment().trim_start();
    let line = rest.strip_prefix("//")?.split('\n').next()?.trim();
    // `rules:` in any case; its first word (a note after it is the comment's own).
    let (key, value) = line.split_once(':')?;
    let word = value.split_whitespace().next()?.to_ascii_lowercase();
    (key.trim().eq_ignore_ascii_case("rules") && crate::format::write::is_rules_word(&word)).then_some(word)
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

    #[test]
    fn frame_ids_read_alone_and_dora_slots_alternate() {
        assert_eq!(FrameId::read("s4-3"), Some(FrameId { wind: Wind::South, number: 4, honba: 3 }));
        assert_eq!(FrameId::read("E0-0"), None);
        assert_eq!(FrameId::read("E1"), None);
        assert_eq!((0..5).map(dora_slot).collect::<Vec<_>>(), [0, 2, 4, 6, 8]);
        assert_eq!((0..5).map(ura_slot).collect::<Vec<_>>(), [1, 3, 5, 7, 9]);
    }
}
