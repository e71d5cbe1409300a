//! The rules of a frame: its id, dice, points, dora, and the flow of hands and acts; and the
//! post-match points.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{cut, map, opt, value};
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser};

use crate::i18n::{Msg, tr};

use super::Dialect;
use super::header::*;
use super::input::*;
use crate::format::act_time::ActTime;
use crate::format::model::*;
use crate::format::source::{FramePos, ItemPos};
use crate::format::tile::{CalledFrom, Points, Seat, Tile};

/// `frame = "frm[" frameId "," [kyoutak]^(0-1) "," [dice]^(0-1) "," [ptFrmStart]^(0-1) ","
///                 [dora]^(0-1) "," [frameFlow]^(0-) "," [ptFrmEnd]^(0-1) "," [frameCmt]^(0-1) "]"`
pub(super) fn frame(i: Span) -> PResult<(Frame, FramePos)> {
    const K: &str = "frm[";
    let fields = (
        first(frame_id),
        next(K, kyoutak),
        next(K, dice),
        next(K, opt(pt_frm_start)),
        next(K, dora),
        next(K, frame_flow),
        next(K, opt(pt_frm_end)),
        next(K, frame_cmt),
    );
    let (i, (start, fields)) = item(K, fields).parse(i)?;
    let (
        (p0, id),
        (p1, kyoutaku),
        (p2, dice),
        (p3, start_points),
        (p4, dora),
        (p5, flow),
        (p6, end_points),
        (p7, comment),
    ) = fields;
    let (flow, mut p) = flow;
    p.item = item_pos(start, &[p0, p1, p2, p3, p4, p5, p6, p7]);
    Ok((i, (Frame { id, kyoutaku, dice, start_points, dora, flow, end_points, comment }, p)))
}

/// `kyoutak = pt`
pub(super) fn kyoutak(i: Span) -> PResult<Option<Points>> {
    opt_pt(i)
}

