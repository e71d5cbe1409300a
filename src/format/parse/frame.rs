//! The rules of a frame: its id, dice, points, dora, and the flow of hands and acts.

use nom::{Err, Input};

use crate::i18n::tr;

use super::Dialect;
use super::header::*;
use super::input::*;
use crate::format::act_time::ActTime;
use crate::format::model::*;
use crate::format::source::{FramePos, ItemPos};
use crate::format::tile::{CalledFrom, Points, Seat, Tile};

// frame = "frm[" frameId "," [kyoutak]^(0-1) "," [dice]^(0-1) "," [ptFrmStart]^(0-1) ","
//                [dora]^(0-1) "," [frameFlow]^(0-) "," [ptFrmEnd]^(0-1) "," [frameCmt]^(0-1) "]"
pub(super) fn frame(i: Span) -> PResult<(Frame, FramePos)> {
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

pub(super) fn opt_four_points<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, Option<[Points; 4]>> {
    if peek(&i, keyword) { four_points(i, keyword).map(|(r, v)| (r, Some(v.0))) } else { Ok((i, None)) }
}

// dice = diceRes "-" diceRes      diceRes = "1".."6"      (later draft: a total "2".."12")
pub(super) fn dice(i: Span) -> PResult<Option<Dice>> {
    let i = ws(i);
    let at = i;
    let (i, first) = match digits(i, tr!("format-want-dice"))? {
        (rest, Some((v, _))) => (rest, v),
        (rest, None) => return Ok((rest, None)),
    };
    if let Some(rest) = opt_sym(i, "-") {
        let rest = ws(rest);
        let at2 = rest;
        return match digits(rest, tr!("format-want-dice"))? {
            (rest, Some((second, _))) if (1..=6).contains(&first) && (1..=6).contains(&second) => {
                Ok((rest, Some(Dice::Pair(first as u8, second as u8))))
            }
            (_, Some((second, _))) if (1..=6).contains(&first) => {
                failure_said(&at2, tr!("format-parse-die-face", face = second))
            }
            (_, Some(_)) => failure_said(&at, tr!("format-parse-die-face", face = first)),
            (_, None) => failure(&at2, tr!("format-want-second-die")),
        };
    }
    if (2..=12).contains(&first) {
        Ok((i, Some(Dice::Total(first as u8))))
    } else {
        failure(&at, tr!("format-want-dice-pair"))
    }
}

// ptFrmStart = "pfs[" pt "," pt "," pt "," pt "]"    ptFrmEnd = "pfe[" ...    ptMatchEnd = "pme[" ...
pub(super) fn four_points<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, ([Points; 4], ItemPos)> {
    let (mut i, mut it) = Item::open(i, keyword, 4)?;
    let mut pts = [Points::default(); 4];
    for slot in &mut pts {
        (i, *slot) = it.field(i, points)?;
    }
    let (i, p) = it.close(i)?;
    Ok((i, (pts, p)))
}

// ptTourNew = "ptn[" ptTour "," ptTour "," ptTour "," ptTour "]"
pub(super) fn tour_new(i: Span) -> PResult<([TourPoints; 4], ItemPos)> {
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
pub(super) fn tile(i: Span) -> PResult<Tile> {
    let i = ws(i);
    match i.fragment().as_bytes().get(..2).and_then(Tile::from_code) {
        Some(t) => Ok((i.take_from(2), t)),
        None => Err(Err::Failure(PErr {
            offset: i.location_offset(),
            line: i.location_line(),
            what: What::Expected(tr!("format-want-tile").into()),
            found_len: Some(2),
        })),
    }
}

/// `[realTiles]^(0-)` up to (not including) one of the `stops` bytes.
pub(super) fn tiles_until<'a>(i: Span<'a>, stops: &[u8]) -> PResult<'a, Vec<Tile>> {
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
pub(super) fn tiles_n<const N: usize>(i: Span) -> PResult<[Tile; N]> {
    let mut out = [Tile::UNKNOWN; N];
    let mut i = i;
    for slot in &mut out {
        (i, *slot) = tile(i)?;
    }
    Ok((i, out))
}

/// One entry of a flow: a seat's hand, or an act.
pub(super) enum Entry {
    Hand(SeatHand),
    Act(Act),
}

// frameFlow = ["(" seat "," startHand ")"]^(4-4) [frameAct]^(0-) ["(" seat "," endHand ")"]^(4-4)
//
// Hands before the first act are start hands (with no acts at all, the first four are); hands
// after the acts are end hands. An act after the end hands, or a fifth end hand, would start a
// second flow, which a frame cannot hold.
pub(super) fn frame_flow<'a>(i: Span<'a>, p: &mut FramePos) -> PResult<'a, Option<FrameFlow>> {
    if !peek(&i, "(") {
        return Ok((i, None));
    }
    let mut flow = FrameFlow {
        start_hands: Vec::with_capacity(4),
        acts: Vec::with_capacity(80),
        end_hands: Vec::with_capacity(4),
        times: Vec::new(),
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
                    return failure_said(&ws(i), tr!("format-parse-act-after-end-hands").text());
                }
                river_tile = tile_to_river(&act);
                flow.push_act(act, time_on_line(&rest));
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
                    return failure_said(&ws(i), tr!("format-parse-fifth-end-hand").text());
                }
            }
        }
        i = rest;
    }
    Ok((i, Some(flow)))
}

