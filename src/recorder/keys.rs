//! The recorder's keymap: every key the recorder takes (while no text field has focus, and the
//! keys its forms take), how it is named and what it does in words, in one table; and what a key
//! or a click means where the recorder stands and the act selected, and so who carries it out
//! ([`meaning`]), in one function. The action bar takes its key names here, the screen forwards
//! what [`meaning`] returns, [`super::keyboard`] reads the keyboard, and a test checks the table
//! against the app's commands (a key the app's shortcuts would take first is a clash).

use std::sync::LazyLock;

use super::intent::{Action, Click, Intent, Meaning, Mistake, Move};
use crate::format::{Seat, Tile};
use crate::i18n::{Lang, Msg, tr};

/// What the recorder is given to mean something: a key of the keymap, or a click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    Click(Click),
}

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
    /// A tile's number typed, waiting for its suit (at the live end, or for the act selected).
    pub digit: Option<u8>,
    /// Something is half typed that Escape clears: a number, a choice, a call's tiles, riichi or
    /// an indicator armed (for the act selected: anything typed for it).
    pub typed: bool,
    /// A numbered choice is open: a digit picks.
    pub choosing: bool,
    /// An earlier act is selected: the recording keys correct it.
    pub selected: bool,
    /// The frame is being ended as an exhaustive draw: 1-4 mark tenpai.
    pub marking_tenpai: bool,
    /// A frame is being dealt: a palette tile goes to the deal form.
    pub dealing: bool,
    /// The header named this fix (0-based), which F, Enter or a click on Confirm now make.
    pub fix_named: Option<usize>,
}