/// `dice = diceRes "-" diceRes`      (the later draft: a total `"2".."12"`)
pub(super) fn dice(i: Span) -> PResult<Option<Dice>> {
    let at = ws(i);
    let (i, first) = match dice_res(at)? {
        (rest, Some(v)) => (rest, v),
        (rest, None) => return Ok((rest, None)),
    };
    if let Some(rest) = opt_sym(i, "-") {
        let at2 = ws(rest);
        return match dice_res(at2)? {
            (rest, Some(second)) if (1..=6).contains(&first) && (1..=6).contains(&second) => {
                Ok((rest, Some(Dice::Pair(first as u8, second as u8))))
            }
            (_, Some(second)) if (1..=6).contains(&first) => {
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

/// `diceRes = "1".."6"`      (a number is read; `dice` names a wrong face)
pub(super) fn dice_res(i: Span) -> PResult<Option<u32>> {
    opt_number(tr!("format-want-dice")).parse(i)
}

/// `ptFrmStart = "pfs[" pt "," pt "," pt "," pt "]"`      (East seat of this frame first)
pub(super) fn pt_frm_start(i: Span) -> PResult<[Points; 4]> {
    map(four_pt("pfs["), |(pts, _)| pts).parse(i)
}

/// `ptFrmEnd = "pfe[" pt "," pt "," pt "," pt "]"`
pub(super) fn pt_frm_end(i: Span) -> PResult<[Points; 4]> {
    map(four_pt("pfe["), |(pts, _)| pts).parse(i)
}

/// `keyword pt "," pt "," pt "," pt "]"`, the four points of `pfs[`, `pfe[` and `pme[`.
pub(super) fn four_pt<'a>(
    keyword: &'static str,
) -> impl Parser<Span<'a>, Output = ([Points; 4], ItemPos), Error = PErr> {
    let fields = (first(pt), next(keyword, pt), next(keyword, pt), next(keyword, pt));
    map(item(keyword, fields), |(start, ((p0, a), (p1, b), (p2, c), (p3, d)))| {
        ([a, b, c, d], item_pos(start, &[p0, p1, p2, p3]))
    })
}

/// `dora = [realTiles]^(10-10)`      (read up to the next comma; the checks count them)
pub(super) fn dora(i: Span) -> PResult<Vec<Tile>> {
    tiles_until(i, b",", 10)
}

/// `frameCmt = strLit`
pub(super) fn frame_cmt(i: Span) -> PResult<Option<StrLit>> {
    str_lit(i)
}

/// `ptMatchEnd = "pme[" pt "," pt "," pt "," pt "]"`      (plyerId order)
pub(super) fn pt_match_end(i: Span) -> PResult<([Points; 4], ItemPos)> {
    four_pt("pme[").parse(i)
}

/// `ptTourNew = "ptn[" ptTour "," ptTour "," ptTour "," ptTour "]"`      (plyerId order)
pub(super) fn pt_tour_new(i: Span) -> PResult<([TourPoints; 4], ItemPos)> {
    const K: &str = "ptn[";
    let fields = (first(pt_tour), next(K, pt_tour), next(K, pt_tour), next(K, pt_tour));
    map(item(K, fields), |(start, ((p0, a), (p1, b), (p2, c), (p3, d)))| {
        ([a, b, c, d], item_pos(start, &[p0, p1, p2, p3]))
    })
    .parse(i)
}

// ---------------------------------------------------------------------------------------------
// Tiles

/// `realTiles = "1m".."9m" | "0m" | "1p".."9p" | "0p" | "1s".."9s" | "0s"
///            | "ew" | "sw" | "ww" | "nw" | "wd" | "gd" | "rd" | "uk"`
pub(super) fn real_tiles(i: Span) -> PResult<Tile> {
    let i = ws(i);
    match i.fragment().as_bytes().get(..2).and_then(Tile::from_code) {
        Some(t) => Ok((i.skip(2), t)),
        None => Err(Err::Failure(PErr {
            offset: i.location_offset(),
            line: i.location_line(),
            what: What::Expected(tr!("format-want-tile").into()),
            found_len: Some(2),
        })),
    }
}

/// `realTiles` where something else may stand: a recoverable error when there is no tile.
fn real_tiles_or_else(i: Span) -> PResult<Tile> {
    match real_tiles(i) {
        Err(Err::Failure(e)) => Err(Err::Error(e)),
        r => r,
    }
}

/// `[realTiles]^(0-)` up to (not including) one of the `stops` bytes; room for `capacity` of them
/// is made at once.
pub(super) fn tiles_until<'a>(i: Span<'a>, stops: &[u8], capacity: usize) -> PResult<'a, Vec<Tile>> {
    if i.fragment().as_bytes().first().is_some_and(|b| stops.contains(b)) {
        return Ok((i, Vec::new()));
    }
    let mut out = Vec::with_capacity(capacity);
    let mut i = ws(i);
    loop {
        // Fast path: a run of tiles with no space between them is read byte by byte and the
        // input advanced once.
        let bytes = i.fragment().as_bytes();
        let mut n = 0;
        while let Some(t) = bytes.get(n..n + 2).and_then(Tile::from_code) {
            out.push(t);
            n += 2;
        }
        if n > 0 {
            i = ws(i.skip(n));
        }
        match i.fragment().as_bytes().first() {
            Some(b) if !stops.contains(b) => {
                let (rest, t) = real_tiles(i)?;
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
        (i, *slot) = real_tiles(i)?;
    }
    Ok((i, out))
}

/// `keyword [realTiles]^(n-n) "]"`, committed after the keyword.
fn bracketed<'a, const N: usize>(keyword: &'static str) -> impl Parser<Span<'a>, Output = [Tile; N], Error = PErr> {
    preceded(tag(keyword), cut(terminated(tiles_n::<N>, close(keyword))))
}

