//! The search: the frame replayed once with the table kept before every act up to the symptom,
//! then each candidate change replayed only from the act it changes.

use crate::format::{Act, DORA_SLOTS, Discard, Draw, Frame, Severity, Tile, dora_slot, ura_slot};
use crate::rules::hands::fill_end_hands;
use crate::rules::legal::{Call, Expect};
use crate::rules::table::{FrameEnd, Table, dora_of, indicator_of};
use crate::rules::validate::{end_hands_agree, missing_indicators};

use std::cell::RefCell;

use super::cause::{Correction, EndHands, Fit, Kind, Progress, Search, Symptom};

pub(super) struct Searcher<'a> {
    frame: &'a Frame,
    acts: &'a [Act],
    search: Search<'a>,
    /// The table before each act, up to the symptom (and one past it).
    states: Vec<Table>,
    pub(super) symptom: Symptom,
    /// The frame has an error (not only end points that differ).
    pub(super) errors: bool,
    /// Recorded end points that differ from the scored ones.
    pub(super) points_differ: bool,
    /// Indicators face up that the record leaves unknown (dora slots).
    missing: Vec<usize>,
    /// Ura indicators are recorded, but no riichi hand won.
    pub(super) ura_without_riichi: bool,
    /// The tiles of the act where the symptom shows.
    symptom_tiles: Vec<Tile>,
    /// Tiles the record points at: those of the act where the symptom shows, and the differences
    /// between the recorded end hands and the replay.
    evidence: Vec<Tile>,
    /// Warnings of the record as it is from each act on (`warnings_from[i]`); the last one also
    /// counts the start's. A change is ranked by the warnings it adds.
    warnings_from: Vec<usize>,
    start_warnings: usize,
    /// Changes that moved the first error later without removing it.
    pub(super) progress: RefCell<Vec<Progress>>,
}

