//! The match's header from the record and its page: the players and their teams, the season and
//! the match's number (`tnm`), the date, weekday, start time and the studio (`mtp`), and the final
//! points of `gameend` (`pme`).

use super::command::RecordCommand;
use super::page::PageFacts;
use crate::format::shorthand::{PlaceToken, StageToken, TeamToken, TourToken};
use crate::format::{Choice, Date, Name, Points, StrLit, Time, TimePlace, TourInfo};
use crate::i18n::tr;
use crate::interop::ConvertError;

/// A player as `player` names it: `["A0", "松ヶ瀬 隆弥", "user", "T002"]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct PlayerEntry {
    pub(super) name: Option<Name>,
    /// The league's team id (`T002`).
    pub(super) team_id: Option<String>,
}

/// Reads a `player` command: its seat and what it says of the player.
pub(super) fn player(c: &RecordCommand) -> Result<(usize, PlayerEntry), ConvertError> {
    let p = c.seat(0)?;
    let name = c.arg(1, tr!("interop-mleague-what-name"))?.trim();
    let name = (!name.is_empty()).then(|| match name.split_once([' ', '\u{3000}']) {
        // "Last First", as the viewer writes them (some seasons write no space).
        Some((last, first)) if !first.trim().is_empty() => {
            Name { last: Some(StrLit::native(last.trim())), first: Some(StrLit::native(first.trim())) }
        }
        _ => Name { last: Some(StrLit::native(name)), first: None },
    });
    let team_id = c.args.get(3).map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    Ok((p, PlayerEntry { name, team_id }))
}

/// The team of a league's team id. The eight teams the standard has a code for are known by their
/// ids (T001..T008); BEAST (T010) is named by the season; any other is the page's name for the
/// seat's team, else the id itself: never a code the standard does not have.
pub(super) fn team(id: &str, shown: Option<&str>, year: Option<u16>) -> crate::format::shorthand::Team {
    let known = match id {
        "T001" => Some(TeamToken::Drivens),
        "T002" => Some(TeamToken::Furinkazan),
        "T003" => Some(TeamToken::FightClub),
        "T004" => Some(TeamToken::Abemas),
        "T005" => Some(TeamToken::Phoenix),
        "T006" => Some(TeamToken::Raiden),
        "T007" => Some(TeamToken::Pirates),
        "T008" => Some(TeamToken::SakuraKnights),
        _ => None,
    };
    if let Some(t) = known {
        return Choice::Known(t);
    }
    let name = match (shown, id) {
        (Some(s), _) => s.to_string(),
        // BEAST Japanext joined in the 2023-24 season and is BEAST X from 2025-26.
        (None, "T010") if year.is_some_and(|y| y < 2025) => "BEAST Japanext".to_string(),
        (None, "T010") => "BEAST X".to_string(),
        (None, other) => other.to_string(),
    };
    Choice::Custom(StrLit::native(name))
}

/// The season and stage of a season code (`S014` is 14): the codes run three a season (regular,
/// semifinal, final) from S007 (2020-21); 2018-19 had S001 and its final S002, 2019-20 S003 to
/// S005.
fn season_of(code: u32) -> Option<(u16, StageToken)> {
    const STAGES: [StageToken; 3] =
        [StageToken::MLeagueRegular, StageToken::MLeagueSemiFinal, StageToken::MLeagueFinal];
    match code {
        1 => Some((2018, StageToken::MLeagueRegular)),
        2 => Some((2018, StageToken::MLeagueFinal)),
        3..=5 => Some((2019, STAGES[(code - 3) as usize])),
        7..=3000 => {
            let n = code - 7;
            Some((2020 + u16::try_from(n / 3).ok()?, STAGES[(n % 3) as usize]))
        }
        _ => None,
    }
}

/// The parts of a game id (`gamestart`'s `id=L001_S014_0012_02A`): the season code, the match
/// day and the match's number in its day.
fn game_id_parts(id: &str) -> Option<(u32, u32, u32)> {
    let id = id.trim().strip_prefix("id=").unwrap_or(id.trim());
    let mut parts = id.split('_');
    let (league, season, day, game) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    if !league.starts_with('L') {
        return None;
    }
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).collect::<String>().parse::<u32>().ok();
    Some((digits(season.strip_prefix('S')?)?, digits(day)?, digits(game)?))
}

/// The season's year and stage as the page names them (`2022セミファイナルシリーズ`).
fn season_shown(text: &str) -> (Option<u16>, Option<StageToken>) {
    let year: String = text.trim().chars().take_while(char::is_ascii_digit).collect();
    let year = year.parse::<u16>().ok().filter(|y| (1000..=9999).contains(y));
    let stage = if text.contains("セミファイナル") {
        Some(StageToken::MLeagueSemiFinal)
    } else if text.contains("ファイナル") {
        Some(StageToken::MLeagueFinal)
    } else if text.contains("レギュラー") {
        Some(StageToken::MLeagueRegular)
    } else {
        None
    };
    (year, stage)
}

/// The first whole number in a text (`ラウンド 24` is 24).
fn number_in(text: &str) -> Option<u32> {
    let digits: String =
        text.chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).take(9).collect();
    digits.parse().ok()
}

