//! The match form's rules played with: one of the presets, the match's differences from it as
//! the rules comment writes them, and the options they give.

use egui::{Grid, RichText, Ui};

use super::text::{Form, RulesForm};
use crate::i18n::{Lang, tr};
use crate::rules::options::RulesSpec;
use crate::scoring::RulesPreset;
use crate::ui::Tracker;

/// The rules the match was played with: one of the presets (kept in its file as `// rules:`),
/// or none said (the setting's rules judge it).
pub(super) fn game_rules(ui: &mut Ui, lang: Lang, form: &mut Form, t: &mut Tracker) {
    let chosen = form.game_rules.as_deref().and_then(|r| RulesSpec::parse(r).preset);
    let unsaid = tr!("forms-game-rules-unsaid").get(lang);
    Grid::new("game.rules").num_columns(3).spacing([12.0, 8.0]).show(ui, |ui| {
        let l = ui.label(tr!("forms-game-rules").get(lang));
        let selected = chosen.map_or(unsaid, |p| p.label(lang));
        let entries: Vec<String> = std::iter::once(unsaid.to_string())
            .chain(RulesPreset::ALL.iter().map(|p| p.label(lang).to_string()))
            .collect();
        match super::dropdown::dropdown(ui, l.id, "game.rules", selected, &entries, 420.0, lang) {
            Some(0) => {
                form.game_rules = None;
                t.picked(true);
            }
            Some(i) => {
                if let Some(&p) = RulesPreset::ALL.get(i - 1) {
                    form.game_rules = Some(RulesSpec::with_preset(form.game_rules.as_deref(), p));
                    // The point rule (ptr) follows the preset's, where the standard can hold it.
                    if let Some(r) = p.options().point_rule() {
                        form.rules = RulesForm::of(&Some(r));
                    }
                    t.picked(true);
                }
            }
            None => {}
        }
        ui.end_row();
        // The preset's differences and a note, as the rules comment writes them after it.
        if let Some(p) = chosen {
            let text = form.game_rules.clone().unwrap_or_default();
            let mut tail = RulesSpec::tail(&text);
            let label = tr!("forms-game-rules-differences").get(lang);
            let changed = crate::ui::text_field(ui, label, "game.differences", &mut tail, "kiriage=yes", 420.0);
            if changed {
                form.game_rules = Some(RulesSpec::with_tail(p, &tail));
            }
            t.typed(changed, "game.differences");
            ui.end_row();
        }
    });
    ui.label(RichText::new(tr!("forms-game-rules-tip").get(lang)).weak());
    if let Some(p) = chosen {
        ui.label(RichText::new(tr!("forms-game-rules-differences-tip").get(lang)).weak());
        let text = form.game_rules.clone().unwrap_or_default();
        let (opts, problems) = crate::rules::options::spec::read(&text, &p.options());
        for problem in problems {
            ui.label(RichText::new(problem.message.into_lang(lang)).color(crate::ui::WARNING));
        }
        let title = tr!("forms-game-rules-options").get(lang);
        crate::ui::rules_options::options_table(ui, "game.rules.options", title, &opts, &p.options(), lang);
    }
    ui.add_space(8.0);
}
