//! The recorder screen of the open document: the recording ([`super::LiveRecording`]: session,
//! journal, file) and the view's state. It draws the view, reads the recorder's keys when no text
//! field has focus, asks the keymap ([`super::keys::meaning`]) what each key and click means,
//! forwards that to what the keymap names (the session, the act selected, the forms, the fix,
//! double entry, the video) and makes the entries that come out. It decides no key's meaning. The app starts and ends it and forwards Undo and Redo to it.

use std::path::{Path, PathBuf};

use egui::Ui;

use super::LiveRecording;
use super::correct::Correcting;
use super::entry::Entry;
use super::intent::Meaning;
use super::keyboard;
use super::keys::{self, Input, KeyState};
use super::live_cause::{self, Armed, LiveCauses, Pressed};
use super::session::{self, Step};
use super::view::{self, RecorderEvent, Shown};
use super::view_state::ViewState;
use crate::document::{Document, current_frame, io, is_finished, match_index};
use crate::format::{self, Points};
use crate::i18n::{Lang, Text, tr};
use crate::rules::repair::Cause;
use crate::ui::command::Command;

/// A recording in progress, with its screen.
#[derive(Debug)]
pub struct RecorderScreen {
    pub recorder: LiveRecording,
    view: ViewState,
    /// The AI players asked while recording (Settings > AI players), if any.
    pub ai: Option<super::ai::AiPlayers>,
    /// Double entry with another desk (Settings > Double entry), when on: what the app's
    /// follower publishes, taken from `followed` as the screen draws.
    pub double: Option<crate::double_entry::live::DoubleEntry>,
    /// Where the app's follower keeps the desk it follows (given once, when recording starts).
    pub followed: crate::compare::live::FollowedWatch,
    /// The match video of the file (`l` plays the last act, `y` syncs the video on it).
    video: crate::ui::video_bar::VideoLine,
    /// A fix named in the header, made by a second `F` or Enter.
    armed: Option<Armed>,
    /// The causes the header lists, worked out once for each state of the record and rules.
    live: Option<(LiveKey, Option<LiveCauses>)>,
}

/// What the causes the header lists depend on: the document's revision and the rules.
type LiveKey = (crate::document::Revision, crate::scoring::RuleOptions);

impl RecorderScreen {
    /// Starts recording `doc`: into its own file, or, for a document that has none, into a new
    /// dated file in `autosave_folder` (written at once); a journal is started next to the file.
    pub fn start(doc: &mut Document, autosave_folder: &Path) -> Result<RecorderScreen, Text> {
        let path = match doc.path() {
            Some(p) => p.to_path_buf(),
            None => autosave_folder.join(format!("match-{}.jmjp", chrono::Local::now().format("%Y-%m-%d-%H%M%S"))),
        };
        if doc.path().is_none() || !path.exists() {
            io::save(doc, &path, true).map_err(|e| e.text())?;
        }
        let checked = crate::double_entry::live::keep_checked(doc, &path);
        let recorder = LiveRecording::start(doc, &path).map_err(|e| e.text())?;
        Ok(RecorderScreen {
            recorder,
            view: ViewState { message: checked, ..ViewState::default() },
            ai: None,
            double: None,
            followed: Default::default(),
            video: Default::default(),
            armed: None,
            live: None,
        })
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
    pub fn undo(&mut self, doc: &mut Document, redo: bool) {
        self.enter(doc, if redo { Entry::Redo } else { Entry::Undo });
    }

    /// Makes one entry through the recorder (journal, document, autosave); true when made.
    pub fn enter(&mut self, doc: &mut Document, entry: Entry) -> bool {
        match self.recorder.enter(doc, entry) {
            Ok(_) => {
                self.view.message = self.recorder.io_problem.as_ref().map(|why| tr!("recorder-not-saved", why = why));
                true
            }
            Err(p) => {
                self.view.message = Some(p.text());
                false
            }
        }
    }

    /// Draws the screen and carries out what the scorer asked for; `free` says that no dialog is
    /// open over it (the recorder's keys are then read while no text field has the focus).
    /// Returns the commands for the app.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, doc: &mut Document, free: bool) -> Vec<Command> {
        // With a form's field focused only the Alt keys (double entry) are the recorder's; the
        // text an Alt key also gives is never typed.
        let all_keys = !ui.ctx().text_edit_focused();
        keyboard::drop_alt_text(ui.ctx());
        if let Some(ai) = &mut self.ai {
            // What came since the last frame (the AIs' threads wake the window when it comes).
            ai.poll();
        }
        // The desk followed, as its follower published it last (it wakes the window too).
        crate::double_entry::live::DoubleEntry::take_in(&mut self.double, self.followed.now(), keys::double_key_names);
        if let Some(mi) = match_index(doc) {
            self.video.bar(ui, lang, doc, mi, self.video_act(doc), keys::video_key_names());
        }
        let Some(events) = self.draw(ui, lang, doc, free) else { return Vec::new() };
        let typed = if free { keyboard::read(ui.ctx(), all_keys) } else { Vec::new() };
        if !events.is_empty() || !typed.is_empty() {
            // What they change shows in the next frame.
            ui.ctx().request_repaint();
        }
        let mut commands = Vec::new();
        for ev in events {
            match ev {
                RecorderEvent::Command(c) => commands.push(c),
                ev => self.event(ev, lang, doc),
            }
        }
        // Each key means what it means where the recorder stands after the one before it.
        for key in typed {
            if let Some(meaning) = keys::meaning(Input::Key(key), &self.key_state(doc)) {
                self.forward(meaning, lang, doc);
            }
        }
        commands
    }

