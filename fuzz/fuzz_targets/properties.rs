//! The properties the fuzz targets check, one function per target, each taking the fuzzer's
//! bytes. The targets call them, and `tests/library/fuzz_found.rs` runs every input the fuzzers ever
//! found wrong through them again in `cargo test`.
#![allow(dead_code)]

use std::sync::OnceLock;

use jmjp_studio::document::{Document, io};
use jmjp_studio::format::{self, Act, Dialect, Dice, Match, Paifu};
use jmjp_studio::i18n::Text;

use jmjp_studio::interop::{ConvertError, mjai, mpsz, tenhou6};
use jmjp_studio::recorder::journal::{Journal, text_of};
use jmjp_studio::recorder::script::entries_of_frame;
use jmjp_studio::recorder::{Entry, Finish, Key, LiveRecording, Step};
use jmjp_studio::recorder::{end_prefill, next_deal, session};
use jmjp_studio::scoring::{self, RuleOptions};

/// The real match the recorder and journal targets start from (a hanchan of the corpus).
const LOG: &str = include_str!("../../../shared/corpus/tenhou6/pantheon_four_wind_draw.json");

/// The real match: its first match as imported.
fn real_match() -> Match {
    match tenhou6::import(LOG) {
        Ok(p) => p.matches.into_iter().next().unwrap_or_default(),
        Err(e) => panic!("the corpus log imports: {e}"),
    }
}

/// A message for the user has its Japanese half (the interface shows it in Japanese).
pub fn assert_japanese(t: &Text) {
    let ja = t.ja != t.en && t.ja.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}'));
    assert!(ja, "no Japanese text: {t:?}");
}

/// True when the rules find no error in `p` (its acts can happen, its points add up).
pub fn rules_clean(p: &Paifu) -> bool {
    jmjp_studio::rules::check(p, None).iter().all(|d| d.severity != jmjp_studio::format::Severity::Error)
}

/// What the writer cannot say in 1.0 (draft fields) is dropped; compare without it.
pub fn without_draft_fields(mut p: Paifu) -> Paifu {
    for m in &mut p.matches {
        if let Some(r) = &mut m.point_rule {
            r.noten_total = None;
        }
        for f in &mut m.frames {
            if matches!(f.dice, Some(Dice::Total(_))) {
                f.dice = None;
            }
        }
    }
    p
}

/// `.jmjp` bytes -> parse -> structural, rules and points checks -> write -> parse: the second
/// parse gives the first record back (less the draft fields 1.0 cannot say), and writing is
/// idempotent. Every diagnostic renders and has its Japanese half.
pub fn jmjp_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let doc = match io::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    let mut diagnostics = doc.check();
    diagnostics.extend(jmjp_studio::rules::check(&doc.paifu, Some(&doc.source_map)));
    diagnostics.extend(scoring::check::check(&doc.paifu, Some(&doc.source_map), &RuleOptions::TENHOU));
    for d in &diagnostics {
        let _ = d.render(format::strip_bom(text));
        assert_japanese(&d.message);
    }
    let written = format::write(&doc.paifu);
    let again = match format::parse(&written) {
        Ok(again) => again,
        Err(e) => panic!("the written text does not parse: {e}\n{written}"),
    };
    assert_eq!(again.dialect, Dialect::V1);
    assert_eq!(again.paifu, without_draft_fields(doc.paifu.clone()), "{written}");
    assert_eq!(format::write(&again.paifu), written, "writing is not idempotent");
}

/// tenhou.net/6 JSON -> import -> export -> import: what the format carries comes back (start
/// hands, acts, start and end points, end hands), and the second export equals the first.
pub fn tenhou6(data: &[u8]) {
    log_roundtrip(data, tenhou6::import, tenhou6::export, true);
}

/// mjai log -> import -> export -> import: an exported log imports again to the same frames and
/// acts, and its export is the same text.
pub fn mjai(data: &[u8]) {
    log_roundtrip(data, mjai::import, mjai::export, false);
}

