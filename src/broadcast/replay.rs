//! The replay (SCHEMA.md, "The replay"): one table per act of every frame, act 0 the deal, and
//! the points chart, all worked out here so the page only steps through them.

use serde::Serialize;

use crate::format::Match;
use crate::scoring::RuleOptions;
use crate::season::stats::frame_figures;

use super::table::{Cut, TableView, end_points, player_names, start_points, table_of, title_of};

/// The whole replay of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replay {
    pub title: String,
    pub players: [String; 4],
    pub frames: Vec<ReplayFrame>,
    /// Points by plyerId after each frame; the first row is the start.
    pub chart: Vec<[i64; 4]>,
    /// The match's own figures by plyerId after each frame ended within the cut; the first row
    /// is the start (all zero).
    pub figures: Vec<[MatchCounts; 4]>,
}

/// A player's figures in the match so far: wins, deal-ins, frames with a riichi, frames with a
/// call (the definitions of the season statistics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MatchCounts {
    pub wins: u32,
    pub dealins: u32,
    pub riichi: u32,
    pub called: u32,
}

/// One frame of the replay: a table per act, act 0 the deal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayFrame {
    pub name: String,
    pub states: Vec<TableView>,
}

/// The replay of `m` cut at `cut` (the whole match: [`Cut::all`]), with or without the hands.
pub fn replay_of(m: &Match, cut: Cut, hands: bool, opts: &RuleOptions) -> Replay {
    // The match is scored by the rules it names, else by `opts`.
    let opts = &crate::rules::rules_or(m, opts);
    let shown = cut.frames.min(m.frames.len());
    let mut frames = Vec::with_capacity(shown);
    for (i, f) in m.frames.iter().enumerate().take(shown) {
        let last = i + 1 == shown;
        let acts = f.flow.as_ref().map_or(0, |x| x.acts.len());
        let acts = if last { acts.min(cut.acts) } else { acts };
        let states = (0..=acts)
            .map(|n| {
                let end = !last || cut.end;
                let dora = if last { cut.dora } else { 5 };
                table_of(m, Cut { frames: i + 1, acts: n, dora, end: end && n == acts, draw_only: false }, hands, opts)
            })
            .collect();
        frames.push(ReplayFrame { name: f.id.to_string(), states });
    }
    let first = m.frames.first().map_or([25_000; 4], |f| f.id.by_player(start_points(m, 0, opts)));
    let mut chart = vec![first];
    let ended = cut.frames_to_end(m);
    chart.extend((0..ended).map(|i| end_points(m, i, opts)));
    let mut figures = vec![[MatchCounts::default(); 4]];
    for f in m.frames.iter().take(ended) {
        // A frame under way (no end points yet) counts nothing.
        let (fig, _) = if f.end_points.is_some() { frame_figures(f, opts) } else { Default::default() };
        let before = figures[figures.len() - 1];
        figures.push(std::array::from_fn(|p| MatchCounts {
            wins: before[p].wins + fig[p].wins,
            dealins: before[p].dealins + fig[p].dealins,
            riichi: before[p].riichi + fig[p].riichi,
            called: before[p].called + fig[p].called,
        }));
    }
    Replay { title: title_of(m), players: player_names(m), frames, chart, figures }
}
