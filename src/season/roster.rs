//! The roster: the people the program has seen as players or recorders of a match, with their
//! names in both scripts, team and affiliation, and the tournament points each had after each
//! match seen. The forms offer them by name; "new match like the last one" and the carried
//! tournament points come from it. Kept as a small JSON file in the data folder that the user may
//! also edit; a damaged one is set aside, never lost, and the program goes on with an empty one.
//!
//! A person is known by the four parts of their name exactly: the same person seen with another
//! spelling of the romanized name is a second entry until the user merges the two.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::format::{Choice, Date, Match, Name, Paifu, Points, Shorthand, StrLit};
use crate::i18n::{Text, tr};

/// The layout of the roster file.
pub const ROSTER_VERSION: u32 = 1;

/// How many people a name field offers at most.
pub const OFFERED: usize = 8;

/// A person's name in its four parts (empty = not known).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(default)]
pub struct PersonName {
    pub last_native: String,
    pub first_native: String,
    pub last_roman: String,
    pub first_roman: String,
}

impl PersonName {
    /// The parts of a name of the record, trimmed.
    pub fn of(name: &Name) -> PersonName {
        let part = |l: &Option<StrLit>, roman: bool| {
            let lit = l.as_ref();
            let s = if roman { lit.and_then(|l| l.roman.as_deref()) } else { lit.and_then(|l| l.native.as_deref()) };
            s.unwrap_or("").trim().to_string()
        };
        PersonName {
            last_native: part(&name.last, false),
            first_native: part(&name.first, false),
            last_roman: part(&name.last, true),
            first_roman: part(&name.first, true),
        }
    }

    pub fn is_empty(&self) -> bool {
        [&self.last_native, &self.first_native, &self.last_roman, &self.first_roman].iter().all(|s| s.trim().is_empty())
    }

    /// The name as a list shows it: "多井 隆晴 (Ooi Takaharu)".
    pub fn shown(&self) -> String {
        let join = |a: &str, b: &str| [a, b].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ");
        let native = join(&self.last_native, &self.first_native);
        let roman = join(&self.last_roman, &self.first_roman);
        match (native.is_empty(), roman.is_empty()) {
            (false, false) => format!("{native} ({roman})"),
            (false, true) => native,
            _ => roman,
        }
    }

    /// Whether `typed` is part of the name: of any of its four parts, or of the last and first
    /// name written together (with or without a space), ignoring case.
    pub fn matches(&self, typed: &str) -> bool {
        let typed = typed.trim().to_lowercase();
        if typed.is_empty() {
            return false;
        }
        let together = [
            format!("{}{}", self.last_native, self.first_native),
            format!("{} {}", self.last_native, self.first_native),
            format!("{} {}", self.last_roman, self.first_roman),
            format!("{} {}", self.first_roman, self.last_roman),
        ];
        together.iter().any(|s| s.to_lowercase().contains(&typed))
    }
}

/// A team or an affiliation as the roster keeps it: a shorthand token, or a name in its two
/// scripts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct NamedChoice {
    /// The token as the file writes it (`mlg-drn`); empty for a name.
    pub token: String,
    pub native: String,
    pub roman: String,
}

impl NamedChoice {
    pub fn of<T: Shorthand>(c: &Choice<T>) -> NamedChoice {
        match c {
            Choice::Known(t) => NamedChoice { token: t.code().to_string(), ..NamedChoice::default() },
            Choice::Unknown(w) => NamedChoice { token: w.clone(), ..NamedChoice::default() },
            Choice::Custom(l) => NamedChoice {
                token: String::new(),
                native: l.native.clone().unwrap_or_default(),
                roman: l.roman.clone().unwrap_or_default(),
            },
        }
    }

