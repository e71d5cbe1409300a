//! The words of a comparison: the two sides, the parts of a record that may differ, one
//! difference and where it stands, and the two recordings lined up.

use crate::format::{self, FrameId, Paifu, Pos, Seat, SourceMap, source::MatchPos};

use super::align::Pair;

/// One of the two recordings: A is mine (the file open, the first named), B is theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    A,
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// "A" or "B".
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// What part of the record differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A whole match is in one recording only.
    Match,
    /// `tnm[...]`.
    Tour,
    /// `mtp[...]`.
    TimePlace,
    /// The `ply[...]` item at this place of the list.
    Player(usize),
    /// `ptr[...]`.
    PointRule,
    /// The rules the match was played with (`// rules: tenhou`).
    Rules,
    /// `pme[...]`.
    MatchEndPoints,
    /// `ptn[...]`.
    TourPoints,
    /// A whole frame is in one recording only.
    Frame,
    FrameId,
    Kyoutaku,
    Dice,
    /// `pfs[...]`.
    StartPoints,
    /// A slot of the dora field (see [`format::dora_slot`], [`format::ura_slot`]).
    Indicator(usize),
    /// The hands and acts, recorded on one side only.
    Flow,
    StartHand(Seat),
    /// One act (changed, or only in one recording).
    Act,
    /// An end hand that is not simply what the acts leave (those follow the acts).
    EndHand(Seat),
    /// `pfe[...]`.
    EndPoints,
    Comment,
}

/// Where a difference stands in the two recordings' alignment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct At {
    /// The match pair.
    pub matches: usize,
    /// The frame pair in that match, for the parts of a frame.
    pub frame: Option<usize>,
    /// The act pair in that frame, for an act.
    pub act: Option<usize>,
}

/// One difference between the two recordings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub part: Part,
    pub at: At,
    /// The frame's id (A's, or B's when the frame is only in B).
    pub frame_id: Option<FrameId>,
    /// For an act: how many acts of A and of B come before it (so A's act number is the first
    /// plus one, and an act only in B goes before that act of A).
    pub act_place: Option<(usize, usize)>,
    /// How many acts A's frame has (to say "after the last act").
    pub acts_in_a: usize,
    /// The part as each recording writes it; `None` where it is not there.
    pub a: Option<String>,
    pub b: Option<String>,
    /// Where it is (or would go) in each file, when the recordings came from files.
    pub pos: (Option<Pos>, Option<Pos>),
    /// The side the rules engine and the points check find consistent, when only one is.
    pub consistent: Option<Side>,
}

/// A frame's place in a record: (match, frame).
pub type FrameAt = (usize, usize);

/// One recording: the record, and where its parts are in its file (when it came from one).
#[derive(Clone, Copy, Debug)]
pub struct Recording<'a> {
    pub paifu: &'a Paifu,
    pub source: Option<&'a SourceMap>,
}

impl<'a> Recording<'a> {
    /// A parsed file.
    pub fn of(doc: &'a format::Parsed) -> Recording<'a> {
        Recording { paifu: &doc.paifu, source: Some(&doc.source_map) }
    }

    /// A record with no file behind it (the open document).
    pub fn record(paifu: &'a Paifu) -> Recording<'a> {
        Recording { paifu, source: None }
    }

    pub(super) fn match_pos(&self, i: usize) -> Option<&'a MatchPos> {
        self.source?.matches.get(i)
    }
}

/// Two recordings lined up, and their differences in file order.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    pub differences: Vec<Difference>,
    pub(super) matches: Vec<MatchPair>,
}

/// Two matches lined up, and their frames.
#[derive(Clone, Debug)]
pub(super) struct MatchPair {
    pub(super) pair: Pair,
    pub(super) frames: Vec<FramePair>,
}

/// Two frames lined up, and their acts.
#[derive(Clone, Debug)]
pub(super) struct FramePair {
    pub(super) pair: Pair,
    pub(super) acts: Vec<Pair>,
}

/// How many differences one frame may have for every choice between the sides to be judged
/// (2^n frames); past it only each whole side is.
pub(super) const JUDGED_ALONE: usize = 10;

impl Difference {
    /// How many acts of each recording to replay to show this difference: up to and with the
    /// act (up to where it would go, on the side without it), none for a start hand, all for the
    /// rest of a frame.
    pub fn acts_shown(&self) -> (usize, usize) {
        match (self.part, self.act_place) {
            (Part::Act, Some((i, j))) => (i + usize::from(self.a.is_some()), j + usize::from(self.b.is_some())),
            (Part::StartHand(_), _) => (0, 0),
            _ => (usize::MAX, usize::MAX),
        }
    }
}

impl Comparison {
    /// True when the two recordings hold the same.
    pub fn is_same(&self) -> bool {
        self.differences.is_empty()
    }

    /// The choice of side for each difference the screen starts from: the consistent side where
    /// only one is, otherwise A (mine).
    pub fn preferred(&self) -> Vec<Side> {
        self.differences.iter().map(|d| d.consistent.unwrap_or(Side::A)).collect()
    }

    /// Where the frame of difference `d` is in each recording: (match, frame) in A and in B.
    pub fn frames_of(&self, d: &Difference) -> [Option<FrameAt>; 2] {
        let Some(mp) = self.matches.get(d.at.matches) else { return [None, None] };
        let Some(fp) = d.at.frame.and_then(|k| mp.frames.get(k)) else { return [None, None] };
        [mp.pair.a().zip(fp.pair.a()), mp.pair.b().zip(fp.pair.b())]
    }
}
