//! On air against idle, slow and crowding clients (loopback, a free port, short limits; each
//! test bounded and done within 30 s): idle connections and slowloris requests are closed within
//! the header-read timeout while `/overlay` answers in under 50 ms; a kept-alive connection that
//! asks nothing more is closed too; past the connection cap the oldest idle connection makes room,
//! never one still sending its answer (a slow load), and with none idle the newcomer is told 503;
//! clients that read a trickle (a byte at a time, or too little too slowly) are closed by the
//! stall timeout; and, in a child process with an open-file limit of 64, 80 idle connections never keep
//! `/overlay` from answering.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

use jmjp_studio::broadcast::{Limits, OnAir, Server, SystemClock};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::Paifu;
use jmjp_studio::scoring::RuleOptions;

/// A server of an empty record under `limits`, with the document that feeds it.
fn server(limits: Limits) -> (Server, Document) {
    let feed = Feed::new();
    let mut doc = Document::new(Paifu::default(), false);
    doc.publish_to(&feed);
    let on_air = OnAir::new(Arc::new(SystemClock), RuleOptions::default());
    let server = Server::start_limited(on_air, doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap(), limits);
    (server.unwrap(), doc)
}

/// How long `/overlay` takes to answer whole, and its status.
fn overlay(addr: SocketAddr) -> (Duration, u16) {
    let t = Instant::now();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(s, "GET /overlay HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let status = String::from_utf8_lossy(answer.get(9..12).unwrap_or_default()).parse().unwrap_or(0);
    (t.elapsed(), status)
}

/// Whether the server has closed `s` by `deadline` (anything it sent is read first).
fn closed_by(s: &mut TcpStream, deadline: Instant) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        s.set_read_timeout(Some(left)).unwrap();
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                return false;
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn idle_and_slowloris_connections_are_closed_in_time_while_the_overlay_answers() {
    let header_read = Duration::from_secs(2);
    let (server, _doc) = server(Limits { header_read, ..Limits::default() });
    let addr = server.addr();
    let started = Instant::now();
    let mut idle: Vec<TcpStream> = (0..100).map(|_| TcpStream::connect(addr).unwrap()).collect();
    // Slowloris: a request's headers, a byte every 100 ms, never finished.
    let mut slow: Vec<TcpStream> = (0..20).map(|_| TcpStream::connect(addr).unwrap()).collect();
    let head = format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ");
    for s in &mut slow {
        s.write_all(head.as_bytes()).unwrap();
    }
    let mut worst = Duration::ZERO;
    for _ in 0..15 {
        for s in &mut slow {
            let _ = s.write_all(b"a");
        }
        let (took, status) = overlay(addr);
        assert_eq!(status, 200);
        worst = worst.max(took);
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(worst < Duration::from_millis(50), "the overlay took {worst:?} among 120 idle and slow clients");
    let deadline = started + header_read + Duration::from_secs(2);
    let open_idle = idle.iter_mut().map(|s| closed_by(s, deadline)).filter(|c| !c).count();
    let open_slow = slow.iter_mut().map(|s| closed_by(s, deadline)).filter(|c| !c).count();
    assert_eq!((open_idle, open_slow), (0, 0), "closed within the header-read timeout of {header_read:?}");
    println!("120 idle and slowloris clients: the overlay answered in at most {worst:?}; all closed in time");
}

#[test]
fn a_kept_alive_connection_that_asks_nothing_more_is_closed() {
    let header_read = Duration::from_secs(1);
    let (server, _doc) = server(Limits { header_read, ..Limits::default() });
    let addr = server.addr();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /api/state HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut first = [0u8; 12];
    s.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let asked = Instant::now();
    assert!(closed_by(&mut s, asked + header_read + Duration::from_secs(2)), "the idle keep-alive was closed");
    assert!(asked.elapsed() >= header_read - Duration::from_millis(200), "not before its time: {:?}", asked.elapsed());
}

#[test]
fn past_the_cap_the_oldest_idle_connection_makes_room() {
    let (server, _doc) = server(Limits { connections: 10, header_read: Duration::from_secs(20), ..Limits::default() });
    let addr = server.addr();
    let mut idle: Vec<TcpStream> = (0..10).map(|_| TcpStream::connect(addr).unwrap()).collect();
    let deadline = Instant::now() + Duration::from_secs(5);
    while server.counts().open() < 10 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(server.counts().open(), 10);
    let (took, status) = overlay(addr);
    assert_eq!(status, 200, "served past the cap");
    assert!(took < Duration::from_millis(50), "{took:?}");
    assert!(closed_by(&mut idle[0], Instant::now() + Duration::from_secs(3)), "the oldest idle one made room");
    assert!(server.counts().open() <= 10, "{}", server.counts().open());
    assert!(server.counts().made_room.load(std::sync::atomic::Ordering::SeqCst) >= 1);
}

/// `jmjp-studio serve` under `ulimit -n 64`: 80 idle connections (more than the process may
/// open files) never keep the overlay from answering, and are closed in time.
#[cfg(target_os = "linux")]
#[test]
fn under_an_open_file_limit_of_64_eighty_idle_connections_never_stop_the_overlay() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("jmjp-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.jmjp");
    std::fs::write(&file, jmjp_studio::format::write(&Paifu { matches: vec![Default::default()] })).unwrap();
    let bin = env!("CARGO_BIN_EXE_jmjp-studio");
    let script = format!("ulimit -n 64 && exec '{bin}' serve '{}' --port 0", file.display());
    let mut child = Command::new("sh").args(["-c", &script]).stdout(Stdio::piped()).spawn().unwrap();
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let first = out.lines().map_while(Result::ok).find(|l| l.starts_with("http://127.0.0.1:")).expect("its address");
    let addr: SocketAddr = first["http://".len()..].split('/').next().unwrap().parse().unwrap();
    let started = Instant::now();
    let mut idle: Vec<TcpStream> = (0..80).filter_map(|_| TcpStream::connect(addr).ok()).collect();
    // Taken in (those past the cap making room) before the overlay is timed.
    std::thread::sleep(Duration::from_millis(300));
    let mut worst = Duration::ZERO;
    for _ in 0..10 {
        let (took, status) = overlay(addr);
        assert_eq!(status, 200, "the overlay answers under the limit");
        worst = worst.max(took);
        std::thread::sleep(Duration::from_millis(50));
    }
    // The default header-read timeout (10 s) closes the idle ones.
    let deadline = started + Duration::from_secs(13);
    let open = idle.iter_mut().map(|s| closed_by(s, deadline)).filter(|c| !c).count();
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(worst < Duration::from_millis(50), "the overlay took {worst:?}");
    assert_eq!(open, 0, "every idle connection was closed");
    println!("ulimit -n 64: 80 idle connections, the overlay answered in at most {worst:?}");
}

/// The events kept for pages that reconnect hold the match on air, its unchanged frames shared
/// between events: over the edits that fill it and 1,000 more, of a 20-match file, with a page reading, their bytes stay
/// flat once full and far below a copy of the file per event.
#[test]
fn the_event_buffer_stays_flat_over_thousands_of_edits_of_a_twenty_match_file() {
    use jmjp_studio::broadcast::on_air::{EVENT_BUFFER, EVENT_BYTES};
    use std::io::{BufRead, BufReader};
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let game = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap();
    let whole = Paifu { matches: vec![game.matches[0].clone(); 20] };
    let file_bytes = jmjp_studio::format::write(&whole).len();
    let feed = Feed::new();
    let mut doc = Document::new(whole.clone(), false);
    doc.publish_to(&feed);
    let on_air = OnAir::new(Arc::new(SystemClock), RuleOptions::default());
    let server =
        Server::start_limited(on_air, doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap(), Limits::default())
            .unwrap();
    let addr = server.addr();
    let mut page = TcpStream::connect(addr).unwrap();
    page.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(page, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let (ids, read_ids) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(page).lines().map_while(Result::ok) {
            if let Some(id) = line.strip_prefix("id: ")
                && ids.send(id.to_string()).is_err()
            {
                break;
            }
        }
    });
    // Each edit: the last frame of the last match one act longer (then short again). Edits until
    // the buffer is full (the flow of changes may bring several as one event), then 1,000 more.
    let last = whole.matches[19].frames.len() - 1;
    let acts = whole.matches[19].frames[last].flow.as_ref().unwrap().acts.len();
    let edit = |n: usize| {
        let mut p = whole.clone();
        p.matches[19].frames[last].flow.as_mut().unwrap().acts.truncate(1 + n % acts);
        feed.publish(jmjp_studio::document::UpdateKind::Edit, Default::default(), || p);
    };
    let mut edits = 0;
    while server.on_air().kept_events() < EVENT_BUFFER && edits < 20_000 {
        edit(edits);
        edits += 1;
    }
    let full = server.on_air().kept_bytes();
    let mut held = vec![full];
    for n in 0..1000 {
        edit(edits + n);
        if n % 250 == 249 {
            held.push(server.on_air().kept_bytes());
        }
    }
    edits += 1000;
    // The page reads up to the last edit (the flow of changes may bring several edits as one).
    let last = format!("-{}", feed.seq());
    let mut read = 0;
    while let Ok(id) = read_ids.recv_timeout(Duration::from_secs(20)) {
        read += 1;
        if id.ends_with(&last) {
            break;
        }
    }
    let most = held.iter().copied().max().unwrap_or_default();
    println!(
        "event buffer: {held:?} bytes once full and every 250 edits after, {edits} edits of a {file_bytes}-byte \
         20-match file ({EVENT_BUFFER} events kept; a copy of the file per event would be {} bytes); the page \
         read {read} events",
        EVENT_BUFFER * file_bytes
    );
    assert!(read > 0 && read <= edits + 1, "the page read up to the last edit ({read} events)");
    assert_eq!(server.on_air().kept_events(), EVENT_BUFFER);
    assert!(most <= full + full / 10, "flat once full: {held:?}");
    assert!(most <= EVENT_BYTES, "{most}");
    assert!(most < EVENT_BUFFER * file_bytes / 100, "{most} bytes is not far below a file per event");
}