/// What a key or a click means where the recorder stands, and who carries it out (`None`:
/// nothing, or a key the forms take). The one place that decides it: the screen forwards what
/// it returns.
pub fn meaning(input: Input, at: &KeyState) -> Option<Meaning> {
    let key = match input {
        Input::Click(click) => {
            return Some(match click {
                Click::Action(a) => Meaning::Live(Intent::Action(a)),
                Click::Tile(t) if at.dealing => Meaning::DealTile(t),
                Click::Tile(t) => Meaning::Live(Intent::Tile(t)),
                Click::Pick(n) => Meaning::Live(Intent::Pick(n)),
                Click::Confirm => at.fix_named.map_or(Meaning::Confirm, Meaning::Fix),
                Click::Tenpai(seat) => Meaning::Tenpai(seat),
            });
        }
        Input::Key(key) => key.plain(),
    };
    if !keymap().iter().any(|b| b.key == key) {
        return None;
    }
    let action = action_of(key);
    // The recording keys go to the act selected, else to the live end.
    let typing = |i| if at.selected { Meaning::Correct(i) } else { Meaning::Live(i) };
    Some(match key {
        FIX => Meaning::Fix(at.fix_named.unwrap_or(0)),
        LOOK => Meaning::LookAtVideo,
        SYNC => Meaning::SyncVideo,
        NEXT_DIFFERENCE => Meaning::NextDifference,
        TAKE => Meaning::TakeTheirs,
        KEEP => Meaning::KeepMine,
        Key::Alt(c) => match Key::Char(c) {
            LOOK => Meaning::LookAtVideo,
            SYNC => Meaning::SyncVideo,
            NEXT_DIFFERENCE => Meaning::NextDifference,
            TAKE => Meaning::TakeTheirs,
            KEEP => Meaning::KeepMine,
            Key::Char(d @ '1'..='9') => Meaning::Fix(usize::from(d as u8 - b'1')),
            _ => return None,
        },
        Key::Up => Meaning::Select(Move::Up),
        Key::Down => Meaning::Select(Move::Down),
        Key::PageUp => Meaning::Select(Move::PageUp),
        Key::PageDown => Meaning::Select(Move::PageDown),
        Key::End => Meaning::Select(Move::End),
        Key::Delete if at.selected => Meaning::Remove,
        Key::Delete | Key::Tab | Key::ShiftTab => return None,
        // Escape undoes the last thing begun: a fix named, what is half typed, the act selected,
        // the frame being ended.
        Key::Escape if at.fix_named.is_some() => Meaning::DropFix,
        Key::Escape if at.typed => typing(Intent::Clear),
        Key::Escape if at.selected => Meaning::Leave,
        Key::Escape => Meaning::Live(Intent::StopEnding),
        Key::Backspace => typing(Intent::DropDigit),
        Key::Position(_) if at.selected => Meaning::Correct(Intent::Mistyped(Mistake::NoTileNow)),
        Key::Position(n) => Meaning::Live(Intent::Position(n)),
        Key::Enter | Key::CtrlEnter if at.selected => return None,
        Key::Enter | Key::CtrlEnter => at.fix_named.map_or(Meaning::Confirm, Meaning::Fix),
        Key::Char(c) if c.is_ascii_digit() => {
            let d = c as u8 - b'0';
            match d {
                _ if at.selected => Meaning::Correct(Intent::Digit(d)),
                1..=4 if at.marking_tenpai => Meaning::Tenpai(Seat::from_index(usize::from(d - 1))),
                _ if at.choosing => Meaning::Live(Intent::Pick(usize::from(d))),
                _ => Meaning::Live(Intent::Digit(d)),
            }
        }
        Key::Char(c @ ('m' | 'p' | 's' | 'z')) => match (at.digit, action) {
            (Some(d), _) => {
                typing(Tile::from_mpsz(d, c).map_or(Intent::Mistyped(Mistake::NoSuchHonour(d)), Intent::Tile))
            }
            // `p` alone is pon (at the live end).
            (None, Some(a)) if !at.selected => Meaning::Live(Intent::Action(a)),
            (None, _) => typing(Intent::Mistyped(Mistake::NumberFirst)),
        },
        Key::Char('x' | '?') => typing(Intent::Tile(Tile::UNKNOWN)),
        DRAWN if at.selected => Meaning::Correct(Intent::CorrectDraw),
        INSERT if at.selected => Meaning::Correct(Intent::InsertBefore),
        // A correction takes tsumogiri and riichi; any other key drops the number typed.
        _ if at.selected => match action {
            Some(a @ (Action::Tsumogiri | Action::Riichi)) => Meaning::Correct(Intent::Action(a)),
            _ => Meaning::Correct(Intent::DropDigit),
        },
        _ => Meaning::Live(Intent::Action(action?)),
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
/// for its suit: [`meaning`] says that).
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

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> KeyState {
        KeyState::default()
    }

    fn selected() -> KeyState {
        KeyState { selected: true, ..live() }
    }

    fn key(k: Key, at: &KeyState) -> Option<Meaning> {
        meaning(Input::Key(k), at)
    }

    fn char(c: char, at: &KeyState) -> Option<Meaning> {
        key(Key::Char(c), at)
    }

    #[test]
    fn a_letter_means_what_the_recorder_stands_at() {
        let five = KeyState { digit: Some(5), ..live() };
        let tile = |code: &str| Intent::Tile(Tile::from_code(code.as_bytes()).unwrap());
        let (live_, correct) = (|i| Some(Meaning::Live(i)), |i| Some(Meaning::Correct(i)));
        // `p` after a number is pinzu, alone pon; in a correction alone it wants its number.
        assert_eq!(char('p', &five), live_(tile("5p")));
        assert_eq!(char('P', &live()), live_(Intent::Action(Action::Pon)));
        assert_eq!(char('p', &KeyState { digit: Some(5), ..selected() }), correct(tile("5p")));
        assert_eq!(char('p', &selected()), correct(Intent::Mistyped(Mistake::NumberFirst)));
        assert_eq!(char('m', &live()), live_(Intent::Mistyped(Mistake::NumberFirst)));
        assert_eq!(
            char('z', &KeyState { digit: Some(8), ..live() }),
            live_(Intent::Mistyped(Mistake::NoSuchHonour(8)))
        );
        // `w` and `o` correct an earlier act, and mean nothing at the live end.
        assert_eq!(char('w', &selected()), correct(Intent::CorrectDraw));
        assert_eq!(char('o', &selected()), correct(Intent::InsertBefore));
        assert_eq!(char('w', &live()), None);
        // In a correction Space and `r` stay tsumogiri and riichi; a call letter drops the number.
        assert_eq!(char(' ', &selected()), correct(Intent::Action(Action::Tsumogiri)));
        assert_eq!(char('r', &selected()), correct(Intent::Action(Action::Riichi)));
        assert_eq!(char('c', &selected()), correct(Intent::DropDigit));
        assert_eq!(char('q', &live()), None, "not a key of the recorder");
        // A position in the hand where no hand is shown is a key typed wrong.
        assert_eq!(key(Key::Position(2), &live()), live_(Intent::Position(2)));
        assert_eq!(key(Key::Position(2), &selected()), correct(Intent::Mistyped(Mistake::NoTileNow)));
    }

    #[test]
    fn a_digit_is_a_number_a_choice_or_a_tenpai_mark() {
        assert_eq!(char('3', &live()), Some(Meaning::Live(Intent::Digit(3))));
        assert_eq!(char('2', &KeyState { choosing: true, ..live() }), Some(Meaning::Live(Intent::Pick(2))));
        let marking = KeyState { marking_tenpai: true, ..live() };
        assert_eq!(char('3', &marking), Some(Meaning::Tenpai(Seat::West)));
        assert_eq!(char('5', &marking), Some(Meaning::Live(Intent::Digit(5))));
        let correcting = KeyState { choosing: true, marking_tenpai: true, ..selected() };
        assert_eq!(char('1', &correcting), Some(Meaning::Correct(Intent::Digit(1))));
        // Enter confirms a form, but not while an act is corrected; Tab is the forms' own.
        assert_eq!(key(Key::Enter, &live()), Some(Meaning::Confirm));
        assert_eq!(key(Key::CtrlEnter, &correcting), None);
        assert_eq!(key(Key::Tab, &live()), None);
        assert_eq!(char('f', &correcting), Some(Meaning::Fix(0)));
    }

    #[test]
    fn escape_undoes_the_last_thing_begun() {
        let named = KeyState { fix_named: Some(2), typed: true, ..selected() };
        assert_eq!(key(Key::Escape, &named), Some(Meaning::DropFix), "a fix named first");
        assert_eq!(key(Key::Escape, &KeyState { typed: true, ..selected() }), Some(Meaning::Correct(Intent::Clear)));
        assert_eq!(key(Key::Escape, &selected()), Some(Meaning::Leave), "then the act selected");
        assert_eq!(key(Key::Escape, &KeyState { typed: true, ..live() }), Some(Meaning::Live(Intent::Clear)));
        assert_eq!(key(Key::Escape, &live()), Some(Meaning::Live(Intent::StopEnding)), "then the frame's end");
        // Delete takes out the act selected; at the live end there is none.
        assert_eq!(key(Key::Delete, &selected()), Some(Meaning::Remove));
        assert_eq!(key(Key::Delete, &live()), None);
    }

    #[test]
    fn a_fix_named_is_made_by_f_enter_or_confirm_and_alt_names_one() {
        let named = KeyState { fix_named: Some(2), ..live() };
        assert_eq!(char('f', &named), Some(Meaning::Fix(2)));
        assert_eq!(key(Key::Enter, &named), Some(Meaning::Fix(2)));
        assert_eq!(meaning(Input::Click(Click::Confirm), &named), Some(Meaning::Fix(2)));
        assert_eq!(meaning(Input::Click(Click::Confirm), &live()), Some(Meaning::Confirm));
        assert_eq!(key(Key::Alt('3'), &live()), Some(Meaning::Fix(2)));
        // The double entry and video keys, plain and with Alt (read while a field has the focus).
        assert_eq!(char('u', &selected()), Some(Meaning::TakeTheirs));
        assert_eq!(key(Key::Alt('u'), &live()), Some(Meaning::TakeTheirs));
        assert_eq!(key(Key::Alt('l'), &live()), Some(Meaning::LookAtVideo));
        assert_eq!(key(Key::Alt('q'), &live()), None);
    }

    #[test]
    fn a_palette_tile_goes_to_the_deal_form_while_dealing_and_clicks_go_to_the_live_end() {
        let tile = Tile::from_code(b"5p").unwrap();
        let click = |c, at: &KeyState| meaning(Input::Click(c), at);
        assert_eq!(click(Click::Tile(tile), &KeyState { dealing: true, ..live() }), Some(Meaning::DealTile(tile)));
        assert_eq!(click(Click::Tile(tile), &live()), Some(Meaning::Live(Intent::Tile(tile))));
        // The action bar records at the live end even with an act selected.
        assert_eq!(click(Click::Action(Action::Chi), &selected()), Some(Meaning::Live(Intent::Action(Action::Chi))));
        assert_eq!(click(Click::Tenpai(Seat::North), &live()), Some(Meaning::Tenpai(Seat::North)));
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

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
