//! The start screen: new match, open, recent files, recordings to recover.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::i18n::{Lang, tr};
use crate::ui::command::Command;

/// What the user chose on the start screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartChoice {
    Command(Command),
    OpenPath(PathBuf),
}

/// Draws the start screen from the recent files and the recordings of the autosave folder that were
/// cut short (their journal holds entries their file does not).
pub fn show(ui: &mut Ui, lang: Lang, recent: &[PathBuf], recordings: &[PathBuf]) -> Option<StartChoice> {
    let mut choice = None;
    ui.vertical_centered(|ui| {
        ui.add_space(24.0);
        ui.heading(RichText::new(tr!("app-title").get(lang)).size(28.0));
        ui.label(tr!("app-start-heading").get(lang));
        ui.add_space(16.0);
        ui.horizontal(|ui| {
            // Centre the two large buttons.
            ui.add_space((ui.available_width() - 630.0).max(0.0) / 2.0);
            for c in [Command::Record, Command::NewMatch, Command::Open] {
                let text = format!("{}  ({})", c.label(lang), c.shortcut_text(ui.ctx()));
                if ui.add_sized([200.0, 40.0], egui::Button::new(text)).on_hover_text(c.tooltip(lang)).clicked() {
                    choice = Some(StartChoice::Command(c));
                }
            }
        });
    });
    ui.add_space(24.0);
    ui.columns(2, |cols| {
        cols[0].heading(tr!("app-start-recent").get(lang));
        if recent.is_empty() {
            cols[0].label(RichText::new(tr!("app-start-no-recent").get(lang)).weak());
        }
        for p in recent {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let exists = p.exists();
            let text = if exists { name } else { format!("{name} {}", tr!("app-start-missing").get(lang)) };
            if cols[0]
                .add_enabled(exists, egui::Button::new(text).frame(false))
                .on_hover_text(p.display().to_string())
                .clicked()
            {
                choice = Some(StartChoice::OpenPath(p.clone()));
            }
        }
        cols[1].heading(tr!("app-start-recover").get(lang));
        if recordings.is_empty() {
            cols[1].label(RichText::new(tr!("app-start-no-recover").get(lang)).weak());
        }
        for p in recordings {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            cols[1].horizontal(|ui| {
                ui.label(&name).on_hover_text(p.display().to_string());
                if ui.button(tr!("app-start-recover-open").get(lang)).clicked() {
                    choice = Some(StartChoice::OpenPath(p.clone()));
                }
            });
        }
    });
    choice
}
