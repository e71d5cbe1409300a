//! The table of one frame as it stands at some act, laid out as the players sit: East at the
//! bottom, South right, West top, North left, around the middle (frame, sticks, dora indicators,
//! wall). Each seat shows its hand (sorted, the drawn tile apart, tile backs for unknown tiles),
//! melds (the called tile turned, ankan ends face down) and river toward the middle (rows of six,
//! the riichi tile turned, tsumogiri greyed, called tiles crossed). The recorder, the editor and
//! the compare screen draw it.

use egui::{Color32, RichText, Sense, Ui, Vec2};

use crate::format::{Frame, FrameId, Points, Seat, Tile, dora_slot};
use crate::i18n::{Lang, tr};
use crate::interop::mpsz;
use crate::rules::{MeldKind, Table, indicator_of};
use crate::ui::{ERROR, tiles};

const HAND: f32 = 26.0;
const RIVER: f32 = 21.0;
const MELD: f32 = 21.0;
const TURN: Color32 = super::palette::TURN;

/// The width a seat needs at full size: a hand of 14 tiles, the drawn tile apart, the margins.
const SEAT_WIDTH: f32 = 15.0 * (HAND + 1.0) + 30.0;

/// The least width of the middle of the table.
const CENTRE_WIDTH: f32 = 150.0;

/// The smallest the tiles get (of full size) before the table falls back to one column.
const SMALLEST: f32 = 0.6;

/// The largest they get on a large screen (a studio monitor read from a distance).
const LARGEST: f32 = 1.5;

/// What the middle of the table shows: the frame, its sticks and dora indicators (the wall's
/// count comes from the table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Centre {
    pub id: Option<FrameId>,
    pub kyoutaku: Points,
    /// The seats whose riichi stick is on the table (their points shown less 1000).
    pub laid: [bool; 4],
    /// The dora indicators face up (the first, then each kan's).
    pub indicators: Vec<Tile>,
}

impl Centre {
    /// The middle of `frame`'s table `t`: its id and sticks, and the dora indicators face up.
    pub fn of(frame: &Frame, t: &Table) -> Centre {
        // Every act of a frame whose end is recorded: a riichi discard last (a fourth riichi's
        // abortive draw) laid its stick.
        let all = frame.flow.as_ref().is_some_and(|f| f.acts.len() == t.acts);
        let ended = all && frame.end_points.is_some();
        Centre {
            id: Some(frame.id),
            kyoutaku: t.kyoutaku_now(frame.kyoutaku, ended),
            laid: t.sticks_laid(ended),
            indicators: indicators(&frame.dora, t),
        }
    }
}

/// The dora indicators face up at `t` (the first, then one for each kan), from a dora field
/// (which holds the doras); unknown where the field has none.
pub fn indicators(dora: &[Tile], t: &Table) -> Vec<Tile> {
    indicators_under(dora, t, crate::rules::options::KanDora::AtOnce)
}

/// [`indicators`] as the rules turn a kan's (after the replacement discard, or never).
pub fn indicators_under(dora: &[Tile], t: &Table, timing: crate::rules::options::KanDora) -> Vec<Tile> {
    (0..t.dora_shown_under(timing))
        .map(|n| dora.get(dora_slot(n)).and_then(|d| indicator_of(*d)).unwrap_or(Tile::UNKNOWN))
        .collect()
}

/// Where a seat sits, and so which way its river faces the middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// West: the hand above, the river below it (toward the middle).
    Top,
    /// North and South: the hand, the melds, the river.
    Beside,
    /// East: the river above the hand (toward the middle).
    Bottom,
}

