//! Two desks of a double entry in one process: each a document publishing to its feed, a
//! recorder, and a server of its record; each follows the other over loopback.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use jmjp_studio::broadcast::{OnAir, Server, SystemClock};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::double_entry::follow::{Desk, Follow, FollowTimings, Followed, LinkState};
use jmjp_studio::format::{self, FramesRecorded, Match, Name, Paifu, Recorder, StrLit};
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::scoring::RuleOptions;

/// How long a desk may take to show what both have entered.
pub const DEADLINE: Duration = Duration::from_secs(10);

/// The match of the corpus's tenhou.net/6 log `name`, whole.
pub fn corpus(name: &str) -> Match {
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    let text = std::fs::read_to_string(&log).unwrap_or_else(|e| panic!("{}: {e}", log.display()));
    jmjp_studio::interop::tenhou6::import(&text).unwrap_or_else(|e| panic!("{name}: {e}")).matches.remove(0)
}

/// `m`'s header (no frames) recorded by `recorder` (all frames).
pub fn header(m: &Match, recorder: &str) -> Match {
    let name = Name { last: Some(StrLit::native(recorder)), first: None };
    Match {
        frames: Vec::new(),
        recorders: vec![Recorder { name: Some(name), frames: FramesRecorded::All }],
        ..m.clone()
    }
}

/// One desk: its document (publishing to its feed), its recorder and its server.
pub struct Station {
    pub name: &'static str,
    pub feed: Feed,
    pub doc: Document,
    pub rec: LiveRecording,
    /// `None` while its server is down.
    pub server: Option<Server>,
    pub addr: SocketAddr,
    pub token: String,
}

impl Station {
    /// A desk recording `m`'s match (its header, credited to `recorder`) in memory, served on a
    /// free port.
    pub fn new(name: &'static str, m: &Match, recorder: &str) -> Station {
        Station::with(
            name,
            Document::new(Paifu { matches: vec![header(m, recorder)] }, false),
            LiveRecording::in_memory(),
        )
    }

    /// A desk recording `m`'s match (credited to `recorder`) into the file at `path`, with its
    /// journal beside it, served on a free port.
    pub fn recording(name: &'static str, m: &Match, recorder: &str, path: &Path) -> Station {
        let doc = Document::new(Paifu { matches: vec![header(m, recorder)] }, false);
        let rec = LiveRecording::start(&doc, path).unwrap_or_else(|e| panic!("{}", e.text().en));
        Station::with(name, doc, rec)
    }

    /// A desk recording `doc` with `rec`, served on a free port.
    pub fn with(name: &'static str, doc: Document, rec: LiveRecording) -> Station {
        Station::serving(name, doc, rec, "127.0.0.1:0".parse().unwrap(), None)
    }

    /// A desk recording `doc` with `rec`, served at `addr` with `token` (a new one when `None`).
    pub fn serving(
        name: &'static str,
        mut doc: Document,
        rec: LiveRecording,
        addr: SocketAddr,
        token: Option<&str>,
    ) -> Station {
        let feed = Feed::new();
        doc.publish_to(&feed);
        let mut s = Station { name, feed, doc, rec, server: None, addr, token: token.unwrap_or_default().into() };
        s.restore();
        s
    }

    /// Makes `e`, which must be taken.
    pub fn enter(&mut self, e: Entry) {
        if let Err(p) = self.rec.enter(&mut self.doc, e.clone()) {
            panic!("desk {}: {e:?} refused: {p:?}", self.name);
        }
    }

    /// Its record's address with its token, as a scorer pastes it.
    pub fn url(&self) -> String {
        format!("http://{}/api/record.jmjp?token={}", self.addr, self.token)
    }

    /// Its server stopped (a crash, a cable pulled).
    pub fn cut(&mut self) {
        self.server = None;
    }

    /// Its server started again on the same port with the same token (the token the settings
    /// keep).
    pub fn restore(&mut self) {
        let deadline = Instant::now() + DEADLINE;
        loop {
            let on_air = OnAir::new(Arc::new(SystemClock), RuleOptions::default()).with_token(&self.token);
            match Server::start_on(on_air, self.doc.subscribe().unwrap(), self.addr) {
                Ok(s) => {
                    if !self.token.is_empty() {
                        assert_eq!(s.token(), self.token, "the token kept");
                    }
                    (self.addr, self.token) = (s.addr(), s.token().to_string());
                    self.server = Some(s);
                    return;
                }
                // The port let go a moment ago may still be held by the system.
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                Err(e) => panic!("desk {}: {e}", self.name),
            }
        }
    }
}

/// A new empty folder for `name` under the temporary folder.
pub fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-double-live-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Desk `me` following desk `them`, its reads spaced 25 ms rather than the program's 250 ms: the
/// two desks type at once, so with 250 ms nearly every difference would wait out the spacing and
/// the 220 cases take 8 minutes instead of 1 (`double_hostile` checks the program's own spacing).
pub fn follow(me: &Station, them: &Station) -> Follow {
    let desk = Desk::parse(&them.url(), "").unwrap();
    let timings = FollowTimings { spacing: Duration::from_millis(25), ..FollowTimings::default() };
    Follow::start_within(desk, me.doc.subscribe().unwrap(), RuleOptions::default(), Arc::new(|| {}), timings).unwrap()
}

/// What `f` shows once `what` holds, or what it shows at the deadline.
pub fn wait_for(f: &Follow, what: impl Fn(&Followed) -> bool) -> Result<Arc<Followed>, Arc<Followed>> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let now = f.followed();
        if what(&now) {
            return Ok(now);
        }
        if Instant::now() > deadline {
            return Err(now);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// What `me`'s follower `f` shows once it has compared my record as it is now with theirs as it
/// is now (the link up); `Err` with what it shows at the deadline, in short.
pub fn settled(f: &Follow, me: &Station, them: &Station) -> Result<Arc<Followed>, String> {
    let seq = me.feed.seq();
    // Their record as its server serves it (the canonical text read back).
    let served = format::parse(&format::write(them.doc.paifu())).unwrap().paifu;
    wait_for(f, |x| x.link == LinkState::Up && x.mine_seq == seq && x.theirs.as_deref() == Some(&served)).map_err(|x| {
        format!(
            "link {:?}, my seq {} of {seq}, their record read {} times{}, {} differences, behind {:?}",
            x.link,
            x.mine_seq,
            x.reads,
            if x.theirs.as_deref() == Some(&served) { " (as it is)" } else { " (not as it is)" },
            x.live.differences.len(),
            x.live.behind
        )
    })
}
