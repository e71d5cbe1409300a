//! The recorder screen: a header (frame, honba, sticks, dora, wall, save state, the step expected
//! next), the table (four seats with hands, melds and rivers), the action bar and the tile
//! palette, and a side panel with the frame flow and the problems. It draws a snapshot of the
//! session and returns what the scorer asked for as [`Event`]s; [`super::screen`] carries them
//! out.

use egui::{Color32, Grid, RichText, Ui};

use std::sync::Arc;

use crate::document::{Cached, Document, Revision};
use crate::format::{Act, Dice, FrameId, Points, Seat, Tile, act_text};
use crate::i18n::Lang;
use crate::rules::Table;
use crate::rules::repair::{Cause, EndHands};
use crate::ui::command::Command;
use crate::ui::fields::{hand_tiles, read_act, read_points};
use crate::ui::problems::Clicked;
use crate::ui::{ERROR, problems, table_view, text_field, tiles};

use super::SaveState;
use super::entry::{Deal, Finish};
use super::session::{Action, EndKind, EndPrefill, Key, Session, Snapshot, Step};

/// What the scorer asked for.
#[derive(Clone, Debug)]
pub enum Event {
    Key(Key),
    Tile(Tile),
    Action(Action),
    Pick(usize),
    Deal(Box<Deal>),
    Finish(Box<Finish>),
    /// An act was clicked (frame, act) to correct it; `None` closes the correction.
    Select(Option<(usize, usize)>),
    Correct {
        frame: usize,
        act: usize,
        to: Act,
    },
    /// A command of the app (Undo and Redo: while recording they go through the journal).
    Command(Command),
    /// The fix of a frame's likely cause (from the problems list, or `F` for the live cause).
    Fix {
        frame: usize,
        cause: Arc<Cause>,
    },
    /// The tenpai marks of an exhaustive draw changed (East first).
    Tenpai([bool; 4]),
    /// The ura indicators were edited (the text of the field).
    Ura(String),
    /// Enter was pressed in the end form: confirm it as it stands once the events before this
    /// one have been applied.
    ConfirmEnd,
}

/// The text buffers of the deal form.
#[derive(Clone, Debug, Default)]
pub struct DealForm {
    pub id: String,
    pub kyoutaku: String,
    pub points: [String; 4],
    pub dice: String,
    pub indicator: String,
    pub hands: [String; 4],
    pub error: Option<String>,
}

/// The text buffers of the end-of-frame form.
#[derive(Clone, Debug, Default)]
pub struct EndForm {
    pub ura: String,
    pub points: [String; 4],
    pub tenpai: [bool; 4],
    pub prefill: Option<EndPrefill>,
    pub error: Option<String>,
}

/// What the screen keeps between frames (kept by [`super::screen::RecorderScreen`]).
#[derive(Clone, Debug, Default)]
pub struct ViewState {
    pub deal: DealForm,
    /// The deal form was filled for the frame after this many frames.
    pub deal_for: Cached<usize, ()>,
    pub end: EndForm,
    /// The end form was filled at this revision, for this way of ending.
    pub end_for: Cached<(Revision, EndKind), ()>,
    pub selected: Option<(usize, usize)>,
    pub correction: String,
    pub correction_error: Option<String>,
    /// The last message (a refused key, a problem).
    pub message: Option<String>,
}

impl DealForm {
    /// A form filled with `deal`.
    pub fn of(deal: &Deal) -> DealForm {
        DealForm {
            id: deal.id.to_string(),
            kyoutaku: deal.kyoutaku.as_points().to_string(),
            points: std::array::from_fn(|i| {
                deal.start_points.map(|p| p[i].as_points().to_string()).unwrap_or_default()
            }),
            dice: String::new(),
            indicator: String::new(),
            hands: Default::default(),
            error: None,
        }
    }

