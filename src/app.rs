//! The eframe application: screens, menus, commands, dialogs, settings and fonts.
//!
//! Views draw and report what the user asked for; this module carries it out. File dialogs,
//! saving and the settings file are handled here only.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use egui::{Color32, RichText, Ui, ViewportCommand};

use crate::document::{Document, Edit};
use crate::editor::{self, FrameEdit};
use crate::format::{self, Date, FramesRecorded, Match, Paifu, Player, Recorder, TimePlace};
use crate::forms::{self, Errors, Form, wind_name};
use crate::i18n::{Lang, T};
use crate::interop;
use crate::recorder::view::{self as recorder_view, DealForm, Event as RecEvent, ViewState};
use crate::recorder::{self, EndKind, Entry, Key as RecKey, Recorder as Recording, Step, session};
use crate::scoring::RuleOptions;
use crate::settings::{Settings, SettingsProblem};
use crate::ui::command::{Command, Section};
use crate::ui::editor_view::{self, EditorState, Event as EditorEvent};
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
    /// Open straight into the recorder (`jmjp-studio record [FILE]`).
    pub record: bool,
}

impl Options {
    /// The options of a normal start: the user's config folder and the system's locale.
    pub fn from_system(open: Option<PathBuf>) -> Options {
        Options {
            settings_path: Settings::default_path(),
            system_locale: crate::i18n::system_locale(),
            open,
            record: false,
        }
    }
}

/// The screen shown in the middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Match(Section),
    Settings,
    Recorder,
    /// Problems, frames, replay and corrections of the open file.
    Editor,
    /// A file that does not parse, shown as text to be fixed.
    Text,
}

/// What a path dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PathPurpose {
    Open,
    SaveAs,
    /// The match shown is written alone to the path.
    SaveMatch,
    /// The matches of the file at the path are added.
    Merge,
    /// A log read into a new document.
    Import,
    /// The match shown written as a log.
    Export,
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
    /// A journal next to `path` holds `entries` entries the file does not.
    Recover { path: PathBuf, entries: usize },
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
    /// Where Save as suggests saving a document that has no file yet (an imported log).
    suggested: Option<PathBuf>,
    /// The live recording, once the recorder was opened for this file.
    recorder: Option<Recording>,
    recorder_view: ViewState,
    editor: EditorState,
}

/// A file that did not parse, open as text.
struct TextFile {
    path: PathBuf,
    text: String,
    /// The parse error of the text as it was last read.
    error: Option<format::ParseError>,
    /// Move the cursor to the error at the next frame.
    show_error: bool,
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
            suggested: None,
            recorder: None,
            recorder_view: ViewState::default(),
            // The first frame is shown as it ended.
            editor: EditorState::at_end(),
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
    /// The document a journal rebuilt, while the Recover dialog asks whether to use it.
    recovered: Option<Document>,
    /// A file that did not parse, open in the text view.
    text_file: Option<TextFile>,
}

