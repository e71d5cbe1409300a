//! The settings screen: language, default point rules, the scorer's name, the autosave folder,
//! the recent files, the AI players and the roster. Every change is saved at once.

use std::path::{Path, PathBuf};

use egui::{Grid, RichText, Ui};

use crate::broadcast::Switch;
use crate::double_entry::follow::{Following, LinkState};
use crate::forms::dropdown::dropdown;
use crate::forms::name_field::name_inputs;
use crate::forms::roster_view::RosterEditor;
use crate::i18n::{Lang, LanguageChoice, tr};
use crate::scoring::PointPreset as Preset;
use crate::scoring::RulesPreset;
use crate::season::roster::Roster;
use crate::settings::{AiPlayerSettings, DoubleEntrySettings, Links, OnAirSettings, Settings, SettingsProblem};
use crate::ui::{ERROR, Tracker, text_field};

/// What the settings screen answers: a setting changed (to be saved), the roster was edited (to
/// be saved), Back was pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsAnswer {
    pub changed: bool,
    pub roster_changed: bool,
    pub back: bool,
}

/// The settings screen: Back, the settings, and the roster (Settings > Roster) below them.
pub fn screen(
    ui: &mut Ui,
    lang: Lang,
    (settings, path, problems): (&mut Settings, Option<&Path>, &[SettingsProblem]),
    (roster_editor, roster): (&mut RosterEditor, &mut Roster),
    links: &Links,
) -> SettingsAnswer {
    let back = ui.button(tr!("ui-back").get(lang)).clicked();
    let changed = show(ui, lang, (settings, path, problems), links);
    ui.add_space(12.0);
    let roster_changed = roster_editor.ui(ui, lang, roster);
    SettingsAnswer { changed, roster_changed, back }
}

/// Draws the settings; returns true when a setting changed (to be saved).
fn show(
    ui: &mut Ui,
    lang: Lang,
    (settings, path, problems): (&mut Settings, Option<&Path>, &[SettingsProblem]),
    links: &Links,
) -> bool {
    let mut changed = false;
    ui.heading(tr!("app-settings-heading").get(lang));
    for p in problems {
        ui.label(RichText::new(p.text().get(lang)).color(ERROR));
    }
    ui.add_space(8.0);
    Grid::new("settings").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
        let language = (tr!("app-language").get(lang), "settings.language", None);
        changed |= choice_row(
            ui,
            language,
            &mut settings.language,
            &LanguageChoice::ALL,
            (|c| c.label(lang).to_string(), lang),
        );
        let preset = (tr!("app-default-preset").get(lang), "settings.preset", Some(300.0));
        changed |=
            choice_row(ui, preset, &mut settings.point_preset, &Preset::ALL, (|p| p.label(lang).to_string(), lang));
        let rules = (tr!("app-scoring-rules").get(lang), "settings.rules", Some(420.0));
        changed |= choice_row(ui, rules, &mut settings.rules, &RulesPreset::ALL, (|r| r.label(lang).to_string(), lang));
        ui.label("");
        let (opts, title) = (settings.rules.options(), tr!("app-rules-options").get(lang));
        crate::ui::rules_options::options_table(ui, "settings.rules.options", title, &opts, &opts, lang);
        ui.end_row();

        ui.label(tr!("ui-scorer-name").get(lang));
        let mut t = Tracker::default();
        ui.vertical(|ui| name_inputs(ui, "scorer", &mut settings.scorer, lang, &mut t));
        changed |= t.change.is_some();
        ui.end_row();

        let mut folder = settings.autosave_folder.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        let hint = Settings::default_autosave_folder().display().to_string();
        if text_field(ui, tr!("app-autosave-folder").get(lang), "settings.autosave", &mut folder, &hint, 420.0) {
            settings.autosave_folder = Some(folder.trim()).filter(|s| !s.is_empty()).map(PathBuf::from);
            changed = true;
        }
        ui.end_row();

        ui.label(tr!("app-start-recent").get(lang));
        ui.vertical(|ui| {
            for p in &settings.recent_files {
                ui.label(p.display().to_string());
            }
            if ui
                .add_enabled(!settings.recent_files.is_empty(), egui::Button::new(tr!("app-clear-recent").get(lang)))
                .clicked()
            {
                settings.recent_files.clear();
                changed = true;
            }
        });
        ui.end_row();

        ui.label(tr!("app-ai-players").get(lang));
        ui.vertical(|ui| changed |= ai_players(ui, lang, &mut settings.ai_players));
        ui.end_row();

        ui.label(tr!("app-on-air").get(lang));
        ui.vertical(|ui| changed |= on_air(ui, lang, &mut settings.on_air, &links.on_air));
        ui.end_row();

        ui.label(tr!("app-double-entry").get(lang));
        ui.vertical(|ui| changed |= double_entry(ui, lang, &mut settings.double_entry, &links.desk));
        ui.end_row();

        ui.label(tr!("app-settings-file").get(lang));
        ui.label(RichText::new(path.map(|p| p.display().to_string()).unwrap_or_else(|| "—".into())).weak());
        ui.end_row();
    });
    changed
}

