//! What a scorer confirms while recording, and how each confirmed entry changes the document.
//!
//! An [`Entry`] is one intent: a frame dealt, a draw or call, a discard, a dora indicator, the end
//! of a frame, a correction, an undo. [`change_of`] works out the document edit an entry makes
//! without touching the document (so the entry can be journaled first and refused cleanly), and
//! [`apply`] carries it out as one undo step. Entries are written to the journal as JSON lines.

use crate::i18n::{Text, tr};
use serde::{Deserialize, Serialize};

// The match being recorded is asked of the document; the AI players ask it here.
pub use crate::document::match_index;
use crate::document::{Document, Edit, MatchInfo, current_frame, is_finished, missing_indicator};
use crate::format::{
    self, Act, ActTime, DORA_SLOTS, Dice, Discard, Frame, FrameFlow, FrameId, Hand, Match, Paifu, Points, Seat,
    SeatHand, Tile, dora_slot, ura_slot,
};
use crate::rules::{dora_of, fill_end_hands};

/// The start of a frame as the scorer confirms it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub id: FrameId,
    /// Riichi sticks left on the table from earlier frames, as points (one stick is 1.0).
    pub kyoutaku: Points,
    pub dice: Option<Dice>,
    /// Start points, East seat of this frame first.
    pub start_points: Option<[Points; 4]>,
    /// The dora indicator (the tile shown, not the dora); unknown when not seen.
    pub indicator: Tile,
    /// Start hands, East first; East may hold 14 tiles (then its first act is `oy`).
    pub hands: [Vec<Tile>; 4],
}

/// The end of a frame: ura dora indicators (for a riichi win) and the end points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Ura indicators in order: under the dora, then under each kan dora.
    pub ura: Vec<Tile>,
    /// End points, East seat of this frame first.
    pub end_points: [Points; 4],
}

/// One confirmed entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// A new frame at the end of the match being recorded.
    Deal(Box<Deal>),
    /// A new act: a draw, call, rinshan draw, ron or `oy` (its discard may follow as [`Entry::Discard`]).
    Act(Act),
    /// The discard (or riichi, tsumo, kan, tsumogiri) of the last act.
    Discard(Discard),
    /// A dora indicator shown: the first one still unknown (the dora, then kan dora 1..4).
    Indicator(Tile),
    /// The frame ends with these ura indicators and end points.
    Finish(Box<Finish>),
    /// Act `act` of frame `frame` is replaced.
    Correct { frame: usize, act: usize, to: Act },
    /// Act `act` of frame `frame` is taken out (it was recorded by mistake).
    Remove { frame: usize, act: usize },
    /// A missed act goes into frame `frame` before its act `act` (at the end when `act` is the
    /// number of acts).
    Insert { frame: usize, act: usize, to: Act },
    /// Frame `frame` is replaced by `text` (one frame as `.jmjp`): the fix of a likely cause,
    /// which may change acts, a start hand or an indicator.
    Fix { frame: usize, text: String },
    /// The last step of the document is undone (an entry, or a form edit).
    Undo,
    /// The step undone last is made again.
    Redo,
    /// The match being recorded replaced by `text` (one match as `.jmjp`): a difference with the
    /// other desk's recording taken from theirs (double entry, live), the recorders of both
    /// credited.
    Take { text: String },
    /// A difference with the other desk's recording kept as it is (mine checked). It changes no
    /// record: it is remembered with the recording.
    Check(crate::compare::live::Mark),
    /// The match information as the forms left it (the match header as `.jmjp` text), with the
    /// form field it came from (edits of one field are one undo step).
    Info { group: Option<String>, header: String },
    /// A chombo ends the frame being recorded: its comment with the penalty parts (`penalty: s
    /// -20.0 match chombo`), and its end points (the hand void: only table penalties move them).
    Chombo { comment: String, end_points: [Points; 4] },
}

/// Why an entry cannot be made now; nothing was changed. Said in both languages by
/// [`EntryError::text`] (its `Display` is the English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    NoMatch,
    NoFrame,
    FrameOver,
    FrameNotOver,
    HasDiscard,
    NoAct,
    /// The act's number, from 1.
    NoSuchAct(usize),
    /// The frame's number, from 1.
    NoSuchFrame(usize),
    NoIndicatorMissing,
    HandSize {
        seat: Seat,
        count: usize,
    },
    NothingToUndo,
    NothingToRedo,
    /// The match information could not be read: where and why.
    BadInfo(Text),
    /// The fixed frame could not be read.
    BadFrame(Text),
    /// The match taken from the other desk could not be read.
    BadMatch(Text),
}

