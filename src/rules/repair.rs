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
//! fewest new warnings, then the one nearest the symptom; how many others of the same kind fit
//! is said with it. The rules layer does not score: the caller passes the scorer.

use crate::format::{
    Act, DORA_SLOTS, Discard, Draw, Frame, Points, Seat, Severity, Tile, act_text, dora_slot, ura_slot,
};
use crate::i18n::{Lang, Text};

use super::hands::fill_end_hands;
use super::legal::{Call, Expect};
use super::table::{FrameEnd, Table, dora_of, indicator_of};
use super::validate::{end_hands_agree, missing_indicators};

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
            Kind::TsumogiriTedashi => lang.pick("tsumogiri and tedashi mixed up", "ツモ切りと手出しの取り違え"),
            Kind::DealTile => lang.pick("a wrong tile in a start hand", "配牌の牌の誤り"),
            Kind::Indicator => lang.pick("a wrong or missing dora indicator", "ドラ表示牌の誤り・記入漏れ"),
            Kind::Riichi => lang.pick("a riichi missed or added", "リーチの記入漏れ・誤記"),
            Kind::MissingAct => lang.pick("an act missing", "行為の記入漏れ"),
            Kind::DrawTile => lang.pick("a wrong drawn tile", "ツモ牌の誤り"),
            Kind::DiscardTile => lang.pick("a wrong discarded tile", "打牌の誤り"),
            Kind::ExtraAct => lang.pick("an act too many", "余分な行為"),
            Kind::Swap => lang.pick("two acts the wrong way round", "行為の順序の入れ違い"),
            Kind::Call => lang.pick("a wrong call", "鳴きの誤り"),
            Kind::EndPoints => lang.pick("wrong end points", "終了時の点数の誤り"),
        }
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
    /// How many other changes of the same kind fit as well.
    pub others: usize,
    /// The act where the first error shows, if an act.
    pub symptom: Option<usize>,
}

/// Where a frame's problems first show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symptom {
    /// In the start hands or the dora field.
    Start,
    /// At this act.
    Act(usize),
    /// In the end hands, or only in the end points.
    End,
}

/// A change that fits, with what ranks it.
struct Fit {
    kind: Kind,
    change: Change,
    fixed: Frame,
    /// The recorded end points agree with the scored ones (or cannot be held against them).
    points: bool,
    warnings: usize,
    distance: usize,
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
    let symptom = match s.symptom {
        Symptom::Act(i) => Some(i),
        _ => None,
    };
    let alike = |a: &Fit, b: &Fit| a.points == b.points && a.warnings == b.warnings;
    (0..fits.len())
        .map(|i| {
            let f = &fits[i];
            let others = fits
                .iter()
                .enumerate()
                .filter(|(j, g)| *j != i && alike(f, g) && (g.kind != Kind::EndPoints || f.kind == Kind::EndPoints))
                .count();
            Cause { kind: f.kind, change: f.change.clone(), fixed: f.fixed.clone(), others, symptom }
        })
        .collect()
}

struct Searcher<'a> {
    frame: &'a Frame,
    acts: &'a [Act],
    search: Search<'a>,
    /// The table before each act, up to the symptom (and one past it).
    states: Vec<Table>,
    symptom: Symptom,
    /// The frame has an error (not only end points that differ).
    errors: bool,
    /// Recorded end points that differ from the scored ones.
    points_differ: bool,
    /// Indicators face up that the record leaves unknown (dora slots).
    missing: Vec<usize>,
    /// Ura indicators are recorded, but no riichi hand won.
    ura_without_riichi: bool,
    /// The tiles of the act where the symptom shows.
    symptom_tiles: Vec<Tile>,
    /// Tiles the record points at: those of the act where the symptom shows, and the differences
    /// between the recorded end hands and the replay.
    evidence: Vec<Tile>,
    /// Warnings of the record as it is from each act on (`warnings_from[i]`); the last one also
    /// counts the start's. A change is ranked by the warnings it adds.
    warnings_from: Vec<usize>,
    start_warnings: usize,
}

