//! On air: `cargo bench --bench broadcast` prints
//! - the time from an entry made to its event read by a page's event stream on loopback, median
//!   and p99 over 1,000 entries (the goal: p99 under 5 ms);
//! - the same for `jmjp-studio serve FILE` of a 20-match file following another program's
//!   recording by its journal, 500 entries, each timed from its journal line (the goal: p99
//!   under 5 ms);
//! - the recorder's entry (journal off) with the server on and 0, then 32 pages reading, median
//!   and p99 over 1,000 entries;
//! - the table of a full match worked out and written as JSON (what each event costs).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use jmjp_studio::broadcast::{Server, table};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{ActTime, Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::rules::simulate::random_match;

/// A long random match: its header and the entries that record it.
fn script() -> (Match, Vec<Entry>) {
    let m = random_match(11, 12);
    let entries = m.frames.iter().flat_map(entries_of_frame).collect();
    (Match { frames: Vec::new(), ..m }, entries)
}

/// A recording publishing to a feed the server serves.
fn on_air() -> (Feed, Document, Server) {
    let (header, _) = script();
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    (feed, doc, server)
}

/// A page reading the event stream: each event's sequence number and when it was read.
fn page(addr: SocketAddr, tx: Option<mpsc::Sender<(u64, Instant)>>) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(s).lines().map_while(Result::ok) {
            if let (Some(tx), Some(id)) = (&tx, line.strip_prefix("id: ")) {
                let seq = id.split_once('-').and_then(|(_, q)| q.parse().ok()).unwrap_or(0);
                if tx.send((seq, Instant::now())).is_err() {
                    break;
                }
            }
        }
    });
}

fn wait_for_viewers(server: &Server, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.viewers() < n && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Entry to event: 1,000 entries, one every 2 ms, each timed from before it is made to its
/// event read by the page.
fn latency() {
    let (feed, mut doc, server) = on_air();
    let (tx, rx) = mpsc::channel();
    page(server.addr(), Some(tx));
    wait_for_viewers(&server, 1);
    let _ = rx.recv_timeout(Duration::from_secs(5));
    let (_, entries) = script();
    let mut rec = LiveRecording::in_memory();
    let mut made = Vec::new();
    for e in entries.into_iter().take(1000) {
        let t = Instant::now();
        rec.enter(&mut doc, e).unwrap();
        made.push((feed.seq(), t));
        std::thread::sleep(Duration::from_millis(2));
    }
    let mut read = std::collections::HashMap::new();
    while read.len() < made.len() {
        let Ok((seq, at)) = rx.recv_timeout(Duration::from_secs(10)) else { break };
        read.insert(seq, at);
    }
    let times: Vec<Duration> = made.iter().filter_map(|(seq, t)| Some(read.get(seq)?.duration_since(*t))).collect();
    let n = times.len();
    let (median, p99) = spread(times);
    println!("entry to event read on loopback, {n} entries: median {median:?}, p99 {p99:?}");
}

/// `jmjp-studio serve FILE` following a recording by its journal: a 20-match file (19 whole
/// matches and the one recorded), 500 entries appended to its journal one every 10 ms, each
/// followed by the file written again as the recorder writes it; each entry's event read by a
/// page, timed from just before its journal line is written. The k-th event after the first is
/// the k-th entry's when there are as many events as entries (else the run says so and is not
/// timed).
fn serve_latency() {
    use jmjp_studio::document::io::{self, RealDisk, Replace};
    use jmjp_studio::document::recording::{entry, journal::Journal};
    let dir = std::env::temp_dir().join(format!("jmjp-bench-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.jmjp");
    let (header, entries) = script();
    let whole = random_match(11, 12);
    let mut matches = vec![whole; 19];
    matches.push(header);
    let mut doc = Document::new(Paifu { matches }, false);
    std::fs::write(&path, jmjp_studio::format::write(doc.paifu())).unwrap();
    let mut journal = Journal::create(&io::journal_path(&path), &doc, &RealDisk).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jmjp-studio"))
        .args(["serve", path.to_str().unwrap(), "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let first = out.lines().map_while(Result::ok).find(|l| l.starts_with("http://127.0.0.1:")).unwrap();
    let addr: SocketAddr = first["http://".len()..].split('/').next().unwrap().parse().unwrap();
    let (tx, rx) = mpsc::channel();
    page(addr, Some(tx));
    let _ = rx.recv_timeout(Duration::from_secs(5));
    let mut made = Vec::new();
    for e in entries.into_iter().take(500) {
        entry::apply_at(&mut doc, &e, None).unwrap();
        made.push(Instant::now());
        journal.append(&e, ActTime::now(), &RealDisk).unwrap();
        io::write_text(&path, &jmjp_studio::format::write(doc.paifu()), Replace::Always).unwrap();
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut read = Vec::new();
    while let Ok((_, at)) = rx.recv_timeout(Duration::from_secs(2)) {
        read.push(at);
    }
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    if read.len() != made.len() {
        println!("serve FILE: {} events for {} entries: entries came together, not timed", read.len(), made.len());
        return;
    }
    let times: Vec<Duration> = made.iter().zip(&read).map(|(m, r)| r.duration_since(*m)).collect();
    let (median, p99) = spread(times);
    println!(
        "serve FILE (20 matches): a journal line to its event read on loopback, 500 entries: median {median:?}, p99 {p99:?}"
    );
}

/// Median and p99 of `times`.
fn spread(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    (at(0.5), at(0.99))
}

/// The recorder's entry (journal off) with the server on and `pages` pages reading: 1,000
/// entries one every 2 ms (a fast scorer is ten times slower), each timed.
fn entry_with(pages: usize) {
    let (_feed, mut doc, server) = on_air();
    for _ in 0..pages {
        page(server.addr(), None);
    }
    wait_for_viewers(&server, pages);
    let (_, entries) = script();
    let mut rec = LiveRecording::in_memory();
    let mut times = Vec::new();
    for e in entries.into_iter().take(1000) {
        let t = Instant::now();
        rec.enter(&mut doc, e).unwrap();
        times.push(t.elapsed());
        std::thread::sleep(Duration::from_millis(2));
    }
    let (median, p99) = spread(times);
    println!(
        "recorder entry with the server on and {pages} pages reading: median {median:?}, p99 {p99:?} ({} pages still reading)",
        server.viewers()
    );
}

fn bench(c: &mut Criterion) {
    latency();
    serve_latency();
    entry_with(0);
    entry_with(32);
    // What each event costs the server: the table of a full match worked out and written as JSON.
    let (header, entries) = script();
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    let mut rec = LiveRecording::in_memory();
    for e in entries {
        rec.enter(&mut doc, e).unwrap();
    }
    let m = doc.paifu().matches[0].clone();
    let rules = jmjp_studio::scoring::RuleOptions::default();
    c.bench_function("on air: the table at the end of a 12-frame match, as JSON", |b| {
        b.iter(|| {
            let t = table::table_of(&m, table::Cut::all(&m), true, &rules);
            serde_json::to_string(&t).unwrap()
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(Duration::from_secs(8));
    targets = bench
}
criterion_main!(benches);
