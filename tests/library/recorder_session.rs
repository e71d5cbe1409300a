//! The recorder's session, without a window: every real game of the corpus and a set of random
//! games recorded entry by entry through `LiveRecording::enter`, producing files `check` accepts;
//! keys turned into entries as a scorer types them; undo and corrections.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use crate::common;

use common::{RECORDED_FRAME_ACTS, RECORDED_FRAME_HANDS};

use jmjp_studio::document::Document;
use jmjp_studio::format::{self, Match, Paifu, Points, Seat, Severity};
use jmjp_studio::interop::{Format, import};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::session::{self, EndKind, Step};
use jmjp_studio::recorder::{Entry, Key, LiveRecording, end_prefill, journal, next_deal};
use jmjp_studio::rules::{self, simulate::random_match};
use jmjp_studio::scoring;

fn corpus() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/tenhou6");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    assert!(out.len() >= 39, "the corpus holds {} games", out.len());
    out
}

/// Records every frame of `m` through the recorder into a match with `m`'s header, and returns
/// the recorded match.
fn record(m: &Match, name: &str) -> Match {
    let header = Match { frames: Vec::new(), ..m.clone() };
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    let mut rec = LiveRecording::in_memory();
    for (fi, f) in m.frames.iter().enumerate() {
        for (n, e) in entries_of_frame(f).into_iter().enumerate() {
            rec.enter(&mut doc, e.clone()).unwrap_or_else(|p| panic!("{name} frame {fi} entry {n} {e:?}: {p:?}"));
        }
    }
    doc.paifu().matches[0].clone()
}

fn assert_same_play(original: &Match, recorded: &Match, name: &str) {
    assert_eq!(original.frames.len(), recorded.frames.len(), "{name}");
    for (a, b) in original.frames.iter().zip(&recorded.frames) {
        assert_eq!(a.id, b.id, "{name}");
        let (fa, fb) = (a.flow.as_ref().unwrap(), b.flow.as_ref().unwrap());
        assert_eq!(fa.acts, fb.acts, "{name} {}", a.id);
        assert_eq!(a.end_points, b.end_points, "{name} {}", a.id);
        assert_eq!(a.start_points, b.start_points, "{name} {}", a.id);
    }
}

#[test]
fn every_corpus_game_records_through_the_session_into_a_file_check_accepts() {
    let mut frames = 0;
    for (name, text) in corpus() {
        let paifu = import(Format::Tenhou6, &text).unwrap();
        for m in &paifu.matches {
            let recorded = record(m, &name);
            assert_same_play(m, &recorded, &name);
            frames += recorded.frames.len();
            let file = format::write(&Paifu { matches: vec![recorded] });
            let back = format::parse(&file).unwrap();
            let errors: Vec<String> = rules::check(&back.paifu, Some(&back.source_map))
                .into_iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| d.render(&file))
                .collect();
            assert!(errors.is_empty(), "{name}: {errors:#?}");
        }
    }
    assert!(frames >= 150, "{frames} frames recorded");
}

#[test]
fn random_games_record_through_the_session_without_errors() {
    for seed in 0..40 {
        let m = random_match(seed, 8);
        let recorded = record(&m, &format!("seed {seed}"));
        assert_same_play(&m, &recorded, &format!("seed {seed}"));
        let errors: Vec<_> = rules::check(&Paifu { matches: vec![recorded] }, None)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "seed {seed}: {errors:#?}");
    }
}

/// A fresh match and a recorder on it.
fn fresh() -> (Document, LiveRecording) {
    let players = (0..4).map(|id| format::Player { id, ..Default::default() }).collect();
    let m = Match { players, ..Match::default() };
    (Document::new(Paifu { matches: vec![m] }, false), LiveRecording::in_memory())
}

fn deal(doc: &mut Document, rec: &mut LiveRecording, hands: [&str; 4], indicator: &str) {
    let mut d = next_deal(doc);
    d.hands =
        hands.map(|h| jmjp_studio::interop::mpsz::parse(h).unwrap().tiles().into_iter().map(|(t, _)| t).collect());
    d.indicator = format::Tile::from_code(indicator.as_bytes()).unwrap();
    rec.enter(doc, Entry::Deal(Box::new(d))).unwrap();
}

