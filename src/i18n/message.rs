//! The messages of the two files: a message in one language or both, with its variables; every
//! message; the language setting, whose "follow the system" is a message too.

use serde::{Deserialize, Serialize};

use super::catalogue;
use super::text::{Arg, Lang, Msg, Text};
use crate::tr;

impl Msg {
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

impl Text {
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
