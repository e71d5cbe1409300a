//! The file commands of the shell: open, save, save as, the text view read again, import,
//! export, a match saved on its own, matches merged in; the recording started, ended and
//! recovered. Every file is read and written by [`crate::document::io`]; this module only says
//! in the status bar what happened.

use std::path::Path;

use super::{Dialog, OpenFile, Screen, StudioApp};
use crate::document::io::{self, ReadError, SaveError};
use crate::document::recording::open::Opened;
use crate::document::{Document, file_ops};
use crate::double_entry::Reconciliation;
use crate::double_entry::view::{DoubleEntryOutcome as Outcome, ReconcileScreen};
use crate::editor::text::TextView;
use crate::i18n::{Text, tr};
use crate::interop::Format;
use crate::recorder::recording;
use crate::ui::command::{Command, Section};
use crate::ui::path_question::{PathPurpose, PathQuestion};

impl StudioApp {
    pub(super) fn save_settings(&mut self) {
        let prefs = &mut self.prefs;
        if let Some(p) = &prefs.path {
            use crate::settings::SettingsProblem;
            prefs.problems.retain(|x| !matches!(x, SettingsProblem::NotWritten { .. }));
            if let Err(e) = prefs.settings.save(p) {
                prefs.problems.push(e);
            }
        }
    }

    /// The recent files get `path` first, and the settings are saved.
    fn remember(&mut self, path: &Path) {
        self.prefs.settings.remember(path);
        self.save_settings();
    }

    /// The recordings of the autosave folder cut short, newest first (the start screen offers them).
    pub(super) fn scan_recordings(&mut self) {
        self.recordings = crate::document::recording::open::to_recover(&self.prefs.settings.autosave_folder());
    }

    /// A new match of today as the open document, not yet saved (see [`Settings::new_match`]).
    pub(super) fn new_file(&self) -> OpenFile {
        OpenFile::new(Document::new(self.prefs.settings.new_match(), false))
    }

    /// Opens the file a user named (on the command line, by a file manager, dropped on the
    /// window, File > Open, a recent file): read once by the one open, a tenhou.net/6 or mjai log
    /// is imported, a `.jmjp` file opened in the editor. An error is shown in the status bar and
    /// nothing else changes. A file that does not parse opens in the text view; a journal
    /// holding more than the file is offered.
    pub fn open_any(&mut self, path: &Path) {
        let (loaded, beside) = match crate::document::recording::open::open(path) {
            Ok(Opened::Paifu { loaded, beside }) => (loaded, beside),
            Ok(Opened::Log { format, paifu, note, .. }) => {
                return self.imported(path, Document::new(paifu, false), format, note);
            }
            Err(ReadError::Parse { error, text, .. }) => {
                // A file that does not parse opens as text, to be fixed there and read again.
                let at = format!("{}:{}:{}: ", path.display(), error.line, error.column);
                self.warn(error.message.clone().prefixed(&at, &at));
                self.stop_recording();
                self.file = None;
                self.text = Some(TextView::new(path, text, error));
                self.screen = Screen::Text;
                return;
            }
            Err(e) => {
                self.warn(e.text());
                return;
            }
        };
        match beside.offered(path) {
            Some(Ok(r)) => {
                let mut file = OpenFile::new(loaded.into_document());
                file.recovered = Some(r.doc);
                self.file = Some(file);
                self.dialog = Some(Dialog::Recover { path: path.to_path_buf(), entries: r.entries, damage: r.damage });
                return;
            }
            Some(Err(e)) => self.warn(tr!("app-journal-unusable", reason = e)),
            None => {}
        }
        let (frames, matches, bom) = (loaded.frames(), loaded.parsed.paifu.matches.len(), loaded.parsed.had_bom);
        self.show(OpenFile::new(loaded.into_document()), Screen::Editor);
        self.remember(path);
        self.remember_people();
        self.tell(file_ops::opened(path, matches, frames, bom));
    }

    /// `file` becomes the open document, shown on `screen` (a recording of the one before ends).
    pub(super) fn show(&mut self, file: OpenFile, screen: Screen) {
        self.stop_recording();
        self.file = Some(file);
        self.text = None;
        self.screen = screen;
    }

    /// Reads the text view's text as a paifu: on success it becomes the open document (unsaved,
    /// since it differs from the file) and the editor shows it; otherwise the error is marked.
    pub(super) fn open_text(&mut self) {
        let Some(tv) = &mut self.text else { return };
        match tv.read() {
            Ok(doc) => {
                let told = file_ops::reads_now(tv.path());
                self.show(OpenFile::new(doc), Screen::Editor);
                self.tell(told);
            }
            Err(msg) => self.warn(msg),
        }
    }

