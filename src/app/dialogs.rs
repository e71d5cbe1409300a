//! The modal dialogs of the shell: a path (typed, or picked with the native dialog), unsaved
//! changes, a file changed on disk, a recording to recover.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::StudioApp;
use super::questions::{Dialog, PathPurpose};
use crate::i18n::{Lang, T};
use crate::interop::Format;
use crate::recorder::recording;
use crate::ui::ERROR;
use crate::ui::command::Command;

/// Asks `question` with `buttons`; the index of the button pressed, or `cancel` when the dialog
/// is closed (Escape, a click outside), or `None` while it stays open.
fn ask(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    body: &str,
    buttons: &[&str],
    cancel: Option<usize>,
    default: usize,
) -> Option<usize> {
    let mut choice = None;
    let modal = egui::Modal::new(egui::Id::unique(id)).show(ctx, |ui| {
        ui.heading(title);
        ui.label(body);
        ui.horizontal(|ui| {
            for (i, b) in buttons.iter().enumerate() {
                let button = ui.button(*b);
                // The safe answer has the focus, so Enter gives it and Tab moves on: the keyboard
                // alone answers the question.
                if i == default && ui.ctx().memory(|m| m.focused().is_none()) {
                    button.request_focus();
                }
                if button.clicked() {
                    choice = Some(i);
                }
            }
        });
    });
    if modal.should_close() && choice.is_none() { cancel } else { choice }
}

