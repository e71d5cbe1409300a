//! The standings screen: the tournament, year and stage chosen (lists of buttons Tab, the arrow
//! keys and Enter work: the latest season by default, every stage apart), then for each stage
//! the players' table and the teams', each sortable by any column (the column headers are
//! buttons: a click, or Tab and Enter, sorts; again reverses), the files left out and why, and
//! Save as CSV. The same choice shows the season's statistics or its charts instead
//! ([`super::stats_view`]): a fourth row of buttons picks what is shown.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::{Grid, RichText, Ui};

use crate::format::Points;
use crate::i18n::{Lang, Text, tr};
use crate::season::standings::{Cell, Chosen, Offered, Row, SeasonFiles, StageTable, Standings};
use crate::season::standings_csv::{header, rank_text};
use crate::season::stats::Stats;
use crate::season::stats_files::StatColumn;
use crate::season::stats_view::{StatSort, charts, stats_tables};

/// What the screen shows of the season chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SeasonShown {
    #[default]
    Standings,
    Statistics,
    Charts,
}

/// The chapter of the guide for what is in view (Help > User guide, F1): the screen's, and on
/// the season screen the one of what it shows.
pub fn chapter(screen: crate::ui::screen::Screen, standings: Option<&StandingsScreen>) -> crate::ui::help::GuidePage {
    match (screen, standings) {
        (crate::ui::screen::Screen::Standings, Some(s)) => s.chapter(),
        (screen, _) => screen.chapter(),
    }
}

/// What a table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    Rank,
    Name,
    Team,
    Played,
    Carried,
    Total,
    /// The points carried, with the total.
    Points,
    /// The final points of one match (a column).
    Match(usize),
}

/// The matches of a folder, the season chosen, its standings, and how each table is sorted.
#[derive(Clone, Debug)]
pub struct StandingsScreen {
    files: SeasonFiles,
    pub chosen: Chosen,
    pub standings: Standings,
    pub folder: PathBuf,
    /// By table (two a stage: its players, its teams): the column and whether reversed.
    sorts: BTreeMap<usize, (SortBy, bool)>,
    /// The chosen tournament takes the keyboard's focus when the screen is first drawn.
    focus_chooser: bool,
    pub shown: SeasonShown,
    /// The statistics of the season chosen, counted when first shown.
    stats: Option<Stats>,
    /// The players' and the teams' statistics tables: the column and whether reversed.
    stat_sorts: [(StatSort, bool); 2],
}

/// What the user asked for on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    SaveCsv,
}

impl StandingsScreen {
    /// The standings of the `.jmjp` files under `folder`: the latest season, every stage apart.
    pub fn open(folder: &Path) -> Result<StandingsScreen, Text> {
        let files = SeasonFiles::read(folder)?;
        let chosen = files.latest();
        let standings = files.standings(&chosen);
        let folder = folder.to_path_buf();
        Ok(StandingsScreen {
            files,
            chosen,
            standings,
            folder,
            sorts: BTreeMap::new(),
            focus_chooser: true,
            shown: SeasonShown::Standings,
            stats: None,
            stat_sorts: [(StatSort::By(StatColumn::Matches), false); 2],
        })
    }

    /// Shows the standings of `chosen`.
    pub fn choose(&mut self, chosen: Chosen) {
        self.standings = self.files.standings(&chosen);
        self.chosen = chosen;
        self.sorts.clear();
        self.stats = None;
    }

    /// The statistics of the season chosen (counted once a choice).
    pub fn stats(&mut self) -> &Stats {
        self.stats.get_or_insert_with(|| self.files.stats(&self.chosen))
    }

    /// The chapter of the guide that tells about what is shown: the standings', or the
    /// statistics' when they or the charts are shown (Help > User guide, F1).
    pub fn chapter(&self) -> crate::ui::help::GuidePage {
        match self.shown {
            SeasonShown::Standings => crate::ui::help::GuidePage::Standings,
            SeasonShown::Statistics | SeasonShown::Charts => crate::ui::help::GuidePage::Statistics,
        }
    }

