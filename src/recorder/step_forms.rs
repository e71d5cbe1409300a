//! The forms of the deal and of the end of a frame: their text buffers and how they read, and
//! their drawing. The keyboard stays in a form while it is shown: it gets the focus when it
//! appears (the deal in its dice field, a riichi win in its ura field), Tab and Shift+Tab go
//! round its own fields in reading order, Enter goes on (or deals in North's hand and after,
//! confirms the end), Ctrl+Enter deals from any field.

use egui::{Grid, RichText, Ui};

use crate::format::{Dice, Points, Seat, Tile, Wind};
use crate::i18n::{Lang, tr};
use crate::ui::fields::{hand_tiles, read_points};
use crate::ui::focus::FocusRing;
use crate::ui::{ERROR, tiles};

use super::end_score::EndPrefill;
use super::entry::{Deal, Finish};
use super::session::EndKind;

/// What the scorer did in a form besides typing in its fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormEvent {
    /// Confirm the deal or the end of the frame (Enter, Ctrl+Enter, the button).
    Confirm,
    /// A tenpai mark was clicked.
    Tenpai(Seat),
    /// The ura indicators as typed so far (the points follow them).
    Ura(String),
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
    /// The scorer was told that no ura indicator is typed (the next confirm goes through).
    pub ura_asked: bool,
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
        let id = crate::format::FrameId::read(&self.id)
            .ok_or_else(|| tr!("recorder-deal-frame-id").get(lang).to_string())?;
        let kyoutaku = read_points(&self.kyoutaku, lang, tr!("recorder-kyoutaku-word").get(lang))?;
        let mut points = [Points(0); 4];
        for (i, p) in self.points.iter().enumerate() {
            points[i] = read_points(p, lang, Seat::from_index(i).name(lang))?;
        }
        let dice = match self.dice.trim() {
            "" => None,
            d => Some(read_dice(d).ok_or_else(|| tr!("recorder-deal-dice-shape").get(lang).to_string())?),
        };
        let indicator = match self.indicator.trim() {
            "" => Tile::UNKNOWN,
            t => match hand_tiles(t, lang) {
                Ok(v) if v.len() == 1 => v[0],
                _ => return Err(tr!("recorder-deal-indicator-shape").get(lang).to_string()),
            },
        };
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for (i, h) in self.hands.iter().enumerate() {
            let seat = Seat::from_index(i);
            let tiles = hand_tiles(h, lang).map_err(|e| format!("{}: {e}", seat.name(lang)))?;
            let ok = tiles.len() == 13 || (seat == Seat::East && tiles.len() == 14);
            if !ok {
                return Err(tr!("recorder-deal-hand-size", seat = seat.word(), count = tiles.len()).into_lang(lang));
            }
            hands[i] = tiles;
        }
        Ok(Deal { id, kyoutaku, dice, start_points: Some(points), indicator, hands })
    }
}

/// Dice as a scorer types them: `3-4`, `3 4` or `34` (two faces of 1 to 6).
fn read_dice(text: &str) -> Option<Dice> {
    let t = text.trim();
    let (a, b) = match t.split_once(['-', ' ']) {
        Some(pair) => pair,
        None if t.len() == 2 && t.is_ascii() => t.split_at(1),
        None => return None,
    };
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
        self.ura_asked = false;
    }

    /// The end to write, once the scorer has confirmed it: a riichi win with no ura indicator
    /// typed is asked about once ("confirm anyway?") before it is written as unknown.
    pub fn confirm(&mut self, lang: Lang) -> Result<Finish, String> {
        let wants_ura = self.prefill.as_ref().is_some_and(|p| p.wants_ura);
        if wants_ura && self.ura.trim().is_empty() && !self.ura_asked {
            self.ura_asked = true;
            return Err(tr!("recorder-end-no-ura").get(lang).to_string());
        }
        self.read(lang)
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
        let ura = hand_tiles(&self.ura, lang).map_err(|e| format!("{}: {e}", tr!("recorder-ura-word").get(lang)))?;
        Ok(Finish { ura, end_points: end })
    }
}

fn bad_points(lang: Lang, who: &str, t: &str) -> String {
    tr!("recorder-end-bad-points", who = who, text = format!("{t:?}")).into_lang(lang)
}