    /// The deal the form says, or what is wrong with it.
    pub fn read(&self, lang: Lang) -> Result<Deal, String> {
        let id = crate::format::FrameId::read(&self.id).ok_or_else(|| {
            lang.pick(
                "the frame is written like E1-0 (wind, number 1-4, honba)",
                "局は E1-0 のように（風・1〜4・本場）",
            )
            .to_string()
        })?;
        let kyoutaku = read_points(&self.kyoutaku, lang, lang.pick("kyoutaku", "供託"))?;
        let mut points = [Points(0); 4];
        for (i, p) in self.points.iter().enumerate() {
            points[i] = read_points(p, lang, Seat::from_index(i).name(lang))?;
        }
        let dice = match self.dice.trim() {
            "" => None,
            d => Some(
                read_dice(d)
                    .ok_or_else(|| lang.pick("dice are written like 3-4", "サイコロは 3-4 のように").to_string())?,
            ),
        };
        let indicator = match self.indicator.trim() {
            "" => Tile::UNKNOWN,
            t => match hand_tiles(t, lang) {
                Ok(v) if v.len() == 1 => v[0],
                _ => {
                    return Err(lang
                        .pick(
                            "the dora indicator is one tile, like 3p (or x)",
                            "ドラ表示牌は 3p のように1枚（不明は x）",
                        )
                        .to_string());
                }
            },
        };
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for (i, h) in self.hands.iter().enumerate() {
            let seat = Seat::from_index(i);
            let tiles = hand_tiles(h, lang).map_err(|e| format!("{}: {e}", seat.name(lang)))?;
            let ok = tiles.len() == 13 || (seat == Seat::East && tiles.len() == 14);
            if !ok {
                return Err(match lang {
                    Lang::En => format!("{seat}'s start hand has {} tiles; it needs 13 (East 13 or 14)", tiles.len()),
                    Lang::Ja => {
                        format!("{}の配牌が {} 枚です（13 枚、東家は 13 か 14 枚）", seat.name(lang), tiles.len())
                    }
                });
            }
            hands[i] = tiles;
        }
        Ok(Deal { id, kyoutaku, dice, start_points: Some(points), indicator, hands })
    }
}

fn read_dice(text: &str) -> Option<Dice> {
    let (a, b) = text.split_once('-')?;
    let (a, b): (u8, u8) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some(Dice::Pair(a, b))
}

impl EndForm {
    /// Fills the form from a prefill.
    pub fn fill(&mut self, pre: EndPrefill) {
        self.points = pre.points.map(|p| p.as_points().to_string());
        self.tenpai = pre.tenpai.map(|t| t.unwrap_or(false));
        self.prefill = Some(pre);
        self.ura.clear();
        self.error = None;
    }

    /// The end the form says: a value with a sign is a change from the prefilled points, one
    /// without is the points themselves.
    pub fn read(&self, lang: Lang) -> Result<Finish, String> {
        let base = self.prefill.as_ref().map(|p| p.points).unwrap_or_default();
        let mut end = [Points(0); 4];
        for i in 0..4 {
            let t = self.points[i].trim().replace([',', '_'], "");
            let who = Seat::from_index(i).name(lang);
            end[i] = if let Some(change) = t.strip_prefix('+').or(t.strip_prefix('-').map(|_| t.as_str())) {
                let d: i64 = change.parse().map_err(|_| bad_points(lang, who, &t))?;
                Points::from_points(base[i].as_points() + d).ok_or_else(|| bad_points(lang, who, &t))?
            } else {
                read_points(&t, lang, who)?
            };
        }
        let ura = hand_tiles(&self.ura, lang).map_err(|e| format!("{}: {e}", lang.pick("ura dora", "裏ドラ")))?;
        Ok(Finish { ura, end_points: end })
    }
}

