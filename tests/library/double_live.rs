//! Double entry, live: two recorders in one process, each serving its record and following the
//! other's over loopback (both directions at once, as two desks of a studio do).
//!
//! - Every mistake kind of the cause finder's table (`common::planting`), 20 of each, planted at
//!   one desk (A and B in turn) in one frame of a corpus match both desks record from the same
//!   entries: the scorer typed the mistake (the planted frame's entries are what that desk
//!   enters), so it reaches the other desk as any entry does. Each is shown at both desks, at the
//!   planted place, named the same way both sides with the values swapped, and resolved by one
//!   take at the desk with the mistake (what the U key enters); then both records' frames are
//!   equal and the taking desk credits both recorders. All of it goes through the real servers
//!   and followers. `cargo test --test library double_live:: -- --nocapture` prints the table. Two
//!   kinds are shown as more than one row: two acts the wrong way round are their two acts
//!   changed (the first at the planted act), and an act one desk lacks is "act N" at the desk
//!   that has it and "before act N" at the other (the same act N: taken as named alike).
//!   Both desks compare at least every [`PACE`] entries (see
//!   `a_desk_far_ahead_in_a_frame_is_behind_and_its_follower_goes_on` for a desk far ahead).
//! - The link cut in the middle of a frame and restored (the same port, the same token).
//! - A desk restarted from its recovered journal is compared from its new state.
//! - A difference kept (mine checked) survives a crash; journals of earlier versions still read.
//! - Another match is refused with the reason.
//! - `jmjp-studio compare FILE URL`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::common;
use crate::desks;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::planting::{Place, Planted, plant};
use desks::{DEADLINE, Station, corpus, follow, settled, wait_for};
use jmjp_studio::compare::Part;
use jmjp_studio::compare::live::{self, LiveDifference};
use jmjp_studio::double_entry::follow::{Follow, Followed};
use jmjp_studio::format::{self, Frame, FrameId, Match, Paifu};
use jmjp_studio::recorder::Entry;
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::rules::simulate::Rng;

/// How many of each kind are planted.
const EACH: usize = 20;

/// At most this many entries at each desk before both desks have compared.
const PACE: usize = 24;

/// One planted mistake: in frame `frame` of game `game`, at desk A or B.
#[derive(Clone, Debug)]
struct Case {
    kind: Planted,
    game: usize,
    frame: usize,
    at_a: bool,
    bad: Frame,
    place: Place,
}

/// The corpus games and, for each, which of its frames are clean (no rules error: a mistake
/// planted in them is the only one).
fn games() -> Vec<(String, Match, Vec<bool>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let m = corpus(&name);
            let clean = m
                .frames
                .iter()
                .map(|f| {
                    let mut d = Vec::new();
                    jmjp_studio::rules::check_frame(f, None, format::RecordPlace::default(), &mut d);
                    !d.iter().any(|x| x.severity == format::Severity::Error)
                })
                .collect();
            (name, m, clean)
        })
        .collect()
}

/// The cases, in passes over the corpus: in each pass a frame holds at most one mistake; the
/// kinds with the fewest places are placed first, each preferring frames it was not planted in
/// yet, so the 20 of a kind differ.
fn plan(games: &[(String, Match, Vec<bool>)], rng: &mut Rng) -> Vec<Vec<Case>> {
    let passes = 2;
    let mut used_by_kind: BTreeMap<Planted, Vec<(usize, usize)>> = BTreeMap::new();
    let places: Vec<(usize, usize)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, (_, m, clean))| (0..m.frames.len()).filter(|&f| clean[f]).map(move |f| (g, f)))
        .collect();
    let plantable = |kind: Planted, (g, f): (usize, usize), rng: &mut Rng| -> Option<(Frame, Place)> {
        let frame = &games[g].1.frames[f];
        plant(kind, frame, rng).filter(|(bad, _)| bad != frame)
    };
    let mut scarcity: Vec<(usize, Planted)> = Planted::ALL
        .iter()
        .map(|&k| (places.iter().filter(|&&p| plantable(k, p, &mut Rng::new(1)).is_some()).count(), k))
        .collect();
    scarcity.sort();
    let mut out = Vec::new();
    let mut count: BTreeMap<Planted, usize> = BTreeMap::new();
    for pass in 0..passes {
        let mut taken: Vec<(usize, usize)> = Vec::new();
        let mut cases = Vec::new();
        for &(_, kind) in &scarcity {
            let want = EACH * (pass + 1) / passes - EACH * pass / passes;
            let used = used_by_kind.entry(kind).or_default();
            let mut order: Vec<(usize, usize)> = places.iter().copied().filter(|p| !taken.contains(p)).collect();
            // Shuffled, frames not yet used for this kind first.
            for k in (1..order.len()).rev() {
                order.swap(k, rng.below(k + 1));
            }
            order.sort_by_key(|p| used.contains(p));
            let mut got = 0;
            for p in order {
                if got == want {
                    break;
                }
                let Some((bad, place)) = plantable(kind, p, rng) else { continue };
                let n = count.entry(kind).or_default();
                cases.push(Case { kind, game: p.0, frame: p.1, at_a: n.is_multiple_of(2), bad, place });
                *n += 1;
                got += 1;
                taken.push(p);
                used.push(p);
            }
        }
        cases.sort_by_key(|c| (c.game, c.frame));
        out.push(cases);
    }
    out
}

/// How each kind fared.
#[derive(Default, Debug)]
struct Tally {
    planted: usize,
    /// Shown at both desks once both had entered the frame.
    shown: usize,
    /// At the planted place (frame, part, act) at both desks.
    placed: usize,
    /// Named the same way both sides (the place), the values swapped.
    named: usize,
    /// One take at the desk with the mistake left no difference at either desk, equal frames
    /// and both recorders credited.
    resolved: usize,
    /// Not resolved by one take, resolved by a second.
    second_take: usize,
    /// The longest time from the frame's last entry to the comparison at both desks.
    slowest: Duration,
}

