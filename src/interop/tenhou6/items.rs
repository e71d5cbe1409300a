//! The items of a tenhou.net/6 kyoku, each read by a hand-written visitor at its JSON path: the
//! 17 items of a kyoku ([`KyokuAt`]), which mix numbers, strings and lists: tiles by their codes,
//! takes and discards (a number, or a call, riichi or kan written as text), the result.

use serde::de::{self, SeqAccess};
use serde_json::Value;

use super::codes::tile_from_code;
use super::kyoku::{CallKind, CallText, Kyoku, Out, Result6, Take, WinRow};
use super::place::{ItemName, JsonPlace, ints_or, not_a_list, not_a_number, split_meld_text};
use crate::format::{CalledFrom, Tile};
use crate::i18n::{Text, tr};
use crate::interop::json::{JsonShape, Lenient, Seed, skip_rest};
use crate::interop::outcome::DrawKind;

/// A tile by its code.
struct TileAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for TileAt<'_> {
    type Out = Tile;

    fn int<E: de::Error>(self, code: i64) -> Result<Tile, E> {
        tile_from_code(code).ok_or_else(|| self.0.fault(tr!("interop-tenhou6-unknown-tile-code", code = code)))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Tile, E> {
        Err(not_a_number(&self.0, tr!("interop-tenhou6-item-tile"), &v))
    }
}

/// A list of tiles: the dora or ura indicators, a start hand.
struct TilesAt<'a>(JsonPlace<'a>, ItemName);

impl<'de> JsonShape<'de> for TilesAt<'_> {
    type Out = Vec<Tile>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Tile>, A::Error> {
        let mut out = Vec::with_capacity(14);
        while let Some(t) = seq.next_element_seed(Seed(TileAt(self.0.at(out.len()))))? {
            out.push(t);
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<Tile>, E> {
        Err(not_a_list(&self.0, self.1, &v))
    }
}

/// Four whole numbers, one per player: the start scores, the point changes.
struct FourAt<'a>(JsonPlace<'a>, ItemName);

impl<'de> JsonShape<'de> for FourAt<'_> {
    type Out = [i64; 4];

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<[i64; 4], A::Error> {
        let items = ints_or(seq)?;
        if items.len() != 4 {
            return Err(self.0.fault(tr!("interop-tenhou6-not-four-numbers", what = self.1, count = items.len())));
        }
        let mut out = [0; 4];
        for (i, x) in items.into_iter().enumerate() {
            out[i] = x.map_err(|v| not_a_number(&self.0.at(i), self.1, &v))?;
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<[i64; 4], E> {
        Err(not_a_list(&self.0, self.1, &v))
    }
}

/// A player's takes.
struct TakesAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for TakesAt<'_> {
    type Out = Vec<Take>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Take>, A::Error> {
        let mut out = Vec::with_capacity(24);
        while let Some(x) = seq.next_element_seed(Seed(TakeAt(self.0.at(out.len()))))? {
            out.push(x);
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<Take>, E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-takes"), &v))
    }
}

/// A player's discards.
struct OutsAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for OutsAt<'_> {
    type Out = Vec<Out>;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Out>, A::Error> {
        let mut out = Vec::with_capacity(24);
        while let Some(x) = seq.next_element_seed(Seed(OutAt(self.0.at(out.len()))))? {
            out.push(x);
        }
        Ok(out)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Vec<Out>, E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-discards"), &v))
    }
}

/// A take: a tile code, or a call written as text (`c275226`, `13p1313`, `393939m39`).
struct TakeAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for TakeAt<'_> {
    type Out = Take;

    fn int<E: de::Error>(self, code: i64) -> Result<Take, E> {
        TileAt(self.0).int(code).map(Take::Tile)
    }

    fn text<E: de::Error>(self, s: &str) -> Result<Take, E> {
        call(s).map(Take::Call).map_err(|m| self.0.fault(m))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Take, E> {
        TileAt(self.0).other(v).map(Take::Tile)
    }
}

/// A call of a player's takes.
fn call(s: &str) -> Result<CallText, Text> {
    let (letter, at, ts) = split_meld_text(s)?;
    let (kind, n, from) = match (letter, at) {
        ('c', 0) => (CallKind::Chi, 3, CalledFrom::Kamicha),
        ('p', 0) => (CallKind::Pon, 3, CalledFrom::Kamicha),
        ('p', 1) => (CallKind::Pon, 3, CalledFrom::Toimen),
        ('p', 2) => (CallKind::Pon, 3, CalledFrom::Shimocha),
        ('m', 0) => (CallKind::Daiminkan, 4, CalledFrom::Kamicha),
        ('m', 1) => (CallKind::Daiminkan, 4, CalledFrom::Toimen),
        ('m', 3) => (CallKind::Daiminkan, 4, CalledFrom::Shimocha),
        ('c' | 'p' | 'm', _) => return Err(tr!("interop-tenhou6-call-letter-no-seat", text = s, letter = letter)),
        _ => return Err(tr!("interop-tenhou6-not-chi-pon-kan", text = s)),
    };
    if ts.len() != n {
        return Err(tr!("interop-tenhou6-call-tile-count", text = s, got = ts.len(), n = n));
    }
    let mut consumed = ts;
    let called = consumed.remove(at);
    Ok(CallText { kind, called, consumed, from })
}

