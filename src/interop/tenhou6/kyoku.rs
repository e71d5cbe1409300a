//! A kyoku of a tenhou.net/6 log as read: its takes, discards and result, with the seats of its
//! players.

use crate::format::{CalledFrom, FrameId, Seat, Tile, Wind, player_at, seat_at};
use crate::interop::outcome::DrawKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallKind {
    Chi,
    Pon,
    Daiminkan,
}

/// A call in a player's takes: `c275226`, `13p1313`, `393939m39`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CallText {
    pub(crate) kind: CallKind,
    pub(crate) called: Tile,
    pub(crate) consumed: Vec<Tile>,
    pub(crate) from: CalledFrom,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Take {
    Tile(Tile),
    Call(CallText),
}

/// An entry of a player's discards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Out {
    Tile(Tile),
    /// 60: the drawn tile.
    Tsumogiri,
    /// 0: the slot after a daiminkan.
    Placeholder,
    /// `r..`; `None` for `r60`.
    Riichi(Option<Tile>),
    /// `272727a27`.
    Ankan([Tile; 4]),
    /// `3636k3636`: the added tile.
    Kakan(Tile),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WinRow {
    pub(crate) deltas: [i64; 4],
    pub(crate) who: usize,
    pub(crate) from: usize,
    pub(crate) pao: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Result6 {
    Win(Vec<WinRow>),
    Draw(DrawKind, [i64; 4]),
}

#[derive(Clone, Debug)]
pub(crate) struct Kyoku {
    /// 0..15: E1..E4, S1..S4, W1.., N1..
    pub(crate) kyoku: u8,
    pub(crate) honba: u32,
    pub(crate) kyotaku: i64,
    pub(crate) scores: [i64; 4],
    pub(crate) dora: Vec<Tile>,
    pub(crate) ura: Vec<Tile>,
    pub(crate) hands: [Vec<Tile>; 4],
    pub(crate) takes: [Vec<Take>; 4],
    pub(crate) outs: [Vec<Out>; 4],
    pub(crate) result: Result6,
}

impl Kyoku {
    pub(crate) fn dealer(&self) -> usize {
        usize::from(self.kyoku % 4)
    }

    /// The frame seat of an absolute player.
    pub(crate) fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer())
    }

    pub(crate) fn player(&self, seat: Seat) -> usize {
        player_at(seat, self.dealer())
    }

    pub(crate) fn id(&self) -> FrameId {
        FrameId { wind: Wind::ALL[usize::from(self.kyoku / 4) % 4], number: self.kyoku % 4 + 1, honba: self.honba }
    }
}
