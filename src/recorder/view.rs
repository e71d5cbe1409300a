//! The recorder screen: a header (frame, honba, sticks, dora, wall, save state, the step expected
//! next), the table (four seats with hands, melds and rivers), the action bar and the tile
//! palette, and a side panel with the frame flow and the problems. It draws a snapshot of the
//! session and returns what the scorer asked for as [`RecorderEvent`]s; [`super::screen`] carries them
//! out.

use egui::{Color32, RichText, Ui};

use std::sync::Arc;

use crate::document::Document;
use crate::format::{Act, FrameId, Points, Seat, Tile, act_text};
use crate::i18n::{Lang, Text, tr};
use crate::rules::Table;
use crate::rules::repair::{Cause, EndHands};
use crate::ui::command::Command;
use crate::ui::fields::read_act;
use crate::ui::problems::Clicked;
use crate::ui::{ERROR, problems, table_view, tiles};

use super::SaveState;
use super::correct::Mode;
use super::intent::{Action, Click};
use super::session::{EndKind, Session, Snapshot, Step};
use super::step_forms::{self, DealForm, FormEvent};
use super::view_state::ViewState;

/// What the scorer asked for with the pointer or in a form (keys are read by the keymap).
#[derive(Clone, Debug)]
pub enum RecorderEvent {
    /// A tile of the palette, an action, a numbered choice, or one of the forms (Confirm, a
    /// tenpai mark): the keymap says what it means.
    Click(Click),
    /// An act was clicked (frame, act) to correct it; `None` closes the correction.
    Select(Option<(usize, usize)>),
    Correct {
        frame: usize,
        act: usize,
        to: Act,
    },
    /// A command of the app (Undo and Redo: while recording they go through the journal).
    Command(Command),
    /// The fix of a frame's likely cause (from the problems list).
    Fix {
        frame: usize,
        cause: Arc<Cause>,
    },
    /// The ura indicators were edited (the text of the field).
    Ura(String),
    /// Look at the match video at act `act` of frame `frame` (its deal when `None`).
    Video {
        frame: usize,
        act: Option<usize>,
    },
}

impl From<FormEvent> for RecorderEvent {
    fn from(e: FormEvent) -> RecorderEvent {
        match e {
            FormEvent::Confirm => RecorderEvent::Click(Click::Confirm),
            FormEvent::Tenpai(seat) => RecorderEvent::Click(Click::Tenpai(seat)),
            FormEvent::Ura(text) => RecorderEvent::Ura(text),
        }
    }
}

/// The words for a step, as the header shows them.
pub fn step_text(step: &Step, session: &Session, lang: Lang) -> String {
    let text = match step {
        Step::NoMatch => tr!("recorder-step-no-match").text(),
        Step::Deal => tr!("recorder-step-deal").text(),
        Step::Draw { seat, calls } if calls.is_empty() => tr!("recorder-step-draw", seat = seat.word()),
        Step::Draw { seat, .. } => tr!("recorder-step-draw-or-call", seat = seat.word()),
        Step::Discard { seat } => tr!("recorder-step-discard", seat = seat.word()),
        Step::Rinshan { seat, .. } => tr!("recorder-step-rinshan", seat = seat.word()),
        Step::MoreRon { .. } => tr!("recorder-step-more-ron").text(),
        Step::End(EndKind::Win) => tr!("recorder-step-end-win").text(),
        Step::End(EndKind::Exhaustive) => tr!("recorder-step-end-exhaustive").text(),
        Step::End(EndKind::Abortive) => tr!("recorder-step-end-abortive").text(),
    };
    let mut text = text.into_lang(lang);
    if session.riichi {
        text.push_str(tr!("recorder-step-riichi").get(lang));
    }
    if session.indicator {
        text.push_str(tr!("recorder-step-indicator").get(lang));
    }
    if let Some(d) = session.digit {
        text.push_str(&format!("  · {d}_"));
    }
    if let Some(t) = &session.typing {
        let count = t.need - t.tiles.len();
        text.push_str(tr!("recorder-step-typing", seat = t.seat.word(), count = count).get(lang));
    }
    text
}

