//! The match information forms as text: what each field holds while it is typed, how it is read
//! into the record, and what is wrong with it. No egui here; the view only shows these buffers.
//!
//! Reading is per section (tournament, date and place, each recorder, the players, the point rules,
//! the results): a section whose fields all read is written to the document; a section with an
//! error keeps the value the document had, so nothing wrong is ever written. A section whose text
//! is still what the document's value prints as keeps that value exactly, so opening a form never
//! changes a file by itself.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::document::MatchInfo;
use crate::format::shorthand::{AffiliationToken, PlaceToken, StageToken, TeamToken, TourToken};
use crate::format::{
    Choice, Date, FrameId, FramesRecorded, Match, Name, Player, PointRule, Points, Recorder, Shorthand, StrLit, Time,
    TimePlace, TourInfo, TourPoints, Wind,
};
use crate::i18n::{Text, tr};
use crate::scoring::final_points::{Counting, final_points_counted};
use crate::scoring::{FinalPoints, PointPreset as Preset, RuleOptions};

/// What is wrong with a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NotAYear(String),
    NotACount(String),
    NotADate(String),
    NoSuchDay { year: i32, month: u32, day: u32 },
    NotATime(String),
    NotPoints(String),
    SeatTwice(Wind),
    NotAFrameId(String),
    CustomEmpty,
    NeedAllFour,
}

impl Problem {
    /// The problem in plain words.
    pub fn text(&self) -> Text {
        use Problem::*;
        match self {
            NotAYear(s) => tr!("forms-problem-not-a-year", text = s),
            NotACount(s) => tr!("forms-problem-not-a-count", text = s),
            NotADate(s) => tr!("forms-problem-not-a-date", text = s),
            NoSuchDay { year, month, day } => {
                tr!("forms-problem-no-such-day", year = *year, month = *month, day = *day)
            }
            NotATime(s) => tr!("forms-problem-not-a-time", text = s),
            NotPoints(s) => tr!("forms-problem-not-points", text = s),
            SeatTwice(w) => tr!("forms-problem-seat-twice", seat = w.word()),
            NotAFrameId(s) => tr!("forms-problem-not-a-frame-id", text = s),
            CustomEmpty => tr!("forms-problem-custom-empty").text(),
            NeedAllFour => tr!("forms-problem-need-all-four").text(),
        }
    }
}

/// The choice made in a field that takes a shorthand token or a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick<T> {
    /// The field is left out.
    Absent,
    Known(T),
    /// A name typed in the two text boxes.
    Custom,
    /// A name picked from a list (a team of the teams list without a code): written like a
    /// custom name, shown by its name without the two boxes.
    Listed,
    /// A token the file had that this program does not know; kept as it was.
    Unknown(String),
}

/// A field with a shorthand choice and a custom name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceField<T> {
    pub pick: Pick<T>,
    pub native: String,
    pub roman: String,
}

impl<T: Shorthand> ChoiceField<T> {
    pub fn of(value: &Option<Choice<T>>) -> Self {
        let (pick, lit) = match value {
            None => (Pick::Absent, StrLit::default()),
            Some(Choice::Known(t)) => (Pick::Known(*t), StrLit::default()),
            Some(Choice::Custom(s)) => (Pick::Custom, s.clone()),
            Some(Choice::Unknown(w)) => (Pick::Unknown(w.clone()), StrLit::default()),
        };
        ChoiceField { pick, native: lit.native.unwrap_or_default(), roman: lit.roman.unwrap_or_default() }
    }

    fn read(&self) -> Result<Option<Choice<T>>, Problem> {
        Ok(match &self.pick {
            Pick::Absent => None,
            Pick::Known(t) => Some(Choice::Known(*t)),
            Pick::Unknown(w) => Some(Choice::Unknown(w.clone())),
            Pick::Custom | Pick::Listed => {
                let lit = strlit(&self.native, &self.roman);
                if lit.is_empty() {
                    return Err(Problem::CustomEmpty);
                }
                Some(Choice::Custom(lit))
            }
        })
    }
}

fn strlit(native: &str, roman: &str) -> StrLit {
    let part = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    StrLit { native: part(native), roman: part(roman) }
}

/// A person's name: last and first, native and romanized.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NameForm {
    pub last_native: String,
    pub first_native: String,
    pub last_roman: String,
    pub first_roman: String,
}

