//! The recorder's keymap: every key the recorder takes while no text field has focus, what it
//! does, and how it is named, in one table. The session finds an action's letter here, the
//! action bar its key name, the recorder screen reads the keyboard through it, and a test checks
//! it against the app's commands (a key the app's shortcuts would take first is a clash).

use std::sync::LazyLock;

use super::session::{Action, Key};
use crate::i18n::Lang;

/// What pressing a key of the keymap gives the recorder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key for the session (tiles, actions, choices, Escape, Backspace).
    Session(Key),
    /// Enter: confirm the deal or the end of the frame.
    Confirm,
    /// Make the fix of the likely cause the header names.
    Fix,
}

/// A key of the keymap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chord {
    /// A character typed (read from the text the keyboard gives, so it follows the layout; a
    /// letter typed with Shift is the same letter).
    Char(char),
    Space,
    Escape,
    Backspace,
    Enter,
    /// Shift and a digit key (0 is the tenth).
    ShiftDigit(u8),
}

impl Chord {
    /// The key as shown on a button: `R`, `Space`, `Shift+1`.
    pub fn name(self) -> String {
        match self {
            Chord::Char(c) => c.to_ascii_uppercase().to_string(),
            Chord::Space => "Space".into(),
            Chord::Escape => "Esc".into(),
            Chord::Backspace => "Backspace".into(),
            Chord::Enter => "Enter".into(),
            Chord::ShiftDigit(d) => format!("Shift+{d}"),
        }
    }
}

/// One key: what it gives, the action of the action bar it does (if any), and what it does in
/// words (English, Japanese).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub chord: Chord,
    pub input: Input,
    pub action: Option<Action>,
    pub en: &'static str,
    pub ja: &'static str,
}

impl Binding {
    /// What the key does, in `lang`.
    pub fn text(&self, lang: Lang) -> &'static str {
        lang.pick(self.en, self.ja)
    }
}

/// The letter of each action that has one (Tsumogiri is Space).
const LETTERS: [(char, Action); 9] = [
    ('r', Action::Riichi),
    ('c', Action::Chi),
    ('p', Action::Pon),
    ('k', Action::Kan),
    ('n', Action::Ron),
    ('t', Action::Tsumo),
    ('d', Action::Exhaustive),
    ('a', Action::Abortive),
    ('i', Action::Indicator),
];

fn build() -> Vec<Binding> {
    let char_key = |c: char, action: Option<Action>, en, ja| Binding {
        chord: Chord::Char(c),
        input: Input::Session(Key::Char(c)),
        action,
        en,
        ja,
    };
    let mut map = Vec::new();
    for d in '0'..='9' {
        map.push(char_key(
            d,
            None,
            "a tile's number (0 a red five), or a numbered choice",
            "牌の数字（0 は赤五）、または番号の選択",
        ));
    }
    map.push(char_key('m', None, "manzu, after the number (5m)", "萬子（数字の後に：5m）"));
    map.push(char_key('s', None, "souzu, after the number (5s)", "索子（数字の後に：5s）"));
    map.push(char_key(
        'z',
        None,
        "an honour after its number: 1z-4z winds, 5z-7z dragons",
        "字牌（1z〜4z 風牌、5z〜7z 三元牌）",
    ));
    map.push(char_key('x', None, "an unknown tile", "不明の牌"));
    map.push(char_key('?', None, "an unknown tile", "不明の牌"));
    for (c, a) in LETTERS {
        let (en, ja) = match a {
            Action::Pon => ("pinzu after a number (5p); pon otherwise", "数字の後は筒子（5p）、それ以外はポン"),
            a => (a.label(Lang::En), a.label(Lang::Ja)),
        };
        map.push(char_key(c, Some(a), en, ja));
    }
    map.push(Binding {
        chord: Chord::Space,
        input: Input::Session(Key::Char(' ')),
        action: Some(Action::Tsumogiri),
        en: "Tsumogiri",
        ja: "ツモ切り",
    });
    for n in 1..=10usize {
        map.push(Binding {
            chord: Chord::ShiftDigit((n % 10) as u8),
            input: Input::Session(Key::Position(n)),
            action: None,
            en: "discard the tile at this position of the hand (Shift+0 is the tenth)",
            ja: "手牌のこの位置の牌を切る（Shift+0 は10番目）",
        });
    }
    let plain = |chord, input, en, ja| Binding { chord, input, action: None, en, ja };
    map.push(plain(
        Chord::Escape,
        Input::Session(Key::Cancel),
        "clear what is half typed, close a choice, stop ending the frame",
        "入力途中の取り消し、選択を閉じる、局の終了をやめる",
    ));
    map.push(plain(Chord::Backspace, Input::Session(Key::Back), "drop the number typed", "入力した数字を消す"));
    map.push(plain(Chord::Enter, Input::Confirm, "confirm the deal or the end of the frame", "配牌・局の終了を確定"));
    map.push(Binding {
        chord: Chord::Char('f'),
        input: Input::Fix,
        action: None,
        en: "make the fix of the likely cause the header names",
        ja: "見出しに示された原因の修正を行う",
    });
    map
}