/// An event stream is a request being answered: the header-read timeout never closes it, however
/// long it lasts (only a client that takes nothing is closed, by the stall timeout).
#[test]
fn an_event_stream_outlives_the_header_read_timeout() {
    let header_read = Duration::from_secs(1);
    let (server, _doc) = server(Limits { header_read, ..Limits::default() });
    let addr = server.addr();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut first = [0u8; 12];
    s.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let opened = Instant::now();
    assert!(!closed_by(&mut s, opened + header_read * 3), "the stream was closed by the header-read timeout");
    assert_eq!(server.viewers(), 1);
}

/// A server of `paifu` under `limits`, with the document that feeds it, once its record is served.
fn server_of(paifu: Paifu, limits: Limits) -> (Server, Document) {
    let feed = Feed::new();
    let mut doc = Document::new(paifu, false);
    doc.publish_to(&feed);
    let on_air = OnAir::new(Arc::new(SystemClock), RuleOptions::default());
    let server = Server::start_limited(on_air, doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap(), limits);
    let server = server.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.on_air().record_text().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    (server, doc)
}

/// Twenty copies of a real match: a record of about 230 KB.
fn twenty_matches() -> Paifu {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let game = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap();
    Paifu { matches: vec![game.matches[0].clone(); 20] }
}

