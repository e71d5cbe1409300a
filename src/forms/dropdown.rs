//! The forms' drop-down, worked by keys as well as by the mouse: Enter, Space or Down opens the
//! list, typing filters it (the list opens on the first letter typed), Up and Down move in it,
//! Enter picks the highlighted entry and Escape closes the list; the focus stays on the field
//! either way (egui's own combo box lets Escape drop the focus, and its list is no Tab stop).
//! Tab goes on to the next field. A click opens the list and a click on an entry picks it.
//!
//! The chosen entry is shown whole: a long name wraps inside the field instead of being cut.

use egui::accesskit::Role;
use egui::{
    Event, EventFilter, Id, ImeEvent, Key, Modifiers, Order, Response, RichText, Sense, TextStyle, TextWrapMode, Ui,
    WidgetInfo, WidgetText, vec2,
};

use crate::i18n::{Lang, tr};

/// Keys the field keeps while it has the focus: Escape and the arrows are the list's, Tab is not.
const KEEPS: EventFilter = EventFilter { tab: false, horizontal_arrows: true, vertical_arrows: true, escape: true };

/// The list's state between frames (kept in egui's memory under the field's id).
#[derive(Clone, Debug, Default)]
struct Open {
    open: bool,
    typed: String,
    highlighted: usize,
    /// Where the list was drawn: a click there keeps it open.
    rect: Option<egui::Rect>,
}

/// A drop-down named by the label `label`, showing `selected` and offering `entries`; `key`
/// tells it from the form's other fields. Returns the index of the entry picked this frame.
pub fn dropdown(
    ui: &mut Ui,
    label: Id,
    key: &str,
    selected: &str,
    entries: &[String],
    width: f32,
    lang: Lang,
) -> Option<usize> {
    dropdown_searched(ui, label, key, (selected, width), entries, entries, lang)
}

/// [`dropdown`] where typing also finds an entry by `searched[i]` (its name in the other
/// language, its code): "knights" finds KADOKAWAサクラナイツ in the Japanese interface.
pub fn dropdown_searched(
    ui: &mut Ui,
    label: Id,
    key: &str,
    (selected, width): (&str, f32),
    entries: &[String],
    searched: &[String],
    lang: Lang,
) -> Option<usize> {
    let id = ui.make_persistent_id(("dropdown", key));
    let mut state: Open = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let mut focused = ui.memory(|m| m.has_focus(id));
    // A dialog over the form takes the keys: the field lets the focus go to it.
    if focused && !ui.memory(|m| m.allows_interaction(ui.layer_id())) {
        ui.memory_mut(|m| m.surrender_focus(id));
        state = Open::default();
        focused = false;
    }
    let mut picked = None;
    if focused {
        picked = keys(ui, &mut state, entries, searched);
    }
    let resp = field(ui, id, label, selected, width, state.open);
    crate::ui::fields::take_focus_if_next(ui, &resp);
    if resp.has_focus() {
        ui.memory_mut(|m| m.set_focus_lock_filter(id, KEEPS));
        take_input_method(ui, &resp);
    }
    if resp.clicked() {
        state = Open { open: !state.open, ..Open::default() };
        resp.request_focus();
    }
    // The list closes when the focus goes elsewhere (Tab, a click on another field), not while
    // the mouse picks in it.
    let in_list = ui.input(|i| i.pointer.interact_pos()).is_some_and(|p| state.rect.is_some_and(|r| r.contains(p)));
    let gone = !focused && !resp.has_focus() && !resp.clicked() && !in_list;
    if state.open && (gone || (focused && ui.input(|i| i.key_pressed(Key::Tab)))) {
        state = Open::default();
    }
    if state.open
        && let Some(n) = list(ui, id, &resp, &mut state, (entries, searched), lang)
    {
        picked = Some(n);
        state = Open::default();
        resp.request_focus();
    }
    ui.data_mut(|d| d.insert_temp(id, state));
    picked
}

/// Lets the system's input method work on the field as on a text field (Japanese is typed in
/// kana through it), its candidates shown under the field.
fn take_input_method(ui: &Ui, resp: &Response) {
    let to_global = ui.ctx().layer_transform_to_global(ui.layer_id()).unwrap_or_default();
    let rect = to_global * resp.rect;
    let cursor = egui::Rect::from_min_size(rect.left_bottom(), vec2(1.0, 1.0));
    ui.output_mut(|o| {
        o.ime = Some(egui::output::IMEOutput {
            purpose: egui::IMEPurpose::Normal,
            rect,
            cursor_rect: cursor,
            should_interrupt_composition: false,
        });
    });
}

/// The entries whose text (or what else finds them) holds what was typed, ignoring case.
fn shown(entries: &[String], searched: &[String], typed: &str) -> Vec<usize> {
    let typed = typed.trim().to_lowercase();
    let holds = |s: Option<&String>| s.is_some_and(|s| s.to_lowercase().contains(&typed));
    (0..entries.len()).filter(|&i| holds(entries.get(i)) || holds(searched.get(i))).collect()
}

