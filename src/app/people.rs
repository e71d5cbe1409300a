//! The app's side of the roster: the people of every match opened, recorded, imported or saved
//! are remembered, and the roster file is written when it changed.

use super::StudioApp;

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
