//! A season's standings from a folder of `.jmjp` files: the tournaments, years and stages the
//! files hold (the user chooses one; the latest by default), and for each stage each player's
//! and team's final points (`pme`) in each match, summed the M League way, after the points
//! carried into the stage as the files say (`ptTourPrev` of each one's first match of the stage).
//! Nothing is guessed or computed that the files do not say: a match a player did not play is
//! shown as such, a match without final points is counted as missing, carried points are read,
//! never worked out from the stage before, and rows with the same points share their rank.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::roster::{NamedChoice, PersonName, Place, jmjp_files};
use crate::format::{Match, Points, TourPoints};
use crate::i18n::{Lang, Text, tr};

/// The matches of a folder, read once; the standings of any of its seasons are made from them.
#[derive(Clone, Debug)]
pub struct SeasonFiles {
    pub folder: PathBuf,
    found: Vec<Found>,
    /// Files that could not be read or name no tournament, and why.
    pub left_out: Vec<(PathBuf, Text)>,
}

/// A match of the folder and where it stands.
#[derive(Clone, Debug)]
struct Found {
    file: PathBuf,
    m: Match,
    place: Place,
    /// The stage as [`NamedChoice::key`] writes it; empty when the file names none.
    stage: String,
}

/// The tournament, year and stage shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The tournament, as [`NamedChoice::key`] writes it.
    pub tournament: String,
    pub year: Option<u16>,
    /// One stage (empty: the matches that name none); `None`: every stage, each apart.
    pub stage: Option<String>,
}

/// One entry a chooser offers: what it stands for and how it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered<K> {
    pub key: K,
    pub shown: Text,
}

/// One match of a stage (a column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub file: PathBuf,
    pub place: Place,
    /// "2023-10-02 #57"; without a match number, its date and its order that day. No two
    /// columns of a stage are labelled alike.
    pub label: Text,
}

/// A player's or team's part in one match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The final points of the match (`pme`); `None` when the file has none.
    pub final_points: Option<Points>,
    /// Tournament points before the match (`ptTourPrev`), as the file says.
    pub before: Option<Points>,
    /// Tournament points after the match (`ptn`), as the file says.
    pub after: Option<Points>,
}

/// A player or a team across a stage (a row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player's name in both scripts ("多井 隆晴 (Ooi Takaharu)"), or the team's name.
    pub name: Text,
    /// The team's name (players only; empty when the files name none).
    pub team: Text,
    /// One per column: `None` where the player or team did not play.
    pub cells: Vec<Option<Cell>>,
    /// The points carried into the stage: `ptTourPrev` of the row's first match of the stage.
    pub carried: Option<Points>,
    /// The sum of the final points of the matches that have them.
    pub total: Points,
    /// What the rank is by: the points carried, plus the total.
    pub points: Points,
    pub played: usize,
    /// Matches played whose file has no final points (the total leaves them out).
    pub missing: usize,
    /// 1 for the most points; rows with the same points share a rank.
    pub rank: usize,
    pub tied: bool,
}

/// The standings of one stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageTable {
    /// The stage's name ("M League Regular Season"), or that the files name none.
    pub name: Text,
    pub columns: Vec<Column>,
    pub players: Vec<Row>,
    pub teams: Vec<Row>,
}

impl StageTable {
    /// Whether any row has points carried into the stage (the column is shown then).
    pub fn has_carried(&self) -> bool {
        self.players.iter().chain(&self.teams).any(|r| r.carried.is_some())
    }
}

/// The standings of a tournament and year: its stages apart, in the order they were played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The tournament and year: "M League 2023".
    pub title: Text,
    pub stages: Vec<StageTable>,
    /// Files left out, and why.
    pub left_out: Vec<(PathBuf, Text)>,
}

/// The standings of the latest season of the `.jmjp` files under `folder`, every stage apart.
pub fn standings(folder: &Path) -> Result<Standings, Text> {
    let files = SeasonFiles::read(folder)?;
    Ok(files.standings(&files.latest()))
}

