//! The recorder's keymap: every key the recorder takes (while no text field has focus, and the
//! keys its forms take), how it is named and what it does in words, in one table; and what a key
//! means where the recorder stands ([`intent`]), in one function. The action bar takes its key
//! names here, the recorder screen reads the keyboard through it, and a test checks it against
//! the app's commands (a key the app's shortcuts would take first is a clash).

use std::sync::LazyLock;

use super::intent::{Action, Intent, Mistake, Move};
use crate::format::{Seat, Tile};
use crate::i18n::{Lang, Msg, tr};

/// A key of the keymap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A character typed (read from the text the keyboard gives, so it follows the layout; a
    /// letter typed with Shift is the same letter). `Char(' ')` is [`Key::Space`].
    Char(char),
    Space,
    Escape,
    Backspace,
    Enter,
    /// Shift and a digit key: the tile at this position (1-10) of the hand (Shift+0 is the tenth).
    Position(usize),
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
    /// Alt and a letter: the keys of double entry and of the match video, read even while a
    /// form's field has the focus.
    Alt(char),
}

impl Key {
    /// The key as shown on a button: `R`, `Space`, `Shift+1`.
    pub fn name(self) -> String {
        match self {
            Key::Char(' ') | Key::Space => "Space".into(),
            Key::Char(c) => c.to_ascii_uppercase().to_string(),
            Key::Escape => "Esc".into(),
            Key::Backspace => "Backspace".into(),
            Key::Enter => "Enter".into(),
            Key::Position(n) => format!("Shift+{}", n % 10),
            Key::Up => "Up".into(),
            Key::Down => "Down".into(),
            Key::PageUp => "PageUp".into(),
            Key::PageDown => "PageDown".into(),
            Key::End => "End".into(),
            Key::Delete => "Delete".into(),
            Key::CtrlEnter => "Ctrl+Enter".into(),
            Key::Tab => "Tab".into(),
            Key::ShiftTab => "Shift+Tab".into(),
            Key::Alt(c) => format!("Alt+{}", c.to_ascii_uppercase()),
        }
    }

    /// The same key as the table lists it (a letter in lower case, Space).
    fn plain(self) -> Key {
        match self {
            Key::Char(' ') => Key::Space,
            Key::Char(c) => Key::Char(c.to_ascii_lowercase()),
            k => k,
        }
    }
}

/// Makes the fix of the likely cause the header names.
const FIX: Key = Key::Char('f');
/// With an act selected: the next tile is its drawn tile.
const DRAWN: Key = Key::Char('w');
/// With an act selected: a missed act goes in before it.
const INSERT: Key = Key::Char('o');
/// Double entry: the next open difference with the other desk.
const NEXT_DIFFERENCE: Key = Key::Char('j');
/// Double entry: take the other desk's value for the difference selected.
const TAKE: Key = Key::Char('u');
/// Double entry: keep mine for the difference selected (checked).
const KEEP: Key = Key::Char('v');

/// The match video: the act selected (or the last) played from a few seconds before it.
const LOOK: Key = Key::Char('l');
/// The match video: the video shows the act selected (or the last) now (a sync point).
const SYNC: Key = Key::Char('y');

/// Where the recorder stands, as far as what a key means depends on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyState {
    /// A tile's number typed, waiting for its suit.
    pub digit: Option<u8>,
    /// A numbered choice is open: a digit picks.
    pub choosing: bool,
    /// An earlier act is selected: the recording keys correct it.
    pub correcting: bool,
    /// The frame is being ended as an exhaustive draw: 1-4 mark tenpai.
    pub marking_tenpai: bool,
}