    /// The field's value (`None` when the entry holds nothing).
    pub fn choice<T: Shorthand>(&self) -> Option<Choice<T>> {
        let token = self.token.trim();
        if !token.is_empty() {
            return Some(T::from_code(token).map_or_else(|| Choice::Unknown(token.to_string()), Choice::Known));
        }
        let part = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        let lit = StrLit { native: part(&self.native), roman: part(&self.roman) };
        (!lit.is_empty()).then_some(Choice::Custom(lit))
    }

    /// A key that names the same team or tournament however it was written.
    pub fn key(&self) -> String {
        if self.token.trim().is_empty() {
            format!("{}|{}", self.native.trim(), self.roman.trim())
        } else {
            self.token.trim().to_string()
        }
    }
}

/// One match a person played, with the tournament points they (and their team) had after it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Played {
    /// The match: its tournament, year, date and numbers.
    #[serde(flatten)]
    pub place: Place,
    /// Tournament points after the match (`ptn`), in tenths of a thousand as the record counts.
    pub personal_after: Option<Points>,
    pub team_after: Option<Points>,
}

impl Played {
    /// "2023-10-02, match 57" / 「2023-10-02、第57試合」: where carried points came from.
    pub fn source(&self) -> Text {
        self.place.source()
    }
}

/// Someone the program has seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Person {
    pub name: PersonName,
    pub team: Option<NamedChoice>,
    pub affiliation: Option<NamedChoice>,
    /// Seen as a player; as a recorder.
    pub player: bool,
    pub recorder: bool,
    /// The date of the latest match seen (`YYYY-MM-DD`): an older file opened later does not
    /// change the team or affiliation.
    pub last_seen: Option<String>,
    pub played: Vec<Played>,
}

/// Tournament points carried into a match: the value and the match it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carried {
    pub points: Points,
    pub from: Played,
}

/// Where a match stands in its season: its tournament, year, date and number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Place {
    /// The tournament, as [`NamedChoice::key`] writes it.
    pub tournament: String,
    pub year: Option<u16>,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    pub match_in_stage: Option<u32>,
    pub match_in_day: Option<u32>,
}

impl Place {
    /// The place of match `m`, when it names its tournament.
    pub fn of(m: &Match) -> Option<Place> {
        let tour = m.tour.as_ref()?;
        Some(Place {
            tournament: tour.name.as_ref().map(NamedChoice::of)?.key(),
            year: tour.year,
            date: m.time_place.date.map(date_text),
            match_in_stage: tour.match_in_stage,
            match_in_day: tour.match_in_day,
        })
    }

    /// The order of matches in a season: by date, then by match number.
    pub fn order(&self) -> (Option<String>, Option<u32>, Option<u32>) {
        (self.date.clone(), self.match_in_stage, self.match_in_day)
    }

    /// True when `other` is a match of the same tournament and year.
    pub fn same_season(&self, other: &Place) -> bool {
        (&self.tournament, self.year) == (&other.tournament, other.year)
    }

    /// True when `other` is an earlier match of the same season.
    fn has_before(&self, other: &Place) -> bool {
        self.same_season(other) && other.order() < self.order()
    }

    /// "2023-10-02, match 57" / 「2023-10-02、第57試合」.
    pub fn source(&self) -> Text {
        let date = self.date.clone().unwrap_or_else(|| "?".into());
        match self.match_in_stage {
            Some(n) => tr!("season-source-match", date = date, n = n),
            None => Text::verbatim(date),
        }
    }
}

/// `YYYY-MM-DD`.
pub fn date_text(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
}

/// The people the program has seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Roster {
    pub version: u32,
    pub people: Vec<Person>,
}

impl Default for Roster {
    fn default() -> Self {
        Roster { version: ROSTER_VERSION, people: Vec::new() }
    }
}

/// Why the roster file could not be used, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterProblem(pub Text);

impl Roster {
    /// The index of the person with exactly this name.
    pub fn find(&self, name: &PersonName) -> Option<usize> {
        self.people.iter().position(|p| &p.name == name)
    }