// ---------------------------------------------------------------------------------------------
// The flow

/// One entry of a flow: a seat's hand, or an act.
pub(super) enum Entry {
    Hand(SeatHand),
    Act(Act),
}

/// `frameFlow = ["(" seat "," startHand ")"]^(4-4) [frameAct]^(0-) ["(" seat "," endHand ")"]^(4-4)`
///
/// Hands before the first act are start hands (with no acts at all, the first four are); hands
/// after the acts are end hands. An act after the end hands, or a fifth end hand, would start a
/// second flow, which a frame cannot hold. With the flow, the positions of its entries.
pub(super) fn frame_flow(i: Span) -> PResult<(Option<FrameFlow>, FramePos)> {
    let mut p = FramePos::default();
    if !peek(&i, "(") {
        return Ok((i, (None, p)));
    }
    let mut flow = FrameFlow {
        start_hands: Vec::with_capacity(4),
        acts: Vec::with_capacity(80),
        end_hands: Vec::with_capacity(4),
        times: Vec::new(),
    };
    p.acts.reserve(80);
    p.start_hands.reserve(4);
    p.end_hands.reserve(4);
    let mut i = ws(i);
    let mut river_tile: Option<Tile> = None;
    while starts(&i, "(") {
        let at = pos(&i);
        let (rest, entry) = flow_entry(i, river_tile)?;
        match entry {
            Entry::Act(act) => {
                if !flow.end_hands.is_empty() {
                    return failure_said(&i, tr!("format-parse-act-after-end-hands").text());
                }
                river_tile = tile_to_river(&act);
                flow.push_act(act, time_on_line(&rest));
                p.acts.push(at);
            }
            Entry::Hand(h) => {
                if flow.acts.is_empty() && flow.start_hands.len() < 4 {
                    flow.start_hands.push(h);
                    p.start_hands.push(at);
                } else if flow.end_hands.len() < 4 {
                    flow.end_hands.push(h);
                    p.end_hands.push(at);
                } else {
                    return failure_said(&i, tr!("format-parse-fifth-end-hand").text());
                }
            }
        }
        i = ws(rest);
    }
    Ok((i, (Some(flow), p)))
}

/// The time an act was first entered, from a comment at the end of its line
/// (`(e,2m,ww) // 2026-11-23T19:42:10.250Z`); any other comment is not one.
fn time_on_line(after_act: &Span) -> Option<ActTime> {
    if !matches!(after_act.fragment().as_bytes().first(), Some(b' ' | b'\t' | b'/')) {
        return None;
    }
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

/// `"(" seat "," startHand ")"`, `"(" seat "," endHand ")"` (`startHand`, `endHand` = `hand`)
/// or `frameAct`: one entry of a flow. `river_tile` is the tile the act before put in the river.
pub(super) fn flow_entry(i: Span, river_tile: Option<Tile>) -> PResult<Entry> {
    if let Some(fast) = compact_act(i).or_else(|| compact_hand(i)) {
        return Ok(fast);
    }
    let (i, seat) = preceded(must("("), seat).parse(i)?;
    let (i, ()) = must_as(",", tr!("format-want-comma-after-seat")).parse(i)?;
    let seat_hand = move |hand| Entry::Hand(SeatHand { seat, hand });
    alt((
        map(terminated(hand, must_as(")", tr!("format-want-close-hand"))), seat_hand),
        map(move |i| frame_act(i, seat, river_tile), Entry::Act),
    ))
    .parse(i)
}

/// `seat = "e" | "s" | "w" | "n"`
pub(super) fn seat(i: Span) -> PResult<Seat> {
    let i = ws(i);
    match i.fragment().bytes().next().and_then(Seat::from_code) {
        Some(seat) => Ok((i.skip(1), seat)),
        None => failure(&i, tr!("format-want-seat")),
    }
}

/// `frameAct = "(" seat "," drawTile "," [discTile]^(0-1) ")"`, after its seat and comma.
pub(super) fn frame_act(i: Span, seat: Seat, river_tile: Option<Tile>) -> PResult<Act> {
    let draw = move |i| draw_tile(i, river_tile);
    let discard = preceded(must_as(",", tr!("format-want-comma-after-draw")), disc_tile);
    map(terminated((draw, discard), must_as(")", tr!("format-want-close-act"))), move |(draw, discard)| Act {
        seat,
        draw,
        discard,
    })
    .parse(i)
}

/// Fast path for the commonest act, written without spaces: `(s,5m,3p)`, `(s,5m,tg)`,
/// `(s,5m,kg)`, `(s,5m,tm)` or `(s,5m,)`. `None` means "use the rules" (which also give the
/// errors), never an error of its own.
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
    Some((after_entry(i, len), Entry::Act(Act { seat, draw, discard })))
}