/// What the screen shows besides the session's snapshot.
pub struct Shown<'a> {
    /// The player names by seat of the frame (East first), or the wind.
    pub names: [String; 4],
    /// The frame being recorded (its index) and its acts.
    pub flow: Option<(usize, &'a [Act])>,
    pub save: &'a SaveState,
    /// The dora field of the frame being recorded.
    pub dora: &'a [Tile],
    pub id: Option<FrameId>,
    pub kyoutaku: Points,
    /// The seats whose riichi stick is on the table.
    pub laid: [bool; 4],
    /// Whether there is something to undo, to redo.
    pub undo: (bool, bool),
    /// The document, for the problems list.
    pub doc: &'a Document,
    /// The likely causes of the error the last entries left, the likeliest first (`F` or Alt and
    /// a number makes a fix), and the fix named and waiting for a second `F` or Enter.
    pub live: Option<(&'a super::live_cause::LiveCauses, Option<super::live_cause::Armed>)>,
    /// No dialog is open over the screen: a form may take the focus when Tab is pressed.
    pub free: bool,
    /// With an act selected: the table after it, the seat whose act it is, and the act.
    pub at_selected: Option<(Table, Seat, usize)>,
    /// The AI players, when asked (Settings > AI players).
    pub ai: Option<&'a super::ai::AiPlayers>,
    /// Double entry with another desk, when on: its status and the open differences.
    pub double: Option<crate::double_entry::live::DoubleShown>,
    /// A match video is linked to the file: the problems list offers it.
    pub video: bool,
}

/// Draws the screen; returns what the scorer asked for.
pub fn show(
    ui: &mut Ui,
    lang: Lang,
    snap: &Snapshot,
    session: &Session,
    state: &mut ViewState,
    shown: &Shown<'_>,
) -> Vec<RecorderEvent> {
    let mut events = Vec::new();
    let names = &shown.names;
    egui::Panel::right("recorder.side").resizable(true).default_size(320.0).show(ui, |ui| {
        side_panel(ui, lang, shown, state, &mut events);
    });
    if let Some(d) = &shown.double {
        egui::Panel::right("recorder.double").resizable(true).default_size(340.0).show(ui, |ui| {
            crate::double_entry::live_view::panel(ui, lang, d);
        });
    }
    let ending = matches!(snap.step, Step::End(_)) && shown.at_selected.is_none() && snap.table.is_some();
    egui::Panel::bottom("recorder.bar").show(ui, |ui| {
        action_bar(ui, lang, snap, session, shown.undo, &mut events);
        // At a frame's end no tile is drawn or let go: the table has the room instead.
        if !ending {
            palette(ui, lang, snap, &mut events);
        }
    });
    // A frame's end: its form as a bar above the action bar, so the whole table stays in view
    // while the points are confirmed.
    if let (true, Step::End(kind)) = (ending, &snap.step) {
        egui::Panel::bottom("recorder.end").show(ui, |ui| {
            let (form, focus) = (&mut state.end, &mut state.end_focus);
            let asked = step_forms::end_form(ui, lang, *kind, form, focus, shown.free);
            events.extend(asked.into_iter().map(RecorderEvent::from));
        });
    }
    egui::CentralPanel::default().show(ui, |ui| {
        header(ui, lang, snap, session, shown, &state.deal);
        if let Some(m) = &state.message {
            ui.colored_label(ERROR, m.get(lang));
        }
        if let Some(ai) = shown.ai {
            ai_line(ui, lang, ai, names);
        }
        if !session.choices.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!("recorder-which").get(lang));
                for (i, c) in session.choices.iter().enumerate() {
                    if ui.button(format!("{}  {}", i + 1, c.label)).clicked() {
                        events.push(RecorderEvent::Click(Click::Pick(i + 1)));
                    }
                }
            });
        }
        ui.separator();
        if let Some((t, seat, a)) = &shown.at_selected {
            // Correcting an earlier act: the table as it stood after it.
            ui.label(RichText::new(correction_text(state, *a, shown, lang)).strong().color(SELECTED));
            table_view::table(ui, lang, t, Some(*seat), names, Some(&centre(shown, t, &snap.rules)));
            return;
        }
        match &snap.step {
            Step::Deal => {
                let asked = step_forms::deal_form(ui, lang, &mut state.deal, &mut state.deal_focus, shown.free);
                events.extend(asked.into_iter().map(RecorderEvent::from));
            }
            _ => {
                if let Some(t) = &snap.table {
                    table_view::table(ui, lang, t, turn_of(&snap.step), names, Some(&centre(shown, t, &snap.rules)));
                }
            }
        }
    });
    events
}

