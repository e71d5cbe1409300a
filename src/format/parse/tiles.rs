//! The rules of tiles: one tile, and runs of them.

use nom::bytes::complete::tag;
use nom::combinator::cut;
use nom::sequence::{preceded, terminated};
use nom::{Err, Parser};

use crate::i18n::tr;

use super::header::close;
use super::input::*;
use crate::format::tile::Tile;

/// `realTiles = "1m".."9m" | "0m" | "1p".."9p" | "0p" | "1s".."9s" | "0s"
///            | "ew" | "sw" | "ww" | "nw" | "wd" | "gd" | "rd" | "uk"`
pub(super) fn real_tiles(i: Span) -> PResult<Tile> {
    let i = ws(i);
    match i.fragment().as_bytes().get(..2).and_then(Tile::from_code) {
        Some(t) => Ok((i.skip(2), t)),
        None => Err(Err::Failure(PErr {
            offset: i.location_offset(),
            line: i.location_line(),
            what: Complaint::Expected(tr!("format-want-tile").into()),
            found_len: Some(2),
        })),
    }
}

/// `realTiles` where something else may stand: a recoverable error when there is no tile.
pub(super) fn real_tiles_or_else(i: Span) -> PResult<Tile> {
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
pub(super) fn bracketed<'a, const N: usize>(
    keyword: &'static str,
) -> impl Parser<Span<'a>, Output = [Tile; N], Error = PErr> {
    preceded(tag(keyword), cut(terminated(tiles_n::<N>, close(keyword))))
}

/// The tiles of `N` tile spellings at the start of `b`, with nothing between them.
#[inline(always)]
pub(super) fn compact_tiles<const N: usize>(b: &[u8]) -> Option<[Tile; N]> {
    let mut out = [Tile::UNKNOWN; N];
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = Tile::from_code(b.get(2 * k..2 * k + 2)?)?;
    }
    Some(out)
}
