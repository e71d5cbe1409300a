//! The recorder's keys as the keyboard gives them (egui's events): which keys of the keymap
//! ([`super::keys`]) were pressed this frame, and the shortcut each is, for the clash check with
//! the app's commands. What a key means is the keymap's alone.

use egui::{Key as EguiKey, KeyboardShortcut, Modifiers};

use super::keys::{Key, keymap};

const DIGITS: [EguiKey; 10] = [
    EguiKey::Num0,
    EguiKey::Num1,
    EguiKey::Num2,
    EguiKey::Num3,
    EguiKey::Num4,
    EguiKey::Num5,
    EguiKey::Num6,
    EguiKey::Num7,
    EguiKey::Num8,
    EguiKey::Num9,
];

/// The key as the user presses it, for the clash check with the app's shortcuts.
pub fn shortcut(key: Key) -> Option<KeyboardShortcut> {
    let plain = |k| Some(KeyboardShortcut::new(Modifiers::NONE, k));
    match key {
        Key::Char(' ') | Key::Space => plain(EguiKey::Space),
        Key::Char(c) => EguiKey::from_name(&c.to_ascii_uppercase().to_string())
            .and_then(plain)
            .or_else(|| (c == '?').then(|| KeyboardShortcut::new(Modifiers::SHIFT, EguiKey::Slash))),
        Key::Escape => plain(EguiKey::Escape),
        Key::Backspace => plain(EguiKey::Backspace),
        Key::Enter => plain(EguiKey::Enter),
        Key::Position(n) => Some(KeyboardShortcut::new(Modifiers::SHIFT, DIGITS[n % 10])),
        Key::Up => plain(EguiKey::ArrowUp),
        Key::Down => plain(EguiKey::ArrowDown),
        Key::PageUp => plain(EguiKey::PageUp),
        Key::PageDown => plain(EguiKey::PageDown),
        Key::End => plain(EguiKey::End),
        Key::Delete => plain(EguiKey::Delete),
        Key::CtrlEnter => Some(KeyboardShortcut::new(Modifiers::COMMAND, EguiKey::Enter)),
        Key::Tab => plain(EguiKey::Tab),
        Key::ShiftTab => Some(KeyboardShortcut::new(Modifiers::SHIFT, EguiKey::Tab)),
        Key::Alt(c) => {
            EguiKey::from_name(&c.to_ascii_uppercase().to_string()).map(|k| KeyboardShortcut::new(Modifiers::ALT, k))
        }
    }
}

/// The key of a key press (characters come from text events, not here).
fn key_of(key: EguiKey, shift: bool) -> Option<Key> {
    match (key, shift) {
        (EguiKey::Space, false) => Some(Key::Space),
        (EguiKey::Escape, _) => Some(Key::Escape),
        (EguiKey::Backspace, _) => Some(Key::Backspace),
        (EguiKey::Enter, _) => Some(Key::Enter),
        (EguiKey::ArrowUp, false) => Some(Key::Up),
        (EguiKey::ArrowDown, false) => Some(Key::Down),
        (EguiKey::PageUp, false) => Some(Key::PageUp),
        (EguiKey::PageDown, false) => Some(Key::PageDown),
        (EguiKey::End, false) => Some(Key::End),
        (EguiKey::Delete, false) => Some(Key::Delete),
        (EguiKey::Tab, false) => Some(Key::Tab),
        (EguiKey::Tab, true) => Some(Key::ShiftTab),
        (k, true) => DIGITS.iter().position(|d| *d == k).map(|d| Key::Position(if d == 0 { 10 } else { d })),
        _ => None,
    }
}

/// Takes out the text the keyboard gives while Alt is held (without Ctrl: AltGr types
/// characters on some layouts): Alt+U is the key of double entry, never a `u` typed into a
/// field or read as the plain key too. Call it before the screen is drawn.
pub fn drop_alt_text(ctx: &egui::Context) {
    let alt = |m: &egui::Modifiers| m.alt && !m.ctrl && !m.command;
    ctx.input_mut(|i| {
        // The modifiers as the events go (a key pressed carries its own).
        let mut held = alt(&i.modifiers);
        i.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) | egui::Event::Key { modifiers: m, pressed: true, .. } => {
                held = alt(m);
                true
            }
            egui::Event::Text(_) => !held,
            _ => true,
        });
    });
}

/// The keys of the keymap the keyboard gave this frame, in order. Call it after the app has
/// read its shortcuts; `all` only while no text field has focus (otherwise only the Alt keys
/// of double entry are read). Other keys held with Ctrl, Alt or Command are the app's.
pub fn read(ctx: &egui::Context, all: bool) -> Vec<Key> {
    let bound = |key: &Key| keymap().iter().any(|b| b.key == *key);
    let mut out = Vec::new();
    for e in ctx.input(|i| i.events.clone()) {
        match e {
            egui::Event::Key { key, pressed: true, modifiers, .. }
                if modifiers.alt && !modifiers.command && !modifiers.ctrl && !modifiers.shift =>
            {
                let c = key.name().chars().next().filter(|_| key.name().len() == 1).map(|c| c.to_ascii_lowercase());
                out.extend(c.map(Key::Alt).filter(bound));
            }
            _ if !all => {}
            egui::Event::Text(t) => {
                out.extend(t.chars().filter(|c| *c != ' ').map(|c| Key::Char(c.to_ascii_lowercase())).filter(bound));
            }
            egui::Event::Key { key, physical_key, pressed: true, modifiers, .. } => {
                if (modifiers.command || modifiers.ctrl) && key == EguiKey::Enter && !modifiers.alt {
                    out.push(Key::CtrlEnter);
                    continue;
                }
                if modifiers.command || modifiers.ctrl || modifiers.alt {
                    continue;
                }
                // Shift and a digit key is named by the key's place: the keyboard gives the
                // symbol on it (Shift+1 is "!" on a US or JIS layout) as the logical key.
                let key = if modifiers.shift { physical_key.unwrap_or(key) } else { key };
                out.extend(key_of(key, modifiers.shift).filter(bound));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use egui::{Key as EguiKey, KeyboardShortcut, Modifiers};

    use super::*;
    use crate::ui::command;

    /// The recorder's keys as the shortcut checker sees them.
    fn recorder_keys() -> Vec<(String, KeyboardShortcut)> {
        keymap().iter().filter_map(|b| Some((format!("recorder key {}", b.key.name()), shortcut(b.key)?))).collect()
    }

    #[test]
    fn no_key_of_the_recorder_or_the_app_is_taken_by_another() {
        assert_eq!(recorder_keys().len(), keymap().len(), "every recorder key is a key on the keyboard");
        let clashes = command::clashes(&recorder_keys());
        assert!(clashes.is_empty(), "{clashes:#?}");
    }

    #[test]
    fn the_check_finds_a_recorder_key_the_app_would_take_and_a_key_listed_twice() {
        // Ctrl+Z is Undo: a recorder key on it would never reach the recorder.
        let taken = vec![("recorder key Ctrl+Z".to_string(), KeyboardShortcut::new(Modifiers::COMMAND, EguiKey::Z))];
        let clashes = command::clashes(&taken);
        assert_eq!(clashes.len(), 1, "{clashes:?}");
        assert!(clashes[0].contains("Undo"), "{clashes:?}");
        let twice = vec![
            ("recorder key R".to_string(), KeyboardShortcut::new(Modifiers::NONE, EguiKey::R)),
            ("another recorder key R".to_string(), KeyboardShortcut::new(Modifiers::NONE, EguiKey::R)),
        ];
        assert_eq!(command::clashes(&twice).len(), 1);
    }
}
