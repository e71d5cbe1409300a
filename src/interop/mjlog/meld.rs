//! The calls of an mjlog: `<N who=".." m=".."/>`, the call packed into the bits of `m` as tenhou
//! writes it. Bit 2 marks a chi, bit 3 a pon, bit 4 an added kan (kakan), bit 5 a north tile set
//! aside (three-player only); with none of them it is a kan from the hand or a called kan. The
//! low two bits name the seat called from, counted from the caller (1 the right, 2 across, 3 the
//! left); 0 is the caller's own hand.

use super::xml::MjlogFault;
use crate::i18n::tr;

/// A call as tile numbers (0-135).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum MjlogCall {
    /// A chi, pon or called kan: the tile called, the tiles from the caller's hand, and the seat
    /// called from, counted from the caller (1 the right, 2 across, 3 the left).
    Open { kind: OpenKind, called: u8, from_hand: Vec<u8>, from: usize },
    /// A kan from the hand: its four tiles.
    Ankan([u8; 4]),
    /// A tile added to a pon: that tile.
    Kakan(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OpenKind {
    Chi,
    Pon,
    Daiminkan,
}

/// The call `m` of a tag at `at` (`m` is 0..=65535).
pub(super) fn decode(m: u32, at: usize) -> Result<MjlogCall, MjlogFault> {
    let bad = || MjlogFault::new(at, tr!("interop-mjlog-meld-code", m = m));
    let from = (m & 3) as usize;
    if m & 0x04 != 0 {
        // Chi: the lowest tile's kind among 21 runs (7 per suit) and which of the three was called.
        let t = m >> 10;
        let (r, run) = (t % 3, t / 3);
        if run >= 21 || from != 3 {
            return Err(bad());
        }
        let base = run / 7 * 9 + run % 7;
        let ids: Vec<u8> = (0..3).map(|i| id((base + i) * 4 + ((m >> (3 + 2 * i)) & 3))).collect();
        return open(OpenKind::Chi, &ids, r as usize, from).ok_or_else(bad);
    }
    if m & 0x18 != 0 {
        // Pon or kakan: the kind, which of the three was called, and the copy left out of the pon.
        let t = m >> 9;
        let (r, kind) = (t % 3, t / 3);
        let unused = (m >> 5) & 3;
        if kind >= 34 || from == 0 {
            return Err(bad());
        }
        let ids: Vec<u8> = (0..4).filter(|i| *i != unused).map(|i| id(kind * 4 + i)).collect();
        if m & 0x08 != 0 {
            return open(OpenKind::Pon, &ids, r as usize, from).ok_or_else(bad);
        }
        return Ok(MjlogCall::Kakan(id(kind * 4 + unused)));
    }
    if m & 0x20 != 0 {
        return Err(MjlogFault::new(at, tr!("interop-mjlog-nuki").text()));
    }
    // A kan: the called tile (or the first of the four), and the seat called from.
    let hai = m >> 8;
    if hai >= 136 {
        return Err(bad());
    }
    let kind = hai / 4;
    let ids = [id(kind * 4), id(kind * 4 + 1), id(kind * 4 + 2), id(kind * 4 + 3)];
    if from == 0 {
        return Ok(MjlogCall::Ankan(ids));
    }
    let r = (hai % 4) as usize;
    open(OpenKind::Daiminkan, &ids, r, from).ok_or_else(bad)
}

/// A tile number already known to be under 136.
fn id(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// An open call of `ids`, the `r`th of them called.
fn open(kind: OpenKind, ids: &[u8], r: usize, from: usize) -> Option<MjlogCall> {
    let called = *ids.get(r)?;
    let from_hand = ids.iter().copied().filter(|i| *i != called).collect();
    Some(MjlogCall::Open { kind, called, from_hand, from })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_are_unpacked_from_their_bits() {
        // pao_tsumo.xml: player 1 calls the 7m (tile 24) player 0 discarded, with 6m and 8m.
        let chi = decode(16663, 0).unwrap();
        assert_eq!(chi, MjlogCall::Open { kind: OpenKind::Chi, called: 24, from_hand: vec![22, 30], from: 3 });
        // A pon of the left player's tile (kind 0, the first called, copy 0 left out): 1m 1m 1m.
        let pon = decode(0x08 | 3, 0).unwrap();
        assert_eq!(pon, MjlogCall::Open { kind: OpenKind::Pon, called: 1, from_hand: vec![2, 3], from: 3 });
        // An added kan of 1m: the fourth copy.
        assert_eq!(decode(0x10 | 3, 0).unwrap(), MjlogCall::Kakan(0));
        // A kan from the hand of 9s (tile 104), and a called kan of it from across.
        assert_eq!(decode(104 << 8, 0).unwrap(), MjlogCall::Ankan([104, 105, 106, 107]));
        let kan = decode((105 << 8) | 2, 0).unwrap();
        assert_eq!(
            kan,
            MjlogCall::Open { kind: OpenKind::Daiminkan, called: 105, from_hand: vec![104, 106, 107], from: 2 }
        );
        assert!(decode(0x20, 0).is_err());
        assert!(decode(136 << 8, 0).is_err());
        assert!(decode(((34 * 3) << 9) | 0x08 | 1, 0).is_err());
        assert!(decode((63 << 10) | 0x04 | 3, 0).is_err());
        assert!(decode(0x04 | 1, 0).is_err());
    }
}
