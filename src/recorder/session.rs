//! The recording session: what the table expects next, and how the scorer's intents become
//! entries. Pure state: no egui, no files. The view draws [`Session::snapshot`]; the keymap
//! ([`super::keys::meaning`]) says what a key means and [`Session::apply`] carries out the
//! intents it gives the live end; the
//! [`super::LiveRecording`] journals and makes the entries that come out.
//!
//! Keys on an ordinary turn (the session knows whose turn it is): a tile is a digit and a suit
//! (`5p`, `0m` red five, `1z`..`7z` honours, `x` unknown); Space is tsumogiri; Shift+digit
//! discards the tile at that position of the hand; `r` arms riichi for the next discard; `c`,
//! `p`, `k`, `n` call chi, pon, kan, ron; `t` tsumo; `d` exhaustive draw; `a` abortive draw;
//! `i` enters a dora indicator. When a call could be made by several seats or in several ways, a
//! numbered choice appears and one digit picks it.

use super::entry::Entry;
use super::intent::{Action, Intent, Meaning, Mistake};
use super::keys::{self, Input, Key, KeyState};
use crate::document::{Document, Revision, current_frame, is_finished, match_index, missing_indicator};
use crate::format::{Act, Discard, Draw, Seat, Tile};
use crate::i18n::{Lang, Text, tr};
use crate::rules::{Call, Expect, FrameEnd, Table};
use crate::scoring::RuleOptions;

/// How a frame is being ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// Won by tsumo or ron (one to three seats).
    Win,
    /// The wall ran out.
    Exhaustive,
    /// Nine terminals, four winds, four riichi, four kans, triple ron.
    Abortive,
}

/// The step the recorder expects next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The file has no match to record into.
    NoMatch,
    /// A frame must be dealt: dora indicator and four start hands.
    Deal,
    /// `seat` draws, unless one of `calls` is made first.
    Draw { seat: Seat, calls: Vec<(Seat, Call)> },
    /// `seat` discards (or declares riichi, a kan or tsumo).
    Discard { seat: Seat },
    /// `seat` draws the rinshan tile (or `chankan` seats rob the kakan).
    Rinshan { seat: Seat, chankan: Vec<Seat> },
    /// After a ron, more seats may ron the same tile.
    MoreRon { seats: Vec<Seat> },
    /// The frame is over: confirm ura dora and end points.
    End(EndKind),
}

/// Why a key did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyProblem {
    /// The action is not possible in this step.
    NotNow(Action),
    /// A suit letter without a number before it.
    NumberFirst,
    /// `1z`..`7z` only.
    NoSuchHonour(u8),
    /// No seat could make this call (and the hands are known).
    NoCall(Action),
    /// Tsumogiri without a drawn tile.
    NothingDrawn(Seat),
    NoSuchPosition(usize),
    /// A tile now, but this step takes none (a frame is to be dealt or ended).
    NoTileNow,
    /// Every indicator face up is entered.
    NoIndicatorMissing,
    /// The wall still has tiles.
    WallNotEmpty(i32),
    /// The entry was refused (the document could not take it).
    Refused(Text),
    /// The journal could not be written: the entry was not made.
    NotJournaled(crate::i18n::Text),
    NothingToUndo,
    NothingToRedo,
    /// A red five where the match's rules play none.
    RedFiveNotPlayed(Tile),
}

