//! What the recorder screen keeps between frames (the forms, the act selected, the correction
//! typed so far, the last message), and how the intents that concern it change it: the
//! selection moved, an act taken out or corrected, a form confirmed, a tenpai mark, the ura
//! indicators typed. The keymap says what a key means; the screen forwards the intent here or to
//! the session.

use super::correct::{Correcting, CorrectionStep};
use super::end_score::end_prefill;
use super::entry::Entry;
use super::intent::{Intent, Move};
use super::next_deal::next_deal;
use super::session::{EndKind, KeyOutcome, Step};
use super::step_forms::{DealForm, EndForm};
use crate::document::{Cached, Document, Revision, match_index};
use crate::format::{self, Seat};
use crate::i18n::{Lang, Text};
use crate::ui::fields::hand_tiles;

/// What the screen keeps between frames (kept by [`super::screen::RecorderScreen`]).
#[derive(Clone, Debug, Default)]
pub struct ViewState {
    pub deal: DealForm,
    /// The deal form was just filled: its first field takes the focus.
    pub deal_focus: bool,
    /// The end form was just filled: a riichi win's ura field takes the focus.
    pub end_focus: bool,
    /// The deal form was filled for the frame after this many frames.
    pub deal_for: Cached<usize, ()>,
    pub end: EndForm,
    /// The end form was filled at this revision, for this way of ending.
    pub end_for: Cached<(Revision, EndKind), ()>,
    pub selected: Option<(usize, usize)>,
    /// What the keys typed for the selected act mean so far.
    pub correcting: Correcting,
    /// The selection moved by a key: the frame flow scrolls to it.
    pub scroll_flow: bool,
    pub correction: String,
    pub correction_error: Option<String>,
    /// The last message (a refused key, a problem).
    pub message: Option<Text>,
}

impl ViewState {
    /// Fills the forms from what the record says next: the deal form once for each new frame,
    /// the end form once for each revision and way of ending.
    pub fn prefill(&mut self, doc: &Document, step: &Step) {
        let frames = match_index(doc).map_or(0, |mi| doc.paifu().matches[mi].frames.len());
        if *step == Step::Deal && self.deal_for.renew(frames) {
            self.deal = DealForm::of(&next_deal(doc));
            self.deal_focus = true;
        }
        if let Step::End(kind) = *step
            && self.end_for.renew((doc.revision(), kind))
            && let Some(pre) = end_prefill(doc, kind, None, &[], doc.rules())
        {
            self.end.fill(pre);
            self.end_focus = true;
        }
    }

    /// Selects act `sel` (frame, act) of the match being recorded, or none; the Act field shows it.
    pub fn select(&mut self, doc: &Document, sel: Option<(usize, usize)>) {
        self.selected = sel;
        self.correcting = Correcting::default();
        self.correction_error = None;
        self.correction = sel
            .and_then(|(f, a)| doc.frame(match_index(doc)?, f)?.flow.as_ref()?.acts.get(a).map(format::act_text))
            .unwrap_or_default();
    }

    /// Moves the selection through the acts of frame `fi` (the frame being recorded).
    pub fn select_moved(&mut self, doc: &Document, fi: usize, m: Move) {
        let len = match_index(doc).and_then(|mi| doc.frame(mi, fi)).and_then(|f| f.flow.as_ref()).map(|f| f.acts.len());
        let Some(len) = len else { return };
        let to = moved(self.selected, fi, len, m);
        self.select(doc, to);
        self.scroll_flow = true;
    }

    /// Takes the selected act out; the act after it is selected next (or the one before, or the
    /// live end).
    pub fn remove(&mut self, doc: &Document, frame: usize, act: usize) -> KeyOutcome {
        let left = match_index(doc)
            .and_then(|mi| doc.frame(mi, frame))
            .and_then(|f| f.flow.as_ref())
            .map_or(0, |fl| fl.acts.len().saturating_sub(1));
        self.selected = (left > 0).then_some((frame, act.min(left - 1)));
        self.correcting = Correcting::default();
        Ok(Some(Entry::Remove { frame, act }))
    }

