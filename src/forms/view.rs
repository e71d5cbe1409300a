//! The forms screen: the sections on the left (with the match, when the file has several), one
//! section at a time in the middle, each field with its error next to it. The buffers follow the
//! document (undo, redo and another match rebuild them); a change is read section by section and
//! handed back as the match information it makes, for the app to make one undo step of it (or a
//! journal entry while recording).

use std::path::{Path, PathBuf};

use egui::{Grid, RichText, Ui};

use super::fill::{CarriedNote, fill_player};
use super::name_field::name_inputs;
use super::people::Offer;
use super::text::{Computed, Errors, Form, NameForm, RecorderForm, RulesForm, compute_results, read_date};
use super::widgets::{choice_field, error_of, text_row};
use crate::document::{Cached, Document, MatchInfo, Revision};
use crate::format::{Match, PointRule, Wind};
use crate::i18n::{Lang, Msg, Text, tr};
use crate::scoring::PointPreset as Preset;
use crate::scoring::RuleOptions;
use crate::season::roster::Roster;
use crate::season::teams::{Teams, TeamsProblem};
use crate::ui::command::{Command, Section};
use crate::ui::{Change, Tracker};

/// What the forms take from the settings.
#[derive(Clone, Copy, Debug)]
pub struct Defaults<'a> {
    /// The point rules the results are computed with when the match has none.
    pub point_rule: PointRule,
    pub rules: RuleOptions,
    /// The scorer's own name ("add a recorder" starts with it).
    pub scorer: &'a NameForm,
    /// The people seen, offered under the name fields, and the roster file (the teams file is
    /// beside it; `None` when the roster is kept in memory only: the built-in teams are offered).
    pub roster: (&'a Roster, Option<&'a Path>),
}

/// What the user did on the forms screen this frame.
#[derive(Debug, Default)]
pub struct Done {
    /// Commands for the app (another section).
    pub commands: Vec<Command>,
    /// The match information the forms now say, and the field it was typed in (`None` for a
    /// choice or a button): one undo step per field.
    pub change: Option<(MatchInfo, Option<String>)>,
}

/// The forms screen's state: the buffers of the match shown and their errors.
#[derive(Clone, Debug, Default)]
pub struct Forms {
    form: Form,
    /// The revision and match the buffers were made from.
    made_for: Cached<(Revision, usize), ()>,
    errors: Errors,
    /// The roster's people offered while a name is typed.
    offer: Offer,
    /// Where the tournament points of each player row filled from the roster came from.
    carried: [CarriedNote; 4],
    /// The section and match drawn last: another one puts the cursor in its first field.
    shown: Option<(Section, usize)>,
    /// The teams offered, read from the teams file beside the roster file named (once per file).
    teams: Option<(Option<PathBuf>, Teams, Option<TeamsProblem>)>,
    /// The recorder row just added: its name takes the cursor when it is drawn.
    new_recorder: Option<usize>,
}

impl Forms {
    /// The buffers now say what the document says at `revision` (after the change they made was
    /// carried out), so they are not made again from it.
    pub fn follow(&mut self, revision: Revision, match_index: usize) {
        self.made_for.renew((revision, match_index));
    }

