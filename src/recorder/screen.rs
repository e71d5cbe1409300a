//! The recorder screen of the open document: the recording ([`super::Recorder`]: session,
//! journal, file) and the view's buffers. It draws the view, reads the recorder's keys itself
//! ([`super::keys`]) when no text field has focus, and makes the entries the scorer confirms.
//! The app starts and ends it and forwards Undo and Redo to it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::Ui;

use super::Recorder;
use super::correct::Done;
use super::entry::{self, Entry};
use super::keys::{self, Input, Move};
use super::session::{self, EndKind, Step};
use super::step_forms::DealForm;
use super::view::{self, Event, Shown, ViewState};
use crate::document::{Document, io};
use crate::format::{self, Points};
use crate::i18n::Lang;
use crate::rules::repair::{Cause, EndHands};
use crate::ui::command::Command;
use crate::ui::fields::hand_tiles;

/// A recording in progress, with its screen.
#[derive(Debug)]
pub struct RecorderScreen {
    pub recorder: Recorder,
    view: ViewState,
    /// The AI players asked while recording (Settings > AI players), if any.
    pub ai: Option<super::ai::AiPlayers>,
}

impl RecorderScreen {
    /// Starts recording `doc`: into its own file, or, for a document that has none, into a new
    /// dated file in `autosave_folder` (written at once); a journal is started next to the file.
    pub fn start(doc: &mut Document, autosave_folder: &Path, lang: Lang) -> Result<RecorderScreen, String> {
        let path = match doc.path() {
            Some(p) => p.to_path_buf(),
            None => autosave_folder.join(format!("match-{}.jmjp", chrono::Local::now().format("%Y-%m-%d-%H%M%S"))),
        };
        if doc.path().is_none() || !path.exists() {
            io::save(doc, &path, true).map_err(|e| e.text(lang))?;
        }
        let recorder = Recorder::start(doc, &path).map_err(|e| e.text().get(lang).to_string())?;
        Ok(RecorderScreen { recorder, view: ViewState::default(), ai: None })
    }

    /// The file being recorded into.
    pub fn path(&self) -> Option<PathBuf> {
        self.recorder.path().map(Path::to_path_buf)
    }

    /// Ends the recording: the journal is removed when the file holds everything.
    pub fn finish(self, doc: &Document) -> Result<(), String> {
        self.recorder.finish(doc).map_err(|e| e.to_string())
    }

    /// Writes the file when the document has no errors (after a recovery).
    pub fn save_if_clean(&mut self, doc: &mut Document) {
        self.recorder.save_if_clean(doc);
    }

    /// Undo (or redo) of the last step, as a journal entry.
    pub fn undo(&mut self, doc: &mut Document, redo: bool, lang: Lang) {
        self.enter(doc, if redo { Entry::Redo } else { Entry::Undo }, lang);
    }

    /// Makes one entry through the recorder (journal, document, autosave); true when made.
    pub fn enter(&mut self, doc: &mut Document, entry: Entry, lang: Lang) -> bool {
        match self.recorder.enter(doc, entry) {
            Ok(_) => {
                self.view.message = self.recorder.io_problem.as_ref().map(|why| match lang {
                    Lang::En => format!("not saved: {}; everything is in the journal", why.en),
                    Lang::Ja => format!("未保存：{}。すべてジャーナルにあります", why.ja),
                });
                true
            }
            Err(p) => {
                self.view.message = Some(p.text(lang));
                false
            }
        }
    }