impl StudioApp {
    /// Draws the open dialog and carries out its answer.
    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        let Some(dialog) = self.dialog.take() else { return };
        match dialog {
            Dialog::Path { purpose, text, error, then } => self.path_dialog(ctx, purpose, text, error, then),
            Dialog::Unsaved { then } => {
                let buttons = [T::SaveButton.tr(lang), T::Discard.tr(lang), T::Cancel.tr(lang)];
                let title = T::UnsavedTitle.tr(lang);
                match ask(ctx, "unsaved-dialog", title, T::UnsavedBody.tr(lang), &buttons, Some(2), 0) {
                    Some(0) => match self.path().map(Path::to_path_buf) {
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
                    },
                    Some(1) => {
                        self.discard_ok = true;
                        self.pending.push(then);
                    }
                    Some(_) => self.window.quitting = false,
                    None => self.dialog = Some(Dialog::Unsaved { then }),
                }
            }
            Dialog::ChangedOnDisk { path, then } => {
                let body = format!("{}\n{}", path.display(), T::ChangedOnDisk.tr(lang));
                let buttons = [T::Overwrite.tr(lang), T::Cancel.tr(lang)];
                match ask(ctx, "disk-dialog", T::UnsavedTitle.tr(lang), &body, &buttons, Some(1), 1) {
                    Some(0) => {
                        self.save_to(&path, true, then);
                    }
                    Some(_) => {}
                    None => self.dialog = Some(Dialog::ChangedOnDisk { path, then }),
                }
            }
            Dialog::Recover { path, entries, damage } => {
                let body = recording::recover_question(&path, entries, damage.as_ref(), lang);
                let buttons = [T::RecoverKeep.tr(lang), T::RecoverDiscard.tr(lang)];
                match ask(ctx, "recover-dialog", T::RecoverTitle.tr(lang), &body, &buttons, None, 0) {
                    Some(i) => self.recover(&path, i == 0),
                    None => self.dialog = Some(Dialog::Recover { path, entries, damage }),
                }
            }
            Dialog::LikeLast { from } => {
                let buttons = [T::LikeLastEmpty.tr(lang), T::LikeLastSame.tr(lang), T::Cancel.tr(lang)];
                match ask(ctx, "like-last-dialog", T::LikeLastTitle.tr(lang), &from, &buttons, Some(2), 0) {
                    Some(i @ (0 | 1)) => self.new_like_last(i == 1),
                    Some(_) => {}
                    None => self.dialog = Some(Dialog::LikeLast { from }),
                }
            }
        }
    }

    /// The path dialog: a field (Enter confirms), Browse for the native dialog, the button that
    /// does it and Cancel; a path that cannot be used is explained in the dialog.
    fn path_dialog(
        &mut self,
        ctx: &egui::Context,
        purpose: PathPurpose,
        mut text: String,
        error: Option<String>,
        then: Option<Command>,
    ) {
        let lang = self.lang();
        let mut confirmed = false;
        let mut browse = false;
        let mut close = false;
        let modal = egui::Modal::new(egui::Id::unique("path-dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(purpose.command().label(lang));
            ui.horizontal(|ui| {
                let l = ui.label(T::PathLabel.tr(lang));
                let resp = ui.add(egui::TextEdit::singleline(&mut text).id_salt("dialog.path").desired_width(380.0));
                let resp = resp.labelled_by(l.id);
                // Asked before the focus is put back: Enter takes the focus from the field.
                if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    confirmed = true;
                }
                if !resp.has_focus() && !ui.memory(|m| m.focused().is_some()) {
                    resp.request_focus();
                }
                browse = ui.button(T::Browse.tr(lang)).clicked();
            });
            if let Some(e) = &error {
                ui.label(RichText::new(e).color(ERROR));
            }
            ui.horizontal(|ui| {
                let ok = if purpose.reads() { T::OpenButton } else { T::SaveButton };
                confirmed |= ui.button(ok.tr(lang)).clicked();
                close = ui.button(T::Cancel.tr(lang)).clicked();
            });
        });
        close |= modal.should_close();
        if browse {
            let mut dialog = rfd::FileDialog::new();
            for f in purpose.formats() {
                dialog = dialog.add_filter(f.title(), f.extensions());
            }
            let picked = if purpose.folder() {
                rfd::FileDialog::new().pick_folder()
            } else if purpose.reads() {
                dialog.pick_file()
            } else {
                dialog.save_file()
            };
            if let Some(p) = picked {
                text = p.display().to_string();
                confirmed = true;
            }
        }
        if close {
            return;
        }
        if !confirmed {
            self.dialog = Some(Dialog::Path { purpose, text, error, then });
            return;
        }
        let path = PathBuf::from(text.trim());
        let problem = if purpose.folder() {
            (!path.is_dir()).then(|| match lang {
                Lang::En => format!("{} is not a folder", path.display()),
                Lang::Ja => format!("{} はフォルダではありません", path.display()),
            })
        } else if text.trim().is_empty() || path.is_dir() {
            Some(lang.pick("Type the path of a file", "ファイルのパスを入力してください").to_string())
        } else if purpose.reads() && !path.exists() {
            Some(match lang {
                Lang::En => format!("{} does not exist", path.display()),
                Lang::Ja => format!("{} は存在しません", path.display()),
            })
        } else {
            None
        };
        if let Some(e) = problem {
            self.dialog = Some(Dialog::Path { purpose, text, error: Some(e), then });
            return;
        }
        let done = match purpose {
            PathPurpose::Open => {
                self.open_path(&path);
                Ok(())
            }
            PathPurpose::SaveAs => {
                let path =
                    if path.extension().is_none() { path.with_extension(Format::Jmjp.extension()) } else { path };
                self.save_to(&path, true, then);
                Ok(())
            }
            PathPurpose::SaveMatch => self.save_match(&path),
            PathPurpose::Merge => self.merge_file(&path),
            PathPurpose::Import => self.import_log(&path),
            PathPurpose::Export => self.export_log(&path),
            PathPurpose::Compare => self.compare_with(&path),
            PathPurpose::RosterFolder => self.import_roster(&path),
            PathPurpose::StandingsFolder => self.show_standings(&path),
            PathPurpose::StandingsCsv => self.save_standings_csv(&path),
        };
        if let Err(e) = done {
            self.dialog = Some(Dialog::Path { purpose, text, error: Some(e), then });
        }
    }
}
