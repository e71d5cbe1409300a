//! The one contract between the shell and its screens: the screen shown is drawn by one function
//! here, which answers a list of [`Reply`]; the shell carries the replies out in one `match`
//! ([`StudioApp::route`]). A new screen is a variant of [`Screen`], its function here and one line
//! in [`StudioApp::draw`].

use std::path::PathBuf;

use egui::{CentralPanel, Ui};

use super::{Dialog, OpenFile, Screen, StudioApp};
use crate::document::MatchInfo;
use crate::double_entry::view::DoubleEntryOutcome as Outcome;
use crate::forms::view::Defaults;
use crate::i18n::Lang;
use crate::recorder::recording;
use crate::settings;
use crate::ui::command::Command;
use crate::ui::path_question::{PathPurpose, PathQuestion};
use crate::ui::start;

/// What a screen answers the shell after it was drawn.
#[derive(Debug)]
pub enum Reply {
    /// A command, run after the dialogs (as if chosen from the menu).
    Run(Command),
    /// A file to open (a recent file, a recording).
    OpenPath(PathBuf),
    /// The forms say this of the match shown now, typed in this field (one undo step a field).
    InfoChanged(Box<MatchInfo>, Option<String>),
    /// The compare screen is done: saved, or back to the editor.
    CompareDone(Outcome),
    /// The standings are to be written as CSV (a path is asked).
    SaveCsv,
    /// A setting changed: saved at once.
    SettingsChanged,
    /// The roster was edited in the settings: saved at once.
    RosterChanged,
    /// Back to where the screen was opened from.
    Back,
    /// What the screen shows is gone: this screen instead.
    Show(Screen),
}

impl StudioApp {
    /// Draws the screen shown; what it answers.
    pub(super) fn draw(&mut self, ui: &mut Ui) -> Vec<Reply> {
        let lang = self.lang();
        match self.screen {
            Screen::Start => self.start_screen(ui, lang),
            Screen::Settings => self.settings_screen(ui, lang),
            Screen::Match(section) => self.forms_screen(ui, lang, section),
            Screen::Standings => self.standings_screen(ui, lang),
            Screen::Recorder => self.recorder_screen(ui, lang),
            Screen::Editor => self.editor_screen(ui, lang),
            Screen::Compare => self.compare_screen(ui, lang),
            Screen::Text => self.text_screen(ui, lang),
        }
    }

    /// Carries out what a screen answered.
    pub(super) fn route(&mut self, reply: Reply) {
        match reply {
            Reply::Run(c) => self.pending.push(c),
            Reply::OpenPath(p) => self.open_any(&p),
            Reply::InfoChanged(info, group) => {
                let info = *info;
                // While recording the last match, a change of its forms is a journal entry.
                let Some(f) = &mut self.file else { return };
                if recording::set_info(&mut f.recorder, &mut f.doc, f.match_index, (info, group)) {
                    f.forms.follow(f.doc.revision(), f.match_index);
                }
            }
            Reply::CompareDone(outcome) => self.compare_done(outcome),
            Reply::SaveCsv => {
                let Some(screen) = &self.standings else { return };
                let text = screen.folder.join(screen.csv_name()).display().to_string();
                let question = PathQuestion::new(PathPurpose::StandingsCsv, text);
                self.dialog = Some(Dialog::Path { question, then: None });
            }
            Reply::SettingsChanged => {
                self.save_settings();
                self.scan_recordings();
                self.follow_links();
            }
            Reply::RosterChanged => self.save_roster(),
            Reply::Back => self.screen = self.before_settings,
            Reply::Show(screen) => self.screen = screen,
        }
    }

    fn start_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        let (recent, recordings) = (&self.prefs.settings.recent_files, &self.recordings);
        let choice = CentralPanel::default().show(ui, |ui| start::show(ui, lang, recent, recordings)).inner;
        choice
            .map(|c| match c {
                start::StartChoice::Command(c) => Reply::Run(c),
                start::StartChoice::OpenPath(p) => Reply::OpenPath(p),
            })
            .into_iter()
            .collect()
    }

    fn settings_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        let (prefs, people) = (&mut self.prefs, &mut self.people);
        let prefs = (&mut prefs.settings, prefs.path.as_deref(), prefs.problems.as_slice());
        let people = (&mut people.editor, &mut people.roster);
        let said =
            CentralPanel::default().show(ui, |ui| settings::view::screen(ui, lang, prefs, people, &self.links)).inner;
        let answers = [
            (said.roster_changed, Reply::RosterChanged),
            (said.changed, Reply::SettingsChanged),
            (said.back, Reply::Back),
        ];
        answers.into_iter().filter_map(|(said, reply)| said.then_some(reply)).collect()
    }

    fn forms_screen(&mut self, ui: &mut Ui, lang: Lang, section: crate::ui::command::Section) -> Vec<Reply> {
        let settings = &self.prefs.settings;
        let defaults = Defaults {
            point_rule: settings.point_preset.rule(),
            rules: settings.rules.options(),
            scorer: &settings.scorer,
            roster: (&self.people.roster, self.people.path.as_deref()),
        };
        let Some(f) = &mut self.file else { return vec![Reply::Show(Screen::Start)] };
        let done = f.forms.ui(ui, lang, section, &f.doc, &mut f.match_index, defaults);
        let change = done.change.map(|(info, group)| Reply::InfoChanged(Box::new(info), group));
        done.commands.into_iter().map(Reply::Run).chain(change).collect()
    }

    fn standings_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        let Some(screen) = &mut self.standings else { return vec![Reply::Show(Screen::Start)] };
        let asked = CentralPanel::default().show(ui, |ui| screen.ui(ui, lang)).inner;
        asked.map(|_| Reply::SaveCsv).into_iter().collect()
    }

    fn recorder_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        // Keys go to the recorder while no text field has focus and no dialog is open.
        let free = self.dialog.is_none();
        match &mut self.file {
            Some(OpenFile { doc, recorder: Some(rec), .. }) => {
                rec.ui(ui, lang, doc, free).into_iter().map(Reply::Run).collect()
            }
            _ => vec![Reply::Show(Screen::Start)],
        }
    }

    fn editor_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        let Some(f) = &mut self.file else { return vec![Reply::Show(Screen::Start)] };
        f.editor.ui(ui, lang, &mut f.doc, &mut f.match_index).into_iter().map(Reply::Run).collect()
    }

    fn compare_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        match &mut self.file {
            Some(OpenFile { doc, compare: Some(screen), .. }) => {
                let (commands, outcome) = CentralPanel::default().show(ui, |ui| screen.ui(ui, lang, doc)).inner;
                commands.into_iter().map(Reply::Run).chain(outcome.map(Reply::CompareDone)).collect()
            }
            Some(_) => vec![Reply::Show(Screen::Editor)],
            None => vec![Reply::Show(Screen::Start)],
        }
    }

    fn text_screen(&mut self, ui: &mut Ui, lang: Lang) -> Vec<Reply> {
        match &mut self.text {
            Some(t) => t.ui(ui, lang).then_some(Reply::Run(Command::OpenText)).into_iter().collect(),
            None => vec![Reply::Show(Screen::Start)],
        }
    }
}
