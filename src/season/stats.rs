//! Season statistics: each player's and team's figures counted from the records (library code,
//! no UI). A match is counted once ([`MatchId`]); a frame is replayed to read who won, who dealt
//! in, who declared riichi or called, and what was paid, from the acts and the points as the
//! record holds them (never from our scoring). Definitions (the guide's "Season statistics"):
//!
//! - `matches`, `place1`..`place4` by the final points (`pme` where the match has it, else the
//!   last frame's end points); a tie goes to the seat nearer the first dealer, unless the rules
//!   split the uma: then each tied player gets the best shared place.
//! - `frames`: every frame sat in; a frame that does not replay counts here only.
//! - `wins` (each winner of a double ron), `tsumo`; `dealins`: frames in which the player's
//!   discard (or kan robbed by a chankan) was won on; the liable seat of a pao is no deal-in.
//! - `riichi`: frames with a riichi declared; `called`: frames with a chi, pon or open kan.
//! - `draws`: exhaustive draws, `tenpai_at_draw` as the no-ten payments show it; `nagashi`:
//!   nagashi mangan won; `abortive`: abortive draws (neither counts as a win or a draw).
//! - `win_value`: what the others paid for the hand, honba and riichi sticks excluded;
//!   `dealin_value`: what the discarder paid for it, honba excluded (on a pao ron, its half).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::roster::{NamedChoice, PersonName, Place};
use crate::format::{Discard, Draw, Frame, Match, Points, Seat, Severity};
use crate::i18n::{Lang, Text, tr};
use crate::interop::outcome::{DrawKind, FrameOutcome, Win, outcome};
use crate::rules::options::{DoubleRon, PaoHonba, RuleOptions, TieBreak};
use crate::rules::{Table, rules_of};

/// One player's or team's figures: counts and real points, exactly the fields `--format json`
/// writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Figures {
    pub matches: u32,
    pub place1: u32,
    pub place2: u32,
    pub place3: u32,
    pub place4: u32,
    pub frames: u32,
    pub wins: u32,
    pub tsumo: u32,
    pub dealins: u32,
    pub riichi: u32,
    pub called: u32,
    pub draws: u32,
    pub tenpai_at_draw: u32,
    pub nagashi: u32,
    pub abortive: u32,
    pub win_value: i64,
    pub dealin_value: i64,
}

impl Figures {
    /// The figures of both.
    pub fn add(&mut self, o: &Figures) {
        self.matches += o.matches;
        self.place1 += o.place1;
        self.place2 += o.place2;
        self.place3 += o.place3;
        self.place4 += o.place4;
        self.frames += o.frames;
        self.wins += o.wins;
        self.tsumo += o.tsumo;
        self.dealins += o.dealins;
        self.riichi += o.riichi;
        self.called += o.called;
        self.draws += o.draws;
        self.tenpai_at_draw += o.tenpai_at_draw;
        self.nagashi += o.nagashi;
        self.abortive += o.abortive;
        self.win_value += o.win_value;
        self.dealin_value += o.dealin_value;
    }

    /// The places as an array, first place first.
    pub fn places(&self) -> [u32; 4] {
        [self.place1, self.place2, self.place3, self.place4]
    }

    /// Counts one place (0 = first).
    pub fn count_place(&mut self, place: usize) {
        match place {
            0 => self.place1 += 1,
            1 => self.place2 += 1,
            2 => self.place3 += 1,
            _ => self.place4 += 1,
        }
    }
}

/// A frame that does not replay (or whose points do not tell how it ended): counted in
/// `frames` only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreplayed {
    /// "E2-1" as the file writes it.
    pub frame: String,
    pub why: Text,
}

/// One match counted: each seat's key (its player's name; `None` for a seat with no name),
/// team and figures, by player id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchFigures {
    pub players: [Option<PersonName>; 4],
    /// The team of each seat, as [`NamedChoice::key`] writes it, with its name in both scripts.
    pub teams: [Option<(String, Text)>; 4],
    pub figures: [Figures; 4],
    /// The final points each place was read from, by player id (the match's `pme`, else its last
    /// frame's end points); `None` when neither is written (its places are not counted then).
    pub final_points: Option<[Points; 4]>,
    pub unreplayed: Vec<Unreplayed>,
}