    /// Draws `section` of match `match_index` of `doc` (the user may pick another match).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        lang: Lang,
        section: Section,
        doc: &Document,
        match_index: &mut usize,
        defaults: Defaults<'_>,
    ) -> Done {
        let mut done = Done::default();
        let matches = doc.paifu().matches.len();
        if *match_index >= matches {
            *match_index = 0;
        }
        // The forms show the document: made again whenever it changed by other means (undo, redo,
        // another match chosen).
        let teams_path = defaults.roster.1.map(Teams::beside);
        if self.teams.as_ref().is_none_or(|(p, _, _)| *p != teams_path) {
            let (teams, problem) = teams_path.as_deref().map(Teams::load).unwrap_or_default();
            self.teams = Some((teams_path, teams, problem));
        }
        let (teams, teams_problem) = match &self.teams {
            Some((_, teams, problem)) => (teams.clone(), problem.clone()),
            None => (Teams::built_in(), None),
        };
        if self.made_for.renew((doc.revision(), *match_index)) {
            self.form = Form::of(&doc.info(*match_index).unwrap_or_default());
            listed_teams(&mut self.form, &teams);
            self.errors = Errors::default();
            self.carried = Default::default();
        }
        egui::Panel::left("sections").resizable(false).show(ui, |ui| {
            ui.add_space(6.0);
            if matches > 1 {
                let l = ui.label(tr!("forms-match-label").get(lang));
                let numbers: Vec<String> = (1..=matches).map(|i| i.to_string()).collect();
                let selected = format!("{} / {matches}", *match_index + 1);
                if let Some(i) = super::dropdown::dropdown(ui, l.id, "match.index", &selected, &numbers, 120.0, lang) {
                    *match_index = i;
                }
                ui.separator();
            }
            for s in Section::ALL {
                let c = s.command();
                let text = format!("{}  {}", c.label(lang), c.shortcut_text(ui.ctx()));
                if ui.selectable_label(section == s, text).on_hover_text(c.tooltip(lang)).clicked() {
                    done.commands.push(c);
                }
            }
        });
        // Ctrl+1..6 lands in the section's first field, also when the section shows already.
        let shortcuts = section.command().shortcuts();
        let asked = ui.input(|i| {
            i.raw.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key, pressed: true, modifiers, .. }
                    if shortcuts.iter().any(|s| s.logical_key == *key && modifiers.matches_logically(s.modifiers)))
            })
        });
        if asked || self.shown != Some((section, *match_index)) {
            self.shown = Some((section, *match_index));
            crate::ui::focus_next_field(ui.ctx());
        }
        let Some(current) = doc.info(*match_index) else { return done };
        let Some(m) = doc.paifu().matches.get(*match_index) else { return done };
        // Counted by the rules the match names (else the Settings'), as check judges it.
        let computed = compute_results(m, defaults.point_rule, &crate::rules::rules_or(m, &defaults.rules));
        let player_names = crate::ui::player_names(m, lang);
        let change = egui::CentralPanel::default()
            .show(ui, |ui| {
                let mut view = FormView {
                    lang,
                    form: &mut self.form,
                    errors: &self.errors,
                    computed: computed.as_ref(),
                    player_names,
                    scorer: defaults.scorer,
                    roster: defaults.roster.0,
                    teams: &teams,
                    new_recorder: &mut self.new_recorder,
                    teams_problem: teams_problem.as_ref(),
                    offer: &mut self.offer,
                    carried: &mut self.carried,
                    m,
                };
                show(ui, section, &mut view)
            })
            .inner;
        let (info, errors) = self.form.read(&current);
        self.errors = errors;
        if let Some(change) = change
            && info != current
        {
            done.change = Some((info, change.group));
        }
        done
    }
}

/// A team written by its names that is a team of the list shows as that team (without the
/// boxes of a custom name).
fn listed_teams(form: &mut Form, teams: &Teams) {
    for p in &mut form.players {
        let part = |s: &str| Some(s.to_string()).filter(|s| !s.is_empty());
        let lit = crate::format::StrLit { native: part(&p.team.native), roman: part(&p.team.roman) };
        if p.team.pick == super::text::Pick::Custom && teams.find(&crate::format::Choice::Custom(lit)).is_some() {
            p.team.pick = super::text::Pick::Listed;
        }
    }
}

/// What the sections draw from besides their buffers.
struct FormView<'a> {
    lang: Lang,
    form: &'a mut Form,
    errors: &'a Errors,
    computed: Option<&'a Computed>,
    /// Player names by plyerId, for the results table.
    player_names: [String; 4],
    scorer: &'a NameForm,
    roster: &'a Roster,
    /// The teams offered in the players' team fields, and why the teams file was not read.
    teams: &'a Teams,
    teams_problem: Option<&'a TeamsProblem>,
    new_recorder: &'a mut Option<usize>,
    offer: &'a mut Offer,
    carried: &'a mut [CarriedNote; 4],
    /// The match shown (its tournament and date place it in its season).
    m: &'a Match,
}

/// Draws `section`; returns the change made this frame, if any.
fn show(ui: &mut Ui, section: Section, v: &mut FormView<'_>) -> Option<Change> {
    let mut t = Tracker::default();
    ui.heading(section.command().label(v.lang));
    ui.label(RichText::new(section.command().tooltip(v.lang)).weak());
    ui.add_space(8.0);
    egui::ScrollArea::both().show(ui, |ui| match section {
        Section::Tournament => tournament(ui, v, &mut t),
        Section::TimePlace => time_place(ui, v, &mut t),
        Section::Recorders => recorders(ui, v, &mut t),
        Section::Players => players(ui, v, &mut t),
        Section::PointRules => point_rules(ui, v, &mut t),
        Section::Results => results(ui, v, &mut t),
    });
    t.change
}

fn grid(id: &str) -> Grid {
    Grid::new(id).num_columns(3).spacing([12.0, 8.0])
}

