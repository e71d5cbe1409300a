//! What the settings connect the open record to while the app runs: the record served to the
//! broadcast (Settings > On air) and the other desk followed (Settings > Double entry), each
//! started, moved and stopped as the settings change.

use std::sync::Arc;

use super::Settings;
use crate::broadcast::Switch;
use crate::broadcast::follow::{Followed, Following, Wake};
use crate::document::Subscription;

/// The served record and the desk followed.
#[derive(Debug, Default)]
pub struct Links {
    pub on_air: Switch,
    pub desk: Following,
}

impl Links {
    /// Brings both in line with `settings`; `subscribe` gives the open record (as it stands, then
    /// its changes) to each that starts, `wake` is called when the desk followed shows something
    /// new. True when the settings changed (the record's token made) and are to be saved.
    pub fn follow(
        &mut self,
        settings: &mut Settings,
        subscribe: impl Fn() -> Subscription,
        wake: impl FnOnce() -> Wake,
    ) -> bool {
        let rules = settings.rules.options();
        let made = settings.on_air.on && settings.on_air.keep_token();
        let wanted = settings.on_air.wanted(self.on_air.wanted());
        let season = settings.on_air.season_folder();
        self.on_air.follow(wanted, (&settings.on_air.token, season.as_deref()), &subscribe, rules);
        self.desk.follow(settings.double_entry.wanted(), &subscribe, rules, wake);
        made
    }

    /// The desk followed, as the recorder takes it: its name, its address and what it shows.
    pub fn followed(&self) -> Option<(&str, &str, Arc<Followed>)> {
        self.desk.followed().map(|(d, f)| (d.name.as_str(), d.address.as_str(), f))
    }

    /// Whether either runs (the status bar and the follower are then looked at again soon).
    pub fn running(&self) -> bool {
        self.on_air.server().is_some() || self.desk.followed().is_some()
    }
}
