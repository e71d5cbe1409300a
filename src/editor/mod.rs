//! Correcting a file: the editor screen and what it does to the document.
//!
//! - [`edit`]: corrections of a frame as values ([`FrameEdit`]), the frame list, the points by
//!   frame (no egui).
//! - [`view`]: the screen: frames, problems and points chart, the table at the chosen act with
//!   the step controls, the acts and the frame's own fields. It returns [`view::Event`]s.
//! - [`act_box`]: the field that replaces, inserts or deletes an act; it shows the act at the
//!   position after every change.
//! - [`text`]: the text view of a file that does not parse.
//!
//! [`Editor`] owns the screen's state and carries out its events: a correction is one undo step
//! of the document, checked again at once (the document's analysis follows it). Commands of the
//! app it does not own (save, the forms) go back to the app.

#[cfg(feature = "gui")]
pub mod act_box;
pub mod edit;
#[cfg(feature = "gui")]
pub mod text;
#[cfg(feature = "gui")]
pub mod view;

pub use edit::{
    ActKind, EditError, FrameEdit, FrameRow, ReplayResult, frame_rows, indicators, points_by_frame, with_kind,
};

#[cfg(feature = "gui")]
pub use screen::Editor;

#[cfg(feature = "gui")]
mod screen {
    use egui::Ui;

    use super::edit::FrameEdit;
    use super::view::{self, EditorState, Event};
    use crate::document::{Document, Edit};
    use crate::format::RecordPlace;
    use crate::i18n::Lang;
    use crate::rules::repair::{Cause, EndHands};
    use crate::ui::command::{Command, Section};

    /// The editor screen of the open document.
    #[derive(Debug)]
    pub struct Editor {
        pub state: EditorState,
        /// The match video of the file, and the text of its field.
        pub(super) video: crate::ui::video_bar::VideoLine,
    }

    impl Default for Editor {
        fn default() -> Editor {
            // The first frame is shown as it ended.
            Editor { state: EditorState::at_end(), video: Default::default() }
        }
    }

    impl Editor {
        /// Where the editor stands in match `mi`: the frame, and the acts applied in the replay.
        pub fn place(&self) -> (usize, usize) {
            (self.state.frame, self.state.position)
        }

        /// Draws the screen for match `match_index` of `doc` (the user may pick another match)
        /// and carries out what was asked; returns the commands for the app.
        pub fn ui(&mut self, ui: &mut Ui, lang: Lang, doc: &mut Document, match_index: &mut usize) -> Vec<Command> {
            let mi = (*match_index).min(doc.paifu().matches.len().saturating_sub(1));
            *match_index = mi;
            let players = doc.paifu().matches.get(mi).map(|m| crate::ui::player_names(m, lang)).unwrap_or_default();
            let (frame, position) = self.place();
            let keys = [Command::PlayVideo, Command::SyncVideo].map(|c| c.shortcut_text(ui.ctx()));
            self.video.bar(ui, lang, doc, mi, (frame, position.checked_sub(1)), keys);
            self.state.video = self.video.linked();
            let events = view::show(ui, lang, doc, mi, &mut self.state, &players);
            let mut out = Vec::new();
            for ev in events {
                match ev {
                    Event::Command(c) => out.push(c),
                    Event::Edit(e) => self.edit(lang, doc, *match_index, e),
                    Event::Match(i) => {
                        *match_index = i;
                        self.show_frame(doc, i, 0);
                    }
                    Event::Frame(i) => self.show_frame(doc, *match_index, i),
                    Event::Goto(n) => self.state.position = n,
                    Event::Fix { match_index: mi, frame: fi, cause } => {
                        *match_index = mi;
                        self.fix(doc, mi, fi, &cause);
                    }
                    Event::Video { match_index: mi, frame: fi, act } => {
                        *match_index = mi;
                        self.state.frame = fi;
                        self.state.position = act.map_or(0, |a| a + 1);
                        self.video.play(doc, mi, (fi, act));
                    }
                    Event::Jump(place) => {
                        *match_index = place.match_index;
                        match place.frame {
                            Some(fi) => {
                                self.state.frame = fi;
                                self.state.position = match place.act {
                                    Some(a) => a + 1,
                                    None => view::acts_in(doc, place.match_index, fi),
                                };
                            }
                            // A problem of the match header: its forms.
                            None => out.push(Command::Form(Section::Tournament)),
                        }
                    }
                }
            }
            out
        }