    /// Writes the document to `path`, unless the file there changed on disk since we read it and
    /// `force` is false (then the user is asked). Returns true when saved.
    pub(super) fn save_to(&mut self, path: &Path, force: bool, then: Option<Command>) -> bool {
        let Some(file) = &mut self.file else { return false };
        match io::save(&mut file.doc, path, force) {
            Ok(()) => {
                self.remember(path);
                self.remember_people();
                self.tell(saved_to(path));
                self.pending.extend(then);
                true
            }
            Err(SaveError::ChangedOnDisk { .. }) => {
                self.dialog = Some(Dialog::ChangedOnDisk { path: path.to_path_buf(), then });
                false
            }
            Err(e) => {
                self.warn(e.text());
                false
            }
        }
    }

    /// Saves to the document's own file, or asks where (Save as) when it has none; `then` runs
    /// once it is saved. True when it was saved now.
    pub(super) fn save_or_ask(&mut self, then: Option<Command>) -> bool {
        match self.path().map(Path::to_path_buf) {
            Some(p) => self.save_to(&p, false, then),
            None => {
                let text = self.suggested_path();
                self.dialog = Some(Dialog::Path { question: PathQuestion::new(PathPurpose::SaveAs, text), then });
                false
            }
        }
    }

    /// Where Save as suggests saving (see [`file_ops::save_as_path`]).
    pub(super) fn suggested_path(&self) -> String {
        let imported = self.file.as_ref().and_then(|f| f.suggested.as_deref());
        file_ops::save_as_path(self.path(), imported, &self.prefs.settings.autosave_folder()).display().to_string()
    }

    /// The folder of the open file, for a path dialog that picks another file.
    fn folder_text(&self) -> String {
        self.path().and_then(|p| p.parent()).map(|d| format!("{}/", d.display())).unwrap_or_default()
    }

    /// The commands that ask for a path (or save to the file's own).
    pub(super) fn file_command(&mut self, cmd: Command) {
        let ask = |purpose, text| Some(Dialog::Path { question: PathQuestion::new(purpose, text), then: None });
        let has_file = self.file.is_some();
        match cmd {
            Command::Open => self.dialog = ask(PathPurpose::Open, self.folder_text()),
            Command::Import => self.dialog = ask(PathPurpose::Import, self.folder_text()),
            Command::ImportRoster => self.dialog = ask(PathPurpose::RosterFolder, self.folder_text()),
            Command::Standings => self.dialog = ask(PathPurpose::StandingsFolder, self.folder_text()),
            Command::Save if has_file => {
                self.save_or_ask(None);
            }
            Command::SaveAs if has_file => self.dialog = ask(PathPurpose::SaveAs, self.suggested_path()),
            Command::MergeFile if has_file => self.dialog = ask(PathPurpose::Merge, self.folder_text()),
            Command::Compare if has_file => self.dialog = ask(PathPurpose::Compare, self.folder_text()),
            Command::SaveMatchAs => {
                if let Some(f) = &self.file {
                    let text = file_ops::save_match_path(Path::new(&self.suggested_path()), f.match_index);
                    self.dialog = ask(PathPurpose::SaveMatch, text.display().to_string());
                }
            }
            Command::Export => {
                if let Some(f) = &self.file {
                    let text = file_ops::export_path(f.doc.path(), f.suggested.as_deref());
                    self.dialog = ask(PathPurpose::Export, text.display().to_string());
                }
            }
            _ => {}
        }
    }

    /// The tenhou.net/6 viewer address of the match shown, to the clipboard.
    pub(super) fn copy_viewer_url(&mut self, ctx: &egui::Context) {
        match self.file.as_ref().and_then(|f| file_ops::viewer_url(f.doc.paifu(), f.match_index)) {
            Some(Ok(url)) => {
                ctx.copy_text(url);
                self.tell(tr!("app-viewer-url-copied"));
            }
            Some(Err(e)) => self.warn(e),
            None => {}
        }
    }

    /// Reads the log at `path` (mjai or tenhou.net/6, told by its content) into a new document
    /// shown in the editor; an error leaves everything as it was.
    pub(super) fn import_log(&mut self, path: &Path) -> Result<(), String> {
        let (doc, format, note) = io::import(path).map_err(|e| e.text().into_lang(self.lang()))?;
        self.imported(path, doc, format, note);
        Ok(())
    }

    /// Shows `doc`, read from the log at `path`, in the editor as new work to save.
    /// What the reader had to say of the log (an mjlog cut short) is shown as a warning.
    fn imported(&mut self, path: &Path, doc: Document, format: Format, note: Option<Text>) {
        let told = file_ops::imported(path, format, &doc, note.as_ref());
        let mut file = OpenFile::new(doc);
        file.suggested = Some(path.with_extension(Format::Jmjp.extension()));
        self.show(file, Screen::Editor);
        self.remember_people();
        if note.is_some() { self.warn(told) } else { self.tell(told) }
    }

    /// Writes the match shown to `path` as the log its extension names.
    pub(super) fn export_log(&mut self, path: &Path) -> Result<(), String> {
        let Some(f) = &self.file else { return Ok(()) };
        self.told(file_ops::export_match(f.doc.paifu(), f.match_index, path))
    }