    /// The file name Save as CSV offers: the standings', or the statistics' when they are shown.
    pub fn csv_name(&self) -> &'static str {
        if self.shown == SeasonShown::Standings { "standings.csv" } else { "statistics.csv" }
    }

    /// Writes what is shown as CSV to `path` (atomically, no BOM): the standings, or the
    /// statistics (every count, rate and average); the error says why not.
    pub fn write_csv(&self, path: &Path, lang: Lang) -> Result<(), String> {
        if self.shown == SeasonShown::Standings {
            return self.standings.write_csv(path, lang);
        }
        let counted;
        let stats = match &self.stats {
            Some(s) => s,
            None => {
                counted = self.files.stats(&self.chosen);
                &counted
            }
        };
        let text = crate::season::stats_files::to_csv(stats).map_err(|e| e.get(lang).to_string())?;
        crate::document::io::write_atomic(path, text.as_bytes()).map_err(|e| {
            let why = crate::document::io::why_not_written(&e);
            format!("{}: {}", path.display(), why.get(lang))
        })
    }

    /// Sorts statistics table `table` (0: players, 1: teams) by `by` (again: the other way).
    pub fn sort_stats(&mut self, table: usize, by: StatSort) {
        let now = self.stat_sorts[table % 2];
        self.stat_sorts[table % 2] = if now.0 == by { (by, !now.1) } else { (by, false) };
    }

    /// Sorts table `table` (two a stage: players, then teams) by `by` (again: the other way).
    pub fn sort(&mut self, table: usize, by: SortBy) {
        let now = self.sorts.get(&table).copied().unwrap_or((SortBy::Rank, false));
        self.sorts.insert(table, if now.0 == by { (by, !now.1) } else { (by, false) });
    }

    /// Draws the screen; returns what was asked.
    pub fn ui(&mut self, ui: &mut Ui, lang: Lang) -> Option<Asked> {
        let mut asked = None;
        ui.horizontal(|ui| {
            let title = tr!("ui-command-standings").get(lang).trim_end_matches('…').to_string();
            ui.heading(format!("{title} — {}", self.standings.title.get(lang)));
            if ui.button(tr!("season-save-csv").get(lang)).clicked() {
                asked = Some(Asked::SaveCsv);
            }
        });
        ui.label(RichText::new(self.folder.display().to_string()).weak());
        if let Some(chosen) = self.choosers(ui, lang) {
            self.choose(chosen);
        }
        match self.shown {
            SeasonShown::Standings => self.standings_tables(ui, lang),
            SeasonShown::Statistics => {
                let sorts = self.stat_sorts;
                let pressed = egui::ScrollArea::both().show(ui, |ui| stats_tables(ui, self.stats(), sorts, lang)).inner;
                if let Some((t, by)) = pressed {
                    self.sort_stats(t, by);
                }
            }
            SeasonShown::Charts => {
                self.stats();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    if let Some(stats) = &self.stats {
                        charts(ui, &self.standings, stats, lang);
                    }
                });
            }
        }
        asked
    }

    /// The standings, a players' and a teams' table a stage.
    fn standings_tables(&mut self, ui: &mut Ui, lang: Lang) {
        ui.label(RichText::new(tr!("season-standings-how").get(lang)).weak());
        if self.standings.stages.iter().any(StageTable::has_carried) {
            ui.label(RichText::new(tr!("season-standings-carried-how").get(lang)).weak());
        }
        let mut sort = None;
        egui::ScrollArea::both().show(ui, |ui| {
            for (s, stage) in self.standings.stages.iter().enumerate() {
                ui.add_space(8.0);
                ui.label(RichText::new(stage.name.get(lang)).heading());
                for (t, players) in [(2 * s, true), (2 * s + 1, false)] {
                    ui.add_space(4.0);
                    let what = if players { tr!("season-standings-players") } else { tr!("season-standings-teams") };
                    ui.strong(what.get(lang));
                    let by = self.sorts.get(&t).copied().unwrap_or((SortBy::Rank, false));
                    if let Some(pressed) = table(ui, &format!("standings.table.{t}"), stage, players, by, lang) {
                        sort = Some((t, pressed));
                    }
                }
            }
            if !self.standings.left_out.is_empty() {
                ui.add_space(10.0);
                ui.strong(tr!("season-standings-left-out").get(lang));
                for (path, why) in &self.standings.left_out {
                    ui.label(format!("{} — {}", path.display(), why.get(lang)));
                }
            }
        });
        if let Some((t, by)) = sort {
            self.sort(t, by);
        }
    }

    /// The tournament, year and stage, each a row of buttons; what was picked.
    fn choosers(&mut self, ui: &mut Ui, lang: Lang) -> Option<Chosen> {
        let files = &self.files;
        let chosen = &self.chosen;
        let mut picked = None;
        let focus = std::mem::take(&mut self.focus_chooser);
        Grid::new("standings.choose").num_columns(2).spacing([10.0, 4.0]).show(ui, |ui| {
            ui.strong(tr!("season-standings-tournament").get(lang));
            if let Some(t) = chooser(ui, "tournament", &files.tournaments(), &chosen.tournament, lang, focus) {
                picked = Some(files.with_tournament(&t));
            }
            ui.end_row();
            ui.strong(tr!("season-standings-year").get(lang));
            if let Some(year) = chooser(ui, "year", &files.years(&chosen.tournament), &chosen.year, lang, false) {
                picked = Some(Chosen { year, stage: None, ..chosen.clone() });
            }
            ui.end_row();
            ui.strong(tr!("season-standings-stage").get(lang));
            let all = Offered { key: None, shown: tr!("season-standings-all-stages").text() };
            let stages = files.stages(&chosen.tournament, chosen.year).into_iter();
            let offered: Vec<Offered<Option<String>>> =
                std::iter::once(all).chain(stages.map(|s| Offered { key: Some(s.key), shown: s.shown })).collect();
            if let Some(stage) = chooser(ui, "stage", &offered, &chosen.stage, lang, false) {
                picked = Some(Chosen { stage, ..chosen.clone() });
            }
            ui.end_row();
            ui.strong(tr!("season-show").get(lang));
            let views = [
                (SeasonShown::Standings, tr!("season-show-standings")),
                (SeasonShown::Statistics, tr!("season-show-statistics")),
                (SeasonShown::Charts, tr!("season-show-charts")),
            ];
            let offered: Vec<Offered<SeasonShown>> =
                views.into_iter().map(|(key, m)| Offered { key, shown: m.text() }).collect();
            if let Some(view) = chooser(ui, "shown", &offered, &self.shown, lang, false) {
                self.shown = view;
            }
            ui.end_row();
        });
        ui.label(RichText::new(tr!("season-standings-choose-how").get(lang)).weak());
        picked.filter(|p| p != chosen)
    }
}

