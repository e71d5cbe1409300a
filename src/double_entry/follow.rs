//! Following another desk: its served record (`/api/record.jmjp`, the undelayed canonical text)
//! read again each time its event stream (`/api/events`) says it changed, and compared with my
//! own record as it changes ([`crate::compare::live`]). Read-only: only GET requests go out, and
//! nothing read changes my record.
//!
//! Two threads of its own, so an entry never waits for the network: one reads the event stream
//! (and says when the other desk is unreachable, reconnecting by itself); one reads the record
//! when told to, takes my record from the document's flow of changes, compares the two and
//! publishes the result ([`Followed`]) for the screen to read without waiting.

use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::compare::live::{self, LiveComparison};
pub use crate::compare::live::{Followed, FollowedWatch, LinkState};
use crate::document::Subscription;
use crate::document::io::MAX_FILE_BYTES;
use crate::format::{self, Paifu};
use crate::i18n::{Text, tr};
use crate::scoring::RuleOptions;

/// How long a connection may take to open.
const CONNECT: Duration = Duration::from_secs(2);
/// How long the event stream may stay silent (the server sends a keep-alive every 15 s).
const SILENT: Duration = Duration::from_secs(20);
/// How long one read of the record may take.
const FETCH: Duration = Duration::from_secs(5);
/// The wait before trying an unreachable desk again.
const RETRY: Duration = Duration::from_millis(500);
/// The longest line of an event stream read.
const MAX_LINE: u64 = 4 * 1024 * 1024;
/// How often the link's state is looked at when nothing else wakes the comparing thread (their
/// record and mine wake it at once).
const POLL: Duration = Duration::from_millis(100);

/// The other desk: where its record is served, and the token of its record's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desk {
    /// `host:port` (an address of the studio's network, or `localhost:8765`).
    pub address: String,
    pub token: String,
    /// What the scorer calls it ("desk A").
    pub name: String,
}

impl Desk {
    /// A desk from what a scorer pastes: `host:port`, or a whole record address
    /// (`http://host:port/api/record.jmjp?token=...`), whose token then counts. `Err` with why.
    pub fn parse(address: &str, token: &str) -> Result<Desk, Text> {
        let typed = address.trim();
        let rest = typed.strip_prefix("http://").unwrap_or(typed);
        if rest.starts_with("https://") || typed.starts_with("https://") {
            return Err(tr!("broadcast-follow-no-https", address = typed));
        }
        let (host, query) = match rest.find(['/', '?']) {
            Some(i) => (&rest[..i], rest[i..].split_once('?').map(|(_, q)| q)),
            None => (rest, None),
        };
        let from_url =
            query.into_iter().flat_map(|q| q.split('&')).find_map(|p| p.strip_prefix("token=")).map(str::to_string);
        let token = from_url.unwrap_or_else(|| token.trim().to_string());
        let port_ok =
            host.rsplit_once(':').is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok_and(|p| p > 0));
        if !port_ok || host.contains(char::is_whitespace) {
            return Err(tr!("broadcast-follow-bad-address", address = typed));
        }
        if token.is_empty() || !token.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(tr!("broadcast-follow-bad-token").text());
        }
        Ok(Desk { address: host.to_string(), token, name: String::new() })
    }

    /// The address of its record.
    pub fn record_url(&self) -> String {
        format!("http://{}/api/record.jmjp?token={}", self.address, self.token)
    }

    fn events_url(&self) -> String {
        format!("http://{}/api/events", self.address)
    }
}

/// Why a desk's record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FetchError {
    /// No answer: the desk is not running, not on the network, or too slow.
    Unreachable(Text),
    /// The desk answered but gives nothing to compare (a wrong token, nothing recorded yet).
    Refused(Text),
    /// What it sent is not a `.jmjp` record.
    NotARecord(Text),
}

impl FetchError {
    pub fn text(&self) -> &Text {
        match self {
            FetchError::Unreachable(t) | FetchError::Refused(t) | FetchError::NotARecord(t) => t,
        }
    }
}

/// A client: `whole` limits a whole response (a record read), `per_read` each read of the
/// connection (the event stream, which never ends: only its silence is limited).
fn agent(whole: Option<Duration>, per_read: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_connect(Some(CONNECT))
        .timeout_global(whole)
        .timeout_per_read(Some(per_read))
        .http_status_as_error(false)
        .build()
        .into()
}

/// `url` as it may be shown: without its query (the token).
fn shown(url: &str) -> &str {
    url.split('?').next().unwrap_or(url)
}