/// The colours of an AI choice the player made too, and of one the player did not.
const AI_AGREES: Color32 = crate::ui::palette::GOOD;
const AI_DIFFERS: Color32 = crate::ui::palette::WARNING;

/// "East", 東家.
fn seat_name(seat: Seat, lang: Lang) -> &'static str {
    crate::format::Wind::ALL[seat.index()].name(lang)
}

/// What the AI players would do now, and which of them failed.
fn ai_line(ui: &mut Ui, lang: Lang, ai: &super::ai::AiPlayers, names: &[String; 4]) {
    let pending: Vec<String> = ai
        .pending()
        .into_iter()
        .map(|n| format!("{} ({}) {}", seat_name(n.seat, lang), names[n.seat.index()], n.ai_text(lang)))
        .collect();
    if !pending.is_empty() {
        ui.label(RichText::new(pending.join(" · ")).color(AI_AGREES));
    }
    for (player, why) in ai.failures() {
        let text = tr!("recorder-ai-failed", player = player, why = why);
        ui.colored_label(ERROR, text.into_lang(lang));
    }
}

/// The colour of what concerns the selected act.
const SELECTED: Color32 = crate::ui::palette::OTHER;

/// What the keys do to the selected act, and what is half typed.
fn correction_text(state: &ViewState, act: usize, shown: &Shown<'_>, lang: Lang) -> String {
    let n = act + 1;
    let written = shown.flow.and_then(|(_, acts)| acts.get(act)).map(act_text).unwrap_or_default();
    let c = &state.correcting;
    let typed = c.digit.map(|d| format!("  · {d}_")).unwrap_or_default();
    let text = match c.mode {
        Mode::Discard => tr!("recorder-correcting-discard", n = n, written = written),
        Mode::Draw => tr!("recorder-correcting-draw", n = n, written = written),
        Mode::Insert { seat, draw: None, .. } => tr!("recorder-insert-draw", n = n, seat = seat.word()),
        Mode::Insert { seat, draw: Some(d), riichi } => {
            let r = if riichi { tr!("recorder-insert-riichi").text() } else { Text::default() };
            tr!("recorder-insert-discard", n = n, seat = seat.word(), drew = d, riichi = r)
        }
    };
    text.into_lang(lang) + &typed
}

/// The middle of the table of the frame being recorded: its indicators face up as the match's
/// rules turn them (no kan dora under JPML).
fn centre(shown: &Shown<'_>, t: &Table, rules: &crate::scoring::RuleOptions) -> table_view::Centre {
    let indicators = table_view::indicators_under(shown.dora, t, rules.kan_dora);
    table_view::Centre { id: shown.id, kyoutaku: shown.kyoutaku, laid: shown.laid, indicators }
}

fn header(ui: &mut Ui, lang: Lang, snap: &Snapshot, session: &Session, shown: &Shown<'_>, deal: &DealForm) {
    let (save, id, kyoutaku) = (shown.save, shown.id, shown.kyoutaku);
    let (save_said, bad) = save_text(save);
    let save_said = save_said.into_lang(lang);
    ui.horizontal(|ui| {
        if let Some(id) = id {
            ui.label(RichText::new(id.heading(lang)).size(22.0).strong());
            ui.label(tr!("recorder-honba-kyoutaku", honba = id.honba, kyoutaku = kyoutaku.as_points()).into_lang(lang));
        } else if snap.step == Step::Deal {
            // Between frames: the frame being dealt, as the deal form says it.
            ui.label(RichText::new(deal.id.trim()).size(22.0).strong());
            ui.label(tr!("recorder-dealing-kyoutaku", kyoutaku = deal.kyoutaku.trim()).into_lang(lang));
        }
        if !bad {
            ui.separator();
            ui.label(RichText::new(&save_said).weak());
        }
    });
    // Bad news has a line of its own, wrapped: a long reason reads whole at any width, in any
    // language (Japanese breaks between any two characters).
    if bad {
        let mut job = egui::text::LayoutJob::single_section(
            save_said,
            egui::TextFormat { color: ERROR, ..egui::TextFormat::default() },
        );
        // Japanese breaks between any two characters; English at spaces.
        let break_anywhere = lang == Lang::Ja;
        job.wrap = egui::text::TextWrapping { max_width: ui.available_width(), break_anywhere, ..Default::default() };
        ui.add(egui::Label::new(job).wrap());
    }
    ui.label(RichText::new(step_text(&snap.step, session, lang)).size(20.0).strong().color(crate::ui::palette::ACCENT));
    if let Some(d) = shown.double.as_ref().filter(|d| d.open() > 0) {
        crate::double_entry::live_view::header_line(ui, d);
    }
    if let Some((live, armed)) = shown.live {
        live_cause_lines(ui, live, armed, lang);
    }
}

