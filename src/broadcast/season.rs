//! The season's figures on air: each seated player's statistics from a season folder (read once
//! when the server starts) plus the match on air as far as a page sees it, so a page with a
//! delay is told a win no earlier than it sees it. The match on air is never counted twice: a
//! saved copy of it in the season folder (the same tournament, date, number and players) is
//! left out of the season's part.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;

use crate::format::Match;
use crate::rules::options::RuleOptions;
use crate::season::roster::PersonName;
use crate::season::stats::{Figures, MatchId, Stats, frame_figures, places};
use crate::season::stats_files::{StatColumn, stats_of};

/// A seated player's figures as a page shows them: the counts, and the rates written out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SeatFigures {
    pub matches: u32,
    pub frames: u32,
    pub wins: u32,
    pub dealins: u32,
    pub riichi: u32,
    pub called: u32,
    /// "23.4%", or "-" before any frame.
    pub win_rate: String,
    pub dealin_rate: String,
    pub riichi_rate: String,
    pub call_rate: String,
}

impl SeatFigures {
    fn of(f: &Figures) -> SeatFigures {
        SeatFigures {
            matches: f.matches,
            frames: f.frames,
            wins: f.wins,
            dealins: f.dealins,
            riichi: f.riichi,
            called: f.called,
            win_rate: StatColumn::WinRate.text(f),
            dealin_rate: StatColumn::DealInRate.text(f),
            riichi_rate: StatColumn::RiichiRate.text(f),
            call_rate: StatColumn::CallRate.text(f),
        }
    }
}

/// The season folder's statistics, and the season without the match on air (kept for the
/// match last seen on air).
#[derive(Debug, Default)]
pub struct SeasonOnAir {
    folder: Option<PathBuf>,
    season: Arc<Stats>,
    without: Mutex<Option<(MatchId, Arc<Stats>)>>,
}

impl SeasonOnAir {
    /// The statistics of the records under `folder` (none: the match on air alone).
    pub fn read(folder: Option<&Path>) -> SeasonOnAir {
        let season = folder.map(|f| stats_of(&[f.to_path_buf()], None)).unwrap_or_default();
        SeasonOnAir { folder: folder.map(Path::to_path_buf), season: Arc::new(season), without: Mutex::new(None) }
    }

    /// The season folder, if one was named.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// The season's statistics without match `id` (the season itself when it does not hold it).
    fn season_without(&self, id: &MatchId) -> Arc<Stats> {
        if !self.season.counted.contains(id) {
            return Arc::clone(&self.season);
        }
        let mut kept = self.without.lock().unwrap_or_else(PoisonError::into_inner);
        match kept.as_ref() {
            Some((k, stats)) if k == id => Arc::clone(stats),
            _ => {
                let stats = Arc::new(self.season.without(id));
                *kept = Some((id.clone(), Arc::clone(&stats)));
                stats
            }
        }
    }

    /// Each player's figures (by player id; `None` for a seat with no name): the season's, and
    /// the first `ended` frames of `m` (those a page sees to their end); the places of `m` once
    /// it sees the match's end.
    pub fn figures(&self, m: &Match, ended: usize, opts: &RuleOptions) -> [Option<SeatFigures>; 4] {
        let opts = crate::rules::rules_or(m, opts);
        let season = self.season_without(&MatchId::of(m));
        let mut now = [Figures { matches: 1, ..Figures::default() }; 4];
        // A frame counts once it is over: its end points entered (the last one may be under way).
        for f in m.frames.iter().take(ended).filter(|f| f.end_points.is_some()) {
            let (fig, _) = frame_figures(f, &opts);
            for (n, x) in now.iter_mut().zip(fig) {
                n.add(&x);
            }
        }
        if let Some(points) = m.end_points.filter(|_| ended == m.frames.len() && !m.frames.is_empty()) {
            for (player, place) in places(points, opts.tie_break).into_iter().enumerate() {
                now[player].count_place(place);
            }
        }
        std::array::from_fn(|p| {
            let player = m.players.iter().find(|x| usize::from(x.id) == p)?;
            let name = player.name.as_ref().map(PersonName::of).filter(|n| !n.is_empty())?;
            let mut total = season.players.get(&name.shown()).copied().unwrap_or_default();
            total.add(&now[p]);
            Some(SeatFigures::of(&total))
        })
    }
}
