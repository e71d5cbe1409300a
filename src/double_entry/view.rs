//! The compare screen: the differences of the two recordings in a list (the side chosen for
//! each marked), both tables side by side at the one shown, the check of the reconciled record,
//! and the buttons of the command table (keys: Up/Down move, Left or A keeps mine, Right or B
//! takes theirs, Ctrl+Enter saves).

use egui::{Color32, RichText, Ui};

use super::{Reconciliation, check_words};
use crate::compare::Side;
use crate::document::Document;
use crate::format::Paifu;
use crate::i18n::{Lang, Text, tr};
use crate::ui::command::Command;
use crate::ui::{ERROR, table_view};

const MINE: Color32 = crate::ui::palette::ACCENT;
const THEIRS: Color32 = crate::ui::palette::OTHER;
const GOOD: Color32 = crate::ui::palette::GOOD;

/// What the shell does after the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DoubleEntryOutcome {
    /// The reconciled record is the document's now: save it, and say this.
    Saved(Text),
    /// Back to the editor, nothing made.
    Back,
}

/// The compare screen of the open document.
#[derive(Clone, Debug)]
pub struct ReconcileScreen {
    pub model: Reconciliation,
    /// The difference shown moved by a key: the list scrolls to it.
    scroll: bool,
}

impl ReconcileScreen {
    pub fn new(model: Reconciliation) -> ReconcileScreen {
        ReconcileScreen { model, scroll: false }
    }

    /// Carries out one of the screen's commands (from its keys, its buttons or the menus).
    pub fn run(&mut self, cmd: Command, doc: &mut Document) -> Option<DoubleEntryOutcome> {
        self.model.follow(doc);
        match cmd {
            Command::PrevDifference => {
                self.model.step(-1);
                self.scroll = true;
            }
            Command::NextDifference => {
                self.model.step(1);
                self.scroll = true;
            }
            Command::KeepMine => self.model.choose(Side::A),
            Command::TakeTheirs => self.model.choose(Side::B),
            Command::SaveReconciled => return Some(DoubleEntryOutcome::Saved(self.model.apply(doc))),
            _ => {}
        }
        None
    }

    /// Draws the screen; returns the commands asked for by its buttons, and whether to leave.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang, doc: &Document) -> (Vec<Command>, Option<DoubleEntryOutcome>) {
        self.model.follow(doc);
        let mut commands = Vec::new();
        let mut outcome = None;
        let scroll = std::mem::take(&mut self.scroll);
        let m = &mut self.model;
        ui.heading(Command::Compare.label(lang).trim_end_matches('…'));
        let mine = doc.path().map_or_else(|| "untitled.jmjp".to_string(), |p| p.display().to_string());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(tr!("double-entry-mine-path", path = mine).get(lang)).color(MINE).strong());
            let theirs = tr!("double-entry-theirs-path", path = m.theirs_path().display().to_string());
            ui.label(RichText::new(theirs.get(lang)).color(THEIRS).strong());
        });
        let n = m.differences().len();
        ui.label(tr!("double-entry-summary", count = n, taken = m.taken_from_theirs()).get(lang));
        let check = m.check(doc);
        let color = if check.errors == 0 { GOOD } else { ERROR };
        ui.label(RichText::new(check_words(&check).get(lang)).color(color).strong());
        for d in &check.first {
            ui.label(RichText::new(format!("  {}", d.message.get(lang))).color(ERROR));
        }
        ui.horizontal(|ui| {
            for c in [Command::KeepMine, Command::TakeTheirs, Command::SaveReconciled] {
                let enabled = c == Command::SaveReconciled || n > 0;
                if c.button(ui, lang, enabled) {
                    commands.push(c);
                }
            }
            if ui.button(tr!("ui-back").get(lang)).clicked() {
                outcome = Some(DoubleEntryOutcome::Back);
            }
        });
        ui.separator();
        if n == 0 {
            ui.label(RichText::new(tr!("double-entry-same").get(lang)).color(GOOD));
            return (commands, outcome);
        }
        let several = m.several_matches(doc);
        let list_width = (ui.available_width() * 0.36).clamp(320.0, 560.0);
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(list_width);
                let mut clicked = None;
                egui::ScrollArea::vertical().id_salt("compare.list").show(ui, |ui| {
                    for (k, d) in m.differences().iter().enumerate() {
                        let side = m.choices.get(k).copied().unwrap_or(Side::A);
                        let mark = match side {
                            Side::A => RichText::new("A").color(MINE).strong(),
                            Side::B => RichText::new("B").color(THEIRS).strong(),
                        };
                        ui.horizontal(|ui| {
                            ui.label(mark);
                            let text = d.describe(several).get(lang).to_string();
                            let row = ui.selectable_label(k == m.selected, text);
                            if row.clicked() {
                                clicked = Some(k);
                            }
                            if k == m.selected && scroll {
                                row.scroll_to_me(Some(egui::Align::Center));
                            }
                        });
                    }
                });
                if let Some(k) = clicked {
                    m.selected = k;
                }
            });
            ui.separator();
            ui.vertical(|ui| both_tables(ui, lang, m, doc));
        });
        (commands, outcome)
    }
}

/// Both tables at the difference shown: mine on the left, theirs on the right; the two texts for
/// a difference outside the frames.
fn both_tables(ui: &mut Ui, lang: Lang, m: &Reconciliation, doc: &Document) {
    let Some(d) = m.differences().get(m.selected) else { return };
    let tables = m.tables(doc);
    let [fa, fb] = m.comparison().frames_of(d);
    let names = |p: &Paifu, at: Option<(usize, usize)>| -> Option<[String; 4]> {
        let (mi, fi) = at?;
        let mt = p.matches.get(mi)?;
        Some(mt.frames.get(fi)?.id.by_seat(crate::ui::player_names(mt, lang)))
    };
    let side_names = [names(doc.paifu(), fa), names(m.theirs(), fb)];
    let frame = |p: &'_ Paifu, at: Option<(usize, usize)>| p.matches.get(at?.0)?.frames.get(at?.1).cloned();
    let frames = [frame(doc.paifu(), fa), frame(m.theirs(), fb)];
    let values = [&d.a, &d.b];
    let chosen = m.choices.get(m.selected).copied().unwrap_or(Side::A);
    ui.columns(2, |cols| {
        for (i, ui) in cols.iter_mut().enumerate() {
            let side = if i == 0 { Side::A } else { Side::B };
            let (title, color) = match side {
                Side::A => (tr!("double-entry-mine"), MINE),
                Side::B => (tr!("double-entry-theirs"), THEIRS),
            };
            let title = if side == chosen {
                tr!("double-entry-chosen", side = title).into_lang(lang)
            } else {
                title.get(lang).to_string()
            };
            ui.label(RichText::new(title).color(color).strong());
            let value = values[i].clone().unwrap_or_else(|| tr!("double-entry-none").get(lang).to_string());
            ui.label(RichText::new(value).monospace());
            ui.push_id(("compare.table", i), |ui| match (&tables[i], &side_names[i], &frames[i]) {
                (Some((t, turn)), Some(names), Some(f)) => {
                    let centre = table_view::Centre::of(f, t);
                    egui::ScrollArea::vertical().id_salt(("compare.scroll", i)).show(ui, |ui| {
                        table_view::table(ui, lang, t, *turn, names, Some(&centre));
                    });
                }
                _ if d.at.frame.is_some() => {
                    ui.label(tr!("double-entry-no-such-frame").get(lang));
                }
                _ => {}
            });
        }
    });
}