/// Types `keys` (one char each; `!n` is Shift+digit n) and makes every entry they produce.
fn keys(doc: &mut Document, rec: &mut LiveRecording, keys: &str) {
    let mut it = keys.chars().peekable();
    while let Some(c) = it.next() {
        let key =
            if c == '!' { Key::Position(it.next().unwrap().to_digit(10).unwrap() as usize) } else { Key::Char(c) };
        match rec.session.key(doc, key) {
            Ok(Some(e)) => {
                rec.enter(doc, e).unwrap();
            }
            Ok(None) => {}
            Err(p) => panic!("key {c:?}: {p:?}"),
        }
    }
}

fn last_acts(doc: &Document, n: usize) -> Vec<String> {
    let f = doc.paifu().matches[0].frames.last().unwrap();
    let acts = &f.flow.as_ref().unwrap().acts;
    acts[acts.len().saturating_sub(n)..].iter().map(format::act_text).collect()
}

const HANDS: [&str; 4] = ["123m456p789s1122z", "666m345p567s9p999s", "11p23m456m789p22s3s", "13579m13579p135s"];

#[test]
fn an_ordinary_turn_is_three_keys_and_the_seat_is_never_named() {
    let (mut doc, mut rec) = fresh();
    deal(&mut doc, &mut rec, HANDS, "1m");
    assert_eq!(rec.session.snapshot(&doc).step, Step::Draw { seat: Seat::East, calls: vec![] });
    // E draws 5m and discards it as tsumogiri; S draws 6z and discards its first tile by position.
    keys(&mut doc, &mut rec, "5m 6z!1");
    assert_eq!(last_acts(&doc, 2), ["(e,5m,tg)", "(s,6z,6m)"].map(|s| s.replace("6z", "gd")));
    // W draws, declares riichi discarding 3s; tiles may be typed in any seat's turn without naming it.
    keys(&mut doc, &mut rec, "7sr3s");
    assert_eq!(last_acts(&doc, 1), ["(w,7s,rc[3s])"]);
}

#[test]
fn calls_go_to_the_seat_that_can_make_them() {
    let (mut doc, mut rec) = fresh();
    deal(&mut doc, &mut rec, HANDS, "1m");
    // E draws 9m and discards it: only N holds a 9m, so nobody can pon.
    keys(&mut doc, &mut rec, "9m9m");
    assert!(matches!(rec.session.key(&doc, Key::Char('p')), Err(session::KeyProblem::NoCall(_))));
    // S draws 1m and discards it; W draws and discards white; N draws 1p and discards it.
    keys(&mut doc, &mut rec, "1m1m5z5z1p1p");
    // Only W holds 1p1p: the pon key makes W's pon at once, without naming W.
    keys(&mut doc, &mut rec, "p");
    assert_eq!(last_acts(&doc, 1), ["(w,pn[1p1p],)"]);
    // W discards 2s; N (next) can chi it with 1s3s.
    keys(&mut doc, &mut rec, "2sc");
    assert_eq!(last_acts(&doc, 2), ["(w,pn[1p1p],2s)", "(n,ch[1s3s],)"]);
    keys(&mut doc, &mut rec, "9p2m");
    assert_eq!(rec.session.snapshot(&doc).step, Step::Discard { seat: Seat::East });
    assert_eq!(rec.session.snapshot(&doc).errors, 0);
}

#[test]
fn a_choice_opens_when_several_seats_can_ron_and_both_may() {
    let (mut doc, mut rec) = fresh();
    // S and W both wait on 3p (S: 12p, W: 45p... W waits 3p6p); E discards 3p.
    deal(
        &mut doc,
        &mut rec,
        ["123m456m789m1z2z3z4z", "12p456p789p11s789s", "45p123s456s789s11m", "19m19p19s1234567z"],
        "5s",
    );
    keys(&mut doc, &mut rec, "5z3p");
    let step = rec.session.snapshot(&doc).step.clone();
    assert!(matches!(step, Step::Draw { .. }));
    keys(&mut doc, &mut rec, "n");
    assert_eq!(rec.session.choices.len(), 2, "S or W");
    keys(&mut doc, &mut rec, "1");
    assert_eq!(last_acts(&doc, 1), ["(s,ro,)"]);
    assert_eq!(rec.session.snapshot(&doc).step, Step::MoreRon { seats: vec![Seat::West] });
    keys(&mut doc, &mut rec, "n");
    assert_eq!(last_acts(&doc, 2), ["(s,ro,)", "(w,ro,)"]);
    assert_eq!(rec.session.snapshot(&doc).step, Step::End(EndKind::Win));
}