impl EntryError {
    /// What went wrong, in both languages.
    pub fn text(&self) -> Text {
        match self {
            EntryError::NoMatch => tr!("recorder-entry-no-match").text(),
            EntryError::NoFrame => tr!("recorder-entry-no-frame").text(),
            EntryError::FrameOver => tr!("recorder-entry-frame-over").text(),
            EntryError::FrameNotOver => tr!("recorder-entry-frame-not-over").text(),
            EntryError::HasDiscard => tr!("recorder-entry-has-discard").text(),
            EntryError::NoAct => tr!("recorder-entry-no-act").text(),
            EntryError::NoSuchAct(n) => tr!("recorder-entry-no-such-act", act = *n),
            EntryError::NoSuchFrame(n) => tr!("recorder-entry-no-such-frame", frame = *n),
            EntryError::NoIndicatorMissing => tr!("recorder-problem-no-indicator-missing").text(),
            EntryError::HandSize { seat, count } => tr!("recorder-entry-hand-size", seat = seat.word(), count = *count),
            EntryError::NothingToUndo => tr!("recorder-problem-nothing-to-undo").text(),
            EntryError::NothingToRedo => tr!("recorder-problem-nothing-to-redo").text(),
            EntryError::BadInfo(why) => tr!("recorder-entry-bad-info", why = why),
            EntryError::BadFrame(why) => tr!("recorder-entry-bad-frame", why = why),
            EntryError::BadMatch(why) => tr!("recorder-entry-bad-match", why = why),
        }
    }
}

impl std::fmt::Display for EntryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl std::error::Error for EntryError {}

/// Where a text did not parse and why: "3:14: expected ...", in both languages.
fn parse_problem(e: &format::ParseError) -> Text {
    let at = format!("{}:{}: ", e.line, e.column);
    Text::new(format!("{at}{}", e.message.en), format!("{at}{}", e.message.ja))
}

/// What an entry does to the document.
#[derive(Clone, Debug)]
pub enum EntryChange {
    Edit(Edit),
    Undo,
    Redo,
    /// A difference kept (see [`Entry::Check`]).
    Check(crate::compare::live::Mark),
}

/// The document edit `entry` makes, worked out without changing anything (with no time: see
/// [`change_at`]).
pub fn change_of(doc: &Document, entry: &Entry) -> Result<EntryChange, EntryError> {
    change_at(doc, entry, None)
}

/// The document edit `entry`, made at `at`, makes: a new act (a draw, a call, an act inserted)
/// is kept with the time it was entered; a correction keeps the act's first time.
/// `frame` ended by a chombo: its comment with the penalties, its end points, its end hands.
fn chombo_ended(frame: &Frame, comment: &str, end_points: [Points; 4]) -> Frame {
    let mut f = frame.clone();
    f.comment = (!comment.is_empty()).then(|| crate::format::StrLit::native(comment));
    f.end_points = Some(end_points);
    fill_end_hands(&mut f);
    f
}