/// Fast path for a hand without melds written without spaces: `(e,hnd[1m2m3m...,4p,])`.
/// `None` means "use the rules", as for [`compact_act`].
#[inline]
pub(super) fn compact_hand(i: Span) -> Option<(Span, Entry)> {
    let b = i.fragment().as_bytes();
    if b.len() < 8 || b[0] != b'(' || b[2] != b',' || &b[3..7] != b"hnd[" {
        return None;
    }
    let seat = Seat::from_code(b[1])?;
    let mut tiles = Vec::with_capacity(14);
    let mut n = 7;
    while let Some(t) = b.get(n..n + 2).and_then(Tile::from_code) {
        tiles.push(t);
        n += 2;
    }
    if b.get(n) != Some(&b',') {
        return None;
    }
    let tsumo = b.get(n + 1..n + 3).and_then(Tile::from_code);
    n += if tsumo.is_some() { 3 } else { 1 };
    if b.get(n..n + 3) != Some(b",])") {
        return None;
    }
    Some((after_entry(i, n + 3), Entry::Hand(SeatHand { seat, hand: Hand { tiles, tsumo, furo: Vec::new() } })))
}

/// The text after a flow entry `len` bytes long and the line break and indentation after it, in
/// one step; but a comment on the entry's own line may be its time: stop before it.
#[inline(always)]
fn after_entry(i: Span, len: usize) -> Span {
    let b = &i.fragment().as_bytes()[len..];
    let blanks = b.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    match b.get(blanks) {
        Some(b'/') => i.skip(len + blanks),
        Some(b'\r') if b.get(blanks + 1) == Some(&b'\n') => after_line_break(i, len + blanks + 2),
        Some(b'\n') => after_line_break(i, len + blanks + 1),
        _ => i.skip(len + blanks),
    }
}

/// The text after the line break that ends at `len`, and the indentation of the next line.
#[inline(always)]
fn after_line_break(i: Span, len: usize) -> Span {
    let indent = i.fragment().as_bytes()[len..].iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
    i.skip_lines(len + indent, 1)
}

/// A committed failure at `i` (after whitespace) saying `wanted`, showing `found_len`
/// characters, in place of a recoverable error of the alternatives tried there.
fn committed<'a, O>(i: Span<'a>, r: PResult<'a, O>, wanted: Msg, found_len: usize) -> PResult<'a, O> {
    r.map_err(|e| match e {
        Err::Error(_) => Err::Failure(PErr {
            offset: i.location_offset(),
            line: i.location_line(),
            what: What::Expected(wanted.into()),
            found_len: Some(found_len),
        }),
        e => e,
    })
}