/// The record served at `url` (a record address with its token), as text.
pub fn fetch_text(url: &str) -> Result<String, FetchError> {
    let (full, url) = (url, shown(url));
    let response = agent(Some(FETCH), FETCH).get(full).call().map_err(|e| {
        FetchError::Unreachable(tr!("broadcast-follow-unreachable", address = url, why = e.to_string()))
    })?;
    let status = response.status().as_u16();
    let mut body = response.into_body();
    let text = body.with_config().limit(MAX_FILE_BYTES).read_to_string().map_err(|e| {
        FetchError::Unreachable(tr!("broadcast-follow-unreachable", address = url, why = e.to_string()))
    })?;
    match status {
        200 => Ok(text),
        401 | 403 => Err(FetchError::Refused(tr!("broadcast-follow-token-refused", address = url))),
        404 => Err(FetchError::Refused(tr!("broadcast-follow-nothing-yet", address = url))),
        _ => {
            let why: String = text.trim().chars().take(200).collect();
            Err(FetchError::Refused(tr!("broadcast-follow-status", address = url, status = status, why = why)))
        }
    }
}

/// The record served at `url`, parsed.
pub fn fetch(url: &str) -> Result<Paifu, FetchError> {
    let text = fetch_text(url)?;
    let url = shown(url);
    format::parse(&text).map(|p| p.paifu).map_err(|e| {
        FetchError::NotARecord(tr!(
            "broadcast-follow-not-a-record",
            address = url,
            line = e.line,
            column = e.column,
            why = e.message.to_string()
        ))
    })
}

#[derive(Debug, Default)]
struct Shared {
    followed: Arc<Mutex<Arc<Followed>>>,
    /// What the comparing thread has to look at.
    pending: Mutex<Pending>,
    wake: Condvar,
    link: Mutex<LinkState>,
    /// The token of their record's address (it may be corrected while following: the event
    /// stream, which needs none, goes on).
    token: Mutex<String>,
}

/// What came since the comparing thread last looked.
#[derive(Debug, Default)]
struct Pending {
    /// Their record changed (or the stream reconnected): read it again.
    stale: bool,
    /// My record as it changed last (its sequence number and the record).
    mine: Option<(u64, Arc<Paifu>)>,
}

impl Shared {
    fn link(&self) -> MutexGuard<'_, LinkState> {
        self.link.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn token(&self) -> String {
        self.token.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    fn pending(&self) -> MutexGuard<'_, Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn mark_stale(&self) {
        self.pending().stale = true;
        self.wake.notify_all();
    }

    fn my_record(&self, seq: u64, record: Arc<Paifu>) {
        self.pending().mine = Some((seq, record));
        self.wake.notify_all();
    }

    /// Waits up to `limit` for their record or mine to change; what changed (and cleared).
    fn wait(&self, limit: Duration) -> Pending {
        let p = self.pending();
        let (mut p, _) = self
            .wake
            .wait_timeout_while(p, limit, |p| !p.stale && p.mine.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        std::mem::take(&mut *p)
    }

    fn unreachable(&self, why: Text) {
        let mut link = self.link();
        if !matches!(*link, LinkState::Unreachable { .. }) {
            *link = LinkState::Unreachable { since: chrono::Local::now(), why };
        }
    }
}

pub use crate::document::feed::Wake;

/// Following one desk; dropping it stops following (its threads end on their own, at the
/// latest when a read they wait on times out).
pub struct Follow {
    desk: Desk,
    shared: Arc<Shared>,
    stop: Arc<AtomicBool>,
    /// Ends my record's subscription (its thread then ends).
    mine: crate::document::feed::Closer,
}

impl std::fmt::Debug for Follow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Follow").field("desk", &self.desk).finish_non_exhaustive()
    }
}