impl KeyProblem {
    pub fn text(&self) -> Text {
        match self {
            KeyProblem::NotNow(a) => tr!("recorder-problem-not-now", action = a.word()),
            KeyProblem::NumberFirst => tr!("recorder-problem-number-first").text(),
            KeyProblem::NoSuchHonour(n) => tr!("recorder-problem-no-such-honour", number = n.to_string()),
            KeyProblem::NoCall(a) => {
                let call = Text { en: a.label(Lang::En).to_lowercase(), ja: a.label(Lang::Ja).to_string() };
                tr!("recorder-problem-no-call", call = call)
            }
            KeyProblem::NothingDrawn(s) => tr!("recorder-problem-nothing-drawn", seat = s.word()),
            KeyProblem::NoSuchPosition(n) => tr!("recorder-problem-no-such-position", position = n.to_string()),
            KeyProblem::RedFiveNotPlayed(t) => super::desk_rules::red_five_not_played(*t),
            KeyProblem::NoTileNow => tr!("recorder-problem-no-tile-now").text(),
            KeyProblem::NoIndicatorMissing => tr!("recorder-problem-no-indicator-missing").text(),
            KeyProblem::WallNotEmpty(n) => tr!("recorder-problem-wall-not-empty", count = *n),
            KeyProblem::Refused(m) => m.clone(),
            KeyProblem::NotJournaled(t) => t.clone(),
            KeyProblem::NothingToUndo => tr!("recorder-problem-nothing-to-undo").text(),
            KeyProblem::NothingToRedo => tr!("recorder-problem-nothing-to-redo").text(),
        }
    }
}

impl From<Mistake> for KeyProblem {
    fn from(m: Mistake) -> KeyProblem {
        match m {
            Mistake::NumberFirst => KeyProblem::NumberFirst,
            Mistake::NoSuchHonour(n) => KeyProblem::NoSuchHonour(n),
            Mistake::NoTileNow => KeyProblem::NoTileNow,
        }
    }
}

/// What happens when a choice is picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    Enter(Entry),
    /// The hand is unknown: the tiles of the call are typed next.
    Type(Typing),
}

/// One numbered choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedChoice {
    pub label: String,
    pub then: Then,
}

/// Tiles being typed for a call on an unknown hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typing {
    pub seat: Seat,
    pub action: Action,
    pub need: usize,
    pub tiles: Vec<Tile>,
}

/// What the view shows, worked out once per document revision (and rule options) from the
/// document's analysis.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The revision and rule options it was made for.
    pub key: (Revision, RuleOptions),
    /// Match and frame being shown (the last frame of the last match).
    pub at: Option<(usize, usize)>,
    pub table: Option<Table>,
    pub step: Step,
    /// The step the table expects, whatever ending the scorer has begun (worked out once per
    /// revision: the calls every seat may make are the costly part).
    pub unended: Step,
    /// How many errors the file has (the findings are the document's [`Document::analysis`]).
    pub errors: usize,
    /// The rules of the match being recorded (those it names, else the Settings').
    pub rules: RuleOptions,
}

/// The session.
#[derive(Clone, Debug, Default)]
pub struct Session {
    snapshot: Option<Snapshot>,
    /// `r` was pressed: the next discard declares riichi.
    pub riichi: bool,
    /// `i` was pressed: the next tile is a dora indicator.
    pub indicator: bool,
    /// A digit waiting for its suit.
    pub digit: Option<u8>,
    /// A numbered choice is open.
    pub choices: Vec<NumberedChoice>,
    pub typing: Option<Typing>,
    /// `a` or `d` was pressed: the frame is being ended this way.
    pub ending: Option<EndKind>,
}

/// The result of a key: an entry to make, or nothing (more keys needed), or why not.
pub type KeyOutcome = Result<Option<Entry>, KeyProblem>;

impl Session {
    /// The snapshot of `doc` (worked out again when the document changed).
    pub fn snapshot(&mut self, doc: &Document) -> &Snapshot {
        if self.snapshot.as_ref().is_none_or(|s| s.key != (doc.revision(), *doc.rules())) {
            let fresh = snapshot_of(doc, None);
            let moved = self.snapshot.as_ref().is_none_or(|old| {
                old.at != fresh.at || old.table.as_ref().map(|t| t.acts) != fresh.table.as_ref().map(|t| t.acts)
            });
            if moved {
                self.clear();
            }
            if fresh.step == Step::Deal || self.snapshot.as_ref().is_some_and(|old| old.at != fresh.at) {
                self.ending = None;
            }
            self.snapshot = Some(fresh);
        }
        let ending = self.ending;
        let s = self.snapshot.get_or_insert_with(|| snapshot_of(doc, ending));
        // The ending may change without a new revision (the table's next step does not).
        s.step = with_ending(&s.unended, ending);
        s
    }

    /// The snapshot made last (call [`Session::snapshot`] first to bring it up to date).
    pub fn current(&self) -> Option<&Snapshot> {
        self.snapshot.as_ref()
    }

