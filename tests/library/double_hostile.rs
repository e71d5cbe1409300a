//! A hostile desk followed (issue 49): a fake desk on loopback, written here with std's
//! `TcpListener` (a thread a connection), floods its event stream with blank lines and
//! keep-alives, sends bursts of `state` events, redirects, answers with escape sequences, a body
//! over the limit or not UTF-8, drips a byte a second (its record, or a line of its event stream),
//! or is not there at all. The follower reads the record only after a `state` event, never more
//! often than they come and at most four times a second, follows no redirect, shows
//! no control character and says what happened; `compare FILE URL` never prints the token.
//! Every test ends by itself within seconds (the follower's timings are short here).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jmjp_studio::document::{Document, Feed};
use jmjp_studio::double_entry::follow::{
    Desk, FetchError, Follow, FollowTimings, Followed, LinkState, fetch_text_within, fetch_within,
};
use jmjp_studio::format::{self, FramesRecorded, Match, Name, Paifu, Player, Recorder, StrLit};
use jmjp_studio::i18n::Text;
use jmjp_studio::scoring::RuleOptions;

/// The token of the fake desk's record: no output may hold it.
const TOKEN: &str = "5ecret0token0never0shown00000abc";
/// The players of the records served.
const NAMES: [&str; 4] = ["多井 隆晴", "佐々木 寿人", "小林 剛", "瀬戸熊 直樹"];
/// The longest any wait of these tests may take.
const DEADLINE: Duration = Duration::from_secs(10);

/// Short timings: a read of the record gives up after 1.5 s, a connection after 1 s. The
/// spacing of the reads is the program's own (250 ms).
fn short() -> FollowTimings {
    FollowTimings {
        connect: Duration::from_secs(1),
        silent: Duration::from_secs(3),
        fetch: Duration::from_millis(1500),
        retry: Duration::from_millis(300),
        ..FollowTimings::default()
    }
}

/// Record number `n`: its recorder named `v{n}`, its players `names`.
fn record(n: usize, names: [&str; 4]) -> Paifu {
    let name = |s: &str| Some(Name { last: Some(StrLit::native(s)), first: None });
    let m = Match {
        recorders: vec![Recorder { name: name(&format!("v{n}")), frames: FramesRecorded::All }],
        players: (0..4).map(|i| Player { id: i as u8, name: name(names[i]), ..Player::default() }).collect(),
        ..Match::default()
    };
    Paifu { matches: vec![m] }
}

/// Record number `n` as served.
fn served(n: usize) -> String {
    format::write(&record(n, NAMES))
}

/// Record number `n` as the follower reads it back.
fn read_back(n: usize) -> Paifu {
    format::parse(&served(n)).unwrap().paifu
}

/// What the fake desk does with one request: its path (with the query), the connection, the
/// desk's stop.
type Handler = Arc<dyn Fn(&str, &mut TcpStream, &AtomicBool) + Send + Sync>;

/// A desk on a free loopback port answering each request with `handler`, on a thread a
/// connection; it logs every request (when, which path) and counts the connections. Dropped, it
/// stops: its threads end within a few milliseconds.
struct FakeDesk {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    requests: Arc<Mutex<Vec<(Instant, String)>>>,
    accepted: Arc<AtomicUsize>,
}

impl FakeDesk {
    fn start(handler: Handler) -> FakeDesk {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let accepted = Arc::new(AtomicUsize::new(0));
        let (st, rq, ac) = (Arc::clone(&stop), Arc::clone(&requests), Arc::clone(&accepted));
        std::thread::spawn(move || {
            let born = Instant::now();
            while !st.load(Ordering::SeqCst) && born.elapsed() < Duration::from_secs(30) {
                let Ok((mut s, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(2));
                    continue;
                };
                ac.fetch_add(1, Ordering::SeqCst);
                let (st, rq, handler) = (Arc::clone(&st), Arc::clone(&rq), Arc::clone(&handler));
                std::thread::spawn(move || {
                    s.set_nonblocking(false).unwrap();
                    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
                    s.set_write_timeout(Some(Duration::from_secs(2))).unwrap();
                    if let Some(path) = request_path(&mut s) {
                        rq.lock().unwrap().push((Instant::now(), path.clone()));
                        handler(&path, &mut s, &st);
                    }
                });
            }
        });
        FakeDesk { addr, stop, requests, accepted }
    }