/// Whether difference `d` stands at `place` of frame `id` (a swap of two acts shows as its two
/// acts changed: the first stands at the place).
fn at_place(d: &LiveDifference, id: FrameId, place: &Place) -> bool {
    if d.mark.frame != id.to_string() {
        return false;
    }
    match place {
        Place::Act(i) => d.difference.part == Part::Act && d.mark.act == Some(*i),
        Place::Start(seat) => d.difference.part == Part::StartHand(*seat),
        Place::Slot(s) => d.difference.part == Part::Indicator(*s),
        Place::EndPoints => d.difference.part == Part::EndPoints,
    }
}

/// An act only one desk has: the desk that has it names it "act N", the desk that lacks it
/// "before act N" (its own act N comes after the gap). Both name act N of the same frame: taken
/// as named alike: that is how `compare` words a gap, from each side's own act numbers.
fn missing_act_named_alike(x: &LiveDifference, y: &LiveDifference) -> bool {
    let (lacks, has) = match (&x.mark.mine, &y.mark.mine) {
        (None, Some(_)) => (x, y),
        (Some(_), None) => (y, x),
        _ => return false,
    };
    lacks.difference.part == Part::Act
        && lacks.mark.frame == has.mark.frame
        && lacks.mark.act == has.mark.act
        && lacks.place().en == has.place().en.replace(" act ", " before act ")
}

fn said(d: &LiveDifference) -> String {
    format!("{} · mine {} · theirs {}", d.place().en, d.mine().en, d.theirs().en)
}

/// The differences shown at a desk, in words.
fn listed(ds: &[LiveDifference]) -> String {
    ds.iter().map(said).collect::<Vec<_>>().join(" | ")
}

/// Records game `g` at two desks, planting `cases` (frames of that game), and checks each case.
fn record_game(
    games: &[(String, Match, Vec<bool>)],
    g: usize,
    cases: &[&Case],
    table: &mut BTreeMap<Planted, Tally>,
    problems: &mut Vec<String>,
) {
    let (name, m, _) = &games[g];
    let mut a = Station::new("A", m, "Scorer A");
    let mut b = Station::new("B", m, "Scorer B");
    let fa = follow(&a, &b);
    let fb = follow(&b, &a);
    for (fi, frame) in m.frames.iter().enumerate() {
        let case = cases.iter().find(|c| c.frame == fi);
        let planted_a = case.filter(|c| c.at_a).map_or(frame, |c| &c.bad);
        let planted_b = case.filter(|c| !c.at_a).map_or(frame, |c| &c.bad);
        let (ea, eb) = (entries_of_frame(planted_a), entries_of_frame(planted_b));
        // Both scorers type at once; each desk compares at least every `PACE` entries (see
        // `a_desk_far_ahead_in_a_frame_is_behind_and_its_follower_goes_on`).
        for k in 0..ea.len().max(eb.len()) {
            if let Some(e) = ea.get(k) {
                a.enter(e.clone());
            }
            if let Some(e) = eb.get(k) {
                b.enter(e.clone());
            }
            if (k + 1) % PACE == 0 {
                both_settled(&fa, &fb, &a, &b).unwrap_or_else(|e| panic!("{name} frame {fi} entry {k}: {e}"));
            }
        }
        if case.is_none() {
            // Both recorded the same: nothing differs.
            let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap_or_else(|e| panic!("{name} frame {fi}: {e}"));
            for s in [&sa, &sb] {
                assert!(s.live.differences.is_empty(), "{name} frame {fi}: [{}]", listed(&s.live.differences));
                assert_eq!(s.live.behind, live::Behind::default(), "{name} frame {fi}");
            }
        }
        let Some(case) = case else { continue };
        let t = table.entry(case.kind).or_default();
        t.planted += 1;
        let what = format!(
            "{:?} {name} frame {} ({}) at desk {} planted at {:?}",
            case.kind,
            fi,
            frame.id,
            if case.at_a { "A" } else { "B" },
            case.place
        );
        let entered = Instant::now();
        let (sa, sb) = match both_settled(&fa, &fb, &a, &b) {
            Ok(both) => both,
            Err(e) => {
                problems.push(format!("{what}: not compared within {DEADLINE:?}: {e}"));
                resync(&mut a, &mut b, m, fi);
                continue;
            }
        };
        let (da, db) = (&sa.live.differences, &sb.live.differences);
        if sa.live.behind != live::Behind::default() || sb.live.behind != live::Behind::default() {
            problems.push(format!(
                "{what}: both desks entered the whole frame, yet behind at A {:?}, at B {:?}",
                sa.live.behind, sb.live.behind
            ));
        }
        if da.is_empty() || db.is_empty() {
            problems.push(format!("{what}: not shown: at A [{}], at B [{}]", listed(da), listed(db)));
            resync(&mut a, &mut b, m, fi);
            continue;
        }
        t.shown += 1;
        t.slowest = t.slowest.max(entered.elapsed());
        let swap = case.kind == Planted::SwappedActs;
        let expected = if swap { 2 } else { 1 };
        let placed = da.len() == expected
            && db.len() == expected
            && at_place(&da[0], frame.id, &case.place)
            && at_place(&db[0], frame.id, &case.place)
            && (!swap
                || matches!(case.place, Place::Act(i) if da[1].mark.act == Some(i + 1) && db[1].mark.act == Some(i + 1)));
        if placed {
            t.placed += 1;
        } else {
            problems.push(format!("{what}: shown at A [{}], at B [{}]", listed(da), listed(db)));
        }
        let named = da.len() == db.len()
            && da.iter().zip(db.iter()).all(|(x, y)| {
                (x.place() == y.place() || missing_act_named_alike(x, y))
                    && x.mark.mine == y.mark.theirs
                    && x.mark.theirs == y.mark.mine
                    && x.mine() == y.theirs()
                    && x.theirs() == y.mine()
            });
        if named {
            t.named += 1;
        } else {
            problems.push(format!("{what}: named apart: at A [{}], at B [{}]", listed(da), listed(db)));
        }
        // The scorer at the desk with the mistake takes theirs (the U key): one entry. When
        // something is still open after it, the scorer presses U again (counted apart).
        let mut now = (sa, sb);
        for takes in 1..=2 {
            let (mine, shown) = if case.at_a { (&mut a, &now.0) } else { (&mut b, &now.1) };
            let d = &shown.live.differences[0];
            let theirs = shown.theirs.as_deref().unwrap();
            let Some(taken) = live::take(mine.doc.paifu(), theirs, &d.mark) else {
                problems.push(format!("{what}: take {takes} found no difference at {}", said(d)));
                break;
            };
            mine.enter(Entry::Take { text: format::write(&Paifu { matches: vec![taken] }) });
            let credited = credits_both(&mine.doc);
            now = match both_settled(&fa, &fb, &a, &b) {
                Ok(both) => both,
                Err(e) => {
                    problems.push(format!("{what}: not compared after take {takes}: {e}"));
                    break;
                }
            };
            let (da, db) = (&now.0.live.differences, &now.1.live.differences);
            let equal = a.doc.paifu().matches[0].frames == b.doc.paifu().matches[0].frames;
            let done = da.is_empty() && db.is_empty() && equal && credited;
            match (done, takes) {
                (true, 1) => t.resolved += 1,
                (true, _) => t.second_take += 1,
                (false, _) => {
                    let mine = if case.at_a { &a } else { &b };
                    let acts = &mine.doc.paifu().matches[0].frames[fi].flow.as_ref().unwrap().acts;
                    let near: Vec<String> = match case.place {
                        Place::Act(i) => acts.iter().skip(i).take(2).map(format::act_text).collect(),
                        _ => Vec::new(),
                    };
                    problems.push(format!(
                        "{what}: after take {takes} at the desk with the mistake: at A [{}], at B [{}], frames \
                         equal {equal}, both recorders credited {credited}; its acts from the planted place: {}",
                        listed(da),
                        listed(db),
                        near.join(" ")
                    ));
                }
            }
            if done || da.is_empty() || db.is_empty() {
                break;
            }
        }
        resync(&mut a, &mut b, m, fi);
    }
    // The whole match: nothing left between the two.
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap();
    assert!(sa.live.differences.is_empty() && sb.live.differences.is_empty(), "{name}: {:?}", sa.live.differences);
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames, "{name}");
}