/// `drawTile = realTiles | actChi | actPon | actDmk | actRsn | actRon | actOya`
/// `river_tile` stands for the tiles 0.0.0's `pn` and `dk` do not name.
pub(super) fn draw_tile(i: Span, river_tile: Option<Tile>) -> PResult<Draw> {
    let i = ws(i);
    let found_len = if i.extra == Dialect::V0 { 2 } else { 3 };
    let r = alt((
        map(real_tiles_or_else, Draw::Tile),
        act_chi,
        move |i| act_pon(i, river_tile),
        move |i| act_dmk(i, river_tile),
        act_rsn,
        act_ron,
        act_oya,
    ))
    .parse(i);
    committed(i, r, tr!("format-want-draw"), found_len)
}

/// `actChi = "ch[" realTiles realTiles "]"`      (the two tiles taken from the hand)
pub(super) fn act_chi(i: Span) -> PResult<Draw> {
    map(bracketed::<2>("ch["), Draw::Chi).parse(i)
}

/// `actPon = "pn[" realTiles realTiles "]"`      (0.0.0: `"pn"`, copies of the called tile)
pub(super) fn act_pon(i: Span, river_tile: Option<Tile>) -> PResult<Draw> {
    let c = river_tile.map_or(Tile::UNKNOWN, Tile::plain);
    let v0 = i.extra == Dialect::V0;
    alt((map(bracketed::<2>("pn["), Draw::Pon), map(v0_only(tag("pn"), v0), move |_| Draw::Pon([c, c])))).parse(i)
}

/// `actDmk = "dk[" realTiles realTiles realTiles "]"`      (0.0.0: `"dk"`)
pub(super) fn act_dmk(i: Span, river_tile: Option<Tile>) -> PResult<Draw> {
    let c = river_tile.map_or(Tile::UNKNOWN, Tile::plain);
    let v0 = i.extra == Dialect::V0;
    alt((map(bracketed::<3>("dk["), Draw::Daiminkan), map(v0_only(tag("dk"), v0), move |_| Draw::Daiminkan([c, c, c]))))
        .parse(i)
}

/// `p` when reading the 0.0.0 dialect; a recoverable error in another.
fn v0_only<'a, O>(
    mut p: impl Parser<Span<'a>, Output = O, Error = PErr>,
    v0: bool,
) -> impl Parser<Span<'a>, Output = O, Error = PErr> {
    move |i: Span<'a>| if v0 { p.parse(i) } else { error(&i, tr!("format-want-draw")) }
}

/// `actRsn = "rs[" realTiles "]"`      (rinshan draw after a kan)
pub(super) fn act_rsn(i: Span) -> PResult<Draw> {
    map(bracketed::<1>("rs["), |[t]| Draw::Rinshan(t)).parse(i)
}

/// `actRon = "ro"`      (the later draft: `"rn"`)
pub(super) fn act_ron(i: Span) -> PResult<Draw> {
    value(Draw::Ron, alt((tag("ro"), tag("rn")))).parse(i)
}

/// `actOya = "oy"`
pub(super) fn act_oya(i: Span) -> PResult<Draw> {
    value(Draw::Oya, tag("oy")).parse(i)
}

/// `discTile = realTiles | actTmg | actKrg | actKkn | actAnk | actTsm | actRch`, or nothing
/// before the act's `)`.
pub(super) fn disc_tile(i: Span) -> PResult<Option<Discard>> {
    let i = ws(i);
    if starts(&i, ")") {
        return Ok((i, None));
    }
    let r =
        alt((map(real_tiles_or_else, Discard::Tile), act_tmg, act_krg, act_tsm, act_kkn, act_rch, act_ank)).parse(i);
    committed(i, r, tr!("format-want-discard"), 2).map(|(rest, d)| (rest, Some(d)))
}

/// `actTmg = "tg"`      (tsumogiri)
pub(super) fn act_tmg(i: Span) -> PResult<Discard> {
    value(Discard::Tsumogiri, tag("tg")).parse(i)
}

/// `actKrg = "kg"`      (karagiri: the same tile as drawn, from the hand)
pub(super) fn act_krg(i: Span) -> PResult<Discard> {
    value(Discard::Karagiri, tag("kg")).parse(i)
}