/// What `key` means where the recorder stands (`None`: nothing, or a key the forms take).
pub fn intent(key: Key, at: &KeyState) -> Option<Intent> {
    let key = key.plain();
    if !keymap().iter().any(|b| b.key == key) {
        return None;
    }
    let action = action_of(key);
    Some(match key {
        FIX => Intent::Fix,
        LOOK => Intent::LookAtVideo,
        SYNC => Intent::SyncVideo,
        NEXT_DIFFERENCE => Intent::NextDifference,
        TAKE => Intent::TakeTheirs,
        KEEP => Intent::KeepMine,
        Key::Alt(c) => match Key::Char(c) {
            LOOK => Intent::LookAtVideo,
            SYNC => Intent::SyncVideo,
            NEXT_DIFFERENCE => Intent::NextDifference,
            TAKE => Intent::TakeTheirs,
            KEEP => Intent::KeepMine,
            Key::Char(d @ '1'..='9') => Intent::PickCause(usize::from(d as u8 - b'0')),
            _ => return None,
        },
        Key::Up => Intent::Select(Move::Up),
        Key::Down => Intent::Select(Move::Down),
        Key::PageUp => Intent::Select(Move::PageUp),
        Key::PageDown => Intent::Select(Move::PageDown),
        Key::End => Intent::Select(Move::End),
        Key::Delete => Intent::Remove,
        Key::Escape => Intent::Cancel,
        Key::Backspace => Intent::DropDigit,
        Key::Position(n) => Intent::Position(n),
        Key::Tab | Key::ShiftTab => return None,
        Key::Enter | Key::CtrlEnter if at.correcting => return None,
        Key::Enter | Key::CtrlEnter => Intent::Confirm,
        Key::Char(c) if c.is_ascii_digit() => {
            let d = c as u8 - b'0';
            match d {
                _ if at.correcting => Intent::Digit(d),
                1..=4 if at.marking_tenpai => Intent::Tenpai(Seat::from_index(usize::from(d - 1))),
                _ if at.choosing => Intent::Pick(usize::from(d)),
                _ => Intent::Digit(d),
            }
        }
        Key::Char(c @ ('m' | 'p' | 's' | 'z')) => match at.digit {
            Some(d) => Tile::from_mpsz(d, c).map_or(Intent::Mistyped(Mistake::NoSuchHonour(d)), Intent::Tile),
            // `p` alone is pon (at the live end).
            None => match action {
                Some(a) if !at.correcting => Intent::Action(a),
                _ => Intent::Mistyped(Mistake::NumberFirst),
            },
        },
        Key::Char('x' | '?') => Intent::Tile(Tile::UNKNOWN),
        DRAWN if at.correcting => Intent::CorrectDraw,
        INSERT if at.correcting => Intent::InsertBefore,
        // A correction takes tsumogiri and riichi; any other key drops the number typed.
        _ if at.correcting => match action {
            Some(a @ (Action::Tsumogiri | Action::Riichi)) => Intent::Action(a),
            _ => Intent::DropDigit,
        },
        _ => Intent::Action(action?),
    })
}

/// One key: the action of the action bar it does (if any), and what it does in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub key: Key,
    pub action: Option<Action>,
    /// What the key does.
    pub what: Msg,
}

impl Binding {
    /// What the key does, in `lang`.
    pub fn text(&self, lang: Lang) -> &'static str {
        self.what.get(lang)
    }
}

/// The letter of each action that has one (Tsumogiri is Space).
const LETTERS: [(char, Action); 10] = [
    ('r', Action::Riichi),
    ('c', Action::Chi),
    ('p', Action::Pon),
    ('k', Action::Kan),
    ('n', Action::Ron),
    ('t', Action::Tsumo),
    ('d', Action::Exhaustive),
    ('a', Action::Abortive),
    ('i', Action::Indicator),
    ('b', Action::Chombo),
];

