//! On air under load and faults, loopback only, bounded in count and time. While 500 entries are
//! made through a real recording (journal and file), 31 pages read the event stream, one never
//! reads (together the 32 streams the server allows: a 33rd takes the slot of the one that never
//! reads, which is closed) and 1,000
//! clients connect and drop in four threads: every entry lands in the journal and the file, the
//! readers get the last event, the server still answers and the process's memory stays bounded.
//! Bad requests (unknown paths, `..` raw and encoded, methods other than GET and HEAD, a 1 MB
//! header, another Host) each get a 4xx, leak no file and change nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::http;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use jmjp_studio::broadcast::Server;
use jmjp_studio::document::io::journal_path;
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{self, Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, Journal, LiveRecording};
use jmjp_studio::rules::simulate::random_match;

const ENTRIES: usize = 500;
const DROPPERS: usize = 1000;
/// The time between two entries.
const PACE: Duration = Duration::from_millis(10);

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-onair-load-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The process's resident memory, in kB.
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// A random match's header and its first [`ENTRIES`] entries (an undo and a redo among them).
fn entries() -> (Match, Vec<Entry>) {
    let m = random_match(30, 16);
    let mut all: Vec<Entry> = m.frames.iter().flat_map(entries_of_frame).collect();
    assert!(all.len() >= ENTRIES, "the random match has {} entries", all.len());
    all.truncate(ENTRIES - 2);
    all.insert(100, Entry::Undo);
    all.insert(101, Entry::Redo);
    (Match { frames: Vec::new(), ..m }, all)
}

/// What one reading page got: how many events, the last id, whether the sequence numbers rose.
struct Heard {
    events: usize,
    last: String,
    rising: bool,
}

/// Reads a stream on a thread of its own until the event whose id ends with `last`, keeping only
/// what [`Heard`] says (the data is not kept: the memory measured is the server's).
fn read_stream(stream: TcpStream, last: String, tx: mpsc::Sender<Heard>) {
    std::thread::spawn(move || {
        let mut got = Heard { events: 0, last: String::new(), rising: true };
        let mut seq = 0u64;
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(id) = line.strip_prefix("id: ") {
                let s: u64 = id.split_once('-').and_then(|(_, s)| s.parse().ok()).unwrap_or(0);
                got.rising &= s > seq;
                seq = s;
                got.events += 1;
                got.last = id.to_string();
                if id.ends_with(&last) {
                    break;
                }
            }
        }
        let _ = tx.send(got);
    });
}