/// `actTsm = "tm"`      (tsumo win on this act's draw)
pub(super) fn act_tsm(i: Span) -> PResult<Discard> {
    value(Discard::Tsumo, tag("tm")).parse(i)
}

/// `actKkn = "kk[" realTiles "]"`      (kakan)
pub(super) fn act_kkn(i: Span) -> PResult<Discard> {
    map(bracketed::<1>("kk["), |[t]| Discard::Kakan(t)).parse(i)
}

/// `actRch = "rc[" realTiles "]"`      (riichi, declared with this discard)
pub(super) fn act_rch(i: Span) -> PResult<Discard> {
    map(bracketed::<1>("rc["), |[t]| Discard::Riichi(t)).parse(i)
}

/// `actAnk = "ak[" realTiles realTiles realTiles realTiles "]"`      (0.0.0: `"ak[" realTiles "]"`)
pub(super) fn act_ank(i: Span) -> PResult<Discard> {
    if i.extra == Dialect::V0 {
        map(bracketed::<1>("ak["), |[t]| Discard::Ankan([t, t.plain(), t.plain(), t.plain()])).parse(i)
    } else {
        map(bracketed::<4>("ak["), Discard::Ankan).parse(i)
    }
}

// ---------------------------------------------------------------------------------------------
// Hands and melds

/// `hand = "hnd[" [tileInHand]^(1-13) "," [tileTsumo]^(0-1) "," [tileFuro]^(0-4) "]"`
/// (`tileInHand`, `tileTsumo` = `realTiles`; the checks count them)
pub(super) fn hand(i: Span) -> PResult<Hand> {
    let tiles = |i| tiles_until(i, b",]", 14);
    let tsumo = |i| if peek(&i, ",") { Ok((i, None)) } else { map(real_tiles, Some).parse(i) };
    let body = (
        tiles,
        preceded(must_as(",", tr!("format-want-comma-after-tiles")), tsumo),
        preceded(must_as(",", tr!("format-want-comma-after-drawn")), until_close(tile_furo)),
    );
    map(preceded(sym("hnd["), cut(terminated(body, close("hnd[")))), |(tiles, tsumo, furo)| Hand { tiles, tsumo, furo })
        .parse(i)
}

/// `tileFuro = furoChi | furoPon | furoDmk | furoKkn | furoAnk`      (newest first)
pub(super) fn tile_furo(i: Span) -> PResult<Furo> {
    let i = ws(i);
    let r = alt((furo_chi, furo_pon, furo_dmk, furo_kkn, furo_ank)).parse(i);
    r.map_err(|e| match e {
        Err::Error(_) => {
            Err::Failure(PErr::expected_at(i.location_offset(), i.location_line(), tr!("format-want-meld")))
        }
        e => e,
    })
}

/// `keyword realTiles body "]"`, a meld: committed after its keyword.
fn meld<'a, O>(
    keyword: &'static str,
    mut body: impl FnMut(Span<'a>, Tile) -> PResult<'a, O>,
) -> impl Parser<Span<'a>, Output = O, Error = PErr> {
    preceded(tag(keyword), cut(terminated(move |i| real_tiles(i).and_then(|(i, t)| body(i, t)), close(keyword))))
}

/// `furoChi = "chi[" tileChiIn "," realTiles realTiles "]"`      (always from kamicha)
pub(super) fn furo_chi(i: Span) -> PResult<Furo> {
    meld("chi[", |i, called| map(preceded(comma("chi["), tiles_n::<2>), |hand| Furo::Chi { called, hand }).parse(i))
        .parse(i)
}