        /// Goes to the next (or previous) problem of the document after the one gone to last, or
        /// after the act shown: its match, frame and act (a frame's own problem: its end), in the
        /// order of the record. From the last it goes round to the first.
        fn step_problem(&mut self, doc: &Document, mi: &mut usize, forward: bool) {
            // (match, frame + 1, act + 1); a frame's own problem at its end, the header's first.
            let key =
                |p: &RecordPlace| (p.match_index, p.frame.map_or(0, |f| f + 1), p.act.map_or(usize::MAX, |a| a + 1));
            let mut places: Vec<RecordPlace> = doc.analysis().diagnostics().iter().map(|d| d.place).collect();
            places.sort_by_key(key);
            places.dedup();
            let gone_to = self.current_problem(*mi);
            // From the problem gone to; else from the start of the frame shown (F8 takes its
            // problems too).
            let here = gone_to.map_or((*mi, self.state.frame + 1, 0), |p| key(&p));
            let after = |p: &&RecordPlace| if gone_to.is_some() { key(p) > here } else { key(p) >= here };
            let next = if forward {
                places.iter().find(after).or(places.first())
            } else {
                places.iter().rev().find(|p| key(p) < here).or(places.last())
            };
            let Some(&place) = next else {
                self.state.problem_note = Some(crate::i18n::tr!("editor-no-problems").into());
                return;
            };
            self.state.problem_note = None;
            *mi = place.match_index;
            // A problem of the match header: its first frame is shown (its forms hold the header).
            let fi = place.frame.unwrap_or(0);
            self.state.frame = fi;
            self.state.position = match place.act {
                Some(a) => a + 1,
                None => view::acts_in(doc, place.match_index, fi),
            };
            self.state.problem = Some((place, (*mi, self.state.frame, self.state.position)));
        }

        /// The problem F8 went to, while the editor still shows where it went (any other move
        /// forgets it).
        fn current_problem(&self, mi: usize) -> Option<RecordPlace> {
            self.state.current_problem(mi)
        }

        /// Applies the likely cause shown for the frame of the problem gone to (or of the frame
        /// shown), as one undo step.
        fn fix_problem(&mut self, doc: &mut Document, mi: usize) {
            let (mi, fi) = match self.current_problem(mi) {
                Some(RecordPlace { match_index, frame: Some(fi), .. }) => (match_index, fi),
                // A problem of the header: no change of a frame explains it.
                Some(RecordPlace { frame: None, .. }) => {
                    self.state.problem_note = Some(crate::i18n::tr!("editor-no-cause", frame = "—"));
                    return;
                }
                None => (mi, self.state.frame),
            };
            match doc.cause(mi, fi, EndHands::Evidence) {
                Some(cause) => {
                    let gone_to = self.current_problem(mi);
                    self.fix(doc, mi, fi, &cause);
                    self.state.problem_note = None;
                    // Still the problem gone to: F8 goes on after it.
                    self.state.problem = gone_to.map(|p| (p, (mi, self.state.frame, self.state.position)));
                }
                None => {
                    let id = doc.frame(mi, fi).map(|f| f.id.text()).unwrap_or_default();
                    self.state.problem_note = Some(crate::i18n::tr!("editor-no-cause", frame = id));
                }
            }
        }

        /// Makes the fix of a likely cause, as one undo step, and shows the act it changed.
        fn fix(&mut self, doc: &mut Document, mi: usize, fi: usize, cause: &Cause) {
            let Some(before) = doc.frame(mi, fi).cloned() else { return };
            if before == cause.fixed {
                return;
            }
            let after = Some(Box::new(cause.fixed.clone()));
            doc.apply(Edit::Frame { index: mi, frame: fi, before: Some(Box::new(before)), after }, None);
            doc.seal();
            self.state.frame = fi;
            self.state.position = match cause.act() {
                Some(a) => a + 1,
                None => view::acts_in(doc, mi, fi),
            };
        }