impl<'a> Searcher<'a> {
    fn new(frame: &'a Frame, acts: &'a [Act], search: Search<'a>) -> Option<Searcher<'a>> {
        let (mut t, start) = Table::start(frame)?;
        let start_warnings = start.iter().filter(|f| f.severity == Severity::Warning).count();
        let mut symptom = start.iter().any(|f| f.severity == Severity::Error).then_some(Symptom::Start);
        let mut states = Vec::with_capacity(acts.len() + 1);
        let mut warnings = Vec::with_capacity(acts.len());
        // The tiles of every act with an error: a missing or changed tile shows again later.
        let mut evidence = Vec::new();
        let mut symptom_tiles = Vec::new();
        for (i, act) in acts.iter().enumerate() {
            if symptom.is_none_or(|s| s == Symptom::Act(i)) {
                states.push(t.clone());
            }
            let found = t.apply(act);
            warnings.push(found.iter().filter(|f| f.severity == Severity::Warning).count());
            if found.iter().any(|f| f.severity == Severity::Error) {
                if symptom.is_none() {
                    symptom = Some(Symptom::Act(i));
                    symptom_tiles = act_tiles(act);
                }
                evidence.extend(act_tiles(act));
            }
        }
        if symptom.is_none() {
            states.push(t.clone());
        }
        if search.end_hands == EndHands::Evidence {
            for sh in frame.flow.as_ref().map_or(&[][..], |f| &f.end_hands[..]) {
                let replayed = t.hand_of(sh.seat);
                let mut rec: Vec<Tile> = sh.hand.tiles.clone();
                rec.extend(sh.hand.tsumo);
                let mut rep: Vec<Tile> = replayed.tiles.clone();
                rep.extend(replayed.tsumo);
                for x in rec.iter() {
                    if let Some(p) = rep.iter().position(|y| y == x) {
                        rep.remove(p);
                    } else {
                        evidence.push(*x);
                    }
                }
                evidence.extend(rep);
            }
            if symptom.is_none() && !end_hands_agree(frame, &t) {
                symptom = Some(Symptom::End);
            }
        }
        let errors = symptom.is_some();
        let scored = |f: &Frame| search.scorer.and_then(|s| s(f));
        let points_differ = match (frame.end_points, scored(frame)) {
            (Some(rec), Some(computed)) => rec != computed,
            _ => false,
        };
        let missing = if errors { Vec::new() } else { missing_indicators(frame, &t) };
        let riichi_won = match t.end() {
            FrameEnd::Tsumo { seat, .. } => t.seats[seat.index()].riichi.is_some(),
            FrameEnd::Ron { winners, .. } => winners.iter().any(|w| t.seats[w.index()].riichi.is_some()),
            _ => false,
        };
        let ura_without_riichi =
            !riichi_won && (0..5).any(|n| frame.dora.get(ura_slot(n)).is_some_and(|d| !d.is_unknown()));
        if !errors && !points_differ && missing.is_empty() && !ura_without_riichi {
            return None;
        }
        let symptom = symptom.unwrap_or(Symptom::End);
        // A copy too many at the deal: the tiles counted more than a set holds.
        if symptom == Symptom::Start {
            evidence.extend(over_counted(frame));
        }
        // A five is told from its red five by the record alone: try both.
        let mut more = Vec::new();
        for t in &evidence {
            if t.value() == Some(5) {
                more.push(if t.is_red() { t.plain() } else { red_of(*t) });
            }
        }
        evidence.extend(more);
        evidence.retain(|t| !t.is_unknown());
        evidence.sort();
        evidence.dedup();
        let mut warnings_from = vec![0; acts.len() + 1];
        for i in (0..acts.len()).rev() {
            warnings_from[i] = warnings_from[i + 1] + warnings[i];
        }
        Some(Searcher {
            frame,
            acts,
            search,
            states,
            symptom,
            errors,
            points_differ,
            missing,
            ura_without_riichi,
            symptom_tiles,
            evidence,
            warnings_from,
            start_warnings,
        })
    }

    /// The last act a change may be made at: a change after the symptom cannot remove it.
    fn last_act(&self) -> usize {
        match self.symptom {
            Symptom::Act(i) => i,
            _ => self.acts.len().saturating_sub(1),
        }
    }

    /// How far act `i` is from the symptom.
    fn distance(&self, i: usize) -> usize {
        match self.symptom {
            Symptom::Act(s) => s.abs_diff(i),
            _ => self.acts.len().saturating_sub(i),
        }
    }

    /// Replays `acts` (the changed record from act `from` on) on `table`; the table at the end and
    /// the warnings met, or `None` at the first error.
    fn replay<'b>(&self, mut table: Table, acts: impl Iterator<Item = &'b Act>) -> Option<(Table, usize)> {
        let mut warnings = 0;
        for act in acts {
            let found = table.apply(act);
            if found.iter().any(|f| f.severity == Severity::Error) {
                return None;
            }
            warnings += found.len();
        }
        Some((table, warnings))
    }

