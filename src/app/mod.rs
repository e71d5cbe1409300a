//! The shell: which screen is shown, the menus and the status bar built from the command table,
//! the dialogs, the settings and start screens. The features (recorder, editor, forms) draw
//! their own screens and carry out their own work on the document; the shell only routes
//! commands to them and reads and writes files through [`crate::document::io`].
//!
//! - `screens`: the one contract of the screens: each screen drawn answers a list of
//!   replies, which the shell routes in one place. A new screen is a variant of [`Screen`], a
//!   function there that draws it, and one line in its `draw`.
//! - `files`: the commands that open, save, import, export, split and merge, and the
//!   recording's start, end and recovery (decided by the recorder).
//! - `dialogs`: the questions the shell may ask (a path, unsaved changes, changed on disk,
//!   recover, like the last match) and how they are drawn and answered.
//! - `people`: the roster kept up to date, a match like the last one, the standings.
//! - `menus`: the menu bar, the shortcuts, the status bar, the window title.

mod dialogs;
mod files;
mod menus;
mod people;
mod screens;

use std::path::{Path, PathBuf};

use egui::{Ui, ViewportCommand};

use crate::document::Document;
use crate::double_entry::view::ReconcileScreen;
use crate::editor::Editor;
use crate::editor::text::TextView;
use crate::format;
use crate::forms::roster_view::RosterEditor;
use crate::forms::view::Forms;
use crate::i18n::{Lang, Text, tr};
use crate::recorder::recording;
use crate::recorder::screen::RecorderScreen;
use crate::season::roster::Roster;
use crate::season::view::{StandingsScreen, chapter};
use crate::settings::{Settings, SettingsProblem, Startup};
use crate::ui::command::{Command, Scope, Section};
use crate::ui::install_fonts;
use crate::ui::typing::one_focus_key_a_frame;

use crate::ui::path_question::PathQuestion;
pub use crate::ui::screen::Screen;

/// A modal question.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// A path (typed, or picked with the native dialog); `then` runs after a save.
    Path { question: PathQuestion, then: Option<Command> },
    /// The match has unsaved changes; `then` runs after Save or Discard.
    Unsaved { then: Command },
    /// The file on disk changed since it was read.
    ChangedOnDisk { path: PathBuf, then: Option<Command> },
    /// A journal next to `path` holds `entries` entries the file does not.
    Recover { path: PathBuf, entries: usize, damage: Option<crate::document::recording::journal::Damage> },
    /// A new match like `from` (a description of the last match): empty seats or the same four.
    LikeLast { from: String },
    /// Help > About: the version and the licences.
    About,
}

/// The document being worked on, and each feature's state for it.
struct OpenFile {
    doc: Document,
    /// The match the forms and the editor show.
    match_index: usize,
    forms: Forms,
    editor: Editor,
    /// The live recording, once the recorder was opened for this file.
    recorder: Option<RecorderScreen>,
    /// Another recording compared with this one (File > Compare).
    compare: Option<ReconcileScreen>,
    /// Where Save as suggests saving a document that has no file yet (an imported log).
    suggested: Option<PathBuf>,
    /// The document a journal rebuilt, while the Recover dialog asks whether to use it.
    recovered: Option<Document>,
}

impl OpenFile {
    fn new(doc: Document) -> OpenFile {
        OpenFile {
            doc,
            match_index: 0,
            forms: Forms::default(),
            editor: Editor::default(),
            recorder: None,
            compare: None,
            suggested: None,
            recovered: None,
        }
    }
}

/// The user's settings, the file that keeps them and what went wrong with it, the system's locale.
struct Prefs {
    settings: Settings,
    /// `None` keeps the settings in memory only.
    path: Option<PathBuf>,
    problems: Vec<SettingsProblem>,
    locale: Option<String>,
}

/// The people seen as players and recorders, the file that keeps them, and Settings > Roster.
struct People {
    roster: Roster,
    path: Option<PathBuf>,
    editor: RosterEditor,
}

/// The window: its title, the input held for the next frame, whether it is closing.
#[derive(Default)]
struct Window {
    title: String,
    /// Input events held for the next frame (see [`crate::ui::typing::one_focus_key_a_frame`]).
    held: Vec<egui::Event>,
    quitting: bool,
}

