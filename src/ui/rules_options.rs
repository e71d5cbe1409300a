//! The options a match's rules have, as a collapsible table: each option's name in words, its
//! name and value as the rules comment writes them, and the ones that differ from the preset in
//! bold.

use egui::{CollapsingHeader, Grid, RichText, Ui};

use crate::i18n::Lang;
use crate::rules::options::RuleOptions;
use crate::rules::options::named::OPTIONS;

/// The options of `opts` under a header `title` (closed at first); those that differ from
/// `preset`'s are strong.
pub fn options_table(ui: &mut Ui, id: &str, title: &str, opts: &RuleOptions, preset: &RuleOptions, lang: Lang) {
    CollapsingHeader::new(title).id_salt(id).default_open(false).show(ui, |ui| {
        Grid::new((id, "grid")).num_columns(2).striped(true).spacing([16.0, 2.0]).show(ui, |ui| {
            for o in OPTIONS {
                let value = opts.get(o.name).unwrap_or_default();
                let text = format!("{} = {value}", o.name);
                // What it changes is said in English only (the guide's words): not in Japanese.
                let l = ui.label(o.label().get(lang));
                if lang == Lang::En {
                    l.on_hover_text(o.changes);
                }
                if preset.get(o.name).as_deref() == Some(value.as_str()) {
                    ui.monospace(text);
                } else {
                    ui.label(RichText::new(text).monospace().strong());
                }
                ui.end_row();
            }
        });
    });
}