    /// Draws the screen and carries out what the scorer asked for; `free` says that no dialog is
    /// open over it (the recorder's keys are then read while no text field has the focus).
    /// Returns the commands for the app.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, doc: &mut Document, free: bool) -> Vec<Command> {
        let keys = free && !ui.ctx().text_edit_focused();
        if let Some(ai) = &mut self.ai {
            ai.follow(doc);
            ai.poll();
            // Replies come in between frames of the window: look again soon.
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
        }
        let rec = &mut self.recorder;
        rec.session.snapshot(doc);
        let save = rec.save_state(doc);
        let Some(snap) = rec.session.current() else { return Vec::new() };
        let state = &mut self.view;
        // The forms start from what the record says next.
        let frames = entry::match_index(doc).map_or(0, |mi| doc.paifu().matches[mi].frames.len());
        if snap.step == Step::Deal && state.deal_for.renew(frames) {
            state.deal = DealForm::of(&session::next_deal(doc));
            state.deal_focus = true;
        }
        if let Step::End(kind) = snap.step
            && state.end_for.renew((doc.revision(), kind))
            && let Some(pre) = session::end_prefill(doc, kind, None, &[], doc.rules())
        {
            state.end.fill(pre);
            state.end_focus = true;
        }
        let events = {
            let current = entry::current_frame(doc);
            let (id, kyoutaku, dora) = match current {
                Some((_, _, f)) if !entry::is_finished(f) || snap.step != Step::Deal => {
                    (Some(f.id), f.kyoutaku.unwrap_or_default(), f.dora.as_slice())
                }
                _ => (None, Points(0), [].as_slice()),
            };
            let flow = current.and_then(|(_, fi, f)| f.flow.as_ref().map(|fl| (fi, fl.acts.as_slice())));
            let live = live_cause(doc, snap);
            // An act selected: the table as it stood after it.
            let at_selected = state.selected.and_then(|(f, a)| {
                let frame = doc.frame(entry::match_index(doc)?, f)?;
                let seat = frame.flow.as_ref()?.acts.get(a)?.seat;
                Some((crate::rules::Table::replay(frame, a + 1)?, seat, a))
            });
            let shown = Shown {
                names: seat_names(doc, id, lang),
                flow,
                save: &save,
                dora,
                id,
                kyoutaku,
                undo: (doc.can_undo(), doc.can_redo()),
                doc,
                live_cause: live.as_ref().map(|(_, c)| c.as_ref()),
                free,
                at_selected,
                ai: self.ai.as_ref(),
            };
            let mut events = view::show(ui, lang, snap, &rec.session, state, &shown);
            if keys {
                for k in keys::read(ui.ctx()) {
                    match k {
                        Input::Fix => match &live {
                            Some((frame, cause)) => events.push(Event::Fix { frame: *frame, cause: cause.clone() }),
                            None => {
                                state.message = Some(
                                    lang.pick("nothing to fix: no likely cause is named", "修正するものはありません")
                                        .into(),
                                )
                            }
                        },
                        Input::Select(m) => {
                            if let Some((fi, acts)) = flow {
                                state.selected = moved(state.selected, fi, acts.len(), m);
                                state.correcting = Default::default();
                                state.scroll_flow = true;
                                // The Act field shows it too, to be typed whole if wanted.
                                state.correction = state
                                    .selected
                                    .and_then(|(_, a)| acts.get(a))
                                    .map(format::act_text)
                                    .unwrap_or_default();
                                state.correction_error = None;
                            }
                        }
                        Input::Remove => {
                            if let Some((frame, act)) = state.selected {
                                events.push(Event::Remove { frame, act });
                            }
                        }
                        Input::Form => {}
                        // With an act selected, the recording keys correct it.
                        Input::Session(key) if state.selected.is_some() => events.push(Event::CorrectKey(key)),
                        Input::Confirm if state.selected.is_some() => {}
                        k => events.extend(confirm_or_key(k, &snap.step, state, lang)),
                    }
                }
            }
            events
        };
        let mut commands = Vec::new();
        for ev in events {
            match ev {
                Event::Command(c) => commands.push(c),
                ev => self.event(ev, lang, doc),
            }
        }
        commands
    }

    fn event(&mut self, ev: Event, lang: Lang, doc: &mut Document) {
        let rec = &mut self.recorder;
        let state = &mut self.view;
        // At the deal, palette clicks build the start hands: the tile goes to the first hand
        // that is not full yet.
        if let Event::Tile(t) = ev
            && rec.session.current().is_some_and(|s| s.step == Step::Deal)
        {
            let count = |h: &String| hand_tiles(h, Lang::En).map_or(usize::MAX, |v| v.len());
            if let Some(h) = state.deal.hands.iter_mut().find(|h| count(h) < 13) {
                h.push_str(if t.is_unknown() { "?" } else { t.code() });
            }
            return;
        }
        let outcome = match ev {
            Event::Key(k) => rec.session.key(doc, k),
            Event::Tile(t) => rec.session.tile(doc, t),
            Event::Action(a) => rec.session.action(doc, a),
            Event::Pick(n) => rec.session.pick(doc, n),
            Event::Deal(d) => Ok(Some(Entry::Deal(d))),
            Event::Finish(f) => Ok(Some(Entry::Finish(f))),
            Event::Correct { frame, act, to } => {
                state.selected = None;
                Ok(Some(Entry::Correct { frame, act, to }))
            }
            Event::Command(_) => Ok(None),
            Event::Fix { frame, cause } => {
                state.selected = None;
                Ok(Some(Entry::Fix { frame, text: format::frame_text(&cause.fixed) }))
            }
            Event::CorrectKey(key) => {
                let Some((fi, act)) = state.selected else { return };
                let Some(frame) = entry::match_index(doc).and_then(|mi| doc.frame(mi, fi)) else { return };
                match state.correcting.key(frame, fi, act, key) {
                    Ok(Done::Typing) => Ok(None),
                    Ok(Done::Leave) => {
                        state.selected = None;
                        Ok(None)
                    }
                    Ok(Done::Made(e)) => Ok(Some(e)),
                    Err(p) => Err(p),
                }
            }
            Event::Remove { frame, act } => {
                // The act after it is selected next (or the one before, or the live end).
                let left = entry::match_index(doc)
                    .and_then(|mi| doc.frame(mi, frame))
                    .and_then(|f| f.flow.as_ref())
                    .map_or(0, |fl| fl.acts.len().saturating_sub(1));
                state.selected = (left > 0).then_some((frame, act.min(left - 1)));
                state.correcting = Default::default();
                Ok(Some(Entry::Remove { frame, act }))
            }
            Event::Select(sel) => {
                state.selected = sel;
                state.correcting = Default::default();
                state.correction_error = None;
                state.correction = sel
                    .and_then(|(f, a)| {
                        let mi = entry::match_index(doc)?;
                        doc.frame(mi, f)?.flow.as_ref()?.acts.get(a).map(format::act_text)
                    })
                    .unwrap_or_default();
                Ok(None)
            }
            Event::ConfirmEnd => match state.end.confirm(lang) {
                Ok(fin) => Ok(Some(Entry::Finish(Box::new(fin)))),
                Err(e) => {
                    state.end.error = Some(e);
                    Ok(None)
                }
            },
            Event::Ura(text) => {
                // Half-typed indicators keep the last computed points.
                if let Ok(ura) = hand_tiles(&text, lang)
                    && let Some(pre) = session::end_prefill(doc, EndKind::Win, None, &ura, doc.rules())
                {
                    state.end.fill(pre);
                }
                state.end.ura = text;
                Ok(None)
            }
            Event::Tenpai(marks) => {
                if let Some(pre) = session::end_prefill(doc, EndKind::Exhaustive, Some(marks), &[], doc.rules()) {
                    state.end.fill(pre);
                    state.end.tenpai = marks;
                }
                Ok(None)
            }
        };
        match outcome {
            Ok(Some(entry)) => {
                state.message = None;
                self.enter(doc, entry, lang);
            }
            Ok(None) => state.message = None,
            Err(p) => state.message = Some(p.text(lang)),
        }
    }
}