/// Settings > AI players: on or off, and per seat a command or an address; an error shown under.
fn ai_players(ui: &mut Ui, lang: Lang, ai: &mut AiPlayerSettings) -> bool {
    let mut changed = ui.checkbox(&mut ai.on, tr!("app-ai-players-on").get(lang)).changed();
    ui.label(RichText::new(tr!("app-ai-players-how").get(lang)).weak());
    for (seat, text) in ai.seats.iter_mut().enumerate() {
        let label =
            tr!("app-ai-player-seat", seat = crate::format::Wind::ALL[seat].word(), player = seat).into_lang(lang);
        ui.horizontal(|ui| {
            let hint = "python3 bot.py · tcp:127.0.0.1:11600";
            changed |= text_field(ui, &label, &format!("settings.ai{seat}"), text, hint, 420.0);
        });
    }
    if let Err(e) = ai.endpoints() {
        ui.label(RichText::new(e.get(lang)).color(ERROR));
    }
    changed
}

/// Settings > On air: on or off, the port and the address; while it runs, the pages' addresses to
/// paste into OBS (each with Copy) and how many are watching; why it is not running.
fn on_air(ui: &mut Ui, lang: Lang, on_air: &mut OnAirSettings, switch: &Switch) -> bool {
    let mut changed = ui.checkbox(&mut on_air.on, tr!("app-on-air-on").get(lang)).changed();
    ui.label(RichText::new(tr!("app-on-air-how").get(lang)).weak());
    ui.horizontal(|ui| {
        let l = ui.label(tr!("app-on-air-port").get(lang));
        changed |= ui.add(egui::DragValue::new(&mut on_air.port).speed(0)).labelled_by(l.id).changed();
        changed |=
            text_field(ui, tr!("app-on-air-bind").get(lang), "settings.bind", &mut on_air.bind, "127.0.0.1", 160.0);
        changed |= season_field(ui, lang, on_air);
    });
    if let Err(e) = on_air.address() {
        ui.label(RichText::new(e.get(lang)).color(ERROR));
    }
    if let Some(folder) = on_air.season_folder().filter(|f| !f.is_dir()) {
        let missing = tr!("app-on-air-season-missing", folder = folder.display().to_string());
        ui.label(RichText::new(missing.get(lang)).color(ERROR));
    }
    if let Some(problem) = switch.problem() {
        ui.label(RichText::new(problem.get(lang)).color(ERROR));
    }
    if let Some(server) = switch.server() {
        ui.label(RichText::new(server.status().get(lang)).strong());
        for page in server.urls() {
            ui.horizontal(|ui| {
                if ui.small_button(tr!("app-on-air-copy").get(lang)).clicked() {
                    ui.ctx().copy_text(page.url.clone());
                }
                ui.label(page.label.get(lang));
                ui.monospace(&page.url);
            });
        }
    }
    changed
}

