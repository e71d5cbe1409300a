//! Double entry: two recordings of one match compared and reconciled. The mistakes of the cause
//! finder's mutation test (a wrong dora indicator and a missing ura among them) are planted in
//! the corpus games; each must show as one difference at its place, with the consistent side
//! named where the rules can tell, and reconciling towards the original must give it back byte
//! for byte. `cargo test --test library compare:: -- --nocapture` prints the table.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::common;

use common::planting::{Place, Planted, plant};
use jmjp_studio::compare::{self, Comparison, Difference, Part, Recording, Side};
use jmjp_studio::format::{
    self, FrameId, FramesRecorded, Name, Paifu, Parsed, RecordPlace as At, Recorder, Severity, StrLit, parse, write,
};
use jmjp_studio::interop::tenhou6;
use jmjp_studio::rules::{self, simulate::Rng};
use jmjp_studio::scoring::{RuleOptions, score_frame};

/// The corpus games, each as the parsed text of its `.jmjp` (so the differences have positions).
fn games() -> Vec<(String, Parsed)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let paifu = tenhou6::import(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (p.file_stem().unwrap().to_string_lossy().into_owned(), parse(&write(&paifu)).unwrap())
        })
        .collect()
}

fn cmp(a: &Parsed, b: &Parsed) -> Comparison {
    compare::compare(Recording::of(a), Recording::of(b), &RuleOptions::TENHOU)
}

/// `paifu` with frame `fi` of its first match replaced, read back from its text.
fn with_frame(paifu: &Paifu, fi: usize, frame: format::Frame) -> Parsed {
    let mut p = paifu.clone();
    p.matches[0].frames[fi] = frame;
    parse(&write(&p)).unwrap()
}

/// Errors of a frame, and end points that differ from the scored ones.
fn problems(f: &format::Frame) -> usize {
    let mut d = Vec::new();
    rules::check_frame(f, None, At::default(), &mut d);
    let errors = d.iter().filter(|x| x.severity == Severity::Error).count();
    let points = match (f.end_points, score_frame(f, &RuleOptions::TENHOU).ok().and_then(|s| s.end_points(f))) {
        (Some(r), Some(c)) => usize::from(r != c),
        _ => 0,
    };
    errors + points
}

/// Every finding about a frame: errors, warnings, end points that differ from the scored ones.
fn findings(f: &format::Frame) -> usize {
    let mut d = Vec::new();
    rules::check_frame(f, None, At::default(), &mut d);
    let warnings = d.iter().filter(|x| x.severity == Severity::Warning).count();
    problems(f) + warnings
}

/// Whether the differences stand at the planted place, and only there.
fn only_at(place: &Place, kind: Planted, diffs: &[Difference]) -> bool {
    let at_act = |d: &Difference, i: usize| d.part == Part::Act && d.act_place.is_some_and(|p| p.0 == i);
    match place {
        Place::Act(i) if kind == Planted::SwappedActs => {
            !diffs.is_empty() && diffs.len() <= 2 && diffs.iter().all(|d| at_act(d, *i) || at_act(d, i + 1))
        }
        Place::Act(i) if kind == Planted::MissingAct => {
            matches!(diffs, [d] if at_act(d, *i) && d.a.is_some() && d.b.is_none())
        }
        Place::Act(i) => matches!(diffs, [d] if at_act(d, *i) && d.a.is_some() && d.b.is_some()),
        Place::Start(seat) => matches!(diffs, [d] if d.part == Part::StartHand(*seat)),
        Place::Slot(s) => matches!(diffs, [d] if d.part == Part::Indicator(*s)),
        Place::EndPoints => matches!(diffs, [d] if d.part == Part::EndPoints),
    }
}

#[derive(Default, Debug)]
struct Tally {
    planted: usize,
    at_place: usize,
    /// The mistaken frame shows more findings than the original: the rules can tell the sides
    /// apart.
    telling: usize,
    /// Of those, the original side named consistent.
    named: usize,
    /// Reconciled towards the original (either way round), byte for byte.
    restored: usize,
}

