//! The text fields every screen uses (a label is each field's accessible name; Enter moves to
//! the next field where a form wants it), and the readers of what is typed into them: tiles in
//! MPSZ, points, an act. A reader's error is a sentence in the interface language.

use egui::{Id, Ui};

use crate::format::{Act, Points, Tile};
use crate::i18n::{Lang, tr};
use crate::interop::mpsz;

const FOCUS_NEXT: &str = "jmjp-focus-next";

/// The next text field drawn (of [`text_input`]) takes the focus: a form opened puts the cursor
/// in its first field.
pub fn focus_next_field(ctx: &egui::Context) {
    ctx.data_mut(|d| d.insert_temp(Id::unique(FOCUS_NEXT), true));
}

/// A labelled one-line text field (the label is its accessible name). Enter moves to the next
/// field. Returns true when the text changed.
pub fn text_field(ui: &mut Ui, label: &str, key: &str, text: &mut String, hint: &str, width: f32) -> bool {
    let l = ui.label(label);
    text_input(ui, l.id, key, text, hint, width)
}

/// A text field named by an existing label.
pub fn text_input(ui: &mut Ui, label: Id, key: &str, text: &mut String, hint: &str, width: f32) -> bool {
    text_input_response(ui, label, key, text, hint, width).changed()
}

/// [`text_input`], giving its response (whether it has focus, say).
pub fn text_input_response(
    ui: &mut Ui,
    label: Id,
    key: &str,
    text: &mut String,
    hint: &str,
    width: f32,
) -> egui::Response {
    let resp = text_input_plain(ui, label, key, text, hint, width);
    take_focus_if_next(ui, &resp);
    if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        ui.data_mut(|d| d.insert_temp(Id::unique(FOCUS_NEXT), true));
    }
    resp
}

/// A field of a form other than a text field (a drop-down) takes the focus when it is the next
/// field drawn after [`focus_next_field`] or after Enter left a text field: Ctrl+1..6 land in a
/// section's first field whatever it is.
pub fn take_focus_if_next(ui: &Ui, resp: &egui::Response) {
    let next = Id::unique(FOCUS_NEXT);
    if ui.data(|d| d.get_temp::<bool>(next)).unwrap_or(false) && !resp.has_focus() {
        ui.data_mut(|d| d.remove::<bool>(next));
        resp.request_focus();
    }
}

/// A text field named by an existing label, where Enter does not move on: the caller decides
/// what Enter does (`resp.lost_focus()` with Enter pressed).
pub fn text_input_plain(
    ui: &mut Ui,
    label: Id,
    key: &str,
    text: &mut String,
    hint: &str,
    width: f32,
) -> egui::Response {
    ui.add(
        egui::TextEdit::singleline(text)
            .id_salt(key)
            .hint_text(hint)
            .desired_width(width)
            .min_size(egui::vec2(width, 0.0)),
    )
    .labelled_by(label)
}

/// True when `resp` is a text field left with Enter this frame.
pub fn entered(ui: &Ui, resp: &egui::Response) -> bool {
    resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// Tiles of an MPSZ hand; `x` or `?` alone is an unknown tile.
pub fn hand_tiles(text: &str, lang: Lang) -> Result<Vec<Tile>, String> {
    let mut fixed = String::with_capacity(text.len());
    let mut after_digit = false;
    for c in text.chars() {
        if c == 'x' && !after_digit {
            fixed.push('?');
        } else {
            fixed.push(c);
        }
        after_digit = c.is_ascii_digit() || (after_digit && matches!(c, '-' | '=' | '+'));
    }
    if fixed.trim().is_empty() {
        return Ok(Vec::new());
    }
    mpsz::parse(&fixed).map(|t| t.tiles().into_iter().map(|(t, _)| t).collect()).map_err(|e| e.text().into_lang(lang))
}

/// Points typed in real points (`25000`, `25,000`); the error names `what`.
pub fn read_points(text: &str, lang: Lang, what: &str) -> Result<Points, String> {
    let t = text.trim().replace([',', '_'], "");
    t.parse::<i64>()
        .ok()
        .and_then(Points::from_points)
        .ok_or_else(|| tr!("ui-not-points", what = what, text = format!("{text:?}")).into_lang(lang))
}

/// The act typed in an act field (`(s,5p,tg)`), or where and why it does not read.
pub fn read_act(text: &str, lang: Lang) -> Result<Act, String> {
    crate::format::parse_act(text.trim())
        .map_err(|e| tr!("ui-act-error", column = e.column, message = e.message).into_lang(lang))
}
