//! The eframe application: screens, menus, commands, dialogs, settings and fonts.
//!
//! Views draw and report what the user asked for; this module carries it out. File dialogs,
//! saving and the settings file are handled here only.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use egui::{RichText, Ui, ViewportCommand};

use crate::document::Document;
use crate::format::{self, Date, FramesRecorded, Match, Paifu, Player, Recorder, TimePlace};
use crate::forms::{self, Errors, Form, wind_name};
use crate::i18n::{Lang, T};
use crate::scoring::RuleOptions;
use crate::settings::{Settings, SettingsProblem};
use crate::ui::command::{Command, Section};
use crate::ui::forms_view::{self, FormView};
use crate::ui::start_view::{self, StartChoice};
use crate::ui::{ERROR, install_fonts, settings_view};

/// How the app is started: where its settings live, the system's locale, a file to open.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `None` keeps the settings in memory only (tests).
    pub settings_path: Option<PathBuf>,
    pub system_locale: Option<String>,
    pub open: Option<PathBuf>,
}

impl Options {
    /// The options of a normal start: the user's config folder and the system's locale.
    pub fn from_system(open: Option<PathBuf>) -> Options {
        Options { settings_path: Settings::default_path(), system_locale: crate::i18n::system_locale(), open }
    }
}

/// The screen shown in the middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Match(Section),
    Settings,
}

/// What a path dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathPurpose {
    Open,
    SaveAs,
}

/// A modal question.
#[derive(Clone, Debug)]
enum Dialog {
    /// A typed path, with a Browse button for the native dialog.
    Path { purpose: PathPurpose, text: String, error: Option<String>, then: Option<Command> },
    /// The match has unsaved changes; `then` runs after Save or Discard.
    Unsaved { then: Command },
    /// The file on disk changed since it was read.
    ChangedOnDisk { path: PathBuf, then: Option<Command> },
}

/// The file being worked on.
struct OpenFile {
    doc: Document,
    path: Option<PathBuf>,
    /// The match the forms show.
    match_index: usize,
    form: Form,
    /// The document revision and match the form buffers were made from.
    form_source: (u64, usize),
    errors: Errors,
    /// When the file on disk was last read or written by us.
    disk_stamp: Option<SystemTime>,
}

impl OpenFile {
    fn new(doc: Document, path: Option<PathBuf>) -> OpenFile {
        let info = doc.info(0).unwrap_or_default();
        let disk_stamp = path.as_deref().and_then(modified);
        OpenFile {
            form: Form::of(&info),
            form_source: (doc.revision(), 0),
            doc,
            path,
            match_index: 0,
            errors: Errors::default(),
            disk_stamp,
        }
    }

    fn name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "untitled.jmjp".into())
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The application.
pub struct StudioApp {
    settings: Settings,
    settings_path: Option<PathBuf>,
    settings_problems: Vec<SettingsProblem>,
    system_locale: Option<String>,
    screen: Screen,
    /// Where Settings' Back returns to.
    before_settings: Screen,
    file: Option<OpenFile>,
    dialog: Option<Dialog>,
    notice: Option<(String, bool)>,
    pending: Vec<Command>,
    /// Set once the user agreed to lose unsaved changes for the command about to run.
    discard_ok: bool,
    quitting: bool,
    title: String,
    recordings: Vec<PathBuf>,
}

impl StudioApp {
    /// Builds the app: fonts, settings, and the file to open.
    pub fn new(cc: &eframe::CreationContext<'_>, options: Options) -> StudioApp {
        install_fonts(&cc.egui_ctx);
        let (settings, settings_problems) = match &options.settings_path {
            Some(p) => Settings::load(p),
            None => (Settings::default(), Vec::new()),
        };
        let mut app = StudioApp {
            settings,
            settings_path: options.settings_path,
            settings_problems,
            system_locale: options.system_locale,
            screen: Screen::Start,
            before_settings: Screen::Start,
            file: None,
            dialog: None,
            notice: None,
            pending: Vec::new(),
            discard_ok: false,
            quitting: false,
            title: String::new(),
            recordings: Vec::new(),
        };
        app.scan_recordings();
        if let Some(p) = options.open {
            app.open_path(&p);
        }
        app
    }

    /// The language the interface is shown in now.
    pub fn lang(&self) -> Lang {
        self.settings.language.resolve(self.system_locale.as_deref())
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The document being worked on, if any.
    pub fn document(&self) -> Option<&Document> {
        self.file.as_ref().map(|f| &f.doc)
    }

    /// The file the document is saved to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().and_then(|f| f.path.as_deref())
    }