/// The application.
pub struct StudioApp {
    prefs: Prefs,
    people: People,
    window: Window,
    screen: Screen,
    /// Where Settings' Back returns to.
    before_settings: Screen,
    file: Option<OpenFile>,
    /// A file that did not parse, open in the text view.
    text: Option<TextView>,
    /// The standings last asked for.
    standings: Option<StandingsScreen>,
    /// The recordings of the autosave folder that need recovering (the start screen offers them).
    recordings: Vec<PathBuf>,
    dialog: Option<Dialog>,
    /// The status line as a message, shown in the language of the moment (a switch of language
    /// re-renders it), and whether it is an error.
    notice: Option<(Text, bool)>,
    pending: Vec<Command>,
    /// Set once the user agreed to lose unsaved changes for the command about to run.
    discard_ok: bool,
    /// The flow of changes of whichever document is open (see [`crate::document::feed`]).
    feed: crate::document::Feed,
    /// The record served to the broadcast and the desk followed, as the settings ask.
    links: crate::settings::Links,
    help: crate::ui::help::Help,
}

impl StudioApp {
    /// Builds the app: fonts, settings, and the file to open.
    pub fn new(cc: &eframe::CreationContext<'_>, options: Startup) -> StudioApp {
        install_fonts(&cc.egui_ctx);
        egui_extras::install_image_loaders(&cc.egui_ctx);
        let (settings, problems) = match &options.settings_path {
            Some(p) => Settings::load(p),
            None => (Settings::default(), Vec::new()),
        };
        let (roster, roster_problem) = options.roster_path.as_deref().map(Roster::load).unwrap_or_default();
        let mut app = StudioApp {
            prefs: Prefs { settings, path: options.settings_path, problems, locale: options.system_locale },
            people: People { roster, path: options.roster_path, editor: RosterEditor::default() },
            window: Window::default(),
            screen: Screen::Start,
            before_settings: Screen::Start,
            file: None,
            text: None,
            standings: None,
            recordings: Vec::new(),
            dialog: None,
            notice: None,
            pending: Vec::new(),
            discard_ok: false,
            feed: crate::document::Feed::new(),
            links: crate::settings::Links::waking(crate::ui::window::waker(&cc.egui_ctx)),
            help: crate::ui::help::Help::default(),
        };
        if let Some(problem) = roster_problem {
            app.warn(problem.0);
        }
        app.scan_recordings();
        match options.open {
            // `record FILE` with no such file yet: a new match, recorded into FILE.
            Some(p) if options.record && !p.exists() => {
                let mut file = app.new_file();
                file.doc.keep_at(crate::document::Disk { path: p, stamp: None });
                app.file = Some(file);
            }
            Some(p) => app.open_any(&p),
            None => {}
        }
        if options.record && app.dialog.is_none() {
            app.record();
        }
        app.publish_open();
        app.follow_links();
        app
    }

    /// The language the interface is shown in now.
    pub fn lang(&self) -> Lang {
        self.prefs.settings.language.resolve(self.prefs.locale.as_deref())
    }

    pub fn settings(&self) -> &Settings {
        &self.prefs.settings
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The open document publishes its changes to the window's flow (a document just opened,
    /// made or recovered starts with itself as it stands).
    pub(super) fn publish_open(&mut self) {
        if let Some(f) = &mut self.file {
            f.doc.publish_to(&self.feed);
        }
    }

    /// The flow of changes of the open document: every change of whichever document is open,
    /// with a sequence number that only grows.
    pub fn feed(&self) -> &crate::document::Feed {
        &self.feed
    }

    /// The document being worked on, if any.
    pub fn document(&self) -> Option<&Document> {
        self.file.as_ref().map(|f| &f.doc)
    }

    /// The file the document is saved to, if any.
    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().and_then(|f| f.doc.path())
    }

    /// Where the editor stands: match, frame, and acts applied in the replay (as drawn last).
    pub fn editor_place(&self) -> Option<(usize, usize, usize)> {
        self.file.as_ref().map(|f| {
            let (frame, position) = f.editor.place();
            (f.match_index, frame, position)
        })
    }

    /// The text of the text view (a file that does not parse), if one is open.
    pub fn text_view(&self) -> Option<&str> {
        self.text.as_ref().map(|t| t.text.as_str())
    }

    /// The document as the canonical `.jmjp` text it would be saved as.
    pub fn text(&self) -> Option<String> {
        self.document().map(|d| format::write(d.paifu()))
    }

    /// The message in the status bar, and whether it is an error.
    pub fn notice(&self) -> Option<(&str, bool)> {
        let lang = self.lang();
        self.notice.as_ref().map(|(s, e)| (s.get(lang), *e))
    }

    fn tell(&mut self, text: impl Into<Text>) {
        self.notice = Some((text.into(), false));
    }

    fn warn(&mut self, text: impl Into<Text>) {
        self.notice = Some((text.into(), true));
    }

