//! On air across a kill and a recovery, for real: a child process records a corpus match
//! (journal and file), `jmjp-studio serve FILE` follows it, and a page reads `/api/events` over
//! a socket. The page goes away while the scorer undoes and redoes; coming back with its last id
//! it gets exactly the events it missed, in order, in the same epoch. Then the recording is
//! killed (SIGKILL) while entries are being made, a second child recovers the journal and goes
//! on; the page coming back with its old id gets the table now in a NEW epoch, never an event
//! of the old one, and what is on air is the record the journal and the file give back. Event
//! ids never go back within an epoch over the whole run.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;

use jmjp_studio::broadcast::on_air::parse_id;
use jmjp_studio::broadcast::table::{Cut, on_air, table_of};
use jmjp_studio::document::{Document, io};
use jmjp_studio::format::{self, Match, Paifu};
use jmjp_studio::i18n::Lang;
use jmjp_studio::recorder::open::{Opened, open};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, Journal, LiveRecording, entry};
use jmjp_studio::scoring::RuleOptions;

const BIN: &str = env!("CARGO_BIN_EXE_jmjp-studio");
/// The longest any one wait may take.
const WAIT: Duration = Duration::from_secs(5);

/// The corpus match recorded: its header and the entries that record it.
fn corpus() -> (Match, Vec<Entry>) {
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6/pantheon_usual.json");
    let m = jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(log).unwrap()).unwrap().matches.remove(0);
    let entries = m.frames.iter().flat_map(entries_of_frame).collect();
    (Match { frames: Vec::new(), ..m }, entries)
}

/// How many of `script`'s entries, made on `header`, give `paifu`.
fn position(header: &Match, script: &[Entry], paifu: &Paifu) -> usize {
    let mut doc = Document::new(Paifu { matches: vec![header.clone()] }, false);
    for (n, e) in script.iter().enumerate() {
        if doc.paifu() == paifu {
            return n;
        }
        entry::apply(&mut doc, e).unwrap();
    }
    panic!("the recovered record is no prefix of the script");
}

/// The child: records into $JMJP_BR_DIR/match.jmjp, as a new recording ($JMJP_BR_MODE=start) or
/// going on from what the journal beside it recovers (recover). It reads commands on its input
/// (`enter`, `undo`, `redo`, `run`: entries back to back until killed) and prints "confirmed N"
/// once each is made.
#[test]
#[ignore = "the recording child of the broadcast recovery test"]
fn recording_child() {
    let _turn = common::turn::take(module_path!());
    let (Ok(dir), Ok(mode)) = (std::env::var("JMJP_BR_DIR"), std::env::var("JMJP_BR_MODE")) else { return };
    let (header, script) = corpus();
    let path = PathBuf::from(dir).join("match.jmjp");
    let (mut doc, mut next) = if mode == "recover" {
        let Opened::Paifu { loaded, beside } = open(&path).unwrap() else { panic!("not a .jmjp file") };
        // As the app does: what the journal rebuilds when it holds more than the file, else the file.
        let doc = match beside.offered(&path) {
            Some(Ok(r)) => {
                println!("recovered {} entries from the journal", r.entries);
                r.doc
            }
            None => {
                println!("the file holds every entry of the journal");
                loaded.into_document()
            }
            Some(Err(why)) => panic!("{}", why.get(Lang::En)),
        };
        let at = position(&header, &script, doc.paifu());
        (doc, at)
    } else {
        let mut doc = Document::new(Paifu { matches: vec![header.clone()] }, false);
        io::save(&mut doc, &path, true).unwrap();
        (doc, 0)
    };
    let mut rec = LiveRecording::start(&doc, &path).unwrap();
    rec.save_if_clean(&mut doc);
    println!("ready at {next}");
    let mut made = 0;
    for line in std::io::stdin().lines().map_while(Result::ok) {
        let mut one = |e: Entry| {
            rec.enter(&mut doc, e).unwrap();
            made += 1;
            println!("confirmed {made}");
        };
        match line.trim() {
            "undo" => one(Entry::Undo),
            "redo" => one(Entry::Redo),
            "enter" => {
                one(script[next].clone());
                next += 1;
            }
            // Entries back to back, as fast as they are made, until killed.
            "run" => {
                while next < script.len() {
                    one(script[next].clone());
                    next += 1;
                }
                std::thread::sleep(Duration::from_secs(60));
            }
            other => panic!("unknown command {other}"),
        }
    }
}

