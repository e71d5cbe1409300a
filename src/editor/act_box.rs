//! The act box of the editor: the single-line field that replaces, inserts or deletes an act.
//!
//! It is filled with the act shown whenever the replay moves or the document changes (a fix with
//! Ctrl+., an undo, an act inserted or taken out), and its own undo is forgotten then, so it never
//! brings back the text of another act. While it holds the act shown (nothing typed in it), Ctrl+Z
//! and Ctrl+Shift+Z are the document's, as everywhere else in the editor: Replace never undoes a
//! correction the box has not shown.

use egui::{RichText, Ui};

use super::edit::{self as editor, FrameEdit};
use crate::format::{Act, act_text};
use crate::i18n::{Lang, Msg, tr};
use crate::ui::ERROR;
use crate::ui::command::Command;
use crate::ui::fields::read_act;

/// The quick changes of an act's kind: its discard part becomes one of these.
const KINDS: &[(editor::ActKind, Msg)] = &[
    (editor::ActKind::Discard, tr!("editor-kind-discard")),
    (editor::ActKind::Tsumogiri, tr!("editor-kind-tsumogiri")),
    (editor::ActKind::Riichi, tr!("editor-kind-riichi")),
    (editor::ActKind::Tsumo, tr!("editor-kind-tsumo")),
];

/// The box's text and the error under it.
#[derive(Clone, Debug, Default)]
pub struct ActBox {
    pub text: String,
    pub error: Option<String>,
    /// Filled again since the box was last drawn (its own undo is then forgotten).
    filled: bool,
}

/// What the box asked for.
#[derive(Clone, Debug)]
pub enum BoxAsked {
    Edit(FrameEdit),
    Command(Command),
}

impl ActBox {
    /// Shows `act` (the act shown; empty at the deal), whatever was typed.
    pub fn fill(&mut self, act: Option<Act>) {
        self.text = act.map(|a| act_text(&a)).unwrap_or_default();
        self.error = None;
        self.filled = true;
    }

    /// The act typed, or `None` with its error shown under the box.
    pub fn typed_act(&mut self, lang: Lang) -> Option<Act> {
        match read_act(&self.text, lang) {
            Ok(a) => {
                self.error = None;
                Some(a)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    /// Draws the box, its buttons and the quick changes of the act shown: `position` acts
    /// applied, `current` the last of them.
    pub fn show(&mut self, ui: &mut Ui, lang: Lang, position: usize, current: Option<Act>) -> Vec<BoxAsked> {
        let id = ui.make_persistent_id("editor.act");
        let mut asked = self.follow(ui, id, current);
        let label = match position {
            0 => tr!("editor-new-act-first").get(lang).to_string(),
            p => tr!("editor-act-label", act = p).into_lang(lang),
        };
        let l = ui.label(label);
        let r = ui.add(
            egui::TextEdit::singleline(&mut self.text)
                .id(id)
                .font(egui::TextStyle::Monospace)
                .hint_text("(s,5p,tg)")
                .desired_width(f32::INFINITY),
        );
        let r = r.labelled_by(l.id);
        let enter = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal_wrapped(|ui| {
            let replace = egui::Button::new(tr!("editor-replace").get(lang)).shortcut_text("Enter");
            let replace = ui.add_enabled(position > 0, replace).on_hover_text(tr!("editor-replace-tip").get(lang));
            if (replace.clicked() || (enter && position > 0))
                && let Some(to) = self.typed_act(lang)
            {
                asked.push(BoxAsked::Edit(FrameEdit::ReplaceAct { act: position - 1, to }));
            }
            for (c, enabled) in [(Command::InsertAct, true), (Command::DeleteAct, position > 0)] {
                if c.button(ui, lang, enabled) {
                    asked.push(BoxAsked::Command(c));
                }
            }
        });
        if let Some(a) = current {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(tr!("editor-make-it").get(lang)).weak());
                for (kind, name) in KINDS {
                    if let Some(to) = editor::with_kind(a, *kind)
                        && to != a
                        && ui.small_button(name.get(lang)).on_hover_text(act_text(&to)).clicked()
                    {
                        asked.push(BoxAsked::Edit(FrameEdit::ReplaceAct { act: position - 1, to }));
                    }
                }
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ERROR, e);
        }
        asked
    }

    /// Before the box `id` is drawn: its own undo forgotten when it was filled again, and the
    /// document's undo or redo taken from it while it holds `current` as shown (nothing typed).
    fn follow(&mut self, ui: &Ui, id: egui::Id, current: Option<Act>) -> Vec<BoxAsked> {
        if std::mem::take(&mut self.filled)
            && let Some(mut field) = egui::text_edit::TextEditState::load(ui.ctx(), id)
        {
            field.clear_undoer();
            field.store(ui.ctx(), id);
        }
        let shown = current.map(|a| act_text(&a)).unwrap_or_default();
        if !ui.memory(|m| m.has_focus(id)) || self.text != shown {
            return Vec::new();
        }
        // Redo first: egui takes a Ctrl+Shift+Z press for Ctrl+Z too.
        [Command::Redo, Command::Undo]
            .into_iter()
            .find(|c| c.shortcuts().iter().any(|s| ui.input_mut(|i| i.consume_shortcut(s))))
            .map(BoxAsked::Command)
            .into_iter()
            .collect()
    }
}