pub fn change_at(doc: &Document, entry: &Entry, at: Option<ActTime>) -> Result<EntryChange, EntryError> {
    let mi = match_index(doc).ok_or(EntryError::NoMatch)?;
    let recording = |doc: &Document| -> Result<(usize, Frame), EntryError> {
        let (_, fi, f) = current_frame(doc).ok_or(EntryError::NoFrame)?;
        if is_finished(f) {
            return Err(EntryError::FrameOver);
        }
        Ok((fi, f.clone()))
    };
    let replace = |fi: usize, before: &Frame, after: Frame| Edit::Frame {
        index: mi,
        frame: fi,
        before: Some(Box::new(before.clone())),
        after: Some(Box::new(after)),
    };
    Ok(EntryChange::Edit(match entry {
        Entry::Deal(deal) => {
            if current_frame(doc).is_some_and(|(_, _, f)| !is_finished(f)) {
                return Err(EntryError::FrameNotOver);
            }
            let mut frame = dealt(deal)?;
            // The dealer's `oy`, made with the deal, was entered with it.
            if let Some(flow) = frame.flow.as_mut().filter(|fl| !fl.acts.is_empty()) {
                flow.set_time(0, at);
            }
            let next = doc.paifu().matches[mi].frames.len();
            Edit::Frame { index: mi, frame: next, before: None, after: Some(Box::new(frame)) }
        }
        Entry::Act(act) => {
            let (fi, before) = recording(doc)?;
            let mut f = before.clone();
            let flow = f.flow.get_or_insert_with(FrameFlow::default);
            // Even out of turn the act is recorded: it is what happened, and the rules engine says
            // what is wrong with it.
            flow.push_act(*act, at);
            fill_end_hands(&mut f);
            replace(fi, &before, f)
        }
        Entry::Discard(d) => {
            let (fi, before) = recording(doc)?;
            let mut f = before.clone();
            let last = f.flow.as_mut().and_then(|fl| fl.acts.last_mut()).ok_or(EntryError::NoAct)?;
            if last.discard.is_some() {
                return Err(EntryError::HasDiscard);
            }
            last.discard = Some(*d);
            fill_end_hands(&mut f);
            replace(fi, &before, f)
        }
        Entry::Indicator(t) => {
            let (fi, before) = recording(doc)?;
            let rules = doc.match_rules(doc.paifu().matches.len().saturating_sub(1));
            let slot = missing_indicator(&before, rules.kan_dora).ok_or(EntryError::NoIndicatorMissing)?;
            let mut f = before.clone();
            full_dora(&mut f);
            f.dora[slot] = dora_of(*t);
            replace(fi, &before, f)
        }
        Entry::Chombo { comment, end_points } => {
            let (fi, before) = recording(doc)?;
            replace(fi, &before, chombo_ended(&before, comment, *end_points))
        }
        Entry::Finish(fin) => {
            let (fi, before) = recording(doc)?;
            let mut f = with_ura(&before, &fin.ura);
            f.end_points = Some(fin.end_points);
            fill_end_hands(&mut f);
            replace(fi, &before, f)
        }
        Entry::Correct { frame, act, to } => {
            let before = doc.frame(mi, *frame).ok_or(EntryError::NoSuchFrame(*frame + 1))?;
            let mut f = before.clone();
            let slot = f.flow.as_mut().and_then(|fl| fl.acts.get_mut(*act)).ok_or(EntryError::NoSuchAct(*act + 1))?;
            *slot = *to;
            fill_end_hands(&mut f);
            replace(*frame, before, f)
        }
        Entry::Remove { frame, act } => {
            let before = doc.frame(mi, *frame).ok_or(EntryError::NoSuchFrame(*frame + 1))?;
            let mut f = before.clone();
            let flow = f.flow.as_mut().ok_or(EntryError::NoSuchAct(*act + 1))?;
            flow.remove_act(*act).ok_or(EntryError::NoSuchAct(*act + 1))?;
            fill_end_hands(&mut f);
            replace(*frame, before, f)
        }
        Entry::Insert { frame, act, to } => {
            let before = doc.frame(mi, *frame).ok_or(EntryError::NoSuchFrame(*frame + 1))?;
            let mut f = before.clone();
            let flow = f.flow.as_mut().ok_or(EntryError::NoSuchAct(*act + 1))?;
            if *act > flow.acts.len() {
                return Err(EntryError::NoSuchAct(*act + 1));
            }
            flow.insert_act(*act, *to, at);
            fill_end_hands(&mut f);
            replace(*frame, before, f)
        }
        Entry::Fix { frame, text } => {
            let before = doc.frame(mi, *frame).ok_or(EntryError::NoSuchFrame(*frame + 1))?;
            let after = format::parse_frame(text).map_err(|e| EntryError::BadFrame(parse_problem(&e)))?;
            replace(*frame, before, after)
        }
        Entry::Take { text } => taken(doc, mi, text)?,
        Entry::Check(mark) => return Ok(EntryChange::Check(mark.clone())),
        Entry::Undo => {
            return if doc.can_undo() { Ok(EntryChange::Undo) } else { Err(EntryError::NothingToUndo) };
        }
        Entry::Redo => {
            return if doc.can_redo() { Ok(EntryChange::Redo) } else { Err(EntryError::NothingToRedo) };
        }
        Entry::Info { header, .. } => {
            let after = info_of_header(header)?;
            let before = doc.info(mi).ok_or(EntryError::NoMatch)?;
            Edit::Info { index: mi, before: Box::new(before), after: Box::new(after) }
        }
    }))
}