    /// Draws the screen (the forms filled first from what the record says next); the events of
    /// the pointer and the forms.
    fn draw(&mut self, ui: &mut Ui, lang: Lang, doc: &Document, free: bool) -> Option<Vec<RecorderEvent>> {
        let rec = &mut self.recorder;
        rec.session.snapshot(doc);
        let save = rec.save_state(doc);
        let snap = rec.session.current()?;
        let state = &mut self.view;
        state.prefill(doc, &snap.step);
        let current = current_frame(doc);
        let (id, (kyoutaku, laid), dora) = match current {
            Some((_, _, f)) if !is_finished(f) || snap.step != Step::Deal => {
                // A frame whose end is entered laid a riichi stick its last discard declared.
                let ended = is_finished(f);
                let sticks = snap.table.as_ref().map_or((f.kyoutaku.unwrap_or_default(), [false; 4]), |t| {
                    (t.kyoutaku_now(f.kyoutaku, ended), t.sticks_laid(ended))
                });
                (Some(f.id), sticks, f.dora.as_slice())
            }
            _ => (None, (Points(0), [false; 4]), [].as_slice()),
        };
        if self.live.as_ref().is_none_or(|(key, _)| *key != snap.key) {
            self.live = Some((snap.key, live_cause::live_causes(doc, snap)));
        }
        let live = self.live.as_ref().and_then(|(_, l)| l.as_ref());
        let armed = self.armed.filter(|a| a.revision == doc.revision());
        // An act selected: the table as it stood after it.
        let at_selected = state.selected.and_then(|(f, a)| {
            let frame = doc.frame(match_index(doc)?, f)?;
            let seat = frame.flow.as_ref()?.acts.get(a)?.seat;
            Some((crate::rules::Table::replay(frame, a + 1)?, seat, a))
        });
        let shown = Shown {
            names: seat_names(doc, id, lang),
            flow: current.and_then(|(_, fi, f)| f.flow.as_ref().map(|fl| (fi, fl.acts.as_slice()))),
            save: &save,
            dora,
            id,
            kyoutaku,
            laid,
            undo: (doc.can_undo(), doc.can_redo()),
            doc,
            live: live.map(|l| (l, armed)),
            free,
            at_selected,
            ai: self.ai.as_ref(),
            double: self.double.as_ref().map(|d| d.shown(doc, lang)),
            video: self.video.linked(),
        };
        Some(view::show(ui, lang, snap, &rec.session, state, &shown))
    }