        /// Shows frame `fi` of match `mi` as it ended.
        fn show_frame(&mut self, doc: &Document, mi: usize, fi: usize) {
            self.state.frame = fi;
            self.state.position = view::acts_in(doc, mi, fi);
        }

        /// Whether the editor offers `cmd` now: playing and syncing the video only once a video is
        /// linked to the file.
        pub fn offers(&self, cmd: Command) -> bool {
            !matches!(cmd, Command::PlayVideo | Command::SyncVideo) || self.video.linked()
        }

        /// Carries out one of the editor's commands in match `*mi` (F8 may go to another match);
        /// false for a command that is not the editor's.
        pub fn run(&mut self, cmd: Command, lang: Lang, doc: &mut Document, mi: &mut usize) -> bool {
            match cmd {
                Command::NextProblem | Command::PrevProblem => {
                    self.step_problem(doc, mi, cmd == Command::NextProblem);
                    return true;
                }
                Command::FixProblem => {
                    self.fix_problem(doc, *mi);
                    return true;
                }
                _ => {}
            }
            let mi = *mi;
            let frames = doc.paifu().matches.get(mi).map_or(0, |m| m.frames.len());
            let (frame, position) = self.place();
            let acts = view::acts_in(doc, mi, frame);
            match cmd {
                Command::PrevAct => self.state.position = position.saturating_sub(1),
                Command::NextAct => self.state.position = (position + 1).min(acts),
                Command::FirstAct => self.state.position = 0,
                Command::LastAct => self.state.position = acts,
                Command::PrevFrame => self.show_frame(doc, mi, frame.saturating_sub(1)),
                Command::NextFrame => self.show_frame(doc, mi, (frame + 1).min(frames.saturating_sub(1))),
                Command::InsertAct => {
                    if let Some(act) = self.state.act.typed_act(lang) {
                        self.edit(lang, doc, mi, FrameEdit::InsertAct { at: position, act });
                    }
                }
                Command::DeleteAct => {
                    if let Some(act) = position.checked_sub(1) {
                        self.edit(lang, doc, mi, FrameEdit::DeleteAct { act });
                    }
                }
                Command::PlayVideo => self.video.play(doc, mi, (frame, position.checked_sub(1))),
                Command::SyncVideo => self.video.sync(doc, mi, (frame, position.checked_sub(1))),
                Command::LinkVideo => self.video.focus_field(),
                _ => return false,
            }
            true
        }

        /// Makes one correction of the frame shown as one undo step; a correction that cannot be
        /// made is explained under the field it came from.
        fn edit(&mut self, lang: Lang, doc: &mut Document, mi: usize, e: FrameEdit) {
            let fi = self.state.frame;
            let is_act =
                matches!(e, FrameEdit::ReplaceAct { .. } | FrameEdit::InsertAct { .. } | FrameEdit::DeleteAct { .. });
            let Some(before) = doc.frame(mi, fi) else { return };
            let st = &mut self.state;
            match e.applied(before) {
                Ok(after) => {
                    if after == *before {
                        return;
                    }
                    let before = Some(Box::new(before.clone()));
                    doc.apply(Edit::Frame { index: mi, frame: fi, before, after: Some(Box::new(after)) }, None);
                    doc.seal();
                    match e {
                        FrameEdit::InsertAct { at, .. } => st.position = at + 1,
                        FrameEdit::DeleteAct { act } => st.position = act,
                        _ => {}
                    }
                    st.act.error = None;
                    st.field_error = None;
                }
                Err(err) if is_act => st.act.error = Some(err.text().into_lang(lang)),
                Err(err) => st.field_error = Some(err.text().into_lang(lang)),
            }
        }
    }
}
