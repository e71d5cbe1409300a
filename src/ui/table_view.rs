//! The table of one frame as it stands at some act: four seats with their hands (sorted, the
//! drawn tile apart, tile backs for unknown tiles), melds (the called tile turned, ankan ends face
//! down) and rivers (rows of six, the riichi tile turned, tsumogiri greyed, called tiles crossed).
//! The recorder and the editor both draw it.

use egui::{Color32, RichText, Sense, Ui, Vec2};

use crate::format::{Seat, Tile};
use crate::i18n::Lang;
use crate::interop::mpsz;
use crate::rules::{FrameEnd, MeldKind, Phase, Table};
use crate::ui::{ERROR, tiles};

const HAND: f32 = 26.0;
const RIVER: f32 = 21.0;
const MELD: f32 = 21.0;
const TURN: Color32 = Color32::from_rgb(0xff, 0xd2, 0x4a);

/// The width a seat needs at full size: a hand of 14 tiles, the drawn tile apart, the margins.
const SEAT_WIDTH: f32 = 15.0 * (HAND + 1.0) + 30.0;

/// The four seats: around the centre (West at the top, North left, South right, East at the
/// bottom) when two seats fit side by side, else one under the other in turn order. Tiles shrink
/// (down to 75 %) to fit two seats across before the table falls back to one column.
pub fn table(ui: &mut Ui, lang: Lang, t: &Table, turn: Option<Seat>, names: &[String; 4]) {
    let width = ui.available_width();
    let across = (width - 8.0) / (2.0 * SEAT_WIDTH);
    if across >= 0.75 {
        let scale = across.min(1.0);
        let col = (width / 2.0 - 8.0).max(SEAT_WIDTH * scale);
        egui::Grid::new("table.grid").num_columns(2).spacing([8.0, 8.0]).show(ui, |ui| {
            for pair in [[Seat::West, Seat::North], [Seat::South, Seat::East]] {
                for seat in pair {
                    ui.vertical(|ui| {
                        ui.set_width(col);
                        seat_box(ui, lang, t, seat, turn == Some(seat), &names[seat.index()], scale);
                    });
                }
                ui.end_row();
            }
        });
    } else {
        let scale = (width / SEAT_WIDTH).clamp(0.6, 1.0);
        for seat in Seat::ALL {
            seat_box(ui, lang, t, seat, turn == Some(seat), &names[seat.index()], scale);
            ui.add_space(4.0);
        }
    }
}

/// One seat: wind, name, points, riichi, hand, melds, river; tiles at `scale` of full size.
pub fn seat_box(ui: &mut Ui, lang: Lang, t: &Table, seat: Seat, turn: bool, name: &str, scale: f32) {
    let (hand_w, meld_w, river_w) = (HAND * scale, MELD * scale, RIVER * scale);
    let st = &t.seats[seat.index()];
    let frame = egui::Frame::group(ui.style()).inner_margin(6.0);
    let frame = if turn {
        frame.stroke(egui::Stroke::new(3.0, TURN)).fill(Color32::from_rgba_unmultiplied(0xff, 0xd2, 0x4a, 24))
    } else {
        frame
    };
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(RichText::new(seat.name(lang)).strong().size(16.0));
            ui.label(RichText::new(name).size(16.0));
            if let Some(p) = st.points {
                // A riichi stick is on the table once the riichi discard was not ronned.
                let ronned = matches!(t.phase, Phase::Ron { discarder, .. } if discarder == seat)
                    && matches!(t.end(), FrameEnd::Ron { winners, act, .. }
                        if st.riichi == act.checked_sub(winners.len()));
                let stick = if st.riichi.is_some() && !ronned { 1000 } else { 0 };
                let r = ui.label(RichText::new((p.as_points() - stick).to_string()).monospace());
                if stick > 0 {
                    r.on_hover_text(lang.pick("1000 in the riichi stick", "リーチ棒 1000 点を供託済み"));
                }
            }
            if st.riichi.is_some() {
                ui.label(
                    RichText::new(lang.pick("RIICHI", "リーチ")).color(Color32::WHITE).background_color(ERROR).strong(),
                );
            }
            copy_menu(ui, lang, t, seat);
        });
        let (hand, drawn) = t.shown_hand(seat);
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 1.0;
            for (i, tile) in hand.iter().enumerate() {
                let img = if tile.is_unknown() {
                    egui::Image::new(tiles::back()).fit_to_exact_size(Vec2::new(hand_w, hand_w / tiles::ASPECT))
                } else {
                    tiles::image(*tile, hand_w, false)
                };
                ui.add(img).on_hover_text(format!("{} · Shift+{}", tile.code(), i + 1));
            }
            if let Some(d) = drawn {
                ui.add_space(8.0);
                ui.add(tiles::image(d, hand_w, false))
                    .on_hover_text(lang.pick("drawn tile (Space: tsumogiri)", "ツモ牌（Space：ツモ切り）"));
            }
        });
        if !st.melds.is_empty() {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 1.0;
                for m in &st.melds {
                    for (i, tile) in m.tiles.iter().enumerate() {
                        let turned = i == 0 && m.kind != MeldKind::Ankan;
                        let hidden = m.kind == MeldKind::Ankan && (i == 0 || i == 3);
                        tile_at(ui, *tile, meld_w, turned, hidden, false);
                    }
                    ui.add_space(6.0);
                }
            });
        }
        for row in st.river.chunks(6) {
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
                        hover.push_str(lang.pick(" · tsumogiri", " · ツモ切り"));
                    }
                    if let Some(by) = r.called_by {
                        hover.push_str(&format!(" · {} {}", lang.pick("called by", "鳴き:"), by.name(lang)));
                    }
                    resp.on_hover_text(hover);
                }
            });
        }
    });
}

/// The seat's hand or river copied as extended MPSZ text, for chat and social media.
fn copy_menu(ui: &mut Ui, lang: Lang, t: &Table, seat: Seat) {
    ui.menu_button("MPSZ", |ui| {
        let hand = mpsz::seat_hand_text(t, seat);
        let river = mpsz::seat_river_text(t, seat);
        for (label, text) in
            [(lang.pick("Copy hand", "手牌をコピー"), hand), (lang.pick("Copy river", "河をコピー"), river)]
        {
            if ui.button(label).on_hover_text(&text).clicked() {
                ui.ctx().copy_text(text);
                ui.close();
            }
        }
    })
    .response
    .on_hover_text(
        lang.pick("Copy this seat's hand or river as MPSZ text", "この家の手牌か河を MPSZ の文字列でコピー"),
    );
}

/// One tile, turned sideways when `turned`, face down when `hidden`, greyed when `grey`.
pub fn tile_at(ui: &mut Ui, tile: Tile, width: f32, turned: bool, hidden: bool, grey: bool) -> egui::Response {
    let h = width / tiles::ASPECT;
    let size = if turned { Vec2::new(h, width) } else { Vec2::new(width, h) };
    let (rect, resp) = ui.allocate_exact_size(size, Sense::hover());
    let src = if hidden { tiles::back() } else { tiles::source(tile) };
    let mut img = egui::Image::new(src);
    if grey {
        img = img.tint(Color32::from_gray(185));
    }
    let face = egui::Rect::from_center_size(rect.center(), Vec2::new(width, h));
    if turned {
        img = img.rotate(std::f32::consts::FRAC_PI_2, Vec2::splat(0.5));
    }
    img.paint_at(ui, face);
    resp
}