    /// Carries out `cmd` (as if chosen from the menu): the shell's own commands here, a
    /// feature's commands in that feature.
    pub fn run(&mut self, cmd: Command, ctx: &egui::Context) {
        let dirty = self.file.as_ref().is_some_and(|f| f.doc.is_dirty());
        let loses_work =
            matches!(cmd, Command::NewMatch | Command::Open | Command::Close | Command::Quit | Command::Import)
                || cmd == Command::NewLikeLast;
        if loses_work && dirty && !self.discard_ok {
            self.dialog = Some(Dialog::Unsaved { then: cmd });
            return;
        }
        self.discard_ok = false;
        let lang = self.lang();
        match cmd {
            Command::NewMatch => {
                self.show(self.new_file(), Screen::Match(Section::Tournament));
                self.notice = None;
            }
            Command::NewLikeLast => self.ask_like_last(),
            Command::Close => {
                self.stop_recording();
                self.file = None;
                self.screen = Screen::Start;
                self.scan_recordings();
            }
            Command::Undo | Command::Redo => {
                let Some(f) = &mut self.file else { return };
                if let Some(nothing) = recording::undo(&mut f.recorder, &mut f.doc, cmd == Command::Redo) {
                    self.tell(nothing);
                }
            }
            Command::Settings if self.screen != Screen::Settings => {
                self.before_settings = self.screen;
                self.screen = Screen::Settings;
            }
            Command::Quit => {
                self.stop_recording();
                self.window.quitting = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Command::Form(s) if self.file.is_some() => self.screen = Screen::Match(s),
            Command::Record => self.record(),
            Command::Editor => {
                if self.file.is_some() {
                    // Corrections are not journaled: the recording ends (the file keeps all of it).
                    self.stop_recording();
                    self.screen = Screen::Editor;
                }
            }
            c if c.is_editors() => {
                if let Some(f) = &mut self.file {
                    f.editor.run(cmd, lang, &mut f.doc, &mut f.match_index);
                }
            }
            c if c.scope() == Scope::Compare => {
                let done = match &mut self.file {
                    Some(OpenFile { doc, compare: Some(screen), .. }) => screen.run(cmd, doc),
                    _ => None,
                };
                if let Some(outcome) = done {
                    self.compare_done(outcome);
                }
            }
            Command::OpenText => self.open_text(),
            Command::CopyViewerUrl => self.copy_viewer_url(ctx),
            Command::Guide => match self.help.open(chapter(self.screen, self.standings.as_ref())) {
                Ok(told) => self.tell(told),
                Err(why) => self.warn(why),
            },
            Command::About => self.dialog = Some(Dialog::About),
            // Open, Save, Save as, Save match as, Merge, Import, Export.
            _ => self.file_command(cmd),
        }
    }
}

impl eframe::App for StudioApp {
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        one_focus_key_a_frame(&mut self.window.held, &mut raw_input.events);
        if !self.window.held.is_empty() {
            ctx.request_repaint();
        }
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        // Files dropped on the window open like File > Open (a log is imported).
        if let Some(p) = crate::ui::window::dropped_file(&ctx) {
            if self.file.as_ref().is_some_and(|f| f.doc.is_dirty()) {
                self.warn(tr!("app-save-before-open"));
            } else {
                self.open_any(&p);
            }
        }
        if ctx.input(|i| i.viewport().close_requested())
            && !self.window.quitting
            && self.file.as_ref().is_some_and(|f| f.doc.is_dirty())
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.dialog = Some(Dialog::Unsaved { then: Command::Quit });
        }
        self.publish_open();
        // The end points are checked with the rules chosen in the settings.
        let rules = self.prefs.settings.rules.options();
        if let Some(f) = &mut self.file
            && *f.doc.rules() != rules
        {
            f.doc.set_rules(rules);
        }
        self.read_shortcuts(&ctx);

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        for reply in self.draw(ui) {
            self.route(reply);
        }
        self.dialogs(&ctx);
        for cmd in std::mem::take(&mut self.pending) {
            self.run(cmd, &ctx);
        }
        self.publish_open();
        self.update_title(&ctx);
    }
}

/// Opens the window and runs the app until it is closed, or says why no renderer starts.
pub fn run_native(open: Option<PathBuf>, record: bool) -> Result<(), String> {
    let start = Startup { record, ..Startup::from_system(open) };
    let telling = crate::ui::opening::Telling { lang: start.language(), log: start.log_path() };
    let app =
        move |cc: &eframe::CreationContext<'_>| -> Box<dyn eframe::App> { Box::new(StudioApp::new(cc, start.clone())) };
    crate::ui::opening::run("jmjp studio", crate::ui::window::native_options(), &telling, app)
}