impl NameForm {
    pub fn of(name: &Option<Name>) -> NameForm {
        let part = |s: &Option<StrLit>, native: bool| {
            s.as_ref().and_then(|s| if native { s.native.clone() } else { s.roman.clone() }).unwrap_or_default()
        };
        let n = name.clone().unwrap_or_default();
        NameForm {
            last_native: part(&n.last, true),
            first_native: part(&n.first, true),
            last_roman: part(&n.last, false),
            first_roman: part(&n.first, false),
        }
    }

    /// True when no part is typed.
    pub fn is_empty(&self) -> bool {
        [&self.last_native, &self.first_native, &self.last_roman, &self.first_roman].iter().all(|s| s.trim().is_empty())
    }

    pub fn read(&self) -> Option<Name> {
        let last = strlit(&self.last_native, &self.last_roman);
        let first = strlit(&self.first_native, &self.first_roman);
        if last.is_empty() && first.is_empty() {
            return None;
        }
        Some(Name { last: Some(last).filter(|s| !s.is_empty()), first: Some(first).filter(|s| !s.is_empty()) })
    }
}

/// `tnm[...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourForm {
    pub name: ChoiceField<TourToken>,
    pub year: String,
    pub stage: ChoiceField<StageToken>,
    pub in_stage: String,
    pub in_day: String,
}

impl TourForm {
    pub fn of(t: &Option<TourInfo>) -> TourForm {
        let t = t.clone().unwrap_or_default();
        TourForm {
            name: ChoiceField::of(&t.name),
            year: t.year.map(|y| y.to_string()).unwrap_or_default(),
            stage: ChoiceField::of(&t.stage),
            in_stage: t.match_in_stage.map(|n| n.to_string()).unwrap_or_default(),
            in_day: t.match_in_day.map(|n| n.to_string()).unwrap_or_default(),
        }
    }

    fn read(&self, errors: &mut Errors) -> Option<Option<TourInfo>> {
        let name = errors.take("tour.name", self.name.read());
        let year = errors.take("tour.year", read_year(&self.year));
        let stage = errors.take("tour.stage", self.stage.read());
        let in_stage = errors.take("tour.in_stage", read_count(&self.in_stage));
        let in_day = errors.take("tour.in_day", read_count(&self.in_day));
        let t = TourInfo { name: name?, year: year?, stage: stage?, match_in_stage: in_stage?, match_in_day: in_day? };
        Some(Some(t).filter(|t| *t != TourInfo::default()))
    }
}

/// `mtp[...]`: the day of the week follows the date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimePlaceForm {
    pub date: String,
    pub time: String,
    pub place: ChoiceField<PlaceToken>,
}

impl TimePlaceForm {
    pub fn of(t: &TimePlace) -> TimePlaceForm {
        TimePlaceForm {
            date: t.date.map(|d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)).unwrap_or_default(),
            time: t.time.map(|t| format!("{:02}:{:02}", t.hour, t.minute)).unwrap_or_default(),
            place: ChoiceField::of(&t.place),
        }
    }

    fn read(&self, errors: &mut Errors) -> Option<TimePlace> {
        let date = errors.take("mtp.date", read_date(&self.date));
        let time = errors.take("mtp.time", read_time(&self.time));
        let place = errors.take("mtp.place", self.place.read());
        let date = date?;
        Some(TimePlace { date, weekday: date.and_then(Date::weekday), time: time?, place: place? })
    }
}

/// `rec[...]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecorderForm {
    pub name: NameForm,
    pub all_frames: bool,
    /// Frame ids separated by spaces or commas, when not all.
    pub frames: String,
}

impl RecorderForm {
    pub fn of(r: &Recorder) -> RecorderForm {
        let (all_frames, frames) = match &r.frames {
            FramesRecorded::All => (true, String::new()),
            FramesRecorded::Only(ids) => (false, ids.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(" ")),
        };
        RecorderForm { name: NameForm::of(&r.name), all_frames, frames }
    }

    fn read(&self, i: usize, errors: &mut Errors) -> Option<Recorder> {
        let frames = if self.all_frames {
            Ok(FramesRecorded::All)
        } else {
            self.frames
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| FrameId::read(s).ok_or_else(|| Problem::NotAFrameId(s.to_string())))
                .collect::<Result<Vec<_>, _>>()
                .map(FramesRecorded::Only)
        };
        let frames = errors.take(&format!("rec{i}.frames"), frames)?;
        Some(Recorder { name: self.name.read(), frames })
    }
}