#[test]
fn a_file_compared_with_itself_has_no_difference() {
    for (name, doc) in games() {
        let c = cmp(&doc, &doc);
        assert!(c.is_same(), "{name}: {:?}", c.differences.first());
        assert_eq!(write(&c.reconcile(&doc.paifu, &doc.paifu, &[])), write(&doc.paifu), "{name}");
    }
}

#[test]
fn planted_mistakes_show_at_their_place_only_and_reconcile_back() {
    let games = games();
    let mut rng = Rng::new(19);
    let mut table: BTreeMap<Planted, Tally> = BTreeMap::new();
    for kind in Planted::ALL {
        let (mut done, mut tries) = (0, 0);
        while done < 20 && tries < 3000 {
            tries += 1;
            let (name, game) = &games[rng.below(games.len())];
            let fi = rng.below(game.paifu.matches[0].frames.len());
            let f = &game.paifu.matches[0].frames[fi];
            if problems(f) > 0 {
                continue;
            }
            let Some((bad, place)) = plant(kind, f, &mut rng) else { continue };
            if bad == *f {
                continue;
            }
            done += 1;
            let t = table.entry(kind).or_default();
            t.planted += 1;
            let mistaken = with_frame(&game.paifu, fi, bad.clone());
            let c = cmp(game, &mistaken);
            let ok = only_at(&place, kind, &c.differences);
            assert!(ok || kind == Planted::SwappedActs, "{kind:?} {name} {} at {place:?}: {:#?}", f.id, c.differences);
            t.at_place += usize::from(ok);
            assert!(
                c.differences.iter().all(|d| d.consistent != Some(Side::B)),
                "the mistaken side named consistent: {kind:?} {name} {}: {:#?}",
                f.id,
                c.differences
            );
            if findings(&bad) > findings(f) {
                t.telling += 1;
                let named = c.differences.iter().all(|d| d.consistent == Some(Side::A));
                t.named += usize::from(named);
            }
            // Choosing the original side gives the original back, either way round.
            let back = c.reconcile(&game.paifu, &mistaken.paifu, &vec![Side::A; c.differences.len()]);
            let swapped = cmp(&mistaken, game);
            let back2 = swapped.reconcile(&mistaken.paifu, &game.paifu, &vec![Side::B; swapped.differences.len()]);
            let original = write(&game.paifu);
            assert_eq!(write(&back), original, "{kind:?} {name} {}", f.id);
            let restored = write(&back2) == original;
            assert!(restored, "{kind:?} {name} {}: B's side chosen:\n{}", f.id, write(&back2));
            t.restored += 1;
        }
    }
    println!("{:<20} {:>8} {:>9} {:>8} {:>7} {:>9}", "kind", "planted", "at place", "telling", "named", "restored");
    let mut total = Tally::default();
    for (k, t) in &table {
        println!(
            "{:<20} {:>8} {:>8}% {:>8} {:>6}% {:>8}%",
            format!("{k:?}"),
            t.planted,
            t.at_place * 100 / t.planted.max(1),
            t.telling,
            t.named * 100 / t.telling.max(1),
            t.restored * 100 / t.planted.max(1)
        );
        total.planted += t.planted;
        total.at_place += t.at_place;
        total.telling += t.telling;
        total.named += t.named;
        total.restored += t.restored;
    }
    assert_eq!(table.len(), Planted::ALL.len(), "every kind planted");
    assert!(total.planted >= 200, "{total:?}");
    assert_eq!(total.at_place, total.planted, "every mistake at its place and only there: {total:?}");
    assert!(total.named * 100 >= total.telling * 95, "the original named consistent: {total:?}");
}

