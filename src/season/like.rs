//! A new match like the last one (File > New match like the last one): the match it is made
//! like, the question that says so, and the match made.

use std::path::PathBuf;

use super::roster::Place;
use crate::document::io;
use crate::format::{Date, FramesRecorded, Match, Paifu, Player, Recorder, TimePlace};
use crate::i18n::{Lang, tr};

/// A new match like `last`: the same tournament (the match numbers advanced: in the day only
/// when `last` was played `today`), stage, place and time, recorders and point rules, `today`'s
/// date; the four seats empty, or the same four players with the tournament points they had
/// after `last`.
pub fn like(last: &Match, today: Date, same_players: bool) -> Match {
    let mut tour = last.tour.clone();
    if let Some(t) = &mut tour {
        t.match_in_stage = t.match_in_stage.map(|n| n.saturating_add(1));
        t.match_in_day =
            t.match_in_day.map(|n| if last.time_place.date == Some(today) { n.saturating_add(1) } else { 1 });
    }
    let players = (0..4u8)
        .map(|id| {
            let before = last.players.iter().find(|p| p.id == id).filter(|_| same_players);
            match before {
                Some(p) => {
                    Player { tour_points: last.tour_points.and_then(|t| t.get(usize::from(id)).copied()), ..p.clone() }
                }
                None => Player { id, ..Player::default() },
            }
        })
        .collect();
    Match {
        tour,
        time_place: TimePlace { date: Some(today), weekday: today.weekday(), ..last.time_place.clone() },
        recorders: last
            .recorders
            .iter()
            .map(|r| Recorder { name: r.name.clone(), frames: FramesRecorded::All })
            .collect(),
        players,
        point_rule: last.point_rule,
        rules: last.rules.clone(),
        ..Match::default()
    }
}

/// The match a new one is made like, and where it is: with a file open, the match shown
/// (`open`: the file's matches, the one shown, the file's name); else the last match of the most
/// recent file that reads.
pub fn last_match(open: Option<(&Paifu, usize, String)>, recent: &[PathBuf]) -> Option<(Match, String)> {
    if let Some((paifu, shown, name)) = open {
        let m = paifu.matches.get(shown)?;
        return Some((m.clone(), name));
    }
    recent.iter().find_map(|p| {
        let loaded = io::load(p).ok()?;
        let m = loaded.parsed.paifu.matches.last()?.clone();
        Some((m, p.display().to_string()))
    })
}

/// The question asked before a match like `m` (found in `from`) is made.
pub fn like_question(m: &Match, from: &str, lang: Lang) -> String {
    let what = Place::of(m).map(|p| p.source().get(lang).to_string()).unwrap_or_default();
    tr!("season-like-question", from = from, what = what).get(lang).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Points, TourInfo, TourPoints};

    fn last(played: Date) -> Match {
        let points = |p| TourPoints { personal: Some(Points(p)), team: None };
        Match {
            tour: Some(TourInfo {
                year: Some(2026),
                match_in_stage: Some(57),
                match_in_day: Some(1),
                ..Default::default()
            }),
            time_place: TimePlace { date: Some(played), ..Default::default() },
            players: (0..4u8).map(|id| Player { id, ..Default::default() }).collect(),
            tour_points: Some([points(120), points(-30), points(5), points(-95)]),
            ..Default::default()
        }
    }

    #[test]
    fn a_match_like_the_last_advances_the_numbers_and_carries_the_points_of_the_same_four() {
        let today = Date { year: 2026, month: 3, day: 14 };
        let same_day = like(&last(today), today, true);
        let tour = same_day.tour.clone().unwrap_or_default();
        assert_eq!((tour.match_in_stage, tour.match_in_day), (Some(58), Some(2)));
        assert_eq!(same_day.time_place.date, Some(today));
        assert_eq!(same_day.players[3].tour_points.and_then(|t| t.personal), Some(Points(-95)));
        // Played another day: the first match of today; empty seats carry nothing.
        let yesterday = Date { year: 2026, month: 3, day: 13 };
        let next_day = like(&last(yesterday), today, false);
        assert_eq!(next_day.tour.and_then(|t| t.match_in_day), Some(1));
        assert!(next_day.players.iter().all(|p| p.tour_points.is_none()));
    }
}
