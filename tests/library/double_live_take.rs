//! Two desks on loopback, each following the other: A running ahead is not a difference; a
//! discard corrected at A shows at B (the same place, the values swapped) and is taken with one
//! entry; both desks taking each other's value at once is said, not swapped back and forth, and
//! settled by one desk keeping and the other taking.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use jmjp_studio::document::Document;
use jmjp_studio::double_entry::follow::{Follow, Followed};
use jmjp_studio::format::{Match, Paifu};
use jmjp_studio::recorder::Entry;
use jmjp_studio::recorder::script::entries_of_frame;

use crate::desks;

use desks::{Station, follow, settled};

/// The match of the corpus's log `name` and the entries that record it.
fn corpus(name: &str) -> (Match, Vec<Entry>) {
    let m = desks::corpus(name);
    let entries = m.frames.iter().flat_map(entries_of_frame).collect();
    (m, entries)
}

/// What `f` shows once `what` holds (at the deadline, what it shows then).
fn wait(f: &Follow, what: impl Fn(&Followed) -> bool) -> std::sync::Arc<Followed> {
    desks::wait_for(f, what).unwrap_or_else(|now| now)
}

#[test]
fn a_wrong_discard_at_a_shows_at_b() {
    let (m, entries) = corpus("pantheon_usual.json");
    let mut a = Station::new("A", &m, "Scorer A");
    let mut b = Station::new("B", &m, "Scorer B");
    let follow = follow(&b, &a);
    let n = 60;
    for e in &entries[..n] {
        a.enter(e.clone());
        b.enter(e.clone());
    }
    let f = settled(&follow, &b, &a).unwrap();
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    // A alone goes on: B is behind, nothing differs.
    for e in &entries[n..n + 5] {
        a.enter(e.clone());
    }
    let f = settled(&follow, &b, &a).unwrap();
    assert_eq!(f.live.behind, jmjp_studio::compare::live::Behind { mine: 2, theirs: 0 }, "two acts and a draw behind");
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    // B catches up.
    for e in &entries[n..n + 5] {
        b.enter(e.clone());
    }
    let f = settled(&follow, &b, &a).unwrap();
    assert_eq!(f.live.behind, jmjp_studio::compare::live::Behind::default());
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
    a.enter(Entry::Correct { frame, act: k, to });
    let f = wait(&follow, |f| !f.live.differences.is_empty());
    assert_eq!(f.live.differences.len(), 1, "{:?}", f.live.differences);
    let d = &f.live.differences[0];
    assert!(d.place().en.starts_with("E1-0 act "), "{}", d.place().en);
    assert!(d.mine().en.ends_with(",tg)") != d.theirs().en.ends_with(",tg)"), "{:?}", d.mark);
    // B takes A's value: both the same.
    let m = jmjp_studio::compare::live::take(b.doc.paifu(), f.theirs.as_deref().unwrap(), &d.mark).unwrap();
    let text = jmjp_studio::format::write(&Paifu { matches: vec![m] });
    b.enter(Entry::Take { text });
    let f = wait(&follow, |f| f.live.differences.is_empty());
    assert!(f.live.differences.is_empty(), "{:?}", f.live.differences);
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames);
}

#[test]
fn both_desks_taking_at_once_is_said_and_settled_by_one_keeping() {
    use jmjp_studio::double_entry::live::DoubleEntry;
    let (m, entries) = corpus("pantheon_usual.json");
    let (mut a, mut b) = (Station::new("A", &m, "Scorer A"), Station::new("B", &m, "Scorer B"));
    let (follow_a, follow_b) = (follow(&a, &b), follow(&b, &a));
    for e in &entries[..40] {
        a.enter(e.clone());
        b.enter(e.clone());
    }
    // B records act 5's discard as a tsumogiri, A as it was.
    let mut to = b.doc.paifu().matches[0].frames[0].flow.as_ref().unwrap().acts[4];
    let was = to;
    to.discard = Some(jmjp_studio::format::Discard::Tsumogiri);
    assert_ne!(to, was, "the corpus act is not a tsumogiri");
    b.enter(Entry::Correct { frame: 0, act: 4, to });
    let (mut da, mut db) = (DoubleEntry::new("desk B", ""), DoubleEntry::new("desk A", ""));
    da.update(wait(&follow_a, |f| f.live.differences.len() == 1));
    db.update(wait(&follow_b, |f| f.live.differences.len() == 1));
    // Both take the other's value before either sees the other's take.
    let (ta, tb) = (da.take(&a.doc).unwrap(), db.take(&b.doc).unwrap());
    a.enter(ta);
    b.enter(tb);
    let swapped = |f: &Followed| {
        f.live.differences.first().is_some_and(|d| d.mark.mine.as_deref().is_some_and(|m| m.ends_with(",tg)")))
    };
    da.update(wait(&follow_a, swapped));
    let shown = da.shown(&a.doc, jmjp_studio::i18n::Lang::En);
    assert_eq!(shown.rows.len(), 1, "{shown:?}");
    assert!(shown.rows[0].crossed, "the crossing is said: {shown:?}");
    // They agree A's first value was right: B (which now has it) keeps, A takes it back.
    db.update(wait(&follow_b, |f| f.live.differences.len() == 1));
    let keep = db.keep(&b.doc).unwrap();
    b.enter(keep);
    assert_eq!(db.shown(&b.doc, jmjp_studio::i18n::Lang::En).open(), 0, "kept: B's list is empty");
    let take = da.take(&a.doc).unwrap();
    a.enter(take);
    assert_eq!(a.doc.paifu().matches[0].frames[0].flow.as_ref().unwrap().acts[4], was);
    assert_eq!(a.doc.paifu().matches[0].frames, b.doc.paifu().matches[0].frames, "both records the same");
    let f = wait(&follow_a, |f| f.live.differences.is_empty());
    assert!(f.live.differences.is_empty());
}

