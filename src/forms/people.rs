//! The roster offered while a name is typed: under the Players and Recorders forms, the people
//! whose name holds what the focused name field holds. Up and Down move in the list, Enter fills
//! the whole row with the person, Escape closes the list; a click picks too.

use egui::{Key, Modifiers, RichText, Ui};

use super::fill::offered_label;
use crate::i18n::{Lang, tr};
use crate::season::roster::Roster;

/// The state of the list under a form's name fields.
#[derive(Clone, Debug, Default)]
pub struct Offer {
    /// The row whose name field has focus, and what that field holds (as last drawn).
    focus: Option<(usize, String)>,
    highlighted: usize,
    /// The list stays closed while the focused field is this and holds this (after Escape, or
    /// once the row was filled).
    closed: Option<(usize, String)>,
    /// A row was filled this frame: the list closes on what its field then holds.
    filled: bool,
}

impl Offer {
    /// The row and the people offered now, if the list shows.
    fn found(&self, roster: &Roster, players: bool) -> Option<(usize, Vec<usize>)> {
        let focus = self.focus.as_ref()?;
        if self.closed.as_ref() == Some(focus) {
            return None;
        }
        let found = roster.matching(&focus.1, players);
        (!found.is_empty()).then_some((focus.0, found))
    }

    /// Before the fields are drawn: the list's keys, taken from the text field only while the
    /// list shows. Returns the row to fill and the person picked.
    pub fn keys(&mut self, ui: &Ui, roster: &Roster, players: bool) -> Option<(usize, usize)> {
        let (row, found) = self.found(roster, players)?;
        let pressed = |k| ui.input_mut(|i| i.consume_key(Modifiers::NONE, k));
        if pressed(Key::ArrowDown) {
            self.highlighted = (self.highlighted + 1).min(found.len() - 1);
        }
        if pressed(Key::ArrowUp) {
            self.highlighted = self.highlighted.saturating_sub(1);
        }
        if pressed(Key::Escape) {
            self.closed = self.focus.clone();
            return None;
        }
        if pressed(Key::Enter) {
            self.filled = true;
            return found.get(self.highlighted.min(found.len() - 1)).map(|&p| (row, p));
        }
        None
    }

    /// After the fields are drawn: the name field of a row that has focus, and its text.
    pub fn focused(&mut self, focus: Option<(usize, String)>) {
        if self.filled {
            self.closed.clone_from(&focus);
            self.filled = false;
        }
        if focus != self.focus {
            self.highlighted = 0;
        }
        self.focus = focus;
    }

    /// The list, under the form. Returns the row to fill and the person clicked.
    pub fn show(&mut self, ui: &mut Ui, roster: &Roster, players: bool, lang: Lang) -> Option<(usize, usize)> {
        let (row, found) = self.found(roster, players)?;
        let mut picked = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(RichText::new(tr!("forms-roster-offer").get(lang)).weak());
            for (n, &person) in found.iter().enumerate() {
                let Some(p) = roster.people.get(person) else { continue };
                if ui.selectable_label(n == self.highlighted, offered_label(p, lang)).clicked() {
                    picked = Some((row, person));
                }
            }
        });
        if picked.is_some() {
            self.filled = true;
        }
        picked
    }
}
