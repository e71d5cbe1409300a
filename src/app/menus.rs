//! The menu bar and the keyboard shortcuts, both from the command table; the status bar; the
//! window title.

use egui::{RichText, Ui, ViewportCommand};

use super::{Screen, StudioApp};
use crate::i18n::tr;
use crate::ui::ERROR;
use crate::ui::command::{self, Command, Scope};

impl StudioApp {
    /// Whether `cmd` can be chosen now.
    pub(super) fn enabled(&self, cmd: Command) -> bool {
        let has_file = self.file.is_some();
        let editing = self.screen == Screen::Editor && has_file;
        match cmd {
            c if c.is_editors() => editing,
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

    /// The shortcuts pressed this frame, in the command table's dispatch order (more modifiers
    /// first). A focused text field keeps the keys it handles itself.
    pub(super) fn read_shortcuts(&mut self, ctx: &egui::Context) {
        if self.dialog.is_some() {
            return;
        }
        let typing = ctx.text_edit_focused();
        for (cmd, s) in command::dispatch_order() {
            let undo = matches!(cmd, Command::Undo | Command::Redo);
            if (typing && !cmd.works_in_text_field()) || (!undo && !self.enabled(cmd)) {
                continue;
            }
            if ctx.input_mut(|i| i.consume_shortcut(&s)) {
                self.pending.push(cmd);
            }
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            for (title, groups) in command::menus() {
                ui.menu_button(title.get(lang), |ui| {
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

    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        let lang = self.lang();
        ui.horizontal(|ui| {
            if let Some(f) = &self.file {
                let state = match (f.doc.path(), f.doc.is_dirty()) {
                    (None, _) => tr!("app-never-saved"),
                    (Some(_), true) => tr!("app-not-saved"),
                    (Some(_), false) => tr!("app-saved"),
                };
                ui.label(RichText::new(format!("{} — {}", f.name(), state.get(lang))).strong());
                ui.separator();
            }
            if let Some((text, error)) = &self.notice {
                let t = RichText::new(text);
                ui.label(if *error { t.color(ERROR) } else { t });
            }
        });
    }

    /// The window title: the file, a star when it has unsaved changes, the program.
    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        let mut title = tr!("app-title").get(lang).to_string();
        if let Some(f) = &self.file {
            title = format!("{}{} — {title}", f.name(), if f.doc.is_dirty() { " *" } else { "" });
        }
        if title != self.window.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.window.title = title;
        }
    }
}
