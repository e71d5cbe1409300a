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
//! - [`search`]: the replay and the candidates; [`words`]: the cause in both languages.

use crate::format::{Act, Discard, Frame, Points, Seat, Tile};
use crate::i18n::{Lang, tr};

mod search;
mod words;

use search::Searcher;
pub use words::slot_name;

/// The end points (East first) the hands and acts of a frame pay, when they can be worked out.
pub type Scorer<'a> = dyn Fn(&Frame) -> Option<[Points; 4]> + 'a;

/// What the recorded end hands are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndHands {
    /// Typed or read from a log apart from the acts: evidence the acts must agree with.
    Evidence,
    /// Written from the replay of the acts (the recorder does): no evidence; they are written
    /// again for the changed acts.
    Derived,
}

/// How to search.
#[derive(Clone, Copy)]
pub struct Search<'a> {
    pub end_hands: EndHands,
    /// Scores a frame, to hold recorded end points against (none: end points are not looked at).
    pub scorer: Option<&'a Scorer<'a>>,
}

/// The kinds of mistake, the most common first (as real logs show them: tsumogiri and tedashi
/// mixed up, then a wrong deal tile, a wrong or missing dora or ura indicator, a missed riichi,
/// a missed act, and the rarer ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    TsumogiriTedashi,
    DealTile,
    Indicator,
    Riichi,
    MissingAct,
    DrawTile,
    DiscardTile,
    ExtraAct,
    Swap,
    Call,
    EndPoints,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::TsumogiriTedashi,
        Kind::DealTile,
        Kind::Indicator,
        Kind::Riichi,
        Kind::MissingAct,
        Kind::DrawTile,
        Kind::DiscardTile,
        Kind::ExtraAct,
        Kind::Swap,
        Kind::Call,
        Kind::EndPoints,
    ];

    /// The kind in a few words.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Kind::TsumogiriTedashi => tr!("rules-kind-tsumogiri-tedashi"),
            Kind::DealTile => tr!("rules-kind-deal-tile"),
            Kind::Indicator => tr!("rules-kind-indicator"),
            Kind::Riichi => tr!("rules-kind-riichi"),
            Kind::MissingAct => tr!("rules-kind-missing-act"),
            Kind::DrawTile => tr!("rules-kind-draw-tile"),
            Kind::DiscardTile => tr!("rules-kind-discard-tile"),
            Kind::ExtraAct => tr!("rules-kind-extra-act"),
            Kind::Swap => tr!("rules-kind-swap"),
            Kind::Call => tr!("rules-kind-call"),
            Kind::EndPoints => tr!("rules-kind-end-points"),
        }
        .get(lang)
    }
}

/// One change of a frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Act `act` (0-based) becomes `to`.
    Act { act: usize, from: Act, to: Act },
    /// A tile of `seat`'s start hand.
    StartTile { seat: Seat, from: Tile, to: Tile },
    /// The indicator in dora slot `slot` (`from` unknown when none was recorded).
    Indicator { slot: usize, from: Tile, to: Tile },
    /// `act` goes in before act `at`.
    Insert { at: usize, act: Act },
    /// Act `act` did not happen.
    Remove { act: usize, was: Act },
    /// Acts `act` and `act + 1` came the other way round.
    Swap { act: usize },
    /// The end points (pfe), East first.
    EndPoints { from: [Points; 4], to: [Points; 4] },
}

/// The likely cause of a frame's problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    pub kind: Kind,
    pub change: Change,
    /// The frame with the change made (its end hands written again when they were derived).
    pub fixed: Frame,
    /// How many other changes fit as well and are as likely (the same kind of mistake).
    pub others: usize,
    /// How many other changes fit, but are less likely.
    pub alternatives: usize,
    /// When one change is not enough: the second change, made after this one.
    pub then: Option<Box<Cause>>,
    /// The act where the first error shows, if an act.
    pub symptom: Option<usize>,
}

/// Where a frame's problems first show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Symptom {
    /// In the start hands or the dora field.
    Start,
    /// At this act.
    Act(usize),
    /// In the end hands, or only in the end points.
    End,
}

/// A change that moved the first error to a later act without removing it.
struct Progress {
    kind: Kind,
    change: Change,
    /// The acts with the change made.
    acts: Vec<Act>,
    /// The act where the first error now shows.
    reach: usize,
}

/// A change that fits, with what ranks it.
pub(super) struct Fit {
    pub(super) kind: Kind,
    pub(super) change: Change,
    pub(super) fixed: Frame,
    /// The recorded end points agree with the scored ones (or cannot be held against them).
    pub(super) points: bool,
    pub(super) warnings: usize,
    pub(super) distance: usize,
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
        matches!(&f.change, Change::Act { from, to, .. }
            if matches!(from.discard, Some(Discard::Riichi(_))) && !matches!(to.discard, Some(Discard::Riichi(_))))
    };
    let order = |f: &Fit| match f.kind {
        Kind::Riichi if s.ura_without_riichi => 0,
        Kind::Riichi if removes_riichi(f) => 2 + Kind::EndPoints as usize,
        k => 1 + k as usize,
    };
    fits.sort_by_key(|f| (!f.points, order(f), f.warnings, f.distance));
    let symptom = s.symptom_act();
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
