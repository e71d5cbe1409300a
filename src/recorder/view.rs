//! The recorder screen: a header (frame, honba, sticks, dora, wall, save state, the step expected
//! next), the table (four seats with hands, melds and rivers), the action bar and the tile
//! palette, and a side panel with the frame flow and the problems. It draws a snapshot of the
//! session and returns what the scorer asked for as [`RecorderEvent`]s; [`super::screen`] carries them
//! out.

use egui::{Color32, RichText, Ui};

use std::sync::Arc;

use crate::document::Document;
use crate::format::{Act, FrameId, Points, Seat, Tile, act_text};
use crate::i18n::Lang;
use crate::rules::Table;
use crate::rules::repair::{Cause, EndHands};
use crate::ui::command::Command;
use crate::ui::fields::read_act;
use crate::ui::problems::Clicked;
use crate::ui::{ERROR, problems, table_view, tiles};

use super::SaveState;
use super::correct::Mode;
use super::intent::{Action, Intent};
use super::session::{EndKind, Session, Snapshot, Step};
use super::step_forms::{self, DealForm, FormEvent};
use super::view_state::ViewState;

/// What the scorer asked for with the pointer or in a form (keys are read by the keymap).
#[derive(Clone, Debug)]
pub enum RecorderEvent {
    /// An intent for the session: a tile of the palette, an action, a numbered choice; or one
    /// of the forms (Confirm, a tenpai mark).
    Intent(Intent),
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
}

impl From<FormEvent> for RecorderEvent {
    fn from(e: FormEvent) -> RecorderEvent {
        match e {
            FormEvent::Confirm => RecorderEvent::Intent(Intent::Confirm),
            FormEvent::Tenpai(seat) => RecorderEvent::Intent(Intent::Tenpai(seat)),
            FormEvent::Ura(text) => RecorderEvent::Ura(text),
        }
    }
}

