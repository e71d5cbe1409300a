//! A season's standings from a folder of `.jmjp` files of one tournament and year: each player's
//! and team's final points (`pme`) in each match, summed the M League way, and the tournament
//! points after each match as the files say (`ptn`). Nothing is guessed: a match a player did not
//! play is shown as such, a match without final points is counted as missing, and players with
//! the same total share their rank.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::roster::{NamedChoice, PersonName, Place, jmjp_files};
use crate::format::shorthand::TeamToken;
use crate::format::{Match, Points};
use crate::i18n::{Lang, Text};

/// One match of the season (a column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub file: PathBuf,
    pub place: Place,
}

impl Column {
    /// "2023-10-02 #57".
    pub fn label(&self) -> String {
        let date = self.place.date.clone().unwrap_or_else(|| "?".into());
        match self.place.match_in_stage {
            Some(n) => format!("{date} #{n}"),
            None => date,
        }
    }
}

/// A player's or team's part in one match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The final points of the match (`pme`); `None` when the file has none.
    pub final_points: Option<Points>,
    /// Tournament points after the match (`ptn`), as the file says.
    pub after: Option<Points>,
}

/// A player or a team across the season (a row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub name: String,
    /// The team's name (players only).
    pub team: String,
    /// One per column: `None` where the player or team did not play.
    pub cells: Vec<Option<Cell>>,
    /// The sum of the final points of the matches that have them.
    pub total: Points,
    pub played: usize,
    /// Matches played whose file has no final points (the total leaves them out).
    pub missing: usize,
    /// 1 for the highest total; rows with the same total share a rank.
    pub rank: usize,
    pub tied: bool,
}

/// The standings of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The tournament and year, as shown.
    pub title: String,
    pub columns: Vec<Column>,
    pub players: Vec<Row>,
    pub teams: Vec<Row>,
    /// Files left out, and why (unreadable, another tournament or year).
    pub left_out: Vec<(PathBuf, Text)>,
}

