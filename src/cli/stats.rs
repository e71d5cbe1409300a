//! `jmjp-studio stats`: each player's or team's season statistics as a table, CSV or JSON;
//! what was left out (and why) on standard error.

use std::io::Write;
use std::path::PathBuf;

use unicode_width::UnicodeWidthStr;

use super::common::{EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::i18n::{Lang, tr};
use crate::rules::options::RuleOptions;
use crate::season::stats::Stats;
use crate::season::stats_files::{StatColumn, StatRow, stats_of, to_csv, to_json};

/// What was asked besides the paths.
pub(super) struct StatsAsked<'a> {
    pub teams: bool,
    pub format: &'a str,
    pub lang: Lang,
}

pub(super) fn stats(
    paths: &[PathBuf],
    asked: StatsAsked<'_>,
    chosen: Option<&RuleOptions>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let stats = stats_of(paths, chosen);
    let lang = asked.lang;
    // A file not read: its reason names it already.
    for (_, why) in &stats.unread {
        let _ = writeln!(err, "{}", why.get(lang));
    }
    for (what, why) in stats.left_out.iter().chain(&stats.unreplayed) {
        let _ = writeln!(err, "{what}: {}", why.get(lang));
    }
    if stats.counted.is_empty() {
        let _ = writeln!(err, "{}", tr!("season-stats-none-counted").get(lang));
    }
    let written = match asked.format {
        "json" => Ok(to_json(&stats)),
        "csv" => to_csv(&stats).map_err(|e| e.get(lang).to_string()),
        _ => Ok(table(&stats, asked.teams, lang)),
    };
    match written {
        Ok(text) => {
            let _ = out.write_all(text.as_bytes());
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            return EXIT_UNREADABLE;
        }
    }
    if !stats.unread.is_empty() {
        EXIT_UNREADABLE
    } else if !stats.unreplayed.is_empty() {
        EXIT_ERRORS
    } else {
        EXIT_OK
    }
}

/// The rows as a table for reading: the name (and team), then every [`StatColumn`], columns lined up
/// by their width on a terminal (a Japanese character takes two), most matches first.
fn table(stats: &Stats, teams: bool, lang: Lang) -> String {
    let mut rows: Vec<StatRow> = if teams { stats.team_rows() } else { stats.player_rows() };
    rows.sort_by(|a, b| b.figures.matches.cmp(&a.figures.matches).then_with(|| a.name.en.cmp(&b.name.en)));
    let with_team = !teams && rows.iter().any(|r| !r.team.get(lang).is_empty());
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut head = vec![tr!("season-stats-name").get(lang).to_string()];
    if with_team {
        head.push(tr!("season-stats-team").get(lang).to_string());
    }
    head.extend(StatColumn::ALL.iter().map(|c| c.heading().get(lang).to_string()));
    lines.push(head);
    for r in &rows {
        let mut line = vec![r.name.get(lang).to_string()];
        if with_team {
            line.push(r.team.get(lang).to_string());
        }
        line.extend(StatColumn::ALL.iter().map(|c| c.text(&r.figures)));
        lines.push(line);
    }
    let named = if with_team { 2 } else { 1 };
    let widths: Vec<usize> =
        (0..lines[0].len()).map(|i| lines.iter().map(|l| l[i].width()).max().unwrap_or(0)).collect();
    let mut text = String::new();
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, w))| {
                let pad = " ".repeat(w.saturating_sub(cell.width()));
                if i < named { format!("{cell}{pad}") } else { format!("{pad}{cell}") }
            })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}
