//! Settings > Roster: the people the program has seen, to correct a name, forget someone, or
//! merge two entries of one person (the same name spelled two ways). Every change is kept in the
//! roster file at once.

use egui::{RichText, Ui};

use crate::i18n::{Lang, T};
use crate::season::roster::Roster;

/// The roster section's own state: the filter typed and the entry being merged.
#[derive(Clone, Debug, Default)]
pub struct RosterEditor {
    filter: String,
    /// The entry chosen with Merge…, waiting for the one to keep.
    merging: Option<usize>,
}

impl RosterEditor {
    /// Draws the roster; returns true when it changed (to be saved).
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, roster: &mut Roster) -> bool {
        let mut changed = false;
        ui.heading(T::RosterHeading.tr(lang));
        ui.label(RichText::new(T::RosterHow.tr(lang)).weak());
        ui.horizontal(|ui| {
            let l = ui.label(T::RosterFind.tr(lang));
            crate::ui::text_input(ui, l.id, "roster.find", &mut self.filter, "", 220.0);
            ui.label(format!("{} {}", roster.people.len(), T::RosterPeople.tr(lang)));
        });
        if let Some(from) = self.merging.and_then(|i| roster.people.get(i)) {
            let text = format!("{}: {}", T::RosterMerging.tr(lang), from.name.shown());
            ui.horizontal(|ui| {
                ui.label(RichText::new(text).strong());
                if ui.button(T::Cancel.tr(lang)).clicked() {
                    self.merging = None;
                }
            });
        }
        let mut shown: Vec<usize> = (0..roster.people.len())
            .filter(|&i| self.filter.trim().is_empty() || roster.people[i].name.matches(&self.filter))
            .collect();
        shown.sort_by_key(|&i| roster.people[i].name.clone());
        let mut forget = None;
        let mut merge_into = None;
        egui::ScrollArea::vertical().max_height(360.0).id_salt("roster.list").show(ui, |ui| {
            egui::Grid::new("roster").striped(true).spacing([8.0, 4.0]).show(ui, |ui| {
                let roman = |x: T| format!("{} ({})", x.tr(lang), T::Romanized.tr(lang));
                let headers = [
                    T::LastName.tr(lang).to_string(),
                    T::FirstName.tr(lang).to_string(),
                    roman(T::LastName),
                    roman(T::FirstName),
                    T::RosterSeenAs.tr(lang).to_string(),
                ];
                let ids: Vec<egui::Id> = headers.iter().map(|h| ui.strong(h).id).collect();
                ui.end_row();
                for i in shown {
                    let p = &mut roster.people[i];
                    let parts = [
                        (&mut p.name.last_native, "last_native"),
                        (&mut p.name.first_native, "first_native"),
                        (&mut p.name.last_roman, "last_roman"),
                        (&mut p.name.first_roman, "first_roman"),
                    ];
                    for (col, (text, part)) in parts.into_iter().enumerate() {
                        changed |= crate::ui::text_input(ui, ids[col], &format!("roster{i}.{part}"), text, "", 96.0);
                    }
                    let roles = [(p.player, T::RosterPlayer), (p.recorder, T::RosterRecorder)]
                        .iter()
                        .filter(|(yes, _)| *yes)
                        .map(|(_, t)| t.tr(lang))
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.label(format!("{roles} · {} {}", p.played.len(), T::RosterMatches.tr(lang)));
                    match self.merging {
                        Some(from) if from != i => {
                            if ui.button(T::RosterKeepThis.tr(lang)).clicked() {
                                merge_into = Some((i, from));
                            }
                        }
                        Some(_) => {
                            ui.label("");
                        }
                        None => {
                            ui.horizontal(|ui| {
                                if ui.button(T::RosterMerge.tr(lang)).clicked() {
                                    self.merging = Some(i);
                                }
                                if ui.button(T::RosterForget.tr(lang)).clicked() {
                                    forget = Some(i);
                                }
                            });
                        }
                    }
                    ui.end_row();
                }
            });
        });
        if let Some((into, from)) = merge_into {
            roster.merge(into, from);
            self.merging = None;
            changed = true;
        }
        if let Some(i) = forget {
            roster.forget(i);
            changed = true;
        }
        changed
    }
}