/// Whether the record of `doc` credits both scorers.
fn credits_both(doc: &jmjp_studio::document::Document) -> bool {
    let names: Vec<Option<String>> = doc.paifu().matches[0]
        .recorders
        .iter()
        .map(|r| r.name.as_ref().and_then(|n| n.last.as_ref()).and_then(|l| l.native.clone()))
        .collect();
    names.contains(&Some("Scorer A".into())) && names.contains(&Some("Scorer B".into()))
}

/// What desk A's follower `fa` and desk B's `fb` show once both compared the two records as
/// they are now.
fn both_settled(fa: &Follow, fb: &Follow, a: &Station, b: &Station) -> Result<(Arc<Followed>, Arc<Followed>), String> {
    match (settled(fa, a, b), settled(fb, b, a)) {
        (Ok(sa), Ok(sb)) => Ok((sa, sb)),
        (ra, rb) => Err(format!("at A {:?}; at B {:?}", ra.err(), rb.err())),
    }
}

/// After a case that went wrong: both desks' frame `fi` made what the corpus holds (a fix of the
/// frame), so the next case starts from equal records.
fn resync(a: &mut Station, b: &mut Station, m: &Match, fi: usize) {
    if a.doc.paifu().matches[0].frames[fi] != b.doc.paifu().matches[0].frames[fi] {
        for s in [a, b] {
            s.enter(Entry::Fix { frame: fi, text: format::frame_text(&m.frames[fi]) });
        }
    }
}

#[test]
fn each_mistake_kind_planted_at_one_desk_shows_at_both_named_alike_and_one_take_resolves_it() {
    let started = Instant::now();
    let games = games();
    let mut rng = Rng::new(31);
    let passes = plan(&games, &mut rng);
    let mut table: BTreeMap<Planted, Tally> = BTreeMap::new();
    let mut problems = Vec::new();
    for cases in &passes {
        for g in 0..games.len() {
            let here: Vec<&Case> = cases.iter().filter(|c| c.game == g).collect();
            if !here.is_empty() {
                record_game(&games, g, &here, &mut table, &mut problems);
            }
        }
    }
    println!(
        "{:<20} {:>7} {:>6} {:>7} {:>6} {:>9} {:>12} {:>12}",
        "kind", "planted", "shown", "placed", "named", "resolved", "second take", "slowest ms"
    );
    for (k, t) in &table {
        println!(
            "{:<20} {:>7} {:>6} {:>7} {:>6} {:>9} {:>12} {:>12}",
            format!("{k:?}"),
            t.planted,
            t.shown,
            t.placed,
            t.named,
            t.resolved,
            t.second_take,
            t.slowest.as_millis()
        );
    }
    println!("{} cases in {:?}", table.values().map(|t| t.planted).sum::<usize>(), started.elapsed());
    for p in &problems {
        println!("  {p}");
    }
    let short: Vec<String> = Planted::ALL
        .iter()
        .map(|k| (k, &table[k]))
        .filter(|(_, t)| [t.planted, t.shown, t.placed, t.named, t.resolved] != [EACH; 5])
        .map(|(k, t)| format!("{k:?}: {t:?}"))
        .collect();
    assert!(short.is_empty(), "{}\n{} problems:\n{}", short.join("\n"), problems.len(), problems.join("\n"));
}