/// The season folder of the overlay's figures (what it does: its tooltip): typed, and taken
/// when Enter is pressed or the field is left (a folder half typed is never read).
fn season_field(ui: &mut Ui, lang: Lang, on_air: &mut OnAirSettings) -> bool {
    let id = egui::Id::unique("settings.season.typed");
    let mut typed = ui.data_mut(|d| d.get_temp::<String>(id)).unwrap_or_else(|| on_air.season.clone());
    let how = tr!("app-on-air-season-how");
    let l = ui.label(tr!("app-on-air-season").get(lang)).on_hover_text(how.get(lang));
    let resp = crate::ui::fields::text_input_response(ui, l.id, "settings.season", &mut typed, "", 260.0)
        .on_hover_text(how.get(lang));
    let taken = resp.lost_focus() && typed.trim() != on_air.season.trim();
    if taken {
        on_air.season = typed.trim().to_string();
    }
    if resp.has_focus() || taken {
        ui.data_mut(|d| d.insert_temp(id, typed));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    taken
}

/// Settings > Double entry: on or off, the other desk's name, address and token; while it is
/// followed, how the link stands; why the settings name no desk.
fn double_entry(ui: &mut Ui, lang: Lang, d: &mut DoubleEntrySettings, following: &Following) -> bool {
    let mut changed = ui.checkbox(&mut d.on, tr!("app-double-entry-on").get(lang)).changed();
    ui.label(RichText::new(tr!("app-double-entry-how").get(lang)).weak());
    let hint = tr!("recorder-double-other-desk").get(lang);
    changed |= text_field(ui, tr!("app-double-entry-name").get(lang), "settings.desk.name", &mut d.name, hint, 160.0);
    ui.horizontal(|ui| {
        let (address, token) = (tr!("app-double-entry-address").get(lang), tr!("app-double-entry-token").get(lang));
        changed |= text_field(ui, address, "settings.desk.address", &mut d.address, "192.168.1.20:8765", 260.0);
        changed |= text_field(ui, token, "settings.desk.token", &mut d.token, "", 280.0);
    });
    if !d.address.trim().is_empty()
        && let Err(e) = d.desk()
    {
        ui.label(RichText::new(e.get(lang)).color(ERROR));
    }
    if let Some(problem) = following.problem() {
        ui.label(RichText::new(problem.get(lang)).color(ERROR));
    }
    if let Some((desk, f)) = following.followed() {
        let (text, bad) = match &f.link {
            LinkState::Connecting => (tr!("app-double-entry-connecting", address = desk.to_string()), false),
            LinkState::Up => (tr!("app-double-entry-up", address = desk.to_string()), false),
            LinkState::Unreachable { since, why } => {
                (tr!("app-double-entry-unreachable", since = since.format("%H:%M:%S").to_string(), why = why), true)
            }
            LinkState::Refused(why) => (why.clone(), true),
        };
        let text = RichText::new(text.get(lang)).strong();
        ui.label(if bad { text.color(ERROR) } else { text });
    }
    changed
}

/// A grid row: `label` and a choice among `all` (named by `name`), `width` wide when given, in
/// the forms' drop-down, which keys work as well as the mouse (Tab to it, Enter or Space opens,
/// Up and Down move, Enter picks). True when another was chosen.
fn choice_row<T: Copy + PartialEq>(
    ui: &mut Ui,
    (label, id, width): (&str, &str, Option<f32>),
    value: &mut T,
    all: &[T],
    (name, lang): (impl Fn(T) -> String, Lang),
) -> bool {
    let l = ui.label(label);
    let names: Vec<String> = all.iter().map(|&c| name(c)).collect();
    let picked = dropdown(ui, l.id, id, &name(*value), &names, width.unwrap_or(200.0), lang);
    ui.end_row();
    match picked.and_then(|i| all.get(i)) {
        Some(&c) if c != *value => {
            *value = c;
            true
        }
        _ => false,
    }
}