/// One player row of `ply[...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerForm {
    /// The seat at E1-0: 0 East .. 3 North (the plyerId).
    pub seat: u8,
    pub name: NameForm,
    pub team: ChoiceField<TeamToken>,
    pub affiliation: ChoiceField<AffiliationToken>,
    pub prev_personal: String,
    pub prev_team: String,
}

impl PlayerForm {
    pub fn of(p: &Player) -> PlayerForm {
        let tp = p.tour_points.unwrap_or_default();
        PlayerForm {
            seat: p.id,
            name: NameForm::of(&p.name),
            team: ChoiceField::of(&p.team),
            affiliation: ChoiceField::of(&p.affiliation),
            prev_personal: tp.personal.map(|x| x.to_string()).unwrap_or_default(),
            prev_team: tp.team.map(|x| x.to_string()).unwrap_or_default(),
        }
    }

    fn read(&self, i: usize, errors: &mut Errors) -> Option<Player> {
        let team = errors.take(&format!("ply{i}.team"), self.team.read());
        let affiliation = errors.take(&format!("ply{i}.affiliation"), self.affiliation.read());
        let personal = errors.take(&format!("ply{i}.prev_personal"), read_points(&self.prev_personal));
        let team_pts = errors.take(&format!("ply{i}.prev_team"), read_points(&self.prev_team));
        let tour_points = TourPoints { personal: personal?, team: team_pts? };
        Some(Player {
            id: self.seat,
            name: self.name.read(),
            team: team?,
            affiliation: affiliation?,
            tour_points: Some(tour_points).filter(|t| *t != TourPoints::default()),
        })
    }
}

/// The four rows of players, by seat at E1-0.
fn player_rows(players: &[Player]) -> [PlayerForm; 4] {
    let mut rows: [PlayerForm; 4] =
        std::array::from_fn(|i| PlayerForm::of(&Player { id: i as u8, ..Default::default() }));
    let mut used = [false; 4];
    for p in players {
        if let Some(slot) = Some(usize::from(p.id)).filter(|&i| i < 4 && !used[i]) {
            used[slot] = true;
            rows[slot] = PlayerForm::of(p);
        }
    }
    rows
}

/// `ptr[...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesForm {
    pub enabled: bool,
    pub start: String,
    pub return_points: String,
    pub uma_4_to_1: String,
    pub uma_3_to_2: String,
    pub honba: String,
}

impl RulesForm {
    pub fn of(r: &Option<PointRule>) -> RulesForm {
        let mut f = RulesForm::preset(Preset::MLeague);
        match r {
            None => f.enabled = false,
            Some(r) => {
                f.start = r.start.to_string();
                f.return_points = r.return_points.to_string();
                f.uma_4_to_1 = r.uma_4_to_1.to_string();
                f.uma_3_to_2 = r.uma_3_to_2.to_string();
                f.honba = r.honba.to_string();
            }
        }
        f
    }

    /// The numbers of a preset, written.
    pub fn preset(p: Preset) -> RulesForm {
        let r = p.rule();
        RulesForm {
            enabled: true,
            start: r.start.to_string(),
            return_points: r.return_points.to_string(),
            uma_4_to_1: r.uma_4_to_1.to_string(),
            uma_3_to_2: r.uma_3_to_2.to_string(),
            honba: r.honba.to_string(),
        }
    }

    /// The preset the typed numbers are, if any.
    pub fn matching_preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            let f = RulesForm::preset(*p);
            [&f.start, &f.return_points, &f.uma_4_to_1, &f.uma_3_to_2, &f.honba]
                .iter()
                .zip([&self.start, &self.return_points, &self.uma_4_to_1, &self.uma_3_to_2, &self.honba])
                .all(|(a, b)| read_points(b).ok().flatten() == read_points(a).ok().flatten())
        })
    }

    fn read(&self, current: &Option<PointRule>, errors: &mut Errors) -> Option<Option<PointRule>> {
        if !self.enabled {
            return Some(None);
        }
        let mut need = |key: &str, s: &str| {
            errors.take(key, read_points(s).and_then(|p| p.ok_or_else(|| Problem::NotPoints(s.to_string()))))
        };
        let start = need("ptr.start", &self.start);
        let return_points = need("ptr.return", &self.return_points);
        let uma_4_to_1 = need("ptr.uma41", &self.uma_4_to_1);
        let uma_3_to_2 = need("ptr.uma32", &self.uma_3_to_2);
        let honba = need("ptr.honba", &self.honba);
        Some(Some(PointRule {
            start: start?,
            return_points: return_points?,
            uma_4_to_1: uma_4_to_1?,
            uma_3_to_2: uma_3_to_2?,
            honba: honba?,
            noten_total: current.and_then(|r| r.noten_total),
        }))
    }
}