/// A desk that joins late (or comes back after a long cut) finds the other far ahead in a frame:
/// every act it lacks is a gap of the alignment, and all of it is the desk being behind. Its
/// follower says so and goes on comparing.
#[test]
fn a_desk_far_ahead_in_a_frame_is_behind_and_its_follower_goes_on() {
    let m = corpus("pantheon_west.json");
    let frame = m.frames.iter().max_by_key(|f| f.flow.as_ref().map_or(0, |x| x.acts.len())).unwrap();
    let entries = entries_of_frame(frame);
    let mut a = Station::new("A", &m, "Scorer A");
    let mut b = Station::new("B", &m, "Scorer B");
    // A records the frame to its 70th act; B has dealt it only.
    let acts =
        |s: &Station| s.doc.paifu().matches[0].frames.first().and_then(|f| f.flow.as_ref()).map_or(0, |x| x.acts.len());
    for e in &entries {
        if acts(&a) >= 70 {
            break;
        }
        a.enter(e.clone());
    }
    b.enter(entries[0].clone());
    let ahead = acts(&a) - acts(&b);
    assert!(ahead >= 64, "{ahead}");
    // B follows A from now on.
    let fb = follow(&b, &a);
    let s = settled(&fb, &b, &a).unwrap_or_else(|e| {
        panic!("B's follower never compared (its comparing thread stopped? see a panic above): {e}")
    });
    assert!(s.live.differences.is_empty(), "[{}]", listed(&s.live.differences));
    assert_eq!(s.live.behind, live::Behind { mine: ahead, theirs: 0 });
    // B catches up: in step.
    for e in &entries[1..] {
        // (The two records differ in their recorders only.)
        if b.doc.paifu().matches[0].frames == a.doc.paifu().matches[0].frames {
            break;
        }
        b.enter(e.clone());
    }
    let s = settled(&fb, &b, &a).unwrap();
    assert!(s.live.differences.is_empty(), "[{}]", listed(&s.live.differences));
    assert_eq!(s.live.behind, live::Behind::default());
}

/// Both desks type `ea` and `eb` at once (entry by entry), both comparing at least every
/// [`PACE`] entries when `pace` names their followers.
fn type_both(a: &mut Station, b: &mut Station, ea: &[Entry], eb: &[Entry], pace: Option<(&Follow, &Follow)>) {
    for k in 0..ea.len().max(eb.len()) {
        if let Some(e) = ea.get(k) {
            a.enter(e.clone());
        }
        if let Some(e) = eb.get(k) {
            b.enter(e.clone());
        }
        if let Some((fa, fb)) = pace
            && (k + 1) % PACE == 0
        {
            both_settled(fa, fb, a, b).unwrap_or_else(|e| panic!("entry {k}: {e}"));
        }
    }
}

/// How many acts frame `fi` of `s`'s record has.
fn acts_of(s: &Station, fi: usize) -> usize {
    s.doc.paifu().matches[0].frames.get(fi).and_then(|f| f.flow.as_ref()).map_or(0, |x| x.acts.len())
}

/// The one difference `f` shows, which must stand at act `act` of frame `id`.
fn one_act_difference(f: &Followed, id: FrameId, act: usize, at: &str) -> LiveDifference {
    let ds = &f.live.differences;
    assert_eq!(ds.len(), 1, "{at}: [{}]", listed(ds));
    assert!(at_place(&ds[0], id, &Place::Act(act)), "{at}: [{}], planted at {id} act {}", listed(ds), act + 1);
    ds[0].clone()
}

/// The entry that takes difference `d` from theirs at desk `me` (what the U key enters).
fn take(me: &Station, shown: &Followed, d: &LiveDifference) -> Entry {
    let theirs = shown.theirs.as_deref().unwrap();
    let m = live::take(me.doc.paifu(), theirs, &d.mark).expect("the difference is there to take");
    Entry::Take { text: format::write(&Paifu { matches: vec![m] }) }
}

