//! On air over a real socket (loopback, a free port): 31 pages reading the event stream and one
//! that never reads, which gives its slot to a 33rd; every entry of a recording reaching every
//! reader in order; a 33rd refused with 503 once all 32 have shown that they read; one that never
//! reads dropped and its socket closed; a 1 MB header refused; the port
//! let go when the server is dropped. And the command line: `serve FILE` prints its addresses
//! and follows the file as it changes; `export-html` writes one self-contained page.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use jmjp_studio::broadcast::{Limits, OnAir, Server, SystemClock};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::scoring::RuleOptions;

const BIN: &str = env!("CARGO_BIN_EXE_jmjp-studio");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-onair-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A corpus match: its header and the entries that record it.
fn corpus(name: &str) -> (Match, Vec<Entry>) {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    let text = std::fs::read_to_string(&log).unwrap();
    let m = jmjp_studio::interop::tenhou6::import(&text).unwrap().matches.remove(0);
    let entries = m.frames.iter().flat_map(entries_of_frame).collect();
    (Match { frames: Vec::new(), ..m }, entries)
}

/// A GET of `path` with `headers`, the connection left open: the stream after the request.
fn request(addr: SocketAddr, path: &str, headers: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n").unwrap();
    s
}

/// A whole answer: its status and body.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = request(addr, path, "");
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

/// Reads an event stream's ids on a thread of its own until `last` (or the stream ends).
fn read_ids(stream: TcpStream, last: String, tx: mpsc::Sender<Vec<String>>) {
    std::thread::spawn(move || {
        let mut ids = Vec::new();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(id) = line.strip_prefix("id: ") {
                ids.push(id.to_string());
                if id.ends_with(&last) {
                    break;
                }
            }
        }
        let _ = tx.send(ids);
    });
}

/// A server under short limits: a response its client takes nothing of for 2 s is closed.
fn short_limits(doc: &Document) -> Server {
    let on_air = OnAir::new(std::sync::Arc::new(SystemClock), RuleOptions::default());
    let limits = Limits { stalled: Duration::from_secs(2), header_read: Duration::from_secs(3), ..Limits::default() };
    Server::start_limited(on_air, doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap(), limits).unwrap()
}

/// Whether the server closes `s` within `within` (what it had sent is read first): an end of
/// the stream or a reset, not a read that timed out.
fn closed_within(mut s: TcpStream, within: Duration) -> bool {
    s.set_read_timeout(Some(within)).unwrap();
    let mut sink = Vec::new();
    match s.read_to_end(&mut sink) {
        Ok(_) => true,
        Err(e) => !matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut),
    }
}

/// The status line of a response whose body goes on (an event stream), read a byte at a time
/// so that nothing after it is taken from the stream.
fn status_of(s: &mut TcpStream) -> String {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while line.last() != Some(&b'\n') && s.read(&mut byte).unwrap() == 1 {
        line.push(byte[0]);
    }
    String::from_utf8_lossy(&line).into_owned()
}