impl<'a> Searcher<'a> {
    pub(super) fn new(frame: &'a Frame, acts: &'a [Act], search: Search<'a>) -> Option<Searcher<'a>> {
        let (mut t, start) = Table::start_quiet(frame)?;
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
        let missing = if errors { Vec::new() } else { missing_indicators(frame, &t, search.indicators) };
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
            progress: RefCell::default(),
        })
    }

    /// The act where the first error shows, if an act.
    pub(super) fn symptom_act(&self) -> Option<usize> {
        match self.symptom {
            Symptom::Act(i) => Some(i),
            _ => None,
        }
    }

    /// The last act a change may be made at: a change after the symptom cannot remove it.
    pub(super) fn last_act(&self) -> usize {
        match self.symptom {
            Symptom::Act(i) => i,
            _ => self.acts.len().saturating_sub(1),
        }
    }

    /// How far act `i` is from the symptom.
    pub(super) fn distance(&self, i: usize) -> usize {
        match self.symptom {
            Symptom::Act(s) => s.abs_diff(i),
            _ => self.acts.len().saturating_sub(i),
        }
    }

    /// Replays `acts` (the changed record from act `from` on) on `table`; the table at the end and
    /// the warnings met, or `None` at the first error.
    pub(super) fn replay<'b>(&self, table: Table, acts: impl Iterator<Item = &'b Act>) -> Option<(Table, usize)> {
        self.replay_far(table, acts).ok()
    }

    /// [`Searcher::replay`], saying at the first error how many acts went through before it.
    fn replay_far<'b>(&self, mut table: Table, acts: impl Iterator<Item = &'b Act>) -> Result<(Table, usize), usize> {
        let mut warnings = 0;
        for (k, act) in acts.enumerate() {
            let found = table.apply(act);
            if found.iter().any(|f| f.severity == Severity::Error) {
                return Err(k);
            }
            warnings += found.len();
        }
        Ok((table, warnings))
    }

    /// Keeps a change that did not remove the errors but moved the first one later (to act
    /// `reach`): a second change may finish it.
    fn progressed(&self, kind: Kind, change: Correction, acts: Vec<Act>, reach: usize) {
        if let Symptom::Act(s) = self.symptom
            && reach > s
        {
            self.progress.borrow_mut().push(Progress { kind, change, acts, reach });
        }
    }

    /// The frame with `acts`, if its end agrees with the record: the fit, ranked.
    pub(super) fn fit(
        &self,
        kind: Kind,
        change: Correction,
        acts: Vec<Act>,
        end: (Table, usize),
        distance: usize,
        out: &mut Vec<Fit>,
    ) {
        let mut fixed = self.frame.clone();
        if let Some(flow) = fixed.flow.as_mut() {
            flow.acts = acts;
            // A new list of acts: the document pairs the times again (FrameFlow::fill_times).
            flow.times.clear();
        }
        // Through every act, but the end hands still disagree: a second change may finish it.
        if self.search.end_hands == EndHands::Evidence && !end_hands_agree(&fixed, &end.0) {
            let acts = fixed.flow.map(|f| f.acts).unwrap_or_default();
            let n = acts.len();
            self.progressed(kind, change, acts, n);
            return;
        }
        self.finish(kind, change, fixed, end, distance, out);
    }

    /// Checks the end of a changed frame (`end` is its table after the last act and the warnings
    /// its replay met) and keeps it when it fits.
    pub(super) fn finish(
        &self,
        kind: Kind,
        change: Correction,
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
    pub(super) fn targeted(&self) -> bool {
        !self.errors && !self.points_differ
    }

    pub(super) fn act_changes(&self, out: &mut Vec<Fit>) {
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
                let mut acts = self.acts.to_vec();
                acts[i] = to;
                let (table, w) = match self.replay_far(t, self.acts[i + 1..].iter()) {
                    Ok(end) => end,
                    Err(k) => {
                        self.progressed(kind, Correction::Act { act: i, from: act, to }, acts, i + 1 + k);
                        continue;
                    }
                };
                let warnings = (w + found.len()).saturating_sub(self.warnings_from[i]);
                // A riichi is declared at the first chance: the earliest that fits is likeliest.
                let adds_riichi = matches!(to.discard, Some(Discard::Riichi(_))) && kind == Kind::Riichi;
                let distance = if adds_riichi { i } else { self.distance(i) };
                let change = Correction::Act { act: i, from: act, to };
                self.fit(kind, change, acts, (table, warnings), distance, out);
            }
        }
    }

    /// The acts `act` may have been instead, each with the kind of mistake it undoes.
    pub(super) fn act_alternatives(&self, before: &Table, act: Act) -> Vec<(Kind, Act)> {
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
    pub(super) fn inserts_removes_swaps(&self, out: &mut Vec<Fit>) {
        if self.targeted() {
            return;
        }
        let last = self.last_act();
        let n = self.acts.len();
        for i in 0..=last.min(n.saturating_sub(1)) {
            let Some(before) = self.states.get(i) else { continue };
            // Act i did not happen.
            let mut acts = self.acts.to_vec();
            let was = acts.remove(i);
            match self.replay_far(before.clone(), self.acts[i + 1..].iter()) {
                Ok((table, w)) => {
                    let w = w.saturating_sub(self.warnings_from[i]);
                    self.fit(
                        Kind::ExtraAct,
                        Correction::Remove { act: i, was },
                        acts,
                        (table, w),
                        self.distance(i),
                        out,
                    );
                }
                Err(k) => self.progressed(Kind::ExtraAct, Correction::Remove { act: i, was }, acts, i + k),
            }
            // Acts i and i+1 the other way round.
            if i + 1 < n {
                let mut acts = self.acts.to_vec();
                acts.swap(i, i + 1);
                if let Some((table, w)) = self.replay(before.clone(), acts[i..].iter()) {
                    let w = w.saturating_sub(self.warnings_from[i]);
                    self.fit(Kind::Swap, Correction::Swap { act: i }, acts, (table, w), self.distance(i), out);
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
                    match self.replay_far(before.clone(), acts[i..].iter()) {
                        Ok((table, w)) => {
                            let w = w.saturating_sub(self.warnings_from[i.min(n)]);
                            let change = Correction::Insert { at: i, act };
                            self.fit(Kind::MissingAct, change, acts, (table, w), self.distance(i), out);
                        }
                        // (The acts after the inserted one stand one place later.)
                        Err(k) => self.progressed(
                            Kind::MissingAct,
                            Correction::Insert { at: i, act },
                            acts,
                            (i + k).saturating_sub(1),
                        ),
                    }
                }
            }
        }
    }

    /// The table after the last act (only kept when no act has an error).
    pub(super) fn end_table(&self) -> Option<Table> {
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
    pub(super) fn start_tiles(&self, out: &mut Vec<Fit>) {
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
                    let mut shown = hand.tiles.clone();
                    crate::format::sort_tiles(&mut shown);
                    let was_sorted = shown == hand.tiles;
                    if let Some(slot) = hand.tiles.iter_mut().find(|t| **t == from) {
                        *slot = to;
                    } else if hand.tsumo == Some(from) {
                        hand.tsumo = Some(to);
                    }
                    // The recorder keeps its start hands in the order a hand is shown.
                    if self.search.end_hands == EndHands::Derived && was_sorted {
                        crate::format::sort_tiles(&mut hand.tiles);
                    }
                    let Some(end) = self.replay_whole(&fixed) else { continue };
                    let change = Correction::StartTile { seat: sh.seat, from, to };
                    // The tile the symptom's act names is the likeliest one dealt, and a slip of
                    // the keys (another suit, a neighbour) the likeliest one written instead.
                    let distance = 20 * usize::from(!self.symptom_tiles.contains(&to)) + typo(from, to);
                    self.finish(Kind::DealTile, change, fixed, end, distance, out);
                }
            }
        }
    }

    /// The whole frame replayed from the deal: its end, or `None` at the first error.
    pub(super) fn replay_whole(&self, f: &Frame) -> Option<(Table, usize)> {
        let (t, start) = Table::start_quiet(f)?;
        if start.iter().any(|x| x.severity == Severity::Error) {
            return None;
        }
        let (t, w) = self.replay(t, f.flow.as_ref()?.acts.iter())?;
        Some((t, (w + start.len()).saturating_sub(self.warnings_from[0] + self.start_warnings)))
    }

    /// A dora or ura indicator face up in the frame, another tile (or one where none was
    /// recorded): tried when the end points disagree, or when the dora field breaks a count.
    pub(super) fn indicators(&self, out: &mut Vec<Fit>) {
        let by_points = self.points_differ || !self.missing.is_empty();
        // A copy too many of a tile an indicator shows: the indicator may be the wrong one.
        let indicator_tiles: Vec<Tile> =
            self.frame.dora.iter().filter_map(|d| indicator_of(*d)).map(|t| t.plain()).collect();
        let by_count = self.errors && self.evidence.iter().any(|t| indicator_tiles.contains(&t.plain()));
        if !by_points && !by_count && self.symptom != Symptom::Start {
            return;
        }
        let Some(end) = self.end_table() else { return };
        let shown = end.dora_shown_under(self.search.indicators.kan_dora);
        let riichi_win = match end.end() {
            FrameEnd::Tsumo { seat, .. } => end.seats[seat.index()].riichi.is_some(),
            FrameEnd::Ron { winners, .. } => winners.iter().any(|w| end.seats[w.index()].riichi.is_some()),
            _ => false,
        };
        let mut slots: Vec<usize> = (0..shown).map(dora_slot).collect();
        if riichi_win {
            slots.extend((0..self.search.indicators.ura_shown(shown)).map(ura_slot));
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
                self.finish(Kind::Indicator, Correction::Indicator { slot, from, to }, fixed, end, distance, out);
            }
        }
    }

    /// The end points the hands and acts pay, when only they disagree.
    pub(super) fn end_points(&self, out: &mut Vec<Fit>) {
        if self.errors || !self.points_differ {
            return;
        }
        let (Some(from), Some(to)) = (self.frame.end_points, self.search.scorer.and_then(|s| s(self.frame))) else {
            return;
        };
        let Some(end) = self.end_table() else { return };
        let mut fixed = self.frame.clone();
        fixed.end_points = Some(to);
        self.finish(Kind::EndPoints, Correction::EndPoints { from, to }, fixed, (end, 0), 0, out);
    }
}