    /// Remembers the players and recorders of every match of `paifu`; true when anything changed.
    pub fn see_paifu(&mut self, paifu: &Paifu) -> bool {
        paifu.matches.iter().fold(false, |changed, m| self.see_match(m) | changed)
    }

    /// Remembers the players and recorders of `m`, with the players' tournament points after it;
    /// true when anything changed.
    pub fn see_match(&mut self, m: &Match) -> bool {
        let before = self.people.clone();
        let date = m.time_place.date.map(date_text);
        let place = Place::of(m);
        for r in &m.recorders {
            if let Some(i) = r.name.as_ref().and_then(|n| self.person(PersonName::of(n))) {
                self.people[i].recorder = true;
            }
        }
        for p in &m.players {
            let Some(i) = p.name.as_ref().and_then(|n| self.person(PersonName::of(n))) else { continue };
            let person = &mut self.people[i];
            person.player = true;
            let newer = match (&date, &person.last_seen) {
                (Some(d), Some(seen)) => d >= seen,
                _ => true,
            };
            if newer {
                if p.team.is_some() {
                    person.team = p.team.as_ref().map(NamedChoice::of);
                }
                if p.affiliation.is_some() {
                    person.affiliation = p.affiliation.as_ref().map(NamedChoice::of);
                }
                if date.is_some() {
                    person.last_seen.clone_from(&date);
                }
            }
            let after = m.tour_points.as_ref().and_then(|t| t.get(usize::from(p.id)).copied());
            if let (Some(place), Some(after)) = (&place, after) {
                let played = Played { place: place.clone(), personal_after: after.personal, team_after: after.team };
                person.played.retain(|x| x.place != played.place);
                person.played.push(played);
                person.played.sort_by_key(|p| p.place.order());
            }
        }
        self.people != before
    }

    /// The index of the person named `name`, added when new; `None` for an empty name.
    fn person(&mut self, name: PersonName) -> Option<usize> {
        if name.is_empty() {
            return None;
        }
        Some(self.find(&name).unwrap_or_else(|| {
            self.people.push(Person { name, ..Person::default() });
            self.people.len() - 1
        }))
    }

    /// The people whose name holds `typed`, players first when `players`, then by name; at most
    /// [`OFFERED`].
    pub fn matching(&self, typed: &str, players: bool) -> Vec<usize> {
        let mut found: Vec<usize> = (0..self.people.len()).filter(|&i| self.people[i].name.matches(typed)).collect();
        found.sort_by_key(|&i| {
            let p = &self.people[i];
            (if players { !p.player } else { !p.recorder }, p.name.clone())
        });
        found.truncate(OFFERED);
        found
    }

    /// The tournament points person `i` had after their last match of `place`'s tournament and
    /// year before it.
    pub fn carried(&self, i: usize, place: &Place) -> Option<Carried> {
        let person = self.people.get(i)?;
        let last = person.played.iter().filter(|p| place.has_before(&p.place)).max_by_key(|p| p.place.order())?;
        Some(Carried { points: last.personal_after?, from: last.clone() })
    }

    /// The team's tournament points after the team's last match of `place`'s tournament and year
    /// before it, as any of the roster's people of `team` had them.
    pub fn carried_team(&self, team: &NamedChoice, place: &Place) -> Option<Carried> {
        let last = self
            .people
            .iter()
            .filter(|p| p.team.as_ref().is_some_and(|t| t.key() == team.key()))
            .flat_map(|p| p.played.iter())
            .filter(|p| place.has_before(&p.place))
            .filter(|p| p.team_after.is_some())
            .max_by_key(|p| p.place.order())?;
        Some(Carried { points: last.team_after?, from: last.clone() })
    }