#[test]
fn the_link_cut_in_the_middle_of_a_frame_and_restored_catches_up_and_both_files_are_complete() {
    use common::planting::{acts_mut, tedashi_places};
    use jmjp_studio::double_entry::follow::LinkState;
    let m = corpus("pantheon_usual.json");
    let dir = desks::temp("cut");
    let (pa, pb) = (dir.join("a.jmjp"), dir.join("b.jmjp"));
    let mut a = Station::recording("A", &m, "Scorer A", &pa);
    let mut b = Station::recording("B", &m, "Scorer B", &pb);
    let (fa, fb) = (follow(&a, &b), follow(&b, &a));
    let frames: Vec<Vec<Entry>> = m.frames.iter().map(entries_of_frame).collect();
    for f in &frames[..2] {
        type_both(&mut a, &mut b, f, f, Some((&fa, &fb)));
    }
    let unreachable = |x: &Followed| matches!(x.link, LinkState::Unreachable { .. });

    // Frame 3: half of it entered, then A's server drops (the cable, a crash of its server).
    let half = frames[2].len() / 2;
    type_both(&mut a, &mut b, &frames[2][..half], &frames[2][..half], Some((&fa, &fb)));
    a.cut();
    wait_for(&fb, unreachable).unwrap_or_else(|x| panic!("B does not say A is unreachable: {:?}", x.link));
    // Both go on entering: no entry fails (`enter` panics on a refused one) or waits for the
    // network (B's follower still finds A unreachable once all of them are made).
    let mut slowest = Duration::ZERO;
    for e in &frames[2][half..] {
        for s in [&mut a, &mut b] {
            let t = Instant::now();
            s.enter(e.clone());
            slowest = slowest.max(t.elapsed());
        }
    }
    assert!(unreachable(&fb.followed()), "the entries were made while A was unreachable");
    println!("slowest entry while the link was down: {slowest:?}");
    // A's server again, on the same port with the same token: B reconnects by itself and
    // catches up; both recorded the same, so nothing differs.
    a.restore();
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap_or_else(|e| panic!("after the link came back: {e}"));
    for s in [&sa, &sb] {
        assert!(s.live.differences.is_empty(), "[{}]", listed(&s.live.differences));
        assert_eq!(s.live.behind, live::Behind::default());
    }

    // Frame 4: cut again in the middle; while A is unreachable its scorer enters a tedashi as a
    // tsumogiri.
    let f = &m.frames[3];
    let n = f.flow.as_ref().unwrap().acts.len();
    let i = tedashi_places(f).into_iter().find(|&i| i >= n / 2).expect("a tedashi in the second half");
    let mut bad = f.clone();
    acts_mut(&mut bad)[i].discard = Some(jmjp_studio::format::Discard::Tsumogiri);
    let (ea, eb) = (entries_of_frame(&bad), frames[3].clone());
    let wrong = (0..ea.len()).find(|&k| ea[k] != eb[k]).unwrap();
    let cut = wrong - 6;
    type_both(&mut a, &mut b, &ea[..cut], &eb[..cut], Some((&fa, &fb)));
    a.cut();
    wait_for(&fb, unreachable).unwrap_or_else(|x| panic!("B does not say A is unreachable: {:?}", x.link));
    type_both(&mut a, &mut b, &ea[cut..], &eb[cut..], None);
    assert!(unreachable(&fb.followed()));
    // A still follows B, whose server is up: A sees its mistake while B cannot.
    let sa = settled(&fa, &a, &b).unwrap();
    one_act_difference(&sa, f.id, i, "at A while its server is down");
    a.restore();
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap_or_else(|e| panic!("after the link came back: {e}"));
    let da = one_act_difference(&sa, f.id, i, "at A");
    let db = one_act_difference(&sb, f.id, i, "at B");
    assert_eq!((da.place(), &da.mark.mine, &da.mark.theirs), (db.place(), &db.mark.theirs, &db.mark.mine));
    a.enter(take(&a, &sa, &da));
    for f in &frames[4..] {
        type_both(&mut a, &mut b, f, f, Some((&fa, &fb)));
    }
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap();
    assert!(sa.live.differences.is_empty() && sb.live.differences.is_empty(), "[{}]", listed(&sa.live.differences));
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames);

    // Both files complete: every frame, the same frames, what each desk recorded; the
    // recordings end cleanly (their journals go).
    drop((fa, fb));
    for (s, path) in [(a, &pa), (b, &pb)] {
        let on_disk = format::parse(&std::fs::read_to_string(path).unwrap()).unwrap().paifu;
        assert_eq!(&on_disk, s.doc.paifu(), "desk {}: the file holds every entry", s.name);
        assert_eq!(on_disk.matches[0].frames.len(), m.frames.len(), "desk {}", s.name);
        let Station { doc, rec, .. } = s;
        rec.finish(&doc).unwrap();
        assert!(!jmjp_studio::document::io::journal_path(path).exists());
    }
    let read =
        |p: &PathBuf| format::parse(&std::fs::read_to_string(p).unwrap()).unwrap().paifu.matches[0].frames.clone();
    assert_eq!(read(&pa), read(&pb));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Frame `f` with the discard of its act `i` a tile the hand does not hold (a key slipped): the
/// rules engine flags it, so the recording's file waits in the journal.
fn not_held(f: &Frame, i: usize) -> Frame {
    let act = f.flow.as_ref().unwrap().acts[i];
    let hand = common::planting::before(f, i).seats[act.seat.index()].hand.clone();
    let drawn = match act.draw {
        jmjp_studio::format::Draw::Tile(t) => Some(t),
        _ => None,
    };
    let t = jmjp_studio::format::Tile::ALL
        .iter()
        .copied()
        .find(|t| !hand.iter().any(|h| h.plain() == t.plain()) && drawn.is_none_or(|d| d.plain() != t.plain()))
        .unwrap();
    let mut bad = f.clone();
    common::planting::acts_mut(&mut bad)[i].discard = Some(jmjp_studio::format::Discard::Tile(t));
    bad
}

