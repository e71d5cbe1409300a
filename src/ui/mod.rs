//! The egui views of the application and the widgets they share. Views draw from the document and
//! the form buffers and return what the user asked for; the app carries it out.

pub mod command;
pub mod editor_view;
pub mod forms_view;
pub mod settings_view;
pub mod start_view;
pub mod table_view;
pub mod tiles;

use egui::{Color32, FontData, FontDefinitions, FontFamily, Id, RichText, Ui};

use crate::format::Shorthand;
use crate::forms::{ChoiceField, Errors, Pick};
use crate::i18n::{Lang, T};

/// The Japanese font shipped with the program (M+ 1, SIL Open Font License; see assets/fonts).
pub const JAPANESE_FONT: &[u8] = include_bytes!("../../assets/fonts/Mplus1-Regular.otf");

/// Installs egui's own fonts plus the Japanese font as a fallback for every family, so kanji and
/// kana render on a machine with no fonts installed.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert("mplus1".into(), FontData::from_static(JAPANESE_FONT).into());
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("mplus1".into());
    }
    ctx.set_fonts(fonts);
}

/// A change the user made: `group` names the field being typed into (one undo step while the
/// same field is typed), `None` for a choice or a button (a step of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub group: Option<String>,
}

/// Collects the change a view made this frame.
#[derive(Default)]
pub struct Tracker {
    pub change: Option<Change>,
}

impl Tracker {
    /// Text typed into the field `key`.
    pub fn typed(&mut self, changed: bool, key: &str) {
        if changed {
            self.change = Some(Change { group: Some(key.to_string()) });
        }
    }

    /// A choice made or a button pressed.
    pub fn picked(&mut self, changed: bool) {
        if changed {
            self.change = Some(Change { group: None });
        }
    }
}

/// The colour of error text.
pub const ERROR: Color32 = Color32::from_rgb(0xd0, 0x30, 0x30);

const FOCUS_NEXT: &str = "jmjp-focus-next";

/// A labelled one-line text field (the label is its accessible name). Enter moves to the next
/// field. Returns true when the text changed.
pub fn text_field(ui: &mut Ui, label: &str, key: &str, text: &mut String, hint: &str, width: f32) -> bool {
    let l = ui.label(label);
    text_input(ui, l.id, key, text, hint, width)
}

/// A text field named by an existing label.
pub fn text_input(ui: &mut Ui, label: Id, key: &str, text: &mut String, hint: &str, width: f32) -> bool {
    let resp = text_input_plain(ui, label, key, text, hint, width);
    let next = Id::unique(FOCUS_NEXT);
    if ui.data(|d| d.get_temp::<bool>(next)).unwrap_or(false) && !resp.has_focus() {
        ui.data_mut(|d| d.remove::<bool>(next));
        resp.request_focus();
    }
    if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        ui.data_mut(|d| d.insert_temp(next, true));
    }
    resp.changed()
}

/// A text field named by an existing label, where Enter does not move on: the caller decides
/// what Enter does (`resp.lost_focus()` with Enter pressed).
pub fn text_input_plain(
    ui: &mut Ui,
    label: Id,
    key: &str,
    text: &mut String,
    hint: &str,
    width: f32,
) -> egui::Response {
    ui.add(
        egui::TextEdit::singleline(text)
            .id_salt(key)
            .hint_text(hint)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    )
    .labelled_by(label)
}

/// True when `resp` is a text field left with Enter this frame.
pub fn entered(ui: &Ui, resp: &egui::Response) -> bool {
    resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// The four parts of a name in two rows, native then romanized.
pub fn name_inputs(ui: &mut Ui, key: &str, n: &mut crate::forms::NameForm, lang: Lang, t: &mut Tracker) {
    let roman = |x: T| format!("{} ({})", x.tr(lang), T::Romanized.tr(lang));
    let rows: [[(String, &str, &mut String, T); 2]; 2] = [
        [
            (T::LastName.tr(lang).to_string(), "last_native", &mut n.last_native, T::NativeScript),
            (T::FirstName.tr(lang).to_string(), "first_native", &mut n.first_native, T::NativeScript),
        ],
        [
            (roman(T::LastName), "last_roman", &mut n.last_roman, T::Romanized),
            (roman(T::FirstName), "first_roman", &mut n.first_roman, T::Romanized),
        ],
    ];
    for row in rows {
        ui.horizontal(|ui| {
            for (label, part, text, hint) in row {
                let k = format!("{key}.{part}");
                t.typed(text_field(ui, &label, &k, text, hint.tr(lang), 110.0), &k);
            }
        });
    }
}

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
        ui.label(RichText::new(p.text(lang)).color(ERROR));
    }
}

fn token_label<S: Shorthand>(t: S, lang: Lang) -> &'static str {
    match lang {
        Lang::En => t.english(),
        Lang::Ja => t.japanese(),
    }
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
        Pick::Custom => T::Custom.tr(lang).to_string(),
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
                changed |= ui.selectable_value(&mut field.pick, Pick::Custom, T::Custom.tr(lang)).changed();
            },
        );
    combo.response.labelled_by(label);
    if field.pick == Pick::Custom {
        let k = format!("{key}.native");
        let l = ui.label(T::NativeScript.tr(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.native, "", 140.0), &k);
        let k = format!("{key}.roman");
        let l = ui.label(T::Romanized.tr(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.roman, "", 140.0), &k);
    }
    t.picked(changed);
}
