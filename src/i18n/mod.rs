//! The two languages of the interface: every label and message has an English and a Japanese text.
//!
//! The texts live in two Project Fluent files a translator can edit, `src/i18n/en.ftl` and
//! `src/i18n/ja.ftl`, built into the program. Code asks for a message by its id with [`tr!`]:
//! `tr!("app-settings-heading")` is a [`Msg`] (`.get(lang)` for one language, `.text()` for
//! both); `tr!("rules-missing-tile", tile = code, count = 3)` is a [`Text`] (both languages,
//! each with its plural rules). Ids are kebab-case, prefixed by the room that asks for them.
//! `tests/i18n.rs` checks that every message is in both files with the same variables and that
//! every id the code asks for exists; a message that still cannot be formatted shows its id.

mod catalogue;
mod message;
mod text;

pub use catalogue::{ENGLISH, JAPANESE};
pub use message::{LanguageChoice, catalogue_problems, messages, system_locale};
pub use text::{Arg, Lang, Msg, Text, printable};

/// A message of the two files by its id: `tr!("app-title")`, or with named arguments
/// `tr!("compare-only-in", place = p, side = "A")` (a [`Text`] in both languages). An argument
/// is a number (plurals select on it), a string, a [`Text`] or a [`Msg`] (each language gets its
/// own).
#[macro_export]
macro_rules! tr {
    ($id:literal $(,)?) => {
        $crate::i18n::Msg::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::Msg::new($id).with(&[$((stringify!($name), $crate::i18n::Arg::from($value))),+])
    };
}

pub use crate::tr;