impl StudioApp {
    /// Builds the app: fonts, settings, and the file to open.
    pub fn new(cc: &eframe::CreationContext<'_>, options: Options) -> StudioApp {
        install_fonts(&cc.egui_ctx);
        egui_extras::install_image_loaders(&cc.egui_ctx);
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
            recovered: None,
            text_file: None,
        };
        app.scan_recordings();
        if let Some(p) = options.open {
            app.open_path(&p);
        }
        if options.record && app.dialog.is_none() {
            if app.file.is_none() {
                app.file = Some(OpenFile::new(Document::new(app.new_match(), false), None));
            }
            app.start_recording();
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

    /// Where the editor stands: match, frame, and acts applied in the replay (as drawn last).
    pub fn editor_place(&self) -> Option<(usize, usize, usize)> {
        self.file.as_ref().map(|f| (f.match_index, f.editor.frame, f.editor.position))
    }

    /// The text of the text view (a file that does not parse), if one is open.
    pub fn text_view(&self) -> Option<&str> {
        self.text_file.as_ref().map(|t| t.text.as_str())
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
                time_place: TimePlace { date: Some(date), weekday: date.weekday(), time: None, place: None },
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
        let text = match read_text(path, lang) {
            Ok(t) => t,
            Err(e) => {
                self.warn(e);
                return;
            }
        };
        match format::parse(&text) {
            Ok(parsed) => {
                match recorder::recoverable(path) {
                    Some(Ok((doc, entries))) => {
                        self.file = Some(OpenFile::new(Document::new(parsed.paifu, true), Some(path.to_path_buf())));
                        self.recovered = Some(doc);
                        self.dialog = Some(Dialog::Recover { path: path.to_path_buf(), entries });
                        return;
                    }
                    Some(Err(e)) => self.warn(format!(
                        "{}: {e}",
                        lang.pick("the recording journal cannot be read", "記録ジャーナルを読めません")
                    )),
                    None => {}
                }
                let frames: usize = parsed.paifu.matches.iter().map(|m| m.frames.len()).sum();
                let matches = parsed.paifu.matches.len();
                let bom = parsed.had_bom;
                self.file = Some(OpenFile::new(Document::new(parsed.paifu, true), Some(path.to_path_buf())));
                self.text_file = None;
                self.settings.remember(path);
                self.save_settings();
                self.screen = Screen::Editor;
                let mut told = match lang {
                    Lang::En => format!("Opened {} ({matches} match(es), {frames} frames)", path.display()),
                    Lang::Ja => format!("{} を開きました（対局 {matches}、局 {frames}）", path.display()),
                };
                if bom {
                    told.push_str(lang.pick(
                        "; it starts with a byte order mark, which is left out when saved",
                        "。先頭のバイト順マーク（BOM）は保存時に取り除かれます",
                    ));
                }
                self.tell(told);
            }
            Err(e) => {
                // A file that does not parse opens as text, to be fixed there and read again.
                self.warn(parse_problem(path, &e, lang));
                self.stop_recording();
                self.file = None;
                self.text_file = Some(TextFile {
                    path: path.to_path_buf(),
                    text: format::strip_bom(&text).to_string(),
                    error: Some(e),
                    show_error: true,
                });
                self.screen = Screen::Text;
            }
        }
    }

    /// Reads the text view's text as a paifu: on success it becomes the open document (unsaved,
    /// since it differs from the file) and the editor shows it; otherwise the error is marked.
    fn open_text(&mut self) {
        let lang = self.lang();
        let Some(tf) = &mut self.text_file else { return };
        match format::parse(&tf.text) {
            Ok(parsed) => {
                let path = tf.path.clone();
                self.text_file = None;
                let mut file = OpenFile::new(Document::new(parsed.paifu, false), Some(path.clone()));
                // The file on disk is the broken one; saving over it is what the user wants.
                file.disk_stamp = modified(&path);
                self.file = Some(file);
                self.screen = Screen::Editor;
                self.tell(match lang {
                    Lang::En => format!("{} reads now; save to write the corrected file", path.display()),
                    Lang::Ja => format!("{} を読めました。保存すると訂正したファイルを書き込みます", path.display()),
                });
            }
            Err(e) => {
                let msg = parse_problem(&tf.path, &e, lang);
                tf.error = Some(e);
                tf.show_error = true;
                self.warn(msg);
            }
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
            self.warn(format!(
                "{}: {} ({e})",
                dir.display(),
                lang.pick("the folder could not be made", "フォルダを作れませんでした")
            ));
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
        if let Some(p) = self.file.as_ref().and_then(|f| f.suggested.as_ref()) {
            return p.display().to_string();
        }
        let date = chrono::Local::now().format("%Y-%m-%d-%H%M");
        self.settings.autosave_folder().join(format!("match-{date}.jmjp")).display().to_string()
    }

    // ----- commands -----

    /// Carries out `cmd` (as if chosen from the menu).
    pub fn run(&mut self, cmd: Command, ctx: &egui::Context) {
        let dirty = self.file.as_ref().is_some_and(|f| f.doc.is_dirty());
        let loses_work =
            matches!(cmd, Command::NewMatch | Command::Open | Command::Close | Command::Quit | Command::Import);
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
                self.stop_recording();
                self.file = None;
                self.screen = Screen::Start;
                self.scan_recordings();
            }
            Command::Undo | Command::Redo if self.file.as_ref().is_some_and(|f| f.recorder.is_some()) => {
                let entry = if cmd == Command::Undo { Entry::Undo } else { Entry::Redo };
                self.record_entry(entry);
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
                self.stop_recording();
                self.quitting = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Command::Form(s) => {
                if self.file.is_some() {
                    self.screen = Screen::Match(s);
                }
            }
            Command::Record => {
                if self.file.is_none() {
                    self.file = Some(OpenFile::new(Document::new(self.new_match(), false), None));
                }
                self.start_recording();
            }
            Command::Editor => {
                if self.file.is_some() {
                    // Corrections are not journaled: the recording ends (the file keeps all of it).
                    self.stop_recording();
                    self.screen = Screen::Editor;
                }
            }
            Command::PrevAct
            | Command::NextAct
            | Command::FirstAct
            | Command::LastAct
            | Command::PrevFrame
            | Command::NextFrame => self.step(cmd),
            Command::InsertAct => {
                if let Some(f) = &mut self.file {
                    let st = &mut f.editor;
                    if let Some(act) = editor_view::read_act(&st.act_text, lang, &mut st.act_error) {
                        let at = st.position;
                        self.edit_frame(FrameEdit::InsertAct { at, act });
                    }
                }
            }
            Command::DeleteAct => {
                if let Some(f) = &self.file
                    && let Some(act) = f.editor.position.checked_sub(1)
                {
                    self.edit_frame(FrameEdit::DeleteAct { act });
                }
            }
            Command::SaveMatchAs => {
                if let Some(f) = &self.file {
                    let base = f.path.clone().unwrap_or_else(|| PathBuf::from(self.suggested_path()));
                    let n = f.match_index;
                    let text = editor::split_paths(&base, n + 1).pop().unwrap_or(base).display().to_string();
                    self.dialog = Some(Dialog::Path { purpose: PathPurpose::SaveMatch, text, error: None, then: None });
                }
            }
            Command::MergeFile => {
                if self.file.is_some() {
                    let text =
                        self.path().and_then(|p| p.parent()).map(|d| format!("{}/", d.display())).unwrap_or_default();
                    self.dialog = Some(Dialog::Path { purpose: PathPurpose::Merge, text, error: None, then: None });
                }
            }
            Command::OpenText => self.open_text(),
            Command::Import => {
                let text =
                    self.path().and_then(|p| p.parent()).map(|d| format!("{}/", d.display())).unwrap_or_default();
                self.dialog = Some(Dialog::Path { purpose: PathPurpose::Import, text, error: None, then: None });
            }
            Command::Export => {
                if let Some(f) = &self.file {
                    let base =
                        f.path.clone().or_else(|| f.suggested.clone()).unwrap_or_else(|| PathBuf::from("match.jmjp"));
                    let text = base.with_extension("json").display().to_string();
                    self.dialog = Some(Dialog::Path { purpose: PathPurpose::Export, text, error: None, then: None });
                }
            }
            Command::CopyViewerUrl => match self.match_shown().map(|p| interop::tenhou6::export(&p)) {
                Some(Ok(json)) => {
                    ctx.copy_text(interop::tenhou6::viewer_url(&json));
                    self.tell(lang.pick(
                        "The tenhou.net/6 viewer address is copied",
                        "tenhou.net/6 ビューアのアドレスをコピーしました",
                    ));
                }
                Some(Err(e)) => self.warn(format!("tenhou.net/6: {}", e.text(lang))),
                None => {}
            },
        }
    }

    /// The match shown, as a file of its own (the logs hold one game each).
    fn match_shown(&self) -> Option<Paifu> {
        let f = self.file.as_ref()?;
        let m = f.doc.paifu().matches.get(f.match_index)?;
        Some(Paifu { matches: vec![m.clone()] })
    }

    /// Reads the log at `path` (mjai or tenhou.net/6, told by its content) into a new document
    /// shown in the editor; an error leaves everything as it was.
    fn import_log(&mut self, path: &Path) -> Result<(), String> {
        let lang = self.lang();
        let text = read_text(path, lang)?;
        let format = interop::Format::sniff(&text).or_else(|| interop::Format::from_path(path)).ok_or_else(|| {
            format!(
                "{}: {}",
                path.display(),
                lang.pick(
                    "neither an mjai nor a tenhou.net/6 log",
                    "mjai のログでも tenhou.net/6 のログでもありません"
                )
            )
        })?;
        let paifu = interop::import(format, &text).map_err(|e| format!("{}: {}", path.display(), e.text(lang)))?;
        let frames: usize = paifu.matches.iter().map(|m| m.frames.len()).sum();
        self.stop_recording();
        let mut file = OpenFile::new(Document::new(paifu, false), None);
        file.suggested = Some(path.with_extension("jmjp"));
        self.file = Some(file);
        self.text_file = None;
        self.screen = Screen::Editor;
        self.tell(match lang {
            Lang::En => {
                format!("Imported {} ({}, {frames} frames); Save writes it as .jmjp", path.display(), format.name())
            }
            Lang::Ja => format!(
                "{} を取り込みました（{}、{frames} 局）。保存すると .jmjp で書き込みます",
                path.display(),
                format.name()
            ),
        });
        Ok(())
    }

    /// Writes the match shown to `path` as the log its extension names.
    fn export_log(&mut self, path: &Path) -> Result<(), String> {
        let lang = self.lang();
        let format = match interop::Format::from_path(path) {
            Some(f) if f != interop::Format::Jmjp => f,
            _ => {
                return Err(lang
                    .pick(
                        "Name the file .json (tenhou.net/6) or .jsonl (mjai)",
                        "ファイル名を .json（tenhou.net/6）か .jsonl（mjai）にしてください",
                    )
                    .to_string());
            }
        };
        let Some(one) = self.match_shown() else { return Ok(()) };
        let text = interop::export(format, &one).map_err(|e| format!("{}: {}", format.name(), e.text(lang)))?;
        crate::fsio::write_atomic(path, text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
        self.tell(match lang {
            Lang::En => format!("Written as {}: {}", format.name(), path.display()),
            Lang::Ja => format!("{} で書き出しました：{}", format.name(), path.display()),
        });
        Ok(())
    }

    // ----- editor -----

    /// Moves the replay: an act, to the start or end of the frame, or another frame.
    fn step(&mut self, cmd: Command) {
        let Some(f) = &mut self.file else { return };
        let mi = f.match_index;
        let st = &mut f.editor;
        let frames = f.doc.paifu().matches.get(mi).map_or(0, |m| m.frames.len());
        let acts = editor_view::acts_in(&f.doc, mi, st.frame);
        match cmd {
            Command::PrevAct => st.position = st.position.saturating_sub(1),
            Command::NextAct => st.position = (st.position + 1).min(acts),
            Command::FirstAct => st.position = 0,
            Command::LastAct => st.position = acts,
            Command::PrevFrame | Command::NextFrame => {
                st.frame = if cmd == Command::PrevFrame {
                    st.frame.saturating_sub(1)
                } else {
                    (st.frame + 1).min(frames.saturating_sub(1))
                };
                st.position = editor_view::acts_in(&f.doc, mi, st.frame);
            }
            _ => {}
        }
    }

    /// Makes one correction of the frame shown as one undo step; it is checked again at once
    /// (the problems list follows the document).
    fn edit_frame(&mut self, e: FrameEdit) {
        let lang = self.lang();
        let Some(f) = &mut self.file else { return };
        let mi = f.match_index;
        let fi = f.editor.frame;
        let is_act =
            matches!(e, FrameEdit::ReplaceAct { .. } | FrameEdit::InsertAct { .. } | FrameEdit::DeleteAct { .. });
        let Some(before) = f.doc.frame(mi, fi) else { return };
        match e.applied(before) {
            Ok(after) => {
                if after == *before {
                    return;
                }
                let edit = Edit::Frame {
                    index: mi,
                    frame: fi,
                    before: Some(Box::new(before.clone())),
                    after: Some(Box::new(after)),
                };
                f.doc.apply(edit, None);
                f.doc.seal();
                let st = &mut f.editor;
                match e {
                    FrameEdit::InsertAct { at, .. } => st.position = at + 1,
                    FrameEdit::DeleteAct { act } => st.position = act,
                    _ => {}
                }
                st.act_error = None;
                st.field_error = None;
            }
            Err(err) => {
                if is_act {
                    f.editor.act_error = Some(err.text(lang));
                } else {
                    f.editor.field_error = Some(err.text(lang));
                }
            }
        }
    }

    /// Writes match `index` alone to `path` (split); the open file does not change.
    fn save_match(&mut self, path: &Path) {
        let lang = self.lang();
        let Some(f) = &self.file else { return };
        let Some(m) = f.doc.paifu().matches.get(f.match_index) else { return };
        let one = Paifu { matches: vec![m.clone()] };
        match crate::fsio::write_atomic(path, format::write(&one).as_bytes()) {
            Ok(()) => self.tell(match lang {
                Lang::En => format!("Match {} written to {}", f.match_index + 1, path.display()),
                Lang::Ja => format!("対局 {} を {} に書き込みました", f.match_index + 1, path.display()),
            }),
            Err(e) => self.warn(format!(
                "{}: {} ({e})",
                path.display(),
                lang.pick("could not be saved", "保存できませんでした")
            )),
        }
    }

    /// Adds the matches of the file at `path` after the open file's matches (merge), as one undo
    /// step. A file that does not read changes nothing.
    fn merge_file(&mut self, path: &Path) -> Result<usize, String> {
        let lang = self.lang();
        let text = read_text(path, lang)?;
        let parsed = format::parse(&text).map_err(|e| parse_problem(path, &e, lang))?;
        let Some(f) = &mut self.file else { return Ok(0) };
        let n = parsed.paifu.matches.len();
        let edits = parsed.paifu.matches.into_iter().map(|m| Edit::AddMatch(Box::new(m))).collect();
        f.doc.apply(Edit::Many(edits), None);
        f.doc.seal();
        Ok(n)
    }

    /// The editor screen: draws it and carries out what the user asked for.
    fn editor_screen(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let Some(file) = &mut self.file else {
            self.screen = Screen::Start;
            return;
        };
        let mi = file.match_index.min(file.doc.paifu().matches.len().saturating_sub(1));
        file.match_index = mi;
        let players = file.doc.paifu().matches.get(mi).map(|m| player_names(m, lang)).unwrap_or_default();
        file.editor.rules = self.settings.rules.options();
        let events = editor_view::show(ui, lang, &file.doc, mi, &mut file.editor, &players);
        for ev in events {
            match ev {
                EditorEvent::Command(c) => self.pending.push(c),
                EditorEvent::Edit(e) => self.edit_frame(e),
                EditorEvent::Match(i) => {
                    if let Some(f) = &mut self.file {
                        f.match_index = i;
                        f.editor.frame = 0;
                        f.editor.position = editor_view::acts_in(&f.doc, i, 0);
                    }
                }
                EditorEvent::Frame(i) => {
                    if let Some(f) = &mut self.file {
                        f.editor.frame = i;
                        f.editor.position = editor_view::acts_in(&f.doc, f.match_index, i);
                    }
                }
                EditorEvent::Goto(n) => {
                    if let Some(f) = &mut self.file {
                        f.editor.position = n;
                    }
                }
                EditorEvent::Jump(place) => {
                    if let Some(f) = &mut self.file {
                        f.match_index = place.match_index;
                        match place.frame {
                            Some(fi) => {
                                f.editor.frame = fi;
                                f.editor.position = match place.act {
                                    Some(a) => a + 1,
                                    None => editor_view::acts_in(&f.doc, place.match_index, fi),
                                };
                            }
                            // A problem of the match header: its forms.
                            None => self.screen = Screen::Match(Section::Tournament),
                        }
                    }
                }
            }
        }
    }

    /// The text view of a file that does not parse: the error above, marked in the text.
    fn text_screen(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let Some(tf) = &mut self.text_file else {
            self.screen = Screen::Start;
            return;
        };
        let mut read_again = false;
        egui::Panel::top("text.head").show(ui, |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(tf.path.display().to_string()).strong());
            match &tf.error {
                Some(e) => {
                    ui.label(
                        RichText::new(match lang {
                            Lang::En => format!(
                                "This file does not read as a paifu. Line {}, column {}: {}",
                                e.line, e.column, e.message.en
                            ),
                            Lang::Ja => format!(
                                "このファイルは牌譜として読めません。{} 行 {} 文字目：{}",
                                e.line, e.column, e.message.ja
                            ),
                        })
                        .color(ERROR),
                    );
                }
                None => {
                    ui.label(lang.pick("Not read yet.", "まだ読んでいません。"));
                }
            }
            ui.horizontal(|ui| {
                ui.label(lang.pick(
                    "Fix the text where it is marked, then read it again.",
                    "印の付いた箇所を直してから読み直してください。",
                ));
                read_again = Command::OpenText.button(ui, lang, true);
            });
            ui.add_space(4.0);
        });
        let error_line = tf.error.as_ref().map(|e| e.line);
        let id = egui::Id::unique("text.view");
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                let mut layouter = |ui: &Ui, text: &dyn egui::TextBuffer, wrap: f32| {
                    let mut job = egui::text::LayoutJob::default();
                    let font = egui::TextStyle::Monospace.resolve(ui.style());
                    let normal = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
                    let marked = egui::TextFormat {
                        background: Color32::from_rgb(0xff, 0xd0, 0xd0),
                        color: Color32::from_rgb(0x80, 0x00, 0x00),
                        ..egui::TextFormat::simple(font, ui.visuals().text_color())
                    };
                    for (n, line) in text.as_str().split_inclusive('\n').enumerate() {
                        let fmt = if error_line == Some(n as u32 + 1) { marked.clone() } else { normal.clone() };
                        job.append(line, 0.0, fmt);
                    }
                    job.wrap.max_width = wrap;
                    ui.fonts_mut(|f| f.layout_job(job))
                };
                let out = egui::TextEdit::multiline(&mut tf.text)
                    .id(id)
                    .code_editor()
                    .desired_width(f32::INFINITY)
                    .desired_rows(30)
                    .layouter(&mut layouter)
                    .show(ui);
                out.response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, lang.pick("File text", "ファイルのテキスト"))
                });
                if tf.show_error
                    && let Some(e) = &tf.error
                {
                    let chars = tf.text.get(..e.offset.min(tf.text.len())).map_or(0, |t| t.chars().count());
                    let mut state = out.state;
                    let c = egui::text::CCursor::new(chars);
                    state.cursor.set_char_range(Some(egui::text::CCursorRange::one(c)));
                    state.store(ui.ctx(), out.response.id);
                    out.response.request_focus();
                    if let Some(r) = out.galley.pos_from_cursor(c).into() {
                        let r: egui::Rect = r;
                        ui.scroll_to_rect(r.translate(out.galley_pos.to_vec2()), Some(egui::Align::Center));
                    }
                    tf.show_error = false;
                }
            });
        });
        if read_again {
            self.open_text();
        }
    }

    // ----- recording -----

    /// Opens the recorder on the open file: a journal is started next to the file (a new match
    /// gets a dated file in the autosave folder, written at once).
    fn start_recording(&mut self) {
        let lang = self.lang();
        let folder = self.settings.autosave_folder();
        let Some(file) = &mut self.file else { return };
        if file.recorder.is_none() {
            let path = match &file.path {
                Some(p) => p.clone(),
                None => folder.join(format!("match-{}.jmjp", chrono::Local::now().format("%Y-%m-%d-%H%M%S"))),
            };
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                let _ = std::fs::create_dir_all(dir);
            }
            if file.path.is_none() || !path.exists() {
                if let Err(e) = crate::fsio::write_atomic(&path, format::write(file.doc.paifu()).as_bytes()) {
                    let why = lang.pick("could not be written", "書き込めませんでした");
                    self.notice = Some((format!("{}: {why} ({e})", path.display()), true));
                    return;
                }
                file.doc.mark_saved();
                file.path = Some(path.clone());
                file.disk_stamp = modified(&path);
            }
            match Recording::start(&file.doc, &path) {
                Ok(r) => file.recorder = Some(r),
                Err(e) => {
                    self.notice = Some((
                        format!(
                            "{}: {} ({e})",
                            path.display(),
                            lang.pick("the journal cannot be written", "ジャーナルを書けません")
                        ),
                        true,
                    ));
                    return;
                }
            }
            self.settings.remember(&path);
            self.save_settings();
        }
        self.screen = Screen::Recorder;
    }

    /// Ends the recording: the journal is removed when the file holds everything.
    fn stop_recording(&mut self) {
        if let Some(f) = &mut self.file
            && let Some(r) = f.recorder.take()
            && let Err(e) = r.finish(&f.doc)
        {
            self.notice = Some((e.to_string(), true));
        }
    }

    /// After a recovery: writes the file when the recovered document has no errors.
    fn record_entry_if_clean(&mut self) {
        let Some(file) = &mut self.file else { return };
        let Some(rec) = &mut file.recorder else { return };
        if rec.session.snapshot(&file.doc).errors == 0
            && let Some(p) = file.path.clone()
            && crate::fsio::write_atomic(&p, format::write(file.doc.paifu()).as_bytes()).is_ok()
        {
            file.doc.mark_saved();
            file.disk_stamp = modified(&p);
        }
    }

    /// The recorder screen: draws the session and carries out what the scorer asked for.
    fn recorder_screen(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        let opts = self.settings.rules.options();
        let typing = ui.ctx().text_edit_focused() || self.dialog.is_some();
        let Some(file) = &mut self.file else {
            self.screen = Screen::Start;
            return;
        };
        let Some(rec) = &mut file.recorder else {
            self.screen = Screen::Start;
            return;
        };
        let doc = &file.doc;
        rec.session.rules = opts;
        rec.session.snapshot(doc);
        let save = rec.save_state(doc);
        let Some(snap) = rec.session.current() else { return };
        let state = &mut file.recorder_view;
        // The forms start from what the record says next.
        let frames = recorder::entry::match_index(doc).map_or(0, |mi| doc.paifu().matches[mi].frames.len());
        if snap.step == Step::Deal && state.deal_source != Some(frames as u64) {
            state.deal = DealForm::of(&session::next_deal(doc));
            state.deal_source = Some(frames as u64);
        }
        if let Step::End(kind) = snap.step
            && state.end_source != Some((doc.revision(), kind))
        {
            if let Some(pre) = session::end_prefill(doc, kind, None, &[], &opts) {
                state.end.fill(pre);
            }
            state.end_source = Some((doc.revision(), kind));
        }
        let current = recorder::entry::current_frame(doc);
        let (id, kyoutaku, dora) = match current {
            Some((_, _, f)) if !recorder::entry::is_finished(f) || snap.step != Step::Deal => {
                (Some(f.id), f.kyoutaku.unwrap_or_default(), f.dora.clone())
            }
            _ => (None, format::Points(0), Vec::new()),
        };
        let flow = current.and_then(|(_, fi, f)| f.flow.as_ref().map(|fl| (fi, fl.acts.as_slice())));
        let names = seat_names(doc, id, lang);
        let mut events =
            recorder_view::show(ui, lang, snap, &rec.session, state, &names, flow, &save, &dora, id, kyoutaku);
        // Keys go to the session while no text field has focus.
        if !typing {
            events.extend(recorder_keys(ui.ctx(), &snap.step, state, lang));
        }
        for ev in events {
            self.recorder_event(ev, lang, &opts);
        }
    }

    fn recorder_event(&mut self, ev: RecEvent, lang: Lang, opts: &RuleOptions) {
        let Some(file) = &mut self.file else { return };
        let Some(rec) = &mut file.recorder else { return };
        let doc = &file.doc;
        // At the deal, palette clicks build the start hands: the tile goes to the first hand
        // that is not full yet.
        if let RecEvent::Tile(t) = ev
            && rec.session.current().is_some_and(|s| s.step == Step::Deal)
        {
            let hands = &mut file.recorder_view.deal.hands;
            let count = |h: &String| recorder_view::hand_tiles(h, Lang::En).map_or(usize::MAX, |v| v.len());
            if let Some(h) = hands.iter_mut().find(|h| count(h) < 13) {
                h.push_str(if t.is_unknown() { "?" } else { t.code() });
            }
            return;
        }
        let outcome = match ev {
            RecEvent::Key(k) => rec.session.key(doc, k),
            RecEvent::Tile(t) => rec.session.tile(doc, t),
            RecEvent::Action(a) => rec.session.action(doc, a),
            RecEvent::Pick(n) => rec.session.pick(doc, n),
            RecEvent::Deal(d) => Ok(Some(Entry::Deal(d))),
            RecEvent::Finish(f) => Ok(Some(Entry::Finish(f))),
            RecEvent::Correct { frame, act, to } => {
                file.recorder_view.selected = None;
                Ok(Some(Entry::Correct { frame, act, to }))
            }
            RecEvent::Undo => Ok(Some(Entry::Undo)),
            RecEvent::Redo => Ok(Some(Entry::Redo)),
            RecEvent::Select(sel) => {
                let state = &mut file.recorder_view;
                state.selected = sel;
                state.correction_error = None;
                state.correction = sel
                    .and_then(|(f, a)| {
                        let mi = recorder::entry::match_index(doc)?;
                        doc.frame(mi, f)?.flow.as_ref()?.acts.get(a).map(format::act_text)
                    })
                    .unwrap_or_default();
                Ok(None)
            }
            RecEvent::ConfirmEnd => {
                let end = &mut file.recorder_view.end;
                match end.read(lang) {
                    Ok(fin) => Ok(Some(Entry::Finish(Box::new(fin)))),
                    Err(e) => {
                        end.error = Some(e);
                        Ok(None)
                    }
                }
            }
            RecEvent::Ura(text) => {
                let state = &mut file.recorder_view;
                // Half-typed indicators keep the last computed points.
                if let Ok(ura) = recorder_view::hand_tiles(&text, lang)
                    && let Some(pre) = session::end_prefill(doc, EndKind::Win, None, &ura, opts)
                {
                    state.end.fill(pre);
                }
                state.end.ura = text;
                Ok(None)
            }
            RecEvent::Tenpai(marks) => {
                if let Some(pre) = session::end_prefill(doc, EndKind::Exhaustive, Some(marks), &[], opts) {
                    let state = &mut file.recorder_view;
                    state.end.fill(pre);
                    state.end.tenpai = marks;
                }
                Ok(None)
            }
        };
        match outcome {
            Ok(Some(entry)) => {
                file.recorder_view.message = None;
                self.record_entry(entry);
            }
            Ok(None) => file.recorder_view.message = None,
            Err(p) => file.recorder_view.message = Some(p.text(lang)),
        }
    }

    /// Makes one entry through the recorder (journal, document, autosave).
    fn record_entry(&mut self, entry: Entry) {
        let lang = self.lang();
        let Some(file) = &mut self.file else { return };
        let Some(rec) = &mut file.recorder else { return };
        match rec.enter(&mut file.doc, entry) {
            Ok(done) => {
                file.recorder_view.message = rec.io_problem.clone();
                if done.saved {
                    file.disk_stamp = file.path.as_deref().and_then(modified);
                }
            }
            Err(p) => file.recorder_view.message = Some(p.text(lang)),
        }
    }

    fn enabled(&self, cmd: Command) -> bool {
        let has_file = self.file.is_some();
        let editing = self.screen == Screen::Editor && has_file;
        match cmd {
            Command::Save | Command::SaveAs | Command::Close | Command::Form(_) => has_file,
            Command::Record => true,
            Command::Editor | Command::SaveMatchAs | Command::MergeFile => has_file,
            Command::Import => true,
            Command::Export | Command::CopyViewerUrl => has_file,
            Command::PrevAct
            | Command::NextAct
            | Command::FirstAct
            | Command::LastAct
            | Command::PrevFrame
            | Command::NextFrame
            | Command::InsertAct
            | Command::DeleteAct => editing,
            Command::OpenText => self.screen == Screen::Text && self.text_file.is_some(),
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
            let undo = matches!(cmd, Command::Undo | Command::Redo);
            if (typing && !cmd.works_in_text_field()) || (!undo && !self.enabled(cmd)) {
                continue;
            }
            if ctx.input_mut(|i| i.consume_shortcut(&s)) {
                self.pending.push(cmd);
            }
        }
    }

    // ----- drawing -----

    fn menu_bar(&mut self, ui: &mut Ui) {
        use Command as C;
        let lang = self.lang();
        // Each menu as groups of commands, a separator between groups.
        let forms: Vec<Command> = Section::ALL.iter().map(|s| s.command()).collect();
        let menus: [(T, Vec<Vec<Command>>); 4] = [
            (
                T::MenuFile,
                vec![
                    vec![C::NewMatch, C::Open, C::Save, C::SaveAs, C::Close],
                    vec![C::SaveMatchAs, C::MergeFile, C::Import, C::Export, C::CopyViewerUrl],
                    vec![C::Settings, C::Quit],
                ],
            ),
            (T::MenuEdit, vec![vec![C::Undo, C::Redo], vec![C::InsertAct, C::DeleteAct]]),
            (T::MenuGo, vec![vec![C::PrevAct, C::NextAct, C::FirstAct, C::LastAct, C::PrevFrame, C::NextFrame]]),
            (T::MenuMatch, vec![vec![C::Record, C::Editor], forms]),
        ];
        egui::MenuBar::new().ui(ui, |ui| {
            for (title, groups) in &menus {
                ui.menu_button(title.tr(lang), |ui| {
                    for (i, group) in groups.iter().enumerate() {
                        if i > 0 {
                            ui.separator();
                        }
                        for &c in group {
                            if c.button(ui, lang, self.enabled(c)) {
                                self.pending.push(c);
                            }
                        }
                    }
                });
            }
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
        let computed = forms::compute_results(m, fallback, &self.settings.rules.options());
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
        let last = file.doc.paifu().matches.len().saturating_sub(1);
        match (change, &mut file.recorder) {
            // While recording, form edits of the match being recorded go through the journal too.
            (Some(change), Some(rec)) if file.match_index == last && info != current => {
                let entry = Entry::Info { group: change.group.clone(), header: recorder::entry::header_of(&info) };
                if rec.enter(&mut file.doc, entry).is_ok() {
                    file.form_source = (file.doc.revision(), file.match_index);
                }
            }
            (Some(change), _) => {
                if file.doc.set_info(file.match_index, info, change.group.as_deref()) {
                    file.form_source = (file.doc.revision(), file.match_index);
                }
            }
            (None, _) => {}
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
                    PathPurpose::SaveMatch => Command::SaveMatchAs.label(lang),
                    PathPurpose::Merge => Command::MergeFile.label(lang),
                    PathPurpose::Import => Command::Import.label(lang),
                    PathPurpose::Export => Command::Export.label(lang),
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
                            PathPurpose::Open | PathPurpose::Merge | PathPurpose::Import => T::OpenButton,
                            PathPurpose::SaveAs | PathPurpose::SaveMatch | PathPurpose::Export => T::SaveButton,
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
                    let dialog = match purpose {
                        PathPurpose::Import | PathPurpose::Export => {
                            rfd::FileDialog::new().add_filter("tenhou.net/6, mjai", &["json", "jsonl", "mjson", "mjai"])
                        }
                        _ => rfd::FileDialog::new().add_filter("jmjp", &["jmjp"]),
                    };
                    let picked = match purpose {
                        PathPurpose::Open | PathPurpose::Merge | PathPurpose::Import => dialog.pick_file(),
                        PathPurpose::SaveAs | PathPurpose::SaveMatch | PathPurpose::Export => dialog.save_file(),
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
                    } else if matches!(purpose, PathPurpose::Open | PathPurpose::Merge | PathPurpose::Import)
                        && !path.exists()
                    {
                        Some(match lang {
                            Lang::En => format!("{} does not exist", path.display()),
                            Lang::Ja => format!("{} は存在しません", path.display()),
                        })
                    } else if purpose == PathPurpose::SaveMatch && path.exists() {
                        Some(match lang {
                            Lang::En => format!("{} already exists; choose another name", path.display()),
                            Lang::Ja => format!("{} は既にあります。別の名前にしてください", path.display()),
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
                                PathPurpose::SaveMatch => self.save_match(&path),
                                PathPurpose::Merge => match self.merge_file(&path) {
                                    Ok(n) => self.tell(match lang {
                                        Lang::En => format!("{n} match(es) added from {}", path.display()),
                                        Lang::Ja => format!("{} から対局を {n} 件追加しました", path.display()),
                                    }),
                                    Err(e) => {
                                        self.dialog = Some(Dialog::Path { purpose, text, error: Some(e), then });
                                    }
                                },
                                PathPurpose::Import => {
                                    if let Err(e) = self.import_log(&path) {
                                        self.dialog = Some(Dialog::Path { purpose, text, error: Some(e), then });
                                    }
                                }
                                PathPurpose::Export => {
                                    if let Err(e) = self.export_log(&path) {
                                        self.dialog = Some(Dialog::Path { purpose, text, error: Some(e), then });
                                    }
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
            Dialog::Recover { path, entries } => {
                let mut choice = None;
                egui::Modal::new(egui::Id::unique("recover-dialog")).show(ctx, |ui| {
                    ui.heading(T::RecoverTitle.tr(lang));
                    ui.label(match lang {
                        Lang::En => format!(
                            "{}\nThe recording journal next to this file holds {entries} entries and ends in a state the file does not have (the program stopped before it could save).",
                            path.display()
                        ),
                        Lang::Ja => format!(
                            "{}\nこのファイルの記録ジャーナルには {entries} 件の入力があり、ファイルにない状態で終わっています（保存前にプログラムが止まりました）。",
                            path.display()
                        ),
                    });
                    ui.horizontal(|ui| {
                        if ui.button(T::RecoverKeep.tr(lang)).clicked() {
                            choice = Some(true);
                        }
                        if ui.button(T::RecoverDiscard.tr(lang)).clicked() {
                            choice = Some(false);
                        }
                    });
                });
                match choice {
                    Some(true) => {
                        if let (Some(f), Some(doc)) = (&mut self.file, self.recovered.take()) {
                            f.doc = doc;
                            f.form_source = (u64::MAX, 0);
                        }
                        self.dialog = None;
                        self.start_recording();
                        self.record_entry_if_clean();
                        return;
                    }
                    Some(false) => {
                        // The journal is kept beside the file under another name, never deleted.
                        let j = recorder::journal::path_for(&path);
                        let _ = std::fs::rename(&j, j.with_extension("journal.old"));
                        self.recovered = None;
                        self.screen = Screen::Match(Section::Tournament);
                        close = true;
                    }
                    None => next = Some(Dialog::Recover { path, entries }),
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

/// The text of the file at `path`, or why it cannot be read, in words for the status bar.
fn read_text(path: &Path, lang: Lang) -> Result<String, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("{}: {} ({e})", path.display(), lang.pick("could not be read", "読めませんでした")))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let why = match lang {
            Lang::En => format!("the file is not UTF-8 text (bad byte at offset {at})"),
            Lang::Ja => format!("UTF-8 のテキストではありません（{at} バイト目）"),
        };
        format!("{}: {why}", path.display())
    })
}

/// `PATH:LINE:COL: message` for a file that does not parse, the message in `lang`.
fn parse_problem(path: &Path, e: &format::ParseError, lang: Lang) -> String {
    format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message.get(lang))
}

/// The names of the players by seat of frame `id` (East first).
fn seat_names(doc: &Document, id: Option<format::FrameId>, lang: Lang) -> [String; 4] {
    let Some(mi) = recorder::entry::match_index(doc) else { return Default::default() };
    let by_player = player_names(&doc.paifu().matches[mi], lang);
    let id = id.unwrap_or(format::FrameId { wind: format::Wind::East, number: 1, honba: 0 });
    id.by_seat(by_player)
}

/// The recorder's keys from this frame's input: characters, Space, Shift+digit, Escape,
/// Backspace, and Enter (which confirms the deal or end form).
fn recorder_keys(ctx: &egui::Context, step: &Step, state: &mut ViewState, lang: Lang) -> Vec<RecEvent> {
    let mut out = Vec::new();
    let events = ctx.input(|i| i.events.clone());
    for e in events {
        match e {
            egui::Event::Text(t) => {
                for c in t.chars().filter(|c| *c != ' ') {
                    out.push(RecEvent::Key(RecKey::Char(c)));
                }
            }
            egui::Event::Key { key, pressed: true, modifiers, .. } => {
                if modifiers.command || modifiers.ctrl || modifiers.alt {
                    continue;
                }
                let digit = match key {
                    egui::Key::Num1 => Some(1),
                    egui::Key::Num2 => Some(2),
                    egui::Key::Num3 => Some(3),
                    egui::Key::Num4 => Some(4),
                    egui::Key::Num5 => Some(5),
                    egui::Key::Num6 => Some(6),
                    egui::Key::Num7 => Some(7),
                    egui::Key::Num8 => Some(8),
                    egui::Key::Num9 => Some(9),
                    egui::Key::Num0 => Some(10),
                    _ => None,
                };
                match (key, digit) {
                    (_, Some(n)) if modifiers.shift => out.push(RecEvent::Key(RecKey::Position(n))),
                    (egui::Key::Space, _) => out.push(RecEvent::Key(RecKey::Char(' '))),
                    (egui::Key::Escape, _) => out.push(RecEvent::Key(RecKey::Cancel)),
                    (egui::Key::Backspace, _) => out.push(RecEvent::Key(RecKey::Back)),
                    (egui::Key::Enter, _) => match step {
                        Step::End(_) => match state.end.read(lang) {
                            Ok(f) => out.push(RecEvent::Finish(Box::new(f))),
                            Err(e) => state.end.error = Some(e),
                        },
                        Step::Deal => match state.deal.read(lang) {
                            Ok(d) => out.push(RecEvent::Deal(Box::new(d))),
                            Err(e) => state.deal.error = Some(e),
                        },
                        _ => {}
                    },
                    _ => {}
                }
            }
            _ => {}
        }
    }
    out
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
            Screen::Recorder => self.recorder_screen(ui),
            Screen::Editor => self.editor_screen(ui),
            Screen::Text => self.text_screen(ui),
        }
        self.dialogs(&ctx);
        for cmd in std::mem::take(&mut self.pending) {
            self.run(cmd, &ctx);
        }
        self.update_title(&ctx);
    }
}

/// Opens the window and runs the app until it is closed.
pub fn run_native(open: Option<PathBuf>, record: bool) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1280.0, 820.0]).with_title("jmjp studio"),
        ..Default::default()
    };
    eframe::run_native(
        "jmjp studio",
        options,
        Box::new(move |cc| Ok(Box::new(StudioApp::new(cc, Options { record, ..Options::from_system(open) })))),
    )
    .map_err(|e| e.to_string())
}