/// The four seats as at a table: East at the bottom, South on the right, West at the top, North
/// on the left, around the middle (frame, sticks, dora indicators, wall). The tiles are sized to
/// the width and the height given (from 60 % up to 150 % of full size); narrower than that, the
/// seats stand one under the other in turn order.
pub fn table(ui: &mut Ui, lang: Lang, t: &Table, turn: Option<Seat>, names: &[String; 4], centre: Option<&Centre>) {
    let width = ui.available_width();
    let laid = centre.map_or_else(|| t.sticks_laid(false), |c| c.laid);
    let by_width = (width - CENTRE_WIDTH - 16.0) / (2.0 * SEAT_WIDTH);
    let scale = by_width.min(fit_height(t, ui.available_height())).min(LARGEST);
    if scale < SMALLEST {
        // One seat under the other, in turn order, scrolled when the window is short.
        let scale = (width / SEAT_WIDTH).clamp(SMALLEST, 1.0);
        egui::ScrollArea::vertical().id_salt("table.column").show(ui, |ui| {
            for seat in Seat::ALL {
                seat_box(ui, lang, t, (seat, laid[seat.index()]), turn == Some(seat), &names[seat.index()], scale);
                ui.add_space(4.0);
            }
            if let Some(c) = centre {
                middle(ui, lang, t, c);
            }
        });
        return;
    }
    let seat_w = SEAT_WIDTH * scale;
    let draw = |ui: &mut Ui, seat: Seat, side: Side, w: f32| {
        ui.vertical(|ui| {
            ui.set_width(w);
            let at = (seat, laid[seat.index()]);
            seat_at(ui, lang, t, at, turn == Some(seat), &names[seat.index()], scale, side);
        });
    };
    // West and East span the middle: they have room for their melds beside the hand.
    let wide = (width - 16.0).min(seat_w * 1.6);
    let indent = ((width - wide) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(indent);
        draw(ui, Seat::West, Side::Top, wide);
    });
    ui.horizontal_top(|ui| {
        draw(ui, Seat::North, Side::Beside, seat_w);
        ui.vertical(|ui| {
            ui.set_width((width - 2.0 * seat_w - 24.0).max(CENTRE_WIDTH - 16.0));
            middle(ui, lang, t, centre.unwrap_or(&Centre::default()));
        });
        draw(ui, Seat::South, Side::Beside, seat_w);
    });
    ui.horizontal(|ui| {
        ui.add_space(indent);
        draw(ui, Seat::East, Side::Bottom, wide);
    });
}

/// The largest scale at which the three rows of seats fit in `height`.
fn fit_height(t: &Table, height: f32) -> f32 {
    // A seat's height at scale s: fixed (margins, name row, spacing) + per-scale (tiles).
    let rows = |seat: Seat| t.seats[seat.index()].river.len().div_ceil(6).max(1) as f32;
    let melds = |seat: Seat| if t.seats[seat.index()].melds.is_empty() { 0.0 } else { 1.0 };
    let tile_h = |w: f32| w / tiles::ASPECT + 2.0;
    let box_h = |seat: Seat, melds_beside: bool| {
        let fixed = 16.0 + 24.0 + 4.0 * (2.0 + rows(seat));
        let per =
            tile_h(HAND) + if melds_beside { 0.0 } else { melds(seat) * tile_h(MELD) } + rows(seat) * tile_h(RIVER);
        (fixed, per)
    };
    let (wf, wp) = box_h(Seat::West, true);
    let (ef, ep) = box_h(Seat::East, true);
    let (nf, np) = box_h(Seat::North, false);
    let (sf, sp) = box_h(Seat::South, false);
    let (mf, mp) = if np * 1.0 + nf > sp + sf { (nf, np) } else { (sf, sp) };
    let fixed = wf + ef + mf + 24.0;
    let per = wp + ep + mp;
    ((height - fixed) / per).max(0.0)
}

/// The middle of the table: frame and honba, sticks, dora indicators, tiles left in the wall.
fn middle(ui: &mut Ui, lang: Lang, t: &Table, c: &Centre) {
    egui::Frame::group(ui.style()).inner_margin(8.0).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.vertical_centered(|ui| {
            if let Some(id) = c.id {
                ui.label(RichText::new(id.heading(lang)).size(24.0).strong());
                ui.label(tr!("ui-honba-kyoutaku", honba = id.honba, kyoutaku = c.kyoutaku.as_points()).into_lang(lang));
            }
            if !c.indicators.is_empty() {
                ui.horizontal(|ui| {
                    ui.label(tr!("ui-dora").get(lang));
                    ui.spacing_mut().item_spacing.x = 2.0;
                    for ind in &c.indicators {
                        ui.add(tiles::image(ui.ctx(), *ind, 20.0, false)).on_hover_text(ind.code());
                    }
                });
            }
            ui.label(tr!("ui-tiles-left", count = t.wall_left.max(0)).into_lang(lang));
        });
    });
}