    /// Puts person `from` into person `into` (their matches, their roles) and forgets `from`.
    pub fn merge(&mut self, into: usize, from: usize) {
        if into == from || into >= self.people.len() || from >= self.people.len() {
            return;
        }
        let gone = self.people.remove(from);
        let into = if from < into { into - 1 } else { into };
        let p = &mut self.people[into];
        p.player |= gone.player;
        p.recorder |= gone.recorder;
        if p.team.is_none() {
            p.team = gone.team;
        }
        if p.affiliation.is_none() {
            p.affiliation = gone.affiliation;
        }
        for played in gone.played {
            if !p.played.iter().any(|x| x.place == played.place) {
                p.played.push(played);
            }
        }
        p.played.sort_by_key(|p| p.place.order());
        p.last_seen = p.last_seen.clone().max(gone.last_seen);
    }

    /// Forgets person `i`.
    pub fn forget(&mut self, i: usize) {
        if i < self.people.len() {
            self.people.remove(i);
        }
    }

    /// The roster file at `path`, kept as the program keeps its own JSON files.
    pub fn file(path: &Path) -> crate::document::io::JsonFile {
        crate::document::io::JsonFile::new(
            path,
            tr!("season-roster-file").text(),
            tr!("season-roster-empty-used").text(),
        )
    }

    /// Reads the roster at `path`. A missing file is an empty roster without a word; a damaged
    /// one is set aside (`NAME.damaged`, or the next free name) and an empty roster is used, with
    /// the reason.
    pub fn load(path: &Path) -> (Roster, Option<RosterProblem>) {
        match Roster::file(path).load(|text| serde_json::from_str::<Roster>(text)) {
            Ok(read) => (read.unwrap_or_default(), None),
            Err(problem) => (Roster::default(), Some(RosterProblem(problem.text))),
        }
    }

    /// Writes the roster to `path` atomically (its folder made when needed), never with a BOM.
    pub fn save(&self, path: &Path) -> Result<(), RosterProblem> {
        Roster::file(path).save(self).map_err(|problem| RosterProblem(problem.text))
    }

    /// Remembers the people of every `.jmjp` file in `folder` (and its subfolders); returns how
    /// many files were read and the files that could not be, with why.
    pub fn import_folder(&mut self, folder: &Path) -> (usize, Vec<(PathBuf, Text)>) {
        let mut read = 0;
        let mut failed = Vec::new();
        for path in jmjp_files(folder) {
            match crate::document::io::load(&path) {
                Ok(loaded) => {
                    self.see_paifu(&loaded.parsed.paifu);
                    read += 1;
                }
                Err(e) => failed.push((path, e.text())),
            }
        }
        (read, failed)
    }

    /// File > Import roster from folder: the people of every `.jmjp` file under `folder`, and
    /// what to tell of it (a warning when a file could not be read). A folder without any
    /// `.jmjp` file is an error and changes nothing.
    pub fn import_and_tell(&mut self, folder: &Path) -> Result<Told, Text> {
        let before = self.people.len();
        let (read, failed) = self.import_folder(folder);
        if read == 0 && failed.is_empty() {
            return Err(tr!("season-import-none", folder = folder.display().to_string()));
        }
        let (added, all) = (self.people.len().saturating_sub(before), self.people.len());
        let text = tr!("season-import-read", read = read, added = added, all = all);
        let Some((path, why)) = failed.first() else { return Ok(Told { text, warning: false }) };
        let failed_text =
            tr!("season-import-failed", count = failed.len(), path = path.display().to_string(), why = why);
        Ok(Told { text: text.followed_by("", "", &failed_text), warning: true })
    }
}

/// What a step did, to be told in the status bar in either language, and whether it is a
/// warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    pub text: Text,
    pub warning: bool,
}

/// The `.jmjp` files under `folder`, sorted by path (subfolders included, links not followed).
pub fn jmjp_files(folder: &Path) -> Vec<PathBuf> {
    files_under(folder, |path| path.extension().is_some_and(|x| x.eq_ignore_ascii_case("jmjp")))
}

/// The files under `folder` that `keep` keeps, sorted by path (subfolders included, links not
/// followed).
pub fn files_under(folder: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let Ok(kind) = e.file_type() else { continue };
            let path = e.path();
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() && keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
