//! The standings as CSV: for each stage, the players' table, then the teams', each with one
//! header per column (none repeated, none empty) and the stage named on every row, tables apart
//! by a blank line.

use std::path::Path;

use super::standings::{Cell, Row, StageTable, Standings};
use crate::i18n::{Lang, tr};

impl Standings {
    /// The standings written to `path` as CSV (atomically, no BOM); the error says why not.
    pub fn write_csv(&self, path: &Path, lang: Lang) -> Result<(), String> {
        crate::document::io::write_atomic(path, self.csv(lang).as_bytes()).map_err(|e| {
            let why = crate::document::io::why_not_written(&e);
            format!("{}: {}", path.display(), why.get(lang))
        })
    }

    /// The standings as CSV (comma-separated, fields quoted where needed, no BOM), written by
    /// the `csv` crate: for each stage the players, a blank line, the teams; a blank line
    /// between stages. A match not played is empty; a match without final points is `?`.
    pub fn csv(&self, lang: Lang) -> String {
        let mut out = Vec::new();
        for (i, stage) in self.stages.iter().enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            out.extend(table(stage, true, lang));
            out.push(b'\n');
            out.extend(table(stage, false, lang));
        }
        // Every field is a `String`, so the bytes are UTF-8.
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// The header of a stage's table, as the screen names its columns: the stage, the rank, the
/// player (and their team) or the team, the matches played, the points carried into the stage
/// and with them (when any row has some), the total, then one column a match.
pub fn header(stage: &StageTable, players: bool, lang: Lang) -> Vec<String> {
    let mut header = vec![tr!("season-standings-stage"), tr!("season-standings-rank")];
    header.push(if players { tr!("season-standings-player") } else { tr!("ui-team") });
    if players {
        header.push(tr!("ui-team"));
    }
    header.push(tr!("season-standings-played"));
    if stage.has_carried() {
        header.push(tr!("season-standings-carried"));
    }
    header.push(tr!("season-standings-total"));
    if stage.has_carried() {
        header.push(tr!("season-standings-with-carried"));
    }
    let mut header: Vec<String> = header.into_iter().map(|m| m.get(lang).to_string()).collect();
    header.extend(stage.columns.iter().map(|c| c.label.get(lang).to_string()));
    header
}

/// One table: its header, then its rows.
fn table(stage: &StageTable, players: bool, lang: Lang) -> Vec<u8> {
    let rows: &[Row] = if players { &stage.players } else { &stage.teams };
    let mut records = vec![header(stage, players, lang)];
    for r in rows {
        let mut record = vec![stage.name.get(lang).to_string(), rank_text(r), r.name.get(lang).to_string()];
        if players {
            record.push(r.team.get(lang).to_string());
        }
        record.push(r.played.to_string());
        if stage.has_carried() {
            record.push(r.carried.map(|c| c.to_string()).unwrap_or_default());
        }
        record.push(r.total.to_string());
        if stage.has_carried() {
            record.push(r.points.to_string());
        }
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

/// "1", or "=1" when shared.
pub fn rank_text(r: &Row) -> String {
    if r.tied { format!("={}", r.rank) } else { r.rank.to_string() }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use std::path::PathBuf;

    use super::*;
    use crate::format::Points;
    use crate::i18n::Text;
    use crate::season::roster::Place;
    use crate::season::standings::Column;

    fn row(name: &str, team: &str, rank: usize, cells: Vec<Option<Cell>>) -> Row {
        Row {
            name: Text::verbatim(name),
            team: Text::verbatim(team),
            cells,
            carried: None,
            total: Points(0),
            points: Points(0),
            played: 1,
            missing: 0,
            rank,
            tied: false,
        }
    }

    #[test]
    fn names_with_commas_quotes_and_line_breaks_are_quoted_and_read_back() {
        let cell = |p: Option<i32>| Some(Cell { final_points: p.map(Points), before: None, after: None });
        let awkward = "Smith, \"Lucky\" John\nthe second";
        let place = Place {
            tournament: "mlg".into(),
            year: Some(2023),
            date: Some("2023-10-02".into()),
            match_in_stage: Some(57),
            match_in_day: None,
        };
        let stage = StageTable {
            name: Text::new("M League Regular Season", "Mリーグ レギュラーシーズン"),
            columns: vec![Column { file: PathBuf::from("a.jmjp"), place, label: Text::verbatim("2023-10-02 #57") }],
            players: vec![
                row(awkward, "Team, \"A\"", 1, vec![cell(Some(250))]),
                row("多井 隆晴", "渋谷ABEMAS", 2, vec![cell(None)]),
            ],
            teams: vec![row("Team, \"A\"", "", 1, vec![None])],
        };
        let standings = Standings { title: Text::verbatim("M League 2023"), stages: vec![stage], left_out: Vec::new() };
        let text = standings.csv(Lang::En);
        assert!(!text.starts_with('\u{feff}'), "no BOM");
        assert!(text.contains("\"Smith, \"\"Lucky\"\" John\nthe second\""), "{text}");
        assert!(
            text.contains("\nM League Regular Season,2,多井 隆晴,渋谷ABEMAS,1,0.0,?\n"),
            "a Japanese name is not quoted: {text}"
        );
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
        let records: Vec<Vec<String>> =
            reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
        assert_eq!(records.len(), 5, "two headers, three rows (the blank line between the tables): {records:?}");
        let stage = "M League Regular Season";
        assert_eq!(records[0], ["Stage", "Rank", "Player", "Team", "Matches", "Total", "2023-10-02 #57"]);
        assert_eq!(records[1], [stage, "1", awkward, "Team, \"A\"", "1", "0.0", "25.0"]);
        assert_eq!(records[2], [stage, "2", "多井 隆晴", "渋谷ABEMAS", "1", "0.0", "?"]);
        assert_eq!(records[3], ["Stage", "Rank", "Team", "Matches", "Total", "2023-10-02 #57"]);
        assert_eq!(records[4], [stage, "1", "Team, \"A\"", "1", "0.0", ""]);
    }
}