/// What names a match across files: its tournament, year, stage, date, numbers and four names
/// where it has a tournament, else the whole record (an exact duplicate).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MatchId {
    Placed { place: (String, Option<u16>, String, Option<String>, Option<u32>, Option<u32>), names: [String; 4] },
    Whole(String),
}

impl MatchId {
    pub fn of(m: &Match) -> MatchId {
        let names = std::array::from_fn(|i| name_key(m, i).map(|n| n.shown()).unwrap_or_default());
        match Place::of(m) {
            Some(p) if p.date.is_some() || p.match_in_stage.is_some() => {
                let stage = m.tour.as_ref().and_then(|t| t.stage.as_ref()).map(|s| NamedChoice::of(s).key());
                MatchId::Placed {
                    place: (p.tournament, p.year, stage.unwrap_or_default(), p.date, p.match_in_stage, p.match_in_day),
                    names,
                }
            }
            _ => {
                let paifu = crate::format::Paifu { matches: vec![m.clone()] };
                MatchId::Whole(crate::format::write(&paifu))
            }
        }
    }
}

/// The name of player `id` of `m`, as the standings key it; `None` when it has none.
fn name_key(m: &Match, id: usize) -> Option<PersonName> {
    let p = m.players.iter().find(|p| usize::from(p.id) == id)?;
    p.name.as_ref().map(PersonName::of).filter(|n| !n.is_empty())
}

/// The names two seats of `m` share (a match left out of the statistics).
pub fn shared_names(m: &Match) -> Vec<String> {
    let names: Vec<PersonName> = (0..4).filter_map(|i| name_key(m, i)).collect();
    let mut twice: BTreeSet<String> = BTreeSet::new();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            twice.insert(n.shown());
        }
    }
    twice.into_iter().collect()
}

/// Counts match `m` under `chosen` rules (else the rules it names, else M League's). A match
/// still being recorded counts its places from its last frame's end points.
pub fn match_figures(m: &Match, chosen: Option<&RuleOptions>) -> MatchFigures {
    let opts = rules_of(m, chosen).with_point_rule(m.point_rule.as_ref());
    let mut out = MatchFigures {
        players: std::array::from_fn(|i| name_key(m, i)),
        teams: std::array::from_fn(|i| {
            let t = m.players.iter().find(|p| usize::from(p.id) == i)?.team.as_ref()?;
            Some((NamedChoice::of(t).key(), Text::new(t.shown(Lang::En), t.shown(Lang::Ja))))
        }),
        ..MatchFigures::default()
    };
    for f in &m.frames {
        if let Err(why) = count_frame(f, &opts, &mut out.figures) {
            out.unreplayed.push(Unreplayed { frame: f.id.to_string(), why });
        }
    }
    // A frame's points are by seat (East first); the match's by player.
    out.final_points = m.end_points.or_else(|| m.frames.last().and_then(|f| Some(f.id.by_player(f.end_points?))));
    if let Some(points) = out.final_points {
        for (player, place) in places(points, opts.tie_break).into_iter().enumerate() {
            out.figures[player].matches += 1;
            out.figures[player].count_place(place);
        }
    } else {
        for f in &mut out.figures {
            f.matches += 1;
        }
    }
    out
}

/// Each player's place (0 = first) by `points`: a tie to the player nearer the first dealer, or
/// under [`TieBreak::Split`] the best place the tied players share.
pub fn places(points: [Points; 4], tie: TieBreak) -> [usize; 4] {
    std::array::from_fn(|i| {
        let above = (0..4).filter(|&j| points[j] > points[i]).count();
        let tied_before = (0..i).filter(|&j| points[j] == points[i]).count();
        match tie {
            TieBreak::SeatOrder => above + tied_before,
            TieBreak::Split => above,
        }
    })
}