#[test]
fn a_kept_difference_is_not_forgotten_when_the_file_is_recorded_again() {
    use jmjp_studio::compare::live::Mark;
    use jmjp_studio::recorder::screen::RecorderScreen;
    let dir = std::env::temp_dir().join(format!("jmjp-double-kept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("match.jmjp");
    let (m, entries) = corpus("pantheon_usual.json");
    let mut doc = Document::new(Paifu { matches: vec![desks::header(&m, "Scorer A")] }, false);
    jmjp_studio::document::io::save(&mut doc, &file, true).unwrap();
    let mut rec = RecorderScreen::start(&mut doc, &dir).unwrap();
    for e in &entries[..10] {
        assert!(rec.enter(&mut doc, e.clone()));
    }
    let mark = Mark {
        frame: "E1-0".into(),
        part: "act".into(),
        act: Some(3),
        mine: Some("(n,1m,tg)".into()),
        theirs: Some("(n,1m,kg)".into()),
    };
    assert!(rec.enter(&mut doc, Entry::Check(mark.clone())));
    // A clean end: the journal goes, what was kept stays beside the file.
    rec.finish(&doc).unwrap();
    assert!(!jmjp_studio::document::io::journal_path(&file).exists());
    let beside = std::fs::read_to_string(jmjp_studio::double_entry::live::checked_path(&file)).unwrap();
    assert!(beside.contains("(n,1m,kg)"), "{beside}");
    // The program started again on the file: the mark is kept, and goes on into the new journal.
    let mut again = jmjp_studio::recorder::open::open(&file).unwrap().into_loaded().unwrap();
    let mut doc = Document::new(std::mem::take(&mut again.parsed.paifu), true);
    doc.keep_at(jmjp_studio::document::Disk { path: file.clone(), stamp: None });
    let rec = RecorderScreen::start(&mut doc, &dir).unwrap();
    assert_eq!(doc.checked(), std::slice::from_ref(&mark));
    let journal = std::fs::read_to_string(jmjp_studio::document::io::journal_path(&file)).unwrap();
    assert!(journal.contains("(n,1m,kg)"), "the new journal keeps it: {journal}");
    drop(rec);
    // A file beside it that is not a list of marks keeps nothing: it is set aside, its bytes
    // kept, and the recorder is told where it stops reading, in both languages.
    let checked = jmjp_studio::double_entry::live::checked_path(&file);
    std::fs::write(&checked, "\u{feff}not json").unwrap();
    let mut fresh = Document::new(Paifu::default(), true);
    let said = jmjp_studio::double_entry::live::keep_checked(&mut fresh, &file);
    assert_eq!(fresh.checked(), [mark], "only what the journal holds");
    let said = said.expect("the damaged file is told");
    let aside = dir.join("match.jmjp.checked.damaged");
    assert!(said.en.contains(&checked.display().to_string()) && said.en.contains("line 1, column 2"), "{}", said.en);
    assert!(said.en.contains(&aside.display().to_string()), "{}", said.en);
    assert!(said.ja.contains("が壊れています") && said.ja.contains("確認済みの差異"), "{}", said.ja);
    assert_eq!(std::fs::read(&aside).unwrap(), "\u{feff}not json".as_bytes());
    assert!(!checked.exists());
}