impl SeasonFiles {
    /// The matches of the `.jmjp` files under `folder`; an error when none names a tournament.
    pub fn read(folder: &Path) -> Result<SeasonFiles, Text> {
        let mut left_out = Vec::new();
        let mut found = Vec::new();
        for file in jmjp_files(folder) {
            let loaded = match crate::document::io::load(&file) {
                Ok(l) => l,
                Err(e) => {
                    left_out.push((file, e.text()));
                    continue;
                }
            };
            for m in loaded.parsed.paifu.matches {
                let Some(place) = Place::of(&m) else {
                    left_out.push((file.clone(), tr!("season-standings-no-tournament").text()));
                    continue;
                };
                let stage = m.tour.as_ref().and_then(|t| t.stage.as_ref()).map(|s| NamedChoice::of(s).key());
                found.push(Found { file: file.clone(), m, place, stage: stage.unwrap_or_default() });
            }
        }
        if found.is_empty() {
            return Err(tr!("season-standings-none", folder = folder.display().to_string()));
        }
        Ok(SeasonFiles { folder: folder.to_path_buf(), found, left_out })
    }

    /// The tournament and year of the latest match (by year, then date and number), every stage.
    pub fn latest(&self) -> Chosen {
        let last = self.found.iter().max_by_key(|f| (f.place.year, f.place.order()));
        let (tournament, year) = last.map(|f| (f.place.tournament.clone(), f.place.year)).unwrap_or_default();
        Chosen { tournament, year, stage: None }
    }

    /// The latest year of `tournament`, every stage.
    pub fn with_tournament(&self, tournament: &str) -> Chosen {
        let year = self.found.iter().filter(|f| f.place.tournament == tournament).map(|f| f.place.year).max();
        Chosen { tournament: tournament.to_string(), year: year.flatten(), stage: None }
    }

    /// The tournaments of the folder, the one played last first.
    pub fn tournaments(&self) -> Vec<Offered<String>> {
        let mut last = BTreeMap::new();
        for f in &self.found {
            let e: &mut (Option<u16>, Option<String>) = last.entry(f.place.tournament.as_str()).or_default();
            *e = e.clone().max((f.place.year, f.place.date.clone()));
        }
        let mut keys: Vec<_> = last.into_iter().collect();
        keys.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        keys.into_iter().map(|(key, _)| Offered { key: key.to_string(), shown: self.tournament_name(key) }).collect()
    }

    /// The years of `tournament`, the latest first.
    pub fn years(&self, tournament: &str) -> Vec<Offered<Option<u16>>> {
        let mut years: Vec<Option<u16>> =
            self.found.iter().filter(|f| f.place.tournament == tournament).map(|f| f.place.year).collect();
        years.sort_by(|a, b| b.cmp(a));
        years.dedup();
        years.into_iter().map(|key| Offered { key, shown: year_text(key) }).collect()
    }