    /// The frame with `acts`, if its end agrees with the record: the fit, ranked.
    fn fit(
        &self,
        kind: Kind,
        change: Change,
        acts: Vec<Act>,
        end: (Table, usize),
        distance: usize,
        out: &mut Vec<Fit>,
    ) {
        let mut fixed = self.frame.clone();
        if let Some(flow) = fixed.flow.as_mut() {
            flow.acts = acts;
        }
        self.finish(kind, change, fixed, end, distance, out);
    }

    /// Checks the end of a changed frame (`end` is its table after the last act and the warnings
    /// its replay met) and keeps it when it fits.
    fn finish(
        &self,
        kind: Kind,
        change: Change,
        mut fixed: Frame,
        end: (Table, usize),
        distance: usize,
        out: &mut Vec<Fit>,
    ) {
        let (table, warnings) = end;
        match self.search.end_hands {
            EndHands::Evidence => {
                if !end_hands_agree(&fixed, &table) {
                    return;
                }
            }
            EndHands::Derived => fill_end_hands(&mut fixed),
        }
        let points = match (fixed.end_points, self.search.scorer.and_then(|s| s(&fixed))) {
            (Some(rec), Some(computed)) => rec == computed,
            _ => true,
        };
        out.push(Fit { kind, change, fixed, points, warnings, distance });
    }

    /// Every act up to the symptom, changed as scorers get it wrong: tsumogiri and tedashi,
    /// riichi, the tile discarded, the tile drawn, the call.
    /// True when nothing is wrong but a gap the record shows (an indicator not recorded, ura
    /// recorded with no riichi win): only the changes that fill it are tried.
    fn targeted(&self) -> bool {
        !self.errors && !self.points_differ
    }

    fn act_changes(&self, out: &mut Vec<Fit>) {
        if self.targeted() && !self.ura_without_riichi {
            return;
        }
        for i in 0..=self.last_act().min(self.acts.len().saturating_sub(1)) {
            let Some(before) = self.states.get(i) else { continue };
            let act = self.acts[i];
            for (kind, to) in self.act_alternatives(before, act) {
                if self.targeted() && kind != Kind::Riichi {
                    continue;
                }
                let mut t = before.clone();
                let found = t.apply(&to);
                if found.iter().any(|f| f.severity == Severity::Error) {
                    continue;
                }
                // Riichi is added only where it is plain (a closed, tenpai hand: no warning).
                if kind == Kind::Riichi && !found.is_empty() {
                    continue;
                }
                let Some((table, w)) = self.replay(t, self.acts[i + 1..].iter()) else { continue };
                let mut acts = self.acts.to_vec();
                acts[i] = to;
                let warnings = (w + found.len()).saturating_sub(self.warnings_from[i]);
                // A riichi is declared at the first chance: the earliest that fits is likeliest.
                let adds_riichi = matches!(to.discard, Some(Discard::Riichi(_))) && kind == Kind::Riichi;
                let distance = if adds_riichi { i } else { self.distance(i) };
                let change = Change::Act { act: i, from: act, to };
                self.fit(kind, change, acts, (table, warnings), distance, out);
            }
        }
    }