fn build() -> Vec<Binding> {
    let char_key = |c: char, action: Option<Action>, what| Binding { key: Key::Char(c), action, what };
    let mut map = Vec::new();
    for d in '0'..='9' {
        map.push(char_key(d, None, tr!("recorder-key-digit")));
    }
    map.push(char_key('m', None, tr!("recorder-key-manzu")));
    map.push(char_key('s', None, tr!("recorder-key-souzu")));
    map.push(char_key('z', None, tr!("recorder-key-honour")));
    map.push(char_key('x', None, tr!("recorder-key-unknown")));
    map.push(char_key('?', None, tr!("recorder-key-unknown")));
    for (c, a) in LETTERS {
        let what = match a {
            Action::Pon => tr!("recorder-key-pon"),
            a => a.word(),
        };
        map.push(char_key(c, Some(a), what));
    }
    let plain = |key, what| Binding { key, action: None, what };
    map.push(Binding { key: Key::Space, action: Some(Action::Tsumogiri), what: Action::Tsumogiri.word() });
    for n in 1..=10usize {
        map.push(plain(Key::Position(n), tr!("recorder-key-position")));
    }
    map.push(plain(DRAWN, tr!("recorder-key-drawn")));
    map.push(plain(INSERT, tr!("recorder-key-insert")));
    map.push(plain(Key::Escape, tr!("recorder-key-escape")));
    map.push(plain(Key::Backspace, tr!("recorder-key-backspace")));
    map.push(plain(Key::Enter, tr!("recorder-key-enter")));
    map.push(plain(Key::CtrlEnter, tr!("recorder-key-ctrl-enter")));
    map.push(plain(Key::Tab, tr!("recorder-key-tab")));
    map.push(plain(Key::ShiftTab, tr!("recorder-key-shift-tab")));
    map.push(plain(Key::Up, tr!("recorder-key-up")));
    map.push(plain(Key::Down, tr!("recorder-key-down")));
    map.push(plain(Key::PageUp, tr!("recorder-key-page-up")));
    map.push(plain(Key::PageDown, tr!("recorder-key-page-down")));
    map.push(plain(Key::End, tr!("recorder-key-end")));
    map.push(plain(Key::Delete, tr!("recorder-key-delete")));
    map.push(plain(FIX, tr!("recorder-key-fix")));
    for d in '1'..='9' {
        map.push(plain(Key::Alt(d), tr!("recorder-key-pick-cause")));
    }
    for (key, what) in [
        (LOOK, tr!("recorder-key-look-video")),
        (SYNC, tr!("recorder-key-sync-video")),
        (NEXT_DIFFERENCE, tr!("recorder-key-next-difference")),
        (TAKE, tr!("recorder-key-take")),
        (KEEP, tr!("recorder-key-keep")),
    ] {
        map.push(plain(key, what));
        if let Key::Char(c) = key {
            map.push(plain(Key::Alt(c), what));
        }
    }
    map
}

static KEYMAP: LazyLock<Vec<Binding>> = LazyLock::new(build);

/// Every key of the recorder.
pub fn keymap() -> &'static [Binding] {
    &KEYMAP
}

/// The action of the action bar `key` does, as the table says (`p` is pon when no number waits
/// for its suit: [`intent`] says that).
fn action_of(key: Key) -> Option<Action> {
    let key = key.plain();
    keymap().iter().find(|b| b.key == key)?.action
}

/// The key that makes the fix of the likely cause, as the header names it.
pub fn fix_key_name() -> String {
    FIX.name()
}

/// The keys of the match video, as its line names them: play the act, sync the video on it.
pub fn video_key_names() -> [String; 2] {
    [LOOK.name(), SYNC.name()]
}

/// The keys of double entry, as the list of differences names them: next, take theirs, keep mine.
pub fn double_key_names() -> [String; 3] {
    [NEXT_DIFFERENCE.name(), TAKE.name(), KEEP.name()]
}

/// The key that does `action`, as its button shows it.
pub fn key_name(action: Action) -> String {
    keymap().iter().find(|b| b.action == Some(action)).map(|b| b.key.name()).unwrap_or_default()
}

#[cfg(feature = "gui")]
pub use egui_keys::{drop_alt_text, read, shortcut};

#[cfg(feature = "gui")]
mod egui_keys {
    use egui::{Key as EguiKey, KeyboardShortcut, Modifiers};

    use super::{Key, keymap};

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
            Key::Alt(c) => EguiKey::from_name(&c.to_ascii_uppercase().to_string())
                .map(|k| KeyboardShortcut::new(Modifiers::ALT, k)),
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
                    out.extend(
                        t.chars().filter(|c| *c != ' ').map(|c| Key::Char(c.to_ascii_lowercase())).filter(bound),
                    );
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> KeyState {
        KeyState::default()
    }