    /// Forgets half-typed input (after an entry, or Escape).
    pub fn clear(&mut self) {
        self.riichi = false;
        self.indicator = false;
        self.digit = None;
        self.choices.clear();
        self.typing = None;
    }

    /// Where the session stands, for the keymap: a number typed, something half typed, a choice
    /// open, tenpai being marked, a frame being dealt (call [`Session::snapshot`] first to bring
    /// it up to date). The screen adds the act selected and the fix named.
    pub fn key_state(&self) -> KeyState {
        let step = self.current().map(|s| &s.step);
        KeyState {
            digit: self.digit,
            typed: self.digit.is_some()
                || !self.choices.is_empty()
                || self.typing.is_some()
                || self.riichi
                || self.indicator,
            choosing: !self.choices.is_empty(),
            marking_tenpai: step == Some(&Step::End(EndKind::Exhaustive)),
            dealing: step == Some(&Step::Deal),
            ..KeyState::default()
        }
    }

    /// A key pressed at the live end: what the keymap says it means there, carried out (a key
    /// it gives to something else does nothing here).
    pub fn key(&mut self, doc: &Document, key: Key) -> KeyOutcome {
        self.snapshot(doc);
        match keys::meaning(Input::Key(key), &self.key_state()) {
            Some(Meaning::Live(intent)) => self.apply(doc, intent),
            _ => Ok(None),
        }
    }

    /// Carries out an intent the keymap gave the live end (a key, or a click). A tile, an action
    /// or a key typed wrong uses up the number typed.
    pub fn apply(&mut self, doc: &Document, intent: Intent) -> KeyOutcome {
        match intent {
            Intent::Digit(d) => {
                self.digit = Some(d);
                Ok(None)
            }
            Intent::Tile(t) => {
                self.digit = None;
                self.tile(doc, t)
            }
            Intent::Mistyped(m) => {
                self.digit = None;
                Err(m.into())
            }
            Intent::DropDigit => {
                self.digit = None;
                Ok(None)
            }
            Intent::Action(a) => {
                self.digit = None;
                self.action(doc, a)
            }
            Intent::Pick(n) => self.pick(n),
            Intent::Position(n) => self.position(doc, n),
            Intent::Clear => {
                self.clear();
                Ok(None)
            }
            Intent::StopEnding => {
                self.ending = None;
                self.clear();
                Ok(None)
            }
            // The keymap gives these to the act selected only.
            Intent::CorrectDraw | Intent::InsertBefore => Ok(None),
        }
    }

    /// Picks choice `n` (1-based).
    fn pick(&mut self, n: usize) -> KeyOutcome {
        let Some(choice) = n.checked_sub(1).and_then(|i| self.choices.get(i)).cloned() else {
            return Ok(None);
        };
        self.choices.clear();
        match choice.then {
            Then::Enter(e) => self.done(e),
            Then::Type(t) => {
                self.typing = Some(t);
                Ok(None)
            }
        }
    }

    fn done(&mut self, e: Entry) -> KeyOutcome {
        self.clear();
        Ok(Some(e))
    }

    fn position(&mut self, doc: &Document, n: usize) -> KeyOutcome {
        let snap = self.snapshot(doc).clone();
        let (Step::Discard { seat }, Some(table)) = (&snap.step, &snap.table) else {
            return Err(KeyProblem::NoTileNow);
        };
        let (tiles, _) = table.shown_hand(*seat);
        let t = n.checked_sub(1).and_then(|i| tiles.get(i)).copied().ok_or(KeyProblem::NoSuchPosition(n))?;
        self.tile(doc, t)
    }