    /// The acts `act` may have been instead, each with the kind of mistake it undoes.
    fn act_alternatives(&self, before: &Table, act: Act) -> Vec<(Kind, Act)> {
        let mut out = Vec::new();
        let seat = act.seat;
        let hand = &before.seats[seat.index()].hand;
        let drawn = match act.draw {
            Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
            Draw::Oya => before.seats[seat.index()].drawn,
            _ => None,
        };
        // The tiles the seat holds before discarding, drawn one included.
        let mut holding: Vec<Tile> = hand.clone();
        holding.extend(drawn.filter(|_| !matches!(act.draw, Draw::Oya)));
        holding.sort();
        holding.dedup();
        let with = |d: Discard| Act { discard: Some(d), ..act };
        match act.discard {
            Some(Discard::Tsumogiri) => {
                for &t in holding.iter().filter(|t| Some(**t) != drawn) {
                    out.push((Kind::TsumogiriTedashi, with(Discard::Tile(t))));
                }
                if let Some(d) = drawn {
                    out.push((Kind::Riichi, with(Discard::Riichi(d))));
                }
            }
            Some(Discard::Tile(x)) => {
                if drawn.is_some_and(|d| d != x) {
                    out.push((Kind::TsumogiriTedashi, with(Discard::Tsumogiri)));
                }
                out.push((Kind::Riichi, with(Discard::Riichi(x))));
                // (The drawn tile let go is the tsumogiri above, not another discard.)
                for &t in holding.iter().filter(|t| **t != x && Some(**t) != drawn) {
                    out.push((Kind::DiscardTile, with(Discard::Tile(t))));
                }
            }
            Some(Discard::Riichi(x)) => {
                let plain = if drawn == Some(x) { Discard::Tsumogiri } else { Discard::Tile(x) };
                out.push((Kind::Riichi, with(plain)));
                for &t in holding.iter().filter(|t| **t != x) {
                    out.push((Kind::DiscardTile, with(Discard::Riichi(t))));
                }
            }
            _ => {}
        }
        // The drawn tile: one the record points at instead.
        let draw_as = |t: Tile| match act.draw {
            Draw::Rinshan(_) => Draw::Rinshan(t),
            _ => Draw::Tile(t),
        };
        if let Draw::Tile(x) | Draw::Rinshan(x) = act.draw {
            for &t in self.evidence.iter().filter(|t| **t != x) {
                out.push((Kind::DrawTile, Act { draw: draw_as(t), ..act }));
            }
        }
        // A call: another seat, or other tiles, as the table allowed.
        if matches!(act.draw, Draw::Chi(_) | Draw::Pon(_) | Draw::Daiminkan(_) | Draw::Ron)
            && let Expect::Draw { calls, .. } = before.expect()
        {
            for (s, call) in calls {
                let draw = match call {
                    Call::Chi(p) => Draw::Chi(p),
                    Call::Pon(p) => Draw::Pon(p),
                    Call::Daiminkan(p) => Draw::Daiminkan(p),
                    Call::Ron => Draw::Ron,
                };
                let discard = if matches!(draw, Draw::Daiminkan(_) | Draw::Ron) { None } else { act.discard };
                let to = Act { seat: s, draw, discard };
                if to != act {
                    out.push((Kind::Call, to));
                }
            }
        }
        out
    }

    /// An act missing (inserted where the turn went wrong), an act too many, two acts swapped.
    fn inserts_removes_swaps(&self, out: &mut Vec<Fit>) {
        if self.targeted() {
            return;
        }
        let last = self.last_act();
        let n = self.acts.len();
        for i in 0..=last.min(n.saturating_sub(1)) {
            let Some(before) = self.states.get(i) else { continue };
            // Act i did not happen.
            if let Some((table, w)) = self.replay(before.clone(), self.acts[i + 1..].iter()) {
                let mut acts = self.acts.to_vec();
                let was = acts.remove(i);
                let w = w.saturating_sub(self.warnings_from[i]);
                self.fit(Kind::ExtraAct, Change::Remove { act: i, was }, acts, (table, w), self.distance(i), out);
            }
            // Acts i and i+1 the other way round.
            if i + 1 < n {
                let mut acts = self.acts.to_vec();
                acts.swap(i, i + 1);
                if let Some((table, w)) = self.replay(before.clone(), acts[i..].iter()) {
                    let w = w.saturating_sub(self.warnings_from[i]);
                    self.fit(Kind::Swap, Change::Swap { act: i }, acts, (table, w), self.distance(i), out);
                }
            }
        }
        // An act missing: the seat whose turn it was drew and discarded, just before the act where
        // the turn went wrong (or before the last act when only the end disagrees).
        let at: Vec<usize> = match self.symptom {
            Symptom::Act(s) => vec![s.saturating_sub(1), s],
            Symptom::End => vec![n],
            Symptom::Start => Vec::new(),
        };
        for i in at {
            let Some(before) = self.states.get(i).cloned().or_else(|| (i == n).then(|| self.end_table()).flatten())
            else {
                continue;
            };
            let Expect::Draw { seat, .. } = before.expect() else { continue };
            let holding = &before.seats[seat.index()].hand;
            // A tsumogiri leaves no trace: its tile is unknown. A discard from the hand shows in
            // the end hand: the tile drawn and the tile let go are among the evidence.
            let mut missing = vec![(Tile::UNKNOWN, Discard::Tsumogiri)];
            let mut kept: Vec<Tile> = holding.iter().copied().filter(|t| self.evidence.contains(t)).collect();
            kept.sort();
            kept.dedup();
            for d in self.evidence.iter().copied().chain([Tile::UNKNOWN]) {
                missing.extend(kept.iter().filter(|t| **t != d).map(|t| (d, Discard::Tile(*t))));
            }
            for (d, disc) in missing {
                {
                    let act = Act { seat, draw: Draw::Tile(d), discard: Some(disc) };
                    let mut acts = self.acts.to_vec();
                    acts.insert(i, act);
                    if let Some((table, w)) = self.replay(before.clone(), acts[i..].iter()) {
                        let w = w.saturating_sub(self.warnings_from[i.min(n)]);
                        self.fit(
                            Kind::MissingAct,
                            Change::Insert { at: i, act },
                            acts,
                            (table, w),
                            self.distance(i),
                            out,
                        );
                    }
                }
            }
        }
    }