/// A discard: a tile code, 60 (the drawn tile), 0 (after a daiminkan), or text: a riichi
/// discard (`r23`, `r60`) or a kan (`272727a27`, `3636k3636`).
struct OutAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for OutAt<'_> {
    type Out = Out;

    fn int<E: de::Error>(self, code: i64) -> Result<Out, E> {
        match code {
            60 => Ok(Out::Tsumogiri),
            0 => Ok(Out::Placeholder),
            code => TileAt(self.0).int(code).map(Out::Tile),
        }
    }

    fn text<E: de::Error>(self, s: &str) -> Result<Out, E> {
        out_text(s).map_err(|m| self.0.fault(m))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Out, E> {
        Err(not_a_number(&self.0, tr!("interop-tenhou6-item-discard"), &v))
    }
}

fn out_text(s: &str) -> Result<Out, Text> {
    if let Some(rest) = s.strip_prefix('r') {
        if rest == "60" {
            return Ok(Out::Riichi(None));
        }
        let code: i64 = rest.parse().map_err(|_| tr!("interop-tenhou6-not-riichi-discard", text = s))?;
        let t = tile_from_code(code)
            .filter(|t| !t.is_unknown())
            .ok_or_else(|| tr!("interop-tenhou6-not-a-tile-code", text = s, code = code))?;
        return Ok(Out::Riichi(Some(t)));
    }
    let (letter, at, ts) = split_meld_text(s)?;
    match letter {
        'a' if ts.len() == 4 => Ok(Out::Ankan([ts[0], ts[1], ts[2], ts[3]])),
        'k' if ts.len() == 4 && at <= 2 => Ok(Out::Kakan(ts[at])),
        'a' | 'k' => Err(tr!("interop-tenhou6-not-a-kan", text = s)),
        _ => Err(tr!("interop-tenhou6-not-a-discard", text = s)),
    }
}

/// The result: `["和了", deltas, [who, from, pao], ..]` or `[draw name, deltas?]`.
struct ResultAt<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for ResultAt<'_> {
    type Out = Result6;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Result6, A::Error> {
        let path = &self.0;
        let name = seq.next_element_seed(Seed(Lenient::<String>::new()))?.flatten();
        let name = name.ok_or_else(|| path.fault(tr!("interop-tenhou6-result-name-first").text()))?;
        if name == "和了" {
            let mut rows = Vec::with_capacity(1);
            let mut i = 1;
            while let Some(deltas) =
                seq.next_element_seed(Seed(FourAt(path.at(i), tr!("interop-tenhou6-item-point-changes"))))?
            {
                let at = path.at(i + 1);
                let d = seq.next_element_seed(Seed(WinDetails(at)))?;
                let d = d.ok_or_else(|| path.fault(tr!("interop-tenhou6-win-pairs").text()))?;
                let seat = |j: usize| -> Result<usize, A::Error> {
                    let v = d.get(j).ok_or_else(|| at.fault(tr!("interop-tenhou6-win-details").text()))?;
                    let n = v.clone().map_err(|v| not_a_number(&at.at(j), tr!("interop-tenhou6-item-player"), &v))?;
                    usize::try_from(n)
                        .ok()
                        .filter(|n| *n < 4)
                        .ok_or_else(|| at.at(j).fault(tr!("interop-tenhou6-not-a-player", n = n)))
                };
                rows.push(WinRow { deltas, who: seat(0)?, from: seat(1)?, pao: seat(2)? });
                i += 2;
            }
            if rows.is_empty() {
                return Err(path.fault(tr!("interop-tenhou6-win-pairs").text()));
            }
            return Ok(Result6::Win(rows));
        }
        let kind = DrawKind::from_japanese(&name)
            .ok_or_else(|| path.fault(tr!("interop-tenhou6-unknown-result", name = name)))?;
        let four = FourAt(path.at(1), tr!("interop-tenhou6-item-point-changes"));
        let deltas = seq.next_element_seed(Seed(four))?.unwrap_or([0; 4]);
        // An abortive draw moves no points: a log that says otherwise would lose them on the way
        // back (tenhou writes none), so it is refused.
        if kind.is_abortive() && deltas != [0; 4] {
            return Err(path.at(1).fault(tr!("interop-tenhou6-abortive-points", kind = kind.japanese())));
        }
        skip_rest(&mut seq)?;
        Ok(Result6::Draw(kind, deltas))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Result6, E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-result"), &v))
    }
}