/// The words for a step, as the header shows them.
pub fn step_text(step: &Step, session: &Session, lang: Lang) -> String {
    let s = |x: Seat| x.name(lang);
    let mut text = match (step, lang) {
        (Step::NoMatch, _) => lang.pick("No match to record", "記録する対局がありません").to_string(),
        (Step::Deal, _) => {
            lang.pick("Deal the frame: dora indicator and start hands", "配牌：ドラ表示牌と4人の配牌").to_string()
        }
        (Step::Draw { seat, calls }, Lang::En) if calls.is_empty() => format!("{} draws", s(*seat)),
        (Step::Draw { seat, .. }, Lang::En) => format!("{} draws — or a call on the discard?", s(*seat)),
        (Step::Draw { seat, calls }, Lang::Ja) if calls.is_empty() => format!("{}のツモ", s(*seat)),
        (Step::Draw { seat, .. }, Lang::Ja) => format!("{}のツモ — 鳴きは？", s(*seat)),
        (Step::Discard { seat }, Lang::En) => format!("{} discards", s(*seat)),
        (Step::Discard { seat }, Lang::Ja) => format!("{}の打牌", s(*seat)),
        (Step::Rinshan { seat, .. }, Lang::En) => format!("{} draws from the dead wall (rinshan)", s(*seat)),
        (Step::Rinshan { seat, .. }, Lang::Ja) => format!("{}の嶺上ツモ", s(*seat)),
        (Step::MoreRon { .. }, Lang::En) => "Another ron? (N) — or confirm the end".to_string(),
        (Step::MoreRon { .. }, Lang::Ja) => "ダブロン？（N）— または局の終了を確定".to_string(),
        (Step::End(EndKind::Win), _) => {
            lang.pick("Win: confirm ura dora and points", "和了：裏ドラと点数を確定").to_string()
        }
        (Step::End(EndKind::Exhaustive), _) => {
            lang.pick("Exhaustive draw: mark tenpai, confirm points", "流局：聴牌を確認し点数を確定").to_string()
        }
        (Step::End(EndKind::Abortive), _) => {
            lang.pick("Abortive draw: confirm points", "途中流局：点数を確定").to_string()
        }
    };
    if session.riichi {
        text.push_str(lang.pick("  · riichi", "  · リーチ宣言"));
    }
    if session.indicator {
        text.push_str(lang.pick("  · next tile: dora indicator", "  · 次の牌はドラ表示牌"));
    }
    if let Some(d) = session.digit {
        text.push_str(&format!("  · {d}_"));
    }
    if let Some(t) = &session.typing {
        text.push_str(&match lang {
            Lang::En => format!("  · type {} tile(s) of {}'s call", t.need - t.tiles.len(), t.seat),
            Lang::Ja => format!("  · {}の鳴きの牌をあと {} 枚", s(t.seat), t.need - t.tiles.len()),
        });
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
    /// Whether there is something to undo, to redo.
    pub undo: (bool, bool),
    /// The document, for the problems list.
    pub doc: &'a Document,
    /// The likely cause of the error the last entries left, when it lies at an earlier act or
    /// elsewhere in the frame (`F` makes its fix).
    pub live_cause: Option<&'a Cause>,
    /// No dialog is open over the screen: a form may take the focus when Tab is pressed.
    pub free: bool,
    /// With an act selected: the table after it, the seat whose act it is, and the act.
    pub at_selected: Option<(Table, Seat, usize)>,
    /// The AI players, when asked (Settings > AI players).
    pub ai: Option<&'a super::ai::AiPlayers>,
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
    egui::Panel::bottom("recorder.bar").show(ui, |ui| {
        action_bar(ui, lang, snap, session, shown.undo, &mut events);
        palette(ui, lang, snap, &mut events);
    });
    egui::CentralPanel::default().show(ui, |ui| {
        header(ui, lang, snap, session, shown, &state.deal);
        if let Some(m) = &state.message {
            ui.colored_label(ERROR, m);
        }
        if let Some(ai) = shown.ai {
            ai_line(ui, lang, ai, names);
        }
        if !session.choices.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(lang.pick("Which? (press the number)", "どれ？（番号キー）"));
                for (i, c) in session.choices.iter().enumerate() {
                    if ui.button(format!("{}  {}", i + 1, c.label)).clicked() {
                        events.push(RecorderEvent::Intent(Intent::Pick(i + 1)));
                    }
                }
            });
        }
        ui.separator();
        if let Some((t, seat, a)) = &shown.at_selected {
            // Correcting an earlier act: the table as it stood after it.
            ui.label(RichText::new(correction_text(state, *a, shown, lang)).strong().color(SELECTED));
            table_view::table(ui, lang, t, Some(*seat), names, Some(&centre(shown, t)));
            return;
        }
        match &snap.step {
            Step::Deal => {
                let asked = step_forms::deal_form(ui, lang, &mut state.deal, &mut state.deal_focus, shown.free);
                events.extend(asked.into_iter().map(RecorderEvent::from));
            }
            Step::End(kind) => {
                if let Some(t) = &snap.table {
                    let (form, focus) = (&mut state.end, &mut state.end_focus);
                    let asked = step_forms::end_form(ui, lang, *kind, form, focus, shown.free);
                    events.extend(asked.into_iter().map(RecorderEvent::from));
                    ui.separator();
                    table_view::table(ui, lang, t, turn_of(&snap.step), names, Some(&centre(shown, t)));
                }
            }
            _ => {
                if let Some(t) = &snap.table {
                    table_view::table(ui, lang, t, turn_of(&snap.step), names, Some(&centre(shown, t)));
                }
            }
        }
    });
    events
}

/// The colours of an AI choice the player made too, and of one the player did not.
const AI_AGREES: Color32 = Color32::from_rgb(0x50, 0xa0, 0x60);
const AI_DIFFERS: Color32 = Color32::from_rgb(0xc0, 0x80, 0x10);

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
        let text = match lang {
            Lang::En => format!("AI of player {player} failed: {}; it starts again at the next frame", why.en),
            Lang::Ja => format!("プレーヤー {player} のAIが失敗しました：{}。次の局で再開します", why.ja),
        };
        ui.colored_label(ERROR, text);
    }
}

/// The colour of what concerns the selected act.
const SELECTED: Color32 = Color32::from_rgb(0xc0, 0x60, 0x10);