/// One seat: wind, name, points, riichi, hand, melds, river; tiles at `scale` of full size.
/// `seat` comes with whether its riichi stick is on the table.
pub fn seat_box(ui: &mut Ui, lang: Lang, t: &Table, seat: (Seat, bool), turn: bool, name: &str, scale: f32) {
    seat_at(ui, lang, t, seat, turn, name, scale, Side::Beside);
}

/// One seat as it sits at the table (see [`Side`]).
#[allow(clippy::too_many_arguments)]
fn seat_at(
    ui: &mut Ui,
    lang: Lang,
    t: &Table,
    (seat, laid): (Seat, bool),
    turn: bool,
    name: &str,
    scale: f32,
    side: Side,
) {
    let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
    let frame = if turn { frame.stroke(egui::Stroke::new(3.0, TURN)).fill(super::palette::TURN_FILL) } else { frame };
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.spacing_mut().item_spacing.y = 3.0;
        match side {
            Side::Top => {
                name_row(ui, lang, t, (seat, laid), name);
                hand_row(ui, lang, t, seat, scale, true);
                river(ui, lang, t, seat, scale);
            }
            Side::Beside => {
                name_row(ui, lang, t, (seat, laid), name);
                hand_row(ui, lang, t, seat, scale, false);
                melds(ui, t, seat, scale);
                river(ui, lang, t, seat, scale);
            }
            Side::Bottom => {
                river(ui, lang, t, seat, scale);
                hand_row(ui, lang, t, seat, scale, true);
                name_row(ui, lang, t, (seat, laid), name);
            }
        }
    });
}

/// Wind, name, points (less a riichi stick on the table), riichi, the copy menu.
fn name_row(ui: &mut Ui, lang: Lang, t: &Table, (seat, laid): (Seat, bool), name: &str) {
    let st = &t.seats[seat.index()];
    ui.horizontal(|ui| {
        ui.label(RichText::new(seat.name(lang)).strong().size(16.0));
        ui.label(RichText::new(name).size(16.0));
        if let Some(p) = st.points {
            // A riichi stick is on the table once the riichi discard passed without a ron.
            let stick = if laid { 1000 } else { 0 };
            let r = ui.label(RichText::new((p.as_points() - stick).to_string()).monospace());
            if stick > 0 {
                r.on_hover_text(tr!("ui-riichi-stick").get(lang));
            }
        }
        if st.riichi.is_some() {
            ui.label(
                RichText::new(tr!("ui-riichi").get(lang))
                    .color(super::palette::ON_ERROR)
                    .background_color(ERROR)
                    .strong(),
            );
        }
        copy_menu(ui, lang, t, seat);
    });
}

/// The hand (unknown tiles face down), the drawn tile apart, and the melds beside it when asked.
fn hand_row(ui: &mut Ui, lang: Lang, t: &Table, seat: Seat, scale: f32, melds_beside: bool) {
    let hand_w = HAND * scale;
    let (hand, drawn) = t.shown_hand(seat);
    let row = ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 1.0;
        for (i, tile) in hand.iter().enumerate() {
            let img = if tile.is_unknown() {
                egui::Image::new(tiles::back(ui.ctx())).fit_to_exact_size(Vec2::new(hand_w, hand_w / tiles::ASPECT))
            } else {
                tiles::image(ui.ctx(), *tile, hand_w, false)
            };
            ui.add(img).on_hover_text(format!("{} · Shift+{}", tile.code(), i + 1));
        }
        if let Some(d) = drawn {
            ui.add_space(8.0);
            ui.add(tiles::image(ui.ctx(), d, hand_w, false)).on_hover_text(tr!("ui-drawn-tile").get(lang));
        }
        if melds_beside && !t.seats[seat.index()].melds.is_empty() {
            ui.add_space(12.0);
            meld_tiles(ui, t, seat, scale);
        }
    });
    named(ui, row.response.rect, tr!("ui-seat-hand", seat = seat.word()).into_lang(lang));
}