fn tournament(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    let lang = v.lang;
    let f = &mut v.form.tour;
    grid("tour").show(ui, |ui| {
        choice_field(
            ui,
            tr!("forms-tour-name").get(lang),
            "tour.name",
            &mut f.name,
            tr!("forms-none").get(lang),
            lang,
            t,
        );
        error_of(ui, v.errors, "tour.name", lang);
        ui.end_row();
        text_row(ui, tr!("forms-tour-year").get(lang), "tour.year", &mut f.year, "2025", 80.0, v.errors, lang, t);
        choice_field(
            ui,
            tr!("forms-tour-stage").get(lang),
            "tour.stage",
            &mut f.stage,
            tr!("forms-none").get(lang),
            lang,
            t,
        );
        error_of(ui, v.errors, "tour.stage", lang);
        ui.end_row();
        text_row(
            ui,
            tr!("forms-tour-in-stage").get(lang),
            "tour.in_stage",
            &mut f.in_stage,
            "",
            80.0,
            v.errors,
            lang,
            t,
        );
        text_row(ui, tr!("forms-tour-in-day").get(lang), "tour.in_day", &mut f.in_day, "", 80.0, v.errors, lang, t);
    });
}

fn time_place(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    let lang = v.lang;
    let f = &mut v.form.time_place;
    grid("mtp").show(ui, |ui| {
        let l = ui.label(tr!("forms-match-date").get(lang));
        ui.horizontal(|ui| {
            t.typed(
                crate::ui::text_input(ui, l.id, "mtp.date", &mut f.date, tr!("forms-date-hint").get(lang), 110.0),
                "mtp.date",
            );
            let mut day = match read_date(&f.date) {
                Ok(Some(d)) => jiff::civil::Date::new(d.year as i16, d.month as i8, d.day as i8).ok(),
                _ => None,
            }
            .unwrap_or_else(|| jiff::Zoned::now().date());
            let before = day;
            ui.add(
                egui_extras::DatePickerButton::new(&mut day)
                    .id_salt("mtp.date.picker")
                    .calendar_week(false)
                    .show_icon(false),
            );
            if day != before {
                f.date = format!("{:04}-{:02}-{:02}", day.year(), day.month(), day.day());
                t.picked(true);
            }
        });
        error_of(ui, v.errors, "mtp.date", lang);
        ui.end_row();
        ui.label(tr!("forms-match-weekday").get(lang));
        let weekday = read_date(&f.date).ok().flatten().and_then(crate::format::Date::weekday);
        ui.label(weekday.map(|d| d.name(lang)).unwrap_or("—"));
        ui.end_row();
        text_row(
            ui,
            tr!("forms-match-time").get(lang),
            "mtp.time",
            &mut f.time,
            tr!("forms-time-hint").get(lang),
            80.0,
            v.errors,
            lang,
            t,
        );
        choice_field(
            ui,
            tr!("forms-match-place").get(lang),
            "mtp.place",
            &mut f.place,
            tr!("forms-none").get(lang),
            lang,
            t,
        );
        error_of(ui, v.errors, "mtp.place", lang);
        ui.end_row();
    });
}

fn recorders(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    let lang = v.lang;
    if v.form.recorders.is_empty() {
        ui.label(tr!("forms-no-recorders").get(lang));
    }
    let mut remove = None;
    if let Some((row, person)) = v.offer.keys(ui, v.roster, false) {
        fill_recorder(v, row, person, t);
    }
    let mut focus = None;
    for (i, r) in v.form.recorders.iter_mut().enumerate() {
        ui.group(|ui| {
            ui.horizontal(|ui| {
                ui.strong(format!("{} {}", tr!("forms-recorder-n").get(lang), i + 1));
                if ui.button(tr!("forms-remove-recorder").get(lang)).clicked() {
                    remove = Some(i);
                }
            });
            grid(&format!("rec{i}")).show(ui, |ui| {
                ui.label(tr!("ui-scorer-name").get(lang));
                if *v.new_recorder == Some(i) {
                    *v.new_recorder = None;
                    crate::ui::focus_next_field(ui.ctx());
                }
                if let Some(typed) = ui.vertical(|ui| name_inputs(ui, &format!("rec{i}"), &mut r.name, lang, t)).inner {
                    focus = Some((i, typed));
                }
                ui.end_row();
                let l = ui.label(tr!("forms-frames-list").get(lang));
                ui.horizontal(|ui| {
                    t.picked(ui.checkbox(&mut r.all_frames, tr!("forms-frames-all").get(lang)).changed());
                    if !r.all_frames {
                        let key = format!("rec{i}.frames");
                        t.typed(
                            crate::ui::text_input(
                                ui,
                                l.id,
                                &key,
                                &mut r.frames,
                                tr!("forms-frames-hint").get(lang),
                                240.0,
                            ),
                            &key,
                        );
                    }
                });
                error_of(ui, v.errors, &format!("rec{i}.frames"), lang);
                ui.end_row();
            });
        });
    }
    v.offer.focused(focus);
    if let Some((row, person)) = v.offer.show(ui, v.roster, false, lang) {
        fill_recorder(v, row, person, t);
    }
    if let Some(i) = remove {
        v.form.recorders.remove(i);
        t.picked(true);
    }
    let add = ui.button(tr!("forms-add-recorder").get(lang));
    // The section's first field when there is no recorder yet (Ctrl+3 lands here).
    crate::ui::fields::take_focus_if_next(ui, &add);
    if add.clicked() {
        *v.new_recorder = Some(v.form.recorders.len());
        // The scorer's own name, unless the scorer is already listed.
        let mine = v.scorer.clone();
        let name = if v.form.recorders.iter().any(|r| r.name == mine) { NameForm::default() } else { mine };
        v.form.recorders.push(RecorderForm { name, all_frames: true, frames: String::new() });
        t.picked(true);
    }
}