/// The likely causes under the header: the first in large type with the key that makes it, the
/// others numbered for Alt+1..9, and the fix named and waiting for a second press.
fn live_cause_lines(
    ui: &mut Ui,
    live: &super::live_cause::LiveCauses,
    armed: Option<super::live_cause::Armed>,
    lang: Lang,
) {
    let green = crate::ui::palette::GOOD;
    if let Some(a) = armed {
        let text = live.naming(a.index).into_lang(lang);
        ui.label(RichText::new(text).size(16.0).strong().color(ERROR));
        return;
    }
    let key = super::keys::fix_key_name();
    let first = live.line(0);
    let said = if live.is_entry(0) {
        tr!("recorder-live-first-entry", cause = first, key = key)
    } else {
        tr!("recorder-live-first", cause = first, key = key)
    };
    ui.label(RichText::new(said.into_lang(lang)).size(16.0).strong().color(green));
    if live.causes.len() < 2 {
        return;
    }
    // The tiles that fit the entry on one line ("Alt+1 6s · Alt+2 7m"), each other change on one
    // of its own: the table stays in view.
    let n = live.causes.len();
    let tiles: Vec<String> = (0..n)
        .filter(|&i| live.is_entry(i))
        .map(|i| tr!("recorder-live-tile", number = i + 1, tile = live.short(i)).into_lang(lang))
        .collect();
    if !tiles.is_empty() {
        ui.label(RichText::new(tr!("recorder-live-tiles", tiles = tiles.join(" · ")).into_lang(lang)).color(green));
    }
    // A start hand's tiles that may have been typed for one seen later: one line.
    let mut grouped = Vec::new();
    for i in (0..n).filter(|&i| !live.is_entry(i)) {
        if grouped.contains(&i) {
            continue;
        }
        let line = match live.start_tile(i) {
            Some(key) => {
                let alike: Vec<usize> = (i..n).filter(|&j| live.start_tile(j) == Some(key)).collect();
                let tiles: Vec<String> = alike
                    .iter()
                    .map(|&j| tr!("recorder-live-tile", number = j + 1, tile = live.short(j)).into_lang(lang))
                    .collect();
                grouped.extend(alike);
                tr!("recorder-live-start-tiles", seat = key.0.word(), tile = key.1, tiles = tiles.join(" · "))
            }
            None => tr!("recorder-live-other", number = i + 1, cause = live.line(i)),
        };
        ui.label(RichText::new(line.into_lang(lang)).color(green));
    }
}

/// How the file stands, as the header says it, and whether that is bad news.
fn save_text(save: &SaveState) -> (Text, bool) {
    match save {
        SaveState::Saved => (tr!("recorder-saved").text(), false),
        SaveState::NoFile => (tr!("recorder-not-saved-yet").text(), false),
        SaveState::JournalOnly { entries, first_error: None } => (tr!("recorder-journal-only", count = *entries), true),
        SaveState::JournalOnly { entries, first_error: Some(e) } => {
            (tr!("recorder-journal-only-fix", count = *entries, error = e), true)
        }
        SaveState::NotSaved { why, .. } => (tr!("recorder-not-saved", why = why), true),
    }
}

