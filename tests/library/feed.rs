//! The one flow of changes (`document::feed`): a recording of over 1,000 entries with undos,
//! redos and recoveries from the journal is seen by a subscriber on its own thread change by
//! change, once each, in order, with sequence numbers that only grow, each with the record as it
//! stood after that change; a subscriber that never reads makes no entry wait.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use jmjp_studio::document::feed::QUEUE_LIMIT;
use jmjp_studio::document::{Document, Feed, Revision, Update, UpdateKind};
use jmjp_studio::format::{Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, Journal, LiveRecording};
use jmjp_studio::rules::simulate::random_match;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jmjp-feed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// At least `n` entries recording a long random match, with an undo and a redo now and then,
/// and two undos in a row once in a while.
fn script(n: usize) -> (Match, Vec<Entry>) {
    for frames in 8.. {
        let m = random_match(7, frames);
        let mut out = Vec::new();
        for (i, e) in m.frames.iter().flat_map(entries_of_frame).enumerate() {
            out.push(e);
            match i % 41 {
                17 => out.extend([Entry::Undo, Entry::Redo]),
                33 => out.extend([Entry::Undo, Entry::Undo, Entry::Redo, Entry::Redo]),
                _ => {}
            }
        }
        if out.len() >= n {
            return (Match { frames: Vec::new(), ..m }, out);
        }
    }
    unreachable!()
}

/// What the scorer's side saw after each change: its kind, the revision and the record.
type Seen = (UpdateKind, Revision, Paifu);

/// Records `entries` into `path`, recovering the recording from its journal (a new document,
/// its revisions counted again from its replay) every `recover_every` entries; returns each change as the
/// document stood after it.
fn record(feed: &Feed, header: Match, entries: Vec<Entry>, path: &Path, recover_every: usize) -> Vec<Seen> {
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    doc.publish_to(feed);
    let mut seen = vec![(UpdateKind::Opened, doc.revision(), doc.paifu().clone())];
    let mut rec = Some(LiveRecording::start(&doc, path).unwrap());
    for (n, e) in entries.into_iter().enumerate() {
        let kind = match e {
            Entry::Undo => UpdateKind::Undo,
            Entry::Redo => UpdateKind::Redo,
            _ => UpdateKind::Edit,
        };
        rec.as_mut().unwrap().enter(&mut doc, e).unwrap_or_else(|p| panic!("entry {n}: {p:?}"));
        seen.push((kind, doc.revision(), doc.paifu().clone()));
        if (n + 1) % recover_every == 0 {
            // The window closes without finishing; the next one rebuilds the record from the
            // journal and goes on publishing to the same flow.
            drop(rec.take());
            let journal = Journal::read(&jmjp_studio::document::io::journal_path(path)).unwrap();
            let (rebuilt, refused) = journal.document().unwrap();
            assert_eq!(refused, 0);
            assert_eq!(rebuilt.paifu(), doc.paifu(), "the journal gives back the record");
            doc = rebuilt;
            doc.publish_to(feed);
            seen.push((UpdateKind::Opened, doc.revision(), doc.paifu().clone()));
            rec = Some(LiveRecording::start(&doc, path).unwrap());
        }
    }
    seen
}

/// Runs `f` on a thread of its own, failing when it does not end within `limit` (an entry that
/// waited for a subscriber that never reads would wait forever).
fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
    let thread = std::thread::spawn(f);
    let start = std::time::Instant::now();
    while !thread.is_finished() {
        assert!(start.elapsed() < limit, "did not end within {limit:?}: something waited");
        std::thread::sleep(Duration::from_millis(20));
    }
    thread.join().unwrap_or_else(|p| std::panic::resume_unwind(p))
}