    /// Its record's address with the token, as a scorer pastes it.
    fn url(&self) -> String {
        format!("http://{}/api/record.jmjp?token={TOKEN}", self.addr)
    }

    /// When each request for the record came.
    fn record_reads(&self) -> Vec<Instant> {
        self.requests.lock().unwrap().iter().filter(|(_, p)| p.starts_with("/api/record")).map(|(t, _)| *t).collect()
    }

    /// How many times the event stream was asked for.
    fn connects(&self) -> usize {
        self.requests.lock().unwrap().iter().filter(|(_, p)| p.starts_with("/api/events")).count()
    }
}

impl Drop for FakeDesk {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// The path of the request coming on `s` (its head read whole), or `None`.
fn request_path(s: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && head.len() < 16 * 1024 {
        if s.read(&mut byte).ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    head.lines().next()?.split(' ').nth(1).map(str::to_string)
}

/// A whole answer: its status line, more header lines, its body.
fn answer(s: &mut TcpStream, status: &str, headers: &str, body: &[u8]) {
    let head = format!("HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n{headers}\r\n", body.len());
    let _ = s.write_all(head.as_bytes()).and_then(|()| s.write_all(body));
}

/// The head of an event stream (its body lasts until the connection closes).
fn stream_head(s: &mut TcpStream) -> bool {
    s.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n").is_ok()
}

/// Keeps the connection open, saying nothing, until the desk stops (at most 20 s).
fn idle(stop: &AtomicBool) {
    let born = Instant::now();
    while !stop.load(Ordering::SeqCst) && born.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Sleeps `d` or until the desk stops.
fn pause(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while !stop.load(Ordering::SeqCst) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(2).min(until.saturating_duration_since(Instant::now())));
    }
}

/// A `state` event as the server sends it.
fn state_event(n: usize) -> String {
    format!("event: state\nid: {n}\ndata: {{\"n\":{n}}}\n\n")
}

/// My desk (its record and the flow of its changes) following `desk` with timings `t`.
struct Me {
    follow: Follow,
    _feed: Feed,
    _doc: Document,
}

fn follow(desk: &FakeDesk, t: FollowTimings) -> Me {
    let feed = Feed::new();
    let mut doc = Document::new(record(0, NAMES), false);
    doc.publish_to(&feed);
    let d = Desk::parse(&desk.url(), "").unwrap();
    let follow = Follow::start_within(d, doc.subscribe().unwrap(), RuleOptions::default(), Arc::new(|| {}), t).unwrap();
    Me { follow, _feed: feed, _doc: doc }
}

/// What `f` shows once `what` holds, or what it shows at the deadline.
fn wait_for(f: &Follow, what: impl Fn(&Followed) -> bool) -> Result<Arc<Followed>, Arc<Followed>> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let now = f.followed();
        if what(&now) {
            return Ok(now);
        }
        if Instant::now() > deadline {
            return Err(now);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The words of a link in trouble.
fn why(link: &LinkState) -> Option<&Text> {
    match link {
        LinkState::Unreachable { why, .. } | LinkState::Refused(why) => Some(why),
        _ => None,
    }
}

/// `t` in both languages holds `en` (English) and `ja` (Japanese), no control character and not
/// the token.
fn says(t: &Text, en: &str, ja: &str) {
    assert!(t.en.contains(en), "{:?} does not say {en:?}", t.en);
    assert!(t.ja.contains(ja), "{:?} does not say {ja:?}", t.ja);
    for s in [&t.en, &t.ja] {
        assert!(!s.contains(TOKEN), "the token shown: {s:?}");
        assert!(!s.chars().any(char::is_control), "a control character shown: {s:?}");
    }
}

/// The processor time (user and system, in seconds) of this process's threads named `name`
/// (the follower's: `double entry: events` shows as `double entry: e`); `None` off Linux. Other
/// tests running at once with followers of their own count too: run one test alone to measure.
fn cpu_of_threads(name: &str) -> Option<f64> {
    let mut ticks = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if !comm.trim_end().starts_with(name) {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // After the name in parentheses: state is field 3, utime 14 and stime 15.
        let fields: Vec<&str> = stat.rsplit_once(')').map(|(_, r)| r.split_whitespace().collect()).unwrap_or_default();
        ticks += fields.get(11).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
        ticks += fields.get(12).and_then(|f| f.parse::<u64>().ok()).unwrap_or(0);
    }
    Some(ticks as f64 / 100.0)
}

/// The fewest milliseconds between two reads that followed each other.
fn smallest_gap(reads: &[Instant]) -> u128 {
    reads.windows(2).map(|w| w[1].duration_since(w[0]).as_millis()).min().unwrap_or(u128::MAX)
}

/// What a flood of blank lines and comments showed, `noise` bytes of them written again and
/// again (`paced`: once before each `state` event, sent every `every`) for `RUN`: the reads of the record (when), the connections, the
/// state events sent, what the follower showed, the processor time of its two threads.
struct Flooded {
    reads: Vec<Instant>,
    connects: usize,
    sent: usize,
    shown: Arc<Followed>,
}

fn flood(noise: usize, every: Duration, paced: bool) -> Flooded {
    const RUN: Duration = Duration::from_secs(2);
    let version = Arc::new(AtomicUsize::new(0));
    let (states, blanks, done) =
        (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
    // The run begins with the first connection; the follower may connect again meanwhile.
    let (begun, next) = (Arc::new(std::sync::OnceLock::new()), Arc::new(Mutex::new(None::<Instant>)));
    let (v, st, bl, dn) = (Arc::clone(&version), Arc::clone(&states), Arc::clone(&blanks), Arc::clone(&done));
    let desk = FakeDesk::start(Arc::new(move |path, s, stop| {
        if !path.starts_with("/api/events") {
            return answer(s, "200 OK", "", served(v.load(Ordering::SeqCst)).as_bytes());
        }
        if !stream_head(s) {
            return;
        }
        // As a desk does: its record's state first, on every connection.
        if s.write_all(state_event(v.load(Ordering::SeqCst)).as_bytes()).is_err() {
            return;
        }
        st.fetch_add(1, Ordering::SeqCst);
        // Blank lines, keep-alive comments, an event of another name, an event with no data.
        let mut flood = vec![b'\n'; noise];
        flood.extend_from_slice(b": keep-alive\n\n:\n\nevent: other\ndata: x\n\nevent: state\n\n");
        let start = *begun.get_or_init(Instant::now);
        while !stop.load(Ordering::SeqCst) && start.elapsed() < RUN {
            if s.write_all(&flood).is_err() {
                return;
            }
            bl.fetch_add(noise + 4, Ordering::SeqCst);
            let mut next = next.lock().unwrap();
            let due = next.unwrap_or(start + every);
            if paced {
                pause(stop, due.saturating_duration_since(Instant::now()));
            }
            if Instant::now() >= due {
                let n = v.fetch_add(1, Ordering::SeqCst) + 1;
                *next = Some(due + every);
                if s.write_all(state_event(n).as_bytes()).is_err() {
                    return;
                }
                st.fetch_add(1, Ordering::SeqCst);
            }
        }
        dn.store(start.elapsed() >= RUN, Ordering::SeqCst);
        idle(stop);
    }));
    let me = follow(&desk, short());
    // Caught up: the record as it is at the end of the run read (and, paced, every event seen:
    // none is lost on a connection let go).
    let shown = wait_for(&me.follow, |x| {
        done.load(Ordering::SeqCst)
            && x.theirs.as_deref() == Some(&read_back(version.load(Ordering::SeqCst)))
            && (!paced || x.events == states.load(Ordering::SeqCst) as u64)
    });
    let shown = shown.unwrap_or_else(|x| panic!("not caught up: {} events, {} reads, {:?}", x.events, x.reads, x.link));
    let cpu = (cpu_of_threads("double entry: e"), cpu_of_threads("double entry: c"));
    let f =
        Flooded { reads: desk.record_reads(), connects: desk.connects(), sent: states.load(Ordering::SeqCst), shown };
    let span = f.reads.last().unwrap().duration_since(f.reads[0]).as_secs_f64();
    eprintln!(
        "flood: {} blank lines ({:.0} MB), {} before each state event, and {} state events in {:.1} s over {} \
         connection(s): {} reads of the record in {span:.2} s, the closest {} ms apart; the follower counted {} \
         events; processor time of the threads reading the stream {:?} s, reading and comparing the record {:?} s",
        blanks.load(Ordering::SeqCst),
        blanks.load(Ordering::SeqCst) as f64 / 1e6,
        noise,
        f.sent,
        RUN.as_secs_f64(),
        f.connects,
        f.reads.len(),
        smallest_gap(&f.reads),
        f.shown.events,
        cpu.0,
        cpu.1
    );
    assert!(f.sent >= 5, "{} state events sent", f.sent);
    assert!(f.shown.events <= f.sent as u64, "{} events seen of {}", f.shown.events, f.sent);
    assert!(f.reads.len() <= f.sent, "{} reads for {} state events", f.reads.len(), f.sent);
    // At most four a second: 250 ms between the starts of two reads (less as the fake desk sees
    // them when one request crossed loopback late, on a loaded machine).
    assert!(smallest_gap(&f.reads) >= 150, "reads {} ms apart", smallest_gap(&f.reads));
    assert!(f.reads.len() as f64 <= 1.0 + span * 4.0 + 0.5, "{} reads in {span:.2} s", f.reads.len());
    assert!(f.shown.reads as usize <= f.reads.len());
    f
}

#[test]
fn blank_lines_and_keep_alives_between_state_events_read_the_record_only_for_them_four_times_a_second_at_most() {
    // 60,000 blank lines before each of 20 state events (one every 100 ms): every event seen,
    // one connection, the reads coalesced.
    let f = flood(60_000, Duration::from_millis(100), true);
    assert_eq!(f.connects, 1, "one connection");
    assert_eq!(f.shown.events, f.sent as u64, "every state event seen");
    assert!(f.reads.len() <= 10, "{} reads for {} state events in 2 s", f.reads.len(), f.sent);
}

#[test]
fn a_flood_of_blank_lines_is_let_go_and_the_record_still_read_four_times_a_second_at_most() {
    // As fast as the desk can write: past 64 KiB of blank lines and comments with no state
    // event the stream is let go and opened again (after the retry's wait), the record read for
    // the state event each connection opens with.
    let f = flood(256 * 1024, Duration::from_millis(300), false);
    assert!(f.connects > 1, "{} connection(s)", f.connects);
}

#[test]
fn a_burst_of_fifty_state_events_is_one_or_two_reads_and_the_last_state_is_compared() {
    let version = Arc::new(AtomicUsize::new(0));
    let burst_at = Arc::new(Mutex::new(None::<(Instant, Instant)>));
    let (v, at) = (Arc::clone(&version), Arc::clone(&burst_at));
    let desk = FakeDesk::start(Arc::new(move |path, s, stop| {
        if !path.starts_with("/api/events") {
            return answer(s, "200 OK", "", served(v.load(Ordering::SeqCst)).as_bytes());
        }
        if !stream_head(s) {
            return;
        }
        // No state on connecting (so no read), then 50 states in 100 ms.
        pause(stop, Duration::from_millis(400));
        let start = Instant::now();
        for n in 1..=50 {
            v.store(n, Ordering::SeqCst);
            if s.write_all(state_event(n).as_bytes()).is_err() {
                return;
            }
            pause(stop, Duration::from_micros(2000));
        }
        *at.lock().unwrap() = Some((start, Instant::now()));
        idle(stop);
    }));
    let me = follow(&desk, short());
    let shown = wait_for(&me.follow, |x| x.events == 50 && x.theirs.as_deref() == Some(&read_back(50)));
    let shown = shown.unwrap_or_else(|x| panic!("the last state not compared: {} events, {} reads", x.events, x.reads));
    // Nothing more comes after it.
    std::thread::sleep(Duration::from_millis(400));
    let (start, end) = burst_at.lock().unwrap().unwrap();
    let reads = desk.record_reads();
    let in_burst = reads.iter().filter(|t| **t >= start).count();
    eprintln!(
        "burst: 50 state events in {} ms: {} reads of the record ({in_burst} after the burst began), the closest {} ms apart",
        end.duration_since(start).as_millis(),
        reads.len(),
        smallest_gap(&reads)
    );
    // One read at once, one for the rest 250 ms later; more only when a loaded machine spread
    // the burst over more than 250 ms (one more per 250 ms).
    let spread = end.duration_since(start).as_millis() as usize;
    let most = if spread < 240 { 2 } else { 2 + spread / 250 };
    assert!((1..=most).contains(&in_burst), "{in_burst} reads for a burst of {spread} ms");
    assert_eq!(reads.len(), in_burst, "a read with no state event before it");
    assert_eq!(shown.link, LinkState::Up);
    assert_eq!(shown.reads as usize, reads.len());
}

#[test]
fn a_redirect_is_said_and_not_followed() {
    // Where the redirect points: it must see no connection at all.
    let target = FakeDesk::start(Arc::new(|_, s, _| answer(s, "200 OK", "", served(7).as_bytes())));
    let location = format!("Location: {}\r\n", target.url());
    let (l1, l2) = (location.clone(), location);
    // A desk whose record redirects (its event stream is fine) ...
    let desk = FakeDesk::start(Arc::new(move |path, s, stop| {
        if path.starts_with("/api/events") {
            if stream_head(s) && s.write_all(state_event(1).as_bytes()).is_ok() {
                idle(stop);
            }
        } else {
            answer(s, "302 Found", &l1, b"");
        }
    }));
    // ... and one where everything does.
    let all = FakeDesk::start(Arc::new(move |_, s, _| answer(s, "307 Temporary Redirect", &l2, b"")));
    let port = target.addr.port().to_string();
    match fetch_text_within(&desk.url(), &short()) {
        Err(FetchError::Refused(t)) => {
            says(&t, "redirects to http://127.0.0.1:", "転送");
            says(&t, &port, &port);
        }
        other => panic!("{other:?}"),
    }
    let me = follow(&desk, short());
    let shown = wait_for(&me.follow, |x| why(&x.link).is_some()).unwrap_or_else(|x| panic!("{:?}", x.link));
    says(why(&shown.link).unwrap(), "redirects to", "転送");
    let them = follow(&all, short());
    let shown = wait_for(&them.follow, |x| why(&x.link).is_some()).unwrap_or_else(|x| panic!("{:?}", x.link));
    says(why(&shown.link).unwrap(), "(answer 307)", "転送");
    // Given time to follow it, had it wanted to.
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(target.accepted.load(Ordering::SeqCst), 0, "the redirect's target was asked");
}

/// What a hostile desk puts in its answers: a screen cleared, a terminal's title set, a bell,
/// a C1 control, a direction reversed, line breaks, the follower's own token echoed back.
fn hostile_text() -> String {
    format!("\u{1b}[2J\u{1b}]0;pwned\u{7}boom\r\n\u{1b}[31mred\u{9b}1m\u{202e}txet token={TOKEN}\u{7f}")
}

#[test]
fn what_a_desk_sends_is_shown_without_control_characters_or_the_token() {
    let body = hostile_text();
    let (b1, b2) = (body.clone(), body);
    // Its record: an error with escape sequences; its event stream: fine.
    let desk = FakeDesk::start(Arc::new(move |path, s, stop| {
        if path.starts_with("/api/events") {
            if stream_head(s) && s.write_all(state_event(1).as_bytes()).is_ok() {
                idle(stop);
            }
        } else {
            answer(s, "500 Internal Error", "", b1.as_bytes());
        }
    }));
    match fetch_text_within(&desk.url(), &short()) {
        Err(FetchError::Refused(t)) => says(&t, "answered 500", "500"),
        other => panic!("{other:?}"),
    }
    let me = follow(&desk, short());
    let shown = wait_for(&me.follow, |x| why(&x.link).is_some()).unwrap_or_else(|x| panic!("{:?}", x.link));
    let t = why(&shown.link).unwrap();
    says(t, "boom", "boom");
    assert!(t.en.contains("[2J]0;pwnedboom  [31mred1mtxet token=…"), "{}", t.en);
    // Its event stream refused with the same text.
    let events = FakeDesk::start(Arc::new(move |_, s, _| answer(s, "503 Busy", "", b2.as_bytes())));
    let them = follow(&events, short());
    let shown = wait_for(&them.follow, |x| why(&x.link).is_some()).unwrap_or_else(|x| panic!("{:?}", x.link));
    says(why(&shown.link).unwrap(), "answered 503", "503");
    // A record that does not parse, the parser quoting it.
    let garbage = FakeDesk::start(Arc::new(|_, s, _| {
        let text = format!("jmjp[1.0]\n(\u{1b}]0;pwned\u{7}{}\n", hostile_text());
        answer(s, "200 OK", "", text.as_bytes());
    }));
    match fetch_within(&garbage.url(), &short()) {
        Err(FetchError::NotARecord(t)) => says(&t, "not a .jmjp record", "jmjp"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_body_over_the_limit_is_too_large_and_one_not_utf8_is_said_so() {
    // 200 MB announced: refused on its header, before the body is read.
    let sent = Arc::new(AtomicUsize::new(0));
    let (s1, s2) = (Arc::clone(&sent), Arc::new(AtomicUsize::new(0)));
    let streamed = Arc::clone(&s2);
    let zeros = |s: &mut TcpStream, stop: &AtomicBool, sent: &AtomicUsize| {
        let chunk = vec![b'0'; 64 * 1024];
        // Until the reader lets go (at most 200 MB, never kept).
        while !stop.load(Ordering::SeqCst) && sent.load(Ordering::SeqCst) < 200 << 20 {
            if s.write_all(&chunk).is_err() {
                return;
            }
            sent.fetch_add(chunk.len(), Ordering::SeqCst);
        }
    };
    let announced = FakeDesk::start(Arc::new(move |_, s, stop| {
        if s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 209715200\r\n\r\n").is_ok() {
            zeros(s, stop, &s1);
        }
    }));
    let begun = Instant::now();
    match fetch_text_within(&announced.url(), &short()) {
        Err(FetchError::NotARecord(t)) => says(&t, "more than 64 MiB: too large", "大きすぎる"),
        other => panic!("{:?}", other.map(|t| t.len())),
    }
    let announced_took = begun.elapsed();
    // Streamed with no length: read up to the limit, then refused.
    let unannounced = FakeDesk::start(Arc::new(move |_, s, stop| {
        if s.write_all(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n").is_ok() {
            zeros(s, stop, &s2);
        }
    }));
    let begun = Instant::now();
    match fetch_text_within(&unannounced.url(), &FollowTimings { fetch: Duration::from_secs(8), ..short() }) {
        Err(FetchError::NotARecord(t)) => says(&t, "too large", "大きすぎる"),
        other => panic!("{:?}", other.map(|t| t.len())),
    }
    let streamed_took = begun.elapsed();
    std::thread::sleep(Duration::from_millis(100));
    eprintln!(
        "too large: 200 MB announced refused in {} ms ({:.1} MB sent before the reader let go); \
         streamed with no length refused in {} ms ({:.1} MB sent)",
        announced_took.as_millis(),
        sent.load(Ordering::SeqCst) as f64 / 1e6,
        streamed_took.as_millis(),
        streamed.load(Ordering::SeqCst) as f64 / 1e6
    );
    assert!(sent.load(Ordering::SeqCst) < 64 << 20, "the announced body was read");
    // Not UTF-8: said, with where.
    let latin1 = FakeDesk::start(Arc::new(|_, s, _| answer(s, "200 OK", "", b"jmjp[1.0]\n(tnm[\"Caf\xe9\"])")));
    match fetch_text_within(&latin1.url(), &short()) {
        Err(FetchError::NotARecord(t)) => {
            says(&t, "not UTF-8 text (at byte 20)", "UTF-8 のテキストではありません");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_desk_dripping_a_byte_a_second_times_out_and_a_closed_port_is_refused() {
    let t = short();
    // The body dripped, then the head.
    let body = FakeDesk::start(Arc::new(|_, s, stop| {
        if s.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n").is_ok() {
            while !stop.load(Ordering::SeqCst) && s.write_all(b"j").is_ok() {
                pause(stop, Duration::from_secs(1));
            }
        }
    }));
    let head = FakeDesk::start(Arc::new(|_, s, stop| {
        for b in b"HTTP/1.1 200 OK\r\n\r\n" {
            if stop.load(Ordering::SeqCst) || s.write_all(&[*b]).is_err() {
                return;
            }
            pause(stop, Duration::from_secs(1));
        }
    }));
    for desk in [&body, &head] {
        let begun = Instant::now();
        match fetch_text_within(&desk.url(), &t) {
            Err(FetchError::Unreachable(w)) => says(&w, "no whole answer within 1.5 s (timed out)", "時間切れ"),
            other => panic!("{other:?}"),
        }
        let took = begun.elapsed();
        eprintln!("a byte a second: timed out after {} ms (the limit 1500 ms)", took.as_millis());
        assert!(took >= Duration::from_millis(1400) && took < Duration::from_secs(3), "{took:?}");
    }
    // The follower says so too.
    let me = follow(&body, t);
    let shown = wait_for(&me.follow, |x| why(&x.link).is_some_and(|w| w.en.contains("timed out")));
    shown.unwrap_or_else(|x| panic!("{:?}", x.link));
    // A port nobody listens on.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("http://127.0.0.1:{port}/api/record.jmjp?token={TOKEN}");
    match fetch_text_within(&url, &t) {
        Err(FetchError::Unreachable(w)) => says(&w, "does not answer: the connection was refused", "拒否"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_event_stream_dripping_a_byte_at_a_time_is_let_go_and_holds_no_thread_once_unfollowed() {
    // Its state, then a line that never ends, a byte every 300 ms (each read waits for one).
    let (states, closed) = (Arc::new(AtomicUsize::new(0)), Arc::new(Mutex::new(Vec::<Instant>::new())));
    let (st, cl) = (Arc::clone(&states), Arc::clone(&closed));
    let desk = FakeDesk::start(Arc::new(move |path, s, stop| {
        if !path.starts_with("/api/events") {
            return answer(s, "200 OK", "", served(1).as_bytes());
        }
        if !stream_head(s) || s.write_all(state_event(1).as_bytes()).is_err() {
            return;
        }
        st.fetch_add(1, Ordering::SeqCst);
        s.write_all(b"data: ").ok();
        while !stop.load(Ordering::SeqCst) {
            if s.write_all(b"x").is_err() {
                cl.lock().unwrap().push(Instant::now());
                return;
            }
            pause(stop, Duration::from_millis(300));
        }
    }));
    let me = follow(&desk, short());
    let shown = wait_for(&me.follow, |x| why(&x.link).is_some_and(|w| w.en.contains("no whole line")));
    let shown = shown.unwrap_or_else(|x| panic!("{:?}", x.link));
    says(why(&shown.link).unwrap(), "sent no whole line within 3 s (timed out)", "時間切れ");
    assert_eq!(shown.theirs.as_deref(), Some(&read_back(1)), "its state was read before the drip");
    // Connected again, dripping again: no longer followed, its connection is let go at the next
    // byte, not when the line would end.
    let again = Instant::now() + DEADLINE;
    while desk.connects() < 2 && Instant::now() < again {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(400));
    let let_go = Instant::now();
    drop(me);
    while closed.lock().unwrap().len() < desk.connects() && Instant::now() < again {
        std::thread::sleep(Duration::from_millis(5));
    }
    let closed = closed.lock().unwrap().clone();
    assert_eq!(closed.len(), desk.connects(), "a connection still held");
    let took = closed.last().unwrap().duration_since(let_go);
    eprintln!("a dripping event stream: let go within {} ms of no longer being followed", took.as_millis());
    assert!(took < Duration::from_secs(2), "held for {took:?}");
    assert!(desk.record_reads().len() <= states.load(Ordering::SeqCst), "a read with no state event before it");
}

#[test]
fn compare_file_url_never_prints_the_token() {
    use std::process::Command;
    let bin = env!("CARGO_BIN_EXE_jmjp-studio");
    let dir = std::env::temp_dir().join(format!("jmjp-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.jmjp");
    std::fs::write(&file, served(1)).unwrap();
    // What the desk answers: 0 its record (other players, one named with escape sequences), 1 the
    // token refused, 2 an error echoing the token, 3 not a record.
    let mode = Arc::new(AtomicUsize::new(0));
    let m = Arc::clone(&mode);
    let desk = FakeDesk::start(Arc::new(move |_, s, _| match m.load(Ordering::SeqCst) {
        0 => {
            let names = ["多井 隆晴", "佐々木\u{1b}]0;pwned\u{7} 寿人", "小林 剛", "堀 慎吾"];
            answer(s, "200 OK", "", format::write(&record(1, names)).as_bytes());
        }
        1 => answer(s, "403 Forbidden", "", format!("wrong token {TOKEN}").as_bytes()),
        2 => answer(s, "500 Oops", "", hostile_text().as_bytes()),
        _ => answer(s, "200 OK", "", format!("jmjp[1.0]\n({TOKEN}\u{1b}[2J").as_bytes()),
    }));
    let run = |url: &str| {
        let o = Command::new(bin).arg("compare").arg(&file).arg(url).output().unwrap();
        let (out, err) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
        for s in [&out, &err] {
            assert!(!s.contains(TOKEN) && !s.contains("?token="), "the token printed: {s}");
            assert!(!s.chars().any(|c| c.is_control() && c != '\n'), "a control character printed: {s:?}");
        }
        (o.status.code(), out, err)
    };
    let shown = format!("http://{}/api/record.jmjp", desk.addr);
    let (code, out, err) = run(&desk.url());
    assert_eq!(code, Some(1), "{err}");
    assert!(out.lines().count() >= 2 && out.lines().all(|l| l.contains(&shown)), "{out}");
    assert!(out.contains("佐々木]0;pwned 寿人"), "{out}");
    assert!(err.contains(&format!("and {shown}: ")), "{err}");
    for (m, words) in [(1, "refuses the token"), (2, "answered 500"), (3, "not a .jmjp record")] {
        mode.store(m, Ordering::SeqCst);
        let (code, out, err) = run(&desk.url());
        assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
        assert!(err.contains(words) && err.contains(&shown), "{err}");
    }
    // An address that is not one, a port nobody listens on.
    let (code, _, err) = run(&format!("http://127.0.0.1/api/record.jmjp?token={TOKEN}"));
    assert!(code == Some(2) && err.contains("is not a desk's address"), "{err}");
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let (code, _, err) = run(&format!("http://127.0.0.1:{port}/api/record.jmjp?token={TOKEN}"));
    assert!(code == Some(2) && err.contains("connection was refused"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
