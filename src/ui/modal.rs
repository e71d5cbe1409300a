//! Modal questions the screens share: a question with buttons, a path typed or picked with the
//! system's own dialog.

use std::path::PathBuf;

use egui::RichText;

use crate::i18n::{Lang, tr};
use crate::interop::Format;
use crate::ui::ERROR;

/// Asks `question` with `buttons`; the index of the button pressed, or `cancel` when the dialog
/// is closed (Escape, a click outside), or `None` while it stays open.
pub fn ask(
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

/// The path question: `title`, the path field (Enter confirms), Browse, the `ok` button and
/// Cancel, `error` under the field. Answers (confirmed, Browse pressed, closed).
pub fn path_modal(
    ctx: &egui::Context,
    lang: Lang,
    title: &str,
    text: &mut String,
    select: &mut bool,
    error: Option<&str>,
    ok: &str,
) -> (bool, bool, bool) {
    let (mut confirmed, mut browse, mut close) = (false, false, false);
    let modal = egui::Modal::new(egui::Id::unique("path-dialog")).show(ctx, |ui| {
        ui.set_width(560.0);
        ui.heading(title);
        ui.horizontal(|ui| {
            let l = ui.label(tr!("app-path-label").get(lang));
            let resp = ui.add(egui::TextEdit::singleline(text).id_salt("dialog.path").desired_width(380.0));
            let resp = resp.labelled_by(l.id);
            // Asked before the focus is put back: Enter takes the focus from the field.
            if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                confirmed = true;
            }
            // The dialog takes the focus when it opens (from a form's field too), and whenever
            // nothing has it.
            if !resp.has_focus() && (*select || !ui.memory(|m| m.focused().is_some())) {
                resp.request_focus();
            }
            // When the dialog opens, the folder offered is selected: a path typed replaces it,
            // one typed after End or a click adds to it (later, the focus keeps what was typed).
            if std::mem::take(select) {
                let mut state = egui::text_edit::TextEditState::load(ui.ctx(), resp.id).unwrap_or_default();
                state.cursor.set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
                state.store(ui.ctx(), resp.id);
            }
            browse = ui.button(tr!("app-browse").get(lang)).clicked();
        });
        if let Some(e) = error {
            ui.label(RichText::new(e).color(ERROR));
        }
        ui.horizontal(|ui| {
            confirmed |= ui.button(ok).clicked();
            close = ui.button(tr!("ui-cancel").get(lang)).clicked();
        });
    });
    (confirmed, browse, close || modal.should_close())
}

/// The system's own dialog: a folder, a file to read or a file to write (offering `formats`).
pub fn pick(folder: bool, reads: bool, formats: &[Format]) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new();
    for f in formats {
        dialog = dialog.add_filter(f.title(), f.extensions());
    }
    if folder {
        rfd::FileDialog::new().pick_folder()
    } else if reads {
        dialog.pick_file()
    } else {
        dialog.save_file()
    }
}