/// One client that connects and goes: at once, mid-request, after a whole request, or after
/// asking for a stream (refused or not), never reading the answer.
fn connect_and_drop(addr: SocketAddr, n: usize) {
    let Ok(mut s) = TcpStream::connect(addr) else { return };
    let _ = match n % 4 {
        0 => Ok(()),
        1 => s.write_all(b"GET /api/st"),
        2 => write!(s, "GET /api/state?hands=1 HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
        _ => write!(s, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n"),
    };
}

#[test]
fn under_load_every_entry_lands_the_readers_keep_up_and_memory_stays_bounded() {
    let _turn = common::turn::take(module_path!());
    let started = Instant::now();
    let dir = temp_dir("load");
    let path = dir.join("load.jmjp");
    let (header, entries) = entries();
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let mut rec = LiveRecording::start(&doc, &path).unwrap();
    let rss_before = rss_kb();

    // The page that never reads asks for the hands: its events are the largest.
    let stuck = http::request(addr, "/api/events?hands=1", "");
    // Its stream opened first: the oldest when the slots are full.
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() < 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let last_seq = feed.seq() + entries.len() as u64;
    let (tx, rx) = mpsc::channel();
    for _ in 0..31 {
        read_stream(http::request(addr, "/api/events", ""), format!("-{last_seq}"), tx.clone());
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() < 32 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(server.viewers(), 32, "31 readers and the one that never reads");
    // No act is entered yet, so no client has shown that it reads: a 33rd stream takes the slot
    // of the oldest, the page that never reads, whose socket is closed.
    let mut late = http::request(addr, "/api/events", "");
    let mut first = [0u8; 12];
    late.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200", "the 33rd stream is served");
    let mut stuck = stuck;
    stuck.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    assert!(stuck.read_to_end(&mut Vec::new()).is_ok(), "the page that never read was closed");
    drop(late);

    let made = Arc::new(AtomicUsize::new(0));
    let droppers: Vec<_> = (0..4)
        .map(|t| {
            let made = Arc::clone(&made);
            std::thread::spawn(move || {
                for n in (t..DROPPERS).step_by(4) {
                    connect_and_drop(addr, n);
                    made.fetch_add(1, Ordering::SeqCst);
                }
            })
        })
        .collect();
    let loading = Instant::now();
    let mut times = Vec::with_capacity(entries.len());
    for e in &entries {
        let t = Instant::now();
        rec.enter(&mut doc, e.clone()).unwrap_or_else(|p| panic!("{e:?}: {p:?}"));
        times.push(t.elapsed());
        // Paced as a fast scorer, so the entries and the clients overlap.
        std::thread::sleep(PACE);
    }
    let entering = loading.elapsed();
    let during = made.load(Ordering::SeqCst);
    droppers.into_iter().for_each(|d| d.join().unwrap());
    assert_eq!(made.load(Ordering::SeqCst), DROPPERS, "every connect-and-drop client ran");
    let loaded = loading.elapsed();

    for n in 0..31 {
        let got = rx.recv_timeout(Duration::from_secs(30)).unwrap_or_else(|_| panic!("reader {n} never finished"));
        assert!(got.last.ends_with(&format!("-{last_seq}")), "a reader stopped at {}", got.last);
        assert!(got.rising, "a reader's ids rose");
        assert!(got.events >= 2, "a reader got the entries as events ({})", got.events);
    }
    let (status, state) = http::get(addr, "/api/state");
    assert_eq!(status, 200, "the server keeps serving");
    let state: serde_json::Value = serde_json::from_str(&state).unwrap();
    assert!(state["id"].as_str().unwrap().ends_with(&format!("-{last_seq}")), "it serves the last entry");
    let rss_after = rss_kb();
    drop(stuck);

    // Every entry is in the journal, and the file is the document, both read back from disk.
    let journal = Journal::read(&journal_path(&path)).unwrap();
    assert_eq!(journal.entries, entries, "the journal holds every entry in order");
    let on_disk = format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu;
    assert_eq!(on_disk, *doc.paifu(), "the file holds the last entry");
    let (rebuilt, refused) = journal.document().unwrap();
    assert_eq!((rebuilt.paifu(), refused), (doc.paifu(), 0), "the journal rebuilds the document");

    times.sort();
    let (median, p99, slowest) = (times[times.len() / 2], times[times.len() * 99 / 100], times[times.len() - 1]);
    let growth_mb = rss_after.saturating_sub(rss_before) as f64 / 1024.0;
    println!(
        "{} entries in {entering:?} (median {median:?}, p99 {p99:?}, slowest {slowest:?}) while 31 read, 1 \
         never read and {DROPPERS} connected and dropped ({during} of them meanwhile; all in {loaded:?}); memory {} MB -> {} MB (+{growth_mb:.1} MB); \
         whole test {:?}",
        entries.len(),
        rss_before / 1024,
        rss_after / 1024,
        started.elapsed()
    );
    assert!(slowest < Duration::from_secs(1), "no entry waited for the clients ({slowest:?})");
    assert!(growth_mb < 200.0, "memory grew by {growth_mb:.1} MB");
    drop(rec);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Sends `raw` (a whole request, or as much of it as the server takes) and gives the answer.
fn raw(addr: SocketAddr, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    // The server may answer and close before all of it is sent: what it answered is what counts.
    let _ = s.write_all(raw);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn bad_requests_get_a_4xx_and_nothing_else_happens() {
    let _turn = common::turn::take(module_path!());
    let started = Instant::now();
    let m = random_match(3, 1);
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![Match { frames: Vec::new(), ..m.clone() }] }, false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let mut rec = LiveRecording::in_memory();
    for e in m.frames.iter().flat_map(entries_of_frame).take(30) {
        rec.enter(&mut doc, e).unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while !http::get(addr, "/api/state").1.contains(&format!("-{}\"", feed.seq())) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let before = http::get(addr, "/api/state");
    assert_eq!(before.0, 200);
    let get = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").into_bytes();
    let method = |m: &str, path: &str| {
        format!("{m} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").into_bytes()
    };
    let big = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Big: {}\r\n\r\n", "a".repeat(1 << 20)).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("an unknown path", get("/nothing/here")),
        ("an unknown api", get("/api/secrets")),
        ("a raw .. under assets", get("/assets/../Cargo.toml")),
        ("raw .. to the root", get("/../../../../etc/passwd")),
        ("raw .. inside the tiles", get("/assets/tiles/../../../Cargo.toml")),
        ("an encoded ..", get("/assets/%2e%2e/%2e%2e/Cargo.toml")),
        ("an encoded .. and slash", get("/assets/web/..%2f..%2f..%2fCargo.toml")),
        ("an encoded .. at the root", get("/%2e%2e/%2e%2e/etc/passwd")),
        ("POST", method("POST", "/api/state")),
        ("PUT", method("PUT", "/overlay")),
        ("DELETE", method("DELETE", "/api/events")),
        ("PATCH", method("PATCH", "/")),
        ("OPTIONS", method("OPTIONS", "/api/state")),
        ("TRACE", method("TRACE", "/")),
        ("a 1 MB header", big),
        (
            "another Host (DNS rebinding)",
            b"GET /api/state HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n".to_vec(),
        ),
    ];
    for (what, request) in &cases {
        let t = Instant::now();
        let answer = raw(addr, request);
        let status = http::status_of(&answer);
        assert!((400..500).contains(&status), "{what}: {}", answer.lines().next().unwrap_or("no answer"));
        for leak in ["[package]", "root:", "fn main"] {
            assert!(!answer.contains(leak), "{what}: a file leaked ({leak})");
        }
        assert!(!answer.to_ascii_lowercase().contains("access-control-allow"), "{what}: no CORS header");
        assert_eq!(http::get(addr, "/api/state"), before, "after {what}: the server serves the same record");
        println!("{what}: {status} in {:?}", t.elapsed());
    }
    assert_eq!(http::get(addr, "/overlay").0, 200, "the pages are still served");
    println!("{} bad requests in {:?}", cases.len(), started.elapsed());
}

/// The memory of a server serving a 20-match file while it is edited, with a page reading:
/// until the events kept for pages that reconnect are full, and 1,000 edits more. It grows by
/// under 200 MB (the copies each edit makes, as the allocator keeps them), where each event used to keep a copy of the
/// whole file (12.5 MB grew to 150 MB after 297 events; about 460 MB at the 1,000 kept).
#[test]
fn serving_a_twenty_match_file_through_thousands_of_edits_keeps_memory_bounded() {
    use jmjp_studio::broadcast::on_air::EVENT_BUFFER;
    let _turn = common::turn::take(module_path!());
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let game = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap();
    let whole = Paifu { matches: vec![game.matches[0].clone(); 20] };
    let feed = Feed::new();
    let mut doc = Document::new(whole.clone(), false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    let (tx, rx) = mpsc::channel();
    read_stream(http::request(server.addr(), "/api/events", ""), "-never".into(), tx);
    let last = whole.matches[19].frames.len() - 1;
    let acts = whole.matches[19].frames[last].flow.as_ref().unwrap().acts.len();
    let edit = |n: usize| {
        let mut p = whole.clone();
        p.matches[19].frames[last].flow.as_mut().unwrap().acts.truncate(1 + n % acts);
        feed.publish(jmjp_studio::document::UpdateKind::Edit, Default::default(), || p);
    };
    std::thread::sleep(Duration::from_millis(200));
    let before = rss_kb() / 1024;
    let mut edits = 0;
    while server.on_air().kept_events() < EVENT_BUFFER && edits < 20_000 {
        edit(edits);
        edits += 1;
    }
    let mut rss = Vec::new();
    for n in 0..1000 {
        edit(edits + n);
        if n % 250 == 249 {
            std::thread::sleep(Duration::from_millis(100));
            rss.push(rss_kb() / 1024);
        }
    }
    let kept = (server.on_air().kept_events(), server.on_air().kept_bytes());
    drop(server);
    drop(rx);
    let most = rss.iter().copied().max().unwrap_or(0);
    println!(
        "20-match file, {} edits with a page reading: RSS {before} MB before, {rss:?} MB every 250 edits once \
         the kept events were full; kept {kept:?} (events, bytes)",
        edits + 1000
    );
    assert_eq!(kept.0, EVENT_BUFFER, "the kept events were full");
    assert!(most <= before + 200, "memory grew from {before} to {most} MB: {rss:?}");
}
