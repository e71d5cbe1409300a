//! Double entry, live: `cargo bench --bench double_entry` prints
//! - the recorder's entry (journal off) on a document published to a feed a server serves (as On
//!   air serves it), over the first 1,000 entries of the corpus's longest game, one every 2 ms:
//!   (a) no desk following it, (b) another desk following it over loopback, (c) it following a
//!   desk that accepts the connection and never answers (its reads hang), (d) two desks
//!   following each other (the normal case): a criterion group of the time per entry; then the
//!   four cases again interleaved (blocks of 100 entries of each in turn, so that whatever else
//!   the shared machine runs meets them alike), each case's p50, mean and p99, its mean less the
//!   time the entering thread was runnable but waiting for a CPU, how many entries blocked (a
//!   voluntary context switch during the entry: a lock or the network waited for) or were
//!   preempted, and one summary line with the ratios to (a) (compare ratios within one run,
//!   not times between runs);
//! - an entry at desk A to the difference shown at desk B (B follows A), and an entry to B caught
//!   up with it: "p50 ... p99 ... max ..." lines over the 1,000 entries, as a scorer enters them
//!   (each entry made at both desks, B first, so A's entry is the later one and the one timed;
//!   then the next entry once B has caught up). Four runs: both desks right; every entry at A
//!   planted wrong (another tile drawn, discarded or shown, a riichi missed, a start hand's
//!   tile, end points), shown at B, undone and entered right; the same with the order turned
//!   round (A's entry first and read by B, then B's own, the later, timed: B's own record's
//!   changes wake its comparing thread); every 10th discard at A
//!   planted wrong (another tile) and left open, the differences piling up;
//! - where that time goes: one comparison (`compare::live::live`) of the two records at the end
//!   (the same; one act behind; with the open differences of the last run), the record read
//!   over loopback and parsed, and what the comparison spends judging each frame that differs
//!   (every choice of sides checked by the rules and scored, 2^n for n open differences up to 6;
//!   the follower keeps the judgements of frames that did not change).
//!
//! The time to a difference is taken from the moment A's `enter` is called to the moment B's
//! comparing thread published the comparison that first shows it (`Followed::at`); the bench is
//! woken by `Follow::start`'s `wake`, so its own wait adds nothing.
//!
//! The entries grow the document's undo history (one realloc of the history per entry): for runs
//! compared with each other, fix glibc's malloc thresholds as `benches/old_vs_new.sh` does
//! (`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456`),
//! else whether an entry gets fresh pages depends on what ran earlier in the process.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, HashSet};
use std::hint::black_box;
use std::net::TcpListener;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use jmjp_studio::broadcast::Server;
use jmjp_studio::compare::live::{self, Mark};
use jmjp_studio::document::{Document, Feed};
use jmjp_studio::double_entry::follow::{Desk, Follow, Followed, LinkState, Wake, fetch_text};
use jmjp_studio::format::{self, Discard, Draw, Match, Paifu, RecordPlace, Tile};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, LiveRecording};
use jmjp_studio::scoring::RuleOptions;

/// How many entries each pass makes.
const ENTRIES: usize = 1000;
/// The pause after each entry (a fast scorer is a hundred times slower).
const PAUSE: Duration = Duration::from_millis(2);
/// How long the bench waits for B to show an entry before counting it as not shown.
const DEADLINE: Duration = Duration::from_secs(5);

/// The corpus's longest game (`pantheon_west.json`, 18 frames): its header and its first 1,000
/// entries (its first 10 frames and a part of the 11th).
fn corpus() -> (Match, Vec<Entry>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let m = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| jmjp_studio::interop::tenhou6::import(&std::fs::read_to_string(p).unwrap()).unwrap().matches.remove(0))
        .max_by_key(|m| m.frames.iter().map(entries_of_frame).map(|e| e.len()).sum::<usize>())
        .unwrap();
    let mut entries: Vec<Entry> = m.frames.iter().flat_map(entries_of_frame).collect();
    assert!(entries.len() >= ENTRIES, "the longest corpus game has only {} entries", entries.len());
    entries.truncate(ENTRIES);
    (Match { frames: Vec::new(), ..m }, entries)
}

/// One desk: a recording published to a feed, served as On air serves it.
struct DeskUnderTest {
    feed: Feed,
    doc: Document,
    rec: LiveRecording,
    server: Server,
}