/// A connection to `addr` whose receive buffer is small (so that what the server sends waits
/// in the server's socket, not the client's), with `request` sent.
fn small_client(addr: SocketAddr, request: &str) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&addr.into()).unwrap();
    let mut s: TcpStream = socket.into();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    s
}

/// Reads `s` a `chunk` at a time, one every `every`, until the server has closed it or `done`;
/// how many bytes it took.
fn trickle(mut s: TcpStream, chunk: usize, every: Duration, done: Arc<std::sync::atomic::AtomicBool>) -> usize {
    let mut buf = vec![0u8; chunk];
    let mut taken = 0;
    while !done.load(std::sync::atomic::Ordering::SeqCst) {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => taken += n,
        }
        std::thread::sleep(every);
    }
    taken
}

/// The stall timeout is about what a client takes, not whether it takes a byte now and then: a
/// response must hand its client a send buffer's worth (or all it was given) within `stalled`.
/// A client reading a byte every 300 ms and one reading 2 KiB every 100 ms (20 KB/s, under the
/// test's 32 KiB a second) are both closed within the test's 1 s stall timeout (the server's
/// count of open connections falls to 0), while a client that reads gets the whole record.
#[test]
fn clients_that_read_a_trickle_are_closed_by_the_stall_timeout() {
    let stalled = Duration::from_secs(1);
    // A 16 KiB send buffer: 32 KiB as Linux gives it.
    let limits = Limits { stalled, send_buffer: 16 * 1024, header_read: Duration::from_secs(20), ..Limits::default() };
    let (server, _doc) = server_of(twenty_matches(), limits);
    let addr = server.addr();
    let ask =
        |close: &str| format!("GET /api/record.jmjp?token={} HTTP/1.1\r\nHost: {addr}\r\n{close}\r\n", server.token());
    let whole = server.on_air().record_text().unwrap();
    let mut answer = String::new();
    small_client(addr, &ask("Connection: close\r\n")).read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200") && answer.ends_with(&*whole), "a client that reads gets it whole");
    assert!(open_within(&server, 0), "the reader's connection ended");
    let started = Instant::now();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let readers: Vec<_> = [(1, 300), (2048, 100)]
        .into_iter()
        .map(|(chunk, every)| {
            let (s, done) = (small_client(addr, &ask("")), Arc::clone(&done));
            std::thread::spawn(move || trickle(s, chunk, Duration::from_millis(every), done))
        })
        .collect();
    assert!(open_within(&server, 2), "both taken in");
    while server.counts().open() > 0 && started.elapsed() < Duration::from_secs(8) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = started.elapsed();
    let open = server.counts().open();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let taken: Vec<usize> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    println!("a byte every 300 ms and 2 KiB every 100 ms ({taken:?} bytes taken): closed after {took:?}");
    assert_eq!(open, 0, "still open after {took:?}");
    assert!(took < stalled * 3, "closed after {took:?}");
}