/// What `pme` and `ptn` hold.
type MatchResults = (Option<[Points; 4]>, Option<[TourPoints; 4]>);

/// `pme[...]` and `ptn[...]`, by plyerId.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultsForm {
    pub end: [String; 4],
    pub personal: [String; 4],
    pub team: [String; 4],
}

impl ResultsForm {
    pub fn of(end: &Option<[Points; 4]>, tour: &Option<[TourPoints; 4]>) -> ResultsForm {
        let show = |p: Option<Points>| p.map(|p| p.to_string()).unwrap_or_default();
        ResultsForm {
            end: std::array::from_fn(|i| show(end.map(|e| e[i]))),
            personal: std::array::from_fn(|i| show(tour.and_then(|t| t[i].personal))),
            team: std::array::from_fn(|i| show(tour.and_then(|t| t[i].team))),
        }
    }

    fn read(&self, errors: &mut Errors) -> Option<MatchResults> {
        let mut ok = true;
        let mut end = [None; 4];
        for (i, s) in self.end.iter().enumerate() {
            match errors.take(&format!("pme{i}"), read_points(s)) {
                Some(p) => end[i] = p,
                None => ok = false,
            }
        }
        let filled = end.iter().filter(|p| p.is_some()).count();
        if ok && filled != 0 && filled != 4 {
            for (i, p) in end.iter().enumerate() {
                if p.is_none() {
                    errors.0.insert(format!("pme{i}"), Problem::NeedAllFour);
                }
            }
            ok = false;
        }
        let mut tour = [TourPoints::default(); 4];
        for (i, slot) in tour.iter_mut().enumerate() {
            let personal = errors.take(&format!("ptn{i}.personal"), read_points(&self.personal[i]));
            let team = errors.take(&format!("ptn{i}.team"), read_points(&self.team[i]));
            match (personal, team) {
                (Some(personal), Some(team)) => *slot = TourPoints { personal, team },
                _ => ok = false,
            }
        }
        if !ok {
            return None;
        }
        let end = (filled == 4).then(|| end.map(|p| p.unwrap_or_default()));
        let tour = Some(tour).filter(|t| t.iter().any(|x| *x != TourPoints::default()));
        Some((end, tour))
    }
}

/// All the forms of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub tour: TourForm,
    pub time_place: TimePlaceForm,
    pub recorders: Vec<RecorderForm>,
    pub players: [PlayerForm; 4],
    pub rules: RulesForm,
    pub results: ResultsForm,
    /// The rule preset the match names (its code), `None` when it names none.
    pub game_rules: Option<String>,
}

impl Default for Form {
    fn default() -> Form {
        Form::of(&MatchInfo::default())
    }
}

/// The errors of a reading, by field key (`tour.year`, `ply2.prev_team`, `pme0`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Errors(pub BTreeMap<String, Problem>);

