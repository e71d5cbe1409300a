//! A form the keyboard stays in: its fields in reading order, Tab and Shift+Tab moving through
//! them and never out of the form (egui's own Tab order would go on to the menu bar), Enter
//! reported for the form to decide, the first field focused when the form appears.

use egui::{EventFilter, Id, Key, Modifiers, Response, Ui};

/// The fields of one form, in the order Tab moves through them. Build it while drawing the form
/// ([`FocusRing::field`], [`FocusRing::add`]), then call [`FocusRing::finish`].
#[derive(Debug, Default)]
pub struct FocusRing {
    ids: Vec<Id>,
}

/// What the keyboard asked of the form this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RingKeys {
    /// Enter in the field with this place in the ring.
    pub enter_at: Option<usize>,
    /// Ctrl+Enter (Cmd+Enter) in any field of the ring.
    pub ctrl_enter: bool,
}

/// Tab is the form's, not egui's.
const TAB_IS_OURS: EventFilter =
    EventFilter { tab: true, horizontal_arrows: false, vertical_arrows: false, escape: false };

impl FocusRing {
    /// A one-line text field of the form, named by the label `label`. Enter does not leave it
    /// (see [`FocusRing::finish`]).
    pub fn field(&mut self, ui: &mut Ui, label: Id, key: &str, text: &mut String, hint: &str, width: f32) -> Response {
        let resp = ui
            .add(
                egui::TextEdit::singleline(text)
                    .id_salt(key)
                    .hint_text(hint)
                    .desired_width(width)
                    .min_size(egui::vec2(width, 0.0))
                    .lock_focus(true)
                    .return_key(None),
            )
            .labelled_by(label);
        self.ids.push(resp.id);
        resp
    }

    /// Another widget of the form (a button) as a stop of the ring.
    pub fn add(&mut self, ui: &Ui, resp: &Response) {
        if resp.has_focus() {
            ui.memory_mut(|m| m.set_focus_lock_filter(resp.id, TAB_IS_OURS));
        }
        self.ids.push(resp.id);
    }

    /// Puts the focus on stop `i` of the ring (counted round).
    pub fn focus(&self, ui: &Ui, i: usize) {
        if !self.ids.is_empty() {
            let id = self.ids[i % self.ids.len()];
            ui.memory_mut(|m| m.request_focus(id));
        }
    }

    /// Whether the focus is in the form.
    pub fn has_focus(&self, ui: &Ui) -> bool {
        ui.memory(|m| m.focused()).is_some_and(|f| self.ids.contains(&f))
    }

    /// Moves the focus on Tab and Shift+Tab (wrapping round), focuses the stop `start` when asked
    /// (the form just appeared), and says what Enter and Ctrl+Enter asked. With `capture`, Tab
    /// pressed anywhere outside the form brings the focus into it (egui would give it to the menu
    /// bar); pass false while a dialog is open over the form.
    pub fn finish(&self, ui: &Ui, start: Option<usize>, capture: bool) -> RingKeys {
        let n = self.ids.len();
        if n == 0 {
            return RingKeys::default();
        }
        let focused = ui.memory(|m| m.focused());
        let at = focused.and_then(|f| self.ids.iter().position(|id| *id == f));
        let (tab, back, enter, ctrl_enter) = ui.input(|i| {
            let tab = i.key_pressed(Key::Tab);
            (
                tab && !i.modifiers.shift,
                tab && i.modifiers.shift,
                i.key_pressed(Key::Enter) && !i.modifiers.command && !i.modifiers.ctrl,
                i.key_pressed(Key::Enter) && (i.modifiers.command || i.modifiers.ctrl),
            )
        });
        let go = |i: usize| {
            ui.memory_mut(|m| {
                m.request_focus(self.ids[i % n]);
                m.move_focus(egui::FocusDirection::None);
            })
        };
        match (at, start) {
            (_, Some(s)) => go(s),
            (Some(i), _) if tab => go(i + 1),
            (Some(i), _) if back => go(i + n - 1),
            (None, _) if (tab || back) && capture => go(if back { n - 1 } else { 0 }),
            _ => {}
        }
        let in_ring = at.is_some();
        RingKeys { enter_at: at.filter(|_| enter), ctrl_enter: in_ring && ctrl_enter }
    }
}

/// True when `Ctrl+Enter` (Cmd on a Mac) is the key pressed: read by forms whose fields take it.
pub fn ctrl_enter(ui: &Ui) -> bool {
    ui.input(|i| i.key_pressed(Key::Enter) && i.modifiers.matches_logically(Modifiers::COMMAND))
}