    /// The table after the last act (only kept when no act has an error).
    fn end_table(&self) -> Option<Table> {
        let mut t = self.states.last()?.clone();
        if self.states.len() == self.acts.len() + 1 {
            return Some(t);
        }
        for a in &self.acts[self.states.len() - 1..] {
            t.apply(a);
        }
        Some(t)
    }

    /// A start-hand tile the record points at instead of one dealt.
    fn start_tiles(&self, out: &mut Vec<Fit>) {
        if self.targeted() {
            return;
        }
        let Some(flow) = &self.frame.flow else { return };
        for (h, sh) in flow.start_hands.iter().enumerate() {
            let mut tiles: Vec<Tile> = sh.hand.tiles.clone();
            tiles.extend(sh.hand.tsumo);
            let mut kinds = tiles.clone();
            kinds.sort();
            kinds.dedup();
            for &from in &kinds {
                for &to in self.evidence.iter().filter(|t| **t != from) {
                    let mut fixed = self.frame.clone();
                    let Some(hand) = fixed.flow.as_mut().map(|f| &mut f.start_hands[h].hand) else { continue };
                    if let Some(slot) = hand.tiles.iter_mut().find(|t| **t == from) {
                        *slot = to;
                    } else if hand.tsumo == Some(from) {
                        hand.tsumo = Some(to);
                    }
                    let Some(end) = self.replay_whole(&fixed) else { continue };
                    let change = Change::StartTile { seat: sh.seat, from, to };
                    // The tile the symptom's act names is the likeliest one dealt.
                    let distance = usize::from(!self.symptom_tiles.contains(&to));
                    self.finish(Kind::DealTile, change, fixed, end, distance, out);
                }
            }
        }
    }

    /// The whole frame replayed from the deal: its end, or `None` at the first error.
    fn replay_whole(&self, f: &Frame) -> Option<(Table, usize)> {
        let (t, start) = Table::start(f)?;
        if start.iter().any(|x| x.severity == Severity::Error) {
            return None;
        }
        let (t, w) = self.replay(t, f.flow.as_ref()?.acts.iter())?;
        Some((t, (w + start.len()).saturating_sub(self.warnings_from[0] + self.start_warnings)))
    }

