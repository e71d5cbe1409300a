//! What the scorer means: the actions of the action bar, and what a key (or a click) stands for.
//! The keymap ([`super::keys::meaning`]) turns a key or a click into a [`Meaning`], which names
//! what carries it out: the session ([`super::session::Session::apply`]) or the correction of the
//! act selected ([`super::correct::Correcting::apply`]) for an [`Intent`] typed, the selection,
//! the fix, the forms, double entry or the video for the others. The screen only forwards.

use crate::format::{Seat, Tile};
use crate::i18n::{Lang, Msg, tr};

/// An action of the action bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Tsumogiri,
    Riichi,
    Chi,
    Pon,
    Kan,
    Ron,
    Tsumo,
    Exhaustive,
    Abortive,
    Indicator,
    Chombo,
}

impl Action {
    pub const ALL: [Action; 11] = [
        Action::Tsumogiri,
        Action::Riichi,
        Action::Chi,
        Action::Pon,
        Action::Kan,
        Action::Ron,
        Action::Tsumo,
        Action::Exhaustive,
        Action::Abortive,
        Action::Indicator,
        Action::Chombo,
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        self.word().get(lang)
    }

    /// The action's name as a message (an argument of a sentence).
    pub fn word(self) -> Msg {
        match self {
            Action::Tsumogiri => tr!("recorder-action-tsumogiri"),
            Action::Riichi => tr!("recorder-action-riichi"),
            Action::Chi => tr!("recorder-action-chi"),
            Action::Pon => tr!("recorder-action-pon"),
            Action::Kan => tr!("recorder-action-kan"),
            Action::Ron => tr!("recorder-action-ron"),
            Action::Tsumo => tr!("recorder-action-tsumo"),
            Action::Exhaustive => tr!("recorder-action-exhaustive"),
            Action::Abortive => tr!("recorder-action-abortive"),
            Action::Indicator => tr!("recorder-action-indicator"),
            Action::Chombo => tr!("recorder-action-chombo"),
        }
    }

    pub fn tooltip(self, lang: Lang) -> &'static str {
        let msg = match self {
            Action::Tsumogiri => tr!("recorder-action-tsumogiri-tip"),
            Action::Riichi => tr!("recorder-action-riichi-tip"),
            Action::Chi => tr!("recorder-action-chi-tip"),
            Action::Pon => tr!("recorder-action-pon-tip"),
            Action::Kan => tr!("recorder-action-kan-tip"),
            Action::Ron => tr!("recorder-action-ron-tip"),
            Action::Tsumo => tr!("recorder-action-tsumo-tip"),
            Action::Exhaustive => tr!("recorder-action-exhaustive-tip"),
            Action::Abortive => tr!("recorder-action-abortive-tip"),
            Action::Indicator => tr!("recorder-action-indicator-tip"),
            Action::Chombo => tr!("recorder-action-chombo-tip"),
        };
        msg.get(lang)
    }
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

/// A key typed wrong: what was half typed of a tile goes, and the scorer is told why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A suit letter without a number before it.
    NumberFirst,
    /// `1z`..`7z` only.
    NoSuchHonour(u8),
    /// A tile by its position in the hand, where no hand is shown (an act selected).
    NoTileNow,
}

/// What the recording keys type, for the session at the live end or for the correction of the
/// act selected (the keymap's [`Meaning`] says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// A tile's number, waiting for its suit (the `5` of `5p`).
    Digit(u8),
    /// A tile: a number and its suit, `x` or `?` (unknown), or a click on the palette.
    Tile(Tile),
    /// A key typed wrong.
    Mistyped(Mistake),
    /// Drop the number typed (Backspace).
    DropDigit,
    /// An action of the action bar.
    Action(Action),
    /// The numbered choice `n` (1-based) of those open.
    Pick(usize),
    /// Discard the tile at this position (1-based) of the hand shown.
    Position(usize),
    /// Escape with something half typed: it goes (a number, a choice, a call's tiles, riichi or
    /// an indicator armed; for the act selected, what was typed for it).
    Clear,
    /// Escape with nothing half typed at the live end: the frame is no longer being ended.
    StopEnding,
    /// With an act selected: the next tile typed is its drawn tile.
    CorrectDraw,
    /// With an act selected: a missed act goes in before it (its draw, then its discard).
    InsertBefore,
}

/// What a key or a click means where the recorder stands, and so who carries it out: the
/// keymap's answer ([`super::keys::meaning`]). The screen forwards each to its owner and decides
/// nothing itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meaning {
    /// For the session at the live end.
    Live(Intent),
    /// For the correction of the act selected.
    Correct(Intent),
    /// Escape with nothing typed for the act selected: back to the live end.
    Leave,
    /// Move the selection through the frame flow.
    Select(Move),
    /// Take the act selected out.
    Remove,
    /// The fix of the header's cause with this index (0-based): made when it is of the entry
    /// just typed or was named by the press before, else named.
    Fix(usize),
    /// Escape while a fix is named: it is not made.
    DropFix,
    /// Confirm the deal or the end of the frame as the form says.
    Confirm,
    /// Mark or unmark a seat tenpai at an exhaustive draw.
    Tenpai(Seat),
    /// A palette tile at the deal: it goes to the first start hand that is not full.
    DealTile(Tile),
    /// Double entry: select the next open difference with the other desk.
    NextDifference,
    /// Double entry: take the other desk's act or field for the difference selected.
    TakeTheirs,
    /// Double entry: keep mine for the difference selected and mark it checked.
    KeepMine,
    /// The match video: play the act selected (or the last) from a few seconds before it.
    LookAtVideo,
    /// The match video: the video shows the act selected (or the last) now.
    SyncVideo,
}

/// What the pointer pressed on the recorder screen (its meaning is the keymap's too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// A button of the action bar.
    Action(Action),
    /// A tile of the palette.
    Tile(Tile),
    /// A numbered choice (1-based).
    Pick(usize),
    /// The form's Confirm button.
    Confirm,
    /// A seat's tenpai box at an exhaustive draw.
    Tenpai(Seat),
}
