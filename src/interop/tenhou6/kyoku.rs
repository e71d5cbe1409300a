//! A kyoku of a tenhou.net/6 log as read: its takes, discards and result, with the seats of its
//! players.

use crate::format::{CalledFrom, FrameId, Seat, Tile, Wind, player_at, seat_at};
use crate::interop::outcome::DrawKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CallKind {
    Chi,
    Pon,
    Daiminkan,
}

/// A call in a player's takes: `c275226`, `13p1313`, `393939m39`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct CallText {
    pub(super) kind: CallKind,
    pub(super) called: Tile,
    pub(super) consumed: Vec<Tile>,
    pub(super) from: CalledFrom,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Take {
    Tile(Tile),
    Call(CallText),
}

/// An entry of a player's discards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Out {
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
pub(super) struct WinRow {
    pub(super) deltas: [i64; 4],
    pub(super) who: usize,
    pub(super) from: usize,
    pub(super) pao: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Result6 {
    Win(Vec<WinRow>),
    Draw(DrawKind, [i64; 4]),
}

#[derive(Clone, Debug)]
pub(super) struct Kyoku {
    /// 0..15: E1..E4, S1..S4, W1.., N1..
    pub(super) kyoku: u8,
    pub(super) honba: u32,
    pub(super) kyotaku: i64,
    pub(super) scores: [i64; 4],
    pub(super) dora: Vec<Tile>,
    pub(super) ura: Vec<Tile>,
    pub(super) hands: [Vec<Tile>; 4],
    pub(super) takes: [Vec<Take>; 4],
    pub(super) outs: [Vec<Out>; 4],
    pub(super) result: Result6,
}

impl Kyoku {
    pub(super) fn dealer(&self) -> usize {
        usize::from(self.kyoku % 4)
    }

    /// The frame seat of an absolute player.
    pub(super) fn seat(&self, player: usize) -> Seat {
        seat_at(player, self.dealer())
    }

    pub(super) fn player(&self, seat: Seat) -> usize {
        player_at(seat, self.dealer())
    }

    pub(super) fn id(&self) -> FrameId {
        FrameId { wind: Wind::ALL[usize::from(self.kyoku / 4) % 4], number: self.kyoku % 4 + 1, honba: self.honba }
    }
}
