//! Reading the record into a match: the commands in order, the header's (`player`, `gamestart`,
//! `gameend`) read here, each kyoku's given to the [`KyokuRead`] it belongs to.

use serde_json::Value;

use super::command::{RecordCommand, command_at, commands_of};
use super::header::{PlayerEntry, final_points, player, team, time_place, tour};
use super::kyoku::KyokuRead;
use super::page::{PageFacts, locate};
use crate::format::{Dice, Match, Paifu, Player};
use crate::i18n::tr;
use crate::interop::{ConvertError, the_file};

/// Reads the official M League viewer's record, as the bare JSON array of its commands or in the
/// viewer's page as the browser saved it, into a record of one match. Any fault is refused with
/// where it is (`command 137 (sutehai)`, or a line and column of broken JSON) and what is wrong.
pub fn import(text: &str) -> Result<Paifu, ConvertError> {
    let located = locate(text)?;
    let value: Value = serde_json::from_str(&located.json).map_err(|e| located.json_error(&e))?;
    let commands = commands_of(value).map_err(|(at, message)| {
        let at = match at {
            Some((index, cmd)) => command_at(index, cmd.as_deref()),
            None => the_file(),
        };
        ConvertError::new(at, message)
    })?;
    let m = read(&commands, located.page.as_ref())?;
    Ok(Paifu { matches: vec![m] })
}

/// The match being read.
#[derive(Default)]
struct Reading {
    players: [PlayerEntry; 4],
    game_id: Option<String>,
    /// The time of `gamestart` (else of the first command): the game's start.
    start: Option<String>,
    kyoku: Option<KyokuRead>,
    frames: Vec<crate::format::Frame>,
    dice: Vec<Option<Dice>>,
    end_points: Option<[crate::format::Points; 4]>,
    ended: bool,
}

/// The commands the viewer writes inside a kyoku, between `kyokustart` and `kyokuend`.
const IN_KYOKU: [&str; 12] =
    ["point", "dice", "dora", "uradora", "haipai", "tsumo", "sutehai", "say", "open", "richi", "agari", "ryukyoku"];

fn read(commands: &[RecordCommand], page: Option<&PageFacts>) -> Result<Match, ConvertError> {
    let mut r = Reading { start: commands.first().and_then(|c| c.time.clone()), ..Reading::default() };
    for c in commands {
        r.command(c)?;
    }
    let last = commands.last();
    let fault = |message| match last {
        Some(c) => c.fault(message),
        None => ConvertError::new(the_file(), message),
    };
    if let Some(k) = &r.kyoku {
        return Err(fault(tr!("interop-mleague-cut-in-kyoku", frame = k.id())));
    }
    if r.frames.is_empty() {
        return Err(fault(tr!("interop-mleague-no-kyoku").text()));
    }
    if !r.ended {
        return Err(fault(tr!("interop-mleague-no-gameend", count = r.frames.len())));
    }
    Ok(r.into_match(page))
}

impl Reading {
    fn command(&mut self, c: &RecordCommand) -> Result<(), ConvertError> {
        if self.ended {
            return Err(c.fault(tr!("interop-mleague-after-gameend").text()));
        }
        match c.cmd.as_str() {
            "area" => {}
            "player" => {
                let (p, entry) = player(c)?;
                self.players[p] = entry;
            }
            "gamestart" => {
                self.game_id = c.args.first().cloned();
                if c.time.is_some() {
                    self.start = c.time.clone();
                }
            }
            "kyokustart" => {
                if let Some(k) = &self.kyoku {
                    return Err(c.fault(tr!("interop-mleague-kyoku-not-ended", frame = k.id())));
                }
                self.kyoku = Some(KyokuRead::start(c)?);
            }
            "kyokuend" => {
                let k = self.kyoku.take().ok_or_else(|| c.fault(tr!("interop-mleague-outside-kyoku").text()))?;
                self.dice.push(k.dice());
                self.frames.push(k.finish(c)?);
            }
            "gameend" => {
                if let Some(k) = &self.kyoku {
                    return Err(c.fault(tr!("interop-mleague-kyoku-not-ended", frame = k.id())));
                }
                self.end_points = Some(final_points(c)?);
                self.ended = true;
            }
            cmd if IN_KYOKU.contains(&cmd) => match self.kyoku.as_mut() {
                Some(k) => k.command(c)?,
                None => return Err(c.fault(tr!("interop-mleague-outside-kyoku").text())),
            },
            _ => return Err(c.fault(tr!("interop-mleague-unknown-command").text())),
        }
        Ok(())
    }

    /// The match read.
    fn into_match(mut self, page: Option<&PageFacts>) -> Match {
        // Viewer records say 1-1 for every kyoku when the dice were not recorded: then none.
        if self.dice.iter().all(|d| *d == Some(Dice::Pair(1, 1))) {
            for f in &mut self.frames {
                f.dice = None;
            }
        }
        let tour = tour(self.game_id.as_deref(), page);
        let year = tour.year.or_else(|| self.start.as_deref().and_then(season_year));
        let players = (0..4u8)
            .map(|id| {
                let entry = &self.players[usize::from(id)];
                let shown = page.and_then(|p| p.teams[usize::from(id)].as_deref());
                Player {
                    id,
                    name: entry.name.clone(),
                    team: entry.team_id.as_deref().map(|t| team(t, shown, year)),
                    ..Player::default()
                }
            })
            .collect();
        Match {
            tour: Some(tour),
            time_place: time_place(self.start.as_deref(), page),
            players,
            frames: self.frames,
            // The league's point rule (25,000 start, 30,000 return, uma 30/10, 300 a honba), as
            // a studio's record of the match has it from its form.
            point_rule: crate::rules::options::RuleOptions::M_LEAGUE.point_rule(),
            end_points: self.end_points,
            rules: Some("m-league".into()),
            ..Match::default()
        }
    }
}

/// The year a season began, from a date (`2024-02-05 ..`): seasons start in the autumn and end
/// in the spring.
fn season_year(date: &str) -> Option<u16> {
    let mut parts = date.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
    let year = parts.next()?.parse::<u16>().ok()?;
    let month = parts.next()?.parse::<u8>().ok()?;
    Some(if month < 7 { year.saturating_sub(1) } else { year })
}
