//! The fields the forms are made of (the name in four parts is `name_field`): a choice among a field's shorthand
//! tokens or a custom name, a text row of a grid with its error.

use egui::{Id, RichText, Ui};

use super::text::{ChoiceField, Errors, Pick};
use crate::format::Choice;
use crate::format::Shorthand;
use crate::format::shorthand::TeamToken;
use crate::i18n::{Lang, tr};
use crate::season::teams::Teams;
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
    ui.horizontal(|ui| choice_sized(ui, l.id, key, field, (absent, 300.0), lang, t));
}

/// One entry of a choice's list: what picking it sets, and its text.
struct Offered<S> {
    pick: Pick<S>,
    /// The name a listed entry writes (native, romanized).
    name: (String, String),
    text: String,
    /// What else finds the entry when typed: its name in the other language, its code.
    searched: String,
}

impl<S> Offered<S> {
    fn of(pick: Pick<S>, text: &str) -> Offered<S> {
        Offered { pick, name: Default::default(), text: text.to_string(), searched: String::new() }
    }

    fn found_by(mut self, searched: String) -> Offered<S> {
        self.searched = searched;
        self
    }
}

/// An entry's names in both languages and its code, as typing finds it.
fn searched_by<S: Shorthand>(s: S) -> String {
    format!("{} {} {}", s.english(), s.japanese(), s.code())
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
    choice_sized(ui, label, key, field, (absent, 170.0), lang, t);
}

fn choice_sized<S: Shorthand>(
    ui: &mut Ui,
    label: Id,
    key: &str,
    field: &mut ChoiceField<S>,
    absent_width: (&str, f32),
    lang: Lang,
    t: &mut Tracker,
) {
    let known = S::ALL.iter().map(|&s| Offered::of(Pick::Known(s), s.meaning(lang)).found_by(searched_by(s)));
    let offered: Vec<Offered<S>> = known.collect();
    choose(ui, label, key, field, offered, absent_width, lang, t);
}

/// The team of a player row: the teams of the list (the built-in ones and the teams file's), a
/// custom name, or none.
pub fn team_input(
    ui: &mut Ui,
    label: Id,
    key: &str,
    field: &mut ChoiceField<TeamToken>,
    teams: &Teams,
    lang: Lang,
    t: &mut Tracker,
) {
    let offered = teams
        .teams
        .iter()
        .map(|team| match team.choice() {
            Choice::Known(token) => Offered::of(Pick::Known(token), team.shown(lang)).found_by(searched_by(token)),
            Choice::Custom(l) => Offered {
                pick: Pick::Listed,
                name: (l.native.unwrap_or_default(), l.roman.unwrap_or_default()),
                text: team.shown(lang).to_string(),
                searched: format!("{} {}", team.english, team.japanese),
            },
            Choice::Unknown(w) => Offered::of(Pick::Unknown(w.clone()), &w),
        })
        .collect();
    choose(ui, label, key, field, offered, (tr!("forms-none").get(lang), 150.0), lang, t);
}

/// The drop-down of a choice: nothing, the `offered` entries, a custom name (and a token the
/// file had that the program does not know, kept); then the custom name's boxes.
#[allow(clippy::too_many_arguments)]
fn choose<S: Shorthand>(
    ui: &mut Ui,
    label: Id,
    key: &str,
    field: &mut ChoiceField<S>,
    offered: Vec<Offered<S>>,
    (absent, width): (&str, f32),
    lang: Lang,
    t: &mut Tracker,
) {
    let mut all = vec![Offered::of(Pick::Absent, absent)];
    all.extend(offered);
    all.push(Offered::of(Pick::Custom, tr!("forms-custom").get(lang)));
    if let Pick::Unknown(w) = &field.pick {
        all.push(Offered::of(Pick::Unknown(w.clone()), w));
    }
    let current = all.iter().position(|o| {
        o.pick == field.pick && (o.pick != Pick::Listed || o.name == (field.native.clone(), field.roman.clone()))
    });
    let selected = match current {
        Some(i) => all[i].text.clone(),
        // A listed name no longer in the list (the teams file changed): the name as written.
        None => [field.native.as_str(), field.roman.as_str()].join(" ").trim().to_string(),
    };
    let texts: Vec<String> = all.iter().map(|o| o.text.clone()).collect();
    let searched: Vec<String> = all.iter().map(|o| o.searched.clone()).collect();
    if let Some(i) = super::dropdown::dropdown_searched(ui, label, key, (&selected, width), &texts, &searched, lang)
        && Some(i) != current
    {
        let o = &all[i];
        field.pick = o.pick.clone();
        if o.pick == Pick::Listed {
            (field.native, field.roman) = o.name.clone();
        }
        t.picked(true);
    }
    if field.pick == Pick::Custom {
        let k = format!("{key}.native");
        let l = ui.label(tr!("forms-native-script").get(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.native, "", 140.0), &k);
        let k = format!("{key}.roman");
        let l = ui.label(tr!("forms-romanized").get(lang));
        t.typed(text_input(ui, l.id, &k, &mut field.roman, "", 140.0), &k);
    }
}