impl Follow {
    /// Follows `desk`, comparing its record with mine as `mine` brings it (the record as it
    /// stands, then its changes); `wake` is called whenever [`Follow::followed`] changed.
    pub fn start(desk: Desk, mine: Subscription, rules: RuleOptions, wake: Wake) -> std::io::Result<Follow> {
        let shared = Arc::new(Shared { token: Mutex::new(desk.token.clone()), ..Shared::default() });
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st, d) = (Arc::clone(&shared), Arc::clone(&stop), desk.clone());
        let w = Arc::clone(&wake);
        std::thread::Builder::new().name("double entry: events".into()).spawn(move || read_events(&d, &s, &st, &w))?;
        // My record's changes wake the comparing thread at once.
        let closer = mine.closer();
        let s = Arc::clone(&shared);
        std::thread::Builder::new().name("double entry: mine".into()).spawn(move || {
            while let Some(u) = mine.recv() {
                s.my_record(u.seq, u.paifu);
            }
        })?;
        let (s, st, d) = (Arc::clone(&shared), Arc::clone(&stop), desk.clone());
        std::thread::Builder::new()
            .name("double entry: compare".into())
            .spawn(move || compare_loop(&d, &rules, &s, &st, &wake))?;
        Ok(Follow { desk, shared, stop, mine: closer })
    }

    /// The desk followed.
    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    /// The link, their record and the comparison now; never waits for the network.
    pub fn followed(&self) -> Arc<Followed> {
        Arc::clone(&self.shared.followed.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl Drop for Follow {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        self.mine.close();
        self.shared.mark_stale();
    }
}

/// The event stream's thread: each event (and each new connection) makes the record stale.
fn read_events(desk: &Desk, shared: &Shared, stop: &AtomicBool, wake: &Wake) {
    let agent = agent(None, SILENT);
    while !stop.load(Ordering::SeqCst) {
        let url = desk.events_url();
        match agent.get(&url).header("Accept", "text/event-stream").call() {
            Ok(r) if r.status().as_u16() == 200 => {
                // Connected (again): their record is read from its state now.
                *shared.link() = LinkState::Up;
                shared.mark_stale();
                let mut reader = BufReader::new(r.into_body().into_reader());
                let mut line = Vec::new();
                let why = loop {
                    line.clear();
                    // A line longer than an event ever is (the table of a long match is well
                    // under a megabyte) is not an event stream: the connection is let go.
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                        Ok(0) => break tr!("broadcast-follow-stream-ended").text(),
                        // An event ends with a blank line.
                        Ok(_) if line.trim_ascii().is_empty() => shared.mark_stale(),
                        Ok(_) if line.last() != Some(&b'\n') => break tr!("broadcast-follow-not-a-stream").text(),
                        Ok(_) => {}
                        Err(e) => break Text::verbatim(e.to_string()),
                    }
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                };
                shared.unreachable(tr!("broadcast-follow-unreachable", address = desk.address.as_str(), why = why));
            }
            Ok(r) => {
                let status = r.status().as_u16();
                let body = r.into_body().with_config().limit(4096).read_to_string().unwrap_or_default();
                let why: String = body.trim().chars().take(200).collect();
                *shared.link() = LinkState::Refused(tr!(
                    "broadcast-follow-status",
                    address = desk.address.as_str(),
                    status = status,
                    why = why
                ));
            }
            Err(e) => shared.unreachable(tr!(
                "broadcast-follow-unreachable",
                address = desk.address.as_str(),
                why = e.to_string()
            )),
        }
        wake();
        std::thread::sleep(RETRY);
    }
}

/// The comparing thread: my record from the flow of changes, theirs when stale; compared and
/// published whenever either changed.
fn compare_loop(desk: &Desk, rules: &RuleOptions, shared: &Shared, stop: &AtomicBool, wake: &Wake) {
    let mut my_record: Option<(u64, Arc<Paifu>)> = None;
    let mut theirs: Option<Arc<Paifu>> = None;
    let mut reads = 0;
    let mut shown_link = LinkState::Connecting;
    let mut judged = live::Judged::default();
    // When a read of their record failed: when to try it again.
    let mut again: Option<Instant> = None;
    while !stop.load(Ordering::SeqCst) {
        let came = shared.wait(POLL);
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let mut changed = came.mine.is_some();
        if let Some(m) = came.mine {
            my_record = Some(m);
        }
        if came.stale || again.is_some_and(|t| Instant::now() >= t) {
            again = None;
            let desk = Desk { token: shared.token(), ..desk.clone() };
            match fetch(&desk.record_url()) {
                Ok(p) => {
                    reads += 1;
                    theirs = Some(Arc::new(p));
                    *shared.link() = LinkState::Up;
                    changed = true;
                }
                Err(FetchError::Unreachable(why)) => {
                    shared.unreachable(why);
                    again = Some(Instant::now() + RETRY);
                }
                Err(FetchError::Refused(why) | FetchError::NotARecord(why)) => {
                    *shared.link() = LinkState::Refused(why);
                    again = Some(Instant::now() + RETRY);
                }
            }
        }
        let link = shared.link().clone();
        if link != shown_link {
            changed = true;
        }
        if !changed {
            continue;
        }
        shown_link = link.clone();
        let live = match (&my_record, &theirs) {
            (Some((_, m)), Some(t)) => live::live_judged(m, t, rules, &mut judged),
            _ => LiveComparison::default(),
        };
        let followed = Followed {
            link,
            theirs: theirs.clone(),
            live,
            mine_seq: my_record.as_ref().map_or(0, |(s, _)| *s),
            reads,
            at: Some(Instant::now()),
        };
        *shared.followed.lock().unwrap_or_else(PoisonError::into_inner) = Arc::new(followed);
        wake();
    }
}

