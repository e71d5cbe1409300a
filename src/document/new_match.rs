//! A new match, as File > New match and the recorder start one: the date given (today's, from the
//! caller, so that it can be tested), four empty seats, the point rules given, and the scorer as
//! its recorder.

use crate::format::{Date, FramesRecorded, Match, Name, Paifu, Player, PointRule, Recorder, TimePlace};

/// The scorer filling a new match in: `None` when no name is set (the match has no recorder),
/// else the name as read (which may still be `None` when what was typed does not read).
pub type Scorer = Option<Option<Name>>;

/// A new match on `today`: four empty seats, `point_rule`, and `scorer` (when set) as its
/// recorder of every frame.
pub fn new_match(today: Date, scorer: Scorer, point_rule: PointRule) -> Paifu {
    let recorders =
        scorer.map(|name| Recorder { name, frames: FramesRecorded::All }).into_iter().collect::<Vec<Recorder>>();
    Paifu {
        matches: vec![Match {
            time_place: TimePlace { date: Some(today), weekday: today.weekday(), time: None, place: None },
            recorders,
            players: (0..4).map(|id| Player { id, ..Default::default() }).collect(),
            point_rule: Some(point_rule),
            ..Default::default()
        }],
    }
}

/// Today's date on this computer.
pub fn today() -> Date {
    use chrono::Datelike;
    let now = chrono::Local::now().date_naive();
    Date { year: now.year() as u16, month: now.month() as u8, day: now.day() as u8 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::StrLit;
    use crate::scoring::PointPreset;

    #[test]
    fn a_new_match_has_the_date_four_empty_seats_the_rules_and_the_scorer() {
        let day = Date { year: 2026, month: 3, day: 14 };
        let rule = PointPreset::MLeague.rule();
        let scorer = Some(Name { last: Some(StrLit { native: Some("佐藤".into()), roman: None }), first: None });
        let p = new_match(day, Some(scorer.clone()), rule);
        let m = &p.matches[0];
        assert_eq!(m.time_place.date, Some(day));
        assert_eq!(m.time_place.weekday, day.weekday());
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert!(m.players.iter().all(|p| p.name.is_none()));
        assert_eq!(m.point_rule, Some(rule));
        assert_eq!(m.recorders, [Recorder { name: scorer, frames: FramesRecorded::All }]);
        assert!(new_match(day, None, rule).matches[0].recorders.is_empty());
    }
}