fn desk(header: &Match) -> DeskUnderTest {
    let feed = Feed::new();
    let mut doc = Document::new(Paifu { matches: vec![header.clone()] }, false);
    doc.publish_to(&feed);
    let server = Server::start(doc.subscribe().unwrap(), "127.0.0.1:0".parse().unwrap()).unwrap();
    DeskUnderTest { feed, doc, rec: LiveRecording::in_memory(), server }
}

impl DeskUnderTest {
    /// This desk as another desk's settings name it.
    fn address(&self) -> Desk {
        Desk::parse(&format!("{}?token={}", self.server.addr(), self.server.token()), "").unwrap()
    }

    fn enter(&mut self, e: Entry) {
        self.rec.enter(&mut self.doc, e).unwrap();
    }

    /// Follows `other`, `wake` told of each comparison published.
    fn follow(&self, other: Desk, wake: Wake) -> Follow {
        Follow::start(other, self.doc.subscribe().unwrap(), RuleOptions::default(), wake).unwrap()
    }
}

/// Waits (up to the deadline) for `f` to show what `what` asks for.
fn wait(f: &Follow, what: impl Fn(&Followed) -> bool) -> Option<Arc<Followed>> {
    let deadline = Instant::now() + DEADLINE;
    loop {
        let now = f.followed();
        if what(&now) {
            return Some(now);
        }
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A desk that accepts connections and never answers: whoever follows it waits on its reads.
fn stalled_desk() -> Desk {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for s in listener.incoming().map_while(Result::ok) {
            held.push(s);
        }
    });
    Desk::parse(&format!("{addr}?token=0123456789abcdef"), "").unwrap()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Case {
    Alone,
    Followed,
    FollowingStalled,
    Both,
}

impl Case {
    const ALL: [Case; 4] = [Case::Alone, Case::Followed, Case::FollowingStalled, Case::Both];

    fn name(self) -> &'static str {
        match self {
            Case::Alone => "a no desk following",
            Case::Followed => "b followed by another desk",
            Case::FollowingStalled => "c following a desk that never answers",
            Case::Both => "d two desks following each other",
        }
    }
}

/// The entering thread's context switches so far: voluntary (it blocked: a lock, the network, a
/// sleep) and not (preempted). `None` where `/proc` does not tell.
fn switches() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/thread-self/status").ok()?;
    let count = |key: &str| -> Option<u64> {
        status.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim_start_matches(':').trim().parse().ok())
    };
    Some((count("voluntary_ctxt_switches")?, count("nonvoluntary_ctxt_switches")?))
}

/// How long the entering thread has been runnable but waiting for a CPU (its run delay), so
/// far. `None` where `/proc` does not tell.
fn run_delay() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().nth(1)?.parse().ok().map(Duration::from_nanos)
}

/// One entry at A as the cases time it.
#[derive(Clone, Copy)]
struct Timed {
    took: Duration,
    /// Its thread blocked (a voluntary context switch).
    blocked: bool,
    /// Its thread was preempted (an involuntary one).
    preempted: bool,
    /// Its time runnable but waiting for a CPU.
    waited: Duration,
}

/// The desks of one pass of 1,000 entries: A (timed), B when another desk takes part, and the
/// following going on.
struct Pass {
    a: DeskUnderTest,
    b: Option<DeskUnderTest>,
    follows: Vec<Follow>,
    at: usize,
}

fn pass(case: Case, header: &Match, stalled: &Desk) -> Pass {
    let a = desk(header);
    let quiet: Wake = Arc::new(|| {});
    let (b, follows) = match case {
        Case::Alone => (None, Vec::new()),
        Case::FollowingStalled => (None, vec![a.follow(stalled.clone(), quiet)]),
        Case::Followed | Case::Both => {
            let b = desk(header);
            let mut follows = vec![b.follow(a.address(), Arc::clone(&quiet))];
            if case == Case::Both {
                follows.push(a.follow(b.address(), quiet));
            }
            (Some(b), follows)
        }
    };
    // The links up (their first read done) before anything is timed.
    for f in &follows {
        if f.desk() != stalled {
            assert!(wait(f, |x| x.reads > 0).is_some(), "{:?} not read within {DEADLINE:?}", f.desk());
        }
    }
    Pass { a, b, follows, at: 0 }
}

