//! What the scorer means: the actions of the action bar and the intents a key (or a click)
//! stands for. The keymap ([`super::keys::intent`]) turns a key into an intent, the session
//! ([`super::session::Session::apply`]) and a correction ([`super::correct::Correcting::apply`])
//! carry intents out, and the screen forwards them.

use crate::format::{Seat, Tile};
use crate::i18n::Lang;

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
}

impl Action {
    pub const ALL: [Action; 10] = [
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
    ];

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Action::Tsumogiri => lang.pick("Tsumogiri", "ツモ切り"),
            Action::Riichi => lang.pick("Riichi", "リーチ"),
            Action::Chi => lang.pick("Chi", "チー"),
            Action::Pon => lang.pick("Pon", "ポン"),
            Action::Kan => lang.pick("Kan", "カン"),
            Action::Ron => lang.pick("Ron", "ロン"),
            Action::Tsumo => lang.pick("Tsumo", "ツモ"),
            Action::Exhaustive => lang.pick("Exhaustive draw", "流局"),
            Action::Abortive => lang.pick("Abortive draw", "途中流局"),
            Action::Indicator => lang.pick("Dora indicator", "ドラ表示牌"),
        }
    }

    pub fn tooltip(self, lang: Lang) -> &'static str {
        match self {
            Action::Tsumogiri => lang.pick("Discard the tile just drawn", "引いた牌をそのまま切る"),
            Action::Riichi => lang.pick(
                "The next discard declares riichi (press again to take it back)",
                "次の打牌でリーチ宣言（もう一度押すと取り消し）",
            ),
            Action::Chi => lang.pick("Chi on the last discard", "直前の打牌をチー"),
            Action::Pon => lang.pick("Pon on the last discard", "直前の打牌をポン"),
            Action::Kan => lang.pick(
                "Kan: daiminkan on the last discard, or ankan / kakan on one's own turn",
                "カン：他家の打牌に大明槓、自分の手番に暗槓・加槓",
            ),
            Action::Ron => lang.pick("Ron on the last discard (again for double ron)", "ロン（ダブロンはもう一度）"),
            Action::Tsumo => lang.pick("Tsumo win on the tile just drawn", "ツモ和了"),
            Action::Exhaustive => lang.pick("The wall ran out: end the frame", "荒牌流局で局を終える"),
            Action::Abortive => lang.pick(
                "End the frame as an abortive draw (nine terminals, four winds, four riichi, four kans, triple ron)",
                "途中流局で局を終える（九種九牌・四風連打・四家立直・四槓散了・三家和）",
            ),
            Action::Indicator => lang.pick(
                "The next tile is a dora indicator (the dora, or a kan dora)",
                "次に入力する牌をドラ表示牌にする（ドラまたはカンドラ）",
            ),
        }
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
}

/// What the scorer means by a key or a click, once the keymap has read it where the recorder
/// stands.
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
    /// Escape: clear what is half typed, close a choice, stop ending the frame; with an act
    /// selected, back to the live end.
    Cancel,
    /// Confirm the deal or the end of the frame as the form says.
    Confirm,
    /// Mark or unmark a seat tenpai at an exhaustive draw.
    Tenpai(Seat),
    /// Make the fix of the likely cause the header names.
    Fix,
    /// Move the selection through the frame flow.
    Select(Move),
    /// Take the selected act out.
    Remove,
    /// With an act selected: the next tile typed is its drawn tile.
    CorrectDraw,
    /// With an act selected: a missed act goes in before it (its draw, then its discard).
    InsertBefore,
}