/// The deal form: dice, dora indicator, the four start hands (with their tile count and faces),
/// start points, then the frame and kyoutaku (filled in from the record), and Deal.
/// `focus`: the form was just filled (its first field takes the focus).
pub fn deal_form(ui: &mut Ui, lang: Lang, f: &mut DealForm, focus: &mut bool, capture: bool) -> Vec<FormEvent> {
    let start = std::mem::take(focus).then_some(0);
    let mut ring = FocusRing::default();
    Grid::new("deal.grid").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        let l = ui.label(tr!("recorder-dice").get(lang));
        ring.field(ui, l.id, "deal.dice", &mut f.dice, "3-4", 80.0);
        ui.end_row();
        let l = ui.label(tr!("recorder-action-indicator").get(lang));
        ring.field(ui, l.id, "deal.indicator", &mut f.indicator, "3p", 80.0);
        ui.end_row();
        for i in 0..4 {
            let label = tr!("recorder-deal-hand", wind = Wind::ALL[i].word()).into_lang(lang);
            let l = ui.label(&label);
            ui.horizontal(|ui| {
                ring.field(ui, l.id, &format!("deal.hand{i}"), &mut f.hands[i], "123m456p789s1122z", 260.0);
                tile_count(ui, lang, &f.hands[i], i == 0);
            });
            ui.end_row();
        }
        ui.label(tr!("recorder-start-points").get(lang));
        ui.horizontal(|ui| {
            for i in 0..4 {
                let l = ui.label(Seat::from_index(i).name(lang));
                ring.field(ui, l.id, &format!("deal.points{i}"), &mut f.points[i], "25000", 70.0);
            }
        });
        ui.end_row();
        let l = ui.label(tr!("recorder-frame").get(lang));
        ui.horizontal(|ui| {
            ring.field(ui, l.id, "deal.id", &mut f.id, "E1-0", 80.0);
            let k = ui.label(tr!("recorder-kyoutaku").get(lang));
            ring.field(ui, k.id, "deal.kyoutaku", &mut f.kyoutaku, "0", 80.0);
        });
        ui.end_row();
    });
    let button = ui.button(RichText::new(tr!("recorder-deal-button").get(lang)).strong());
    let button = button.on_hover_text(tr!("recorder-deal-button-tip").get(lang));
    ring.add(ui, &button);
    let keys = ring.finish(ui, start, capture);
    // Enter in North's hand (the sixth stop) or a later field deals; before it, Enter goes on.
    const NORTH: usize = 5;
    let deal = button.clicked() || keys.ctrl_enter || keys.enter_at.is_some_and(|i| i >= NORTH);
    if let Some(i) = keys.enter_at.filter(|i| *i < NORTH) {
        ring.focus(ui, i + 1);
    }
    if let Some(e) = &f.error {
        ui.colored_label(ERROR, e.as_str());
    }
    if deal { vec![FormEvent::Confirm] } else { Vec::new() }
}

/// How many tiles a start hand being typed has (red when not 13, or 14 for East), and their faces.
fn tile_count(ui: &mut Ui, lang: Lang, text: &str, east: bool) {
    let want = |n: usize| n == 13 || (east && n == 14);
    match hand_tiles(text, lang) {
        Ok(t) if t.is_empty() => {}
        Ok(t) => {
            let words = tr!("recorder-tile-count", count = t.len()).into_lang(lang);
            if want(t.len()) {
                ui.label(words);
            } else {
                ui.colored_label(ERROR, words);
            }
            ui.spacing_mut().item_spacing.x = 1.0;
            for tile in t.iter().take(14) {
                ui.add(tiles::image(ui.ctx(), *tile, 16.0, false));
            }
        }
        Err(e) => {
            ui.colored_label(ERROR, e);
        }
    }
}

/// The end form: the tenpai marks at an exhaustive draw (keys 1-4 toggle them), the ura
/// indicators of a riichi win, the computed value, the end points; Enter in a field confirms.
/// `focus`: the form was just filled (a riichi win's ura field takes the focus).
pub fn end_form(
    ui: &mut Ui,
    lang: Lang,
    kind: EndKind,
    f: &mut EndForm,
    focus: &mut bool,
    capture: bool,
) -> Vec<FormEvent> {
    let mut events = Vec::new();
    let wants_ura = f.prefill.as_ref().is_some_and(|p| p.wants_ura);
    // A riichi win: the ura indicators are typed first.
    let start = std::mem::take(focus).then_some(0).filter(|_| wants_ura);
    let mut ring = FocusRing::default();
    // Two columns, to be short: what is typed on the left, the computed value on the right.
    let clicked = ui
        .horizontal_top(|ui| {
            let clicked = ui.vertical(|ui| end_fields(ui, lang, kind, f, &mut ring, &mut events)).inner;
            if kind == EndKind::Win
                && let Some(pre) = &f.prefill
            {
                ui.separator();
                ui.vertical(|ui| score_panel(ui, lang, pre));
            }
            clicked
        })
        .inner;
    let keys = ring.finish(ui, start, capture);
    if keys.enter_at.is_some() || keys.ctrl_enter || clicked {
        // After the ura dora it typed are scored (the events before this one).
        events.push(FormEvent::Confirm);
    }
    events
}

