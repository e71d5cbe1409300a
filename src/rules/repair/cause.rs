//! What the search of a likely cause works with and finds: how to search, the kinds of mistake,
//! one change of a frame, the cause found, and the fits and progress the search ranks.

use crate::format::{Act, Frame, Points, Seat, Tile};
use crate::i18n::{Lang, tr};

/// The end points (East first) the hands and acts of a frame pay, when they can be worked out.
pub type ScoreFn<'a> = dyn Fn(&Frame) -> Option<[Points; 4]> + 'a;

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
    pub scorer: Option<&'a ScoreFn<'a>>,
    /// Which indicators the rules turn (a kan's dora and when, ura, kan ura).
    pub indicators: crate::rules::options::Indicators,
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
pub enum Correction {
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
    pub change: Correction,
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
pub(super) struct Progress {
    pub(super) kind: Kind,
    pub(super) change: Correction,
    /// The acts with the change made.
    pub(super) acts: Vec<Act>,
    /// The act where the first error now shows.
    pub(super) reach: usize,
}

/// A change that fits, with what ranks it.
pub(super) struct Fit {
    pub(super) kind: Kind,
    pub(super) change: Correction,
    pub(super) fixed: Frame,
    /// The recorded end points agree with the scored ones (or cannot be held against them).
    pub(super) points: bool,
    pub(super) warnings: usize,
    pub(super) distance: usize,
}