    /// The act the video keys concern: the act selected, else the last act of the frame being
    /// recorded (its deal before its first act).
    fn video_act(&self, doc: &Document) -> (usize, Option<usize>) {
        if let Some((frame, act)) = self.view.selected {
            return (frame, Some(act));
        }
        match current_frame(doc) {
            Some((_, fi, f)) => (fi, f.flow.as_ref().and_then(|fl| fl.acts.len().checked_sub(1))),
            None => (0, None),
        }
    }

    /// Where the recorder stands, for the keymap: the session's state, the act selected (and
    /// what is typed for it) and the fix the header named.
    fn key_state(&self, doc: &Document) -> KeyState {
        let live = self.recorder.session.key_state();
        let fix_named = self.armed.filter(|a| a.revision == doc.revision()).map(|a| a.index);
        match self.view.selected {
            Some(_) => KeyState {
                digit: self.view.correcting.digit,
                typed: self.view.correcting != Correcting::default(),
                selected: true,
                fix_named,
                ..live
            },
            None => KeyState { fix_named, ..live },
        }
    }

    /// Forwards what a key or a click means, as the keymap said, to what carries it out: the
    /// session at the live end, the act selected, the selection, the fix, the forms, double
    /// entry or the video; makes the entry it gives.
    fn forward(&mut self, meaning: Meaning, lang: Lang, doc: &mut Document) {
        let outcome = match meaning {
            Meaning::Live(intent) => self.recorder.session.apply(doc, intent),
            Meaning::Correct(intent) => self.view.correct(doc, intent),
            Meaning::Leave => {
                self.view.selected = None;
                Ok(None)
            }
            Meaning::Select(m) => {
                if let Some((_, fi, _)) = current_frame(doc) {
                    self.view.select_moved(doc, fi, m);
                }
                return;
            }
            Meaning::Remove => match self.view.selected {
                Some((frame, act)) => self.view.remove(doc, frame, act),
                None => return,
            },
            Meaning::Fix(i) => match self.press_fix(i, doc) {
                Some(outcome) => outcome,
                None => return,
            },
            Meaning::DropFix => {
                self.armed = None;
                return;
            }
            Meaning::Confirm => match self.confirm(lang, doc) {
                Some(outcome) => outcome,
                None => return,
            },
            Meaning::Tenpai(seat) => {
                self.view.tenpai(doc, seat);
                Ok(None)
            }
            Meaning::DealTile(t) => return self.view.deal_tile(t),
            Meaning::LookAtVideo | Meaning::SyncVideo => {
                let (Some(mi), at) = (match_index(doc), self.video_act(doc)) else { return };
                if meaning == Meaning::LookAtVideo {
                    self.video.play(doc, mi, at);
                } else {
                    self.video.sync(doc, mi, at);
                }
                return;
            }
            Meaning::NextDifference | Meaning::TakeTheirs | Meaning::KeepMine => match self.double_key(meaning, doc) {
                Some(outcome) => outcome,
                None => return,
            },
        };
        self.conclude(outcome, doc);
    }

    /// The deal or the end form confirmed; a frame's end waits while double entry has a
    /// difference open in it (`None`: said why, nothing made).
    fn confirm(&mut self, lang: Lang, doc: &Document) -> Option<session::KeyOutcome> {
        let Some(snap) = self.recorder.session.current() else { return Some(Ok(None)) };
        let ending = matches!(snap.step, Step::End(_));
        if let Some(why) = self.double.as_mut().filter(|_| ending).and_then(|d| d.before_end(doc)) {
            self.view.message = Some(why);
            return None;
        }
        Some(self.view.confirm(&snap.step, lang, super::desk_rules::red_fives_played(doc)))
    }

