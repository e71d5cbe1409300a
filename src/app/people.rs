//! The app's side of the season: the people of every match opened, recorded, imported or saved
//! are remembered, and the roster file is written when it changed; a new match like the last
//! one; the roster read from a folder; the standings of a season. What these are and say is the
//! season's ([`crate::season`]).

use std::path::Path;

use super::{Dialog, OpenFile, Screen, StudioApp};
use crate::document::{Document, today};
use crate::format::{Match, Paifu};
use crate::i18n::tr;
use crate::season::like::{last_match, like, like_question};
use crate::season::roster::Roster;
use crate::season::view::StandingsScreen;
use crate::ui::command::Section;

impl StudioApp {
    /// Remembers the players and recorders of the open document; writes the roster file when
    /// anything changed (a failure is told, the roster is kept in memory).
    pub(super) fn remember_people(&mut self) {
        let Some(f) = &self.file else { return };
        if self.people.roster.see_paifu(f.doc.paifu()) {
            self.save_roster();
        }
    }

    /// Writes the roster file, telling why when it cannot be written.
    pub(super) fn save_roster(&mut self) {
        let Some(path) = &self.people.path else { return };
        if let Err(problem) = self.people.roster.save(path) {
            self.warn(problem.0);
        }
    }

    /// The people the program has seen.
    pub fn roster(&self) -> &Roster {
        &self.people.roster
    }

    /// The match a new one is made like (see [`last_match`]).
    fn last_match(&self) -> Option<(Match, String)> {
        let open = self.file.as_ref().map(|f| (f.doc.paifu(), f.match_index, f.doc.file_name()));
        last_match(open, &self.prefs.settings.recent_files)
    }

    /// File > New match like the last one: asks whether the seats are empty or the same four.
    pub(super) fn ask_like_last(&mut self) {
        match self.last_match() {
            Some((m, from)) => self.dialog = Some(Dialog::LikeLast { from: like_question(&m, &from, self.lang()) }),
            None => self.new_like_last(false),
        }
    }

    /// A new match like the last one (see [`like`]); a plain new match when there is none.
    pub(super) fn new_like_last(&mut self, same_players: bool) {
        let paifu = match self.last_match() {
            Some((last, _)) => Paifu { matches: vec![like(&last, today(), same_players)] },
            None => {
                self.warn(tr!("app-no-last-match"));
                self.prefs.settings.new_match()
            }
        };
        self.show(OpenFile::new(Document::new(paifu, false)), Screen::Match(Section::Players));
    }

    /// File > Import roster from folder: the people of every .jmjp file under `folder`.
    pub(super) fn import_roster(&mut self, folder: &Path) -> Result<(), String> {
        let told = self.people.roster.import_and_tell(folder).map_err(|e| e.into_lang(self.lang()))?;
        self.save_roster();
        self.notice = Some((told.text, told.warning));
        Ok(())
    }

    /// File > Standings: the standings of the season's files under `folder`.
    pub(super) fn show_standings(&mut self, folder: &Path) -> Result<(), String> {
        self.standings = Some(StandingsScreen::open(folder).map_err(|e| e.into_lang(self.lang()))?);
        self.screen = Screen::Standings;
        Ok(())
    }

    /// The standings shown, written to `path` as CSV (atomically, no BOM).
    pub(super) fn save_standings_csv(&mut self, path: &Path) -> Result<(), String> {
        let Some(screen) = &self.standings else { return Ok(()) };
        screen.write_csv(path, self.lang())?;
        self.tell(super::files::saved_to(path));
        Ok(())
    }
}