/// What the keys do to the selected act, and what is half typed.
fn correction_text(state: &ViewState, act: usize, shown: &Shown<'_>, lang: Lang) -> String {
    let n = act + 1;
    let written = shown.flow.and_then(|(_, acts)| acts.get(act)).map(act_text).unwrap_or_default();
    let c = &state.correcting;
    let typed = c.digit.map(|d| format!("  · {d}_")).unwrap_or_default();
    match (c.mode, lang) {
        (Mode::Discard, Lang::En) => format!(
            "Correcting act {n} {written}: a tile is its discard · Space tsumogiri · R riichi · W then a tile its draw · O a missed act before it · Delete removes it · Esc back{typed}"
        ),
        (Mode::Discard, Lang::Ja) => format!(
            "{n} 番目の行為 {written} を訂正：牌＝打牌 · Space＝ツモ切り · R＝リーチ · W と牌＝ツモ牌 · O＝前に抜けた行為 · Delete＝削除 · Esc＝戻る{typed}"
        ),
        (Mode::Draw, Lang::En) => format!("Correcting act {n} {written}: type its drawn tile{typed}"),
        (Mode::Draw, Lang::Ja) => format!("{n} 番目の行為 {written} のツモ牌を入力{typed}"),
        (Mode::Insert { seat, draw, riichi }, _) => {
            let r = if riichi { lang.pick(" (riichi)", "（リーチ）") } else { "" };
            match (draw, lang) {
                (None, Lang::En) => {
                    format!("A missed act of {} before act {n}: type its drawn tile{typed}", seat.name(lang))
                }
                (None, Lang::Ja) => format!("{n} 番目の前に抜けた{}の行為：ツモ牌を入力{typed}", seat.name(lang)),
                (Some(d), Lang::En) => format!(
                    "A missed act of {} before act {n}, drew {}: type its discard or Space{r}{typed}",
                    seat.name(lang),
                    d.code()
                ),
                (Some(d), Lang::Ja) => format!(
                    "{n} 番目の前に抜けた{}の行為（ツモ {}）：打牌か Space{r}{typed}",
                    seat.name(lang),
                    d.code()
                ),
            }
        }
    }
}

/// The middle of the table of the frame being recorded.
fn centre(shown: &Shown<'_>, t: &Table) -> table_view::Centre {
    table_view::Centre { id: shown.id, kyoutaku: shown.kyoutaku, indicators: table_view::indicators(shown.dora, t) }
}

fn header(ui: &mut Ui, lang: Lang, snap: &Snapshot, session: &Session, shown: &Shown<'_>, deal: &DealForm) {
    let (save, id, kyoutaku) = (shown.save, shown.id, shown.kyoutaku);
    ui.horizontal(|ui| {
        if let Some(id) = id {
            ui.label(RichText::new(id.to_string()).size(22.0).strong());
            ui.label(match lang {
                Lang::En => format!("{} honba · kyoutaku {}", id.honba, kyoutaku.as_points()),
                Lang::Ja => format!("{}本場 · 供託 {}", id.honba, kyoutaku.as_points()),
            });
        } else if snap.step == Step::Deal {
            // Between frames: the frame being dealt, as the deal form says it.
            ui.label(RichText::new(deal.id.trim()).size(22.0).strong());
            ui.label(match lang {
                Lang::En => format!("dealing · kyoutaku {}", deal.kyoutaku.trim()),
                Lang::Ja => format!("配牌中 · 供託 {}", deal.kyoutaku.trim()),
            });
        }
        ui.separator();
        let (text, bad) = match (save, lang) {
            (SaveState::Saved, _) => (lang.pick("saved", "保存済み").to_string(), false),
            (SaveState::NoFile, _) => (lang.pick("not saved yet", "未保存").to_string(), false),
            (SaveState::JournalOnly { entries, first_error }, Lang::En) => (
                format!(
                    "{entries} entr{} only in the journal{}",
                    if *entries == 1 { "y" } else { "ies" },
                    first_error.as_ref().map(|e| format!(": fix {}", e.en)).unwrap_or_default()
                ),
                true,
            ),
            (SaveState::NotSaved { why, .. }, Lang::En) => {
                (format!("not saved: {}; everything is in the journal", why.en), true)
            }
            (SaveState::NotSaved { why, .. }, Lang::Ja) => {
                (format!("未保存：{}。すべてジャーナルにあります", why.ja), true)
            }
            (SaveState::JournalOnly { entries, first_error }, Lang::Ja) => (
                format!(
                    "{entries} 件はジャーナルのみ{}",
                    first_error.as_ref().map(|e| format!("：{} を直してください", e.ja)).unwrap_or_default()
                ),
                true,
            ),
        };
        ui.label(if bad { RichText::new(text).color(ERROR) } else { RichText::new(text).weak() });
    });
    ui.label(
        RichText::new(step_text(&snap.step, session, lang))
            .size(20.0)
            .strong()
            .color(Color32::from_rgb(0x20, 0x60, 0xc0)),
    );
    if let Some(c) = shown.live_cause {
        ui.label(
            RichText::new(live_cause_text(c, lang)).size(16.0).strong().color(Color32::from_rgb(0x20, 0x80, 0x60)),
        );
    }
}