impl Errors {
    fn take<T>(&mut self, key: &str, r: Result<T, Problem>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(p) => {
                self.0.insert(key.to_string(), p);
                None
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&Problem> {
        self.0.get(key)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Form {
    /// The forms showing `info`.
    pub fn of(info: &MatchInfo) -> Form {
        Form {
            tour: TourForm::of(&info.tour),
            time_place: TimePlaceForm::of(&info.time_place),
            recorders: info.recorders.iter().map(RecorderForm::of).collect(),
            players: player_rows(&info.players),
            rules: RulesForm::of(&info.point_rule),
            results: ResultsForm::of(&info.end_points, &info.tour_points),
            game_rules: info.rules.clone(),
        }
    }

    /// Reads the forms: the information to write (sections with errors keep `current`'s value) and
    /// the errors by field.
    pub fn read(&self, current: &MatchInfo) -> (MatchInfo, Errors) {
        let mut errors = Errors::default();
        let mut info = current.clone();
        if self.tour != TourForm::of(&current.tour)
            && let Some(t) = self.tour.read(&mut errors)
        {
            info.tour = t;
        }
        if self.time_place != TimePlaceForm::of(&current.time_place)
            && let Some(t) = self.time_place.read(&mut errors)
        {
            info.time_place = t;
        }
        let mut recorders = Vec::new();
        let mut recorders_ok = true;
        for (i, r) in self.recorders.iter().enumerate() {
            match current.recorders.get(i) {
                Some(c) if RecorderForm::of(c) == *r => recorders.push(c.clone()),
                _ => match r.read(i, &mut errors) {
                    Some(r) => recorders.push(r),
                    None => recorders_ok = false,
                },
            }
        }
        if recorders_ok {
            info.recorders = recorders;
        }
        if self.players != player_rows(&current.players) {
            let rows: Vec<Option<Player>> =
                self.players.iter().enumerate().map(|(i, p)| p.read(i, &mut errors)).collect();
            let mut twice = false;
            for (i, p) in self.players.iter().enumerate() {
                if self.players.iter().filter(|q| q.seat == p.seat).count() > 1 {
                    let wind = Wind::ALL.get(usize::from(p.seat)).copied().unwrap_or(Wind::East);
                    errors.0.insert(format!("ply{i}.seat"), Problem::SeatTwice(wind));
                    twice = true;
                }
            }
            if !twice && let Some(mut players) = rows.into_iter().collect::<Option<Vec<Player>>>() {
                players.sort_by_key(|p| p.id);
                info.players = players;
            }
        }
        if self.rules != RulesForm::of(&current.point_rule)
            && let Some(r) = self.rules.read(&current.point_rule, &mut errors)
        {
            info.point_rule = r;
        }
        if self.results != ResultsForm::of(&current.end_points, &current.tour_points)
            && let Some((end, tour)) = self.results.read(&mut errors)
        {
            info.end_points = end;
            info.tour_points = tour;
        }
        info.rules = self.game_rules.clone();
        (info, errors)
    }
}

/// `25.0`, `-5.8`, `+12`, `0` as points; empty is `None`.
pub fn read_points(s: &str) -> Result<Option<Points>, Problem> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || Problem::NotPoints(t.to_string());
    let (negative, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let tenth = match frac.as_bytes().first() {
        None => 0,
        Some(d) => i64::from(d - b'0'),
    };
    if frac.len() > 1 && frac[1..].bytes().any(|b| b != b'0') {
        return Err(bad());
    }
    let whole: i64 = whole.parse().map_err(|_| bad())?;
    let v = whole.checked_mul(10).and_then(|w| w.checked_add(tenth)).ok_or_else(bad)?;
    let v = i32::try_from(if negative { -v } else { v }).map_err(|_| bad())?;
    Ok(Some(Points(v)))
}

fn read_year(s: &str) -> Result<Option<u16>, Problem> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<u16>() {
        Ok(y) if t.len() == 4 && (1900..=2999).contains(&y) => Ok(Some(y)),
        _ => Err(Problem::NotAYear(t.to_string())),
    }
}

fn read_count(s: &str) -> Result<Option<u32>, Problem> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>().map(Some).map_err(|_| Problem::NotACount(t.to_string()))
}

/// `2025-10-02`, `2025/10/02` or `20251002`.
pub fn read_date(s: &str) -> Result<Option<Date>, Problem> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || Problem::NotADate(t.to_string());
    let parts: Vec<&str> = if t.contains(['-', '/']) {
        t.split(['-', '/']).collect()
    } else if t.len() == 8 && t.is_char_boundary(4) && t.is_char_boundary(6) {
        vec![&t[..4], &t[4..6], &t[6..]]
    } else {
        return Err(bad());
    };
    let [y, m, d] = parts[..] else { return Err(bad()) };
    if y.len() != 4 || !(1..=2).contains(&m.len()) || !(1..=2).contains(&d.len()) {
        return Err(bad());
    }
    let (Ok(year), Ok(month), Ok(day)) = (y.parse::<i32>(), m.parse::<u32>(), d.parse::<u32>()) else {
        return Err(bad());
    };
    if !(1900..=2999).contains(&year) || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad());
    }
    if chrono::NaiveDate::from_ymd_opt(year, month, day).is_none() {
        return Err(Problem::NoSuchDay { year, month, day });
    }
    Ok(Some(Date { year: year as u16, month: month as u8, day: day as u8 }))
}