/// Waits until the server has `n` connections open (5 s at most); whether it has.
fn open_within(server: &Server, n: usize) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while server.counts().open() != n && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    server.counts().open() == n
}

/// A connection asking for the record (about 230 KB) that reads nothing yet: its answer waits in
/// the server's buffers, a slow page load.
fn loading(server: &Server) -> TcpStream {
    let addr = server.addr();
    let ask =
        format!("GET /api/record.jmjp?token={} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n", server.token());
    small_client(addr, &ask)
}

/// Reads `s` to its end: whether it was the record's whole answer.
fn whole_record(server: &Server, mut s: TcpStream) -> bool {
    let mut answer = String::new();
    let read = s.read_to_string(&mut answer);
    read.is_ok() && answer.starts_with("HTTP/1.1 200") && answer.ends_with(&*server.on_air().record_text().unwrap())
}

/// A connection kept alive after its answer to `/api/state`, read whole.
fn kept_alive(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(s, "GET /api/state HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && s.read(&mut byte).unwrap() == 1 {
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap().to_ascii_lowercase();
    let length = head.split_once("content-length: ").and_then(|(_, l)| l.split("\r\n").next()).unwrap();
    let mut body = vec![0u8; length.parse().unwrap()];
    s.read_exact(&mut body).unwrap();
    s
}

/// Past the cap, a connection whose answer is still being sent is not closed to make room, even
/// the oldest: an idle one is (here one kept alive after its answer), and the slow load gets its
/// answer whole.
#[test]
fn past_the_cap_a_connection_still_answering_is_not_cut() {
    let limits =
        Limits { connections: 3, send_buffer: 16 * 1024, header_read: Duration::from_secs(20), ..Limits::default() };
    let (server, _doc) = server_of(twenty_matches(), limits);
    let addr = server.addr();
    let slow = loading(&server);
    assert!(open_within(&server, 1));
    // Its answer is under way, the rest waiting for the client to read.
    std::thread::sleep(Duration::from_millis(200));
    let mut answered = kept_alive(addr);
    assert!(open_within(&server, 2));
    let mut idle = TcpStream::connect(addr).unwrap();
    assert!(open_within(&server, 3));
    let (took, status) = overlay(addr);
    assert_eq!(status, 200, "served past the cap");
    assert!(took < Duration::from_millis(50), "{took:?}");
    assert!(closed_by(&mut answered, Instant::now() + Duration::from_secs(3)), "the oldest idle one made room");
    assert!(!closed_by(&mut idle, Instant::now() + Duration::from_millis(200)), "one was enough");
    assert!(whole_record(&server, slow), "the slow load was not cut");
    assert_eq!(server.counts().made_room.load(std::sync::atomic::Ordering::SeqCst), 1);
}

/// Past the cap with every connection answering a request, the newcomer is told 503, in English
/// and Japanese, and the others go on.
#[test]
fn past_the_cap_with_none_idle_the_newcomer_is_told_503_in_both_languages() {
    let limits =
        Limits { connections: 2, send_buffer: 16 * 1024, header_read: Duration::from_secs(20), ..Limits::default() };
    let (server, _doc) = server_of(twenty_matches(), limits);
    let addr = server.addr();
    let slow = [loading(&server), loading(&server)];
    assert!(open_within(&server, 2));
    std::thread::sleep(Duration::from_millis(200));
    let mut late = TcpStream::connect(addr).unwrap();
    late.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(late, "GET /overlay HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = Vec::new();
    let _ = late.read_to_end(&mut answer);
    let answer = String::from_utf8(answer).expect("UTF-8");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let head = format!("{head}\r\n");
    let said = jmjp_studio::tr!("broadcast-full").text();
    assert_eq!(body, format!("{}\n{}\n", said.en, said.ja));
    assert!(said.en.contains("too many connections") && said.ja.contains("接続"), "{said:?}");
    assert!(head.contains("\r\nContent-Type: text/plain; charset=utf-8\r\n"), "{head}");
    assert!(head.contains(&format!("\r\nContent-Length: {}\r\n", body.len())), "{head}");
    assert_eq!(server.counts().refused.load(std::sync::atomic::Ordering::SeqCst), 1);
    for s in slow {
        assert!(whole_record(&server, s), "a slow load was cut");
    }
}