/// The desk the settings want followed: followed from when it is asked for, followed anew when
/// its address or token changes, no longer followed when turned off.
#[derive(Debug, Default)]
pub struct Following {
    follow: Option<Follow>,
    problem: Option<Text>,
    /// What the recorder reads (see [`FollowedWatch`]).
    watch: FollowedWatch,
}

impl Following {
    /// Follows `wanted` (`None`: nobody). `subscribe` (my record as it stands, then its changes)
    /// and `wake` are asked only when following starts.
    pub fn follow(
        &mut self,
        wanted: Option<Desk>,
        subscribe: impl FnOnce() -> Subscription,
        rules: RuleOptions,
        wake: impl FnOnce() -> Wake,
    ) {
        // Only another address is another desk; a new name or token is taken as it is (the
        // event stream goes on: a token typed key by key opens no stream per key).
        let place = |d: &Desk| d.address.clone();
        if self.follow.as_ref().map(|f| place(&f.desk)) == wanted.as_ref().map(place) {
            if let (Some(f), Some(w)) = (&mut self.follow, wanted) {
                if f.desk.token != w.token {
                    *f.shared.token.lock().unwrap_or_else(PoisonError::into_inner) = w.token.clone();
                    f.shared.mark_stale();
                }
                f.desk = w;
            }
            self.publish();
            return;
        }
        self.follow = None;
        self.problem = None;
        if let Some(desk) = wanted {
            match Follow::start(desk, subscribe(), rules, wake()) {
                Ok(f) => self.follow = Some(f),
                Err(e) => self.problem = Some(tr!("broadcast-follow-no-threads", why = e.to_string())),
            }
        }
        self.publish();
    }

    /// Where the recorder reads the desk followed (the same watch from first to last).
    pub fn watch(&self) -> FollowedWatch {
        self.watch.clone()
    }

    /// Tells the watch which desk is followed now.
    fn publish(&self) {
        self.watch.set(
            self.follow.as_ref().map(|f| (f.desk.name.clone(), f.desk.address.clone(), Arc::clone(&f.shared.followed))),
        );
    }

    /// The desk followed and what following it shows now.
    pub fn followed(&self) -> Option<(&Desk, Arc<Followed>)> {
        self.follow.as_ref().map(|f| (f.desk(), f.followed()))
    }

    /// Why the desk asked for is not followed.
    pub fn problem(&self) -> Option<&Text> {
        self.problem.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desk_is_read_from_what_a_scorer_pastes() {
        let t = "0123456789abcdef0123456789abcdef";
        let d = Desk::parse(" 192.168.1.20:8765 ", t).unwrap_or_else(|e| panic!("{}", e.en));
        assert_eq!((d.address.as_str(), d.token.as_str()), ("192.168.1.20:8765", t));
        assert_eq!(d.record_url(), format!("http://192.168.1.20:8765/api/record.jmjp?token={t}"));
        // The record's address pasted whole: its token counts, whatever the token field says.
        let url = format!("http://desk-a.local:8765/api/record.jmjp?token={t}");
        let d = Desk::parse(&url, "old").unwrap_or_else(|e| panic!("{}", e.en));
        assert_eq!((d.address.as_str(), d.token.as_str()), ("desk-a.local:8765", t));
        let d = Desk::parse(&format!("localhost:9000?token={t}"), "").unwrap_or_else(|e| panic!("{}", e.en));
        assert_eq!(d.address, "localhost:9000");
        // What is not a desk is said, in both languages.
        for (address, token, says) in [
            ("192.168.1.20", t, "host:port"),
            ("192.168.1.20:0", t, "host:port"),
            (":8765", t, "host:port"),
            ("192.168.1.20:8765", "", "token is missing"),
            ("192.168.1.20:8765", "abc def", "token is missing"),
            ("https://192.168.1.20:8765", t, "not https"),
        ] {
            let e = Desk::parse(address, token).err().unwrap_or_else(|| panic!("{address} {token} accepted"));
            assert!(e.en.contains(says), "{address}: {}", e.en);
            assert!(e.ja != e.en, "{address}: said in Japanese too");
        }
    }

    #[test]
    fn a_desk_that_is_not_there_is_unreachable_not_an_error_of_the_program() {
        // A port just let go: nobody listens there.
        let free = std::net::TcpListener::bind("127.0.0.1:0").map(|l| l.local_addr().map(|a| a.port()));
        let Ok(Ok(port)) = free else { return };
        let url = format!("http://127.0.0.1:{port}/api/record.jmjp?token=abc");
        assert!(matches!(fetch(&url), Err(FetchError::Unreachable(_))));
    }
}
