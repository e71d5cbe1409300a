//! The text view of a file that does not parse: the parse error above, its line marked in the
//! text, the cursor put on it; the user fixes the text and reads it again (Ctrl+Enter), and the
//! document it makes opens in the editor, unsaved.

use std::path::{Path, PathBuf};

use egui::{RichText, Ui};

use crate::document::{Document, io};
use crate::format::ParseError;
use crate::i18n::{Lang, Text, tr};
use crate::ui::ERROR;
use crate::ui::command::Command;

/// A file that did not parse, open as text.
#[derive(Clone, Debug)]
pub struct TextView {
    path: PathBuf,
    /// The text being fixed.
    pub text: String,
    /// The parse error of the text as it was last read.
    error: Option<ParseError>,
    /// Move the cursor to the error at the next frame.
    show_error: bool,
}

impl TextView {
    /// The text of the file at `path` (without a BOM) with the error it gave.
    pub fn new(path: &Path, text: String, error: ParseError) -> TextView {
        TextView { path: path.to_path_buf(), text, error: Some(error), show_error: true }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the text again: the document it makes (not saved, since it differs from the file,
    /// but kept at the file), or the error, which is then marked in the text.
    pub fn read(&mut self) -> Result<Document, Text> {
        io::read_again(&self.path, &self.text).map_err(|e| {
            let at = format!("{}:{}:{}: ", self.path.display(), e.line, e.column);
            let msg = e.message.clone().prefixed(&at, &at);
            self.error = Some(e);
            self.show_error = true;
            msg
        })
    }

    /// Draws the view; returns true when the user asked to read the text again.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang) -> bool {
        let mut read_again = false;
        egui::Panel::top("text.head").show(ui, |ui| {
            ui.add_space(4.0);
            ui.label(RichText::new(self.path.display().to_string()).strong());
            match &self.error {
                Some(e) => {
                    ui.label(
                        RichText::new(
                            tr!("editor-text-unreadable", line = e.line, column = e.column, message = &e.message)
                                .into_lang(lang),
                        )
                        .color(ERROR),
                    );
                }
                None => {
                    ui.label(tr!("editor-text-not-read").get(lang));
                }
            }
            ui.horizontal(|ui| {
                ui.label(tr!("editor-text-fix-then-read").get(lang));
                read_again = Command::OpenText.button(ui, lang, true);
            });
            ui.add_space(4.0);
        });
        let error_line = self.error.as_ref().map(|e| e.line);
        let id = egui::Id::unique("text.view");
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::both().show(ui, |ui| {
                let mut layouter = |ui: &Ui, text: &dyn egui::TextBuffer, wrap: f32| {
                    let mut job = egui::text::LayoutJob::default();
                    let font = egui::TextStyle::Monospace.resolve(ui.style());
                    let normal = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
                    let marked = egui::TextFormat {
                        background: crate::ui::palette::ERROR_BACKGROUND,
                        color: crate::ui::palette::ERROR_TEXT,
                        ..egui::TextFormat::simple(font, ui.visuals().text_color())
                    };
                    for (n, line) in text.as_str().split_inclusive('\n').enumerate() {
                        let fmt = if error_line == Some(n as u32 + 1) { marked.clone() } else { normal.clone() };
                        job.append(line, 0.0, fmt);
                    }
                    job.wrap.max_width = wrap;
                    ui.fonts_mut(|f| f.layout_job(job))
                };
                let out = egui::TextEdit::multiline(&mut self.text)
                    .id(id)
                    .code_editor()
                    .desired_width(f32::INFINITY)
                    .desired_rows(30)
                    .layouter(&mut layouter)
                    .show(ui);
                out.response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, tr!("editor-text-file-text").get(lang))
                });
                if self.show_error
                    && let Some(e) = &self.error
                {
                    let chars = self.text.get(..e.offset.min(self.text.len())).map_or(0, |t| t.chars().count());
                    let mut state = out.state;
                    let c = egui::text::CCursor::new(chars);
                    state.cursor.set_char_range(Some(egui::text::CCursorRange::one(c)));
                    state.store(ui.ctx(), out.response.id);
                    out.response.request_focus();
                    let r: egui::Rect = out.galley.pos_from_cursor(c);
                    ui.scroll_to_rect(r.translate(out.galley_pos.to_vec2()), Some(egui::Align::Center));
                    self.show_error = false;
                }
            });
        });
        read_again
    }
}