#[test]
fn a_missing_act_and_an_extra_act_each_give_one_difference() {
    let (_, game) = &games()[0];
    let f = &game.paifu.matches[0].frames[0];
    let mut missing = f.clone();
    let gone = missing.flow.as_mut().unwrap().acts.remove(10);
    let c = cmp(game, &with_frame(&game.paifu, 0, missing));
    assert_eq!(c.differences.len(), 1, "{:#?}", c.differences);
    let d = &c.differences[0];
    assert_eq!((d.part, d.act_place.map(|p| p.0)), (Part::Act, Some(10)));
    assert_eq!(d.b, None);
    let words = d.describe(false).en;
    assert_eq!(words, format!("{} act 11: {} in A, none in B (A is consistent)", f.id, format::act_text(&gone)));
    // The other way round the act is only in B, and goes before act 11 of A.
    let mut missing = f.clone();
    missing.flow.as_mut().unwrap().acts.remove(10);
    let c = cmp(&with_frame(&game.paifu, 0, missing), game);
    assert_eq!(c.differences.len(), 1);
    assert!(c.differences[0].describe(false).en.starts_with(&format!("{} before act 11: none in A", f.id)));
    // An act recorded twice.
    let mut extra = f.clone();
    let acts = &mut extra.flow.as_mut().unwrap().acts;
    acts.insert(20, acts[20]);
    let c = cmp(game, &with_frame(&game.paifu, 0, extra));
    assert_eq!(c.differences.len(), 1, "{:#?}", c.differences);
    assert_eq!((c.differences[0].part, c.differences[0].a.as_deref()), (Part::Act, None));
}

#[test]
fn two_differences_in_one_frame_are_both_listed_and_each_side_is_named() {
    let (_, game) = &games()[0];
    let f = &game.paifu.matches[0].frames[0];
    // A tsumogiri recorded as a discard of another tile in one recording, an act left out later
    // in the other: each recording has one mistake, and the rules can say which side is right
    // for each.
    let acts = &f.flow.as_ref().unwrap().acts;
    let tg = acts.iter().position(|a| matches!(a.discard, Some(format::Discard::Tsumogiri))).unwrap();
    let mut a = f.clone();
    let mut b = f.clone();
    let hand = rules::Table::replay(f, tg).unwrap().seats[acts[tg].seat.index()].hand.clone();
    let drawn = match acts[tg].draw {
        format::Draw::Tile(t) => Some(t),
        _ => None,
    };
    let other = hand.into_iter().find(|t| Some(*t) != drawn && !t.is_unknown()).unwrap();
    a.flow.as_mut().unwrap().acts[tg].discard = Some(format::Discard::Tile(other));
    b.end_points = f.end_points.map(|mut p| {
        p[0].0 += 10;
        p[1].0 -= 10;
        p
    });
    let (da, db) = (with_frame(&game.paifu, 0, a), with_frame(&game.paifu, 0, b));
    let c = cmp(&da, &db);
    assert_eq!(c.differences.len(), 2, "{:#?}", c.differences);
    assert_eq!(c.differences[0].part, Part::Act);
    assert_eq!(c.differences[0].consistent, Some(Side::B), "{:#?}", c.differences[0]);
    assert_eq!(c.differences[1].part, Part::EndPoints);
    assert_eq!(c.differences[1].consistent, Some(Side::A));
    // The preferred choices put the two right halves together: the original frame.
    let r = c.reconcile(&da.paifu, &db.paifu, &c.preferred());
    assert_eq!(write(&r), write(&game.paifu));
}

fn named(last: &str) -> Recorder {
    Recorder {
        name: Some(Name { last: Some(StrLit { native: Some(last.into()), roman: None }), first: None }),
        frames: FramesRecorded::All,
    }
}