/// The figures of one frame alone, by player id: `frames` is 1 for each; the error says why the
/// rest could not be counted (the frame does not replay, or its points do not tell its end).
pub fn frame_figures(f: &Frame, opts: &RuleOptions) -> ([Figures; 4], Option<Text>) {
    let mut fig = [Figures::default(); 4];
    let why = count_frame(f, opts, &mut fig).err();
    (fig, why)
}

/// Counts one frame into `fig` (by player id): an error when it does not replay or its points
/// do not say how it ended (then only `frames` is counted).
fn count_frame(f: &Frame, opts: &RuleOptions, fig: &mut [Figures; 4]) -> Result<(), Text> {
    for x in fig.iter_mut() {
        x.frames += 1;
    }
    let flow = f.flow.as_ref().ok_or_else(|| tr!("season-stats-no-acts").text())?;
    let (mut table, found) = Table::start_quiet(f).ok_or_else(|| tr!("season-stats-no-acts").text())?;
    let mut bad = found.iter().any(|x| x.severity == Severity::Error).then_some(0);
    let (mut riichi, mut called) = ([false; 4], [false; 4]);
    for (n, act) in flow.acts.iter().enumerate() {
        if table.apply(act).iter().any(|x| x.severity == Severity::Error) && bad.is_none() {
            bad = Some(n + 1);
        }
        let s = act.seat.index();
        riichi[s] |= matches!(act.discard, Some(Discard::Riichi(_)));
        called[s] |= matches!(act.draw, Draw::Chi(_) | Draw::Pon(_) | Draw::Daiminkan(_));
    }
    if let Some(n) = bad {
        return Err(tr!("season-stats-does-not-replay", act = n));
    }
    let result = outcome(f, &table)?;
    // From here on, by seat; `player` turns a seat into the player's id.
    let player = |s: Seat| f.id.player_at(s);
    let mut by_seat = [Figures::default(); 4];
    for s in Seat::ALL {
        by_seat[s.index()].riichi += u32::from(riichi[s.index()]);
        by_seat[s.index()].called += u32::from(called[s.index()]);
    }
    match result {
        FrameOutcome::Win(wins) => count_wins(&wins, f, opts, &mut by_seat),
        FrameOutcome::Draw { kind, deltas } => {
            for s in Seat::ALL {
                let x = &mut by_seat[s.index()];
                match kind {
                    DrawKind::Nagashi => x.nagashi += u32::from(table.is_nagashi(s)),
                    k if k.is_abortive() => x.abortive += 1,
                    k => {
                        x.draws += 1;
                        let all_even = deltas.iter().all(|d| *d == 0);
                        let tenpai = match k {
                            DrawKind::AllTenpai => true,
                            DrawKind::AllNoten => false,
                            _ if all_even => table.is_tenpai(s) == Some(true),
                            _ => deltas[s.index()] > 0,
                        };
                        x.tenpai_at_draw += u32::from(tenpai);
                    }
                }
            }
        }
    }
    for s in Seat::ALL {
        fig[player(s)].add(&by_seat[s.index()]);
    }
    Ok(())
}

/// The wins of a frame into `by_seat`: wins, tsumo, deal-ins and what was paid.
fn count_wins(wins: &[Win], f: &Frame, opts: &RuleOptions, by_seat: &mut [Figures; 4]) {
    let honba = i64::from(f.id.honba) * opts.honba.as_points();
    let mut dealt_in = [false; 4];
    for (n, w) in wins.iter().enumerate() {
        let tsumo = w.who == w.from;
        // The honba go to each win alone, or to the winner nearest the discarder.
        let with_honba = n == 0 || opts.double_ron == DoubleRon::Atamahane;
        let honba_here = if with_honba { honba } else { 0 };
        let paid: i64 = (0..4).filter(|&i| i != w.who.index()).map(|i| (-w.deltas[i]).max(0)).sum();
        let winner = &mut by_seat[w.who.index()];
        winner.wins += 1;
        winner.tsumo += u32::from(tsumo);
        winner.win_value += paid - honba_here;
        if tsumo {
            continue;
        }
        let d = w.from.index();
        dealt_in[d] = true;
        let pao = w.pao != w.who && w.pao != w.from;
        let discarders_honba = if pao && opts.pao_ron_honba == PaoHonba::Liable { 0 } else { honba_here };
        by_seat[d].dealin_value += (-w.deltas[d]).max(0) - discarders_honba;
    }
    for (x, d) in by_seat.iter_mut().zip(dealt_in) {
        x.dealins += u32::from(d);
    }
}

