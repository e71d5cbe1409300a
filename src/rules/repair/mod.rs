//! The likely cause of a frame's errors: the change a scorer most plausibly got wrong, found by
//! trying the changes scorers make and keeping those that leave the frame with no errors.
//!
//! A frame is replayed once, keeping the table before every act up to the first error (the
//! symptom). Each candidate change is then replayed only from the act it changes, and dropped at
//! the first error it leaves. The tiles tried come from the evidence (the tiles of the act where
//! the symptom shows, the differences between the recorded end hands and the replay), not from
//! the whole set, so a frame is explained in a few thousand act replays at most.
//!
//! Changes fit when the frame has no error after them and, where end points are recorded and a
//! scorer is given, the points the hands and acts pay agree with them. Of those that fit, the
//! best is the most common kind of mistake (the order real logs show them), then the one with
//! fewest new warnings, then the one nearest the symptom; how many other changes fit as well is
//! said with it. The rules layer does not score: the caller passes the scorer.
//!
//! - [`search`]: the replay and the candidates; [`words`]: the cause in both languages;
//!   [`live`]: the order for a scorer who has just typed the act where the error shows.

use crate::format::{Discard, Frame};

mod cause;
pub mod live;
mod search;
mod words;

use cause::Fit;
pub use cause::{Cause, Correction, EndHands, Kind, ScoreFn, Search};
use search::Searcher;
pub use words::slot_name;

/// What the end hands of `frame` are: `Derived` when they are exactly what the replay of its acts
/// writes (a recorder wrote them, or a converter: they say nothing the acts do not), else
/// `Evidence` (hands seen at the table, to be held against the acts).
pub fn end_hands_of(frame: &Frame) -> EndHands {
    // A frame the table cannot replay keeps whatever end hands it has as evidence.
    let recorded = frame.flow.as_ref().is_some_and(|f| f.end_hands.len() == 4)
        && crate::rules::Table::replay(frame, usize::MAX).is_some();
    let mut replayed = frame.clone();
    crate::rules::fill_end_hands(&mut replayed);
    if recorded && replayed == *frame { EndHands::Derived } else { EndHands::Evidence }
}

/// The likely cause of `frame`'s errors, or of its end points disagreeing with the scored ones,
/// or of a gap the record shows (an indicator face up but not recorded, ura indicators with no
/// riichi win); `None` when it has no problem, or no single change explains it.
pub fn explain(frame: &Frame, search: Search<'_>) -> Option<Cause> {
    candidates(frame, search).into_iter().next()
}

/// Every single change that explains `frame`'s problems, the likeliest first. Each says how many
/// of the others fit as well as it does (the same agreement with the end points and no more new
/// warnings; new end points are not counted against a change of the hands and acts).
pub fn candidates(frame: &Frame, search: Search<'_>) -> Vec<Cause> {
    let found = single(frame, search);
    if !found.is_empty() {
        return found;
    }
    // No one change is enough: after the changes that moved the first error later (the likeliest
    // first, then those that moved it furthest), a second change.
    let Some(flow) = frame.flow.as_ref() else { return Vec::new() };
    let Some(s) = Searcher::new(frame, &flow.acts, search) else { return Vec::new() };
    let mut progress = Vec::new();
    s.act_changes(&mut Vec::new());
    s.inserts_removes_swaps(&mut Vec::new());
    progress.append(&mut s.progress.borrow_mut());
    progress.sort_by_key(|p| (p.kind, std::cmp::Reverse(p.reach)));
    let symptom = s.symptom_act();
    for p in progress.into_iter().take(TRIED_FIRST) {
        let mut first = frame.clone();
        if let Some(fl) = first.flow.as_mut() {
            fl.acts = p.acts;
            // A new list of acts: the document pairs the times again (FrameFlow::fill_times).
            fl.times.clear();
        }
        if let Some(second) = single(&first, search).into_iter().next() {
            let fixed = second.fixed.clone();
            let then = Some(Box::new(second));
            return vec![Cause { kind: p.kind, change: p.change, fixed, others: 0, alternatives: 0, symptom, then }];
        }
    }
    Vec::new()
}

/// How many first changes a second one is sought after.
const TRIED_FIRST: usize = 8;

/// Every single change that explains `frame`'s problems, the likeliest first.
fn single(frame: &Frame, search: Search<'_>) -> Vec<Cause> {
    let Some(flow) = frame.flow.as_ref() else { return Vec::new() };
    let Some(s) = Searcher::new(frame, &flow.acts, search) else { return Vec::new() };
    let mut fits = Vec::new();
    s.act_changes(&mut fits);
    s.inserts_removes_swaps(&mut fits);
    s.start_tiles(&mut fits);
    s.indicators(&mut fits);
    s.end_points(&mut fits);
    // What the search must reach: no errors, and end points that agree where they can.
    let needs_points = s.points_differ && !s.errors;
    fits.retain(|f| f.points || !needs_points);
    // A riichi recorded that did not happen is rare, one missed is common; recorded ura
    // indicators with no riichi win point at a missed riichi first of all.
    let removes_riichi = |f: &Fit| {
        matches!(&f.change, Correction::Act { from, to, .. }
            if matches!(from.discard, Some(Discard::Riichi(_))) && !matches!(to.discard, Some(Discard::Riichi(_))))
    };
    let order = |f: &Fit| match f.kind {
        Kind::Riichi if s.ura_without_riichi => 0,
        Kind::Riichi if removes_riichi(f) => 2 + Kind::EndPoints as usize,
        k => 1 + k as usize,
    };
    let symptom = s.symptom_act();
    // End hands written from the replay: the acts were entered as they were seen, the one where
    // the error shows among them, so a change elsewhere (a start hand, an earlier act) comes
    // first.
    let derived = search.end_hands == EndHands::Derived;
    let at_symptom = |f: &Fit| derived && matches!(f.change, Correction::Act { act, .. } if Some(act) == symptom);
    fits.sort_by_key(|f| (!f.points, at_symptom(f), order(f), f.warnings, f.distance));
    let alike = |a: &Fit, b: &Fit| a.points == b.points && a.warnings == b.warnings;
    (0..fits.len())
        .map(|i| {
            let f = &fits[i];
            // New end points fit whenever only the points disagree: not counted against another.
            let counted = |(j, g): &(usize, &Fit)| {
                *j != i && alike(f, g) && (g.kind != Kind::EndPoints || f.kind == Kind::EndPoints)
            };
            let fitting: Vec<&Fit> = fits.iter().enumerate().filter(counted).map(|(_, g)| g).collect();
            let others = fitting.iter().filter(|g| order(g) == order(f)).count();
            let alternatives = fitting.len() - others;
            let (change, fixed) = (f.change.clone(), f.fixed.clone());
            Cause { kind: f.kind, change, fixed, others, alternatives, symptom, then: None }
        })
        .collect()
}