/// `19:00` or `1900`.
pub fn read_time(s: &str) -> Result<Option<Time>, Problem> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let bad = || Problem::NotATime(t.to_string());
    let (h, m) = match t.split_once(':') {
        Some(hm) => hm,
        None if t.len() == 4 && t.is_char_boundary(2) => (&t[..2], &t[2..]),
        None => return Err(bad()),
    };
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return Err(bad());
    }
    match (h.parse::<u8>(), m.parse::<u8>()) {
        (Ok(hour), Ok(minute)) if hour < 24 && minute < 60 => Ok(Some(Time { hour, minute })),
        _ => Err(bad()),
    }
}

/// The match results the program computes from the last frame with end points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computed {
    pub final_points: FinalPoints,
    /// Riichi sticks left on the table at the end (given to the first by M League rules).
    pub left_on_table: Points,
    /// Previous tournament points plus the final points, where previous points are known.
    pub tour_points: [TourPoints; 4],
    /// The frame the end points come from.
    pub last_frame: FrameId,
    /// True when the match has no point rules, names no rules that write one, and `fallback` was
    /// used.
    pub used_fallback: bool,
}

/// Final points and new tournament points of `m`; `None` when no frame has end points.
pub fn compute_results(m: &Match, fallback: PointRule, opts: &RuleOptions) -> Option<Computed> {
    let last = m.frames.iter().rev().find(|f| f.end_points.is_some())?;
    let end = last.id.by_player(last.end_points?);
    // The match's ptr (with the rules' uma where ptr cannot hold it); else the rules it names,
    // as they count (their oka and uma whatever their shape); else the fallback.
    let named = m.rules.is_some() && m.point_rule.is_none();
    let rule = m.point_rule.or(named.then(|| opts.point_rule()).flatten()).unwrap_or(fallback);
    let counting = if named {
        Counting::of_rules(opts)
    } else {
        let mut c = Counting::of_ptr(&rule);
        if let crate::rules::options::Uma::ByFloat(_) = opts.uma {
            c.uma = opts.uma;
        }
        c
    };
    // Points beyond any real match (a damaged file) are not computed with: the sums must not overflow.
    let sane = |p: &Points| p.0.unsigned_abs() <= 1_000_000;
    let rule_values = [rule.start, rule.return_points, rule.uma_4_to_1, rule.uma_3_to_2, rule.honba];
    if !end.iter().chain(rule_values.iter()).all(sane) {
        return None;
    }
    // Points are kept: what is not in front of a player at the end is sticks on the table.
    // Summed wide: a damaged file may hold points near the ends of i32.
    let start_total = match m.frames.first().and_then(|f| f.start_points) {
        Some(s) => s.iter().map(|p| i64::from(p.0)).sum::<i64>(),
        None => i64::from(if named { opts.start.0 } else { rule.start.0 }) * 4,
    };
    let left = (start_total - end.iter().map(|p| i64::from(p.0)).sum::<i64>()).clamp(0, i64::from(i32::MAX));
    let left = Points(i32::try_from(left).unwrap_or(0));
    // The match penalties recorded on its frames (`penalty: s -20.0 match chombo`), by plyerId.
    let mut penalties = [0i32; 4];
    for f in &m.frames {
        let by_player = f.id.by_player(crate::rules::penalty::match_points(f));
        penalties.iter_mut().zip(by_player).for_each(|(p, x)| *p = p.saturating_add(x));
    }
    let fp = final_points_counted(end, left, &counting, opts).with_penalties(penalties);
    let totals = fp.totals();
    let tour_points = std::array::from_fn(|i| {
        let prev = m.players.iter().find(|p| usize::from(p.id) == i).and_then(|p| p.tour_points).unwrap_or_default();
        TourPoints {
            personal: prev.personal.map(|x| Points(x.0.saturating_add(totals[i].0))),
            team: prev.team.map(|x| Points(x.0.saturating_add(totals[i].0))),
        }
    });
    Some(Computed {
        final_points: fp,
        left_on_table: left,
        tour_points,
        last_frame: last.id,
        used_fallback: m.point_rule.is_none() && !named,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn points_read_as_the_standard_writes_them() {
        assert_eq!(read_points("25.0"), Ok(Some(Points(250))));
        assert_eq!(read_points(" -5.8 "), Ok(Some(Points(-58))));
        assert_eq!(read_points("+12"), Ok(Some(Points(120))));
        assert_eq!(read_points("0.30"), Ok(Some(Points(3))));
        assert_eq!(read_points(""), Ok(None));
        for bad in ["25,0", "x", "0.35", "-", ".5", "1e3", "99999999999"] {
            assert!(read_points(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dates_and_times() {
        assert_eq!(read_date("2023-10-02"), Ok(Some(Date { year: 2023, month: 10, day: 2 })));
        assert_eq!(read_date("20231002"), read_date("2023/10/2"));
        assert_eq!(read_date("2025-02-31"), Err(Problem::NoSuchDay { year: 2025, month: 2, day: 31 }));
        assert_eq!(
            Problem::NoSuchDay { year: 2025, month: 2, day: 31 }.text(),
            "31 February 2025 is not a day of the calendar"
        );
        assert!(read_date("2025-13-01").is_err());
        assert!(read_date("２０２５-01-01").is_err());
        assert_eq!(Date { year: 2023, month: 10, day: 2 }.weekday(), Some(crate::format::Weekday::Mon));
        assert_eq!(read_time("19:00"), Ok(Some(Time { hour: 19, minute: 0 })));
        assert_eq!(read_time("0905"), Ok(Some(Time { hour: 9, minute: 5 })));
        assert!(read_time("24:00").is_err());
        assert!(read_time("7").is_err());
        assert_eq!(FrameId::read("S4-3"), Some(FrameId { wind: Wind::South, number: 4, honba: 3 }));
        assert_eq!(FrameId::read(" s4-3 "), Some(FrameId { wind: Wind::South, number: 4, honba: 3 }));
        assert_eq!(FrameId::read("E5-0"), None);
        assert_eq!(FrameId::read("E1-0x"), None);
    }

    #[test]
    fn an_untouched_form_changes_nothing_even_for_odd_values() {
        let info = MatchInfo {
            players: vec![Player {
                id: 2,
                name: Some(Name { last: Some(StrLit::default()), first: None }),
                team: Some(Choice::Unknown("mlg-xyz".into())),
                ..Default::default()
            }],
            ..Default::default()
        };
        let (read, errors) = Form::of(&info).read(&info);
        assert_eq!(read, info);
        assert!(errors.is_empty());
    }

    #[test]
    fn a_section_with_an_error_keeps_the_document_value() {
        let info = MatchInfo::default();
        let mut form = Form::of(&info);
        form.time_place.date = "2025-02-31".into();
        form.time_place.time = "19:00".into();
        form.tour.year = "2025".into();
        let (read, errors) = form.read(&info);
        assert_eq!(read.time_place, TimePlace::default(), "nothing of the section is written");
        assert_eq!(read.tour.and_then(|t| t.year), Some(2025), "other sections are");
        assert_eq!(errors.get("mtp.date"), Some(&Problem::NoSuchDay { year: 2025, month: 2, day: 31 }));
    }

    #[test]
    fn two_players_in_one_seat_write_nothing() {
        let info = MatchInfo::default();
        let mut form = Form::of(&info);
        form.players[0].name.last_native = "多井".into();
        form.players[1].seat = 0;
        let (read, errors) = form.read(&info);
        assert!(read.players.is_empty());
        assert_eq!(errors.get("ply1.seat"), Some(&Problem::SeatTwice(Wind::East)));
        assert!(errors.get("ply0.seat").is_some());
    }

    #[test]
    fn absurd_points_in_a_damaged_file_compute_nothing_and_never_overflow() {
        let mut m = Match {
            point_rule: Some(PointRule { uma_4_to_1: Points(i32::MIN), ..PointRule::M_LEAGUE }),
            ..Default::default()
        };
        let mut f = crate::format::Frame::new(FrameId { wind: Wind::East, number: 1, honba: 0 });
        f.end_points = Some([Points(i32::MAX); 4]);
        m.frames.push(f);
        assert_eq!(compute_results(&m, PointRule::M_LEAGUE, &RuleOptions::default()), None);
        m.point_rule = None;
        assert_eq!(compute_results(&m, PointRule::M_LEAGUE, &RuleOptions::default()), None);
    }

    #[test]
    fn presets_are_recognised_from_their_numbers() {
        for p in Preset::ALL {
            assert_eq!(Preset::of(&p.rule()), Some(p));
            assert_eq!(RulesForm::preset(p).matching_preset(), Some(p));
        }
        let mut f = RulesForm::preset(Preset::Tenhou);
        f.uma_3_to_2 = "10".into();
        assert_eq!(f.matching_preset(), Some(Preset::Tenhou));
        f.honba = "0.5".into();
        assert_eq!(f.matching_preset(), None);
    }
}