    /// A tile typed or clicked: drawn, discarded, called with, or a dora indicator, as the step says.
    /// A red five where the match's rules play none is refused, and said why.
    fn tile(&mut self, doc: &Document, t: Tile) -> KeyOutcome {
        if t.is_red() && !super::desk_rules::red_fives_played(doc) {
            return Err(KeyProblem::RedFiveNotPlayed(t));
        }
        if self.indicator {
            self.indicator = false;
            return self.done(Entry::Indicator(t));
        }
        if let Some(mut typing) = self.typing.take() {
            typing.tiles.push(t);
            if typing.tiles.len() < typing.need {
                self.typing = Some(typing);
                return Ok(None);
            }
            return self.typed_call(doc, typing);
        }
        let snap = self.snapshot(doc).clone();
        match snap.step {
            Step::Draw { seat, .. } => self.done(Entry::Act(Act { seat, draw: Draw::Tile(t), discard: None })),
            Step::Rinshan { seat, .. } => self.done(Entry::Act(Act { seat, draw: Draw::Rinshan(t), discard: None })),
            Step::Discard { .. } => {
                let d = if self.riichi { Discard::Riichi(t) } else { Discard::Tile(t) };
                self.done(Entry::Discard(d))
            }
            _ => Err(KeyProblem::NoTileNow),
        }
    }

    /// An action of the action bar (or its key).
    fn action(&mut self, doc: &Document, a: Action) -> KeyOutcome {
        let snap = self.snapshot(doc).clone();
        let table = snap.table.as_ref();
        match (a, &snap.step) {
            (Action::Indicator, _) => {
                let missing = current_frame(doc).and_then(|(mi, _, f)| {
                    (!is_finished(f)).then(|| missing_indicator(f, doc.match_rules(mi).kan_dora)).flatten()
                });
                if missing.is_none() {
                    return Err(KeyProblem::NoIndicatorMissing);
                }
                self.indicator = !self.indicator;
                Ok(None)
            }
            (Action::Riichi, Step::Discard { .. }) => {
                self.riichi = !self.riichi;
                Ok(None)
            }
            (Action::Tsumogiri, Step::Discard { seat }) => {
                let drawn = table.and_then(|t| t.seats[seat.index()].drawn).ok_or(KeyProblem::NothingDrawn(*seat))?;
                let d = if self.riichi { Discard::Riichi(drawn) } else { Discard::Tsumogiri };
                self.done(Entry::Discard(d))
            }
            (Action::Tsumo, Step::Discard { .. }) => self.done(Entry::Discard(Discard::Tsumo)),
            (Action::Kan, Step::Discard { seat }) => self.own_kan(*seat, table),
            (Action::Chi | Action::Pon | Action::Kan, Step::Draw { seat, calls }) => self.call(a, *seat, calls, table),
            (Action::Ron, Step::Draw { calls, .. }) => {
                let seats: Vec<Seat> = calls.iter().filter(|(_, c)| *c == Call::Ron).map(|(s, _)| *s).collect();
                let discarder = table.and_then(last_discarder);
                self.ron(seats, discarder, &[])
            }
            (Action::Ron, Step::Rinshan { seat, chankan }) => self.ron(chankan.clone(), Some(*seat), &[]),
            (Action::Ron, Step::MoreRon { seats }) => {
                let (discarder, won) = match table.map(|t| t.end()) {
                    Some(FrameEnd::Ron { discarder, winners, .. }) => (Some(discarder), winners),
                    _ => (None, Vec::new()),
                };
                self.ron(seats.clone(), discarder, &won)
            }
            (Action::Exhaustive, Step::Draw { .. }) => {
                let left = table.map_or(0, |t| t.wall_left);
                if left > 0 {
                    return Err(KeyProblem::WallNotEmpty(left));
                }
                self.clear();
                self.ending = Some(EndKind::Exhaustive);
                Ok(None)
            }
            (Action::Abortive, Step::Draw { .. } | Step::Discard { .. } | Step::MoreRon { .. }) => {
                self.clear();
                self.ending = Some(EndKind::Abortive);
                Ok(None)
            }
            (Action::Chombo, Step::Draw { .. } | Step::Discard { .. } | Step::MoreRon { .. } | Step::End(_)) => {
                self.clear();
                let choices: Vec<NumberedChoice> = super::desk_rules::chombo_choices(doc)
                    .into_iter()
                    .map(|(label, e)| NumberedChoice { label, then: Then::Enter(e) })
                    .collect();
                if choices.is_empty() {
                    return Err(KeyProblem::NotNow(a));
                }
                self.choices = choices;
                Ok(None)
            }
            _ => Err(KeyProblem::NotNow(a)),
        }
    }