/// The seat whose turn it is at `step`.
fn turn_of(step: &Step) -> Option<Seat> {
    match step {
        Step::Draw { seat, .. } | Step::Discard { seat } | Step::Rinshan { seat, .. } => Some(*seat),
        _ => None,
    }
}

fn action_bar(
    ui: &mut Ui,
    lang: Lang,
    snap: &Snapshot,
    session: &Session,
    undo: (bool, bool),
    events: &mut Vec<RecorderEvent>,
) {
    ui.horizontal_wrapped(|ui| {
        for a in Action::ALL {
            let on = (a == Action::Riichi && session.riichi) || (a == Action::Indicator && session.indicator);
            let b = egui::Button::new(a.label(lang)).shortcut_text(super::keys::key_name(a)).selected(on);
            let enabled = !matches!(snap.step, Step::Deal | Step::NoMatch | Step::End(_));
            if ui.add_enabled(enabled, b).on_hover_text(a.tooltip(lang)).clicked() {
                events.push(RecorderEvent::Click(Click::Action(a)));
            }
        }
        ui.separator();
        for (c, enabled) in [(Command::Undo, undo.0), (Command::Redo, undo.1)] {
            if c.button(ui, lang, enabled) {
                events.push(RecorderEvent::Command(c));
            }
        }
    });
}

/// Every tile: click to enter it. Dimmed: none left to draw, or not in the hand for a discard.
/// No red five where the match's rules play none.
fn palette(ui: &mut Ui, lang: Lang, snap: &Snapshot, events: &mut Vec<RecorderEvent>) {
    let t = snap.table.as_ref();
    let red_fives = snap.rules.red_fives;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for tile in Tile::ALL.into_iter().filter(|t| red_fives || !t.is_red()) {
            let dim = match (&snap.step, t) {
                (Step::Discard { seat }, Some(t)) => {
                    let st = &t.seats[seat.index()];
                    !st.hand.contains(&tile) && !st.hand.iter().any(|h| h.is_unknown())
                }
                (Step::Draw { .. } | Step::Rinshan { .. }, Some(t)) => !tile.is_unknown() && left_of(t, tile) == 0,
                _ => false,
            };
            let img = tiles::image(ui.ctx(), tile, 28.0, dim);
            let resp = ui.add(egui::Button::image(img).frame(false));
            let code = tile.code();
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, code));
            if resp.on_hover_text(palette_hint(tile, lang)).clicked() {
                events.push(RecorderEvent::Click(Click::Tile(tile)));
            }
        }
    });
}

fn palette_hint(tile: Tile, lang: Lang) -> String {
    let keys = crate::interop::mpsz::tiles_text(&[tile]);
    tr!("recorder-palette-hint", tile = tile, keys = keys).into_lang(lang)
}

/// Copies of `tile` not yet seen (four of a kind, one red five per suit).
fn left_of(t: &Table, tile: Tile) -> u8 {
    if tile.is_red() {
        return 1u8.saturating_sub(t.seen_count(tile));
    }
    let kind = tile.kind().unwrap_or(0);
    4u8.saturating_sub(t.seen_of_kind(kind))
}

