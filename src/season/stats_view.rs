//! The season screen's statistics and charts: a sortable table of the players' figures and one
//! of the teams' (the column headers are buttons: a click, or Tab and Enter, sorts; again
//! reverses), and two charts (egui_plot): each player's points after each match of a stage, and
//! the rates side by side.

use egui::{Color32, Grid, RichText, Ui};

use crate::i18n::{Lang, tr};
use crate::season::standings::{StageTable, Standings};
use crate::season::stats::Stats;
use crate::season::stats_files::{StatColumn, StatRow};
use crate::ui::palette;

/// What a statistics table is sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatSort {
    Name,
    Team,
    By(StatColumn),
}

/// The rates the chart puts side by side, and their colours.
const CHART_RATES: [(StatColumn, Color32); 4] = [
    (StatColumn::WinRate, palette::SERIES[2]),
    (StatColumn::DealInRate, palette::SERIES[0]),
    (StatColumn::RiichiRate, palette::SERIES[1]),
    (StatColumn::CallRate, palette::SERIES[3]),
];

/// The players' and the teams' tables; which header was pressed (0: players, 1: teams).
pub fn stats_tables(ui: &mut Ui, stats: &Stats, sorts: [(StatSort, bool); 2], lang: Lang) -> Option<(usize, StatSort)> {
    let mut pressed = None;
    ui.label(RichText::new(tr!("season-stats-how").get(lang)).weak());
    for (t, players) in [(0, true), (1, false)] {
        let rows = if players { stats.player_rows() } else { stats.team_rows() };
        if rows.is_empty() {
            continue;
        }
        ui.add_space(6.0);
        let what = if players { tr!("season-standings-players") } else { tr!("season-standings-teams") };
        ui.strong(what.get(lang));
        if let Some(by) = stats_table(ui, &format!("stats.table.{t}"), &rows, players, sorts[t], lang) {
            pressed = Some((t, by));
        }
    }
    for (what, why) in stats.left_out.iter().chain(&stats.unreplayed) {
        ui.label(RichText::new(format!("{what} — {}", why.get(lang))).weak());
    }
    pressed
}

/// The rows in the order chosen: a count or rate highest first, a row without it last.
fn ordered(mut rows: Vec<StatRow>, (by, reversed): (StatSort, bool), lang: Lang) -> Vec<StatRow> {
    match by {
        StatSort::Name => rows.sort_by(|a, b| a.name.get(lang).cmp(b.name.get(lang))),
        StatSort::Team => {
            rows.sort_by(|a, b| (a.team.get(lang), a.name.get(lang)).cmp(&(b.team.get(lang), b.name.get(lang))))
        }
        StatSort::By(c) => rows.sort_by(|a, b| match (c.value(&a.figures), c.value(&b.figures)) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (x, y) => x.is_none().cmp(&y.is_none()),
        }),
    }
    if reversed {
        rows.reverse();
    }
    rows
}

/// One table; the column whose header was pressed.
fn stats_table(
    ui: &mut Ui,
    id: &str,
    rows: &[StatRow],
    players: bool,
    sort: (StatSort, bool),
    lang: Lang,
) -> Option<StatSort> {
    let mut pressed = None;
    let arrow = |by: StatSort| if sort.0 == by { if sort.1 { " ▲" } else { " ▼" } } else { "" };
    let mut headers = vec![(StatSort::Name, tr!("season-stats-name").get(lang).to_string())];
    // The team column only when a player has one.
    let players = players && rows.iter().any(|r| !r.team.get(lang).is_empty());
    if players {
        headers.push((StatSort::Team, tr!("season-stats-team").get(lang).to_string()));
    }
    headers.extend(StatColumn::ALL.iter().map(|c| (StatSort::By(*c), c.heading().get(lang).to_string())));
    Grid::new(id).striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
        for (by, text) in &headers {
            if ui.button(RichText::new(format!("{text}{}", arrow(*by))).strong()).clicked() {
                pressed = Some(*by);
            }
        }
        ui.end_row();
        for r in ordered(rows.to_vec(), sort, lang) {
            ui.label(r.name.get(lang));
            if players {
                ui.label(r.team.get(lang));
            }
            for c in StatColumn::ALL {
                ui.label(c.text(&r.figures));
            }
            ui.end_row();
        }
    });
    pressed
}

/// The charts: each stage's points after each match, per player; then the rates side by side.
pub fn charts(ui: &mut Ui, standings: &Standings, stats: &Stats, lang: Lang) {
    for (s, stage) in standings.stages.iter().enumerate() {
        ui.strong(format!("{} — {}", tr!("season-chart-points").get(lang), stage.name.get(lang)));
        let any = stage.players.iter().any(|r| r.cells.iter().flatten().any(|c| c.final_points.is_some()));
        if any {
            points_chart(ui, &format!("stats.points.{s}"), stage);
        } else {
            ui.label(RichText::new(tr!("season-chart-no-final-points").get(lang)).weak());
        }
        ui.add_space(8.0);
    }
    ui.strong(tr!("season-chart-rates").get(lang));
    rates_chart(ui, stats, lang);
}

/// Each player's points (carried, then each match's final points added) after each match.
fn points_chart(ui: &mut Ui, id: &str, stage: &StageTable) {
    use egui_plot::{Legend, Line, Plot, PlotPoints};
    let labels: Vec<String> = stage.columns.iter().map(|c| c.label.en.clone()).collect();
    Plot::new(id)
        .height(230.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .x_axis_formatter(move |mark, _| {
            // Match n is at n; 0 is the start.
            crate::ui::chart_index(mark.value).and_then(|i| labels.get(i.checked_sub(1)?)).cloned().unwrap_or_default()
        })
        .show(ui, |plot| {
            for r in &stage.players {
                let mut points = r.carried.map_or(0.0, |c| f64::from(c.0) / 10.0);
                let mut series = vec![[0.0, points]];
                for (x, cell) in r.cells.iter().enumerate() {
                    let Some(p) = cell.and_then(|c| c.final_points) else { continue };
                    points += f64::from(p.0) / 10.0;
                    series.push([(x + 1) as f64, points]);
                }
                plot.line(Line::new(r.name.en.clone(), PlotPoints::from(series)).width(2.0));
            }
        });
}

/// The win, deal-in, riichi and call rates of each player, side by side.
fn rates_chart(ui: &mut Ui, stats: &Stats, lang: Lang) {
    use egui_plot::{Bar, BarChart, Legend, Plot};
    let rows = stats.player_rows();
    let names: Vec<String> = rows.iter().map(|r| r.name.get(lang).to_string()).collect();
    let width = 0.8 / CHART_RATES.len() as f64;
    Plot::new("stats.rates")
        .height(230.0)
        .include_y(0.0)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .y_axis_formatter(|mark, _| format!("{:.0}%", mark.value))
        .x_axis_formatter(move |mark, _| {
            crate::ui::chart_index(mark.value).and_then(|i| names.get(i)).cloned().unwrap_or_default()
        })
        .show(ui, |plot| {
            for (k, (column, colour)) in CHART_RATES.iter().enumerate() {
                let offset = (k as f64 - (CHART_RATES.len() as f64 - 1.0) / 2.0) * width;
                let bars: Vec<Bar> = rows
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| {
                        Some(Bar::new(i as f64 + offset, column.value(&r.figures)? * 100.0).width(width))
                    })
                    .collect();
                plot.bar_chart(BarChart::new(column.heading().get(lang), bars).color(*colour));
            }
        });
}