#[test]
fn the_reconciled_record_credits_both_recorders() {
    let all = games();
    let (_, game) = all.iter().find(|(_, g)| g.paifu.matches[0].frames.len() >= 4).unwrap();
    let mut a = game.paifu.clone();
    let mut b = game.paifu.clone();
    a.matches[0].recorders = vec![named("田中")];
    b.matches[0].recorders = vec![named("鈴木")];
    // B recorded the last frame too; A missed it.
    let last = a.matches[0].frames.pop().unwrap();
    let (da, db) = (parse(&write(&a)).unwrap(), parse(&write(&b)).unwrap());
    let c = cmp(&da, &db);
    assert_eq!(c.differences.len(), 1, "the recorders are not a difference: {:#?}", c.differences);
    assert_eq!(c.differences[0].part, Part::Frame);
    assert!(c.differences[0].describe(false).en.ends_with("only in B"));
    let r = c.reconcile(&a, &b, &[Side::B]);
    let m = &r.matches[0];
    assert_eq!(m.frames.len(), b.matches[0].frames.len());
    let a_ids: Vec<FrameId> = a.matches[0].frames.iter().map(|f| f.id).collect();
    assert_eq!(m.recorders[0].name, named("田中").name);
    assert_eq!(m.recorders[0].frames, FramesRecorded::Only(a_ids), "A recorded all but {}", last.id);
    assert_eq!(m.recorders[1], named("鈴木"), "B recorded all of them");
    let text = write(&r);
    assert!(text.contains("rec[(snt[\"田中\"],),") && text.contains("rec[(snt[\"鈴木\"],),all]"), "{text}");
    // Keeping A's side leaves A's frames, and both recorders recorded all of those.
    let r = c.reconcile(&a, &b, &[Side::A]);
    assert_eq!(r.matches[0].recorders, vec![named("田中"), named("鈴木")]);
    // One scorer named on both sides is listed once.
    b.matches[0].recorders = vec![named("田中")];
    let r = c.reconcile(&a, &b, &[Side::B]);
    assert_eq!(r.matches[0].recorders, vec![named("田中")]);
}

#[test]
fn a_match_only_in_one_recording_and_the_pre_match_fields_are_differences() {
    let all = games();
    let (a, b) = (&all[0].1, &all[1].1);
    let mut two = a.paifu.clone();
    two.matches.push(b.paifu.matches[0].clone());
    two.matches[0].time_place.place = Some(format::Choice::Unknown("studio-2".into()));
    let d2 = parse(&write(&two)).unwrap();
    let c = cmp(a, &d2);
    let parts: Vec<Part> = c.differences.iter().map(|d| d.part).collect();
    assert_eq!(parts, vec![Part::TimePlace, Part::Match], "{:#?}", c.differences);
    assert!(c.differences[1].describe(true).en.starts_with("match 2"), "{}", c.differences[1].describe(true).en);
    assert!(c.differences[0].describe(true).en.contains("mtp["));
    let r = c.reconcile(&a.paifu, &two, &[Side::B, Side::B]);
    assert_eq!(write(&r), write(&two));
    let r = c.reconcile(&a.paifu, &two, &[Side::A, Side::A]);
    assert_eq!(write(&r), write(&a.paifu));
}

/// A frame with more than 64 differences (one recording has its acts, the other only the deal)
/// is compared, each whole side judged, without overflowing the choices.
#[test]
fn a_frame_with_more_than_64_differences_is_compared() {
    for (name, parsed) in games() {
        let a = parsed.paifu.clone();
        let Some((fi, n)) = a.matches[0]
            .frames
            .iter()
            .enumerate()
            .map(|(i, f)| (i, f.flow.as_ref().map_or(0, |x| x.acts.len())))
            .max_by_key(|x| x.1)
        else {
            continue;
        };
        if n < 70 {
            continue;
        }
        let mut b = a.clone();
        b.matches[0].frames[fi].flow.as_mut().unwrap().acts.clear();
        let c = compare::compare(Recording::record(&a), Recording::record(&b), &RuleOptions::default());
        let acts = c.differences.iter().filter(|d| d.part == Part::Act).count();
        assert_eq!(acts, n, "{name}: one difference per act");
        return;
    }
    panic!("no corpus frame has 70 acts");
}