    /// A dora or ura indicator face up in the frame, another tile (or one where none was
    /// recorded): tried when the end points disagree, or when the dora field breaks a count.
    fn indicators(&self, out: &mut Vec<Fit>) {
        let by_points = self.points_differ || !self.missing.is_empty();
        // A copy too many of a tile an indicator shows: the indicator may be the wrong one.
        let indicator_tiles: Vec<Tile> =
            self.frame.dora.iter().filter_map(|d| indicator_of(*d)).map(|t| t.plain()).collect();
        let by_count = self.errors && self.evidence.iter().any(|t| indicator_tiles.contains(&t.plain()));
        if !by_points && !by_count && self.symptom != Symptom::Start {
            return;
        }
        let Some(end) = self.end_table() else { return };
        let shown = end.dora_shown();
        let riichi_win = match end.end() {
            FrameEnd::Tsumo { seat, .. } => end.seats[seat.index()].riichi.is_some(),
            FrameEnd::Ron { winners, .. } => winners.iter().any(|w| end.seats[w.index()].riichi.is_some()),
            _ => false,
        };
        let mut slots: Vec<usize> = (0..shown).map(dora_slot).collect();
        if riichi_win {
            slots.extend((0..shown).map(ura_slot));
        }
        // Only the missing ones, when the record says nothing else is wrong.
        if !self.points_differ && !self.errors {
            slots.retain(|s| self.missing.contains(s));
        }
        let candidates: Vec<Tile> = Tile::ALL[..37].to_vec();
        for slot in slots {
            let from = self.frame.dora.get(slot).and_then(|d| indicator_of(*d)).unwrap_or(Tile::UNKNOWN);
            for &to in candidates.iter().filter(|t| **t != from) {
                let mut fixed = self.frame.clone();
                if fixed.dora.len() < DORA_SLOTS {
                    fixed.dora.resize(DORA_SLOTS, Tile::UNKNOWN);
                }
                fixed.dora[slot] = dora_of(to);
                let Some(end) = self.replay_whole(&fixed) else { continue };
                // A gap in the record is likelier than a wrong entry; a misread indicator is
                // likelier the nearer it is to the one recorded.
                let distance = if self.missing.contains(&slot) { 0 } else { 1 + likeness(from, to) };
                self.finish(Kind::Indicator, Change::Indicator { slot, from, to }, fixed, end, distance, out);
            }
        }
    }

    /// The end points the hands and acts pay, when only they disagree.
    fn end_points(&self, out: &mut Vec<Fit>) {
        if self.errors || !self.points_differ {
            return;
        }
        let (Some(from), Some(to)) = (self.frame.end_points, self.search.scorer.and_then(|s| s(self.frame))) else {
            return;
        };
        let Some(end) = self.end_table() else { return };
        let mut fixed = self.frame.clone();
        fixed.end_points = Some(to);
        self.finish(Kind::EndPoints, Change::EndPoints { from, to }, fixed, (end, 0), 0, out);
    }
}

/// How unlike two tiles are to read: a neighbour in the same suit is nearest, an unknown tile
/// (nothing recorded) is as far as anything.
fn likeness(a: Tile, b: Tile) -> usize {
    match (a.suit(), b.suit(), a.value(), b.value()) {
        (Some(x), Some(y), Some(m), Some(n)) if x == y && !a.is_honor() => usize::from(m.abs_diff(n)),
        (Some(x), Some(y), _, _) if x == y => 5,
        _ => 10,
    }
}

/// The tiles the deal and the dora field hold more copies of than a set has.
fn over_counted(frame: &Frame) -> Vec<Tile> {
    let mut counts = [0u8; Tile::KINDS];
    let mut red = [0u8; 3];
    let mut tiles: Vec<Tile> = frame.dora.iter().filter_map(|d| indicator_of(*d)).collect();
    for sh in frame.flow.as_ref().map_or(&[][..], |f| &f.start_hands[..]) {
        tiles.extend(sh.hand.tiles.iter().copied().chain(sh.hand.tsumo));
    }
    for t in &tiles {
        if let Some(k) = t.kind() {
            counts[k] += 1;
        }
        if t.is_red() {
            red[t.index() - 34] += 1;
        }
    }
    let mut out: Vec<Tile> = (0..Tile::KINDS).filter(|&k| counts[k] > 4).filter_map(Tile::from_kind).collect();
    out.extend((0..3).filter(|&i| red[i] > 1).map(|i| Tile::ALL[34 + i]));
    out
}

/// The tiles an act names.
fn act_tiles(a: &Act) -> Vec<Tile> {
    let mut out = Vec::new();
    match a.draw {
        Draw::Tile(t) | Draw::Rinshan(t) => out.push(t),
        Draw::Chi(p) | Draw::Pon(p) => out.extend(p),
        Draw::Daiminkan(p) => out.extend(p),
        Draw::Ron | Draw::Oya => {}
    }
    match a.discard {
        Some(Discard::Tile(t) | Discard::Riichi(t) | Discard::Kakan(t)) => out.push(t),
        Some(Discard::Ankan(p)) => out.extend(p),
        _ => {}
    }
    out
}