/// The time an act was first entered, from a comment at the end of its line
/// (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`); any other comment is not one.
fn time_on_line(after_act: &Span) -> Option<ActTime> {
    let rest = after_act.fragment().trim_start_matches([' ', '\t']);
    let comment = rest.strip_prefix("//")?;
    let line = comment.split('\n').next().unwrap_or_default();
    ActTime::parse(line.trim_end_matches('\r'))
}

/// The tile an act puts in the river, as far as the text alone says (for 0.0 calls).
pub(super) fn tile_to_river(act: &Act) -> Option<Tile> {
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
pub(super) fn flow_entry(i: Span, river_tile: Option<Tile>) -> PResult<Entry> {
    if let Some(fast) = compact_act(i) {
        return Ok(fast);
    }
    let (i, ()) = must(i, "(")?;
    let i = ws(i);
    let Some(seat) = i.fragment().bytes().next().and_then(Seat::from_code) else {
        return failure(&i, tr!("format-want-seat"));
    };
    let (i, ()) = must_as(i.take_from(1), ",", tr!("format-want-comma-after-seat"))?;
    if peek(&i, "hnd[") {
        let (i, hand) = hand(i)?;
        let (i, ()) = must_as(i, ")", tr!("format-want-close-hand"))?;
        return Ok((i, Entry::Hand(SeatHand { seat, hand })));
    }
    let (i, draw) = draw_tile(i, river_tile)?;
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-after-draw"))?;
    let (i, discard) = disc_tile(i)?;
    let (i, ()) = must_as(i, ")", tr!("format-want-close-act"))?;
    Ok((i, Entry::Act(Act { seat, draw, discard })))
}

/// Fast path for the commonest act, written without spaces: `(s,5m,3p)`, `(s,5m,tg)`,
/// `(s,5m,kg)`, `(s,5m,tm)` or `(s,5m,)`. `None` means "use the general rules" (which also give
/// the errors), never an error of its own.
#[inline]
pub(super) fn compact_act(i: Span) -> Option<(Span, Entry)> {
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
    // A comment on the act's own line may be its time: stop before it.
    let blanks = b[len..].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    let spaces = if b[len + blanks..].starts_with(b"//") {
        blanks
    } else {
        b[len..].iter().take_while(|c| matches!(c, b' ' | b'\n' | b'\r' | b'\t')).count()
    };
    Some((i.take_from(len + spaces), Entry::Act(Act { seat, draw, discard })))
}

// drawTile = realTiles | actChi | actPon | actDmk | actRsn | actRon | actOya
// actChi = "ch[" realTiles realTiles "]"     actPon = "pn[" realTiles realTiles "]"   (0.0: "pn")
// actDmk = "dk[" realTiles realTiles realTiles "]"  (0.0: "dk")    actRsn = "rs[" realTiles "]"
// actRon = "ro" (later draft also "rn")      actOya = "oy"
pub(super) fn draw_tile(i: Span, river_tile: Option<Tile>) -> PResult<Draw> {
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
                what: What::Expected(tr!("format-want-draw").into()),
                found_len: Some(if v0 { 2 } else { 3 }),
            })),
        }
    }
}

// discTile = realTiles | actTmg | actKrg | actKkn | actAnk | actTsm | actRch
// actTmg = "tg"   actKrg = "kg"   actKkn = "kk[" realTiles "]"
// actAnk = "ak[" realTiles realTiles realTiles realTiles "]"   (0.0: "ak[" realTiles "]")
// actTsm = "tm"   actRch = "rc[" realTiles "]"
pub(super) fn disc_tile(i: Span) -> PResult<Option<Discard>> {
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
                what: What::Expected(tr!("format-want-discard").into()),
                found_len: Some(2),
            })),
        }
    }
}

// hand = "hnd[" [tileInHand]^(1-13) "," [tileTsumo]^(0-1) "," [tileFuro]^(0-4) "]"
pub(super) fn hand(i: Span) -> PResult<Hand> {
    let (i, ()) = must(i, "hnd[")?;
    let (i, tiles) = tiles_until(i, b",]")?;
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-after-tiles"))?;
    let (i, tsumo) = if peek(&i, ",") { (i, None) } else { tile(i).map(|(r, t)| (r, Some(t)))? };
    let (i, ()) = must_as(i, ",", tr!("format-want-comma-after-drawn"))?;
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
pub(super) fn tile_furo(i: Span) -> PResult<Furo> {
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
            return failure(&i, tr!("format-want-meld"));
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
pub(super) fn tile_from<'a>(i: Span<'a>, keyword: &'static str) -> PResult<'a, CalledFrom> {
    let (i, ()) = comma(i, keyword)?;
    let i = ws(i);
    match i.fragment().bytes().next().and_then(CalledFrom::from_code) {
        Some(from) => Ok((i.take_from(1), from)),
        None => failure(&i, tr!("format-want-called-from")),
    }
}