#[test]
fn a_subscriber_sees_every_change_once_in_order_across_undos_and_recoveries() {
    let dir = temp_dir("every");
    let feed = Feed::new();
    // Subscribed before anything is open: it starts from nothing at all.
    let sub = feed.subscribe(Revision::default(), Paifu::default());
    let (tx, rx) = mpsc::channel::<Update>();
    let follower = sub.follow("test", move |u| tx.send(u).unwrap()).unwrap();

    let (header, entries) = script(1_000);
    assert!(entries.len() >= 1_000);
    let undos = entries.iter().filter(|e| matches!(e, Entry::Undo)).count();
    let path = dir.join("m.jmjp");
    let f = feed.clone();
    let seen = within(Duration::from_secs(300), move || record(&f, header, entries, &path, 250));
    let recoveries = seen.iter().filter(|s| s.0 == UpdateKind::Opened).count() - 1;
    assert!(recoveries >= 4 && undos >= 40, "{recoveries} recoveries, {undos} undos");

    let joined = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!((joined.seq, joined.kind), (0, UpdateKind::Joined));
    let mut got = Vec::new();
    while got.len() < seen.len() {
        got.push(rx.recv_timeout(Duration::from_secs(10)).expect("an update never came"));
    }
    assert!(rx.recv_timeout(Duration::from_millis(200)).is_err(), "no change is published twice");
    for (n, (u, (kind, revision, paifu))) in got.iter().zip(&seen).enumerate() {
        assert_eq!(u.seq, n as u64 + 1, "update {n}: sequence numbers grow by one");
        assert_eq!((u.kind, u.revision), (*kind, *revision), "update {n}");
        assert!(*u.paifu == *paifu, "update {n}: the record as it stood after the change");
    }
    // The revision went back (undo) and started again (recovery); the sequence number never did.
    assert!(got.windows(2).any(|w| w[1].revision < w[0].revision));
    assert_eq!(feed.seq(), seen.len() as u64);
    drop(follower);
}

#[test]
fn a_subscriber_that_never_reads_makes_no_entry_wait() {
    let dir = temp_dir("stalled");
    let feed = Feed::new();
    // One follower whose thread is stuck in its first update for good, and one subscription
    // nobody ever reads.
    let (_never, stuck) = mpsc::channel::<()>();
    let stalled = feed
        .subscribe(Revision::default(), Paifu::default())
        .follow("stuck", move |_| {
            let _ = stuck.recv();
        })
        .unwrap();
    let unread = feed.subscribe(Revision::default(), Paifu::default());
    // And one that reads, to show the others cost it nothing.
    let (tx, rx) = mpsc::channel::<u64>();
    let reader = feed.subscribe(Revision::default(), Paifu::default()).follow("reader", move |u| {
        let _ = tx.send(u.seq);
    });

    let (header, entries) = script(1_000);
    let path = dir.join("m.jmjp");
    let f = feed.clone();
    let seen = within(Duration::from_secs(300), move || record(&f, header, entries, &path, usize::MAX));
    assert!(stalled.is_running(), "the stuck subscriber is still stuck");
    let changes = seen.len() as u64;
    assert_eq!(unread.missed(), changes + 1 - QUEUE_LIMIT as u64, "it kept only the newest {QUEUE_LIMIT}");
    assert_eq!(unread.try_recv().map(|u| u.seq), Some(changes + 1 - QUEUE_LIMIT as u64));
    let read: Vec<u64> = (0..=changes).map(|_| rx.recv_timeout(Duration::from_secs(10)).unwrap()).collect();
    assert_eq!(read, (0..=changes).collect::<Vec<_>>());
    drop(reader);
}

#[test]
fn a_copy_of_the_document_publishes_nowhere() {
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![random_match(3, 1)] }, true);
    doc.publish_to(&feed);
    doc.publish_to(&feed);
    assert_eq!(feed.seq(), 1, "publishing to the same flow again is no change");
    let sub = doc.subscribe().unwrap();
    let mut copy = doc.clone();
    assert!(copy.feed().is_none() && copy.subscribe().is_none());
    let mut other = copy.paifu().matches[0].clone();
    other.frames.clear();
    copy.apply(jmjp_studio::document::Edit::AddMatch(Box::new(other)), None);
    assert_eq!(feed.seq(), 1);
    assert_eq!(sub.try_recv().map(|u| (u.seq, u.kind)), Some((1, UpdateKind::Joined)));
    assert!(sub.try_recv().is_none());
}