/// `[who, from, pao]` of a win: whole numbers or what was found.
struct WinDetails<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for WinDetails<'_> {
    type Out = Vec<Result<i64, Value>>;

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Out, A::Error> {
        ints_or(seq)
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Self::Out, E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-win-details"), &v))
    }
}

/// `[kyoku, honba, kyotaku]`.
struct Head<'a>(JsonPlace<'a>);

impl<'de> JsonShape<'de> for Head<'_> {
    type Out = (u8, u32, i64);

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<(u8, u32, i64), A::Error> {
        let path = &self.0;
        let items = ints_or(seq)?;
        let [k, h, s] = &items[..] else {
            return Err(path.fault(tr!("interop-tenhou6-round").text()));
        };
        let number = |x: &Result<i64, Value>, i: usize, what: ItemName| -> Result<i64, A::Error> {
            x.clone().map_err(|v| not_a_number(&path.at(i), what, &v))
        };
        let k = number(k, 0, tr!("interop-tenhou6-item-the-kyoku"))?;
        let kyoku = u8::try_from(k)
            .ok()
            .filter(|k| *k < 16)
            .ok_or_else(|| path.at(0).fault(tr!("interop-tenhou6-kyoku-not-a-round", kyoku = k)))?;
        let h = number(h, 1, tr!("interop-tenhou6-item-honba"))?;
        let honba = u32::try_from(h).map_err(|_| path.at(1).fault(tr!("interop-tenhou6-honba-negative", honba = h)))?;
        let kyotaku = number(s, 2, tr!("interop-tenhou6-item-kyotaku"))?;
        if !(0..1000).contains(&kyotaku) {
            return Err(path.at(2).fault(tr!("interop-tenhou6-riichi-sticks", kyotaku = kyotaku)));
        }
        Ok((kyoku, honba, kyotaku))
    }

    fn other<E: de::Error>(self, v: Value) -> Result<(u8, u32, i64), E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-round-head"), &v))
    }
}

/// A kyoku: its 17 items, read in order (more are skipped).
pub(super) struct KyokuAt<'a>(pub(super) JsonPlace<'a>);

impl<'de> JsonShape<'de> for KyokuAt<'_> {
    type Out = Kyoku;

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Kyoku, A::Error> {
        let path = &self.0;
        // Item `at`, the next, read with the shape made for its path; a list too short is refused.
        macro_rules! item {
            ($at:expr, $shape:expr) => {{
                let at = $at;
                match seq.next_element_seed(Seed($shape(path.at(at))))? {
                    Some(x) => x,
                    None => return Err(path.fault(tr!("interop-tenhou6-kyoku-items", count = at))),
                }
            }};
        }
        let (kyoku, honba, kyotaku) = item!(0, Head);
        let scores = item!(1, |p| FourAt(p, tr!("interop-tenhou6-item-start-scores")));
        let dora = item!(2, |p| TilesAt(p, tr!("interop-tenhou6-item-dora")));
        let ura = item!(3, |p| TilesAt(p, tr!("interop-tenhou6-item-ura")));
        if dora.len() > 5 || ura.len() > 5 {
            return Err(path.at(2).fault(tr!("interop-tenhou6-five-indicators").text()));
        }
        let mut hands: [Vec<Tile>; 4] = Default::default();
        let mut takes: [Vec<Take>; 4] = Default::default();
        let mut outs: [Vec<Out>; 4] = Default::default();
        for p in 0..4 {
            hands[p] = item!(4 + 3 * p, |p| TilesAt(p, tr!("interop-tenhou6-item-start-hand")));
            if hands[p].len() != 13 {
                return Err(path.at(4 + 3 * p).fault(tr!("interop-tenhou6-start-hand-size", n = hands[p].len())));
            }
            takes[p] = item!(5 + 3 * p, TakesAt);
            outs[p] = item!(6 + 3 * p, OutsAt);
        }
        let result = item!(16, ResultAt);
        skip_rest(&mut seq)?;
        Ok(Kyoku { kyoku, honba, kyotaku, scores, dora, ura, hands, takes, outs, result })
    }

    fn other<E: de::Error>(self, v: Value) -> Result<Kyoku, E> {
        Err(not_a_list(&self.0, tr!("interop-tenhou6-item-kyoku"), &v))
    }
}