    /// The stages of a tournament's year, in the order they were played (by their first match).
    pub fn stages(&self, tournament: &str, year: Option<u16>) -> Vec<Offered<String>> {
        let mut first = BTreeMap::new();
        let mut names: BTreeMap<&str, Text> = BTreeMap::new();
        for f in self.found.iter().filter(|f| f.place.tournament == tournament && f.place.year == year) {
            let e = first.entry(f.stage.as_str()).or_insert_with(|| f.place.order());
            *e = e.clone().min(f.place.order());
            names.entry(&f.stage).or_insert_with(|| stage_name(&f.m));
        }
        let mut keys: Vec<_> = first.into_iter().collect();
        keys.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(b.0)));
        keys.into_iter()
            .map(|(key, _)| Offered { key: key.to_string(), shown: names.get(key).cloned().unwrap_or_default() })
            .collect()
    }

    /// The tournament's name, as the first of its files writes it.
    fn tournament_name(&self, key: &str) -> Text {
        let tour = self.found.iter().find(|f| f.place.tournament == key).and_then(|f| f.m.tour.as_ref());
        let name = tour.and_then(|t| t.name.as_ref());
        name.map(|n| Text::new(n.shown(Lang::En), n.shown(Lang::Ja))).unwrap_or_default()
    }

    /// The matches of `chosen` (every stage it covers, or the one it names) with their files, in
    /// the order they were played.
    pub fn matches_of(&self, chosen: &Chosen) -> Vec<(&Path, &Match)> {
        let mut of: Vec<&Found> = self
            .found
            .iter()
            .filter(|f| (&f.place.tournament, f.place.year) == (&chosen.tournament, chosen.year))
            .filter(|f| chosen.stage.as_ref().is_none_or(|s| *s == f.stage))
            .collect();
        of.sort_by(|a, b| (a.place.order(), &a.file).cmp(&(b.place.order(), &b.file)));
        of.into_iter().map(|f| (f.file.as_path(), &f.m)).collect()
    }

    /// The standings of `chosen`: each of its stages apart (one when it names one).
    pub fn standings(&self, chosen: &Chosen) -> Standings {
        let year = year_text(chosen.year);
        let name = self.tournament_name(&chosen.tournament);
        let title = Text::new(format!("{} {}", name.en, year.en), format!("{} {}", name.ja, year.ja));
        let stages = self
            .stages(&chosen.tournament, chosen.year)
            .into_iter()
            .filter(|s| chosen.stage.as_ref().is_none_or(|c| *c == s.key))
            .map(|s| {
                let of_stage = |f: &&Found| {
                    (&f.place.tournament, f.place.year, &f.stage) == (&chosen.tournament, chosen.year, &s.key)
                };
                stage_table(s.shown, self.found.iter().filter(of_stage).collect())
            })
            .collect();
        Standings { title, stages, left_out: self.left_out.clone() }
    }
}

/// "2023", or that the files give no year.
fn year_text(year: Option<u16>) -> Text {
    year.map_or_else(|| tr!("season-standings-no-year").text(), |y| Text::verbatim(y.to_string()))
}

/// The stage's name as match `m` writes it, or that it names none.
fn stage_name(m: &Match) -> Text {
    match m.tour.as_ref().and_then(|t| t.stage.as_ref()) {
        Some(s) => Text::new(s.shown(Lang::En), s.shown(Lang::Ja)),
        None => tr!("season-standings-no-stage").text(),
    }
}

