//! The server as the settings want it: started when On air is turned on, started again when the
//! address changes, stopped when it is turned off. A failure (the port taken, an address not of
//! this machine) is kept to be shown and is not tried again until the settings change.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Server, SystemClock};
use crate::document::Subscription;
use crate::i18n::Text;
use crate::scoring::RuleOptions;

/// The server the settings asked for, or why there is none.
#[derive(Debug, Default)]
pub struct Switch {
    server: Option<Server>,
    /// The address last asked for (`None`: off).
    wanted: Option<SocketAddr>,
    problem: Option<Text>,
    /// The token asked for.
    token: String,
    /// The season folder asked for.
    season: Option<PathBuf>,
}

impl Switch {
    /// Serves at `wanted` (`None`: off). A server already at that address is left alone; one at
    /// another is stopped before the new one starts (so the same port can be taken again).
    /// `subscribe` is asked only when a server starts: the record as it stands, then its changes.
    /// `token` is the record's token the settings keep (see [`super::OnAir::with_token`]) and
    /// `season` the season folder whose figures the pages are given; a change of either starts
    /// the server again (the folder is read then).
    pub fn follow(
        &mut self,
        wanted: Option<SocketAddr>,
        (token, season): (&str, Option<&Path>),
        subscribe: impl FnOnce() -> Subscription,
        (rules, wake): (RuleOptions, crate::document::feed::Wake),
    ) {
        let same_token = self.server.is_none() || token.is_empty() || self.token == token;
        if wanted == self.wanted && same_token && season == self.season.as_deref() {
            return;
        }
        self.token = token.to_string();
        self.season = season.map(Path::to_path_buf);
        self.server = None;
        self.problem = None;
        self.wanted = wanted;
        let Some(addr) = wanted else { return };
        let on_air = super::OnAir::new(Arc::new(SystemClock), rules)
            .with_token(token)
            .with_season(super::season::SeasonOnAir::read(season))
            .waking(wake);
        match Server::start_on(on_air, subscribe(), addr) {
            Ok(server) => self.server = Some(server),
            Err(e) => self.problem = Some(e.text()),
        }
    }

    /// The address last asked for (`None`: off).
    pub fn wanted(&self) -> Option<SocketAddr> {
        self.wanted
    }

    /// The running server, if any.
    pub fn server(&self) -> Option<&Server> {
        self.server.as_ref()
    }

    /// Why the server asked for is not running.
    pub fn problem(&self) -> Option<&Text> {
        self.problem.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Feed;

    fn loopback(port: u16) -> Option<SocketAddr> {
        Some(SocketAddr::from(([127, 0, 0, 1], port)))
    }

    #[test]
    fn it_starts_moves_and_stops_with_the_settings_and_says_why_it_cannot() {
        let feed = Feed::new();
        let subscribe = || feed.subscribe(Default::default(), Default::default());
        let mut switch = Switch::default();
        switch.follow(loopback(0), ("", None), subscribe, (RuleOptions::default(), Arc::new(|| {})));
        let first = switch.server().map(Server::addr).expect("started");
        assert!(first.port() != 0 && switch.problem().is_none());
        // The same address asked again: the same server.
        switch.follow(loopback(0), ("", None), subscribe, (RuleOptions::default(), Arc::new(|| {})));
        assert_eq!(switch.server().map(Server::addr), Some(first));
        // Its port taken by another program: not running, and why.
        let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = taken.local_addr().expect("its address").port();
        switch.follow(loopback(port), ("", None), subscribe, (RuleOptions::default(), Arc::new(|| {})));
        assert!(switch.server().is_none());
        let why = switch.problem().map(|t| t.en.clone()).unwrap_or_default();
        assert!(why.contains(&port.to_string()), "{why}");
        // Off: nothing runs and nothing is wrong; the first port is free again.
        switch.follow(None, ("", None), subscribe, (RuleOptions::default(), Arc::new(|| {})));
        assert!(switch.server().is_none() && switch.problem().is_none());
        assert!(std::net::TcpListener::bind(first).is_ok(), "the server let its port go");
    }
}