/// The end form's fields: the tenpai marks or the ura indicators, the end points, the hint, the
/// Confirm button (true when clicked) and the error.
fn end_fields(
    ui: &mut Ui,
    lang: Lang,
    kind: EndKind,
    f: &mut EndForm,
    ring: &mut FocusRing,
    events: &mut Vec<FormEvent>,
) -> bool {
    let wants_ura = f.prefill.as_ref().is_some_and(|p| p.wants_ura);
    ui.horizontal(|ui| {
        if kind == EndKind::Exhaustive {
            ui.label(tr!("recorder-tenpai").get(lang));
            for i in 0..4 {
                let seat = Seat::from_index(i);
                let mut on = f.tenpai[i];
                if ui.checkbox(&mut on, format!("{} ({})", seat.name(lang), i + 1)).changed() {
                    events.push(FormEvent::Tenpai(seat));
                }
            }
        }
        if wants_ura {
            let l = ui.label(tr!("recorder-ura-indicators").get(lang));
            let resp = ring.field(ui, l.id, "end.ura", &mut f.ura, "4s", 90.0);
            if resp.changed() {
                f.ura_asked = false;
                events.push(FormEvent::Ura(f.ura.clone()));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr!("recorder-end-points").get(lang));
        for i in 0..4 {
            let l = ui.label(Seat::from_index(i).name(lang));
            ring.field(ui, l.id, &format!("end.points{i}"), &mut f.points[i], "+8000", 80.0);
        }
    });
    let hint = match kind {
        EndKind::Exhaustive => tr!("recorder-end-hint-exhaustive"),
        _ => tr!("recorder-end-hint"),
    };
    ui.label(RichText::new(hint.get(lang)).weak());
    let label = tr!("recorder-end-confirm").get(lang);
    let button = ui.button(RichText::new(label).strong());
    ring.add(ui, &button);
    if let Some(e) = &f.error {
        ui.colored_label(ERROR, e.as_str());
    }
    button.clicked()
}

/// The computed value of the win: for each winner its yaku (Japanese and English names, han),
/// han and fu or the limit, and the payment; or why it was not computed.
fn score_panel(ui: &mut Ui, lang: Lang, pre: &EndPrefill) {
    use crate::scoring::Settlement;
    if let Some(why) = &pre.problem {
        ui.colored_label(ERROR, tr!("recorder-not-computed", why = why).into_lang(lang));
    }
    match &pre.result {
        Some(Settlement::Wins(wins)) => {
            for (n, w) in wins.iter().enumerate() {
                ui.label(RichText::new(w.how_text(lang)).strong());
                Grid::new(("end.yaku", n)).num_columns(3).spacing([18.0, 2.0]).show(ui, |ui| {
                    for &(y, han) in w.value.yaku.iter().filter(|(_, han)| *han > 0) {
                        ui.label(RichText::new(y.japanese()).strong());
                        ui.label(y.english());
                        let han = match y.is_yakuman() {
                            true => tr!("recorder-yakuman").get(lang).to_string(),
                            false => tr!("recorder-han", han = han).into_lang(lang),
                        };
                        ui.label(han);
                        ui.end_row();
                    }
                });
                let pay = crate::scoring::frame::payment_text(w.payment, lang);
                let pao = w.pao.map(|p| tr!("recorder-pao", seat = p.word()).into_lang(lang)).unwrap_or_default();
                ui.label(RichText::new(format!("{}  —  {pay}{pao}", w.value_text(lang))).strong().size(16.0));
            }
            ui.label(RichText::new(tr!("recorder-end-points-computed").get(lang)).weak());
        }
        Some(Settlement::Chombo { why, .. }) => {
            ui.colored_label(ERROR, why.get(lang));
        }
        _ => {}
    }
}
