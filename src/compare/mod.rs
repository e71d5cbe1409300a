//! Double entry: two recordings of one match compared, and reconciled.
//!
//! Some recording mistakes are legal play and leave no trace a checker can see (a dora indicator
//! misread, an ura indicator left out, a plausible wrong discard). Two scorers recording one
//! match catch them: [`compare`] lines the two recordings up (matches by their place in the file,
//! frames by frame id, acts by an alignment that survives a missing or extra act) and lists every
//! difference with its place and its position in both files. For each frame it tries the choices
//! between the two sides and says which side the rules engine and the points check find
//! consistent, when only one is. [`Comparison::reconcile`] builds the record a choice of sides
//! gives, crediting the recorders of both.
//!
//! Library code: no UI; the words are in [`words`].
//!
//! - [`align`]: the alignment of two sequences; [`frame`]: one frame's differences, the frame a
//!   choice gives, the judge; [`reconcile`]: matches and the whole record, the recorders.

pub mod align;
mod frame;
mod reconcile;
mod words;

use crate::format::{self, FrameId, Match, Paifu, PartRef, Pos, Seat, SourceMap, part_text, source::MatchPos};
use crate::scoring::RuleOptions;

pub use align::Pair;

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
    pub fn of(doc: &'a format::Document) -> Recording<'a> {
        Recording { paifu: &doc.paifu, source: Some(&doc.source_map) }
    }

    /// A record with no file behind it (the open document).
    pub fn record(paifu: &'a Paifu) -> Recording<'a> {
        Recording { paifu, source: None }
    }

    fn match_pos(&self, i: usize) -> Option<&'a MatchPos> {
        self.source?.matches.get(i)
    }
}

/// Two recordings lined up, and their differences in file order.
#[derive(Clone, Debug, Default)]
pub struct Comparison {
    pub differences: Vec<Difference>,
    matches: Vec<MatchPair>,
}

/// Two matches lined up, and their frames.
#[derive(Clone, Debug)]
struct MatchPair {
    pair: Pair,
    frames: Vec<FramePair>,
}

/// Two frames lined up, and their acts.
#[derive(Clone, Debug)]
struct FramePair {
    pair: Pair,
    acts: Vec<Pair>,
}

/// How many differences one frame may have for every choice between the sides to be judged
/// (2^n frames); past it only each whole side is.
const JUDGED_ALONE: usize = 10;

/// Compares recording `a` with `b`. End points are held against `opts` (with each match's point
/// rule).
pub fn compare(a: Recording<'_>, b: Recording<'_>, opts: &RuleOptions) -> Comparison {
    let (na, nb) = (a.paifu.matches.len(), b.paifu.matches.len());
    let mut out = Comparison::default();
    for k in 0..na.max(nb) {
        let pair = match (k < na, k < nb) {
            (true, true) => Pair::Both(k, k),
            (true, false) => Pair::OnlyA(k),
            _ => Pair::OnlyB(k),
        };
        let mi = out.matches.len();
        let mut frames = Vec::new();
        match pair {
            Pair::Both(i, j) => {
                let (ma, mb) = (&a.paifu.matches[i], &b.paifu.matches[j]);
                let (pa, pb) = (a.match_pos(i), b.match_pos(j));
                match_fields(ma, mb, (pa, pb), mi, &mut out.differences);
                let opts = opts.with_point_rule(ma.point_rule.as_ref().or(mb.point_rule.as_ref()));
                frames = frame::compare_frames(ma, mb, (pa, pb), mi, &opts, &mut out.differences);
            }
            Pair::OnlyA(i) | Pair::OnlyB(i) => {
                let (m, side) = if pair.a().is_some() { (&a.paifu.matches[i], a) } else { (&b.paifu.matches[i], b) };
                let start = side.match_pos(i).map(|p| p.start);
                let end = |r: Recording<'_>| r.source.and_then(|s| s.matches.last()).map(|p| p.start);
                let text = Some(frame_range(m));
                let (a_text, b_text) = if pair.a().is_some() { (text, None) } else { (None, text) };
                let pos = if pair.a().is_some() { (start, end(b)) } else { (end(a), start) };
                out.differences.push(Difference {
                    part: Part::Match,
                    at: At { matches: mi, frame: None, act: None },
                    frame_id: None,
                    act_place: None,
                    acts_in_a: 0,
                    a: a_text,
                    b: b_text,
                    pos,
                    consistent: None,
                });
            }
        }
        out.matches.push(MatchPair { pair, frames });
    }
    out
}

/// `E1-0 … S4-0`: the frames a match holds.
fn frame_range(m: &Match) -> String {
    match (m.frames.first(), m.frames.last()) {
        (Some(f), Some(l)) if m.frames.len() > 1 => format!("{} … {}", f.id, l.id),
        (Some(f), _) => f.id.to_string(),
        _ => "()".into(),
    }
}

/// The differences of the information around the frames (the recorders are not compared: the
/// reconciled record credits both).
fn match_fields(
    ma: &Match,
    mb: &Match,
    pos: (Option<&MatchPos>, Option<&MatchPos>),
    mi: usize,
    out: &mut Vec<Difference>,
) {
    let item_pos = |p: Option<&MatchPos>, part: Part| -> Option<Pos> {
        let p = p?;
        let item = match part {
            Part::Tour => p.tour.as_ref(),
            Part::TimePlace => Some(&p.time_place),
            Part::Player(i) => p.players.get(i),
            Part::PointRule => p.point_rule.as_ref(),
            Part::MatchEndPoints => p.end_points.as_ref(),
            Part::TourPoints => p.tour_points.as_ref(),
            _ => None,
        };
        Some(item.map_or(p.start, |i| i.start))
    };
    let mut parts = vec![Part::Tour, Part::TimePlace];
    parts.extend((0..ma.players.len().max(mb.players.len())).map(Part::Player));
    parts.extend([Part::PointRule, Part::MatchEndPoints, Part::TourPoints]);
    for part in parts {
        let (ta, tb) = (match_part_text(ma, part), match_part_text(mb, part));
        if ta != tb {
            out.push(Difference {
                part,
                at: At { matches: mi, frame: None, act: None },
                frame_id: None,
                act_place: None,
                acts_in_a: 0,
                a: ta,
                b: tb,
                pos: (item_pos(pos.0, part), item_pos(pos.1, part)),
                consistent: None,
            });
        }
    }
}

/// A match-level part as the match writes it.
fn match_part_text(m: &Match, part: Part) -> Option<String> {
    let r = match part {
        Part::Tour => PartRef::Tour(m.tour.as_ref()?),
        Part::TimePlace => PartRef::TimePlace(&m.time_place),
        Part::Player(i) => PartRef::Player(m.players.get(i)?),
        Part::PointRule => PartRef::PointRule(m.point_rule.as_ref()?),
        Part::MatchEndPoints => PartRef::MatchEndPoints(m.end_points.as_ref()?),
        Part::TourPoints => PartRef::TourPoints(m.tour_points.as_ref()?),
        _ => return None,
    };
    Some(part_text(r))
}

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

    /// The record the choices give (`choices[k]` for difference `k`; a missing choice keeps A),
    /// with the recorders of both sides.
    pub fn reconcile(&self, a: &Paifu, b: &Paifu, choices: &[Side]) -> Paifu {
        reconcile::reconcile(self, a, b, choices)
    }
}