/// The standings of the `.jmjp` files under `folder`: the tournament and year most of them
/// belong to; the others are listed as left out.
pub fn standings(folder: &Path, lang: Lang) -> Result<Standings, Text> {
    let mut left_out = Vec::new();
    let mut found: Vec<(PathBuf, Match, Place)> = Vec::new();
    for path in jmjp_files(folder) {
        match crate::document::io::load(&path) {
            Ok(l) => {
                for m in l.parsed.paifu.matches {
                    match Place::of(&m) {
                        Some(place) => found.push((path.clone(), m, place)),
                        None => {
                            left_out.push((path.clone(), Text::new("it names no tournament", "大会名がありません")))
                        }
                    }
                }
            }
            Err(e) => left_out.push((path, e.text())),
        }
    }
    // The season most matches belong to.
    let mut seasons: BTreeMap<(String, Option<u16>), usize> = BTreeMap::new();
    for (_, _, p) in &found {
        *seasons.entry((p.tournament.clone(), p.year)).or_default() += 1;
    }
    let Some(season) =
        seasons.iter().max_by_key(|(k, n)| (**n, std::cmp::Reverse((*k).clone()))).map(|(k, _)| k.clone())
    else {
        return Err(Text::new(
            format!("{}: no .jmjp file of a tournament was found", folder.display()),
            format!("{}：大会の .jmjp ファイルが見つかりません", folder.display()),
        ));
    };
    let mut matches = Vec::new();
    for (path, m, p) in found {
        if (&p.tournament, p.year) == (&season.0, season.1) {
            matches.push((path, m, p));
        } else {
            left_out.push((path, Text::new("another tournament or year", "別の大会または年度です")));
        }
    }
    matches.sort_by_key(|(path, _, p)| (p.order(), path.clone()));
    let title = matches.first().map(|(_, m, _)| title_of(m, lang)).unwrap_or_default();
    let columns: Vec<Column> =
        matches.iter().map(|(path, _, p)| Column { file: path.clone(), place: p.clone() }).collect();
    let mut players: BTreeMap<PersonName, Row> = BTreeMap::new();
    let mut teams: BTreeMap<String, Row> = BTreeMap::new();
    let empty = |name: String, team: String| Row {
        name,
        team,
        cells: vec![None; columns.len()],
        total: Points(0),
        played: 0,
        missing: 0,
        rank: 0,
        tied: false,
    };
    for (col, (_, m, _)) in matches.iter().enumerate() {
        let mut team_cells: BTreeMap<String, (String, Cell, bool)> = BTreeMap::new();
        for p in &m.players {
            let Some(name) = p.name.as_ref().map(PersonName::of).filter(|n| !n.is_empty()) else { continue };
            let i = usize::from(p.id);
            let cell = Cell {
                final_points: m.end_points.and_then(|e| e.get(i).copied()),
                after: m.tour_points.and_then(|t| t.get(i).and_then(|x| x.personal)),
            };
            let team = p.team.as_ref().map(|t| team_name(&NamedChoice::of(t), lang)).unwrap_or_default();
            let row = players.entry(name.clone()).or_insert_with(|| empty(name.shown(), team.clone()));
            if !team.is_empty() {
                row.team.clone_from(&team);
            }
            row.cells[col] = Some(cell);
            if let Some(t) = &p.team {
                let key = NamedChoice::of(t).key();
                let e = team_cells.entry(key).or_insert((team.clone(), Cell::default(), true));
                match (e.1.final_points, cell.final_points) {
                    (_, None) => e.2 = false,
                    (sum, Some(x)) => e.1.final_points = Some(Points(sum.map_or(0, |s| s.0).saturating_add(x.0))),
                }
                e.1.after = m.tour_points.and_then(|t| t.get(i).and_then(|x| x.team)).or(e.1.after);
            }
        }
        for (key, (name, mut cell, complete)) in team_cells {
            if !complete {
                cell.final_points = None;
            }
            teams.entry(key).or_insert_with(|| empty(name, String::new())).cells[col] = Some(cell);
        }
    }
    let mut players: Vec<Row> = players.into_values().collect();
    let mut teams: Vec<Row> = teams.into_values().collect();
    rank(&mut players);
    rank(&mut teams);
    Ok(Standings { title, columns, players, teams, left_out })
}

/// Totals, then ranks (the same total, the same rank), highest first.
fn rank(rows: &mut [Row]) {
    for r in rows.iter_mut() {
        let played: Vec<&Cell> = r.cells.iter().flatten().collect();
        r.played = played.len();
        r.missing = played.iter().filter(|c| c.final_points.is_none()).count();
        r.total = Points(played.iter().filter_map(|c| c.final_points).fold(0i32, |s, p| s.saturating_add(p.0)));
    }
    rows.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
    for i in 0..rows.len() {
        let total = rows[i].total;
        let first = rows.iter().position(|r| r.total == total).unwrap_or(i);
        rows[i].rank = first + 1;
        rows[i].tied = rows.iter().filter(|r| r.total == total).count() > 1;
    }
}

fn team_name(t: &NamedChoice, lang: Lang) -> String {
    t.choice::<TeamToken>().map(|c| c.shown(lang)).unwrap_or_default()
}

/// "M League 2023" / 「Mリーグ 2023」.
fn title_of(m: &Match, lang: Lang) -> String {
    let tour = m.tour.as_ref();
    let name = tour.and_then(|t| t.name.as_ref()).map(|n| n.shown(lang)).unwrap_or_default();
    match tour.and_then(|t| t.year) {
        Some(y) => format!("{name} {y}"),
        None => name,
    }
}

impl Standings {
    /// The standings written to `path` as CSV (atomically, no BOM); the error says why not.
    pub fn write_csv(&self, path: &Path, lang: Lang) -> Result<(), String> {
        crate::document::io::write_atomic(path, self.csv(lang).as_bytes()).map_err(|e| {
            let why = crate::document::io::why_not_written(&e);
            format!("{}: {}", path.display(), why.get(lang))
        })
    }