    fn ron(&mut self, seats: Vec<Seat>, discarder: Option<Seat>, won: &[Seat]) -> KeyOutcome {
        let seats = if seats.is_empty() {
            // Nobody can by the hands we know; record what the table says happened.
            Seat::ALL.into_iter().filter(|s| Some(*s) != discarder && !won.contains(s)).collect()
        } else {
            seats
        };
        let entries: Vec<(String, Entry)> = seats
            .into_iter()
            .map(|s| (s.to_string(), Entry::Act(Act { seat: s, draw: Draw::Ron, discard: None })))
            .collect();
        self.offer(
            entries
                .into_iter()
                .map(|(l, e)| NumberedChoice { label: format!("{l}: ron"), then: Then::Enter(e) })
                .collect(),
        )
    }

    /// Makes the only choice at once, or opens the numbered list.
    fn offer(&mut self, choices: Vec<NumberedChoice>) -> KeyOutcome {
        match choices.len() {
            0 => Ok(None),
            1 => {
                self.choices = choices;
                let picked = self.choices.remove(0);
                match picked.then {
                    Then::Enter(e) => self.done(e),
                    Then::Type(t) => {
                        self.clear();
                        self.typing = Some(t);
                        Ok(None)
                    }
                }
            }
            _ => {
                self.clear();
                self.choices = choices;
                Ok(None)
            }
        }
    }

    fn call(&mut self, a: Action, next: Seat, calls: &[(Seat, Call)], table: Option<&Table>) -> KeyOutcome {
        let Some(table) = table else { return Err(KeyProblem::NotNow(a)) };
        let Some(d) = last_discard(table) else { return Err(KeyProblem::NotNow(a)) };
        let wanted: Vec<NumberedChoice> = calls
            .iter()
            .filter_map(|(s, c)| {
                let draw = match (a, c) {
                    (Action::Chi, Call::Chi(p)) => Draw::Chi(*p),
                    (Action::Pon, Call::Pon(p)) => Draw::Pon(*p),
                    (Action::Kan, Call::Daiminkan(t)) => Draw::Daiminkan(*t),
                    _ => return None,
                };
                let label = format!("{s}: {}", crate::format::act_text(&Act { seat: *s, draw, discard: None }));
                Some(NumberedChoice { label, then: Then::Enter(Entry::Act(Act { seat: *s, draw, discard: None })) })
            })
            .collect();
        if !wanted.is_empty() {
            return self.offer(wanted);
        }
        // No seat can by the hands we know: a seat whose hand has unknown tiles may have.
        let plain = d.1.plain();
        let seats: Vec<Seat> = match a {
            Action::Chi => vec![next],
            _ => Seat::ALL.into_iter().filter(|&s| s != d.0).collect(),
        };
        let seats: Vec<Seat> = seats.into_iter().filter(|s| table.seats[s.index()].has_unknown()).collect();
        let choices: Vec<NumberedChoice> = seats
            .into_iter()
            .map(|s| {
                let then = match a {
                    Action::Chi => Then::Type(Typing { seat: s, action: a, need: 2, tiles: Vec::new() }),
                    Action::Pon => Then::Enter(Entry::Act(Act { seat: s, draw: Draw::Pon([plain; 2]), discard: None })),
                    _ => Then::Enter(Entry::Act(Act { seat: s, draw: Draw::Daiminkan([plain; 3]), discard: None })),
                };
                NumberedChoice { label: format!("{s}: {}", a.label(Lang::En).to_lowercase()), then }
            })
            .collect();
        if choices.is_empty() {
            return Err(KeyProblem::NoCall(a));
        }
        self.offer(choices)
    }