#[test]
fn a_desk_restarted_from_its_recovered_journal_is_compared_from_its_new_state() {
    use jmjp_studio::double_entry::follow::LinkState;
    use jmjp_studio::recorder::{LiveRecording, SaveState, recoverable};
    let m = corpus("pantheon_usual.json");
    let dir = desks::temp("recovered");
    let path = dir.join("a.jmjp");
    let mut a = Station::recording("A", &m, "Scorer A", &path);
    let mut b = Station::new("B", &m, "Scorer B");
    let fb = follow(&b, &a);
    let first = entries_of_frame(&m.frames[0]);
    type_both(&mut a, &mut b, &first, &first, None);
    // Frame 2: A's scorer lets go of a tile the hand does not hold at act 6 (A's file now waits
    // in the journal), and both go on to act 20, its discard not yet entered.
    let f = &m.frames[1];
    let (ea, eb) = (entries_of_frame(&not_held(f, 5)), entries_of_frame(f));
    let upto = (0..ea.len()).filter(|&k| matches!(ea[k], Entry::Act(_))).nth(19).unwrap() + 1;
    type_both(&mut a, &mut b, &ea[..upto - 1], &eb[..upto - 1], None);
    let before_last = a.doc.paifu().clone();
    type_both(&mut a, &mut b, &ea[upto - 1..upto], &eb[upto - 1..upto], None);
    assert!(matches!(a.rec.save_state(&a.doc), SaveState::JournalOnly { .. }), "A's file is behind its journal");
    let s = settled(&fb, &b, &a).unwrap();
    one_act_difference(&s, f.id, 5, "at B before A's crash");
    assert_eq!(s.live.behind, live::Behind::default());

    // A crashes while its last entry was being written: that line of the journal has no end.
    let (addr, token) = (a.addr, a.token.clone());
    drop(a);
    let journal = jmjp_studio::document::io::journal_path(&path);
    let mut bytes = std::fs::read(&journal).unwrap();
    assert_eq!(bytes.pop(), Some(b'\n'));
    std::fs::write(&journal, bytes).unwrap();
    wait_for(&fb, |x| matches!(x.link, LinkState::Unreachable { .. }))
        .unwrap_or_else(|x| panic!("B does not say A is unreachable: {:?}", x.link));

    // A's recording recovered (the entry cut off left out) and served again.
    let recovery = recoverable(&path).expect("the journal holds more than the file").unwrap();
    assert_eq!(recovery.doc.paifu(), &before_last, "the recovered state: every entry but the one cut off");
    let doc = recovery.doc;
    let rec = LiveRecording::start(&doc, &path).unwrap();
    let mut a = Station::serving("A", doc, rec, addr, Some(&token));
    // B compares with A's new state: A lacks the act it lost, and its wrong discard is still there.
    let s = settled(&fb, &b, &a).unwrap_or_else(|e| panic!("B after A's restart: {e}"));
    assert_eq!(s.live.behind, live::Behind { mine: 0, theirs: 1 }, "A is one act behind");
    one_act_difference(&s, f.id, 5, "at B after A's restart");
    assert_eq!(acts_of(&a, 1) + 1, acts_of(&b, 1));

    // A goes on from there: the lost act again, its wrong discard taken from B, the frame to its end.
    let fa = follow(&a, &b);
    a.enter(ea[upto - 1].clone());
    let (sa, _) = both_settled(&fa, &fb, &a, &b).unwrap();
    let d = one_act_difference(&sa, f.id, 5, "at A after its restart");
    a.enter(take(&a, &sa, &d));
    type_both(&mut a, &mut b, &eb[upto..], &eb[upto..], Some((&fa, &fb)));
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap();
    assert!(sa.live.differences.is_empty() && sb.live.differences.is_empty(), "[{}]", listed(&sb.live.differences));
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames);
    let on_disk = format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu;
    assert_eq!(&on_disk, a.doc.paifu(), "A's file holds the recording again");
    drop((fa, fb, a));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Desk A (recording into `dir/a.jmjp`) and desk B record frame 1 of a corpus match to its 13th
/// act entry, B with another dora indicator; A's scorer keeps A's (the V key: a `Check` entry); with
/// `slip`, A's scorer has also let go of a tile the hand does not hold at act 8, so A's file waits
/// in the journal. Then A crashes (gone without finishing). The mark kept, and A's record.
fn keep_then_crash(dir: &std::path::Path, slip: bool) -> (live::Mark, Paifu, std::net::SocketAddr, String, Station) {
    use jmjp_studio::double_entry::live::DoubleEntry;
    use jmjp_studio::recorder::SaveState;
    let m = corpus("pantheon_usual.json");
    let mut a = Station::recording("A", &m, "Scorer A", &dir.join("a.jmjp"));
    let mut b = Station::new("B", &m, "Scorer B");
    let fa = follow(&a, &b);
    let f = &m.frames[0];
    let (other_dora, _) = plant(Planted::WrongDora, f, &mut Rng::new(4)).unwrap();
    let ea = entries_of_frame(&if slip { not_held(f, 7) } else { f.clone() });
    let eb = entries_of_frame(&other_dora);
    let upto = (0..ea.len()).filter(|&k| matches!(ea[k], Entry::Act(_))).nth(12).unwrap();
    type_both(&mut a, &mut b, &ea[..upto], &eb[..upto], None);
    let s = settled(&fa, &a, &b).unwrap();
    let mut double = DoubleEntry::new("desk B", &b.url());
    double.update(s);
    let dora = double
        .open(&a.doc)
        .into_iter()
        .find(|d| d.difference.part == Part::Indicator(format::dora_slot(0)))
        .unwrap_or_else(|| panic!("the dora is not shown: [{}]", listed(&double.followed.live.differences)))
        .clone();
    // The scorer selects it (J) and keeps A's (V).
    while !double.shown(&a.doc, jmjp_studio::i18n::Lang::En).rows.iter().any(|r| r.selected && r.text.contains("dora"))
    {
        double.select_next(&a.doc).unwrap();
    }
    let keep = double.keep(&a.doc).unwrap();
    assert_eq!(keep, Entry::Check(dora.mark.clone()));
    a.enter(keep);
    assert!(!double.open(&a.doc).iter().any(|d| d.mark == dora.mark), "kept: no longer open");
    assert_eq!(double.open(&a.doc).len(), usize::from(slip), "[{}]", listed(&double.followed.live.differences));
    let saved = matches!(a.rec.save_state(&a.doc), SaveState::Saved);
    assert_eq!(saved, !slip, "{:?}", a.rec.save_state(&a.doc));
    let record = a.doc.paifu().clone();
    let (addr, token) = (a.addr, a.token.clone());
    drop((fa, a));
    (dora.mark, record, addr, token, b)
}