static KEYMAP: LazyLock<Vec<Binding>> = LazyLock::new(build);

/// Every key of the recorder.
pub fn keymap() -> &'static [Binding] {
    &KEYMAP
}

/// The action a typed character does, if any (`p` is pon when no number waits for its suit).
pub fn action_of(c: char) -> Option<Action> {
    keymap().iter().find(|b| b.chord == Chord::Char(c) || (c == ' ' && b.chord == Chord::Space))?.action
}

/// The key that makes the fix of the likely cause, as the header names it.
pub fn fix_key_name() -> String {
    keymap().iter().find(|b| b.input == Input::Fix).map(|b| b.chord.name()).unwrap_or_default()
}

/// The key that does `action`, as its button shows it.
pub fn key_name(action: Action) -> String {
    keymap().iter().find(|b| b.action == Some(action)).map(|b| b.chord.name()).unwrap_or_default()
}

#[cfg(feature = "gui")]
pub use egui_keys::{read, shortcut};

#[cfg(feature = "gui")]
mod egui_keys {
    use egui::{Key as EguiKey, KeyboardShortcut, Modifiers};

    use super::{Chord, Input, keymap};

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
    pub fn shortcut(chord: Chord) -> Option<KeyboardShortcut> {
        let plain = |k| Some(KeyboardShortcut::new(Modifiers::NONE, k));
        match chord {
            Chord::Char(c) => EguiKey::from_name(&c.to_ascii_uppercase().to_string())
                .and_then(plain)
                .or_else(|| (c == '?').then(|| KeyboardShortcut::new(Modifiers::SHIFT, EguiKey::Slash))),
            Chord::Space => plain(EguiKey::Space),
            Chord::Escape => plain(EguiKey::Escape),
            Chord::Backspace => plain(EguiKey::Backspace),
            Chord::Enter => plain(EguiKey::Enter),
            Chord::ShiftDigit(d) => Some(KeyboardShortcut::new(Modifiers::SHIFT, DIGITS[usize::from(d % 10)])),
        }
    }

    /// The chord of a key press (characters come from text events, not here).
    fn chord_of(key: EguiKey, shift: bool) -> Option<Chord> {
        match (key, shift) {
            (EguiKey::Space, false) => Some(Chord::Space),
            (EguiKey::Escape, _) => Some(Chord::Escape),
            (EguiKey::Backspace, _) => Some(Chord::Backspace),
            (EguiKey::Enter, _) => Some(Chord::Enter),
            (k, true) => DIGITS.iter().position(|d| *d == k).map(|d| Chord::ShiftDigit(d as u8)),
            _ => None,
        }
    }

    /// What the keyboard gave the recorder this frame. Call it only while no text field has focus
    /// and after the app has read its shortcuts; keys held with Ctrl, Alt or Command are the app's.
    pub fn read(ctx: &egui::Context) -> Vec<Input> {
        let find = |chord: Chord| keymap().iter().find(|b| b.chord == chord).map(|b| b.input);
        let mut out = Vec::new();
        for e in ctx.input(|i| i.events.clone()) {
            match e {
                egui::Event::Text(t) => {
                    out.extend(
                        t.chars().filter(|c| *c != ' ').filter_map(|c| find(Chord::Char(c.to_ascii_lowercase()))),
                    );
                }
                egui::Event::Key { key, physical_key, pressed: true, modifiers, .. } => {
                    if modifiers.command || modifiers.ctrl || modifiers.alt {
                        continue;
                    }
                    // Shift and a digit key is named by the key's place: the keyboard gives the
                    // symbol on it (Shift+1 is "!" on a US or JIS layout) as the logical key.
                    let key = if modifiers.shift { physical_key.unwrap_or(key) } else { key };
                    out.extend(chord_of(key, modifiers.shift).and_then(find));
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(all(test, feature = "gui"))]
mod tests {
    use egui::{Key as EguiKey, KeyboardShortcut, Modifiers};

    use super::*;
    use crate::ui::command;

    /// The recorder's keys as the shortcut checker sees them.
    fn recorder_keys() -> Vec<(String, KeyboardShortcut)> {
        keymap().iter().filter_map(|b| Some((format!("recorder key {}", b.chord.name()), shortcut(b.chord)?))).collect()
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

    #[test]
    fn every_action_has_a_key_and_keys_read_as_the_session_wants() {
        for a in Action::ALL {
            assert!(!key_name(a).is_empty(), "{a:?} has no key");
        }
        assert_eq!(key_name(Action::Tsumogiri), "Space");
        assert_eq!(key_name(Action::Riichi), "R");
        assert_eq!(action_of('p'), Some(Action::Pon));
        assert_eq!(action_of(' '), Some(Action::Tsumogiri));
        assert_eq!(action_of('m'), None);
        let position = keymap().iter().find(|b| b.input == Input::Session(Key::Position(10))).map(|b| b.chord.name());
        assert_eq!(position.as_deref(), Some("Shift+0"));
    }
}