/// A child process killed when dropped (a failed assertion leaves nothing running).
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The lines a child prints, on a thread of their own.
fn lines_of(out: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    rx
}

/// Waits for a line holding `prefix` (the test harness may print before it on the same line):
/// what follows it.
fn line_starting(lines: &mpsc::Receiver<String>, prefix: &str) -> String {
    let deadline = Instant::now() + WAIT * 2;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let l = lines.recv_timeout(left).unwrap_or_else(|_| panic!("no line \"{prefix}...\""));
        if let Some(at) = l.find(prefix) {
            return l[at + prefix.len()..].to_string();
        }
    }
}

/// A recording child and its input.
struct Recorder {
    proc: Proc,
    input: ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Recorder {
    /// Starts a child in `mode` recording into `dir`; once it is ready, with what it printed.
    fn start(dir: &Path, mode: &str) -> (Recorder, Vec<String>) {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["broadcast_recovery::recording_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
            .env("JMJP_BR_DIR", dir)
            .env("JMJP_BR_MODE", mode)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let lines = lines_of(child.stdout.take().unwrap());
        let proc = Proc(child);
        let mut said = Vec::new();
        let deadline = Instant::now() + WAIT * 2;
        loop {
            let l = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())).expect("the child is ready");
            let ready = l.contains("ready at ");
            said.push(l);
            if ready {
                return (Recorder { proc, input, lines }, said);
            }
        }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
    }

    /// Makes one entry (or undo, redo) and waits until it is confirmed: journaled and saved.
    fn make(&mut self, command: &str) {
        self.send(command);
        line_starting(&self.lines, "confirmed ");
    }
}