/// What the program opens after a crash: the recovery it offers (taken), else the file.
fn reopened(path: &std::path::Path) -> jmjp_studio::document::Document {
    match jmjp_studio::recorder::recoverable(path) {
        Some(r) => r.unwrap_or_else(|why| panic!("{}", why.en)).doc,
        None => jmjp_studio::recorder::open::open(path).unwrap().into_loaded().unwrap().into_document(),
    }
}

#[test]
fn a_kept_difference_survives_a_crash_and_goes_into_the_new_journal() {
    use jmjp_studio::double_entry::live::DoubleEntry;
    use jmjp_studio::recorder::{Journal, LiveRecording};
    let dir = desks::temp("kept");
    let path = dir.join("a.jmjp");
    let (mark, record, addr, token, b) = keep_then_crash(&dir, true);
    let doc = reopened(&path);
    assert_eq!(doc.paifu(), &record);
    assert_eq!(doc.checked(), std::slice::from_ref(&mark), "the mark kept comes back with the recording");
    // Recording again: the new journal holds the mark from its start.
    let rec = LiveRecording::start(&doc, &path).unwrap();
    let journal = Journal::read(&jmjp_studio::document::io::journal_path(&path)).unwrap();
    assert_eq!(journal.entries, [Entry::Check(mark.clone())]);
    let a = Station::serving("A", doc, rec, addr, Some(&token));
    // Compared again after the restart: the dora stays kept, the slip is open.
    let fa = follow(&a, &b);
    let s = settled(&fa, &a, &b).unwrap();
    assert!(s.live.differences.iter().any(|d| d.mark == mark), "the dora still differs");
    let mut double = DoubleEntry::new("desk B", &b.url());
    double.update(s);
    let open: Vec<String> = double.open(&a.doc).into_iter().map(said).collect();
    assert_eq!(open.len(), 1, "{open:?}");
    assert!(open[0].contains("act 8"), "{open:?}");
    drop((fa, a, b));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_kept_difference_survives_a_crash_while_the_file_holds_every_change_of_the_record() {
    let dir = desks::temp("kept-clean");
    let path = dir.join("a.jmjp");
    let (mark, record, _, _, b) = keep_then_crash(&dir, false);
    // The file holds the record as it was; only the journal holds the mark.
    let on_disk = format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap().paifu;
    assert_eq!(on_disk, record);
    // No recovery is offered (the file holds the record); recording the file again, as the app
    // starts a recording, keeps the mark the journal (and the file beside) hold.
    assert!(jmjp_studio::recorder::recoverable(&path).is_none());
    let mut doc = reopened(&path);
    assert_eq!(doc.paifu(), &record);
    doc.keep_at(jmjp_studio::document::Disk { path: path.clone(), stamp: None });
    let rec = jmjp_studio::recorder::screen::RecorderScreen::start(&mut doc, &dir).unwrap();
    assert_eq!(doc.checked(), [mark], "a restart does not forget the difference kept");
    drop((rec, b));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn journals_of_earlier_versions_still_read() {
    use jmjp_studio::document::Document;
    use jmjp_studio::recorder::{Journal, recoverable};
    let m = corpus("pantheon_usual.json");
    let base = Document::new(Paifu { matches: vec![desks::header(&m, "Scorer A")] }, false);
    let entries = entries_of_frame(&m.frames[0]);
    let mut done = Document::new(base.paifu().clone(), false);
    for e in &entries {
        jmjp_studio::recorder::entry::apply(&mut done, e).unwrap();
    }
    // Version 1: no checksums. Version 2 before double entry: checksums, no `Check` entry.
    let header = serde_json::json!({ "jmjp_journal": 1, "base": format::write(base.paifu()) });
    let mut v1 = format!("{header}\n");
    for e in &entries {
        v1.push_str(&serde_json::to_string(e).unwrap());
        v1.push('\n');
    }
    let v2 = jmjp_studio::recorder::journal::text_of(&base, &entries).unwrap();
    assert!(!v2.contains("\"check\""));
    let dir = desks::temp("old-journals");
    for (version, text) in [(1, v1), (2, v2)] {
        let path = dir.join(format!("v{version}.jmjp"));
        std::fs::write(&path, format::write(base.paifu())).unwrap();
        let jp = jmjp_studio::document::io::journal_path(&path);
        std::fs::write(&jp, &text).unwrap();
        let read = Journal::read(&jp).unwrap();
        assert_eq!(read.entries, entries, "version {version}");
        assert_eq!((read.torn, read.damage.is_none()), (false, true), "version {version}");
        let r = recoverable(&path).expect("offered").unwrap();
        assert_eq!(r.doc.paifu(), done.paifu(), "version {version}");
        assert!(r.doc.checked().is_empty(), "version {version}");
        assert_eq!(r.entries, entries.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A match of the M League (`tnm`, `mtp` with its date, four players named), with `change`
/// made to its text.
fn league_match(change: (&str, &str)) -> Match {
    let text = common::season_match("20231002", 1, "Ooi", "mlg-shb", "").replacen(change.0, change.1, 1);
    format::parse(&text).unwrap_or_else(|e| panic!("{}: {text}", e.message)).paifu.matches.remove(0)
}

/// Whether `s` holds Japanese (kana or kanji).
fn japanese(s: &str) -> bool {
    s.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn another_match_is_refused_with_the_reason_in_both_languages() {
    use jmjp_studio::double_entry::live::DoubleEntry;
    use jmjp_studio::i18n::Lang;
    use jmjp_studio::scoring::RuleOptions;
    let game = corpus("pantheon_usual.json");
    let frame = &game.frames[0];
    let (other, _) = plant(Planted::WrongEndPoints, frame, &mut Rng::new(5)).unwrap();
    let with_frame = |m: Match, f: &Frame| Paifu { matches: vec![Match { frames: vec![f.clone()], ..m }] };
    let mine = with_frame(league_match(("", "")), frame);
    assert!(live::live(&mine, &with_frame(league_match(("", "")), &other), &RuleOptions::default()).refused.is_none());
    for (change, en, ja, values) in [
        (("mlg-reg,1,1", "mlg-reg,2,1"), "the tournament is", "大会", ("mlg-reg,1,1]", "mlg-reg,2,1]")),
        (("mtp[20231002", "mtp[20231003"), "the date is", "日付", ("2023-10-02", "2023-10-03")),
        (("snt[\"多井\"]", "snt[\"小林\"]"), "player 1 is", "選手 1", ("多井", "小林")),
    ] {
        // Their record holds a frame that differs from mine: were the two compared, it would be
        // listed.
        let theirs = with_frame(league_match(change), &other);
        let l = live::live(&mine, &theirs, &RuleOptions::default());
        let why = l.refused.unwrap_or_else(|| panic!("{change:?} not refused"));
        assert!(why.en.contains("another match") && why.en.contains(en), "{}", why.en);
        // Mine first, then theirs.
        assert!(why.en.find(values.0) < why.en.find(values.1) && why.en.contains(values.0), "{}", why.en);
        assert!(why.ja.find(values.0) < why.ja.find(values.1) && why.ja.contains(values.0), "{}", why.ja);
        assert!(japanese(&why.ja) && why.ja.contains("別の対局") && why.ja.contains(ja), "{}", why.ja);
        assert!(l.differences.is_empty());
        assert_eq!(l.behind, live::Behind::default());
    }

    // Over the network, both directions: each desk says why, and lists nothing.
    let (ma, mb) = (league_match(("", "")), league_match(("snt[\"多井\"]", "snt[\"小林\"]")));
    let mut a = Station::with(
        "A",
        jmjp_studio::document::Document::new(Paifu { matches: vec![ma] }, false),
        jmjp_studio::recorder::LiveRecording::in_memory(),
    );
    let mut b = Station::with(
        "B",
        jmjp_studio::document::Document::new(Paifu { matches: vec![mb] }, false),
        jmjp_studio::recorder::LiveRecording::in_memory(),
    );
    let (fa, fb) = (follow(&a, &b), follow(&b, &a));
    type_both(&mut a, &mut b, &entries_of_frame(frame), &entries_of_frame(&other), None);
    let (sa, sb) = both_settled(&fa, &fb, &a, &b).unwrap();
    for (s, me, theirs) in [(&sa, &a, "小林"), (&sb, &b, "多井")] {
        let why = s.live.refused.as_ref().unwrap_or_else(|| panic!("desk {}: not refused", me.name));
        assert!(why.en.contains("player 1") && why.ja.contains(theirs), "desk {}: {why:?}", me.name);
        assert!(s.live.differences.is_empty(), "desk {}", me.name);
        let mut double = DoubleEntry::new("desk X", "127.0.0.1:1");
        double.update(Arc::clone(s));
        for lang in [Lang::En, Lang::Ja] {
            let shown = double.shown(&me.doc, lang);
            assert!(shown.trouble && shown.rows.is_empty() && shown.open() == 0, "{shown:?}");
            assert_eq!(shown.status, why.get(lang), "desk {}", me.name);
        }
        assert!(double.take(&me.doc).is_err(), "nothing to take");
    }
}

#[test]
fn compare_file_url_exits_0_when_equal_1_with_a_line_per_difference_2_when_unreadable() {
    use jmjp_studio::double_entry::follow::fetch;
    use std::process::Command;
    let bin = env!("CARGO_BIN_EXE_jmjp-studio");
    let m = corpus("pantheon_usual.json");
    let dir = desks::temp("cli");
    let mut a = Station::new("A", &m, "Scorer A");
    for e in entries_of_frame(&m.frames[0]) {
        a.enter(e);
    }
    // The file: what desk A holds now.
    let file = dir.join("mine.jmjp");
    std::fs::write(&file, format::write(a.doc.paifu())).unwrap();
    let served_as_now = |a: &Station| {
        let now = format::parse(&format::write(a.doc.paifu())).unwrap().paifu;
        let deadline = Instant::now() + DEADLINE;
        while fetch(&a.url()).ok() != Some(now.clone()) {
            assert!(Instant::now() < deadline, "A's record is not served as it is");
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    let run = |url: &str| Command::new(bin).arg("compare").arg(&file).arg(url).output().unwrap();
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
    served_as_now(&a);
    let o = run(&a.url());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "");

    // Two acts changed at A since: two differences, one line each.
    let acts = m.frames[0].flow.as_ref().unwrap().acts.clone();
    let changed: Vec<usize> = common::planting::tedashi_places(&m.frames[0]).into_iter().take(2).collect();
    for &i in &changed {
        let to = jmjp_studio::format::Act { discard: Some(jmjp_studio::format::Discard::Tsumogiri), ..acts[i] };
        a.enter(Entry::Correct { frame: 0, act: i, to });
    }
    served_as_now(&a);
    let o = run(&a.url());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    for (line, i) in lines.iter().zip(&changed) {
        assert!(line.starts_with(file.to_str().unwrap()) && line.contains("differs from"), "{line}");
        assert!(line.contains(&format!("act {}", i + 1)), "{line}");
    }

    // A wrong token: refused, said plainly.
    let wrong = format!("http://{}/api/record.jmjp?token={}", a.addr, "0".repeat(32));
    let o = run(&wrong);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), "");
    let err = text(&o.stderr);
    assert!(err.contains("refuses the token") && !err.contains("panicked"), "{err}");
    // A desk that is not there (its server stopped, the port closed).
    let url = a.url();
    a.cut();
    let o = run(&url);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stdout), "");
    let err = text(&o.stderr);
    assert!(err.contains("does not answer") && !err.contains("panicked"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