/// The table of one stage's matches.
fn stage_table(name: Text, mut matches: Vec<&Found>) -> StageTable {
    let time = |f: &Found| f.m.time_place.time.map(|t| (t.hour, t.minute));
    matches.sort_by(|a, b| (a.place.order(), time(a), &a.file).cmp(&(b.place.order(), time(b), &b.file)));
    let columns = columns(&matches);
    let mut players: BTreeMap<PersonName, Row> = BTreeMap::new();
    let mut teams: BTreeMap<String, Row> = BTreeMap::new();
    let empty = |name: Text, team: Text| Row {
        name,
        team,
        cells: vec![None; matches.len()],
        carried: None,
        total: Points(0),
        points: Points(0),
        played: 0,
        missing: 0,
        rank: 0,
        tied: false,
    };
    for (col, f) in matches.iter().enumerate() {
        let m = &f.m;
        let mut team_cells: BTreeMap<String, (Text, Cell, bool)> = BTreeMap::new();
        for p in &m.players {
            let Some(name) = p.name.as_ref().map(PersonName::of).filter(|n| !n.is_empty()) else { continue };
            let i = usize::from(p.id);
            let after = m.tour_points.and_then(|t| t.get(i).copied());
            let part = |t: Option<TourPoints>| t.and_then(|t| t.personal);
            let cell = Cell {
                final_points: m.end_points.and_then(|e| e.get(i).copied()),
                before: part(p.tour_points),
                after: part(after),
            };
            let team = p.team.as_ref().map(|t| Text::new(t.shown(Lang::En), t.shown(Lang::Ja))).unwrap_or_default();
            let row = players.entry(name.clone()).or_insert_with(|| empty(Text::verbatim(name.shown()), team.clone()));
            if !team.en.is_empty() {
                row.team.clone_from(&team);
            }
            row.cells[col] = Some(cell);
            let Some(t) = &p.team else { continue };
            let e = team_cells.entry(NamedChoice::of(t).key()).or_insert((team, Cell::default(), true));
            match (e.1.final_points, cell.final_points) {
                (_, None) => e.2 = false,
                (sum, Some(x)) => e.1.final_points = Some(Points(sum.map_or(0, |s| s.0).saturating_add(x.0))),
            }
            e.1.before = e.1.before.or(p.tour_points.and_then(|t| t.team));
            e.1.after = e.1.after.or(after.and_then(|t| t.team));
        }
        for (key, (name, mut cell, complete)) in team_cells {
            if !complete {
                cell.final_points = None;
            }
            teams.entry(key).or_insert_with(|| empty(name, Text::default())).cells[col] = Some(cell);
        }
    }
    let mut players: Vec<Row> = players.into_values().collect();
    let mut teams: Vec<Row> = teams.into_values().collect();
    rank(&mut players);
    rank(&mut teams);
    StageTable { name, columns, players, teams }
}

/// The columns of a stage's matches (sorted): "2023-10-02 #57", or without a match number the
/// date and the match's order that day (`matchNumInDay` when the file gives it, else counted).
fn columns(matches: &[&Found]) -> Vec<Column> {
    let mut labels: Vec<Text> = Vec::new();
    for (i, f) in matches.iter().enumerate() {
        let date = f.place.date.clone().unwrap_or_else(|| "?".into());
        let label = match f.place.match_in_stage {
            Some(n) => Text::verbatim(format!("{date} #{n}")),
            None => {
                let counted = matches[..i].iter().filter(|g| g.place.date == f.place.date).count() + 1;
                let nth = f.place.match_in_day.map_or(counted, |n| n as usize);
                tr!("season-standings-of-day", date = date, nth = nth)
            }
        };
        labels.push(label);
    }
    // The same match in two files (or two numbered alike): each says its file.
    let twice: Vec<bool> = labels.iter().map(|l| labels.iter().filter(|m| m.en == l.en).count() > 1).collect();
    matches
        .iter()
        .zip(labels)
        .zip(twice)
        .map(|((f, label), twice)| {
            let file = f.file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let label = if twice {
                Text::new(format!("{} ({file})", label.en), format!("{}（{file}）", label.ja))
            } else {
                label
            };
            Column { file: f.file.clone(), place: f.place.clone(), label }
        })
        .collect()
}

/// Carried points, totals, then ranks (the same points, the same rank), most points first.
fn rank(rows: &mut [Row]) {
    for r in rows.iter_mut() {
        let played: Vec<&Cell> = r.cells.iter().flatten().collect();
        r.played = played.len();
        r.missing = played.iter().filter(|c| c.final_points.is_none()).count();
        r.total = Points(played.iter().filter_map(|c| c.final_points).fold(0i32, |s, p| s.saturating_add(p.0)));
        r.carried = played.first().and_then(|c| c.before);
        r.points = Points(r.carried.map_or(0, |c| c.0).saturating_add(r.total.0));
    }
    rows.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.name.en.cmp(&b.name.en)));
    for i in 0..rows.len() {
        let points = rows[i].points;
        let first = rows.iter().position(|r| r.points == points).unwrap_or(i);
        rows[i].rank = first + 1;
        rows[i].tied = rows.iter().filter(|r| r.points == points).count() > 1;
    }
}
