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
mod difference;
mod frame;
pub mod live;
mod reconcile;
mod words;

use crate::format::{Match, Paifu, PartRef, Pos, part_text, source::MatchPos};
use crate::scoring::RuleOptions;

pub use align::Pair;
use difference::MatchPair;
pub use difference::{At, Comparison, Difference, FrameAt, Part, Recording, Side};

/// Compares recording `a` with `b`. End points are held against `opts` (with each match's point
/// rule).
pub fn compare(a: Recording<'_>, b: Recording<'_>, opts: &RuleOptions) -> Comparison {
    compare_with(a, b, Some(opts))
}

/// [`compare`] without judging which side is consistent (no [`Difference::consistent`]): the
/// differences alone, fast enough for every entry of a live recording.
pub fn compare_unjudged(a: Recording<'_>, b: Recording<'_>) -> Comparison {
    compare_with(a, b, None)
}

fn compare_with(a: Recording<'_>, b: Recording<'_>, opts: Option<&RuleOptions>) -> Comparison {
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
                // Each side judged by the rules its match names (A's, else B's), else `opts`.
                let opts = opts.map(|o| {
                    let named = ma.rules.as_deref().or(mb.rules.as_deref());
                    named
                        .map_or(*o, |text| crate::rules::options::spec::read(text, o).0)
                        .with_point_rule(ma.point_rule.as_ref().or(mb.point_rule.as_ref()))
                });
                frames = frame::compare_frames(ma, mb, (pa, pb), mi, opts.as_ref(), &mut out.differences);
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
    parts.extend([Part::PointRule, Part::Rules, Part::MatchEndPoints, Part::TourPoints]);
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
        // As two desks may write the same rules otherwise (spaces, case).
        Part::Rules => {
            return m.rules.as_ref().map(|r| format!("// rules: {}", crate::rules::options::RulesSpec::canonical(r)));
        }
        _ => return None,
    };
    Some(part_text(r))
}

impl Comparison {
    /// The record the choices give (`choices[k]` for difference `k`; a missing choice keeps A),
    /// with the recorders of both sides.
    pub fn reconcile(&self, a: &Paifu, b: &Paifu, choices: &[Side]) -> Paifu {
        reconcile::reconcile(self, a, b, choices)
    }
}
