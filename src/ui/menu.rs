//! The window's frame around the screens: the menu bar and the keyboard shortcuts, both from the
//! command table; the status bar; the window title. The shell says what is open and what may be
//! chosen; what was chosen comes back as commands.

use egui::{RichText, Ui};

use super::ERROR;
use super::command::{self, Command};
use crate::i18n::{Lang, tr};

/// The open file as the status bar and the title name it.
#[derive(Clone, Copy, Debug)]
pub struct OpenName<'a> {
    /// The file's name (`untitled.jmjp` before it has one).
    pub name: &'a str,
    /// It has a file on disk.
    pub saved_once: bool,
    /// It has changes not saved.
    pub dirty: bool,
}

/// The menu bar; the commands chosen from it.
pub fn menu_bar(ui: &mut Ui, lang: Lang, enabled: impl Fn(Command) -> bool) -> Vec<Command> {
    let mut chosen = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        for (title, groups) in command::menus() {
            ui.menu_button(title.get(lang), |ui| {
                for (i, group) in groups.iter().enumerate() {
                    if i > 0 {
                        ui.separator();
                    }
                    for &c in group {
                        if c.button(ui, lang, enabled(c)) {
                            chosen.push(c);
                        }
                    }
                }
            });
        }
    });
    chosen
}

/// The shortcuts pressed this frame, in the command table's dispatch order (more modifiers
/// first), among those `read` allows. A focused text field keeps the keys it handles itself.
pub fn shortcuts_pressed(ctx: &egui::Context, read: impl Fn(Command) -> bool) -> Vec<Command> {
    let typing = ctx.text_edit_focused();
    let mut pressed = Vec::new();
    for (cmd, s) in command::dispatch_order() {
        if (typing && !cmd.works_in_text_field()) || !read(cmd) {
            continue;
        }
        if ctx.input_mut(|i| i.consume_shortcut(&s)) {
            pressed.push(cmd);
        }
    }
    pressed
}

/// The status bar: the open file and whether it is saved, then the last message (red when it is
/// an error); at the right end, in red, whether the record is on air and to how many.
pub fn status_bar(
    ui: &mut Ui,
    lang: Lang,
    open: Option<OpenName<'_>>,
    notice: Option<(&str, bool)>,
    on_air: Option<&str>,
) {
    ui.horizontal(|ui| {
        if let Some(f) = open {
            let state = match (f.saved_once, f.dirty) {
                (false, _) => tr!("app-never-saved"),
                (true, true) => tr!("app-not-saved"),
                (true, false) => tr!("app-saved"),
            };
            ui.label(RichText::new(format!("{} — {}", f.name, state.get(lang))).strong());
            ui.separator();
        }
        if let Some((text, error)) = notice {
            let t = RichText::new(text);
            ui.label(if error { t.color(ERROR) } else { t });
        }
        if let Some(on_air) = on_air {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(on_air).color(ERROR).strong());
            });
        }
    });
}

/// The window title: the file, a star when it has unsaved changes, the program.
pub fn title(lang: Lang, open: Option<OpenName<'_>>) -> String {
    let program = tr!("app-title").get(lang).to_string();
    match open {
        Some(f) => format!("{}{} — {program}", f.name, if f.dirty { " *" } else { "" }),
        None => program,
    }
}