/// How unlike two tiles are to read: a neighbour in the same suit is nearest, an unknown tile
/// (nothing recorded) is as far as anything.
pub(super) fn likeness(a: Tile, b: Tile) -> usize {
    match (a.suit(), b.suit(), a.value(), b.value()) {
        (Some(x), Some(y), Some(m), Some(n)) if x == y && !a.is_honor() => usize::from(m.abs_diff(n)),
        (Some(x), Some(y), _, _) if x == y => 5,
        _ => 10,
    }
}

/// How unlike two tiles are to type: the same number in another suit or a neighbour in the same
/// suit are slips of a key; anything else is far.
fn typo(a: Tile, b: Tile) -> usize {
    match (a.suit(), b.suit(), a.value(), b.value()) {
        (Some(x), Some(y), Some(m), Some(n)) if !a.is_honor() && !b.is_honor() && x != y && m == n => 1,
        (Some(x), Some(y), Some(m), Some(n)) if !a.is_honor() && x == y => usize::from(m.abs_diff(n)),
        _ => 10,
    }
}

/// The tiles the deal and the dora field hold more copies of than a set has.
pub(super) fn over_counted(frame: &Frame) -> Vec<Tile> {
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
pub(super) fn act_tiles(a: &Act) -> Vec<Tile> {
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
pub(super) fn red_of(t: Tile) -> Tile {
    t.suit().and_then(|s| Tile::number(s, 0)).unwrap_or(t)
}
