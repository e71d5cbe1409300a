//! The modal dialogs of the shell: a path (typed, or picked with the native dialog), unsaved
//! changes, a file changed on disk, a recording to recover.

use std::path::{Path, PathBuf};

use super::StudioApp;
use super::questions::{Dialog, PathPurpose};
use crate::document::file_ops;
use crate::i18n::tr;
use crate::interop::Format;
use crate::recorder::recording;
use crate::ui::command::Command;
use crate::ui::modal::{ask, path_modal, pick};

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
                    Some(_) => self.window.quitting = false,
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
                let body = recording::recover_question(&path, entries, damage.as_ref(), lang);
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
        let title = purpose.command().label(lang);
        let ok = if purpose.reads() { tr!("app-open-button") } else { tr!("app-save-button") };
        let (mut confirmed, browse, close) = path_modal(ctx, lang, title, &mut text, error.as_deref(), ok.get(lang));
        if browse && let Some(p) = pick(purpose.folder(), purpose.reads(), purpose.formats()) {
            text = p.display().to_string();
            confirmed = true;
        }
        if close {
            return;
        }
        if !confirmed {
            self.dialog = Some(Dialog::Path { purpose, text, error, then });
            return;
        }
        let path = PathBuf::from(text.trim());
        let problem = file_ops::path_problem(&text, purpose.folder(), purpose.reads()).map(|e| e.into_lang(lang));
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