/// The live cause as the header says it: the change, how sure, and the key that makes it.
pub fn live_cause_text(c: &Cause, lang: Lang) -> String {
    let sure = match (c.others, lang) {
        (0, Lang::En) => "the only change that fits".to_string(),
        (0, Lang::Ja) => "当てはまる修正はこれだけ".to_string(),
        (n, Lang::En) => format!("one of {} changes that fit", n + 1),
        (n, Lang::Ja) => format!("当てはまる修正 {} 通りのうちの一つ", n + 1),
    };
    let key = super::keys::fix_key_name();
    match lang {
        Lang::En => format!("Probably: {} ({sure}). {key} fixes it.", c.what().en),
        Lang::Ja => format!("おそらく：{}（{sure}）。{key} で修正", c.what().ja),
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
                events.push(RecorderEvent::Intent(Intent::Action(a)));
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
fn palette(ui: &mut Ui, lang: Lang, snap: &Snapshot, events: &mut Vec<RecorderEvent>) {
    let t = snap.table.as_ref();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for tile in Tile::ALL {
            let dim = match (&snap.step, t) {
                (Step::Discard { seat }, Some(t)) => {
                    let st = &t.seats[seat.index()];
                    !st.hand.contains(&tile) && !st.hand.iter().any(|h| h.is_unknown())
                }
                (Step::Draw { .. } | Step::Rinshan { .. }, Some(t)) => !tile.is_unknown() && left_of(t, tile) == 0,
                _ => false,
            };
            let img = tiles::image(tile, 28.0, dim);
            let resp = ui.add(egui::Button::image(img).frame(false));
            let code = tile.code();
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, code));
            if resp.on_hover_text(palette_hint(tile, lang)).clicked() {
                events.push(RecorderEvent::Intent(Intent::Tile(tile)));
            }
        }
    });
}

fn palette_hint(tile: Tile, lang: Lang) -> String {
    let keys = crate::interop::mpsz::tiles_text(&[tile]);
    match lang {
        Lang::En => format!("{} (keys: {keys})", tile.code()),
        Lang::Ja => format!("{}（キー：{keys}）", tile.code()),
    }
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
    ui.heading(lang.pick("Frame flow", "局の流れ"));
    if let Some((frame, acts)) = flow {
        if let Some((f, a)) = state.selected
            && f == frame
        {
            ui.label(match lang {
                Lang::En => format!("Correct act {}:", a + 1),
                Lang::Ja => format!("{} 番目の行為を訂正：", a + 1),
            });
            ui.horizontal(|ui| {
                let l = ui.label(lang.pick("Act", "行為"));
                let r = ui
                    .add(egui::TextEdit::singleline(&mut state.correction).id_salt("correct.act").desired_width(150.0))
                    .labelled_by(l.id);
                let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(lang.pick("Replace", "置き換え")).clicked() || enter {
                    match read_act(&state.correction, lang) {
                        Ok(to) => {
                            state.correction_error = None;
                            events.push(RecorderEvent::Correct { frame: f, act: a, to });
                        }
                        Err(e) => state.correction_error = Some(e),
                    }
                }
                if ui.button(lang.pick("Close", "閉じる")).clicked() {
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
                ui.label(format!("{}: {}", lang.pick("AI agreement this frame", "この局のAI一致"), rates.join(" · ")));
            }
        }
    }
    ui.separator();
    match problems::list(ui, lang, "diagnostics", shown.doc, EndHands::Derived) {
        Some(Clicked::Go(place)) => {
            if let (Some(f), Some(a)) = (place.frame, place.act) {
                events.push(RecorderEvent::Select(Some((f, a))));
            }
        }
        Some(Clicked::Fix { frame, cause, .. }) => events.push(RecorderEvent::Fix { frame, cause }),
        None => {}
    }
}