#[test]
fn undo_takes_back_one_entry_and_redo_makes_it_again() {
    let (mut doc, mut rec) = fresh();
    deal(&mut doc, &mut rec, HANDS, "1m");
    keys(&mut doc, &mut rec, "5m ");
    assert_eq!(last_acts(&doc, 1), ["(e,5m,tg)"]);
    rec.enter(&mut doc, Entry::Undo).unwrap();
    assert_eq!(last_acts(&doc, 1), ["(e,5m,)"]);
    assert_eq!(rec.session.snapshot(&doc).step, Step::Discard { seat: Seat::East });
    rec.enter(&mut doc, Entry::Undo).unwrap();
    rec.enter(&mut doc, Entry::Undo).unwrap();
    assert!(doc.paifu().matches[0].frames.is_empty(), "the deal is undone too");
    rec.enter(&mut doc, Entry::Redo).unwrap();
    rec.enter(&mut doc, Entry::Redo).unwrap();
    rec.enter(&mut doc, Entry::Redo).unwrap();
    assert_eq!(last_acts(&doc, 1), ["(e,5m,tg)"]);
    let again = Entry::Deal(Box::new(next_deal(&doc)));
    assert!(rec.enter(&mut doc, again).is_err(), "no second deal while a frame is being recorded");
    assert!(rec.enter(&mut doc, Entry::Redo).is_err());
}

#[test]
fn correcting_an_earlier_act_revalidates_everything_after_it() {
    let (mut doc, mut rec) = fresh();
    deal(&mut doc, &mut rec, HANDS, "1m");
    // E draws 5m and discards 1z, which E does not... E holds 1122z: discard 3z is wrong.
    keys(&mut doc, &mut rec, "5m3z");
    let snap = rec.session.snapshot(&doc).clone();
    let found = doc.analysis().diagnostics().to_vec();
    assert_eq!(snap.errors, 1, "{found:?}");
    assert!(found[0].message.contains("act 1"), "{}", found[0].message);
    let to = format::parse_act("(e,5m,ew)").unwrap();
    rec.enter(&mut doc, Entry::Correct { frame: 0, act: 0, to }).unwrap();
    assert_eq!(rec.session.snapshot(&doc).errors, 0);
    assert_eq!(last_acts(&doc, 1), ["(e,5m,ew)"]);
}

#[test]
fn an_exhaustive_draw_prefills_the_no_ten_payments_and_the_next_deal_follows() {
    let m = random_match(3, 20);
    let f = m
        .frames
        .iter()
        .find(|f| {
            let t = rules::Table::replay(f, usize::MAX).unwrap();
            t.end() == rules::FrameEnd::Exhaustive
        })
        .expect("a random match with an exhaustive draw");
    let (mut doc, mut rec) = fresh();
    let entries = entries_of_frame(f);
    let n = entries.len() - 1;
    for e in entries.into_iter().take(n) {
        rec.enter(&mut doc, e).unwrap();
    }
    assert_eq!(rec.session.snapshot(&doc).step, Step::End(EndKind::Exhaustive));
    let pre = end_prefill(&doc, EndKind::Exhaustive, None, &[], &Default::default()).unwrap();
    assert_eq!(Some(pre.points), f.end_points, "the random games pay no-ten the standard way");
    let fin = jmjp_studio::recorder::Finish { ura: vec![], end_points: pre.points };
    rec.enter(&mut doc, Entry::Finish(Box::new(fin))).unwrap();
    assert_eq!(rec.session.snapshot(&doc).step, Step::Deal);
    let next = next_deal(&doc);
    let i = m.frames.iter().position(|x| x == f).unwrap();
    if let Some(after) = m.frames.get(i + 1) {
        assert_eq!(next.id, after.id);
        assert_eq!(Some(next.kyoutaku), after.kyoutaku.or(Some(Points(0))));
        assert_eq!(next.start_points, after.start_points);
    }
}