#[test]
fn thirty_two_streams_get_every_entry_a_stuck_one_gives_way_and_is_dropped_and_the_thirty_third_refused() {
    let dir = temp_dir("load");
    let (header, entries) = corpus("pantheon_usual.json");
    let entries = &entries[..entries.len().min(400)];
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    doc.publish_to(&feed);
    let server = short_limits(&doc);
    let addr = server.addr();
    // The never-reading page asks for the hands: its events are the largest.
    let stuck = request(addr, "/api/events?hands=1", "");
    // Its stream opened first: the oldest when the slots are full.
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() < 1 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let (tx, rx) = mpsc::channel();
    let last_seq = feed.seq() + entries.len() as u64;
    let mut readers = Vec::new();
    for _ in 0..31 {
        let s = request(addr, "/api/events", "");
        readers.push(s.try_clone().unwrap());
        read_ids(s, format!("-{last_seq}"), tx.clone());
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() < 32 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(server.viewers(), 32);
    // Every slot is taken and no act was entered, so no client has shown that it reads: the
    // 33rd (the real overlay, say) takes the slot of the oldest, the page that never reads,
    // whose socket is closed.
    let mut late = request(addr, "/api/events", "");
    assert!(status_of(&mut late).starts_with("HTTP/1.1 200"), "the 33rd is served");
    assert!(closed_within(stuck, Duration::from_secs(5)), "the oldest stream that never read was closed");
    readers.push(late.try_clone().unwrap());
    read_ids(late, format!("-{last_seq}"), tx.clone());
    let mut rec = LiveRecording::start(&doc, &dir.join("load.jmjp")).unwrap();
    let mut slowest = Duration::ZERO;
    for e in entries {
        let t = Instant::now();
        rec.enter(&mut doc, e.clone()).unwrap();
        slowest = slowest.max(t.elapsed());
        // Faster than any scorer (400 entries in about a second), but not faster than 32 pages
        // on a busy machine read through their 64 KiB send buffers.
        std::thread::sleep(Duration::from_millis(2));
    }
    let got: Vec<Vec<String>> = (0..32).map(|_| rx.recv_timeout(Duration::from_secs(60)).unwrap()).collect();
    for ids in &got {
        let seqs: Vec<u64> = ids.iter().map(|i| i.split_once('-').unwrap().1.parse().unwrap()).collect();
        assert_eq!(seqs.last(), Some(&last_seq), "every reader gets to the last entry");
        assert!(seqs.windows(2).all(|w| w[0] < w[1]), "in order");
        assert_eq!(seqs.len(), entries.len() + 1, "every entry, and the state it joined with");
    }
    // Now every one of the 32 has shown that it reads: a 33rd is refused, with a reason.
    let (status, body) = get(addr, "/api/events");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("32 event streams"), "{body}");
    drop(readers);
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    // A page that never reads: once the sockets' buffers are full its queue fills, and it is
    // dropped, never waited for; its socket is closed once it has taken nothing for 2 s.
    let stuck = request(addr, "/api/events?hands=1", "");
    while server.viewers() == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let (whole, shorter) = (doc.paifu().clone(), {
        let mut p = doc.paifu().clone();
        p.matches[0].frames.pop();
        p
    });
    let mut changes = 0;
    while server.viewers() > 0 && changes < 20_000 {
        let p = if changes % 2 == 0 { whole.clone() } else { shorter.clone() };
        feed.publish(jmjp_studio::document::UpdateKind::Edit, Default::default(), || p);
        changes += 1;
        if changes % 100 == 0 {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    assert_eq!(server.viewers(), 0, "the stuck page was dropped after {changes} changes");
    let dropped = Instant::now();
    assert!(closed_within(stuck, Duration::from_secs(10)), "its socket is closed too");
    assert!(dropped.elapsed() < Duration::from_secs(6), "within the stall timeout ({:?})", dropped.elapsed());
    assert!(slowest < Duration::from_secs(1), "no entry waited for a viewer ({slowest:?})");
    let (status, _) = get(addr, "/api/state");
    assert_eq!(status, 200, "the server keeps serving");
    drop(server);
    assert!(std::net::TcpListener::bind(addr).is_ok(), "the port is let go");
}

#[test]
fn a_megabyte_header_is_refused_and_the_server_keeps_serving() {
    let feed = Feed::new();
    let doc = {
        let mut d = Document::new(Paifu::default(), false);
        d.publish_to(&feed);
        d
    };
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = server.addr();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let big = "a".repeat(1 << 20);
    // The server may close before all of it is sent: what it answered is what counts.
    let _ = write!(s, "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Big: {big}\r\n\r\n");
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 431") || answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert_eq!(get(addr, "/").0, 200);
}

/// `jmjp-studio serve FILE` on a free port: the child, the lines it prints, its address.
fn serve_child(path: &std::path::Path) -> (std::process::Child, mpsc::Receiver<String>, SocketAddr) {
    let mut child = Command::new(BIN)
        .args(["serve", path.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let index = line_starting(&lines, "http://127.0.0.1:");
    let addr: SocketAddr = index["http://".len()..].split('/').next().unwrap().parse().unwrap();
    (child, lines, addr)
}

/// Reads the child's output lines until one starts with `prefix`.
fn line_starting(lines: &mpsc::Receiver<String>, prefix: &str) -> String {
    loop {
        let l = lines.recv_timeout(Duration::from_secs(60)).expect("serve printed its addresses");
        if l.starts_with(prefix) {
            return l;
        }
    }
}

#[test]
fn serve_prints_its_addresses_and_follows_the_file() {
    let dir = temp_dir("serve");
    let path = dir.join("match.jmjp");
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let mut paifu = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap();
    let whole = paifu.clone();
    paifu.matches[0].frames.truncate(1);
    std::fs::write(&path, jmjp_studio::format::write(&paifu)).unwrap();
    let (mut child, lines, addr) = serve_child(&path);
    let record = line_starting(&lines, &format!("http://{addr}/api/record.jmjp?token="));
    let token = record.split("token=").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    let frames = |body: &str| serde_json::from_str::<serde_json::Value>(body).unwrap()["frame"]["index"].as_u64();
    let (status, body) = get(addr, "/api/state");
    assert_eq!((status, frames(&body)), (200, Some(0)));
    let (status, text) = get(addr, &format!("/api/record.jmjp?token={token}"));
    assert_eq!((status, text), (200, jmjp_studio::format::write(&paifu)));
    // Another copy writes the file: the server follows.
    std::fs::write(&path, jmjp_studio::format::write(&whole)).unwrap();
    let deadline = Instant::now() + Duration::from_secs(40);
    let mut shown = None;
    while Instant::now() < deadline {
        shown = frames(&get(addr, "/api/state").1);
        if shown == Some(whole.matches[0].frames.len() as u64 - 1) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!(shown, Some(whole.matches[0].frames.len() as u64 - 1), "the new frames are on air");
}

/// `serve FILE` while another program records into FILE: it follows the journal's new lines
/// (nearly every entry an event of its own, in order, the record as the recording has it), an
/// undo included.
#[test]
fn serve_follows_a_recording_by_what_its_journal_appends() {
    let dir = temp_dir("serve-journal");
    let path = dir.join("match.jmjp");
    let (header, entries) = corpus("pantheon_usual.json");
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    std::fs::write(&path, jmjp_studio::format::write(doc.paifu())).unwrap();
    let mut rec = LiveRecording::start(&doc, &path).unwrap();
    let (mut child, lines, addr) = serve_child(&path);
    let page = request(addr, "/api/events", "");
    let (ids_tx, ids) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(page).lines().map_while(Result::ok) {
            if let Some(id) = line.strip_prefix("id: ")
                && ids_tx.send(id.to_string()).is_err()
            {
                break;
            }
        }
    });
    let first = ids.recv_timeout(Duration::from_secs(10)).unwrap();
    for e in entries.iter().take(60) {
        rec.enter(&mut doc, e.clone()).unwrap();
        std::thread::sleep(Duration::from_millis(15));
    }
    rec.enter(&mut doc, Entry::Undo).unwrap();
    let mut seen = vec![first];
    while let Ok(id) = ids.recv_timeout(Duration::from_secs(2)) {
        seen.push(id);
    }
    let want = jmjp_studio::format::write(doc.paifu());
    let token = line_starting(&lines, &format!("http://{addr}/api/record.jmjp?token="));
    let token = token.split("token=").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    let (status, text) = get(addr, &format!("/api/record.jmjp?token={token}"));
    child.kill().unwrap();
    let _ = child.wait();
    assert_eq!((status, text), (200, want), "on air as the recording has it, the undo too");
    let seqs: Vec<u64> = seen.iter().map(|i| i.split_once('-').unwrap().1.parse().unwrap()).collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "in order: {seqs:?}");
    // Every entry an event of its own (a look every 2 ms, an entry every 15 ms): a few may come
    // together on a busy machine, but not most.
    assert!(seqs.len() >= 30, "{} events for 61 entries (polling the file every 200 ms gave about 5)", seqs.len());
}

#[test]
fn export_html_writes_one_self_contained_page() {
    let dir = temp_dir("export");
    let path = dir.join("match.jmjp");
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let paifu = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap();
    std::fs::write(&path, jmjp_studio::format::write(&paifu)).unwrap();
    let out = dir.join("replay.html");
    let o = Command::new(BIN).args(["export-html", path.to_str().unwrap(), out.to_str().unwrap()]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "no BOM, the page first");
    assert!(html.contains("window.JMJP_REPLAY = {"));
    assert!(html.contains("\"5m\":\"data:image/svg+xml;base64,"));
    for left in ["src=\"/assets", "href=\"/assets", "url(\"/assets", "<!--JMJP_INLINE-->"] {
        assert!(!html.contains(left), "nothing left to fetch: {left}");
    }
    assert!(html.contains("data:font/otf;base64,"), "the font inside");
    let start = html.find("window.JMJP_REPLAY = ").unwrap() + "window.JMJP_REPLAY = ".len();
    let end = start + html[start..].find(";</script>").unwrap();
    let replay: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(frames.len(), paifu.matches[0].frames.len());
    let acts = paifu.matches[0].frames[0].flow.as_ref().unwrap().acts.len();
    assert_eq!(frames[0]["states"].as_array().unwrap().len(), acts + 1, "one table per act, and the deal");
    assert_eq!(replay["chart"].as_array().unwrap().len(), frames.len() + 1);
    assert!(frames[0]["states"][1]["seats"][0]["hand"].is_array(), "a finished paifu shows its hands");
    // The match's own figures after its last frame: those the season statistics count of it
    // (held against the tenhou log's own count in season_stats).
    let figures = replay["figures"].as_array().unwrap();
    assert_eq!(figures.len(), frames.len() + 1);
    let stats = jmjp_studio::season::stats_files::stats_of(std::slice::from_ref(&path), None);
    for (p, name) in replay["players"].as_array().unwrap().iter().enumerate() {
        let want = &stats.players[name.as_str().unwrap()];
        let got = &figures[frames.len()][p];
        let counts = [want.wins, want.dealins, want.riichi, want.called].map(serde_json::Value::from);
        assert_eq!([&got["wins"], &got["dealins"], &got["riichi"], &got["called"]], counts.each_ref(), "{name}");
    }
    assert!(figures[frames.len()].as_array().unwrap().iter().any(|c| c["wins"].as_u64() > Some(1)));
    let missing = Command::new(BIN)
        .args(["export-html", dir.join("none.jmjp").to_str().unwrap(), out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}
