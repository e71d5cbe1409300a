//! Smoke: two desks on loopback; B follows A; a wrong discard at A shows at B.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use jmjp_studio::broadcast::Server;
use jmjp_studio::broadcast::follow::{Desk, Follow, Followed};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::format::{Match, Paifu};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::scoring::RuleOptions;

fn corpus(name: &str) -> (Match, Vec<Entry>) {
    let log = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6").join(name);
    let text = std::fs::read_to_string(&log).unwrap();
    let m = jmjp_studio::interop::tenhou6::import(&text).unwrap().matches.remove(0);
    let entries = m.frames.iter().flat_map(entries_of_frame).collect();
    (Match { frames: Vec::new(), ..m }, entries)
}

struct DeskUnderTest {
    _feed: Feed,
    doc: Document,
    rec: LiveRecording,
    server: Server,
}

fn desk(header: &Match) -> DeskUnderTest {
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![header.clone()] }, false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    DeskUnderTest { _feed: feed, doc, rec: LiveRecording::in_memory(), server }
}

fn wait(f: &Follow, what: impl Fn(&Followed) -> bool) -> Arc<Followed> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let now = f.followed();
        if what(&now) || Instant::now() > deadline {
            return now;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn a_wrong_discard_at_a_shows_at_b() {
    let (header, entries) = corpus("pantheon_usual.json");
    let mut a = desk(&header);
    let mut b = desk(&header);
    let url = format!("{}?token={}", a.server.addr(), a.server.token());
    let desk_a = Desk::parse(&url, "").unwrap();
    let follow = Follow::start(desk_a, b.doc.subscribe().unwrap(), RuleOptions::default(), Arc::new(|| {})).unwrap();
    let n = 60;
    for e in &entries[..n] {
        a.rec.enter(&mut a.doc, e.clone()).unwrap();
        b.rec.enter(&mut b.doc, e.clone()).unwrap();
    }
    let f = wait(&follow, |f| f.reads > 0 && f.mine_seq > 0);
    println!("{:?} {:?}", f.link, f.live.behind);
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    // A alone goes on: B is behind, nothing differs.
    for e in &entries[n..n + 5] {
        a.rec.enter(&mut a.doc, e.clone()).unwrap();
    }
    let f = wait(&follow, |f| f.live.behind.mine > 0);
    println!("behind {:?} diffs {}", f.live.behind, f.live.differences.len());
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    // B catches up.
    for e in &entries[n..n + 5] {
        b.rec.enter(&mut b.doc, e.clone()).unwrap();
    }
    let f = wait(&follow, |f| f.live.behind.mine == 0);
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    // A discard changed at A: one difference at B.
    let mi = 0;
    let frame = a.doc.paifu().matches[mi].frames.len() - 1;
    let acts = &a.doc.paifu().matches[mi].frames[frame].flow.as_ref().unwrap().acts;
    let k = acts.iter().rposition(|x| x.discard.is_some()).unwrap();
    let mut to = acts[k];
    to.discard = match to.discard {
        Some(jmjp_studio::format::Discard::Tsumogiri) => {
            Some(jmjp_studio::format::Discard::Tile(jmjp_studio::format::Tile::UNKNOWN))
        }
        _ => Some(jmjp_studio::format::Discard::Tsumogiri),
    };
    let t0 = Instant::now();
    a.rec.enter(&mut a.doc, Entry::Correct { frame, act: k, to }).unwrap();
    let f = wait(&follow, |f| !f.live.differences.is_empty());
    println!("shown after {:?}", t0.elapsed());
    assert_eq!(f.live.differences.len(), 1, "{:?}", f.live.differences);
    let d = &f.live.differences[0];
    println!("{} · you {} · A {}", d.place().en, d.mine().en, d.theirs().en);
    // B takes A's value: both the same.
    let m =
        jmjp_studio::compare::live::take(b.doc.paifu(), f.theirs.as_deref().unwrap(), &d.mark, &RuleOptions::default())
            .unwrap();
    let text = jmjp_studio::format::write(&Paifu { matches: vec![m] });
    b.rec.enter(&mut b.doc, Entry::Take { text }).unwrap();
    let f = wait(&follow, |f| f.live.differences.is_empty());
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames);
}