#[test]
fn a_journal_rebuilds_the_document_entry_for_entry() {
    let dir = std::env::temp_dir().join(format!("jmjp-rec-journal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.jmjp");
    let m = random_match(11, 3);
    let header = Match { frames: Vec::new(), ..m.clone() };
    let mut doc = Document::new(Paifu { matches: vec![header] }, false);
    let mut rec = LiveRecording::start(&doc, &path).unwrap();
    for f in &m.frames {
        for e in entries_of_frame(f) {
            rec.enter(&mut doc, e).unwrap();
        }
    }
    rec.enter(&mut doc, Entry::Undo).unwrap();
    let back = journal::Journal::read(&jmjp_studio::document::io::journal_path(&path)).unwrap();
    let (rebuilt, refused) = back.document().unwrap();
    assert_eq!(refused, 0);
    assert_eq!(rebuilt.paifu(), doc.paifu());
    // The file on disk is the last error-free state: here, everything but the undone entry... or
    // with it, since undo leaves no errors: the file equals the document.
    let on_disk = format::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(&on_disk.paifu, doc.paifu());
    assert!(jmjp_studio::recorder::recoverable(&path).is_none(), "the file holds everything");
    // Windows removes no folder while a file in it is open (the journal, the lock).
    drop(rec);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The keys that record the shared frame (tests/common) after its deal.
const FRAME_KEYS: &str = "1mk2zi3p 5p p8mc1p3z 6zr6z7z9sn";

#[test]
fn a_whole_frame_records_from_the_keyboard() {
    let (mut doc, mut rec) = fresh();
    deal(&mut doc, &mut rec, RECORDED_FRAME_HANDS, "9p");
    keys(&mut doc, &mut rec, FRAME_KEYS);
    assert_eq!(last_acts(&doc, 9), RECORDED_FRAME_ACTS);
    let snap = rec.session.snapshot(&doc).clone();
    assert_eq!(snap.step, Step::End(EndKind::Win));
    assert_eq!(snap.errors, 0, "{:?}", doc.analysis().diagnostics());
    let pre = end_prefill(&doc, EndKind::Win, None, &[], &Default::default()).unwrap();
    assert!(pre.wants_ura);
    // Riichi, ippatsu (W's discard straight after) and pinfu: 3 han 30 fu, 3900 from W; S paid
    // its stick and took it back.
    let Some(scoring::Settlement::Wins(w)) = &pre.result else { panic!("{:?}", pre.result) };
    let yaku: Vec<_> = w[0].value.yaku.iter().map(|y| y.0).collect();
    assert_eq!(yaku, [scoring::Yaku::Riichi, scoring::Yaku::Ippatsu, scoring::Yaku::Pinfu]);
    assert_eq!(pre.points, [Points(250), Points(289), Points(211), Points(250)]);
    // An ura indicator that shows a tile of S's hand (3s shows 4s) adds a han: 4 han 30 fu,
    // rounded up to a mangan (8000) under the M League rules.
    let ura = [format::Tile::from_code(b"3s").unwrap()];
    let pre = end_prefill(&doc, EndKind::Win, None, &ura, &Default::default()).unwrap();
    assert_eq!(pre.points, [Points(250), Points(330), Points(170), Points(250)]);
}

#[test]
fn the_incremental_check_finds_what_the_full_check_finds() {
    let key = |d: &jmjp_studio::format::Diagnostic| format!("{:?}{:?}{}", d.severity, d.place, d.message);
    let mut inc = rules::Incremental::default();
    for seed in 0..12 {
        let mut p = Paifu { matches: vec![random_match(seed, 4)] };
        // Damage one act and one start hand, so there is something to find.
        if let Some(flow) = p.matches[0].frames[0].flow.as_mut() {
            flow.acts[3].discard = Some(format::Discard::Tile(format::Tile::from_code(b"rd").unwrap()));
            flow.start_hands[1].hand.tiles.pop();
        }
        let mut full: Vec<String> = rules::check(&p, None).iter().map(key).collect();
        let mut quick: Vec<String> = inc.check(&p).iter().map(key).collect();
        full.sort();
        quick.sort();
        assert!(!full.is_empty());
        assert_eq!(full, quick, "seed {seed}");
    }
}
