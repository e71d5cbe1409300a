//! Rows of the forms filled from the roster: a person's name, team and affiliation, and the
//! tournament points they carry into the match (no egui here).

use super::text::{ChoiceField, NameForm, PlayerForm};
use crate::format::Match;
use crate::i18n::{Lang, Text, tr};
use crate::season::roster::{Carried, Person, PersonName, Place, Roster};

impl NameForm {
    /// The four parts of a roster name.
    pub fn of_person(n: &PersonName) -> NameForm {
        NameForm {
            last_native: n.last_native.clone(),
            first_native: n.first_native.clone(),
            last_roman: n.last_roman.clone(),
            first_roman: n.first_roman.clone(),
        }
    }
}

/// Where a row's carried tournament points came from, to be shown beside the row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CarriedNote {
    pub personal: Option<Carried>,
    pub team: Option<Carried>,
}

impl CarriedNote {
    /// "62.3 from 2023-10-02, match 57" for the person, and the same for the team.
    pub fn text(&self) -> Option<Text> {
        let one = |c: &Carried, whose| {
            tr!("forms-carried-from", whose = whose, points = c.points.to_string(), source = c.from.source())
        };
        let parts: Vec<Text> = [
            self.personal.as_ref().map(|c| one(c, tr!("forms-carried-personal"))),
            self.team.as_ref().map(|c| one(c, tr!("forms-carried-team"))),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            return None;
        }
        Some(Text::join(parts, tr!("forms-carried-separator")))
    }
}

/// Fills `row` with `person` of `roster` (name, team, affiliation) and the tournament points
/// they carry into match `m` (the row's own points when the roster knows none). Returns where
/// the carried points came from.
pub fn fill_player(row: &mut PlayerForm, roster: &Roster, person: usize, m: &Match) -> CarriedNote {
    let Some(p) = roster.people.get(person) else { return CarriedNote::default() };
    row.name = NameForm::of_person(&p.name);
    row.team = ChoiceField::of(&p.team.as_ref().and_then(|t| t.choice()));
    row.affiliation = ChoiceField::of(&p.affiliation.as_ref().and_then(|a| a.choice()));
    let Some(place) = Place::of(m) else { return CarriedNote::default() };
    let note = CarriedNote {
        personal: roster.carried(person, &place),
        team: p.team.as_ref().and_then(|t| roster.carried_team(t, &place)),
    };
    if let Some(c) = &note.personal {
        row.prev_personal = c.points.to_string();
    }
    if let Some(c) = &note.team {
        row.prev_team = c.points.to_string();
    }
    note
}

/// A person as the list of the roster shows them: name, then team.
pub fn offered_label(p: &Person, lang: Lang) -> String {
    use crate::format::shorthand::TeamToken;
    match p.team.as_ref().and_then(|t| t.choice::<TeamToken>()) {
        Some(t) => tr!("forms-offered-with-team", name = p.name.shown(), team = t.shown(lang)).into_lang(lang),
        None => p.name.shown(),
    }
}
