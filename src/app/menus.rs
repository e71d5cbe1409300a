//! What may be chosen now, for the menu bar and the shortcuts; the status bar and the title
//! (drawn by [`crate::ui::menu`]).

use egui::{Ui, ViewportCommand};

use super::{Screen, StudioApp};
use crate::document::Document;
use crate::ui::command::{Command, Scope};
use crate::ui::menu::{self, OpenName};

impl StudioApp {
    /// Whether `cmd` can be chosen now.
    pub(super) fn enabled(&self, cmd: Command) -> bool {
        let has_file = self.file.is_some();
        let editing = self.screen == Screen::Editor && has_file;
        match cmd {
            c if c.is_editors() => editing && self.file.as_ref().is_some_and(|f| f.editor.offers(c)),
            c if c.scope() == Scope::Compare => {
                self.screen == Screen::Compare && self.file.as_ref().is_some_and(|f| f.compare.is_some())
            }
            Command::Save | Command::SaveAs | Command::Close | Command::Form(_) => has_file,
            Command::Editor | Command::SaveMatchAs | Command::MergeFile | Command::Compare => has_file,
            Command::Export | Command::CopyViewerUrl => has_file,
            Command::OpenText => self.screen == Screen::Text && self.text.is_some(),
            Command::Undo => self.file.as_ref().is_some_and(|f| f.doc.can_undo()),
            Command::Redo => self.file.as_ref().is_some_and(|f| f.doc.can_redo()),
            _ => true,
        }
    }

    /// The shortcuts pressed this frame (Undo and Redo are read even when there is nothing to
    /// undo, to say so).
    pub(super) fn read_shortcuts(&mut self, ctx: &egui::Context) {
        if self.dialog.is_none() {
            let read = |c| matches!(c, Command::Undo | Command::Redo) || self.enabled(c);
            let pressed = menu::shortcuts_pressed(ctx, read);
            self.pending.extend(pressed);
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        let chosen = menu::menu_bar(ui, self.lang(), |c| self.enabled(c));
        self.pending.extend(chosen);
    }

    /// `then` given the open file as the status bar and the title name it.
    fn named<R>(&self, then: impl FnOnce(Option<OpenName<'_>>) -> R) -> R {
        let name = self.file.as_ref().map(|f| f.doc.file_name());
        let open = self.file.as_ref().zip(name.as_deref()).map(|(f, name)| OpenName {
            name,
            saved_once: f.doc.path().is_some(),
            dirty: f.doc.is_dirty(),
        });
        then(open)
    }

    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        let on_air = self.links.on_air.server().map(|s| s.status().into_lang(self.lang()));
        self.named(|open| menu::status_bar(ui, self.lang(), open, self.notice(), on_air.as_deref()));
    }

    /// On air and the desk followed as the settings say, at the start and after each change.
    pub(super) fn follow_links(&mut self) {
        let subscribe = || Document::subscribe_open(&self.feed, self.file.as_ref().map(|f| &f.doc));
        if self.links.follow(&mut self.prefs.settings, subscribe) {
            self.save_settings();
        }
    }

    /// The guide is looked for in `help`'s folder and opened with its browser (the tests' seam).
    pub fn set_help(&mut self, help: crate::ui::help::Help) {
        self.help = help;
    }

    /// The window title, sent to the window when it changed.
    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let title = self.named(|open| menu::title(self.lang(), open));
        if title != self.window.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.window.title = title;
        }
    }
}
