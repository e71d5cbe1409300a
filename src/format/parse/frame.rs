//! The rules of a frame: its id, dice, points, dora, and the flow of hands and acts; and the
//! post-match points.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{map, opt, value};
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser};

use crate::i18n::{Msg, tr};

use super::Dialect;
use super::hand::{compact_furo, hand};
use super::header::*;
use super::input::*;
use super::tiles::*;
use crate::format::act_time::ActTime;
use crate::format::model::*;
use crate::format::source::{FramePos, ItemPos};
use crate::format::tile::{Points, Seat, Tile};

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
// The flow

/// One entry of a flow: a seat's hand, or an act.
pub(super) enum FlowEntry {
    Hand(SeatHand),
    Act(Act),
}

/// The room made at once for a flow's acts: a real frame has about 45 of them, rarely more than
/// 56. (Kept under 64, so no list of the flow needs one of malloc's large blocks, whose making
/// sorts all the small free blocks first: slower than the occasional growth past it.)
const ACTS_ROOM: usize = 56;

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
        acts: Vec::with_capacity(ACTS_ROOM),
        end_hands: Vec::with_capacity(4),
        times: Vec::new(),
    };
    p.acts.reserve(ACTS_ROOM);
    p.start_hands.reserve(4);
    p.end_hands.reserve(4);
    let mut i = ws(i);
    let mut river_tile: Option<Tile> = None;
    while starts(&i, "(") {
        let at = pos(&i);
        let (rest, entry) = flow_entry(i, river_tile)?;
        match entry {
            FlowEntry::Act(act) => {
                if !flow.end_hands.is_empty() {
                    return failure_said(&i, tr!("format-parse-act-after-end-hands").text());
                }
                river_tile = tile_to_river(&act);
                // `push_act` without a time only pushes (no act before has one, or it would).
                match time_on_line(&rest) {
                    None => flow.acts.push(act),
                    time => flow.push_act(act, time),
                }
                p.acts.push(at);
            }
            FlowEntry::Hand(h) => {
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
pub(super) fn flow_entry(i: Span, river_tile: Option<Tile>) -> PResult<FlowEntry> {
    if let Some(fast) = compact_act(i).or_else(|| compact_hand(i)) {
        return Ok(fast);
    }
    let (i, seat) = preceded(must("("), seat).parse(i)?;
    let (i, ()) = must_as(",", tr!("format-want-comma-after-seat")).parse(i)?;
    let seat_hand = move |hand| FlowEntry::Hand(SeatHand { seat, hand });
    alt((
        map(terminated(hand, must_as(")", tr!("format-want-close-hand"))), seat_hand),
        map(move |i| frame_act(i, seat, river_tile), FlowEntry::Act),
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

/// Fast path for an act written without spaces: `(s,5m,3p)`, `(s,5m,tg)`, `(w,pn[5p0p],3m)`,
/// `(s,rs[7z],rc[5m])`, `(n,ro,)` ... (the 0.0.0 `pn`, `dk` and `ak[t]` are left to the rules).
/// `None` means "use the rules" (which also give the errors), never an error of its own.
#[inline]
pub(super) fn compact_act(i: Span) -> Option<(Span, FlowEntry)> {
    let b = i.fragment().as_bytes();
    if b.len() < 7 || b[0] != b'(' || b[2] != b',' {
        return None;
    }
    let seat = Seat::from_code(b[1])?;
    let (draw, n) = compact_draw(&b[3..])?;
    let n = 3 + n;
    if b.get(n) != Some(&b',') {
        return None;
    }
    let (discard, m) = compact_discard(&b[n + 1..], i.extra)?;
    let len = n + 1 + m;
    if b.get(len) != Some(&b')') {
        return None;
    }
    Some((after_entry(i, len + 1), FlowEntry::Act(Act { seat, draw, discard })))
}

/// `keyword` (3 bytes), `N` tiles and `]` at the start of `b`, written without spaces; with the
/// length read.
#[inline(always)]
fn compact_bracketed<const N: usize>(b: &[u8]) -> Option<([Tile; N], usize)> {
    let tiles = compact_tiles::<N>(b.get(3..)?)?;
    let end = 3 + 2 * N;
    (b.get(end) == Some(&b']')).then_some((tiles, end + 1))
}

/// A `drawTile` written without spaces at the start of `b`, and its length (see [`draw_tile`]).
#[inline(always)]
fn compact_draw(b: &[u8]) -> Option<(Draw, usize)> {
    if let Some(t) = b.get(..2).and_then(Tile::from_code) {
        return Some((Draw::Tile(t), 2));
    }
    match b.get(..3)? {
        b"ch[" => compact_bracketed::<2>(b).map(|(t, n)| (Draw::Chi(t), n)),
        b"pn[" => compact_bracketed::<2>(b).map(|(t, n)| (Draw::Pon(t), n)),
        b"dk[" => compact_bracketed::<3>(b).map(|(t, n)| (Draw::Daiminkan(t), n)),
        b"rs[" => compact_bracketed::<1>(b).map(|([t], n)| (Draw::Rinshan(t), n)),
        [b'r', b'o' | b'n', _] => Some((Draw::Ron, 2)),
        [b'o', b'y', _] => Some((Draw::Oya, 2)),
        _ => None,
    }
}

/// A `discTile` (or nothing) written without spaces at the start of `b`, and its length (see
/// [`disc_tile`]).
#[inline(always)]
fn compact_discard(b: &[u8], dialect: Dialect) -> Option<(Option<Discard>, usize)> {
    let two = match b.get(..2)? {
        [b')', _] => return Some((None, 0)),
        b"tg" => Some(Discard::Tsumogiri),
        b"kg" => Some(Discard::Karagiri),
        b"tm" => Some(Discard::Tsumo),
        code => Tile::from_code(code).map(Discard::Tile),
    };
    if let Some(d) = two {
        return Some((Some(d), 2));
    }
    let (d, n) = match b.get(..3)? {
        b"kk[" => compact_bracketed::<1>(b).map(|([t], n)| (Discard::Kakan(t), n))?,
        b"rc[" => compact_bracketed::<1>(b).map(|([t], n)| (Discard::Riichi(t), n))?,
        b"ak[" if dialect == Dialect::V1 => compact_bracketed::<4>(b).map(|(t, n)| (Discard::Ankan(t), n))?,
        _ => return None,
    };
    Some((Some(d), n))
}

/// Fast path for a hand written without spaces: `(e,hnd[1m2m3m...,4p,])`,
/// `(s,hnd[1p2p3p...,,pon[wd,wdwd,k]chi[7m,6m8m]])`.
/// `None` means "use the rules", as for [`compact_act`].
#[inline]
pub(super) fn compact_hand(i: Span) -> Option<(Span, FlowEntry)> {
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
    if b.get(n) != Some(&b',') {
        return None;
    }
    n += 1;
    let mut furo = Vec::new();
    while b.get(n) != Some(&b']') {
        // The 0.0.0 melds are spelled otherwise: left to the rules.
        if i.extra != Dialect::V1 {
            return None;
        }
        let (meld, len) = compact_furo(&b[n..])?;
        furo.push(meld);
        n += len;
    }
    if b.get(n + 1) != Some(&b')') {
        return None;
    }
    Some((after_entry(i, n + 2), FlowEntry::Hand(SeatHand { seat, hand: Hand { tiles, tsumo, furo } })))
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
            what: Complaint::Expected(wanted.into()),
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

    /// The fast path reads every act written without spaces as the rules read it spaced out.
    #[test]
    fn compact_acts_read_as_the_rules_read_them() {
        let acts = [
            "(s,5m,3p)",
            "(s,5m,)",
            "(w,pn[5p0p],3m)",
            "(s,ch[3m4m],kk[5m])",
            "(e,dk[5p5p0p],)",
            "(s,rs[7p],rc[5m])",
            "(n,ro,)",
            "(n,rn,tm)",
            "(e,oy,tg)",
            "(e,ew,kg)",
            "(s,5m,ak[1m1m1m1m])",
        ];
        for text in acts {
            let compact = format!("{text}\n");
            let (_, fast) = compact_act(Span::new_extra(&compact, Dialect::V1)).expect(text);
            let spaced = text.replace(',', " , ").replace('[', "[ ").replace(']', " ]");
            let (_, ruled) = flow_entry(Span::new_extra(&spaced, Dialect::V1), None).expect(text);
            match (fast, ruled) {
                (FlowEntry::Act(a), FlowEntry::Act(b)) => assert_eq!(a, b, "{text}"),
                _ => panic!("{text}: not an act"),
            }
        }
        let hands = [
            "(s,hnd[1p1p2p3p0s5s6s7s8s,3p,kkn[gd,gd,gdgd,k]chi[7m,6m8m]])",
            "(n,hnd[1s2s3s4s5s6snwnw,,ank[1s1s1s1s]dmk[9p,9p9p9p,s]])",
            "(w,hnd[8s0m3msw2s2m9m1p9s5m,0m,pon[ww,2ssw,t]])",
            "(e,hnd[1m2m3m4m5m6m7m8m9m1p2p3p4p,,])",
        ];
        for text in hands {
            let compact = format!("{text}\n");
            let (_, fast) = compact_hand(Span::new_extra(&compact, Dialect::V1)).expect(text);
            let spaced = text.replace(',', " , ").replace('[', "[ ").replace(']', " ]");
            let (_, ruled) = flow_entry(Span::new_extra(&spaced, Dialect::V1), None).expect(text);
            match (fast, ruled) {
                (FlowEntry::Hand(a), FlowEntry::Hand(b)) => assert_eq!(a, b, "{text}"),
                _ => panic!("{text}: not a hand"),
            }
        }
        // 0.0.0's melds and a meld the fast path cannot read are left to the rules.
        for (text, dialect) in [
            ("(w,hnd[8s0m3m,0m,pon[ww,t]])\n", Dialect::V0),
            ("(w,hnd[8s0m3m,0m,pon[ww,2ssw,t]])\n", Dialect::V0),
            ("(w,hnd[8s0m3m,0m,pon[ww,2ssw,x]])\n", Dialect::V1),
            ("(w,hnd[8s0m3m,0m,pon[ww,2ssw,t] ])\n", Dialect::V1),
        ] {
            assert!(compact_hand(Span::new_extra(text, dialect)).is_none(), "{text}");
        }
        // What the fast path does not know is left to the rules: 0.0.0's one-tile ankan, spaces,
        // a wrong tile, an unknown call.
        for (text, dialect) in [
            ("(s,5m,ak[1m])\n", Dialect::V0),
            ("(s, 5m,3p)\n", Dialect::V1),
            ("(s,5x,3p)\n", Dialect::V1),
            ("(s,pn,3p)\n", Dialect::V1),
            ("(s,pn[5p],3p)\n", Dialect::V1),
        ] {
            assert!(compact_act(Span::new_extra(text, dialect)).is_none(), "{text}");
        }
    }
}
