//! The teams the forms offer: the M League teams of this season built in, and a teams file beside
//! the roster (`teams.json`) that a studio may write to add its own teams or rename one, without
//! a new build. A team the standard has a code for is written with its code (`mlg-drn`); any
//! other (BEAST X, EARTH JETS, a studio's team) is written by its names as a string literal,
//! never with an invented code. A damaged teams file is set aside like the program's other files
//! and the built-in list is offered.
//!
//! The file:
//!
//! ```json
//! { "version": 1, "teams": [ { "english": "Studio Dragons", "japanese": "スタジオドラゴンズ" },
//!                            { "code": "mlg-drn", "english": "Akasaka Drivens", "japanese": "赤坂ドリブンズ" } ] }
//! ```

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::format::shorthand::{MLEAGUE_TEAMS_WITHOUT_CODE, Team, TeamToken};
use crate::format::{Choice, Shorthand, StrLit};
use crate::i18n::{Lang, Text, tr};

/// The layout of the teams file.
pub const TEAMS_VERSION: u32 = 1;

/// The teams file's name, in the roster's folder.
pub const TEAMS_FILE_NAME: &str = "teams.json";

/// One team as the list offers it: its standard code, if it has one, and its names.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "EntryInFile")]
pub struct TeamEntry {
    /// The standard's token; `None` for a team written by its names.
    pub token: Option<TeamToken>,
    pub english: String,
    pub japanese: String,
}

/// A team as the file writes it, before it is checked.
#[derive(Deserialize)]
struct EntryInFile {
    #[serde(default, deserialize_with = "standard_code")]
    code: Option<TeamToken>,
    #[serde(default)]
    english: String,
    #[serde(default)]
    japanese: String,
}

impl TryFrom<EntryInFile> for TeamEntry {
    type Error = String;

    fn try_from(e: EntryInFile) -> Result<TeamEntry, String> {
        let token = e.code;
        let english = e.english.trim().to_string();
        let japanese = e.japanese.trim().to_string();
        match token {
            // A coded team keeps the standard's names where the file gives none.
            Some(t) => Ok(TeamEntry {
                token,
                english: if english.is_empty() { t.english().to_string() } else { english },
                japanese: if japanese.is_empty() { t.japanese().to_string() } else { japanese },
            }),
            None if english.is_empty() && japanese.is_empty() => {
                Err("a team needs a name: \"english\", \"japanese\" or both".to_string())
            }
            None => Ok(TeamEntry { token, english, japanese }),
        }
    }
}

/// A team's code: one of the standard's, refused where it stands otherwise (the reader tells
/// its line and column).
fn standard_code<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<TeamToken>, D::Error> {
    let code: Option<String> = Option::deserialize(d)?;
    match code.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(code) => TeamToken::from_code(code).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "\"{code}\" is not a team code of the standard; leave \"code\" out and the team is written by its names"
            ))
        }),
    }
}

impl TeamEntry {
    /// The team's value in a record: its code, else its names (Japanese as the native script).
    pub fn choice(&self) -> Team {
        if let Some(t) = self.token {
            return Choice::Known(t);
        }
        let part = |s: &str| Some(s.to_string()).filter(|s| !s.is_empty());
        let native = part(&self.japanese).or_else(|| part(&self.english));
        // The romanized name only where it says something the native one does not.
        let roman = part(&self.english).filter(|r| Some(r) != native.as_ref());
        Choice::Custom(StrLit { native, roman })
    }

    /// The team's name in `lang` (the other language's when it has only that).
    pub fn shown(&self, lang: Lang) -> &str {
        let (first, second) = match lang {
            Lang::En => (&self.english, &self.japanese),
            Lang::Ja => (&self.japanese, &self.english),
        };
        if first.is_empty() { second } else { first }
    }

    /// Whether `typed` is part of the team's English or Japanese name or its code, ignoring case.
    pub fn matches(&self, typed: &str) -> bool {
        let typed = typed.trim().to_lowercase();
        let code = self.token.map(Shorthand::code).unwrap_or("");
        [self.english.as_str(), self.japanese.as_str(), code].iter().any(|s| s.to_lowercase().contains(&typed))
    }

    /// Whether the entry names the same team as `other` (the same code, or the same English or
    /// Japanese name when it has no code).
    fn same_team(&self, other: &TeamEntry) -> bool {
        match (self.token, other.token) {
            (Some(a), Some(b)) => a == b,
            (None, None) => {
                let same = |a: &str, b: &str| !a.is_empty() && a.eq_ignore_ascii_case(b);
                same(&self.english, &other.english) || same(&self.japanese, &other.japanese)
            }
            _ => false,
        }
    }
}

/// The teams file as written.
#[derive(Deserialize)]
struct TeamsFile {
    #[serde(default)]
    #[allow(dead_code)]
    version: u32,
    #[serde(default)]
    teams: Vec<TeamEntry>,
}

/// Why the teams file could not be used, in both languages (with where it stops reading).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamsProblem(pub Text);

/// The teams offered: the built-in ones, then the teams file's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teams {
    pub teams: Vec<TeamEntry>,
}

impl Default for Teams {
    fn default() -> Self {
        Teams::built_in()
    }
}

impl Teams {
    /// The ten M League teams of the 2025-26 season: the eight the standard has a code for, then
    /// BEAST X and EARTH JETS.
    pub fn built_in() -> Teams {
        let coded = TeamToken::ALL.iter().map(|&t| TeamEntry {
            token: Some(t),
            english: t.english().to_string(),
            japanese: t.japanese().to_string(),
        });
        let named = MLEAGUE_TEAMS_WITHOUT_CODE.iter().map(|(en, ja)| TeamEntry {
            token: None,
            english: (*en).to_string(),
            japanese: (*ja).to_string(),
        });
        Teams { teams: coded.chain(named).collect() }
    }

    /// The teams file beside the roster file at `roster`.
    pub fn beside(roster: &Path) -> PathBuf {
        roster.with_file_name(TEAMS_FILE_NAME)
    }

    /// The teams file at `path`, kept as the program keeps its own JSON files.
    pub fn file(path: &Path) -> crate::document::io::JsonFile {
        crate::document::io::JsonFile::new(
            path,
            tr!("season-teams-file").text(),
            tr!("season-teams-built-in-used").text(),
        )
    }

    /// The teams offered with the file at `path`: no file, the built-in list without a word; a
    /// file, the built-in list with the file's teams added (one naming a built-in team renames
    /// it); a damaged file, set aside (`NAME.damaged`), the built-in list, and why.
    pub fn load(path: &Path) -> (Teams, Option<TeamsProblem>) {
        match Teams::file(path).load(|text| serde_json::from_str::<TeamsFile>(text)) {
            Ok(None) => (Teams::built_in(), None),
            Ok(Some(file)) => {
                let mut teams = Teams::built_in();
                for t in file.teams {
                    teams.add(t);
                }
                (teams, None)
            }
            Err(problem) => (Teams::built_in(), Some(TeamsProblem(problem.text))),
        }
    }

    /// Adds `team`, or renames the entry of the same team.
    pub fn add(&mut self, team: TeamEntry) {
        match self.teams.iter_mut().find(|t| t.same_team(&team)) {
            Some(t) => *t = team,
            None => self.teams.push(team),
        }
    }

    /// The entry whose value in a record is `team`.
    pub fn find(&self, team: &Team) -> Option<usize> {
        self.teams.iter().position(|t| &t.choice() == team)
    }
}