/// One entry at A, timed alone (with whether it blocked, was preempted, waited for a CPU); B
/// enters it too, untimed; then the pause.
fn step(p: &mut Pass, entries: &[Entry]) -> Timed {
    let e = &entries[p.at];
    let (before, delay) = (switches(), run_delay());
    let t = Instant::now();
    p.a.enter(e.clone());
    let took = t.elapsed();
    let (after, delayed) = (switches(), run_delay());
    let waited = delayed.zip(delay).map_or(Duration::ZERO, |(x, y)| x.saturating_sub(y));
    let (blocked, preempted) = match (before, after) {
        (Some(b), Some(a)) => (a.0 > b.0, a.1 > b.1),
        _ => (false, false),
    };
    if let Some(b) = &mut p.b {
        b.enter(e.clone());
    }
    p.at += 1;
    std::thread::sleep(PAUSE);
    Timed { took, blocked, preempted, waited }
}

/// The recorder's entry in each case: a criterion group (each iteration one entry at A, a new
/// pass of desks after each 1,000), then the four cases again interleaved, blocks of 100 entries
/// of each in turn over 1,000 entries each (all four passes open, only one entering), so that
/// whatever else the shared machine runs meets them alike: their time per entry and the ratios.
fn entry_cases(c: &mut Criterion, header: &Match, entries: &[Entry]) {
    let stalled = stalled_desk();
    let mut group = c.benchmark_group("double entry: recorder entry at A, server on, 1,000 corpus entries");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_millis(2000));
    for case in Case::ALL {
        let mut current: Option<Pass> = None;
        group.bench_function(case.name(), |bench| {
            bench.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    if current.as_ref().is_none_or(|p| p.at == entries.len()) {
                        current = None;
                        current = Some(pass(case, header, &stalled));
                    }
                    total += step(current.as_mut().unwrap(), entries).took;
                }
                total
            })
        });
    }
    group.finish();

    const BLOCK: usize = 100;
    let mut passes: Vec<Pass> = Case::ALL.iter().map(|&case| pass(case, header, &stalled)).collect();
    let mut kept: Vec<Vec<Timed>> = vec![Vec::new(); passes.len()];
    for round in 0..entries.len().div_ceil(BLOCK) {
        for k in 0..passes.len() {
            // Each round begins with the next case.
            let k = (round + k) % passes.len();
            for _ in 0..BLOCK.min(entries.len() - passes[k].at) {
                kept[k].push(step(&mut passes[k], entries));
            }
        }
    }
    // The desk that never answers was never read: A's entries went on without it.
    let c = Case::ALL.iter().position(|&c| c == Case::FollowingStalled).unwrap();
    let stalled_link = passes[c].follows[0].followed();
    assert_eq!(stalled_link.reads, 0, "the desk that never answers was read");
    assert!(
        matches!(stalled_link.link, LinkState::Connecting | LinkState::Unreachable { .. }),
        "{:?}",
        stalled_link.link
    );
    drop(passes);
    let mean = |t: &[Timed], f: fn(&Timed) -> Duration| t.iter().map(f).sum::<Duration>() / t.len().max(1) as u32;
    let stats: Vec<(Duration, Duration, Duration, Duration)> = kept
        .iter()
        .map(|t| {
            let (p50, p99, _) = spread(t.iter().map(|x| x.took).collect());
            (p50, mean(t, |x| x.took), p99, mean(t, |x| x.took.saturating_sub(x.waited)))
        })
        .collect();
    println!();
    println!("the recorder's entry at A, the four cases interleaved (blocks of {BLOCK} entries in turn):");
    for ((case, (p50, mean, p99, running)), t) in Case::ALL.iter().zip(&stats).zip(&kept) {
        let blocked: Vec<Duration> = t.iter().filter(|x| x.blocked).map(|x| x.took).collect();
        let preempted = t.iter().filter(|x| x.preempted).count();
        let longest = blocked.iter().max().map_or(String::new(), |d| format!(", the longest {d:.1?}"));
        println!(
            "  {:<40} p50 {p50:>8.1?}  mean {mean:>8.1?}  p99 {p99:>8.1?}  mean less the wait for a CPU {running:>8.1?}  ({} entries: {} blocked{longest}, {preempted} preempted)",
            case.name(),
            t.len(),
            blocked.len()
        );
    }
    let ratio = |x: Duration, y: Duration| x.as_secs_f64() / y.as_secs_f64();
    let (a50, amean, a99, arun) = stats[0];
    let mut line =
        String::from("summary: the entry at A relative to (a), p50 / mean / p99 / mean less the wait for a CPU:");
    for (case, (p50, mean, p99, running)) in Case::ALL.iter().zip(&stats).skip(1) {
        line.push_str(&format!(
            " ({})/(a) {:.2} / {:.2} / {:.2} / {:.2};",
            &case.name()[..1],
            ratio(*p50, a50),
            ratio(*mean, amean),
            ratio(*p99, a99),
            ratio(*running, arun)
        ));
    }
    let blocked: usize = kept.iter().flatten().filter(|x| x.blocked).count();
    let tunables = if std::env::var_os("GLIBC_TUNABLES").is_some() { "set" } else { "not set" };
    println!(
        "{}; {blocked} of {} entries blocked (GLIBC_TUNABLES {tunables})",
        line.trim_end_matches(';'),
        kept.iter().map(Vec::len).sum::<usize>()
    );
    println!();
}

