//! Season statistics over files and folders, and the columns they are shown in: the counts of
//! [`super::stats`] and the rates and averages a league shows, each formula in one place (the
//! command line's table and CSV and the app's screen use these).

use std::path::{Path, PathBuf};

use super::stats::{Figures, Stats};
use crate::document::io::{self, Contents, RealDisk};
use crate::i18n::{Msg, Text, tr};
use crate::interop::Format;
use crate::rules::options::RuleOptions;

/// The files under `folder` a statistics run reads: every file whose extension names a format
/// the program reads (`.jmjp`, `.json`, `.mjlog`, ...), subfolders included, links not
/// followed, sorted by path.
pub fn record_files(folder: &Path) -> Vec<PathBuf> {
    super::roster::files_under(folder, |path| Format::from_path(path).is_some())
}

/// The statistics of `paths` (folders searched, files read as given) under `chosen` rules (else
/// each match's own). A file that cannot be read is left out and said why.
pub fn stats_of(paths: &[PathBuf], chosen: Option<&RuleOptions>) -> Stats {
    let mut stats = Stats::default();
    for path in paths {
        let files = if path.is_dir() { record_files(path) } else { vec![path.clone()] };
        for file in files {
            add_file(&mut stats, &file, chosen);
        }
    }
    stats
}

impl super::standings::SeasonFiles {
    /// The statistics of the matches of `chosen` (a tournament's year, one stage or all), under
    /// the rules each match names (else M League's).
    pub fn stats(&self, chosen: &super::standings::Chosen) -> Stats {
        let mut stats = Stats::default();
        for (file, m) in self.matches_of(chosen) {
            stats.add_match(&file.display().to_string(), m, None);
        }
        stats
    }
}

/// Adds every match of the record or log at `file`.
pub fn add_file(stats: &mut Stats, file: &Path, chosen: Option<&RuleOptions>) {
    let shown = file.display().to_string();
    let paifu = match io::read_any(file, None, &RealDisk) {
        Ok(Contents::Paifu(loaded)) => loaded.parsed.paifu,
        Ok(Contents::Log { paifu, .. }) => paifu,
        Err(e) => {
            stats.unread.push((shown, e.text()));
            return;
        }
    };
    let many = paifu.matches.len() > 1;
    for (n, m) in paifu.matches.iter().enumerate() {
        let source = if many { format!("{shown} #{}", n + 1) } else { shown.clone() };
        stats.add_match(&source, m, chosen);
    }
}

/// A column of the statistics: a count as the record gives it, or a rate or average made from
/// the counts (in the guide: "Season statistics", each formula).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StatColumn {
    Matches,
    /// (1 × place1 + 2 × place2 + 3 × place3 + 4 × place4) / matches placed.
    AveragePlace,
    /// place1 / matches placed.
    TopRate,
    /// place4 / matches placed.
    LastRate,
    Frames,
    /// wins / frames.
    WinRate,
    /// tsumo / wins.
    TsumoRate,
    /// dealins / frames.
    DealInRate,
    /// riichi / frames.
    RiichiRate,
    /// called / frames.
    CallRate,
    /// tenpai_at_draw / draws.
    TenpaiAtDraw,
    /// win_value / wins.
    AverageWin,
    /// dealin_value / dealins.
    AverageDealIn,
}

impl StatColumn {
    pub const ALL: [StatColumn; 13] = [
        StatColumn::Matches,
        StatColumn::AveragePlace,
        StatColumn::TopRate,
        StatColumn::LastRate,
        StatColumn::Frames,
        StatColumn::WinRate,
        StatColumn::TsumoRate,
        StatColumn::DealInRate,
        StatColumn::RiichiRate,
        StatColumn::CallRate,
        StatColumn::TenpaiAtDraw,
        StatColumn::AverageWin,
        StatColumn::AverageDealIn,
    ];