    #[test]
    fn a_letter_means_what_the_recorder_stands_at() {
        let five = KeyState { digit: Some(5), ..live() };
        let tile = |code: &str| Some(Intent::Tile(Tile::from_code(code.as_bytes()).unwrap()));
        // `p` after a number is pinzu, alone pon; in a correction alone it wants its number.
        assert_eq!(intent(Key::Char('p'), &five), tile("5p"));
        assert_eq!(intent(Key::Char('P'), &live()), Some(Intent::Action(Action::Pon)));
        let correcting = KeyState { correcting: true, ..live() };
        assert_eq!(intent(Key::Char('p'), &correcting), Some(Intent::Mistyped(Mistake::NumberFirst)));
        assert_eq!(intent(Key::Char('m'), &live()), Some(Intent::Mistyped(Mistake::NumberFirst)));
        assert_eq!(
            intent(Key::Char('z'), &KeyState { digit: Some(8), ..live() }),
            Some(Intent::Mistyped(Mistake::NoSuchHonour(8)))
        );
        // `w` and `o` correct an earlier act, and mean nothing at the live end.
        assert_eq!(intent(Key::Char('w'), &correcting), Some(Intent::CorrectDraw));
        assert_eq!(intent(Key::Char('o'), &correcting), Some(Intent::InsertBefore));
        assert_eq!(intent(Key::Char('w'), &live()), None);
        // In a correction Space and `r` stay tsumogiri and riichi; a call letter drops the number.
        assert_eq!(intent(Key::Char(' '), &correcting), Some(Intent::Action(Action::Tsumogiri)));
        assert_eq!(intent(Key::Char('r'), &correcting), Some(Intent::Action(Action::Riichi)));
        assert_eq!(intent(Key::Char('c'), &correcting), Some(Intent::DropDigit));
        assert_eq!(intent(Key::Char('q'), &live()), None, "not a key of the recorder");
    }

    #[test]
    fn a_digit_is_a_number_a_choice_or_a_tenpai_mark() {
        assert_eq!(intent(Key::Char('3'), &live()), Some(Intent::Digit(3)));
        assert_eq!(intent(Key::Char('2'), &KeyState { choosing: true, ..live() }), Some(Intent::Pick(2)));
        let marking = KeyState { marking_tenpai: true, ..live() };
        assert_eq!(intent(Key::Char('3'), &marking), Some(Intent::Tenpai(Seat::West)));
        assert_eq!(intent(Key::Char('5'), &marking), Some(Intent::Digit(5)));
        let correcting = KeyState { correcting: true, choosing: true, marking_tenpai: true, ..live() };
        assert_eq!(intent(Key::Char('1'), &correcting), Some(Intent::Digit(1)));
        // Enter confirms a form, but not while an act is corrected; Tab is the forms' own.
        assert_eq!(intent(Key::Enter, &live()), Some(Intent::Confirm));
        assert_eq!(intent(Key::CtrlEnter, &correcting), None);
        assert_eq!(intent(Key::Tab, &live()), None);
        assert_eq!(intent(Key::Char('f'), &correcting), Some(Intent::Fix));
    }
}

#[cfg(all(test, feature = "gui"))]
mod gui_tests {
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

    /// How the guide's table of keys (docs/src/recording.md) names a key.
    fn readme_name(key: Key) -> String {
        match key {
            Key::Char(c) if c.is_ascii_digit() => "digit".into(),
            Key::Char(c) => format!("`{c}`"),
            Key::Escape => "Escape".into(),
            Key::Position(_) => "Shift+1..9, Shift+0".into(),
            k => k.name(),
        }
    }

    #[test]
    fn every_key_is_in_the_readme_table() {
        let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/recording.md"));
        let start = readme
            .find("The recorder always knows whose turn it is; the seat is never typed")
            .expect("the recorder's keys section");
        let end = start + readme[start..].find("The keys are one table").expect("its end");
        // The first cell of each row of the table.
        let firsts: Vec<&str> =
            readme[start..end].lines().filter_map(|l| l.strip_prefix("| ")?.split(" |").next()).collect();
        for b in keymap() {
            let name = readme_name(b.key);
            assert!(
                firsts.iter().any(|f| f.contains(&name)),
                "the guide's table of keys (docs/src/recording.md) lacks {name}: {firsts:?}"
            );
        }
    }

    #[test]
    fn every_action_has_a_key_and_keys_read_as_the_session_wants() {
        for a in Action::ALL {
            assert!(!key_name(a).is_empty(), "{a:?} has no key");
        }
        assert_eq!(key_name(Action::Tsumogiri), "Space");
        assert_eq!(key_name(Action::Riichi), "R");
        assert_eq!(action_of(Key::Char('p')), Some(Action::Pon));
        assert_eq!(action_of(Key::Char(' ')), Some(Action::Tsumogiri));
        assert_eq!(action_of(Key::Char('m')), None);
        let position = keymap().iter().find(|b| b.key == Key::Position(10)).map(|b| b.key.name());
        assert_eq!(position.as_deref(), Some("Shift+0"));
    }
}