    /// A recording key for the selected act: the correction it makes, when it is complete.
    pub fn correct(&mut self, doc: &Document, intent: Intent) -> KeyOutcome {
        let Some((fi, act)) = self.selected else { return Ok(None) };
        let Some(frame) = match_index(doc).and_then(|mi| doc.frame(mi, fi)) else { return Ok(None) };
        match self.correcting.apply(frame, fi, act, intent)? {
            CorrectionStep::Typing => Ok(None),
            CorrectionStep::Leave => {
                self.selected = None;
                Ok(None)
            }
            CorrectionStep::Made(e) => Ok(Some(e)),
        }
    }

    /// Confirms the deal or the end form at `step` (or says what is wrong with it); `red_fives`:
    /// the match's rules play them (else a red five typed there is refused, and said why).
    pub fn confirm(&mut self, step: &Step, lang: Lang, red_fives: bool) -> KeyOutcome {
        let red = |tiles: &[crate::format::Tile]| {
            tiles
                .iter()
                .find(|t| t.is_red() && !red_fives)
                .map(|&t| super::desk_rules::red_five_not_played(t).into_lang(lang))
        };
        match step {
            Step::End(_) => match self.end.confirm(lang) {
                Ok(f) if red(&f.ura).is_some() => {
                    self.end.error = red(&f.ura);
                    Ok(None)
                }
                Ok(f) => Ok(Some(Entry::Finish(Box::new(f)))),
                Err(e) => {
                    self.end.error = Some(e);
                    Ok(None)
                }
            },
            Step::Deal => match self.deal.read(lang) {
                Ok(d) if red(&deal_tiles(&d)).is_some() => {
                    self.deal.error = red(&deal_tiles(&d));
                    Ok(None)
                }
                Ok(d) => Ok(Some(Entry::Deal(Box::new(d)))),
                Err(e) => {
                    self.deal.error = Some(e);
                    Ok(None)
                }
            },
            _ => Ok(None),
        }
    }

    /// Marks `seat` tenpai or not at an exhaustive draw; the points follow.
    pub fn tenpai(&mut self, doc: &Document, seat: Seat) {
        let mut marks = self.end.tenpai;
        marks[seat.index()] = !marks[seat.index()];
        if let Some(pre) = end_prefill(doc, EndKind::Exhaustive, Some(marks), &[], doc.rules()) {
            self.end.fill(pre);
        }
        self.end.tenpai = marks;
    }

    /// The ura indicators typed so far: the points follow them (half-typed ones keep the last
    /// points computed).
    pub fn ura(&mut self, doc: &Document, text: String, lang: Lang) {
        if let Ok(ura) = hand_tiles(&text, lang)
            && let Some(pre) = end_prefill(doc, EndKind::Win, None, &ura, doc.rules())
        {
            self.end.fill(pre);
        }
        self.end.ura = text;
    }

    /// A palette click at the deal: the tile goes to the first start hand that is not full yet.
    pub fn deal_tile(&mut self, t: format::Tile) {
        let count = |h: &String| hand_tiles(h, Lang::En).map_or(usize::MAX, |v| v.len());
        if let Some(h) = self.deal.hands.iter_mut().find(|h| count(h) < 13) {
            h.push_str(if t.is_unknown() { "?" } else { t.code() });
        }
    }
}

/// The selection after a move through the `len` acts of frame `fi`: `None` is the live end.
fn moved(selected: Option<(usize, usize)>, fi: usize, len: usize, m: Move) -> Option<(usize, usize)> {
    if len == 0 {
        return None;
    }
    let at = selected.filter(|(f, _)| *f == fi).map(|(_, a)| a.min(len - 1));
    let step = |back: bool, by: usize| match (at, back) {
        (None, true) => Some(len.saturating_sub(by)),
        (None, false) => None,
        (Some(a), true) => Some(a.saturating_sub(by)),
        (Some(a), false) => (a + by < len).then_some(a + by),
    };
    let to = match m {
        Move::Up => step(true, 1),
        Move::Down => step(false, 1),
        Move::PageUp => step(true, 4),
        Move::PageDown => step(false, 4),
        Move::End => None,
    };
    to.map(|a| (fi, a))
}

/// Every tile a deal names: the start hands and the dora indicator.
fn deal_tiles(d: &super::entry::Deal) -> Vec<crate::format::Tile> {
    d.hands.iter().flatten().copied().chain([d.indicator]).collect()
}
