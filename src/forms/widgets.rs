//! The fields the forms are made of (the name in four parts is `name_field`): a choice among a field's shorthand
//! tokens or a custom name, a text row of a grid with its error.

use egui::{Id, RichText, Ui};

use super::text::{ChoiceField, Errors, Pick};
use crate::format::Shorthand;
use crate::i18n::{Lang, tr};
use crate::ui::{ERROR, Tracker, text_field, text_input};

/// A grid row: a labelled text field and its error.
#[allow(clippy::too_many_arguments)]
pub fn text_row(
    ui: &mut Ui,
    label: &str,
    key: &str,
    text: &mut String,
    hint: &str,
    width: f32,
    errors: &Errors,
    lang: Lang,
    t: &mut Tracker,
) {
    t.typed(text_field(ui, label, key, text, hint, width), key);
    error_of(ui, errors, key, lang);
    ui.end_row();
}

/// The error of `key`, in red, or nothing.
pub fn error_of(ui: &mut Ui, errors: &Errors, key: &str, lang: Lang) {
    if let Some(p) = errors.get(key) {
        ui.label(RichText::new(p.text().get(lang)).color(ERROR));
    }
}

fn token_label<S: Shorthand>(t: S, lang: Lang) -> &'static str {
    t.meaning(lang)
}

/// A choice among a field's shorthand tokens, a custom name (native and romanized), or nothing
/// (`absent` names that choice), with its label in the cell before it.
pub fn choice_field<S: Shorthand>(
    ui: &mut Ui,
    label: &str,
    key: &str,
    field: &mut ChoiceField<S>,
    absent: &str,
    lang: Lang,
    t: &mut Tracker,
) {
    let l = ui.label(label);
    ui.horizontal(|ui| choice_input(ui, l.id, key, field, absent, lang, t));
}

/// The choice itself, named by an existing label; the custom name's boxes follow it.
pub fn choice_input<S: Shorthand>(
    ui: &mut Ui,
    label: Id,
    key: &str,
    field: &mut ChoiceField<S>,
    absent: &str,
    lang: Lang,
    t: &mut Tracker,
) {
    let mut changed = false;
    let selected = match &field.pick {
        Pick::Absent => absent.to_string(),
        Pick::Known(t) => token_label(*t, lang).to_string(),
        Pick::Custom => tr!("forms-custom").get(lang).to_string(),
        Pick::Unknown(w) => w.clone(),
    };
    let combo =
        egui::ComboBox::from_id_salt(key).selected_text(selected).width(170.0).height(600.0).truncate().show_ui(
            ui,
            |ui| {
                changed |= ui.selectable_value(&mut field.pick, Pick::Absent, absent).changed();
                for t in S::ALL {
                    changed |= ui.selectable_value(&mut field.pick, Pick::Known(*t), token_label(*t, lang)).changed();
                }
                changed |= ui.selectable_value(&mut field.pick, Pick::Custom, tr!("forms-custom").get(lang)).changed();
            },
        );
    combo.response.labelled_by(label);
    if field.pick == Pick::Custom {
        let k = format!("{key}.native");
        let l = ui.label(tr!("forms-native-script").get(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.native, "", 140.0), &k);
        let k = format!("{key}.roman");
        let l = ui.label(tr!("forms-romanized").get(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.roman, "", 140.0), &k);
    }
    t.picked(changed);
}