fn side_panel(ui: &mut Ui, lang: Lang, shown: &Shown<'_>, state: &mut ViewState, events: &mut Vec<RecorderEvent>) {
    let flow = shown.flow;
    ui.heading(tr!("recorder-frame-flow").get(lang));
    if let Some((frame, acts)) = flow {
        if let Some((f, a)) = state.selected
            && f == frame
        {
            ui.label(tr!("recorder-correct-act", n = a + 1).into_lang(lang));
            ui.horizontal(|ui| {
                let l = ui.label(tr!("recorder-act").get(lang));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut state.correction).id_salt("correct.act").desired_width(150.0))
                    .labelled_by(l.id);
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(tr!("recorder-replace").get(lang)).clicked() || enter {
                    match read_act(&state.correction, lang) {
                        Ok(to) => {
                            state.correction_error = None;
                            events.push(RecorderEvent::Correct { frame: f, act: a, to });
                        }
                        Err(e) => state.correction_error = Some(e),
                    }
                }
                if ui.button(tr!("recorder-close").get(lang)).clicked() {
                    events.push(RecorderEvent::Select(None));
                }
            });
            if let Some(e) = &state.correction_error {
                ui.colored_label(ERROR, e);
            }
            ui.separator();
        }
        egui::ScrollArea::vertical()
            .id_salt("flow")
            .max_height(ui.available_height() * 0.55)
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let last = acts.len().saturating_sub(1);
                let scroll = std::mem::take(&mut state.scroll_flow);
                for (n, act) in acts.iter().enumerate() {
                    let text = format!("{:>3}  {}", n + 1, act_text(act));
                    let picked = state.selected == Some((frame, n));
                    let selected = picked || (state.selected.is_none() && n == last);
                    let row = ui.selectable_label(selected, RichText::new(text).monospace());
                    if picked && scroll {
                        row.scroll_to_me(Some(egui::Align::Center));
                    }
                    if row.clicked() {
                        events.push(RecorderEvent::Select(Some((frame, n))));
                    }
                    for note in shown.ai.map(|ai| ai.notes_of(frame, n)).unwrap_or_default() {
                        let text = format!("      {} {}", seat_name(note.seat, lang), note.text().get(lang));
                        let colour = if note.agrees == Some(false) { AI_DIFFERS } else { AI_AGREES };
                        ui.label(RichText::new(text).small().color(colour));
                    }
                }
            });
        if let Some(ai) = shown.ai {
            let rates: Vec<String> = ai
                .agreement(frame)
                .into_iter()
                .map(|(seat, agreed, counted)| format!("{} {agreed}/{counted}", seat_name(seat, lang)))
                .collect();
            if !rates.is_empty() {
                ui.label(tr!("recorder-ai-agreement", rates = rates.join(" · ")).into_lang(lang));
            }
        }
    }
    ui.separator();
    // The frame being recorded names the cause its header ranks first.
    let first = shown.live.and_then(|(l, _)| Some(((l.match_index, l.frame), Arc::new(l.causes.first()?.clone()))));
    match problems::list(ui, lang, "diagnostics", shown.doc, (EndHands::Derived, first, shown.video), None) {
        Some(Clicked::Go(place)) => {
            if let (Some(f), Some(a)) = (place.frame, place.act) {
                events.push(RecorderEvent::Select(Some((f, a))));
            }
        }
        Some(Clicked::Fix { frame, cause, .. }) => events.push(RecorderEvent::Fix { frame, cause }),
        Some(Clicked::Video { frame, act, .. }) => events.push(RecorderEvent::Video { frame, act }),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recorder::KeyProblem;

    #[test]
    fn the_header_says_the_step_and_the_file_in_both_languages_as_before() {
        let mut session = Session::default();
        let draw = Step::Draw { seat: Seat::South, calls: Vec::new() };
        assert_eq!(step_text(&draw, &session, Lang::En), "S draws");
        session.riichi = true;
        assert_eq!(step_text(&draw, &session, Lang::Ja), "南家のツモ  · リーチ宣言");
        let one = save_text(&SaveState::JournalOnly { entries: 1, first_error: None });
        assert_eq!(one, (Text::new("1 entry only in the journal", "1 件はジャーナルのみ"), true));
        let error = Some(Text::new("E1-0", "東1局"));
        let three = save_text(&SaveState::JournalOnly { entries: 3, first_error: error }).0;
        assert_eq!(three.en, "3 entries only in the journal: fix E1-0");
        assert_eq!(three.ja, "3 件はジャーナルのみ：東1局 を直してください");
        assert_eq!(save_text(&SaveState::Saved), (Text::new("saved", "保存済み"), false));
    }

    #[test]
    fn a_key_that_did_nothing_says_why_with_the_action_in_each_language() {
        let no_pon = KeyProblem::NoCall(Action::Pon).text();
        assert_eq!(no_pon, Text::new("no seat can pon the last discard", "直前の打牌をポンできる席はありません"));
        let honour = KeyProblem::NoSuchHonour(8).text();
        assert_eq!(honour.en, "8z is not a tile: honours are 1z..7z (E S W N, white, green, red)");
        assert_eq!(KeyProblem::NotNow(Action::Riichi).text().ja, "今はリーチできません");
    }
}