    /// A key of double entry: the next difference, theirs taken, mine kept (`None`: said why,
    /// nothing made).
    fn double_key(&mut self, meaning: Meaning, doc: &Document) -> Option<session::KeyOutcome> {
        let Some(double) = &mut self.double else {
            self.view.message = Some(tr!("recorder-double-off").text());
            return None;
        };
        let made = match meaning {
            Meaning::NextDifference => double.select_next(doc).map(|()| None),
            Meaning::TakeTheirs => double.take(doc).map(Some),
            _ => double.keep(doc).map(Some),
        };
        match made {
            Ok(entry) => Some(Ok(entry)),
            Err(why) => {
                self.view.message = Some(why);
                None
            }
        }
    }

    /// What the pointer or a form asked for (a click means what the keymap says).
    fn event(&mut self, ev: RecorderEvent, lang: Lang, doc: &mut Document) {
        let outcome = match ev {
            RecorderEvent::Click(click) => {
                if let Some(meaning) = keys::meaning(Input::Click(click), &self.key_state(doc)) {
                    self.forward(meaning, lang, doc);
                }
                return;
            }
            RecorderEvent::Correct { frame, act, to } => {
                self.view.selected = None;
                Ok(Some(Entry::Correct { frame, act, to }))
            }
            RecorderEvent::Command(_) => Ok(None),
            RecorderEvent::Fix { frame, cause } => self.fix(frame, &cause),
            RecorderEvent::Select(sel) => {
                self.view.select(doc, sel);
                Ok(None)
            }
            RecorderEvent::Ura(text) => {
                self.view.ura(doc, text, lang);
                Ok(None)
            }
            RecorderEvent::Video { frame, act } => {
                if let Some(mi) = match_index(doc) {
                    self.video.play(doc, mi, (frame, act));
                }
                Ok(None)
            }
        };
        self.conclude(outcome, doc);
    }

    /// F (`i` = 0) or Alt and a number: makes the fix of cause `i` when it is of the entry just
    /// typed or was named by the press before; else names it and waits (`None`: nothing to make).
    fn press_fix(&mut self, i: usize, doc: &mut Document) -> Option<session::KeyOutcome> {
        let revision = doc.revision();
        let Some(live) = live_cause::live_causes(doc, self.recorder.session.snapshot(doc)) else {
            self.armed = None;
            self.view.message = Some(tr!("recorder-nothing-to-fix").text());
            return None;
        };
        match live.press(i, self.armed, revision) {
            Pressed::Make(cause) => {
                self.armed = None;
                Some(self.fix(live.frame, &cause))
            }
            Pressed::Name(armed) => {
                self.armed = Some(armed);
                self.view.message = None;
                None
            }
            Pressed::Nothing => {
                self.view.message = Some(tr!("recorder-live-no-such", number = i + 1));
                None
            }
        }
    }

    /// The fix of frame `frame`'s likely cause, as one entry (the selection closes).
    fn fix(&mut self, frame: usize, cause: &Cause) -> session::KeyOutcome {
        self.view.selected = None;
        Ok(Some(Entry::Fix { frame, text: format::frame_text(&cause.fixed) }))
    }

    /// Makes the entry an intent gave, or says why it gave none.
    fn conclude(&mut self, outcome: session::KeyOutcome, doc: &mut Document) {
        match outcome {
            Ok(Some(entry)) => {
                self.view.message = None;
                if self.enter(doc, entry)
                    && let Some(sel) = self.view.selected
                {
                    // The act selected as it now stands (its field would put the old one back).
                    self.view.select(doc, Some(sel));
                }
            }
            Ok(None) => self.view.message = None,
            Err(p) => self.view.message = Some(p.text()),
        }
    }
}

/// The names of the players by seat of frame `id` (East first).
fn seat_names(doc: &Document, id: Option<format::FrameId>, lang: Lang) -> [String; 4] {
    let Some(m) = match_index(doc).and_then(|mi| doc.paifu().matches.get(mi)) else { return Default::default() };
    let id = id.unwrap_or(format::FrameId { wind: format::Wind::East, number: 1, honba: 0 });
    id.by_seat(crate::ui::player_names(m, lang))
}