    fn own_kan(&mut self, seat: Seat, table: Option<&Table>) -> KeyOutcome {
        let Some(table) = table else { return Err(KeyProblem::NotNow(Action::Kan)) };
        let mut choices: Vec<NumberedChoice> = table
            .ankan_options(seat)
            .into_iter()
            .map(|four| NumberedChoice {
                label: format!("{seat}: ak[{}]", four.iter().map(|t| t.code()).collect::<String>()),
                then: Then::Enter(Entry::Discard(Discard::Ankan(four))),
            })
            .collect();
        choices.extend(table.kakan_options(seat).into_iter().map(|t| NumberedChoice {
            label: format!("{seat}: kk[{t}]"),
            then: Then::Enter(Entry::Discard(Discard::Kakan(t))),
        }));
        if choices.is_empty() {
            if table.seats[seat.index()].has_unknown() {
                self.clear();
                self.typing = Some(Typing { seat, action: Action::Kan, need: 1, tiles: Vec::new() });
                return Ok(None);
            }
            return Err(KeyProblem::NotNow(Action::Kan));
        }
        self.offer(choices)
    }

    /// The tiles of a call on an unknown hand are typed: make the entry.
    fn typed_call(&mut self, doc: &Document, typing: Typing) -> KeyOutcome {
        let t = &typing.tiles;
        match (typing.action, t.as_slice()) {
            (Action::Chi, [a, b]) => {
                self.done(Entry::Act(Act { seat: typing.seat, draw: Draw::Chi([*a, *b]), discard: None }))
            }
            (Action::Kan, [k]) => {
                let snap = self.snapshot(doc).clone();
                let has_pon = snap.table.as_ref().is_some_and(|tb| tb.seats[typing.seat.index()].pon_of(*k).is_some());
                if has_pon {
                    self.done(Entry::Discard(Discard::Kakan(*k)))
                } else {
                    let p = k.plain();
                    self.done(Entry::Discard(Discard::Ankan([*k, p, p, p])))
                }
            }
            _ => {
                self.clear();
                Ok(None)
            }
        }
    }
}

fn last_discard(table: &Table) -> Option<(Seat, Tile)> {
    match table.phase {
        crate::rules::Phase::Draw { last_discard: Some(d), .. } => Some((d.seat, d.tile)),
        _ => None,
    }
}

fn last_discarder(table: &Table) -> Option<Seat> {
    last_discard(table).map(|d| d.0)
}

/// Works out what the view shows for `doc`.
pub fn snapshot_of(doc: &Document, ending: Option<EndKind>) -> Snapshot {
    let analysis = doc.analysis();
    let cur = current_frame(doc);
    let table = cur.and_then(|(mi, fi, f)| analysis.table(mi, fi).cloned().or_else(|| Table::replay(f, usize::MAX)));
    let unended = step_of(doc, table.as_ref(), None);
    let step = with_ending(&unended, ending);
    let key = (doc.revision(), *doc.rules());
    let rules = cur.map_or(*doc.rules(), |(mi, _, _)| doc.match_rules(mi));
    Snapshot { key, at: cur.map(|(m, f, _)| (m, f)), table, step, unended, errors: analysis.errors(), rules }
}

/// The step when the scorer is ending the frame `ending`'s way: the end form, unless there is
/// no frame under way.
fn with_ending(unended: &Step, ending: Option<EndKind>) -> Step {
    match (unended, ending) {
        (Step::NoMatch | Step::Deal, _) | (_, None) => unended.clone(),
        (_, Some(kind)) => Step::End(kind),
    }
}

fn step_of(doc: &Document, table: Option<&Table>, ending: Option<EndKind>) -> Step {
    if match_index(doc).is_none() {
        return Step::NoMatch;
    }
    let Some((_, _, frame)) = current_frame(doc) else { return Step::Deal };
    if is_finished(frame) {
        return Step::Deal;
    }
    let Some(table) = table else { return Step::Deal };
    if let Some(kind) = ending {
        return Step::End(kind);
    }
    match table.expect() {
        Expect::Draw { seat, calls } => Step::Draw { seat, calls },
        Expect::Discard { seat } => Step::Discard { seat },
        Expect::Rinshan { seat, chankan } => Step::Rinshan { seat, chankan },
        Expect::MoreRon { seats } if !seats.is_empty() => Step::MoreRon { seats },
        Expect::MoreRon { .. } => Step::End(EndKind::Win),
        Expect::Over if table.is_won() => Step::End(EndKind::Win),
        Expect::Over => Step::End(EndKind::Exhaustive),
    }
}