/// A row of buttons, one an entry, the chosen one selected; the entry picked (a click, or Enter
/// on the button with the focus, which keeps it: each button's id is its entry's).
fn chooser<K: PartialEq + Clone + std::hash::Hash + std::fmt::Debug>(
    ui: &mut Ui,
    salt: &str,
    offered: &[Offered<K>],
    chosen: &K,
    lang: Lang,
    focus: bool,
) -> Option<K> {
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        for o in offered {
            let selected = o.key == *chosen;
            let resp = ui.push_id((salt, &o.key), |ui| ui.selectable_label(selected, o.shown.get(lang))).inner;
            if focus && selected {
                resp.request_focus();
            }
            if resp.clicked() {
                picked = Some(o.key.clone());
            }
        }
    });
    picked
}

/// The sort of each column of a table, in the order of [`header`].
fn sort_keys(stage: &StageTable, players: bool) -> Vec<SortBy> {
    let mut keys = vec![SortBy::Rank, SortBy::Name];
    if players {
        keys.push(SortBy::Team);
    }
    keys.push(SortBy::Played);
    if stage.has_carried() {
        keys.push(SortBy::Carried);
    }
    keys.push(SortBy::Total);
    if stage.has_carried() {
        keys.push(SortBy::Points);
    }
    keys.extend((0..stage.columns.len()).map(SortBy::Match));
    keys
}

/// The rows of a table in the order chosen.
fn ordered(rows: &[Row], (by, reversed): (SortBy, bool), lang: Lang) -> Vec<&Row> {
    let mut rows: Vec<&Row> = rows.iter().collect();
    let value = |r: &Row, i: usize| r.cells.get(i).copied().flatten().and_then(|c| c.final_points);
    match by {
        SortBy::Rank => rows.sort_by_key(|r| (r.rank, r.name.get(lang).to_string())),
        SortBy::Name => rows.sort_by(|a, b| a.name.get(lang).cmp(b.name.get(lang))),
        SortBy::Team => {
            rows.sort_by(|a, b| (a.team.get(lang), a.name.get(lang)).cmp(&(b.team.get(lang), b.name.get(lang))))
        }
        SortBy::Played => rows.sort_by_key(|r| std::cmp::Reverse(r.played)),
        // Highest first; those without carried points last.
        SortBy::Carried => rows.sort_by_key(|r| (r.carried.is_none(), std::cmp::Reverse(r.carried))),
        SortBy::Total => rows.sort_by_key(|r| std::cmp::Reverse(r.total)),
        SortBy::Points => rows.sort_by_key(|r| std::cmp::Reverse(r.points)),
        // Highest first; those who did not play that match last.
        SortBy::Match(i) => rows.sort_by_key(|r| (value(r, i).is_none(), std::cmp::Reverse(value(r, i)))),
    }
    if reversed {
        rows.reverse();
    }
    rows
}

/// One table of a stage; returns the column whose header was pressed.
fn table(ui: &mut Ui, id: &str, stage: &StageTable, players: bool, sort: (SortBy, bool), lang: Lang) -> Option<SortBy> {
    let mut pressed = None;
    let arrow = |by: SortBy| if sort.0 == by { if sort.1 { " ▲" } else { " ▼" } } else { "" };
    // The screen's headers are the CSV's, but for the stage (the heading above says it).
    let headers: Vec<(SortBy, String)> =
        sort_keys(stage, players).into_iter().zip(header(stage, players, lang).into_iter().skip(1)).collect();
    let rows = ordered(if players { &stage.players } else { &stage.teams }, sort, lang);
    Grid::new(id).striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
        for (by, text) in &headers {
            if ui.button(RichText::new(format!("{text}{}", arrow(*by))).strong()).clicked() {
                pressed = Some(*by);
            }
        }
        ui.end_row();
        for r in rows {
            ui.label(rank_text(r));
            ui.label(r.name.get(lang));
            if players {
                ui.label(r.team.get(lang));
            }
            ui.label(r.played.to_string());
            if stage.has_carried() {
                ui.label(r.carried.map_or_else(|| "—".to_string(), signed));
            }
            let total = signed(r.total);
            ui.label(if r.missing > 0 { format!("{total} ({} ?)", r.missing) } else { total });
            if stage.has_carried() {
                ui.label(signed(r.points));
            }
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

/// Points with their sign: "+48.6", "-16.0", "0.0".
fn signed(p: Points) -> String {
    if p.0 > 0 { format!("+{p}") } else { p.to_string() }
}
