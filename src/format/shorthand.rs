//! Shorthand tokens (standard 1.0.0, table 1): short codes that stand for a well-known name.
//!
//! Each field that allows them holds a [`Choice`]: a known token, a custom bilingual name, or a
//! token this program does not know (kept so the file still opens and is reported by the checks).

use super::strlit::StrLit;
use crate::i18n::tr;

/// A family of shorthand tokens: its codes and what they mean in English and Japanese.
pub trait Shorthand: Copy + Eq + std::fmt::Debug + 'static {
    /// Every token of the family, in the standard's order.
    const ALL: &'static [Self];
    /// What the field is, in plain words, for messages ("team", "stage").
    const FIELD: crate::i18n::Msg;
    /// The code written in the file.
    fn code(self) -> &'static str;
    /// The meaning in English.
    fn english(self) -> &'static str;
    /// The meaning in Japanese.
    fn japanese(self) -> &'static str;
    /// The meaning in `lang`: a column of the standard's table (data in two scripts, not a
    /// message of the program, so it is not in the message files).
    fn meaning(self, lang: crate::i18n::Lang) -> &'static str {
        match lang {
            crate::i18n::Lang::En => self.english(),
            crate::i18n::Lang::Ja => self.japanese(),
        }
    }
    /// The token of a code, if the family has it.
    fn from_code(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.code() == code)
    }
}

/// The value of a field that takes a shorthand token or a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice<T: Shorthand> {
    /// One of the standard's shorthand tokens.
    Known(T),
    /// A name written out (`snt["..."]srm["..."]`).
    Custom(StrLit),
    /// A bare word that is not a token of this field; reported as an error by the checks.
    Unknown(String),
}

impl<T: Shorthand> Choice<T> {
    /// The value as a person reads it in `lang`: a token's meaning, a custom name in that
    /// language's script (the other one when it has only that), an unknown word as written.
    pub fn shown(&self, lang: crate::i18n::Lang) -> String {
        use crate::i18n::Lang;
        match self {
            Choice::Known(t) => t.meaning(lang).to_string(),
            Choice::Custom(l) => match lang {
                Lang::En => l.roman.clone().or_else(|| l.native.clone()).unwrap_or_default(),
                Lang::Ja => l.native.clone().or_else(|| l.roman.clone()).unwrap_or_default(),
            },
            Choice::Unknown(w) => w.clone(),
        }
    }
}