/// p50, p99 and max of `times`.
fn spread(mut times: Vec<Duration>) -> (Duration, Duration, Duration) {
    if times.is_empty() {
        return (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    }
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    (at(0.5), at(0.99), times[times.len() - 1])
}

fn line(what: &str, times: Vec<Duration>, missed: usize) {
    let n = times.len();
    let (p50, p99, max) = spread(times);
    let missed = if missed > 0 { format!(", {missed} not shown within {DEADLINE:?}") } else { String::new() };
    println!("  {what:<66} p50 {p50:>9.2?}  p99 {p99:>9.2?}  max {max:>9.2?}  ({n} entries{missed})");
}

/// Another tile: the next one of the suit (9 to 1), the next wind or dragon.
fn other(t: Tile) -> Tile {
    let k = t.plain().kind().unwrap_or(0);
    let next = match k {
        27..=30 => 27 + (k - 27 + 1) % 4,
        31..=33 => 31 + (k - 31 + 1) % 3,
        _ => k / 9 * 9 + (k % 9 + 1) % 9,
    };
    Tile::from_kind(next).unwrap()
}

/// A discard from the hand recorded as another tile.
fn wrong_discard(e: &Entry) -> Option<Entry> {
    match e {
        Entry::Discard(Discard::Tile(t)) if !t.is_unknown() => Some(Entry::Discard(Discard::Tile(other(*t)))),
        _ => None,
    }
}

/// `e` entered wrong the way a scorer gets it wrong: another tile drawn or discarded, a riichi
/// missed, another indicator, a start hand's tile, end points off by 1,000; `None` for what has
/// no such mistake here (calls, tsumo, kans).
fn wrong(e: &Entry) -> Option<Entry> {
    Some(match e {
        Entry::Act(a) => match a.draw {
            Draw::Tile(t) if !t.is_unknown() => {
                Entry::Act(jmjp_studio::format::Act { draw: Draw::Tile(other(t)), ..*a })
            }
            _ => return None,
        },
        Entry::Discard(Discard::Tile(t)) if !t.is_unknown() => Entry::Discard(Discard::Tile(other(*t))),
        Entry::Discard(Discard::Riichi(t)) => Entry::Discard(Discard::Tile(*t)),
        Entry::Discard(Discard::Tsumogiri) => Entry::Discard(Discard::Tile(Tile::UNKNOWN)),
        Entry::Indicator(t) if !t.is_unknown() => Entry::Indicator(other(*t)),
        Entry::Deal(d) => {
            let mut d = d.clone();
            let t = d.hands[1].first_mut()?;
            *t = other(*t);
            Entry::Deal(d)
        }
        Entry::Finish(f) => {
            let mut f = f.clone();
            f.end_points[0].0 += 10;
            f.end_points[1].0 -= 10;
            Entry::Finish(f)
        }
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Plant {
    /// Both desks enter every entry right.
    Nothing,
    /// Every entry planted wrong, shown, undone and entered right.
    EveryOneUndone,
    /// Every 10th discard planted wrong and left open.
    EveryTenthLeft,
}

/// B follows A; each entry made at both desks (`b_first`: B's first, A's the later and timed;
/// else A's first and B's timed), then waited for at B. Prints the time to the difference
/// shown and to B caught up; returns the two desks as they end.
fn latency(header: &Match, entries: &[Entry], plant: Plant, b_first: bool) -> (DeskUnderTest, DeskUnderTest) {
    let mut a = desk(header);
    let mut b = desk(header);
    let (tx, rx) = mpsc::channel::<()>();
    let tx = Mutex::new(tx);
    let wake: Wake = Arc::new(move || {
        let _ = tx.lock().map(|t| t.send(()));
    });
    let follow = b.follow(a.address(), wake);
    assert!(wait(&follow, |f| f.reads > 0 && f.link == LinkState::Up).is_some(), "B never read A");
    // Waits for the first comparison published that `shows`; how long after `t0` it was published.
    let until = |shows: &dyn Fn(&Followed) -> bool, t0: Instant| -> Option<Duration> {
        let deadline = t0 + DEADLINE;
        loop {
            let f = follow.followed();
            if shows(&f) {
                return Some(f.at.unwrap().saturating_duration_since(t0));
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            let _ = rx.recv_timeout(left.min(Duration::from_millis(50)));
        }
    };
    let mut seen: HashSet<Mark> = HashSet::new();
    let (mut to_difference, mut to_caught_up, mut to_fixed) = (vec![], vec![], vec![]);
    let (mut missed_difference, mut missed_caught_up, mut missed_fixed) = (0, 0, 0);
    let mut tenth = 0;
    for (i, e) in entries.iter().enumerate() {
        let planted = match plant {
            Plant::Nothing => None,
            Plant::EveryOneUndone => wrong(e),
            // The first discard from the hand at or after each 10th entry.
            Plant::EveryTenthLeft if i / 10 > tenth => wrong_discard(e).inspect(|_| tenth = i / 10),
            Plant::EveryTenthLeft => None,
        };
        let at_a = planted.clone().unwrap_or_else(|| e.clone());
        while rx.try_recv().is_ok() {}
        let t0 = if b_first {
            b.enter(e.clone());
            let t0 = Instant::now();
            a.enter(at_a);
            t0
        } else {
            // A's entry first, read by B (B only behind), then B's own entry, later.
            a.enter(at_a);
            let a_now = a.doc.paifu().clone();
            let _ = until(&|f: &Followed| f.theirs.as_deref() == Some(&a_now), Instant::now());
            let t0 = Instant::now();
            b.enter(e.clone());
            t0
        };
        let (b_seq, a_now) = (b.feed.seq(), a.doc.paifu().clone());
        let caught_up = |f: &Followed| f.mine_seq >= b_seq && f.theirs.as_deref() == Some(&a_now);
        if planted.is_some() {
            let new = |f: &Followed| caught_up(f) && f.live.differences.iter().any(|d| !seen.contains(&d.mark));
            match until(&new, t0) {
                Some(d) => to_difference.push(d),
                None => missed_difference += 1,
            }
        }
        match until(&caught_up, t0) {
            Some(d) => to_caught_up.push(d),
            None => missed_caught_up += 1,
        }
        seen.extend(follow.followed().live.differences.iter().map(|d| d.mark.clone()));
        if plant == Plant::EveryOneUndone && planted.is_some() {
            // Undone and entered right: B shows no difference again before the next entry.
            let t0 = Instant::now();
            a.enter(Entry::Undo);
            a.enter(e.clone());
            let a_now = a.doc.paifu().clone();
            let fixed = |f: &Followed| f.theirs.as_deref() == Some(&a_now) && f.live.differences.is_empty();
            match until(&fixed, t0) {
                Some(d) => to_fixed.push(d),
                None => missed_fixed += 1,
            }
            seen = follow.followed().live.differences.iter().map(|d| d.mark.clone()).collect();
        }
    }
    let f = follow.followed();
    let n = entries.len();
    match (plant, b_first) {
        (Plant::Nothing, _) => {
            println!("B follows A, {n} entries at each, both right, B's entry first, A's timed:");
            line("an entry at A to B caught up", to_caught_up, missed_caught_up);
        }
        (Plant::EveryOneUndone, true) => {
            println!(
                "B follows A, {n} entries at each, each entered wrong at A, shown at B, undone and entered right:"
            );
            line("a wrong entry at A to the difference shown at B", to_difference, missed_difference);
            line("its undo and the right entry at A to no difference at B", to_fixed, missed_fixed);
        }
        (Plant::EveryOneUndone, false) => {
            println!("the same, A's entry first and read by B, then B's own entry (the later one) timed:");
            line("an entry at B to the difference shown at B", to_difference, missed_difference);
            line("an entry at B to B caught up (every entry)", to_caught_up, missed_caught_up);
        }
        (Plant::EveryTenthLeft, _) => {
            println!("B follows A, {n} entries at each, every 10th discard at A wrong and left open, A's entry timed:");
            line("an entry at A to the new difference shown at B", to_difference, missed_difference);
            line("an entry at A to B caught up (every entry)", to_caught_up, missed_caught_up);
        }
    }
    println!(
        "  at the end: {} open differences at B, {} reads of A's record, behind {:?}",
        f.live.differences.len(),
        f.reads,
        f.live.behind
    );
    (a, b)
}

/// Where the time to a difference goes: the record read over loopback and parsed, and one
/// comparison of the two records at the end of a run, the same, one act behind, and with the
/// open differences left by every 10th discard planted wrong; and what judging the frames that
/// differ costs.
fn where_time_goes(c: &mut Criterion, same: &(DeskUnderTest, DeskUnderTest), left: &(DeskUnderTest, DeskUnderTest)) {
    let rules = RuleOptions::default();
    let url = same.0.address().record_url();
    let text = fetch_text(&url).unwrap();
    let (mine, theirs) = (same.1.doc.paifu(), same.0.doc.paifu());
    let mut behind = theirs.clone();
    let last = behind.matches[0].frames.last_mut().unwrap().flow.as_mut().unwrap();
    last.acts.pop();
    let (b_left, a_left) = (left.1.doc.paifu(), left.0.doc.paifu());
    let open = live::live(b_left, a_left, &rules);
    // Differences per frame, and the frames a fresh comparison judges for them: each choice of
    // sides (2^n for n open differences up to 6; none past it) checked by the rules and scored.
    let mut per_frame: BTreeMap<String, usize> = BTreeMap::new();
    for d in &open.differences {
        *per_frame.entry(d.mark.frame.clone()).or_default() += 1;
    }
    let judged: usize = per_frame.values().map(|&n| if n <= 6 { 1 << n } else { 0 }).sum();
    println!(
        "the records after 1,000 entries: {} bytes of text, {} frames; with every 10th discard wrong: {} open differences, per frame {:?}: {judged} frames judged in each comparison",
        text.len(),
        theirs.matches[0].frames.len(),
        open.differences.len(),
        per_frame.values().collect::<Vec<_>>()
    );
    let mut group = c.benchmark_group("double entry: where the time to a difference goes");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    group.bench_function("A's record read over loopback (fetch_text)", |b| b.iter(|| fetch_text(&url).unwrap()));
    group.bench_function("A's record parsed", |b| b.iter(|| format::parse(black_box(&text)).unwrap()));
    group
        .bench_function("live(): the two records the same", |b| b.iter(|| live::live(mine, black_box(theirs), &rules)));
    group.bench_function("live(): B one act behind", |b| b.iter(|| live::live(mine, black_box(&behind), &rules)));
    group.bench_function(format!("live(): {} open differences", open.differences.len()), |b| {
        b.iter(|| live::live(b_left, black_box(a_left), &rules))
    });
    // One frame judged: the rules' check and the scoring of the last whole frame.
    let frame = a_left.matches[0].frames.iter().rev().find(|f| f.end_points.is_some()).unwrap();
    group.bench_function("one frame judged (check_frame + score_frame)", |b| {
        b.iter(|| {
            let mut found = Vec::new();
            let summary = jmjp_studio::rules::check_frame(black_box(frame), None, RecordPlace::default(), &mut found);
            (summary, found, jmjp_studio::scoring::score_frame(frame, &rules))
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let (header, entries) = corpus();
    println!("the corpus's longest game: its first {} entries", entries.len());
    entry_cases(c, &header, &entries);
    let same = latency(&header, &entries, Plant::Nothing, true);
    drop(latency(&header, &entries, Plant::EveryOneUndone, true));
    drop(latency(&header, &entries, Plant::EveryOneUndone, false));
    let left = latency(&header, &entries, Plant::EveryTenthLeft, true);
    println!();
    where_time_goes(c, &same, &left);
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