    /// The name of the column in the CSV and JSON (and the `--sort` of a script).
    pub fn code(self) -> &'static str {
        match self {
            StatColumn::Matches => "matches",
            StatColumn::AveragePlace => "average_place",
            StatColumn::TopRate => "top_rate",
            StatColumn::LastRate => "last_rate",
            StatColumn::Frames => "frames",
            StatColumn::WinRate => "win_rate",
            StatColumn::TsumoRate => "tsumo_rate",
            StatColumn::DealInRate => "dealin_rate",
            StatColumn::RiichiRate => "riichi_rate",
            StatColumn::CallRate => "call_rate",
            StatColumn::TenpaiAtDraw => "tenpai_at_draw_rate",
            StatColumn::AverageWin => "average_win",
            StatColumn::AverageDealIn => "average_dealin",
        }
    }

    /// The column's heading, short enough for a table.
    pub fn heading(self) -> Msg {
        match self {
            StatColumn::Matches => tr!("season-stats-col-matches"),
            StatColumn::AveragePlace => tr!("season-stats-col-average-place"),
            StatColumn::TopRate => tr!("season-stats-col-top"),
            StatColumn::LastRate => tr!("season-stats-col-last"),
            StatColumn::Frames => tr!("season-stats-col-frames"),
            StatColumn::WinRate => tr!("season-stats-col-win"),
            StatColumn::TsumoRate => tr!("season-stats-col-tsumo"),
            StatColumn::DealInRate => tr!("season-stats-col-dealin"),
            StatColumn::RiichiRate => tr!("season-stats-col-riichi"),
            StatColumn::CallRate => tr!("season-stats-col-call"),
            StatColumn::TenpaiAtDraw => tr!("season-stats-col-tenpai"),
            StatColumn::AverageWin => tr!("season-stats-col-average-win"),
            StatColumn::AverageDealIn => tr!("season-stats-col-average-dealin"),
        }
    }

    /// Whether the value is a share (shown as a percentage).
    pub fn is_rate(self) -> bool {
        matches!(
            self,
            StatColumn::TopRate
                | StatColumn::LastRate
                | StatColumn::WinRate
                | StatColumn::TsumoRate
                | StatColumn::DealInRate
                | StatColumn::RiichiRate
                | StatColumn::CallRate
                | StatColumn::TenpaiAtDraw
        )
    }

    /// The value of `f` in this column; `None` where its denominator is zero.
    pub fn value(self, f: &Figures) -> Option<f64> {
        let ratio = |a: i64, b: u32| (b > 0).then(|| a as f64 / f64::from(b));
        let placed: u32 = f.places().iter().sum();
        match self {
            StatColumn::Matches => Some(f64::from(f.matches)),
            StatColumn::AveragePlace => {
                let sum: u32 = f.places().iter().zip(1..).map(|(n, p)| n * p).sum();
                ratio(i64::from(sum), placed)
            }
            StatColumn::TopRate => ratio(f.place1.into(), placed),
            StatColumn::LastRate => ratio(f.place4.into(), placed),
            StatColumn::Frames => Some(f64::from(f.frames)),
            StatColumn::WinRate => ratio(f.wins.into(), f.frames),
            StatColumn::TsumoRate => ratio(f.tsumo.into(), f.wins),
            StatColumn::DealInRate => ratio(f.dealins.into(), f.frames),
            StatColumn::RiichiRate => ratio(f.riichi.into(), f.frames),
            StatColumn::CallRate => ratio(f.called.into(), f.frames),
            StatColumn::TenpaiAtDraw => ratio(f.tenpai_at_draw.into(), f.draws),
            StatColumn::AverageWin => ratio(f.win_value, f.wins),
            StatColumn::AverageDealIn => ratio(f.dealin_value, f.dealins),
        }
    }

    /// The value as a table shows it: "23.4%", "2.41", "6,820"; "-" where there is none.
    pub fn text(self, f: &Figures) -> String {
        match (self, self.value(f)) {
            (_, None) => "-".to_string(),
            (c, Some(v)) if c.is_rate() => format!("{:.1}%", v * 100.0),
            (StatColumn::AveragePlace, Some(v)) => format!("{v:.2}"),
            (_, Some(v)) => thousands(v.round() as i64),
        }
    }

    /// The value as the CSV writes it: a plain number (a share as a fraction, four decimals);
    /// empty where there is none.
    pub fn csv(self, f: &Figures) -> String {
        match (self, self.value(f)) {
            (_, None) => String::new(),
            (StatColumn::Matches | StatColumn::Frames, Some(v)) => format!("{v}"),
            (StatColumn::AverageWin | StatColumn::AverageDealIn, Some(v)) => format!("{}", v.round() as i64),
            (_, Some(v)) => format!("{v:.4}"),
        }
    }
}

/// "12,345", "-800".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// The raw fields in the order `--format json` writes them.
pub const FIELDS: [&str; 17] = [
    "matches",
    "place1",
    "place2",
    "place3",
    "place4",
    "frames",
    "wins",
    "tsumo",
    "dealins",
    "riichi",
    "called",
    "draws",
    "tenpai_at_draw",
    "nagashi",
    "abortive",
    "win_value",
    "dealin_value",
];

