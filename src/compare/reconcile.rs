//! The record a choice of sides gives: A's record with each difference chosen B taken from B's,
//! and the recorders of both credited with the frames each recorded.

use crate::format::{FrameId, FramesRecorded, Match, Paifu, Recorder};

use super::align::Pair;
use super::difference::{Comparison, Difference, MatchPair, Part, Side};
use super::frame::chosen_frame;

pub(super) fn reconcile(cmp: &Comparison, a: &Paifu, b: &Paifu, choices: &[Side]) -> Paifu {
    let side = |k: usize| choices.get(k).copied().unwrap_or(Side::A);
    let mut out = Paifu { matches: Vec::with_capacity(cmp.matches.len()) };
    for (mi, mp) in cmp.matches.iter().enumerate() {
        let here: Vec<(&Difference, Side)> =
            cmp.differences.iter().enumerate().filter(|(_, d)| d.at.matches == mi).map(|(k, d)| (d, side(k))).collect();
        let whole_from_b = here.iter().any(|(d, s)| d.part == Part::Match && *s == Side::B);
        match mp.pair {
            Pair::OnlyA(i) if !whole_from_b => out.matches.extend(a.matches.get(i).cloned()),
            Pair::OnlyB(j) if whole_from_b => out.matches.extend(b.matches.get(j).cloned()),
            Pair::Both(i, j) => {
                if let (Some(ma), Some(mb)) = (a.matches.get(i), b.matches.get(j)) {
                    out.matches.push(chosen_match(ma, mb, mp, &here));
                }
            }
            _ => {}
        }
    }
    out
}

/// Match `ma` with the differences chosen B taken from `mb`.
fn chosen_match(ma: &Match, mb: &Match, mp: &MatchPair, here: &[(&Difference, Side)]) -> Match {
    let from_b = |part: Part| here.iter().any(|(d, s)| d.part == part && d.at.frame.is_none() && *s == Side::B);
    let mut r = ma.clone();
    if from_b(Part::Tour) {
        r.tour = mb.tour.clone();
    }
    if from_b(Part::TimePlace) {
        r.time_place = mb.time_place.clone();
    }
    if from_b(Part::PointRule) {
        r.point_rule = mb.point_rule;
    }
    if from_b(Part::Rules) {
        r.rules = mb.rules.clone();
    }
    if from_b(Part::MatchEndPoints) {
        r.end_points = mb.end_points;
    }
    if from_b(Part::TourPoints) {
        r.tour_points = mb.tour_points;
    }
    let players = ma.players.len().max(mb.players.len());
    if (0..players).any(|i| from_b(Part::Player(i))) {
        r.players = (0..players)
            .filter_map(|i| if from_b(Part::Player(i)) { mb.players.get(i) } else { ma.players.get(i) })
            .cloned()
            .collect();
    }
    r.frames = mp
        .frames
        .iter()
        .enumerate()
        .filter_map(|(fk, fp)| {
            let picks: Vec<_> =
                here.iter().filter(|(d, _)| d.at.frame == Some(fk)).map(|(d, s)| (d.part, d.at.act, *s)).collect();
            let whole_from_b = picks.iter().any(|p| p.0 == Part::Frame && p.2 == Side::B);
            match fp.pair {
                Pair::Both(i, j) => Some(chosen_frame(ma.frames.get(i)?, mb.frames.get(j)?, &fp.acts, &picks)),
                Pair::OnlyA(i) if !whole_from_b => ma.frames.get(i).cloned(),
                Pair::OnlyB(j) if whole_from_b => mb.frames.get(j).cloned(),
                _ => None,
            }
        })
        .collect();
    r.recorders = credit(ma, mb, &r);
    r
}

/// The recorders of both sides, each with the frames it recorded: a recorder of all of a side's
/// frames keeps "all" while the result has no frame that side lacks, and lists the result's
/// frames it recorded otherwise; one named on both sides is listed once, with the frames of both.
fn credit(ma: &Match, mb: &Match, result: &Match) -> Vec<Recorder> {
    let ids = |m: &Match| m.frames.iter().map(|f| f.id).collect::<Vec<FrameId>>();
    let result_ids = ids(result);
    let own = |rec: &Recorder, m: &Match| -> Recorder {
        let mine = ids(m);
        let frames = match &rec.frames {
            FramesRecorded::All if result_ids.iter().all(|id| mine.contains(id)) => FramesRecorded::All,
            FramesRecorded::All => {
                FramesRecorded::Only(mine.into_iter().filter(|id| result_ids.contains(id)).collect())
            }
            only => only.clone(),
        };
        Recorder { name: rec.name.clone(), frames }
    };
    let mut out: Vec<Recorder> = ma.recorders.iter().map(|r| own(r, ma)).collect();
    for r in mb.recorders.iter().map(|r| own(r, mb)) {
        if out.contains(&r) {
            continue;
        }
        match out.iter_mut().find(|x| x.name.is_some() && x.name == r.name) {
            Some(x) => x.frames = union(&x.frames, &r.frames, &result_ids),
            None => out.push(r),
        }
    }
    out
}

/// The frames of both lists, in the order of the result's frames.
fn union(x: &FramesRecorded, y: &FramesRecorded, order: &[FrameId]) -> FramesRecorded {
    match (x, y) {
        (FramesRecorded::Only(p), FramesRecorded::Only(q)) => {
            let mut ids: Vec<FrameId> = order.iter().copied().filter(|id| p.contains(id) || q.contains(id)).collect();
            for id in p.iter().chain(q) {
                if !ids.contains(id) {
                    ids.push(*id);
                }
            }
            FramesRecorded::Only(ids)
        }
        _ => FramesRecorded::All,
    }
}