/// `jmjp-studio serve FILE --port 0`, and the address it printed.
fn serve(path: &Path) -> (Proc, SocketAddr) {
    let mut child = Command::new(BIN)
        .args(["serve", path.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    let proc = Proc(child);
    let index = line_starting(&lines, "http://127.0.0.1:");
    let addr = format!("127.0.0.1:{}", index.split('/').next().unwrap()).parse().unwrap();
    (proc, addr)
}

/// A table as on air, its id taken out: the id, and the rest.
fn split_id(mut table: Value) -> (String, Value) {
    let id = table["id"].as_str().unwrap().to_string();
    table.as_object_mut().unwrap().remove("id");
    (id, table)
}

/// The table of `paifu` as the server draws it for a page without a delay or hands, no id.
fn table(paifu: &Paifu) -> Value {
    let none = Match::default();
    let m = on_air(paifu).unwrap_or(&none);
    let mut v = serde_json::to_value(table_of(m, Cut::all(m), false, &RuleOptions::default())).unwrap();
    v.as_object_mut().unwrap().remove("id");
    v
}

/// The record the journal beside `path` gives back.
fn journal_record(path: &Path) -> Paifu {
    let (doc, refused) = Journal::read(&io::journal_path(path)).unwrap().document().unwrap();
    assert_eq!(refused, 0);
    doc.paifu().clone()
}

/// `/api/state` now: its id and its table.
fn state(addr: SocketAddr) -> (String, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(s, "GET /api/state HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    let body = text.split_once("\r\n\r\n").unwrap().1;
    split_id(serde_json::from_str(body).unwrap())
}

/// Polls `/api/state` (at most [`WAIT`]) until its id is not `old` and its table is `want`.
fn state_becomes(addr: SocketAddr, old: &str, want: &Value) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let (id, t) = state(addr);
        if id != old && t == *want {
            return id;
        }
        assert!(Instant::now() < deadline, "on air after {old}: {id} {t}\nwanted {want}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One event of a stream: its id and its table (without the id, which must be the event's).
#[derive(Debug)]
struct Event {
    id: String,
    table: Value,
}

/// A page reading `/api/events` (coming back with `last_id` when it has one).
struct Page {
    socket: TcpStream,
    events: mpsc::Receiver<Event>,
}

impl Page {
    fn open(addr: SocketAddr, last_id: Option<&str>) -> Page {
        let mut s = TcpStream::connect(addr).unwrap();
        let last = last_id.map_or(String::new(), |id| format!("Last-Event-ID: {id}\r\n"));
        write!(s, "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n{last}\r\n").unwrap();
        let socket = s.try_clone().unwrap();
        let (tx, events) = mpsc::channel();
        std::thread::spawn(move || read_events(s, &tx));
        Page { socket, events }
    }

    /// The next event, waiting at most `wait`.
    fn next(&self, wait: Duration) -> Option<Event> {
        self.events.recv_timeout(wait).ok()
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        let _ = self.socket.shutdown(Shutdown::Both);
    }
}

/// Reads an event stream (HTTP/1.1, chunked) and hands each event over, until it ends.
fn read_events(stream: TcpStream, tx: &mpsc::Sender<Event>) {
    let mut r = BufReader::new(stream);
    let mut line = String::new();
    let mut chunked = false;
    loop {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line.starts_with("HTTP/1.1 ") {
            assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        }
        chunked |= line.to_ascii_lowercase().starts_with("transfer-encoding: chunked");
        if line == "\r\n" {
            break;
        }
    }
    let mut body = Vec::new();
    loop {
        if chunked {
            line.clear();
            if r.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16).unwrap_or(0);
            if size == 0 {
                return;
            }
            let mut chunk = vec![0; size + 2];
            if r.read_exact(&mut chunk).is_err() {
                return;
            }
            body.extend_from_slice(&chunk[..size]);
        } else {
            let mut buf = [0; 4096];
            match r.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => body.extend_from_slice(&buf[..n]),
            }
        }
        while let Some(end) = body.windows(2).position(|w| w == b"\n\n") {
            let block: Vec<u8> = body.drain(..end + 2).collect();
            let block = String::from_utf8(block).unwrap();
            let field = |name: &str| block.lines().find_map(|l| l.strip_prefix(name)).map(str::to_string);
            let (Some(id), Some(data)) = (field("id: "), field("data: ")) else { continue };
            let (inside, table) = split_id(serde_json::from_str(&data).unwrap());
            assert_eq!(inside, id, "an event's table carries the event's id");
            if tx.send(Event { id, table }).is_err() {
                return;
            }
        }
    }
}

/// The epoch and sequence number of an id.
fn parts(id: &str) -> (u64, u64) {
    parse_id(id).unwrap_or_else(|| panic!("not EPOCH-SEQ: {id}"))
}

#[test]
fn event_ids_stay_right_across_undo_redo_a_kill_and_a_recovery_between_reconnects() {
    let _turn = common::turn::take(module_path!());
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("jmjp-onair-recovery-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.jmjp");
    let (mut rec, _) = Recorder::start(&dir, "start");
    let (_server, addr) = serve(&path);
    // Every id seen, through the stream or /api/state, in the order seen.
    let mut seen: Vec<String> = Vec::new();

    // A page follows eight entries, each an event whose table is the journal's record.
    let page = Page::open(addr, None);
    let joined = page.next(WAIT).expect("the table now when a page joins");
    let epoch = parts(&joined.id).0;
    seen.push(joined.id.clone());
    let mut tables = vec![joined.table];
    for _ in 0..8 {
        rec.make("enter");
        let e = page.next(WAIT).expect("an event for each entry");
        assert_eq!(e.table, table(&journal_record(&path)), "{}: the record the journal holds", e.id);
        assert_eq!(parts(&e.id).0, epoch);
        seen.push(e.id);
        tables.push(e.table);
    }
    let left_at = seen.last().unwrap().clone();
    drop(page);

    // Away: an undo, a redo and two entries, each seen on /api/state.
    let mut missed: Vec<(String, Value)> = Vec::new();
    let mut last = left_at.clone();
    for command in ["undo", "redo", "enter", "enter"] {
        rec.make(command);
        let want = table(&journal_record(&path));
        last = state_becomes(addr, &last, &want);
        missed.push((last.clone(), want));
    }
    assert_eq!(missed[0].1, tables[tables.len() - 2], "the undo puts the table back one entry");
    assert_eq!(missed[1].1, tables[tables.len() - 1], "the redo makes it again");
    seen.extend(missed.iter().map(|m| m.0.clone()));
    let t = Instant::now();
    let page = Page::open(addr, Some(&left_at));
    for (id, want) in &missed {
        let e = page.next(WAIT).expect("each missed event");
        assert_eq!(&e.id, id, "the missed events, in order");
        assert_eq!(&e.table, want, "{id}: the table of the missed event");
    }
    let replayed = t.elapsed();
    assert!(page.next(Duration::from_millis(300)).is_none(), "nothing but what was missed");
    let old_id = last.clone();
    drop(page);

    // Killed while entering, entries back to back.
    rec.send("run");
    for _ in 0..5 {
        line_starting(&rec.lines, "confirmed ");
    }
    drop(rec.proc); // SIGKILL
    let recovered = journal_record(&path);
    let last_old = state_becomes(addr, &old_id, &table(&recovered));
    assert_eq!(parts(&last_old).0, epoch, "until a recovery, the same recording");
    seen.push(last_old.clone());

    // A second copy recovers the journal and records on.
    let t = Instant::now();
    let (mut rec, said) = Recorder::start(&dir, "recover");
    let mut after_recovery = Vec::new();
    let deadline = Instant::now() + WAIT;
    let (recovery_id, shown) = loop {
        let (id, t) = state(addr);
        if parts(&id).0 != epoch {
            break (id, t);
        }
        assert!(Instant::now() < deadline, "no new epoch after the recovery: {id}");
        std::thread::sleep(Duration::from_millis(20));
    };
    let new_epoch = parts(&recovery_id).0;
    let to_new_epoch = t.elapsed();
    assert!(new_epoch > epoch, "a new epoch: {recovery_id} after {last_old}");
    assert_eq!(shown, table(&recovered), "on air: the recovered record");
    seen.push(recovery_id.clone());
    let mut last = recovery_id.clone();
    for _ in 0..3 {
        rec.make("enter");
        let want = table(&journal_record(&path));
        last = state_becomes(addr, &last, &want);
        after_recovery.push((last.clone(), want));
    }
    seen.extend(after_recovery.iter().map(|m| m.0.clone()));

    // The page comes back with its id of the old epoch: the table now, in the new epoch.
    let page = Page::open(addr, Some(&old_id));
    let e = page.next(WAIT).expect("the table now");
    let (now_id, now_table) = state(addr);
    assert_eq!(parts(&e.id).0, new_epoch, "an old id gets the new epoch, never an old event: {}", e.id);
    assert_eq!((&e.id, &e.table), (&now_id, &now_table), "the table now, in full");
    assert_eq!(e.table, table(&journal_record(&path)), "what the journal gives back");
    assert_eq!(e.table, table(&format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu), "the file");
    assert!(page.next(Duration::from_millis(300)).is_none(), "one full state, no backlog");
    seen.push(e.id);
    for _ in 0..2 {
        rec.make("enter");
        let e = page.next(WAIT).expect("the page follows the recovered recording");
        assert_eq!(parts(&e.id).0, new_epoch);
        assert_eq!(e.table, table(&journal_record(&path)));
        after_recovery.push((e.id.clone(), e.table.clone()));
        seen.push(e.id);
    }
    drop(page);
    // An id of the new epoch replays what came after it there.
    let page = Page::open(addr, Some(&recovery_id));
    for (id, want) in &after_recovery {
        let e = page.next(WAIT).expect("each event after the recovery");
        assert_eq!(&e.id, id, "the events after the recovery, in order");
        assert_eq!(&e.table, want, "{id}");
    }
    assert!(page.next(Duration::from_millis(300)).is_none());
    drop(page);

    // Never back within an epoch, and no epoch comes back.
    let ids: Vec<(u64, u64)> = seen.iter().map(|i| parts(i)).collect();
    for w in ids.windows(2) {
        assert!(w[0].0 <= w[1].0, "an epoch came back: {seen:?}");
        assert!(w[0].0 < w[1].0 || w[0].1 <= w[1].1, "an id went back: {seen:?}");
    }
    let (final_id, final_table) = state(addr);
    let frame = &final_table["frame"];
    drop(rec);
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "epochs {epoch} -> {new_epoch}; {} ids seen, last {final_id}; frame {} acts {} last {}; child 2: {}; \
         missed events replayed in {replayed:?}; recovery to new epoch {to_new_epoch:?}; total {:?}",
        seen.len(),
        frame["name"],
        frame["acts"],
        frame["last"],
        said.join(" / "),
        started.elapsed()
    );
}
