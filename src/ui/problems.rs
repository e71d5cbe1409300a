//! The problems list the editor and the recorder share: a heading with the counts, then each
//! finding of the document's analysis, errors first, red for an error and amber for a warning. A
//! click says where the problem is; what happens there is the screen's business.

use egui::{RichText, Sense, Ui};

use crate::format::{Diagnostic, Place, Severity};
use crate::i18n::Lang;

use super::{ERROR, WARNING};

/// A list above this many problems shows one line each, and only the rows in view.
const MANY: usize = 200;

/// "Problems (1 error, 2 warnings)".
pub fn heading(lang: Lang, diagnostics: &[Diagnostic], errors: usize) -> String {
    let warnings = diagnostics.len().saturating_sub(errors);
    match lang {
        Lang::En => format!(
            "Problems ({errors} error{}, {warnings} warning{})",
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        ),
        Lang::Ja => format!("問題（エラー {errors}、警告 {warnings}）"),
    }
}

/// Draws the heading and the problems (`id` keeps the scroll position of this list apart from
/// another one); `matches` is the number of matches in the file (above one, each problem names
/// its match). Returns the place of the problem clicked.
pub fn list(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    diagnostics: &[Diagnostic],
    errors: usize,
    matches: usize,
) -> Option<Place> {
    ui.heading(heading(lang, diagnostics, errors));
    if diagnostics.is_empty() {
        ui.label(RichText::new(lang.pick("No problems", "問題はありません")).weak());
        return None;
    }
    let mut clicked = None;
    // A few problems are shown whole; thousands (a file far off) one line each, only those in view.
    let many = diagnostics.len() > MANY;
    let mut row = |ui: &mut Ui, d: &Diagnostic| {
        let color = if d.severity == Severity::Error { ERROR } else { WARNING };
        let prefix = if matches > 1 { format!("#{} ", d.place.match_index + 1) } else { String::new() };
        let text = RichText::new(format!("{prefix}{}", d.message.get(lang))).color(color);
        let label = egui::Label::new(text).sense(Sense::click());
        let r = ui.add(if many { label.truncate() } else { label.wrap() });
        if r.on_hover_text(lang.pick("Click to go there", "クリックでその場所へ")).clicked() {
            clicked = Some(d.place);
        }
    };
    let area = egui::ScrollArea::vertical().id_salt(id).auto_shrink([false, false]);
    if many {
        let h = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
        area.show_rows(ui, h, diagnostics.len(), |ui, range| {
            for d in &diagnostics[range] {
                row(ui, d);
            }
        });
    } else {
        area.show(ui, |ui| {
            for d in diagnostics {
                row(ui, d);
            }
        });
    }
    clicked
}