/// Gives the area `rect` a name a screen reader (and a test) finds it by.
fn named(ui: &mut Ui, rect: egui::Rect, name: String) {
    let id = ui.scope_id().with(("named", name.as_str()));
    let r = ui.interact(rect, id, egui::Sense::hover());
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, name.as_str()));
}

/// The melds on a row of their own.
fn melds(ui: &mut Ui, t: &Table, seat: Seat, scale: f32) {
    if !t.seats[seat.index()].melds.is_empty() {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 1.0;
            meld_tiles(ui, t, seat, scale);
        });
    }
}

/// The tiles of the melds: the called tile turned, an ankan's ends face down.
fn meld_tiles(ui: &mut Ui, t: &Table, seat: Seat, scale: f32) {
    for m in &t.seats[seat.index()].melds {
        for (i, tile) in m.tiles.iter().enumerate() {
            let turned = i == 0 && m.kind != MeldKind::Ankan;
            let hidden = m.kind == MeldKind::Ankan && (i == 0 || i == 3);
            tile_at(ui, *tile, MELD * scale, turned, hidden, false);
        }
        ui.add_space(6.0);
    }
}

/// The river in rows of six: the riichi tile turned, tsumogiri greyed, called tiles crossed.
fn river(ui: &mut Ui, lang: Lang, t: &Table, seat: Seat, scale: f32) {
    let river_w = RIVER * scale;
    let top = ui.cursor().min;
    for row in t.seats[seat.index()].river.chunks(6) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 1.0;
            for r in row {
                let resp = tile_at(ui, r.tile, river_w, r.riichi, false, r.tsumogiri || r.called_by.is_some());
                if r.called_by.is_some() {
                    let c = resp.rect.center();
                    ui.painter().line_segment(
                        [c - Vec2::new(6.0, 6.0), c + Vec2::new(6.0, 6.0)],
                        egui::Stroke::new(2.0, ERROR),
                    );
                }
                let mut hover = r.tile.code().to_string();
                if r.tsumogiri {
                    hover.push_str(tr!("ui-tsumogiri-mark").get(lang));
                }
                if let Some(by) = r.called_by {
                    hover.push_str(tr!("ui-called-by", seat = by.word()).get(lang));
                }
                resp.on_hover_text(hover);
            }
        });
    }
    let bottom = ui.cursor().min.y;
    if !t.seats[seat.index()].river.is_empty() {
        let rect = egui::Rect::from_min_max(top, egui::pos2(top.x + 6.0 * (river_w + 1.0), bottom));
        named(ui, rect, tr!("ui-seat-river", seat = seat.word()).into_lang(lang));
    }
}

/// The seat's hand or river copied as extended MPSZ text, for chat and social media.
fn copy_menu(ui: &mut Ui, lang: Lang, t: &Table, seat: Seat) {
    ui.menu_button("MPSZ", |ui| {
        let hand = mpsz::seat_hand_text(t, seat);
        let river = mpsz::seat_river_text(t, seat);
        for (label, text) in [(tr!("ui-copy-hand").get(lang), hand), (tr!("ui-copy-river").get(lang), river)] {
            if ui.button(label).on_hover_text(&text).clicked() {
                ui.ctx().copy_text(text);
                ui.close();
            }
        }
    })
    .response
    .on_hover_text(tr!("ui-copy-tip").get(lang));
}

/// One tile, turned sideways when `turned`, face down when `hidden`, greyed when `grey`.
pub fn tile_at(ui: &mut Ui, tile: Tile, width: f32, turned: bool, hidden: bool, grey: bool) -> egui::Response {
    let h = width / tiles::ASPECT;
    let size = if turned { Vec2::new(h, width) } else { Vec2::new(width, h) };
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    let src = if hidden { tiles::back(ui.ctx()) } else { tiles::source(ui.ctx(), tile) };
    let mut img = egui::Image::new(src);
    if grey {
        img = img.tint(super::palette::DIMMED);
    }
    let face = egui::Rect::from_center_size(rect.center(), Vec2::new(width, h));
    if turned {
        img = img.rotate(std::f32::consts::FRAC_PI_2, Vec2::splat(0.5));
    }
    img.paint_at(ui, face);
    resp
}