/// The record with match `mi` replaced by the match `text` holds (a difference taken from the
/// other desk).
fn taken(doc: &Document, mi: usize, text: &str) -> Result<Edit, EntryError> {
    let parsed = format::parse(text).map_err(|e| EntryError::BadMatch(parse_problem(&e)))?;
    let mut taken = parsed
        .paifu
        .matches
        .into_iter()
        .next_back()
        .ok_or_else(|| EntryError::BadMatch(tr!("recorder-entry-no-match-in-text").text()))?;
    let before = doc.paifu().clone();
    let mut after = before.clone();
    let slot = after.matches.get_mut(mi).ok_or(EntryError::NoMatch)?;
    // An act both desks have keeps the time it was entered here; one taken from theirs, theirs.
    for f in &mut taken.frames {
        let mine = slot.frames.iter().find(|m| m.id == f.id).and_then(|m| m.flow.as_ref());
        if let (Some(flow), Some(mine)) = (f.flow.as_mut(), mine) {
            let theirs = flow.clone();
            flow.times.clear();
            flow.fill_times(mine);
            flow.fill_times(&theirs);
        }
    }
    *slot = taken;
    Ok(Edit::Replace { before: Box::new(before), after: Box::new(after) })
}

/// Makes `entry` in `doc` as one undo step.
pub fn apply(doc: &mut Document, entry: &Entry) -> Result<(), EntryError> {
    apply_at(doc, entry, None)
}

/// Makes `entry`, made at `at`, in `doc` as one undo step.
pub fn apply_at(doc: &mut Document, entry: &Entry, at: Option<ActTime>) -> Result<(), EntryError> {
    let change = change_at(doc, entry, at)?;
    carry_out(doc, entry, change);
    Ok(())
}

/// Carries out a change worked out by [`change_of`].
pub fn carry_out(doc: &mut Document, entry: &Entry, change: EntryChange) {
    match change {
        EntryChange::Edit(edit) => {
            let group = match entry {
                Entry::Info { group, .. } => group.as_deref(),
                _ => None,
            };
            doc.apply(edit, group);
            if group.is_none() {
                doc.seal();
            }
        }
        EntryChange::Undo => {
            doc.undo();
        }
        EntryChange::Redo => {
            doc.redo();
        }
        EntryChange::Check(mark) => doc.check(mark),
    }
}

/// The match header (everything but the frames) as `.jmjp` text, for an [`Entry::Info`].
pub fn header_of(info: &MatchInfo) -> String {
    let mut m = Match::default();
    info.put(&mut m);
    format::write(&Paifu { matches: vec![m] })
}

fn info_of_header(text: &str) -> Result<MatchInfo, EntryError> {
    let doc = format::parse(text).map_err(|e| EntryError::BadInfo(parse_problem(&e)))?;
    let m =
        doc.paifu.matches.first().ok_or_else(|| EntryError::BadInfo(tr!("recorder-entry-no-match-in-text").text()))?;
    Ok(MatchInfo::of(m))
}

/// The frame a deal starts.
fn dealt(deal: &Deal) -> Result<Frame, EntryError> {
    let mut start_hands = Vec::with_capacity(4);
    for (i, tiles) in deal.hands.iter().enumerate() {
        let seat = Seat::from_index(i);
        let hand = Hand::dealt(seat, tiles).ok_or(EntryError::HandSize { seat, count: tiles.len() })?;
        start_hands.push(SeatHand { seat, hand });
    }
    let mut dora = vec![Tile::UNKNOWN; DORA_SLOTS];
    dora[dora_slot(0)] = dora_of(deal.indicator);
    let mut f = Frame::new(deal.id);
    f.kyoutaku = Some(deal.kyoutaku);
    f.dice = deal.dice;
    f.start_points = deal.start_points;
    f.dora = dora;
    // A dealer dealt 14 tiles plays `oy` first: the recorder makes that act itself.
    let acts = if deal.hands[0].len() == 14 {
        vec![Act { seat: Seat::East, draw: format::Draw::Oya, discard: None }]
    } else {
        Vec::new()
    };
    f.flow = Some(FrameFlow { end_hands: Vec::new(), start_hands, acts, times: Vec::new() });
    fill_end_hands(&mut f);
    Ok(f)
}

/// `f` with the ura dora these indicators show (the ura under the dora, then under each kan dora).
pub fn with_ura(f: &Frame, ura: &[Tile]) -> Frame {
    let mut f = f.clone();
    full_dora(&mut f);
    for (n, ind) in ura.iter().take(5).enumerate() {
        f.dora[ura_slot(n)] = dora_of(*ind);
    }
    f
}

/// Gives a frame its ten dora slots (unknown where not known).
fn full_dora(f: &mut Frame) {
    if f.dora.len() < DORA_SLOTS {
        f.dora.resize(DORA_SLOTS, Tile::UNKNOWN);
    }
}