    /// The standings as CSV (comma-separated, fields quoted where needed, no BOM), written by
    /// the `csv` crate: the players, then a blank line and the teams. A match not played is
    /// empty; a match without final points is `?`.
    pub fn csv(&self, lang: Lang) -> String {
        let mut out = self.table(lang.pick("player", "選手"), &self.players, lang);
        out.push(b'\n');
        out.extend(self.table(lang.pick("team", "チーム"), &self.teams, lang));
        // Every field is a `String`, so the bytes are UTF-8.
        String::from_utf8_lossy(&out).into_owned()
    }

    /// One table: its header (`first` names what its rows are), then its rows.
    fn table(&self, first: &str, rows: &[Row], lang: Lang) -> Vec<u8> {
        let mut header: Vec<String> = vec![
            lang.pick("rank", "順位").into(),
            first.into(),
            lang.pick("team", "チーム").into(),
            lang.pick("matches", "試合数").into(),
            lang.pick("total", "合計").into(),
        ];
        header.extend(self.columns.iter().map(Column::label));
        let mut records = vec![header];
        for r in rows {
            let rank = if r.tied { format!("={}", r.rank) } else { r.rank.to_string() };
            let mut record = vec![rank, r.name.clone(), r.team.clone(), r.played.to_string(), r.total.to_string()];
            record.extend(r.cells.iter().map(|c| match c {
                None => String::new(),
                Some(Cell { final_points: None, .. }) => "?".into(),
                Some(Cell { final_points: Some(p), .. }) => p.to_string(),
            }));
            records.push(record);
        }
        let mut w = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
        for record in &records {
            // Into memory, rows of any length allowed (`flexible`): nothing here can fail.
            let _ = w.write_record(record);
        }
        w.into_inner().unwrap_or_else(|e| e.into_inner().get_ref().clone())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn row(name: &str, team: &str, rank: usize, cells: Vec<Option<Cell>>) -> Row {
        Row { name: name.into(), team: team.into(), cells, total: Points(0), played: 1, missing: 0, rank, tied: false }
    }

    #[test]
    fn names_with_commas_quotes_and_line_breaks_are_quoted_and_read_back() {
        let cell = |p: Option<i32>| Some(Cell { final_points: p.map(Points), after: None });
        let awkward = "Smith, \"Lucky\" John\nthe second";
        let standings = Standings {
            title: "M League 2023".into(),
            columns: vec![Column {
                file: PathBuf::from("a.jmjp"),
                place: Place {
                    tournament: "mlg".into(),
                    year: Some(2023),
                    date: Some("2023-10-02".into()),
                    match_in_stage: Some(57),
                    match_in_day: None,
                },
            }],
            players: vec![
                row(awkward, "Team, \"A\"", 1, vec![cell(Some(250))]),
                row("多井 隆晴", "渋谷ABEMAS", 2, vec![cell(None)]),
            ],
            teams: vec![row("Team, \"A\"", "", 1, vec![None])],
            left_out: Vec::new(),
        };
        let text = standings.csv(Lang::En);
        assert!(!text.starts_with('\u{feff}'), "no BOM");
        assert!(text.contains("\"Smith, \"\"Lucky\"\" John\nthe second\""), "{text}");
        assert!(text.contains("\n2,多井 隆晴,渋谷ABEMAS,1,0.0,?\n"), "a Japanese name is not quoted: {text}");
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
        let records: Vec<Vec<String>> =
            reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
        assert_eq!(records.len(), 5, "two headers, three rows (the blank line between the tables): {records:?}");
        assert_eq!(records[0], ["rank", "player", "team", "matches", "total", "2023-10-02 #57"]);
        assert_eq!(records[1], ["1", awkward, "Team, \"A\"", "1", "0.0", "25.0"]);
        assert_eq!(records[2], ["2", "多井 隆晴", "渋谷ABEMAS", "1", "0.0", "?"]);
        assert_eq!(records[3][1], "team");
        assert_eq!(records[4], ["1", "Team, \"A\"", "", "1", "0.0", ""]);
    }
}
