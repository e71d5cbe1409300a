//! What the settings connect the open record to while the app runs: the record served to the
//! broadcast (Settings > On air) and the other desk followed (Settings > Double entry), each
//! started, moved and stopped when the settings change (the shell asks at its start and after
//! each change, never per frame). Each wakes the window itself when it has something new to show
//! (a viewer came or went, the other desk changed): no timed repaint.

use std::sync::Arc;

use super::Settings;
use crate::broadcast::Switch;
use crate::document::Subscription;
use crate::double_entry::follow::{Following, Wake};

/// The served record and the desk followed.
#[derive(Default)]
pub struct Links {
    pub on_air: Switch,
    pub desk: Following,
    /// Called when either has something new to show (the window wakes); none in a test that
    /// draws no window.
    wake: Option<Wake>,
}

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Links").field("on_air", &self.on_air).field("desk", &self.desk).finish_non_exhaustive()
    }
}

impl Links {
    /// Links that call `wake` whenever they have something new to show.
    pub fn waking(wake: Wake) -> Links {
        Links { wake: Some(wake), ..Links::default() }
    }

    /// What the window is woken with (nothing when none was given).
    pub fn wake(&self) -> Wake {
        self.wake.clone().unwrap_or_else(|| Arc::new(|| {}))
    }

    /// Brings both in line with `settings`; `subscribe` gives the open record (as it stands, then
    /// its changes) to each that starts. True when the settings changed (the record's token
    /// made) and are to be saved.
    pub fn follow(&mut self, settings: &mut Settings, subscribe: impl Fn() -> Subscription) -> bool {
        let rules = settings.rules.options();
        let made = settings.on_air.on && settings.on_air.keep_token();
        let wanted = settings.on_air.wanted(self.on_air.wanted());
        let season = settings.on_air.season_folder();
        let wake = self.wake();
        self.on_air.follow(wanted, (&settings.on_air.token, season.as_deref()), &subscribe, (rules, wake.clone()));
        self.desk.follow(settings.double_entry.wanted(), &subscribe, rules, || wake);
        made
    }
}