/// The raw fields of `f`, in [`FIELDS`]' order.
pub fn field_values(f: &Figures) -> [i64; 17] {
    [
        f.matches.into(),
        f.place1.into(),
        f.place2.into(),
        f.place3.into(),
        f.place4.into(),
        f.frames.into(),
        f.wins.into(),
        f.tsumo.into(),
        f.dealins.into(),
        f.riichi.into(),
        f.called.into(),
        f.draws.into(),
        f.tenpai_at_draw.into(),
        f.nagashi.into(),
        f.abortive.into(),
        f.win_value,
        f.dealin_value,
    ]
}

/// One row of a table: a player or a team.
#[derive(Clone, Debug, PartialEq)]
pub struct StatRow {
    pub name: Text,
    /// A player's team (empty for a team's row, or a player with none).
    pub team: Text,
    pub figures: Figures,
}

impl Stats {
    /// The players' rows, by name.
    pub fn player_rows(&self) -> Vec<StatRow> {
        self.players
            .iter()
            .map(|(name, f)| {
                let team = self.team_of.get(name).and_then(|t| self.teams.get(t)).map(|t| t.0.clone());
                StatRow { name: Text::verbatim(name.clone()), team: team.unwrap_or_default(), figures: *f }
            })
            .collect()
    }

    /// The teams' rows, by key.
    pub fn team_rows(&self) -> Vec<StatRow> {
        self.teams
            .values()
            .map(|(name, f)| StatRow { name: name.clone(), team: Text::default(), figures: *f })
            .collect()
    }
}

/// The statistics as JSON: `{"players": {NAME: {FIELD: INTEGER, ...}}, "teams": {...}}` with
/// exactly the fields of [`FIELDS`], a team by its name in English.
pub fn to_json(stats: &Stats) -> String {
    let object = |rows: Vec<StatRow>| {
        let mut map = serde_json::Map::new();
        for r in rows {
            let fields: serde_json::Map<String, serde_json::Value> =
                FIELDS.iter().zip(field_values(&r.figures)).map(|(k, v)| (k.to_string(), v.into())).collect();
            map.insert(r.name.en.clone(), serde_json::Value::Object(fields));
        }
        serde_json::Value::Object(map)
    };
    let mut top = serde_json::Map::new();
    top.insert("players".into(), object(stats.player_rows()));
    top.insert("teams".into(), object(stats.team_rows()));
    let text = serde_json::to_string_pretty(&serde_json::Value::Object(top)).unwrap_or_default();
    format!("{text}\n")
}

/// The statistics as CSV: one row per player, then one per team (`kind` says which), every raw
/// field, then every rate and average of [`StatColumn`].
pub fn to_csv(stats: &Stats) -> Result<String, Text> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["kind", "name", "team"];
    header.extend(FIELDS);
    let derived: Vec<StatColumn> = StatColumn::ALL.into_iter().filter(|c| !FIELDS.contains(&c.code())).collect();
    header.extend(derived.iter().map(|c| c.code()));
    let failed = |e: csv::Error| tr!("season-stats-csv-failed", error = e.to_string());
    w.write_record(&header).map_err(failed)?;
    for (kind, rows) in [("player", stats.player_rows()), ("team", stats.team_rows())] {
        for r in rows {
            let mut record = vec![kind.to_string(), r.name.en.clone(), r.team.en.clone()];
            record.extend(field_values(&r.figures).iter().map(i64::to_string));
            record.extend(derived.iter().map(|c| c.csv(&r.figures)));
            w.write_record(&record).map_err(failed)?;
        }
    }
    let bytes = w.into_inner().map_err(|e| tr!("season-stats-csv-failed", error = e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| tr!("season-stats-csv-failed", error = e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_averages_follow_their_formulas() {
        let f = Figures {
            matches: 4,
            place1: 2,
            place2: 1,
            place4: 1,
            frames: 40,
            wins: 10,
            tsumo: 4,
            dealins: 5,
            draws: 4,
            tenpai_at_draw: 3,
            win_value: 71_000,
            dealin_value: 26_000,
            ..Figures::default()
        };
        assert_eq!(StatColumn::AveragePlace.text(&f), "2.00");
        assert_eq!(StatColumn::TopRate.text(&f), "50.0%");
        assert_eq!(StatColumn::WinRate.text(&f), "25.0%");
        assert_eq!(StatColumn::TsumoRate.text(&f), "40.0%");
        assert_eq!(StatColumn::TenpaiAtDraw.text(&f), "75.0%");
        assert_eq!(StatColumn::AverageWin.text(&f), "7,100");
        assert_eq!(StatColumn::AverageDealIn.text(&f), "5,200");
        assert_eq!(StatColumn::RiichiRate.text(&Figures::default()), "-");
        assert_eq!(thousands(-1_234_567), "-1,234,567");
    }
}