fn bad_points(lang: Lang, who: &str, t: &str) -> String {
    match lang {
        Lang::En => format!("{who}: {t:?} is not a number of points in hundreds (25000, or +8000 / -8000 as a change)"),
        Lang::Ja => format!("{who}：{t:?} は点数ではありません（25000、または増減を +8000 / -8000）"),
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
}

/// Draws the screen; returns what the scorer asked for.
pub fn show(
    ui: &mut Ui,
    lang: Lang,
    snap: &Snapshot,
    session: &Session,
    state: &mut ViewState,
    shown: &Shown<'_>,
) -> Vec<Event> {
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
        header(ui, lang, snap, session, shown);
        if let Some(m) = &state.message {
            ui.colored_label(ERROR, m);
        }
        if !session.choices.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label(lang.pick("Which? (press the number)", "どれ？（番号キー）"));
                for (i, c) in session.choices.iter().enumerate() {
                    if ui.button(format!("{}  {}", i + 1, c.label)).clicked() {
                        events.push(Event::Pick(i + 1));
                    }
                }
            });
        }
        ui.separator();
        match &snap.step {
            Step::Deal => deal_form(ui, lang, state, &mut events),
            Step::End(kind) => {
                if let Some(t) = &snap.table {
                    end_form(ui, lang, *kind, state, &mut events);
                    ui.separator();
                    table_view::table(ui, lang, t, turn_of(&snap.step), names);
                }
            }
            _ => {
                if let Some(t) = &snap.table {
                    table_view::table(ui, lang, t, turn_of(&snap.step), names);
                }
            }
        }
    });
    events
}