/// The red five of a five's suit.
fn red_of(t: Tile) -> Tile {
    t.suit().and_then(|s| Tile::number(s, 0)).unwrap_or(t)
}

/// The name of dora slot `slot` in words.
fn slot_name(slot: usize) -> Text {
    let n = slot / 2;
    match (slot % 2, n) {
        (0, 0) => Text::new("the dora indicator", "ドラ表示牌"),
        (1, 0) => Text::new("the ura indicator", "裏ドラ表示牌"),
        (0, n) => Text::new(format!("the indicator of kan dora {n}"), format!("カンドラ {n} の表示牌")),
        (_, n) => Text::new(format!("the ura indicator of kan dora {n}"), format!("カンドラ {n} の裏ドラ表示牌")),
    }
}

fn discard_words(d: Option<Discard>, drawn: Option<Tile>, lang: Lang) -> String {
    match (d, lang) {
        (Some(Discard::Tsumogiri), Lang::En) => match drawn {
            Some(t) => format!("the drawn {t} (tsumogiri)"),
            None => "the drawn tile (tsumogiri)".into(),
        },
        (Some(Discard::Tsumogiri), Lang::Ja) => match drawn {
            Some(t) => format!("引いた {t}（ツモ切り）"),
            None => "引いた牌（ツモ切り）".into(),
        },
        (Some(Discard::Tile(t)), Lang::En) => format!("{t} from the hand"),
        (Some(Discard::Tile(t)), Lang::Ja) => format!("手牌の {t}"),
        (Some(Discard::Riichi(t)), Lang::En) => format!("{t} declaring riichi"),
        (Some(Discard::Riichi(t)), Lang::Ja) => format!("{t}（リーチ宣言）"),
        (Some(other), _) => format!("{other:?}"),
        (None, Lang::En) => "nothing".into(),
        (None, Lang::Ja) => "なし".into(),
    }
}

impl Cause {
    /// The act the change is made at (for an inserted act, the act it goes before).
    pub fn act(&self) -> Option<usize> {
        match &self.change {
            Change::Act { act, .. } | Change::Remove { act, .. } | Change::Swap { act } => Some(*act),
            Change::Insert { at, .. } => Some(*at),
            _ => None,
        }
    }