/// The figures of many matches, per player and team, with what was left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// By the player's name as the standings show it.
    pub players: BTreeMap<String, Figures>,
    /// By the team's key, with its name in both scripts.
    pub teams: BTreeMap<String, (Text, Figures)>,
    /// Each player's team (the last one seen), by the player's name.
    pub team_of: BTreeMap<String, String>,
    /// The matches counted, in the order added: their ids.
    pub counted: BTreeSet<MatchId>,
    /// Matches left out (two seats share a name; counted already), and why.
    pub left_out: Vec<(String, Text)>,
    /// Frames that do not replay: where (file, match, frame) and why.
    pub unreplayed: Vec<(String, Text)>,
    /// Files that could not be read, and why.
    pub unread: Vec<(String, Text)>,
    /// Each match counted, with its figures (so that a match can be left out again: the match
    /// on air, counted apart).
    pub per_match: Vec<(MatchId, MatchFigures)>,
}

impl Stats {
    /// Adds match `m` read from `source` ("games/2025-01.jmjp") unless it is counted already or
    /// two of its seats share a name. True when it was added.
    pub fn add_match(&mut self, source: &str, m: &Match, chosen: Option<&RuleOptions>) -> bool {
        let twice = shared_names(m);
        if !twice.is_empty() {
            self.left_out.push((source.to_string(), tr!("season-stats-shared-name", names = twice.join(", "))));
            return false;
        }
        let id = MatchId::of(m);
        if !self.counted.insert(id.clone()) {
            self.left_out.push((source.to_string(), tr!("season-stats-counted-already").text()));
            return false;
        }
        let figures = match_figures(m, chosen);
        for u in &figures.unreplayed {
            self.unreplayed.push((format!("{source} {}", u.frame), u.why.clone()));
        }
        self.add_figures(&figures);
        self.per_match.push((id, figures));
        true
    }

    /// The figures of every match counted but those named `id` (the match on air, when the
    /// season's folder holds a saved copy of it).
    pub fn without(&self, id: &MatchId) -> Stats {
        let mut out = Stats::default();
        for (other, figures) in self.per_match.iter().filter(|(other, _)| other != id) {
            out.add_figures(figures);
            out.counted.insert(other.clone());
        }
        out
    }

    /// Adds the figures of one match, counted already.
    pub fn add_figures(&mut self, m: &MatchFigures) {
        let mut teams_seen: BTreeSet<&str> = BTreeSet::new();
        for i in 0..4 {
            let Some(name) = &m.players[i] else { continue };
            let key = name.shown();
            self.players.entry(key.clone()).or_default().add(&m.figures[i]);
            let Some((team, shown)) = &m.teams[i] else { continue };
            self.team_of.insert(key, team.clone());
            let entry = self.teams.entry(team.clone()).or_insert_with(|| (shown.clone(), Figures::default()));
            let mut f = m.figures[i];
            // A team's matches: the matches with a member seated, each once.
            f.matches = u32::from(teams_seen.insert(team));
            entry.1.add(&f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_first_dealers_side_unless_the_uma_is_split() {
        let p = [Points(300), Points(250), Points(300), Points(150)];
        assert_eq!(places(p, TieBreak::SeatOrder), [0, 2, 1, 3]);
        assert_eq!(places(p, TieBreak::Split), [0, 2, 0, 3]);
    }
}