fn seat_label(seat: u8, lang: Lang) -> String {
    seat_text(seat).into_lang(lang)
}

/// "East (ply 0)".
fn seat_text(seat: u8) -> Text {
    let w = Wind::ALL.get(usize::from(seat)).copied().unwrap_or(Wind::East);
    tr!("forms-seat-label", wind = w.word(), seat = seat)
}

fn players(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    let lang = v.lang;
    let roman = |x: Msg| tr!("forms-romanized-field", field = x).into_lang(lang);
    let headers = [
        tr!("forms-seat-at-e1").get(lang).to_string(),
        tr!("forms-last-name").get(lang).to_string(),
        tr!("forms-first-name").get(lang).to_string(),
        roman(tr!("forms-last-name")),
        roman(tr!("forms-first-name")),
        tr!("ui-team").get(lang).to_string(),
        tr!("forms-affiliation").get(lang).to_string(),
        tr!("forms-prev-personal").get(lang).to_string(),
        tr!("forms-prev-team").get(lang).to_string(),
    ];
    if let Some((row, person)) = v.offer.keys(ui, v.roster, true) {
        fill_player_row(v, row, person, t);
    }
    let teams = v.teams;
    let seats: Vec<String> = (0..4u8).map(|s| seat_label(s, lang)).collect();
    let mut focus = None;
    Grid::new("players").num_columns(headers.len()).spacing([8.0, 8.0]).striped(true).show(ui, |ui| {
        // The column headers name the fields below them (their accessible names).
        // Long headers break before their bracket so the table fits the window.
        let ids: Vec<egui::Id> =
            headers.iter().map(|h| ui.strong(h.replacen(" (", "\n(", 1).replacen('（', "\n（", 1)).id).collect();
        ui.end_row();
        for (i, p) in v.form.players.iter_mut().enumerate() {
            let seat = &seat_label(p.seat, lang);
            let key = format!("ply{i}.seat");
            if let Some(s) = super::dropdown::dropdown(ui, ids[0], &key, seat, &seats, 110.0, lang)
                && p.seat != s as u8
            {
                p.seat = s as u8;
                t.picked(true);
            }
            let parts: [(&mut String, &str, Msg); 4] = [
                (&mut p.name.last_native, "last_native", tr!("forms-native-script")),
                (&mut p.name.first_native, "first_native", tr!("forms-native-script")),
                (&mut p.name.last_roman, "last_roman", tr!("forms-romanized")),
                (&mut p.name.first_roman, "first_roman", tr!("forms-romanized")),
            ];
            for (col, (text, part, hint)) in parts.into_iter().enumerate() {
                let key = format!("ply{i}.{part}");
                let resp = crate::ui::text_input_response(ui, ids[col + 1], &key, text, hint.get(lang), 96.0);
                t.typed(resp.changed(), &key);
                if resp.has_focus() {
                    focus = Some((i, text.clone()));
                }
            }
            ui.vertical(|ui| {
                super::widgets::team_input(ui, ids[5], &format!("ply{i}.team"), &mut p.team, teams, lang, t)
            });
            ui.vertical(|ui| {
                let key = format!("ply{i}.affiliation");
                super::widgets::choice_input(
                    ui,
                    ids[6],
                    &key,
                    &mut p.affiliation,
                    tr!("forms-left-out").get(lang),
                    lang,
                    t,
                )
            });
            for (col, (text, part)) in
                [(&mut p.prev_personal, "prev_personal"), (&mut p.prev_team, "prev_team")].into_iter().enumerate()
            {
                let key = format!("ply{i}.{part}");
                t.typed(crate::ui::text_input(ui, ids[col + 7], &key, text, "0.0", 70.0), &key);
            }
            ui.end_row();
        }
    });
    v.offer.focused(focus);
    if let Some((row, person)) = v.offer.show(ui, v.roster, true, lang) {
        fill_player_row(v, row, person, t);
    }
    if let Some(problem) = v.teams_problem {
        ui.label(RichText::new(problem.0.get(lang)).color(crate::ui::WARNING));
    }
    // Where carried tournament points came from.
    for (i, p) in v.form.players.iter().enumerate() {
        if let Some(note) = v.carried[i].text() {
            let text =
                tr!("forms-carried-note", seat = seat_text(p.seat), carried = tr!("forms-prev-carried"), note = note);
            let text = text.get(lang);
            ui.label(RichText::new(text).weak());
        }
    }
    // The errors of each row, naming the seat and the field.
    for (i, p) in v.form.players.iter().enumerate() {
        let fields = [
            ("seat", tr!("forms-seat-at-e1")),
            ("team", tr!("ui-team")),
            ("affiliation", tr!("forms-affiliation")),
            ("prev_personal", tr!("forms-prev-personal")),
            ("prev_team", tr!("forms-prev-team")),
        ];
        for (part, name) in fields {
            if let Some(problem) = v.errors.get(&format!("ply{i}.{part}")) {
                let text = tr!("forms-row-problem", seat = seat_text(p.seat), field = name, problem = problem.text());
                let text = text.get(lang);
                ui.label(RichText::new(text).color(crate::ui::ERROR));
            }
        }
    }
}