/// The keys of the focused field, taken before egui sees them (Enter and Space would click it).
fn keys(ui: &Ui, state: &mut Open, entries: &[String], searched: &[String]) -> Option<usize> {
    let pressed = |k| ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
    // Letters typed, and what an input method committed (kana, kanji).
    let typed: String = ui.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) | Event::Ime(ImeEvent::Commit(t)) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    });
    if !state.open {
        if pressed(Key::Enter) || pressed(Key::Space) || pressed(Key::ArrowDown) {
            *state = Open { open: true, ..Open::default() };
        } else if !typed.trim().is_empty() {
            *state = Open { open: true, typed: typed.trim_start().to_string(), ..Open::default() };
        }
        pressed(Key::Escape);
        return None;
    }
    // Space is a letter of the filter while the list is open.
    pressed(Key::Space);
    state.typed.push_str(&typed);
    if pressed(Key::Backspace) {
        state.typed.pop();
    }
    if !typed.is_empty() {
        state.highlighted = 0;
    }
    let found = shown(entries, searched, &state.typed);
    if pressed(Key::ArrowDown) {
        state.highlighted = (state.highlighted + 1).min(found.len().saturating_sub(1));
    }
    if pressed(Key::ArrowUp) {
        state.highlighted = state.highlighted.saturating_sub(1);
    }
    if pressed(Key::Escape) {
        *state = Open::default();
        return None;
    }
    if pressed(Key::Enter) {
        let n = found.get(state.highlighted.min(found.len().saturating_sub(1))).copied();
        if n.is_some() {
            *state = Open::default();
        }
        return n;
    }
    None
}

/// The field itself: the chosen entry (wrapped when long) and the arrow.
fn field(ui: &mut Ui, id: Id, label: Id, selected: &str, width: f32, open: bool) -> Response {
    let pad = ui.spacing().button_padding;
    let arrow = ui.spacing().icon_width;
    let text_width = (width - arrow - 3.0 * pad.x).max(20.0);
    let galley = WidgetText::from(selected).into_galley(ui, Some(TextWrapMode::Wrap), text_width, TextStyle::Button);
    let height = (galley.size().y + 2.0 * pad.y).max(ui.spacing().interact_size.y);
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let resp = ui.interact(rect, id, Sense::click());
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact_selectable(&resp, open);
        let painter = ui.painter();
        // The focus shows as a text field's does: the selection's outline.
        let stroke = if resp.has_focus() { ui.visuals().selection.stroke } else { visuals.bg_stroke };
        painter.rect(rect, visuals.corner_radius, visuals.weak_bg_fill, stroke, egui::StrokeKind::Inside);
        let text_pos = egui::pos2(rect.left() + pad.x, rect.center().y - galley.size().y / 2.0);
        painter.galley(text_pos, galley, visuals.text_color());
        // A triangle pointing down, as egui's combo box draws it.
        let c = egui::pos2(rect.right() - pad.x - arrow / 2.0, rect.center().y);
        let r = arrow / 4.0;
        let points = vec![c + vec2(-r, -r / 2.0), c + vec2(r, -r / 2.0), c + vec2(0.0, r / 2.0 + 1.0)];
        painter.add(egui::Shape::convex_polygon(points, visuals.fg_stroke.color, egui::Stroke::NONE));
    }
    resp.widget_info(|| {
        let mut info = WidgetInfo::new(Role::ComboBox);
        info.enabled = ui.is_enabled();
        info.current_text_value = Some(selected.to_string());
        info
    });
    resp.labelled_by(label)
}

/// The open list under the field. Returns the entry clicked.
fn list(
    ui: &Ui,
    id: Id,
    field: &Response,
    state: &mut Open,
    (entries, searched): (&[String], &[String]),
    lang: Lang,
) -> Option<usize> {
    let found = shown(entries, searched, &state.typed);
    let mut picked = None;
    let width = field.rect.width().max(220.0);
    let area = egui::Area::new(id.with("list")).order(Order::Foreground).fixed_pos(field.rect.left_bottom()).show(
        ui.ctx(),
        |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(width);
                let hint = if state.typed.is_empty() {
                    tr!("forms-dropdown-how").get(lang).to_string()
                } else {
                    tr!("forms-dropdown-typed", typed = state.typed.clone()).into_lang(lang)
                };
                ui.label(RichText::new(hint).weak().small());
                if found.is_empty() {
                    ui.label(tr!("forms-dropdown-nothing", typed = state.typed.clone()).into_lang(lang));
                }
                egui::ScrollArea::vertical().max_height(360.0).id_salt(id.with("scroll")).show(ui, |ui| {
                    for (n, &i) in found.iter().enumerate() {
                        if entry(ui, &entries[i], n == state.highlighted, width).clicked() {
                            picked = Some(i);
                        }
                    }
                });
            });
        },
    );
    state.rect = Some(area.response.rect);
    picked
}

/// One entry of the list: clicked to pick it, no Tab stop of its own (the field keeps the keys).
fn entry(ui: &mut Ui, text: &str, highlighted: bool, width: f32) -> Response {
    let pad = ui.spacing().button_padding;
    let galley =
        WidgetText::from(text).into_galley(ui, Some(TextWrapMode::Wrap), width - 2.0 * pad.x, TextStyle::Button);
    let size = vec2(width, galley.size().y + 2.0 * pad.y);
    let (rect, resp) = ui.allocate_exact_size(size, Sense::CLICK);
    if highlighted {
        resp.scroll_to_me(None);
    }
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact_selectable(&resp, highlighted);
        if highlighted || resp.hovered() {
            ui.painter().rect_filled(rect, visuals.corner_radius, visuals.bg_fill);
        }
        ui.painter().galley(rect.min + pad, galley, visuals.text_color());
    }
    resp.widget_info(|| WidgetInfo::selected(Role::ListBoxOption, true, highlighted, text));
    resp
}
