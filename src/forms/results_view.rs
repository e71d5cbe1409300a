//! The results form: the final points computed from the last frame, with the working of each
//! player, and the final and new tournament points as typed.

use egui::{Grid, RichText, Ui};

use super::text::{Computed, Errors, ResultsForm};
use super::widgets::error_of;
use crate::format::Points;
use crate::i18n::{Lang, tr};
use crate::ui::Tracker;

fn signed(p: Points) -> String {
    if p.0 > 0 { format!("+{p}") } else { p.to_string() }
}

/// The results section: the final points computed from the last frame with their working
/// (written on request), and the final and new tournament points typed.
pub(super) fn results(
    ui: &mut Ui,
    lang: Lang,
    computed: Option<&Computed>,
    player_names: &[String; 4],
    r: &mut ResultsForm,
    errors: &Errors,
    t: &mut Tracker,
) {
    match computed {
        None => {
            ui.label(tr!("forms-results-no-frames").get(lang));
        }
        Some(c) => {
            ui.label(format!("{} ({})", tr!("forms-results-computed").get(lang), c.last_frame));
            if c.used_fallback {
                ui.label(RichText::new(tr!("forms-results-no-rule").get(lang)).weak());
            }
            if c.left_on_table.0 != 0 {
                ui.label(format!("{}: {}", tr!("forms-left-on-table").get(lang), c.left_on_table));
            }
            Grid::new("results.working").striped(true).spacing([16.0, 4.0]).show(ui, |ui| {
                for h in [tr!("forms-rank"), tr!("forms-player-col"), tr!("forms-working"), tr!("forms-final-points")] {
                    ui.strong(h.get(lang));
                }
                ui.end_row();
                for (i, p) in c.final_points.players.iter().enumerate() {
                    ui.label(p.rank.to_string());
                    ui.label(&player_names[i]);
                    let mut w = format!("{} {}", tr!("forms-end-of-last-frame").get(lang), p.end);
                    if p.kyoutaku.0 != 0 {
                        w.push_str(&format!(" + {} {}", tr!("forms-sticks").get(lang), p.kyoutaku));
                    }
                    w.push_str(&format!(" − {} = {}", tr!("forms-rule-return").get(lang), signed(p.base)));
                    w.push_str(&format!("; {} {}", tr!("forms-uma").get(lang), signed(p.uma)));
                    if p.oka.0 != 0 {
                        w.push_str(&format!("; {} {}", tr!("forms-oka").get(lang), signed(p.oka)));
                    }
                    if p.penalty.0 != 0 {
                        w.push_str(&format!("; {} {}", tr!("forms-penalty").get(lang), signed(p.penalty)));
                    }
                    ui.label(w);
                    ui.strong(signed(p.total));
                    ui.end_row();
                }
            });
            if ui.button(tr!("forms-use-computed").get(lang)).clicked() {
                let totals = c.final_points.totals();
                for (i, total) in totals.iter().enumerate() {
                    r.end[i] = total.to_string();
                    r.personal[i] = c.tour_points[i].personal.map(|p| p.to_string()).unwrap_or_default();
                    r.team[i] = c.tour_points[i].team.map(|p| p.to_string()).unwrap_or_default();
                }
                t.picked(true);
            }
            ui.add_space(8.0);
        }
    }
    Grid::new("pme").num_columns(4).spacing([12.0, 8.0]).striped(true).show(ui, |ui| {
        ui.strong(tr!("forms-player-col").get(lang));
        // The column headers name the fields below them.
        let ids: Vec<egui::Id> =
            [tr!("forms-final-points"), tr!("forms-new-tour-personal"), tr!("forms-new-tour-team")]
                .iter()
                .map(|h| ui.strong(h.get(lang)).id)
                .collect();
        ui.end_row();
        for (i, name) in player_names.iter().enumerate() {
            ui.label(name);
            let fields: [(String, &mut String); 3] = [
                (format!("pme{i}"), &mut r.end[i]),
                (format!("ptn{i}.personal"), &mut r.personal[i]),
                (format!("ptn{i}.team"), &mut r.team[i]),
            ];
            for (col, (key, text)) in fields.into_iter().enumerate() {
                ui.vertical(|ui| {
                    t.typed(crate::ui::text_input(ui, ids[col], &key, text, "0.0", 80.0), &key);
                    error_of(ui, errors, &key, lang);
                });
            }
            ui.end_row();
        }
    });
}