macro_rules! shorthand {
    ($(#[$meta:meta])* $name:ident, $field:expr, {
        $($(#[$vmeta:meta])* $variant:ident = $code:literal, $en:literal, $ja:literal;)+
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant,)+ }

        impl Shorthand for $name {
            const ALL: &'static [Self] = &[$($name::$variant,)+];
            const FIELD: crate::i18n::Msg = $field;
            fn code(self) -> &'static str { match self { $($name::$variant => $code,)+ } }
            fn english(self) -> &'static str { match self { $($name::$variant => $en,)+ } }
            fn japanese(self) -> &'static str { match self { $($name::$variant => $ja,)+ } }
        }
    };
}

shorthand!(
    /// `tourName` tokens.
    TourToken, tr!("format-field-tour-name"), {
        MLeague = "mlg", "M League", "Mリーグ";
    }
);

shorthand!(
    /// `tourStage` tokens: the rounds of a general tournament and the M League stages.
    StageToken, tr!("format-field-stage"), {
        FirstRound = "1rd", "First round", "一回戦";
        SecondRound = "2rd", "Second round", "二回戦";
        QuarterFinal = "qtf", "Quarterfinal", "準々決勝";
        SemiFinal = "smf", "Semifinal", "準決勝";
        Final = "fin", "Final", "決勝";
        MLeagueRegular = "mlg-reg", "M League Regular Season", "Mリーグ レギュラーシーズン";
        MLeagueSemiFinal = "mlg-sfs", "M League Semifinal Series", "Mリーグ セミファイナルシリーズ";
        MLeagueFinal = "mlg-fns", "M League Final Series", "Mリーグ ファイナルシリーズ";
    }
);

shorthand!(
    /// `matchPlace` tokens.
    PlaceToken, tr!("format-field-place"), {
        MLeagueStudio = "mlg-std", "M League Studio (2-1-16 Kaigan, Minato City, Tokyo)",
            "Mリーグスタジオ（東京都港区海岸2-1-16）";
    }
);

shorthand!(
    /// `plyerTeam` tokens: the eight M League teams.
    TeamToken, tr!("format-field-team"), {
        Drivens = "mlg-drn", "Akasaka Drivens", "赤坂ドリブンズ";
        Furinkazan = "mlg-exf", "EX Furinkazan", "EX風林火山";
        SakuraKnights = "mlg-skn", "Kadokawa Sakura Knights", "KADOKAWAサクラナイツ";
        FightClub = "mlg-mfc", "Konami Mahjong Fight Club", "KONAMI麻雀格闘倶楽部";
        Abemas = "mlg-abm", "Shibuya Abemas", "渋谷ABEMAS";
        Phoenix = "mlg-phx", "Sega Sammy Phoenix", "セガサミーフェニックス";
        Raiden = "mlg-rdn", "Team Raiden", "TEAM雷電";
        Pirates = "mlg-prt", "U-Next Pirates", "U-NEXT Pirates";
    }
);

/// The M League teams of the 2025-26 season the standard has no code for, as the league
/// publishes their names (English, Japanese): written to a file as a string literal. BEAST X
/// (BEAST Japanext until 2024-25) joined in 2023-24, EARTH JETS in 2025-26.
pub const MLEAGUE_TEAMS_WITHOUT_CODE: [(&str, &str); 2] = [("BEAST X", "BEAST X"), ("EARTH JETS", "EARTH JETS")];

shorthand!(
    /// `plyerAffil` tokens: the professional associations, and `none` for "no known affiliation".
    AffiliationToken, tr!("format-field-affiliation"), {
        None = "none", "No known affiliation", "所属なし";
        Saikouisen = "saikouisen", "Saikouisen Japan Professional Mahjong Association", "最高位戦日本プロ麻雀協会";
        ProKyoukai = "prokyoukai", "Japan Professional Mahjong Association", "日本プロ麻雀協会";
        ProRenmei = "prorenmei", "Japan Professional Mahjong League", "日本プロ麻雀連盟";
        Rmu = "rmu", "RMU", "RMU";
        RengouMu = "rengoumu", "Mahjong Rengou -μ-", "麻将連合-μ-";
        Kyougi101 = "101", "101 Competitive League", "101競技連盟";
        Kishikai = "kishikai", "Japan Professional Mahjong Kishikai", "日本プロ麻雀棋士会";
        Zennihon = "zennihon", "All Japan Mahjong Association", "全日本麻雀協会";
    }
);

/// `tourName`.
pub type TourName = Choice<TourToken>;
/// `tourStage`.
pub type TourStage = Choice<StageToken>;
/// `matchPlace`.
pub type MatchPlace = Choice<PlaceToken>;
/// `plyerTeam`.
pub type Team = Choice<TeamToken>;
/// `plyerAffil`.
pub type Affiliation = Choice<AffiliationToken>;

#[cfg(test)]
mod tests {
    use super::*;

    fn codes_are_unique<T: Shorthand>() {
        for (i, a) in T::ALL.iter().enumerate() {
            for b in &T::ALL[i + 1..] {
                assert_ne!(a.code(), b.code(), "{} has a code twice", T::FIELD.id());
            }
            assert_eq!(T::from_code(a.code()), Some(*a));
        }
    }

    #[test]
    fn every_family_reads_its_own_codes() {
        codes_are_unique::<TourToken>();
        codes_are_unique::<StageToken>();
        codes_are_unique::<PlaceToken>();
        codes_are_unique::<TeamToken>();
        codes_are_unique::<AffiliationToken>();
        assert_eq!(TeamToken::ALL.len(), 8);
        assert_eq!(AffiliationToken::ALL.len(), 9);
        assert_eq!(StageToken::from_code("mlg-xyz"), None);
    }
}
