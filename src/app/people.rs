//! The app's side of the roster: the people of every match opened, recorded, imported or saved
//! are remembered, and the roster file is written when it changed; a new match like the last
//! one; the roster read from a folder; the standings of a season.

use std::path::Path;

use super::dialogs::{Dialog, PathPurpose};
use super::{OpenFile, Screen, StudioApp};
use crate::document::roster::Place;
use crate::document::{Document, io, standings};
use crate::format::{Date, FramesRecorded, Match, Paifu, Player, Recorder, TimePlace};
use crate::i18n::{Lang, tr};
use crate::season::view::{Asked, StandingsScreen};
use crate::ui::command::Section;

impl StudioApp {
    /// Remembers the players and recorders of the open document; writes the roster file when
    /// anything changed (a failure is told, the roster is kept in memory).
    pub(super) fn remember_people(&mut self) {
        let Some(f) = &self.file else { return };
        if self.roster.see_paifu(f.doc.paifu()) {
            self.save_roster();
        }
    }

    /// Writes the roster file, telling why when it cannot be written.
    pub(super) fn save_roster(&mut self) {
        let Some(path) = &self.roster_path else { return };
        if let Err(problem) = self.roster.save(path) {
            let text = problem.0.get(self.lang()).to_string();
            self.warn(text);
        }
    }

    /// The people the program has seen.
    pub fn roster(&self) -> &crate::document::roster::Roster {
        &self.roster
    }
}

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
        ..Match::default()
    }
}

impl StudioApp {
    /// The match a new one is made like, and where it is: the match shown, else the last match
    /// of the most recent file that reads.
    fn last_match(&self) -> Option<(Match, String)> {
        if let Some(f) = &self.file {
            let m = f.doc.paifu().matches.get(f.match_index)?;
            return Some((m.clone(), f.name()));
        }
        self.settings.recent_files.iter().find_map(|p| {
            let loaded = io::load(p).ok()?;
            let m = loaded.parsed.paifu.matches.last()?.clone();
            Some((m, p.display().to_string()))
        })
    }

    /// File > New match like the last one: asks whether the seats are empty or the same four.
    pub(super) fn ask_like_last(&mut self) {
        let lang = self.lang();
        let Some((m, from)) = self.last_match() else {
            self.new_like_last(false);
            return;
        };
        let what = Place::of(&m).map(|p| p.source().get(lang).to_string()).unwrap_or_default();
        let from = match lang {
            Lang::En => format!(
                "Like {from} ({what}): the same tournament, stage, place, recorders and point rules, the next match number, today's date."
            ),
            Lang::Ja => format!(
                "{from}（{what}）と同じ大会・ステージ・会場・記録者・点数ルールで、次の試合番号、今日の日付の対局を作ります。"
            ),
        };
        self.dialog = Some(Dialog::LikeLast { from });
    }

    /// A new match like the last one (see [`like`]); a plain new match when there is none.
    pub(super) fn new_like_last(&mut self, same_players: bool) {
        use chrono::Datelike;
        let lang = self.lang();
        let now = chrono::Local::now().date_naive();
        let today = Date { year: now.year() as u16, month: now.month() as u8, day: now.day() as u8 };
        let paifu = match self.last_match() {
            Some((last, _)) => Paifu { matches: vec![like(&last, today, same_players)] },
            None => {
                self.warn(tr!("app-no-last-match").get(lang));
                self.new_match()
            }
        };
        self.stop_recording();
        self.file = Some(OpenFile::new(Document::new(paifu, false)));
        self.text = None;
        self.screen = Screen::Match(Section::Players);
    }

    /// File > Import roster from folder: the people of every .jmjp file under `folder`.
    pub(super) fn import_roster(&mut self, folder: &Path) -> Result<(), String> {
        let lang = self.lang();
        let before = self.roster.people.len();
        let (read, failed) = self.roster.import_folder(folder);
        if read == 0 && failed.is_empty() {
            return Err(match lang {
                Lang::En => format!("{} holds no .jmjp file", folder.display()),
                Lang::Ja => format!("{} に .jmjp ファイルがありません", folder.display()),
            });
        }
        self.save_roster();
        let added = self.roster.people.len().saturating_sub(before);
        let mut text = match lang {
            Lang::En => {
                format!("Roster: {read} files read, {added} people added ({} in all)", self.roster.people.len())
            }
            Lang::Ja => {
                format!("名簿：{read} ファイルを読み、{added} 人を追加しました（計 {} 人）", self.roster.people.len())
            }
        };
        if let Some((path, why)) = failed.first() {
            text.push_str(&match lang {
                Lang::En => format!("; {} could not be read, the first: {}: {}", failed.len(), path.display(), why.en),
                Lang::Ja => {
                    format!("。{} ファイルを読めませんでした（最初：{}：{}）", failed.len(), path.display(), why.ja)
                }
            });
            self.warn(text);
        } else {
            self.tell(text);
        }
        Ok(())
    }

    /// File > Standings: the standings of the season's files under `folder`.
    pub(super) fn show_standings(&mut self, folder: &Path) -> Result<(), String> {
        let lang = self.lang();
        let standings = standings::standings(folder, lang).map_err(|e| e.get(lang).to_string())?;
        self.standings = Some(StandingsScreen::new(standings, folder));
        self.screen = Screen::Standings;
        Ok(())
    }

    /// The standings screen.
    pub(super) fn standings_screen(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang();
        let Some(screen) = &mut self.standings else {
            self.screen = Screen::Start;
            return;
        };
        let asked = egui::CentralPanel::default().show(ui, |ui| screen.ui(ui, lang)).inner;
        if asked == Some(Asked::SaveCsv) {
            let text = screen.folder.join("standings.csv").display().to_string();
            self.dialog = Some(Dialog::Path { purpose: PathPurpose::StandingsCsv, text, error: None, then: None });
        }
    }

    /// The standings shown, written to `path` as CSV (atomically, no BOM).
    pub(super) fn save_standings_csv(&mut self, path: &Path) -> Result<(), String> {
        let lang = self.lang();
        let Some(screen) = &self.standings else { return Ok(()) };
        let csv = screen.standings.csv(lang);
        io::write_atomic(path, csv.as_bytes()).map_err(|e| {
            let why = io::why_not_written(&e);
            format!("{}: {}", path.display(), why.get(lang))
        })?;
        self.tell(format!("{} {}", tr!("app-file-saved").get(lang), path.display()));
        Ok(())
    }
}
