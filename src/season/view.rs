//! The standings screen: the players' table, then the teams', each sortable by any column (the
//! column headers are buttons: a click, or Tab and Enter, sorts; again reverses), the files left
//! out and why, and Save as CSV.

use std::path::{Path, PathBuf};

use egui::{Grid, RichText, Ui};

use crate::i18n::{Lang, tr};
use crate::season::standings::{Cell, Row, Standings};

/// What a table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    Rank,
    Name,
    Team,
    Played,
    Total,
    /// The final points of one match (a column).
    Match(usize),
}

/// The standings of a folder, and how they are sorted.
#[derive(Clone, Debug)]
pub struct StandingsScreen {
    pub standings: Standings,
    pub folder: PathBuf,
    sort: (SortBy, bool),
}

/// What the user asked for on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    SaveCsv,
}

impl StandingsScreen {
    pub fn new(standings: Standings, folder: &Path) -> StandingsScreen {
        StandingsScreen { standings, folder: folder.to_path_buf(), sort: (SortBy::Rank, false) }
    }

    /// Sorts both tables by `by` (again: the other way round).
    pub fn sort(&mut self, by: SortBy) {
        self.sort = if self.sort.0 == by { (by, !self.sort.1) } else { (by, false) };
    }

    /// The rows of a table in the order chosen.
    fn ordered<'a>(&self, rows: &'a [Row]) -> Vec<&'a Row> {
        let mut rows: Vec<&Row> = rows.iter().collect();
        let value = |r: &Row, i: usize| r.cells.get(i).copied().flatten().and_then(|c| c.final_points);
        match self.sort.0 {
            SortBy::Rank => rows.sort_by_key(|r| (r.rank, r.name.clone())),
            SortBy::Name => rows.sort_by(|a, b| a.name.cmp(&b.name)),
            SortBy::Team => rows.sort_by(|a, b| (&a.team, &a.name).cmp(&(&b.team, &b.name))),
            SortBy::Played => rows.sort_by_key(|r| std::cmp::Reverse(r.played)),
            SortBy::Total => rows.sort_by_key(|r| std::cmp::Reverse(r.total)),
            // Highest first; those who did not play that match last.
            SortBy::Match(i) => rows.sort_by_key(|r| (value(r, i).is_none(), std::cmp::Reverse(value(r, i)))),
        }
        if self.sort.1 {
            rows.reverse();
        }
        rows
    }

    /// Draws the screen; returns what was asked.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang) -> Option<Asked> {
        let mut asked = None;
        ui.horizontal(|ui| {
            ui.heading(format!(
                "{} — {}",
                tr!("ui-command-standings").get(lang).trim_end_matches('…'),
                self.standings.title
            ));
            if ui.button(tr!("season-save-csv").get(lang)).clicked() {
                asked = Some(Asked::SaveCsv);
            }
        });
        ui.label(
            RichText::new(format!("{} · {}", self.folder.display(), tr!("season-standings-how").get(lang))).weak(),
        );
        let mut sort = None;
        egui::ScrollArea::both().show(ui, |ui| {
            ui.add_space(6.0);
            ui.strong(tr!("season-standings-players").get(lang));
            let players = self.ordered(&self.standings.players);
            sort = sort.or(self.table(ui, "standings.players", &players, true, lang));
            ui.add_space(10.0);
            ui.strong(tr!("season-standings-teams").get(lang));
            let teams = self.ordered(&self.standings.teams);
            sort = sort.or(self.table(ui, "standings.teams", &teams, false, lang));
            if !self.standings.left_out.is_empty() {
                ui.add_space(10.0);
                ui.strong(tr!("season-standings-left-out").get(lang));
                for (path, why) in &self.standings.left_out {
                    ui.label(format!("{} — {}", path.display(), why.get(lang)));
                }
            }
        });
        if let Some(by) = sort {
            self.sort(by);
        }
        asked
    }

    /// One table; returns the column whose header was pressed.
    fn table(&self, ui: &mut Ui, id: &str, rows: &[&Row], players: bool, lang: Lang) -> Option<SortBy> {
        let mut pressed = None;
        let arrow = |by: SortBy| if self.sort.0 == by { if self.sort.1 { " ▲" } else { " ▼" } } else { "" };
        let mut headers = vec![
            (SortBy::Rank, tr!("season-standings-rank").get(lang).to_string()),
            (SortBy::Name, if players { tr!("season-standings-player") } else { tr!("ui-team") }.get(lang).to_string()),
        ];
        if players {
            headers.push((SortBy::Team, tr!("ui-team").get(lang).to_string()));
        }
        headers.push((SortBy::Played, tr!("season-standings-played").get(lang).to_string()));
        headers.push((SortBy::Total, tr!("season-standings-total").get(lang).to_string()));
        headers.extend(self.standings.columns.iter().enumerate().map(|(i, c)| (SortBy::Match(i), c.label())));
        Grid::new(id).striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
            for (by, text) in &headers {
                if ui.button(RichText::new(format!("{text}{}", arrow(*by))).strong()).clicked() {
                    pressed = Some(*by);
                }
            }
            ui.end_row();
            for r in rows {
                ui.label(if r.tied { format!("={}", r.rank) } else { r.rank.to_string() });
                ui.label(&r.name);
                if players {
                    ui.label(&r.team);
                }
                ui.label(r.played.to_string());
                let total = signed(r.total);
                ui.label(if r.missing > 0 { format!("{total} ({} ?)", r.missing) } else { total });
                for c in &r.cells {
                    ui.label(match c {
                        None => "—".to_string(),
                        Some(Cell { final_points: None, .. }) => "?".to_string(),
                        Some(Cell { final_points: Some(p), .. }) => signed(*p),
                    });
                }
                ui.end_row();
            }
        });
        pressed
    }
}

/// Points with their sign: "+48.6", "-16.0", "0.0".
fn signed(p: crate::format::Points) -> String {
    if p.0 > 0 { format!("+{p}") } else { p.to_string() }
}