fn header(ui: &mut Ui, lang: Lang, snap: &Snapshot, session: &Session, shown: &Shown<'_>) {
    let (save, dora, id, kyoutaku) = (shown.save, shown.dora, shown.id, shown.kyoutaku);
    ui.horizontal(|ui| {
        if let Some(id) = id {
            ui.label(RichText::new(id.to_string()).size(22.0).strong());
            ui.label(match lang {
                Lang::En => format!("{} honba · kyoutaku {}", id.honba, kyoutaku.as_points()),
                Lang::Ja => format!("{}本場 · 供託 {}", id.honba, kyoutaku.as_points()),
            });
        }
        if let Some(t) = &snap.table {
            ui.separator();
            ui.label(lang.pick("Dora", "ドラ表示"));
            for n in 0..t.dora_shown() {
                let ind = dora
                    .get(crate::format::dora_slot(n))
                    .and_then(|d| crate::rules::indicator_of(*d))
                    .unwrap_or(Tile::UNKNOWN);
                ui.add(tiles::image(ind, 20.0, false)).on_hover_text(ind.code());
            }
            ui.separator();
            ui.label(match lang {
                Lang::En => format!("{} tiles left", t.wall_left.max(0)),
                Lang::Ja => format!("残り {} 枚", t.wall_left.max(0)),
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

fn deal_form(ui: &mut Ui, lang: Lang, state: &mut ViewState, events: &mut Vec<Event>) {
    let f = &mut state.deal;
    egui::Grid::new("deal.grid").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        text_field(ui, lang.pick("Frame", "局"), "deal.id", &mut f.id, "E1-0", 80.0);
        ui.end_row();
        text_field(ui, lang.pick("Kyoutaku", "供託"), "deal.kyoutaku", &mut f.kyoutaku, "0", 80.0);
        ui.end_row();
        text_field(ui, lang.pick("Dice", "サイコロ"), "deal.dice", &mut f.dice, "3-4", 80.0);
        ui.end_row();
        text_field(ui, lang.pick("Dora indicator", "ドラ表示牌"), "deal.indicator", &mut f.indicator, "3p", 80.0);
        ui.end_row();
        for i in 0..4 {
            let seat = Seat::from_index(i);
            let label = match lang {
                Lang::En => format!("{} hand", wind_word(seat)),
                Lang::Ja => format!("{}の配牌", seat.name(lang)),
            };
            let l = ui.label(&label);
            ui.horizontal(|ui| {
                let key = format!("deal.hand{i}");
                crate::ui::text_input(ui, l.id, &key, &mut f.hands[i], "123m456p789s1122z", 260.0);
                let want = |n: usize| n == 13 || (i == 0 && n == 14);
                match hand_tiles(&f.hands[i], lang) {
                    Ok(t) if t.is_empty() => {}
                    Ok(t) => {
                        let text = match lang {
                            Lang::En => format!("{} tiles", t.len()),
                            Lang::Ja => format!("{} 枚", t.len()),
                        };
                        if want(t.len()) {
                            ui.label(text);
                        } else {
                            ui.colored_label(ERROR, text);
                        }
                        ui.spacing_mut().item_spacing.x = 1.0;
                        for tile in t.iter().take(14) {
                            ui.add(tiles::image(*tile, 16.0, false));
                        }
                    }
                    Err(e) => {
                        ui.colored_label(ERROR, e);
                    }
                }
            });
            ui.end_row();
        }
        let start = lang.pick("Start points", "開始点");
        ui.label(start);
        ui.horizontal(|ui| {
            for i in 0..4 {
                let l = ui.label(Seat::from_index(i).name(lang));
                crate::ui::text_input(ui, l.id, &format!("deal.points{i}"), &mut f.points[i], "25000", 70.0);
            }
        });
        ui.end_row();
    });
    let read = |f: &DealForm| f.read(lang).map(|d| Event::Deal(Box::new(d)));
    confirm_button(ui, lang.pick("Deal", "配牌を確定"), f, read, |f| &mut f.error, events);
}

/// A form's confirm button (Enter does the same): the event the form reads, or its error shown
/// under the button.
fn confirm_button<F>(
    ui: &mut Ui,
    label: &str,
    form: &mut F,
    read: impl Fn(&F) -> Result<Event, String>,
    error: impl Fn(&mut F) -> &mut Option<String>,
    events: &mut Vec<Event>,
) {
    if ui.button(RichText::new(format!("{label}  (Enter)")).strong()).clicked() {
        match read(form) {
            Ok(ev) => {
                *error(form) = None;
                events.push(ev);
            }
            Err(e) => *error(form) = Some(e),
        }
    }
    if let Some(e) = error(form) {
        ui.colored_label(ERROR, e.as_str());
    }
}

fn wind_word(seat: Seat) -> &'static str {
    match seat {
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
    }
}

fn end_form(ui: &mut Ui, lang: Lang, kind: EndKind, state: &mut ViewState, events: &mut Vec<Event>) {
    let f = &mut state.end;
    let wants_ura = f.prefill.as_ref().is_some_and(|p| p.wants_ura);
    // Enter in any field of this form confirms it (after the ura dora it typed are scored).
    let mut confirm = false;
    ui.horizontal(|ui| {
        if kind == EndKind::Exhaustive {
            ui.label(lang.pick("Tenpai:", "聴牌："));
            for i in 0..4 {
                let seat = Seat::from_index(i);
                let mut on = f.tenpai[i];
                if ui.checkbox(&mut on, seat.name(lang)).changed() {
                    f.tenpai[i] = on;
                    events.push(Event::Tenpai(f.tenpai));
                }
            }
        }
        if wants_ura {
            let l = ui.label(lang.pick("Ura indicators", "裏ドラ表示牌"));
            let resp = crate::ui::text_input_plain(ui, l.id, "end.ura", &mut f.ura, "4s", 90.0);
            if resp.changed() {
                events.push(Event::Ura(f.ura.clone()));
            }
            confirm |= crate::ui::entered(ui, &resp);
        }
    });
    if kind == EndKind::Win
        && let Some(pre) = &f.prefill
    {
        score_panel(ui, lang, pre);
    }
    ui.horizontal(|ui| {
        ui.label(lang.pick("End points", "終了時の点数"));
        for i in 0..4 {
            let l = ui.label(Seat::from_index(i).name(lang));
            let resp =
                crate::ui::text_input_plain(ui, l.id, &format!("end.points{i}"), &mut f.points[i], "+8000", 80.0);
            confirm |= crate::ui::entered(ui, &resp);
        }
    });
    ui.label(
        RichText::new(lang.pick(
            "Type the points, or a change with + or − (+8000) from the values shown. Enter confirms.",
            "点数、または表示値からの増減を + / − 付きで（+8000）。Enter で確定。",
        ))
        .weak(),
    );
    if confirm {
        events.push(Event::ConfirmEnd);
    }
    let read = |f: &EndForm| f.read(lang).map(|fin| Event::Finish(Box::new(fin)));
    confirm_button(ui, lang.pick("Confirm the end of the frame", "局の終了を確定"), f, read, |f| &mut f.error, events);
}

/// The computed value of the win: for each winner its yaku (Japanese and English names, han),
/// han and fu or the limit, and the payment; or why it was not computed.
fn score_panel(ui: &mut Ui, lang: Lang, pre: &EndPrefill) {
    use crate::scoring::FrameResult;
    if let Some(why) = &pre.problem {
        let head = lang.pick("Not computed: ", "計算できません：");
        ui.colored_label(ERROR, format!("{head}{}", why.get(lang)));
    }
    match &pre.result {
        Some(FrameResult::Wins(wins)) => {
            for (n, w) in wins.iter().enumerate() {
                ui.label(RichText::new(w.how_text(lang)).strong());
                Grid::new(("end.yaku", n)).num_columns(3).spacing([18.0, 2.0]).show(ui, |ui| {
                    for &(y, han) in w.value.yaku.iter().filter(|(_, han)| *han > 0) {
                        ui.label(RichText::new(y.japanese()).strong());
                        ui.label(y.english());
                        let han = match (y.is_yakuman(), lang) {
                            (true, _) => lang.pick("yakuman", "役満").to_string(),
                            (false, Lang::En) => format!("{han} han"),
                            (false, Lang::Ja) => format!("{han} 翻"),
                        };
                        ui.label(han);
                        ui.end_row();
                    }
                });
                let pay = crate::scoring::frame::payment_text(w.payment, lang);
                let pao =
                    w.pao.map(|p| format!("  {}{}", lang.pick("pao: ", "包："), p.name(lang))).unwrap_or_default();
                ui.label(RichText::new(format!("{}  —  {pay}{pao}", w.value_text(lang))).strong().size(16.0));
            }
            ui.label(
                RichText::new(lang.pick(
                    "The end points below are computed: Enter confirms them, or type the right ones.",
                    "下の終了時の点数は計算値です。Enter で確定、違う場合は入力してください。",
                ))
                .weak(),
            );
        }
        Some(FrameResult::Chombo { why, .. }) => {
            ui.colored_label(ERROR, why.get(lang));
        }
        _ => {}
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
    events: &mut Vec<Event>,
) {
    ui.horizontal_wrapped(|ui| {
        for a in Action::ALL {
            let on = (a == Action::Riichi && session.riichi) || (a == Action::Indicator && session.indicator);
            let b = egui::Button::new(a.label(lang)).shortcut_text(super::keys::key_name(a)).selected(on);
            let enabled = !matches!(snap.step, Step::Deal | Step::NoMatch | Step::End(_));
            if ui.add_enabled(enabled, b).on_hover_text(a.tooltip(lang)).clicked() {
                events.push(Event::Action(a));
            }
        }
        ui.separator();
        for (c, enabled) in [(Command::Undo, undo.0), (Command::Redo, undo.1)] {
            if c.button(ui, lang, enabled) {
                events.push(Event::Command(c));
            }
        }
    });
}

/// Every tile: click to enter it. Dimmed: none left to draw, or not in the hand for a discard.
fn palette(ui: &mut Ui, lang: Lang, snap: &Snapshot, events: &mut Vec<Event>) {
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
                events.push(Event::Tile(tile));
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

fn side_panel(ui: &mut Ui, lang: Lang, shown: &Shown<'_>, state: &mut ViewState, events: &mut Vec<Event>) {
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
                            events.push(Event::Correct { frame: f, act: a, to });
                        }
                        Err(e) => state.correction_error = Some(e),
                    }
                }
                if ui.button(lang.pick("Close", "閉じる")).clicked() {
                    events.push(Event::Select(None));
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
                for (n, act) in acts.iter().enumerate() {
                    let text = format!("{:>3}  {}", n + 1, act_text(act));
                    let selected = state.selected == Some((frame, n)) || (state.selected.is_none() && n == last);
                    if ui.selectable_label(selected, RichText::new(text).monospace()).clicked() {
                        events.push(Event::Select(Some((frame, n))));
                    }
                }
            });
    }
    ui.separator();
    match problems::list(ui, lang, "diagnostics", shown.doc, EndHands::Derived) {
        Some(Clicked::Go(place)) => {
            if let (Some(f), Some(a)) = (place.frame, place.act) {
                events.push(Event::Select(Some((f, a))));
            }
        }
        Some(Clicked::Fix { frame, cause, .. }) => events.push(Event::Fix { frame, cause }),
        None => {}
    }
}
