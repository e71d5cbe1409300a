//! The modal dialogs of the shell: a path (typed, or picked with the native dialog), unsaved
//! changes, a file changed on disk, a recording to recover.

use std::path::{Path, PathBuf};

use egui::RichText;

use super::StudioApp;
use crate::i18n::{Lang, tr};
use crate::interop::Format;
use crate::ui::ERROR;
use crate::ui::command::Command;

/// What a path dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PathPurpose {
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
    /// Another recording of the match, compared with this one.
    Compare,
    /// A folder whose .jmjp files' people go into the roster.
    RosterFolder,
    /// A folder of one season's .jmjp files, for the standings.
    StandingsFolder,
    /// The standings written as CSV.
    StandingsCsv,
}

impl PathPurpose {
    /// The command that asked, whose label is the dialog's title.
    fn command(self) -> Command {
        match self {
            PathPurpose::Open => Command::Open,
            PathPurpose::SaveAs => Command::SaveAs,
            PathPurpose::SaveMatch => Command::SaveMatchAs,
            PathPurpose::Merge => Command::MergeFile,
            PathPurpose::Import => Command::Import,
            PathPurpose::Export => Command::Export,
            PathPurpose::Compare => Command::Compare,
            PathPurpose::RosterFolder => Command::ImportRoster,
            PathPurpose::StandingsFolder | PathPurpose::StandingsCsv => Command::Standings,
        }
    }

    /// True when the path names a folder (it must exist).
    fn folder(self) -> bool {
        matches!(self, PathPurpose::RosterFolder | PathPurpose::StandingsFolder)
    }

    /// True when the path names a file to read (it must exist).
    fn reads(self) -> bool {
        matches!(self, PathPurpose::Open | PathPurpose::Merge | PathPurpose::Import | PathPurpose::Compare)
            || self.folder()
    }

    /// The formats the native dialog offers.
    fn formats(self) -> &'static [Format] {
        match self {
            PathPurpose::Import | PathPurpose::Export => &Format::LOGS,
            PathPurpose::RosterFolder | PathPurpose::StandingsFolder | PathPurpose::StandingsCsv => &[],
            _ => &[Format::Jmjp],
        }
    }
}

/// A modal question.
#[derive(Clone, Debug)]
pub(super) enum Dialog {
    /// A typed path, with a Browse button for the native dialog.
    Path { purpose: PathPurpose, text: String, error: Option<String>, then: Option<Command> },
    /// The match has unsaved changes; `then` runs after Save or Discard.
    Unsaved { then: Command },
    /// The file on disk changed since it was read.
    ChangedOnDisk { path: PathBuf, then: Option<Command> },
    /// A journal next to `path` holds `entries` entries the file does not.
    Recover { path: PathBuf, entries: usize, damage: Option<crate::recorder::Damage> },
    /// A new match like `from` (a description of the last match): empty seats or the same four.
    LikeLast { from: String },
}

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
                let buttons =
                    [tr!("app-save-button").get(lang), tr!("app-discard").get(lang), tr!("ui-cancel").get(lang)];
                let title = tr!("app-unsaved-title").get(lang);
                match ask(ctx, "unsaved-dialog", title, tr!("app-unsaved-body").get(lang), &buttons, Some(2), 0) {
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
                    Some(_) => self.quitting = false,
                    None => self.dialog = Some(Dialog::Unsaved { then }),
                }
            }
            Dialog::ChangedOnDisk { path, then } => {
                let body = format!("{}\n{}", path.display(), tr!("app-changed-on-disk").get(lang));
                let buttons = [tr!("app-overwrite").get(lang), tr!("ui-cancel").get(lang)];
                match ask(ctx, "disk-dialog", tr!("app-unsaved-title").get(lang), &body, &buttons, Some(1), 1) {
                    Some(0) => {
                        self.save_to(&path, true, then);
                    }
                    Some(_) => {}
                    None => self.dialog = Some(Dialog::ChangedOnDisk { path, then }),
                }
            }
            Dialog::Recover { path, entries, damage } => {
                let mut body = match lang {
                    Lang::En => format!(
                        "{}\nThe recording journal next to this file holds {entries} entries and ends in a state the file does not have (the program stopped before it could save).",
                        path.display()
                    ),
                    Lang::Ja => format!(
                        "{}\nこのファイルの記録ジャーナルには {entries} 件の入力があり、ファイルにない状態で終わっています（保存前にプログラムが止まりました）。",
                        path.display()
                    ),
                };
                if let Some(d) = &damage {
                    body.push_str(&match lang {
                        Lang::En => format!(
                            "\nLine {} of the journal is damaged ({}); it and the {} entries after it are left out.",
                            d.line, d.message.en, d.left_out
                        ),
                        Lang::Ja => format!(
                            "\nジャーナルの {} 行目が壊れています（{}）。その行と後の {} 件は使いません。",
                            d.line, d.message.ja, d.left_out
                        ),
                    });
                }
                let buttons = [tr!("app-recover-keep").get(lang), tr!("app-recover-discard").get(lang)];
                match ask(ctx, "recover-dialog", tr!("app-recover-title").get(lang), &body, &buttons, None, 0) {
                    Some(i) => self.recover(&path, i == 0),
                    None => self.dialog = Some(Dialog::Recover { path, entries, damage }),
                }
            }
            Dialog::LikeLast { from } => {
                let buttons = [
                    tr!("app-like-last-empty").get(lang),
                    tr!("app-like-last-same").get(lang),
                    tr!("ui-cancel").get(lang),
                ];
                match ask(ctx, "like-last-dialog", tr!("app-like-last-title").get(lang), &from, &buttons, Some(2), 0) {
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
                let l = ui.label(tr!("app-path-label").get(lang));
                let resp = ui.add(egui::TextEdit::singleline(&mut text).id_salt("dialog.path").desired_width(380.0));
                let resp = resp.labelled_by(l.id);
                // Asked before the focus is put back: Enter takes the focus from the field.
                if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    confirmed = true;
                }
                if !resp.has_focus() && !ui.memory(|m| m.focused().is_some()) {
                    resp.request_focus();
                }
                browse = ui.button(tr!("app-browse").get(lang)).clicked();
            });
            if let Some(e) = &error {
                ui.label(RichText::new(e).color(ERROR));
            }
            ui.horizontal(|ui| {
                let ok = if purpose.reads() { tr!("app-open-button") } else { tr!("app-save-button") };
                confirmed |= ui.button(ok.get(lang)).clicked();
                close = ui.button(tr!("ui-cancel").get(lang)).clicked();
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
