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
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

pub use super::other_desk::{
    Desk, FetchError, FollowTimings, fetch, fetch_text, fetch_text_within, fetch_within, not_a_record, shown_address,
};
use super::other_desk::{DeskWords, EventLines, MAX_LINE, agent, seconds};
use crate::compare::live::{self, LiveComparison};
pub use crate::compare::live::{Followed, FollowedWatch, LinkState};
use crate::document::Subscription;
use crate::format::Paifu;
use crate::i18n::{Text, tr};
use crate::scoring::RuleOptions;

/// How often the link's state is looked at when nothing else wakes the comparing thread (their
/// record and mine wake it at once).
const POLL: Duration = Duration::from_millis(100);

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
    /// How many `state` events their stream brought (keep-alives and blank lines are none).
    events: AtomicU64,
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

    /// Waits up to `limit` for my record to change, or theirs when `theirs_wakes` (while a read
    /// of theirs waits for its turn, their changes gather without waking); what changed (and
    /// cleared).
    fn wait(&self, limit: Duration, theirs_wakes: bool) -> Pending {
        let p = self.pending();
        let (mut p, _) = self
            .wake
            .wait_timeout_while(p, limit, |p| !(p.stale && theirs_wakes) && p.mine.is_none())
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
        Follow::start_within(desk, mine, rules, wake, FollowTimings::default())
    }

    /// [`Follow::start`] with other timings (short ones, in tests).
    pub fn start_within(
        desk: Desk,
        mine: Subscription,
        rules: RuleOptions,
        wake: Wake,
        timings: FollowTimings,
    ) -> std::io::Result<Follow> {
        let shared = Arc::new(Shared { token: Mutex::new(desk.token.clone()), ..Shared::default() });
        let stop = Arc::new(AtomicBool::new(false));
        let (s, st, d) = (Arc::clone(&shared), Arc::clone(&stop), desk.clone());
        let w = Arc::clone(&wake);
        std::thread::Builder::new()
            .name("double entry: events".into())
            .spawn(move || read_events(&d, &s, &st, &w, &timings))?;
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
            .spawn(move || compare_loop(&d, &rules, (&s, &st, &wake), &timings))?;
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

/// The event stream's thread: each `state` event makes the record stale; nothing else the
/// stream brings does (a desk sends its record's state as the first event of a connection, so a
/// connection made again brings it too). A line must come whole within `t.silent`, and a stop
/// is seen within a read's wait.
fn read_events(desk: &Desk, shared: &Shared, stop: &AtomicBool, wake: &Wake, t: &FollowTimings) {
    let agent = agent(t, None, t.silent);
    let words = DeskWords::of(&desk.address, &desk.token);
    let address = shown_address(&desk.address);
    while !stop.load(Ordering::SeqCst) {
        let url = desk.events_url();
        match agent.get(&url).header("Accept", "text/event-stream").call() {
            Ok(r) if r.status().as_u16() == 200 => {
                // Connected (again): their record is read when its first state event comes.
                *shared.link() = LinkState::Up;
                let paced =
                    Paced { body: r.into_body().into_reader(), line_began: Instant::now(), limit: t.silent, stop };
                let mut reader = BufReader::new(paced);
                let mut line = Vec::new();
                let mut event = EventLines::default();
                let why = loop {
                    line.clear();
                    reader.get_mut().line_began = Instant::now();
                    // A line longer than an event ever is (the table of a long match is well
                    // under a megabyte) is not an event stream: the connection is let go.
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                        Ok(0) => break tr!("broadcast-follow-stream-ended").text(),
                        Ok(_) if line.last() != Some(&b'\n') => break tr!("broadcast-follow-not-a-stream").text(),
                        Ok(_) if event.line(&line) => {
                            shared.events.fetch_add(1, Ordering::SeqCst);
                            shared.mark_stale();
                        }
                        // A flood of what is no event (blank lines, comments) is let go, and
                        // the stream opened again after the retry's wait: a desk flooding its
                        // stream is read some kilobytes a second.
                        Ok(_) if event.flooded() => {
                            break tr!("broadcast-follow-flood").text();
                        }
                        Ok(_) => {}
                        Err(_) if stop.load(Ordering::SeqCst) => return,
                        Err(e) if e.kind() == std::io::ErrorKind::TimedOut && reader.get_ref().too_slow() => {
                            break tr!("broadcast-follow-line-too-slow", seconds = seconds(t.silent));
                        }
                        Err(e) => break words.failure(ureq::Error::from(e), t, t.silent).text().clone(),
                    }
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                };
                shared.unreachable(tr!("broadcast-follow-unreachable", address = address.as_str(), why = why));
            }
            Ok(r) => *shared.link() = LinkState::Refused(words.not_ok(r).text().clone()),
            Err(e) => shared.unreachable(words.failure(e, t, t.silent).text().clone()),
        }
        wake();
        std::thread::sleep(t.retry);
    }
}