/// `tnm[mlg, year, stage, match in stage, match in day]`: from the game id first, the page where
/// the id says nothing. The match's number in its stage is the page's round, else counted from
/// the id (two matches a day).
pub(super) fn tour(game_id: Option<&str>, page: Option<&PageFacts>) -> TourInfo {
    let parts = game_id.and_then(game_id_parts);
    let by_id = parts.and_then(|(s, _, _)| season_of(s));
    let shown = page.and_then(|p| p.season.as_deref()).map(season_shown).unwrap_or((None, None));
    let in_day = parts.map(|(_, _, g)| g).filter(|g| (1..=9).contains(g));
    let counted = parts.and_then(|(_, day, game)| {
        (day >= 1 && (1..=2).contains(&game)).then(|| day.saturating_sub(1).saturating_mul(2).saturating_add(game))
    });
    let round = page.and_then(|p| p.round.as_deref()).and_then(number_in);
    TourInfo {
        name: Some(Choice::Known(TourToken::MLeague)),
        year: by_id.map(|(y, _)| y).or(shown.0),
        stage: by_id.map(|(_, s)| s).or(shown.1).map(Choice::Known),
        match_in_stage: round.or(counted),
        match_in_day: in_day,
    }
}

/// `mtp[date, weekday, start time, mlg-std]`: the page's date and start time, else those of the
/// game's first command (the record starts its commands' times at the game's start).
pub(super) fn time_place(start: Option<&str>, page: Option<&PageFacts>) -> TimePlace {
    let shown = page.and_then(|p| p.date_time.as_deref()).and_then(date_time);
    let (date, time) = match shown {
        Some(dt) => dt,
        None => start.and_then(date_time).unwrap_or((None, None)),
    };
    TimePlace {
        date,
        weekday: date.and_then(Date::weekday),
        time,
        place: Some(Choice::Known(PlaceToken::MLeagueStudio)),
    }
}

/// A date and a time of day in a text: `2023/04/28 (金) 21:21 〜 22:52` or `2023-04-28 21:21:00`
/// (the first date and the first time after it). `None` when it holds no date.
fn date_time(text: &str) -> Option<(Option<Date>, Option<Time>)> {
    let numbers: Vec<u32> = text
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(5)
        .map(|s| s.get(..9).unwrap_or(s).parse::<u32>().unwrap_or(u32::MAX))
        .collect();
    let [y, mo, d, rest @ ..] = numbers.as_slice() else { return None };
    let date = Date { year: u16::try_from(*y).ok()?, month: u8::try_from(*mo).ok()?, day: u8::try_from(*d).ok()? };
    if !(1000..=9999).contains(&date.year) || date.calendar().is_none() {
        return None;
    }
    let time = match rest {
        [h, m, ..] if *h < 24 && *m < 60 => Some(Time { hour: u8::try_from(*h).ok()?, minute: u8::try_from(*m).ok()? }),
        _ => None,
    };
    Some((Some(date), time))
}

/// `gameend`'s final points by player (`["B0","59.5","A0","6.1",...,"B0_rank=0",...]`): each
/// seat followed by its points after uma and oka, best first.
pub(super) fn final_points(c: &RecordCommand) -> Result<[Points; 4], ConvertError> {
    let mut out: [Option<Points>; 4] = [None; 4];
    for pair in 0..4 {
        let (n, m) = (2 * pair, 2 * pair + 1);
        let p = c.seat(n)?;
        let v = c.arg(m, tr!("interop-mleague-what-points"))?;
        let pts = match_points(v).ok_or_else(|| c.fault(tr!("interop-mleague-not-points", n = m + 1, value = v)))?;
        if out[p].replace(pts).is_some() {
            let seat = c.args.get(n).cloned().unwrap_or_default();
            return Err(c.fault(tr!("interop-mleague-seat-twice", seat = seat)));
        }
    }
    let mut points = [Points(0); 4];
    for (slot, p) in points.iter_mut().zip(out) {
        *slot = p.unwrap_or_default();
    }
    Ok(points)
}

/// Points after uma as the page writes them (`59.5`, `-16.0`, `6`): at most one decimal.
fn match_points(v: &str) -> Option<Points> {
    let t = v.trim();
    let (neg, digits) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (whole, tenth) = match digits.split_once('.') {
        Some((w, f)) if f.len() == 1 => (w, f),
        Some(_) => return None,
        None => (digits, "0"),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !tenth.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if whole.len() > 8 {
        return None;
    }
    let v = whole.parse::<i32>().ok()?;
    let n = v.checked_mul(10)?.checked_add(tenth.parse::<i32>().ok()?)?;
    Some(Points(if neg { -n } else { n }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_id_says_the_season_stage_and_match() {
        let t = tour(Some("id=L001_S014_0012_02A"), None);
        assert_eq!(t.year, Some(2022));
        assert_eq!(t.stage, Some(Choice::Known(StageToken::MLeagueSemiFinal)));
        assert_eq!((t.match_in_stage, t.match_in_day), (Some(24), Some(2)));
        assert_eq!(season_of(1), Some((2018, StageToken::MLeagueRegular)));
        assert_eq!(season_of(22), Some((2025, StageToken::MLeagueRegular)));
        assert_eq!(season_of(6), None);
        assert_eq!(season_shown("2024ファイナルシリーズ"), (Some(2024), Some(StageToken::MLeagueFinal)));
        let page = PageFacts { round: Some("ラウンド 7".into()), ..PageFacts::default() };
        assert_eq!(tour(None, Some(&page)).match_in_stage, Some(7));
    }

    #[test]
    fn dates_times_and_points_are_read() {
        let (d, t) = date_time("2023/04/28 (金) 21:21 〜 22:52").unwrap();
        assert_eq!(d, Some(Date { year: 2023, month: 4, day: 28 }));
        assert_eq!(t, Some(Time { hour: 21, minute: 21 }));
        assert_eq!(date_time("2023-02-30 10:00:00"), None);
        assert_eq!(match_points("59.5"), Some(Points(595)));
        assert_eq!(match_points("-16.0"), Some(Points(-160)));
        assert_eq!(match_points("6"), Some(Points(60)));
        assert_eq!(match_points("1.25"), None);
        assert_eq!(match_points("99999999999"), None);
        assert_eq!(match_points("-"), None);
    }
}
