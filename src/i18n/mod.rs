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

use std::fmt;

use serde::{Deserialize, Serialize};

pub use catalogue::{ENGLISH, JAPANESE};

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

/// A language the interface is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// Picks one of two texts.
    pub fn pick<'a>(self, en: &'a str, ja: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Ja => ja,
        }
    }
}

/// A message of the files, named by its id (made by [`tr!`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Msg(&'static str);

impl Msg {
    /// The message of this id (code writes `tr!("id")`, which the tests check).
    pub const fn new(id: &'static str) -> Msg {
        Msg(id)
    }

    /// Its id.
    pub fn id(self) -> &'static str {
        self.0
    }

    /// The message in `lang`; its id when the files have no such message without variables.
    pub fn get(self, lang: Lang) -> &'static str {
        catalogue::plain(lang, self.0).unwrap_or(self.0)
    }

    /// The message in both languages.
    pub fn text(self) -> Text {
        Text { en: self.get(Lang::En).to_string(), ja: self.get(Lang::Ja).to_string() }
    }

    /// The message with its variables, in both languages; in a language where it cannot be
    /// formatted (a variable missing) its id.
    pub fn with(self, args: &[(&str, Arg)]) -> Text {
        let one = |lang| catalogue::format(lang, self.0, args).unwrap_or_else(|| self.0.to_string());
        Text { en: one(Lang::En), ja: one(Lang::Ja) }
    }

    /// Whether the file of `lang` has this message.
    pub fn exists(self, lang: Lang) -> bool {
        catalogue::variables(lang, self.0).is_some()
    }

    /// The variables the message uses in `lang` (empty when it has none or does not exist).
    pub fn variables(self, lang: Lang) -> Vec<&'static str> {
        catalogue::variables(lang, self.0).map(|v| v.into_iter().collect()).unwrap_or_default()
    }
}

impl From<Msg> for Text {
    fn from(m: Msg) -> Text {
        m.text()
    }
}

/// Every message of either file (the English file's order, then any only in Japanese).
pub fn messages() -> Vec<Msg> {
    let mut out: Vec<Msg> = Vec::new();
    for lang in Lang::ALL {
        for id in catalogue::ids(lang) {
            if !out.iter().any(|m| m.0 == id) {
                out.push(Msg(id));
            }
        }
    }
    out
}

/// What went wrong reading the message files: syntax errors (with their line), an id twice, a
/// message without text. Empty when they are sound.
pub fn catalogue_problems() -> &'static [String] {
    catalogue::problems()
}

/// A value given to a message: a number (plurals select on it), a word the same in both
/// languages, or a text or message of its own in each language.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Number(f64),
    Word(String),
    Text(Text),
    Msg(Msg),
}

macro_rules! number_args {
    ($($t:ty)+) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(f64::from(n))
            }
        })+
    };
}
number_args!(i8 i16 i32 u8 u16 u32 f32 f64);

/// Integers that may be larger than a number of the messages holds exactly (2^53, a damaged
/// file's values) are shown as written.
macro_rules! wide_number_args {
    ($($t:ty)+) => {
        $(impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                const EXACT: i128 = 1 << 53;
                match i128::try_from(n) {
                    Ok(v) if (-EXACT..=EXACT).contains(&v) => Arg::Number(v as f64),
                    _ => Arg::Word(n.to_string()),
                }
            }
        })+
    };
}
wide_number_args!(i64 isize u64 usize);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Word(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Word(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Word(s.clone())
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Word(c.to_string())
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<&Text> for Arg {
    fn from(t: &Text) -> Arg {
        Arg::Text(t.clone())
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}

/// A message made by the library (a diagnostic, a parse error) in both languages. The English
/// text is what the command line prints ([`fmt::Display`]) and what `&*text` reads; the
/// interface shows [`Text::get`] in its language.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    pub en: String,
    pub ja: String,
}

impl Text {
    pub fn new(en: impl Into<String>, ja: impl Into<String>) -> Text {
        Text { en: en.into(), ja: ja.into() }
    }

    /// A text that reads the same in both languages: a code, a name, a number.
    pub fn verbatim(s: impl Into<String>) -> Text {
        let en = s.into();
        Text { ja: en.clone(), en }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Ja => &self.ja,
        }
    }

    /// The text in `lang`, owned.
    pub fn into_lang(self, lang: Lang) -> String {
        match lang {
            Lang::En => self.en,
            Lang::Ja => self.ja,
        }
    }

    /// The texts one after the other, each language with its own separator (a message such as
    /// `rules-list-and`: " and ", "・").
    pub fn join(parts: impl IntoIterator<Item = Text>, separator: Msg) -> Text {
        let mut out = Text::default();
        for (i, part) in parts.into_iter().enumerate() {
            if i > 0 {
                out.en.push_str(separator.get(Lang::En));
                out.ja.push_str(separator.get(Lang::Ja));
            }
            out.en.push_str(&part.en);
            out.ja.push_str(&part.ja);
        }
        out
    }

    /// Both texts with a prefix of their own language in front (`"E1-0, act 3: "`, `"E1-0 3手目："`).
    pub fn prefixed(self, en: &str, ja: &str) -> Text {
        Text { en: format!("{en}{}", self.en), ja: format!("{ja}{}", self.ja) }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.en
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}

/// The language setting: follow the system, or one language always.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LanguageChoice {
    #[default]
    System,
    English,
    Japanese,
}

impl LanguageChoice {
    pub const ALL: [LanguageChoice; 3] = [LanguageChoice::System, LanguageChoice::English, LanguageChoice::Japanese];

    /// The language this choice shows, given the system's locale (such as `ja-JP` or `en_US.UTF-8`).
    pub fn resolve(self, system_locale: Option<&str>) -> Lang {
        match self {
            LanguageChoice::English => Lang::En,
            LanguageChoice::Japanese => Lang::Ja,
            LanguageChoice::System => match system_locale {
                Some(l) if l.to_ascii_lowercase().starts_with("ja") => Lang::Ja,
                _ => Lang::En,
            },
        }
    }

    /// How the choice is named in the settings.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            LanguageChoice::System => tr!("app-language-system").get(lang),
            // Each language is named in itself, so a user who cannot read the current one finds theirs.
            LanguageChoice::English => "English",
            LanguageChoice::Japanese => "日本語",
        }
    }
}

/// The system's locale, as the operating system reports it.
pub fn system_locale() -> Option<String> {
    sys_locale::get_locale()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_locale_picks_japanese_only_for_ja() {
        assert_eq!(LanguageChoice::System.resolve(Some("ja-JP")), Lang::Ja);
        assert_eq!(LanguageChoice::System.resolve(Some("ja_JP.UTF-8")), Lang::Ja);
        assert_eq!(LanguageChoice::System.resolve(Some("en-US")), Lang::En);
        assert_eq!(LanguageChoice::System.resolve(None), Lang::En);
        assert_eq!(LanguageChoice::Japanese.resolve(Some("en-US")), Lang::Ja);
    }
}