/// The likely cause of the error the record being made has, when it lies elsewhere than the act
/// where the error shows (an earlier act, a start hand, an indicator): the frame and the cause.
fn live_cause(doc: &Document, snap: &session::Snapshot) -> Option<(usize, Arc<Cause>)> {
    if snap.errors == 0 {
        return None;
    }
    let (mi, fi) = snap.at?;
    // The act where the error shows was just entered: the scorer sees it. What the header names
    // is the likeliest change elsewhere.
    let causes = doc.causes(mi, fi, EndHands::Derived);
    let cause = causes.iter().find(|c| c.act().is_none() || c.act() != c.symptom)?;
    Some((fi, Arc::new(cause.clone())))
}

/// A key of the keymap as an event: Enter confirms the deal or end form (or says what is wrong
/// with it), other keys go to the session.
fn confirm_or_key(input: Input, step: &Step, state: &mut ViewState, lang: Lang) -> Option<Event> {
    match input {
        // At an exhaustive draw, 1-4 toggle the tenpai marks of East, South, West and North.
        Input::Session(session::Key::Char(c @ '1'..='4')) if *step == Step::End(EndKind::Exhaustive) => {
            let mut marks = state.end.tenpai;
            let i = usize::from(c as u8 - b'1');
            marks[i] = !marks[i];
            Some(Event::Tenpai(marks))
        }
        Input::Session(k) => Some(Event::Key(k)),
        Input::Fix | Input::Select(_) | Input::Remove | Input::Form => None,
        Input::Confirm => match step {
            Step::End(_) => match state.end.confirm(lang) {
                Ok(f) => Some(Event::Finish(Box::new(f))),
                Err(e) => {
                    state.end.error = Some(e);
                    None
                }
            },
            Step::Deal => match state.deal.read(lang) {
                Ok(d) => Some(Event::Deal(Box::new(d))),
                Err(e) => {
                    state.deal.error = Some(e);
                    None
                }
            },
            _ => None,
        },
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

/// The names of the players by seat of frame `id` (East first).
fn seat_names(doc: &Document, id: Option<format::FrameId>, lang: Lang) -> [String; 4] {
    let Some(m) = entry::match_index(doc).and_then(|mi| doc.paifu().matches.get(mi)) else { return Default::default() };
    let id = id.unwrap_or(format::FrameId { wind: format::Wind::East, number: 1, honba: 0 });
    id.by_seat(crate::ui::player_names(m, lang))
}
