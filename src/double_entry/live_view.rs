//! Double entry beside the flow: the link to the other desk and who is behind, the open
//! differences (the one selected marked, one both desks took at once said so), and the keys
//! that act on them; the header's count of open differences.

use egui::{Color32, RichText, Ui};

use crate::double_entry::live::DoubleShown;
use crate::i18n::{Lang, tr};

const TROUBLE: Color32 = crate::ui::palette::ERROR;
const DIFFERS: Color32 = crate::ui::palette::WARNING;
const SELECTED: Color32 = crate::ui::palette::ACCENT;

/// The panel of double entry.
pub fn panel(ui: &mut Ui, lang: Lang, d: &DoubleShown) {
    ui.heading(tr!("recorder-double-title", count = d.open()).into_lang(lang));
    let status = RichText::new(&d.status);
    ui.label(if d.trouble { status.color(TROUBLE).strong() } else { status.weak() });
    let [next, take, keep] = &d.keys;
    ui.label(RichText::new(tr!("recorder-double-keys", next = next, take = take, keep = keep).into_lang(lang)).weak());
    ui.separator();
    if d.rows.is_empty() {
        ui.label(tr!("recorder-double-none-open").get(lang));
        return;
    }
    egui::ScrollArea::vertical().id_salt("recorder.double.list").auto_shrink([false, true]).show(ui, |ui| {
        for row in &d.rows {
            let marker = if row.selected { "> " } else { "   " };
            let text = RichText::new(format!("{marker}{}", row.text));
            let text = if row.selected { text.color(SELECTED).strong() } else { text };
            let r = ui.label(text);
            if row.selected {
                r.scroll_to_me(None);
            }
            if row.crossed {
                ui.label(RichText::new(tr!("recorder-double-crossed").get(lang)).color(DIFFERS).small());
            }
        }
    });
}

/// The header's line while differences are open.
pub fn header_line(ui: &mut Ui, d: &DoubleShown) {
    ui.label(RichText::new(&d.header).size(16.0).strong().color(DIFFERS));
}