/// `furoPon = "pon[" tilePonIn "," realTiles realTiles "," tileFrom "]"`
/// (0.0.0: `"pon[" realTiles "," tileFrom "]"`)
pub(super) fn furo_pon(i: Span) -> PResult<Furo> {
    const K: &str = "pon[";
    if i.extra == Dialect::V0 {
        let furo = |i, called: Tile| {
            let p = called.plain();
            map(tile_from(K), |from| Furo::Pon { called, hand: [p, p], from }).parse(i)
        };
        return meld(K, furo).parse(i);
    }
    let furo = |i, called| {
        map((preceded(comma(K), tiles_n::<2>), tile_from(K)), |(hand, from)| Furo::Pon { called, hand, from }).parse(i)
    };
    meld(K, furo).parse(i)
}

/// `furoDmk = "dmk[" tileDmkIn "," realTiles realTiles realTiles "," tileFrom "]"`
/// (0.0.0: `"dmk[" realTiles "," tileFrom "]"`)
pub(super) fn furo_dmk(i: Span) -> PResult<Furo> {
    const K: &str = "dmk[";
    if i.extra == Dialect::V0 {
        let furo = |i, called: Tile| {
            let p = called.plain();
            map(tile_from(K), |from| Furo::Daiminkan { called, hand: [p, p, p], from }).parse(i)
        };
        return meld(K, furo).parse(i);
    }
    let furo = |i, called| {
        map((preceded(comma(K), tiles_n::<3>), tile_from(K)), |(hand, from)| Furo::Daiminkan { called, hand, from })
            .parse(i)
    };
    meld(K, furo).parse(i)
}

/// `furoKkn = "kkn[" tileKknIn "," tilePonIn "," realTiles realTiles "," tileFrom "]"`
/// (0.0.0: `"kkn[" realTiles "," tileFrom "]"`)
pub(super) fn furo_kkn(i: Span) -> PResult<Furo> {
    const K: &str = "kkn[";
    if i.extra == Dialect::V0 {
        let furo = |i, added: Tile| {
            let p = added.plain();
            map(tile_from(K), |from| Furo::Kakan { added, called: p, hand: [p, p], from }).parse(i)
        };
        return meld(K, furo).parse(i);
    }
    let furo = |i, added| {
        let body = (preceded(comma(K), real_tiles), preceded(comma(K), tiles_n::<2>), tile_from(K));
        map(body, |(called, hand, from)| Furo::Kakan { added, called, hand, from }).parse(i)
    };
    meld(K, furo).parse(i)
}

/// `furoAnk = "ank[" realTiles realTiles realTiles realTiles "]"`      (0.0.0: `"ank[" realTiles "]"`)
pub(super) fn furo_ank(i: Span) -> PResult<Furo> {
    if i.extra == Dialect::V0 {
        return meld("ank[", |i, t: Tile| Ok((i, Furo::Ankan([t, t.plain(), t.plain(), t.plain()])))).parse(i);
    }
    meld("ank[", |i, t| map(tiles_n::<3>, |r| Furo::Ankan([t, r[0], r[1], r[2]])).parse(i)).parse(i)
}

/// `"," tileFrom` of `keyword`'s meld.      `tileFrom = "k" | "t" | "s"`
pub(super) fn tile_from<'a>(keyword: &'static str) -> impl Parser<Span<'a>, Output = CalledFrom, Error = PErr> {
    preceded(comma(keyword), |i: Span<'a>| {
        let i = ws(i);
        match i.fragment().bytes().next().and_then(CalledFrom::from_code) {
            Some(from) => Ok((i.skip(1), from)),
            None => failure(&i, tr!("format-want-called-from")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::source::Pos;

    #[test]
    fn pos_of_entries_is_after_whitespace() {
        let s = Span::new_extra("(e,1m,2m)\n  (s,3m,tg) // x\n", Dialect::V1);
        let (rest, (flow, p)) = frame_flow(s).unwrap();
        assert_eq!(flow.map(|f| f.acts.len()), Some(2));
        assert_eq!(p.acts, [Pos { offset: 0, line: 1 }, Pos { offset: 12, line: 2 }]);
        assert_eq!(rest.location_line(), 3);
    }
}
