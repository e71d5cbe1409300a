//! The recorder's keymap: every key the recorder takes (while no text field has focus, and the
//! keys its forms take), what it does, and how it is named, in one table. The session finds an action's letter here, the
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
    /// Move the selection through the frame flow (an act selected is corrected by the keys).
    Select(Move),
    /// Take the selected act out.
    Remove,
    /// A key of the deal and end forms (Tab, Shift+Tab): the forms take it themselves.
    Form,
}

/// How the selection of an act moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The act before (from the live end: the last act).
    Up,
    /// The act after; past the last, the live end.
    Down,
    /// Four acts (a round) before.
    PageUp,
    /// Four acts after.
    PageDown,
    /// Back to the live end.
    End,
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
    Up,
    Down,
    PageUp,
    PageDown,
    End,
    Delete,
    /// Ctrl+Enter (Cmd+Enter on a Mac).
    CtrlEnter,
    Tab,
    ShiftTab,
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
            Chord::Up => "Up".into(),
            Chord::Down => "Down".into(),
            Chord::PageUp => "PageUp".into(),
            Chord::PageDown => "PageDown".into(),
            Chord::End => "End".into(),
            Chord::Delete => "Delete".into(),
            Chord::CtrlEnter => "Ctrl+Enter".into(),
            Chord::Tab => "Tab".into(),
            Chord::ShiftTab => "Shift+Tab".into(),
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
            "a tile's number (0 a red five), a numbered choice, or at an exhaustive draw (1-4) the tenpai mark of E, S, W, N",
            "牌の数字（0 は赤五）、番号の選択、流局時（1〜4）は東・南・西・北の聴牌",
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
    map.push(char_key(
        'w',
        None,
        "with an earlier act selected: the next tile typed is its drawn tile",
        "過去の行為を選択中：次に入力する牌をそのツモ牌にする",
    ));
    map.push(char_key(
        'o',
        None,
        "with an earlier act selected: insert a missed act before it (its draw, then its discard or Space)",
        "過去の行為を選択中：その前に抜けた行為を挿入（ツモ牌、続けて打牌か Space）",
    ));
    map.push(plain(
        Chord::Escape,
        Input::Session(Key::Cancel),
        "clear what is half typed, close a choice, stop ending the frame; with an act selected, back to the live end",
        "入力途中の取り消し、選択を閉じる、局の終了をやめる。行為を選択中は最新の位置に戻る",
    ));
    map.push(plain(Chord::Backspace, Input::Session(Key::Back), "drop the number typed", "入力した数字を消す"));
    map.push(plain(Chord::Enter, Input::Confirm, "confirm the deal or the end of the frame", "配牌・局の終了を確定"));
    map.push(plain(
        Chord::CtrlEnter,
        Input::Confirm,
        "deal from any field of the deal form (or confirm the end)",
        "配牌フォームのどの欄からでも配牌を確定（局の終了の確定も）",
    ));
    map.push(plain(
        Chord::Tab,
        Input::Form,
        "the next field of the deal or end form (the focus stays in the form)",
        "配牌・終了フォームの次の欄（フォームの外には出ない）",
    ));
    map.push(plain(Chord::ShiftTab, Input::Form, "the field before", "前の欄"));
    let moves = [
        (
            Chord::Up,
            Move::Up,
            "select the act before, to correct it with the recording keys",
            "一つ前の行為を選択（記録キーで訂正）",
        ),
        (
            Chord::Down,
            Move::Down,
            "select the act after; past the last, back to the live end",
            "一つ後の行為を選択（最後の後は最新の位置）",
        ),
        (Chord::PageUp, Move::PageUp, "select four acts (a round) before", "4 行為（一巡）前を選択"),
        (Chord::PageDown, Move::PageDown, "select four acts after", "4 行為後を選択"),
        (Chord::End, Move::End, "back to the live end", "最新の位置に戻る"),
    ];
    for (chord, m, en, ja) in moves {
        map.push(plain(chord, Input::Select(m), en, ja));
    }
    map.push(plain(Chord::Delete, Input::Remove, "take the selected act out", "選択した行為を削除"));
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
            Chord::Up => plain(EguiKey::ArrowUp),
            Chord::Down => plain(EguiKey::ArrowDown),
            Chord::PageUp => plain(EguiKey::PageUp),
            Chord::PageDown => plain(EguiKey::PageDown),
            Chord::End => plain(EguiKey::End),
            Chord::Delete => plain(EguiKey::Delete),
            Chord::CtrlEnter => Some(KeyboardShortcut::new(Modifiers::COMMAND, EguiKey::Enter)),
            Chord::Tab => plain(EguiKey::Tab),
            Chord::ShiftTab => Some(KeyboardShortcut::new(Modifiers::SHIFT, EguiKey::Tab)),
        }
    }

    /// The chord of a key press (characters come from text events, not here).
    fn chord_of(key: EguiKey, shift: bool) -> Option<Chord> {
        match (key, shift) {
            (EguiKey::Space, false) => Some(Chord::Space),
            (EguiKey::Escape, _) => Some(Chord::Escape),
            (EguiKey::Backspace, _) => Some(Chord::Backspace),
            (EguiKey::Enter, _) => Some(Chord::Enter),
            (EguiKey::ArrowUp, false) => Some(Chord::Up),
            (EguiKey::ArrowDown, false) => Some(Chord::Down),
            (EguiKey::PageUp, false) => Some(Chord::PageUp),
            (EguiKey::PageDown, false) => Some(Chord::PageDown),
            (EguiKey::End, false) => Some(Chord::End),
            (EguiKey::Delete, false) => Some(Chord::Delete),
            (EguiKey::Tab, false) => Some(Chord::Tab),
            (EguiKey::Tab, true) => Some(Chord::ShiftTab),
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
                    if (modifiers.command || modifiers.ctrl) && key == EguiKey::Enter && !modifiers.alt {
                        out.extend(find(Chord::CtrlEnter));
                        continue;
                    }
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

    /// How the README's table of keys names a key.
    fn readme_name(chord: Chord) -> String {
        match chord {
            Chord::Char(c) if c.is_ascii_digit() => "digit".into(),
            Chord::Char(c) => format!("`{c}`"),
            Chord::Escape => "Escape".into(),
            Chord::ShiftDigit(_) => "Shift+1..9, Shift+0".into(),
            c => c.name(),
        }
    }

    #[test]
    fn every_key_is_in_the_readme_table() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
        let start = readme.find("**Keys.** The recorder always knows").expect("the recorder's keys section");
        let end = start + readme[start..].find("The keys are one table").expect("its end");
        // The first cell of each row of the table.
        let firsts: Vec<&str> =
            readme[start..end].lines().filter_map(|l| l.strip_prefix("| ")?.split(" |").next()).collect();
        for b in keymap() {
            let name = readme_name(b.chord);
            assert!(firsts.iter().any(|f| f.contains(&name)), "the README's table of keys lacks {name}: {firsts:?}");
        }
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