    /// The document as the canonical `.jmjp` text it would be saved as.
    pub fn text(&self) -> Option<String> {
        self.document().map(|d| format::write(d.paifu()))
    }

    /// The message in the status bar, and whether it is an error.
    pub fn notice(&self) -> Option<(&str, bool)> {
        self.notice.as_ref().map(|(s, e)| (s.as_str(), *e))
    }

    fn tell(&mut self, text: impl Into<String>) {
        self.notice = Some((text.into(), false));
    }

    fn warn(&mut self, text: impl Into<String>) {
        self.notice = Some((text.into(), true));
    }

    fn save_settings(&mut self) {
        if let Some(p) = &self.settings_path {
            match self.settings.save(p) {
                Ok(()) => self.settings_problems.retain(|x| !matches!(x, SettingsProblem::NotWritten { .. })),
                Err(e) => {
                    self.settings_problems.retain(|x| !matches!(x, SettingsProblem::NotWritten { .. }));
                    self.settings_problems.push(e);
                }
            }
        }
    }

    fn scan_recordings(&mut self) {
        let folder = self.settings.autosave_folder();
        let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(&folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jmjp"))
            .map(|p| (modified(&p).unwrap_or(SystemTime::UNIX_EPOCH), p))
            .collect();
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        self.recordings = found.into_iter().take(10).map(|(_, p)| p).collect();
    }

    // ----- files -----

    /// A new match: today's date, four players, the default point rules, the scorer as recorder.
    pub fn new_match(&self) -> Paifu {
        use chrono::Datelike;
        let today = chrono::Local::now().date_naive();
        let date = Date { year: today.year() as u16, month: today.month() as u8, day: today.day() as u8 };
        let s = &self.settings.scorer;
        let recorders = if s.is_empty() {
            Vec::new()
        } else {
            let name = s.clone();
            vec![Recorder { name: name.read(), frames: FramesRecorded::All }]
        };
        Paifu {
            matches: vec![Match {
                time_place: TimePlace { date: Some(date), weekday: forms::weekday_of(date), time: None, place: None },
                recorders,
                players: (0..4).map(|id| Player { id, ..Default::default() }).collect(),
                point_rule: Some(self.settings.point_preset.rule()),
                ..Default::default()
            }],
        }
    }

    /// Opens `path`; an error is shown in the status bar and nothing else changes.
    pub fn open_path(&mut self, path: &Path) {
        let lang = self.lang();
        let text = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => {
                self.warn(
                    format!("{}: {}", path.display(), lang.pick("could not be read", "読めませんでした"))
                        + &format!(" ({e})"),
                );
                return;
            }
        };
        let text = match String::from_utf8(text) {
            Ok(t) => t,
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                self.warn(format!(
                    "{}: {}",
                    path.display(),
                    match lang {
                        Lang::En => format!("the file is not UTF-8 text (bad byte at offset {at})"),
                        Lang::Ja => format!("UTF-8 のテキストではありません（{at} バイト目）"),
                    }
                ));
                return;
            }
        };
        match format::parse(&text) {
            Ok(parsed) => {
                let frames: usize = parsed.paifu.matches.iter().map(|m| m.frames.len()).sum();
                let matches = parsed.paifu.matches.len();
                self.file = Some(OpenFile::new(Document::new(parsed.paifu, true), Some(path.to_path_buf())));
                self.settings.remember(path);
                self.save_settings();
                self.screen = Screen::Match(Section::Tournament);
                self.tell(match lang {
                    Lang::En => format!("Opened {} ({matches} match(es), {frames} frames)", path.display()),
                    Lang::Ja => format!("{} を開きました（対局 {matches}、局 {frames}）", path.display()),
                });
            }
            Err(e) => self.warn(format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message)),
        }
    }

    /// Writes the document to `path`, unless the file there changed on disk since we read it and
    /// `force` is false. Returns true when saved.
    fn save_to(&mut self, path: &Path, force: bool, then: Option<Command>) -> bool {
        let lang = self.lang();
        let Some(file) = &mut self.file else { return false };
        let same_file = file.path.as_deref() == Some(path);
        if !force && same_file && path.exists() && modified(path) != file.disk_stamp {
            self.dialog = Some(Dialog::ChangedOnDisk { path: path.to_path_buf(), then });
            return false;
        }
        let text = format::write(file.doc.paifu());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            self.warn(format!("{}: {e}", dir.display()));
            return false;
        }
        match crate::fsio::write_atomic(path, text.as_bytes()) {
            Ok(()) => {
                file.doc.mark_saved();
                file.doc.seal();
                file.path = Some(path.to_path_buf());
                file.disk_stamp = modified(path);
                self.settings.remember(path);
                self.save_settings();
                self.tell(format!("{} {}", T::FileSaved.tr(lang), path.display()));
                if let Some(c) = then {
                    self.pending.push(c);
                }
                true
            }
            Err(e) => {
                self.warn(format!(
                    "{}: {} ({e})",
                    path.display(),
                    lang.pick("could not be saved", "保存できませんでした")
                ));
                false
            }
        }
    }

    fn suggested_path(&self) -> String {
        if let Some(p) = self.path() {
            return p.display().to_string();
        }
        let date = chrono::Local::now().format("%Y-%m-%d-%H%M");
        self.settings.autosave_folder().join(format!("match-{date}.jmjp")).display().to_string()
    }

    // ----- commands -----

    /// Carries out `cmd` (as if chosen from the menu).
    pub fn run(&mut self, cmd: Command, ctx: &egui::Context) {
        let dirty = self.file.as_ref().is_some_and(|f| f.doc.is_dirty());
        let loses_work = matches!(cmd, Command::NewMatch | Command::Open | Command::Close | Command::Quit);
        if loses_work && dirty && !self.discard_ok {
            self.dialog = Some(Dialog::Unsaved { then: cmd });
            return;
        }
        self.discard_ok = false;
        let lang = self.lang();
        match cmd {
            Command::NewMatch => {
                self.file = Some(OpenFile::new(Document::new(self.new_match(), false), None));
                self.screen = Screen::Match(Section::Tournament);
                self.notice = None;
            }
            Command::Open => {
                let text =
                    self.path().and_then(|p| p.parent()).map(|d| format!("{}/", d.display())).unwrap_or_default();
                self.dialog = Some(Dialog::Path { purpose: PathPurpose::Open, text, error: None, then: None });
            }
            Command::Save => match self.path().map(Path::to_path_buf) {
                Some(p) => {
                    self.save_to(&p, false, None);
                }
                None if self.file.is_some() => self.run(Command::SaveAs, ctx),
                None => {}
            },
            Command::SaveAs => {
                if self.file.is_some() {
                    let text = self.suggested_path();
                    self.dialog = Some(Dialog::Path { purpose: PathPurpose::SaveAs, text, error: None, then: None });
                }
            }
            Command::Close => {
                self.file = None;
                self.screen = Screen::Start;
                self.scan_recordings();
            }
            Command::Undo | Command::Redo => {
                if let Some(f) = &mut self.file {
                    let done = if cmd == Command::Undo { f.doc.undo() } else { f.doc.redo() };
                    if !done {
                        let t = if cmd == Command::Undo { T::NothingToUndo } else { T::NothingToRedo };
                        self.tell(t.tr(lang));
                    }
                }
            }
            Command::Settings => {
                if self.screen != Screen::Settings {
                    self.before_settings = self.screen;
                    self.screen = Screen::Settings;
                }
            }
            Command::Quit => {
                self.quitting = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Command::Form(s) => {
                if self.file.is_some() {
                    self.screen = Screen::Match(s);
                }
            }
        }
    }

    fn enabled(&self, cmd: Command) -> bool {
        let has_file = self.file.is_some();
        match cmd {
            Command::Save | Command::SaveAs | Command::Close | Command::Form(_) => has_file,
            Command::Undo => self.file.as_ref().is_some_and(|f| f.doc.can_undo()),
            Command::Redo => self.file.as_ref().is_some_and(|f| f.doc.can_redo()),
            _ => true,
        }
    }

    fn read_shortcuts(&mut self, ctx: &egui::Context) {
        if self.dialog.is_some() {
            return;
        }
        let typing = ctx.text_edit_focused();
        // Shortcuts with more modifiers first: egui matches Ctrl+Z "logically" on Ctrl+Shift+Z too.
        let mut all: Vec<(Command, egui::KeyboardShortcut)> =
            Command::ALL.iter().flat_map(|c| c.shortcuts().into_iter().map(move |s| (*c, s))).collect();
        all.sort_by_key(|(_, s)| {
            let m = s.modifiers;
            std::cmp::Reverse(u8::from(m.shift) + u8::from(m.alt) + u8::from(m.ctrl || m.command || m.mac_cmd))
        });
        for (cmd, s) in all {
            if typing && !cmd.works_in_text_field() {
                continue;
            }
            if ctx.input_mut(|i| i.consume_shortcut(&s)) {
                self.pending.push(cmd);
            }
        }
    }

    // ----- drawing -----

    fn menu_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(T::MenuFile.tr(lang), |ui| {
                for c in [Command::NewMatch, Command::Open, Command::Save, Command::SaveAs, Command::Close] {
                    if c.button(ui, lang, self.enabled(c)) {
                        self.pending.push(c);
                    }
                }
                ui.separator();
                for c in [Command::Settings, Command::Quit] {
                    if c.button(ui, lang, true) {
                        self.pending.push(c);
                    }
                }
            });
            ui.menu_button(T::MenuEdit.tr(lang), |ui| {
                for c in [Command::Undo, Command::Redo] {
                    if c.button(ui, lang, self.enabled(c)) {
                        self.pending.push(c);
                    }
                }
            });
            ui.menu_button(T::MenuMatch.tr(lang), |ui| {
                for s in Section::ALL {
                    if s.command().button(ui, lang, self.enabled(s.command())) {
                        self.pending.push(s.command());
                    }
                }
            });
        });
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        ui.horizontal(|ui| {
            if let Some(f) = &self.file {
                let state = match (&f.path, f.doc.is_dirty()) {
                    (None, _) => T::NeverSaved,
                    (Some(_), true) => T::NotSaved,
                    (Some(_), false) => T::Saved,
                };
                ui.label(RichText::new(format!("{} — {}", f.name(), state.tr(lang))).strong());
                ui.separator();
            }
            if let Some((text, error)) = &self.notice {
                let t = RichText::new(text);
                ui.label(if *error { t.color(ERROR) } else { t });
            }
        });
    }

    fn match_screen(&mut self, ui: &mut Ui, section: Section) {
        let lang = self.lang();
        let fallback = self.settings.point_preset.rule();
        let scorer = self.settings.scorer.clone();
        let Some(file) = &mut self.file else {
            self.screen = Screen::Start;
            return;
        };
        let matches = file.doc.paifu().matches.len();
        if file.match_index >= matches {
            file.match_index = 0;
        }
        // The forms show the document: rebuilt whenever it changed by other means (undo, redo,
        // another match chosen).
        if file.form_source != (file.doc.revision(), file.match_index) {
            file.form = Form::of(&file.doc.info(file.match_index).unwrap_or_default());
            file.form_source = (file.doc.revision(), file.match_index);
            file.errors = Errors::default();
        }
        egui::Panel::left("sections").resizable(false).show(ui, |ui| {
            ui.add_space(6.0);
            if matches > 1 {
                let l = ui.label(T::MatchLabel.tr(lang));
                let mut index = file.match_index;
                let combo = egui::ComboBox::from_id_salt("match.index")
                    .selected_text(format!("{} / {matches}", index + 1))
                    .show_ui(ui, |ui| {
                        for i in 0..matches {
                            ui.selectable_value(&mut index, i, format!("{}", i + 1));
                        }
                    });
                combo.response.labelled_by(l.id);
                file.match_index = index;
                ui.separator();
            }
            for s in Section::ALL {
                let c = s.command();
                let text = format!("{}  {}", c.label(lang), c.shortcut_text(ui.ctx()));
                if ui.selectable_label(section == s, text).on_hover_text(c.tooltip(lang)).clicked() {
                    self.pending.push(c);
                }
            }
        });
        let Some(current) = file.doc.info(file.match_index) else { return };
        let m = &file.doc.paifu().matches[file.match_index.min(matches.saturating_sub(1))];
        let computed = forms::compute_results(m, fallback, &RuleOptions::default());
        let player_names = player_names(m, lang);
        let change = egui::CentralPanel::default()
            .show(ui, |ui| {
                let mut view = FormView {
                    lang,
                    form: &mut file.form,
                    errors: &file.errors,
                    computed: computed.as_ref(),
                    player_names,
                    scorer: &scorer,
                };
                forms_view::show(ui, section, &mut view)
            })
            .inner;
        let (info, errors) = file.form.read(&current);
        file.errors = errors;
        if let Some(change) = change
            && file.doc.set_info(file.match_index, info, change.group.as_deref())
        {
            file.form_source = (file.doc.revision(), file.match_index);
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        let Some(dialog) = self.dialog.clone() else { return };
        let mut close = false;
        let mut next: Option<Dialog> = None;
        match dialog {
            Dialog::Path { purpose, mut text, error, then } => {
                let title = match purpose {
                    PathPurpose::Open => Command::Open.label(lang),
                    PathPurpose::SaveAs => Command::SaveAs.label(lang),
                };
                let mut confirmed = false;
                let mut browse = false;
                let modal = egui::Modal::new(egui::Id::unique("path-dialog")).show(ctx, |ui| {
                    ui.set_width(560.0);
                    ui.heading(title);
                    ui.horizontal(|ui| {
                        let l = ui.label(T::PathLabel.tr(lang));
                        let resp =
                            ui.add(egui::TextEdit::singleline(&mut text).id_salt("dialog.path").desired_width(380.0));
                        let resp = resp.labelled_by(l.id);
                        if !resp.has_focus() && !ui.memory(|m| m.focused().is_some()) {
                            resp.request_focus();
                        }
                        if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                            confirmed = true;
                        }
                        browse = ui.button(T::Browse.tr(lang)).clicked();
                    });
                    if let Some(e) = &error {
                        ui.label(RichText::new(e).color(ERROR));
                    }
                    ui.horizontal(|ui| {
                        let ok = match purpose {
                            PathPurpose::Open => T::OpenButton,
                            PathPurpose::SaveAs => T::SaveButton,
                        };
                        confirmed |= ui.button(ok.tr(lang)).clicked();
                        if ui.button(T::Cancel.tr(lang)).clicked() {
                            close = true;
                        }
                    });
                });
                if modal.should_close() {
                    close = true;
                }
                if browse {
                    let dialog = rfd::FileDialog::new().add_filter("jmjp", &["jmjp"]);
                    let picked = match purpose {
                        PathPurpose::Open => dialog.pick_file(),
                        PathPurpose::SaveAs => dialog.save_file(),
                    };
                    if let Some(p) = picked {
                        text = p.display().to_string();
                        confirmed = true;
                    }
                }
                let path = PathBuf::from(text.trim());
                if confirmed && !close {
                    let problem = if text.trim().is_empty() || path.is_dir() {
                        Some(lang.pick("Type the path of a file", "ファイルのパスを入力してください").to_string())
                    } else if purpose == PathPurpose::Open && !path.exists() {
                        Some(match lang {
                            Lang::En => format!("{} does not exist", path.display()),
                            Lang::Ja => format!("{} は存在しません", path.display()),
                        })
                    } else {
                        None
                    };
                    match problem {
                        Some(e) => next = Some(Dialog::Path { purpose, text, error: Some(e), then }),
                        None => {
                            self.dialog = None;
                            match purpose {
                                PathPurpose::Open => self.open_path(&path),
                                PathPurpose::SaveAs => {
                                    let path =
                                        if path.extension().is_none() { path.with_extension("jmjp") } else { path };
                                    self.save_to(&path, true, then);
                                }
                            }
                            return;
                        }
                    }
                } else if !close {
                    next = Some(Dialog::Path { purpose, text, error, then });
                }
            }
            Dialog::Unsaved { then } => {
                let mut choice = None;
                let modal = egui::Modal::new(egui::Id::unique("unsaved-dialog")).show(ctx, |ui| {
                    ui.heading(T::UnsavedTitle.tr(lang));
                    ui.label(T::UnsavedBody.tr(lang));
                    ui.horizontal(|ui| {
                        if ui.button(T::SaveButton.tr(lang)).clicked() {
                            choice = Some(0);
                        }
                        if ui.button(T::Discard.tr(lang)).clicked() {
                            choice = Some(1);
                        }
                        if ui.button(T::Cancel.tr(lang)).clicked() {
                            choice = Some(2);
                        }
                    });
                });
                if modal.should_close() && choice.is_none() {
                    choice = Some(2);
                }
                match choice {
                    Some(0) => {
                        self.dialog = None;
                        match self.path().map(Path::to_path_buf) {
                            Some(p) => {
                                self.save_to(&p, false, Some(then));
                            }
                            None => {
                                let text = self.suggested_path();
                                self.dialog = Some(Dialog::Path {
                                    purpose: PathPurpose::SaveAs,
                                    text,
                                    error: None,
                                    then: Some(then),
                                });
                            }
                        }
                        return;
                    }
                    Some(1) => {
                        self.discard_ok = true;
                        self.pending.push(then);
                        close = true;
                    }
                    Some(_) => {
                        self.quitting = false;
                        close = true;
                    }
                    None => next = Some(Dialog::Unsaved { then }),
                }
            }
            Dialog::ChangedOnDisk { path, then } => {
                let mut choice = None;
                let modal = egui::Modal::new(egui::Id::unique("disk-dialog")).show(ctx, |ui| {
                    ui.heading(T::UnsavedTitle.tr(lang));
                    ui.label(format!("{}\n{}", path.display(), T::ChangedOnDisk.tr(lang)));
                    ui.horizontal(|ui| {
                        if ui.button(T::Overwrite.tr(lang)).clicked() {
                            choice = Some(true);
                        }
                        if ui.button(T::Cancel.tr(lang)).clicked() {
                            choice = Some(false);
                        }
                    });
                });
                if modal.should_close() && choice.is_none() {
                    choice = Some(false);
                }
                match choice {
                    Some(true) => {
                        self.dialog = None;
                        self.save_to(&path, true, then);
                        return;
                    }
                    Some(false) => close = true,
                    None => next = Some(Dialog::ChangedOnDisk { path, then }),
                }
            }
        }
        self.dialog = if close { None } else { next };
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        let mut title = T::AppTitle.tr(lang).to_string();
        if let Some(f) = &self.file {
            title = format!("{}{} — {title}", f.name(), if f.doc.is_dirty() { " *" } else { "" });
        }
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

/// The players' names by plyerId, as the results table shows them (the seat wind at E1-0 when a
/// player has no name).
fn player_names(m: &Match, lang: Lang) -> [String; 4] {
    let names = crate::interop::player_names(m);
    std::array::from_fn(|i| match &names[i] {
        n if !n.is_empty() => n.clone(),
        _ => wind_name(format::Wind::ALL[i], lang).to_string(),
    })
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let lang = self.lang();
        // Files dropped on the window open like File > Open.
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()).collect()
        });
        if let Some(p) = dropped.into_iter().next() {
            if self.file.as_ref().is_some_and(|f| f.doc.is_dirty()) {
                self.warn(lang.pick(
                    "Save or close the open match before opening another",
                    "別の対局を開く前に保存するか閉じてください",
                ));
            } else {
                self.open_path(&p);
            }
        }
        if ctx.input(|i| i.viewport().close_requested())
            && !self.quitting
            && self.file.as_ref().is_some_and(|f| f.doc.is_dirty())
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.dialog = Some(Dialog::Unsaved { then: Command::Quit });
        }
        self.read_shortcuts(&ctx);

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        match self.screen {
            Screen::Start => {
                let recent = self.settings.recent_files.clone();
                let recordings = self.recordings.clone();
                let choice =
                    egui::CentralPanel::default().show(ui, |ui| start_view::show(ui, lang, &recent, &recordings)).inner;
                match choice {
                    Some(StartChoice::Command(c)) => self.pending.push(c),
                    Some(StartChoice::OpenPath(p)) => self.open_path(&p),
                    None => {}
                }
            }
            Screen::Settings => {
                let path = self.settings_path.clone();
                let problems = self.settings_problems.clone();
                let mut back = false;
                let changed = egui::CentralPanel::default()
                    .show(ui, |ui| {
                        back = ui.button(T::Back.tr(lang)).clicked();
                        settings_view::show(ui, lang, &mut self.settings, path.as_deref(), &problems)
                    })
                    .inner;
                if changed {
                    self.save_settings();
                    self.scan_recordings();
                }
                if back {
                    self.screen = self.before_settings;
                }
            }
            Screen::Match(section) => self.match_screen(ui, section),
        }
        self.dialogs(&ctx);
        for cmd in std::mem::take(&mut self.pending) {
            self.run(cmd, &ctx);
        }
        self.update_title(&ctx);
    }
}

/// Opens the window and runs the app until it is closed.
pub fn run_native(open: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1280.0, 820.0]).with_title("jmjp studio"),
        ..Default::default()
    };
    eframe::run_native(
        "jmjp studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, Options::from_system(open))))),
    )
    .map_err(|e| e.to_string())
}
