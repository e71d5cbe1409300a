//! The values of the two languages, below the message files: the language, a message's id, a
//! text in both languages, a value given to a message.

use std::fmt;

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
pub struct Msg(pub(super) &'static str);

impl Msg {
    /// The message of this id (code writes `tr!("id")`, which the tests check).
    pub const fn new(id: &'static str) -> Msg {
        Msg(id)
    }

    /// Its id.
    pub fn id(self) -> &'static str {
        self.0
    }
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

    /// This text, then `more` after a separator of each language's own (`". "`, `"。"`).
    pub fn followed_by(self, en: &str, ja: &str, more: &Text) -> Text {
        Text { en: format!("{}{en}{}", self.en, more.en), ja: format!("{}{ja}{}", self.ja, more.ja) }
    }

    /// This text as it may be shown when part of it came from elsewhere ([`printable`]).
    pub fn printable(self) -> Text {
        Text { en: printable(&self.en), ja: printable(&self.ja) }
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

/// `s`, which came from elsewhere (another desk, a network, a file someone else wrote), as it may
/// be shown to a person or printed to a terminal: tabs and line breaks become spaces; the other
/// control characters (ESC and the rest of C0, DEL, C1) and the marks that reverse the direction
/// of text are left out, so nothing read can clear a screen, set a terminal's title or hide
/// part of a line. Ordinary spaces and every letter of every script stay.
pub fn printable(s: &str) -> String {
    s.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' | '\u{0b}' | '\u{0c}' | '\u{85}' | '\u{2028}' | '\u{2029}' => Some(' '),
            // The marks and overrides that turn text's direction round (a name shown reversed).
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => None,
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

#[cfg(test)]
mod printable_tests {
    use super::printable;

    #[test]
    fn what_came_from_elsewhere_is_shown_without_control_characters() {
        let hostile = "bad\u{1b}[2J\u{1b}]0;owned\u{7}token\tA\r\nB\u{7f}\u{9b}31m\u{202e}txt 麻雀";
        assert_eq!(printable(hostile), "bad[2J]0;ownedtoken A  B31mtxt 麻雀");
        assert!(printable(hostile).chars().all(|c| !c.is_control()));
        assert_eq!(printable("desk A: 多井 隆晴"), "desk A: 多井 隆晴");
        // Every mark that turns the direction round goes: left-to-right, right-to-left, Arabic.
        assert_eq!(printable("a\u{200e}b\u{200f}c\u{061c}d\u{2067}e\u{2069}"), "abcde");
    }
}
