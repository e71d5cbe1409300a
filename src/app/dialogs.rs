//! The questions the shell may have open (a path, unsaved changes, a file changed on disk, a
//! recording to recover, a match like the last), how they are drawn and answered.

use super::{Dialog, StudioApp};
use crate::i18n::tr;
use crate::recorder::recording;
use crate::ui::command::Command;
use crate::ui::modal::ask;
use crate::ui::path_question::{PathAnswer, PathPurpose, PathQuestion};

impl StudioApp {
    /// Draws the open dialog and carries out its answer.
    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
        let lang = self.lang();
        let Some(dialog) = self.dialog.take() else { return };
        match dialog {
            Dialog::Path { question, then } => self.path_dialog(ctx, question, then),
            Dialog::Unsaved { then } => {
                let buttons =
                    [tr!("app-save-button").get(lang), tr!("app-discard").get(lang), tr!("ui-cancel").get(lang)];
                let title = tr!("app-unsaved-title").get(lang);
                match ask(ctx, "unsaved-dialog", title, tr!("app-unsaved-body").get(lang), &buttons, Some(2), 0) {
                    Some(0) => {
                        self.save_or_ask(Some(then));
                    }
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
            Dialog::About if !crate::ui::help::about_dialog(ctx, lang, self.help.guide()) => {
                self.dialog = Some(Dialog::About)
            }
            Dialog::About => {}
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

    /// The path dialog, and what its path is for carried out; a path that cannot be used for
    /// it keeps the dialog open with the reason.
    fn path_dialog(&mut self, ctx: &egui::Context, mut question: PathQuestion, then: Option<Command>) {
        let path = match question.show(ctx, self.lang()) {
            PathAnswer::Open => {
                self.dialog = Some(Dialog::Path { question, then });
                return;
            }
            PathAnswer::Closed => return,
            PathAnswer::Chosen(path) => path,
        };
        let done = match question.purpose {
            PathPurpose::Open => {
                self.open_any(&path);
                Ok(())
            }
            PathPurpose::SaveAs => {
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
            question.error = Some(e);
            self.dialog = Some(Dialog::Path { question, then });
        }
    }
}