type Import = fn(&str) -> Result<Paifu, ConvertError>;
type Export = fn(&Paifu) -> Result<String, ConvertError>;

/// A log read, written as `.jmjp` and read back, exported and imported again: the same frames,
/// start hands and act counts (and with `ends`, the points and end hands); the second export
/// equals the first. Errors have their Japanese half.
fn log_roundtrip(data: &[u8], import: Import, export: Export, ends: bool) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let first = match import(text) {
        Ok(p) => p,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    // What imports can be written as .jmjp and read back.
    let jmjp = format::write(&first);
    assert_eq!(format::parse(&jmjp).map(|d| d.paifu).ok().as_ref(), Some(&first), "{jmjp}");
    let log = match export(&first) {
        Ok(log) => log,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    // A record the rules find wrong (a ron after a tsumo, a discard without a draw) says what a
    // log cannot: it must only not panic; what the export carries is compared for a record
    // without errors (the converter reports the errors).
    if !rules_clean(&first) {
        let _ = import(&log);
        return;
    }
    let second = match import(&log) {
        Ok(p) => p,
        Err(e) => panic!("an exported log does not import: {e}\n{log}"),
    };
    assert_eq!(first.matches.len(), second.matches.len());
    for (m, n) in first.matches.iter().zip(&second.matches) {
        assert_eq!(m.frames.len(), n.frames.len());
        for (f, g) in m.frames.iter().zip(&n.frames) {
            assert_eq!(f.id, g.id);
            if ends {
                assert_eq!((f.start_points, f.end_points), (g.start_points, g.end_points), "{}", f.id);
            }
            let (Some(a), Some(b)) = (&f.flow, &g.flow) else {
                assert_eq!(f.flow.is_some(), g.flow.is_some());
                continue;
            };
            assert_eq!(a.start_hands, b.start_hands, "{}", f.id);
            assert_eq!(a.acts.len(), b.acts.len(), "{}", f.id);
            if ends {
                assert_eq!(a.end_hands, b.end_hands, "{}", f.id);
            }
        }
    }
    let again = export(&second).map_err(|e| e.to_string());
    assert_eq!(again.as_deref(), Ok(log.as_str()), "the second export differs");
}

/// tenhou mjlog XML -> import: never a panic; an error and a note have their Japanese half. What
/// imports is written as `.jmjp` and read back; a record the rules find no error in goes out as
/// tenhou.net/6 and comes back with the same frames (ids, points, start and end hands, acts).
pub fn mjlog(data: &[u8]) {
    use jmjp_studio::interop::mjlog;
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = mjlog::looks_like(text);
    let (first, note) = match mjlog::import_noted(text) {
        Ok(read) => read,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    if let Some(note) = &note {
        assert_japanese(note);
    }
    let jmjp = format::write(&first);
    assert_eq!(format::parse(&jmjp).map(|d| d.paifu).ok().as_ref(), Some(&first), "{jmjp}");
    if !rules_clean(&first) {
        return;
    }
    let log = match tenhou6::export(&first) {
        Ok(log) => log,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    let second = match tenhou6::import(&log) {
        Ok(p) => p,
        Err(e) => panic!("the tenhou.net/6 log of an mjlog does not import: {e}\n{log}"),
    };
    let frames = |p: &Paifu| p.matches.iter().flat_map(|m| m.frames.clone()).collect::<Vec<_>>();
    for (f, g) in frames(&first).iter().zip(&frames(&second)) {
        assert_eq!((f.id, f.start_points, f.end_points), (g.id, g.start_points, g.end_points));
        let (a, b) = (f.flow.as_ref().map(|x| (&x.start_hands, &x.end_hands, x.acts.len())), g.flow.as_ref());
        assert_eq!(a, b.map(|x| (&x.start_hands, &x.end_hands, x.acts.len())), "{}", f.id);
    }
    assert_eq!(frames(&first).len(), frames(&second).len());
}

/// MPSZ text -> parse -> print gives the text back (less the spaces at its ends); a hand or river
/// read from it prints back as MPSZ that reads to the same tiles.
pub fn mpsz(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = match mpsz::parse(text) {
        Ok(t) => t,
        Err(e) => {
            assert_japanese(&e.message);
            return;
        }
    };
    assert_eq!(parsed.to_string(), text.trim_matches(' '));
    match parsed.hand() {
        Ok(hand) => {
            let printed = mpsz::hand_text(&hand.tiles, hand.win, &hand.melds);
            let back = mpsz::parse(&printed).and_then(|t| t.hand());
            match back {
                Ok(b) => {
                    assert_eq!(b.melds, hand.melds, "{printed}");
                    let mut x = b.tiles.clone();
                    x.extend(b.win);
                    let mut y = hand.tiles.clone();
                    y.extend(hand.win);
                    x.sort();
                    y.sort();
                    assert_eq!(x, y, "{printed}");
                }
                Err(e) => panic!("a printed hand does not read: {printed}: {}", e.text()),
            }
        }
        Err(e) => assert_japanese(&e.message),
    }
    match parsed.river() {
        Ok(river) => {
            let printed = mpsz::river_text(&river);
            let back = mpsz::parse(&printed).and_then(|t| t.river());
            assert!(back.as_ref().is_ok_and(|b| *b == river), "{printed}: {back:?}");
        }
        Err(e) => assert_japanese(&e.message),
    }
}

const CHARS: &[u8] = b"0123456789mpszx? rcpkntdaiwo";

struct Real {
    /// The entries that record each frame, deal first.
    frames: Vec<Vec<Entry>>,
    /// The document and session with the first frame dealt.
    dealt: (Document, jmjp_studio::recorder::Session),
}

thread_local! {
    static REAL: Real = {
        let m = real_match();
        let frames: Vec<Vec<Entry>> = m.frames.iter().map(entries_of_frame).collect();
        let header = Match { frames: Vec::new(), ..m };
        let mut doc = Document::new(Paifu { matches: vec![header] }, false);
        let mut rec = LiveRecording::in_memory();
        if let Some(deal) = frames.first().and_then(|f| f.first()).cloned() {
            enter(&mut rec, &mut doc, deal);
        }
        Real { frames, dealt: (doc, rec.session) }
    };
}

/// An act of the real match, picked by two bytes.
fn real_act(r: &Real, a: u8, b: u8) -> Option<Act> {
    let entries = r.frames.get(usize::from(a) % r.frames.len())?;
    entries
        .iter()
        .filter_map(|e| match e {
            Entry::Act(act) => Some(*act),
            _ => None,
        })
        .nth(usize::from(b) % 40)
}

fn enter(rec: &mut LiveRecording, doc: &mut Document, entry: Entry) {
    if rec.enter(doc, entry).is_ok() {
        let autosave = format::write(doc.paifu());
        let back = match format::parse(&autosave) {
            Ok(d) => d.paifu,
            Err(e) => panic!("the autosave text does not parse: {e}\n{autosave}"),
        };
        assert_eq!(back, without_draft_fields(doc.paifu().clone()), "{autosave}");
    }
}

/// The recorder session fed arbitrary keys on top of a real deal (the first frame of a real
/// match): keys, numbered choices, undo and redo, corrections of earlier acts, frame ends with the
/// prefilled points, the next deal. No key panics, and every document an entry makes reads back
/// from its own autosave text.
pub fn recorder_keys(data: &[u8]) {
    REAL.with(|r| keys_on_real_deal(r, data));
}

fn keys_on_real_deal(r: &Real, data: &[u8]) {
    // The real deal made once: each input starts from a copy of it.
    let mut doc = r.dealt.0.clone();
    let mut rec = LiveRecording::in_memory();
    rec.session = r.dealt.1.clone();
    let opts = RuleOptions::TENHOU;
    let mut bytes = data.iter().copied();
    while let Some(b) = bytes.next() {
        let op = usize::from(b) % 48;
        let key = match op {
            0..28 => Some(Key::Char(char::from(CHARS[op]))),
            28..42 => Some(Key::Position(op - 27)),
            42 => Some(Key::Escape),
            43 => Some(Key::Backspace),
            _ => None,
        };
        if let Some(key) = key {
            if let Ok(Some(entry)) = rec.session.key(&doc, key) {
                enter(&mut rec, &mut doc, entry);
            }
            continue;
        }
        let frames = doc.paifu().matches.last().map_or(0, |m| m.frames.len());
        let entry = match op {
            44 => Some(if b & 0x80 == 0 { Entry::Undo } else { Entry::Redo }),
            45 => match rec.session.snapshot(&doc).step.clone() {
                Step::End(kind) => end_prefill(&doc, kind, None, &[], &opts)
                    .map(|p| Entry::Finish(Box::new(Finish { ura: Vec::new(), end_points: p.points }))),
                Step::Deal => {
                    // The next deal as the recorder offers it, with the hands of a real frame.
                    let mut deal = next_deal(&doc);
                    let real = r.frames.get(frames % r.frames.len()).and_then(|f| f.first());
                    if let Some(Entry::Deal(d)) = real {
                        deal.hands = d.hands.clone();
                        deal.indicator = d.indicator;
                    }
                    Some(Entry::Deal(Box::new(deal)))
                }
                _ => None,
            },
            46 => {
                let (f, a) = (bytes.next().unwrap_or(0), bytes.next().unwrap_or(0));
                Some(Entry::Remove { frame: usize::from(f % 4), act: usize::from(a) })
            }
            _ => {
                let (f, a, c, d) = (
                    bytes.next().unwrap_or(0),
                    bytes.next().unwrap_or(0),
                    bytes.next().unwrap_or(0),
                    bytes.next().unwrap_or(0),
                );
                real_act(r, c, d).map(|to| {
                    if f & 0x80 == 0 {
                        Entry::Correct { frame: usize::from(f % 4), act: usize::from(a), to }
                    } else {
                        Entry::Insert { frame: usize::from(f % 4), act: usize::from(a), to }
                    }
                })
            }
        };
        if let Some(entry) = entry {
            enter(&mut rec, &mut doc, entry);
        }
    }
    let _ = session::snapshot_of(&doc, None);
}

fn real_journal() -> &'static (Vec<Entry>, Vec<u8>) {
    static REAL: OnceLock<(Vec<Entry>, Vec<u8>)> = OnceLock::new();
    REAL.get_or_init(|| {
        let m = real_match();
        let entries: Vec<Entry> = m.frames.iter().take(1).flat_map(entries_of_frame).collect();
        let base = Document::new(Paifu { matches: vec![Match { frames: Vec::new(), ..m }] }, false);
        let Ok(text) = text_of(&base, &entries) else { panic!("the journal is written") };
        (entries, text.into_bytes())
    })
}

/// Journal recovery. The first byte picks the input: arbitrary bytes read as a journal (never a
/// panic; what reads rebuilds a document or says why not), or a real journal (the first frames of
/// a real match, entry by entry) with bytes flipped and cut where the input says: what comes back
/// is always a prefix of the entries confirmed.
pub fn journal(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else { return };
    if mode & 1 == 0 {
        if let Ok(r) = Journal::read_bytes("fuzz.journal", rest) {
            let _ = r.document();
        }
        return;
    }
    let (entries, text) = real_journal();
    let mut bytes = text.clone();
    // Pairs of (offset, xor) flip bytes; a last lone pair of bytes, when odd, is where to cut.
    let mut it = rest.chunks_exact(3);
    for c in it.by_ref() {
        let at = usize::from(u16::from_le_bytes([c[0], c[1]])) * 7 % bytes.len();
        bytes[at] ^= c[2];
    }
    if let [a, b] = it.remainder() {
        bytes.truncate(usize::from(u16::from_le_bytes([*a, *b])) * 7 % (bytes.len() + 1));
    }
    if let Ok(r) = Journal::read_bytes("fuzz.journal", &bytes) {
        assert!(r.entries.len() <= entries.len(), "more entries than were written");
        assert_eq!(r.entries[..], entries[..r.entries.len()], "not a prefix of the confirmed entries");
    }
}