/// The event stream's body, read so that a line comes whole within `limit` (a desk dripping a
/// byte a second holds no thread) and a stop is seen at each read.
struct Paced<'a, R> {
    body: R,
    line_began: Instant,
    limit: Duration,
    stop: &'a AtomicBool,
}

impl<R> Paced<'_, R> {
    /// The line being read has taken longer than it may.
    fn too_slow(&self) -> bool {
        self.line_began.elapsed() > self.limit
    }
}

impl<R: Read> Read for Paced<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.stop.load(Ordering::SeqCst) {
            return Err(std::io::Error::other("no longer followed"));
        }
        if self.too_slow() {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "a line too slow"));
        }
        self.body.read(buf)
    }
}

/// The comparing thread: my record from the flow of changes, theirs when stale; compared and
/// published whenever either changed. Their record is read at most once per `t.spacing`:
/// changes that come meanwhile are read together when it has passed, so a desk sending a flood
/// of events is read four times a second, and never more often than its events came.
fn compare_loop(
    desk: &Desk,
    rules: &RuleOptions,
    (shared, stop, wake): (&Shared, &AtomicBool, &Wake),
    t: &FollowTimings,
) {
    let mut my_record: Option<(u64, Arc<Paifu>)> = None;
    let mut theirs: Option<Arc<Paifu>> = None;
    let mut reads = 0;
    let mut shown_link = LinkState::Connecting;
    let mut judged = live::Judged::default();
    // Their record is to be read (as soon as the spacing allows), and when the last read began.
    let (mut due, mut last_read): (bool, Option<Instant>) = (false, None);
    while !stop.load(Ordering::SeqCst) {
        let turn = last_read.map(|at| at + t.spacing);
        let limit = match turn {
            Some(turn) if due => turn.saturating_duration_since(Instant::now()).min(POLL),
            _ => POLL,
        };
        let came = shared.wait(limit, !due);
        if stop.load(Ordering::SeqCst) {
            return;
        }
        let mut changed = came.mine.is_some();
        if let Some(m) = came.mine {
            my_record = Some(m);
        }
        let now = Instant::now();
        due |= came.stale;
        if due && turn.is_none_or(|turn| now >= turn) {
            (due, last_read) = (false, Some(now));
            let desk = Desk { token: shared.token(), ..desk.clone() };
            match fetch_within(&desk.record_url(), t) {
                Ok(p) => {
                    reads += 1;
                    theirs = Some(Arc::new(p));
                    *shared.link() = LinkState::Up;
                    changed = true;
                }
                // Read again at their next state event (their next entry, or the stream
                // connected again), not before: a desk read only as often as it says it changed.
                Err(FetchError::Unreachable(why)) => shared.unreachable(why),
                Err(FetchError::Refused(why) | FetchError::NotARecord(why)) => {
                    *shared.link() = LinkState::Refused(why);
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
            events: shared.events.load(Ordering::SeqCst),
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
            self.follow.as_ref().map(|f| (f.desk.name.clone(), f.desk.to_string(), Arc::clone(&f.shared.followed))),
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
