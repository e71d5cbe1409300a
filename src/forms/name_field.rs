//! The name widget: a name in four parts, native then romanized. The forms use it for players and
//! recorders, the settings for the scorer's own name (so it is no view of one screen).

use egui::Ui;

use super::text::NameForm;
use crate::i18n::{Lang, Msg, tr};
use crate::ui::{Tracker, text_input_response};

/// The four parts of a name in two rows, native then romanized. Returns the text of the part
/// that has focus, if one has.
pub fn name_inputs(ui: &mut Ui, key: &str, n: &mut NameForm, lang: Lang, t: &mut Tracker) -> Option<String> {
    let roman = |x: Msg| tr!("forms-romanized-field", field = x).into_lang(lang);
    let rows: [[(String, &str, &mut String, Msg); 2]; 2] = [
        [
            (
                tr!("forms-last-name").get(lang).to_string(),
                "last_native",
                &mut n.last_native,
                tr!("forms-native-script"),
            ),
            (
                tr!("forms-first-name").get(lang).to_string(),
                "first_native",
                &mut n.first_native,
                tr!("forms-native-script"),
            ),
        ],
        [
            (roman(tr!("forms-last-name")), "last_roman", &mut n.last_roman, tr!("forms-romanized")),
            (roman(tr!("forms-first-name")), "first_roman", &mut n.first_roman, tr!("forms-romanized")),
        ],
    ];
    let mut focused = None;
    for row in rows {
        ui.horizontal(|ui| {
            for (label, part, text, hint) in row {
                let k = format!("{key}.{part}");
                let l = ui.label(&label);
                let resp = text_input_response(ui, l.id, &k, text, hint.get(lang), 110.0);
                t.typed(resp.changed(), &k);
                if resp.has_focus() {
                    focused = Some(text.clone());
                }
            }
        });
    }
    focused
}
