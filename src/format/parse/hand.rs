//! The rules of a hand and its melds.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::{cut, map};
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser};

use crate::i18n::tr;

use super::Dialect;
use super::header::*;
use super::input::*;
use super::tiles::{compact_tiles, real_tiles, tiles_n, tiles_until};
use crate::format::model::*;
use crate::format::tile::{CalledFrom, Tile};

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

/// A `tileFuro` of the 1.0 dialect written without spaces at the start of `b`, and its length;
/// `None` for anything else (the rules read it, and name what is wrong).
#[inline]
pub(super) fn compact_furo(b: &[u8]) -> Option<(Furo, usize)> {
    let from = |at: usize| b.get(at).copied().and_then(CalledFrom::from_code);
    let close = |at: usize| (b.get(at) == Some(&b']')).then_some(at + 1);
    let comma = |at: usize| (b.get(at) == Some(&b',')).then_some(());
    let [called] = compact_tiles::<1>(b.get(4..)?)?;
    match b.get(..4)? {
        b"chi[" => {
            comma(6)?;
            let hand = compact_tiles::<2>(b.get(7..)?)?;
            Some((Furo::Chi { called, hand }, close(11)?))
        }
        b"pon[" => {
            comma(6)?;
            let hand = compact_tiles::<2>(b.get(7..)?)?;
            comma(11)?;
            Some((Furo::Pon { called, hand, from: from(12)? }, close(13)?))
        }
        b"dmk[" => {
            comma(6)?;
            let hand = compact_tiles::<3>(b.get(7..)?)?;
            comma(13)?;
            Some((Furo::Daiminkan { called, hand, from: from(14)? }, close(15)?))
        }
        b"kkn[" => {
            comma(6)?;
            let [pon_called] = compact_tiles::<1>(b.get(7..)?)?;
            comma(9)?;
            let hand = compact_tiles::<2>(b.get(10..)?)?;
            comma(14)?;
            Some((Furo::Kakan { added: called, called: pon_called, hand, from: from(15)? }, close(16)?))
        }
        b"ank[" => {
            let [a, c, d] = compact_tiles::<3>(b.get(6..)?)?;
            Some((Furo::Ankan([called, a, c, d]), close(12)?))
        }
        _ => None,
    }
}