    /// What the record holds there now, and what the change makes it, as the file writes them.
    pub fn old_new(&self) -> (String, String) {
        let acts =
            |f: &Frame, i: usize| f.flow.as_ref().and_then(|fl| fl.acts.get(i)).map(act_text).unwrap_or_default();
        let points =
            |p: &[Points; 4]| format!("pfe[{}]", p.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","));
        match &self.change {
            Change::Act { from, to, .. } => (act_text(from), act_text(to)),
            Change::StartTile { seat, from, to } => {
                (format!("{} {from}", seat.name(Lang::En)), format!("{} {to}", seat.name(Lang::En)))
            }
            Change::Indicator { slot, from, to } => {
                let what = slot_name(*slot).en;
                let from = if from.is_unknown() { "(none)".to_string() } else { from.to_string() };
                (format!("{what} {from}"), format!("{what} {to}"))
            }
            Change::Insert { act, .. } => ("(nothing)".into(), act_text(act)),
            Change::Remove { was, .. } => (act_text(was), "(nothing)".into()),
            Change::Swap { act } => {
                let f = &self.fixed;
                (format!("{} {}", acts(f, act + 1), acts(f, *act)), format!("{} {}", acts(f, *act), acts(f, act + 1)))
            }
            Change::EndPoints { from, to } => (points(from), points(to)),
        }
    }

    /// The cause in the game's words: "act 25, E discarded rd from the hand, not the drawn 8m
    /// (fix: (e,8m,rd))", in both languages.
    pub fn describe(&self) -> Text {
        let n = |i: usize| i + 1;
        let (en, ja) = match &self.change {
            Change::Act { act, from, to } => {
                let (s, sj) = (to.seat.name(Lang::En), to.seat.name(Lang::Ja));
                let drawn = match to.draw {
                    Draw::Tile(t) | Draw::Rinshan(t) => Some(t),
                    _ => None,
                };
                let fix = act_text(to);
                match self.kind {
                    Kind::TsumogiriTedashi | Kind::DiscardTile | Kind::Riichi => (
                        format!(
                            "act {}, {s} discarded {}, not {} (fix: {fix})",
                            n(*act),
                            discard_words(to.discard, drawn, Lang::En),
                            discard_words(from.discard, drawn, Lang::En)
                        ),
                        format!(
                            "{} 手目：{sj}が切ったのは{}で、{}ではない（修正：{fix}）",
                            n(*act),
                            discard_words(to.discard, drawn, Lang::Ja),
                            discard_words(from.discard, drawn, Lang::Ja)
                        ),
                    ),
                    Kind::DrawTile => {
                        let (a, b) = (act_tiles(to).first().copied(), act_tiles(from).first().copied());
                        let (a, b) = (
                            a.map(|t| t.to_string()).unwrap_or_default(),
                            b.map(|t| t.to_string()).unwrap_or_default(),
                        );
                        (
                            format!("act {}, {s} drew {a}, not {b} (fix: {fix})", n(*act)),
                            format!("{} 手目：{sj}のツモは {a} で、{b} ではない（修正：{fix}）", n(*act)),
                        )
                    }
                    _ => (
                        format!("act {} was {fix}, not {} (fix: {fix})", n(*act), act_text(from)),
                        format!("{} 手目は {fix} で、{} ではない（修正：{fix}）", n(*act), act_text(from)),
                    ),
                }
            }
            Change::StartTile { seat, from, to } => {
                let (s, sj) = (seat.name(Lang::En), seat.name(Lang::Ja));
                (
                    format!("{s}'s start hand held {to}, not {from} (fix: the start hand)"),
                    format!("{sj}の配牌は {from} ではなく {to}（修正：配牌）"),
                )
            }
            Change::Indicator { slot, from, to } if from.is_unknown() && self.others > 0 => {
                let what = slot_name(*slot);
                let k = self.others + 1;
                (
                    format!("{} is not recorded; {k} tiles agree with the end points (such as {to})", what.en),
                    format!("{}が記入されていない。終了時の点数に合う牌は {k} 通り（{to} など）", what.ja),
                )
            }
            Change::Indicator { slot, from, to } => {
                let what = slot_name(*slot);
                if from.is_unknown() {
                    (
                        format!("{} was {to}, but it is not recorded (fix: {to})", what.en),
                        format!("{}は {to} だが記入されていない（修正：{to}）", what.ja),
                    )
                } else {
                    (
                        format!("{} was {to}, not {from} (fix: {to})", what.en),
                        format!("{}は {from} ではなく {to}（修正：{to}）", what.ja),
                    )
                }
            }
            Change::Insert { at, act } => {
                let (s, sj) = (act.seat.name(Lang::En), act.seat.name(Lang::Ja));
                let fix = act_text(act);
                (
                    format!("an act of {s} is missing before act {} (fix: insert {fix})", n(*at)),
                    format!("{} 手目の前に{sj}の行為が抜けている（修正：{fix} を挿入）", n(*at)),
                )
            }
            Change::Remove { act, was } => {
                let was = act_text(was);
                (
                    format!("act {} {was} did not happen (fix: delete it)", n(*act)),
                    format!("{} 手目の {was} は起きていない（修正：削除）", n(*act)),
                )
            }
            Change::Swap { act } => (
                format!("acts {} and {} came the other way round (fix: swap them)", n(*act), n(act + 1)),
                format!("{} 手目と {} 手目の順序が逆（修正：入れ替え）", n(*act), n(act + 1)),
            ),
            Change::EndPoints { to, .. } => {
                let p = to.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
                (
                    format!("the end points are {p}, as the hands and acts pay (fix: pfe[{}])", p.replace(' ', "")),
                    format!("終了時の点数は手牌と行為どおり {p}（修正：pfe[{}]）", p.replace(' ', "")),
                )
            }
        };
        let told = matches!(self.change, Change::Indicator { from, .. } if from.is_unknown());
        let (en, ja) = match self.others {
            _ if told => (en, ja),
            0 => (en, ja),
            1 => (format!("{en}; 1 other single change also fits"), format!("{ja}。ほかに 1 通りの修正も当てはまる")),
            k => {
                (format!("{en}; {k} other single changes also fit"), format!("{ja}。ほかに {k} 通りの修正も当てはまる"))
            }
        };
        Text::new(en, ja)
    }
}