/// Player row `row` filled from person `person` of the roster, with their carried points.
fn fill_player_row(v: &mut FormView<'_>, row: usize, person: usize, t: &mut Tracker) {
    if let Some(p) = v.form.players.get_mut(row) {
        v.carried[row] = fill_player(p, v.roster, person, v.m);
        listed_teams(v.form, v.teams);
        t.picked(true);
    }
}

/// Recorder row `row` named after person `person` of the roster.
fn fill_recorder(v: &mut FormView<'_>, row: usize, person: usize, t: &mut Tracker) {
    if let (Some(r), Some(p)) = (v.form.recorders.get_mut(row), v.roster.people.get(person)) {
        r.name = NameForm::of_person(&p.name);
        t.picked(true);
    }
}

fn point_rules(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    super::rules_view::game_rules(ui, v.lang, v.form, t);
    let lang = v.lang;
    let f = &mut v.form.rules;
    t.picked(ui.checkbox(&mut f.enabled, tr!("forms-write-rules").get(lang)).changed());
    if !f.enabled {
        return;
    }
    grid("ptr").show(ui, |ui| {
        let l = ui.label(tr!("forms-preset").get(lang));
        let current = f.matching_preset();
        let selected = current.map(|p| p.label(lang)).unwrap_or(tr!("forms-preset-custom").get(lang));
        let presets: Vec<String> = Preset::ALL.iter().map(|p| p.label(lang).to_string()).collect();
        if let Some(p) = super::dropdown::dropdown(ui, l.id, "ptr.preset", selected, &presets, 300.0, lang)
            .and_then(|i| Preset::ALL.get(i).copied())
        {
            *f = RulesForm::preset(p);
            t.picked(true);
        }
        ui.end_row();
        let fields: [(Msg, &str, &mut String); 5] = [
            (tr!("forms-rule-start"), "ptr.start", &mut f.start),
            (tr!("forms-rule-return"), "ptr.return", &mut f.return_points),
            (tr!("forms-rule-uma41"), "ptr.uma41", &mut f.uma_4_to_1),
            (tr!("forms-rule-uma32"), "ptr.uma32", &mut f.uma_3_to_2),
            (tr!("forms-rule-honba"), "ptr.honba", &mut f.honba),
        ];
        for (label, key, text) in fields {
            text_row(ui, label.get(lang), key, text, "0.0", 80.0, v.errors, lang, t);
        }
    });
}

fn results(ui: &mut Ui, v: &mut FormView<'_>, t: &mut Tracker) {
    super::results_view::results(ui, v.lang, v.computed, &v.player_names, &mut v.form.results, v.errors, t);
}
