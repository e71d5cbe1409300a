//! Settings > Roster: the people the program has seen, to correct a name, forget someone, or
//! merge two entries of one person (the same name spelled two ways). Every change is kept in the
//! roster file at once.

use egui::{RichText, Ui};

use crate::i18n::{Lang, Msg, tr};
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
        ui.heading(tr!("forms-roster-heading").get(lang));
        ui.label(RichText::new(tr!("forms-roster-how").get(lang)).weak());
        ui.horizontal(|ui| {
            let l = ui.label(tr!("forms-roster-find").get(lang));
            crate::ui::text_input(ui, l.id, "roster.find", &mut self.filter, "", 220.0);
            ui.label(format!("{} {}", roster.people.len(), tr!("forms-roster-people").get(lang)));
        });
        if let Some(from) = self.merging.and_then(|i| roster.people.get(i)) {
            let text = format!("{}: {}", tr!("forms-roster-merging").get(lang), from.name.shown());
            ui.horizontal(|ui| {
                ui.label(RichText::new(text).strong());
                if ui.button(tr!("ui-cancel").get(lang)).clicked() {
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
                let roman = |x: Msg| tr!("forms-romanized-field", field = x).into_lang(lang);
                let headers = [
                    tr!("forms-last-name").get(lang).to_string(),
                    tr!("forms-first-name").get(lang).to_string(),
                    roman(tr!("forms-last-name")),
                    roman(tr!("forms-first-name")),
                    tr!("forms-roster-seen-as").get(lang).to_string(),
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
                    let roles = [(p.player, tr!("forms-roster-player")), (p.recorder, tr!("forms-roster-recorder"))]
                        .iter()
                        .filter(|(yes, _)| *yes)
                        .map(|(_, t)| t.get(lang))
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.label(format!("{roles} · {} {}", p.played.len(), tr!("forms-roster-matches").get(lang)));
                    match self.merging {
                        Some(from) if from != i => {
                            if ui.button(tr!("forms-roster-keep-this").get(lang)).clicked() {
                                merge_into = Some((i, from));
                            }
                        }
                        Some(_) => {
                            ui.label("");
                        }
                        None => {
                            ui.horizontal(|ui| {
                                if ui.button(tr!("forms-roster-merge").get(lang)).clicked() {
                                    self.merging = Some(i);
                                }
                                if ui.button(tr!("forms-roster-forget").get(lang)).clicked() {
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