    /// Writes the match shown alone to `path` (split); the open file does not change.
    pub(super) fn save_match(&mut self, path: &Path) -> Result<(), String> {
        let Some(f) = &self.file else { return Ok(()) };
        self.told(file_ops::save_match(f.doc.paifu(), f.match_index, path))
    }

    /// What a file command did, told; why not, in the language shown (for the path dialog).
    fn told(&mut self, done: Result<Option<Text>, Text>) -> Result<(), String> {
        let lang = self.lang();
        let told = done.map_err(|e| e.into_lang(lang))?;
        if let Some(t) = told {
            self.tell(t);
        }
        Ok(())
    }

    /// Double entry: the recording at `path` compared with the open one, on the compare screen.
    pub(super) fn compare_with(&mut self, path: &Path) -> Result<(), String> {
        let lang = self.lang();
        let Some(f) = &self.file else { return Ok(()) };
        let (model, told) = Reconciliation::start(&f.doc, path).map_err(|e| e.into_lang(lang))?;
        self.stop_recording();
        if let Some(f) = &mut self.file {
            f.compare = Some(ReconcileScreen::new(model));
            self.screen = Screen::Compare;
        }
        self.tell(told);
        Ok(())
    }

    /// After the compare screen: save the reconciled record, or go back to the editor.
    pub(super) fn compare_done(&mut self, outcome: Outcome) {
        self.screen = Screen::Editor;
        if let Some(f) = &mut self.file {
            f.compare = None;
        }
        let Outcome::Saved(said) = outcome else { return };
        self.tell(said.clone());
        if self.save_or_ask(None) {
            let saved = self.notice.take().map(|(text, _)| text).unwrap_or_default();
            self.tell(said.followed_by(" — ", " — ", &saved));
        }
    }

    /// Adds the matches of the file at `path` after the open file's matches (merge), as one undo
    /// step. A file that does not read changes nothing.
    pub(super) fn merge_file(&mut self, path: &Path) -> Result<(), String> {
        let Some(f) = &mut self.file else { return Ok(()) };
        let done = file_ops::merge_file(&mut f.doc, path).map(Some);
        self.told(done)
    }

    /// Match > Record: the recorder on the open file, or on a new match when none is open.
    pub(super) fn record(&mut self) {
        if self.file.is_none() {
            self.file = Some(self.new_file());
        }
        self.start_recording();
    }

    /// Opens the recorder on the open file (the recorder decides how: recording.rs).
    pub(super) fn start_recording(&mut self) {
        let (folder, ai) = (self.prefs.settings.autosave_folder(), &self.prefs.settings.ai_players);
        let ai = (ai.on, ai.endpoints());
        self.publish_open(); // the AI players subscribe to its flow of changes as they start
        let open = self.file.as_mut().map(|f| (&mut f.recorder, &mut f.doc));
        let report = recording::start(open, &folder, ai, (self.links.wake(), self.links.desk.watch()));
        self.after_recording(report);
    }

    /// Ends the recording: the journal is removed when the file holds everything.
    pub(super) fn stop_recording(&mut self) {
        let report = self.file.as_mut().map(|f| recording::stop(&mut f.recorder, &f.doc));
        self.after_recording(report.unwrap_or_default());
    }

    /// What the recorder reported, carried out: warnings, the recent file, the people, its screen.
    fn after_recording(&mut self, report: recording::RecordingReport) {
        for w in report.warnings {
            self.warn(w);
        }
        if let Some(p) = report.recent {
            self.remember(&p);
        }
        if report.recording {
            self.screen = Screen::Recorder;
        }
        if report.people {
            self.remember_people();
        }
    }

    /// The answer to the Recover question: keep what the journal rebuilt (and go on recording),
    /// or set the journal aside and keep the file.
    pub(super) fn recover(&mut self, path: &Path, keep: bool) {
        if !keep {
            recording::set_aside(path);
            if let Some(f) = &mut self.file {
                f.recovered = None;
            }
            self.screen = Screen::Match(Section::Tournament);
            return;
        }
        let rebuilt = self.file.as_mut().and_then(|f| f.recovered.take());
        let kept = recording::keep_recovered(self.file.as_ref().map(|f| &f.doc), rebuilt);
        if let (Some(f), Some(doc)) = (&mut self.file, kept) {
            *f = OpenFile::new(doc);
        }
        self.start_recording();
        if let Some(f) = &mut self.file
            && let Some(rec) = &mut f.recorder
        {
            rec.save_if_clean(&mut f.doc);
        }
    }
}

/// "Saved /path/file.jmjp" in both languages (the status line after a save).
pub(super) fn saved_to(path: &Path) -> Text {
    let path = Text::verbatim(path.display().to_string());
    tr!("app-file-saved").text().followed_by(" ", " ", &path)
}
